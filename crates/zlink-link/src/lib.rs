//! Loop puzzles as ZDDs, built from the generic frontier machinery of `zlink_frontier`.
//!
//! Why: a loop puzzle's solutions are the cycles of a lattice graph that meet local count
//! constraints; as a ZDD, all of them are counted, enumerated or sampled at once, which checks
//! the integer-programming engine's answers independently. [`slitherlink`] is the ZDD paper's
//! Algorithm 5: the single cycles of the dot graph intersected with exact side counts.

pub mod numberlink;
pub mod slitherlink;

pub use slitherlink::{LoopEdge, LoopEdges, SlitherZdd};
