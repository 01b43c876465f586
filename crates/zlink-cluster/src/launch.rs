//! Running every process of a count on this machine: a host file of free localhost ports,
//! one child process per entry, and a watch that stops the others when one fails.
//!
//! Why here: a run of N local processes is how a cluster count is tried on one machine
//! (`zlink count ... --processes N`), and the policy that a lost process never leaves its
//! peers hanging belongs with the cluster, not with one command line. The caller says how to
//! start process `i` on the host file ([`launch_local`]'s `command`); the children's own
//! errors and exit codes come back in [`LaunchError::Failed`].
//!
//! The launcher finds free ports by binding port 0 and lets them go before the children bind
//! them, so another program (a second run started at the same moment) can take one in
//! between. A child that finds its port taken exits with [`PORT_TAKEN`], and the launcher
//! starts the whole run again on fresh ports, a few times, before it gives up.

use std::io::Read;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How often the launcher looks at its children.
const WATCH_EVERY: Duration = Duration::from_millis(20);

/// How long the launcher waits after a failure for the failures it causes.
const SETTLE: Duration = Duration::from_millis(200);

/// The exit code of a child of [`launch_local`] whose port another program took between the
/// launcher's choice and the child's bind (sysexits' `EX_TEMPFAIL`); the launcher then starts
/// the run again on fresh ports. It never leaves the launcher.
pub const PORT_TAKEN: i32 = 75;

/// Set (to `1`) in the environment of every child [`launch_local`] starts: a child that finds
/// its port taken exits quietly with [`PORT_TAKEN`] instead of reporting the error.
pub const LAUNCHED: &str = "ZLINK_CLUSTER_LAUNCHED";

/// How many times [`launch_local`] starts a run whose ports were taken.
const ATTEMPTS: usize = 5;

/// Why a local run did not end with every process succeeding.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// The host file could not be written (no free port, no temporary directory).
    #[error("cannot set up local processes: {0}")]
    Setup(std::io::Error),
    /// Process `process` could not be started (the others were stopped).
    #[error("cannot start process {process}: {reason}")]
    Start {
        /// The process number.
        process: usize,
        /// The system's reason.
        reason: std::io::Error,
    },
    /// Process `process` could not be waited for (the others were stopped).
    #[error("cannot watch process {process}: {reason}")]
    Watch {
        /// The process number.
        process: usize,
        /// The system's reason.
        reason: std::io::Error,
    },
    /// Some processes failed and the rest were stopped: every one that failed within a moment
    /// of the first, killed ones (the likely cause) first.
    #[error(
        "{} ({processes} processes, after {seconds:.1} s); stopped the others",
        failures(failed)
    )]
    Failed {
        /// `(process, exit code)` of each failed process; `None`: killed by a signal.
        failed: Vec<(usize, Option<i32>)>,
        /// The processes of the run.
        processes: usize,
        /// Seconds from the start to the first failure seen.
        seconds: f64,
    },
    /// The reader of process 0's standard output stopped.
    #[error("lost the output of process 0")]
    LostOutput,
    /// Every attempt lost a port to another program before a child could listen on it.
    #[error("other programs took the local ports in each of {attempts} attempts")]
    PortsTaken {
        /// The runs started.
        attempts: usize,
    },
}

impl LaunchError {
    /// The exit code of the first failed process when it exited by itself
    /// ([`LaunchError::Failed`]; `None` for a killed process and for the other errors).
    pub fn first_code(&self) -> Option<i32> {
        match self {
            LaunchError::Failed { failed, .. } => failed.first().and_then(|f| f.1),
            _ => None,
        }
    }

    /// Whether a child found its port taken ([`PORT_TAKEN`]).
    fn port_taken(&self) -> bool {
        matches!(self, LaunchError::Failed { failed, .. }
            if failed.iter().any(|f| f.1 == Some(PORT_TAKEN)))
    }
}

fn failures(failed: &[(usize, Option<i32>)]) -> String {
    let what: Vec<String> = failed
        .iter()
        .map(|&(i, code)| match code {
            None => format!("process {i} was killed"),
            Some(c) => format!("process {i} exited with code {c}"),
        })
        .collect();
    what.join(", ")
}

/// Runs `n` processes on a host file of `n` free localhost ports (in the temporary directory,
/// removed at the end): process `i` is `command(host file, i)`, with no standard input,
/// process 0's standard output captured, the others' dropped, and standard error shared.
/// Returns process 0's output once every process has succeeded; the first that fails stops
/// the rest (each killed by its own handle and reaped), so a lost process never leaves a hang.
/// Every child gets [`LAUNCHED`] in its environment; a run in which one exits with
/// [`PORT_TAKEN`] starts again on fresh ports, up to five times.
///
/// # Errors
/// [`LaunchError`]: the host file or a process that cannot be set up, processes that failed,
/// or ports taken in every attempt.
pub fn launch_local<F>(n: usize, command: F) -> Result<Vec<u8>, LaunchError>
where
    F: Fn(&Path, usize) -> Command,
{
    for _ in 0..ATTEMPTS {
        let hostfile = local_hostfile(n)?;
        let outcome = run_children(n, &hostfile, &command);
        let _ = std::fs::remove_file(&hostfile);
        match outcome {
            Err(e) if e.port_taken() => continue,
            other => return other,
        }
    }
    Err(LaunchError::PortsTaken { attempts: ATTEMPTS })
}

/// A host file of `n` free localhost ports in the temporary directory.
fn local_hostfile(n: usize) -> Result<PathBuf, LaunchError> {
    let listeners = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0"))
        .collect::<Result<Vec<_>, _>>()
        .map_err(LaunchError::Setup)?;
    let mut text = String::new();
    for l in &listeners {
        text.push_str(&format!(
            "{}\n",
            l.local_addr().map_err(LaunchError::Setup)?
        ));
    }
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let path = std::env::temp_dir().join(format!("zlink-hosts-{}-{stamp}.txt", std::process::id()));
    std::fs::write(&path, text).map_err(LaunchError::Setup)?;
    Ok(path)
}

fn run_children<F>(n: usize, hostfile: &Path, command: &F) -> Result<Vec<u8>, LaunchError>
where
    F: Fn(&Path, usize) -> Command,
{
    let mut children: Vec<Child> = Vec::with_capacity(n);
    for i in 0..n {
        let child = command(hostfile, i)
            .env(LAUNCHED, "1")
            .stdin(Stdio::null())
            .stdout(if i == 0 {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stderr(Stdio::inherit())
            .spawn();
        match child {
            Ok(c) => children.push(c),
            Err(reason) => {
                stop(&mut children);
                return Err(LaunchError::Start { process: i, reason });
            }
        }
    }
    let mut stdout = children.first_mut().and_then(|c| c.stdout.take());
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(s) = stdout.as_mut() {
            let _ = s.read_to_end(&mut buf);
        }
        buf
    });
    watch(&mut children)?;
    reader.join().map_err(|_| LaunchError::LostOutput)
}

/// Waits for every child; the first that fails stops the rest. A failure makes its peers
/// fail too, so the error names every child that failed within [`SETTLE`] of the first.
fn watch(children: &mut [Child]) -> Result<(), LaunchError> {
    let started = Instant::now();
    let mut done = vec![false; children.len()];
    while done.iter().any(|d| !d) {
        for i in 0..children.len() {
            match children[i].try_wait() {
                Ok(Some(status)) if status.success() => done[i] = true,
                Ok(Some(_)) => {
                    std::thread::sleep(SETTLE);
                    let failed = failed(children);
                    stop(children);
                    return Err(LaunchError::Failed {
                        failed,
                        processes: children.len(),
                        seconds: started.elapsed().as_secs_f64(),
                    });
                }
                Ok(None) => {}
                Err(reason) => {
                    stop(children);
                    return Err(LaunchError::Watch { process: i, reason });
                }
            }
        }
        std::thread::sleep(WATCH_EVERY);
    }
    Ok(())
}

/// The children that failed: number and exit code (`None`: killed by a signal), killed
/// ones first.
fn failed(children: &mut [Child]) -> Vec<(usize, Option<i32>)> {
    let mut failed: Vec<(usize, Option<i32>)> = children
        .iter_mut()
        .enumerate()
        .filter_map(|(i, c)| match c.try_wait() {
            Ok(Some(s)) if !s.success() => Some((i, s.code())),
            _ => None,
        })
        .collect();
    failed.sort_by_key(|&(i, code)| (code.is_some(), i));
    failed
}

/// Kills the children still running (each by its own handle) and reaps them.
fn stop(children: &mut [Child]) {
    for c in children.iter_mut() {
        if let Ok(None) = c.try_wait() {
            let _ = c.kill();
        }
        let _ = c.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_process_stops_the_others_and_is_named() {
        let e = launch_local(3, |_, i| {
            let mut c = Command::new("sh");
            let script = if i == 1 { "exit 3" } else { "sleep 30" };
            c.args(["-c", script]);
            c
        })
        .unwrap_err();
        assert_eq!(e.first_code(), Some(3));
        let text = e.to_string();
        assert!(
            text.starts_with("process 1 exited with code 3 (3 processes, after "),
            "{text}"
        );
        assert!(text.ends_with("; stopped the others"), "{text}");
    }

    /// A child that exits with [`PORT_TAKEN`] while a marker file is absent: the run starts
    /// again (on a new host file) until the child finds the marker `attempts` runs later.
    fn taken_until(dir: &Path, tag: &str, attempts: usize) -> Result<Vec<u8>, LaunchError> {
        let counter = dir.join(format!("zlink-launch-test-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_file(&counter);
        let out = launch_local(2, |hosts, i| {
            let mut c = Command::new("sh");
            let script = format!(
                "test \"${LAUNCHED}\" = 1 || exit 9; \
                 if [ {i} = 1 ]; then \
                   echo '{hosts}' >> '{counter}'; \
                   [ $(wc -l < '{counter}') -ge {attempts} ] || exit {PORT_TAKEN}; \
                 fi; \
                 {{ wc -l < '{counter}'; }} 2>/dev/null || echo 0",
                hosts = hosts.display(),
                counter = counter.display(),
            );
            c.args(["-c", &script]);
            c
        });
        let runs = std::fs::read_to_string(&counter).unwrap_or_default();
        let _ = std::fs::remove_file(&counter);
        let files: std::collections::BTreeSet<&str> = runs.lines().collect();
        assert_eq!(
            files.len(),
            runs.lines().count(),
            "a host file used twice: {runs}"
        );
        out
    }

    #[test]
    fn a_taken_port_starts_the_run_again_on_fresh_ports() {
        let dir = std::env::temp_dir();
        let out = taken_until(&dir, "again", 3).unwrap();
        let last = String::from_utf8_lossy(&out);
        // process 0 may have looked before or after process 1's last line: 2 or 3 runs seen
        let seen: usize = last.trim().parse().unwrap();
        assert!((2..=3).contains(&seen), "{last}");
        let e = taken_until(&dir, "never", ATTEMPTS + 1).unwrap_err();
        assert!(
            matches!(e, LaunchError::PortsTaken { attempts: ATTEMPTS }),
            "{e}"
        );
        assert_eq!(
            e.to_string(),
            "other programs took the local ports in each of 5 attempts"
        );
    }

    #[test]
    fn process_0_output_comes_back_and_the_host_file_lists_every_process() {
        let out = launch_local(2, |hosts, i| {
            let mut c = Command::new("sh");
            c.args(["-c", &format!("wc -l < '{}'; echo {i}", hosts.display())]);
            c
        })
        .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out)
                .split_whitespace()
                .collect::<Vec<_>>(),
            ["2", "0"]
        );
    }
}
