//! Sudoku's registry row and engines: exact propagation and branching ([`exact`], the
//! default: fast solve and exact counts) and the set-partitioning integer program ([`ip`],
//! `--engine ip`, counts by no-good cuts). The puzzle itself (givens, formats, the rule
//! checker, pictures) is defined in [`zlink_puzzle::sudoku`], re-exported here.
//!
//! ```
//! use zlink_puzzle::{Puzzle, SolveOptions};
//! use zlink_engines::sudoku::{Sudoku, KIND};
//! let (_, s) = Sudoku::parse("1...\n..2.\n.3..\n...4", "doc").unwrap().remove(0);
//! let solved = KIND.solve(&s, None, &SolveOptions::default()).unwrap();
//! assert!(s.verify(&solved.solution).is_ok());
//! assert_eq!(KIND.count(&s, None, &SolveOptions::default()).unwrap().count, 1u32.into()); // unique
//! ```

pub mod exact;
pub mod ip;

use zlink_puzzle::Kind;

use crate::ip::IpEngine;

pub use exact::ExactEngine;
pub use ip::SudokuIp;
pub use zlink_puzzle::sudoku::{check, shape, DuplicateGiven, Shape, Sudoku};

/// The registry row of Sudoku: the exact engine first (the default), then the IP.
pub static KIND: Kind<Sudoku> = Kind::new(
    "sudoku",
    &[],
    "Sudoku of size n = a·b (4, 6, 9, 16, 25)",
    zlink_puzzle::sudoku::FORMATS,
    &[&ExactEngine, &IpEngine(SudokuIp)],
);
