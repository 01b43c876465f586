//! Time-budgeted fuzzing campaigns (issue 19): each named parser gets its own budget of CPU
//! time, so a campaign can say "parser X saw N inputs in M CPU-minutes, K crashes".
//!
//! Why not proptest alone: a proptest property runs a fixed number of cases and mixes every
//! reader into one property, which says nothing of the time each parser got. Here every
//! target runs alone on one thread until its thread CPU time (read from
//! `/proc/thread-self/stat`, so a loaded machine does not inflate it) reaches the budget, on
//! inputs drawn from [`super::fuzz::seeds`] mutated by [`super::fuzz::mutate`] and on
//! arbitrary bytes. A panic is caught, and the input is written to `fuzz-crashes/` and
//! reported; the fuzz tests' `regressions()` lists keep such inputs once fixed.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

use zlink_base::SplitMix64;

use crate::fuzz::{mutate, seeds};

/// One parser under fuzz: a name and a check that panics on a defect (a panic inside the
/// parser, or an error without a position).
pub struct Target<'a> {
    /// The parser's name in the report.
    pub name: &'a str,
    /// Runs the parser on one input and asserts on its answer.
    pub run: &'a (dyn Fn(&[u8]) + Sync),
}

/// A fuzz check owned in a box, for targets built at run time.
pub type BoxedRun<'a> = Box<dyn Fn(&[u8]) + Sync + 'a>;

/// What one target's campaign did.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The parser's name.
    pub name: String,
    /// Inputs tried.
    pub inputs: u64,
    /// Thread CPU time spent.
    pub cpu: Duration,
    /// Inputs that made it panic (each written to `fuzz-crashes/`).
    pub crashes: Vec<Vec<u8>>,
}

/// CPU time of the calling thread (user + system), from `/proc/thread-self/stat`; `None`
/// where that file does not exist (the campaign then falls back to wall time).
pub fn thread_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    // The kernel reports clock ticks of USER_HZ = 100 on every Linux this runs on.
    Some(Duration::from_millis(ticks * 10))
}

/// The next input: a mutation of a seed (three times in four) or arbitrary bytes.
fn next_input(rng: &mut SplitMix64, corpus: &[Vec<u8>]) -> Vec<u8> {
    if rng.below_u64(4) > 0 && !corpus.is_empty() {
        let seed = &corpus[rng.below_u64(corpus.len() as u64) as usize];
        let ops: Vec<(usize, u8, u8)> = (0..rng.below_u64(9))
            .map(|_| {
                let r = rng.next_u64();
                ((r >> 16) as usize, r as u8, (r >> 8) as u8)
            })
            .collect();
        mutate(seed, &ops)
    } else {
        (0..rng.below_u64(200))
            .map(|_| rng.next_u64() as u8)
            .collect()
    }
}

/// Runs one target for `budget` of thread CPU time, from `seed`.
pub fn fuzz_one(target: &Target<'_>, budget: Duration, seed: u64) -> Outcome {
    let corpus = seeds();
    let mut rng = SplitMix64::new(seed);
    let cpu0 = thread_cpu_time();
    let wall0 = std::time::Instant::now();
    let spent = || match (cpu0, thread_cpu_time()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => wall0.elapsed(),
    };
    let mut out = Outcome {
        name: target.name.to_string(),
        inputs: 0,
        cpu: Duration::ZERO,
        crashes: Vec::new(),
    };
    loop {
        // The clock has a 10 ms tick: read it once per batch.
        for _ in 0..64 {
            let input = next_input(&mut rng, &corpus);
            out.inputs += 1;
            if catch_unwind(AssertUnwindSafe(|| (target.run)(&input))).is_err() {
                save_crash(target.name, &input);
                out.crashes.push(input);
            }
        }
        out.cpu = spent();
        if out.cpu >= budget {
            return out;
        }
    }
}

fn save_crash(name: &str, input: &[u8]) {
    let dir = std::path::Path::new("fuzz-crashes");
    let _ = std::fs::create_dir_all(dir);
    let h = input.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let _ = std::fs::write(dir.join(format!("{name}-{h:016x}")), input);
}

/// Runs every target for `budget` each, on `threads` threads (targets are shared out; each
/// runs on one thread), and prints one line per target and a total. Returns the outcomes.
pub fn campaign(targets: &[Target<'_>], budget: Duration, threads: usize) -> Vec<Outcome> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(t) = targets.get(i) else { break };
                let o = fuzz_one(t, budget, 0x5eed ^ i as u64);
                println!(
                    "fuzz {:<28} {:>12} inputs {:>8.1} CPU-s {:>3} crashes",
                    o.name,
                    o.inputs,
                    o.cpu.as_secs_f64(),
                    o.crashes.len()
                );
                results
                    .lock()
                    .expect("no panic holds the lock")
                    .push((i, o));
            });
        }
    });
    let mut r = results.into_inner().expect("threads joined");
    r.sort_by_key(|(i, _)| *i);
    r.into_iter().map(|(_, o)| o).collect()
}

/// The campaign of the harnesses' ignored `campaign` tests: every target for
/// `FUZZ_CPU_SECONDS` of thread CPU time (default 1 s), on `threads` threads.
///
/// # Panics
/// When any target crashed (the inputs are saved in `fuzz-crashes/`).
pub fn run_and_assert(targets: &[Target<'_>], threads: usize) {
    let chosen = selected(targets, std::env::var("FUZZ_TARGETS").ok().as_deref());
    let out = campaign(&chosen, budget_from_env(1.0), threads);
    assert!(
        out.iter().all(|o| o.crashes.is_empty()),
        "crashes: see fuzz-crashes/"
    );
}

/// The targets named in `list` (comma-separated, as `FUZZ_TARGETS` gives them), or all when
/// `list` is absent or empty: a campaign cut short runs again on what it did not finish.
pub fn selected<'a>(targets: &[Target<'a>], list: Option<&str>) -> Vec<Target<'a>> {
    let names: Vec<&str> = list
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    targets
        .iter()
        .filter(|t| names.is_empty() || names.contains(&t.name))
        .map(|t| Target {
            name: t.name,
            run: t.run,
        })
        .collect()
}

/// The budget per target from `FUZZ_CPU_SECONDS` (default `default_secs`).
pub fn budget_from_env(default_secs: f64) -> Duration {
    let s = std::env::var("FUZZ_CPU_SECONDS")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|v| v.is_finite() && *v >= 0.0)
        .unwrap_or(default_secs);
    Duration::from_secs_f64(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_clock_moves() {
        if let Some(a) = thread_cpu_time() {
            let mut x = 0u64;
            let t = std::time::Instant::now();
            while t.elapsed() < Duration::from_millis(60) {
                x = x.wrapping_add(std::hint::black_box(1));
            }
            assert!(x > 0);
            let b = thread_cpu_time().unwrap();
            assert!(b > a, "{a:?} -> {b:?}");
        }
    }

    #[test]
    fn targets_are_selected_by_name() {
        let run = |_: &[u8]| {};
        let ts = ["a", "bb", "c"].map(|name| Target { name, run: &run });
        let names =
            |l: Option<&str>| -> Vec<&str> { selected(&ts, l).iter().map(|t| t.name).collect() };
        assert_eq!(names(None), ["a", "bb", "c"]);
        assert_eq!(names(Some("")), ["a", "bb", "c"]);
        assert_eq!(names(Some("c, a")), ["a", "c"]);
        assert!(names(Some("b")).is_empty());
    }

    #[test]
    fn crash_is_caught_and_counted() {
        let run = |b: &[u8]| assert!(!b.contains(&b'!'), "bang");
        let t = Target {
            name: "bang-test",
            run: &run,
        };
        std::panic::set_hook(Box::new(|_| {}));
        let o = fuzz_one(&t, Duration::from_millis(30), 7);
        let _ = std::panic::take_hook();
        assert!(o.inputs > 0);
        assert!(o.crashes.iter().all(|c| c.contains(&b'!')));
        let _ = std::fs::remove_dir_all("fuzz-crashes");
    }
}
