//! Numberlink text formats (FORMATS.md §1.3-1.4), read and written with positioned errors.
//!
//! Why: the corpora the engine is measured on come in five shapes, and each codec checks sizes
//! before it allocates and never panics on bad input, so any file can be fed to it.
//!
//! | format | reader | writer | blank | endpoints |
//! |---|---|---|---|---|
//! | Janko (`rows cols`, then tokens) | [`parse_janko`] | [`write_janko`] | `-` | integers |
//! | Janko solution (direction sets) | [`parse_janko_solution`] | [`write_janko_solution`] | `-` | `n`, `ew`, … |
//! | ERATO / ddnumlin (`cols rows`) | [`parse_erato`] | [`write_erato`] | `-` | integers |
//! | compact grid | [`parse_compact`] | [`write_compact`] | `.` | `1`-`9`, `A`-`Z` |
//! | Flow Free level | [`parse_flow`] | [`write_symbols`] | any other char | letters, digits |
//! | thomasahle blocks (`W H`, rows) | [`parse_blocks`] | [`write_block`] | `.` | letters, digits |
//!
//! Flow and thomasahle endpoints are symbols; pair ids are given in order of first
//! appearance (row-major) and the symbol table ([`Symbols`]) is returned beside the grid.

use super::{Links, NumberlinkGrid, E, MAX_CELLS, N, S, W};
use crate::janko::HeaderOrder;
use crate::text::{char_grid, content_lines, line_tokens, Token};
use crate::{Coord, Grid, ParseError};

/// `symbols[id - 1]` is the character of pair `id` (Flow, thomasahle formats).
pub type Symbols = Vec<char>;

/// A grid of tokens after a two-number header (`rows cols`, or `cols rows` with
/// `cols_first`), read by the shared Janko block reader (text after the grid is an error), and
/// checked against Numberlink's [`MAX_CELLS`].
fn token_grid<'a>(
    text: &'a str,
    source: &str,
    cols_first: bool,
) -> Result<Grid<Token<'a>>, ParseError> {
    let order = if cols_first {
        HeaderOrder::ColsRows
    } else {
        HeaderOrder::RowsCols
    };
    let g = crate::janko::parse_in_order(text, source, order)?.cells;
    let (rows, cols) = (g.rows(), g.cols());
    if rows * cols > MAX_CELLS {
        let (line, col) = content_lines(text).next().map_or((1, 1), |(n, _)| (n, 1));
        return Err(ParseError::new(
            source,
            line,
            col,
            format!(
                "the size {rows}x{cols} (rows x columns) is above the maximum of {MAX_CELLS} cells"
            ),
        ));
    }
    Ok(g)
}

/// Validates a grid of ids, pointing errors at the offending cell's position.
fn validate(
    ids: Grid<Option<u32>>,
    pos: impl Fn(Coord) -> (usize, usize),
    source: &str,
) -> Result<NumberlinkGrid, ParseError> {
    NumberlinkGrid::new(ids).map_err(|e| {
        let at = match e {
            super::InstanceError::ZeroId { at } => at,
        };
        let (l, c) = pos(at);
        ParseError::new(source, l, c, e.to_string())
    })
}

fn id_tokens(toks: &Grid<Token<'_>>, source: &str) -> Result<NumberlinkGrid, ParseError> {
    let mut ids = Vec::with_capacity(toks.len());
    for t in toks.cells() {
        ids.push(match t.text {
            "-" | "." | "0" => None,
            s => match crate::text::parse_uint::<u32>(s).ok_or(()) {
                Ok(v) => Some(v),
                Err(_) => {
                    return Err(t.error(
                        source,
                        format!("expected `-` or a pair number, found `{s}`"),
                    ))
                }
            },
        });
    }
    let ids = Grid::from_cells(toks.rows(), toks.cols(), ids).expect("same size");
    validate(ids, |c| (toks[c].line, toks[c].col), source)
}

/// Reads a Janko block: `rows cols`, then `rows` lines of `cols` tokens, `-` blank, positive
/// integers pair ids (`0` and `.` are also read as blank).
///
/// # Errors
/// A positioned [`ParseError`] for a bad header, a short or long row, or a bad token.
pub fn parse_janko(text: &str, source: &str) -> Result<NumberlinkGrid, ParseError> {
    let toks = token_grid(text, source, false)?;
    id_tokens(&toks, source)
}

/// Reads an ERATO / TdZdd ddnumlin file: as [`parse_janko`] but the header is `cols rows`.
///
/// # Errors
/// As [`parse_janko`].
pub fn parse_erato(text: &str, source: &str) -> Result<NumberlinkGrid, ParseError> {
    let toks = token_grid(text, source, true)?;
    id_tokens(&toks, source)
}

fn write_tokens(p: &NumberlinkGrid, header: String) -> String {
    crate::janko::write_block(&header, p.rows(), p.cols(), |r, c| {
        p.id(Coord::new(r, c)).map_or("-".into(), |v| v.to_string())
    })
}

/// Writes the Janko block of `p` (`rows cols` header).
pub fn write_janko(p: &NumberlinkGrid) -> String {
    write_tokens(p, format!("{} {}", p.rows(), p.cols()))
}

/// Writes `p` as an ERATO / ddnumlin file (`cols rows` header).
pub fn write_erato(p: &NumberlinkGrid) -> String {
    write_tokens(p, format!("{} {}", p.cols(), p.rows()))
}

/// Reads a Janko solution block: `rows cols`, then per cell the set of directions its line
/// leaves by (`n`, `s`, `e`, `w` letters in any order, `-` none).
///
/// # Errors
/// A positioned [`ParseError`] for a bad token, a direction off the grid, or two neighbours
/// that disagree about their link.
pub fn parse_janko_solution(text: &str, source: &str) -> Result<Links, ParseError> {
    let toks = token_grid(text, source, false)?;
    let (rows, cols) = (toks.rows(), toks.cols());
    let mut masks = Grid::new(rows, cols, 0u8);
    for (at, t) in toks.iter() {
        let mut m = 0u8;
        if t.text != "-" {
            for ch in t.text.chars() {
                let bit = match ch {
                    'n' => N,
                    'e' => E,
                    's' => S,
                    'w' => W,
                    _ => {
                        return Err(t.error(
                            source,
                            format!("expected `-` or letters of `nesw`, found `{}`", t.text),
                        ))
                    }
                };
                m |= bit;
            }
        }
        let off = (m & N != 0 && at.row == 0)
            || (m & W != 0 && at.col == 0)
            || (m & S != 0 && at.row + 1 == rows)
            || (m & E != 0 && at.col + 1 == cols);
        if off {
            return Err(t.error(source, "a line leaves the grid here"));
        }
        masks[at] = m;
    }
    let mut links = Links::new(rows, cols);
    for (at, &m) in masks.iter() {
        if at.col + 1 < cols {
            let right = Coord::new(at.row, at.col + 1);
            if (m & E != 0) != (masks[right] & W != 0) {
                return Err(toks[at].error(source, "east link not matched by the cell to the east"));
            }
            links.set(at, right, m & E != 0);
        }
        if at.row + 1 < rows {
            let below = Coord::new(at.row + 1, at.col);
            if (m & S != 0) != (masks[below] & N != 0) {
                return Err(toks[at].error(source, "south link not matched by the cell below"));
            }
            links.set(at, below, m & S != 0);
        }
    }
    Ok(links)
}

/// Writes `links` as a Janko solution block (tokens right-aligned to width 2, `n`/`s` before
/// `e`/`w`, as Janko writes them).
pub fn write_janko_solution(links: &Links) -> String {
    let mut s = format!("{} {}\n", links.rows(), links.cols());
    for r in 0..links.rows() {
        let row: Vec<String> = (0..links.cols())
            .map(|c| {
                let m = links.mask(Coord::new(r, c));
                let mut t = String::new();
                for (bit, ch) in [(N, 'n'), (S, 's'), (E, 'e'), (W, 'w')] {
                    if m & bit != 0 {
                        t.push(ch);
                    }
                }
                if t.is_empty() {
                    t.push('-');
                }
                format!("{t:>2}")
            })
            .collect();
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    s
}

/// Writes a solution the ERATO way: the `cols rows` header of [`write_erato`], then every cell
/// of pair `k`'s line holding `k` (`-` for a cell no line uses), found by walking the links
/// from each numbered end.
pub fn write_erato_solution(p: &NumberlinkGrid, links: &Links) -> String {
    let mut ids: Grid<Option<u32>> = Grid::new(p.rows(), p.cols(), None);
    for r in 0..p.rows() {
        for c in 0..p.cols() {
            let start = Coord::new(r, c);
            let Some(id) = p.id(start) else { continue };
            let mut todo = vec![start];
            while let Some(at) = todo.pop() {
                if ids[at].is_some() {
                    continue;
                }
                ids[at] = Some(id);
                todo.extend(
                    links
                        .neighbours(at)
                        .into_iter()
                        .filter(|n| ids[*n].is_none()),
                );
            }
        }
    }
    let mut s = format!("{} {}\n", p.cols(), p.rows());
    for r in 0..p.rows() {
        let row: Vec<String> = (0..p.cols())
            .map(|c| ids[Coord::new(r, c)].map_or("-".into(), |v| v.to_string()))
            .collect();
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    s
}

/// The most pairs a compact grid holds: `1`-`9`, `A`-`Z`, `a`-`z`.
pub const COMPACT_MAX_PAIRS: usize = 61;

/// The compact character of pair `id`: `1`-`9`, then `A`-`Z` (10-35), then `a`-`z` (36-61:
/// a generated 50×50 puzzle has up to 50 pairs under Janko's rules).
pub fn compact_char(id: u32) -> Option<char> {
    match id {
        1..=9 => char::from_digit(id, 10),
        10..=35 => Some(char::from(b'A' + (id - 10) as u8)),
        36..=61 => Some(char::from(b'a' + (id - 36) as u8)),
        _ => None,
    }
}

/// Reads a compact grid: one character per cell, one row per line, `.` (or the `·` that
/// `render` draws) blank, `1`-`9`, `A`-`Z` then `a`-`z` pair ids 1-61 (blank and `#` lines
/// skipped).
///
/// # Errors
/// A positioned [`ParseError`] for ragged rows or another character (an unpaired id is a
/// puzzle without solution, [`NumberlinkGrid::unpaired`]).
pub fn parse_compact(text: &str, source: &str) -> Result<NumberlinkGrid, ParseError> {
    let g = char_grid(text, source, |ch| match ch {
        '.' | '·' => Ok(None),
        '1'..='9' => Ok(ch.to_digit(10)),
        'A'..='Z' => Ok(Some(u32::from(ch) - u32::from('A') + 10)),
        'a'..='z' => Ok(Some(u32::from(ch) - u32::from('a') + 36)),
        _ => Err("`.`, `1`-`9`, `A`-`Z` or `a`-`z`"),
    })?;
    let (cols, pos) = (g.cols, g.pos);
    let ids = Grid::from_cells(g.rows, cols, g.cells).expect("rows × cols cells");
    validate(ids, |c| pos[c.row * cols + c.col], source)
}

/// Writes `p` as a compact grid; `None` if an id is above 61.
pub fn write_compact(p: &NumberlinkGrid) -> Option<String> {
    let mut s = String::with_capacity(p.rows() * (p.cols() + 1));
    for r in 0..p.rows() {
        for c in 0..p.cols() {
            s.push(match p.id(Coord::new(r, c)) {
                None => '.',
                Some(id) => compact_char(id)?,
            });
        }
        s.push('\n');
    }
    Some(s)
}

/// Ids by first appearance of each symbol; `blank` decides which characters are blank.
fn symbol_grid(
    rows: usize,
    cols: usize,
    chars: &[char],
    blank: impl Fn(char) -> bool,
) -> (Grid<Option<u32>>, Symbols) {
    let mut symbols: Symbols = Vec::new();
    let ids = chars
        .iter()
        .map(|&ch| {
            (!blank(ch)).then(|| match symbols.iter().position(|&s| s == ch) {
                Some(i) => i as u32 + 1,
                None => {
                    symbols.push(ch);
                    symbols.len() as u32
                }
            })
        })
        .collect();
    (
        Grid::from_cells(rows, cols, ids).expect("rows × cols"),
        symbols,
    )
}

/// Reads a Flow Free level (mzucker/flow_solver): one row per line, the width from the first
/// line; letters and digits are endpoints, any other character is blank.
///
/// # Errors
/// A positioned [`ParseError`] for ragged rows or a symbol that is not on exactly two cells.
pub fn parse_flow(text: &str, source: &str) -> Result<(NumberlinkGrid, Symbols), ParseError> {
    let g = char_grid(text, source, Ok::<char, &'static str>)?;
    if g.cells.len() > MAX_CELLS {
        return Err(ParseError::new(source, 1, 1, "the grid is too large"));
    }
    let (ids, symbols) = symbol_grid(g.rows, g.cols, &g.cells, |c| !c.is_ascii_alphanumeric());
    let (cols, pos) = (g.cols, g.pos);
    let p = validate(ids, |c| pos[c.row * cols + c.col], source)?;
    Ok((p, symbols))
}

/// Writes `p` with one symbol per pair (`symbols[id - 1]`) and `.` for blanks: the Flow
/// level and the rows of a thomasahle block. `None` if an id has no symbol.
pub fn write_symbols(p: &NumberlinkGrid, symbols: &[char]) -> Option<String> {
    let mut s = String::new();
    for r in 0..p.rows() {
        for c in 0..p.cols() {
            s.push(match p.id(Coord::new(r, c)) {
                None => '.',
                Some(id) => *symbols.get(id as usize - 1)?,
            });
        }
        s.push('\n');
    }
    Some(s)
}

/// Reads every puzzle of a thomasahle/numberlink file: `#` comments, then blocks of a
/// `W H` line and `H` rows of `W` characters (`.` blank, other characters endpoints),
/// separated by blank lines; a `0 0` header ends the input.
///
/// # Errors
/// A positioned [`ParseError`] for a bad header or a short or long row.
pub fn parse_blocks(
    text: &str,
    source: &str,
) -> Result<Vec<(NumberlinkGrid, Symbols)>, ParseError> {
    let mut out = Vec::new();
    let mut lines = content_lines(text).peekable();
    while let Some((hl, htext)) = lines.next() {
        let toks: Vec<Token<'_>> = line_tokens(htext, hl).collect();
        if toks.len() == 2 && toks.iter().all(|t| t.text == "0") {
            break; // `0 0` ends the input (thomasahle's files end so)
        }
        let dim = |i: usize, what: &str| -> Result<usize, ParseError> {
            match toks
                .get(i)
                .map(|t| (t, crate::text::parse_uint::<usize>(t.text).ok_or(())))
            {
                Some((_, Ok(v))) if v > 0 => Ok(v),
                Some((t, _)) => {
                    Err(t.error(source, format!("expected the {what}, found `{}`", t.text)))
                }
                None => Err(ParseError::new(
                    source,
                    hl,
                    htext.chars().count() + 1,
                    format!("expected the {what}"),
                )),
            }
        };
        let (w, h) = (dim(0, "width")?, dim(1, "height")?);
        if toks.len() != 2 {
            return Err(toks[2].error(source, "expected `W H` alone on the header line"));
        }
        if w.checked_mul(h).is_none_or(|n| n > MAX_CELLS) {
            return Err(ParseError::new(
                source,
                hl,
                1,
                format!("{w}x{h} is too large"),
            ));
        }
        let mut chars = Vec::with_capacity(w * h);
        let mut pos = Vec::with_capacity(w * h);
        for r in 0..h {
            let Some((ln, l)) = lines.next() else {
                return Err(ParseError::new(
                    source,
                    hl,
                    1,
                    format!("expected {h} rows, found {r}"),
                ));
            };
            let l = l.trim_end();
            let n = l.chars().count();
            if n != w {
                return Err(ParseError::new(
                    source,
                    ln,
                    n.min(w) + 1,
                    format!("row has {n} cells, expected {w}"),
                ));
            }
            for (i, ch) in l.chars().enumerate() {
                chars.push(ch);
                pos.push((ln, i + 1));
            }
        }
        let (ids, symbols) = symbol_grid(h, w, &chars, |c| c == '.');
        let p = validate(ids, |c| pos[c.row * w + c.col], source)?;
        out.push((p, symbols));
    }
    Ok(out)
}

/// Writes one thomasahle block (`W H` then the rows; see [`write_symbols`]).
pub fn write_block(p: &NumberlinkGrid, symbols: &[char]) -> Option<String> {
    Some(format!(
        "{} {}\n{}",
        p.cols(),
        p.rows(),
        write_symbols(p, symbols)?
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn janko_erato_compact_round_trip() {
        let j = "4 3\n- - 1\n- 2 -\n- 1 -\n2 - -\n";
        let p = parse_janko(j, "j").unwrap();
        assert_eq!((p.rows(), p.cols()), (4, 3));
        assert_eq!(write_janko(&p), j);
        let e = write_erato(&p);
        assert!(e.starts_with("3 4\n"));
        assert_eq!(parse_erato(&e, "e").unwrap(), p);
        let c = write_compact(&p).unwrap();
        assert_eq!(c, "..1\n.2.\n.1.\n2..\n");
        assert_eq!(parse_compact(&c, "c").unwrap(), p);
    }

    #[test]
    fn errors_are_positioned() {
        let e = parse_janko("2 2\n1 -\n- x\n", "f").unwrap_err();
        assert_eq!((e.line, e.col), (3, 3));
        // numbers on one cell each: well formed, no solution (not an input error)
        let p = parse_janko("2 2\n1 -\n- 2\n", "f").unwrap();
        assert_eq!(p.unpaired().len(), 2);
        // issue 36: a row too many (holding a `1`) is an input error at its position, never
        // read silently
        let e = parse_janko("2 2\n1 -\n- 1\n1 -\n", "f").unwrap_err();
        assert_eq!((e.line, e.col), (4, 1));
        assert!(e.message.contains("after the 2 grid rows"), "{e}");
        let e = parse_erato("3 1\n1 - 1\n\n  2\n", "f").unwrap_err();
        assert_eq!((e.line, e.col), (4, 3));
        let e = parse_janko("2 2\n1 1 -\n", "f").unwrap_err();
        assert_eq!((e.line, e.col), (2, 5));
        let e = parse_janko("3 2\n1 1\n", "f").unwrap_err();
        assert!(e.message.contains("expected 3 grid rows"), "{e}");
        let e = parse_janko("100000 100000\n", "f").unwrap_err();
        assert!(e.message.contains("above the maximum"), "{e}");
        let e = parse_compact("1.\n.?\n", "c").unwrap_err();
        assert_eq!((e.line, e.col), (2, 2));
        let e = parse_blocks("3 1\n.a.\n", "b").unwrap()[0]
            .0
            .unpaired()
            .len();
        assert_eq!(e, 1, "a letter once: no solution, not an input error");
        let e = parse_blocks("3 1\n.a\n", "b").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(parse_janko("", "f").is_err());
        assert!(parse_janko("x 2", "f").is_err());
        assert!(parse_blocks("3", "f").is_err());
    }

    #[test]
    fn janko_solution_round_trip() {
        let sol = "2 3\n e ew  w\n -  -  -\n";
        let l = parse_janko_solution(sol, "s").unwrap();
        assert_eq!(l.len(), 2);
        assert_eq!(write_janko_solution(&l), sol);
        assert!(parse_janko_solution("1 2\n e  -\n", "s").is_err());
        assert!(parse_janko_solution("1 1\n n\n", "s").is_err());
    }

    #[test]
    fn flow_and_blocks() {
        let (p, sym) = parse_flow("R.B\n...\nR.B\n", "f").unwrap();
        assert_eq!(sym, vec!['R', 'B']);
        assert_eq!(p.pairs().len(), 2);
        assert_eq!(write_symbols(&p, &sym).unwrap(), "R.B\n...\nR.B\n");
        let text = "# c\n3 2\na.b\nb.a\n\n2 1\nzz\n0 0\n";
        let all = parse_blocks(text, "t").unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(
            write_block(&all[0].0, &all[0].1).unwrap(),
            "3 2\na.b\nb.a\n"
        );
        assert_eq!(all[1].0.pairs().len(), 1);
    }
}
