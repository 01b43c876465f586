//! The Hashi models on real data: Janko puzzles (unique, with solutions) and CLLV instances
//! (mostly not unique), every answer checked by the independent verifier.

mod common;

use zlink_engines::hashi::{
    parse::parse_janko_solution, verify::verify, Hashi, HashiIp, HashiModel, HashiOptions,
};
use zlink_engines::ip::Formulation;
use zlink_puzzle::SolveOptions;

/// Janko puzzles sorted by key, every `step`-th one.
fn janko_sample(step: usize) -> Vec<(String, Hashi, String)> {
    let Some(json) = common::janko_json("Hashi_dataset.json") else {
        return Vec::new();
    };
    let mut all: Vec<_> = json["data"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| {
            let h = Hashi::parse_janko(v["problem"].as_str().unwrap(), k).unwrap();
            (k.clone(), h, v["solution"].as_str().unwrap().to_string())
        })
        .collect();
    // spread over sizes: order by size, then take every step-th
    all.sort_by_key(|(k, h, _)| (h.rows() * h.cols(), k.clone()));
    all.into_iter().step_by(step).collect()
}

#[test]
fn janko_sample_solves_to_the_published_solution_with_every_model() {
    let sample = janko_sample(24); // 38 of 910, from 5×5 to the largest
    if common::data_dir().is_some() {
        assert!(sample.len() >= 30);
    }
    let opts = SolveOptions::default();
    for (key, h, sol_text) in &sample {
        let want = parse_janko_solution(h, sol_text, key).unwrap();
        for m in [HashiModel::Lazy, HashiModel::Flow] {
            let got = HashiIp.solve(h, &HashiOptions { model: m }, &opts).unwrap();
            verify(h, &got.solution).unwrap_or_else(|e| panic!("{key} {m:?}: {e}"));
            assert_eq!(got.solution, want, "{key} {m:?}");
        }
    }
}

/// All 910 Janko puzzles with the default (lazy) model, whose repair and propagation are the
/// parts most likely to go wrong: each must verify and equal the published solution.
#[test]
fn janko_all_solve_to_the_published_solution_with_the_lazy_model() {
    let all = janko_sample(1);
    if common::data_dir().is_some() {
        assert_eq!(all.len(), 910);
    }
    for (key, h, sol_text) in &all {
        let want = parse_janko_solution(h, sol_text, key).unwrap();
        let got = HashiIp
            .solve(h, &HashiOptions::default(), &SolveOptions::default())
            .unwrap();
        verify(h, &got.solution).unwrap_or_else(|e| panic!("{key}: {e}"));
        assert_eq!(got.solution, want, "{key}");
    }
}

#[test]
fn janko_small_puzzles_are_unique_and_bfs_agrees() {
    let opts = SolveOptions::default();
    for (key, h, sol_text) in janko_sample(24)
        .iter()
        .filter(|(_, h, _)| h.islands().len() <= 40)
    {
        let want = parse_janko_solution(h, sol_text, key).unwrap();
        let got = HashiIp
            .solve(
                h,
                &HashiOptions {
                    model: HashiModel::Bfs,
                },
                &opts,
            )
            .unwrap();
        assert_eq!(got.solution, want, "{key}");
        let two = SolveOptions {
            limit: Some(2),
            ..opts.clone()
        };
        let c = HashiIp
            .count(
                h,
                &HashiOptions {
                    model: HashiModel::Lazy,
                },
                &two,
            )
            .unwrap();
        assert_eq!((c.count, c.exact), (1u32.into(), true), "{key} is unique");
    }
}

#[test]
fn cllv_100_and_200_samples_solve_and_verify() {
    let Some(d) = common::data_dir() else { return };
    let opts = SolveOptions::default();
    for (size, take) in [(100, 6), (200, 3)] {
        let dir = d.join("cllv-hashi/dataset").join(size.to_string());
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.retain(|p| p.extension().is_some_and(|e| e == "has"));
        files.sort();
        let step = files.len() / take;
        for f in files.iter().step_by(step).take(take) {
            let h = Hashi::parse_any(
                &std::fs::read_to_string(f).unwrap(),
                &f.display().to_string(),
            )
            .unwrap();
            let s = HashiIp.solve(&h, &HashiOptions::default(), &opts).unwrap();
            verify(&h, &s.solution).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        }
    }
}

#[test]
fn cllv_instances_are_not_unique_and_counts_respect_the_limit() {
    let Some(d) = common::data_dir() else { return };
    let f = d.join("cllv-hashi/dataset/100/Hs_16_100_25_00_001.has");
    let h = Hashi::parse_any(&std::fs::read_to_string(&f).unwrap(), "cllv").unwrap();
    let five = SolveOptions {
        limit: Some(5),
        ..SolveOptions::default()
    };
    let c = HashiIp.count(&h, &HashiOptions::default(), &five).unwrap();
    assert_eq!(c.count, 5u32.into());
    assert!(!c.exact);
}

#[test]
fn infeasible_puzzles_and_time_limits_are_reported() {
    // two 2s that can only join each other with a double bridge, and a third island elsewhere
    let h = Hashi::parse_compact("2.2\n...\n..1", "t").unwrap();
    for m in [HashiModel::Lazy, HashiModel::Bfs, HashiModel::Flow] {
        let e = HashiIp
            .solve(&h, &HashiOptions { model: m }, &SolveOptions::default())
            .unwrap_err();
        assert_eq!(e, zlink_puzzle::SolveError::Infeasible, "{m:?}");
        let ten = SolveOptions {
            limit: Some(10),
            ..SolveOptions::default()
        };
        let c = HashiIp.count(&h, &HashiOptions { model: m }, &ten).unwrap();
        assert_eq!(c.count, 0u32.into());
    }
}

/// A 400-island CLLV instance counts exactly with the ZDD engine, with the same count with and
/// without the deduction before the build; its diagram's first solution passes the checker;
/// and a memory budget far too small for the run without deduction is an error, not a kill.
#[test]
fn zdd_counts_a_400_island_cllv_instance() {
    use zlink_engines::hashi::{
        race::{count_raced, count_with, RaceSetup},
        ZddEngine,
    };
    use zlink_puzzle::{Engine, SolveError};
    let rel = "cllv-hashi/dataset/400/Hs_34_400_25_00_006.has";
    let f = zlink_testkit::data::path(rel).expect("shipped in data/");
    let h = Hashi::parse_any(&std::fs::read_to_string(&f).unwrap(), rel).unwrap();
    assert_eq!(h.islands().len(), 400);
    let opts = SolveOptions::default();
    let with = count_with(&h, true, &opts).unwrap();
    let without = count_with(&h, false, &opts).unwrap();
    assert!(with.exact && without.exact);
    assert_eq!(with.count, without.count);
    assert!(with.count > 1u32.into(), "CLLV instances are not unique");
    // a race that starts with a budget of 100 states needs several rounds and still agrees
    let small = RaceSetup {
        first_budget: 100,
        ..RaceSetup::default()
    };
    let raced = count_raced(&h, true, &small, &opts).unwrap();
    assert_eq!(raced.count, with.count);
    let rounds = raced.stats.counters.iter().find(|c| c.0 == "race_rounds");
    assert!(
        rounds.is_some_and(|c| c.1 >= 2),
        "{:?}",
        raced.stats.counters
    );
    let s = ZddEngine.solve(&h, &(), &opts).unwrap();
    verify(&h, &s.solution).unwrap();
    assert_eq!(s.more, Some(true));
    let tiny = SolveOptions {
        limits: zlink_puzzle::Limits::default().with_memory(200_000),
        ..SolveOptions::default()
    };
    match count_with(&h, false, &tiny) {
        Err(SolveError::Stopped(s)) if s.is_budget() => {}
        other => panic!("expected a budget error, got {other:?}"),
    }
}
