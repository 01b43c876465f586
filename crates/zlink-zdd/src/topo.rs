//! The nodes reachable from some roots in bottom-up order, with a slot for each: the common
//! skeleton of every level-wise (non-recursive) pass: counting, sizes, optimisation, export.

use rustc_hash::FxHashMap;

use crate::node::NodeId;
use crate::store::Zdd;

/// Reachable non-terminal nodes in ascending index order (children before parents).
///
/// Per-node values of a pass live in a vector indexed by [`Topo::slot`]: slots 0 and 1 are the
/// terminals, slot `2 + k` is the `k`-th reachable node ([`Topo::ids`]).
pub(crate) struct Topo {
    /// The reachable ids, ascending; left empty for [`Positions::Identity`] (they are
    /// `2..len + 2`, no need to spend 4 bytes per node on them).
    order: Vec<u32>,
    len: usize,
    pos: Positions,
}

/// The reachable ids of a [`Topo`], ascending (children first).
pub(crate) enum Ids<'a> {
    Range(std::ops::Range<u32>),
    List(std::slice::Iter<'a, u32>),
}

impl Iterator for Ids<'_> {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        match self {
            Ids::Range(r) => r.next(),
            Ids::List(l) => l.next().copied(),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Ids::Range(r) => r.size_hint(),
            Ids::List(l) => l.size_hint(),
        }
    }
}

impl DoubleEndedIterator for Ids<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<u32> {
        match self {
            Ids::Range(r) => r.next_back(),
            Ids::List(l) => l.next_back().copied(),
        }
    }
}

impl ExactSizeIterator for Ids<'_> {}

enum Positions {
    /// Every id in `2..slots` is reachable, so the slot of an id is the id itself (a freshly
    /// built or imported diagram, the common big case).
    Identity,
    /// `pos[id]` for every id in the store (used when most of the store is reachable).
    Dense(Vec<u32>),
    /// Only the reachable ids (used when a small part of a large store is reachable).
    Sparse(FxHashMap<u32, u32>),
}

/// A depth-first search that has visited more than `1/SWEEP_FRACTION` of the ids below the
/// largest root hands over to the sweep (see [`Topo::new`]).
const SWEEP_FRACTION: usize = 32;

/// Whether id `i` is marked in the bitset `seen`.
#[inline]
fn is_seen(seen: &[u64], i: u32) -> bool {
    seen[(i / 64) as usize] & (1 << (i % 64)) != 0
}

/// Marks id `i` in the bitset `seen`.
#[inline]
fn mark(seen: &mut [u64], i: u32) {
    seen[(i / 64) as usize] |= 1 << (i % 64);
}

/// The bitset of the ids reachable from `roots` (terminals possibly marked too) and the number
/// of reachable non-terminals: depth-first first, the descending sweep once the search has seen
/// more than `1/SWEEP_FRACTION` of the ids below `top` (see [`Topo::new`]).
fn mark_reachable(zdd: &Zdd, roots: &[NodeId], top: usize) -> (Vec<u64>, usize) {
    let mut seen = vec![0u64; zdd.nodes.len().div_ceil(64)];
    let mut count = 0usize;
    let mut stack: Vec<u32> = roots.iter().map(|r| r.0).collect();
    let dfs_limit = top / SWEEP_FRACTION + 64;
    while let Some(i) = stack.pop() {
        if i < 2 || is_seen(&seen, i) {
            continue;
        }
        mark(&mut seen, i);
        count += 1;
        if count > dfs_limit {
            break;
        }
        let node = zdd.nodes.get(i as usize);
        stack.push(node.lo);
        stack.push(node.hi);
    }
    if count > dfs_limit {
        // Hand over: everything marked so far is reachable; the sweep marks the rest
        // (including the children of the marked nodes whose children were not pushed yet).
        for &i in &stack {
            if i >= 2 {
                mark(&mut seen, i);
            }
        }
        drop(stack);
        count = sweep(zdd, &mut seen, top);
    }
    (seen, count)
}

/// The descending sweep over `2..=top`: a marked node marks its children; returns the number
/// of marked non-terminals.
fn sweep(zdd: &Zdd, seen: &mut [u64], top: usize) -> usize {
    let mut count = 0;
    for i in (2..=top as u32).rev() {
        if is_seen(seen, i) {
            count += 1;
            let node = zdd.nodes.get(i as usize);
            debug_assert!(node.lo < i && node.hi < i, "children precede parents");
            mark(seen, node.lo);
            mark(seen, node.hi);
        }
    }
    count
}

/// The marked non-terminal ids of `seen`, ascending (`count` of them).
fn ascending_ids(seen: &[u64], count: usize) -> Vec<u32> {
    let mut order = Vec::with_capacity(count);
    for (w, &word) in seen.iter().enumerate() {
        // bits 0 and 1 of word 0 are the terminals, marked by the sweep as children
        let mut bits = if w == 0 { word & !3 } else { word };
        while bits != 0 {
            let b = bits.trailing_zeros();
            order.push((w * 64) as u32 + b);
            bits &= bits - 1;
        }
    }
    order
}

/// The id-to-position map of `order`: dense when the reachable part is at least 1/8 of the
/// store's `n` ids, a hash map otherwise.
fn positions(order: &[u32], n: usize, count: usize) -> Positions {
    if count.saturating_mul(8) >= n {
        let mut dense = vec![u32::MAX; n];
        for (k, &i) in order.iter().enumerate() {
            dense[i as usize] = k as u32;
        }
        Positions::Dense(dense)
    } else {
        Positions::Sparse(
            order
                .iter()
                .enumerate()
                .map(|(k, &i)| (i, k as u32))
                .collect(),
        )
    }
}

impl Topo {
    /// Collects the nodes reachable from `roots`, without recursion.
    ///
    /// Children always have smaller ids than their parents (the store's invariant), so the
    /// reachable set is also one descending sweep over the ids: a marked node marks its
    /// children. The sweep reads the node array sequentially (no cache-missing stack walk) but
    /// touches every id below the largest root, so the search starts depth-first and switches
    /// to the sweep only once it has seen a sizeable part of the store.
    pub(crate) fn new(zdd: &Zdd, roots: &[NodeId]) -> Topo {
        let n = zdd.nodes.len();
        let top = roots.iter().map(|r| r.0 as usize).max().unwrap_or(0);
        let closed = zdd.closed.get() as usize;
        if top >= 2 && top == closed && roots.iter().any(|r| r.0 as usize == top) {
            return Topo {
                order: Vec::new(),
                len: top - 1,
                pos: Positions::Identity,
            };
        }
        let (seen, count) = mark_reachable(zdd, roots, top);
        // Every id up to the largest root reachable: identity slots, no order list at all.
        if count + 1 == top {
            zdd.closed.set(top as u32);
            return Topo {
                order: Vec::new(),
                len: count,
                pos: Positions::Identity,
            };
        }
        let order = ascending_ids(&seen, count);
        let pos = positions(&order, n, count);
        Topo {
            order,
            len: count,
            pos,
        }
    }

    /// The reachable non-terminal ids, ascending (children before parents).
    #[inline]
    pub(crate) fn ids(&self) -> Ids<'_> {
        match self.pos {
            Positions::Identity => Ids::Range(2..self.len as u32 + 2),
            _ => Ids::List(self.order.iter()),
        }
    }

    /// Number of reachable non-terminal nodes.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The slot of a reachable node or terminal (raw index).
    #[inline]
    pub(crate) fn slot(&self, id: u32) -> usize {
        if id < 2 {
            return id as usize;
        }
        match &self.pos {
            Positions::Identity => id as usize,
            Positions::Dense(d) => 2 + d[id as usize] as usize,
            Positions::Sparse(m) => 2 + m[&id] as usize,
        }
    }

    /// Number of slots (terminals included).
    #[inline]
    pub(crate) fn slots(&self) -> usize {
        self.len + 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Var;

    /// The reachable ids by plain recursion (the oracle).
    fn reachable(zdd: &Zdd, f: u32, out: &mut std::collections::BTreeSet<u32>) {
        if f >= 2 && out.insert(f) {
            let n = zdd.nodes.get(f as usize);
            reachable(zdd, n.lo, out);
            reachable(zdd, n.hi, out);
        }
    }

    fn check(zdd: &Zdd, roots: &[NodeId]) {
        let mut want = std::collections::BTreeSet::new();
        for r in roots {
            reachable(zdd, r.0, &mut want);
        }
        let topo = Topo::new(zdd, roots);
        let got: Vec<u32> = topo.ids().collect();
        assert_eq!(got, want.iter().copied().collect::<Vec<_>>());
        assert_eq!(topo.len(), want.len());
        for (k, &i) in want.iter().enumerate() {
            assert_eq!(topo.slot(i), k + 2);
        }
        assert_eq!(topo.slot(0), 0);
        assert_eq!(topo.slot(1), 1);
    }

    /// Stores big enough for the depth-first search to hand over to the sweep, with roots
    /// reaching all of the store (identity slots), most of it (dense) or little (sparse).
    #[test]
    fn every_search_path_finds_exactly_the_reachable_nodes() {
        let mut zdd = Zdd::new(0);
        // all subsets of size <= 3 of 60 variables: a few thousand shared nodes
        let mut sets: Vec<Vec<Var>> = Vec::new();
        let mut rng = zlink_base::SplitMix64::new(0x2545_F491_4F6C_DD1D);
        for _ in 0..3000 {
            let mut s = Vec::new();
            for _ in 0..4 {
                s.push(rng.below_u64(60) as Var);
            }
            sets.push(s);
        }
        let big = zdd.from_sets(&sets).unwrap();
        check(&zdd, &[big]); // the last node made: every node reachable → identity
        let small = zdd.from_sets(&sets[..3]).unwrap();
        check(&zdd, &[small]); // a few nodes of a big store → depth-first only, sparse
        let half = zdd.from_sets(&sets[..1500]).unwrap();
        check(&zdd, &[half]);
        check(&zdd, &[half, small]);
        check(&zdd, &[small, big, NodeId::ONE]);
        check(&zdd, &[NodeId::ZERO]);
        check(&zdd, &[]);
    }

    /// A root found to reach everything below it is remembered: later passes from it (alone
    /// or with other roots) skip the sweep and still see exactly the reachable nodes; new
    /// nodes above it do not change that, and compaction forgets it.
    #[test]
    fn a_closed_root_is_remembered_until_compaction() {
        let mut zdd = Zdd::new(0);
        let vars: Vec<Var> = (0..3000).collect();
        let big = zdd.power_set(&vars).unwrap(); // a chain: every node reachable
        let sets: Vec<Vec<Var>> = (0..5u32).map(|i| vec![i, 2 * i + 7]).collect();
        assert_eq!(zdd.closed.get(), 0);
        check(&zdd, &[big]);
        assert_eq!(zdd.closed.get(), big.0);
        check(&zdd, &[big]);
        let small = zdd.from_sets(&sets).unwrap();
        check(&zdd, &[small, big]);
        let count = zdd.count(big);
        let mut roots = [small];
        zdd.retain(&mut roots);
        assert_eq!(zdd.closed.get(), 0);
        check(&zdd, &roots);
        assert_eq!(zdd.count(roots[0]), 5u32.into());
        assert_eq!(count, num_bigint::BigUint::from(1u8) << 3000u32);
    }

    #[test]
    fn counts_beyond_128_bits_are_exact() {
        let mut zdd = Zdd::new(0);
        let vars: Vec<Var> = (0..200).collect();
        let all = zdd.power_set(&vars).unwrap();
        assert_eq!(zdd.count(all), num_bigint::BigUint::from(1u8) << 200u32);
        // members of size <= 1 plus the power set of the top 130 variables: mixes inline and
        // spilled counts in one sum
        let top: Vec<Var> = (70..200).collect();
        let p = zdd.power_set(&top).unwrap();
        let singles: Vec<Vec<Var>> = (0..70).map(|v| vec![v]).collect();
        let s = zdd.from_sets(&singles).unwrap();
        let u = zdd.union(p, s).unwrap();
        let want = (num_bigint::BigUint::from(1u8) << 130u32) + 70u32;
        assert_eq!(zdd.count(u), want);
    }
}
