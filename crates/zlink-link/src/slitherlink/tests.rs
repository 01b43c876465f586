use super::*;

/// The engine for a grid written as rows of `.` and digits, with `deduction`.
fn deduced(rows: &[&str], deduction: Deduction) -> SlitherZdd {
    let mut clues = Grid::new(rows.len(), rows[0].len(), None);
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            clues[Coord::new(r, c)] = ch.to_digit(10).map(|d| d as u8);
        }
    }
    SlitherZdd::with_deduction(&clues, deduction).unwrap()
}

fn h(r: usize, c: usize) -> LoopEdge {
    LoopEdge::H(Coord::new(r, c))
}

fn v(r: usize, c: usize) -> LoopEdge {
    LoopEdge::V(Coord::new(r, c))
}

#[test]
fn rules_fix_zeros_and_their_consequences() {
    // a 0 in a corner: its sides are off, and so the corner dot's last segment
    let z = deduced(&["0..", "...", "..."], Deduction::Rules);
    for e in [h(0, 0), h(1, 0), v(0, 0), v(0, 1), h(0, 1), v(1, 0)] {
        assert_eq!(z.fixed(e), Some(false), "{e:?}");
    }
    assert_eq!(z.fixed(h(2, 2)), None);
    assert_eq!(z.fixed(h(9, 9)), None);
}

#[test]
fn probing_finds_the_classic_patterns() {
    // a 3 in a corner: both outer sides on
    let z = deduced(&["3..", "...", "..."], Deduction::Probe);
    assert_eq!(z.fixed(h(0, 0)), Some(true));
    assert_eq!(z.fixed(v(0, 0)), Some(true));
    // rules alone do not see it
    let z = deduced(&["3..", "...", "..."], Deduction::Rules);
    assert_eq!(z.fixed(h(0, 0)), None);
    // adjacent 3s: both outer sides are on; alone on the grid their 1×2 box is a solution,
    // so the shared side is open
    let z = deduced(&["....", ".33.", "...."], Deduction::Probe);
    for e in [v(1, 1), v(1, 3)] {
        assert_eq!(z.fixed(e), Some(true), "{e:?}");
    }
    assert_eq!(z.fixed(v(1, 2)), None);
    // with a clue outside the box, the box would close too early: the shared side is on
    let z = deduced(&["3...", "....", ".33.", "...."], Deduction::Probe);
    for e in [v(2, 1), v(2, 2), v(2, 3)] {
        assert_eq!(z.fixed(e), Some(true), "{e:?}");
    }
    // diagonal 3s: the far corners' sides are on
    let z = deduced(&["....", ".3..", "..3.", "...."], Deduction::Probe);
    for e in [h(1, 1), v(1, 1), h(3, 2), v(2, 3)] {
        assert_eq!(z.fixed(e), Some(true), "{e:?}");
    }
}

#[test]
fn closing_a_loop_early_is_ruled_out() {
    // two 4s side by side would each need their own loop: no solution
    let z = deduced(&["...", ".4.", "...", ".4.", "..."], Deduction::Rules);
    assert!(z.setup_stats().contradiction);
    assert_eq!(z.count(&Default::default()).unwrap(), 0u32.into());
    // a 4 in a 1×1 grid is the whole loop, decided without a build
    let z = deduced(&["4"], Deduction::Rules);
    assert!(z.setup_stats().decided);
    assert_eq!(z.count(&Default::default()).unwrap(), 1u32.into());
    assert_eq!(z.solutions(5, &Default::default()).unwrap().len(), 1);
}
use zlink_frontier::frontier_widths;

#[test]
fn sweep_is_a_permutation_with_a_short_frontier() {
    for (r, c) in [(1, 1), (2, 5), (5, 2), (4, 4), (10, 18), (18, 10)] {
        let mut p = sweep_order(r, c);
        let g = Graph::grid(r + 1, c + 1).permuted(&p);
        let width = frontier_widths(&g).into_iter().max().unwrap();
        assert!(width <= r.min(c) + 2, "{r}x{c}: {width}");
        p.sort_unstable();
        assert!(p.iter().enumerate().all(|(i, &x)| i == x));
    }
}
