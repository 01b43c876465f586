//! Setting a Numberlink engine up: the terminals' numbers, the deduction problem and what it
//! decides (with the stricter rules the completion tries first), the narrowest of the
//! candidate edge orders over what is left, and the at-most groups left in the state.
//!
//! Why a module: these are the steps of the engine's `assemble`, each with its own reason,
//! kept apart from counting and building.

use zlink_frontier::specs::SpecError;
use zlink_frontier::{FrontierPlan, Graph, Level, Vertex};

use super::{Deduction, Error, Group};
use crate::deduce;

/// The engine's order of the edges of the `rows × cols` cell grid (vertex `r * cols + c`):
/// cells line by line across the short side (row-major when `cols <= rows`, else
/// column-major), each cell's edge along the line before its edge to the next line.
pub fn sweep_order(rows: usize, cols: usize) -> Vec<(Vertex, Vertex)> {
    sweep_order_by(rows, cols, cols <= rows)
}

/// As [`sweep_order`], with the lines chosen: row-major when `by_rows`, else column-major.
pub fn sweep_order_by(rows: usize, cols: usize, by_rows: bool) -> Vec<(Vertex, Vertex)> {
    let id = |r: usize, c: usize| (r * cols + c) as Vertex;
    let mut out = Vec::with_capacity(2 * rows * cols);
    if by_rows {
        for r in 0..rows {
            for c in 0..cols {
                if c + 1 < cols {
                    out.push((id(r, c), id(r, c + 1)));
                }
                if r + 1 < rows {
                    out.push((id(r, c), id(r + 1, c)));
                }
            }
        }
    } else {
        for c in 0..cols {
            for r in 0..rows {
                if r + 1 < rows {
                    out.push((id(r, c), id(r + 1, c)));
                }
                if c + 1 < cols {
                    out.push((id(r, c), id(r, c + 1)));
                }
            }
        }
    }
    out
}

/// The four edges (as indices into `edges`) of every 2×2 block of the `rows × cols` grid,
/// each with bound 2: the no-U-bend groups.
pub(super) fn u_bend_groups(
    rows: usize,
    cols: usize,
    edges: &[(Vertex, Vertex)],
) -> Vec<(Vec<usize>, u32)> {
    let mut index = std::collections::HashMap::with_capacity(edges.len());
    for (i, &(u, v)) in edges.iter().enumerate() {
        index.insert((u.min(v), u.max(v)), i);
    }
    let id = |r: usize, c: usize| (r * cols + c) as Vertex;
    let mut out = Vec::new();
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols.saturating_sub(1) {
            let (a, b, x, y) = (id(r, c), id(r, c + 1), id(r + 1, c), id(r + 1, c + 1));
            let es = [(a, b), (a, x), (b, y), (x, y)].map(|e| index[&e]);
            out.push((es.to_vec(), 2));
        }
    }
    out
}

/// Per vertex of `0..n`: its pair's number plus one for a terminal, else 0.
///
/// # Errors
/// [`Error::Spec`] for a terminal out of range or used twice.
pub(super) fn terminal_numbers(n: usize, pairs: &[(Vertex, Vertex)]) -> Result<Vec<u32>, Error> {
    let mut number = vec![0u32; n];
    for (k, &(s, t)) in pairs.iter().enumerate() {
        for x in [s, t] {
            match number.get_mut(x as usize) {
                None => return Err(SpecError::VertexOutOfRange { vertex: x, n }.into()),
                Some(slot) if *slot != 0 || s == t => {
                    return Err(
                        SpecError::BadArgument(format!("vertex {x} is a terminal twice")).into(),
                    )
                }
                Some(slot) => *slot = k as u32 + 1,
            }
        }
    }
    Ok(number)
}

/// Groups as the deduction takes them: at most `bound` of the edges on.
fn bounded(gs: &[Group]) -> Vec<(Vec<u32>, u32, u32)> {
    gs.iter()
        .map(|(es, b)| (es.iter().map(|&e| e as u32).collect(), 0, *b))
        .collect()
}

/// The deduction problem of paths between the `number`ed terminals over `edges`, under
/// `cover` and the at-most `groups`.
pub(super) fn problem(
    edges: &[(Vertex, Vertex)],
    number: &[u32],
    cover: bool,
    groups: &[Group],
    (deduce, deadline): (Deduction, Option<std::time::Instant>),
) -> deduce::Problem {
    // a terminal has one line edge, another vertex none or two (two under `cover`)
    let degrees: Vec<u8> = number
        .iter()
        .map(|&t| match (t != 0, cover) {
            (true, _) => 0b10,
            (false, true) => 0b100,
            (false, false) => 0b101,
        })
        .collect();
    deduce::Problem {
        n: number.len(),
        edges: edges.to_vec(),
        degrees,
        labels: number.to_vec(),
        groups: bounded(groups),
        shape: deduce::Shape::Paths,
        probe: true,
        branch: 0,
        faces: (0, Vec::new()),
        label_domains: deduce == Deduction::Labels,
        deadline,
        corners: false,
        stricter: None,
    }
}

/// What deduction decides on `problem`, and the problem the SAT completion takes up later
/// (at the [`Deduction::Sat`] level): the completion converges only when every vertex is on
/// a line (`deduce::complete`), so under looser rules than Janko's it first tries the puzzle
/// under Janko's (every cell covered, no U-bends: `strict` holds the U-bend groups the rules
/// lack), whose solutions are solutions too.
///
/// # Errors
/// [`deduce::Contradiction`]: no solution.
pub(super) fn deduced(
    mut problem: deduce::Problem,
    number: &[u32],
    cover: bool,
    strict: &[Group],
    deduce: Deduction,
) -> Result<(Vec<Option<bool>>, Option<deduce::Problem>), deduce::Contradiction> {
    let fixed = deduce::deduce(&problem)?;
    if deduce != Deduction::Sat || (!cover && strict.is_empty()) {
        return Ok((fixed, None));
    }
    if !strict.is_empty() || !cover {
        let mut tight = problem.clone();
        tight.degrees = number
            .iter()
            .map(|&t| if t != 0 { 0b10 } else { 0b100 })
            .collect();
        tight.groups.extend(bounded(strict));
        tight.probe = false;
        problem.stricter = Some(Box::new(tight));
    }
    Ok((fixed, Some(problem)))
}

/// Of the candidate `orders` (permutations of `edges`), the one whose frontier over the edges
/// not `fixed` off is the narrowest (ties: the first). Off edges leave the graph.
pub(super) fn narrowest<'a>(
    n: usize,
    edges: &[(Vertex, Vertex)],
    fixed: &[Option<bool>],
    orders: &'a [Vec<usize>],
) -> &'a [usize] {
    let mut best: Option<(usize, &Vec<usize>)> = None;
    for order in orders {
        let kept: Vec<_> = order
            .iter()
            .filter(|&&i| fixed[i] != Some(false))
            .map(|&i| edges[i])
            .collect();
        let width = Graph::new(n, &kept)
            .ok()
            .and_then(|g| FrontierPlan::new(&g).ok())
            .map_or(usize::MAX, |p| p.width());
        if best.is_none_or(|(w, _)| width < w) {
            best = Some((width, order));
        }
    }
    best.map(|(_, o)| o.as_slice()).unwrap_or_default()
}

/// The at-most groups left in the state: a group counts its undecided edges (their levels,
/// `level_of`) against what its fixed-on edges leave of its bound; a group with none
/// undecided is met (deduction checked it) and leaves the state.
pub(super) fn open_groups(
    groups: &[Group],
    fixed: &[Option<bool>],
    level_of: &[Option<Level>],
) -> Vec<(Vec<Level>, u32)> {
    groups
        .iter()
        .filter_map(|(es, b)| {
            let on = es.iter().filter(|&&e| fixed[e] == Some(true)).count() as u32;
            let open: Vec<Level> = es
                .iter()
                .filter(|&&e| fixed[e].is_none())
                .filter_map(|&e| level_of[e])
                .collect();
            (!open.is_empty()).then(|| (open, b.saturating_sub(on)))
        })
        .collect()
}
