//! The children a worker makes while it expands a part of a level, until the part is done:
//! one-word and 192-bit children in vectors per target level and worker (this worker's too,
//! so that no child branches on its owner, which two workers mispredict half the time), the
//! rarer wider ones straight into per-worker [`Batch`]es; after the part, this worker's join
//! their levels and the others' become batch bytes.
//!
//! Why apart from [`crate::dataflow`]: the lanes and batches are plain vectors, apart from
//! timely's operator code.

use zlink_frontier::Level;

use crate::level::{Mid, Run};
use crate::wire::{Batch, Flat};

/// Children for other workers, per target level and worker, until the part being expanded is
/// done; one-word and 192-bit children for every worker (this one too: no branch on the owner
/// per child; one worker pushes straight into the level) in vectors bounded by a part's.
pub(crate) struct Outbox<W> {
    peers: usize,
    /// At `time * peers + worker`.
    batches: Vec<Batch<W>>,
    /// The indices of the batches that are not empty.
    filled: Vec<usize>,
    /// One-word children at `(level - from - 1) * peers + worker`, for the level `from` being
    /// expanded (so that the vectors, and their capacity, serve every level in turn).
    words: Lanes<(W, u128)>,
    /// Children with a 192-bit count, as `words`.
    mids: Lanes<(W, Mid)>,
}

/// Vectors of children by lane (target level and worker), and which are not empty.
struct Lanes<T> {
    vecs: Vec<Vec<T>>,
    filled: Vec<usize>,
}

impl<T> Lanes<T> {
    fn new() -> Self {
        Lanes {
            vecs: Vec::new(),
            filled: Vec::new(),
        }
    }

    /// The vector of lane `i`, noted as filled when it was empty.
    #[inline]
    fn at(&mut self, i: usize) -> &mut Vec<T> {
        if i >= self.vecs.len() {
            self.vecs.resize_with(i + 1, Vec::new);
        }
        if self.vecs[i].is_empty() {
            self.filled.push(i);
        }
        &mut self.vecs[i]
    }

    /// Hands every filled lane, with its level (lane `i` holds level `from + 1 + i / peers`
    /// of worker `i % peers`), to `keep` if it is this worker's (`me`), else to `send` with
    /// its worker; every lane is then empty, with its capacity.
    fn flush(
        &mut self,
        (peers, me, from): (usize, usize, Level),
        mut keep: impl FnMut(Level, &mut Vec<T>),
        mut send: impl FnMut(Level, usize, &[T]),
    ) {
        for i in self.filled.drain(..) {
            let (j, to) = ((i / peers) as Level + from + 1, i % peers);
            let v = &mut self.vecs[i];
            if to == me {
                keep(j, v);
            } else {
                send(j, to, v);
            }
            v.clear();
        }
    }
}

/// The batch of `batches` (at `time * peers + to`) that leaves at `time` for worker `to`,
/// noted in `filled` when it was empty.
#[inline]
fn batch_in<'a, W>(
    (batches, filled): (&'a mut Vec<Batch<W>>, &mut Vec<usize>),
    peers: usize,
    time: Level,
    to: usize,
) -> &'a mut Batch<W> {
    let i = time as usize * peers + to;
    if i >= batches.len() {
        batches.resize_with(i + 1, Batch::default);
    }
    if batches[i].n == 0 {
        filled.push(i);
        batches[i].to = to as u32;
    }
    &mut batches[i]
}

impl<W: Flat + Clone + std::hash::Hash> Outbox<W> {
    pub(crate) fn new(peers: usize) -> Self {
        Outbox {
            peers,
            batches: Vec::new(),
            filled: Vec::new(),
            words: Lanes::new(),
            mids: Lanes::new(),
        }
    }

    /// The one-word children of level `j` (a child of level `from`) for worker `to`.
    #[inline]
    pub(crate) fn words(&mut self, from: Level, j: Level, to: usize) -> &mut Vec<(W, u128)> {
        self.words.at((j - from - 1) as usize * self.peers + to)
    }

    /// As [`Outbox::words`], for 192-bit children.
    #[inline]
    pub(crate) fn mids(&mut self, from: Level, j: Level, to: usize) -> &mut Vec<(W, Mid)> {
        self.mids.at((j - from - 1) as usize * self.peers + to)
    }

    /// Moves the children gathered so far: this worker's (`me`) into their level's run (from
    /// `run`), the others' into their batches as raw bytes.
    pub(crate) fn flush(
        &mut self,
        from: Level,
        me: usize,
        mut run: impl FnMut(Level, &mut dyn FnMut(&mut Run<W>)),
    ) {
        let peers = self.peers;
        let out = (&mut self.batches, &mut self.filled);
        self.words.flush(
            (peers, me, from),
            |j, v| run(j, &mut |r: &mut Run<W>| r.extend(v)),
            |j, to, v| {
                batch_in((&mut *out.0, &mut *out.1), peers, j - 1, to).put_words(v);
            },
        );
        self.mids.flush(
            (peers, me, from),
            |j, v| run(j, &mut |r: &mut Run<W>| r.extend_mid(v)),
            |j, to, v| {
                batch_in((&mut *out.0, &mut *out.1), peers, j - 1, to).put_mids(v);
            },
        );
    }

    /// The batch that leaves at `time` for worker `to`.
    #[inline]
    pub(crate) fn batch(&mut self, time: Level, to: usize) -> &mut Batch<W> {
        batch_in((&mut self.batches, &mut self.filled), self.peers, time, to)
    }

    /// Hands every batch that is not empty to `send` with the time it leaves at; returns the
    /// records they held.
    pub(crate) fn drain(&mut self, mut send: impl FnMut(Level, Batch<W>)) -> u64 {
        let mut n = 0;
        for i in self.filled.drain(..) {
            let b = std::mem::take(&mut self.batches[i]);
            n += u64::from(b.n);
            send((i / self.peers) as Level, b);
        }
        n
    }
}
