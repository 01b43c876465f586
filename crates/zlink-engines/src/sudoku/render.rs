//! Text and SVG pictures of a Sudoku and its solution.

use zlink_puzzle::svg::SvgGrid;
use zlink_puzzle::Grid;

use super::shape::{symbol, Shape};

/// Rows of values separated by spaces, with `|` and `-+-` lines between boxes; blanks are `.`.
/// Values above 9 are written as numbers when n > 9.
pub fn text(shape: Shape, g: &Grid<u8>) -> String {
    let n = shape.n;
    let w = if n > 9 { 2 } else { 1 };
    let cell = |v: u8| {
        if v == 0 {
            format!("{:>w$}", ".")
        } else {
            format!("{v:>w$}")
        }
    };
    let mut out = String::new();
    for r in 0..n {
        if r > 0 && r % shape.box_rows == 0 {
            let seg = "-".repeat(shape.box_cols * (w + 1) - 1);
            out.push_str(&vec![seg; n / shape.box_cols].join("-+-"));
            out.push('\n');
        }
        let parts: Vec<String> = (0..n / shape.box_cols)
            .map(|b| {
                let row = g.row(r);
                row[b * shape.box_cols..(b + 1) * shape.box_cols]
                    .iter()
                    .map(|&v| cell(v))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        out.push_str(&parts.join(" | "));
        out.push('\n');
    }
    out
}

/// The one-line form: n² symbols (1–9, A–Z; `.` blank), which the line parser reads back.
pub fn line(g: &Grid<u8>) -> String {
    g.cells().iter().map(|&v| symbol(v)).collect()
}

/// An SVG grid with thick box borders, givens in bold black and solved values in blue.
pub fn svg(shape: Shape, givens: &Grid<u8>, solution: Option<&Grid<u8>>) -> String {
    let n = shape.n;
    let mut s = SvgGrid::new(n, n, 36.0);
    s.grid_lines(1.0);
    for k in (0..=n).step_by(shape.box_rows) {
        s.lattice_line(k as f64, 0.0, k as f64, n as f64, "black", 3.0);
    }
    for k in (0..=n).step_by(shape.box_cols) {
        s.lattice_line(0.0, k as f64, n as f64, k as f64, "black", 3.0);
    }
    for (p, &g) in givens.iter() {
        if g != 0 {
            s.cell_text(p.row, p.col, &g.to_string(), "black", true);
        } else if let Some(v) = solution.map(|sol| sol[p]).filter(|&v| v != 0) {
            s.cell_text(p.row, p.col, &v.to_string(), "#1f5fbf", false);
        }
    }
    s.finish()
}
