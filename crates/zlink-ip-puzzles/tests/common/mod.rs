//! Shared helpers for tests that read the shared data sets in place.

#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared/data` relative to the workspace, or `None` (with a note) when absent.
pub fn data_dir() -> Option<PathBuf> {
    let d = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data"));
    if d.is_dir() {
        Some(d)
    } else {
        eprintln!("note: {} absent, skipping", d.display());
        None
    }
}

/// The text of a data file.
pub fn read(rel: &str) -> Option<String> {
    let d = data_dir()?;
    Some(std::fs::read_to_string(d.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}")))
}
