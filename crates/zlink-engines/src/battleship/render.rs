//! Battleship pictures: the text form is a Janko block (re-readable: a solution is printed as a
//! fully given grid), the SVG draws the sums beside the grid and the ships as rounded pieces.

use std::fmt::Write;

use zlink_puzzle::svg::SvgGrid;

use super::{verify, Battleship, Fleet, Part};

/// The parts to draw: the solution's when it is consistent, else the givens.
fn cells(b: &Battleship, solution: Option<&Fleet>) -> Vec<Option<Part>> {
    match solution.map(|s| verify::parts(b, s)) {
        Some(Ok(p)) => p.into_iter().map(Some).collect(),
        _ => (0..b.rows() * b.cols())
            .map(|i| b.hint(i / b.cols(), i % b.cols()))
            .collect(),
    }
}

/// The Janko block of the puzzle, or of the solution (every cell given).
pub fn text(b: &Battleship, solution: Option<&Fleet>) -> String {
    let mut out = format!("{} {}", b.rows(), b.cols());
    for n in b.fleet() {
        let _ = write!(out, " {n}");
    }
    out.push('\n');
    let join = |v: &[usize]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = writeln!(out, "{}", join(b.col_sums()));
    let _ = writeln!(out, "{}", join(b.row_sums()));
    let cells = cells(b, solution);
    for r in 0..b.rows() {
        let row: Vec<String> = (0..b.cols())
            .map(|c| cells[r * b.cols() + c].map_or('-', Part::janko).to_string())
            .collect();
        let _ = writeln!(out, "{}", row.join(" "));
    }
    out
}

/// SVG of the puzzle (givens) or the solution; the row sums are drawn right of the grid and
/// the column sums below it, in the extra row and column of the canvas.
pub fn svg(b: &Battleship, solution: Option<&Fleet>) -> String {
    let (rows, cols) = (b.rows(), b.cols());
    let mut s = SvgGrid::new(rows + 1, cols + 1, 30.0);
    let cells = cells(b, solution);
    for r in 0..rows {
        for c in 0..cols {
            let given = b.hint(r, c).is_some();
            let fill = if given { "#222" } else { "#2a6fb0" };
            let (rf, cf) = (r as f64, c as f64);
            match cells[r * cols + c] {
                None => {}
                Some(Part::Water) => s.fill_cell(r, c, if given { "#9cc8ee" } else { "#dcecf9" }),
                Some(Part::Sub) => s.dot(rf + 0.5, cf + 0.5, 0.38, fill, "none"),
                Some(Part::Middle) => s.fill_cell(r, c, fill),
                Some(p) => {
                    // an end: a half-cell bar towards the ship plus a round cap
                    let (dr, dc) = match p {
                        Part::Left => (0.0, 0.5),
                        Part::Right => (0.0, -0.5),
                        Part::Top => (0.5, 0.0),
                        _ => (-0.5, 0.0),
                    };
                    s.dot(rf + 0.5, cf + 0.5, 0.38, fill, "none");
                    s.lattice_line(
                        rf + 0.5,
                        cf + 0.5,
                        rf + 0.5 + dr * 0.76,
                        cf + 0.5 + dc * 0.76,
                        fill,
                        22.0,
                    );
                }
            }
        }
    }
    for r in 0..=rows {
        s.lattice_line(r as f64, 0.0, r as f64, cols as f64, "#888", 1.0);
    }
    for c in 0..=cols {
        s.lattice_line(0.0, c as f64, rows as f64, c as f64, "#888", 1.0);
    }
    for (r, n) in b.row_sums().iter().enumerate() {
        s.cell_text(r, cols, &n.to_string(), "black", true);
    }
    for (c, n) in b.col_sums().iter().enumerate() {
        s.cell_text(rows, c, &n.to_string(), "black", true);
    }
    s.finish()
}
