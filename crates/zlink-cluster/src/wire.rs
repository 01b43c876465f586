//! What travels between workers: states in a serialisable form, and exact counts.
//!
//! Why a form of their own: the frontier's states ([`Packed`], [`Inline`], [`Wide`]) are
//! plain values without serde, and timely sends only `serde` data between processes. A
//! [`Packed`] state travels as its 125 bits, an [`Inline`] one without its trailing zero slots.

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};
use zlink_frontier::packed::{Inline, Packed, Wide, MAX_INLINE_WIDTH};

/// A state that can cross a process boundary as [`Wire::Form`].
pub trait Wire: Sized {
    /// The serialisable form.
    type Form: timely::ExchangeData + std::hash::Hash + Ord;
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
}
