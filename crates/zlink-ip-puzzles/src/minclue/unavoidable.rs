//! Unavoidable sets found by direct search on a full grid.
//!
//! An unavoidable set is a set of cells that every clue set with a unique solution must hit:
//! the grid's values on it can be permuted into another valid grid. For two rows in the same
//! band, map each column's value in the first row to its value in the second: every cycle of
//! that permutation, of length k, spans k columns whose values can be swapped between the two
//! rows (rows keep their values, columns and boxes swap within themselves), giving an
//! unavoidable set of 2k cells. 2-cycles are the classic rectangles (size 4), 3-cycles give
//! size 6. The same holds for two columns in one stack.

use zlink_grid::{Coord, Grid};

use crate::sudoku::check::for_each_solution;
use crate::sudoku::Shape;

/// Unavoidable sets from blanking parts of the grid and enumerating the other completions
/// (backtracking, at most `limit` per part): each completion differs from the grid on an
/// unavoidable set. The parts are every band and stack (each line pair's freedom), and the
/// cells of every pair and triple of digits (where the classic small sets live). Only
/// inclusion-minimal sets of at most `max_size` cells are kept, sorted.
pub fn blanked_part_sets(
    shape: Shape,
    grid: &Grid<u8>,
    max_size: usize,
    limit: u64,
) -> Vec<Vec<usize>> {
    let n = shape.n;
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for b in 0..n / shape.box_rows {
        parts.push(
            (0..grid.len())
                .filter(|&i| (i / n) / shape.box_rows == b)
                .collect(),
        );
    }
    for b in 0..n / shape.box_cols {
        parts.push(
            (0..grid.len())
                .filter(|&i| (i % n) / shape.box_cols == b)
                .collect(),
        );
    }
    for a in 1..=n as u8 {
        for b in a + 1..=n as u8 {
            let pair = |v: u8| v == a || v == b;
            parts.push((0..grid.len()).filter(|&i| pair(grid.cells()[i])).collect());
            for c in b + 1..=n as u8 {
                parts.push(
                    (0..grid.len())
                        .filter(|&i| pair(grid.cells()[i]) || grid.cells()[i] == c)
                        .collect(),
                );
            }
        }
    }
    let mut sets = Vec::new();
    for part in parts {
        let mut puzzle = grid.clone();
        for &i in &part {
            puzzle.cells_mut()[i] = 0;
        }
        for_each_solution(shape, &puzzle, limit, &mut |other| {
            let diff: Vec<usize> = (0..other.len())
                .filter(|&i| other[i] != grid.cells()[i])
                .collect();
            if !diff.is_empty() && diff.len() <= max_size {
                sets.push(diff);
            }
        });
    }
    minimal_sets(sets)
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
    use crate::sudoku::check::{count_backtracking, verify};

    fn a_grid() -> Grid<u8> {
        let s = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        Grid::from_cells(9, 9, s.bytes().map(|b| b - b'0').collect()).unwrap()
    }

    /// Every set found really is unavoidable: blanking it leaves more than one solution, and
    /// swapping the two lines on it gives another valid grid.
    #[test]
    fn every_set_is_unavoidable() {
        let shape = Shape::new(9).unwrap();
        let g = a_grid();
        verify(shape, &Grid::new(9, 9, 0), &g).unwrap();
        let sets = two_line_sets(shape, &g, 18);
        assert!(!sets.is_empty());
        for set in &sets {
            let mut puzzle = g.clone();
            for &i in set {
                puzzle.cells_mut()[i] = 0;
            }
            assert!(count_backtracking(shape, &puzzle, 2).0 >= 2, "{set:?}");
        }
        let blanked = blanked_part_sets(shape, &g, 18, 10_000);
        assert!(blanked.len() > sets.len());
        for set in &blanked {
            let mut puzzle = g.clone();
            for &i in set {
                puzzle.cells_mut()[i] = 0;
            }
            assert!(count_backtracking(shape, &puzzle, 2).0 >= 2, "{set:?}");
        }
        // every two-line set contains a blanked-part set (band/stack blanking finds them)
        for s in &sets {
            assert!(
                blanked.iter().any(|b| b.iter().all(|i| s.contains(i))),
                "{s:?}"
            );
        }
        let small = two_line_sets(shape, &g, 4);
        assert!(small.iter().all(|s| s.len() == 4));
        assert_eq!(small.len(), sets.iter().filter(|s| s.len() == 4).count());
    }
}
