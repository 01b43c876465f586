//! Hashiwokakero ("bridges"): connect numbered islands by horizontal and vertical bridges.
//!
//! Rules: every island carries as many bridges as its number says; a pair of islands is joined by
//! at most two bridges, only along a row or column and only if no island lies between them; bridges
//! do not cross; all islands form one connected network. Orthogonally adjacent islands may be
//! joined by a zero-length bridge (the CLLV benchmark files need this).
//!
//! The definition, split by job: this file holds the islands ([`Hashi`]), the answer
//! ([`Bridges`]) and the [`Puzzle`] implementation, [`parse`] reads the formats people have,
//! [`graph`] turns islands into the candidate-bridge graph (what the rules allow; every model
//! of `zlink_engines::hashi` starts from it), [`verify`] is the independent checker and
//! [`render`] draws solutions. An island whose number needs more bridges than its neighbours
//! can carry is a puzzle without a solution, not an input error.
//!
//! ```
//! use zlink_puzzle::hashi::Hashi;
//! let h = Hashi::parse_compact("2.2\n...\n2.2", "inline").unwrap();
//! assert_eq!(h.islands().len(), 4);
//! ```

pub mod graph;
pub mod parse;
pub mod render;
pub mod verify;

pub use graph::{BridgeGraph, Candidate};

use crate::{Coord, ParseError, Puzzle, Violation};

/// The input formats, for `--help`.
pub const FORMATS: &str = "CLLV .has files, compact grids (. ? 1-8), Janko blocks, Tatham Bridges ids, puzz.link hashi URLs \
     (one id or URL per line allowed)";

/// Largest island number: four directions, at most two bridges each.
pub const MAX_CLUE: u8 = 8;

/// One island: where it is and how many bridges it needs (`None` = unknown, pzprjs `?`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Island {
    /// Position on the grid.
    pub coord: Coord,
    /// Required number of bridges, 1–8, or `None` when the puzzle leaves it open.
    pub clue: Option<u8>,
}

/// A Hashiwokakero instance: a `rows × cols` grid with islands listed in row-major order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hashi {
    rows: usize,
    cols: usize,
    islands: Vec<Island>,
    /// Island index per cell, row-major.
    at: Vec<Option<usize>>,
}

/// A set of bridges: `(island a, island b, count)` with `a < b` (indices into
/// [`Hashi::islands`]) and count 1 or 2.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Bridges {
    /// The bridges, sorted by `(a, b)`.
    pub bridges: Vec<(usize, usize, u8)>,
}

impl Bridges {
    /// Bridges from any list of `(a, b, count)`; pairs are normalised to `a < b` and sorted.
    pub fn new(mut bridges: Vec<(usize, usize, u8)>) -> Self {
        for b in &mut bridges {
            if b.0 > b.1 {
                std::mem::swap(&mut b.0, &mut b.1);
            }
        }
        bridges.sort_unstable();
        Self { bridges }
    }
}

impl Hashi {
    /// The first island whose number needs more bridges than its neighbours can carry (two
    /// per neighbour), named: such a puzzle has no solution.
    pub fn overloaded(&self) -> Option<String> {
        let g = BridgeGraph::new(self);
        self.islands().iter().enumerate().find_map(|(i, island)| {
            let cap = 2 * g.incident[i].len();
            island.clue.filter(|&n| usize::from(n) > cap).map(|n| {
                format!(
                    "island {n} at {} needs {n} bridges but sees {} neighbouring islands (at most {cap} bridges)",
                    island.coord,
                    g.incident[i].len()
                )
            })
        })
    }

    /// An instance from a grid of optional islands (row-major, `rows * cols` cells).
    ///
    /// Cells hold `None` (water) or `Some(clue)` where `clue` is `Some(1..=8)` or `None` (unknown).
    /// The caller has checked the ranges; this only indexes.
    pub fn from_cells(rows: usize, cols: usize, cells: &[Option<Option<u8>>]) -> Self {
        debug_assert_eq!(cells.len(), rows * cols);
        let mut islands = Vec::new();
        let mut at = vec![None; rows * cols];
        for (i, cell) in cells.iter().enumerate() {
            if let Some(clue) = *cell {
                at[i] = Some(islands.len());
                islands.push(Island {
                    coord: Coord::new(i / cols, i % cols),
                    clue,
                });
            }
        }
        Self {
            rows,
            cols,
            islands,
            at,
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
    /// The islands in row-major order (this order defines island indices).
    pub fn islands(&self) -> &[Island] {
        &self.islands
    }
    /// The island index at `c`, if any (`None` also outside the grid).
    pub fn island_at(&self, c: Coord) -> Option<usize> {
        if c.row < self.rows && c.col < self.cols {
            self.at[c.row * self.cols + c.col]
        } else {
            None
        }
    }
}

impl Puzzle for Hashi {
    type Solution = Bridges;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        crate::list::one_per_line_or_whole(text, source, Hashi::parse_any)
    }

    fn contradiction(&self) -> Option<String> {
        self.overloaded()
    }

    fn verify(&self, solution: &Bridges) -> Result<(), Violation> {
        verify::verify(self, solution)
    }

    fn render_text(&self, solution: Option<&Bridges>) -> String {
        match solution {
            Some(s) => render::text(self, Some(s), render::Charset::Unicode),
            None => render::compact(self),
        }
    }

    fn render_svg(&self, solution: Option<&Bridges>) -> String {
        render::svg(self, solution)
    }

    /// `tatham`: a Bridges game id, for the puzzles Bridges can hold (every island numbered,
    /// none side by side).
    const FORMATS_OUT: &'static [&'static str] = &["url", "janko", "tatham"];

    fn write(&self, format: &str) -> Option<String> {
        match format {
            "url" => Some(self.to_url() + "\n"),
            "janko" => Some(self.to_janko()),
            "tatham" => self.to_tatham().map(|id| id + "\n"),
            _ => None,
        }
    }

    /// `janko`: Janko's solution block (`1` / `2` under a bridge along a row, `a` / `b` along
    /// a column, `-` elsewhere); a solution with a bridge between adjacent islands has none.
    const SOLUTION_FORMATS_OUT: &'static [&'static str] = &["janko"];

    fn write_solution(&self, solution: &Bridges, format: &str) -> Option<String> {
        match format {
            "janko" => render::janko_solution(self, solution),
            _ => None,
        }
    }

    fn describe(&self) -> String {
        format!(
            "{}×{} Hashi, {} islands",
            self.rows(),
            self.cols(),
            self.islands().len()
        )
    }
}
