//! Edge orders for connected-degree problems on Hashi-like graphs (islands joined by long,
//! possibly crossing bridges).
//!
//! Why: a state has `2w + f` fields (frontier width `w`, live crossing flags `f`), and the
//! number of states grows with both; a bridge graph's frontier depends on how its long
//! vertical bridges interleave with the sweep. The candidates here are cheap (`O(m log m)`
//! each), so [`best_order`] scores them all by `(2w + f, Σ frontier widths)` and keeps the
//! smallest. That score is only a proxy: on the CLLV Hashi instances (the `hashi_count`
//! example, `--orders`) [`BridgeOrder::RowMajor`] has 2-8 more fields than
//! [`BridgeOrder::LaterEnd`] or [`BridgeOrder::Midpoint`] yet 10-500 times fewer states, so
//! the Hashi helpers use it directly (`puzzles::HASHI_ORDER`); [`best_order`] serves graphs
//! without that structure (the circuit board's grids).

use crate::graph::Graph;
use crate::order::{frontier_widths, EdgeOrder};
use crate::specs::connected::ConnectedProblem;
use crate::specs::SpecError;

/// A candidate edge order for a [`ConnectedProblem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BridgeOrder {
    /// The edges as given.
    AsGiven,
    /// Lexicographic on `(smaller vertex, larger vertex)`: row-major on islands numbered
    /// row-major.
    RowMajor,
    /// Lexicographic on `(larger vertex, smaller vertex)`: each edge decided when the sweep
    /// reaches its later endpoint.
    LaterEnd,
    /// The bridge's midpoint, row-major (needs coordinates).
    Midpoint,
    /// The frontier-minimising greedy of [`EdgeOrder::Frontier`].
    Frontier,
}

impl BridgeOrder {
    /// Every candidate.
    pub const ALL: [BridgeOrder; 5] = [
        BridgeOrder::AsGiven,
        BridgeOrder::RowMajor,
        BridgeOrder::LaterEnd,
        BridgeOrder::Midpoint,
        BridgeOrder::Frontier,
    ];

    /// The permutation (new edge `i` = old edge `perm[i]`), or `None` for
    /// [`BridgeOrder::Midpoint`] without coordinates. `coords[v] = (row, col)`.
    pub fn perm(self, p: &ConnectedProblem, coords: Option<&[(u32, u32)]>) -> Option<Vec<usize>> {
        let m = p.edges.len();
        let mut perm: Vec<usize> = (0..m).collect();
        let norm = |i: usize| {
            let (a, b) = p.edges[i];
            (a.min(b), a.max(b))
        };
        match self {
            BridgeOrder::AsGiven => {}
            BridgeOrder::RowMajor => perm.sort_by_key(|&i| norm(i)),
            BridgeOrder::LaterEnd => perm.sort_by_key(|&i| {
                let (a, b) = norm(i);
                (b, a)
            }),
            BridgeOrder::Midpoint => {
                let c = coords?;
                perm.sort_by_key(|&i| {
                    let (a, b) = p.edges[i];
                    let (pa, pb) = (c[a as usize], c[b as usize]);
                    (pa.0 + pb.0, pa.1 + pb.1, norm(i))
                });
            }
            BridgeOrder::Frontier => {
                let g = Graph::new(p.n, &p.edges).ok()?;
                perm = EdgeOrder::Frontier.apply(&g).1;
            }
        }
        Some(perm)
    }
}

/// The score of an order: `(2w + f, Σ frontier widths)`, smaller is better.
///
/// # Errors
/// As [`ConnectedProblem::state_width`].
pub fn score(p: &ConnectedProblem) -> Result<(usize, usize), SpecError> {
    let (w, f) = p.state_width()?;
    let g = Graph::new(p.n, &p.edges).map_err(|e| SpecError::BadArgument(e.to_string()))?;
    Ok((2 * w + f, frontier_widths(&g).iter().sum()))
}

/// The best candidate order of `p` by [`score`]: the order, its permutation and the reordered
/// problem. Ties go to the earlier candidate of [`BridgeOrder::ALL`].
///
/// # Errors
/// As [`ConnectedProblem::state_width`] (a malformed problem).
pub fn best_order(
    p: &ConnectedProblem,
    coords: Option<&[(u32, u32)]>,
) -> Result<(BridgeOrder, Vec<usize>, ConnectedProblem), SpecError> {
    type Scored = ((usize, usize), BridgeOrder, Vec<usize>, ConnectedProblem);
    let mut best: Option<Scored> = None;
    for o in BridgeOrder::ALL {
        let Some(perm) = o.perm(p, coords) else {
            continue;
        };
        let q = p.permuted(&perm);
        let s = score(&q)?;
        if best.as_ref().is_none_or(|b| s < b.0) {
            best = Some((s, o, perm, q));
        }
    }
    match best {
        Some((_, o, perm, q)) => Ok((o, perm, q)),
        None => {
            score(p)?; // reports the problem's own error
            Ok((
                BridgeOrder::AsGiven,
                (0..p.edges.len()).collect(),
                p.clone(),
            ))
        }
    }
}
