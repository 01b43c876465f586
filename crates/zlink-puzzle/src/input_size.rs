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
}
