//! Bound propagation on the bridge counts, run once before the lazy model's first solve.
//!
//! Every candidate gets an interval `lo..=hi` of bridge counts (start `0..=2`), tightened to a
//! fixpoint by rules that every solution obeys:
//! - a bridge never exceeds either end's number;
//! - degree: with island number `k`, a candidate carries at least `k − Σ hi(others)` and at
//!   most `k − Σ lo(others)` (an island of unknown number needs at least one bridge);
//! - crossing: a candidate with `lo ≥ 1` forbids every candidate crossing it;
//! - isolation (more than two islands): two `1`s are never joined, and two `2`s never by a
//!   double bridge, since either pair would be a closed network of its own.
//!
//! HiGHS presolve finds the first three again on every re-solve of the cut loop, but costs a
//! full presolve per round; fixing them once lets the rounds run with a lighter presolve, and
//! the isolation rule is connectivity, which HiGHS cannot see in the base model.
//!
//! The rules run from a worklist of islands ([`Narrowing`]), so that [`super::probe`] can
//! re-run them after fixing one candidate at the cost of what that fix touches.

use super::{graph::BridgeGraph, Hashi};

/// The interval of bridge counts per candidate, or `None` when the rules meet a contradiction
/// (the puzzle has no solution; the solver then reports it in its own terms).
pub fn bounds(h: &Hashi, g: &BridgeGraph) -> Option<Vec<(u8, u8)>> {
    let n = Narrowing::new(h, g);
    let mut b = n.initial();
    n.settle_all(&mut b).then_some(b)
}

/// The degree and crossing rules of one puzzle, run to a fixpoint from a worklist.
#[derive(Debug)]
pub struct Narrowing<'g> {
    g: &'g BridgeGraph,
    /// Per island, the least and greatest number of bridges.
    need: Vec<(u32, u32)>,
    /// Per candidate, the candidates crossing it.
    crosses: Vec<Vec<usize>>,
    /// The first hi of every candidate (numbers and the isolation rule).
    start: Vec<(u8, u8)>,
}

impl<'g> Narrowing<'g> {
    /// The rules of `h` over its candidate graph `g`.
    pub fn new(h: &Hashi, g: &'g BridgeGraph) -> Self {
        let isl = h.islands();
        let many = isl.len() > 2;
        let start = g
            .candidates
            .iter()
            .map(|c| {
                let (ka, kb) = (isl[c.a].clue, isl[c.b].clue);
                let mut hi = 2u8;
                for k in [ka, kb].into_iter().flatten() {
                    hi = hi.min(k);
                }
                if many {
                    match (ka, kb) {
                        (Some(1), Some(1)) => hi = 0,
                        (Some(2), Some(2)) => hi = hi.min(1),
                        _ => {}
                    }
                }
                (0, hi)
            })
            .collect();
        let mut crosses: Vec<Vec<usize>> = vec![Vec::new(); g.candidates.len()];
        for &(p, q) in &g.crossings {
            crosses[p].push(q);
            crosses[q].push(p);
        }
        let need = isl
            .iter()
            .map(|island| match island.clue {
                Some(k) => (u32::from(k), u32::from(k)),
                None => (1, u32::from(super::MAX_CLUE)),
            })
            .collect();
        Narrowing {
            g,
            need,
            crosses,
            start,
        }
    }

    /// The intervals before any rule but the numbers and isolation.
    pub fn initial(&self) -> Vec<(u8, u8)> {
        self.start.clone()
    }

    /// The candidate graph.
    pub fn graph(&self) -> &BridgeGraph {
        self.g
    }

    /// Runs the rules from every island to the fixpoint; `false` on a contradiction.
    pub fn settle_all(&self, b: &mut [(u8, u8)]) -> bool {
        let mut work: Vec<usize> = (0..self.need.len()).collect();
        let ok = (0..b.len()).all(|e| b[e].0 == 0 || self.cross(b, e, &mut work));
        ok && self.settle(b, &mut work)
    }

    /// Narrows candidate `e` to `lo..=hi` (intersected with its interval) and queues what
    /// that touches; `false` on a contradiction (empty interval, or a used crossing).
    pub fn narrow(
        &self,
        b: &mut [(u8, u8)],
        e: usize,
        lo: u8,
        hi: u8,
        work: &mut Vec<usize>,
    ) -> bool {
        let (olo, ohi) = b[e];
        let (nlo, nhi) = (olo.max(lo), ohi.min(hi));
        if nlo > nhi {
            return false;
        }
        if (nlo, nhi) == (olo, ohi) {
            return true;
        }
        b[e] = (nlo, nhi);
        let c = self.g.candidates[e];
        work.extend([c.a, c.b]);
        olo > 0 || nlo == 0 || self.cross(b, e, work)
    }

    /// Candidate `e` is used: every candidate crossing it carries nothing.
    fn cross(&self, b: &mut [(u8, u8)], e: usize, work: &mut Vec<usize>) -> bool {
        self.crosses[e]
            .iter()
            .all(|&f| self.narrow(b, f, 0, 0, work))
    }

    /// Runs the degree rule from the islands in `work` (and whatever they touch) to the
    /// fixpoint; `false` on a contradiction.
    pub fn settle(&self, b: &mut [(u8, u8)], work: &mut Vec<usize>) -> bool {
        while let Some(v) = work.pop() {
            let inc = &self.g.incident[v];
            let (need_lo, need_hi) = self.need[v];
            let sum_lo: u32 = inc.iter().map(|&e| u32::from(b[e].0)).sum();
            let sum_hi: u32 = inc.iter().map(|&e| u32::from(b[e].1)).sum();
            if sum_lo > need_hi || sum_hi < need_lo {
                return false;
            }
            for &e in inc {
                let (lo, hi) = (u32::from(b[e].0), u32::from(b[e].1));
                let new_lo = lo.max(need_lo.saturating_sub(sum_hi - hi));
                let new_hi = hi.min(need_hi - (sum_lo - lo));
                if new_lo > new_hi {
                    return false;
                }
                if (new_lo, new_hi) != (lo, hi) {
                    // both at most 2 here: new_hi ≤ hi ≤ 2; the sums change, so look again
                    if !self.narrow(b, e, new_lo as u8, new_hi as u8, work) {
                        return false;
                    }
                    work.push(v);
                    break;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_and_isolation_fix_what_they_should() {
        // 2-3-1 in a row: the 1 takes one from the 3, so 2-3 is a double bridge
        let h = Hashi::parse_compact("231", "t").unwrap();
        let g = BridgeGraph::new(&h);
        assert_eq!(bounds(&h, &g), Some(vec![(2, 2), (1, 1)]));
        // two lone 1s are a whole puzzle: allowed
        let h = Hashi::parse_compact("11", "t").unwrap();
        let g = BridgeGraph::new(&h);
        assert_eq!(bounds(&h, &g), Some(vec![(1, 1)]));
        // 1 1 . 1 with a third island elsewhere: the 1–1 pair may not join
        let h = Hashi::parse_compact("11\n.2\n.1", "t").unwrap();
        let g = BridgeGraph::new(&h);
        assert_eq!(bounds(&h, &g), None, "the top-left 1 has nowhere to go");
        // a 2 whose only candidate leads to another 2: isolation allows one bridge only
        let h = Hashi::parse_compact(".1.\n2.2\n.1.", "t").unwrap();
        let g = BridgeGraph::new(&h);
        assert_eq!(bounds(&h, &g), None);
    }
}
