//! Stable-Rust fuzzing of every reader in `zlink-puzzle` (issue 19): over arbitrary bytes and
//! over mutations of real inputs, decoding and parsing never panic, and every error carries a
//! 1-based position in the named source. Run longer with `tools/fuzz.sh` (`PROPTEST_CASES`).

use proptest::prelude::*;
use zlink_puzzle::numberlink::{formats, url as nl_url};
use zlink_puzzle::{janko, pzprjs, tatham, text, ParseError};
use zlink_testkit::fuzz::mutated_seeds;
use zlink_testkit::fuzz_campaign::{run_and_assert, BoxedRun, Target};

fn positioned(e: &ParseError) {
    assert_eq!(e.source, "f");
    assert!(e.line >= 1 && e.col >= 1, "{e}");
}

fn check<T>(r: Result<T, ParseError>) {
    if let Err(e) = r {
        positioned(&e);
    }
}

/// The text a reader gets: invalid UTF-8 must be a positioned error, and the readers then get
/// the lossy text, so that mutations adding stray bytes still exercise them.
fn text_of(bytes: &[u8]) -> String {
    text::decode_input(bytes, "f").unwrap_or_else(|e| {
        positioned(&e);
        String::from_utf8_lossy(bytes).into_owned()
    })
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

fn digit_grid(s: &str) {
    check(text::char_grid(s, "f", |c| {
        if c == '.' || c.is_ascii_digit() {
            Ok(c)
        } else {
            Err("a digit")
        }
    }));
}

/// Every reader, by name: one fuzz target each (the campaign gives each its own budget).
type Reader = fn(&str);
const READERS: &[(&str, Reader)] = &[
    ("janko-block-0", |s| check(janko::parse_janko(s, "f", 0))),
    ("janko-block-1", |s| check(janko::parse_janko(s, "f", 1))),
    ("pzprjs-url", |s| {
        check(pzprjs::parse_url(first_line(s), "f", 1, 1))
    }),
    ("pzprjs-url-of", |s| {
        check(pzprjs::url::parse_url_of(first_line(s), "f", "slither"))
    }),
    ("tatham-id", |s| check(tatham::split_id(first_line(s), "f"))),
    ("char-grid", digit_grid),
    ("numberlink-janko", |s| check(formats::parse_janko(s, "f"))),
    ("numberlink-erato", |s| check(formats::parse_erato(s, "f"))),
    ("numberlink-compact", |s| {
        check(formats::parse_compact(s, "f"))
    }),
    ("numberlink-flow", |s| check(formats::parse_flow(s, "f"))),
    ("numberlink-blocks", |s| {
        check(formats::parse_blocks(s, "f"))
    }),
    ("numberlink-janko-solution", |s| {
        check(formats::parse_janko_solution(s, "f"))
    }),
    ("numberlink-url", |s| {
        check(nl_url::parse_url(first_line(s), "f"))
    }),
    ("sniffers", |s| {
        let _ = janko::looks_like_janko(s);
        let _ = text::tokens(s).count();
    }),
];

/// Every reader on one input.
fn all_readers(bytes: &[u8]) {
    let s = text_of(bytes);
    for (_, read) in READERS {
        read(&s);
    }
}

/// A long campaign, each reader alone for `FUZZ_CPU_SECONDS` of CPU (`tools/fuzz.sh --campaign`).
#[test]
#[ignore = "a fuzzing campaign: run by tools/fuzz.sh --campaign"]
fn campaign() {
    let runs: Vec<BoxedRun<'_>> = READERS
        .iter()
        .map(|&(_, read)| Box::new(move |b: &[u8]| read(&text_of(b))) as BoxedRun<'_>)
        .collect();
    let mut targets: Vec<Target<'_>> = READERS
        .iter()
        .zip(&runs)
        .map(|((name, _), run)| Target { name, run: &**run })
        .collect();
    let decode = |b: &[u8]| {
        let _ = text_of(b);
    };
    targets.push(Target {
        name: "decode-input",
        run: &decode,
    });
    run_and_assert(&targets, 2);
}

proptest! {
    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        all_readers(&bytes);
    }

    #[test]
    fn mutated_real_inputs(bytes in mutated_seeds()) {
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
