use super::*;

/// Dots, edges, each edge's faces, clue groups.
type Slither = (
    usize,
    Vec<(u32, u32)>,
    Vec<(u32, u32)>,
    Vec<(Vec<u32>, u32, u32)>,
);

/// The dot graph of a Slitherlink (rows of `.` and digits), its edges' faces (the last one
/// outside) and the clue groups.
fn slither(clues: &[&str]) -> Slither {
    let (rows, cols) = (clues.len(), clues[0].len());
    let dot = |r: usize, c: usize| (r * (cols + 1) + c) as u32;
    let outside = (rows * cols) as u32;
    let cell = |r: usize, c: usize, inside: bool| {
        if inside {
            (r * cols + c) as u32
        } else {
            outside
        }
    };
    let (mut edges, mut faces) = (Vec::new(), Vec::new());
    let mut sides = vec![Vec::new(); rows * cols];
    for r in 0..=rows {
        for c in 0..cols {
            let e = edges.len() as u32;
            edges.push((dot(r, c), dot(r, c + 1)));
            faces.push((cell(r.wrapping_sub(1), c, r > 0), cell(r, c, r < rows)));
            if r > 0 {
                sides[(r - 1) * cols + c].push(e);
            }
            if r < rows {
                sides[r * cols + c].push(e);
            }
        }
    }
    for r in 0..rows {
        for c in 0..=cols {
            let e = edges.len() as u32;
            edges.push((dot(r, c), dot(r + 1, c)));
            faces.push((cell(r, c.wrapping_sub(1), c > 0), cell(r, c, c < cols)));
            if c > 0 {
                sides[r * cols + c - 1].push(e);
            }
            if c < cols {
                sides[r * cols + c].push(e);
            }
        }
    }
    let mut groups = Vec::new();
    for (i, ch) in clues.concat().chars().enumerate() {
        if let Some(h) = ch.to_digit(10) {
            groups.push((sides[i].clone(), h, h));
        }
    }
    ((rows + 1) * (cols + 1), edges, faces, groups)
}

fn deduced_with(
    clues: &[&str],
    with_faces: bool,
    probe: bool,
    branch: u32,
) -> Result<Vec<Option<bool>>, Contradiction> {
    let (n, edges, faces, groups) = slither(clues);
    let nf = clues.len() * clues[0].len() + 1;
    let p = Problem {
        n,
        edges,
        degrees: vec![0b101; n],
        labels: Vec::new(),
        groups,
        shape: Shape::Loop,
        probe,
        branch,
        faces: if with_faces {
            (nf, faces)
        } else {
            (0, Vec::new())
        },
        label_domains: false,
        deadline: None,
        corners: false,
        stricter: None,
    };
    deduce(&p)
}

/// The number of solutions by the ZDD with the rules alone (no probing, no branching).
fn zdd_count(clues: &[&str]) -> u32 {
    use crate::slitherlink::{Deduction, SlitherZdd};
    let mut grid = zlink_puzzle::Grid::new(clues.len(), clues[0].len(), None);
    for (r, line) in clues.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            grid[zlink_puzzle::Coord::new(r, c)] = ch.to_digit(10).map(|d| d as u8);
        }
    }
    let z = SlitherZdd::with_deduction(&grid, Deduction::Rules).unwrap();
    u32::try_from(z.count(&Default::default()).unwrap()).unwrap()
}

#[test]
fn branching_decides_what_probing_leaves_open() {
    let undecided = |r: &Result<Vec<Option<bool>>, Contradiction>| {
        r.as_ref()
            .map(|v| v.iter().filter(|x| x.is_none()).count())
            .ok()
    };
    // one solution: probing leaves 37 edges open, branching decides them all
    let unique = ["1...", ".13.", "..2.", ".12."];
    assert_eq!(zdd_count(&unique), 1);
    assert_eq!(undecided(&deduced_with(&unique, true, true, 0)), Some(37));
    assert_eq!(undecided(&deduced_with(&unique, true, true, 8)), Some(0));
    // no solution: probing does not see it, branching proves it
    let none = ["...3", "..2.", ".112", "3..."];
    assert_eq!(zdd_count(&none), 0);
    assert_eq!(undecided(&deduced_with(&none, true, true, 0)), Some(36));
    assert_eq!(deduced_with(&none, true, true, 8), Err(Contradiction));
    // several solutions: the tree stops at the second and keeps what probing decided
    let two = ["....", ".33.", "...."];
    assert!(zdd_count(&two) > 1);
    assert_eq!(
        deduced_with(&two, true, true, 8),
        deduced_with(&two, true, true, 0)
    );
}

fn deduced(clues: &[&str], with_faces: bool) -> Vec<Option<bool>> {
    deduced_with(clues, with_faces, false, 0).expect("a solution exists")
}

#[test]
fn faces_carry_parity_across_the_grid() {
    // The centre 0 and the corner 0 share the cells (1, 2) and (2, 1), so the centre has
    // the outside's colour, and so have its other neighbours (0, 1) and (1, 0): their
    // border sides are off. Vertex and clue rules alone do not see it.
    let clues = ["...", ".0.", "..0"];
    let (top_of_0_1, left_of_1_0) = (1, 12 + 4);
    let with = deduced(&clues, true);
    assert_eq!(with[top_of_0_1], Some(false));
    assert_eq!(with[left_of_1_0], Some(false));
    let without = deduced(&clues, false);
    assert_eq!(without[top_of_0_1], None);
    assert_eq!(without[left_of_1_0], None);
    // never weaker: whatever the edges alone decide, the faces decide the same way
    for (a, b) in with.iter().zip(&without) {
        assert!(b.is_none() || a == b);
    }
}
