//! Rectangular grids of cells addressed by (row, column), stored row-major.
//!
//! Row-major order is the order of every text and URL format we read (pzprjs numbers cells
//! top row first, left to right), so a cell's index in a format is its index here.

use std::ops::{Index, IndexMut};

/// A cell position: 0-based row and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// 0-based row, top to bottom.
    pub row: usize,
    /// 0-based column, left to right.
    pub col: usize,
}

impl Coord {
    /// The cell at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Self {
        Self { row, col }
    }
}

impl std::fmt::Display for Coord {
    /// 1-based `r{row}c{col}`, the notation of Sudoku players.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// A `rows × cols` grid of `T`, row-major.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid filled with `fill`.
    pub fn new(rows: usize, cols: usize, fill: T) -> Self {
        Self {
            rows,
            cols,
            cells: vec![fill; rows * cols],
        }
    }
}

impl<T> Grid<T> {
    /// A grid from row-major cells; `None` unless `cells.len() == rows * cols`.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<T>) -> Option<Self> {
        (cells.len() == rows * cols).then_some(Self { rows, cols, cells })
    }
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }
    /// Whether the grid has no cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
    /// The row-major index of `c` (no bounds check beyond debug builds).
    pub fn index_of(&self, c: Coord) -> usize {
        debug_assert!(c.row < self.rows && c.col < self.cols);
        c.row * self.cols + c.col
    }
    /// The coordinate of row-major index `i`.
    pub fn coord_of(&self, i: usize) -> Coord {
        Coord::new(i / self.cols, i % self.cols)
    }
    /// The cell at `c`, or `None` outside the grid.
    pub fn get(&self, c: Coord) -> Option<&T> {
        (c.row < self.rows && c.col < self.cols).then(|| &self.cells[c.row * self.cols + c.col])
    }
    /// Cells in row-major order.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }
    /// Mutable cells in row-major order.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }
    /// Row `r` as a slice.
    pub fn row(&self, r: usize) -> &[T] {
        &self.cells[r * self.cols..(r + 1) * self.cols]
    }
    /// `(coord, cell)` pairs in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = (Coord, &T)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, t)| (self.coord_of(i), t))
    }
    /// The orthogonal neighbours of `c` inside the grid (up, left, right, down).
    pub fn neighbours(&self, c: Coord) -> impl Iterator<Item = Coord> + '_ {
        let (r, k) = (c.row as isize, c.col as isize);
        [(r - 1, k), (r, k - 1), (r, k + 1), (r + 1, k)]
            .into_iter()
            .filter(move |&(r, k)| {
                r >= 0 && k >= 0 && (r as usize) < self.rows && (k as usize) < self.cols
            })
            .map(|(r, k)| Coord::new(r as usize, k as usize))
    }
    /// A grid of the same shape with `f` applied to every cell.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.iter().map(f).collect(),
        }
    }
}

impl<T> Index<Coord> for Grid<T> {
    type Output = T;
    fn index(&self, c: Coord) -> &T {
        assert!(
            c.row < self.rows && c.col < self.cols,
            "{c:?} outside the grid"
        );
        &self.cells[c.row * self.cols + c.col]
    }
}

impl<T> IndexMut<Coord> for Grid<T> {
    fn index_mut(&mut self, c: Coord) -> &mut T {
        assert!(
            c.row < self.rows && c.col < self.cols,
            "{c:?} outside the grid"
        );
        &mut self.cells[c.row * self.cols + c.col]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip_and_neighbours_stay_inside() {
        let g = Grid::new(3, 4, ());
        for i in 0..g.len() {
            assert_eq!(g.index_of(g.coord_of(i)), i);
        }
        let corner: Vec<_> = g.neighbours(Coord::new(0, 0)).collect();
        assert_eq!(corner, vec![Coord::new(0, 1), Coord::new(1, 0)]);
        assert_eq!(g.neighbours(Coord::new(1, 1)).count(), 4);
        assert_eq!(g.neighbours(Coord::new(2, 3)).count(), 2);
        assert!(g.get(Coord::new(3, 0)).is_none());
        assert_eq!(Coord::new(0, 8).to_string(), "r1c9");
    }
}
