//! Children waiting for their level, in hash shards: the mechanism the builder and the
//! count-only DP share.
//!
//! Both engines run a level in two passes. *Expand*: the level's distinct states, in parallel
//! chunks, compute their children and append them, unmerged, to the bucket of their target
//! level and *shard* (a slice of the hash space), so a child landing several levels below
//! costs nothing extra. *Merge*: when a level's turn comes, each of its shards is merged on
//! its own (in parallel), with a hash table small enough to stay in the cache. Radix
//! partitioning first and a hash table per shard measured 1.7× faster than one big table even on
//! one thread (14×14 count).
//!
//! Order: a chunk is a contiguous range of the level's states and chunks are appended in
//! order, so inside a shard children arrive in (source level, node, branch) order whatever
//! the chunking. The shard count of a level depends only on the size of the level that first
//! sends it children. Hence merged states, and the builder's node ids, never depend on the
//! thread count.

use std::hash::Hash;

use rayon::prelude::*;

use crate::budget::shard_of;
use crate::spec::Level;

/// Levels with fewer states than this are expanded on the calling thread (one chunk per
/// shard), and a level they are the first to send children to gets a single shard.
pub(crate) const PAR_THRESHOLD: usize = 1 << 13;
/// Target number of states per shard: small enough for the shard's table to stay in the
/// (1 MiB) L2 cache, large enough that expansion writes to few buckets. Measured on 14x14 /
/// 15x15 corner paths, one thread: 2^13 -> 2^15 -> 2^16 states per shard took 4.0 -> 2.9 ->
/// 2.7 s / 18 -> 11 -> 10 s CPU; one table for a whole 15x15 level is slow again (21 s).
const SHARD_STATES: usize = 1 << 16;
/// Minimum states per parallel work item.
const CHUNK: usize = 1 << 12;
/// Most shards per level (as a power of two). Past a few shards, the number of buckets the
/// expansion writes to costs more than bigger tables: with at most 16 shards, 16x16 corner
/// paths took 37 s CPU instead of 43 s (64 shards) and 17x17 143 s instead of 162 s; 8
/// shards were as fast as 16 and 4 slower (16x16, one thread, 2026-11-24).
const MAX_SHARD_BITS: u32 = 4;

/// Shard bits for a level expected to hold about `len` states.
pub(crate) fn shard_bits(len: usize) -> u32 {
    if len < PAR_THRESHOLD {
        0
    } else {
        (2 * len / SHARD_STATES)
            .next_power_of_two()
            .trailing_zeros()
            .min(MAX_SHARD_BITS)
    }
}

/// States per parallel work item of a level of `len` states: eight items per thread, so the
/// waves of one item per thread (see [`Pending::expand_level`]) free the level in eighths
/// (the builder's waves of [`Pending::wave_items`] items per thread, in halves).
pub(crate) fn chunk_len(len: usize) -> usize {
    (len / (8 * rayon::current_num_threads())).max(CHUNK)
}

/// The children waiting for one level: per shard, the parts appended by expansions.
pub(crate) struct Raw<T> {
    /// The level has `1 << bits` shards (fixed when the first part arrives).
    pub(crate) bits: u32,
    /// `shards[k]`: the parts of shard `k`, in arrival order.
    pub(crate) shards: Vec<Vec<Vec<T>>>,
}

impl<T> Raw<T> {
    fn new(bits: u32) -> Self {
        Raw {
            bits,
            shards: (0..1usize << bits).map(|_| Vec::new()).collect(),
        }
    }

    /// A level holding one item (the root).
    pub(crate) fn single(item: T) -> Self {
        let mut raw = Raw::new(0);
        raw.shards[0].push(vec![item]);
        raw
    }

    /// Number of items waiting.
    pub(crate) fn len(&self) -> usize {
        self.shards.iter().flatten().map(Vec::len).sum()
    }

    /// The same items, each mapped by `f` (shards and order kept).
    pub(crate) fn map<U>(self, f: impl Fn(T) -> U + Copy) -> Raw<U> {
        Raw {
            bits: self.bits,
            shards: self
                .shards
                .into_iter()
                .map(|parts| {
                    parts
                        .into_iter()
                        .map(|p| p.into_iter().map(f).collect())
                        .collect()
                })
                .collect(),
        }
    }
}

/// One chunk's children, per target level one bucket per shard.
pub(crate) struct Scatter<T, const SPILL: bool = false> {
    /// The expanding level.
    level: Level,
    /// Capacity to reserve per bucket of `level + 1`, where most children land.
    next_cap: usize,
    /// `by_offset[d]`: the buckets of level `level + 1 + d` (empty until a child lands there).
    /// Indexed, not searched: under the lookahead, children alternate between the next level
    /// and a few levels below (a cached search cost 4% of a 15×15 count).
    by_offset: Vec<Vec<Vec<T>>>,
    /// With `SPILL`, a full bucket is set aside and a new one begun instead of growing it
    /// (see [`Scatter::spill`]): the buckets set aside, `(offset, shard, items)` in the order they filled.
    spilled: Vec<(usize, usize, Vec<T>)>,
}

/// Capacity of a bucket begun empty (the buckets of levels past the next one).
const FIRST_BLOCK: usize = 64;

impl<T, const SPILL: bool> Scatter<T, SPILL> {
    /// An empty scatter for a chunk of `chunk` states of `level`.
    pub(crate) fn new(level: Level, chunk: usize) -> Self {
        Scatter {
            level,
            next_cap: 2 * chunk,
            by_offset: Vec::new(),
            spilled: Vec::new(),
        }
    }

    /// An empty scatter whose buckets for `level + 1` (`1 << bits` shards) are the given
    /// (empty) buffers, reused from an earlier level.
    fn with_buckets(level: Level, chunk: usize, buckets: Vec<Vec<T>>) -> Self {
        Scatter {
            level,
            next_cap: 2 * chunk,
            by_offset: vec![buckets],
            spilled: Vec::new(),
        }
    }

    /// Appends `item` (whose state is `key(&item)`) to level `j`; `bits_of(j)` gives the
    /// shard bits of each target level.
    #[inline(always)]
    pub(crate) fn push<S: Hash>(
        &mut self,
        j: Level,
        item: T,
        key: impl Fn(&T) -> &S,
        bits_of: &dyn Fn(Level) -> u32,
    ) {
        debug_assert!(j > self.level, "a spec child must have a larger level");
        let d = (j - self.level - 1) as usize;
        if self.by_offset.get(d).is_none_or(Vec::is_empty) {
            self.open(d, bits_of);
        }
        let buckets = &mut self.by_offset[d];
        let k = shard_of(key(&item), buckets.len());
        if SPILL && buckets[k].len() == buckets[k].capacity() {
            self.spill(d, k);
        }
        self.by_offset[d][k].push(item);
    }

    /// Sets the full bucket `k` of offset `d` aside and begins one of twice its capacity (at
    /// least [`FIRST_BLOCK`]): the bucket's items stay in order, as consecutive parts, and
    /// none is copied, where growing the bucket moved all of them. In the count-only DP
    /// (`memmove` was 5 % of its instructions) this took the peak of 14×14 corner paths from
    /// 32.5 to 27 MB and of 15×15 from 92.5 to 74 MB, at equal CPU; the builder was 10 %
    /// slower with it, so it keeps growing its buckets (`tools/README.md`, issue 35).
    #[inline(never)]
    fn spill(&mut self, d: usize, k: usize) {
        let bucket = &mut self.by_offset[d][k];
        let cap = (2 * bucket.capacity()).max(FIRST_BLOCK);
        let full = std::mem::replace(bucket, Vec::with_capacity(cap));
        if !full.is_empty() {
            self.spilled.push((d, k, full));
        }
    }

    /// Creates the buckets of level `level + 1 + d`.
    #[inline(never)]
    fn open(&mut self, d: usize, bits_of: &dyn Fn(Level) -> u32) {
        if self.by_offset.len() <= d {
            self.by_offset.resize_with(d + 1, Vec::new);
        }
        let shards = 1usize << bits_of(self.level + 1 + d as Level);
        let cap = if d == 0 {
            self.next_cap.div_ceil(shards) + 8
        } else {
            0
        };
        self.by_offset[d] = (0..shards).map(|_| Vec::with_capacity(cap)).collect();
    }
}

/// The levels still to be processed and the children waiting for them.
///
/// With `SPILL`, the expansions set their full buckets aside instead of growing them
/// ([`Scatter::spill`]).
pub(crate) struct Pending<T, const SPILL: bool = false> {
    levels: Vec<Option<Raw<T>>>,
    /// Items waiting, all levels together.
    items: u64,
    /// Emptied part buffers of processed levels, handed to the next expansions: a level's
    /// buckets would otherwise be fresh pages every time, and zeroing fresh pages was a sixth
    /// of a 15×15 build's CPU time.
    pool: Vec<Vec<T>>,
    /// Every waiting level lies in `occupied`: what [`Pending::bytes`] walks, so that a
    /// report per level stays linear in the levels (a 1×1,000,000 strip has 3 M of them).
    occupied: std::ops::Range<usize>,
    /// Work items per thread in a wave of [`Pending::expand_level`] (1 unless
    /// [`Pending::wave_items`] says otherwise).
    wave_items: usize,
}

impl<T, const SPILL: bool> Pending<T, SPILL> {
    /// Nothing waiting yet, for `levels` levels.
    pub(crate) fn new(levels: Level) -> Self {
        Pending {
            levels: (0..levels).map(|_| None).collect(),
            items: 0,
            pool: Vec::new(),
            occupied: 0..0,
            wave_items: 1,
        }
    }

    /// The same, expanding levels in waves of `k` work items per thread instead of one: a
    /// wave ends in a wait for its slowest item (the other threads go to sleep and are woken
    /// again), so fewer waves cost less, and the level being expanded leaves in bigger steps.
    pub(crate) fn wave_items(self, k: usize) -> Self {
        Pending {
            wave_items: k.max(1),
            ..self
        }
    }

    /// Widens [`Pending::occupied`] to hold `level`.
    fn occupy(&mut self, level: usize) {
        self.occupied = if self.occupied.is_empty() {
            level..level + 1
        } else {
            self.occupied.start.min(level)..self.occupied.end.max(level + 1)
        };
    }

    /// Keeps the part buffers of a processed level for reuse.
    pub(crate) fn recycle(&mut self, raw: Raw<T>) {
        for mut part in raw.shards.into_iter().flatten() {
            part.clear();
            self.pool.push(part);
        }
    }

    /// Expands `level`, whose states come as consecutive owned `parts` (its shards, or the
    /// parts of each shard): groups them into work items of about [`chunk_len`] states, runs
    /// `expand(base, slices, scatter)` on each (in parallel on a big level; `base` is the
    /// index of the item's first state in the level), absorbs the children in item order and
    /// returns the other outputs in item order.
    ///
    /// The items run in waves of one per thread ([`Pending::wave_items`] per thread if set),
    /// and the parts a wave has finished leave at once (through `spent`, which may hand a
    /// buffer back for the children's buckets): the level being expanded shrinks while the
    /// next one grows, so the two are not both whole at any time.
    pub(crate) fn expand_level<X, R>(
        &mut self,
        level: Level,
        mut parts: Vec<Vec<X>>,
        spent: impl Fn(Vec<X>) -> Option<Vec<T>>,
        expand: impl Fn(u32, &[&[X]], Scatter<T, SPILL>, &dyn Fn(Level) -> u32) -> (R, Scatter<T, SPILL>)
            + Sync,
    ) -> Vec<R>
    where
        X: Sync,
        T: Send + Sync,
        R: Send,
    {
        let len: usize = parts.iter().map(Vec::len).sum();
        let fresh = shard_bits(len);
        let serial = len < PAR_THRESHOLD;
        let chunk = if serial { usize::MAX } else { chunk_len(len) };
        let items = work_items(&parts, chunk);
        let wave = if serial {
            usize::MAX
        } else {
            rayon::current_num_threads() * self.wave_items
        };
        let mut outs = Vec::with_capacity(items.len());
        let mut base = 0u32;
        let mut freed = 0usize;
        let shape = Wave {
            level,
            fresh,
            serial,
            chunk: chunk.min(len),
        };
        for (w, group) in items.chunks(wave.min(items.len()).max(1)).enumerate() {
            let results = self.run_wave(shape, &parts, group, &mut base, &expand);
            // Absorbing creates a level's first part only where none exists, so `fresh` is
            // right.
            for (r, out) in results {
                self.absorb(out, &|_| fresh);
                outs.push(r);
            }
            // The parts before the next wave's first one are done.
            let done = items
                .get((w + 1).saturating_mul(wave))
                .and_then(|item| item.first())
                .map_or(parts.len(), |&(p, _, _)| p);
            let keep = wave.saturating_mul(self.shard_count(level + 1));
            while freed < done {
                let part = std::mem::take(&mut parts[freed]);
                freed += 1;
                self.keep_spent(spent(part), keep);
            }
        }
        // What this level did not need is freed: the pool never holds more than one wave's
        // buffers (children skipping levels bring extra parts, which would otherwise pile up).
        self.pool.clear();
        outs
    }

    /// Runs one wave of work items (`group`, of the level's `parts`; `base`: the index of
    /// the wave's first state, advanced past it), each on a scatter whose next-level buckets
    /// come from the pool: the outputs and scatters in item order.
    fn run_wave<X, R, E>(
        &mut self,
        wave: Wave,
        parts: &[Vec<X>],
        group: &[Vec<(usize, usize, usize)>],
        base: &mut u32,
        expand: &E,
    ) -> Vec<(R, Scatter<T, SPILL>)>
    where
        E: Fn(u32, &[&[X]], Scatter<T, SPILL>, &dyn Fn(Level) -> u32) -> (R, Scatter<T, SPILL>)
            + Sync,
        X: Sync,
        T: Send + Sync,
        R: Send,
    {
        // Shard bits of a later level: fixed by its first part, else those of a level of the
        // expanding level's size. Read on demand: a table of every later level per level made
        // long strips (tens of thousands of levels) quadratic.
        let levels = &self.levels;
        let bits_of = |j: Level| levels[j as usize].as_ref().map_or(wave.fresh, |r| r.bits);
        let next_bits = ((wave.level as usize + 1) < levels.len()).then(|| bits_of(wave.level + 1));
        let scatters = scatters(
            &mut self.pool,
            wave.level,
            next_bits,
            group.len(),
            wave.chunk,
        );
        let mut jobs = Vec::with_capacity(group.len());
        for item in group {
            let slices: Vec<&[X]> = item.iter().map(|&(p, a, b)| &parts[p][a..b]).collect();
            let n: usize = slices.iter().map(|s| s.len()).sum();
            jobs.push((*base, slices));
            *base += n as u32;
        }
        let run = |((b, slices), out): ((u32, Vec<&[X]>), Scatter<T, SPILL>)| {
            expand(b, &slices, out, &bits_of)
        };
        if wave.serial {
            jobs.into_iter().zip(scatters).map(run).collect()
        } else {
            jobs.into_par_iter().zip(scatters).map(run).collect()
        }
    }

    /// Keeps a spent part's buffer (if `spent` handed one back) for the children's buckets,
    /// while the pool holds fewer than `keep`.
    fn keep_spent(&mut self, buf: Option<Vec<T>>, keep: usize) {
        if let Some(mut buf) = buf {
            if self.pool.len() < keep {
                buf.clear();
                self.pool.push(buf);
            }
        }
    }

    /// Shards of `level` (1 past the last level).
    fn shard_count(&self, level: Level) -> usize {
        self.levels
            .get(level as usize)
            .and_then(Option::as_ref)
            .map_or(1, |r| r.shards.len())
    }

    /// Bytes held by the waiting children (their buffers' capacity) and the buffer pool.
    pub(crate) fn bytes(&self) -> u64 {
        let size = std::mem::size_of::<T>() as u64;
        let parts = self.levels[self.occupied.clone()]
            .iter()
            .flatten()
            .flat_map(|r| r.shards.iter().flatten())
            .chain(&self.pool);
        parts.map(|p| p.capacity() as u64 * size).sum()
    }

    /// Items waiting, all levels together.
    pub(crate) fn items(&self) -> u64 {
        self.items
    }

    /// Puts `raw` at `level` (which must be empty).
    pub(crate) fn put(&mut self, level: Level, raw: Raw<T>) {
        self.items += raw.len() as u64;
        self.levels[level as usize] = Some(raw);
        self.occupy(level as usize);
    }

    /// Removes and returns the children waiting for `level`.
    pub(crate) fn take(&mut self, level: Level) -> Option<Raw<T>> {
        let raw = self.levels[level as usize].take()?;
        self.items -= raw.len() as u64;
        let r = &mut self.occupied;
        while r.start < r.end && self.levels[r.start].is_none() {
            r.start += 1;
        }
        Some(raw)
    }

    /// Appends a chunk's children (call in chunk order); empty buckets go back to the pool.
    pub(crate) fn absorb(&mut self, scatter: Scatter<T, SPILL>, bits_of: &impl Fn(Level) -> u32) {
        let first = scatter.level + 1;
        // A bucket's spilled parts come before what is left in it.
        for (d, k, part) in scatter.spilled {
            let j = first + d as Level;
            self.occupy(j as usize);
            let raw = self.levels[j as usize].get_or_insert_with(|| Raw::new(bits_of(j)));
            self.items += part.len() as u64;
            raw.shards[k].push(part);
        }
        for (j, buckets) in (first..).zip(scatter.by_offset) {
            if buckets.iter().all(Vec::is_empty) {
                self.pool.extend(buckets);
                continue;
            }
            self.occupy(j as usize);
            let raw = self.levels[j as usize].get_or_insert_with(|| Raw::new(bits_of(j)));
            for (k, b) in buckets.into_iter().enumerate() {
                if b.is_empty() {
                    self.pool.push(b);
                } else {
                    self.items += b.len() as u64;
                    raw.shards[k].push(b);
                }
            }
        }
    }

    /// The same pending items with each mapped by `f`.
    pub(crate) fn map<U>(self, f: impl Fn(T) -> U + Copy) -> Pending<U, SPILL> {
        Pending {
            levels: self
                .levels
                .into_iter()
                .map(|r| r.map(|r| r.map(f)))
                .collect(),
            items: self.items,
            pool: Vec::new(),
            occupied: self.occupied,
            wave_items: self.wave_items,
        }
    }
}

/// How a level's waves run: the expanding level, the shard bits of a later level no part has
/// reached yet, whether it runs on the calling thread, and its states per work item.
#[derive(Clone, Copy)]
struct Wave {
    level: Level,
    fresh: u32,
    serial: bool,
    chunk: usize,
}

/// Scatters for `chunks` consecutive chunks of about `chunk` states of `level`, with buckets
/// for `level + 1` (`next_bits` shard bits; `None` past the last level) taken from `pool`
/// where it has any.
fn scatters<T, const SPILL: bool>(
    pool: &mut Vec<Vec<T>>,
    level: Level,
    next_bits: Option<u32>,
    chunks: usize,
    chunk: usize,
) -> Vec<Scatter<T, SPILL>> {
    let Some(bits) = next_bits else {
        return (0..chunks).map(|_| Scatter::new(level, chunk)).collect();
    };
    let shards = 1usize << bits;
    let cap = (2 * chunk).div_ceil(shards) + 8;
    (0..chunks)
        .map(|_| {
            let buckets = (0..shards)
                .map(|_| pool.pop().unwrap_or_else(|| Vec::with_capacity(cap)))
                .collect();
            Scatter::with_buckets(level, chunk, buckets)
        })
        .collect()
}

/// Work items over `parts` of about `chunk` states each, as `(part, start, end)` ranges in
/// order: small parts are grouped and big ones split, so the number of items (and of the
/// children's parts they make) follows the level's size, not the number of its parts.
fn work_items<X>(parts: &[Vec<X>], chunk: usize) -> Vec<Vec<(usize, usize, usize)>> {
    let mut items = Vec::new();
    let mut cur = Vec::new();
    let mut cur_len = 0usize;
    for (p, part) in parts.iter().enumerate() {
        let mut a = 0;
        while a < part.len() {
            let take = (chunk - cur_len).min(part.len() - a);
            cur.push((p, a, a + take));
            cur_len += take;
            a += take;
            if cur_len == chunk {
                items.push(std::mem::take(&mut cur));
                cur_len = 0;
            }
        }
    }
    if !cur.is_empty() {
        items.push(cur);
    }
    items
}

#[cfg(test)]
mod tests;
