//! The ZDD engine of zlink: node store, family algebra, counting, enumeration, serialization.
//!
//! A zero-suppressed decision diagram represents a family of subsets of the variables
//! `0..num_vars`. Variable 0 is tested at the root; children always test larger variables.

pub mod import;
