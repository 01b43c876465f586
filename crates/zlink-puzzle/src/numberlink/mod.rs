//! Numberlink instances and solutions, shared by every Numberlink engine and codec.
//!
//! Why: the ZDD engine, the brute-force oracle and the codecs must agree on what a puzzle is
//! (a grid of optional pair ids, each id on exactly two cells), what an answer is (which
//! neighbouring cells a line joins, [`Links`]) and what the rules are ([`Rules`]: whether every
//! cell must be on a line, and whether a line may touch itself in a U-bend; sources disagree,
//! FORMATS.md). [`verify`] checks an answer against the rules without any solver code, so every
//! engine's answers can be checked independently.
//!
//! Codecs ([`formats`], [`url`]) read and write the Janko text, a compact one-character grid,
//! the ERATO `cols rows` files, Flow Free levels, thomasahle's multi-puzzle blocks and puzz.link
//! `numlin` / `arukone` URLs; [`render`] draws solutions as text and SVG.
//!
//! ```
//! use zlink_puzzle::numberlink::{formats, verify, Links, Rules};
//! use zlink_puzzle::Coord;
//! let p = formats::parse_compact("1.1\n", "in").unwrap();
//! let mut l = Links::new(1, 3);
//! l.set(Coord::new(0, 0), Coord::new(0, 1), true);
//! l.set(Coord::new(0, 1), Coord::new(0, 2), true);
//! assert!(verify(&p, &l, Rules::JANKO).is_ok());
//! ```

pub mod formats;
pub mod render;
pub mod url;

use crate::{Coord, Grid, Violation};

/// Largest number of cells a codec allocates (a 1000 × 1000 grid); bigger headers are errors.
pub const MAX_CELLS: usize = 1 << 20;

/// The rule switches that Numberlink sources disagree on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Every cell must be on a line (Flow Free, Arukone, Janko; the ZDD paper's Remark 7).
    pub cover: bool,
    /// No line touches itself: no 2×2 block of cells has three of its four inner edges on
    /// lines (a U-bend).
    pub no_u_bends: bool,
}

impl Rules {
    /// Nikoli's rules as most solvers read them: cells may stay empty, any bends.
    pub const PLAIN: Rules = Rules {
        cover: false,
        no_u_bends: false,
    };
    /// Janko's (and most generators') rules: every cell filled, no U-bends. Janko's puzzles
    /// are unique under these.
    pub const JANKO: Rules = Rules {
        cover: true,
        no_u_bends: true,
    };
}

/// Why a grid of ids is not a Numberlink instance.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InstanceError {
    /// Id 0 is reserved (formats use it for blank cells).
    #[error("pair id 0 at {at} is reserved for blank cells")]
    ZeroId {
        /// The cell.
        at: Coord,
    },
}

/// A validated Numberlink instance: a grid of optional pair ids. An id on exactly two cells
/// is a pair; one on one cell or on three or more is a clue no solution can meet
/// ([`NumberlinkGrid::unpaired`]): the puzzle is well formed and has no solution, as a Sudoku
/// with two equal givens in a row (an answer, not an input error).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NumberlinkGrid {
    cells: Grid<Option<u32>>,
    /// `(id, first cell, second cell)` sorted by id; cells in row-major order.
    pairs: Vec<(u32, Coord, Coord)>,
    /// `(id, how many cells, the first)` for each id not on exactly two cells, sorted by id.
    unpaired: Vec<(u32, usize, Coord)>,
}

impl NumberlinkGrid {
    /// Validates `cells` (`None` = blank, `Some(id)` = an endpoint of pair `id`, `id >= 1`).
    ///
    /// # Errors
    /// [`InstanceError`] for id 0.
    ///
    /// Complexity: `O(cells · log pairs)`.
    pub fn new(cells: Grid<Option<u32>>) -> Result<Self, InstanceError> {
        let mut seen: std::collections::BTreeMap<u32, (usize, Coord, Coord)> = Default::default();
        for (at, v) in cells.iter() {
            if let Some(id) = *v {
                if id == 0 {
                    return Err(InstanceError::ZeroId { at });
                }
                let e = seen.entry(id).or_insert((0, at, at));
                e.0 += 1;
                if e.0 == 2 {
                    e.2 = at;
                }
            }
        }
        let (mut pairs, mut unpaired) = (Vec::with_capacity(seen.len()), Vec::new());
        for (id, (count, a, b)) in seen {
            match count {
                2 => pairs.push((id, a, b)),
                _ => unpaired.push((id, count, a)),
            }
        }
        Ok(NumberlinkGrid {
            cells,
            pairs,
            unpaired,
        })
    }

    /// The ids not on exactly two cells, as `(id, cells, first cell)`: empty for a puzzle
    /// that may have solutions; otherwise it has none.
    pub fn unpaired(&self) -> &[(u32, usize, Coord)] {
        &self.unpaired
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.cells.rows()
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cells.cols()
    }

    /// The cells (`None` blank, `Some(id)` endpoint).
    pub fn cells(&self) -> &Grid<Option<u32>> {
        &self.cells
    }

    /// The id at `c` (`None` for a blank cell or outside the grid).
    pub fn id(&self, c: Coord) -> Option<u32> {
        self.cells.get(c).copied().flatten()
    }

    /// The pairs `(id, a, b)`, sorted by id, `a` before `b` in row-major order.
    pub fn pairs(&self) -> &[(u32, Coord, Coord)] {
        &self.pairs
    }
}

/// Direction bits of [`Links::mask`]: north (up).
pub const N: u8 = 1;
/// East (right).
pub const E: u8 = 2;
/// South (down).
pub const S: u8 = 4;
/// West (left).
pub const W: u8 = 8;

/// A set of links between orthogonally neighbouring cells: a candidate solution.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Links {
    /// `right[r][c]`: cell `(r, c)` is joined to `(r, c + 1)` (last column always false).
    right: Grid<bool>,
    /// `down[r][c]`: cell `(r, c)` is joined to `(r + 1, c)` (last row always false).
    down: Grid<bool>,
}

impl Links {
    /// No links on a `rows × cols` grid.
    pub fn new(rows: usize, cols: usize) -> Self {
        Links {
            right: Grid::new(rows, cols, false),
            down: Grid::new(rows, cols, false),
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.right.rows()
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.right.cols()
    }

    /// The stored flag of the link between neighbours `a` and `b` (`None` if they are not
    /// neighbours inside the grid).
    fn slot(&self, a: Coord, b: Coord) -> Option<(bool, Coord)> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        let inside = b.row < self.rows() && b.col < self.cols();
        if !inside {
            None
        } else if a.row == b.row && a.col + 1 == b.col {
            Some((true, a))
        } else if a.col == b.col && a.row + 1 == b.row {
            Some((false, a))
        } else {
            None
        }
    }

    /// Sets the link between neighbours `a` and `b`; returns false (and does nothing) if they
    /// are not neighbours inside the grid.
    pub fn set(&mut self, a: Coord, b: Coord, on: bool) -> bool {
        match self.slot(a, b) {
            Some((true, at)) => self.right[at] = on,
            Some((false, at)) => self.down[at] = on,
            None => return false,
        }
        true
    }

    /// Whether `a` and `b` are linked.
    pub fn has(&self, a: Coord, b: Coord) -> bool {
        match self.slot(a, b) {
            Some((true, at)) => self.right[at],
            Some((false, at)) => self.down[at],
            None => false,
        }
    }

    /// The directions ([`N`], [`E`], [`S`], [`W`]) in which cell `c` is linked.
    pub fn mask(&self, c: Coord) -> u8 {
        let (r, k) = (c.row, c.col);
        let mut m = 0;
        if r > 0 && self.down[Coord::new(r - 1, k)] {
            m |= N;
        }
        if self.right[c] {
            m |= E;
        }
        if self.down[c] {
            m |= S;
        }
        if k > 0 && self.right[Coord::new(r, k - 1)] {
            m |= W;
        }
        m
    }

    /// The linked neighbours of `c`.
    pub fn neighbours(&self, c: Coord) -> Vec<Coord> {
        let m = self.mask(c);
        let mut out = Vec::with_capacity(2);
        if m & N != 0 {
            out.push(Coord::new(c.row - 1, c.col));
        }
        if m & E != 0 {
            out.push(Coord::new(c.row, c.col + 1));
        }
        if m & S != 0 {
            out.push(Coord::new(c.row + 1, c.col));
        }
        if m & W != 0 {
            out.push(Coord::new(c.row, c.col - 1));
        }
        out
    }

    /// Number of links.
    pub fn len(&self) -> usize {
        self.right.cells().iter().filter(|&&x| x).count()
            + self.down.cells().iter().filter(|&&x| x).count()
    }

    /// Whether there is no link.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Checks `links` against `puzzle` under `rules`, sharing no code with any solver: every
/// endpoint has exactly one link and every other cell none or two; following the line from
/// each endpoint ends at the other endpoint of its pair; no line is closed (a cycle); with
/// `cover`, every cell is on a line; with `no_u_bends`, no 2×2 block has three links.
///
/// # Errors
/// The first [`Violation`] found, naming the cell.
pub fn verify(puzzle: &NumberlinkGrid, links: &Links, rules: Rules) -> Result<(), Violation> {
    if let Some(&(id, count, at)) = puzzle.unpaired().first() {
        return Err(Violation::new(format!(
            "number {id} is on {count} cell(s) (first at {at}), so no line can join it"
        )));
    }
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    if (links.rows(), links.cols()) != (rows, cols) {
        return Err(Violation::new(format!(
            "the solution is {}x{}, the puzzle {rows}x{cols}",
            links.rows(),
            links.cols()
        )));
    }
    for (at, id) in puzzle.cells().iter() {
        let d = links.mask(at).count_ones();
        match id {
            Some(id) if d != 1 => {
                return Err(Violation::new(format!(
                    "endpoint {id} at {at} has {d} links, expected 1"
                )))
            }
            None if d != 0 && d != 2 => {
                return Err(Violation::new(format!(
                    "cell {at} has {d} links, expected 0 or 2"
                )))
            }
            None if d == 0 && rules.cover => {
                return Err(Violation::new(format!("cell {at} is on no line")))
            }
            _ => {}
        }
    }
    let mut on_path = Grid::new(rows, cols, false);
    for &(id, a, b) in puzzle.pairs() {
        let (mut prev, mut cur) = (a, a);
        on_path[a] = true;
        loop {
            let next = links.neighbours(cur).into_iter().find(|&n| n != prev);
            let Some(next) = next else { break };
            (prev, cur) = (cur, next);
            on_path[cur] = true;
            if puzzle.id(cur).is_some() {
                break;
            }
        }
        if cur != b {
            return Err(Violation::new(format!(
                "the line from endpoint {id} at {a} ends at {cur}, not at {b}"
            )));
        }
    }
    if let Some((at, _)) = on_path
        .iter()
        .find(|&(at, &seen)| !seen && links.mask(at) != 0)
    {
        return Err(Violation::new(format!("cell {at} is on a closed loop")));
    }
    if rules.no_u_bends {
        for r in 0..rows.saturating_sub(1) {
            for c in 0..cols.saturating_sub(1) {
                let (p, q) = (Coord::new(r, c), Coord::new(r + 1, c + 1));
                let (x, y) = (Coord::new(r, c + 1), Coord::new(r + 1, c));
                let k = [(p, x), (p, y), (x, q), (y, q)]
                    .iter()
                    .filter(|&&(u, v)| links.has(u, v))
                    .count();
                if k > 2 {
                    return Err(Violation::new(format!(
                        "the 2x2 block at {p} has {k} links (a U-bend)"
                    )));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: usize, cols: usize, ids: &[u32]) -> NumberlinkGrid {
        let cells = ids.iter().map(|&x| (x != 0).then_some(x)).collect();
        NumberlinkGrid::new(Grid::from_cells(rows, cols, cells).unwrap()).unwrap()
    }

    #[test]
    fn instance_validation() {
        // an id on one cell or on three is well formed, and has no solution
        assert_eq!(
            grid(1, 3, &[1, 0, 0]).unpaired(),
            &[(1, 1, Coord::new(0, 0))]
        );
        let p = grid(1, 5, &[2, 1, 1, 1, 2]);
        assert_eq!(p.unpaired(), &[(1, 3, Coord::new(0, 1))]);
        assert_eq!(p.pairs(), &[(2, Coord::new(0, 0), Coord::new(0, 4))]);
        assert!(verify(&p, &Links::new(1, 5), Rules::PLAIN).is_err());
        let cells = vec![Some(0), None];
        assert!(matches!(
            NumberlinkGrid::new(Grid::from_cells(1, 2, cells).unwrap()),
            Err(InstanceError::ZeroId { .. })
        ));
        let p = grid(2, 2, &[2, 0, 0, 2]);
        assert_eq!(p.pairs(), &[(2, Coord::new(0, 0), Coord::new(1, 1))]);
    }

    #[test]
    fn verify_catches_each_rule() {
        let p = grid(2, 2, &[1, 0, 0, 1]);
        let mut l = Links::new(2, 2);
        l.set(Coord::new(0, 0), Coord::new(0, 1), true);
        l.set(Coord::new(0, 1), Coord::new(1, 1), true);
        assert!(verify(&p, &l, Rules::PLAIN).is_ok());
        assert!(verify(&p, &l, Rules::JANKO).is_err()); // (1,0) is empty
        assert_eq!(l.mask(Coord::new(0, 1)), W | S);
        assert_eq!(l.len(), 2);
        // A U-bend: pair on adjacent cells joined the long way round.
        let p = grid(2, 2, &[1, 1, 0, 0]);
        let mut l = Links::new(2, 2);
        l.set(Coord::new(0, 0), Coord::new(1, 0), true);
        l.set(Coord::new(1, 0), Coord::new(1, 1), true);
        l.set(Coord::new(1, 1), Coord::new(0, 1), true);
        assert!(verify(
            &p,
            &l,
            Rules {
                cover: true,
                no_u_bends: false
            }
        )
        .is_ok());
        assert!(verify(&p, &l, Rules::JANKO).is_err());
        // A loop beside a line.
        let p = grid(3, 2, &[1, 1, 0, 0, 0, 0]);
        let mut l = Links::new(3, 2);
        l.set(Coord::new(0, 0), Coord::new(0, 1), true);
        for (a, b) in [
            ((1, 0), (1, 1)),
            ((1, 1), (2, 1)),
            ((2, 1), (2, 0)),
            ((2, 0), (1, 0)),
        ] {
            l.set(Coord::new(a.0, a.1), Coord::new(b.0, b.1), true);
        }
        assert!(verify(&p, &l, Rules::PLAIN)
            .unwrap_err()
            .message
            .contains("loop"));
        // Wrong partner.
        let p = grid(1, 4, &[1, 2, 1, 2]);
        let mut l = Links::new(1, 4);
        l.set(Coord::new(0, 0), Coord::new(0, 1), true);
        assert!(verify(&p, &l, Rules::PLAIN).is_err());
    }
}
