//! The Slitherlink IP on real data: Janko 10×10 puzzles against their published solutions, and
//! the pzprjs 5×5 test vector.

mod common;

use zlink_engines::slitherlink::{
    model, parse::parse_janko_solution, verify::verify, SlitherOptions, Slitherlink,
};
use zlink_puzzle::SolveOptions;

#[test]
fn janko_10x10_sample_matches_the_published_solutions() {
    let Some(json) = common::janko_json("Slitherlink_dataset.json") else {
        return;
    };
    let mut ten: Vec<_> = json["data"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, v)| v["problem"].as_str().unwrap().starts_with("10 10\n"))
        .filter(|(_, v)| v["solution"].as_str().is_some_and(|s| !s.is_empty()))
        .collect();
    ten.sort_by(|a, b| a.0.cmp(b.0));
    let step = ten.len() / 20;
    let mut solved = 0;
    for (key, v) in ten.iter().step_by(step).take(20) {
        let p = Slitherlink::parse_janko(v["problem"].as_str().unwrap(), key).unwrap();
        let want = parse_janko_solution(&p, v["solution"].as_str().unwrap(), key).unwrap();
        for cuts in [false, true] {
            let got = model::solve(&p, &SlitherOptions { cuts }, &SolveOptions::default()).unwrap();
            verify(&p, &got.solution).unwrap_or_else(|e| panic!("{key}: {e}"));
            assert_eq!(got.solution, want, "{key} cuts={cuts}");
            let rounds = got.stats.rounds.as_ref().unwrap();
            assert_eq!(
                rounds.rows.last().unwrap()[4],
                0.0,
                "last round finds no subtour"
            );
        }
        solved += 1;
    }
    assert_eq!(solved, 20);
}

#[test]
fn pzprjs_5x5_vector_is_unique() {
    let p = Slitherlink::parse_any("https://puzz.link/p?slither/5/5/cbcbcddad", "url").unwrap();
    for cuts in [false, true] {
        let ten = SolveOptions {
            limit: Some(10),
            ..SolveOptions::default()
        };
        let c = model::count(&p, &SlitherOptions { cuts }, &ten).unwrap();
        assert_eq!((c.count, c.exact), (1u32.into(), true), "cuts={cuts}");
    }
    let s = model::solve(&p, &SlitherOptions::default(), &SolveOptions::default()).unwrap();
    verify(&p, &s.solution).unwrap();
}

#[test]
fn impossible_puzzles_are_infeasible() {
    // a 0 next to... a 4 needs all four sides, its neighbour 0 forbids the shared one
    let p = Slitherlink::parse_plain("40\n..", "t").unwrap();
    let e = model::solve(&p, &SlitherOptions::default(), &SolveOptions::default()).unwrap_err();
    assert_eq!(e, zlink_puzzle::SolveError::Infeasible);
}
