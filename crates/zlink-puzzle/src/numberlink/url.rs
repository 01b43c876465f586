//! puzz.link `numlin` / `arukone` URLs (FORMATS.md §1.1): the `Number16` body, one token per
//! endpoint, runs of blanks as `g`-`z`.
//!
//! Why: puzz.link is where most published Numberlinks are shared. `arukone` has the same body;
//! its rules fill every cell unless the pflag has `e` ("cells may stay empty"), while Nikoli's
//! `numlin` allows empty cells.
//!
//! ```
//! use zlink_puzzle::numberlink::url::{format_url, parse_url};
//! let u = parse_url("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3", "url").unwrap();
//! assert_eq!(u.grid.pairs().len(), 3);
//! assert!(!u.rules.cover);
//! assert_eq!(format_url(&u.grid, "numlin", ""), "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3");
//! ```

use super::{NumberlinkGrid, Rules, MAX_CELLS};
use crate::pzprjs::{self, number16, Clue};
use crate::{Grid, ParseError};

/// A Numberlink read from a URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlPuzzle {
    /// The instance.
    pub grid: NumberlinkGrid,
    /// `numlin` or `arukone`.
    pub pid: String,
    /// The letter flags as given.
    pub pflag: String,
    /// The rules the URL implies: `cover` for `arukone` without the `e` flag; U-bends are
    /// not ruled out by either genre.
    pub rules: Rules,
}

/// Reads a `numlin` or `arukone` URL (also `numberlink`, and the pzv.jp / pzprxs hosts).
///
/// # Errors
/// A positioned [`ParseError`] for another puzzle id, a too large grid, a malformed body,
/// a `?` endpoint (its pair is unknown), or an id not on exactly two cells.
pub fn parse_url(url: &str, source: &str) -> Result<UrlPuzzle, ParseError> {
    let u = pzprjs::parse_url(url.trim(), source, 1, 1)?;
    if u.pid != "numlin" && u.pid != "arukone" {
        return Err(ParseError::new(
            source,
            1,
            1,
            format!("expected a numlin or arukone URL, found `{}`", u.pid),
        ));
    }
    let n = u
        .rows
        .checked_mul(u.cols)
        .filter(|&n| n <= MAX_CELLS)
        .ok_or_else(|| u.error_at_body(format!("{}x{} is too large", u.cols, u.rows)))?;
    let (cells, used) = number16::decode(&u.body, n).map_err(|e| u.error(&e))?;
    u.expect_end(used, n)?;
    let mut ids = Vec::with_capacity(n);
    for c in cells.iter().chain(std::iter::repeat(&Clue::Empty)).take(n) {
        ids.push(match *c {
            Clue::Empty | Clue::Number(0) => None,
            Clue::Number(v) => Some(v),
            Clue::Unknown => {
                return Err(u.error_at_body("`?` endpoints (unknown pair) are not supported"))
            }
        });
    }
    let ids = Grid::from_cells(u.rows, u.cols, ids).expect("rows × cols");
    let grid = NumberlinkGrid::new(ids).map_err(|e| u.error_at_body(e.to_string()))?;
    let cover = u.pid == "arukone" && !u.pflag.contains('e');
    Ok(UrlPuzzle {
        grid,
        rules: Rules {
            cover,
            no_u_bends: false,
        },
        pid: u.pid,
        pflag: u.pflag,
    })
}

/// The puzz.link URL of `p` for `pid` (`numlin` or `arukone`) with letter flags `pflag`.
pub fn format_url(p: &NumberlinkGrid, pid: &str, pflag: &str) -> String {
    let cells: Vec<Clue> = p
        .cells()
        .cells()
        .iter()
        .map(|v| v.map_or(Clue::Empty, Clue::Number))
        .collect();
    pzprjs::format_url(pid, pflag, p.cols(), p.rows(), &number16::encode(&cells))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arukone_flags_and_errors() {
        let u = parse_url("https://puzz.link/p?arukone/3/1/1g1", "u").unwrap();
        assert!(u.rules.cover);
        let u = parse_url("https://puzz.link/p?arukone/e/3/1/1g1", "u").unwrap();
        assert!(!u.rules.cover);
        assert_eq!(
            format_url(&u.grid, "arukone", "e"),
            "https://puzz.link/p?arukone/e/3/1/1g1"
        );
        assert!(parse_url("https://puzz.link/p?slither/3/1/1g1", "u").is_err());
        // two numbers once each: a puzzle without solution, not an input error
        let u = parse_url("https://puzz.link/p?numlin/3/1/1g2", "u").unwrap();
        assert_eq!(u.grid.unpaired().len(), 2);
        assert!(parse_url("https://puzz.link/p?numlin/3/1/.g.", "u").is_err());
        assert!(parse_url("https://puzz.link/p?numlin/100000/100000/", "u").is_err());
    }
}
