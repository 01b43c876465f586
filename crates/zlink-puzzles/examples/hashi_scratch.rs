use zlink_puzzles::hashi::{graph::BridgeGraph, propagate, Hashi};
fn main() {
    if let Ok(p) = std::env::var("LEVELS") { levels(&p); return; }
    if let Ok(p) = std::env::var("CORR") { corr(&p); return; }
    if let Ok(p) = std::env::var("DOOM") { doom(&p); return; }
    if let Ok(p) = std::env::var("ALIVE") { alive(&p, zlink_puzzles::hashi::zdd::Sweep::Graph(1)); return; }
    if let Ok(p) = std::env::var("DEAD") { deadness(&p, zlink_puzzles::hashi::zdd::Sweep::Graph(1)); return; }
    if std::env::var("ORDERS").is_ok() { for a in std::env::args().skip(1) { orders(&a); } return; }
    if let Ok(p) = std::env::var("PROFILE") { let s = match std::env::var("SWEEP").as_deref() { Ok("c") => zlink_puzzles::hashi::zdd::Sweep::Columns, Ok("rb") => zlink_puzzles::hashi::zdd::Sweep::RowsBack, Ok("cb") => zlink_puzzles::hashi::zdd::Sweep::ColumnsBack, Ok("g") => zlink_puzzles::hashi::zdd::Sweep::Graph(1), _ => zlink_puzzles::hashi::zdd::Sweep::Rows }; profile(&p, s, std::env::var("SECS").ok().and_then(|x| x.parse().ok()).unwrap_or(60)); return; }
    for a in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&a).unwrap();
        let h = Hashi::parse_any(&text, &a).unwrap();
        let g = BridgeGraph::new(&h);
        let b = propagate::bounds(&h, &g).unwrap();
        let n = h.islands().len();
        let kept = b.iter().filter(|x| x.1 > 0).count();
        let und: Vec<usize> = (0..b.len()).filter(|&e| b[e].0 < b[e].1).collect();
        let forced = b.iter().filter(|x| x.0 >= 1).count();
        // groups by forced edges
        let mut p: Vec<usize> = (0..n).collect();
        fn f(p: &mut Vec<usize>, x: usize) -> usize { let mut x = x; while p[x] != x { p[x] = p[p[x]]; x = p[x]; } x }
        for (e, c) in g.candidates.iter().enumerate() { if b[e].0 >= 1 { let (x, y) = (f(&mut p, c.a), f(&mut p, c.b)); p[x] = y; } }
        let groups = (0..n).filter(|&x| f(&mut p, x) == x).count();
        let mut undv = vec![false; n];
        for &e in &und { undv[g.candidates[e].a] = true; undv[g.candidates[e].b] = true; }
        let nu = undv.iter().filter(|&&x| x).count();
        let mut ug: Vec<usize> = (0..n).filter(|&x| undv[x]).map(|x| f(&mut p, x)).collect();
        ug.sort(); ug.dedup();
        // width of row sweep: vertices live between first and last incident edge, edges by (min,max)
        let width = |edges: &Vec<(usize, usize)>, unit: &dyn Fn(usize) -> usize| {
            let mut es = edges.clone(); es.sort();
            let mut first = vec![usize::MAX; n]; let mut last = vec![0; n];
            for (i, &(x, y)) in es.iter().enumerate() { for v in [x, y] { let u = unit(v); first[u] = first[u].min(i); last[u] = last[u].max(i); } }
            let mut w = 0; let mut sum = 0;
            for i in 0..es.len() { let c = (0..n).filter(|&u| first[u] <= i && i < last[u]).count(); w = w.max(c); sum += c; }
            (w, sum / es.len().max(1))
        };
        let all: Vec<(usize, usize)> = (0..b.len()).filter(|&e| b[e].1 > 0).map(|e| (g.candidates[e].a, g.candidates[e].b)).collect();
        let ue: Vec<(usize, usize)> = und.iter().map(|&e| (g.candidates[e].a, g.candidates[e].b)).collect();
        let id = |v: usize| v;
        let pp = p.clone();
        let grp = move |v: usize| { let mut x = v; while pp[x] != x { x = pp[x]; } x };
        println!("{a}: n {n} m {} kept {kept} undetermined {} forced {forced} groups {groups} | und islands {nu} und groups {} | width all {:?} und-vertex {:?} und-unit {:?}",
            b.len(), und.len(), ug.len(), width(&all, &id), width(&ue, &id), width(&ue, &grp));
    }
}
#[allow(dead_code)]
pub fn profile(path: &str, sweep: zlink_puzzles::hashi::zdd::Sweep, secs: u64) {
    use zlink_frontier::run::{count_family, Limits};
    let text = std::fs::read_to_string(path).unwrap();
    let h = Hashi::parse_any(&text, path).unwrap();
    let pr = zlink_puzzles::hashi::zdd::prepare(&h, true, sweep).unwrap();
    println!("width {:?} levels {}", pr.problem.state_width(), pr.problem.num_vars());
    let t = std::time::Instant::now();
    let prog = |p: &zlink_frontier::Progress| { if p.level % 40 == 0 { println!("  level {} states {} total {} t {:.1}", p.level, p.level_nodes, p.nodes_so_far, t.elapsed().as_secs_f64()); } };
    let l = Limits { threads: Some(1), max_memory: Some(4_000_000_000), time_limit: Some(std::time::Duration::from_secs(secs)), progress: Some(&prog), ..Default::default() };
    match count_family(&pr.problem, &l) { Ok(r) => println!("count {} max {} total {} in {:.2}", r.count, r.max_level_states, r.total_states, t.elapsed().as_secs_f64()), Err(e) => println!("err {e}") }
}
/// vertex separation profile of an order: after each vertex, |N(processed) \ processed|
#[allow(dead_code)]
pub fn sep(adj: &[Vec<usize>], order: &[usize]) -> (usize, f64) {
    let n = adj.len();
    let mut done = vec![false; n];
    let mut inb = vec![false; n];
    let mut b = 0usize; let mut w = 0; let mut s = 0.0;
    for &v in order {
        done[v] = true;
        if inb[v] { inb[v] = false; b -= 1; }
        for &u in &adj[v] { if !done[u] && !inb[u] { inb[u] = true; b += 1; } }
        w = w.max(b); s += (2.0f64).powi(b as i32);
    }
    (w, s.log2())
}
#[allow(dead_code)]
pub fn greedy(adj: &[Vec<usize>], start: usize) -> Vec<usize> {
    let n = adj.len();
    let mut done = vec![false; n];
    let mut inb = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut cand: Vec<usize> = vec![start];
    inb[start] = true;
    while order.len() < n {
        if cand.is_empty() { let v = (0..n).find(|&v| !done[v]).unwrap(); cand.push(v); inb[v] = true; }
        // pick candidate minimising (new boundary vertices - 1)
        let mut best = 0; let mut bs = (i64::MAX, i64::MAX);
        for (i, &v) in cand.iter().enumerate() {
            let add = adj[v].iter().filter(|&&u| !done[u] && !inb[u]).count() as i64;
            let conn = adj[v].iter().filter(|&&u| done[u]).count() as i64;
            let sc = (add, -conn);
            if sc < bs { bs = sc; best = i; }
        }
        let v = cand.swap_remove(best);
        done[v] = true; inb[v] = false;
        order.push(v);
        for &u in &adj[v] { if !done[u] && !inb[u] { inb[u] = true; cand.push(u); } }
    }
    order
}
#[allow(dead_code)]
pub fn orders(path: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    let h = Hashi::parse_any(&text, path).unwrap();
    let g = BridgeGraph::new(&h);
    let b = propagate::bounds(&h, &g).unwrap();
    let n = h.islands().len();
    let mut adj = vec![Vec::new(); n];
    for (e, c) in g.candidates.iter().enumerate() { if b[e].1 > 0 { adj[c.a].push(c.b); adj[c.b].push(c.a); } }
    let rows: Vec<usize> = (0..n).collect();
    let mut cols = rows.clone(); cols.sort_by_key(|&i| (h.islands()[i].coord.col, h.islands()[i].coord.row));
    let mut diag = rows.clone(); diag.sort_by_key(|&i| (h.islands()[i].coord.col + h.islands()[i].coord.row, h.islands()[i].coord.row));
    println!("{path}\n rows {:?} cols {:?} diag {:?}", sep(&adj, &rows), sep(&adj, &cols), sep(&adj, &diag));
    let mut best = (usize::MAX, 0.0, 0);
    for s in 0..n { let o = greedy(&adj, s); let r = sep(&adj, &o); if r.1 < best.1 || best.0 == usize::MAX { best = (r.0, r.1, s); } }
    println!(" greedy best {:?}", best);
    println!(" treewidth est: min-degree {} min-fill {}", elim_width(&adj, false), elim_width(&adj, true));
    let (na, bs) = blocks(&adj);
    println!(" articulation {na} blocks {:?}", &bs[..bs.len().min(12)]);
    let g0 = greedy(&adj, best.2);
    println!(" greedy cost {:?}", cost(&adj, &g0, 2.0));
    let t = std::time::Instant::now();
    let a = anneal(&adj, g0, 200000, 7);
    println!(" anneal {:?} sep {:?} in {:.1}s", cost(&adj, &a, 2.0), sep(&adj, &a), t.elapsed().as_secs_f64());
}
#[allow(dead_code)]
pub struct Rng(u64);
impl Rng { pub fn next(&mut self) -> u64 { self.0 ^= self.0 << 13; self.0 ^= self.0 >> 7; self.0 ^= self.0 << 17; self.0 } pub fn below(&mut self, n: usize) -> usize { (self.next() % n as u64) as usize } pub fn unit(&mut self) -> f64 { (self.next() >> 11) as f64 / (1u64 << 53) as f64 } }
#[allow(dead_code)]
pub fn cost(adj: &[Vec<usize>], order: &[usize], base: f64) -> (usize, f64) {
    let n = adj.len();
    let mut pos = vec![0; n];
    for (i, &v) in order.iter().enumerate() { pos[v] = i; }
    // vertex u is on boundary during [first processed neighbour pos, pos[u])
    let mut diff = vec![0i64; n + 1];
    for u in 0..n { let f = adj[u].iter().map(|&w| pos[w]).min().unwrap_or(usize::MAX); if f < pos[u] { diff[f] += 1; diff[pos[u]] -= 1; } }
    let mut b = 0i64; let mut w = 0; let mut s = 0.0;
    for t in 0..n { b += diff[t]; w = w.max(b as usize); s += base.powi(b as i32); }
    (w, s.ln() / base.ln())
}
#[allow(dead_code)]
pub fn anneal(adj: &[Vec<usize>], start: Vec<usize>, iters: usize, seed: u64) -> Vec<usize> {
    let mut rng = Rng(seed | 1);
    let n = start.len();
    let mut cur = start; let base = 2.0;
    let mut cc = cost(adj, &cur, base).1;
    let mut best = (cc, cur.clone());
    let mut acc = 0;
    for it in 0..iters {
        let temp = 0.05 * (0.01f64).powf(it as f64 / iters as f64);
        let i = rng.below(n); let span = 1 + rng.below(8); let j = if rng.next() & 1 == 0 { (i + span).min(n - 1) } else { i.saturating_sub(span) };
        let mut nw = cur.clone(); let v = nw.remove(i); nw.insert(j, v);
        let nc = cost(adj, &nw, base).1;
        if nc <= cc || rng.unit() < ((cc - nc) / temp).exp() { cur = nw; cc = nc; acc += 1; if cc < best.0 { best = (cc, cur.clone()); } }
    }
    eprintln!("accepted {acc} final {cc} best {}", best.0);
    best.1
}
#[allow(dead_code)]
pub fn blocks(adj: &[Vec<usize>]) -> (usize, Vec<usize>) {
    // Tarjan biconnected components by edges; returns (#articulation points, block sizes (vertices))
    let n = adj.len();
    let mut disc = vec![usize::MAX; n]; let mut low = vec![0; n]; let mut t = 0;
    let mut art = vec![false; n]; let mut stack: Vec<(usize, usize)> = Vec::new(); let mut sizes = Vec::new();
    fn dfs(u: usize, p: usize, adj: &[Vec<usize>], disc: &mut Vec<usize>, low: &mut Vec<usize>, t: &mut usize, art: &mut Vec<bool>, st: &mut Vec<(usize, usize)>, sizes: &mut Vec<usize>) {
        disc[u] = *t; low[u] = *t; *t += 1; let mut ch = 0;
        for &v in &adj[u] {
            if disc[v] == usize::MAX { ch += 1; st.push((u, v)); dfs(v, u, adj, disc, low, t, art, st, sizes); low[u] = low[u].min(low[v]);
                if (p == usize::MAX && ch > 1) || (p != usize::MAX && low[v] >= disc[u]) { art[u] = true; }
                if low[v] >= disc[u] { let mut vs = std::collections::BTreeSet::new(); while let Some(e) = st.pop() { vs.insert(e.0); vs.insert(e.1); if e == (u, v) { break; } } sizes.push(vs.len()); }
            } else if v != p && disc[v] < disc[u] { st.push((u, v)); low[u] = low[u].min(disc[v]); }
        }
    }
    for s in 0..n { if disc[s] == usize::MAX { dfs(s, usize::MAX, adj, &mut disc, &mut low, &mut t, &mut art, &mut stack, &mut sizes); } }
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    (art.iter().filter(|&&x| x).count(), sizes)
}
#[allow(dead_code)]
pub fn deadness(path: &str, sweep: zlink_puzzles::hashi::zdd::Sweep) {
    use zlink_frontier::run::{build_family, Limits};
    let text = std::fs::read_to_string(path).unwrap();
    let h = Hashi::parse_any(&text, path).unwrap();
    let pr = zlink_puzzles::hashi::zdd::prepare(&h, true, sweep).unwrap();
    let mut zdd = zlink_zdd::Zdd::new(pr.problem.num_vars() as u32);
    let l = Limits { threads: Some(1), ..Default::default() };
    let r = build_family(&pr.problem, &mut zdd, &l).unwrap();
    println!("{path}: raw {} max level {} reduced {} count {}", r.raw_nodes, r.max_level_nodes, zdd.size(r.root), zdd.count(r.root));
}
#[allow(dead_code)]
pub fn alive(path: &str, sweep: zlink_puzzles::hashi::zdd::Sweep) {
    use zlink_zdd::import::RawRef;
    let text = std::fs::read_to_string(path).unwrap();
    let h = Hashi::parse_any(&text, path).unwrap();
    let pr = zlink_puzzles::hashi::zdd::prepare(&h, true, sweep).unwrap();
    let spec = zlink_frontier::specs::connected::ConnectedDegree::<zlink_frontier::packed::Wide>::new(&pr.problem).unwrap();
    let b = zlink_frontier::build(&spec, &Default::default()).unwrap();
    let (_root, rows) = b.unreduced.to_rows();
    // alive bottom-up
    let mut al: Vec<Vec<bool>> = rows.iter().map(|r| vec![false; r.len()]).collect();
    for v in (0..rows.len()).rev() {
        for i in 0..rows[v].len() {
            let mut a = false;
            for c in rows[v][i] { a |= match c.as_node() { None => c == RawRef::ONE, Some((w, j)) => al[w as usize][j as usize] }; }
            al[v][i] = a;
        }
    }
    let mut reach: Vec<Vec<u32>> = rows.iter().enumerate().map(|(v, r)| vec![v as u32; r.len()]).collect();
    for v in (0..rows.len()).rev() {
        for i in 0..rows[v].len() {
            let mut x = v as u32;
            for c in rows[v][i] { if let Some((w, j)) = c.as_node() { x = x.max(reach[w as usize][j as usize]); } }
            reach[v][i] = x;
        }
    }
    let mut hist = [0usize; 12];
    for v in 0..rows.len() { for i in 0..rows[v].len() { if !al[v][i] { let d = (reach[v][i] - v as u32) as usize; let b = if d == 0 { 0 } else { (usize::BITS - d.leading_zeros()) as usize }; hist[b.min(11)] += 1; } } }
    println!("death distance histogram (0,1,2-3,4-7,...): {hist:?}");
    let tot: usize = rows.iter().map(|r| r.len()).sum();
    let alive: usize = al.iter().map(|r| r.iter().filter(|&&x| x).count()).sum();
    let maxalive = al.iter().map(|r| r.iter().filter(|&&x| x).count()).max().unwrap();
    println!("{path}: raw {tot} alive {alive} max level alive {maxalive} max level {}", b.max_level_nodes);
}
/// min-fill / min-degree elimination width
#[allow(dead_code)]
pub fn elim_width(adj: &[Vec<usize>], minfill: bool) -> usize {
    use std::collections::BTreeSet;
    let n = adj.len();
    let mut g: Vec<BTreeSet<usize>> = adj.iter().map(|a| a.iter().copied().collect()).collect();
    let mut alive = vec![true; n];
    let mut w = 0;
    for _ in 0..n {
        let mut best = (usize::MAX, 0);
        for v in 0..n { if !alive[v] { continue; }
            let sc = if minfill { let nb: Vec<usize> = g[v].iter().copied().collect(); let mut f = 0; for i in 0..nb.len() { for j in i+1..nb.len() { if !g[nb[i]].contains(&nb[j]) { f += 1; } } } f * 1000 + nb.len() } else { g[v].len() };
            if sc < best.0 { best = (sc, v); } }
        let v = best.1; let nb: Vec<usize> = g[v].iter().copied().collect();
        w = w.max(nb.len());
        for &a in &nb { g[a].remove(&v); for &b in &nb { if a != b { g[a].insert(b); } } }
        alive[v] = false; g[v].clear();
    }
    w
}
#[allow(dead_code)]
pub fn doom(path: &str) {
    use zlink_frontier::{Spec, Step};
    use zlink_frontier::packed::{Slots, Wide};
    use zlink_frontier::specs::connected::ConnectedDegree;
    use std::collections::HashMap;
    let text = std::fs::read_to_string(path).unwrap();
    let h = Hashi::parse_any(&text, path).unwrap();
    let pr = zlink_puzzles::hashi::zdd::prepare_with(&h, true, zlink_puzzles::hashi::zdd::Sweep::Graph(1), std::env::var("W").ok().and_then(|x| x.parse().ok()).unwrap_or(0)).unwrap();
    let conn = ConnectedDegree::<Wide>::new(&pr.problem).unwrap();
    let deg = ConnectedDegree::<Wide>::new(&pr.problem).unwrap().with_noconn();
    let w = (conn.fields() - pr.problem.state_width().unwrap().1) / 2;
    // generic raw BFS: returns per level states and children
    type Ch = (u8, u32, u32); // kind 0 reject 1 accept 2 node(level, idx)
    fn bfs<S: Spec<State = Wide>>(spec: &S) -> (Vec<Vec<Wide>>, Vec<Vec<[Ch; 2]>>) {
        let l = spec.num_levels() as usize;
        let mut states: Vec<Vec<Wide>> = vec![Vec::new(); l];
        let mut maps: Vec<HashMap<Wide, u32>> = vec![HashMap::new(); l];
        let mut ch: Vec<Vec<[Ch; 2]>> = vec![Vec::new(); l];
        if let Step::Node(lv, s) = spec.root() { maps[lv as usize].insert(s.clone(), 0); states[lv as usize].push(s); }
        for lv in 0..l {
            let mut i = 0;
            while i < states[lv].len() {
                let s = states[lv][i].clone();
                let mut c = [(0u8, 0u32, 0u32); 2];
                for (k, take) in [false, true].into_iter().enumerate() {
                    c[k] = match spec.child(&s, lv as u32, take) {
                        Step::Reject => (0, 0, 0), Step::Accept => (1, 0, 0),
                        Step::Node(j, t) => { let j = j as usize; let len = states[j].len() as u32; let id = *maps[j].entry(t.clone()).or_insert(len); if id == len { states[j].push(t); } (2, j as u32, id) }
                    };
                }
                ch[lv].push(c);
                i += 1;
            }
            maps[lv] = HashMap::new();
        }
        (states, ch)
    }
    fn alive(ch: &[Vec<[Ch; 2]>]) -> Vec<Vec<bool>> {
        let mut al: Vec<Vec<bool>> = ch.iter().map(|r| vec![false; r.len()]).collect();
        for lv in (0..ch.len()).rev() { for i in 0..ch[lv].len() { al[lv][i] = ch[lv][i].iter().any(|c| c.0 == 1 || (c.0 == 2 && al[c.1 as usize][c.2 as usize])); } }
        al
    }
    let (cs, cc) = bfs(&conn);
    let ca = alive(&cc);
    let (ds, dc) = bfs(&deg);
    let da = alive(&dc);
    // reach in the degree-only diagram
    let mut reach: Vec<Vec<u32>> = dc.iter().enumerate().map(|(v, r)| vec![v as u32; r.len()]).collect();
    for v in (0..dc.len()).rev() { for i in 0..dc[v].len() { let mut x = v as u32; for c in dc[v][i] { if c.0 == 2 { x = x.max(reach[c.1 as usize][c.2 as usize]); } } reach[v][i] = x; } }
    let mut hist = [0usize; 12];
    let mut dset: Vec<HashMap<Wide, bool>> = vec![HashMap::new(); ds.len()];
    for lv in 0..ds.len() { for (i, s) in ds[lv].iter().enumerate() { dset[lv].insert(s.clone(), da[lv][i]); if !da[lv][i] { let d = (reach[lv][i] - lv as u32) as usize; let b = if d == 0 { 0 } else { (usize::BITS - d.leading_zeros()) as usize }; hist[b.min(11)] += 1; } } }
    println!("degree-only dead states: refutation depth in levels (0,1,2-3,4-7,..): {hist:?}");
    let (mut tot, mut alive_n, mut deg_dead, mut conn_only) = (0usize, 0usize, 0usize, 0usize);
    let mut missing = 0;
    let mut maxl = (0, 0, 0, 0);
    for lv in 0..cs.len() {
        let (mut a, mut dd, mut co) = (0, 0, 0);
        for (i, s) in cs[lv].iter().enumerate() {
            tot += 1;
            if ca[lv][i] { alive_n += 1; a += 1; continue; }
            let mut p = s.clone();
            for t in 0..w { p.set((w + t) as u8, 0); }
            match dset[lv].get(&p) { Some(true) => { conn_only += 1; co += 1; } Some(false) => { deg_dead += 1; dd += 1; } None => missing += 1 }
        }
        if cs[lv].len() > maxl.0 { maxl = (cs[lv].len(), a, dd, co); }
    }
    println!("{path}: states {tot} alive {alive_n} degree-dead {deg_dead} connectivity-only dead {conn_only} missing {missing}; widest level (states, alive, deg-dead, conn-dead) {maxl:?}");
}
#[allow(dead_code)]
pub fn corr(path: &str) {
    use zlink_frontier::specs::connected::layout::{vertex_order, order_cost, LayoutOptions};
    use zlink_frontier::run::{count_family, Limits};
    let text = std::fs::read_to_string(path).unwrap();
    let h = Hashi::parse_any(&text, path).unwrap();
    let mut cfgs = Vec::new();
    for seed in 1..=3u64 { for mv in [0usize, 100, 400, 1600, 6400] { for l in [0.0, 0.5] { cfgs.push((seed, mv, l)); } } }
    for (seed, mv, l) in cfgs {
        let t = std::time::Instant::now();
        let mut costs = (0.0, 0, 0, 0.0);
        let pr = zlink_puzzles::hashi::zdd::prepare_ordered(&h, true, 32, |p| {
            let o = vertex_order(p, &LayoutOptions { seed, moves_per_vertex: mv, flag_weight: l, starts: 64 });
            let c0 = order_cost(p, &o, 0.0); let c5 = order_cost(p, &o, 0.5);
            costs = (c0.0, c0.1, c0.2, c5.0);
            o
        }).unwrap();
        let lt = t.elapsed().as_secs_f64();
        let lim = Limits { threads: Some(1), max_nodes: Some(20_000_000), time_limit: Some(std::time::Duration::from_secs(60)), ..Default::default() };
        let t = std::time::Instant::now();
        let r = count_family(&pr.problem, &lim);
        let (tot, wid) = match r { Ok(r) => (r.total_states.to_string(), r.max_level_states.to_string()), Err(e) => (format!("ERR {}", e.to_string().chars().take(30).collect::<String>()), String::new()) };
        println!("seed {seed} moves {mv} l {l}: cost0 {:.2} live {} flags {} cost.5 {:.2} | layout {lt:.2}s | states {tot} widest {wid} in {:.2}s", costs.0, costs.1, costs.2, costs.3, t.elapsed().as_secs_f64());
    }
}
#[allow(dead_code)]
pub fn levels(path: &str) {
    use zlink_frontier::specs::connected::layout::{vertex_order, LayoutOptions};
    use zlink_frontier::run::{count_family, Limits};
    let text = std::fs::read_to_string(path).unwrap();
    let h = Hashi::parse_any(&text, path).unwrap();
    let w: usize = std::env::var("W").ok().and_then(|x| x.parse().ok()).unwrap_or(32);
    let pr = zlink_puzzles::hashi::zdd::prepare_ordered(&h, true, w, |p| vertex_order(p, &LayoutOptions { seed: 1, moves_per_vertex: 1600, flag_weight: 0.0, starts: 64 })).unwrap();
    let p = &pr.problem;
    let m = p.edges.len();
    let mut first = vec![usize::MAX; p.n]; let mut last = vec![0; p.n];
    for (e, &(a, b)) in p.edges.iter().enumerate() { for x in [a as usize, b as usize] { first[x] = first[x].min(e); last[x] = e; } }
    let mut earliest = vec![usize::MAX; m];
    for &(a, b) in &p.crossings { let (x, y) = (a.min(b), a.max(b)); earliest[y] = earliest[y].min(x); }
    let per = std::sync::Mutex::new(Vec::new());
    let prog = |q: &zlink_frontier::Progress| { per.lock().unwrap().push((q.level, q.level_nodes)); };
    let lim = Limits { threads: Some(1), progress: Some(&prog), ..Default::default() };
    let r = count_family(p, &lim).unwrap();
    println!("count {} total {}", r.count, r.total_states);
    // level -> edge
    let mut edge_of = Vec::new(); for e in 0..m { for _ in 0..p.max[e] { edge_of.push(e); } }
    for (lv, st) in per.into_inner().unwrap() {
        let e = edge_of[lv as usize];
        let step: u32 = std::env::var("STEP").ok().and_then(|x| x.parse().ok()).unwrap_or(8);
        let (a, b) = (std::env::var("FROM").ok().and_then(|x| x.parse().ok()).unwrap_or(0u32), std::env::var("TO").ok().and_then(|x| x.parse().ok()).unwrap_or(u32::MAX));
        if lv % step != 0 || lv < a || lv > b { continue; }
        let (ea, eb) = p.edges[e];
        let second = lv > 0 && edge_of[lv as usize - 1] == e;
        print!("[{ea:3}-{eb:3}{}] ", if second { "'" } else { " " });
        let live: Vec<usize> = (0..p.n).filter(|&x| first[x] < e && e <= last[x]).collect();
        let flags = (0..m).filter(|&f| earliest[f] < e && e <= f).count();
        let clues: String = live.iter().map(|&x| { let c = (0..=8).find(|d| p.allowed[x] >> d & 1 == 1).unwrap(); char::from(b'0' + c as u8) }).collect();
        println!("level {lv:4} edge {e:4} states {st:7} live {:2} flags {:2} clues {clues}", live.len(), flags);
    }
}
