//! The connected degree-constrained spec (`specs::connected`) against the brute-force oracle
//! of `zlink_testkit::connected`: hundreds of small random instances (multiplicities, degree
//! sets, crossing pairs, given edges, with and without acyclicity), on packed and wide states,
//! on 1 and 2 threads, counted and built, in their own and in reordered edge orders; plus
//! hand-made instances and odd-degree spanning trees of grids.

mod common;
use common::pool;
use num_bigint::BigUint;
use zlink_frontier::packed::{Packed, Wide};
use zlink_frontier::run::{build_family, count_family, RunError};
use zlink_frontier::specs::connected::layout::{
    edges_in_vertex_order, vertex_order, LayoutOptions,
};
use zlink_frontier::specs::connected::order::{best_order, ConnectedOrder};
use zlink_frontier::specs::connected::{ConnectedDegree, ConnectedProblem};
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
            let wide = ConnectedDegree::<Wide>::new(p).unwrap();
            assert_eq!(count(&wide, &opts).unwrap(), expect, "wide, {what}");
            match ConnectedDegree::<Packed>::new(p) {
                Ok(packed) => assert_eq!(count(&packed, &opts).unwrap(), expect, "packed, {what}"),
                Err(SpecError::TooWide(_)) => {}
                Err(e) => panic!("{what}: {e}"),
            }
        });
    }
}

/// Every member of `p` (built through the family entry point) as edge multiplicities in
/// `p`'s edge order, sorted.
fn members(p: &ConnectedProblem) -> Vec<Vec<u8>> {
    let mut zdd = Zdd::new(p.num_vars() as u32);
    let root = build_family(p, &mut zdd, &Limits::default()).unwrap().root;
    let decode = ConnectedDegree::<Wide>::new(p).unwrap();
    let mut got: Vec<Vec<u8>> = zdd.iter(root).map(|v| decode.multiplicities(&v)).collect();
    got.sort();
    got
}

/// The exact count of `p` through the family entry point (packed or wide states).
fn family_count(p: &ConnectedProblem) -> BigUint {
    count_family(p, &Limits::default()).unwrap().count
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
        assert_eq!(members(&q), want, "window {window}, {what}");
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

/// Exact degrees: every degree exact and at least 1, every edge up to 2 copies, many
/// crossings; these have more members than the mixed ones.
#[test]
fn random_exact_degree_instances_match_the_oracle() {
    let mut nonzero = 0;
    for seed in 0..300u64 {
        let n = 3 + (seed % 5) as usize; // 3..=7
        let m = (n * (n - 1) / 2).min(n + (seed / 5 % 4) as usize);
        let mut inst =
            oracle::random_instance(seed + 10_000, n, m, 100, (seed % 3) as usize, false);
        // Degrees from a random assignment, so that some instances are solvable.
        let mut deg = vec![0u32; n];
        let mut rng = zlink_base::SplitMix64::new(seed);
        for &(u, v) in &inst.edges {
            let k = rng.below_u64(3) as u32;
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
        check_counts(&p, expect, &format!("exact seed {seed}: {inst:?}"));
        // The problem in its best order, through the family entry point, agrees too.
        let (_, _, q) = best_order(&p, None).unwrap();
        assert_eq!(
            family_count(&q),
            BigUint::from(expect),
            "best order, seed {seed}"
        );
        // and in the row-major order (edges by their smaller end), as callers with points
        // numbered row-major use it
        let row_major = ConnectedOrder::RowMajor.perm(&p, None).unwrap();
        assert_eq!(
            family_count(&p.permuted(&row_major)),
            BigUint::from(expect),
            "row-major order, seed {seed}"
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
            ConnectedDegree::<Packed>::new(&p),
            Err(SpecError::TooWide(_))
        ));
        let expect = oracle::count(&inst);
        assert!(expect > 0);
        check_counts(&p, expect, &format!("wide {seed}"));
        let c = count_family(&p, &Limits::default()).unwrap();
        assert_eq!((c.count, c.wide), (BigUint::from(expect), true));
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
        for o in ConnectedOrder::ALL {
            let perm = o.perm(&p, Some(&coords)).unwrap();
            let q = p.permuted(&perm);
            assert_eq!(family_count(&q), expect);
        }
        let (_, _, q) = best_order(&p, Some(&coords)).unwrap();
        assert_eq!(family_count(&q), expect);
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
                    family_count(&q),
                    expect,
                    "layout seed {seed} weighted {weighted}, window {window}"
                );
            }
        }
    }
}

/// Islands `0..n` joined by up to two parallel links along `edges`, every degree exactly
/// `degrees[v]`, the `crossings` pairs not both used (in the given edge order).
fn exact_degrees(
    n: usize,
    edges: &[(u32, u32)],
    degrees: &[u32],
    crossings: &[(usize, usize)],
) -> ConnectedProblem {
    ConnectedProblem {
        n,
        edges: edges.to_vec(),
        min: vec![0; edges.len()],
        max: vec![2; edges.len()],
        allowed: degrees.iter().map(|&d| 1 << d).collect(),
        crossings: crossings.to_vec(),
        acyclic: false,
        window: 0,
    }
}

#[test]
fn exact_degrees_by_hand() {
    // 2 = 2: one double link.
    assert_eq!(
        family_count(&exact_degrees(2, &[(0, 1)], &[2, 2], &[])),
        1u32.into()
    );
    // A square with degree 2 each: the 4-cycle (two double links would be disconnected).
    let sq = [(0, 1), (1, 3), (3, 2), (2, 0)];
    assert_eq!(
        family_count(&exact_degrees(4, &sq, &[2; 4], &[])),
        1u32.into()
    );
    // Degree 3 each: x_a + x_b = 3 around the cycle, alternating (1, 2, 1, 2) and (2, 1, 2, 1).
    let three = exact_degrees(4, &sq, &[3; 4], &[]);
    assert_eq!(family_count(&three), 2u32.into());
    assert_eq!(members(&three), vec![vec![1, 2, 1, 2], vec![2, 1, 2, 1]]);
    // A plus: vertices 0 (top), 1 (left), 2 (right), 3 (bottom); links 1-2 and 0-3 cross,
    // so degree 1 each cannot connect all four.
    let plus = exact_degrees(4, &[(1, 2), (0, 3)], &[1; 4], &[(0, 1)]);
    assert_eq!(family_count(&plus), 0u32.into());
    // Malformed input is an error, not a panic.
    for bad in [
        exact_degrees(2, &[(0, 2)], &[1, 1], &[]),
        exact_degrees(2, &[(0, 1)], &[1], &[]),
    ] {
        assert!(matches!(
            count_family(&bad, &Limits::default()),
            Err(RunError::Spec(SpecError::BadArgument(_)))
        ));
    }
    // With coordinates, the midpoint order is a candidate too.
    let coords = [(0, 0), (0, 2), (2, 0), (2, 2)];
    let (_, _, q) = best_order(&three, Some(&coords)).unwrap();
    assert_eq!(family_count(&q), 2u32.into());
}

/// The points of a `rows × cols` grid minus `blocked`, joined by unit edges between
/// orthogonal open neighbours into a spanning tree whose every point has degree 1 or 3,
/// containing every `given` edge (point `(r, c)` is vertex `r * cols + c`; a blocked point is
/// an isolated vertex of degree 0).
fn odd_tree_problem(
    rows: usize,
    cols: usize,
    blocked: &[(usize, usize)],
    given: &[(u32, u32)],
) -> ConnectedProblem {
    let id = |r: usize, c: usize| (r * cols + c) as u32;
    let open = |r: usize, c: usize| r < rows && c < cols && !blocked.contains(&(r, c));
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in (0..cols).filter(|&c| open(r, c)) {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if open(r2, c2) {
                    edges.push((id(r, c), id(r2, c2)));
                }
            }
        }
    }
    let min = edges.iter().map(|e| u8::from(given.contains(e))).collect();
    ConnectedProblem {
        n: rows * cols,
        max: vec![1; edges.len()],
        edges,
        min,
        allowed: (0..rows * cols)
            .map(|v| if open(v / cols, v % cols) { 0b1010 } else { 1 })
            .collect(),
        crossings: Vec::new(),
        acyclic: true,
        window: 0,
    }
}

/// Odd-degree spanning trees of small grids against the oracle (all open points, degrees
/// {1, 3}, a spanning tree, given edges), counted in their own and their best order, and
/// every member built: a tree of the open points through the given edges.
#[test]
fn odd_degree_spanning_trees_of_grids_match_the_oracle() {
    /// Rows, columns, blocked points, given edges.
    type Board = (usize, usize, Vec<(usize, usize)>, Vec<(u32, u32)>);
    let boards: [Board; 6] = [
        (2, 2, vec![], vec![]),
        (2, 3, vec![], vec![]),
        (3, 3, vec![], vec![]),
        (3, 4, vec![(0, 0)], vec![]),
        (4, 4, vec![(1, 1), (2, 3)], vec![(0, 1)]),
        (3, 4, vec![], vec![(5, 6), (3, 7)]),
    ];
    let mut any = false;
    for (rows, cols, blocked, given) in boards {
        let p = odd_tree_problem(rows, cols, &blocked, &given);
        assert_eq!(
            p.min.iter().filter(|&&x| x == 1).count(),
            given.len(),
            "every given edge is an edge"
        );
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
        let (_, _, q) = best_order(&p, None).unwrap();
        assert_eq!(family_count(&q), BigUint::from(expect), "{what}");
        let trees = members(&p);
        assert_eq!(trees.len() as u64, expect, "{what}");
        for x in &trees {
            // A spanning tree of the open points: open points - 1 edges, given ones included.
            let used = x.iter().filter(|&&k| k > 0).count();
            assert_eq!(used, rows * cols - blocked.len() - 1, "{what}");
            for (i, &k) in x.iter().enumerate() {
                assert!(k > 0 || p.min[i] == 0, "{what}");
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
                let spec = ConnectedDegree::<Wide>::new(&p).unwrap();
                let mut zdd = Zdd::new(p.num_vars() as u32);
                let f = build_zdd(&spec, &mut zdd, &Limits::default()).unwrap();
                assert_eq!(zdd.count(f), expect);
            });
        }
    }
}
