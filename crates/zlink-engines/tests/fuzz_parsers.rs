//! Stable-Rust fuzzing of the puzzle readers (Sudoku, Slitherlink, Hashi, and every other kind
//! in the registry) through `Kind::load`, the CLI's entry point (issue 19): over arbitrary
//! bytes and mutations of real inputs, loading never panics, gives a positioned error or
//! puzzles, and a loaded small puzzle renders. Run longer with `tools/fuzz.sh`.

use proptest::prelude::*;
use zlink_puzzle::text::decode_input;
use zlink_puzzle::PuzzleKind;
use zlink_testkit::fuzz::mutated_seeds;
use zlink_testkit::fuzz_campaign::{run_and_assert, BoxedRun, Target};

/// The text a loader gets: invalid UTF-8 must be a positioned error; the loaders then get the
/// lossy text.
fn text_of(bytes: &[u8]) -> String {
    decode_input(bytes, "f").unwrap_or_else(|e| {
        assert!(e.line >= 1 && e.col >= 1);
        String::from_utf8_lossy(bytes).into_owned()
    })
}

/// One kind's loader on one text: puzzles (described, and drawn when small) or a positioned error.
fn load(kind: &'static dyn PuzzleKind, text: &str) {
    match kind.load(text, "f") {
        Ok(list) => {
            for inst in list {
                let _ = inst.describe();
                // Drawing is linear in the cells: only draw what a mutation keeps small.
                if text.len() < 4000 && !text.contains("999") {
                    let _ = inst.render_text(None);
                }
            }
        }
        Err(e) => {
            assert_eq!(e.source, "f", "{}: {e}", kind.name());
            assert!(e.line >= 1 && e.col >= 1, "{}: {e}", kind.name());
        }
    }
}

fn load_all(bytes: &[u8]) {
    let text = text_of(bytes);
    for kind in zlink_engines::registry::registry() {
        load(*kind, &text);
    }
}

/// A long campaign, each kind's loader alone for `FUZZ_CPU_SECONDS` of CPU
/// (`tools/fuzz.sh --campaign`).
#[test]
#[ignore = "a fuzzing campaign: run by tools/fuzz.sh --campaign"]
fn campaign() {
    let kinds = zlink_engines::registry::registry();
    let runs: Vec<BoxedRun<'_>> = kinds
        .iter()
        .map(|k| Box::new(move |b: &[u8]| load(*k, &text_of(b))) as BoxedRun<'_>)
        .collect();
    let targets: Vec<Target<'_>> = kinds
        .iter()
        .zip(&runs)
        .map(|(k, run)| Target {
            name: k.name(),
            run: &**run,
        })
        .collect();
    run_and_assert(&targets, 2);
}

proptest! {
    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        load_all(&bytes);
    }

    #[test]
    fn mutated_real_inputs(bytes in mutated_seeds()) {
        load_all(&bytes);
    }
}

/// Inputs that aborted, panicked or were accepted as garbage, kept as regressions.
#[test]
fn regressions() {
    for input in [
        &b"100000 100000\n- -\n"[..],
        b"100000 100000 5\n0 0\n",
        b"https://puzz.link/p?slither/100000/100000/",
        b"https://puzz.link/p?hashi/100000/100000/",
        b"https://puzz.link/p?sudoku/100000/100000/",
        b"100000x100000t0:a",
        b"100000x100000:a",
        // Circuit boards whose row ends with a wire (found by the 600 CPU-s campaign).
        b".-",
        b"s-o-",
        b"s-ooo\n| |\n o#o-o\n|\n o",
    ] {
        load_all(input);
    }
    let junk = zlink_engines::registry::registry()
        .iter()
        .find(|k| k.name() == "slitherlink")
        .unwrap()
        .load("https://puzz.link/p?slither/3/3/g\nhello\n", "f");
    assert!(junk.is_err());
}
