//! Simon Tatham's Solo game ids, `CxR[flags]:<desc>`: reading one into a Sudoku and writing
//! a Sudoku as one, so a puzzle moves between zlink and Solo (`sgt-solo`, the web player).
//!
//! Solo's `CxR` names boxes `C` rows tall and `R` columns wide (its `2x3` is the 6×6 with boxes
//! 2 tall and 3 wide; the grid is `C·R` square). zlink's n×n Sudoku has one box shape per n,
//! never taller than wide ([`Shape::new`]), so an id whose boxes are taller than wide (`3x2`)
//! is refused with the shape zlink has. The generation flags (symmetry `a`, `r2`, `m4`, `md2`…,
//! difficulty `dt`…`du`) are read and ignored; the variants with other rules (`x` diagonals,
//! `j` jigsaw, `k` killer) are refused. The description is row-major: a number per given cell
//! (decimal, `_` between two numbers that follow each other), a letter `a`-`z` per run of 1-26
//! blank cells.

use super::shape::{Shape, MAX_N};
use crate::tatham::{self, read_runs, split_number, DescAt, Token};
use crate::{Grid, ParseError};

/// Reads the Solo id `id` (on 1-based line `line` of `source`) into its shape and its n² cells
/// (0 blank) with the column of each.
pub(super) fn parse_id(
    id: &str,
    source: &str,
    line: usize,
) -> Result<(Shape, Vec<u8>, Vec<usize>), ParseError> {
    let on_line = |mut e: ParseError| {
        e.line = line;
        e
    };
    let t = tatham::split_id(id, source).map_err(on_line)?;
    let err = |col: usize, m: String| ParseError::new(source, line, col, m);
    let (tall, wide) = (t.width, t.height);
    check_flags(t.params, t.params_col, source, line)?;
    let n = tall * wide;
    let shape = Shape::new(n)
        .filter(|_| tall >= 2 && wide >= 2 && n <= MAX_N)
        .ok_or_else(|| {
            err(
                1,
                format!("Solo boxes {tall}x{wide} make a {n}×{n} grid: zlink reads 4×4 to {MAX_N}×{MAX_N} Sudoku with boxes at least 2 on each side"),
            )
        })?;
    if (shape.box_rows, shape.box_cols) != (tall, wide) {
        return Err(err(
            1,
            format!(
                "Solo boxes {tall} tall and {wide} wide are not supported: zlink's {n}×{n} Sudoku has boxes {} tall and {} wide (Solo `{}x{}`)",
                shape.box_rows, shape.box_cols, shape.box_rows, shape.box_cols
            ),
        ));
    }
    let (cells, cols) = read_desc(t.desc, t.desc_col, n, source, line)?;
    Ok((shape, cells, cols))
}

/// The description's cells (0 blank) and their columns, exactly n² of them: Solo's token is a
/// decimal number, `_` between two numbers.
fn read_desc(
    desc: &str,
    desc_col: usize,
    n: usize,
    source: &str,
    line: usize,
) -> Result<(Vec<u8>, Vec<usize>), ParseError> {
    let grid = format!("{n}×{n}");
    let at = DescAt {
        source,
        line,
        col: desc_col,
        area: n * n,
        grid: &grid,
        unit: "cells",
    };
    let read = read_runs(desc, at, |c: &[char]| match c[0] {
        '_' => Ok((Token::Separator, 1)),
        '1'..='9' => {
            let len = c.iter().take_while(|c| c.is_ascii_digit()).count();
            let text: String = c[..len].iter().collect();
            match text.parse::<usize>() {
                Ok(v) if (1..=n).contains(&v) => Ok((Token::Cell(v as u8), len)),
                _ => Err(format!(
                    "clue {text} out of range: a {n}×{n} Sudoku has values 1..={n}"
                )),
            }
        }
        ',' => Err(
            "Solo's description after `,` (jigsaw blocks or killer cages) is not supported".into(),
        ),
        ch => Err(format!(
            "expected a number, `_` or a blank run `a`-`z`, found `{ch}`"
        )),
    })?;
    Ok(read
        .into_iter()
        .map(|(v, col)| (v.unwrap_or(0), col))
        .unzip())
}

/// Checks the flags after `CxR` (starting at 1-based column `col0`): symmetry and difficulty
/// are accepted, the rule variants and anything else refused.
fn check_flags(flags: &str, col0: usize, source: &str, line: usize) -> Result<(), ParseError> {
    let mut rest = flags;
    while let Some(c) = rest.chars().next() {
        let col = col0 + flags.len() - rest.len();
        let err = |m: String| Err(ParseError::new(source, line, col, m));
        rest = &rest[c.len_utf8()..];
        match c {
            'a' => {}
            'r' | 'm' => {
                rest = rest.strip_prefix('d').filter(|_| c == 'm').unwrap_or(rest);
                rest = split_number(rest).map_or(rest, |(_, r)| r);
            }
            'd' => match rest.chars().next() {
                Some('t' | 'b' | 'i' | 'a' | 'e' | 'u') => rest = &rest[1..],
                _ => {
                    return err(
                        "expected a Solo difficulty `t`, `b`, `i`, `a`, `e` or `u` after `d`"
                            .into(),
                    )
                }
            },
            'x' => {
                return err(
                    "X-Sudoku (`x`: every value on each main diagonal) is not supported".into(),
                )
            }
            'j' => return err("jigsaw Sudoku (`j`: irregular boxes) is not supported".into()),
            'k' => return err("killer Sudoku (`k`: cages) is not supported".into()),
            _ => return err(format!("unknown Solo parameter `{c}`")),
        }
    }
    Ok(())
}

/// The Solo game id of `givens` (0 blank) on `shape`, as [`parse_id`] and Solo read it.
pub(super) fn write_id(shape: Shape, givens: &Grid<u8>) -> String {
    let cells = givens
        .cells()
        .iter()
        .map(|&v| (v != 0).then(|| v.to_string()));
    format!(
        "{}x{}:{}",
        shape.box_rows,
        shape.box_cols,
        tatham::write_runs(cells, "_")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(id: &str) -> Vec<u8> {
        parse_id(id, "t", 1).map(|(_, c, _)| c).unwrap()
    }

    fn error(id: &str) -> String {
        parse_id(id, "t", 3).unwrap_err().to_string()
    }

    #[test]
    fn reads_runs_separators_and_multi_digit_values() {
        // 4×4 (Solo 2x2): a blank run, two numbers side by side, a run over several letters
        let c = cells("2x2:a1_2l3");
        assert_eq!(c, [0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
        // 12×12 (Solo 3x4): two-digit values, flags of generation ignored
        let id = format!("3x4r4dua:12_10z{}", "z".repeat(4) + "k1");
        let (shape, c, _) = parse_id(&id, "t", 1).unwrap();
        assert_eq!((shape.box_rows, shape.box_cols), (3, 4));
        assert_eq!((c[0], c[1], c[143]), (12, 10, 1));
        assert_eq!(c.iter().filter(|&&v| v != 0).count(), 3);
    }

    #[test]
    fn writes_what_it_reads() {
        for id in [
            "2x2:a1_2l3",
            "2x3:1_2_3_4_5_6zd",
            "3x3:z_9zzb",
            "3x3:5i3zzr",
        ] {
            let (shape, c, _) = match parse_id(id, "t", 1) {
                Ok(r) => r,
                Err(e) => panic!("{id}: {e}"),
            };
            let g = Grid::from_cells(shape.n, shape.n, c).unwrap();
            let back = write_id(shape, &g);
            let (_, again, _) = parse_id(&back, "t", 1).unwrap();
            assert_eq!(again, *g.cells(), "{id} -> {back}");
        }
        // Solo writes no `_` after a run, none at the ends, and `z` for a run of 26
        let mut g = vec![0u8; 81];
        g[0] = 5;
        g[1] = 3;
        g[29] = 7;
        let g = Grid::from_cells(9, 9, g).unwrap();
        assert_eq!(write_id(Shape::new(9).unwrap(), &g), "3x3:5_3za7zy");
    }

    #[test]
    fn errors_name_the_line_and_column() {
        assert_eq!(
            error("3x3:5_3za7zw"),
            "t:3:13: description covers 79 cells, expected 81"
        );
        assert_eq!(
            error("3x3:5_3za7zz"),
            "t:3:12: description runs past the 9×9 grid"
        );
        assert_eq!(
            error("2x2:a5o"),
            "t:3:6: clue 5 out of range: a 4×4 Sudoku has values 1..=4"
        );
        assert_eq!(
            error("3x3:5?"),
            "t:3:6: expected a number, `_` or a blank run `a`-`z`, found `?`"
        );
        assert!(error("3x3x:z").starts_with("t:3:4: X-Sudoku"));
        assert!(error("3x3k:z").starts_with("t:3:4: killer"));
        assert!(error("3x3dq:z").starts_with("t:3:4: expected a Solo difficulty"));
        assert!(error("3x3:zzzc,a").starts_with("t:3:9: Solo's description after `,`"));
        assert!(error("3x2:zj").contains("boxes 2 tall and 3 wide (Solo `2x3`)"));
        assert!(error("1x5:y").contains("at least 2 on each side"));
        assert!(error("6x6:a").contains("36×36"));
        assert!(error("3x3").starts_with("t:3:4: expected `:`"));
    }
}
