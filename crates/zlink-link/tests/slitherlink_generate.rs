//! The Slitherlink generator and stripper against independent oracles: the brute-force cycle
//! list of `zlink-testkit` on small grids (unique, minimal by deletion), the ZDD engine on
//! larger ones; grades against hand-checked puzzles.

use zlink_link::slitherlink::generate::{
    generate, grade, strip, Difficulty, GenError, Options, Order, Symmetry,
};
use zlink_link::slitherlink::SlitherZdd;
use zlink_puzzle::{Coord, Grid};
use zlink_testkit::slither_design::{boundary, side_counts, CycleTable};

/// Checks unique (the drawn loop the only solution) and minimal by deletion of each hint.
fn check_unique_minimal(o: &CycleTable, clues: &Grid<Option<u8>>, inside: &Grid<bool>, what: &str) {
    let cells = clues.cells().to_vec();
    let sols = o.solutions(&cells);
    assert_eq!(sols.len(), 1, "{what}: not unique");
    assert_eq!(
        *sols[0],
        boundary(o.rows, o.cols, inside.cells()),
        "{what}: another loop"
    );
    for i in 0..cells.len() {
        if cells[i].is_some() {
            let mut less = cells.clone();
            less[i] = None;
            assert!(o.solutions(&less).len() > 1, "{what}: hint {i} removable");
        }
    }
}

#[test]
fn small_puzzles_are_unique_and_minimal_by_brute_force() {
    for (rows, cols) in [(2, 2), (2, 4), (3, 3), (3, 4), (4, 4)] {
        let o = CycleTable::new(rows, cols);
        for seed in 0..12 {
            for order in [Order::RANDOM, Order::TWOS_FIRST] {
                let opts = Options {
                    seed,
                    order,
                    ..Options::default()
                };
                let g = generate(rows, cols, &opts).unwrap();
                let what = format!("{rows}x{cols} seed {seed}");
                check_unique_minimal(&o, &g.clues, &g.inside, &what);
                // the grade is the grader's
                assert_eq!(
                    Some(g.grade),
                    grade(&g.clues, None).unwrap().grade,
                    "{what}"
                );
            }
        }
    }
}

#[test]
fn symmetric_puzzles_are_unique_symmetric_and_minimal_over_orbits() {
    for (rows, cols, sym) in [
        (3, 4, Symmetry::Rot2),
        (4, 4, Symmetry::Rot4),
        (3, 4, Symmetry::Mirror),
    ] {
        let o = CycleTable::new(rows, cols);
        for seed in 0..8 {
            let opts = Options {
                seed,
                symmetry: sym,
                ..Options::default()
            };
            let g = generate(rows, cols, &opts).unwrap();
            let cells = g.clues.cells().to_vec();
            assert_eq!(o.solutions(&cells).len(), 1);
            let at = |r: usize, c: usize| cells[r * cols + c].is_some();
            for r in 0..rows {
                for c in 0..cols {
                    let image = match sym {
                        Symmetry::Rot2 => vec![(rows - 1 - r, cols - 1 - c)],
                        Symmetry::Mirror => vec![(r, cols - 1 - c)],
                        _ => vec![(c, rows - 1 - r), (rows - 1 - r, cols - 1 - c)],
                    };
                    for (y, x) in image {
                        assert_eq!(at(r, c), at(y, x), "{sym:?} seed {seed}");
                    }
                }
            }
            // each orbit is needed: without it, several solutions
            for r in 0..rows {
                for c in 0..cols {
                    if !at(r, c) {
                        continue;
                    }
                    let mut less = cells.clone();
                    let orbit = match sym {
                        Symmetry::Rot2 => vec![(r, c), (rows - 1 - r, cols - 1 - c)],
                        Symmetry::Mirror => vec![(r, c), (r, cols - 1 - c)],
                        _ => vec![
                            (r, c),
                            (c, rows - 1 - r),
                            (rows - 1 - r, cols - 1 - c),
                            (cols - 1 - c, r),
                        ],
                    };
                    for (y, x) in orbit {
                        less[y * cols + x] = None;
                    }
                    assert!(
                        o.solutions(&less).len() > 1,
                        "{sym:?} seed {seed}: orbit of {r},{c}"
                    );
                }
            }
        }
    }
}

#[test]
fn levels_are_settled_by_their_technique_and_minimal_for_it() {
    for (rows, cols) in [(3, 4), (4, 4)] {
        let o = CycleTable::new(rows, cols);
        for seed in 0..6 {
            for level in [Difficulty::Easy, Difficulty::Medium] {
                let opts = Options {
                    seed,
                    difficulty: Some(level),
                    ..Options::default()
                };
                let g = generate(rows, cols, &opts).unwrap();
                let cells = g.clues.cells().to_vec();
                assert_eq!(o.solutions(&cells).len(), 1);
                let graded = grade(&g.clues, None).unwrap();
                assert_eq!(graded.grade, Some(g.grade));
                assert!(g.grade <= level, "{level:?} seed {seed}: {:?}", g.grade);
                // removing any hint makes it harder than the level, or not unique
                for i in 0..cells.len() {
                    if cells[i].is_some() {
                        let mut less = g.clues.clone();
                        less[Coord::new(i / cols, i % cols)] = None;
                        let after = grade(&less, None).unwrap().grade;
                        assert!(
                            after.is_none_or(|d| d > level),
                            "{level:?} seed {seed} hint {i}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn larger_puzzles_are_unique_and_minimal_by_the_engine() {
    let count = |clues: &Grid<Option<u8>>| {
        let z = SlitherZdd::new(clues).unwrap();
        z.solutions(2, &Default::default()).unwrap().len()
    };
    for (n, seed) in [(7, 1), (10, 2)] {
        let g = generate(
            n,
            n,
            &Options {
                seed,
                ..Options::default()
            },
        )
        .unwrap();
        assert_eq!(count(&g.clues), 1);
        for (at, h) in g.clues.iter() {
            if h.is_some() {
                let mut less = g.clues.clone();
                less[at] = None;
                assert_eq!(count(&less), 2, "{n}x{n} seed {seed}: {at} removable");
            }
        }
    }
}

#[test]
fn a_seed_gives_the_same_puzzle() {
    let opts = |seed| Options {
        seed,
        ..Options::default()
    };
    let a = generate(12, 9, &opts(4)).unwrap();
    assert_eq!(a.clues, generate(12, 9, &opts(4)).unwrap().clues);
    assert_ne!(a.clues, generate(12, 9, &opts(5)).unwrap().clues);
}

#[test]
fn stripping_keeps_a_minimal_subset_of_the_given_hints() {
    let (rows, cols) = (4, 4);
    let o = CycleTable::new(rows, cols);
    for seed in 0..10 {
        // a unique puzzle with extra hints: a generated one plus the loop's values on a
        // few more cells
        let g = generate(
            rows,
            cols,
            &Options {
                seed,
                ..Options::default()
            },
        )
        .unwrap();
        let on = boundary(rows, cols, g.inside.cells());
        let values = side_counts(rows, cols, &on);
        let mut full = g.clues.clone();
        for i in (seed as usize % 3..rows * cols).step_by(2) {
            full[Coord::new(i / cols, i % cols)] = Some(values[i]);
        }
        let s = strip(
            &full,
            &Options {
                seed,
                ..Options::default()
            },
        )
        .unwrap();
        for (at, h) in s.clues.iter() {
            assert!(h.is_none() || *h == full[at], "seed {seed}: {at} not given");
        }
        check_unique_minimal(&o, &s.clues, &s.inside, &format!("strip seed {seed}"));
    }
    // not unique, no solution
    let mut two = Grid::new(2, 3, None);
    two[Coord::new(0, 0)] = Some(2);
    assert_eq!(
        strip(&two, &Options::default()).unwrap_err(),
        GenError::NotUnique
    );
    let mut none = Grid::new(2, 2, None);
    none[Coord::new(0, 0)] = Some(4);
    none[Coord::new(1, 1)] = Some(4);
    assert_eq!(
        strip(&none, &Options::default()).unwrap_err(),
        GenError::NoSolution
    );
}

#[test]
fn grades_of_hand_checked_puzzles() {
    let parse = |rows: &[&str]| {
        let mut g = Grid::new(rows.len(), rows[0].len(), None);
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                g[Coord::new(r, c)] = ch.to_digit(10).map(|d| d as u8);
            }
        }
        g
    };
    // a 4 alone: the loop around it, by the clue rule
    let easy = grade(&parse(&["4.", ".."]), None).unwrap();
    assert_eq!((easy.solutions, easy.grade), (1, Some(Difficulty::Easy)));
    // two 3s side by side in a 1x2 strip: the loop around both. Each grid corner's dot has
    // only two sides, both of one 3: both on or both off (the clue-and-corners rule), so
    // each 3's top, outer and bottom sides go together, and a 3 takes all three: easy
    let g = grade(&parse(&["33"]), None).unwrap();
    assert_eq!((g.solutions, g.grade), (1, Some(Difficulty::Easy)));
    // two 3s stacked in the middle column of a 2x3 grid: the loop around the column (one
    // solution, counted by the ZDD engine). No corner dot of the grid belongs to a 3 and no
    // side is decided by a clue, a dot or a corner alone; trying the side between the 3s on
    // fails after a few steps: probing, medium
    let g = grade(&parse(&[".3.", ".3."]), None).unwrap();
    assert_eq!((g.solutions, g.grade), (1, Some(Difficulty::Medium)));
    assert!(g.open_after_rules > 0);
    // a generated 4x5 hard puzzle (seed 20): one solution by the ZDD engine's count, and
    // probing, corners included, leaves 31 of its 49 sides open
    let hard = grade(&parse(&["0...1", ".31..", ".1..1", "...3."]), None).unwrap();
    assert_eq!((hard.solutions, hard.grade), (1, Some(Difficulty::Hard)));
    assert!(hard.open_after_probing > 0);
    // several solutions and none
    let two = grade(&parse(&["....", ".33.", "...."]), None).unwrap();
    assert_eq!((two.solutions, two.grade), (2, None));
    let none = grade(&parse(&["...3", "..2.", ".112", "3..."]), None).unwrap();
    assert_eq!((none.solutions, none.grade), (0, None));
}

#[test]
fn a_deadline_stops_with_no_puzzle() {
    let opts = Options {
        limits: zlink_base::Limits {
            deadline: Some(std::time::Instant::now()),
            ..Default::default()
        },
        ..Options::default()
    };
    assert!(matches!(
        generate(30, 30, &opts),
        Err(GenError::Stopped(s)) if s.is_time()
    ));
    let small = Options {
        limits: zlink_base::Limits::default().with_memory(1 << 20),
        ..Options::default()
    };
    assert!(matches!(
        generate(30, 30, &small),
        Err(GenError::Stopped(s)) if s.memory_bound()
    ));
    assert!(matches!(
        generate(0, 3, &Options::default()),
        Err(GenError::Invalid(_))
    ));
    let rot4 = Options {
        symmetry: Symmetry::Rot4,
        ..Options::default()
    };
    assert!(matches!(generate(3, 4, &rot4), Err(GenError::Invalid(_))));
}
