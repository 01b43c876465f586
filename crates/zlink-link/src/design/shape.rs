//! Reading a designer's loop (inside/outside cells) and candidate hint cells, and checking that
//! a region's boundary is one simple cycle.
//!
//! Why: the designer draws the loop as a region, which is easier to write than segments; but
//! only a region that is 4-connected, has no holes and never touches itself at a corner has a
//! single simple cycle as its boundary, and the hint-set family is meaningless for anything
//! else. Errors are positioned so an editor can jump to the offending cell.

use zlink_puzzle::{Coord, Grid, ParseError};

/// Why a region's boundary is not one simple cycle: the cell to point at and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{at}: {message}")]
pub struct ShapeError {
    /// The offending cell.
    pub at: Coord,
    /// What is wrong there.
    pub message: String,
}

/// Checks that the boundary of `inside` is one simple cycle: at least one inside cell, the
/// inside cells one 4-connected region, every outside cell 4-connected to the grid's border
/// (no hole), and no 2 × 2 block in a checkerboard pattern (the boundary would touch itself at
/// the block's centre dot).
///
/// # Errors
/// A [`ShapeError`] naming a cell: the top-left cell of a checkerboard block, a cell of a
/// second inside region, or a cell of a hole.
///
/// Complexity: `O(R C)`.
pub fn check_loop(inside: &Grid<bool>) -> Result<(), ShapeError> {
    let (rows, cols) = (inside.rows(), inside.cols());
    let Some(first) = inside.iter().find(|(_, &b)| b).map(|(c, _)| c) else {
        return Err(ShapeError {
            at: Coord::new(0, 0),
            message: "no cell is inside the loop".into(),
        });
    };
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols.saturating_sub(1) {
            let a = inside[Coord::new(r, c)];
            let b = inside[Coord::new(r, c + 1)];
            let d = inside[Coord::new(r + 1, c)];
            let e = inside[Coord::new(r + 1, c + 1)];
            if a == e && b == d && a != b {
                return Err(ShapeError {
                    at: Coord::new(r, c),
                    message: "the loop touches itself at the corner below right of this cell"
                        .into(),
                });
            }
        }
    }
    // Flood the inside from its first cell, the outside from the border.
    let mut seen = Grid::new(rows, cols, false);
    let mut stack = vec![first];
    seen[first] = true;
    let flood = |stack: &mut Vec<Coord>, seen: &mut Grid<bool>, want: bool| {
        while let Some(x) = stack.pop() {
            for n in inside.neighbours(x) {
                if inside[n] == want && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
    };
    flood(&mut stack, &mut seen, true);
    if let Some((at, _)) = inside.iter().find(|&(c, &b)| b && !seen[c]) {
        return Err(ShapeError {
            at,
            message: "a second inside region: the inside cells must be one 4-connected region"
                .into(),
        });
    }
    for (c, &b) in inside.iter() {
        let border = c.row == 0 || c.col == 0 || c.row + 1 == rows || c.col + 1 == cols;
        if !b && border && !seen[c] {
            seen[c] = true;
            stack.push(c);
        }
    }
    flood(&mut stack, &mut seen, false);
    if let Some((at, _)) = inside.iter().find(|&(c, &b)| !b && !seen[c]) {
        return Err(ShapeError {
            at,
            message: "an outside cell enclosed by the loop (a hole): the boundary would be \
                      more than one cycle"
                .into(),
        });
    }
    Ok(())
}

/// One row of a character grid: its 1-based line number and its characters.
type Line = (usize, Vec<char>);

/// A numbered line of the input: its 1-based line number and its text.
type Numbered<'a> = (usize, &'a str);

/// The ERATO header `cols rows` as `(rows, cols)`, if `line` is exactly two integers.
fn erato_header(line: &str) -> Option<(usize, usize)> {
    match line.split_whitespace().collect::<Vec<_>>().as_slice() {
        [a, b] => match (a.parse::<usize>(), b.parse::<usize>()) {
            (Ok(c), Ok(r)) => Some((r, c)),
            _ => None,
        },
        _ => None,
    }
}

/// The rows of a character grid: an optional ERATO `cols rows` header, then one line per row.
/// Returns `(rows, cols, lines)` with each line's 1-based number and its characters; `size`
/// (rows, cols) is the size the grid must have (shorter input is padded).
fn grid_lines(
    text: &str,
    source: &str,
    size: Option<(usize, usize)>,
) -> Result<(usize, usize, Vec<Line>), ParseError> {
    let all: Vec<Numbered<'_>> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    let Some(start) = all.iter().position(|(_, l)| !l.trim().is_empty()) else {
        return Err(ParseError::new(
            source,
            1,
            1,
            "empty input: expected a grid",
        ));
    };
    let (rows, cols, body) = match erato_header(all[start].1) {
        Some(dims) => headed_body(&all, start, dims, source, size)?,
        None => bare_body(&all, start, source, size)?,
    };
    let mut out = Vec::with_capacity(rows);
    for (ln, l) in body {
        let chars: Vec<char> = l.trim_end().chars().collect();
        if chars.len() > cols {
            return Err(ParseError::new(
                source,
                ln,
                cols + 1,
                format!("row is longer than the {cols} columns"),
            ));
        }
        out.push((ln, chars));
    }
    Ok((rows, cols, out))
}

/// The `r` rows after the header `(r, c)` on line `all[start]`: the size must be `size` if
/// given, and nothing but blank lines may follow the rows.
fn headed_body<'a>(
    all: &[Numbered<'a>],
    start: usize,
    (r, c): (usize, usize),
    source: &str,
    size: Option<(usize, usize)>,
) -> Result<(usize, usize, Vec<Numbered<'a>>), ParseError> {
    let header_line = all[start].0;
    if r == 0 || c == 0 {
        let m = "the header `cols rows` names an empty grid";
        return Err(ParseError::new(source, header_line, 1, m));
    }
    if let Some((er, ec)) = size.filter(|&s| s != (r, c)) {
        let m = format!("the header says {c} columns and {r} rows; expected {ec} and {er}");
        return Err(ParseError::new(source, header_line, 1, m));
    }
    let body: Vec<Numbered<'a>> = all[start + 1..].iter().take(r).copied().collect();
    if body.len() < r {
        let line = all.last().map_or(1, |l| l.0 + 1);
        let m = format!("expected {r} rows after the header, found {}", body.len());
        return Err(ParseError::new(source, line, 1, m));
    }
    let after = all[start + 1 + r..]
        .iter()
        .find(|(_, l)| !l.trim().is_empty());
    if let Some((ln, l)) = after {
        let col = l.chars().take_while(|c| c.is_whitespace()).count() + 1;
        let m = format!("text after the {r} rows the header announced");
        return Err(ParseError::new(source, *ln, col, m));
    }
    Ok((r, c, body))
}

/// The rows of a grid without a header, from `all[start]` to the last non-blank line; its
/// size is its line count and its longest row, padded to `size` when that is larger.
fn bare_body<'a>(
    all: &[Numbered<'a>],
    start: usize,
    source: &str,
    size: Option<(usize, usize)>,
) -> Result<(usize, usize, Vec<Numbered<'a>>), ParseError> {
    let end = all
        .iter()
        .rposition(|(_, l)| !l.trim().is_empty())
        .unwrap_or(start);
    let body: Vec<Numbered<'a>> = all[start..=end].to_vec();
    let width = |l: &str| l.trim_end().chars().count();
    let cols = body.iter().map(|(_, l)| width(l)).max().unwrap_or(0);
    match size {
        // Shorter input: padded below and to the right with blanks.
        Some((er, ec)) if body.len() <= er && cols <= ec => Ok((er, ec, body)),
        Some((er, ec)) => {
            let m = format!(
                "the grid is {} × {cols} cells; expected {er} × {ec}",
                body.len()
            );
            Err(ParseError::new(source, all[start].0, 1, m))
        }
        None => Ok((body.len(), cols, body)),
    }
}

/// Parses a loop drawn as a region: `x`, `X` or `#` for a cell inside the loop, `-`, `.` or a
/// space for a cell outside; an optional first line `cols rows` (the ERATO format, as in
/// `algorithms2012_sligen001.dat`) fixes the size, and short rows are padded with outside
/// cells. Without a header, blank lines before and after the grid are ignored (draw an
/// all-outside row with dots). The region is checked with [`check_loop`].
///
/// # Errors
/// A positioned [`ParseError`] for an unknown character, a malformed size, or a region whose
/// boundary is not one simple cycle (pointing at the cell [`check_loop`] names).
///
/// A Janko solution block (`rows cols`, then rows of space-separated `x` and `-`, as
/// `zlink solve --kind slitherlink --format janko` writes it) is read too
/// (by its row width or row count it is told from the ERATO form).
///
/// A loop drawn as `zlink solve --kind slitherlink` prints it (`+` dots, `-` and `|` segments,
/// clues in the cells; its first line starts with `+`) is read too ([`parse_drawing`]).
pub fn parse_loop(text: &str, source: &str) -> Result<Grid<bool>, ParseError> {
    if text.trim_start().starts_with('+') {
        return parse_drawing(text, source);
    }
    if is_janko_region(text) {
        return parse_janko_region(text, source);
    }
    let (rows, cols, lines) = grid_lines(text, source, None)?;
    let mut inside = Grid::new(rows, cols, false);
    let mut pos = Grid::new(rows, cols, (1usize, 1usize));
    for (r, (ln, chars)) in lines.iter().enumerate() {
        for c in 0..cols {
            pos[Coord::new(r, c)] = (*ln, c + 1);
            let Some(&ch) = chars.get(c) else { continue };
            inside[Coord::new(r, c)] = match ch {
                'x' | 'X' | '#' => true,
                '-' | '.' | ' ' => false,
                _ => {
                    return Err(ParseError::new(
                        source,
                        *ln,
                        c + 1,
                        format!(
                            "expected `x` or `#` (inside the loop) or `.`, `-`, space \
                             (outside), found `{ch}`"
                        ),
                    ))
                }
            };
        }
    }
    check_loop(&inside).map_err(|e| {
        let (ln, col) = pos[e.at];
        ParseError::new(source, ln, col, e.message)
    })?;
    Ok(inside)
}

/// Whether `text` is a Janko solution block (as puzzlekit carries Janko's Slitherlink
/// solutions): a header `rows cols`, then rows of `cols` one-character tokens separated by
/// spaces. The ERATO reading of the header (`cols rows`) would want rows of at most `rows`
/// characters and `cols` of them: a wider first row, or (for a header of two different
/// numbers) `rows` non-blank rows, tells the two apart.
fn is_janko_region(text: &str) -> bool {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let (Some(head), Some(row)) = (lines.next(), lines.next()) else {
        return false;
    };
    let Some((cols, rows)) = erato_header(head) else {
        return false;
    };
    let tokens: Vec<&str> = row.split_whitespace().collect();
    let janko_rows = 1 + lines.count();
    tokens.len() == cols
        && tokens.iter().all(|t| t.chars().count() == 1)
        && (row.trim_end().chars().count() > rows || (rows != cols && janko_rows == rows))
}

/// Reads a Janko solution block: `x` (or `X`, `#`) for a cell inside the loop, `-` (or `.`)
/// for a cell outside, checked with [`check_loop`].
///
/// # Errors
/// The Janko reader's positioned [`ParseError`] for a malformed block, else one at the token
/// that is neither inside nor outside or at the cell [`check_loop`] names.
fn parse_janko_region(text: &str, source: &str) -> Result<Grid<bool>, ParseError> {
    let block = zlink_puzzle::janko::parse_janko(text, source, 0)?;
    let cells = &block.cells;
    let mut inside = Grid::new(cells.rows(), cells.cols(), false);
    for (at, t) in cells.iter() {
        inside[at] = match t.text {
            "x" | "X" | "#" => true,
            "-" | "." => false,
            other => {
                let m = format!(
                    "expected `x` (inside the loop) or `-` (outside) in a Janko solution, \
                     found `{other}`"
                );
                return Err(t.error(source, m));
            }
        };
    }
    check_loop(&inside).map_err(|e| cells[e.at].error(source, e.message))?;
    Ok(inside)
}

/// Parses candidate hint cells for a `rows × cols` loop: any character other than `.`, `-`
/// or a space marks a candidate. The optional `cols rows` header must match; missing rows and
/// short rows are padded with non-candidates.
///
/// # Errors
/// A positioned [`ParseError`] if the grid is larger than `rows × cols` or the header differs.
pub fn parse_candidates(
    text: &str,
    source: &str,
    rows: usize,
    cols: usize,
) -> Result<Grid<bool>, ParseError> {
    let (_, _, lines) = grid_lines(text, source, Some((rows, cols)))?;
    let mut cand = Grid::new(rows, cols, false);
    for (r, (_, chars)) in lines.iter().enumerate().take(rows) {
        for (c, &ch) in chars.iter().enumerate().take(cols) {
            cand[Coord::new(r, c)] = !matches!(ch, '.' | '-' | ' ');
        }
    }
    Ok(cand)
}

/// Reads a loop drawn as `zlink solve --kind slitherlink` prints it: lines of `+` dots with
/// `-` (on) or a space between them, and between those lines the cells, each after `|` (on)
/// or a space; clues in the cells are ignored. The inside is found by the parity of the
/// vertical segments along each row, and the horizontal segments must agree with it.
///
/// # Errors
/// A positioned [`ParseError`] for a malformed line, a horizontal segment the region does not
/// have, or a region whose boundary is not one simple cycle.
pub fn parse_drawing(text: &str, source: &str) -> Result<Grid<bool>, ParseError> {
    let all: Vec<(usize, Vec<char>)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end().chars().collect()))
        .skip_while(|(_, l): &(usize, Vec<char>)| l.is_empty())
        .collect();
    let n = all
        .iter()
        .rposition(|(_, l)| !l.is_empty())
        .map_or(0, |k| k + 1);
    let lines = &all[..n];
    let first = &lines[0];
    let cols = first.1.len().saturating_sub(1) / 2;
    if n < 3 || n % 2 == 0 || cols == 0 {
        return Err(ParseError::new(
            source,
            first.0,
            1,
            "a drawn loop has an odd number of lines (dots, cells, dots, ...), at least 3, and \
             at least one cell per row",
        ));
    }
    let rows = (n - 1) / 2;
    let at = |k: usize, i: usize| lines[k].1.get(i).copied().unwrap_or(' ');
    let mut inside = Grid::new(rows, cols, false);
    for r in 0..rows {
        let mut odd = false;
        for c in 0..cols {
            let ch = at(2 * r + 1, 2 * c);
            if !matches!(ch, '|' | ' ') {
                let (ln, col) = (lines[2 * r + 1].0, 2 * c + 1);
                let m = format!("expected `|` or a space (a vertical segment), found `{ch}`");
                return Err(ParseError::new(source, ln, col, m));
            }
            odd ^= ch == '|';
            inside[Coord::new(r, c)] = odd;
        }
    }
    let cell = |r: usize, c: usize| r < rows && inside[Coord::new(r, c)];
    for r in 0..=rows {
        for c in 0..cols {
            let drawn = at(2 * r, 2 * c + 1);
            let above = r > 0 && cell(r - 1, c);
            if (drawn == '-') != (above != cell(r, c)) || !matches!(drawn, '-' | ' ') {
                let m = format!(
                    "the segment here (`{drawn}`) does not close the loop the `|` segments draw"
                );
                return Err(ParseError::new(source, lines[2 * r].0, 2 * c + 2, m));
            }
        }
    }
    check_loop(&inside).map_err(|e| {
        ParseError::new(
            source,
            lines[2 * e.at.row + 1].0,
            2 * e.at.col + 2,
            e.message,
        )
    })?;
    Ok(inside)
}

/// The region inside a loop given as segments: a cell is inside iff an odd number of loop
/// segments lie on its left (the crossing rule along its row).
pub fn inside_of(edges: &crate::LoopEdges) -> Grid<bool> {
    let (rows, cols) = (edges.v.rows(), edges.v.cols() - 1);
    let mut inside = Grid::new(rows, cols, false);
    for r in 0..rows {
        let mut odd = false;
        for c in 0..cols {
            odd ^= edges.v[Coord::new(r, c)];
            inside[Coord::new(r, c)] = odd;
        }
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        parse_loop(text, "t").unwrap_err()
    }

    #[test]
    fn reads_a_drawn_loop() {
        // as `zlink solve --kind slitherlink` prints the loop around an L of three cells
        let text = "+-+ +\n|3| |\n+ +-+\n|2 2|\n+-+-+\n";
        let g = parse_loop(text, "t").unwrap();
        assert_eq!(g.cells(), &[true, false, true, true]);
        let bad = "+-+ +\n|3| |\n+-+-+\n|2 2|\n+-+-+\n";
        let e = parse_loop(bad, "t").unwrap_err();
        assert_eq!((e.line, e.col), (3, 2), "{e}");
        assert!(parse_loop("+-+\n", "t").is_err());
    }

    #[test]
    fn reads_the_erato_example() {
        let text = "7 5\n##   ##\n ## ##\n  ###\n ## ##\n##   ##\n";
        let g = parse_loop(text, "t").unwrap();
        assert_eq!((g.rows(), g.cols()), (5, 7));
        assert_eq!(g.cells().iter().filter(|&&b| b).count(), 19);
        let ok = parse_loop("3 2\nxx.\n.x\n", "t").unwrap();
        assert_eq!((ok.rows(), ok.cols()), (2, 3));
        assert!(ok[Coord::new(1, 1)] && !ok[Coord::new(1, 2)]);
    }

    #[test]
    fn positioned_shape_errors() {
        assert_eq!((err("x.x\n").line, err("x.x\n").col), (1, 3));
        let hole = err("xxx\nx.x\nxxx\n");
        assert_eq!((hole.line, hole.col), (2, 2));
        assert!(hole.message.contains("hole"));
        let bad = err("xx\nxq\n");
        assert_eq!((bad.line, bad.col), (2, 2));
        assert!(err("...\n").message.contains("no cell"));
        let long = err("2 1\nxxx\n");
        assert_eq!((long.line, long.col), (2, 3));
    }

    /// Janko's solution block (puzzlekit's form, as `solve --format janko` writes it), square
    /// and not, beside an ERATO grid of the same header; a bad token and a shape error are
    /// positioned at the token.
    #[test]
    fn reads_a_janko_solution() {
        let u = parse_loop("2 3\nx x x\nx - x\n", "t").unwrap();
        assert_eq!((u.rows(), u.cols()), (2, 3));
        assert_eq!(u.cells(), &[true, true, true, true, false, true]);
        let tall = parse_loop("3 2\nx x\nx x\n- x\n", "t").unwrap();
        assert_eq!((tall.rows(), tall.cols()), (3, 2));
        assert_eq!(tall.cells(), &[true, true, true, true, false, true]);
        let square = parse_loop("3 3\n- x -\nx x x\n- x -", "t").unwrap();
        assert_eq!(square.cells().iter().filter(|&&b| b).count(), 5);
        // the same header read as ERATO `cols rows`: 2 rows of 3 characters
        let erato = parse_loop("3 2\nx x\nxxx\n", "t").unwrap();
        assert_eq!((erato.rows(), erato.cols()), (2, 3));
        let bad = err("2 3\nx x x\nx o x\n");
        assert_eq!((bad.line, bad.col), (3, 3), "{bad}");
        assert!(bad.message.contains("`o`"), "{bad}");
        let hole = err("3 3\nx x x\nx - x\nx x x\n");
        assert_eq!((hole.line, hole.col), (3, 3), "{hole}");
        let short = err("3 3\nx x x\nx - x\n");
        assert_eq!(short.line, 4, "{short}");
    }

    #[test]
    fn candidates_and_inside() {
        let c = parse_candidates("1.\n", "t", 2, 2).unwrap();
        assert_eq!(c.cells(), &[true, false, false, false]);
        assert!(parse_candidates("...\n", "t", 2, 2).is_err());
        let inside = parse_loop("xx.\n.xx\n", "t").unwrap();
        assert_eq!(inside_of(&crate::LoopEdges::from_inside(&inside)), inside);
    }
}
