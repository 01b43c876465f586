//! The explicit-stack engine behind every family-algebra operation: no recursion, so diagrams
//! of any depth (tens of thousands of variables) work on any thread.
//!
//! Each operation is written as a *planner*: given `(op, f, g)` it either answers directly
//! (terminal cases, cache hits) or returns a small program — up to six sub-operations whose
//! arguments may refer to earlier results, then a final step (make a node from two values, or
//! return one value). The engine runs programs on a heap stack of frames and memoises every
//! finished frame in the operation cache.

use crate::cache::Op;
use crate::node::{BudgetExceeded, NodeId, Var, RES_BASE};
use crate::store::Zdd;

/// An argument of a sub-operation: a known node, or (values from [`RES_BASE`] up) the result
/// of an earlier sub-operation. Node ids never reach `RES_BASE` (see [`Zdd::node`]).
pub(crate) type Arg = u32;

/// One sub-operation of a program (12 bytes).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Call {
    f: Arg,
    g: Arg,
    op: Op,
}

/// How a program ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum FinKind {
    /// `node(var, a, b)`.
    Node,
    /// The value `a` itself.
    Ret,
}

/// The final step of a program.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fin {
    var: Var,
    a: Arg,
    b: Arg,
    kind: FinKind,
}

#[allow(non_snake_case)]
impl Fin {
    /// `node(var, lo, hi)`.
    #[inline]
    pub(crate) fn Node(var: Var, lo: Arg, hi: Arg) -> Fin {
        Fin {
            var,
            a: lo,
            b: hi,
            kind: FinKind::Node,
        }
    }
    /// The value itself.
    #[inline]
    pub(crate) fn Ret(a: Arg) -> Fin {
        Fin {
            var: 0,
            a,
            b: a,
            kind: FinKind::Ret,
        }
    }
}

const MAX_CALLS: usize = 6;

/// A pending operation: its cache key, its program and the results so far (~130 bytes).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    f: NodeId,
    g: NodeId,
    calls: [Call; MAX_CALLS],
    res: [NodeId; MAX_CALLS],
    fin: Fin,
    op: Op,
    ncalls: u8,
    pc: u8,
}

/// What a planner decided. (`Run` is larger than `Done`, but a plan is moved once, onto the
/// stack; boxing it would cost an allocation per frame.)
#[allow(clippy::large_enum_variant)]
pub(crate) enum Plan {
    Done(NodeId),
    Run(Frame),
}

/// Shorthands for writing programs.
#[inline]
pub(crate) fn v(x: NodeId) -> Arg {
    x.0
}
#[inline]
pub(crate) fn r(k: u8) -> Arg {
    RES_BASE + u32::from(k)
}
#[inline]
pub(crate) fn c(op: Op, f: Arg, g: Arg) -> Call {
    Call { f, g, op }
}

impl Plan {
    /// A program for the operation `(op, f, g)` (the cache key).
    #[inline]
    pub(crate) fn run(op: Op, f: NodeId, g: NodeId, calls: &[Call], fin: Fin) -> Plan {
        let mut arr = [Call { f: 0, g: 0, op }; MAX_CALLS];
        arr[..calls.len()].copy_from_slice(calls);
        Plan::Run(Frame {
            f,
            g,
            calls: arr,
            res: [NodeId::ZERO; MAX_CALLS],
            fin,
            op,
            ncalls: calls.len() as u8,
            pc: 0,
        })
    }
}

impl Frame {
    #[inline]
    fn arg(&self, a: Arg) -> NodeId {
        if a >= RES_BASE {
            self.res[(a - RES_BASE) as usize]
        } else {
            NodeId(a)
        }
    }
}

impl Zdd {
    /// Runs `(op, f, g)` to completion with an explicit stack.
    pub(crate) fn apply(&mut self, op: Op, f: NodeId, g: NodeId) -> Result<NodeId, BudgetExceeded> {
        let mut stack: Vec<Frame> = Vec::new();
        match self.plan(op, f, g)? {
            Plan::Done(x) => return Ok(x),
            Plan::Run(fr) => stack.push(fr),
        }
        loop {
            let top = stack.last_mut().expect("the stack is never empty here");
            if top.pc < top.ncalls {
                let call = top.calls[top.pc as usize];
                let (cf, cg) = (top.arg(call.f), top.arg(call.g));
                match self.plan(call.op, cf, cg)? {
                    Plan::Done(x) => {
                        top.res[top.pc as usize] = x;
                        top.pc += 1;
                    }
                    Plan::Run(fr) => stack.push(fr),
                }
            } else {
                let fr = stack.pop().expect("the stack is never empty here");
                let fin = fr.fin;
                let x = match fin.kind {
                    FinKind::Node => self.node(fin.var, fr.arg(fin.a), fr.arg(fin.b))?,
                    FinKind::Ret => fr.arg(fin.a),
                };
                self.cache.put(fr.op, fr.f, fr.g, x);
                match stack.last_mut() {
                    None => return Ok(x),
                    Some(parent) => {
                        parent.res[parent.pc as usize] = x;
                        parent.pc += 1;
                    }
                }
            }
        }
    }

    /// Dispatches to the planner of `op`.
    #[inline]
    fn plan(&mut self, op: Op, f: NodeId, g: NodeId) -> Result<Plan, BudgetExceeded> {
        match op {
            Op::Union => Ok(self.plan_union(f, g)),
            Op::Inter => Ok(self.plan_inter(f, g)),
            Op::Diff => Ok(self.plan_diff(f, g)),
            Op::SymDiff => Ok(self.plan_symdiff(f, g)),
            Op::Onset | Op::Offset | Op::Change => self.plan_var_op(op, f, g.0),
            Op::Join => Ok(self.plan_join(f, g)),
            Op::Meet => Ok(self.plan_meet(f, g)),
            Op::Restrict => Ok(self.plan_restrict(f, g)),
            Op::Permit => Ok(self.plan_permit(f, g)),
            Op::NonSup => Ok(self.plan_nonsup(f, g)),
            Op::NonSub => Ok(self.plan_nonsub(f, g)),
            Op::Minimal => Ok(self.plan_minimal(f)),
            Op::Maximal => Ok(self.plan_maximal(f)),
            Op::MinHit => Ok(self.plan_minhit(f)),
            Op::Down => Ok(self.plan_down(f)),
            Op::Up => Ok(self.plan_up(f, g.0)),
            Op::MinUnion => Ok(self.plan_min_union(f, g)),
            Op::HitAll => Ok(self.plan_hit_all(f, g.0)),
            Op::UpMin => Ok(self.plan_up_minimal(f)),
            Op::TallyAdd => Ok(self.plan_tally_add(f, g)),
            Op::TallyMany => Ok(self.plan_tally_many(f)),
        }
    }
}
