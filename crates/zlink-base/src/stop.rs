//! Why a run stopped before its answer: [`Stopped`], a typed value with the figures (what ran
//! out, how much was used, the limit, where in the run). Libraries return it; only the binary
//! words advice ("raise --max-memory") and turns it into an exit code.
//!
//! ```
//! use std::time::Duration;
//! use zlink_base::{stop::At, Resource, Stopped};
//! let s = Stopped::budget(Resource::Nodes, 501, 500).at(At::level(7, 40));
//! assert_eq!(s.to_string(), "node budget of 500 exhausted at level 7 of 40 (501 nodes)");
//! assert!(s.is_budget() && !s.is_time());
//! let t = Stopped::time(Some(Duration::from_millis(1500)));
//! assert_eq!(t.to_string(), "time limit of 1.5 s reached");
//! ```

use std::fmt;
use std::time::Duration;

/// What a budget limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resource {
    /// Diagram nodes (built, or held by a store).
    Nodes,
    /// Distinct states of a count-only run, summed over its levels.
    States,
    /// States a count-only run holds at once (a merged level and the children waiting).
    HeldStates,
    /// Bytes of memory.
    Memory,
}

impl Resource {
    /// The plural noun of one unit (`nodes`, `states held at once`, `bytes`).
    pub fn units(self) -> &'static str {
        match self {
            Resource::Nodes => "nodes",
            Resource::States => "states",
            Resource::HeldStates => "states held at once",
            Resource::Memory => "bytes",
        }
    }
}

/// Where in a level-by-level run it stopped, or which step of a longer one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// The step about to be done (a diagram level, a round, a bound).
    pub step: u64,
    /// Steps in all, where known.
    pub of: Option<u64>,
    /// What a step is (`level`, `round`, `hint`).
    pub unit: &'static str,
}

impl At {
    /// Level `level` of `levels` of a diagram.
    pub fn level(level: u32, levels: u32) -> At {
        At {
            step: u64::from(level),
            of: Some(u64::from(levels)),
            unit: "level",
        }
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, " at {} {}", self.unit, self.step)?;
        match self.of {
            Some(n) => write!(f, " of {n}"),
            None => Ok(()),
        }
    }
}

/// How a memory budget became the budget that ran out: `budget` bytes at `bytes_each` per
/// unit (so the user can see what raising `--max-memory` buys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FromMemory {
    /// The memory budget in bytes.
    pub budget: u64,
    /// Bytes accounted per unit of the resource.
    pub bytes_each: u64,
}

/// Why a run stopped before its answer. No partial answer goes with it.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Stopped {
    /// The deadline passed.
    #[error("time limit{} reached{}", limit_text(*.limit), at_text(*.at))]
    Time {
        /// The limit as given, where known.
        limit: Option<Duration>,
        /// Where the run was.
        at: Option<At>,
    },
    /// A budget ran out.
    #[error("{}", budget_text(*.resource, *.used, *.limit, *.at, *.from_memory, .what))]
    Budget {
        /// What ran out.
        resource: Resource,
        /// How much was used (or would have been needed) when it stopped.
        used: u64,
        /// The budget.
        limit: u64,
        /// Where the run was.
        at: Option<At>,
        /// The memory budget it was derived from, if it was.
        from_memory: Option<FromMemory>,
        /// What needed it, when that helps (`the count`, `3 draws of solutions`).
        what: Option<String>,
    },
}

fn limit_text(limit: Option<Duration>) -> String {
    limit.map_or(String::new(), |d| format!(" of {} s", d.as_secs_f64()))
}

fn at_text(at: Option<At>) -> String {
    at.map_or(String::new(), |a| a.to_string())
}

fn budget_text(
    resource: Resource,
    used: u64,
    limit: u64,
    at: Option<At>,
    from_memory: Option<FromMemory>,
    what: &Option<String>,
) -> String {
    let at = at_text(at);
    let whose = what
        .as_deref()
        .map_or(String::new(), |w| format!(" of {w}"));
    let mut s = match resource {
        Resource::Nodes => format!("node budget{whose} of {limit} exhausted{at} ({used} nodes)"),
        Resource::States => format!("state budget{whose} of {limit} exhausted{at} ({used} states)"),
        Resource::HeldStates => format!(
            "{used} states held at once{at} exceed the budget{whose} of {limit} (the widest \
             levels of this order need more memory)"
        ),
        Resource::Memory => format!(
            "{}{whose} needed{at}, over the memory budget of {}",
            human_bytes(used),
            human_bytes(limit)
        ),
    };
    if let Some(m) = from_memory.filter(|_| resource != Resource::Memory) {
        s.push_str(&format!(
            " (a memory budget of {} allows about {} {} at {} bytes each)",
            human_bytes(m.budget),
            m.budget / m.bytes_each.max(1),
            resource.units(),
            m.bytes_each
        ));
    }
    s
}

impl Stopped {
    /// The time limit `limit` (where known) passed.
    pub fn time(limit: Option<Duration>) -> Stopped {
        Stopped::Time { limit, at: None }
    }

    /// `used` units of `resource` exceed the budget `limit`.
    pub fn budget(resource: Resource, used: u64, limit: u64) -> Stopped {
        Stopped::Budget {
            resource,
            used,
            limit,
            at: None,
            from_memory: None,
            what: None,
        }
    }

    /// `need` bytes for `what` exceed the memory budget `budget`.
    pub fn memory(need: u64, budget: u64, what: impl Into<String>) -> Stopped {
        Stopped::Budget {
            resource: Resource::Memory,
            used: need,
            limit: budget,
            at: None,
            from_memory: None,
            what: Some(what.into()),
        }
    }

    /// The same stop, located at `at`.
    #[must_use]
    pub fn at(mut self, at: At) -> Stopped {
        match &mut self {
            Stopped::Time { at: a, .. } | Stopped::Budget { at: a, .. } => *a = Some(at),
        }
        self
    }

    /// The same stop, with the memory budget its budget came from (no change for time).
    #[must_use]
    pub fn from_memory(mut self, budget: u64, bytes_each: u64) -> Stopped {
        if let Stopped::Budget { from_memory, .. } = &mut self {
            *from_memory = Some(FromMemory { budget, bytes_each });
        }
        self
    }

    /// The same stop, with the time limit as given (no change for budgets or when known).
    #[must_use]
    pub fn with_limit(mut self, given: Option<Duration>) -> Stopped {
        if let Stopped::Time { limit, .. } = &mut self {
            *limit = limit.or(given);
        }
        self
    }

    /// Whether the deadline stopped the run.
    pub fn is_time(&self) -> bool {
        matches!(self, Stopped::Time { .. })
    }

    /// Whether a budget stopped the run.
    pub fn is_budget(&self) -> bool {
        matches!(self, Stopped::Budget { .. })
    }

    /// The resource that ran out, for a budget.
    pub fn resource(&self) -> Option<Resource> {
        match self {
            Stopped::Budget { resource, .. } => Some(*resource),
            Stopped::Time { .. } => None,
        }
    }

    /// Whether the budget that ran out came from the memory budget (so raising that helps).
    pub fn memory_bound(&self) -> bool {
        matches!(
            self,
            Stopped::Budget {
                resource: Resource::Memory,
                ..
            } | Stopped::Budget {
                from_memory: Some(_),
                ..
            }
        )
    }
}

/// Human-readable binary size, e.g. `1.5 GiB`.
pub fn human_bytes(bytes: u64) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < units.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{bytes} B")
    } else {
        format!("{v:.1} {}", units[u])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_carry_the_figures() {
        let s = Stopped::budget(Resource::HeldStates, 900, 800)
            .at(At::level(3, 10))
            .from_memory(800 * 96, 96);
        assert_eq!(
            s.to_string(),
            "900 states held at once at level 3 of 10 exceed the budget of 800 (the widest \
             levels of this order need more memory) (a memory budget of 75.0 KiB allows about \
             800 states held at once at 96 bytes each)"
        );
        assert!(s.memory_bound());
        let m = Stopped::memory(3 << 30, 1 << 30, "5 draws");
        assert_eq!(
            m.to_string(),
            "3.0 GiB of 5 draws needed, over the memory budget of 1.0 GiB"
        );
        assert!(m.memory_bound() && m.is_budget());
        let t = Stopped::time(None).at(At::level(2, 9));
        assert_eq!(t.to_string(), "time limit reached at level 2 of 9");
        let t = t.with_limit(Some(Duration::from_secs(3)));
        assert_eq!(t.to_string(), "time limit of 3 s reached at level 2 of 9");
        assert!(!Stopped::budget(Resource::Nodes, 2, 1).memory_bound());
        assert_eq!(human_bytes(512), "512 B");
    }
}
