//! The connectivity cuts of the checker (module `unique`): clauses true of every single loop
//! that a model of several cycles breaks.
//!
//! A loop's inside region is 4-connected, and so is its outside with the grid's exterior. So
//! for two cells `a`, `b` of two inside components of a model, and any set `S` of cells that
//! meets every 4-path from `a`'s component to `b`'s (a vertex separator), `a and b inside →
//! some cell of S inside`; for a hole `H` (an outside component off the border), `h outside →
//! some cell of S outside` for `S` separating `H` from the exterior. A cell fixed for good at
//! the solver's root level to the colour `S` must leave is left out of the clause (and may be
//! part of the separator for free), and so is a premise cell fixed to its model colour.
//!
//! Why a minimum separator and not the component's ring (the cells around it): the ring names
//! the component's exact shape, and a model whose second cycle can take very many shapes (a
//! 60×60 check, seed 1, cell 3031) needed 115,300 rounds of ring cuts; a minimum separator
//! (fewest free cells, by a max flow on the cells) is the narrow pinch between the cycles,
//! shared by all those shapes.

/// How a cell may take part in a separator.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// The flow passes freely (a cell of the components' colour in the model).
    Free,
    /// One unit: a cell of the separator's colour not fixed.
    One,
    /// Fixed for good to the separator's colour: no path through it (and never in a clause).
    Blocked,
}

/// A model's colouring and what the solver fixed for good.
pub(super) struct Model<'a> {
    /// Rows of cells.
    pub rows: usize,
    /// Columns of cells.
    pub cols: usize,
    /// Per cell: inside in the model.
    pub colour: &'a [bool],
    /// Per cell: its colour fixed at the solver's root level, if it is.
    pub fixed: &'a [Option<bool>],
    /// Per cell: inside the puzzle's loop (a premise cell is picked among these first).
    pub region: &'a [bool],
}

/// One clause: each `(cell, inside)` the literal "the cell's colour is `inside`".
pub(super) type Clause = Vec<(usize, bool)>;

/// The cuts of a model of several cycles (module doc): one per inside component but the
/// largest (against all other inside components) and one per hole.
pub(super) fn cuts(m: &Model<'_>) -> Vec<Clause> {
    let (comp, comps) = components(m);
    let largest = comps
        .iter()
        .enumerate()
        .filter(|(_, c)| c.inside)
        .max_by_key(|(_, c)| c.cells.len())
        .map(|(k, _)| k);
    let mut out = Vec::new();
    for (k, c) in comps.iter().enumerate() {
        let is_source: Vec<bool> = comp.iter().map(|&x| x == k as u32).collect();
        if c.inside && Some(k) != largest {
            let sink: Vec<bool> = (0..comp.len())
                .map(|x| m.colour[x] && comp[x] != k as u32)
                .collect();
            out.push(clause(m, &is_source, &sink, false, true));
        } else if !c.inside && !c.border {
            let none = vec![false; comp.len()];
            out.push(clause(m, &is_source, &none, true, false));
        }
    }
    out
}

/// The cut separating the `source` cells (of colour `inside`) from the `sink` cells and,
/// when `exterior`, from the grid's exterior.
fn clause(m: &Model<'_>, source: &[bool], sink: &[bool], exterior: bool, inside: bool) -> Clause {
    let pass: Vec<Pass> = (0..source.len())
        .map(|x| match (m.colour[x] == inside, m.fixed[x]) {
            (true, _) => Pass::Free,
            (false, Some(f)) if f != inside => Pass::Blocked,
            _ => Pass::One,
        })
        .collect();
    let mut c: Clause = Vec::new();
    for set in [source, sink] {
        if let Some(x) = premise(m, set, inside) {
            c.push((x, !inside));
        }
    }
    let sep = separator(m, source, sink, exterior, &pass);
    c.extend(sep.into_iter().map(|x| (x, inside)));
    c
}

/// A cell of `set` for the premise "it is `inside`": `None` when one is fixed so (the premise
/// always holds), else one inside the puzzle's loop when `inside`, else any.
fn premise(m: &Model<'_>, set: &[bool], inside: bool) -> Option<usize> {
    let cells = || (0..set.len()).filter(|&x| set[x]);
    if cells().any(|x| m.fixed[x] == Some(inside)) {
        return None;
    }
    cells()
        .find(|&x| m.region[x] == inside)
        .or_else(|| cells().next())
}

/// One component of a colouring.
struct Comp {
    inside: bool,
    cells: Vec<usize>,
    border: bool,
}

/// The 4-connected components of `m.colour`: per cell its component, and the components.
fn components(m: &Model<'_>) -> (Vec<u32>, Vec<Comp>) {
    let (rows, cols) = (m.rows, m.cols);
    let n = rows * cols;
    let mut comp = vec![u32::MAX; n];
    let mut comps = Vec::new();
    let mut stack = Vec::new();
    for s in 0..n {
        if comp[s] != u32::MAX {
            continue;
        }
        let k = comps.len() as u32;
        let (mut cells, mut border) = (Vec::new(), false);
        comp[s] = k;
        stack.push(s);
        while let Some(x) = stack.pop() {
            cells.push(x);
            let (r, c) = (x / cols, x % cols);
            border |= r == 0 || c == 0 || r + 1 == rows || c + 1 == cols;
            for y in neighbours(rows, cols, x) {
                if comp[y] == u32::MAX && m.colour[y] == m.colour[s] {
                    comp[y] = k;
                    stack.push(y);
                }
            }
        }
        comps.push(Comp {
            inside: m.colour[s],
            cells,
            border,
        });
    }
    (comp, comps)
}

/// A flow network in arrays: edges in pairs (an edge and its reverse).
struct Net {
    adj: Vec<Vec<u32>>,
    to: Vec<u32>,
    cap: Vec<u32>,
}

const INF: u32 = u32::MAX / 2;

impl Net {
    fn edge(&mut self, a: usize, b: usize, cap: u32) {
        self.adj[a].push(self.to.len() as u32);
        self.to.push(b as u32);
        self.cap.push(cap);
        self.adj[b].push(self.to.len() as u32);
        self.to.push(a as u32);
        self.cap.push(0);
    }

    /// Nodes reached from `s` in the residual network, with the edge that reached each.
    fn reach(&self, s: usize) -> Vec<u32> {
        let mut by = vec![u32::MAX; self.adj.len()];
        by[s] = u32::MAX - 1;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(a) = queue.pop_front() {
            for &e in &self.adj[a] {
                let b = self.to[e as usize] as usize;
                if self.cap[e as usize] > 0 && by[b] == u32::MAX {
                    by[b] = e;
                    queue.push_back(b);
                }
            }
        }
        by
    }
}

/// A minimum set of `One` cells meeting every 4-path from the `source` cells to the `sink`
/// cells (or the exterior): the one nearest the source, by shortest augmenting paths.
fn separator(
    m: &Model<'_>,
    source: &[bool],
    sink: &[bool],
    exterior: bool,
    pass: &[Pass],
) -> Vec<usize> {
    let (rows, cols) = (m.rows, m.cols);
    let n = rows * cols;
    let (s, t) = (2 * n, 2 * n + 1);
    let mut net = Net {
        adj: vec![Vec::new(); 2 * n + 2],
        to: Vec::new(),
        cap: Vec::new(),
    };
    for x in (0..n).filter(|&x| pass[x] != Pass::Blocked) {
        net.edge(2 * x, 2 * x + 1, if pass[x] == Pass::One { 1 } else { INF });
        if source[x] {
            net.edge(s, 2 * x, INF);
        }
        let (r, c) = (x / cols, x % cols);
        let on_border = r == 0 || c == 0 || r + 1 == rows || c + 1 == cols;
        if sink[x] || (exterior && on_border) {
            net.edge(2 * x + 1, t, INF);
        }
        for y in neighbours(rows, cols, x).filter(|&y| pass[y] != Pass::Blocked) {
            net.edge(2 * x + 1, 2 * y, INF);
        }
    }
    loop {
        let by = net.reach(s);
        if by[t] == u32::MAX {
            return (0..n)
                .filter(|&x| pass[x] == Pass::One && by[2 * x] != u32::MAX)
                .filter(|&x| by[2 * x + 1] == u32::MAX)
                .collect();
        }
        let mut b = t;
        while b != s {
            let e = by[b] as usize;
            net.cap[e] -= 1;
            net.cap[e ^ 1] += 1;
            b = net.to[e ^ 1] as usize;
        }
    }
}

/// The cells beside cell `x` of a `rows × cols` grid.
pub(super) fn neighbours(rows: usize, cols: usize, x: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (x / cols, x % cols);
    [
        (r > 0).then(|| x - cols),
        (r + 1 < rows).then(|| x + cols),
        (c > 0).then(|| x - 1),
        (c + 1 < cols).then(|| x + 1),
    ]
    .into_iter()
    .flatten()
}
