//! The minimum hint sets by row generation (`zlink_link::design::minimum`) against the
//! brute-force oracle of `zlink_testkit::slither_design` (every hint subset tried) on small
//! loops with every kind of candidate set, and against the exact route's family (`H`) on
//! larger ones; every member re-solved by `SlitherZdd`.

use std::time::{Duration, Instant};

use num_bigint::BigUint;
use zlink_grid::{Coord, Grid};
use zlink_link::design::minimum::{minimum_sets, MinimumSets};
use zlink_link::design::{check_loop, parse_loop, random, DesignError, HintDesign};
use zlink_link::SlitherZdd;
use zlink_testkit::slither_design as oracle;
use zlink_zdd::SplitMix64;

fn run(inside: &Grid<bool>, cand: &Grid<bool>) -> MinimumSets {
    minimum_sets(inside, cand, None, None, &mut |_, _| {}).unwrap()
}

/// The members as oracle masks (bit = index among the row-major candidates), sorted.
fn masks(m: &MinimumSets, cand: &Grid<bool>) -> Vec<u32> {
    let order: Vec<Coord> = cand.iter().filter(|(_, &b)| b).map(|(c, _)| c).collect();
    let mut out: Vec<u32> = m
        .zdd
        .iter(m.family)
        .map(|set| {
            set.iter().fold(0u32, |acc, &v| {
                let i = order
                    .iter()
                    .position(|&c| c == m.cells[v as usize])
                    .unwrap();
                acc | (1 << i)
            })
        })
        .collect();
    out.sort_unstable();
    out
}

/// Every member makes the loop the unique solution, and has the minimum size.
fn members_resolve(inside: &Grid<bool>, m: &MinimumSets) {
    let want = zlink_link::LoopEdges::from_inside(inside);
    for set in m.zdd.iter(m.family) {
        assert_eq!(Some(set.len()), m.size);
        let s = SlitherZdd::new(&m.clues_of(&set)).unwrap();
        assert_eq!(s.count(&Default::default()).unwrap(), 1u32.into());
        assert_eq!(s.solutions(1, &Default::default()).unwrap()[0], want);
    }
}

/// Checks one loop and candidate set against the oracle: the minimum size, and the family
/// of minimum sets member for member.
fn check(inside: &Grid<bool>, cand: &Grid<bool>) {
    let (rows, cols) = (inside.rows(), inside.cols());
    let want = oracle::design(rows, cols, inside.cells(), cand.cells());
    let m = run(inside, cand);
    match want.minimum() {
        None => {
            assert_eq!(m.size, None, "{inside:?} / {cand:?}");
            assert_eq!(m.family, zlink_zdd::NodeId::ZERO);
        }
        Some((size, count)) => {
            assert_eq!(m.size, Some(size as usize), "{inside:?} / {cand:?}");
            let minimum: Vec<u32> = want
                .good
                .iter()
                .copied()
                .filter(|s| s.count_ones() == size)
                .collect();
            assert_eq!(masks(&m, cand), minimum, "{inside:?} / {cand:?}");
            assert_eq!(m.zdd.count(m.family), BigUint::from(count));
            members_resolve(inside, &m);
        }
    }
}

fn all_loops(rows: usize, cols: usize) -> Vec<Grid<bool>> {
    (1u32..1 << (rows * cols))
        .map(|m| {
            let cells = (0..rows * cols).map(|i| m & (1 << i) != 0).collect();
            Grid::from_cells(rows, cols, cells).unwrap()
        })
        .filter(|g| check_loop(g).is_ok())
        .collect()
}

#[test]
fn every_loop_of_small_grids_with_all_candidates() {
    for (r, c) in [(1, 1), (1, 3), (2, 2), (2, 3), (3, 3)] {
        for inside in all_loops(r, c) {
            check(&inside, &Grid::new(r, c, true));
        }
    }
}

#[test]
fn random_candidate_sets_including_ones_without_a_good_set() {
    let mut rng = SplitMix64::new(11);
    let mut without = 0;
    for (r, c) in [(2, 3), (3, 3), (3, 4), (4, 4)] {
        let loops = all_loops(r, c);
        for _ in 0..10 {
            let inside = &loops[(rng.next_u64() % loops.len() as u64) as usize];
            let cells = (0..r * c).map(|_| rng.next_u64() % 3 != 0).collect();
            let cand = Grid::from_cells(r, c, cells).unwrap();
            let want = oracle::design(r, c, inside.cells(), cand.cells());
            without += usize::from(want.minimum().is_none());
            check(inside, &cand);
        }
    }
    // the case "no candidate set is good" is exercised
    assert!(without > 0);
}

/// Larger loops than the oracle takes: the same minimum size and count as the exact route's
/// family over every cell.
#[test]
fn agrees_with_the_exact_route() {
    let mut loops: Vec<Grid<bool>> = (0..4).map(|s| random::random_loop(5, 5, s)).collect();
    loops.push(random::random_loop(4, 6, 7));
    loops.push(parse_loop("xxxx.\nxxxx.\nxx...\n", "t").unwrap());
    for inside in loops {
        let cand = Grid::new(inside.rows(), inside.cols(), true);
        let mut d = HintDesign::new(&inside, &cand).unwrap();
        let want = d.minimum().unwrap().map(|c| (c.value as usize, c.ties));
        let m = run(&inside, &cand);
        let got = m.size.map(|k| (k, m.zdd.count(m.family)));
        assert_eq!(got, want, "{inside:?}");
        members_resolve(&inside, &m);
    }
}

/// The paper's example #1: 8 hints, 81 sets (as the exact route finds).
#[test]
fn paper_example_one() {
    let text = "7 5\n##   ##\n ## ##\n  ###\n ## ##\n##   ##\n";
    let inside = parse_loop(text, "sligen001").unwrap();
    let m = run(&inside, &Grid::new(5, 7, true));
    assert_eq!(m.size, Some(8));
    assert_eq!(m.zdd.count(m.family), 81u32.into());
}

#[test]
fn a_passed_deadline_stops_the_search() {
    let inside = random::random_loop(6, 6, 1);
    let cand = Grid::new(6, 6, true);
    let past = Instant::now().checked_sub(Duration::from_secs(1));
    let e = minimum_sets(&inside, &cand, past, None, &mut |_, _| {}).unwrap_err();
    assert!(matches!(e, DesignError::TimeLimit { .. }), "{e:?}");
}

#[test]
fn a_tiny_memory_budget_stops_the_search() {
    let inside = random::random_loop(6, 6, 1);
    let cand = Grid::new(6, 6, true);
    let e = minimum_sets(&inside, &cand, None, Some(64 * 50), &mut |_, _| {}).unwrap_err();
    assert!(e.is_budget(), "{e:?}");
}
