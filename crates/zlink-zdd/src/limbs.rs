//! Fixed-width unsigned counts of `K` 64-bit limbs: the tiers between machine words and
//! [`BigUint`] of every exact counter. The diagram count ([`crate::Zdd::count`]) spills to
//! [`U256`] (four limbs); the frontier's count-only DP widens its `(state, count)` records one
//! limb at a time, so a record holds the narrowest tier its level needs (a 19×19 corner-path
//! count needs 272 bits: five limbs, 40 bytes, against a heap number per state).
//!
//! ```
//! use zlink_zdd::{Limbs, U256};
//! let max = U256::from(u128::MAX);
//! let two = max.checked_add(max).unwrap();
//! assert_eq!(num_bigint::BigUint::from(two), num_bigint::BigUint::from(u128::MAX) * 2u32);
//! assert!(U256::from_limbs([0, 0, 0, u64::MAX]).checked_add(U256::from_limbs([0, 0, 0, 1])).is_none());
//! assert_eq!(Limbs::<1>::from_limbs([7]).resize::<3>(), Some(Limbs::from_limbs([7, 0, 0])));
//! assert_eq!(Limbs::<2>::from_limbs([1, 1]).resize::<1>(), None);
//! ```

use num_bigint::BigUint;

/// `Σ limbs[i] · 2^(64 i)`: little-endian 64-bit limbs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limbs<const K: usize>([u64; K]);

/// A 256-bit count (the middle tier of the diagram count).
pub type U256 = Limbs<4>;

impl<const K: usize> Default for Limbs<K> {
    fn default() -> Self {
        Limbs([0; K])
    }
}

impl<const K: usize> Limbs<K> {
    /// The number with these limbs (least significant first).
    #[inline(always)]
    pub fn from_limbs(limbs: [u64; K]) -> Self {
        Limbs(limbs)
    }

    /// The limbs, least significant first.
    #[inline(always)]
    pub fn limbs(&self) -> &[u64; K] {
        &self.0
    }

    /// `self + other`, `None` past `2^(64 K) - 1`.
    #[inline(always)]
    pub fn checked_add(self, other: Self) -> Option<Self> {
        let mut out = [0u64; K];
        let mut carry = false;
        for ((o, a), b) in out.iter_mut().zip(self.0).zip(other.0) {
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *o = s;
            carry = c1 | c2;
        }
        (!carry).then_some(Limbs(out))
    }

    /// The same number in `L` limbs, `None` if it does not fit.
    #[inline]
    pub fn resize<const L: usize>(self) -> Option<Limbs<L>> {
        let mut out = [0u64; L];
        for (i, &x) in self.0.iter().enumerate() {
            match out.get_mut(i) {
                Some(o) => *o = x,
                None if x != 0 => return None,
                None => {}
            }
        }
        Some(Limbs(out))
    }
}

impl<const K: usize> From<u64> for Limbs<K> {
    fn from(x: u64) -> Self {
        const { assert!(K >= 1) };
        let mut out = [0u64; K];
        out[0] = x;
        Limbs(out)
    }
}

impl<const K: usize> From<u128> for Limbs<K> {
    fn from(x: u128) -> Self {
        const { assert!(K >= 2) };
        let mut out = [0u64; K];
        out[0] = x as u64;
        out[1] = (x >> 64) as u64;
        Limbs(out)
    }
}

impl<const K: usize> From<Limbs<K>> for BigUint {
    fn from(x: Limbs<K>) -> BigUint {
        let digits =
            x.0.iter()
                .flat_map(|&l| [l as u32, (l >> 32) as u32])
                .collect();
        BigUint::new(digits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carries_cross_every_limb_and_overflow_is_reported() {
        let ones = Limbs::<3>::from_limbs([u64::MAX, u64::MAX, 5]);
        let sum = ones.checked_add(Limbs::from(1u64)).unwrap();
        assert_eq!(sum, Limbs::from_limbs([0, 0, 6]));
        assert_eq!(BigUint::from(sum), BigUint::from(ones) + BigUint::from(1u8));
        let top = Limbs::<2>::from_limbs([0, u64::MAX]);
        assert_eq!(top.checked_add(Limbs::from_limbs([0, 1])), None);
        assert_eq!(top.checked_add(top), None);
        assert_eq!(
            top.resize::<3>()
                .unwrap()
                .checked_add(top.resize().unwrap())
                .map(BigUint::from),
            Some((BigUint::from(u64::MAX) * 2u8) << 64u32)
        );
        assert_eq!(
            BigUint::from(U256::from(u128::MAX)),
            BigUint::from(u128::MAX)
        );
    }
}
