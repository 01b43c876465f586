//! Profiling aid: CPU time and peak RSS of each phase of a grid-path ZDD build (spec ->
//! unreduced rows -> reduced store -> count), so optimisation targets the biggest part.
//!
//! `cargo run --release -p zlink-frontier --example build_phases -- 13 [paths|cycles] [count]
//! [threads]` (a third argument `count` times the count-only DP instead of the build, any
//! other (`build`) the build; the fourth, the threads of the pool, is 1 by default). Each
//! phase prints its CPU and wall seconds: with several threads, the wall time tells what the
//! parallel parts gained.
//! (Linux only: reads `/proc/self/stat` and resets the peak RSS via `/proc/self/clear_refs`.)

use std::time::Instant;

use zlink_frontier::packed::Packed;
use zlink_frontier::specs::mate::Mate;
use zlink_frontier::{build, EdgeOrder, Graph, Limits};

/// User + system CPU seconds of this process (`/proc/self/stat` fields 14 and 15, in ticks).
fn cpu_seconds() -> f64 {
    let (u, s) = user_sys();
    u + s
}

/// User and system CPU seconds of this process.
fn user_sys() -> (f64, f64) {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) / 100.0, ticks(12) / 100.0)
}

/// `(current RSS, peak RSS since the last reset)` in MB.
fn rss_mb() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = |key: &str| {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    (kb("VmRSS:") / 1024, kb("VmHWM:") / 1024)
}

fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// Prints the CPU and wall seconds of a phase that started at CPU time `t0` and at `w0`.
fn phase(name: &str, (t0, w0): (f64, Instant)) {
    let (now, peak) = rss_mb();
    eprintln!(
        "{name:>8}: {:6.2} s CPU, {:6.2} s wall, peak {peak:5} MB, after {now:5} MB (process so far: {:?} s user, sys)",
        cpu_seconds() - t0,
        w0.elapsed().as_secs_f64(),
        user_sys()
    );
    reset_peak();
}

/// The CPU and wall clocks at the start of a phase.
fn start() -> (f64, Instant) {
    (cpu_seconds(), Instant::now())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(12);
    let kind = args.get(2).map_or("paths", String::as_str);
    let (g, _) = EdgeOrder::RowMajor.apply(&Graph::grid(n, n));
    let last = (n * n - 1) as u32;
    let spec = match kind {
        "cycles" => Mate::<Packed>::cycles(&g, false),
        _ => Mate::<Packed>::st_paths(&g, 0, last, false),
    }
    .expect("grid spec");
    let threads: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("pool");
    let count_only = args.get(3).is_some_and(|a| a == "count");
    pool.install(|| {
        let wall = Instant::now();
        reset_peak();
        if count_only {
            let t = start();
            let c = zlink_frontier::count_with_stats(&spec, &Limits::default()).expect("no budget");
            phase("count-only", t);
            eprintln!(
                "{kind} {n}: {} states, widest level {}, count {}, wall {:.2} s",
                c.total_states,
                c.max_level_states,
                c.count,
                wall.elapsed().as_secs_f64()
            );
            return;
        }
        let t = start();
        let built = build(&spec, &Limits::default()).expect("no budget");
        phase("build", t);
        let raw = built.nodes;
        let mut zdd = zlink_zdd::Zdd::new(0);
        let t = start();
        let f = zdd.import(built.unreduced).expect("no budget");
        phase("import", t);
        let t = start();
        let c = zdd.count(f);
        phase("count", t);
        let t = start();
        let size = zdd.size(f);
        phase("size", t);
        eprintln!(
            "{kind} {n}: raw {raw}, reduced {size}, count {c}, wall {:.2} s ({threads} threads)",
            wall.elapsed().as_secs_f64()
        );
    });
}
