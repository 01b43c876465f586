//! Real Slitherlink instances: Janko 10×10 puzzles with their published solutions, a
//! puzz.link vector, and the ZDD paper's example grid.

use zlink_link::{LoopEdges, SlitherZdd};
use zlink_puzzle::janko::parse_janko;
use zlink_puzzle::pzprjs::{cell4, parse_url, Clue};
use zlink_puzzle::{Coord, Grid};

use zlink_testkit::data::read;

/// Janko clue grid: `-` blank, digits are clues.
fn janko_clues(text: &str, source: &str) -> Grid<Option<u8>> {
    parse_janko(text, source, 0)
        .unwrap()
        .cells
        .map(|t| t.text.parse::<u8>().ok())
}

/// Janko solution grid: `x` inside, `-` outside.
fn janko_inside(text: &str, source: &str) -> Grid<bool> {
    parse_janko(text, source, 0)
        .unwrap()
        .cells
        .map(|t| t.text == "x")
}

/// Solves `clues` and returns the count and the first two solutions.
fn solve(clues: &Grid<Option<u8>>) -> (u64, Vec<LoopEdges>) {
    let s = SlitherZdd::new(clues).unwrap();
    let n: u64 = s.count(&Default::default()).unwrap().try_into().unwrap();
    (n, s.solutions(2, &Default::default()).unwrap())
}

/// Every `step`-th Janko puzzle of header `size` (in key order) must have exactly one solution,
/// the published one; returns how many were checked.
fn check_janko(size: &str, step: usize) -> usize {
    let Some(text) = read("puzzlekit-janko/Slitherlink_dataset.json") else {
        return 0;
    };
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let data = v["data"].as_object().unwrap();
    let mut keys: Vec<&String> = data
        .iter()
        .filter(|(_, p)| {
            p["problem"].as_str().is_some_and(|s| s.starts_with(size)) && p["solution"].is_string()
        })
        .map(|(k, _)| k)
        .collect();
    keys.sort();
    let sample: Vec<&String> = keys.into_iter().step_by(step).collect();
    for k in &sample {
        let clues = janko_clues(data[*k]["problem"].as_str().unwrap(), k);
        let want = LoopEdges::from_inside(&janko_inside(data[*k]["solution"].as_str().unwrap(), k));
        let (n, sols) = solve(&clues);
        assert_eq!(n, 1, "{k}");
        assert_eq!(sols, vec![want], "{k}");
    }
    sample.len()
}

#[test]
fn janko_10x10_sample_is_unique_and_matches_the_published_solution() {
    // Every 15th 10×10 puzzle: 26 of the 389, spread over the collection.
    let n = check_janko("10 10\n", 15);
    assert!(n == 0 || n >= 20, "{n}");
}

#[test]
fn janko_10x18_sample_is_unique_and_matches_the_published_solution() {
    // Wider than tall: the engine sweeps column by column.
    let n = check_janko("10 18\n", 20);
    assert!(n == 0 || n >= 10, "{n}");
}

#[test]
fn puzz_link_vector_is_unique() {
    let u = parse_url("https://puzz.link/p?slither/5/5/cbcbcddad", "url", 1, 1).unwrap();
    let (cells, _) = cell4::decode(&u.body, u.rows * u.cols).unwrap();
    let clues: Vec<Option<u8>> = cells
        .iter()
        .map(|c| match c {
            Clue::Number(n) => Some(*n as u8),
            _ => None,
        })
        .collect();
    let clues = Grid::from_cells(u.rows, u.cols, clues).unwrap();
    let (n, sols) = solve(&clues);
    assert_eq!(n, 1);
    // The answer really satisfies every clue (checked without the engine).
    for (at, h) in clues.iter() {
        if let Some(h) = h {
            let taken = zlink_link::LoopEdge::sides_of(at)
                .iter()
                .filter(|&&e| sols[0].contains(e))
                .count();
            assert_eq!(taken, usize::from(*h), "{at}");
        }
    }
}

/// A `cols rows` file of the ZDD paper's programs: rows of space-separated tokens.
fn erato_grid<T: Clone>(text: &str, cell: impl Fn(&str) -> T, blank: T) -> Grid<T> {
    let mut lines = text.lines();
    let head: Vec<usize> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let (cols, rows) = (head[0], head[1]);
    let mut g = Grid::new(rows, cols, blank);
    for (r, line) in lines.take(rows).enumerate() {
        for (c, t) in line.split_whitespace().enumerate() {
            g[Coord::new(r, c)] = cell(t);
        }
    }
    g
}

#[test]
fn paper_example_grid() {
    let (Some(puzzle), Some(shape)) = (
        read("erato-zdd-examples/algorithms2012_slilin001.dat"),
        read("erato-zdd-examples/algorithms2012_sligen001.dat"),
    ) else {
        return;
    };
    let clues = erato_grid(&puzzle, |t| t.parse::<u8>().ok(), None);
    assert_eq!((clues.rows(), clues.cols()), (5, 7));
    // The generator's shape file (`#` = inside, one char per cell) is the paper's Figure 8 loop.
    let mut lines = shape.lines();
    lines.next();
    let mut inside = Grid::new(5, 7, false);
    for (r, line) in lines.take(5).enumerate() {
        for (c, ch) in line.chars().enumerate().take(7) {
            inside[Coord::new(r, c)] = ch == '#';
        }
    }
    let (n, sols) = solve(&clues);
    println!("algorithms2012_slilin001: {n} solution(s)");
    assert_eq!(n, 1);
    assert_eq!(sols, vec![LoopEdges::from_inside(&inside)]);
}
