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
    /// HiGHS reported an error or an unexpected status.
    #[error("HiGHS failed: {0}")]
    Solver(String),
}
