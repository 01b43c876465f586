//! Numberlink ZDD engine timings (count-only DP under Janko's rules): all 219 Janko 10×10
//! puzzles, the Janko 15×15 and 20×20 sets, and one Flow Free level with and without deduction;
//! the generator's two routes to the number of good instances of a grid (one thread); and the
//! one-puzzle generator (`numberlink::publish`) at 20×20 (Janko's rules) and 10×10 (cover, plain).

use divan::Bencher;
use zlink_frontier::Limits;
use zlink_link::numberlink::generate::{count_grid, CountOptions, GoodInstances};
use zlink_link::numberlink::NumberlinkZdd;
use zlink_puzzle::numberlink::{formats, NumberlinkGrid, Rules};

#[path = "common/numberlink.rs"]
mod numberlink;

fn main() {
    divan::main();
}

fn of_size(rows: usize, cols: usize) -> Vec<NumberlinkGrid> {
    numberlink::janko()
        .into_iter()
        .filter(|x| (x.1.rows(), x.1.cols()) == (rows, cols))
        .map(|x| x.1)
        .collect()
}

#[divan::bench(args = [10, 15, 20], sample_count = 5)]
fn janko_all_of_size(b: Bencher, n: usize) {
    let all = of_size(n, n);
    b.bench(|| {
        for p in &all {
            let z = NumberlinkZdd::new(p, Rules::JANKO).unwrap();
            divan::black_box(z.count(&Default::default()).unwrap());
        }
    });
}

#[divan::bench(args = [true, false], sample_count = 10)]
fn flow_jumbo_14x14(b: Bencher, deduce: bool) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/flow-solver-puzzles/puzzles/jumbo_14x14_01.txt"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipped: {path} is absent");
        return;
    };
    let (p, _) = formats::parse_flow(&text, path).unwrap();
    b.bench(|| {
        let z = NumberlinkZdd::new_with(&p, Rules::JANKO, deduce).unwrap();
        assert_eq!(z.count(&Default::default()).unwrap(), 1u32.into());
    });
}

fn grid_size(grid: &str) -> (usize, usize) {
    let (r, c) = grid.split_once('x').unwrap();
    (r.parse().unwrap(), c.parse().unwrap())
}

fn one_thread() -> Limits {
    Limits::default().with_threads(1)
}

#[divan::bench(args = ["4x5", "4x6", "5x5"], sample_count = 5)]
fn generator_count_route(b: Bencher, grid: &str) {
    let (r, c) = grid_size(grid);
    b.bench(|| divan::black_box(count_grid(r, c, &CountOptions::default(), &one_thread())));
}

#[divan::bench(args = ["4x5", "4x6"], sample_count = 3)]
fn generator_diagram_route(b: Bencher, grid: &str) {
    let (r, c) = grid_size(grid);
    b.bench(|| {
        divan::black_box(
            GoodInstances::grid(r, c, None, &one_thread())
                .unwrap()
                .count(),
        )
    });
}

/// The one-puzzle generator (`numberlink::publish`): a 20×20 unique under Janko's rules, and a
/// 10×10 unique under cover and plain rules, seeds 1 to 5 each (the same puzzles every run).
#[divan::bench(args = ["20x20 janko", "10x10 cover", "10x10 plain"], sample_count = 3)]
fn publish_one_puzzle(b: Bencher, what: &str) {
    use zlink_link::numberlink::publish::{publish, Request, RuleSet};
    let (size, rules) = what.split_once(' ').unwrap();
    let (rows, cols) = grid_size(size);
    let mut r = Request::new(rows, cols);
    r.rules = match rules {
        "cover" => RuleSet::Cover,
        "plain" => RuleSet::Plain,
        _ => RuleSet::Janko,
    };
    b.bench(|| {
        for seed in 1..=5 {
            divan::black_box(publish(&r, seed, &Default::default()).unwrap());
        }
    });
}
