//! Every spec and combinator against the brute-force oracle of zlink-testkit, on seeded random
//! graphs and small grids: families compared exactly when built, counts in count-only mode,
//! in both edge orders.

mod common;
use common::graph;
use num_bigint::BigUint;
use proptest::prelude::*;
use zlink_frontier::combinators::{subset, Forced, Intersection, Lockstep};
use zlink_frontier::packed::Packed;
use zlink_frontier::run::RunError;
use zlink_frontier::specs::SpecError;
use zlink_frontier::specs::{degree::DegreeSpec, mate::Mate};
use zlink_frontier::{build_zdd, count, BuiltMates, EdgeOrder, Limits, MateKind, Mates, Spec};
use zlink_testkit::graph::{self as oracle, SmallGraph};
use zlink_zdd::{NodeId, Zdd};

/// Members of `f` as edge masks over the *original* edge numbering (`perm[i]` = original index
/// of ordered edge `i`), sorted.
fn family(zdd: &Zdd, f: NodeId, perm: &[usize]) -> Vec<u64> {
    fn rec(zdd: &Zdd, f: NodeId, acc: u64, perm: &[usize], out: &mut Vec<u64>) {
        match f {
            NodeId::ZERO => {}
            NodeId::ONE => out.push(acc),
            _ => {
                let v = zdd.var(f) as usize;
                rec(zdd, zdd.lo(f), acc, perm, out);
                rec(zdd, zdd.hi(f), acc | 1 << perm[v], perm, out);
            }
        }
    }
    let mut out = Vec::new();
    rec(zdd, f, 0, perm, &mut out);
    out.sort_unstable();
    out
}

fn intersect(a: &[u64], b: &[u64]) -> Vec<u64> {
    a.iter()
        .copied()
        .filter(|x| b.binary_search(x).is_ok())
        .collect()
}

/// Builds and counts `spec`; checks both against `want`.
fn check<S: Spec>(spec: &S, perm: &[usize], want: &[u64], what: &str) {
    let mut zdd = Zdd::new(spec.num_levels());
    let f = build_zdd(spec, &mut zdd, &Limits::default()).unwrap();
    assert_eq!(family(&zdd, f, perm), want, "{what}: built family");
    assert_eq!(
        count(spec, &Limits::default()).unwrap(),
        BigUint::from(want.len()),
        "{what}: count"
    );
}

/// Degree sets (as masks over 0..=3 and as lists) drawn from `bits`.
fn degree_sets(n: usize, bits: u64) -> (Vec<u32>, Vec<Vec<u8>>) {
    let masks: Vec<u32> = (0..n)
        .map(|v| ((bits >> (4 * (v % 16))) & 0xF) as u32 | u32::from(v % 5 == 0))
        .collect();
    let lists = masks
        .iter()
        .map(|&m| (0..4u8).filter(|&d| m & (1 << d) != 0).collect())
        .collect();
    (masks, lists)
}

fn check_all(sg: &SmallGraph, s: usize, t: usize, bits: u64) {
    let g0 = graph(sg);
    let (masks, lists) = degree_sets(sg.n, bits);
    for order in [EdgeOrder::AsGiven, EdgeOrder::RowMajor, EdgeOrder::Frontier] {
        let (g, perm) = order.apply(&g0);
        let (s32, t32) = (s as u32, t as u32);
        check(
            &Mate::<Packed>::path_matchings(&g).unwrap(),
            &perm,
            &oracle::path_matchings(sg),
            "path matchings",
        );
        check(
            &Mate::<Packed>::st_paths(&g, s32, t32, false).unwrap(),
            &perm,
            &oracle::st_paths(sg, s, t),
            "s-t paths",
        );
        check(
            &Mate::<Packed>::st_paths(&g, s32, t32, true).unwrap(),
            &perm,
            &oracle::hamiltonian_st_paths(sg, s, t),
            "Hamiltonian s-t paths",
        );
        check(
            &Mate::<Packed>::cycles(&g, false).unwrap(),
            &perm,
            &oracle::cycles(sg),
            "cycles",
        );
        check(
            &Mate::<Packed>::cycles(&g, true).unwrap(),
            &perm,
            &oracle::hamiltonian_cycles(sg),
            "Hamiltonian cycles",
        );
        let degree = oracle::degree_constrained(sg, &lists);
        check(
            &DegreeSpec::new(&g, &masks).unwrap(),
            &perm,
            &degree,
            "degree-constrained",
        );
        // Combinators: intersection of two specs, and subsetting a built ZDD.
        let cyc = Mate::<Packed>::cycles(&g, false).unwrap();
        let deg = DegreeSpec::new(&g, &masks).unwrap();
        check(
            &Intersection::new(&cyc, &deg),
            &perm,
            &intersect(&oracle::cycles(sg), &degree),
            "cycles ∩ degree",
        );
        check(
            &Lockstep::new(&cyc, &deg),
            &perm,
            &intersect(&oracle::cycles(sg), &degree),
            "cycles ∩ degree in lockstep",
        );
        let paths = Mate::<Packed>::st_paths(&g, s32, t32, false).unwrap();
        check(
            &Intersection::new(&deg, &paths),
            &perm,
            &intersect(&degree, &oracle::st_paths(sg, s, t)),
            "degree ∩ paths",
        );
        check(
            &Lockstep::new(&deg, &paths),
            &perm,
            &intersect(&degree, &oracle::st_paths(sg, s, t)),
            "degree ∩ paths in lockstep",
        );
        let mut zdd = Zdd::new(g.num_edges() as u32);
        let pm = build_zdd(
            &Mate::<Packed>::path_matchings(&g).unwrap(),
            &mut zdd,
            &Limits::default(),
        )
        .unwrap();
        let sub = subset(&mut zdd, pm, &deg, &Limits::default()).unwrap();
        assert_eq!(
            family(&zdd, sub, &perm),
            intersect(&oracle::path_matchings(sg), &degree),
            "subset"
        );
        let sub2 = subset(&mut zdd, sub, &cyc, &Limits::default()).unwrap();
        assert_eq!(sub2, NodeId::ZERO, "path matchings hold no cycle");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_graphs_match_the_oracle(seed in any::<u64>(), n in 2usize..9, extra in 0usize..10, st in any::<(u8, u8)>(), bits in any::<u64>()) {
        let m = (n + extra).min(n * (n - 1) / 2).min(16);
        let sg = SmallGraph::random(seed, n, m);
        check_all(&sg, usize::from(st.0) % n, usize::from(st.1) % n, bits);
    }
}

/// A [`Mates`] family reorders the caller's graph and reads every member back as the caller's
/// edges: the members (as the caller's edge indices, and as its vertex pairs) and the counts
/// equal the oracle's on the caller's own numbering, in every edge order.
fn check_mates(sg: &SmallGraph, s: usize, t: usize) {
    let g = graph(sg);
    let limits = Limits::default();
    let masks = |built: &BuiltMates| {
        let mut v: Vec<u64> = built
            .member_edges()
            .map(|es| es.iter().fold(0u64, |m, &i| m | 1 << i))
            .collect();
        v.sort_unstable();
        v
    };
    let kinds = [
        (
            MateKind::Paths(s as u32, t as u32),
            false,
            oracle::st_paths(sg, s, t),
        ),
        (
            MateKind::Paths(s as u32, t as u32),
            true,
            oracle::hamiltonian_st_paths(sg, s, t),
        ),
        (MateKind::Cycles, false, oracle::cycles(sg)),
        (MateKind::Cycles, true, oracle::hamiltonian_cycles(sg)),
    ];
    for order in [EdgeOrder::AsGiven, EdgeOrder::Frontier, EdgeOrder::Greedy] {
        for (kind, hamiltonian, want) in &kinds {
            let what = format!("{kind:?} hamiltonian {hamiltonian} {order:?} on {sg:?}");
            let mut fam = Mates::new(&g, *kind, order, &limits).unwrap();
            if *hamiltonian {
                fam = fam.hamiltonian();
            }
            let built = fam.build(&limits).unwrap();
            assert_eq!(masks(&built), *want, "{what}");
            assert_eq!(built.count(), BigUint::from(want.len()), "{what}");
            assert_eq!(fam.count(&limits).unwrap().count, built.count(), "{what}");
            for (pairs, edges) in built.members().zip(built.member_edges()) {
                let theirs: Vec<(u32, u32)> = edges.iter().map(|&i| g.edges()[i]).collect();
                assert_eq!(pairs, theirs, "{what}");
            }
        }
    }
}

#[test]
fn mates_read_members_back_as_the_callers_edges() {
    for seed in 0..40u64 {
        let n = 3 + (seed % 6) as usize;
        let m = (n + (seed / 6 % 6) as usize).min(n * (n - 1) / 2);
        let sg = SmallGraph::random(seed ^ 0x4D41_5445, n, m);
        check_mates(&sg, 0, n - 1);
    }
    check_mates(&SmallGraph::grid(3, 4), 0, 11);
    // a terminal that is not a vertex is a setup error, before any ordering
    let g = graph(&SmallGraph::grid(2, 2));
    assert!(matches!(
        Mates::paths(&g, 0, 9),
        Err(RunError::Spec(SpecError::VertexOutOfRange {
            vertex: 9,
            n: 4
        }))
    ));
    // ordering a graph is checked against the memory budget before it is allocated
    let tight = Limits::default().with_memory(100);
    let e = Mates::new(&g, MateKind::Cycles, EdgeOrder::Frontier, &tight).unwrap_err();
    assert!(e.is_budget(), "{e}");
}

#[test]
fn small_grids_match_the_oracle() {
    for (r, c) in [(1, 1), (1, 4), (2, 2), (2, 5), (3, 3), (3, 4)] {
        let sg = SmallGraph::grid(r, c);
        check_all(&sg, 0, r * c - 1, 0x2ACE_5EED_1234_5678);
        check_all(&sg, c / 2, r * c - 1 - c / 2, 0xFFFF_FFFF);
    }
}

/// The Hamiltonian parity argument rejects at the root exactly where the oracle finds nothing
/// for colour reasons, and never loses a member: every endpoint pair of small grids (bipartite,
/// both parities of size) and of random graphs (mostly not bipartite).
#[test]
fn hamiltonian_parity_only_prunes_empty_families() {
    use zlink_frontier::count_with_stats;
    let mut pruned = 0;
    // (the oracle enumerates every edge subset: keep grids at <= 17 edges)
    for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4), (2, 5), (2, 6)] {
        let sg = SmallGraph::grid(r, c);
        let g = graph(&sg);
        let n = r * c;
        for s in 0..n {
            for t in 0..n {
                let spec = Mate::<Packed>::st_paths(&g, s as u32, t as u32, true).unwrap();
                let got = count_with_stats(&spec, &Limits::default()).unwrap();
                let want = oracle::hamiltonian_st_paths(&sg, s, t).len();
                assert_eq!(got.count, BigUint::from(want), "{r}x{c} {s}-{t}");
                // colour of (row, col) is (row + col) % 2
                let (cs, ct) = ((s / c + s % c) % 2, (t / c + t % c) % 2);
                let parity_fails = if n % 2 == 0 {
                    cs == ct
                } else {
                    cs == 1 || ct == 1
                };
                if parity_fails && s != t {
                    assert_eq!(
                        got.total_states, 0,
                        "{r}x{c} {s}-{t} is not pruned at the root"
                    );
                    pruned += 1;
                }
            }
        }
        let cycles = Mate::<Packed>::cycles(&g, true).unwrap();
        let got = count_with_stats(&cycles, &Limits::default()).unwrap();
        assert_eq!(
            got.count,
            BigUint::from(oracle::hamiltonian_cycles(&sg).len())
        );
        if n % 2 == 1 {
            assert_eq!(got.total_states, 0, "{r}x{c} Hamiltonian cycles not pruned");
        }
    }
    assert!(pruned > 60, "{pruned}");
    for seed in 0..40u64 {
        let sg = SmallGraph::random(seed, 7, 11);
        let g = graph(&sg);
        for (s, t) in [(0, 6), (1, 2), (3, 3)] {
            let spec = Mate::<Packed>::st_paths(&g, s, t, true).unwrap();
            let want = oracle::hamiltonian_st_paths(&sg, s as usize, t as usize).len();
            assert_eq!(
                count(&spec, &Limits::default()).unwrap(),
                BigUint::from(want)
            );
        }
    }
}

/// `can_take` may only say "no" where the 1-branch really is rejected: checked on every
/// state a depth-first walk reaches, for every mate mode, on small grids and random graphs.
#[test]
fn can_take_never_refuses_a_takable_edge() {
    use zlink_frontier::Step;
    fn walk<S: Spec>(spec: &S, step: Step<S::State>, refused: &mut usize, seen: &mut usize) {
        let Step::Node(l, s) = step else { return };
        *seen += 1;
        if !spec.can_take(&s, l) {
            *refused += 1;
            assert!(matches!(spec.child(&s, l, true), Step::Reject), "level {l}");
        }
        walk(spec, spec.child(&s, l, false), refused, seen);
        walk(spec, spec.child(&s, l, true), refused, seen);
    }
    let mut graphs: Vec<SmallGraph> = vec![SmallGraph::grid(3, 3), SmallGraph::grid(2, 4)];
    graphs.extend((0..12).map(|seed| SmallGraph::random(seed, 6, 9)));
    let (mut refused, mut seen) = (0, 0);
    for sg in &graphs {
        let g = graph(sg);
        let n = g.num_vertices() as u32;
        for ham in [false, true] {
            let specs = [
                Mate::<Packed>::st_paths(&g, 0, n - 1, ham).unwrap(),
                Mate::<Packed>::cycles(&g, ham).unwrap(),
            ];
            for spec in &specs {
                walk(spec, spec.root(), &mut refused, &mut seen);
            }
        }
        let pm = Mate::<Packed>::path_matchings(&g).unwrap();
        walk(&pm, pm.root(), &mut refused, &mut seen);
    }
    assert!(refused > 100 && seen > refused, "{refused} of {seen}");
}

/// A spec with `must_take` hidden (the default `false`): the count-only DP then stores every
/// node whose 0-branch is rejected instead of forwarding through it.
struct NoForwarding<S>(S);

impl<S: Spec> Spec for NoForwarding<S> {
    type State = S::State;
    fn num_levels(&self) -> u32 {
        self.0.num_levels()
    }
    fn root(&self) -> zlink_frontier::Step<S::State> {
        self.0.root()
    }
    fn child(&self, s: &S::State, level: u32, take: bool) -> zlink_frontier::Step<S::State> {
        self.0.child(s, level, take)
    }
    fn can_take(&self, s: &S::State, level: u32) -> bool {
        self.0.can_take(s, level)
    }
}

/// The specs of the forwarding tests on `sg` (every mate mode, numbered pairs, fixed levels
/// and a lockstep intersection), with names.
fn forwarding_cases(sg: &SmallGraph, seed: u64) -> Vec<(String, ForwardingCase)> {
    let g = graph(sg);
    let n = g.num_vertices() as u32;
    let mut out = Vec::new();
    for ham in [false, true] {
        let paths = Mate::st_paths(&g, 0, n - 1, ham).unwrap();
        out.push((format!("paths ham {ham}"), ForwardingCase::Mate(paths)));
        let cycles = Mate::cycles(&g, ham).unwrap();
        out.push((format!("cycles ham {ham}"), ForwardingCase::Mate(cycles)));
        let pairs: Vec<(u32, u32)> =
            zlink_testkit::numbered_paths::random_pairs(seed, sg.n, 1 + (seed as usize % 2))
                .into_iter()
                .map(|(a, b)| (a as u32, b as u32))
                .collect();
        let numbered = Mate::numbered(&g, &pairs, ham).unwrap();
        out.push((
            format!("numbered {pairs:?} cover {ham}"),
            ForwardingCase::Mate(numbered),
        ));
    }
    let matchings = Mate::path_matchings(&g).unwrap();
    out.push(("path matchings".into(), ForwardingCase::Mate(matchings)));
    let fixed: Vec<Option<bool>> = (0..g.num_edges())
        .map(|e| match (seed >> (2 * (e % 16))) & 7 {
            0 => Some(true),
            1 => Some(false),
            _ => None,
        })
        .collect();
    let forced = Forced::new(Mate::cycles(&g, false).unwrap(), fixed.clone());
    out.push((
        format!("cycles fixed {fixed:?}"),
        ForwardingCase::Forced(forced),
    ));
    let masks: Vec<u32> = (0..sg.n)
        .map(|v| [0b101, 0b110, 0b111][(v + seed as usize) % 3])
        .collect();
    let pair = Lockstep::new(
        Mate::st_paths(&g, 0, n - 1, false).unwrap(),
        DegreeSpec::new(&g, &masks).unwrap(),
    );
    out.push((
        "paths ∩ degree in lockstep".into(),
        ForwardingCase::Lockstep(pair),
    ));
    out
}

/// One spec of [`forwarding_cases`].
enum ForwardingCase {
    Mate(Mate<Packed>),
    Forced(Forced<Mate<Packed>>),
    Lockstep(Lockstep<Mate<Packed>, DegreeSpec>),
}

/// Runs `$body` with `$s` bound to the spec of a [`ForwardingCase`].
macro_rules! with_case {
    ($case:expr, $s:ident => $body:expr) => {
        match $case {
            ForwardingCase::Mate($s) => $body,
            ForwardingCase::Forced($s) => $body,
            ForwardingCase::Lockstep($s) => $body,
        }
    };
}

fn forwarding_graphs() -> Vec<SmallGraph> {
    let mut graphs: Vec<SmallGraph> = vec![
        SmallGraph::grid(3, 3),
        SmallGraph::grid(2, 4),
        SmallGraph::grid(3, 4),
    ];
    graphs.extend((0..16).map(|seed| SmallGraph::random(seed, 7, 10)));
    graphs
}

/// `must_take` may only say "yes" where the 0-branch really is rejected: checked on every
/// state a depth-first walk reaches, for every mate mode, fixed levels and a lockstep pair,
/// on small grids and random graphs (and it does say "yes" often).
#[test]
fn must_take_never_forces_a_skippable_edge() {
    use zlink_frontier::Step;
    fn walk<S: Spec>(spec: &S, step: Step<S::State>, forced: &mut usize, seen: &mut usize) {
        let Step::Node(l, s) = step else { return };
        *seen += 1;
        if spec.must_take(&s, l) {
            *forced += 1;
            assert!(
                matches!(spec.child(&s, l, false), Step::Reject),
                "level {l}"
            );
        }
        walk(spec, spec.child(&s, l, false), forced, seen);
        walk(spec, spec.child(&s, l, true), forced, seen);
    }
    let (mut forced, mut seen) = (0, 0);
    for (seed, sg) in forwarding_graphs().iter().enumerate() {
        for (_, case) in forwarding_cases(sg, seed as u64) {
            with_case!(case, spec => walk(&spec, spec.root(), &mut forced, &mut seen));
        }
    }
    assert!(forced > 1000 && seen > 2 * forced, "{forced} of {seen}");
}

/// The count-only DP forwards through nodes whose 0-branch is rejected: every count equals
/// the one without forwarding and the size of the builder's diagram, and grid paths and
/// cycles store fewer states.
#[test]
fn forwarding_keeps_every_count() {
    use zlink_frontier::count_with_stats;
    let opts = Limits::default();
    let mut fewer = 0;
    for (seed, sg) in forwarding_graphs().iter().enumerate() {
        for (what, case) in forwarding_cases(sg, seed as u64) {
            with_case!(case, spec => {
                let with = count_with_stats(&spec, &opts).unwrap();
                let without = count_with_stats(&NoForwarding(&spec), &opts).unwrap();
                assert_eq!(with.count, without.count, "{what} on {sg:?}");
                let mut zdd = Zdd::new(spec.num_levels());
                let f = build_zdd(&spec, &mut zdd, &opts).unwrap();
                assert_eq!(with.count, zdd.count(f), "{what} on {sg:?}: the builder's");
                assert!(with.total_states <= without.total_states, "{what}");
                fewer += usize::from(with.total_states < without.total_states);
            });
        }
    }
    assert!(fewer > 50, "{fewer}");
    for n in 4..=7 {
        let (g, _) = EdgeOrder::RowMajor.apply(&zlink_frontier::Graph::grid(n, n));
        let last = (n * n - 1) as u32;
        let paths = Mate::<Packed>::st_paths(&g, 0, last, false).unwrap();
        let cycles = Mate::<Packed>::cycles(&g, false).unwrap();
        for spec in [paths, cycles] {
            let with = count_with_stats(&spec, &opts).unwrap();
            let without = count_with_stats(&NoForwarding(&spec), &opts).unwrap();
            assert_eq!(with.count, without.count, "{n}x{n}");
            assert!(4 * with.total_states < 3 * without.total_states, "{n}x{n}");
        }
    }
}
