//! The op catalog: one declaration per op of the op set, the single place that says
//! what the readers and writers need to know about it — its name in the config
//! language, its StableHLO names, its attributes with their kinds, defaults and
//! spellings ([`OpDecl`], see `decl.rs`), and which codecs are derived from that and
//! which are written by hand, and why.
//!
//! Derived from it: the op names of the config language ([`super::op_names`]), the keys
//! each op takes there (`autoshard_config`'s `op_keys`), the reading of the attributes
//! of every op whose config codec is [`Codec::Derived`] from YAML, the mapping from
//! StableHLO op names to ops, the reading of every op whose import is derived (pretty
//! and generic forms), and the writing of every op whose export is derived. Semantics
//! (inference, rules, counts, kernels) stay with each op's family file.
//!
//! Entries follow the order of [`OpKind`]; attributes the order in which the config
//! language lists them (its "takes …" hints). Every op of the op set is declared
//! exactly once (the tests below).

use super::decl::{AttrDecl, AttrDefault, AttrKind, Fields, HloType, OpDecl, Pretty, Spelling, Words};
use super::{
    BatchNormInference, BinaryOp, BitcastConvert, BroadcastInDim, Cholesky, ComparisonDirection, Concatenate,
    DynamicSlice, Gather, Iota, Norm, Pad, Reduce, ReduceKind, ReducePrecision, Reshape, Reverse, RngAlgorithm,
    RngBitGenerator, Scatter, ScatterKind, Slice, Softmax, Sort, Take, Transpose, TransposeA, TriangularSolve, UnaryOp,
};
use super::{OpKind, PropagationDirection};
use crate::dtype::DType;
use crate::ir::TensorType;

/// Every declaration, in [`OpKind`] order.
pub fn all() -> &'static [OpDecl] {
    OPS
}

/// The declaration of the op named `name` in the config language.
pub fn find(name: &str) -> Option<&'static OpDecl> {
    OPS.iter().find(|d| d.name == name)
}

/// The declaration of the op StableHLO (or CHLO, `sdy`) calls `name`.
pub fn by_stablehlo(name: &str) -> Option<&'static OpDecl> {
    OPS.iter().find(|d| d.stablehlo.contains(&name))
}

/// The declaration of `kind`'s op.
pub fn of(kind: &OpKind) -> Option<&'static OpDecl> {
    find(kind.name())
}

const fn int(key: &'static str) -> AttrDecl {
    AttrDecl::new(key, AttrKind::Int)
}

const fn ints(key: &'static str) -> AttrDecl {
    AttrDecl::new(key, AttrKind::Ints)
}

const fn dims(key: &'static str) -> AttrDecl {
    AttrDecl::new(key, AttrKind::Dims)
}

const fn float(key: &'static str) -> AttrDecl {
    AttrDecl::new(key, AttrKind::Float)
}

const fn flag(key: &'static str) -> AttrDecl {
    AttrDecl::new(key, AttrKind::Bool)
}

const fn dtype(key: &'static str) -> AttrDecl {
    AttrDecl::new(key, AttrKind::DType)
}

const fn word(key: &'static str, words: Words) -> AttrDecl {
    AttrDecl::new(key, AttrKind::Enum(words))
}

const fn other(key: &'static str, what: &'static str) -> AttrDecl {
    AttrDecl::new(key, AttrKind::Other(what))
}

/// `generic = N : i64`.
const fn i64_attr(generic: &'static str) -> Spelling {
    Spelling::attr(generic, HloType::I64)
}

/// `generic = N : i32`.
const fn i32_attr(generic: &'static str) -> Spelling {
    Spelling::attr(generic, HloType::I32)
}

/// `generic = array<i64: …>`.
const fn array(generic: &'static str) -> Spelling {
    Spelling::attr(generic, HloType::Array)
}

/// `generic = true`, false when left out.
const fn boolean(generic: &'static str) -> Spelling {
    Spelling::attr(generic, HloType::Bool).or(AttrDefault::Bool(false))
}

const EMPTY: AttrDefault = AttrDefault::Empty;
const NO: AttrDefault = AttrDefault::Bool(false);

const COMPARISON: Words =
    Words { what: "comparison_direction", all: || ComparisonDirection::ALL.map(ComparisonDirection::name).to_vec() };
const REDUCE_KIND: Words = Words { what: "reduce kind", all: || ReduceKind::ALL.map(ReduceKind::name).to_vec() };
const SCATTER_KIND: Words = Words { what: "scatter kind", all: || ScatterKind::ALL.map(ScatterKind::name).to_vec() };
const TRANSPOSE_A: Words = Words { what: "transpose_a", all: || TransposeA::ALL.map(TransposeA::name).to_vec() };
const RNG: Words = Words { what: "algorithm", all: || RngAlgorithm::ALL.map(RngAlgorithm::name).to_vec() };
const DIRECTION: Words =
    Words { what: "allowed_direction", all: || PropagationDirection::ALL.map(PropagationDirection::name).to_vec() };
const SELECT: Words =
    Words { what: "select", all: || ComparisonDirection::ALL.map(ComparisonDirection::name).to_vec() };

/// An op without attributes, whose every codec is derived.
const fn plain(name: &'static str, stablehlo: &'static [&'static str], empty: fn() -> OpKind) -> OpDecl {
    OpDecl::derived(name, stablehlo, &[], empty, |_, _| {})
}

/// Why the pointwise conveniences are written otherwise.
const DECOMPOSED: &str = "decomposed into the StableHLO it computes (export/decompose.rs)";
const SHARDING: &str = "a sharding (`sdy` syntax), read from the common key `sharding`";
const REGION: &str = "a region op: its body is the importer's and the writer's";
const COLLECTIVE: &str = "replica groups and channel handles (collective.rs, export/collectives.rs)";

/// The attributes StableHLO's collectives share: their replica groups, channel and
/// the meaning of their ids; and the combining function of a reducing op that reads
/// it off its region (a collective's, `reduce_window`'s).
const REPLICA_GROUPS: AttrDecl = other("replica_groups", "[[device, …], …]");
const CHANNEL_ID: AttrDecl = int("channel_id").or(AttrDefault::Int(0));
const GLOBAL_IDS: AttrDecl = flag("use_global_device_ids").or(NO);
const COMBINER: AttrDecl =
    word("kind", REDUCE_KIND).or(AttrDefault::Word("add")).hlo(Spelling::Elsewhere("the combining region"));
const WINDOW: &str = "[[low, high], …] padding pairs; in StableHLO, a combining region";

static OPS: &[OpDecl] = &[
    plain("abs", &["stablehlo.abs"], || OpKind::Unary(UnaryOp::Abs)),
    plain("negate", &["stablehlo.negate"], || OpKind::Unary(UnaryOp::Negate)),
    plain("exponential", &["stablehlo.exponential"], || OpKind::Unary(UnaryOp::Exponential)),
    plain("log", &["stablehlo.log"], || OpKind::Unary(UnaryOp::Log)),
    plain("log_plus_one", &["stablehlo.log_plus_one"], || OpKind::Unary(UnaryOp::LogPlusOne)),
    plain("logistic", &["stablehlo.logistic"], || OpKind::Unary(UnaryOp::Logistic)),
    plain("tanh", &["stablehlo.tanh"], || OpKind::Unary(UnaryOp::Tanh)),
    plain("sqrt", &["stablehlo.sqrt"], || OpKind::Unary(UnaryOp::Sqrt)),
    plain("rsqrt", &["stablehlo.rsqrt"], || OpKind::Unary(UnaryOp::Rsqrt)),
    plain("sine", &["stablehlo.sine"], || OpKind::Unary(UnaryOp::Sine)),
    plain("cosine", &["stablehlo.cosine"], || OpKind::Unary(UnaryOp::Cosine)),
    // StableHLO has no erf; JAX writes CHLO's, which XLA reads.
    plain("erf", &["chlo.erf"], || OpKind::Unary(UnaryOp::Erf)),
    plain("floor", &["stablehlo.floor"], || OpKind::Unary(UnaryOp::Floor)),
    plain("ceil", &["stablehlo.ceil"], || OpKind::Unary(UnaryOp::Ceil)),
    plain("sign", &["stablehlo.sign"], || OpKind::Unary(UnaryOp::Sign)),
    plain("not", &["stablehlo.not"], || OpKind::Unary(UnaryOp::Not)),
    plain("relu", &[], || OpKind::Unary(UnaryOp::Relu)).not_in_stablehlo(DECOMPOSED),
    plain("gelu", &[], || OpKind::Unary(UnaryOp::Gelu)).not_in_stablehlo(DECOMPOSED),
    plain("silu", &[], || OpKind::Unary(UnaryOp::Silu)).not_in_stablehlo(DECOMPOSED),
    plain("convert", &["stablehlo.convert"], || OpKind::Convert { dtype: DType::F32 }).with(
        &[dtype("dtype").hlo(Spelling::ResultDType(0))],
        |k, f| {
            if let OpKind::Convert { dtype } = k {
                f.dtype("dtype", dtype);
            }
        },
    ),
    plain("add", &["stablehlo.add"], || OpKind::Binary(BinaryOp::Add)),
    plain("subtract", &["stablehlo.subtract"], || OpKind::Binary(BinaryOp::Subtract)),
    plain("multiply", &["stablehlo.multiply"], || OpKind::Binary(BinaryOp::Multiply)),
    plain("divide", &["stablehlo.divide"], || OpKind::Binary(BinaryOp::Divide)),
    plain("maximum", &["stablehlo.maximum"], || OpKind::Binary(BinaryOp::Maximum)),
    plain("minimum", &["stablehlo.minimum"], || OpKind::Binary(BinaryOp::Minimum)),
    plain("power", &["stablehlo.power"], || OpKind::Binary(BinaryOp::Power)),
    plain("remainder", &["stablehlo.remainder"], || OpKind::Binary(BinaryOp::Remainder)),
    plain("atan2", &["stablehlo.atan2"], || OpKind::Binary(BinaryOp::Atan2)),
    plain("and", &["stablehlo.and"], || OpKind::Binary(BinaryOp::And)),
    plain("or", &["stablehlo.or"], || OpKind::Binary(BinaryOp::Or)),
    plain("xor", &["stablehlo.xor"], || OpKind::Binary(BinaryOp::Xor)),
    plain("compare", &["stablehlo.compare"], || OpKind::Compare { direction: ComparisonDirection::Eq }).with(
        &[word("comparison_direction", COMPARISON).hlo(
            Spelling::attr(
                "comparison_direction",
                HloType::Enum { mlir: "comparison_direction", what: "comparison direction" },
            )
            .pretty(Pretty::Word),
        )],
        |k, f| {
            if let OpKind::Compare { direction } = k {
                f.word("comparison_direction", direction, &ComparisonDirection::ALL, ComparisonDirection::name);
            }
        },
    ),
    plain("select", &["stablehlo.select"], || OpKind::Select),
    plain("clamp", &["stablehlo.clamp"], || OpKind::Clamp),
    plain("reduce_precision", &["stablehlo.reduce_precision"], || {
        OpKind::ReducePrecision(ReducePrecision { exponent_bits: 0, mantissa_bits: 0 })
    })
    .with(
        &[
            int("exponent_bits").hlo(i32_attr("exponent_bits").pretty(Pretty::Format { key: "format", letter: 'e' })),
            int("mantissa_bits").hlo(i32_attr("mantissa_bits").pretty(Pretty::Format { key: "format", letter: 'm' })),
        ],
        |k, f| {
            if let OpKind::ReducePrecision(r) = k {
                f.int("exponent_bits", &mut r.exponent_bits);
                f.int("mantissa_bits", &mut r.mantissa_bits);
            }
        },
    ),
    plain("is_finite", &["stablehlo.is_finite"], || OpKind::IsFinite),
    plain("partition_id", &["stablehlo.partition_id"], || OpKind::PartitionId),
    plain("optimization_barrier", &["stablehlo.optimization_barrier"], || OpKind::OptimizationBarrier),
    OpDecl::by_hand(
        "dot_general",
        &["stablehlo.dot_general"],
        &[
            other("batching_dims", "[[lhs dims], [rhs dims]]")
                .or(EMPTY)
                .hlo(Spelling::Elsewhere("dot_dimension_numbers, or pretty `batching_dims = [0] x [0]`")),
            other("contracting_dims", "[[lhs dims], [rhs dims]]")
                .or(EMPTY)
                .hlo(Spelling::Elsewhere("dot_dimension_numbers, or pretty `contracting_dims = [1] x [0]`")),
        ],
        "dimension pairs (and `#stablehlo.dot<…>` fields in StableHLO)",
    ),
    plain("dot", &["stablehlo.dot"], || OpKind::Dot).export_by_hand("written as the dot_general it is (export/dot.rs)"),
    OpDecl::by_hand("einsum", &[], &[other("equation", "an einsum equation ('bij,bjk->bik')")], "an equation")
        .not_in_stablehlo("dot_generals, reduces and transposes (export/decompose.rs)"),
    plain("reduce", &["stablehlo.reduce"], || OpKind::Reduce(Reduce { dimensions: Vec::new(), kind: ReduceKind::Add }))
        .with(
            &[
                ints("dimensions").hlo(array("dimensions")),
                word("kind", REDUCE_KIND)
                    .or(AttrDefault::Word("add"))
                    .hlo(Spelling::Elsewhere("the combining region, and the init operands")),
            ],
            |k, f| {
                if let OpKind::Reduce(r) = k {
                    f.ints("dimensions", &mut r.dimensions);
                    f.word("kind", &mut r.kind, &ReduceKind::ALL, ReduceKind::name);
                }
            },
        )
        .import_by_hand("the combining region and its init operands (combiner.rs)")
        .export_by_hand("the combining region and its init operands (export/reductions.rs)"),
    plain("broadcast_in_dim", &["stablehlo.broadcast_in_dim"], || {
        OpKind::BroadcastInDim(BroadcastInDim { shape: Vec::new(), broadcast_dimensions: Vec::new() })
    })
    .with(
        &[
            dims("shape").hlo(Spelling::ResultShape(0)),
            ints("broadcast_dimensions").hlo(array("broadcast_dimensions").pretty(Pretty::Key("dims"))),
        ],
        |k, f| {
            if let OpKind::BroadcastInDim(b) = k {
                f.ints("shape", &mut b.shape);
                f.ints("broadcast_dimensions", &mut b.broadcast_dimensions);
            }
        },
    ),
    plain("reshape", &["stablehlo.reshape"], || OpKind::Reshape(Reshape { shape: Vec::new() })).with(
        &[dims("shape").hlo(Spelling::ResultShape(0))],
        |k, f| {
            if let OpKind::Reshape(r) = k {
                f.ints("shape", &mut r.shape);
            }
        },
    ),
    plain("transpose", &["stablehlo.transpose"], || OpKind::Transpose(Transpose { permutation: Vec::new() })).with(
        &[ints("permutation").hlo(array("permutation").pretty(Pretty::Key("dims")))],
        |k, f| {
            if let OpKind::Transpose(t) = k {
                f.ints("permutation", &mut t.permutation);
            }
        },
    ),
    plain("concatenate", &["stablehlo.concatenate"], || OpKind::Concatenate(Concatenate { dimension: 0 })).with(
        &[int("dimension").hlo(i64_attr("dimension").pretty(Pretty::Key("dim")))],
        |k, f| {
            if let OpKind::Concatenate(c) = k {
                f.int("dimension", &mut c.dimension);
            }
        },
    ),
    plain("reverse", &["stablehlo.reverse"], || OpKind::Reverse(Reverse { dimensions: Vec::new() })).with(
        &[ints("dimensions").hlo(array("dimensions").pretty(Pretty::Key("dims")))],
        |k, f| {
            if let OpKind::Reverse(r) = k {
                f.ints("dimensions", &mut r.dimensions);
            }
        },
    ),
    plain("slice", &["stablehlo.slice"], || {
        OpKind::Slice(Slice { start_indices: Vec::new(), limit_indices: Vec::new(), strides: Vec::new() })
    })
    .with(
        &[
            ints("start_indices").hlo(array("start_indices")),
            ints("limit_indices").hlo(array("limit_indices")),
            ints("strides")
                .or(AttrDefault::Fill { value: 1, like: "start_indices" })
                .hlo(array("strides").or(AttrDefault::Fill { value: 1, like: "start_indices" })),
        ],
        |k, f| {
            if let OpKind::Slice(s) = k {
                f.ints("start_indices", &mut s.start_indices);
                f.ints("limit_indices", &mut s.limit_indices);
                f.ints("strides", &mut s.strides);
            }
        },
    )
    .import_by_hand("the pretty form's `[start:limit:stride, …]` spec (the generic form is derived)"),
    plain("pad", &["stablehlo.pad"], || {
        OpKind::Pad(Pad {
            edge_padding_low: Vec::new(),
            edge_padding_high: Vec::new(),
            interior_padding: Vec::new(),
            value: 0.0,
        })
    })
    .with(
        &[
            ints("edge_padding_low").hlo(array("edge_padding_low").pretty(Pretty::Key("low"))),
            ints("edge_padding_high").hlo(array("edge_padding_high").pretty(Pretty::Key("high"))),
            ints("interior_padding")
                .or(AttrDefault::Fill { value: 0, like: "edge_padding_low" })
                .hlo(array("interior_padding").pretty(Pretty::Key("interior"))),
            float("value").or(AttrDefault::Float(0.0)).hlo(Spelling::Elsewhere("operand 1, a constant")),
        ],
        |k, f| {
            if let OpKind::Pad(p) = k {
                f.ints("edge_padding_low", &mut p.edge_padding_low);
                f.ints("edge_padding_high", &mut p.edge_padding_high);
                f.ints("interior_padding", &mut p.interior_padding);
                f.float("value", &mut p.value);
            }
        },
    )
    .import_by_hand("the padding value is operand 1, read off its constant")
    .export_by_hand("the padding value is written as operand 1"),
    plain("dynamic_slice", &["stablehlo.dynamic_slice"], || {
        OpKind::DynamicSlice(DynamicSlice { slice_sizes: Vec::new() })
    })
    .with(&[dims("slice_sizes").hlo(array("slice_sizes").pretty(Pretty::Key("sizes")))], |k, f| {
        if let OpKind::DynamicSlice(d) = k {
            f.ints("slice_sizes", &mut d.slice_sizes);
        }
    }),
    OpDecl::by_hand(
        "convolution",
        &["stablehlo.convolution"],
        &[
            other("dimension_numbers", "a layout ('[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]')")
                .hlo(Spelling::Elsewhere("`#stablehlo.conv<…>`, or pretty `dim_numbers = …`")),
            ints("window_strides").or(AttrDefault::Computed("1 per spatial dim")),
            other("padding", "[[low, high], …]").or(AttrDefault::Computed("(0, 0) per spatial dim")),
            ints("lhs_dilation").or(AttrDefault::Computed("1 per spatial dim")),
            ints("rhs_dilation").or(AttrDefault::Computed("1 per spatial dim")),
            int("feature_group_count").or(AttrDefault::Int(1)),
            int("batch_group_count").or(AttrDefault::Int(1)),
        ],
        "convolution dimension numbers, padding pairs and the pretty form's `window = {…}`",
    ),
    OpDecl::by_hand(
        "reduce_window",
        &["stablehlo.reduce_window"],
        &[
            ints("window_dimensions"),
            ints("window_strides").or(AttrDefault::Computed("1 per dim")),
            other("padding", "[[low, high], …]").or(AttrDefault::Computed("(0, 0) per dim")),
            ints("base_dilations").or(AttrDefault::Computed("1 per dim")),
            ints("window_dilations").or(AttrDefault::Computed("1 per dim")),
            COMBINER,
        ],
        WINDOW,
    ),
    OpDecl::by_hand(
        "select_and_scatter",
        &["stablehlo.select_and_scatter"],
        &[
            ints("window_dimensions"),
            ints("window_strides").or(AttrDefault::Computed("1 per dim")),
            other("padding", "[[low, high], …]").or(AttrDefault::Computed("(0, 0) per dim")),
            word("select", SELECT).or(AttrDefault::Word("GE")).hlo(Spelling::Elsewhere("the select region")),
            word("scatter", REDUCE_KIND).or(AttrDefault::Word("add")).hlo(Spelling::Elsewhere("the scatter region")),
        ],
        WINDOW,
    ),
    plain("gather", &["stablehlo.gather"], || {
        OpKind::Gather(Gather {
            offset_dims: Vec::new(),
            collapsed_slice_dims: Vec::new(),
            operand_batching_dims: Vec::new(),
            start_indices_batching_dims: Vec::new(),
            start_index_map: Vec::new(),
            index_vector_dim: 0,
            slice_sizes: Vec::new(),
            indices_are_sorted: false,
        })
    })
    .with(
        &[
            ints("offset_dims").or(EMPTY).hlo(Spelling::Elsewhere(GATHER_FIELD)),
            ints("collapsed_slice_dims").or(EMPTY).hlo(Spelling::Elsewhere(GATHER_FIELD)),
            ints("operand_batching_dims").or(EMPTY).hlo(Spelling::Elsewhere(GATHER_FIELD)),
            ints("start_indices_batching_dims").or(EMPTY).hlo(Spelling::Elsewhere(GATHER_FIELD)),
            ints("start_index_map").hlo(Spelling::Elsewhere(GATHER_FIELD)),
            int("index_vector_dim").hlo(Spelling::Elsewhere(GATHER_FIELD)),
            dims("slice_sizes").hlo(array("slice_sizes")),
            flag("indices_are_sorted").or(NO).hlo(boolean("indices_are_sorted")),
        ],
        |k, f| {
            if let OpKind::Gather(g) = k {
                f.ints("offset_dims", &mut g.offset_dims);
                f.ints("collapsed_slice_dims", &mut g.collapsed_slice_dims);
                f.ints("operand_batching_dims", &mut g.operand_batching_dims);
                f.ints("start_indices_batching_dims", &mut g.start_indices_batching_dims);
                f.ints("start_index_map", &mut g.start_index_map);
                f.int("index_vector_dim", &mut g.index_vector_dim);
                f.ints("slice_sizes", &mut g.slice_sizes);
                f.flag("indices_are_sorted", &mut g.indices_are_sorted);
            }
        },
    )
    .import_by_hand("the fields of `#stablehlo.gather<…>`")
    .export_by_hand("the fields of `#stablehlo.gather<…>`"),
    plain("scatter", &["stablehlo.scatter"], || {
        OpKind::Scatter(Scatter {
            update_window_dims: Vec::new(),
            inserted_window_dims: Vec::new(),
            input_batching_dims: Vec::new(),
            scatter_indices_batching_dims: Vec::new(),
            scatter_dims_to_operand_dims: Vec::new(),
            index_vector_dim: 0,
            indices_are_sorted: false,
            unique_indices: false,
            kind: ScatterKind::Replace,
        })
    })
    .with(
        &[
            ints("update_window_dims").or(EMPTY).hlo(Spelling::Elsewhere(SCATTER_FIELD)),
            ints("inserted_window_dims").or(EMPTY).hlo(Spelling::Elsewhere(SCATTER_FIELD)),
            ints("input_batching_dims").or(EMPTY).hlo(Spelling::Elsewhere(SCATTER_FIELD)),
            ints("scatter_indices_batching_dims").or(EMPTY).hlo(Spelling::Elsewhere(SCATTER_FIELD)),
            ints("scatter_dims_to_operand_dims").hlo(Spelling::Elsewhere(SCATTER_FIELD)),
            int("index_vector_dim").hlo(Spelling::Elsewhere(SCATTER_FIELD)),
            flag("indices_are_sorted").or(NO).hlo(boolean("indices_are_sorted")),
            flag("unique_indices").or(NO).hlo(boolean("unique_indices")),
            word("kind", SCATTER_KIND).or(AttrDefault::Word("replace")).hlo(Spelling::Elsewhere("the update region")),
        ],
        |k, f| {
            if let OpKind::Scatter(s) = k {
                f.ints("update_window_dims", &mut s.update_window_dims);
                f.ints("inserted_window_dims", &mut s.inserted_window_dims);
                f.ints("input_batching_dims", &mut s.input_batching_dims);
                f.ints("scatter_indices_batching_dims", &mut s.scatter_indices_batching_dims);
                f.ints("scatter_dims_to_operand_dims", &mut s.scatter_dims_to_operand_dims);
                f.int("index_vector_dim", &mut s.index_vector_dim);
                f.flag("indices_are_sorted", &mut s.indices_are_sorted);
                f.flag("unique_indices", &mut s.unique_indices);
                f.word("kind", &mut s.kind, &ScatterKind::ALL, ScatterKind::name);
            }
        },
    )
    .import_by_hand("the fields of `#stablehlo.scatter<…>` and the update region")
    .export_by_hand("the fields of `#stablehlo.scatter<…>` and the update region"),
    plain("take", &[], || OpKind::Take(Take { axis: 0 }))
        .with(&[int("axis").or(AttrDefault::Int(0))], |k, f| {
            if let OpKind::Take(t) = k {
                f.int("axis", &mut t.axis);
            }
        })
        .not_in_stablehlo("a gather (export/decompose.rs)"),
    plain("sort", &["stablehlo.sort"], || OpKind::Sort(Sort { dimension: 0, descending: false, is_stable: false }))
        .with(
            &[
                int("dimension").hlo(i64_attr("dimension").or(AttrDefault::Int(-1))),
                flag("descending").or(NO).hlo(Spelling::Elsewhere("the comparator region's direction")),
                flag("is_stable").or(NO).hlo(boolean("is_stable")),
            ],
            |k, f| {
                if let OpKind::Sort(s) = k {
                    f.int("dimension", &mut s.dimension);
                    f.flag("descending", &mut s.descending);
                    f.flag("is_stable", &mut s.is_stable);
                }
            },
        )
        .import_by_hand("the direction is the comparator region's")
        .export_by_hand("the comparator region"),
    plain("triangular_solve", &["stablehlo.triangular_solve"], || {
        OpKind::TriangularSolve(TriangularSolve {
            left_side: false,
            lower: false,
            unit_diagonal: false,
            transpose_a: TransposeA::NoTranspose,
        })
    })
    .with(
        &[
            flag("left_side").hlo(boolean("left_side")),
            flag("lower").hlo(boolean("lower")),
            flag("unit_diagonal").or(NO).hlo(boolean("unit_diagonal")),
            word("transpose_a", TRANSPOSE_A).or(AttrDefault::Word("NO_TRANSPOSE")).hlo(
                Spelling::attr("transpose_a", HloType::Enum { mlir: "transpose", what: "transpose_a" })
                    .or(AttrDefault::Word("NO_TRANSPOSE")),
            ),
        ],
        |k, f| {
            if let OpKind::TriangularSolve(t) = k {
                f.flag("left_side", &mut t.left_side);
                f.flag("lower", &mut t.lower);
                f.flag("unit_diagonal", &mut t.unit_diagonal);
                f.word("transpose_a", &mut t.transpose_a, &TransposeA::ALL, TransposeA::name);
            }
        },
    ),
    plain("cholesky", &["stablehlo.cholesky"], || OpKind::Cholesky(Cholesky { lower: false })).with(
        &[flag("lower").or(NO).hlo(boolean("lower"))],
        |k, f| {
            if let OpKind::Cholesky(c) = k {
                f.flag("lower", &mut c.lower);
            }
        },
    ),
    plain("softmax", &[], || OpKind::Softmax(Softmax { dimension: 0 }))
        .with(&[int("dimension")], |k, f| {
            if let OpKind::Softmax(s) = k {
                f.int("dimension", &mut s.dimension);
            }
        })
        .not_in_stablehlo(DECOMPOSED),
    plain("layer_norm", &[], || OpKind::LayerNorm(Norm { dimensions: Vec::new(), epsilon: 0.0 }))
        .with(NORM, |k, f| {
            if let OpKind::LayerNorm(n) = k {
                norm_fields(n, f);
            }
        })
        .not_in_stablehlo(DECOMPOSED),
    plain("rms_norm", &[], || OpKind::RmsNorm(Norm { dimensions: Vec::new(), epsilon: 0.0 }))
        .with(NORM, |k, f| {
            if let OpKind::RmsNorm(n) = k {
                norm_fields(n, f);
            }
        })
        .not_in_stablehlo(DECOMPOSED),
    OpDecl::by_hand(
        "custom",
        &["stablehlo.custom_call"],
        &[
            other("rule", "a sharding rule"),
            other("result", "{shape, dtype}"),
            other("flops", "a FLOP count").or(AttrDefault::Computed("0")),
            other("body", "a body {args, ops, results}").or(AttrDefault::Computed("none")),
        ],
        "a sharding rule and a body; in StableHLO the call target decides (custom_call.rs)",
    ),
    plain("dynamic_update_slice", &["stablehlo.dynamic_update_slice"], || OpKind::DynamicUpdateSlice),
    plain("bitcast_convert", &["stablehlo.bitcast_convert"], || {
        OpKind::BitcastConvert(BitcastConvert { dtype: DType::F32 })
    })
    .with(&[dtype("dtype").hlo(Spelling::ResultDType(0))], |k, f| {
        if let OpKind::BitcastConvert(b) = k {
            f.dtype("dtype", &mut b.dtype);
        }
    }),
    plain("rng_bit_generator", &["stablehlo.rng_bit_generator"], || {
        OpKind::RngBitGenerator(RngBitGenerator {
            algorithm: RngAlgorithm::Default,
            result: TensorType { shape: Vec::new(), dtype: DType::U32 },
        })
    })
    .with(
        &[
            word("algorithm", RNG).or(AttrDefault::Word("DEFAULT")).hlo(
                Spelling::attr("rng_algorithm", HloType::Enum { mlir: "rng_algorithm", what: "rng algorithm" })
                    .pretty(Pretty::Key("algorithm")),
            ),
            dims("shape").hlo(Spelling::ResultShape(1)),
            dtype("dtype").or(AttrDefault::DType(DType::U32)).hlo(Spelling::ResultDType(1)),
        ],
        |k, f| {
            if let OpKind::RngBitGenerator(r) = k {
                f.word("algorithm", &mut r.algorithm, &RngAlgorithm::ALL, RngAlgorithm::name);
                f.ints("shape", &mut r.result.shape);
                f.dtype("dtype", &mut r.result.dtype);
            }
        },
    ),
    plain("batch_norm_inference", &["stablehlo.batch_norm_inference"], || {
        OpKind::BatchNormInference(BatchNormInference { epsilon: 0.0, feature_index: 0 })
    })
    .with(
        &[
            float("epsilon").or(AttrDefault::Float(Norm::DEFAULT_EPSILON)).hlo(Spelling::attr("epsilon", HloType::F32)),
            int("feature_index").hlo(i64_attr("feature_index")),
        ],
        |k, f| {
            if let OpKind::BatchNormInference(b) = k {
                f.float("epsilon", &mut b.epsilon);
                f.int("feature_index", &mut b.feature_index);
            }
        },
    ),
    OpDecl::by_hand(
        "all_gather",
        &["stablehlo.all_gather"],
        &[int("all_gather_dim"), REPLICA_GROUPS, CHANNEL_ID, GLOBAL_IDS],
        COLLECTIVE,
    ),
    OpDecl::by_hand(
        "all_to_all",
        &["stablehlo.all_to_all"],
        &[
            int("split_dimension"),
            int("concat_dimension"),
            int("split_count").or(AttrDefault::Computed("the size of the first replica group")),
            REPLICA_GROUPS,
            CHANNEL_ID,
        ],
        COLLECTIVE,
    ),
    OpDecl::by_hand(
        "reduce_scatter",
        &["stablehlo.reduce_scatter"],
        &[int("scatter_dimension"), COMBINER, REPLICA_GROUPS, CHANNEL_ID, GLOBAL_IDS],
        COLLECTIVE,
    ),
    OpDecl::by_hand(
        "all_reduce",
        &["stablehlo.all_reduce"],
        &[COMBINER, REPLICA_GROUPS, CHANNEL_ID, GLOBAL_IDS],
        COLLECTIVE,
    ),
    OpDecl::by_hand(
        "collective_permute",
        &["stablehlo.collective_permute"],
        &[other("source_target_pairs", "[[source, target], …]"), CHANNEL_ID],
        COLLECTIVE,
    ),
    OpDecl::by_hand("sharding_constraint", &["sdy.sharding_constraint"], &[], SHARDING),
    // XLA's Shardy import does not take `sdy.reshard`: it is written as the constraint
    // it amounts to.
    OpDecl::by_hand("reshard", &["sdy.reshard"], &[], SHARDING),
    OpDecl::by_hand(
        "propagation_barrier",
        &["sdy.propagation_barrier"],
        &[word("allowed_direction", DIRECTION).hlo(Spelling::Elsewhere("`allowed_direction=…` in `sdy` syntax"))],
        "`BOTH` is refused with its own message; `sdy` syntax",
    ),
    OpDecl::by_hand(
        "named_computation",
        &["sdy.named_computation", "func.call"],
        &[
            other("label", "a name").or(AttrDefault::Computed("empty")),
            other("body", "a body {args, ops, results}"),
            other("in_shardings", "a list of shardings").or(AttrDefault::Computed("none")),
            other("out_shardings", "a list of shardings").or(AttrDefault::Computed("none")),
        ],
        REGION,
    ),
    OpDecl::by_hand(
        "manual_computation",
        &["sdy.manual_computation"],
        &[
            other("manual_axes", "a list of axis names"),
            other("in_shardings", "a list of shardings"),
            other("out_shardings", "a list of shardings"),
            other("body", "a body {args, ops, results}"),
        ],
        REGION,
    ),
    OpDecl::by_hand(
        "while",
        &["stablehlo.while"],
        &[
            int("trip_count").hlo(Spelling::Elsewhere("the counted loop's condition, start and step")),
            other("cond", "a body {args, ops, results} returning one tensor<i1>"),
            other("body", "a body {args, ops, results}"),
        ],
        REGION,
    ),
    OpDecl::by_hand(
        "case",
        &["stablehlo.case", "stablehlo.if"],
        &[
            other("branches", "a list of bodies {args, ops, results}"),
            flag("predicate").or(NO).hlo(Spelling::Elsewhere("`stablehlo.if` rather than `stablehlo.case`")),
        ],
        REGION,
    ),
    OpDecl::by_hand(
        "constant",
        &["stablehlo.constant", "sdy.constant"],
        &[
            dims("shape").hlo(Spelling::ResultShape(0)),
            other("value", "a number (a splat) or a flat list").hlo(Spelling::Elsewhere("a `dense<…>` literal")),
            dtype("dtype").or(AttrDefault::DType(DType::F32)).hlo(Spelling::ResultDType(0)),
        ],
        "a dense literal (a splat or a flat list)",
    ),
    plain("iota", &["stablehlo.iota"], || {
        OpKind::Iota(Iota { ty: TensorType { shape: Vec::new(), dtype: DType::I32 }, iota_dimension: 0 })
    })
    .with(
        &[
            dims("shape").hlo(Spelling::ResultShape(0)),
            int("iota_dimension").hlo(i64_attr("iota_dimension").pretty(Pretty::Key("dim"))),
            dtype("dtype").or(AttrDefault::DType(DType::I32)).hlo(Spelling::ResultDType(0)),
        ],
        |k, f| {
            if let OpKind::Iota(i) = k {
                f.ints("shape", &mut i.ty.shape);
                f.int("iota_dimension", &mut i.iota_dimension);
                f.dtype("dtype", &mut i.ty.dtype);
            }
        },
    ),
];

const GATHER_FIELD: &str = "a field of `dimension_numbers = #stablehlo.gather<…>`";
const SCATTER_FIELD: &str = "a field of `scatter_dimension_numbers = #stablehlo.scatter<…>`";

/// The attributes of `layer_norm` and `rms_norm`.
const NORM: &[AttrDecl] = &[ints("dimensions"), float("epsilon").or(AttrDefault::Float(Norm::DEFAULT_EPSILON))];

fn norm_fields(n: &mut Norm, f: &mut Fields<'_>) {
    f.ints("dimensions", &mut n.dimensions);
    f.float("epsilon", &mut n.epsilon);
}

/// Whether `decl`'s config codec can be derived: every attribute plain.
pub fn config_derivable(decl: &OpDecl) -> bool {
    decl.build.is_some() && decl.attrs.iter().all(AttrDecl::is_plain)
}

/// Whether `decl`'s StableHLO codecs can be derived: every attribute plain and spelt as
/// a named attribute or a part of a result type.
pub fn stablehlo_derivable(decl: &OpDecl) -> bool {
    config_derivable(decl) && !decl.stablehlo.is_empty() && decl.attrs.iter().all(|a| a.hlo.is_readable())
}

#[cfg(test)]
mod tests;
