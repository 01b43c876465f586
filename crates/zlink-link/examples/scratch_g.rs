use std::time::Instant;
use zlink_grid::Grid;
use zlink_link::design::{parse_loop, random, HintDesign, Which};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let inside = if args[0] == "file" { parse_loop(&std::fs::read_to_string(&args[1]).unwrap(), "f").unwrap() } else {
        let (r, c) = args[1].split_once('x').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        let seed = args[2].parse().unwrap();
        if args[0] == "grown" { random::grown_loop(r, c, seed) } else { random::random_loop(r, c, seed) }
    };
    let (r, c) = (inside.rows(), inside.cols());
    for rr in 0..r { println!("  {}", inside.row(rr).iter().map(|&b| if b {'#'} else {'.'}).collect::<String>()); }
    let cand = Grid::new(r, c, true);
    let t = Instant::now();
    let d = HintDesign::new(&inside, &cand).unwrap();
    println!("H {} sets {} nodes; minimal {} ({} nodes); {:?}; {:?}", d.count(Which::Good), d.nodes(Which::Good), d.count(Which::Minimal), d.nodes(Which::Minimal), t.elapsed(), d.stats());
}
