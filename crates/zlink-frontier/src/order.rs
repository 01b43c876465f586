//! Edge orders: the variable order decides the frontier width, and the width decides the size.
//!
//! The *frontier* at level `i` is the set of vertices touched both by an edge `< i`-or-`= i` and by
//! an edge `>= i`: `F_i = { v : first(v) <= i <= last(v) }`. A spec's state holds one entry per
//! frontier vertex, so the number of states grows exponentially in `max_i |F_i|`.
//!
//! [`EdgeOrder::RowMajor`] sorts edges lexicographically by vertex numbers (row-major on grids).
//! [`EdgeOrder::Frontier`] tries breadth-first vertex orders from a few low-degree start vertices
//! (anti-diagonal sweeps on grids, as in the paper's Figure 6) plus the given and row-major
//! orders, and keeps the one with the smallest (max width, total width).
//!
//! ```
//! use zlink_frontier::{EdgeOrder, Graph};
//! let g = Graph::grid(3, 8);
//! let (h, perm) = EdgeOrder::Frontier.apply(&g);
//! assert_eq!(perm.len(), g.num_edges());
//! assert!(zlink_frontier::frontier_widths(&h).iter().max() < zlink_frontier::frontier_widths(&g).iter().max());
//! ```

use std::collections::VecDeque;

use crate::graph::Graph;

/// How to order a graph's edges (= ZDD variables).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EdgeOrder {
    /// Keep the order the edges were given in.
    AsGiven,
    /// Lexicographic on `(min vertex, max vertex)`: row-major on grids.
    RowMajor,
    /// The order with the smallest maximum frontier width among a few heuristic candidates.
    #[default]
    Frontier,
}

impl EdgeOrder {
    /// Returns the reordered graph and the permutation: new edge `i` is old edge `perm[i]`.
    ///
    /// Complexity: `O(k (n + m log m))` for `k <= 6` candidate orders.
    pub fn apply(self, g: &Graph) -> (Graph, Vec<usize>) {
        let perm = match self {
            EdgeOrder::AsGiven => (0..g.num_edges()).collect(),
            EdgeOrder::RowMajor => {
                edges_by_vertex_order(g, &(0..g.num_vertices()).collect::<Vec<_>>())
            }
            EdgeOrder::Frontier => best_order(g),
        };
        (g.permuted(&perm), perm)
    }
}

/// `|F_i|` for every level `i` (see the module doc).
///
/// Complexity: `O(n + m)`.
pub fn frontier_widths(g: &Graph) -> Vec<usize> {
    let m = g.num_edges();
    let (first, last) = first_last(g);
    let mut diff = vec![0isize; m + 1];
    for v in 0..g.num_vertices() {
        if first[v] != usize::MAX {
            diff[first[v]] += 1;
            diff[last[v] + 1] -= 1;
        }
    }
    let mut w = Vec::with_capacity(m);
    let mut cur = 0isize;
    for d in &diff[..m] {
        cur += d;
        w.push(cur as usize);
    }
    w
}

/// The first and last edge index touching each vertex (`usize::MAX` for isolated vertices).
pub(crate) fn first_last(g: &Graph) -> (Vec<usize>, Vec<usize>) {
    let mut first = vec![usize::MAX; g.num_vertices()];
    let mut last = vec![usize::MAX; g.num_vertices()];
    for (i, &(u, v)) in g.edges().iter().enumerate() {
        for x in [u as usize, v as usize] {
            if first[x] == usize::MAX {
                first[x] = i;
            }
            last[x] = i;
        }
    }
    (first, last)
}

/// Edge permutation sorting edges by the positions of their endpoints in `vertex_order`.
fn edges_by_vertex_order(g: &Graph, vertex_order: &[usize]) -> Vec<usize> {
    let mut pos = vec![usize::MAX; g.num_vertices()];
    for (p, &v) in vertex_order.iter().enumerate() {
        pos[v] = p;
    }
    let key = |i: usize| {
        let (u, v) = g.edges()[i];
        let (a, b) = (pos[u as usize], pos[v as usize]);
        (a.min(b), a.max(b))
    };
    let mut perm: Vec<usize> = (0..g.num_edges()).collect();
    perm.sort_by_key(|&i| key(i));
    perm
}

/// Breadth-first vertex order from `start`, covering every component (restarting at the
/// smallest unvisited vertex), neighbours visited in number order.
fn bfs_order(adj: &[Vec<usize>], start: usize) -> Vec<usize> {
    let n = adj.len();
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut queue = VecDeque::new();
    for root in std::iter::once(start).chain(0..n) {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        queue.push_back(root);
        while let Some(v) = queue.pop_front() {
            order.push(v);
            for &w in &adj[v] {
                if !seen[w] {
                    seen[w] = true;
                    queue.push_back(w);
                }
            }
        }
    }
    order
}

fn best_order(g: &Graph) -> Vec<usize> {
    let n = g.num_vertices();
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in g.edges() {
        adj[u as usize].push(v as usize);
        adj[v as usize].push(u as usize);
    }
    for a in &mut adj {
        a.sort_unstable();
    }
    let mut candidates: Vec<Vec<usize>> = vec![
        (0..g.num_edges()).collect(),
        edges_by_vertex_order(g, &(0..n).collect::<Vec<_>>()),
    ];
    // Start vertices: the lowest-degree vertices (corners of a grid), at most four.
    let mut starts: Vec<usize> = (0..n).filter(|&v| !adj[v].is_empty()).collect();
    starts.sort_by_key(|&v| (adj[v].len(), v));
    starts.truncate(4);
    for s in starts {
        candidates.push(edges_by_vertex_order(g, &bfs_order(&adj, s)));
    }
    let score = |perm: &Vec<usize>| {
        let w = frontier_widths(&g.permuted(perm));
        (
            w.iter().copied().max().unwrap_or(0),
            w.iter().sum::<usize>(),
        )
    };
    // `min_by_key` keeps the first minimum, so ties go to the earlier (simpler) candidate.
    candidates.into_iter().min_by_key(score).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_perm(p: &[usize]) -> bool {
        let mut s = p.to_vec();
        s.sort_unstable();
        s.iter().enumerate().all(|(i, &x)| i == x)
    }

    #[test]
    fn grid_widths() {
        let g = Graph::grid(4, 4);
        let w = frontier_widths(&g);
        assert_eq!(w.len(), g.num_edges());
        assert_eq!(w.iter().max(), Some(&5));
        assert_eq!(w[0], 2);
    }

    #[test]
    fn orders_are_permutations_and_frontier_is_no_worse() {
        for (r, c) in [(1, 1), (1, 5), (3, 3), (4, 9), (9, 4), (6, 6)] {
            let g = Graph::grid(r, c);
            let mx = |h: &Graph| frontier_widths(h).into_iter().max().unwrap_or(0);
            for o in [EdgeOrder::AsGiven, EdgeOrder::RowMajor, EdgeOrder::Frontier] {
                let (h, p) = o.apply(&g);
                assert!(is_perm(&p));
                assert_eq!(h.num_edges(), g.num_edges());
            }
            let (f, _) = EdgeOrder::Frontier.apply(&g);
            assert!(mx(&f) <= mx(&g));
            assert!(mx(&f) <= r.min(c) + 1, "{r}x{c}: {}", mx(&f));
        }
    }
}
