//! Brute-force oracle for the Numberlink generator: every placement of disjoint vertex pairs,
//! each solved by the plain path search of [`crate::numbered_paths::solutions`] (empty cells
//! allowed), kept when it has exactly one solution and that solution covers every vertex.
//!
//! Why: the generator decides goodness for all placements at once on a ZDD; this checks each
//! placement on its own, sharing nothing with it. Cost: the number of partial matchings of
//! the complete graph (140,152 for 12 vertices) times a path search; keep to about 12 vertices.

use crate::graph::SmallGraph;
use crate::numbered_paths::solutions;

/// Every good instance of `g` with at most `max_pairs` pairs (all if `None`): sorted lists of
/// pairs `(a, b)`, `a < b`, in sorted order.
pub fn good_instances(g: &SmallGraph, max_pairs: Option<usize>) -> Vec<Vec<(usize, usize)>> {
    let mut out = Vec::new();
    let mut taken = vec![false; g.n];
    let mut pairs = Vec::new();
    place(
        g,
        0,
        &mut taken,
        &mut pairs,
        max_pairs.unwrap_or(usize::MAX),
        &mut out,
    );
    out.sort();
    out
}

/// Whether the placement `pairs` is good on `g`.
pub fn is_good(g: &SmallGraph, pairs: &[(usize, usize)]) -> bool {
    let sols = solutions(g, pairs, false, &[]);
    if sols.len() != 1 {
        return false;
    }
    let mut covered = vec![false; g.n];
    for (i, &(u, v)) in g.edges.iter().enumerate() {
        if sols[0] >> i & 1 == 1 {
            covered[u] = true;
            covered[v] = true;
        }
    }
    covered.iter().all(|&c| c)
}

fn place(
    g: &SmallGraph,
    from: usize,
    taken: &mut [bool],
    pairs: &mut Vec<(usize, usize)>,
    max: usize,
    out: &mut Vec<Vec<(usize, usize)>>,
) {
    let Some(a) = (from..g.n).find(|&a| !taken[a]) else {
        if is_good(g, pairs) {
            out.push(pairs.clone());
        }
        return;
    };
    // `a` stays blank...
    taken[a] = true;
    place(g, a + 1, taken, pairs, max, out);
    // ...or pairs with a later free vertex.
    if pairs.len() < max {
        for b in a + 1..g.n {
            if !taken[b] {
                taken[b] = true;
                pairs.push((a, b));
                place(g, a + 1, taken, pairs, max, out);
                pairs.pop();
                taken[b] = false;
            }
        }
    }
    taken[a] = false;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_by_two_has_the_two_parallel_placements() {
        let g = SmallGraph::grid(2, 2);
        assert_eq!(
            good_instances(&g, None),
            vec![vec![(0, 1), (2, 3)], vec![(0, 2), (1, 3)]]
        );
        assert!(good_instances(&g, Some(1)).is_empty());
    }

    #[test]
    fn a_path_is_good_with_its_two_ends() {
        let g = SmallGraph::grid(1, 3);
        // ends (0,2); or (0,1),(... 2 alone) fails; all three cells need lines.
        assert_eq!(good_instances(&g, None), vec![vec![(0, 2)]]);
    }
}
