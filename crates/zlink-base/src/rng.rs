//! The one seeded random number generator of the project: engines sample with it, and tests,
//! benches and the test kit draw their random instances from it, so a seed means the same
//! thing everywhere.
//!
//! ```
//! use zlink_base::SplitMix64;
//! let mut a = SplitMix64::new(7);
//! let mut b = SplitMix64::new(7);
//! assert_eq!(a.next_u64(), b.next_u64());
//! assert!(a.below_u64(10) < 10);
//! ```

use num_bigint::BigUint;

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, seedable PRNG with full 2^64 period.
/// Used instead of a `rand` dependency: sampling only needs uniform 64-bit words that are
/// identical for a given seed on every platform and release, which this guarantees.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next uniform 64-bit word.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..bound` (`bound > 0`), by rejection, so there is no modulo
    /// bias.
    pub fn below_u64(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "an empty range");
        let zone = u64::MAX - (u64::MAX % bound);
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % bound;
            }
        }
    }

    /// A uniform integer in `0..n` (`n > 0`), by rejection on the bit length of `n`.
    pub fn below(&mut self, n: &BigUint) -> BigUint {
        let bits = n.bits();
        let words = bits.div_ceil(64) as usize;
        let top = bits % 64;
        loop {
            let mut digits: Vec<u64> = (0..words).map(|_| self.next_u64()).collect();
            if top != 0 {
                if let Some(last) = digits.last_mut() {
                    *last &= (1u64 << top) - 1;
                }
            }
            let x = BigUint::from_slice(
                &digits
                    .iter()
                    .flat_map(|d| [*d as u32, (*d >> 32) as u32])
                    .collect::<Vec<_>>(),
            );
            if &x < n {
                return x;
            }
        }
    }
}
