//! The cell grid as the generator sees it: cells, sides and dots by index, the clue a region
//! gives each cell, and the deduction's problem for a clue set.
//!
//! Why its own numbering: the generator asks tens of thousands of questions about one grid
//! (3,600 uniqueness checks at 60×60), so cells, sides and their neighbours are plain indices
//! computed once, not [`Coord`]s and grids; sides are numbered horizontal first, row by row
//! (`h(r, c)` is the top of cell `(r, c)`), then vertical (`v(r, c)` the left of `(r, c)`).

use zlink_puzzle::{Coord, Grid};

use crate::deduce::{Problem, Shape};

/// A `rows × cols` cell grid with its sides and dots numbered.
#[derive(Clone, Debug)]
pub(crate) struct Lattice {
    /// Rows of cells.
    pub rows: usize,
    /// Columns of cells.
    pub cols: usize,
    /// Per side: its two faces (cells; `rows * cols` is the outside).
    pub faces: Vec<(u32, u32)>,
    /// Per side: its two dots.
    pub dots: Vec<(u32, u32)>,
    /// Per cell: its four sides (top, bottom, left, right).
    pub sides: Vec<[u32; 4]>,
}

impl Lattice {
    /// The lattice of a `rows × cols` grid (both at least 1).
    pub fn new(rows: usize, cols: usize) -> Lattice {
        let outside = (rows * cols) as u32;
        let cell = |r: usize, c: usize| (r * cols + c) as u32;
        let dot = |r: usize, c: usize| (r * (cols + 1) + c) as u32;
        let (mut faces, mut dots) = (Vec::new(), Vec::new());
        for r in 0..=rows {
            for c in 0..cols {
                let above = if r > 0 { cell(r - 1, c) } else { outside };
                let below = if r < rows { cell(r, c) } else { outside };
                faces.push((above, below));
                dots.push((dot(r, c), dot(r, c + 1)));
            }
        }
        for r in 0..rows {
            for c in 0..=cols {
                let left = if c > 0 { cell(r, c - 1) } else { outside };
                let right = if c < cols { cell(r, c) } else { outside };
                faces.push((left, right));
                dots.push((dot(r, c), dot(r + 1, c)));
            }
        }
        let v0 = (rows + 1) * cols;
        let sides = (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                [
                    (r * cols + c) as u32,
                    ((r + 1) * cols + c) as u32,
                    (v0 + r * (cols + 1) + c) as u32,
                    (v0 + r * (cols + 1) + c + 1) as u32,
                ]
            })
            .collect();
        Lattice {
            rows,
            cols,
            faces,
            dots,
            sides,
        }
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The outside face.
    pub fn outside(&self) -> u32 {
        self.cells() as u32
    }

    /// Number of dots.
    pub fn num_dots(&self) -> usize {
        (self.rows + 1) * (self.cols + 1)
    }

    /// The cell at index `i`.
    pub fn coord(&self, i: usize) -> Coord {
        Coord::new(i / self.cols, i % self.cols)
    }

    /// The sides on the loop of region `inside` (per cell, row-major): faces of different sides.
    pub fn loop_of(&self, inside: &[bool]) -> Vec<bool> {
        let at = |f: u32| (f as usize) < inside.len() && inside[f as usize];
        self.faces.iter().map(|&(a, b)| at(a) != at(b)).collect()
    }

    /// The clue each cell gets from the loop `on` (sides on it).
    pub fn values(&self, on: &[bool]) -> Vec<u8> {
        self.sides
            .iter()
            .map(|s| s.iter().filter(|&&e| on[e as usize]).count() as u8)
            .collect()
    }

    /// The deduction's problem for the clues `clues` (per cell, `None` for no clue): the dot
    /// graph with degrees {0, 2}, one group per clue, the faces for the parity rule, and the
    /// clue-and-corners rule (the grades' local rules).
    pub fn problem(&self, clues: &[Option<u8>], probe: bool) -> Problem {
        let groups = clues
            .iter()
            .enumerate()
            .filter_map(|(i, h)| h.map(|h| (self.sides[i].to_vec(), u32::from(h), u32::from(h))))
            .collect();
        Problem {
            n: self.num_dots(),
            edges: self.dots.clone(),
            degrees: vec![0b101; self.num_dots()],
            labels: Vec::new(),
            groups,
            shape: Shape::Loop,
            probe,
            branch: 0,
            faces: (self.cells() + 1, self.faces.clone()),
            label_domains: false,
            deadline: None,
            corners: true,
            stricter: None,
        }
    }

    /// The cycles formed by the sides `on` (every dot of degree 0 or 2; a dot of degree 4 is
    /// passed straight through), each as its sides.
    pub fn cycles(&self, on: &[bool]) -> Vec<Vec<u32>> {
        let mut at = vec![[u32::MAX; 4]; self.num_dots()];
        for (e, _) in on.iter().enumerate().filter(|(_, &b)| b) {
            let (u, v) = self.dots[e];
            for x in [u, v] {
                let slot = at[x as usize].iter().position(|&f| f == u32::MAX);
                if let Some(k) = slot {
                    at[x as usize][k] = e as u32;
                }
            }
        }
        let mut seen = vec![false; on.len()];
        let mut cycles = Vec::new();
        for start in 0..on.len() {
            if !on[start] || seen[start] {
                continue;
            }
            let mut cyc = Vec::new();
            let (mut e, mut x) = (start as u32, self.dots[start].1);
            while !seen[e as usize] {
                seen[e as usize] = true;
                cyc.push(e);
                let next = at[x as usize]
                    .iter()
                    .copied()
                    .find(|&f| f != u32::MAX && !seen[f as usize]);
                let Some(f) = next else { break };
                let (u, v) = self.dots[f as usize];
                x = if u == x { v } else { u };
                e = f;
            }
            cycles.push(cyc);
        }
        cycles
    }

    /// The inside region of the loop made of the sides `cyc`: a cell is inside when an odd
    /// number of the loop's vertical sides lie on its left or at its own left side.
    pub fn region_of(&self, cyc: &[u32]) -> Vec<bool> {
        let mut on = vec![false; self.faces.len()];
        for &e in cyc {
            on[e as usize] = true;
        }
        let v0 = (self.rows + 1) * self.cols;
        let mut inside = vec![false; self.cells()];
        for r in 0..self.rows {
            let mut odd = false;
            for c in 0..self.cols {
                odd ^= on[v0 + r * (self.cols + 1) + c];
                inside[r * self.cols + c] = odd;
            }
        }
        inside
    }

    /// `clues` as a grid.
    pub fn grid(&self, clues: &[Option<u8>]) -> Grid<Option<u8>> {
        Grid::from_cells(self.rows, self.cols, clues.to_vec()).expect("one clue per cell")
    }
}
