//! Readers for the Hashi formats people have, all with positioned errors.
//!
//! - CLLV `.has`: `rows cols islands`, then `rows` lines of `cols` integers (0 water, 1–8 island);
//! - compact grid: one line per row, `.` water, `1`–`8` island, `?` island of unknown number;
//! - Janko (puzzlekit): `rows cols`, then rows of `-` / `1`–`8`; solutions `1`/`2` horizontal,
//!   `a`/`b` vertical bridges through a cell, `-` otherwise ([`parse_janko_solution`]);
//! - Tatham Bridges game ids `WxH…m2…:<desc>` (`1`–`9`, `A`–`G` islands, `a`–`z` water runs);
//! - puz.link `hashi` URLs (Number16 body, `.` = `?` island), via the shared pzprjs codec.
//!
//! [`Hashi::parse_any`] recognises the format from the text. After reading, every island is
//! checked against its neighbourhood: a number larger than twice its candidate count is reported
//! at the island's position, because no solver run can help such an input.

use super::{Bridges, Hashi, MAX_CLUE};
use crate::detect::Readers;
use crate::janko::parse_janko;
use crate::pzprjs::{self, number16, Clue};
use crate::tatham::{self, split_number};
use crate::text::{char_grid, content_lines, line_tokens, Token};
use crate::{Coord, ParseError};

/// A cell read from text: water, or an island with a known or unknown number.
type Cell = Option<Option<u8>>;

impl Hashi {
    /// Reads any supported format, recognised from the text (see the module docs).
    ///
    /// # Errors
    /// A [`ParseError`] at the first offending character.
    pub fn parse_any(text: &str, source: &str) -> Result<Self, ParseError> {
        Readers {
            url: Self::parse_url,
            tatham: Some(Self::parse_tatham),
            by_header: &[(2, Self::parse_janko), (3, Self::parse_has)],
            plain: Self::parse_compact,
        }
        .read(text, source)
    }

    /// Reads a CLLV `.has` file.
    ///
    /// # Errors
    /// Bad header, wrong row length, numbers outside 0–8, an island count that differs from the
    /// header, missing or extra rows, or an island whose number exceeds twice its neighbour count.
    pub fn parse_has(text: &str, source: &str) -> Result<Self, ParseError> {
        let mut lines = content_lines(text);
        let (hl, head) = lines.next().ok_or_else(|| {
            ParseError::new(source, 1, 1, "empty input: expected `rows cols islands`")
        })?;
        let (htoks, [rows, cols, count]) = has_header(hl, head, source)?;
        crate::input_size::check_size(rows, cols, source, hl, htoks[0].col)?;
        let mut cells = Vec::with_capacity(rows * cols);
        let mut pos = Vec::with_capacity(rows * cols);
        let mut last = hl;
        for r in 0..rows {
            let (ln, line) = lines.next().ok_or_else(|| {
                ParseError::new(
                    source,
                    last + 1,
                    1,
                    format!("expected {rows} grid rows, found {r}"),
                )
            })?;
            last = ln;
            let toks: Vec<Token<'_>> = line_tokens(line, ln).collect();
            if toks.len() != cols {
                let col = toks.get(cols).map_or(line.chars().count() + 1, |t| t.col);
                return Err(ParseError::new(
                    source,
                    ln,
                    col,
                    format!(
                        "expected {cols} cells in row {}, found {}",
                        r + 1,
                        toks.len()
                    ),
                ));
            }
            for t in toks {
                let v: u8 = crate::text::parse_uint(t.text)
                    .filter(|&v| v <= MAX_CLUE)
                    .ok_or_else(|| {
                        t.error(
                            source,
                            format!(
                                "expected 0 (water) or an island number 1–8, found `{}`",
                                t.text
                            ),
                        )
                    })?;
                cells.push((v > 0).then_some(Some(v)));
                pos.push((t.line, t.col));
            }
        }
        if let Some((ln, _)) = lines.next() {
            return Err(ParseError::new(
                source,
                ln,
                1,
                format!("unexpected text after the {rows} grid rows"),
            ));
        }
        let found = cells.iter().filter(|c| c.is_some()).count();
        if found != count {
            return Err(htoks[2].error(
                source,
                format!("the header announces {count} islands but the grid has {found}"),
            ));
        }
        finish(rows, cols, &cells, &pos, source)
    }

    /// Reads a compact grid: one line per row, `.` water, `1`–`8` island, `?` unknown island.
    ///
    /// # Errors
    /// Unknown characters, rows of different lengths, an empty grid, impossible island numbers.
    pub fn parse_compact(text: &str, source: &str) -> Result<Self, ParseError> {
        let g = char_grid(text, source, |ch| match ch {
            '.' => Ok(None),
            '?' => Ok(Some(None)),
            '1'..='8' => Ok(Some(Some(ch as u8 - b'0'))),
            _ => Err("`.`, `?` or an island number 1–8"),
        })?;
        finish(g.rows, g.cols, &g.cells, &g.pos, source)
    }

    /// Reads a Janko problem block: `rows cols`, then rows of `-` / `1`–`8` tokens.
    ///
    /// # Errors
    /// As [`Hashi::parse_has`], for this layout.
    pub fn parse_janko(text: &str, source: &str) -> Result<Self, ParseError> {
        let g = parse_janko(text, source, 0)?;
        let mut cells = Vec::with_capacity(g.cells.len());
        let mut pos = Vec::with_capacity(g.cells.len());
        for t in g.cells.cells() {
            cells.push(match t.text {
                "-" | "." => None,
                "?" => Some(None),
                s => Some(Some(
                    crate::text::parse_uint::<u8>(s)
                        .filter(|v| (1..=MAX_CLUE).contains(v))
                        .ok_or_else(|| {
                            t.error(
                                source,
                                format!("expected `-` or an island number 1–8, found `{s}`"),
                            )
                        })?,
                )),
            });
            pos.push((t.line, t.col));
        }
        finish(g.cells.rows(), g.cells.cols(), &cells, &pos, source)
    }

    /// Reads a Tatham Bridges game id `WxH[params]:<desc>`.
    ///
    /// Only the standard rules are accepted: `m2` (or no `m`) and loops allowed (no `L` flag).
    ///
    /// # Errors
    /// A malformed id, an unsupported parameter, numbers above 8, or a description that does not
    /// cover exactly `W·H` cells.
    pub fn parse_tatham(id: &str, source: &str) -> Result<Self, ParseError> {
        let t = tatham::split_id(id, source)?;
        let (w, h, params) = (t.width, t.height, t.params);
        tatham_params(params, t.params_col, source)?;
        let read = t.read_desc(source, "cells", |c: &[char]| match c[0] {
            ch @ ('1'..='9' | 'A'..='G') => match ch.to_digit(17).unwrap_or(0) as u8 {
                v if v > MAX_CLUE => Err(format!(
                    "island number {v} exceeds 8 (four directions, two bridges each)"
                )),
                v => Ok((tatham::Token::Cell(Some(v)), 1)),
            },
            ch => Err(format!(
                "expected `1`–`9`, `A`–`G` or a water run `a`–`z`, found `{ch}`"
            )),
        })?;
        let (cells, pos): (Vec<_>, Vec<_>) = read.into_iter().map(|(v, col)| (v, (1, col))).unzip();
        finish(h, w, &cells, &pos, source)
    }

    /// Reads a puz.link / pzprjs `hashi` URL (aliases `hashikake`, `bridges`); `.` in the body
    /// is an island of unknown number.
    ///
    /// # Errors
    /// Another puzzle id, a malformed envelope or body, numbers outside 1–8.
    pub fn parse_url(url: &str, source: &str) -> Result<Self, ParseError> {
        let u = pzprjs::url::parse_url_of(url, source, "hashi")?;
        let n = u.rows * u.cols;
        let (clues, used) = number16::decode(&u.body, n).map_err(|e| u.error(&e))?;
        u.expect_end(used, n)?;
        let mut cells = Vec::with_capacity(n);
        for clue in clues
            .iter()
            .copied()
            .chain(std::iter::repeat(Clue::Empty))
            .take(n)
        {
            cells.push(match clue {
                Clue::Empty => None,
                Clue::Unknown => Some(None),
                Clue::Number(v @ 1..=8) => Some(Some(v as u8)),
                Clue::Number(v) => {
                    return Err(u.error_at_body(format!("island number {v} outside 1–8")));
                }
            });
        }
        let pos = vec![(1, 1); n];
        finish(u.rows, u.cols, &cells, &pos, source)
    }

    /// The Janko block of this puzzle (`rows cols`, then `-` / island tokens), as
    /// [`Hashi::parse_janko`] reads it (`?` for an island of unknown number).
    pub fn to_janko(&self) -> String {
        let header = format!("{} {}", self.rows(), self.cols());
        crate::janko::write_block(&header, self.rows(), self.cols(), |r, c| {
            match self.island_at(Coord::new(r, c)) {
                None => "-".to_string(),
                Some(k) => self.islands()[k].clue.map_or("?".into(), |v| v.to_string()),
            }
        })
    }

    /// The Tatham Bridges game id of this puzzle (`WxHm2:<desc>`), as
    /// [`Hashi::parse_tatham`] and Tatham's Bridges read it; `None` when Bridges cannot hold
    /// the puzzle: an island of unknown number (`?`), or two islands side by side.
    pub fn to_tatham(&self) -> Option<String> {
        let (rows, cols) = (self.rows(), self.cols());
        let mut cells = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                let Some(k) = self.island_at(Coord::new(r, c)) else {
                    cells.push(None);
                    continue;
                };
                let beside = (c + 1 < cols && self.island_at(Coord::new(r, c + 1)).is_some())
                    || (r + 1 < rows && self.island_at(Coord::new(r + 1, c)).is_some());
                let clue = self.islands()[k].clue.filter(|_| !beside)?;
                cells.push(Some(char::from(b'0' + clue)));
            }
        }
        Some(format!(
            "{cols}x{rows}m2:{}",
            crate::tatham::write_desc(cells)
        ))
    }

    /// The puz.link URL of this puzzle (`?` islands as `.`).
    pub fn to_url(&self) -> String {
        let clues: Vec<Clue> = (0..self.rows() * self.cols())
            .map(
                |i| match self.island_at(Coord::new(i / self.cols(), i % self.cols())) {
                    None => Clue::Empty,
                    Some(k) => self.islands()[k]
                        .clue
                        .map_or(Clue::Unknown, |v| Clue::Number(u32::from(v))),
                },
            )
            .collect();
        pzprjs::format_url(
            "hashi",
            "",
            self.cols(),
            self.rows(),
            &number16::encode(&clues),
        )
    }
}

/// Reads a Janko solution block for `h`: `1`/`2` horizontal, `a`/`b` vertical, `-` otherwise.
///
/// Each bridge must run unbroken, with one kind of token, from one island to the next one.
///
/// # Errors
/// Shape mismatch with `h`, unknown tokens, a bridge token on an island, a bridge that runs off
/// the grid or changes kind before it reaches an island.
pub fn parse_janko_solution(h: &Hashi, text: &str, source: &str) -> Result<Bridges, ParseError> {
    let g = parse_janko(text, source, 0)?;
    let (rows, cols) = (g.cells.rows(), g.cells.cols());
    if (rows, cols) != (h.rows(), h.cols()) {
        return Err(ParseError::new(
            source,
            1,
            1,
            format!(
                "solution is {rows}x{cols}, puzzle is {}x{}",
                h.rows(),
                h.cols()
            ),
        ));
    }
    let tok = |r: usize, c: usize| g.cells[Coord::new(r, c)];
    let mut out = Vec::new();
    for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
        let t = tok(r, c);
        let here = h.island_at(Coord::new(r, c));
        match (t.text, here) {
            ("-", _) | ("1" | "2" | "a" | "b", None) => {}
            (s, Some(_)) => {
                return Err(t.error(source, format!("expected `-` on an island, found `{s}`")))
            }
            (s, None) => {
                return Err(t.error(
                    source,
                    format!("expected `-`, `1`, `2`, `a` or `b`, found `{s}`"),
                ))
            }
        }
        let Some(a) = here else { continue };
        for (vertical, kinds) in [(false, ["1", "2"]), (true, ["a", "b"])] {
            let step = |k: usize| if vertical { (r + k, c) } else { (r, c + k) };
            let inside = |(rr, cc): (usize, usize)| rr < rows && cc < cols;
            if !inside(step(1)) {
                continue;
            }
            let t0 = tok(step(1).0, step(1).1);
            let Some(count) = kinds.iter().position(|k| *k == t0.text) else {
                continue;
            };
            let mut k = 1;
            loop {
                let p = step(k);
                if !inside(p) {
                    return Err(
                        tok(step(k - 1).0, step(k - 1).1).error(source, "bridge runs off the grid")
                    );
                }
                if let Some(b) = h.island_at(Coord::new(p.0, p.1)) {
                    out.push((a, b, count as u8 + 1));
                    break;
                }
                let t = tok(p.0, p.1);
                if t.text != t0.text {
                    return Err(t.error(
                        source,
                        format!(
                            "bridge changes from `{}` to `{}` before reaching an island",
                            t0.text, t.text
                        ),
                    ));
                }
                k += 1;
            }
        }
    }
    Ok(Bridges::new(out))
}

/// The `rows cols islands` header of a `.has` file (line `hl`, text `head`), with its tokens.
fn has_header<'a>(
    hl: usize,
    head: &'a str,
    source: &str,
) -> Result<(Vec<Token<'a>>, [usize; 3]), ParseError> {
    let htoks: Vec<Token<'_>> = line_tokens(head, hl).collect();
    if htoks.len() != 3 {
        let col = htoks.get(3).map_or(head.chars().count() + 1, |t| t.col);
        return Err(ParseError::new(
            source,
            hl,
            col,
            "expected a header `rows cols islands`",
        ));
    }
    let mut dims = [0usize; 3];
    for (d, t) in dims.iter_mut().zip(&htoks) {
        *d = crate::text::parse_uint(t.text).ok_or(()).map_err(|_| {
            t.error(
                source,
                format!(
                    "expected a number in `rows cols islands`, found `{}`",
                    t.text
                ),
            )
        })?;
    }
    Ok((htoks, dims))
}

/// Checks the parameters of a Tatham Bridges id (starting at 1-based column `params_col`):
/// `i`, `e`, `d` and `m2` are accepted, any other `m`, `L` (no loops) or letter is an error.
fn tatham_params(params: &str, params_col: usize, source: &str) -> Result<(), ParseError> {
    let err = |i: usize, m: String| ParseError::new(source, 1, i + 1, m);
    let at = |rest: &str| params_col - 1 + params.len() - rest.len();
    let mut rest = params;
    while let Some(c) = rest.chars().next() {
        let here = at(rest);
        rest = &rest[c.len_utf8()..];
        match c {
            'i' | 'e' | 'm' => {
                let (v, r) = split_number(rest)
                    .ok_or_else(|| err(here + 1, format!("expected a number after `{c}`")))?;
                if c == 'm' && v != 2 {
                    return Err(err(
                        here,
                        format!("only the standard rule of at most 2 bridges per pair is supported, found m{v}"),
                    ));
                }
                rest = r;
            }
            'L' => {
                return Err(err(
                    here,
                    "the `L` variant (no loops allowed) is not supported".into(),
                ))
            }
            'd' => rest = rest.get(1..).unwrap_or(""),
            _ => return Err(err(here, format!("unknown Bridges parameter `{c}`"))),
        }
    }
    Ok(())
}

/// Builds the instance (island numbers too large for their neighbourhood are not checked
/// here: such a puzzle is well-formed and has no solution, see [`Hashi::overloaded`]).
fn finish(
    rows: usize,
    cols: usize,
    cells: &[Cell],
    _pos: &[(usize, usize)],
    source: &str,
) -> Result<Hashi, ParseError> {
    if rows == 0 || cols == 0 {
        return Err(ParseError::new(source, 1, 1, "the grid is empty"));
    }
    let h = Hashi::from_cells(rows, cols, cells);
    if h.islands().is_empty() {
        return Err(ParseError::new(source, 1, 1, "the grid has no island"));
    }
    Ok(h)
}
