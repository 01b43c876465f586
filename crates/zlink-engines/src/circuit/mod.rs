//! The circuit board game (report chapter 5): every cell of a grid holds a point or is blacked
//! out; join all points by horizontal and vertical unit wires between neighbouring points into
//! one tree (connected, no enclosed area) in which every point has one or three wires, using
//! every wire the puzzle draws. The report's extension adds two endpoints `s` and `t`: among
//! the solutions, find one whose path from `s` to `t` through the tree is shortest.
//!
//! Rules as the report defines them (§5.1, §5.2.1): the points are the graph's vertices
//! (blacked-out cells are no vertices at all), the possible edges join orthogonally adjacent
//! points, and a solution is a spanning tree of the points with every degree in {1, 3}
//! containing the given edges. Since every degree is odd and they add up to `2(|V| − 1)`, a
//! board with an odd number of points has no solution; such a board (and one with a point
//! without neighbours, or five wires given at a point) is a contradiction, not an input error.
//!
//! The module is split by job: this file is the definition (the [`Puzzle`] implementation and
//! the registry row), [`parse`] reads and writes the drawn text format, [`model`] holds the
//! report's three integer programs (CM1 spanning tree with lazy subtour cuts, CM2
//! single-commodity flow, CM3 CM1 plus the shortest `s`–`t` path) that the engine [`ip`] runs,
//! [`zdd`] counts every solution exactly with the frontier spec of connected degree-constrained
//! subgraphs (the default for `count`), [`verify`] is the independent checker, [`render`] draws
//! text and SVG and [`generate`] makes seeded random boards that have a solution.
//!
//! ```
//! use zlink_puzzle::Puzzle;
//! use zlink_engines::circuit::Circuit;
//! let c = &Circuit::parse("o-o\n   \no o\n", "inline").unwrap()[0].1;
//! assert_eq!((c.points(), c.given().len()), (4, 1));
//! ```

pub mod generate;
pub mod ip;
pub mod model;
pub mod parse;
pub mod render;
pub mod verify;
pub mod zdd;

use zlink_puzzle::{Coord, Kind, ParseError, Puzzle, Violation};

pub use ip::IpEngine;
pub use model::{CircuitModel, CircuitOptions};
pub use zdd::ZddEngine;

/// The registry row of the circuit board.
pub static KIND: Kind<Circuit> = Kind::new(
    "circuit",
    &["circuit-board", "circuitboard"],
    "Circuit board: join all points into a tree with degrees 1 or 3 through the given wires",
    "drawn grid: cells `o` or `.` (point), `#` (blacked out), `s`/`t` (path endpoints); `-` \
     between two cells and `|` under a cell on the line between two rows are given wires",
    &[&IpEngine, &ZddEngine],
)
.counting_with("zdd");

/// A circuit board: a `rows × cols` grid of points and blacked-out cells, the given wires and
/// the optional path endpoints. Cells are numbered row-major (`r * cols + c`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Circuit {
    rows: usize,
    cols: usize,
    open: Vec<bool>,
    given: Vec<(usize, usize)>,
    ends: Option<(usize, usize)>,
}

/// A set of wires: cell pairs `(a, b)` with `a < b`, sorted.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Wires {
    /// The wires, sorted.
    pub edges: Vec<(usize, usize)>,
}

impl Wires {
    /// Wires from any list of cell pairs: each is normalised to `a < b`, and the list sorted.
    pub fn new(mut edges: Vec<(usize, usize)>) -> Self {
        for e in &mut edges {
            if e.0 > e.1 {
                std::mem::swap(&mut e.0, &mut e.1);
            }
        }
        edges.sort_unstable();
        Self { edges }
    }
}

impl Circuit {
    /// A board from its cells (`true` = point), given wires and endpoints; `Err` names the
    /// first given wire or endpoint that is not between / on points.
    ///
    /// # Errors
    /// A message for a wire that does not join two neighbouring points, or an endpoint that is
    /// not a point (or `s = t`).
    pub fn new(
        rows: usize,
        cols: usize,
        open: Vec<bool>,
        given: Vec<(usize, usize)>,
        ends: Option<(usize, usize)>,
    ) -> Result<Self, String> {
        assert_eq!(open.len(), rows * cols, "one entry per cell");
        let mut c = Self {
            rows,
            cols,
            open,
            given: Vec::new(),
            ends,
        };
        let given = Wires::new(given).edges;
        for &(a, b) in &given {
            if !c.is_edge(a, b) {
                return Err(format!(
                    "the wire {}-{} does not join two neighbouring points",
                    c.coord(a),
                    c.coord(b)
                ));
            }
        }
        c.given = given;
        c.given.dedup();
        if let Some((s, t)) = ends {
            if s == t || !c.is_point(s) || !c.is_point(t) {
                return Err("the endpoints s and t must be two different points".into());
            }
        }
        Ok(c)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// Whether cell `i` holds a point (`false` also outside the grid).
    pub fn is_point(&self, i: usize) -> bool {
        self.open.get(i).copied().unwrap_or(false)
    }
    /// The number of points.
    pub fn points(&self) -> usize {
        self.open.iter().filter(|&&o| o).count()
    }
    /// The given wires, sorted cell pairs.
    pub fn given(&self) -> &[(usize, usize)] {
        &self.given
    }
    /// The endpoints `(s, t)` of the shortest-path extension, if the board has them.
    pub fn ends(&self) -> Option<(usize, usize)> {
        self.ends
    }
    /// The position of cell `i`.
    pub fn coord(&self, i: usize) -> Coord {
        Coord::new(i / self.cols, i % self.cols)
    }
    /// Whether `a`-`b` (either order) is a possible wire: two orthogonally adjacent points.
    pub fn is_edge(&self, a: usize, b: usize) -> bool {
        let (a, b) = (a.min(b), a.max(b));
        self.is_point(a)
            && self.is_point(b)
            && ((b == a + 1 && b % self.cols != 0) || b == a + self.cols)
    }
    /// Every possible wire `(a, b)`, `a < b`: per point in row-major order, the wire to its
    /// right, then the one below (the order of the frontier's circuit-board problem).
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for a in 0..self.rows * self.cols {
            if (a + 1) % self.cols != 0 && self.is_edge(a, a + 1) {
                out.push((a, a + 1));
            }
            if self.is_edge(a, a + self.cols) {
                out.push((a, a + self.cols));
            }
        }
        out
    }
    /// The points in row-major order.
    pub fn point_cells(&self) -> Vec<usize> {
        (0..self.open.len()).filter(|&i| self.open[i]).collect()
    }
    /// Why the board has no solution, when that shows without search.
    pub fn obstacle(&self) -> Option<String> {
        let n = self.points();
        if n % 2 == 1 {
            return Some(format!(
                "the board has {n} points, an odd number, but a tree whose degrees are all 1 or 3 \
                 has an even number of points"
            ));
        }
        let edges = self.edges();
        let mut deg = vec![0usize; self.open.len()];
        for &(a, b) in &edges {
            deg[a] += 1;
            deg[b] += 1;
        }
        if let Some(i) = self.point_cells().into_iter().find(|&i| deg[i] == 0) {
            return Some(format!(
                "the point {} has no neighbouring point",
                self.coord(i)
            ));
        }
        let mut given = vec![0usize; self.open.len()];
        for &(a, b) in &self.given {
            given[a] += 1;
            given[b] += 1;
        }
        if let Some(i) = (0..given.len()).find(|&i| given[i] > 3) {
            return Some(format!(
                "the point {} has {} given wires, more than 3",
                self.coord(i),
                given[i]
            ));
        }
        None
    }
}

impl Puzzle for Circuit {
    type Solution = Wires;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        parse::parse(text, source)
    }

    fn contradiction(&self) -> Option<String> {
        self.obstacle()
    }

    fn verify(&self, solution: &Wires) -> Result<(), Violation> {
        verify::verify(self, solution)
    }

    fn render_text(&self, solution: Option<&Wires>) -> String {
        parse::write(self, solution)
    }

    fn render_svg(&self, solution: Option<&Wires>) -> String {
        render::svg(self, solution)
    }

    fn describe(&self) -> String {
        let ends = if self.ends.is_some() {
            ", with s and t"
        } else {
            ""
        };
        format!(
            "{}×{} circuit board, {} points, {} given wires{ends}",
            self.rows,
            self.cols,
            self.points(),
            self.given.len()
        )
    }
}
