//! Brute-force oracle for the circuit board (report chapter 5): every set of `|V| − 1` wires
//! between neighbouring points is tried, and kept when it holds the given wires, every point
//! has 1 or 3 wires and the wires connect all points (then they form a spanning tree).
//!
//! Why a separate oracle: the ZDD engine counts through the frontier spec of connected
//! degree-constrained subgraphs and the IP engines through HiGHS; this one shares nothing with
//! either (its own neighbour list, a plain subset recursion that only stops a branch when a
//! point would get a fourth wire or too few wires are left, and a flood fill at the end).
//!
//! Cost: `C(m, |V| − 1)` subsets at most for `m` possible wires; keep boards at 4×4 or below.

use zlink_base::SplitMix64;

/// A small board: `open[r * cols + c]` is a point, `given` wires as cell pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// Whether each cell (row-major) holds a point.
    pub open: Vec<bool>,
    /// Given wires `(a, b)` between neighbouring points.
    pub given: Vec<(usize, usize)>,
}

impl Board {
    /// The wires between neighbouring points, `(a, b)` with `a < b`.
    pub fn wires(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let a = r * self.cols + c;
                if c + 1 < self.cols && self.open[a] && self.open[a + 1] {
                    out.push((a, a + 1));
                }
                if r + 1 < self.rows && self.open[a] && self.open[a + self.cols] {
                    out.push((a, a + self.cols));
                }
            }
        }
        out
    }
}

/// Every solution of `b` as its list of wires (in [`Board::wires`] order).
pub fn solutions(b: &Board) -> Vec<Vec<(usize, usize)>> {
    let wires = b.wires();
    let points = b.open.iter().filter(|&&o| o).count();
    let mut out = Vec::new();
    if points < 2 {
        return out;
    }
    let mut chosen = Vec::new();
    let mut deg = vec![0u8; b.open.len()];
    walk(b, &wires, 0, points - 1, &mut chosen, &mut deg, &mut out);
    out
}

fn walk(
    b: &Board,
    wires: &[(usize, usize)],
    k: usize,
    need: usize,
    chosen: &mut Vec<(usize, usize)>,
    deg: &mut [u8],
    out: &mut Vec<Vec<(usize, usize)>>,
) {
    if chosen.len() == need {
        if accept(b, chosen, deg) {
            out.push(chosen.clone());
        }
        return;
    }
    if k == wires.len() || wires.len() - k < need - chosen.len() {
        return;
    }
    let (a, c) = wires[k];
    if deg[a] < 3 && deg[c] < 3 {
        chosen.push((a, c));
        deg[a] += 1;
        deg[c] += 1;
        walk(b, wires, k + 1, need, chosen, deg, out);
        deg[a] -= 1;
        deg[c] -= 1;
        chosen.pop();
    }
    if !b.given.iter().any(|&g| g == (a, c) || g == (c, a)) {
        walk(b, wires, k + 1, need, chosen, deg, out);
    }
}

/// Degrees 1 or 3 at every point, all given wires in, all points joined.
fn accept(b: &Board, chosen: &[(usize, usize)], deg: &[u8]) -> bool {
    let n = b.open.len();
    if (0..n).any(|i| b.open[i] && deg[i] != 1 && deg[i] != 3) {
        return false;
    }
    let has = |a: usize, c: usize| chosen.iter().any(|&w| w == (a, c) || w == (c, a));
    if !b.given.iter().all(|&(a, c)| has(a, c)) {
        return false;
    }
    let Some(start) = (0..n).find(|&i| b.open[i]) else {
        return false;
    };
    let mut seen = vec![false; n];
    seen[start] = true;
    let mut todo = vec![start];
    while let Some(v) = todo.pop() {
        for &(a, c) in chosen {
            let u = if a == v {
                c
            } else if c == v {
                a
            } else {
                continue;
            };
            if !seen[u] {
                seen[u] = true;
                todo.push(u);
            }
        }
    }
    (0..n).all(|i| !b.open[i] || seen[i])
}

/// The number of wires between `s` and `t` through the wires `tree` (a flood fill by
/// layers), or `None` if they are not joined.
pub fn path_length(cells: usize, tree: &[(usize, usize)], s: usize, t: usize) -> Option<usize> {
    let mut dist = vec![usize::MAX; cells];
    dist[s] = 0;
    let mut layer = vec![s];
    let mut d = 0;
    while !layer.is_empty() {
        if dist[t] != usize::MAX {
            return Some(dist[t]);
        }
        d += 1;
        let mut next = Vec::new();
        for &v in &layer {
            for &(a, c) in tree {
                let u = if a == v {
                    c
                } else if c == v {
                    a
                } else {
                    continue;
                };
                if dist[u] == usize::MAX {
                    dist[u] = d;
                    next.push(u);
                }
            }
        }
        layer = next;
    }
    (dist[t] != usize::MAX).then_some(dist[t])
}

/// A random board: each cell blacked out with probability `black_percent`%, each wire given
/// with probability `given_percent`% (boards without solutions come out too).
pub fn random_board(
    rng: &mut SplitMix64,
    rows: usize,
    cols: usize,
    black_percent: u64,
    given_percent: u64,
) -> Board {
    let open = (0..rows * cols)
        .map(|_| rng.below_u64(100) >= black_percent)
        .collect();
    let mut b = Board {
        rows,
        cols,
        open,
        given: Vec::new(),
    };
    b.given = b
        .wires()
        .into_iter()
        .filter(|_| rng.below_u64(100) < given_percent)
        .collect();
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full(rows: usize, cols: usize) -> Board {
        Board {
            rows,
            cols,
            open: vec![true; rows * cols],
            given: Vec::new(),
        }
    }

    #[test]
    fn small_boards_by_hand() {
        // 1×2: the one wire; 2×2: no tree of 4 points has degrees 1,1,1,3 on a square
        assert_eq!(solutions(&full(1, 2)).len(), 1);
        assert_eq!(solutions(&full(2, 2)).len(), 0);
        // 2×3: only the two middle points can have degree 3, so the one solution is the
        // double T 0-1, 1-2, 1-4, 3-4, 4-5; the odd 1×3 has none
        let s = solutions(&full(2, 3));
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(solutions(&full(1, 3)).len(), 0);
        let mut b = full(2, 3);
        b.given = vec![(0, 3)];
        assert_eq!(solutions(&b).len(), 0);
        // a given wire that no solution can hold (4 can only reach 2 wires on 3×2)
        let mut b = full(3, 2);
        b.given = vec![(0, 2), (2, 4), (3, 5), (4, 5)];
        assert_eq!(solutions(&b).len(), 0);
        assert_eq!(path_length(6, &s[0], 0, 5), Some(3));
    }
}
