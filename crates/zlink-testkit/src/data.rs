//! The one test-data lookup: a path relative to a data root is read from the project's own
//! `data/` when it ships there, else from the larger corpora in `../shared/data` beside the
//! workspace (read in place, never copied), else the caller skips with a note.
//!
//! Why: tests, benches and examples used to each build their own `../../../shared/data` path;
//! with two roots and one function, a file moved into `data/` needs no test change.
//!
//! ```
//! let counts = zlink_testkit::data::published("A007764");
//! assert_eq!(counts[3], "184");
//! ```

use std::path::{Path, PathBuf};

/// The workspace root (two levels above this crate).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap_or_else(|_| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")))
}

/// The project's shipped data, `data/`.
pub fn project_dir() -> PathBuf {
    root().join("data")
}

/// The shared corpora, `../shared/data`, or `None` (with a note) when absent.
pub fn shared_dir() -> Option<PathBuf> {
    let d = root().join("../shared/data");
    if d.is_dir() {
        Some(d)
    } else {
        eprintln!("note: {} absent, skipping", d.display());
        None
    }
}

/// Where `rel` is: under `data/` if shipped, else under the shared corpora; `None` (with a
/// note) when neither has it.
pub fn path(rel: &str) -> Option<PathBuf> {
    let own = project_dir().join(rel);
    if own.exists() {
        return Some(own);
    }
    let shared = shared_dir()?.join(rel);
    if shared.exists() {
        Some(shared)
    } else {
        eprintln!("note: {rel} absent, skipping");
        None
    }
}

/// The text of `rel` (see [`path`]); `None` when absent.
///
/// # Panics
/// If the file exists but cannot be read (a broken checkout, not a missing corpus).
pub fn read(rel: &str) -> Option<String> {
    let p = path(rel)?;
    Some(std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
}

/// The published values of an OEIS sequence from `data/counts/oeis.tsv`, in order of `n`
/// (decimal strings: some exceed every machine integer).
///
/// # Panics
/// If the shipped file is missing or malformed, or lists no value for `seq`.
pub fn published(seq: &str) -> Vec<String> {
    let text = std::fs::read_to_string(project_dir().join("counts/oeis.tsv"))
        .expect("data/counts/oeis.tsv ships with the project");
    let mut rows: Vec<(usize, String)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0] == seq).then(|| (f[1].parse().expect("n"), f[2].to_string()))
        })
        .collect();
    rows.sort();
    assert!(!rows.is_empty(), "no published values of {seq}");
    rows.into_iter().map(|(_, v)| v).collect()
}
