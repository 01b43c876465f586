//! Exit codes and the one error type the binary reports.
//!
//! Scripts branch on exit codes, so every code has one meaning:
//!
//! | code | meaning |
//! |---|---|
//! | 0 | success |
//! | 1 | the question has no answer: no solution, not unique, the solver failed |
//! | 2 | usage or input error: bad flags (clap), unreadable or malformed input files |
//! | 3 | a budget ran out before the answer was known: nodes, memory or `--time-limit` |

use std::fmt;

/// The exit codes of `zlink`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitCode {
    /// Everything asked for was done.
    Success = 0,
    /// No solution, not unique, or the solver failed.
    Failed = 1,
    /// Bad command line or bad input.
    Input = 2,
    /// A node, memory or time budget ran out.
    Budget = 3,
}

impl From<ExitCode> for std::process::ExitCode {
    fn from(code: ExitCode) -> Self {
        std::process::ExitCode::from(code as u8)
    }
}

/// An error on its way to the user: one message and the exit code it maps to.
#[derive(Debug)]
pub struct CliError {
    code: ExitCode,
    message: String,
}

#[allow(dead_code)] // constructors are used as commands land
impl CliError {
    /// A usage or input error (exit code 2).
    pub fn input(message: impl fmt::Display) -> Self {
        Self {
            code: ExitCode::Input,
            message: message.to_string(),
        }
    }
    /// No solution / failure (exit code 1).
    pub fn failed(message: impl fmt::Display) -> Self {
        Self {
            code: ExitCode::Failed,
            message: message.to_string(),
        }
    }
    /// A budget was exhausted (exit code 3).
    pub fn budget(message: impl fmt::Display) -> Self {
        Self {
            code: ExitCode::Budget,
            message: message.to_string(),
        }
    }
    /// The exit code this error maps to.
    pub fn code(&self) -> ExitCode {
        self.code
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
