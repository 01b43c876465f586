//! One module per subcommand family; `main.rs` only dispatches.

pub mod cluster_count;
pub mod convert;
pub mod count;
pub mod generate;
pub mod grade;
pub mod graph_count;
pub mod puzzle;
