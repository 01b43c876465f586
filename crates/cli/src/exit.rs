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
//!
//! (75 passes between `--processes N` and the children it starts, never to a user: see
//! [`ExitCode::PortTaken`].)

use std::fmt;

use zlink_base::{Resource, Stopped};

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
    /// Internal to `--processes N`: a child whose port another program took; its launcher
    /// starts the run again ([`zlink_cluster::PORT_TAKEN`]), so this code never reaches a user.
    PortTaken = zlink_cluster::PORT_TAKEN as isize,
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
    /// A run stopped by a budget or its deadline (exit code 3): `context`, the stop's figures,
    /// and which option to raise. The libraries say what ran out; only the binary knows its
    /// flags: the time limit is `--time-limit`, a budget that came from the memory budget is
    /// `--max-memory`, and an explicit node budget is `--max-nodes` where the command has that
    /// flag (`nodes_flag`).
    pub fn stopped(context: impl fmt::Display, stop: &Stopped, nodes_flag: bool) -> Self {
        let context = context.to_string();
        let sep = if context.is_empty() { "" } else { ": " };
        let message = match advice(stop, nodes_flag) {
            Some(a) => format!("{context}{sep}{stop}: {a}"),
            None => format!("{context}{sep}{stop}"),
        };
        Self {
            code: ExitCode::Budget,
            message,
        }
    }

    /// A child of `--processes N` whose port was taken ([`ExitCode::PortTaken`]): it exits
    /// quietly, its launcher starts the run again.
    pub fn port_taken() -> Self {
        Self {
            code: ExitCode::PortTaken,
            message: String::new(),
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

/// Which option to raise for `stop` (see [`CliError::stopped`]).
pub fn advice(stop: &Stopped, nodes_flag: bool) -> Option<&'static str> {
    if stop.is_time() {
        Some("raise --time-limit")
    } else if stop.memory_bound() {
        Some("raise --max-memory")
    } else if nodes_flag && matches!(stop.resource(), Some(Resource::Nodes | Resource::States)) {
        Some("raise --max-nodes")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_names_the_flag_of_what_ran_out() {
        let time = Stopped::time(Some(std::time::Duration::from_secs(1)));
        let e = CliError::stopped("p.txt", &time, false);
        assert_eq!(e.code(), ExitCode::Budget);
        assert_eq!(
            e.to_string(),
            "p.txt: time limit of 1 s reached: raise --time-limit"
        );
        let nodes = Stopped::budget(Resource::Nodes, 501, 500);
        assert_eq!(advice(&nodes, true), Some("raise --max-nodes"));
        assert_eq!(advice(&nodes, false), None);
        let derived = nodes.clone().from_memory(8000, 16);
        assert_eq!(advice(&derived, true), Some("raise --max-memory"));
        let held = Stopped::budget(Resource::HeldStates, 9, 8).from_memory(768, 96);
        assert_eq!(advice(&held, false), Some("raise --max-memory"));
        assert_eq!(
            CliError::stopped("", &nodes, true).to_string(),
            "node budget of 500 exhausted (501 nodes): raise --max-nodes"
        );
    }
}
