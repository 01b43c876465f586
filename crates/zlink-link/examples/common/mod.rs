//! Argument helpers shared by the examples (their hand-rolled option loops).

/// A byte count given as a number (`1e9`, `512000000`); `None` when absent or unreadable.
pub fn bytes(arg: Option<&String>) -> Option<u64> {
    arg.and_then(|s| s.parse::<f64>().ok())
        .filter(|b| b.is_finite() && *b >= 0.0)
        .map(|b| b as u64)
}
