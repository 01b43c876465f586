//! Frontier states packed into one `u128`: 25 fields of 5 bits, one per frontier slot.
//!
//! Packing keeps a state in two machine words: hashing is two multiplies, equality two
//! compares, and a level's states need no heap allocation. Specs built on it support frontier
//! widths up to [`MAX_WIDTH`]; wider graphs are out of reach of frontier methods anyway.

/// Largest supported frontier width (number of slots).
pub const MAX_WIDTH: usize = 25;

/// Largest value a field can hold.
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

/// A fixed array of [`MAX_WIDTH`] 5-bit fields in one `u128`; unused fields are 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Packed(pub u128);

impl Packed {
    /// Field `slot` (`slot < MAX_WIDTH`).
    #[inline(always)]
    pub fn get(self, slot: u8) -> u8 {
        ((self.0 >> (u32::from(slot) * BITS)) & MASK) as u8
    }

    /// Sets field `slot` to `value` (`value <= MAX_FIELD`).
    #[inline(always)]
    pub fn set(&mut self, slot: u8, value: u8) {
        let sh = u32::from(slot) * BITS;
        self.0 = (self.0 & !(MASK << sh)) | (u128::from(value) << sh);
    }
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
        assert_eq!(Packed(HIGH_BITS).get(24), 30);
    }
}
