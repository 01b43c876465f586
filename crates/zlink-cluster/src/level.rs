//! A worker's open levels: a level's records as they arrive, in parts of bounded size and in
//! shards by their hash, merged in place shard by shard once the level is complete.
//!
//! Why shards: one hash table for a whole level of 16×16 corner paths (millions of records)
//! misses the cache on nearly every probe; each shard's table stays in the cache, as the single
//! pass's (`zlink-frontier`'s `pending`). A record goes to its shard as it joins the level
//! (this worker's children after each part expanded, the peers' as their batches arrive), so
//! no pass moves a complete level's records into shards.
//!
//! Why parts: a level grown as one buffer doubles and copies itself, and at its peak holds up
//! to twice its records; parts of at most [`PART`] records are never copied, and the level is
//! given back to the allocator a part at a time as its children are made. The merge is the
//! single pass's in-place hash merge ([`merge_shard`]: the first copy of a state absorbs the
//! later ones), with `u128` counts; a level whose sums pass 128 bits (or that holds records
//! which arrived with such counts) is merged the same way in a 192-bit tier ([`Mid`], parts of
//! 40-byte records), past that in the single pass's widest fixed-width tier ([`Wide`], 64-byte
//! records), and only a sum past that tier takes the rare path [`merge_big`], whose counts are
//! `BigUint`s.

use std::hash::{BuildHasher, Hash};

use num_bigint::BigUint;
use rustc_hash::FxBuildHasher;
use zlink_frontier::count::{merge_shard, Num, MAX_LIMBS};
use zlink_zdd::Limbs;

/// A state with a count below 2^128, as a level holds it: 32 bytes for a packed state.
pub(crate) type Word<W> = (W, u128);

/// A count past 128 bits: 192 bits (16×16 corner paths' count needs 181).
pub(crate) type Mid = Limbs<3>;

/// A count past 192 bits: the single pass's widest fixed-width tier (384 bits).
pub(crate) type Wide = Limbs<MAX_LIMBS>;

/// A state with a count past 128 bits (the last levels of the biggest counts): 40 bytes for a
/// packed state, merged and sent as the one-word records are.
pub(crate) type Medium<W> = (W, Mid);

/// A state with a count past 192 bits: 64 bytes for a packed state.
pub(crate) type Long<W> = (W, Wide);

/// A state whose count has outgrown [`Wide`], held aside (beyond any count measured).
pub(crate) type Big<W> = (W, BigUint);

/// Records a part holds at most (2 MiB of 32-byte records); a level's later parts grow to
/// this size from [`FIRST_PART`] as the level grows (a shard's to [`part_cap`]).
const PART: usize = 1 << 16;

/// Records of a level's first part.
const FIRST_PART: usize = 1 << 10;

/// Most shards a level is cut into (as a power of two): a state's shard is the top bits of
/// its Fx hash (bits the merge table's slots and tags do not use), the top
/// `MAX_SHARD_BITS` of them shifted down to the level's shard bits.
pub(crate) const MAX_SHARD_BITS: u32 = 5;

/// Records per shard a level is cut into: one hash table for a whole level of 16×16 corner
/// paths (millions of records) misses the cache on nearly every probe, as the single pass
/// found (its shards of about 2^16 states, `zlink-frontier`'s `pending`).
const SHARD_RECORDS: usize = 1 << 16;

/// The Fx hash of a state: its shard (top bits), its merge table's slot and tag (low bits and
/// bits 32 and up) and, mixed, its owner.
#[inline]
pub(crate) fn fx<W: Hash>(w: &W) -> u64 {
    FxBuildHasher.hash_one(w)
}

/// The shard of a state of hash `h` in a level of `bits` shard bits.
#[inline]
pub(crate) fn shard(h: u64, bits: u32) -> usize {
    ((h >> (u64::BITS - MAX_SHARD_BITS)) >> (MAX_SHARD_BITS - bits)) as usize
}

/// Shard bits for a level opened after a level of `states` states: about
/// [`SHARD_RECORDS`] records a shard (two children a state), at most 2^[`MAX_SHARD_BITS`]
/// shards, as the single pass's `pending::shard_bits`.
pub(crate) fn shard_bits(states: usize) -> u32 {
    (2 * states / SHARD_RECORDS)
        .next_power_of_two()
        .trailing_zeros()
        .min(MAX_SHARD_BITS)
}

/// Records a part of a level of `bits` shard bits holds at most: [`PART`] shared by the
/// shards (at least 4096), so that the shards' partly filled last parts waste about what one
/// level's last part does.
#[inline]
pub(crate) fn part_cap(bits: u32) -> usize {
    (PART >> bits).max(1 << 12)
}

/// A level's records by count tier: one-word counts and [`Mid`] ones per shard in parts,
/// [`Wide`] ones in parts (one shard), and `BigUint` ones (once the level is merged its
/// states are all in one tier, each once).
pub(crate) struct Run<W> {
    /// Shard bits (see [`shard`]), fixed when the level opens.
    pub bits: u32,
    /// `parts[k]`: the one-word records of shard `k`, in parts.
    pub parts: Vec<Vec<Vec<Word<W>>>>,
    /// `mid[k]`: the 192-bit records of shard `k`, in parts.
    pub mid: Vec<Vec<Vec<Medium<W>>>>,
    pub wide: Vec<Vec<Long<W>>>,
    pub big: Vec<Big<W>>,
}

impl<W: Hash> Run<W> {
    /// An empty level of `bits` shard bits.
    pub fn new(bits: u32) -> Self {
        Run {
            bits,
            parts: (0..1 << bits).map(|_| Vec::new()).collect(),
            mid: (0..1 << bits).map(|_| Vec::new()).collect(),
            wide: Vec::new(),
            big: Vec::new(),
        }
    }

    /// Records held.
    pub fn len(&self) -> usize {
        let words: usize = self.parts.iter().map(|s| held(s)).sum();
        let mid: usize = self.mid.iter().map(|s| held(s)).sum();
        words + mid + held(&self.wide) + self.big.len()
    }

    /// Appends a record with a one-word count to shard `k`.
    #[inline]
    pub fn push_at(&mut self, k: usize, state: W, count: u128) {
        push_in(&mut self.parts[k], (state, count), part_cap(self.bits));
    }

    /// Appends a record with a one-word count.
    #[inline]
    pub fn push(&mut self, state: W, count: u128) {
        push_sharded(&mut self.parts, self.bits, (state, count));
    }

    /// Appends a record with a count past 128 bits.
    #[inline]
    pub fn push_mid(&mut self, state: W, count: Mid) {
        push_sharded(&mut self.mid, self.bits, (state, count));
    }

    /// Moves every one-word record of `xs` to its shard, leaving `xs` empty with its capacity.
    pub fn extend(&mut self, xs: &mut Vec<Word<W>>) {
        extend_sharded(&mut self.parts, self.bits, xs);
    }

    /// As [`Run::extend`], for records with a count past 128 bits.
    pub fn extend_mid(&mut self, xs: &mut Vec<Medium<W>>) {
        extend_sharded(&mut self.mid, self.bits, xs);
    }

    /// Appends a record with a count past 192 bits.
    #[inline]
    pub fn push_wide(&mut self, state: W, count: Wide) {
        push_in(&mut self.wide, (state, count), PART);
    }

    /// Whether every record has been taken.
    pub fn is_empty(&self) -> bool {
        self.parts.iter().all(Vec::is_empty)
            && self.mid.iter().all(Vec::is_empty)
            && self.wide.is_empty()
            && self.big.is_empty()
    }
}

/// Records in `parts`.
fn held<T>(parts: &[Vec<T>]) -> usize {
    parts.iter().map(Vec::len).sum()
}

/// Appends record `x` to the parts of its shard among `shards` (a level of `bits` shard bits).
#[inline]
fn push_sharded<W: Hash, C>(shards: &mut [Vec<Vec<(W, C)>>], bits: u32, x: (W, C)) {
    let k = shard(fx(&x.0), bits);
    push_in(&mut shards[k], x, part_cap(bits));
}

/// Moves every record of `xs` to its shard among `shards` (one copy of the whole vector when
/// there is one shard), leaving `xs` empty with its capacity.
fn extend_sharded<W: Hash, C>(shards: &mut [Vec<Vec<(W, C)>>], bits: u32, xs: &mut Vec<(W, C)>) {
    if bits == 0 {
        extend_in(&mut shards[0], xs, part_cap(0));
    } else {
        for x in xs.drain(..) {
            push_sharded(shards, bits, x);
        }
    }
}

/// Appends `x` to the last part, or to a new one (of at most `cap` records) once that is
/// full.
#[inline]
pub(crate) fn push_in<T>(parts: &mut Vec<Vec<T>>, x: T, cap: usize) {
    match parts.last_mut() {
        Some(p) if p.len() < p.capacity() => p.push(x),
        _ => push_in_new_part(parts, x, cap),
    }
}

/// Moves every record of `xs` to the end of `parts` (as [`push_in`] one by one would),
/// leaving `xs` empty with its capacity.
pub(crate) fn extend_in<T>(parts: &mut Vec<Vec<T>>, xs: &mut Vec<T>, cap: usize) {
    let mut left = xs.len();
    let mut it = xs.drain(..);
    while left > 0 {
        let room = match parts.last() {
            Some(p) if p.len() < p.capacity() => p.capacity() - p.len(),
            _ => {
                let cap = held(parts).clamp(FIRST_PART.min(cap), cap);
                parts.push(Vec::with_capacity(cap));
                cap
            }
        };
        let now = room.min(left);
        parts
            .last_mut()
            .expect("a part")
            .extend(it.by_ref().take(now));
        left -= now;
    }
}

#[inline(never)]
fn push_in_new_part<T>(parts: &mut Vec<Vec<T>>, x: T, cap: usize) {
    let mut part = Vec::with_capacity(held(parts).clamp(FIRST_PART.min(cap), cap));
    part.push(x);
    parts.push(part);
}

/// Merges equal states of `run` (their counts summed exactly) in place, shard by shard, in
/// the narrowest tier that holds every sum and every record that arrived; returns how many
/// records went.
pub(crate) fn merge<W: Hash + Ord + Clone>(run: &mut Run<W>) -> usize {
    let before = run.len();
    if !(run.big.is_empty() && merge_fixed(run)) {
        merge_big(run);
    }
    for s in &mut run.parts {
        s.retain(|p| !p.is_empty());
    }
    for s in &mut run.mid {
        s.retain(|p| !p.is_empty());
    }
    run.wide.retain(|p| !p.is_empty());
    before - run.len()
}

/// [`merge`] in the fixed-width tiers: one-word counts while the level's sums and records fit
/// them, else [`Mid`] (shard by shard), else [`Wide`] (one shard; each time every record of
/// the level moved to the wider tier, a part at a time); false (the level unmerged, every
/// count still once) when a sum passes [`Wide`].
fn merge_fixed<W: Hash + Eq + Clone>(run: &mut Run<W>) -> bool {
    if run.wide.is_empty() {
        if run.mid.iter().all(Vec::is_empty) && merge_shards(&mut run.parts) {
            return true;
        }
        for (p, m) in run.parts.iter_mut().zip(&mut run.mid) {
            widen(p, m, Mid::from);
        }
        if merge_shards(&mut run.mid) {
            return true;
        }
    }
    for p in &mut run.parts {
        widen(p, &mut run.wide, Wide::from);
    }
    for m in &mut run.mid {
        widen(m, &mut run.wide, |c: Mid| {
            c.resize().expect("192 bits fit the wide tier")
        });
    }
    merge_shard(&mut run.wide).is_ok()
}

/// [`merge_shard`] on every shard (each table small enough to stay in the cache); false
/// when a sum overflowed (every shard is still a valid level, each count once).
fn merge_shards<W: Hash + Eq + Clone, C: Num>(shards: &mut [Vec<Vec<(W, C)>>]) -> bool {
    let mut fits = true;
    for s in shards.iter_mut().filter(|s| !s.is_empty()) {
        fits &= merge_shard(s).is_ok();
    }
    fits
}

/// Moves the records of `from` to `to` with their counts widened by `f`, a part at a time.
#[cold]
fn widen<W, A, B>(from: &mut Vec<Vec<(W, A)>>, to: &mut Vec<Vec<(W, B)>>, f: impl Fn(A) -> B) {
    for p in std::mem::take(from) {
        to.push(p.into_iter().map(|(s, c)| (s, f(c))).collect());
    }
}

/// [`merge`] when a sum passes [`Wide`]: every record as a `BigUint` count, sorted by state,
/// equal states summed.
#[cold]
fn merge_big<W: Ord + Clone>(run: &mut Run<W>) {
    let big = &mut run.big;
    for shard in &mut run.parts {
        let records = std::mem::take(shard).into_iter().flatten();
        big.extend(records.map(|(s, c)| (s, BigUint::from(c))));
    }
    for shard in &mut run.mid {
        let records = std::mem::take(shard).into_iter().flatten();
        big.extend(records.map(|(s, c)| (s, BigUint::from(c))));
    }
    big.extend(
        std::mem::take(&mut run.wide)
            .into_iter()
            .flatten()
            .map(|(s, c)| (s, BigUint::from(c))),
    );
    big.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    big.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            kept.1 += std::mem::take(&mut later.1);
        }
        same
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// `extend_in` leaves the parts `push_in` one record at a time would, and empties its
    /// input.
    #[test]
    fn extending_parts_pushes_in_order() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let mut xs = Vec::new();
        let mut next = 0u32;
        for _ in 0..60 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let n = (rng % 9000) as usize;
            for _ in 0..n {
                push_in(&mut a, next, PART);
                xs.push(next);
                next += 1;
            }
            extend_in(&mut b, &mut xs, PART);
            assert!(xs.is_empty());
        }
        assert!(held(&a) > 2 * PART);
        let caps = |p: &Vec<Vec<u32>>| {
            p.iter()
                .map(|v| (v.len(), v.capacity()))
                .collect::<Vec<_>>()
        };
        assert_eq!(caps(&a), caps(&b));
        assert_eq!(a, b);
    }

    /// The sum of the counts per state of a run.
    fn sums(run: &Run<u32>) -> BTreeMap<u32, BigUint> {
        let mut m = BTreeMap::new();
        for (s, c) in run.parts.iter().flatten().flatten() {
            *m.entry(*s).or_insert_with(BigUint::default) += *c;
        }
        for (s, c) in run.mid.iter().flatten().flatten() {
            *m.entry(*s).or_insert_with(BigUint::default) += BigUint::from(*c);
        }
        for (s, c) in run.wide.iter().flatten() {
            *m.entry(*s).or_insert_with(BigUint::default) += BigUint::from(*c);
        }
        for (s, c) in &run.big {
            *m.entry(*s).or_insert_with(BigUint::default) += c;
        }
        m
    }

    /// Random runs in several parts whose one-word counts overflow on merging, with wide
    /// records (some near the top of [`Wide`]) and big ones arriving too: the merge keeps
    /// every sum exact and each state once, in the narrowest tier the level needs.
    #[test]
    fn merging_keeps_sums_exact_past_128_bits_and_each_state_once() {
        let mut rng = zlink_base::SplitMix64::new(37);
        let top = Wide::from_limbs([0, 0, 0, 0, 0, u64::MAX / 3]);
        let mut seen = [0; 4];
        for round in 0..160 {
            let mut run = Run::new(round % 3);
            for _ in 0..rng.below_u64(3000) {
                let c = match rng.below_u64(5) {
                    0 if round % 3 == 0 => u128::MAX / 3 + u128::from(rng.below_u64(9)),
                    _ => u128::from(rng.below_u64(1000)) + 1,
                };
                run.push(rng.below_u64(400) as u32, c);
            }
            let arriving_mid = if round % 4 == 3 {
                rng.below_u64(300)
            } else {
                0
            };
            let mid_top = Mid::from_limbs([0, 0, u64::MAX / 2 + 1]);
            for _ in 0..arriving_mid {
                let c = if round % 8 == 3 {
                    mid_top
                } else {
                    Mid::from(u128::MAX)
                };
                run.push_mid(rng.below_u64(400) as u32, c);
            }
            for _ in 0..rng.below_u64(if round % 4 == 1 { 300 } else { 2 }) {
                let c = if round % 8 == 1 {
                    top
                } else {
                    Wide::from(u128::MAX)
                };
                run.push_wide(rng.below_u64(400) as u32, c);
            }
            if round % 5 == 2 {
                for _ in 0..rng.below_u64(4) {
                    let b = (BigUint::from(1u8) << 400u32) + rng.below_u64(7);
                    run.big.push((rng.below_u64(400) as u32, b));
                }
            }
            let want = sums(&run);
            let arrived = [
                false,
                !run.mid.iter().all(Vec::is_empty),
                !run.wide.is_empty(),
                !run.big.is_empty(),
            ];
            let before = run.len();
            let went = merge(&mut run);
            assert_eq!(sums(&run), want, "round {round}");
            assert_eq!(run.len(), want.len(), "round {round}: each state once");
            assert_eq!(before - went, want.len(), "round {round}");
            let parts = run.parts.iter().flatten();
            assert!(parts.clone().all(|p| !p.is_empty()), "round {round}");
            assert!(
                run.mid.iter().flatten().all(|p| !p.is_empty()),
                "round {round}"
            );
            assert!(run.wide.iter().all(|p| !p.is_empty()), "round {round}");
            // the narrowest tier that holds every sum and every record that arrived
            let most = want.values().map(BigUint::bits).max().unwrap_or(0);
            let tier = match () {
                () if arrived[3] || most > 384 => 3,
                () if arrived[2] || most > 192 => 2,
                () if arrived[1] || most > 128 => 1,
                () => 0,
            };
            let tiers = [
                parts.clone().next().is_some(),
                run.mid.iter().flatten().next().is_some(),
                !run.wide.is_empty(),
                !run.big.is_empty(),
            ];
            assert!(
                tiers.iter().filter(|&&t| t).count() <= 1,
                "round {round}: one tier"
            );
            assert!(
                want.is_empty() || tiers[tier],
                "round {round}: the narrowest tier, {tier}"
            );
            seen[tier] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "every tier merged: {seen:?}");
    }

    /// Levels cut into shards (several shards, some parts of a shard partly empty), merged
    /// in one word and, when one-word sums overflow, in [`Mid`]: every sum exact, each state
    /// once, in one tier, and in the shard of its hash.
    #[test]
    fn sharded_merges_keep_sums_exact_and_each_state_once() {
        let mut rng = zlink_base::SplitMix64::new(35);
        let n = 3 * SHARD_RECORDS + 12345;
        let bits = shard_bits(n / 2);
        assert!(bits >= 2);
        for overflow in [false, true] {
            let mut run = Run::new(bits);
            for i in 0..n {
                let s = rng.below_u64(n as u64 / 3) as u32;
                if overflow && i % 1000 == 7 {
                    // a few states whose sums pass 128 bits
                    run.push(s % 5, u128::MAX / 2);
                } else {
                    run.push(s, u128::from(rng.below_u64(1 << 40)) + 1);
                }
            }
            let want = sums(&run);
            let went = merge(&mut run);
            assert_eq!(n - went, want.len(), "overflow {overflow}");
            assert_eq!(
                run.len(),
                want.len(),
                "overflow {overflow}: each state once"
            );
            assert_eq!(sums(&run), want, "overflow {overflow}");
            let (words, mid) = (run.parts.iter().flatten(), run.mid.iter().flatten());
            assert_eq!(words.clone().next().is_none(), overflow);
            assert_eq!(mid.clone().next().is_none(), !overflow);
            let cap = part_cap(bits);
            assert!(words.clone().all(|p| !p.is_empty() && p.capacity() <= cap));
            assert!(mid.clone().all(|p| !p.is_empty() && p.capacity() <= cap));
            for (k, shard) in run.parts.iter().enumerate() {
                assert!(shard
                    .iter()
                    .flatten()
                    .all(|(s, _)| super::shard(fx(s), bits) == k));
            }
            for (k, shard) in run.mid.iter().enumerate() {
                assert!(shard
                    .iter()
                    .flatten()
                    .all(|(s, _)| super::shard(fx(s), bits) == k));
            }
        }
        assert_eq!(shard_bits(SHARD_RECORDS / 2 - 1), 0);
        assert_eq!(shard_bits(SHARD_RECORDS), 1);
        assert_eq!(shard_bits(usize::MAX / 4), MAX_SHARD_BITS);
        assert_eq!(shard(u64::MAX, 0), 0);
        assert_eq!(shard(u64::MAX, MAX_SHARD_BITS), (1 << MAX_SHARD_BITS) - 1);
    }

    /// Parts grow from the first part's size to [`PART`] and never past it.
    #[test]
    fn parts_stay_bounded() {
        let mut run = Run::new(0);
        for i in 0..(3 * PART as u32) {
            run.push(i, 1);
        }
        assert_eq!(run.parts[0][0].capacity(), FIRST_PART);
        assert!(run.parts[0].iter().all(|p| p.capacity() <= PART));
        assert_eq!(run.len(), 3 * PART);
    }
}
