//! The largest puzzles zlink reads, and the one check every reader makes before it allocates.
//!
//! Why one module: a header such as `100000 100000` or a URL with huge `cols/rows` used to make
//! a reader reserve `rows × cols` cells before it looked at a single row, and the process
//! aborted on the failed allocation. Every reader (Janko blocks, `.has` headers, puzz.link
//! URLs, Tatham ids, character grids, graph edge lists) now calls [`check_size`] (or compares
//! with [`MAX_CELLS`]) first, so an oversized input is a positioned [`ParseError`].
//!
//! ```
//! use zlink_puzzle::input_size::{check_size, MAX_CELLS};
//! assert!(check_size(9, 9, "f", 1, 1).is_ok());
//! let e = check_size(100_000, 100_000, "b.txt", 1, 1).unwrap_err();
//! assert!(e.to_string().starts_with("b.txt:1:1: the size 100000x100000"));
//! assert!(MAX_CELLS >= 1_000_000);
//! ```

use crate::ParseError;

/// Largest number of rows or of columns of any grid (and of cells in one row).
pub const MAX_DIM: usize = 1 << 20;

/// Largest number of cells of any grid (rows × columns), and largest vertex count of a graph.
pub const MAX_CELLS: usize = 1 << 24;

/// Checks a `rows × cols` size read at `line:col` of `source` against [`MAX_DIM`] and
/// [`MAX_CELLS`] (and that neither is zero).
///
/// # Errors
/// A [`ParseError`] at `line:col` naming the size and the limit it breaks.
pub fn check_size(
    rows: usize,
    cols: usize,
    source: &str,
    line: usize,
    col: usize,
) -> Result<(), ParseError> {
    let err = |m: String| Err(ParseError::new(source, line, col, m));
    if rows == 0 || cols == 0 {
        return err(format!(
            "the size {rows}x{cols} is empty: expected at least 1x1"
        ));
    }
    if rows > MAX_DIM || cols > MAX_DIM {
        return err(format!(
            "the size {rows}x{cols} (rows x columns) is above the maximum of {MAX_DIM} per dimension"
        ));
    }
    if rows.checked_mul(cols).is_none_or(|n| n > MAX_CELLS) {
        return err(format!(
            "the size {rows}x{cols} (rows x columns) is above the maximum of {MAX_CELLS} cells"
        ));
    }
    Ok(())
}

/// The one wording of a grid-size option's limit, whichever command reads it: `HxW` is rows
/// x columns, each from 1 to `max_side`; `found` is what was given.
pub fn side_limit(found: &str, max_side: usize) -> String {
    format!("expected HxW (rows x columns) with 1 <= H, W <= {max_side}, e.g. 6x6, found `{found}`")
}

/// Reads a grid-size option `HxW` (`x` or `X`), each side from 1 to `max_side`.
///
/// # Errors
/// The [`side_limit`] message.
pub fn parse_hxw(spec: &str, max_side: usize) -> Result<(usize, usize), String> {
    let side = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|v| (1..=max_side).contains(v))
    };
    spec.split_once(['x', 'X'])
        .and_then(|(h, w)| Some((side(h)?, side(w)?)))
        .ok_or_else(|| side_limit(spec, max_side))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        assert!(check_size(1, MAX_DIM, "f", 1, 1).is_ok());
        assert!(check_size(1, MAX_DIM + 1, "f", 1, 1).is_err());
        assert!(check_size(MAX_DIM, MAX_DIM, "f", 1, 1).is_err());
        assert!(check_size(usize::MAX, usize::MAX, "f", 1, 1).is_err());
        let e = check_size(0, 3, "f", 2, 5).unwrap_err();
        assert_eq!((e.line, e.col), (2, 5));
    }

    #[test]
    fn one_wording_for_grid_options() {
        assert_eq!(parse_hxw("12x3", 64), Ok((12, 3)));
        assert_eq!(parse_hxw(" 2 X 2", 64), Ok((2, 2)));
        for bad in ["0x3", "65x1", "3", "axb", "3x", "-1x2"] {
            assert_eq!(parse_hxw(bad, 64), Err(side_limit(bad, 64)), "{bad}");
        }
        assert_eq!(
            side_limit("65x1", 64),
            "expected HxW (rows x columns) with 1 <= H, W <= 64, e.g. 6x6, found `65x1`"
        );
    }
}
