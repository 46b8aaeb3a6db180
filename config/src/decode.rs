//! Typed reading of YAML nodes that records every problem instead of stopping.
//!
//! [`Ctx`] collects diagnostics for one file; [`Fields`] reads one mapping and reports
//! the keys that are not in an allowed list (with the closest allowed name). Readers
//! return `None` after recording an error, so callers go on with the rest of the
//! file. [`is_identifier`] is the rule mesh and size names follow.

use super::diagnostic::{Diagnostic, closest, did_you_mean};
use super::yaml::{self, Node, NodeKind, column_in_scalar};
use autoshard_model::Location;
use std::str::FromStr;
use std::sync::Arc;

/// The file being decoded and the errors found so far.
pub struct Ctx<'s> {
    /// The file name used in locations.
    pub file: Arc<str>,
    /// The file's text.
    pub source: &'s str,
    /// Errors found so far.
    pub diagnostics: Vec<Diagnostic>,
    /// The config's sizes (`sizes:`), which integer positions may reference by name;
    /// `None` when the config declares none.
    pub sizes: Option<super::size_expr::SizeTable>,
    /// The "missing the required key" errors recorded: the mapping, the key, the error.
    missing: Vec<(Location, String, Diagnostic)>,
    /// The keys an unknown key may be a misspelling of, with the mapping that holds it.
    misspelt: Vec<(Location, String)>,
}

impl<'s> Ctx<'s> {
    /// A context for `source` read from `file`.
    pub fn new(file: &str, source: &'s str) -> Self {
        Ctx {
            file: Arc::from(file),
            source,
            diagnostics: Vec::new(),
            sizes: None,
            missing: Vec::new(),
            misspelt: Vec::new(),
        }
    }

    /// Takes over the errors of `other`, a context that read the same file again.
    pub fn absorb(&mut self, other: Ctx<'_>) {
        self.diagnostics.extend(other.diagnostics);
        self.missing.extend(other.missing);
        self.misspelt.extend(other.misspelt);
    }

    /// The errors, sorted by position, without repeats and without the follow-on ones
    /// of a misspelt key: a "missing the required key 'K'" where the same mapping
    /// holds an unknown key whose error already asks "did you mean 'K'?".
    pub fn finish(self) -> Vec<Diagnostic> {
        let follow_on: Vec<&Diagnostic> = self
            .missing
            .iter()
            .filter(|(at, key, _)| self.misspelt.iter().any(|(there, k)| there == at && k == key))
            .map(|(_, _, d)| d)
            .collect();
        let mut diagnostics: Vec<Diagnostic> =
            self.diagnostics.iter().filter(|d| !follow_on.contains(d)).cloned().collect();
        diagnostics.sort_by_key(|d| (d.location.line, d.location.column));
        diagnostics.dedup();
        diagnostics
    }

    /// The location of `node`.
    pub fn loc(&self, node: &Node) -> Location {
        Location { file: self.file.clone(), line: node.span.line, column: node.span.column }
    }

    /// Records an error at `node`.
    pub fn error(&mut self, node: &Node, message: impl Into<String>) {
        self.error_hint(node, message, None);
    }

    /// Records an error with a hint at `node`.
    pub fn error_hint(&mut self, node: &Node, message: impl Into<String>, hint: Option<String>) {
        let location = self.loc(node);
        self.diagnostics.push(Diagnostic { location, message: message.into(), hint });
    }

    /// Records an error at byte `offset` of string scalar `node` (its start when the
    /// column cannot be mapped).
    pub fn error_in_scalar(&mut self, node: &Node, offset: usize, message: impl Into<String>, hint: Option<String>) {
        let mut location = self.loc(node);
        if let Some(column) = column_in_scalar(self.source, node, offset) {
            location.column = column;
        }
        self.diagnostics.push(Diagnostic { location, message: message.into(), hint });
    }

    /// Records "expected X for WHAT, found Y".
    pub fn expected(&mut self, node: &Node, expected: &str, what: &str) {
        let found = match &node.kind {
            NodeKind::Str(s) => format!("the string '{s}'"),
            NodeKind::Int(i) => format!("{i}"),
            kind => kind.describe().to_string(),
        };
        self.error(node, format!("expected {expected} for {what}, found {found}"));
    }

    /// The text of `node` as written in the file (for numbers too large to hold).
    pub fn raw_text(&self, node: &Node) -> Option<&'s str> {
        yaml::raw_text(self.source, node)
    }

    /// Reads a string.
    pub fn string(&mut self, node: &Node, what: &str) -> Option<String> {
        match &node.kind {
            NodeKind::Str(s) => Some(s.clone()),
            _ => {
                self.expected(node, "a string", what);
                None
            }
        }
    }

    /// Reads a boolean.
    pub fn boolean(&mut self, node: &Node, what: &str) -> Option<bool> {
        match node.kind {
            NodeKind::Bool(b) => Some(b),
            _ => {
                self.expected(node, "true or false", what);
                None
            }
        }
    }

    /// Reads an integer, or a size expression when the config declares sizes.
    pub fn int(&mut self, node: &Node, what: &str) -> Option<i64> {
        match &node.kind {
            NodeKind::Int(i) => Some(*i),
            NodeKind::Str(s) if self.sizes.is_some() && super::size_expr::looks_like_expression(s) => {
                self.size_expression(node, s, what)
            }
            NodeKind::Float(f) if f.fract() == 0.0 && f.is_finite() => {
                let f = *f;
                let text = self.raw_text(node).map_or_else(|| format!("{f}"), str::to_string);
                self.error(node, format!("{what} {text} is too large (the limit is {})", i64::MAX));
                None
            }
            _ => {
                self.expected(node, "an integer", what);
                None
            }
        }
    }

    /// Evaluates the size expression `text` of string scalar `node` (`what` in
    /// messages), reporting a problem at its place in the string.
    fn size_expression(&mut self, node: &Node, text: &str, what: &str) -> Option<i64> {
        let sizes = self.sizes.as_deref().unwrap_or_default();
        match super::size_expr::resolve(text, sizes) {
            Ok(value) => Some(value),
            Err(e) => {
                self.error_in_scalar(node, e.offset, format!("{what}: {}", e.message), e.hint);
                None
            }
        }
    }

    /// Reads a number (integer or not).
    pub fn number(&mut self, node: &Node, what: &str) -> Option<f64> {
        match node.kind {
            NodeKind::Int(i) => Some(i as f64),
            NodeKind::Float(f) => Some(f),
            _ => {
                self.expected(node, "a number", what);
                None
            }
        }
    }

    /// Reads a tensor dimension: a non-negative integer no larger than 2^40.
    pub fn dim(&mut self, node: &Node, what: &str) -> Option<i64> {
        const MAX_DIM: i64 = 1 << 40;
        let d = self.int(node, what)?;
        if d < 0 {
            self.error(node, format!("{what} {d} is negative; dimensions are sizes, at least 0"));
            return None;
        }
        if d > MAX_DIM {
            self.error(node, format!("{what} {d} is too large (at most 2^40 = {MAX_DIM})"));
            return None;
        }
        Some(d)
    }

    /// Reads a list, passing each item to `item`; `None` if it is not a list or any
    /// item failed.
    pub fn list<T>(
        &mut self,
        node: &Node,
        what: &str,
        mut item: impl FnMut(&mut Self, &Node) -> Option<T>,
    ) -> Option<Vec<T>> {
        let NodeKind::Seq(items) = &node.kind else {
            self.expected(node, "a list", what);
            return None;
        };
        let values: Vec<Option<T>> = items.iter().map(|n| item(self, n)).collect();
        values.into_iter().collect()
    }

    /// Reads a list of integers.
    pub fn int_list(&mut self, node: &Node, what: &str) -> Option<Vec<i64>> {
        self.list(node, what, |c, n| c.int(n, what))
    }

    /// Reads a list of strings.
    pub fn string_list(&mut self, node: &Node, what: &str) -> Option<Vec<String>> {
        self.list(node, what, |c, n| c.string(n, what))
    }

    /// Reads a shape: a list of dimensions.
    pub fn shape(&mut self, node: &Node, what: &str) -> Option<Vec<i64>> {
        self.list(node, what, |c, n| c.dim(n, &format!("dimension of {what}")))
    }

    /// Reads a quantity with units (`80GiB`, `2us`) or a bare number in SI units.
    pub fn quantity<T>(&mut self, node: &Node, what: &str) -> Option<T>
    where
        T: FromStr<Err = autoshard_model::Error>,
    {
        let text = match &node.kind {
            NodeKind::Str(s) => s.clone(),
            NodeKind::Int(i) => i.to_string(),
            NodeKind::Float(f) => f.to_string(),
            _ => {
                self.expected(node, "a number with a unit", what);
                return None;
            }
        };
        match text.parse() {
            Ok(value) => Some(value),
            Err(_)
                if self.sizes.is_some()
                    && !number_with_unit(&text)
                    && super::size_expr::looks_like_expression(&text) =>
            {
                let n = self.size_expression(node, &text, what)?;
                n.to_string().parse().map_err(|e| self.error(node, format!("{what}: {e}"))).ok()
            }
            Err(e) => {
                self.error(node, format!("{what}: {e}"));
                None
            }
        }
    }

    /// Reads a keyword among `choices`, naming what it is.
    pub fn choice<T: Copy>(&mut self, node: &Node, what: &str, choices: &[(&str, T)]) -> Option<T> {
        let text = self.string(node, what)?;
        if let Some((_, value)) = choices.iter().find(|(name, _)| *name == text) {
            return Some(*value);
        }
        let names: Vec<&str> = choices.iter().map(|(n, _)| *n).collect();
        let hint = did_you_mean(&text, names.iter().copied());
        self.error_hint(node, format!("unknown {what} '{text}' (expected one of {})", names.join(", ")), hint);
        None
    }
}

/// True when `text` is written as a number followed by a word (`80GiBs`, `80 GiBs`,
/// `300GBs/s`): a quantity with a unit, misspelt if it did not parse, rather than a
/// size expression (which joins a number to a name with an operator: `2*d_model`).
fn number_with_unit(text: &str) -> bool {
    let text = text.trim_start();
    let after_number = text.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    after_number.len() < text.len() && after_number.trim_start().starts_with(|c: char| c.is_alphabetic())
}

/// Whether `name` is `[A-Za-z_][A-Za-z0-9_]*`, as mesh and size names must be.
pub(super) fn is_identifier(name: &str) -> bool {
    name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The entries of one YAML mapping being read.
pub struct Fields<'n> {
    /// The mapping node.
    pub node: &'n Node,
    entries: &'n [(Node, Node)],
    what: String,
}

impl<'n> Fields<'n> {
    /// Reads `node` as a mapping, describing it as `what` in messages. A null node is an
    /// empty mapping.
    pub fn new(ctx: &mut Ctx<'_>, node: &'n Node, what: &str) -> Option<Self> {
        match &node.kind {
            NodeKind::Map(entries) => Some(Fields { node, entries, what: what.to_string() }),
            NodeKind::Null => Some(Fields { node, entries: &[], what: what.to_string() }),
            _ => {
                ctx.expected(node, "a mapping", what);
                None
            }
        }
    }

    /// Renames the mapping in messages (`op "c"` once the op's name is known).
    pub fn set_what(&mut self, what: String) {
        self.what = what;
    }

    /// The entries in document order.
    pub fn entries(&self) -> &'n [(Node, Node)] {
        self.entries
    }

    /// The key node and value of `key`, if present.
    pub fn entry(&self, key: &str) -> Option<(&'n Node, &'n Node)> {
        self.entries.iter().find(|(k, _)| matches!(&k.kind, NodeKind::Str(s) if s == key)).map(|(k, v)| (k, v))
    }

    /// The value of `key`, if present.
    pub fn get(&self, key: &str) -> Option<&'n Node> {
        self.entry(key).map(|(_, v)| v)
    }

    /// The value of `key`, or an error at the mapping when it is missing.
    pub fn require(&self, ctx: &mut Ctx<'_>, key: &str) -> Option<&'n Node> {
        let value = self.get(key);
        if value.is_none() {
            let at = ctx.loc(self.node);
            let message = format!("{} is missing the required key '{key}'", self.what);
            let diagnostic = Diagnostic { location: at.clone(), message, hint: None };
            ctx.diagnostics.push(diagnostic.clone());
            ctx.missing.push((at, key.to_string(), diagnostic));
        }
        value
    }

    /// Reports every key not in `allowed`, with the closest allowed key as a hint.
    /// True when every key is allowed: a mapping with a misspelt key is not what its
    /// writer meant, so callers leave out what it defines (its follow-on errors would
    /// only repeat the misspelling). A required key it misspells is not also reported
    /// missing ([`Ctx::finish`]).
    pub fn deny_unknown(&self, ctx: &mut Ctx<'_>, allowed: &[&str]) -> bool {
        let mut clean = true;
        for (key, _) in self.entries {
            match &key.kind {
                NodeKind::Str(k) if allowed.contains(&k.as_str()) => {}
                NodeKind::Str(k) => {
                    clean = false;
                    let at = ctx.loc(self.node);
                    ctx.misspelt
                        .extend(closest(k, allowed.iter().copied()).into_iter().map(|c| (at.clone(), c.into())));
                    let hint = did_you_mean(k, allowed.iter().copied())
                        .or_else(|| Some(format!("{} takes {}", self.what, allowed.join(", "))));
                    ctx.error_hint(key, format!("unknown key '{k}' in {}", self.what), hint);
                }
                _ => {
                    clean = false;
                    ctx.expected(key, "a string key", &self.what);
                }
            }
        }
        clean
    }
}
