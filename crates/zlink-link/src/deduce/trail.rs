//! The state's bookkeeping: setting it up, deciding an edge (counts, path ends, labels) and
//! undoing decisions through the trail, so that a trial costs what it propagates, not a copy.

use super::*;

impl<'a> State<'a> {
    pub(super) fn new(p: &'a Problem) -> State<'a> {
        let ends = p
            .edges
            .iter()
            .enumerate()
            .flat_map(|(i, &(u, v))| [(u as usize, i as u32), (v as usize, i as u32)]);
        let vertex_edges = Lists::new(p.n, ends);
        let members = p
            .groups
            .iter()
            .enumerate()
            .flat_map(|(j, (es, _, _))| es.iter().map(move |&e| (e as usize, j as u32)));
        let edge_groups = Lists::new(p.edges.len(), members);
        let v_unk = (0..p.n).map(|v| vertex_edges.of(v).len() as u32).collect();
        let label = if p.labels.is_empty() {
            vec![0; p.n]
        } else {
            p.labels.to_vec()
        };
        State {
            p,
            val: vec![UNK; p.edges.len()],
            vertex_edges,
            edge_groups,
            v_on: vec![0; p.n],
            v_unk,
            g_on: vec![0; p.groups.len()],
            g_unk: p.groups.iter().map(|g| g.0.len() as u32).collect(),
            mate: (0..p.n as u32).collect(),
            len: vec![0; p.n],
            label,
            total_on: 0,
            unmet: p.groups.iter().filter(|g| g.1 > 0).count() as u32,
            closed: false,
            trail: Vec::new(),
            queue: Vec::new(),
            ends: Vec::new(),
            faces: Faces::new(p),
            forced: Vec::new(),
            labels: labels::Labels::new(p),
        }
    }

    fn set_mate(&mut self, v: u32, mate: u32, len: u32, label: u32) {
        let i = v as usize;
        self.trail
            .push(Undo::Mate(v, self.mate[i], self.len[i], self.label[i]));
        self.mate[i] = mate;
        self.len[i] = len;
        self.label[i] = label;
    }

    /// The number of unmet groups if edge `e` were also on.
    pub(super) fn unmet_with(&self, e: u32) -> u32 {
        let mut unmet = self.unmet;
        for &g in self.edge_groups.of(e as usize) {
            if self.g_on[g as usize] + 1 == self.p.groups[g as usize].1 {
                unmet -= 1;
            }
        }
        unmet
    }

    /// Decides edge `e` (undecided) and queues it for propagation.
    pub(super) fn set(&mut self, e: u32, on: bool) -> Result<(), Contradiction> {
        self.set_edge(e, on)?;
        match self.p.faces.1.get(e as usize) {
            Some(&(a, b)) => self.relate(a, b, on),
            None => Ok(()),
        }
    }

    /// [`State::set`] without the faces.
    fn set_edge(&mut self, e: u32, on: bool) -> Result<(), Contradiction> {
        debug_assert_eq!(self.val[e as usize], UNK);
        self.val[e as usize] = if on { ON } else { OFF };
        self.trail.push(Undo::Edge(e));
        self.queue.push(e);
        let (u, v) = self.p.edges[e as usize];
        for x in [u, v] {
            self.v_unk[x as usize] -= 1;
            self.v_on[x as usize] += u32::from(on);
        }
        for k in 0..self.edge_groups.of(e as usize).len() {
            let g = self.edge_groups.of(e as usize)[k] as usize;
            self.g_unk[g] -= 1;
            if on {
                self.g_on[g] += 1;
                if self.g_on[g] == self.p.groups[g].1 {
                    self.unmet -= 1;
                }
            }
        }
        if !on {
            return Ok(());
        }
        self.total_on += 1;
        if self.closed {
            return Err(Contradiction);
        }
        let (mu, mv) = (self.mate[u as usize], self.mate[v as usize]);
        if mu == INNER || mv == INNER {
            return Err(Contradiction);
        }
        if mu == v {
            // closes the path through u and v into a cycle
            if self.p.shape == Shape::Paths
                || self.total_on != self.len[u as usize] + 1
                || self.unmet != 0
            {
                return Err(Contradiction);
            }
            self.trail.push(Undo::Closed);
            self.closed = true;
            self.set_mate(u, INNER, 0, 0);
            self.set_mate(v, INNER, 0, 0);
            return Ok(());
        }
        let (lu, lv) = (self.label[u as usize], self.label[v as usize]);
        if lu != 0 && lv != 0 && lu != lv {
            return Err(Contradiction);
        }
        let label = lu.max(lv);
        let len = self.len[u as usize] + self.len[v as usize] + 1;
        if mu != u {
            self.set_mate(u, INNER, 0, 0);
        }
        if mv != v {
            self.set_mate(v, INNER, 0, 0);
        }
        self.set_mate(mu, mv, len, label);
        self.set_mate(mv, mu, len, label);
        self.ends.extend([mu, mv]);
        self.labels_edge_on(u, v)
    }

    /// Undoes every change after trail position `mark`.
    pub(super) fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("trail above mark") {
                Undo::Mate(v, mate, len, label) => {
                    self.mate[v as usize] = mate;
                    self.len[v as usize] = len;
                    self.label[v as usize] = label;
                }
                Undo::Closed => self.closed = false,
                Undo::Domain(i, word) => self.labels.restore(i, word),
                Undo::Union(child) => {
                    let f = &mut self.faces;
                    let root = f.parent[child as usize];
                    f.next.swap(root as usize, child as usize);
                    f.size[root as usize] -= f.size[child as usize];
                    f.parent[child as usize] = child;
                    f.flip[child as usize] = 0;
                }
                Undo::Edge(e) => {
                    let on = self.val[e as usize] == ON;
                    self.val[e as usize] = UNK;
                    let (u, v) = self.p.edges[e as usize];
                    for x in [u, v] {
                        self.v_unk[x as usize] += 1;
                        self.v_on[x as usize] -= u32::from(on);
                    }
                    for k in 0..self.edge_groups.of(e as usize).len() {
                        let g = self.edge_groups.of(e as usize)[k] as usize;
                        self.g_unk[g] += 1;
                        if on {
                            if self.g_on[g] == self.p.groups[g].1 {
                                self.unmet += 1;
                            }
                            self.g_on[g] -= 1;
                        }
                    }
                    self.total_on -= u32::from(on);
                }
            }
        }
        self.queue.clear();
        self.ends.clear();
        self.forced.clear();
        self.labels.clear_queue();
    }
}
