//! Property tests: every family operation against the explicit-set oracle of zlink-testkit,
//! plus canonicity, counting, enumeration order, rank/unrank and sampling.

use std::collections::HashSet;

use num_bigint::BigUint;
use proptest::prelude::*;
use zlink_testkit::family::{self as fam, Family};
use zlink_zdd::{NodeId, Zdd};

/// Builds a family from masks.
fn build(z: &mut Zdd, f: &[u32]) -> NodeId {
    let sets: Vec<Vec<u32>> = f.iter().map(|&a| fam::vars(a)).collect();
    z.from_sets(&sets).unwrap()
}

/// The members of `f` as a family, checking that the iterator yields the oracle's order.
fn members(z: &Zdd, f: NodeId) -> Family {
    let listed: Vec<Vec<u32>> = z.iter(f).collect();
    let family = fam::normalize(listed.iter().map(|s| fam::mask(s)).collect());
    assert_eq!(family.len(), listed.len(), "iterator repeated a member");
    assert_eq!(
        listed,
        fam::iteration_order(&family, z.num_vars()),
        "iteration order"
    );
    family
}

#[derive(Debug, Clone)]
struct Case {
    n: u32,
    f: Family,
    g: Family,
    v: u32,
    weights: Vec<i64>,
}

fn case() -> impl Strategy<Value = Case> {
    (1u32..=8).prop_flat_map(|n| {
        let set = 0u32..(1 << n);
        (
            proptest::collection::vec(set.clone(), 0..24),
            proptest::collection::vec(set, 0..24),
            0..n,
            proptest::collection::vec(-6i64..=6, n as usize),
        )
            .prop_map(move |(f, g, v, weights)| Case {
                n,
                f: fam::normalize(f),
                g: fam::normalize(g),
                v,
                weights,
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn binary_operations_match_the_oracle(c in case()) {
        let mut z = Zdd::new(c.n);
        let (f, g) = (build(&mut z, &c.f), build(&mut z, &c.g));
        prop_assert_eq!(members(&z, f), c.f.clone());
        type Op = fn(&mut Zdd, NodeId, NodeId) -> Result<NodeId, zlink_zdd::BudgetExceeded>;
        type Oracle = fn(&[u32], &[u32]) -> Family;
        let ops: [(&str, Op, Oracle); 10] = [
            ("union", Zdd::union, fam::union),
            ("intersection", Zdd::intersection, fam::intersection),
            ("difference", Zdd::difference, fam::difference),
            ("symmetric_difference", Zdd::symmetric_difference, fam::symmetric_difference),
            ("join", Zdd::join, fam::join),
            ("meet", Zdd::meet, fam::meet),
            ("restrict", Zdd::restrict, fam::restrict),
            ("permit", Zdd::permit, fam::permit),
            ("nonsup", Zdd::nonsup, fam::nonsup),
            ("nonsub", Zdd::nonsub, fam::nonsub),
        ];
        for (name, op, oracle) in ops {
            for (x, y, fx, fy) in [(f, g, &c.f, &c.g), (g, f, &c.g, &c.f), (f, f, &c.f, &c.f)] {
                let r = op(&mut z, x, y).unwrap();
                let expect = oracle(fx, fy);
                prop_assert_eq!(members(&z, r), expect.clone(), "{}", name);
                // Canonicity: the same family built from explicit sets is the same handle.
                prop_assert_eq!(build(&mut z, &expect), r, "{} not canonical", name);
            }
        }
    }

    #[test]
    fn unary_operations_match_the_oracle(c in case()) {
        let mut z = Zdd::new(c.n);
        let f = build(&mut z, &c.f);
        let check = |z: &mut Zdd, name: &str, r: NodeId, expect: Family| {
            assert_eq!(members(z, r), expect, "{name}");
            assert_eq!(build(z, &expect), r, "{name} not canonical");
        };
        let r = z.onset(f, c.v).unwrap();
        check(&mut z, "onset", r, fam::onset(&c.f, c.v));
        let r = z.offset(f, c.v).unwrap();
        check(&mut z, "offset", r, fam::offset(&c.f, c.v));
        let r = z.change(f, c.v).unwrap();
        check(&mut z, "change", r, fam::change(&c.f, c.v));
        let r = z.minimal(f).unwrap();
        check(&mut z, "minimal", r, fam::minimal(&c.f));
        let r = z.maximal(f).unwrap();
        check(&mut z, "maximal", r, fam::maximal(&c.f));
        let r = z.minimal_hitting_sets(f).unwrap();
        check(&mut z, "minimal_hitting_sets", r, fam::minimal_hitting_sets(&c.f, c.n));
        let r = z.down_closure(f).unwrap();
        check(&mut z, "down_closure", r, fam::down_closure(&c.f));
        let r = z.up_closure(f).unwrap();
        check(&mut z, "up_closure", r, fam::up_closure(&c.f, c.n));
        let ones = vec![1i64; c.n as usize];
        type Opt = fn(&mut Zdd, NodeId, &[i64]) -> Result<Option<zlink_zdd::Optimum>, zlink_zdd::BudgetExceeded>;
        let cases: [(Opt, &[i64], bool); 4] = [
            (Zdd::min_weight, &c.weights, false),
            (Zdd::max_weight, &c.weights, true),
            (|z, f, _| z.min_cardinality(f), &ones, false),
            (|z, f, _| z.max_cardinality(f), &ones, true),
        ];
        for (op, w, maximize) in cases {
            let got = op(&mut z, f, w).unwrap();
            match fam::optimum(&c.f, w, maximize) {
                None => prop_assert!(got.is_none()),
                Some((best, members_expected)) => {
                    let got = got.unwrap();
                    prop_assert_eq!(got.weight, best);
                    prop_assert_eq!(got.count, BigUint::from(members_expected.len()));
                    prop_assert_eq!(members(&z, got.members), members_expected);
                }
            }
        }
        for v in 0..c.n {
            prop_assert_eq!(z.contains(f, &[v]), c.f.contains(&(1 << v)));
        }
    }

    #[test]
    fn counting_ranking_and_canonicity(c in case()) {
        let mut z = Zdd::new(c.n);
        let f = build(&mut z, &c.f);
        // Built another way: the reversed list of sets gives the same handle.
        let reversed: Family = c.f.iter().rev().copied().collect();
        let sets: Vec<Vec<u32>> = reversed.iter().map(|&a| fam::vars(a)).collect();
        prop_assert_eq!(z.from_sets(&sets).unwrap(), f);
        let count = z.count(f);
        prop_assert_eq!(&count, &BigUint::from(c.f.len()));
        prop_assert_eq!(z.iter(f).count(), c.f.len());
        let by_size: BigUint = z.count_by_size(f).iter().sum();
        prop_assert_eq!(by_size, count);
        let ranker = z.ranker(f);
        for (k, member) in z.iter(f).enumerate() {
            let k = BigUint::from(k);
            prop_assert_eq!(ranker.rank(&member), Some(k.clone()));
            prop_assert_eq!(ranker.unrank(&k), Some(member));
        }
        prop_assert_eq!(ranker.unrank(&BigUint::from(c.f.len())), None);
        for a in 0..(1u32 << c.n) {
            if !c.f.contains(&a) {
                prop_assert_eq!(ranker.rank(&fam::vars(a)), None);
            }
        }
    }
}

#[test]
fn sampling_reaches_every_member_and_is_deterministic() {
    let mut z = Zdd::new(6);
    let sets: Vec<Vec<u32>> = (0u32..64)
        .filter(|a| a.count_ones() % 2 == 0)
        .map(fam::vars)
        .collect();
    let f = z.from_sets(&sets).unwrap();
    // 32 members, 2,000 draws: each is missed with probability (31/32)^2000 < 1e-27.
    let draws = z.sample(f, 7, 2000);
    assert_eq!(draws.len(), 2000);
    let seen: HashSet<Vec<u32>> = draws.iter().cloned().collect();
    assert_eq!(seen.len(), 32);
    assert!(draws.iter().all(|s| z.contains(f, s)));
    assert_eq!(z.sample(f, 7, 2000), draws, "same seed, same draws");
    assert_ne!(z.sample(f, 8, 2000), draws);
    assert!(z.sample(NodeId::ZERO, 1, 5).is_empty());
    // Uniformity, loosely: every member drawn at least 20 times (expected 62.5).
    for s in &seen {
        assert!(draws.iter().filter(|d| *d == s).count() >= 20);
    }
}

#[test]
fn sampling_a_huge_family_uses_big_integers() {
    let mut z = Zdd::new(300);
    let vars: Vec<u32> = (0..300).collect();
    let f = z.power_set(&vars).unwrap();
    assert_eq!(z.count(f), BigUint::from(1u32) << 300);
    let draws = z.sample(f, 1, 50);
    // Over 300 fair coins, the mean size is 150; 50 draws average far from 0 and 300.
    let mean = draws.iter().map(Vec::len).sum::<usize>() / 50;
    assert!((120..=180).contains(&mean), "mean size {mean}");
    let ranker = z.ranker(f);
    for s in &draws {
        let r = ranker.rank(s).unwrap();
        assert_eq!(ranker.unrank(&r).as_ref(), Some(s));
    }
}

#[test]
fn small_constructors() {
    let mut z = Zdd::new(4);
    assert_eq!(z.count(z.base()), BigUint::from(1u32));
    assert_eq!(z.count(z.empty()), BigUint::from(0u32));
    let s = z.single(2).unwrap();
    assert_eq!(z.iter(s).collect::<Vec<_>>(), vec![vec![2]]);
    let p = z.power_set(&[3, 1, 1]).unwrap();
    assert_eq!(
        z.iter(p).collect::<Vec<_>>(),
        vec![vec![], vec![3], vec![1], vec![1, 3]]
    );
    assert_eq!(
        z.from_sets(&[vec![3, 1], vec![]]).unwrap(),
        z.from_sets(&[vec![], vec![1, 3, 3]]).unwrap()
    );
}
