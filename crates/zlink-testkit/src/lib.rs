//! Dev-only test support: brute-force oracles ([`family`], [`graph`], [`connected`],
//! [`numberlink`], [`slither_design`]), seeded instance makers, and the one test-data lookup
//! ([`data`]).

pub mod connected;
pub mod data;
pub mod family;
pub mod fuzz;
pub mod graph;
pub mod numberlink;
pub mod numberlink_gen;
pub mod slither_design;
