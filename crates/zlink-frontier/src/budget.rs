//! What the builder and the counter check once per level: the node (or state) budget, the
//! budget of states held at once, the deadline, and where progress goes. The caller's
//! [`Limits`] say it in the caller's units (bytes, an instant); this crate-private
//! [`Budget`] is what they come to for one run: how many nodes a memory budget allows
//! depends on what one node costs, which only the entry point knows (a build accounts
//! [`crate::run::BUILD_BYTES_PER_NODE`] a raw node, a count
//! [`crate::run::COUNT_BYTES_PER_STATE`] a held state, more on wide states). Both engines
//! check once per level, so a run stops within one level's work, with a
//! [`Stopped`] that says where and how the budget came about.

use zlink_base::stop::At;
use zlink_base::{Limits, Resource, Stopped};

use crate::spec::Level;

/// One budget of a run: the limit, and the bytes each unit was accounted at when it came
/// from the memory budget (so the error can say so).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Cap {
    /// The most units allowed.
    pub(crate) max: Option<u64>,
    /// `(memory budget, bytes each)` when `max` was derived from the memory budget.
    pub(crate) from_memory: Option<(u64, u64)>,
}

impl Cap {
    /// `explicit` if given, else the memory budget at `bytes_each` a unit.
    fn explicit_or_memory(explicit: Option<u64>, memory: Option<u64>, bytes_each: u64) -> Cap {
        match (explicit, memory) {
            (Some(n), _) => Cap {
                max: Some(n),
                from_memory: None,
            },
            (None, Some(m)) => Cap {
                max: Some(m / bytes_each.max(1)),
                from_memory: Some((m, bytes_each)),
            },
            (None, None) => Cap::default(),
        }
    }

    /// `Err` when `used` units of `resource` exceed the cap, at `level` of `levels`.
    fn check(&self, resource: Resource, used: u64, at: At) -> Result<(), Stopped> {
        match self.max {
            Some(max) if used > max => {
                let s = Stopped::budget(resource, used, max).at(at);
                Err(match self.from_memory {
                    Some((budget, each)) => s.from_memory(budget, each),
                    None => s,
                })
            }
            _ => Ok(()),
        }
    }
}

/// What one build or count may use, derived from the caller's [`Limits`].
pub(crate) struct Budget<'a> {
    /// Nodes built (a count: distinct states summed over the levels).
    pub(crate) nodes: Cap,
    /// A count's states held at once (a merged level and the raw children waiting).
    pub(crate) held: Cap,
    /// The deadline, the time limit as given, and the progress hook.
    pub(crate) limits: &'a Limits,
}

impl<'a> Budget<'a> {
    /// A build's budget: [`Limits::max_nodes`] if given, else the memory budget at
    /// `bytes_per_node` a raw node.
    pub(crate) fn build(limits: &'a Limits, bytes_per_node: u64) -> Budget<'a> {
        Budget {
            nodes: Cap::explicit_or_memory(limits.max_nodes, limits.max_memory, bytes_per_node),
            held: Cap::default(),
            limits,
        }
    }

    /// A count's budget: [`Limits::max_nodes`] distinct states, and the memory budget at
    /// `bytes_per_held` a state held at once.
    pub(crate) fn count(limits: &'a Limits, bytes_per_held: u64) -> Budget<'a> {
        Budget {
            nodes: Cap::explicit_or_memory(limits.max_nodes, None, 1),
            held: Cap::explicit_or_memory(None, limits.max_memory, bytes_per_held),
            limits,
        }
    }

    /// `Err` once the deadline has passed, before `level` of `levels`.
    #[inline]
    pub(crate) fn check_deadline(&self, level: Level, levels: Level) -> Result<(), Stopped> {
        self.limits
            .check_time()
            .map_err(|s| s.at(At::level(level, levels)))
    }

    /// `Err` once more than the node budget exist.
    #[inline]
    pub(crate) fn check_nodes(
        &self,
        nodes: u64,
        level: Level,
        levels: Level,
    ) -> Result<(), Stopped> {
        self.nodes
            .check(Resource::Nodes, nodes, At::level(level, levels))
    }

    /// `Err` once more than the held-states budget are held.
    #[inline]
    pub(crate) fn check_held(&self, held: u64, level: Level, levels: Level) -> Result<(), Stopped> {
        self.held
            .check(Resource::HeldStates, held, At::level(level, levels))
    }

    /// Reports `level` of `levels` done with `nodes_so_far` nodes (phase `levels`), with the
    /// level's [`LevelFigures`] as the figures `states`, `held_states` and `held_bytes` (for
    /// logs of memory per level); `figures` is only called when somebody listens.
    #[inline]
    pub(crate) fn report(
        &self,
        level: Level,
        levels: Level,
        nodes_so_far: u64,
        figures: impl FnOnce() -> LevelFigures,
    ) {
        self.limits.progress.report_figures(
            "levels",
            u64::from(level),
            Some(u64::from(levels)),
            || {
                let f = figures();
                (
                    format!("{nodes_so_far} nodes so far"),
                    vec![
                        ("states", f.states),
                        ("held_states", f.held_states),
                        ("held_bytes", f.held_bytes),
                    ],
                )
            },
        );
    }
}

/// What one level of a run holds, reported with its progress.
pub(crate) struct LevelFigures {
    /// The level's states (nodes).
    pub(crate) states: u64,
    /// States held now: this level's and the children waiting for later levels.
    pub(crate) held_states: u64,
    /// Bytes the engine holds now (its buffers' capacity: states, counts, the builder's raw
    /// diagram); the process's resident memory is more.
    pub(crate) held_bytes: u64,
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
