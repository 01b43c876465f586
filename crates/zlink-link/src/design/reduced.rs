//! The reduced route of instance design, for loops whose family over every cell is out of
//! reach (random 8 × 8 loops and anything larger): minimal good hint sets found one at a time
//! by greedy removal with the Slitherlink solver, and a candidate set made of a few of them
//! for the ZDD route ([`super::HintDesign`]) to work on.
//!
//! Why: the full family `H` of a random 8 × 8 loop is estimated at 100-260 M nodes (tools/
//! README, issue 14 fourth round), but the solver ([`crate::SlitherZdd`]: rules, probing, SAT
//! completion) decides whether one hint set makes the loop unique in milliseconds. Greedy
//! removal gives a *minimal* set `M`: start from every candidate, drop the hints in a seeded
//! random order, keep a hint only when the loop stops being unique without it. `M` is minimal
//! because uniqueness is monotone: when hint `h` was kept, the set then held was a superset
//! of `M` and lacked a unique solution without `h`, so `M \ {h}` lacks one too.
//!
//! A union of a few such sets is a candidate set small enough for the ZDD route, and every
//! minimal member of the family over a candidate set is a minimal puzzle outright (removing a
//! hint stays inside the candidate set). What is *not* true of a restricted candidate set is
//! its count of good sets, minimal sets and its minimum size as figures of all cells: callers
//! report them as figures of the candidate set.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use zlink_base::SplitMix64;
use zlink_frontier::run::{Limits, RunError};
use zlink_puzzle::{Coord, Grid};

use super::DesignError;
use crate::slitherlink::Deduction;
use crate::SlitherZdd;

/// The clue grid with the loop's value at each of `hints`.
pub fn clues_at(values: &Grid<u8>, hints: &[Coord]) -> Grid<Option<u8>> {
    let mut g = Grid::new(values.rows(), values.cols(), None);
    for &c in hints {
        g[c] = Some(values[c]);
    }
    g
}

/// Whether the loop whose side counts are `values` is the only solution of its clues at
/// `hints` (it is always one of them), by the Slitherlink engine: deduction decides most
/// calls (one solution, or two seen by its SAT completion), the count-only build the rest.
///
/// # Errors
/// [`DesignError::TimeLimit`] at `deadline`, [`DesignError::Build`] if the count exceeds its
/// budget of `max_memory` bytes.
pub fn is_unique(
    values: &Grid<u8>,
    hints: &[Coord],
    deadline: Option<Instant>,
    max_memory: Option<u64>,
) -> Result<bool, DesignError> {
    let timeout = || DesignError::TimeLimit {
        phase: "a uniqueness check of the reduced route",
    };
    let left = match deadline {
        Some(d) => Some(
            d.checked_duration_since(Instant::now())
                .filter(|l| !l.is_zero())
                .ok_or_else(timeout)?,
        ),
        None => None,
    };
    let clues = clues_at(values, hints);
    let engine = SlitherZdd::with_deduction_until(&clues, Deduction::Sat, deadline)
        .map_err(|e| DesignError::Spec(into_spec(e)))?;
    let s = engine.setup_stats();
    if s.decided || s.contradiction {
        return Ok(s.decided);
    }
    let limits = Limits {
        threads: Some(1),
        max_memory,
        time_limit: left.map(|l| l.max(Duration::from_millis(1))),
        ..Limits::default()
    };
    match engine.is_unique(&limits) {
        Ok(unique) => Ok(unique),
        Err(e) if e.is_time_limit() => Err(timeout()),
        Err(RunError::Spec(e)) => Err(DesignError::Spec(e)),
        Err(e) => Err(DesignError::Check(e.to_string())),
    }
}

fn into_spec(e: crate::slitherlink::Error) -> zlink_frontier::specs::SpecError {
    match e {
        crate::slitherlink::Error::Spec(s) => s,
        e => zlink_frontier::specs::SpecError::BadArgument(e.to_string()),
    }
}

/// A minimal good hint set inside `start` (cells of the loop's `values`), by greedy removal in
/// the random order of `seed` (see the module doc); `None` if `start` itself does not make the
/// loop unique. The cells come back in row-major order.
///
/// # Errors
/// As [`is_unique`].
pub fn greedy_minimal(
    values: &Grid<u8>,
    start: &[Coord],
    seed: u64,
    deadline: Option<Instant>,
    max_memory: Option<u64>,
) -> Result<Option<Vec<Coord>>, DesignError> {
    let mut held: Vec<Coord> = start.to_vec();
    held.sort_unstable();
    held.dedup();
    if !is_unique(values, &held, deadline, max_memory)? {
        return Ok(None);
    }
    let mut order = held.clone();
    let mut rng = SplitMix64::new(seed);
    for i in (1..order.len()).rev() {
        let j = rng.below_u64(i as u64 + 1) as usize;
        order.swap(i, j);
    }
    for c in order {
        let without: Vec<Coord> = held.iter().copied().filter(|&x| x != c).collect();
        if is_unique(values, &without, deadline, max_memory)? {
            held = without;
        }
    }
    Ok(Some(held))
}

/// Whether `hints` is a minimal good hint set: the loop is unique with all of them and not
/// without any one (|hints| + 1 solver calls).
///
/// # Errors
/// As [`is_unique`].
pub fn is_minimal_good(
    values: &Grid<u8>,
    hints: &[Coord],
    deadline: Option<Instant>,
    max_memory: Option<u64>,
) -> Result<bool, DesignError> {
    if !is_unique(values, hints, deadline, max_memory)? {
        return Ok(false);
    }
    for &c in hints {
        let without: Vec<Coord> = hints.iter().copied().filter(|&x| x != c).collect();
        if is_unique(values, &without, deadline, max_memory)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// A candidate set for the ZDD route: the union of minimal good hint sets found by
/// [`greedy_minimal`] from `candidates` with seeds `seed`, `seed + 1`, ..., in that order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GreedyUnion {
    /// The minimal sets found, the first with `seed`.
    pub sets: Vec<Vec<Coord>>,
}

impl GreedyUnion {
    /// Up to `runs` greedy runs, fewer once the union holds `extra` cells beyond the first
    /// set; `None` if the candidates do not make the loop unique at all.
    ///
    /// # Errors
    /// As [`is_unique`].
    pub fn find(
        values: &Grid<u8>,
        candidates: &[Coord],
        seed: u64,
        extra: usize,
        runs: usize,
        deadline: Option<Instant>,
        max_memory: Option<u64>,
    ) -> Result<Option<GreedyUnion>, DesignError> {
        let mut sets: Vec<Vec<Coord>> = Vec::new();
        let mut union: BTreeSet<Coord> = BTreeSet::new();
        for k in 0..runs.max(1) as u64 {
            let Some(m) = greedy_minimal(
                values,
                candidates,
                seed.wrapping_add(k),
                deadline,
                max_memory,
            )?
            else {
                return Ok(None);
            };
            union.extend(m.iter().copied());
            if !sets.contains(&m) {
                sets.push(m);
            }
            if union.len() >= sets[0].len() + extra {
                break;
            }
        }
        Ok(Some(GreedyUnion { sets }))
    }

    /// The candidate set of at most `target` cells (but at least the first set): the first
    /// set, then the cells of the later sets in their order (row-major within a set) while
    /// fewer than `target` are held. Row-major order.
    pub fn capped(&self, target: usize) -> Vec<Coord> {
        let mut held: BTreeSet<Coord> = BTreeSet::new();
        for (i, set) in self.sets.iter().enumerate() {
            for &c in set {
                if i == 0 || held.len() < target {
                    held.insert(c);
                }
            }
        }
        held.into_iter().collect()
    }

    /// [`GreedyUnion::capped`] as a candidate grid of `rows × cols`.
    pub fn grid(&self, target: usize, rows: usize, cols: usize) -> Grid<bool> {
        let mut g = Grid::new(rows, cols, false);
        for c in self.capped(target) {
            g[c] = true;
        }
        g
    }
}
