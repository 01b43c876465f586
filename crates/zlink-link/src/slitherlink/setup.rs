//! Setting a Slitherlink engine up: the deduction problem of a clue grid, what it decides,
//! the sweep (row by row or column by column) that leaves the smaller frontier over what is
//! left open, and the clue groups left in the state.
//!
//! Why a module: these are the steps of [`super::SlitherZdd::with_deduction_until`], each a
//! decision with its own measured reason (the open profile below), kept apart from the engine's
//! counting and building.

use zlink_frontier::{FrontierPlan, Graph, Level, Vertex};
use zlink_puzzle::{Coord, Grid};

use super::{sweep_order_by, Deduction, LoopEdge, BRANCH_DEPTH};
use crate::deduce;

/// A clue cell: its four sides (indices into the dot edges) and its number.
pub(super) type Cell = ([u32; 4], u8);

/// The clue cells of `clues`, each with its sides as indices into `by_index` (the dot edges).
pub(super) fn clue_cells(clues: &Grid<Option<u8>>, by_index: &[LoopEdge]) -> Vec<Cell> {
    let (rows, cols) = (clues.rows(), clues.cols());
    let mut h_index = Grid::new(rows + 1, cols, 0u32);
    let mut v_index = Grid::new(rows, cols + 1, 0u32);
    for (i, e) in by_index.iter().enumerate() {
        match *e {
            LoopEdge::H(c) => h_index[c] = i as u32,
            LoopEdge::V(c) => v_index[c] = i as u32,
        }
    }
    let index = |e: LoopEdge| match e {
        LoopEdge::H(c) => h_index[c],
        LoopEdge::V(c) => v_index[c],
    };
    clues
        .iter()
        .filter_map(|(at, clue)| clue.map(|h| (LoopEdge::sides_of(at).map(index), h)))
        .collect()
}

/// The deduction problem of the clue `cells` on the `dims = (rows, cols)` grid whose dot graph
/// is `full` (edges in [`super::dot_edges`] order, `by_index`): degrees 0 or 2, each clue an
/// exact group, one loop, each segment's two faces (the cells beside it; `rows * cols` is the
/// outside).
pub(super) fn problem(
    (rows, cols): (usize, usize),
    by_index: &[LoopEdge],
    full: &Graph,
    cells: &[Cell],
    deduction: Deduction,
    deadline: Option<std::time::Instant>,
) -> deduce::Problem {
    let groups: Vec<(Vec<u32>, u32, u32)> = cells
        .iter()
        .map(|(sides, h)| (sides.to_vec(), u32::from(*h), u32::from(*h)))
        .collect();
    let outside = (rows * cols) as u32;
    let cell = |r: usize, c: usize, inside: bool| match inside {
        true => (r * cols + c) as u32,
        false => outside,
    };
    let faces: Vec<(u32, u32)> = by_index
        .iter()
        .map(|e| match *e {
            LoopEdge::H(Coord { row: r, col: c }) => {
                (cell(r.wrapping_sub(1), c, r > 0), cell(r, c, r < rows))
            }
            LoopEdge::V(Coord { row: r, col: c }) => {
                (cell(r, c.wrapping_sub(1), c > 0), cell(r, c, c < cols))
            }
        })
        .collect();
    let sat = deduction == Deduction::Sat;
    deduce::Problem {
        n: full.num_vertices(),
        edges: full.edges().to_vec(),
        degrees: vec![0b101; full.num_vertices()],
        labels: Vec::new(),
        groups,
        shape: deduce::Shape::Loop,
        probe: matches!(deduction, Deduction::Probe | Deduction::Sat),
        // at the SAT level the branching follows the completion, if it gives up
        branch: if sat { 0 } else { BRANCH_DEPTH },
        faces: (outside as usize + 1, faces),
        label_domains: false,
        deadline,
        corners: false,
        stricter: None,
    }
}

/// What deduction decides on `problem`: each segment's value, whether the clues contradict
/// (then every segment is off), and the problem the SAT completion takes up later (at the
/// [`Deduction::Sat`] level, with the branching it falls back on).
pub(super) fn deduced(
    mut problem: deduce::Problem,
    deduction: Deduction,
) -> (Vec<Option<bool>>, bool, Option<deduce::Problem>) {
    let (fixed, contradiction) = match deduce::deduce(&problem) {
        Ok(f) => (f, false),
        Err(deduce::Contradiction) => (vec![Some(false); problem.edges.len()], true),
    };
    let completion = (deduction == Deduction::Sat).then(|| {
        problem.branch = BRANCH_DEPTH;
        problem
    });
    (fixed, contradiction, completion)
}

/// The levels: the segments not fixed off, in sweep order, row by row or column by column,
/// whichever leaves the narrower frontier; on a tie (every square grid), the smaller open
/// profile ([`open_profile`]), then across the short side. The undecided region, not the
/// grid, sets the width.
pub(super) fn sweep(
    rows: usize,
    cols: usize,
    full: &Graph,
    fixed: &[Option<bool>],
    cells: &[Cell],
    deduction: Deduction,
) -> Vec<usize> {
    let by_rows_first = cols <= rows;
    let open = fixed.iter().any(Option::is_none);
    let mut best: Option<((usize, f64), Vec<usize>)> = None;
    for by_rows in [by_rows_first, !by_rows_first] {
        let order: Vec<usize> = sweep_order_by(rows, cols, by_rows)
            .into_iter()
            .filter(|&i| fixed[i] != Some(false))
            .collect();
        let kept: Vec<_> = order.iter().map(|&i| full.edges()[i]).collect();
        let width = Graph::new(full.num_vertices(), &kept)
            .ok()
            .and_then(|g| FrontierPlan::new(&g).ok())
            .map_or(usize::MAX, |p| p.width());
        let cost = (width, open_profile(full, &order, fixed, cells));
        if best.as_ref().is_none_or(|(c, _)| cost < *c) {
            best = Some((cost, order));
        }
        if deduction == Deduction::Off || !open {
            break;
        }
    }
    best.map(|(_, o)| o).unwrap_or_default()
}

/// The clue groups left in the state: per clue cell with an undecided side (every clue cell
/// when deduction is off), its undecided sides' levels (`level` of a dot-edge index) and the
/// clue minus its sides fixed on.
pub(super) fn open_groups(
    cells: &[Cell],
    fixed: &[Option<bool>],
    deduction: Deduction,
    level: impl Fn(usize) -> Level,
) -> Vec<(Vec<Level>, u32)> {
    let mut groups = Vec::new();
    for (sides, h) in cells {
        let mut open = Vec::new();
        let mut target = u32::from(*h);
        for &i in sides {
            match fixed[i as usize] {
                None => open.push(level(i as usize)),
                Some(true) => target -= 1,
                Some(false) => {}
            }
        }
        if !open.is_empty() || deduction == Deduction::Off {
            groups.push((open, target));
        }
    }
    groups
}

/// The open profile of an edge order (`order[l]` = the dot-graph edge of level `l`, with
/// `fixed` and the clue `cells` indexed by those edges): the sum over its levels of `2^k`,
/// where `k` counts what the state must remember there: the frontier dots that still have an
/// undecided edge to come (a dot whose remaining edges are all fixed adds no choice), and the
/// clue cells with an undecided side behind and one ahead.
///
/// Why: on a square grid both sweeps are equally wide, and the first choice (row by row) cost
/// up to 7× the states of the other on the Janko puzzles deduction leaves open. Over 72 of the
/// 75 (2026-11-26; the other three are much narrower one way), breaking width ties by this
/// profile took 304 K states in all where the row sweep took 611 K and the better sweep of
/// each puzzle 290 K (`59_9x9` 220 K → 30 K, `109_10x10` 65 K → 18 K, `932_14x14` 49 K → 8 K,
/// `110_10x10` 17 K → 11 K, `864_10x10` 13 K → 5 K); counting the dots alone took 362 K
/// and kept `109_10x10` by rows.
///
/// Time: `O(levels + dots + cells)`.
pub(super) fn open_profile(
    full: &Graph,
    order: &[usize],
    fixed: &[Option<bool>],
    cells: &[Cell],
) -> f64 {
    let mut level_of = vec![usize::MAX; fixed.len()];
    for (l, &i) in order.iter().enumerate() {
        level_of[i] = l;
    }
    // +1 where something starts being remembered, -1 after its last level
    let mut diff = vec![0i32; order.len() + 1];
    let dots = full.num_vertices();
    let (mut first, mut last) = (vec![usize::MAX; dots], vec![usize::MAX; dots]);
    for (l, &i) in order.iter().enumerate() {
        let (u, v) = full.edges()[i];
        for x in [u as usize, v as usize] {
            if first[x] == usize::MAX {
                first[x] = l;
            }
            if fixed[i].is_none() {
                last[x] = l;
            }
        }
    }
    for (&a, &b) in first.iter().zip(&last) {
        if b != usize::MAX {
            diff[a] += 1;
            diff[b + 1] -= 1;
        }
    }
    for (sides, _) in cells {
        let open = sides
            .iter()
            .filter(|&&i| fixed[i as usize].is_none())
            .map(|&i| level_of[i as usize]);
        let (a, b) = open.fold((usize::MAX, 0), |(a, b), l| (a.min(l), b.max(l)));
        if a < b {
            diff[a] += 1;
            diff[b] -= 1;
        }
    }
    let mut k = 0;
    diff[..order.len()]
        .iter()
        .map(|d| {
            k += d;
            2f64.powi(k)
        })
        .sum()
}

/// The level of a segment that deduction kept.
pub(super) fn level_of(h: &Grid<Option<Level>>, v: &Grid<Option<Level>>, e: LoopEdge) -> Level {
    kept_level(h, v, e).expect("kept segment has a level")
}

/// The level of segment `e`, `None` when deduction fixed it off.
pub(super) fn kept_level(
    h: &Grid<Option<Level>>,
    v: &Grid<Option<Level>>,
    e: LoopEdge,
) -> Option<Level> {
    match e {
        LoopEdge::H(c) => h[c],
        LoopEdge::V(c) => v[c],
    }
}

/// The engine's levels: the segments kept after deduction, in the sweep `order`.
pub(super) struct Levels {
    /// Level of each horizontal / vertical segment (`None`: fixed off).
    pub(super) h_level: Grid<Option<Level>>,
    pub(super) v_level: Grid<Option<Level>>,
    /// `edges[level]`: the segment of that level.
    pub(super) edges: Vec<LoopEdge>,
    /// The dot-graph edge of each level.
    pub(super) kept: Vec<(Vertex, Vertex)>,
    /// What deduction fixed, per level.
    pub(super) kept_fixed: Vec<Option<bool>>,
}

impl Levels {
    /// Numbers the segments of `order` (indices into `by_index`, the edges of `full`) as
    /// levels `0, 1, ...`.
    pub(super) fn new(
        (rows, cols): (usize, usize),
        order: &[usize],
        by_index: &[LoopEdge],
        full: &Graph,
        fixed: &[Option<bool>],
    ) -> Levels {
        let mut out = Levels {
            h_level: Grid::new(rows + 1, cols, None),
            v_level: Grid::new(rows, cols + 1, None),
            edges: Vec::with_capacity(order.len()),
            kept: Vec::with_capacity(order.len()),
            kept_fixed: Vec::with_capacity(order.len()),
        };
        for &i in order {
            let level = Some(out.edges.len() as Level);
            match by_index[i] {
                LoopEdge::H(c) => out.h_level[c] = level,
                LoopEdge::V(c) => out.v_level[c] = level,
            }
            out.edges.push(by_index[i]);
            out.kept.push(full.edges()[i]);
            out.kept_fixed.push(fixed[i]);
        }
        out
    }
}
