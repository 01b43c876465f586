//! pzprjs / puzz.link URL codecs (FORMATS.md §1.1), shared by every puzzle kind that reads
//! puzz.link URLs: the URL envelope ([`url`]), the `Number16` cell body ([`number16`]) and the
//! `4Cell` body of Slitherlink ([`cell4`]).
//!
//! Codecs work on the body string alone and report errors as [`CodecError`] byte offsets into
//! the body; [`PzprUrl::error`] turns one into a positioned [`ParseError`](crate::ParseError).
//!
//! ```
//! use zlink_puzzle::pzprjs::{cell4, parse_url, Clue};
//! let u = parse_url("https://puzz.link/p?slither/5/5/cbcbcddad", "url", 1, 1).unwrap();
//! assert_eq!((u.pid.as_str(), u.cols, u.rows), ("slither", 5, 5));
//! let (cells, _) = cell4::decode(&u.body, u.cols * u.rows).unwrap();
//! assert_eq!(cells[0], Clue::Number(2));
//! assert_eq!(cell4::encode(&cells), "cbcbcddad");
//! ```

pub mod cell4;
pub mod number16;
pub mod url;

pub use url::{canonical_pid, format_url, parse_url, PzprUrl};

/// One cell of a clue grid as pzprjs sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Clue {
    /// No clue.
    #[default]
    Empty,
    /// A clue whose number is hidden (`?`, pzprjs qnum −2).
    Unknown,
    /// A numbered clue.
    Number(u32),
}

/// A malformed body: the byte offset into the body and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodecError {
    /// Byte offset of the offending character in the body.
    pub offset: usize,
    /// What was wrong.
    pub message: String,
}

impl CodecError {
    pub(crate) fn new(offset: usize, message: impl Into<String>) -> Self {
        Self {
            offset,
            message: message.into(),
        }
    }
}

/// `g`..`z` mean "skip k cells", k = 1..20; anything else gives `None`.
pub(crate) fn skip_len(ch: u8) -> Option<usize> {
    (b'g'..=b'z')
        .contains(&ch)
        .then(|| usize::from(ch - b'g') + 1)
}

/// The letter for a run of `k` (1..=20) empty cells.
pub(crate) fn skip_char(k: usize) -> char {
    debug_assert!((1..=20).contains(&k));
    char::from(b'g' + (k as u8 - 1))
}
