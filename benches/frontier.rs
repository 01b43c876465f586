//! Frontier engine benches (divan, wall clock): count-only corner paths on 10×10..12×12 and
//! builder + reduction on 8×8..10×10, single-threaded and on all threads; the packed
//! against the wide state representation on the same count; and the whole `count --build`
//! pipeline (build, reduce, count) of 12×12 paths and cycles in the row-major order of the
//! TdZdd comparison, one thread: the case that shows a per-node regression of the builder,
//! the store or the count (an out-of-line `can_take` cost 4.8% of its instructions).
//!
//! Run: `cargo bench --bench frontier`.

use zlink_frontier::packed::{Packed, Wide};
use zlink_frontier::specs::mate::Mate;
use zlink_frontier::{build_zdd, count, EdgeOrder, Graph, Limits};
use zlink_zdd::Zdd;

fn main() {
    divan::main();
}

fn corner_paths(n: usize) -> Mate<Packed> {
    let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(n, n));
    Mate::<Packed>::st_paths(&g, 0, (n * n - 1) as u32, false).expect("grid spec")
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool")
}

#[divan::bench(args = [10, 11, 12], sample_count = 5)]
fn count_paths_1_thread(n: usize) {
    let spec = corner_paths(n);
    pool(1).install(|| divan::black_box(count(&spec, &Limits::default()).expect("no budget")));
}

#[divan::bench(args = [10, 11, 12], sample_count = 5)]
fn count_paths_all_threads(n: usize) {
    let spec = corner_paths(n);
    divan::black_box(count(&spec, &Limits::default()).expect("no budget"));
}

#[divan::bench(args = [8, 9, 10], sample_count = 5)]
fn build_paths_1_thread(n: usize) {
    let spec = corner_paths(n);
    pool(1).install(|| {
        let mut zdd = Zdd::new(0);
        divan::black_box(build_zdd(&spec, &mut zdd, &Limits::default()).expect("no budget"));
    });
}

#[divan::bench(args = [8, 9, 10], sample_count = 5)]
fn build_cycles_1_thread(n: usize) {
    let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(n, n));
    let spec = Mate::<Packed>::cycles(&g, false).expect("grid spec");
    pool(1).install(|| {
        let mut zdd = Zdd::new(0);
        divan::black_box(build_zdd(&spec, &mut zdd, &Limits::default()).expect("no budget"));
    });
}

/// The cost of wide states: the same count (corner paths, frontier order) with
/// [`Mate<Wide>`] instead of the packed [`Mate<Packed>`] of `count_paths_1_thread`.
#[divan::bench(args = [8, 9, 10], sample_count = 5)]
fn count_paths_wide_states_1_thread(n: usize) {
    let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(n, n));
    let spec = Mate::<Wide>::st_paths(&g, 0, (n * n - 1) as u32, false).expect("grid spec");
    pool(1).install(|| divan::black_box(count(&spec, &Limits::default()).expect("no budget")));
}

/// The `count paths|cycles --grid 12x12 --build --order row-major --threads 1` pipeline:
/// build, reduce into a fresh store, count.
fn build_and_count_12(cycles: bool) {
    let (g, _) = EdgeOrder::RowMajor.apply(&Graph::grid(12, 12));
    let spec = if cycles {
        Mate::<Packed>::cycles(&g, false)
    } else {
        Mate::<Packed>::st_paths(&g, 0, 143, false)
    }
    .expect("grid spec");
    pool(1).install(|| {
        let mut zdd = Zdd::new(0);
        let f = build_zdd(&spec, &mut zdd, &Limits::default()).expect("no budget");
        divan::black_box(zdd.count(f));
    });
}

#[divan::bench(sample_count = 3)]
fn build_count_paths_12_row_major_1_thread() {
    build_and_count_12(false);
}

#[divan::bench(sample_count = 3)]
fn build_count_cycles_12_row_major_1_thread() {
    build_and_count_12(true);
}
