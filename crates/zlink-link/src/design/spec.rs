//! The disagreement spec: every cycle `C` of the dot graph together with the candidate cells
//! whose side count under `C` differs from the designer's loop `L`, as one family over mixed
//! variables (segments and cells interleaved).
//!
//! Why: a hint set `S` fails to make `L` unique iff some other cycle agrees with `L` on every
//! cell of `S`, i.e. misses its disagreement set `D(C)`. Carrying the count difference of the
//! open cells in the frontier state emits `D(C)` beside `C` in one top-down pass, so the
//! family of disagreement sets is one projection away (module `project`), without listing
//! all cycles and without the paper's formula (9) over all hint subsets.
//!
//! Levels: the segments in [`crate::slitherlink::sweep_order`], and right after the last side
//! of each candidate cell, that cell's level (taken iff the cell disagrees). Per open cell the
//! state keeps `d` = sides taken by `C` minus sides of `L` among the cell's processed sides,
//! 3 bits per cell: `0` slot unused (`d = 0`), `1..=5` for `d = -2..=2`, [`KNOWN`] once `|d|`
//! exceeds the sides left (the cell disagrees whatever comes). The cycle part is
//! [`Mate::cycles`](zlink_frontier::Mate::cycles) (Algorithm 4), run on the segment levels. When the cycle closes, every
//! later segment is 0, so the rest of the set is fixed: the state switches to *closed* mode
//! (it remembers the closing segment) and steps through the disagreeing cells that remain.

use zlink_frontier::packed::Packed;
use zlink_frontier::specs::mate::Mate;
use zlink_frontier::{Level, Spec, Step};

/// Slot code: the cell disagrees whatever the remaining sides are.
const KNOWN: u64 = 6;
/// Slot code for `d = 0`.
const ZERO_D: u64 = 3;
/// Bits per open cell.
const BITS: u32 = 3;
/// `closed_at` of an open (not yet closed) state.
const OPEN: u32 = u32::MAX;
/// Most cells open at once (3 bits each in a `u64`).
pub(crate) const MAX_OPEN: usize = 21;

/// What a mixed level decides.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Item {
    /// Segment `level` of the engine's order.
    Edge(Level),
    /// Candidate cell number `j` (its variable in the projected family).
    Cell(u32),
}

/// A segment touching a tracked cell: its slot, whether the segment is on `L`, and how many
/// of the cell's sides come after it.
#[derive(Clone, Copy, Debug)]
struct Touch {
    slot: u8,
    on_loop: bool,
    rem: u8,
}

/// A tracked (candidate) cell.
#[derive(Clone, Debug)]
pub(crate) struct CellInfo {
    slot: u8,
    /// The first of its sides, a segment level.
    first: Level,
    /// Its sides `(segment level, on L)`.
    sides: [(Level, bool); 4],
    /// Sides of `L` around it.
    loop_count: u8,
}

/// The state: the mate codes (all 0 once closed), the open cells' codes, and the segment at
/// which the cycle closed ([`OPEN`] before).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct DState {
    mate: Packed,
    cells: u64,
    closed_at: u32,
}

/// The spec (see the module doc).
#[derive(Clone, Debug)]
pub(crate) struct DisagreeSpec {
    mate: Mate<Packed>,
    items: Vec<Item>,
    /// Mixed level of each segment level.
    edge_pos: Vec<Level>,
    touch_start: Vec<u32>,
    touches: Vec<Touch>,
    cells: Vec<CellInfo>,
    /// Per segment level, the cells open after it (first side at or before it, cell level
    /// after it) with the number of their `L` sides still to come.
    open_after: Vec<Vec<(u32, u8)>>,
}

impl DisagreeSpec {
    /// The spec for the cycles of the graph of `mate` (segment levels `0..m`), the loop
    /// `on_loop[level]`, and candidate cells given by their four side levels in any order
    /// (cell `j` of the projected family is the `j`-th cell in the order of their last side,
    /// ties by input order; [`DisagreeSpec::cell_order`] tells it).
    ///
    /// Returns `None` if more than [`MAX_OPEN`] cells would be open at once.
    pub(crate) fn new(
        mate: Mate<Packed>,
        on_loop: &[bool],
        cell_sides: &[[Level; 4]],
    ) -> Option<DisagreeSpec> {
        let m = on_loop.len();
        let order = DisagreeSpec::cell_order(cell_sides);
        let (items, edge_pos, cell_pos) = mixed_levels(m, &order, cell_sides);
        let mut cells: Vec<CellInfo> = order
            .iter()
            .map(|&k| {
                let mut s = cell_sides[k];
                s.sort_unstable();
                let sides = s.map(|l| (l, on_loop[l as usize]));
                CellInfo {
                    slot: u8::MAX,
                    first: s[0],
                    sides,
                    loop_count: sides.iter().filter(|x| x.1).count() as u8,
                }
            })
            .collect();
        assign_slots(&mut cells, &edge_pos, &cell_pos)?;
        let (touch_start, touches) = touches_per_edge(m, &cells);
        let open_after = (0..m)
            .map(|e| {
                cells
                    .iter()
                    .enumerate()
                    .filter(|(j, c)| c.first as usize <= e && cell_pos[*j] > edge_pos[e])
                    .map(|(j, c)| {
                        let rest = c.sides.iter().filter(|s| s.0 as usize > e && s.1).count();
                        (j as u32, rest as u8)
                    })
                    .collect()
            })
            .collect();
        Some(DisagreeSpec {
            mate,
            items,
            edge_pos,
            touch_start,
            touches,
            cells,
            open_after,
        })
    }

    /// `cell_order()[j]` is the input index of projected cell variable `j`.
    pub(crate) fn cell_order(cell_sides: &[[Level; 4]]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..cell_sides.len()).collect();
        order.sort_by_key(|&k| cell_sides[k].iter().max().copied());
        order
    }

    /// The mixed levels.
    pub(crate) fn items(&self) -> &[Item] {
        &self.items
    }

    /// The mixed level of segment level `e`.
    pub(crate) fn edge_pos(&self, e: Level) -> Level {
        self.edge_pos[e as usize]
    }

    #[inline(always)]
    fn get(cells: u64, slot: u8) -> u64 {
        (cells >> (u32::from(slot) * BITS)) & 7
    }

    #[inline(always)]
    fn set(cells: &mut u64, slot: u8, v: u64) {
        let sh = u32::from(slot) * BITS;
        *cells = (*cells & !(7 << sh)) | (v << sh);
    }

    /// Whether cell `j` disagrees in state `s`, at its own level.
    #[inline]
    fn disagrees(&self, s: &DState, j: u32) -> bool {
        let c = &self.cells[j as usize];
        if s.closed_at != OPEN && c.first > s.closed_at {
            return c.loop_count > 0; // no side taken by C
        }
        Self::get(s.cells, c.slot) != ZERO_D
    }

    /// In closed mode, the first disagreeing cell level after `p`, or accept.
    fn next_closed(&self, s: DState, p: usize) -> Step<DState> {
        for (q, it) in self.items.iter().enumerate().skip(p + 1) {
            if let Item::Cell(j) = *it {
                if self.disagrees(&s, j) {
                    return Step::Node(q as Level, s);
                }
            }
        }
        Step::Accept
    }
}

/// The mixed levels: each segment level, followed by the cells whose last side it is (cell
/// `j` being the `j`-th of `order`). Returns the items, the mixed level of each segment and of
/// each cell.
fn mixed_levels(
    m: usize,
    order: &[usize],
    cell_sides: &[[Level; 4]],
) -> (Vec<Item>, Vec<Level>, Vec<Level>) {
    let mut closing: Vec<Vec<u32>> = vec![Vec::new(); m];
    for (j, &k) in order.iter().enumerate() {
        let last = *cell_sides[k].iter().max().expect("four sides") as usize;
        closing[last].push(j as u32);
    }
    let mut items = Vec::with_capacity(m + cell_sides.len());
    let mut edge_pos = Vec::with_capacity(m);
    let mut cell_pos = vec![0 as Level; cell_sides.len()];
    for (e, cl) in closing.iter().enumerate() {
        edge_pos.push(items.len() as Level);
        items.push(Item::Edge(e as Level));
        for &j in cl {
            cell_pos[j as usize] = items.len() as Level;
            items.push(Item::Cell(j));
        }
    }
    (items, edge_pos, cell_pos)
}

/// Gives each cell a state slot: it takes one at its first side and gives it back at its
/// cell level. `None` if more than [`MAX_OPEN`] are open at once.
fn assign_slots(cells: &mut [CellInfo], edge_pos: &[Level], cell_pos: &[Level]) -> Option<()> {
    let mut events: Vec<(Level, bool, u32)> = Vec::new(); // (mixed level, opens, cell)
    for (j, c) in cells.iter().enumerate() {
        events.push((edge_pos[c.first as usize], true, j as u32));
        events.push((cell_pos[j], false, j as u32));
    }
    events.sort_by_key(|&(l, opens, _)| (l, !opens));
    let mut free: Vec<u8> = Vec::new();
    let mut next = 0usize;
    for (_, opens, j) in events {
        if opens {
            let s = match free.pop() {
                Some(s) => s,
                None => {
                    next += 1;
                    if next > MAX_OPEN {
                        return None;
                    }
                    (next - 1) as u8
                }
            };
            cells[j as usize].slot = s;
        } else {
            free.push(cells[j as usize].slot);
        }
    }
    Some(())
}

/// The cells' touches grouped by segment level: `touches[touch_start[e]..touch_start[e + 1]]`
/// are segment `e`'s.
fn touches_per_edge(m: usize, cells: &[CellInfo]) -> (Vec<u32>, Vec<Touch>) {
    let mut per_edge: Vec<Vec<Touch>> = vec![Vec::new(); m];
    for c in cells {
        for (p, &(l, on)) in c.sides.iter().enumerate() {
            per_edge[l as usize].push(Touch {
                slot: c.slot,
                on_loop: on,
                rem: 3 - p as u8,
            });
        }
    }
    let mut touch_start = Vec::with_capacity(m + 1);
    let mut touches = Vec::new();
    for t in per_edge {
        touch_start.push(touches.len() as u32);
        touches.extend(t);
    }
    touch_start.push(touches.len() as u32);
    (touch_start, touches)
}

impl Spec for DisagreeSpec {
    type State = DState;

    fn num_levels(&self) -> Level {
        self.items.len() as Level
    }

    fn root(&self) -> Step<DState> {
        match self.mate.root() {
            Step::Node(e, m) => Step::Node(
                self.edge_pos[e as usize],
                DState {
                    mate: m,
                    cells: 0,
                    closed_at: OPEN,
                },
            ),
            Step::Accept => Step::Accept,
            Step::Reject => Step::Reject,
        }
    }

    fn child(&self, s: &DState, level: Level, take: bool) -> Step<DState> {
        let p = level as usize;
        match self.items[p] {
            Item::Edge(e) => {
                let next = self.mate.child(&s.mate, e, take);
                if next == Step::Reject {
                    return Step::Reject;
                }
                let mut cells = s.cells;
                let (a, b) = (
                    self.touch_start[e as usize],
                    self.touch_start[e as usize + 1],
                );
                for t in &self.touches[a as usize..b as usize] {
                    let v = Self::get(cells, t.slot);
                    if v == KNOWN {
                        continue;
                    }
                    let d = if v == 0 { 0 } else { v as i64 - 3 } + i64::from(take)
                        - i64::from(t.on_loop);
                    let nv = if d.unsigned_abs() > u64::from(t.rem) {
                        KNOWN
                    } else {
                        (d + 3) as u64
                    };
                    Self::set(&mut cells, t.slot, nv);
                }
                match next {
                    Step::Node(_, m) => Step::Node(
                        level + 1,
                        DState {
                            mate: m,
                            cells,
                            closed_at: OPEN,
                        },
                    ),
                    Step::Accept => {
                        // Every later segment is 0: fix the open cells' final verdicts.
                        for &(j, rest) in &self.open_after[e as usize] {
                            let slot = self.cells[j as usize].slot;
                            let v = Self::get(cells, slot);
                            let d = if v == 0 { 0 } else { v as i64 - 3 } - i64::from(rest);
                            let fin = if v == KNOWN || d != 0 { KNOWN } else { ZERO_D };
                            Self::set(&mut cells, slot, fin);
                        }
                        let st = DState {
                            mate: Packed::default(),
                            cells,
                            closed_at: e,
                        };
                        self.next_closed(st, p)
                    }
                    Step::Reject => Step::Reject,
                }
            }
            Item::Cell(j) => {
                if self.disagrees(s, j) != take {
                    return Step::Reject;
                }
                let mut st = s.clone();
                let c = &self.cells[j as usize];
                if st.closed_at == OPEN || c.first <= st.closed_at {
                    Self::set(&mut st.cells, c.slot, 0);
                }
                if st.closed_at != OPEN {
                    return self.next_closed(st, p);
                }
                if p + 1 == self.items.len() {
                    return Step::Reject;
                }
                Step::Node(level + 1, st)
            }
        }
    }

    fn can_take(&self, s: &DState, level: Level) -> bool {
        match self.items[level as usize] {
            Item::Edge(e) => s.closed_at == OPEN && self.mate.can_take(&s.mate, e),
            Item::Cell(j) => self.disagrees(s, j),
        }
    }
}
