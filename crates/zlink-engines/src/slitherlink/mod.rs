//! Slitherlink: the definition (this file, with the formats of [`parse`], the independent
//! checker [`verify`] and the renderings of [`render`]) and two engines: the ZDD engine
//! ([`zdd`], the default: all solutions, counted exactly) and the seed's integer program
//! ([`ip`] over the model of [`model`]).
//!
//! Rules: draw one closed loop along grid edges, never touching or crossing itself, so that every
//! numbered cell has exactly that many of its four sides on the loop.
//!
//! [`parse`] reads puzz.link `slither` URLs, Tatham Loopy square-grid ids, Janko blocks and plain
//! grids; [`model`] is the seed's arc model (demand, net flow, one-way, one-in, one-out) with
//! iterative subtour elimination and the four starting-rule cut families; [`verify`] is the
//! independent checker; [`render`] draws loops as text and SVG.
//!
//! ```
//! use zlink_engines::slitherlink::Slitherlink;
//! let p = Slitherlink::parse_plain("3.\n..", "inline").unwrap();
//! assert_eq!((p.rows(), p.cols(), p.clue(0, 0)), (2, 2, Some(3)));
//! ```

pub mod ip;
pub mod model;
pub mod parse;
pub mod render;
pub mod rules;
pub mod verify;
pub mod zdd;

pub use model::SlitherOptions;
pub use zlink_link::slitherlink::LoopEdges;

use zlink_puzzle::{Coord, Grid, Kind, ParseError, Puzzle, Violation};

pub use ip::IpEngine;
pub use zdd::ZddEngine;

/// The registry row of Slitherlink: the ZDD engine first (the default), then the IP.
pub static KIND: Kind<Slitherlink> = Kind::new(
    "slitherlink",
    &["slither"],
    "Slitherlink: one loop through the dots, numbered cells count its sides",
    "puzz.link slither URLs, Tatham Loopy square ids (t0), Janko blocks, plain grids (. 0-4) \
     (one id or URL per line allowed)",
    &[&ZddEngine, &IpEngine],
);

/// Largest clue on a square grid.
pub const MAX_CLUE: u8 = 4;

/// A Slitherlink instance: a `rows × cols` grid of optional clues 0–4.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slitherlink {
    clues: Grid<Option<u8>>,
}

/// A Slitherlink answer: the set of loop edges, in the layout shared with the ZDD engine
/// ([`LoopEdges`] of `zlink-link`; `h` the top sides, `v` the left sides of the cells).
pub type Loop = LoopEdges;

impl Slitherlink {
    /// An instance from its clue grid.
    pub fn new(clues: Grid<Option<u8>>) -> Self {
        Self { clues }
    }
    /// Number of cell rows.
    pub fn rows(&self) -> usize {
        self.clues.rows()
    }
    /// Number of cell columns.
    pub fn cols(&self) -> usize {
        self.clues.cols()
    }
    /// The clue of cell `(r, c)`.
    pub fn clue(&self, r: usize, c: usize) -> Option<u8> {
        self.clues[Coord::new(r, c)]
    }
    /// The clue grid.
    pub fn clues(&self) -> &Grid<Option<u8>> {
        &self.clues
    }
}

impl Puzzle for Slitherlink {
    type Solution = Loop;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        crate::one_per_line_or_whole(text, source, Slitherlink::parse_any)
    }

    fn verify(&self, solution: &Loop) -> Result<(), Violation> {
        verify::verify(self, solution)
    }

    fn render_text(&self, solution: Option<&Loop>) -> String {
        match solution {
            Some(l) => render::text(self, Some(l)),
            None => render::plain(self),
        }
    }

    fn render_svg(&self, solution: Option<&Loop>) -> String {
        render::svg(self, solution)
    }

    fn describe(&self) -> String {
        let clues = self.clues().cells().iter().filter(|c| c.is_some()).count();
        format!("{}×{} Slitherlink, {clues} clues", self.rows(), self.cols())
    }
}
