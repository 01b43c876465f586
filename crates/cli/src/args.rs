//! Value parsers for numeric options, so nonsense is a usage error (exit 2) from clap instead
//! of a panic or a hang later: `--time-limit` must be a finite positive number of seconds up
//! to [`MAX_TIME_LIMIT`] (`inf`, `nan`, `1e99`, `-1` are rejected; `0` gives up at once, which
//! tests use to reach the time-limit exit), `--threads` from 1 to [`MAX_THREADS`] (thousands of
//! threads exhaust the address space for their stacks, and a thread that cannot get its
//! signal stack aborts the process outright), `--limit` from 1 up.

/// Largest `--time-limit`, in seconds (about 116 days).
pub const MAX_TIME_LIMIT: f64 = 1e7;

/// Largest `--threads`.
pub const MAX_THREADS: u32 = 1024;

/// `--time-limit SECONDS`: finite, zero or positive, at most [`MAX_TIME_LIMIT`].
///
/// # Errors
/// A message for clap when the value is not such a number.
pub fn time_limit(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("expected a number of seconds, found `{s}`"))?;
    if !v.is_finite() || !(0.0..=MAX_TIME_LIMIT).contains(&v) {
        return Err(format!(
            "expected a number of seconds from 0 up to {MAX_TIME_LIMIT:e}, found `{s}`"
        ));
    }
    Ok(v)
}

/// `--threads N` as `u32`: from 1 to [`MAX_THREADS`].
///
/// # Errors
/// A message for clap when the value is not such an integer.
pub fn threads_u32(s: &str) -> Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 1 to {MAX_THREADS}, found `{s}`"
        )),
    }
}

/// `--threads N` as `usize`: from 1 to [`MAX_THREADS`].
///
/// # Errors
/// As [`threads_u32`].
pub fn threads_usize(s: &str) -> Result<usize, String> {
    threads_u32(s).map(|n| n as usize)
}

/// `--limit N` (how many solutions or instances): a whole number from 1 up. `0` would print a
/// count of "at least 0" or write nothing and report success, so it is a usage error.
///
/// # Errors
/// A message for clap when the value is not such a number.
pub fn limit_u64(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("expected a whole number from 1 up, found `{s}`")),
    }
}

/// [`limit_u64`] as `usize`.
///
/// # Errors
/// As [`limit_u64`], and above `usize::MAX`.
pub fn limit_usize(s: &str) -> Result<usize, String> {
    limit_u64(s)?
        .try_into()
        .map_err(|_| format!("expected a whole number from 1 up, found `{s}`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_nonsense() {
        assert_eq!(time_limit("2.5"), Ok(2.5));
        assert_eq!(time_limit("0"), Ok(0.0));
        for bad in ["inf", "-inf", "nan", "1e99", "-1", "-0.5", "x", ""] {
            assert!(time_limit(bad).is_err(), "{bad}");
        }
        assert_eq!(threads_u32("4"), Ok(4));
        assert!(threads_u32("0").is_err());
        assert_eq!(threads_u32("1024"), Ok(MAX_THREADS));
        assert!(threads_u32("1025").is_err());
        assert!(threads_usize("100000").is_err());
        assert!(threads_usize("-1").is_err());
        assert_eq!(limit_u64("1"), Ok(1));
        assert_eq!(limit_usize(" 7 "), Ok(7));
        for bad in ["0", "-1", "1.5", "x", ""] {
            assert!(limit_u64(bad).is_err(), "{bad}");
            assert!(limit_usize(bad).is_err(), "{bad}");
        }
    }
}
