//! Long runs report progress through the options' hook (issue 19): the diagram engines per
//! level (monotone, out of the number of levels), the IP cut loops per round and per solution.

use std::sync::{Arc, Mutex};

use zlink_puzzle::{find_kind, ProgressHook, SolveOptions};

type Seen = Arc<Mutex<Vec<(String, u64, Option<u64>)>>>;

fn recording() -> (ProgressHook, Seen) {
    let seen: Seen = Arc::default();
    let s = Arc::clone(&seen);
    let hook = ProgressHook::new(move |r| {
        s.lock()
            .unwrap()
            .push((r.phase.to_string(), r.done, r.total))
    });
    (hook, seen)
}

fn first(kind: &str, text: &str) -> Box<dyn zlink_puzzle::Instance> {
    let k = find_kind(zlink_engines::registry::registry(), kind).unwrap();
    k.load(text, "t").unwrap().into_iter().next().unwrap()
}

#[test]
fn diagram_engines_report_levels() {
    let blank = first("slitherlink", ".....\n.....\n.....\n.....\n");
    let (hook, seen) = recording();
    let opts = SolveOptions {
        progress: hook,
        ..SolveOptions::default()
    };
    let c = blank.count(Some("zdd"), &opts).unwrap();
    assert!(c.exact);
    let seen = seen.lock().unwrap();
    assert!(seen.len() > 10, "{seen:?}");
    // a 4×5 grid has 4·6 + 5·5 = 49 edges = levels
    assert!(seen.iter().all(|(p, _, t)| p == "levels" && *t == Some(49)));
    assert!(seen.windows(2).all(|w| w[0].1 <= w[1].1), "{seen:?}");
}

#[test]
fn cut_loops_report_rounds_and_solutions() {
    let puzzle = first("slitherlink", "3 3\n- - -\n- - -\n- - -\n");
    let (hook, seen) = recording();
    let opts = SolveOptions {
        progress: hook,
        limit: Some(5),
        ..SolveOptions::default()
    };
    let c = puzzle.count(Some("ip"), &opts).unwrap();
    assert_eq!(c.count, 5u32.into());
    let seen = seen.lock().unwrap();
    let sols: Vec<u64> = seen
        .iter()
        .filter(|(p, _, _)| p == "solutions")
        .map(|s| s.1)
        .collect();
    assert_eq!(sols, [1, 2, 3, 4, 5]);
    assert!(seen.iter().any(|(p, _, _)| p == "rounds"), "{seen:?}");
}
