//! TEMPORARY experiment (not committed).
use super::*;

/// Runs deduction, then for a sample of undecided edges: the wrong value (against `sol`) with
/// probing to a fixpoint: refuted or not.
pub(crate) fn wrong_values(p: &Problem<'_>, sol: &[bool], sample: usize) {
    let mut s = State::new(p);
    for g in 0..p.groups.len() as u32 {
        s.check_group(g).unwrap();
    }
    for x in 0..p.n as u32 {
        s.check_vertex(x).unwrap();
        s.check_end(x).unwrap();
    }
    s.propagate(true).unwrap();
    s.probe_fixpoint().unwrap();
    while s.labels_reach().unwrap() {
        s.propagate(true).unwrap();
        s.probe_fixpoint().unwrap();
    }
    let und: Vec<u32> = (0..s.val.len() as u32).filter(|&e| s.val[e as usize] == UNK).collect();
    eprintln!("undecided {}", und.len());
    let step = (und.len() / sample).max(1);
    let (mut refuted, mut tried) = (0, 0);
    let t = std::time::Instant::now();
    for &e in und.iter().step_by(step) {
        tried += 1;
        let mark = s.trail.len();
        let wrong = !sol[e as usize];
        let r = s.set(e, wrong).and_then(|()| s.propagate(true)).and_then(|()| s.probe_fixpoint()).and_then(|()| { while s.labels_reach()? { s.propagate(true)?; s.probe_fixpoint()?; } Ok(()) });
        let left = s.val.iter().filter(|&&v| v == UNK).count();
        if r.is_err() { refuted += 1; }
        s.undo_to(mark);
        let mark = s.trail.len();
        let r2 = s.set(e, !wrong).and_then(|()| s.propagate(true)).and_then(|()| s.probe_fixpoint());
        let left2 = s.val.iter().filter(|&&v| v == UNK).count();
        s.undo_to(mark);
        eprintln!("edge {e} {:?} wrong={wrong}: refuted {} (left {left}); right: ok {} left {left2}", p.edges[e as usize], r.is_err(), r2.is_ok());
    }
    eprintln!("refuted {refuted} of {tried} in {:?}", t.elapsed());
}

/// Deduction, then a map of domain sizes.
pub(crate) fn domain_map(p: &Problem<'_>, cols: usize) {
    let mut s = State::new(p);
    for g in 0..p.groups.len() as u32 {
        s.check_group(g).unwrap();
    }
    for x in 0..p.n as u32 {
        s.check_vertex(x).unwrap();
        s.check_end(x).unwrap();
    }
    s.propagate(true).unwrap();
    s.probe_fixpoint().unwrap();
    while s.labels_reach().unwrap() {
        s.propagate(true).unwrap();
        s.probe_fixpoint().unwrap();
    }
    let mut hist = std::collections::BTreeMap::new();
    let mut out = String::new();
    for v in 0..p.n as u32 {
        let c = s.labels.size(v);
        *hist.entry(c).or_insert(0) += 1;
        out.push(char::from_digit(c.min(35), 36).unwrap());
        if (v as usize + 1) % cols == 0 { out.push('\n'); }
    }
    eprintln!("{out}\n{hist:?}");
}
