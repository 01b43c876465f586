//! The Zebra puzzle by constraint propagation and search (report 7.2.2 and 7.3.1, after
//! Gregor et al.): each value has a domain of houses (a bitmask); propagators for the clues and
//! for all-different per attribute (a fixed value leaves the other values of its attribute; a
//! house only one value of an attribute can take gets it) run to a fixpoint; then the search
//! fixes the house of one value and propagates again. Counting is an exhaustive search.
//!
//! The heuristic (`--set heuristic=…`) sets the order in which the clue propagators run and
//! in which values are branched on, as the report's three heuristics:
//!
//! - `original`: clues in the order written, values in the order the clues first name them;
//! - `h12`: heuristics 1 and 2, direct-location clues first, neighbour (indirect) clues last,
//!   attribute connections between, and values ordered by that clue order;
//! - `h123` (default): also heuristic 3, mutually exclusive elements first: once a value is
//!   branched on, the other values of its attribute come next (they exclude each other, so
//!   all-different prunes them at once).
//! - `first-fail`: not the report's; the value with the fewest houses left first (dynamic),
//!   clues as for `h12`. The maker of random puzzles uses it to prove uniqueness, where a
//!   static order can wander into a large subtree.
//!
//! The propagation strength (`--set propagation=…`): `fixpoint` (default) runs every
//! propagator in full as above; `forward` only prunes from values whose house is fixed
//! (forward checking, no hidden singles), closer to the plain Prolog model of the report,
//! where the search order matters far more.
//!
//! Statistics: `inferences` (propagator runs, the counterpart of Prolog's logical
//! inferences in the report's Table 7.5), `nodes` (search nodes) and `fails` (dead ends).

use std::time::Instant;

use zlink_puzzle::{
    Counted, Engine, Settings, SettingsReader, SolveError, SolveOptions, SolveStats, Solved,
};

use super::{Clue, Item, Relation, Table, Zebra};

/// The search order (report 7.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Heuristic {
    /// Clues as written.
    Original,
    /// Heuristics 1 and 2: direct-location clues first, indirect (neighbour) clues last.
    H12,
    /// Heuristics 1, 2 and 3: also mutually exclusive elements first.
    #[default]
    H123,
    /// Fewest houses left first (dynamic), clues as for `H12`.
    FirstFail,
}

/// How much the propagators prune.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Propagation {
    /// Every propagator in full, to a fixpoint.
    #[default]
    Fixpoint,
    /// Only from values whose house is fixed (forward checking).
    Forward,
}

/// Settings of the propagation engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PropagateSettings {
    /// The search order.
    pub heuristic: Heuristic,
    /// The propagation strength.
    pub propagation: Propagation,
}

impl Settings for PropagateSettings {
    const KEYS: &'static [(&'static str, &'static str)] = &[
        (
            "heuristic",
            "original|h12|h123|first-fail: clue and branching order of report 7.3.1, or fewest houses first (default h123)",
        ),
        (
            "propagation",
            "fixpoint|forward: full propagation, or only from fixed values (default fixpoint)",
        ),
    ];

    fn read(r: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
        Ok(Self {
            heuristic: r
                .choice(
                    "heuristic",
                    &[
                        ("original", Heuristic::Original),
                        ("none", Heuristic::Original),
                        ("h12", Heuristic::H12),
                        ("h123", Heuristic::H123),
                        ("first-fail", Heuristic::FirstFail),
                    ],
                )?
                .unwrap_or_default(),
            propagation: r
                .choice(
                    "propagation",
                    &[
                        ("fixpoint", Propagation::Fixpoint),
                        ("forward", Propagation::Forward),
                    ],
                )?
                .unwrap_or_default(),
        })
    }
}

/// What a search found and cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found (all of them, unless the search stopped at its cap).
    pub found: u64,
    /// The first solution.
    pub first: Option<Table>,
    /// Propagator runs.
    pub inferences: u64,
    /// Search nodes.
    pub nodes: u64,
    /// Dead ends.
    pub fails: u64,
}

impl Outcome {
    fn stats(&self, seconds: f64) -> SolveStats {
        SolveStats {
            seconds,
            counters: vec![
                ("inferences", self.inferences),
                ("nodes", self.nodes),
                ("fails", self.fails),
            ],
            rounds: None,
        }
    }
}

/// The clue order and the branching order of `h`.
fn orders(z: &Zebra, h: Heuristic) -> (Vec<Clue>, Vec<Item>) {
    let mut clues = z.clues().to_vec();
    if h != Heuristic::Original {
        clues.sort_by_key(Clue::category); // stable: ties keep the written order
    }
    let n = z.houses();
    let mut items: Vec<Item> = Vec::new();
    let mut seen = vec![false; z.attributes().len() * n];
    let all =
        (0..z.attributes().len()).flat_map(|attr| (0..n).map(move |value| Item { attr, value }));
    for i in clues.iter().flat_map(Clue::items).chain(all) {
        if !std::mem::replace(&mut seen[i.attr * n + i.value], true) {
            items.push(i);
        }
    }
    if h == Heuristic::H123 {
        // group by attribute, attributes in the order their first value appears
        let mut attrs: Vec<usize> = Vec::new();
        for i in &items {
            if !attrs.contains(&i.attr) {
                attrs.push(i.attr);
            }
        }
        items = attrs
            .iter()
            .flat_map(|&a| items.iter().copied().filter(move |i| i.attr == a))
            .collect();
    }
    (clues, items)
}

/// Bits of houses strictly below the highest house in `d`.
fn below_max(d: u32) -> u32 {
    if d == 0 {
        0
    } else {
        (1u32 << (31 - d.leading_zeros())) - 1
    }
}

/// Bits of houses at or below the highest house in `d`.
fn upto_max(d: u32) -> u32 {
    if d == 0 {
        0
    } else {
        below_max(d) | (1u32 << (31 - d.leading_zeros()))
    }
}

/// Bits of houses at or above the lowest house in `d`.
fn from_min(d: u32) -> u32 {
    if d == 0 {
        0
    } else {
        !((1u32 << d.trailing_zeros()) - 1)
    }
}

/// Narrows `dom[i]` to `mask`, setting `changed` if it shrank; `false` if it is now empty.
#[inline]
fn narrow(dom: &mut [u32], changed: &mut bool, i: usize, mask: u32) -> bool {
    let d = dom[i] & mask;
    if d != dom[i] {
        dom[i] = d;
        *changed = true;
    }
    d != 0
}

/// The search state shared by all nodes.
struct Search<'a> {
    n: usize,
    attrs: usize,
    clues: Vec<Clue>,
    order: Vec<Item>,
    cap: u64,
    forward: bool,
    first_fail: bool,
    out: Outcome,
    opts: &'a SolveOptions,
}

impl Search<'_> {
    fn ix(&self, i: Item) -> usize {
        i.attr * self.n + i.value
    }

    /// Run every propagator until nothing changes; `false` on a wiped-out domain.
    fn propagate(&mut self, dom: &mut [u32]) -> bool {
        let n = self.n;
        let full = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        loop {
            let mut changed = false;
            for k in 0..self.clues.len() {
                self.out.inferences += 1;
                let c = self.clues[k];
                if self.forward && !self.applies_forward(c, dom) {
                    continue;
                }
                if !self.propagate_clue(c, dom, full, &mut changed) {
                    return false;
                }
            }
            for attr in 0..self.attrs {
                self.out.inferences += 1;
                if !self.all_different(attr, dom, &mut changed) {
                    return false;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Under forward checking: whether clue `c` prunes now (unary clues always apply, the
    /// others only from a fixed end).
    #[inline]
    fn applies_forward(&self, c: Clue, dom: &[u32]) -> bool {
        let fixed = |i: Item| dom[self.ix(i)].count_ones() == 1;
        matches!(c.rel, Relation::At(_)) || c.items().any(fixed)
    }

    /// Runs the propagator of clue `c` once (`full`: every house); `false` on a wiped-out
    /// domain.
    #[inline]
    fn propagate_clue(&self, c: Clue, dom: &mut [u32], full: u32, changed: &mut bool) -> bool {
        let a = self.ix(c.a);
        match (c.rel, c.negated) {
            (Relation::At(p), false) => narrow(dom, changed, a, 1 << p),
            (Relation::At(p), true) => narrow(dom, changed, a, !(1 << p)),
            (Relation::Same(b), false) => {
                let b = self.ix(b);
                narrow(dom, changed, a, dom[b]) && narrow(dom, changed, b, dom[a])
            }
            (Relation::Same(b), true) => {
                let b = self.ix(b);
                (dom[a].count_ones() != 1 || narrow(dom, changed, b, !dom[a]))
                    && (dom[b].count_ones() != 1 || narrow(dom, changed, a, !dom[b]))
            }
            (Relation::Next(b), false) => {
                let b = self.ix(b);
                let nb = |d: u32| ((d << 1) | (d >> 1)) & full;
                narrow(dom, changed, a, nb(dom[b])) && narrow(dom, changed, b, nb(dom[a]))
            }
            (Relation::Next(b), true) => {
                let b = self.ix(b);
                let nb = |d: u32| ((d << 1) | (d >> 1)) & full;
                (dom[a].count_ones() != 1 || narrow(dom, changed, b, !nb(dom[a])))
                    && (dom[b].count_ones() != 1 || narrow(dom, changed, a, !nb(dom[b])))
            }
            (Relation::LeftOf(b), false) => {
                let b = self.ix(b);
                narrow(dom, changed, a, dom[b] >> 1)
                    && narrow(dom, changed, b, (dom[a] << 1) & full)
            }
            (Relation::LeftOf(b), true) => {
                let b = self.ix(b);
                (dom[a].count_ones() != 1 || narrow(dom, changed, b, !(dom[a] << 1)))
                    && (dom[b].count_ones() != 1 || narrow(dom, changed, a, !(dom[b] >> 1)))
            }
            (Relation::Before(b), false) => {
                let b = self.ix(b);
                narrow(dom, changed, a, below_max(dom[b]))
                    && narrow(
                        dom,
                        changed,
                        b,
                        from_min(dom[a]) & !(dom[a] & dom[a].wrapping_neg()),
                    )
            }
            (Relation::Before(b), true) => {
                let b = self.ix(b);
                narrow(dom, changed, a, from_min(dom[b]))
                    && narrow(dom, changed, b, upto_max(dom[a]))
            }
        }
    }

    /// Runs all-different on attribute `attr` once: a fixed value leaves the others, and
    /// (unless forward checking) a house only one value can take gets it; `false` on a
    /// wiped-out domain.
    #[inline]
    fn all_different(&self, attr: usize, dom: &mut [u32], changed: &mut bool) -> bool {
        let n = self.n;
        let row = attr * n..(attr + 1) * n;
        // a fixed value leaves the others
        for v in row.clone() {
            let d = dom[v];
            if d.count_ones() == 1 {
                for w in row.clone().filter(|&w| w != v) {
                    if !narrow(dom, changed, w, !d) {
                        return false;
                    }
                }
            }
        }
        // a house only one value can take gets it
        for h in (0..n).filter(|_| !self.forward) {
            let bit = 1u32 << h;
            let mut holders = row.clone().filter(|&v| dom[v] & bit != 0);
            match (holders.next(), holders.next()) {
                (None, _) => return false,
                (Some(v), None) if !narrow(dom, changed, v, bit) => return false,
                _ => {}
            }
        }
        true
    }

    fn table(&self, dom: &[u32]) -> Table {
        let mut houses = vec![vec![0; self.n]; self.attrs];
        for (i, d) in dom.iter().enumerate() {
            houses[i / self.n][d.trailing_zeros() as usize] = i % self.n;
        }
        Table { houses }
    }

    /// Depth-first search from `dom`; stops once `cap` solutions are found.
    fn search(&mut self, dom: &mut [u32]) -> Result<(), SolveError> {
        self.out.nodes += 1;
        if self.out.nodes % 1024 == 0 {
            self.opts.limits.check_time()?;
            let (nodes, found) = (self.out.nodes, self.out.found);
            self.opts
                .limits
                .progress
                .report("nodes", nodes, None, || format!("{found} solutions so far"));
        }
        if !self.propagate(dom) {
            self.out.fails += 1;
            return Ok(());
        }
        let mut open = self
            .order
            .iter()
            .map(|&i| self.ix(i))
            .filter(|&i| dom[i].count_ones() > 1);
        let next = if self.first_fail {
            open.min_by_key(|&i| dom[i].count_ones())
        } else {
            open.next()
        };
        let Some(i) = next else {
            self.out.found += 1;
            if self.out.first.is_none() {
                self.out.first = Some(self.table(dom));
            }
            return Ok(());
        };
        let mut rest = dom[i];
        while rest != 0 && self.out.found < self.cap {
            let bit = rest & rest.wrapping_neg();
            rest &= !bit;
            let mut child = dom.to_vec();
            child[i] = bit;
            self.search(&mut child)?;
        }
        Ok(())
    }
}

/// Bytes the search holds at most: one domain vector per level of the deepest branch.
fn memory_need(z: &Zebra) -> u64 {
    let cells = (z.houses() * z.attributes().len()) as u64;
    cells * cells * 4 + z.clues().len() as u64 * 64
}

/// Search `z` for up to `cap` solutions with the settings `set`.
///
/// # Errors
/// The memory budget (checked before the search allocates) or the time limit.
pub fn search(
    z: &Zebra,
    set: &PropagateSettings,
    cap: u64,
    opts: &SolveOptions,
) -> Result<Outcome, SolveError> {
    opts.limits.check_memory(memory_need(z), "the search")?;
    let (n, attrs) = (z.houses(), z.attributes().len());
    let (clues, order) = orders(z, set.heuristic);
    let mut s = Search {
        n,
        attrs,
        clues,
        order,
        cap,
        forward: set.propagation == Propagation::Forward,
        first_fail: set.heuristic == Heuristic::FirstFail,
        out: Outcome {
            found: 0,
            first: None,
            inferences: 0,
            nodes: 0,
            fails: 0,
        },
        opts,
    };
    let full = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
    let mut dom = vec![full; n * attrs];
    s.search(&mut dom)?;
    Ok(s.out)
}

/// The Zebra constraint-propagation engine.
#[derive(Debug, Clone, Copy)]
pub struct PropagateEngine;

impl Engine<Zebra> for PropagateEngine {
    type Settings = PropagateSettings;

    fn name(&self) -> &'static str {
        "propagate"
    }

    fn summary(&self) -> &'static str {
        "constraint propagation and search with the report's heuristics (--set heuristic=original|h12|h123|first-fail, propagation=fixpoint|forward); counts exhaustively"
    }

    fn solve(
        &self,
        z: &Zebra,
        s: &PropagateSettings,
        opts: &SolveOptions,
    ) -> Result<Solved<Table>, SolveError> {
        let start = Instant::now();
        let out = search(z, s, 2, opts)?;
        let stats = out.stats(start.elapsed().as_secs_f64());
        let first = out.first.ok_or(SolveError::Infeasible)?;
        Ok(Solved {
            solution: first,
            more: Some(out.found > 1),
            stats,
            note: None,
            stopped: None,
        })
    }

    fn count(
        &self,
        z: &Zebra,
        s: &PropagateSettings,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        let start = Instant::now();
        let out = search(z, s, u64::MAX, opts)?;
        Ok(Counted::exact(
            out.found,
            out.stats(start.elapsed().as_secs_f64()),
        ))
    }
}
