//! Stronger deduction for counting: connectivity and probing on top of propagation (`propagate`).
//!
//! Why: the ZDD count's cost is the frontier's width, and on the many-solution CLLV classes
//! (AA = 50, 75) the degree and crossing rules leave most candidates open. Two more rules
//! every solution obeys, both sound for counting (they only drop values no solution takes):
//! - connectivity: the candidates that can still carry a bridge must join all islands (else
//!   no solution), and a cut edge of that graph carries at least one bridge;
//! - probing: each open candidate is tried at each of its values, the rules (this one's
//!   connectivity included) run to their fixpoint, and a value whose trial contradicts is
//!   dropped; every other candidate narrows to the hull of what the surviving trials left it
//!   (every solution is in one trial). Repeated until nothing changes.
//!
//! Cost: one trial is a worklist run of the degree rules plus one `O(n + m)` cut-edge pass
//! per connectivity round; a round tries every open value, so a 400-island instance pays a
//! few thousand trials per round.

use super::propagate::Narrowing;
use super::{graph::BridgeGraph, Hashi};

/// The intervals of [`propagate::bounds`](super::propagate::bounds) narrowed further by
/// connectivity and probing, or `None` when no solution exists.
pub fn bounds(h: &Hashi, g: &BridgeGraph) -> Option<Vec<(u8, u8)>> {
    let rules = Narrowing::new(h, g);
    let mut b = rules.initial();
    if !rules.settle_all(&mut b) || !connect(&rules, &mut b, &mut Vec::new()) {
        return None;
    }
    probe(&rules, &mut b).then_some(b)
}

/// Degree rules and connectivity to their joint fixpoint from the islands in `work`; `false`
/// on a contradiction.
fn connect(rules: &Narrowing<'_>, b: &mut [(u8, u8)], work: &mut Vec<usize>) -> bool {
    loop {
        if !rules.settle(b, work) {
            return false;
        }
        let Some(cuts) = cut_edges(rules.graph(), b) else {
            return false;
        };
        let mut forced = false;
        for e in cuts {
            if b[e].0 == 0 {
                forced = true;
                if !rules.narrow(b, e, 1, 2, work) {
                    return false;
                }
            }
        }
        if !forced {
            return true;
        }
    }
}

/// The cut edges of the graph of candidates with `hi > 0`, or `None` when that graph does not
/// join every island. Iterative depth-first search (low links), `O(n + m)`.
fn cut_edges(g: &BridgeGraph, b: &[(u8, u8)]) -> Option<Vec<usize>> {
    let n = g.incident.len();
    if n == 0 {
        return Some(Vec::new());
    }
    const NONE: usize = usize::MAX;
    let mut disc = vec![NONE; n];
    let mut low = vec![0usize; n];
    let mut cuts = Vec::new();
    // (island, candidate it was reached by, next incident index)
    let mut stack: Vec<(usize, usize, usize)> = vec![(0, NONE, 0)];
    disc[0] = 0;
    low[0] = 0;
    let mut time = 1;
    while let Some(top) = stack.last_mut() {
        let (v, via, i) = *top;
        if let Some(&e) = g.incident[v].get(i) {
            top.2 += 1;
            if e == via || b[e].1 == 0 {
                continue;
            }
            let w = g.other(e, v);
            if disc[w] == NONE {
                disc[w] = time;
                low[w] = time;
                time += 1;
                stack.push((w, e, 0));
            } else {
                low[v] = low[v].min(disc[w]);
            }
        } else {
            stack.pop();
            if let Some(&(u, _, _)) = stack.last() {
                low[u] = low[u].min(low[v]);
                if low[v] > disc[u] {
                    cuts.push(via);
                }
            }
        }
    }
    (time == n).then_some(cuts)
}

/// Probes every open candidate's values until nothing changes; `false` when some candidate
/// has no value left (no solution).
fn probe(rules: &Narrowing<'_>, b: &mut Vec<(u8, u8)>) -> bool {
    let m = b.len();
    let mut work = Vec::new();
    let mut changed = true;
    while changed {
        changed = false;
        for e in 0..m {
            let (lo, hi) = b[e];
            if lo == hi {
                continue;
            }
            // the hull over the trials that survive
            let mut hull: Option<Vec<(u8, u8)>> = None;
            for v in lo..=hi {
                let mut t = b.clone();
                work.clear();
                if !(rules.narrow(&mut t, e, v, v, &mut work) && connect(rules, &mut t, &mut work))
                {
                    continue;
                }
                match &mut hull {
                    None => hull = Some(t),
                    Some(h) => {
                        for (x, y) in h.iter_mut().zip(&t) {
                            *x = (x.0.min(y.0), x.1.max(y.1));
                        }
                    }
                }
            }
            let Some(h) = hull else { return false };
            if h != *b {
                *b = h;
                changed = true;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_edges_and_connectivity() {
        // 2-3-1 in a row, plus nothing else: both candidates are cut edges
        let h = Hashi::parse_compact("231", "t").unwrap();
        let g = BridgeGraph::new(&h);
        assert_eq!(cut_edges(&g, &[(0, 2), (0, 2)]), Some(vec![1, 0]));
        assert_eq!(cut_edges(&g, &[(0, 2), (0, 0)]), None);
        // a square of four islands: no cut edge; one candidate gone: the other three are
        let h = Hashi::parse_compact("2.2\n...\n2.2", "t").unwrap();
        let g = BridgeGraph::new(&h);
        assert_eq!(cut_edges(&g, &[(0, 2); 4]), Some(vec![]));
        let mut cut = cut_edges(&g, &[(0, 0), (0, 2), (0, 2), (0, 2)]).unwrap();
        cut.sort_unstable();
        assert_eq!(cut, vec![1, 2, 3]);
    }

    #[test]
    fn probing_solves_what_propagation_leaves_open() {
        // Janko Hashi 18 (7x7): the degree, crossing and isolation rules leave four
        // candidates open; connectivity and probing fix every candidate, to the solution.
        let h = Hashi::parse_compact(
            "1.3..2.\n.......\n4.5...2\n.......\n..6..2.\n2......\n..2.1.2",
            "janko 18",
        )
        .unwrap();
        let g = BridgeGraph::new(&h);
        let open = |b: &[(u8, u8)]| b.iter().filter(|x| x.0 < x.1).count();
        let plain = super::super::propagate::bounds(&h, &g).unwrap();
        assert_eq!(open(&plain), 4);
        let b = bounds(&h, &g).unwrap();
        assert_eq!(open(&b), 0);
        let bridges = super::super::Bridges::new(
            g.candidates
                .iter()
                .zip(&b)
                .filter(|(_, x)| x.0 > 0)
                .map(|(c, x)| (c.a, c.b, x.0))
                .collect(),
        );
        super::super::verify::verify(&h, &bridges).unwrap();
    }
}
