//! What every puzzle shares: the puzzle trait, grids, text/URL codecs, SVG rendering.
//!
//! Every puzzle kind of zlink, whether its solutions come from a ZDD or from an integer program,
//! implements the typed [`Puzzle`] trait once. A blanket implementation turns it into the
//! object-safe [`Instance`] façade, and a [`PuzzleKind`] row (name, aliases, formats, loader) in
//! one registry lets the CLI dispatch `zlink solve|count --kind K` without knowing any puzzle.
//!
//! ```
//! use zlink_grid::{Grid, ParseError};
//! let g = Grid::new(2, 3, 0u8);
//! assert_eq!((g.rows(), g.cols(), g.len()), (2, 3, 6));
//! let e = ParseError::new("in.txt", 3, 7, "expected a digit");
//! assert_eq!(e.to_string(), "in.txt:3:7: expected a digit");
//! ```

pub mod error;
pub mod grid;
pub mod janko;
pub mod numberlink;
pub mod puzzle;
pub mod pzprjs;
pub mod svg;
pub mod text;

pub use error::{ParseError, SolveError, Violation};
pub use grid::{Coord, Grid};
pub use puzzle::{
    find_kind, find_kind_engine, AnySolution, Counted, Instance, Labeled, Puzzle, PuzzleKind,
    SolveOptions, SolveStats, Solved,
};
