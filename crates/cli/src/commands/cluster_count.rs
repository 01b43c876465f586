//! `zlink count paths|cycles --processes N` and `--hostfile F --process I`: the count-only
//! pass on several processes (`zlink_cluster`, timely-dataflow), `--threads` workers each.
//!
//! `--hostfile F --process I` runs this host's part of a run; process 0 prints the count as
//! the single-machine command does, the others print nothing. `--processes N` is the same on
//! one machine: it writes a host file of N free localhost ports, starts this binary N times
//! with `--hostfile` and `--process I`, passes process 0's output through, and watches the
//! children: one that fails stops the others, so a lost process never leaves a hang.

use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use zlink_cluster::{Cluster, ClusterError, LaunchError, LevelHook};
use zlink_frontier::{Counted, Mates};

use crate::exit::CliError;
use crate::memory;

/// How this process takes part in a run: workers, the time to wait for the peers, the
/// budgets and whether to log levels.
pub struct PartOptions {
    /// Worker threads (default: all cores).
    pub workers: Option<usize>,
    /// How long the peers may take to connect.
    pub connect_timeout: Duration,
    /// How long a peer may send no heartbeat.
    pub peer_timeout: Duration,
    /// This process's memory budget (default: 80% of the memory available, shared by the
    /// processes of the host file on this host).
    pub max_memory: Option<u64>,
    /// The deadline, and the time limit as given.
    pub deadline: (Option<Instant>, Option<Duration>),
    /// `--log-levels`.
    pub log_levels: bool,
}

/// Counts `family` on this process's part of the run in `hostfile`
/// ([`zlink_cluster::count_mates`]); `None` on every process but 0.
///
/// # Errors
/// Bad host file or process number (exit 2); peers that do not connect or are lost (exit 1);
/// a process out of its memory budget, or the deadline (exit 3, on every process).
pub fn count_part(
    family: &Mates,
    hostfile: &Path,
    process: usize,
    options: PartOptions,
) -> Result<Option<Counted>, CliError> {
    let hosts = zlink_cluster::read_hostfile(hostfile).map_err(cluster_error)?;
    let workers = options.workers.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let max_memory = options
        .max_memory
        .or_else(|| zlink_cluster::shared_default_budget(&hosts, process));
    let cluster = Cluster {
        connect_timeout: options.connect_timeout,
        peer_timeout: options.peer_timeout,
        max_memory,
        deadline: options.deadline.0,
        time_limit: options.deadline.1,
        ..Cluster::hosts(hosts, process, workers)
    };
    let hook = options.log_levels.then(|| level_log(process));
    zlink_cluster::count_mates(family, &cluster, hook).map_err(cluster_error)
}

/// `--log-levels` on a cluster: one stderr line per worker and level, with this process's
/// resident and peak memory.
fn level_log(process: usize) -> LevelHook {
    let started = Instant::now();
    let mb = |b: Option<u64>| b.unwrap_or(0) as f64 / (1u64 << 20) as f64;
    std::sync::Arc::new(move |d| {
        // one write a line: the processes share stderr, and a pipe keeps a short write whole
        let line = format!(
            "process {process} worker {}: level {}/{}: {} states, resident {:.1} MiB, \
             peak {:.1} MiB, {:.1} s\n",
            d.worker,
            d.level,
            d.levels,
            d.states,
            mb(memory::resident_bytes()),
            mb(memory::peak_bytes()),
            started.elapsed().as_secs_f64()
        );
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
    })
}

fn cluster_error(e: ClusterError) -> CliError {
    match e {
        ClusterError::Hostfile { .. } | ClusterError::Shape(_) | ClusterError::Spec(_) => {
            CliError::input(e)
        }
        ClusterError::Bind { in_use: true, .. }
            if std::env::var_os(zlink_cluster::LAUNCHED).is_some() =>
        {
            CliError::port_taken() // the launcher starts the run again on fresh ports
        }
        ClusterError::Bind { .. } => {
            CliError::failed(format!("{e}: is another run using the port?"))
        }
        ClusterError::Unreachable { .. } => CliError::failed(format!(
            "{e}: start every process of the host file, each with its own --process"
        )),
        ClusterError::PeerLost(_) => CliError::failed(format!(
            "{e}: the run stopped on this process; the others stop too"
        )),
        ClusterError::PeerSilent { .. } => CliError::failed(format!(
            "{e}: the run stopped on this process (raise --peer-timeout for a peer that is only \
             slow)"
        )),
        ClusterError::Stopped { process, stop } => {
            CliError::stopped(format!("process {process} of the run"), &stop, false)
        }
        ClusterError::Worker(_) => CliError::failed(e),
    }
}

/// This command line without `--processes N` (or `--processes=N`).
fn args_without_processes() -> Vec<std::ffi::OsString> {
    let mut out = Vec::new();
    let mut args = std::env::args_os().skip(1);
    while let Some(a) = args.next() {
        if a == "--processes" {
            args.next();
        } else if !a.to_string_lossy().starts_with("--processes=") {
            out.push(a);
        }
    }
    out
}

/// Runs `zlink count ... --processes n`: `n` children of this binary on a localhost host
/// file ([`zlink_cluster::launch_local`]); returns process 0's standard output once every
/// child has succeeded.
///
/// # Errors
/// A child that cannot start, or one that fails (then the others are stopped): exit 1, or
/// the failed child's own exit code 2 or 3.
pub fn launch(n: usize) -> Result<Vec<u8>, CliError> {
    let exe = std::env::current_exe()
        .map_err(|e| CliError::failed(format!("cannot find this program to start it: {e}")))?;
    let base = args_without_processes();
    zlink_cluster::launch_local(n, |hostfile, i| {
        let mut c = Command::new(&exe);
        c.args(&base)
            .arg("--hostfile")
            .arg(hostfile)
            .arg("--process")
            .arg(i.to_string());
        c
    })
    .map_err(launch_error)
}

/// A failed local run as the command's error: a failed child's own exit code 2 or 3, else 1.
fn launch_error(e: LaunchError) -> CliError {
    match e.first_code() {
        Some(2) => CliError::input(e),
        Some(3) => CliError::budget(e),
        _ => CliError::failed(e),
    }
}
