//! Slitherlink solved as an integer program (the Slitherlink IP seed), with its own formats,
//! checker and renderings.
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
//! use zlink_ip_puzzles::slitherlink::Slitherlink;
//! let p = Slitherlink::parse_plain("3.\n..", "inline").unwrap();
//! assert_eq!((p.rows(), p.cols(), p.clue(0, 0)), (2, 2, Some(3)));
//! ```

pub mod kind;
pub mod model;
pub mod parse;
pub mod render;
pub mod rules;
pub mod verify;
pub mod zdd;

pub use model::SlitherOptions;
pub use zlink_link::slitherlink::LoopEdges;

use zlink_grid::{Coord, Grid};

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
