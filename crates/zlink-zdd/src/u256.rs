//! A 256-bit unsigned count: the middle tier of every exact counter (machine words, then
//! this, then [`BigUint`]). Both the diagram count ([`crate::Zdd::count`]) and the frontier's
//! count-only DP use it, so record-size counts (17×17 corner paths need about 200 bits) never
//! allocate a heap number per node or state.
//!
//! ```
//! use zlink_zdd::U256;
//! let max = U256::from(u128::MAX);
//! let two = max.checked_add(max).unwrap();
//! assert_eq!(num_bigint::BigUint::from(two), num_bigint::BigUint::from(u128::MAX) * 2u32);
//! assert!(U256 { lo: 0, hi: u128::MAX }.checked_add(U256 { lo: 0, hi: 1 }).is_none());
//! ```

use num_bigint::BigUint;

/// `hi · 2^128 + lo`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct U256 {
    /// The low 128 bits.
    pub lo: u128,
    /// The high 128 bits.
    pub hi: u128,
}

impl U256 {
    /// `self + other`, `None` past 2^256 - 1.
    #[inline(always)]
    pub fn checked_add(self, other: U256) -> Option<U256> {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        let hi = self
            .hi
            .checked_add(other.hi)?
            .checked_add(u128::from(carry))?;
        Some(U256 { lo, hi })
    }
}

impl From<u128> for U256 {
    fn from(lo: u128) -> U256 {
        U256 { lo, hi: 0 }
    }
}

impl From<U256> for BigUint {
    fn from(x: U256) -> BigUint {
        (BigUint::from(x.hi) << 128u32) + BigUint::from(x.lo)
    }
}
