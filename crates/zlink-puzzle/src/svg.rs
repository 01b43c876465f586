//! A tiny SVG writer that puzzles share: a canvas of square cells with grid lines, text in
//! cells, lines between cell centres or lattice points, and dots.
//!
//! ```
//! use zlink_puzzle::svg::SvgGrid;
//! let mut s = SvgGrid::new(2, 2, 30.0);
//! s.grid_lines(1.0);
//! s.cell_text(0, 1, "7", "black", false);
//! let svg = s.finish();
//! assert!(svg.starts_with("<svg") && svg.contains(">7</text>"));
//! ```

use std::fmt::Write;

/// Baseline shift (in em) that centres a digit's ink on the text's `y`: half the height of a
/// sans-serif digit.
pub const DIGIT_DY: f64 = 0.36;

/// An SVG picture of a `rows × cols` cell grid with a margin of half a cell.
#[derive(Debug, Clone)]
pub struct SvgGrid {
    rows: usize,
    cols: usize,
    cell: f64,
    margin: f64,
    body: String,
}

impl SvgGrid {
    /// A blank canvas, `cell` pixels per cell.
    pub fn new(rows: usize, cols: usize, cell: f64) -> Self {
        Self {
            rows,
            cols,
            cell,
            margin: cell / 2.0,
            body: String::new(),
        }
    }

    /// Pixel x of lattice column `c` (the left edge of cell column `c`).
    pub fn x(&self, c: f64) -> f64 {
        self.margin + c * self.cell
    }

    /// Pixel y of lattice row `r`.
    pub fn y(&self, r: f64) -> f64 {
        self.margin + r * self.cell
    }

    /// The thin lines between all cells plus a border, `width` pixels wide.
    pub fn grid_lines(&mut self, width: f64) {
        for r in 0..=self.rows {
            self.lattice_line(r as f64, 0.0, r as f64, self.cols as f64, "#888", width);
        }
        for c in 0..=self.cols {
            self.lattice_line(0.0, c as f64, self.rows as f64, c as f64, "#888", width);
        }
        self.border(2.0 * width);
    }

    /// A black border around the whole grid.
    pub fn border(&mut self, width: f64) {
        let (w, h) = (self.cols as f64 * self.cell, self.rows as f64 * self.cell);
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{w}" height="{h}" fill="none" stroke="black" stroke-width="{width}"/>"#,
            self.margin, self.margin
        );
    }

    /// A straight line between lattice points `(r1, c1)` and `(r2, c2)` (fractions allowed,
    /// so `(r + 0.5, c + 0.5)` is a cell centre).
    pub fn lattice_line(&mut self, r1: f64, c1: f64, r2: f64, c2: f64, color: &str, width: f64) {
        let (x1, y1, x2, y2) = (self.x(c1), self.y(r1), self.x(c2), self.y(r2));
        let _ = writeln!(
            self.body,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{color}" stroke-width="{width}" stroke-linecap="round"/>"#
        );
    }

    /// A filled circle at lattice point `(r, c)` with radius `radius` in cell units.
    pub fn dot(&mut self, r: f64, c: f64, radius: f64, fill: &str, stroke: &str) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}"/>"#,
            self.x(c),
            self.y(r),
            radius * self.cell
        );
    }

    /// A filled cell (background shading).
    pub fn fill_cell(&mut self, r: usize, c: usize, fill: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{s}" height="{s}" fill="{fill}"/>"#,
            self.x(c as f64),
            self.y(r as f64),
            s = self.cell
        );
    }

    /// Text centred in cell `(r, c)`; `bold` for givens.
    ///
    /// `y` is the cell's centre and the baseline is shifted down by [`DIGIT_DY`] em, so that a
    /// digit's ink (which sits on the baseline, about 0.73 em tall) is centred. The
    /// `dominant-baseline="central"` this replaces centres the em box instead, which put digits
    /// above centre in librsvg; `dy` means the same in every renderer
    /// (`tests/svg_browser.rs` checks the ink's centre in headless Chromium).
    pub fn cell_text(&mut self, r: usize, c: usize, text: &str, color: &str, bold: bool) {
        let size = self.cell * if text.chars().count() > 1 { 0.5 } else { 0.65 };
        let weight = if bold { "bold" } else { "normal" };
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-family="sans-serif" font-size="{size}" font-weight="{weight}" fill="{color}" text-anchor="middle" dy="{DIGIT_DY}em">{}</text>"#,
            self.x(c as f64 + 0.5),
            self.y(r as f64 + 0.5),
            escape(text)
        );
    }

    /// The finished document.
    pub fn finish(self) -> String {
        let w = self.cols as f64 * self.cell + 2.0 * self.margin;
        let h = self.rows as f64 * self.cell + 2.0 * self.margin;
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n{}</svg>\n",
            self.body
        )
    }
}

/// Escape `&`, `<`, `>` and `"` for SVG text.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_lines_text_and_escapes() {
        let mut s = SvgGrid::new(1, 2, 10.0);
        s.grid_lines(1.0);
        s.fill_cell(0, 0, "#eee");
        s.dot(0.0, 0.0, 0.1, "black", "none");
        s.cell_text(0, 0, "<", "black", true);
        let out = s.finish();
        assert_eq!(out.matches("<line").count(), 2 + 3);
        assert!(out.contains("&lt;</text>"));
        assert!(out.contains(r#"width="30""#));
    }
}
