//! Brute-force oracle of numbered path matchings (Numberlink): every solution by depth-first
//! search over paths, pair by pair.
//!
//! Why: the frontier engine (mate codes carrying pair numbers, Algorithm 2 of the ZDD paper)
//! needs a reference that shares none of its ideas. Here pair 0's path is walked vertex by
//! vertex from one terminal to the other (never through another pair's terminal or an used
//! vertex), then pair 1's on what is left, and so on; each complete choice is checked against
//! the rules (every vertex covered; at most two edges of every listed 4-cycle, the "no U-bend"
//! rule on grids) and recorded as an edge mask. Distinct choices give distinct edge sets, since
//! the paths of a solution are its components.
//!
//! Cost: the product of the pairs' path counts; keep grids at about 5×5 (or 4×5 with one or
//! two pairs when cells may stay empty).

use crate::graph::SmallGraph;

/// All Numberlink solutions of `g` with terminal pairs `pairs`, as sorted edge masks (bit `i`
/// = `g.edges[i]`). With `cover`, every vertex lies on a path; every entry of `squares` (four
/// edge indices of a 4-cycle) may have at most two of its edges chosen.
///
/// # Panics
/// If `g` has more than 64 edges, or a pair names a vertex out of range (dev-only code).
pub fn solutions(
    g: &SmallGraph,
    pairs: &[(usize, usize)],
    cover: bool,
    squares: &[[usize; 4]],
) -> Vec<u64> {
    assert!(g.m() <= 64, "at most 64 edges");
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); g.n];
    for (i, &(u, v)) in g.edges.iter().enumerate() {
        adj[u].push((v, i));
        adj[v].push((u, i));
    }
    let mut terminal = vec![false; g.n];
    for &(s, t) in pairs {
        terminal[s] = true;
        terminal[t] = true;
    }
    let mut used = vec![false; g.n];
    let mut out = Vec::new();
    let mut search = Search {
        adj: &adj,
        pairs,
        terminal: &terminal,
        cover,
        squares,
        out: &mut out,
    };
    search.pair(0, &mut used, 0);
    out.sort_unstable();
    out
}

struct Search<'a> {
    adj: &'a [Vec<(usize, usize)>],
    pairs: &'a [(usize, usize)],
    terminal: &'a [bool],
    cover: bool,
    squares: &'a [[usize; 4]],
    out: &'a mut Vec<u64>,
}

impl Search<'_> {
    /// Routes pair `k` onwards, with vertices `used` and edges `mask` taken so far.
    fn pair(&mut self, k: usize, used: &mut [bool], mask: u64) {
        if k == self.pairs.len() {
            let covered = !self.cover || used.iter().all(|&u| u);
            let no_u = self
                .squares
                .iter()
                .all(|sq| sq.iter().filter(|&&e| mask >> e & 1 == 1).count() <= 2);
            if covered && no_u {
                self.out.push(mask);
            }
            return;
        }
        let (s, t) = self.pairs[k];
        if s == t || used[s] || used[t] {
            return; // a malformed pair has no path
        }
        used[s] = true;
        self.walk(k, s, t, used, mask);
        used[s] = false;
    }

    /// Extends pair `k`'s path, which ends at `v`, towards `t`.
    fn walk(&mut self, k: usize, v: usize, t: usize, used: &mut [bool], mask: u64) {
        for &(w, e) in &self.adj[v] {
            if w == t {
                used[t] = true;
                self.pair(k + 1, used, mask | 1 << e);
                used[t] = false;
            } else if !used[w] && !self.terminal[w] {
                used[w] = true;
                self.walk(k, w, t, used, mask | 1 << e);
                used[w] = false;
            }
        }
    }
}

/// The 4-cycles of [`SmallGraph::grid`]`(rows, cols)` as edge indices of that graph: one per
/// unit square of vertices (top, left, right, bottom edge).
pub fn grid_squares(rows: usize, cols: usize) -> Vec<[usize; 4]> {
    let g = SmallGraph::grid(rows, cols);
    let idx = |a: usize, b: usize| {
        g.edges
            .iter()
            .position(|&e| e == (a.min(b), a.max(b)))
            .expect("a grid edge")
    };
    let mut out = Vec::new();
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols.saturating_sub(1) {
            let v = r * cols + c;
            out.push([
                idx(v, v + 1),
                idx(v, v + cols),
                idx(v + 1, v + cols + 1),
                idx(v + cols, v + cols + 1),
            ]);
        }
    }
    out
}

/// `k` seeded random terminal pairs on `n` vertices (all `2k` vertices distinct; `2k <= n`),
/// drawn from [`zlink_base::SplitMix64`], so the same seed gives the same pairs everywhere.
///
/// # Panics
/// If `2k > n`.
pub fn random_pairs(seed: u64, n: usize, k: usize) -> Vec<(usize, usize)> {
    assert!(2 * k <= n, "{k} pairs need {} vertices, have {n}", 2 * k);
    let mut rng = zlink_base::SplitMix64::new(seed);
    let mut next = move |bound: usize| rng.below_u64(bound as u64) as usize;
    let mut vs: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        vs.swap(i, next(i + 1));
    }
    (0..k).map(|i| (vs[2 * i], vs[2 * i + 1])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_known_counts() {
        // 2×2, one pair on a diagonal: two L-paths; with cover: none (a 2-edge path misses a
        // cell).
        let g = SmallGraph::grid(2, 2);
        assert_eq!(solutions(&g, &[(0, 3)], false, &[]).len(), 2);
        assert_eq!(solutions(&g, &[(0, 3)], true, &[]).len(), 0);
        // Adjacent pair on a 2×2: the edge itself, or the 3-edge U around (a U-bend).
        assert_eq!(solutions(&g, &[(0, 1)], false, &[]).len(), 2);
        assert_eq!(solutions(&g, &[(0, 1)], true, &[]).len(), 1);
        assert_eq!(solutions(&g, &[(0, 1)], true, &grid_squares(2, 2)).len(), 0);
        // Corner to corner on 3×3 covering every cell: the two Hamiltonian paths are snakes.
        let g = SmallGraph::grid(3, 3);
        assert_eq!(solutions(&g, &[(0, 8)], true, &[]).len(), 2);
        assert_eq!(solutions(&g, &[(0, 8)], false, &[]).len(), 12);
        // Crossing pairs on a 2×2 can never both be joined.
        assert!(solutions(&SmallGraph::grid(2, 2), &[(0, 3), (1, 2)], false, &[]).is_empty());
        assert_eq!(grid_squares(3, 4).len(), 6);
    }

    #[test]
    fn random_pairs_are_distinct() {
        for seed in 0..20 {
            let p = random_pairs(seed, 10, 5);
            let mut all: Vec<usize> = p.iter().flat_map(|&(a, b)| [a, b]).collect();
            all.sort_unstable();
            all.dedup();
            assert_eq!(all.len(), 10);
        }
    }
}
