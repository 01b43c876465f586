//! The one-puzzle Numberlink generator (`numberlink::publish`) against the brute-force oracle of
//! zlink-testkit (DFS over paths per pair, no shared code): generated puzzles of 4×4 to 6×6
//! under each rule set have exactly one solution under the asked rules, the intended one; what
//! the generator reports under the other rule sets agrees with the oracle; no pair's two ends
//! are neighbours; a seed gives the same puzzle; the uniqueness check agrees with the oracle on
//! random layouts that are not unique; grades are those of hand-checked puzzles and what
//! `--difficulty` asks.

use zlink_base::Limits;
use zlink_link::numberlink::publish::{
    check, grade, open_edges, publish, Difficulty, PublishError, Request, RuleSet, Verdict,
};
use zlink_puzzle::numberlink::{formats::parse_compact, verify, Links, NumberlinkGrid, Rules};
use zlink_puzzle::Coord;
use zlink_testkit::graph::SmallGraph;
use zlink_testkit::numbered_paths::{grid_squares, solutions};

/// Every solution of `p` under `rules`, by the oracle, as line pictures.
fn brute(p: &NumberlinkGrid, rules: Rules) -> Vec<Links> {
    let (rows, cols) = (p.rows(), p.cols());
    let g = SmallGraph::grid(rows, cols);
    let id = |c: Coord| c.row * cols + c.col;
    let pairs: Vec<(usize, usize)> = p.pairs().iter().map(|&(_, a, b)| (id(a), id(b))).collect();
    let squares = match rules.no_u_bends {
        true => grid_squares(rows, cols),
        false => Vec::new(),
    };
    let at = |v: usize| Coord::new(v / cols, v % cols);
    solutions(&g, &pairs, rules.cover, &squares)
        .into_iter()
        .map(|mask| {
            let mut l = Links::new(rows, cols);
            for (i, &(u, v)) in g.edges.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    l.set(at(u), at(v), true);
                }
            }
            l
        })
        .collect()
}

/// Whether some pair's two ends are neighbours.
fn has_trivial_pair(p: &NumberlinkGrid) -> bool {
    p.pairs()
        .iter()
        .any(|&(_, a, b)| a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1)
}

#[test]
fn small_puzzles_are_unique_by_the_oracle() {
    let sizes = [(4, 4), (4, 5), (5, 5), (5, 6), (6, 6)];
    for (k, &(rows, cols)) in sizes.iter().enumerate() {
        for rules in RuleSet::ALL {
            // the oracle's DFS under plain rules is slow beyond 5×5
            if rules == RuleSet::Plain && rows * cols > 25 {
                continue;
            }
            for seed in 0..4u64 {
                let mut r = Request::new(rows, cols);
                r.rules = rules;
                let w = format!("{rows}x{cols} {} seed {seed}", rules.name());
                let made = publish(&r, seed + 10 * k as u64, &Limits::default()).expect(&w);
                let p = &made.puzzle;
                assert!(!has_trivial_pair(p), "{w}: a trivial pair");
                let (lo, hi) = r.pair_range();
                assert!((lo..=hi).contains(&p.pairs().len()), "{w}: pairs");
                assert!(verify(p, &made.solution, rules.rules()).is_ok(), "{w}");
                assert_eq!(brute(p, rules.rules()), vec![made.solution.clone()], "{w}");
                for (other, unique) in made.unique {
                    if let Some(u) = unique {
                        let n = brute(p, other.rules()).len();
                        assert_eq!(u, n == 1, "{w}: under {} ({n} solutions)", other.name());
                    }
                }
                let again = publish(&r, seed + 10 * k as u64, &Limits::default()).unwrap();
                assert_eq!(again.puzzle, made.puzzle, "{w}: not reproducible");
            }
        }
    }
}

#[test]
fn trivial_pairs_only_when_asked() {
    let mut r = Request::new(5, 5);
    r.trivial = true;
    r.pairs = Some((6, 8));
    let mut seen = false;
    for seed in 0..20 {
        let made = publish(&r, seed, &Limits::default()).unwrap();
        assert_eq!(brute(&made.puzzle, Rules::JANKO).len(), 1);
        seen |= has_trivial_pair(&made.puzzle);
    }
    assert!(seen, "trivial pairs allowed, none made in 20 puzzles");
}

#[test]
fn the_check_agrees_with_the_oracle() {
    // found by a separate search: unique under Janko's rules, 4 solutions under cover alone,
    // 26 under plain rules (the counts asserted, so the loop below cannot be vacuous)
    let p = parse_compact("....\n.2..\n.1..\n2..1\n", "t").unwrap();
    for (rules, n) in [
        (Rules::JANKO, 1),
        (RuleSet::Cover.rules(), 4),
        (Rules::PLAIN, 26),
    ] {
        let all = brute(&p, rules);
        assert_eq!(all.len(), n, "{rules:?}");
        for s in &all {
            let c = check(&p, s, rules, true, None);
            match (&c.verdict, all.len()) {
                (Verdict::Unique, 1) => {}
                (Verdict::Other(o), n) if n > 1 => {
                    assert!(o != s && all.contains(o), "{rules:?}: a wrong other");
                }
                (v, n) => panic!("{rules:?}: {v:?} with {n} solutions"),
            }
        }
    }
    // generated puzzles, made unique under Janko's rules, under the looser ones
    for seed in 0..12 {
        let made = publish(&Request::new(5, 5), seed, &Limits::default()).unwrap();
        for rules in [RuleSet::Cover.rules(), Rules::PLAIN] {
            let all = brute(&made.puzzle, rules);
            let c = check(&made.puzzle, &made.solution, rules, seed % 2 == 0, None);
            match c.verdict {
                Verdict::Unique => assert_eq!(all.len(), 1, "seed {seed}"),
                Verdict::Other(o) => {
                    assert!(all.len() > 1 && all.contains(&o) && o != made.solution)
                }
                Verdict::Unknown => panic!("seed {seed}: unknown on a 5x5"),
            }
        }
    }
}

#[test]
fn grades_of_hand_checked_puzzles() {
    // straight lines: the degree rules alone settle every edge
    let easy = parse_compact("123\n...\n123\n", "easy").unwrap();
    assert_eq!(grade(&easy, Rules::JANKO, None), Difficulty::Easy);
    assert_eq!(open_edges(&easy, Rules::JANKO, false, None), Some((0, 12)));
    // Checked by hand: the corners (3,0) and (0,3) take both their edges, the no-U-bend
    // squares beside them close the terminals' other sides, and the lines around the left
    // and right columns follow, but the rules leave the 1 at (0,0) free to go right or down.
    // Probing settles it: down, the 1 runs down the left column and along the bottom, is
    // forced up into (2,2) (the 2 at (3,3) is not its number) and into the 1 at (2,1), and
    // the square (2,1)-(3,2) then holds three line edges, a U-bend. So the 1 goes right.
    let m = parse_compact("1...\n..2.\n.1..\n...2\n", "medium").unwrap();
    assert_eq!(brute(&m, Rules::JANKO).len(), 1);
    assert!(open_edges(&m, Rules::JANKO, false, None).is_some_and(|(o, _)| o > 0));
    assert_eq!(open_edges(&m, Rules::JANKO, true, None), Some((0, 24)));
    assert_eq!(grade(&m, Rules::JANKO, None), Difficulty::Medium);
}

#[test]
fn difficulty_is_what_was_asked() {
    // probing settles every 7x7 tried (2,000 layouts): hard ones from 10x10
    for want in Difficulty::ALL {
        let side = if want == Difficulty::Hard { 10 } else { 7 };
        for seed in 0..3 {
            let mut r = Request::new(side, side);
            r.difficulty = Some(want);
            let made = publish(&r, seed, &Limits::default())
                .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", want.name()));
            assert_eq!(made.grade, want);
            let (open_rules, _) = open_edges(&made.puzzle, Rules::JANKO, false, None).unwrap();
            let (open_probe, _) = open_edges(&made.puzzle, Rules::JANKO, true, None).unwrap();
            match want {
                Difficulty::Easy => assert_eq!(open_rules, 0),
                Difficulty::Medium => assert!(open_rules > 0 && open_probe == 0),
                Difficulty::Hard => assert!(open_probe > 0),
            }
        }
    }
}

#[test]
fn requests_that_cannot_be_met() {
    let l = Limits::default();
    let tiny = Request::new(1, 5);
    assert!(matches!(
        publish(&tiny, 0, &l),
        Err(PublishError::Request(_))
    ));
    let mut many = Request::new(4, 4);
    many.pairs = Some((3, 9));
    assert!(matches!(
        publish(&many, 0, &l),
        Err(PublishError::Request(_))
    ));
    let mut none = Request::new(4, 4);
    none.pairs = Some((3, 2));
    assert!(matches!(
        publish(&none, 0, &l),
        Err(PublishError::Request(_))
    ));
    // a deadline already passed: a typed stop, no puzzle
    let past = Limits::default().with_time_limit(std::time::Duration::ZERO);
    match publish(&Request::new(10, 10), 0, &past) {
        Err(PublishError::Stopped(s)) => assert!(s.is_time()),
        other => panic!("{other:?}"),
    }
    // a memory budget too small for the grid
    let small = Limits::default().with_memory(1 << 10);
    match publish(&Request::new(10, 10), 0, &small) {
        Err(PublishError::Stopped(s)) => assert!(s.is_budget()),
        other => panic!("{other:?}"),
    }
}
