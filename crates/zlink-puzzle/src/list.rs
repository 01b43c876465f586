//! Input files that hold several puzzles: one puzzle id (a puzz.link URL, a Tatham id) a line,
//! or grids separated by blank lines, beside files that hold one puzzle.
//!
//! Why a module of its own: every kind that reads grids and ids reads its files the same way
//! (Hashi, Slitherlink, Numberlink), and where one puzzle ends is decided here once. Three
//! blank-line-separated 4×4 grids used to be read as one 12×4 grid: a wrong answer presented
//! as a result. Now:
//!
//! - a file whose first content line is a URL or an id is a list: every other line must be a
//!   URL, an id, blank or a `#` comment, anything else is a positioned error;
//! - otherwise a blank line ends a puzzle: when every blank-line-separated block reads as a
//!   puzzle, the file is that many puzzles (what `generate --list`, `--sample` and `solve`
//!   write);
//! - a file whose blocks do not each read as a puzzle is one puzzle (a Janko header set off
//!   by a blank line), and when that fails too the error that read furthest is reported.

use crate::text::content_lines;
use crate::ParseError;

/// The puzzles of `text` as the module doc describes, each with the 1-based line it starts
/// on; `parse` reads one puzzle (a whole text, or the one line of an id).
///
/// # Errors
/// The first positioned [`ParseError`] (its line counted in the whole file).
pub fn one_per_line_or_whole<P>(
    text: &str,
    source: &str,
    parse: fn(&str, &str) -> Result<P, ParseError>,
) -> Result<Vec<(usize, P)>, ParseError> {
    let is_id = |l: &str| crate::pzprjs::url::looks_like_url(l) || crate::tatham::looks_like_id(l);
    let lines: Vec<(usize, &str)> = content_lines(text).collect();
    if lines.first().is_some_and(|(_, l)| is_id(l.trim())) {
        return lines
            .iter()
            .map(|&(n, l)| one_id(n, l, source, parse, is_id))
            .collect();
    }
    let blocks = blocks(text);
    let whole = || -> Result<Vec<(usize, P)>, ParseError> {
        Ok(vec![(
            lines.first().map_or(1, |l| l.0),
            parse(text, source)?,
        )])
    };
    if blocks.len() <= 1 {
        return whole();
    }
    let each: Result<Vec<(usize, P)>, ParseError> = blocks
        .iter()
        .map(|&(offset, block)| {
            let first = content_lines(block).next().map_or(1, |l| l.0);
            parse(block, source)
                .map(|p| (first + offset, p))
                .map_err(|e| ParseError {
                    line: e.line + offset,
                    ..e
                })
        })
        .collect();
    match each {
        Ok(puzzles) => Ok(puzzles),
        Err(in_block) => whole().map_err(|in_whole| {
            if (in_whole.line, in_whole.col) >= (in_block.line, in_block.col) {
                in_whole
            } else {
                in_block
            }
        }),
    }
}

/// One line of a list of ids: the puzzle, or a positioned error.
fn one_id<P>(
    n: usize,
    l: &str,
    source: &str,
    parse: fn(&str, &str) -> Result<P, ParseError>,
    is_id: impl Fn(&str) -> bool,
) -> Result<(usize, P), ParseError> {
    let indent = l.chars().take_while(|c| c.is_whitespace()).count();
    let l = l.trim();
    if !is_id(l) {
        return Err(ParseError::new(
            source,
            n,
            indent + 1,
            "expected a puzz.link URL or a Tatham id on every line of a list (or a `#` comment)",
        ));
    }
    parse(l, source).map(|p| (n, p)).map_err(|e| ParseError {
        line: n,
        col: e.col + indent,
        ..e
    })
}

/// The blank-line-separated blocks of `text` that hold content (not only `#` comments), each
/// with the number of lines before it.
fn blocks(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let (mut start, mut start_line, mut in_block) = (0, 0, false);
    let (mut at, mut line) = (0, 0);
    for l in text.split_inclusive('\n') {
        let blank = l.trim().is_empty();
        if blank && in_block {
            out.push((start_line, &text[start..at]));
            in_block = false;
        } else if !blank && !in_block {
            (start, start_line, in_block) = (at, line, true);
        }
        at += l.len();
        line += 1;
    }
    if in_block {
        out.push((start_line, &text[start..]));
    }
    out.retain(|(_, b)| content_lines(b).next().is_some());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_word(s: &str, _: &str) -> Result<String, ParseError> {
        Ok(s.split_whitespace().next().unwrap_or("").to_string())
    }

    /// A square grid of `x` characters: rows as long as there are rows.
    fn square(s: &str, src: &str) -> Result<usize, ParseError> {
        let rows: Vec<(usize, &str)> = content_lines(s).collect();
        match rows.iter().find(|(_, r)| r.trim().len() != rows.len()) {
            Some(&(n, _)) => Err(ParseError::new(src, n, 1, "not square")),
            None => Ok(rows.len()),
        }
    }

    #[test]
    fn lists_reject_stray_lines() {
        let ok = one_per_line_or_whole("p?a/1/1/\n# c\n  1x1:a\n", "f", first_word).unwrap();
        assert_eq!(ok.iter().map(|p| p.0).collect::<Vec<_>>(), [1, 3]);
        let e = one_per_line_or_whole("p?a/1/1/\n\n  junk\n", "f", first_word).unwrap_err();
        assert_eq!((e.line, e.col), (3, 3));
        let e = one_per_line_or_whole("1x1:a\nhello\n", "f", first_word).unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(
            one_per_line_or_whole("3 3\n...\n", "f", first_word)
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn blank_lines_separate_puzzles_that_each_read() {
        // three grids, never one merged grid
        let three = "# list\n\nxx\nxx\n\n\nx\n\n# c\nxxx\nxxx\nxxx\n";
        let got = one_per_line_or_whole(three, "f", square).unwrap();
        assert_eq!(got, [(3, 2), (7, 1), (10, 3)]);
        // an error inside the third block is placed in the whole file
        let e = one_per_line_or_whole("xx\nxx\n\nx\n\nxxx\nxx\nxxx\n", "f", square).unwrap_err();
        assert_eq!((e.line, e.col), (7, 1));
        // blocks that do not each read (a header set off by a blank line) are one puzzle
        let one = one_per_line_or_whole("xx\n\nxx\n", "f", square).unwrap();
        assert_eq!(one, [(1, 2)]);
        // a block of comments only is no puzzle
        let one = one_per_line_or_whole("# header\n\nxx\nxx\n", "f", square).unwrap();
        assert_eq!(one, [(3, 2)]);
        assert_eq!(blocks("\n\na\n \nb\nc"), [(2, "a\n"), (4, "b\nc")]);
    }
}
