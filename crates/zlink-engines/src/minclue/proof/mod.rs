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
//!
//! This file holds the options, the results and the order of the levels; `level` runs one
//! level's tasks in parallel, `worker` is the search inside a task.

mod level;
mod worker;

use std::time::Instant;

use rayon::ThreadPool;
use zlink_puzzle::{Grid, Limits};

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
    /// Worker threads (`None`: rayon's default); stop with [`ProofError::TimedOut`] at the
    /// deadline, and with [`ProofError::Memory`] when the seed sets found take more bytes
    /// than the memory budget.
    pub limits: Limits,
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
            limits: Limits::default(),
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
    /// A unique clue set of the minimum size (cell mask); in a stopped proof
    /// ([`ProofError::TimedOut`]) the smallest found.
    pub clues: u128,
    /// The minimum (in a stopped proof: the size of `clues`, an upper bound).
    pub minimum: usize,
    /// Seed sets found.
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
#[derive(Debug, Clone, PartialEq)]
pub enum ProofError {
    /// The deadline passed; the minimum is at least `lower_bound` and at most
    /// `best.minimum`, the size of the best unique clue set found, `best.clues` (`best` holds
    /// the levels done so far).
    TimedOut {
        /// Proven lower bound.
        lower_bound: usize,
        /// The proof so far: its best clue set and the levels it finished.
        best: Box<Proof>,
    },
    /// Grid larger than 128 cells.
    TooLarge(usize),
    /// The worker threads could not be started (the message says why).
    Threads(String),
    /// The seed sets found took more bytes (`.0`) than the memory budget (`.1`).
    Memory(u64, u64),
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
    let pool = thread_pool(&opts.limits)?;
    // the upper bound first (milliseconds): a proof stopped even while seeding has a puzzle
    let t = Instant::now();
    let mut check = Checker::new(shape, grid);
    let upper = upper_bound(&mut check, shape, grid, opts.upper);
    let mut proof = Proof {
        clues: upper,
        minimum: upper.count_ones() as usize,
        seed_sets: 0,
        seed_seconds: 0.0,
        upper_seconds: t.elapsed().as_secs_f64(),
        levels: Vec::new(),
    };
    let t = Instant::now();
    let sets = match seed_sets(&pool, shape, grid, opts) {
        Ok(sets) => sets,
        Err(SeedStop::TimedOut) => return Err(timed_out(0, proof)),
        Err(SeedStop::Memory { budget, used }) => return Err(ProofError::Memory(used, budget)),
    };
    proof.seed_sets = sets.len();
    proof.seed_seconds = t.elapsed().as_secs_f64();
    let floor = packing_bound(&sets);
    // seeding does not look at the clock after its last sub-grid
    if opts.limits.expired() {
        return Err(timed_out(floor, proof));
    }
    let descend = match opts.order {
        Order::Up => false,
        Order::Down => true,
        Order::Auto => opts.upper.is_some_and(|u| u == upper),
    };
    let run = Levels {
        pool: &pool,
        check: &check,
        opts,
        progress,
    };
    run.search(sets, proof, floor, descend)
}

/// The proof stopped by its deadline with `lower` proven and `best` so far.
fn timed_out(lower: usize, best: Proof) -> ProofError {
    ProofError::TimedOut {
        lower_bound: lower,
        best: Box::new(best),
    }
}

/// The worker threads of `limits`.
fn thread_pool(limits: &Limits) -> Result<ThreadPool, ProofError> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(n) = limits.threads {
        b = b.num_threads(n);
    }
    b.build()
        .map_err(|e| ProofError::Threads(format!("cannot start worker threads: {e}")))
}

/// The seed sets (sub-grids of up to `max_digits` digits), as masks, smallest first.
fn seed_sets(
    pool: &ThreadPool,
    shape: Shape,
    grid: &Grid<u8>,
    opts: &ProofOptions,
) -> Result<Vec<u128>, SeedStop> {
    let seeds = pool.install(|| {
        digit_subset_sets_until(
            shape,
            grid,
            opts.max_digits.min(shape.n),
            opts.max_size,
            opts.limits.deadline,
            opts.limits.max_memory,
        )
    })?;
    let mut sets: Vec<u128> = seeds.iter().map(|s| mask(s)).collect();
    sets.sort_by_key(|s| s.count_ones());
    Ok(sets)
}

/// A unique clue set: `given` if it makes the grid unique, else a greedy minimal puzzle.
fn upper_bound(check: &mut Checker, shape: Shape, grid: &Grid<u8>, given: Option<u128>) -> u128 {
    match given {
        Some(u) if check.is_unique(&flags(u, grid.len())) => u,
        _ => mask(
            &super::search::minimal(shape, grid)
                .iter()
                .enumerate()
                .filter(|p| *p.1)
                .map(|p| p.0)
                .collect::<Vec<_>>(),
        ),
    }
}

/// What the levels of one proof share.
struct Levels<'a> {
    pool: &'a ThreadPool,
    check: &'a Checker,
    opts: &'a ProofOptions,
    progress: Option<ProgressFn<'a>>,
}

impl Levels<'_> {
    /// The levels from `floor` (bottom-up) or below `proof`'s upper bound (`descend`).
    ///
    /// Bottom-up: levels floor, floor + 1, …; the first with a unique set is the minimum, and
    /// each exhausted level raises the proven lower bound. Top-down: level ub − 1, and below a
    /// unique set found there; the first exhausted level proves the minimum is the last set
    /// found (a unique set of fewer clues grows, clue by clue, into one of exactly k that the
    /// level would meet), which skips the cheap lower levels when the bound is tight.
    fn search(
        &self,
        mut sets: Vec<u128>,
        mut proof: Proof,
        floor: usize,
        descend: bool,
    ) -> Result<Proof, ProofError> {
        let mut k = if descend {
            proof.minimum.saturating_sub(1)
        } else {
            floor
        };
        let mut lower = floor;
        while k >= floor && k < proof.minimum {
            let t = Instant::now();
            let level = self.pool.install(|| {
                level::search_level(self.check, &mut sets, (k, lower), self.opts, self.progress)
            });
            let Some((found, nodes, candidates)) = level else {
                return Err(timed_out(lower, proof));
            };
            proof.levels.push(Level {
                k,
                seconds: t.elapsed().as_secs_f64(),
                nodes,
                candidates,
                sets: sets.len(),
                found: found.is_some(),
            });
            if let Some(f) = found {
                proof.clues = f;
                proof.minimum = f.count_ones() as usize;
            }
            match (found.is_some(), descend) {
                (true, true) => k = proof.minimum.saturating_sub(1),
                (true, false) | (false, true) => return Ok(proof),
                (false, false) => {
                    k += 1;
                    lower = k;
                }
            }
        }
        Ok(proof)
    }
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
