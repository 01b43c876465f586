//! A worker's open levels: a level's records as they arrive, in parts of bounded size, merged
//! in place once the level is complete.
//!
//! Why parts: a level grown as one buffer doubles and copies itself, and at its peak holds up
//! to twice its records; parts of at most [`PART`] records are never copied, and the level is
//! given back to the allocator a part at a time as its children are made. The merge is the
//! single pass's in-place hash merge ([`merge_shard`]: the first copy of a state absorbs the
//! later ones), with `u128` counts; a sum past 128 bits (or a record that arrived with one)
//! takes the rare path [`merge_spilling`], which moves such counts aside as `BigUint`s.

use std::hash::Hash;

use num_bigint::BigUint;
use zlink_frontier::count::merge_shard;

/// A state with a count below 2^128, as a level holds it: 32 bytes for a packed state.
pub(crate) type Word<W> = (W, u128);

/// A state whose count has outgrown 128 bits, held aside (the last levels of the biggest
/// counts).
pub(crate) type Big<W> = (W, BigUint);

/// Records a part holds at most (2 MiB of 32-byte records); a level's later parts grow to
/// this size from [`FIRST_PART`] as the level grows.
const PART: usize = 1 << 16;

/// Records of a level's first part.
const FIRST_PART: usize = 1 << 10;

/// A level's records: those with a one-word count, in parts, and the rare ones with a bigger
/// count (once the level is merged a state is in one of the two, once).
pub(crate) struct Run<W> {
    pub parts: Vec<Vec<Word<W>>>,
    pub big: Vec<Big<W>>,
}

impl<W> Run<W> {
    pub fn new() -> Self {
        Run {
            parts: Vec::new(),
            big: Vec::new(),
        }
    }

    /// Records held.
    pub fn len(&self) -> usize {
        self.parts.iter().map(Vec::len).sum::<usize>() + self.big.len()
    }

    /// Appends a record with a one-word count.
    #[inline]
    pub fn push(&mut self, state: W, count: u128) {
        match self.parts.last_mut() {
            Some(p) if p.len() < p.capacity() => p.push((state, count)),
            _ => self.push_in_new_part(state, count),
        }
    }

    #[inline(never)]
    fn push_in_new_part(&mut self, state: W, count: u128) {
        let held: usize = self.parts.iter().map(Vec::len).sum();
        let mut part = Vec::with_capacity(held.clamp(FIRST_PART, PART));
        part.push((state, count));
        self.parts.push(part);
    }
}

/// Merges equal states of `run` (their counts summed exactly) in place; returns how many
/// records went.
pub(crate) fn merge<W: Hash + Ord + Clone>(run: &mut Run<W>) -> usize {
    let before = run.len();
    if !run.big.is_empty() || merge_shard(&mut run.parts).is_err() {
        merge_spilling(run);
    }
    run.parts.retain(|p| !p.is_empty());
    before - run.len()
}

/// [`merge`] when a count is or becomes too big for a word: the one-word records in one part,
/// sorted by state, equal states summed (a sum past 128 bits moves to the big records), then
/// the big records merged and the one-word records of their states folded into them.
#[cold]
fn merge_spilling<W: Ord + Clone>(run: &mut Run<W>) {
    let mut words: Vec<Word<W>> = std::mem::take(&mut run.parts).concat();
    words.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    let (n, mut kept, mut r) = (words.len(), 0, 0);
    while r < n {
        let (mut sum, mut spill, mut e) = (words[r].1, None::<BigUint>, r + 1);
        while e < n && words[e].0 == words[r].0 {
            match sum.checked_add(words[e].1) {
                Some(s) => sum = s,
                None => {
                    *spill.get_or_insert_with(BigUint::default) += sum;
                    sum = words[e].1;
                }
            }
            e += 1;
        }
        match spill {
            Some(b) => run.big.push((words[r].0.clone(), b + sum)),
            None => {
                words.swap(kept, r);
                words[kept].1 = sum;
                kept += 1;
            }
        }
        r = e;
    }
    words.truncate(kept);
    let big = &mut run.big;
    big.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    big.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            kept.1 += std::mem::take(&mut later.1);
        }
        same
    });
    let mut j = 0;
    words.retain(|(s, c)| {
        while j < big.len() && big[j].0 < *s {
            j += 1;
        }
        let folded = j < big.len() && big[j].0 == *s;
        if folded {
            big[j].1 += *c;
        }
        !folded
    });
    run.parts = vec![words];
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The sum of the counts per state of a run.
    fn sums(run: &Run<u32>) -> BTreeMap<u32, BigUint> {
        let mut m = BTreeMap::new();
        for (s, c) in run.parts.iter().flatten() {
            *m.entry(*s).or_insert_with(BigUint::default) += *c;
        }
        for (s, c) in &run.big {
            *m.entry(*s).or_insert_with(BigUint::default) += c;
        }
        m
    }

    /// Random runs in several parts whose one-word counts overflow on merging, with big
    /// records arriving too: the merge keeps every sum exact and each state once.
    #[test]
    fn merging_keeps_sums_exact_past_128_bits_and_each_state_once() {
        let mut rng = zlink_base::SplitMix64::new(37);
        for round in 0..80 {
            let mut run = Run::new();
            for _ in 0..rng.below_u64(3000) {
                let c = match rng.below_u64(5) {
                    0 if round % 3 == 0 => u128::MAX / 3 + u128::from(rng.below_u64(9)),
                    _ => u128::from(rng.below_u64(1000)) + 1,
                };
                run.push(rng.below_u64(400) as u32, c);
            }
            if round % 3 == 1 {
                for _ in 0..rng.below_u64(4) {
                    let b = (BigUint::from(1u8) << 130u32) + rng.below_u64(7);
                    run.big.push((rng.below_u64(400) as u32, b));
                }
            }
            let want = sums(&run);
            let before = run.len();
            let went = merge(&mut run);
            assert_eq!(sums(&run), want, "round {round}");
            assert_eq!(run.len(), want.len(), "round {round}: each state once");
            assert_eq!(before - went, want.len(), "round {round}");
            assert!(run.parts.iter().all(|p| !p.is_empty()), "round {round}");
            for (s, c) in &run.big {
                assert!(*c > BigUint::from(u128::MAX) / 3u8, "round {round}: {s}");
            }
        }
    }

    /// Parts grow from the first part's size to [`PART`] and never past it.
    #[test]
    fn parts_stay_bounded() {
        let mut run = Run::new();
        for i in 0..(3 * PART as u32) {
            run.push(i, 1);
        }
        assert_eq!(run.parts[0].capacity(), FIRST_PART);
        assert!(run.parts.iter().all(|p| p.capacity() <= PART));
        assert_eq!(run.len(), 3 * PART);
    }
}
