//! A mate family (paths, cycles) counted on a cluster: the state type chosen by the same rule
//! as the single pass ([`StateForm`]), so a caller hands over a [`Mates`] and gets its count.
//!
//! Why: a distributed count needs the spec's concrete state type (it travels between
//! processes as a [`Wire`]), which [`zlink_frontier::SpecFamily::spec`] hides; every caller
//! would otherwise repeat the choice of `Packed`, `Inline` or `Wide` and could choose
//! differently from `count_family`.

use zlink_frontier::packed::{Inline, Packed, Slots, Wide};
use zlink_frontier::{Counted, Mates, StateForm};

use crate::{count_distributed_logged, Cluster, ClusterError, LevelHook, Wire};

/// Counts `family` on this process's part of `cluster`, calling `hook` as this process's
/// workers finish their levels: [`count_distributed_logged`] on the family's spec, in the
/// state form [`zlink_frontier::count_family`] would use. Process 0 returns the count; the
/// others `None`.
///
/// ```
/// use zlink_cluster::{count_mates, Cluster};
/// use zlink_frontier::{Graph, Mates};
/// let cycles = Mates::cycles(&Graph::grid(4, 4)).unwrap();
/// let counted = count_mates(&cycles, &Cluster::local(2), None).unwrap().unwrap();
/// assert_eq!(counted.count, 213u32.into()); // OEIS A140517(3)
/// ```
///
/// # Errors
/// [`ClusterError::Spec`] when the spec cannot be set up; otherwise as
/// [`crate::count_distributed`].
pub fn count_mates(
    family: &Mates,
    cluster: &Cluster,
    hook: Option<LevelHook>,
) -> Result<Option<Counted>, ClusterError> {
    match StateForm::of(family) {
        StateForm::Packed => count_as::<Packed>(family, cluster, hook),
        StateForm::Inline => count_as::<Inline>(family, cluster, hook),
        StateForm::Wide => count_as::<Wide>(family, cluster, hook),
    }
}

fn count_as<M: Slots + Wire + 'static>(
    family: &Mates,
    cluster: &Cluster,
    hook: Option<LevelHook>,
) -> Result<Option<Counted>, ClusterError> {
    count_distributed_logged(family.mate::<M>()?, cluster, hook)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zlink_base::Limits;
    use zlink_frontier::{EdgeOrder, Graph, MateKind};

    /// The wheel of `n` rim vertices with its spokes first and the rim edge back to the first
    /// rim vertex last: every rim vertex stays on the frontier (width `n + 1`), yet few states
    /// live, so a wide frontier counts fast. It has `n² - n + 1` cycles.
    fn wheel(n: u32) -> Mates {
        let spokes = (1..=n).map(|i| (0, i));
        let rim = (1..n).map(|i| (i, i + 1)).chain([(1, n)]);
        let edges: Vec<(u32, u32)> = spokes.chain(rim).collect();
        let g = Graph::new(n as usize + 1, &edges).unwrap();
        Mates::in_given_order(g, MateKind::Cycles, false)
    }

    /// Every state form gives the single pass's count and the wheel's formula.
    #[test]
    fn same_count_as_the_single_pass_in_every_form() {
        let cases = [
            (wheel(12), StateForm::Packed),
            (wheel(30), StateForm::Inline),
            (wheel(70), StateForm::Wide),
        ];
        for (family, form) in cases {
            assert_eq!(StateForm::of(&family), form);
            let n = family.graph().num_vertices() as u32 - 1;
            let single = family.count(&Limits::default()).unwrap().count;
            assert_eq!(single, (n * n - n + 1).into(), "{form:?}");
            let counted = count_mates(&family, &Cluster::local(2), None)
                .unwrap()
                .unwrap();
            assert_eq!(counted.count, single, "{form:?}");
        }
        // and a grid's corner paths in a row-major order (OEIS A007764(5))
        let grid = Mates::new(
            &Graph::grid(5, 5),
            MateKind::Paths(0, 24),
            EdgeOrder::RowMajor,
            &Limits::default(),
        )
        .unwrap();
        let counted = count_mates(&grid, &Cluster::local(1), None)
            .unwrap()
            .unwrap();
        assert_eq!(counted.count, 8512u32.into());
    }

    #[test]
    fn a_terminal_out_of_range_is_a_spec_error() {
        let family = Mates::in_given_order(Graph::grid(3, 3), MateKind::Paths(0, 99), false);
        let e = count_mates(&family, &Cluster::local(1), None).unwrap_err();
        assert!(matches!(e, ClusterError::Spec(_)), "{e}");
    }
}
