//! Link puzzles as ZDDs, built from the generic frontier machinery of `zlink_frontier`.
//!
//! Why: a link puzzle's solutions are paths or cycles of a lattice graph that meet local
//! constraints; as a ZDD, all of them are counted, enumerated or sampled at once, which decides
//! uniqueness and checks the integer-programming engines independently. [`slitherlink`] is the
//! ZDD paper's Algorithm 5 (the single cycles of the dot graph intersected with exact side
//! counts); [`numberlink`] is its Algorithm 2 (path matchings joining numbered terminals);
//! [`design`] turns a drawn loop into every hint set that makes it unique (Section 7).
//! This crate knows no MIP solver.

mod deduce;
pub mod design;
pub mod engine;
pub mod numberlink;
mod settle;
pub mod slitherlink;

pub use engine::{LinkFamily, LinkZdd};
pub use settle::SettledBy;
pub use slitherlink::{LoopEdge, LoopEdges, SlitherFamily, SlitherZdd};
