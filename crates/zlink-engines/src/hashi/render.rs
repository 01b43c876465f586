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
            out.push(match h.island_at(zlink_puzzle::Coord::new(r, c)) {
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
    let mut s = zlink_puzzle::svg::SvgGrid::new(h.rows(), h.cols(), 32.0);
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
