//! A primal heuristic for the lazy model: make a disconnected bridge set connected by moving
//! bridges around alternating cycles.
//!
//! Adding one bridge on candidate `e₁`, removing one on `e₂`, adding on `e₃`, …, around a
//! closed walk of even length keeps every island's count, so the numbers stay met. A cycle
//! whose first candidate joins two components merges them, unless a removal splits something
//! off; a move is kept only if the number of components drops and no added bridge crosses a
//! built one. HiGHS has no lazy-constraint callback, and on dense instances its heuristics
//! hand back disconnected solutions round after round; a short cycle often joins them, which
//! saves the re-solves (the cut loop re-checks the result against the whole model).
//!
//! Complexity: per move, a depth-first search of cycles of at most [`MAX_CYCLE`] candidates
//! from every candidate between two components (degree ≤ 4, so at most `m · 3^(MAX_CYCLE−1)`
//! steps), plus `O(n + m)` to recount components; at most `n` moves.

use super::{connect, graph::BridgeGraph};

/// Longest alternating cycle tried.
pub const MAX_CYCLE: usize = 8;

/// A connected bridge count per candidate reached from `counts` by alternating-cycle moves
/// within `bounds` (per candidate `lo..=hi`) and without crossings, or `None`.
pub fn connect_by_cycles(
    g: &BridgeGraph,
    islands: usize,
    bounds: &[(u8, u8)],
    counts: &[u8],
) -> Option<Vec<u8>> {
    let mut crosses: Vec<Vec<usize>> = vec![Vec::new(); g.candidates.len()];
    for &(p, q) in &g.crossings {
        crosses[p].push(q);
        crosses[q].push(p);
    }
    let mut s = Search {
        g,
        islands,
        bounds,
        crosses,
        counts: counts.to_vec(),
        path: Vec::new(),
        comps: 0,
    };
    loop {
        let comp = s.component_ids();
        s.comps = comp.iter().max().map_or(0, |&c| c + 1);
        if s.comps <= 1 {
            return Some(s.counts);
        }
        let mut moved = false;
        for e in 0..g.candidates.len() {
            let c = g.candidates[e];
            if comp[c.a] != comp[c.b] && s.counts[e] < s.bounds[e].1 && s.cycle_from(e) {
                moved = true;
                break;
            }
        }
        if !moved {
            return None;
        }
    }
}

struct Search<'a> {
    g: &'a BridgeGraph,
    islands: usize,
    bounds: &'a [(u8, u8)],
    crosses: Vec<Vec<usize>>,
    counts: Vec<u8>,
    /// The cycle so far: candidates, alternately added to and removed from.
    path: Vec<usize>,
    comps: usize,
}

impl Search<'_> {
    fn component_ids(&self) -> Vec<usize> {
        let built: Vec<bool> = self.counts.iter().map(|&c| c > 0).collect();
        let mut id = vec![0; self.islands];
        for (k, comp) in connect::components(self.g, self.islands, &built)
            .iter()
            .enumerate()
        {
            for &v in comp {
                id[v] = k;
            }
        }
        id
    }

    /// Tries cycles that start by adding a bridge on `e` (from its end `a` to `b`); applies
    /// the first that reduces the number of components.
    fn cycle_from(&mut self, e: usize) -> bool {
        let c = self.g.candidates[e];
        self.path.clear();
        self.path.push(e);
        self.counts[e] += 1;
        let found = self.extend(c.b, c.a);
        if !found {
            self.counts[e] -= 1;
        }
        found
    }

    /// The path ends at island `at` after an addition when its length is odd; `home` is the
    /// island the cycle must close at with a removal.
    fn extend(&mut self, at: usize, home: usize) -> bool {
        let add = self.path.len() % 2 == 0;
        for i in 0..self.g.incident[at].len() {
            let f = self.g.incident[at][i];
            if self.path.contains(&f) {
                continue;
            }
            let (lo, hi) = self.bounds[f];
            if (add && self.counts[f] >= hi) || (!add && self.counts[f] <= lo) {
                continue;
            }
            let next = self.g.other(f, at);
            if add {
                self.counts[f] += 1;
            } else {
                self.counts[f] -= 1;
            }
            self.path.push(f);
            let closes = !add && next == home;
            if (closes && self.acceptable())
                || (!closes && self.path.len() < MAX_CYCLE && self.extend(next, home))
            {
                return true;
            }
            self.path.pop();
            if add {
                self.counts[f] -= 1;
            } else {
                self.counts[f] += 1;
            }
        }
        false
    }

    /// The current counts (a closed cycle applied) add no crossing and have fewer components.
    fn acceptable(&self) -> bool {
        let crossing_free =
            self.path.iter().step_by(2).all(|&e| {
                self.counts[e] != 1 || self.crosses[e].iter().all(|&f| self.counts[f] == 0)
            });
        crossing_free && self.component_ids().iter().max().map_or(0, |&c| c + 1) < self.comps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hashi::{propagate, verify::verify, Bridges, Hashi};

    #[test]
    fn a_square_of_two_pairs_is_joined() {
        // 2 2      two horizontal single bridges are two components; the cycle
        // 2 2      top(−) right(+) bottom(−) left(+) joins them into a square
        let h = Hashi::parse_compact("2.2\n...\n2.2", "t").unwrap();
        let g = BridgeGraph::new(&h);
        let bounds = vec![(0, 2); g.candidates.len()];
        let counts: Vec<u8> = g
            .candidates
            .iter()
            .map(|c| u8::from(!c.vertical) * 2)
            .collect();
        let fixed = connect_by_cycles(&g, 4, &bounds, &counts).unwrap();
        let b = Bridges::new(
            g.candidates
                .iter()
                .zip(&fixed)
                .filter(|(_, &n)| n > 0)
                .map(|(c, &n)| (c.a, c.b, n))
                .collect(),
        );
        assert!(verify(&h, &b).is_ok(), "{b:?}");
        assert!(propagate::bounds(&h, &g).is_some());
    }
}
