//! One level of the count-only pass: distinct profiles, each with its number of instance
//! prefixes by number of pairs, in shards that worker threads fill at once.
//!
//! Why shards of arenas: profiles have any length, so each shard keeps their words in one
//! vector and finds a profile by its hash (a table of indices), which costs a few bytes per
//! profile beyond its words; a shard is locked only while one child is added.

use super::mate::Word;
use hashbrown::HashTable;
use std::sync::Mutex;

/// Shards of a level.
pub const SHARDS: usize = 64;

/// One profile held.
#[derive(Clone, Copy, Debug)]
struct Rec {
    hash: u64,
    off: u32,
    len: u32,
    poly: u32,
    lo: u16,
    plen: u16,
}

/// Bytes per profile held beyond its words and counts (record, table slot).
pub const REC_BYTES: u64 = 24 + 8;
/// Bytes per count held.
pub const COUNT_BYTES: u64 = 16;

/// One shard.
pub struct Shard<W> {
    words: Vec<W>,
    recs: Vec<Rec>,
    counts: Vec<u128>,
    table: HashTable<u32>,
}

impl<W> Default for Shard<W> {
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
    /// A count passed `u128`.
    Overflow,
    /// A shard passed 2³² words or counts.
    Full,
}

impl<W: Word> Shard<W> {
    /// Number of profiles.
    pub fn len(&self) -> usize {
        self.recs.len()
    }

    /// Number of words (mates) over all profiles.
    pub fn words(&self) -> usize {
        self.words.len()
    }

    /// Bytes held (estimated from lengths, not capacities).
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * W::BYTES
            + self.recs.len() as u64 * REC_BYTES
            + self.counts.len() as u64 * COUNT_BYTES
    }

    /// Profile `i`: its words, the pairs of its first count, its counts.
    pub fn get(&self, i: usize) -> (&[W], u16, &[u128]) {
        let r = self.recs[i];
        (
            &self.words[r.off as usize..(r.off + r.len) as usize],
            r.lo,
            &self.counts[r.poly as usize..r.poly as usize + usize::from(r.plen)],
        )
    }

    /// Adds `counts` (the first with `lo` pairs) to the profile `words` (hash `hash`); returns
    /// the bytes it added.
    ///
    /// # Errors
    /// [`AddError`].
    pub fn add(
        &mut self,
        words: &[W],
        hash: u64,
        lo: u16,
        counts: &[u128],
    ) -> Result<u64, AddError> {
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
            return Ok(words.len() as u64 * W::BYTES
                + REC_BYTES
                + counts.len() as u64 * COUNT_BYTES);
        };
        let r = &mut recs[i as usize];
        let mut added = 0;
        let (old_lo, old_hi) = (r.lo, r.lo + r.plen);
        let (new_lo, new_hi) = (lo.min(old_lo), (lo + counts.len() as u16).max(old_hi));
        if new_lo < old_lo || new_hi > old_hi {
            // widen: a new slice at the end (the old one is left unused)
            let poly = u32::try_from(cs.len()).map_err(|_| AddError::Full)?;
            let start = r.poly as usize;
            cs.resize(cs.len() + usize::from(new_hi - new_lo), 0);
            let shift = usize::from(old_lo - new_lo);
            for j in 0..usize::from(r.plen) {
                cs[poly as usize + shift + j] = cs[start + j];
            }
            r.poly = poly;
            r.lo = new_lo;
            r.plen = new_hi - new_lo;
            added = u64::from(r.plen) * COUNT_BYTES;
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
pub struct LevelStore<W> {
    /// The shards.
    pub shards: Vec<Mutex<Shard<W>>>,
}

impl<W: Word> LevelStore<W> {
    /// An empty level.
    pub fn new() -> LevelStore<W> {
        LevelStore {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard::default())).collect(),
        }
    }

    /// The shard of a hash.
    pub fn shard_of(hash: u64) -> usize {
        (hash >> 58) as usize % SHARDS
    }

    /// Unlocked shards (after the level is built).
    pub fn into_shards(self) -> Vec<Shard<W>> {
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
    fn adding_merges_equal_profiles_and_widens_counts() {
        let mut s: Shard<u64> = Shard::default();
        s.add(&[2, 4], 7, 3, &[1, 1]).unwrap();
        s.add(&[2, 5], 7, 0, &[9]).unwrap();
        s.add(&[2, 4], 7, 2, &[5, 1, 1, 1]).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s.get(0), (&[2u64, 4][..], 2, &[5u128, 2, 2, 1][..]));
        assert_eq!(s.get(1), (&[2u64, 5][..], 0, &[9u128][..]));
        assert_eq!(s.add(&[2, 5], 7, 0, &[u128::MAX]), Err(AddError::Overflow));
    }
}
