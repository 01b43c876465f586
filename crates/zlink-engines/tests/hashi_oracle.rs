//! Hashi IP counts (all three models) against a brute force over all bridge assignments of tiny
//! random grids.

use proptest::prelude::*;
use zlink_engines::hashi::{
    verify::verify, BridgeGraph, Bridges, Hashi, HashiIp, HashiModel, HashiOptions,
};
use zlink_engines::ip::Formulation;

/// All assignments of 0/1/2 bridges to the candidates that `verify` accepts.
fn brute(h: &Hashi) -> Vec<Bridges> {
    let g = BridgeGraph::new(h);
    let m = g.candidates.len();
    let mut out = Vec::new();
    for code in 0..3u64.pow(m as u32) {
        let mut k = code;
        let mut b = Vec::new();
        for e in &g.candidates {
            let n = (k % 3) as u8;
            k /= 3;
            if n > 0 {
                b.push((e.a, e.b, n));
            }
        }
        let b = Bridges::new(b);
        if verify(h, &b).is_ok() {
            out.push(b);
        }
    }
    out
}

/// A puzzle on `rows × cols` from an island mask, with the numbers of the `pick`-th connected,
/// non-crossing bridge set (numbers = degrees), if there is one.
fn instance(rows: usize, cols: usize, mask: &[bool], pick: usize) -> Option<Hashi> {
    let free: Vec<Option<Option<u8>>> = mask.iter().map(|&m| m.then_some(None)).collect();
    let shape = Hashi::from_cells(rows, cols, &free);
    if shape.islands().len() < 2 || BridgeGraph::new(&shape).candidates.len() > 9 {
        return None;
    }
    let all = brute(&shape); // `?` islands accept any degree ≥ 1
    let sol = all.get(pick % all.len().max(1))?;
    let mut deg = vec![0u8; shape.islands().len()];
    for &(a, b, n) in &sol.bridges {
        deg[a] += n;
        deg[b] += n;
    }
    let mut cells = vec![None; rows * cols];
    for (i, isl) in shape.islands().iter().enumerate() {
        cells[isl.coord.row * cols + isl.coord.col] = Some(Some(deg[i]));
    }
    Some(Hashi::from_cells(rows, cols, &cells))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]
    #[test]
    fn counts_equal_brute_force(mask in prop::collection::vec(prop::bool::weighted(0.45), 16), pick in 0usize..1000) {
        let Some(h) = instance(4, 4, &mask, pick) else { return Ok(()) };
        let want = brute(&h).len() as u64;
        prop_assert!(want >= 1);
        for m in [HashiModel::Lazy, HashiModel::Bfs, HashiModel::Flow] {
            let opts = HashiOptions { model: m };
            let got = HashiIp.count(&h, &opts, &limited(1000)).unwrap();
            prop_assert_eq!(got.count, want.into(), "{:?}\n{}", m, zlink_engines::hashi::render::compact(&h));
            let s = HashiIp.solve(&h, &opts, &Default::default()).unwrap();
            prop_assert!(verify(&h, &s.solution).is_ok());
        }
    }
}

#[test]
fn unknown_islands_are_counted_like_brute_force() {
    let h = Hashi::parse_compact("?.?\n...\n?.2", "t").unwrap();
    let want = brute(&h).len() as u64;
    for m in [HashiModel::Lazy, HashiModel::Bfs, HashiModel::Flow] {
        let got = HashiIp
            .count(&h, &HashiOptions { model: m }, &limited(1000))
            .unwrap();
        assert_eq!(got.count, want.into(), "{m:?}");
    }
}

#[test]
fn two_ones_alone_are_a_solution_despite_rule_6_2() {
    let h = Hashi::parse_compact("1.1", "t").unwrap();
    for m in [HashiModel::Lazy, HashiModel::Bfs, HashiModel::Flow] {
        let got = HashiIp
            .count(&h, &HashiOptions { model: m }, &limited(10))
            .unwrap();
        assert_eq!(got.count, 1u32.into(), "{m:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
    /// Propagated bounds never exclude a solution, and a contradiction means there is none: on
    /// random numbers (mostly unsolvable) and on solvable instances.
    #[test]
    fn propagated_bounds_keep_every_solution(
        cells in prop::collection::vec(prop::option::weighted(0.45, prop::option::weighted(0.9, 1u8..=5)), 16),
        mask in prop::collection::vec(prop::bool::weighted(0.45), 16),
        pick in 0usize..1000,
        solvable in prop::bool::ANY,
    ) {
        let h = if solvable {
            let Some(h) = instance(4, 4, &mask, pick) else { return Ok(()) };
            h
        } else {
            let h = Hashi::from_cells(4, 4, &cells);
            if BridgeGraph::new(&h).candidates.len() > 9 {
                return Ok(());
            }
            h
        };
        let g = BridgeGraph::new(&h);
        let all = brute(&h);
        let plain = zlink_engines::hashi::propagate::bounds(&h, &g);
        // probing (connectivity, cut edges, every open value tried) on top of the same rules
        let probed = zlink_engines::hashi::probe::bounds(&h, &g);
        for (rules, bounds) in [("propagate", &plain), ("probe", &probed)] {
            match bounds {
                None => prop_assert!(all.is_empty(), "{}: contradiction on a solvable puzzle", rules),
                Some(b) => {
                    for s in &all {
                        for (e, c) in g.candidates.iter().enumerate() {
                            let n = s.bridges.iter().find(|t| (t.0, t.1) == (c.a, c.b)).map_or(0, |t| t.2);
                            prop_assert!(b[e].0 <= n && n <= b[e].1, "{}: candidate {} carries {} outside {:?}", rules, e, n, b[e]);
                        }
                    }
                }
            }
        }
        // probing only narrows
        if let (Some(p), Some(q)) = (&plain, &probed) {
            prop_assert!(p.iter().zip(q).all(|(p, q)| p.0 <= q.0 && q.1 <= p.1), "probe widened {:?} to {:?}", p, q);
        } else {
            prop_assert!(probed.is_none(), "probe found a solution space where propagate found none");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]
    /// The alternating-cycle repair turns every degree-feasible, crossing-free bridge set of a
    /// tiny puzzle into a full solution or gives up; it never returns a broken one.
    #[test]
    fn repaired_bridge_sets_are_solutions(mask in prop::collection::vec(prop::bool::weighted(0.5), 16), pick in 0usize..1000) {
        let Some(h) = instance(4, 4, &mask, pick) else { return Ok(()) };
        let g = BridgeGraph::new(&h);
        let Some(bounds) = zlink_engines::hashi::propagate::bounds(&h, &g) else {
            return Err(TestCaseError::fail("contradiction on a solvable puzzle"));
        };
        let m = g.candidates.len();
        for code in 0..3u64.pow(m as u32) {
            let counts: Vec<u8> = (0..m).map(|e| (code / 3u64.pow(e as u32) % 3) as u8).collect();
            let mut deg = vec![0u8; h.islands().len()];
            for (c, &n) in g.candidates.iter().zip(&counts) {
                deg[c.a] += n;
                deg[c.b] += n;
            }
            let degrees = h.islands().iter().zip(&deg).all(|(i, &d)| i.clue == Some(d));
            let crossing = g.crossings.iter().any(|&(p, q)| counts[p] > 0 && counts[q] > 0);
            let within = counts.iter().zip(&bounds).all(|(&n, &(lo, hi))| lo <= n && n <= hi);
            if !degrees || crossing || !within {
                continue;
            }
            if let Some(fixed) = zlink_engines::hashi::repair::connect_by_cycles(&g, h.islands().len(), &bounds, &counts) {
                let b = Bridges::new(g.candidates.iter().zip(&fixed).filter(|(_, &n)| n > 0).map(|(c, &n)| (c.a, c.b, n)).collect());
                prop_assert!(verify(&h, &b).is_ok(), "{:?} from {:?}", fixed, counts);
                prop_assert!(fixed.iter().zip(&bounds).all(|(&n, &(lo, hi))| lo <= n && n <= hi));
            }
        }
    }
}

/// Options that stop an enumeration after `n` solutions.
fn limited(n: u64) -> zlink_puzzle::SolveOptions {
    zlink_puzzle::SolveOptions {
        limit: Some(n),
        ..Default::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]
    /// The ZDD engine's exact count equals the brute force on random 4×4 and 5×5 instances
    /// (known and `?` islands), and its solution passes the independent checker.
    #[test]
    fn zdd_counts_equal_brute_force(
        five in any::<bool>(),
        mask in prop::collection::vec(prop::bool::weighted(0.45), 25),
        pick in 0usize..1000,
    ) {
        use zlink_puzzle::Engine;
        let n = if five { 5 } else { 4 };
        let Some(h) = instance(n, n, &mask[..n * n], pick) else { return Ok(()) };
        let want = brute(&h).len() as u64;
        let got = zlink_engines::hashi::ZddEngine.count(&h, &(), &Default::default()).unwrap();
        prop_assert_eq!(got.count, want.into(), "{}", zlink_engines::hashi::render::compact(&h));
        let s = zlink_engines::hashi::ZddEngine.solve(&h, &(), &Default::default()).unwrap();
        prop_assert!(verify(&h, &s.solution).is_ok());
        prop_assert_eq!(s.more, Some(want > 1));
    }
}

#[test]
fn zdd_counts_unknown_islands_like_brute_force() {
    use zlink_puzzle::Engine;
    let h = Hashi::parse_compact("?.?\n...\n?.2", "t").unwrap();
    let want = brute(&h).len() as u64;
    let got = zlink_engines::hashi::ZddEngine
        .count(&h, &(), &Default::default())
        .unwrap();
    assert_eq!(got.count, want.into());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
    /// Deduction before the build never loses (or adds) a solution: the ZDD count with and
    /// without `propagate::bounds`, and in either sweep, equals the brute force, on random numbers (mostly no
    /// solution, some `?` islands) and on solvable instances (often several solutions).
    #[test]
    fn zdd_deduction_keeps_every_solution(
        five in any::<bool>(),
        cells in prop::collection::vec(prop::option::weighted(0.45, prop::option::weighted(0.9, 1u8..=6)), 25),
        mask in prop::collection::vec(prop::bool::weighted(0.45), 25),
        pick in 0usize..1000,
        solvable in prop::bool::ANY,
    ) {
        use zlink_engines::hashi::race::{count_in_with, count_raced, count_with, RaceSetup};
        use zlink_engines::hashi::zdd::Sweep;
        let n = if five { 5 } else { 4 };
        let h = if solvable {
            let Some(h) = instance(n, n, &mask[..n * n], pick) else { return Ok(()) };
            h
        } else {
            let h = Hashi::from_cells(n, n, &cells[..n * n]);
            if h.islands().is_empty() || BridgeGraph::new(&h).candidates.len() > 10 {
                return Ok(());
            }
            h
        };
        let want = brute(&h).len() as u64;
        let opts = Default::default();
        let with = count_with(&h, true, &opts).unwrap();
        let without = count_with(&h, false, &opts).unwrap();
        let shown = zlink_engines::hashi::render::compact(&h);
        prop_assert_eq!(&with.count, &want.into(), "with deduction\n{}", shown);
        prop_assert_eq!(&without.count, &want.into(), "without deduction\n{}", shown);
        // a race whose first budget is one state: many rounds, every sweep over budget first
        let tiny = RaceSetup { first_budget: 1, ..RaceSetup::default() };
        let raced = count_raced(&h, false, &tiny, &opts).unwrap();
        prop_assert_eq!(&raced.count, &want.into(), "tiny race\n{}", shown);
        // the same over every sweep with a window (graph layouts prepared mid-race)
        let all = RaceSetup { first_budget: 1, ..RaceSetup::uniform(&Sweep::ALL, 2) };
        let raced = count_raced(&h, true, &all, &opts).unwrap();
        prop_assert_eq!(&raced.count, &want.into(), "tiny race, all sweeps\n{}", shown);
        // every sweep (geometric and graph layouts), without a window, with windows that end
        // before the last edge, and with the engine's
        for sweep in Sweep::ALL.into_iter().chain([Sweep::Graph(7), Sweep::Weighted(3)]) {
            for window in [0, 1, 3, 32] {
                let c = count_in_with(&h, true, sweep, window, &opts).unwrap();
                prop_assert_eq!(&c.count, &want.into(), "{:?} window {}\n{}", sweep, window, shown);
            }
            let c = count_in_with(&h, false, sweep, 2, &opts).unwrap();
            prop_assert_eq!(&c.count, &want.into(), "{:?} no deduction, window 2\n{}", sweep, shown);
        }
    }
}

/// `k` draws per solution of the brute force through the kind row (so the verifier checks
/// each), uniform over `all` ([`zlink_testkit::sampling::assert_uniform`]).
fn assert_uniform(h: &Hashi, all: &[Bridges], k: usize, seed: u64) {
    let drawn = zlink_engines::hashi::KIND
        .sample(h, None, k * all.len(), seed, &Default::default())
        .unwrap();
    assert_eq!(drawn.count, all.len().into());
    let what = zlink_engines::hashi::render::compact(h);
    zlink_testkit::sampling::assert_uniform(&drawn.solutions, all, k, &what);
}

/// Uniform samples of every solution (`solve --sample`) on random 4×4 and 5×5 shapes with
/// `?` islands (many solutions each), against the brute force's solution sets.
#[test]
fn zdd_samples_are_uniform_over_the_brute_force_solutions() {
    let mut rng = zlink_base::SplitMix64::new(17);
    let mut checked = 0;
    for round in 0..400 {
        let n = 4 + round % 2;
        let mask: Vec<bool> = (0..n * n).map(|_| rng.next_u64() % 100 < 45).collect();
        let free: Vec<Option<Option<u8>>> = mask.iter().map(|&m| m.then_some(None)).collect();
        let h = Hashi::from_cells(n, n, &free);
        if h.islands().len() < 2 || BridgeGraph::new(&h).candidates.len() > 9 {
            continue;
        }
        let all = brute(&h);
        if !(2..=40).contains(&all.len()) {
            continue;
        }
        assert_uniform(&h, &all, 60, round as u64);
        checked += 1;
        if checked == 30 {
            break;
        }
    }
    assert!(checked >= 20, "{checked} instances checked");
    // a puzzle without solution draws nothing, and draws are the same for the same seed
    let none = Hashi::parse_compact("1.1.1", "t").unwrap();
    let drawn = zlink_engines::hashi::KIND
        .sample(&none, None, 5, 1, &Default::default())
        .unwrap();
    assert!(drawn.solutions.is_empty() && drawn.count == 0u32.into());
    let h = Hashi::parse_compact("?.?\n...\n?.?", "t").unwrap();
    let draw = |seed| {
        zlink_engines::hashi::KIND
            .sample(&h, None, 20, seed, &Default::default())
            .unwrap()
            .solutions
    };
    assert_eq!(draw(7), draw(7));
    assert_ne!(draw(7), draw(8));
}
