//! One random Numberlink puzzle that people publish: unique under the rules asked for.

pub mod check;
mod layout;

#[cfg(test)]
mod tests {
    use super::layout::*;
    use zlink_zdd::SplitMix64;

    #[test]
    fn profile_50() {
        let rules = zlink_grid::numberlink::Rules::JANKO;
        let mut rng = SplitMix64::new(1);
        let mut l = Layout::singletons(50, 50);
        l.shrink_to(40, &mut rng);
        let (p, s) = l.puzzle();
        for probe in [true, false] {
            let t = std::time::Instant::now();
            let v = super::check::check(&p, &s, rules, probe, None);
            eprintln!("probe {probe}: {:?} {:?}", matches!(v, super::check::Verdict::Unique), t.elapsed());
        }
    }

    #[test]
    fn show_ambiguous() {
        let rules = zlink_grid::numberlink::Rules::JANKO;
        let mut rng = SplitMix64::new(1);
        let mut shown = 0;
        for _ in 0..40 {
            let mut l = Layout::singletons(10, 10);
            if !l.shrink_to(8, &mut rng) { eprintln!("fail"); continue; }
            let (p, s) = l.puzzle();
            if let super::check::Verdict::Other(o) = super::check::check(&p, &s, rules, true, None) {
                eprintln!("{}\n{}", zlink_grid::numberlink::render::text(&p, Some(&s)), zlink_grid::numberlink::render::text(&p, Some(&o)));
                shown += 1;
                if shown == 4 { break; }
            }
        }
    }

    #[test]
    fn layouts_reach_their_targets() {
        for &(r, c, k, m) in &[(10usize, 10usize, 8usize, 200), (20, 20, 16, 200), (20, 40, 22, 200), (50, 50, 40, 200)] {
            let mut rng = SplitMix64::new(1);
            for _ in 0..3 {
                let t = std::time::Instant::now();
                let mut l = Layout::singletons(r, c);
                let ok = l.shrink_within(k, m, &mut rng);
                let el = t.elapsed();
                let (p, s) = l.puzzle();
                let rules = zlink_grid::numberlink::Rules::JANKO;
                zlink_grid::numberlink::verify(&p, &s, rules).unwrap();
                let mut v = vec![];
                for probe in [false, true] {
                    let t = std::time::Instant::now();
                    let verdict = super::check::check(&p, &s, rules, probe, None);
                    v.push((matches!(verdict, super::check::Verdict::Unique), t.elapsed()));
                }
                let t = std::time::Instant::now();
                let z = crate::numberlink::NumberlinkZdd::new(&p, rules).unwrap().links(2, &Default::default()).unwrap().len();
                eprintln!("{r}x{c} m {m} target {k}: ok {ok} paths {} valid {} {el:?} check {v:?} zdd {z} {:?}", l.len(), l.is_valid(MIN_CELLS), t.elapsed());
            }
        }
    }
}
