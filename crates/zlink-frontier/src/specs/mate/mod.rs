//! Mate-function specs (Knuth's Simpath; the ZDD paper's Algorithms 1 and 4).
//!
//! Each frontier slot holds a code: `FREE` (degree 2, or no live vertex), `UNTOUCHED`
//! (degree 0), `OUT` (an end of a path fragment whose other end is not on the frontier: it
//! left, or it is one of the terminals `s`, `t`), or `END + k` (an end whose fragment's other
//! end is slot `k`). Taking edge `{u, v}` joins the fragments at `u` and `v` (the paper's MU):
//! the outer ends point at each other and the inner ends become `FREE`.
//!
//! * [`Mate::path_matchings`]: sets of vertex-disjoint simple paths (Algorithm 1).
//! * [`Mate::st_paths`]: simple `s`-`t` paths. The terminals enter the frontier as `OUT`
//!   ends (a path from `s` to `t` is a cycle through a virtual edge `t-s`), so joining two
//!   `OUT` ends closes the path.
//! * [`Mate::cycles`]: single simple cycles (Algorithm 4, keeping the ⚠ rule that the
//!   empty set is no cycle: only closing a cycle accepts).
//!
//! * [`Mate::numbered`]: numbered path matchings (Algorithm 2): vertex-disjoint paths joining
//!   numbered terminal pairs (see [`Mate::numbered`] for its codes).
//!
//! The Hamiltonian variants reject a vertex that leaves the frontier untouched, and accept a
//! closing edge only once every vertex has entered and no frontier vertex is untouched.
//! Pruning: a fragment end leaving the frontier rejects at once (paths, cycles); so does an
//! unused terminal.
//!
//! The state type is a parameter ([`Slots`]): `Mate<Packed>` packs the codes into a `u128`
//! (frontier width up to 25, the fast path); `Mate<Wide>` keeps a byte per slot for wider
//! orders (such as the 3,721-vertex dot graph of a 60×60 grid of cells). Both run the same
//! transitions. [`Mates`] is the family of a caller's graph (paths between two vertices,
//! cycles) for the frontier's one entry point: it picks the state type and the edge order,
//! and reads members back as the caller's edges.

mod family;

pub use family::{BuiltMates, MateKind, Mates, ORDER_BYTES_PER_ITEM};

use crate::frontier::{FrontierPlan, TooWide};
use crate::graph::{Graph, Vertex};
use crate::packed::Slots;
use crate::spec::{Level, Spec, Step, Stepwise};
use crate::specs::SpecError;

const FREE: u8 = 0;
const UNTOUCHED: u8 = 1;
const OUT: u8 = 2;
const END: u8 = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    PathMatchings,
    StPath {
        s: Vertex,
        t: Vertex,
    },
    Cycles,
    /// Numbered path matchings: terminals enter as `OUT` (untouched terminal), numbered
    /// fragment ends are `num_base + pair`.
    Numbered,
}

/// A mate-function spec over an ordered graph; state = `M`, one mate code per slot.
#[derive(Clone, Debug)]
pub struct Mate<M> {
    plan: FrontierPlan,
    mode: Mode,
    hamiltonian: bool,
    /// Per level, the codes of the entering vertices at their slots (OR-ed into the state).
    enter_codes: Vec<M>,
    /// False when a parity argument already excludes every Hamiltonian member.
    parity_ok: bool,
    /// Numbered mode: per vertex, `pair + 1` for a terminal, 0 otherwise.
    numbers: Vec<u32>,
    /// Numbered mode: the code of a fragment end carrying pair 0 (`END + width`).
    num_base: u8,
    /// Numbered mode: per level, whether every terminal has entered by this level.
    terms_entered: Vec<bool>,
}

/// The parity argument for Hamiltonian specs on a connected bipartite graph: a Hamiltonian
/// cycle alternates colours, so both classes are equal; a Hamiltonian `s`-`t` path does too,
/// so either the classes are equal and `s`, `t` differ in colour, or `s` and `t` share the
/// colour of a class one larger. (An impossible 16×16 Hamiltonian path cost TdZdd 160 M dead
/// nodes; here the root is rejected at once.)
fn parity_allows(g: &Graph, mode: Mode) -> bool {
    let Some(colour) = g.bipartition() else {
        return true; // no argument (and a disconnected graph is rejected by the search)
    };
    let ones = colour.iter().filter(|&&c| c).count() as i64;
    let zeros = colour.len() as i64 - ones;
    match mode {
        Mode::Cycles => zeros == ones,
        Mode::StPath { s, t } if s != t => {
            let (cs, ct) = (colour[s as usize], colour[t as usize]);
            let bigger = ones > zeros;
            (zeros == ones && cs != ct)
                || ((zeros - ones).abs() == 1 && cs == bigger && ct == bigger)
        }
        _ => true,
    }
}

enum Other {
    Slot(u8),
    Out,
}

impl<M: Slots> Mate<M> {
    /// All path matchings of `g`: edge sets with every degree at most 2 and no cycle
    /// (the empty set included). Algorithm 1 of the paper.
    ///
    /// # Errors
    /// [`SpecError::TooWide`] if the order's frontier is too wide.
    pub fn path_matchings(g: &Graph) -> Result<Self, SpecError> {
        Ok(Self::new(Self::plan_for(g)?, Mode::PathMatchings, false))
    }

    /// All simple paths from `s` to `t` (as edge sets); with `hamiltonian`, only those that
    /// visit every vertex. For `s == t` the family is `{∅}` (the empty path), or empty if
    /// `hamiltonian` and the graph has other vertices.
    ///
    /// # Errors
    /// [`SpecError::VertexOutOfRange`], [`SpecError::TooWide`].
    pub fn st_paths(g: &Graph, s: Vertex, t: Vertex, hamiltonian: bool) -> Result<Self, SpecError> {
        for x in [s, t] {
            if x as usize >= g.num_vertices() {
                return Err(SpecError::VertexOutOfRange {
                    vertex: x,
                    n: g.num_vertices(),
                });
            }
        }
        let mut spec = Self::new(Self::plan_for(g)?, Mode::StPath { s, t }, hamiltonian);
        spec.parity_ok = !hamiltonian || parity_allows(g, spec.mode);
        Ok(spec)
    }

    /// All simple cycles of `g` (as edge sets, length at least 3); with `hamiltonian`, only
    /// those through every vertex. Algorithm 4 of the paper.
    ///
    /// # Errors
    /// [`SpecError::TooWide`].
    pub fn cycles(g: &Graph, hamiltonian: bool) -> Result<Self, SpecError> {
        let mut spec = Self::new(Self::plan_for(g)?, Mode::Cycles, hamiltonian);
        spec.parity_ok = !hamiltonian || parity_allows(g, Mode::Cycles);
        Ok(spec)
    }

    /// The frontier plan (width, levels).
    pub fn plan(&self) -> &FrontierPlan {
        &self.plan
    }

    /// The frontier plan of `g`, if `M` holds its width (mate codes go up to `END + width - 1`).
    fn plan_for(g: &Graph) -> Result<FrontierPlan, TooWide> {
        let plan = FrontierPlan::new(g)?;
        let max = M::CAPACITY.min(usize::from(M::MAX_VALUE - END) + 1);
        if plan.width() > max {
            return Err(TooWide {
                width: plan.width(),
                max,
            });
        }
        Ok(plan)
    }

    fn new(plan: FrontierPlan, mode: Mode, hamiltonian: bool) -> Self {
        let enter_codes = (0..plan.num_levels())
            .map(|i| {
                let mut m = M::zeroed(plan.width());
                for &(slot, x) in plan.level(i).enter.as_slice() {
                    let code = match mode {
                        Mode::StPath { s, t } if x == s || x == t => OUT,
                        _ => UNTOUCHED,
                    };
                    m.set(slot, code);
                }
                m
            })
            .collect();
        Mate {
            num_base: END.saturating_add(plan.width().min(250) as u8),
            plan,
            mode,
            hamiltonian,
            enter_codes,
            parity_ok: true,
            numbers: Vec::new(),
            terms_entered: Vec::new(),
        }
    }

    /// Initialises the slots of the vertices entering at `level` (they are `FREE` = 0 now).
    #[inline(always)]
    fn enter(&self, m: &mut M, level: usize) {
        m.or_assign(&self.enter_codes[level]);
    }

    /// A cycle (or the s-t path) just closed: accept iff nothing else is open.
    fn close(&self, m: &M, level: usize) -> Step<M> {
        if m.any_at_least_two() {
            return Step::Reject; // another open fragment
        }
        if self.hamiltonian && (!m.is_zero() || !self.plan.level(level).all_entered) {
            return Step::Reject; // an untouched vertex remains
        }
        Step::Accept
    }

    #[inline(always)]
    fn take(&self, m: &mut M, level: usize) -> Result<(), Step<M>> {
        if self.mode == Mode::Numbered {
            return self.take_numbered(m, level);
        }
        let lp = self.plan.level(level);
        let (a, b) = (lp.su, lp.sv);
        let (ca, cb) = (m.get(a), m.get(b));
        if ca == FREE || cb == FREE {
            return Err(Step::Reject); // degree 3
        }
        if ca == END + b {
            // Joining the two ends of one fragment closes a cycle.
            if self.mode != Mode::Cycles {
                return Err(Step::Reject);
            }
            m.set(a, FREE);
            m.set(b, FREE);
            return Err(self.close(m, level));
        }
        let other = |c: u8, slot: u8| match c {
            UNTOUCHED => Other::Slot(slot),
            OUT => Other::Out,
            _ => Other::Slot(c - END),
        };
        let (oa, ob) = (other(ca, a), other(cb, b));
        if ca != UNTOUCHED {
            m.set(a, FREE);
        }
        if cb != UNTOUCHED {
            m.set(b, FREE);
        }
        match (oa, ob) {
            (Other::Slot(x), Other::Slot(y)) => {
                m.set(x, END + y);
                m.set(y, END + x);
            }
            (Other::Slot(x), Other::Out) | (Other::Out, Other::Slot(x)) => m.set(x, OUT),
            (Other::Out, Other::Out) => {
                if let Mode::StPath { .. } = self.mode {
                    return Err(self.close(m, level)); // s joined to t
                }
            }
        }
        Ok(())
    }
}

/// Every child of a mate spec is at the next level (the frontier moves one edge at a time).
impl<M: Slots> Stepwise for Mate<M> {}

impl<M: Slots> Spec for Mate<M> {
    type State = M;

    fn num_levels(&self) -> Level {
        self.plan.num_levels() as Level
    }

    fn root(&self) -> Step<M> {
        let n = self.plan.num_vertices();
        match self.mode {
            Mode::StPath { s, t } if s == t => {
                return if !self.hamiltonian || n == 1 {
                    Step::Accept
                } else {
                    Step::Reject
                };
            }
            Mode::PathMatchings if self.plan.num_levels() == 0 => return Step::Accept,
            Mode::Numbered if !self.parity_ok => return Step::Reject,
            Mode::Numbered if self.plan.num_levels() == 0 => {
                let n = self.plan.num_vertices();
                let pairs = self.numbers.iter().any(|&x| x != 0);
                return if pairs || (self.hamiltonian && n > 0) {
                    Step::Reject
                } else {
                    Step::Accept
                };
            }
            _ => {}
        }
        if self.plan.num_levels() == 0
            || (self.hamiltonian && (self.plan.isolated() > 0 || !self.parity_ok))
        {
            return Step::Reject;
        }
        let mut m = M::zeroed(self.plan.width());
        self.enter(&mut m, 0);
        Step::Node(0, m)
    }

    #[inline(always)]
    fn child(&self, s: &M, level: Level, take: bool) -> Step<M> {
        let i = level as usize;
        let mut m = s.clone();
        if take {
            if let Err(step) = self.take(&mut m, i) {
                return step;
            }
        }
        let lp = self.plan.level(i);
        for &(slot, _) in lp.leave.as_slice() {
            let c = m.get(slot);
            match c {
                FREE => {}
                UNTOUCHED if !self.hamiltonian => {}
                OUT if self.mode == Mode::PathMatchings => {}
                _ if c >= END && self.mode == Mode::PathMatchings => m.set(c - END, OUT),
                _ => return Step::Reject, // a loose end or an uncovered vertex is fixed now
            }
            m.set(slot, FREE);
        }
        if i + 1 == self.plan.num_levels() {
            return if matches!(self.mode, Mode::PathMatchings | Mode::Numbered) {
                Step::Accept
            } else {
                Step::Reject
            };
        }
        self.enter(&mut m, i + 1);
        Step::Node(level + 1, m)
    }

    /// Cheap test: an endpoint of degree 2 takes no third edge; joining the two ends of one
    /// fragment closes a cycle, which only the cycle spec may do; and an untouched endpoint
    /// that leaves the frontier after this edge would leave a loose end (paths, cycles).
    /// (Other rejections, such as a closing cycle with other fragments open, are left to the
    /// full step.)
    ///
    /// Always inlined: the lookahead calls it once per child, and out of line (since the
    /// numbered mode grew it) it cost 4.8% of an 11×11 corner-path build's instructions.
    #[inline(always)]
    fn can_take(&self, m: &M, level: Level) -> bool {
        let lp = self.plan.level(level as usize);
        let (ca, cb) = (m.get(lp.su), m.get(lp.sv));
        if ca == FREE || cb == FREE || (self.mode != Mode::Cycles && ca == END + lp.sv) {
            return false;
        }
        if self.mode == Mode::Numbered
            && ca == OUT
            && cb == OUT
            && self.numbers[lp.u as usize] != self.numbers[lp.v as usize]
        {
            return false; // two terminals of different pairs
        }
        // An untouched endpoint whose last edge this is would leave with degree 1.
        self.mode == Mode::PathMatchings
            || !lp
                .leave
                .as_slice()
                .iter()
                .any(|&(slot, _)| m.get(slot) == UNTOUCHED && (slot == lp.su || slot == lp.sv))
    }

    /// Exact test: the 0-branch keeps the state, so it is rejected iff a vertex leaving after
    /// this edge holds a code the leaving rule rejects (a fragment end or an unused terminal;
    /// an untouched vertex in the Hamiltonian modes), or this is the last edge and only a
    /// closing edge accepts (paths, cycles).
    #[inline(always)]
    fn must_take(&self, m: &M, level: Level) -> bool {
        let i = level as usize;
        let matchings = self.mode == Mode::PathMatchings;
        if i + 1 == self.plan.num_levels()
            && !matches!(self.mode, Mode::PathMatchings | Mode::Numbered)
        {
            return true;
        }
        self.plan
            .level(i)
            .leave
            .as_slice()
            .iter()
            .any(|&(slot, _)| match m.get(slot) {
                FREE => false,
                UNTOUCHED => self.hamiltonian,
                _ => !matchings,
            })
    }
}

/// A fragment end as seen by [`Mate::take_numbered`]: unnumbered (the slot of its other end) or
/// carrying a pair number.
enum NumSide {
    Slot(u8),
    Pair(u8),
}

impl<M: Slots> Mate<M> {
    /// Numbered path matchings of any graph (the ZDD paper's Algorithm 2): the edge sets whose
    /// components are vertex-disjoint simple paths, one joining the two terminals of each pair of
    /// `pairs` (pair `k` = `pairs[k]`) and no other; every terminal has degree exactly 1 and
    /// every other vertex 0 or 2. With `cover`, every vertex lies on a path (Remark 7).
    ///
    /// Codes: a terminal enters as `OUT` (untouched terminal; its pair number is looked up by
    /// vertex when an edge takes it) and becomes `FREE` (saturated) once taken; the end of a
    /// fragment that started at a terminal of pair `p` is `num_base + p` with
    /// `num_base = END + width`, so joining two ends compares numbers directly: different
    /// numbers reject, equal numbers close the pair. Unnumbered fragments use `END + slot` as
    /// in Algorithm 1. A pair closing with nothing else open, every terminal entered (and,
    /// with `cover`, every vertex covered) accepts at once (Remark 6). A loose end or a
    /// degree-0 terminal leaving the frontier rejects, as does a cycle. With `cover` on a
    /// connected bipartite graph, a parity count rejects at the root: each path covers one
    /// more vertex of its terminals' colour when both share it, so the colour classes must
    /// differ by exactly that sum.
    ///
    /// The state needs `END + width + pairs` codes: at most 32 on
    /// [`Packed`](crate::packed::Packed) states (so a width-11 frontier takes up to 18 pairs),
    /// 256 on [`Wide`](crate::packed::Wide) ones.
    ///
    /// # Errors
    /// [`SpecError::VertexOutOfRange`]; [`SpecError::BadArgument`] if a vertex is a terminal
    /// twice (or both ends of a pair); [`SpecError::TooWide`] if the codes do not fit
    /// (`max` is then the largest width this many pairs allow).
    pub fn numbered(g: &Graph, pairs: &[(Vertex, Vertex)], cover: bool) -> Result<Self, SpecError> {
        let n = g.num_vertices();
        let mut numbers = vec![0u32; n];
        for (k, &(s, t)) in pairs.iter().enumerate() {
            for x in [s, t] {
                if x as usize >= n {
                    return Err(SpecError::VertexOutOfRange { vertex: x, n });
                }
                if numbers[x as usize] != 0 {
                    return Err(SpecError::BadArgument(format!(
                        "vertex {x} is a terminal twice (pair {k})"
                    )));
                }
                numbers[x as usize] = k as u32 + 1;
            }
        }
        let plan = FrontierPlan::new(g)?;
        let codes = usize::from(END) + plan.width() + pairs.len();
        let limit = usize::from(M::MAX_VALUE) + 1;
        if plan.width() > M::CAPACITY || codes > limit {
            return Err(SpecError::TooWide(TooWide {
                width: plan.width(),
                max: M::CAPACITY.min(limit.saturating_sub(usize::from(END) + pairs.len())),
            }));
        }
        let mut spec = Self::new(plan, Mode::Numbered, cover);
        // Terminals enter as OUT (`new` gave every vertex UNTOUCHED in this mode).
        let mut entered_terms = 0usize;
        spec.terms_entered = Vec::with_capacity(spec.plan.num_levels());
        for i in 0..spec.plan.num_levels() {
            for &(slot, x) in spec.plan.level(i).enter.as_slice() {
                if numbers[x as usize] != 0 {
                    spec.enter_codes[i].set(slot, OUT);
                    entered_terms += 1;
                }
            }
            spec.terms_entered.push(entered_terms == 2 * pairs.len());
        }
        let degrees = g.degrees();
        let isolated_term = (0..n).any(|v| numbers[v] != 0 && degrees[v] == 0);
        spec.parity_ok = !isolated_term && (!cover || numbered_parity_allows(g, pairs));
        spec.numbers = numbers;
        Ok(spec)
    }

    /// The fragment end at `slot` (vertex `x`, code `c`) before an edge joins it, and its code
    /// afterwards (`None`: unchanged, it becomes an end itself).
    #[inline(always)]
    fn numbered_side(&self, c: u8, slot: u8, x: Vertex) -> (NumSide, bool) {
        match c {
            UNTOUCHED => (NumSide::Slot(slot), false),
            OUT => (NumSide::Pair((self.numbers[x as usize] - 1) as u8), true),
            _ if c < self.num_base => (NumSide::Slot(c - END), true),
            _ => (NumSide::Pair(c - self.num_base), true),
        }
    }

    /// The 1-branch of [`Mate::numbered`] (see its doc for the codes).
    #[inline(always)]
    fn take_numbered(&self, m: &mut M, level: usize) -> Result<(), Step<M>> {
        let lp = self.plan.level(level);
        let (a, b) = (lp.su, lp.sv);
        let (ca, cb) = (m.get(a), m.get(b));
        if ca == FREE || cb == FREE || ca == END + b {
            return Err(Step::Reject); // degree 3, a saturated terminal, or a cycle
        }
        let (sa, clear_a) = self.numbered_side(ca, a, lp.u);
        let (sb, clear_b) = self.numbered_side(cb, b, lp.v);
        if clear_a {
            m.set(a, FREE);
        }
        if clear_b {
            m.set(b, FREE);
        }
        match (sa, sb) {
            (NumSide::Slot(x), NumSide::Slot(y)) => {
                m.set(x, END + y);
                m.set(y, END + x);
            }
            (NumSide::Slot(x), NumSide::Pair(p)) | (NumSide::Pair(p), NumSide::Slot(x)) => {
                m.set(x, self.num_base + p);
            }
            (NumSide::Pair(p), NumSide::Pair(q)) => {
                if p != q {
                    return Err(Step::Reject);
                }
                // Pair p is joined. Nothing open and every terminal in: the rest is all 0.
                if !m.any_at_least_two() && self.terms_entered[level] {
                    let covered = !self.hamiltonian || (m.is_zero() && lp.all_entered);
                    return Err(if covered { Step::Accept } else { Step::Reject });
                }
            }
        }
        Ok(())
    }
}

/// The parity count of [`Mate::numbered`] with `cover` (true when there is no argument).
fn numbered_parity_allows(g: &Graph, pairs: &[(Vertex, Vertex)]) -> bool {
    let Some(colour) = g.bipartition() else {
        return true;
    };
    let ones = colour.iter().filter(|&&c| c).count() as i64;
    let zeros = colour.len() as i64 - ones;
    let want: i64 = pairs
        .iter()
        .map(|&(s, t)| match (colour[s as usize], colour[t as usize]) {
            (true, true) => 1,
            (false, false) => -1,
            _ => 0,
        })
        .sum();
    ones - zeros == want
}
