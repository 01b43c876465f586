//! Options shared by the builder and the counter: node budgets, a deadline and progress
//! reporting. Both engines check them once per level, so a run stops within one level's work.

use std::time::Instant;

use crate::spec::Level;

/// Error: the deadline of [`Options::deadline`] passed before the run finished.
#[derive(Debug, Clone, Copy, thiserror::Error, PartialEq, Eq)]
#[error("time limit reached at level {level} of {levels}")]
pub struct TimeLimit {
    /// The level about to be processed.
    pub level: Level,
    /// Total number of levels.
    pub levels: Level,
}

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
    /// States held now: this level's and the children waiting for later levels.
    pub held_states: u64,
    /// Bytes the engine holds now (its buffers' capacity: states, counts, the builder's raw
    /// diagram), for logs of memory per level; the process's resident memory is more.
    pub held_bytes: u64,
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
    /// Stop with [`TimeLimit`] at the first level that starts after this instant.
    pub deadline: Option<Instant>,
    /// Called once per non-empty level.
    pub progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
}

impl Options<'_> {
    /// [`TimeLimit`] if the deadline has passed before `level` of `levels`.
    pub(crate) fn check_deadline(&self, level: Level, levels: Level) -> Result<(), TimeLimit> {
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(TimeLimit { level, levels }),
            _ => Ok(()),
        }
    }
}

impl std::fmt::Debug for Options<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("max_nodes", &self.max_nodes)
            .field("max_held_states", &self.max_held_states)
            .field("deadline", &self.deadline)
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
