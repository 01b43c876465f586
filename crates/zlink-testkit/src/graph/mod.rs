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
mod dfs;
pub use dfs::{count_cycles_dfs, count_st_paths_dfs, cycles_dfs, for_each_cycle_dfs};

#[cfg(test)]
mod tests;
