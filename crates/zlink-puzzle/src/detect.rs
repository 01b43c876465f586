//! Which format a puzzle text is in, decided once for every kind that reads several.
//!
//! Why a module of its own: Hashi, Slitherlink and Numberlink each used to look at the first
//! line themselves (a puzz.link URL? a Tatham id? a numeric `rows cols…` header? else a plain
//! grid), with small differences between copies. A kind now lists its readers in a
//! [`Readers`] table and [`Readers::read`] picks one.
//!
//! ```
//! use zlink_puzzle::detect::Readers;
//! use zlink_puzzle::ParseError;
//! fn name(what: &'static str) -> impl Fn(&str, &str) -> Result<&'static str, ParseError> {
//!     move |_, _| Ok(what)
//! }
//! fn url(t: &str, s: &str) -> Result<&'static str, ParseError> { name("url")(t, s) }
//! fn janko(t: &str, s: &str) -> Result<&'static str, ParseError> { name("janko")(t, s) }
//! fn plain(t: &str, s: &str) -> Result<&'static str, ParseError> { name("plain")(t, s) }
//! let r = Readers { url, tatham: None, by_header: &[(2, janko)], plain };
//! assert_eq!(r.read("https://puzz.link/p?x/1/1/", "f"), Ok("url"));
//! assert_eq!(r.read("# c\n2 2\n1 -\n- 1\n", "f"), Ok("janko"));
//! assert_eq!(r.read("1 2 3\n", "f"), Ok("plain"));
//! assert_eq!(r.read("1.\n.1\n", "f"), Ok("plain"));
//! ```

use crate::text::{content_lines, parse_uint};
use crate::ParseError;

/// A reader of one format: the text (or the one line of an id) and its source name.
pub type Reader<P> = fn(&str, &str) -> Result<P, ParseError>;

/// The readers of one kind, by the shape of the first content line.
pub struct Readers<P: 'static> {
    /// A puzz.link / pzv.jp URL.
    pub url: Reader<P>,
    /// A Tatham game id `WxH…:<desc>`, when the kind has one.
    pub tatham: Option<Reader<P>>,
    /// A first line of numbers only, by how many there are (`2`: Janko `rows cols`, `3`: a
    /// CLLV `.has` header); other counts go to `plain`.
    pub by_header: &'static [(usize, Reader<P>)],
    /// Anything else: the kind's plain character grid.
    pub plain: Reader<P>,
}

impl<P> Readers<P> {
    /// Reads `text` with the reader its first content line calls for.
    ///
    /// # Errors
    /// The chosen reader's positioned [`ParseError`].
    pub fn read(&self, text: &str, source: &str) -> Result<P, ParseError> {
        let first = content_lines(text).next().map_or("", |(_, l)| l.trim());
        if crate::pzprjs::url::looks_like_url(first) {
            return (self.url)(first, source);
        }
        if let Some(tatham) = self.tatham {
            if crate::tatham::looks_like_id(first) {
                return tatham(first, source);
            }
        }
        let words: Vec<&str> = first.split_whitespace().collect();
        if words.iter().all(|w| parse_uint::<usize>(w).is_some()) {
            if let Some((_, reader)) = self.by_header.iter().find(|(n, _)| *n == words.len()) {
                return reader(text, source);
            }
        }
        (self.plain)(text, source)
    }
}
