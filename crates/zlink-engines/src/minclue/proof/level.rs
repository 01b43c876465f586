//! One level of the proof (every hitting set of exactly k clues), in parallel: the first
//! levels of the search run sequentially into tasks (clues chosen, cells dead), which rayon's
//! workers take in turn. Why a module of its own: what the workers share (the sets learned,
//! the stop flags, the counters) and how a level's tasks are made and merged is apart from
//! both the search inside a task ([`super::worker`]) and the order of the levels ([`super`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use super::worker::Worker;
use super::{ProgressFn, ProofOptions};
use crate::minclue::check::Checker;

/// What the workers of one level share.
pub(super) struct Shared<'a> {
    pub(super) opts: &'a ProofOptions,
    /// The base sets and every set learned so far (append-only), with a dedup set.
    pub(super) sets: Mutex<(Vec<u128>, rustc_hash::FxHashSet<u128>)>,
    pub(super) stop: AtomicBool,
    pub(super) timed_out: AtomicBool,
    pub(super) found: Mutex<Option<u128>>,
    pub(super) nodes: AtomicU64,
    pub(super) candidates: AtomicU64,
}

/// One level, `level` = (k, the lower bound proven so far, for progress): `Some((a unique
/// k-clue set, if any; nodes; candidates))`, `None` on time out. Learned sets are appended to
/// `sets`.
pub(super) fn search_level(
    check: &Checker,
    sets: &mut Vec<u128>,
    level: (usize, usize),
    opts: &ProofOptions,
    progress: Option<ProgressFn<'_>>,
) -> Option<(Option<u128>, u64, u64)> {
    let (k, lower) = level;
    let shared = Shared {
        opts,
        sets: Mutex::new((sets.clone(), sets.iter().copied().collect())),
        stop: AtomicBool::new(false),
        timed_out: AtomicBool::new(false),
        found: Mutex::new(None),
        nodes: AtomicU64::new(0),
        candidates: AtomicU64::new(0),
    };
    let tasks = split(check, &shared, k);
    let total = tasks.len() as u64;
    let done = AtomicU64::new(0);
    if let Some(p) = progress {
        p(k, lower, 0, total);
    }
    tasks.par_iter().for_each_init(
        || Worker::new(check.clone(), &shared, k),
        |w, &(chosen, dead)| {
            if shared.stop.load(Ordering::Relaxed) {
                return;
            }
            w.pull();
            w.run(chosen, dead, k as u32 - chosen.count_ones());
            w.flush();
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(p) = progress {
                p(k, lower, d, total);
            }
        },
    );
    if shared.timed_out.load(Ordering::Relaxed) {
        return None;
    }
    let (all, _) = shared.sets.into_inner().expect("no poisoned lock");
    *sets = all;
    sets.sort_by_key(|s| s.count_ones());
    Some((
        shared.found.into_inner().expect("no poisoned lock"),
        shared.nodes.load(Ordering::Relaxed),
        shared.candidates.load(Ordering::Relaxed),
    ))
}

/// The first levels of the search of `k` clues, sequentially, into tasks (chosen, dead); a
/// unique set met on the way is recorded in `shared` as any task's.
fn split(check: &Checker, shared: &Shared<'_>, k: usize) -> Vec<(u128, u128)> {
    let mut w = Worker::new(check.clone(), shared, k);
    w.split = Some((shared.opts.split_depth.min(k), Vec::new()));
    w.run(0, 0, k as u32);
    let tasks = w.split.take().map(|s| s.1).unwrap_or_default();
    w.flush();
    tasks
}
