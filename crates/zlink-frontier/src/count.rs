//! Count-only mode: the spec evaluated as a per-level DP over `state -> number of ways`.
//!
//! No diagram is stored: a level is a list of distinct `(state, count)` pairs, built from the
//! levels above it and dropped after use, so memory is proportional to the widest level (plus
//! the raw children waiting for it).
//!
//! Each level is expanded into shard buckets and merged per shard (`pending.rs`, the
//! mechanism the builder shares); a child may land several levels below (the spec runs under
//! the 1-branch [`Lookahead`](crate::lookahead::Lookahead), which skips nodes whose 1-branch is rejected: 31% fewer states
//! on grid paths). Sums are exact and the shard of a state is fixed per level, so the answer
//! does not depend on the thread count.
//!
//! Counts are `u64` until a merge overflows; then every pending count is widened to `u128`,
//! then to 256 bits (two `u128`), and past those to `BigUint`, and the merge is redone (narrow
//! records are less memory traffic while the counts are small). Expansion only copies
//! counts, so it never overflows.

use hashbrown::HashTable;
use num_bigint::BigUint;
use rayon::prelude::*;
use std::hash::{BuildHasher, Hash};

use zlink_base::{Limits, Stopped};

use crate::budget::Budget;
use crate::lookahead::Lookahead;
use crate::pending::{Pending, Raw, Scatter};
use crate::run::COUNT_BYTES_PER_STATE;
use crate::spec::{Level, Spec, Step};
use zlink_zdd::U256;

/// What a count-only run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The number of sets in the family.
    pub count: BigUint,
    /// The largest number of distinct states at one level.
    pub max_level_states: usize,
    /// Distinct states summed over all levels (= nodes of the unreduced diagram, under the
    /// 1-branch lookahead).
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

/// A count type of the DP.
trait Num: Clone + Send + Sync {
    /// `self += other`; false on overflow, and then `self` is unchanged.
    fn add(&mut self, other: &Self) -> bool;
    fn big(&self) -> BigUint;
    fn zero() -> Self;
}

/// Machine-word counts: checked additions.
macro_rules! word_num {
    ($($t:ty),*) => {$(
        impl Num for $t {
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
    )*};
}
word_num!(u64, u128);

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

/// The 256-bit tier between `u128` and `BigUint` (the one shared with the diagram count).
impl Num for U256 {
    #[inline(always)]
    fn add(&mut self, other: &Self) -> bool {
        match self.checked_add(*other) {
            Some(s) => {
                *self = s;
                true
            }
            None => false,
        }
    }
    fn big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn zero() -> Self {
        U256::default()
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

/// A merged level: distinct states with counts, in shards (disjoint state sets).
type Merged<S, C> = Vec<Vec<(S, C)>>;

struct Overflow;

/// Merges the parts of one shard into distinct states (a compact table of `u32` indices into
/// the output, which grows in arrival order).
fn merge_shard<S: Hash + Eq + Clone, C: Num>(
    parts: &[Vec<(S, C)>],
) -> Result<Vec<(S, C)>, Overflow> {
    let n: usize = parts.iter().map(Vec::len).sum();
    let mut table: HashTable<u32> = HashTable::with_capacity(n);
    let mut items: Vec<(S, C)> = Vec::with_capacity(n);
    for (s, c) in parts.iter().flatten() {
        let h = fx(s);
        match table.find(h, |&i| items[i as usize].0 == *s) {
            Some(&i) => {
                if !items[i as usize].1.add(c) {
                    return Err(Overflow);
                }
            }
            None => {
                table.insert_unique(h, items.len() as u32, |&i| fx(&items[i as usize].0));
                items.push((s.clone(), c.clone()));
            }
        }
    }
    Ok(items)
}

/// Merges a level's raw children (shards in parallel).
fn merge<S: Hash + Eq + Clone + Send + Sync, C: Num>(
    raw: &Raw<(S, C)>,
) -> Result<Merged<S, C>, Overflow> {
    if raw.shards.len() == 1 {
        return Ok(vec![merge_shard(&raw.shards[0])?]);
    }
    raw.shards.par_iter().map(|p| merge_shard(p)).collect()
}

/// Expands one chunk of a level: the ways accepted, and the children by level and shard.
fn expand_chunk<S: Spec, C: Num>(
    spec: &S,
    level: Level,
    chunk: &[(S::State, C)],
    mut out: Scatter<(S::State, C)>,
    bits_of: &dyn Fn(Level) -> u32,
) -> (BigUint, Scatter<(S::State, C)>) {
    let mut accepted = Total::<C>::new();
    for (s, c) in chunk {
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
    pending: Pending<(S, C)>,
    /// The level to process next.
    next: Level,
}

impl<S, C> Dp<S, C> {
    fn widen<D: From<C>>(self) -> Dp<S, D> {
        Dp {
            pending: self.pending.map(|(s, c)| (s, D::from(c))),
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
        let Some(raw) = dp.pending.get(i) else {
            dp.next += 1;
            continue;
        };
        let Ok(cur) = merge(raw) else {
            return Err(dp);
        };
        let len: usize = cur.iter().map(Vec::len).sum();
        if let Err(e) = held(i, dp.pending.items() + len as u64) {
            return Ok(Err(e));
        }
        if let Some(raw) = dp.pending.take(i) {
            dp.pending.recycle(raw);
        }
        dp.next += 1;
        let level = i;
        stats.max_level_states = stats.max_level_states.max(len);
        stats.total_states += len as u64;
        stats.level_states.push((level, len as u64));
        if let Err(e) = budget.check_deadline(level, levels) {
            return Ok(Err(e));
        }
        budget.report(level, levels, stats.total_states);
        if let Err(e) = budget.check_nodes(stats.total_states, level, levels) {
            return Ok(Err(e));
        }
        let parts = cur.iter().map(Vec::as_slice);
        let accepted = dp
            .pending
            .expand_level(level, len, parts, |_, c, out, bits_of| {
                expand_chunk(spec, level, c, out, bits_of)
            });
        drop(cur);
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
    let spec = Lookahead(spec);
    let levels = spec.num_levels();
    let mut stats = Counted {
        count: BigUint::default(),
        max_level_states: 0,
        total_states: 0,
        level_states: Vec::new(),
    };
    let mut dp: Dp<S::State, u64> = Dp {
        pending: Pending::new(levels),
        next: 0,
    };
    match spec.root() {
        Step::Reject => return Ok(stats),
        Step::Accept => {
            stats.count = BigUint::from(1u8);
            return Ok(stats);
        }
        Step::Node(l, s) => dp.pending.put(l, Raw::single((s, 1u64))),
    }
    let dp = match run(&spec, budget, dp, &mut stats) {
        Ok(r) => return r.map(|()| stats),
        Err(dp) => dp.widen::<u128>(),
    };
    let dp = match run(&spec, budget, dp, &mut stats) {
        Ok(r) => return r.map(|()| stats),
        Err(dp) => dp.widen::<U256>(),
    };
    let dp = match run(&spec, budget, dp, &mut stats) {
        Ok(r) => return r.map(|()| stats),
        Err(dp) => dp.widen::<BigUint>(),
    };
    match run(&spec, budget, dp, &mut stats) {
        Ok(r) => r.map(|()| stats),
        Err(_) => unreachable!("BigUint additions cannot overflow"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u256_add_reports_overflow_and_keeps_the_value() {
        let mut a = U256 {
            lo: u128::MAX,
            hi: u128::MAX - 1,
        };
        assert!(a.add(&U256::from(1)));
        assert_eq!(
            a,
            U256 {
                lo: 0,
                hi: u128::MAX
            }
        );
        let before = a;
        assert!(!a.add(&U256 { lo: 0, hi: 1 }));
        assert_eq!(a, before);
        assert_eq!(
            BigUint::from(U256 { lo: 5, hi: 1 }),
            (BigUint::from(1u8) << 128u32) + 5u8
        );
    }

    #[test]
    fn totals_spill_past_the_word() {
        let mut t = Total::<u128>::new();
        for _ in 0..4 {
            t.add(&u128::MAX);
        }
        assert_eq!(t.big(), BigUint::from(u128::MAX) * 4u8);
    }
}
