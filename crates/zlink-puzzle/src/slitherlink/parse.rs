//! Readers for Slitherlink formats, all with positioned errors.
//!
//! - puz.link `slither` URLs (4Cell body through the shared pzprjs codec); the pflag `f`
//!   ("every lattice point on the loop") is a different puzzle and is rejected;
//! - Tatham Loopy square-grid ids `WxHt0[d…]:<desc>` (`0`–`4` clues, `a`–`z` runs of 1–26 blanks);
//! - Janko blocks (`rows cols`, then `-` / `0`–`3` tokens) and their solutions (`x` inside);
//! - plain grids: one line per row, `.` blank, `0`–`4` clues.
//!
//! Clues marked unknown (`?` in URLs and plain grids) are read as blanks: for solving and
//! counting they are the same thing.

use super::{Loop, Slitherlink, MAX_CLUE};
use crate::detect::Readers;
use crate::janko::{parse_janko, parse_janko_or_erato};
use crate::pzprjs::{self, cell4, Clue};
use crate::tatham::{self, split_number, Token};
use crate::text::char_grid;
use crate::{Grid, ParseError};

impl Slitherlink {
    /// Reads any supported format, recognised from the first non-blank line.
    ///
    /// # Errors
    /// A [`ParseError`] at the first offending character.
    pub fn parse_any(text: &str, source: &str) -> Result<Self, ParseError> {
        Readers {
            url: Self::parse_url,
            tatham: Some(Self::parse_tatham),
            // `rows cols`, and the puzzlekit headers with more numbers after them
            by_header: &[
                (2, Self::parse_janko),
                (3, Self::parse_janko),
                (4, Self::parse_janko),
            ],
            plain: Self::parse_plain,
        }
        .read(text, source)
    }

    /// Reads a plain grid: one line per row, `.` (or `?`) blank, `0`–`4` clue.
    ///
    /// # Errors
    /// Unknown characters, rows of different lengths, an empty grid.
    pub fn parse_plain(text: &str, source: &str) -> Result<Self, ParseError> {
        let g = char_grid(text, source, |ch| match ch {
            '.' | '?' | '-' => Ok(None),
            '0'..='4' => Ok(Some(ch as u8 - b'0')),
            _ => Err("`.` or a clue 0–4"),
        })?;
        Ok(Self::new(
            Grid::from_cells(g.rows, g.cols, g.cells).expect("rows of equal length"),
        ))
    }

    /// Reads a Janko block: `rows cols`, then rows of `-` / `0`–`4` tokens; the ERATO
    /// `cols rows` header (algorithms2012 zslilin files) is recognised by its rows.
    ///
    /// # Errors
    /// As the shared Janko reader, plus clue tokens outside 0–4.
    pub fn parse_janko(text: &str, source: &str) -> Result<Self, ParseError> {
        let g = parse_janko_or_erato(text, source)?;
        let mut cells = Vec::with_capacity(g.cells.len());
        for t in g.cells.cells() {
            cells.push(match t.text {
                "-" | "." | "?" => None,
                s => Some(
                    crate::text::parse_uint::<u8>(s)
                        .filter(|&v| v <= MAX_CLUE)
                        .ok_or_else(|| {
                            t.error(source, format!("expected `-` or a clue 0–4, found `{s}`"))
                        })?,
                ),
            });
        }
        Ok(Self::new(
            Grid::from_cells(g.cells.rows(), g.cells.cols(), cells).expect("janko grid shape"),
        ))
    }

    /// Reads a Tatham Loopy id on the square grid: `WxHt0[d<c>]:<desc>`.
    ///
    /// # Errors
    /// Another grid type, a malformed id, clues above 4, a description not covering `W·H` faces.
    pub fn parse_tatham(id: &str, source: &str) -> Result<Self, ParseError> {
        let t = tatham::split_id(id, source)?;
        let (w, h, rest) = (t.width, t.height, t.params);
        let err = |i: usize, m: String| ParseError::new(source, 1, i + 1, m);
        let at = |r: &str| t.params_col - 1 + rest.len() - r.len();
        if !rest.is_empty() {
            let t = rest
                .strip_prefix('t')
                .ok_or_else(|| err(at(rest), "expected `t<type>` after `WxH`".into()))?;
            let (ty, tail) = split_number(t)
                .ok_or_else(|| err(at(t), "expected a grid type number after `t`".into()))?;
            if ty != 0 {
                return Err(err(
                    at(t),
                    format!("only the square grid (t0) is supported, found t{ty}"),
                ));
            }
            if !(tail.is_empty() || (tail.starts_with('d') && tail.len() == 2)) {
                return Err(err(
                    at(tail),
                    format!("unexpected Loopy parameters `{tail}`"),
                ));
            }
        }
        let cells = t.read_desc(source, "faces", |c: &[char]| match c[0] {
            ch @ '0'..='4' => Ok((Token::Cell(ch as u8 - b'0'), 1)),
            ch @ ('5'..='9' | 'A'..='Z') => Err(format!(
                "clue `{ch}` is impossible on a square grid (at most 4 sides)"
            )),
            ch => Err(format!(
                "expected a clue `0`–`4` or a blank run `a`–`z`, found `{ch}`"
            )),
        })?;
        let cells = cells.into_iter().map(|(v, _)| v).collect();
        Ok(Self::new(Grid::from_cells(h, w, cells).expect("w*h cells")))
    }

    /// Reads a puz.link `slither` URL.
    ///
    /// # Errors
    /// Another puzzle id, the `f` flag, a malformed envelope or body.
    pub fn parse_url(url: &str, source: &str) -> Result<Self, ParseError> {
        let u = pzprjs::url::parse_url_of(url, source, "slither")?;
        if !u.pflag.is_empty() {
            return Err(u.error_at_body(format!(
                "the `{}` flag (a variant where every lattice point is on the loop) is not supported",
                u.pflag
            )));
        }
        let n = u.rows * u.cols;
        if n == 0 {
            return Err(u.error_at_body("the grid is empty"));
        }
        let (clues, used) = cell4::decode(&u.body, n).map_err(|e| u.error(&e))?;
        u.expect_end(used, n)?;
        let mut cells = Vec::with_capacity(n);
        for c in clues
            .iter()
            .copied()
            .chain(std::iter::repeat(Clue::Empty))
            .take(n)
        {
            cells.push(match c {
                Clue::Empty | Clue::Unknown => None,
                Clue::Number(v @ 0..=4) => Some(v as u8),
                Clue::Number(v) => return Err(u.error_at_body(format!("clue {v} outside 0–4"))),
            });
        }
        Ok(Self::new(
            Grid::from_cells(u.rows, u.cols, cells).expect("rows*cols cells"),
        ))
    }

    /// The puz.link URL of this puzzle.
    pub fn to_url(&self) -> String {
        let clues: Vec<Clue> = self
            .clues()
            .cells()
            .iter()
            .map(|c| c.map_or(Clue::Empty, |v| Clue::Number(u32::from(v))))
            .collect();
        pzprjs::format_url(
            "slither",
            "",
            self.cols(),
            self.rows(),
            &cell4::encode(&clues),
        )
    }

    /// The Janko block of this puzzle (`rows cols`, then rows of `-` / clue tokens), as
    /// [`Slitherlink::parse_janko`] reads it.
    pub fn to_janko(&self) -> String {
        let header = format!("{} {}", self.rows(), self.cols());
        crate::janko::write_block(&header, self.rows(), self.cols(), |r, c| {
            self.clue(r, c).map_or("-".into(), |v| v.to_string())
        })
    }

    /// The Tatham Loopy id of this puzzle (`WxHt0:<desc>`).
    pub fn to_tatham(&self) -> String {
        let cells = self.clues().cells().iter();
        let desc = crate::tatham::write_desc(cells.map(|c| c.map(|v| char::from(b'0' + v))));
        format!("{}x{}t0:{desc}", self.cols(), self.rows())
    }
}

/// Reads a Janko solution block for `p` (`x` = cell inside the loop, `-` = outside).
///
/// # Errors
/// Shape mismatch with `p` or tokens other than `x` and `-`.
pub fn parse_janko_solution(p: &Slitherlink, text: &str, source: &str) -> Result<Loop, ParseError> {
    let g = parse_janko(text, source, 0)?;
    if (g.cells.rows(), g.cells.cols()) != (p.rows(), p.cols()) {
        return Err(ParseError::new(
            source,
            1,
            1,
            "the solution's size differs from the puzzle's",
        ));
    }
    let mut inside = Vec::with_capacity(g.cells.len());
    for t in g.cells.cells() {
        inside.push(match t.text {
            "x" => true,
            "-" => false,
            s => {
                return Err(t.error(
                    source,
                    format!("expected `x` (inside) or `-` (outside), found `{s}`"),
                ))
            }
        });
    }
    Ok(Loop::from_inside(
        &Grid::from_cells(p.rows(), p.cols(), inside).expect("shape"),
    ))
}
