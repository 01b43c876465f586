//! Reading a puzzle argument: a file, `-` for stdin, or a puzz.link URL / Tatham id given
//! directly, decoded by [`zlink_puzzle::text::decode_input`] (BOM dropped, invalid UTF-8 a
//! positioned error).
//!
//! Why a module: the CLI's one place that turns an argument into text and a source name, so
//! that a mistyped id says it is neither a file nor a recognised id.

use std::io::Read;

use zlink_puzzle::pzprjs::url::looks_like_url;
use zlink_puzzle::tatham::looks_like_id;
use zlink_puzzle::text::decode_input;

use crate::exit::CliError;

/// The text of `arg` and its source name (`-`, `url` or the file name).
///
/// # Errors
/// Exit 2: an unreadable or missing file (a missing one that is no recognised id says so),
/// or bytes that are not UTF-8 (positioned).
pub fn read(arg: &str) -> Result<(String, String), CliError> {
    if arg == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::input(format!("reading stdin: {e}")))?;
        let text = decode_input(&bytes, "-").map_err(CliError::input)?;
        return Ok((text, "-".to_string()));
    }
    let path = std::path::Path::new(arg);
    if !path.exists() {
        if looks_like_url(arg) || looks_like_id(arg) {
            return Ok((arg.to_string(), "url".to_string()));
        }
        return Err(CliError::input(format!(
            "`{arg}` is neither a file nor a recognised puzzle id (a puzz.link URL or a \
             Tatham id `WxH…:…`)"
        )));
    }
    let bytes =
        std::fs::read(path).map_err(|e| CliError::input(format!("cannot read {arg}: {e}")))?;
    let text = decode_input(&bytes, arg).map_err(CliError::input)?;
    Ok((text, arg.to_string()))
}
