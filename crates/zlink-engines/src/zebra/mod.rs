//! The Zebra puzzle's registry row, engines and generator: [`propagate`] is the
//! constraint-propagation engine with the report's three search heuristics (Gregor et al.,
//! the default), [`ip`] the report's integer program (7.1, clues as linear rows) and
//! [`generate`] the seeded maker of unique puzzles. The puzzle (clues, formats, the rule
//! checker, pictures) is defined in [`zlink_puzzle::zebra`], re-exported here.
//!
//! ```
//! use zlink_puzzle::{Puzzle, SolveOptions};
//! use zlink_engines::zebra::{Zebra, KIND};
//! let z = &Zebra::parse("pet: cat dog\ndrink: tea milk\ncat = milk\ntea @ 1\n", "f").unwrap()[0].1;
//! assert_eq!(KIND.count(z, None, &SolveOptions::default()).unwrap().count, 1u32.into());
//! ```

pub mod generate;
pub mod ip;
pub mod propagate;

pub use zlink_puzzle::zebra::{
    parse, render, verify, Attribute, Category, Clue, Item, Relation, Table, Zebra,
};

use zlink_puzzle::Kind;

use crate::ip::IpEngine;

pub use ip::ZebraIp;
pub use propagate::{Heuristic, PropagateEngine, PropagateSettings, Propagation};

/// The registry row of the Zebra puzzle.
pub static KIND: Kind<Zebra> = Kind::new(
    "zebra",
    &["einstein", "zebra-puzzle"],
    "Zebra puzzle: give every house one value of each attribute so that all clues hold",
    zlink_puzzle::zebra::FORMATS,
    &[&PropagateEngine, &IpEngine(ZebraIp)],
);
