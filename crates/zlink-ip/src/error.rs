//! Why a solve failed.

use crate::Solution;

/// A failed solve.
#[derive(Debug, thiserror::Error)]
pub enum IpError {
    /// The model has no feasible point.
    #[error("the model is infeasible")]
    Infeasible,
    /// The objective is unbounded (or HiGHS could not tell unbounded from infeasible).
    #[error("the model is unbounded or infeasible")]
    Unbounded,
    /// The time limit ran out; `incumbent` is the best solution found so far, if any.
    #[error("time limit of {seconds} s reached")]
    TimeLimit {
        /// The limit, in seconds.
        seconds: f64,
        /// Best feasible solution found before the limit.
        incumbent: Option<Box<Solution>>,
    },
    /// A loop made its maximum number of solver calls without finishing.
    #[error("round limit of {rounds} solver calls reached")]
    RoundLimit {
        /// The limit.
        rounds: usize,
    },
    /// The model's estimated solver working set exceeds [`crate::Params::max_memory`].
    #[error(
        "the integer program ({vars} variables, {rows} rows, {nonzeros} nonzeros) needs about \
         {need} bytes of solver memory, over the memory budget of {budget} bytes"
    )]
    Memory {
        /// Columns of the model.
        vars: usize,
        /// Rows of the model.
        rows: usize,
        /// Nonzeros of the model.
        nonzeros: usize,
        /// Estimated bytes ([`crate::Model::solver_memory`]).
        need: u64,
        /// The budget, bytes.
        budget: u64,
    },
    /// This build has no solver (the `highs` feature is off): see [`crate::HAS_SOLVER`].
    #[error("this build has no MIP solver (built without HiGHS): run `zlink-mip`, which has it")]
    NoSolver,
    /// HiGHS reported an error or an unexpected status.
    #[error("HiGHS failed: {0}")]
    Solver(String),
}
