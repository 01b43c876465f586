//! The top-down builder: a spec becomes an unreduced diagram, level by level.
//!
//! Pending children of level `l` are `(state, back-reference)` pairs; processing level `l`
//! first merges equal states (node ids in first-arrival order), writes each node's id into
//! the parent slot its back-reference names (so no remapping pass is needed, as in TdZdd),
//! then computes every node's two children in parallel (rayon) and appends them, in node
//! order, to the pending lists of their levels. Levels with many items are deduplicated in
//! 64 hash shards in parallel; ids are then shard-major. Both the shard count and the
//! threshold are fixed, so node ids never depend on the thread count.
//!
//! The spec runs under the 1-branch [`Lookahead`]: a child whose own 1-branch is rejected is
//! skipped over at once, so the raw diagram holds almost only nodes that survive reduction
//! (13×13 corner paths: 15.0 M raw nodes for 13.8 M reduced, against 27 M raw without it).
//!
//! Memory: states live in per-level `Vec`s, each emptied as soon as its level is expanded (and
//! its buffer reused for a later level); only the 8-byte `[lo, hi]` rows of the [`Unreduced`]
//! diagram are kept.
//!
//! The result is an [`Unreduced`] diagram that `zlink_zdd::Zdd::import` reduces bottom-up.

use rayon::prelude::*;
use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use zlink_zdd::import::{RawRef, Unreduced};

use crate::combinators::Lookahead;
use crate::options::{shard_of, Options, Progress};
use crate::spec::{Level, Spec, Step};

/// Levels with at least this many pending items are deduplicated in shards.
const SHARD_THRESHOLD: usize = 1 << 12;
/// Number of dedup shards for big levels.
const SHARDS: usize = 64;

/// Where a pending child's id must be written: the root, or `(level, index, branch)`.
#[derive(Clone, Copy)]
struct BackRef(u64);

impl BackRef {
    const ROOT: BackRef = BackRef(u64::MAX);
    fn new(level: Level, index: u32, branch: usize) -> BackRef {
        BackRef((u64::from(level) << 33) | (u64::from(index) << 1) | branch as u64)
    }
}

/// Error: the node budget ran out.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("node budget of {max_nodes} exhausted at level {level} ({nodes} nodes); raise --max-nodes")]
pub struct BudgetExceeded {
    /// The budget.
    pub max_nodes: u64,
    /// Nodes created when it ran out.
    pub nodes: u64,
    /// The level being built.
    pub level: Level,
}

/// Why building a reduced diagram failed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BuildError {
    /// The builder's node budget (unreduced nodes) ran out.
    #[error(transparent)]
    Builder(#[from] BudgetExceeded),
    /// The ZDD store's node budget ran out while reducing.
    #[error("ZDD store: {0}")]
    Store(#[from] zlink_zdd::BudgetExceeded),
}

/// Builds `spec` and reduces it into `zdd` (the store grows to the spec's number of levels).
///
/// # Errors
/// [`BuildError`] if either node budget runs out.
pub fn build_zdd<S: Spec>(
    spec: &S,
    zdd: &mut zlink_zdd::Zdd,
    opts: &Options<'_>,
) -> Result<zlink_zdd::NodeId, BuildError> {
    let built = build(spec, opts)?;
    Ok(zdd.import(built.unreduced)?)
}

/// An unreduced diagram and its size.
#[derive(Clone, Debug)]
pub struct Built {
    /// The diagram, one row per level.
    pub unreduced: Unreduced,
    /// Total number of (unreduced) nodes.
    pub nodes: u64,
    /// Nodes of the widest level.
    pub max_level_nodes: usize,
}

/// Spare pending lists kept for reuse (a level's children go to the next few levels).
const SPARE_LISTS: usize = 4;

/// Merges equal states of one level, with buffers kept from level to level: a big level's
/// temporaries would otherwise be fresh pages every time (page faults cost about a fifth of a
/// 14×14 build's CPU time before they were reused).
struct Dedup<S> {
    /// The table of the one-table path (levels below [`SHARD_THRESHOLD`] items).
    table: HashTable<u32>,
    /// Each item's shard, and each shard's items.
    shard: Vec<u8>,
    members: Vec<Vec<u32>>,
    /// Per shard: its table, its distinct states, and its items' local ids.
    parts: Vec<(HashTable<u32>, Vec<S>, Vec<u32>)>,
    /// Each item's id, after [`Dedup::run`].
    ids: Vec<u32>,
}

/// One table of 4-byte ids into `states` (compared there: the distinct states are compact and
/// in cache far more often than the pending items they came from).
fn one_table<'a, S: Clone + Eq + std::hash::Hash + 'a>(
    table: &mut HashTable<u32>,
    states: &mut Vec<S>,
    ids: &mut Vec<u32>,
    it: impl Iterator<Item = &'a S>,
    cap: usize,
) {
    let hash = |s: &S| FxBuildHasher.hash_one(s);
    table.clear();
    table.reserve(cap, |&j| hash(&states[j as usize]));
    states.clear();
    ids.clear();
    ids.extend(it.map(|s| {
        let h = hash(s);
        match table.find(h, |&id| states[id as usize] == *s) {
            Some(&id) => id,
            None => {
                let id = states.len() as u32;
                states.push(s.clone());
                table.insert_unique(h, id, |&j| hash(&states[j as usize]));
                id
            }
        }
    }));
}

impl<S: Clone + Eq + std::hash::Hash + Send + Sync> Dedup<S> {
    fn new() -> Dedup<S> {
        Dedup {
            table: HashTable::new(),
            shard: Vec::new(),
            members: vec![Vec::new(); SHARDS],
            parts: (0..SHARDS)
                .map(|_| (HashTable::new(), Vec::new(), Vec::new()))
                .collect(),
            ids: Vec::new(),
        }
    }

    /// Puts the distinct states of `items` into `states` (id order) and each item's id into
    /// `self.ids`.
    fn run(&mut self, items: &[(S, BackRef)], states: &mut Vec<S>) {
        if items.len() < SHARD_THRESHOLD {
            let it = items.iter().map(|(s, _)| s);
            one_table(&mut self.table, states, &mut self.ids, it, items.len());
            return;
        }
        items
            .par_iter()
            .map(|(s, _)| shard_of(s, SHARDS) as u8)
            .collect_into_vec(&mut self.shard);
        for m in &mut self.members {
            m.clear();
        }
        for (i, &k) in self.shard.iter().enumerate() {
            self.members[usize::from(k)].push(i as u32);
        }
        self.parts
            .par_iter_mut()
            .zip(self.members.par_iter())
            .for_each(|((table, st, local), m)| {
                let it = m.iter().map(|&i| &items[i as usize].0);
                one_table(table, st, local, it, m.len());
            });
        let mut offset = 0u32;
        self.ids.clear();
        self.ids.resize(items.len(), 0);
        states.clear();
        states.reserve(self.parts.iter().map(|p| p.1.len()).sum());
        for (m, (_, st, local)) in self.members.iter().zip(&mut self.parts) {
            for (&i, &id) in m.iter().zip(local.iter()) {
                self.ids[i as usize] = offset + id;
            }
            offset += st.len() as u32;
            states.append(st);
        }
    }
}

/// Builds the unreduced diagram of `spec`.
///
/// # Errors
/// [`BudgetExceeded`] once more than `opts.max_nodes` nodes exist (or more than
/// [`Unreduced::MAX_NODES`], what the raw diagram can hold).
///
/// Time: `O(total nodes)`; memory: 8 bytes per node plus the states of the two busiest levels.
pub fn build<S: Spec>(spec: &S, opts: &Options<'_>) -> Result<Built, BudgetExceeded> {
    // Nodes whose 1-branch is rejected would only be suppressed by the reduction: never make
    // them (halves the raw nodes of a Simpath build).
    let spec = &Lookahead(spec);
    let levels = spec.num_levels();
    let mut raw = Unreduced::new();
    let mut pending: Vec<Vec<(S::State, BackRef)>> = (0..levels).map(|_| Vec::new()).collect();
    match spec.root() {
        Step::Reject => {}
        Step::Accept => raw.set_root(RawRef::ONE),
        Step::Node(l, s) => pending[l as usize].push((s, BackRef::ROOT)),
    }
    let mut nodes = 0u64;
    let mut max_level_nodes = 0usize;
    let mut dedup = Dedup::new();
    let mut states: Vec<S::State> = Vec::new();
    let mut children: Vec<[Step<S::State>; 2]> = Vec::new();
    let mut spare: Vec<Vec<(S::State, BackRef)>> = Vec::new();
    for i in 0..levels {
        let mut items = std::mem::take(&mut pending[i as usize]);
        dedup.run(&items, &mut states);
        nodes += states.len() as u64;
        let too_many = |_| BudgetExceeded {
            max_nodes: Unreduced::MAX_NODES as u64,
            nodes,
            level: i,
        };
        raw.push_row(states.len()).map_err(too_many)?;
        if states.is_empty() {
            continue;
        }
        for ((_, back), &id) in items.iter().zip(&dedup.ids) {
            let r = RawRef::node(i, id);
            if back.0 == BackRef::ROOT.0 {
                raw.set_root(r);
            } else {
                let (l, k, b) = (
                    (back.0 >> 33) as u32,
                    ((back.0 >> 1) & 0xFFFF_FFFF) as u32,
                    back.0 & 1 == 1,
                );
                raw.set_child(l, k, b, r);
            }
        }
        items.clear();
        if spare.len() < SPARE_LISTS {
            spare.push(items);
        }
        max_level_nodes = max_level_nodes.max(states.len());
        if let Some(p) = opts.progress {
            p(&Progress {
                level: i,
                levels,
                level_nodes: states.len(),
                nodes_so_far: nodes,
            });
        }
        if let Some(max) = opts.max_nodes {
            if nodes > max {
                return Err(BudgetExceeded {
                    max_nodes: max,
                    nodes,
                    level: i,
                });
            }
        }
        states
            .par_iter()
            .with_min_len(1024)
            .map(|s| [spec.child(s, i, false), spec.child(s, i, true)])
            .collect_into_vec(&mut children);
        states.clear();
        for (k, pair) in children.drain(..).enumerate() {
            for (b, step) in pair.into_iter().enumerate() {
                match step {
                    Step::Reject => {}
                    Step::Accept => raw.set_child(i, k as u32, b == 1, RawRef::ONE),
                    Step::Node(j, t) => {
                        debug_assert!(j > i, "a spec child must have a larger level");
                        let list = &mut pending[j as usize];
                        if list.capacity() == 0 {
                            if let Some(reused) = spare.pop() {
                                *list = reused;
                            }
                        }
                        list.push((t, BackRef::new(i, k as u32, b)));
                    }
                }
            }
        }
    }
    Ok(Built {
        unreduced: raw,
        nodes,
        max_level_nodes,
    })
}
