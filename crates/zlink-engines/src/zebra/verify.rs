//! The independent rule checker: a table is a solution when every attribute row is a
//! permutation of its values and every clue holds, read straight from the house numbers
//! (no domains, no model).

use zlink_puzzle::Violation;

use super::{Relation, Table, Zebra};

/// Check `t` against the rules and the clues of `z`.
///
/// # Errors
/// The first broken rule.
pub fn verify(z: &Zebra, t: &Table) -> Result<(), Violation> {
    let n = z.houses();
    if t.houses.len() != z.attributes().len() {
        return Err(Violation::new(format!(
            "{} attribute rows for {} attributes",
            t.houses.len(),
            z.attributes().len()
        )));
    }
    for (a, row) in t.houses.iter().enumerate() {
        let name = &z.attributes()[a].name;
        if row.len() != n {
            return Err(Violation::new(format!(
                "attribute `{name}` has {} houses, not {n}",
                row.len()
            )));
        }
        let mut seen = vec![false; n];
        for (h, &v) in row.iter().enumerate() {
            if v >= n {
                return Err(Violation::new(format!(
                    "house {}: no value {v} of `{name}`",
                    h + 1
                )));
            }
            if std::mem::replace(&mut seen[v], true) {
                return Err(Violation::new(format!(
                    "`{}` is in two houses",
                    z.attributes()[a].values[v]
                )));
            }
        }
    }
    let pos = t.positions();
    let at = |i: super::Item| pos[i.attr][i.value];
    for c in z.clues() {
        let p = at(c.a);
        let holds = match c.rel {
            Relation::Same(b) => p == at(b),
            Relation::At(h) => p == h,
            Relation::Next(b) => p.abs_diff(at(b)) == 1,
            Relation::LeftOf(b) => p + 1 == at(b),
            Relation::Before(b) => p < at(b),
        };
        if holds == c.negated {
            return Err(Violation::new(format!(
                "clue `{}` does not hold",
                z.clue_text(c)
            )));
        }
    }
    Ok(())
}
