//! Top-down, level-by-level ZDD construction from small state-machine specs (Simpath).
