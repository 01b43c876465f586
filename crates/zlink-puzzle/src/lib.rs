//! What every puzzle shares: the puzzle and engine traits, grids, text/URL codecs, SVG.
//!
//! A puzzle kind implements [`Puzzle`] once (what it is: parse, verify, render) and has one or
//! more [`Engine`]s (how it is solved: solve and count, with typed settings). Its [`Kind`] row
//! (names, formats, engines) in one registry lets the CLI dispatch `zlink solve|count --kind K
//! [--engine E]` through the object-safe [`PuzzleKind`] and [`Instance`] faces without knowing
//! any puzzle. Counts are exact big integers ([`Counted`]).
//!
//! ```
//! use zlink_puzzle::{Grid, ParseError};
//! let g = Grid::new(2, 3, 0u8);
//! assert_eq!((g.rows(), g.cols(), g.len()), (2, 3, 6));
//! let e = ParseError::new("in.txt", 3, 7, "expected a digit");
//! assert_eq!(e.to_string(), "in.txt:3:7: expected a digit");
//! ```

pub mod battleship;
pub mod circuit;
pub mod detect;
pub mod engine;
pub mod error;
pub mod generate;
pub mod grid;
pub mod hashi;
pub mod input_size;
pub mod janko;
pub mod kind;
pub mod list;
pub mod numberlink;
pub mod palette;
pub mod puzzle;
pub mod pzprjs;
pub mod slitherlink;
pub mod sudoku;
pub mod svg;
pub mod tatham;
pub mod text;
pub mod unavoidable;
pub mod zebra;

pub use engine::{Engine, Settings, SettingsReader};
pub use error::{Cause, ParseError, SolveError, Violation};
pub use generate::{Difficulty, Generated, Generator};
pub use grid::{Coord, Grid};
pub use kind::{
    find_kind, solution_format_error, AnySolution, EngineInfo, Instance, Kind, Labeled, PuzzleKind,
};
pub use num_bigint::BigUint;
pub use puzzle::{
    check_draws, Counted, Puzzle, Sampled, SolveOptions, SolveStats, Solved, StatsTable,
};
pub use zlink_base::{Limits, ProgressHook, Report, Stopped};
