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

use super::{graph::BridgeGraph, Hashi};

/// The interval of bridge counts per candidate, or `None` when the rules meet a contradiction
/// (the puzzle has no solution; the solver then reports it in its own terms).
pub fn bounds(h: &Hashi, g: &BridgeGraph) -> Option<Vec<(u8, u8)>> {
    let isl = h.islands();
    let many = isl.len() > 2;
    let mut b: Vec<(u8, u8)> = g
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
    let mut crosses: Vec<Vec<usize>> = vec![Vec::new(); b.len()];
    for &(p, q) in &g.crossings {
        crosses[p].push(q);
        crosses[q].push(p);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for (v, island) in isl.iter().enumerate() {
            let inc = &g.incident[v];
            let (need_lo, need_hi) = match island.clue {
                Some(k) => (u32::from(k), u32::from(k)),
                None => (1, u32::from(super::MAX_CLUE)),
            };
            let sum_lo: u32 = inc.iter().map(|&e| u32::from(b[e].0)).sum();
            let sum_hi: u32 = inc.iter().map(|&e| u32::from(b[e].1)).sum();
            if sum_lo > need_hi || sum_hi < need_lo {
                return None;
            }
            for &e in inc {
                let (lo, hi) = (u32::from(b[e].0), u32::from(b[e].1));
                let new_lo = lo.max(need_lo.saturating_sub(sum_hi - hi));
                let new_hi = hi.min(need_hi - (sum_lo - lo));
                if new_lo > new_hi {
                    return None;
                }
                if (new_lo, new_hi) != (lo, hi) {
                    // both at most 2 here: new_hi ≤ hi ≤ 2
                    b[e] = (new_lo as u8, new_hi as u8);
                    changed = true;
                }
            }
        }
        for e in 0..b.len() {
            if b[e].0 >= 1 {
                for &f in &crosses[e] {
                    if b[f].0 >= 1 {
                        return None;
                    }
                    if b[f].1 > 0 {
                        b[f].1 = 0;
                        changed = true;
                    }
                }
            }
        }
    }
    Some(b)
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
