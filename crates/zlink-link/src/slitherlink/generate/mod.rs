//! One random Slitherlink with a unique solution, minimal hints and a difficulty grade, at any
//! size (60×60 and beyond); and any given Slitherlink stripped to a minimal subset of its hints.
//!
//! Why this route and not the hint-set family of [`crate::design`]: the family describes every
//! good hint set of a loop, but its diagram stops near 10×10. A puzzle is one good set, and one
//! pass of removals finds a minimal one:
//! 1. **a loop** (module `draw`): uniform over all loops on small grids, else a random maze shaken
//!    by single-cell flips, spread over the whole grid;
//! 2. **every clue**, which (almost always) makes the loop unique; checked, else a new loop;
//! 3. **one removal pass** in a random order ([`Order`]; over orbits of cells with a
//!    [`Symmetry`]): a clue (orbit) goes when the puzzle without it is still settled by the
//!    level's technique ([`Difficulty`]); without a level, when it is still unique. One pass
//!    gives a *minimal* set: if `P \ {c}` is not unique, neither is `Q \ {c}` for any
//!    `Q ⊆ P` (its solutions include those of `P \ {c}`), so a clue kept once is needed at the
//!    end too (and the same for "settled by the technique", which only weakens as clues go).
//!
//! A check is cheap while the local rules (the grade's: with the clue-and-corners rule)
//! settle the puzzle (a deduction from the remaining
//! clues, no search); past that the incremental SAT checker of module `unique` answers.
//! Difficulty levels: easy removes while the rules settle, medium while rules plus probing
//! settle, hard as the unique level and then insists that probing does not settle the result
//! (a new loop otherwise).

mod cut;
mod draw;
mod grade;
mod lattice;
mod removal;
#[cfg(test)]
mod tests;
mod unique;
mod verify;

use std::time::Instant;

use zlink_base::{Limits, SplitMix64, Stopped};
use zlink_puzzle::{Coord, Grid};

pub use grade::{grade, Difficulty, GradeError, Grading};
pub use removal::{Removal, Request, Start, MAX_SIDE};
pub use unique::MAX_CUT_ROUNDS;
pub use verify::{is_unique, removable_hint, removable_hint_with, Minimality};

use lattice::Lattice;
use unique::Checker;

/// Why no puzzle was produced.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GenError {
    /// The deadline passed (noting the seconds spent and the checks made), or the memory
    /// the run needs (estimated before anything is built) is above the budget: no partial
    /// puzzle.
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// The size or the options do not make a puzzle (an empty grid, `rot4` on a non-square one).
    #[error("{0}")]
    Invalid(String),
    /// The puzzle to strip has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle to strip has several solutions.
    #[error("the puzzle has more than one solution")]
    NotUnique,
}

/// Which cells must go together, so the hints' positions are symmetric.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None,
    /// Half-turn symmetry.
    Rot2,
    /// Quarter-turn symmetry (square grids).
    Rot4,
    /// Mirror symmetry about the vertical axis.
    Mirror,
}

/// The order in which the removal pass tries clues: by clue value, in the order of the
/// value classes given (`rank[v]`, lower first), shuffled within a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    /// Per clue value 0..=4: its class; clues of lower classes are tried (removed) first.
    pub rank: [u8; 5],
}

impl Order {
    /// Every clue in one random order.
    pub const RANDOM: Order = Order { rank: [0; 5] };
    /// 2s first, then 1s, then the rest (0s, 3s, 4s) last, so the informative 0s and 3s are
    /// the ones kept.
    pub const TWOS_FIRST: Order = Order {
        rank: [2, 1, 0, 2, 2],
    };
}

impl Default for Order {
    fn default() -> Order {
        Order::TWOS_FIRST
    }
}

/// What to generate and within which limits.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Seed of every random choice (the same seed gives the same puzzle).
    pub seed: u64,
    /// The level's technique must settle the puzzle (`None`: only unique, the fewest hints).
    pub difficulty: Option<Difficulty>,
    /// Symmetry of the hints' positions.
    pub symmetry: Symmetry,
    /// The removal order.
    pub order: Order,
    /// The run's limits: its `deadline` (exit 3 in the CLI) and its `max_memory` (checked
    /// against the estimate [`BYTES_PER_CELL`] before anything is built) are honoured.
    pub limits: Limits,
}

/// Figures of one run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Loops drawn (more than one when a loop was not unique with all clues, or the result
    /// missed the asked grade).
    pub loops: u32,
    /// Removal checks (orbits tried).
    pub checks: u64,
    /// Checks answered by the rules (or probing) without the SAT solver.
    pub by_rules: u64,
    /// SAT solves (models looked at).
    pub models: u64,
    /// Cycle cuts added.
    pub cuts: u64,
    /// SAT conflicts.
    pub conflicts: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Wall-clock seconds of solving the given puzzle (stripping only; part of `seconds`).
    pub solve_seconds: f64,
    /// Wall-clock seconds of the removal passes (part of `seconds`).
    pub pass_seconds: f64,
    /// Most cut rounds (solves) one SAT check took.
    pub max_rounds: u64,
}

/// A generated (or stripped) puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The hints.
    pub clues: Grid<Option<u8>>,
    /// The solution's inside region.
    pub inside: Grid<bool>,
    /// The grade of the puzzle.
    pub grade: Difficulty,
    /// Per hint orbit the pass kept because the puzzle without it had another solution (at
    /// the orbit's first hint): that solution's inside region. It also solves the final
    /// puzzle without the orbit, so it shows the orbit needed ([`removable_hint_with`]).
    pub witnesses: Vec<(Coord, Grid<bool>)>,
    /// Per hint orbit the pass kept because its check gave up at
    /// [`MAX_CUT_ROUNDS`] (at the orbit's first hint): the puzzle is unique all the
    /// same, but these hints are not proven needed, so it may not be minimal. Empty in every
    /// run measured (`tools/README.md`).
    pub unproven: Vec<Coord>,
    /// Figures.
    pub stats: Stats,
}

impl Generated {
    /// Number of hints.
    pub fn hints(&self) -> usize {
        self.clues.cells().iter().filter(|c| c.is_some()).count()
    }
}

/// Bytes per cell the generator needs at most (the SAT solver's clauses, learnt ones
/// included, and the deduction's state): measured peak RSS per cell stays below it.
pub const BYTES_PER_CELL: u64 = 64 * 1024;

/// Loops drawn before a level that keeps missing its grade gives up (then the last puzzle
/// is returned, with its real grade).
const MAX_LOOPS: u32 = 50;

fn check_budget(cells: usize, opts: &Options) -> Result<(), GenError> {
    let needed = (cells as u64).saturating_mul(BYTES_PER_CELL) + (16 << 20);
    Ok(opts
        .limits
        .check_memory(needed, &format!("the generator on {cells} cells"))?)
}

/// The time limit of `opts` reached after `seconds` and `checks` checks.
fn time_limit(opts: &Options, seconds: f64, checks: u64) -> GenError {
    GenError::Stopped(
        Stopped::time(opts.limits.time_limit)
            .noting(format!("after {seconds:.2} s, {checks} checks")),
    )
}

/// One random puzzle on a `rows × cols` grid (module doc).
///
/// # Errors
/// [`GenError::Stopped`] at the deadline or above the memory budget,
/// [`GenError::Invalid`] for an empty grid or `Rot4` on a non-square one.
pub fn generate(rows: usize, cols: usize, opts: &Options) -> Result<Generated, GenError> {
    let started = Instant::now();
    if rows == 0 || cols == 0 {
        return Err(GenError::Invalid(format!(
            "the grid {rows}x{cols} is empty"
        )));
    }
    if opts.symmetry == Symmetry::Rot4 && rows != cols {
        return Err(GenError::Invalid(format!(
            "rot4 symmetry needs a square grid, not {rows}x{cols}"
        )));
    }
    check_budget(rows * cols, opts)?;
    let lat = Lattice::new(rows, cols);
    let mut rng = SplitMix64::new(opts.seed);
    let mut stats = Stats::default();
    let given = vec![true; lat.cells()];
    let mut last = None;
    while stats.loops < MAX_LOOPS {
        stats.loops += 1;
        let inside = draw::random_region(rows, cols, &mut rng);
        let pass = Pass {
            lat: &lat,
            inside: &inside,
            given: &given,
            opts,
            started,
        };
        let Some((clues, grade, witnesses, unproven)) = pass.run(&mut rng, &mut stats)? else {
            continue;
        };
        let done = Generated {
            clues: lat.grid(&clues),
            inside: Grid::from_cells(rows, cols, inside).expect("one per cell"),
            grade,
            witnesses,
            unproven,
            stats: stats.clone(),
        };
        if opts.difficulty.is_none_or(|d| d == grade) {
            return Ok(finish(done, started));
        }
        last = Some(done);
    }
    match last {
        Some(g) => Ok(finish(g, started)),
        None => Err(GenError::Invalid(format!(
            "no loop of {rows}x{cols} was unique with every clue in {MAX_LOOPS} draws"
        ))),
    }
}

fn finish(mut g: Generated, started: Instant) -> Generated {
    g.stats.seconds = started.elapsed().as_secs_f64();
    g
}

/// The puzzle `clues` stripped to a minimal subset of its hints with the same unique solution
/// (module doc; the removal order from `opts`, the level from `opts.difficulty`: a hint goes
/// only while the level's technique still settles the puzzle).
///
/// # Errors
/// [`GenError::NoSolution`] or [`GenError::NotUnique`] when the puzzle is not unique,
/// [`GenError::Stopped`] (time or memory), or [`GenError::Invalid`] with the engine's
/// message (a clue above 4).
pub fn strip(clues: &Grid<Option<u8>>, opts: &Options) -> Result<Generated, GenError> {
    let started = Instant::now();
    let (rows, cols) = (clues.rows(), clues.cols());
    if rows == 0 || cols == 0 {
        return Err(GenError::Invalid("the grid is empty".into()));
    }
    check_budget(rows * cols, opts)?;
    let solved = Instant::now();
    let (inside, graded) = solution(clues, opts.limits.deadline).map_err(|e| match e {
        GenError::Stopped(s) if s.is_time() => time_limit(opts, started.elapsed().as_secs_f64(), 0),
        e => e,
    })?;
    let lat = Lattice::new(rows, cols);
    let given: Vec<bool> = clues.cells().iter().map(Option::is_some).collect();
    let mut stats = Stats {
        loops: 1,
        solve_seconds: solved.elapsed().as_secs_f64(),
        ..Stats::default()
    };
    let mut rng = SplitMix64::new(opts.seed);
    let pass = Pass {
        lat: &lat,
        inside: inside.cells(),
        given: &given,
        opts,
        started,
    };
    // a level the given puzzle does not reach keeps every hint
    let (kept, grade, witnesses, unproven) = pass.run(&mut rng, &mut stats)?.unwrap_or_else(|| {
        (
            clues.cells().to_vec(),
            graded.grade.unwrap_or(Difficulty::Hard),
            Vec::new(),
            Vec::new(),
        )
    });
    Ok(finish(
        Generated {
            clues: lat.grid(&kept),
            inside,
            grade,
            witnesses,
            unproven,
            stats,
        },
        started,
    ))
}

/// The unique solution of `clues` as its inside region, with the puzzle's grading.
///
/// # Errors
/// [`GenError::NoSolution`], [`GenError::NotUnique`], [`GenError::Stopped`] at the
/// deadline, or [`GenError::Invalid`] with the engine's message (a clue above 4).
pub fn solution(
    clues: &Grid<Option<u8>>,
    deadline: Option<Instant>,
) -> Result<(Grid<bool>, Grading), GenError> {
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    let graded = grade(clues, deadline).map_err(|e| match late() {
        true => GenError::Stopped(Stopped::time(None)),
        false => GenError::Invalid(e.to_string()),
    })?;
    match (graded.solutions, graded.inside.clone()) {
        (0, _) => Err(GenError::NoSolution),
        (1, Some(inside)) => Ok((inside, graded)),
        _ => Err(GenError::NotUnique),
    }
}

/// The cells of `lat` in orbits under `sym`, each orbit once, in row-major order of its first
/// cell.
fn orbits(lat: &Lattice, sym: Symmetry) -> Vec<Vec<usize>> {
    let (rows, cols) = (lat.rows, lat.cols);
    let image = |i: usize, k: u32| -> usize {
        let Coord { row: r, col: c } = lat.coord(i);
        match (sym, k) {
            (_, 0) => i,
            (Symmetry::Rot2, _) => (rows - 1 - r) * cols + (cols - 1 - c),
            (Symmetry::Mirror, _) => r * cols + (cols - 1 - c),
            (Symmetry::Rot4, 1) => c * cols + (rows - 1 - r),
            (Symmetry::Rot4, 2) => (rows - 1 - r) * cols + (cols - 1 - c),
            (Symmetry::Rot4, _) => (cols - 1 - c) * cols + r,
            (Symmetry::None, _) => i,
        }
    };
    let images = match sym {
        Symmetry::None => 1,
        Symmetry::Rot2 | Symmetry::Mirror => 2,
        Symmetry::Rot4 => 4,
    };
    let mut seen = vec![false; lat.cells()];
    let mut out = Vec::new();
    for i in 0..lat.cells() {
        if seen[i] {
            continue;
        }
        let mut orbit: Vec<usize> = (0..images).map(|k| image(i, k)).collect();
        orbit.sort_unstable();
        orbit.dedup();
        for &j in &orbit {
            seen[j] = true;
        }
        out.push(orbit);
    }
    out
}

/// One removal pass over a loop (module doc).
struct Pass<'a> {
    lat: &'a Lattice,
    inside: &'a [bool],
    given: &'a [bool],
    opts: &'a Options,
    started: Instant,
}

/// The clues a pass kept (`None` where a cell shows no clue), their grade, the witnesses of
/// [`Generated::witnesses`] and the orbits of [`Generated::unproven`].
type Kept = (
    Vec<Option<u8>>,
    Difficulty,
    Vec<(Coord, Grid<bool>)>,
    Vec<Coord>,
);

impl Pass<'_> {
    /// The kept clues and their grade, or `None` when the given clues do not make the loop
    /// settled by the level (unique for no level).
    fn run(&self, rng: &mut SplitMix64, stats: &mut Stats) -> Result<Option<Kept>, GenError> {
        let (lat, deadline) = (self.lat, self.opts.limits.deadline);
        let started = Instant::now();
        let (mut witnesses, mut unproven) = (Vec::new(), Vec::new());
        let mut checker = Checker::new(lat, self.inside, self.given, deadline);
        let values = checker.values().to_vec();
        let mut clues: Vec<Option<u8>> = (0..lat.cells())
            .map(|i| self.given[i].then_some(values[i]))
            .collect();
        let level = self.opts.difficulty;
        let mut by_rules = settles(lat, &clues, false, deadline);
        let start_ok = match level {
            Some(Difficulty::Easy) => by_rules,
            Some(Difficulty::Medium) => by_rules || settles(lat, &clues, true, deadline),
            _ => by_rules || checker.full_is_unique().map_err(|_| self.stopped(stats))?,
        };
        if !start_ok {
            return Ok(None);
        }
        for orbit in self.removal_order(&values, rng) {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(self.stopped(stats));
            }
            stats.checks += 1;
            let mut trial = clues.clone();
            for &i in &orbit {
                trial[i] = None;
            }
            let rules = by_rules && settles(lat, &trial, false, deadline);
            checker.over_budget = false;
            let accept = rules || self.unique_at_level(&mut checker, &orbit, &trial, stats)?;
            stats.by_rules += u64::from(rules);
            if !accept && checker.over_budget {
                unproven.push(lat.coord(orbit[0]));
            }
            if let Some(w) = checker.witness.take().filter(|_| !accept) {
                let region = Grid::from_cells(lat.rows, lat.cols, lat.region_of(&w));
                witnesses.push((lat.coord(orbit[0]), region.expect("one per cell")));
            }
            if accept && !rules {
                by_rules = false;
            }
            checker.settle(&orbit, !accept);
            if accept {
                clues = trial;
            }
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(self.stopped(stats));
        }
        stats.models += checker.models;
        stats.cuts += checker.cuts;
        stats.conflicts += checker.conflicts();
        stats.max_rounds = stats.max_rounds.max(checker.max_rounds);
        stats.pass_seconds += started.elapsed().as_secs_f64();
        let grade = self.grade(&clues, by_rules);
        Ok(Some((clues, grade, witnesses, unproven)))
    }

    /// The stop for the time limit, with the checks done so far.
    fn stopped(&self, stats: &Stats) -> GenError {
        time_limit(
            self.opts,
            self.started.elapsed().as_secs_f64(),
            stats.checks,
        )
    }

    /// The given clues' symmetry orbits in the order the pass tries to remove them: by the
    /// best rank of their values, ties at random.
    fn removal_order(&self, values: &[u8], rng: &mut SplitMix64) -> Vec<Vec<usize>> {
        let mut order: Vec<(u8, u64, Vec<usize>)> = orbits(self.lat, self.opts.symmetry)
            .into_iter()
            .map(|o| o.into_iter().filter(|&i| self.given[i]).collect::<Vec<_>>())
            .filter(|o| !o.is_empty())
            .map(|o| {
                let rank = o
                    .iter()
                    .map(|&i| self.opts.order.rank[values[i] as usize])
                    .min();
                (rank.unwrap_or(0), rng.next_u64(), o)
            })
            .collect();
        order.sort_unstable();
        order.into_iter().map(|(_, _, o)| o).collect()
    }

    /// Whether the clues `trial` (the kept ones without `orbit`) still settle the loop at the
    /// pass's level, when the rules alone do not.
    fn unique_at_level(
        &self,
        checker: &mut Checker<'_>,
        orbit: &[usize],
        trial: &[Option<u8>],
        stats: &Stats,
    ) -> Result<bool, GenError> {
        let deadline = self.opts.limits.deadline;
        Ok(match self.opts.difficulty {
            Some(Difficulty::Easy) => false,
            Some(Difficulty::Medium) => {
                checker
                    .unique_without(orbit)
                    .map_err(|_| self.stopped(stats))?
                    && settles(self.lat, trial, true, deadline)
            }
            _ => checker
                .unique_without(orbit)
                .map_err(|_| self.stopped(stats))?,
        })
    }

    /// The grade of the kept `clues`: easy if the rules alone settled every step.
    fn grade(&self, clues: &[Option<u8>], by_rules: bool) -> Difficulty {
        let deadline = self.opts.limits.deadline;
        if by_rules {
            Difficulty::Easy
        } else if self.opts.difficulty == Some(Difficulty::Medium)
            || settles(self.lat, clues, true, deadline)
        {
            Difficulty::Medium
        } else {
            Difficulty::Hard
        }
    }
}

fn settles(lat: &Lattice, clues: &[Option<u8>], probe: bool, deadline: Option<Instant>) -> bool {
    grade::settles(lat, clues, probe, deadline)
}

/// The cycles of a side set on `lat` (for the checker).
fn cycles(lat: &Lattice, on: &[bool]) -> Vec<Vec<u32>> {
    lat.cycles(on)
}
