//! `4Cell` bodies (pzprjs `decode4Cell` / `encode4Cell`, Slitherlink): clues 0..4, each char
//! optionally absorbing one or two following empty cells.
//!
//! | char | meaning |
//! |---|---|
//! | `0`..`4` | clue, next cell follows |
//! | `5`..`9` | clue c−5, then skip 1 |
//! | `a`..`e` | clue c−10, then skip 2 (also used at the grid end) |
//! | `.` | unknown clue |
//! | `g`..`z` | skip 1..20 cells |

use super::{skip_char, skip_len, Clue, CodecError};

/// Decode `n` cells from the start of `body`; returns the cells and bytes consumed.
///
/// # Errors
/// A [`CodecError`] at an unknown character, or when the body is too short.
pub fn decode(body: &str, n: usize) -> Result<(Vec<Clue>, usize), CodecError> {
    let b = body.as_bytes();
    let mut cells: Vec<Clue> = Vec::with_capacity(n);
    let mut i = 0;
    while cells.len() < n && i < b.len() {
        let ch = b[i];
        let (clue, skip) = match ch {
            b'0'..=b'4' => (Some(Clue::Number(u32::from(ch - b'0'))), 0),
            b'5'..=b'9' => (Some(Clue::Number(u32::from(ch - b'5'))), 1),
            b'a'..=b'e' => (Some(Clue::Number(u32::from(ch - b'a'))), 2),
            b'.' => (Some(Clue::Unknown), 0),
            _ => match skip_len(ch) {
                Some(k) => (None, k),
                None => {
                    let c = body[i..].chars().next().unwrap_or('?');
                    return Err(CodecError::new(
                        i,
                        format!("unexpected `{c}` in a 4Cell body"),
                    ));
                }
            },
        };
        if let Some(c) = clue {
            cells.push(c);
        }
        let skip = skip.min(n - cells.len());
        cells.extend(std::iter::repeat_n(Clue::Empty, skip));
        i += 1;
    }
    if cells.len() < n {
        return Err(CodecError::new(
            b.len(),
            format!("body ends after {} of {n} cells", cells.len()),
        ));
    }
    Ok((cells, i))
}

/// Encode clues 0..=4 (and unknowns) the way pzprjs does.
///
/// # Panics
/// On a number above 4, which no 4Cell grid can hold.
pub fn encode(cells: &[Clue]) -> String {
    let filled = |k: usize| cells.get(k).is_some_and(|c| *c != Clue::Empty);
    let mut out = String::new();
    let mut run = 0;
    let mut c = 0;
    while c < cells.len() {
        let token = match cells[c] {
            Clue::Empty => {
                run += 1;
                if run == 20 {
                    out.push(skip_char(20));
                    run = 0;
                }
                c += 1;
                continue;
            }
            Clue::Unknown => '.',
            Clue::Number(v) => {
                assert!(v <= 4, "4Cell clues are 0..=4, got {v}");
                let v = v as u8;
                if filled(c + 1) {
                    char::from(b'0' + v)
                } else if filled(c + 2) {
                    c += 1;
                    char::from(b'5' + v)
                } else {
                    c += 2;
                    char::from(b'a' + v)
                }
            }
        };
        if run > 0 {
            out.push(skip_char(run));
            run = 0;
        }
        out.push(token);
        c += 1;
    }
    if run > 0 {
        out.push(skip_char(run));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn both_encodings_of_a_final_clue_decode() {
        let a = decode("dgdh2c71", 16).unwrap().0;
        let b = decode("dgdh2c7b", 16).unwrap().0;
        assert_eq!(a, b);
        assert_eq!(encode(&a), "dgdh2c7b");
        assert_eq!(decode("3#", 2).unwrap_err().offset, 1);
    }

    fn clue() -> impl Strategy<Value = Clue> {
        prop_oneof![5 => Just(Clue::Empty), 1 => Just(Clue::Unknown), 4 => (0u32..=4).prop_map(Clue::Number)]
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
