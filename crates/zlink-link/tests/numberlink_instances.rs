//! Real Numberlink instances, read in place from the shared data: the Janko collection (unique
//! under Janko's rules and equal to the published solution, except the six that leave cells
//! empty), the ERATO / TdZdd example files, a few Flow Free levels, and the puzz.link vector.

use zlink_frontier::Limits;
use zlink_link::numberlink::NumberlinkZdd;
use zlink_puzzle::numberlink::{formats, url, verify, NumberlinkGrid, Rules};

#[path = "../benches/common/numberlink.rs"]
mod numberlink;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data");

fn read(rel: &str) -> Option<String> {
    let path = format!("{DATA}/{rel}");
    match std::fs::read_to_string(&path) {
        Ok(t) => Some(t),
        Err(_) => {
            println!("skipped: {path} is absent");
            None
        }
    }
}

fn count(p: &NumberlinkGrid, rules: Rules, deduce: bool) -> u64 {
    let z = NumberlinkZdd::new_with(p, rules, deduce).unwrap();
    z.count(&Limits::default()).unwrap().try_into().unwrap()
}

/// Janko's six puzzles whose published solutions leave cells empty (PEERS.md).
const EMPTY_CELLS: [&str; 6] = [
    "181_8x8",
    "266_10x10",
    "425_12x12",
    "430_20x20",
    "437_15x15",
    "455_15x15",
];

/// Every Janko puzzle up to 20×20 (the 35×48 one is left to the example binary): unique under
/// Janko's rules, and the one solution is the published one; the six with empty cells have no
/// solution under cover-all, and the two small ones (8×8, 10×10) exactly the published one
/// with empty cells allowed and no U-bends.
#[test]
fn janko_unique_and_equal_to_the_published_solution() {
    let all = numberlink::janko();
    let mut checked = 0;
    for (key, p, sol) in &all {
        if p.rows() * p.cols() > 400 {
            continue;
        }
        let sol = sol.as_ref().unwrap();
        let rules = if EMPTY_CELLS.contains(&key.as_str()) {
            assert_eq!(count(p, Rules::JANKO, true), 0, "{key}");
            if p.rows() * p.cols() > 100 {
                continue; // empty cells allowed: far more states (left to the example binary)
            }
            Rules {
                cover: false,
                no_u_bends: true,
            }
        } else {
            Rules::JANKO
        };
        let z = NumberlinkZdd::new(p, rules).unwrap();
        assert_eq!(z.count(&Limits::default()).unwrap(), 1u32.into(), "{key}");
        let found = z.links(2, &Limits::default()).unwrap();
        assert_eq!(found.len(), 1, "{key}");
        assert_eq!(&found[0], sol, "{key}");
        verify(p, &found[0], rules).unwrap();
        checked += 1;
    }
    if !all.is_empty() {
        assert!(checked >= 555, "{checked} checked");
    }
}

/// Deduction never changes a count: every fourth 10×10 Janko puzzle under Janko's rules, the
/// puzzles up to 8×8 with U-bends allowed (cover-all; larger ones need far more states
/// without the no-U-bend rule), and every eighth 10×10 under Nikoli's rules.
#[test]
fn janko_counts_with_and_without_deduction() {
    let all = numberlink::janko();
    for (key, p, _) in all.iter().filter(|x| x.0.ends_with("_10x10")).step_by(4) {
        assert_eq!(
            count(p, Rules::JANKO, true),
            count(p, Rules::JANKO, false),
            "{key}"
        );
    }
    for (key, p, _) in all.iter().filter(|x| x.1.rows() * x.1.cols() <= 64) {
        {
            let rules = Rules {
                cover: true,
                no_u_bends: false,
            };
            assert_eq!(
                count(p, rules, true),
                count(p, rules, false),
                "{key} {rules:?}"
            );
        }
    }
    // Nikoli's rules (empty cells and U-bends allowed): 218 of the 219 10×10 puzzles stay
    // unique; 565_10x10 has 7,406,344 solutions.
    for (key, p, _) in all.iter().filter(|x| x.0.ends_with("_10x10")).step_by(8) {
        assert_eq!(
            count(p, Rules::PLAIN, true),
            count(p, Rules::PLAIN, false),
            "{key}"
        );
    }
    if let Some((_, p, _)) = all.iter().find(|x| x.0 == "565_10x10") {
        assert_eq!(count(p, Rules::PLAIN, true), 7_406_344);
        assert_eq!(count(p, Rules::PLAIN, false), 7_406_344);
    }
}

/// The ERATO / TdZdd example files: counts under each rule set, checked by brute force in
/// the oracle test's spirit (these are small enough to list and verify every solution).
#[test]
fn erato_examples() {
    for f in [
        "tdzdd_numberlink_example.dat",
        "tdzdd_numberlink_test.dat",
        "algorithms2012_numlin001.dat",
    ] {
        let Some(t) = read(&format!("erato-zdd-examples/{f}")) else {
            return;
        };
        let p = formats::parse_erato(&t, f).unwrap();
        for rules in [
            Rules::PLAIN,
            Rules::JANKO,
            Rules {
                cover: true,
                no_u_bends: false,
            },
        ] {
            let z = NumberlinkZdd::new(&p, rules).unwrap();
            let n: u64 = z.count(&Limits::default()).unwrap().try_into().unwrap();
            let sols = z.links(usize::MAX, &Limits::default()).unwrap();
            assert_eq!(sols.len() as u64, n, "{f} {rules:?}");
            for l in &sols {
                verify(&p, l, rules).unwrap();
            }
            assert_eq!(n, count(&p, rules, false), "{f} {rules:?}");
            println!("{f} {rules:?}: {n}");
        }
    }
}

/// Flow Free levels: every cell filled; the solvable ones have exactly one solution without
/// U-bends, and the level named unsolvable has none.
#[test]
fn flow_levels() {
    let Some(_) = read("flow-solver-puzzles/puzzles/regular_5x5_01.txt") else {
        return;
    };
    for name in [
        "regular_5x5_01",
        "regular_7x7_01",
        "regular_9x9_01",
        "extreme_10x10_01",
        "jumbo_12x12_30",
    ] {
        let t = read(&format!("flow-solver-puzzles/puzzles/{name}.txt")).unwrap();
        let (p, _) = formats::parse_flow(&t, name).unwrap();
        assert_eq!(count(&p, Rules::JANKO, true), 1, "{name}");
    }
}

/// The puzz.link numlin vector of FORMATS.md.
#[test]
fn puzz_link_vector() {
    let u = url::parse_url("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3", "url").unwrap();
    let z = NumberlinkZdd::new(&u.grid, u.rules).unwrap();
    let n = z.count(&Limits::default()).unwrap();
    assert!(n >= 1u32.into());
    for l in z.links(50, &Limits::default()).unwrap() {
        verify(&u.grid, &l, u.rules).unwrap();
    }
}

/// thomasahle's 40×20 and 50×50 puzzles under looser rules than they were made for (`--cover`
/// alone, and plain): far too many solutions for a diagram, but two of them come from the
/// completion by way of Janko's rules (a solution of those, then a second re-routed near it):
/// both obey the looser rules, they differ, and the Janko-rules solution (where unique) is the
/// first. A
/// sample of each set (every 20th 40×20 puzzle, every 5th 50×50) keeps the test short.
#[test]
fn thomasahle_under_looser_rules_yield_two_verified_solutions() {
    for (file, every) in [("inputs9.txt", 20), ("inputs10.txt", 5)] {
        let Some(text) = read(&format!("thomasahle-numberlink/{file}")) else {
            return;
        };
        let puzzles = formats::parse_blocks(&text, file).unwrap();
        for (i, (p, _)) in puzzles.iter().enumerate().step_by(every) {
            let janko = NumberlinkZdd::new(p, Rules::JANKO)
                .unwrap()
                .links(2, &Limits::default())
                .unwrap();
            let cover = Rules {
                cover: true,
                no_u_bends: false,
            };
            for rules in [Rules::PLAIN, cover] {
                let what = format!("{file} #{} {rules:?}", i + 1);
                let z = NumberlinkZdd::new(p, rules).unwrap();
                // a build of a few thousand nodes cannot finish: only the completion answers
                let small = Limits {
                    max_nodes: Some(5_000),
                    ..Limits::default()
                };
                let (found, undecided) = z.links_found(2, &small).unwrap();
                for l in &found {
                    verify(p, l, rules).unwrap_or_else(|e| panic!("{what}: {e}"));
                }
                match undecided {
                    None => {
                        assert_eq!(found.len(), 2, "{what}");
                        assert_ne!(found[0], found[1], "{what}");
                    }
                    Some(_) => assert_eq!(found.len(), 1, "{what}"),
                }
                if janko.len() == 1 {
                    assert_eq!(found[0], janko[0], "{what}: the Janko-rules solution first");
                }
            }
        }
    }
}
