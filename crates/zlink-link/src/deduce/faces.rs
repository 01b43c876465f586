//! Face classes of known relative colour (a loop in the plane splits the faces into inside
//! and outside): the union-find with parities behind the faces rule of the module doc, and
//! the step that joins two classes and decides the edges the join fixes.

use super::{Contradiction, Lists, Problem, State, Undo, UNK};

/// Face classes of known relative colour: a union-find by weight (the edges of the class's
/// faces: a join scans the lighter class's edges, so the outer face with its whole border is
/// never scanned for a cell) with the parity to the parent,
/// without path compression (so a union is undone by cutting one link), and each class's
/// members on a circular list (two lists are spliced, and split again, by swapping two
/// successors).
pub(super) struct Faces {
    pub(super) parent: Vec<u32>,
    /// Colour of a face relative to its parent (1: different).
    pub(super) flip: Vec<u8>,
    /// Per class root: the number of edges of its faces.
    pub(super) size: Vec<u32>,
    pub(super) next: Vec<u32>,
    /// Per face: its edges.
    pub(super) edges: Lists,
}

impl Faces {
    pub(super) fn new(p: &Problem) -> Faces {
        let (n, sides) = (p.faces.0, &p.faces.1);
        let members = sides
            .iter()
            .enumerate()
            .flat_map(|(e, &(a, b))| [(a as usize, e as u32), (b as usize, e as u32)]);
        let edges = Lists::new(n, members);
        Faces {
            parent: (0..n as u32).collect(),
            flip: vec![0; n],
            size: (0..n).map(|f| edges.of(f).len() as u32).collect(),
            next: (0..n as u32).collect(),
            edges,
        }
    }

    /// The class root of face `x` and the colour of `x` relative to it.
    #[inline]
    pub(super) fn find(&self, mut x: u32) -> (u32, u8) {
        let mut par = 0;
        while self.parent[x as usize] != x {
            par ^= self.flip[x as usize];
            x = self.parent[x as usize];
        }
        (x, par)
    }
}

impl<'a> State<'a> {
    /// Records that the faces `a` and `b` have different colours (`differ`) or the same: joins
    /// their classes and queues the undecided edges the join decides.
    pub(super) fn relate(&mut self, a: u32, b: u32, differ: bool) -> Result<(), Contradiction> {
        let (ra, pa) = self.faces.find(a);
        let (rb, pb) = self.faces.find(b);
        if ra == rb {
            return match (pa ^ pb == 1) == differ {
                true => Ok(()),
                false => Err(Contradiction),
            };
        }
        let f = &mut self.faces;
        let (root, child) = if f.size[ra as usize] >= f.size[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        f.parent[child as usize] = root;
        f.flip[child as usize] = pa ^ pb ^ u8::from(differ);
        f.size[root as usize] += f.size[child as usize];
        // the child's members meet the root's class: an undecided edge between them is decided
        let mut x = child;
        loop {
            let (_, px) = f.find(x);
            for &e in f.edges.of(x as usize) {
                if self.val[e as usize] != UNK {
                    continue;
                }
                let (u, v) = self.p.faces.1[e as usize];
                let y = if u == x { v } else { u };
                let (ry, py) = f.find(y);
                if ry == root {
                    self.forced.push((e, px != py));
                }
            }
            x = f.next[x as usize];
            if x == child {
                break;
            }
        }
        f.next.swap(root as usize, child as usize);
        self.trail.push(Undo::Union(child));
        Ok(())
    }
}
