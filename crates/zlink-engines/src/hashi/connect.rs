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

/// Connected island sets of at most `max_size` islands (and fewer than all) that could form a
/// closed network on their own: some assignment of 0–2 bridges to their internal candidates,
/// without crossings, meets every number in the set and connects it. Each such `S` needs the
/// cut `Σ_{e ∈ δ(S)} x_{e,1} ≥ 1` in any solution; adding these up front saves the lazy loop
/// the rounds that would discover them one by one (sets that cannot close need no cut).
///
/// Complexity: the number of connected sets of size ≤ `max_size` (at most `n · 4^(max_size−1)`
/// in a graph of degree ≤ 4) times `3^(internal candidates)`.
pub fn closable_sets(h: &super::Hashi, g: &BridgeGraph, max_size: usize) -> Vec<Vec<usize>> {
    let n = h.islands().len();
    let mut seen = std::collections::HashSet::new();
    let mut frontier: Vec<Vec<usize>> = (0..n).map(|v| vec![v]).collect();
    let mut out = Vec::new();
    for size in 2..=max_size.min(n.saturating_sub(1)) {
        let mut next = Vec::new();
        for set in &frontier {
            for &v in set {
                for &e in &g.incident[v] {
                    let w = g.other(e, v);
                    if set.contains(&w) {
                        continue;
                    }
                    let mut s = set.clone();
                    s.push(w);
                    s.sort_unstable();
                    if seen.insert(s.clone()) {
                        next.push(s);
                    }
                }
            }
        }
        debug_assert!(next.iter().all(|s| s.len() == size));
        out.extend(next.iter().filter(|s| can_close(h, g, s)).cloned());
        frontier = next;
    }
    out
}

/// Whether the islands of `set` can be satisfied by bridges among themselves alone, connected
/// and without crossings (brute force over the internal candidates).
fn can_close(h: &super::Hashi, g: &BridgeGraph, set: &[usize]) -> bool {
    let inside = |v: usize| set.contains(&v);
    let internal: Vec<usize> = (0..g.candidates.len())
        .filter(|&e| inside(g.candidates[e].a) && inside(g.candidates[e].b))
        .collect();
    let crossing = |p: usize, q: usize| {
        g.crossings
            .iter()
            .any(|&(a, b)| (a, b) == (p, q) || (a, b) == (q, p))
    };
    let mut counts = vec![0u8; internal.len()];
    let total = 3usize.pow(internal.len() as u32);
    'assign: for code in 0..total {
        let mut k = code;
        for c in counts.iter_mut() {
            *c = (k % 3) as u8;
            k /= 3;
        }
        for &v in set {
            let deg: u32 = internal
                .iter()
                .zip(&counts)
                .filter(|(&e, _)| g.candidates[e].a == v || g.candidates[e].b == v)
                .map(|(_, &c)| u32::from(c))
                .sum();
            let ok = match h.islands()[v].clue {
                Some(l) => deg == u32::from(l),
                None => (1..=u32::from(super::MAX_CLUE)).contains(&deg),
            };
            if !ok {
                continue 'assign;
            }
        }
        let used: Vec<usize> = internal
            .iter()
            .zip(&counts)
            .filter(|(_, &c)| c > 0)
            .map(|(&e, _)| e)
            .collect();
        if used
            .iter()
            .enumerate()
            .any(|(i, &p)| used[i + 1..].iter().any(|&q| crossing(p, q)))
        {
            continue;
        }
        // connected within the set
        let mut reached = vec![set[0]];
        let mut i = 0;
        while i < reached.len() {
            let v = reached[i];
            i += 1;
            for &e in &used {
                let c = g.candidates[e];
                let w = if c.a == v {
                    c.b
                } else if c.b == v {
                    c.a
                } else {
                    continue;
                };
                if !reached.contains(&w) {
                    reached.push(w);
                }
            }
        }
        if reached.len() == set.len() {
            return true;
        }
    }
    false
}
