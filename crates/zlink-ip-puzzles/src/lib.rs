//! Integer-programming puzzle models, one module per puzzle.
//!
//! Each module implements [`zlink_grid::Puzzle`] for its puzzle and exposes a `static` registry
//! row; [`registry::registry`] lists them all for the CLI.

pub mod engine;
pub mod hashi;
pub mod minclue;
pub mod registry;
pub mod slitherlink;
pub mod sudoku;

use zlink_grid::text::content_lines;
use zlink_grid::ParseError;

/// Files of one-line puzzle ids (URLs, Tatham ids) hold one puzzle per line; any other text is
/// one puzzle. Each puzzle comes with the 1-based line it starts on.
pub(crate) fn one_per_line_or_whole<P>(
    text: &str,
    source: &str,
    parse: fn(&str, &str) -> Result<P, ParseError>,
) -> Result<Vec<(usize, P)>, ParseError> {
    let lines: Vec<(usize, &str)> = content_lines(text).collect();
    let one_line_ids = lines.len() > 1
        && lines.iter().all(|(_, l)| {
            let l = l.trim();
            zlink_grid::pzprjs::url::looks_like_url(l)
                || (l.contains(':') && l.contains('x') && !l.contains(' '))
        });
    if one_line_ids {
        lines
            .iter()
            .map(|&(n, l)| {
                parse(l.trim(), source)
                    .map(|p| (n, p))
                    .map_err(|e| ParseError { line: n, ..e })
            })
            .collect()
    } else {
        Ok(vec![(
            lines.first().map_or(1, |l| l.0),
            parse(text, source)?,
        )])
    }
}
