//! `mesh.update_halo` in an SPMD program (`import/spmd.rs`), as the StableHLO ops
//! every device runs to do it (the executor's `Device::update_halo` semantics, after
//! MLIR's lowering of the op):
//!
//! 1. the destination with the source's core copied in: per split dimension, the
//!    destination's halos sliced off and joined back around the core (recursively,
//!    so the core is a block in every split dimension);
//! 2. per split dimension in order, over the device groups of its mesh axes: the lo
//!    halo becomes the previous member's last `lo` core rows (a `collective_permute`
//!    to the next member) and the hi halo the next member's first `hi` (one to the
//!    previous); the first and last members keep their outer halos — each sends
//!    itself those rows in a second `collective_permute`, whose zeros elsewhere add
//!    to the exchanged rows. Each exchange spans the halos already refilled, so
//!    corners come from the diagonal neighbours.

use super::Importer;
use crate::ast::Operation;
use autoshard_mesh::{UpdateHalo, mesh_op};
use autoshard_model::Diagnostic;
use autoshard_model::ValueId;
use autoshard_model::ops::{BinaryOp, CollectivePermute, Concatenate, OpKind, Slice};

/// One split dimension: its index, the destination's and the source's halos, the
/// core's size and its device groups (device ids, in group order).
struct SplitDim {
    d: usize,
    halo: (i64, i64),
    source_halo: (i64, i64),
    core: i64,
    groups: Vec<Vec<i64>>,
}

impl Importer<'_> {
    /// `mesh.update_halo` (see the module docs), its result bound to the op's.
    pub(super) fn spmd_update_halo(&mut self, op: &Operation, text: &str) -> Result<(), Diagnostic> {
        let file = self.file.clone();
        let fail = |m: String| crate::error(&file, op.loc.clone(), format!("{m} (in '{text}')"));
        let result = op.result_ids().into_iter().next().unwrap_or_default();
        let halo: UpdateHalo = self.parse_spmd_op(op, text)?;
        let mesh = mesh_op(&halo.mesh, &self.dialect_mesh(op, &halo.mesh)?);
        let source = self.value_named(&halo.source, op.loc.clone())?;
        let destination = self.value_named(&halo.destination, op.loc.clone())?;
        let (src_shape, dst_shape) =
            (self.builder.type_of(source).shape.clone(), self.builder.type_of(destination).shape.clone());
        let split: Vec<usize> = (0..halo.split_axes.len()).filter(|&d| !halo.split_axes[d].is_empty()).collect();
        let pairs = |list: &[i64], what: &str| -> Result<Vec<(i64, i64)>, Diagnostic> {
            match list.len() {
                0 => Ok(vec![(0, 0); split.len()]),
                n if n == 2 * split.len() => Ok(list.chunks(2).map(|c| (c[0], c[1])).collect()),
                n => Err(fail(format!("{what} has {n} sizes, but {} split dimensions need two each", split.len()))),
            }
        };
        let (source_halos, halos) = (
            pairs(&halo.source_halo_sizes, "source_halo_sizes")?,
            pairs(&halo.destination_halo_sizes, "destination_halo_sizes")?,
        );
        if src_shape.len() != dst_shape.len() || split.iter().any(|&d| d >= dst_shape.len()) {
            return Err(fail(format!("split_axes {:?} do not fit the source and destination", halo.split_axes)));
        }
        let mut dims = Vec::with_capacity(split.len());
        for ((&d, &h), &s) in split.iter().zip(&halos).zip(&source_halos) {
            let core = dst_shape[d] - h.0 - h.1;
            if core < h.0.max(h.1) || src_shape[d] - s.0 - s.1 != core {
                return Err(fail(format!(
                    "dimension {d}: a core of {core} (destination {}, halos {h:?}; source {}, halos {s:?}) must \
                     be the source's and at least each halo",
                    dst_shape[d], src_shape[d]
                )));
            }
            let groups = self.device_groups(&mesh, &halo.split_axes[d]);
            dims.push(SplitDim { d, halo: h, source_halo: s, core, groups });
        }
        let mut emit = Emit { importer: self, op, result: &result, count: 0 };
        let mut out = emit.core_copied(destination, source, &dims)?;
        for dim in &dims {
            out = emit.exchange(out, dim)?;
        }
        self.bind_spmd_result(op, &result, out, &halo.result_type)
    }
}

/// Adds the ops of one `update_halo`, named after its result.
struct Emit<'i, 'a, 'o> {
    importer: &'i mut Importer<'a>,
    op: &'o Operation,
    result: &'o str,
    count: usize,
}

impl Emit<'_, '_, '_> {
    fn add(&mut self, kind: OpKind, operands: Vec<ValueId>) -> Result<ValueId, Diagnostic> {
        let name = format!("{}.halo{}", self.result, self.count);
        self.count += 1;
        self.importer.add_step(self.op, &name, kind, operands)
    }

    /// Rows `[from, to)` of `x` along `d`.
    fn rows(&mut self, x: ValueId, d: usize, (from, to): (i64, i64)) -> Result<ValueId, Diagnostic> {
        let shape = self.importer.builder.type_of(x).shape.clone();
        let (mut start_indices, mut limit_indices) = (vec![0; shape.len()], shape.clone());
        (start_indices[d], limit_indices[d]) = (from, to);
        let slice = Slice { start_indices, limit_indices, strides: vec![1; shape.len()] };
        self.add(OpKind::Slice(slice), vec![x])
    }

    /// `parts` (those with rows) joined along `d`.
    fn join(&mut self, parts: Vec<(ValueId, i64)>, d: usize) -> Result<ValueId, Diagnostic> {
        let parts: Vec<ValueId> = parts.into_iter().filter(|&(_, rows)| rows > 0).map(|(v, _)| v).collect();
        match parts.as_slice() {
            [one] => Ok(*one),
            _ => self.add(OpKind::Concatenate(Concatenate { dimension: d as i64 }), parts),
        }
    }

    /// `destination` with `source`'s core copied in, over split dimensions `dims`.
    fn core_copied(&mut self, destination: ValueId, source: ValueId, dims: &[SplitDim]) -> Result<ValueId, Diagnostic> {
        let Some((dim, rest)) = dims.split_first() else { return Ok(source) };
        let (d, (lo, hi), core) = (dim.d, dim.halo, dim.core);
        let source_core = self.rows(source, d, (dim.source_halo.0, dim.source_halo.0 + core))?;
        let middle = self.rows(destination, d, (lo, lo + core))?;
        let middle = self.core_copied(middle, source_core, rest)?;
        let before = self.rows(destination, d, (0, lo))?;
        let after = self.rows(destination, d, (lo + core, lo + core + hi))?;
        self.join(vec![(before, lo), (middle, core), (after, hi)], d)
    }

    /// `x` with its halos along `dim` refilled from its group's neighbours.
    fn exchange(&mut self, x: ValueId, dim: &SplitDim) -> Result<ValueId, Diagnostic> {
        let (d, (lo, hi), core) = (dim.d, dim.halo, dim.core);
        let step = |forward: bool| -> Vec<(i64, i64)> {
            let pairs = dim.groups.iter().flat_map(|g| g.windows(2).map(|w| (w[0], w[1])));
            pairs.map(|(a, b)| if forward { (a, b) } else { (b, a) }).collect()
        };
        let edge = |first: bool| -> Vec<(i64, i64)> {
            let ends = dim.groups.iter().filter_map(|g| if first { g.first() } else { g.last() });
            ends.map(|&e| (e, e)).collect()
        };
        // Each halo: the neighbour's core rows, or at the group's end the rows kept.
        let mut refill = |x: ValueId, sent: (i64, i64), kept: (i64, i64), forward: bool| {
            let (sent, kept) = (self.rows(x, d, sent)?, self.rows(x, d, kept)?);
            let permute =
                |pairs| OpKind::CollectivePermute(CollectivePermute { source_target_pairs: pairs, channel_id: 1 });
            let moved = self.add(permute(step(forward)), vec![sent])?;
            let kept = self.add(permute(edge(forward)), vec![kept])?;
            self.add(OpKind::Binary(BinaryOp::Add), vec![moved, kept])
        };
        let before = if lo > 0 { Some(refill(x, (core, core + lo), (0, lo), true)?) } else { None };
        let after = if hi > 0 { Some(refill(x, (lo, lo + hi), (lo + core, lo + core + hi), false)?) } else { None };
        let middle = self.rows(x, d, (lo, lo + core))?;
        let mut parts = before.map(|v| (v, lo)).into_iter().collect::<Vec<_>>();
        parts.push((middle, core));
        parts.extend(after.map(|v| (v, hi)));
        self.join(parts, d)
    }
}
