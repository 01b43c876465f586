//! Ranking, unranking and uniform random sampling of members, in the iteration order of
//! [`crate::Members`]. A [`Ranker`] holds the member count of every node below the root, so
//! repeated queries cost O(depth) big-integer steps each.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::count::counts;
use crate::node::{NodeId, Var};
use crate::store::Zdd;
use crate::topo::Topo;

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

/// Member counts of every node reachable from one root, for rank/unrank/sampling.
pub struct Ranker<'a> {
    zdd: &'a Zdd,
    root: NodeId,
    topo: Topo,
    counts: Vec<BigUint>,
}

impl<'a> Ranker<'a> {
    /// Prepares ranking of the members of `f`. O(size(f)) big-integer additions, iterative.
    pub fn new(zdd: &'a Zdd, f: NodeId) -> Ranker<'a> {
        let topo = Topo::new(zdd, &[f]);
        let counts = counts::<BigUint>(zdd, &topo).unwrap_or_default();
        Ranker {
            zdd,
            root: f,
            topo,
            counts,
        }
    }

    fn count_of(&self, f: NodeId) -> &BigUint {
        &self.counts[self.topo.slot(f.0)]
    }

    /// The number of members.
    pub fn count(&self) -> &BigUint {
        self.count_of(self.root)
    }

    /// The position of `set` (any order, duplicates ignored) in the iteration order, or `None`
    /// if it is not a member.
    pub fn rank(&self, set: &[Var]) -> Option<BigUint> {
        let mut vars = set.to_vec();
        vars.sort_unstable();
        vars.dedup();
        let mut next = vars.iter().peekable();
        let mut f = self.root;
        let mut r = BigUint::zero();
        while !f.is_terminal() {
            let (v, lo, hi) = self.zdd.split(f);
            match next.peek() {
                Some(&&w) if w < v => return None,
                Some(&&w) if w == v => {
                    next.next();
                    r += self.count_of(lo);
                    f = hi;
                }
                _ => f = lo,
            }
        }
        (f == NodeId::ONE && next.peek().is_none()).then_some(r)
    }

    /// The member at position `r` of the iteration order, or `None` if `r ≥ count`.
    pub fn unrank(&self, r: &BigUint) -> Option<Vec<Var>> {
        if r >= self.count() {
            return None;
        }
        let mut r = r.clone();
        let mut set = Vec::new();
        let mut f = self.root;
        while !f.is_terminal() {
            let (v, lo, hi) = self.zdd.split(f);
            let c0 = self.count_of(lo);
            if &r < c0 {
                f = lo;
            } else {
                r -= c0;
                set.push(v);
                f = hi;
            }
        }
        Some(set)
    }

    /// A uniformly random member (`None` for the empty family).
    pub fn sample(&self, rng: &mut SplitMix64) -> Option<Vec<Var>> {
        if self.count().is_zero() {
            return None;
        }
        let r = rng.below(self.count());
        self.unrank(&r)
    }
}

impl Zdd {
    /// A [`Ranker`] for the members of `f`.
    pub fn ranker(&self, f: NodeId) -> Ranker<'_> {
        Ranker::new(self, f)
    }

    /// `k` uniformly random members of `f` (with replacement), deterministic for a given seed.
    /// Empty if `f` is the empty family.
    pub fn sample(&self, f: NodeId, seed: u64, k: usize) -> Vec<Vec<Var>> {
        let ranker = self.ranker(f);
        let mut rng = SplitMix64::new(seed);
        (0..k).map_while(|_| ranker.sample(&mut rng)).collect()
    }
}
