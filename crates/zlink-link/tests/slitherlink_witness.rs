//! The witnesses of the removal pass (`Generated::witnesses`) against the brute-force cycle
//! list of `zlink-testkit`: each is another solution of the final puzzle without its hint
//! (orbit), so the minimality check that trusts them (`removable_hint_with`) needs no SAT
//! check for a puzzle without a level; a witness that does not hold is not trusted.

use zlink_link::slitherlink::generate::{
    generate, removable_hint, removable_hint_with, strip, Options, Symmetry,
};
use zlink_puzzle::{Coord, Grid};
use zlink_testkit::slither_design::{boundary, satisfies, side_counts, CycleTable};

/// The cells of the orbit of `at` under `sym` on a `rows × cols` grid.
fn orbit(rows: usize, cols: usize, sym: Symmetry, at: Coord) -> Vec<usize> {
    let (r, c) = (at.row, at.col);
    let mut cells = vec![(r, c)];
    match sym {
        Symmetry::None => {}
        Symmetry::Rot2 => cells.push((rows - 1 - r, cols - 1 - c)),
        Symmetry::Mirror => cells.push((r, cols - 1 - c)),
        Symmetry::Rot4 => cells.extend([
            (c, rows - 1 - r),
            (rows - 1 - r, cols - 1 - c),
            (cols - 1 - c, r),
        ]),
    }
    cells.into_iter().map(|(y, x)| y * cols + x).collect()
}

#[test]
fn every_kept_hint_has_a_witness_the_brute_force_confirms() {
    for (rows, cols, sym) in [
        (3, 3, Symmetry::None),
        (3, 4, Symmetry::None),
        (4, 4, Symmetry::None),
        (3, 4, Symmetry::Rot2),
        (4, 4, Symmetry::Rot4),
    ] {
        let table = CycleTable::new(rows, cols);
        for seed in 0..8 {
            let opts = Options {
                seed,
                symmetry: sym,
                ..Options::default()
            };
            let g = generate(rows, cols, &opts).unwrap();
            let what = format!("{rows}x{cols} {sym:?} seed {seed}");
            let clues = g.clues.cells().to_vec();
            let solution = boundary(rows, cols, g.inside.cells());
            for (at, region) in &g.witnesses {
                let cells = orbit(rows, cols, sym, *at);
                let mut less = clues.clone();
                for &i in &cells {
                    less[i] = None;
                }
                let second = boundary(rows, cols, region.cells());
                assert_ne!(
                    second, solution,
                    "{what}: the witness at {at} is the solution"
                );
                let counts = table
                    .counts_of(&second)
                    .unwrap_or_else(|| panic!("{what}: the witness at {at} is not one cycle"));
                assert!(
                    satisfies(&less, counts),
                    "{what}: the witness at {at} breaks a kept hint"
                );
            }
            let (removable, figures) =
                removable_hint_with(&g.clues, &g.inside, sym, &g.witnesses, None).unwrap();
            assert_eq!(removable, None, "{what}");
            assert_eq!(figures.by_sat, 0, "{what}: a kept orbit without a witness");
            assert_eq!(figures.by_witness as usize, g.witnesses.len(), "{what}");
        }
    }
}

#[test]
fn a_stripped_puzzle_keeps_its_witnesses() {
    let (rows, cols) = (4, 4);
    for seed in 0..6 {
        let g = generate(rows, cols, &Options::default()).unwrap();
        let on = boundary(rows, cols, g.inside.cells());
        let values = side_counts(rows, cols, &on);
        let full = Grid::from_cells(rows, cols, values.into_iter().map(Some).collect()).unwrap();
        let opts = Options {
            seed,
            ..Options::default()
        };
        let s = strip(&full, &opts).unwrap();
        let (removable, figures) =
            removable_hint_with(&s.clues, &s.inside, Symmetry::None, &s.witnesses, None).unwrap();
        assert_eq!(removable, None);
        assert_eq!(figures.by_sat, 0, "seed {seed}");
        assert_eq!(figures.by_witness as usize, s.hints());
    }
}

#[test]
fn a_witness_that_does_not_hold_is_not_trusted() {
    let (rows, cols) = (4, 4);
    let g = generate(rows, cols, &Options::default()).unwrap();
    let on = boundary(rows, cols, g.inside.cells());
    let values = side_counts(rows, cols, &on);
    // every clue: not minimal, whatever the "witnesses" say
    let full = Grid::from_cells(rows, cols, values.into_iter().map(Some).collect()).unwrap();
    let sat = removable_hint(&full, &g.inside, Symmetry::None, None).unwrap();
    assert!(sat.is_some());
    // the solution itself, an empty region, a 2x2 checkerboard: none shows a hint needed
    let mut checker = Grid::new(rows, cols, false);
    checker[Coord::new(0, 0)] = true;
    checker[Coord::new(1, 1)] = true;
    let bogus: Vec<(Coord, Grid<bool>)> = (0..rows * cols)
        .flat_map(|i| {
            let at = Coord::new(i / cols, i % cols);
            [
                (at, g.inside.clone()),
                (at, Grid::new(rows, cols, false)),
                (at, checker.clone()),
            ]
        })
        .collect();
    let (removable, figures) =
        removable_hint_with(&full, &g.inside, Symmetry::None, &bogus, None).unwrap();
    assert_eq!(removable, sat);
    assert_eq!(figures.by_witness, 0);
}
