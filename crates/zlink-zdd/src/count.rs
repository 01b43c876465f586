//! Exact counting: the number of members and the number of members of each size.
//!
//! Counts run bottom-up over [`Topo`] order in `u128` with overflow checks and restart in
//! [`BigUint`] only when a count overflows (4–9× faster than big integers throughout).

use num_bigint::BigUint;
use num_traits::{One, Zero};

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
        let n = zdd.nodes[i as usize];
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
        let n = zdd.nodes[i as usize];
        parents[topo.slot(n.lo)] += 1;
        parents[topo.slot(n.hi)] += 1;
    }
    let mut vals: Vec<Vec<C>> = Vec::with_capacity(topo.slots());
    vals.push(Vec::new());
    vals.push(vec![C::one()]);
    for i in topo.ids() {
        let n = zdd.nodes[i as usize];
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

/// Per-node counts in one `u128` each: values below 2^127 inline, bigger ones as the index
/// of a [`BigUint`] in a side vector (flagged by the top bit). Near the bottom of a diagram
/// counts are small and only the top levels spill, so a diagram whose count needs 150 bits
/// costs 16 bytes per node instead of a heap number per node.
struct SpillCounts {
    vals: Vec<u128>,
    big: Vec<BigUint>,
}

const SPILL: u128 = 1 << 127;

enum Val<'a> {
    Small(u128),
    Big(&'a BigUint),
}

impl SpillCounts {
    #[inline]
    fn get(&self, slot: usize) -> Val<'_> {
        let v = self.vals[slot];
        if v & SPILL == 0 {
            Val::Small(v)
        } else {
            Val::Big(&self.big[(v & !SPILL) as usize])
        }
    }

    #[inline]
    fn push_sum(&mut self, a: usize, b: usize) {
        let sum = match (self.get(a), self.get(b)) {
            (Val::Small(x), Val::Small(y)) => {
                let s = x + y; // both < 2^127: no overflow
                if s & SPILL == 0 {
                    self.vals.push(s);
                    return;
                }
                BigUint::from(s)
            }
            (Val::Small(x), Val::Big(y)) | (Val::Big(y), Val::Small(x)) => y + BigUint::from(x),
            (Val::Big(x), Val::Big(y)) => x + y,
        };
        self.vals.push(SPILL | self.big.len() as u128);
        self.big.push(sum);
    }

    fn take(&mut self, slot: usize) -> BigUint {
        match self.get(slot) {
            Val::Small(x) => BigUint::from(x),
            Val::Big(_) => std::mem::take(&mut self.big[(self.vals[slot] & !SPILL) as usize]),
        }
    }
}

impl Zdd {
    /// The exact number of members of `f`. Iterative, O(size(f)), 16 bytes per node (see
    /// [`SpillCounts`]).
    pub fn count(&self, f: NodeId) -> BigUint {
        let topo = Topo::new(self, &[f]);
        let mut c = SpillCounts {
            vals: Vec::with_capacity(topo.slots()),
            big: Vec::new(),
        };
        c.vals.extend([0, 1]);
        for i in topo.ids() {
            let n = self.nodes[i as usize];
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
