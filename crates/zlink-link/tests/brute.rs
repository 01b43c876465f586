//! The Slitherlink ZDD engine against brute force on tiny grids, and against published cycle
//! counts without clues.
//!
//! The oracle enumerates every edge subset of the dot graph (zlink-testkit's subset filter:
//! degrees 0/2 and connected, nothing shared with the frontier code), turns each cycle into
//! a [`LoopEdges`] from its dot endpoints, and keeps those whose side counts match the clues.

use zlink_base::SplitMix64;
use zlink_link::slitherlink::Deduction;
use zlink_link::{LoopEdge, LoopEdges, SettledBy, SlitherZdd};
use zlink_puzzle::{Coord, Grid};
use zlink_testkit::graph::{self as oracle, SmallGraph};
use zlink_zdd::Zdd;

/// Every single cycle of the `(rows + 1) × (cols + 1)` dot graph, as segments.
fn all_cycles(rows: usize, cols: usize) -> Vec<LoopEdges> {
    let g = SmallGraph::grid(rows + 1, cols + 1);
    oracle::cycles_dfs(&g)
        .into_iter()
        .map(|mask| {
            let mut e = LoopEdges::new(rows, cols);
            for (i, &(u, v)) in g.edges.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    let (r, c) = (u / (cols + 1), u % (cols + 1));
                    let seg = if v == u + 1 {
                        LoopEdge::H(Coord::new(r, c))
                    } else {
                        LoopEdge::V(Coord::new(r, c))
                    };
                    e.insert(seg);
                }
            }
            e
        })
        .collect()
}

fn sides_taken(e: &LoopEdges, c: Coord) -> u8 {
    LoopEdge::sides_of(c)
        .iter()
        .filter(|&&s| e.contains(s))
        .count() as u8
}

fn matches(e: &LoopEdges, clues: &Grid<Option<u8>>) -> bool {
    clues
        .iter()
        .all(|(c, h)| h.is_none_or(|h| sides_taken(e, c) == h))
}

fn key(e: &LoopEdges) -> Vec<bool> {
    e.h.cells().iter().chain(e.v.cells()).copied().collect()
}

fn sorted(mut v: Vec<LoopEdges>) -> Vec<LoopEdges> {
    v.sort_by_key(key);
    v
}

/// A seeded clue pattern: either random clues 0–4, or the side counts of a random cycle with
/// each cell kept as a clue with probability 1/2 (so the puzzle has a solution).
fn clue_pattern(
    rng: &mut SplitMix64,
    rows: usize,
    cols: usize,
    cycles: &[LoopEdges],
) -> Grid<Option<u8>> {
    let mut clues = Grid::new(rows, cols, None);
    let from_cycle = rng.next_u64() % 2 == 0;
    let cyc = &cycles[(rng.next_u64() % cycles.len() as u64) as usize];
    for r in 0..rows {
        for c in 0..cols {
            let at = Coord::new(r, c);
            let x = rng.next_u64();
            clues[at] = match (from_cycle, x % 3) {
                (true, 0) => None,
                (true, _) => Some(sides_taken(cyc, at)),
                (false, 0) => Some(((x >> 8) % 5) as u8),
                (false, _) => None,
            };
        }
    }
    clues
}

#[test]
fn solution_sets_match_brute_force() {
    let mut rng = SplitMix64::new(0x5117_4e21);
    for (rows, cols, trials) in [
        (1, 1, 20),
        (1, 2, 30),
        (2, 1, 30),
        (2, 2, 60),
        (2, 3, 60),
        (3, 2, 30),
        (3, 3, 60),
        (3, 4, 300),
        (4, 4, 300),
    ] {
        let cycles = all_cycles(rows, cols);
        let (mut nonzero, mut several, mut decided, mut contradictions) = (0, 0, 0, 0);
        for _ in 0..trials {
            let clues = clue_pattern(&mut rng, rows, cols, &cycles);
            let want = sorted(
                cycles
                    .iter()
                    .filter(|e| matches(e, &clues))
                    .cloned()
                    .collect(),
            );
            // deduction must never lose (or add) a solution; the SAT level with the completion
            // first (attempt budget 0), after a tiny attempt (1 state: it overflows) and after
            // an attempt that always finishes
            let modes = [
                (Deduction::Off, None),
                (Deduction::Rules, None),
                (Deduction::Probe, None),
                (Deduction::Sat, Some(0)),
                (Deduction::Sat, Some(1)),
                (Deduction::Sat, Some(u64::MAX)),
            ];
            for (mode, attempt) in modes {
                let mut s = SlitherZdd::with_deduction(&clues, mode).unwrap();
                if let Some(a) = attempt {
                    s.set_attempt_budget(a);
                }
                assert_eq!(
                    s.count(&Default::default()).unwrap(),
                    want.len().into(),
                    "{rows}x{cols} {mode:?} {attempt:?} clues {clues:?}"
                );
                let by = s.settled_by().expect("a count settles");
                let got = sorted(s.solutions(usize::MAX, &Default::default()).unwrap());
                assert_eq!(got, want, "{rows}x{cols} {mode:?} clues {clues:?}");
                let mut zdd = Zdd::new(0);
                let root = s.build(&mut zdd, &Default::default()).unwrap();
                assert_eq!(zdd.count(root), want.len().into());
                // a fresh engine's build settles as its count did (but where the tiny attempt's
                // node and state counts may differ)
                let mut fresh = SlitherZdd::with_deduction(&clues, mode).unwrap();
                if let Some(a) = attempt {
                    fresh.set_attempt_budget(a);
                }
                let mut zdd = Zdd::new(0);
                let root = fresh.build(&mut zdd, &Default::default()).unwrap();
                assert_eq!(zdd.count(root), want.len().into());
                if attempt != Some(1) {
                    assert_eq!(
                        fresh.settled_by(),
                        Some(by),
                        "{mode:?} {attempt:?} {clues:?}"
                    );
                }
                let st = s.setup_stats();
                if st.contradiction {
                    assert!(
                        want.is_empty(),
                        "{mode:?} contradiction on a solvable {clues:?}"
                    );
                }
                if st.decided {
                    assert_eq!(want.len(), 1, "{mode:?} decided {clues:?}");
                }
                assert_eq!(by == SettledBy::Deduction, st.decided || st.contradiction);
                match (mode, attempt) {
                    (Deduction::Sat, Some(u64::MAX)) => {
                        // the attempt always finishes
                        assert!(matches!(by, SettledBy::Deduction | SettledBy::Attempt));
                    }
                    (Deduction::Sat, Some(a)) => {
                        // the completion is exact on these small puzzles: none or one
                        // solution is always settled without the full count, several never
                        let settled = matches!(by, SettledBy::Deduction | SettledBy::Completion);
                        if a == 0 || by != SettledBy::Attempt {
                            assert_eq!(settled, want.len() <= 1, "Sat {a} {by:?} {clues:?}");
                        }
                    }
                    _ => assert!(matches!(by, SettledBy::Deduction | SettledBy::Full)),
                }
                decided += usize::from(st.decided);
                contradictions += usize::from(st.contradiction);
            }
            nonzero += usize::from(!want.is_empty());
            several += usize::from(want.len() > 1);
        }
        assert!(nonzero > 0, "{rows}x{cols}: every pattern was unsolvable");
        if rows * cols >= 9 {
            // the comparison covered puzzles with several solutions, with none, and ones that
            // deduction alone decided or refuted
            assert!(
                several > 0 && nonzero < trials,
                "{rows}x{cols}: {several} {nonzero}"
            );
            assert!(
                decided > 0 && contradictions > 0,
                "{rows}x{cols}: {decided} {contradictions}"
            );
        }
    }
}

#[test]
fn no_clues_counts_the_cycles_of_the_dot_grid() {
    let none = |r, c| SlitherZdd::new(&Grid::new(r, c, None)).unwrap();
    // OEIS A140517: cycles of the n×n dot grid, n = 2..=5 (1..=4 cells a side).
    for (n, want) in [(1usize, 1u32), (2, 13), (3, 213), (4, 9349)] {
        assert_eq!(
            none(n, n).count(&Default::default()).unwrap(),
            want.into(),
            "{n}x{n}"
        );
    }
    // Non-square grids against the vertex-DFS cycle counter.
    for (r, c) in [(1, 5), (2, 4), (3, 5)] {
        let want = oracle::count_cycles_dfs(&SmallGraph::grid(r + 1, c + 1));
        assert_eq!(
            none(r, c).count(&Default::default()).unwrap(),
            want.into(),
            "{r}x{c}"
        );
    }
}

#[test]
fn all_zero_clues_have_no_solution() {
    // The ⚠ of Algorithm 5: the empty edge set matches every 0 clue but is no loop.
    for (r, c) in [(1, 1), (2, 3), (4, 4)] {
        let s = SlitherZdd::new(&Grid::new(r, c, Some(0))).unwrap();
        assert_eq!(s.count(&Default::default()).unwrap(), 0u32.into());
        assert!(s.solutions(10, &Default::default()).unwrap().is_empty());
    }
}

#[test]
fn variables_and_segments_correspond() {
    let s = SlitherZdd::new(&Grid::new(3, 4, None)).unwrap();
    assert_eq!(s.num_vars(), 4 * 4 + 3 * 5);
    let mut seen = vec![false; s.num_vars() as usize];
    for l in 0..s.num_vars() {
        let e = s.edge(l).unwrap();
        assert_eq!(s.level(e), Some(l));
        seen[l as usize] = true;
    }
    assert!(seen.iter().all(|&b| b));
    assert_eq!(s.edge(s.num_vars()), None);
    assert_eq!(s.level(LoopEdge::H(Coord::new(4, 4))), None);
}

#[test]
fn bad_clue_and_too_wide_are_errors() {
    let mut clues = Grid::new(2, 2, None);
    clues[Coord::new(1, 0)] = Some(5);
    assert_eq!(
        SlitherZdd::new(&clues).unwrap_err(),
        zlink_link::slitherlink::Error::BadClue {
            at: Coord::new(1, 0),
            value: 5
        }
    );
    // wide states carry frontiers past the packed limit (25) up to 250 slots
    assert!(SlitherZdd::new(&Grid::new(30, 30, None)).is_ok());
    assert!(matches!(
        SlitherZdd::new(&Grid::new(260, 260, None)),
        Err(zlink_link::slitherlink::Error::Spec(_))
    ));
}

/// Uniform draws from every solution (`solve --sample`): on 3×3 and 3×4 grids with a few
/// clues and 2-40 loops, every draw is one of the brute force's loops and each is drawn
/// about equally often ([`zlink_testkit::sampling::assert_uniform`]), at every deduction level.
#[test]
fn samples_are_uniform_over_the_brute_force_loops() {
    let mut rng = SplitMix64::new(0x5a3_91e);
    let mut checked = 0;
    for round in 0..600 {
        let (rows, cols) = if round % 2 == 0 { (3, 3) } else { (3, 4) };
        let cycles = all_cycles(rows, cols);
        let mut clues = Grid::new(rows, cols, None);
        let cyc = &cycles[(rng.next_u64() % cycles.len() as u64) as usize];
        for r in 0..rows {
            for c in 0..cols {
                if rng.next_u64() % 4 == 0 {
                    clues[Coord::new(r, c)] = Some(sides_taken(cyc, Coord::new(r, c)));
                }
            }
        }
        let all: Vec<LoopEdges> = cycles
            .iter()
            .filter(|e| matches(e, &clues))
            .cloned()
            .collect();
        if !(2..=40).contains(&all.len()) {
            continue;
        }
        let deduce = [
            Deduction::Off,
            Deduction::Rules,
            Deduction::Probe,
            Deduction::Sat,
        ][round % 4];
        let z = SlitherZdd::with_deduction(&clues, deduce).unwrap();
        let per = 60;
        let (drawn, count) = z
            .sample(per * all.len(), round as u64, &Default::default())
            .unwrap();
        assert_eq!(count, all.len().into());
        zlink_testkit::sampling::assert_uniform(&drawn, &all, per, &format!("{clues:?}"));
        checked += 1;
        if checked == 40 {
            break;
        }
    }
    assert!(checked >= 30, "{checked} clue sets checked");
}
