//! Index arithmetic in mesh-dialect programs (docs/mesh-dialect.md, "SPMD
//! programs"): the device's place on the mesh (`mesh.process_linear_index`,
//! `mesh.process_multi_index`), the mesh's shape (`mesh.mesh_shape`), a shard's
//! shape (`mesh.shard_shape`, where it is the same on every device), and the
//! scalar `arith` and `tensor` ops that turn them into the offsets StableHLO ops
//! take. An `index` is a 64-bit integer scalar (`tensor<i64>`); the running device's
//! linear index is `partition_id` (the model's per-device op, allowed in the body
//! of a manual computation over every axis, which an SPMD program is), and its
//! coordinates are divisions and remainders of it.
//!
//! The `arith` ops read: `constant` (an integer, a float or a boolean), `addi`,
//! `subi`, `muli`, `divsi`/`divui`, `remsi`/`remui`, `maxsi`/`maxui`,
//! `minsi`/`minui`, `addf`, `subf`, `mulf`, `divf`, `index_cast`/`index_castui`
//! and `sitofp`/`extsi`/`trunci`; the `tensor` ops: `from_elements` and `extract`.

use super::Importer;
use super::spmd_collectives::result_base;
use crate::ast::Operation;
use crate::ops::tensor_type;
use autoshard_mesh::{Dim, MeshQuery, QueryKind, ShardShapeOp, mesh_op, shard_shape};
use autoshard_model::ops::{BinaryOp, Concatenate, Constant, DynamicSlice, OpKind, Reshape};
use autoshard_model::{DType, Diagnostic, TensorType, ValueId};

impl Importer<'_> {
    /// An `arith.*` or `tensor.*` op (see the module docs).
    pub(super) fn index_op(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        let text = op.words.first().map_or(op.name.as_str(), |w| w.text.as_str()).to_string();
        let file = self.file.clone();
        let at = |m: String| crate::error(&file, op.loc.clone(), format!("{m} (in '{text}')"));
        let (head, ty) = text.rsplit_once(" : ").ok_or_else(|| at("expected ': TYPE' after the operands".into()))?;
        let operands: Vec<ValueId> =
            op.operands.iter().map(|o| self.value(o, op.loc.clone())).collect::<Result<_, _>>()?;
        let result = op.result_ids().first().cloned().unwrap_or_default();
        let value = match op.name.as_str() {
            "arith.constant" => {
                let literal = head.trim_start_matches("arith.constant").trim();
                let ty = scalar_type(ty).map_err(at)?;
                let value = number(literal).ok_or_else(|| at(format!("'{literal}' is not a number")))?;
                self.add_step(op, &result, OpKind::Constant(Constant { ty, values: vec![value] }), Vec::new())?
            }
            "arith.index_cast" | "arith.index_castui" | "arith.sitofp" | "arith.extsi" | "arith.trunci" => {
                let target = ty.rsplit_once(" to ").map_or(ty, |(_, t)| t);
                let dtype = scalar_type(target).map_err(at)?.dtype;
                self.add_step(op, &result, OpKind::Convert { dtype }, operands)?
            }
            "tensor.from_elements" => self.tensor_of_scalars(op, &result, operands, ty)?,
            "tensor.extract" => self.extract(op, &result, operands)?,
            name => {
                let binary = arith_binary(name).ok_or_else(|| at(format!("{name} is not an op autoshard reads")))?;
                self.add_step(op, &result, OpKind::Binary(binary), operands)?
            }
        };
        self.env.insert(self.key(&result), value);
        Ok(())
    }

    /// `tensor.from_elements %a, %b : tensor<2xi64>`: the scalars in a tensor of
    /// the stated type.
    fn tensor_of_scalars(
        &mut self,
        op: &Operation,
        result: &str,
        scalars: Vec<ValueId>,
        ty: &str,
    ) -> Result<ValueId, Diagnostic> {
        let at = |m: String| self.err(op.loc.clone(), m);
        let want = scalar_type(ty).map_err(at)?;
        let count = want.shape.iter().product::<i64>();
        if usize::try_from(count).ok() != Some(scalars.len()) {
            return Err(self.err(op.loc.clone(), format!("{} elements for a {want}", scalars.len())));
        }
        let mut rows = Vec::with_capacity(scalars.len());
        for (k, &s) in scalars.iter().enumerate() {
            let row = OpKind::Reshape(Reshape { shape: vec![1] });
            rows.push(self.add_step(op, &format!("{result}.{k}"), row, vec![s])?);
        }
        let joined = match rows[..] {
            [one] => one,
            _ => {
                self.add_step(op, &format!("{result}.all"), OpKind::Concatenate(Concatenate { dimension: 0 }), rows)?
            }
        };
        self.add_step(op, result, OpKind::Reshape(Reshape { shape: want.shape }), vec![joined])
    }

    /// `tensor.extract %t[%i, %j] : tensor<4x4xi64>`: one element, as a scalar.
    fn extract(&mut self, op: &Operation, result: &str, operands: Vec<ValueId>) -> Result<ValueId, Diagnostic> {
        let Some((&t, indices)) = operands.split_first() else {
            return Err(self.err(op.loc.clone(), "tensor.extract takes a tensor"));
        };
        let rank = self.builder.type_of(t).rank();
        if indices.len() != rank {
            return Err(self.err(op.loc.clone(), format!("{} indices into a tensor of rank {rank}", indices.len())));
        }
        let element = match rank {
            0 => t,
            _ => {
                let slice = OpKind::DynamicSlice(DynamicSlice { slice_sizes: vec![1; rank] });
                self.add_step(op, &format!("{result}.window"), slice, operands.clone())?
            }
        };
        self.add_step(op, result, OpKind::Reshape(Reshape { shape: Vec::new() }), vec![element])
    }

    /// `mesh.process_linear_index`, `mesh.process_multi_index` or `mesh.mesh_shape`
    /// in an SPMD program: `index` values of this device or of the mesh.
    pub(super) fn spmd_query(&mut self, op: &Operation, text: &str) -> Result<(), Diagnostic> {
        let base = result_base(op).to_string();
        let query: MeshQuery = self.parse_spmd_op(op, text)?;
        let mesh = mesh_op(&query.mesh, &self.dialect_mesh(op, &query.mesh)?);
        let file = self.file.clone();
        let at = |m: String| crate::error(&file, op.loc.clone(), format!("{m} (in '{text}')"));
        query.verify(std::slice::from_ref(&mesh)).map_err(|e| at(e.to_string()))?;
        let sizes = mesh.static_shape().unwrap_or_default();
        let axes: Vec<usize> = match query.axes.is_empty() {
            true => (0..sizes.len()).collect(),
            false => query.axes.iter().map(|&a| a as usize).collect(),
        };
        let values = match query.kind {
            QueryKind::MeshShape => {
                let names: Vec<String> = (0..axes.len()).map(|k| format!("{base}.{k}")).collect();
                (axes.iter().zip(&names))
                    .map(|(&a, n)| self.index_constant(op, n, sizes[a]))
                    .collect::<Result<_, _>>()?
            }
            QueryKind::ProcessLinearIndex => vec![self.linear_index(op, &base).map_err(at)?],
            QueryKind::ProcessMultiIndex => {
                let linear = self.linear_index(op, &base).map_err(at)?;
                let mut out = Vec::with_capacity(axes.len());
                for (k, &a) in axes.iter().enumerate() {
                    let stride: i64 = sizes[a + 1..].iter().product();
                    out.push(self.coordinate(op, &format!("{base}.{k}"), linear, (stride, sizes[a]))?);
                }
                out
            }
        };
        for (name, value) in op.result_ids().iter().zip(values) {
            self.env.insert(self.key(name), value);
        }
        Ok(())
    }

    /// `mesh.shard_shape` in an SPMD program: the shard's dimensions, where every
    /// device's shard has the same shape (otherwise they depend on the device at run
    /// time, which the program's static types cannot follow).
    pub(super) fn spmd_shard_shape(&mut self, op: &Operation, text: &str) -> Result<(), Diagnostic> {
        let base = result_base(op).to_string();
        let shard: ShardShapeOp = self.parse_spmd_op(op, text)?;
        let file = self.file.clone();
        let at = |m: String| crate::error(&file, op.loc.clone(), format!("{m} (in '{text}')"));
        let Some((sharding, mesh)) = self.mesh_shardings.get(&self.key(&shard.sharding)).cloned() else {
            return Err(at(format!("%{} is not a mesh.sharding defined before this op", shard.sharding)));
        };
        let mut shape = Vec::with_capacity(shard.shape.len());
        for dim in &shard.shape {
            match dim {
                Dim::Static(n) => shape.push(*n),
                Dim::Dynamic => return Err(at("a dynamic ('?') dimension has no static shard".into())),
            }
        }
        let mesh = mesh_op(&sharding.mesh, &mesh);
        let devices: i64 = mesh.static_shape().unwrap_or_default().iter().product();
        let shapes = (0..devices).map(|d| shard_shape(&shape, &sharding, &mesh, d)).collect::<Result<Vec<_>, _>>();
        let shapes = shapes.map_err(|e| at(e.to_string()))?;
        if let Some(d) = shapes.iter().position(|s| *s != shapes[0]) {
            return Err(at(format!(
                "the shards differ from device to device ({:?} on device 0, {:?} on device {d})",
                shapes[0], shapes[d]
            )));
        }
        for (k, name) in op.result_ids().iter().enumerate() {
            let size = shapes.first().and_then(|s| s.get(k)).copied().unwrap_or(1);
            let value = self.index_constant(op, &format!("{base}.{k}"), size)?;
            self.env.insert(self.key(name), value);
        }
        Ok(())
    }

    /// An `index` constant.
    fn index_constant(&mut self, op: &Operation, name: &str, value: i64) -> Result<ValueId, Diagnostic> {
        let ty = TensorType::new(Vec::new(), DType::I64);
        self.add_step(op, name, OpKind::Constant(Constant { ty, values: vec![value as f64] }), Vec::new())
    }

    /// This device's row-major index on the mesh: its partition id, which is that
    /// index where the program's mesh lists its devices in order.
    fn linear_index(&mut self, op: &Operation, base: &str) -> Result<ValueId, String> {
        let ids = self.builder.mesh().device_ids();
        if ids.iter().enumerate().any(|(k, &d)| d != k as i64) {
            return Err(format!(
                "the global program's mesh orders its devices {ids:?}; a device's linear index is its partition \
                 id only where they are in order"
            ));
        }
        let id = self.add_step(op, &format!("{base}.id"), OpKind::PartitionId, Vec::new()).map_err(|d| d.message)?;
        self.add_step(op, &format!("{base}.linear"), OpKind::Convert { dtype: DType::I64 }, vec![id])
            .map_err(|d| d.message)
    }

    /// `(linear / stride) % size`: a coordinate of the device on one axis.
    fn coordinate(
        &mut self,
        op: &Operation,
        name: &str,
        linear: ValueId,
        (stride, size): (i64, i64),
    ) -> Result<ValueId, Diagnostic> {
        let stride_value = self.index_constant(op, &format!("{name}.stride"), stride)?;
        let size_value = self.index_constant(op, &format!("{name}.size"), size)?;
        let divided =
            self.add_step(op, &format!("{name}.div"), OpKind::Binary(BinaryOp::Divide), vec![linear, stride_value])?;
        self.add_step(op, name, OpKind::Binary(BinaryOp::Remainder), vec![divided, size_value])
    }
}

/// The elementwise op of an `arith` binary op.
fn arith_binary(name: &str) -> Option<BinaryOp> {
    Some(match name.strip_prefix("arith.")? {
        "addi" | "addf" => BinaryOp::Add,
        "subi" | "subf" => BinaryOp::Subtract,
        "muli" | "mulf" => BinaryOp::Multiply,
        "divsi" | "divui" | "divf" => BinaryOp::Divide,
        "remsi" | "remui" | "remf" => BinaryOp::Remainder,
        "maxsi" | "maxui" | "maximumf" => BinaryOp::Maximum,
        "minsi" | "minui" | "minimumf" => BinaryOp::Minimum,
        _ => return None,
    })
}

/// A scalar type (`index`, `i64`, `f32`) or a tensor type (`tensor<2xi64>`).
fn scalar_type(text: &str) -> Result<TensorType, String> {
    let text = text.trim();
    if text == "index" {
        return Ok(TensorType::new(Vec::new(), DType::I64));
    }
    if text.starts_with("tensor<") {
        let parsed: autoshard_mlir::TensorType =
            text.parse().map_err(|e: autoshard_mlir::SyntaxError| autoshard_mesh::Error::from(e).to_string())?;
        return tensor_type(&parsed).map_err(|e| format!("{text}: {e}"));
    }
    tensor_type(&crate::ast::Type::new(&[], text))
}

/// An `arith.constant` literal: an integer, a float or a boolean.
fn number(literal: &str) -> Option<f64> {
    match literal {
        "true" => Some(1.0),
        "false" => Some(0.0),
        _ => literal.parse::<f64>().ok(),
    }
}
