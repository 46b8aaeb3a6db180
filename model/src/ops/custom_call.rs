//! `stablehlo.custom_call` targets autoshard knows: the targets of Shardy's registry
//! (their rules are `rules::custom_call_rule`), what one execution of each costs, and
//! the decomposition into other ops of those that have an obvious one.
//!
//! A custom call becomes a [`super::Custom`] op carrying its target's rule, FLOPs and
//! decomposition (the body that executes it); `mhlo.erf` becomes the `erf` op itself
//! (unless it carries its own `sdy.sharding_rule`: then it is a custom op whose body
//! is one `erf`). Targets without a decomposition (`Eigh`, `Qr`, `X64Combine`...) are
//! solved like any op but cannot run.

use super::{Cholesky, Iota, OpKind, Slice, Sort, UnaryOp, batch_of_matrices};
use crate::dtype::DTypeClass;
use crate::ir::TensorType;
use crate::rules::unary_flops_per_element;
use crate::units::Flops;

/// A custom call target of Shardy's registry, grouped by what the rule, the counts
/// and the decomposition need to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CallTarget {
    /// Returns its operands unchanged, only moving or annotating them: `MoveToDevice`,
    /// `MoveToHost`, `LayoutConstraint`, `InspectSharding`, `annotate_device_placement`,
    /// `xla.megascale.provide_metadata`.
    Identity,
    /// `mhlo.erf`, the error function.
    Erf,
    /// `Cholesky`.
    Cholesky,
    /// `InvertDiagBlocksLowerTriangular`, `InvertDiagBlocksUpperTriangular`.
    InvertDiagBlocks,
    /// `CompactWyHelper`: the triangular factor of a QR's compact WY form.
    CompactWyHelper,
    /// `X64SplitHigh`, `X64SplitLow`: one 32-bit half of a 64-bit integer.
    X64Split,
    /// `X64Combine`: a 64-bit integer from its 32-bit halves.
    X64Combine,
    /// `_SPMDInternalOp_MultiPad`, `_RotateRight`, `_MultiRotate`, `_MultiSlice`,
    /// `_Wrap`: XLA's partitioner's data movement.
    SpmdInternal,
    /// `Eigh`: eigenvectors and eigenvalues of a batch of symmetric matrices.
    Eigh,
    /// `Qr`, `QrDecompositionBlock`: a batch of QR decompositions (Householder form).
    Qr,
    /// `ProductOfElementaryHouseholderReflectors`: Q from a QR's Householder form.
    HouseholderProduct,
    /// `mhlo.topk`: the `k` largest (or smallest) along the last dimension, and their
    /// indices.
    TopK {
        /// Largest first (the default) rather than smallest first.
        largest: bool,
    },
    /// `ApproxTopK`, `PartialReduce`: an approximate top-k along one dimension.
    ApproxTopK,
}

/// Targets Shardy's registry knows but gives no rule (callbacks, debugging hooks).
const WITHOUT_RULE: [&str; 7] = [
    "sdy_testonly",
    "tpu_custom_call",
    "xla_python_cpu_callback",
    "xla_python_gpu_callback",
    "xla_ffi_python_cpu_callback",
    "xla_ffi_python_gpu_callback",
    "xla.debug.Log",
];

impl CallTarget {
    /// The target named `name`; an error for a target without a registry rule.
    pub fn of(name: &str) -> crate::Result<CallTarget> {
        Ok(match name {
            "MoveToDevice"
            | "MoveToHost"
            | "LayoutConstraint"
            | "InspectSharding"
            | "annotate_device_placement"
            | "xla.megascale.provide_metadata" => CallTarget::Identity,
            "mhlo.erf" => CallTarget::Erf,
            "Cholesky" => CallTarget::Cholesky,
            "InvertDiagBlocksLowerTriangular" | "InvertDiagBlocksUpperTriangular" => CallTarget::InvertDiagBlocks,
            "CompactWyHelper" => CallTarget::CompactWyHelper,
            "X64SplitHigh" | "X64SplitLow" => CallTarget::X64Split,
            "X64Combine" => CallTarget::X64Combine,
            "_SPMDInternalOp_MultiPad"
            | "_SPMDInternalOp_RotateRight"
            | "_SPMDInternalOp_MultiRotate"
            | "_SPMDInternalOp_MultiSlice"
            | "_SPMDInternalOp_Wrap" => CallTarget::SpmdInternal,
            "Eigh" => CallTarget::Eigh,
            "Qr" | "QrDecompositionBlock" => CallTarget::Qr,
            "ProductOfElementaryHouseholderReflectors" => CallTarget::HouseholderProduct,
            "mhlo.topk" => CallTarget::TopK { largest: true },
            "ApproxTopK" | "PartialReduce" => CallTarget::ApproxTopK,
            _ if name.contains("python_cpu_callback") || name.contains("python_gpu_callback") => {
                return Err(crate::Error::Rule(format!(
                    "custom_call @{name} is not supported: it is a host callback (jax.debug.print, io_callback, \
                     pure_callback), which runs Python on the host; lower the function without it"
                )));
            }
            _ if WITHOUT_RULE.contains(&name) => {
                return Err(crate::Error::Rule(format!(
                    "custom_call @{name} is not supported: Shardy's registry gives it no sharding rule (give it an sdy.sharding_rule)"
                )));
            }
            _ => {
                return Err(crate::Error::Rule(format!(
                    "custom_call @{name} is not supported: it is not in Shardy's sharding rule registry (give it an sdy.sharding_rule)"
                )));
            }
        })
    }

    /// The op of the op set this target is, if it is one (`mhlo.erf` is `erf`).
    pub fn as_op(self) -> Option<OpKind> {
        match self {
            CallTarget::Erf => Some(OpKind::Unary(UnaryOp::Erf)),
            _ => None,
        }
    }

    /// Estimated FLOPs of one execution with these operand and result types:
    /// - data movement (identity targets, `_SPMDInternalOp_*`): 0;
    /// - `X64Split`/`X64Combine`: one per result element;
    /// - `Cholesky`, `InvertDiagBlocks*` (counted as whole triangular inversions,
    ///   an upper bound): `n³/3` per `n×n` matrix;
    /// - `CompactWyHelper`: `m·n²` per `m×n` matrix;
    /// - `Eigh`: `9n³` per matrix (Golub & Van Loan, eigenvectors included);
    /// - `Qr`: `2ab² − 2b³/3` per matrix, `a ≥ b` its dimensions (Householder);
    /// - `ProductOfElementaryHouseholderReflectors`: LAPACK `orgqr`'s
    ///   `4mnk − 2(m+n)k² + 4k³/3` for `k` reflectors;
    /// - `mhlo.topk`: a sort of each row, `n·⌈log₂ n⌉` comparisons;
    /// - `ApproxTopK`: one comparison per input element;
    /// - `mhlo.erf`: the `erf` op's FLOPs per result element.
    pub fn flops(self, operands: &[&TensorType], results: &[&TensorType]) -> Flops {
        let elements = |t: Option<&&TensorType>| t.map_or(0.0, |t| t.num_elements() as f64);
        let input = operands.first().map(|t| batch_of_matrices(&t.shape)).unwrap_or((0, 0, 0));
        let (batch, m, n) = (input.0 as f64, input.1 as f64, input.2 as f64);
        Flops(match self {
            CallTarget::Identity | CallTarget::SpmdInternal => 0.0,
            CallTarget::Erf => elements(results.first()) * unary_flops_per_element(UnaryOp::Erf),
            CallTarget::X64Split | CallTarget::X64Combine => elements(results.first()),
            CallTarget::Cholesky | CallTarget::InvertDiagBlocks => Cholesky::flops(batch, n),
            CallTarget::CompactWyHelper => batch * m * n * n,
            CallTarget::Eigh => batch * 9.0 * n.powi(3),
            CallTarget::Qr => {
                let (a, b) = (m.max(n), m.min(n));
                batch * (2.0 * a * b * b - 2.0 * b.powi(3) / 3.0)
            }
            CallTarget::HouseholderProduct => {
                let k = operands.get(1).and_then(|t| t.shape.last()).map_or(0.0, |&k| k as f64);
                let per = 4.0 * m * n * k - 2.0 * (m + n) * k * k + 4.0 * k.powi(3) / 3.0;
                batch * per.max(0.0)
            }
            CallTarget::TopK { .. } => {
                let row = operands.first().and_then(|t| t.shape.last()).copied().unwrap_or(1);
                Sort::comparisons(elements(operands.first()), row)
            }
            CallTarget::ApproxTopK => elements(operands.first()),
        })
    }

    /// The body that computes this target on `operands`, giving `results`, if it has
    /// an obvious one: an identity target returns its operands (when the types
    /// agree); `mhlo.erf` is one `erf` (of a float tensor into its own type);
    /// `mhlo.topk` is a sort by value carrying an iota of indices, then the first `k`
    /// of each.
    pub fn decomposition(self, operands: &[&TensorType], results: &[&TensorType]) -> Option<Decomposition> {
        match self {
            CallTarget::Identity => (operands == results)
                .then(|| Decomposition { ops: Vec::new(), results: (0..operands.len()).map(BodyValue::Arg).collect() }),
            CallTarget::Erf => erf(operands, results),
            CallTarget::TopK { largest } => top_k(operands, results, largest),
            _ => None,
        }
    }
}

/// A custom op's body: ops over the body's arguments, and the values it returns.
#[derive(Debug, Clone, PartialEq)]
pub struct Decomposition {
    /// The ops, in order; each reads arguments and results of earlier ones.
    pub ops: Vec<BodyOp>,
    /// What the body returns.
    pub results: Vec<BodyValue>,
}

/// One op of a [`Decomposition`].
#[derive(Debug, Clone, PartialEq)]
pub struct BodyOp {
    /// A name for its results (`sort`), unique within the body.
    pub label: &'static str,
    /// What it does.
    pub kind: OpKind,
    /// What it reads.
    pub operands: Vec<BodyValue>,
    /// How many results it has.
    pub results: usize,
}

/// A value inside a [`Decomposition`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyValue {
    /// The body's argument of this index (the op's operand).
    Arg(usize),
    /// Result `index` of body op `op`.
    Result {
        /// The op's index in [`Decomposition::ops`].
        op: usize,
        /// Which of its results.
        index: usize,
    },
}

/// `mhlo.erf` of a float tensor `x` into a result of its type: the `erf` op.
fn erf(operands: &[&TensorType], results: &[&TensorType]) -> Option<Decomposition> {
    let ([x], [y]) = (operands, results) else { return None };
    if x != y || !x.dtype.is_float() {
        return None;
    }
    let erf = BodyOp { label: "erf", kind: OpKind::Unary(UnaryOp::Erf), operands: vec![BodyValue::Arg(0)], results: 1 };
    Some(Decomposition { ops: vec![erf], results: vec![BodyValue::Result { op: 0, index: 0 }] })
}

/// `mhlo.topk` of `x` into values and integer indices of the same shape, `k` long in
/// the last dimension.
fn top_k(operands: &[&TensorType], results: &[&TensorType], largest: bool) -> Option<Decomposition> {
    let ([x], [values, indices]) = (operands, results) else { return None };
    let last = x.rank().checked_sub(1)?;
    let k = *values.shape.last()?;
    let same_rows =
        values.rank() == x.rank() && values.shape[..last] == x.shape[..last] && indices.shape == values.shape;
    let fits = same_rows && (0..=x.shape[last]).contains(&k) && values.dtype == x.dtype;
    if !fits || indices.dtype.class() != DTypeClass::Integer {
        return None;
    }
    let iota = Iota { ty: TensorType::new(x.shape.clone(), indices.dtype), iota_dimension: last as i64 };
    let sort = Sort { dimension: last as i64, descending: largest, is_stable: true };
    let first_k =
        Slice { start_indices: vec![0; x.rank()], limit_indices: values.shape.clone(), strides: vec![1; x.rank()] };
    let sorted = |index| BodyValue::Result { op: 1, index };
    let op = |label, kind, operands, results| BodyOp { label, kind, operands, results };
    Some(Decomposition {
        ops: vec![
            op("iota", OpKind::Iota(iota), vec![], 1),
            op("sort", OpKind::Sort(sort), vec![BodyValue::Arg(0), BodyValue::Result { op: 0, index: 0 }], 2),
            op("values", OpKind::Slice(first_k.clone()), vec![sorted(0)], 1),
            op("indices", OpKind::Slice(first_k), vec![sorted(1)], 1),
        ],
        results: vec![BodyValue::Result { op: 2, index: 0 }, BodyValue::Result { op: 3, index: 0 }],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DType;
    use crate::rules::TRANSCENDENTAL_FLOPS;

    fn ty(shape: &[i64], dtype: DType) -> TensorType {
        TensorType::new(shape, dtype)
    }

    #[test]
    fn names_map_to_targets_and_unknown_ones_are_unsupported() {
        assert_eq!(CallTarget::of("QrDecompositionBlock"), Ok(CallTarget::Qr));
        assert_eq!(CallTarget::of("mhlo.topk"), Ok(CallTarget::TopK { largest: true }));
        let unknown = CallTarget::of("foo").unwrap_err().to_string();
        assert!(unknown.starts_with("custom_call @foo is not supported"), "{unknown}");
        assert!(CallTarget::of("tpu_custom_call").unwrap_err().to_string().contains("no sharding rule"));
        let callback = CallTarget::of("xla_ffi_python_cpu_callback").unwrap_err().to_string();
        assert!(callback.contains("is a host callback (jax.debug.print"), "{callback}");
    }

    #[test]
    fn flops_follow_the_documented_estimates() {
        let a = ty(&[8, 4, 4], DType::F32);
        assert_eq!(CallTarget::Eigh.flops(&[&a], &[]), Flops(8.0 * 9.0 * 64.0));
        let row = ty(&[16, 8], DType::F32);
        assert_eq!(CallTarget::TopK { largest: true }.flops(&[&row], &[]), Flops(128.0 * 3.0));
        assert_eq!(CallTarget::Identity.flops(&[&row], &[&row]), Flops(0.0));
        assert_eq!(CallTarget::Erf.flops(&[&row], &[&row]), Flops(128.0 * TRANSCENDENTAL_FLOPS));
    }

    #[test]
    fn top_k_is_a_sort_with_indices_then_a_slice() {
        let (x, v, i) = (ty(&[16, 8], DType::F32), ty(&[16, 2], DType::F32), ty(&[16, 2], DType::I32));
        let body = CallTarget::TopK { largest: true }.decomposition(&[&x], &[&v, &i]).expect("a body");
        let labels: Vec<&str> = body.ops.iter().map(|o| o.label).collect();
        assert_eq!(labels, ["iota", "sort", "values", "indices"]);
        assert!(matches!(&body.ops[1].kind, OpKind::Sort(s) if s.descending && s.dimension == 1));
        let float_indices = ty(&[16, 2], DType::F32);
        assert_eq!(CallTarget::TopK { largest: true }.decomposition(&[&x], &[&v, &float_indices]), None);
        assert_eq!(CallTarget::Eigh.decomposition(&[&x], &[&x, &v]), None);
        let flat = ty(&[2], DType::F32);
        assert_eq!(CallTarget::TopK { largest: true }.decomposition(&[&x], &[&flat, &flat]), None);
        let erf = CallTarget::Erf.decomposition(&[&x], &[&x]).expect("a body");
        assert_eq!(erf.ops.len(), 1);
        assert_eq!(erf.ops[0].kind, OpKind::Unary(UnaryOp::Erf));
        assert_eq!(CallTarget::Erf.decomposition(&[&x], &[&v]), None);
        let identity = CallTarget::Identity.decomposition(&[&x], &[&x]).expect("a body");
        assert_eq!((identity.ops.len(), identity.results.as_slice()), (0, &[BodyValue::Arg(0)][..]));
    }
}
