//! The Janko Slitherlink collection (puzzlekit), for the bench and the size probe.

use zlink_grid::janko::parse_janko;
use zlink_grid::Grid;

/// `(key, clues)` of every puzzle whose header is `size` (e.g. `"10 10"`), in key order; empty
/// (with a note on stderr) if the data directory is absent.
pub fn puzzles(size: &str) -> Vec<(String, Grid<Option<u8>>)> {
    let Some(text) = zlink_testkit::data::read("puzzlekit-janko/Slitherlink_dataset.json") else {
        return Vec::new();
    };
    let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let mut out: Vec<(String, Grid<Option<u8>>)> = v["data"]
        .as_object()
        .expect("a data object")
        .iter()
        .filter_map(|(k, p)| {
            let text = p["problem"].as_str()?;
            let header = text
                .lines()
                .next()?
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            (header == size).then(|| {
                let cells = parse_janko(text, k, 0).expect("a Janko grid").cells;
                (k.clone(), cells.map(|t| t.text.parse::<u8>().ok()))
            })
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}
