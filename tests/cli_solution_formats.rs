//! Issue 36, solutions in the kind's formats: `solve --format F` writes a Slitherlink loop as
//! the region `generate slitherlink --loop` reads and as Janko's solution block, a Numberlink
//! solution as Janko's direction sets and as an ERATO grid of pair numbers, a Hashi solution as
//! Janko's bridge block; a format the kind lacks is exit 2 naming those it has.

mod common;

use common::zlink;

fn dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zlink-solfmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(name: &str, text: &str) -> String {
    let f = dir().join(name);
    std::fs::write(&f, text).unwrap();
    f.to_str().unwrap().to_string()
}

/// Tokens of each line: Janko blocks compare alike whatever their column padding.
fn tokens(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect()
}

const SLITHER: &str = "https://puzz.link/p?slither/5/5/cbcbcddad";
const SLITHER_LOOP: &str = "xxxxx\nx..xx\nx.xxx\nx.x.x\n....x\n";

/// `solve --format loop` fed to `generate slitherlink --loop` reads back the same loop: the
/// loop file it writes is the same region, and its puzzle solves to that loop again.
#[test]
fn a_solved_loop_is_read_back_by_generate_loop() {
    let (code, region, err) = zlink(&[
        "solve",
        "--kind",
        "slitherlink",
        "--format",
        "loop",
        SLITHER,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(region, SLITHER_LOOP);
    let file = write("solved.loop", &region);
    let out = dir().join("gen");
    let _ = std::fs::remove_dir_all(&out);
    let (code, _, err) = zlink(&[
        "generate",
        "slitherlink",
        "--loop",
        &file,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(out.join("loop.txt")).unwrap(),
        region
    );
    let puzzle = out.join("puzzle-1.txt");
    let (code, again, err) = zlink(&[
        "solve",
        "--kind",
        "slitherlink",
        "--format",
        "loop",
        puzzle.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, region);
}

/// Janko's own solutions (puzzlekit's Slitherlink and Arukone 01_5x5): `solve --format janko`
/// writes them token for token; ERATO's form holds each line's pair number in its cells.
#[test]
fn janko_and_erato_solutions_are_written_as_those_sites_write_them() {
    let (code, sol, err) = zlink(&[
        "solve",
        "--kind",
        "slitherlink",
        "--format",
        "janko",
        SLITHER,
    ]);
    assert_eq!(code, 0, "{err}");
    let want: String = std::iter::once("5 5\n".to_string())
        .chain(SLITHER_LOOP.lines().map(|l| {
            let cells: Vec<String> = l
                .chars()
                .map(|c| if c == 'x' { "x".into() } else { "-".into() })
                .collect();
            cells.join(" ") + "\n"
        }))
        .collect();
    assert_eq!(sol, want);

    let arukone = write(
        "arukone.txt",
        "5 5\n7 - - - 3\n9 1 3 - -\n- - - 7 -\n- - - - -\n9 - - - 1\n",
    );
    let janko =
        "5 5\ne ew ew sw  s\n s  s  s ns ns\nns ns ns  n ns\nns ns ne ew nw\n n ne ew ew  w";
    let (code, sol, err) = zlink(&[
        "solve",
        "--kind",
        "numberlink",
        "--format",
        "janko",
        &arukone,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(tokens(&sol), tokens(janko));
    let (code, sol, err) = zlink(&[
        "solve",
        "--kind",
        "numberlink",
        "--format",
        "erato",
        &arukone,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        sol,
        "5 5\n7 7 7 7 3\n9 1 3 7 3\n9 1 3 7 3\n9 1 3 3 3\n9 1 1 1 1\n"
    );
    // two puzzles: two solutions, separated by a blank line
    let two = write(
        "arukone-2.txt",
        "5 5\n7 - - - 3\n9 1 3 - -\n- - - 7 -\n- - - - -\n9 - - - 1\n\n\
         5 5\n7 - - - 3\n9 1 3 - -\n- - - 7 -\n- - - - -\n9 - - - 1\n",
    );
    let (code, both, err) = zlink(&["solve", "--kind", "numberlink", "--format", "erato", &two]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(both, format!("{sol}\n{sol}"));
}

/// A format the kind does not write solutions in is exit 2 naming those it does; `--help`
/// lists them per kind.
#[test]
fn solution_formats_are_listed_and_others_refused() {
    let (code, _, err) = zlink(&[
        "solve",
        "--kind",
        "slitherlink",
        "--format",
        "erato",
        SLITHER,
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("written as text, svg, loop, janko, not `erato`"),
        "{err}"
    );
    let hashi = "https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3";
    let (code, _, err) = zlink(&["solve", "--kind", "hashi", "--format", "loop", hashi]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`hashi` are written as text, svg, janko, not `loop`"),
        "{err}"
    );
    let (code, svg, err) = zlink(&["solve", "--kind", "hashi", "--format", "svg", hashi]);
    assert!(code == 0 && svg.starts_with("<svg"), "{err}");
    let (code, help, _) = zlink(&["solve", "--help"]);
    assert_eq!(code, 0);
    for line in [
        "solutions (solve --format): text, svg, loop, janko",
        "solutions (solve --format): text, svg, janko, erato",
        "solutions (solve --format): text, svg, janko\n",
    ] {
        assert!(help.contains(line), "{help}");
    }
}

/// Janko's Hashi 001 (puzzlekit `01_9x9`): `solve --kind hashi --format janko` writes Janko's
/// own solution token for token, once per puzzle of a two-puzzle file.
#[test]
fn hashi_solutions_are_written_as_janko_writes_them() {
    let puzzle = "9 9\n- 3 - 3 - - - - 2\n- - 3 - - - 1 - -\n2 - - 2 - 3 - - 4\n\
        - - 3 - 4 - - 2 -\n3 - - - - - - - 3\n- 2 - - 5 - 3 - -\n4 - - 3 - 1 - - 1\n\
        - - 1 - - - 2 - -\n3 - - - - 3 - 2 -\n";
    let janko = "9 9\n- - 2 - 1 1 1 1 - \n- a - 1 1 1 - - a \n- a b - 2 - 1 1 - \n\
        b a - 1 - 1 1 - b \n- a - - b - - a - \na - 1 1 - 2 - a a \n- 2 2 - 1 - a a - \n\
        a - - 1 1 1 - a - \n- 2 2 2 2 - 1 - -";
    let file = write("hashi-001.txt", puzzle);
    let (code, sol, err) = zlink(&["solve", "--kind", "hashi", "--format", "janko", &file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(tokens(&sol), tokens(janko));
    let two = write("hashi-two.txt", &format!("{puzzle}\n{puzzle}"));
    let (code, both, err) = zlink(&["solve", "--kind", "hashi", "--format", "janko", &two]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(both, format!("{sol}\n{sol}"));
}
