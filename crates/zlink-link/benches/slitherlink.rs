//! Slitherlink ZDD engine timings (count-only DP): the Janko 10×10 sample of the tests (every
//! 15th puzzle, 26 in all), and the first Janko puzzle of each bigger size, run once.

use divan::Bencher;
use zlink_link::SlitherZdd;

#[path = "common/janko.rs"]
mod janko;

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 10)]
fn janko_10x10_sample(b: Bencher) {
    let sample: Vec<_> = janko::puzzles("10 10").into_iter().step_by(15).collect();
    b.bench(|| {
        for (_, clues) in &sample {
            let n = SlitherZdd::new(clues)
                .unwrap()
                .count(&Default::default())
                .unwrap();
            assert_eq!(n, 1u32.into());
        }
    });
}

#[divan::bench(args = ["10 18", "14 24", "20 36"], sample_count = 1, sample_size = 1)]
fn janko_first_of_size(b: Bencher, size: &str) {
    let Some((_, clues)) = janko::puzzles(size).into_iter().next() else {
        return;
    };
    b.bench(|| {
        SlitherZdd::new(&clues)
            .unwrap()
            .count(&Default::default())
            .unwrap()
    });
}
