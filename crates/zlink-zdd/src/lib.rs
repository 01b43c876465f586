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
//! ```
//! use zlink_zdd::Zdd;
//! let mut z = Zdd::new(4);
//! let f = z.from_sets(&[vec![0, 1], vec![2]])?;
//! let g = z.power_set(&[2, 3])?;
//! let u = z.union(f, g)?; // {01}, {}, {3}, {2}, {23}
//! assert_eq!(z.count(u), 5u32.into());
//! assert_eq!(z.iter(u).next(), Some(vec![]));
//! let hit = z.minimal_hitting_sets(f)?; // {02}, {12}
//! assert_eq!(z.iter(hit).collect::<Vec<_>>(), vec![vec![1, 2], vec![0, 2]]);
//! # Ok::<(), zlink_zdd::BudgetExceeded>(())
//! ```
//!
//! Invariant used throughout: a node's children always have smaller indices than the node
//! itself (a child exists before its parent is created, and compaction keeps the order), so
//! ascending index order is a bottom-up topological order. Counting, optimisation, import,
//! export and compaction run over that order and never recurse.
//!
//! Stack: nothing recurses. The family-algebra operations run on an explicit heap stack
//! (module `apply`), and counting, optimisation, enumeration, ranking, import, export and
//! compaction are level-wise or use explicit stacks, so diagrams over tens of thousands of
//! variables work on any thread.

mod apply;
mod build;
mod cache;
mod count;
mod dot;
mod extremal;
mod gc;
mod hitting;
pub mod import;
mod iter;
mod limbs;
mod node;
mod nodes;
mod optimize;
pub mod probe;
mod rank;
mod serial;
mod setops;
mod store;
mod subsets;
mod tally;
mod topo;

pub use import::{RawRef, TooManyRawNodes, Unreduced};
pub use iter::Members;
pub use limbs::{Limbs, U256};
pub use node::{BudgetExceeded, NodeId, Var, TERMINAL_VAR};
pub use optimize::Optimum;
pub use rank::Ranker;

pub use serial::{DecodeError, SerialZdd};
pub use store::Zdd;
