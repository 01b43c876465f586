//! Shared helpers for tests that read the shared data sets in place.

#![allow(dead_code)]

#[allow(unused_imports)]
pub use zlink_testkit::data::{read, shared_dir as data_dir};

/// Rows of a shared TSV test-vector file (`format-test-vectors/<file>`) whose first column is
/// `kind`, comment lines skipped; empty when the data directory is absent.
pub fn tsv_rows(file: &str, kind: &str) -> Vec<Vec<String>> {
    let Some(text) = read(&format!("format-test-vectors/{file}")) else {
        return Vec::new();
    };
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').map(String::from).collect::<Vec<_>>())
        .filter(|r| r[0] == kind)
        .collect()
}

/// A puzzlekit Janko data set (`puzzlekit-janko/<file>`) as JSON, or `None` when absent.
pub fn janko_json(file: &str) -> Option<serde_json::Value> {
    let text = read(&format!("puzzlekit-janko/{file}"))?;
    Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}")))
}
