//! Slitherlink ZDD engine timings (deduction, then the count-only DP where anything is left):
//! the Janko 10×10 sample of the tests (every 15th puzzle, 26 in all), the first three
//! puzzles of each bigger size class (the 60×60 has one), the ERATO example
//! `algorithms2012_slilin001.dat`, and blank grids (nothing to deduce: all loops counted).
//! The whole corpus runs in `tools/slitherlink-janko.sh`.

use divan::Bencher;
use zlink_link::slitherlink::{Deduction, SlitherZdd};
use zlink_puzzle::Grid;

#[path = "common/janko.rs"]
mod janko;

fn main() {
    divan::main();
}

fn count(clues: &Grid<Option<u8>>, deduction: Deduction) -> num_bigint::BigUint {
    SlitherZdd::with_deduction(clues, deduction)
        .unwrap()
        .count(&Default::default())
        .unwrap()
}

#[divan::bench(sample_count = 10)]
fn janko_10x10_sample(b: Bencher) {
    let sample: Vec<_> = janko::puzzles("10 10").into_iter().step_by(15).collect();
    b.bench(|| {
        for (_, clues) in &sample {
            assert_eq!(count(clues, Deduction::Probe), 1u32.into());
        }
    });
}

#[divan::bench(args = ["10 18", "14 24", "20 36", "30 40", "60 60"], sample_count = 3)]
fn janko_first_three_of_size(b: Bencher, size: &str) {
    let first: Vec<_> = janko::puzzles(size).into_iter().take(3).collect();
    b.bench(|| {
        for (_, clues) in &first {
            assert_eq!(count(clues, Deduction::Probe), 1u32.into());
        }
    });
}

/// The 20×36 sample with the rules only and with probing: what the lookahead buys.
#[divan::bench(args = [Deduction::Rules, Deduction::Probe], sample_count = 3)]
fn janko_20x36_first_three_by_deduction(b: Bencher, deduction: Deduction) {
    let first: Vec<_> = janko::puzzles("20 36").into_iter().take(3).collect();
    b.bench(|| {
        for (_, clues) in &first {
            assert_eq!(count(clues, deduction), 1u32.into());
        }
    });
}

#[divan::bench(sample_count = 10)]
fn erato_slilin001(b: Bencher) {
    let Some(clues) = janko::erato("erato-zdd-examples/algorithms2012_slilin001.dat") else {
        return;
    };
    b.bench(|| assert_eq!(count(&clues, Deduction::Probe), 1u32.into()));
}

/// Blank grids: every loop counted (many solutions, nothing deduced).
#[divan::bench(args = [6, 8], sample_count = 3)]
fn blank(b: Bencher, n: usize) {
    let clues = Grid::new(n, n, None);
    b.bench(|| count(&clues, Deduction::Probe));
}
