//! Brute-force oracle for minimum-clue Sudoku on small grids (4×4, 6×6: at most 64 cells):
//! the fewest cells of a full grid whose values make it the unique solution, by trying every
//! clue subset in order of size. Shares nothing with the engines: its own backtracking
//! counter, and its own quick rejection — a subset that misses the difference between the
//! grid and some other valid grid (found here by blanking two or three digits and
//! backtracking) cannot be unique, which is sound because such a difference is unavoidable
//! by construction; every surviving subset is decided by the counter.

/// A Sudoku shape: side `n`, boxes `box_rows` × `box_cols`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmallShape {
    /// Side.
    pub n: usize,
    /// Box height.
    pub box_rows: usize,
    /// Box width.
    pub box_cols: usize,
}

impl SmallShape {
    fn bx(&self, r: usize, c: usize) -> usize {
        (r / self.box_rows) * (self.n / self.box_cols) + c / self.box_cols
    }
}

/// Solutions of `cells` (row-major, 0 = blank) up to `limit`, each passed to `visit`.
pub fn solutions(s: SmallShape, cells: &[u8], limit: u64, visit: &mut dyn FnMut(&[u8])) -> u64 {
    let n = s.n;
    let (mut rows, mut cols, mut boxes) = (vec![0u32; n], vec![0u32; n], vec![0u32; n]);
    let mut g = cells.to_vec();
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            let (r, c, b) = (i / n, i % n, s.bx(i / n, i % n));
            let bit = 1u32 << v;
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                return 0;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
    }
    let mut count = 0;
    bt(
        s, &mut g, &mut rows, &mut cols, &mut boxes, limit, &mut count, visit,
    );
    count
}

#[allow(clippy::too_many_arguments)]
fn bt(
    s: SmallShape,
    g: &mut [u8],
    rows: &mut [u32],
    cols: &mut [u32],
    boxes: &mut [u32],
    limit: u64,
    count: &mut u64,
    visit: &mut dyn FnMut(&[u8]),
) {
    if *count >= limit {
        return;
    }
    let n = s.n;
    let Some(i) = g.iter().position(|&v| v == 0) else {
        *count += 1;
        visit(g);
        return;
    };
    let (r, c, b) = (i / n, i % n, s.bx(i / n, i % n));
    for v in 1..=n as u8 {
        let bit = 1u32 << v;
        if (rows[r] | cols[c] | boxes[b]) & bit == 0 {
            g[i] = v;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
            bt(s, g, rows, cols, boxes, limit, count, visit);
            rows[r] &= !bit;
            cols[c] &= !bit;
            boxes[b] &= !bit;
            g[i] = 0;
        }
    }
}

/// The minimum number of clues of the full grid `grid`, and a unique clue set of that size
/// (cell mask), by every subset in order of size.
pub fn minimum_clues(s: SmallShape, grid: &[u8]) -> (usize, u64) {
    let cells = grid.len();
    assert!(cells <= 64, "brute force is for grids of at most 64 cells");
    // differences with other grids: blank the cells of two or three digits
    let mut misses: Vec<u64> = Vec::new();
    for a in 1..=s.n as u8 {
        for b in a + 1..=s.n as u8 {
            for c in b..=s.n as u8 {
                let p: Vec<u8> = grid
                    .iter()
                    .map(|&v| if v == a || v == b || v == c { 0 } else { v })
                    .collect();
                solutions(s, &p, u64::MAX, &mut |o| {
                    let d = (0..cells)
                        .filter(|&i| o[i] != grid[i])
                        .fold(0u64, |m, i| m | 1 << i);
                    if d != 0 {
                        misses.push(d);
                    }
                });
            }
        }
    }
    misses.sort_unstable();
    misses.dedup();
    misses.sort_by_key(|m| m.count_ones());
    // the inclusion-minimal ones suffice (hitting a subset hits the set)
    let mut minimal: Vec<u64> = Vec::new();
    for d in misses {
        if !minimal.iter().any(|&e| e & !d == 0) {
            minimal.push(d);
        }
    }
    let misses = minimal;
    let unique = |m: u64| {
        misses.iter().all(|&d| d & m != 0) && {
            let p: Vec<u8> = (0..cells)
                .map(|i| if m >> i & 1 == 1 { grid[i] } else { 0 })
                .collect();
            solutions(s, &p, 2, &mut |_| {}) == 1
        }
    };
    for k in 0..=cells {
        let mut found = None;
        subsets(cells, k, 0, 0, &misses, &mut |m| {
            if found.is_none() && unique(m) {
                found = Some(m);
            }
            found.is_some()
        });
        if let Some(m) = found {
            return (k, m);
        }
    }
    unreachable!("the full grid is unique")
}

/// Every `k`-subset of cells `from..cells` added to `m` that can still hit every set of
/// `misses` (a set lying wholly below `from` and missed by `m` never will be); stops when `f`
/// returns true.
fn subsets(
    cells: usize,
    k: usize,
    from: usize,
    m: u64,
    misses: &[u64],
    f: &mut dyn FnMut(u64) -> bool,
) -> bool {
    let below = if from >= 64 { !0 } else { (1u64 << from) - 1 };
    if misses.iter().any(|&d| d & m == 0 && d & !below == 0) {
        return false;
    }
    if k == 0 {
        return f(m);
    }
    for i in from..=cells - k {
        if subsets(cells, k - 1, i + 1, m | 1 << i, misses, f) {
            return true;
        }
    }
    false
}

/// A pseudo-random full grid of `s` from `seed` (the backtracker over a shuffled first row
/// and a random completion choice).
pub fn random_grid(s: SmallShape, seed: u64) -> Vec<u8> {
    let mut rng = zlink_base::SplitMix64::new(seed);
    let n = s.n;
    let mut first: Vec<u8> = (1..=n as u8).collect();
    for i in (1..n).rev() {
        first.swap(i, rng.below_u64(i as u64 + 1) as usize);
    }
    let mut p = vec![0u8; n * n];
    p[..n].copy_from_slice(&first);
    let mut all = Vec::new();
    solutions(s, &p, 20_000, &mut |g| all.push(g.to_vec()));
    let pick = rng.below_u64(all.len() as u64) as usize;
    all.swap_remove(pick)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_by_four_facts() {
        let s = SmallShape {
            n: 4,
            box_rows: 2,
            box_cols: 2,
        };
        // 288 grids (a known count); no grid is unique with 3 clues (3 clues name at most 3
        // values, so two values could be swapped)
        let mut grids = Vec::new();
        assert_eq!(
            solutions(s, &[0; 16], 1000, &mut |g| grids.push(g.to_vec())),
            288
        );
        for g in grids.iter().step_by(31) {
            let (k, m) = minimum_clues(s, g);
            assert!(k >= 4, "{k}");
            assert_eq!(m.count_ones(), 4);
        }
    }
}
