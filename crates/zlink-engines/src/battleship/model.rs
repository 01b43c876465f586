//! The two Battleship integer programs of report chapter 4, selectable by [`BattleshipModel`]:
//!
//! - [`BattleshipModel::Grid`] (default), the grid-based model (4.1a–g): one binary `y_a` per
//!   placement `a` of a ship of a fleet length (each placement is one grid of the set `A`).
//!   Rows: the ship cells per row and column (4.1c, 4.1d); no overlap or contact (4.1e); the
//!   ships per length (4.1f). The report's 4.1e, "at most one chosen placement occupies a
//!   cell or one of its four neighbours", also forbids two ships one water cell apart (both
//!   are neighbours of the gap), which its own Figure 4.1 has (row 3: `● ≈ ◀`); we state it
//!   as "at most one chosen placement meets each 2×2 window of cells", which is exactly
//!   "no two ships overlap or touch, also diagonally" (two touching cells share a window,
//!   cells a gap apart never do). The clue rows 4.1b (`Σ y_a A_ija = T_ij`, with the part
//!   codes of Table 4.1) are written in their exact 0/1 form: a given ship part is covered by
//!   exactly one placement that puts that part there, and placements that put anything else
//!   on a given cell are not created.
//! - [`BattleshipModel::Cell`], the cell-based model of Meuffels et al. (4.2a–4.3t): binaries
//!   `x_{ijk}` for the seven parts of each cell and `s_{ijl}` for "a ship of length `l` starts
//!   here". The report's printed rows carry typos (4.3h subtracts where it must add; 4.3k's
//!   range is empty), so the ship-shape rows are restated here from the rules: an end sees
//!   the next piece of its ship on one side and water on the three others, a middle sees two
//!   ship pieces of the right kinds (`2 x_M ≤ …`), a submarine sees water all round, and no
//!   two ship cells are diagonal neighbours (4.3c, 4.3d). The start rows 4.3a are kept
//!   (`l s ≤ pieces`) and made exact by `s ≥ pieces − (l − 1)`, and no run of ship cells is
//!   longer than the longest ship, so `s` counts every ship and 4.3b fixes the fleet.
//!
//! Counting adds no-good cuts on the variables that fix a solution: `y` for the grid model
//! (every solution chooses the same number of placements), the water binaries `x_{ij0}`
//! for the cell model (the ship cells determine the ships).

use std::str::FromStr;
use std::time::Instant;

use zlink_ip::{
    sum, Distinct, LinExpr, Model, NoGood, NoSeparator, OptionValue, Solution, Var, VarKind,
};
use zlink_puzzle::{Counted, SolveError, SolveOptions, SolveStats, Solved};

use super::{Battleship, Fleet, Part, Ship};
use crate::mip;

/// Which formulation to solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BattleshipModel {
    /// The grid-based model over all ship placements (report 4.1).
    #[default]
    Grid,
    /// The cell-based model of Meuffels et al. (report 4.2–4.3).
    Cell,
}

impl FromStr for BattleshipModel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "grid" | "gbm" => Ok(Self::Grid),
            "cell" | "cbm" => Ok(Self::Cell),
            _ => Err(format!(
                "unknown Battleship model `{s}`: expected grid or cell"
            )),
        }
    }
}

/// Options of the Battleship solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BattleshipOptions {
    /// The formulation.
    pub model: BattleshipModel,
}

/// Every placement of a ship of a fleet length inside the grid, agreeing with the given cells
/// (the exact form of 4.1b: no placement puts a ship on given water or a different part on a
/// given ship cell).
pub fn placements(b: &Battleship) -> Vec<Ship> {
    let mut out = Vec::new();
    for (i, &n) in b.fleet().iter().enumerate() {
        let len = i + 1;
        if n == 0 {
            continue;
        }
        for vertical in [false, true] {
            if vertical && len == 1 {
                continue;
            }
            let (h, w) = if vertical { (len, 1) } else { (1, len) };
            if h > b.rows() || w > b.cols() {
                continue;
            }
            for row in 0..=b.rows() - h {
                for col in 0..=b.cols() - w {
                    let s = Ship {
                        row,
                        col,
                        len,
                        vertical,
                    };
                    if s.cells()
                        .all(|(r, c, p)| b.hint(r, c).is_none_or(|h| h == p))
                    {
                        out.push(s);
                    }
                }
            }
        }
    }
    out
}

/// A built model: the MIP, how to read a solution, the binaries that tell solutions apart.
struct Built {
    model: Model,
    decode: Decode,
    distinct: Vec<Var>,
    form: NoGood,
}

enum Decode {
    /// One variable per placement.
    Grid(Vec<(Var, Ship)>),
    /// The water binary of each cell, row-major.
    Cell(Vec<Var>),
}

impl Built {
    fn fleet(&self, b: &Battleship, s: &Solution) -> Fleet {
        match &self.decode {
            Decode::Grid(ys) => Fleet::new(
                ys.iter()
                    .filter(|(v, _)| s.is_one(*v))
                    .map(|&(_, ship)| ship)
                    .collect(),
            ),
            Decode::Cell(water) => {
                let occ: Vec<bool> = water.iter().map(|&v| !s.is_one(v)).collect();
                ships_of(b.rows(), b.cols(), &occ)
            }
        }
    }
}

/// The ships of a row-major occupancy grid (`rows * cols` cells) read as straight runs
/// (top-left cell first).
pub fn ships_of(rows: usize, cols: usize, occ: &[bool]) -> Fleet {
    let at = |r: usize, c: usize| r < rows && c < cols && occ[r * cols + c];
    let mut ships = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if !at(r, c) || (r > 0 && at(r - 1, c)) || (c > 0 && at(r, c - 1)) {
                continue;
            }
            let vertical = at(r + 1, c);
            let mut len = 1;
            while if vertical {
                at(r + len, c)
            } else {
                at(r, c + len)
            } {
                len += 1;
            }
            ships.push(Ship {
                row: r,
                col: c,
                len,
                vertical,
            });
        }
    }
    Fleet::new(ships)
}

/// The grid-based model; `None` when a given ship part has no placement at all.
fn grid(b: &Battleship) -> Option<Built> {
    let (rows, cols) = (b.rows(), b.cols());
    let mut m = Model::new();
    let ys: Vec<(Var, Ship)> = placements(b)
        .into_iter()
        .map(|s| (m.add_var(VarKind::Binary), s))
        .collect();
    let mut row_e = vec![LinExpr::new(); rows];
    let mut col_e = vec![LinExpr::new(); cols];
    // 2×2 windows by top-left cell (clipped for a single row or column)
    let (win_rows, win_cols) = (rows.saturating_sub(1).max(1), cols.saturating_sub(1).max(1));
    let mut near = vec![Vec::new(); win_rows * win_cols];
    let mut given = vec![Vec::new(); rows * cols];
    let mut per_len = vec![Vec::new(); b.fleet().len()];
    for &(y, s) in &ys {
        per_len[s.len - 1].push(y);
        let mut windows = Vec::new();
        for (r, c, _) in s.cells() {
            row_e[r].add_term(y, 1.0);
            col_e[c].add_term(y, 1.0);
            if b.hint(r, c).is_some() {
                given[r * cols + c].push(y);
            }
            for wr in r.saturating_sub(1)..=r.min(win_rows - 1) {
                for wc in c.saturating_sub(1)..=c.min(win_cols - 1) {
                    windows.push(wr * win_cols + wc);
                }
            }
        }
        windows.sort_unstable();
        windows.dedup();
        for w in windows {
            near[w].push(y);
        }
    }
    // 4.1b first (the report found the clue rows first fastest on Gurobi)
    for (i, g) in given.iter().enumerate() {
        if b.hint(i / cols, i % cols).is_some_and(|h| h != Part::Water) {
            if g.is_empty() {
                return None;
            }
            m.add(sum(g.iter().copied()).eq(1.0));
        }
    }
    for (r, e) in row_e.into_iter().enumerate() {
        m.add(e.eq(b.row_sums()[r] as f64)); // 4.1c
    }
    for (c, e) in col_e.into_iter().enumerate() {
        m.add(e.eq(b.col_sums()[c] as f64)); // 4.1d
    }
    for n in near.into_iter().filter(|n| n.len() > 1) {
        m.add(sum(n).le(1.0)); // 4.1e, as 2×2 windows
    }
    for (l, ys) in per_len.into_iter().enumerate() {
        m.add(sum(ys).eq(b.fleet()[l] as f64)); // 4.1f
    }
    let distinct = ys.iter().map(|p| p.0).collect();
    Some(Built {
        model: m,
        decode: Decode::Grid(ys),
        distinct,
        form: NoGood::OnesOnly,
    })
}

/// The cell-based model.
fn cell(b: &Battleship) -> Built {
    let (rows, cols) = (b.rows(), b.cols());
    let mut m = Model::new();
    // x[i][k], k = Part::index
    let x: Vec<[Var; 7]> = (0..rows * cols)
        .map(|_| std::array::from_fn(|_| m.add_var(VarKind::Binary)))
        .collect();
    let idx = |r: usize, c: usize| r * cols + c;
    let xk = |r: usize, c: usize, p: Part| x[idx(r, c)][p.index()];
    // o(r, c) = Σ_{k ≠ 0} x = 1 − x_0, written through x_0
    let occ = |e: &mut LinExpr, r: usize, c: usize, w: f64| {
        for p in &Part::ALL[1..] {
            e.add_term(xk(r, c, *p), w);
        }
    };
    let inside = |r: i64, c: i64| r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols;
    for r in 0..rows {
        for c in 0..cols {
            m.add(sum(x[idx(r, c)]).eq(1.0)); // 4.2b
            if let Some(h) = b.hint(r, c) {
                m.set_bounds(xk(r, c, h), 1.0, 1.0); // 4.2c
            }
        }
    }
    for r in 0..rows {
        let mut e = LinExpr::new();
        for c in 0..cols {
            occ(&mut e, r, c, 1.0);
        }
        m.add(e.eq(b.row_sums()[r] as f64)); // 4.2d
    }
    for c in 0..cols {
        let mut e = LinExpr::new();
        for r in 0..rows {
            occ(&mut e, r, c, 1.0);
        }
        m.add(e.eq(b.col_sums()[c] as f64)); // 4.2e
    }
    // 4.3c, 4.3d: no diagonal contact
    for r in 0..rows {
        for c in 0..cols {
            for dc in [-1i64, 1] {
                let (nr, nc) = (r as i64 + 1, c as i64 + dc);
                if inside(nr, nc) {
                    let mut e = LinExpr::new();
                    occ(&mut e, r, c, 1.0);
                    occ(&mut e, nr as usize, nc as usize, 1.0);
                    m.add(e.le(1.0));
                }
            }
        }
    }
    // ship shapes. Directions: (dr, dc, the end part that continues that way, the part that
    // closes a ship coming from the other side)
    let dirs: [(i64, i64, Part, Part); 4] = [
        (0, 1, Part::Left, Part::Right),
        (0, -1, Part::Right, Part::Left),
        (1, 0, Part::Top, Part::Bottom),
        (-1, 0, Part::Bottom, Part::Top),
    ];
    for r in 0..rows {
        for c in 0..cols {
            let mut middle = LinExpr::new();
            middle.add_term(xk(r, c, Part::Middle), 2.0);
            for &(dr, dc, end, close) in &dirs {
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                let nb = inside(nr, nc).then_some((nr as usize, nc as usize));
                // an end continues towards (dr, dc) into the closing end or a middle
                let mut e = LinExpr::new();
                e.add_term(xk(r, c, end), 1.0);
                if let Some((a, bb)) = nb {
                    e.add_term(xk(a, bb, close), -1.0);
                    e.add_term(xk(a, bb, Part::Middle), -1.0);
                    // the middle sees this neighbour as a continuing piece
                    middle.add_term(xk(a, bb, close), -1.0);
                    middle.add_term(xk(a, bb, Part::Middle), -1.0);
                }
                m.add(e.le(0.0));
                // every end and the submarine see water on the sides other than their ship
                if let Some((a, bb)) = nb {
                    for p in [Part::Left, Part::Right, Part::Top, Part::Bottom, Part::Sub] {
                        let continues = match p {
                            Part::Sub => false,
                            _ => dirs.iter().any(|d| d.2 == p && (d.0, d.1) == (dr, dc)),
                        };
                        if !continues {
                            let mut w = LinExpr::new();
                            w.add_term(xk(r, c, p), 1.0);
                            occ(&mut w, a, bb, 1.0);
                            m.add(w.le(1.0)); // 4.3f–k, 4.3q–r
                        }
                    }
                }
            }
            m.add(middle.le(0.0)); // 4.3m–p
        }
    }
    // ship starts: l s ≤ pieces (4.3a) and s ≥ pieces − (l − 1)
    let longest = b.fleet().len();
    for (i, &n) in b.fleet().iter().enumerate() {
        let len = i + 1;
        let mut count = LinExpr::new();
        for r in 0..rows {
            for c in 0..cols {
                let s = m.add_var(VarKind::Binary);
                count.add_term(s, 1.0);
                if len == 1 {
                    m.add((1.0 * s - 1.0 * xk(r, c, Part::Sub)).eq(0.0)); // 4.2f
                    continue;
                }
                let mut upper = LinExpr::new();
                upper.add_term(s, len as f64);
                for vertical in [false, true] {
                    let (er, ec) = if vertical {
                        (r + len - 1, c)
                    } else {
                        (r, c + len - 1)
                    };
                    if er >= rows || ec >= cols {
                        continue;
                    }
                    let ship = Ship {
                        row: r,
                        col: c,
                        len,
                        vertical,
                    };
                    let mut pieces = LinExpr::new();
                    for (pr, pc, p) in ship.cells() {
                        pieces.add_term(xk(pr, pc, p), 1.0);
                        upper.add_term(xk(pr, pc, p), -1.0);
                    }
                    let mut lower = pieces;
                    lower.add_term(s, -1.0);
                    m.add(lower.le(len as f64 - 1.0));
                }
                m.add(upper.le(0.0));
            }
        }
        m.add(count.eq(n as f64)); // 4.3b
    }
    // no run of ship cells longer than the longest ship
    for r in 0..rows {
        for c in 0..cols {
            for vertical in [false, true] {
                let (er, ec) = if vertical {
                    (r + longest, c)
                } else {
                    (r, c + longest)
                };
                if er >= rows || ec >= cols {
                    continue;
                }
                let mut e = LinExpr::new();
                for t in 0..=longest {
                    let (pr, pc) = if vertical { (r + t, c) } else { (r, c + t) };
                    occ(&mut e, pr, pc, 1.0);
                }
                m.add(e.le(longest as f64));
            }
        }
    }
    // HiGHS 1.15 stops with status Error on this model of Janko 101_11x11 and the 30×30
    // instance while presolving; without presolve it solves them.
    m.params
        .highs_options
        .push(("presolve".into(), OptionValue::Str("off".into())));
    let water: Vec<Var> = x.iter().map(|v| v[0]).collect();
    Built {
        model: m,
        decode: Decode::Cell(water.clone()),
        distinct: water,
        form: NoGood::Full,
    }
}

/// The model, or `None` when the grid model sees a given ship part that no placement fits.
fn build(b: &Battleship, which: BattleshipModel) -> Option<Built> {
    match which {
        BattleshipModel::Grid => grid(b),
        BattleshipModel::Cell => Some(cell(b)),
    }
}

/// A puzzle with no ships: its one candidate is the empty fleet.
fn empty_fleet_ok(b: &Battleship) -> bool {
    b.fleet().is_empty() && super::verify::verify(b, &Fleet::default()).is_ok()
}

/// One solution of `b` with the chosen model.
///
/// # Errors
/// [`SolveError::Infeasible`] when there is none; the time limit; solver failures.
pub fn solve(
    b: &Battleship,
    o: &BattleshipOptions,
    opts: &SolveOptions,
) -> Result<Solved<Fleet>, SolveError> {
    let start = Instant::now();
    if b.fleet().is_empty() {
        return if empty_fleet_ok(b) {
            Ok(Solved::new(
                Fleet::default(),
                SolveStats::timed(start.elapsed().as_secs_f64()),
            ))
        } else {
            Err(SolveError::Infeasible)
        };
    }
    let mut built = build(b, o.model).ok_or(SolveError::Infeasible)?;
    let (s, stats) = mip::solve_by_cuts(&mut built.model, &mut NoSeparator, opts, start, "cuts")?;
    Ok(Solved::new(built.fleet(b, &s), stats))
}

/// The number of solutions of `b` by no-good cuts, up to the options' limit.
///
/// # Errors
/// The time limit or a solver failure (no solution is a count of 0).
pub fn count(
    b: &Battleship,
    o: &BattleshipOptions,
    opts: &SolveOptions,
) -> Result<Counted, SolveError> {
    let start = Instant::now();
    let elapsed = || SolveStats::timed(start.elapsed().as_secs_f64());
    if b.fleet().is_empty() {
        return Ok(Counted::exact(u32::from(empty_fleet_ok(b)), elapsed()));
    }
    let Some(mut built) = build(b, o.model) else {
        return Ok(Counted::exact(0u32, elapsed()));
    };
    let distinct = Distinct {
        vars: &built.distinct,
        form: built.form,
    };
    mip::count_by_enumeration(
        &mut built.model,
        distinct,
        &mut NoSeparator,
        opts,
        start,
        "cuts",
    )
}
