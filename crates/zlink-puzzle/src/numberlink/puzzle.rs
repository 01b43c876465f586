//! Numberlink as a [`Puzzle`]: a grid of endpoints and the rules its source implies
//! ([`Numberlink`]), read from any of the formats (recognised from the text), checked by
//! [`super::verify`] and drawn by [`super::render`].
//!
//! Rule variants are engine settings (`--set cover=on`, `--set no_u_bends=on`, shorthands
//! `--cover`, `--no-u-bends`): plain Nikoli rules by default (cells may stay empty, any
//! bends); `cover` fills every cell (Flow Free, Arukone; Remark 7), `no_u_bends` forbids a
//! line from touching itself (no 2×2 block with three sides on lines). Janko's puzzles are
//! unique under both. A URL of the `arukone` genre implies `cover`.
//!
//! Formats (recognised from the text): puzz.link `numlin` / `arukone` URLs (one per line
//! allowed), Janko blocks (`rows cols`, tokens, `-` blank), ERATO / ddnumlin files (`cols
//! rows`), thomasahle block files (`W H` blocks, several puzzles), compact grids (`.` blank,
//! `1`-`9` then `A`-`Z`) and Flow Free levels (a letter per endpoint).
//!
//! ```
//! use zlink_puzzle::Puzzle;
//! use zlink_puzzle::numberlink::Numberlink;
//! let (_, p) = Numberlink::parse("12\n12\n", "doc").unwrap().remove(0);
//! assert_eq!(p.grid().pairs().len(), 2);
//! ```

use crate::detect::Readers;
use crate::janko::HeaderOrder;
use crate::numberlink::{self as nl, Links, NumberlinkGrid, Rules};
use crate::text::content_lines;
use crate::{ParseError, Puzzle, Violation};

/// The input formats, for `--help`.
pub const FORMATS: &str =
    "puzz.link numlin/arukone URLs, Janko blocks (rows cols), ERATO/ddnumlin (cols rows), \
     thomasahle W H block files, compact grids (. 1-9 A-Z a-z), Flow Free levels";

/// A Numberlink instance and the rules its format implies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Numberlink {
    grid: NumberlinkGrid,
    rules: Rules,
}

impl Numberlink {
    /// An instance under `rules` (what its source implies; engines may add more).
    pub fn new(grid: NumberlinkGrid, rules: Rules) -> Self {
        Self { grid, rules }
    }

    /// The grid of endpoints.
    pub fn grid(&self) -> &NumberlinkGrid {
        &self.grid
    }

    /// The rules the source implies.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    fn plain(grid: NumberlinkGrid) -> Self {
        Self::new(grid, Rules::PLAIN)
    }

    /// Reads one puzzle in any single-puzzle format (see the module doc).
    ///
    /// # Errors
    /// A positioned [`ParseError`] of the format the text looks like.
    pub fn parse_one(text: &str, source: &str) -> Result<Self, ParseError> {
        Readers {
            url: |url, source| nl::url::parse_url(url, source).map(|u| Self::new(u.grid, u.rules)),
            tatham: None,
            by_header: &[(2, Self::parse_header_block)],
            plain: |text, source| match nl::formats::parse_compact(text, source) {
                Ok(g) => Ok(Self::plain(g)),
                Err(compact) => nl::formats::parse_flow(text, source)
                    .map(|(g, _)| Self::plain(g))
                    .map_err(|_| compact),
            },
        }
        .read(text, source)
    }

    /// `rows cols` (Janko) or `cols rows` (ERATO): the token rows decide.
    fn parse_header_block(text: &str, source: &str) -> Result<Self, ParseError> {
        if crate::janko::header_order(text) == HeaderOrder::ColsRows {
            nl::formats::parse_erato(text, source).map(Self::plain)
        } else {
            nl::formats::parse_janko(text, source).map(Self::plain)
        }
    }
}

/// `a b` when `line` is two numbers.
fn header(line: &str) -> Option<(usize, usize)> {
    let mut it = line.split_whitespace();
    let (a, b) = (it.next()?.parse().ok()?, it.next()?.parse().ok()?);
    it.next().is_none().then_some((a, b))
}

/// Whether `text` is a thomasahle block file: a `W H` header followed by a row of symbols
/// without spaces.
fn is_block_file(text: &str) -> bool {
    let mut lines = content_lines(text);
    match (lines.next(), lines.next()) {
        (Some((_, h)), Some((_, row))) => header(h.trim()).is_some() && !row.trim().contains(' '),
        _ => false,
    }
}

impl Puzzle for Numberlink {
    type Solution = Links;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        if is_block_file(text) {
            let starts: Vec<usize> = content_lines(text)
                .filter(|(_, l)| header(l.trim()).is_some_and(|(w, h)| w > 0 && h > 0))
                .map(|(n, _)| n)
                .collect();
            return Ok(nl::formats::parse_blocks(text, source)?
                .into_iter()
                .enumerate()
                .map(|(i, (g, _))| (starts.get(i).copied().unwrap_or(1), Self::plain(g)))
                .collect());
        }
        crate::list::one_per_line_or_whole(text, source, Numberlink::parse_one)
    }

    fn verify(&self, links: &Links) -> Result<(), Violation> {
        nl::verify(&self.grid, links, self.rules)
    }

    /// A puzzle whose ids do not all have a character of their own (above 61) is written as
    /// its Janko block, so that what `render` prints is read back as the same puzzle.
    fn render_text(&self, links: Option<&Links>) -> String {
        match (links, nl::formats::write_compact(&self.grid)) {
            (None, None) => nl::formats::write_janko(&self.grid),
            _ => nl::render::text(&self.grid, links),
        }
    }

    fn render_line(&self, links: Option<&Links>) -> String {
        match links {
            None => nl::formats::write_compact(&self.grid)
                .unwrap_or_else(|| nl::formats::write_janko(&self.grid))
                .lines()
                .collect::<Vec<_>>()
                .join("/"),
            Some(l) => nl::formats::write_janko_solution(l)
                .lines()
                .skip(1)
                .collect::<Vec<_>>()
                .join("/"),
        }
    }

    fn render_svg(&self, links: Option<&Links>) -> String {
        nl::render::svg(&self.grid, links)
    }

    const FORMATS_OUT: &'static [&'static str] = &["url", "janko", "erato", "compact"];

    /// `url` keeps the rules (an `arukone` URL for `cover`); the others are plain grids.
    fn write(&self, format: &str) -> Option<String> {
        match format {
            "url" if self.rules.cover => Some(nl::url::format_url(&self.grid, "arukone", "")),
            "url" => Some(nl::url::format_url(&self.grid, "numlin", "")),
            "janko" => Some(nl::formats::write_janko(&self.grid)),
            "erato" => Some(nl::formats::write_erato(&self.grid)),
            "compact" => nl::formats::write_compact(&self.grid),
            _ => None,
        }
        .map(|s| if s.ends_with('\n') { s } else { s + "\n" })
    }

    /// `janko`: Janko's solution block (`rows cols`, then each cell's directions `n`, `s`,
    /// `e`, `w`, `-` unused); `erato`: the puzzle's ERATO grid with every cell of a line
    /// holding its pair number.
    const SOLUTION_FORMATS_OUT: &'static [&'static str] = &["janko", "erato"];

    fn write_solution(&self, links: &Links, format: &str) -> Option<String> {
        match format {
            "janko" => Some(nl::formats::write_janko_solution(links)),
            "erato" => Some(nl::formats::write_erato_solution(&self.grid, links)),
            _ => None,
        }
    }

    fn describe(&self) -> String {
        format!(
            "{}×{} Numberlink, {} pairs",
            self.grid.rows(),
            self.grid.cols(),
            self.grid.pairs().len()
        )
    }
}
