//! Is the intended solution the only one? The generator's uniqueness check, under any of the
//! rule sets, by the link deduction and its SAT solver.
//!
//! Why: the generator knows its solution, so the question is "another solution?", which one
//! SAT search with that solution excluded answers (the deduction's `another`), where the
//! engine ([`crate::numberlink::NumberlinkZdd`]) looks for two solutions from scratch and,
//! under rules that let cells stay empty, has no SAT completion at all (a 15×15 Janko puzzle's
//! build under plain rules takes 10 s). The deduction's rules (and, when asked, probing) run
//! first: what they decide is a unit for the solver, and when they decide everything the
//! puzzle is unique without a search. The answer "another" comes with that solution, which
//! the repair uses (module `repair`).

use std::time::Instant;

use zlink_frontier::Vertex;
use zlink_grid::numberlink::{Links, NumberlinkGrid, Rules};
use zlink_grid::Coord;

use crate::deduce::{self, Another, Problem, Shape};
use crate::numberlink::{sweep_order, u_bend_groups};

/// The SAT budget of one check: conflicts and models (each a solve after new cuts). A unique
/// generated 50×50 puzzle under Janko's rules needs a few dozen models; one with another
/// solution under looser rules usually shows it in the first few.
const CHECK_BUDGET: (u64, u32) = (200_000, 400);

/// What a check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The intended solution is the only one.
    Unique,
    /// Another solution.
    Other(Links),
    /// The budget or the deadline ran out first.
    Unknown,
}

/// The deduction problem of a grid puzzle under `rules`, over the edges of
/// [`sweep_order`] (vertex `r * cols + c`).
pub(crate) fn problem(puzzle: &NumberlinkGrid, rules: Rules, probe: bool) -> Problem {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let n = rows * cols;
    let edges = sweep_order(rows, cols);
    let mut labels = vec![0u32; n];
    for (k, &(_, a, b)) in puzzle.pairs().iter().enumerate() {
        for c in [a, b] {
            labels[c.row * cols + c.col] = k as u32 + 1;
        }
    }
    // a terminal has one line edge, another cell two (under `cover`) or none or two
    let degrees = labels
        .iter()
        .map(|&l| match (l != 0, rules.cover) {
            (true, _) => 0b10,
            (false, true) => 0b100,
            (false, false) => 0b101,
        })
        .collect();
    let groups = match rules.no_u_bends {
        true => u_bend_groups(rows, cols, &edges)
            .into_iter()
            .map(|(es, b)| (es.into_iter().map(|e| e as u32).collect(), 0, b))
            .collect(),
        false => Vec::new(),
    };
    Problem {
        n,
        edges,
        degrees,
        labels,
        groups,
        shape: Shape::Paths,
        probe,
        branch: 0,
        faces: (0, Vec::new()),
        label_domains: false,
        deadline: None,
        stricter: None,
    }
}

/// Each edge of `p` (a grid problem of [`problem`]) on or off in `links`.
pub(crate) fn edge_values(p: &Problem, cols: usize, links: &Links) -> Vec<bool> {
    p.edges
        .iter()
        .map(|&(u, v)| links.has(cell(u, cols), cell(v, cols)))
        .collect()
}

/// The line picture of the edges `on` of `p` on a `rows × cols` grid.
pub(crate) fn links_of(p: &Problem, (rows, cols): (usize, usize), on: &[bool]) -> Links {
    let mut l = Links::new(rows, cols);
    for (&(u, v), _) in p.edges.iter().zip(on).filter(|(_, &b)| b) {
        l.set(cell(u, cols), cell(v, cols), true);
    }
    l
}

/// The cell of vertex `v`.
fn cell(v: Vertex, cols: usize) -> Coord {
    Coord::new(v as usize / cols, v as usize % cols)
}

/// Whether `solution` (a solution of `puzzle` under `rules`) is its only one: the deduction
/// (with probing when `probe`), then a SAT search for another, stopping at `deadline`.
pub fn check(
    puzzle: &NumberlinkGrid,
    solution: &Links,
    rules: Rules,
    probe: bool,
    deadline: Option<Instant>,
) -> Verdict {
    let mut p = problem(puzzle, rules, probe);
    p.deadline = deadline;
    let first = edge_values(&p, puzzle.cols(), solution);
    let Ok(fixed) = deduce::deduce(&p) else {
        // the rules contradict the known solution: it was none
        return Verdict::Unknown;
    };
    if fixed.iter().all(Option::is_some) {
        return Verdict::Unique;
    }
    match deduce::another(&p, &fixed, &first, CHECK_BUDGET, deadline) {
        Ok(Another::None) => Verdict::Unique,
        Ok(Another::Other(on)) => Verdict::Other(links_of(&p, (puzzle.rows(), puzzle.cols()), &on)),
        Ok(Another::Unknown) | Err(_) => Verdict::Unknown,
    }
}
