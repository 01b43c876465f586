//! How a puzzle is made: the [`Generator`] trait, beside [`crate::Engine`] (how it is solved).
//!
//! Why a trait of its own: making a puzzle is a capability of an engine library (the ZDD
//! designers of `zlink-link`, the Zebra and circuit-board generators of `zlink-engines`), with
//! its own routes, budgets and choices, and a Rust user calls it like a solve: a request, a
//! seed and the one [`Limits`] type in, a puzzle with its solution and figures out. The CLI
//! only parses the request, calls [`Generator::generate`] and prints.
//!
//! ```
//! use zlink_base::{Limits, SplitMix64};
//! use zlink_puzzle::generate::{Generated, Generator};
//! use zlink_puzzle::{Puzzle, SolveError, SolveStats, Violation};
//! # #[derive(Debug, Clone, PartialEq)] struct Coin(bool);
//! # impl Puzzle for Coin {
//! #     type Solution = bool;
//! #     fn parse(_: &str, _: &str) -> Result<Vec<(usize, Self)>, zlink_puzzle::ParseError> { Ok(vec![]) }
//! #     fn verify(&self, s: &bool) -> Result<(), Violation> {
//! #         if *s == self.0 { Ok(()) } else { Err(Violation::new("wrong side")) }
//! #     }
//! #     fn render_text(&self, _: Option<&bool>) -> String { String::new() }
//! #     fn render_svg(&self, _: Option<&bool>) -> String { String::new() }
//! #     fn describe(&self) -> String { "a coin".into() }
//! # }
//! /// Tosses a coin: the puzzle is its side, its one solution too.
//! struct Toss;
//! impl Generator<Coin> for Toss {
//!     type Request = ();
//!     type Details = ();
//!     fn name(&self) -> &'static str { "toss" }
//!     fn generate(&self, _: &(), seed: u64, limits: &Limits) -> Result<Generated<Coin>, SolveError> {
//!         limits.check_time()?;
//!         let side = SplitMix64::new(seed).next_u64() & 1 == 1;
//!         Ok(Generated::new(Coin(side), side, SolveStats::default()))
//!     }
//! }
//! let g = Toss.generate(&(), 7, &Limits::default()).unwrap();
//! assert!(g.puzzle.verify(&g.solution).is_ok());
//! assert_eq!(g.puzzle, Toss.generate(&(), 7, &Limits::default()).unwrap().puzzle);
//! ```

use zlink_base::Limits;

use crate::puzzle::{Puzzle, SolveStats};
use crate::SolveError;

/// A difficulty grade, defined by the techniques a solver needs, easiest first: the one scale
/// every generator grades on (Slitherlink's sides, Numberlink's edges), so `--difficulty`
/// and `zlink grade` mean the same for every puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// The local rules settle the puzzle.
    Easy,
    /// The rules plus probing (one level of lookahead) settle it.
    Medium,
    /// Unique, but probing leaves it open: a solver must search.
    Hard,
}

impl Difficulty {
    /// Every grade, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The grade's name: `easy`, `medium`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }
}

/// One way to make puzzles of kind `P`.
pub trait Generator<P: Puzzle>: Sync {
    /// What to make: size, difficulty, symmetry, a puzzle to strip, … (per generator).
    type Request;

    /// What else the generator knows of a puzzle it made, in its own types (the route it
    /// took, uniqueness under other rules, its own counters); `()` when nothing.
    type Details;

    /// The generator's name (in `--json` and messages).
    fn name(&self) -> &'static str;

    /// One puzzle for `request`; the same `seed` and request give the same puzzle.
    ///
    /// # Errors
    /// [`SolveError::Stopped`] when a budget or the deadline of `limits` runs out (no
    /// partial puzzle), [`SolveError::BadSetting`] for a request that cannot be met, or the
    /// generator's own typed error as the cause of a [`SolveError::Solver`] (get it back with
    /// [`crate::Cause::downcast_ref`]).
    fn generate(
        &self,
        request: &Self::Request,
        seed: u64,
        limits: &Limits,
    ) -> Result<Generated<P, Self::Details>, SolveError>;
}

/// A generated puzzle, its solution, its grade and what making it cost.
#[derive(Debug, Clone)]
pub struct Generated<P: Puzzle, D = ()> {
    /// The puzzle.
    pub puzzle: P,
    /// Its solution (the unique one, when the generator promises uniqueness).
    pub solution: P::Solution,
    /// Figures of the run (seconds; counters such as hints, checks, repairs).
    pub stats: SolveStats,
    /// Its grade, when the generator grades what it makes.
    pub grade: Option<Difficulty>,
    /// What the user should know about the puzzle (printed on stderr by the CLI).
    pub note: Option<String>,
    /// The generator's own figures ([`Generator::Details`]).
    pub details: D,
}

impl<P: Puzzle> Generated<P> {
    /// A puzzle with its solution, made at `stats`' cost.
    pub fn new(puzzle: P, solution: P::Solution, stats: SolveStats) -> Self {
        Generated::with_details(puzzle, solution, stats, ())
    }
}

impl<P: Puzzle, D> Generated<P, D> {
    /// A puzzle with its solution, made at `stats`' cost, with the generator's `details`.
    pub fn with_details(puzzle: P, solution: P::Solution, stats: SolveStats, details: D) -> Self {
        Self {
            puzzle,
            solution,
            stats,
            grade: None,
            note: None,
            details,
        }
    }
}
