//! Sudoku on real data: exact solution counts (tdoku, by the exact engine, the oracle and the
//! IP engine), hard 9×9 sets (top95, forum hardest), Janko 16×16 with published solutions, the
//! puzz.link vector. Every solution passes the independent checker and agrees with the
//! backtracking oracle.

mod common;

use zlink_engines::sudoku::check::count_backtracking;
use zlink_engines::sudoku::{ExactEngine, IpEngine, Sudoku};
use zlink_puzzle::{Engine, Grid, Puzzle, SolveOptions};

fn one(text: &str, source: &str) -> Sudoku {
    let mut v = Sudoku::parse(text, source).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v.len(), 1);
    v.remove(0).1
}

fn grid_of(line: &str) -> Grid<u8> {
    let cells = line
        .chars()
        .map(|c| c.to_digit(10).unwrap() as u8)
        .collect();
    Grid::from_cells(9, 9, cells).unwrap()
}

/// tdoku lines `puzzle:count[:solution]` with count in `range`.
fn tdoku_cases(range: std::ops::RangeInclusive<u64>) -> Vec<(usize, String, u64, Option<String>)> {
    let Some(text) = common::read("sudoku-sets/tdoku_test_puzzles_with_counts.txt") else {
        return Vec::new();
    };
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let f: Vec<&str> = l.split(':').collect();
            let count: u64 = f[1].parse().unwrap();
            range
                .contains(&count)
                .then(|| (i + 1, l.to_string(), count, f.get(2).map(|s| s.to_string())))
        })
        .collect()
}

/// Which engines count: the exact engine and the oracle always, the IP engine when `ip`.
fn check_counts(range: std::ops::RangeInclusive<u64>, ip: bool) -> usize {
    let opts = SolveOptions::default();
    let cases = tdoku_cases(range);
    for (line, text, want, solution) in &cases {
        let s = one(text, &format!("tdoku:{line}"));
        let c = ExactEngine.count(&s, &(), &opts).unwrap();
        assert_eq!(
            (c.count, c.exact),
            ((*want).into(), true),
            "exact engine, tdoku line {line}"
        );
        // the oracle agrees
        assert_eq!(
            count_backtracking(s.shape(), s.givens(), 1000).0,
            *want,
            "oracle, line {line}"
        );
        if ip {
            let limited = SolveOptions {
                limit: Some(1000),
                ..SolveOptions::default()
            };
            let c = IpEngine.count(&s, &(), &limited).unwrap();
            assert_eq!(
                (c.count, c.exact),
                ((*want).into(), true),
                "ip, line {line}"
            );
        }
        let solved = if ip {
            IpEngine.solve(&s, &(), &opts)
        } else {
            ExactEngine.solve(&s, &(), &opts)
        };
        match solved {
            Ok(sol) => {
                assert!(*want > 0);
                s.verify(&sol.solution).unwrap();
                if let (1, Some(expected)) = (*want, solution) {
                    assert_eq!(sol.solution, grid_of(expected), "line {line}");
                }
            }
            Err(e) => assert_eq!((*want, e), (0, zlink_puzzle::SolveError::Infeasible)),
        }
    }
    cases.len()
}

#[test]
fn tdoku_counts_up_to_100_match_exactly() {
    let n = check_counts(0..=100, true);
    if common::data_dir().is_some() {
        assert_eq!(n, 32); // counts 0 ×10, 1 ×18, 3, 9, 13, 91
    }
}

/// The counts 102..847 by the exact engine and the oracle (milliseconds).
#[test]
fn tdoku_large_counts_match_exactly() {
    let n = check_counts(101..=1000, false);
    if common::data_dir().is_some() {
        assert_eq!(n, 11); // 102, 113, 122, 125, 132, 601, 633, 787, 826, 838, 847
    }
}

/// The same counts by the IP engine take one HiGHS solve per solution, ~5,000 solves in all,
/// and each solve slows down as no-good rows accumulate.
#[test]
#[ignore = "slow: about 5,000 solver calls; run with --ignored"]
fn tdoku_large_counts_match_with_the_ip_engine() {
    assert_eq!(check_counts(101..=1000, true), 11);
}

fn solve_sample(rel: &str, step: usize) {
    let Some(text) = common::read(rel) else {
        return;
    };
    let opts = SolveOptions::default();
    let puzzles = Sudoku::parse(&text, rel).unwrap();
    let mut n = 0;
    for (line, s) in puzzles.iter().step_by(step) {
        let sol = IpEngine
            .solve(s, &(), &opts)
            .unwrap_or_else(|e| panic!("{rel}:{line}: {e}"));
        s.verify(&sol.solution).unwrap();
        let (count, oracle) = count_backtracking(s.shape(), s.givens(), 2);
        assert_eq!(count, 1, "{rel}:{line} is unique");
        assert_eq!(Some(sol.solution), oracle);
        n += 1;
    }
    assert!(n >= 10);
}

#[test]
fn top95_sample_solves_and_verifies() {
    solve_sample("sudoku-sets/top95.txt", 5);
}

#[test]
fn forum_hardest_sample_solves_and_verifies() {
    solve_sample("sudoku-sets/forum_hardest_375.txt", 25);
}

#[test]
fn janko_16x16_sample_matches_published_solutions() {
    let Some(text) = common::read("puzzlekit-janko/Sudoku_dataset.json") else {
        return;
    };
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let data = json["data"].as_object().unwrap();
    let opts = SolveOptions::default();
    let mut checked = 0;
    for (key, entry) in data
        .iter()
        .filter(|(k, _)| k.ends_with("16x16"))
        .step_by(10)
    {
        let s = one(entry["problem"].as_str().unwrap(), key);
        assert_eq!(s.shape().n, 16);
        let published = one(entry["solution"].as_str().unwrap(), key);
        let sol = IpEngine
            .solve(&s, &(), &opts)
            .unwrap_or_else(|e| panic!("{key}: {e}"));
        s.verify(&sol.solution).unwrap();
        assert_eq!(&sol.solution, published.givens(), "{key}");
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
    // the one 9×9 entry too
    let nine = data.iter().find(|(k, _)| k.ends_with("9x9")).unwrap().1;
    let s = one(nine["problem"].as_str().unwrap(), "9x9");
    let sol = IpEngine.solve(&s, &(), &opts).unwrap();
    assert_eq!(
        &sol.solution,
        one(nine["solution"].as_str().unwrap(), "9x9").givens()
    );
}

#[test]
fn puzz_link_vectors_parse_solve_and_round_trip() {
    let Some(tsv) = common::read("format-test-vectors/pzprjs_url_vectors.tsv") else {
        return;
    };
    let mut n = 0;
    for line in tsv.lines().filter(|l| l.starts_with("sudoku\t")) {
        let f: Vec<&str> = line.split('\t').collect();
        let s = one(f[1], "url");
        let expected = f[4].replace('/', "");
        assert_eq!(zlink_puzzle::Puzzle::render_line(&s, None), expected);
        assert_eq!(one(&s.to_url(), "re").givens(), s.givens());
        let sol = IpEngine.solve(&s, &(), &SolveOptions::default()).unwrap();
        s.verify(&sol.solution).unwrap();
        if let Some(want) = f[6].strip_prefix("solution ") {
            assert_eq!(s.render_line(Some(&sol.solution)), want.replace('/', ""));
        }
        n += 1;
    }
    assert_eq!(n, 2);
}
