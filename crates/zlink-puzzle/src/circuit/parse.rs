//! The circuit board's text format: the board drawn as characters, re-readable, so a solution
//! printed by `zlink solve` is itself a (fully given) board.
//!
//! ```text
//! o-o o o
//! |
//! o # o-s
//!     |
//! o o-o t
//! ```
//!
//! Lines alternate: a *cell line* per grid row, and between two of them a *wire line*.
//! - In a cell line, characters 1, 3, 5, … are the cells: `o` or `.` a point, `#` a blacked-out
//!   cell, `s` and `t` the two points the shortest-path extension (model CM3) joins (both or
//!   neither). The characters between them are `-` (a given wire between the two cells) or a
//!   space.
//! - In a wire line, the character under a cell is `|` (a given wire from that cell down to the
//!   cell below) or a space; the characters between are spaces. A wire line without wires is
//!   an empty line.
//!
//! A file may hold several boards, separated by two or more blank lines (as `generate circuit
//! --boards N` writes them: inside a board two blank lines never follow each other, since a
//! wire line stands between two cell lines).
//!
//! Trailing spaces may be left out; blank lines before and after the board are ignored. Every
//! row must have the same number of cells, and a wire must join two points. Errors are
//! positioned (`file:line:col`); the size is checked ([`crate::input_size::check_size`])
//! before the board is allocated.

use crate::input_size::check_size;
use crate::ParseError;

use super::{Circuit, Wires};

/// The boards of `text` (two or more blank lines between boards), each with the line it
/// starts on.
///
/// # Errors
/// A positioned [`ParseError`] for a bad character, a ragged row, a wire that does not join
/// two points, a lone or repeated endpoint, an oversized or empty board.
pub fn parse(text: &str, source: &str) -> Result<Vec<(usize, Circuit)>, ParseError> {
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l).trim_end())
        .collect();
    if lines.iter().all(|l| l.is_empty()) {
        return Err(ParseError::new(
            source,
            1,
            1,
            "no circuit board: the input is empty",
        ));
    }
    let mut boards = Vec::new();
    let mut start = 0;
    while start < lines.len() {
        let Some(first) = (start..lines.len()).find(|&i| !lines[i].is_empty()) else {
            break;
        };
        let end = (first..lines.len())
            .find(|&i| i + 1 < lines.len() && lines[i].is_empty() && lines[i + 1].is_empty())
            .unwrap_or(lines.len());
        boards.push(parse_board(&lines[..end], first, source)?);
        start = end;
    }
    Ok(boards)
}

/// The board whose lines run from `first` (its first non-empty line) to the end of `lines`
/// (trailing empty lines ignored), with its 1-based first line.
fn parse_board(lines: &[&str], first: usize, source: &str) -> Result<(usize, Circuit), ParseError> {
    let last = lines.iter().rposition(|l| !l.is_empty()).unwrap_or(first);
    let body = &lines[first..=last];
    let err = |i: usize, col: usize, m: String| ParseError::new(source, first + i + 1, col, m);
    if body.len() % 2 == 0 {
        return Err(err(
            body.len() - 1,
            1,
            "the board ends with a wire line: a wire line must stand between two rows of cells"
                .into(),
        ));
    }
    let rows = body.len().div_ceil(2);
    let width = body[0].chars().count();
    let cols = width.div_ceil(2);
    check_size(rows, cols, source, first + 1, 1)?;
    let mut board = Drawing::new(rows, cols);
    for (i, line) in body.iter().enumerate() {
        let n = line.chars().count();
        if i % 2 == 0 && n.div_ceil(2) != cols {
            return Err(err(
                i,
                1,
                format!(
                    "this row has {} cells, the first row has {cols}",
                    n.div_ceil(2)
                ),
            ));
        }
        for (j, ch) in line.chars().enumerate() {
            board.read(i, j, ch).map_err(|m| err(i, j + 1, m))?;
        }
    }
    let c = board.finish().map_err(|(i, col, m)| err(i, col, m))?;
    Ok((first + 1, c))
}

/// What the lines of a board say, gathered character by character: the points, the given
/// wires and the endpoints, each remembered with the line index and column that drew it (for
/// the errors found once every line is read).
struct Drawing {
    cols: usize,
    rows: usize,
    open: Vec<bool>,
    /// `(a, b, line index, column)`.
    wires: Vec<(usize, usize, usize, usize)>,
    /// `(cell, line index, column)` of `s` and of `t`.
    ends: [Option<(usize, usize, usize)>; 2],
}

impl Drawing {
    fn new(rows: usize, cols: usize) -> Self {
        Self {
            cols,
            rows,
            open: vec![false; rows * cols],
            wires: Vec::new(),
            ends: [None, None],
        }
    }

    /// Reads `ch`, character `j` (0-based) of body line `i`: on a cell line a cell or the
    /// space or `-` between two cells, on a wire line a `|` or a space.
    fn read(&mut self, i: usize, j: usize, ch: char) -> Result<(), String> {
        let (r, c, cols, col) = (i / 2, j / 2, self.cols, j + 1);
        match (i % 2, j % 2, ch) {
            (0, 0, 'o' | '.') => self.open[r * cols + c] = true,
            (0, 0, '#') => {}
            (0, 0, 's' | 't') => {
                self.open[r * cols + c] = true;
                let slot = &mut self.ends[usize::from(ch == 't')];
                if slot.is_some() {
                    return Err(format!("a second endpoint `{ch}`"));
                }
                *slot = Some((r * cols + c, i, col));
            }
            (0, 0, _) => {
                return Err(format!(
                    "expected a cell (`o`, `.`, `#`, `s` or `t`), found `{ch}`"
                ))
            }
            (0, 1, ' ') | (1, _, ' ') => {}
            (0, 1, '-') => {
                if c + 1 >= cols {
                    return Err("a wire beyond the last column".into());
                }
                self.wires.push((r * cols + c, r * cols + c + 1, i, col));
            }
            (0, 1, _) => {
                return Err(format!(
                    "expected `-` (a wire) or a space between two cells, found `{ch}`"
                ))
            }
            (_, 0, '|') => {
                if c >= cols {
                    return Err("a wire beyond the last column".into());
                }
                self.wires.push((r * cols + c, (r + 1) * cols + c, i, col));
            }
            (_, 0, _) => {
                return Err(format!(
                    "expected `|` (a wire down) or a space, found `{ch}`"
                ))
            }
            _ => return Err(format!("expected a space between two wires, found `{ch}`")),
        }
        Ok(())
    }

    /// The board, once every line is read: every wire joins two points, there is a point,
    /// and the endpoints come in pairs. Errors carry the line index and column.
    fn finish(self) -> Result<Circuit, (usize, usize, String)> {
        for &(a, b, i, col) in &self.wires {
            if !self.open[a] || !self.open[b] {
                return Err((
                    i,
                    col,
                    "a wire must join two points (one end is blacked out)".into(),
                ));
            }
        }
        if !self.open.contains(&true) {
            return Err((0, 1, "the board has no points".into()));
        }
        let ends = match self.ends {
            [None, None] => None,
            [Some((s, _, _)), Some((t, _, _))] => Some((s, t)),
            [Some((_, i, col)), None] | [None, Some((_, i, col))] => {
                return Err((
                    i,
                    col,
                    "an endpoint needs its partner: mark both `s` and `t`, or neither".into(),
                ))
            }
        };
        let given = self.wires.iter().map(|&(a, b, _, _)| (a, b)).collect();
        Circuit::new(self.rows, self.cols, self.open, given, ends).map_err(|m| (0, 1, m))
    }
}

/// The board in the drawn format: its given wires, or (with a solution) every wire of the
/// solution, so the text of a solution is a fully given board.
pub fn write(c: &Circuit, solution: Option<&Wires>) -> String {
    let wires = solution.map_or(c.given(), |s| &s.edges);
    let cols = c.cols();
    let mut out = String::new();
    for r in 0..c.rows() {
        let mut cells = String::new();
        let mut below = String::new();
        for col in 0..cols {
            let i = r * cols + col;
            let ch = match c.ends() {
                Some((s, _)) if s == i => 's',
                Some((_, t)) if t == i => 't',
                _ if c.is_point(i) => 'o',
                _ => '#',
            };
            cells.push(ch);
            if col + 1 < cols {
                let right = wires.binary_search(&(i, i + 1)).is_ok();
                cells.push(if right { '-' } else { ' ' });
            }
            let down = wires.binary_search(&(i, i + cols)).is_ok();
            below.push(if down { '|' } else { ' ' });
            if col + 1 < cols {
                below.push(' ');
            }
        }
        out.push_str(cells.trim_end());
        out.push('\n');
        if r + 1 < c.rows() {
            out.push_str(below.trim_end());
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Circuit {
        parse(text, "f").unwrap().remove(0).1
    }

    fn error(text: &str) -> (usize, usize, String) {
        let e = parse(text, "f").unwrap_err();
        (e.line, e.col, e.message)
    }

    #[test]
    fn reads_cells_wires_and_ends() {
        let c = one("\no-o o o\n|\no # o-s\n    |\no o-o t\n\n");
        assert_eq!((c.rows(), c.cols(), c.points()), (3, 4, 11));
        assert_eq!(c.given(), &[(0, 1), (0, 4), (6, 7), (6, 10), (9, 10)]);
        assert_eq!(c.ends(), Some((7, 11)));
        // the writer gives back the same text
        assert_eq!(write(&c, None), "o-o o o\n|\no # o-s\n    |\no o-o t\n");
        assert_eq!(one(&write(&c, None)), c);
    }

    /// Boards separated by two blank lines, as `generate circuit --boards 3` writes them (it
    /// used to fail at the second board: "this row has 0 cells"); errors keep file lines.
    #[test]
    fn several_boards_are_one_each() {
        let b1 = "o # o\n|   |\no o-o\n    |\no o o\n";
        let b2 = "o # o\n\no o o\n\no o o\n";
        let text = format!("{b1}\n\n{b2}\n\n{b2}");
        let boards = parse(&text, "f").unwrap();
        let lines: Vec<usize> = boards.iter().map(|b| b.0).collect();
        assert_eq!(lines, [1, 8, 15]);
        assert_eq!(write(&boards[0].1, None), b1);
        assert_eq!(write(&boards[1].1, None), b2);
        assert_eq!(boards[1].1, boards[2].1);
        let e = parse(&format!("{b1}\n\no x o\n"), "f").unwrap_err();
        assert_eq!((e.line, e.col), (8, 3));
    }

    #[test]
    fn errors_are_positioned() {
        assert_eq!(error("o x\n").0..=error("o x\n").1, 1..=3);
        assert_eq!(error("o o\n\no\n").0, 3); // ragged row
        assert_eq!(error("o-#\n").0..=error("o-#\n").1, 1..=2); // wire to a blacked cell
        assert_eq!(error("o o\n |\no o\n").1, 2); // `|` between columns
        assert_eq!(error("o o\n|\n").0, 2); // ends with a wire line
        assert_eq!(error("s o\n\no o\n").1, 1); // lone endpoint
        assert_eq!(error("s t\n\ns o\n").0, 3); // second s
        assert_eq!(error("# #\n").2, "the board has no points");
        assert_eq!(error("o\to\n").1, 2);
        assert_eq!(error("").0, 1);
        assert_eq!(error("o o\n    |\no o\n").1, 5); // beyond the last column
        assert_eq!(error("o o-\n").2, "a wire beyond the last column");
        assert_eq!(error("o o-\n").1, 4);
    }
}
