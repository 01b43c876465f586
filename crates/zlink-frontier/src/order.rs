//! Edge orders: the variable order decides the frontier width, and the width decides the size.
//!
//! The *frontier* at level `i` is the set of vertices touched both by an edge `< i`-or-`= i` and by
//! an edge `>= i`: `F_i = { v : first(v) <= i <= last(v) }`. A spec's state holds one entry per
//! frontier vertex, so the number of states grows exponentially in `max_i |F_i|`.
//!
//! [`EdgeOrder::RowMajor`] sorts edges lexicographically by vertex numbers (row-major on grids).
//! [`EdgeOrder::Frontier`] tries *sweeps* between pairs of low-degree vertices `a`, `b` (vertices
//! sorted by `d(a,v) + d(b,v)`, then `d(a,v)`: row- and column-major orders on grids) plus the
//! given and row-major orders, and keeps the one with the smallest (max width, total width).
//! Anti-diagonal orders (the paper's Figure 6) have the same maximum width on square grids but,
//! measured on 13×13 corner paths, 8.5× the time and 15× the memory of row-major: every vertex
//! of a diagonal frontier already has two decided edges, so more mate states are reachable.
//!
//! ```
//! use zlink_frontier::{EdgeOrder, Graph};
//! let g = Graph::grid(3, 8);
//! let (h, perm) = EdgeOrder::Frontier.apply(&g);
//! assert_eq!(perm.len(), g.num_edges());
//! assert!(zlink_frontier::frontier_widths(&h).iter().max() < zlink_frontier::frontier_widths(&g).iter().max());
//! ```

use std::collections::VecDeque;
use std::time::Instant;

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
    /// Vertices taken greedily, each next one the neighbour of the taken region that leaves
    /// the smallest frontier (ties: the earliest reached), from each of the lowest-degree
    /// vertices; the narrowest result. It follows holes and ragged borders, where a straight
    /// sweep carries the whole width across.
    Greedy,
}

impl EdgeOrder {
    /// Returns the reordered graph and the permutation: new edge `i` is old edge `perm[i]`.
    ///
    /// Complexity: `O(k (n + m log m))` for `k <= 6` candidate orders.
    pub fn apply(self, g: &Graph) -> (Graph, Vec<usize>) {
        self.apply_until(g, None)
            .expect("an order without a deadline always completes")
    }

    /// [`apply`](Self::apply) that gives up (`None`) once `deadline` has passed: the greedy
    /// order scans its candidates at every step, `O(n · width)`, which takes minutes on a
    /// graph of a million vertices, so it looks at the clock as it goes; the frontier order
    /// reads it between its candidate orders (seconds in all at ten million vertices); the
    /// as-given and row-major orders are near-linear and run to the end.
    pub fn apply_until(self, g: &Graph, deadline: Option<Instant>) -> Option<(Graph, Vec<usize>)> {
        let perm = match self {
            EdgeOrder::AsGiven => (0..g.num_edges()).collect(),
            EdgeOrder::RowMajor => {
                edges_by_vertex_order(g, &(0..g.num_vertices()).collect::<Vec<_>>())
            }
            EdgeOrder::Frontier => best_order(g, deadline)?,
            EdgeOrder::Greedy => greedy_order(g, deadline)?,
        };
        Some((g.permuted(&perm), perm))
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

/// Edge permutation placing each edge when its later endpoint in `vertex_order` comes (ties:
/// by the earlier endpoint): a vertex taken early with many edges (a hub) does not pull them
/// all to the front.
fn edges_by_later_end(g: &Graph, vertex_order: &[usize]) -> Vec<usize> {
    let mut pos = vec![usize::MAX; g.num_vertices()];
    for (p, &v) in vertex_order.iter().enumerate() {
        pos[v] = p;
    }
    let mut perm: Vec<usize> = (0..g.num_edges()).collect();
    perm.sort_by_key(|&i| {
        let (u, v) = g.edges()[i];
        let (a, b) = (pos[u as usize], pos[v as usize]);
        (a.max(b), a.min(b))
    });
    perm
}

/// Breadth-first distances from `start` (`usize::MAX` where unreachable).
fn distances(adj: &[Vec<usize>], start: usize) -> Vec<usize> {
    let mut dist = vec![usize::MAX; adj.len()];
    let mut queue = VecDeque::from([start]);
    dist[start] = 0;
    while let Some(v) = queue.pop_front() {
        for &w in &adj[v] {
            if dist[w] == usize::MAX {
                dist[w] = dist[v] + 1;
                queue.push_back(w);
            }
        }
    }
    dist
}

/// Vertices sorted by `(d_a + d_b, d_a, v)`: a sweep across the "axis" from `a` to `b`.
/// On a grid with `a`, `b` the two ends of one side this is row- (or column-) major order.
/// `None` when `d_a + d_b` is the same for every vertex (`a`, `b` opposite corners): that
/// sweep degenerates into breadth-first layers (anti-diagonals), which measure badly.
fn sweep_order(adj: &[Vec<usize>], a: usize, b: usize) -> Option<Vec<usize>> {
    let (da, db) = (distances(adj, a), distances(adj, b));
    let key = |v: usize| da[v].saturating_add(db[v]);
    if (0..adj.len()).all(|v| adj[v].is_empty() || key(v) == key(a)) {
        return None;
    }
    let mut order: Vec<usize> = (0..adj.len()).collect();
    order.sort_by_key(|&v| (key(v), da[v], v));
    Some(order)
}

/// The adjacency lists of `g`, sorted.
fn adjacency(g: &Graph) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); g.num_vertices()];
    for &(u, v) in g.edges() {
        adj[u as usize].push(v as usize);
        adj[v as usize].push(u as usize);
    }
    for a in &mut adj {
        a.sort_unstable();
    }
    adj
}

/// [`EdgeOrder::Greedy`]: see there; `None` once `deadline` has passed.
///
/// Complexity: `O(k n (n + m))` for `k <= 4` starts (each step scans the candidates).
fn greedy_order(g: &Graph, deadline: Option<Instant>) -> Option<Vec<usize>> {
    let adj = adjacency(g);
    let n = adj.len();
    let mut ends: Vec<usize> = (0..n).filter(|&v| !adj[v].is_empty()).collect();
    ends.sort_by_key(|&v| (adj[v].len(), v));
    ends.truncate(4);
    let score = |perm: &Vec<usize>| {
        let w = frontier_widths(&g.permuted(perm));
        (
            w.iter().copied().max().unwrap_or(0),
            w.iter().sum::<usize>(),
        )
    };
    let mut orders = Vec::with_capacity(ends.len());
    for &a in &ends {
        orders.push(edges_by_later_end(g, &greedy_vertices(&adj, a, deadline)?));
    }
    Some(
        orders
            .into_iter()
            .min_by_key(score)
            .unwrap_or_else(|| (0..g.num_edges()).collect()),
    )
}

/// Vertices from `start`: each next one, among the neighbours of those taken, the one after
/// which the fewest taken vertices still have an untaken neighbour (ties: reached first);
/// then any untaken vertex, for another component (found by a cursor that only moves forward,
/// so a graph of many isolated vertices stays linear). `None` once `deadline` has passed.
fn greedy_vertices(
    adj: &[Vec<usize>],
    start: usize,
    deadline: Option<Instant>,
) -> Option<Vec<usize>> {
    let n = adj.len();
    let mut taken = vec![false; n];
    // per vertex: its untaken neighbours; when it reached the candidates (usize::MAX: not yet)
    let mut open: Vec<usize> = adj.iter().map(Vec::len).collect();
    let mut reached = vec![usize::MAX; n];
    let mut candidates: Vec<usize> = Vec::new();
    let mut order = Vec::with_capacity(n);
    let mut next = Some(start);
    let mut clock = 0;
    // every untaken vertex is at or after `unscanned`
    let mut unscanned = 0;
    while order.len() < n {
        if order.len() % 1024 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let v = match next.take() {
            Some(v) => v,
            None => {
                while unscanned < n && taken[unscanned] {
                    unscanned += 1;
                }
                if unscanned == n {
                    break;
                }
                unscanned
            }
        };
        taken[v] = true;
        order.push(v);
        candidates.retain(|&c| c != v);
        for &w in &adj[v] {
            open[w] -= 1;
            if !taken[w] && reached[w] == usize::MAX {
                reached[w] = clock;
                clock += 1;
                candidates.push(w);
            }
        }
        // taking `c` closes the taken neighbours whose last open neighbour it is, and opens
        // `c` itself if it has other untaken neighbours
        next = candidates.iter().copied().min_by_key(|&c| {
            let closes = adj[c].iter().filter(|&&w| taken[w] && open[w] == 1).count();
            let opens = usize::from(adj[c].iter().any(|&w| !taken[w]));
            (opens as isize - closes as isize, reached[c])
        });
    }
    Some(order)
}

fn best_order(g: &Graph, deadline: Option<Instant>) -> Option<Vec<usize>> {
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    let score = |perm: &[usize]| {
        let w = frontier_widths(&g.permuted(perm));
        (
            w.iter().copied().max().unwrap_or(0),
            w.iter().sum::<usize>(),
        )
    };
    // Each candidate is scored as it is made, the clock read between them (a candidate costs
    // a few passes over the graph: a fraction of a second at ten million vertices). A strict
    // `<` keeps the first minimum, so ties go to the earlier (simpler) candidate.
    let mut best: Option<((usize, usize), Vec<usize>)> = None;
    let mut consider = |perm: Vec<usize>| {
        if late() {
            return false;
        }
        let s = score(&perm);
        if best.as_ref().is_none_or(|(b, _)| s < *b) {
            best = Some((s, perm));
        }
        true
    };
    let n = g.num_vertices();
    if !consider((0..g.num_edges()).collect())
        || !consider(edges_by_vertex_order(g, &(0..n).collect::<Vec<_>>()))
    {
        return None;
    }
    let adj = adjacency(g);
    // Sweeps between pairs of the lowest-degree vertices (the corners of a grid).
    let mut ends: Vec<usize> = (0..n).filter(|&v| !adj[v].is_empty()).collect();
    ends.sort_by_key(|&v| (adj[v].len(), v));
    ends.truncate(4);
    for &a in &ends {
        for &b in &ends {
            if late() {
                return None;
            }
            if let Some(order) = sweep_order(&adj, a, b).filter(|_| a != b) {
                if !consider(edges_by_vertex_order(g, &order)) {
                    return None;
                }
            }
        }
    }
    best.map(|(_, perm)| perm)
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

    /// A fan (hub 0, rim path 1..=30) listed spokes first is 31 wide as given; the greedy
    /// order walks the rim with the hub open: width 3.
    #[test]
    fn greedy_follows_a_fan_rim() {
        let mut edges: Vec<(u32, u32)> = (1..=30).map(|i| (0, i)).collect();
        edges.extend((1..30).map(|i| (i, i + 1)));
        let g = Graph::new(31, &edges).unwrap();
        let (h, p) = EdgeOrder::Greedy.apply(&g);
        assert!(is_perm(&p));
        let mx = |h: &Graph| frontier_widths(h).into_iter().max().unwrap_or(0);
        assert!(mx(&g) >= 30);
        assert!(mx(&h) <= 3, "{}", mx(&h));
    }

    /// Many isolated vertices: each one is the start of a new component, found by a cursor
    /// (the scan from vertex 0 at every one of them took minutes at 300,000 vertices).
    #[test]
    fn greedy_is_linear_in_isolated_vertices() {
        let n = 2_000_000;
        let g = Graph::new(n, &[(0, 1), (1, 2), (2, 0), (0, n as u32 - 1)]).unwrap();
        let t = Instant::now();
        let (h, p) = EdgeOrder::Greedy.apply(&g);
        assert!(is_perm(&p));
        assert_eq!(h.num_edges(), 4);
        // quadratic, this is 2·10^12 steps; linear, well under a second even in debug builds
        assert!(t.elapsed().as_secs() < 60, "{:?}", t.elapsed());
    }

    /// The greedy and the frontier order give up at a passed deadline, and before it give
    /// what they give without one.
    #[test]
    fn the_searching_orders_stop_at_their_deadline() {
        let g = Graph::grid(30, 30);
        for order in [EdgeOrder::Greedy, EdgeOrder::Frontier] {
            assert!(order.apply_until(&g, Some(Instant::now())).is_none());
            let later = Instant::now() + std::time::Duration::from_secs(3600);
            let (h, p) = order.apply_until(&g, Some(later)).unwrap();
            assert_eq!((h, p), order.apply(&g), "{order:?}");
        }
    }

    #[test]
    fn orders_are_permutations_and_frontier_is_no_worse() {
        for (r, c) in [(1, 1), (1, 5), (3, 3), (4, 9), (9, 4), (6, 6)] {
            let g = Graph::grid(r, c);
            let mx = |h: &Graph| frontier_widths(h).into_iter().max().unwrap_or(0);
            for o in [
                EdgeOrder::AsGiven,
                EdgeOrder::RowMajor,
                EdgeOrder::Frontier,
                EdgeOrder::Greedy,
            ] {
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
