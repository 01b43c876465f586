//! The error values every puzzle shares: positioned parse errors, solver failures and rule
//! violations found by independent checkers.

use std::fmt;

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
    /// The time limit ran out before the question was decided.
    #[error("time limit of {seconds} s reached before the answer was known")]
    TimeLimit {
        /// The limit that was hit, in seconds.
        seconds: f64,
    },
    /// A budget or the deadline of the run's [`zlink_base::Limits`] ran out, with the figures.
    #[error(transparent)]
    Stopped(#[from] zlink_base::Stopped),
    /// A node or memory budget was exhausted (ZDD-backed puzzles).
    #[error("budget exhausted: {0}")]
    Budget(String),
    /// The underlying solver failed (model error, numerical trouble, unexpected status).
    #[error("solver error: {0}")]
    Solver(String),
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
