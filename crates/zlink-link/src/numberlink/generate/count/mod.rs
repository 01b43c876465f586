//! The count-only route of the generator: the number of good instances (by number of pairs)
//! without building any diagram.
//!
//! Why another pass: the diagram route keeps, per frontier state, the family of pair sets
//! reached, and two instance prefixes stay apart as soon as their pairs differ, even behind
//! the frontier. A count needs less: here the instance itself is decided vertex by vertex as
//! vertices leave the frontier (a plain cell, the first terminal of a new pair, or the second
//! terminal of an open pair), and the state of an instance prefix is its *profile*, the set of
//! mates of all its partial solutions, each marked good (reached once, no vertex left empty)
//! or bad. Prefixes with one profile have the same good completions, so the pass keeps one
//! profile with the number of prefixes (by pairs) that reach it. The instance is good iff at
//! the end the profile is the empty mate, good: one solution, covering everything.
//!
//! Profiles are made canonical (`profile`), pruned by look-ahead (`future`), mirrored at the
//! levels where the grid's symmetry maps the frontier and the edges to come onto themselves,
//! and expanded in parallel (rayon) into a sharded level (the frontier crate's
//! [`zlink_frontier::arena`], whose module doc says why not its pending shards). Counts are exact `u128`s;
//! the answer does not depend on the thread count.

mod future;
mod mate;
mod profile;

use num_bigint::BigUint;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use zlink_frontier::{FrontierPlan, Graph, Vertex};

use super::{report_level, GenError};
use future::{decisions, Future};
use mate::{leave, take, Codec, Decision, Slots, Word, LABEL, MAX_SLOTS, UNTOUCHED};
use zlink_base::stop::At;
use zlink_frontier::arena::{AddError, LevelStore, Shard as ArenaShard};
use zlink_frontier::{Limits, Stopped};

pub use mate::MAX_SLOTS as MAX_COUNT_WIDTH;

/// What the count-only pass found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The number of good instances with `k` pairs at index `k` (no trailing zeros).
    pub by_pairs: Vec<BigUint>,
    /// Most profiles held at one level.
    pub peak_states: usize,
    /// Most mates held at one level (summed over its profiles).
    pub peak_mates: usize,
    /// Most bytes held at once (levels and look-ahead tables, estimated).
    pub peak_bytes: u64,
    /// Bytes of the look-ahead tables at the end (estimated; part of `peak_bytes`).
    pub lookahead_bytes: u64,
}

impl Counted {
    /// The number of good instances.
    pub fn count(&self) -> BigUint {
        self.by_pairs.iter().sum()
    }
}

/// Counts the good instances of `g` in its edge order, with at most `max_pairs` pairs if
/// given. `symmetries` are automorphisms of `g` (vertex `x` to `sym[x]`); at each level where
/// one maps the frontier and the edges to come onto themselves, a profile and its image share
/// a state.
///
/// # Errors
/// [`GenError::TooBig`] if the frontier is wider than [`MAX_COUNT_WIDTH`]; budgets.
pub fn count_good(
    g: &Graph,
    max_pairs: Option<u32>,
    symmetries: &[Vec<Vertex>],
    limits: &Limits,
) -> Result<Counted, GenError> {
    count_with(g, max_pairs, symmetries, limits, None)
}

/// As [`count_good`], with the look-ahead tables' budget in bytes (default: a quarter of the
/// memory budget; 0 turns the look-ahead off).
fn count_with(
    g: &Graph,
    max_pairs: Option<u32>,
    symmetries: &[Vec<Vertex>],
    limits: &Limits,
    lookahead_bytes: Option<u64>,
) -> Result<Counted, GenError> {
    let n = g.num_vertices();
    let trivial = |good: bool| Counted {
        by_pairs: if good { vec![1u32.into()] } else { Vec::new() },
        peak_states: 0,
        peak_mates: 0,
        peak_bytes: 0,
        lookahead_bytes: 0,
    };
    if n == 0 {
        return Ok(trivial(true)); // the empty instance
    }
    if g.degrees().contains(&0) || g.num_edges() == 0 {
        return Ok(trivial(false)); // an isolated vertex is never covered
    }
    if n / 2 > usize::from(u16::MAX) {
        return Err(GenError::TooBig(format!(
            "{n} vertices; the count-only route counts up to {} pairs",
            u16::MAX
        )));
    }
    let plan = FrontierPlan::new(g).map_err(|e| GenError::TooBig(e.to_string()))?;
    let too_wide = || {
        GenError::TooBig(format!(
            "frontier width {} exceeds the count's maximum {MAX_SLOTS}",
            plan.width()
        ))
    };
    let pass = |codec: Codec| Pass {
        plan: &plan,
        codec,
        cap: max_pairs,
        mirrors: level_symmetries(g, &plan, symmetries),
        live: live_masks(&plan),
        lookahead_bytes,
    };
    let run = || match Codec::new(plan.width(), u64::BITS) {
        Some(c) => pass(c).run::<u64>(limits),
        None => {
            pass(Codec::new(plan.width(), u128::BITS).ok_or_else(too_wide)?).run::<u128>(limits)
        }
    };
    match limits.threads {
        None => run(),
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t.max(1))
            .build()
            .map_err(|e| GenError::TooBig(format!("threads: {e}")))?
            .install(run),
    }
}

/// The slots live after each level, as bit masks.
fn live_masks(plan: &FrontierPlan) -> Vec<u32> {
    let mut live = 0u32;
    (0..plan.num_levels())
        .map(|i| {
            let lp = plan.level(i);
            for &(s, _) in lp.enter.as_slice() {
                live |= 1 << s;
            }
            for &(s, _) in lp.leave.as_slice() {
                live &= !(1 << s);
            }
            live
        })
        .collect()
}

/// For each level, the slot permutation of the first symmetry that maps the vertices live
/// after the level and the edges after it onto themselves (identity elsewhere).
fn level_symmetries(
    g: &Graph,
    plan: &FrontierPlan,
    symmetries: &[Vec<Vertex>],
) -> Vec<Option<[u8; MAX_SLOTS]>> {
    let n = g.num_vertices();
    let edges = g.edges();
    let key = |a: Vertex, b: Vertex| (a.min(b), a.max(b));
    let mut slot_of = vec![u8::MAX; n];
    let mut live = vec![false; n];
    let mut out = Vec::with_capacity(plan.num_levels());
    for i in 0..plan.num_levels() {
        let lp = plan.level(i);
        for &(s, x) in lp.enter.as_slice() {
            slot_of[x as usize] = s;
            live[x as usize] = true;
        }
        for &(_, x) in lp.leave.as_slice() {
            live[x as usize] = false;
        }
        let rest: std::collections::HashSet<(Vertex, Vertex)> =
            edges[i + 1..].iter().map(|&(a, b)| key(a, b)).collect();
        let found = symmetries.iter().find(|sym| {
            sym.len() == n
                && (0..n).all(|x| live[x] == live[sym[x] as usize])
                && rest
                    .iter()
                    .all(|&(a, b)| rest.contains(&key(sym[a as usize], sym[b as usize])))
        });
        out.push(found.map(|sym| {
            let mut perm = [0u8; MAX_SLOTS];
            for (s, p) in perm.iter_mut().enumerate() {
                *p = s as u8;
            }
            for x in 0..n {
                if live[x] {
                    perm[usize::from(slot_of[x])] = slot_of[sym[x] as usize];
                }
            }
            perm
        }));
    }
    out
}

/// The counts by pairs of the only good end, the empty mate, after the last level (no
/// trailing zeros).
fn good_ends<W: Word>(last: &[Shard<W>]) -> Vec<BigUint> {
    let mut by_pairs: Vec<BigUint> = Vec::new();
    for shard in last {
        for j in 0..shard.len() {
            let (words, lo, counts) = shard.get(j);
            if words == [W::ZERO] {
                by_pairs.resize(usize::from(lo) + counts.len(), BigUint::default());
                for (x, &c) in counts.iter().enumerate() {
                    by_pairs[usize::from(lo) + x] += c;
                }
            }
        }
    }
    while by_pairs.last().is_some_and(|c| *c == BigUint::default()) {
        by_pairs.pop();
    }
    by_pairs
}

/// One run: the graph, its plan and what each level needs.
struct Pass<'a> {
    plan: &'a FrontierPlan,
    codec: Codec,
    cap: Option<u32>,
    mirrors: Vec<Option<[u8; MAX_SLOTS]>>,
    live: Vec<u32>,
    lookahead_bytes: Option<u64>,
}

/// A shard of a level: profiles with their counts by pairs.
type Shard<W> = ArenaShard<W, u128>;

/// What workers share while they expand one level.
struct Shared<'a, 'b, W: Word> {
    future: &'b Future<'a, W>,
    next: &'b LevelStore<W, u128>,
    untouched: &'b [W],
    next_bytes: AtomicU64,
    stop: AtomicBool,
    error: Mutex<Option<GenError>>,
}

impl<W: Word> Shared<'_, '_, W> {
    fn fail(&self, e: GenError) {
        self.stop.store(true, Ordering::Relaxed);
        let mut slot = self.error.lock().unwrap_or_else(|e| e.into_inner());
        slot.get_or_insert(e);
    }
}

/// A hash of a canonical profile.
fn profile_hash<W: Word>(p: &[W]) -> u64 {
    let mut h = 0x9e37_79b9_7f4a_7c15u64 ^ p.len() as u64;
    for w in p {
        h = (h ^ w.mix()).wrapping_mul(0x0100_0000_01b3).rotate_left(23);
    }
    h ^ (h >> 29)
}

impl Pass<'_> {
    fn run<W: Word>(&self, limits: &Limits) -> Result<Counted, GenError> {
        let levels = self.plan.num_levels();
        let budget = limits.max_memory.unwrap_or(u64::MAX);
        let future = Future::<W>::new(
            self.plan,
            self.codec,
            self.lookahead_bytes.unwrap_or(budget / 4),
        );
        let untouched = profile::untouched_words::<W>(&self.codec);
        let mut first: Shard<W> = Shard::default();
        first
            .add(&[W::ZERO], profile_hash(&[W::ZERO]), 0, &[1])
            .map_err(|_| GenError::Capacity("a shard overflowed".into()))?;
        let mut cur = vec![first];
        let (mut peak_states, mut peak_mates, mut peak_bytes) = (1usize, 1usize, 0u64);
        for i in 0..levels {
            let at = At::level(i as u32, levels as u32);
            let states: usize = cur.iter().map(Shard::len).sum();
            let cur_bytes: u64 = cur.iter().map(Shard::bytes).sum();
            let mates = || cur.iter().map(Shard::words).sum();
            if limits.progress.is_on() {
                report_level(limits, (i, levels), (states, mates()), "mates");
            }
            let next = LevelStore::<W, u128>::new();
            let shared = Shared {
                future: &future,
                next: &next,
                untouched: &untouched,
                next_bytes: AtomicU64::new(0),
                stop: AtomicBool::new(false),
                error: Mutex::new(None),
            };
            let held_before = (cur_bytes, states, at);
            cur.par_iter()
                .for_each(|shard| self.expand_shard(i, shard, &shared, held_before, limits));
            if let Some(e) = shared.error.into_inner().unwrap_or_else(|e| e.into_inner()) {
                return Err(e);
            }
            let held = cur_bytes + shared.next_bytes.load(Ordering::Relaxed) + future.bytes();
            peak_bytes = peak_bytes.max(held);
            drop(cur);
            cur = next.into_shards();
            peak_states = peak_states.max(cur.iter().map(Shard::len).sum());
            peak_mates = peak_mates.max(cur.iter().map(Shard::words).sum());
        }
        let by_pairs = good_ends(&cur);
        Ok(Counted {
            by_pairs,
            peak_states,
            peak_mates,
            peak_bytes,
            lookahead_bytes: future.bytes(),
        })
    }

    /// Expands every profile of `shard` (level `i`) into the next level, checking the clock
    /// and the memory budget every 64 profiles (`held`: the bytes of the level, its number of
    /// profiles and where it is); the first failure stops every worker.
    fn expand_shard<W: Word>(
        &self,
        i: usize,
        shard: &Shard<W>,
        shared: &Shared<'_, '_, W>,
        (cur_bytes, states, at): (u64, usize, At),
        limits: &Limits,
    ) {
        let budget = limits.max_memory.unwrap_or(u64::MAX);
        let mut scratch = Scratch::default();
        for j in 0..shard.len() {
            if shared.stop.load(Ordering::Relaxed) {
                return;
            }
            if j % 64 == 0 {
                if let Err(e) = limits.check_time() {
                    shared.fail(e.at(at).into());
                    return;
                }
                let held =
                    cur_bytes + shared.next_bytes.load(Ordering::Relaxed) + shared.future.bytes();
                if held > budget {
                    let e = Stopped::memory(held, budget, "the profiles held")
                        .at(at)
                        .noting(format!("{states} profiles above it"));
                    shared.fail(e.into());
                    return;
                }
            }
            let (words, lo, counts) = shard.get(j);
            if let Err(e) = self.expand(i, words, lo, counts, shared, &mut scratch) {
                shared.fail(e);
                return;
            }
        }
    }

    /// Expands one profile of level `i` (its prefixes counted by pairs from `lo`) into the
    /// next level.
    fn expand<W: Word>(
        &self,
        i: usize,
        words: &[W],
        lo: u16,
        counts: &[u128],
        sh: &Shared<'_, '_, W>,
        scratch: &mut Scratch<W>,
    ) -> Result<(), GenError> {
        let lp = self.plan.level(i);
        let (su, sv) = (usize::from(lp.su), usize::from(lp.sv));
        let Scratch {
            arcs,
            branches,
            spare,
            packed,
            goods,
        } = scratch;
        arcs.clear();
        let mut k = 0u8;
        for &w in words {
            let mut m = self.codec.unpack(w);
            for &(s, _) in lp.enter.as_slice() {
                m[usize::from(s)] = UNTOUCHED;
            }
            k = m.iter().filter(|&&c| c >= LABEL).count() as u8;
            arcs.push((m, w.bad()));
            if let Some(t) = take(&m, su, sv) {
                arcs.push((t, w.bad()));
            }
        }
        // every combination of decisions for the vertices that leave
        branches.clear();
        branches.push((std::mem::take(arcs), k, 0u8));
        for &(s, _) in lp.leave.as_slice() {
            let before = std::mem::take(branches);
            for (p, k, opened) in &before {
                for (d, k2) in decisions(*k) {
                    let mut q = spare.pop().unwrap_or_default();
                    q.clear();
                    let mut good = false;
                    for (m, bad) in p {
                        if let Some((x, empty)) = leave(m, usize::from(s), d) {
                            good |= !(*bad || empty);
                            q.push((x, *bad || empty));
                        }
                    }
                    if good {
                        branches.push((q, k2, opened + u8::from(d == Decision::Open)));
                    } else {
                        spare.push(q);
                    }
                }
            }
            spare.extend(before.into_iter().map(|b| b.0));
        }
        for (mut q, k, opened) in branches.drain(..) {
            let out = self.finish(
                i,
                &mut q,
                k,
                lo + u16::from(opened),
                counts,
                sh,
                packed,
                goods,
            );
            spare.push(q);
            out?;
        }
        *arcs = spare.pop().unwrap_or_default();
        Ok(())
    }

    /// Prunes and canonicalises one child profile and adds it to the next level.
    #[allow(clippy::too_many_arguments)]
    fn finish<W: Word>(
        &self,
        i: usize,
        q: &mut Marked,
        k: u8,
        lo: u16,
        counts: &[u128],
        sh: &Shared<'_, '_, W>,
        packed: &mut Vec<W>,
        goods: &mut Vec<Slots>,
    ) -> Result<(), GenError> {
        // a cap on the pairs: drop the counts above it
        let keep = match self.cap {
            Some(l) => {
                let room = i64::from(l) - i64::from(lo) + 1;
                counts.len().min(usize::try_from(room.max(0)).unwrap_or(0))
            }
            None => counts.len(),
        };
        if keep == 0 {
            return Ok(());
        }
        let counts = &counts[..keep];
        packed.clear();
        for (m, bad) in q.iter() {
            let (any, cover) = sh.future.single(i + 1, m);
            if any {
                packed.push(self.codec.pack(m, *bad || !cover));
            }
        }
        profile::merge(packed);
        profile::drop_outdone(packed, &self.codec, self.live[i], sh.untouched);
        if !profile::has_good(packed) {
            return Ok(());
        }
        if packed.iter().any(|w| w.bad()) {
            goods.clear();
            goods.extend(
                packed
                    .iter()
                    .filter(|w| !w.bad())
                    .map(|&w| self.codec.unpack(w)),
            );
            packed.retain(|&w| {
                if !w.bad() {
                    return true;
                }
                let r = self.codec.unpack(w);
                goods.iter().any(|d| sh.future.together(i + 1, d, &r))
            });
        }
        profile::canonical(
            packed,
            &self.codec,
            k,
            self.mirrors[i].as_ref().map(|p| &p[..]),
        );
        let hash = profile_hash(packed);
        let shard = &sh.next.shards[LevelStore::<W, u128>::shard_of(hash)];
        let added = shard
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .add(packed, hash, lo, counts);
        match added {
            Ok(bytes) => {
                sh.next_bytes.fetch_add(bytes, Ordering::Relaxed);
                Ok(())
            }
            Err(AddError::Overflow) => Err(GenError::Capacity(
                "a count passed 2^128: the count-only route counts in 128 bits (count from the \
                 diagram instead)"
                    .into(),
            )),
            Err(AddError::Full) => {
                Err(GenError::Capacity("a level shard passed 2^32 words".into()))
            }
        }
    }
}

/// Mates being worked on, each with its bad mark.
type Marked = Vec<(Slots, bool)>;

/// Buffers one worker reuses from profile to profile.
struct Scratch<W> {
    arcs: Marked,
    /// Child profiles so far: mates, open labels, pairs opened.
    branches: Vec<(Marked, u8, u8)>,
    spare: Vec<Marked>,
    packed: Vec<W>,
    goods: Vec<Slots>,
}

impl<W> Default for Scratch<W> {
    fn default() -> Self {
        Scratch {
            arcs: Vec::new(),
            branches: Vec::new(),
            spare: Vec::new(),
            packed: Vec::new(),
            goods: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
