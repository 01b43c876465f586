//! The pzprjs URL envelope: `https://puzz.link/p?<pid>[_edit|_play]/[v:<variant>/][<pflag>/]
//! <cols>/<rows>/<body>[/<more>…]`. The URL gives **cols before rows**.

use super::CodecError;
use crate::ParseError;

/// A split pzprjs URL. `body` and `rest` are still encoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PzprUrl {
    /// Canonical puzzle id (aliases resolved, `_edit` / `_play` dropped).
    pub pid: String,
    /// `v:` variant segment, if any.
    pub variant: Option<String>,
    /// Letter flags (Slitherlink `f`, arukone `e`), empty when absent.
    pub pflag: String,
    /// Columns (the URL's first number).
    pub cols: usize,
    /// Rows.
    pub rows: usize,
    /// The cell body (may be empty).
    pub body: String,
    /// Segments after the body (battleship fleets).
    pub rest: Vec<String>,
    source: String,
    line: usize,
    body_col: usize,
}

impl PzprUrl {
    /// A positioned error for a [`CodecError`] inside the body.
    pub fn error(&self, e: &CodecError) -> ParseError {
        let col = self.body_col
            + self
                .body
                .get(..e.offset)
                .map_or(e.offset, |s| s.chars().count());
        ParseError::new(self.source.clone(), self.line, col, e.message.clone())
    }
    /// An error at the first byte of the body that a decoder did not consume (`used` bytes
    /// held the `cells` cells): text past the grid is malformed, not ignored.
    ///
    /// # Errors
    /// The positioned error when `used` is short of the body's length.
    pub fn expect_end(&self, used: usize, cells: usize) -> Result<(), ParseError> {
        if used < self.body.len() {
            return Err(self.error(&CodecError {
                offset: used,
                message: format!("unexpected text after the {cells} cells"),
            }));
        }
        Ok(())
    }
    /// A positioned error about the URL as a whole (pointing at the body).
    pub fn error_at_body(&self, message: impl Into<String>) -> ParseError {
        ParseError::new(self.source.clone(), self.line, self.body_col, message)
    }
}

/// The canonical pzprjs id for `pid` (`hashikake`, `bridges` → `hashi`; `slitherlink` →
/// `slither`; `numberlink` → `numlin`); other ids are returned unchanged.
pub fn canonical_pid(pid: &str) -> &str {
    match pid {
        "hashikake" | "bridges" => "hashi",
        "slitherlink" => "slither",
        "numberlink" => "numlin",
        other => other,
    }
}

/// Whether `text` looks like a pzprjs URL (has a scheme or a `p?` query).
pub fn looks_like_url(text: &str) -> bool {
    let t = text.trim();
    t.starts_with("http://")
        || t.starts_with("https://")
        || t.contains("p?")
        || t.contains(".html?")
}

/// Split a one-line pzprjs URL of the puzzle `pid` (the whole input of `source`).
///
/// # Errors
/// As [`parse_url`], or another puzzle id.
pub fn parse_url_of(url: &str, source: &str, pid: &str) -> Result<PzprUrl, ParseError> {
    let u = parse_url(url, source, 1, 1)?;
    if u.pid != pid {
        return Err(ParseError::new(
            source,
            1,
            1,
            format!("expected a `{pid}` URL, found `{}`", u.pid),
        ));
    }
    Ok(u)
}

/// The byte offset of the first character in `prefix` (the text before `?`) that does not
/// belong to a pzprjs page address `[http[s]://]host/…/p[.html]`, or `None` when it is one.
fn bad_prefix(prefix: &str) -> Option<usize> {
    let rest = prefix
        .strip_prefix("https://")
        .or_else(|| prefix.strip_prefix("http://"))
        .unwrap_or(prefix);
    let skip = prefix.len() - rest.len();
    let url_char = |c: char| c.is_ascii_alphanumeric() || "-._~:/%@!$'()*+,;=".contains(c);
    if let Some(i) = rest.find(|c: char| !url_char(c)) {
        return Some(skip + i);
    }
    if rest.contains("://") {
        return Some(0);
    }
    let page = rest.rsplit('/').next().unwrap_or(rest);
    if page == "p" || page.ends_with(".html") {
        None
    } else {
        Some(skip + rest.len() - page.len())
    }
}

/// Split a pzprjs URL that starts at `line:col` of `source`.
///
/// # Errors
/// A positioned [`ParseError`] when there is no query, no pid, or `cols`/`rows` are not
/// positive integers.
pub fn parse_url(url: &str, source: &str, line: usize, col: usize) -> Result<PzprUrl, ParseError> {
    let err = |byte: usize, msg: String| {
        ParseError::new(source, line, col + url[..byte].chars().count(), msg)
    };
    let Some(q) = url.find('?') else {
        return Err(err(
            0,
            "not a puzz.link URL: expected `?<pid>/<cols>/<rows>/<body>`".into(),
        ));
    };
    if let Some(bad) = bad_prefix(&url[..q]) {
        return Err(err(
            bad,
            "expected a puzz.link URL before `?`, such as `https://puzz.link/p`".into(),
        ));
    }
    let mut start = q + 1;
    // `?type=player&slither/...`: drop key=value& prefixes
    while let Some(amp) = url[start..].find('&') {
        if url[start..start + amp].contains('=') && !url[start..start + amp].contains('/') {
            start += amp + 1;
        } else {
            break;
        }
    }
    let mut segs: Vec<(usize, &str)> = Vec::new();
    let mut pos = start;
    for s in url[start..].split('/') {
        segs.push((pos, s));
        pos += s.len() + 1;
    }
    if segs.len() > 1 && segs.last().is_some_and(|(_, s)| s.is_empty()) {
        segs.pop();
    }
    let mut it = segs.into_iter().peekable();
    let (ppos, pid_raw) = it.next().unwrap_or((start, ""));
    let pid_raw = pid_raw.trim_end_matches("_edit").trim_end_matches("_play");
    if pid_raw.is_empty() {
        return Err(err(ppos, "expected a puzzle id after `?`".into()));
    }
    let pid = canonical_pid(pid_raw).to_string();
    let mut variant = None;
    if let Some((_, v)) = it.next_if(|(_, s)| s.starts_with("v:")) {
        variant = Some(v[2..].to_string());
    }
    let is_num = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let mut pflag = String::new();
    if let Some((_, f)) = it.next_if(|(_, s)| !is_num(s)) {
        pflag = f.to_string();
    }
    let cols_pos = it.peek().map_or(url.len(), |&(p, _)| p);
    let mut dim = |what: &str| -> Result<usize, ParseError> {
        match it.next() {
            Some((p, s)) => match crate::text::parse_uint::<usize>(s).ok_or(()) {
                Ok(v) if v > 0 => Ok(v),
                _ => Err(err(
                    p,
                    format!("expected the number of {what}, found `{s}`"),
                )),
            },
            None => Err(err(
                url.len(),
                format!("URL ends before the number of {what}"),
            )),
        }
    };
    let cols = dim("columns")?;
    let rows = dim("rows")?;
    crate::input_size::check_size(
        rows,
        cols,
        source,
        line,
        col + url[..cols_pos].chars().count(),
    )?;
    let (bpos, body) = it.next().unwrap_or((url.len(), ""));
    let rest = it.map(|(_, s)| s.to_string()).collect();
    Ok(PzprUrl {
        pid,
        variant,
        pflag,
        cols,
        rows,
        body: body.to_string(),
        rest,
        source: source.to_string(),
        line,
        body_col: col + url[..bpos.min(url.len())].chars().count(),
    })
}

/// `https://puzz.link/p?<pid>/[<pflag>/]<cols>/<rows>/<body>`, with pzprjs's trailing `/` when
/// the body ends in a non-alphanumeric character.
pub fn format_url(pid: &str, pflag: &str, cols: usize, rows: usize, body: &str) -> String {
    let flag = if pflag.is_empty() {
        String::new()
    } else {
        format!("{pflag}/")
    };
    let mut s = format!("https://puzz.link/p?{pid}/{flag}{cols}/{rows}/{body}");
    if !s.ends_with(|c: char| c.is_ascii_alphanumeric()) {
        s.push('/');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelope_variants() {
        let u = parse_url("https://pzprxs.vercel.app/p?slither/f/3/3/gdk", "u", 1, 1).unwrap();
        assert_eq!(
            (
                u.pid.as_str(),
                u.pflag.as_str(),
                u.cols,
                u.rows,
                u.body.as_str()
            ),
            ("slither", "f", 3, 3, "gdk")
        );
        let u = parse_url("http://pzv.jp/p.html?hashikake_edit/6/5/1/", "u", 1, 1).unwrap();
        assert_eq!(
            (u.pid.as_str(), u.cols, u.rows, u.body.as_str()),
            ("hashi", 6, 5, "1")
        );
        let u = parse_url(
            "https://puzz.link/p?type=player&battleship/6/6/g12h//c",
            "u",
            1,
            1,
        )
        .unwrap();
        assert_eq!(
            (u.pid.as_str(), u.body.as_str(), u.rest.clone()),
            ("battleship", "g12h", vec!["".into(), "c".into()])
        );
        let u = parse_url("https://puzz.link/p?sudoku/v:x/4/4/g1k", "u", 1, 1).unwrap();
        assert_eq!(u.variant.as_deref(), Some("x"));
        let e = parse_url("https://puzz.link/p?sudoku/9/x/", "f", 4, 3).unwrap_err();
        assert_eq!(
            e.to_string(),
            "f:4:32: expected the number of rows, found `x`"
        );
        assert!(parse_url("puzz.link", "f", 1, 1).is_err());
        let e = parse_url("junk https://puzz.link/p?slither/3/3/g", "f", 1, 1).unwrap_err();
        assert_eq!((e.col, e.message.contains("before `?`")), (5, true));
        let e = parse_url("https://puzz.link/x?slither/3/3/g", "f", 1, 1).unwrap_err();
        assert_eq!(e.col, 19);
        assert!(parse_url("p?slither/3/3/g", "f", 1, 1).is_ok());
        assert!(parse_url("junkhttps://puzz.link/p?slither/3/3/g", "f", 1, 1).is_err());
        assert!(parse_url("https://puzz.link/p?slither/+3/3/g", "f", 1, 1).is_err());
        assert!(parse_url("https://puzz.link/p?slither/3/+3/g", "f", 1, 1).is_err());
        let e = parse_url("https://puzz.link/p?slither/2000000/2000000/", "f", 1, 1).unwrap_err();
        assert!(e.message.contains("maximum"), "{e}");
        assert_eq!(
            format_url("sudoku", "", 4, 4, "g1."),
            "https://puzz.link/p?sudoku/4/4/g1./"
        );
        assert_eq!(
            format_url("slither", "f", 3, 3, "gdk"),
            "https://puzz.link/p?slither/f/3/3/gdk"
        );
    }

    #[test]
    fn body_errors_point_into_the_url() {
        let u = parse_url("https://puzz.link/p?sudoku/4/4/g1#", "f", 2, 1).unwrap();
        let e = u.error(&CodecError::new(2, "bad"));
        assert_eq!((e.line, e.col), (2, 34));
    }
}
