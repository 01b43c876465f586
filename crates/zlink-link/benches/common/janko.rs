//! The Janko Slitherlink collection (puzzlekit), for the bench and the corpus runner.

use zlink_puzzle::janko::parse_janko;
use zlink_puzzle::Grid;

/// One puzzle of the collection.
#[allow(dead_code)] // the bench reads only the clues
pub struct Puzzle {
    /// The collection's key, e.g. `655_17x17`.
    pub key: String,
    /// The header as written, e.g. `"17 17"` (rows, columns).
    pub size: String,
    /// The clues.
    pub clues: Grid<Option<u8>>,
    /// The published solution as inside cells (`x`), when the file has a readable one.
    pub inside: Option<Grid<bool>>,
    /// Why the file's solution could not be read, if it has one.
    pub bad_solution: Option<String>,
}

/// Every puzzle whose header is `size` (e.g. `"10 10"`; `None` for all), in key order; empty
/// (with a note on stderr) if the data directory is absent.
pub fn corpus(size: Option<&str>) -> Vec<Puzzle> {
    let Some(text) = zlink_testkit::data::read("puzzlekit-janko/Slitherlink_dataset.json") else {
        return Vec::new();
    };
    let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let header = |t: &str| {
        t.lines()
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out: Vec<Puzzle> = v["data"]
        .as_object()
        .expect("a data object")
        .iter()
        .filter_map(|(k, p)| {
            let text = p["problem"].as_str()?;
            let h = header(text);
            if size.is_some_and(|s| s != h) {
                return None;
            }
            let clues = parse_janko(text, k, 0).expect("a Janko grid").cells;
            let solution = p["solution"]
                .as_str()
                .filter(|s| !s.trim().is_empty())
                .map(|s| parse_janko(s, k, 0));
            let (inside, bad_solution) = match solution {
                None => (None, None),
                Some(Ok(g)) => (Some(g.cells.map(|t| t.text == "x")), None),
                Some(Err(e)) => (None, Some(e.to_string())),
            };
            Some(Puzzle {
                key: k.clone(),
                size: h,
                clues: clues.map(|t| t.text.parse::<u8>().ok()),
                inside,
                bad_solution,
            })
        })
        .collect();
    out.sort_by(|a, b| a.key.cmp(&b.key));
    out
}

/// `(key, clues)` of every puzzle whose header is `size`, in key order.
#[allow(dead_code)] // used by the bench only
pub fn puzzles(size: &str) -> Vec<(String, Grid<Option<u8>>)> {
    corpus(Some(size))
        .into_iter()
        .map(|p| (p.key, p.clues))
        .collect()
}

/// The clues of an ERATO `cols rows` Slitherlink file such as
/// `erato-zdd-examples/algorithms2012_slilin001.dat` (`None` if the data is absent).
#[allow(dead_code)] // used by the bench only
pub fn erato(name: &str) -> Option<Grid<Option<u8>>> {
    let text = zlink_testkit::data::read(name)?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next()?.split_whitespace().collect();
    let swapped = format!(
        "{} {}\n{}",
        header[1],
        header[0],
        lines.collect::<Vec<_>>().join("\n")
    );
    let cells = parse_janko(&swapped, name, 0).expect("an ERATO grid").cells;
    Some(cells.map(|t| t.text.parse::<u8>().ok()))
}
