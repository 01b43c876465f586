//! Integer-programming puzzle models, one module per puzzle.
//!
//! Each module implements [`zlink_grid::Puzzle`] for its puzzle and exposes a `static` registry
//! row; [`registry::registry`] lists them all for the CLI.

pub mod registry;
pub mod stats;
