//! Budgets of a cluster run and how a stop reaches every worker.
//!
//! Each process has its own memory budget: its workers share one count of the states they
//! hold ([`Guard`]), checked before a batch of states is merged into a level's table and
//! before each child is made, so a process stops before it allocates past its budget. The
//! deadline is checked as each level starts. A worker that runs out raises a [`Halt`]; a
//! small dataflow of its own ([`Control`]) broadcasts it to every worker of every process,
//! and a worker that has seen a halt drops its levels and makes no more children, so the
//! count's loop drains within a level. Once the loop is over every worker waits until every
//! other has closed its control input: each then knows of every halt raised, and every
//! process ends with the same stop (never a count that lost states, never a hang).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use timely::communication::Allocate;
use timely::dataflow::operators::{Broadcast, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;
use zlink_base::stop::At;
use zlink_base::{Resource, Stopped};
use zlink_frontier::Level;

/// Bytes a cluster process holds per state in its levels' runs: the `(state, count)` record
/// (32 bytes for a packed state, 64 once its count passes 128 bits), the children of the part
/// it expands and timely's buffers. 16×16 corner paths on 2 processes of one worker (branch
/// cl37b, counts past 128 bits in a fixed-width tier): peaks of 256-262 MiB per process,
/// about 155 bytes per state held above the program's 12 MiB; rounded up to 192 (320 before,
/// when such counts were heap `BigUint`s and the peaks 448-510 MiB).
pub const CLUSTER_BYTES_PER_STATE: u64 = 192;

/// Why a worker stopped the run, as it travels to every worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Halt {
    /// The process that ran out.
    pub process: usize,
    /// The level it was at.
    pub level: Level,
    /// The spec's number of levels.
    pub levels: Level,
    /// The states held once a batch was added, and the budget of states (`None`: the
    /// deadline passed).
    pub held: Option<(u64, u64)>,
    /// The process's memory budget and the bytes accounted per state.
    pub memory: Option<(u64, u64)>,
    /// The time limit as given, in nanoseconds.
    pub time_limit: Option<u64>,
}

impl Halt {
    /// The stop in the words of the single-machine count.
    pub fn stopped(&self) -> Stopped {
        let at = At::level(self.level, self.levels);
        match self.held {
            Some((used, cap)) => {
                let s = Stopped::budget(Resource::HeldStates, used, cap).at(at);
                match self.memory {
                    Some((budget, each)) => s.from_memory(budget, each),
                    None => s,
                }
            }
            None => Stopped::time(self.time_limit.map(Duration::from_nanos)).at(at),
        }
    }
}

/// One process's budgets, shared by its workers.
#[derive(Debug)]
pub(crate) struct Guard {
    process: usize,
    /// States held by this process's workers now.
    held: AtomicU64,
    /// The most states held at once, and the memory budget and bytes per state it came from.
    cap: Option<(u64, u64, u64)>,
    deadline: Option<Instant>,
    time_limit: Option<Duration>,
}

impl Guard {
    /// The budgets of process `process`: `max_memory` bytes at [`CLUSTER_BYTES_PER_STATE`]
    /// a state, and the deadline.
    pub fn new(
        process: usize,
        max_memory: Option<u64>,
        deadline: Option<Instant>,
        time_limit: Option<Duration>,
    ) -> Guard {
        Guard {
            process,
            held: AtomicU64::new(0),
            cap: max_memory.map(|m| (m / CLUSTER_BYTES_PER_STATE, m, CLUSTER_BYTES_PER_STATE)),
            deadline,
            time_limit,
        }
    }

    fn halt(&self, level: Level, levels: Level) -> Halt {
        Halt {
            process: self.process,
            level,
            levels,
            held: None,
            memory: None,
            time_limit: self.time_limit.map(|t| t.as_nanos() as u64),
        }
    }

    /// Accounts `n` more states held at `level`; `Err` (and nothing accounted) when the
    /// process would hold more than its budget allows.
    #[inline]
    pub fn take(&self, n: u64, level: Level, levels: Level) -> Result<(), Halt> {
        let Some((cap, memory, each)) = self.cap else {
            return Ok(());
        };
        let now = self.held.fetch_add(n, Ordering::Relaxed) + n;
        if now <= cap {
            return Ok(());
        }
        self.held.fetch_sub(n, Ordering::Relaxed);
        Err(Halt {
            held: Some((now, cap)),
            memory: Some((memory, each)),
            ..self.halt(level, levels)
        })
    }

    /// Gives back `n` states no longer held.
    #[inline]
    pub fn give_back(&self, n: u64) {
        if self.cap.is_some() {
            self.held.fetch_sub(n, Ordering::Relaxed);
        }
    }

    /// `Err` once the deadline has passed, as `level` starts.
    pub fn check_time(&self, level: Level, levels: Level) -> Result<(), Halt> {
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(self.halt(level, levels)),
            _ => Ok(()),
        }
    }
}

/// What a worker knows of halts: the first it saw, and one it raised but has not sent.
#[derive(Default)]
pub(crate) struct Flags {
    /// The first halt seen (this worker's own or a peer's).
    pub seen: Option<Halt>,
    unsent: Option<Halt>,
}

impl Flags {
    /// Raises `halt` here (the first one stands; it goes to the others at the next pump).
    pub fn raise(&mut self, halt: Halt) {
        if self.seen.is_none() {
            self.seen = Some(halt.clone());
            self.unsent = Some(halt);
        }
    }
}

/// A worker's end of the control dataflow: halts broadcast to every worker.
pub(crate) struct Control {
    input: InputHandle<u32, Halt>,
    probe: ProbeHandle<u32>,
    /// Shared with the count's operator.
    pub flags: Rc<RefCell<Flags>>,
}

impl Control {
    /// Builds the control dataflow on `worker` (every worker builds it, in the same order
    /// relative to the count's dataflows).
    pub fn new<A: Allocate>(worker: &mut Worker<A>) -> Control {
        let flags = Rc::new(RefCell::new(Flags::default()));
        let mut input = InputHandle::new();
        let probe = ProbeHandle::new();
        let seen = Rc::clone(&flags);
        worker.dataflow::<u32, _, _>(|scope| {
            scope
                .input_from(&mut input)
                .broadcast()
                .inspect(move |h: &Halt| {
                    let mut f = seen.borrow_mut();
                    if f.seen.is_none() {
                        f.seen = Some(h.clone());
                    }
                })
                .probe_with(&probe);
        });
        Control {
            input,
            probe,
            flags,
        }
    }

    /// Sends a halt this worker raised since the last pump.
    pub fn pump(&mut self) {
        if let Some(h) = self.flags.borrow_mut().unsent.take() {
            self.input.send(h);
            self.input.flush();
        }
    }

    /// Closes this worker's control input and waits until every worker has: the halt this
    /// worker or any other raised, if any.
    pub fn finish<A: Allocate>(mut self, worker: &mut Worker<A>) -> Option<Halt> {
        self.pump();
        let Control {
            input,
            probe,
            flags,
        } = self;
        drop(input);
        while !probe.done() {
            worker.step_or_park(None);
        }
        let seen = flags.borrow().seen.clone();
        seen
    }
}
