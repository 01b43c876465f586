//! A level of distinct variable-length states, each with its counts by a small index (a
//! polynomial of counts, `lo..lo + len`), in locked shards that worker threads fill at once:
//! the level store of a count-only pass whose states are slices of words, not fixed records
//! (a count over puzzle instances whose state is the set of frontier states of a prefix).
//!
//! Why shards of arenas: such states have any length, so each shard keeps their words in one
//! vector and finds a state by its hash (a table of indices), which costs a few bytes per
//! state beyond its words; a shard is locked only while one child is added.
//!
//! Why not the frontier's own store ([`mod@crate::count`], children waiting in hash shards and
//! merged per shard when their level's turn comes): that mechanism moves fixed-size
//! `(state, count)` records into buckets and holds every raw child until its level is merged,
//! which is what keeps node ids and merged order independent of the thread count (the builder
//! needs that) and measured 1.7× faster than one big table for fixed records. A state here is
//! a slice of words (about 13 at the widest level of the 5×5 instance count in `tools/README`:
//! 100,753 words over 7,657 states) with a slice of counts; as a pending record it would be
//! two heap buffers per raw child, and every raw child would live until the merge. Merging on
//! insert keeps only the distinct states, and a count does not need a thread-independent
//! order (sums are exact). So the two passes share the crate, not the mechanism.

use hashbrown::HashTable;
use std::sync::Mutex;

/// A count of the store: unsigned, added with overflow checks.
pub trait Count: Copy {
    /// Zero.
    const ZERO: Self;
    /// `self + other`, or `None` on overflow.
    fn checked_add(self, other: Self) -> Option<Self>;
}

impl Count for u64 {
    const ZERO: Self = 0;
    #[inline]
    fn checked_add(self, other: Self) -> Option<Self> {
        u64::checked_add(self, other)
    }
}

impl Count for u128 {
    const ZERO: Self = 0;
    #[inline]
    fn checked_add(self, other: Self) -> Option<Self> {
        u128::checked_add(self, other)
    }
}

/// Shards of a level.
pub const SHARDS: usize = 64;

/// One state held.
#[derive(Clone, Copy, Debug)]
struct Rec {
    hash: u64,
    off: u32,
    len: u32,
    poly: u32,
    lo: u16,
    plen: u16,
}

/// Bytes per state held beyond its words and counts (record, table slot).
pub const REC_BYTES: u64 = 24 + 8;

/// One shard.
pub struct Shard<W, C> {
    words: Vec<W>,
    recs: Vec<Rec>,
    counts: Vec<C>,
    table: HashTable<u32>,
}

impl<W, C> Default for Shard<W, C> {
    fn default() -> Self {
        Shard {
            words: Vec::new(),
            recs: Vec::new(),
            counts: Vec::new(),
            table: HashTable::new(),
        }
    }
}

/// Why a child could not be added.
#[derive(Debug, PartialEq, Eq)]
pub enum AddError {
    /// A count overflowed its type.
    Overflow,
    /// A shard passed 2³² words or counts.
    Full,
}

impl<W: Copy + Eq, C: Count> Shard<W, C> {
    /// Bytes per word held.
    const WORD_BYTES: u64 = std::mem::size_of::<W>() as u64;
    /// Bytes per count held.
    const COUNT_BYTES: u64 = std::mem::size_of::<C>() as u64;

    /// Number of states.
    pub fn len(&self) -> usize {
        self.recs.len()
    }

    /// Whether the shard holds no state.
    pub fn is_empty(&self) -> bool {
        self.recs.is_empty()
    }

    /// Number of words over all states.
    pub fn words(&self) -> usize {
        self.words.len()
    }

    /// Bytes held (estimated from lengths, not capacities).
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * Self::WORD_BYTES
            + self.recs.len() as u64 * REC_BYTES
            + self.counts.len() as u64 * Self::COUNT_BYTES
    }

    /// State `i`: its words, the index of its first count, its counts.
    pub fn get(&self, i: usize) -> (&[W], u16, &[C]) {
        let r = self.recs[i];
        (
            &self.words[r.off as usize..(r.off + r.len) as usize],
            r.lo,
            &self.counts[r.poly as usize..r.poly as usize + usize::from(r.plen)],
        )
    }

    /// Adds `counts` (the first at index `lo`) to the state `words` (hash `hash`); returns
    /// the bytes it added. Counts at indices the state had none at start at zero.
    ///
    /// # Errors
    /// [`AddError`].
    pub fn add(&mut self, words: &[W], hash: u64, lo: u16, counts: &[C]) -> Result<u64, AddError> {
        let Shard {
            words: ws,
            recs,
            counts: cs,
            table,
        } = self;
        let found = table
            .find(hash, |&i| {
                let r = recs[i as usize];
                r.hash == hash && &ws[r.off as usize..(r.off + r.len) as usize] == words
            })
            .copied();
        let Some(i) = found else {
            let off = u32::try_from(ws.len()).map_err(|_| AddError::Full)?;
            let poly = u32::try_from(cs.len()).map_err(|_| AddError::Full)?;
            ws.extend_from_slice(words);
            cs.extend_from_slice(counts);
            let idx = recs.len() as u32;
            recs.push(Rec {
                hash,
                off,
                len: words.len() as u32,
                poly,
                lo,
                plen: counts.len() as u16,
            });
            table.insert_unique(hash, idx, |&j| recs[j as usize].hash);
            return Ok(words.len() as u64 * Self::WORD_BYTES
                + REC_BYTES
                + counts.len() as u64 * Self::COUNT_BYTES);
        };
        let r = &mut recs[i as usize];
        let mut added = 0;
        let (old_lo, old_hi) = (r.lo, r.lo + r.plen);
        let (new_lo, new_hi) = (lo.min(old_lo), (lo + counts.len() as u16).max(old_hi));
        if new_lo < old_lo || new_hi > old_hi {
            // widen: a new slice at the end (the old one is left unused)
            let poly = u32::try_from(cs.len()).map_err(|_| AddError::Full)?;
            let start = r.poly as usize;
            cs.resize(cs.len() + usize::from(new_hi - new_lo), C::ZERO);
            let shift = usize::from(old_lo - new_lo);
            for j in 0..usize::from(r.plen) {
                cs[poly as usize + shift + j] = cs[start + j];
            }
            r.poly = poly;
            r.lo = new_lo;
            r.plen = new_hi - new_lo;
            added = u64::from(r.plen) * Self::COUNT_BYTES;
        }
        let base = r.poly as usize + usize::from(lo - r.lo);
        for (j, &c) in counts.iter().enumerate() {
            let x = &mut cs[base + j];
            *x = x.checked_add(c).ok_or(AddError::Overflow)?;
        }
        Ok(added)
    }
}

/// A level: its shards behind locks.
pub struct LevelStore<W, C> {
    /// The shards.
    pub shards: Vec<Mutex<Shard<W, C>>>,
}

impl<W: Copy + Eq, C: Count> Default for LevelStore<W, C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<W: Copy + Eq, C: Count> LevelStore<W, C> {
    /// An empty level.
    pub fn new() -> LevelStore<W, C> {
        LevelStore {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard::default())).collect(),
        }
    }

    /// The shard of a hash.
    pub fn shard_of(hash: u64) -> usize {
        (hash >> 58) as usize % SHARDS
    }

    /// Unlocked shards (after the level is built).
    pub fn into_shards(self) -> Vec<Shard<W, C>> {
        self.shards
            .into_iter()
            .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adding_merges_equal_states_and_widens_counts() {
        let mut s: Shard<u64, u128> = Shard::default();
        s.add(&[2, 4], 7, 3, &[1, 1]).unwrap();
        s.add(&[2, 5], 7, 0, &[9]).unwrap();
        s.add(&[2, 4], 7, 2, &[5, 1, 1, 1]).unwrap();
        assert_eq!(s.len(), 2);
        assert!(!s.is_empty() && Shard::<u64, u128>::default().is_empty());
        assert_eq!(s.get(0), (&[2u64, 4][..], 2, &[5u128, 2, 2, 1][..]));
        assert_eq!(s.get(1), (&[2u64, 5][..], 0, &[9u128][..]));
        assert_eq!(s.add(&[2, 5], 7, 0, &[u128::MAX]), Err(AddError::Overflow));
    }
}
