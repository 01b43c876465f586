//! Progress of long runs: engines report what they are doing through a [`ProgressHook`] in
//! the run's options, and the front end (the CLI's bar on a terminal) decides whether and how
//! to show it. Why a hook and not a bar here: libraries must not draw on a terminal, and a
//! run without a hook pays one branch per report.

use std::fmt;
use std::sync::Arc;

/// One report: which phase, how far, out of how much (when known), and a short detail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report<'a> {
    /// What is running (`levels` of a diagram, `rounds` of a cut loop, `bound` of a search).
    pub phase: &'a str,
    /// Units done so far.
    pub done: u64,
    /// Units in all, where known.
    pub total: Option<u64>,
    /// A short figure to show beside the bar (nodes so far, cuts, the bound).
    pub detail: &'a str,
}

type Sink = dyn Fn(&Report<'_>) + Send + Sync;

/// Where a run's progress goes; the default goes nowhere.
#[derive(Clone, Default)]
pub struct ProgressHook(Option<Arc<Sink>>);

impl ProgressHook {
    /// A hook calling `f` on every report.
    pub fn new(f: impl Fn(&Report<'_>) + Send + Sync + 'static) -> Self {
        ProgressHook(Some(Arc::new(f)))
    }

    /// Whether anybody listens (engines may skip building details when not).
    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// Reports `done` of `total` units of `phase`; `detail` is only built when somebody listens.
    pub fn report(
        &self,
        phase: &str,
        done: u64,
        total: Option<u64>,
        detail: impl FnOnce() -> String,
    ) {
        if let Some(f) = &self.0 {
            let d = detail();
            f(&Report {
                phase,
                done,
                total,
                detail: &d,
            });
        }
    }
}

impl fmt::Debug for ProgressHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_on() {
            "ProgressHook(on)"
        } else {
            "ProgressHook(off)"
        })
    }
}

/// Hooks do not change a run's result: all compare equal (so options stay comparable).
impl PartialEq for ProgressHook {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn reports_reach_the_sink_and_details_are_lazy() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let s = Arc::clone(&seen);
        let hook = ProgressHook::new(move |r| {
            s.lock()
                .unwrap()
                .push((r.phase.to_string(), r.done, r.total, r.detail.to_string()))
        });
        hook.report("levels", 3, Some(10), || "7 nodes".into());
        assert_eq!(
            seen.lock().unwrap().as_slice(),
            [("levels".to_string(), 3, Some(10), "7 nodes".to_string())]
        );
        let off = ProgressHook::default();
        assert!(!off.is_on());
        off.report("x", 1, None, || unreachable!("no listener, no detail"));
        assert_eq!(hook, off);
    }
}
