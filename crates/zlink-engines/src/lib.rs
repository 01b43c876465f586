//! Every puzzle of zlink, one folder each: `mod.rs` is the definition (implements
//! [`zlink_puzzle::Puzzle`] and holds the kind's registry row), and each engine is one file
//! (`zdd.rs`, `ip.rs`, `exact.rs`) implementing [`zlink_puzzle::Engine`].
//!
//! Why one crate for all of them: a puzzle's engines come from both engine libraries
//! (`zlink-link` for ZDDs, `zlink-ip` for integer programs), which never depend on each other;
//! this is the only crate that sees both. [`registry::registry`] lists every kind for the CLI.

/// Whether the IP engines can run in this build (the `mip` feature: HiGHS linked in). Without
/// it they are listed, [`zlink_puzzle::Engine::needs_mip`] says which runs need them, and their
/// solves fail with a solver error naming `zlink-mip`.
pub const MIP_SOLVER: bool = zlink_ip::HAS_SOLVER;

pub mod battleship;
pub mod circuit;
pub mod hashi;
pub mod ip;
mod link;
pub mod minclue;
mod mip;
pub mod numberlink;
pub mod registry;
pub mod slitherlink;
pub mod sudoku;
pub mod zebra;
