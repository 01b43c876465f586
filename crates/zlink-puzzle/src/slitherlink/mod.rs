//! Slitherlink: the definition. This file holds the clue grid ([`Slitherlink`]) and the
//! [`Puzzle`] implementation; the answer is a set of cell sides ([`LoopEdges`] of [`edges`]),
//! [`parse`] reads puzz.link `slither` URLs, Tatham Loopy square-grid ids, Janko blocks and
//! plain grids, [`verify`] is the independent checker, [`render`] draws loops as text and SVG,
//! and [`rules`] holds the seed's four starting rules (sides every solution has, or has not).
//! The engines (the ZDD engine, the integer program) live in `zlink_engines::slitherlink`.
//!
//! Rules: draw one closed loop along grid edges, never touching or crossing itself, so that every
//! numbered cell has exactly that many of its four sides on the loop.
//!
//! ```
//! use zlink_puzzle::slitherlink::Slitherlink;
//! let p = Slitherlink::parse_plain("3.\n..", "inline").unwrap();
//! assert_eq!((p.rows(), p.cols(), p.clue(0, 0)), (2, 2, Some(3)));
//! ```

pub mod edges;
pub mod parse;
pub mod render;
pub mod rules;
pub mod verify;

pub use edges::{LoopEdge, LoopEdges};

use crate::{Coord, Grid, ParseError, Puzzle, Violation};

/// The input formats, for `--help`.
pub const FORMATS: &str =
    "puzz.link slither URLs, Tatham Loopy square ids (t0), Janko blocks, plain grids (. 0-4) \
     (one id or URL per line allowed)";

/// Largest clue on a square grid.
pub const MAX_CLUE: u8 = 4;

/// A Slitherlink instance: a `rows × cols` grid of optional clues 0–4.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slitherlink {
    clues: Grid<Option<u8>>,
}

/// A Slitherlink answer: the set of loop edges, in the layout shared with the ZDD engine
/// ([`LoopEdges`]; `h` the top sides, `v` the left sides of the cells).
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
        crate::list::one_per_line_or_whole(text, source, Slitherlink::parse_any)
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

    const FORMATS_OUT: &'static [&'static str] = &["url", "janko", "tatham"];

    fn write(&self, format: &str) -> Option<String> {
        match format {
            "url" => Some(self.to_url() + "\n"),
            "janko" => Some(self.to_janko()),
            "tatham" => Some(self.to_tatham() + "\n"),
            _ => None,
        }
    }

    /// `loop`: the region `generate slitherlink --loop` reads (`x` inside, `.` outside, one
    /// character a cell); `janko`: Janko's solution block (`rows cols`, then `x` inside and
    /// `-` outside, space-separated).
    const SOLUTION_FORMATS_OUT: &'static [&'static str] = &["loop", "janko"];

    fn write_solution(&self, solution: &Loop, format: &str) -> Option<String> {
        let inside = solution.inside();
        let row = |r: usize, yes: &str, no: &str, sep: &str| {
            (0..self.cols())
                .map(|c| if inside[Coord::new(r, c)] { yes } else { no })
                .collect::<Vec<_>>()
                .join(sep)
        };
        let (head, yes, no, sep) = match format {
            "loop" => (String::new(), "x", ".", ""),
            "janko" => (format!("{} {}\n", self.rows(), self.cols()), "x", "-", " "),
            _ => return None,
        };
        let mut s = head;
        for r in 0..self.rows() {
            s.push_str(&row(r, yes, no, sep));
            s.push('\n');
        }
        Some(s)
    }

    fn describe(&self) -> String {
        let clues = self.clues().cells().iter().filter(|c| c.is_some()).count();
        format!("{}×{} Slitherlink, {clues} clues", self.rows(), self.cols())
    }
}
