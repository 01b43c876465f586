//! Simon Tatham's puzzle game ids, `WxH[params]:<desc>`: recognising one, splitting it into
//! its size, parameter string and description, and reading and writing the run-length
//! description, with positioned errors.
//!
//! Why one module: every Tatham-backed puzzle (Loopy, Bridges, Solo) and the CLI (an id given
//! on the command line) must agree on what an id looks like; each puzzle only reads its own
//! parameters and gives its token rule to [`read_runs`] and its token text to [`write_runs`].
//!
//! ```
//! use zlink_puzzle::tatham::{looks_like_id, split_id};
//! assert!(looks_like_id("5x5t0:a1b"));
//! let id = split_id("5x4t0:a1b", "arg").unwrap();
//! assert_eq!((id.width, id.height, id.params, id.desc), (5, 4, "t0", "a1b"));
//! assert_eq!(split_id("5y4:a", "arg").unwrap_err().to_string(), "arg:1:2: expected `x` in `WxH`");
//! ```

use crate::ParseError;

/// Largest number of cells an id may describe (checked before anything is allocated): the one
/// limit of [`crate::input_size`].
pub use crate::input_size::MAX_CELLS;

/// A game id split into its parts; columns are 1-based character positions in the id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TathamId<'a> {
    /// `W`.
    pub width: usize,
    /// `H`.
    pub height: usize,
    /// The parameters after `WxH` and before `:`.
    pub params: &'a str,
    /// Column of the first parameter character.
    pub params_col: usize,
    /// The description after `:`.
    pub desc: &'a str,
    /// Column of the first description character.
    pub desc_col: usize,
}

impl TathamId<'_> {
    /// Reads this id's description (line 1 of `source`, a `WxH` grid of `unit`s) with the
    /// puzzle's token rule: [`read_runs`].
    ///
    /// # Errors
    /// As [`read_runs`].
    pub fn read_desc<T: Copy>(
        &self,
        source: &str,
        unit: &str,
        token: impl FnMut(&[char]) -> Result<(Token<T>, usize), String>,
    ) -> Result<Vec<(Option<T>, usize)>, ParseError> {
        let grid = format!("{}x{}", self.width, self.height);
        let at = DescAt {
            source,
            line: 1,
            col: self.desc_col,
            area: self.width * self.height,
            grid: &grid,
            unit,
        };
        read_runs(self.desc, at, token)
    }
}

/// Whether `line` looks like a game id `WxH…:…` (digits, `x`, a colon, no white space).
pub fn looks_like_id(line: &str) -> bool {
    split_number(line).is_some_and(|(_, r)| r.starts_with('x'))
        && line.contains(':')
        && !line.contains(char::is_whitespace)
}

/// Splits leading decimal digits off `s`.
pub fn split_number(s: &str) -> Option<(usize, &str)> {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    Some((s[..n].parse().ok()?, &s[n..]))
}

/// Splits `id` into size, parameters and description.
///
/// # Errors
/// A missing `:`, `W`, `x` or `H`, a zero size, or more than [`MAX_CELLS`] cells.
pub fn split_id<'a>(id: &'a str, source: &str) -> Result<TathamId<'a>, ParseError> {
    let col = |byte: usize| id[..byte].chars().count() + 1;
    let err = |byte: usize, m: &str| ParseError::new(source, 1, col(byte), m);
    let colon = id
        .find(':')
        .ok_or_else(|| err(id.len(), "expected `:` before the description"))?;
    let params = &id[..colon];
    let at = |rest: &str| params.len() - rest.len();
    let (width, rest) =
        split_number(params).ok_or_else(|| err(0, "expected the width `W` of `WxH`"))?;
    let rest = rest
        .strip_prefix('x')
        .ok_or_else(|| err(at(rest), "expected `x` in `WxH`"))?;
    let (height, rest) =
        split_number(rest).ok_or_else(|| err(at(rest), "expected the height `H` of `WxH`"))?;
    if width == 0 || height == 0 {
        return Err(err(0, "the size `WxH` must be at least 1x1"));
    }
    crate::input_size::check_size(height, width, source, 1, 1)?;
    Ok(TathamId {
        width,
        height,
        params: rest,
        params_col: col(at(rest)),
        desc: &id[colon + 1..],
        desc_col: col(colon + 1),
    })
}

/// Where a description sits in its input, and what it must cover: for the errors of
/// [`read_runs`].
#[derive(Debug, Clone, Copy)]
pub struct DescAt<'a> {
    /// The input's name.
    pub source: &'a str,
    /// 1-based line of the id.
    pub line: usize,
    /// 1-based column of the description's first character.
    pub col: usize,
    /// Cells the description must cover exactly.
    pub area: usize,
    /// The grid as errors name it (`5x4`, `9×9`).
    pub grid: &'a str,
    /// What a cell is called in errors (`faces`, `cells`).
    pub unit: &'a str,
}

/// One token of a description, as a puzzle's token rule reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<T> {
    /// A given cell and its value.
    Cell(T),
    /// Characters that make no cell (Solo's `_` between two numbers).
    Separator,
}

/// Reads a run-length description (the inverse of [`write_runs`]): each letter `a`-`z` is a
/// run of 1-26 blank cells (`None`); at any other character `token` reads a token from the
/// remaining characters and returns it with the number of characters it took, or the error
/// message for that position. Returns every cell with the 1-based column it came from.
///
/// Why one reader: Loopy, Bridges and Solo differ only in their token rule (one character, or a
/// decimal number); the runs, the columns and the area checks are the same.
///
/// ```
/// use zlink_puzzle::tatham::{read_runs, DescAt, Token};
/// let at = DescAt { source: "f", line: 1, col: 5, area: 4, grid: "2x2", unit: "cells" };
/// let digit = |c: &[char]| c[0].to_digit(10).map(|d| (Token::Cell(d), 1)).ok_or("not a digit".to_string());
/// assert_eq!(read_runs("1b2", at, digit).unwrap(), [(Some(1), 5), (None, 6), (None, 6), (Some(2), 7)]);
/// assert_eq!(read_runs("1d", at, digit).unwrap_err().to_string(), "f:1:6: description runs past the 2x2 grid");
/// assert_eq!(read_runs("1a", at, digit).unwrap_err().to_string(), "f:1:7: description covers 2 cells, expected 4");
/// ```
///
/// # Errors
/// The token rule's error at its column; a description that runs past `area` cells or stops
/// short of it.
pub fn read_runs<T: Copy>(
    desc: &str,
    at: DescAt<'_>,
    mut token: impl FnMut(&[char]) -> Result<(Token<T>, usize), String>,
) -> Result<Vec<(Option<T>, usize)>, ParseError> {
    let err = |col: usize, m: String| ParseError::new(at.source, at.line, col, m);
    let chars: Vec<char> = desc.chars().collect();
    let mut cells = Vec::with_capacity(at.area.min(chars.len().saturating_mul(26)));
    let mut i = 0;
    while i < chars.len() {
        let col = at.col + i;
        match chars[i] {
            ch @ 'a'..='z' => {
                let run = ch as usize - 'a' as usize + 1;
                cells.extend(std::iter::repeat_n((None, col), run));
                i += 1;
            }
            _ => {
                let (t, used) = token(&chars[i..]).map_err(|m| err(col, m))?;
                if let Token::Cell(v) = t {
                    cells.push((Some(v), col));
                }
                i += used.max(1);
            }
        }
        if cells.len() > at.area {
            return Err(err(
                col,
                format!("description runs past the {} grid", at.grid),
            ));
        }
    }
    if cells.len() != at.area {
        return Err(err(
            at.col + chars.len(),
            format!(
                "description covers {} {}, expected {}",
                cells.len(),
                at.unit,
                at.area
            ),
        ));
    }
    Ok(cells)
}

/// The description of a grid as Loopy and Bridges write it: row-major, each given cell its
/// character, each run of empty cells (`None`) one letter `a`-`z` (a run of 1-26; longer runs
/// take several letters).
pub fn write_desc(cells: impl IntoIterator<Item = Option<char>>) -> String {
    write_runs(cells.into_iter().map(|c| c.map(String::from)), "")
}

/// The run-length description of every Tatham grid game: row-major, each given cell its text,
/// each run of empty cells (`None`) one letter `a`-`z` (runs over 26 take several letters), and
/// `between` written between two given cells that follow each other (Solo writes `_` there,
/// since its numbers take several digits).
///
/// ```
/// use zlink_puzzle::tatham::write_runs;
/// let cells = [Some("1".to_string()), Some("12".into()), None, None, Some("3".into())];
/// assert_eq!(write_runs(cells, "_"), "1_12b3");
/// ```
pub fn write_runs(cells: impl IntoIterator<Item = Option<String>>, between: &str) -> String {
    let mut desc = String::new();
    let mut run = 0u8;
    let mut after_given = false;
    for c in cells {
        match c {
            None => {
                run += 1;
                if run == 26 {
                    desc.push('z');
                    run = 0;
                }
                after_given = false;
            }
            Some(text) => {
                if run > 0 {
                    desc.push(char::from(b'a' + run - 1));
                    run = 0;
                } else if after_given {
                    desc.push_str(between);
                }
                desc.push_str(&text);
                after_given = true;
            }
        }
    }
    if run > 0 {
        desc.push(char::from(b'a' + run - 1));
    }
    desc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_and_splits() {
        assert!(looks_like_id("7x7m2:a2b"));
        for not in [
            "",
            "x7:1",
            "7x7",
            "7 x7:a",
            "https://puzz.link/p?x:1",
            "7y7:a",
        ] {
            assert!(!looks_like_id(not), "{not}");
        }
        let id = split_id("10x3m2d0:ab", "f").unwrap();
        assert_eq!((id.width, id.height, id.params), (10, 3, "m2d0"));
        assert_eq!((id.params_col, id.desc, id.desc_col), (5, "ab", 10));
        let e = |s: &str| split_id(s, "f").unwrap_err().to_string();
        assert_eq!(e("7x7"), "f:1:4: expected `:` before the description");
        assert_eq!(e("x7:a"), "f:1:1: expected the width `W` of `WxH`");
        assert_eq!(e("7x:a"), "f:1:3: expected the height `H` of `WxH`");
        assert!(e("0x7:a").contains("at least 1x1"));
        assert!(e("100000x100000:a").contains("above the maximum"));
        assert!(e("99999999999999999999x2:a").contains("width"));
    }

    /// Each kind's token rule on the one reader: values, blanks and error columns.
    #[test]
    fn each_kind_reads_its_tokens_with_positions() {
        use crate::hashi::Hashi;
        use crate::slitherlink::Slitherlink;
        let loopy = Slitherlink::parse_tatham("2x2t0:a3b", "f").unwrap();
        assert_eq!(loopy.clues().cells(), &[None, Some(3), None, None]);
        let e = |r: Result<Slitherlink, ParseError>| r.unwrap_err().to_string();
        assert_eq!(
            e(Slitherlink::parse_tatham("2x2t0:a5b", "f")),
            "f:1:8: clue `5` is impossible on a square grid (at most 4 sides)"
        );
        assert_eq!(
            e(Slitherlink::parse_tatham("2x2t0:a?b", "f")),
            "f:1:8: expected a clue `0`–`4` or a blank run `a`–`z`, found `?`"
        );
        assert_eq!(
            e(Slitherlink::parse_tatham("2x2t0:3d", "f")),
            "f:1:8: description runs past the 2x2 grid"
        );
        assert_eq!(
            e(Slitherlink::parse_tatham("2x2t0:3", "f")),
            "f:1:8: description covers 1 faces, expected 4"
        );
        let h = |id: &str| Hashi::parse_tatham(id, "f").unwrap_err().to_string();
        assert_eq!(
            h("3x1m2:1a9"),
            "f:1:9: island number 9 exceeds 8 (four directions, two bridges each)"
        );
        assert_eq!(
            h("3x1m2:1a."),
            "f:1:9: expected `1`–`9`, `A`–`G` or a water run `a`–`z`, found `.`"
        );
        assert_eq!(h("3x1m2:1c"), "f:1:8: description runs past the 3x1 grid");
    }
}
