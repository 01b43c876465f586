//! The top-down builder: a spec becomes an unreduced diagram, level by level.
//!
//! Pending children of level `l` are `(state, back-reference)` pairs, waiting in hash shards
//! (`pending.rs`, the mechanism the count-only DP shares). Processing level `l` merges
//! each shard's equal states (in parallel; node ids shard-major, in first-arrival order within
//! a shard), writes each node's id into the parent slot its back-reference names (so no
//! remapping pass is needed, as in TdZdd), then expands the level's nodes in parallel chunks
//! into the shard buckets of their children's levels. Arrival order and shard counts never
//! depend on the thread count, so neither do node ids.
//!
//! The spec runs under the 1-branch [`Lookahead`]: a child whose own 1-branch is rejected is
//! skipped over at once, so the raw diagram holds almost only nodes that survive reduction
//! (13×13 corner paths: 15.0 M raw nodes for 13.8 M reduced, against 27 M raw without it).
//!
//! Memory: pending children live in bucket buffers recycled from level to level, a merged
//! level only until it is expanded; only the 8-byte `[lo, hi]` rows of the [`Unreduced`]
//! diagram are kept. Against one pending list per level deduplicated in 64 shards, this cut a
//! 14×14 corner-path build from 3.0-3.2 to 2.0 s CPU and its peak from 453 to 410 MB.
//!
//! The result is an [`Unreduced`] diagram that `zlink_zdd::Zdd::import` reduces bottom-up.

use rayon::prelude::*;
use std::hash::BuildHasher;

use rustc_hash::FxBuildHasher;
use zlink_zdd::import::{RawRef, Unreduced};

use zlink_base::stop::At;
use zlink_base::{Limits, Resource, Stopped};

use crate::budget::{Budget, LevelFigures};
use crate::lookahead::Lookahead;
use crate::pending::{Pending, Raw, Scatter};
use crate::run::BUILD_BYTES_PER_NODE;
use crate::spec::{Level, Spec, Step};
use zlink_zdd::probe::{Probe, ReadAhead, Slots};

/// Work items per thread in a wave of a level's expansion ([`Pending::wave_items`]): four of
/// the eight a thread gets, so a level is expanded in two waves, not eight. Every wave ends in
/// a wait for its last item, with the other threads asleep and woken for the next one: on
/// two threads (14×14 corner paths, `build_phases 14 paths build 2`, a loaded box) one item
/// per thread made 5,331 context switches and 2.75-2.91 s of build CPU against 2.58 s on
/// one thread; four made 1,645 and 2.65 s (all eight at once: 1,513 and 2.62 s), for 8 MB
/// more at the peak (417 against 409 MB on one thread). On the idle box, build phase wall
/// median 1.95 s against 2.02 s with one item per thread (tools/README, issue 35).
const WAVE_ITEMS: usize = 4;

/// Where a pending child's id must be written: the root, or `(level, number, branch)` (the
/// parent's level and its number in the raw diagram's row-major numbering).
#[derive(Clone, Copy)]
struct BackRef(u64);

impl BackRef {
    const ROOT: BackRef = BackRef(u64::MAX);
    fn new(level: Level, number: u32, branch: usize) -> BackRef {
        BackRef((u64::from(level) << 33) | (u64::from(number) << 1) | branch as u64)
    }
}

/// Builds `spec` and reduces it into `zdd` (the store grows to the spec's number of levels),
/// under the node budget of `limits` ([`build`]) and the store's own.
///
/// # Errors
/// [`Stopped`] if either node budget or the time runs out.
pub fn build_zdd<S: Spec>(
    spec: &S,
    zdd: &mut zlink_zdd::Zdd,
    limits: &Limits,
) -> Result<zlink_zdd::NodeId, Stopped> {
    let built = build(spec, limits)?;
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

/// One shard of a merged level: its distinct states in first-arrival order (local ids), and
/// the local id of each pending item, in arrival order.
struct Shard<S> {
    states: Vec<S>,
    ids: Vec<u32>,
}

/// Merges the items of one shard's `parts`. The table holds 4-byte ids into the states
/// (compared there: the distinct states are compact and in cache far more often than the
/// pending items they came from). Fresh buffers per level measured as fast as buffers kept
/// from level to level, and a kept table (sized for the widest level) was 10% slower.
///
/// The table is the count-only merge's ([`Slots`]: linear probing over 4-byte slots, each an
/// id below as many of its state's hash's high bits as fit, a state compared only when those
/// bits agree, the slot of the item a few places on read ahead).
fn merge_shard<S: Clone + Eq + std::hash::Hash>(parts: &[Vec<(S, BackRef)>]) -> Shard<S> {
    let hash = |s: &S| FxBuildHasher.hash_one(s);
    let n: usize = parts.iter().map(Vec::len).sum();
    assert!(n < 1 << 31, "a shard of 2^31 items");
    let mut slots = Slots::new(n, usize::BITS - n.leading_zeros());
    let mut states: Vec<S> = Vec::with_capacity(n);
    let mut ids: Vec<u32> = Vec::with_capacity(n);
    for part in parts {
        let hash_at = |i: usize| hash(&part[i].0);
        let mut walk = ReadAhead::new(&slots, part.len(), hash_at);
        for (r, (s, _)) in part.iter().enumerate() {
            let h = walk.hash(&slots, r, hash_at);
            let id = match slots.probe(h, |id| states[id as usize] == *s) {
                Probe::Found(id) => id,
                Probe::Vacant(free) => {
                    let id = states.len() as u32;
                    states.push(s.clone());
                    slots.fill(free, id);
                    id
                }
            };
            ids.push(id);
        }
    }
    Shard { states, ids }
}

/// Merges the pending children of one level, shard by shard (in parallel when it has
/// several shards).
fn merge_level<S: Clone + Eq + std::hash::Hash + Send + Sync>(
    items: &Raw<(S, BackRef)>,
) -> Vec<Shard<S>> {
    if items.shards.len() == 1 {
        vec![merge_shard(&items.shards[0])]
    } else {
        items.shards.par_iter().map(|p| merge_shard(p)).collect()
    }
}

/// Writes the id of each merged node of level `i` into the parent slot (or the root) that
/// each of its pending copies in `items` names. Node ids are shard-major: shard k's states
/// follow those of shards 0..k.
fn link_parents<S>(raw: &mut Unreduced, i: Level, merged: &[Shard<S>], items: &Raw<(S, BackRef)>) {
    let first = raw.row_start(i);
    let mut base = 0u32;
    for (m, parts) in merged.iter().zip(&items.shards) {
        for ((_, back), &id) in parts.iter().flatten().zip(&m.ids) {
            if back.0 == BackRef::ROOT.0 {
                raw.set_root(RawRef::node(i, base + id));
            } else {
                let (l, parent, b) = (
                    (back.0 >> 33) as u32,
                    ((back.0 >> 1) & 0xFFFF_FFFF) as u32,
                    back.0 & 1 == 1,
                );
                raw.set_child_numbered(l, parent, b, first + base + id);
            }
        }
        base += m.states.len() as u32;
    }
}

/// Expands `states` (node ids `base..`, in consecutive slices) of `level`: the branches that
/// accept, as `id << 1 | branch`, and the children by level and shard.
fn expand_chunk<S: Spec>(
    spec: &S,
    (level, first): (Level, u32),
    (base, states): (u32, &[&[S::State]]),
    mut out: Scatter<(S::State, BackRef)>,
    bits_of: &dyn Fn(Level) -> u32,
) -> (Vec<u64>, Scatter<(S::State, BackRef)>) {
    let mut accepts = Vec::new();
    for (k, s) in (base..).zip(states.iter().copied().flatten()) {
        for b in 0..2 {
            match spec.child(s, level, b == 1) {
                Step::Reject => {}
                Step::Accept => accepts.push(u64::from(k) << 1 | b as u64),
                Step::Node(j, t) => {
                    let back = BackRef::new(level, first + k, b);
                    out.push(j, (t, back), |(t, _)| t, bits_of);
                }
            }
        }
    }
    (accepts, out)
}

/// Builds the unreduced diagram of `spec`, reporting each level to `limits.progress`. The
/// node budget is [`Limits::max_nodes`] if given, else the memory budget at
/// [`BUILD_BYTES_PER_NODE`] a node ([`crate::run::build_family`] also accounts wide states
/// and runs in [`Limits::threads`] threads; here the ambient rayon pool runs it).
///
/// # Errors
/// [`Stopped`] once more nodes than the budget exist (or more than
/// [`Unreduced::MAX_NODES`], what the raw diagram can hold), or once the deadline has passed.
///
/// Time: `O(total nodes)`; memory: 8 bytes per node plus the states of the busiest levels.
pub fn build<S: Spec>(spec: &S, limits: &Limits) -> Result<Built, Stopped> {
    build_in(spec, &Budget::build(limits, BUILD_BYTES_PER_NODE))
}

/// [`build`] under a budget already derived from the caller's limits.
pub(crate) fn build_in<S: Spec>(spec: &S, budget: &Budget<'_>) -> Result<Built, Stopped> {
    // Nodes whose 1-branch is rejected would only be suppressed by the reduction: never make
    // them (halves the raw nodes of a Simpath build).
    let spec = &Lookahead::new(spec);
    let levels = spec.num_levels();
    let mut raw = Unreduced::new();
    let mut pending: Pending<(S::State, BackRef)> = Pending::new(levels).wave_items(WAVE_ITEMS);
    match spec.root() {
        Step::Reject => {}
        Step::Accept => raw.set_root(RawRef::ONE),
        Step::Node(l, s) => pending.put(l, Raw::single((s, BackRef::ROOT))),
    }
    let mut nodes = 0u64;
    let mut max_level_nodes = 0usize;
    for i in 0..levels {
        let items = pending.take(i);
        let merged = items.as_ref().map_or_else(Vec::new, merge_level);
        let len: usize = merged.iter().map(|m| m.states.len()).sum();
        nodes += len as u64;
        let too_many = |_| {
            Stopped::budget(Resource::Nodes, nodes, Unreduced::MAX_NODES as u64)
                .at(At::level(i, levels))
                .of("the raw diagram")
        };
        raw.push_row(len).map_err(too_many)?;
        let Some(items) = items else {
            continue;
        };
        let first = raw.row_start(i);
        link_parents(&mut raw, i, &merged, &items);
        pending.recycle(items);
        max_level_nodes = max_level_nodes.max(len);
        budget.check_deadline(i, levels)?;
        budget.report(i, levels, nodes, || {
            let states: usize = merged.iter().map(|m| m.states.capacity()).sum();
            LevelFigures {
                states: len as u64,
                held_states: pending.items() + len as u64,
                held_bytes: raw.memory_bytes() as u64
                    + pending.bytes()
                    + (states * std::mem::size_of::<S::State>()) as u64,
            }
        });
        budget.check_nodes(nodes, i, levels)?;
        let parts = merged.into_iter().map(|m| m.states).collect();
        let accepts = pending.expand_level(
            i,
            parts,
            |_| None,
            |base, c, out, bits_of| expand_chunk(spec, (i, first), (base, c), out, bits_of),
        );
        for x in accepts.into_iter().flatten() {
            raw.set_child(i, (x >> 1) as u32, x & 1 == 1, RawRef::ONE);
        }
    }
    Ok(Built {
        unreduced: raw,
        nodes,
        max_level_nodes,
    })
}
