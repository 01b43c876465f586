//! Sudoku of any size n = a·b (4×4, 6×6 with 3×2 boxes, 9×9, 16×16, 25×25): the definition.
//! This file holds the givens ([`Sudoku`]) and its [`Puzzle`] implementation; `parse` reads
//! the formats, [`check`] is the independent rule checker and backtracking counter (the
//! oracle the engines are tested against), [`shape`] the boxes and units, `render` the text
//! and SVG pictures. The engines (exact propagation, the integer program) live in
//! `zlink_engines::sudoku`.
//!
//! Two equal givens in one unit are not an input error: such a puzzle has no solution
//! ([`Puzzle::contradiction`] names both cells).
//!
//! ```
//! use zlink_puzzle::sudoku::Sudoku;
//! use zlink_puzzle::{Grid, Puzzle};
//! let (_, s) = Sudoku::parse("1...\n..2.\n.3..\n...4", "doc").unwrap().remove(0);
//! assert_eq!(s.clue_count(), 4);
//! let (count, first) = zlink_puzzle::sudoku::check::count_backtracking(s.shape(), s.givens(), 2);
//! assert_eq!(count, 1); // unique
//! let solution: Grid<u8> = first.unwrap();
//! assert!(s.verify(&solution).is_ok());
//! ```

pub mod check;
mod parse;
mod render;
pub mod shape;
mod solo;

use crate::pzprjs::{format_url, number16, Clue};
use crate::{Coord, Grid, ParseError, Puzzle, Violation};

pub use shape::Shape;

/// A Sudoku: its shape and its givens (0 = blank), which never clash.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sudoku {
    shape: Shape,
    givens: Grid<u8>,
}

/// Two givens with the same value in one unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuplicateGiven {
    /// The value.
    pub value: u8,
    /// `row 3`, `column 1`, `box 5` (1-based).
    pub unit: String,
    /// Cell index (row-major) of the earlier given.
    pub first: usize,
    /// Cell index of the later given.
    pub second: usize,
    n: usize,
}

impl std::fmt::Display for DuplicateGiven {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = |i: usize| Coord::new(i / self.n, i % self.n);
        write!(
            f,
            "duplicate given {} in {}: {} and {}",
            self.value,
            self.unit,
            at(self.first),
            at(self.second)
        )
    }
}

/// The input formats, for `--help`.
pub const FORMATS: &str = "one puzzle per line as n² characters (1-9, A-Z for 10+, `.`/`0` blank; \
     `:…` and trailing comments ignored); a grid of n lines of n characters; a Janko block \
     (`n n` then n rows of tokens, `-` blank); puzz.link URLs (`https://puzz.link/p?sudoku/9/9/…`), \
     one per line; Tatham Solo ids (`3x3:<desc>`), one per line; the drawing `render` writes (`|` \
     between boxes)";

impl Sudoku {
    /// A Sudoku of `shape` with `givens` (which may clash: see [`Sudoku::duplicate`]).
    pub fn new(shape: Shape, givens: Grid<u8>) -> Self {
        Self { shape, givens }
    }

    /// The first two givens that share a unit and a value, if any (values above n are the
    /// parser's business and are ignored here).
    pub fn duplicate(&self) -> Option<DuplicateGiven> {
        let (shape, givens) = (self.shape, &self.givens);
        let n = shape.n;
        for (kind, i, cells) in shape.units() {
            let mut seen: Vec<Option<usize>> = vec![None; 64];
            for p in cells {
                let v = givens[p];
                if v == 0 || usize::from(v) > n {
                    continue;
                }
                let idx = givens.index_of(p);
                if let Some(first) = seen[usize::from(v)] {
                    let (first, second) = (first.min(idx), first.max(idx));
                    return Some(DuplicateGiven {
                        value: v,
                        unit: format!("{kind} {}", i + 1),
                        first,
                        second,
                        n,
                    });
                }
                seen[usize::from(v)] = Some(idx);
            }
        }
        None
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The givens (0 = blank).
    pub fn givens(&self) -> &Grid<u8> {
        &self.givens
    }

    /// The number of givens.
    pub fn clue_count(&self) -> usize {
        self.givens.cells().iter().filter(|&&v| v != 0).count()
    }

    /// The Tatham Solo game id of the puzzle (`3x3:<desc>` for 9×9; Solo's `CxR` is the box
    /// height and width), as Solo and [`Puzzle::parse`] read it.
    pub fn to_tatham(&self) -> String {
        solo::write_id(self.shape, &self.givens)
    }

    /// The puzz.link URL of the puzzle.
    pub fn to_url(&self) -> String {
        let clues: Vec<Clue> = self
            .givens
            .cells()
            .iter()
            .map(|&v| {
                if v == 0 {
                    Clue::Empty
                } else {
                    Clue::Number(u32::from(v))
                }
            })
            .collect();
        format_url(
            "sudoku",
            "",
            self.shape.n,
            self.shape.n,
            &number16::encode(&clues),
        )
    }
}

impl Puzzle for Sudoku {
    type Solution = Grid<u8>;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        parse::parse(text, source)
    }

    fn contradiction(&self) -> Option<String> {
        self.duplicate().map(|d| d.to_string())
    }

    fn verify(&self, solution: &Grid<u8>) -> Result<(), Violation> {
        check::verify(self.shape, &self.givens, solution)
    }

    fn render_text(&self, solution: Option<&Grid<u8>>) -> String {
        render::text(self.shape, solution.unwrap_or(&self.givens))
    }

    fn render_line(&self, solution: Option<&Grid<u8>>) -> String {
        render::line(solution.unwrap_or(&self.givens))
    }

    fn render_svg(&self, solution: Option<&Grid<u8>>) -> String {
        render::svg(self.shape, &self.givens, solution)
    }

    /// `line`: n² symbols on one line; `url`: puzz.link; `janko`: `n n`, then rows of numbers
    /// (`-` blank); `tatham`: a Solo game id (`3x3:<desc>`). The drawing (`text`) is read back
    /// too.
    const FORMATS_OUT: &'static [&'static str] = &["line", "url", "janko", "tatham"];

    fn write(&self, format: &str) -> Option<String> {
        match format {
            "tatham" => Some(self.to_tatham() + "\n"),
            _ => write_grid(&self.givens, format, || self.to_url()),
        }
    }

    /// `line` and `janko`, as the puzzle formats of the same names (a full grid).
    const SOLUTION_FORMATS_OUT: &'static [&'static str] = &["line", "janko"];

    fn write_solution(&self, solution: &Grid<u8>, format: &str) -> Option<String> {
        if format == "url" {
            return None;
        }
        write_grid(solution, format, String::new)
    }

    fn describe(&self) -> String {
        format!(
            "{0}×{0} Sudoku, {1} givens",
            self.shape.n,
            self.clue_count()
        )
    }
}

/// `g` (0 blank) in `format`: `line`, `janko`, or `url` (made by `url`).
fn write_grid(g: &Grid<u8>, format: &str, url: impl FnOnce() -> String) -> Option<String> {
    match format {
        "line" => Some(render::line(g) + "\n"),
        "url" => Some(url() + "\n"),
        "janko" => {
            let header = format!("{} {}", g.rows(), g.cols());
            Some(crate::janko::write_block(
                &header,
                g.rows(),
                g.cols(),
                |r, c| match g[Coord::new(r, c)] {
                    0 => "-".to_string(),
                    v => v.to_string(),
                },
            ))
        }
        _ => None,
    }
}
