//! The module reader: the `mpmd` dialect's hooks into the MLIR text layer's generic
//! reader (`autoshard_mlir::Syntax`: aliases, `module { ... }`, `func.func`s, blocks,
//! results), dispatching each op to its own syntax in `parse_ops.rs`. Follows MLIR's
//! grammar and messages; never panics.

use crate::attrs::{Attr, DictAttr, parse_attr, parse_dict};
use crate::ops::{FuncOp, Module, Op, ResultGroup};
use crate::types::{Type, parse_type};
use autoshard_mlir::{Aliases, Cursor, OpName, Result, Syntax, TopLevelOps};

/// Reads an MPMD module from `source`; `file` names it in error locations.
pub fn parse_module(file: &str, source: &str) -> crate::Result<Module> {
    let mut p = Parser::new(file, source, TopLevelOps::Refused);
    Ok(p.module()?)
}

/// [`parse_module`] of a module that may also hold top-level ops other than functions
/// (the `sdy.mesh`es of a module JAX writes): each is read as a generic op into the
/// module's `ops`, which the printer writes before the functions.
pub fn parse_module_with_top_level_ops(file: &str, source: &str) -> crate::Result<Module> {
    let mut p = Parser::new(file, source, TopLevelOps::Kept);
    Ok(p.module()?)
}

/// Reads the functions of `source`, a module that may hold other ops at its top level
/// (a StableHLO module's `sdy.mesh`es): those are read as generic ops and left out.
pub(crate) fn parse_functions(file: &str, source: &str) -> crate::Result<Vec<FuncOp>> {
    let mut p = Parser::new(file, source, TopLevelOps::Skipped);
    Ok(p.module()?.funcs)
}

/// The state of a module being read: the cursor and the aliases defined so far.
pub(crate) struct Parser<'a> {
    pub(crate) c: Cursor<'a>,
    pub(crate) aliases: Aliases<Type, Attr>,
    /// What is done with top-level ops other than functions.
    pub(crate) top_level: TopLevelOps,
}

impl<'a> Parser<'a> {
    fn new(file: &str, source: &'a str, top_level: TopLevelOps) -> Self {
        Parser { c: Cursor::in_file(file, source), aliases: Aliases::default(), top_level }
    }
}

/// The `mpmd` dialect's hooks into the generic module structure: its types,
/// attributes and ops (`parse_ops.rs`).
impl<'a> Syntax<'a> for Parser<'a> {
    type Type = Type;
    type Attr = Attr;
    type Dict = DictAttr;
    type Op = Op;

    fn cursor(&mut self) -> &mut Cursor<'a> {
        &mut self.c
    }

    fn aliases(&mut self) -> &mut Aliases<Type, Attr> {
        &mut self.aliases
    }

    fn parse_type(&mut self) -> Result<Type> {
        parse_type(&mut self.c, &self.aliases.types)
    }

    fn parse_attr(&mut self) -> Result<Attr> {
        parse_attr(&mut self.c, &self.aliases.attrs)
    }

    fn parse_dict(&mut self) -> Result<DictAttr> {
        parse_dict(&mut self.c, &self.aliases.attrs)
    }

    fn parse_op(&mut self, name: OpName<'_>, results: &[ResultGroup]) -> Result<Op> {
        let results = results.first();
        match name {
            OpName::Quoted(name) => Ok(Op::Generic(self.generic(format!("\"{name}\""), results)?)),
            OpName::Bare(name) => self.op_body(name, results),
        }
    }

    fn result_count(op: &Op) -> Option<usize> {
        result_count(op)
    }

    fn other_top_level_ops(&self) -> TopLevelOps {
        self.top_level
    }
}

/// The number of results a typed op defines (`None` for a generic op).
fn result_count(op: &Op) -> Option<usize> {
    Some(match op {
        Op::Fragment(o) => o.result_types.len(),
        Op::FragmentCall(o) => o.result_types.len(),
        Op::For(o) => o.result_types.len(),
        Op::Call(o) | Op::FuncCall(o) => o.result_types.len(),
        Op::NamedComputation(o) => o.result_types.len(),
        Op::Transfer(_) | Op::Reduce(_) | Op::NamedTensor(_) | Op::Assign(_) | Op::Unassign(_) | Op::Broadcast(_) => 1,
        Op::Return(_) | Op::FuncReturn(_) => 0,
        Op::Generic(_) => return None,
    })
}

/// Parses all of `s`, a standalone text form (no aliases), with `parse`.
pub(crate) fn standalone<T>(s: &str, parse: impl FnOnce(&mut Cursor<'_>) -> Result<T>) -> crate::Result<T> {
    let mut c = Cursor::in_file("<string>", s);
    let value = parse(&mut c)?;
    if !c.at_end() {
        return Err(c.error("unexpected text after the end").into());
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::FuncTopology;

    #[test]
    fn reads_functions_and_aliases() {
        let src = r#"
!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
#topo = #mpmd.topology<<"m1": <["x"=2]>>>
module {
func.func public @main(%arg0: !t {mhlo.memory_kind = "device"}) -> (!t) attributes {topology = #topo} {
  %0 = mpmd.transfer %arg0 : (!t) -> !t
  func.return %0 : !t
}
}"#;
        let module = parse_module("x.mlir", src).unwrap();
        let main = module.func("main").unwrap();
        assert_eq!(main.topology().unwrap().len(), 1);
        assert_eq!(main.body.as_ref().unwrap().ops.len(), 2);
    }

    #[test]
    fn top_level_ops_are_kept_when_asked() {
        let src = "sdy.mesh @mesh = <[\"x\"=2]>\nfunc.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}";
        let err = parse_module("x.mlir", src).unwrap_err();
        assert_eq!((err.location().line, err.location().column), (1, 1), "{err}");
        let module = parse_module_with_top_level_ops("x.mlir", src).unwrap();
        assert_eq!((module.ops.len(), module.funcs.len()), (1, 1));
        assert_eq!(module.ops[0].op.name(), "sdy.mesh");
        let printed = module.to_string();
        assert!(printed.contains("sdy.mesh @mesh"), "{printed}");
        assert_eq!(parse_module_with_top_level_ops("printed", &printed).unwrap(), module);
    }

    #[test]
    fn errors_are_located() {
        let err =
            parse_module("x.mlir", "func.func @f(%a: tensor<4xf32>) {\n  %0 = mpmd.transfer %a : tensor<4xf32>\n}")
                .unwrap_err();
        assert_eq!(err.location().line, 2);
        assert!(err.to_string().starts_with("x.mlir:2:"), "{err}");
    }
}
