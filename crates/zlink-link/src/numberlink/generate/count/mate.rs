//! One partial solution's frontier state (a *mate*) in the count-only pass, and its moves:
//! the two arcs of an edge and the instance's decision for a vertex that leaves.
//!
//! Why its own codes: the pass decides each vertex's role (plain cell, first end of a pair,
//! second end of a pair) when the vertex leaves the frontier, so a path piece that touches the
//! frontier is one of three kinds: both ends live and no terminal on it (`MATE`), one end at an
//! earlier terminal whose partner is not placed yet (`LABEL`, the pair's open label), or one end
//! at each terminal of one placed pair (`JOIN`: its two live ends must meet). The diagram
//! route's mate records gone vertices instead; here nothing refers to a gone vertex, which is
//! what lets instance prefixes that differ only behind the frontier share a state.
//!
//! Codes while a mate is worked on (one byte per slot, [`Slots`]): [`FREE`] (degree 2, or no
//! vertex), [`UNTOUCHED`] (degree 0), `MATE + t`, `JOIN + t` (the piece's other live end is in
//! slot `t`), `LABEL + l` (open label `l`). A mate is stored packed in a [`Word`] by a
//! [`Codec`]: bit 0 says the mate is *bad* (reached by two partial solutions, or one that left
//! a vertex empty), then `bits` per slot.

/// The most slots the count-only pass handles (its widest word holds them).
pub const MAX_SLOTS: usize = 18;

/// A mate, one byte code per slot.
pub type Slots = [u8; MAX_SLOTS];

/// Degree 2, or a slot without a vertex.
pub const FREE: u8 = 0;
/// Degree 0.
pub const UNTOUCHED: u8 = 1;
/// `MATE + t`: an end of a piece without terminals whose other end is slot `t`.
pub const MATE: u8 = 2;
/// `JOIN + t`: an end of a piece from a terminal of a placed pair; slot `t` ends the piece from
/// the pair's other terminal.
pub const JOIN: u8 = 32;
/// `LABEL + l`: an end of the piece from the terminal of open pair `l`.
pub const LABEL: u8 = 64;

/// The kind of a code: [`FREE`], [`UNTOUCHED`], [`MATE`], [`JOIN`] or [`LABEL`].
#[inline]
pub fn kind(c: u8) -> u8 {
    match c {
        FREE | UNTOUCHED => c,
        c if c < JOIN => MATE,
        c if c < LABEL => JOIN,
        _ => LABEL,
    }
}

/// The instance's decision for a vertex that leaves the frontier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Not a terminal: degree 0 (left empty) or 2.
    Plain,
    /// The first terminal of a new pair (it gets the next open label).
    Open,
    /// The second terminal of open pair `l` (labels above `l` move down one).
    Close(u8),
}

/// The mate after taking the edge between slots `su` and `sv`, or `None` if that makes a
/// vertex of degree 3, a cycle, or a path through more than two terminals.
#[inline]
pub fn take(m: &Slots, su: usize, sv: usize) -> Option<Slots> {
    let mut m = *m;
    let (cu, cv) = (m[su], m[sv]);
    if cu == FREE || cv == FREE {
        return None;
    }
    if cu == UNTOUCHED && cv == UNTOUCHED {
        m[su] = MATE + su_code(sv);
        m[sv] = MATE + su_code(su);
        return Some(m);
    }
    if cu == UNTOUCHED || cv == UNTOUCHED {
        // the untouched vertex becomes the piece's new end
        let (s_new, s_old, c) = if cu == UNTOUCHED {
            (su, sv, cv)
        } else {
            (sv, su, cu)
        };
        m[s_new] = c;
        m[s_old] = FREE;
        match kind(c) {
            MATE => m[usize::from(c - MATE)] = MATE + su_code(s_new),
            JOIN => m[usize::from(c - JOIN)] = JOIN + su_code(s_new),
            _ => {}
        }
        return Some(m);
    }
    let (ku, kv) = (kind(cu), kind(cv));
    m[su] = FREE;
    m[sv] = FREE;
    match (ku, kv) {
        (MATE, MATE) => {
            let (a, b) = (usize::from(cu - MATE), usize::from(cv - MATE));
            if a == sv {
                return None; // a cycle
            }
            m[a] = MATE + su_code(b);
            m[b] = MATE + su_code(a);
        }
        (MATE, JOIN) | (JOIN, MATE) => {
            let (a, b) = if ku == MATE {
                (usize::from(cu - MATE), usize::from(cv - JOIN))
            } else {
                (usize::from(cv - MATE), usize::from(cu - JOIN))
            };
            m[a] = JOIN + su_code(b);
            m[b] = JOIN + su_code(a);
        }
        (MATE, LABEL) | (LABEL, MATE) => {
            let (a, l) = if ku == MATE {
                (usize::from(cu - MATE), cv)
            } else {
                (usize::from(cv - MATE), cu)
            };
            m[a] = l;
        }
        // the two pieces of one placed pair meet: its path is done
        (JOIN, JOIN) if usize::from(cu - JOIN) == sv => {}
        // two pairs on one path, or the first terminals of two open pairs joined
        _ => return None,
    }
    Some(m)
}

#[inline]
fn su_code(s: usize) -> u8 {
    s as u8
}

/// The mate after vertex `s` leaves with decision `d` (`k` open labels before it), and
/// whether it left the vertex empty; `None` if the decision contradicts the mate (a terminal
/// not of degree 1, a plain vertex of degree 1, a pair's path through another terminal).
#[inline]
pub fn leave(m: &Slots, s: usize, d: Decision) -> Option<(Slots, bool)> {
    let mut m = *m;
    let c = m[s];
    m[s] = FREE;
    let mut empty = false;
    match d {
        Decision::Plain => match c {
            FREE => {}
            UNTOUCHED => empty = true,
            _ => return None,
        },
        Decision::Open => {
            if kind(c) != MATE {
                return None;
            }
            let k = m.iter().filter(|&&x| x >= LABEL).count() as u8;
            m[usize::from(c - MATE)] = LABEL + k;
        }
        Decision::Close(l) => {
            if c == LABEL + l {
                // the path from the pair's first terminal ends here
            } else if kind(c) == MATE {
                let t = usize::from(c - MATE);
                let z = m.iter().position(|&x| x == LABEL + l)?;
                m[t] = JOIN + su_code(z);
                m[z] = JOIN + su_code(t);
            } else {
                return None;
            }
            for x in &mut m {
                if *x > LABEL + l {
                    *x -= 1;
                }
            }
        }
    }
    Some((m, empty))
}

/// Renumbers the open labels of one mate (its first `width` slots) in slot order; returns how
/// many there are.
#[inline]
pub fn labels_in_slot_order(m: &mut Slots, width: usize) -> u8 {
    let mut map = [u8::MAX; MAX_SLOTS];
    let mut k = 0u8;
    for x in m[..width].iter_mut() {
        if *x >= LABEL {
            let l = usize::from(*x - LABEL);
            if map[l] == u8::MAX {
                map[l] = k;
                k += 1;
            }
            *x = LABEL + map[l];
        }
    }
    k
}

/// A packed mate: an unsigned integer word (bit 0 = bad).
pub trait Word:
    Copy
    + Ord
    + Eq
    + std::hash::Hash
    + std::ops::BitOr<Output = Self>
    + std::ops::BitAnd<Output = Self>
    + std::ops::Not<Output = Self>
    + Send
    + Sync
    + std::fmt::Debug
    + 'static
{
    /// The word 0.
    const ZERO: Self;
    /// The word 1 (bit 0: the state is dead).
    const ONE: Self;
    /// `self | (c << sh)`.
    fn or_at(self, c: u64, sh: u32) -> Self;
    /// `(self >> sh) & mask`.
    fn at(self, sh: u32, mask: u64) -> u64;
    /// Bit 0.
    #[inline]
    fn bad(self) -> bool {
        self & Self::ONE == Self::ONE
    }
    /// With bit 0 set.
    #[inline]
    fn set_bad(self) -> Self {
        self | Self::ONE
    }
    /// With bit 0 cleared.
    #[inline]
    fn good(self) -> Self {
        self & !Self::ONE
    }
    /// A 64-bit mix of the word (for hashing profiles).
    fn mix(self) -> u64;
}

impl Word for u64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    #[inline]
    fn or_at(self, c: u64, sh: u32) -> Self {
        self | (c << sh)
    }
    #[inline]
    fn at(self, sh: u32, mask: u64) -> u64 {
        (self >> sh) & mask
    }
    #[inline]
    fn mix(self) -> u64 {
        self
    }
}

impl Word for u128 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    #[inline]
    fn or_at(self, c: u64, sh: u32) -> Self {
        self | (u128::from(c) << sh)
    }
    #[inline]
    fn at(self, sh: u32, mask: u64) -> u64 {
        ((self >> sh) as u64) & mask
    }
    #[inline]
    fn mix(self) -> u64 {
        (self as u64) ^ ((self >> 64) as u64).rotate_left(29)
    }
}

/// Packs and unpacks mates of a frontier `width` slots wide: per slot `bits` bits holding
/// `FREE` 0, `UNTOUCHED` 1, `MATE + t` as `2 + t`, `JOIN + t` as `2 + width + t`, `LABEL + l`
/// as `2 + 2 width + l`.
#[derive(Clone, Copy, Debug)]
pub struct Codec {
    width: usize,
    bits: u32,
    mask: u64,
    /// Packed code of each byte code.
    to: [u8; 128],
    /// Byte code of each packed code.
    from: [u8; 64],
}

impl Codec {
    /// The codec of `width` slots, if a word of `word_bits` bits holds them.
    pub fn new(width: usize, word_bits: u32) -> Option<Codec> {
        if width > MAX_SLOTS {
            return None;
        }
        let top = 1 + 3 * width as u64; // the largest packed code
        let bits = (64 - top.leading_zeros()).max(1);
        if 1 + bits * width as u32 > word_bits {
            return None;
        }
        let mut to = [0u8; 128];
        let mut from = [0u8; 64];
        let w = width as u8;
        let mut put = |byte: u8, packed: u8| {
            to[usize::from(byte)] = packed;
            from[usize::from(packed)] = byte;
        };
        put(FREE, 0);
        put(UNTOUCHED, 1);
        for t in 0..w {
            put(MATE + t, 2 + t);
            put(JOIN + t, 2 + w + t);
            put(LABEL + t, 2 + 2 * w + t);
        }
        Some(Codec {
            width,
            bits,
            mask: (1u64 << bits) - 1,
            to,
            from,
        })
    }

    /// Slots of the frontier.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The packed mate (`bad` in bit 0).
    #[inline]
    pub fn pack<W: Word>(&self, m: &Slots, bad: bool) -> W {
        let mut w = W::ZERO;
        for (s, &c) in m[..self.width].iter().enumerate() {
            let p = self.to[usize::from(c)];
            if p != 0 {
                w = w.or_at(u64::from(p), 1 + s as u32 * self.bits);
            }
        }
        if bad {
            w.set_bad()
        } else {
            w
        }
    }

    /// The packed code of slot `s` (0 = free, 1 = untouched).
    #[inline]
    pub fn code<W: Word>(&self, w: W, s: usize) -> u64 {
        w.at(1 + s as u32 * self.bits, self.mask)
    }

    /// The slots of a packed mate.
    #[inline]
    pub fn unpack<W: Word>(&self, w: W) -> Slots {
        let mut m = [FREE; MAX_SLOTS];
        for (s, x) in m[..self.width].iter_mut().enumerate() {
            *x = self.from[w.at(1 + s as u32 * self.bits, self.mask) as usize];
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots(codes: &[u8]) -> Slots {
        let mut m = [FREE; MAX_SLOTS];
        m[..codes.len()].copy_from_slice(codes);
        m
    }

    #[test]
    fn arcs_join_pieces_and_refuse_bad_paths() {
        let u = UNTOUCHED;
        // two untouched vertices: a new piece
        assert_eq!(take(&slots(&[u, u]), 0, 1), Some(slots(&[MATE + 1, MATE])));
        // a cycle
        assert_eq!(take(&slots(&[MATE + 1, MATE]), 0, 1), None);
        // a pair's two pieces meet
        assert_eq!(take(&slots(&[JOIN + 1, JOIN]), 0, 1), Some(slots(&[0, 0])));
        // two open pairs on one path
        assert_eq!(take(&slots(&[LABEL, LABEL + 1]), 0, 1), None);
        // a piece extended onto an untouched vertex carries its label
        assert_eq!(
            take(&slots(&[LABEL, u, MATE + 3, MATE + 2]), 0, 1),
            Some(slots(&[0, LABEL, MATE + 3, MATE + 2]))
        );
        // joining a label to a piece moves the label to the piece's far end
        assert_eq!(
            take(&slots(&[LABEL, MATE + 2, MATE + 1]), 0, 1),
            Some(slots(&[0, 0, LABEL]))
        );
    }

    #[test]
    fn decisions_place_terminals() {
        let m = slots(&[MATE + 1, MATE, LABEL]);
        // slot 0 opens pair 1: its piece's far end carries the new label
        assert_eq!(
            leave(&m, 0, Decision::Open),
            Some((slots(&[0, LABEL + 1, LABEL]), false))
        );
        // slot 0 closes pair 0: the piece and the label's piece must meet
        assert_eq!(
            leave(&m, 0, Decision::Close(0)),
            Some((slots(&[0, JOIN + 2, JOIN + 1]), false))
        );
        // a degree-1 vertex is no plain cell; an untouched one is left empty
        assert_eq!(leave(&m, 0, Decision::Plain), None);
        assert_eq!(
            leave(&slots(&[UNTOUCHED]), 0, Decision::Plain),
            Some((slots(&[0]), true))
        );
        // the label's own end closes its pair; labels above move down
        let m = slots(&[LABEL, LABEL + 1, LABEL + 2]);
        assert_eq!(
            leave(&m, 1, Decision::Close(1)),
            Some((slots(&[LABEL, 0, LABEL + 1]), false))
        );
    }

    #[test]
    fn codec_round_trips() {
        for width in 1..=MAX_SLOTS {
            let Some(c) = Codec::new(width, u128::BITS) else {
                panic!("width {width}")
            };
            let mut m = [FREE; MAX_SLOTS];
            for s in 0..width {
                let t = (width - 1 - s) as u8;
                m[s] = [FREE, UNTOUCHED, MATE + t, JOIN + t, LABEL + t][s % 5];
            }
            for bad in [false, true] {
                let w: u128 = c.pack(&m, bad);
                assert_eq!(w.bad(), bad);
                assert_eq!(c.unpack(w), m);
            }
        }
        assert!(Codec::new(10, u64::BITS).is_some());
        assert!(Codec::new(11, u64::BITS).is_none());
    }
}
