//! Another solution than a known one: the question a puzzle generator asks of every candidate
//! (its intended solution is known, so uniqueness is "no other").
//!
//! Why not the completion's two solutions ([`super::complete`]): with the first solution known,
//! one clause excludes it ("one of its open on-edges is off": a model holding all of them has
//! the same lines, its vertices' degrees being full), so one search answers instead of two, and
//! under rules that let cells stay empty a model needs no cycle cut at all: a cycle through
//! empty cells can be dropped from any model (its vertices may have degree 0, and no group has
//! a lower bound), so a model whose paths join equal labels *is* another solution once its
//! cycles are stripped. The completion cuts those cycles one by one and converges slowly there
//! (the `deduce` module's note on [`crate::deduce::complete`]); here only mixed paths are cut.

use std::time::Instant;

use batsat::{lbool, Lit, SolverInterface};

use super::{encode, Cnf, Walk};
use crate::deduce::{window, Contradiction, Problem, State, ON, UNK};

/// What [`another`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Another {
    /// No other solution: the known one is the only one.
    None,
    /// Another solution: every edge's value.
    Other(Vec<bool>),
    /// Out of budget or time, or not encodable: nothing learnt.
    Unknown,
}

/// Another solution of `p` than `first` (one of its solutions, every edge's value), with the
/// deduction's `fixed` edges (what [`crate::deduce::deduce`] returned for `p`, or none), within
/// `max_conflicts` conflicts, `max_rounds` models and the deadline. Cycles are stripped from
/// models (module doc) when every unlabelled vertex may have degree 0 and no group has a lower
/// bound; otherwise they are cut.
///
/// # Errors
/// [`Contradiction`] when `fixed` contradicts the rules (then `first` was no solution).
pub(crate) fn another(
    p: &Problem,
    fixed: &[Option<bool>],
    first: &[bool],
    labels: bool,
    (max_conflicts, max_rounds): (u64, u32),
    deadline: Option<Instant>,
) -> Result<Another, Contradiction> {
    let st = State::with_fixed(p, fixed)?;
    let m = p.edges.len();
    let Some(mut cnf) = encode(&st, max_conflicts, deadline) else {
        return Ok(Another::Unknown);
    };
    // excludes `first`; with all its on-edges decided it is the only solution
    let block: Vec<Lit> = (0..m)
        .filter(|&e| first[e] && st.val[e] == UNK)
        .map(|e| !cnf.edge[e])
        .collect();
    if block.is_empty() {
        return Ok(Another::None);
    }
    cnf.add(&block);
    if labels {
        label_clauses(&mut cnf, &st);
    }
    let labelled = |x: usize| p.labels.get(x).is_some_and(|&l| l != 0);
    let strip = (0..p.n).all(|x| labelled(x) || p.degrees[x] & 1 == 1)
        && p.groups.iter().all(|&(_, lo, _)| lo == 0);
    let mut walk = Walk::new(p.n);
    let mut inside = vec![false; p.n];
    for _ in 0..max_rounds {
        let r = cnf.solver.solve_limited(&[]);
        if r == lbool::FALSE {
            return Ok(Another::None);
        }
        if r != lbool::TRUE {
            return Ok(Another::Unknown);
        }
        let mut on: Vec<bool> = (0..m)
            .map(|e| cnf.solver.value_lit(cnf.edge[e]) == lbool::TRUE)
            .collect();
        let cycles = walk.cycles(&st, &on);
        let mixed = match p.labels.is_empty() {
            true => Vec::new(),
            false => walk.mixed_paths(&st),
        };
        if mixed.is_empty() && (strip || cycles.is_empty()) {
            for &e in cycles.iter().flatten() {
                on[e as usize] = false;
            }
            return Ok(Another::Other(on));
        }
        let cycle_cuts = if strip { &cycles[..0] } else { &cycles[..] };
        for (c, path) in cycle_cuts
            .iter()
            .map(|c| (c, false))
            .chain(mixed.iter().map(|c| (c, true)))
        {
            let cut = closed_cut(&st, c, path, &cnf.edge, &mut inside);
            cnf.add(&cut);
        }
        debug_assert!(on
            .iter()
            .zip(&st.val)
            .all(|(&b, &v)| v == UNK || b == (v == ON)));
    }
    Ok(Another::Unknown)
}

/// The cut of a closed component `c` (edges) of a model, a cycle or a path joining two
/// terminals of different labels (`path`), for a solver over `st` (as literals of `edge`;
/// `inside` is scratch space, all false). The component's cells are closed up, but in a solution
/// a terminal's line goes on to its partner, who is not among them, and a cycle's cells (no
/// terminal among them), when they must be on lines, are on lines that come from outside: so
/// one of the open edges with one end among the cells and the other outside is on (the subtour
/// cut: it forbids every way of closing those cells up, where "one of the component's edges is
/// off" forbids this one alone). A cycle whose cells may stay empty gets that weaker cut.
fn closed_cut(
    st: &State<'_>,
    c: &[u32],
    path: bool,
    edge: &[Lit],
    inside: &mut [bool],
) -> Vec<Lit> {
    let edges = &st.p.edges;
    let mut cells: Vec<u32> = c
        .iter()
        .flat_map(|&e| [edges[e as usize].0, edges[e as usize].1])
        .collect();
    cells.sort_unstable();
    cells.dedup();
    if !path && cells.iter().any(|&x| st.p.degrees[x as usize] & 1 == 1) {
        return c
            .iter()
            .filter(|&&e| st.val[e as usize] == UNK)
            .map(|&e| !edge[e as usize])
            .collect();
    }
    for &x in &cells {
        inside[x as usize] = true;
    }
    let mut out = Vec::new();
    for &x in &cells {
        for &f in st.vertex_edges.of(x as usize) {
            let (u, v) = edges[f as usize];
            if inside[u as usize] != inside[v as usize] && st.val[f as usize] == UNK {
                out.push(edge[f as usize]);
            }
        }
    }
    for &x in &cells {
        inside[x as usize] = false;
    }
    out
}

/// One-hot labels along the lines, per piece of decided line: a variable per pair and per
/// piece that an open edge touches (a piece holding a terminal has its label as a constant);
/// along every open edge that is on, each label is equal at both ends, so a path joining two
/// terminals of different labels fails at once. Its lazy cut forbids one closed-up component at
/// a time, and under rules that allow U-bends the models hold ever new mixed paths (a 15×15
/// layout with 10 pairs under `cover`: 400 models of 9 or 10 mixed paths each, no answer).
/// Pieces may carry several labels (nothing needs them to be one: a label reaches a terminal
/// only along a line from its own). Per piece rather than per cell: a window's search has a
/// handful of pieces, not the grid's cells.
fn label_clauses(cnf: &mut Cnf, st: &State<'_>) {
    let p = st.p;
    let k = p.labels.iter().copied().max().unwrap_or(0) as usize;
    if k == 0 {
        return;
    }
    // the pieces: cells joined by decided on-edges
    let mut piece: Vec<u32> = (0..p.n as u32).collect();
    fn root(piece: &mut [u32], mut x: u32) -> u32 {
        while piece[x as usize] != x {
            piece[x as usize] = piece[piece[x as usize] as usize];
            x = piece[x as usize];
        }
        x
    }
    for (e, &(u, v)) in p.edges.iter().enumerate() {
        if st.val[e] == ON {
            let (a, b) = (root(&mut piece, u), root(&mut piece, v));
            piece[a as usize] = b;
        }
    }
    let mut own = vec![0u32; p.n];
    for x in 0..p.n as u32 {
        if p.labels[x as usize] != 0 {
            let r = root(&mut piece, x);
            own[r as usize] = p.labels[x as usize];
        }
    }
    // a piece's label j: a constant (its terminal's) or a variable, made when first needed
    let mut vars: Vec<Lit> = Vec::new();
    let mut first_var = vec![u32::MAX; p.n];
    let mut label = |cnf: &mut Cnf, r: u32, j: usize| -> Result<Lit, bool> {
        if own[r as usize] != 0 {
            return Err(own[r as usize] as usize == j + 1);
        }
        if first_var[r as usize] == u32::MAX {
            first_var[r as usize] = vars.len() as u32;
            vars.extend((0..k).map(|_| cnf.fresh()));
        }
        Ok(vars[first_var[r as usize] as usize + j])
    };
    for (e, &(u, v)) in p.edges.iter().enumerate() {
        if st.val[e] != UNK {
            continue;
        }
        let (a, b) = (root(&mut piece, u), root(&mut piece, v));
        let on = cnf.edge[e];
        for j in 0..k {
            for (x, y) in [(a, b), (b, a)] {
                // on and x labelled j: y labelled j
                match (label(cnf, x, j), label(cnf, y, j)) {
                    (Err(false), _) | (_, Err(true)) => {}
                    (Err(true), Err(false)) => cnf.add(&[!on]),
                    (Err(true), Ok(ly)) => cnf.add(&[!on, ly]),
                    (Ok(lx), Err(false)) => cnf.add(&[!on, !lx]),
                    (Ok(lx), Ok(ly)) => cnf.add(&[!on, !lx, ly]),
                }
            }
        }
    }
}

/// Another solution of `p` than `first` that differs from it only within distance `radius`
/// of one cell: for each cell in turn (from `from` on), the edges farther away keep their
/// value in `first` (and the deduction's `fixed` theirs) and [`another`] searches the rest.
/// Returns the cell whose window holds one and that solution; `None` when no window does
/// (which proves nothing about other solutions), or at the deadline.
///
/// Why: under rules that allow U-bends or empty cells another solution is usually a local
/// re-routing, which a small window finds at once, where the global search must also refute
/// every far-away mis-pairing. Time: `O(n (n + m))` plus a small SAT problem per window.
pub(crate) fn another_near(
    p: &Problem,
    fixed: &[Option<bool>],
    first: &[bool],
    (radius, from): (u32, usize),
    labels: bool,
    deadline: Option<Instant>,
) -> Option<(usize, Vec<bool>)> {
    let adj = window::adjacency(p);
    let mut dist = vec![u32::MAX; p.n];
    let mut window = vec![None; p.edges.len()];
    for centre in (from..p.n).chain(0..from) {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let seen = window::ball(&adj, centre, radius, &mut dist);
        let mut open = 0;
        for (e, &(u, v)) in p.edges.iter().enumerate() {
            let inside = dist[u as usize] != u32::MAX && dist[v as usize] != u32::MAX;
            window[e] = match fixed[e] {
                None if inside => {
                    open += 1;
                    None
                }
                None => Some(first[e]),
                f => f,
            };
        }
        for &x in &seen {
            dist[x as usize] = u32::MAX;
        }
        if open == 0 {
            continue;
        }
        if let Ok(Another::Other(on)) = another(p, &window, first, labels, WINDOW_BUDGET, deadline)
        {
            return Some((centre, on));
        }
    }
    None
}

/// The conflicts and models one window's search may spend.
const WINDOW_BUDGET: (u64, u32) = (5_000, 50);
