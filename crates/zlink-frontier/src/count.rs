//! Count-only mode: the spec evaluated as a per-level DP over `state -> number of ways`.
//!
//! No diagram is stored: a level is a hash map from state to count, built from the previous
//! level and dropped after use, so memory is proportional to the widest level. Counts are
//! `u128` until an addition overflows; the level where that happens is redone with `BigUint`
//! (as is everything after it).
//!
//! Parallelism: a big level is split into hash shards; rayon expands the source shards in
//! parallel into per-task buffers, then builds each target shard in parallel. Sums are exact,
//! so the answer does not depend on the thread count.

use num_bigint::BigUint;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;
use std::hash::Hash;

use crate::build::BudgetExceeded;
use crate::options::{shard_of, Options, Progress};
use crate::spec::{Level, Spec, Step};

/// Levels with fewer states than this are expanded sequentially (with 1 thread: always).
const PAR_THRESHOLD: usize = 1 << 13;
/// Number of shards of a level expanded in parallel.
const SHARDS: usize = 64;

/// What a count-only run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The number of sets in the family.
    pub count: BigUint,
    /// The largest number of distinct states at one level.
    pub max_level_states: usize,
    /// Distinct states summed over all levels (= nodes of the unreduced diagram).
    pub total_states: u64,
}

/// The size of the family described by `spec` (see [`count_with_stats`]).
///
/// # Errors
/// [`BudgetExceeded`] if `opts.max_nodes` is set and more states than that are created.
pub fn count<S: Spec>(spec: &S, opts: &Options<'_>) -> Result<BigUint, BudgetExceeded> {
    Ok(count_with_stats(spec, opts)?.count)
}

trait Num: Clone + Send + Sync {
    /// `self += other`; false on overflow (then `self` is unspecified).
    fn add(&mut self, other: &Self) -> bool;
    fn big(&self) -> BigUint;
    fn zero() -> Self;
}

impl Num for u128 {
    #[inline(always)]
    fn add(&mut self, other: &Self) -> bool {
        match self.checked_add(*other) {
            Some(x) => {
                *self = x;
                true
            }
            None => false,
        }
    }
    fn big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn zero() -> Self {
        0
    }
}

impl Num for BigUint {
    #[inline]
    fn add(&mut self, other: &Self) -> bool {
        *self += other;
        true
    }
    fn big(&self) -> BigUint {
        self.clone()
    }
    fn zero() -> Self {
        BigUint::default()
    }
}

type Shards<S, C> = Vec<FxHashMap<S, C>>;

enum LevelMap<S> {
    Small(Shards<S, u128>),
    Big(Shards<S, BigUint>),
}

fn to_big<S: Hash + Eq>(v: Shards<S, u128>) -> Shards<S, BigUint> {
    v.into_iter()
        .map(|m| m.into_iter().map(|(s, c)| (s, BigUint::from(c))).collect())
        .collect()
}

impl<S: Hash + Eq + Clone> LevelMap<S> {
    fn len(&self) -> usize {
        match self {
            LevelMap::Small(v) => v.iter().map(|m| m.len()).sum(),
            LevelMap::Big(v) => v.iter().map(|m| m.len()).sum(),
        }
    }

    fn into_big(self) -> Shards<S, BigUint> {
        match self {
            LevelMap::Small(v) => to_big(v),
            LevelMap::Big(v) => v,
        }
    }

    /// Adds `other`'s counts into `self` (both for the same level; only for specs that skip
    /// levels, so this path is rare and kept simple).
    fn merge(self, other: LevelMap<S>) -> LevelMap<S> {
        if let (LevelMap::Small(a), LevelMap::Small(b)) = (&self, &other) {
            let mut sum = a.clone();
            if add_all(&mut sum, b.iter().flat_map(|m| m.iter())) {
                return LevelMap::Small(sum);
            }
        }
        let mut a = self.into_big();
        let b = other.into_big();
        add_all(&mut a, b.iter().flat_map(|m| m.iter()));
        LevelMap::Big(a)
    }
}

/// Adds `(state, count)` pairs into sharded maps; false on overflow.
fn add_all<'a, S: Hash + Eq + Clone + 'a, C: Num + 'a>(
    dst: &mut Shards<S, C>,
    src: impl Iterator<Item = (&'a S, &'a C)>,
) -> bool {
    let k = dst.len();
    src.into_iter()
        .all(|(s, c)| add_one(&mut dst[shard_of(s, k)], s.clone(), c))
}

#[inline(always)]
fn add_one<S: Hash + Eq, C: Num>(map: &mut FxHashMap<S, C>, s: S, c: &C) -> bool {
    match map.entry(s) {
        Entry::Occupied(mut e) => e.get_mut().add(c),
        Entry::Vacant(e) => {
            e.insert(c.clone());
            true
        }
    }
}

struct Overflow;

/// The children of one level: the accepted count and new maps per target level.
struct Expanded<S, C> {
    accepted: C,
    targets: Vec<(Level, Shards<S, C>)>,
}

fn target_of<S, C>(
    targets: &mut Vec<(Level, Shards<S, C>)>,
    level: Level,
    shards: usize,
) -> &mut Shards<S, C> {
    let pos = match targets.iter().position(|(l, _)| *l == level) {
        Some(p) => p,
        None => {
            targets.push((level, (0..shards).map(|_| FxHashMap::default()).collect()));
            targets.len() - 1
        }
    };
    &mut targets[pos].1
}

/// Expands the states of `cur` (at `level`) sequentially into one-shard maps.
fn expand_seq<S: Spec, C: Num>(
    spec: &S,
    level: Level,
    cur: &[FxHashMap<S::State, C>],
    reserve: usize,
) -> Result<Expanded<S::State, C>, Overflow> {
    let mut accepted = C::zero();
    let mut targets: Vec<(Level, Shards<S::State, C>)> = Vec::new();
    for (s, c) in cur.iter().flat_map(|m| m.iter()) {
        for take in [false, true] {
            match spec.child(s, level, take) {
                Step::Reject => {}
                Step::Accept => {
                    if !accepted.add(c) {
                        return Err(Overflow);
                    }
                }
                Step::Node(j, t) => {
                    debug_assert!(j > level, "a spec child must have a larger level");
                    let map = &mut target_of(&mut targets, j, 1)[0];
                    if map.capacity() == 0 {
                        map.reserve(reserve);
                    }
                    if !add_one(map, t, c) {
                        return Err(Overflow);
                    }
                }
            }
        }
    }
    Ok(Expanded { accepted, targets })
}

/// Children destined for one level, bucketed by shard.
type Buckets<S, C> = Vec<Vec<(S, C)>>;

/// Per-task output of the parallel expansion: children bucketed by (target level, shard).
struct Buffers<S, C> {
    accepted: C,
    by_level: Vec<(Level, Buckets<S, C>)>,
}

/// Expands `cur` in parallel into `SHARDS`-way maps (see the module doc).
fn expand_par<S: Spec, C: Num>(
    spec: &S,
    level: Level,
    cur: &[FxHashMap<S::State, C>],
) -> Result<Expanded<S::State, C>, Overflow> {
    let bufs: Vec<Buffers<S::State, C>> = cur
        .par_iter()
        .map(|map| {
            let mut b = Buffers {
                accepted: C::zero(),
                by_level: Vec::new(),
            };
            for (s, c) in map {
                for take in [false, true] {
                    match spec.child(s, level, take) {
                        Step::Reject => {}
                        Step::Accept => {
                            if !b.accepted.add(c) {
                                return Err(Overflow);
                            }
                        }
                        Step::Node(j, t) => {
                            let pos = match b.by_level.iter().position(|(l, _)| *l == j) {
                                Some(p) => p,
                                None => {
                                    b.by_level
                                        .push((j, (0..SHARDS).map(|_| Vec::new()).collect()));
                                    b.by_level.len() - 1
                                }
                            };
                            let k = shard_of(&t, SHARDS);
                            b.by_level[pos].1[k].push((t, c.clone()));
                        }
                    }
                }
            }
            Ok(b)
        })
        .collect::<Result<_, _>>()?;
    let mut accepted = C::zero();
    let mut levels: Vec<Level> = Vec::new();
    for b in &bufs {
        if !accepted.add(&b.accepted) {
            return Err(Overflow);
        }
        for (l, _) in &b.by_level {
            if !levels.contains(l) {
                levels.push(*l);
            }
        }
    }
    // Regroup by (level, shard) across tasks, then build each shard's map in parallel.
    let mut targets = Vec::new();
    let mut bufs = bufs;
    for l in levels {
        let mut per_shard: Vec<Buckets<S::State, C>> = (0..SHARDS).map(|_| Vec::new()).collect();
        for b in &mut bufs {
            if let Some(pos) = b.by_level.iter().position(|(x, _)| *x == l) {
                let (_, shards) = b.by_level.swap_remove(pos);
                for (k, v) in shards.into_iter().enumerate() {
                    per_shard[k].push(v);
                }
            }
        }
        let maps: Vec<FxHashMap<S::State, C>> = per_shard
            .into_par_iter()
            .map(|parts| {
                let n = parts.iter().map(Vec::len).sum::<usize>();
                let mut m = FxHashMap::with_capacity_and_hasher(n / 2 + 1, Default::default());
                for part in parts {
                    for (s, c) in part {
                        if !add_one(&mut m, s, &c) {
                            return Err(Overflow);
                        }
                    }
                }
                Ok(m)
            })
            .collect::<Result<_, _>>()?;
        targets.push((l, maps));
    }
    Ok(Expanded { accepted, targets })
}

fn expand<S: Spec, C: Num>(
    spec: &S,
    level: Level,
    cur: &[FxHashMap<S::State, C>],
    len: usize,
) -> Result<Expanded<S::State, C>, Overflow> {
    if len >= PAR_THRESHOLD && rayon::current_num_threads() > 1 {
        expand_par(spec, level, cur)
    } else {
        expand_seq(spec, level, cur, len)
    }
}

/// Counts the family of `spec` and reports level statistics.
///
/// # Errors
/// [`BudgetExceeded`] once more than `opts.max_nodes` distinct states (summed over the
/// levels, as the builder counts nodes) have been created.
///
/// Time: `O(total states)` hash operations (each with two `child` calls); memory:
/// `O(widest level)` states (twice that while a level is expanded in parallel).
pub fn count_with_stats<S: Spec>(spec: &S, opts: &Options<'_>) -> Result<Counted, BudgetExceeded> {
    let levels = spec.num_levels();
    let mut stats = Counted {
        count: BigUint::default(),
        max_level_states: 0,
        total_states: 0,
    };
    let mut pending: Vec<Option<LevelMap<S::State>>> = (0..levels).map(|_| None).collect();
    match spec.root() {
        Step::Reject => return Ok(stats),
        Step::Accept => {
            stats.count = BigUint::from(1u8);
            return Ok(stats);
        }
        Step::Node(l, s) => {
            let mut m = FxHashMap::default();
            m.insert(s, 1u128);
            pending[l as usize] = Some(LevelMap::Small(vec![m]));
        }
    }
    for i in 0..levels {
        let Some(cur) = pending[i as usize].take() else {
            continue;
        };
        let len = cur.len();
        stats.max_level_states = stats.max_level_states.max(len);
        stats.total_states += len as u64;
        if let Some(p) = opts.progress {
            p(&Progress {
                level: i,
                levels,
                level_nodes: len,
                nodes_so_far: stats.total_states,
            });
        }
        if let Some(max) = opts.max_nodes {
            if stats.total_states > max {
                return Err(BudgetExceeded {
                    max_nodes: max,
                    nodes: stats.total_states,
                    level: i,
                });
            }
        }
        let (accepted, targets): LevelOut<S::State> = match cur {
            LevelMap::Small(shards) => match expand::<S, u128>(spec, i, &shards, len) {
                Ok(e) => (
                    e.accepted.big(),
                    e.targets
                        .into_iter()
                        .map(|(l, m)| (l, LevelMap::Small(m)))
                        .collect(),
                ),
                Err(Overflow) => big_level(spec, i, &to_big(shards), len),
            },
            LevelMap::Big(shards) => big_level(spec, i, &shards, len),
        };
        stats.count += accepted;
        for (l, m) in targets {
            let slot = &mut pending[l as usize];
            *slot = Some(match slot.take() {
                None => m,
                Some(old) => old.merge(m),
            });
        }
    }
    Ok(stats)
}

type LevelOut<S> = (BigUint, Vec<(Level, LevelMap<S>)>);

fn big_level<S: Spec>(
    spec: &S,
    level: Level,
    cur: &[FxHashMap<S::State, BigUint>],
    len: usize,
) -> LevelOut<S::State> {
    match expand::<S, BigUint>(spec, level, cur, len) {
        Ok(e) => (
            e.accepted,
            e.targets
                .into_iter()
                .map(|(l, m)| (l, LevelMap::Big(m)))
                .collect(),
        ),
        Err(Overflow) => unreachable!("BigUint additions cannot overflow"),
    }
}
