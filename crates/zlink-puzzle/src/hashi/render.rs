//! Drawing Hashi puzzles and solutions as text.
//!
//! The text form doubles the grid: character `(2r, 2c)` is cell `(r, c)` and the characters
//! between cells carry bridges, so zero-length bridges between adjacent islands stay visible.
//! Bridges are `─ ═` / `│ ‖` (Unicode) or `- =` / `| "` (ASCII); water is `·` or `.`.

use super::{Bridges, Hashi};

/// Which characters to draw with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// Box-drawing characters.
    Unicode,
    /// Plain ASCII.
    Ascii,
}

/// Renders `h` with the bridges of `sol` (pass `None` for the bare puzzle).
pub fn text(h: &Hashi, sol: Option<&Bridges>, cs: Charset) -> String {
    let (w, hh) = (2 * h.cols() - 1, 2 * h.rows() - 1);
    let water = if cs == Charset::Unicode { '·' } else { '.' };
    let mut canvas = vec![vec![' '; w]; hh];
    for r in 0..h.rows() {
        for c in 0..h.cols() {
            canvas[2 * r][2 * c] = water;
        }
    }
    let glyph = |vertical: bool, count: u8| match (cs, vertical, count) {
        (Charset::Unicode, false, 1) => '─',
        (Charset::Unicode, false, _) => '═',
        (Charset::Unicode, true, 1) => '│',
        (Charset::Unicode, true, _) => '‖',
        (Charset::Ascii, false, 1) => '-',
        (Charset::Ascii, false, _) => '=',
        (Charset::Ascii, true, 1) => '|',
        (Charset::Ascii, true, _) => '"',
    };
    if let Some(sol) = sol {
        let isl = h.islands();
        for &(a, b, count) in &sol.bridges {
            let (pa, pb) = (isl[a].coord, isl[b].coord);
            if pa.row == pb.row {
                let (lo, hi) = (2 * pa.col.min(pb.col) + 1, 2 * pa.col.max(pb.col));
                canvas[2 * pa.row][lo..hi].fill(glyph(false, count));
            } else {
                let (lo, hi) = (2 * pa.row.min(pb.row) + 1, 2 * pa.row.max(pb.row));
                for line in &mut canvas[lo..hi] {
                    line[2 * pa.col] = glyph(true, count);
                }
            }
        }
    }
    for island in h.islands() {
        canvas[2 * island.coord.row][2 * island.coord.col] =
            island.clue.map_or('?', |n| char::from(b'0' + n));
    }
    let mut out = String::new();
    for line in canvas {
        out.push_str(line.iter().collect::<String>().trim_end());
        out.push('\n');
    }
    out
}

/// The compact one-line-per-row form read by [`Hashi::parse_compact`].
pub fn compact(h: &Hashi) -> String {
    let mut out = String::new();
    for r in 0..h.rows() {
        for c in 0..h.cols() {
            out.push(match h.island_at(crate::Coord::new(r, c)) {
                None => '.',
                Some(i) => h.islands()[i].clue.map_or('?', |n| char::from(b'0' + n)),
            });
        }
        out.push('\n');
    }
    out
}

/// An SVG picture: islands as circles with their numbers, bridges as one or two lines between
/// island centres.
pub fn svg(h: &Hashi, sol: Option<&Bridges>) -> String {
    let mut s = crate::svg::SvgGrid::new(h.rows(), h.cols(), 32.0);
    if let Some(sol) = sol {
        let isl = h.islands();
        for &(a, b, count) in &sol.bridges {
            let (pa, pb) = (isl[a].coord, isl[b].coord);
            let offsets: &[f64] = if count == 1 { &[0.0] } else { &[-0.1, 0.1] };
            for &o in offsets {
                let (dr, dc) = if pa.row == pb.row { (o, 0.0) } else { (0.0, o) };
                s.lattice_line(
                    pa.row as f64 + 0.5 + dr,
                    pa.col as f64 + 0.5 + dc,
                    pb.row as f64 + 0.5 + dr,
                    pb.col as f64 + 0.5 + dc,
                    "black",
                    2.0,
                );
            }
        }
    }
    for island in h.islands() {
        let (r, c) = (island.coord.row, island.coord.col);
        s.dot(r as f64 + 0.5, c as f64 + 0.5, 0.4, "white", "black");
        s.cell_text(
            r,
            c,
            &island.clue.map_or("?".to_string(), |n| n.to_string()),
            "black",
            true,
        );
    }
    s.finish()
}

/// `sol` as Janko writes a Hashi solution (what [`super::parse::parse_janko_solution`]
/// reads): the `rows cols` header, then a token per cell: `1` / `2` for a cell under a single
/// / double bridge along a row, `a` / `b` along a column, `-` for islands and water. `None`
/// when a bridge joins two adjacent islands: it covers no cell, and the block cannot show it.
pub fn janko_solution(h: &Hashi, sol: &Bridges) -> Option<String> {
    let (rows, cols) = (h.rows(), h.cols());
    let mut cells = vec!['-'; rows * cols];
    for &(a, b, n) in &sol.bridges {
        let (p, q) = (h.islands()[a].coord, h.islands()[b].coord);
        let (along_row, span): (bool, Vec<usize>) = if p.row == q.row {
            let (lo, hi) = (p.col.min(q.col), p.col.max(q.col));
            (true, (lo + 1..hi).map(|c| p.row * cols + c).collect())
        } else {
            let (lo, hi) = (p.row.min(q.row), p.row.max(q.row));
            (false, (lo + 1..hi).map(|r| r * cols + p.col).collect())
        };
        if span.is_empty() {
            return None;
        }
        let token = match (along_row, n) {
            (true, 1) => '1',
            (true, _) => '2',
            (false, 1) => 'a',
            (false, _) => 'b',
        };
        for i in span {
            cells[i] = token;
        }
    }
    let header = format!("{rows} {cols}");
    Some(crate::janko::write_block(&header, rows, cols, |r, c| {
        cells[r * cols + c].to_string()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hashi::parse::parse_janko_solution;

    /// Janko's Hashi 001 (puzzlekit `01_9x9`) and its solution as Janko gives it.
    const PUZZLE: &str = "9 9\n- 3 - 3 - - - - 2\n- - 3 - - - 1 - -\n2 - - 2 - 3 - - 4\n\
        - - 3 - 4 - - 2 -\n3 - - - - - - - 3\n- 2 - - 5 - 3 - -\n4 - - 3 - 1 - - 1\n\
        - - 1 - - - 2 - -\n3 - - - - 3 - 2 -";
    const SOLUTION: &str = "9 9\n- - 2 - 1 1 1 1 - \n- a - 1 1 1 - - a \n- a b - 2 - 1 1 - \n\
        b a - 1 - 1 1 - b \n- a - - b - - a - \na - 1 1 - 2 - a a \n- 2 2 - 1 - a a - \n\
        a - - 1 1 1 - a - \n- 2 2 2 2 - 1 - -";

    fn tokens(text: &str) -> Vec<Vec<&str>> {
        text.lines()
            .map(|l| l.split_whitespace().collect())
            .collect()
    }

    #[test]
    fn janko_solution_is_written_as_janko_writes_it() {
        let h = Hashi::parse_any(PUZZLE, "p").unwrap();
        let sol = parse_janko_solution(&h, SOLUTION, "s").unwrap();
        assert!(crate::hashi::verify::verify(&h, &sol).is_ok());
        let written = janko_solution(&h, &sol).unwrap();
        assert_eq!(tokens(&written), tokens(SOLUTION));
        assert_eq!(parse_janko_solution(&h, &written, "w").unwrap(), sol);
    }

    #[test]
    fn a_bridge_between_adjacent_islands_has_no_janko_form() {
        let h = Hashi::parse_compact("11", "p").unwrap();
        let sol = Bridges::new(vec![(0, 1, 1)]);
        assert_eq!(janko_solution(&h, &sol), None);
        let h = Hashi::parse_compact("1.1", "p").unwrap();
        let sol = Bridges::new(vec![(0, 1, 1)]);
        assert_eq!(janko_solution(&h, &sol).unwrap(), "1 3\n- 1 -\n");
    }
}
