//! Simon Tatham's puzzle game ids, `WxH[params]:<desc>`: recognising one and splitting it into
//! its size, parameter string and description, with positioned errors.
//!
//! Why one module: every Tatham-backed puzzle (Loopy, Bridges) and the CLI (an id given on the
//! command line) must agree on what an id looks like; each puzzle only reads its own
//! parameters and description.
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
}
