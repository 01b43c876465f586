//! Unavoidable sets by structural search, without solving puzzles (McGuire's way of seeding a
//! hitting-set proof): for every set D of 2..=`max_digits` digits, the cells holding D form a
//! sub-grid in which every row, column and box holds each digit of D exactly once. Any other
//! filling of those cells with D under the same rule, with the rest of the grid unchanged, is
//! another valid grid, so its difference with the grid is an unavoidable set. A bitset
//! backtracking over (digit, row) — one cell per row for each digit, columns and boxes kept
//! free per digit — enumerates every such filling that changes at most `max_size` cells
//! (pruned on the running number of changed cells), and the inclusion-minimal differences
//! are kept.
//!
//! Two cuts keep the enumeration small without changing what it finds (see `Enum::run`): a
//! digit moved off its cell forces its cells of the same row, column and box to change, so
//! those count against `max_size` at once; and a filling that leaves some digit of D on all
//! its cells is a filling of a smaller digit set, found by that set's own search.
//!
//! Why: the seeding by blanking parts and enumerating completions with the exact engine
//! ([`super::unavoidable::blanked_part_sets`]) stops at a completion limit and minimises each
//! set with engine calls; this search is exhaustive per digit set and needs no engine call,
//! so it finds all the small sets of that kind in milliseconds.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use zlink_puzzle::Grid;

use super::unavoidable::minimal_sets;
use crate::sudoku::Shape;

/// The inclusion-minimal unavoidable sets of at most `max_size` cells that change only the
/// cells of some 2..=`max_digits` digits (each sorted, smallest first). Grids of at most 128
/// cells and 32 digits.
pub fn digit_subset_sets(
    shape: Shape,
    grid: &Grid<u8>,
    max_digits: usize,
    max_size: usize,
) -> Vec<Vec<usize>> {
    digit_subset_sets_until(shape, grid, max_digits, max_size, None, None)
        .expect("no deadline or budget to pass")
}

/// Why [`digit_subset_sets_until`] stopped before the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedStop {
    /// The deadline passed.
    TimedOut,
    /// The sets found would take more than the byte budget.
    Memory {
        /// The budget.
        budget: u64,
        /// Bytes the sets found took when the search stopped.
        used: u64,
    },
}

/// Bytes a set takes while found: its mask in the search's list and in the merged one.
const FOUND_BYTES: u64 = 32;

/// [`digit_subset_sets`] that stops once `deadline` has passed or the sets found take more
/// than `max_bytes`: the digit sets grow as `C(n, max_digits)` and their fillings much faster
/// (on a 9×9 grid, 5 digits take a second, 6 twenty, 7 minutes, and with a large `max_size`
/// the sets found grow by megabytes a second), so each search looks at both as it goes.
///
/// # Errors
/// [`SeedStop`].
pub fn digit_subset_sets_until(
    shape: Shape,
    grid: &Grid<u8>,
    max_digits: usize,
    max_size: usize,
    deadline: Option<Instant>,
    max_bytes: Option<u64>,
) -> Result<Vec<Vec<usize>>, SeedStop> {
    let limits = (deadline, max_bytes);
    let (found, _) = differences(shape, grid, (max_digits, max_size), limits, true)?;
    let sets = found
        .into_iter()
        .map(|m| (0..128).filter(|&i| m >> i & 1 == 1).collect())
        .collect();
    Ok(minimal_sets(sets))
}

/// The differences (sorted, no duplicates) of the fillings of [`digit_subset_sets_until`],
/// `size` = (most digits, most cells), `limits` = (deadline, byte budget), with or without
/// the cuts of [`Enum::run`] (`sharp`), and the nodes searched.
fn differences(
    shape: Shape,
    grid: &Grid<u8>,
    size: (usize, usize),
    limits: (Option<Instant>, Option<u64>),
    sharp: bool,
) -> Result<(Vec<u128>, u64), SeedStop> {
    let ((max_digits, max_size), (deadline, max_bytes)) = (size, limits);
    let n = shape.n;
    let subsets: Vec<u64> = (1u64..1 << n)
        .filter(|d| (2..=max_digits).contains(&(d.count_ones() as usize)))
        .collect();
    let held = AtomicU64::new(0);
    let over = AtomicBool::new(false);
    let units = unit_masks(shape);
    let nodes = AtomicU64::new(0);
    // each digit set is an independent search: rayon spreads them over the caller's pool
    let mut found: Vec<u128> = subsets
        .par_iter()
        .flat_map_iter(|&dmask| {
            let digits: Vec<u8> = (1..=n as u8)
                .filter(|&d| dmask >> (d - 1) & 1 == 1)
                .collect();
            let mut out = Vec::new();
            let mut e = Enum {
                shape,
                grid: grid.cells(),
                digits: &digits,
                home: digits
                    .iter()
                    .map(|&d| {
                        (0..grid.len())
                            .filter(|&i| grid.cells()[i] == d)
                            .fold(0u128, |m, i| m | 1 << i)
                    })
                    .collect(),
                units: &units,
                sharp,
                // per row, the cells holding a digit of D
                rows: (0..n)
                    .map(|r| {
                        (0..n)
                            .filter(|&c| dmask >> (grid.cells()[r * n + c] - 1) & 1 == 1)
                            .map(|c| r * n + c)
                            .collect()
                    })
                    .collect(),
                filled: 0,
                diff: 0,
                max_size,
                out: &mut out,
                deadline,
                nodes: 0,
                stopped: false,
                held: &held,
                over: &over,
                max_found: max_bytes.map(|b| b / FOUND_BYTES),
            };
            e.run(0, 0, 0, 0, false);
            nodes.fetch_add(e.nodes, Ordering::Relaxed);
            out
        })
        .collect();
    // a search stops early only over the budget or once the deadline has passed, so this
    // sees every stop
    if let Some(budget) = max_bytes.filter(|_| over.load(Ordering::Relaxed)) {
        let used = held.load(Ordering::Relaxed).saturating_mul(FOUND_BYTES);
        return Err(SeedStop::Memory {
            budget,
            used: used.max(budget + 1),
        });
    }
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(SeedStop::TimedOut);
    }
    found.sort_unstable();
    found.dedup();
    Ok((found, nodes.load(Ordering::Relaxed)))
}

/// Per row, column and box (in that order, `n` each), the mask of its cells.
fn unit_masks(shape: Shape) -> Vec<u128> {
    let n = shape.n;
    let mut units = vec![0u128; 3 * n];
    for r in 0..n {
        for c in 0..n {
            let bit = 1u128 << (r * n + c);
            units[r] |= bit;
            units[n + c] |= bit;
            units[2 * n + shape.box_of(r, c)] |= bit;
        }
    }
    units
}

struct Enum<'a> {
    shape: Shape,
    grid: &'a [u8],
    digits: &'a [u8],
    /// Per digit of D (as `digits`), the cells holding it in the grid.
    home: Vec<u128>,
    /// The cells of each row, column and box ([`unit_masks`]).
    units: &'a [u128],
    /// The two cuts of [`Enum::run`] (off only in a test, to compare with the plain search).
    sharp: bool,
    rows: Vec<Vec<usize>>,
    /// Cells already given a digit of D in this filling.
    filled: u128,
    /// Cells whose new digit differs from the grid, or surely will ([`Enum::run`]).
    diff: u128,
    max_size: usize,
    out: &'a mut Vec<u128>,
    deadline: Option<Instant>,
    /// Calls of [`Enum::run`] so far (the clock is read every 4096).
    nodes: u64,
    /// The deadline passed or the budget ran out: unwind without searching further.
    stopped: bool,
    /// Sets found by all searches so far.
    held: &'a AtomicU64,
    /// Set when the sets found exceed `max_found`.
    over: &'a AtomicBool,
    /// The most sets the byte budget allows.
    max_found: Option<u64>,
}

impl Enum<'_> {
    /// Place digit `digits[di]` in row `r` onward; `cols`/`boxes` are the columns and boxes
    /// that digit already occupies, `moved` whether it lies off its grid cells in a row so far.
    ///
    /// The two cuts, and why they lose no set of at most `max_size` cells:
    /// - A digit d placed on a cell that does not hold d in the grid lies in a row, a column
    ///   and a box whose cell holding d in the grid then cannot hold d (d is in that unit
    ///   already): each of those three cells, filled or not, ends with another digit, so it
    ///   changes. They join `diff` at once, so `diff` is always within the final difference
    ///   and the size test prunes only fillings that change more than `max_size` cells (at
    ///   the end `diff` is exactly the difference).
    /// - When digit d is done and never `moved` (every row has it on its grid cell), d is on
    ///   all its grid cells. Every filling below leaves d there, so it changes only the cells of the
    ///   digits it moves, D' ⊂ D, and refills them with digits of D' (a digit of D \ D' in one
    ///   of them would meet itself in that row): the same difference is a filling of D'
    ///   (2 ≤ |D'| < |D|, so searched too), and the subtree is skipped.
    fn run(&mut self, di: usize, r: usize, cols: u64, boxes: u64, moved: bool) {
        self.nodes += 1;
        if self.nodes % 4096 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        if self.stopped {
            return;
        }
        let n = self.shape.n;
        if di == self.digits.len() {
            if self.diff != 0 {
                self.out.push(self.diff);
                let held = self.held.fetch_add(1, Ordering::Relaxed) + 1;
                if self.max_found.is_some_and(|m| held > m) {
                    self.over.store(true, Ordering::Relaxed);
                    self.stopped = true;
                }
            }
            return;
        }
        if r == n {
            if self.sharp && !moved {
                return;
            }
            self.run(di + 1, 0, 0, 0, false);
            return;
        }
        let d = self.digits[di];
        for j in 0..self.rows[r].len() {
            let i = self.rows[r][j];
            let (c, b) = (i % n, self.shape.box_of(r, i % n));
            if self.filled >> i & 1 == 1 || cols >> c & 1 == 1 || boxes >> b & 1 == 1 {
                continue;
            }
            let off = self.grid[i] != d;
            let diff = match (off, self.sharp) {
                (false, _) => self.diff,
                (true, false) => self.diff | 1 << i,
                (true, true) => {
                    let units = self.units[r] | self.units[n + c] | self.units[2 * n + b];
                    self.diff | 1 << i | (self.home[di] & units)
                }
            };
            if diff.count_ones() as usize > self.max_size {
                continue;
            }
            let (f, df) = (self.filled, self.diff);
            self.filled |= 1 << i;
            self.diff = diff;
            self.run(di, r + 1, cols | 1 << c, boxes | 1 << b, moved || off);
            self.filled = f;
            self.diff = df;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::check::for_each_solution;

    #[test]
    fn sets_are_differences_of_valid_grids_and_include_rectangles() {
        let s = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let g = Grid::from_cells(9, 9, s.bytes().map(|b| b - b'0').collect()).unwrap();
        let shape = Shape::new(9).unwrap();
        let sets = digit_subset_sets(shape, &g, 3, 12);
        assert!(sets.len() > 20, "{}", sets.len());
        for set in &sets {
            assert!(set.len() >= 4 && set.len() <= 12);
            // the oracle: blanking the set leaves a completion differing exactly on it
            let mut p = g.clone();
            set.iter().for_each(|&i| p.cells_mut()[i] = 0);
            let mut exact = false;
            for_each_solution(shape, &p, 100_000, &mut |o| {
                let d: Vec<usize> = (0..81).filter(|&i| o[i] != g.cells()[i]).collect();
                exact |= &d == set;
            });
            assert!(exact, "{set:?}");
        }
        // every two-line set of size 4 (a rectangle) is a 2-digit set
        for r in super::super::unavoidable::two_line_sets(shape, &g, 4) {
            assert!(sets.contains(&r), "{r:?}");
        }
    }

    /// The two cuts of [`Enum::run`] change no difference found, only the nodes.
    #[test]
    fn the_cuts_find_the_same_differences() {
        let s = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let g = Grid::from_cells(9, 9, s.bytes().map(|b| b - b'0').collect()).unwrap();
        let shape = Shape::new(9).unwrap();
        for size in [(3, 12), (4, 10), (4, 14)] {
            let (plain, plain_nodes) = differences(shape, &g, size, (None, None), false).unwrap();
            let (sharp, sharp_nodes) = differences(shape, &g, size, (None, None), true).unwrap();
            assert_eq!(plain, sharp, "{size:?}");
            assert!(
                sharp_nodes < plain_nodes,
                "{size:?}: {sharp_nodes} {plain_nodes}"
            );
        }
    }
}
