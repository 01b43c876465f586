//! From the mixed diagram of cycles and their disagreement sets to the family of good hint
//! sets, meeting in the middle.
//!
//! Why: a hint set `T` is good iff it hits `D(C)` for every member `C ∪ D(C)` of the mixed
//! diagram. Computed bottom-up alone, every node needs the family of future hint sets that hit
//! all completions below it; near the root those families span every cell and intersecting
//! them dominates (example #1: 14 s, 95 % of it in the first few levels). Cutting the
//! diagram at a level `p` in the middle, each half only handles families over its own half of
//! the cells, and the halves meet once per node just below the cut.
//!
//! For a path through a node `b` below the cut, `D = D_pre ∪ D_suf`, and `T = T_past ∪ T_fut`
//! hits every such `D` iff `T_past` hits every prefix's `D_pre` **or** `T_fut` hits every
//! suffix's `D_suf` (`∀P ∀Σ (A(P) ∨ B(Σ)) ⇔ ∀P A(P) ∨ ∀Σ B(Σ)`). So with
//! * `G(b)` (bottom-up, below the cut): the future hint sets hitting every suffix from `b`,
//! * `Pre(b)` (top-down, above the cut): the past hint sets hitting every prefix into `b`,
//!
//! the good family is `H = ∩_b ( Pre(b) × 2^future  ∪  2^past × G(b) )` over the nodes `b`
//! that arcs from above the cut reach (the 1-terminal among them, with `G = ∅`). Nodes with
//! equal `G` merge their `Pre` and then pairs with equal `Pre` merge their `G`
//! (`(P1 ∨ G) ∧ (P2 ∨ G) = (P1 ∧ P2) ∨ G`), and the parts are met by one descent over the
//! past variables ([`Meet`]).
//! The cut is the level crossed by the fewest arcs among those with 40 % to 55 % of the cells
//! above (families grow fast with the cells they span, and the top-down pass, one
//! intersection per arc, costs more per cell than the bottom-up one): the meeting costs most (example #1: 0.9 s of 1.1 s at the chosen level,
//! 8 s at a level with 2.5 times as many crossing arcs).
//!
//! Variable order of `H`: the past cells in *reverse* sweep order (so that the top-down pass
//! adds each new cell at the top of its families, as the bottom-up pass does), then the
//! future cells in sweep order. Both passes use only intersections of up-closed families and
//! `node(cell, x, x)` padding for the cells an arc skips (a skipped cell agrees, so a hint
//! there is free).

use std::time::{Duration, Instant};

use rustc_hash::FxHashMap as HashMap;
use zlink_zdd::{BudgetExceeded, NodeId, Var, Zdd};

use super::DesignError;

/// How many nodes (or meeting intersections) run between two looks at the clock.
const CLOCK_EVERY: usize = 256;

/// [`DesignError::TimeLimit`] once `deadline` has passed, looking at the clock only every
/// [`CLOCK_EVERY`] calls (`tick` counts them).
fn check_clock(deadline: Option<Instant>, tick: &mut usize) -> Result<(), DesignError> {
    *tick += 1;
    if *tick % CLOCK_EVERY == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(DesignError::TimeLimit {
            phase: "the end of the good hint sets",
        });
    }
    Ok(())
}

/// The good hint sets of a mixed disagreement diagram (see the module doc).
pub(crate) struct GoodSets {
    /// The family, in the store passed to [`good_sets`].
    pub(crate) root: NodeId,
    /// `var_of_cell[j]` is the variable of the `j`-th cell in sweep order.
    pub(crate) var_of_cell: Vec<Var>,
    /// The cut level used.
    pub(crate) cut: usize,
    /// How many nodes below the cut the halves met at.
    pub(crate) meets: usize,
    /// Times of the bottom-up pass, the top-down pass and the meeting.
    pub(crate) times: [Duration; 3],
}

/// Computes the good hint sets of the members of `root` in `mixed`, where `cell_of_level[l]`
/// is `Some(j)` for the level of sweep cell `j` (cells numbered in level order) and `None` for
/// a segment level. `cut`: the cut level, or `None` to choose one (the level, among those with
/// 40 % to 55 % of the cells above, crossed by the fewest arcs).
///
/// # Errors
/// [`DesignError::Budget`] if `out`'s node budget runs out, [`DesignError::TimeLimit`] once
/// `deadline` has passed.
pub(crate) fn good_sets(
    mixed: &Zdd,
    root: NodeId,
    cell_of_level: &[Option<u32>],
    cut: Option<usize>,
    out: &mut Zdd,
    deadline: Option<Instant>,
) -> Result<GoodSets, DesignError> {
    let layout = Layout::new(mixed, root, cell_of_level);
    let p = cut.unwrap_or_else(|| layout.choose_cut());
    let q = layout.cstart[p];
    let k = layout.cells();
    let var_of_cell: Vec<Var> = (0..k).map(|j| if j < q { q - 1 - j } else { j }).collect();
    let mut halves = Halves {
        layout: &layout,
        out,
        p,
        q,
        deadline,
        tick: 0,
    };
    let t = Instant::now();
    let g = halves.bottom_up()?;
    let bottom_up = t.elapsed();
    let t = Instant::now();
    let pre = halves.top_down(root)?;
    let top_down = t.elapsed();
    let t = Instant::now();
    let pairs = halves.pairs(&g, &pre, root)?;
    let meets = pairs.len();
    // every future set: the future cells free
    let mut all_fut = NodeId::ONE;
    for j in (q..k).rev() {
        all_fut = halves.out.node(j, all_fut, all_fut)?;
    }
    let h = meet_balanced(halves.out, pairs, q, all_fut, deadline)?;
    Ok(GoodSets {
        root: h,
        var_of_cell,
        cut: p,
        meets,
        times: [bottom_up, top_down, t.elapsed()],
    })
}

/// The mixed diagram level by level: its nodes reachable from the root, bottom-up, and the
/// cells each level starts at.
struct Layout<'a> {
    mixed: &'a Zdd,
    cell_of_level: &'a [Option<u32>],
    /// `cstart[l]`: cells at levels below `l` (one more entry than levels).
    cstart: Vec<u32>,
    /// Reachable nodes, ascending index = bottom-up.
    order: Vec<NodeId>,
}

impl<'a> Layout<'a> {
    fn new(mixed: &'a Zdd, root: NodeId, cell_of_level: &'a [Option<u32>]) -> Layout<'a> {
        let mut cstart = Vec::with_capacity(cell_of_level.len() + 1);
        let mut k = 0u32;
        for c in cell_of_level {
            cstart.push(k);
            k += u32::from(c.is_some());
        }
        cstart.push(k);
        let mut seen = vec![false; mixed.node_count() + 2];
        let mut order: Vec<NodeId> = Vec::new();
        let mut stack = vec![root];
        while let Some(f) = stack.pop() {
            if f.is_terminal() || seen[f.index() as usize] {
                continue;
            }
            seen[f.index() as usize] = true;
            order.push(f);
            stack.push(mixed.lo(f));
            stack.push(mixed.hi(f));
        }
        order.sort_unstable();
        Layout {
            mixed,
            cell_of_level,
            cstart,
            order,
        }
    }

    /// Slots of per-node tables (every node index of the store, terminals included).
    fn slots(&self) -> usize {
        self.mixed.node_count() + 2
    }

    /// All the cells.
    fn cells(&self) -> u32 {
        *self.cstart.last().expect("one entry more than levels")
    }

    /// The level of `f` (the number of levels for a terminal).
    fn lev(&self, f: NodeId) -> usize {
        if f.is_terminal() {
            self.cell_of_level.len()
        } else {
            self.mixed.var(f) as usize
        }
    }

    /// The first cell at or below `f`'s level.
    fn start(&self, f: NodeId) -> u32 {
        self.cstart[self.lev(f)]
    }

    /// The level, among those with 40 % to 55 % of the cells above, crossed by the fewest
    /// arcs (an arc `a -> c` crosses every level in `lev(a) + 1..=lev(c)`).
    fn choose_cut(&self) -> usize {
        let levels = self.cell_of_level.len();
        let mut diff = vec![0i64; levels + 2];
        for &f in &self.order {
            for ch in [self.mixed.lo(f), self.mixed.hi(f)] {
                if ch != NodeId::ZERO {
                    diff[self.lev(f) + 1] += 1;
                    diff[self.lev(ch) + 1] -= 1;
                }
            }
        }
        let k = self.cells();
        let (lo, hi) = ((2 * k).div_ceil(5), (11 * k) / 20);
        let mut best = (i64::MAX, levels);
        let mut crossing = 0i64;
        for (l, d) in diff.iter().enumerate().take(levels + 1) {
            crossing += d;
            if (lo..=hi).contains(&self.cstart[l]) && crossing < best.0 {
                best = (crossing, l);
            }
        }
        best.1
    }
}

/// `x` with the future cells `to..from` free (a skipped cell agrees, so a hint there is free).
fn pad_fut(out: &mut Zdd, mut x: NodeId, from: u32, to: u32) -> Result<NodeId, BudgetExceeded> {
    for j in (to..from).rev() {
        x = out.node(j, x, x)?;
    }
    Ok(x)
}

/// The two passes on either side of the cut level `p` (`q` cells above it), into `out`.
struct Halves<'l, 'o> {
    layout: &'l Layout<'l>,
    out: &'o mut Zdd,
    p: usize,
    q: u32,
    deadline: Option<Instant>,
    tick: usize,
}

impl Halves<'_, '_> {
    /// `x` with the past cells `from..to` free (cell `j` is variable `q - 1 - j`).
    fn pad_past(&mut self, mut x: NodeId, from: u32, to: u32) -> Result<NodeId, BudgetExceeded> {
        for j in from..to {
            x = self.out.node(self.q - 1 - j, x, x)?;
        }
        Ok(x)
    }

    /// Bottom-up below the cut: per node, `G`, the future hint sets (from the node's own start)
    /// hitting every suffix from it.
    fn bottom_up(&mut self) -> Result<Vec<NodeId>, DesignError> {
        let lay = self.layout;
        let mut g = vec![NodeId::ZERO; lay.slots()];
        g[0] = NodeId::ONE; // no completion: the empty set hits them all
        g[1] = NodeId::ZERO; // a completion disagreeing nowhere more: nothing hits it
        let p = self.p;
        for &f in lay.order.iter().filter(|&&f| lay.lev(f) >= p) {
            check_clock(self.deadline, &mut self.tick)?;
            let (lo, hi) = (lay.mixed.lo(f), lay.mixed.hi(f));
            let (glo, ghi) = (g[lo.index() as usize], g[hi.index() as usize]);
            let out = &mut *self.out;
            g[f.index() as usize] = match lay.cell_of_level[lay.lev(f)] {
                None => {
                    let a = pad_fut(out, glo, lay.start(lo), lay.start(f))?;
                    let b = pad_fut(out, ghi, lay.start(hi), lay.start(f))?;
                    out.intersection(a, b)?
                }
                Some(c) => {
                    let a = pad_fut(out, glo, lay.start(lo), c + 1)?;
                    let b = pad_fut(out, ghi, lay.start(hi), c + 1)?;
                    let both = out.intersection(a, b)?;
                    out.node(c, both, a)?
                }
            };
        }
        Ok(g)
    }

    /// Top-down above the cut: per node, `Pre`, the past hint sets (before the node's own
    /// start) hitting every prefix into it; `None` where no arc from above reaches.
    fn top_down(&mut self, root: NodeId) -> Result<Vec<Option<NodeId>>, DesignError> {
        let lay = self.layout;
        let q = self.q;
        // all_prev[j]: every set of the cells before j.
        let mut all_prev = vec![NodeId::ONE];
        for j in 0..q {
            let x = all_prev[j as usize];
            all_prev.push(self.out.node(q - 1 - j, x, x)?);
        }
        let mut pre: Vec<Option<NodeId>> = vec![None; lay.slots()];
        // The empty prefix disagrees nowhere: no past set hits it.
        pre[root.index() as usize] = Some(NodeId::ZERO);
        let p = self.p;
        for &a in lay.order.iter().rev().filter(|&&f| lay.lev(f) < p) {
            check_clock(self.deadline, &mut self.tick)?;
            let Some(pa) = pre[a.index() as usize] else {
                continue;
            };
            let (xlo, xhi, after) = match lay.cell_of_level[lay.lev(a)] {
                Some(j) => (
                    self.out.node(q - 1 - j, pa, pa)?,
                    self.out.node(q - 1 - j, pa, all_prev[j as usize])?,
                    j + 1,
                ),
                None => (pa, pa, lay.start(a)),
            };
            for (ch, x) in [(lay.mixed.lo(a), xlo), (lay.mixed.hi(a), xhi)] {
                if ch == NodeId::ZERO {
                    continue;
                }
                let x = self.pad_past(x, after, lay.start(ch).min(q))?;
                let slot = &mut pre[ch.index() as usize];
                *slot = Some(match *slot {
                    None => x,
                    Some(y) => self.out.intersection(x, y)?,
                });
            }
        }
        Ok(pre)
    }

    /// `(Pre(b), G(b))` per node `b` just below the cut that an arc from above reaches (the
    /// 1-terminal among them), `G` padded up to the cut.
    fn pairs(
        &mut self,
        g: &[NodeId],
        pre: &[Option<NodeId>],
        root: NodeId,
    ) -> Result<Vec<(NodeId, NodeId)>, DesignError> {
        let lay = self.layout;
        let targets = lay
            .order
            .iter()
            .copied()
            .filter(|&f| lay.lev(f) >= self.p)
            .chain([NodeId::ONE, root]);
        let mut done = vec![false; lay.slots()];
        let mut pairs = Vec::new();
        for b in targets {
            let i = b.index() as usize;
            if done[i] || (b == root && lay.lev(b) < self.p) {
                continue;
            }
            done[i] = true;
            let Some(pb) = pre[i] else { continue };
            let gb = pad_fut(self.out, g[i], lay.start(b), self.q)?;
            pairs.push((pb, gb));
        }
        Ok(pairs)
    }
}

/// The meeting: the intersection of `P × 2^future ∪ 2^past × G` over the pairs, after
/// merging pairs with equal `G` and then pairs with equal `P`, by one descent ([`Meet`]).
fn meet_balanced(
    out: &mut Zdd,
    pairs: Vec<(NodeId, NodeId)>,
    q: Var,
    all_fut: NodeId,
    deadline: Option<Instant>,
) -> Result<NodeId, DesignError> {
    let mut pairs = group(out, pairs)?;
    // A pair with P = ∅ says T_fut ∈ G0 outright, one with G = ∅ says T_past ∈ P0: narrow
    // every other pair by them (future-only and past-only intersections, cheap) and regroup,
    // until nothing changes. Both empty: no hint set is good.
    loop {
        let g0 = pairs.iter().find(|x| x.0 == NodeId::ZERO).map(|x| x.1);
        let p0 = pairs.iter().find(|x| x.1 == NodeId::ZERO).map(|x| x.0);
        if g0 == Some(NodeId::ZERO) || p0 == Some(NodeId::ZERO) {
            return Ok(NodeId::ZERO);
        }
        let mut next = Vec::with_capacity(pairs.len());
        for &(pb, gb) in &pairs {
            let pn = match p0 {
                Some(p0) if gb != NodeId::ZERO => out.intersection(pb, p0)?,
                _ => pb,
            };
            let gn = match g0 {
                Some(g0) if pb != NodeId::ZERO => out.intersection(gb, g0)?,
                _ => gb,
            };
            next.push((pn, gn));
        }
        let next = group(out, next)?;
        let same = next.len() == pairs.len();
        pairs = next;
        if same {
            break;
        }
    }

    let mut memo = HashMap::default();
    let mut meet = Meet {
        out,
        q,
        memo: &mut memo,
        free: HashMap::default(),
        deadline,
        tick: 0,
    };
    meet.run(0, pairs, all_fut)
}

/// A state of [`Meet`]: the past variable, the open pairs, the running intersection.
type MeetKey = (Var, Vec<(NodeId, NodeId)>, NodeId);

/// The meeting by one descent over the past variables (`0..q`, at the top of the order):
/// below a past prefix, a pair whose `P` cofactor holds the empty set is met by every
/// completion (up-closed: it holds everything) and drops out, one whose cofactor is empty
/// requires `G` and joins the running intersection `acc`. Cofactors of equal pair lists and
/// `acc` are one node (the memo), so each distinct state is met once; at the cut the result
/// is `acc`. Pairs whose cofactors become equal merge into one (intersecting their `G`):
/// cofactors converge fast, so a state holds a handful of pairs (3-4 on average on example
/// #1 and a 6 × 6 loop, against 120-500 unmerged), and a whole group that fails costs one
/// intersection into `acc` instead of one per pair (97 % of those changed nothing).
/// Against intersecting the `P × 2^future ∪ 2^past × G` terms in a balanced tree (inner
/// results spanning every variable): example #1's meeting 0.3 s instead of 0.5-0.6 s at half
/// the peak memory.
struct Meet<'a> {
    out: &'a mut Zdd,
    q: Var,
    memo: &'a mut HashMap<MeetKey, NodeId>,
    /// [`Meet::free_from`]'s memo.
    free: HashMap<(Var, NodeId), NodeId>,
    deadline: Option<Instant>,
    tick: usize,
}

impl Meet<'_> {
    /// Whether the family `f` holds the empty set.
    fn has_empty(&self, mut f: NodeId) -> bool {
        while !f.is_terminal() {
            f = self.out.lo(f);
        }
        f == NodeId::ONE
    }

    /// `acc` with the past variables `v..q` free (no condition on them), memoised: many
    /// states end in the same `acc` at different depths.
    fn free_from(&mut self, v: Var, acc: NodeId) -> Result<NodeId, DesignError> {
        if acc == NodeId::ZERO || v >= self.q {
            return Ok(acc);
        }
        if let Some(&x) = self.free.get(&(v, acc)) {
            return Ok(x);
        }
        let below = self.free_from(v + 1, acc)?;
        let x = self.out.node(v, below, below)?;
        self.free.insert((v, acc), x);
        Ok(x)
    }

    /// Drops the pairs met by every completion, folds the empty ones into `acc`, merges pairs
    /// with equal `P`; sorted.
    fn settle(
        &mut self,
        pairs: Vec<(NodeId, NodeId)>,
        mut acc: NodeId,
    ) -> Result<(Vec<(NodeId, NodeId)>, NodeId), DesignError> {
        let mut rest: Vec<(NodeId, NodeId)> = Vec::with_capacity(pairs.len());
        let mut pairs = pairs;
        pairs.sort_unstable();
        for (p, g) in pairs {
            if p == NodeId::ZERO {
                acc = self.out.intersection(acc, g)?;
            } else if self.has_empty(p) {
                continue;
            } else {
                match rest.last_mut() {
                    // Equal cofactors merge: (P ∨ G1) ∧ (P ∨ G2) = P ∨ (G1 ∧ G2).
                    Some(last) if last.0 == p => last.1 = self.out.intersection(last.1, g)?,
                    _ => rest.push((p, g)),
                }
            }
        }
        Ok((rest, acc))
    }

    fn run(
        &mut self,
        v: Var,
        pairs: Vec<(NodeId, NodeId)>,
        acc: NodeId,
    ) -> Result<NodeId, DesignError> {
        let (pairs, acc) = self.settle(pairs, acc)?;
        if acc == NodeId::ZERO || pairs.is_empty() || v >= self.q {
            // No pair left (at the cut every cofactor is a terminal, so none is left): the
            // past variables from v on are free.
            return self.free_from(v, acc);
        }
        check_clock(self.deadline, &mut self.tick)?;
        let key = (v, pairs, acc);
        if let Some(&x) = self.memo.get(&key) {
            return Ok(x);
        }
        let pairs = &key.1;
        let (mut lo, mut hi) = (
            Vec::with_capacity(pairs.len()),
            Vec::with_capacity(pairs.len()),
        );
        for &(p, g) in pairs {
            if self.out.var(p) == v {
                lo.push((self.out.lo(p), g));
                hi.push((self.out.hi(p), g));
            } else {
                lo.push((p, g));
                hi.push((NodeId::ZERO, g));
            }
        }
        let x0 = self.run(v + 1, lo, acc)?;
        let x1 = self.run(v + 1, hi, acc)?;
        let x = self.out.node(v, x0, x1)?;
        self.memo.insert(key, x);
        Ok(x)
    }
}

/// Merges pairs with equal `G` (intersecting their `P`), then pairs with equal `P`
/// (intersecting their `G`).
fn group(
    out: &mut Zdd,
    pairs: Vec<(NodeId, NodeId)>,
) -> Result<Vec<(NodeId, NodeId)>, BudgetExceeded> {
    let mut by_g: HashMap<NodeId, NodeId> = HashMap::default();
    for (pb, gb) in pairs {
        let e = by_g.entry(gb).or_insert(pb);
        if *e != pb {
            *e = out.intersection(*e, pb)?;
        }
    }
    let mut by_pre: HashMap<NodeId, NodeId> = HashMap::default();
    for (gb, pb) in by_g {
        let e = by_pre.entry(pb).or_insert(gb);
        if *e != gb {
            *e = out.intersection(*e, gb)?;
        }
    }
    let mut pairs: Vec<(NodeId, NodeId)> = by_pre.into_iter().collect();
    pairs.sort_unstable();
    Ok(pairs)
}
