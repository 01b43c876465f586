//! Stable-Rust fuzzing of every reader in `zlink-grid` (issue 19): over arbitrary bytes and
//! over mutations of real inputs, decoding and parsing never panic, and every error carries a
//! 1-based position in the named source. Run longer with `tools/fuzz.sh` (`PROPTEST_CASES`).

use proptest::prelude::*;
use zlink_grid::numberlink::{formats, url as nl_url};
use zlink_grid::{janko, pzprjs, tatham, text, ParseError};

fn positioned(e: &ParseError) {
    assert_eq!(e.source, "f");
    assert!(e.line >= 1 && e.col >= 1, "{e}");
}

fn check<T>(r: Result<T, ParseError>) {
    if let Err(e) = r {
        positioned(&e);
    }
}

/// Every reader on one input.
fn all_readers(bytes: &[u8]) {
    // Invalid UTF-8 must be a positioned error; the readers then get the lossy text, so that
    // mutations adding stray bytes still exercise them.
    let s = text::decode_input(bytes, "f").unwrap_or_else(|e| {
        positioned(&e);
        String::from_utf8_lossy(bytes).into_owned()
    });
    let first = s.lines().next().unwrap_or("");
    check(janko::parse_janko(&s, "f", 0));
    check(janko::parse_janko(&s, "f", 1));
    check(pzprjs::parse_url(first, "f", 1, 1));
    check(pzprjs::url::parse_url_of(first, "f", "slither"));
    check(tatham::split_id(first, "f"));
    check(text::char_grid(&s, "f", |c| {
        if c == '.' || c.is_ascii_digit() {
            Ok(c)
        } else {
            Err("a digit")
        }
    }));
    check(formats::parse_janko(&s, "f"));
    check(formats::parse_erato(&s, "f"));
    check(formats::parse_compact(&s, "f"));
    check(formats::parse_flow(&s, "f"));
    check(formats::parse_blocks(&s, "f"));
    check(formats::parse_janko_solution(&s, "f"));
    check(nl_url::parse_url(first, "f"));
    let _ = janko::looks_like_janko(&s);
    let _ = text::tokens(&s).count();
}

fn mutated() -> impl Strategy<Value = Vec<u8>> {
    let seeds = zlink_testkit::fuzz::seeds();
    let n = seeds.len();
    (
        0..n,
        prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 0..8),
    )
        .prop_map(move |(i, ops)| zlink_testkit::fuzz::mutate(&seeds[i], &ops))
}

proptest! {
    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        all_readers(&bytes);
    }

    #[test]
    fn mutated_real_inputs(bytes in mutated()) {
        all_readers(&bytes);
    }
}

/// Crashing or aborting inputs found by fuzzing and by hand, kept as regressions.
#[test]
fn regressions() {
    for input in [
        &b"100000 100000\n- -\n"[..],
        b"https://puzz.link/p?numlin/100000/100000/",
        b"https://puzz.link/p?slither/1048577/1/",
        b"99999999999999999999x9:a",
        b"\xEF\xBB\xBF\xFF",
    ] {
        all_readers(input);
    }
}
