//! The ZDD engine of zlink: node store, family algebra, counting, enumeration, serialization.
//!
//! A zero-suppressed decision diagram represents a family of subsets of the variables
//! `0..num_vars`. Variable 0 is tested at the root; children always test larger variables.
//!
//! Everything lives in one [`Zdd`] store; families are [`NodeId`] handles into it. Every node is
//! created through [`Zdd::node`], which applies zero-suppression and shares equal nodes, so equal
//! families are equal handles. Every allocating operation honours the store's node budget and
//! returns [`BudgetExceeded`] instead of growing past it; [`Zdd::retain`] reclaims dead nodes.
//!
//! Invariant used throughout: a node's children always have smaller indices than the node
//! itself (a child exists before its parent is created, and compaction keeps the order), so
//! ascending index order is a bottom-up topological order. Counting, optimisation, import,
//! export and compaction run over that order and never recurse.
//!
//! Stack: the family-algebra operations (union … up-closure) recurse once per variable level,
//! at most about `2 × num_vars` frames deep. Run diagrams over more than ~5,000 variables on a
//! thread with a large stack (e.g. 256 MiB); the CLI does.

mod build;
mod cache;
mod count;
mod dot;
mod extremal;
mod gc;
pub mod import;
mod iter;
mod node;
mod optimize;
mod rank;
mod serial;
mod setops;
mod store;
mod subsets;
mod topo;

pub use import::{RawRef, Unreduced};
pub use iter::Members;
pub use node::{BudgetExceeded, NodeId, Var, TERMINAL_VAR};
pub use optimize::Optimum;
pub use rank::{Ranker, SplitMix64};
pub use serial::{DecodeError, SerialZdd};
pub use store::Zdd;
