//! scratch (not committed)
use super::*;
use zlink_grid::numberlink::{formats, render};

pub(crate) fn picture(p: &NumberlinkGrid, fixed: &[Option<bool>], edges: &[(Vertex, Vertex)]) -> String {
    let (rows, cols) = (p.rows(), p.cols());
    let mut l = Links::new(rows, cols);
    let mut unk = vec![0; rows * cols];
    let cell = |v: Vertex| Coord::new(v as usize / cols, v as usize % cols);
    for (i, &(u, v)) in edges.iter().enumerate() {
        match fixed[i] {
            Some(true) => { l.set(cell(u), cell(v), true); }
            None => { unk[u as usize] += 1; unk[v as usize] += 1; }
            _ => {}
        }
    }
    let t = render::text(p, Some(&l));
    let mut out = String::new();
    for (r, line) in t.lines().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let full = p.id(Coord::new(r,c)).is_some() || l.mask(Coord::new(r,c)).count_ones() == 2;
            out.push(if !full && unk[r*cols+c] > 0 && l.mask(Coord::new(r,c)) == 0 { '?' } else { ch });
        }
        out.push('\n');
    }
    out
}

#[test]
#[ignore]
fn show190() {
    let path = std::env::var("NL").unwrap_or("/tmp/nl12/190.txt".into());
    let text = std::fs::read_to_string(&path).unwrap();
    let p = formats::parse_janko(&text, "x").unwrap();
    let (rows, cols) = (p.rows(), p.cols());
    let edges = sweep_order(rows, cols);
    let groups: Vec<(Vec<u32>, u32, u32)> = u_bend_groups(rows, cols, &edges).into_iter().map(|(es, b)| (es.into_iter().map(|e| e as u32).collect(), 0, b)).collect();
    let id = |c: Coord| (c.row * cols + c.col) as Vertex;
    let mut number = vec![0u32; rows*cols];
    for (k, &(_, a, b)) in p.pairs().iter().enumerate() { number[id(a) as usize] = k as u32 + 1; number[id(b) as usize] = k as u32 + 1; }
    let degrees: Vec<u8> = number.iter().map(|&t| if t != 0 { 0b10 } else { 0b100 }).collect();
    let problem = deduce::Problem { n: rows*cols, edges: &edges, degrees: &degrees, labels: &number, groups: &groups, shape: deduce::Shape::Paths, probe: true, branch: 0, faces: (0, &[]) };
    let t = std::time::Instant::now();
    let f = deduce::deduce(&problem).unwrap();
    eprintln!("deduce {:?}, undecided {}", t.elapsed(), f.iter().filter(|x| x.is_none()).count());
    eprintln!("{}", picture(&p, &f, &edges));
}

#[test]
#[ignore]
fn show_solution() {
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string("/work/shared/data/puzzlekit-janko/NumberLink_dataset.json").unwrap_or_else(|_| std::fs::read_to_string("../../../shared/data/puzzlekit-janko/NumberLink_dataset.json").unwrap())).unwrap();
    let key = std::env::var("KEY").unwrap_or("190_35x48".into());
    let p = formats::parse_janko(v["data"][&key]["problem"].as_str().unwrap(), "x").unwrap();
    let s = formats::parse_janko_solution(v["data"][&key]["solution"].as_str().unwrap(), "x").unwrap();
    eprintln!("{}", render::text(&p, Some(&s)));
}

#[test]
#[ignore]
fn wrong190() {
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string("/work/shared/data/puzzlekit-janko/NumberLink_dataset.json").unwrap()).unwrap();
    let key = std::env::var("KEY").unwrap_or("190_35x48".into());
    let p = formats::parse_janko(v["data"][&key]["problem"].as_str().unwrap(), "x").unwrap();
    let sol = formats::parse_janko_solution(v["data"][&key]["solution"].as_str().unwrap(), "x").unwrap();
    let (rows, cols) = (p.rows(), p.cols());
    let edges = sweep_order(rows, cols);
    let cell = |v: Vertex| Coord::new(v as usize / cols, v as usize % cols);
    let s: Vec<bool> = edges.iter().map(|&(u, v)| sol.has(cell(u), cell(v))).collect();
    let groups: Vec<(Vec<u32>, u32, u32)> = u_bend_groups(rows, cols, &edges).into_iter().map(|(es, b)| (es.into_iter().map(|e| e as u32).collect(), 0, b)).collect();
    let id = |c: Coord| (c.row * cols + c.col) as Vertex;
    let mut number = vec![0u32; rows*cols];
    for (k, &(_, a, b)) in p.pairs().iter().enumerate() { number[id(a) as usize] = k as u32 + 1; number[id(b) as usize] = k as u32 + 1; }
    let degrees: Vec<u8> = number.iter().map(|&t| if t != 0 { 0b10 } else { 0b100 }).collect();
    let problem = deduce::Problem { n: rows*cols, edges: &edges, degrees: &degrees, labels: &number, groups: &groups, shape: deduce::Shape::Paths, probe: true, branch: 0, faces: (0, &[]) };
    let n: usize = std::env::var("N").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    if std::env::var_os("DOM").is_some() { deduce::experiment::domain_map(&problem, cols); return; }
    deduce::experiment::wrong_values(&problem, &s, n);
}

#[test]
#[ignore]
fn lifetimes() {
    use std::collections::HashMap;
    use zlink_frontier::lookahead::Lookahead;
    use zlink_frontier::packed::Inline;
    use zlink_frontier::run::SpecFamily;
    use zlink_frontier::Step;
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string("/work/shared/data/puzzlekit-janko/NumberLink_dataset.json").unwrap()).unwrap();
    let key = std::env::var("KEY").unwrap_or("567_30x30".into());
    let p = formats::parse_janko(v["data"][&key]["problem"].as_str().unwrap(), "x").unwrap();
    let z = NumberlinkZdd::new(&p, Rules::JANKO).unwrap();
    let Engine::Family(pp) = &z.spec else { panic!() };
    let spec = Lookahead(Forced::new(Intersection::new(Mate::<Inline>::numbered(&pp.graph, &pp.pairs, pp.cover).unwrap(), &pp.at_most), pp.fixed.clone()));
    let plan = zlink_frontier::FrontierPlan::new(&pp.graph).unwrap();
    analyse(&spec, z.setup_stats().width, &plan, p.cols(), &z);
}

fn analyse<S: Spec>(spec: &S, width: usize, plan: &zlink_frontier::FrontierPlan, cols: usize, z: &NumberlinkZdd) where S::State: std::hash::Hash + Eq + Clone + std::fmt::Debug {
    use std::collections::HashMap;
    use zlink_frontier::Step;
    let n = spec.num_levels() as usize;
    // levels[l]: states, and per state its children (as (level, index) or -1 reject / -2 accept)
    let mut states: Vec<Vec<S::State>> = vec![Vec::new(); n + 1];
    let mut index: Vec<HashMap<S::State, u32>> = vec![HashMap::new(); n + 1];
    let mut kids: Vec<Vec<[(u32, u32); 2]>> = vec![Vec::new(); n + 1];
    const REJ: u32 = u32::MAX; const ACC: u32 = u32::MAX - 1;
    let Step::Node(l0, s0) = spec.root() else { panic!() };
    index[l0 as usize].insert(s0.clone(), 0);
    states[l0 as usize].push(s0);
    for l in 0..n {
        let mut i = 0;
        while i < states[l].len() {
            let s = states[l][i].clone();
            let mut ks = [(REJ, 0); 2];
            for take in [false, true] {
                ks[take as usize] = match spec.child(&s, l as u32, take) {
                    Step::Reject => (REJ, 0),
                    Step::Accept => (ACC, 0),
                    Step::Node(m, t) => {
                        let m = m as usize;
                        let id = *index[m].entry(t.clone()).or_insert_with(|| { states[m].push(t); (states[m].len() - 1) as u32 });
                        (m as u32, id)
                    }
                };
            }
            kids[l].push(ks);
            i += 1;
        }
        index[l].clear();
    }
    // backward: alive and death level (the deepest level a descendant reaches)
    let mut alive: Vec<Vec<bool>> = (0..=n).map(|l| vec![false; states[l].len()]).collect();
    let mut deep: Vec<Vec<u32>> = (0..=n).map(|l| vec![0; states[l].len()]).collect();
    for l in (0..n).rev() {
        for i in 0..states[l].len() {
            let mut a = false; let mut d = l as u32;
            for (m, j) in kids[l][i] {
                match m { REJ => {}, ACC => { a = true; d = n as u32; }, m => { a |= alive[m as usize][j as usize]; d = d.max(deep[m as usize][j as usize]); } }
            }
            alive[l][i] = a; deep[l][i] = d;
        }
    }
    let total: usize = states.iter().map(|s| s.len()).sum();
    let at: usize = std::env::var("AT").ok().and_then(|s| s.parse().ok()).unwrap_or(700);
    {
        let mut cur = vec![u32::MAX; plan.width()];
        for j in 0..=at { for &(sl, x) in plan.level(j).enter.as_slice() { cur[sl as usize] = x; } if j < at { for &(sl, _) in plan.level(j).leave.as_slice() { cur[sl as usize] = u32::MAX; } } }
        let mut order: Vec<usize> = (0..cur.len()).filter(|&i| cur[i] != u32::MAX).collect();
        order.sort_by_key(|&i| { let x = cur[i] as usize; (x % cols, x / cols) });
        eprintln!("level {at}: edge {:?}; slots by column: {:?}", z.edge(at as u32).map(|(u,v)| ((u as usize / cols, u as usize % cols), (v as usize / cols, v as usize % cols))), order.iter().map(|&i| (cur[i] as usize / cols, cur[i] as usize % cols)).collect::<Vec<_>>());
        let mut shown = 0;
        for (i, st) in states[at].iter().enumerate() {
            let d = format!("{st:?}");
            let inl = d.split("Inline([").nth(1).unwrap().split("])").next().unwrap().to_string();
            let codes: Vec<u32> = inl.split(", ").map(|x| x.parse().unwrap()).collect();
            let row: Vec<String> = order.iter().map(|&sl| { let c = codes[sl]; match c { 0 => "*".into(), 1 => ".".into(), 2 => "T".into(), c if c < 3 + width as u32 => format!("m{}", order.iter().position(|&o| o as u32 == c - 3).unwrap_or(99)), c => format!("L{}", c - 3 - width as u32) } }).collect();
            let life = deep[at][i] as usize - at;
            if alive[at][i] || (life >= 32 && shown < 12) {
                if !alive[at][i] { shown += 1; }
                eprintln!("{} life {life:4}: {}", if alive[at][i] {"ALIVE"} else {"dead "}, row.join(" "));
            }
        }
    }
    let mut mate_only = 0usize;
    let mut mate_la = 0usize;
    for l in 0..n {
        let mut set = std::collections::HashSet::new();
        let mut set2 = std::collections::HashSet::new();
        for st in &states[l] {
            let d = format!("{st:?}");
            let a = d.split(", lb:").next().unwrap().to_string();
            let a2 = a.split(", a:").nth(1).unwrap_or("").to_string();
            set.insert(a2);
            set2.insert(a);
        }
        mate_only += set.len();
        mate_la += set2.len();
    }
    eprintln!("distinct mate parts {mate_only}, with la {mate_la}");
    let mut canon_total = 0usize;
    let mut peak = (0usize, 0usize);
    for l in 0..n {
        let mut set = std::collections::HashSet::new();
        for st in &states[l] {
            let d = format!("{st:?}");
            let inl = d.split("Inline([").nth(1).unwrap().split("])").next().unwrap().to_string();
            let mut codes: Vec<u32> = inl.split(", ").map(|x| x.parse().unwrap()).collect();
            let base = 3 + width as u32;
            let mut cnt = std::collections::HashMap::new();
            for &c in &codes { if c >= base { *cnt.entry(c).or_insert(0) += 1; } }
            let mut next = 1000u32;
            let mut map = std::collections::HashMap::new();
            for c in codes.iter_mut() { if *c >= base && cnt[c] == 2 { let k = *c; *c = *map.entry(k).or_insert_with(|| { next += 1; next }); } }
            let rest = d.split(", lb:").nth(1).unwrap_or("").to_string();
            set.insert((codes, rest));
        }
        canon_total += set.len();
        if states[l].len() > peak.0 { peak = (states[l].len(), set.len()); }
    }
    eprintln!("canonical (both-seen labels as pairs): {canon_total}; peak level {peak:?}");
    let alive_n: usize = alive.iter().map(|a| a.iter().filter(|&&x| x).count()).sum();
    eprintln!("levels {n} states {total} alive {alive_n} width {}", width);
    let mut hist = [0usize; 12];
    for l in 0..n { for i in 0..states[l].len() { if !alive[l][i] { let life = deep[l][i] as usize - l; let b = (usize::BITS - life.leading_zeros()) as usize; hist[b.min(11)] += 1; } } }
    eprintln!("dead-state lifetimes (levels, log2 buckets 0,1,2-3,4-7,...): {hist:?}");
}
