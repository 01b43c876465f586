//! Profiles: the state of the count-only pass. A profile is the set of mates of every partial
//! solution of one instance prefix, each marked good (reached once, nothing left empty) or
//! bad, stored as sorted packed words.
//!
//! Why these operations: two instance prefixes with the same profile have the same good
//! completions, so the pass merges them and adds their numbers; everything here makes equal
//! meanings equal words (merging repeated mates, dropping mates that another mate always
//! outdoes, numbering open labels canonically, and the grid's mirror image at row ends).

use super::mate::{Codec, Slots, Word, FREE, JOIN, LABEL, MATE, MAX_SLOTS, UNTOUCHED};

/// Sorts `p` and merges equal mates: a mate reached by two partial solutions is bad.
pub fn merge<W: Word>(p: &mut Vec<W>) {
    p.sort_unstable();
    let mut w = 0;
    for r in 0..p.len() {
        if w > 0 && p[w - 1].good() == p[r].good() {
            p[w - 1] = p[w - 1].set_bad();
        } else {
            p[w] = p[r];
            w += 1;
        }
    }
    p.truncate(w);
}

/// Whether `p` still has a good mate (else no completion of the prefix is a good instance).
pub fn has_good<W: Word>(p: &[W]) -> bool {
    p.iter().any(|m| !m.bad())
}

/// Drops from the sorted, merged `p` every mate `m` for which `p` holds the same mate with
/// some of `m`'s degree-2 live vertices untouched instead: any completion of `m` completes
/// that mate too, leaving those vertices empty, so the instance is bad whenever `m` completes
/// whatever `m`'s mark. `live` has a bit per slot holding a vertex; `untouched[s]` is the
/// word with slot `s` untouched (and every other slot free).
pub fn drop_outdone<W: Word>(p: &mut Vec<W>, codec: &Codec, live: u32, untouched: &[W]) {
    if p.len() < 2 {
        return;
    }
    let present = |q: W| -> bool {
        let i = p.partition_point(|&x| x < q);
        i < p.len() && p[i].good() == q
    };
    let mut keep = vec![true; p.len()];
    let mut any = false;
    let mut free = [0usize; MAX_SLOTS];
    for (i, &m) in p.iter().enumerate() {
        let mut nf = 0;
        for s in 0..codec.width() {
            if live >> s & 1 == 1 && codec.code(m, s) == 0 {
                free[nf] = s;
                nf += 1;
            }
        }
        let base = m.good();
        for sub in 1u32..(1 << nf) {
            let mut q = base;
            for (j, &s) in free[..nf].iter().enumerate() {
                if sub >> j & 1 == 1 {
                    q = q | untouched[s];
                }
            }
            if present(q) {
                keep[i] = false;
                any = true;
                break;
            }
        }
    }
    if any {
        let mut i = 0;
        p.retain(|_| {
            i += 1;
            keep[i - 1]
        });
    }
}

/// A 64-bit mixer (splitmix64's finaliser).
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Most label orders tried to break ties between labels that look alike; past it the order
/// is fixed by label number (still exact, only fewer prefixes share a state).
const MAX_TIE_ORDERS: usize = 720;

/// Puts `p` (sorted or not, merged) in canonical form: open labels renumbered by an order that
/// does not depend on their numbers, then sorted; with `mirror`, the smaller of that and the
/// same for the mirror image (slot `s` moved to `mirror[s]`).
pub fn canonical<W: Word>(p: &mut Vec<W>, codec: &Codec, k: u8, mirror: Option<&[u8]>) {
    let mut slots: Vec<(Slots, bool)> = p.iter().map(|&w| (codec.unpack(w), w.bad())).collect();
    relabel(&slots, codec, k, p);
    if let Some(perm) = mirror {
        for (m, _) in &mut slots {
            let mut q = [FREE; MAX_SLOTS];
            for s in 0..codec.width() {
                let c = m[s];
                q[usize::from(perm[s])] = match c {
                    c if c >= LABEL => c,
                    c if c >= JOIN => JOIN + perm[usize::from(c - JOIN)],
                    c if c >= MATE => MATE + perm[usize::from(c - MATE)],
                    c => c,
                };
            }
            *m = q;
        }
        let mut other = Vec::with_capacity(p.len());
        relabel(&slots, codec, k, &mut other);
        if other < *p {
            *p = other;
        }
    }
}

/// Writes into `out` the mates of `slots` with labels in canonical order, sorted.
fn relabel<W: Word>(slots: &[(Slots, bool)], codec: &Codec, k: u8, out: &mut Vec<W>) {
    let pack_all = |order: &[u8], out: &mut Vec<W>| {
        // order[new] = old
        let mut new_of = [0u8; MAX_SLOTS];
        for (new, &old) in order.iter().enumerate() {
            new_of[usize::from(old)] = new as u8;
        }
        out.clear();
        for (m, bad) in slots {
            let mut m = *m;
            for c in &mut m[..codec.width()] {
                if *c >= LABEL {
                    *c = LABEL + new_of[usize::from(*c - LABEL)];
                }
            }
            out.push(codec.pack(&m, *bad));
        }
        out.sort_unstable();
    };
    let k = usize::from(k);
    if k < 2 {
        pack_all(&[0], out);
        return;
    }
    // A signature per label that does not depend on label numbers: the sum over mates of a
    // hash of the mate with labels blanked and the label's slot.
    let mut sig = [0u64; MAX_SLOTS];
    for (m, bad) in slots {
        let mut shape = u64::from(*bad);
        let mut pos = [0u8; MAX_SLOTS];
        for (s, &c) in m[..codec.width()].iter().enumerate() {
            let blank = if c >= LABEL {
                pos[usize::from(c - LABEL)] = s as u8;
                LABEL
            } else {
                c
            };
            shape = mix(shape ^ u64::from(blank)).wrapping_add(s as u64);
        }
        for l in 0..k {
            sig[l] = sig[l].wrapping_add(mix(shape ^ (u64::from(pos[l]) << 56)));
        }
    }
    let mut order: Vec<u8> = (0..k as u8).collect();
    order.sort_by_key(|&l| (sig[usize::from(l)], l));
    // groups of labels with equal signatures
    let mut groups = Vec::new();
    let mut orders = 1usize;
    let mut i = 0;
    while i < k {
        let mut j = i + 1;
        while j < k && sig[usize::from(order[j])] == sig[usize::from(order[i])] {
            j += 1;
        }
        if j - i > 1 {
            groups.push((i, j));
            orders = orders.saturating_mul((1..=j - i).product());
        }
        i = j;
    }
    pack_all(&order, out);
    if groups.is_empty() || orders > MAX_TIE_ORDERS {
        return;
    }
    let mut best = out.clone();
    let mut cand = Vec::with_capacity(out.len());
    each_order(&groups, 0, &mut order, &mut |o| {
        pack_all(o, &mut cand);
        if cand < best {
            std::mem::swap(&mut cand, &mut best);
        }
    });
    *out = best;
}

/// Calls `f` with every order obtained from `order` by permuting within each group.
fn each_order(groups: &[(usize, usize)], g: usize, order: &mut [u8], f: &mut dyn FnMut(&[u8])) {
    let Some(&(a, b)) = groups.get(g) else {
        f(order);
        return;
    };
    permute(a, b, order, &mut |o| each_order(groups, g + 1, o, f));
}

fn permute(a: usize, b: usize, order: &mut [u8], f: &mut dyn FnMut(&mut [u8])) {
    if b - a <= 1 {
        f(order);
        return;
    }
    for i in a..b {
        order.swap(a, i);
        permute(a + 1, b, order, f);
        order.swap(a, i);
    }
}

/// The untouched-slot words of `codec` (see [`drop_outdone`]).
pub fn untouched_words<W: Word>(codec: &Codec) -> Vec<W> {
    (0..codec.width())
        .map(|s| {
            let mut m = [FREE; MAX_SLOTS];
            m[s] = UNTOUCHED;
            codec.pack(&m, false)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codec() -> Codec {
        Codec::new(4, 64).unwrap()
    }

    fn word(codes: &[u8], bad: bool) -> u64 {
        let mut m = [FREE; MAX_SLOTS];
        m[..codes.len()].copy_from_slice(codes);
        codec().pack(&m, bad)
    }

    #[test]
    fn a_mate_reached_twice_is_bad() {
        let a = word(&[MATE + 1, MATE], false);
        let b = word(&[UNTOUCHED, UNTOUCHED], false);
        let mut p = vec![a, b, a];
        merge(&mut p);
        let mut want = vec![a.set_bad(), b];
        want.sort_unstable();
        assert_eq!(p, want);
        assert!(has_good(&p));
    }

    #[test]
    fn a_mate_with_a_vertex_also_left_untouched_is_outdone() {
        let c = codec();
        let u: Vec<u64> = untouched_words(&c);
        let covered = word(&[FREE, LABEL, UNTOUCHED], false);
        let empty = word(&[UNTOUCHED, LABEL, UNTOUCHED], true);
        let other = word(&[FREE, LABEL, FREE], false);
        let mut p = vec![covered, empty, other];
        merge(&mut p);
        drop_outdone(&mut p, &c, 0b111, &u);
        // `covered` and `other` are outdone by `empty` (and `other` by `covered`)
        assert_eq!(p, vec![empty]);
        // a slot without a vertex is no degree-2 vertex
        let mut p = vec![covered, empty];
        merge(&mut p);
        drop_outdone(&mut p, &c, 0b110, &u);
        assert_eq!(p.len(), 2);
    }

    #[test]
    fn canonical_forms_do_not_depend_on_label_numbers() {
        let c = codec();
        let a = vec![
            word(&[LABEL, LABEL + 1, UNTOUCHED], false),
            word(&[LABEL, UNTOUCHED, LABEL + 1], true),
        ];
        let b = vec![
            word(&[LABEL + 1, LABEL, UNTOUCHED], false),
            word(&[LABEL + 1, UNTOUCHED, LABEL], true),
        ];
        let (mut x, mut y) = (a.clone(), b.clone());
        canonical(&mut x, &c, 2, None);
        canonical(&mut y, &c, 2, None);
        assert_eq!(x, y);
        // labels in mirrored slots: equal under the mirror only
        let m = vec![
            word(&[UNTOUCHED, LABEL, LABEL + 1, FREE], false),
            word(&[MATE + 1, MATE, LABEL, LABEL + 1], true),
        ];
        let n = vec![
            word(&[FREE, LABEL, LABEL + 1, UNTOUCHED], false),
            word(&[LABEL, LABEL + 1, MATE + 3, MATE + 2], true),
        ];
        let perm = [3u8, 2, 1, 0];
        let (mut x, mut y) = (m.clone(), n.clone());
        canonical(&mut x, &c, 2, None);
        canonical(&mut y, &c, 2, None);
        assert_ne!(x, y);
        canonical(&mut x, &c, 2, Some(&perm));
        canonical(&mut y, &c, 2, Some(&perm));
        assert_eq!(x, y);
    }

    #[test]
    fn tied_labels_still_give_one_form() {
        let c = codec();
        // labels 0 and 1 look alike: each sits in slot 0 of one mate and slot 1 of the other
        let a = vec![
            word(&[LABEL, LABEL + 1], false),
            word(&[LABEL + 1, LABEL], false),
        ];
        let mut x = a.clone();
        canonical(&mut x, &c, 2, None);
        let mut sorted = a;
        sorted.sort_unstable();
        assert_eq!(x, sorted);
    }
}
