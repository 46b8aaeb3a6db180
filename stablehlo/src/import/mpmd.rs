//! The ops of Shardy's `mpmd` dialect that a program *before* MPMD partitioning
//! holds (docs/pipelines.md "Reading MPMD modules"): `mpmd.named_computation`, a
//! region labelled with its user origin (`"layer1"`, or `"layer1"(1)` for its
//! transpose, the backward, which shares the label and so the unit and mesh);
//! `mpmd.named_tensor`, an identity that names a value (the name is the value's
//! name in the program, so `pipeline.accumulate` can name it); and `mpmd.call`, a
//! call, inlined as `func.call` is. The ops of a partitioned program (fragments,
//! transfers, assignments) are not a program to plan: they are refused with a
//! message that says so.

use super::Importer;
use crate::ast::Operation;
use autoshard_model::Diagnostic;
use autoshard_model::ir::OpSpec;
use autoshard_model::ops::{NamedComputation, OpKind};
use autoshard_mpmd::UserOrigin;

impl Importer<'_> {
    /// The label of `mpmd.named_computation<"name"(count)>`: the origin's name.
    pub(super) fn user_origin_label(&self, op: &Operation) -> Result<String, Diagnostic> {
        let word = op.words.iter().find(|w| w.text.starts_with('<'));
        let Some(word) = word else {
            return Err(self.err(op.loc.clone(), "mpmd.named_computation needs its origin, as in <\"layer1\">"));
        };
        let inner = word.text.trim_start_matches('<').strip_suffix('>').unwrap_or(&word.text);
        let origin: UserOrigin =
            inner.parse().map_err(|e| self.err(word.pos.clone(), format!("mpmd.named_computation's origin: {e}")))?;
        Ok(origin.name)
    }

    /// A named computation labelled `label`, without shardings.
    pub(super) fn named_computation_kind(label: String) -> OpKind {
        OpKind::NamedComputation(NamedComputation { label, in_shardings: None, out_shardings: None })
    }

    /// `mpmd.named_tensor %x name="n"`: the value again, named `n`.
    pub(super) fn named_tensor(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        let Some(name) = op.attr("name") else {
            return Err(self.err(op.loc.clone(), "mpmd.named_tensor needs a name, as in name=\"activations\""));
        };
        let quoted = name.text.strip_prefix('"').and_then(|t| t.strip_suffix('"'));
        let Some(name) = quoted.and_then(autoshard_model::unescape_string) else {
            return Err(
                self.err(name.pos.clone(), format!("mpmd.named_tensor's name must be a string, not {}", name.text))
            );
        };
        let operand = self.operand(op)?;
        let spec = OpSpec {
            result_names: vec![name],
            kind: OpKind::OptimizationBarrier,
            operands: vec![operand],
            result_shardings: self.result_shardings(op)?,
            loc: Some(self.loc(op.loc.clone())),
        };
        let values = self.builder.add_op(spec).map_err(|e| self.err(op.loc.clone(), e.to_string()))?;
        self.bind(op, &values)
    }

    /// An op of a partitioned MPMD program, which is not a program to plan.
    pub(super) fn partitioned_mpmd_op(&self, op: &Operation) -> Diagnostic {
        let message = format!(
            "{} belongs to a partitioned MPMD program (fragments on meshes); autoshard plans the program before \
             partitioning: its named computations, named tensors and calls, with the `topology` attribute on @main \
             (its own partitioned output reads back with `autoshard::read_mpmd`)",
            op.name
        );
        self.err(op.loc.clone(), message)
    }
}

#[cfg(test)]
mod tests {
    use autoshard_model::OpKind;

    const PROGRAM: &str = r#"
!t = tensor<8x4xf32>
func.func @main(%arg0: !t, %arg1: tensor<4x4xf32>) -> (!t) attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>} {
  %0 = mpmd.named_computation<"layer1"> (%arg0, %arg1) (%arg0: !t, %arg1: tensor<4x4xf32>) {
    %1 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (!t, tensor<4x4xf32>) -> !t
    mpmd.return %1 : !t
  } : (!t, tensor<4x4xf32>) -> !t
  %act = mpmd.named_tensor %0 name="act" : !t
  %2 = mpmd.named_computation<"layer1"(1)> (%act) (%arg0: !t) {
    %1 = stablehlo.add %arg0, %arg0 : !t
    mpmd.return %1 : !t
  } : (!t) -> !t
  %3 = mpmd.call @double(%2) {call_counter = 0 : ui32} : (!t) -> !t
  return %3 : !t
}
func.func private @double(%arg0: !t) -> !t {
  %0 = stablehlo.add %arg0, %arg0 : !t
  return %0 : !t
}"#;

    fn labels(program: &autoshard_model::Program) -> Vec<String> {
        let label = |op| match &program.op(op).kind {
            OpKind::NamedComputation(nc) => Some(nc.label.clone()),
            _ => None,
        };
        program.top_level().iter().filter_map(|&op| label(op)).collect()
    }

    #[test]
    fn reads_a_program_before_mpmd_partitioning() {
        let module = crate::import("step.mlir", PROGRAM).unwrap_or_else(|e| panic!("{e}"));
        let topology = module.topology.expect("the topology of @main");
        assert_eq!(topology.to_string(), r#"#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>"#);
        // The transpose shares its forward's label; the call is inlined under its callee's.
        assert_eq!(labels(&module.program), ["layer1", "layer1", "double"]);
        let act = module.program.value_named("act").expect("the named tensor names its value");
        assert_eq!(module.program.value(act).ty.to_string(), "tensor<8x4xf32>");
    }

    fn error(source: &str) -> String {
        crate::import("step.mlir", source).map(|_| ()).expect_err("an error").to_string()
    }

    #[test]
    fn refuses_partitioned_programs_bad_origins_and_unknown_aliases() {
        let fragment = r#"func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%arg1: tensor<4xf32>) {
    mpmd.return %arg1 : tensor<4xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}"#;
        let message = error(fragment);
        assert!(message.starts_with("step.mlir:2:3: ") && message.contains("partitioned MPMD program"), "{message}");
        let origin = PROGRAM.replace(r#"<"layer1"(1)>"#, r#"<"layer1"(x)>"#);
        assert!(error(&origin).contains("mpmd.named_computation's origin"), "{}", error(&origin));
        let alias = PROGRAM.replace("(%act) (%arg0: !t)", "(%act) (%arg0: !u)");
        assert!(error(&alias).contains("type alias '!u' is not defined"), "{}", error(&alias));
    }
}
