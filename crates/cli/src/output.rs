//! Writing results to stdout without panicking on a closed pipe.
//!
//! Why: `println!` panics when stdout is a pipe whose reader has gone (`zlink … | head -1`).
//! Like `rg | head`, zlink then stops quietly with exit code 0: the reader asked for no more.
//! Every result line goes through [`outln!`] / [`out!`], which call [`write`]; `main` calls
//! [`flush`] at the end.

use std::io::{self, Write};

/// Writes formatted text to stdout; on a closed pipe the process ends quietly with exit 0,
/// on another write error with a message and exit 1.
pub fn write(args: std::fmt::Arguments<'_>) {
    let result = io::stdout().lock().write_fmt(args);
    if let Err(e) = result {
        fail(&e);
    }
}

/// Flushes stdout, with the same handling of a closed pipe as [`write`].
pub fn flush() {
    if let Err(e) = io::stdout().lock().flush() {
        fail(&e);
    }
}

fn fail(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("zlink: cannot write to stdout: {e}");
    std::process::exit(1);
}

/// Largest integer a JSON number carries exactly in every reader (2^53).
pub const JSON_SAFE: u64 = 1 << 53;

/// An exact count for JSON: a number up to 2^53, a decimal string beyond.
pub fn big_json(n: &num_bigint::BigUint) -> serde_json::Value {
    match u64::try_from(n) {
        Ok(v) if v <= JSON_SAFE => serde_json::json!(v),
        _ => serde_json::json!(n.to_string()),
    }
}

/// `print!` through [`write`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write(format_args!($($arg)*)) };
}

/// `println!` through [`write`].
macro_rules! outln {
    ($($arg:tt)*) => { $crate::output::write(format_args!("{}\n", format_args!($($arg)*))) };
}

pub(crate) use {out, outln};

#[cfg(test)]
mod tests {
    #[test]
    fn writes_to_stdout() {
        outln!("{} {}", 1, 2);
        out!("x\n");
        super::flush();
    }
}
