//! Progress bars on stderr, only when stderr is a terminal and only once a run has taken a
//! second (short runs never flash a bar). Engines report through a
//! [`zlink_puzzle::ProgressHook`]; this module turns the reports into one indicatif bar per run.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use zlink_puzzle::ProgressHook;

/// Runs shorter than this never show a bar.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// One run's bar (nothing at all when stderr is not a terminal).
pub struct Bar(Option<ProgressBar>);

impl Bar {
    /// A bar for a run of `len` units (0 = unknown until the first report), labelled `label`.
    pub fn new(label: &str, len: u64) -> Bar {
        Bar(std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
            bar.set_style(
                ProgressStyle::with_template(
                    "{elapsed_precise} {prefix} [{bar:30}] {pos}/{len} {msg}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
            );
            bar.set_prefix(label.to_string());
            bar
        }))
    }

    /// Shows `done` of `total` units (the bar's length if `None`) and `msg`.
    pub fn update(&self, done: u64, total: Option<u64>, msg: impl FnOnce() -> String) {
        let Some(bar) = &self.0 else { return };
        if bar.is_hidden() && bar.elapsed() >= SHOW_AFTER {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        if let Some(t) = total {
            bar.set_length(t);
        }
        bar.set_position(done);
        bar.set_message(msg());
    }

    /// The hook engines report to: each report updates this bar as `phase: detail`.
    pub fn hook(&self) -> ProgressHook {
        match &self.0 {
            None => ProgressHook::default(),
            Some(bar) => {
                let me = Bar(Some(bar.clone()));
                ProgressHook::new(move |r| {
                    me.update(r.done, r.total, || format!("{} {}", r.phase, r.detail))
                })
            }
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
