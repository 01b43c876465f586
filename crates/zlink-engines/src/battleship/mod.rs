//! Battleship's registry row and engine: [`ip`] holds the report's two integer programs
//! (chapter 4: the grid-based model over all ship placements, the default, and the cell-based
//! model of Meuffels et al.), the formulation behind the `ip` engine. The puzzle (instance, formats, the
//! rule checker, pictures) is defined in [`zlink_puzzle::battleship`], re-exported here.
//!
//! ```
//! use zlink_puzzle::{Puzzle, SolveOptions};
//! use zlink_engines::battleship::{Battleship, KIND};
//! let b = &Battleship::parse("2 2 1\n1 0\n1 0\n- -\n- -\n", "inline").unwrap()[0].1;
//! assert_eq!(b.fleet(), &[1]);
//! # if zlink_engines::MIP_SOLVER {
//! // one submarine, in the one cell whose row and column both want a ship cell
//! assert_eq!(KIND.count(b, None, &SolveOptions::default()).unwrap().count, 1u32.into());
//! # }
//! ```

pub mod ip;

pub use ip::{BattleshipIp, BattleshipModel, BattleshipOptions};
pub use zlink_puzzle::battleship::{parse, render, verify, Battleship, Fleet, Part, Ship};

use zlink_puzzle::Kind;

use crate::ip::IpEngine;

/// The registry row of Battleship.
pub static KIND: Kind<Battleship> = Kind::new(
    "battleship",
    &["battleships", "bimaru", "solitaire-battleship"],
    "Battleship solitaire: place the fleet to match the row and column counts, ships not touching",
    zlink_puzzle::battleship::FORMATS,
    &[&IpEngine(BattleshipIp)],
);
