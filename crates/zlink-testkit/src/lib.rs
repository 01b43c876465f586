//! Dev-only test support: brute-force oracles, seeded instance makers, fixtures.

pub mod connected;
pub mod family;
pub mod graph;
