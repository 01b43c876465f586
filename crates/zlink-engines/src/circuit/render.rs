//! Circuit-board pictures. The text form is the drawn format of [`super::parse::write`]
//! (re-readable); the SVG draws the grid, blacked-out cells filled, a dot per point, the given
//! wires dark and thick, the solution's other wires blue, and on a board with endpoints the
//! two endpoints as the letters S and T and (in a solution) the `s`–`t` path in red, as the report's Figure 5.4.

use zlink_puzzle::svg::SvgGrid;

use super::{verify, Circuit, Wires};

/// SVG of the board (given wires) or of a solution.
pub fn svg(c: &Circuit, solution: Option<&Wires>) -> String {
    let (rows, cols) = (c.rows(), c.cols());
    let mut s = SvgGrid::new(rows, cols, 30.0);
    for i in 0..rows * cols {
        if !c.is_point(i) {
            s.fill_cell(i / cols, i % cols, "#333");
        }
    }
    s.grid_lines(1.0);
    let centre = |i: usize| ((i / cols) as f64 + 0.5, (i % cols) as f64 + 0.5);
    let path = match (solution, c.ends()) {
        (Some(w), Some((a, b))) => verify::path(c, w, a, b),
        _ => Vec::new(),
    };
    let wire = |s: &mut SvgGrid, (a, b): (usize, usize), color: &str, width: f64| {
        let ((r1, c1), (r2, c2)) = (centre(a), centre(b));
        s.lattice_line(r1, c1, r2, c2, color, width);
    };
    if let Some(w) = solution {
        for &e in &w.edges {
            if c.given().binary_search(&e).is_err() {
                let on_path = path.contains(&e);
                wire(&mut s, e, if on_path { "#d62728" } else { "#2a6fb0" }, 4.0);
            }
        }
    }
    for &e in c.given() {
        let on_path = path.contains(&e);
        wire(&mut s, e, if on_path { "#8b0000" } else { "#111" }, 7.0);
    }
    for i in c.point_cells() {
        let (r, col) = centre(i);
        match c.ends() {
            Some((a, b)) if i == a || i == b => {
                // a pale disc under the letter, so the wires stop short of it
                s.dot(r, col, 0.3, "#d6e9f8", "none");
                let name = if i == a { "S" } else { "T" }; // capitals: centred like digits
                s.cell_text(i / cols, i % cols, name, "#1f4e9c", true);
            }
            _ => s.dot(r, col, 0.12, "black", "none"),
        }
    }
    s.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use zlink_puzzle::Puzzle;

    #[test]
    fn draws_cells_wires_and_ends() {
        let c = Circuit::parse("s-o o\n\n# o t\n", "f").unwrap().remove(0).1;
        let board = svg(&c, None);
        assert!(board.starts_with("<svg") && board.contains("#333"));
        assert_eq!(board.matches("stroke-width=\"7\"").count(), 1);
        assert!(board.contains(">S</text>") && board.contains(">T</text>"));
    }
}
