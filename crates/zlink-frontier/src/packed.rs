//! Frontier state storage: one small code per frontier slot.
//!
//! Two representations behind one trait ([`Slots`]), chosen by a spec's type at construction:
//!
//! * [`Packed`]: up to [`MAX_WIDTH`] 5-bit fields in two 64-bit words. A hash is two multiplies,
//!   equality two compares and a level's states need no heap allocation — this is the fast
//!   path, and frontier-minimising orders of puzzle-size grids fit in it.
//! * [`Inline`]: one byte per slot in a fixed array of [`MAX_INLINE_WIDTH`] bytes, for the
//!   widths just past packed fields (the cycles of a 60×60 grid of cells need about 61
//!   slots): no heap allocation per state, hashed as eight words.
//! * [`Wide`]: one byte per slot in a boxed slice, for any width up to [`MAX_WIDE_WIDTH`].
//!   Slower (a heap allocation per state), but the levels of constrained puzzle specs are
//!   small.

use std::fmt::Debug;
use std::hash::Hash;

/// Largest frontier width (number of slots) of [`Packed`] states.
pub const MAX_WIDTH: usize = 25;

/// Largest frontier width of [`Wide`] states (slots are `u8` indices, and mate codes store a
/// slot index plus a small offset in one byte).
pub const MAX_WIDE_WIDTH: usize = 250;

/// Largest frontier width of [`Inline`] states.
pub const MAX_INLINE_WIDTH: usize = 64;

/// Largest value a [`Packed`] field can hold.
pub const MAX_FIELD: u8 = 31;

const BITS: u32 = 5;
const MASK: u128 = 0b1_1111;

/// Bits 1..=4 of every field: a field has one of them set iff its value is at least 2.
pub(crate) const HIGH_BITS: u128 = {
    let mut m = 0u128;
    let mut i = 0;
    while i < MAX_WIDTH {
        m |= 0b1_1110 << (i as u32 * BITS);
        i += 1;
    }
    m
};

/// A state array of small per-slot codes (see the module doc).
pub trait Slots: Clone + Eq + Hash + Send + Sync + Debug {
    /// Largest number of slots.
    const CAPACITY: usize;
    /// Largest value of one field.
    const MAX_VALUE: u8;
    /// All fields 0, for `width` slots (`width <= CAPACITY`).
    fn zeroed(width: usize) -> Self;
    /// Field `slot`.
    fn get(&self, slot: u8) -> u8;
    /// Sets field `slot` to `value` (`value <= MAX_VALUE`).
    fn set(&mut self, slot: u8, value: u8);
    /// Bitwise OR of every field with `other`'s (same width).
    fn or_assign(&mut self, other: &Self);
    /// Whether every field is 0.
    fn is_zero(&self) -> bool;
    /// Whether some field is at least 2.
    fn any_at_least_two(&self) -> bool;
}

/// A fixed array of [`MAX_WIDTH`] 5-bit fields in two 64-bit words (`[low, high]` of one
/// 125-bit number); unused fields are 0.
///
/// Two `u64` rather than one `u128`: the alignment is 8, not 16, so a `(Packed, u64)` record
/// of the count-only DP or a `(Packed, back-reference)` of the builder is 24 bytes instead of
/// 32, a quarter less memory traffic per state.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Packed([u64; 2]);

impl Hash for Packed {
    /// One word per state: the halves mixed with an odd multiplier (hashers such as FxHash
    /// would otherwise hash two words).
    #[inline(always)]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let [lo, hi] = self.0;
        state.write_u64(lo ^ hi.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29));
    }
}

impl PartialOrd for Packed {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Packed {
    /// The order of the 125-bit numbers.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.bits().cmp(&other.bits())
    }
}

impl Packed {
    /// The state with these 125 bits (fields `i` at bits `5i..5i+5`).
    #[inline(always)]
    pub fn from_bits(bits: u128) -> Packed {
        Packed([bits as u64, (bits >> 64) as u64])
    }

    /// The fields as one number (field `i` at bits `5i..5i+5`).
    #[inline(always)]
    pub fn bits(self) -> u128 {
        u128::from(self.0[0]) | (u128::from(self.0[1]) << 64)
    }

    /// Field `slot` (`slot < MAX_WIDTH`).
    ///
    /// Fields 0..=11 lie in the low word and 13..=24 in the high word, so all but field 12
    /// are read and written with 64-bit shifts (a `u128` shift by a variable amount costs
    /// several instructions and two conditional moves).
    #[inline(always)]
    pub fn get(self, slot: u8) -> u8 {
        let sh = u32::from(slot) * BITS;
        let [lo, hi] = self.0;
        let word = if sh < 60 {
            lo >> sh
        } else if sh >= 64 {
            hi >> (sh - 64)
        } else {
            (lo >> sh) | (hi << (64 - sh))
        };
        (word & MASK as u64) as u8
    }

    /// Sets field `slot` to `value` (`value <= MAX_FIELD`).
    #[inline(always)]
    pub fn set(&mut self, slot: u8, value: u8) {
        let sh = u32::from(slot) * BITS;
        let [lo, hi] = self.0;
        self.0 = if sh < 60 {
            [(lo & !((MASK as u64) << sh)) | (u64::from(value) << sh), hi]
        } else if sh >= 64 {
            let sh = sh - 64;
            [lo, (hi & !((MASK as u64) << sh)) | (u64::from(value) << sh)]
        } else {
            let x = (self.bits() & !(MASK << sh)) | (u128::from(value) << sh);
            [x as u64, (x >> 64) as u64]
        };
    }
}

impl Slots for Packed {
    const CAPACITY: usize = MAX_WIDTH;
    const MAX_VALUE: u8 = MAX_FIELD;
    #[inline(always)]
    fn zeroed(_: usize) -> Self {
        Packed([0, 0])
    }
    #[inline(always)]
    fn get(&self, slot: u8) -> u8 {
        Packed::get(*self, slot)
    }
    #[inline(always)]
    fn set(&mut self, slot: u8, value: u8) {
        Packed::set(self, slot, value);
    }
    #[inline(always)]
    fn or_assign(&mut self, other: &Self) {
        self.0[0] |= other.0[0];
        self.0[1] |= other.0[1];
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        self.0 == [0, 0]
    }
    #[inline(always)]
    fn any_at_least_two(&self) -> bool {
        (self.0[0] & HIGH_BITS as u64) | (self.0[1] & (HIGH_BITS >> 64) as u64) != 0
    }
}

/// The [`Slots`] methods of a state that is one byte per slot in its field `0` (a boxed slice
/// or an array).
macro_rules! byte_slots {
    () => {
        #[inline]
        fn get(&self, slot: u8) -> u8 {
            self.0[usize::from(slot)]
        }
        #[inline]
        fn set(&mut self, slot: u8, value: u8) {
            self.0[usize::from(slot)] = value;
        }
        fn or_assign(&mut self, other: &Self) {
            for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
                *a |= b;
            }
        }
        fn is_zero(&self) -> bool {
            self.0.iter().all(|&x| x == 0)
        }
        fn any_at_least_two(&self) -> bool {
            self.0.iter().any(|&x| x >= 2)
        }
    };
}

/// One byte per slot, any width up to [`MAX_WIDE_WIDTH`].
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Wide(pub Box<[u8]>);

impl Slots for Wide {
    const CAPACITY: usize = MAX_WIDE_WIDTH;
    const MAX_VALUE: u8 = u8::MAX;
    fn zeroed(width: usize) -> Self {
        Wide(vec![0; width].into_boxed_slice())
    }
    byte_slots!();
}

/// One byte per slot in a fixed array, any width up to [`MAX_INLINE_WIDTH`]; unused bytes 0.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Inline(pub [u8; MAX_INLINE_WIDTH]);

impl Default for Inline {
    fn default() -> Self {
        Inline([0; MAX_INLINE_WIDTH])
    }
}

impl Debug for Inline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.0.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1);
        write!(f, "Inline({:?})", &self.0[..used])
    }
}

impl Hash for Inline {
    /// One word per state: the eight words folded with an odd multiplier.
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let mut h = 0u64;
        for w in self.0.chunks_exact(8) {
            let w = u64::from_le_bytes(w.try_into().expect("8 bytes"));
            h = (h.rotate_left(23) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        state.write_u64(h);
    }
}

impl Slots for Inline {
    const CAPACITY: usize = MAX_INLINE_WIDTH;
    const MAX_VALUE: u8 = u8::MAX;
    fn zeroed(_width: usize) -> Self {
        Inline::default()
    }
    byte_slots!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_independent() {
        let mut p = Packed::default();
        for i in 0..MAX_WIDTH as u8 {
            p.set(i, (i * 7) % 32);
        }
        for i in 0..MAX_WIDTH as u8 {
            assert_eq!(p.get(i), (i * 7) % 32);
        }
        p.set(3, 0);
        assert_eq!(p.get(3), 0);
        assert_eq!(p.get(4), 28);
        assert_eq!(Packed::from_bits(HIGH_BITS).get(24), 30);
        assert_eq!(Packed::from_bits(HIGH_BITS).get(12), 30);
        assert_eq!(Packed::from_bits(HIGH_BITS).bits(), HIGH_BITS);
    }

    /// Both representations agree on every trait operation (random writes, 25 slots).
    #[test]
    fn packed_and_wide_agree() {
        let mut rng = zlink_base::SplitMix64::new(0x2545_F491_4F6C_DD1D);
        let mut rnd = move |n: u64| rng.below_u64(n);
        for _ in 0..200 {
            let (mut p, mut w) = (Packed::zeroed(MAX_WIDTH), Wide::zeroed(MAX_WIDTH));
            let (mut q, mut v) = (Packed::zeroed(MAX_WIDTH), Wide::zeroed(MAX_WIDTH));
            let (mut a, mut b) = (Inline::zeroed(MAX_WIDTH), Inline::zeroed(MAX_WIDTH));
            for _ in 0..rnd(6) {
                let (slot, val) = (rnd(MAX_WIDTH as u64) as u8, rnd(4) as u8);
                Slots::set(&mut p, slot, val);
                Slots::set(&mut w, slot, val);
                Slots::set(&mut a, slot, val);
            }
            for _ in 0..rnd(3) {
                let (slot, val) = (rnd(MAX_WIDTH as u64) as u8, rnd(32) as u8);
                Slots::set(&mut q, slot, val);
                Slots::set(&mut v, slot, val);
                Slots::set(&mut b, slot, val);
            }
            assert_eq!(p.is_zero(), w.is_zero());
            assert_eq!(p.is_zero(), a.is_zero());
            assert_eq!(p.any_at_least_two(), w.any_at_least_two());
            assert_eq!(p.any_at_least_two(), a.any_at_least_two());
            p.or_assign(&q);
            w.or_assign(&v);
            a.or_assign(&b);
            for s in 0..MAX_WIDTH as u8 {
                assert_eq!(Slots::get(&p, s), Slots::get(&w, s));
                assert_eq!(Slots::get(&p, s), Slots::get(&a, s));
            }
        }
    }
}
