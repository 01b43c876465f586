//! The circuit board's registry row, engines and generator: [`ip`] holds the report's
//! three integer programs (chapter 5: CM1 spanning tree with lazy subtour cuts, CM2
//! single-commodity flow, CM3 CM1 plus the shortest `s`–`t` path), the formulation behind the
//! `ip` engine (the default for `solve`), [`zdd`] counts every solution exactly with the frontier spec of
//! connected degree-constrained subgraphs (the default for `count`) and [`generate`] makes
//! seeded random boards that have a solution. The puzzle (board, formats, the rule checker,
//! pictures) is defined in [`zlink_puzzle::circuit`], re-exported here.
//!
//! ```
//! use zlink_puzzle::{Puzzle, SolveOptions};
//! use zlink_engines::circuit::{Circuit, KIND};
//! // a T of four points: the middle one joins the other three
//! let c = &Circuit::parse("o-o o\n     \n# o #\n", "inline").unwrap()[0].1;
//! assert_eq!(KIND.count(c, None, &SolveOptions::default()).unwrap().count, 1u32.into());
//! // a square of four points has none (a tree on them has a point with two wires)
//! let c = &Circuit::parse("o-o\n   \no o\n", "inline").unwrap()[0].1;
//! assert_eq!(KIND.count(c, None, &SolveOptions::default()).unwrap().count, 0u32.into());
//! ```

pub mod generate;
pub mod ip;
pub mod zdd;

pub use zlink_puzzle::circuit::{parse, render, verify, Circuit, Wires};

use zlink_puzzle::Kind;

use crate::ip::IpEngine;

pub use ip::{CircuitIp, CircuitModel, CircuitOptions};
pub use zdd::ZddEngine;

/// The registry row of the circuit board.
pub static KIND: Kind<Circuit> = Kind::new(
    "circuit",
    &["circuit-board", "circuitboard"],
    "Circuit board: join all points into a tree with degrees 1 or 3 through the given wires",
    zlink_puzzle::circuit::FORMATS,
    &[&IpEngine(CircuitIp), &ZddEngine],
)
.counting_with("zdd");
