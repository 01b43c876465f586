//! Battleship: both IP models against the independent brute force (zlink-testkit) on seeded
//! small instances, the CSPLib instances unique, Janko instances equal to their published
//! solutions, and contradicting sums counting 0. (All 303 CSPLib instances with both models
//! are in `tools/battleship_bench.sh`; here a sample keeps the test fast.)

use zlink_base::SplitMix64;
use zlink_engines::battleship::{model::ships_of, Battleship, Fleet, Part, KIND};
use zlink_puzzle::{Kind, Puzzle, SolveOptions};
use zlink_testkit::battleship::{random_instance, solutions, Instance};

fn with_model(m: &str) -> SolveOptions {
    SolveOptions {
        settings: vec![("model".into(), m.into())],
        ..SolveOptions::default()
    }
}

fn count(kind: &Kind<Battleship>, b: &Battleship, m: &str) -> u64 {
    let c = kind.count(b, None, &with_model(m)).expect("counts");
    assert!(c.exact);
    c.exact_u64().expect("fits")
}

fn from_oracle(p: &Instance) -> Battleship {
    Battleship::new(
        p.row_sums.clone(),
        p.col_sums.clone(),
        p.fleet.clone(),
        p.hints
            .iter()
            .map(|h| h.map(|c| Part::from_janko(&c.to_string()).expect("letter")))
            .collect(),
    )
}

#[test]
fn both_models_count_like_the_brute_force() {
    let mut rng = SplitMix64::new(2026);
    let shapes: [(usize, usize, &[usize]); 4] = [
        (4, 4, &[2, 1]),
        (5, 5, &[2, 1, 1]),
        (6, 5, &[3, 2, 1]),
        (6, 6, &[3, 2, 1]),
    ];
    let mut several = 0;
    for round in 0..4 {
        for &(rows, cols, fleet) in &shapes {
            let p = random_instance(rows, cols, fleet, 4 * round, &mut rng).expect("fits");
            let want = solutions(&p).len() as u64;
            assert!(want >= 1, "the planted solution is one");
            several += usize::from(want > 1);
            let b = from_oracle(&p);
            assert_eq!(count(&KIND, &b, "grid"), want, "grid model, {p:?}");
            assert_eq!(count(&KIND, &b, "cell"), want, "cell model, {p:?}");
            let s = KIND.solve(&b, None, &with_model("cell")).expect("solves");
            assert!(b.verify(&s.solution).is_ok());
        }
    }
    assert!(several > 0, "some instances have more than one solution");
}

#[test]
fn contradicting_sums_and_givens_count_zero() {
    let p = Instance {
        row_sums: vec![1, 0, 1],
        col_sums: vec![1, 0, 1],
        fleet: vec![2],
        hints: vec![None, Some('w'), None, None, None, None, None, None, None],
    };
    assert!(solutions(&p).is_empty());
    let b = from_oracle(&p);
    assert_eq!(count(&KIND, &b, "grid"), 0);
    assert_eq!(count(&KIND, &b, "cell"), 0);
    let bad = Battleship::new(vec![1, 1], vec![1, 0], vec![2], vec![None; 4]);
    assert!(bad.contradiction().is_some());
    assert_eq!(count(&KIND, &bad, "grid"), 0);
    // no ships at all: the empty fleet is the one solution
    let empty = Battleship::new(vec![0, 0], vec![0, 0], vec![], vec![None; 4]);
    assert_eq!(count(&KIND, &empty, "grid"), 1);
    assert!(KIND.solve(&empty, None, &with_model("cell")).is_ok());
}

#[test]
fn csplib_instances_are_unique() {
    let Some(text) = zlink_testkit::data::read("csplib-battleship/battleship_instances.pl") else {
        return;
    };
    let all = Battleship::parse(&text, "csplib").expect("parses");
    assert_eq!(all.len(), 303);
    for (line, b) in all.iter().step_by(75) {
        assert_eq!(count(&KIND, b, "grid"), 1, "line {line}");
        let s = KIND.solve(b, None, &SolveOptions::default()).unwrap();
        assert!(b.verify(&s.solution).is_ok());
    }
}

/// The published solution of a Janko record: `-` is water, any letter a ship cell.
fn published(b: &Battleship, solution: &str) -> Fleet {
    let occ: Vec<bool> = solution
        .lines()
        .skip(1)
        .flat_map(|l| l.split_whitespace().map(|t| t != "-"))
        .collect();
    assert_eq!(occ.len(), b.rows() * b.cols());
    ships_of(b.rows(), b.cols(), &occ)
}

#[test]
fn janko_sample_equals_the_published_solutions() {
    let Some(text) = zlink_testkit::data::read("puzzlekit-janko/Battleship_dataset.json") else {
        return;
    };
    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    let data = json["data"].as_object().expect("data");
    let mut checked = 0;
    for (i, (key, rec)) in data.iter().enumerate() {
        let small = key.ends_with("6x6");
        if !(i % 60 == 0 || small || key.ends_with("8x8")) || key.ends_with("30x30") {
            continue;
        }
        let (Some(problem), Some(solution)) = (rec["problem"].as_str(), rec["solution"].as_str())
        else {
            continue;
        };
        let b = &Battleship::parse(problem, key).expect("parses")[0].1;
        let want = published(b, solution);
        assert!(
            b.verify(&want).is_ok(),
            "{key}: the published solution breaks a rule"
        );
        let got = KIND
            .solve(b, None, &SolveOptions::default())
            .unwrap()
            .solution;
        assert_eq!(got, want, "{key}");
        if small {
            let cell = KIND.solve(b, None, &with_model("cell")).unwrap().solution;
            assert_eq!(cell, want, "{key} (cell model)");
        }
        checked += 1;
    }
    assert!(checked >= 25);
}

#[test]
fn text_round_trips_and_svg_draws_ships() {
    let b = &Battleship::parse("3 3 1 1\n1 1 1\n2 0 1\n- - x\n- - -\n- - o\n", "t").unwrap()[0].1;
    let s = KIND
        .solve(b, None, &SolveOptions::default())
        .unwrap()
        .solution;
    let text = b.render_text(Some(&s));
    assert_eq!(text, "3 3 1 1\n1 1 1\n2 0 1\nw e x\nx x x\nx x o\n");
    let again = &Battleship::parse(&text, "again").unwrap()[0].1;
    assert_eq!(
        KIND.count(again, None, &SolveOptions::default())
            .unwrap()
            .exact_u64(),
        Some(1)
    );
    let svg = b.render_svg(Some(&s));
    assert!(svg.starts_with("<svg") && svg.contains("<circle"));
}
