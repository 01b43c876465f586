//! Battleship oracle: every solution by brute force over ship-cell sets, sharing nothing with
//! the engines (no placements, no model). Rows are filled one bitmask at a time with exactly
//! their number of ship cells, columns pruned by their numbers; a complete grid is accepted
//! when its 8-connected pieces are straight runs (so ships never touch), their lengths make
//! up the fleet, and every given cell shows the part its run puts there.
//!
//! Also a seeded maker of small instances: a random fleet placement gives the sums, and a few
//! of its cells become givens.
//!
//! Cells are given as Janko letters: `x` water, `o` submarine, `n s w e` top/bottom/left/right
//! end, `m` middle; `None` unknown.

use zlink_base::SplitMix64;

/// A small instance for the oracle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// Ship cells per row.
    pub row_sums: Vec<usize>,
    /// Ship cells per column.
    pub col_sums: Vec<usize>,
    /// `fleet[l - 1]` ships of length `l`.
    pub fleet: Vec<usize>,
    /// Given cells, row-major, as Janko letters.
    pub hints: Vec<Option<char>>,
}

/// Every solution as a row-major occupancy grid, sorted. Meant for grids up to about 6×6.
pub fn solutions(p: &Instance) -> Vec<Vec<bool>> {
    let (rows, cols) = (p.row_sums.len(), p.col_sums.len());
    assert!(cols < 32, "oracle grids are small");
    let masks: Vec<Vec<u32>> = p
        .row_sums
        .iter()
        .map(|&k| {
            (0u32..1 << cols)
                .filter(|m| m.count_ones() as usize == k)
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    let mut chosen = vec![0u32; rows];
    let mut col = vec![0usize; cols];
    fill(p, &masks, 0, &mut chosen, &mut col, &mut out);
    out.sort();
    out
}

fn fill(
    p: &Instance,
    masks: &[Vec<u32>],
    r: usize,
    chosen: &mut Vec<u32>,
    col: &mut Vec<usize>,
    out: &mut Vec<Vec<bool>>,
) {
    let (rows, cols) = (p.row_sums.len(), p.col_sums.len());
    if r == rows {
        if col == &p.col_sums {
            let occ: Vec<bool> = (0..rows * cols)
                .map(|i| chosen[i / cols] >> (i % cols) & 1 == 1)
                .collect();
            if accepts(p, &occ) {
                out.push(occ);
            }
        }
        return;
    }
    for &m in &masks[r] {
        let ok = (0..cols).all(|c| col[c] + (m >> c & 1) as usize <= p.col_sums[c]);
        if !ok {
            continue;
        }
        for (c, n) in col.iter_mut().enumerate() {
            *n += (m >> c & 1) as usize;
        }
        chosen[r] = m;
        fill(p, masks, r + 1, chosen, col, out);
        for (c, n) in col.iter_mut().enumerate() {
            *n -= (m >> c & 1) as usize;
        }
    }
}

/// Whether the occupancy grid `occ` obeys the fleet, contact and given-cell rules.
pub fn accepts(p: &Instance, occ: &[bool]) -> bool {
    let (rows, cols) = (p.row_sums.len(), p.col_sums.len());
    let mut seen = vec![false; rows * cols];
    let mut lengths = vec![0usize; rows.max(cols) + 1];
    let mut letter = vec!['x'; rows * cols];
    for start in 0..rows * cols {
        if !occ[start] || seen[start] {
            continue;
        }
        // 8-connected piece by flood fill
        let mut piece = vec![start];
        seen[start] = true;
        let mut i = 0;
        while i < piece.len() {
            let (r, c) = ((piece[i] / cols) as i64, (piece[i] % cols) as i64);
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let (nr, nc) = (r + dr, c + dc);
                    if nr < 0 || nc < 0 || nr >= rows as i64 || nc >= cols as i64 {
                        continue;
                    }
                    let j = nr as usize * cols + nc as usize;
                    if occ[j] && !seen[j] {
                        seen[j] = true;
                        piece.push(j);
                    }
                }
            }
            i += 1;
        }
        piece.sort_unstable();
        let same_row = piece.iter().all(|&j| j / cols == piece[0] / cols);
        let same_col = piece.iter().all(|&j| j % cols == piece[0] % cols);
        let n = piece.len();
        // sorted and 8-connected in one row or column: contiguous
        if !(same_row || same_col) {
            return false;
        }
        lengths[n] += 1;
        for (t, &j) in piece.iter().enumerate() {
            letter[j] = match (n, t, same_row) {
                (1, _, _) => 'o',
                (_, 0, true) => 'w',
                (_, 0, false) => 'n',
                (_, t, true) if t + 1 == n => 'e',
                (_, t, false) if t + 1 == n => 's',
                _ => 'm',
            };
        }
    }
    for (l, &have) in lengths.iter().enumerate().skip(1) {
        if have != p.fleet.get(l - 1).copied().unwrap_or(0) {
            return false;
        }
    }
    if p.fleet.len() >= lengths.len() && p.fleet[lengths.len() - 1..].iter().any(|&n| n > 0) {
        return false;
    }
    p.hints
        .iter()
        .zip(&letter)
        .all(|(h, &l)| h.is_none_or(|h| h == l))
}

/// A random instance on a `rows × cols` grid with `fleet`: ships placed at random (retrying
/// until the whole fleet fits), sums read off, and each cell given with probability
/// `given_percent`/100 (its true letter). `None` when the fleet did not fit in 200 tries.
pub fn random_instance(
    rows: usize,
    cols: usize,
    fleet: &[usize],
    given_percent: u64,
    rng: &mut SplitMix64,
) -> Option<Instance> {
    'tries: for _ in 0..200 {
        let mut occ = vec![false; rows * cols];
        for (i, &n) in fleet.iter().enumerate().rev() {
            let len = i + 1;
            for _ in 0..n {
                let mut placed = false;
                for _ in 0..50 {
                    let vertical = len > 1 && rng.below_u64(2) == 1;
                    let (h, w) = if vertical { (len, 1) } else { (1, len) };
                    if h > rows || w > cols {
                        continue 'tries;
                    }
                    let r = rng.below_u64((rows - h + 1) as u64) as usize;
                    let c = rng.below_u64((cols - w + 1) as u64) as usize;
                    let cells: Vec<usize> = (0..len)
                        .map(|t| {
                            if vertical {
                                (r + t) * cols + c
                            } else {
                                r * cols + c + t
                            }
                        })
                        .collect();
                    let free = cells.iter().all(|&j| {
                        let (jr, jc) = ((j / cols) as i64, (j % cols) as i64);
                        (-1..=1).all(|dr| {
                            (-1..=1).all(|dc| {
                                let (nr, nc) = (jr + dr, jc + dc);
                                nr < 0
                                    || nc < 0
                                    || nr >= rows as i64
                                    || nc >= cols as i64
                                    || !occ[nr as usize * cols + nc as usize]
                            })
                        })
                    });
                    if free {
                        for j in cells {
                            occ[j] = true;
                        }
                        placed = true;
                        break;
                    }
                }
                if !placed {
                    continue 'tries;
                }
            }
        }
        let row_sums = (0..rows)
            .map(|r| (0..cols).filter(|&c| occ[r * cols + c]).count())
            .collect();
        let col_sums = (0..cols)
            .map(|c| (0..rows).filter(|&r| occ[r * cols + c]).count())
            .collect();
        let mut p = Instance {
            row_sums,
            col_sums,
            fleet: fleet.to_vec(),
            hints: vec![None; rows * cols],
        };
        let truth = letters(&p, &occ);
        for (j, l) in truth.into_iter().enumerate() {
            if rng.below_u64(100) < given_percent {
                p.hints[j] = Some(l);
            }
        }
        return Some(p);
    }
    None
}

/// The Janko letter of every cell of a valid occupancy grid.
fn letters(p: &Instance, occ: &[bool]) -> Vec<char> {
    let (rows, cols) = (p.row_sums.len(), p.col_sums.len());
    let at = |r: i64, c: i64| {
        r >= 0
            && c >= 0
            && r < rows as i64
            && c < cols as i64
            && occ[r as usize * cols + c as usize]
    };
    (0..rows * cols)
        .map(|j| {
            let (r, c) = ((j / cols) as i64, (j % cols) as i64);
            if !at(r, c) {
                return 'x';
            }
            match (at(r, c - 1), at(r, c + 1), at(r - 1, c), at(r + 1, c)) {
                (false, true, _, _) => 'w',
                (true, false, _, _) => 'e',
                (true, true, _, _) => 'm',
                (_, _, false, true) => 'n',
                (_, _, true, false) => 's',
                (_, _, true, true) => 'm',
                _ => 'o',
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases_by_hand() {
        // 1×3, one ship of length 2: two placements, the sums pin it down
        let p = Instance {
            row_sums: vec![2],
            col_sums: vec![1, 1, 0],
            fleet: vec![0, 1],
            hints: vec![None; 3],
        };
        assert_eq!(solutions(&p), vec![vec![true, true, false]]);
        // 2×2 with two submarines: diagonal placements touch, so none
        let p = Instance {
            row_sums: vec![1, 1],
            col_sums: vec![1, 1],
            fleet: vec![2],
            hints: vec![None; 4],
        };
        assert!(solutions(&p).is_empty());
        // 3×3, two submarines in the corners of one diagonal or the other
        let p = Instance {
            row_sums: vec![1, 0, 1],
            col_sums: vec![1, 0, 1],
            fleet: vec![2],
            hints: vec![None; 9],
        };
        assert_eq!(solutions(&p).len(), 2);
        let mut given = p.clone();
        given.hints[0] = Some('o');
        assert_eq!(solutions(&given).len(), 1);
        given.hints[0] = Some('w');
        assert!(solutions(&given).is_empty());
    }

    #[test]
    fn random_instances_have_their_planted_solution() {
        let mut rng = SplitMix64::new(7);
        for _ in 0..20 {
            let p = random_instance(5, 5, &[2, 1, 1], 20, &mut rng).expect("fits");
            assert!(!solutions(&p).is_empty());
        }
    }
}
