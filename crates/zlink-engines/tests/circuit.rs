//! The circuit board's engines against the independent brute force of `zlink-testkit` and
//! against each other, on seeded random boards: the ZDD count on hundreds, the IP models'
//! no-good enumeration (CM1, CM2, CM3) and CM3's shortest path on the smaller ones; every
//! solution any engine returns passes the rule checker.

use num_bigint::BigUint;
use zlink_base::SplitMix64;
use zlink_engines::circuit::generate::{make, Recipe};
use zlink_engines::circuit::{verify, Circuit, Wires, KIND};
use zlink_puzzle::{Puzzle, SolveError, SolveOptions};
use zlink_testkit::circuit::{path_length, random_board, solutions, Board};

fn circuit(b: &Board, ends: Option<(usize, usize)>) -> Circuit {
    Circuit::new(b.rows, b.cols, b.open.clone(), b.given.clone(), ends).unwrap()
}

/// The settings of a model name: `cm1`, `cm2`, `cm3`, or `cm1-plain` (CM1 without the
/// 2×2 cuts up front).
fn settings(model: &str) -> Vec<(String, String)> {
    let (m, plain) = match model.strip_suffix("-plain") {
        Some(m) => (m, true),
        None => (model, false),
    };
    let mut out = vec![("model".to_string(), m.to_string())];
    if plain {
        out.push(("squares".into(), "off".into()));
    }
    out
}

fn count(c: &Circuit, engine: &str, model: Option<&str>) -> BigUint {
    let opts = SolveOptions {
        settings: model.map(settings).unwrap_or_default(),
        ..SolveOptions::default()
    };
    let n = KIND.count(c, Some(engine), &opts).unwrap();
    assert!(n.exact);
    n.count
}

/// Hundreds of random boards up to 4×4 (some blacked out, some wires given): the ZDD count
/// equals the brute force, and a ZDD solve returns a checked solution exactly when there is one.
#[test]
fn zdd_counts_match_the_brute_force() {
    let mut rng = SplitMix64::new(17);
    let (mut boards, mut solvable) = (0, 0);
    for k in 0..400 {
        let rows = 1 + rng.below_u64(4) as usize;
        let cols = 2 + rng.below_u64(3) as usize;
        let (black, given) = (rng.below_u64(35), rng.below_u64(25));
        let b = random_board(&mut rng, rows, cols, black, given);
        if !b.open.contains(&true) {
            continue;
        }
        boards += 1;
        let expect = solutions(&b).len();
        let c = circuit(&b, None);
        assert_eq!(
            count(&c, "zdd", None),
            BigUint::from(expect),
            "board {k}: {b:?}"
        );
        match KIND.solve(&c, Some("zdd"), &SolveOptions::default()) {
            Ok(s) => {
                assert!(expect > 0);
                assert_eq!(s.more, Some(expect > 1));
            }
            Err(SolveError::Infeasible | SolveError::Contradiction(_)) => assert_eq!(expect, 0),
            Err(e) => panic!("board {k}: {e}"),
        }
        solvable += usize::from(expect > 0);
    }
    assert!(
        boards > 350 && solvable >= 50,
        "{boards} boards, {solvable} solvable"
    );
}

/// Uniform samples of every solution (`solve --sample`, the ZDD engine) on random 4×4
/// boards with 2-40 solutions: each draw is one of the brute force's solutions, and each is
/// drawn about equally often.
#[test]
fn zdd_samples_are_uniform_over_the_brute_force_solutions() {
    let mut rng = SplitMix64::new(29);
    let mut checked = 0;
    for k in 0..800 {
        let rows = 4;
        let cols = 4;
        let black = rng.below_u64(15);
        let b = random_board(&mut rng, rows, cols, black, 0);
        let all: Vec<Wires> = solutions(&b).into_iter().map(Wires::new).collect();
        if !(2..=40).contains(&all.len()) {
            continue;
        }
        let c = circuit(&b, None);
        let per = 60;
        let drawn = KIND
            .sample(&c, None, per * all.len(), k, &SolveOptions::default())
            .unwrap();
        assert_eq!(drawn.count, BigUint::from(all.len()));
        zlink_testkit::sampling::assert_uniform(&drawn.solutions, &all, per, &format!("{b:?}"));
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    // boards with several trees of degrees 1 and 3 are rare: about 1 in 50 of these
    assert!(checked >= 6, "{checked} boards checked");
}

/// Boards from the seeded maker (solvable by construction) up to 4×4: the brute force finds
/// the maker's tree, and the ZDD agrees on the count.
#[test]
fn made_boards_are_solvable_and_counted() {
    for seed in 0..60 {
        let side = 3 + (seed % 2) as usize;
        let m = make(&Recipe {
            rows: side,
            cols: side + usize::from(seed % 3 == 0),
            seed,
            given_percent: 20,
            ends: false,
        })
        .unwrap();
        let c = &m.board;
        let open = (0..c.rows() * c.cols()).map(|i| c.is_point(i)).collect();
        let b = Board {
            rows: c.rows(),
            cols: c.cols(),
            open,
            given: c.given().to_vec(),
        };
        let all = solutions(&b);
        assert!(all.iter().any(|s| {
            let mut s = s.clone();
            s.sort_unstable();
            s == m.tree.edges
        }));
        assert_eq!(
            count(c, "zdd", None),
            BigUint::from(all.len()),
            "seed {seed}"
        );
    }
}

/// The three IP models enumerate as many trees as the brute force on boards with at most 12
/// solutions; CM3 finds the shortest `s`–`t` path of all solutions; every solve is checked.
#[test]
fn ip_models_match_the_brute_force() {
    let mut rng = SplitMix64::new(5);
    let (mut checked, mut with_path) = (0, 0);
    while checked < 40 {
        let rows = 2 + rng.below_u64(2) as usize;
        let cols = 2 + rng.below_u64(3) as usize;
        let (black, given) = (rng.below_u64(30), rng.below_u64(20));
        let b = random_board(&mut rng, rows, cols, black, given);
        let points: Vec<usize> = (0..b.open.len()).filter(|&i| b.open[i]).collect();
        if points.len() < 2 {
            continue;
        }
        let all = solutions(&b);
        if all.len() > 12 || (all.is_empty() && rng.below_u64(3) != 0) {
            continue;
        }
        checked += 1;
        let s = points[rng.below_u64(points.len() as u64) as usize];
        let t = *points.iter().find(|&&t| t != s).unwrap();
        let c = circuit(&b, Some((s, t)));
        for model in ["cm1", "cm1-plain", "cm2", "cm3"] {
            assert_eq!(
                count(&c, "ip", Some(model)),
                BigUint::from(all.len()),
                "{model}: {b:?}"
            );
        }
        let shortest = all
            .iter()
            .filter_map(|w| path_length(b.open.len(), w, s, t))
            .min();
        for model in ["cm1", "cm1-plain", "cm2", "cm3", "cm3-plain"] {
            let opts = SolveOptions {
                settings: settings(model),
                ..SolveOptions::default()
            };
            match KIND.solve(&c, Some("ip"), &opts) {
                Ok(solved) => {
                    assert!(!all.is_empty());
                    c.verify(&solved.solution).unwrap();
                    if model.starts_with("cm3") {
                        let len = verify::path_length(&c, &solved.solution, s, t);
                        assert_eq!(len, shortest, "{b:?} s={s} t={t}");
                        assert_eq!(solved.stats.counter("path_wires"), len.map(|l| l as u64));
                        with_path += 1;
                    }
                }
                Err(SolveError::Infeasible | SolveError::Contradiction(_)) => {
                    assert!(all.is_empty(), "{model}: {b:?}")
                }
                Err(e) => panic!("{model}: {e}"),
            }
        }
    }
    assert!(with_path >= 20, "{with_path}");
}

/// CM3 is refused on a board without endpoints; a count limit gives a lower bound.
#[test]
fn cm3_needs_ends_and_limits_are_lower_bounds() {
    // the first made 4×4 board without given wires that has several solutions
    let c = (0..100)
        .map(|seed| {
            make(&Recipe {
                rows: 4,
                cols: 4,
                seed,
                given_percent: 0,
                ends: false,
            })
            .unwrap()
            .board
        })
        .find(|c| count(c, "zdd", None) > BigUint::from(1u32))
        .expect("a board with two solutions");
    let opts = SolveOptions {
        settings: vec![("model".into(), "cm3".into())],
        ..SolveOptions::default()
    };
    assert!(matches!(
        KIND.solve(&c, Some("ip"), &opts),
        Err(SolveError::BadSetting(_))
    ));
    let opts = SolveOptions {
        limit: Some(1),
        ..SolveOptions::default()
    };
    let n = KIND.count(&c, Some("ip"), &opts).unwrap();
    assert_eq!((n.count, n.exact), (BigUint::from(1u32), false));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 96, ..Default::default() })]

    /// Any small board: the ZDD count equals the brute force, and the drawn text of the
    /// board (and of each engine's solution) reads back to the same board.
    #[test]
    fn any_small_board(rows in 1usize..=3, cols in 2usize..=4, seed in 0u64..1_000_000, black in 0u64..40, given in 0u64..30) {
        let mut rng = SplitMix64::new(seed);
        let b = random_board(&mut rng, rows, cols, black, given);
        proptest::prop_assume!(b.open.contains(&true));
        let c = circuit(&b, None);
        let text = c.render_text(None);
        proptest::prop_assert_eq!(&Circuit::parse(&text, "f").unwrap()[0].1, &c);
        let expect = solutions(&b).len();
        proptest::prop_assert_eq!(count(&c, "zdd", None), BigUint::from(expect));
        if let Ok(s) = KIND.solve(&c, Some("zdd"), &SolveOptions::default()) {
            let full = Circuit::parse(&c.render_text(Some(&s.solution)), "f").unwrap().remove(0).1;
            proptest::prop_assert_eq!(full.given(), &s.solution.edges[..]);
        }
    }
}
