//! Count-only mode: the spec evaluated as a per-level DP over `state -> number of ways`.
//!
//! No diagram is stored: a level is a list of distinct `(state, count)` pairs, built from the
//! levels above it and dropped after use, so memory is proportional to the widest level (plus
//! the raw children waiting for it).
//!
//! Each level is expanded into shard buckets and merged per shard (`pending.rs`, the
//! mechanism the builder shares); a child may land several levels below (the spec runs under
//! [`Forward`], which skips nodes with a single live branch: those whose 1-branch is rejected,
//! as the builder's [`Lookahead`](crate::lookahead::Lookahead) does, 31% fewer states on grid
//! paths, and those whose 0-branch is rejected, which a count need not store either: half the
//! rest). Sums are exact and the shard of a state is fixed per level, so the answer does not
//! depend on the thread count.
//!
//! Memory, the limit of record-size counts: a level is merged *in place* (the first copy of
//! each state stays in the buffer it arrived in and absorbs the counts of later copies), and
//! its buffers leave one wave of work at a time while it is expanded, so a level and its
//! children are never both whole. Counts are [`Limbs`] of 64-bit words, one limb until a
//! merge overflows; then every pending count gets one more limb and the merge goes on (narrow
//! records are less memory traffic while the counts are small; 19×19 corner paths need five
//! limbs, a 56-byte record, where a 256-bit tier would have spilled to heap numbers), and past
//! [`MAX_LIMBS`] to `BigUint`. Expansion only copies counts, so it never overflows.

use hashbrown::HashTable;
use num_bigint::BigUint;
use rayon::prelude::*;
use std::hash::{BuildHasher, Hash};

use zlink_base::{Limits, Stopped};

use crate::budget::{Budget, LevelFigures};
use crate::lookahead::Forward;
use crate::pending::{Pending, Raw, Scatter};
use crate::run::COUNT_BYTES_PER_STATE;
use crate::spec::{Level, Spec, Step};
use zlink_zdd::probe::{Probe, ReadAhead, Slots};
use zlink_zdd::Limbs;

/// The widest fixed-width tier of the count-only DP (384 bits); wider counts are `BigUint`.
pub const MAX_LIMBS: usize = 6;

/// What a count-only run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The number of sets in the family.
    pub count: BigUint,
    /// The largest number of distinct states at one level.
    pub max_level_states: usize,
    /// Distinct states stored, summed over all levels. A node with one live branch is passed
    /// through to its child, not stored ([`Forward`]), so this is less than the unreduced
    /// diagram's node count (14×14 corner paths: 23.6 M against the builder's 48.7 M).
    pub total_states: u64,
    /// `(level, distinct states)` of every level that held a state, in order: the profile
    /// of the run (where the width is).
    pub level_states: Vec<(Level, u64)>,
}

/// The size of the family described by `spec` (see [`count_with_stats`]).
///
/// # Errors
/// [`Stopped`] if a budget or the time of `limits` runs out.
pub fn count<S: Spec>(spec: &S, limits: &Limits) -> Result<BigUint, Stopped> {
    Ok(count_with_stats(spec, limits)?.count)
}

/// A count type of the DP (and of [`merge_shard`]'s records).
pub trait Num: Clone + Send + Sync {
    /// `self += other`; false on overflow, and then `self` is unchanged.
    fn add(&mut self, other: &Self) -> bool;
    /// The count as a `BigUint`.
    fn big(&self) -> BigUint;
    /// Zero.
    fn zero() -> Self;
}

/// A checked sum into `x`: stored and true, or `x` unchanged and false on overflow.
#[inline(always)]
fn store<T>(x: &mut T, sum: Option<T>) -> bool {
    let Some(s) = sum else { return false };
    *x = s;
    true
}

/// [`Num`] for a fixed-width count with `checked_add`, `Default` (zero) and a `BigUint` from it.
macro_rules! fixed_num {
    ($(#[$doc:meta])* [$($g:tt)*] $t:ty) => {
        $(#[$doc])*
        impl<$($g)*> Num for $t {
            #[inline(always)]
            fn add(&mut self, other: &Self) -> bool {
                store(self, self.checked_add(*other))
            }
            fn big(&self) -> BigUint {
                BigUint::from(*self)
            }
            fn zero() -> Self {
                Self::default()
            }
        }
    };
}
fixed_num!(
    /// A one-word count (the records of `zlink-cluster`'s levels).
    [] u128
);
fixed_num!([const K: usize] Limbs<K>);

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

/// A sum that spills into a `BigUint` instead of overflowing (accepted counts).
struct Total<C> {
    word: C,
    spill: BigUint,
}

impl<C: Num> Total<C> {
    fn new() -> Self {
        Total {
            word: C::zero(),
            spill: BigUint::default(),
        }
    }
    #[inline]
    fn add(&mut self, c: &C) {
        if !self.word.add(c) {
            self.spill += self.word.big();
            self.word = c.clone();
        }
    }
    fn big(self) -> BigUint {
        self.spill + self.word.big()
    }
}

#[inline(always)]
fn fx<S: Hash>(s: &S) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(s)
}

/// A sum of [`merge_shard`] outgrew its count type.
#[derive(Debug)]
pub struct Overflow;

/// Where the first copy of a state sits in a shard being merged: `(part << shift) | index`.
#[derive(Clone, Copy)]
struct Spot {
    shift: u32,
}

impl Spot {
    /// A packing for `parts` (`None` if the biggest part and the part count need more than
    /// 31 bits together: the top bit of a table slot stays clear, see [`Slots`]).
    fn for_parts<T>(parts: &[Vec<T>]) -> Option<Spot> {
        let longest = parts.iter().map(Vec::len).max().unwrap_or(0);
        let shift = usize::BITS - longest.leading_zeros();
        let part_bits = usize::BITS - parts.len().leading_zeros();
        (shift + part_bits <= 31).then_some(Spot { shift })
    }
    /// Bits a spot takes (the rest of a table slot holds part of the state's hash).
    fn bits(self, parts: usize) -> u32 {
        self.shift + (usize::BITS - parts.leading_zeros())
    }
    #[inline(always)]
    fn pack(self, part: usize, index: usize) -> u32 {
        ((part << self.shift) | index) as u32
    }
    #[inline(always)]
    fn unpack(self, key: u32) -> (usize, usize) {
        let key = key as usize;
        (key >> self.shift, key & ((1 << self.shift) - 1))
    }
}

/// Merges the parts of one shard in place: the first copy of each state stays in its part
/// (moved towards the part's front) and absorbs the counts of later copies, which leave. On
/// overflow the parts are left a valid unmerged level (every count still counted once) for a
/// wider tier to merge again.
///
/// The table is open addressing with linear probing over 4-byte slots, each a first copy's
/// spot (part, index) below as many of its hash's high bits as fit: a probe reads one cache
/// line and touches a record only when those bits agree; and the slot of the record
/// eight places on is read first, so that its cache miss overlaps this probe (the merge
/// is bound by cache misses: against a `hashbrown` table of spots, whose control bytes and
/// spots lie in two arrays, this took 12-14% off the count-only CPU of 14×14 and 15×15
/// corner paths, see `tools/README.md`, issue 35).
///
/// Public so that `zlink-cluster` merges a worker's level with the same machinery.
///
/// # Errors
/// [`Overflow`] when a sum does not fit `C` (the parts then hold the level unmerged, each
/// count still once).
pub fn merge_shard<S: Hash + Eq + Clone, C: Num>(
    parts: &mut [Vec<(S, C)>],
) -> Result<(), Overflow> {
    let Some(spot) = Spot::for_parts(parts) else {
        merge_shard_copying(parts)?;
        return Ok(());
    };
    let n: usize = parts.iter().map(Vec::len).sum();
    // A slot's value is a first copy's spot (part, index).
    let mut slots = Slots::new(n, spot.bits(parts.len()));
    for k in 0..parts.len() {
        let len = parts[k].len();
        let mut walk = ReadAhead::new(&slots, len, |i| fx(&parts[k][i].0));
        // Records `..w` are the part's first copies; the walk only hashes records past `r`.
        let mut w = 0;
        for r in 0..len {
            let h = walk.hash(&slots, r, |i| fx(&parts[k][i].0));
            let probe = slots.probe(h, |v| {
                let (p, i) = spot.unpack(v);
                parts[p][i].0 == parts[k][r].0
            });
            match probe {
                Probe::Vacant(free) => {
                    parts[k].swap(w, r);
                    slots.fill(free, spot.pack(k, w));
                    w += 1;
                }
                Probe::Found(v) => {
                    let (p, i) = spot.unpack(v);
                    let c = parts[k][r].1.clone();
                    if !parts[p][i].1.add(&c) {
                        // Keep the unabsorbed copy and the rest behind the kept ones.
                        parts[k].drain(w..r);
                        return Err(Overflow);
                    }
                }
            }
        }
        parts[k].truncate(w);
    }
    // The parts keep their capacity: shrinking each one after the merge (a reallocation per
    // part) measured 35 against 31 MB peak on 14x14 corner paths, and 1 % more instructions.
    Ok(())
}

/// [`merge_shard`] through a copy (when spots do not fit in 32 bits): the distinct states of
/// all parts in one new part.
fn merge_shard_copying<S: Hash + Eq + Clone, C: Num>(
    parts: &mut [Vec<(S, C)>],
) -> Result<(), Overflow> {
    let n: usize = parts.iter().map(Vec::len).sum();
    let mut table: HashTable<usize> = HashTable::with_capacity(n);
    let mut items: Vec<(S, C)> = Vec::with_capacity(n);
    for (s, c) in parts.iter().flatten() {
        let h = fx(s);
        if let Some(&i) = table.find(h, |&i| items[i].0 == *s) {
            if !items[i].1.add(c) {
                return Err(Overflow); // the parts are untouched
            }
            continue;
        }
        table.insert_unique(h, items.len(), |&i| fx(&items[i].0));
        items.push((s.clone(), c.clone()));
    }
    for p in parts.iter_mut() {
        *p = Vec::new();
    }
    parts[0] = items;
    Ok(())
}

/// Merges a level's raw children in place (shards in parallel).
fn merge<S: Hash + Eq + Clone + Send + Sync, C: Num>(
    raw: &mut Raw<(S, C)>,
) -> Result<(), Overflow> {
    if raw.shards.len() == 1 {
        return merge_shard(&mut raw.shards[0]);
    }
    // every shard is merged (a shard that overflows is left valid, see `merge_shard`)
    let fits: Vec<bool> = raw
        .shards
        .par_iter_mut()
        .map(|p| merge_shard(p).is_ok())
        .collect();
    if fits.into_iter().all(|x| x) {
        Ok(())
    } else {
        Err(Overflow)
    }
}

/// Expands one work item of a level: the ways accepted, and the children by level and shard.
fn expand_chunk<S: Spec, C: Num>(
    spec: &S,
    level: Level,
    slices: &[&[(S::State, C)]],
    mut out: Scatter<(S::State, C), true>,
    bits_of: &dyn Fn(Level) -> u32,
) -> (BigUint, Scatter<(S::State, C), true>) {
    let mut accepted = Total::<C>::new();
    for (s, c) in slices.iter().copied().flatten() {
        for take in [false, true] {
            match spec.child(s, level, take) {
                Step::Reject => {}
                Step::Accept => accepted.add(c),
                Step::Node(j, t) => out.push(j, (t, c.clone()), |(t, _)| t, bits_of),
            }
        }
    }
    (accepted.big(), out)
}

/// The DP's pending levels, all with count type `C`.
struct Dp<S, C> {
    pending: Pending<(S, C), true>,
    /// The level to process next.
    next: Level,
}

impl<S, C> Dp<S, C> {
    fn widen<D>(self, f: impl Fn(C) -> D + Copy) -> Dp<S, D> {
        Dp {
            pending: self.pending.map(move |(s, c)| (s, f(c))),
            next: self.next,
        }
    }
}

/// Runs the DP with count type `C` until the end (`Ok`) or until a merge overflows (`Err`,
/// with the level that overflowed still pending).
fn run<S: Spec, C: Num>(
    spec: &S,
    budget: &Budget<'_>,
    mut dp: Dp<S::State, C>,
    stats: &mut Counted,
) -> Result<Result<(), Stopped>, Dp<S::State, C>> {
    let levels = spec.num_levels();
    let held = |level: Level, states: u64| budget.check_held(states, level, levels);
    while dp.next < levels {
        let i = dp.next;
        let Some(mut cur) = dp.pending.take(i) else {
            dp.next += 1;
            continue;
        };
        if merge(&mut cur).is_err() {
            dp.pending.put(i, cur);
            return Err(dp);
        }
        let len = cur.len();
        if let Err(e) = held(i, dp.pending.items() + len as u64) {
            return Ok(Err(e));
        }
        dp.next += 1;
        let level = i;
        stats.max_level_states = stats.max_level_states.max(len);
        stats.total_states += len as u64;
        stats.level_states.push((level, len as u64));
        if let Err(e) = budget.check_deadline(level, levels) {
            return Ok(Err(e));
        }
        budget.report(level, levels, stats.total_states, || {
            let record = std::mem::size_of::<(S::State, C)>() as u64;
            let cur_bytes: u64 = cur
                .shards
                .iter()
                .flatten()
                .map(|p| p.capacity() as u64)
                .sum();
            LevelFigures {
                states: len as u64,
                held_states: dp.pending.items() + len as u64,
                held_bytes: dp.pending.bytes() + cur_bytes * record,
            }
        });
        if let Err(e) = budget.check_nodes(stats.total_states, level, levels) {
            return Ok(Err(e));
        }
        let parts: Vec<Vec<(S::State, C)>> = cur.shards.into_iter().flatten().collect();
        let accepted = dp
            .pending
            .expand_level(level, parts, Some, |_, slices, out, bits_of| {
                expand_chunk(spec, level, slices, out, bits_of)
            });
        for a in accepted {
            stats.count += a;
        }
        if let Err(e) = held(i, dp.pending.items() + len as u64) {
            return Ok(Err(e));
        }
    }
    Ok(Ok(()))
}

/// Counts the family of `spec` and reports level statistics, and each level to
/// `limits.progress`. The budget of states held at once is the memory budget at
/// [`COUNT_BYTES_PER_STATE`] a state ([`crate::run::count_family`] also accounts wide states
/// and runs in [`Limits::threads`] threads; here the ambient rayon pool runs it).
///
/// # Errors
/// [`Stopped`] once more than [`Limits::max_nodes`] distinct states (summed over the levels,
/// as the builder counts nodes) have been created, once more states are held at once than
/// the memory budget allows, or once the deadline has passed.
///
/// Time: `O(total states)` hash operations (each with two `child` calls); memory:
/// `O(widest level)` states, plus the raw children of the next levels (about twice that).
pub fn count_with_stats<S: Spec>(spec: &S, limits: &Limits) -> Result<Counted, Stopped> {
    count_in(spec, &Budget::count(limits, COUNT_BYTES_PER_STATE))
}

/// [`count_with_stats`] under a budget already derived from the caller's limits.
pub(crate) fn count_in<S: Spec>(spec: &S, budget: &Budget<'_>) -> Result<Counted, Stopped> {
    let spec = Forward::new(spec);
    let levels = spec.num_levels();
    let mut stats = Counted {
        count: BigUint::default(),
        max_level_states: 0,
        total_states: 0,
        level_states: Vec::new(),
    };
    let mut dp: Dp<S::State, Limbs<1>> = Dp {
        pending: Pending::new(levels),
        next: 0,
    };
    match spec.root() {
        Step::Reject => return Ok(stats),
        Step::Accept => {
            stats.count = BigUint::from(1u8);
            return Ok(stats);
        }
        Step::Node(l, s) => dp.pending.put(l, Raw::single((s, Limbs::from(1u64)))),
    }
    // One more limb per overflow (see the module doc).
    macro_rules! tiers {
        ($dp:ident; $($k:literal),*) => {$(
            let $dp = match run(&spec, budget, $dp, &mut stats) {
                Ok(r) => return r.map(|()| stats),
                Err(dp) => dp.widen(|c| c.resize::<$k>().expect("a wider tier holds it")),
            };
        )*};
    }
    tiers!(dp; 2, 3, 4, 5, 6);
    const { assert!(MAX_LIMBS == 6) };
    let dp = match run(&spec, budget, dp, &mut stats) {
        Ok(r) => return r.map(|()| stats),
        Err(dp) => dp.widen(BigUint::from),
    };
    match run(&spec, budget, dp, &mut stats) {
        Ok(r) => r.map(|()| stats),
        Err(_) => unreachable!("BigUint additions cannot overflow"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn limbs_add_reports_overflow_and_keeps_the_value() {
        let mut a = Limbs::from_limbs([u64::MAX, u64::MAX - 1]);
        assert!(a.add(&Limbs::from(1u64)));
        assert_eq!(a, Limbs::from_limbs([0, u64::MAX]));
        let before = a;
        assert!(!a.add(&Limbs::from_limbs([0, 1])));
        assert_eq!(a, before);
    }

    #[test]
    fn totals_spill_past_the_word() {
        let mut t = Total::<Limbs<2>>::new();
        for _ in 0..4 {
            t.add(&Limbs::from(u128::MAX));
        }
        assert_eq!(t.big(), BigUint::from(u128::MAX) * 4u8);
    }

    /// Sum of the counts per state.
    fn sums<C: Num>(parts: &[Vec<(u32, C)>]) -> BTreeMap<u32, BigUint> {
        let mut m = BTreeMap::new();
        for (s, c) in parts.iter().flatten() {
            *m.entry(*s).or_insert_with(BigUint::default) += c.big();
        }
        m
    }

    /// Big shards (thousands of states, many copies each, parts of every size, states that
    /// differ only in their high bits): the probing table merges each state once, with its
    /// summed count, the first copy kept at the front of its part.
    #[test]
    fn in_place_merge_of_big_shards_matches_the_sums() {
        let mut rng = zlink_base::SplitMix64::new(7);
        for round in 0..6u64 {
            let states = 1 + rng.below_u64(6000);
            let parts: Vec<Vec<(u128, u128)>> = (0..1 + rng.below_u64(40))
                .map(|_| {
                    (0..rng.below_u64(3000))
                        .map(|_| {
                            let s = u128::from(rng.below_u64(states)) << (64 * (round % 2));
                            (s, u128::from(rng.below_u64(1 << 20)))
                        })
                        .collect()
                })
                .collect();
            let mut want: BTreeMap<u128, u128> = BTreeMap::new();
            let mut first: Vec<u128> = Vec::new();
            for (s, c) in parts.iter().flatten() {
                let e = want.entry(*s).or_insert_with(|| {
                    first.push(*s);
                    0
                });
                *e += c;
            }
            let mut merged = parts.clone();
            assert!(merge_shard(&mut merged).is_ok());
            let got: Vec<(u128, u128)> = merged.iter().flatten().copied().collect();
            assert_eq!(got.len(), want.len(), "round {round}: each state once");
            assert_eq!(
                got.iter().map(|x| x.0).collect::<Vec<_>>(),
                first,
                "round {round}: first copies in arrival order"
            );
            for (s, c) in got {
                assert_eq!(want[&s], c, "round {round}");
            }
        }
    }

    /// Random parts whose counts overflow one limb on merging: the in-place merge stops with
    /// every count still counted once, the wider tier finishes it, and the result holds each
    /// state once with the right sum (and so does the copying merge).
    #[test]
    fn in_place_merge_survives_overflow_and_matches_the_sums() {
        let mut rng = zlink_base::SplitMix64::new(99);
        for round in 0..40 {
            let parts: Vec<Vec<(u32, Limbs<1>)>> = (0..1 + rng.below_u64(6))
                .map(|_| {
                    (0..rng.below_u64(200))
                        .map(|_| {
                            let big = rng.below_u64(4) == 0 && round % 2 == 0;
                            let c = if big {
                                u64::MAX / 3
                            } else {
                                rng.below_u64(1000)
                            };
                            (rng.below_u64(50) as u32, Limbs::from(c))
                        })
                        .collect()
                })
                .collect();
            let want = sums(&parts);
            let mut narrow = parts.clone();
            let mut merged = match merge_shard(&mut narrow) {
                Ok(()) => narrow
                    .into_iter()
                    .map(|p| {
                        p.into_iter()
                            .map(|(s, c)| (s, c.resize::<2>().unwrap()))
                            .collect()
                    })
                    .collect(),
                Err(Overflow) => {
                    assert_eq!(
                        sums(&narrow),
                        want,
                        "round {round}: nothing lost or doubled"
                    );
                    let mut wide: Vec<Vec<(u32, Limbs<2>)>> = narrow
                        .into_iter()
                        .map(|p| {
                            p.into_iter()
                                .map(|(s, c)| (s, c.resize().unwrap()))
                                .collect()
                        })
                        .collect();
                    assert!(merge_shard(&mut wide).is_ok());
                    wide
                }
            };
            assert_eq!(sums(&merged), want, "round {round}");
            let states: Vec<u32> = merged.iter().flatten().map(|x| x.0).collect();
            assert_eq!(states.len(), want.len(), "round {round}: each state once");
            let mut copied: Vec<Vec<(u32, Limbs<2>)>> = parts
                .iter()
                .map(|p| p.iter().map(|&(s, c)| (s, c.resize().unwrap())).collect())
                .collect();
            assert!(merge_shard_copying(&mut copied).is_ok());
            assert_eq!(sums(&copied), want);
            assert_eq!(copied.iter().map(Vec::len).sum::<usize>(), want.len());
            merged.clear();
        }
    }
}
