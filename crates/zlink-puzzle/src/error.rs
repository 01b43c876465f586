//! The error values every puzzle shares: positioned parse errors, solver failures and rule
//! violations found by independent checkers.
//!
//! A run that stops on a budget or its deadline says so with the figures
//! ([`SolveError::Stopped`], a [`zlink_base::Stopped`]); a failure below the puzzle layer
//! keeps its typed error as a [`Cause`] (walk it with `source()` or downcast it), so nothing is
//! flattened into a string on the way up and only the binary words advice.

use std::fmt;
use std::sync::Arc;

/// A malformed input, with the position of the offending text.
///
/// Displayed as `source:line:col: message` (lines and columns are 1-based; columns count
/// characters), the form editors and terminals recognise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Where the text came from: a file name, `-` for stdin, or `url`.
    pub source: String,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters).
    pub col: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

impl ParseError {
    /// A parse error at `line:col` of `source`.
    pub fn new(
        source: impl Into<String>,
        line: usize,
        col: usize,
        message: impl Into<String>,
    ) -> Self {
        Self {
            source: source.into(),
            line,
            col,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.source, self.line, self.col, self.message
        )
    }
}

// `source` is a file name here, not an error cause, so thiserror's derive does not fit.
impl std::error::Error for ParseError {}

/// A solution breaks a rule of the puzzle (reported by an independent checker).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Which rule is broken, and where.
    pub message: String,
}

impl Violation {
    /// A violation with a message.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Violation {}

/// Why a solve or count did not produce an answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// The puzzle has no solution (the model is infeasible).
    #[error("no solution: the puzzle is infeasible")]
    Infeasible,
    /// The puzzle's clues contradict each other (named): it has no solution.
    #[error("no solution: {0}")]
    Contradiction(String),
    /// A budget or the deadline of the run's [`zlink_base::Limits`] ran out before the
    /// question was decided, with the figures.
    #[error(transparent)]
    Stopped(zlink_base::Stopped),
    /// The underlying solver failed (model error, numerical trouble, unexpected status), with
    /// its typed error.
    #[error("solver error: {0}")]
    Solver(#[source] Cause),
    /// A kind-specific setting (`--set key=value`) is unknown or has a bad value: a usage error.
    #[error("bad setting: {0}")]
    BadSetting(String),
    /// The operation makes no sense for this puzzle kind.
    #[error("`{operation}` is not supported for puzzle kind `{kind}`")]
    Unsupported {
        /// The operation asked for (`count`, `solve`, …).
        operation: &'static str,
        /// The puzzle kind.
        kind: &'static str,
    },
    /// The solver produced an answer the independent checker rejects: a bug, never bad input.
    #[error("internal error: the solver's answer breaks a rule: {0}")]
    Unverified(Violation),
}

/// A library error becomes a puzzle-level one: a stop stays a typed stop, anything else is
/// the typed cause of a [`SolveError::Solver`] (so engines use `?` on frontier and link
/// errors).
impl<E: zlink_base::Stoppable> From<E> for SolveError {
    fn from(e: E) -> Self {
        match e.into_stopped() {
            Ok(s) => SolveError::Stopped(s),
            Err(e) => SolveError::caused_by(e),
        }
    }
}

impl SolveError {
    /// A solver failure described by `message` alone (no typed error below it).
    pub fn solver(message: impl Into<String>) -> Self {
        SolveError::Solver(Cause::message(message))
    }

    /// A solver failure caused by the typed error `e`, kept whole.
    pub fn caused_by(e: impl std::error::Error + Send + Sync + 'static) -> Self {
        SolveError::Solver(Cause::new(e))
    }

    /// Why the run stopped, when a budget or the deadline stopped it.
    pub fn stopped(&self) -> Option<&zlink_base::Stopped> {
        match self {
            SolveError::Stopped(s) => Some(s),
            _ => None,
        }
    }
}

/// The typed error behind a [`SolveError::Solver`], shared (cheap to clone) and kept whole:
/// [`Cause::downcast_ref`] gets it back, `source()` goes on below it. Two causes compare equal
/// when they read the same.
#[derive(Clone)]
pub struct Cause(Arc<dyn std::error::Error + Send + Sync>);

impl Cause {
    /// The cause `e`.
    pub fn new(e: impl std::error::Error + Send + Sync + 'static) -> Self {
        Cause(Arc::new(e))
    }

    /// A cause that is only a message.
    pub fn message(message: impl Into<String>) -> Self {
        Cause::new(Message(message.into()))
    }

    /// The typed error, if it is an `E`.
    pub fn downcast_ref<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.0.downcast_ref::<E>()
    }

    /// The error itself.
    pub fn get(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        &*self.0
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl fmt::Debug for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl PartialEq for Cause {
    fn eq(&self, other: &Self) -> bool {
        self.to_string() == other.to_string()
    }
}

impl std::error::Error for Cause {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

/// A failure that is only a message.
#[derive(Debug)]
struct Message(String);

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Message {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solver_cause_stays_typed() {
        let e = SolveError::caused_by(Violation::new("two 5s in row 3"));
        assert_eq!(e.to_string(), "solver error: two 5s in row 3");
        let SolveError::Solver(c) = &e else {
            panic!("not a solver error")
        };
        assert_eq!(
            c.downcast_ref::<Violation>(),
            Some(&Violation::new("two 5s in row 3"))
        );
        let cause = std::error::Error::source(&e).map(ToString::to_string);
        assert_eq!(cause.as_deref(), Some("two 5s in row 3"));
        assert_eq!(e, SolveError::solver("two 5s in row 3"));
        assert!(e.stopped().is_none());
    }
}
