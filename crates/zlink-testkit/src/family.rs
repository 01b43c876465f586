//! Brute-force oracle for the ZDD engine: explicit families of sets over at most 8 variables.
//!
//! A set is a bitmask (`bit v` = variable `v`); a family is a sorted, deduplicated
//! `Vec<u32>` of masks. Every operation is written naively from its set formula, so it can
//! serve as an independent reference for `zlink-zdd`.

/// A family of sets as sorted, deduplicated bitmasks.
pub type Family = Vec<u32>;

/// Sorts and deduplicates a list of masks into a [`Family`].
pub fn normalize(mut f: Vec<u32>) -> Family {
    f.sort_unstable();
    f.dedup();
    f
}

/// The mask of a set of variables.
pub fn mask(set: &[u32]) -> u32 {
    set.iter().fold(0, |m, &v| m | (1 << v))
}

/// The variables of a mask, ascending.
pub fn vars(mask: u32) -> Vec<u32> {
    (0..32).filter(|v| mask & (1 << v) != 0).collect()
}

fn keep(f: &[u32], p: impl Fn(u32) -> bool) -> Family {
    f.iter().copied().filter(|&a| p(a)).collect()
}

/// `f ∪ g`.
pub fn union(f: &[u32], g: &[u32]) -> Family {
    normalize(f.iter().chain(g).copied().collect())
}

/// `f ∩ g`.
pub fn intersection(f: &[u32], g: &[u32]) -> Family {
    keep(f, |a| g.contains(&a))
}

/// `f \ g`.
pub fn difference(f: &[u32], g: &[u32]) -> Family {
    keep(f, |a| !g.contains(&a))
}

/// `f △ g`.
pub fn symmetric_difference(f: &[u32], g: &[u32]) -> Family {
    union(&difference(f, g), &difference(g, f))
}

/// `{ S \ {v} : S ∈ f, v ∈ S }`.
pub fn onset(f: &[u32], v: u32) -> Family {
    normalize(
        f.iter()
            .filter(|&&a| a & (1 << v) != 0)
            .map(|&a| a & !(1 << v))
            .collect(),
    )
}

/// `{ S ∈ f : v ∉ S }`.
pub fn offset(f: &[u32], v: u32) -> Family {
    keep(f, |a| a & (1 << v) == 0)
}

/// `{ S △ {v} : S ∈ f }`.
pub fn change(f: &[u32], v: u32) -> Family {
    normalize(f.iter().map(|&a| a ^ (1 << v)).collect())
}

/// `{ a ∪ b : a ∈ f, b ∈ g }`.
pub fn join(f: &[u32], g: &[u32]) -> Family {
    normalize(
        f.iter()
            .flat_map(|&a| g.iter().map(move |&b| a | b))
            .collect(),
    )
}

/// `{ a ∩ b : a ∈ f, b ∈ g }`.
pub fn meet(f: &[u32], g: &[u32]) -> Family {
    normalize(
        f.iter()
            .flat_map(|&a| g.iter().map(move |&b| a & b))
            .collect(),
    )
}

fn subset(a: u32, b: u32) -> bool {
    a & !b == 0
}

/// `{ a ∈ f : ∃ b ∈ g, b ⊆ a }`.
pub fn restrict(f: &[u32], g: &[u32]) -> Family {
    keep(f, |a| g.iter().any(|&b| subset(b, a)))
}

/// `{ a ∈ f : ∃ b ∈ g, a ⊆ b }`.
pub fn permit(f: &[u32], g: &[u32]) -> Family {
    keep(f, |a| g.iter().any(|&b| subset(a, b)))
}

/// `{ a ∈ f : ∄ b ∈ g, b ⊆ a }`.
pub fn nonsup(f: &[u32], g: &[u32]) -> Family {
    keep(f, |a| !g.iter().any(|&b| subset(b, a)))
}

/// `{ a ∈ f : ∄ b ∈ g, a ⊆ b }`.
pub fn nonsub(f: &[u32], g: &[u32]) -> Family {
    keep(f, |a| !g.iter().any(|&b| subset(a, b)))
}

/// Minimal members.
pub fn minimal(f: &[u32]) -> Family {
    keep(f, |a| !f.iter().any(|&b| b != a && subset(b, a)))
}

/// Maximal members.
pub fn maximal(f: &[u32]) -> Family {
    keep(f, |a| !f.iter().any(|&b| b != a && subset(a, b)))
}

/// Minimal hitting sets of `f` among the subsets of `0..n`.
pub fn minimal_hitting_sets(f: &[u32], n: u32) -> Family {
    let hitting: Family = (0..1u32 << n)
        .filter(|&t| f.iter().all(|&a| a & t != 0))
        .collect();
    minimal(&hitting)
}

/// Every subset of every member.
pub fn down_closure(f: &[u32]) -> Family {
    let all: Vec<u32> = f
        .iter()
        .flat_map(|&a| (0..=a).filter(move |&s| subset(s, a)))
        .collect();
    normalize(all)
}

/// Every superset within `0..n` of every member.
pub fn up_closure(f: &[u32], n: u32) -> Family {
    (0..1u32 << n)
        .filter(|&t| f.iter().any(|&a| subset(a, t)))
        .collect()
}

/// The total weight of a set (`weights[v]`, 0 beyond the slice).
pub fn weight(a: u32, weights: &[i64]) -> i128 {
    vars(a)
        .iter()
        .map(|&v| i128::from(weights.get(v as usize).copied().unwrap_or(0)))
        .sum()
}

/// The best weight and the members achieving it (`None` for the empty family).
pub fn optimum(f: &[u32], weights: &[i64], maximize: bool) -> Option<(i128, Family)> {
    let ws = f.iter().map(|&a| weight(a, weights));
    let best = if maximize { ws.max()? } else { ws.min()? };
    Some((best, keep(f, |a| weight(a, weights) == best)))
}

/// The members in the ZDD iteration order: increasing `Σ_{v ∈ S} 2^(n-1-v)`.
pub fn iteration_order(f: &[u32], n: u32) -> Vec<Vec<u32>> {
    let key = |a: u32| vars(a).iter().map(|&v| 1u64 << (n - 1 - v)).sum::<u64>();
    let mut sorted = f.to_vec();
    sorted.sort_by_key(|&a| key(a));
    sorted.into_iter().map(vars).collect()
}
