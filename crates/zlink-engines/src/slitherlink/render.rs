//! Drawing Slitherlink puzzles and loops as text and SVG.
//!
//! Text: lattice points are `+`, loop edges `-` and `|` (ASCII) so the picture survives any
//! terminal; cells show their clue or a blank.

use super::{Loop, Slitherlink};
use zlink_puzzle::svg::SvgGrid;
use zlink_puzzle::Coord;

/// The puzzle with the loop drawn in (pass `None` for the bare puzzle).
pub fn text(p: &Slitherlink, l: Option<&Loop>) -> String {
    let mut out = String::new();
    let h = |r: usize, c: usize| l.is_some_and(|l| l.h[Coord::new(r, c)]);
    let v = |r: usize, c: usize| l.is_some_and(|l| l.v[Coord::new(r, c)]);
    for r in 0..=p.rows() {
        for c in 0..p.cols() {
            out.push('+');
            out.push(if h(r, c) { '-' } else { ' ' });
        }
        out.push_str("+\n");
        if r == p.rows() {
            break;
        }
        for c in 0..=p.cols() {
            out.push(if v(r, c) { '|' } else { ' ' });
            if c < p.cols() {
                out.push(p.clue(r, c).map_or(' ', |k| char::from(b'0' + k)));
            }
        }
        out.push('\n');
    }
    out
}

/// The plain one-line-per-row form read by [`Slitherlink::parse_plain`].
pub fn plain(p: &Slitherlink) -> String {
    let mut out = String::new();
    for r in 0..p.rows() {
        for c in 0..p.cols() {
            out.push(p.clue(r, c).map_or('.', |k| char::from(b'0' + k)));
        }
        out.push('\n');
    }
    out
}

/// An SVG picture: dots at lattice points, clues in cells, the loop in thick blue.
pub fn svg(p: &Slitherlink, l: Option<&Loop>) -> String {
    let mut s = SvgGrid::new(p.rows(), p.cols(), 32.0);
    for r in 0..p.rows() {
        for c in 0..p.cols() {
            if let Some(k) = p.clue(r, c) {
                s.cell_text(r, c, &k.to_string(), "black", true);
            }
        }
    }
    if let Some(l) = l {
        for r in 0..=p.rows() {
            for c in 0..p.cols() {
                if l.h[Coord::new(r, c)] {
                    s.lattice_line(r as f64, c as f64, r as f64, c as f64 + 1.0, "#1f5fbf", 4.0);
                }
            }
        }
        for r in 0..p.rows() {
            for c in 0..=p.cols() {
                if l.v[Coord::new(r, c)] {
                    s.lattice_line(r as f64, c as f64, r as f64 + 1.0, c as f64, "#1f5fbf", 4.0);
                }
            }
        }
    }
    for r in 0..=p.rows() {
        for c in 0..=p.cols() {
            s.dot(r as f64, c as f64, 0.06, "black", "none");
        }
    }
    s.finish()
}
