//! The Numberlink engine against the brute-force oracle of zlink-testkit (DFS over paths per
//! pair, no shared code): exact solution sets on seeded random grids up to 5×5 with random pair
//! placements, every rule combination, every deduction level (none, probing, probing with label
//! domains); and on random graphs with random bounded edge groups.

use zlink_frontier::{Graph, Limits};
use zlink_link::numberlink::{Deduction, NumberlinkZdd};
use zlink_link::SettledBy;
use zlink_puzzle::numberlink::{verify, NumberlinkGrid, Rules};
use zlink_puzzle::{Coord, Grid};
use zlink_testkit::graph::SmallGraph;
use zlink_testkit::numbered_paths::{grid_squares, random_pairs, solutions};

const DEDUCTIONS: [Deduction; 4] = [
    Deduction::Off,
    Deduction::Probe,
    Deduction::Labels,
    Deduction::Sat,
];

/// The SAT level, with the completion first (attempt budget 0), after a tiny attempt (1 state:
/// it overflows) and after one that always finishes: exact counts and solution sets, and the
/// completion exact on these small instances under `cover` (without it, only the stricter
/// rules' completion runs, on grids): none or one solution is settled by deduction or the
/// completion, several by the full count. `stricter`: the engine has the stricter rules'
/// completion (a grid without `--no-u-bends`, or without `--cover`), so its two solutions
/// may answer `solutions(2)` and, with a build that cannot finish, one found solution.
fn check_sat_paths(
    make: impl Fn() -> NumberlinkZdd,
    (cover, stricter): (bool, bool),
    want: &[Vec<(u32, u32)>],
    w: &str,
) {
    for budget in [0, 1, u64::MAX] {
        let mut z = make();
        z.set_attempt_budget(budget);
        let w = format!("{w} attempt {budget}");
        assert_eq!(
            z.count(&Limits::default()).unwrap(),
            want.len().into(),
            "{w}: count"
        );
        let by = z.settled_by().expect("a count settles");
        assert_eq!(engine_sets(&z), want, "{w}: solutions");
        let st = z.setup_stats();
        // every level fixed on: deduction decided every edge
        let deduced = st.contradiction || st.fixed_on == z.num_vars() as usize;
        assert_eq!(by == SettledBy::Deduction, deduced, "{w}: {by:?}");
        match (budget, cover) {
            // without `cover` the completion cannot decide (at most its stricter rules run)
            (0 | 1, false) => {
                assert!(matches!(by, SettledBy::Deduction | SettledBy::Full), "{w}")
            }
            (_, false) if !stricter => {
                assert!(matches!(by, SettledBy::Deduction | SettledBy::Full), "{w}")
            }
            (u64::MAX, true) => {
                assert!(
                    matches!(by, SettledBy::Deduction | SettledBy::Attempt),
                    "{w}"
                )
            }
            (0, true) => assert_eq!(
                matches!(by, SettledBy::Deduction | SettledBy::Completion),
                want.len() <= 1,
                "{w}: {by:?}"
            ),
            _ => {}
        }
        // at most two solutions (the completion's two, with no build, where it found them):
        // distinct members of the oracle's set
        let mut two = make();
        two.set_attempt_budget(budget);
        let got = sorted(two.solutions(2, &Limits::default()).unwrap());
        assert_eq!(got.len(), want.len().min(2), "{w}: two solutions");
        assert!(got.iter().all(|s| want.contains(s)), "{w}: two solutions");
        assert!(got.windows(2).all(|p| p[0] != p[1]), "{w}: two distinct");
        // with a build that cannot finish (1 node), only what the completion found: members
        // of the oracle's set, and no more than one unless it found two
        let mut starved = make();
        starved.set_attempt_budget(budget);
        let one_node = Limits {
            max_nodes: Some(1),
            ..Limits::default()
        };
        if let Ok((found, undecided)) = starved.solutions_found(2, &one_node) {
            let found = sorted(found);
            assert!(found.iter().all(|s| want.contains(s)), "{w}: found");
            if undecided.is_some() {
                assert!(stricter && found.len() == 1, "{w}: found {found:?}");
            }
        }
        // a fresh engine's build settles as its count did
        if budget != 1 {
            let mut fresh = make();
            fresh.set_attempt_budget(budget);
            assert_eq!(engine_sets(&fresh), want, "{w}: fresh solutions");
            assert_eq!(fresh.settled_by(), Some(by), "{w}: fresh");
        }
    }
}

const RULES: [Rules; 4] = [
    Rules {
        cover: false,
        no_u_bends: false,
    },
    Rules {
        cover: true,
        no_u_bends: false,
    },
    Rules {
        cover: false,
        no_u_bends: true,
    },
    Rules {
        cover: true,
        no_u_bends: true,
    },
];

fn instance(rows: usize, cols: usize, pairs: &[(usize, usize)]) -> NumberlinkGrid {
    let mut g = Grid::new(rows, cols, None);
    for (k, &(a, b)) in pairs.iter().enumerate() {
        for v in [a, b] {
            g[Coord::new(v / cols, v % cols)] = Some(k as u32 + 1);
        }
    }
    NumberlinkGrid::new(g).unwrap()
}

/// The oracle's masks (over `SmallGraph::grid` edges) as sorted lists of cell pairs.
fn oracle_sets(sg: &SmallGraph, masks: &[u64]) -> Vec<Vec<(u32, u32)>> {
    let mut out: Vec<Vec<(u32, u32)>> = masks
        .iter()
        .map(|&m| {
            let mut es: Vec<(u32, u32)> = (0..sg.m())
                .filter(|&i| m >> i & 1 == 1)
                .map(|i| (sg.edges[i].0 as u32, sg.edges[i].1 as u32))
                .collect();
            es.sort_unstable();
            es
        })
        .collect();
    out.sort();
    out
}

fn engine_sets(z: &NumberlinkZdd) -> Vec<Vec<(u32, u32)>> {
    sorted(z.solutions(usize::MAX, &Limits::default()).unwrap())
}

/// Solutions as sorted lists of sorted cell pairs, in sorted order.
fn sorted(found: Vec<Vec<(u32, u32)>>) -> Vec<Vec<(u32, u32)>> {
    let mut out: Vec<Vec<(u32, u32)>> = found
        .into_iter()
        .map(|es| {
            let mut es: Vec<(u32, u32)> =
                es.into_iter().map(|(u, v)| (u.min(v), u.max(v))).collect();
            es.sort_unstable();
            es
        })
        .collect();
    out.sort();
    out
}

/// Solutions found (over the rule variants) and rule variants on which the label domains fixed
/// more edges than probing alone.
#[derive(Default)]
struct Tally {
    found: usize,
    labels_stronger: usize,
}

fn check_grid(rows: usize, cols: usize, pairs: &[(usize, usize)], what: &str) -> Tally {
    let sg = SmallGraph::grid(rows, cols);
    let p = instance(rows, cols, pairs);
    let mut tally = Tally::default();
    for rules in RULES {
        let squares = if rules.no_u_bends {
            grid_squares(rows, cols)
        } else {
            Vec::new()
        };
        let want = oracle_sets(&sg, &solutions(&sg, pairs, rules.cover, &squares));
        let mut fixed = [0; 4];
        for (d, deduce) in DEDUCTIONS.into_iter().enumerate() {
            let z = NumberlinkZdd::new_with(&p, rules, deduce).unwrap();
            let st = z.setup_stats();
            fixed[d] = if st.contradiction {
                usize::MAX
            } else {
                st.fixed_on + st.fixed_off
            };
            let w = format!("{what} {rules:?} deduce {deduce:?}");
            if deduce == Deduction::Sat {
                check_sat_paths(
                    || NumberlinkZdd::new_with(&p, rules, deduce).unwrap(),
                    (rules.cover, !(rules.cover && rules.no_u_bends)),
                    &want,
                    &w,
                );
            }
            assert_eq!(
                z.count(&Limits::default()).unwrap(),
                want.len().into(),
                "{w}: count"
            );
            assert_eq!(engine_sets(&z), want, "{w}: solutions");
            for l in z.links(3, &Limits::default()).unwrap() {
                verify(&p, &l, rules).unwrap_or_else(|e| panic!("{w}: {e}"));
            }
        }
        tally.found += want.len();
        tally.labels_stronger += usize::from(fixed[2] > fixed[1]);
    }
    tally
}

#[test]
fn random_grids_every_rule_and_deduction() {
    let shapes = [
        (1, 5),
        (2, 2),
        (2, 4),
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
        (3, 5),
        (5, 3),
    ];
    let (mut solvable, mut instances, mut stronger) = (0, 0, 0);
    for seed in 0..300u64 {
        let (r, c) = shapes[seed as usize % shapes.len()];
        let max_pairs = (r * c / 2).min(5);
        let k = 1 + (seed as usize / shapes.len()) % max_pairs;
        let pairs = random_pairs(seed, r * c, k);
        let t = check_grid(
            r,
            c,
            &pairs,
            &format!("{r}x{c} seed {seed} pairs {pairs:?}"),
        );
        solvable += usize::from(t.found > 0);
        stronger += t.labels_stronger;
        instances += 1;
    }
    assert!(
        solvable > instances / 4,
        "{solvable} of {instances} solvable"
    );
    // the label domains are exercised: they decide what probing leaves open somewhere
    assert!(stronger > 0, "label domains never fixed more edges");
}

/// 5×5 grids with 3 to 6 pairs (enough that the oracle's path products stay small).
#[test]
fn random_5x5() {
    let (mut solvable, mut stronger) = (0, 0);
    for seed in 0..120u64 {
        let k = 3 + seed as usize % 4;
        let pairs = random_pairs(seed + 1000, 25, k);
        let t = check_grid(5, 5, &pairs, &format!("5x5 seed {seed} pairs {pairs:?}"));
        solvable += usize::from(t.found > 0);
        stronger += t.labels_stronger;
    }
    assert!(solvable > 20, "{solvable} solvable");
    println!("label domains fixed more edges than probing on {stronger} rule variants");
}

/// Random graphs with random bounded groups, through [`NumberlinkZdd::on_graph`].
#[test]
fn random_graphs_with_groups() {
    for seed in 0..200u64 {
        let n = 4 + seed as usize % 6;
        let m = (n + seed as usize % 8).min(n * (n - 1) / 2).min(16);
        let sg = SmallGraph::random(seed, n, m);
        let k = 1 + seed as usize % (n / 2).min(3);
        let pairs = random_pairs(seed ^ 0x5EED, n, k);
        let groups: Vec<(Vec<usize>, u32)> = (0..seed as usize % 3)
            .map(|j| {
                let es: Vec<usize> = (0..4)
                    .map(|t| (seed as usize * 7 + j * 5 + t * 3) % m)
                    .collect();
                (es, 1 + (j as u32 % 2))
            })
            .collect();
        let edges: Vec<(u32, u32)> = sg
            .edges
            .iter()
            .map(|&(u, v)| (u as u32, v as u32))
            .collect();
        let g = Graph::new(n, &edges).unwrap();
        let p32: Vec<(u32, u32)> = pairs.iter().map(|&(a, b)| (a as u32, b as u32)).collect();
        for cover in [false, true] {
            let want_masks: Vec<u64> = solutions(&sg, &pairs, cover, &[])
                .into_iter()
                .filter(|&mask| {
                    groups.iter().all(|(es, b)| {
                        let mut es = es.clone();
                        es.sort_unstable();
                        es.dedup();
                        es.iter().filter(|&&e| mask >> e & 1 == 1).count() as u32 <= *b
                    })
                })
                .collect();
            let want = oracle_sets(&sg, &want_masks);
            for deduce in DEDUCTIONS {
                let z = NumberlinkZdd::on_graph(&g, &p32, cover, &groups, deduce).unwrap();
                let w = format!(
                    "seed {seed} n {n} m {m} pairs {pairs:?} groups {groups:?} cover {cover} deduce {deduce:?}"
                );
                assert_eq!(engine_sets(&z), want, "{w}");
                if deduce == Deduction::Sat {
                    check_sat_paths(
                        || NumberlinkZdd::on_graph(&g, &p32, cover, &groups, deduce).unwrap(),
                        (cover, false),
                        &want,
                        &w,
                    );
                }
            }
        }
    }
}

/// Uniform draws from every solution (`solve --sample`): random grids with 2-40 solutions
/// under each rule variant; every draw is one of the oracle's solutions, each drawn about
/// equally often ([`zlink_testkit::sampling::assert_uniform`]).
#[test]
fn samples_are_uniform_over_the_oracle_solutions() {
    let shapes = [(3, 3), (3, 4), (4, 4), (2, 5)];
    let mut checked = 0;
    for seed in 0..400u64 {
        let (r, c) = shapes[seed as usize % shapes.len()];
        let rules = RULES[(seed as usize / shapes.len()) % RULES.len()];
        let pairs = random_pairs(seed, r * c, 1 + seed as usize % 3);
        let sg = SmallGraph::grid(r, c);
        let squares = if rules.no_u_bends {
            grid_squares(r, c)
        } else {
            Vec::new()
        };
        let all = oracle_sets(&sg, &solutions(&sg, &pairs, rules.cover, &squares));
        if !(2..=40).contains(&all.len()) {
            continue;
        }
        let z = NumberlinkZdd::new_with(&instance(r, c, &pairs), rules, Deduction::Sat).unwrap();
        let per = 60;
        let (drawn, count) = z.sample(per * all.len(), seed, &Limits::default()).unwrap();
        assert_eq!(count, all.len().into());
        let drawn: Vec<Vec<(u32, u32)>> = drawn
            .into_iter()
            .map(|es| sorted(vec![es]).remove(0))
            .collect();
        let what = format!("{r}x{c} {rules:?} pairs {pairs:?}");
        zlink_testkit::sampling::assert_uniform(&drawn, &all, per, &what);
        checked += 1;
        if checked == 40 {
            break;
        }
    }
    assert!(checked >= 30, "{checked} instances checked");
}
