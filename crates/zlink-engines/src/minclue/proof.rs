//! The minimum-clue proof as a hitting-set search, in the style of McGuire's checker: seed
//! with every small unavoidable set of the grid ([`super::subgrid`]), then for a level k
//! (a clue count below a known upper bound), enumerate every clue set of k cells hitting all
//! known sets and check each with the exact engine ([`Checker`]); a non-unique candidate's
//! other completion gives a new (minimised) unavoidable set that joins the list. Level k
//! exhausted proves the minimum exceeds k. Levels go up from the packing bound (the first
//! with a unique candidate is the minimum) or, below a given puzzle, down from its clue count
//! (the first exhausted level proves the last unique set found minimum): each level costs
//! about 7× the one below, so a tight bound saves the lower levels' sixth ([`Order`]).
//!
//! The search: sets are `u128` cell masks sorted by size; the unhit sets of a node are a
//! bitvector over set indices (`unhit & !contains[cell]` per chosen clue), so a child costs a
//! few word operations. Each node branches on the unhit set with the fewest live cells, its
//! cells taken in order of how many unhit sets they hit; a cell tried in one branch is *dead*
//! in its later siblings (so each hitting set is met once) and a set whose cells are all dead
//! prunes the node. A greedy packing of disjoint unhit sets larger than the clues left prunes
//! too, and with one clue left it must lie in every unhit set.
//!
//! Why this shape: the row generation of [`super::search`] re-solves a master per level with
//! list copies per node and few seed sets; this search has no per-node allocation, learns
//! into all levels at once and splits the first levels into independent tasks run with rayon
//! (each worker has its own copy of the sets and pulls the sets others learned at each task).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;
use zlink_puzzle::Grid;

use super::check::Checker;
use super::hitting::{flags, mask};
use super::subgrid::{digit_subset_sets_until, SeedStop};
use crate::sudoku::Shape;

/// Words of the set bitvectors: at most 64·`WORDS` sets are used (more learned sets are
/// dropped, which only costs re-checks, never correctness).
const WORDS: usize = 96;

/// The most sets the search keeps (`64·WORDS`).
pub const MAX_SETS: usize = 64 * WORDS;

/// An upper bound on the bytes of the proof's own structures on a grid of `cells` cells (at
/// most 128) with `workers` threads: at most `64·WORDS` known sets, shared once (the list and
/// its dedup table); each worker's copy of them and those it learned, per cell the bitvector of
/// the sets holding it, per depth the unhit sets and the cells to branch on. The search
/// allocates nothing per node, so this is what a memory budget is compared with, before the
/// proof starts.
pub fn working_set(cells: usize, workers: usize) -> u64 {
    let sets = MAX_SETS as u64;
    let bitvector = (WORDS * 8) as u64;
    let depths = cells as u64 + 1;
    let worker = sets * 16 * 2 + cells as u64 * bitvector + depths * (bitvector + 128 * 8);
    sets * 16 * 3 + workers.max(1) as u64 * worker
}

/// Settings of the proof.
#[derive(Debug, Clone, PartialEq)]
pub struct ProofOptions {
    /// Digit sets of up to this many digits seed the sets.
    pub max_digits: usize,
    /// Largest seed set.
    pub max_size: usize,
    /// Levels of the search split into parallel tasks.
    pub split_depth: usize,
    /// Other completions (new sets) taken per non-unique candidate.
    pub alternatives: u64,
    /// Worker threads (`None`: rayon's default).
    pub threads: Option<usize>,
    /// Stop with [`ProofError::TimedOut`] at this instant.
    pub deadline: Option<Instant>,
    /// Stop with [`ProofError::Memory`] when the seed sets found take more bytes.
    pub max_memory: Option<u64>,
    /// A clue set (cell mask) known to make the grid unique: the upper bound.
    pub upper: Option<u128>,
    /// The order of the levels.
    pub order: Order,
}

/// The order in which the levels (clue counts) are searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// From the packing bound up: every exhausted level is a proven lower bound, so a time
    /// limit still leaves a bound.
    Up,
    /// From the upper bound down: one exhausted level when the bound is tight.
    Down,
    /// Down when the upper bound is a given puzzle (likely near the minimum), else up.
    Auto,
}

impl Default for ProofOptions {
    fn default() -> Self {
        Self {
            max_digits: 5,
            max_size: 12,
            split_depth: 3,
            alternatives: 4,
            threads: None,
            deadline: None,
            max_memory: None,
            upper: None,
            order: Order::Auto,
        }
    }
}

/// The figures of one level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Level {
    /// The clue count searched.
    pub k: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Search nodes.
    pub nodes: u64,
    /// Hitting sets checked with the exact engine.
    pub candidates: u64,
    /// Known sets after the level.
    pub sets: usize,
    /// A unique candidate of k clues was found.
    pub found: bool,
}

/// A proven minimum.
#[derive(Debug, Clone, PartialEq)]
pub struct Proof {
    /// A unique clue set of the minimum size (cell mask).
    pub clues: u128,
    /// The minimum.
    pub minimum: usize,
    /// Seed sets and the seconds to find them.
    pub seed_sets: usize,
    /// Seconds seeding.
    pub seed_seconds: f64,
    /// Seconds finding the upper bound (greedy minimal puzzle, or checking the given one).
    pub upper_seconds: f64,
    /// The levels searched, lowest first.
    pub levels: Vec<Level>,
}

impl Proof {
    /// Candidates checked in all.
    pub fn candidates(&self) -> u64 {
        self.levels.iter().map(|l| l.candidates).sum()
    }
    /// Sets known at the end.
    pub fn sets_used(&self) -> usize {
        self.levels.last().map_or(self.seed_sets, |l| l.sets)
    }
}

/// Why the proof stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProofError {
    /// The deadline passed; the minimum is at least `lower_bound` (and at most `upper_bound`).
    TimedOut {
        /// Proven lower bound.
        lower_bound: usize,
        /// Known upper bound.
        upper_bound: usize,
    },
    /// Grid larger than 128 cells.
    TooLarge(usize),
    /// The worker threads could not be started (the message says why).
    Threads(String),
    /// The seed sets found took more than this many bytes ([`ProofOptions::max_memory`]).
    Memory(u64),
}

/// Progress: (level k being searched, the proven lower bound, tasks done, tasks in the level).
pub type ProgressFn<'a> = &'a (dyn Fn(usize, usize, u64, u64) + Sync);

/// Prove the minimum number of clues of `grid`.
///
/// # Errors
/// [`ProofError`].
pub fn prove(
    shape: Shape,
    grid: &Grid<u8>,
    opts: &ProofOptions,
    progress: Option<ProgressFn<'_>>,
) -> Result<Proof, ProofError> {
    let cells = grid.len();
    if cells > 128 {
        return Err(ProofError::TooLarge(cells));
    }
    let pool = {
        let mut b = rayon::ThreadPoolBuilder::new();
        if let Some(n) = opts.threads {
            b = b.num_threads(n);
        }
        b.build()
            .map_err(|e| ProofError::Threads(format!("cannot start worker threads: {e}")))?
    };
    let t = Instant::now();
    let seeds = pool
        .install(|| {
            digit_subset_sets_until(
                shape,
                grid,
                opts.max_digits.min(shape.n),
                opts.max_size,
                opts.deadline,
                opts.max_memory,
            )
        })
        .map_err(|stop| match stop {
            SeedStop::TimedOut => ProofError::TimedOut {
                lower_bound: 0,
                upper_bound: cells,
            },
            SeedStop::Memory { budget } => ProofError::Memory(budget),
        })?;
    let seed_seconds = t.elapsed().as_secs_f64();
    let mut sets: Vec<u128> = seeds.iter().map(|s| mask(s)).collect();
    sets.sort_by_key(|s| s.count_ones());
    let t = Instant::now();
    let mut check = Checker::new(shape, grid);
    let upper = match opts.upper {
        Some(u) if check.is_unique(&flags(u, cells)) => u,
        _ => mask(
            &super::search::minimal(shape, grid)
                .iter()
                .enumerate()
                .filter(|p| *p.1)
                .map(|p| p.0)
                .collect::<Vec<_>>(),
        ),
    };
    let upper_seconds = t.elapsed().as_secs_f64();
    let ub = upper.count_ones() as usize;
    let mut proof = Proof {
        clues: upper,
        minimum: ub,
        seed_sets: sets.len(),
        seed_seconds,
        upper_seconds,
        levels: Vec::new(),
    };
    let floor = packing_bound(&sets);
    // seeding and the upper bound take seconds and do not look at the clock themselves
    if opts.deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(ProofError::TimedOut {
            lower_bound: floor,
            upper_bound: ub,
        });
    }
    let descend = match opts.order {
        Order::Up => false,
        Order::Down => true,
        Order::Auto => opts.upper.is_some_and(|u| u == upper),
    };
    // bottom-up: levels floor, floor + 1, …; the first with a unique set is the minimum, and
    // each exhausted level raises the proven lower bound. Top-down: level ub − 1, and below a
    // unique set found there; the first exhausted level proves the minimum is the last set
    // found (a unique set of fewer clues grows, clue by clue, into one of exactly k that the
    // level would meet), which skips the cheap lower levels when the bound is tight.
    let mut k = if descend { ub.saturating_sub(1) } else { floor };
    let mut lower = floor;
    while k >= floor && k < proof.minimum {
        let t = Instant::now();
        let level = pool.install(|| search_level(&check, &mut sets, (k, lower), opts, progress));
        let Some((found, nodes, candidates)) = level else {
            return Err(ProofError::TimedOut {
                lower_bound: lower,
                upper_bound: proof.minimum,
            });
        };
        proof.levels.push(Level {
            k,
            seconds: t.elapsed().as_secs_f64(),
            nodes,
            candidates,
            sets: sets.len(),
            found: found.is_some(),
        });
        match (found, descend) {
            (Some(f), true) => {
                proof.clues = f;
                proof.minimum = f.count_ones() as usize;
                k = proof.minimum.saturating_sub(1);
            }
            (Some(f), false) => {
                proof.clues = f;
                proof.minimum = f.count_ones() as usize;
                return Ok(proof);
            }
            (None, true) => return Ok(proof),
            (None, false) => {
                k += 1;
                lower = k;
            }
        }
    }
    Ok(proof)
}

/// A greedy lower bound: disjoint sets.
fn packing_bound(sets: &[u128]) -> usize {
    let mut used = 0u128;
    sets.iter()
        .filter(|&&s| {
            let free = s & used == 0;
            used |= s;
            free
        })
        .count()
}

/// With at most this many clues left, a node that survives the first greedy packing gets a
/// second one that starts from its set with the fewest live cells (dead cells shrink sets
/// unevenly, so the size order of the first misses packings): on a 17-clue grid's level 16
/// it cut the nodes by 28 % and the time by about 5 %.
const REPACK_LEFT: u32 = 5;

/// With at least this many clues left, a node's cells are tried in order of how many unhit
/// sets they hit; with fewer the order barely changes the nodes and costs its popcounts.
const ORDER_LEFT: u32 = 3;

/// What the workers of one level share.
struct Shared<'a> {
    opts: &'a ProofOptions,
    /// The base sets and every set learned so far (append-only), with a dedup set.
    sets: Mutex<(Vec<u128>, rustc_hash::FxHashSet<u128>)>,
    stop: AtomicBool,
    timed_out: AtomicBool,
    found: Mutex<Option<u128>>,
    nodes: AtomicU64,
    candidates: AtomicU64,
}

/// One level, `level` = (k, the lower bound proven so far, for progress): `Some((a unique
/// k-clue set, if any; nodes; candidates))`, `None` on time out. Learned sets are appended to
/// `sets`.
fn search_level(
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
    // the first levels, sequentially, into tasks (chosen, dead)
    let mut w = Worker::new(check.clone(), &shared, k);
    w.split = Some((opts.split_depth.min(k), Vec::new()));
    w.run(0, 0, k as u32);
    let tasks = w.split.take().map(|s| s.1).unwrap_or_default();
    w.flush();
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

/// One thread's search state: its copy of the sets, per cell the bitvector of the sets
/// holding it, and per depth the bitvector of unhit sets.
struct Worker<'a> {
    check: Checker,
    shared: &'a Shared<'a>,
    sets: Vec<u128>,
    /// How many of the shared sets this worker has.
    pulled: usize,
    /// Sets this worker learned and has not yet shared.
    learned: Vec<u128>,
    contains: Vec<[u64; WORDS]>,
    unhit: Vec<[u64; WORDS]>,
    /// Per depth, the cells to branch on (kept to reuse their allocation).
    orders: Vec<Vec<(u32, u8)>>,
    nodes: u64,
    candidates: u64,
    /// While splitting: the depth at which nodes become tasks, and the tasks.
    split: Option<(usize, Vec<(u128, u128)>)>,
}

impl<'a> Worker<'a> {
    /// A worker for a level of `k` clues.
    fn new(check: Checker, shared: &'a Shared<'a>, k: usize) -> Self {
        let cells = check.cells();
        let mut w = Self {
            check,
            shared,
            sets: Vec::new(),
            pulled: 0,
            learned: Vec::new(),
            contains: vec![[0; WORDS]; cells],
            unhit: vec![[0; WORDS]; k + 1],
            orders: vec![Vec::with_capacity(128); k + 1],
            nodes: 0,
            candidates: 0,
            split: None,
        };
        w.pull();
        w
    }

    /// Append `s` as a new set; whether there was room.
    fn push_set(&mut self, s: u128) -> bool {
        let j = self.sets.len();
        if j >= MAX_SETS {
            return false;
        }
        self.sets.push(s);
        let mut c = s;
        while c != 0 {
            let i = c.trailing_zeros() as usize;
            c &= c - 1;
            self.contains[i][j / 64] |= 1 << (j % 64);
        }
        true
    }

    /// Take the sets other workers shared since the last pull.
    fn pull(&mut self) {
        let new: Vec<u128> = {
            let g = self.shared.sets.lock().expect("no poisoned lock");
            g.0[self.pulled..].to_vec()
        };
        self.pulled += new.len();
        for s in new {
            if !self.sets.contains(&s) {
                self.push_set(s);
            }
        }
    }

    /// Share what this worker learned and its counters.
    fn flush(&mut self) {
        let mut g = self.shared.sets.lock().expect("no poisoned lock");
        for s in self.learned.drain(..) {
            if g.1.insert(s) {
                g.0.push(s);
            }
        }
        drop(g);
        self.shared.nodes.fetch_add(self.nodes, Ordering::Relaxed);
        self.shared
            .candidates
            .fetch_add(self.candidates, Ordering::Relaxed);
        self.nodes = 0;
        self.candidates = 0;
    }

    /// Search below the node of clues `chosen` and dead cells `dead` with `left` clues left.
    fn run(&mut self, chosen: u128, dead: u128, left: u32) {
        let nw = self.sets.len().div_ceil(64);
        let mut u = [0u64; WORDS];
        for (j, w) in u.iter_mut().enumerate().take(nw) {
            let n = (self.sets.len() - 64 * j).min(64);
            *w = if n == 64 { !0 } else { (1 << n) - 1 };
        }
        let mut c = chosen;
        while c != 0 {
            let i = c.trailing_zeros() as usize;
            c &= c - 1;
            for (x, y) in u.iter_mut().zip(&self.contains[i]).take(nw) {
                *x &= !y;
            }
        }
        self.unhit[0] = u;
        if let Some(found) = self.dfs(0, chosen, dead, left) {
            self.shared.stop.store(true, Ordering::Relaxed);
            let mut f = self.shared.found.lock().expect("no poisoned lock");
            f.get_or_insert(found);
        }
    }

    /// Whether the search must stop: another task found a puzzle or the deadline passed (then
    /// every task is told to stop).
    fn must_stop(&self) -> bool {
        if self.shared.stop.load(Ordering::Relaxed) {
            return true;
        }
        if self
            .shared
            .opts
            .deadline
            .is_some_and(|d| Instant::now() >= d)
        {
            self.shared.timed_out.store(true, Ordering::Relaxed);
            self.shared.stop.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    fn dfs(&mut self, depth: usize, chosen: u128, dead: u128, left: u32) -> Option<u128> {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.must_stop() {
            return None;
        }
        if let Some((at, tasks)) = &mut self.split {
            if depth == *at {
                tasks.push((chosen, dead));
                return None;
            }
        }
        loop {
            let nw = self.sets.len().div_ceil(64);
            // one pass: the unhit set with the fewest live cells, a greedy packing, and the
            // intersection of the live unhit sets
            let (mut best, mut best_k) = (0u128, u32::MAX);
            let (mut used, mut packed, mut inter) = (0u128, 0u32, !0u128);
            for w in 0..nw {
                let mut x = self.unhit[depth][w];
                while x != 0 {
                    let s = self.sets[64 * w + x.trailing_zeros() as usize];
                    x &= x - 1;
                    let live = s & !dead;
                    if live & used == 0 {
                        if live == 0 || packed == left {
                            return None;
                        }
                        used |= live;
                        packed += 1;
                    }
                    inter &= live;
                    if left == 1 && inter == 0 {
                        // no one cell hits every unhit set
                        return None;
                    }
                    let c = live.count_ones();
                    if c < best_k {
                        best_k = c;
                        best = live;
                    }
                }
            }
            if best_k != u32::MAX && (2..=REPACK_LEFT).contains(&left) && best & used != best {
                // a second greedy packing that starts from the set with fewest live cells
                let (mut used2, mut packed2) = (best, 1u32);
                for w in 0..nw {
                    let mut x = self.unhit[depth][w];
                    while x != 0 {
                        let live = self.sets[64 * w + x.trailing_zeros() as usize] & !dead;
                        x &= x - 1;
                        if live & used2 == 0 {
                            if packed2 == left {
                                return None;
                            }
                            used2 |= live;
                            packed2 += 1;
                        }
                    }
                }
            }
            if best_k == u32::MAX {
                // every known set is hit: a candidate. Checking one costs thousands of nodes
                // (an exact solve, and more to minimise each set it misses), so the deadline
                // is checked at every candidate too: where most leaves are candidates (high
                // levels of a random grid) 1024 nodes can take minutes.
                if self.must_stop() {
                    return None;
                }
                self.candidates += 1;
                let clues = flags(chosen, self.check.cells());
                let missed = self
                    .check
                    .missed_sets(&clues, self.shared.opts.alternatives);
                if missed.is_empty() {
                    return Some(chosen);
                }
                for d in missed {
                    let m = mask(&self.check.minimise(&d));
                    // unhit by these clues, hence by every ancestor's
                    let j = self.sets.len();
                    if !self.sets.contains(&m) && self.push_set(m) {
                        self.learned.push(m);
                        for u in &mut self.unhit[..=depth] {
                            u[j / 64] |= 1 << (j % 64);
                        }
                    }
                }
                continue;
            }
            let cells = if left == 1 { inter } else { best };
            if cells == 0 {
                return None;
            }
            // with one clue left every cell of the intersection is a leaf: no order matters;
            // otherwise the cells hitting the most unhit sets first
            let mut order = std::mem::take(&mut self.orders[depth]);
            order.clear();
            let mut c = cells;
            while c != 0 {
                let i = c.trailing_zeros() as usize;
                c &= c - 1;
                let hits: u32 = if left >= ORDER_LEFT {
                    (0..nw)
                        .map(|w| (self.unhit[depth][w] & self.contains[i][w]).count_ones())
                        .sum()
                } else {
                    0
                };
                order.push((hits, i as u8));
            }
            if left >= ORDER_LEFT {
                order.sort_unstable_by_key(|o| std::cmp::Reverse(o.0));
            }
            let mut dead = dead;
            let mut result = None;
            for &(_, i) in &order {
                let i = usize::from(i);
                let nw = self.sets.len().div_ceil(64);
                let (lo, hi) = self.unhit.split_at_mut(depth + 1);
                for w in 0..nw {
                    hi[0][w] = lo[depth][w] & !self.contains[i][w];
                }
                let bit = 1u128 << i;
                if let Some(f) = self.dfs(depth + 1, chosen | bit, dead, left - 1) {
                    result = Some(f);
                    break;
                }
                if self.shared.stop.load(Ordering::Relaxed) {
                    break;
                }
                dead |= bit;
            }
            self.orders[depth] = order;
            return result;
        }
    }
}
