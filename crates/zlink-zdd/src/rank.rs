//! Ranking, unranking and uniform random sampling of members, in the iteration order of
//! [`crate::Members`]. A [`Ranker`] holds the member count of every node below the root, so
//! repeated queries cost O(depth) big-integer steps each.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::count::counts;
use crate::node::{NodeId, Var};
use crate::store::Zdd;
use crate::topo::Topo;
use zlink_base::SplitMix64;

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

    /// `k` uniformly random members (with replacement), deterministic for a given seed; empty
    /// for the empty family. With [`Ranker::count`], one ranking serves both.
    pub fn draws(&self, seed: u64, k: usize) -> Vec<Vec<Var>> {
        let mut rng = SplitMix64::new(seed);
        (0..k).map_while(|_| self.sample(&mut rng)).collect()
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
        self.ranker(f).draws(seed, k)
    }
}
