//! The count-only pass of `zlink-frontier` on timely-dataflow: one process per host, several
//! workers per process.
//!
//! Why: record counts outgrow one machine (18×18 corner paths hold 4.1 GB of states, and the
//! widest level grows about 3.5× per size), and the count-only pass is a level-by-level
//! shuffle that an existing distributed engine runs as it is: every `(state, count)` pair of
//! a level makes at most two pairs of later levels, and pairs with equal states merge by adding
//! their counts. Here each worker owns the states whose hash falls to it; per level it maps
//! (children, by the spec), exchanges (by the child state's hash) and merges (by state), and
//! the accepted counts are summed on worker 0 of process 0. Counts are exact ([`Tally`]:
//! 128-bit words that spill into `BigUint`).
//!
//! Any [`Spec`] whose state can travel ([`Wire`]: the frontier's [`Packed`], `Inline` and
//! `Wide` states, plain integers) runs here, so paths and cycles both do; a [`Mates`] family
//! runs through [`count_mates`], on the state form the single pass would choose.
//!
//! ```
//! use zlink_cluster::{count_distributed, Cluster};
//! use zlink_frontier::packed::Packed;
//! use zlink_frontier::{EdgeOrder, Graph, Mate};
//! let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(4, 4));
//! let paths = Mate::<Packed>::st_paths(&g, 0, 15, false).unwrap();
//! let counted = count_distributed(paths, &Cluster::local(2)).unwrap().unwrap();
//! assert_eq!(counted.count, 184u32.into()); // OEIS A007764
//! ```
//!
//! [`Packed`]: zlink_frontier::packed::Packed
//! [`Mates`]: zlink_frontier::Mates

mod dataflow;
mod halt;
pub mod launch;
mod level;
mod mates;
mod narrow;
pub mod net;
mod outbox;
mod watch;
mod wire;

use std::net::TcpStream;
use std::ops::DerefMut;
use std::sync::Arc;
use std::time::{Duration, Instant};

use num_bigint::BigUint;
use timely::communication::allocator::zero_copy::bytes_slab::BytesRefill;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{GenericBuilder, Process};
use timely::WorkerConfig;
use zlink_frontier::lookahead::Forward;
use zlink_frontier::specs::SpecError;
use zlink_frontier::{Counted, Level, Spec};

pub use halt::CLUSTER_BYTES_PER_STATE;
pub use launch::{launch_local, LaunchError, LAUNCHED, PORT_TAKEN};
pub use mates::count_mates;
pub use net::read_hostfile;
pub use watch::{HEARTBEAT_EVERY, PEER_TIMEOUT};
pub use wire::{Flat, Tally, Wire};
pub use zlink_base::Stopped;

/// Why a distributed count stopped without an answer.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// A host file that cannot be read or has a bad line (`line` 0: the file as a whole).
    #[error("host file {file}, line {line}: {reason}")]
    Hostfile {
        /// The file.
        file: String,
        /// The 1-based line (0 for the whole file).
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The cluster's shape does not add up (process number, host count, workers).
    #[error("cluster: {0}")]
    Shape(String),
    /// The spec cannot be set up (a terminal that is not a vertex, a frontier too wide).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// This process cannot listen on its own address.
    #[error("cannot listen on {address}: {reason}")]
    Bind {
        /// This process's address.
        address: String,
        /// The system's reason.
        reason: String,
        /// Whether another program holds the address ("address already in use"): a run
        /// started by [`launch_local`] then starts again on fresh ports.
        in_use: bool,
    },
    /// A peer did not connect or answer within the connection timeout.
    #[error("process {process} at {address} unreachable within {seconds} s: {reason}")]
    Unreachable {
        /// The peer's process number.
        process: usize,
        /// Its address.
        address: String,
        /// The connection timeout.
        seconds: f64,
        /// The last error seen.
        reason: String,
    },
    /// A peer process was lost mid-run: timely's communication threads fail on a closed
    /// connection and take this process's workers down (the peers see the same).
    #[error("lost a peer process (its connection closed): {0}")]
    PeerLost(String),
    /// A peer sent no heartbeat for the peer timeout: it stopped (a `SIGSTOP`, a hung host)
    /// or the network between cut it off. This process stopped its part of the run.
    #[error(
        "process {process} at {address} sent no heartbeat for {seconds} s (stopped, or cut off)"
    )]
    PeerSilent {
        /// The silent peer's process number.
        process: usize,
        /// Its address.
        address: String,
        /// The peer timeout.
        seconds: f64,
    },
    /// A process ran out of its memory budget, or the deadline passed: every process of the
    /// run ends with this error (the same `stop`, naming the `process` that ran out).
    #[error("process {process}: {stop}")]
    Stopped {
        /// The process that ran out (the first one seen, when several did).
        process: usize,
        /// What ran out, where, in the words of the single-machine count.
        stop: Stopped,
    },
    /// A worker stopped for another reason (it panicked), or timely could not start.
    #[error("a worker stopped: {0}")]
    Worker(String),
}

/// Where this process stands in a run: processes, this one's number, their addresses and the
/// workers per process.
#[derive(Clone, Debug)]
pub struct Cluster {
    /// Process `i` listens on `hosts[i]` (`host:port`); unused for one process.
    pub hosts: Vec<String>,
    /// This process's number, `0..hosts.len()`.
    pub process: usize,
    /// Worker threads per process (at least 1).
    pub workers: usize,
    /// How long to wait for the peers to connect.
    pub connect_timeout: Duration,
    /// How long a peer may send no heartbeat before this process stops the run
    /// ([`PEER_TIMEOUT`] by default; heartbeats go every [`HEARTBEAT_EVERY`]).
    pub peer_timeout: Duration,
    /// This process's memory budget in bytes: its workers together hold at most this many
    /// bytes' worth of states ([`CLUSTER_BYTES_PER_STATE`] each); `None`: no budget.
    pub max_memory: Option<u64>,
    /// The instant the run must stop by (checked as each level starts).
    pub deadline: Option<Instant>,
    /// The time limit as given (for the message only).
    pub time_limit: Option<Duration>,
}

/// The default time the processes of a run wait for each other.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

impl Cluster {
    /// One process with `workers` threads.
    pub fn local(workers: usize) -> Cluster {
        Cluster {
            hosts: Vec::new(),
            process: 0,
            workers,
            connect_timeout: CONNECT_TIMEOUT,
            peer_timeout: PEER_TIMEOUT,
            max_memory: None,
            deadline: None,
            time_limit: None,
        }
    }

    /// Process `process` of the processes at `hosts`, `workers` threads each.
    pub fn hosts(hosts: Vec<String>, process: usize, workers: usize) -> Cluster {
        Cluster {
            hosts,
            process,
            workers,
            connect_timeout: CONNECT_TIMEOUT,
            peer_timeout: PEER_TIMEOUT,
            max_memory: None,
            deadline: None,
            time_limit: None,
        }
    }

    /// The number of processes.
    pub fn processes(&self) -> usize {
        self.hosts.len().max(1)
    }

    fn check(&self) -> Result<(), ClusterError> {
        if self.workers == 0 {
            return Err(ClusterError::Shape(
                "at least one worker per process".into(),
            ));
        }
        if self.process >= self.processes() {
            return Err(ClusterError::Shape(format!(
                "process {} of {} (processes are numbered from 0)",
                self.process,
                self.processes()
            )));
        }
        Ok(())
    }

    /// Timely's allocators for this process's workers, connected to the peers, and the
    /// heartbeats' watch (none on one process).
    #[allow(clippy::type_complexity)]
    fn builders(
        &self,
    ) -> Result<
        (
            Vec<GenericBuilder>,
            Box<dyn std::any::Any + Send>,
            Option<watch::Watch>,
        ),
        ClusterError,
    > {
        if self.processes() == 1 {
            let (builders, others) = timely::CommunicationConfig::Process(self.workers)
                .try_build()
                .map_err(ClusterError::Shape)?;
            return Ok((builders, others, None));
        }
        let links = net::connect(&self.hosts, self.process, self.connect_timeout)?;
        let setup = |e: std::io::Error| ClusterError::Worker(format!("network set-up: {e}"));
        let data = links.data.iter().flatten().map(TcpStream::try_clone);
        let data = data.collect::<Result<Vec<_>, _>>().map_err(setup)?;
        let watch = watch::Watch::start(links.beats, data, self.peer_timeout).map_err(setup)?;
        let sockets = links.data;
        let refill = BytesRefill {
            logic: Arc::new(|size| Box::new(vec![0_u8; size]) as Box<dyn DerefMut<Target = [u8]>>),
            limit: None,
        };
        let (builders, guard) = initialize_networking_from_sockets::<_, Process>(
            sockets,
            self.process,
            self.workers,
            refill,
            Arc::new(|_| None),
        )
        .map_err(|e| ClusterError::Worker(format!("network set-up: {e}")))?;
        Ok((
            builders.into_iter().map(GenericBuilder::ZeroCopy).collect(),
            Box::new(guard),
            Some(watch),
        ))
    }
}

/// The default memory budget of process `process` of the run at `hosts`: 80% of the memory
/// available ([`zlink_base::memory::default_budget`]), shared evenly by the processes of
/// `hosts` on the same host ([`shared_budget`]); `None` when the machine does not say what it
/// has. The processes [`launch_local`] starts share one machine's budget this way.
pub fn shared_default_budget(hosts: &[String], process: usize) -> Option<u64> {
    zlink_base::memory::default_budget().map(|b| shared_budget(b, hosts, process))
}

/// `budget` shared evenly by the processes of `hosts` on the host of process `process` (the
/// host part of `host:port`; the whole `budget` for one process or an empty host list).
///
/// ```
/// let hosts = ["a:1", "a:2", "b:1"].map(String::from);
/// assert_eq!(zlink_cluster::shared_budget(900, &hosts, 1), 450);
/// assert_eq!(zlink_cluster::shared_budget(900, &hosts, 2), 900);
/// assert_eq!(zlink_cluster::shared_budget(900, &[], 0), 900);
/// ```
pub fn shared_budget(budget: u64, hosts: &[String], process: usize) -> u64 {
    let host = |a: &String| a.rsplit_once(':').map_or(a.clone(), |(h, _)| h.to_string());
    let sharing = hosts.get(process).map_or(1, |a| {
        let here = host(a);
        hosts.iter().filter(|a| host(a) == here).count().max(1)
    });
    budget / sharing as u64
}

/// The panic of the thread that runs timely: its connection threads failed.
fn lost(panic: Box<dyn std::any::Any + Send>) -> ClusterError {
    let message = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_string()))
        .filter(|m| !m.contains("thread panic"))
        .unwrap_or_else(|| "timely's connection threads stopped".into());
    ClusterError::PeerLost(message)
}

/// A worker's failure: a lost peer when timely's messages say so.
fn worker_error(message: String) -> ClusterError {
    if ["MergeQueue poisoned", "timely communication error"]
        .iter()
        .any(|m| message.contains(m))
    {
        ClusterError::PeerLost(message)
    } else {
        ClusterError::Worker(message)
    }
}

/// A lost peer makes timely's threads panic ("timely communication error", "MergeQueue
/// poisoned"), and the run reports it once as an error ([`lost`], [`worker_error`]); the panic
/// hook installed here (once per process, in front of the one before it) keeps their panic
/// messages off stderr, so a lost peer is not reported as a bug on top of that error. Panics
/// of every other thread still go to the previous hook.
fn quiet_timely_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let timely = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with("timely"));
            if !timely {
                previous(info);
            }
        }));
    });
}

/// Counts the family of `spec` on this process's part of `cluster` (every process of the run
/// calls it with its own [`Cluster::process`]). Process 0 returns the count and the distinct
/// states per level summed over all workers, as [`zlink_frontier::count_with_stats`] reports
/// them (`total_states` and `max_level_states` are per level over the whole cluster); the
/// other processes return `None` once the run is over.
///
/// Each process holds at most [`Cluster::max_memory`] bytes' worth of states, checked before
/// they are merged or made; a process that runs out, or a [`Cluster::deadline`] that passes,
/// ends the run on every process with the same [`ClusterError::Stopped`].
///
/// # Errors
/// [`ClusterError::Shape`] for a cluster that does not add up, [`ClusterError::Bind`] and
/// [`ClusterError::Unreachable`] when the processes cannot connect within
/// [`Cluster::connect_timeout`], [`ClusterError::PeerLost`] when a peer is lost mid-run
/// (never a hang while the peer's host closes its connections), [`ClusterError::Stopped`]
/// when a process ran out of its memory budget or the deadline passed.
pub fn count_distributed<S>(spec: S, cluster: &Cluster) -> Result<Option<Counted>, ClusterError>
where
    S: Spec + Send + 'static,
    S::State: Wire,
{
    count_distributed_logged(spec, cluster, None)
}

/// A level one worker of this process has finished: every state it held there has made its
/// children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelDone {
    /// The worker's number in the whole run (process × workers + thread).
    pub worker: usize,
    /// The level.
    pub level: Level,
    /// The spec's number of levels.
    pub levels: Level,
    /// Distinct states the worker held at the level.
    pub states: u64,
}

/// What [`count_distributed_logged`] calls at every [`LevelDone`] of this process's workers
/// (on the worker's thread).
pub type LevelHook = Arc<dyn Fn(LevelDone) + Send + Sync>;

/// [`count_distributed`] that calls `hook` as this process's workers finish their levels
/// (a per-level log of states and memory per process).
///
/// # Errors
/// As [`count_distributed`].
pub fn count_distributed_logged<S>(
    spec: S,
    cluster: &Cluster,
    hook: Option<LevelHook>,
) -> Result<Option<Counted>, ClusterError>
where
    S: Spec + Send + 'static,
    S::State: Wire,
{
    cluster.check()?;
    quiet_timely_panics();
    let (builders, others, watch) = cluster.builders()?;
    let spec = Arc::new(Forward::new(spec));
    let first_here = cluster.process == 0;
    let guard = Arc::new(halt::Guard::new(
        cluster.process,
        cluster.max_memory,
        cluster.deadline,
        cluster.time_limit,
    ));
    // timely's communication guard panics when dropped after a lost peer: the run and the
    // drop happen on a thread of their own, whose panic becomes an error here
    let run = std::thread::Builder::new()
        .name("timely:count".into())
        .spawn(
            move || -> Result<Option<dataflow::Gathered>, ClusterError> {
                let guards =
                    timely::execute::execute_from(builders, others, WorkerConfig::default(), {
                        move |worker| {
                            let guard = Arc::clone(&guard);
                            dataflow::run_worker(worker, Arc::clone(&spec), hook.clone(), guard)
                        }
                    })
                    .map_err(ClusterError::Worker)?;
                let mut first = None;
                for (i, r) in guards.join().into_iter().enumerate() {
                    let g = r
                        .map_err(worker_error)?
                        .map_err(|h| ClusterError::Stopped {
                            process: h.process,
                            stop: h.stopped(),
                        })?;
                    if i == 0 && first_here {
                        first = Some(g);
                    }
                }
                Ok(first)
            },
        )
        .map_err(|e| ClusterError::Worker(format!("cannot start: {e}")))?;
    let outcome = run.join().map_err(lost);
    let first = match (
        outcome.and_then(|r| r),
        watch.and_then(watch::Watch::finish),
    ) {
        (Err(_), Some(p)) => {
            return Err(ClusterError::PeerSilent {
                process: p,
                address: cluster.hosts[p].clone(),
                seconds: cluster.peer_timeout.as_secs_f64(),
            })
        }
        (r, _) => r?,
    };
    Ok(first.map(|g| {
        let level_states: Vec<(Level, u64)> =
            g.level_states.into_iter().filter(|&(_, n)| n > 0).collect();
        Counted {
            count: g.count.map_or_else(BigUint::default, Tally::big),
            max_level_states: level_states
                .iter()
                .map(|&(_, n)| n as usize)
                .max()
                .unwrap_or(0),
            total_states: level_states.iter().map(|&(_, n)| n).sum(),
            level_states,
        }
    }))
}
