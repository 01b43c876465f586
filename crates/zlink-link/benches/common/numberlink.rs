//! The Janko Numberlink collection (puzzlekit), read in place, for the bench and the corpus
//! run: `(key, puzzle, solution)` in key order.

#![allow(dead_code)] // each user takes a part

use zlink_puzzle::numberlink::{formats, Links, NumberlinkGrid};

/// Every readable Janko Numberlink with its published solution (if it reads), in key order;
/// empty (with a note on stderr) if the data directory is absent. `341_11x10` (a wrong
/// header) is skipped.
pub fn janko() -> Vec<(String, NumberlinkGrid, Option<Links>)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/puzzlekit-janko/NumberLink_dataset.json"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipped: {path} is absent");
        return Vec::new();
    };
    let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let mut out: Vec<(String, NumberlinkGrid, Option<Links>)> = v["data"]
        .as_object()
        .expect("a data object")
        .iter()
        .filter_map(|(k, p)| {
            let puzzle = formats::parse_janko(p["problem"].as_str()?, k).ok()?;
            let solution = p["solution"]
                .as_str()
                .and_then(|s| formats::parse_janko_solution(s, k).ok());
            Some((k.clone(), puzzle, solution))
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}
