//! One thread's depth-first search over the hitting sets of a level (see the parent module's
//! doc for the method). Why a module of its own: the node (one pass over the unhit sets that
//! picks the branching set and prunes by packing), the candidate check that learns new sets,
//! and the branching order are the proof's inner loop; they share only the worker's
//! bitvectors, which nothing outside this file touches.

use std::sync::atomic::Ordering;

use super::level::Shared;
use super::{MAX_SETS, WORDS};
use crate::minclue::check::Checker;
use crate::minclue::hitting::{flags, mask};

/// With at most this many clues left, a node that survives the first greedy packing gets a
/// second one that starts from its set with the fewest live cells (dead cells shrink sets
/// unevenly, so the size order of the first misses packings): on a 17-clue grid's level 16
/// it cut the nodes by 28 % and the time by about 5 %. Raised from 5 to 7 with
/// [`TIGHT_LEFT`], since a tight second packing is confined too (line 24,502: 12.9 M nodes
/// with 7 and 5, 12.3 M with 7 and 7).
const REPACK_LEFT: u32 = 7;

/// With at least this many clues left, a node's cells are tried in order of how many unhit
/// sets they hit; with fewer the order barely changes the nodes and costs its popcounts.
const ORDER_LEFT: u32 = 3;

/// What one pass over a node's unhit sets decides.
enum Scan {
    /// No hitting set of the clues left lies below the node.
    Prune,
    /// Every known set is hit: the clues are a candidate to check.
    Candidate,
    /// Branch on these cells (each tried, then dead in its later siblings), with these dead
    /// cells (the node's, or more when a tight packing confines the clues).
    Branch(u128, u128),
}

/// With at most this many clues left, a tight packing (as many disjoint unhit sets as clues
/// left) confines the clues to the packed sets, one in each ([`Worker::confine`]). On Royle
/// line 24,502's level 16 (`--threads 1`, 2 passes): 14.2 M nodes with 5, 12.9 M with 6 or
/// 7 (the repacking at 5), 12.3 M with 7 to 9 (repacking as far); so 7.
const TIGHT_LEFT: usize = 7;

/// Passes of [`Worker::confine`] over the unhit sets at most: a region that shrinks late in a
/// pass may leave a set seen earlier meeting one packed set, or none, so a pass that shrank
/// a region is followed by another. On line 24,502: 14.41 M nodes with one pass, 14.18 M
/// with two, 14.18 M with up to nine (so two: a third barely ever shrinks a region).
const CONFINE_PASSES: usize = 2;

/// A greedy packing of disjoint live unhit sets: how many, and the first [`TIGHT_LEFT`].
struct Packing {
    count: u32,
    sets: [u128; TIGHT_LEFT],
}

impl Packing {
    fn new() -> Self {
        Self {
            count: 0,
            sets: [0; TIGHT_LEFT],
        }
    }

    fn add(&mut self, live: u128) {
        if let Some(s) = self.sets.get_mut(self.count as usize) {
            *s = live;
        }
        self.count += 1;
    }
}

/// One thread's search state: its copy of the sets, per cell the bitvector of the sets
/// holding it, and per depth the bitvector of unhit sets.
pub(super) struct Worker<'a> {
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
    /// Whether a tight packing confines the clues ([`Worker::confine`]); off only in tests,
    /// to compare with the plain search.
    confining: bool,
    /// In tests: record the candidates here instead of checking them.
    record: Option<Vec<u128>>,
    /// While splitting: the depth at which nodes become tasks, and the tasks.
    pub(super) split: Option<(usize, Vec<(u128, u128)>)>,
}

impl<'a> Worker<'a> {
    /// A worker for a level of `k` clues.
    pub(super) fn new(check: Checker, shared: &'a Shared<'a>, k: usize) -> Self {
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
            confining: true,
            record: None,
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
    pub(super) fn pull(&mut self) {
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
    pub(super) fn flush(&mut self) {
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

    /// Words of the set bitvectors in use.
    fn words(&self) -> usize {
        self.sets.len().div_ceil(64)
    }

    /// Search below the node of clues `chosen` and dead cells `dead` with `left` clues left.
    pub(super) fn run(&mut self, chosen: u128, dead: u128, left: u32) {
        let nw = self.words();
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
        if self.shared.opts.limits.expired() {
            self.shared.timed_out.store(true, Ordering::Relaxed);
            self.shared.stop.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// While splitting, a node at the split depth becomes a task; whether it did.
    fn became_task(&mut self, depth: usize, chosen: u128, dead: u128) -> bool {
        match &mut self.split {
            Some((at, tasks)) if depth == *at => {
                tasks.push((chosen, dead));
                true
            }
            _ => false,
        }
    }

    /// The node of clues `chosen` at `depth`: a unique clue set below it, if any.
    fn dfs(&mut self, depth: usize, chosen: u128, dead: u128, left: u32) -> Option<u128> {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.must_stop() {
            return None;
        }
        if self.became_task(depth, chosen, dead) {
            return None;
        }
        loop {
            match self.scan(depth, dead, left) {
                Scan::Prune => return None,
                Scan::Branch(cells, dead) => {
                    return self.branch(depth, (chosen, dead), left, cells)
                }
                Scan::Candidate => {
                    // checking one costs thousands of nodes (an exact solve, and more to
                    // minimise each set it misses), so the deadline is checked at every
                    // candidate too: where most leaves are candidates (high levels of a random
                    // grid) 1024 nodes can take minutes
                    if self.must_stop() {
                        return None;
                    }
                    if self.check_candidate(depth, chosen) {
                        return Some(chosen);
                    }
                    if self.record.is_some() {
                        // tests: nothing was learned, so there is nothing to look at again
                        return None;
                    }
                    // the sets it learned are unhit here: look again
                }
            }
        }
    }

    /// One pass over the node's unhit sets: the set with the fewest live cells, a greedy
    /// packing, and the intersection of the live unhit sets; then, with few clues left, a
    /// second packing, and a tight packing confines the clues.
    fn scan(&self, depth: usize, dead: u128, left: u32) -> Scan {
        let (mut best, mut best_k) = (0u128, u32::MAX);
        let (mut used, mut inter) = (0u128, !0u128);
        let mut pack = Packing::new();
        for w in 0..self.words() {
            let mut x = self.unhit[depth][w];
            while x != 0 {
                let s = self.sets[64 * w + x.trailing_zeros() as usize];
                x &= x - 1;
                let live = s & !dead;
                if live & used == 0 {
                    if live == 0 || pack.count == left {
                        return Scan::Prune;
                    }
                    used |= live;
                    pack.add(live);
                }
                inter &= live;
                if left == 1 && inter == 0 {
                    // no one cell hits every unhit set
                    return Scan::Prune;
                }
                let c = live.count_ones();
                if c < best_k {
                    best_k = c;
                    best = live;
                }
            }
        }
        if best_k == u32::MAX {
            return Scan::Candidate;
        }
        if left == 1 {
            return match inter {
                0 => Scan::Prune,
                cells => Scan::Branch(cells, dead),
            };
        }
        let mut tight = (pack.count == left).then_some(pack);
        if left <= REPACK_LEFT && best & used != best {
            match self.repack(depth, dead, left, best) {
                None => return Scan::Prune,
                Some(p) if tight.is_none() && p.count == left => tight = Some(p),
                Some(_) => {}
            }
        }
        match tight {
            Some(p) if self.confining && left as usize <= TIGHT_LEFT => {
                self.confine(depth, dead, &p.sets[..left as usize], best)
            }
            _ => Scan::Branch(best, dead),
        }
    }

    /// A greedy packing of the unhit sets that starts from `first` (live cells): `None` if it
    /// holds more than `left` disjoint sets (the node is pruned).
    fn repack(&self, depth: usize, dead: u128, left: u32, first: u128) -> Option<Packing> {
        let mut pack = Packing::new();
        pack.add(first);
        let mut used = first;
        for w in 0..self.words() {
            let mut x = self.unhit[depth][w];
            while x != 0 {
                let live = self.sets[64 * w + x.trailing_zeros() as usize] & !dead;
                x &= x - 1;
                if live & used == 0 {
                    if pack.count == left {
                        return None;
                    }
                    used |= live;
                    pack.add(live);
                }
            }
        }
        Some(pack)
    }

    /// A node whose unhit sets pack `packed` (live cells), as many disjoint sets as clues left.
    ///
    /// Why this is exact: a hitting set below the node has a clue in each packed set, and they
    /// are disjoint, so with `packed.len()` clues left it has exactly one clue in each and none
    /// elsewhere. So an unhit set X is hit only by the clues in the packed sets it meets; if it
    /// meets (within the cells still allowed) just one, P, the clue in P lies in X: the allowed
    /// cells of P shrink to X's. An allowed region only ever shrinks to cells that every
    /// hitting set below uses, so testing "meets" against the region so far (not the final
    /// one) is sound, and so is a second pass over the sets with the smaller regions
    /// ([`CONFINE_PASSES`]). A set meeting no allowed cell, or a packed set with no allowed cell
    /// left, prunes the node; otherwise every hitting set below lies within the allowed cells
    /// (the rest become dead below), and the packed set with the fewest allowed cells (or the
    /// smallest unhit set, cut to the allowed cells, if smaller) is a set each of them hits,
    /// so it can be branched on.
    fn confine(&self, depth: usize, dead: u128, packed: &[u128], best: u128) -> Scan {
        let mut allowed = [0u128; TIGHT_LEFT];
        allowed[..packed.len()].copy_from_slice(packed);
        let allowed = &mut allowed[..packed.len()];
        for _ in 0..CONFINE_PASSES {
            let mut shrunk = false;
            for w in 0..self.words() {
                let mut x = self.unhit[depth][w];
                while x != 0 {
                    let live = self.sets[64 * w + x.trailing_zeros() as usize] & !dead;
                    x &= x - 1;
                    let mut meets = allowed.iter().enumerate().filter(|(_, a)| live & **a != 0);
                    let Some((i, _)) = meets.next() else {
                        return Scan::Prune;
                    };
                    if meets.next().is_none() && allowed[i] & !live != 0 {
                        allowed[i] &= live;
                        shrunk = true;
                    }
                }
            }
            if !shrunk {
                break;
            }
        }
        let region = allowed.iter().fold(0u128, |r, a| r | a);
        let mut cells = best & region;
        if cells == 0 {
            return Scan::Prune;
        }
        for &a in allowed.iter() {
            if a.count_ones() < cells.count_ones() {
                cells = a;
            }
        }
        Scan::Branch(cells, dead | !region)
    }

    /// Check the candidate `chosen` with the exact engine: whether it makes the grid unique;
    /// if not, the sets it misses (minimised) are learned, unhit at this depth and above.
    fn check_candidate(&mut self, depth: usize, chosen: u128) -> bool {
        self.candidates += 1;
        if let Some(r) = &mut self.record {
            r.push(chosen);
            return false;
        }
        let clues = flags(chosen, self.check.cells());
        let missed = self
            .check
            .missed_sets(&clues, self.shared.opts.alternatives);
        if missed.is_empty() {
            return true;
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
        false
    }

    /// The cells of `cells` to branch on at `depth`, into `order`: with one clue left every
    /// cell of the intersection is a leaf and no order matters; otherwise the cells hitting
    /// the most unhit sets first.
    fn branch_order(&self, depth: usize, cells: u128, left: u32, order: &mut Vec<(u32, u8)>) {
        let nw = self.words();
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
    }

    /// Branch on `cells` below the node (`chosen`, `dead`): each cell chosen in turn, then
    /// dead in the later branches.
    fn branch(&mut self, depth: usize, node: (u128, u128), left: u32, cells: u128) -> Option<u128> {
        let (chosen, mut dead) = node;
        let mut order = std::mem::take(&mut self.orders[depth]);
        self.branch_order(depth, cells, left, &mut order);
        let mut result = None;
        for &(_, i) in &order {
            let i = usize::from(i);
            let nw = self.words();
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
        result
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, AtomicU64};
    use std::sync::Mutex;

    use zlink_puzzle::Grid;

    use super::*;
    use crate::minclue::proof::ProofOptions;
    use crate::sudoku::Shape;

    /// The candidates (sorted) of a level of `k` clues over `sets`, nothing checked, and the
    /// nodes.
    fn candidates(check: &Checker, sets: &[u128], k: usize, confining: bool) -> (Vec<u128>, u64) {
        let opts = ProofOptions::default();
        let shared = Shared {
            opts: &opts,
            sets: Mutex::new((sets.to_vec(), sets.iter().copied().collect())),
            stop: AtomicBool::new(false),
            timed_out: AtomicBool::new(false),
            found: Mutex::new(None),
            nodes: AtomicU64::new(0),
            candidates: AtomicU64::new(0),
        };
        let mut w = Worker::new(check.clone(), &shared, k);
        w.confining = confining;
        w.record = Some(Vec::new());
        w.run(0, 0, k as u32);
        let mut r = w.record.take().unwrap_or_default();
        r.sort_unstable();
        (r, w.nodes)
    }

    /// The minimal hitting sets of at most `k` cells of `0..cells`, by brute force.
    fn minimal_hitting_sets(sets: &[u128], cells: u32, k: u32) -> Vec<u128> {
        let hits = |h: u128| sets.iter().all(|&s| s & h != 0);
        let mut out = Vec::new();
        for size in 0..=k {
            // every mask of `size` bits below `cells` (Gosper's hack)
            let mut m: u128 = (1u128 << size) - 1;
            while m < 1u128 << cells {
                let mut rest = m;
                let minimal = hits(m)
                    && std::iter::from_fn(|| {
                        (rest != 0).then(|| {
                            let b = rest & rest.wrapping_neg();
                            rest &= rest - 1;
                            b
                        })
                    })
                    .all(|b| !hits(m & !b));
                if minimal {
                    out.push(m);
                }
                if m == 0 {
                    break;
                }
                let c = m & m.wrapping_neg();
                let r = m + c;
                m = (((r ^ m) >> 2) / c) | r;
            }
        }
        out
    }

    /// The confinement by a tight packing against the plain search, on random set systems
    /// over 20 cells: with and without it, every candidate hits every set with at most k
    /// clues, and every minimal hitting set of at most k clues is a candidate (so a unique
    /// clue set of k clues is always met).
    #[test]
    fn confining_by_a_tight_packing_misses_no_hitting_set() {
        let g = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let g = Grid::from_cells(9, 9, g.bytes().map(|b| b - b'0').collect()).unwrap();
        let check = Checker::new(Shape::new(9).unwrap(), &g);
        let mut rng = zlink_base::SplitMix64::new(0x9E37_79B9_7F4A_7C15);
        let mut next = move |n: u64| rng.below_u64(n);
        let cells = 20u32;
        let mut nodes = [0u64; 2];
        for _ in 0..300 {
            let count = 4 + next(30) as usize;
            let mut sets: Vec<u128> = (0..count)
                .map(|_| {
                    let size = 2 + next(6);
                    let mut s = 0u128;
                    while u64::from(s.count_ones()) < size {
                        s |= 1 << next(u64::from(cells));
                    }
                    s
                })
                .collect();
            sets.sort_by_key(|s| s.count_ones());
            sets.dedup();
            let k = 2 + next(6) as u32;
            let want = minimal_hitting_sets(&sets, cells, k);
            for confining in [false, true] {
                let (got, n) = candidates(&check, &sets, k as usize, confining);
                nodes[usize::from(confining)] += n;
                for &c in &got {
                    assert!(c.count_ones() <= k, "{c:#x} has more than {k} clues");
                    assert!(sets.iter().all(|&s| s & c != 0), "{c:#x} misses a set");
                }
                for h in &want {
                    assert!(
                        got.binary_search(h).is_ok(),
                        "{h:#x} not a candidate (confining {confining}, k {k}, sets {sets:x?})"
                    );
                }
            }
        }
        // the rule is exercised: it prunes
        assert!(nodes[1] < nodes[0], "nodes {nodes:?}");
    }
}
