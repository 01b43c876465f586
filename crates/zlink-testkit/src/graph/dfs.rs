//! Depth-first oracles over vertices: simple `s`–`t` paths and simple cycles counted or
//! listed by walking the graph, without enumerating edge subsets.
//!
//! Why apart from the subset oracles of [`super`]: those cost `2^m` and stop near 26 edges;
//! these cost the number of paths or cycles and reach the 6×6 grid's 60 edges (1,262,816
//! corner paths) and the 5×5 grid's 40 (cycles), where the frontier's wide and packed states
//! are compared. They share no idea with the subset enumeration either, so the two kinds
//! check each other on the graphs both reach.

use super::SmallGraph;
#[cfg(doc)]
use super::{cycles, st_paths};

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
