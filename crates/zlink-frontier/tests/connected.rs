//! The connected degree-constrained spec (`specs::connected`) against the brute-force oracle
//! of `zlink_testkit::connected`: hundreds of small random instances (multiplicities, degree
//! sets, crossing pairs, given edges, with and without acyclicity), on packed and wide states,
//! on 1 and 2 threads, counted and built; plus the puzzle entry points on hand-made instances.

mod common;
use common::pool;
use num_bigint::BigUint;
use zlink_frontier::specs::connected::layout::{
    edges_in_vertex_order, vertex_order, LayoutOptions,
};
use zlink_frontier::specs::connected::order::{best_order, BridgeOrder};
use zlink_frontier::specs::connected::puzzles::{
    circuit_board_count, circuit_board_problem, circuit_board_solutions, hashi_count,
    hashi_solutions, HashiInput, Point, PointEdge,
};
use zlink_frontier::specs::connected::{
    build_auto, count_auto, members_of, ConnectedDegreeSpec, ConnectedProblem, StateKind,
    WideConnectedDegreeSpec,
};
use zlink_frontier::specs::SpecError;
use zlink_frontier::{build_zdd, count, Limits};
use zlink_testkit::connected::{self as oracle, MultiInstance};
use zlink_zdd::Zdd;

fn problem(inst: &MultiInstance) -> ConnectedProblem {
    ConnectedProblem {
        n: inst.n,
        edges: inst
            .edges
            .iter()
            .map(|&(u, v)| (u as u32, v as u32))
            .collect(),
        min: inst.min.clone(),
        max: inst.max.clone(),
        allowed: inst.allowed.clone(),
        crossings: inst.crossings.clone(),
        acyclic: inst.acyclic,
        window: 0,
    }
}

/// Look-ahead windows every count is checked with: none, windows that end before the last
/// edge (so "beyond the window" is exercised), and one that covers every edge.
const WINDOWS: [usize; 5] = [0, 1, 2, 4, 96];

/// Counts on packed (if it fits) and wide states, on 1 and 2 threads, with every window of
/// [`WINDOWS`]; all must agree with `expect`.
fn check_counts(p: &ConnectedProblem, expect: u64, what: &str) {
    for window in WINDOWS {
        let q = ConnectedProblem {
            window,
            ..p.clone()
        };
        check_counts_as_given(&q, expect, &format!("window {window}, {what}"));
    }
}

/// [`check_counts`] in `p`'s own window.
fn check_counts_as_given(p: &ConnectedProblem, expect: u64, what: &str) {
    let expect = BigUint::from(expect);
    let opts = Limits::default();
    for threads in [1, 2] {
        pool(threads).install(|| {
            let wide = WideConnectedDegreeSpec::new(p).unwrap();
            assert_eq!(count(&wide, &opts).unwrap(), expect, "wide, {what}");
            match ConnectedDegreeSpec::new(p) {
                Ok(packed) => assert_eq!(count(&packed, &opts).unwrap(), expect, "packed, {what}"),
                Err(SpecError::TooWide(_)) => {}
                Err(e) => panic!("{what}: {e}"),
            }
        });
    }
}

/// Builds the ZDD and compares its members (as multiplicity vectors) with the oracle's.
/// Also with a window of 2 edges.
fn check_members(p: &ConnectedProblem, inst: &MultiInstance, what: &str) {
    let mut want = oracle::members(inst);
    want.sort();
    for window in [0, 2] {
        let q = ConnectedProblem {
            window,
            ..p.clone()
        };
        let mut zdd = Zdd::new(q.num_vars() as u32);
        let (root, _) = build_auto(&q, &mut zdd, &Limits::default()).unwrap();
        let mut got = members_of(&q, &zdd, root);
        got.sort();
        assert_eq!(got, want, "window {window}, {what}");
    }
}

#[test]
fn random_instances_match_the_oracle() {
    let mut checked = 0;
    let mut nonzero = 0;
    for seed in 0..400u64 {
        let n = 2 + (seed % 6) as usize; // 2..=7
        let m = (n * (n - 1) / 2).min(3 + (seed / 6 % 7) as usize);
        let acyclic = seed % 5 == 0;
        let p_double = [0, 30, 70, 100][(seed / 3 % 4) as usize];
        let crossings = (seed % 4) as usize;
        let inst = oracle::random_instance(seed, n, m, p_double, crossings, acyclic);
        let p = problem(&inst);
        let expect = oracle::count(&inst);
        let what = format!("seed {seed}: {inst:?}");
        check_counts(&p, expect, &what);
        if seed % 4 == 0 {
            check_members(&p, &inst, &what);
        }
        checked += 1;
        nonzero += usize::from(expect > 0);
    }
    assert_eq!(checked, 400);
    // The generator must make instances that have members, or the test proves little.
    assert!(nonzero >= 100, "only {nonzero} instances with members");
}

/// Hashi-like instances: every degree exact and at least 1, every edge up to 2 copies,
/// many crossings; these have more members than the mixed ones.
#[test]
fn random_hashi_like_instances_match_the_oracle() {
    let mut nonzero = 0;
    for seed in 0..300u64 {
        let n = 3 + (seed % 5) as usize; // 3..=7
        let m = (n * (n - 1) / 2).min(n + (seed / 5 % 4) as usize);
        let mut inst =
            oracle::random_instance(seed + 10_000, n, m, 100, (seed % 3) as usize, false);
        // Degrees from a random assignment, so that some instances are solvable.
        let mut deg = vec![0u32; n];
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for &(u, v) in &inst.edges {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let k = (x % 3) as u32;
            deg[u] += k;
            deg[v] += k;
        }
        inst.allowed = deg
            .iter()
            .map(|&d| if d == 0 { 0b10 } else { 1 << d.min(31) })
            .collect();
        inst.min = vec![0; m];
        let p = problem(&inst);
        let expect = oracle::count(&inst);
        nonzero += usize::from(expect > 0);
        check_counts(&p, expect, &format!("hashi seed {seed}: {inst:?}"));
        // The convenience entry point, in the best order, agrees too.
        let bridges: Vec<(usize, usize)> = inst.edges.clone();
        let degrees: Vec<u8> = deg.iter().map(|&d| d.max(1) as u8).collect();
        assert_eq!(
            hashi_count(n, &bridges, &degrees, &inst.crossings).unwrap(),
            BigUint::from(expect),
            "hashi_count seed {seed}"
        );
    }
    assert!(nonzero >= 100, "only {nonzero} solvable");
}

/// A star with 13 spokes first (frontier width 14: 28 fields do not fit packed states) and a
/// few rim chords: the wide spec alone, against the oracle.
#[test]
fn wide_orders_match_the_oracle() {
    for (seed, acyclic) in [(1u64, false), (2, true), (3, false), (4, true)] {
        let k = 13;
        let mut edges: Vec<(usize, usize)> = (1..=k).map(|v| (0, v)).collect();
        edges.extend((1..k).step_by(2).map(|v| (v, v + 1)));
        let m = edges.len();
        let max: Vec<u8> = (0..m)
            .map(|i| if (i as u64 + seed) % 3 == 0 { 2 } else { 1 })
            .collect();
        let mut allowed = vec![0b1110u32; k + 1]; // 1..=3
        allowed[0] = (1 << 8) | (1 << 9) | (1 << 10) | (1 << 11);
        let inst = MultiInstance {
            n: k + 1,
            edges,
            min: vec![0; m],
            max,
            allowed,
            crossings: vec![(0, 14), (3, 16)],
            acyclic,
        };
        let p = problem(&inst);
        assert!(matches!(
            ConnectedDegreeSpec::new(&p),
            Err(SpecError::TooWide(_))
        ));
        let expect = oracle::count(&inst);
        assert!(expect > 0);
        check_counts(&p, expect, &format!("wide {seed}"));
        let (c, kind) = count_auto(&p, &Limits::default()).unwrap();
        assert_eq!((c.count, kind), (BigUint::from(expect), StateKind::Wide));
    }
}

/// Reordering never changes the count (every candidate order, crossings remapped).
#[test]
fn orders_preserve_counts() {
    for seed in 0..60u64 {
        let inst = oracle::random_instance(seed + 777, 6, 9, 50, 3, seed % 2 == 0);
        let p = problem(&inst);
        let expect = BigUint::from(oracle::count(&inst));
        let coords: Vec<(u32, u32)> = (0..6).map(|v| (v / 3, v % 3)).collect();
        for o in BridgeOrder::ALL {
            let perm = o.perm(&p, Some(&coords)).unwrap();
            let q = p.permuted(&perm);
            assert_eq!(count_auto(&q, &Limits::default()).unwrap().0.count, expect);
        }
        let (_, _, q) = best_order(&p, Some(&coords)).unwrap();
        assert_eq!(count_auto(&q, &Limits::default()).unwrap().0.count, expect);
        // The layout's vertex orders (greedy start, annealed with two seeds), with and
        // without a window.
        for (seed, weighted) in [(0, false), (1, false), (2, false), (1, true)] {
            let opts = LayoutOptions {
                seed,
                moves_per_vertex: if seed == 0 { 0 } else { 50 },
                weighted,
                ..LayoutOptions::default()
            };
            let order = vertex_order(&p, &opts);
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..p.n).collect::<Vec<_>>(), "a permutation");
            let perm = edges_in_vertex_order(&p, &order);
            for window in [0, 3] {
                let q = ConnectedProblem {
                    window,
                    ..p.permuted(&perm)
                };
                assert_eq!(
                    count_auto(&q, &Limits::default()).unwrap().0.count,
                    expect,
                    "layout seed {seed} weighted {weighted}, window {window}"
                );
            }
        }
    }
}

#[test]
fn hashi_by_hand() {
    // 2 = 2: one double bridge.
    assert_eq!(
        hashi_count(2, &[(0, 1)], &[2, 2], &[]).unwrap(),
        1u32.into()
    );
    // A square of islands with clue 2 each: the 4-cycle, or two double bridges (disconnected,
    // rejected): 1 solution... plus the two "double opposite sides" are disconnected.
    let sq = [(0, 1), (1, 3), (3, 2), (2, 0)];
    assert_eq!(hashi_count(4, &sq, &[2; 4], &[]).unwrap(), 1u32.into());
    // Clue 3 each: one side doubled... degrees 3 = 1 + 2: a cycle with alternating 1, 2:
    // two ways; or paths? (2,1,2,?) needs all degree 3: x01+x02 = 3 etc. Solutions of
    // x_a + x_b = 3 around the cycle: alternating (1, 2, 1, 2) and (2, 1, 2, 1).
    assert_eq!(hashi_count(4, &sq, &[3; 4], &[]).unwrap(), 2u32.into());
    // A plus: islands 0 (top), 1 (left), 2 (right), 3 (bottom); bridges 1-2 and 0-3 cross,
    // so clue 1 each cannot connect all four.
    assert_eq!(
        hashi_count(4, &[(1, 2), (0, 3)], &[1; 4], &[(0, 1)]).unwrap(),
        0u32.into()
    );
    let (total, sols) = hashi_solutions(4, &sq, &[3; 4], &[], 10).unwrap();
    assert_eq!(total, 2u32.into());
    let mut sols = sols;
    sols.sort();
    assert_eq!(sols, vec![vec![1, 2, 1, 2], vec![2, 1, 2, 1]]);
    // Malformed input is an error, not a panic.
    assert!(hashi_count(2, &[(0, 2)], &[1, 1], &[]).is_err());
    assert!(hashi_count(2, &[(0, 1)], &[1], &[]).is_err());
    // With coordinates, the midpoint order is a candidate too.
    let coords = [(0, 0), (0, 2), (2, 0), (2, 2)];
    let input = HashiInput {
        num_islands: 4,
        bridges: &sq,
        degrees: &[3; 4],
        crossings: &[],
        coords: Some(&coords),
    };
    assert_eq!(input.count(&Limits::default()).unwrap().count, 2u32.into());
}

/// The circuit board against the oracle on small boards (all points, degrees {1, 3}, a
/// spanning tree, given edges).
#[test]
fn circuit_boards_match_the_oracle() {
    let boards: [(usize, usize, Vec<Point>, Vec<PointEdge>); 6] = [
        (2, 2, vec![], vec![]),
        (2, 3, vec![], vec![]),
        (3, 3, vec![], vec![]),
        (3, 4, vec![(0, 0)], vec![]),
        (4, 4, vec![(1, 1), (2, 3)], vec![((0, 0), (0, 1))]),
        (3, 4, vec![], vec![((1, 1), (1, 2)), ((0, 3), (1, 3))]),
    ];
    let mut any = false;
    for (rows, cols, blocked, given) in boards {
        let (p, _) = circuit_board_problem(rows, cols, &blocked, &given).unwrap();
        let inst = MultiInstance {
            n: p.n,
            edges: p
                .edges
                .iter()
                .map(|&(u, v)| (u as usize, v as usize))
                .collect(),
            min: p.min.clone(),
            max: p.max.clone(),
            allowed: p.allowed.clone(),
            crossings: vec![],
            acyclic: true,
        };
        let expect = oracle::count(&inst);
        any |= expect > 0;
        let what = format!("{rows}x{cols} {blocked:?} {given:?}");
        check_counts(&p, expect, &what);
        assert_eq!(
            circuit_board_count(rows, cols, &blocked, &given).unwrap(),
            BigUint::from(expect),
            "{what}"
        );
        let (total, sols) = circuit_board_solutions(rows, cols, &blocked, &given, 5).unwrap();
        assert_eq!(total, BigUint::from(expect));
        for s in &sols {
            // A spanning tree of the open points: open points - 1 edges, given ones included.
            assert_eq!(s.len(), rows * cols - blocked.len() - 1, "{what}");
            for g in &given {
                assert!(s.contains(g), "{what}");
            }
        }
    }
    assert!(any);
}

/// The built ZDD and the count agree, and the builder runs the same on 1 and 2 threads.
#[test]
fn build_matches_count_on_threads() {
    for seed in 0..40u64 {
        let inst = oracle::random_instance(seed + 99, 7, 10, 40, 2, false);
        let p = problem(&inst);
        let expect = BigUint::from(oracle::count(&inst));
        for threads in [1, 2] {
            pool(threads).install(|| {
                let spec = WideConnectedDegreeSpec::new(&p).unwrap();
                let mut zdd = Zdd::new(p.num_vars() as u32);
                let f = build_zdd(&spec, &mut zdd, &Limits::default()).unwrap();
                assert_eq!(zdd.count(f), expect);
            });
        }
    }
}
