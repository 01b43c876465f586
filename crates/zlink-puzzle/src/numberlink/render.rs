//! Numberlink pictures: a text grid for terminals and an SVG with coloured lines.
//!
//! Why: people check answers by looking at them; the text form is also what snapshot tests
//! compare. Endpoints show their pair id (compact characters `1`-`9`, `A`-`Z`, else the
//! number modulo 36 as a digit or letter: a puzzle with such ids is written as its Janko block
//! instead), line cells a box-drawing character, empty cells `·`. Pair colours come from
//! [`crate::palette`], each end labelled in black or white, whichever reads on it.

use super::formats::compact_char;
use super::{Links, NumberlinkGrid, E, N, S, W};
use crate::palette;
use crate::svg::SvgGrid;
use crate::Coord;

/// The box-drawing character of a cell linked in the directions `mask`.
pub fn line_char(mask: u8) -> char {
    match mask {
        0 => '·',
        m if m == N | S => '│',
        m if m == E | W => '─',
        m if m == S | E => '┌',
        m if m == S | W => '┐',
        m if m == N | E => '└',
        m if m == N | W => '┘',
        m if m == N || m == S => '╵',
        m if m == E || m == W => '╶',
        _ => '┼',
    }
}

fn id_char(id: u32) -> char {
    compact_char(id).unwrap_or_else(|| char::from_digit(id % 36, 36).unwrap_or('?'))
}

/// The solution as text: one character per cell, endpoints as their id, lines as
/// box-drawing characters (`links = None` draws the puzzle alone).
pub fn text(p: &NumberlinkGrid, links: Option<&Links>) -> String {
    let mut s = String::new();
    for r in 0..p.rows() {
        for c in 0..p.cols() {
            let at = Coord::new(r, c);
            s.push(match (p.id(at), links) {
                (Some(id), _) => id_char(id),
                (None, Some(l)) => line_char(l.mask(at)),
                (None, None) => '·',
            });
        }
        s.push('\n');
    }
    s
}

/// The puzzle (and the solution, if given) as an SVG document: grid lines, each pair's line in
/// its own colour through the cell centres, endpoints as discs with their id.
pub fn svg(p: &NumberlinkGrid, links: Option<&Links>) -> String {
    let mut g = SvgGrid::new(p.rows(), p.cols(), 32.0);
    g.grid_lines(1.0);
    let pairs = p.pairs();
    if let Some(l) = links {
        // Colour each line by the pair whose endpoint it starts at.
        for (k, &(_, a, _)) in pairs.iter().enumerate() {
            let col = palette::hex(k);
            let (mut prev, mut cur) = (a, a);
            let mut steps = 0;
            while let Some(next) = l.neighbours(cur).into_iter().find(|&x| x != prev) {
                g.lattice_line(
                    cur.row as f64 + 0.5,
                    cur.col as f64 + 0.5,
                    next.row as f64 + 0.5,
                    next.col as f64 + 0.5,
                    &col,
                    8.0,
                );
                (prev, cur) = (cur, next);
                steps += 1;
                if p.id(cur).is_some() || steps > p.rows() * p.cols() {
                    break;
                }
            }
        }
    }
    for (k, &(id, a, b)) in pairs.iter().enumerate() {
        let col = palette::hex(k);
        let label = palette::label_on(palette::colour(k));
        for at in [a, b] {
            g.dot(
                at.row as f64 + 0.5,
                at.col as f64 + 0.5,
                0.36,
                &col,
                "black",
            );
            g.cell_text(at.row, at.col, &id.to_string(), label, true);
        }
    }
    g.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numberlink::formats::parse_compact;

    #[test]
    fn text_and_svg() {
        let p = parse_compact("1.1\n...\n", "c").unwrap();
        let mut l = Links::new(2, 3);
        l.set(Coord::new(0, 0), Coord::new(1, 0), true);
        l.set(Coord::new(1, 0), Coord::new(1, 1), true);
        l.set(Coord::new(1, 1), Coord::new(1, 2), true);
        l.set(Coord::new(1, 2), Coord::new(0, 2), true);
        assert_eq!(text(&p, Some(&l)), "1·1\n└─┘\n");
        assert_eq!(text(&p, None), "1·1\n···\n");
        let s = svg(&p, Some(&l));
        assert!(s.starts_with("<svg") && s.matches("<line").count() >= 3 + 4);
        assert!(s.contains(">1</text>"));
    }
}
