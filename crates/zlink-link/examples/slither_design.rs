//! Prints the figures of Slitherlink instance design (module `zlink_link::design`) for a loop:
//! time, memory, diagram sizes and the counts of good, minimal and minimum hint sets.
//!
//! Why: the figures in `tools/README.md` come from here, so anyone can re-measure them.
//!
//! Usage: `cargo run --release -p zlink-link --example slither_design -- [LOOP [CANDIDATES]]`
//! (files as `zlink_link::design::parse_loop` / `parse_candidates` read them; default: the
//! paper's example #1 with every cell a candidate), or `-- --random RxC SEED [K]` for a random
//! loop (`zlink_link::design::random::random_loop`), with `K` seeded random candidates, or
//! `-- --grown RxC SEED` for a grown (compact) loop (`zlink_link::design::random::grown_loop`)
//! with every cell a candidate, or `-- --greedy RxC SEED RUNS TARGET` for a random loop whose candidates are the union of
//! `RUNS` minimal hint sets, cut at `TARGET` cells, found by greedy removal (`zlink_link::design::reduced`, the CLI's
//! reduced route).

use std::time::Instant;

use zlink_link::design::{
    minimum, parse_candidates, parse_loop, random, reduced, Hardness, HintDesign, Which,
};
use zlink_puzzle::Grid;

/// The paper's example #1 (Figure 8), as `algorithms2012_sligen001.dat`.
const EXAMPLE1: &str = "7 5\n##   ##\n ## ##\n  ###\n ## ##\n##   ##\n";

fn show<T>(g: &Grid<T>, f: impl Fn(&T) -> char) {
    for r in 0..g.rows() {
        let line: String = g.row(r).iter().map(&f).collect();
        println!("  {line}");
    }
}

fn peak_rss_mb() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (inside, cand) = match args.as_slice() {
        [flag, size, seed] if flag == "--grown" => {
            let (r, c) = size.split_once('x').ok_or("size is RxC")?;
            let (r, c): (usize, usize) = (r.parse()?, c.parse()?);
            let inside = random::grown_loop(r, c, seed.parse()?);
            (inside, Grid::new(r, c, true))
        }
        [flag, size, seed, rest @ ..] if flag == "--random" => {
            let (r, c) = size.split_once('x').ok_or("size is RxC")?;
            let (r, c): (usize, usize) = (r.parse()?, c.parse()?);
            let seed: u64 = seed.parse()?;
            let inside = random::random_loop(r, c, seed);
            let mut cand = Grid::new(r, c, true);
            if let Some(k) = rest.first() {
                // k candidates, chosen by a seeded shuffle of the cells.
                let k: usize = k.parse()?;
                let mut rng = zlink_base::SplitMix64::new(seed ^ 0x5EED);
                let mut cells: Vec<usize> = (0..r * c).collect();
                for i in (1..cells.len()).rev() {
                    cells.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
                }
                cand = Grid::new(r, c, false);
                for &i in cells.iter().take(k) {
                    cand.cells_mut()[i] = true;
                }
            }
            (inside, cand)
        }
        [flag, size, seed, runs, target] if flag == "--greedy" => {
            let (r, c) = size.split_once('x').ok_or("size is RxC")?;
            let (r, c): (usize, usize) = (r.parse()?, c.parse()?);
            let (seed, runs): (u64, usize) = (seed.parse()?, runs.parse()?);
            let target: usize = target.parse()?;
            let inside = random::random_loop(r, c, seed);
            let edges = zlink_link::LoopEdges::from_inside(&inside);
            let mut values = Grid::new(r, c, 0u8);
            let all: Vec<_> = inside.iter().map(|(at, _)| at).collect();
            for &at in &all {
                values[at] = edges.sides(at.row, at.col);
            }
            let t = Instant::now();
            let u =
                reduced::GreedyUnion::find(&values, &all, seed, usize::MAX / 2, runs, None, None)?
                    .ok_or("every cell as a hint does not make the loop unique")?;
            let sizes: Vec<usize> = u.sets.iter().map(Vec::len).collect();
            println!(
                "greedy: {} minimal sets of sizes {sizes:?} in {:.3} s, union {} cells",
                u.sets.len(),
                t.elapsed().as_secs_f64(),
                u.capped(usize::MAX).len()
            );
            let cand = u.grid(target, r, c);
            (inside, cand)
        }
        [] => {
            let inside = parse_loop(EXAMPLE1, "example1")?;
            let cand = Grid::new(inside.rows(), inside.cols(), true);
            (inside, cand)
        }
        [l] => {
            let inside = parse_loop(&std::fs::read_to_string(l)?, l)?;
            let cand = Grid::new(inside.rows(), inside.cols(), true);
            (inside, cand)
        }
        [l, c, ..] => {
            let inside = parse_loop(&std::fs::read_to_string(l)?, l)?;
            let cand = parse_candidates(
                &std::fs::read_to_string(c)?,
                c,
                inside.rows(),
                inside.cols(),
            )?;
            (inside, cand)
        }
    };
    println!("loop ({} x {} cells):", inside.rows(), inside.cols());
    show(&inside, |&b| if b { '#' } else { '.' });
    println!("candidates:");
    show(&cand, |&b| if b { '?' } else { '.' });
    let t = Instant::now();
    // ZLINK_DESIGN_ROUTE=minimum: the minimum hint sets alone, by row generation
    // (`design::minimum`), without the family of all good sets.
    if std::env::var("ZLINK_DESIGN_ROUTE").as_deref() == Ok("minimum") {
        let mut last = usize::MAX;
        let m = minimum::minimum_sets(&inside, &cand, None, None, &mut |k, cuts| {
            if k != last {
                last = k;
                eprintln!(
                    "size {k}: from cut {cuts} at {:.2} s",
                    t.elapsed().as_secs_f64()
                );
            }
        })?;
        let s = &m.stats;
        println!(
            "minimum by row generation: {:?} hints, {} such sets ({} nodes); {} cuts, {} solver \
             calls, {} sets verified, {} sizes tried; {:.3} s",
            m.size,
            m.zdd.count(m.family),
            m.zdd.size(m.family),
            s.cuts,
            s.checks,
            s.verified,
            s.sizes_tried,
            t.elapsed().as_secs_f64()
        );
        if let Some(set) = m.zdd.iter(m.family).next() {
            show(&m.clues_of(&set), |v| {
                v.map_or('.', |x| char::from(b'0' + x))
            });
        }
        if let Some(mb) = peak_rss_mb() {
            println!("peak memory: {mb:.0} MB");
        }
        return Ok(());
    }
    // ZLINK_DESIGN_CUT=L: meet at mixed level L instead of the chosen one (for measurements).
    let cut = std::env::var("ZLINK_DESIGN_CUT")
        .ok()
        .and_then(|c| c.parse().ok());
    let mut d = HintDesign::with_cut(&inside, &cand, &Default::default(), cut)?;
    let total = t.elapsed();
    let s = d.stats().clone();
    println!("candidates: {}", d.num_candidates());
    println!(
        "time: {:.3} s (build {:.3} s, {} mixed nodes; good sets {:.3} s: bottom-up {:.3} s, \
         top-down {:.3} s, meeting {:.3} s at level {} over {} nodes; minimal {:.3} s)",
        total.as_secs_f64(),
        s.build_time.as_secs_f64(),
        s.mixed_nodes,
        s.good_time.as_secs_f64(),
        s.pass_times[0].as_secs_f64(),
        s.pass_times[1].as_secs_f64(),
        s.pass_times[2].as_secs_f64(),
        s.cut_level,
        s.meets,
        s.minimal_time.as_secs_f64()
    );
    println!(
        "store: {} nodes, {:.0} MB",
        d.zdd().node_count(),
        d.zdd().memory_bytes() as f64 / 1e6
    );
    println!(
        "good hint sets: {} ({} nodes)",
        d.good_count(),
        s.good_nodes
    );
    println!(
        "minimal good hint sets: {} ({} nodes)",
        d.minimal_count(),
        s.minimal_nodes
    );
    if let Some(m) = d.minimum()? {
        println!("minimum: {} hints, {} such sets; one:", m.value, m.ties);
        show(&m.clues, |v| v.map_or('.', |x| char::from(b'0' + x)));
    }
    if let Some(h) = d.hardest(Hardness::Paper)? {
        println!("hardest (paper's criterion), {} tie; one:", h.ties);
        show(&h.clues, |v| v.map_or('.', |x| char::from(b'0' + x)));
    }
    let _ = d.sample(Which::Minimal, 1, 1);
    if let Some(mb) = peak_rss_mb() {
        println!("peak memory: {mb:.0} MB");
    }
    Ok(())
}
