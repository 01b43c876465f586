//! The shape of a Sudoku: size n, box size, and the units (rows, columns, boxes).

use zlink_puzzle::Coord;

/// An n×n Sudoku whose boxes are `box_rows` tall and `box_cols` wide (`n = box_rows·box_cols`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Side length and number of values.
    pub n: usize,
    /// Box height.
    pub box_rows: usize,
    /// Box width.
    pub box_cols: usize,
}

/// The largest supported size (values are written 1–9 then A–Z in one-character formats).
pub const MAX_N: usize = 35;

impl Shape {
    /// The shape for side `n`: square boxes when n = m², otherwise the most square
    /// `a × b` boxes with a < b, a ≥ 2 (6×6 has boxes 3 wide × 2 tall). `None` for n < 4,
    /// n > [`MAX_N`] or prime n.
    pub fn new(n: usize) -> Option<Self> {
        if !(4..=MAX_N).contains(&n) {
            return None;
        }
        let box_rows = (2..=n)
            .take_while(|a| a * a <= n)
            .filter(|a| n % a == 0)
            .last()?;
        Some(Self {
            n,
            box_rows,
            box_cols: n / box_rows,
        })
    }

    /// Number of cells, n².
    pub fn cells(&self) -> usize {
        self.n * self.n
    }

    /// The box index of cell `(r, c)`, boxes numbered row-major.
    pub fn box_of(&self, r: usize, c: usize) -> usize {
        (r / self.box_rows) * (self.n / self.box_cols) + c / self.box_cols
    }

    /// The 3n units (rows, then columns, then boxes), each as its n cell coordinates.
    pub fn units(&self) -> Vec<(UnitKind, usize, Vec<Coord>)> {
        let n = self.n;
        let mut u = Vec::with_capacity(3 * n);
        for r in 0..n {
            u.push((UnitKind::Row, r, (0..n).map(|c| Coord::new(r, c)).collect()));
        }
        for c in 0..n {
            u.push((
                UnitKind::Column,
                c,
                (0..n).map(|r| Coord::new(r, c)).collect(),
            ));
        }
        let per_band = n / self.box_cols;
        for b in 0..n {
            let (r0, c0) = (
                (b / per_band) * self.box_rows,
                (b % per_band) * self.box_cols,
            );
            let cells = (0..n)
                .map(|k| Coord::new(r0 + k / self.box_cols, c0 + k % self.box_cols))
                .collect();
            u.push((UnitKind::Box, b, cells));
        }
        u
    }
}

/// Row, column or box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
}

impl std::fmt::Display for UnitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        })
    }
}

/// The one-character symbol of value `v` (1–9, then A–Z); `.` for 0 (blank).
pub fn symbol(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => char::from(b'0' + v),
        _ => char::from(b'A' + v - 10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_and_units() {
        assert_eq!(
            Shape::new(9),
            Some(Shape {
                n: 9,
                box_rows: 3,
                box_cols: 3
            })
        );
        assert_eq!(
            Shape::new(6),
            Some(Shape {
                n: 6,
                box_rows: 2,
                box_cols: 3
            })
        );
        assert_eq!(
            Shape::new(12).map(|s| (s.box_rows, s.box_cols)),
            Some((3, 4))
        );
        assert_eq!(Shape::new(7), None);
        assert_eq!(Shape::new(3), None);
        let s = Shape::new(6).unwrap();
        let units = s.units();
        assert_eq!(units.len(), 18);
        for (kind, i, cells) in &units {
            let mut seen = std::collections::HashSet::new();
            assert!(cells.iter().all(|c| seen.insert(*c)));
            if *kind == UnitKind::Box {
                assert!(cells.iter().all(|c| s.box_of(c.row, c.col) == *i));
            }
        }
        assert_eq!(symbol(10), 'A');
        assert_eq!(symbol(25), 'P');
    }
}
