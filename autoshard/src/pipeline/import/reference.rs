//! The reference: the whole step unpartitioned, as a StableHLO module read by the
//! StableHLO importer. Every fragment is a `call` of its body (an inline body
//! outlined as a private function) in `@main`'s order (an `mpmd.call`'s or an
//! `mpmd.for`'s fragments inlined, call after call, iteration after iteration), a transfer is the identity
//! (its result names the value it moves), an `mpmd.reduce` is the elementwise ops it
//! names; `@main`'s arguments and results are the reference's inputs and outputs.

use super::Importer;
use super::fragments::plain_func;
use crate::{Error, Result};
use autoshard_model::{Program, ReductionKind, ValueId};
use std::fmt::Write as _;

/// The reference module's text as `@main` is read.
#[derive(Debug, Default)]
pub(super) struct ReferenceText {
    /// `@main`'s arguments, `%name: tensor<…>`.
    args: Vec<String>,
    /// `@main`'s body.
    main: String,
    /// The inline fragments' bodies as private functions.
    pub outlined: String,
}

impl ReferenceText {
    /// An argument of `@main`.
    pub fn arg(&mut self, name: &str, tensor: &autoshard_mpmd::TensorType) {
        self.args.push(format!("%{name}: {tensor}"));
    }

    /// A fragment: `%group = call @callee(operands)` (`%group:count` for several
    /// results); `operands` are names and tensor types.
    pub fn call(&mut self, group: &str, count: usize, callee: &str, operands: &[(String, String)], results: &[String]) {
        let lhs = match count {
            0 => String::new(),
            1 => format!("%{group} = "),
            _ => format!("%{group}:{count} = "),
        };
        let names: Vec<String> = operands.iter().map(|(n, _)| format!("%{n}")).collect();
        let types: Vec<&str> = operands.iter().map(|(_, t)| t.as_str()).collect();
        let _ = writeln!(
            self.main,
            "    {lhs}call @{callee}({}) : ({}) -> ({})",
            names.join(", "),
            types.join(", "),
            results.join(", ")
        );
    }

    /// A reduce of `inputs` into `%output`: a chain of the op its kind names (one
    /// input: the identity, a reshape to itself).
    pub fn reduce(
        &mut self,
        file: &str,
        line: u32,
        kind: Option<ReductionKind>,
        inputs: &[String],
        output: &str,
        tensor: &autoshard_mpmd::TensorType,
    ) -> Result<()> {
        let op = match kind {
            None if inputs.len() == 1 => None,
            Some(ReductionKind::Sum) => Some("add"),
            Some(ReductionKind::Product) => Some("multiply"),
            Some(ReductionKind::Max) => Some("maximum"),
            Some(ReductionKind::Min) => Some("minimum"),
            other => {
                return Err(super::pipeline_error(file, line, format!("mpmd.reduce of {other:?} is not supported")));
            }
        };
        let first = inputs.first().ok_or_else(|| super::pipeline_error(file, line, "an mpmd.reduce of no values"))?;
        let mut acc = format!("%{first}");
        for (i, input) in inputs.iter().enumerate().skip(1) {
            let next = if i + 1 == inputs.len() { format!("%{output}") } else { format!("%{output}_{i}") };
            let _ = writeln!(self.main, "    {next} = stablehlo.{} {acc}, %{input} : {tensor}", op.unwrap_or("add"));
            acc = next;
        }
        if inputs.len() == 1 {
            let _ = writeln!(self.main, "    %{output} = stablehlo.reshape {acc} : ({tensor}) -> {tensor}");
        }
        Ok(())
    }

    /// `@main`'s return of `values` (names and tensor types).
    pub fn ret(&mut self, values: &[(String, String)]) {
        let names: Vec<String> = values.iter().map(|(n, _)| format!("%{n}")).collect();
        let types: Vec<&str> = values.iter().map(|(_, t)| t.as_str()).collect();
        let _ = writeln!(self.main, "    return {} : {}", names.join(", "), types.join(", "));
    }
}

impl Importer<'_> {
    /// The reference program of `text`, with the module's other functions.
    pub(super) fn reference(&self, text: &ReferenceText) -> Result<Program> {
        let file = self.file;
        let results: Vec<String> = self
            .main
            .results
            .iter()
            .map(|r| self.split_type(&r.ty, self.main.loc.line).map(|s| s.0.to_string()))
            .collect::<Result<_>>()?;
        let mut source = String::new();
        let _ = writeln!(source, "module @reference {{");
        source += &self.sdy_meshes();
        let _ = writeln!(source, "  func.func @main({}) -> ({}) {{", text.args.join(", "), results.join(", "));
        source += &text.main;
        source += "  }\n";
        source += &text.outlined;
        // The module's other functions, but its MPMD ones (a microbatch's callee),
        // whose calls the walk unrolled.
        for f in &self.module.funcs {
            if f.name != "main" && !super::walk::is_mpmd_func(f) {
                source += &plain_func(f, &f.name).to_string();
                source += "\n";
            }
        }
        source += "}\n";
        let imported = autoshard_stablehlo::import(file, &source).map_err(|e| {
            Error::Pipeline(format!("{file}: the module's fragments inlined do not read as a program: {e}"))
        })?;
        Ok(imported.program)
    }

    /// The `sdy.mesh` declarations a program on the meshes needs: each sharding's
    /// mesh name bound to the topology's first mesh (the reference ignores shardings).
    fn sdy_meshes(&self) -> String {
        let first = self.topology.meshes().first().map(|m| m.mesh.to_string()).unwrap_or_else(|| "<[]>".into());
        format!("  sdy.mesh @mesh = {first}\n")
    }
}

/// The reference's value `%name` (a name the import gave it).
pub(super) fn value(file: &str, reference: &Program, name: &str) -> Result<ValueId> {
    reference
        .value_named(&format!("%{name}"))
        .ok_or_else(|| Error::Pipeline(format!("{file}: value %{name} is not in the reference program")))
}
