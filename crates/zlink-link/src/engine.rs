//! One ZDD engine for every link puzzle: what Slitherlink and Numberlink share, written once.
//!
//! Why: both engines deduce first, then settle what is left by a budgeted attempt, the SAT
//! completion and the full run (module `settle`), and answer the same questions (count, is it
//! unique, build, list, sample). They differ only in their family (the spec they build), their
//! set-up figures and how a member reads as a solution: that is [`LinkFamily`]. [`LinkZdd`]
//! holds a family and its settler and answers every question over it; the puzzle modules add
//! their constructors and their own accessors (`SlitherZdd::loop_of`, `NumberlinkZdd::links`).

use num_bigint::BigUint;
use zlink_frontier::run::{CountReport, RunError, SpecFamily};
use zlink_frontier::{Level, Limits};
use zlink_zdd::{NodeId, Zdd};

use crate::settle::{draw, SettledBy, Settler};

/// What a link puzzle adds to [`LinkZdd`]: its spec (through [`SpecFamily`]), its set-up
/// figures, what deduction settled and how a diagram member reads as a solution.
pub trait LinkFamily: SpecFamily {
    /// A solution as the puzzle names it (a loop, a list of edges).
    type Solution;
    /// How the engine was set up (deduction's work, the frontier left).
    type Stats: Copy;

    /// How the engine was set up.
    fn setup_stats(&self) -> Self::Stats;

    /// Records in the set-up figures the attempt budget now in force.
    fn note_attempt_budget(&mut self, budget: u64);

    /// What deduction settled before any build: `Some(false)` no solution, `Some(true)` one
    /// (every level on), `None` edges left open.
    fn deduced(&self) -> Option<bool>;

    /// Number of ZDD variables (the edges left after deduction).
    fn num_vars(&self) -> u32;

    /// The solution of a diagram member (its levels).
    fn solution(&self, member: &[Level]) -> Self::Solution;
}

/// A link puzzle's ZDD engine: its family, and the attempt, completion and full run that
/// settle what deduction left open (see the module doc). [`crate::SlitherZdd`] and
/// [`crate::numberlink::NumberlinkZdd`] are this engine over their families.
#[derive(Clone, Debug)]
pub struct LinkZdd<F> {
    pub(crate) family: F,
    settler: Settler,
}

impl<F: LinkFamily> LinkZdd<F> {
    /// The engine of `family`, settled by `settler`.
    pub(crate) fn from_parts(family: F, settler: Settler) -> LinkZdd<F> {
        LinkZdd { family, settler }
    }

    /// The puzzle's family (its spec, for the frontier's own entry points).
    pub fn family(&self) -> &F {
        &self.family
    }

    /// How the engine was set up (what deduction decided, the frontier left).
    pub fn setup_stats(&self) -> F::Stats {
        self.family.setup_stats()
    }

    /// Sets the states (count) or nodes (build) of the first, budgeted run before the SAT
    /// completion (0: the completion first). No effect where there is no completion (a
    /// deduction level without it, or nothing left open).
    pub fn set_attempt_budget(&mut self, states: u64) {
        self.settler.set_budget(states);
        let budget = self.settler.attempt_budget(self.family.width());
        self.family.note_attempt_budget(budget);
    }

    /// Which step settled the first count or build (deduction, the budgeted attempt, the SAT
    /// completion or the full run; `None` before one finished).
    pub fn settled_by(&self) -> Option<SettledBy> {
        self.settler.settled_by()
    }

    /// Number of ZDD variables (the edges left after deduction).
    pub fn num_vars(&self) -> u32 {
        self.family.num_vars()
    }

    /// The number of solutions, by the count-only DP (no diagram is stored), through the
    /// frontier's one entry point (packed or wide states by frontier width, the limits'
    /// budgets and deadline). Where deduction left edges open and has a completion, the
    /// count first runs under the attempt budget, then the completion, then the full count;
    /// the time limit bounds all three.
    ///
    /// # Errors
    /// [`RunError`] if a budget or the time limit of `limits` runs out.
    pub fn count(&self, limits: &Limits) -> Result<BigUint, RunError> {
        Ok(self.count_with_stats(limits)?.count)
    }

    /// As [`LinkZdd::count`], with the widest level and the total number of states.
    ///
    /// # Errors
    /// As [`LinkZdd::count`].
    pub fn count_with_stats(&self, limits: &Limits) -> Result<CountReport, RunError> {
        match self.family.deduced() {
            Some(one) => Ok(CountReport {
                count: BigUint::from(u8::from(one)),
                total_states: 0,
                max_level_states: 0,
                width: 0,
                wide: false,
                level_states: Vec::new(),
            }),
            None => self.settler.count(&self.family, limits),
        }
    }

    /// Whether the puzzle has exactly one solution: as [`LinkZdd::count`], but when the SAT
    /// completion finds two solutions the answer is `false` at once, without the full count
    /// (what a designer's "is this hint set good?" needs).
    ///
    /// # Errors
    /// As [`LinkZdd::count`].
    pub fn is_unique(&self, limits: &Limits) -> Result<bool, RunError> {
        match self.family.deduced() {
            Some(one) => Ok(one),
            None => self.settler.is_unique(&self.family, limits),
        }
    }

    /// Builds the reduced ZDD of all solutions into `zdd` (over [`LinkZdd::num_vars`]
    /// variables).
    ///
    /// # Errors
    /// [`RunError`] if a budget or the time limit runs out.
    pub fn build(&self, zdd: &mut Zdd, limits: &Limits) -> Result<NodeId, RunError> {
        if zdd.num_vars() < self.num_vars() {
            zdd.set_num_vars(self.num_vars());
        }
        match self.family.deduced() {
            Some(false) => Ok(NodeId::ZERO),
            Some(true) => {
                // every level is fixed on: the one solution
                let all: Vec<Level> = (0..self.num_vars()).collect();
                zdd.from_set(&all).map_err(|e| RunError::Stopped(e.into()))
            }
            None => self.settler.build(&self.family, zdd, limits),
        }
    }

    /// Up to `limit` solutions, built as a ZDD and enumerated in the diagram's order (at most
    /// two: perhaps the SAT completion's, without the build; see `Settler::solutions`).
    ///
    /// # Errors
    /// As [`LinkZdd::build`]; also when the completion found one solution and the full build
    /// ran out (see [`LinkZdd::solutions_found`]).
    pub fn solutions(&self, limit: usize, limits: &Limits) -> Result<Vec<F::Solution>, RunError> {
        let (found, undecided) = self.solutions_found(limit, limits)?;
        undecided.map_or(Ok(found), Err)
    }

    /// As [`LinkZdd::solutions`], but when the completion found a solution (under stricter
    /// rules) and the full build ran out of its budget or time, that solution, with the
    /// build's error (the list may be short: whether there are others is not known).
    ///
    /// # Errors
    /// As [`LinkZdd::build`], when no solution is known.
    pub fn solutions_found(
        &self,
        limit: usize,
        limits: &Limits,
    ) -> Result<(Vec<F::Solution>, Option<RunError>), RunError> {
        let mut zdd = Zdd::new(self.num_vars());
        let (sets, undecided) = if self.family.deduced().is_some() {
            let root = self.build(&mut zdd, limits)?;
            (zdd.iter(root).take(limit).collect(), None)
        } else {
            let listed = self
                .settler
                .solutions(&self.family, &mut zdd, limit, limits)?;
            (listed.sets, listed.undecided)
        };
        let found = sets.iter().map(|m| self.family.solution(m)).collect();
        Ok((found, undecided))
    }

    /// `k` solutions drawn uniformly at random (with replacement, the same for a given
    /// `seed`) from all of them, and the number of solutions: the ZDD of every solution is
    /// built (the SAT completion's shortcuts give no family to draw from).
    ///
    /// # Errors
    /// As [`LinkZdd::build`].
    pub fn sample(
        &self,
        k: usize,
        seed: u64,
        limits: &Limits,
    ) -> Result<(Vec<F::Solution>, BigUint), RunError> {
        let (drawn, count) = draw(self.num_vars(), |z| self.build(z, limits), k, seed)?;
        Ok((
            drawn.iter().map(|m| self.family.solution(m)).collect(),
            count,
        ))
    }
}
