//! The one raw HiGHS call the safe `highs` API lacks: the branch-and-bound node count, an
//! `int64` info value that `SolvedModel::int_info_value` (32-bit `HighsInt` only) cannot read.

use std::ffi::CStr;

/// `mip_node_count` of a solved model, or `None` when HiGHS does not report one (pure LPs).
#[allow(unsafe_code)]
pub(crate) fn int64_info(solved: &highs::SolvedModel, name: &CStr) -> Option<u64> {
    let mut value: i64 = -1;
    // SAFETY: `as_ptr` is the live HiGHS instance owned by `solved`, which outlives the call;
    // `name` is NUL-terminated; HiGHS writes exactly one i64 through `value`, a valid local.
    let status =
        unsafe { highs_sys::Highs_getInt64InfoValue(solved.as_ptr(), name.as_ptr(), &mut value) };
    (status == highs_sys::STATUS_OK && value >= 0).then_some(value as u64)
}
