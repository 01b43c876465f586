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

use zlink_grid::{Coord, Grid};

/// Largest clue on a square grid.
pub const MAX_CLUE: u8 = 4;

/// A Slitherlink instance: a `rows × cols` grid of optional clues 0–4.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slitherlink {
    clues: Grid<Option<u8>>,
}

/// A set of loop edges: `h` holds the `(rows + 1) × cols` horizontal edges (edge `(r, c)` is the
/// top side of cell `(r, c)`), `v` the `rows × (cols + 1)` vertical ones (the left side).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Loop {
    /// Horizontal edges, `(rows + 1) × cols`.
    pub h: Grid<bool>,
    /// Vertical edges, `rows × (cols + 1)`.
    pub v: Grid<bool>,
}

impl Loop {
    /// No edges, for a `rows × cols` puzzle.
    pub fn empty(rows: usize, cols: usize) -> Self {
        Self {
            h: Grid::new(rows + 1, cols, false),
            v: Grid::new(rows, cols + 1, false),
        }
    }
    /// The boundary of a region: an edge is on it when exactly one side is inside (outside the
    /// grid counts as outside). Janko solutions give loops this way.
    pub fn from_inside(inside: &Grid<bool>) -> Self {
        let (rows, cols) = (inside.rows(), inside.cols());
        let at = |r: isize, c: isize| {
            r >= 0
                && c >= 0
                && (r as usize) < rows
                && (c as usize) < cols
                && inside[Coord::new(r as usize, c as usize)]
        };
        let mut l = Self::empty(rows, cols);
        for r in 0..=rows {
            for c in 0..cols {
                l.h[Coord::new(r, c)] =
                    at(r as isize - 1, c as isize) != at(r as isize, c as isize);
            }
        }
        for r in 0..rows {
            for c in 0..=cols {
                l.v[Coord::new(r, c)] =
                    at(r as isize, c as isize - 1) != at(r as isize, c as isize);
            }
        }
        l
    }
    /// Number of loop edges.
    pub fn len(&self) -> usize {
        self.h
            .cells()
            .iter()
            .chain(self.v.cells())
            .filter(|&&e| e)
            .count()
    }
    /// Whether the loop has no edge.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// How many sides of cell `(r, c)` are on the loop.
    pub fn sides(&self, r: usize, c: usize) -> u8 {
        u8::from(self.h[Coord::new(r, c)])
            + u8::from(self.h[Coord::new(r + 1, c)])
            + u8::from(self.v[Coord::new(r, c)])
            + u8::from(self.v[Coord::new(r, c + 1)])
    }
}

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
