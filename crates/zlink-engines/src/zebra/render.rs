//! Zebra pictures: without a solution, the puzzle in its text format (re-readable); with one,
//! the solution table (one row per house, one column per attribute, as the report's Table
//! 7.4), as aligned text or as an SVG table.

use std::fmt::Write;

use zlink_puzzle::svg::DIGIT_DY;

use super::{Table, Zebra};

/// The cells of the solution table: a header row, then one row per house.
fn rows(z: &Zebra, t: &Table) -> Vec<Vec<String>> {
    let mut out = vec![std::iter::once("house".to_string())
        .chain(z.attributes().iter().map(|a| a.name.clone()))
        .collect::<Vec<_>>()];
    for h in 0..z.houses() {
        let mut row = vec![(h + 1).to_string()];
        for (a, attr) in z.attributes().iter().enumerate() {
            let v = t.houses.get(a).and_then(|r| r.get(h)).copied();
            row.push(
                v.and_then(|v| attr.values.get(v))
                    .cloned()
                    .unwrap_or_else(|| "?".into()),
            );
        }
        out.push(row);
    }
    out
}

/// Column widths in characters.
fn widths(rows: &[Vec<String>]) -> Vec<usize> {
    let cols = rows.first().map_or(0, Vec::len);
    (0..cols)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect()
}

/// The puzzle text, or the solution table.
pub fn text(z: &Zebra, solution: Option<&Table>) -> String {
    let Some(t) = solution else {
        return z.to_text();
    };
    let rows = rows(z, t);
    let w = widths(&rows);
    let mut out = String::new();
    for r in &rows {
        let cells: Vec<String> = r.iter().zip(&w).map(|(s, &w)| format!("{s:<w$}")).collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An SVG table of the solution (or, without one, of the attributes with blank houses).
pub fn svg(z: &Zebra, solution: Option<&Table>) -> String {
    let rows = match solution {
        Some(t) => rows(z, t),
        None => {
            let mut r = rows(z, &Table { houses: Vec::new() });
            for row in r.iter_mut().skip(1) {
                for c in row.iter_mut().skip(1) {
                    c.clear();
                }
            }
            r
        }
    };
    let (char_w, line_h, pad) = (9.0, 28.0, 10.0);
    let w = widths(&rows);
    let mut xs = vec![pad];
    for &cw in &w {
        let last = xs[xs.len() - 1];
        xs.push(last + cw.max(1) as f64 * char_w + 2.0 * pad);
    }
    let (width, height) = (
        xs[xs.len() - 1] + pad,
        (rows.len() as f64) * line_h + 2.0 * pad,
    );
    let mut body = String::new();
    let _ = writeln!(
        body,
        r##"<rect x="{pad}" y="{pad}" width="{}" height="{line_h}" fill="#eee"/>"##,
        width - 2.0 * pad
    );
    for r in 0..=rows.len() {
        let y = pad + r as f64 * line_h;
        let _ = writeln!(
            body,
            r##"<line x1="{pad}" y1="{y}" x2="{}" y2="{y}" stroke="#888"/>"##,
            width - pad
        );
    }
    for &x in &xs {
        let _ = writeln!(
            body,
            r##"<line x1="{x}" y1="{pad}" x2="{x}" y2="{}" stroke="#888"/>"##,
            height - pad
        );
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate().filter(|(_, t)| !t.is_empty()) {
            let weight = if r == 0 || c == 0 { "bold" } else { "normal" };
            // centred in its cell, baseline shifted as for every kind's SVG text
            let _ = writeln!(
                body,
                r#"<text x="{}" y="{}" font-family="sans-serif" font-size="15" font-weight="{weight}" text-anchor="middle" dy="{DIGIT_DY}em">{}</text>"#,
                (xs[c] + xs[c + 1]) / 2.0,
                pad + (r as f64 + 0.5) * line_h,
                escape(cell)
            );
        }
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n{body}</svg>\n"
    )
}
