//! The exact Sudoku engine against the backtracking oracle and the IP engine: every clue subset
//! of a 4×4 grid, random puzzles of sizes 4, 6 (3×2 boxes) and 9, clashing givens, the limit
//! semantics, and the registry rows (`--engine exact` is the default, `--engine ip` remains).

use proptest::prelude::*;
use zlink_engines::registry::registry;
use zlink_engines::sudoku::check::{count_backtracking, for_each_solution};
use zlink_engines::sudoku::exact::Exact;
use zlink_engines::sudoku::{ExactEngine, IpEngine, Shape, Sudoku, KIND};
use zlink_puzzle::{find_kind, Engine, Grid, Puzzle, SolveOptions};

/// The next seeded 31-bit number (the project's one RNG, restarted from the evolving seed).
fn next(seed: &mut u64) -> u64 {
    let mut rng = zlink_base::SplitMix64::new(*seed);
    *seed = rng.next_u64();
    *seed >> 33
}

/// A random full grid: the oracle's first completion of a few random givens (retried until
/// they are consistent).
fn random_grid(shape: Shape, seed: &mut u64) -> Grid<u8> {
    let n = shape.n;
    loop {
        let mut g = Grid::new(n, n, 0u8);
        for _ in 0..n {
            let i = next(seed) as usize % (n * n);
            g.cells_mut()[i] = (next(seed) % n as u64) as u8 + 1;
        }
        if let (_, Some(full)) = count_backtracking(shape, &g, 1) {
            return full;
        }
    }
}

fn blank(grid: &Grid<u8>, percent: u64, seed: &mut u64) -> Grid<u8> {
    let mut g = grid.clone();
    for v in g.cells_mut() {
        if next(seed) % 100 < percent {
            *v = 0;
        }
    }
    g
}

#[test]
fn every_clue_subset_of_a_4x4_grid_counts_as_the_oracle() {
    let shape = Shape::new(4).unwrap();
    let exact = Exact::new(shape);
    let grid = random_grid(shape, &mut 7);
    let mut unique = 0;
    for mask in 0u32..1 << 16 {
        let mut g = grid.clone();
        for (i, v) in g.cells_mut().iter_mut().enumerate() {
            if mask >> i & 1 == 0 {
                *v = 0;
            }
        }
        let want = count_backtracking(shape, &g, 300).0;
        assert_eq!(exact.count(g.cells(), 300), want, "{mask:#x}");
        unique += u32::from(want == 1);
    }
    assert!(unique > 1000, "{unique}");
    // the empty 4×4 grid has 288 solutions, each visited once
    let mut seen = std::collections::HashSet::new();
    let e = exact
        .enumerate(&[0; 16], 1000, None, &mut |g| {
            assert!(seen.insert(g.to_vec()))
        })
        .unwrap();
    assert_eq!((e.count, e.limit_reached, seen.len()), (288, false, 288));
}

#[test]
fn limits_clashes_and_out_of_range_values() {
    let shape = Shape::new(4).unwrap();
    let exact = Exact::new(shape);
    let e = exact.enumerate(&[0; 16], 288, None, &mut |_| {}).unwrap();
    assert_eq!((e.count, e.limit_reached), (288, false));
    let e = exact.enumerate(&[0; 16], 287, None, &mut |_| {}).unwrap();
    assert_eq!((e.count, e.limit_reached), (287, true));
    assert_eq!(exact.count(&[0; 16], 5), 5);
    let e = exact.enumerate(&[0; 16], 0, None, &mut |_| {}).unwrap();
    assert_eq!((e.count, e.limit_reached), (0, true));
    let mut clash = [0u8; 16];
    clash[0] = 1;
    clash[5] = 1; // same box
    assert_eq!(exact.count(&clash, 10), 0);
    let mut big = [0u8; 16];
    big[3] = 5;
    assert_eq!(exact.count(&big, 10), 0);
    // a deadline already past
    let past = std::time::Instant::now();
    assert!(exact
        .enumerate(&[0; 16], 10, Some(past), &mut |_| {})
        .is_err());
}

proptest! {
    // A fixed seed: the oracle is plain backtracking, and a random near-empty 9×9 with a wrong
    // given once kept it searching for over ten minutes in CI.
    #![proptest_config(ProptestConfig {
        cases: 60,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5d0c_0e1a),
        ..ProptestConfig::default()
    })]
    /// Same count and the same set of solutions as the oracle; the IP engine's count agrees on
    /// a sample (it is slow per solution).
    #[test]
    fn exact_equals_oracle_and_ip(size in 0usize..3, percent in 30u64..80, seed in any::<u64>()) {
        let n = [4, 6, 9][size];
        // 9×9 blanks at most half the cells: enough to have several solutions, little enough
        // for the oracle's plain search.
        let percent = if n == 9 { percent.min(50) } else { percent };
        let shape = Shape::new(n).unwrap();
        let mut s = seed;
        let grid = random_grid(shape, &mut s);
        let mut puzzle = blank(&grid, percent, &mut s);
        if next(&mut s) % 4 == 0 {
            // sometimes a wrong given (possibly a clash): counts must still agree
            let i = next(&mut s) as usize % (n * n);
            puzzle.cells_mut()[i] = (next(&mut s) % n as u64) as u8 + 1;
        }
        let limit = 200;
        let mut want = Vec::new();
        for_each_solution(shape, &puzzle, limit, &mut |g| want.push(g.to_vec()));
        let mut got = Vec::new();
        let e = Exact::new(shape).enumerate(puzzle.cells(), limit, None, &mut |g| got.push(g.to_vec())).unwrap();
        prop_assert_eq!(e.count, want.len() as u64);
        if !e.limit_reached {
            want.sort();
            got.sort();
            prop_assert_eq!(&got, &want);
        }
        let sudoku = Sudoku::new(shape, puzzle.clone());
        if sudoku.duplicate().is_none() {
            if e.count <= 6 && !e.limit_reached {
                let limited = SolveOptions { limit: Some(20), ..SolveOptions::default() };
                let ip = IpEngine.count(&sudoku, &(), &limited).unwrap();
                prop_assert_eq!((ip.count, ip.exact), (e.count.into(), true));
            }
            match ExactEngine.solve(&sudoku, &(), &SolveOptions::default()) {
                Ok(sol) => {
                    prop_assert!(e.count > 0);
                    prop_assert!(sudoku.verify(&sol.solution).is_ok());
                }
                Err(err) => prop_assert_eq!((e.count, err), (0, zlink_puzzle::SolveError::Infeasible)),
            }
        } else {
            // clashing givens: no solution, whatever the engine
            prop_assert_eq!(e.count, 0);
            let c = KIND.count(&sudoku, Some("ip"), &SolveOptions::default()).unwrap();
            prop_assert_eq!((c.count, c.exact), (0u32.into(), true));
        }
    }
}

#[test]
fn exact_is_the_default_row_and_ip_stays_selectable() {
    let kinds = registry();
    let engines = find_kind(kinds, "sudoku").unwrap().engines();
    assert_eq!(engines[0].name, "exact");
    assert_eq!(engines[1].name, "ip");
    assert!(find_kind(kinds, "sudoku-ip").is_none(), "one row per kind");
    let (_, s) = Sudoku::parse("1...\n..2.\n.3..\n...4", "t")
        .unwrap()
        .remove(0);
    let bad = SolveOptions {
        settings: vec![("model".into(), "x".into())],
        ..SolveOptions::default()
    };
    assert!(matches!(
        KIND.count(&s, None, &bad),
        Err(zlink_puzzle::SolveError::BadSetting(_))
    ));
    let timed = SolveOptions {
        time_limit: Some(0.0),
        ..SolveOptions::default()
    };
    assert!(matches!(
        KIND.solve(&s, None, &timed),
        Err(zlink_puzzle::SolveError::TimeLimit { .. })
    ));
}
