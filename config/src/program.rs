//! The `program:` section: inputs, ops (with region bodies), outputs and sharding
//! groups, lowered into a [`Program`] through the model's [`ProgramBuilder`].
//!
//! Every problem is reported at the node it concerns and lowering goes on: a value
//! whose definition failed is *poisoned*, and ops that use it are skipped silently
//! (their own results poisoned in turn), so one mistake yields one error. When the
//! mesh itself is invalid nothing can be type-checked or verified; the section is
//! then only read for structural errors.

use super::decode::{Ctx, Fields};
use super::diagnostic::did_you_mean;
use super::ops::{self, COMMON_KEYS};
use super::yaml::{Node, NodeKind};
use autoshard_model::ir::{InputSpec, OpSpec};
use autoshard_model::ops::op_names;
use autoshard_model::{
    DType, Error, Location, Mesh, OpKind, Program, ProgramBuilder, TensorSharding, TensorType, ValueId,
};
use std::collections::{BTreeMap, BTreeSet};

/// The state of lowering one program section.
struct Lowering<'c, 's> {
    ctx: &'c mut Ctx<'s>,
    /// `None` when the mesh is invalid: then nothing is built, only read.
    builder: Option<ProgramBuilder>,
    mesh_name: String,
    poisoned: BTreeSet<String>,
    /// Every name defined anywhere in the section, with where, for "defined later" hints.
    defined: BTreeMap<String, Location>,
    /// Positions of the name nodes that define an already defined name (reported by the
    /// prescan; the op there is skipped).
    redefinitions: BTreeSet<(u32, u32)>,
    /// Names that stand for another value: `data_flow_edge`s without a sharding.
    aliases: BTreeMap<String, ValueId>,
}

/// Reads `program:` for a program called `name` on mesh `@mesh_name` (`None` if the
/// mesh is invalid). Returns the program if this section added no error.
pub fn program(ctx: &mut Ctx<'_>, node: &Node, name: &str, mesh_name: &str, mesh: Option<&Mesh>) -> Option<Program> {
    let errors_before = ctx.diagnostics.len();
    let fields = Fields::new(ctx, node, "the program")?;
    fields.deny_unknown(ctx, &["inputs", "ops", "outputs", "sharding_groups"]);
    let mut lowering = Lowering {
        builder: mesh.map(|m| ProgramBuilder::new(name, mesh_name, m.clone())),
        mesh_name: mesh_name.to_string(),
        poisoned: BTreeSet::new(),
        defined: BTreeMap::new(),
        redefinitions: BTreeSet::new(),
        aliases: BTreeMap::new(),
        ctx,
    };
    lowering.prescan(&fields);
    if let Some(inputs) = fields.get("inputs").and_then(|n| Fields::new(lowering.ctx, n, "inputs")) {
        for (key, value) in inputs.entries() {
            lowering.input(key, value);
        }
    }
    if let Some(ops) = fields.get("ops") {
        lowering.ops(ops);
    }
    if let Some(outputs) = fields.require(lowering.ctx, "outputs") {
        lowering.outputs(outputs);
    }
    if let Some(groups) = fields.get("sharding_groups") {
        lowering.groups(groups);
    }
    let builder = lowering.builder?;
    if ctx.diagnostics.len() > errors_before {
        return None;
    }
    match builder.finish() {
        Ok(program) => Some(program),
        Err(e) => {
            ctx.error(node, e.to_string());
            None
        }
    }
}

/// The byte offset in `sharding`'s text of occurrence `nth` of axis `axis` (quoted),
/// else of its first, else 0.
fn axis_offset(sharding: &Node, axis: &str, nth: usize) -> usize {
    let NodeKind::Str(text) = &sharding.kind else { return 0 };
    let quoted = format!("\"{axis}\"");
    let offsets: Vec<usize> = text.match_indices(&quoted).map(|(offset, _)| offset).collect();
    offsets.get(nth).or(offsets.first()).copied().unwrap_or(0)
}

/// The operand node an out-of-scope error names, if any.
fn offending_operand<'n>(error: &Error, operands: &'n [Node]) -> Option<&'n Node> {
    let Error::OutOfScope { value, .. } = error else { return None };
    operands.iter().find(|n| matches!(&n.kind, NodeKind::Str(s) if s == value))
}

/// The result names of an op: `name: h` or `name: [values, indices]`.
fn result_names<'n>(ctx: &mut Ctx<'_>, node: &'n Node) -> Option<Vec<(String, &'n Node)>> {
    match &node.kind {
        NodeKind::Str(s) => Some(vec![(s.clone(), node)]),
        NodeKind::Seq(items) => {
            let names: Option<Vec<_>> = items.iter().map(|n| ctx.string(n, "a result name").map(|s| (s, n))).collect();
            names.filter(|n| !n.is_empty())
        }
        _ => {
            ctx.expected(node, "a name or a list of names", "the op's results");
            None
        }
    }
}

impl Lowering<'_, '_> {
    /// Records where every input, op result and body argument is defined, and reports
    /// names defined twice.
    fn prescan(&mut self, fields: &Fields<'_>) {
        if let Some(NodeKind::Map(entries)) = fields.get("inputs").map(|n| &n.kind) {
            for (key, _) in entries {
                self.define(key);
            }
        }
        if let Some(ops) = fields.get("ops") {
            self.prescan_ops(ops);
        }
    }

    fn define(&mut self, node: &Node) {
        let NodeKind::Str(name) = &node.kind else { return };
        let at = self.ctx.loc(node);
        match self.defined.get(name) {
            Some(first) => {
                let message = format!("value \"{name}\" is already defined (first defined at {first})");
                self.ctx.error(node, message);
                self.redefinitions.insert((at.line, at.column));
            }
            None => {
                self.defined.insert(name.clone(), at);
            }
        }
    }

    fn prescan_ops(&mut self, ops: &Node) {
        let NodeKind::Seq(items) = &ops.kind else { return };
        for op in items {
            let NodeKind::Map(entries) = &op.kind else { continue };
            for (key, value) in entries {
                let NodeKind::Str(k) = &key.kind else { continue };
                match (k.as_str(), &value.kind) {
                    ("name", NodeKind::Str(_)) => self.define(value),
                    ("name", NodeKind::Seq(names)) => names.iter().for_each(|n| self.define(n)),
                    ("body" | "cond", NodeKind::Map(body)) => self.prescan_region(body),
                    ("branches", NodeKind::Seq(branches)) => {
                        for branch in branches {
                            if let NodeKind::Map(body) = &branch.kind {
                                self.prescan_region(body);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// Records the arguments a region defines and its ops' results.
    fn prescan_region(&mut self, body: &[(Node, Node)]) {
        for (bk, bv) in body {
            match (&bk.kind, &bv.kind) {
                (NodeKind::Str(k), NodeKind::Seq(_)) if k == "ops" => self.prescan_ops(bv),
                (NodeKind::Str(k), NodeKind::Seq(args)) if k == "args" => args.iter().for_each(|a| self.define(a)),
                _ => {}
            }
        }
    }

    /// True when `node` defines a name a second time (already reported).
    fn redefines(&self, node: &Node) -> bool {
        self.redefinitions.contains(&(node.span.line, node.span.column))
    }

    fn poison(&mut self, names: impl IntoIterator<Item = String>) {
        self.poisoned.extend(names);
    }

    /// Reports a builder error at `sharding_node` when it is about a sharding and one
    /// was given, else at `node`.
    fn report(&mut self, error: Error, node: &Node, sharding_node: Option<&Node>) {
        match (&error, sharding_node) {
            (Error::ShardingAxis { axis, nth, .. }, Some(s)) => {
                let offset = axis_offset(s, axis, *nth);
                self.ctx.error_in_scalar(s, offset, error.to_string(), None);
            }
            (Error::Sharding(_), Some(s)) => self.ctx.error_in_scalar(s, 0, error.to_string(), None),
            _ => self.ctx.error(node, error.to_string()),
        }
    }

    /// A sharding string; `None` on a syntax error (reported).
    fn sharding(&mut self, node: &Node) -> Option<TensorSharding> {
        ops::sharding(self.ctx, node, &self.mesh_name)
    }

    /// The value `node` names; `None` when it is poisoned (its definition failed,
    /// already reported) or unknown (reported here).
    fn resolve(&mut self, node: &Node) -> Option<ValueId> {
        let name = self.ctx.string(node, "a value name")?;
        if self.poisoned.contains(&name) {
            return None;
        }
        if let Some(id) = self.builder.as_ref().and_then(|b| b.value_named(&name)) {
            return Some(id);
        }
        if let Some(&id) = self.aliases.get(&name) {
            return Some(id);
        }
        let hint = match self.defined.get(&name) {
            Some(at) => Some(format!("\"{name}\" is defined later, at {at}; ops run in the order they are listed")),
            None => did_you_mean(&name, self.defined.keys().map(String::as_str)),
        };
        self.ctx.error_hint(node, format!("unknown value \"{name}\""), hint);
        None
    }

    /// Resolves a list of names (reporting every unknown one); `None` if any is
    /// poisoned or unknown.
    fn resolve_all(&mut self, nodes: &[Node]) -> Option<Vec<ValueId>> {
        let ids: Vec<Option<ValueId>> = nodes.iter().map(|n| self.resolve(n)).collect();
        ids.into_iter().collect()
    }

    fn input(&mut self, key: &Node, value: &Node) {
        let Some(name) = self.ctx.string(key, "an input name") else { return };
        let Some(f) = Fields::new(self.ctx, value, &format!("input \"{name}\"")) else {
            self.poison([name]);
            return;
        };
        let clean = f.deny_unknown(self.ctx, &["shape", "dtype", "sharding", "parameter"]);
        let shape = f.require(self.ctx, "shape").and_then(|n| self.ctx.shape(n, "shape"));
        let dtype = f.get("dtype").map_or(Some(DType::F32), |n| ops::dtype(self.ctx, n));
        let parameter = f.get("parameter").map_or(Some(false), |n| self.ctx.boolean(n, "parameter"));
        let sharding_node = f.get("sharding");
        let sharding = sharding_node.map(|n| self.sharding(n));
        let Some(shape) = shape else {
            self.poison([name]);
            return;
        };
        // With a bad dtype or flag, or a misspelt key, the input is still added (as
        // f32 when its dtype is lost) so that its sharding is verified, but it stays
        // poisoned: the ops that read it would only report what the misspelling did.
        let valid = clean && dtype.is_some() && parameter.is_some() && !matches!(sharding, Some(None));
        let ty = TensorType::new(shape, dtype.unwrap_or(DType::F32));
        if !self.fits(&ty, value, &format!("input \"{name}\"")) {
            self.poison([name]);
            return;
        }
        let loc = Some(self.ctx.loc(key));
        let spec = InputSpec {
            name: name.clone(),
            ty,
            parameter: parameter.unwrap_or(false),
            sharding: sharding.flatten(),
            loc,
        };
        let result = self.builder.as_mut().map(|b| b.add_input(spec));
        if let Some(Err(e)) = result {
            self.report(e, key, sharding_node);
            self.poison([name.clone()]);
        }
        if !valid || self.builder.is_none() {
            self.poison([name]);
        }
    }

    /// Checks that a tensor's size in bytes fits in 64 bits.
    fn fits(&mut self, ty: &TensorType, node: &Node, what: &str) -> bool {
        let elements = ty.shape.iter().try_fold(1u64, |acc, &d| acc.checked_mul(d.max(0) as u64));
        match elements.and_then(|e| e.checked_mul(ty.dtype.size_bytes())) {
            Some(_) => true,
            None => {
                self.ctx
                    .error(node, format!("{what} of shape {:?} is too large: its size overflows 64 bits", ty.shape));
                false
            }
        }
    }

    fn ops(&mut self, node: &Node) {
        let NodeKind::Seq(items) = &node.kind else {
            self.ctx.expected(node, "a list of ops", "ops");
            return;
        };
        for op in items {
            self.op(op);
        }
    }

    fn op(&mut self, node: &Node) {
        let Some(mut f) = Fields::new(self.ctx, node, "an op") else { return };
        let names = f.require(self.ctx, "name").and_then(|n| result_names(self.ctx, n));
        let op = f.require(self.ctx, "op").and_then(|n| self.ctx.string(n, "op").map(|s| (s, n)));
        let Some(names) = names else { return };
        let Some((op, op_node)) = op else {
            self.poison(names.into_iter().map(|(s, _)| s));
            return;
        };
        if names.iter().any(|(_, n)| self.redefines(n)) {
            return;
        }
        let result_names: Vec<String> = names.iter().map(|(s, _)| s.clone()).collect();
        f.set_what(format!("op \"{}\"", result_names[0]));
        let op = match op.as_str() {
            "data_flow_edge" if f.get("sharding").is_some() => "sharding_constraint".to_string(),
            "data_flow_edge" => return self.data_flow_edge(&f, result_names),
            _ => op,
        };
        let Some(keys) = ops::op_keys(&op) else {
            let hint = did_you_mean(&op, op_names());
            self.ctx.error_hint(op_node, format!("unknown op '{op}'"), hint);
            self.poison(result_names);
            return;
        };
        let allowed: Vec<&str> = COMMON_KEYS.iter().chain(keys).copied().collect();
        // An op with a misspelt key is read for its other errors but not added (a
        // missing attribute's default would give follow-on errors of its own).
        let clean = f.deny_unknown(self.ctx, &allowed);
        let kind = ops::decode(self.ctx, &op, &f, &self.mesh_name);
        let (operand_nodes, operands): (&[Node], _) = match f.get("operands") {
            Some(Node { kind: NodeKind::Seq(items), .. }) => (items, self.resolve_all(items)),
            Some(n) => {
                self.ctx.expected(n, "a list of value names", "operands");
                (&[], None)
            }
            None => (&[], Some(Vec::new())),
        };
        let constraint = matches!(op.as_str(), "sharding_constraint" | "reshard");
        let sharding_node = f.get("sharding");
        let result_shardings = match sharding_node.filter(|_| !constraint) {
            Some(n) => self.result_shardings(n, names.len()),
            None => Some(Vec::new()),
        };
        let (Some(mut kind), Some(operands), Some(result_shardings)) = (kind, operands, result_shardings) else {
            self.poison(result_names);
            return;
        };
        if let OpKind::NamedComputation(named) = &mut kind
            && named.label.is_empty()
        {
            named.label = result_names[0].clone();
        }
        let spec = OpSpec {
            result_names: result_names.clone(),
            kind,
            operands,
            result_shardings,
            loc: Some(self.ctx.loc(node)),
        };
        let custom_with_body = matches!(spec.kind, OpKind::Custom(_)) && f.get("body").is_some();
        if spec.kind.needs_body() || custom_with_body {
            self.region(&f, spec, operand_nodes, sharding_node);
            if !clean {
                self.poison(result_names);
            }
            return;
        }
        let (true, Some(builder)) = (clean, self.builder.as_mut()) else {
            self.poison(result_names);
            return;
        };
        if let Err(e) = builder.add_op(spec) {
            let at = offending_operand(&e, operand_nodes).unwrap_or(node);
            self.report(e, at, sharding_node);
            self.poison(result_names);
        }
    }

    /// `op: data_flow_edge` without a `sharding` (Shardy's `sdy.data_flow_edge`): its
    /// name stands for its one operand, the value itself. (With a sharding it is a
    /// `sharding_constraint`, as Shardy keeps an edge's sharding there.)
    fn data_flow_edge(&mut self, f: &Fields<'_>, result_names: Vec<String>) {
        let clean = f.deny_unknown(self.ctx, &COMMON_KEYS);
        let operand = match f.require(self.ctx, "operands").map(|n| &n.kind) {
            Some(NodeKind::Seq(items)) if items.len() == 1 && result_names.len() == 1 => self.resolve(&items[0]),
            Some(_) => {
                let n = f.get("operands").unwrap_or(f.node);
                self.ctx.expected(n, "one operand and one result", "a data_flow_edge");
                None
            }
            None => None,
        };
        match operand.filter(|_| clean) {
            Some(id) => {
                self.aliases.insert(result_names[0].clone(), id);
            }
            None => self.poison(result_names),
        }
    }

    /// The `sharding:` annotation of an op's results: one string, or a list with one
    /// string (or null) per result.
    fn result_shardings(&mut self, node: &Node, results: usize) -> Option<Vec<Option<TensorSharding>>> {
        match &node.kind {
            NodeKind::Str(_) if results == 1 => self.sharding(node).map(|s| vec![Some(s)]),
            NodeKind::Seq(items) => {
                let shardings: Vec<Option<Option<TensorSharding>>> = items
                    .iter()
                    .map(|n| if matches!(n.kind, NodeKind::Null) { Some(None) } else { self.sharding(n).map(Some) })
                    .collect();
                shardings.into_iter().collect()
            }
            _ => {
                self.ctx.expected(node, &format!("a sharding string or a list of {results}"), "the op's sharding");
                None
            }
        }
    }

    /// A region op: opens its regions one after the other (a `while`'s `cond` and
    /// `body`, a `case`'s `branches`, any other's `body`), lowers each region's
    /// ops, closes it.
    fn region(&mut self, f: &Fields<'_>, spec: OpSpec, operand_nodes: &[Node], sharding_node: Option<&Node>) {
        let op_node = f.node;
        let result_names = spec.result_names.clone();
        let Some(regions) = self.region_nodes(f, &spec.kind) else {
            self.poison(result_names);
            return;
        };
        let mut spec = Some(spec);
        let mut returned: Option<Vec<ValueId>> = None;
        let mut returned_at = op_node;
        let mut open = false;
        for (k, (node, what)) in regions.iter().enumerate() {
            let Some(body) = Fields::new(self.ctx, node, what) else {
                self.poison(result_names.clone());
                break;
            };
            body.deny_unknown(self.ctx, &["args", "ops", "results"]);
            let args = body.require(self.ctx, "args").and_then(|n| {
                let NodeKind::Seq(items) = &n.kind else {
                    self.ctx.expected(n, "a list of names", &format!("{what}'s args"));
                    return None;
                };
                items.iter().map(|a| self.ctx.string(a, "an arg name")).collect::<Option<Vec<_>>>()
            });
            open = match (args.clone(), self.builder.as_mut()) {
                (Some(args), Some(builder)) if k == 0 => match spec.take().map(|s| builder.begin_region(s, args)) {
                    Some(Ok(_)) => true,
                    Some(Err(e)) => {
                        let at = offending_operand(&e, operand_nodes).unwrap_or(op_node);
                        self.report(e, at, f.get("in_shardings").or(sharding_node));
                        false
                    }
                    None => false,
                },
                (Some(args), Some(builder)) if open => match returned.take() {
                    Some(ids) => builder.next_region(ids, args).map_err(|e| self.report(e, returned_at, None)).is_ok(),
                    None => false,
                },
                _ => false,
            };
            if !open {
                self.poison(args.unwrap_or_default());
            }
            if let Some(ops) = body.get("ops") {
                self.ops(ops);
            }
            let results = body.require(self.ctx, "results");
            returned_at = results.unwrap_or(node);
            returned = results.and_then(|n| match &n.kind {
                NodeKind::Seq(items) => self.resolve_all(items),
                _ => {
                    self.ctx.expected(n, "a list of value names", &format!("{what}'s results"));
                    None
                }
            });
            if !open {
                break;
            }
        }
        let closed = match (open, returned, self.builder.as_mut()) {
            (true, Some(ids), Some(builder)) => match builder.end_region(ids) {
                Ok(_) => true,
                Err(e) => {
                    self.report(e, returned_at, f.get("out_shardings"));
                    false
                }
            },
            _ => false,
        };
        if !closed {
            if let (true, Some(builder)) = (open, self.builder.as_mut()) {
                builder.abandon_region();
            }
            self.poison(result_names);
        }
    }

    /// The nodes of an op's regions, in order, each with what it is called.
    fn region_nodes<'n>(&mut self, f: &Fields<'n>, kind: &OpKind) -> Option<Vec<(&'n Node, String)>> {
        match kind {
            OpKind::While(_) => {
                let cond = f.require(self.ctx, "cond");
                let body = f.require(self.ctx, "body");
                Some(vec![(cond?, "the condition".into()), (body?, "the body".into())])
            }
            OpKind::Case(_) => match &f.require(self.ctx, "branches")?.kind {
                NodeKind::Seq(items) => {
                    Some(items.iter().enumerate().map(|(k, n)| (n, format!("branch {k}"))).collect())
                }
                _ => None,
            },
            _ => f.require(self.ctx, "body").map(|n| vec![(n, "the body".into())]),
        }
    }

    fn outputs(&mut self, node: &Node) {
        let Some(outputs) = Fields::new(self.ctx, node, "outputs") else { return };
        if outputs.entries().is_empty() {
            self.ctx.error(node, "the program has no outputs; list at least one value under outputs");
            return;
        }
        for (key, value) in outputs.entries() {
            let (sharding_node, carries) = match &value.kind {
                NodeKind::Null => (None, None),
                _ => {
                    let Some(f) = Fields::new(self.ctx, value, "an output") else { continue };
                    if !f.deny_unknown(self.ctx, &["sharding", "carries"]) {
                        continue;
                    }
                    (f.get("sharding"), f.get("carries"))
                }
            };
            let sharding = sharding_node.map(|n| self.sharding(n));
            let Some(id) = self.resolve(key) else { continue };
            if matches!(sharding, Some(None)) {
                continue;
            }
            let loc = Some(self.ctx.loc(key));
            let Some(builder) = self.builder.as_mut() else { continue };
            match builder.add_output(id, sharding.flatten(), loc) {
                Ok(output) => {
                    if let Some(carried) = carries {
                        self.carry(output, carried);
                    }
                }
                Err(e) => self.report(e, key, sharding_node),
            }
        }
    }

    /// `carries: INPUT` on an output: the next step reads this output as `INPUT`
    /// (a training step's parameters and optimiser state), so both get one
    /// sharding; the input is donated to output number `output`.
    fn carry(&mut self, output: usize, node: &Node) {
        let Some(input) = self.resolve(node) else { return };
        let Some(builder) = self.builder.as_mut() else { return };
        let Some(index) = builder.input_index(input) else {
            let name = self.ctx.string(node, "an input name").unwrap_or_default();
            self.ctx.error(node, format!("carries: \"{name}\" is not a program input"));
            return;
        };
        if let Err(e) = builder.donate(index, output, Some(self.ctx.loc(node))) {
            self.report(e, node, None);
        }
    }

    fn groups(&mut self, node: &Node) {
        let NodeKind::Seq(groups) = &node.kind else {
            self.ctx.expected(node, "a list of groups, like [[a, b]]", "sharding_groups");
            return;
        };
        for group in groups {
            let NodeKind::Seq(members) = &group.kind else {
                self.ctx.expected(group, "a list of value names", "a sharding group");
                continue;
            };
            let Some(ids) = self.resolve_all(members) else { continue };
            let loc = Some(self.ctx.loc(group));
            if let Some(builder) = self.builder.as_mut()
                && let Err(e) = builder.add_sharding_group(ids, loc)
            {
                self.report(e, group, None);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Config;

    const STEP: &str = r#"
mesh: {axes: {x: 2}}
program:
  inputs:
    w: {shape: [4, 8], parameter: true}
    g: {shape: [4, 8]}
  ops:
    - {name: w_new, op: subtract, operands: [w, g]}
  outputs:
    w_new: {carries: w}
"#;

    #[test]
    fn an_output_that_carries_an_input_shares_its_sharding() {
        let config = Config::from_source("step.yaml", STEP).unwrap_or_else(|e| panic!("{e}"));
        let program = &config.program;
        let groups = program.sharding_groups();
        assert_eq!(groups.len(), 1);
        let names: Vec<&str> = groups[0].members.iter().map(|&v| program.value(v).name.as_str()).collect();
        assert_eq!(names, ["w", "w_new"]);
        let err = Config::from_source("step.yaml", &STEP.replace("carries: w", "carries: w_new")).unwrap_err();
        assert_eq!(err.to_string(), "step.yaml:10:22: error: carries: \"w_new\" is not a program input");
        let mut unannotated = Config::from_source("step.yaml", &STEP.replace("{carries: w}", "")).unwrap();
        unannotated.program.carry("0", "w_new").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(unannotated.program.sharding_groups().len(), 1);
        let missing = unannotated.program.carry("9", "0").unwrap_err().to_string();
        assert!(missing.contains("\"9\" is no input of the program"), "{missing}");
    }

    const MLP: &str = r#"
mesh: {axes: {data: 2, model: 4}}
program:
  inputs:
    x:  {shape: [64, 32], dtype: bf16, sharding: '[{"data"}, {}]'}
    w1: {shape: [32, 128], dtype: bf16, parameter: true}
    w2: {shape: [128, 32], dtype: bf16, parameter: true}
  ops:
    - {name: h, op: dot_general, operands: [x, w1], contracting_dims: [[1], [0]]}
    - {name: a, op: gelu, operands: [h]}
    - {name: y, op: dot_general, operands: [a, w2], contracting_dims: [[1], [0]]}
  outputs:
    y: {sharding: '[{"data"}, {}]'}
"#;

    /// Every error of `source` with its misspelling `from` -> `to`, one per line.
    fn errors_with(from: &str, to: &str) -> Vec<String> {
        assert!(MLP.contains(from), "{from}");
        let err = Config::from_source("mlp.yaml", &MLP.replacen(from, to, 1)).expect_err("a misspelt key is an error");
        err.diagnostics.iter().map(|d| format!("{}: {}", d.location, d.message)).collect()
    }

    #[test]
    fn a_misspelt_key_is_the_only_error() {
        // A misspelt required key: not also "missing the required key 'shape'".
        assert_eq!(errors_with("{shape: [64", "{shap: [64"), [r#"mlp.yaml:5:10: unknown key 'shap' in input "x""#]);
        // A misspelt attribute: the op is left out, so no "rank: 2 != 6" at the output
        // from the default dimension numbers the misspelling left.
        assert_eq!(
            errors_with(
                "contracting_dims: [[1], [0]]}\n    - {name: a",
                "contracting_dim: [[1], [0]]}\n    - {name: a"
            ),
            [r#"mlp.yaml:9:53: unknown key 'contracting_dim' in op "h""#]
        );
        // A misspelt dtype: the input is left out, so no f32-against-bf16 error at h.
        assert_eq!(
            errors_with("dtype: bf16, parameter: true}\n    w2", "dtyp: bf16, parameter: true}\n    w2"),
            [r#"mlp.yaml:6:28: unknown key 'dtyp' in input "w1""#]
        );
        // A misspelt output key: the output is left out, nothing else reported.
        assert_eq!(
            errors_with("y: {sharding:", "y: {shardin:"),
            [r#"mlp.yaml:13:9: unknown key 'shardin' in an output"#]
        );
    }

    #[test]
    fn a_missing_key_is_reported_beside_an_unrelated_unknown_one() {
        let errors = errors_with("{shape: [64, 32], dtype: bf16,", "{zzz: [64, 32], dtype: bf16,");
        assert_eq!(
            errors,
            [
                r#"mlp.yaml:5:9: input "x" is missing the required key 'shape'"#,
                r#"mlp.yaml:5:10: unknown key 'zzz' in input "x""#
            ]
        );
    }

    const EDGES: &str = r#"
mesh: {axes: {x: 2}}
program:
  inputs:
    a: {shape: [4, 8]}
  ops:
    - {name: e, op: data_flow_edge, operands: [a]}
    - {name: f, op: data_flow_edge, operands: [e], sharding: '[{"x"}, {}]'}
    - {name: y, op: add, operands: [e, f]}
  outputs:
    y: {}
"#;

    #[test]
    fn a_data_flow_edge_is_its_value_with_its_sharding() {
        use autoshard_model::OpKind;
        let config = Config::from_source("edges.yaml", EDGES).unwrap_or_else(|e| panic!("{e}"));
        let program = &config.program;
        let kinds: Vec<&str> = program.ops().iter().map(|op| op.kind.name()).collect();
        assert_eq!(kinds.len(), 2, "{kinds:?}");
        let OpKind::ShardingConstraint(s) = &program.ops()[0].kind else { panic!("{kinds:?}") };
        assert_eq!(s.to_string(), r#"#sdy.sharding<@mesh, [{"x"}, {}]>"#);
        let a = program.value_named("a");
        assert_eq!(Some(program.ops()[0].operands[0]), a, "the edge without a sharding is the value itself");
        assert_eq!(program.ops()[1].operands[0], program.ops()[0].operands[0]);
        let two = EDGES.replace("operands: [a]}", "operands: [a, a]}");
        let err = Config::from_source("edges.yaml", &two).unwrap_err().to_string();
        assert!(err.starts_with("edges.yaml:7:47: error: expected one operand and one result"), "{err}");
    }
}
