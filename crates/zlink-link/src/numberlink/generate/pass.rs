//! The top-down pass of the generator (the paper's Algorithm 3 as its Sec. 8.2 runs it): the
//! path-matching frontier of Algorithm 1, each state carrying two families of pair sets,
//! `W` (fixed pairs reached by exactly one valid partial path, nothing uncovered) and `B`
//! (reached twice, or with an uncovered vertex: never good).
//!
//! Why its own mate: the shared mate spec folds a path end that left the frontier into one
//! `OUT` code, but a fixed pair needs the identity of both ends, so here an end records the
//! vertex number of its partner, live or gone.
//!
//! The two families live in one *tally* (`zlink_zdd`'s module `tally`): a pair set of `W` is
//! a member, a pair set of `B` is the member with the tag variable added (the variable after
//! every pair variable). Merging two arrivals `(W1, B1)`, `(W2, B2)` at one state,
//! `B = B1 ∪ B2 ∪ (W1 ∩ W2)`, `W = (W1 ∪ W2) \ B`, is then one saturating sum (five
//! operations as two families), a fixed pair one `change` (two), an uncovered vertex one
//! `tally_many`; the good sets at the end are the members without the tag. The 0- and 1-arc of
//! one parent count as two arrivals (the ⚠ of the design notes; the brute-force tests confirm
//! it). With at most `L` pairs the state also holds the number of fixed pairs, so every family
//! at a state has sets of one size.

use num_bigint::BigUint;
use rustc_hash::FxHashMap;
use zlink_frontier::{FrontierPlan, Graph, Vertex};
use zlink_zdd::{BudgetExceeded, NodeId, Var, Zdd};

use super::{report_level, GenError};
use zlink_base::stop::At;
use zlink_base::Resource;
use zlink_frontier::{Limits, Stopped};

/// Slot codes: 0 = degree 2 or empty slot, 1 = untouched, `2 + w` = a path end whose partner
/// is vertex `w`.
const FREE: u8 = 0;
const UNTOUCHED: u8 = 1;
const END: u8 = 2;
/// Bytes of a state key: the slots, then the number of fixed pairs.
const KEY_BYTES: usize = 16;
/// The most slots a state holds.
pub const MAX_WIDTH: usize = KEY_BYTES - 1;
/// The most vertices (codes are bytes).
pub const MAX_VERTICES: usize = (u8::MAX - END) as usize;
/// Bytes charged per state held (key, a handle, table overhead).
const STATE_BYTES: u64 = 64;
/// Bytes charged per ZDD node (node, unique table, apply cache).
pub const NODE_BYTES: u64 = 48;

type Key = [u8; KEY_BYTES];

/// The numbering of pair variables: pairs fixed late get small variables (near the root), so
/// adding a pair to a family is a new root node.
#[derive(Clone, Debug)]
pub struct PairVars {
    /// Rank of each vertex in the order it leaves the frontier.
    rank: Vec<u32>,
    /// Vertex of each rank.
    by_rank: Vec<Vertex>,
    num_vars: u32,
}

impl PairVars {
    fn new(plan: &FrontierPlan, n: usize) -> PairVars {
        let mut by_rank = Vec::with_capacity(n);
        for i in 0..plan.num_levels() {
            for &(_, x) in plan.level(i).leave.as_slice() {
                by_rank.push(x);
            }
        }
        let mut rank = vec![u32::MAX; n];
        for (r, &x) in by_rank.iter().enumerate() {
            rank[x as usize] = r as u32;
        }
        let k = by_rank.len() as u64;
        PairVars {
            rank,
            by_rank,
            num_vars: (k * k.saturating_sub(1) / 2) as u32,
        }
    }

    /// Number of pair variables.
    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    /// The variable of the pair `{a, b}` (both must leave the frontier at some level).
    pub fn var(&self, a: Vertex, b: Vertex) -> Var {
        let (x, y) = (self.rank[a as usize], self.rank[b as usize]);
        let (lo, hi) = if x < y { (x, y) } else { (y, x) };
        let idx = u64::from(hi) * u64::from(hi - 1) / 2 + u64::from(lo);
        self.num_vars - 1 - idx as u32
    }

    /// The pair `(a, b)`, `a < b`, of a variable.
    pub fn pair(&self, v: Var) -> (Vertex, Vertex) {
        let idx = u64::from(self.num_vars - 1 - v);
        let mut hi = ((((8 * idx + 1) as f64).sqrt() + 1.0) / 2.0) as u64;
        while hi * (hi - 1) / 2 > idx {
            hi -= 1;
        }
        while (hi + 1) * hi / 2 <= idx {
            hi += 1;
        }
        let lo = idx - hi * (hi - 1) / 2;
        let (a, b) = (self.by_rank[lo as usize], self.by_rank[hi as usize]);
        (a.min(b), a.max(b))
    }
}

/// What the pass leaves: the family of good pair sets in `zdd`, and its figures.
pub struct PassResult {
    /// The family of good pair sets.
    pub root: NodeId,
    /// Most states held at one level.
    pub peak_states: usize,
    /// Most ZDD nodes held at once.
    pub peak_nodes: usize,
}

/// One run of the pass over `g` in its edge order.
pub struct Pass<'a> {
    g: &'a Graph,
    plan: FrontierPlan,
    /// Last level of each vertex.
    last: Vec<usize>,
    /// Slot of each vertex (stable while it is live).
    slot_of: Vec<u8>,
    pub(super) vars: PairVars,
}

/// The outcome of one arc: the child key, the pairs it fixes, whether a vertex left uncovered.
struct Arc {
    key: Key,
    fixed: [Option<(Vertex, Vertex)>; 2],
    uncovered: bool,
}

impl<'a> Pass<'a> {
    /// Plans the pass.
    ///
    /// # Errors
    /// [`GenError::TooBig`] if the frontier is wider than [`MAX_WIDTH`] or the graph has more
    /// than [`MAX_VERTICES`] vertices.
    pub fn new(g: &'a Graph) -> Result<Pass<'a>, GenError> {
        let n = g.num_vertices();
        if n > MAX_VERTICES {
            return Err(GenError::TooBig(format!(
                "{n} vertices; the generator handles at most {MAX_VERTICES}"
            )));
        }
        let plan = FrontierPlan::new(g).map_err(|e| GenError::TooBig(e.to_string()))?;
        if plan.width() > MAX_WIDTH {
            return Err(GenError::TooBig(format!(
                "frontier width {} exceeds the generator's maximum {MAX_WIDTH}",
                plan.width()
            )));
        }
        let mut last = vec![0usize; n];
        let mut slot_of = vec![u8::MAX; n];
        for i in 0..plan.num_levels() {
            let lp = plan.level(i);
            last[lp.u as usize] = i;
            last[lp.v as usize] = i;
            for &(s, x) in lp.enter.as_slice() {
                slot_of[x as usize] = s;
            }
        }
        let vars = PairVars::new(&plan, n);
        Ok(Pass {
            g,
            plan,
            last,
            slot_of,
            vars,
        })
    }

    /// The arc `take` from `key` at level `i`, or `None` if it makes a vertex of degree 3 or a
    /// cycle. `key` already has the slots of the vertices entering at `i`; `count_pairs` keeps
    /// the number of fixed pairs in the key (only needed for a cap on the pairs).
    fn arc(&self, key: &Key, i: usize, take: bool, count_pairs: bool) -> Option<Arc> {
        let lp = self.plan.level(i);
        let mut s = *key;
        let (su, sv) = (lp.su as usize, lp.sv as usize);
        let mut fixed = [None, None];
        let mut nf = 0;
        if take {
            let (cu, cv) = (s[su], s[sv]);
            if cu == FREE || cv == FREE {
                return None;
            }
            let a = if cu == UNTOUCHED {
                lp.u
            } else {
                Vertex::from(cu - END)
            };
            let b = if cv == UNTOUCHED {
                lp.v
            } else {
                Vertex::from(cv - END)
            };
            if cu != UNTOUCHED && a == lp.v {
                return None; // closes a cycle
            }
            let code = |w: Vertex| END + w as u8;
            s[su] = if cu == UNTOUCHED { code(b) } else { FREE };
            s[sv] = if cv == UNTOUCHED { code(a) } else { FREE };
            if cu != UNTOUCHED && self.last[a as usize] > i {
                s[self.slot_of[a as usize] as usize] = code(b);
            }
            if cv != UNTOUCHED && self.last[b as usize] > i {
                s[self.slot_of[b as usize] as usize] = code(a);
            }
            if cu != UNTOUCHED
                && cv != UNTOUCHED
                && self.last[a as usize] < i
                && self.last[b as usize] < i
            {
                // Joins two paths whose far ends have both left: one finished path.
                fixed[0] = Some((a.min(b), a.max(b)));
                nf = 1;
            }
        }
        let mut uncovered = false;
        for &(slot, x) in lp.leave.as_slice() {
            let c = s[slot as usize];
            if c == UNTOUCHED {
                uncovered = true;
            } else if c >= END {
                let y = Vertex::from(c - END);
                let gone = self.last[y as usize] < i;
                let both_now = self.last[y as usize] == i && x < y;
                if gone || both_now {
                    fixed[nf] = Some((x.min(y), x.max(y)));
                    nf += 1;
                }
            }
            s[slot as usize] = FREE;
        }
        if count_pairs {
            s[MAX_WIDTH] = s[MAX_WIDTH].saturating_add(nf as u8);
        }
        Some(Arc {
            key: s,
            fixed,
            uncovered,
        })
    }

    /// The fewest pairs any completion of `key` (after level `i`) still fixes.
    fn pairs_to_come(&self, key: &Key, i: usize) -> u32 {
        let (mut half, mut live) = (0u32, false);
        for &c in &key[..MAX_WIDTH] {
            if c >= END {
                live = true;
                if self.last[usize::from(c - END)] <= i {
                    half += 1;
                }
            }
        }
        half.div_ceil(2).max(u32::from(live))
    }

    /// Runs the pass: the family of good pair sets, with at most `max_pairs` pairs if given.
    ///
    /// # Errors
    /// [`GenError::Stopped`] when the memory budget or the deadline runs out.
    pub fn run(
        &self,
        zdd: &mut Zdd,
        max_pairs: Option<u32>,
        limits: &Limits,
    ) -> Result<PassResult, GenError> {
        let n = self.g.num_vertices();
        let degrees = self.g.degrees();
        if n > 0 && degrees.contains(&0) {
            // An isolated vertex is never covered.
            return Ok(PassResult {
                root: zdd.empty(),
                peak_states: 0,
                peak_nodes: 0,
            });
        }
        let run = RunCtx {
            cap: max_pairs.map(|l| l.min(u32::from(u8::MAX) - 2)),
            state_budget: limits.max_memory.map(|m| m / 2 / STATE_BYTES),
            // the tally's tag: after every pair variable
            tag: self.vars.num_vars(),
            limits,
        };
        let mut cur: FxHashMap<Key, NodeId> = FxHashMap::default();
        cur.insert([0; KEY_BYTES], zdd.base());
        let (mut peak_states, mut peak_nodes) = (1usize, zdd.node_count());
        let mut gc_at = zdd.node_count().max(1 << 16);
        let levels = self.plan.num_levels();
        for i in 0..levels {
            report_level(limits, (i, levels), (cur.len(), zdd.node_count()), "nodes");
            let mut next = self.expand_level(zdd, &mut cur, i, &run)?;
            peak_states = peak_states.max(next.len());
            peak_nodes = peak_nodes.max(zdd.node_count());
            if zdd.node_count() > gc_at {
                collect_garbage(zdd, &mut next);
                gc_at = (2 * zdd.node_count()).max(1 << 16);
            }
            cur = next;
        }
        let mut root = good_sets(zdd, &cur, run.tag)?;
        if levels == 0 {
            // No edges: the empty instance is good only on the empty graph.
            root = if n == 0 { zdd.base() } else { zdd.empty() };
        }
        let mut roots = [root];
        zdd.retain(&mut roots);
        Ok(PassResult {
            root: roots[0],
            peak_states,
            peak_nodes,
        })
    }

    /// Level `i` of [`Pass::run`]: the states after it, from the states `cur` before it
    /// (drained), every parent's 0- and 1-arc merged into its child's tally.
    fn expand_level(
        &self,
        zdd: &mut Zdd,
        cur: &mut FxHashMap<Key, NodeId>,
        i: usize,
        run: &RunCtx<'_>,
    ) -> Result<FxHashMap<Key, NodeId>, GenError> {
        let lp = self.plan.level(i);
        let levels = self.plan.num_levels();
        let at = At::level(i as u32, levels as u32);
        let mut next: FxHashMap<Key, NodeId> = FxHashMap::default();
        let mut parents: Vec<(Key, NodeId)> = cur.drain().collect();
        parents.sort_unstable_by_key(|a| a.0);
        for (done, (mut key, f)) in parents.into_iter().enumerate() {
            if done % 256 == 0 {
                run.limits.check_time().map_err(|e| e.at(at))?;
            }
            for &(slot, _) in lp.enter.as_slice() {
                key[slot as usize] = UNTOUCHED;
            }
            for take in [false, true] {
                let Some(arc) = self.arc(&key, i, take, run.cap.is_some()) else {
                    continue;
                };
                if let Some(l) = run.cap {
                    let k = u32::from(arc.key[MAX_WIDTH]);
                    if k + self.pairs_to_come(&arc.key, i) > l {
                        continue;
                    }
                }
                let f2 = self.follow(zdd, f, &arc, run.tag)?;
                arrive(zdd, &mut next, arc.key, f2, run, at)?;
            }
        }
        Ok(next)
    }

    /// The tally `f` carried along `arc`: its fixed pairs added, tagged if it leaves a vertex
    /// uncovered.
    #[inline]
    fn follow(&self, zdd: &mut Zdd, f: NodeId, arc: &Arc, tag: Var) -> Result<NodeId, GenError> {
        let mut f2 = f;
        for &(x, y) in arc.fixed.iter().flatten() {
            f2 = zdd.change(f2, self.vars.var(x, y)).map_err(budget)?;
        }
        if arc.uncovered {
            f2 = zdd.tally_many(f2, tag).map_err(budget)?;
        }
        Ok(f2)
    }

    /// Exact number of good pair sets of each size (index = number of pairs) in `root`.
    pub fn by_size(zdd: &Zdd, root: NodeId) -> Vec<BigUint> {
        zdd.count_by_size(root)
    }
}

/// What every level of [`Pass::run`] shares.
struct RunCtx<'l> {
    /// At most this many pairs, if given.
    cap: Option<u32>,
    /// At most this many states per level, if given.
    state_budget: Option<u64>,
    /// The tally's tag variable.
    tag: Var,
    limits: &'l Limits,
}

/// A zdd budget overrun as the generator's stop.
fn budget(e: BudgetExceeded) -> GenError {
    GenError::Stopped(Stopped::from(e))
}

/// Merges the tally `f2` arriving at state `key` into `next` (a new state counts against the
/// state budget).
#[inline]
fn arrive(
    zdd: &mut Zdd,
    next: &mut FxHashMap<Key, NodeId>,
    key: Key,
    f2: NodeId,
    run: &RunCtx<'_>,
    at: At,
) -> Result<(), GenError> {
    match next.get_mut(&key) {
        None => {
            if let Some(sb) = run.state_budget {
                if next.len() as u64 >= sb {
                    let e = Stopped::budget(Resource::States, next.len() as u64 + 1, sb)
                        .at(at)
                        .from_memory(run.limits.max_memory.unwrap_or(0), 2 * STATE_BYTES);
                    return Err(e.into());
                }
            }
            next.insert(key, f2);
        }
        Some(slot) => *slot = zdd.tally_add(*slot, f2, run.tag).map_err(budget)?,
    }
    Ok(())
}

/// Drops the zdd nodes no state of `next` reaches, renumbering the states' tallies.
fn collect_garbage(zdd: &mut Zdd, next: &mut FxHashMap<Key, NodeId>) {
    let mut roots: Vec<NodeId> = next.values().copied().collect();
    zdd.retain(&mut roots);
    for (v, r) in next.values_mut().zip(roots) {
        *v = r;
    }
}

/// The good pair sets of the final states `cur`: the union of their tallies' members without
/// the tag.
fn good_sets(zdd: &mut Zdd, cur: &FxHashMap<Key, NodeId>, tag: Var) -> Result<NodeId, GenError> {
    let mut root = zdd.empty();
    for &f in cur.values() {
        let once = zdd.offset(f, tag).map_err(budget)?;
        root = zdd.union(root, once).map_err(budget)?;
    }
    Ok(root)
}
