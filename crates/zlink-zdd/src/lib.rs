//! The ZDD engine of zlink: node store, family algebra, counting, enumeration, serialization.
//!
//! A zero-suppressed decision diagram represents a family of subsets of the variables
//! `0..num_vars`. Variable 0 is tested at the root; children always test larger variables.
//!
//! Everything lives in one [`Zdd`] store; families are [`NodeId`] handles into it. Every node is
//! created through [`Zdd::node`], which applies zero-suppression and shares equal nodes, so equal
//! families are equal handles. Every allocating operation honours the store's node budget and
//! returns [`BudgetExceeded`] instead of growing past it.
//!
//! Invariant used throughout: a node's children always have smaller indices than the node
//! itself (a child exists before its parent is created, and compaction keeps the order), so
//! ascending index order is a bottom-up topological order. Counting, import and serialization
//! run over that order and never recurse.

mod count;
pub mod import;
mod node;
mod store;
mod topo;

pub use import::{RawRef, Unreduced};
pub use node::{BudgetExceeded, NodeId, Var, TERMINAL_VAR};
pub use store::Zdd;
