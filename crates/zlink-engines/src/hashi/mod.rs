//! Hashi's registry row and engines. The puzzle (islands, formats, the candidate-bridge graph,
//! the rule checker, pictures) is defined in [`zlink_puzzle::hashi`], re-exported here.
//!
//! Split by job: [`ip`] holds the three integer programs (the report's flow model with
//! human-deduced bounds ([`deduce`]), the polynomial BFS model and lazy connectivity cuts), the
//! formulation behind the `ip` engine; [`zdd`] counts every solution exactly with the frontier spec of
//! connected degree-constrained subgraphs (the default for `count`; the IP stays the default
//! for `solve`, where it is faster on big instances); [`propagate`], [`probe`], [`connect`] and
//! [`repair`] are the deductions both share.
//!
//! ```
//! use zlink_engines::hashi::{Hashi, KIND};
//! use zlink_puzzle::SolveOptions;
//! let h = Hashi::parse_compact("2.2\n...\n2.2", "inline").unwrap();
//! assert_eq!(KIND.count(&h, Some("zdd"), &SolveOptions::default()).unwrap().count, 1u32.into());
//! ```

pub mod connect;
pub mod deduce;
pub mod ip;
pub mod probe;
pub mod propagate;
pub mod race;
pub mod repair;
pub mod zdd;

pub use ip::{HashiIp, HashiModel, HashiOptions};
pub use zlink_puzzle::hashi::{
    graph, parse, render, verify, BridgeGraph, Bridges, Candidate, Hashi, Island, MAX_CLUE,
};

use zlink_puzzle::Kind;

use crate::ip::IpEngine;

pub use zdd::ZddEngine;

/// The registry row of Hashi.
pub static KIND: Kind<Hashi> = Kind::new(
    "hashi",
    &["hashiwokakero", "bridges", "hashikake"],
    "Hashiwokakero (bridges): connect the islands with their numbers of bridges",
    zlink_puzzle::hashi::FORMATS,
    &[&IpEngine(HashiIp), &ZddEngine],
)
.counting_with("zdd");
