//! Every puzzle of zlink, one folder each: `mod.rs` is the definition (implements
//! [`zlink_grid::Puzzle`] and holds the kind's registry row), and each engine is one file
//! (`zdd.rs`, `ip.rs`, `exact.rs`) implementing [`zlink_grid::Engine`].
//!
//! Why one crate for all of them: a puzzle's engines come from both engine libraries
//! (`zlink-link` for ZDDs, `zlink-ip` for integer programs), which never depend on each other;
//! this is the only crate that sees both. [`registry::registry`] lists every kind for the CLI.

pub mod hashi;
pub mod minclue;
mod mip;
pub mod numberlink;
pub mod registry;
pub mod slitherlink;
pub mod sudoku;
mod zdd_limits;

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
            zlink_grid::pzprjs::url::looks_like_url(l) || zlink_grid::tatham::looks_like_id(l)
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
