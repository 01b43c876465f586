//! Puzzle-facing entry points over [`ConnectedProblem`]: Hashiwokakero and the circuit board.
//!
//! Why: the puzzle layer should not need to know about variable encodings, edge orders or
//! state representations. These helpers take the puzzle's own numbering (islands, candidate
//! bridges, crossing pairs; grid points), pick the best edge order ([`best_order`]) and the
//! state type ([`count_auto`], [`build_auto`]), and answer in the caller's numbering.

use num_bigint::BigUint;
use zlink_zdd::Zdd;

use crate::count::Counted;
use crate::graph::Vertex;
use crate::options::Options;
use crate::specs::connected::order::{best_order, BridgeOrder};
use crate::specs::connected::{
    build_auto, count_auto, members_of, ConnectedError, ConnectedProblem, StateKind,
};
use crate::specs::SpecError;

/// A grid point `(row, col)`.
pub type Point = (usize, usize);

/// An edge between two grid points.
pub type PointEdge = (Point, Point);

/// A Hashiwokakero instance in the puzzle layer's numbering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashiInput<'a> {
    /// Number of islands.
    pub num_islands: usize,
    /// Candidate bridges `(a, b)` between islands (each may carry 0, 1 or 2 bridges).
    pub bridges: &'a [(usize, usize)],
    /// Each island's clue (its number of bridge ends, 1..=8).
    pub degrees: &'a [u8],
    /// Pairs of candidate indices that cross (may not both be used).
    pub crossings: &'a [(usize, usize)],
    /// Optional island coordinates `(row, col)`: enables the midpoint order candidate.
    pub coords: Option<&'a [(u32, u32)]>,
}

/// The edge order of the Hashi helpers: [`BridgeOrder::RowMajor`] (islands numbered
/// row-major, as the puzzle layer does). Measured on CLLV instances it has *more* state fields
/// than [`BridgeOrder::LaterEnd`] or [`BridgeOrder::Midpoint`] but far fewer states (e.g.
/// 102 against 51 940 states per level on `Hs_16_100_25_00_006`): deciding an island's right
/// and down bridges right after its left and up ones saturates it at once.
///
/// Measured with the `hashi_count` example (2 threads, budget 2 M held states): all 360
/// CLLV 100-island instances but 2 count, median 0.026 s, max 30 s, median 2 102 states per
/// level; the counts are not unique (`Hs_16_100_25_00_001`: 64, as the IP enumeration found).
/// Larger sizes mostly exceed the budget (200: 17 of 30 sampled count, median 0.4 s; 300: 4
/// of 10; 400: 2 of 10, 7 s) without the puzzle layer's help: `zlink-engines`' Hashi engine
/// first narrows every candidate by its forced-bridge propagation and races this order on
/// four island numberings (rows, columns, both reversed), which differ by factors of 10-300
/// in states on the hardest instances (figures in tools/README.md, issue 17).
pub const HASHI_ORDER: BridgeOrder = BridgeOrder::RowMajor;

/// What a Hashi count found, with the figures of the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashiCount {
    /// Number of solutions.
    pub count: BigUint,
    /// The edge order used.
    pub order: BridgeOrder,
    /// Frontier width `w` and most live crossing flags `f` of that order.
    pub width: (usize, usize),
    /// The state representation used.
    pub kind: StateKind,
    /// Largest number of states at one level, and states summed over levels.
    pub max_level_states: usize,
    /// Distinct states summed over all levels.
    pub total_states: u64,
}

impl HashiInput<'_> {
    /// The problem in the input's own edge order.
    ///
    /// # Errors
    /// [`SpecError::BadArgument`] for out-of-range islands, lengths or clues above 31.
    pub fn problem(&self) -> Result<ConnectedProblem, SpecError> {
        if self.degrees.len() != self.num_islands {
            return Err(SpecError::BadArgument(format!(
                "{} clues for {} islands",
                self.degrees.len(),
                self.num_islands
            )));
        }
        if let Some(&d) = self.degrees.iter().find(|&&d| d > 31) {
            return Err(SpecError::BadArgument(format!("clue {d} is above 31")));
        }
        if let Some(&(a, b)) = self
            .bridges
            .iter()
            .find(|&&(a, b)| a >= self.num_islands || b >= self.num_islands)
        {
            return Err(SpecError::BadArgument(format!(
                "bridge ({a}, {b}) names a missing island"
            )));
        }
        let m = self.bridges.len();
        Ok(ConnectedProblem {
            n: self.num_islands,
            edges: self
                .bridges
                .iter()
                .map(|&(a, b)| (a as Vertex, b as Vertex))
                .collect(),
            min: vec![0; m],
            max: vec![2; m],
            allowed: self.degrees.iter().map(|&d| 1u32 << d).collect(),
            crossings: self.crossings.to_vec(),
            acyclic: false,
            window: 0,
        })
    }

    /// Counts the solutions (count-only DP, [`HASHI_ORDER`], automatic state type).
    ///
    /// # Errors
    /// [`ConnectedError`] for a malformed instance or an exhausted budget.
    pub fn count(&self, opts: &Options<'_>) -> Result<HashiCount, ConnectedError> {
        self.count_in(HASHI_ORDER, opts)
    }

    /// Counts the solutions in the given edge order ([`BridgeOrder::Midpoint`] without
    /// coordinates falls back to the input order).
    ///
    /// # Errors
    /// [`ConnectedError`] for a malformed instance or an exhausted budget.
    pub fn count_in(
        &self,
        order: BridgeOrder,
        opts: &Options<'_>,
    ) -> Result<HashiCount, ConnectedError> {
        let p = self.problem()?;
        let perm = order
            .perm(&p, self.coords)
            .unwrap_or_else(|| (0..p.edges.len()).collect());
        let q = p.permuted(&perm);
        let width = q.state_width()?;
        let (
            Counted {
                count,
                max_level_states,
                total_states,
            },
            kind,
        ) = count_auto(&q, opts)?;
        Ok(HashiCount {
            count,
            order,
            width,
            kind,
            max_level_states,
            total_states,
        })
    }

    /// Up to `limit` solutions as bridge counts per candidate (in the input's numbering), and
    /// the total number of solutions, from a built ZDD.
    ///
    /// # Errors
    /// [`ConnectedError`] for a malformed instance or an exhausted budget.
    pub fn solutions(
        &self,
        limit: usize,
        opts: &Options<'_>,
    ) -> Result<(BigUint, Vec<Vec<u8>>), ConnectedError> {
        let p = self.problem()?;
        let perm = HASHI_ORDER
            .perm(&p, self.coords)
            .unwrap_or_else(|| (0..p.edges.len()).collect());
        solutions_of(&p.permuted(&perm), &perm, limit, opts)
    }
}

/// Builds `q` (a permuted problem) and maps up to `limit` members back through `perm`.
fn solutions_of(
    q: &ConnectedProblem,
    perm: &[usize],
    limit: usize,
    opts: &Options<'_>,
) -> Result<(BigUint, Vec<Vec<u8>>), ConnectedError> {
    let mut zdd = Zdd::new(q.num_vars() as u32);
    let (root, _) = build_auto(q, &mut zdd, opts)?;
    let total = zdd.count(root);
    let mut out = Vec::new();
    for x in members_of(q, &zdd, root).into_iter().take(limit) {
        let mut y = vec![0u8; x.len()];
        for (i, &k) in x.iter().enumerate() {
            y[perm[i]] = k;
        }
        out.push(y);
    }
    Ok((total, out))
}

/// Number of Hashiwokakero solutions: islands `0..num_islands`, candidate `bridges`, clues
/// `degrees`, crossing candidate pairs `crossings`.
///
/// # Errors
/// [`ConnectedError`] for a malformed instance.
pub fn hashi_count(
    num_islands: usize,
    bridges: &[(usize, usize)],
    degrees: &[u8],
    crossings: &[(usize, usize)],
) -> Result<BigUint, ConnectedError> {
    let input = HashiInput {
        num_islands,
        bridges,
        degrees,
        crossings,
        coords: None,
    };
    Ok(input.count(&Options::default())?.count)
}

/// Up to `limit` Hashiwokakero solutions (bridges per candidate, 0..=2) and the total count.
///
/// # Errors
/// [`ConnectedError`] for a malformed instance.
pub fn hashi_solutions(
    num_islands: usize,
    bridges: &[(usize, usize)],
    degrees: &[u8],
    crossings: &[(usize, usize)],
    limit: usize,
) -> Result<(BigUint, Vec<Vec<u8>>), ConnectedError> {
    let input = HashiInput {
        num_islands,
        bridges,
        degrees,
        crossings,
        coords: None,
    };
    input.solutions(limit, &Options::default())
}

/// The circuit board: the points of a `rows × cols` grid minus `blocked` points, joined by
/// unit edges between orthogonal neighbours into a spanning tree in which every point has
/// degree 1 or 3, containing every `given` edge. Returns the problem (point `(r, c)` is
/// vertex `r * cols + c`; blocked points are isolated vertices allowed degree 0) and its
/// edge list as point pairs.
///
/// # Errors
/// [`SpecError::BadArgument`] for a point outside the grid or a given edge that is not an
/// edge between two open neighbours.
pub fn circuit_board_problem(
    rows: usize,
    cols: usize,
    blocked: &[(usize, usize)],
    given: &[PointEdge],
) -> Result<(ConnectedProblem, Vec<PointEdge>), SpecError> {
    let id = |(r, c): (usize, usize)| r * cols + c;
    let mut open = vec![true; rows * cols];
    for &(r, c) in blocked {
        if r >= rows || c >= cols {
            return Err(SpecError::BadArgument(format!(
                "blocked point ({r}, {c}) is outside the {rows}×{cols} grid"
            )));
        }
        open[id((r, c))] = false;
    }
    let mut edges = Vec::new();
    let mut pairs = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if !open[id((r, c))] {
                continue;
            }
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 < rows && c2 < cols && open[id((r2, c2))] {
                    edges.push((id((r, c)) as Vertex, id((r2, c2)) as Vertex));
                    pairs.push(((r, c), (r2, c2)));
                }
            }
        }
    }
    let mut min = vec![0u8; edges.len()];
    for &(a, b) in given {
        let (a, b) = (a.min(b), a.max(b));
        let Some(i) = pairs.iter().position(|&p| p == (a, b)) else {
            return Err(SpecError::BadArgument(format!(
                "given edge {a:?}-{b:?} is not an edge between open neighbouring points"
            )));
        };
        min[i] = 1;
    }
    let allowed = open.iter().map(|&o| if o { 0b1010 } else { 1 }).collect();
    let m = edges.len();
    Ok((
        ConnectedProblem {
            n: rows * cols,
            edges,
            min,
            max: vec![1; m],
            allowed,
            crossings: Vec::new(),
            acyclic: true,
            window: 0,
        },
        pairs,
    ))
}

/// Number of circuit-board solutions (see [`circuit_board_problem`]).
///
/// # Errors
/// As [`circuit_board_problem`], or an exhausted budget.
pub fn circuit_board_count(
    rows: usize,
    cols: usize,
    blocked: &[(usize, usize)],
    given: &[PointEdge],
) -> Result<BigUint, ConnectedError> {
    let (p, _) = circuit_board_problem(rows, cols, blocked, given)?;
    let (_, _, q) = best_order(&p, None)?;
    Ok(count_auto(&q, &Options::default())?.0.count)
}

/// Up to `limit` circuit-board solutions as edge lists (point pairs), and the total count.
///
/// # Errors
/// As [`circuit_board_count`].
pub fn circuit_board_solutions(
    rows: usize,
    cols: usize,
    blocked: &[(usize, usize)],
    given: &[PointEdge],
    limit: usize,
) -> Result<(BigUint, Vec<Vec<PointEdge>>), ConnectedError> {
    let (p, pairs) = circuit_board_problem(rows, cols, blocked, given)?;
    let (_, perm, q) = best_order(&p, None)?;
    let (total, sols) = solutions_of(&q, &perm, limit, &Options::default())?;
    let lists = sols
        .into_iter()
        .map(|x| {
            x.iter()
                .enumerate()
                .filter(|&(_, &k)| k > 0)
                .map(|(i, _)| pairs[i])
                .collect()
        })
        .collect();
    Ok((total, lists))
}
