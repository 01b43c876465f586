//! `zlink generate slitherlink --size` (one puzzle), `--from` (strip), `--difficulty`,
//! `--symmetry`, every `--format`, `--verify`, `--json`, exit codes; `zlink grade`; `--loop`
//! reading `solve`'s drawing and a puzzle.

mod common;

use common::{stops_with, zlink};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let (code, out, err) = zlink(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).expect("one JSON object")
}

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("zlink-sl-one-{}-{name}", std::process::id()));
    std::fs::remove_dir_all(&d).ok();
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `zlink count`'s answer for a puzzle argument.
fn count(arg: &str) -> String {
    let (code, out, err) = zlink(&["count", "--kind", "slitherlink", arg]);
    assert_eq!(code, 0, "{err}");
    out.trim().to_string()
}

fn gen(extra: &[&str]) -> Value {
    let mut a = vec!["--json", "generate", "slitherlink"];
    a.extend_from_slice(extra);
    json(&a)
}

/// The clue grid of a text puzzle (`None` for `.`).
fn grid(text: &str) -> Vec<Vec<Option<u32>>> {
    text.lines()
        .map(|l| l.chars().map(|c| c.to_digit(10)).collect())
        .collect()
}

#[test]
fn one_puzzle_is_verified_minimal_and_reproducible() {
    let v = gen(&["--size", "10x10", "--seed", "7", "--verify"]);
    let inst = &v["instances"][0];
    assert_eq!(
        (inst["verified"].clone(), inst["minimal_verified"].clone()),
        (true.into(), true.into())
    );
    assert_eq!(v["route"], "removal");
    let hints = v["hints"].as_u64().unwrap();
    assert_eq!(inst["hints"], hints);
    assert!((v["hints_per_cell"].as_f64().unwrap() - hints as f64 / 100.0).abs() < 1e-9);
    assert!(["easy", "medium", "hard"].contains(&v["grade"].as_str().unwrap()));
    for k in ["seconds", "checks", "sat_models", "loops_drawn"] {
        assert!(v[k].is_number(), "{k}");
    }
    assert_eq!(count(inst["url"].as_str().unwrap()), "1");
    // the same seed, the same puzzle; another seed, another
    let (_, a, _) = zlink(&["generate", "slitherlink", "--size", "10x10", "--seed", "7"]);
    assert_eq!(a, inst["text"].as_str().unwrap());
    let (_, b, _) = zlink(&["generate", "slitherlink", "--size", "10x10", "--seed", "8"]);
    assert_ne!(a, b);
}

#[test]
fn every_format_reads_back_as_the_same_puzzle() {
    let v = gen(&["--size", "7x9", "--seed", "2"]);
    let text = v["instances"][0]["text"].as_str().unwrap().to_string();
    let dir = scratch("formats");
    for (format, ext) in [
        ("text", "txt"),
        ("url", "url"),
        ("janko", "janko"),
        ("tatham", "tatham"),
    ] {
        let (code, out, err) = zlink(&[
            "generate",
            "slitherlink",
            "--size",
            "7x9",
            "--seed",
            "2",
            "--format",
            format,
        ]);
        assert_eq!(code, 0, "{err}");
        let p = dir.join(format!("p.{ext}"));
        std::fs::write(&p, &out).unwrap();
        let (code, rendered, err) =
            zlink(&["render", "--kind", "slitherlink", p.to_str().unwrap()]);
        assert_eq!(code, 0, "{format}: {err}");
        assert_eq!(rendered, text, "{format}");
        assert_eq!(count(p.to_str().unwrap()), "1", "{format}");
    }
    let (code, svg, _) = zlink(&[
        "generate",
        "slitherlink",
        "--size",
        "7x9",
        "--seed",
        "2",
        "--format",
        "svg",
    ]);
    assert_eq!(code, 0);
    assert!(svg.contains("<svg") && svg.trim_end().ends_with("</svg>"));
    // the picture of the same puzzle: what `render --format svg` draws of the text form
    let text_file = dir.join("p.txt");
    let (code, drawn, err) = zlink(&[
        "render",
        "--kind",
        "slitherlink",
        "--format",
        "svg",
        text_file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(svg, drawn);
    // --out writes the puzzle, the loop and the picture
    let out_dir = dir.join("out");
    let d = out_dir.to_str().unwrap();
    let (code, out, _) = zlink(&[
        "generate",
        "slitherlink",
        "--size",
        "7x9",
        "--seed",
        "2",
        "--out",
        d,
        "--svg",
    ]);
    assert_eq!((code, out.as_str()), (0, ""));
    assert_eq!(
        std::fs::read_to_string(out_dir.join("puzzle.txt")).unwrap(),
        text
    );
    assert!(out_dir.join("puzzle.svg").exists() && out_dir.join("loop.txt").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn difficulty_levels_grade_as_asked() {
    for level in ["easy", "medium", "hard"] {
        let v = gen(&["--size", "10x10", "--seed", "3", "--difficulty", level]);
        assert_eq!(v["grade"], level);
        assert_eq!(v["difficulty"], level);
        let url = v["instances"][0]["url"].as_str().unwrap();
        let g = json(&["--json", "grade", "--kind", "slitherlink", url]);
        assert_eq!(g["grade"], level, "{url}");
        assert_eq!(g["solutions"], 1);
    }
}

#[test]
fn symmetric_hints() {
    for (sym, size) in [("rot2", "8x11"), ("rot4", "9x9"), ("mirror", "8x11")] {
        let v = gen(&["--size", size, "--seed", "4", "--symmetry", sym, "--verify"]);
        let g = grid(v["instances"][0]["text"].as_str().unwrap());
        let (rows, cols) = (g.len(), g[0].len());
        for r in 0..rows {
            for c in 0..cols {
                let image = match sym {
                    "rot2" => (rows - 1 - r, cols - 1 - c),
                    "rot4" => (c, rows - 1 - r),
                    _ => (r, cols - 1 - c),
                };
                assert_eq!(
                    g[r][c].is_some(),
                    g[image.0][image.1].is_some(),
                    "{sym} {r},{c}"
                );
            }
        }
    }
    let (code, _, err) = zlink(&[
        "generate",
        "slitherlink",
        "--size",
        "8x9",
        "--symmetry",
        "rot4",
    ]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn strip_keeps_a_minimal_subset_of_the_given_hints() {
    // an easy puzzle has hints to spare
    let v = gen(&["--size", "12x12", "--seed", "5", "--difficulty", "easy"]);
    let given = v["instances"][0]["text"].as_str().unwrap().to_string();
    let dir = scratch("strip");
    let p = dir.join("given.txt");
    std::fs::write(&p, &given).unwrap();
    let s = gen(&["--from", p.to_str().unwrap(), "--verify"]);
    assert_eq!(s["stripped"], true);
    assert_eq!(s["given_hints"], v["hints"]);
    assert!(s["hints"].as_u64() < v["hints"].as_u64());
    let (a, b) = (
        grid(&given),
        grid(s["instances"][0]["text"].as_str().unwrap()),
    );
    for (ra, rb) in a.iter().zip(&b) {
        for (x, y) in ra.iter().zip(rb) {
            assert!(y.is_none() || x == y, "a hint not given");
        }
    }
    assert_eq!(s["instances"][0]["minimal_verified"], true);
    // from a URL too; a puzzle with two solutions is an answer (exit 1), bad input exit 2
    let url = v["instances"][0]["url"].as_str().unwrap();
    assert_eq!(gen(&["--from", url])["hints"], s["hints"]);
    std::fs::write(&p, "....\n.33.\n....\n").unwrap();
    let (code, _, err) = zlink(&["generate", "slitherlink", "--from", p.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("more than one solution"), "{err}");
    std::fs::write(&p, "3.2\n.x.\n").unwrap();
    let (code, _, err) = zlink(&["generate", "slitherlink", "--from", p.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("given.txt:2:2"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn limits_exit_3_without_output() {
    stops_with(
        &[
            "generate",
            "slitherlink",
            "--size",
            "40x40",
            "--time-limit",
            "0",
        ],
        "time limit",
    );
    stops_with(
        &[
            "generate",
            "slitherlink",
            "--size",
            "40x40",
            "--time-limit",
            "0",
            "--json",
        ],
        "time limit",
    );
    stops_with(
        &[
            "generate",
            "slitherlink",
            "--size",
            "40x40",
            "--max-memory",
            "1M",
        ],
        "--max-memory",
    );
    // the design route's flags do not take --difficulty
    let (code, _, err) = zlink(&[
        "generate",
        "slitherlink",
        "--size",
        "4x4",
        "--stats",
        "--difficulty",
        "easy",
    ]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn grade_command() {
    // two 3s stacked in the middle of a 2x3 grid: unique, probing needed
    let dir = scratch("grade");
    let p = dir.join("p.txt");
    std::fs::write(&p, ".3.\n.3.\n").unwrap();
    let (code, out, err) = zlink(&["grade", "--kind", "slitherlink", p.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": medium"), "{out}");
    let g = json(&[
        "--json",
        "grade",
        "--kind",
        "slitherlink",
        p.to_str().unwrap(),
    ]);
    assert_eq!(
        (g["grade"].as_str(), g["open_after_probing"].as_u64()),
        (Some("medium"), Some(0))
    );
    assert!(g["open_after_rules"].as_u64().unwrap() > 0);
    std::fs::write(&p, "....\n.33.\n....\n").unwrap();
    let (code, out, _) = zlink(&["grade", "--kind", "slitherlink", p.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("several solutions"), "{out}");
    std::fs::write(&p, "3q\n").unwrap();
    let (code, _, err) = zlink(&["grade", "--kind", "slitherlink", p.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn loop_reads_solve_output_and_puzzles() {
    let v = gen(&["--size", "6x6", "--seed", "9"]);
    let url = v["instances"][0]["url"].as_str().unwrap();
    let (code, drawing, err) = zlink(&["solve", "--kind", "slitherlink", url]);
    assert_eq!(code, 0, "{err}");
    let dir = scratch("loop");
    let p = dir.join("solved.txt");
    std::fs::write(&p, &drawing).unwrap();
    let want: Vec<String> = v["loop"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap().to_string())
        .collect();
    for arg in [p.to_str().unwrap(), url] {
        let s = json(&[
            "--json",
            "generate",
            "slitherlink",
            "--loop",
            arg,
            "--stats",
        ]);
        let got: Vec<String> = s["loop"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_string())
            .collect();
        assert_eq!(got, want, "{arg}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
