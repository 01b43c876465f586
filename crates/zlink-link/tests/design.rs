//! Slitherlink instance design (`zlink_link::design`) against the brute-force oracle of
//! `zlink_testkit::slither_design`, and every chosen hint set re-solved by `SlitherZdd`; the
//! minimum hint sets by row generation (`design::minimum`) likewise.

use std::time::{Duration, Instant};

use num_bigint::BigUint;
use zlink_base::SplitMix64;
use zlink_link::design::minimum::{minimum_sets, MinimumSets};
use zlink_link::design::{
    check_loop, parse_loop, random, reduced, DesignError, Hardness, HintDesign, Which,
};
use zlink_link::{LoopEdges, SlitherZdd};
use zlink_puzzle::{Coord, Grid};
use zlink_testkit::slither_design as oracle;

/// Every region of a `rows × cols` grid whose boundary is one simple cycle.
fn all_loops(rows: usize, cols: usize) -> Vec<Grid<bool>> {
    (1u32..1 << (rows * cols))
        .map(|m| {
            let cells = (0..rows * cols).map(|i| m & (1 << i) != 0).collect();
            Grid::from_cells(rows, cols, cells).unwrap()
        })
        .filter(|g| check_loop(g).is_ok())
        .collect()
}

/// The engine's members of `which` as oracle masks (bit = index among row-major candidates).
fn masks(d: &HintDesign, which: Which, cand: &Grid<bool>) -> Vec<u32> {
    let order: Vec<Coord> = cand.iter().filter(|(_, &b)| b).map(|(c, _)| c).collect();
    let mut out: Vec<u32> = d
        .zdd()
        .iter(d.root(which))
        .map(|set| {
            set.iter().fold(0u32, |m, &v| {
                let i = order.iter().position(|&c| c == d.cell(v)).unwrap();
                m | (1 << i)
            })
        })
        .collect();
    out.sort_unstable();
    out
}

/// Checks one design against the oracle, and re-solves its chosen hint sets.
fn check(inside: &Grid<bool>, cand: &Grid<bool>) {
    let (rows, cols) = (inside.rows(), inside.cols());
    let want = oracle::design(rows, cols, inside.cells(), cand.cells());
    let mut d = HintDesign::new(inside, cand).unwrap();
    let good = masks(&d, Which::Good, cand);
    assert_eq!(good, want.good, "good sets of {inside:?} / {cand:?}");
    assert_eq!(d.good_count(), BigUint::from(want.good.len()));
    assert_eq!(masks(&d, Which::Minimal, cand), want.minimal());
    let min = d.minimum().unwrap();
    match want.minimum() {
        None => assert!(min.is_none()),
        Some((size, count)) => {
            let m = min.unwrap();
            assert_eq!((m.value, m.ties.clone()), (i128::from(size), count.into()));
            resolves(inside, &m.clues);
        }
    }
    // Positive weights read the lightest sets off the good family: the same family as the
    // lightest minimal sets; weights with zeros go through the minimal family.
    for w in [
        [1, 1, 1, 1, 1],
        [3, 1, 4, 1, 5],
        [0, 1, 0, 2, 1],
        [-1, 2, 0, 1, 1],
    ] {
        let via = d.hardest(Hardness::Weights(w)).unwrap().map(|c| c.family);
        let ws: Vec<i64> = (0..d.num_candidates() as u32)
            .map(|v| w[usize::from(d.values()[d.cell(v)])])
            .collect();
        let m = d.root(Which::Minimal);
        let direct = d.zdd_mut().min_weight(m, &ws).unwrap().map(|o| o.members);
        assert_eq!(via, direct, "weights {w:?}");
    }
    // Deferred: no minimal family until asked for, the same figures.
    let mut lazy = HintDesign::with_plan(inside, cand, &Default::default(), None).unwrap();
    assert!(!lazy.has_minimal());
    let (a, b) = (lazy.minimum().unwrap(), d.minimum().unwrap());
    assert_eq!(a.map(|c| (c.value, c.ties)), b.map(|c| (c.value, c.ties)));
    assert!(!lazy.has_minimal());
    lazy.compute_minimal().unwrap();
    assert_eq!(masks(&lazy, Which::Minimal, cand), want.minimal());
    if let Some(h) = d.hardest(Hardness::Paper).unwrap() {
        resolves(inside, &h.clues);
        assert!(d.is_good(&h.clues));
    }
    for (i, c) in d.sample(Which::Good, 3, 11).iter().enumerate() {
        resolves(inside, c);
        let r = d.rank(Which::Good, c).unwrap();
        assert_eq!(d.unrank(Which::Good, &r).as_ref(), Some(c), "sample {i}");
    }
}

/// `clues` has exactly one Slitherlink solution, the loop around `inside`.
fn resolves(inside: &Grid<bool>, clues: &Grid<Option<u8>>) {
    let s = SlitherZdd::new(clues).unwrap();
    let sol = s.solutions(2, &Default::default()).unwrap();
    assert_eq!(sol.len(), 1, "not unique: {clues:?}");
    assert_eq!(sol[0], LoopEdges::from_inside(inside));
}

#[test]
fn regions_are_exactly_the_cycles() {
    for (r, c) in [(1, 1), (1, 3), (2, 2), (2, 3), (3, 3), (3, 4)] {
        assert_eq!(all_loops(r, c).len(), oracle::cycles(r, c).len(), "{r}x{c}");
    }
}

#[test]
fn every_loop_of_small_grids_with_all_candidates() {
    for (r, c) in [(1, 1), (1, 2), (2, 2), (2, 3), (3, 2), (3, 3)] {
        for inside in all_loops(r, c) {
            check(&inside, &Grid::new(r, c, true));
        }
    }
}

#[test]
fn random_candidate_sets() {
    let mut rng = SplitMix64::new(5);
    for (r, c) in [(2, 3), (3, 3), (3, 4), (4, 3)] {
        let loops = all_loops(r, c);
        for _ in 0..12 {
            let inside = &loops[(rng.next_u64() % loops.len() as u64) as usize];
            let cells = (0..r * c).map(|_| rng.next_u64() % 3 != 0).collect();
            let cand = Grid::from_cells(r, c, cells).unwrap();
            check(inside, &cand);
        }
    }
}

#[test]
fn shapes_on_three_by_four_with_all_candidates() {
    for text in [
        "xxxx\nx...\nxxxx\n",
        "x...\nxx..\n.xxx\n",
        ".xx.\nxxxx\n.x..\n",
        "xxxx\nxxxx\nxxxx\n",
    ] {
        let inside = parse_loop(text, "t").unwrap();
        check(&inside, &Grid::new(3, 4, true));
    }
}

#[test]
fn random_loops_have_designs() {
    for seed in 0..3 {
        let inside = random::random_loop(3, 4, seed);
        check(&inside, &Grid::new(3, 4, true));
    }
}

/// The paper's example #1 (Figure 8): 2,912,556,380 good hint sets, 32,639 minimal ones,
/// 81 of the minimum size.
#[test]
fn paper_example_one() {
    let text = "7 5\n##   ##\n ## ##\n  ###\n ## ##\n##   ##\n";
    let inside = parse_loop(text, "sligen001").unwrap();
    let mut d = HintDesign::new(&inside, &Grid::new(5, 7, true)).unwrap();
    assert_eq!(d.good_count(), 2_912_556_380u64.into());
    assert_eq!(d.minimal_count(), 32_639u32.into());
    let m = d.minimum().unwrap().unwrap();
    assert_eq!((m.value, m.ties.clone()), (8, 81u32.into()));
    resolves(&inside, &m.clues);
    let h = d.hardest(Hardness::Paper).unwrap().unwrap();
    resolves(&inside, &h.clues);
    for c in d.sample(Which::Minimal, 5, 3) {
        resolves(&inside, &c);
    }
}

/// The meeting of the two passes gives the same families whatever level it happens at (the
/// first and last levels make it one pass alone): every mixed level of a few 3 × 4 and 4 × 4
/// loops against the oracle.
#[test]
fn every_meeting_level_gives_the_oracle_families() {
    let mut rng = SplitMix64::new(9);
    for (r, c) in [(3, 4), (4, 4)] {
        let loops = all_loops(r, c);
        for _ in 0..3 {
            let inside = &loops[(rng.next_u64() % loops.len() as u64) as usize];
            let cand = Grid::new(r, c, true);
            let want = oracle::design(r, c, inside.cells(), cand.cells());
            // Segments plus candidate cells.
            let levels = r * (c + 1) + c * (r + 1) + r * c;
            for cut in 0..=levels {
                let d =
                    HintDesign::with_cut(inside, &cand, &Default::default(), Some(cut)).unwrap();
                assert_eq!(
                    masks(&d, Which::Good, &cand),
                    want.good,
                    "{inside:?} cut {cut}"
                );
                assert_eq!(
                    masks(&d, Which::Minimal, &cand),
                    want.minimal(),
                    "{inside:?} cut {cut}"
                );
            }
        }
    }
}

/// The loop's side counts and its row-major cells, for the reduced route.
fn values_of(inside: &Grid<bool>) -> (Grid<u8>, Vec<Coord>) {
    let e = LoopEdges::from_inside(inside);
    let mut values = Grid::new(inside.rows(), inside.cols(), 0u8);
    let cells: Vec<Coord> = inside.iter().map(|(c, _)| c).collect();
    for &c in &cells {
        values[c] = e.sides(c.row, c.col);
    }
    (values, cells)
}

/// The oracle mask (over all cells, row-major) of a set of cells.
fn mask_of(cols: usize, set: &[Coord]) -> u32 {
    set.iter().fold(0, |m, c| m | 1 << (c.row * cols + c.col))
}

/// The reduced route against the oracle: greedy removal gives a minimal good set (or `None`
/// exactly when every cell as a hint leaves another solution), `is_unique` agrees with the
/// oracle's good family on random hint sets, `from_minimal` accepts exactly minimal good sets,
/// and the exact route over a union of greedy sets matches the oracle over those candidates.
#[test]
fn reduced_route_gives_minimal_good_sets() {
    let mut rng = SplitMix64::new(14);
    let mut loops: Vec<Grid<bool>> = all_loops(3, 3);
    let four = all_loops(3, 4);
    loops.extend((0..10).map(|_| four[(rng.next_u64() % four.len() as u64) as usize].clone()));
    loops.extend((0..4).map(|s| random::random_loop(4, 4, s)));
    let mut found = 0;
    for inside in &loops {
        let (rows, cols) = (inside.rows(), inside.cols());
        let all = Grid::new(rows, cols, true);
        let want = oracle::design(rows, cols, inside.cells(), all.cells());
        let minimal = want.minimal();
        let (values, cells) = values_of(inside);
        let full = (1u32 << (rows * cols)) - 1;
        for seed in 0..3 {
            let got = reduced::greedy_minimal(&values, &cells, seed, None, None).unwrap();
            let Some(m) = got else {
                assert!(want.good.binary_search(&full).is_err(), "{inside:?}");
                continue;
            };
            found += 1;
            assert!(minimal.contains(&mask_of(cols, &m)), "{inside:?}: {m:?}");
            let d = HintDesign::from_minimal(inside, &m, None, None).unwrap();
            assert_eq!(
                (d.good_count(), d.minimal_count()),
                (1u32.into(), 1u32.into())
            );
            resolves(inside, &d.sample(Which::Minimal, 1, 0)[0]);
        }
        for _ in 0..8 {
            let s = (rng.next_u64() as u32) & full;
            let set: Vec<Coord> = cells
                .iter()
                .copied()
                .filter(|c| s & 1 << (c.row * cols + c.col) != 0)
                .collect();
            let good = want.good.binary_search(&s).is_ok();
            assert_eq!(reduced::is_unique(&values, &set, None, None).unwrap(), good);
            assert_eq!(
                reduced::is_minimal_good(&values, &set, None, None).unwrap(),
                minimal.contains(&s),
                "{inside:?}: {set:?}"
            );
            if good && !minimal.contains(&s) {
                assert!(HintDesign::from_minimal(inside, &set, None, None).is_err());
            }
        }
        if let Some(u) = reduced::GreedyUnion::find(&values, &cells, 1, 3, 3, None, None).unwrap() {
            let first = u.sets[0].len();
            assert!(u.capped(first + 3).len() <= first + 3);
            check(inside, &u.grid(first + 3, rows, cols));
        }
    }
    assert!(found > 30, "too few loops made unique: {found}");
}

// The minimum hint sets by row generation (`design::minimum`): against the oracle on small
// loops, against the exact route's minimum on larger ones; every member re-solved.

fn run_minimum(inside: &Grid<bool>, cand: &Grid<bool>) -> MinimumSets {
    minimum_sets(inside, cand, None, None, &mut |_, _| {}).unwrap()
}

/// The members as oracle masks (bit = index among the row-major candidates), sorted.
fn minimum_masks(m: &MinimumSets, cand: &Grid<bool>) -> Vec<u32> {
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
fn check_minimum(inside: &Grid<bool>, cand: &Grid<bool>) {
    let (rows, cols) = (inside.rows(), inside.cols());
    let want = oracle::design(rows, cols, inside.cells(), cand.cells());
    let m = run_minimum(inside, cand);
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
            assert_eq!(minimum_masks(&m, cand), minimum, "{inside:?} / {cand:?}");
            assert_eq!(m.zdd.count(m.family), BigUint::from(count));
            members_resolve(inside, &m);
        }
    }
}

#[test]
fn minimum_every_loop_of_small_grids_with_all_candidates() {
    for (r, c) in [(1, 1), (1, 3), (2, 2), (2, 3), (3, 3)] {
        for inside in all_loops(r, c) {
            check_minimum(&inside, &Grid::new(r, c, true));
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
            check_minimum(inside, &cand);
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
        let m = run_minimum(&inside, &cand);
        let got = m.size.map(|k| (k, m.zdd.count(m.family)));
        assert_eq!(got, want, "{inside:?}");
        members_resolve(&inside, &m);
    }
}

/// The paper's example #1: 8 hints, 81 sets (as the exact route finds).
#[test]
fn minimum_paper_example_one() {
    let text = "7 5\n##   ##\n ## ##\n  ###\n ## ##\n##   ##\n";
    let inside = parse_loop(text, "sligen001").unwrap();
    let m = run_minimum(&inside, &Grid::new(5, 7, true));
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

/// The reduced route names each candidate set it tried (and gave up on) by the cells it holds:
/// asked for more extra cells than the candidates have, the set is every candidate, never
/// `first + extra` (it once said "54 candidates" where 50 were given; here it would say 105).
#[test]
fn the_reduced_route_counts_the_candidates_it_tried() {
    use zlink_base::Limits;
    use zlink_link::design::route::{design, Route, RouteRequest, Taken};
    // a 4×4 C, every cell a candidate
    let inside = parse_loop("xxxx\nx..x\nx...\nxxxx\n", "c").unwrap();
    let cand = Grid::new(4, 4, true);
    let request = RouteRequest {
        route: Route::Reduced,
        extra: Some(100),
        ..RouteRequest::default()
    };
    // one node: every ZDD attempt runs out, the greedy set is the answer
    let limits = Limits {
        max_nodes: Some(1),
        ..Limits::default()
    };
    let routed = design(&inside, &cand, &request, &limits).unwrap();
    assert_eq!(routed.taken, Taken::Greedy);
    let tried: Vec<usize> = routed.tried.iter().map(|t| t.0).collect();
    // the union of the greedy sets (all it holds, at most the 16 given), then the first set
    let first = routed.first_set();
    assert_eq!(tried.len(), 2, "{tried:?}");
    assert!(
        first <= tried[0] && tried[0] <= 16,
        "{tried:?}, first set {first}"
    );
    assert_eq!(tried[1], first, "{tried:?}");
    assert_eq!(routed.all_candidates, 16);
}
