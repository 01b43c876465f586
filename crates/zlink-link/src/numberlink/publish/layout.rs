//! Random layouts: the grid covered by paths that never touch themselves, the intended
//! solution of a puzzle before any uniqueness check.
//!
//! Why: a path none of whose non-consecutive cells are neighbours (an *induced* path of the
//! grid graph) leaves no shortcut and no U-bend to the solver, and a cover by such paths is
//! nearly always the only solution under Janko's rules (thomasahle's generator makes such covers:
//! 24 of 24 of its puzzles unique under them). So the layout is built as such a cover from the
//! start, and the uniqueness check that follows ([`super::check`]) rarely needs a repair.
//!
//! The cover starts as single cells and is changed by one move, *absorb*: a path `P` whose end
//! `a` neighbours a cell `c` of another path `Q` takes `c` and the part of `Q` on one side of
//! it (all of `Q` when `c` is an end of `Q`: a merge, one path fewer; otherwise a backbite,
//! `Q` keeping the other side). A move is made only when the grown `P` still touches itself
//! nowhere, that is when the part taken meets `P` only at `a`–`c`, and when what `Q` keeps is
//! nothing or at least [`MIN_CELLS`] cells. Merges lower the number of paths to the target;
//! backbites move ends around so that new merges become possible, the shortest paths are
//! picked first so that no single cell is left stranded.

use zlink_base::SplitMix64;
use zlink_puzzle::numberlink::{Links, NumberlinkGrid};
use zlink_puzzle::{Coord, Grid};

/// The fewest cells of a path in a finished layout: its two ends are then not neighbours (an
/// induced path of three or more cells has non-adjacent ends), so no pair is trivial.
pub(crate) const MIN_CELLS: usize = 3;

/// Moves tried per cell of the grid before a layout is given up (it has not reached its
/// number of paths; the caller starts another with the same generator).
const MOVES_PER_CELL: usize = 200;

/// Every this many random moves, while there are paths to spare, all possible merges are
/// looked for and one is made.
const SCAN_EVERY: usize = 64;

/// The fewest cells a backbite leaves.
const KEEP_MIN: usize = 1;

/// A cover of the `rows × cols` grid by induced paths (cells `r * cols + c`).
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    rows: usize,
    cols: usize,
    /// Per cell: the path it is on.
    owner: Vec<u32>,
    /// Per cell: its index on its path.
    pos: Vec<u32>,
    /// The paths' cells in order; an empty path is a dead id.
    paths: Vec<Vec<u32>>,
    /// Number of live paths.
    live: usize,
    /// The fewest cells of a path in a finished layout.
    min: usize,
    /// Number of live paths shorter than `min`.
    short: usize,
}

impl Layout {
    /// Every cell its own path; finished when no path is shorter than `min` cells.
    pub(crate) fn singletons(rows: usize, cols: usize, min: usize) -> Layout {
        let n = rows * cols;
        Layout {
            rows,
            cols,
            owner: (0..n as u32).collect(),
            pos: vec![0; n],
            paths: (0..n as u32).map(|c| vec![c]).collect(),
            live: n,
            min,
            short: if min > 1 { n } else { 0 },
        }
    }

    /// A layout of the given paths (each a list of cells in order; together every cell once),
    /// finished when none is shorter than `min`. `None` if they do not cover the grid exactly
    /// once.
    #[cfg(test)]
    pub(crate) fn from_paths(
        rows: usize,
        cols: usize,
        min: usize,
        paths: Vec<Vec<u32>>,
    ) -> Option<Layout> {
        let n = rows * cols;
        let (mut owner, mut pos) = (vec![u32::MAX; n], vec![0; n]);
        for (i, p) in paths.iter().enumerate() {
            for (k, &c) in p.iter().enumerate() {
                let slot = owner.get_mut(c as usize)?;
                if *slot != u32::MAX {
                    return None;
                }
                *slot = i as u32;
                pos[c as usize] = k as u32;
            }
        }
        if owner.contains(&u32::MAX) {
            return None;
        }
        let live = paths.iter().filter(|p| !p.is_empty()).count();
        let short = paths.iter().filter(|p| (1..min).contains(&p.len())).count();
        Some(Layout {
            rows,
            cols,
            owner,
            pos,
            paths,
            live,
            min,
            short,
        })
    }

    /// Number of rows.
    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub(crate) fn cols(&self) -> usize {
        self.cols
    }

    /// Number of paths.
    pub(crate) fn len(&self) -> usize {
        self.live
    }

    /// The paths (cells in order), without dead ids.
    pub(crate) fn paths(&self) -> impl Iterator<Item = &[u32]> + '_ {
        self.paths
            .iter()
            .filter(|p| !p.is_empty())
            .map(Vec::as_slice)
    }

    /// The path cell `c` is on.
    pub(crate) fn owner(&self, c: u32) -> u32 {
        self.owner[c as usize]
    }

    /// The cells of path `id`.
    pub(crate) fn path(&self, id: u32) -> &[u32] {
        &self.paths[id as usize]
    }

    /// The puzzle of the layout (each path's two ends a pair, numbered 1, 2, … in the row-major
    /// order of their first end) and its intended solution (the paths' links).
    pub(crate) fn puzzle(&self) -> (NumberlinkGrid, Links) {
        let at = |c: u32| Coord::new(c as usize / self.cols, c as usize % self.cols);
        let mut ends: Vec<(u32, u32)> = self
            .paths()
            .map(|p| {
                let (a, b) = (p[0], p[p.len() - 1]);
                (a.min(b), a.max(b))
            })
            .collect();
        ends.sort_unstable();
        let mut cells = Grid::new(self.rows, self.cols, None);
        for (k, &(a, b)) in ends.iter().enumerate() {
            cells[at(a)] = Some(k as u32 + 1);
            cells[at(b)] = Some(k as u32 + 1);
        }
        let mut links = Links::new(self.rows, self.cols);
        for p in self.paths() {
            for w in p.windows(2) {
                links.set(at(w[0]), at(w[1]), true);
            }
        }
        let puzzle = NumberlinkGrid::new(cells).expect("ids from 1");
        (puzzle, links)
    }

    /// The neighbours of cell `c`.
    pub(crate) fn neighbours(&self, c: u32) -> impl Iterator<Item = u32> {
        neighbours(self.rows, self.cols, c)
    }

    /// Whether every path is induced, at least `min` cells long, and the paths cover the grid
    /// once (a check for tests and debug assertions).
    #[cfg(test)]
    pub(crate) fn is_valid(&self, min: usize) -> bool {
        let mut seen = vec![false; self.owner.len()];
        for (id, p) in self.paths.iter().enumerate() {
            if p.is_empty() {
                continue;
            }
            if p.len() < min {
                return false;
            }
            for (k, &c) in p.iter().enumerate() {
                if seen[c as usize]
                    || self.owner[c as usize] != id as u32
                    || self.pos[c as usize] != k as u32
                {
                    return false;
                }
                seen[c as usize] = true;
                if k > 0 && !self.neighbours(c).any(|x| x == p[k - 1]) {
                    return false;
                }
                let touches = self.neighbours(c).any(|x| {
                    self.owner[x as usize] == id as u32
                        && self.pos[x as usize].abs_diff(k as u32) > 1
                });
                if touches {
                    return false;
                }
            }
        }
        seen.iter().all(|&s| s)
    }

    /// Absorb (module doc): the path ending at `a` takes `c` (on another path `Q`) and the part
    /// of `Q` from `c` to its front (`towards_front`) or to its back. Returns whether the move
    /// was made (it keeps every path induced, and what `Q` keeps at least `keep_min` cells long,
    /// or empty when `merge`: `Q` joins `P` whole).
    /// cells long).
    pub(crate) fn absorb(
        &mut self,
        a: u32,
        c: u32,
        towards_front: bool,
        (keep_min, merge): (usize, bool),
    ) -> bool {
        let (pa, q) = (self.owner[a as usize], self.owner[c as usize]);
        let p = &self.paths[pa as usize];
        let a_back = *p.last().expect("a live path") == a;
        if pa == q || !(a_back || p[0] == a) || !self.neighbours(a).any(|x| x == c) {
            return false;
        }
        let k = self.pos[c as usize] as usize;
        let qlen = self.paths[q as usize].len();
        let (lo, hi) = if towards_front { (0, k) } else { (k, qlen - 1) };
        let kept = qlen - (hi - lo + 1);
        if (kept == 0 && !merge) || (kept != 0 && kept < keep_min) {
            return false;
        }
        if self.contact(pa, a, q, (lo, hi), c) {
            return false;
        }
        // P oriented so that `a` is its last cell, then the part taken from `c` outwards
        let mut grown = std::mem::take(&mut self.paths[pa as usize]);
        self.forget(grown.len());
        if !a_back {
            grown.reverse();
        }
        let mut rest = std::mem::take(&mut self.paths[q as usize]);
        self.forget(rest.len());
        if towards_front {
            grown.extend(rest[..=k].iter().rev());
            rest.drain(..=k);
        } else {
            grown.extend_from_slice(&rest[k..]);
            rest.truncate(k);
        }
        self.install(pa, grown);
        self.install(q, rest);
        true
    }

    /// Whether the part `lo..=hi` of path `q` meets path `p` anywhere but at `a`–`c` (scanning
    /// the smaller of the two).
    fn contact(&self, p: u32, a: u32, q: u32, (lo, hi): (usize, usize), c: u32) -> bool {
        let part = &self.paths[q as usize][lo..=hi];
        let in_part = |x: u32| {
            self.owner[x as usize] == q && (lo..=hi).contains(&(self.pos[x as usize] as usize))
        };
        if part.len() <= self.paths[p as usize].len() {
            part.iter().any(|&u| {
                self.neighbours(u)
                    .any(|w| self.owner[w as usize] == p && !(u == c && w == a))
            })
        } else {
            self.paths[p as usize].iter().any(|&u| {
                self.neighbours(u)
                    .any(|w| in_part(w) && !(u == a && w == c))
            })
        }
    }

    /// Puts `cells` as path `id` (whose old cells were taken out, or are being replaced) and
    /// renumbers their positions.
    fn install(&mut self, id: u32, cells: Vec<u32>) {
        let old = self.paths[id as usize].len();
        self.forget(old);
        self.live += usize::from(!cells.is_empty());
        self.short += usize::from(self.is_short(cells.len()));
        for (k, &c) in cells.iter().enumerate() {
            self.owner[c as usize] = id;
            self.pos[c as usize] = k as u32;
        }
        self.paths[id as usize] = cells;
    }

    /// Splits path `id` between its cells `k - 1` and `k` (both parts non-empty): the back
    /// part gets a new id, which is returned.
    pub(crate) fn split(&mut self, id: u32, k: usize) -> u32 {
        let mut front = std::mem::take(&mut self.paths[id as usize]);
        let back = front.split_off(k);
        self.forget(front.len() + back.len());
        self.install(id, front);
        let new = match self.paths.iter().position(Vec::is_empty) {
            Some(i) => i as u32,
            None => {
                self.paths.push(Vec::new());
                (self.paths.len() - 1) as u32
            }
        };
        self.install(new, back);
        new
    }

    /// Whether a live path of `len` cells is too short for a finished layout.
    fn is_short(&self, len: usize) -> bool {
        (1..self.min).contains(&len)
    }

    /// Whether no path is too short.
    pub(crate) fn is_finished(&self) -> bool {
        self.short == 0
    }

    /// Takes a path of `len` cells out of the counts.
    fn forget(&mut self, len: usize) {
        self.live -= usize::from(len > 0);
        self.short -= usize::from(self.is_short(len));
    }

    /// Joins two paths whose ends `a` and `b` are neighbours into one, if it stays induced.
    pub(crate) fn merge(&mut self, a: u32, b: u32) -> bool {
        let (pa, pb) = (self.owner[a as usize], self.owner[b as usize]);
        let q = &self.paths[pb as usize];
        if pa == pb || !(q[0] == b || *q.last().expect("a live path") == b) {
            return false;
        }
        let towards_front = self.pos[b as usize] as usize == q.len() - 1;
        self.absorb(a, b, towards_front, (0, true))
    }

    /// Random moves (module doc) until there are at most `target` paths, none too short (the
    /// layout is finished). `false` when the move budget ran out first.
    pub(crate) fn shrink_to(&mut self, target: usize, rng: &mut SplitMix64) -> bool {
        self.shrink_within(target, MOVES_PER_CELL, rng)
    }

    /// [`Layout::shrink_to`] with `moves` random moves per cell at most.
    pub(crate) fn shrink_within(
        &mut self,
        target: usize,
        moves: usize,
        rng: &mut SplitMix64,
    ) -> bool {
        let n = self.owner.len();
        for round in 0..moves * n {
            if self.live <= target && self.short == 0 {
                return true;
            }
            if round % SCAN_EVERY == SCAN_EVERY - 1 && self.live > target && self.merge_any(rng) {
                continue;
            }
            self.random_move(rng);
        }
        false
    }

    /// One random absorb (module doc): a short path's end half the time (no cell is left
    /// stranded), else any end.
    fn random_move(&mut self, rng: &mut SplitMix64) -> bool {
        let n = self.owner.len();
        let c0 = rng.below_u64(n as u64) as u32;
        let id = if rng.next_u64() & 1 == 0 && self.short > 0 {
            self.a_short(c0)
        } else {
            self.owner[c0 as usize]
        };
        let p = &self.paths[id as usize];
        let a = if rng.next_u64() & 1 == 0 {
            p[0]
        } else {
            p[p.len() - 1]
        };
        let mut nb = [0u32; 4];
        let mut k = 0;
        for x in self.neighbours(a) {
            if self.owner[x as usize] != id {
                nb[k] = x;
                k += 1;
            }
        }
        if k == 0 {
            return false;
        }
        let c = nb[rng.below_u64(k as u64) as usize];
        // towards an end of `Q` next to `c`: a merge or a one-cell shift
        self.absorb(a, c, rng.next_u64() & 1 == 0, (KEEP_MIN, true))
    }

    /// Whether cell `c` ends its path.
    pub(crate) fn is_end(&self, c: u32) -> bool {
        let q = &self.paths[self.owner[c as usize] as usize];
        q[0] == c || q[q.len() - 1] == c
    }

    /// Makes one of the possible merges (two paths whose ends are neighbours and that meet
    /// nowhere else), picked at random; `false` if there is none.
    pub(crate) fn merge_any(&mut self, rng: &mut SplitMix64) -> bool {
        let mut ends: Vec<(u32, u32)> = Vec::new();
        for p in self.paths.iter().filter(|p| !p.is_empty()) {
            for a in [p[0], p[p.len() - 1]] {
                for b in self.neighbours(a) {
                    if a < b && self.owner[a as usize] != self.owner[b as usize] && self.is_end(b) {
                        ends.push((a, b));
                    }
                }
            }
        }
        while !ends.is_empty() {
            let (a, b) = ends.swap_remove(rng.below_u64(ends.len() as u64) as usize);
            if self.merge(a, b) {
                return true;
            }
        }
        false
    }

    /// A path too short for a finished layout, the first found scanning the cells from `from`.
    fn a_short(&self, from: u32) -> u32 {
        let n = self.owner.len() as u32;
        (0..n)
            .map(|i| self.owner[((from + i) % n) as usize])
            .find(|&id| self.is_short(self.paths[id as usize].len()))
            .expect("a short path")
    }
}

/// The orthogonal neighbours of cell `c` in a `rows × cols` grid.
pub(crate) fn neighbours(rows: usize, cols: usize, c: u32) -> impl Iterator<Item = u32> {
    let (r, k) = (c as usize / cols, c as usize % cols);
    let up = (r > 0).then(|| c - cols as u32);
    let down = (r + 1 < rows).then(|| c + cols as u32);
    let left = (k > 0).then(|| c - 1);
    let right = (k + 1 < cols).then(|| c + 1);
    [up, right, down, left].into_iter().flatten()
}
