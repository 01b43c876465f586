//! The order of the SAT deduction level (the crate's `settle` module: a count or build under an
//! attempt budget, the SAT completion when it overflows, the full run when the completion
//! leaves the puzzle open) on published puzzles that probing leaves open, and the run's time
//! limit over probing.
//!
//! Whichever step settles (the attempt when its budget is large, the completion when it is 0
//! or tiny), the count and the solution are the same, equal to the full count without the
//! completion (`Deduction::Probe`: a frontier count that shares no code with the SAT solver)
//! and to the published solution.

use std::time::{Duration, Instant};

use zlink_frontier::Limits;
use zlink_link::numberlink::{self as nl, NumberlinkZdd};
use zlink_link::slitherlink::{Deduction, SlitherZdd};
use zlink_link::{LoopEdges, SettledBy};
use zlink_puzzle::numberlink::Rules;
use zlink_zdd::Zdd;

#[path = "../benches/common/janko.rs"]
mod janko;
#[path = "../benches/common/numberlink.rs"]
mod numberlink;

/// Janko Slitherlinks that probing and its branching leave open (unique): `105` counts in
/// 22 K states, `109` in 61 K.
const SLITHER: [&str; 2] = ["105_10x10", "109_10x10"];

/// Janko Numberlinks that probing leaves open (unique under Janko's rules).
const NUMBER: [&str; 3] = ["504_12x12", "417_10x18", "38_15x15"];

#[test]
fn slitherlink_every_path_gives_the_published_loop() {
    let corpus = janko::corpus(None);
    let mut seen = 0;
    for p in corpus.iter().filter(|p| SLITHER.contains(&p.key.as_str())) {
        seen += 1;
        let probe = SlitherZdd::with_deduction(&p.clues, Deduction::Probe).unwrap();
        assert!(
            !probe.setup_stats().decided,
            "{}: probing decides it",
            p.key
        );
        assert_eq!(probe.count(&Limits::default()).unwrap(), 1u32.into());
        assert_eq!(probe.settled_by(), Some(SettledBy::Full));
        let published = LoopEdges::from_inside(p.inside.as_ref().expect("a published loop"));
        for (budget, by) in [
            (0, SettledBy::Completion),
            (1, SettledBy::Completion),
            (u64::MAX, SettledBy::Attempt),
        ] {
            let what = format!("{} attempt {budget}", p.key);
            let mut z = SlitherZdd::new(&p.clues).unwrap();
            z.set_attempt_budget(budget);
            assert_eq!(z.setup_stats().attempt_budget, budget, "{what}");
            assert_eq!(z.count(&Limits::default()).unwrap(), 1u32.into(), "{what}");
            assert_eq!(z.settled_by(), Some(by), "{what}");
            // the build after the count reuses the completion; a fresh build settles alike
            assert_eq!(
                z.solutions(2, &Limits::default()).unwrap(),
                std::slice::from_ref(&published)
            );
            let mut fresh = SlitherZdd::new(&p.clues).unwrap();
            fresh.set_attempt_budget(budget);
            let mut zdd = Zdd::new(0);
            let root = fresh.build(&mut zdd, &Limits::default()).unwrap();
            assert_eq!(zdd.count(root), 1u32.into(), "{what}");
            assert_eq!(fresh.settled_by(), Some(by), "{what}");
        }
    }
    assert!(
        seen == SLITHER.len() || corpus.is_empty(),
        "missing puzzles"
    );
}

#[test]
fn slitherlink_the_default_budget_takes_the_cheaper_path() {
    // 105 and 109 count in 27 K and 18 K states (109 by columns, which the open profile
    // picks: 65 K by rows); 46_8x8 needs 33 K states, more than its completion
    let mut corpus = janko::corpus(Some("10 10"));
    corpus.extend(janko::corpus(Some("8 8")));
    for (key, by) in [
        ("105_10x10", SettledBy::Attempt),
        ("109_10x10", SettledBy::Attempt),
        ("46_8x8", SettledBy::Completion),
    ] {
        let Some(p) = corpus.iter().find(|p| p.key == key) else {
            continue;
        };
        let z = SlitherZdd::new(&p.clues).unwrap();
        assert_eq!(z.count(&Limits::default()).unwrap(), 1u32.into());
        assert_eq!(z.settled_by(), Some(by), "{key}");
    }
}

#[test]
fn numberlink_every_path_gives_the_published_solution() {
    let corpus = numberlink::janko();
    let mut seen = 0;
    for (key, p, sol) in corpus
        .iter()
        .filter(|(k, _, _)| NUMBER.contains(&k.as_str()))
    {
        seen += 1;
        let probe = NumberlinkZdd::new_with(p, Rules::JANKO, nl::Deduction::Probe).unwrap();
        assert_eq!(probe.count(&Limits::default()).unwrap(), 1u32.into());
        assert_eq!(
            probe.settled_by(),
            Some(SettledBy::Full),
            "{key}: probing decides it"
        );
        for (budget, by) in [
            (0, SettledBy::Completion),
            (1, SettledBy::Completion),
            (u64::MAX, SettledBy::Attempt),
        ] {
            let what = format!("{key} attempt {budget}");
            let mut z = NumberlinkZdd::new(p, Rules::JANKO).unwrap();
            z.set_attempt_budget(budget);
            assert_eq!(z.count(&Limits::default()).unwrap(), 1u32.into(), "{what}");
            assert_eq!(z.settled_by(), Some(by), "{what}");
            let found = z.links(2, &Limits::default()).unwrap();
            assert_eq!(found.len(), 1, "{what}");
            assert_eq!(Some(&found[0]), sol.as_ref(), "{what}");
        }
    }
    assert!(seen == NUMBER.len() || corpus.is_empty(), "missing puzzles");
}

/// Without `cover` the completion only tries the stricter rules (Janko's), which cannot decide
/// a count: with the completion first, the full count settles it, equal to the count after
/// probing alone; two solutions asked for are two of the plain rules'.
#[test]
fn numberlink_without_cover_completes_only_by_stricter_rules() {
    for (key, p, _) in numberlink::janko()
        .iter()
        .filter(|(k, _, _)| k == NUMBER[0])
    {
        let probed = NumberlinkZdd::new_with(p, Rules::PLAIN, nl::Deduction::Probe).unwrap();
        let want = probed.count(&Limits::default()).unwrap();
        let mut z = NumberlinkZdd::new(p, Rules::PLAIN).unwrap();
        z.set_attempt_budget(0);
        assert_eq!(z.count(&Limits::default()).unwrap(), want, "{key}");
        assert_eq!(z.settled_by(), Some(SettledBy::Full), "{key}");
        let mut two = NumberlinkZdd::new(p, Rules::PLAIN).unwrap();
        two.set_attempt_budget(0);
        let found = two.links(2, &Limits::default()).unwrap();
        let expect = (0..2u32).filter(|&i| want > i.into()).count();
        assert_eq!(found.len(), expect, "{key}");
        for l in &found {
            zlink_puzzle::numberlink::verify(p, l, Rules::PLAIN).unwrap();
        }
    }
}

/// A deadline that has passed stops probing (what it decided stands, so counts stay exact
/// without a time limit) and makes a count under the same deadline stop on time.
#[test]
fn the_deadline_bounds_probing() {
    let corpus = janko::corpus(Some("10 10"));
    let Some(p) = corpus.iter().find(|p| p.key == "102_10x10") else {
        return;
    };
    let full = SlitherZdd::with_deduction(&p.clues, Deduction::Probe).unwrap();
    let past = Some(Instant::now());
    let late = SlitherZdd::with_deduction_until(&p.clues, Deduction::Probe, past).unwrap();
    let fixed = |z: &SlitherZdd| z.setup_stats().fixed_on + z.setup_stats().fixed_off;
    assert!(
        fixed(&late) < fixed(&full),
        "{} {}",
        fixed(&late),
        fixed(&full)
    );
    assert_eq!(late.count(&Limits::default()).unwrap(), 1u32.into());
    let out_of_time = Limits {
        time_limit: Some(Duration::ZERO),
        ..Limits::default()
    };
    let late = SlitherZdd::with_deduction_until(&p.clues, Deduction::Sat, past).unwrap();
    assert!(late.count(&out_of_time).unwrap_err().is_time_limit());
}
