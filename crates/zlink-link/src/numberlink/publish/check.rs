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
use zlink_puzzle::numberlink::{Links, NumberlinkGrid, Rules};
use zlink_puzzle::Coord;

use crate::deduce::{self, Another, Problem, Shape};
use crate::numberlink::{sweep_order, u_bend_groups, Error, NumberlinkZdd};
use zlink_frontier::run::RunError;
use zlink_frontier::specs::SpecError;

/// The SAT budget of one check of the generator: conflicts and models (each a solve after new
/// cuts). A unique generated 50×50 puzzle under Janko's rules needed 40 models and 76 K
/// conflicts; one with another solution usually shows it in the first few models.
pub(crate) const CHECK_BUDGET: (u64, u32) = (200_000, 400);

/// The SAT budget of a check under looser rules than the generator's, for the report only
/// (after the windows found no other solution): a 20×20 made for Janko's rules spent the whole
/// [`CHECK_BUDGET`] (15 s) under `cover` without an answer, so the report says "not known"
/// sooner. Conflicts, not seconds: the report is the same for a given seed.
pub(crate) const REPORT_BUDGET: (u64, u32) = (20_000, 100);

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
        corners: false,
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

/// A candidate puzzle with its intended solution, deduced once: the global check and the
/// windows' search for another solution start from the same deduction.
pub(crate) struct Candidate {
    p: Problem,
    /// The deduction's decisions (`None`: the rules contradict the intended solution).
    fixed: Option<Vec<Option<bool>>>,
    first: Vec<bool>,
    size: (usize, usize),
    /// Labels in the SAT encoding (not under Janko's rules: module doc of `deduce::another`).
    labels: bool,
}

impl Candidate {
    /// The deduction (with probing when `probe`, stopping at `deadline`) of `puzzle` under
    /// `rules`, whose intended solution is `solution`.
    pub(crate) fn new(
        puzzle: &NumberlinkGrid,
        solution: &Links,
        rules: Rules,
        probe: bool,
        deadline: Option<Instant>,
    ) -> Candidate {
        let mut p = problem(puzzle, rules, probe);
        p.deadline = deadline;
        let first = edge_values(&p, puzzle.cols(), solution);
        let fixed = deduce::deduce(&p).ok();
        Candidate {
            p,
            fixed,
            first,
            size: (puzzle.rows(), puzzle.cols()),
            labels: !rules.no_u_bends,
        }
    }

    /// Edges the deduction left open (all of them on a contradiction).
    pub(crate) fn open(&self) -> usize {
        self.fixed.as_ref().map_or(self.p.edges.len(), |f| {
            f.iter().filter(|x| x.is_none()).count()
        })
    }

    /// The global check: a SAT search for another solution within `budget` (conflicts,
    /// models) and `deadline`.
    pub(crate) fn global(&self, budget: (u64, u32), deadline: Option<Instant>) -> Verdict {
        let Some(fixed) = &self.fixed else {
            // the rules contradict the known solution: it was none
            return Verdict::Unknown;
        };
        if fixed.iter().all(Option::is_some) {
            return Verdict::Unique;
        }
        match deduce::another(&self.p, fixed, &self.first, self.labels, budget, deadline) {
            Ok(Another::None) => Verdict::Unique,
            Ok(Another::Other(on)) => Verdict::Other(links_of(&self.p, self.size, &on)),
            Ok(Another::Unknown) | Err(_) => Verdict::Unknown,
        }
    }

    /// Another solution within `radius` of one cell (windows from cell `from` on; see
    /// `deduce::another_near`): the window's centre and the solution.
    pub(crate) fn near(
        &self,
        radius: u32,
        from: usize,
        deadline: Option<Instant>,
    ) -> Option<(usize, Links)> {
        let fixed = self.fixed.as_ref()?;
        let (centre, on) = deduce::another_near(
            &self.p,
            fixed,
            &self.first,
            (radius, from),
            self.labels,
            deadline,
        )?;
        Some((centre, links_of(&self.p, self.size, &on)))
    }
}

/// What [`check`] found, and how much the deduction left to the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Unique, another solution, or not known.
    pub verdict: Verdict,
    /// Edges the deduction left open (0: it settled the puzzle alone).
    pub open: usize,
}

/// Whether `solution` (a solution of `puzzle` under `rules`) is its only one: the deduction
/// (with probing when `probe`), then a SAT search for another, stopping at `deadline`.
pub fn check(
    puzzle: &NumberlinkGrid,
    solution: &Links,
    rules: Rules,
    probe: bool,
    deadline: Option<Instant>,
) -> Checked {
    let c = Candidate::new(puzzle, solution, rules, probe, deadline);
    Checked {
        verdict: c.global(CHECK_BUDGET, deadline),
        open: c.open(),
    }
}

/// Up to two solutions of `puzzle` under `rules` by the ZDD engine
/// ([`crate::numberlink::NumberlinkZdd`]: deduction, a budgeted build, its own SAT completion,
/// the full build), within `limits`: a re-solve that shares no step with [`check`] after the
/// deduction's rules, for `--verify`.
///
/// # Errors
/// [`RunError`] when a budget or the deadline of `limits` runs out, or the frontier is too
/// wide for the engine.
pub fn by_engine(
    puzzle: &NumberlinkGrid,
    rules: Rules,
    limits: &zlink_base::Limits,
) -> Result<Vec<Links>, RunError> {
    let z =
        NumberlinkZdd::new_until(puzzle, rules, true, limits.deadline).map_err(|e| match e {
            Error::Spec(s) => RunError::Spec(s),
            Error::Graph(g) => RunError::Spec(SpecError::BadArgument(g.to_string())),
        })?;
    z.links(2, limits)
}
