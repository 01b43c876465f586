//! Sudoku input formats, each with positioned errors:
//! - one puzzle per line: n² characters (`1`–`9`, then `A`–`Z` for 10+; `.`, `0` or `-`
//!   blank), optionally followed by `:…` (tdoku's `puzzle:count:solution`) or by whitespace
//!   and a comment (top95's first line);
//! - a grid of n lines of n characters;
//! - a Janko block: `n n` header, then n rows of n tokens (`-` blank);
//! - puzz.link URLs `https://puzz.link/p?sudoku/n/n/<Number16 body>`, one per line;
//! - Tatham Solo game ids `CxR:<desc>`, one per line (see `solo`);
//! - the drawing `render` writes: n rows of n values or `.` separated by spaces, `|` between
//!   boxes, `-+-` rules between bands (several, blank lines between, are one puzzle each).

use crate::pzprjs::{self, number16, Clue};
use crate::text::{content_lines, line_tokens};
use crate::{janko, Grid, ParseError};

use super::shape::{Shape, MAX_N};
use super::Sudoku;

/// Cells read from the input, each with its 1-based (line, column).
struct Raw {
    shape: Shape,
    cells: Vec<u8>,
    pos: Vec<(usize, usize)>,
}

/// Parse every Sudoku in `text` (see the module doc for the formats).
pub(super) fn parse(text: &str, source: &str) -> Result<Vec<(usize, Sudoku)>, ParseError> {
    let lines: Vec<(usize, &str)> = content_lines(text).collect();
    let Some(&(first_line, first)) = lines.first() else {
        return Err(ParseError::new(
            source,
            1,
            1,
            "no Sudoku found: the input is empty",
        ));
    };
    let raws: Vec<(usize, Raw)> = if pzprjs::url::looks_like_url(first) {
        lines
            .iter()
            .map(|&(l, t)| Ok((l, parse_url(t, source, l)?)))
            .collect::<Result<_, _>>()?
    } else if crate::tatham::looks_like_id(first) {
        lines
            .iter()
            .map(|&(l, t)| {
                let (shape, cells, cols) = super::solo::parse_id(t, source, l)?;
                let pos = cols.into_iter().map(|c| (l, c)).collect();
                Ok((l, Raw { shape, cells, pos }))
            })
            .collect::<Result<_, _>>()?
    } else if lines.iter().any(|(_, l)| l.contains('|')) {
        return crate::list::one_per_line_or_whole(text, source, |t, s| {
            parse_drawing(t, s).map(Raw::into_sudoku)
        });
    } else if janko::looks_like_janko(text) {
        // one block, or several separated by blank lines (as `render --format janko` writes)
        return crate::list::one_per_line_or_whole(text, source, |t, s| {
            parse_janko(t, s).map(Raw::into_sudoku)
        });
    } else if let Some(raw) = parse_grid_block(&lines, source)? {
        vec![(first_line, raw)]
    } else {
        lines
            .iter()
            .map(|&(l, t)| Ok((l, parse_line(t, source, l)?)))
            .collect::<Result<_, _>>()?
    };
    Ok(raws
        .into_iter()
        .map(|(l, raw)| (l, raw.into_sudoku()))
        .collect())
}

impl Raw {
    fn into_sudoku(self) -> Sudoku {
        let givens =
            Grid::from_cells(self.shape.n, self.shape.n, self.cells).expect("n² cells read");
        Sudoku::new(self.shape, givens)
    }
}

fn shape_for_cells(count: usize) -> Option<Shape> {
    let n = (count as f64).sqrt().round() as usize;
    (n * n == count).then(|| Shape::new(n)).flatten()
}

fn symbol_value(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' | '-' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='Z' => Some(ch as u8 - b'A' + 10),
        'a'..='z' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

/// Read `chars` (with their 1-based columns) as cell symbols of a Sudoku of `shape`.
fn read_symbols(
    chars: impl Iterator<Item = (usize, char)>,
    shape: Shape,
    line: usize,
    source: &str,
    raw: &mut Raw,
) -> Result<(), ParseError> {
    for (col, ch) in chars {
        let v = symbol_value(ch).ok_or_else(|| {
            ParseError::new(
                source,
                line,
                col,
                format!("unexpected `{ch}`: expected 1-9, A-Z for 10+, or `.`/`0` for a blank"),
            )
        })?;
        if usize::from(v) > shape.n {
            return Err(ParseError::new(
                source,
                line,
                col,
                format!(
                    "clue {v} out of range: a {0}×{0} Sudoku has values 1..={0}",
                    shape.n
                ),
            ));
        }
        raw.cells.push(v);
        raw.pos.push((line, col));
    }
    Ok(())
}

fn parse_line(text: &str, source: &str, line: usize) -> Result<Raw, ParseError> {
    let start = text.len() - text.trim_start().len();
    let word = text[start..].split_whitespace().next().unwrap_or("");
    let cells = word.split(':').next().unwrap_or("");
    let col0 = text[..start].chars().count() + 1;
    let count = cells.chars().count();
    let shape = shape_for_cells(count).ok_or_else(|| {
        ParseError::new(
            source,
            line,
            col0 + count.min(81),
            format!(
                "expected one Sudoku per line as n² cells (16, 36, 81, 256 or 625), found {count} characters"
            ),
        )
    })?;
    let mut raw = Raw {
        shape,
        cells: Vec::new(),
        pos: Vec::new(),
    };
    read_symbols(
        cells.chars().enumerate().map(|(i, c)| (col0 + i, c)),
        shape,
        line,
        source,
        &mut raw,
    )?;
    Ok(raw)
}

/// n lines of n characters each, when the input has exactly that shape.
fn parse_grid_block(lines: &[(usize, &str)], source: &str) -> Result<Option<Raw>, ParseError> {
    let n = lines.len();
    let fits = |t: &str| t.trim().chars().count() == n;
    let Some(shape) = Shape::new(n) else {
        return Ok(None);
    };
    if !lines.iter().all(|(_, t)| fits(t)) {
        return Ok(None);
    }
    let mut raw = Raw {
        shape,
        cells: Vec::new(),
        pos: Vec::new(),
    };
    for &(l, t) in lines {
        let off = t.len() - t.trim_start().len();
        let col0 = t[..off].chars().count() + 1;
        read_symbols(
            t.trim().chars().enumerate().map(|(i, c)| (col0 + i, c)),
            shape,
            l,
            source,
            &mut raw,
        )?;
    }
    Ok(Some(raw))
}

/// A rule line of the drawing (`------+-------+------`).
fn is_rule(line: &str) -> bool {
    line.trim().chars().all(|c| matches!(c, '-' | '+' | ' '))
}

/// The drawing `render` writes: n value rows (rule lines skipped), each n tokens of a value or
/// `.`, with `|` between boxes.
fn parse_drawing(text: &str, source: &str) -> Result<Raw, ParseError> {
    let rows: Vec<(usize, &str)> = content_lines(text).filter(|(_, l)| !is_rule(l)).collect();
    let first = rows.first().map_or(1, |r| r.0);
    let shape = Shape::new(rows.len()).ok_or_else(|| {
        ParseError::new(
            source,
            first,
            1,
            format!(
                "a Sudoku drawing has n rows of n values (4..={MAX_N}, not prime), found {} rows",
                rows.len()
            ),
        )
    })?;
    let n = shape.n;
    let mut raw = Raw {
        shape,
        cells: Vec::with_capacity(n * n),
        pos: Vec::with_capacity(n * n),
    };
    for &(l, t) in &rows {
        let tokens: Vec<_> = line_tokens(t, l).filter(|k| k.text != "|").collect();
        if tokens.len() != n {
            let col = tokens.get(n).map_or(t.chars().count() + 1, |k| k.col);
            let found = tokens.len();
            let message = format!("expected {n} values in a row of the drawing, found {found}");
            return Err(ParseError::new(source, l, col, message));
        }
        for k in tokens {
            let v = match k.text {
                "." => 0,
                s => match crate::text::parse_uint::<usize>(s) {
                    Some(v) if (1..=n).contains(&v) => v as u8,
                    _ => {
                        let message = format!("expected a value 1..={n} or `.`, found `{s}`");
                        return Err(k.error(source, message));
                    }
                },
            };
            raw.cells.push(v);
            raw.pos.push((k.line, k.col));
        }
    }
    Ok(raw)
}

fn parse_janko(text: &str, source: &str) -> Result<Raw, ParseError> {
    let j = janko::parse_janko(text, source, 0)?;
    let (rows, cols) = (j.cells.rows(), j.cells.cols());
    let first = j.cells.cells()[0];
    if rows != cols {
        return Err(ParseError::new(
            source,
            first.line - 1,
            1,
            format!("a Sudoku is square, found {rows}×{cols}"),
        ));
    }
    let shape = Shape::new(rows).ok_or_else(|| {
        ParseError::new(
            source,
            first.line - 1,
            1,
            format!("no Sudoku has side {rows} (supported: 4..={MAX_N}, not prime)"),
        )
    })?;
    let mut raw = Raw {
        shape,
        cells: Vec::new(),
        pos: Vec::new(),
    };
    for t in j.cells.cells() {
        let v = match t.text {
            "-" | "." | "0" => 0,
            s => match crate::text::parse_uint::<usize>(s).ok_or(()) {
                Ok(v) if (1..=shape.n).contains(&v) => v as u8,
                Ok(v) => {
                    return Err(t.error(
                        source,
                        format!(
                            "clue {v} out of range: a {0}×{0} Sudoku has values 1..={0}",
                            shape.n
                        ),
                    ))
                }
                Err(_) => {
                    return Err(t.error(source, format!("expected a number or `-`, found `{s}`")))
                }
            },
        };
        raw.cells.push(v);
        raw.pos.push((t.line, t.col));
    }
    Ok(raw)
}

fn parse_url(text: &str, source: &str, line: usize) -> Result<Raw, ParseError> {
    let start = text.len() - text.trim_start().len();
    let url = text.trim();
    let col0 = text[..start].chars().count() + 1;
    let u = pzprjs::parse_url(url, source, line, col0)?;
    if u.pid != "sudoku" {
        return Err(u.error_at_body(format!("expected a `sudoku` URL, found `{}`", u.pid)));
    }
    if u.cols != u.rows {
        return Err(u.error_at_body(format!("a Sudoku is square, found {}×{}", u.rows, u.cols)));
    }
    let shape = Shape::new(u.rows)
        .ok_or_else(|| u.error_at_body(format!("no Sudoku has side {}", u.rows)))?;
    let (clues, used) = number16::decode(&u.body, shape.cells()).map_err(|e| u.error(&e))?;
    u.expect_end(used, shape.cells())?;
    let mut raw = Raw {
        shape,
        cells: Vec::new(),
        pos: Vec::new(),
    };
    let body_pos = u.error_at_body("");
    for c in clues {
        let v = match c {
            Clue::Empty => 0,
            Clue::Number(v) if (1..=shape.n as u32).contains(&v) => v as u8,
            Clue::Number(v) => {
                return Err(u.error_at_body(format!(
                    "clue {v} out of range: a {0}×{0} Sudoku has values 1..={0}",
                    shape.n
                )))
            }
            Clue::Unknown => return Err(u.error_at_body("`?` clues have no meaning in a Sudoku")),
        };
        raw.cells.push(v);
        raw.pos.push((body_pos.line, body_pos.col));
    }
    Ok(raw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Puzzle;

    fn err(text: &str) -> String {
        Sudoku::parse(text, "f").unwrap_err().to_string()
    }

    /// The contradiction of a well-formed puzzle whose givens clash.
    fn conflict(text: &str) -> String {
        use crate::Puzzle;
        let (_, s) = Sudoku::parse(text, "f").unwrap().remove(0);
        s.contradiction().expect("clashing givens")
    }

    /// Line 1 of the tdoku test file (BSD-2).
    const TDOKU_1: &str =
        ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4";

    #[test]
    fn line_formats_and_comments() {
        let with_comment = format!("{TDOKU_1} // from somewhere");
        let a = Sudoku::parse(&with_comment, "f").unwrap();
        let b = Sudoku::parse(&TDOKU_1.replace('.', "0"), "f").unwrap();
        assert_eq!(a[0].1, b[0].1);
        assert_eq!(a[0].1.clue_count(), 34);
        let tdoku = format!("{TDOKU_1}:1:{}", "1".repeat(81));
        assert_eq!(Sudoku::parse(&tdoku, "f").unwrap()[0].1, a[0].1);
        let two = format!("# two puzzles\n{TDOKU_1}\n\n{TDOKU_1}\n");
        let v = Sudoku::parse(&two, "f").unwrap();
        assert_eq!(v.iter().map(|p| p.0).collect::<Vec<_>>(), vec![2, 4]);
        // round trip through the one-line rendering
        let line = a[0].1.render_line(None);
        assert_eq!(Sudoku::parse(&line, "f").unwrap()[0].1, a[0].1);
        // a 9-line grid
        let grid: String = TDOKU_1
            .as_bytes()
            .chunks(9)
            .map(|c| format!("{}\n", std::str::from_utf8(c).unwrap()))
            .collect();
        assert_eq!(Sudoku::parse(&grid, "f").unwrap()[0].1, a[0].1);
        // 16×16 in one line with letters
        let l16: String = (0..256).map(|i| if i == 0 { 'G' } else { '.' }).collect();
        assert_eq!(
            Sudoku::parse(&l16, "f").unwrap()[0].1.givens().cells()[0],
            16
        );
    }

    #[test]
    fn positioned_errors() {
        assert_eq!(
            err(&TDOKU_1[..80]),
            "f:1:81: expected one Sudoku per line as n² cells (16, 36, 81, 256 or 625), found 80 characters"
        );
        let mut bad = TDOKU_1.to_string();
        bad.replace_range(3..4, "#");
        assert_eq!(
            err(&bad),
            "f:1:4: unexpected `#`: expected 1-9, A-Z for 10+, or `.`/`0` for a blank"
        );
        bad.replace_range(3..4, "x");
        assert_eq!(
            err(&bad),
            "f:1:4: clue 33 out of range: a 9×9 Sudoku has values 1..=9"
        );
        assert_eq!(
            err("1...\n..2.\n.3..\n..5."),
            "f:4:3: clue 5 out of range: a 4×4 Sudoku has values 1..=4"
        );
        // duplicates are well-formed puzzles without a solution: both positions named
        let mut dup = TDOKU_1.to_string();
        dup.replace_range(0..1, "5");
        assert_eq!(
            conflict(&format!("\n{dup}")),
            "duplicate given 5 in row 1: r1c1 and r1c2"
        );
        assert_eq!(
            conflict("1...\n....\n1...\n...."),
            "duplicate given 1 in column 1: r1c1 and r3c1"
        );
        assert_eq!(
            conflict("1...\n.1..\n....\n...."),
            "duplicate given 1 in box 1: r1c1 and r2c2"
        );
        assert_eq!(err(""), "f:1:1: no Sudoku found: the input is empty");
    }

    #[test]
    fn janko_and_url_errors() {
        let ok = "4 4\n1 - - -\n- - 2 -\n- 3 - -\n- - - 4\n";
        assert_eq!(Sudoku::parse(ok, "j").unwrap()[0].1.clue_count(), 4);
        assert_eq!(
            err("4 4\n1 - - -\n- - 9 -\n- 3 - -\n- - - 4\n"),
            "f:3:5: clue 9 out of range: a 4×4 Sudoku has values 1..=4"
        );
        assert_eq!(
            err("4 4\n1 - - -\n- - x -\n- 3 - -\n- - - 4\n"),
            "f:3:5: expected a number or `-`, found `x`"
        );
        assert_eq!(
            err(&format!("4 5\n{}", "1 - - - -\n".repeat(4))),
            "f:1:1: a Sudoku is square, found 4×5"
        );
        assert_eq!(
            conflict("4 4\n1 - - 1\n- - - -\n- - - -\n- - - -\n"),
            "duplicate given 1 in row 1: r1c1 and r1c4"
        );
        let u = "https://puzz.link/p?sudoku/4/4/g1k23k3g";
        assert_eq!(Sudoku::parse(u, "f").unwrap()[0].1.clue_count(), 4);
        assert_eq!(
            err("https://puzz.link/p?sudoku/4/4/g1k23k3g7"),
            "f:1:40: unexpected text after the 16 cells"
        );
        assert_eq!(
            err("https://puzz.link/p?sudoku/4/4/g1k23k"),
            "f:1:38: body ends after 14 of 16 cells"
        );
        assert_eq!(
            err("https://puzz.link/p?sudoku/4/4/g5k23k3g"),
            "f:1:32: clue 5 out of range: a 4×4 Sudoku has values 1..=4"
        );
        assert_eq!(
            err("https://puzz.link/p?slither/4/4/g"),
            "f:1:33: expected a `sudoku` URL, found `slither`"
        );
        assert_eq!(
            err("https://puzz.link/p?sudoku/5/5/g"),
            "f:1:32: no Sudoku has side 5"
        );
    }
}
