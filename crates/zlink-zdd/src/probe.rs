//! The probing table of the level merges: a diagram's import ([`crate::Zdd::import`], equal
//! nodes of a row) and the frontier builder's and count-only DP's merges (equal states of a
//! level), in `zlink-frontier`.
//!
//! Why one table of its own: each of these merges is bound by cache misses, and this layout is
//! what measured fastest (issue 35, `tools/README.md`): open addressing with linear probing
//! over 4-byte slots, each a value (where the first copy of a record sits) below as many of the
//! record's hash's high bits as fit under the top bit, so that a probe reads one cache line and
//! touches a record only when those bits agree; and a walk that reads the slot of the record
//! [`AHEAD`] places on first, so that its miss overlaps the probes in between.
//!
//! Hashes: the slot is taken from the low bits and the tag from bits 32 and up, so both must
//! depend on every bit of the key (a plain multiplicative hash's low bits do not).

/// How many records ahead a merge reads the table slot of a record's hash.
pub const AHEAD: usize = 8;

/// A free slot (a used one has its top bit clear).
const EMPTY: u32 = u32::MAX;

/// A probing table of 4-byte slots for `n` records with values of `value_bits` bits.
pub struct Slots {
    slots: Vec<u32>,
    mask: usize,
    value_bits: u32,
    tag_mask: u32,
    value_mask: u32,
}

/// Where a probe ended: the value of an equal record's slot, or a free slot to fill.
pub enum Probe {
    /// The slot of an equal record held this value.
    Found(u32),
    /// No equal record: [`Slots::fill`] this free slot with the new record's value.
    Vacant(Vacant),
}

/// A free slot found by [`Slots::probe`], with the tag of the hash that found it.
pub struct Vacant {
    pos: usize,
    tag: u32,
}

impl Slots {
    /// A table for `n` records (at most 3/4 full even if every record is distinct) whose values
    /// take `value_bits` bits (at most 31: the top bit tells a used slot from a free one).
    /// Inlined into the merge, so that the compiler sees the table's length beside its mask
    /// and drops the bounds checks of the probes (3 % of a count-only run's instructions).
    #[inline(always)]
    pub fn new(n: usize, value_bits: u32) -> Slots {
        assert!(value_bits <= 31, "a merge value of {value_bits} bits");
        let cap = (n + n / 3 + 1).next_power_of_two().max(16);
        Slots {
            slots: vec![EMPTY; cap],
            mask: cap - 1,
            value_bits,
            tag_mask: (1u32 << 31) - (1u32 << value_bits),
            value_mask: (1u32 << value_bits) - 1,
        }
    }

    /// Reads the slot of hash `h` a few records before its probe, so that its cache miss
    /// overlaps the work in between (a plain read: the workspace forbids `unsafe`, so no
    /// prefetch instruction).
    #[inline(always)]
    fn touch(&self, h: u64) {
        std::hint::black_box(self.slots[h as usize & self.mask]);
    }

    /// Probes for a record of hash `h`: `same(value)` says whether the record a slot of
    /// agreeing tag names is equal to it.
    #[inline(always)]
    pub fn probe(&self, h: u64, mut same: impl FnMut(u32) -> bool) -> Probe {
        let tag = ((h >> 32) as u32) << self.value_bits & self.tag_mask;
        let mut pos = h as usize & self.mask;
        loop {
            let slot = self.slots[pos];
            if slot == EMPTY {
                return Probe::Vacant(Vacant { pos, tag });
            }
            if slot & self.tag_mask == tag && same(slot & self.value_mask) {
                return Probe::Found(slot & self.value_mask);
            }
            pos = (pos + 1) & self.mask;
        }
    }

    /// Fills the free slot a probe found with `value` (below `2^value_bits`).
    #[inline(always)]
    pub fn fill(&mut self, v: Vacant, value: u32) {
        debug_assert!(value <= self.value_mask);
        self.slots[v.pos] = v.tag | value;
    }
}

/// Hashes of a run of `len` records in order, each computed and its slot read [`AHEAD`]
/// records before it is asked for. `hash_at(i)` is only called for `i` past the last record
/// asked for, so the caller may move records it has passed.
pub struct ReadAhead {
    ring: [u64; AHEAD],
    len: usize,
}

impl ReadAhead {
    /// Starts a walk over `len` records.
    #[inline(always)]
    pub fn new(slots: &Slots, len: usize, hash_at: impl Fn(usize) -> u64) -> ReadAhead {
        let mut ring = [0u64; AHEAD];
        for (r, h) in ring.iter_mut().enumerate().take(len) {
            *h = hash_at(r);
            slots.touch(*h);
        }
        ReadAhead { ring, len }
    }

    /// The hash of record `r` (asked for in order `0, 1, ..`), reading ahead the slot of
    /// record `r + AHEAD`.
    #[inline(always)]
    pub fn hash(&mut self, slots: &Slots, r: usize, hash_at: impl Fn(usize) -> u64) -> u64 {
        let h = self.ring[r % AHEAD];
        if r + AHEAD < self.len {
            let g = hash_at(r + AHEAD);
            self.ring[r % AHEAD] = g;
            slots.touch(g);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Distinct keys get distinct values and equal keys the first one's, against a `HashMap`,
    /// with hashes that collide in the slot and in the tag.
    #[test]
    fn probes_find_the_first_copy_of_every_key() {
        for (n, hash_bits) in [(1usize, 64u32), (50, 3), (1000, 64), (1000, 8), (5000, 40)] {
            let keys: Vec<u64> = (0..n as u64)
                .map(|i| (i * 7919) % (n as u64 / 2 + 1))
                .collect();
            let hash = |k: u64| {
                let h = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                if hash_bits == 64 {
                    h
                } else {
                    h >> (64 - hash_bits) // few distinct hashes: long probe runs, equal tags
                }
            };
            let bits = usize::BITS - n.leading_zeros();
            let mut slots = Slots::new(n, bits);
            let mut firsts: Vec<u64> = Vec::new();
            let mut oracle: HashMap<u64, u32> = HashMap::new();
            let mut walk = ReadAhead::new(&slots, n, |i| hash(keys[i]));
            for (r, &k) in keys.iter().enumerate() {
                let h = walk.hash(&slots, r, |i| hash(keys[i]));
                assert_eq!(h, hash(k));
                let got = match slots.probe(h, |v| firsts[v as usize] == k) {
                    Probe::Found(v) => v,
                    Probe::Vacant(free) => {
                        let v = firsts.len() as u32;
                        firsts.push(k);
                        slots.fill(free, v);
                        v
                    }
                };
                let want = *oracle.entry(k).or_insert(got);
                assert_eq!(got, want, "n {n}, hash bits {hash_bits}, key {k}");
            }
            assert_eq!(firsts.len(), oracle.len());
        }
    }
}
