//! Edge orders for connected-degree problems on graphs of points in the plane joined by long,
//! possibly crossing edges.
//!
//! Why: a state has `2w + f` fields (frontier width `w`, live crossing flags `f`), and the
//! number of states grows with both; such a graph's frontier depends on how its long vertical
//! edges interleave with the sweep. The candidates here are cheap (`O(m log m)` each), so
//! [`best_order`] scores them all by `(2w + f, Σ frontier widths)` and keeps the smallest.
//! That score is only a proxy: on 100-400-vertex instances with many crossings (tools/README)
//! [`ConnectedOrder::RowMajor`] has 2-8 more fields than [`ConnectedOrder::LaterEnd`] or
//! [`ConnectedOrder::Midpoint`] yet 10-500 times fewer states, so a caller that knows its
//! graph has that structure picks an order itself ([`ConnectedOrder::perm`], or the vertex
//! orders of [`super::layout`]); [`best_order`] serves graphs without it (unit grids).

use crate::graph::Graph;
use crate::order::{frontier_widths, EdgeOrder};
use crate::specs::connected::ConnectedProblem;
use crate::specs::SpecError;

/// A candidate edge order for a [`ConnectedProblem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectedOrder {
    /// The edges as given.
    AsGiven,
    /// Lexicographic on `(smaller vertex, larger vertex)`: row-major on vertices numbered
    /// row-major.
    RowMajor,
    /// Lexicographic on `(larger vertex, smaller vertex)`: each edge decided when the sweep
    /// reaches its later endpoint.
    LaterEnd,
    /// The edge's midpoint, row-major (needs coordinates).
    Midpoint,
    /// The frontier-minimising greedy of [`EdgeOrder::Frontier`].
    Frontier,
}

impl ConnectedOrder {
    /// Every candidate.
    pub const ALL: [ConnectedOrder; 5] = [
        ConnectedOrder::AsGiven,
        ConnectedOrder::RowMajor,
        ConnectedOrder::LaterEnd,
        ConnectedOrder::Midpoint,
        ConnectedOrder::Frontier,
    ];

    /// The permutation (new edge `i` = old edge `perm[i]`), or `None` for
    /// [`ConnectedOrder::Midpoint`] without coordinates. `coords[v] = (row, col)`.
    pub fn perm(self, p: &ConnectedProblem, coords: Option<&[(u32, u32)]>) -> Option<Vec<usize>> {
        let m = p.edges.len();
        let mut perm: Vec<usize> = (0..m).collect();
        let norm = |i: usize| {
            let (a, b) = p.edges[i];
            (a.min(b), a.max(b))
        };
        match self {
            ConnectedOrder::AsGiven => {}
            ConnectedOrder::RowMajor => perm.sort_by_key(|&i| norm(i)),
            ConnectedOrder::LaterEnd => perm.sort_by_key(|&i| {
                let (a, b) = norm(i);
                (b, a)
            }),
            ConnectedOrder::Midpoint => {
                let c = coords?;
                perm.sort_by_key(|&i| {
                    let (a, b) = p.edges[i];
                    let (pa, pb) = (c[a as usize], c[b as usize]);
                    (pa.0 + pb.0, pa.1 + pb.1, norm(i))
                });
            }
            ConnectedOrder::Frontier => {
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
/// problem. Ties go to the earlier candidate of [`ConnectedOrder::ALL`].
///
/// # Errors
/// As [`ConnectedProblem::state_width`] (a malformed problem).
pub fn best_order(
    p: &ConnectedProblem,
    coords: Option<&[(u32, u32)]>,
) -> Result<(ConnectedOrder, Vec<usize>, ConnectedProblem), SpecError> {
    type Scored = ((usize, usize), ConnectedOrder, Vec<usize>, ConnectedProblem);
    let mut best: Option<Scored> = None;
    for o in ConnectedOrder::ALL {
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
                ConnectedOrder::AsGiven,
                (0..p.edges.len()).collect(),
                p.clone(),
            ))
        }
    }
}
