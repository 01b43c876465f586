//! What every zlink crate shares, and nothing else: the limits of a run ([`Limits`]: memory,
//! nodes, a deadline, threads, a progress hook), why a run stopped before its answer
//! ([`Stopped`], with the figures), progress reports ([`ProgressHook`]), the memory the machine
//! can give ([`memory`]) and the one seeded random number generator ([`SplitMix64`]).
//!
//! Why a crate of its own: the diagram side (`zlink-zdd`, `zlink-frontier`, `zlink-link`) and
//! the integer-programming side (`zlink-ip`) never depend on each other, yet one `--max-memory`,
//! `--time-limit` and `--seed` must mean the same thing on both, from the command line to every
//! engine and generator. Start with [`Limits`].
//!
//! ```
//! use std::time::Duration;
//! use zlink_base::{Limits, Resource, Stopped};
//! let limits = Limits::default().with_memory(1 << 30).with_time_limit(Duration::from_secs(5));
//! assert_eq!(limits.node_budget(16), Some((1 << 30) / 16));
//! assert!(limits.check_time().is_ok());
//! let stop = Stopped::budget(Resource::Nodes, 1_000_001, 1_000_000);
//! assert_eq!(stop.to_string(), "node budget of 1000000 exhausted (1000001 nodes)");
//! ```

pub mod limits;
pub mod memory;
pub mod progress;
pub mod rng;
pub mod stop;

pub use limits::Limits;
pub use progress::{ProgressHook, Report};
pub use rng::SplitMix64;
pub use stop::{Resource, Stoppable, Stopped};
