use std::time::Instant;
use zlink_grid::Grid;
use zlink_link::design::{random, HintDesign, Which};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (r, c) = args[0].split_once('x').unwrap();
    let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
    let inside = random::random_loop(r, c, args[1].parse().unwrap());
    for rr in 0..r { println!("  {}", inside.row(rr).iter().map(|&b| if b {'#'} else {'.'}).collect::<String>()); }
    let cand = Grid::new(r, c, true);
    let t = Instant::now();
    let d = HintDesign::new(&inside, &cand).unwrap();
    let z = d.zdd();
    let n = d.num_candidates();
    for which in [Which::Good, Which::Minimal] {
        let root = d.root(which);
        let mut seen = std::collections::HashSet::new();
        let mut st = vec![root];
        let mut prof = vec![0usize; n];
        while let Some(f) = st.pop() { if f.is_terminal() || !seen.insert(f) { continue; } prof[z.var(f) as usize] += 1; st.push(z.lo(f)); st.push(z.hi(f)); }
        println!("{:?}: {} sets, {} nodes, profile by var (cell r,c): ", which, z.count(root), seen.len());
        let s: Vec<String> = (0..n).map(|v| { let co = d.cell(v as u32); format!("{}{}:{}", co.row, co.col, prof[v]) }).collect();
        println!("  {}", s.join(" "));
    }
    println!("{:?} stats {:?}", t.elapsed(), d.stats());
}
