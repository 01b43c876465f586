//! What travels between workers: states in a serialisable form, exact counts, and batches
//! of children for one worker.
//!
//! Why a form of their own: the frontier's states ([`Packed`], [`Inline`], [`Wide`]) are
//! plain values without serde, and timely sends only `serde` data between processes. A
//! [`Packed`] state travels as its 125 bits, an [`Inline`] one without its trailing zero slots.
//! Children travel in a [`Batch`] per target worker and level: their records as raw bytes
//! ([`Flat`], a `u128` count each, or a 192-bit or 384-bit one past 128 bits), which serde copies as
//! one block, instead of one serde'd `(state, Tally)` per child (the costlier encoding before).

use num_bigint::BigUint;
use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use zlink_frontier::packed::{Inline, Packed, Wide, MAX_INLINE_WIDTH};

use zlink_zdd::Limbs;

use crate::level::{Mid as MidCount, Wide as WideCount};
use crate::narrow;

/// A state that can cross a process boundary as [`Wire::Form`].
pub trait Wire: Sized {
    /// The serialisable form.
    type Form: timely::ExchangeData + std::hash::Hash + Ord + Flat;
    /// The form of `self`.
    fn to_wire(&self) -> Self::Form;
    /// The state back from its form.
    fn from_wire(form: Self::Form) -> Self;
}

impl Wire for Packed {
    type Form = u128;
    fn to_wire(&self) -> u128 {
        self.bits()
    }
    fn from_wire(form: u128) -> Packed {
        Packed::from_bits(form)
    }
}

impl Wire for Inline {
    type Form = Vec<u8>;
    fn to_wire(&self) -> Vec<u8> {
        let used = self.0.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
        self.0[..used].to_vec()
    }
    fn from_wire(form: Vec<u8>) -> Inline {
        let mut a = [0u8; MAX_INLINE_WIDTH];
        let n = form.len().min(MAX_INLINE_WIDTH);
        a[..n].copy_from_slice(&form[..n]);
        Inline(a)
    }
}

impl Wire for Wide {
    type Form = Vec<u8>;
    fn to_wire(&self) -> Vec<u8> {
        self.0.to_vec()
    }
    fn from_wire(form: Vec<u8>) -> Wide {
        Wide(form.into_boxed_slice())
    }
}

macro_rules! plain {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            type Form = $t;
            fn to_wire(&self) -> $t {
                *self
            }
            fn from_wire(form: $t) -> $t {
                form
            }
        }
    )*};
}
plain!(u32, u64, u128);

/// A state form written as raw bytes into a `Batch` (fixed width for the integers, a
/// length first for byte strings).
pub trait Flat: Sized {
    /// Appends `self` to `out`.
    fn put(&self, out: &mut Vec<u8>);
    /// Reads one value from the front of `input` (written by [`Flat::put`]) and moves past it.
    ///
    /// Panics when `input` is shorter than the value: a batch's bytes are written by `put`
    /// of the same wire layout (peers of another layout are refused when they connect) and
    /// arrive whole through timely's framing, so a short one is a bug, not input.
    fn get(input: &mut &[u8]) -> Self;

    /// Appends records with one-word counts (a batch's `words`) to `out`: by default each
    /// state by [`Flat::put`], then its count's 16 bytes.
    fn put_words(xs: &[(Self, u128)], out: &mut Vec<u8>) {
        put_records(xs, out);
    }

    /// Calls `f` on `to` and every record that [`Flat::put_words`] wrote to `input`, in order.
    fn get_words<T: ?Sized>(input: &[u8], to: &mut T, f: impl Fn(&mut T, Self, u128)) {
        get_records(input, to, f);
    }

    /// As [`Flat::put_words`], for records with a 192-bit count (a batch's `mid`).
    fn put_mids(xs: &[(Self, MidCount)], out: &mut Vec<u8>) {
        put_records(xs, out);
    }

    /// As [`Flat::get_words`], for records that [`Flat::put_mids`] wrote.
    fn get_mids<T: ?Sized>(input: &[u8], to: &mut T, f: impl Fn(&mut T, Self, MidCount)) {
        get_records(input, to, f);
    }
}

/// The plain form of records: each state by [`Flat::put`], then its count.
fn put_records<S: Flat, C: Flat>(xs: &[(S, C)], out: &mut Vec<u8>) {
    for (s, c) in xs {
        s.put(out);
        c.put(out);
    }
}

/// Calls `f` on `to` and every record that [`put_records`] wrote to `input`, in order.
fn get_records<S: Flat, C: Flat, T: ?Sized>(
    mut input: &[u8],
    to: &mut T,
    f: impl Fn(&mut T, S, C),
) {
    while !input.is_empty() {
        let s = S::get(&mut input);
        f(to, s, C::get(&mut input));
    }
}

macro_rules! flat {
    ($($t:ty),*) => {$(
        impl Flat for $t {
            #[inline]
            fn put(&self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            #[inline]
            fn get(input: &mut &[u8]) -> $t {
                let (head, rest) = input.split_at(std::mem::size_of::<$t>());
                *input = rest;
                <$t>::from_le_bytes(head.try_into().expect("a whole value"))
            }
        }
    )*};
}
flat!(u32, u64);

/// A packed state's form: its records with one-word counts travel narrow, in as many bytes
/// as the widest state and the widest count of a run of them need.
impl Flat for u128 {
    #[inline]
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    #[inline]
    fn get(input: &mut &[u8]) -> u128 {
        let (head, rest) = input.split_at(16);
        *input = rest;
        u128::from_le_bytes(head.try_into().expect("a whole value"))
    }
    fn put_words(xs: &[(u128, u128)], out: &mut Vec<u8>) {
        narrow::put(xs, out);
    }
    fn get_words<T: ?Sized>(input: &[u8], to: &mut T, f: impl Fn(&mut T, u128, u128)) {
        narrow::get(input, to, f);
    }
    fn put_mids(xs: &[(u128, MidCount)], out: &mut Vec<u8>) {
        narrow::put(xs, out);
    }
    fn get_mids<T: ?Sized>(input: &[u8], to: &mut T, f: impl Fn(&mut T, u128, MidCount)) {
        narrow::get(input, to, f);
    }
}

impl Flat for Vec<u8> {
    fn put(&self, out: &mut Vec<u8>) {
        (self.len() as u32).put(out);
        out.extend_from_slice(self);
    }
    fn get(input: &mut &[u8]) -> Vec<u8> {
        let n = u32::get(input) as usize;
        let (head, rest) = input.split_at(n);
        *input = rest;
        head.to_vec()
    }
}

/// A count past 128 bits, as its limbs (fixed width).
impl<const K: usize> Flat for Limbs<K> {
    #[inline]
    fn put(&self, out: &mut Vec<u8>) {
        for l in self.limbs() {
            l.put(out);
        }
    }
    #[inline]
    fn get(input: &mut &[u8]) -> Limbs<K> {
        Limbs::from_limbs(std::array::from_fn(|_| u64::get(input)))
    }
}

/// Bytes that serde writes as one block (`serialize_bytes`), not byte by byte.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Block(pub Vec<u8>);

impl Serialize for Block {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

impl<'de> Deserialize<'de> for Block {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Block, D::Error> {
        struct Bytes;
        impl<'de> Visitor<'de> for Bytes {
            type Value = Block;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E>(self, v: &[u8]) -> Result<Block, E> {
                Ok(Block(v.to_vec()))
            }
            fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Block, E> {
                Ok(Block(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Block, A::Error> {
                let mut v = Vec::new();
                while let Some(b) = seq.next_element()? {
                    v.push(b);
                }
                Ok(Block(v))
            }
        }
        d.deserialize_byte_buf(Bytes)
    }
}

/// Children of one level for one worker: `words` holds records written by [`Flat`] (the
/// state's form, then its `u128` count), `mid` those whose count is past 128 bits (the
/// state's form, then its 192-bit count), `wide` those past 192 bits (the state's form, then
/// its 384-bit count), `big` the rare ones past that; `n` in all.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Batch<F> {
    /// The worker they go to.
    pub to: u32,
    /// Records in all four (`words`, `mid`, `wide` and `big`).
    pub n: u32,
    /// The records with a one-word count, as raw bytes.
    pub words: Block,
    /// The records with a count past 128 bits, as raw bytes.
    pub mid: Block,
    /// The records with a count past 192 bits, as raw bytes.
    pub wide: Block,
    /// The records with a count past [`WideCount`].
    pub big: Vec<(F, BigUint)>,
}

impl<F> Default for Batch<F> {
    fn default() -> Self {
        Batch {
            to: 0,
            n: 0,
            words: Block::default(),
            mid: Block::default(),
            wide: Block::default(),
            big: Vec::new(),
        }
    }
}

impl<F: Flat + Clone> Batch<F> {
    /// Appends a record with a one-word count.
    pub fn put(&mut self, state: &F, count: u128) {
        self.put_words(&[(state.clone(), count)]);
    }

    /// Appends records with one-word counts.
    pub fn put_words(&mut self, xs: &[(F, u128)]) {
        F::put_words(xs, &mut self.words.0);
        self.n += u32::try_from(xs.len()).expect("at most 2^32 records a batch");
    }

    /// Appends records with counts past 128 bits.
    pub fn put_mids(&mut self, xs: &[(F, MidCount)]) {
        F::put_mids(xs, &mut self.mid.0);
        self.n += u32::try_from(xs.len()).expect("at most 2^32 records a batch");
    }

    /// Appends a record with a count past 192 bits.
    #[inline]
    pub fn put_wide(&mut self, state: &F, count: &WideCount) {
        state.put(&mut self.wide.0);
        count.put(&mut self.wide.0);
        self.n += 1;
    }

    /// Appends a record with a count past [`WideCount`].
    pub fn put_big(&mut self, state: F, count: BigUint) {
        self.big.push((state, count));
        self.n += 1;
    }

    /// Calls `word` on `to` and every one-word record, `mid` on `to` and every 192-bit one and
    /// `wide` on `to` and every 384-bit one, in order; returns the others.
    pub fn unpack<T: ?Sized>(
        self,
        to: &mut T,
        word: impl Fn(&mut T, F, u128),
        mid: impl Fn(&mut T, F, MidCount),
        wide: impl Fn(&mut T, F, WideCount),
    ) -> Vec<(F, BigUint)> {
        F::get_words(&self.words.0, to, word);
        F::get_mids(&self.mid.0, to, mid);
        let mut input = &self.wide.0[..];
        while !input.is_empty() {
            let s = F::get(&mut input);
            wide(to, s, WideCount::get(&mut input));
        }
        self.big
    }
}

/// An exact count: one 128-bit word until a sum overflows it, then a `BigUint`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tally {
    /// A count below 2^128.
    Word(u128),
    /// A larger count.
    Big(BigUint),
}

impl Tally {
    /// Zero.
    pub const ZERO: Tally = Tally::Word(0);

    /// `self += other`, exactly.
    #[inline]
    pub fn add(&mut self, other: &Tally) {
        if let (Tally::Word(a), Tally::Word(b)) = (&mut *self, other) {
            if let Some(s) = a.checked_add(*b) {
                *a = s;
                return;
            }
        }
        self.add_wide(other);
    }

    /// [`Tally::add`] past 128 bits.
    #[cold]
    fn add_wide(&mut self, other: &Tally) {
        match (&mut *self, other) {
            (Tally::Word(a), Tally::Word(b)) => match a.checked_add(*b) {
                Some(s) => *a = s,
                None => *self = Tally::Big(BigUint::from(*a) + *b),
            },
            (Tally::Big(a), Tally::Word(b)) => *a += *b,
            (Tally::Big(a), Tally::Big(b)) => *a += b,
            (Tally::Word(a), Tally::Big(b)) => *self = Tally::Big(b + *a),
        }
    }

    /// The count as a `BigUint`.
    pub fn big(self) -> BigUint {
        match self {
            Tally::Word(w) => BigUint::from(w),
            Tally::Big(b) => b,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_stay_exact_past_128_bits() {
        let mut t = Tally::Word(u128::MAX - 1);
        t.add(&Tally::Word(3));
        assert_eq!(t, Tally::Big(BigUint::from(u128::MAX) + 2u8));
        let mut w = Tally::Word(5);
        w.add(&t);
        assert_eq!(w.clone().big(), BigUint::from(u128::MAX) + 7u8);
        w.add(&Tally::Word(1));
        assert_eq!(w.big(), BigUint::from(u128::MAX) + 8u8);
    }

    #[test]
    fn states_come_back_from_the_wire() {
        let mut p = Packed::default();
        p.set(24, 31);
        p.set(0, 7);
        assert_eq!(Packed::from_wire(p.to_wire()), p);
        let mut i = Inline([0; MAX_INLINE_WIDTH]);
        i.0[3] = 9;
        assert_eq!(i.to_wire(), [0, 0, 0, 9]);
        assert!(Inline::from_wire(i.to_wire()) == i);
        let w = Wide(vec![1, 0, 0].into_boxed_slice());
        assert_eq!(Wide::from_wire(w.to_wire()), w);
    }

    /// Packed states' records (one-word and 192-bit counts) come back from their narrow runs
    /// through bincode, several runs in a row.
    #[test]
    fn narrow_batches_come_back_from_bincode() {
        let mut b = Batch::<u128>::default();
        let mids = [
            (3, MidCount::from_limbs([1, 2, 3])),
            (0, MidCount::from(9u128)),
        ];
        b.put_words(&[(1 << 100, 5), (7, u128::MAX)]);
        b.put_mids(&mids);
        b.put(&9, 1);
        b.put_mids(&[(u128::MAX, MidCount::from_limbs([0, 0, u64::MAX]))]);
        let back: Batch<u128> = bincode::deserialize(&bincode::serialize(&b).unwrap()).unwrap();
        assert_eq!(back.n, 6);
        let mut got = (Vec::new(), Vec::new());
        let no_wide = |_: &mut (Vec<_>, Vec<_>), _, _: WideCount| unreachable!();
        back.unpack(
            &mut got,
            |g, s, c| g.0.push((s, c)),
            |g, s, c| g.1.push((s, c)),
            no_wide,
        );
        assert_eq!(got.0, [(1 << 100, 5), (7, u128::MAX), (9, 1)]);
        let top = (u128::MAX, MidCount::from_limbs([0, 0, u64::MAX]));
        assert_eq!(got.1, [mids[0], mids[1], top]);
    }

    /// A batch comes back through timely's encoding (bincode) with every record in order.
    #[test]
    fn batches_come_back_from_bincode() {
        let mut b = Batch::<Vec<u8>>::default();
        b.put(&vec![1, 2, 3], u128::MAX);
        b.put(&vec![], 7);
        b.put_big(vec![9], BigUint::from(u128::MAX) * 3u8);
        let top = WideCount::from_limbs([1, 2, 3, 4, 5, u64::MAX]);
        b.put_wide(&vec![4], &top);
        b.put_wide(&vec![], &WideCount::from(u128::MAX));
        let mid = MidCount::from_limbs([7, 8, u64::MAX]);
        b.put_mids(&[(vec![5, 6], mid)]);
        let bytes = bincode::serialize(&b).unwrap();
        let back: Batch<Vec<u8>> = bincode::deserialize(&bytes).unwrap();
        assert_eq!(back.n, 6);
        let (mut words, mut mids, mut wides) = (Vec::new(), Vec::new(), Vec::new());
        let mut got = (&mut words, &mut mids, &mut wides);
        let bigs = back.unpack(
            &mut got,
            |g, s, c| g.0.push((s, c)),
            |g, s, c| g.1.push((s, c)),
            |g, s, c| g.2.push((s, c)),
        );
        assert_eq!(words, [(vec![1, 2, 3], u128::MAX), (vec![], 7)]);
        assert_eq!(mids, [(vec![5, 6], mid)]);
        assert_eq!(
            wides,
            [(vec![4], top), (vec![], WideCount::from(u128::MAX))]
        );
        assert_eq!(bigs, [(vec![9], BigUint::from(u128::MAX) * 3u8)]);
        let mut p = Batch::<u128>::default();
        p.put(&(1 << 100), 5);
        assert_eq!(
            p.words.0.len(),
            6 + 13 + 1 + 16,
            "a run of one 14-byte record"
        );
        p.put_wide(&1, &top);
        assert_eq!(p.wide.0.len(), 64);
        p.put_mids(&[(1, mid)]);
        assert_eq!(
            p.mid.0.len(),
            6 + 1 + 24 + 24,
            "a run of one 25-byte record"
        );
    }
}
