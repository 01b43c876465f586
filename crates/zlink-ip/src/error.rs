//! Why a solve failed. A budget or the deadline of the model's [`zlink_base::Limits`] is a
//! [`Stopped`] with the figures, as everywhere in zlink; the rest is the solver's own answer.

use zlink_base::Stopped;

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
    /// The deadline passed, or the model's estimated solver working set exceeds the memory
    /// budget ([`crate::Model::check_memory`]); `incumbent` is the best solution found before
    /// the deadline, if any.
    #[error("{stopped}")]
    Stopped {
        /// What ran out, with the figures.
        stopped: Stopped,
        /// Best feasible solution found before the limit.
        incumbent: Option<Box<Solution>>,
    },
    /// This build has no solver (the `highs` feature is off): see [`crate::HAS_SOLVER`].
    #[error("this build has no MIP solver (built without HiGHS): run `zlink-mip`, which has it")]
    NoSolver,
    /// HiGHS reported an error or an unexpected status.
    #[error("HiGHS failed: {0}")]
    Solver(String),
}

impl IpError {
    /// Why the solve stopped, when a budget or the deadline stopped it.
    pub fn stopped(&self) -> Option<&Stopped> {
        match self {
            IpError::Stopped { stopped, .. } => Some(stopped),
            _ => None,
        }
    }
}

impl From<Stopped> for IpError {
    fn from(stopped: Stopped) -> Self {
        IpError::Stopped {
            stopped,
            incumbent: None,
        }
    }
}
