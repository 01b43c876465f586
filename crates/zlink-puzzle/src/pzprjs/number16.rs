//! `Number16` bodies (pzprjs `readNumber16` / `writeNumber16`): one token per clue cell, runs of
//! empty cells as `g`..`z`. Used by Sudoku, Numberlink, Hashi and Battleship cells.
//!
//! | token | value |
//! |---|---|
//! | `0`..`9`, `a`..`f` | 0..15 |
//! | `-xx` | 2 hex digits (16..255) |
//! | `+xxx` | 3 hex digits (256..4095) |
//! | `=xxx` | 4096 + 3 hex |
//! | `%xxx`, `@xxx` | 8192 + 3 hex |
//! | `*xxxx` | 12240 + 4 hex |
//! | `$xxxxx` | 77776 + 5 hex |
//! | `.` | unknown clue |
//! | `g`..`z` | skip 1..20 cells |

use super::{skip_char, skip_len, Clue, CodecError};

/// Decode `n` cells from the start of `body`; returns the cells and the bytes consumed.
/// A run that overshoots the grid end is clamped (encoders never produce one).
///
/// # Errors
/// A [`CodecError`] at an unknown character or a truncated / non-hex multi-digit token.
pub fn decode(body: &str, n: usize) -> Result<(Vec<Clue>, usize), CodecError> {
    let b = body.as_bytes();
    let mut cells = Vec::with_capacity(n);
    let mut i = 0;
    while cells.len() < n && i < b.len() {
        let ch = b[i];
        let hex = |start: usize, len: usize| -> Result<u32, CodecError> {
            let digits = body
                .get(start..start + len)
                .filter(|d| d.len() == len)
                .ok_or_else(|| {
                    CodecError::new(i, format!("`{}` needs {len} hex digits", char::from(ch)))
                })?;
            u32::from_str_radix(digits, 16).map_err(|_| {
                CodecError::new(
                    start,
                    format!("expected {len} hex digits, found `{digits}`"),
                )
            })
        };
        let (clue, used) = match ch {
            b'0'..=b'9' => (Clue::Number(u32::from(ch - b'0')), 1),
            b'a'..=b'f' => (Clue::Number(u32::from(ch - b'a') + 10), 1),
            b'-' => (Clue::Number(hex(i + 1, 2)?), 3),
            b'+' => (Clue::Number(hex(i + 1, 3)?), 4),
            b'=' => (Clue::Number(4096 + hex(i + 1, 3)?), 4),
            b'%' | b'@' => (Clue::Number(8192 + hex(i + 1, 3)?), 4),
            b'*' => (Clue::Number(12240 + hex(i + 1, 4)?), 5),
            b'$' => (Clue::Number(77776 + hex(i + 1, 5)?), 6),
            b'.' => (Clue::Unknown, 1),
            _ => match skip_len(ch) {
                Some(k) => {
                    let k = k.min(n - cells.len());
                    cells.extend(std::iter::repeat_n(Clue::Empty, k));
                    i += 1;
                    continue;
                }
                None => {
                    let c = body[i..].chars().next().unwrap_or('?');
                    return Err(CodecError::new(
                        i,
                        format!("unexpected `{c}` in a Number16 body"),
                    ));
                }
            },
        };
        cells.push(clue);
        i += used;
    }
    if cells.len() < n {
        return Err(CodecError::new(
            b.len(),
            format!("body ends after {} of {n} cells", cells.len()),
        ));
    }
    Ok((cells, i))
}

/// Encode clue cells the way pzprjs does (runs of up to 20 empty cells per letter).
pub fn encode(cells: &[Clue]) -> String {
    let mut out = String::new();
    let mut run = 0;
    for &c in cells {
        let token = match c {
            Clue::Empty => {
                run += 1;
                if run == 20 {
                    out.push(skip_char(20));
                    run = 0;
                }
                continue;
            }
            Clue::Unknown => ".".to_string(),
            Clue::Number(v) => number_token(v),
        };
        if run > 0 {
            out.push(skip_char(run));
            run = 0;
        }
        out.push_str(&token);
    }
    if run > 0 {
        out.push(skip_char(run));
    }
    out
}

fn number_token(v: u32) -> String {
    match v {
        0..=15 => format!("{v:x}"),
        16..=255 => format!("-{v:02x}"),
        256..=4095 => format!("+{v:03x}"),
        4096..=8191 => format!("={:03x}", v - 4096),
        8192..=12239 => format!("%{:03x}", v - 8192),
        12240..=77775 => format!("*{:04x}", v - 12240),
        _ => format!("${:05x}", v - 77776),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn decodes_multi_digit_tokens_and_reports_errors() {
        let (c, used) = decode("-10+100=001%001*0001$00001.h3", 10).unwrap();
        let want = [16, 256, 4097, 8193, 12241, 77777];
        for (k, w) in want.iter().enumerate() {
            assert_eq!(c[k], Clue::Number(*w));
        }
        assert_eq!(
            &c[6..],
            &[Clue::Unknown, Clue::Empty, Clue::Empty, Clue::Number(3)]
        );
        assert_eq!(used, 29);
        assert_eq!(decode("1#", 2).unwrap_err().offset, 1);
        assert_eq!(decode("-1", 1).unwrap_err().offset, 0);
        assert_eq!(decode("-1x", 1).unwrap_err().offset, 1);
        assert!(decode("12", 3).unwrap_err().message.contains("2 of 3"));
        // overshooting runs are clamped, trailing bytes are left to the caller
        assert_eq!(
            decode("1z7", 3).unwrap(),
            (vec![Clue::Number(1), Clue::Empty, Clue::Empty], 2)
        );
    }

    fn clue() -> impl Strategy<Value = Clue> {
        prop_oneof![
            6 => Just(Clue::Empty),
            1 => Just(Clue::Unknown),
            3 => (0u32..100_000).prop_map(Clue::Number),
            3 => (0u32..30).prop_map(Clue::Number),
        ]
    }

    proptest! {
        #[test]
        fn encode_then_decode_is_identity(cells in prop::collection::vec(clue(), 0..80)) {
            let s = encode(&cells);
            let (back, used) = decode(&s, cells.len()).unwrap();
            prop_assert_eq!(back, cells);
            prop_assert_eq!(used, s.len());
        }
    }
}
