//! Heartbeats between the processes of a run: a peer that stops (a `SIGSTOP`, a host that
//! hangs) without closing its connections would leave the others waiting for its records
//! forever, as timely's connections have no timeout of their own.
//!
//! Every process has a second connection to each peer that carries nothing but a byte every
//! [`HEARTBEAT_EVERY`], written and read by one thread of its own ([`Watch`]), so a process
//! busy with a long level still beats. A peer silent for longer than the peer timeout
//! ([`crate::Cluster::peer_timeout`], default [`PEER_TIMEOUT`]) has its data connections
//! shut down here: timely's threads then fail as on a lost peer, and the run ends with
//! [`crate::ClusterError::PeerSilent`]. A heartbeat connection that closes (the peer has
//! finished, or died: its data connections tell) is no longer watched.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often a process sends each peer a heartbeat.
pub const HEARTBEAT_EVERY: Duration = Duration::from_millis(250);

/// How long a peer may stay silent (no heartbeat) before the run stops, by default: long
/// enough for a loaded host, short enough for a person waiting.
pub const PEER_TIMEOUT: Duration = Duration::from_secs(60);

/// How often the heartbeat thread wakes up.
const TICK: Duration = Duration::from_millis(25);

/// The heartbeat thread of one process.
pub(crate) struct Watch {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<Option<usize>>,
}

/// One peer's heartbeat connection and when it was last heard from.
struct Beat {
    peer: usize,
    stream: TcpStream,
    heard: Instant,
}

impl Watch {
    /// Starts beating to and watching the peers of `beats` (one connection per peer, `None`
    /// at this process); a peer silent for `timeout` has every connection of `data` shut
    /// down.
    pub fn start(
        beats: Vec<Option<TcpStream>>,
        data: Vec<TcpStream>,
        timeout: Duration,
    ) -> std::io::Result<Watch> {
        let now = Instant::now();
        let mut watched = Vec::new();
        for (peer, s) in beats.into_iter().enumerate() {
            if let Some(stream) = s {
                stream.set_nonblocking(true)?;
                watched.push(Beat {
                    peer,
                    stream,
                    heard: now,
                });
            }
        }
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::Builder::new()
            .name("zlink:heartbeat".into())
            .spawn(move || beat(watched, &data, timeout, &flag))?;
        Ok(Watch { stop, thread })
    }

    /// Stops the thread: the peer found silent, if one was.
    pub fn finish(self) -> Option<usize> {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().ok().flatten()
    }
}

/// The heartbeat loop: beats, listens, and shuts `data` down on the first silent peer.
fn beat(
    mut watched: Vec<Beat>,
    data: &[TcpStream],
    timeout: Duration,
    stop: &AtomicBool,
) -> Option<usize> {
    let mut sent = Instant::now() - HEARTBEAT_EVERY;
    let mut buf = [0u8; 64];
    while !stop.load(Ordering::Relaxed) && !watched.is_empty() {
        let now = Instant::now();
        let send = now.duration_since(sent) >= HEARTBEAT_EVERY;
        if send {
            sent = now;
        }
        watched.retain_mut(|b| {
            if send {
                match b.stream.write(&[1]) {
                    Err(e) if e.kind() != ErrorKind::WouldBlock => return false,
                    _ => {}
                }
            }
            loop {
                match b.stream.read(&mut buf) {
                    Ok(0) => return false, // the peer is done (or died: timely says which)
                    Ok(_) => b.heard = now,
                    Err(e) if e.kind() == ErrorKind::WouldBlock => return true,
                    Err(e) if e.kind() == ErrorKind::Interrupted => {}
                    Err(_) => return false,
                }
            }
        });
        if let Some(b) = watched
            .iter()
            .find(|b| now.duration_since(b.heard) > timeout)
        {
            for s in data {
                let _ = s.shutdown(Shutdown::Both);
            }
            return Some(b.peer);
        }
        std::thread::sleep(TICK);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    /// A connected pair of localhost sockets.
    fn pair() -> (TcpStream, TcpStream) {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let a = TcpStream::connect(l.local_addr().unwrap()).unwrap();
        let (b, _) = l.accept().unwrap();
        (a, b)
    }

    #[test]
    fn a_silent_peer_shuts_the_data_connections_down() {
        // the peer's heartbeat end stays open but says nothing: a stopped process
        let (beat_here, _beat_there) = pair();
        let (data_here, mut data_there) = pair();
        let watch = Watch::start(
            vec![None, Some(beat_here)],
            vec![data_here.try_clone().unwrap()],
            Duration::from_millis(300),
        )
        .unwrap();
        let started = Instant::now();
        // the data connection ends once the watch gives up on the peer (an error, not a
        // hang, if it never does)
        data_there
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        let mut buf = [0u8; 8];
        assert_eq!(data_there.read(&mut buf).unwrap(), 0);
        assert!(started.elapsed() >= Duration::from_millis(300));
        assert_eq!(watch.finish(), Some(1));
    }

    #[test]
    fn beating_or_finished_peers_are_not_silent() {
        let (beat_here, beat_there) = pair();
        let (gone_here, gone_there) = pair();
        let (data_here, _data_there) = pair();
        let other = Watch::start(vec![Some(beat_there), None], Vec::new(), PEER_TIMEOUT).unwrap();
        drop(gone_there); // a peer that finished
        let watch = Watch::start(
            vec![None, Some(beat_here), Some(gone_here)],
            vec![data_here],
            Duration::from_millis(1500),
        )
        .unwrap();
        std::thread::sleep(Duration::from_secs(3));
        assert_eq!(watch.finish(), None);
        assert_eq!(other.finish(), None);
    }
}
