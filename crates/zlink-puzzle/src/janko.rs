//! Janko.at text blocks as carried by puzzlekit (FORMATS.md §1.3): a header line
//! `rows cols [extra…]`, then optional extra lines, then `rows` lines of `cols` space-separated
//! tokens (`-` = blank). Shared by every Janko-sourced puzzle kind; blank lines and `#` comment
//! lines are skipped, and text after the last grid row is an error (a row too many used to be
//! read silently by one of the copies this replaced).

use crate::text::{line_tokens, Token};
use crate::{Grid, ParseError};

/// A parsed Janko block: the header numbers and the grid of cell tokens.
#[derive(Debug, Clone)]
pub struct JankoGrid<'a> {
    /// Extra header tokens after `rows cols` (battleship fleets use them).
    pub header_extra: Vec<Token<'a>>,
    /// Lines between the header and the grid, as token lists (`extra_lines` asked for).
    pub extra_lines: Vec<Vec<Token<'a>>>,
    /// The cell tokens, `rows × cols`.
    pub cells: Grid<Token<'a>>,
}

/// Writes a grid block as the readers of this module take it: `header` (its own line), then
/// `rows` lines of `cols` space-separated tokens, `token(r, c)` each (`-` for a blank cell).
/// Every kind's Janko (and ERATO) writer goes through here.
pub fn write_block(
    header: &str,
    rows: usize,
    cols: usize,
    token: impl Fn(usize, usize) -> String,
) -> String {
    let mut s = format!("{header}\n");
    for r in 0..rows {
        let row: Vec<String> = (0..cols).map(|c| token(r, c)).collect();
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    s
}

/// Whether `text` looks like a Janko block: the first non-blank line is two or more integers.
pub fn looks_like_janko(text: &str) -> bool {
    let Some(first) = text.lines().find(|l| !l.trim().is_empty()) else {
        return false;
    };
    let toks: Vec<_> = first.split_whitespace().collect();
    toks.len() >= 2
        && toks
            .iter()
            .all(|t| crate::text::parse_uint::<usize>(t).is_some())
}

/// The order of the two numbers of a block header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeaderOrder {
    /// `rows cols`: Janko, and most tools.
    RowsCols,
    /// `cols rows`: the ERATO tools (TdZdd ddnumlin, algorithms2012 znumlin / zslilin).
    ColsRows,
}

/// Which header order `text` follows: `cols rows` only when the header is exactly two
/// different numbers `a b`, `b` grid lines follow and the first has `a` tokens (a square
/// grid reads the same either way); `rows cols` otherwise, whose errors then name the problem.
pub fn header_order(text: &str) -> HeaderOrder {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let nums = |l: &str| -> Vec<Option<usize>> {
        l.split_whitespace()
            .map(crate::text::parse_uint::<usize>)
            .collect()
    };
    let Some(header) = lines.next().map(nums) else {
        return HeaderOrder::RowsCols;
    };
    let (Some(Some(a)), Some(Some(b)), 2) = (header.first(), header.get(1), header.len()) else {
        return HeaderOrder::RowsCols;
    };
    let first_width = lines.clone().next().map(|l| l.split_whitespace().count());
    if a != b && lines.count() == *b && first_width == Some(*a) {
        HeaderOrder::ColsRows
    } else {
        HeaderOrder::RowsCols
    }
}

/// Parse a Janko block whose grid follows `extra_lines` non-blank lines after the header.
///
/// # Errors
/// A positioned [`ParseError`] for a bad header, a short or long row, or missing rows.
pub fn parse_janko<'a>(
    text: &'a str,
    source: &str,
    extra_lines: usize,
) -> Result<JankoGrid<'a>, ParseError> {
    parse_block(text, source, extra_lines, HeaderOrder::RowsCols)
}

/// Parse a block whose header is in either order, as [`header_order`] reads it.
///
/// # Errors
/// As [`parse_janko`].
pub fn parse_janko_or_erato<'a>(text: &'a str, source: &str) -> Result<JankoGrid<'a>, ParseError> {
    parse_block(text, source, 0, header_order(text))
}

/// Parse a block whose header is in `order`; text after the grid rows is an error.
///
/// # Errors
/// As [`parse_janko`].
pub fn parse_in_order<'a>(
    text: &'a str,
    source: &str,
    order: HeaderOrder,
) -> Result<JankoGrid<'a>, ParseError> {
    parse_block(text, source, 0, order)
}

fn parse_block<'a>(
    text: &'a str,
    source: &str,
    extra_lines: usize,
    order: HeaderOrder,
) -> Result<JankoGrid<'a>, ParseError> {
    let mut lines = crate::text::content_lines(text);
    let Some((hline, htext)) = lines.next() else {
        return Err(ParseError::new(
            source,
            1,
            1,
            "empty input: expected a `rows cols` header",
        ));
    };
    let header: Vec<Token<'a>> = line_tokens(htext, hline).collect();
    let (rows, cols) = dimensions(&header, (hline, htext), source, order)?;
    crate::input_size::check_size(rows, cols, source, hline, header[0].col)?;
    let mut extra = Vec::new();
    for _ in 0..extra_lines {
        let Some((n, l)) = lines.next() else {
            return Err(ParseError::new(
                source,
                hline + 1,
                1,
                "missing header lines",
            ));
        };
        extra.push(line_tokens(l, n).collect());
    }
    let cells = grid_rows(&mut lines, (rows, cols), hline, source)?;
    if let Some((n, l)) = lines.next() {
        let col = l.len() - l.trim_start().len() + 1;
        return Err(ParseError::new(
            source,
            n,
            col,
            format!("unexpected text after the {rows} grid rows"),
        ));
    }
    let cells = Grid::from_cells(rows, cols, cells).expect("rows*cols tokens collected");
    Ok(JankoGrid {
        header_extra: header[2..].to_vec(),
        extra_lines: extra,
        cells,
    })
}

/// `(rows, cols)` from the `header` tokens of line `hline` (text `htext`), read in `order`.
fn dimensions(
    header: &[Token<'_>],
    (hline, htext): (usize, &str),
    source: &str,
    order: HeaderOrder,
) -> Result<(usize, usize), ParseError> {
    let dim = |i: usize, what: &str| -> Result<usize, ParseError> {
        let t = header.get(i).ok_or_else(|| {
            ParseError::new(
                source,
                hline,
                htext.len() + 1,
                format!("expected {what} in header"),
            )
        })?;
        match crate::text::parse_uint::<usize>(t.text).ok_or(()) {
            Ok(v) if v > 0 => Ok(v),
            _ => Err(t.error(
                source,
                format!("expected {what} (a positive integer), found `{}`", t.text),
            )),
        }
    };
    Ok(match order {
        HeaderOrder::RowsCols => (
            dim(0, "the number of rows")?,
            dim(1, "the number of columns")?,
        ),
        HeaderOrder::ColsRows => {
            let cols = dim(0, "the number of columns")?;
            (dim(1, "the number of rows")?, cols)
        }
    })
}

/// The `rows × cols` cell tokens of the next `rows` lines of `lines` (numbered, non-blank);
/// `hline` is the header's line, for the error of a grid with no row at all.
fn grid_rows<'a>(
    lines: &mut dyn Iterator<Item = (usize, &'a str)>,
    (rows, cols): (usize, usize),
    hline: usize,
    source: &str,
) -> Result<Vec<Token<'a>>, ParseError> {
    let mut cells = Vec::with_capacity(rows * cols);
    let mut last_line = hline;
    for r in 0..rows {
        let Some((n, l)) = lines.next() else {
            return Err(ParseError::new(
                source,
                last_line + 1,
                1,
                format!("expected {rows} grid rows, found {r}"),
            ));
        };
        last_line = n;
        let toks: Vec<Token<'a>> = line_tokens(l, n).collect();
        if toks.len() != cols {
            let col = toks.get(cols).map_or(l.len() + 1, |t| t.col);
            return Err(ParseError::new(
                source,
                n,
                col,
                format!(
                    "expected {cols} cells in row {}, found {}",
                    r + 1,
                    toks.len()
                ),
            ));
        }
        cells.extend(toks);
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erato_header_order_is_recognised_only_when_the_rows_fit() {
        let erato = "3 2\n1 - 2\n- - 3\n";
        assert_eq!(header_order(erato), HeaderOrder::ColsRows);
        let g = parse_janko_or_erato(erato, "t").unwrap();
        assert_eq!((g.cells.rows(), g.cells.cols()), (2, 3));
        // Janko order, square grids and malformed text keep `rows cols`
        for t in [
            "2 3\n1 - 2\n- - 3\n",
            "2 2\n1 -\n- 2\n",
            "3 2\n1 -\n",
            "x y\n",
        ] {
            assert_eq!(header_order(t), HeaderOrder::RowsCols, "{t}");
        }
        assert_eq!(
            parse_janko_or_erato("3 2\n1 - 2\n", "t").unwrap_err().line,
            2
        );
    }

    #[test]
    fn parses_grid_and_reports_short_rows() {
        let g = parse_janko("2 3\n1 - 2\n- - 3\n", "t", 0).unwrap();
        assert_eq!(
            g.cells.row(1).iter().map(|t| t.text).collect::<Vec<_>>(),
            ["-", "-", "3"]
        );
        assert!(looks_like_janko("2 3\n1 - 2"));
        assert!(!looks_like_janko("..3.."));
        let e = parse_janko("2 3\n1 - 2\n- 3\n", "t", 0).unwrap_err();
        assert_eq!(e.to_string(), "t:3:4: expected 3 cells in row 2, found 2");
        let e = parse_janko("2 x\n", "t", 0).unwrap_err();
        assert_eq!((e.line, e.col), (1, 3));
        let e = parse_janko("2 2\n1 1\n", "t", 0).unwrap_err();
        assert_eq!(e.line, 3);
        let e = parse_janko("1 1\n1\n2\n", "t", 0).unwrap_err();
        assert_eq!(e.line, 3);
    }
}
