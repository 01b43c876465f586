//! Zebra: both engines (propagation with each heuristic, and the IP) against the independent
//! brute force (zlink-testkit) on seeded random small puzzles written in the text format;
//! the 1962 Life puzzle unique with its published answer; the seeded maker's puzzles unique
//! by both engines and checked by the rule checker.

use proptest::prelude::*;
use zlink_base::SplitMix64;
use zlink_engines::zebra::generate::generate;
use zlink_engines::zebra::{Table, Zebra, KIND};
use zlink_puzzle::{Puzzle, SolveError, SolveOptions};
use zlink_testkit::zebra::{count as brute_count, random_instance, to_text};

fn with(key: &str, value: &str) -> SolveOptions {
    SolveOptions {
        settings: vec![(key.into(), value.into())],
        ..SolveOptions::default()
    }
}

/// The given heuristic with forward-checking propagation.
fn forward(h: &str) -> SolveOptions {
    SolveOptions {
        settings: vec![
            ("heuristic".into(), h.into()),
            ("propagation".into(), "forward".into()),
        ],
        ..SolveOptions::default()
    }
}

fn count(z: &Zebra, engine: &str, opts: &SolveOptions) -> (u64, bool) {
    let c = KIND.count(z, Some(engine), opts).expect("counts");
    (u64::try_from(&c.count).expect("fits"), c.exact)
}

fn value<'a>(z: &'a Zebra, t: &Table, attr: &str, house: usize) -> &'a str {
    let a = z
        .attributes()
        .iter()
        .position(|a| a.name == attr)
        .expect("attribute");
    &z.attributes()[a].values[t.houses[a][house]]
}

fn house_of(z: &Zebra, t: &Table, value_name: &str) -> usize {
    for (a, attr) in z.attributes().iter().enumerate() {
        if let Some(v) = attr.values.iter().position(|v| v == value_name) {
            return t.positions()[a][v];
        }
    }
    panic!("no value {value_name}");
}

#[test]
fn the_1962_puzzle_is_unique_with_its_published_answer() {
    let text = zlink_testkit::data::read("zebra/life-1962.txt").expect("data/zebra/life-1962.txt");
    let z = &Zebra::parse(&text, "life-1962.txt").expect("parses")[0].1;
    assert_eq!(
        (z.houses(), z.attributes().len(), z.clues().len()),
        (5, 5, 14)
    );
    for engine in ["propagate", "ip"] {
        assert_eq!(
            count(z, engine, &SolveOptions::default()),
            (1, true),
            "{engine}"
        );
        let t = KIND
            .solve(z, Some(engine), &SolveOptions::default())
            .expect("solves")
            .solution;
        z.verify(&t).expect("checked");
        // the Japanese owns the zebra, the Norwegian drinks water (Life, 1963; report Table 7.4)
        assert_eq!(house_of(z, &t, "Japanese"), house_of(z, &t, "zebra"));
        assert_eq!(house_of(z, &t, "Norwegian"), house_of(z, &t, "water"));
        let row: Vec<&str> = ["colour", "nationality", "drink", "smoke", "pet"]
            .iter()
            .map(|a| value(z, &t, a, 4))
            .collect();
        assert_eq!(row, ["green", "Japanese", "coffee", "Parliaments", "zebra"]);
    }
    for h in ["original", "h12", "h123"] {
        assert_eq!(
            count(z, "propagate", &with("heuristic", h)),
            (1, true),
            "{h}"
        );
        assert_eq!(count(z, "propagate", &forward(h)), (1, true), "{h} forward");
    }
}

#[test]
fn contradicting_clues_have_no_solution() {
    let z = &Zebra::parse("a: x y\nb: p q\nx = p\nx != p\n", "f").unwrap()[0].1;
    for engine in ["propagate", "ip"] {
        assert_eq!(count(z, engine, &SolveOptions::default()).0, 0);
        assert_eq!(
            KIND.solve(z, Some(engine), &SolveOptions::default())
                .unwrap_err(),
            SolveError::Infeasible
        );
    }
    let bad = KIND
        .count(z, Some("propagate"), &with("heuristic", "fast"))
        .unwrap_err();
    assert!(matches!(bad, SolveError::BadSetting(_)));
}

#[test]
fn budgets_are_honoured() {
    let text = zlink_testkit::data::read("zebra/life-1962.txt").expect("data");
    let z = &Zebra::parse(&text, "f").unwrap()[0].1;
    let tiny = SolveOptions {
        max_memory: Some(100),
        ..SolveOptions::default()
    };
    for engine in ["propagate", "ip"] {
        assert!(
            matches!(
                KIND.count(z, Some(engine), &tiny),
                Err(SolveError::Budget(_))
            ),
            "{engine}"
        );
    }
    // 6 houses, 6 attributes, no clues: (6!)^6 tables, far beyond a short time limit
    let free = generate(6, 6, 1, &SolveOptions::default()).unwrap().0;
    let open = Zebra::new(free.attributes().to_vec(), Vec::new());
    let quick = SolveOptions {
        time_limit: Some(0.2),
        ..SolveOptions::default()
    };
    assert!(matches!(
        KIND.count(&open, Some("propagate"), &quick),
        Err(SolveError::TimeLimit { .. })
    ));
}

#[test]
fn made_puzzles_are_unique_and_minimal() {
    for (houses, attrs, seed) in [(3, 3, 1), (4, 3, 2), (5, 4, 3), (5, 5, 4), (6, 4, 5)] {
        let (z, t) = generate(houses, attrs, seed, &SolveOptions::default()).expect("made");
        z.verify(&t).expect("the table is a solution");
        assert_eq!(count(&z, "propagate", &SolveOptions::default()), (1, true));
        assert_eq!(count(&z, "ip", &SolveOptions::default()), (1, true));
        // no clue is redundant
        for i in 0..z.clues().len() {
            let mut fewer = z.clues().to_vec();
            fewer.remove(i);
            let c = count(
                &Zebra::new(z.attributes().to_vec(), fewer),
                "propagate",
                &SolveOptions::default(),
            );
            assert!(c.0 > 1, "clue {i} of seed {seed} is redundant");
        }
        // same seed, same puzzle; and it reads back from its text
        assert_eq!(
            generate(houses, attrs, seed, &SolveOptions::default())
                .unwrap()
                .0,
            z
        );
        assert_eq!(Zebra::parse(&z.to_text(), "f").unwrap()[0].1, z);
    }
}

/// A puzzle with exactly 20 solutions, which the proptest below drew in a CI run: the IP
/// capped at 20 finds all 20 but has not proved there is no 21st, so its count is not exact;
/// uncapped it is.
#[test]
fn an_ip_count_at_its_cap_is_not_exact() {
    let text = "a0: v0x1 v0x2 v0x3\na1: v1x1 v1x2 v1x3\na2: v2x1 v2x2 v2x3\n\
                v2x2 not before v1x1\nv0x1 not after v0x2\nv1x2 not after v1x3\n\
                v2x1 not next-to v0x2\n";
    let z = &Zebra::parse(text, "f").expect("parses")[0].1;
    assert_eq!(count(z, "propagate", &SolveOptions::default()), (20, true));
    let cap = SolveOptions {
        limit: Some(20),
        ..SolveOptions::default()
    };
    assert_eq!(count(z, "ip", &cap), (20, false));
    assert_eq!(count(z, "ip", &SolveOptions::default()), (20, true));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random small puzzles (text → parser → engines): every engine's count equals the brute
    /// force; solutions pass the rule checker; none is found when the brute force finds none.
    #[test]
    fn engines_count_like_the_brute_force(seed in any::<u64>(), houses in 1usize..=4, attrs in 1usize..=3, clues in 0usize..7) {
        let mut rng = SplitMix64::new(seed);
        let inst = random_instance(&mut rng, houses, attrs, clues);
        let text = to_text(&inst);
        let z = &Zebra::parse(&text, "f").expect("the oracle's text parses")[0].1;
        let want = brute_count(&inst);
        for h in ["original", "h12", "h123", "first-fail"] {
            prop_assert_eq!(count(z, "propagate", &with("heuristic", h)), (want, true), "{} on\n{}", h, text);
            prop_assert_eq!(count(z, "propagate", &forward(h)), (want, true), "{} forward on\n{}", h, text);
        }
        // the IP enumerates one solution per solver call: cap it
        let cap = SolveOptions { limit: Some(20), ..SolveOptions::default() };
        let (ip, exact) = count(z, "ip", &cap);
        if want < 20 {
            prop_assert_eq!((ip, exact), (want, true), "ip on\n{}", text);
        } else {
            // at the cap the IP has not proved there is no further solution: not exact
            // (exactly 20 solutions included; a CI run drew one)
            prop_assert_eq!((ip, exact), (20, false), "ip on\n{}", text);
        }
        for engine in ["propagate", "ip"] {
            match KIND.solve(z, Some(engine), &SolveOptions::default()) {
                Ok(s) => {
                    prop_assert!(want > 0);
                    prop_assert!(z.verify(&s.solution).is_ok());
                }
                Err(e) => prop_assert!(want == 0 && e == SolveError::Infeasible, "{}: {}", engine, e),
            }
        }
    }
}
