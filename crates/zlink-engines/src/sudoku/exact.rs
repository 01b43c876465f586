//! The exact Sudoku engine: enumerates every solution by constraint propagation on candidate
//! bitmasks (naked singles, hidden singles in every row/column/box) with fewest-candidates
//! branching, up to a limit.
//!
//! Why a second solver beside the IP: counting by no-good cuts costs one HiGHS solve per
//! solution, while one propagation node costs microseconds, so tdoku's counts in the hundreds
//! take milliseconds, and the minimum-clue search can afford millions of uniqueness checks.
//! The topology (peers, units) is computed once per [`Shape`] and reused across calls.
//! [`super::check::for_each_solution`] stays the independent oracle for tests.
//!
//! [`ExactEngine`] is this search as the default Sudoku engine: it solves (and checks for a
//! second solution on the way) and counts exactly, with no limit but the time limit.

use zlink_puzzle::{Counted, Engine, Grid, SolveError, SolveOptions, SolveStats, Solved, Stopped};

use super::Sudoku;
use std::time::Instant;

use super::shape::Shape;

/// The peers and units of one shape, ready for many enumerations.
#[derive(Debug, Clone)]
pub struct Exact {
    n: usize,
    full: u64,
    peers: Vec<Vec<u16>>,
    units: Vec<Vec<u16>>,
}

/// What an enumeration found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Enumeration {
    /// Solutions visited (exact when `limit_reached` is false).
    pub count: u64,
    /// There are more than `count` solutions (the enumeration stopped at the limit).
    pub limit_reached: bool,
    /// Search nodes (propagated branch choices, the root included).
    pub nodes: u64,
}

/// The deadline passed before the enumeration finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimedOut {
    /// Solutions visited before the deadline.
    pub count: u64,
}

impl Exact {
    /// The engine for `shape`.
    pub fn new(shape: Shape) -> Self {
        let n = shape.n;
        let units: Vec<Vec<u16>> = shape
            .units()
            .into_iter()
            .map(|(_, _, cells)| cells.iter().map(|p| (p.row * n + p.col) as u16).collect())
            .collect();
        let mut peers = vec![Vec::new(); n * n];
        for u in &units {
            for &a in u {
                for &b in u {
                    if a != b && !peers[usize::from(a)].contains(&b) {
                        peers[usize::from(a)].push(b);
                    }
                }
            }
        }
        Self {
            n,
            full: (1u64 << n) - 1,
            peers,
            units,
        }
    }

    /// The number of solutions of `givens` (row-major, 0 = blank), at most `limit`.
    /// Stops as soon as `limit` are found (`count(g, 2) == 1` is the uniqueness test).
    pub fn count(&self, givens: &[u8], limit: u64) -> u64 {
        self.run(givens, limit, limit, None, &mut |_| {})
            .map_or(0, |r| r.count)
    }

    /// Visit the solutions of `givens` (row-major cells, 0 = blank, values 1..=n), at most
    /// `limit`. Givens that clash, or values outside 1..=n, have no solutions.
    ///
    /// # Errors
    /// [`TimedOut`] when `deadline` passes first (checked every 256 nodes and at the start).
    pub fn enumerate(
        &self,
        givens: &[u8],
        limit: u64,
        deadline: Option<Instant>,
        visit: &mut dyn FnMut(&[u8]),
    ) -> Result<Enumeration, TimedOut> {
        // one solution past the limit tells whether there are more
        let r = self.run(givens, limit.saturating_add(1), limit, deadline, visit)?;
        Ok(Enumeration {
            count: r.count.min(limit),
            limit_reached: r.count > limit,
            nodes: r.nodes,
        })
    }

    /// Search for up to `limit` solutions, visiting the first `visit_limit`.
    fn run(
        &self,
        givens: &[u8],
        limit: u64,
        visit_limit: u64,
        deadline: Option<Instant>,
        visit: &mut dyn FnMut(&[u8]),
    ) -> Result<Enumeration, TimedOut> {
        let cells = self.n * self.n;
        assert_eq!(givens.len(), cells, "one value per cell");
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(TimedOut { count: 0 });
        }
        let mut run = Run {
            e: self,
            levels: vec![vec![self.full; cells]],
            queue: Vec::with_capacity(cells),
            values: vec![0; cells],
            count: 0,
            visit_limit,
            limit,
            nodes: 1,
            deadline,
            timed_out: false,
            visit,
        };
        let mut ok = true;
        for (i, &v) in givens.iter().enumerate() {
            if v != 0 {
                if usize::from(v) > self.n {
                    ok = false;
                } else {
                    run.levels[0][i] = 1 << (v - 1);
                    run.queue.push(i as u16);
                }
            }
        }
        if ok {
            let (first, _) = run.levels.split_at_mut(1);
            if self.propagate(&mut first[0], &mut run.queue) {
                run.search(0);
            }
        }
        if run.timed_out {
            return Err(TimedOut {
                count: run.count.min(visit_limit),
            });
        }
        Ok(Enumeration {
            count: run.count,
            limit_reached: run.count >= limit,
            nodes: run.nodes,
        })
    }

    /// Apply singles until nothing changes; `false` on a contradiction. `queue` holds the
    /// cells that became fixed but whose value was not yet removed from their peers.
    fn propagate(&self, cand: &mut [u64], queue: &mut Vec<u16>) -> bool {
        loop {
            while let Some(c) = queue.pop() {
                let bit = cand[usize::from(c)];
                for &p in &self.peers[usize::from(c)] {
                    let m = cand[usize::from(p)];
                    if m & bit != 0 {
                        let m = m & !bit;
                        if m == 0 {
                            queue.clear();
                            return false;
                        }
                        cand[usize::from(p)] = m;
                        if m & (m - 1) == 0 {
                            queue.push(p);
                        }
                    }
                }
            }
            for u in &self.units {
                let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
                for &c in u {
                    let m = cand[usize::from(c)];
                    twice |= once & m;
                    once |= m;
                    if m & (m - 1) == 0 {
                        fixed |= m;
                    }
                }
                if once != self.full {
                    queue.clear();
                    return false;
                }
                let mut hidden = once & !twice & !fixed;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden ^= bit;
                    // gone when the one cell holding it was just fixed to another value
                    // of this unit that had only that cell too
                    let Some(&c) = u.iter().find(|&&c| cand[usize::from(c)] & bit != 0) else {
                        queue.clear();
                        return false;
                    };
                    cand[usize::from(c)] = bit;
                    queue.push(c);
                }
            }
            if queue.is_empty() {
                return true;
            }
        }
    }
}

struct Run<'a> {
    e: &'a Exact,
    /// Candidate masks per search depth (reused between branches).
    levels: Vec<Vec<u64>>,
    queue: Vec<u16>,
    values: Vec<u8>,
    count: u64,
    /// Solutions past this many are counted (to tell the limit was reached), not visited.
    visit_limit: u64,
    limit: u64,
    nodes: u64,
    deadline: Option<Instant>,
    timed_out: bool,
    visit: &'a mut dyn FnMut(&[u8]),
}

impl Run<'_> {
    fn search(&mut self, depth: usize) {
        let cand = &self.levels[depth];
        let mut best = usize::MAX;
        let mut best_k = u32::MAX;
        for (i, &m) in cand.iter().enumerate() {
            let k = m.count_ones();
            if k > 1 && k < best_k {
                best_k = k;
                best = i;
                if k == 2 {
                    break;
                }
            }
        }
        if best == usize::MAX {
            for (v, &m) in self.values.iter_mut().zip(cand) {
                *v = m.trailing_zeros() as u8 + 1;
            }
            self.count += 1;
            if self.count <= self.visit_limit {
                (self.visit)(&self.values);
            }
            return;
        }
        if self.levels.len() == depth + 1 {
            self.levels.push(vec![0; cand.len()]);
        }
        let mut m = self.levels[depth][best];
        while m != 0 && self.count < self.limit && !self.timed_out {
            let bit = m & m.wrapping_neg();
            m ^= bit;
            self.nodes += 1;
            if self.nodes & 255 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.timed_out = true;
                return;
            }
            let (lo, hi) = self.levels.split_at_mut(depth + 1);
            let next = &mut hi[0];
            next.copy_from_slice(&lo[depth]);
            next[best] = bit;
            self.queue.push(best as u16);
            if self.e.propagate(next, &mut self.queue) {
                self.search(depth + 1);
            }
        }
    }
}

/// Sudoku by exact propagation and branching: `--engine exact`, the default.
#[derive(Debug, Clone, Copy)]
pub struct ExactEngine;

impl ExactEngine {
    /// Visit at most `limit` solutions under the options' time limit.
    fn enumerate(
        p: &Sudoku,
        limit: u64,
        opts: &SolveOptions,
        visit: &mut dyn FnMut(&[u8]),
    ) -> Result<(Enumeration, SolveStats), SolveError> {
        let start = Instant::now();
        let e = Exact::new(p.shape())
            .enumerate(p.givens().cells(), limit, opts.limits.deadline, visit)
            .map_err(|_| Stopped::time(opts.limits.time_limit))?;
        let stats = SolveStats {
            seconds: start.elapsed().as_secs_f64(),
            counters: vec![("nodes", e.nodes)],
            rounds: None,
        };
        Ok((e, stats))
    }
}

impl Engine<Sudoku> for ExactEngine {
    type Settings = ();

    fn name(&self) -> &'static str {
        "exact"
    }

    fn summary(&self) -> &'static str {
        "exact propagation and branching: fast solve, exact counts"
    }

    fn solve(
        &self,
        p: &Sudoku,
        _: &(),
        opts: &SolveOptions,
    ) -> Result<Solved<Grid<u8>>, SolveError> {
        let n = p.shape().n;
        let mut first = None;
        // a second solution, if any, tells the caller the puzzle is not unique
        let (e, stats) = Self::enumerate(p, 2, opts, &mut |g| {
            if first.is_none() {
                first = Grid::from_cells(n, n, g.to_vec());
            }
        })?;
        let solution = first.ok_or(SolveError::Infeasible)?;
        Ok(Solved {
            solution,
            more: Some(e.count > 1),
            stats,
            note: None,
            stopped: None,
        })
    }

    fn count(&self, p: &Sudoku, _: &(), opts: &SolveOptions) -> Result<Counted, SolveError> {
        let (e, stats) = Self::enumerate(p, u64::MAX, opts, &mut |_| {})?;
        Ok(Counted::exact(e.count, stats))
    }
}
