//! Issue 36, `generate slitherlink --loop` in every form a loop comes in: Janko's solution
//! block (puzzlekit's form, as `solve --format janko` writes it), and a solved puzzle (a
//! puzzle file in text or Janko form) whose unique solution is taken; a puzzle without a
//! unique solution is exit 1, a malformed Janko solution exit 2 at its line and column.

mod common;

use common::zlink;
use serde_json::Value;

fn write(name: &str, text: &str) -> String {
    common::scratch_file("loopforms", name, text)
}

const SLITHER: &str = "https://puzz.link/p?slither/5/5/cbcbcddad";
const SLITHER_LOOP: [&str; 5] = ["xxxxx", "x..xx", "x.xxx", "x.x.x", "....x"];

/// The loop `generate slitherlink --loop ARG` reads, as its `--json --stats` lines.
fn loop_of(arg: &str) -> Vec<String> {
    let args = [
        "--json",
        "generate",
        "slitherlink",
        "--loop",
        arg,
        "--stats",
    ];
    let (code, out, err) = zlink(&args);
    assert_eq!(code, 0, "{arg}: {err}");
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    v["loop"]
        .as_array()
        .expect("a loop")
        .iter()
        .map(|l| l.as_str().unwrap().to_string())
        .collect()
}

/// `zlink render --kind slitherlink --format F` of the test puzzle.
fn render(format: &str) -> String {
    let (code, out, err) = zlink(&[
        "render",
        "--kind",
        "slitherlink",
        "--format",
        format,
        SLITHER,
    ]);
    assert_eq!(code, 0, "{err}");
    out
}

#[test]
fn a_janko_solution_block_is_a_loop() {
    // as puzzlekit's Slitherlink_dataset.json carries it: no newline at the end
    let block = "5 5\nx x x x x\nx - - x x\nx - x x x\nx - x - x\n- - - - x";
    assert_eq!(loop_of(&write("janko.sol", block)), SLITHER_LOOP);
    // and as `solve --format janko` writes it
    let (code, sol, err) = zlink(&[
        "solve",
        "--kind",
        "slitherlink",
        "--format",
        "janko",
        SLITHER,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(sol.trim_end(), block);
    assert_eq!(loop_of(&write("solved.sol", &sol)), SLITHER_LOOP);
}

#[test]
fn a_puzzle_file_with_a_unique_solution_gives_its_loop() {
    for format in ["text", "janko"] {
        let file = write(&format!("puzzle.{format}"), &render(format));
        assert_eq!(loop_of(&file), SLITHER_LOOP, "{format}");
    }
}

#[test]
fn a_puzzle_without_a_unique_solution_is_exit_1() {
    let open = write("open.txt", "2 2\n- -\n- -\n");
    let (code, _, err) = zlink(&["generate", "slitherlink", "--loop", &open]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("no unique solution to take as the loop"),
        "{err}"
    );
}

#[test]
fn a_malformed_janko_solution_is_exit_2_at_its_position() {
    let bad = write("bad.sol", "2 3\nx x x\nx o x\n");
    let (code, _, err) = zlink(&["generate", "slitherlink", "--loop", &bad]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&format!("{bad}:3:3:")), "{err}");
    assert!(err.contains("found `o`"), "{err}");
    let hole = write("hole.sol", "3 3\nx x x\nx - x\nx x x\n");
    let (code, _, err) = zlink(&["generate", "slitherlink", "--loop", &hole]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!("{hole}:3:3:")) && err.contains("hole"),
        "{err}"
    );
}
