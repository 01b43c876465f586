use std::time::Instant;
use zlink_grid::Grid;
use zlink_link::design::{parse_loop, random, HintDesign, Which};
use zlink_zdd::Zdd;
const EXAMPLE1: &str = "7 5\n##   ##\n ## ##\n  ###\n ## ##\n##   ##\n";
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let inside = if args.is_empty() { parse_loop(EXAMPLE1, "e").unwrap() } else {
        let (r, c) = args[0].split_once('x').unwrap();
        random::random_loop(r.parse().unwrap(), c.parse().unwrap(), args[1].parse().unwrap())
    };
    let cand = Grid::new(inside.rows(), inside.cols(), true);
    let mut d = HintDesign::new(&inside, &cand).unwrap();
    let n = d.num_candidates();
    let good = d.root(Which::Good);
    let minr = d.root(Which::Minimal);
    let t = Instant::now();
    let z = d.zdd_mut();
    let all: Vec<u32> = (0..n as u32).collect();
    let all = z.power_set(&all).unwrap();
    let bad = z.difference(all, good).unwrap();
    let mut memo = std::collections::HashMap::new();
    let maxb = down_max(z, bad, &mut memo);
    println!("max B: {} sets, {} nodes, {:?}", z.count(maxb), z.size(maxb), t.elapsed());
    // M = complements of max B
    let sets: Vec<Vec<u32>> = z.iter(maxb).map(|s| (0..n as u32).filter(|v| !s.contains(v)).collect()).collect();
    let mut z2 = Zdd::new(n as u32);
    let m = z2.from_sets(&sets).unwrap();
    println!("M: {} sets {} nodes", z2.count(m), z2.size(m));
    let t = Instant::now();
    let h = z2.hitting_sets(m).unwrap();
    println!("HitAll(M): {} ({} nodes) {:?}", z2.count(h), z2.size(h), t.elapsed());

    let t = Instant::now();
    let um = z2.up_minimal(h).unwrap();
    println!("up_minimal(H): {} ({} nodes) {:?}", z2.count(um), z2.size(um), t.elapsed());
    let _ = minr;
    let mut by_size = std::collections::BTreeMap::new();
    for s in &sets { *by_size.entry(s.len()).or_insert(0) += 1; }
    println!("n={n} by size {:?}", by_size);
    let vals = d.values().clone();
    for s in sets.iter().filter(|s| s.len() >= 11).take(6) {
        let mut g = Grid::new(inside.rows(), inside.cols(), '.');
        for r in 0..inside.rows() { for c in 0..inside.cols() { let co = zlink_grid::Coord::new(r,c); g[co] = if inside[co] {'#'} else {'.'}; } }
        for &v in s { let co = d.cell(v); g[co] = char::from(b'0' + vals[co]); }
        for r in 0..g.rows() { println!("  {}", g.row(r).iter().collect::<String>()); }
        println!();
    }
}
fn down_max(z: &mut Zdd, f: zlink_zdd::NodeId, memo: &mut std::collections::HashMap<zlink_zdd::NodeId, zlink_zdd::NodeId>) -> zlink_zdd::NodeId {
    if f.is_terminal() { return f; }
    if let Some(&x) = memo.get(&f) { return x; }
    let (v, f0, f1) = (z.var(f), z.lo(f), z.hi(f));
    let m0 = down_max(z, f0, memo);
    let m1 = down_max(z, f1, memo);
    let lo = z.difference(m0, f1).unwrap();
    let x = z.node(v, lo, m1).unwrap();
    memo.insert(f, x);
    x
}
