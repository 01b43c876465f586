//! How a run over the puzzles of an input reports: statistics (text and JSON), the JSON
//! document, SVG file names, and the exit code of the first failure.

use std::path::PathBuf;

use serde_json::{json, Value};
use zlink_puzzle::{Instance, SolveError, SolveStats};

use crate::exit::CliError;
use crate::output::outln;
use crate::GlobalOpts;

pub(super) fn error_exit(label: &str, e: &SolveError) -> CliError {
    let msg = format!("{label}: {e}");
    match e {
        SolveError::Stopped(s) => CliError::stopped(label, s, false),
        SolveError::Unsupported { .. } | SolveError::BadSetting(_) => CliError::input(msg),
        _ => CliError::failed(msg),
    }
}

/// A per-round table cell that is a whole number (a round, a count of cuts or nodes), as an
/// integer: `3`, not `3.0`.
pub(super) fn whole(v: f64) -> Option<i64> {
    (v.fract() == 0.0 && v.abs() < 9.0e15).then_some(v as i64)
}

pub(super) fn stats_json(s: &SolveStats) -> Value {
    let counters: serde_json::Map<String, Value> = s
        .counters
        .iter()
        .map(|(k, v)| (k.to_string(), json!(v)))
        .collect();
    let rounds = s.rounds.as_ref().map(|t| {
        t.rows
            .iter()
            .map(|r| {
                t.columns
                    .iter()
                    .zip(r)
                    .map(|(c, &v)| (c.to_string(), whole(v).map_or(json!(v), |i| json!(i))))
                    .collect::<serde_json::Map<_, _>>()
            })
            .collect::<Vec<_>>()
    });
    json!({ "seconds": s.seconds, "counters": counters, "rounds": rounds })
}

pub(super) fn print_stats(label: &str, s: &SolveStats) {
    let counters: Vec<String> = s.counters.iter().map(|(k, v)| format!("{k}={v}")).collect();
    eprintln!("{label}: {:.3} s, {}", s.seconds, counters.join(", "));
    if let Some(t) = &s.rounds {
        eprintln!("  {}", t.columns.join("\t"));
        for r in &t.rows {
            let cells: Vec<String> = r
                .iter()
                .map(|&v| whole(v).map_or_else(|| format!("{v:.4}"), |i| i.to_string()))
                .collect();
            eprintln!("  {}", cells.join("\t"));
        }
    }
}

/// Fails (exit 2) before anything is solved when the folder `--svg` writes into does not
/// exist: a typo there used to surface only after the first puzzle's answer was printed.
pub(crate) fn check_svg_folder(svg: Option<&std::path::Path>) -> Result<(), CliError> {
    let Some(base) = svg else { return Ok(()) };
    let folder = match base.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    if folder.is_dir() {
        Ok(())
    } else {
        Err(CliError::input(format!(
            "cannot write {}: the folder {} does not exist",
            base.display(),
            folder.display()
        )))
    }
}

/// `base`, or `stem-N.ext` (1-based) when a run writes several pictures.
pub(crate) fn svg_path(base: &std::path::Path, index: usize, total: usize) -> PathBuf {
    if total == 1 {
        return base.to_path_buf();
    }
    let stem = base
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = base
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_else(|| "svg".into());
    base.with_file_name(format!("{stem}-{}.{ext}", index + 1))
}

/// What a run over the puzzles of its input reports: with `--json` one object per puzzle,
/// whether there is one puzzle (one multi-line answer) or several (a line each), and the first
/// failure, whose exit code is the run's.
pub(super) struct Results {
    pub(super) json: bool,
    pub(super) single: bool,
    pub(super) out: Vec<Value>,
    first_error: Option<CliError>,
}

impl Results {
    pub(super) fn new(global: &GlobalOpts, puzzles: usize) -> Self {
        Results {
            json: global.json,
            single: puzzles == 1,
            out: Vec::new(),
            first_error: None,
        }
    }

    /// One puzzle failed: its message goes to stderr (or into the JSON), never to stdout, the
    /// other puzzles still run, and the run's exit code is the first failure's.
    pub(super) fn failed(&mut self, inst: &dyn Instance, e: &SolveError) {
        if self.json {
            self.out.push(json!({ "label": inst.label(), "kind": inst.kind(), "status": "failed", "error": e.to_string() }));
        } else if !self.single {
            eprintln!("zlink: {}: {e}", inst.label());
        }
        self.first_error
            .get_or_insert_with(|| error_exit(inst.label(), e));
    }

    /// A limit stopped one puzzle's engine, which answered with its best (printed, and in
    /// the JSON with status `stopped` and the `error`): the run's exit code is the stop's.
    pub(super) fn stopped(&mut self, inst: &dyn Instance, stop: &zlink_puzzle::Stopped) {
        let e = SolveError::Stopped(stop.clone());
        if self.json {
            if let Some(obj) = self.out.last_mut() {
                obj["error"] = json!(e.to_string());
            }
        } else if !self.single {
            eprintln!("zlink: {}: {e}", inst.label());
        }
        self.first_error
            .get_or_insert_with(|| error_exit(inst.label(), &e));
    }

    /// Prints the JSON (with `--json`) and gives the run's result.
    pub(super) fn finish(self) -> Result<(), CliError> {
        if self.json {
            print_json(self.out);
        }
        self.first_error.map_or(Ok(()), Err)
    }
}

/// Prints the JSON of a run: one object for one puzzle, an array for several.
pub(crate) fn print_json(mut out: Vec<Value>) {
    let v = if out.len() == 1 {
        out.remove(0)
    } else {
        Value::Array(out)
    };
    outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
}
