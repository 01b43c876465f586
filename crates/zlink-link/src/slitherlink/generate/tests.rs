//! The checker's connectivity cuts and answers against the brute-force cycle table of
//! `zlink-testkit` on small grids.

use zlink_base::SplitMix64;
use zlink_testkit::slither_design::CycleTable;

use super::cut::{cuts, Model};
use super::lattice::Lattice;
use super::unique::{Checker, MAX_CUT_ROUNDS};

/// The inside region of each cycle of the table: a cell is inside when an odd number of
/// vertical sides lie left of it in its row.
fn regions(o: &CycleTable) -> Vec<Vec<bool>> {
    let dot = |r: usize, c: usize| r * (o.cols + 1) + c;
    o.all
        .iter()
        .map(|(cyc, _)| {
            let mut inside = vec![false; o.rows * o.cols];
            for r in 0..o.rows {
                let mut odd = false;
                for c in 0..o.cols {
                    odd ^= cyc.binary_search(&(dot(r, c), dot(r + 1, c))).is_ok();
                    inside[r * o.cols + c] = odd;
                }
            }
            inside
        })
        .collect()
}

/// Whether `region` meets the clause (a literal `(x, v)`: cell `x` has colour `v`).
fn meets(region: &[bool], clause: &[(usize, bool)]) -> bool {
    clause.iter().any(|&(x, v)| region[x] == v)
}

#[test]
fn cuts_break_the_model_and_hold_for_every_loop() {
    let mut rng = SplitMix64::new(7);
    let mut total = 0;
    for (rows, cols) in [(3, 3), (3, 4), (4, 4)] {
        let o = CycleTable::new(rows, cols);
        let all = regions(&o);
        for (i, a) in all.iter().enumerate().step_by(7) {
            let b = &all[rng.next_u64() as usize % all.len()];
            // two regions' symmetric difference: often two cycles, or a region with a hole
            let colour: Vec<bool> = a.iter().zip(b).map(|(&x, &y)| x != y).collect();
            // some cells fixed to their colour where a third loop agrees: that loop is one the
            // fixed cells allow
            let r = &all[(i * 31 + 5) % all.len()];
            let fixed: Vec<Option<bool>> = (0..colour.len())
                .map(|x| (colour[x] == r[x] && rng.next_u64() % 3 == 0).then_some(colour[x]))
                .collect();
            let m = Model {
                rows,
                cols,
                colour: &colour,
                fixed: &fixed,
                region: a,
            };
            for clause in cuts(&m) {
                total += 1;
                assert!(
                    !meets(&colour, &clause),
                    "{rows}x{cols} #{i}: model meets a cut"
                );
                for g in all
                    .iter()
                    .filter(|g| (0..g.len()).all(|x| fixed[x].is_none_or(|f| f == g[x])))
                {
                    assert!(meets(g, &clause), "{rows}x{cols} #{i}: a loop breaks a cut");
                }
            }
        }
    }
    assert!(total > 100, "only {total} cuts");
}

/// Removes the clues of the loop `inside` one by one in a random order, asking the checker
/// (capped at `cap` cut rounds a check) and the table each time: the checker's answer is the
/// table's, or with a cap hit "not unique" (the clue kept: sound, not proven needed).
/// Returns the cuts made and the checks that gave up.
fn removal_against_table(
    o: &CycleTable,
    inside: &[bool],
    cap: u64,
    rng: &mut SplitMix64,
) -> (u64, u64) {
    let lat = Lattice::new(o.rows, o.cols);
    let n = inside.len();
    let mut checker = Checker::with_cap(&lat, inside, &vec![true; n], None, cap);
    let values = checker.values().to_vec();
    let mut clues: Vec<Option<u8>> = values.iter().map(|&v| Some(v)).collect();
    let unique = |clues: &[Option<u8>]| o.solutions(clues).len() == 1;
    let full = checker.full_is_unique().unwrap();
    if checker.over_budget {
        assert!(!full, "unique claimed over budget");
        return (checker.cuts, 1);
    }
    assert_eq!(full, unique(&clues));
    if !full {
        return (checker.cuts, 0);
    }
    let mut gave_up = 0;
    let mut order: Vec<(u64, usize)> = (0..n).map(|i| (rng.next_u64(), i)).collect();
    order.sort_unstable();
    for (_, i) in order {
        let mut trial = clues.clone();
        trial[i] = None;
        let said = checker.unique_without(&[i]).unwrap();
        let truth = unique(&trial);
        if checker.over_budget {
            assert!(!said, "cell {i}: unique claimed over budget");
            gave_up += 1;
        } else {
            assert_eq!(said, truth, "cell {i}");
        }
        if said {
            clues = trial;
        }
        checker.settle(&[i], !said);
    }
    assert!(unique(&clues));
    (checker.cuts, gave_up)
}

#[test]
fn checker_answers_are_the_tables() {
    let mut rng = SplitMix64::new(11);
    for (rows, cols) in [(3, 4), (4, 4)] {
        let o = CycleTable::new(rows, cols);
        let all = regions(&o);
        let (mut cuts, mut gave_up) = (0, 0);
        for inside in all.iter().step_by(13) {
            let (c, g) = removal_against_table(&o, inside, MAX_CUT_ROUNDS, &mut rng);
            cuts += c;
            gave_up += g;
        }
        assert!(cuts > 0, "{rows}x{cols}: no cut made");
        assert_eq!(gave_up, 0, "{rows}x{cols}: a check hit the cap");
    }
}

#[test]
fn a_check_over_the_cap_keeps_the_clue() {
    let mut rng = SplitMix64::new(3);
    let o = CycleTable::new(4, 4);
    let all = regions(&o);
    let gave_up: u64 = all
        .iter()
        .step_by(29)
        .map(|inside| removal_against_table(&o, inside, 1, &mut rng).1)
        .sum();
    assert!(gave_up > 0, "no check hit a cap of one round");
}
