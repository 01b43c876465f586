//! Writing a Battleship in the two formats [`super::parse`] reads: a Janko block and a CSPLib
//! `problem(…).` fact, so that `render --format` converts between them (issue 36).

use super::{Battleship, Part};

impl Part {
    /// The CSPLib hint letter (`w c m t b l r`).
    pub fn csplib(self) -> char {
        match self {
            Part::Water => 'w',
            Part::Sub => 'c',
            Part::Middle => 'm',
            Part::Top => 't',
            Part::Bottom => 'b',
            Part::Left => 'l',
            Part::Right => 'r',
        }
    }
}

fn joined(v: &[usize], sep: &str) -> String {
    v.iter().map(usize::to_string).collect::<Vec<_>>().join(sep)
}

/// The Janko block: `rows cols` and the fleet (ships of length 1, 2, …), the column sums, the
/// row sums, then the grid (`-` blank, else the part's letter).
pub fn janko(b: &Battleship) -> String {
    let mut header = format!("{} {}", b.rows, b.cols);
    for n in &b.fleet {
        header.push_str(&format!(" {n}"));
    }
    header.push_str(&format!(
        "\n{}\n{}",
        joined(&b.col_sums, " "),
        joined(&b.row_sums, " ")
    ));
    crate::janko::write_block(&header, b.rows, b.cols, |r, c| {
        b.hint(r, c).map_or("-".into(), |p| p.janko().to_string())
    })
}

/// The CSPLib fact `problem(id, Fleet, RowSums, ColSums, Hints).` (every length of the fleet,
/// longest first, as `len:count`; hints `type@[row,col]`, 1-based).
pub fn csplib(b: &Battleship, id: usize) -> String {
    let fleet: Vec<String> = (1..=b.fleet.len())
        .rev()
        .map(|len| format!("{len}:{}", b.fleet[len - 1]))
        .collect();
    let hints: Vec<String> = (0..b.rows)
        .flat_map(|r| (0..b.cols).map(move |c| (r, c)))
        .filter_map(|(r, c)| {
            b.hint(r, c)
                .map(|p| format!("{}@[{},{}]", p.csplib(), r + 1, c + 1))
        })
        .collect();
    format!(
        "problem({id},\n\t[{}],\n\t[{}],\n\t[{}],\n\t[{}]).\n",
        fleet.join(","),
        joined(&b.row_sums, ","),
        joined(&b.col_sums, ","),
        hints.join(",")
    )
}
