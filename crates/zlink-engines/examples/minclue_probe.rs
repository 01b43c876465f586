//! Cost of one level of the minimum-clue hitting-set search on the grid of one puzzle line
//! (stdin): seeding, region rows, then level K exhausted.
//! `cargo run --release -p zlink-ip-puzzles --example minclue_probe -- K [digits] < line`.

use std::io::Read;
use std::time::Instant;

use zlink_engines::minclue::check::Checker;
use zlink_engines::minclue::hitting::{search_level, SetCollection};
use zlink_engines::minclue::{regions, unavoidable};
use zlink_engines::sudoku::{Sudoku, KIND};
use zlink_puzzle::Puzzle;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let k: usize = args.get(1).map_or(15, |a| a.parse().unwrap());
    let digits: usize = args.get(2).map_or(3, |a| a.parse().unwrap());
    let mut line = String::new();
    std::io::stdin().read_to_string(&mut line).unwrap();
    let (_, s) = Sudoku::parse(line.trim(), "stdin").unwrap().remove(0);
    let grid = KIND.solve(&s, None, &Default::default()).unwrap().solution;
    let t = Instant::now();
    let mut check = Checker::new(s.shape(), &grid);
    let parts = unavoidable::parts(s.shape(), &grid, digits);
    let mut seeds = unavoidable::two_line_sets(s.shape(), &grid, 12);
    seeds.extend(unavoidable::blanked_part_sets(&mut check, &parts, 12, 1000));
    let mut sets = SetCollection::default();
    for s in unavoidable::minimal_sets(seeds) {
        sets.add(&s);
    }
    eprintln!("seeds {} in {:.2}s", sets.len(), t.elapsed().as_secs_f64());
    let t = Instant::now();
    let fam = regions::families(s.shape(), &check, &mut sets, 12, None).unwrap();
    let ms: Vec<(Vec<u32>, u32)> = fam
        .iter()
        .map(|f| (f.regions.iter().map(|x| x.1).collect(), f.root_bound()))
        .collect();
    eprintln!(
        "regions {ms:?} in {:.2}s, sets {}",
        t.elapsed().as_secs_f64(),
        sets.len()
    );
    let from: usize = args.get(3).map_or(k, |a| a.parse().unwrap());
    for k in from..=k {
        let t = Instant::now();
        let (found, st) = search_level(&mut check, &mut sets, k, 8, None, &fam).unwrap();
        eprintln!(
            "level {k}: found {} nodes {} leaves {} added {} in {:.2}s",
            found.is_some(),
            st.nodes,
            st.leaves,
            st.added,
            t.elapsed().as_secs_f64()
        );
    }
}
