//! Host files and the connections between the processes of a cluster run.
//!
//! Why our own connection set-up: timely's (`timely_communication::networking`) retries an
//! unreachable peer forever and reports on standard output, where the count goes. Here every
//! process binds its own address, connects to the processes before it and accepts the ones
//! after it, each within a deadline, and checks a short greeting (so a stray program on a port
//! is an error, not a hang); one connection per peer then goes to timely's
//! `initialize_networking_from_sockets`, a second one carries the heartbeats
//! (the `watch` module).

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::path::Path;
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::ClusterError;

/// The first word of the greeting a connecting process sends: "zlinkcl" and the version of
/// the records' wire layout (`wire::Batch`), so processes of builds whose batches differ
/// refuse each other instead of misreading each other's bytes. 2: the 192-bit block.
const MAGIC: u64 = u64::from_le_bytes(*b"zlinkcl2");

/// Pause between two attempts to reach a peer that is not listening yet.
const RETRY: Duration = Duration::from_millis(50);

/// Reads a host file: one `host:port` a line, process `i` on the `i`-th address; blank lines
/// and lines starting with `#` are skipped.
///
/// # Errors
/// [`ClusterError::Hostfile`] for a file that cannot be read, a line that is not `host:port`
/// (with its line number) or a file without an address.
pub fn read_hostfile(path: &Path) -> Result<Vec<String>, ClusterError> {
    let bad = |line: usize, reason: String| ClusterError::Hostfile {
        file: path.display().to_string(),
        line,
        reason,
    };
    let text = std::fs::read_to_string(path).map_err(|e| bad(0, e.to_string()))?;
    parse_hosts(&text).map_err(|(line, reason)| bad(line, reason))
}

/// The addresses of a host file's text, or the first bad line (1-based) and why.
pub fn parse_hosts(text: &str) -> Result<Vec<String>, (usize, String)> {
    let mut hosts = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((host, port)) = line.rsplit_once(':') else {
            return Err((i + 1, format!("`{line}` is not host:port")));
        };
        if host.is_empty() || host.contains(char::is_whitespace) {
            return Err((i + 1, format!("`{line}`: no host before the port")));
        }
        match port.parse::<u16>() {
            Ok(p) if p > 0 => {}
            _ => return Err((i + 1, format!("`{line}`: port `{port}` is not 1 to 65535"))),
        }
        hosts.push(line.to_string());
    }
    if hosts.is_empty() {
        return Err((0, "no address in the file".into()));
    }
    Ok(hosts)
}

fn resolve(address: &str) -> std::io::Result<Vec<SocketAddr>> {
    Ok(address.to_socket_addrs()?.collect())
}

/// The connections of one process with the others, in process order (`None` at this one):
/// timely's, and the heartbeats'.
#[derive(Debug)]
pub(crate) struct Links {
    /// The connections timely's communication threads use.
    pub data: Vec<Option<TcpStream>>,
    /// The heartbeat connections.
    pub beats: Vec<Option<TcpStream>>,
}

/// Connects process `me` with every other process of `hosts` within `timeout`: two sockets
/// per peer (data and heartbeats).
///
/// # Errors
/// [`ClusterError::Bind`] when this process's address cannot be bound,
/// [`ClusterError::Unreachable`] when a peer did not answer or greet in time.
pub(crate) fn connect(
    hosts: &[String],
    me: usize,
    timeout: Duration,
) -> Result<Links, ClusterError> {
    let deadline = Instant::now() + timeout;
    let bind_error = |e: std::io::Error| ClusterError::Bind {
        address: hosts[me].clone(),
        reason: e.to_string(),
        in_use: e.kind() == ErrorKind::AddrInUse,
    };
    let listener = TcpListener::bind(resolve(&hosts[me]).map_err(bind_error)?.as_slice())
        .map_err(bind_error)?;
    let n = hosts.len();
    let mut links = Links {
        data: (0..n).map(|_| None).collect(),
        beats: (0..n).map(|_| None).collect(),
    };
    for (peer, address) in hosts.iter().enumerate().take(me) {
        let at = (address.as_str(), peer);
        links.data[peer] = Some(dial(at, me, n, DATA, (deadline, timeout))?);
        links.beats[peer] = Some(dial(at, me, n, BEATS, (deadline, timeout))?);
    }
    listener.set_nonblocking(true).map_err(bind_error)?;
    let mut missing = 2 * (n - me - 1);
    while missing > 0 {
        match listener.accept() {
            Ok((stream, _)) => {
                if let Some((peer, channel)) = greeted(stream.try_clone().ok(), me, n, deadline) {
                    let slot = if channel == DATA {
                        &mut links.data[peer]
                    } else {
                        &mut links.beats[peer]
                    };
                    if slot.is_none() {
                        *slot = Some(stream);
                        missing -= 1;
                    }
                }
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    let peer = (me + 1..n).find(|&p| links.beats[p].is_none());
                    let peer = peer.unwrap_or(me + 1);
                    return Err(unreachable(hosts, peer, timeout, "it never connected"));
                }
                sleep(RETRY);
            }
            Err(e) => return Err(bind_error(e)),
        }
    }
    Ok(links)
}

/// The channel word of a greeting: timely's connection.
const DATA: u64 = 0;
/// The channel word of a greeting: the heartbeat connection.
const BEATS: u64 = 1;

fn unreachable(hosts: &[String], peer: usize, timeout: Duration, why: &str) -> ClusterError {
    ClusterError::Unreachable {
        process: peer,
        address: hosts[peer].clone(),
        seconds: timeout.as_secs_f64(),
        reason: why.to_string(),
    }
}

/// Connects to process `peer` at `address` (retrying until `deadline`) and greets it on
/// `channel`.
fn dial(
    (address, peer): (&str, usize),
    me: usize,
    processes: usize,
    channel: u64,
    (deadline, timeout): (Instant, Duration),
) -> Result<TcpStream, ClusterError> {
    let fail = |why: String| ClusterError::Unreachable {
        process: peer,
        address: address.to_string(),
        seconds: timeout.as_secs_f64(),
        reason: why,
    };
    let mut last = String::from("no attempt");
    while Instant::now() < deadline {
        let addrs = resolve(address).map_err(|e| fail(e.to_string()))?;
        for a in &addrs {
            let left = deadline.saturating_duration_since(Instant::now());
            match TcpStream::connect_timeout(a, left.max(Duration::from_millis(1))) {
                Ok(mut s) => {
                    let mut hello = Vec::with_capacity(32);
                    for w in [MAGIC, me as u64, processes as u64, channel] {
                        hello.extend_from_slice(&w.to_le_bytes());
                    }
                    s.write_all(&hello).map_err(|e| fail(e.to_string()))?;
                    s.set_nodelay(true).map_err(|e| fail(e.to_string()))?;
                    return Ok(s);
                }
                Err(e) => last = e.to_string(),
            }
        }
        sleep(RETRY);
    }
    Err(fail(last))
}

/// The process number and channel a connecting peer greets with, if the greeting is a zlink
/// cluster's of the same size and comes from a later process than `me`.
fn greeted(
    stream: Option<TcpStream>,
    me: usize,
    processes: usize,
    deadline: Instant,
) -> Option<(usize, u64)> {
    let mut s = stream?;
    s.set_nonblocking(false).ok()?;
    let left = deadline.saturating_duration_since(Instant::now());
    s.set_read_timeout(Some(left.max(Duration::from_millis(100))))
        .ok()?;
    let mut hello = [0u8; 32];
    s.read_exact(&mut hello).ok()?;
    s.set_read_timeout(None).ok()?;
    s.set_nodelay(true).ok()?;
    let word = |i: usize| u64::from_le_bytes(hello[8 * i..8 * i + 8].try_into().unwrap_or([0; 8]));
    let peer = usize::try_from(word(1)).ok()?;
    let ok = word(0) == MAGIC && word(2) == processes as u64 && peer > me && peer < processes;
    (ok && word(3) <= BEATS).then_some((peer, word(3)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_files_name_the_bad_line() {
        let ok = parse_hosts("# two hosts\n127.0.0.1:2101\n\n  localhost:2102 \n").unwrap();
        assert_eq!(ok, ["127.0.0.1:2101", "localhost:2102"]);
        assert_eq!(parse_hosts("a:1\nnoport\n").unwrap_err().0, 2);
        assert_eq!(parse_hosts("a:1\n\nb:99999\n").unwrap_err().0, 3);
        assert_eq!(parse_hosts(":80").unwrap_err().0, 1);
        assert_eq!(parse_hosts("# nothing\n").unwrap_err().0, 0);
    }

    #[test]
    fn an_absent_peer_is_unreachable_in_time() {
        // a port bound here and never accepted on would hang; a closed one refuses
        let free = TcpListener::bind("127.0.0.1:0").unwrap();
        let gone = free.local_addr().unwrap().to_string();
        drop(free);
        let me = TcpListener::bind("127.0.0.1:0").unwrap();
        let mine = me.local_addr().unwrap().to_string();
        drop(me);
        let started = Instant::now();
        let err = connect(&[gone, mine], 1, Duration::from_millis(300)).unwrap_err();
        assert!(
            matches!(err, ClusterError::Unreachable { process: 0, .. }),
            "{err}"
        );
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}
