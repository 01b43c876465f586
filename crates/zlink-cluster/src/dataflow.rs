//! The count-only pass as one timely dataflow per worker.
//!
//! The timestamp of a record is the level (ZDD variable) its state waits at. One operator
//! holds, per open level, the worker's `(state, count)` records as they arrived, in one buffer
//! (equal states meet on the worker that owns their hash: the exchange in front of the
//! operator). Once no record of a level can arrive any more (its input frontier has passed the
//! level), the level is complete: its buffer is sorted by state and equal states merged in
//! place (no hash table, no rehashing; a level holds 32-byte `(state, u128)` records for
//! [`Packed`] states, a count past 128 bits aside with its state as a `BigUint`, and only the
//! records in flight carry a [`Tally`]), and every state makes its two children, sent in
//! batches of at most [`SEND_AT`] per target level as they are made: a child for level `j` is
//! sent at time `j - 1` into a feedback edge that adds 1, so it comes back at `j`, on the
//! worker of its hash. Accepted
//! counts and the number of states per level stay with each worker until the count is over;
//! a second, small dataflow then sends them to worker 0, which sums them (children alone travel
//! in the loop, without a report type around them or a filter to take them out).
//!
//! [`Packed`]: zlink_frontier::packed::Packed

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};
use std::rc::Rc;
use std::sync::Arc;

use num_bigint::BigUint;
use rustc_hash::FxBuildHasher;
use timely::communication::Allocate;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::InputCapability;
use timely::dataflow::operators::{
    Capability, Concat, ConnectLoop, Exchange as _, Feedback, Input, Inspect, Probe,
};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::progress::frontier::MutableAntichain;
use timely::worker::Worker;
use zlink_frontier::{Level, Spec, Step};

use crate::halt::{Control, Guard, Halt};
use crate::wire::{Tally, Wire};
use crate::{LevelDone, LevelHook};

/// A state in its wire form with its count, as it travels.
type Rec<W> = (W, Tally);

/// A state with a count below 2^128, as a level holds it: 32 bytes for a [`Packed`] state
/// (a [`Tally`] would make it 48).
type Word<W> = (W, u128);

/// A state whose count has outgrown 128 bits, held aside (rare: the last levels of the
/// biggest counts).
type Big<W> = (W, BigUint);

/// A level's records: those with a count of one word, and the rare ones with a bigger count
/// (a state is in one of the two once the level is merged).
struct Run<W> {
    words: Vec<Word<W>>,
    big: Vec<Big<W>>,
}

impl<W> Run<W> {
    fn new() -> Self {
        Run {
            words: Vec::new(),
            big: Vec::new(),
        }
    }
    fn len(&self) -> usize {
        self.words.len() + self.big.len()
    }
}

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

/// The worker a state belongs to: a hash unlike the tables' own (those use the low bits of
/// the state's Fx hash, which the owner would otherwise fix).
fn owner<W: Hash>(w: &W) -> u64 {
    let h = FxBuildHasher.hash_one(w);
    (h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 16
}

/// Runs this worker's part of the count of `spec` (already under the lookahead) within the
/// process's budgets (`guard`); worker 0 returns what all workers gathered, the others an
/// empty [`Gathered`], and every worker the same [`Halt`] when one of them ran out.
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
    let index = worker.index();
    let control = Control::new(worker);
    let mine = Rc::new(RefCell::new(Gathered::default()));
    let mut input: InputHandle<Level, Rec<<S::State as Wire>::Form>> = InputHandle::new();
    let probe = ProbeHandle::new();
    let root = (index == 0).then(|| spec.root());
    let local = Rc::clone(&mine);
    let flags = Rc::clone(&control.flags);
    worker.dataflow::<Level, _, _>(|scope| {
        let (handle, cycle) = scope.feedback::<Vec<Rec<_>>>(1);
        let children = scope.input_from(&mut input).concat(&cycle).unary_frontier(
            Exchange::new(|r: &Rec<_>| owner(&r.0)),
            "level",
            |_cap, _info| {
                let mut open = Open::<S::State>::new(guard, spec.num_levels());
                move |(input, frontier), output| {
                    if flags.borrow().seen.is_none() {
                        input.for_each(|cap, data| {
                            if let Err(h) = open.absorb(cap, data) {
                                flags.borrow_mut().raise(h);
                            }
                        });
                    }
                    while flags.borrow().seen.is_none() {
                        let Some((cap, table)) = open.next_complete(frontier) else {
                            break;
                        };
                        let t = *cap.time();
                        let states = table.len() as u64;
                        let mut send = |time: Level, batch: &mut Vec<_>| {
                            output.session(&cap.delayed(&time)).give_container(batch);
                        };
                        match expand(&*spec, t, table, &open, &mut send) {
                            Ok((made, accepted)) => {
                                open.guard.give_back(made as u64);
                                let done = LevelDone {
                                    worker: index,
                                    level: t,
                                    levels: open.of,
                                    states,
                                };
                                record(&local, hook.as_ref(), done, &accepted);
                            }
                            Err(h) => flags.borrow_mut().raise(h),
                        }
                    }
                    if flags.borrow().seen.is_some() {
                        // a halt: drop the levels (and their capabilities) and what arrives
                        open.clear();
                        input.for_each(|_, data| data.clear());
                    }
                }
            },
        );
        children.probe_with(&probe).connect_loop(handle);
    });
    if let Some(root) = root {
        send_root(root, &mut input, &mine);
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
    input: &mut InputHandle<Level, Rec<S::Form>>,
    mine: &RefCell<Gathered>,
) {
    match root {
        Step::Node(level, s) => {
            input.advance_to(level);
            input.send((s.to_wire(), Tally::Word(1)));
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

/// The levels a worker has open: per level its capability and the records that arrived so
/// far (unsorted, merged once the level is complete); the process's budgets and the spec's
/// number of levels.
struct Open<S: Wire> {
    levels: HashMap<Level, OpenLevel<S::Form>>,
    guard: Arc<Guard>,
    of: Level,
}

/// Sorts the one-word records of `run` by state and merges equal states in place (a sum
/// past 128 bits moves to the big records), then merges the big records and folds into them
/// the one-word records of the same states; returns how many records went.
fn merge<F: Ord + Clone>(run: &mut Run<F>) -> usize {
    let before = run.len();
    let words = &mut run.words;
    words.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    let (n, mut kept, mut r) = (words.len(), 0, 0);
    while r < n {
        let (mut sum, mut spill, mut e) = (words[r].1, None::<BigUint>, r + 1);
        while e < n && words[e].0 == words[r].0 {
            match sum.checked_add(words[e].1) {
                Some(s) => sum = s,
                None => {
                    *spill.get_or_insert_with(BigUint::default) += sum;
                    sum = words[e].1;
                }
            }
            e += 1;
        }
        match spill {
            Some(b) => run.big.push((words[r].0.clone(), b + sum)),
            None => {
                words.swap(kept, r);
                words[kept].1 = sum;
                kept += 1;
            }
        }
        r = e;
    }
    words.truncate(kept);
    if !run.big.is_empty() {
        merge_big(run);
    }
    before - run.len()
}

/// [`merge`]'s big records: sorted by state, equal states summed, and the one-word records
/// of their states (sorted) folded into them.
#[cold]
fn merge_big<F: Ord>(run: &mut Run<F>) {
    let big = &mut run.big;
    big.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    big.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            kept.1 += std::mem::take(&mut later.1);
        }
        same
    });
    let mut j = 0;
    run.words.retain(|(s, c)| {
        while j < big.len() && big[j].0 < *s {
            j += 1;
        }
        let folded = j < big.len() && big[j].0 == *s;
        if folded {
            big[j].1 += *c;
        }
        !folded
    });
}

impl<S: Wire> Open<S> {
    /// No level open yet.
    fn new(guard: Arc<Guard>, of: Level) -> Self {
        Open {
            levels: HashMap::new(),
            guard,
            of,
        }
    }

    /// Appends a batch of records of one level to its run, once the process's budget allows
    /// for every record of the batch (equal states are merged when the level is complete).
    fn absorb(
        &mut self,
        cap: InputCapability<Level>,
        data: &mut Vec<Rec<S::Form>>,
    ) -> Result<(), Halt> {
        let t = *cap.time();
        self.guard.take(data.len() as u64, t, self.of)?;
        let (_, run) = self
            .levels
            .entry(t)
            .or_insert_with(|| (cap.retain(), Run::new()));
        run.words.reserve(data.len());
        for (w, c) in data.drain(..) {
            match c {
                Tally::Word(c) => run.words.push((w, c)),
                Tally::Big(b) => run.big.push((w, b)),
            }
        }
        Ok(())
    }

    /// Takes the lowest level no record can reach any more (its states stay accounted until
    /// [`expand`] has made their children), once the deadline allows.
    fn next_complete(&mut self, frontier: &MutableAntichain<Level>) -> Option<OpenLevel<S::Form>> {
        let t = self
            .levels
            .keys()
            .copied()
            .filter(|t| !frontier.less_equal(t))
            .min()?;
        let (cap, mut run) = self.levels.remove(&t)?;
        self.guard.give_back(merge(&mut run) as u64);
        Some((cap, run))
    }

    /// Drops every level (a halt), giving its states back.
    fn clear(&mut self) {
        let held: usize = self.levels.values().map(|(_, r)| r.len()).sum();
        self.guard.give_back(held as u64);
        self.levels.clear();
    }
}

/// Children accounted at once against the process's budget.
const CHILDREN_AT_ONCE: usize = 1024;

/// Children of one target level sent at once.
const SEND_AT: usize = 1 << 16;

/// Makes the children of a complete level `t` and sends them (by `send`, in batches of at
/// most [`SEND_AT`], at the time they leave at: `j - 1` for level `j`); returns how many it
/// made and the ways the level accepted. The level's buffer goes back to the allocator as it
/// is used up; its states are given back to the budget, its children stay accounted (the
/// caller gives them back). `Err` when the deadline has passed or the
/// process's budget does not allow for the next children.
fn expand<S, F>(
    spec: &S,
    t: Level,
    run: Run<<S::State as Wire>::Form>,
    open: &Open<S::State>,
    send: &mut F,
) -> Result<(usize, Tally), Halt>
where
    S: Spec,
    S::State: Wire,
    F: FnMut(Level, &mut Vec<Rec<<S::State as Wire>::Form>>),
{
    let (guard, states) = (&open.guard, run.len() as u64);
    let (mut out, mut made, mut room) = (BTreeMap::<Level, Vec<_>>::new(), 0usize, 0usize);
    let fail = |h: Halt, made: usize| {
        guard.give_back(states + made as u64);
        h
    };
    guard.check_time(t, open.of).map_err(|h| fail(h, 0))?;
    let mut accepted = Tally::ZERO;
    let Run {
        words: mut table,
        big,
    } = run;
    let mut chunk = Vec::with_capacity(SEND_AT.min(table.len()));
    let mut big = big.into_iter().map(|(w, b)| (w, Tally::Big(b)));
    loop {
        // the level's buffer is taken from its end and shrunk as its children are made, so
        // a level and its children are not all held at once; the big records go last
        if table.is_empty() {
            chunk.extend(big.by_ref().take(SEND_AT));
        } else {
            let from = table.len().saturating_sub(SEND_AT);
            chunk.extend(table.drain(from..).map(|(w, c)| (w, Tally::Word(c))));
            if table.capacity() > 2 * table.len() + SEND_AT {
                table.shrink_to_fit();
            }
        }
        if chunk.is_empty() {
            break;
        }
        for (w, c) in chunk.drain(..) {
            let s = S::State::from_wire(w);
            for take in [false, true] {
                match spec.child(&s, t, take) {
                    Step::Reject => {}
                    Step::Accept => accepted.add(&c),
                    Step::Node(j, u) => {
                        if room == 0 {
                            let n = CHILDREN_AT_ONCE as u64;
                            guard.take(n, t, open.of).map_err(|h| fail(h, made))?;
                            made += CHILDREN_AT_ONCE;
                            room = CHILDREN_AT_ONCE;
                        }
                        room -= 1;
                        let batch = out.entry(j - 1).or_default();
                        batch.push((u.to_wire(), c.clone()));
                        if batch.len() >= SEND_AT {
                            send(j - 1, batch);
                            batch.clear();
                        }
                    }
                }
            }
        }
    }
    for (time, mut batch) in out {
        if !batch.is_empty() {
            send(time, &mut batch);
        }
    }
    guard.give_back(states + room as u64);
    Ok((made - room, accepted))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The sum of the counts per state of a run.
    fn sums(run: &Run<u32>) -> BTreeMap<u32, BigUint> {
        let mut m = BTreeMap::new();
        for (s, c) in &run.words {
            *m.entry(*s).or_insert_with(BigUint::default) += *c;
        }
        for (s, c) in &run.big {
            *m.entry(*s).or_insert_with(BigUint::default) += c;
        }
        m
    }

    /// Random runs whose one-word counts overflow on merging, with big records arriving too:
    /// the merge keeps every sum exact and each state once, the one-word records sorted.
    #[test]
    fn merging_keeps_sums_exact_past_128_bits_and_each_state_once() {
        let mut rng = zlink_base::SplitMix64::new(37);
        for round in 0..60 {
            let mut run = Run::new();
            for _ in 0..rng.below_u64(300) {
                let c = match rng.below_u64(5) {
                    0 if round % 2 == 0 => u128::MAX / 3 + u128::from(rng.below_u64(9)),
                    _ => u128::from(rng.below_u64(1000)) + 1,
                };
                run.words.push((rng.below_u64(40) as u32, c));
            }
            for _ in 0..rng.below_u64(4) {
                let b = (BigUint::from(1u8) << 130u32) + rng.below_u64(7);
                run.big.push((rng.below_u64(40) as u32, b));
            }
            let want = sums(&run);
            let before = run.len();
            let went = merge(&mut run);
            assert_eq!(sums(&run), want, "round {round}");
            assert_eq!(run.len(), want.len(), "round {round}: each state once");
            assert_eq!(before - went, want.len(), "round {round}");
            assert!(
                run.words.windows(2).all(|w| w[0].0 < w[1].0),
                "round {round}"
            );
            for (s, c) in &run.big {
                assert!(*c > BigUint::from(u128::MAX) / 3u8, "round {round}: {s}");
            }
        }
    }
}
