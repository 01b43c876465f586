//! Checks that do not trust the IP solver: the rule checker for filled grids, and a small
//! backtracking counter (bitmask candidates, fewest-candidates-first) used to confirm
//! uniqueness and as the test oracle.

use zlink_puzzle::{Coord, Grid, Violation};

use super::shape::Shape;

/// Check that `solution` fills the grid with 1..=n, keeps every given, and that every row,
/// column and box is a permutation.
///
/// # Errors
/// The first broken rule, with cell positions.
pub fn verify(shape: Shape, givens: &Grid<u8>, solution: &Grid<u8>) -> Result<(), Violation> {
    let n = shape.n;
    if solution.rows() != n || solution.cols() != n {
        return Err(Violation::new(format!(
            "the solution is {}×{}, the puzzle {n}×{n}",
            solution.rows(),
            solution.cols()
        )));
    }
    for (p, &v) in solution.iter() {
        if v == 0 || usize::from(v) > n {
            return Err(Violation::new(format!(
                "{p} holds {v}, not a value in 1..={n}"
            )));
        }
        let g = givens[p];
        if g != 0 && g != v {
            return Err(Violation::new(format!("{p} is given as {g} but holds {v}")));
        }
    }
    for (kind, i, cells) in shape.units() {
        let mut seen: Vec<Option<Coord>> = vec![None; n + 1];
        for &p in &cells {
            let v = usize::from(solution[p]);
            if let Some(q) = seen[v] {
                return Err(Violation::new(format!(
                    "{kind} {} holds {v} twice: {q} and {p}",
                    i + 1
                )));
            }
            seen[v] = Some(p);
        }
    }
    Ok(())
}

/// Count the solutions of `givens` (0 = blank) up to `limit` by backtracking; also returns the
/// first solution found. Givens that already clash give 0.
pub fn count_backtracking(shape: Shape, givens: &Grid<u8>, limit: u64) -> (u64, Option<Grid<u8>>) {
    let mut first = None;
    let count = for_each_solution(shape, givens, limit, &mut |g| {
        if first.is_none() {
            first = Some(Grid::from_cells(shape.n, shape.n, g.to_vec()).expect("n² cells"));
        }
    });
    (count, first)
}

/// Visit the solutions of `givens` (row-major cells) by backtracking, at most `limit`;
/// returns how many were visited.
pub fn for_each_solution(
    shape: Shape,
    givens: &Grid<u8>,
    limit: u64,
    visit: &mut dyn FnMut(&[u8]),
) -> u64 {
    let n = shape.n;
    let mut s = Search {
        shape,
        grid: givens.cells().to_vec(),
        row: vec![0; n],
        col: vec![0; n],
        bx: vec![0; n],
        count: 0,
        limit,
        visit,
    };
    for i in 0..n * n {
        let v = s.grid[i];
        if v != 0 {
            let (r, c) = (i / n, i % n);
            let bit = 1u64 << v;
            if (s.row[r] | s.col[c] | s.bx[shape.box_of(r, c)]) & bit != 0 {
                return 0;
            }
            s.place(i, v, true);
        }
    }
    if limit > 0 {
        s.go();
    }
    s.count
}

struct Search<'v> {
    shape: Shape,
    grid: Vec<u8>,
    row: Vec<u64>,
    col: Vec<u64>,
    bx: Vec<u64>,
    count: u64,
    limit: u64,
    visit: &'v mut dyn FnMut(&[u8]),
}

impl Search<'_> {
    fn place(&mut self, i: usize, v: u8, on: bool) {
        let n = self.shape.n;
        let (r, c) = (i / n, i % n);
        let b = self.shape.box_of(r, c);
        let bit = 1u64 << v;
        self.row[r] ^= bit;
        self.col[c] ^= bit;
        self.bx[b] ^= bit;
        self.grid[i] = if on { v } else { 0 };
    }

    fn candidates(&self, i: usize) -> u64 {
        let n = self.shape.n;
        let (r, c) = (i / n, i % n);
        let all = ((1u64 << (n + 1)) - 1) & !1;
        all & !(self.row[r] | self.col[c] | self.bx[self.shape.box_of(r, c)])
    }

    fn go(&mut self) {
        // the empty cell with the fewest candidates
        let mut best: Option<(usize, u64)> = None;
        for i in 0..self.grid.len() {
            if self.grid[i] == 0 {
                let cand = self.candidates(i);
                if best.is_none_or(|(_, b)| cand.count_ones() < b.count_ones()) {
                    best = Some((i, cand));
                    if cand.count_ones() <= 1 {
                        break;
                    }
                }
            }
        }
        let Some((i, mut cand)) = best else {
            self.count += 1;
            (self.visit)(&self.grid);
            return;
        };
        while cand != 0 && self.count < self.limit {
            let v = cand.trailing_zeros() as u8;
            cand &= cand - 1;
            self.place(i, v, true);
            self.go();
            self.place(i, v, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_4x4_has_288_solutions_and_checker_rejects_broken_grids() {
        let s = Shape::new(4).unwrap();
        let empty = Grid::new(4, 4, 0u8);
        let (c, first) = count_backtracking(s, &empty, 1000);
        assert_eq!(c, 288);
        let g = first.unwrap();
        assert!(verify(s, &empty, &g).is_ok());
        let mut bad = g.clone();
        let a = bad[Coord::new(0, 0)];
        bad[Coord::new(0, 0)] = bad[Coord::new(0, 1)];
        bad[Coord::new(0, 1)] = a;
        assert!(verify(s, &empty, &bad)
            .unwrap_err()
            .message
            .contains("twice"));
        let mut givens = empty.clone();
        givens[Coord::new(3, 3)] = if g[Coord::new(3, 3)] == 1 { 2 } else { 1 };
        assert!(verify(s, &givens, &g)
            .unwrap_err()
            .message
            .contains("given"));
        // 6×6 (boxes 3 wide × 2 tall) has 28,200,960 grids = 720 first rows × 39,168
        let s6 = Shape::new(6).unwrap();
        let mut g6 = Grid::new(6, 6, 0u8);
        for c in 0..6 {
            g6[Coord::new(0, c)] = c as u8 + 1;
        }
        assert_eq!(count_backtracking(s6, &g6, 100_000).0, 28_200_960 / 720);
    }
}
