//! Dev-only test support: brute-force oracles, seeded instance makers, fixtures.

pub mod family;
pub mod graph;
pub mod numberlink;
