//! Brute-force graph oracle: the independent reference the frontier builder is tested against.
//!
//! Every family here is computed the dumbest way that is obviously right: enumerate all `2^m`
//! subsets of the edge list, and keep a subset when its degree counts and its union-find
//! connectivity say it belongs to the family. Nothing here shares code or ideas with the
//! frontier (mate / Simpath) construction, so agreement between the two is real evidence.
//!
//! An edge subset is a `u64` mask: bit `i` set means edge `g.edges[i]` is chosen. Every function
//! returns its masks sorted ascending (the enumeration order), so results compare with `==`.
//!
//! Cost: `O(2^m * (m + n))` time, so keep `m` at most about 24 ([`MAX_EDGES`] is the hard
//! limit). [`count_st_paths_dfs`] and [`count_cycles_dfs`] walk vertices instead and reach 6×6
//! and 5×5 grids respectively (60 and 40 edges).

use zlink_base::SplitMix64;

/// Largest edge count the subset enumeration accepts (`2^26` ≈ 67 M subsets, several seconds).
pub const MAX_EDGES: usize = 26;

/// A small undirected simple graph; vertices `0..n`, edges in a fixed order (edge `i` = bit `i`
/// of a mask).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmallGraph {
    /// Number of vertices; they are `0..n`.
    pub n: usize,
    /// The edges, each an unordered pair of distinct vertices, in mask-bit order.
    pub edges: Vec<(usize, usize)>,
}

impl SmallGraph {
    /// The `rows × cols` vertex grid graph.
    ///
    /// Vertex `(r, c)` is `r * cols + c`. Edges are in row-major order: for each vertex `(r, c)`
    /// in row-major order, first the edge to `(r, c + 1)` (if any), then the edge to `(r + 1, c)`
    /// (if any). Every edge is written `(smaller, larger)`.
    pub fn grid(rows: usize, cols: usize) -> SmallGraph {
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let v = r * cols + c;
                if c + 1 < cols {
                    edges.push((v, v + 1));
                }
                if r + 1 < rows {
                    edges.push((v, v + cols));
                }
            }
        }
        SmallGraph {
            n: rows * cols,
            edges,
        }
    }

    /// A seeded random simple graph with `n` vertices and exactly `m` edges, in shuffled order.
    ///
    /// Uses a self-contained SplitMix64 generator, so the same `(seed, n, m)` gives the same
    /// graph on every platform and every version of every dependency. Each edge is written
    /// `(smaller, larger)`; the edge order is a uniform shuffle.
    ///
    /// # Panics
    /// If `m > n(n-1)/2` (no simple graph has that many edges). Dev-only code: a wrong test
    /// setup should fail loudly.
    pub fn random(seed: u64, n: usize, m: usize) -> SmallGraph {
        let max = n * n.saturating_sub(1) / 2;
        assert!(
            m <= max,
            "a simple graph on {n} vertices has at most {max} edges, asked {m}"
        );
        let mut rng = SplitMix64::new(seed);
        let mut all: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect();
        // Fisher-Yates; the first m entries of a uniform shuffle are a uniform ordered sample.
        for i in (1..all.len()).rev() {
            let j = rng.below_u64(i as u64 + 1) as usize;
            all.swap(i, j);
        }
        all.truncate(m);
        SmallGraph { n, edges: all }
    }

    /// Number of edges.
    pub fn m(&self) -> usize {
        self.edges.len()
    }
}

/// What one edge subset looks like: vertex degrees, and (computed on demand) whether it has a
/// cycle and how many components its non-isolated vertices form.
struct Subset<'g> {
    g: &'g SmallGraph,
    mask: u64,
    deg: Vec<u8>,
}

impl<'g> Subset<'g> {
    fn new(g: &'g SmallGraph, mask: u64, deg: &mut Vec<u8>) -> Subset<'g> {
        let mut d = std::mem::take(deg);
        d.clear();
        d.resize(g.n, 0);
        for (i, &(u, v)) in g.edges.iter().enumerate() {
            if mask >> i & 1 == 1 {
                d[u] += 1;
                d[v] += 1;
            }
        }
        Subset { g, mask, deg: d }
    }

    fn edge_count(&self) -> usize {
        self.mask.count_ones() as usize
    }

    /// `(acyclic, components among vertices of degree > 0)`, by a plain union-find.
    fn shape(&self) -> (bool, usize) {
        let mut parent: Vec<usize> = (0..self.g.n).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        let mut acyclic = true;
        let mut merges = 0;
        for (i, &(u, v)) in self.g.edges.iter().enumerate() {
            if self.mask >> i & 1 == 1 {
                let (a, b) = (find(&mut parent, u), find(&mut parent, v));
                if a == b {
                    acyclic = false;
                } else {
                    parent[a] = b;
                    merges += 1;
                }
            }
        }
        let touched = self.deg.iter().filter(|&&d| d > 0).count();
        (acyclic, touched - merges)
    }

    fn connected(&self) -> bool {
        self.shape().1 == 1
    }

    fn acyclic(&self) -> bool {
        self.shape().0
    }
}

/// Every edge subset (as a mask, ascending) that `keep` accepts.
fn filter_subsets(g: &SmallGraph, keep: impl Fn(&Subset) -> bool) -> Vec<u64> {
    let m = g.m();
    assert!(
        m <= MAX_EDGES,
        "subset enumeration is limited to {MAX_EDGES} edges, graph has {m}"
    );
    let mut out = Vec::new();
    let mut deg = Vec::with_capacity(g.n);
    for mask in 0..1u64 << m {
        let s = Subset::new(g, mask, &mut deg);
        if keep(&s) {
            out.push(mask);
        }
        deg = s.deg;
    }
    out
}

/// Simple `s`–`t` paths, as edge masks.
///
/// A subset qualifies when `s` and `t` have degree 1, every other vertex degree 0 or 2, and the
/// chosen edges are connected: that is exactly one path from `s` to `t`. For `s == t` the only
/// path is the empty one, so the result is `vec![0]`.
pub fn st_paths(g: &SmallGraph, s: usize, t: usize) -> Vec<u64> {
    if s == t {
        return vec![0];
    }
    filter_subsets(g, |x| is_st_path(x, s, t))
}

fn is_st_path(x: &Subset, s: usize, t: usize) -> bool {
    x.deg.iter().enumerate().all(|(v, &d)| {
        if v == s || v == t {
            d == 1
        } else {
            d == 0 || d == 2
        }
    }) && x.connected()
}

/// All simple cycles: nonempty connected subsets in which every vertex has degree 0 or 2.
/// (The graph is simple, so every cycle has length at least 3.)
pub fn cycles(g: &SmallGraph) -> Vec<u64> {
    filter_subsets(g, is_cycle)
}

fn is_cycle(x: &Subset) -> bool {
    x.mask != 0 && x.deg.iter().all(|&d| d == 0 || d == 2) && x.connected()
}

/// Hamiltonian cycles: cycles through every vertex (every degree exactly 2, connected).
/// A graph with fewer than 3 vertices has none.
pub fn hamiltonian_cycles(g: &SmallGraph) -> Vec<u64> {
    filter_subsets(g, |x| x.deg.iter().all(|&d| d == 2) && x.connected())
}

/// Hamiltonian `s`–`t` paths: simple `s`–`t` paths that visit every vertex.
///
/// For `s == t` the empty path qualifies only when the graph has the single vertex `s`
/// (`vec![0]`); otherwise the result is empty.
pub fn hamiltonian_st_paths(g: &SmallGraph, s: usize, t: usize) -> Vec<u64> {
    if s == t {
        return if g.n == 1 { vec![0] } else { Vec::new() };
    }
    filter_subsets(g, |x| x.deg.iter().all(|&d| d > 0) && is_st_path(x, s, t))
}

/// Path matchings: subsets in which every component is a simple path (vertex-disjoint paths),
/// i.e. forests of maximum degree 2. Includes the empty set.
pub fn path_matchings(g: &SmallGraph) -> Vec<u64> {
    filter_subsets(g, |x| x.deg.iter().all(|&d| d <= 2) && x.acyclic())
}

/// Degree-constrained subgraphs: subsets in which vertex `v` has a degree listed in
/// `allowed[v]`.
///
/// # Panics
/// If `allowed.len() != g.n`.
pub fn degree_constrained(g: &SmallGraph, allowed: &[Vec<u8>]) -> Vec<u64> {
    assert_eq!(allowed.len(), g.n, "one allowed-degree list per vertex");
    filter_subsets(g, |x| x.deg.iter().zip(allowed).all(|(d, a)| a.contains(d)))
}

/// Matchings: subsets in which every vertex has degree at most 1. Includes the empty set.
pub fn matchings(g: &SmallGraph) -> Vec<u64> {
    filter_subsets(g, |x| x.deg.iter().all(|&d| d <= 1))
}

/// Spanning trees: acyclic subsets with exactly `n - 1` edges (hence connected and spanning).
/// A graph with no vertices has none.
pub fn spanning_trees(g: &SmallGraph) -> Vec<u64> {
    filter_subsets(g, |x| x.edge_count() + 1 == g.n && x.acyclic())
}

/// Forests: all acyclic subsets, including the empty set.
pub fn forests(g: &SmallGraph) -> Vec<u64> {
    filter_subsets(g, |x| x.acyclic())
}

/// Number of simple `s`–`t` paths by depth-first search over vertices (no subset enumeration),
/// so it reaches graphs too big for [`st_paths`], such as the 6×6 grid (1,262,816 paths).
/// For `s == t` the count is 1 (the empty path), matching [`st_paths`].
///
/// Cost: proportional to the number of simple paths from `s`, which grows exponentially.
pub fn count_st_paths_dfs(g: &SmallGraph, s: usize, t: usize) -> u64 {
    if s == t {
        return 1;
    }
    let adj = adjacency(g);
    let mut on_path = vec![false; g.n];
    fn walk(adj: &[Vec<usize>], on_path: &mut [bool], v: usize, t: usize) -> u64 {
        if v == t {
            return 1;
        }
        on_path[v] = true;
        let mut total = 0;
        for &w in &adj[v] {
            if !on_path[w] {
                total += walk(adj, on_path, w, t);
            }
        }
        on_path[v] = false;
        total
    }
    walk(&adj, &mut on_path, s, t)
}

/// Number of simple cycles by depth-first search over vertices (no subset enumeration), so it
/// reaches graphs too big for [`cycles`], such as the 5×5 grid (9,349 cycles).
///
/// Cost: proportional to the number of simple paths, which grows exponentially.
pub fn count_cycles_dfs(g: &SmallGraph) -> u64 {
    let mut n = 0;
    for_each_cycle_dfs(g, |_| n += 1);
    n
}

/// Every simple cycle as an edge mask, by depth-first search (see [`for_each_cycle_dfs`]);
/// for graphs of up to 64 edges, too many for [`cycles`].
pub fn cycles_dfs(g: &SmallGraph) -> Vec<u64> {
    assert!(
        g.m() <= 64,
        "cycle masks hold 64 edges, graph has {}",
        g.m()
    );
    let mut out = Vec::new();
    for_each_cycle_dfs(g, |mask| out.push(mask));
    out.sort_unstable();
    out
}

/// Calls `f` once per simple cycle with its edge mask (the mask keeps edges `0..64` only, so
/// it names the cycle when the graph has at most 64 edges).
///
/// Each cycle is walked from its smallest vertex `s` through larger vertices only, once in each
/// direction; it is reported in the direction whose second vertex is smaller than its last.
///
/// Cost: proportional to the number of simple paths, which grows exponentially.
pub fn for_each_cycle_dfs(g: &SmallGraph, mut f: impl FnMut(u64)) {
    let mut adj: Vec<Vec<(usize, u64)>> = vec![Vec::new(); g.n];
    for (i, &(u, v)) in g.edges.iter().enumerate() {
        let bit = if i < 64 { 1u64 << i } else { 0 };
        adj[u].push((v, bit));
        adj[v].push((u, bit));
    }
    struct Walk<'a, F> {
        adj: &'a [Vec<(usize, u64)>],
        on_path: Vec<bool>,
        s: usize,
        second: usize,
        f: F,
    }
    impl<F: FnMut(u64)> Walk<'_, F> {
        /// Extends the path ending at `v` (`len` vertices, edges `mask`) in every way.
        fn walk(&mut self, v: usize, len: usize, mask: u64) {
            for k in 0..self.adj[v].len() {
                let (w, e) = self.adj[v][k];
                if w == self.s && len >= 3 {
                    if self.second < v {
                        (self.f)(mask | e);
                    }
                } else if w > self.s && !self.on_path[w] {
                    if len == 1 {
                        self.second = w;
                    }
                    self.on_path[w] = true;
                    self.walk(w, len + 1, mask | e);
                    self.on_path[w] = false;
                }
            }
        }
    }
    let mut walk = Walk {
        adj: &adj,
        on_path: vec![false; g.n],
        s: 0,
        second: 0,
        f: &mut f,
    };
    for s in 0..g.n {
        walk.s = s;
        walk.on_path[s] = true;
        walk.walk(s, 1, 0);
        walk.on_path[s] = false;
    }
}

/// Neighbour lists, in edge order.
fn adjacency(g: &SmallGraph) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); g.n];
    for &(u, v) in &g.edges {
        adj[u].push(v);
        adj[v].push(u);
    }
    adj
}

#[cfg(test)]
mod tests {
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
}
