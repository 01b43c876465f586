//! The minimum hint sets of a loop over every candidate, without the family `H` of all good
//! sets: row generation between a ZDD of small hint sets and the Slitherlink solver.
//!
//! Why: `H` of a random 8 × 8 loop is out of reach (tools/README, issue 14), yet a designer's
//! first question, "how few hints can this loop have, and which?", does not need it. A hint
//! set is good iff it hits the disagreement set `D(C)` of every other cycle `C` (the
//! candidates whose side count differs under `C`), and the *minimal* `D`s are small and
//! local. So:
//! * the **cuts** are minimal disagreement sets, each found by the solver from a hint set it
//!   showed not to be good (a second solution `C`, `D(C)`), then shrunk cell by cell (a cell
//!   stays only if no other loop changes the set without it): every good set hits every cut;
//! * `Z_k`, the hint sets of exactly `k` cells hitting every cut found so far, is a ZDD
//!   (exactly-`k` sets; a known cut is applied, `meeting_all`, when a member picked by a
//!   random walk misses it, all such cuts of the member in one pass);
//! * a member of `Z_k` the solver finds good is kept; one that is not yields a new cut that
//!   removes it. `Z_k` empty: the minimum is above `k` (every good set of `k` cells would be
//!   in it). Every member checked good: the minimum is `k`, and `Z_k` *is* the family of
//!   minimum hint sets (no good set is ever cut away), so its size is exact.
//!
//! Each round costs one solver call and a few for the shrinking (about a millisecond on
//! 8 × 8 loops: the puzzles the shrinking asks about are almost fully clued), and one pass
//! over `Z_k`; the rounds are about the number of cuts the minimum needs plus the number of
//! minimum sets. The cost grows with the cuts the minimum needs (1,000-3,000 on random 8 × 8
//! loops of 19 hints, thousands more on one of 23+), and `Z_k` grows with them (tools/README).
//!
//! Minimum-clue Sudoku (`zlink_engines::minclue`) is the same implicit hitting-set problem:
//! the loop (master, oracle, shrinking, new row) is the one of
//! [`zlink_puzzle::unavoidable::generate_rows`], with `Z_k` as master here and a HiGHS IP
//! there. Its default master, a bitmask depth-first search over at most 128 cells that learns
//! rows mid-enumeration with millions of microsecond checks, is not a propose-and-restart
//! master (that module doc says why); it wants one minimum set, this one every minimum set
//! with thousands of millisecond checks.

use std::time::Instant;

use rustc_hash::FxHashMap as HashMap;
use zlink_frontier::{Limits, RunError};
use zlink_puzzle::{Coord, Grid};
use zlink_zdd::{BudgetExceeded, NodeId, Var, Zdd};

use zlink_puzzle::unavoidable::{self, Ended};

use super::reduced::clues_at;
use super::{loop_values, shape, DesignError};
use crate::slitherlink::Deduction;
use crate::{LoopEdges, SlitherZdd};

/// The minimum hint sets of a loop (see the module doc).
#[derive(Clone, Debug)]
pub struct MinimumSets {
    /// Variable `v` of [`MinimumSets::zdd`] is candidate cell `cells[v]` (row-major).
    pub cells: Vec<Coord>,
    /// The loop's side count of every cell.
    pub values: Grid<u8>,
    /// The store holding [`MinimumSets::family`].
    pub zdd: Zdd,
    /// Every minimum good hint set (empty when no candidate set makes the loop unique).
    pub family: NodeId,
    /// The minimum number of hints (`None` when no hint set makes the loop unique).
    pub size: Option<usize>,
    /// How the search went.
    pub stats: MinimumStats,
}

/// Figures of one minimum search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MinimumStats {
    /// Cuts (minimal disagreement sets) found.
    pub cuts: usize,
    /// Solver calls (uniqueness checks and shrinking steps).
    pub checks: u64,
    /// Hint sets of the final size found good one by one.
    pub verified: u64,
    /// The sizes tried, from the first lower bound.
    pub sizes_tried: usize,
}

impl MinimumSets {
    /// The clue grid of a member (variables of [`MinimumSets::zdd`]).
    pub fn clues_of(&self, set: &[Var]) -> Grid<Option<u8>> {
        let hints: Vec<Coord> = set.iter().map(|&v| self.cells[v as usize]).collect();
        clues_at(&self.values, &hints)
    }
}

/// Disagreement sets above this many cells are shrunk by halves, quarters, ... first.
const CHUNKED_ABOVE: usize = 16;

/// The solver side: second solutions and their shrunk disagreement sets.
struct Oracle<'a> {
    values: &'a Grid<u8>,
    loop_edges: &'a LoopEdges,
    cells: &'a [Coord],
    deadline: Option<Instant>,
    max_memory: Option<u64>,
    checks: u64,
}

impl Oracle<'_> {
    /// The disagreement set (candidate indices) of a solution other than the loop of the
    /// clues at the candidates `hints`, or `None` if the loop is the only solution.
    fn missed(&mut self, hints: &[usize]) -> Result<Option<Vec<usize>>, DesignError> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(DesignError::TimeLimit {
                phase: "the end of the minimum search",
            });
        }
        self.checks += 1;
        let at: Vec<Coord> = hints.iter().map(|&i| self.cells[i]).collect();
        let clues = clues_at(self.values, &at);
        let engine = SlitherZdd::with_deduction_until(&clues, Deduction::Sat, self.deadline)
            .map_err(|e| DesignError::Spec(super::reduced::into_spec(e)))?;
        let s = engine.setup_stats();
        if s.decided {
            return Ok(None);
        }
        let limits = Limits {
            threads: Some(1),
            max_memory: self.max_memory,
            ..Limits::default()
        }
        .until(self.deadline);
        let found = engine.solutions(2, &limits).map_err(|e| match e {
            e if e.is_time_limit() => DesignError::TimeLimit {
                phase: "the end of the minimum search",
            },
            RunError::Spec(e) => DesignError::Spec(e),
            e => DesignError::Check(e),
        })?;
        Ok(found.iter().find(|x| *x != self.loop_edges).map(|x| {
            (0..self.cells.len())
                .filter(|&i| {
                    let c = self.cells[i];
                    x.sides(c.row, c.col) != self.values[c]
                })
                .collect()
        }))
    }

    /// A minimal disagreement set inside `set` (itself one), by the deletion filter shared
    /// with minimum-clue Sudoku ([`zlink_puzzle::unavoidable::shrink`]).
    fn shrink(&mut self, set: Vec<usize>) -> Result<Vec<usize>, DesignError> {
        unavoidable::shrink(set, CHUNKED_ABOVE, |free| self.missed_within(free))
    }

    /// [`Oracle::missed`] with a hint at every candidate outside `free`: the disagreement set
    /// (a subset of `free`) of another loop, if any.
    fn missed_within(&mut self, free: &[usize]) -> Result<Option<Vec<usize>>, DesignError> {
        let mut is_free = vec![false; self.cells.len()];
        free.iter().for_each(|&i| is_free[i] = true);
        let hints: Vec<usize> = (0..self.cells.len()).filter(|&i| !is_free[i]).collect();
        self.missed(&hints)
    }
}

impl unavoidable::Oracle for Oracle<'_> {
    type Error = DesignError;

    /// The disagreement set of one other loop, if any ([`Oracle::missed`]).
    fn others(&mut self, hints: &[usize]) -> Result<Vec<Vec<usize>>, DesignError> {
        Ok(self.missed(hints)?.into_iter().collect())
    }

    fn shrink(&mut self, set: Vec<usize>) -> Result<Vec<usize>, DesignError> {
        Oracle::shrink(self, set)
    }

    fn checks(&self) -> u64 {
        self.checks
    }
}

/// Sides of the windows whose cuts seed the search.
const SEED_WINDOWS: [usize; 3] = [2, 3, 4];

/// The first cuts: for every window of 2 × 2, 3 × 3 and 4 × 4 cells, a minimal disagreement
/// set inside it, if another loop differs from the loop only there (hints everywhere else).
/// Such local cuts are cheap (the puzzles are almost fully clued) and carry the lower
/// bound of the small sizes, where a second solution of a sparse hint set would disagree
/// almost everywhere. `None` when another loop agrees on every candidate.
fn window_cuts(
    oracle: &mut Oracle<'_>,
    rows: usize,
    cols: usize,
) -> Result<Option<Vec<Vec<Var>>>, DesignError> {
    let mut cuts: Vec<Vec<Var>> = Vec::new();
    let mut known = rustc_hash::FxHashSet::default();
    for w in SEED_WINDOWS {
        for r0 in 0..rows.saturating_sub(w - 1).max(1) {
            for c0 in 0..cols.saturating_sub(w - 1).max(1) {
                let free: Vec<usize> = (0..oracle.cells.len())
                    .filter(|&i| {
                        let c = oracle.cells[i];
                        (r0..r0 + w).contains(&c.row) && (c0..c0 + w).contains(&c.col)
                    })
                    .collect();
                if free.is_empty() {
                    continue;
                }
                let Some(d) = oracle.missed_within(&free)? else {
                    continue;
                };
                let d = oracle.shrink(d)?;
                if d.is_empty() {
                    return Ok(None);
                }
                let cut: Vec<Var> = d.iter().map(|&i| i as Var).collect();
                if known.insert(cut.clone()) {
                    cuts.push(cut);
                }
            }
        }
    }
    Ok(Some(cuts))
}

/// The members of `f` that meet every one of `sets` (at most 64, each sorted and non-empty),
/// in one pass: the state below a node is the mask of the sets not met yet, and a set whose
/// last variable lies above the node can no longer be met. One pass for a batch instead of
/// one per set: the cuts a level starts with are applied in a few passes.
fn meeting_all(z: &mut Zdd, f: NodeId, sets: &[&[Var]]) -> Result<NodeId, BudgetExceeded> {
    struct Batch {
        /// `with[v]`: the sets holding variable `v`.
        with: Vec<u64>,
        /// `over[v]`: the sets whose last variable is below `v` (all of theirs passed).
        over: Vec<u64>,
    }
    fn go(
        z: &mut Zdd,
        b: &Batch,
        f: NodeId,
        mask: u64,
        memo: &mut HashMap<(NodeId, u64), NodeId>,
    ) -> Result<NodeId, BudgetExceeded> {
        if mask == 0 {
            return Ok(f);
        }
        if f.is_terminal() {
            return Ok(NodeId::ZERO);
        }
        let v = z.var(f) as usize;
        if mask & b.over[v] != 0 {
            return Ok(NodeId::ZERO);
        }
        if let Some(&x) = memo.get(&(f, mask)) {
            return Ok(x);
        }
        let (lo, hi) = (z.lo(f), z.hi(f));
        let l = go(z, b, lo, mask, memo)?;
        let h = go(z, b, hi, mask & !b.with[v], memo)?;
        let x = z.node(v as Var, l, h)?;
        memo.insert((f, mask), x);
        Ok(x)
    }
    assert!(sets.len() <= 64, "a batch holds at most 64 sets");
    let n = z.num_vars() as usize;
    let mut b = Batch {
        with: vec![0; n + 1],
        over: vec![0; n + 1],
    };
    for (i, set) in sets.iter().enumerate() {
        for &v in *set {
            b.with[v as usize] |= 1 << i;
        }
        let last = *set.last().expect("a non-empty set") as usize;
        for o in &mut b.over[last + 1..] {
            *o |= 1 << i;
        }
    }
    // a fresh memo per pass: clearing one that a large pass grew costs its whole capacity
    // every time (half the run went to that memset on a random 8 × 8 loop)
    let mut memo = HashMap::default();
    let all = if sets.len() == 64 {
        u64::MAX
    } else {
        (1u64 << sets.len()) - 1
    };
    go(z, &b, f, all, &mut memo)
}

/// `exact[j]`: the sets of exactly `j` of the variables `0..n`, for `j` in `0..=k`.
fn exactly(z: &mut Zdd, n: Var, k: usize) -> Result<Vec<NodeId>, BudgetExceeded> {
    // below[j]: the sets of exactly j of the variables v..n, for the current v
    let mut below = vec![NodeId::ZERO; k + 1];
    below[0] = NodeId::ONE;
    for v in (0..n).rev() {
        for j in (1..=k).rev() {
            below[j] = z.node(v, below[j], below[j - 1])?;
        }
    }
    Ok(below)
}

/// The minimum hint sets of the loop around `inside` over the `true` cells of `candidates`
/// (see the module doc), within `deadline` and `max_memory` bytes (the solver's budget, and
/// 64 bytes a node for the store). `on_round(size, cuts)` after every round.
///
/// # Errors
/// [`DesignError::Shape`] / [`DesignError::SizeMismatch`] for bad input, budget errors, and
/// [`DesignError::TimeLimit`].
pub fn minimum_sets(
    inside: &Grid<bool>,
    candidates: &Grid<bool>,
    deadline: Option<Instant>,
    max_memory: Option<u64>,
    on_round: &mut dyn FnMut(usize, usize),
) -> Result<MinimumSets, DesignError> {
    shape::check_loop(inside)?;
    if (candidates.rows(), candidates.cols()) != (inside.rows(), inside.cols()) {
        return Err(DesignError::SizeMismatch {
            want: (inside.rows(), inside.cols()),
            got: (candidates.rows(), candidates.cols()),
        });
    }
    let (loop_edges, values) = loop_values(inside);
    let cells: Vec<Coord> = (0..inside.rows())
        .flat_map(|r| (0..inside.cols()).map(move |c| Coord::new(r, c)))
        .filter(|&c| candidates[c])
        .collect();
    let n = u32::try_from(cells.len()).expect("a grid's cells fit in u32");
    let nodes = max_memory.map_or(usize::MAX, |b| {
        usize::try_from(b / 64).unwrap_or(usize::MAX)
    });
    let mut z = Zdd::with_node_budget(n, nodes);
    let mut oracle = Oracle {
        values: &values,
        loop_edges: &loop_edges,
        cells: &cells,
        deadline,
        max_memory,
        checks: 0,
    };
    let mut stats = MinimumStats::default();
    let (size, family) = search(&mut z, &mut oracle, inside, &mut stats, on_round)?;
    stats.checks = oracle.checks;
    let mut roots = [family];
    z.retain(&mut roots);
    Ok(MinimumSets {
        cells,
        values,
        zdd: z,
        family: roots[0],
        size,
        stats,
    })
}

/// The row generation of [`minimum_sets`] (the loop shared with minimum-clue Sudoku,
/// [`unavoidable::generate_rows`], with [`Sizes`] as master): the minimum size and the family
/// of minimum sets, or `(None, ∅)` when no hint set is good.
fn search(
    z: &mut Zdd,
    oracle: &mut Oracle<'_>,
    inside: &Grid<bool>,
    stats: &mut MinimumStats,
    on_round: &mut dyn FnMut(usize, usize),
) -> Result<(Option<usize>, NodeId), DesignError> {
    let none = Ok((None, NodeId::ZERO));
    let Some(cuts) = window_cuts(oracle, inside.rows(), inside.cols())? else {
        return none;
    };
    let mut master = Sizes {
        n: z.num_vars(),
        z,
        cuts,
        k: 0,
        open: None,
        good: Vec::new(),
        live: 0,
        // members are picked by a random walk, not in order: the first members in order all
        // crowd their hints into the top rows, and their cuts all lie below (a random 8 × 8
        // loop: 971 cuts instead of 1,361)
        rng: zlink_base::SplitMix64::new(1),
        stats,
        on_round,
        found: None,
    };
    match unavoidable::generate_rows(&mut master, oracle)? {
        // another loop agrees on every candidate: no hint set is good
        Ended::Hopeless => none,
        // `None` when every candidate together does not make the loop unique
        Ended::Done => Ok(master.found.unwrap_or((None, NodeId::ZERO))),
    }
}

/// The master of [`search`]: `Z_k` for k = 0, 1, … (see the module doc).
struct Sizes<'a, 'b> {
    z: &'a mut Zdd,
    n: Var,
    /// The cuts found so far.
    cuts: Vec<Vec<Var>>,
    /// The size being tried.
    k: usize,
    /// What is left of `Z_k` (`None` before size `k` starts).
    open: Option<NodeId>,
    /// The members of size `k` found good; the others get cut away.
    good: Vec<Vec<Var>>,
    /// Nodes of the store after its last garbage collection.
    live: usize,
    rng: zlink_base::SplitMix64,
    stats: &'a mut MinimumStats,
    on_round: &'a mut (dyn FnMut(usize, usize) + 'b),
    /// The minimum size and the family of minimum sets, once known.
    found: Option<(Option<usize>, NodeId)>,
}

impl Sizes<'_, '_> {
    /// Starts size `k`: every set of k cells. The known cuts are applied lazily, each when
    /// the first member missing it comes up (applying all of them up front, in any order,
    /// built families of 10 M+ nodes on the way on a 10 × 10 loop; lazily the family stays
    /// small, and a random 8 × 8 loop's run took 71 CPU s against 161).
    fn start_size(&mut self) -> Result<NodeId, DesignError> {
        self.stats.sizes_tried += 1;
        self.stats.cuts = self.cuts.len();
        let open = exactly(self.z, self.n, self.k)?[self.k];
        self.good.clear();
        self.live = self.z.node_count();
        Ok(open)
    }

    /// Collects the garbage of the passes once the store has doubled (`open` is kept).
    fn collect(&mut self, open: NodeId) -> NodeId {
        if self.z.node_count() <= 2 * self.live.max(1 << 20) {
            return open;
        }
        let mut roots = [open];
        self.z.retain(&mut roots);
        self.live = self.z.node_count();
        roots[0]
    }
}

impl unavoidable::Master for Sizes<'_, '_> {
    type Error = DesignError;

    /// A member of `Z_k` that meets every known cut (cuts it misses are applied first, up to
    /// 64 in one pass, no solver call); the next size when `Z_k` runs out with no good
    /// member, the end when it runs out with some (they are all the minimum sets) or past the
    /// last size.
    fn propose(&mut self) -> Result<Option<Vec<usize>>, DesignError> {
        loop {
            if self.k > self.n as usize {
                return Ok(None);
            }
            let mut open = match self.open {
                Some(open) => open,
                None => self.start_size()?,
            };
            let Some(set) = pick(self.z, open, &mut self.rng) else {
                if !self.good.is_empty() {
                    // every member of this size checked good: they are all the minimum sets
                    self.found = Some((Some(self.k), self.z.from_sets(&self.good)?));
                    return Ok(None);
                }
                let mut roots: [NodeId; 0] = [];
                self.z.retain(&mut roots);
                self.open = None;
                self.k += 1;
                continue;
            };
            open = self.collect(open);
            let mut held = vec![false; self.n as usize];
            set.iter().for_each(|&v| held[v as usize] = true);
            let missed: Vec<&[Var]> = self
                .cuts
                .iter()
                .filter(|c| !c.iter().any(|&v| held[v as usize]))
                .take(64)
                .map(Vec::as_slice)
                .collect();
            if !missed.is_empty() {
                self.open = Some(meeting_all(self.z, open, &missed)?);
                continue;
            }
            self.open = Some(open);
            return Ok(Some(set.iter().map(|&v| v as usize).collect()));
        }
    }

    /// A good member: it leaves `Z_k` and joins the good ones.
    fn unique(&mut self, hints: Vec<usize>, _: &unavoidable::Round) -> Result<bool, DesignError> {
        let set: Vec<Var> = hints.iter().map(|&i| i as Var).collect();
        let one = self.z.from_set(&set)?;
        let open = self.open.expect("a proposal came from Z_k");
        self.open = Some(self.z.difference(open, one)?);
        self.good.push(set);
        self.stats.verified += 1;
        Ok(false)
    }

    /// A new cut (the oracle finds one other loop a round): it removes the member.
    fn add_rows(
        &mut self,
        rows: Vec<Vec<usize>>,
        _: &unavoidable::Round,
    ) -> Result<bool, DesignError> {
        for cut in rows {
            let cut: Vec<Var> = cut.iter().map(|&i| i as Var).collect();
            let open = self.open.expect("a proposal came from Z_k");
            self.open = Some(meeting_all(self.z, open, &[&cut])?);
            self.cuts.push(cut);
            self.stats.cuts = self.cuts.len();
            (self.on_round)(self.k, self.cuts.len());
        }
        Ok(false)
    }
}

/// A member of `f` by a random walk (each branch with both sides alive taken by a coin
/// flip), or `None` for the empty family.
fn pick(z: &Zdd, mut f: NodeId, rng: &mut zlink_base::SplitMix64) -> Option<Vec<Var>> {
    if f == NodeId::ZERO {
        return None;
    }
    let mut set = Vec::new();
    while !f.is_terminal() {
        let (lo, hi) = (z.lo(f), z.hi(f));
        if lo == NodeId::ZERO || rng.next_u64() & 1 == 1 {
            set.push(z.var(f));
            f = hi;
        } else {
            f = lo;
        }
    }
    debug_assert_eq!(f, NodeId::ONE);
    Some(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zlink_base::SplitMix64;

    /// `meeting_all` keeps exactly the members meeting every set of the batch, and `exactly`
    /// holds the sets of each size: against filtering the members one by one.
    #[test]
    fn batch_meeting_against_filtering() {
        let mut rng = SplitMix64::new(3);
        for round in 0..200 {
            let n = 1 + (round % 12) as u32;
            let mut z = Zdd::new(n);
            let random_set = |rng: &mut SplitMix64, p: u64| -> Vec<Var> {
                (0..n).filter(|_| rng.next_u64() % 100 < p).collect()
            };
            let sets: Vec<Vec<Var>> = (0..rng.below_u64(40))
                .map(|_| random_set(&mut rng, 50))
                .collect();
            let mut sorted = sets.clone();
            sorted.sort();
            sorted.dedup();
            let f = z.from_sets(&sorted).unwrap();
            let batch: Vec<Vec<Var>> = (0..1 + rng.below_u64(5))
                .map(|_| random_set(&mut rng, 25))
                .filter(|c| !c.is_empty())
                .collect();
            let refs: Vec<&[Var]> = batch.iter().map(Vec::as_slice).collect();
            let got: Vec<Vec<Var>> = {
                let g = meeting_all(&mut z, f, &refs).unwrap();
                let mut v: Vec<Vec<Var>> = z.iter(g).collect();
                v.sort();
                v
            };
            let want: Vec<Vec<Var>> = sorted
                .iter()
                .filter(|s| batch.iter().all(|c| c.iter().any(|v| s.contains(v))))
                .cloned()
                .collect();
            assert_eq!(got, want, "{sorted:?} / {batch:?}");
            let k = (round % 5) as usize;
            let ex = exactly(&mut z, n, k).unwrap();
            for (j, &e) in ex.iter().enumerate() {
                assert!(z.iter(e).all(|s| s.len() == j));
                let choose = (0..j as u64).fold(1u64, |a, i| a * (u64::from(n) - i) / (i + 1));
                assert_eq!(z.count(e), choose.into());
            }
        }
    }
}
