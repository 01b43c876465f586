//! Every puzzle of zlink, one folder each: `mod.rs` is the definition (implements
//! [`zlink_puzzle::Puzzle`] and holds the kind's registry row), and each engine is one file
//! (`zdd.rs`, `ip.rs`, `exact.rs`) implementing [`zlink_puzzle::Engine`].
//!
//! Why one crate for all of them: a puzzle's engines come from both engine libraries
//! (`zlink-link` for ZDDs, `zlink-ip` for integer programs), which never depend on each other;
//! this is the only crate that sees both. [`registry::registry`] lists every kind for the CLI.

/// Whether the IP engines can run in this build (the `mip` feature: HiGHS linked in). Without
/// it they are listed, [`zlink_puzzle::Engine::needs_mip`] says which runs need them, and their
/// solves fail with a solver error naming `zlink-mip`.
pub const MIP_SOLVER: bool = zlink_ip::HAS_SOLVER;

pub mod battleship;
pub mod circuit;
pub mod hashi;
pub mod minclue;
mod mip;
pub mod numberlink;
pub mod registry;
pub mod slitherlink;
pub mod sudoku;
mod zdd_limits;
pub mod zebra;

use zlink_puzzle::text::content_lines;
use zlink_puzzle::ParseError;

/// Files of one-line puzzle ids (URLs, Tatham ids) hold one puzzle per line; any other text is
/// one puzzle. Each puzzle comes with the 1-based line it starts on.
///
/// A file whose first content line is a URL or an id is a list: every other line must then be
/// a URL, an id, blank or a `#` comment; anything else is a positioned error (it used to be
/// skipped, or read as part of the first puzzle).
pub(crate) fn one_per_line_or_whole<P>(
    text: &str,
    source: &str,
    parse: fn(&str, &str) -> Result<P, ParseError>,
) -> Result<Vec<(usize, P)>, ParseError> {
    let is_id = |l: &str| {
        zlink_puzzle::pzprjs::url::looks_like_url(l) || zlink_puzzle::tatham::looks_like_id(l)
    };
    let lines: Vec<(usize, &str)> = content_lines(text).collect();
    if !lines.first().is_some_and(|(_, l)| is_id(l.trim())) {
        return Ok(vec![(
            lines.first().map_or(1, |l| l.0),
            parse(text, source)?,
        )]);
    }
    lines
        .iter()
        .map(|&(n, l)| {
            let indent = l.chars().take_while(|c| c.is_whitespace()).count();
            let l = l.trim();
            if !is_id(l) {
                return Err(ParseError::new(
                    source,
                    n,
                    indent + 1,
                    "expected a puzz.link URL or a Tatham id on every line of a list (or a `#` \
                     comment)",
                ));
            }
            parse(l, source).map(|p| (n, p)).map_err(|e| ParseError {
                line: n,
                col: e.col + indent,
                ..e
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_word(s: &str, _: &str) -> Result<String, ParseError> {
        Ok(s.split_whitespace().next().unwrap_or("").to_string())
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
}
