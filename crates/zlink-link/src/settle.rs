//! Build first, complete on overflow: how a link engine settles what deduction left open.
//!
//! Why: the deduction's SAT completion (`deduce::complete`) decides a unique puzzle whose open
//! edges would take a huge frontier build (Janko's 35×48 Numberlink: 0.4 s against 80 s and
//! 1.4 GB), but where the build after probing is small it costs more than that build (Janko's
//! 25×40 Numberlink: 0.2 s against 0.09 s), and with several solutions it decides nothing.
//! So a count (or build) first runs under a small budget of states (nodes): when it finishes,
//! that is the answer, exact (a build's diagram is the caller's, so nothing is built twice).
//! A count attempt also stops once it holds a fraction of that budget at once (a diagram that
//! wide would overflow anyway, so it stops before spending the budget), and none is tried on a
//! frontier wider than the engine's limit. Only when the attempt overflows does the
//! completion run, once per engine (its outcome is kept); one solution or none is the answer,
//! and only with two solutions, or when the completion gave up, does the full count or build
//! run, under the caller's limits.
//!
//! The caller's deadline ([`Limits::deadline`]) bounds all three steps: the attempt, the
//! completion and the full run stop by the same instant.

use std::sync::OnceLock;
use std::time::Instant;

use num_bigint::BigUint;
use zlink_frontier::run::{
    build_family, count_family, held_state_bytes, CountReport, RunError, SpecFamily,
    SERIAL_LEVEL_STATES,
};
use zlink_frontier::{Level, Limits, Stopped};
use zlink_zdd::{NodeId, Zdd};

use crate::deduce::{self, Completed, Contradiction, Problem};

/// Which step settled a count or build (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SettledBy {
    /// Deduction before the build (rules, probing, branching): no solution, or every edge
    /// decided.
    Deduction,
    /// The count or build under the attempt budget finished.
    Attempt,
    /// The attempt overflowed and the SAT completion (or the branching after it) decided: no
    /// solution or exactly one.
    Completion,
    /// The full count or build, under the caller's limits: at a deduction level without the
    /// completion, or after it found two solutions or gave up.
    Full,
}

impl SettledBy {
    /// A short name for statistics: `deduction`, `attempt`, `completion` or `full`.
    pub fn name(self) -> &'static str {
        match self {
            SettledBy::Deduction => "deduction",
            SettledBy::Attempt => "attempt",
            SettledBy::Completion => "completion",
            SettledBy::Full => "full",
        }
    }

    /// Statistics counters: `settled_by_deduction`, `_attempt`, `_completion`, `_full`, the
    /// one of `by` set to 1 (all 0 for `None`).
    pub fn counters(by: Option<SettledBy>) -> [(&'static str, u64); 4] {
        let is = |x: SettledBy| u64::from(by == Some(x));
        [
            ("settled_by_deduction", is(SettledBy::Deduction)),
            ("settled_by_attempt", is(SettledBy::Attempt)),
            ("settled_by_completion", is(SettledBy::Completion)),
            ("settled_by_full", is(SettledBy::Full)),
        ]
    }
}

/// What a build settled to: a diagram's root, or solutions the completion found (level
/// sets; see [`Settler::solutions`]).
enum Built {
    Root(NodeId),
    Two([Vec<Level>; 2]),
    /// One solution, and why the full build could not say whether there are others.
    One(Vec<Level>, RunError),
}

/// Up to `limit` solutions (level sets) of a settled family, and, when the list may be
/// short (a solution was found, the full build ran out of its budget or time), why.
#[derive(Debug)]
pub(crate) struct Listed {
    pub sets: Vec<Vec<Level>>,
    pub undecided: Option<RunError>,
}

/// The completion step of one engine: the problem and what deduction fixed (indexed by the
/// problem's edges), each edge's level, the attempt budget, and the outcome once known.
#[derive(Clone, Debug)]
pub(crate) struct Settler {
    /// `None` at a deduction level without the completion: the full run follows at once.
    problem: Option<Box<Problem>>,
    fixed: Vec<Option<bool>>,
    /// Per edge of the problem: its level (`None`: fixed off, not a level).
    level_of: Vec<Option<Level>>,
    /// States (count) or nodes (build) the attempt may make.
    budget: u64,
    /// A count attempt also stops once it holds more than `budget / held_divisor` states.
    held_divisor: u64,
    /// No attempt on a frontier wider than this (it would overflow).
    max_width: usize,
    completion: OnceLock<Result<Completed, Contradiction>>,
    by: OnceLock<SettledBy>,
}

impl Settler {
    /// The settler of an engine whose deduction left edges open; `problem` is `None` when the
    /// deduction level has no completion.
    pub(crate) fn new(
        problem: Option<Problem>,
        fixed: Vec<Option<bool>>,
        level_of: Vec<Option<Level>>,
        (budget, held_divisor, max_width): (u64, u64, usize),
    ) -> Settler {
        Settler {
            problem: problem.map(Box::new),
            fixed,
            level_of,
            budget,
            held_divisor,
            max_width,
            completion: OnceLock::new(),
            by: OnceLock::new(),
        }
    }

    /// The settler of an engine that deduction settled (no solution, or every edge decided).
    pub(crate) fn deduced() -> Settler {
        let s = Settler::new(None, Vec::new(), Vec::new(), (0, 1, 0));
        let _ = s.by.set(SettledBy::Deduction);
        s
    }

    /// Sets the attempt budget (0: the completion first, as before this module); the cap on
    /// held states scales with it.
    pub(crate) fn set_budget(&mut self, budget: u64) {
        self.budget = budget;
    }

    /// The attempt budget for a family of frontier `width`: 0 where there is no completion,
    /// or the frontier is too wide (nothing is attempted then).
    pub(crate) fn attempt_budget(&self, width: usize) -> u64 {
        if self.problem.is_some() && width <= self.max_width {
            self.budget
        } else {
            0
        }
    }

    /// Which step settled the first count or build (`None` before one finished).
    pub(crate) fn settled_by(&self) -> Option<SettledBy> {
        self.by.get().copied()
    }

    fn note(&self, by: SettledBy) {
        let _ = self.by.set(by);
    }

    /// The completion's outcome, run once (within `deadline`).
    fn completion(
        &self,
        problem: &Problem,
        deadline: Option<Instant>,
    ) -> &Result<Completed, Contradiction> {
        self.completion
            .get_or_init(|| deduce::complete(problem, &self.fixed, deadline))
    }

    /// The levels on in the one solution `on` (indexed by the problem's edges).
    fn levels(&self, on: &[bool]) -> Vec<Level> {
        on.iter()
            .zip(&self.level_of)
            .filter(|(&b, _)| b)
            .map(|(_, l)| l.expect("an edge on in a solution is a level"))
            .collect()
    }

    /// The exact count of `family` (see the module doc for the order of the steps).
    ///
    /// # Errors
    /// [`RunError`] when the caller's budget or time limit runs out.
    pub(crate) fn count<F: SpecFamily>(
        &self,
        family: &F,
        limits: &Limits,
    ) -> Result<CountReport, RunError> {
        Ok(self
            .count_or_several(family, limits, false)?
            .expect("a full count was asked for"))
    }

    /// Whether `family` has exactly one member: as [`Settler::count`], but a completion that
    /// finds two solutions answers `false` at once instead of running the full count.
    ///
    /// # Errors
    /// As [`Settler::count`].
    pub(crate) fn is_unique<F: SpecFamily>(
        &self,
        family: &F,
        limits: &Limits,
    ) -> Result<bool, RunError> {
        Ok(self
            .count_or_several(family, limits, true)?
            .is_some_and(|r| r.count == BigUint::from(1u8)))
    }

    /// The count; `None` (at least two members) when `several_is_enough` and the completion
    /// found two solutions.
    fn count_or_several<F: SpecFamily>(
        &self,
        family: &F,
        limits: &Limits,
        several_is_enough: bool,
    ) -> Result<Option<CountReport>, RunError> {
        let deadline = limits.deadline;
        let decided = |n: u8| CountReport {
            count: BigUint::from(n),
            total_states: 0,
            max_level_states: 0,
            width: family.width(),
            wide: family.wide(),
            level_states: Vec::new(),
        };
        if let Some(problem) = &self.problem {
            if self.attempt_budget(family.width()) > 0 && self.completion.get().is_none() {
                // a count holding more than budget / divisor states at once (about two levels:
                // the one expanded and the children pending) would overflow anyway: stop there
                let mut attempt = self.attempt(limits);
                let held = self.budget / self.held_divisor.max(1);
                let bytes = held.saturating_mul(held_state_bytes(family.width(), family.wide()));
                attempt.max_memory = Some(limits.max_memory.map_or(bytes, |m| m.min(bytes)));
                if held < SERIAL_LEVEL_STATES {
                    // no level that big: the count runs on this thread, no pool to start
                    // (a 1-thread pool costs about 0.5 ms of CPU, a 10×10 puzzle's whole count)
                    attempt.threads = None;
                }
                match count_family(family, &attempt) {
                    Ok(report) => {
                        self.note(SettledBy::Attempt);
                        return Ok(Some(report));
                    }
                    Err(e) if e.is_budget() => {}
                    Err(e) => return Err(e),
                }
            }
            match self.completion(problem, deadline) {
                Err(Contradiction) => {
                    self.note(SettledBy::Completion);
                    return Ok(Some(decided(0)));
                }
                Ok(Completed::One(_)) => {
                    self.note(SettledBy::Completion);
                    return Ok(Some(decided(1)));
                }
                Ok(Completed::Several(_)) if several_is_enough => {
                    self.note(SettledBy::Completion);
                    return Ok(None);
                }
                Ok(Completed::Several(_) | Completed::Open | Completed::Found(_)) => {}
            }
        }
        self.note(SettledBy::Full);
        count_family(family, limits)
            .map(Some)
            .map_err(|e| self.noted(e))
    }

    /// Builds the reduced diagram of `family` into `zdd` (see the module doc).
    ///
    /// # Errors
    /// [`RunError`] when the caller's budget or time limit runs out.
    pub(crate) fn build<F: SpecFamily>(
        &self,
        family: &F,
        zdd: &mut Zdd,
        limits: &Limits,
    ) -> Result<NodeId, RunError> {
        match self.build_or_two(family, zdd, limits, false)? {
            Built::Root(root) => Ok(root),
            Built::Two(_) | Built::One(..) => {
                unreachable!("solutions are returned only when asked for")
            }
        }
    }

    /// Up to `limit` members of `family` (level sets), built into `zdd` and listed in its
    /// order; when `limit <= 2` and the completion found two solutions, those two, with no
    /// full build (a puzzle with astronomically many solutions is still solved, and found not
    /// unique, in the completion's time); when it found one and the full build runs out, that
    /// one, with the build's error as `undecided`.
    ///
    /// # Errors
    /// As [`Settler::build`], when no solution is known.
    pub(crate) fn solutions<F: SpecFamily>(
        &self,
        family: &F,
        zdd: &mut Zdd,
        limit: usize,
        limits: &Limits,
    ) -> Result<Listed, RunError> {
        let (sets, undecided) = match self.build_or_two(family, zdd, limits, limit <= 2)? {
            Built::Root(root) => (zdd.iter(root).take(limit).collect(), None),
            Built::Two(two) => (two.into_iter().take(limit).collect(), None),
            Built::One(one, e) => (vec![one], Some(e)),
        };
        Ok(Listed { sets, undecided })
    }

    /// [`Settler::build`], or the completion's two solutions when `two_is_enough`.
    fn build_or_two<F: SpecFamily>(
        &self,
        family: &F,
        zdd: &mut Zdd,
        limits: &Limits,
        two_is_enough: bool,
    ) -> Result<Built, RunError> {
        let deadline = limits.deadline;
        if let Some(problem) = &self.problem {
            if self.attempt_budget(family.width()) > 0 && self.completion.get().is_none() {
                // the attempt's node budget must not stay on the caller's store
                let store_budget = zdd.node_budget();
                let attempt = build_family(family, zdd, &self.attempt(limits));
                zdd.set_node_budget(store_budget);
                match attempt {
                    Ok(report) => {
                        self.note(SettledBy::Attempt);
                        return Ok(Built::Root(report.root));
                    }
                    Err(e) if e.is_budget() => {}
                    Err(e) => return Err(e),
                }
            }
            match self.completion(problem, deadline) {
                Err(Contradiction) => {
                    self.note(SettledBy::Completion);
                    return Ok(Built::Root(NodeId::ZERO));
                }
                Ok(Completed::One(on)) => {
                    self.note(SettledBy::Completion);
                    return zdd
                        .from_set(&self.levels(on))
                        .map(Built::Root)
                        .map_err(|e| RunError::Stopped(Stopped::from(e)));
                }
                Ok(Completed::Several(two)) if two_is_enough => {
                    self.note(SettledBy::Completion);
                    return Ok(Built::Two(two.each_ref().map(|on| self.levels(on))));
                }
                Ok(Completed::Several(_) | Completed::Open | Completed::Found(_)) => {}
            }
        }
        self.note(SettledBy::Full);
        match build_family(family, zdd, limits) {
            Ok(r) => Ok(Built::Root(r.root)),
            Err(e) => match self.completion.get() {
                Some(Ok(Completed::Found(one)))
                    if two_is_enough && (e.is_budget() || e.is_time_limit()) =>
                {
                    Ok(Built::One(self.levels(one), e))
                }
                _ => Err(self.noted(e)),
            },
        }
    }

    /// `e` (the full run's), saying that the puzzle has at least two solutions when the
    /// completion found two: what is known is not lost with the count.
    fn noted(&self, e: RunError) -> RunError {
        let note = match self.completion.get() {
            Some(Ok(Completed::Several(_))) => {
                "the puzzle has at least two solutions: the SAT completion found two"
            }
            Some(Ok(Completed::Found(_))) => {
                "the puzzle has a solution, found under stricter rules; whether it has others \
                 is not known"
            }
            _ => return e,
        };
        match e {
            RunError::Stopped(s) => RunError::Stopped(s.noting(note)),
            e => e,
        }
    }

    /// The caller's limits with the attempt budget (or the caller's, if smaller). Progress is
    /// reported as usual: after an attempt that overflowed, the full run reports its levels
    /// again from the first.
    fn attempt(&self, limits: &Limits) -> Limits {
        Limits {
            max_nodes: Some(limits.max_nodes.map_or(self.budget, |n| n.min(self.budget))),
            ..limits.clone()
        }
    }
}

/// `k` uniform draws (with replacement, the same for a given `seed`) among the members of the
/// family `build` makes in a fresh store of `num_vars` variables, and the family's size: what
/// the engines' `sample` share (one ranking serves both).
///
/// # Errors
/// `build`'s.
pub(crate) fn draw(
    num_vars: u32,
    build: impl FnOnce(&mut Zdd) -> Result<NodeId, RunError>,
    k: usize,
    seed: u64,
) -> Result<(Vec<Vec<Level>>, BigUint), RunError> {
    let mut zdd = Zdd::new(num_vars);
    let root = build(&mut zdd)?;
    let ranker = zdd.ranker(root);
    Ok((ranker.draws(seed, k), ranker.count().clone()))
}
