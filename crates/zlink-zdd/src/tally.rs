//! Tallies: families whose members carry a multiplicity saturating at two ("once" or
//! "many"), with a saturating sum that is one diagram operation.
//!
//! Why: a top-down generator that asks "is this set reached by exactly one path?" (the
//! generator of numbered-path instances, the paper's Algorithm 3) keeps, per frontier state,
//! the sets reached once and the sets reached more than once. As two families, merging two
//! arrivals takes five operations (`B = B1 ∪ B2 ∪ (W1 ∩ W2)`, `W = (W1 ∪ W2) \ B`) and each
//! fixed pair two `change`s; as one tally it takes one `tally_add` and one `change`.
//!
//! Encoding: a tally over the variables below a *tag* variable `t` (every other variable is
//! smaller than `t`, so `t` sits at the bottom of the diagram) holds a set `S` reached once as
//! the member `S`, and a set reached many times as the member `S ∪ {t}`; never both. The
//! ordinary family operations that do not touch `t` (`change`, `onset`, `offset` on another
//! variable, `retain`) keep the encoding; [`Zdd::offset`] on `t` gives the sets reached once.
//!
//! ```
//! use zlink_zdd::Zdd;
//! let mut z = Zdd::new(3);
//! let t = 2; // the tag: below variables 0 and 1
//! let a = z.from_sets(&[vec![0], vec![1]])?; // {0} once, {1} once
//! let b = z.from_sets(&[vec![1]])?; // {1} once
//! let sum = z.tally_add(a, b, t)?; // {0} once, {1} many
//! assert_eq!(z.iter(sum).collect::<Vec<_>>(), vec![vec![1, 2], vec![0]]);
//! let once = z.offset(sum, t)?;
//! assert_eq!(z.iter(once).collect::<Vec<_>>(), vec![vec![0]]);
//! let many = z.tally_many(a, t)?; // both many
//! assert_eq!(z.offset(many, t)?, z.empty());
//! # Ok::<(), zlink_zdd::BudgetExceeded>(())
//! ```

use crate::apply::{c, r, v, Fin, Plan};
use crate::cache::Op;
use crate::node::{BudgetExceeded, NodeId, Var};
use crate::store::Zdd;

type R = Result<NodeId, BudgetExceeded>;
const ZERO: NodeId = NodeId::ZERO;
const ONE: NodeId = NodeId::ONE;

impl Zdd {
    /// The saturating sum of the tallies `f` and `g` with tag variable `t` (see the module
    /// doc): a set in one of them keeps its multiplicity, a set in both is reached many times.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn tally_add(&mut self, f: NodeId, g: NodeId, t: Var) -> R {
        self.set_tally_tag(t)?;
        self.begin_op();
        self.apply(Op::TallyAdd, f, g)
    }

    /// The tally `f` (tag `t`) with every member reached many times.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn tally_many(&mut self, f: NodeId, t: Var) -> R {
        self.set_tally_tag(t)?;
        self.begin_op();
        self.apply(Op::TallyMany, f, ZERO)
    }

    /// Makes `t` the tag of the tally operations: `{ {t} }` is the "many" leaf. Cached tally
    /// results of another tag are forgotten.
    fn set_tally_tag(&mut self, t: Var) -> Result<(), BudgetExceeded> {
        if self.tally_many_leaf == ZERO || self.var(self.tally_many_leaf) != t {
            self.tally_many_leaf = self.node(t, ZERO, ONE)?;
            self.cache.clear();
        }
        Ok(())
    }

    /// Whether `f` is at the bottom of a tally: `{∅}` (once) or a node testing the tag.
    #[inline]
    fn tally_leaf(&self, f: NodeId) -> bool {
        self.var(f) >= self.var(self.tally_many_leaf)
    }

    pub(crate) fn plan_tally_add(&mut self, f: NodeId, g: NodeId) -> Plan {
        if f == ZERO {
            return Plan::Done(g);
        }
        if g == ZERO {
            return Plan::Done(f);
        }
        if self.tally_leaf(f) && self.tally_leaf(g) {
            // the same set from both sides: many
            return Plan::Done(self.tally_many_leaf);
        }
        let (f, g) = if f < g { (f, g) } else { (g, f) };
        if let Some(x) = self.cache.get(Op::TallyAdd, f, g) {
            return Plan::Done(x);
        }
        self.plan_merge(Op::TallyAdd, f, g)
    }

    pub(crate) fn plan_tally_many(&mut self, f: NodeId) -> Plan {
        if f == ZERO {
            return Plan::Done(ZERO);
        }
        if self.tally_leaf(f) {
            return Plan::Done(self.tally_many_leaf);
        }
        if let Some(x) = self.cache.get(Op::TallyMany, f, ZERO) {
            return Plan::Done(x);
        }
        let (vf, f0, f1) = self.split(f);
        let m = Op::TallyMany;
        let calls = [c(m, v(f0), v(ZERO)), c(m, v(f1), v(ZERO))];
        Plan::run(m, f, ZERO, &calls, Fin::Node(vf, r(0), r(1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    const T: Var = 4;

    /// A tally as a map from sets (over `0..T`) to 1 or 2 (many).
    type Model = BTreeMap<Vec<Var>, u8>;

    fn build(z: &mut Zdd, m: &Model) -> NodeId {
        let sets: Vec<Vec<Var>> = m
            .iter()
            .map(|(s, &k)| {
                let mut s = s.clone();
                if k == 2 {
                    s.push(T);
                }
                s
            })
            .collect();
        z.from_sets(&sets).unwrap()
    }

    fn read(z: &Zdd, f: NodeId) -> Model {
        let mut m = Model::new();
        for mut s in z.iter(f) {
            let k = if s.last() == Some(&T) {
                s.pop();
                2
            } else {
                1
            };
            assert!(m.insert(s, k).is_none(), "a set stored twice");
        }
        m
    }

    fn model() -> impl Strategy<Value = Model> {
        prop::collection::btree_map(
            prop::collection::btree_set(0..T, 0..4).prop_map(|s| s.into_iter().collect()),
            1u8..3,
            0..10,
        )
    }

    proptest! {
        #[test]
        fn add_and_many_match_the_model(a in model(), b in model(), c in model()) {
            let mut z = Zdd::new(T + 1);
            let (fa, fb, fc) = (build(&mut z, &a), build(&mut z, &b), build(&mut z, &c));
            let mut want = a.clone();
            for (s, k) in &b {
                let e = want.entry(s.clone()).or_insert(0);
                *e = (*e + k).min(2);
            }
            let ab = z.tally_add(fa, fb, T).unwrap();
            prop_assert_eq!(read(&z, ab), want.clone());
            prop_assert_eq!(z.tally_add(fb, fa, T).unwrap(), ab);
            // associative, as merging arrivals in any order needs
            let l = z.tally_add(ab, fc, T).unwrap();
            let bc = z.tally_add(fb, fc, T).unwrap();
            prop_assert_eq!(z.tally_add(fa, bc, T).unwrap(), l);
            let many: Model = a.keys().map(|s| (s.clone(), 2)).collect();
            let fm = z.tally_many(fa, T).unwrap();
            prop_assert_eq!(read(&z, fm), many);
            // the sets reached once
            let once = z.offset(ab, T).unwrap();
            let want_once: Vec<Vec<Var>> =
                want.iter().filter(|(_, &k)| k == 1).map(|(s, _)| s.clone()).collect();
            let mut got: Vec<Vec<Var>> = z.iter(once).collect();
            got.sort();
            prop_assert_eq!(got, want_once);
        }
    }

    #[test]
    fn a_new_tag_forgets_cached_sums() {
        let mut z = Zdd::new(8);
        let one = z.base();
        let a = z.tally_add(one, one, 5).unwrap();
        assert_eq!(z.iter(a).collect::<Vec<_>>(), vec![vec![5]]);
        let b = z.tally_add(one, one, 7).unwrap();
        assert_eq!(z.iter(b).collect::<Vec<_>>(), vec![vec![7]]);
    }
}
