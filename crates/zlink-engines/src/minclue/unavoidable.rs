//! Unavoidable sets found by direct search on a full grid.
//!
//! An unavoidable set is a set of cells that every clue set with a unique solution must hit:
//! the grid's values on it can be permuted into another valid grid. For two rows in the same
//! band, map each column's value in the first row to its value in the second: every cycle of
//! that permutation, of length k, spans k columns whose values can be swapped between the two
//! rows (rows keep their values, columns and boxes swap within themselves), giving an
//! unavoidable set of 2k cells. 2-cycles are the classic rectangles (size 4), 3-cycles give
//! size 6. The same holds for two columns in one stack.
//!
//! The general seeding blanks parts of the grid (bands, stacks, box pairs, the cells of a few
//! digits) and minimises the difference of every other completion, so the master starts from
//! the small inclusion-minimal sets where the clue problem's difficulty lives.

use std::time::Instant;

use zlink_puzzle::{Coord, Grid};

use super::check::Checker;
use crate::sudoku::Shape;

/// The parts of the grid [`blanked_part_sets`] blanks: every band and stack, every two boxes
/// of one band or stack, and the cells of every union of 2..=`max_digits` digits.
pub fn parts(shape: Shape, grid: &Grid<u8>, max_digits: usize) -> Vec<Vec<usize>> {
    let n = shape.n;
    let cells = grid.len();
    let band = |i: usize| (i / n) / shape.box_rows;
    let stack = |i: usize| (i % n) / shape.box_cols;
    let bx = |i: usize| shape.box_of(i / n, i % n);
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for b in 0..n / shape.box_rows {
        parts.push((0..cells).filter(|&i| band(i) == b).collect());
    }
    for b in 0..n / shape.box_cols {
        parts.push((0..cells).filter(|&i| stack(i) == b).collect());
    }
    for a in 0..n {
        for b in a + 1..n {
            let (ia, ib) = (shape_box_cell(shape, a), shape_box_cell(shape, b));
            if band(ia) == band(ib) || stack(ia) == stack(ib) {
                parts.push((0..cells).filter(|&i| bx(i) == a || bx(i) == b).collect());
            }
        }
    }
    // digit subsets as bit masks over 1..=n, by increasing size
    for mask in 1u64..1 << n {
        let k = mask.count_ones() as usize;
        if (2..=max_digits).contains(&k) {
            parts.push(
                (0..cells)
                    .filter(|&i| mask >> (grid.cells()[i] - 1) & 1 == 1)
                    .collect(),
            );
        }
    }
    parts
}

/// A cell of box `b` (its top-left corner).
fn shape_box_cell(shape: Shape, b: usize) -> usize {
    let per_band = shape.n / shape.box_cols;
    let (r, c) = (
        (b / per_band) * shape.box_rows,
        (b % per_band) * shape.box_cols,
    );
    r * shape.n + c
}

/// Unavoidable sets from blanking each of [`parts`] and enumerating the other completions
/// (at most `limit` per part) with the exact engine: each completion differs from the grid on
/// an unavoidable set, which is minimised ([`Checker::minimise`]). Only inclusion-minimal sets
/// of at most `max_size` cells are kept, smallest first.
pub fn blanked_part_sets(
    check: &mut Checker,
    parts: &[Vec<usize>],
    max_size: usize,
    limit: u64,
) -> Vec<Vec<usize>> {
    blanked_part_sets_until(check, parts, max_size, limit, None).expect("no deadline to pass")
}

/// [`blanked_part_sets`] that gives up (`None`) once `deadline` has passed, looked at before
/// each set is minimised: on a 25×25 grid the seeding alone takes minutes.
pub fn blanked_part_sets_until(
    check: &mut Checker,
    parts: &[Vec<usize>],
    max_size: usize,
    limit: u64,
    deadline: Option<Instant>,
) -> Option<Vec<Vec<usize>>> {
    let cells = check.cells();
    let mut seen = std::collections::HashSet::new();
    let mut sets = Vec::new();
    for part in parts {
        let mut keep = vec![true; cells];
        part.iter().for_each(|&i| keep[i] = false);
        for diff in check.missed_sets(&keep, limit) {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            if seen.insert(diff.clone()) {
                let m = check.minimise(&diff);
                if m.len() <= max_size && seen.insert(m.clone()) {
                    sets.push(m);
                }
            }
        }
    }
    Some(minimal_sets(sets))
}

/// Whether bit set `a` is a subset of bit set `b`.
fn subset(a: u128, b: u128) -> bool {
    a & !b == 0
}

/// The inclusion-minimal sets among `sets` (each sorted), deduplicated, smallest first.
pub fn minimal_sets(mut sets: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    sets.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    sets.dedup();
    let mut kept: Vec<Vec<usize>> = Vec::new();
    let mut masks: Vec<u128> = Vec::new();
    for s in sets {
        let m = s
            .iter()
            .fold(0u128, |m, &i| if i < 128 { m | 1 << i } else { m });
        let small = s.iter().all(|&i| i < 128);
        if small && masks.iter().any(|&k| subset(k, m)) {
            continue;
        }
        if !small
            && kept
                .iter()
                .any(|k| k.iter().all(|i| s.binary_search(i).is_ok()))
        {
            continue;
        }
        masks.push(if small { m } else { u128::MAX });
        kept.push(s);
    }
    kept
}

/// The unavoidable sets of two rows of one band, or two columns of one stack, with at most
/// `max_size` cells, each sorted by cell index, without duplicates.
pub fn two_line_sets(shape: Shape, grid: &Grid<u8>, max_size: usize) -> Vec<Vec<usize>> {
    let n = shape.n;
    let mut out = Vec::new();
    for transpose in [false, true] {
        let at = |line: usize, k: usize| {
            if transpose {
                Coord::new(k, line)
            } else {
                Coord::new(line, k)
            }
        };
        let group = if transpose {
            shape.box_cols
        } else {
            shape.box_rows
        };
        for a in 0..n {
            for b in a + 1..n {
                if a / group != b / group {
                    continue;
                }
                // position of each value in line a
                let mut pos_a = vec![0usize; n + 1];
                for k in 0..n {
                    pos_a[usize::from(grid[at(a, k)])] = k;
                }
                let mut seen = vec![false; n];
                for start in 0..n {
                    if seen[start] {
                        continue;
                    }
                    let mut cycle = Vec::new();
                    let mut k = start;
                    while !seen[k] {
                        seen[k] = true;
                        cycle.push(k);
                        // the column where line a holds the value line b holds at k
                        k = pos_a[usize::from(grid[at(b, k)])];
                    }
                    if cycle.len() >= 2 && 2 * cycle.len() <= max_size {
                        let mut set: Vec<usize> = cycle
                            .iter()
                            .flat_map(|&k| [grid.index_of(at(a, k)), grid.index_of(at(b, k))])
                            .collect();
                        set.sort_unstable();
                        out.push(set);
                    }
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::check::{count_backtracking, for_each_solution, verify};

    fn a_grid() -> Grid<u8> {
        let s = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        Grid::from_cells(9, 9, s.bytes().map(|b| b - b'0').collect()).unwrap()
    }

    /// Unavoidable by the oracle: another completion differs from the grid exactly on `set`.
    fn differs_exactly_on(shape: Shape, g: &Grid<u8>, set: &[usize]) -> bool {
        let mut puzzle = g.clone();
        for &i in set {
            puzzle.cells_mut()[i] = 0;
        }
        let mut exact = false;
        for_each_solution(shape, &puzzle, 100_000, &mut |o| {
            let d: Vec<usize> = (0..o.len()).filter(|&i| o[i] != g.cells()[i]).collect();
            exact |= d == set;
        });
        exact
    }

    /// Inclusion-minimal by the oracle: without any one cell, no other completion remains.
    fn minimal_by_oracle(shape: Shape, g: &Grid<u8>, set: &[usize]) -> bool {
        set.iter().all(|&drop| {
            let mut puzzle = g.clone();
            for &i in set.iter().filter(|&&i| i != drop) {
                puzzle.cells_mut()[i] = 0;
            }
            count_backtracking(shape, &puzzle, 2).0 == 1
        })
    }

    #[test]
    fn every_set_is_unavoidable_and_minimal() {
        let shape = Shape::new(9).unwrap();
        let g = a_grid();
        verify(shape, &Grid::new(9, 9, 0), &g).unwrap();
        let sets = two_line_sets(shape, &g, 18);
        assert!(!sets.is_empty());
        for set in &sets {
            assert!(differs_exactly_on(shape, &g, set), "{set:?}");
        }
        let mut check = Checker::new(shape, &g);
        let blanked = blanked_part_sets(&mut check, &parts(shape, &g, 3), 12, 1000);
        assert!(blanked.len() > 20, "{}", blanked.len());
        for set in &blanked {
            assert!(set.len() <= 12);
            assert!(differs_exactly_on(shape, &g, set), "{set:?}");
            assert!(minimal_by_oracle(shape, &g, set), "{set:?}");
        }
        // every rectangle (two-line set of size 4) is found by the blanking too
        for s in sets.iter().filter(|s| s.len() == 4) {
            assert!(blanked.contains(s), "{s:?}");
        }
        let small = two_line_sets(shape, &g, 4);
        assert!(small.iter().all(|s| s.len() == 4));
        assert_eq!(small.len(), sets.iter().filter(|s| s.len() == 4).count());
        // minimise shrinks a union of two disjoint sets back to a minimal one
        let (a, b) = (
            &blanked[0],
            blanked
                .iter()
                .find(|b| b.iter().all(|i| !blanked[0].contains(i)))
                .unwrap(),
        );
        let mut union: Vec<usize> = a.iter().chain(b.iter()).copied().collect();
        union.sort_unstable();
        let m = check.minimise(&union);
        assert!(m.len() < union.len() && minimal_by_oracle(shape, &g, &m));
        assert!(differs_exactly_on(shape, &g, &m));
    }
}
