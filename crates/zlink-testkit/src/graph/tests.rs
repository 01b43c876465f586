//! The oracles against published values and small facts (OEIS, Cayley, Fibonacci, Lucas).

use super::*;
use proptest::prelude::*;

fn complete(n: usize) -> SmallGraph {
    let edges = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    SmallGraph { n, edges }
}

fn path_graph(n: usize) -> SmallGraph {
    SmallGraph::grid(1, n)
}

fn cycle_graph(n: usize) -> SmallGraph {
    let mut g = path_graph(n);
    g.edges.push((0, n - 1));
    g
}

fn fibonacci(k: usize) -> usize {
    let (mut a, mut b) = (0, 1);
    for _ in 0..k {
        (a, b) = (b, a + b);
    }
    a
}

fn lucas(k: usize) -> usize {
    fibonacci(k - 1) + fibonacci(k + 1)
}

fn corner(n: usize) -> usize {
    n * n - 1
}

#[test]
fn grid_edge_order_is_row_major_right_then_down() {
    let g = SmallGraph::grid(2, 3);
    assert_eq!(g.n, 6);
    assert_eq!(
        g.edges,
        vec![(0, 1), (0, 3), (1, 2), (1, 4), (2, 5), (3, 4), (4, 5)]
    );
    assert_eq!(SmallGraph::grid(1, 1).edges, vec![]);
    assert_eq!(SmallGraph::grid(4, 4).m(), 24);
}

#[test]
fn random_graph_is_simple_seeded_and_shuffled() {
    let g = SmallGraph::random(7, 8, 12);
    assert_eq!(g.n, 8);
    assert_eq!(g.m(), 12);
    let mut seen = std::collections::HashSet::new();
    for &(u, v) in &g.edges {
        assert!(u < v && v < 8, "edge ({u},{v}) not normalised");
        assert!(seen.insert((u, v)), "duplicate edge ({u},{v})");
    }
    assert_eq!(g, SmallGraph::random(7, 8, 12));
    assert_ne!(g, SmallGraph::random(8, 8, 12));
    // Shuffled: not the sorted order of the same edge set.
    let mut sorted = g.edges.clone();
    sorted.sort();
    assert_ne!(g.edges, sorted);
    // The full graph is every pair.
    assert_eq!(SmallGraph::random(3, 6, 15).m(), 15);
}

#[test]
#[should_panic(expected = "at most")]
fn random_rejects_too_many_edges() {
    SmallGraph::random(0, 4, 7);
}

#[test]
fn k4_cycles_and_hamiltonian_cycles() {
    let k4 = complete(4);
    let c = cycles(&k4);
    let sizes: Vec<u32> = c.iter().map(|m| m.count_ones()).collect();
    assert_eq!(c.len(), 7);
    assert_eq!(sizes.iter().filter(|&&s| s == 3).count(), 4);
    assert_eq!(sizes.iter().filter(|&&s| s == 4).count(), 3);
    assert_eq!(hamiltonian_cycles(&k4).len(), 3);
    // K3 is one triangle.
    assert_eq!(cycles(&complete(3)), vec![0b111]);
}

#[test]
fn grid_corner_paths_match_a007764() {
    // OEIS A007764: 1, 2, 12, 184, 8512, 1262816 for n = 1..6.
    let want = [1u64, 2, 12, 184, 8512, 1_262_816];
    for (i, &w) in want.iter().enumerate() {
        let n = i + 1;
        let g = SmallGraph::grid(n, n);
        assert_eq!(count_st_paths_dfs(&g, 0, corner(n)), w, "dfs {n}x{n}");
        if n <= 4 {
            assert_eq!(
                st_paths(&g, 0, corner(n)).len() as u64,
                w,
                "subsets {n}x{n}"
            );
        }
    }
}

#[test]
fn grid_cycles_match_a140517() {
    // OEIS A140517: 0, 1, 13, 213 cycles in the n×n vertex grid for n = 1..4.
    for (n, want) in [(1, 0), (2, 1), (3, 13), (4, 213)] {
        assert_eq!(cycles(&SmallGraph::grid(n, n)).len(), want, "{n}x{n}");
    }
}

#[test]
fn grid_cycles_by_dfs_match_a140517() {
    // OEIS A140517 for n = 1..5; the DFS reaches the 5×5 grid (40 edges; 6×6 takes ~15 s).
    for (n, want) in [(1, 0), (2, 1), (3, 13), (4, 213), (5, 9349)] {
        assert_eq!(count_cycles_dfs(&SmallGraph::grid(n, n)), want, "{n}x{n}");
    }
    assert_eq!(count_cycles_dfs(&complete(4)), 7);
    // K5: 10 triangles + 15 squares + 12 pentagons.
    assert_eq!(count_cycles_dfs(&complete(5)), 37);
    assert_eq!(cycles(&complete(5)).len(), 37);
}

#[test]
fn grid_hamiltonian_cycles_match_a003763() {
    // OEIS A003763: 1, 6 Hamiltonian cycles in the 2×2 and 4×4 vertex grids; odd grids none.
    assert_eq!(hamiltonian_cycles(&SmallGraph::grid(2, 2)).len(), 1);
    assert_eq!(hamiltonian_cycles(&SmallGraph::grid(3, 3)).len(), 0);
    assert_eq!(hamiltonian_cycles(&SmallGraph::grid(4, 4)).len(), 6);
}

#[test]
fn hamiltonian_paths_small_facts() {
    // 3×3 corner to opposite corner: the two boustrophedons.
    assert_eq!(hamiltonian_st_paths(&SmallGraph::grid(3, 3), 0, 8).len(), 2);
    // 4×4 opposite corners share a colour, a 16-vertex path joins different colours.
    assert_eq!(
        hamiltonian_st_paths(&SmallGraph::grid(4, 4), 0, 15).len(),
        0
    );
    // K4 from 0 to 1: 0-2-3-1 and 0-3-2-1.
    assert_eq!(hamiltonian_st_paths(&complete(4), 0, 1).len(), 2);
    assert_eq!(hamiltonian_st_paths(&complete(1), 0, 0), vec![0]);
    assert_eq!(hamiltonian_st_paths(&complete(3), 1, 1), Vec::<u64>::new());
}

#[test]
fn st_paths_same_endpoint_is_empty_path() {
    let g = SmallGraph::grid(2, 2);
    assert_eq!(st_paths(&g, 3, 3), vec![0]);
    assert_eq!(count_st_paths_dfs(&g, 3, 3), 1);
    // A path graph has exactly one path between any two vertices: the segment.
    assert_eq!(st_paths(&path_graph(5), 1, 3), vec![0b0110]);
}

#[test]
fn spanning_trees_grid_and_cayley() {
    assert_eq!(spanning_trees(&SmallGraph::grid(3, 3)).len(), 192);
    // Cayley: n^(n-2) labelled trees on n vertices.
    for n in 2..=6usize {
        assert_eq!(
            spanning_trees(&complete(n)).len(),
            n.pow(n as u32 - 2),
            "K{n}"
        );
    }
    // Disconnected: no spanning tree.
    let two_edges = SmallGraph {
        n: 4,
        edges: vec![(0, 1), (2, 3)],
    };
    assert_eq!(spanning_trees(&two_edges), Vec::<u64>::new());
}

#[test]
fn matchings_of_paths_and_cycles_are_fibonacci_and_lucas() {
    for n in 1..=12 {
        assert_eq!(matchings(&path_graph(n)).len(), fibonacci(n + 1), "P{n}");
    }
    for n in 3..=12 {
        assert_eq!(matchings(&cycle_graph(n)).len(), lucas(n), "C{n}");
    }
}

#[test]
fn forests_and_path_matchings_of_small_complete_graphs() {
    // Labelled forests on 3 and 4 vertices: 7 and 38.
    assert_eq!(forests(&complete(3)).len(), 7);
    assert_eq!(forests(&complete(4)).len(), 38);
    // K3: every subset but the triangle is a union of paths.
    assert_eq!(path_matchings(&complete(3)).len(), 7);
    // K4: the 38 forests minus the 4 stars K1,3.
    assert_eq!(path_matchings(&complete(4)).len(), 34);
    assert_eq!(path_matchings(&complete(4))[0], 0);
}

#[test]
fn degree_constrained_special_cases() {
    let g = SmallGraph::random(11, 7, 12);
    let any = vec![(0..=6).collect::<Vec<u8>>(); 7];
    assert_eq!(degree_constrained(&g, &any).len(), 1 << 12);
    assert_eq!(degree_constrained(&g, &vec![vec![0, 1]; 7]), matchings(&g));
    let grid = SmallGraph::grid(3, 4);
    // All-degree-2 subgraphs are 2-factors: in the 2×3 grid only the Hamiltonian cycle; in
    // the 2×4 grid the Hamiltonian cycle and the two disjoint squares.
    let two = |g: &SmallGraph| degree_constrained(g, &vec![vec![2]; g.n]);
    let g23 = SmallGraph::grid(2, 3);
    assert_eq!(two(&g23), hamiltonian_cycles(&g23));
    let g24 = SmallGraph::grid(2, 4);
    assert_eq!(hamiltonian_cycles(&g24).len(), 1);
    assert_eq!(two(&g24).len(), 2);
    // Every cycle is a {0,2}-subgraph; in a 3×4 grid the {0,2}-subgraphs are
    // exactly the vertex-disjoint unions of cycles, so there are more of them.
    let even = degree_constrained(&grid, &vec![vec![0, 2]; 12]);
    let c = cycles(&grid);
    assert!(c.iter().all(|m| even.binary_search(m).is_ok()));
    assert!(even.len() > c.len() + 1);
}

#[test]
fn random_graph_families_are_nested() {
    for seed in 0..20 {
        let g = SmallGraph::random(seed, 7, 11);
        let c = cycles(&g);
        for h in hamiltonian_cycles(&g) {
            assert!(c.binary_search(&h).is_ok());
        }
        let f = forests(&g);
        let pm = path_matchings(&g);
        for x in matchings(&g) {
            assert!(pm.binary_search(&x).is_ok());
        }
        for x in &pm {
            assert!(f.binary_search(x).is_ok());
        }
        for t in spanning_trees(&g) {
            assert!(f.binary_search(&t).is_ok());
        }
        for p in st_paths(&g, 0, 6) {
            assert!(pm.binary_search(&p).is_ok());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn dfs_path_count_agrees_with_subsets(
        seed in any::<u64>(), n in 2usize..9, fill in 0.0f64..1.0, s in 0usize..9, t in 0usize..9
    ) {
        let max = n * (n - 1) / 2;
        let m = ((max as f64 * fill) as usize).min(16);
        let g = SmallGraph::random(seed, n, m);
        let (s, t) = (s % n, t % n);
        prop_assert_eq!(st_paths(&g, s, t).len() as u64, count_st_paths_dfs(&g, s, t));
    }

    #[test]
    fn dfs_cycle_count_agrees_with_subsets(seed in any::<u64>(), n in 1usize..9, fill in 0.0f64..1.0) {
        let max = n * (n - 1) / 2;
        let m = ((max as f64 * fill) as usize).min(16);
        let g = SmallGraph::random(seed, n, m);
        prop_assert_eq!(cycles(&g).len() as u64, count_cycles_dfs(&g));
        prop_assert_eq!(cycles(&g), cycles_dfs(&g));
    }

    #[test]
    fn results_are_sorted_and_distinct(seed in any::<u64>(), m in 0usize..12) {
        let g = SmallGraph::random(seed, 6, m);
        for fam in [cycles(&g), forests(&g), matchings(&g), path_matchings(&g)] {
            prop_assert!(fam.windows(2).all(|w| w[0] < w[1]));
            prop_assert!(fam.iter().all(|&x| x >> m == 0));
        }
    }
}
