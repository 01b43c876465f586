//! Every puzzle kind's SVG, opened in a real browser (headless Chromium), has every number
//! centred in its cell or circle (issue 19: they sat above centre in librsvg).
//!
//! Each `<text>` of a picture names the point it must be centred on (`x`, `y`); the test takes
//! a 4× screenshot, finds the ink of the text around that point (pixels that differ from the
//! box's most common colour), and checks the centre of the ink's bounding box. A second test
//! draws 30 Numberlink pairs and checks that their colours, as drawn, stay apart (issue 36).
//!
//! Needs `chromium` (Debian's package; `.ci/run` installs it and sets `ZLINK_REQUIRE_BROWSER`).
//! Without it the test says so and passes, unless `ZLINK_REQUIRE_BROWSER` is set.

use std::path::{Path, PathBuf};
use std::process::Command;

use zlink_puzzle::find_kind;

const SCALE: f64 = 4.0;

/// One small puzzle per registered kind, with numbers to draw.
fn sample(kind: &str) -> &'static str {
    match kind {
        "sudoku" | "minclue" | "minclue-minimal" => {
            "621943758783615492594728361142879635357461289869532174238197546916354827475286913\n"
        }
        "slitherlink" => "https://puzz.link/p?slither/5/5/cbcbcddad\n",
        "hashi" => "2.3\n...\n1.2\n",
        "numberlink" => "3 4\n- - 1\n- 2 -\n- 1 -\n2 - -\n",
        "battleship" => "6 6 3 2 1\n1 2 1 3 0 3\n2 0 2 1 1 4\n- - w - - -\n- - - - - -\n- o - o - -\n- - - - - n\n- - - - - -\n- - - - - -\n",
        // without a solution: the header (names with ascenders, no descenders) and house numbers
        "zebra" => "colour: red blue\nhat: ah bob\n",
        "circuit" => "s o o\n\no o t\n",
        other => panic!("no SVG sample for the new kind `{other}`: add one here"),
    }
}

fn chromium() -> Option<PathBuf> {
    [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|p| p.exists())
}

/// The browser, or `None` (the test then passes, saying so) when none is installed and
/// `ZLINK_REQUIRE_BROWSER` is not set.
fn browser_or_skip() -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        assert!(
            std::env::var_os("ZLINK_REQUIRE_BROWSER").is_none(),
            "ZLINK_REQUIRE_BROWSER is set but chromium is not installed"
        );
        eprintln!("svg_browser: chromium not installed; skipped (apt-get install chromium)");
    }
    found
}

fn attr(tag: &str, name: &str) -> Option<f64> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    tag[at..].split('"').next()?.parse().ok()
}

/// (x, y, font size, text) of every `<text>`.
fn texts(svg: &str) -> Vec<(f64, f64, f64, String)> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let (tag, rest) = t.split_once('>')?;
            let body = rest.split("</text>").next()?.to_string();
            Some((
                attr(tag, "x")?,
                attr(tag, "y")?,
                attr(tag, "font-size")?,
                body,
            ))
        })
        .collect()
}

fn screenshot(browser: &Path, svg: &str, dir: &Path, name: &str) -> (u32, u32, Vec<[u8; 3]>) {
    let head = svg.split('>').next().unwrap();
    let (w, h) = (attr(head, "width").unwrap(), attr(head, "height").unwrap());
    let svg_path = dir.join(format!("{name}.svg"));
    let png_path = dir.join(format!("{name}.png"));
    std::fs::write(&svg_path, svg).unwrap();
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            &format!("--force-device-scale-factor={SCALE}"),
            &format!("--window-size={},{}", w.ceil(), h.ceil()),
            &format!("--screenshot={}", png_path.display()),
            &format!("file://{}", svg_path.display()),
        ])
        .output()
        .unwrap();
    assert!(
        png_path.exists(),
        "{name}: no screenshot: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&png_path).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let step = info.color_type.samples();
    let px = buf[..info.buffer_size()]
        .chunks(step)
        .map(|p| {
            if step >= 3 {
                [p[0], p[1], p[2]]
            } else {
                [p[0]; 3]
            }
        })
        .collect();
    (info.width, info.height, px)
}

/// The centre of the ink around `(x, y)` (user units), within a box fitted to the text.
fn ink_centre(
    (w, h, px): &(u32, u32, Vec<[u8; 3]>),
    (x, y, size, text): &(f64, f64, f64, String),
) -> Option<(f64, f64)> {
    let half_w = 0.35 * size * text.chars().count() as f64 + 0.1 * size;
    let half_h = 0.55 * size;
    let x0 = ((x - half_w) * SCALE).max(0.0) as u32;
    let x1 = (((x + half_w) * SCALE) as u32).min(w - 1);
    let y0 = ((y - half_h) * SCALE).max(0.0) as u32;
    let y1 = (((y + half_h) * SCALE) as u32).min(h - 1);
    let at = |i: u32, j: u32| px[(j * w + i) as usize];
    let mut counts = std::collections::HashMap::new();
    for j in y0..=y1 {
        for i in x0..=x1 {
            *counts.entry(at(i, j)).or_insert(0u32) += 1;
        }
    }
    let bg = counts.into_iter().max_by_key(|&(_, n)| n)?.0;
    let differs = |p: [u8; 3]| (0..3).any(|k| p[k].abs_diff(bg[k]) > 96);
    let (mut lo, mut hi) = ((u32::MAX, u32::MAX), (0, 0));
    for j in y0..=y1 {
        for i in x0..=x1 {
            if differs(at(i, j)) {
                lo = (lo.0.min(i), lo.1.min(j));
                hi = (hi.0.max(i), hi.1.max(j));
            }
        }
    }
    (lo.0 <= hi.0).then(|| {
        (
            (f64::from(lo.0 + hi.0) + 1.0) / 2.0 / SCALE,
            (f64::from(lo.1 + hi.1) + 1.0) / 2.0 / SCALE,
        )
    })
}

#[test]
fn every_kinds_numbers_are_centred_in_chromium() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("zlink-svg-browser-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut checked = 0;
    for kind in zlink_engines::registry::registry() {
        let name = kind.name();
        let k = find_kind(zlink_engines::registry::registry(), name).unwrap();
        let inst = k.load(sample(name), "sample").unwrap().remove(0);
        let svg = inst.render_svg(None);
        let texts = texts(&svg);
        assert!(!texts.is_empty(), "{name}: the picture has no numbers");
        let shot = screenshot(&browser, &svg, &dir, name);
        for t in &texts {
            let (cx, cy) = ink_centre(&shot, t)
                .unwrap_or_else(|| panic!("{name}: no ink for {:?} at ({}, {})", t.3, t.0, t.1));
            let size = t.2;
            assert!(
                (cy - t.1).abs() <= 0.08 * size && (cx - t.0).abs() <= 0.12 * size,
                "{name}: {:?} meant for ({}, {}) has its ink centred at ({cx:.2}, {cy:.2}) \
                 (font size {size})",
                t.3,
                t.0,
                t.1
            );
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The CIELAB distance (CIE76 ΔE) of two sRGB colours, computed here from the sRGB and CIELAB
/// (D65) definitions, independently of the palette's own code under test.
fn delta_e(a: [u8; 3], b: [u8; 3]) -> f64 {
    let lab = |c: [u8; 3]| {
        let [r, g, b] = c.map(|v| {
            let c = f64::from(v) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        });
        let xyz = [
            (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
            0.2126 * r + 0.7152 * g + 0.0722 * b,
            (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
        ];
        let [fx, fy, fz] = xyz.map(|t| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        });
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    };
    let (p, q) = (lab(a), lab(b));
    (0..3).map(|i| (p[i] - q[i]).powi(2)).sum::<f64>().sqrt()
}

/// The most common colour of the screenshot in the ring of radii 0.75 r to 0.92 r (user
/// units) around `(x, y)`: a dot's fill, outside its label and its outline.
fn fill_at((w, h, px): &(u32, u32, Vec<[u8; 3]>), x: f64, y: f64, r: f64) -> [u8; 3] {
    let (x0, x1) = (
        ((x - r) * SCALE) as u32,
        (((x + r) * SCALE) as u32).min(w - 1),
    );
    let (y0, y1) = (
        ((y - r) * SCALE) as u32,
        (((y + r) * SCALE) as u32).min(h - 1),
    );
    let mut counts = std::collections::HashMap::new();
    for j in y0..=y1 {
        for i in x0..=x1 {
            let (dx, dy) = (f64::from(i) / SCALE - x, f64::from(j) / SCALE - y);
            let d = (dx * dx + dy * dy).sqrt();
            if (0.75 * r..=0.92 * r).contains(&d) {
                *counts.entry(px[(j * w + i) as usize]).or_insert(0u32) += 1;
            }
        }
    }
    counts.into_iter().max_by_key(|&(_, n)| n).unwrap().0
}

/// Issue 36: the colours of 30 Numberlink pairs, as Chromium draws them, are the palette's
/// (within rounding) and stay apart: at least 20 ΔE (CIELAB) between any two pairs.
#[test]
fn thirty_numberlink_pairs_have_distinct_colours_in_chromium() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    // 2 rows, 30 columns: pair c in column c, its two ends one above the other
    let row: Vec<String> = (1..=30).map(|c| c.to_string()).collect();
    let row = row.join(" ");
    let text = format!("2 30\n{row}\n{row}\n");
    let k = find_kind(zlink_engines::registry::registry(), "numberlink").unwrap();
    let svg = k.load(&text, "pairs").unwrap().remove(0).render_svg(None);
    let dots: Vec<(f64, f64, f64, [u8; 3])> = svg
        .lines()
        .filter(|l| l.starts_with("<circle"))
        .map(|l| {
            let fill = l.split("fill=\"#").nth(1).unwrap();
            let hex = |i: usize| u8::from_str_radix(&fill[i..i + 2], 16).unwrap();
            let (x, y, r) = (attr(l, "cx"), attr(l, "cy"), attr(l, "r"));
            (x.unwrap(), y.unwrap(), r.unwrap(), [hex(0), hex(2), hex(4)])
        })
        .collect();
    assert_eq!(dots.len(), 60, "two ends of 30 pairs");
    let dir = std::env::temp_dir().join(format!("zlink-svg-palette-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shot = screenshot(&browser, &svg, &dir, "pairs");
    let drawn: Vec<[u8; 3]> = dots
        .iter()
        .map(|&(x, y, r, want)| {
            let got = fill_at(&shot, x, y, r);
            assert!(
                (0..3).all(|i| got[i].abs_diff(want[i]) <= 8),
                "the dot at ({x}, {y}) is drawn {got:?}, meant {want:?}"
            );
            got
        })
        .collect();
    let mut nearest = f64::MAX;
    for a in 0..30 {
        for b in a + 1..30 {
            nearest = nearest.min(delta_e(drawn[2 * a], drawn[2 * b]));
        }
    }
    assert!(
        nearest >= 20.0,
        "two of 30 pair colours are only {nearest:.1} ΔE apart"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
