//! Dev-only test support: brute-force oracles ([`battleship`], [`circuit`], [`family`], [`graph`],
//! [`connected`], [`numbered_paths`], [`slither_design`], [`minclue`], [`zebra`]), seeded instance
//! makers, the uniformity check of sampled solutions ([`sampling`]), and the one test-data
//! lookup ([`data`]).

pub mod battleship;
pub mod circuit;
pub mod connected;
pub mod data;
pub mod family;
pub mod fuzz;
pub mod fuzz_campaign;
pub mod graph;
pub mod minclue;
pub mod numbered_paths;
pub mod numberlink_gen;
pub mod sampling;
pub mod slither_design;
pub mod zebra;
