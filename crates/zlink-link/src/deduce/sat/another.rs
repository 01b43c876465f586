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

use super::{encode, Walk};
use crate::deduce::{Contradiction, Problem, State, ON, UNK};

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
    let labelled = |x: usize| p.labels.get(x).is_some_and(|&l| l != 0);
    let strip = (0..p.n).all(|x| labelled(x) || p.degrees[x] & 1 == 1)
        && p.groups.iter().all(|&(_, lo, _)| lo == 0);
    let mut walk = Walk::new(p.n);
    let mut inside = vec![false; p.n];
    for round in 0..max_rounds {
        let r = cnf.solver.solve_limited(&[]);
        if std::env::var("NL_DEBUG").is_ok() {
            eprintln!("round {round} conflicts {} open {}", cnf.solver.num_conflicts(), st.val.iter().filter(|&&v| v == UNK).count());
        }
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
        if !strip {
            for c in &cycles {
                let cut = cycle_cut(&st, c, &cnf.edge, &mut inside);
                cnf.add(&cut);
            }
        }
        for c in &mixed {
            let cut: Vec<Lit> = c
                .iter()
                .filter(|&&e| st.val[e as usize] == UNK)
                .map(|&e| !cnf.edge[e as usize])
                .collect();
            cnf.add(&cut);
        }
        debug_assert!(on.iter().zip(&st.val).all(|(&b, &v)| v == UNK || b == (v == ON)));
    }
    Ok(Another::Unknown)
}

/// The cut of the cycle `c` (edges) for a solver over `st`: when every cell of it must be on a
/// line, one of the open edges with one end on it and the other off it (its cells, no terminal
/// among them, are on paths that leave them: the subtour cut, which also forbids every other
/// way of closing those cells up); otherwise one of its open edges is off. As literals of
/// `edge`; `inside` is scratch space, all false.
fn cycle_cut(st: &State<'_>, c: &[u32], edge: &[Lit], inside: &mut [bool]) -> Vec<Lit> {
    let edges = &st.p.edges;
    let mut cells: Vec<u32> = c
        .iter()
        .flat_map(|&e| [edges[e as usize].0, edges[e as usize].1])
        .collect();
    cells.sort_unstable();
    cells.dedup();
    if cells.iter().any(|&x| st.p.degrees[x as usize] & 1 == 1) {
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
