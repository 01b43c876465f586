//! Battleship solitaire (report chapter 4): place a fleet of straight ships on a grid so that
//! every row and column holds as many ship cells as its number says, no two ships touch (not
//! even diagonally), and the given cells (water or a ship part) are respected.
//!
//! The definition, split by job: this file holds the instance ([`Battleship`]), the cell parts
//! and the answer ([`Fleet`]) with the [`Puzzle`] implementation, [`parse`] reads the CSPLib
//! Prolog facts and Janko blocks and [`write`](mod@write) writes both, [`verify`] is the independent rule checker and [`render`]
//! draws text and SVG. The engine (the chapter's two integer programs) lives in
//! `zlink_engines::battleship`. Sums that cannot add up (row total ≠ column total ≠ fleet
//! cells) are a puzzle without a solution, not an input error.
//!
//! ```
//! use zlink_puzzle::Puzzle;
//! use zlink_puzzle::battleship::Battleship;
//! let b = &Battleship::parse("2 2 1\n1 0\n1 0\n- -\n- -\n", "inline").unwrap()[0].1;
//! assert_eq!(b.fleet(), &[1]);
//! ```

pub mod parse;
pub mod render;
pub mod verify;
pub mod write;

use crate::{ParseError, Puzzle, Violation};

/// The input formats, for `--help`.
pub const FORMATS: &str =
    "CSPLib prob014 Prolog facts (`problem(Id, Fleet, RowSums, ColSums, Hints).`, many per file), \
     Janko blocks (`rows cols k1 k2 …`, column sums, row sums, grid of - x o n s w e m)";

/// What a cell holds (report Table 4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// No ship.
    Water,
    /// Left end of a horizontal ship.
    Left,
    /// Right end of a horizontal ship.
    Right,
    /// Top end of a vertical ship.
    Top,
    /// Bottom end of a vertical ship.
    Bottom,
    /// Inner cell of a ship of length 3 or more.
    Middle,
    /// A ship of length 1 (submarine, "buoy").
    Sub,
}

impl Part {
    /// The six ship parts with their index `k` of Table 4.1 (water is 0).
    pub const ALL: [Part; 7] = [
        Part::Water,
        Part::Left,
        Part::Right,
        Part::Top,
        Part::Bottom,
        Part::Middle,
        Part::Sub,
    ];

    /// The index `k` of Table 4.1.
    pub fn index(self) -> usize {
        Self::ALL.iter().position(|&p| p == self).unwrap_or(0)
    }

    /// The Janko letter (`x o n s w e m`).
    pub fn janko(self) -> char {
        match self {
            Part::Water => 'x',
            Part::Left => 'w',
            Part::Right => 'e',
            Part::Top => 'n',
            Part::Bottom => 's',
            Part::Middle => 'm',
            Part::Sub => 'o',
        }
    }

    /// The part of a Janko letter.
    pub fn from_janko(c: &str) -> Option<Part> {
        let mut chars = c.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => Self::ALL.iter().copied().find(|p| p.janko() == ch),
            _ => None,
        }
    }
}

/// One ship: its first (top or left) cell, its length and direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ship {
    /// Row of the top/left cell.
    pub row: usize,
    /// Column of the top/left cell.
    pub col: usize,
    /// Number of cells.
    pub len: usize,
    /// Going down (`true`) or right (`false`); length-1 ships are horizontal.
    pub vertical: bool,
}

impl Ship {
    /// The cells `(row, col, part)` of the ship.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, Part)> + '_ {
        (0..self.len).map(move |t| {
            let part = if self.len == 1 {
                Part::Sub
            } else if t == 0 {
                if self.vertical {
                    Part::Top
                } else {
                    Part::Left
                }
            } else if t + 1 == self.len {
                if self.vertical {
                    Part::Bottom
                } else {
                    Part::Right
                }
            } else {
                Part::Middle
            };
            if self.vertical {
                (self.row + t, self.col, part)
            } else {
                (self.row, self.col + t, part)
            }
        })
    }
}

/// A solution: the ships, sorted.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Fleet {
    /// The ships, sorted by position.
    pub ships: Vec<Ship>,
}

impl Fleet {
    /// A fleet from any list of ships (sorted here).
    pub fn new(mut ships: Vec<Ship>) -> Self {
        ships.sort_unstable();
        Self { ships }
    }
}

/// A Battleship instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Battleship {
    rows: usize,
    cols: usize,
    row_sums: Vec<usize>,
    col_sums: Vec<usize>,
    /// `fleet[l - 1]` ships of length `l`.
    fleet: Vec<usize>,
    /// Given parts, row-major.
    hints: Vec<Option<Part>>,
}

impl Battleship {
    /// An instance; `hints` is row-major with `rows * cols` entries, `fleet[l - 1]` is the
    /// number of ships of length `l`. The caller has checked the lengths.
    pub fn new(
        row_sums: Vec<usize>,
        col_sums: Vec<usize>,
        fleet: Vec<usize>,
        hints: Vec<Option<Part>>,
    ) -> Self {
        let (rows, cols) = (row_sums.len(), col_sums.len());
        debug_assert_eq!(hints.len(), rows * cols);
        let mut fleet = fleet;
        while fleet.last() == Some(&0) {
            fleet.pop();
        }
        Self {
            rows,
            cols,
            row_sums,
            col_sums,
            fleet,
            hints,
        }
    }
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// Ship cells per row.
    pub fn row_sums(&self) -> &[usize] {
        &self.row_sums
    }
    /// Ship cells per column.
    pub fn col_sums(&self) -> &[usize] {
        &self.col_sums
    }
    /// `fleet()[l - 1]` ships of length `l` (no trailing zeros).
    pub fn fleet(&self) -> &[usize] {
        &self.fleet
    }
    /// The given part of cell `(r, c)`, if any.
    pub fn hint(&self, r: usize, c: usize) -> Option<Part> {
        self.hints[r * self.cols + c]
    }
    /// Number of given cells.
    pub fn hint_count(&self) -> usize {
        self.hints.iter().flatten().count()
    }
    /// Ship cells the fleet has.
    pub fn fleet_cells(&self) -> usize {
        self.fleet
            .iter()
            .enumerate()
            .map(|(i, n)| (i + 1) * n)
            .sum()
    }
}

impl Puzzle for Battleship {
    type Solution = Fleet;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        parse::parse(text, source)
    }

    fn contradiction(&self) -> Option<String> {
        let (r, c, f) = (
            self.row_sums.iter().sum::<usize>(),
            self.col_sums.iter().sum::<usize>(),
            self.fleet_cells(),
        );
        if r != c || r != f {
            return Some(format!(
                "the row sums add up to {r}, the column sums to {c} and the fleet has {f} ship cells"
            ));
        }
        if let Some(i) = self.row_sums.iter().position(|&s| s > self.cols) {
            return Some(format!(
                "row {} needs {} ship cells but has {} cells",
                i + 1,
                self.row_sums[i],
                self.cols
            ));
        }
        if let Some(j) = self.col_sums.iter().position(|&s| s > self.rows) {
            return Some(format!(
                "column {} needs {} ship cells but has {} cells",
                j + 1,
                self.col_sums[j],
                self.rows
            ));
        }
        None
    }

    fn verify(&self, solution: &Fleet) -> Result<(), Violation> {
        verify::verify(self, solution)
    }

    fn render_text(&self, solution: Option<&Fleet>) -> String {
        render::text(self, solution)
    }

    fn render_svg(&self, solution: Option<&Fleet>) -> String {
        render::svg(self, solution)
    }

    /// `janko`: the Janko block; `csplib`: a CSPLib prob014 fact (id 1).
    const FORMATS_OUT: &'static [&'static str] = &["janko", "csplib"];

    fn write(&self, format: &str) -> Option<String> {
        match format {
            "janko" => Some(write::janko(self)),
            "csplib" => Some(write::csplib(self, 1)),
            _ => None,
        }
    }

    fn describe(&self) -> String {
        let fleet: Vec<String> = self
            .fleet
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(i, n)| format!("{n}×{}", i + 1))
            .collect();
        format!(
            "{}×{} Battleship, fleet {}, {} given cells",
            self.rows,
            self.cols,
            fleet.join(" "),
            self.hint_count()
        )
    }
}
