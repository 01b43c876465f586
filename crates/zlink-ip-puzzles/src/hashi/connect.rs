//! Connectivity of a bridge selection, for the lazy separator and the counting loop.

use super::graph::BridgeGraph;

/// The connected components (lists of island indices) of the islands joined by the candidates
/// with `built[e]` true. Components are listed by their smallest island.
pub fn components(g: &BridgeGraph, islands: usize, built: &[bool]) -> Vec<Vec<usize>> {
    let mut comp = vec![usize::MAX; islands];
    let mut out = Vec::new();
    for s in 0..islands {
        if comp[s] != usize::MAX {
            continue;
        }
        let id = out.len();
        comp[s] = id;
        let mut members = vec![s];
        let mut i = 0;
        while i < members.len() {
            let v = members[i];
            i += 1;
            for &e in &g.incident[v] {
                let w = g.other(e, v);
                if built[e] && comp[w] == usize::MAX {
                    comp[w] = id;
                    members.push(w);
                }
            }
        }
        out.push(members);
    }
    out
}

/// The candidates with exactly one end in `set` (the cut `δ(S)`).
pub fn boundary(g: &BridgeGraph, islands: usize, set: &[usize]) -> Vec<usize> {
    let mut inside = vec![false; islands];
    for &v in set {
        inside[v] = true;
    }
    let mut out: Vec<usize> = set
        .iter()
        .flat_map(|&v| g.incident[v].iter().copied())
        .filter(|&e| inside[g.candidates[e].a] != inside[g.candidates[e].b])
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}
