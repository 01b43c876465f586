//! Colours that stay apart for many pairs: the Numberlink picture's line colours.
//!
//! Why: hues spread evenly over `n` pairs put neighbours 9° apart at 40 pairs (the 9th and
//! 10th blues of issue 36 could not be told apart). Here colours are picked once, greedily,
//! from a grid of hues × lightness × saturation, each the farthest (CIELAB distance) from those
//! already picked, so the first `n` of them are well apart for every `n` (at least 25 ΔE for
//! 30 pairs, tested) and pair `k` keeps its colour whatever the number of pairs.

use std::sync::OnceLock;

/// An sRGB colour.
pub type Rgb = [u8; 3];

/// The `k`-th colour of the sequence (it repeats after all candidates are used).
pub fn colour(k: usize) -> Rgb {
    let all = sequence();
    all[k % all.len()]
}

/// `#rrggbb` of [`colour`]`(k)`.
pub fn hex(k: usize) -> String {
    let [r, g, b] = colour(k);
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// A label colour that reads on `c`: black on light colours, white on dark ones.
pub fn label_on(c: Rgb) -> &'static str {
    if lab(c)[0] > 60.0 {
        "black"
    } else {
        "white"
    }
}

/// Every candidate, in greedy farthest-first order.
fn sequence() -> &'static [Rgb] {
    static SEQ: OnceLock<Vec<Rgb>> = OnceLock::new();
    SEQ.get_or_init(|| {
        let mut cands = Vec::new();
        for h in (0..360).step_by(10) {
            for l in [0.30, 0.42, 0.54, 0.66] {
                for s in [0.9, 0.55] {
                    cands.push(hsl(f64::from(h), s, l));
                }
            }
        }
        let labs: Vec<[f64; 3]> = cands.iter().map(|&c| lab(c)).collect();
        let mut far: Vec<f64> = labs.iter().map(|x| dist(&labs[0], x)).collect();
        let mut order = vec![0];
        while order.len() < cands.len() {
            let next = (0..cands.len())
                .filter(|i| !order.contains(i))
                .max_by(|&a, &b| far[a].total_cmp(&far[b]).then(b.cmp(&a)))
                .expect("a candidate is left");
            order.push(next);
            for (f, x) in far.iter_mut().zip(&labs) {
                *f = f.min(dist(&labs[next], x));
            }
        }
        order.into_iter().map(|i| cands[i]).collect()
    })
}

fn dist(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y) * (x - y))
        .sum::<f64>()
        .sqrt()
}

/// sRGB of hue `h` (degrees), saturation `s` and lightness `l` (0–1).
fn hsl(h: f64, s: f64, l: f64) -> Rgb {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    [r, g, b].map(|v| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8)
}

/// CIELAB (D65) of an sRGB colour.
fn lab(c: Rgb) -> [f64; 3] {
    let lin = |u: u8| {
        let u = f64::from(u) / 255.0;
        if u <= 0.04045 {
            u / 12.92
        } else {
            ((u + 0.055) / 1.055).powf(2.4)
        }
    };
    let [r, g, b] = c.map(lin);
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    [
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest CIELAB distance between two of the first `n` colours.
    fn closest(n: usize) -> f64 {
        let labs: Vec<[f64; 3]> = (0..n).map(|k| lab(colour(k))).collect();
        let mut min = f64::MAX;
        for (i, a) in labs.iter().enumerate() {
            for b in &labs[i + 1..] {
                min = min.min(dist(a, b));
            }
        }
        min
    }

    #[test]
    fn thirty_and_more_pairs_stay_apart() {
        // evenly spread hues at one lightness, as before, were 4.5 apart at 30 pairs
        assert!(closest(10) > 45.0, "{}", closest(10));
        assert!(closest(30) > 25.0, "{}", closest(30));
        assert!(closest(40) > 20.0, "{}", closest(40));
        assert_eq!(hex(0), "#910808");
        assert_eq!(hsl(120.0, 1.0, 0.5), [0, 255, 0]);
        assert_eq!(
            (label_on([0, 0, 0]), label_on([255, 255, 255])),
            ("white", "black")
        );
    }
}
