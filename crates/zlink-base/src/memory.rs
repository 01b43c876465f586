//! What memory the machine can give this process, and the default memory budget taken from
//! it.
//!
//! Why here: every budget of a run without `--max-memory` (a diagram build, a count, each
//! process of a cluster count) starts from the same figure, so it is read in one place.

/// Bytes this process may still use: the smallest of the kernel's `MemAvailable`, the room
/// left under the cgroup (v2) memory limit and the address-space limit (`ulimit -v`); `None`
/// if none is known.
pub fn available_bytes() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
        let line = s.lines().find(|l| l.starts_with("MemAvailable:"))?;
        line.split_whitespace()
            .nth(1)?
            .parse::<u64>()
            .ok()
            .map(|kb| kb * 1024)
    });
    let read = |p: &str| -> Option<u64> { std::fs::read_to_string(p).ok()?.trim().parse().ok() };
    let cgroup = read("/sys/fs/cgroup/memory.max")
        .map(|max| max.saturating_sub(read("/sys/fs/cgroup/memory.current").unwrap_or(0)));
    // `ulimit -v`: the soft address-space limit of this process
    let rlimit = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("Max address space"))?;
            line.split_whitespace().nth(3)?.parse::<u64>().ok()
        });
    [meminfo, cgroup, rlimit].into_iter().flatten().min()
}

/// The default memory budget: 80% of [`available_bytes`].
pub fn default_budget() -> Option<u64> {
    available_bytes().map(|b| b / 5 * 4)
}
