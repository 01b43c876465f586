//! Issue 36, every generator writes every format of its kind: `generate numberlink --format F`
//! for each of compact, janko, erato, url and svg, on the one-puzzle route (`--size`) and the
//! enumeration route (`--grid --list`), reads back (`render`) as the same puzzles.

mod common;

use common::zlink;

fn write(name: &str, text: &str) -> String {
    common::scratch_file("nlformats", name, text)
}

/// `zlink ARGS --format F`'s output, exit 0.
fn generated(args: &[&str], format: &str) -> String {
    let (code, out, err) = zlink(&[args, &["--format", format]].concat());
    assert_eq!(code, 0, "{format}: {err}");
    out
}

/// `zlink render --kind numberlink --format F FILE`'s output, exit 0.
fn render(file: &str, format: &str) -> String {
    let (code, out, err) = zlink(&["render", "--kind", "numberlink", "--format", format, file]);
    assert_eq!(code, 0, "{file}: {err}");
    out
}

/// Each readable format, written to a file and rendered as the compact grid, gives the compact
/// output back; returns that compact output.
fn read_back_in_every_format(args: &[&str], tag: &str) -> String {
    let compact = generated(args, "compact");
    assert!(!compact.trim().is_empty(), "{args:?}");
    for format in ["compact", "janko", "erato", "url"] {
        let out = generated(args, format);
        let file = write(&format!("{tag}.{format}"), &out);
        assert_eq!(
            render(&file, "compact"),
            compact,
            "{args:?} --format {format}"
        );
    }
    compact
}

#[test]
fn the_one_puzzle_route_writes_every_format() {
    let args = [
        "generate",
        "numberlink",
        "--size",
        "6x7",
        "--pairs",
        "5..7",
        "--seed",
        "3",
    ];
    let compact = read_back_in_every_format(&args, "one");
    // the ERATO header is `cols rows`
    assert!(generated(&args, "erato").starts_with("7 6\n"));
    // the picture is the one `render --format svg` draws of the same puzzle
    let svg = generated(&args, "svg");
    assert!(
        svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
        "{svg}"
    );
    let file = write("one.compact", &compact);
    assert_eq!(svg, render(&file, "svg"));
}

#[test]
fn the_enumeration_route_writes_every_format() {
    let args = [
        "generate",
        "numberlink",
        "--grid",
        "4x4",
        "--list",
        "--limit",
        "3",
    ];
    let compact = read_back_in_every_format(&args, "list");
    assert_eq!(compact.split("\n\n").count(), 3, "{compact}");
    let svg = generated(&args, "svg");
    assert_eq!(svg.matches("<svg").count(), 3, "{svg}");
}
