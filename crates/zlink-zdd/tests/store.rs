//! Node store and bulk import: canonicity, import vs `node`, counts and sizes vs brute force.

use std::collections::HashSet;

use num_bigint::BigUint;
use proptest::prelude::*;
use zlink_zdd::{NodeId, RawRef, Unreduced, Zdd};

/// The family as a complete decision tree (row v has 2^v nodes, one per prefix), unreduced:
/// lots of duplicates and zero-suppressible nodes. `junk` adds unreachable nodes and reverses
/// the order of nodes inside each row, to get a second, different raw diagram.
fn tree(n: u32, family: &[u32], junk: bool) -> Unreduced {
    let set: HashSet<u32> = family.iter().copied().collect();
    let idx = |v: u32, prefix: u32| -> u32 {
        if junk {
            (1u32 << v) - 1 - prefix + 1 // one junk node at index 0
        } else {
            prefix
        }
    };
    let mut rows: Vec<Vec<[RawRef; 2]>> = Vec::new();
    for v in 0..n {
        let width = 1usize << v;
        let mut row = vec![[RawRef::ZERO, RawRef::ONE]; width + usize::from(junk)];
        for prefix in 0..width as u32 {
            let child = |b: u32| {
                let p = prefix | (b << v);
                if v + 1 == n {
                    if set.contains(&p) {
                        RawRef::ONE
                    } else {
                        RawRef::ZERO
                    }
                } else {
                    RawRef::node(v + 1, idx(v + 1, p))
                }
            };
            row[idx(v, prefix) as usize] = [child(0), child(1)];
        }
        rows.push(row);
    }
    let root = if n == 0 {
        if set.contains(&0) {
            RawRef::ONE
        } else {
            RawRef::ZERO
        }
    } else {
        RawRef::node(0, idx(0, 0))
    };
    Unreduced::from_rows(root, &rows).unwrap()
}

/// Whether the set `mask` is a member of `f`, by walking the reduced diagram.
fn member(z: &Zdd, mut f: NodeId, mask: u32) -> bool {
    let mut taken = 0u32;
    while !f.is_terminal() {
        let v = z.var(f);
        if mask & (1 << v) != 0 {
            taken |= 1 << v;
            f = z.hi(f);
        } else {
            f = z.lo(f);
        }
    }
    f == NodeId::ONE && taken == mask
}

/// Brute-force node count: distinct residual families other than ∅ and {∅}.
fn brute_size(n: u32, family: &[u32]) -> usize {
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    for v in 0..=n {
        let low = (1u32 << v) - 1;
        for prefix in 0..=low {
            let mut r: Vec<u32> = family
                .iter()
                .filter(|&&a| a & low == prefix)
                .map(|&a| a & !low)
                .collect();
            r.sort_unstable();
            if !r.is_empty() && r != [0] {
                seen.insert(r);
            }
        }
    }
    seen.len()
}

fn family_strategy() -> impl Strategy<Value = (u32, Vec<u32>)> {
    (0u32..=8).prop_flat_map(|n| {
        (
            Just(n),
            proptest::collection::btree_set(0u32..(1 << n), 0..40),
        )
            .prop_map(|(n, s)| (n, s.into_iter().collect()))
    })
}

proptest! {
    #[test]
    fn import_is_canonical_and_counts_match((n, fam) in family_strategy()) {
        let mut z = Zdd::new(n);
        let a = z.import(tree(n, &fam, false)).unwrap();
        let b = z.import(tree(n, &fam, true)).unwrap();
        prop_assert_eq!(a, b);
        let before = z.node_count();
        prop_assert_eq!(z.import(tree(n, &fam, false)).unwrap(), a);
        prop_assert_eq!(z.node_count(), before, "a repeated import must share every node");
        prop_assert_eq!(z.count(a), BigUint::from(fam.len()));
        prop_assert_eq!(z.size(a), brute_size(n, &fam));
        for mask in 0..(1u32 << n) {
            prop_assert_eq!(member(&z, a, mask), fam.contains(&mask));
        }
        let by_size = z.count_by_size(a);
        let mut expect = vec![BigUint::from(0u32); by_size.len()];
        for m in &fam {
            expect[m.count_ones() as usize] += 1u32;
        }
        prop_assert_eq!(by_size, expect);
    }
}

/// The family built node by node (`Zdd::node` only), splitting on variable `v` and up.
fn by_nodes(z: &mut Zdd, n: u32, fam: &[u32], v: u32) -> NodeId {
    if fam.is_empty() {
        return NodeId::ZERO;
    }
    if v == n {
        return NodeId::ONE;
    }
    let lo: Vec<u32> = fam.iter().copied().filter(|a| a & (1 << v) == 0).collect();
    let hi: Vec<u32> = fam
        .iter()
        .filter(|&&a| a & (1 << v) != 0)
        .map(|&a| a & !(1 << v))
        .collect();
    let (l, h) = (by_nodes(z, n, &lo, v + 1), by_nodes(z, n, &hi, v + 1));
    z.node(v, l, h).unwrap()
}

proptest! {
    /// A fresh store's import leaves its nodes out of the unique tables: the first later
    /// `node` call must index them, so building the same families node by node finds every
    /// node again (also after a compaction, which leaves the tables to be rebuilt too).
    #[test]
    fn lazily_indexed_import_shares_with_node((n, fam) in family_strategy(), cut in 0usize..40) {
        let mut z = Zdd::new(n);
        let a = z.import(tree(n, &fam, true)).unwrap();
        let size = z.node_count();
        prop_assert_eq!(by_nodes(&mut z, n, &fam, 0), a);
        prop_assert_eq!(z.node_count(), size, "node() must find the imported nodes");
        let part = &fam[..cut.min(fam.len())];
        let p = by_nodes(&mut z, n, part, 0);
        let mut roots = [p, a];
        z.retain(&mut roots);
        let after = z.node_count();
        prop_assert_eq!(by_nodes(&mut z, n, &fam, 0), roots[1]);
        prop_assert_eq!(by_nodes(&mut z, n, part, 0), roots[0]);
        prop_assert_eq!(z.node_count(), after, "node() must find the compacted nodes");
        prop_assert_eq!(z.count(roots[1]), BigUint::from(fam.len()));
        prop_assert_eq!(z.count(roots[0]), BigUint::from(part.len()));
    }
}

#[test]
fn node_suppresses_and_shares() {
    let mut z = Zdd::new(3);
    let x = z.node(2, NodeId::ZERO, NodeId::ONE).unwrap();
    assert_eq!(z.node(1, x, NodeId::ZERO).unwrap(), x, "zero-suppression");
    let y = z.node(1, NodeId::ONE, x).unwrap();
    assert_eq!(z.node(1, NodeId::ONE, x).unwrap(), y, "sharing");
    assert_eq!(z.node_count(), 2);
    assert_eq!((z.var(y), z.lo(y), z.hi(y)), (1, NodeId::ONE, x));
    assert_eq!(z.count(y), BigUint::from(2u32));
    assert!(NodeId::ONE.is_terminal() && !y.is_terminal());
}

#[test]
fn import_equals_building_by_node() {
    // {{0,2},{1},{2}} built by hand and from a raw diagram with a duplicate and a dead node.
    let mut z = Zdd::new(3);
    let c = z.node(2, NodeId::ZERO, NodeId::ONE).unwrap(); // {{2}}
    let b = z.node(1, c, NodeId::ONE).unwrap(); // {{1},{2}}
    let by_hand = z.node(0, b, c).unwrap();
    let raw = Unreduced::from_rows(
        RawRef::node(0, 0),
        &[
            vec![[RawRef::node(1, 0), RawRef::node(1, 1)]],
            vec![
                [RawRef::node(2, 0), RawRef::ONE],
                [RawRef::node(2, 1), RawRef::ZERO],
            ],
            vec![
                [RawRef::ZERO, RawRef::ONE],
                [RawRef::ZERO, RawRef::ONE],
                [RawRef::ONE, RawRef::ZERO],
            ],
        ],
    )
    .unwrap();
    let mut fresh = Zdd::new(0);
    let imported = fresh.import(raw.clone()).unwrap();
    assert_eq!(fresh.num_vars(), 3);
    assert_eq!(fresh.count(imported), BigUint::from(3u32));
    assert_eq!(z.import(raw).unwrap(), by_hand);
    assert_eq!(z.node_count(), 3);
}

#[test]
fn budget_is_enforced_by_node_and_import() {
    let mut z = Zdd::with_node_budget(8, 3);
    let x = z.node(7, NodeId::ZERO, NodeId::ONE).unwrap();
    let err = z
        .import(tree(8, &[1, 3, 7, 15, 31, 63, 127, 255], false))
        .unwrap_err();
    assert_eq!((err.limit, err.live), (3, 3));
    assert_eq!(err.to_string(), "node budget of 3 nodes exceeded");
    assert_eq!(z.node_count(), 3);
    // Existing nodes are still found without allocating.
    assert_eq!(z.node(7, NodeId::ZERO, NodeId::ONE).unwrap(), x);
    assert_eq!(z.count(x), BigUint::from(1u32));
    assert!(z.node(6, NodeId::ZERO, x).is_err());
    // The same budget on an import into a fresh store (the lazily indexed path).
    let mut fresh = Zdd::with_node_budget(8, 3);
    let err = fresh
        .import(tree(8, &[1, 3, 7, 15, 31, 63, 127, 255], false))
        .unwrap_err();
    assert_eq!((err.limit, err.live), (3, 3));
    assert_eq!(fresh.node_count(), 3);
    // {{0}} is not among the bottom-up first three: a new node, over the budget.
    assert!(fresh.node(0, NodeId::ZERO, NodeId::ONE).is_err());
    assert_eq!(fresh.node_count(), 3);
}

#[test]
fn deep_chain_counts_iteratively() {
    // 20,000 variables: the power set's count is 2^20000, computed without recursion.
    let n = 20_000u32;
    let mut z = Zdd::new(n);
    let mut f = NodeId::ONE;
    for v in (0..n).rev() {
        f = z.node(v, f, f).unwrap();
    }
    assert_eq!(z.size(f), n as usize);
    assert_eq!(z.count(f), BigUint::from(1u32) << n as usize);
    // By size: C(n, k) for a shorter chain (the vectors are quadratic in the depth).
    let g = (0..300).fold(NodeId::ONE, |g, v| z.node(299 - v, g, g).unwrap());
    let by_size = z.count_by_size(g);
    assert_eq!(by_size.len(), 301);
    assert_eq!(by_size[1], BigUint::from(300u32));
    let c150 = (1..=150u32).fold(BigUint::from(1u32), |c, k| c * (150 + k) / k);
    assert_eq!(by_size[150], c150);
}
