//! The AST of an MPMD module: the generic structure of the MLIR text layer
//! (`autoshard_mlir::{Module, Func, Block, Operation}`) with the ops of the `mpmd`
//! dialect as its ops, each with typed fields, plus `func.return`, `func.call` and a generic op for everything else
//! (StableHLO and other dialects), kept as text with its value uses and regions so it
//! prints back parseably. Values keep the names they were written with.

use crate::attrs::{Attr, DictAttr, Reduction, UserOrigin};
use crate::types::Type;
use autoshard_model::TensorSharding;
use autoshard_model::pipeline::Topology;

pub use autoshard_mlir::{ResultGroup, ValueRef};

/// A block argument, `%arg1: tensor<4xf32>`.
pub type BlockArg = autoshard_mlir::BlockArg<Type>;
/// A block: optional label (`^bb0`), arguments and ops (the last one its terminator).
pub type Block = autoshard_mlir::Block<Type, Op>;
/// One op with the values it defines and where it was written (equality ignores the
/// location).
pub type Operation = autoshard_mlir::Operation<Op>;
/// A function argument with its type and attributes.
pub type FuncArg = autoshard_mlir::FuncArg<Type, DictAttr>;
/// A function result type with its attributes.
pub type FuncResult = autoshard_mlir::FuncResult<Type, DictAttr>;
/// `func.func`: an MPMD program (with a `topology` attribute) or an SPMD function.
pub type FuncOp = autoshard_mlir::Func<Type, DictAttr, Op>;
/// An MPMD module: aliases, then functions.
pub type Module = autoshard_mlir::Module<Type, Attr, DictAttr, Op>;

/// Every op the crate knows, and the generic op for the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    /// `mpmd.fragment`.
    Fragment(FragmentOp),
    /// `mpmd.fragment_call`.
    FragmentCall(FragmentCallOp),
    /// `mpmd.transfer`.
    Transfer(TransferOp),
    /// `mpmd.reduce`.
    Reduce(ReduceOp),
    /// `mpmd.for`.
    For(ForOp),
    /// `mpmd.call`.
    Call(CallOp),
    /// `mpmd.named_computation`.
    NamedComputation(NamedComputationOp),
    /// `mpmd.named_tensor`.
    NamedTensor(NamedTensorOp),
    /// `mpmd.assign`.
    Assign(AssignOp),
    /// `mpmd.unassign`.
    Unassign(UnassignOp),
    /// `mpmd.broadcast`.
    Broadcast(BroadcastOp),
    /// `mpmd.return`.
    Return(ReturnOp),
    /// `func.return` (printed `return`).
    FuncReturn(ReturnOp),
    /// `func.call` (printed `call`).
    FuncCall(CallOp),
    /// Any other op.
    Generic(GenericOp),
}

impl Op {
    /// The op's full name (`mpmd.fragment`, `func.return`, `stablehlo.add`).
    pub fn name(&self) -> &str {
        match self {
            Op::Fragment(_) => "mpmd.fragment",
            Op::FragmentCall(_) => "mpmd.fragment_call",
            Op::Transfer(_) => "mpmd.transfer",
            Op::Reduce(_) => "mpmd.reduce",
            Op::For(_) => "mpmd.for",
            Op::Call(_) => "mpmd.call",
            Op::NamedComputation(_) => "mpmd.named_computation",
            Op::NamedTensor(_) => "mpmd.named_tensor",
            Op::Assign(_) => "mpmd.assign",
            Op::Unassign(_) => "mpmd.unassign",
            Op::Broadcast(_) => "mpmd.broadcast",
            Op::Return(_) => "mpmd.return",
            Op::FuncReturn(_) => "func.return",
            Op::FuncCall(_) => "func.call",
            Op::Generic(g) => &g.name,
        }
    }
}

/// `mpmd.fragment`: a block of ops assigned to one mesh of the topology.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FragmentOp {
    /// The mesh the fragment runs on.
    pub mesh_name: String,
    /// The user computations the fragment came from.
    pub origins: Vec<UserOrigin>,
    /// The pipeline stage, for user fragments.
    pub stage: Option<i64>,
    /// Shardings of the block arguments.
    pub in_shardings: Option<Vec<TensorSharding>>,
    /// Shardings of the results.
    pub out_shardings: Option<Vec<TensorSharding>>,
    /// The operands.
    pub operands: Vec<ValueRef>,
    /// Other attributes (`arg_attrs`, `res_attrs`, ...).
    pub attrs: DictAttr,
    /// The body; its arguments have the operands' global tensor types.
    pub body: Block,
    /// The operands' types.
    pub operand_types: Vec<Type>,
    /// The result types.
    pub result_types: Vec<Type>,
}

/// `mpmd.fragment_call`: a call of a function holding a fragment's body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FragmentCallOp {
    /// The mesh the fragment runs on.
    pub mesh_name: String,
    /// The user computations it came from.
    pub origins: Vec<UserOrigin>,
    /// The called function.
    pub callee: String,
    /// The operands.
    pub operands: Vec<ValueRef>,
    /// Other attributes.
    pub attrs: DictAttr,
    /// The operands' types.
    pub operand_types: Vec<Type>,
    /// The result types.
    pub result_types: Vec<Type>,
}

/// `mpmd.transfer`: moves a mesh tensor to a mesh, sharding or memory kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferOp {
    /// The transferred value.
    pub operand: ValueRef,
    /// Attributes.
    pub attrs: DictAttr,
    /// The operand's type.
    pub operand_type: Type,
    /// The result type.
    pub result_type: Type,
}

/// `mpmd.reduce<kind>`: a cross-mesh reduction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReduceOp {
    /// How the operands combine.
    pub kind: Reduction,
    /// The operands.
    pub operands: Vec<ValueRef>,
    /// Attributes.
    pub attrs: DictAttr,
    /// The operands' types.
    pub operand_types: Vec<Type>,
    /// The result type.
    pub result_type: Type,
}

/// `mpmd.for`: a loop of a fixed number of iterations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForOp {
    /// The loop-carried values.
    pub operands: Vec<ValueRef>,
    /// The number of iterations.
    pub iterations: u32,
    /// The unroll factor, which must divide `iterations`.
    pub unroll_factor: Option<u32>,
    /// Other attributes.
    pub attrs: DictAttr,
    /// The body: one argument per operand, then the index.
    pub body: Block,
    /// The result types (the operands' types, pairwise).
    pub result_types: Vec<Type>,
}

/// `mpmd.call` (and `func.call`): a call of a function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallOp {
    /// The called function.
    pub callee: String,
    /// The operands.
    pub operands: Vec<ValueRef>,
    /// Attributes (`call_counter`, ...).
    pub attrs: DictAttr,
    /// The operands' types.
    pub operand_types: Vec<Type>,
    /// The result types.
    pub result_types: Vec<Type>,
}

/// `mpmd.named_computation<"name"(n)>`: a named scope of ops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedComputationOp {
    /// The user origin: name and transpose count.
    pub origin: UserOrigin,
    /// The operands.
    pub operands: Vec<ValueRef>,
    /// Other attributes.
    pub attrs: DictAttr,
    /// The body.
    pub body: Block,
    /// The operands' types.
    pub operand_types: Vec<Type>,
    /// The result types.
    pub result_types: Vec<Type>,
}

/// `mpmd.named_tensor %x name="n"`: names a tensor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedTensorOp {
    /// The tensor.
    pub operand: ValueRef,
    /// Its name.
    pub name: String,
    /// Other attributes.
    pub attrs: DictAttr,
    /// The tensor's (and result's) type.
    pub ty: Type,
}

/// `mpmd.assign`: a local tensor assigned to a mesh.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssignOp {
    /// The local tensor.
    pub operand: ValueRef,
    /// The `origin` attribute, if any.
    pub origin: Option<String>,
    /// Other attributes.
    pub attrs: DictAttr,
    /// The operand's type.
    pub operand_type: Type,
    /// The mesh tensor type of the result.
    pub result_type: Type,
}

/// `mpmd.unassign`: a mesh tensor taken back to a local tensor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnassignOp {
    /// The mesh tensor.
    pub operand: ValueRef,
    /// The `origin` attribute, if any.
    pub origin: Option<String>,
    /// Other attributes.
    pub attrs: DictAttr,
    /// The operand's type.
    pub operand_type: Type,
    /// The local tensor type of the result.
    pub result_type: Type,
}

/// `mpmd.broadcast`: a tensor made available on every mesh that uses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BroadcastOp {
    /// The tensor.
    pub operand: ValueRef,
    /// Attributes.
    pub attrs: DictAttr,
    /// The type of the tensor and the result.
    pub ty: Type,
}

/// `mpmd.return` / `func.return`: a terminator.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReturnOp {
    /// The returned values.
    pub operands: Vec<ValueRef>,
    /// Attributes.
    pub attrs: DictAttr,
    /// Their types.
    pub types: Vec<Type>,
}

/// A piece of a generic op's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Text, with blanks collapsed.
    Text(String),
    /// A use of a value.
    Use(ValueRef),
    /// A value the op defines for its regions (`%iterArg = ...`, `%a: type`).
    Def(String),
    /// A region.
    Region(Vec<Block>),
}

/// An op of another dialect, kept as the text after its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenericOp {
    /// The op name as written (`stablehlo.add`, or `"stablehlo.add"` in generic form).
    pub name: String,
    /// The text after the name.
    pub pieces: Vec<Piece>,
    /// The result types read from the trailing type signature, when it could be read.
    pub result_types: Option<Vec<Type>>,
}

impl GenericOp {
    /// The values the op uses, outside its regions.
    pub fn uses(&self) -> impl Iterator<Item = &ValueRef> {
        self.pieces.iter().filter_map(|p| if let Piece::Use(v) = p { Some(v) } else { None })
    }
}

/// The topology of an MPMD function: its `topology` attribute.
pub trait FuncTopology {
    /// The topology, if the function has one.
    fn topology(&self) -> Option<&Topology>;
}

impl FuncTopology for FuncOp {
    fn topology(&self) -> Option<&Topology> {
        match self.attrs.get("topology") {
            Some(Attr::Topology(t)) => Some(t),
            _ => None,
        }
    }
}
