//! The two Battleship formats zlink reads, told apart by their first word:
//!
//! - CSPLib prob014 Prolog facts, many per file: `problem(Id, [4:1,3:2,…], RowSums, ColSums,
//!   [c@[7,10],w@[1,6],…]).` with `%` comments; hints are `w` water, `c` submarine, `m`
//!   middle, `t b l r` ends, at 1-based `[row,col]`;
//! - a Janko block (FORMATS.md §1.3): `rows cols k1 k2 …` (`k_l` ships of length `l`), the
//!   column sums, the row sums, then the grid (`-` unknown, `x` water, `o` submarine,
//!   `n s w e` top/bottom/left/right end, `m` middle).
//!
//! Every error is positioned (`file:line:col`); sizes are checked before anything is
//! allocated.

use crate::janko::parse_janko;
use crate::text::{line_tokens, parse_uint, Token};
use crate::ParseError;

use super::{Battleship, Part};

/// Every puzzle in `text`, with the line it starts on.
///
/// # Errors
/// A positioned [`ParseError`].
pub fn parse(text: &str, source: &str) -> Result<Vec<(usize, Battleship)>, ParseError> {
    let first = text
        .lines()
        .map(|l| l.split('%').next().unwrap_or("").trim())
        .find(|l| !l.is_empty());
    if first.is_some_and(|l| l.starts_with("problem")) {
        csplib(text, source)
    } else {
        // one block, or several separated by blank lines (as `render --format janko` writes)
        crate::list::one_per_line_or_whole(text, source, janko)
    }
}

/// One Janko block.
///
/// # Errors
/// A positioned [`ParseError`]: bad header, sums or cell letters.
pub fn janko(text: &str, source: &str) -> Result<Battleship, ParseError> {
    let g = parse_janko(text, source, 2)?;
    let (rows, cols) = (g.cells.rows(), g.cells.cols());
    let number = |t: &Token<'_>, what: &str, max: usize| -> Result<usize, ParseError> {
        parse_uint::<usize>(t.text)
            .filter(|&v| v <= max)
            .ok_or_else(|| {
                t.error(
                    source,
                    format!("expected {what} (0 to {max}), found `{}`", t.text),
                )
            })
    };
    let mut fleet = Vec::new();
    for t in &g.header_extra {
        fleet.push(number(t, "a number of ships", rows * cols)?);
    }
    if fleet.len() > rows.max(cols) {
        let t = &g.header_extra[rows.max(cols)];
        return Err(t.error(
            source,
            format!("ships longer than the grid side {}", rows.max(cols)),
        ));
    }
    let sums =
        |line: &[Token<'_>], n: usize, max: usize, what: &str| -> Result<Vec<usize>, ParseError> {
            if line.len() != n {
                let at = line.get(n).or(line.last());
                return Err(match at {
                    Some(t) => t.error(
                        source,
                        format!("expected {n} {what} sums, found {}", line.len()),
                    ),
                    None => ParseError::new(source, 1, 1, format!("expected {n} {what} sums")),
                });
            }
            line.iter()
                .map(|t| number(t, &format!("a {what} sum"), max))
                .collect()
        };
    let col_sums = sums(&g.extra_lines[0], cols, rows, "column")?;
    let row_sums = sums(&g.extra_lines[1], rows, cols, "row")?;
    let mut hints = Vec::with_capacity(rows * cols);
    for t in g.cells.cells() {
        hints.push(match t.text {
            "-" | "." => None,
            s => Some(Part::from_janko(s).ok_or_else(|| {
                t.error(
                    source,
                    format!("expected a cell of - x o n s w e m, found `{s}`"),
                )
            })?),
        });
    }
    Ok(Battleship::new(row_sums, col_sums, fleet, hints))
}

/// A word of the Prolog text: an integer, a name, or one punctuation character.
#[derive(Debug, Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    line: usize,
    col: usize,
}

fn words(text: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let l = l.split('%').next().unwrap_or("");
        for t in line_tokens(l, i + 1) {
            // split a whitespace token into runs of alphanumerics and single punctuation
            let mut col = t.col;
            let b = t.text;
            let mut chars = b.char_indices().peekable();
            while let Some((i, ch)) = chars.next() {
                if ch.is_alphanumeric() || ch == '_' {
                    let mut end = i + ch.len_utf8();
                    while let Some(&(j, c2)) = chars.peek() {
                        if !(c2.is_alphanumeric() || c2 == '_') {
                            break;
                        }
                        end = j + c2.len_utf8();
                        chars.next();
                    }
                    out.push(Word {
                        text: &b[i..end],
                        line: t.line,
                        col,
                    });
                    col += b[i..end].chars().count();
                } else {
                    out.push(Word {
                        text: &b[i..i + ch.len_utf8()],
                        line: t.line,
                        col,
                    });
                    col += 1;
                }
            }
        }
    }
    out
}

/// A cursor over the words of a CSPLib file.
struct Cursor<'a, 's> {
    words: Vec<Word<'a>>,
    at: usize,
    source: &'s str,
    end: (usize, usize),
}

impl<'a> Cursor<'a, '_> {
    fn here(&self) -> (usize, usize) {
        self.words
            .get(self.at)
            .map_or(self.end, |w| (w.line, w.col))
    }
    fn err(&self, msg: impl Into<String>) -> ParseError {
        let (l, c) = self.here();
        let found = self
            .words
            .get(self.at)
            .map_or("the end of the input", |w| w.text);
        ParseError::new(
            self.source,
            l,
            c,
            format!("{}, found `{found}`", msg.into()),
        )
    }
    fn peek(&self) -> Option<&'a str> {
        self.words.get(self.at).map(|w| w.text)
    }
    fn expect(&mut self, s: &str) -> Result<(), ParseError> {
        if self.peek() == Some(s) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.err(format!("expected `{s}`")))
        }
    }
    fn number(&mut self, max: usize) -> Result<usize, ParseError> {
        match self.peek().and_then(parse_uint::<usize>) {
            Some(v) if v <= max => {
                self.at += 1;
                Ok(v)
            }
            _ => Err(self.err(format!("expected a number from 0 to {max}"))),
        }
    }
    /// `[` item `,` item … `]` (possibly empty).
    fn list<T>(
        &mut self,
        mut item: impl FnMut(&mut Self) -> Result<T, ParseError>,
    ) -> Result<Vec<T>, ParseError> {
        self.expect("[")?;
        let mut out = Vec::new();
        if self.peek() == Some("]") {
            self.at += 1;
            return Ok(out);
        }
        loop {
            out.push(item(self)?);
            match self.peek() {
                Some(",") => self.at += 1,
                Some("]") => {
                    self.at += 1;
                    return Ok(out);
                }
                _ => return Err(self.err("expected `,` or `]`")),
            }
        }
    }
}

/// Largest side of a CSPLib grid (the lists are read before the size is known).
const MAX_SIDE: usize = 1 << 12;

/// Every `problem(…).` fact of a CSPLib file.
fn csplib(text: &str, source: &str) -> Result<Vec<(usize, Battleship)>, ParseError> {
    let words = words(text);
    let end = (text.lines().count().max(1), 1);
    let mut c = Cursor {
        words,
        at: 0,
        source,
        end,
    };
    let mut out = Vec::new();
    while c.peek().is_some() {
        let line = c.here().0;
        c.expect("problem")?;
        c.expect("(")?;
        c.number(usize::MAX)?;
        c.expect(",")?;
        let fleet_pairs = fleet_list(&mut c)?;
        c.expect(",")?;
        let row_sums = c.list(|c| c.number(MAX_SIDE))?;
        c.expect(",")?;
        let col_sums = c.list(|c| c.number(MAX_SIDE))?;
        let (rows, cols) = (row_sums.len(), col_sums.len());
        let (l, col) = c.here();
        crate::input_size::check_size(rows, cols, source, l, col)?;
        c.expect(",")?;
        let hints = hint_list(&mut c, rows, cols)?;
        c.expect(")")?;
        c.expect(".")?;
        let max_len = fleet_pairs.iter().map(|p| p.0).max().unwrap_or(0);
        if max_len > rows.max(cols) {
            return Err(ParseError::new(
                source,
                line,
                1,
                format!("a ship of length {max_len} does not fit a {rows}x{cols} grid"),
            ));
        }
        let mut fleet = vec![0; max_len];
        for (len, n) in fleet_pairs {
            fleet[len - 1] += n;
        }
        out.push((line, Battleship::new(row_sums, col_sums, fleet, hints)));
    }
    Ok(out)
}

/// The fleet of a fact: `[len:count, …]`.
fn fleet_list(c: &mut Cursor<'_, '_>) -> Result<Vec<(usize, usize)>, ParseError> {
    let source = c.source;
    c.list(|c| {
        let (l, col) = c.here();
        let len = c.number(MAX_SIDE)?;
        c.expect(":")?;
        let n = c.number(MAX_SIDE * MAX_SIDE)?;
        if len == 0 {
            return Err(ParseError::new(
                source,
                l,
                col,
                "a ship has length at least 1",
            ));
        }
        Ok((len, n))
    })
}

/// The hints of a fact, `[type@[row,col], …]` (1-based), as a `rows × cols` grid of parts.
fn hint_list(
    c: &mut Cursor<'_, '_>,
    rows: usize,
    cols: usize,
) -> Result<Vec<Option<Part>>, ParseError> {
    let source = c.source;
    let mut hints = vec![None; rows * cols];
    c.list(|c| {
        let (l, col) = c.here();
        let letter = c.peek().filter(|w| w.chars().count() == 1);
        let found = letter.and_then(|w| Part::ALL.into_iter().find(|p| w.starts_with(p.csplib())));
        let Some(part) = found else {
            return Err(c.err("expected a hint type (w c m t b l r)"));
        };
        c.at += 1;
        c.expect("@")?;
        c.expect("[")?;
        let r = c.number(rows)?;
        c.expect(",")?;
        let k = c.number(cols)?;
        c.expect("]")?;
        if r == 0 || k == 0 {
            return Err(ParseError::new(
                source,
                l,
                col,
                "hint coordinates start at 1",
            ));
        }
        hints[(r - 1) * cols + (k - 1)] = Some(part);
        Ok(())
    })?;
    Ok(hints)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_csplib_facts() {
        let t = "% c\nproblem(7,\n [2:1,1:1],\n [2,0,1],\n [1,1,1],\n [c@[3,3],w@[1,3]]).\n";
        let p = parse(t, "f").unwrap();
        assert_eq!(p.len(), 1);
        let (line, b) = &p[0];
        assert_eq!(*line, 2);
        assert_eq!(b.fleet(), &[1, 1]);
        assert_eq!(b.row_sums(), &[2, 0, 1]);
        assert_eq!(b.hint(2, 2), Some(Part::Sub));
        assert_eq!(b.hint(0, 2), Some(Part::Water));
        let e = parse("problem(1, [1:1], [1], [1], [q@[1,1]]).", "f").unwrap_err();
        assert_eq!((e.line, e.col), (1, 30));
        let e = parse("problem(1, [1:1], [1], [1], [c@[2,1]]).", "f").unwrap_err();
        assert!(e.to_string().contains("0 to 1"), "{e}");
    }

    #[test]
    fn reads_janko_blocks() {
        let b = janko("3 3 1 1\n1 1 1\n2 0 1\n- - x\n- - -\n- - o\n", "f").unwrap();
        assert_eq!(b.col_sums(), &[1, 1, 1]);
        assert_eq!(b.row_sums(), &[2, 0, 1]);
        assert_eq!(b.hint(0, 2), Some(Part::Water));
        let e = janko("3 3 1 1\n1 1 1\n2 0 1\n- - x\n- q -\n- - o\n", "f").unwrap_err();
        assert_eq!((e.line, e.col), (5, 3));
        let e = janko("3 3 1 1\n1 1\n2 0 1\n- - x\n- - -\n- - o\n", "f").unwrap_err();
        assert_eq!(e.line, 2);
    }
}
