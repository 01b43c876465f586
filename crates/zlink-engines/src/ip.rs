//! The one IP engine: [`IpEngine`] turns an integer-programming [`Formulation`] of a puzzle
//! into its `--engine ip`, so a puzzle supplies only what is its own (the model, its settings,
//! how a solution is read back) and every IP engine answers the registry the same way: named
//! `ip`, needing the MIP solver, counting by enumeration (no-good cuts), so `--limit` applies
//! and a stopped count is a lower bound.
//!
//! Why: the five IP engines (Battleship, circuit board, Hashi, Slitherlink, Sudoku, and the
//! Zebra puzzle's) were the same 45-70-line forwarding struct, copied; a fix to one (a new
//! [`Engine`] method, a flag) had to be made six times.
//!
//! ```
//! use zlink_engines::ip::{Formulation, IpEngine};
//! use zlink_engines::sudoku::{Sudoku, SudokuIp};
//! use zlink_puzzle::{Engine, Puzzle, SolveOptions};
//! let (_, s) = Sudoku::parse("1...\n..2.\n.3..\n...4", "doc").unwrap().remove(0);
//! let ip = IpEngine(SudokuIp);
//! assert_eq!((ip.name(), ip.enumerates()), ("ip", true));
//! assert_eq!(ip.summary(), SudokuIp.summary());
//! # if zlink_engines::MIP_SOLVER {
//! assert_eq!(ip.count(&s, &(), &SolveOptions::default()).unwrap().count, 1u32.into());
//! # }
//! ```

use zlink_puzzle::{Counted, Engine, Puzzle, Settings, SolveError, SolveOptions, Solved};

/// An integer-programming formulation of puzzle `P`: its settings (which model, which cuts),
/// how to solve it (the shared cut loop, `mip::solve_by_cuts`) and how to count its
/// solutions (no-good enumeration, `mip::count_by_enumeration`).
pub trait Formulation<P: Puzzle>: Sync + 'static {
    /// The formulation's settings, read from `--set key=value` pairs.
    type Settings: Settings;

    /// One line for `--help`: the models and how they count.
    fn summary(&self) -> &'static str;

    /// One solution by HiGHS.
    ///
    /// # Errors
    /// [`SolveError::Infeasible`] when there is none; a time limit, budget or solver failure.
    fn solve(
        &self,
        puzzle: &P,
        settings: &Self::Settings,
        opts: &SolveOptions,
    ) -> Result<Solved<P::Solution>, SolveError>;

    /// The number of solutions by no-good cuts: exact, or a lower bound when
    /// [`SolveOptions::limit`] stopped the enumeration.
    ///
    /// # Errors
    /// A time limit or solver failure (no solution is a count of 0, not an error).
    fn count(
        &self,
        puzzle: &P,
        settings: &Self::Settings,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError>;
}

/// The `ip` engine of any puzzle with a [`Formulation`]: `IpEngine(HashiIp)` in Hashi's row.
#[derive(Debug, Clone, Copy, Default)]
pub struct IpEngine<F>(pub F);

impl<P: Puzzle, F: Formulation<P>> Engine<P> for IpEngine<F> {
    type Settings = F::Settings;

    fn name(&self) -> &'static str {
        "ip"
    }

    fn summary(&self) -> &'static str {
        self.0.summary()
    }

    fn needs_mip(&self, _: &Self::Settings) -> bool {
        true
    }

    fn enumerates(&self) -> bool {
        true
    }

    fn solve(
        &self,
        puzzle: &P,
        settings: &F::Settings,
        opts: &SolveOptions,
    ) -> Result<Solved<P::Solution>, SolveError> {
        self.0.solve(puzzle, settings, opts)
    }

    fn count(
        &self,
        puzzle: &P,
        settings: &F::Settings,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        self.0.count(puzzle, settings, opts)
    }
}
