//! The one-puzzle generator as a [`Generator<Slitherlink>`]: a random unique minimal puzzle of
//! a size, or a given puzzle stripped to a minimal subset of its hints ([`super::generate`],
//! [`super::strip`]), with a difficulty and a symmetry.
//!
//! Why a type of its own: a Rust user makes a puzzle the way the CLI does (`zlink generate
//! slitherlink --size 10x10 --seed 1`) in a few lines, with the one [`Limits`] type and the
//! library's typed errors (a [`GenError`] that is not a stop is the cause of the
//! [`SolveError::Solver`]); the CLI only parses its flags into a [`Request`].
//!
//! ```
//! use zlink_base::Limits;
//! use zlink_link::slitherlink::generate::{Removal, Request};
//! use zlink_puzzle::{Generator, Puzzle};
//! let made = Removal.generate(&Request::size(10, 10), 1, &Limits::default()).unwrap();
//! assert!(made.puzzle.verify(&made.solution).is_ok());
//! assert_eq!(made.details.hints(), made.puzzle.clues().cells().iter().flatten().count());
//! ```

use zlink_base::{Limits, Stoppable, Stopped};
use zlink_puzzle::slitherlink::{LoopEdges, Slitherlink};
use zlink_puzzle::{Generated as Made, Generator, Grid, SolveError, SolveStats};

use super::{generate, strip, Difficulty, GenError, Generated, Options, Order, Symmetry};

/// Largest side of a generated grid (the generator's memory grows with the cells, and
/// [`super::BYTES_PER_CELL`] at 256 × 256 is 4 GB).
pub const MAX_SIDE: usize = 256;

/// Where the puzzle comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// A random loop on a `rows × cols` grid, every clue, then removals.
    Size {
        /// Rows of cells.
        rows: usize,
        /// Columns of cells.
        cols: usize,
    },
    /// A given puzzle (it must be unique), stripped.
    Strip(Grid<Option<u8>>),
}

/// What [`Removal`] makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// A size or a puzzle to strip.
    pub start: Start,
    /// The grade the puzzle must have (`None`: only unique, the fewest hints).
    pub difficulty: Option<Difficulty>,
    /// Symmetry of the hints' positions.
    pub symmetry: Symmetry,
    /// The removal order.
    pub order: Order,
}

impl Request {
    /// A random puzzle on `rows × cols` cells, any grade, no symmetry.
    pub fn size(rows: usize, cols: usize) -> Request {
        Request::from(Start::Size { rows, cols })
    }

    /// `clues` stripped to a minimal subset of its hints.
    pub fn strip(clues: Grid<Option<u8>>) -> Request {
        Request::from(Start::Strip(clues))
    }
}

impl From<Start> for Request {
    fn from(start: Start) -> Request {
        Request {
            start,
            difficulty: None,
            symmetry: Symmetry::None,
            order: Order::default(),
        }
    }
}

impl Stoppable for GenError {
    fn into_stopped(self) -> Result<Stopped, Self> {
        match self {
            GenError::Stopped(s) => Ok(s),
            e => Err(e),
        }
    }
}

/// The one-puzzle generator (module doc); its [`Generator::Details`] are the library's own
/// [`Generated`] (the solution's region, the grade, the removal's figures).
#[derive(Clone, Copy, Debug, Default)]
pub struct Removal;

impl Removal {
    /// The options of one run.
    pub fn options(request: &Request, seed: u64, limits: &Limits) -> Options {
        Options {
            seed,
            difficulty: request.difficulty,
            symmetry: request.symmetry,
            order: request.order,
            limits: limits.clone(),
        }
    }

    /// [`Generator::generate`] with the library's own error.
    ///
    /// # Errors
    /// As [`generate`] and [`strip`]; [`GenError::Invalid`] for a side above [`MAX_SIDE`].
    pub fn make(request: &Request, seed: u64, limits: &Limits) -> Result<Generated, GenError> {
        let opts = Removal::options(request, seed, limits);
        match &request.start {
            Start::Size { rows, cols } if *rows > MAX_SIDE || *cols > MAX_SIDE => {
                Err(GenError::Invalid(format!(
                    "the grid {rows}x{cols} has a side above {MAX_SIDE}"
                )))
            }
            Start::Size { rows, cols } => generate(*rows, *cols, &opts),
            Start::Strip(clues) => strip(clues, &opts),
        }
    }
}

impl Generator<Slitherlink> for Removal {
    type Request = Request;
    type Details = Generated;

    fn name(&self) -> &'static str {
        "removal"
    }

    fn generate(
        &self,
        request: &Request,
        seed: u64,
        limits: &Limits,
    ) -> Result<Made<Slitherlink, Generated>, SolveError> {
        let g = Removal::make(request, seed, limits)?;
        let s = &g.stats;
        let stats = SolveStats {
            seconds: s.seconds,
            counters: vec![
                ("loops", u64::from(s.loops)),
                ("checks", s.checks),
                ("checks_by_rules", s.by_rules),
                ("sat_models", s.models),
                ("sat_cuts", s.cuts),
                ("sat_conflicts", s.conflicts),
                ("witnesses", g.witnesses.len() as u64),
                ("unproven_hints", g.unproven.len() as u64),
                ("sat_max_rounds", s.max_rounds),
            ],
            rounds: None,
        };
        let puzzle = Slitherlink::new(g.clues.clone());
        let mut made = Made::with_details(puzzle, LoopEdges::from_inside(&g.inside), stats, g);
        made.grade = Some(made.details.grade);
        Ok(made)
    }
}
