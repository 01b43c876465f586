//! The combinatorial master (McGuire's "checker" idea): depth-first over hitting sets of at
//! most k cells, branching on the unhit set with the fewest live cells (cells of earlier
//! branches become dead, so each hitting set is met once), pruned by a packing bound (k minus
//! the clues chosen must cover disjoint unhit sets; the last clue must lie in every unhit
//! set). Every hitting set reached is checked for
//! uniqueness; a non-unique one yields new (minimised) unavoidable sets, which join the
//! collection for the rest of the search and later levels.
//!
//! Why: the master's answer is only needed as "some hitting set of size ≤ k", and with
//! thousands of small sets a bitmask search visits candidates far faster than an IP re-solve.
//! Grids of at most 128 cells (9×9 and smaller), cells as bits of a `u128`.
//!
//! Not a master of the shared row generation ([`zlink_puzzle::unavoidable::generate_rows`]):
//! rows are learned at the leaves and the enumeration goes on where it was (that module's
//! doc says why); the oracle side, other completions shrunk by the shared deletion filter, is
//! the same ([`Checker::minimise`]).

use std::time::Instant;

use super::check::Checker;

/// The collection of known unavoidable sets, as bit masks sorted by size.
#[derive(Debug, Clone, Default)]
pub struct SetCollection {
    sets: Vec<u128>,
    known: std::collections::HashSet<u128>,
}

impl SetCollection {
    /// Add `set` (cell indices < 128) unless known; whether it was new.
    pub fn add(&mut self, set: &[usize]) -> bool {
        let m = mask(set);
        if !self.known.insert(m) {
            return false;
        }
        let k = m.count_ones();
        let at = self.sets.partition_point(|s| s.count_ones() <= k);
        self.sets.insert(at, m);
        true
    }

    /// The sets inside `region`, as a collection of their own.
    pub fn inside(&self, region: u128) -> Self {
        let mut c = Self::default();
        for &s in self.sets.iter().filter(|&&s| s & !region == 0) {
            c.known.insert(s);
            c.sets.push(s);
        }
        c
    }

    /// Add every set of `other` of at most `max_size` cells; how many were new.
    pub fn merge(&mut self, other: &Self, max_size: u32) -> usize {
        other
            .sets
            .iter()
            .filter(|&&s| s.count_ones() <= max_size)
            .filter(|&&s| {
                let cells: Vec<usize> = (0..128).filter(|&i| s >> i & 1 == 1).collect();
                self.add(&cells)
            })
            .count()
    }

    /// The sets as cell masks, smallest first.
    pub fn masks(&self) -> &[u128] {
        &self.sets
    }

    /// Number of sets.
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    /// A lower bound on any hitting set: greedily packed disjoint sets.
    pub fn packing_bound(&self) -> usize {
        let mut used = 0u128;
        let mut k = 0;
        for &s in &self.sets {
            if s & used == 0 {
                used |= s;
                k += 1;
            }
        }
        k
    }
}

/// The bit mask of cells `set`.
pub fn mask(set: &[usize]) -> u128 {
    set.iter().fold(0, |m, &i| m | 1 << i)
}

/// The cells of mask `m`, as flags over `cells`.
pub fn flags(m: u128, cells: usize) -> Vec<bool> {
    (0..cells).map(|i| m >> i & 1 == 1).collect()
}

/// Figures of one level's search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LevelStats {
    /// Search nodes.
    pub nodes: u64,
    /// Hitting sets checked for uniqueness.
    pub leaves: u64,
    /// New unavoidable sets learned.
    pub added: u64,
}

/// The time limit passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimedOut;

/// Search for a clue set of at most `k` cells that hits every set of `sets` and makes the
/// grid unique. `Ok(None)` proves there is none (given that `sets` are unavoidable).
///
/// # Errors
/// [`TimedOut`] when `deadline` passes.
pub fn search_level(
    check: &mut Checker,
    sets: &mut SetCollection,
    k: usize,
    alternatives: u64,
    deadline: Option<Instant>,
    families: &[Family],
) -> Result<(Option<u128>, LevelStats), TimedOut> {
    let root = sets.sets.iter().map(|&m| (m, tag(families, m))).collect();
    let mut s = Dfs {
        check,
        sets,
        alternatives,
        deadline,
        families,
        stats: LevelStats::default(),
        pool: vec![root],
    };
    let found = s.dfs(0, 0, 0, k as u32)?;
    Ok((found, s.stats))
}

/// For each of the first 8 families, 1 + the index of the region holding all of `set` (4 bits
/// per family; 0 = none, or a family of 15+ regions).
fn tag(families: &[Family], set: u128) -> u32 {
    families.iter().take(8).enumerate().fold(0, |t, (f, fam)| {
        match fam.regions.iter().position(|&(r, _)| set & !r == 0) {
            Some(j) if j < 15 => t | ((j as u32 + 1) << (4 * f)),
            _ => t,
        }
    })
}

/// Regions R, each with m_R, covering every cell at most `cover` times: a unique clue set has
/// at least m_R clues in R, so at least ⌈Σ_R m_R / cover⌉ clues (the higher-degree rows of
/// [`super::regions`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Family {
    /// Each region (a cell mask) with its m_R.
    pub regions: Vec<(u128, u32)>,
    /// How often the regions cover a cell, at most.
    pub cover: u32,
}

impl Family {
    /// The family's bound given `chosen` clues and, per region, a packing count.
    fn bound(&self, chosen: u128, pack: impl Iterator<Item = u32>) -> u32 {
        let sum: u32 = self
            .regions
            .iter()
            .zip(pack)
            .map(|(&(r, m), p)| m.saturating_sub((chosen & r).count_ones()).max(p))
            .sum();
        sum.div_ceil(self.cover)
    }

    /// The bound before any clue is chosen.
    pub fn root_bound(&self) -> u32 {
        self.bound(0, std::iter::repeat(0))
    }
}

struct Dfs<'a> {
    check: &'a mut Checker,
    sets: &'a mut SetCollection,
    alternatives: u64,
    deadline: Option<Instant>,
    families: &'a [Family],
    stats: LevelStats,
    /// Per depth, the known sets the clues chosen down to that depth do not hit (smallest
    /// first): a node scans only its own list, which shrinks with depth.
    pool: Vec<Vec<(u128, u32)>>,
}

impl Dfs<'_> {
    /// The best bound of the region families: a region R needs max(m_R − clues chosen in R,
    /// disjoint unhit sets inside R) more clues, and the regions of a family are disjoint.
    fn region_bound(&self, depth: usize, chosen: u128, dead: u128) -> u32 {
        let mut best = 0;
        for (fi, f) in self.families.iter().enumerate().take(8) {
            let mut used = [0u128; 16];
            let mut pack = [0u32; 16];
            for &(s, t) in &self.pool[depth] {
                let j = (t >> (4 * fi) & 15) as usize;
                if j > 0 {
                    let live = s & !dead;
                    if live & used[j] == 0 {
                        used[j] |= live;
                        pack[j] += 1;
                    }
                }
            }
            best = best.max(f.bound(chosen, pack.into_iter().skip(1)));
        }
        best
    }

    /// The node of clues `chosen` at `depth`: a unique clue set of at most `left` more
    /// clues below it, if any.
    fn dfs(
        &mut self,
        depth: usize,
        chosen: u128,
        dead: u128,
        left: u32,
    ) -> Result<Option<u128>, TimedOut> {
        self.stats.nodes += 1;
        if self.stats.nodes & 1023 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(TimedOut);
        }
        if self
            .families
            .iter()
            .any(|f| f.bound(chosen, std::iter::repeat(0)) > left)
        {
            return Ok(None);
        }
        loop {
            let Some((best, inter)) = self.scan(depth, dead, left) else {
                return Ok(None);
            };
            if best == 0 {
                // every known set is hit
                if self.check_candidate(depth, chosen) {
                    return Ok(Some(chosen));
                }
                continue;
            }
            if left >= 2 && self.region_bound(depth, chosen, dead) > left {
                return Ok(None);
            }
            // branch on the cells of the smallest unhit set (of the intersection, when one
            // clue is left)
            let cells = if left == 1 { inter } else { best };
            return self.branch(depth, (chosen, dead), left, cells);
        }
    }

    /// One pass over the node's unhit sets: `None` when a packing of disjoint sets (live
    /// cells only) needs more than `left` clues, else the unhit set with the fewest live cells
    /// and the intersection of the live unhit sets (`best` is 0 only when every set is hit:
    /// a set with no live cell prunes).
    fn scan(&self, depth: usize, dead: u128, left: u32) -> Option<(u128, u128)> {
        let mut best = 0u128;
        let mut best_k = u32::MAX;
        let mut used = 0u128;
        let mut packed = 0;
        // with one clue left it must lie in every unhit set
        let mut inter = !0u128;
        for &(s, _) in &self.pool[depth] {
            let live = s & !dead;
            if live & used == 0 {
                if left == 0 || live == 0 {
                    return None;
                }
                used |= live;
                packed += 1;
                if packed > left {
                    return None;
                }
            }
            inter &= live;
            let c = live.count_ones();
            if c < best_k {
                best_k = c;
                best = live;
            }
        }
        Some((best, inter))
    }

    /// Check the candidate `chosen` for uniqueness; if it is not, learn the sets it missed
    /// (unhit by these clues, so by every ancestor's too) into every depth down to `depth`.
    fn check_candidate(&mut self, depth: usize, chosen: u128) -> bool {
        self.stats.leaves += 1;
        let clues = flags(chosen, self.check.cells());
        let missed = self.check.missed_sets(&clues, self.alternatives);
        if missed.is_empty() {
            return true;
        }
        for d in missed {
            let m = self.check.minimise(&d);
            if self.sets.add(&m) {
                self.stats.added += 1;
                let m = mask(&m);
                let t = tag(self.families, m);
                for list in &mut self.pool[..=depth] {
                    let at = list.partition_point(|s| s.0.count_ones() <= m.count_ones());
                    list.insert(at, (m, t));
                }
            }
        }
        false
    }

    /// Branch on `cells` below the node (`chosen`, `dead`), the cells hitting the most unhit
    /// sets first (the later branches, where they are dead, then meet smaller live sets).
    fn branch(
        &mut self,
        depth: usize,
        node: (u128, u128),
        left: u32,
        mut cells: u128,
    ) -> Result<Option<u128>, TimedOut> {
        let (chosen, mut dead) = node;
        if self.pool.len() == depth + 1 {
            self.pool.push(Vec::new());
        }
        let mut order: Vec<(u32, u128)> = Vec::with_capacity(cells.count_ones() as usize);
        while cells != 0 {
            let bit = cells & cells.wrapping_neg();
            cells ^= bit;
            let hits = if left >= 2 {
                self.pool[depth].iter().filter(|s| s.0 & bit != 0).count() as u32
            } else {
                0
            };
            order.push((hits, bit));
        }
        order.sort_by_key(|b| std::cmp::Reverse(b.0));
        for (_, bit) in order {
            let (lo, hi) = self.pool.split_at_mut(depth + 1);
            hi[0].clear();
            hi[0].extend(lo[depth].iter().filter(|s| s.0 & bit == 0));
            if let Some(found) = self.dfs(depth + 1, chosen | bit, dead, left - 1)? {
                return Ok(Some(found));
            }
            dead |= bit;
        }
        Ok(None)
    }
}
