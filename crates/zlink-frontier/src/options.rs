//! Options shared by the builder and the counter: node budget and progress reporting.

use crate::spec::Level;

/// One progress report, sent once per non-empty level before it is processed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The level about to be processed.
    pub level: Level,
    /// Total number of levels.
    pub levels: Level,
    /// Nodes (distinct states) at this level.
    pub level_nodes: usize,
    /// Nodes (distinct states) so far, this level included.
    pub nodes_so_far: u64,
}

/// Options for [`crate::build()`] and [`crate::count()`]. Parallelism comes from the ambient
/// rayon pool (use `ThreadPool::install` to choose the thread count); results never depend on it.
#[derive(Clone, Copy, Default)]
pub struct Options<'a> {
    /// Stop with a budget error once more nodes (count-only: distinct states) than this exist.
    pub max_nodes: Option<u64>,
    /// Count-only: stop with a budget error once more states than this are held at once (a
    /// merged level plus the raw children waiting for later levels). This is what bounds a
    /// count's memory; the builder ignores it (its memory follows `max_nodes`).
    pub max_held_states: Option<u64>,
    /// Called once per non-empty level.
    pub progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
}

impl std::fmt::Debug for Options<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("max_nodes", &self.max_nodes)
            .field("max_held_states", &self.max_held_states)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// Shard of a state for the parallel paths: middle bits of its Fx hash (the low bits pick the
/// hash-table bucket and the top bits its control byte, so both stay uniform inside a shard).
/// `shards` is a power of two.
#[inline]
pub(crate) fn shard_of<S: std::hash::Hash>(s: &S, shards: usize) -> usize {
    use std::hash::BuildHasher;
    if shards == 1 {
        return 0;
    }
    debug_assert!(shards.is_power_of_two());
    let h = rustc_hash::FxBuildHasher.hash_one(s);
    ((h >> 32) as usize) & (shards - 1)
}
