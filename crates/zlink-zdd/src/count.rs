//! Exact counting: the number of members and the number of members of each size.
//!
//! Counts run bottom-up over [`Topo`] order in `u128` with overflow checks and restart in
//! [`BigUint`] only when a count overflows (4–9× faster than big integers throughout).
//! [`Zdd::count`] keeps `u128`s and spills only the big values (see `SpillCounts`); on a
//! diagram laid out level by level (as `Zdd::import` lays out a fresh store) it also frees each
//! level's values once its last parent level is done, so counting a 145 M-node diagram needs
//! a few levels of values instead of 16 bytes per node.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::limbs::U256;
use crate::node::NodeId;
use crate::store::Zdd;
use crate::topo::Topo;

/// A count type: `u128` (adds can overflow) or [`BigUint`] (never overflows).
pub(crate) trait Counter: Clone {
    fn zero() -> Self;
    fn one() -> Self;
    /// `self + other`, `None` on overflow.
    fn plus(&self, other: &Self) -> Option<Self>;
}

impl Counter for u128 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    #[inline]
    fn plus(&self, other: &Self) -> Option<Self> {
        self.checked_add(*other)
    }
}

impl Counter for BigUint {
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    #[inline]
    fn plus(&self, other: &Self) -> Option<Self> {
        Some(self + other)
    }
}

/// Per-slot member counts of every node reachable from the roots of `topo`; `None` on overflow.
pub(crate) fn counts<C: Counter>(zdd: &Zdd, topo: &Topo) -> Option<Vec<C>> {
    let mut vals: Vec<C> = Vec::with_capacity(topo.slots());
    vals.push(C::zero());
    vals.push(C::one());
    for i in topo.ids() {
        let n = zdd.nodes.get(i as usize);
        let v = vals[topo.slot(n.lo)].plus(&vals[topo.slot(n.hi)])?;
        vals.push(v);
    }
    Some(vals)
}

/// Per-cardinality counts of the family at `root`; `None` on overflow. Values of a node are
/// dropped as soon as its last parent has used them.
fn counts_by_size<C: Counter>(zdd: &Zdd, topo: &Topo, root: NodeId) -> Option<Vec<C>> {
    let mut parents = vec![0u32; topo.slots()];
    for i in topo.ids() {
        let n = zdd.nodes.get(i as usize);
        parents[topo.slot(n.lo)] += 1;
        parents[topo.slot(n.hi)] += 1;
    }
    let mut vals: Vec<Vec<C>> = Vec::with_capacity(topo.slots());
    vals.push(Vec::new());
    vals.push(vec![C::one()]);
    for i in topo.ids() {
        let n = zdd.nodes.get(i as usize);
        let (lo, hi) = (topo.slot(n.lo), topo.slot(n.hi));
        let len = vals[lo].len().max(vals[hi].len() + 1);
        let mut v = vec![C::zero(); len];
        for (k, c) in vals[lo].iter().enumerate() {
            v[k] = c.clone();
        }
        for (k, c) in vals[hi].iter().enumerate() {
            v[k + 1] = v[k + 1].plus(c)?;
        }
        vals.push(v);
        for child in [lo, hi] {
            parents[child] -= 1;
            if parents[child] == 0 && child >= 2 {
                vals[child] = Vec::new();
            }
        }
    }
    Some(std::mem::take(&mut vals[topo.slot(root.0)]))
}

/// Per-node counts in one `u128` each: values below 2^127 inline; bigger ones as an index
/// (flagged by the top bit) into a side vector of 256-bit values, or past 2^256 of
/// [`BigUint`]s (flagged by the next bit too). Near the bottom of a diagram counts are small
/// and only the top levels spill, so a diagram whose count needs 180 bits costs 16 bytes per
/// node plus 32 per spilled one, with no heap number per node (16×16 corner paths: the count
/// of the 464 M-node diagram took 11.3 s and 300 MB above the store with `BigUint` spills).
struct SpillCounts {
    vals: Vec<u128>,
    wide: Vec<U256>,
    big: Vec<BigUint>,
}

const SPILL: u128 = 1 << 127;
const BIG: u128 = 1 << 126;

#[derive(Clone, Copy)]
enum Val<'a> {
    Small(u128),
    /// A 256-bit value.
    Wide(U256),
    Big(&'a BigUint),
}

/// A sum, to be pushed.
enum Sum {
    Small(u128),
    Wide(U256),
    Big(BigUint),
}

impl Val<'_> {
    fn big(self) -> BigUint {
        match self {
            Val::Small(x) => BigUint::from(x),
            Val::Wide(w) => BigUint::from(w),
            Val::Big(b) => b.clone(),
        }
    }

    /// As 256 bits, unless it is a big one.
    #[inline]
    fn wide(self) -> Option<U256> {
        match self {
            Val::Small(x) => Some(U256::from(x)),
            Val::Wide(w) => Some(w),
            Val::Big(_) => None,
        }
    }
}

impl SpillCounts {
    fn new() -> SpillCounts {
        SpillCounts::with_values(Vec::new())
    }

    fn with_values(vals: Vec<u128>) -> SpillCounts {
        SpillCounts {
            vals,
            wide: Vec::new(),
            big: Vec::new(),
        }
    }

    #[inline]
    fn get(&self, slot: usize) -> Val<'_> {
        let v = self.vals[slot];
        if v & SPILL == 0 {
            Val::Small(v)
        } else if v & BIG == 0 {
            Val::Wide(self.wide[(v & !SPILL) as usize])
        } else {
            Val::Big(&self.big[(v & !(SPILL | BIG)) as usize])
        }
    }

    /// `a + b`, in the narrowest tier that holds it.
    #[inline]
    fn add(a: Val<'_>, b: Val<'_>) -> Sum {
        if let (Val::Small(x), Val::Small(y)) = (a, b) {
            let s = x + y; // both < 2^127: no overflow
            return if s & SPILL == 0 {
                Sum::Small(s)
            } else {
                Sum::Wide(U256::from(s))
            };
        }
        if let (Some(x), Some(y)) = (a.wide(), b.wide()) {
            if let Some(s) = x.checked_add(y) {
                return Sum::Wide(s);
            }
        }
        Sum::Big(a.big() + b.big())
    }

    #[inline]
    fn push(&mut self, v: Sum) {
        match v {
            Sum::Small(x) => self.vals.push(x),
            Sum::Wide(w) => {
                self.vals.push(SPILL | self.wide.len() as u128);
                self.wide.push(w);
            }
            Sum::Big(big) => {
                self.vals.push(SPILL | BIG | self.big.len() as u128);
                self.big.push(big);
            }
        }
    }

    #[inline]
    fn push_sum(&mut self, a: usize, b: usize) {
        let v = SpillCounts::add(self.get(a), self.get(b));
        self.push(v);
    }

    fn take(&mut self, slot: usize) -> BigUint {
        match self.get(slot) {
            Val::Big(_) => {
                let i = (self.vals[slot] & !(SPILL | BIG)) as usize;
                std::mem::take(&mut self.big[i])
            }
            v => v.big(),
        }
    }
}

/// A run of consecutive ids testing one variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) start: u32,
    pub(crate) end: u32,
    pub(crate) var: u32,
}

/// The run of child `c` of a node of run `k`: an earlier run, almost always one of the last
/// few, found by walking back over the run starts (a small array that stays in cache) instead
/// of reading the child's record (a cache miss per child).
#[inline]
pub(crate) fn run_before(runs: &[Run], c: u32, k: usize) -> usize {
    let mut j = k - 1;
    while runs[j].start > c {
        j -= 1;
    }
    j
}

/// The level layout of a diagram: its runs, and per run the last run that reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Layout {
    pub(crate) runs: Vec<Run>,
    /// `last[k]`: the last run (in processing order) with a parent of a node of run `k`.
    pub(crate) last: Vec<usize>,
}

impl Zdd {
    /// The ids `2..=top` as runs of one variable each, if the variables strictly decrease
    /// from run to run (so every child, having a larger variable, is in an earlier run), and
    /// the last reader of each run, found in the same sequential pass.
    pub(crate) fn level_runs(&self, top: u32) -> Option<Layout> {
        let mut runs: Vec<Run> = Vec::new();
        let mut last: Vec<usize> = Vec::new();
        for i in 2..=top {
            let n = self.nodes.get(i as usize);
            match runs.last_mut() {
                Some(r) if r.var == n.var => r.end = i + 1,
                Some(r) if r.var < n.var => return None,
                _ => {
                    runs.push(Run {
                        start: i,
                        end: i + 1,
                        var: n.var,
                    });
                    last.push(0);
                }
            }
            let k = runs.len() - 1;
            for c in [n.lo, n.hi] {
                if c >= 2 {
                    let ck = run_before(&runs, c, k);
                    last[ck] = last[ck].max(k);
                }
            }
        }
        Some(Layout { runs, last })
    }

    /// [`Zdd::count`] for a store whose ids `2..=f` are all reachable and laid out level by
    /// level: values live per run and are dropped after the last run that reads them.
    fn count_by_runs(&self, f: NodeId, layout: &Layout) -> BigUint {
        let Layout { runs, last } = layout;
        let run_before = |c: u32, k: usize| run_before(runs, c, k);
        let mut dies_after: Vec<Vec<usize>> = vec![Vec::new(); runs.len()];
        for (k, &l) in last.iter().enumerate() {
            dies_after[l].push(k);
        }
        let terminals = SpillCounts::with_values(vec![0, 1]);
        let mut vals: Vec<SpillCounts> = (0..runs.len()).map(|_| SpillCounts::new()).collect();
        let locate = |c: u32, k: usize| -> (usize, usize) {
            if c < 2 {
                return (usize::MAX, c as usize);
            }
            let j = run_before(c, k);
            (j, (c - runs[j].start) as usize)
        };
        for (k, r) in runs.iter().enumerate() {
            let mut cur = SpillCounts::with_values(Vec::with_capacity((r.end - r.start) as usize));
            for i in r.start..r.end {
                let n = self.nodes.get(i as usize);
                let (lk, li) = locate(n.lo, k);
                let (hk, hi) = locate(n.hi, k);
                let a = if lk == usize::MAX {
                    terminals.get(li)
                } else {
                    vals[lk].get(li)
                };
                let b = if hk == usize::MAX {
                    terminals.get(hi)
                } else {
                    vals[hk].get(hi)
                };
                match (a, b) {
                    // the common case inline: both below 2^127, so the sum fits a u128
                    (Val::Small(x), Val::Small(y)) if (x + y) & SPILL == 0 => cur.vals.push(x + y),
                    _ => cur.push(SpillCounts::add(a, b)),
                }
            }
            vals[k] = cur;
            for &d in &dies_after[k] {
                if d != runs.len() - 1 {
                    vals[d] = SpillCounts::new();
                }
            }
        }
        let (k, i) = locate(f.0, runs.len());
        vals[k].take(i)
    }

    /// The exact number of members of `f`. Iterative, O(size(f)), 16 bytes per node (see
    /// `SpillCounts`) or, on a diagram laid out level by level, a few levels' worth.
    pub fn count(&self, f: NodeId) -> BigUint {
        if f.0 < 2 {
            return BigUint::from(f.0);
        }
        // a fresh import's root: its layout was noted on the way (no pass over the nodes)
        if let Some((r, layout)) = &self.layout {
            if *r == f.0 && self.closed.get() == f.0 {
                return self.count_by_runs(f, layout);
            }
        }
        let topo = Topo::new(self, &[f]);
        if topo.len() + 1 == f.0 as usize {
            if let Some(layout) = self.level_runs(f.0) {
                return self.count_by_runs(f, &layout);
            }
        }
        let mut c = SpillCounts::with_values(Vec::with_capacity(topo.slots()));
        c.vals.extend([0, 1]);
        for i in topo.ids() {
            let n = self.nodes.get(i as usize);
            c.push_sum(topo.slot(n.lo), topo.slot(n.hi));
        }
        c.take(topo.slot(f.0))
    }

    /// `count_by_size(f)[k]` is the number of members of `f` with exactly `k` elements; the
    /// vector ends at the largest member size (empty for the empty family). Iterative,
    /// O(size(f) × largest member size).
    pub fn count_by_size(&self, f: NodeId) -> Vec<BigUint> {
        let topo = Topo::new(self, &[f]);
        match counts_by_size::<u128>(self, &topo, f) {
            Some(v) => v.into_iter().map(BigUint::from).collect(),
            None => counts_by_size::<BigUint>(self, &topo, f).unwrap_or_default(),
        }
    }

    /// The number of non-terminal nodes reachable from `f`. Iterative, O(size(f)).
    pub fn size(&self, f: NodeId) -> usize {
        Topo::new(self, &[f]).len()
    }

    /// The number of distinct non-terminal nodes reachable from any of `roots` (shared nodes
    /// counted once).
    pub fn size_many(&self, roots: &[NodeId]) -> usize {
        Topo::new(self, roots).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::{RawRef, Unreduced};

    /// A random layered diagram: `width` raw nodes per level, children in the next one or two
    /// levels or terminals (seeded `SplitMix64`).
    fn layered(levels: u32, width: u32, seed: u64) -> Unreduced {
        let mut rng = zlink_base::SplitMix64::new(seed);
        let mut rnd = move |m: u64| rng.below_u64(m);
        let mut rows = Vec::new();
        for v in 0..levels {
            let row = (0..width)
                .map(|_| {
                    let mut child = || match rnd(8) {
                        0 => RawRef::ZERO,
                        1 => RawRef::ONE,
                        k => {
                            let to = v + 1 + u32::from(k == 7);
                            if to < levels {
                                RawRef::node(to, rnd(u64::from(width)) as u32)
                            } else {
                                RawRef::ONE
                            }
                        }
                    };
                    [child(), child()]
                })
                .collect();
            rows.push(row);
        }
        Unreduced::from_rows(RawRef::node(0, 0), &rows).unwrap()
    }

    fn plain_count(zdd: &Zdd, f: NodeId) -> BigUint {
        let topo = Topo::new(zdd, &[f]);
        let slot = topo.slot(f.0);
        counts::<BigUint>(zdd, &topo)
            .map(|mut v| std::mem::take(&mut v[slot]))
            .unwrap()
    }

    /// Level-by-level counting (fresh import) and spilled counting (a store with other nodes
    /// first) agree with plain big-integer counting: inline, 256-bit and big-integer values.
    #[test]
    fn every_count_path_agrees() {
        let mut bits = Vec::new();
        for (levels, width, seed) in [
            (12, 3, 1),
            (60, 40, 7),
            (700, 20, 5),
            (300, 4, 9),
            (400, 30, 3),
        ] {
            let mut fresh = Zdd::new(0);
            let f = fresh.import(layered(levels, width, seed)).unwrap();
            let want = plain_count(&fresh, f);
            assert_eq!(fresh.count(f), want, "{levels}x{width}");
            // compacted, every id up to the root is reachable and levels are runs: the
            // level-by-level path is the one taken
            let mut roots = [f];
            fresh.retain(&mut roots);
            let f = roots[0];
            assert_eq!(Topo::new(&fresh, &[f]).len() + 1, f.0 as usize);
            assert!(fresh.level_runs(f.0).is_some());
            assert_eq!(fresh.count(f), want, "{levels}x{width} by levels");
            let mut mixed = Zdd::new(0);
            let other = mixed.power_set(&[3, 5, 8]).unwrap();
            let g = mixed.import(layered(levels, width, seed)).unwrap();
            let u = mixed.union(g, other).unwrap();
            assert_eq!(mixed.count(g), want);
            assert_eq!(mixed.count(u), plain_count(&mixed, u));
            bits.push(want.bits());
        }
        // inline, 256-bit and big-integer tiers all reached
        assert!(bits.iter().any(|&b| b < 127), "{bits:?}");
        assert!(bits.iter().any(|&b| (129..256).contains(&b)), "{bits:?}");
        assert!(bits.iter().any(|&b| b > 256), "{bits:?}");
    }
}
