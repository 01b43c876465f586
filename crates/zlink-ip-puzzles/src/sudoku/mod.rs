//! Sudoku of any size n = a·b (4×4, 6×6 with 3×2 boxes, 9×9, 16×16, 25×25) by two engines:
//! exact propagation and branching ([`exact`], the default row: fast solve and exact counts)
//! and the set-partitioning integer program ([`ip`], `--engine ip`, counts by no-good cuts);
//! with an independent rule checker and backtracking counter ([`check`], the test oracle), the
//! input formats of [`parse`], and text/SVG rendering.
//!
//! ```
//! use zlink_grid::{Puzzle, SolveOptions};
//! use zlink_ip_puzzles::sudoku::Sudoku;
//! let (_, s) = Sudoku::parse("1...\n..2.\n.3..\n...4", "doc").unwrap().remove(0);
//! let solved = s.solve(&SolveOptions::default()).unwrap();
//! assert!(s.verify(&solved.solution).is_ok());
//! assert_eq!(s.count(10, &SolveOptions::default()).unwrap().count, 1); // unique
//! ```

pub mod check;
pub mod exact;
mod exact_kind;
pub mod ip;
mod parse;
mod render;
pub mod shape;

use std::time::Instant;

use zlink_grid::puzzle::{Counted, Kind, Puzzle, SolveOptions, Solved};
use zlink_grid::pzprjs::{format_url, number16, Clue};
use zlink_grid::{Coord, Grid, ParseError, SolveError, Violation};
use zlink_ip::{enumerate, solve_with_cuts, Distinct, NoGood, NoSeparator, RoundLog};

use crate::engine;
pub use exact_kind::{SudokuExact, EXACT_KIND};
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
const FORMATS: &str = "one puzzle per line as n² characters (1-9, A-Z for 10+, `.`/`0` blank; \
     `:…` and trailing comments ignored); a grid of n lines of n characters; a Janko block \
     (`n n` then n rows of tokens, `-` blank); puzz.link URLs (`https://puzz.link/p?sudoku/9/9/…`), \
     one per line";

/// The registry row of the IP engine (`--engine ip`); counts by no-good cuts.
pub static KIND: Kind<Sudoku> = Kind::new(
    "sudoku",
    &["sudoku-ip"],
    "Sudoku of size n = a·b (4, 6, 9, 16, 25): set-partitioning IP over HiGHS",
    FORMATS,
)
.with_engine("ip");

impl Sudoku {
    /// A Sudoku of `shape` with `givens`.
    ///
    /// # Errors
    /// [`DuplicateGiven`] when two givens share a unit and a value (values above n are the
    /// parser's business and are ignored here).
    pub fn new(shape: Shape, givens: Grid<u8>) -> Result<Self, DuplicateGiven> {
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
                    return Err(DuplicateGiven {
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
        Ok(Self { shape, givens })
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

    fn solve(&self, opts: &SolveOptions) -> Result<Solved<Grid<u8>>, SolveError> {
        let start = Instant::now();
        let mut ip = ip::SudokuIp::new(self.shape, &self.givens, true);
        let limits = engine::configure(&mut ip.model, opts);
        let mut log = RoundLog::new();
        let s = solve_with_cuts(&mut ip.model, &mut NoSeparator, &limits, &mut log)
            .map_err(engine::solve_error)?;
        Ok(Solved {
            solution: ip.grid(&s),
            stats: engine::stats_from_log(&log, start.elapsed().as_secs_f64()),
        })
    }

    fn count(&self, limit: u64, opts: &SolveOptions) -> Result<Counted, SolveError> {
        let start = Instant::now();
        let mut ip = ip::SudokuIp::new(self.shape, &self.givens, true);
        let limits = engine::configure(&mut ip.model, opts);
        let vars = ip.vars().to_vec();
        let mut log = RoundLog::new();
        let e = enumerate(
            &mut ip.model,
            Distinct {
                vars: &vars,
                form: NoGood::OnesOnly,
            },
            limit,
            &mut NoSeparator,
            &limits,
            &mut log,
            &mut |_| {},
        )
        .map_err(engine::solve_error)?;
        Ok(Counted {
            count: e.count,
            limit_reached: e.limit_reached,
            stats: engine::stats_from_log(&log, start.elapsed().as_secs_f64()),
        })
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

    fn describe(&self) -> String {
        format!(
            "{0}×{0} Sudoku, {1} givens",
            self.shape.n,
            self.clue_count()
        )
    }
}
