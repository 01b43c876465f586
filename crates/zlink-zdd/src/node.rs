//! Handles and errors shared by every part of the engine: variables, node ids, the budget error.

use std::sync::atomic::{AtomicU32, Ordering};

/// A variable (an element of the universe `0..num_vars`). Variable 0 is tested at the root;
/// children always test larger variables.
pub type Var = u32;

/// The variable reported for the two terminals: larger than every real variable, so that
/// "the smaller top variable" comparisons treat terminals as the bottom of the order.
pub const TERMINAL_VAR: Var = Var::MAX;

/// A handle to a node (a family of sets) in a [`crate::Zdd`] store: a compact 32-bit index.
///
/// Handles are canonical: two handles from the same store are equal iff their families are
/// equal. [`crate::Zdd::retain`] is the only operation that renumbers handles (it remaps the
/// ones it is given).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct NodeId(pub(crate) u32);

impl NodeId {
    /// The 0-terminal: the empty family ∅.
    pub const ZERO: NodeId = NodeId(0);
    /// The 1-terminal: the family {∅} holding only the empty set.
    pub const ONE: NodeId = NodeId(1);

    /// Whether this is [`NodeId::ZERO`] or [`NodeId::ONE`].
    #[inline]
    pub fn is_terminal(self) -> bool {
        self.0 < 2
    }

    /// The raw index of this node in its store (0 and 1 are the terminals).
    #[inline]
    pub fn index(self) -> u32 {
        self.0
    }
}

/// An allocating operation would have grown the store past its node budget.
///
/// The store stays valid and usable after this error: nodes created before it are kept
/// (reclaim them with [`crate::Zdd::retain`]), and no handle is invalidated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("node budget of {limit} nodes exceeded")]
pub struct BudgetExceeded {
    /// The budget: the maximum number of live non-terminal nodes.
    pub limit: usize,
    /// The number of live non-terminal nodes when the operation gave up.
    pub live: usize,
}

/// The store's budget as the run-wide stop every library reports (`zlink_base::Stopped`).
impl From<BudgetExceeded> for zlink_base::Stopped {
    fn from(e: BudgetExceeded) -> Self {
        zlink_base::Stopped::budget(zlink_base::Resource::Nodes, e.live as u64, e.limit as u64)
            .of("the diagram store")
    }
}

/// First value of a sub-operation argument that means "result k" rather than a node id
/// (see `apply`): node ids stay below it.
pub(crate) const RES_BASE: u32 = u32::MAX - 15;

/// A root `r` known to reach every id in `2..=r` (0 when none is known), remembered by the
/// store so that the next pass from the same root skips the reachability sweep: a built
/// diagram is typically counted, sized and saved, and each sweep reads the whole node array
/// (0.5 s for the 145 M nodes of 15×15 corner paths).
///
/// Sound because ids below a root never change while the store only appends; compaction
/// ([`Zdd::retain`]) renumbers and forgets it. Atomic so that `&Zdd` stays `Sync`.
#[derive(Debug, Default)]
pub(crate) struct ClosedRoot(AtomicU32);

impl ClosedRoot {
    /// The root known to reach every id below it (0: none).
    pub(crate) fn get(&self) -> u32 {
        self.0.load(Ordering::Relaxed)
    }

    /// Records that `root` reaches every id in `2..=root`.
    pub(crate) fn set(&self, root: u32) {
        self.0.store(root, Ordering::Relaxed);
    }
}

impl Clone for ClosedRoot {
    fn clone(&self) -> Self {
        ClosedRoot(AtomicU32::new(self.0.load(Ordering::Relaxed)))
    }
}
