//! Serialization: a portable node list ([`SerialZdd`], JSON via serde) and a compact binary
//! format, both for several roots at once, plus the error type for corrupt input.
//!
//! Both formats list the reachable nodes bottom-up (children before parents), so loading is a
//! single iterative pass through [`Zdd::node`] (which re-reduces and re-shares everything).
//!
//! Binary layout (all integers LEB128 varints): magic `b"ZLZD"`, version byte `1`,
//! `num_vars`, node count, then per node `var`, `lo`, `hi`, then the root count and the roots.
//! A child or root reference `c` is `0`/`1` for the terminals and otherwise `2 + d`, where `d`
//! is the distance back from the current node position (`k - 1 - j` for node `j` referenced
//! from position `k`; roots use `k` = node count), so local references stay small.

use serde::{Deserialize, Serialize};

use crate::node::{BudgetExceeded, NodeId};
use crate::store::Zdd;
use crate::topo::Topo;

const MAGIC: &[u8; 4] = b"ZLZD";
const VERSION: u8 = 1;

/// Why serialized input could not be loaded. Loading never panics on garbage.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// The input does not start with the magic bytes `ZLZD`.
    #[error("not a zlink ZDD file (bad magic bytes)")]
    BadMagic,
    /// The format version is not supported.
    #[error("unsupported ZDD format version {0} (expected 1)")]
    UnsupportedVersion(u8),
    /// The input ends inside a value.
    #[error("truncated input at byte {offset}")]
    Truncated {
        /// Byte offset where more input was expected.
        offset: usize,
    },
    /// A varint does not fit in 32 bits.
    #[error("integer too large at byte {offset}")]
    Overflow {
        /// Byte offset of the varint.
        offset: usize,
    },
    /// Bytes remain after the last root.
    #[error("trailing bytes at byte {offset}")]
    TrailingBytes {
        /// Byte offset of the first extra byte.
        offset: usize,
    },
    /// A node tests a variable outside `0..num_vars`.
    #[error("node {node}: variable {var} is outside 0..{num_vars}")]
    VarOutOfRange {
        /// Position of the node in the list.
        node: usize,
        /// Its variable.
        var: u32,
        /// The declared number of variables.
        num_vars: u32,
    },
    /// A reference points to a node that is not listed before it.
    #[error("{what}: reference {reference} points to no earlier node")]
    BadReference {
        /// Which node or root holds the reference.
        what: String,
        /// The reference value as stored.
        reference: u64,
    },
    /// A child tests a variable not larger than its parent's.
    #[error("node {node}: child tests variable {child_var}, not larger than {var}")]
    Order {
        /// Position of the node in the list.
        node: usize,
        /// Its variable.
        var: u32,
        /// The child's variable.
        child_var: u32,
    },
    /// The JSON text is malformed.
    #[error("invalid JSON: {0}")]
    Json(String),
    /// Loading would exceed the store's node budget.
    #[error(transparent)]
    Budget(#[from] BudgetExceeded),
}

/// A portable list of nodes with several roots (the JSON form).
///
/// `nodes[k] = [var, lo, hi]`; a reference is `0`/`1` for the terminals or `2 + j` for
/// `nodes[j]` with `j < k` (roots may reference any node).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SerialZdd {
    /// The universe size.
    pub num_vars: u32,
    /// Nodes, children before parents.
    pub nodes: Vec<[u32; 3]>,
    /// The exported families.
    pub roots: Vec<u32>,
}

impl Zdd {
    /// The nodes reachable from `roots` as a [`SerialZdd`]. Iterative.
    pub fn export(&self, roots: &[NodeId]) -> SerialZdd {
        let topo = Topo::new(self, roots);
        let nodes = topo
            .ids()
            .map(|i| {
                let n = self.nodes.get(i as usize);
                [n.var, topo.slot(n.lo) as u32, topo.slot(n.hi) as u32]
            })
            .collect();
        let roots = roots.iter().map(|r| topo.slot(r.0) as u32).collect();
        SerialZdd {
            num_vars: self.num_vars,
            nodes,
            roots,
        }
    }

    /// Loads a [`SerialZdd`] into this store (growing `num_vars` if needed) and returns its
    /// roots, in order. Iterative.
    ///
    /// # Errors
    /// [`DecodeError`] for out-of-range variables, dangling references, misordered children,
    /// or an exceeded node budget.
    pub fn load(&mut self, s: &SerialZdd) -> Result<Vec<NodeId>, DecodeError> {
        self.set_num_vars(s.num_vars);
        let mut ids: Vec<NodeId> = Vec::with_capacity(s.nodes.len().min(1 << 20));
        let resolve = |ids: &[NodeId], r: u32, what: &dyn Fn() -> String| match r {
            0 => Ok(NodeId::ZERO),
            1 => Ok(NodeId::ONE),
            _ => ids
                .get(r as usize - 2)
                .copied()
                .ok_or_else(|| DecodeError::BadReference {
                    what: what(),
                    reference: u64::from(r),
                }),
        };
        for (k, &[var, lo, hi]) in s.nodes.iter().enumerate() {
            if var >= s.num_vars {
                return Err(DecodeError::VarOutOfRange {
                    node: k,
                    var,
                    num_vars: s.num_vars,
                });
            }
            let what = || format!("node {k}");
            let lo = resolve(&ids, lo, &what)?;
            let hi = resolve(&ids, hi, &what)?;
            for c in [lo, hi] {
                let child_var = self.var(c);
                if child_var <= var {
                    return Err(DecodeError::Order {
                        node: k,
                        var,
                        child_var,
                    });
                }
            }
            ids.push(self.node(var, lo, hi)?);
        }
        s.roots
            .iter()
            .enumerate()
            .map(|(k, &r)| resolve(&ids, r, &|| format!("root {k}")))
            .collect()
    }

    /// JSON text of [`Zdd::export`].
    pub fn to_json(&self, roots: &[NodeId]) -> String {
        serde_json::to_string(&self.export(roots)).unwrap_or_default()
    }

    /// Loads JSON written by [`Zdd::to_json`].
    ///
    /// # Errors
    /// [`DecodeError::Json`] for malformed text, otherwise as [`Zdd::load`].
    pub fn from_json(&mut self, text: &str) -> Result<Vec<NodeId>, DecodeError> {
        let s: SerialZdd =
            serde_json::from_str(text).map_err(|e| DecodeError::Json(e.to_string()))?;
        self.load(&s)
    }

    /// The compact binary form of the families at `roots` (see the module docs).
    pub fn to_bytes(&self, roots: &[NodeId]) -> Vec<u8> {
        let s = self.export(roots);
        let mut out = Vec::with_capacity(8 + 4 * s.nodes.len());
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        put_varint(&mut out, u64::from(s.num_vars));
        put_varint(&mut out, s.nodes.len() as u64);
        let rel = |k: usize, r: u32| -> u64 {
            if r < 2 {
                u64::from(r)
            } else {
                2 + (k - 1 - (r as usize - 2)) as u64
            }
        };
        for (k, &[var, lo, hi]) in s.nodes.iter().enumerate() {
            put_varint(&mut out, u64::from(var));
            put_varint(&mut out, rel(k, lo));
            put_varint(&mut out, rel(k, hi));
        }
        put_varint(&mut out, s.roots.len() as u64);
        for &r in &s.roots {
            put_varint(&mut out, rel(s.nodes.len(), r));
        }
        out
    }

    /// Loads bytes written by [`Zdd::to_bytes`] and returns the roots, in order.
    ///
    /// # Errors
    /// [`DecodeError`] for any malformed input (never panics).
    pub fn from_bytes(&mut self, bytes: &[u8]) -> Result<Vec<NodeId>, DecodeError> {
        let s = decode(bytes)?;
        self.load(&s)
    }
}

fn put_varint(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push((x as u8) | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn varint(&mut self) -> Result<u32, DecodeError> {
        let start = self.pos;
        let mut x: u64 = 0;
        for shift in (0..).step_by(7) {
            let b = *self
                .bytes
                .get(self.pos)
                .ok_or(DecodeError::Truncated { offset: self.pos })?;
            self.pos += 1;
            if shift >= 35 {
                return Err(DecodeError::Overflow { offset: start });
            }
            x |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                break;
            }
        }
        u32::try_from(x).map_err(|_| DecodeError::Overflow { offset: start })
    }
}

/// Decodes the binary form into a [`SerialZdd`] with absolute references.
fn decode(bytes: &[u8]) -> Result<SerialZdd, DecodeError> {
    if bytes.len() < 4 || &bytes[..4] != MAGIC {
        return Err(DecodeError::BadMagic);
    }
    let version = *bytes.get(4).ok_or(DecodeError::Truncated { offset: 4 })?;
    if version != VERSION {
        return Err(DecodeError::UnsupportedVersion(version));
    }
    let mut rd = Reader { bytes, pos: 5 };
    let num_vars = rd.varint()?;
    let count = rd.varint()? as usize;
    // Every node takes at least 3 bytes: reject absurd counts before allocating.
    if count > (bytes.len() - rd.pos) / 3 {
        return Err(DecodeError::Truncated {
            offset: bytes.len(),
        });
    }
    let abs = |k: usize, c: u32, what: &dyn Fn() -> String| -> Result<u32, DecodeError> {
        if c < 2 {
            return Ok(c);
        }
        let d = (c - 2) as usize;
        if d >= k {
            return Err(DecodeError::BadReference {
                what: what(),
                reference: u64::from(c),
            });
        }
        Ok((k - 1 - d) as u32 + 2)
    };
    let mut nodes = Vec::with_capacity(count);
    for k in 0..count {
        let var = rd.varint()?;
        let what = || format!("node {k}");
        let lo = abs(k, rd.varint()?, &what)?;
        let hi = abs(k, rd.varint()?, &what)?;
        nodes.push([var, lo, hi]);
    }
    let nroots = rd.varint()? as usize;
    if nroots > bytes.len() - rd.pos {
        return Err(DecodeError::Truncated {
            offset: bytes.len(),
        });
    }
    let mut roots = Vec::with_capacity(nroots);
    for k in 0..nroots {
        roots.push(abs(count, rd.varint()?, &|| format!("root {k}"))?);
    }
    if rd.pos != bytes.len() {
        return Err(DecodeError::TrailingBytes { offset: rd.pos });
    }
    Ok(SerialZdd {
        num_vars,
        nodes,
        roots,
    })
}
