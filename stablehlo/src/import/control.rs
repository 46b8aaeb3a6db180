//! Control flow read into the program: `stablehlo.while` as a `while` op with the
//! trip count of its counted loop ([`loops::trip_count`]), and `stablehlo.case` /
//! `stablehlo.if` as a `case` op whose branches take, as arguments, the values they
//! read from around them. MLIR reuses value names across sibling regions, so each
//! region is read behind its own prefix (`STEM.cond.`, `STEM.do.`, `STEM.bK.`);
//! constants from around a region are built again inside it.

use super::Importer;
use crate::ast::{Block, Operation, ValueRef};
use crate::loops;
use autoshard_model::Diagnostic;
use autoshard_model::OpKind;
use autoshard_model::ir::OpSpec;
use autoshard_model::ops::{Case, While};

impl Importer<'_> {
    /// `stablehlo.while`: a `while` op with the trip count of its counted loop
    /// ([`loops::trip_count`]); its condition and body are read behind the prefixes
    /// `STEM.cond.` and `STEM.do.` (MLIR reuses names across sibling regions).
    pub(super) fn while_loop(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        let trip_count = loops::trip_count(op, &|name: &str| self.scalar_through(name)).map_err(|m| {
            let message = format!(
                "stablehlo.while: autoshard prices a loop by its trip count, which it reads from a counted \
                 loop (a counter from a constant, stepped by a constant, compared with a constant bound, as \
                 scan and fori_loop lower); here {m}"
            );
            self.err(op.loc.clone(), message)
        })?;
        let [cond, body] = &op.regions[..] else {
            return Err(self.err(op.loc.clone(), "stablehlo.while needs a condition and a body region"));
        };
        let operands = op.operands.iter().map(|o| self.value(o, op.loc.clone())).collect::<Result<Vec<_>, _>>()?;
        let spec = self.spec(op, OpKind::While(While { trip_count }), operands)?;
        let args = |region: &Block| region.args.iter().map(|a| a.name.clone()).collect::<Vec<_>>();
        self.regions(op, spec, &[(cond, "cond".into(), args(cond)), (body, "do".into(), args(body))])
    }

    /// `stablehlo.case` or `stablehlo.if`: a `case` op whose operands are the
    /// selector and the values its branches read from around them (in first-use
    /// order), each branch read behind the prefix `STEM.bK.` with those values as
    /// its arguments; constants from around it are built again inside.
    pub(super) fn case(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        let [selector] = &op.operands[..] else {
            return Err(self.err(op.loc.clone(), format!("{} takes one selector, not {}", op.name, op.operands.len())));
        };
        let captured: Vec<String> =
            captured(&op.regions).into_iter().filter(|n| self.env.contains_key(&self.key(n))).collect();
        let mut operands = vec![self.value(selector, op.loc.clone())?];
        for name in &captured {
            operands.push(self.value_named(name, op.loc.clone())?);
        }
        let kind = OpKind::Case(Case { branches: op.regions.len(), predicate: op.name == "stablehlo.if" });
        let spec = self.spec(op, kind, operands)?;
        let branches: Vec<_> =
            op.regions.iter().enumerate().map(|(k, r)| (r, format!("b{k}"), captured.clone())).collect();
        self.regions(op, spec, &branches)
    }

    /// Builds region op `spec` of `op` from `regions`, each with the suffix of its
    /// prefix (`cond`: `%STEM.cond.`) and its arguments' names: the first opens
    /// the op, each next one closes the one before (`next_region`), and the op is
    /// closed with what the last returns. Constants around the op are visible in
    /// every region.
    fn regions(
        &mut self,
        op: &Operation,
        spec: OpSpec,
        regions: &[(&Block, String, Vec<String>)],
    ) -> Result<(), Diagnostic> {
        let stem = op.result_ids().first().map_or("region", |r| r.split('#').next().unwrap_or(r)).to_string();
        let outer = self.prefix.clone();
        self.enclosing.push(outer.clone());
        let (mut spec, mut opened, mut returned) = (Some(spec), Ok(()), Ok(Vec::new()));
        for (region, suffix, args) in regions {
            self.prefix = format!("{outer}{stem}.{suffix}.");
            returned = match (returned, spec.take()) {
                (Ok(_), Some(spec)) => {
                    opened = self.open(op, spec, args);
                    opened.clone().map(|()| Vec::new())
                }
                (Ok(previous), None) => {
                    let names: Vec<String> = args.iter().map(|a| self.key(a)).collect();
                    let next = self.builder.next_region(previous, names.clone());
                    next.map(|values| self.env.extend(names.into_iter().zip(values)))
                        .map(|()| Vec::new())
                        .map_err(|e| self.err(op.loc.clone(), e.to_string()))
                }
                (Err(e), _) => Err(e),
            };
            returned = returned.and_then(|_| self.block(&region.ops));
        }
        self.prefix = outer;
        self.enclosing.pop();
        opened?;
        self.close(op, returned)
    }
}

/// The names `regions` read without defining them (from around them), in
/// first-use order.
fn captured(regions: &[Block]) -> Vec<String> {
    fn visit(ops: &[Operation], defined: &mut Vec<String>, out: &mut Vec<String>) {
        for op in ops {
            for name in op.operands.iter().map(ValueRef::id) {
                if !defined.contains(&name) && !out.contains(&name) {
                    out.push(name);
                }
            }
            for region in &op.regions {
                defined.extend(region.args.iter().map(|a| a.name.clone()));
                visit(&region.ops, defined, out);
            }
            defined.extend(op.result_ids());
        }
    }
    let mut out = Vec::new();
    for region in regions {
        let mut defined = region.args.iter().map(|a| a.name.clone()).collect();
        visit(&region.ops, &mut defined, &mut out);
    }
    out
}
