//! The count-only pass as one timely dataflow per worker.
//!
//! The timestamp of a record is the level (ZDD variable) its state waits at. One operator
//! holds, per open level, the `(state, count)` records of the states whose hash falls to this
//! worker, as they arrived ([`Run`]: parts of bounded size). Once no record of a level can
//! arrive any more (its input frontier has passed the level), the level is complete: it is
//! merged in place (the single pass's hash merge) and its states make their children, one
//! part (at most 65536 states) per activation of the operator: between two parts the worker
//! absorbs what its peers sent, instead of leaving it queued as bytes until the level is
//! done. A child with a one-word or 192-bit count goes, whoever owns it, into a vector per
//! target level and worker (no branch on the owner per child, which two workers mispredict
//! half the time); after each part this worker's join their level (one copy, no channel) and
//! the others', with the rarer wider records, leave in one [`Batch`] of raw records per target
//! worker and level, at time `j - 1` for level `j`, into a feedback edge that adds 1 and an
//! exchange by the batch's worker. Accepted counts and the number of states per level stay with each worker
//! until the count is over; a second, small dataflow then sends them to worker 0, which sums
//! them.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

use num_bigint::BigUint;
use timely::communication::Allocate;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::InputCapability;
use timely::dataflow::operators::{
    Capability, Concat, ConnectLoop, Exchange as _, Feedback, Input, Inspect, Probe,
};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::progress::frontier::MutableAntichain;
use timely::scheduling::Scheduler;
use timely::worker::Worker;
use zlink_frontier::{Level, Spec, Step};

use crate::halt::{Control, Guard, Halt};
use crate::level::{fx, merge, shard, shard_bits, Mid, Run, Wide};
use crate::outbox::Outbox;
use crate::wire::{Batch, Tally, Wire};
use crate::{LevelDone, LevelHook};

/// What travels: children of one level for one worker.
type Sent<W> = Batch<<W as Wire>::Form>;

/// An open level: its capability and its records as they arrived (merged once complete).
type OpenLevel<W> = (Capability<Level>, Run<W>);

/// What a worker sends worker 0 once the count is over.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
enum Report {
    /// Ways the worker accepted.
    Accepted(Tally),
    /// Distinct states the worker held at a level.
    States(Level, u64),
}

/// What worker 0 gathers: the count and the distinct states per level (all workers).
#[derive(Default)]
pub(crate) struct Gathered {
    pub count: Option<Tally>,
    pub level_states: BTreeMap<Level, u64>,
}

/// Bits of a state's Fx hash its owner is taken from (bits 32 to 58: the merge tables'
/// slots use the low bits, their tags bits 32 and up only as far as a table's values leave
/// room, about bit 46, and the shards the top 5 bits).
const OWNER_BITS: u32 = 27;

/// The low [`OWNER_BITS`] bits.
const OWNER_MASK: u64 = (1 << OWNER_BITS) - 1;

/// The worker (of `peers`) a state of Fx hash `h` belongs to: bits 32 to 58 of the hash
/// (none the owner would fix within a worker's shards and table slots), reduced by a
/// multiply and shift; no mix of the hash (it took 4% of making children, and a 64-bit `%`
/// per child before it).
#[inline]
fn owner(h: u64, peers: usize) -> usize {
    if peers == 1 {
        return 0;
    }
    ((((h >> 32) & OWNER_MASK) * peers as u64) >> OWNER_BITS) as usize
}

/// Runs this worker's part of the count of `spec` (already under the count-only lookahead,
/// [`zlink_frontier::lookahead::Forward`]) within the process's budgets (`guard`); worker 0
/// returns what all workers gathered, the others an empty [`Gathered`], and every worker the
/// same [`Halt`] when one of them ran out.
pub(crate) fn run_worker<S, A>(
    worker: &mut Worker<A>,
    spec: Arc<S>,
    hook: Option<LevelHook>,
    guard: Arc<Guard>,
) -> Result<Gathered, Halt>
where
    S: Spec + Send + 'static,
    S::State: Wire,
    A: Allocate,
{
    let (index, peers) = (worker.index(), worker.peers());
    let control = Control::new(worker);
    let mine = Rc::new(RefCell::new(Gathered::default()));
    let mut input: InputHandle<Level, Sent<S::State>> = InputHandle::new();
    let probe = ProbeHandle::new();
    let root = (index == 0).then(|| spec.root());
    let local = Rc::clone(&mine);
    let flags = Rc::clone(&control.flags);
    worker.dataflow::<Level, _, _>(|scope| {
        let (handle, cycle) = scope.feedback::<Vec<Sent<S::State>>>(1);
        let activations = scope.clone();
        let children = scope.input_from(&mut input).concat(&cycle).unary_frontier(
            Exchange::new(|b: &Sent<S::State>| u64::from(b.to)),
            "level",
            |_cap, info| {
                let activator = activations.activator_for(info.address);
                let mut open = Open::new(guard, spec.num_levels(), index, peers);
                let mut out = Outbox::new(peers);
                let mut busy: Option<Expanding<_>> = None;
                move |(input, frontier), output| {
                    if flags.borrow().seen.is_none() {
                        input.for_each(|cap, data| {
                            if let Err(h) = open.absorb(cap, data) {
                                flags.borrow_mut().raise(h);
                            }
                        });
                    }
                    if flags.borrow().seen.is_none() && busy.is_none() {
                        match open.next_complete(frontier) {
                            Some(Ok(e)) => busy = Some(e),
                            Some(Err(h)) => flags.borrow_mut().raise(h),
                            None => {}
                        }
                    }
                    let halted = flags.borrow().seen.is_some();
                    if let (false, Some(e)) = (halted, busy.as_mut()) {
                        // one part of the level, then its children leave and timely runs
                        let done = expand_part(&*spec, e, &mut open, &mut out);
                        if done.is_ok() {
                            let sent = out.drain(|time, b| {
                                output.session(&e.cap.delayed(&time)).give(b);
                            });
                            open.guard.give_back(sent);
                        }
                        activator.activate();
                        match done {
                            Ok(true) => {
                                let e = busy.take().expect("a level being expanded");
                                open.guard.give_back(e.room as u64);
                                let done = LevelDone {
                                    worker: index,
                                    level: *e.cap.time(),
                                    levels: open.of,
                                    states: e.states,
                                };
                                record(&local, hook.as_ref(), done, &e.accepted);
                            }
                            Ok(false) => {}
                            Err(h) => flags.borrow_mut().raise(h),
                        }
                    }
                    if flags.borrow().seen.is_some() {
                        // a halt: drop the levels (and their capabilities) and what arrives
                        open.clear();
                        if let Some(e) = busy.take() {
                            open.guard.give_back((e.run.len() + e.room) as u64);
                        }
                        open.guard.give_back(out.drain(|_, _| {}));
                        input.for_each(|_, data| data.clear());
                    }
                }
            },
        );
        children.probe_with(&probe).connect_loop(handle);
    });
    if let Some(root) = root {
        send_root(root, &mut input, &mine, peers);
    }
    input.close();
    drive(worker, &probe, control, &mine)
}

/// Steps `worker` until the count is over (sending the halts it raises), then until every
/// worker has closed its control input; gathers the figures on worker 0 unless a worker
/// halted.
fn drive<A: Allocate>(
    worker: &mut Worker<A>,
    probe: &ProbeHandle<Level>,
    mut control: Control,
    mine: &RefCell<Gathered>,
) -> Result<Gathered, Halt> {
    while !probe.done() {
        worker.step_or_park(None);
        control.pump();
    }
    if let Some(halt) = control.finish(worker) {
        return Err(halt);
    }
    let mine = std::mem::take(&mut *mine.borrow_mut());
    Ok(gather_on_first(worker, mine))
}

/// A level this worker has expanded: its figures go to `local`, and to the hook.
fn record(local: &RefCell<Gathered>, hook: Option<&LevelHook>, done: LevelDone, accepted: &Tally) {
    let mut g = local.borrow_mut();
    g.count.get_or_insert(Tally::ZERO).add(accepted);
    *g.level_states.entry(done.level).or_default() += done.states;
    if let Some(h) = hook {
        h(done);
    }
}

/// Starts the count at the spec's root (worker 0).
fn send_root<S: Wire>(
    root: Step<S>,
    input: &mut InputHandle<Level, Sent<S>>,
    mine: &RefCell<Gathered>,
    peers: usize,
) {
    match root {
        Step::Node(level, s) => {
            let w = s.to_wire();
            let mut batch = Batch {
                to: owner(fx(&w), peers) as u32,
                ..Batch::default()
            };
            batch.put(&w, 1);
            input.advance_to(level);
            input.send(batch);
        }
        Step::Accept => mine.borrow_mut().count = Some(Tally::Word(1)),
        Step::Reject => {}
    }
}

/// Sends every worker's figures to worker 0, which returns their sums (the others return an
/// empty [`Gathered`]).
fn gather_on_first<A: Allocate>(worker: &mut Worker<A>, mine: Gathered) -> Gathered {
    let gathered = Rc::new(RefCell::new(Gathered::default()));
    let sink = Rc::clone(&gathered);
    let mut input: InputHandle<Level, Report> = InputHandle::new();
    let probe = ProbeHandle::new();
    worker.dataflow::<Level, _, _>(|scope| {
        scope
            .input_from(&mut input)
            .exchange(|_| 0)
            .inspect(move |r| {
                let mut g = sink.borrow_mut();
                match r {
                    Report::Accepted(c) => g.count.get_or_insert(Tally::ZERO).add(c),
                    Report::States(level, n) => *g.level_states.entry(*level).or_default() += n,
                }
            })
            .probe_with(&probe);
    });
    if let Some(c) = mine.count {
        input.send(Report::Accepted(c));
    }
    for (level, n) in mine.level_states {
        input.send(Report::States(level, n));
    }
    input.close();
    while !probe.done() {
        worker.step_or_park(None);
    }
    let mut g = gathered.borrow_mut();
    std::mem::take(&mut *g)
}

/// The levels a worker has open (by level: its capability and the records that arrived so
/// far, merged once the level is complete); the process's budgets, the spec's number of
/// levels, this worker's number and the number of workers.
struct Open<S: Wire> {
    levels: Vec<Option<OpenLevel<S::Form>>>,
    guard: Arc<Guard>,
    of: Level,
    me: usize,
    peers: usize,
    /// Shard bits of a level opened now: from the states of the level last merged.
    fresh: u32,
}

impl<S: Wire> Open<S> {
    /// No level open yet.
    fn new(guard: Arc<Guard>, of: Level, me: usize, peers: usize) -> Self {
        Open {
            levels: (0..=of).map(|_| None).collect(),
            guard,
            of,
            me,
            peers,
            fresh: 0,
        }
    }

    /// Appends batches of records of one level to its run, once the process's budget allows
    /// for every record of the batches (equal states are merged when the level is complete).
    fn absorb(&mut self, cap: InputCapability<Level>, data: &mut Vec<Sent<S>>) -> Result<(), Halt> {
        let t = *cap.time();
        let n = data.iter().map(|b| u64::from(b.n)).sum();
        self.guard.take(n, t, self.of)?;
        let fresh = self.fresh;
        let slot = &mut self.levels[t as usize];
        let (_, run) = slot.get_or_insert_with(|| (cap.retain(), Run::new(fresh)));
        for b in data.drain(..) {
            let big = b.unpack(
                run,
                |r, s, c| r.push(s, c),
                |r, s, c| r.push_mid(s, c),
                |r, s, c| r.push_wide(s, c),
            );
            run.big.extend(big);
        }
        Ok(())
    }

    /// The run of level `j`, opened with a capability delayed from `from` if need be.
    #[inline]
    fn run(&mut self, from: &Capability<Level>, j: Level) -> &mut Run<S::Form> {
        let (slot, fresh) = (&mut self.levels[j as usize], self.fresh);
        &mut slot
            .get_or_insert_with(|| (from.delayed(&j), Run::new(fresh)))
            .1
    }

    /// The lowest open level once no record can reach it any more, merged (its states stay
    /// accounted until their children are made); `Err` when the deadline has passed.
    fn next_complete(
        &mut self,
        frontier: &MutableAntichain<Level>,
    ) -> Option<Result<Expanding<S::Form>, Halt>> {
        let t = self.levels.iter().position(Option::is_some)? as Level;
        if frontier.less_equal(&t) {
            return None;
        }
        let (cap, mut run) = self.levels[t as usize].take()?;
        self.guard.give_back(merge(&mut run) as u64);
        let states = run.len() as u64;
        self.fresh = shard_bits(run.len());
        if let Err(h) = self.guard.check_time(t, self.of) {
            self.guard.give_back(states);
            return Some(Err(h));
        }
        Some(Ok(Expanding {
            cap,
            run,
            states,
            accepted: Tally::ZERO,
            room: 0,
        }))
    }

    /// Drops every level (a halt), giving its states back.
    fn clear(&mut self) {
        for (_, run) in self.levels.iter_mut().filter_map(Option::take) {
            self.guard.give_back(run.len() as u64);
        }
    }
}

/// A complete level whose children are being made: its capability, the parts not expanded
/// yet, its distinct states, the ways it accepted so far, and children accounted against the
/// budget but not made yet.
struct Expanding<W> {
    cap: Capability<Level>,
    run: Run<W>,
    states: u64,
    accepted: Tally,
    room: usize,
}

/// Records of a level expanded per activation of the operator (at least: whole parts).
const RECORDS_AT_ONCE: usize = 1 << 16;

/// The last part of the last shard that has one.
fn pop_part<T>(shards: &mut [Vec<Vec<T>>]) -> Option<Vec<T>> {
    shards.iter_mut().rev().find_map(Vec::pop)
}

/// Children accounted at once against the process's budget.
const CHILDREN_AT_ONCE: usize = 1024;

/// A count of a level being expanded, in its record's tier.
enum Count {
    Word(u128),
    Mid(Mid),
    Wide(Wide),
    Big(BigUint),
}

/// Makes the children of one part of the level in `e` (the one-word parts, then the 192-bit
/// ones, then the 384-bit ones, then the big records): into their level here when this worker owns them, else into
/// `out`; the part goes back to the allocator and its states to the budget. `Ok(true)` once
/// the level is done; `Err` when the process's budget does not allow for the next children.
fn expand_part<S>(
    spec: &S,
    e: &mut Expanding<<S::State as Wire>::Form>,
    open: &mut Open<S::State>,
    out: &mut Outbox<<S::State as Wire>::Form>,
) -> Result<bool, Halt>
where
    S: Spec,
    S::State: Wire,
{
    let mut n = 0;
    let mut made = Ok(());
    while made.is_ok() && n < RECORDS_AT_ONCE {
        if let Some(part) = pop_part(&mut e.run.parts) {
            n += part.len();
            let mut it = part.into_iter();
            made = it.try_for_each(|(w, c)| children(spec, w, Count::Word(c), e, open, out));
        } else if let Some(part) = pop_part(&mut e.run.mid) {
            n += part.len();
            let mut it = part.into_iter();
            made = it.try_for_each(|(w, c)| children(spec, w, Count::Mid(c), e, open, out));
        } else if let Some(part) = e.run.wide.pop() {
            n += part.len();
            let mut it = part.into_iter();
            made = it.try_for_each(|(w, c)| children(spec, w, Count::Wide(c), e, open, out));
        } else if !e.run.big.is_empty() {
            let big = std::mem::take(&mut e.run.big);
            n += big.len();
            let mut it = big.into_iter();
            made = it.try_for_each(|(w, c)| children(spec, w, Count::Big(c), e, open, out));
        } else {
            break;
        }
    }
    open.guard.give_back(n as u64);
    let me = open.me;
    out.flush(*e.cap.time(), me, |j, f| f(open.run(&e.cap, j)));
    made.map(|()| e.run.is_empty())
}

/// Makes the children of one state `w` with count `c` of the level in `e` (see
/// [`expand_part`]).
#[inline]
fn children<S>(
    spec: &S,
    w: <S::State as Wire>::Form,
    c: Count,
    e: &mut Expanding<<S::State as Wire>::Form>,
    open: &mut Open<S::State>,
    out: &mut Outbox<<S::State as Wire>::Form>,
) -> Result<(), Halt>
where
    S: Spec,
    S::State: Wire,
{
    let t = *e.cap.time();
    let s = S::State::from_wire(w);
    for take in [false, true] {
        match spec.child(&s, t, take) {
            Step::Reject => {}
            Step::Accept => match &c {
                Count::Word(c) => e.accepted.add(&Tally::Word(*c)),
                Count::Mid(c) => e.accepted.add(&Tally::Big(BigUint::from(*c))),
                Count::Wide(c) => e.accepted.add(&Tally::Big(BigUint::from(*c))),
                Count::Big(b) => e.accepted.add(&Tally::Big(b.clone())),
            },
            Step::Node(j, u) => {
                if e.room == 0 {
                    open.guard.take(CHILDREN_AT_ONCE as u64, t, open.of)?;
                    e.room = CHILDREN_AT_ONCE;
                }
                e.room -= 1;
                let w = u.to_wire();
                let h = fx(&w);
                let (me, to) = (open.me, owner(h, open.peers));
                match (&c, to == me) {
                    (Count::Word(c), true) if open.peers == 1 => {
                        let run = open.run(&e.cap, j);
                        run.push_at(shard(h, run.bits), w, *c);
                    }
                    (Count::Word(c), _) => out.words(t, j, to).push((w, *c)),
                    (Count::Mid(c), true) if open.peers == 1 => open.run(&e.cap, j).push_mid(w, *c),
                    (Count::Mid(c), _) => out.mids(t, j, to).push((w, *c)),
                    (Count::Wide(c), true) => open.run(&e.cap, j).push_wide(w, *c),
                    (Count::Wide(c), false) => out.batch(j - 1, to).put_wide(&w, c),
                    (Count::Big(b), true) => open.run(&e.cap, j).big.push((w, b.clone())),
                    (Count::Big(b), false) => out.batch(j - 1, to).put_big(w, b.clone()),
                }
            }
        }
    }
    Ok(())
}
