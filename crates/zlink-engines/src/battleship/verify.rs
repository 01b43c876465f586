//! The independent rule checker: it looks only at the ships handed in, never at a model.
//!
//! Checks, in order: every ship lies inside the grid; no two ships share or touch a cell (also
//! diagonally); the fleet has the right number of ships of each length; every row and column
//! holds its number of ship cells; every given cell shows the part the ships put there.

use zlink_puzzle::Violation;

use super::{Battleship, Fleet, Part};

/// The part of every cell under `fleet`, row-major, or the first ship that leaves the grid or
/// meets another one.
///
/// # Errors
/// A ship outside the grid, or two ships overlapping or touching.
pub fn parts(b: &Battleship, fleet: &Fleet) -> Result<Vec<Part>, Violation> {
    let (rows, cols) = (b.rows(), b.cols());
    let mut owner: Vec<Option<usize>> = vec![None; rows * cols];
    let mut parts = vec![Part::Water; rows * cols];
    for (s, ship) in fleet.ships.iter().enumerate() {
        if ship.len == 0 {
            return Err(Violation::new(format!("ship {} has length 0", s + 1)));
        }
        let (end_r, end_c) = if ship.vertical {
            (ship.row + ship.len - 1, ship.col)
        } else {
            (ship.row, ship.col + ship.len - 1)
        };
        if end_r >= rows || end_c >= cols {
            return Err(Violation::new(format!(
                "the ship of length {} at row {}, column {} leaves the grid",
                ship.len,
                ship.row + 1,
                ship.col + 1
            )));
        }
        for (r, c, part) in ship.cells() {
            for dr in -1i64..=1 {
                for dc in -1i64..=1 {
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    if nr < 0 || nc < 0 || nr >= rows as i64 || nc >= cols as i64 {
                        continue;
                    }
                    if let Some(o) = owner[nr as usize * cols + nc as usize] {
                        if o != s {
                            return Err(Violation::new(format!(
                                "two ships touch at row {}, column {}",
                                r + 1,
                                c + 1
                            )));
                        }
                    }
                }
            }
            owner[r * cols + c] = Some(s);
            parts[r * cols + c] = part;
        }
    }
    Ok(parts)
}

/// Check `fleet` against the rules and the clues of `b`.
///
/// # Errors
/// The first broken rule.
pub fn verify(b: &Battleship, fleet: &Fleet) -> Result<(), Violation> {
    let parts = parts(b, fleet)?;
    let (rows, cols) = (b.rows(), b.cols());
    let longest = fleet.ships.iter().map(|s| s.len).max().unwrap_or(0);
    for len in 1..=longest.max(b.fleet().len()) {
        let have = fleet.ships.iter().filter(|s| s.len == len).count();
        let want = b.fleet().get(len - 1).copied().unwrap_or(0);
        if have != want {
            return Err(Violation::new(format!(
                "{have} ships of length {len}, the fleet has {want}"
            )));
        }
    }
    for r in 0..rows {
        let n = (0..cols)
            .filter(|&c| parts[r * cols + c] != Part::Water)
            .count();
        if n != b.row_sums()[r] {
            return Err(Violation::new(format!(
                "row {} has {n} ship cells, its number is {}",
                r + 1,
                b.row_sums()[r]
            )));
        }
    }
    for c in 0..cols {
        let n = (0..rows)
            .filter(|&r| parts[r * cols + c] != Part::Water)
            .count();
        if n != b.col_sums()[c] {
            return Err(Violation::new(format!(
                "column {} has {n} ship cells, its number is {}",
                c + 1,
                b.col_sums()[c]
            )));
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if let Some(h) = b.hint(r, c) {
                if parts[r * cols + c] != h {
                    return Err(Violation::new(format!(
                        "row {}, column {} is given as {:?} but holds {:?}",
                        r + 1,
                        c + 1,
                        h,
                        parts[r * cols + c]
                    )));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::Ship;
    use super::*;

    fn ship(row: usize, col: usize, len: usize, vertical: bool) -> Ship {
        Ship {
            row,
            col,
            len,
            vertical,
        }
    }

    #[test]
    fn catches_each_rule() {
        let b = Battleship::new(vec![2, 0, 1], vec![1, 1, 1], vec![1, 1], {
            let mut h = vec![None; 9];
            h[8] = Some(Part::Sub);
            h
        });
        let good = Fleet::new(vec![ship(0, 0, 2, false), ship(2, 2, 1, false)]);
        assert!(verify(&b, &good).is_ok());
        let touching = Fleet::new(vec![ship(0, 0, 2, false), ship(1, 2, 1, false)]);
        assert!(verify(&b, &touching).unwrap_err().message.contains("touch"));
        let outside = Fleet::new(vec![ship(0, 2, 2, false), ship(2, 0, 1, false)]);
        assert!(verify(&b, &outside).unwrap_err().message.contains("leaves"));
        let wrong_fleet = Fleet::new(vec![ship(0, 0, 1, false), ship(2, 2, 1, false)]);
        assert!(verify(&b, &wrong_fleet)
            .unwrap_err()
            .message
            .contains("ships of length"));
        let wrong_hint = Fleet::new(vec![ship(0, 1, 2, false), ship(2, 0, 1, false)]);
        assert!(verify(&b, &wrong_hint).is_err());
    }
}
