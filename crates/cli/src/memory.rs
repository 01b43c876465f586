//! Memory budgets: sizes on the command line, what the machine can give, what was used.
//!
//! Big diagram builds must stop with a clear "budget exhausted" error (exit code 3) instead of
//! being killed by the kernel, so a build without an explicit node budget gets one derived
//! from the memory the process may use: the `--max-memory` size, or by default 80% of the
//! memory available when it starts (the smaller of `MemAvailable` and the cgroup limit), as
//! `zlink_base::memory` reads it.

/// Parses a size such as `512M`, `8G`, `1.5GiB`, `2000000000` (bytes); binary units.
///
/// # Errors
/// A message naming the bad size.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => {
            return Err(format!(
                "bad size '{text}': expected e.g. 512M, 8G or a byte count"
            ))
        }
    };
    let value: f64 = num
        .parse()
        .map_err(|_| format!("bad size '{text}': expected e.g. 512M, 8G or a byte count"))?;
    let bytes = value * (1u64 << shift) as f64;
    if !bytes.is_finite() || bytes < 1.0 || bytes > u64::MAX as f64 {
        return Err(format!("bad size '{text}': out of range"));
    }
    Ok(bytes as u64)
}

pub use zlink_base::memory::default_budget;

/// Peak resident memory of this process (VmHWM), if the OS reports it.
pub fn peak_bytes() -> Option<u64> {
    status_bytes("VmHWM:")
}

/// Resident memory of this process now (VmRSS), if the OS reports it.
pub fn resident_bytes() -> Option<u64> {
    status_bytes("VmRSS:")
}

/// A size field of `/proc/self/status` (in kB there), in bytes.
fn status_bytes(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zlink_base::stop::human_bytes as human;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("8G"), Ok(8 << 30));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("2000"), Ok(2000));
        assert_eq!(parse_size(" 4 kb "), Ok(4096));
        for bad in ["", "G", "-1G", "1.2.3M", "12Q", "0"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
        assert_eq!(human(3 << 29), "1.5 GiB");
        assert_eq!(human(10), "10 B");
    }

    #[test]
    fn the_machine_reports_memory() {
        // Linux (CI and the dev machine) has /proc; elsewhere the budget is simply unknown.
        if std::path::Path::new("/proc/meminfo").exists() {
            assert!(zlink_base::memory::available_bytes().is_some_and(|b| b > 0));
            assert!(peak_bytes().is_some_and(|b| b > 0));
        }
    }
}
