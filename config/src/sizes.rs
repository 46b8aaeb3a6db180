//! The size knob: a config's `sizes:` map of named integers, which shapes and integer
//! attributes reference by name or in small expressions (`size_expr.rs`), and
//! `ci_sizes:`, smaller values for quick runs.
//!
//! Sizes are read in order, each one's value an integer or an expression over the
//! sizes before it, so a derived size (`d_ff: d_model*4`) follows an override of the
//! size it is derived from. Overrides (`--size NAME=VALUE`, or the library's
//! [`Config::from_source_with_sizes`](super::Config::from_source_with_sizes)) replace a
//! declared size's value before anything reads it; naming a size the config does not
//! declare is an error that lists the declared ones.

use super::decode::{Ctx, Fields, is_identifier};
use super::diagnostic::did_you_mean;
use super::size_expr::SizeTable;
use super::yaml::{Node, NodeKind};

/// A name-to-node map's entries read as `(name, name node, value node)`, each name an
/// identifier.
fn entries<'n>(ctx: &mut Ctx<'_>, node: &'n Node, what: &str) -> Vec<(String, &'n Node, &'n Node)> {
    let Some(fields) = Fields::new(ctx, node, what) else { return Vec::new() };
    let mut out = Vec::new();
    for (key, value) in fields.entries() {
        let Some(name) = ctx.string(key, "a size name") else { continue };
        if !is_identifier(&name) {
            let message = format!("size name '{name}' is not an identifier (letters, digits and _, not first a digit)");
            ctx.error(key, message);
            continue;
        }
        out.push((name, key, value));
    }
    out
}

/// Reads `sizes:` (when present) into `ctx.sizes`, applying `overrides`, and
/// `ci_sizes:` into the returned table. Overrides of sizes the config does not
/// declare are reported at `sizes:` (or the top of the file).
pub fn decode(
    ctx: &mut Ctx<'_>,
    root: &Node,
    sizes: Option<(&Node, &Node)>,
    ci_sizes: Option<&Node>,
    overrides: &[(String, i64)],
) -> SizeTable {
    let mut table: SizeTable = Vec::new();
    if let Some((_, node)) = sizes {
        for (name, key, value) in entries(ctx, node, "sizes") {
            if table.iter().any(|(n, _)| *n == name) {
                ctx.error(key, format!("size '{name}' is declared twice"));
                continue;
            }
            // Read the declared value even when overridden, so its errors show.
            ctx.sizes = Some(table.clone());
            let declared = ctx.int(value, &format!("size '{name}'"));
            let overridden = overrides.iter().rev().find(|(n, _)| *n == name).map(|(_, v)| *v);
            if let Some(v) = overridden.or(declared) {
                table.push((name, v));
            }
        }
    }
    let declared_names: Vec<String> = table.iter().map(|(n, _)| n.clone()).collect();
    let at = sizes.map_or(root, |(key, _)| key);
    for (name, value) in overrides {
        if !sizes.is_some_and(|(_, node)| declares(node, name)) {
            let (message, hint) = unknown_override(name, *value, &declared_names, sizes.is_some());
            ctx.error_hint(at, message, hint);
        }
    }
    ctx.sizes = sizes.map(|_| table);
    let mut ci: SizeTable = Vec::new();
    if let Some(node) = ci_sizes {
        let Some((_, sizes_node)) = sizes else {
            ctx.error(node, "ci_sizes overrides sizes, but the config declares no 'sizes:'");
            return ci;
        };
        for (name, key, value) in entries(ctx, node, "ci_sizes") {
            if !declares(sizes_node, &name) {
                let hint = did_you_mean(&name, declared_names.iter().map(String::as_str));
                let message = format!(
                    "ci_sizes names '{name}', which is not a size (the sizes are {})",
                    declared_names.join(", ")
                );
                ctx.error_hint(key, message, hint);
                continue;
            }
            let saved = ctx.sizes.take();
            let read = ctx.int(value, &format!("ci size '{name}'"));
            ctx.sizes = saved;
            if let Some(v) = read {
                ci.push((name, v));
            }
        }
    }
    ci
}

/// True when the `sizes:` mapping `node` has a key `name` (also one whose value
/// failed to read).
fn declares(node: &Node, name: &str) -> bool {
    matches!(&node.kind, NodeKind::Map(entries) if entries.iter().any(|(k, _)| matches!(&k.kind, NodeKind::Str(s) if s == name)))
}

fn unknown_override(name: &str, value: i64, declared: &[String], has_sizes: bool) -> (String, Option<String>) {
    if !has_sizes {
        let message = format!("size override {name}={value}: the config declares no sizes");
        return (message, Some("declare the sizes a config can vary under 'sizes:'".into()));
    }
    let message =
        format!("size override {name}={value}: unknown size '{name}' (the sizes are {})", declared.join(", "));
    (message, did_you_mean(name, declared.iter().map(String::as_str)))
}
