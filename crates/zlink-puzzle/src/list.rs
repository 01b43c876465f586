//! Input files that hold a list of puzzles, one puzzle id (a puzz.link URL, a Tatham id) a
//! line, beside files that hold one puzzle drawn over many lines.
//!
//! Why a module of its own: every puzzle whose formats include a one-line id reads its files
//! the same way (Hashi, Slitherlink, Numberlink), and a stray line in a list is one positioned
//! error for all of them, decided here once.

use crate::text::content_lines;
use crate::ParseError;

/// Files of one-line puzzle ids (URLs, Tatham ids) hold one puzzle per line; any other text is
/// one puzzle. Each puzzle comes with the 1-based line it starts on.
///
/// A file whose first content line is a URL or an id is a list: every other line must then be
/// a URL, an id, blank or a `#` comment; anything else is a positioned error (it used to be
/// skipped, or read as part of the first puzzle).
pub fn one_per_line_or_whole<P>(
    text: &str,
    source: &str,
    parse: fn(&str, &str) -> Result<P, ParseError>,
) -> Result<Vec<(usize, P)>, ParseError> {
    let is_id = |l: &str| crate::pzprjs::url::looks_like_url(l) || crate::tatham::looks_like_id(l);
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
