//! Serialization round-trips and corrupt input, node budgets, compaction, deep diagrams.

use num_bigint::BigUint;
use proptest::prelude::*;
use zlink_testkit::family as fam;
use zlink_zdd::{BudgetExceeded, DecodeError, NodeId, Zdd};

fn build(z: &mut Zdd, f: &[u32]) -> NodeId {
    let sets: Vec<Vec<u32>> = f.iter().map(|&a| fam::vars(a)).collect();
    z.from_sets(&sets).unwrap()
}

fn members(z: &Zdd, f: NodeId) -> Vec<u32> {
    fam::normalize(z.iter(f).map(|s| fam::mask(&s)).collect())
}

fn families() -> impl Strategy<Value = (u32, Vec<Vec<u32>>)> {
    (1u32..=8).prop_flat_map(|n| {
        (
            Just(n),
            proptest::collection::vec(
                proptest::collection::vec(0u32..(1 << n), 0..20).prop_map(fam::normalize),
                1..4,
            ),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn serialization_round_trips((n, fs) in families()) {
        let mut z = Zdd::new(n);
        let roots: Vec<NodeId> = fs.iter().map(|f| build(&mut z, f)).collect();
        let bytes = z.to_bytes(&roots);
        let json = z.to_json(&roots);
        // Into the same store: the same handles.
        prop_assert_eq!(z.from_bytes(&bytes).unwrap(), roots.clone());
        prop_assert_eq!(z.from_json(&json).unwrap(), roots.clone());
        // Into fresh stores: the same families, and re-export gives the same bytes.
        for loaded in [Zdd::new(0).from_bytes(&bytes), Zdd::new(0).from_json(&json)] {
            prop_assert!(loaded.is_ok());
        }
        let mut fresh = Zdd::new(0);
        let back = fresh.from_bytes(&bytes).unwrap();
        prop_assert_eq!(fresh.num_vars(), n);
        for (r, f) in back.iter().zip(&fs) {
            prop_assert_eq!(&members(&fresh, *r), f);
        }
        prop_assert_eq!(fresh.to_bytes(&back), bytes);
        let mut fresh = Zdd::new(0);
        let back = fresh.from_json(&json).unwrap();
        prop_assert_eq!(fresh.to_json(&back), json);
    }

    #[test]
    fn garbage_never_panics(mut bytes in proptest::collection::vec(any::<u8>(), 0..200), magic in any::<bool>()) {
        if magic && bytes.len() >= 5 {
            bytes[..5].copy_from_slice(b"ZLZD\x01");
        }
        let mut z = Zdd::new(4);
        if let Ok(roots) = z.from_bytes(&bytes) {
            // Whatever was accepted is a valid diagram.
            for r in roots {
                let _ = z.count(r);
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        let _ = z.from_json(&text);
    }

    #[test]
    fn mutated_files_never_panic((n, fs) in families(), pos in any::<usize>(), byte in any::<u8>()) {
        let mut z = Zdd::new(n);
        let roots: Vec<NodeId> = fs.iter().map(|f| build(&mut z, f)).collect();
        let mut bytes = z.to_bytes(&roots);
        let k = pos % bytes.len();
        bytes[k] = byte;
        let mut fresh = Zdd::new(0);
        if let Ok(back) = fresh.from_bytes(&bytes) {
            for r in back {
                let _ = fresh.count(r);
            }
        }
        bytes.truncate(k);
        prop_assert!(Zdd::new(0).from_bytes(&bytes).is_err());
    }

    /// With the budget at the current size, every operation either needs no new node or
    /// fails cleanly; the store stays usable and gives the right answer after raising it.
    #[test]
    fn budget_errors_are_clean((n, fs) in families(), v in 0u32..8, slack in 0usize..3) {
        let mut z = Zdd::new(n);
        let f = build(&mut z, &fs[0]);
        let g = build(&mut z, fs.last().unwrap());
        let v = v % n;
        type Op = Box<dyn Fn(&mut Zdd) -> Result<Option<NodeId>, BudgetExceeded>>;
        let ops: Vec<(&str, Op)> = vec![
            ("union", Box::new(move |z: &mut Zdd| z.union(f, g).map(Some))),
            ("intersection", Box::new(move |z: &mut Zdd| z.intersection(f, g).map(Some))),
            ("difference", Box::new(move |z: &mut Zdd| z.difference(f, g).map(Some))),
            ("symdiff", Box::new(move |z: &mut Zdd| z.symmetric_difference(f, g).map(Some))),
            ("join", Box::new(move |z: &mut Zdd| z.join(f, g).map(Some))),
            ("meet", Box::new(move |z: &mut Zdd| z.meet(f, g).map(Some))),
            ("restrict", Box::new(move |z: &mut Zdd| z.restrict(f, g).map(Some))),
            ("permit", Box::new(move |z: &mut Zdd| z.permit(f, g).map(Some))),
            ("nonsup", Box::new(move |z: &mut Zdd| z.nonsup(f, g).map(Some))),
            ("nonsub", Box::new(move |z: &mut Zdd| z.nonsub(f, g).map(Some))),
            ("onset", Box::new(move |z: &mut Zdd| z.onset(f, v).map(Some))),
            ("offset", Box::new(move |z: &mut Zdd| z.offset(f, v).map(Some))),
            ("change", Box::new(move |z: &mut Zdd| z.change(f, v).map(Some))),
            ("minimal", Box::new(move |z: &mut Zdd| z.minimal(f).map(Some))),
            ("maximal", Box::new(move |z: &mut Zdd| z.maximal(f).map(Some))),
            ("hitting", Box::new(move |z: &mut Zdd| z.minimal_hitting_sets(f).map(Some))),
            ("down", Box::new(move |z: &mut Zdd| z.down_closure(f).map(Some))),
            ("up", Box::new(move |z: &mut Zdd| z.up_closure(f).map(Some))),
            ("min_weight", Box::new(move |z: &mut Zdd| z.min_weight(f, &[3, -1, 2, 0, 5, -2, 1, 4]).map(|o| o.map(|o| o.members)))),
            ("max_card", Box::new(move |z: &mut Zdd| z.max_cardinality(f).map(|o| o.map(|o| o.members)))),
            ("power_set", Box::new(move |z: &mut Zdd| z.power_set(&[0, 1, 2, 3, 4, 5, 6, 7]).map(Some))),
        ];
        for (name, op) in &ops {
            let mut limited = z.clone();
            let budget = limited.node_count() + slack;
            limited.set_node_budget(budget);
            let first = op(&mut limited);
            prop_assert!(limited.node_count() <= budget, "{} grew past the budget", name);
            if let Err(e) = &first {
                prop_assert_eq!(e.limit, budget);
            }
            limited.set_node_budget(usize::MAX);
            let second = op(&mut limited).unwrap();
            let mut reference = z.clone();
            let expected = op(&mut reference).unwrap();
            prop_assert_eq!(
                second.map(|r| members(&limited, r)),
                expected.map(|r| members(&reference, r)),
                "{}", name
            );
            if let Ok(r) = first {
                prop_assert_eq!(r, second, "{}: a successful result must be canonical", name);
            }
        }
    }
}

#[test]
fn decode_errors_are_typed() {
    let mut z = Zdd::new(3);
    let f = z.from_sets(&[vec![0, 2], vec![1]]).unwrap();
    let bytes = z.to_bytes(&[f]);
    assert_eq!(Zdd::new(0).from_bytes(b"nope"), Err(DecodeError::BadMagic));
    assert_eq!(
        Zdd::new(0).from_bytes(b"ZLZD\x07"),
        Err(DecodeError::UnsupportedVersion(7))
    );
    let mut long = bytes.clone();
    long.push(0);
    assert!(matches!(
        Zdd::new(0).from_bytes(&long),
        Err(DecodeError::TrailingBytes { .. })
    ));
    // num_vars = 1 makes variable 2 out of range.
    let mut small = bytes.clone();
    small[5] = 1;
    assert!(matches!(
        Zdd::new(0).from_bytes(&small),
        Err(DecodeError::VarOutOfRange { .. })
    ));
    let bad_json = r#"{"num_vars":3,"nodes":[[2,0,1],[1,0,2],[2,3,1]],"roots":[4]}"#;
    assert!(matches!(
        Zdd::new(0).from_json(bad_json),
        Err(DecodeError::Order { .. })
    ));
    let dangling = r#"{"num_vars":3,"nodes":[[2,0,3]],"roots":[2]}"#;
    assert!(matches!(
        Zdd::new(0).from_json(dangling),
        Err(DecodeError::BadReference { .. })
    ));
    assert!(matches!(
        Zdd::new(0).from_json("{"),
        Err(DecodeError::Json(_))
    ));
    let mut tiny = Zdd::with_node_budget(3, 1);
    assert!(matches!(
        tiny.from_bytes(&bytes),
        Err(DecodeError::Budget(_))
    ));
}

#[test]
fn dot_output_lists_nodes_and_edges() {
    let mut z = Zdd::new(3);
    let f = z.from_sets(&[vec![0, 2], vec![1]]).unwrap();
    let dot = z.to_dot(&[f]);
    assert!(dot.starts_with("digraph zdd {"));
    assert_eq!(dot.matches("shape=circle").count(), z.size(f));
    assert_eq!(dot.matches("style=dashed").count(), z.size(f));
    assert!(dot.contains("r0 -> n"));
}

/// A generator-like loop: dozens of diagrams built and combined, with `retain` after each
/// round keeping only the accumulator. The store stays bounded and the result is right.
#[test]
fn retain_keeps_long_pipelines_bounded() {
    let n = 16u32;
    let mut z = Zdd::new(n);
    let mut acc = NodeId::ZERO;
    let mut expected: Vec<u32> = Vec::new();
    let mut peak_after_retain = 0;
    let mut rng = zlink_base::SplitMix64::new(12345);
    let mut rand = move || rng.next_u64();
    for round in 0..60 {
        // A family of 200 random sets; add those of even size, via several operations.
        let sets: Vec<u32> = (0..200).map(|_| (rand() as u32) & 0xffff).collect();
        let lists: Vec<Vec<u32>> = sets.iter().map(|&a| fam::vars(a)).collect();
        let g = z.from_sets(&lists).unwrap();
        let by_parity: Vec<u32> = (0..1u32 << 8).filter(|a| a.count_ones() % 2 == 0).collect();
        let low: Vec<Vec<u32>> = by_parity.iter().map(|&a| fam::vars(a)).collect();
        let high: Vec<Vec<u32>> = by_parity.iter().map(|&a| fam::vars(a << 8)).collect();
        let (lo_even, hi_even) = (z.from_sets(&low).unwrap(), z.from_sets(&high).unwrap());
        let even_lo_hi = z.join(lo_even, hi_even).unwrap();
        let kept = z.intersection(g, even_lo_hi).unwrap();
        acc = z.union(acc, kept).unwrap();
        expected.extend(
            sets.iter()
                .filter(|&&a| (a & 0xff).count_ones() % 2 == 0 && (a >> 8).count_ones() % 2 == 0),
        );
        let mut roots = [acc];
        z.retain(&mut roots);
        acc = roots[0];
        peak_after_retain = peak_after_retain.max(z.node_count());
        assert_eq!(
            z.node_count(),
            z.size(acc),
            "round {round}: only the accumulator survives"
        );
    }
    let expected = fam::normalize(expected);
    assert_eq!(members(&z, acc), expected);
    assert_eq!(z.count(acc), BigUint::from(expected.len()));
    // The accumulator of ≤ 12,000 sets over 16 variables: far below what 60 rounds allocate.
    assert!(peak_after_retain <= 12_000 * 16, "peak {peak_after_retain}");
    // Operations still work after compaction (the cache was cleared).
    let again = z.union(acc, acc).unwrap();
    assert_eq!(again, acc);
}

/// Diagrams over 10,000 variables on a thread with a 256 KiB stack: nothing recurses.
#[test]
fn deep_diagrams() {
    let n = 10_000u32;
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || {
            let mut z = Zdd::new(n);
            let evens: Vec<u32> = (0..n).step_by(2).collect();
            let odds: Vec<u32> = (1..n).step_by(2).collect();
            let pe = z.power_set(&evens).unwrap();
            let po = z.power_set(&odds).unwrap();
            let all = z.join(pe, po).unwrap();
            let everything: Vec<u32> = (0..n).collect();
            assert_eq!(all, z.power_set(&everything).unwrap());
            let u = z.union(pe, po).unwrap();
            assert_eq!(z.count(u), (BigUint::from(1u32) << 5000usize) * 2u32 - 1u32);
            let i = z.intersection(all, pe).unwrap();
            assert_eq!(i, pe);
            // Nested operations: minimal/maximal call nonsup/nonsub, which call union.
            assert_eq!(z.minimal(u).unwrap(), NodeId::ONE);
            let max = z.maximal(u).unwrap();
            assert_eq!(z.count(max), BigUint::from(2u32));
            let singles = z.minimal_hitting_sets(max).unwrap();
            assert_eq!(z.count(singles), BigUint::from(5000u32 * 5000));
            assert_eq!(z.up_closure(NodeId::ONE).unwrap(), all);
            assert_eq!(z.down_closure(max).unwrap(), u);
            let bytes = z.to_bytes(&[u, all]);
            let mut fresh = Zdd::new(0);
            let back = fresh.from_bytes(&bytes).unwrap();
            assert_eq!(fresh.count(back[0]), z.count(u));
            let mut roots = [u];
            z.retain(&mut roots);
            assert_eq!(z.count(roots[0]), fresh.count(back[0]));
            // Enumeration and ranking walk 10,000 levels with explicit stacks.
            let first: Vec<Vec<u32>> = z.iter(roots[0]).take(3).collect();
            assert_eq!(first, vec![vec![], vec![n - 1], vec![n - 2]]);
            let ranker = z.ranker(roots[0]);
            let last = ranker.unrank(&(ranker.count() - 1u32)).unwrap();
            assert_eq!(last, evens);
            assert_eq!(ranker.rank(&last), Some(ranker.count() - 1u32));
        })
        .unwrap()
        .join()
        .unwrap();
}
