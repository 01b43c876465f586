//! Records of a packed state (a `u128`) and its count in as many bytes as the widest state
//! and the widest count of a run of them need: what the children of packed states cross the
//! network as.
//!
//! Why: a 16×16 corner paths state takes 85 of its 128 bits and most counts far fewer than
//! their 128 or 192, so children travel (and are copied into and out of timely's buffers and
//! through the kernel) in about 20 bytes instead of 32 (40 past 128 bits).
//!
//! A run is its number of records (4 bytes), the state's and the count's bytes (1 byte each),
//! the records, and [`Count::PAD`] zero bytes: every record is written and read as whole
//! words at fixed offsets (no copy of a variable length), the later writes overwriting the
//! earlier ones' zero tails, and the reads masked to the run's widths.

use zlink_zdd::Limbs;

/// Bytes of a run's head.
const HEAD: usize = 6;

/// A count that travels narrow.
pub(crate) trait Count: Copy {
    /// Zero bytes after a run's records: the most a record's writes and reads reach past it.
    const PAD: usize;
    /// Bitwise or.
    fn or(self, other: Self) -> Self;
    /// Bytes the count needs.
    fn bytes(self) -> usize;
    /// Writes the count's whole width at the front of `out` (little-endian).
    fn write(self, out: &mut [u8]);
    /// Reads a count written by [`Count::write`] at the front of `b`, keeping its low `n`
    /// bytes.
    fn read(b: &[u8], n: usize) -> Self;
}

/// The low `n` bytes of a `u128` (all from 16).
fn mask(n: usize) -> u128 {
    if n >= 16 {
        u128::MAX
    } else {
        (1u128 << (8 * n)) - 1
    }
}

/// The 16 bytes at the front of `b`.
#[inline]
fn word(b: &[u8]) -> u128 {
    u128::from_le_bytes(b[..16].try_into().expect("16 bytes"))
}

impl Count for u128 {
    const PAD: usize = 16;
    #[inline]
    fn or(self, other: u128) -> u128 {
        self | other
    }
    #[inline]
    fn bytes(self) -> usize {
        (u128::BITS - self.leading_zeros()).div_ceil(8) as usize
    }
    #[inline]
    fn write(self, out: &mut [u8]) {
        out[..16].copy_from_slice(&self.to_le_bytes());
    }
    #[inline]
    fn read(b: &[u8], n: usize) -> u128 {
        word(b) & mask(n)
    }
}

/// A 192-bit count: its low 128 bits, then its top limb.
impl Count for Limbs<3> {
    const PAD: usize = 24;
    #[inline]
    fn or(self, other: Self) -> Self {
        let (a, b) = (self.limbs(), other.limbs());
        Limbs::from_limbs([a[0] | b[0], a[1] | b[1], a[2] | b[2]])
    }
    #[inline]
    fn bytes(self) -> usize {
        let l = self.limbs();
        match (l[2], u128::from(l[1]) << 64 | u128::from(l[0])) {
            (0, low) => low.bytes(),
            (top, _) => 16 + (u64::BITS - top.leading_zeros()).div_ceil(8) as usize,
        }
    }
    #[inline]
    fn write(self, out: &mut [u8]) {
        let l = self.limbs();
        (u128::from(l[1]) << 64 | u128::from(l[0])).write(out);
        out[16..24].copy_from_slice(&l[2].to_le_bytes());
    }
    #[inline]
    fn read(b: &[u8], n: usize) -> Self {
        let low = u128::read(b, n);
        let top = u64::from_le_bytes(b[16..24].try_into().expect("8 bytes"));
        let top = top & (mask(n.saturating_sub(16)) as u64);
        Limbs::from_limbs([low as u64, (low >> 64) as u64, top])
    }
}

/// Appends `xs` to `out` as one run (nothing when empty).
pub(crate) fn put<C: Count>(xs: &[(u128, C)], out: &mut Vec<u8>) {
    let Some(&(_, c0)) = xs.first() else {
        return;
    };
    let (so, co) = xs.iter().fold((0, c0), |(a, b), (s, c)| (a | s, b.or(*c)));
    let (sw, cw) = (so.bytes(), co.bytes());
    let n = u32::try_from(xs.len()).expect("a run of at most 2^32 records");
    out.extend_from_slice(&n.to_le_bytes());
    out.extend_from_slice(&[sw as u8, cw as u8]);
    let start = out.len();
    out.resize(start + xs.len() * (sw + cw) + C::PAD, 0);
    let body = &mut out[start..];
    let mut at = 0;
    for (s, c) in xs {
        s.write(&mut body[at..]);
        c.write(&mut body[at + sw..]);
        at += sw + cw;
    }
}

/// Calls `f` on `to` and every record of the runs in `input`, in order.
pub(crate) fn get<T: ?Sized, C: Count>(mut input: &[u8], to: &mut T, f: impl Fn(&mut T, u128, C)) {
    while !input.is_empty() {
        let n = u32::from_le_bytes(input[..4].try_into().expect("a run's head")) as usize;
        let (sw, cw) = (usize::from(input[4]), usize::from(input[5]));
        let body = &input[HEAD..];
        for i in 0..n {
            let at = i * (sw + cw);
            f(
                to,
                u128::read(&body[at..], sw),
                C::read(&body[at + sw..], cw),
            );
        }
        input = &body[n * (sw + cw) + C::PAD..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records come back from their runs, whatever the widths (none to all the bytes of the
    /// state and the count), runs of one and of many records, several runs in a row.
    #[test]
    fn runs_come_back() {
        let mut rng = zlink_base::SplitMix64::new(38);
        let top = |bits: u32| match bits {
            0 => 0,
            b => u128::MAX >> (128 - b.min(128)),
        };
        let (mut words, mut mids) = (Vec::new(), Vec::new());
        let (mut wout, mut mout) = (Vec::new(), Vec::new());
        for run in 0..60u32 {
            let sb = [0, 1, 8, 85, 127, 128][run as usize % 6];
            let cb: u32 = [1, 7, 64, 128, 129, 160, 192][run as usize % 7];
            let n = [0, 1, 2, 37][run as usize % 4];
            let mut ws = Vec::new();
            let mut ms = Vec::new();
            for i in 0..n {
                let r = u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
                let hm = if cb > 128 { u64::MAX >> (192 - cb) } else { 0 };
                let (s, c, hi) = match i % 3 {
                    0 => (top(sb), top(cb), hm),
                    1 => (
                        r & top(sb),
                        r.rotate_left(17) & top(cb),
                        rng.next_u64() & hm,
                    ),
                    _ => (0, 1, 0),
                };
                ws.push((s, c));
                ms.push((s, Limbs::from_limbs([c as u64, (c >> 64) as u64, hi])));
            }
            put(&ws, &mut wout);
            put(&ms, &mut mout);
            words.extend(ws);
            mids.extend(ms);
        }
        let mut got = Vec::new();
        get(&wout, &mut got, |g, s, c: u128| g.push((s, c)));
        assert_eq!(got, words);
        let mut got = Vec::new();
        get(&mout, &mut got, |g, s, c: Limbs<3>| g.push((s, c)));
        assert_eq!(got, mids);
        assert!(mids.iter().any(|(_, c)| c.limbs()[2] == u64::MAX));
        assert!(words.iter().any(|&(s, c)| s == u128::MAX && c == u128::MAX));
    }
}
