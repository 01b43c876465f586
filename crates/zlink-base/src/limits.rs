//! What a run may use: [`Limits`], the one limits type that flows from the command line to
//! every engine and generator (memory, nodes, a deadline, threads, progress).
//!
//! Why one type: a diagram build turns the memory budget into a node budget, a count-only run
//! into a budget of states held at once, a generator splits it between its steps, and every
//! step of a long run (deduction, an attempt, the build) must stop at the same instant. With
//! one type, a deadline is an [`Instant`] fixed once, and a budget is checked before the
//! allocation it guards ([`Limits::check_memory`]).
//!
//! ```
//! use std::time::Duration;
//! use zlink_base::Limits;
//! let l = Limits::default().with_nodes(1_000).with_memory(64_000);
//! assert_eq!(l.node_budget(16), Some(1_000)); // the smaller of the two
//! assert!(l.check_memory(100_000, "a table").is_err());
//! let later = l.clone().with_time_limit(Duration::from_secs(60));
//! assert!(later.time_left().unwrap() <= Duration::from_secs(60));
//! ```

use std::time::{Duration, Instant};

use crate::progress::ProgressHook;
use crate::stop::{Resource, Stopped};

/// What a run may use. The default is no limit, the ambient thread pool and no progress.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// Memory budget in bytes. Diagram runs turn it into node and state budgets, generators
    /// share it between their steps.
    pub max_memory: Option<u64>,
    /// Node budget (diagram nodes built, or distinct states counted), on top of the memory
    /// budget.
    pub max_nodes: Option<u64>,
    /// The instant the run must stop by.
    pub deadline: Option<Instant>,
    /// The time limit as the user gave it (for messages only; [`Limits::deadline`] is what
    /// runs check).
    pub time_limit: Option<Duration>,
    /// Worker threads (`None`: the ambient pool, or the engine's default).
    pub threads: Option<usize>,
    /// Where long runs report their progress.
    pub progress: ProgressHook,
}

impl Limits {
    /// These limits with a memory budget of `bytes`.
    #[must_use]
    pub fn with_memory(mut self, bytes: u64) -> Limits {
        self.max_memory = Some(bytes);
        self
    }

    /// These limits with a node budget of `nodes`.
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Limits {
        self.max_nodes = Some(nodes);
        self
    }

    /// These limits with `threads` workers.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Limits {
        self.threads = Some(threads);
        self
    }

    /// These limits reporting progress to `hook`.
    #[must_use]
    pub fn with_progress(mut self, hook: ProgressHook) -> Limits {
        self.progress = hook;
        self
    }

    /// These limits with a time limit of `limit` from now (the earlier deadline wins when
    /// one is set already).
    #[must_use]
    pub fn with_time_limit(mut self, limit: Duration) -> Limits {
        let at = Instant::now().checked_add(limit);
        self.time_limit = Some(limit);
        self.until(at)
    }

    /// These limits, stopping by `deadline` too (the earlier one wins; `None` changes
    /// nothing): for a step of a longer run that must end before the whole.
    #[must_use]
    pub fn until(mut self, deadline: Option<Instant>) -> Limits {
        self.deadline = match (self.deadline, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self
    }

    /// These limits with `part` of the memory budget (a generator's step that may use some
    /// of it); no budget stays none. The node budget is shared the same way.
    #[must_use]
    pub fn share(mut self, part: f64) -> Limits {
        let part = part.clamp(0.0, 1.0);
        self.max_memory = self.max_memory.map(|m| (m as f64 * part) as u64);
        self.max_nodes = self.max_nodes.map(|n| (n as f64 * part) as u64);
        self
    }

    /// Time left until the deadline (zero once it passed; `None` without one).
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// Whether the deadline has passed.
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// `Err` once the deadline has passed.
    ///
    /// # Errors
    /// [`Stopped::Time`] with the time limit as given.
    pub fn check_time(&self) -> Result<(), Stopped> {
        if self.expired() {
            Err(Stopped::time(self.time_limit))
        } else {
            Ok(())
        }
    }

    /// The node budget of a run that accounts `bytes_each` bytes per node: the smaller of
    /// [`Limits::max_nodes`] and the memory budget's share (`None` without either).
    pub fn node_budget(&self, bytes_each: u64) -> Option<u64> {
        let from_memory = self.max_memory.map(|m| m / bytes_each.max(1));
        match (self.max_nodes, from_memory) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Checks, before allocating, that `need` bytes for `what` fit the memory budget.
    ///
    /// # Errors
    /// [`Stopped::Budget`] of [`Resource::Memory`] naming `what`, the bytes and the budget.
    pub fn check_memory(&self, need: u64, what: &str) -> Result<(), Stopped> {
        match self.max_memory {
            Some(budget) if need > budget => Err(Stopped::memory(need, budget, what)),
            _ => Ok(()),
        }
    }

    /// Checks that `used` units of `resource` fit `limit` (no limit: always).
    ///
    /// # Errors
    /// [`Stopped::Budget`] with the figures.
    pub fn check(resource: Resource, used: u64, limit: Option<u64>) -> Result<(), Stopped> {
        match limit {
            Some(l) if used > l => Err(Stopped::budget(resource, used, l)),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_only_move_earlier() {
        let l = Limits::default().with_time_limit(Duration::from_secs(100));
        let d = l.deadline.unwrap();
        let later = l.clone().until(Some(d + Duration::from_secs(5)));
        assert_eq!(later.deadline, Some(d));
        let earlier = l.clone().until(Some(d - Duration::from_secs(5)));
        assert_eq!(earlier.deadline, Some(d - Duration::from_secs(5)));
        assert_eq!(l.clone().until(None).deadline, Some(d));
        let past = Limits::default().until(Some(Instant::now()));
        assert!(past.expired() && past.check_time().unwrap_err().is_time());
        assert_eq!(past.time_left(), Some(Duration::ZERO));
        assert!(Limits::default().check_time().is_ok());
    }

    #[test]
    fn budgets_and_shares() {
        let l = Limits::default().with_memory(1000);
        assert_eq!(l.node_budget(10), Some(100));
        assert_eq!(l.clone().share(0.5).max_memory, Some(500));
        assert_eq!(Limits::default().node_budget(10), None);
        assert!(l.check_memory(1000, "x").is_ok());
        let e = l.check_memory(1001, "x").unwrap_err();
        assert_eq!(e.resource(), Some(Resource::Memory));
        assert!(Limits::check(Resource::Nodes, 5, Some(4)).is_err());
        assert!(Limits::check(Resource::Nodes, 5, None).is_ok());
    }
}
