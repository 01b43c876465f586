//! Positioned tokens: split text into whitespace-separated words that remember their line and
//! column, so every parser can report `source:line:col` without its own bookkeeping.

use crate::ParseError;

/// A whitespace-separated word with its 1-based position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The word.
    pub text: &'a str,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (characters).
    pub col: usize,
}

impl<'a> Token<'a> {
    /// A parse error pointing at this token.
    pub fn error(&self, source: &str, message: impl Into<String>) -> crate::ParseError {
        crate::ParseError::new(source, self.line, self.col, message)
    }
}

/// The tokens of one line (`line` is 1-based, used for the positions).
pub fn line_tokens(line_text: &str, line: usize) -> impl Iterator<Item = Token<'_>> + '_ {
    let mut col = 0usize;
    let mut chars = line_text.char_indices().peekable();
    std::iter::from_fn(move || {
        while let Some(&(_, ch)) = chars.peek() {
            if !ch.is_whitespace() {
                break;
            }
            chars.next();
            col += 1;
        }
        let (start, _) = *chars.peek()?;
        let start_col = col + 1;
        let mut end = start;
        while let Some(&(i, ch)) = chars.peek() {
            if ch.is_whitespace() {
                break;
            }
            end = i + ch.len_utf8();
            chars.next();
            col += 1;
        }
        Some(Token {
            text: &line_text[start..end],
            line,
            col: start_col,
        })
    })
}

/// All tokens of `text`, line by line.
pub fn tokens(text: &str) -> impl Iterator<Item = Token<'_>> + '_ {
    text.lines()
        .enumerate()
        .flat_map(|(i, l)| line_tokens(l, i + 1))
}

/// Non-blank lines with their 1-based numbers; lines starting with `#` are comments.
pub fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#')
        })
}

/// A rectangular grid written one character per cell, one row per line (blank and `#` lines
/// skipped, as in [`content_lines`]), the shape puzzles share for their plain-text form.
///
/// `cell` maps a character to its value, or returns what was expected there (for the error
/// `expected {what}, found `{ch}``).
///
/// # Errors
/// An empty grid, rows of different lengths, a character `cell` rejects, all positioned.
pub fn char_grid<T>(
    text: &str,
    source: &str,
    cell: impl Fn(char) -> Result<T, &'static str>,
) -> Result<CharGrid<T>, ParseError> {
    let lines: Vec<(usize, &str)> = content_lines(text)
        .map(|(n, l)| (n, l.trim_end()))
        .collect();
    let Some(&(_, first)) = lines.first() else {
        return Err(ParseError::new(
            source,
            1,
            1,
            "empty input: expected a grid",
        ));
    };
    let cols = first.chars().count();
    crate::input_size::check_size(lines.len(), cols, source, lines[0].0, 1)?;
    let mut cells = Vec::new();
    let mut pos = Vec::new();
    for &(ln, line) in &lines {
        let n = line.chars().count();
        if n != cols {
            return Err(ParseError::new(
                source,
                ln,
                n.min(cols) + 1,
                format!("row has {n} cells, expected {cols} like the first row"),
            ));
        }
        for (i, ch) in line.chars().enumerate() {
            let v = cell(ch).map_err(|what| {
                ParseError::new(source, ln, i + 1, format!("expected {what}, found `{ch}`"))
            })?;
            cells.push(v);
            pos.push((ln, i + 1));
        }
    }
    Ok(CharGrid {
        rows: lines.len(),
        cols,
        cells,
        pos,
    })
}

/// What [`char_grid`] read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CharGrid<T> {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The cells, row-major.
    pub cells: Vec<T>,
    /// The 1-based `(line, column)` of each cell, for later positioned errors.
    pub pos: Vec<(usize, usize)>,
}

/// An unsigned decimal number: ASCII digits only (`str::parse` alone would also take `+3`).
///
/// ```
/// use zlink_puzzle::text::parse_uint;
/// assert_eq!(parse_uint::<u8>("3"), Some(3));
/// assert_eq!(parse_uint::<u8>("+3"), None);
/// assert_eq!(parse_uint::<u8>("300"), None);
/// ```
pub fn parse_uint<T: std::str::FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// The 1-based column of byte offset `byte` in `line`.
pub fn col_of(line: &str, byte: usize) -> usize {
    line[..byte.min(line.len())].chars().count() + 1
}

/// Decodes the bytes of an input file as UTF-8 text, the one decoding every reader's input
/// goes through: a leading UTF-8 byte-order mark is dropped, and invalid UTF-8 is a
/// [`ParseError`] at its line and column that also names its byte offset.
///
/// ```
/// use zlink_puzzle::text::decode_input;
/// assert_eq!(decode_input(b"\xEF\xBB\xBF3 3\n", "f").unwrap(), "3 3\n");
/// let e = decode_input(b"ab\ncd\xFF", "f").unwrap_err();
/// assert_eq!(e.to_string(), "f:2:3: invalid UTF-8 at byte offset 5");
/// ```
///
/// # Errors
/// Bytes that are not UTF-8.
pub fn decode_input(bytes: &[u8], source: &str) -> Result<String, ParseError> {
    let (bom, bytes) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => (3, rest),
        None => (0, bytes),
    };
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.to_string()),
        Err(e) => {
            let at = e.valid_up_to();
            // The prefix up to `at` is valid UTF-8 by definition.
            let good = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
            let line = good.matches('\n').count() + 1;
            let line_start = good.rfind('\n').map_or(0, |i| i + 1);
            let col = good[line_start..].chars().count() + 1;
            Err(ParseError::new(
                source,
                line,
                col,
                format!("invalid UTF-8 at byte offset {}", at + bom),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_bom_and_positions_bad_bytes() {
        assert_eq!(decode_input(b"\xEF\xBB\xBFx", "f").unwrap(), "x");
        let e = decode_input(b"\xC3", "f").unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
        let e = decode_input(b"\xEF\xBB\xBFa\xFF", "f").unwrap_err();
        assert_eq!(e.to_string(), "f:1:2: invalid UTF-8 at byte offset 4");
        let e = decode_input(b"\xC3\xA9\n\xE2\x82", "f").unwrap_err();
        assert_eq!(e.to_string(), "f:2:1: invalid UTF-8 at byte offset 3");
    }

    #[test]
    fn tokens_know_their_positions() {
        let t: Vec<_> = tokens("9 9\n  2 -  14\n").collect();
        let pos: Vec<_> = t.iter().map(|t| (t.text, t.line, t.col)).collect();
        assert_eq!(
            pos,
            vec![
                ("9", 1, 1),
                ("9", 1, 3),
                ("2", 2, 3),
                ("-", 2, 5),
                ("14", 2, 8)
            ]
        );
        let l: Vec<_> = content_lines("# c\n\nab\n").collect();
        assert_eq!(l, vec![(3, "ab")]);
    }
}
