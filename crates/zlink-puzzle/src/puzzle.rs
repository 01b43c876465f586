//! What a puzzle *is*: the [`Puzzle`] trait (its solution type, parsing, an independent rule
//! checker, renderings), and the values every run shares (options, statistics, exact counts).
//!
//! How a puzzle is solved is a separate thing, an [`crate::Engine`]: a puzzle has one or more
//! engines, listed in its registry row ([`crate::Kind`]). Keeping the two apart means a second
//! engine is one more file, never a wrapper type around the puzzle.

use std::fmt::Debug;

use num_bigint::BigUint;
use zlink_base::Limits;

use crate::{ParseError, Violation};

/// Knobs of one run. Every engine honours its [`Limits`]; the rest applies where it means
/// something (see each field).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SolveOptions {
    /// What the run may use: the deadline, the memory budget (diagram engines turn it into
    /// node and state budgets and stop with [`crate::SolveError::Stopped`] instead of being
    /// killed), worker or solver threads (`None` = the engine's default), and where progress
    /// goes.
    pub limits: Limits,
    /// Engines that count by enumerating solutions one at a time stop after this many, and
    /// say that the count is a lower bound; exact counters ignore it.
    pub limit: Option<u64>,
    /// Engine settings (`--set key=value`), in command-line order. Each engine reads them
    /// into its typed [`crate::Settings`] and rejects any other key.
    pub settings: Vec<(String, String)>,
}

/// A table of per-round figures (for cut loops: round, seconds, nodes, iterations, cuts).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StatsTable {
    /// Column names.
    pub columns: Vec<&'static str>,
    /// One row per round, one value per column.
    pub rows: Vec<Vec<f64>>,
}

impl StatsTable {
    /// States per level of a diagram run (`(level, states)` of each level that held one), in
    /// at most `rows` runs of consecutive levels (each row: first and last level, the most
    /// states at one level of the run, all states of the run), so a diagram of thousands of
    /// levels still prints as a short table.
    pub fn level_profile(per_level: &[(u32, u64)], rows: usize) -> StatsTable {
        let chunk = per_level.len().div_ceil(rows.max(1)).max(1);
        StatsTable {
            columns: vec!["from_level", "to_level", "max_states", "states"],
            rows: per_level
                .chunks(chunk)
                .map(|run| {
                    let max = run.iter().map(|&(_, n)| n).max().unwrap_or(0);
                    let sum: u64 = run.iter().map(|&(_, n)| n).sum();
                    vec![
                        f64::from(run[0].0),
                        f64::from(run[run.len() - 1].0),
                        max as f64,
                        sum as f64,
                    ]
                })
                .collect(),
        }
    }
}

/// What a solve or count cost.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SolveStats {
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Named totals (`solver_calls`, `nodes`, `iterations`, `cuts`, …) in a stable order.
    pub counters: Vec<(&'static str, u64)>,
    /// Per-round figures when the engine iterates (cut loops, row generation).
    pub rounds: Option<StatsTable>,
}

impl SolveStats {
    /// Statistics of a run that took `seconds` and kept no counters.
    pub fn timed(seconds: f64) -> Self {
        Self {
            seconds,
            ..Self::default()
        }
    }

    /// The statistics of a diagram run that took `seconds`: `counters` in order, and the
    /// states per level (`(level, states)`) as a table of at most 16 rows
    /// ([`StatsTable::level_profile`]; none when no level held a state).
    pub fn of_levels(
        seconds: f64,
        counters: Vec<(&'static str, u64)>,
        level_states: &[(u32, u64)],
    ) -> Self {
        Self {
            seconds,
            counters,
            rounds: (!level_states.is_empty()).then(|| StatsTable::level_profile(level_states, 16)),
        }
    }

    /// The counter called `name`, if recorded.
    pub fn counter(&self, name: &str) -> Option<u64> {
        self.counters
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, v)| v)
    }
}

/// Bytes one draw of a solution over `n` variables may hold until it is printed: its member
/// (4 bytes a variable) and the decoded solution (at most about as much again), with room for
/// the containers.
const DRAW_BYTES_PER_VAR: u64 = 16;

/// Checks that `k` draws of solutions over `num_vars` variables fit the memory budget of
/// `limits` before any is made (`solve --sample` allows a million).
///
/// # Errors
/// [`zlink_base::Stopped`] naming the draws and the budget.
pub fn check_draws(limits: &Limits, k: usize, num_vars: u32) -> Result<(), zlink_base::Stopped> {
    let need = (k as u64).saturating_mul(u64::from(num_vars) * DRAW_BYTES_PER_VAR + 64);
    limits.check_memory(
        need,
        &format!("{k} draws of solutions over {num_vars} variables"),
    )
}

/// Solutions drawn uniformly at random from all of a puzzle's solutions ([`crate::Engine::sample`]).
#[derive(Debug, Clone)]
pub struct Sampled<S> {
    /// The draws, with replacement, in the order drawn (empty when there is no solution).
    pub solutions: Vec<S>,
    /// How many solutions they were drawn from (exact).
    pub count: BigUint,
    /// Cost of building every solution and drawing.
    pub stats: SolveStats,
}

/// A solution and what it cost.
#[derive(Debug, Clone)]
pub struct Solved<S> {
    /// The solution.
    pub solution: S,
    /// Whether a second solution was seen (`Some(true)`: the puzzle is not unique), when the
    /// engine looked (`None`: not checked).
    pub more: Option<bool>,
    /// Cost of finding it.
    pub stats: SolveStats,
    /// What the user should know about the answer besides the solution (the CLI prints it
    /// on stderr), e.g. why uniqueness could not be checked.
    pub note: Option<String>,
    /// A limit stopped the engine before its answer was final: `solution` is the best it had
    /// (an optimiser's incumbent; the note says what was proven). The CLI prints it and
    /// exits as for the stop. `None` for a final answer.
    pub stopped: Option<zlink_base::Stopped>,
}

impl<S> Solved<S> {
    /// A solution found at `stats`' cost, uniqueness not checked.
    pub fn new(solution: S, stats: SolveStats) -> Self {
        Self {
            solution,
            more: None,
            stats,
            note: None,
            stopped: None,
        }
    }

    /// The first of up to two solutions an engine listed, noting whether there was a second.
    ///
    /// # Errors
    /// [`crate::SolveError::Infeasible`] for an empty list.
    pub fn first_of_two(found: Vec<S>, stats: SolveStats) -> Result<Self, crate::SolveError> {
        let more = found.len() > 1;
        let first = found
            .into_iter()
            .next()
            .ok_or(crate::SolveError::Infeasible)?;
        Ok(Solved {
            solution: first,
            more: Some(more),
            stats,
            note: None,
            stopped: None,
        })
    }
}

/// The number of solutions: exact, or a lower bound when an enumerating engine stopped at
/// [`SolveOptions::limit`].
#[derive(Debug, Clone, PartialEq)]
pub struct Counted {
    /// Solutions: all of them when `exact`, else at least this many.
    pub count: BigUint,
    /// Whether `count` is the exact number.
    pub exact: bool,
    /// Cost of counting.
    pub stats: SolveStats,
}

impl Counted {
    /// An exact count.
    pub fn exact(count: impl Into<BigUint>, stats: SolveStats) -> Self {
        Self {
            count: count.into(),
            exact: true,
            stats,
        }
    }

    /// The count as a `u64`, if it is exact and fits.
    pub fn exact_u64(&self) -> Option<u64> {
        self.exact
            .then(|| u64::try_from(&self.count).ok())
            .flatten()
    }
}

/// A puzzle: what it is, independent of how it is solved. Implement it once per puzzle kind.
pub trait Puzzle: Send + Sync + Sized + 'static {
    /// A complete assignment (a filled grid, a set of bridges, a loop, …).
    type Solution: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// Parse every puzzle in `text` (files may hold one puzzle per line), each with the 1-based
    /// line it starts on. `source` names the input in errors.
    ///
    /// # Errors
    /// A positioned [`ParseError`] for malformed input (syntax, sizes). Clues that merely
    /// contradict each other are not an input error: see [`Puzzle::contradiction`].
    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError>;

    /// Clues that contradict each other outright (two equal givens in a row, an island that
    /// needs more bridges than it has neighbours), named: such a puzzle has no solution, so
    /// it counts 0 and has nothing to solve, whatever the engine.
    fn contradiction(&self) -> Option<String> {
        None
    }

    /// Check `solution` against the rules and the clues, independently of any engine.
    ///
    /// # Errors
    /// The first broken rule found.
    fn verify(&self, solution: &Self::Solution) -> Result<(), Violation>;

    /// Multi-line text of the puzzle, or of the solution when given.
    fn render_text(&self, solution: Option<&Self::Solution>) -> String;

    /// One-line text (for files with one puzzle per line); defaults to the rows of
    /// [`render_text`](Puzzle::render_text) joined by `/`.
    fn render_line(&self, solution: Option<&Self::Solution>) -> String {
        self.render_text(solution)
            .lines()
            .collect::<Vec<_>>()
            .join("/")
    }

    /// An SVG picture of the puzzle, with the solution drawn when given.
    fn render_svg(&self, solution: Option<&Self::Solution>) -> String;

    /// The formats [`Puzzle::write`] writes a puzzle in, besides `text` and `svg` (which every
    /// kind has): what `render --format` converts to.
    const FORMATS_OUT: &'static [&'static str] = &[];

    /// This puzzle in `format` (one of [`Puzzle::FORMATS_OUT`]), which [`Puzzle::parse`] reads
    /// back to the same puzzle; `None` for another name, or a puzzle the format cannot hold.
    fn write(&self, _format: &str) -> Option<String> {
        None
    }

    /// The formats [`Puzzle::write_solution`] writes a solution in, besides `text` and `svg`:
    /// what `solve --format` prints.
    const SOLUTION_FORMATS_OUT: &'static [&'static str] = &[];

    /// `solution` of this puzzle in `format` (one of [`Puzzle::SOLUTION_FORMATS_OUT`]); `None`
    /// for another name.
    fn write_solution(&self, _solution: &Self::Solution, _format: &str) -> Option<String> {
        None
    }

    /// A short description (`9×9 Sudoku, 17 givens`).
    fn describe(&self) -> String;
}
