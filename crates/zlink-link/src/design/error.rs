//! Why a design could not be computed: [`DesignError`], with the stops (budgets, the time)
//! kept typed so that a caller can fall back to a cheaper route or word its own advice.
//!
//! Why a module: the design's front file stays under 600 lines with its operations.

use zlink_frontier::specs::SpecError;
use zlink_frontier::{RunError, Stopped};

use super::ShapeError;

/// Why a design could not be computed.
#[derive(Debug, thiserror::Error)]
pub enum DesignError {
    /// The region's boundary is not one simple cycle.
    #[error("not a single loop: {0}")]
    Shape(#[from] ShapeError),
    /// The candidate grid's size differs from the loop's.
    #[error("candidate grid is {got:?}, the loop is {want:?} (rows, cols)")]
    SizeMismatch {
        /// The loop's size.
        want: (usize, usize),
        /// The candidates' size.
        got: (usize, usize),
    },
    /// The grid is too wide for the frontier states.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// Too many candidate cells open at once (the short side is above about 20 cells).
    #[error("too many candidate cells open at once (the short side of the grid is too long)")]
    TooWide,
    /// The builder's or a store's node budget, or the time, ran out during the build.
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// A ZDD store's node budget ran out.
    #[error(transparent)]
    Budget(#[from] zlink_zdd::BudgetExceeded),
    /// A hint set given as minimal and good ([`super::HintDesign::from_minimal`]) is not.
    #[error("the hint set is not a minimal one that makes the loop unique")]
    NotMinimal,
    /// A uniqueness check of the reduced route (module `reduced`) ran out of its budget.
    #[error("a uniqueness check ran out of its budget: {0}")]
    Check(#[source] RunError),
    /// The deadline of the options passed between two phases (`phase` is the one not started).
    #[error("time limit reached before {phase}")]
    TimeLimit {
        /// The phase that was about to start.
        phase: &'static str,
    },
}

impl DesignError {
    /// Whether a node budget, the memory budget behind it or the time limit stopped the run
    /// (rather than a bad loop or grid).
    pub fn is_budget(&self) -> bool {
        matches!(
            self,
            DesignError::Stopped(_)
                | DesignError::Budget(_)
                | DesignError::Check(_)
                | DesignError::TimeLimit { .. }
        )
    }
}
