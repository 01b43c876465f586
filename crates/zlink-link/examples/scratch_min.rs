use std::collections::HashMap;
use std::time::Instant;
use zlink_grid::Grid;
use zlink_link::design::{random, HintDesign, Which};
use zlink_zdd::{import::Unreduced, NodeId, RawRef, Zdd};

fn min_topdown(z: &Zdd, h: NodeId, k: u32) -> (usize, usize, Unreduced) {
    let mut rows: Vec<Vec<[RawRef; 2]>> = Vec::new();
    let mut cur: Vec<(NodeId, Vec<NodeId>)> = vec![(h, Vec::new())];
    let (mut total, mut sumsib) = (0usize, 0usize);
    for j in 0..k {
        let mut index: HashMap<(NodeId, Vec<NodeId>), u32> = HashMap::new();
        let mut nxt = Vec::new();
        let mut row = Vec::with_capacity(cur.len());
        for (f, sibs) in &cur {
            total += 1; sumsib += sibs.len();
            assert_eq!(z.var(*f), j);
            let mut kids = [RawRef::ZERO; 2];
            for take in [false, true] {
                let f2 = if take { z.hi(*f) } else { z.lo(*f) };
                if f2 == NodeId::ZERO { continue; }
                let mut s2: Vec<NodeId> = sibs.iter().map(|&g| if take { z.hi(g) } else { z.lo(g) }).collect();
                if take { s2.push(z.lo(*f)); }
                s2.retain(|&g| g != NodeId::ZERO);
                if s2.iter().any(|&g| g == f2) { continue; }
                s2.sort_unstable(); s2.dedup();
                let r = if j + 1 == k { if f2 == NodeId::ONE && s2.is_empty() { RawRef::ONE } else { RawRef::ZERO } } else {
                    let n = index.len() as u32;
                    let key = (f2, s2);
                    let id = match index.get(&key) { Some(&i) => i, None => { index.insert(key.clone(), n); nxt.push(key); n } };
                    RawRef::node(j + 1, id)
                };
                kids[usize::from(take)] = r;
            }
            row.push(kids);
        }
        rows.push(row);
        cur = nxt;
    }
    (total, sumsib, Unreduced::from_rows(RawRef::node(0, 0), &rows).unwrap())
}

fn ext(z: &mut Zdd, f: NodeId, memo: &mut HashMap<NodeId, NodeId>) -> NodeId {
    if f.is_terminal() { return NodeId::ZERO; }
    if let Some(&x) = memo.get(&f) { return x; }
    let (v, f0, f1) = (z.var(f), z.lo(f), z.hi(f));
    let e0 = ext(z, f0, memo);
    let e1 = ext(z, f1, memo);
    let u = z.union(f0, e1).unwrap();
    let x = z.node(v, e0, u).unwrap();
    memo.insert(f, x);
    x
}

fn minrel(z: &mut Zdd, f: NodeId, g: NodeId, memo: &mut HashMap<(NodeId, NodeId), NodeId>, st: &mut usize) -> NodeId {
    if f == g || f == NodeId::ZERO { return NodeId::ZERO; }
    if f == NodeId::ONE { return if g == NodeId::ZERO { NodeId::ONE } else { NodeId::ZERO }; }
    if let Some(&x) = memo.get(&(f, g)) { return x; }
    *st += 1;
    let (v, f0, f1) = (z.var(f), z.lo(f), z.hi(f));
    let (g0, g1) = if g == NodeId::ZERO { (g, g) } else { assert_eq!(z.var(g), v); (z.lo(g), z.hi(g)) };
    let a = minrel(z, f0, g0, memo, st);
    let u = z.union(f0, g1).unwrap();
    let b = minrel(z, f1, u, memo, st);
    let x = z.node(v, a, b).unwrap();
    memo.insert((f, g), x);
    x
}

struct Um { all: Vec<NodeId>, dm: HashMap<(NodeId, NodeId), NodeId>, mm: HashMap<NodeId, NodeId>, calls: usize, shortcut: bool }
impl Um {
    fn lvl(z: &Zdd, f: NodeId, k: u32) -> u32 { if f.is_terminal() { k } else { z.var(f) } }
    // x \ y, y up-closed complete
    fn diff(&mut self, z: &mut Zdd, x: NodeId, y: NodeId) -> NodeId {
        if x == NodeId::ZERO || y == NodeId::ZERO { return x; }
        let k = self.all.len() as u32 - 1;
        let u = Self::lvl(z, y, k);
        if self.shortcut && y == self.all[u as usize] { return NodeId::ZERO; }
        if x == NodeId::ONE { // ∅ ∈ y ?
            let mut g = y; while !g.is_terminal() { g = z.lo(g); } return if g == NodeId::ONE { NodeId::ZERO } else { NodeId::ONE };
        }
        if let Some(&r) = self.dm.get(&(x, y)) { return r; }
        self.calls += 1;
        let vx = z.var(x);
        let (y0, y1) = if u < vx { // x has no sets with u; y's sets without u: y0; descend
            let r = self.diff(z, x, z.lo(y)); self.dm.insert((x, y), r); return r;
        } else if u == vx { (z.lo(y), z.hi(y)) } else { (y, NodeId::ZERO) };
        let (x0, x1) = (z.lo(x), z.hi(x));
        let a = self.diff(z, x0, y0);
        let b = self.diff(z, x1, y1);
        let r = z.node(vx, a, b).unwrap();
        self.dm.insert((x, y), r);
        r
    }
    fn min(&mut self, z: &mut Zdd, f: NodeId) -> NodeId {
        if f.is_terminal() { return f; }
        if let Some(&r) = self.mm.get(&f) { return r; }
        let (v, f0, f1) = (z.var(f), z.lo(f), z.hi(f));
        let a = self.min(z, f0);
        let m1 = self.min(z, f1);
        let b = self.diff(z, m1, f0);
        let r = z.node(v, a, b).unwrap();
        self.mm.insert(f, r);
        r
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (r, c) = if args[0] == "file" { ("0", "0") } else { args[1].split_once('x').unwrap() };
    let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
    let seed = if args[0] == "file" { 0 } else { args[2].parse().unwrap() };
    let inside = if args[0] == "file" { zlink_link::design::parse_loop(&std::fs::read_to_string(&args[1]).unwrap(), "f").unwrap() } else if args[0] == "grown" { random::grown_loop(r, c, seed) } else { random::random_loop(r, c, seed) };
    let cand = Grid::new(inside.rows(), inside.cols(), true);
    let d = HintDesign::new(&inside, &cand).unwrap();
    let h = d.root(Which::Good);
    let z = d.zdd();
    println!("H {} nodes", z.size(h));
    let t = Instant::now();
    let _ = min_topdown;
    if std::env::var("ONLY_UPMIN").is_ok() {
        let mut d = d;
        let t = Instant::now();
        let zz = d.zdd_mut();
        let um = zz.up_minimal(h).unwrap();
        println!("up_minimal: {} nodes {} sets {:?}; store {} nodes", zz.size(um), zz.count(um), t.elapsed(), zz.node_count());
        return;
    }
    for sc in [false, true] {
        let t = Instant::now();
        let mut d2 = d.clone();
        let k = d2.num_candidates() as u32;
        let zz = d2.zdd_mut();
        let mut all = vec![NodeId::ONE; k as usize + 1];
        for j in (0..k).rev() { all[j as usize] = zz.node(j, all[j as usize + 1], all[j as usize + 1]).unwrap(); }
        let mut um = Um { all, dm: HashMap::new(), mm: HashMap::new(), calls: 0, shortcut: sc };
        let m = um.min(zz, h);
        println!("custom up_min shortcut={sc}: {} diff calls; min {} nodes {} sets {:?}", um.calls, zz.size(m), zz.count(m), t.elapsed());
    }
    if std::env::var("SKIPREST").is_ok() { return; }
    let t = Instant::now();
    {
        let mut d2 = d.clone();
        let zz = d2.zdd_mut();
        let mut memo = HashMap::new();
        let mut st = 0;
        let m = minrel(zz, h, NodeId::ZERO, &mut memo, &mut st);
        println!("minrel: {} states; min {} nodes {} sets {:?}", st, zz.size(m), zz.count(m), t.elapsed());
    }
    let t = Instant::now();
    let mut d = d;
    {
        let zz = d.zdd_mut();
        let mut memo = HashMap::new();
        let e = ext(zz, h, &mut memo);
        let m = zz.difference(h, e).unwrap();
        println!("H minus E(H): E {} nodes; min {} nodes {} sets {:?}", zz.size(e), zz.size(m), zz.count(m), t.elapsed());
    }
    let t = Instant::now();
    let zz = d.zdd_mut();
    let um = zz.up_minimal(h).unwrap();
    println!("up_minimal: {} nodes {} sets {:?}", zz.size(um), zz.count(um), t.elapsed());
}
