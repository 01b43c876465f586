//! The report's "human-deduced" constraints (chapter 6.2.4, equations 6.2–6.11): first-glance
//! deductions from island numbers and neighbour counts, applied as variable bounds.
//!
//! Each rule looks only at the starting grid. One rule needs a guard the report leaves out:
//! 6.2 (a `1` never bridges to another `1`) holds only when the puzzle has more than two
//! islands, since two lone `1`s joined by one bridge are a complete solution. Rule 6.5 (a `2`
//! with two neighbours, one of them a `1`, bridges to the other) applies only when the other
//! neighbour is not a `1` too, as the report says.
//!
//! Islands of unknown number take part in no rule.

use super::{graph::BridgeGraph, Hashi};

/// What a deduction fixes about one candidate bridge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fix {
    /// No bridge (`x⁰ = 1`).
    Absent,
    /// At least one bridge (`x⁰ = 0`).
    Present,
    /// Exactly one bridge (`x¹ = 1`).
    Single,
    /// Exactly two bridges (`x² = 1`).
    Double,
}

/// The deductions 6.2–6.11 for `h`, as `(candidate, fix)` pairs (one candidate may appear more
/// than once; all fixes of a solvable puzzle are consistent).
pub fn deductions(h: &Hashi, g: &BridgeGraph) -> Vec<(usize, Fix)> {
    let isl = h.islands();
    let many = isl.len() > 2;
    let mut out = Vec::new();
    for (a, island) in isl.iter().enumerate() {
        let Some(label) = island.clue else { continue };
        let inc = &g.incident[a];
        let deg = inc.len();
        match (label, deg) {
            // 6.2: 1–1 never, unless the two are the whole puzzle
            (1, _) if many => {
                for &e in inc {
                    if isl[g.other(e, a)].clue == Some(1) {
                        out.push((e, Fix::Absent));
                    }
                }
                if deg == 1 {
                    out.push((inc[0], Fix::Single)); // 6.3
                }
            }
            (1, 1) => out.push((inc[0], Fix::Single)), // 6.3
            (2, 1) => out.push((inc[0], Fix::Double)), // 6.4
            (2, 2) => {
                // 6.5: a 2 whose two neighbours include a 1 bridges to the other one
                let ones: Vec<bool> = inc
                    .iter()
                    .map(|&e| isl[g.other(e, a)].clue == Some(1))
                    .collect();
                for k in 0..2 {
                    if ones[1 - k] && !ones[k] {
                        out.push((inc[k], Fix::Present));
                    }
                }
            }
            (3, 2) | (5, 3) | (7, 4) => out.extend(inc.iter().map(|&e| (e, Fix::Present))), // 6.6, 6.8, 6.10
            (4, 2) | (6, 3) | (8, 4) => out.extend(inc.iter().map(|&e| (e, Fix::Double))), // 6.7, 6.9, 6.11
            _ => {}
        }
    }
    out
}
