//! The YAML document as a tree of nodes that know where they were written.
//!
//! serde-saphyr parses the text (YAML 1.2, duplicate keys rejected, line/column on
//! every syntax error) into this tree through its `Spanned` wrapper; the decoders
//! then walk it and report every problem at the node it concerns. A position inside
//! a string scalar (where a sharding string goes wrong, say) maps back to its column
//! in the file for single-line plain and quoted scalars.

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;
use std::fmt;

/// Where a node starts: 1-based line and column, and its byte range in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// Byte offset of the node's text, when known.
    pub offset: Option<usize>,
    /// Byte length of the node's text, when known.
    pub len: Option<usize>,
}

impl Span {
    fn of(location: &serde_saphyr::Location) -> Span {
        let span = location.span();
        Span {
            line: u32::try_from(location.line()).unwrap_or(u32::MAX),
            column: u32::try_from(location.column()).unwrap_or(u32::MAX),
            offset: span.byte_offset().and_then(|o| usize::try_from(o).ok()),
            len: span.byte_len().and_then(|l| usize::try_from(l).ok()),
        }
    }
}

/// A YAML node.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// What the node holds.
    pub kind: NodeKind,
    /// Where it was written.
    pub span: Span,
}

/// The value of a YAML node.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    /// `null`, `~` or nothing.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer that fits in 64 bits.
    Int(i64),
    /// Any other number.
    Float(f64),
    /// A string.
    Str(String),
    /// A sequence.
    Seq(Vec<Node>),
    /// A mapping, in document order.
    Map(Vec<(Node, Node)>),
}

impl NodeKind {
    /// What a user would call this kind of node, for "expected X, found Y" messages.
    pub fn describe(&self) -> &'static str {
        match self {
            NodeKind::Null => "nothing",
            NodeKind::Bool(_) => "a boolean",
            NodeKind::Int(_) => "an integer",
            NodeKind::Float(_) => "a number",
            NodeKind::Str(_) => "a string",
            NodeKind::Seq(_) => "a list",
            NodeKind::Map(_) => "a mapping",
        }
    }
}

/// The untyped tree serde-saphyr fills in; converted to [`Node`] right after.
enum Raw {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Seq(Vec<Spanned<Raw>>),
    Map(Vec<(Spanned<Raw>, Spanned<Raw>)>),
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(RawVisitor)
    }
}

struct RawVisitor;

impl<'de> Visitor<'de> for RawVisitor {
    type Value = Raw;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a YAML value")
    }
    fn visit_unit<E>(self) -> Result<Raw, E> {
        Ok(Raw::Null)
    }
    fn visit_none<E>(self) -> Result<Raw, E> {
        Ok(Raw::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Raw, D::Error> {
        Raw::deserialize(d)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Raw, E> {
        Ok(Raw::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Raw, E> {
        Ok(Raw::Int(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Raw, E> {
        Ok(i64::try_from(v).map_or(Raw::Float(v as f64), Raw::Int))
    }
    fn visit_i128<E>(self, v: i128) -> Result<Raw, E> {
        Ok(i64::try_from(v).map_or(Raw::Float(v as f64), Raw::Int))
    }
    fn visit_u128<E>(self, v: u128) -> Result<Raw, E> {
        Ok(i64::try_from(v).map_or(Raw::Float(v as f64), Raw::Int))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Raw, E> {
        Ok(Raw::Float(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Raw, E> {
        Ok(Raw::Str(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Raw, E> {
        Ok(Raw::Str(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Raw, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Raw::Seq(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Raw, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(Raw::Map(entries))
    }
}

impl From<Spanned<Raw>> for Node {
    fn from(raw: Spanned<Raw>) -> Node {
        let span = Span::of(&raw.referenced);
        let kind = match raw.value {
            Raw::Null => NodeKind::Null,
            Raw::Bool(b) => NodeKind::Bool(b),
            Raw::Int(i) => NodeKind::Int(i),
            Raw::Float(f) => NodeKind::Float(f),
            Raw::Str(s) => NodeKind::Str(s),
            Raw::Seq(items) => NodeKind::Seq(items.into_iter().map(Node::from).collect()),
            Raw::Map(entries) => {
                NodeKind::Map(entries.into_iter().map(|(k, v)| (Node::from(k), Node::from(v))).collect())
            }
        };
        Node { kind, span }
    }
}

/// A YAML syntax error with its position.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    /// Where the parser stopped.
    pub span: Span,
    /// What it says.
    pub message: String,
}

/// How many parser nodes and events, and bytes of scalars, a document may hold per
/// byte of its text: a node or an event takes at least a byte or two of text, so only
/// aliases that expand the document can reach these (the parser's fixed defaults,
/// 250,000 nodes, would refuse a program of ~30,000 ops).
const NODES_PER_BYTE: usize = 2;
const EVENTS_PER_BYTE: usize = 4;

/// Parses a YAML document into a [`Node`] tree. The parser's limits grow with the
/// text ([`NODES_PER_BYTE`]); a document over them is an error that says so.
pub fn parse(source: &str) -> Result<Node, SyntaxError> {
    let size = source.len();
    let defaults = serde_saphyr::Budget::default();
    let options = serde_saphyr::options! {
        with_snippet: false,
        strict_booleans: true,
        budget: serde_saphyr::budget! {
            max_nodes: defaults.max_nodes.max(NODES_PER_BYTE * size),
            max_events: defaults.max_events.max(EVENTS_PER_BYTE * size),
            max_total_scalar_bytes: defaults.max_total_scalar_bytes.max(size),
        },
    };
    serde_saphyr::from_str_with_options::<Spanned<Raw>>(source, options).map(Node::from).map_err(|e| {
        let span = e.location().map(|l| Span::of(&l)).unwrap_or(Span { line: 1, column: 1, offset: None, len: None });
        let mut message = clean_message(&e.to_string());
        if let Some(breach) = message.strip_prefix("budget breached: ") {
            message = format!(
                "the document expands beyond what the reader takes from {size} bytes of text ({breach}); aliases \
                 (*name) that repeat large anchors are the usual cause"
            );
        }
        let suffix = format!(" at line {}, column {}", span.line, span.column);
        if let Some(stripped) = message.strip_suffix(&suffix) {
            message = stripped.to_string();
        }
        SyntaxError { span, message }
    })
}

/// serde-saphyr prefixes messages with `error: line L column C: `; the position is
/// reported separately, so keep only the message.
fn clean_message(message: &str) -> String {
    let message = message.lines().next().unwrap_or(message).trim();
    let message = message.strip_prefix("error: ").unwrap_or(message);
    match message.split_once(": ") {
        Some((position, rest)) if position.starts_with("line ") && position.contains(" column ") => rest.to_string(),
        _ => message.to_string(),
    }
    .replace(", set DuplicateKeyPolicy in Options if acceptable", "")
}

/// The text of `node` as written in `source`.
pub fn raw_text<'s>(source: &'s str, node: &Node) -> Option<&'s str> {
    let start = node.span.offset?;
    source.get(start..start + node.span.len?)
}

/// The column of byte `offset` of a string scalar's value, when the scalar sits on
/// one line and its text can be mapped (plain, single- or double-quoted).
pub fn column_in_scalar(source: &str, node: &Node, offset: usize) -> Option<u32> {
    let raw = raw_text(source, node)?;
    if raw.contains('\n') {
        return None;
    }
    let chars: Vec<char> = raw.chars().collect();
    let (quote, mut i) = match chars.first() {
        Some('\'') => (Some('\''), 1),
        Some('"') => (Some('"'), 1),
        _ => (None, 0),
    };
    let mut decoded = 0;
    while decoded < offset {
        let c = *chars.get(i)?;
        let step = match (quote, c) {
            (Some('\''), '\'') => 2,
            (Some('"'), '\\') => 2,
            _ => 1,
        };
        decoded += if step == 2 && quote == Some('"') { 1 } else { c.len_utf8() };
        i += step;
    }
    Some(node.span.column + u32::try_from(i).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_document_reads_and_an_expanding_one_is_refused_in_words() {
        // 40,000 ops of about 9 nodes each: over the parser's fixed 250,000 nodes.
        let mut big = String::from("ops:\n");
        for i in 1..=40_000 {
            big += &format!("  - {{name: v{i}, op: tanh, operands: [v{}]}}\n", i - 1);
        }
        let NodeKind::Map(top) = parse(&big).unwrap().kind else { panic!("a map") };
        let NodeKind::Seq(ops) = &top[0].1.kind else { panic!("a list") };
        assert_eq!(ops.len(), 40_000);
        // Ten levels of ten aliases each: 10^10 nodes from a few hundred bytes.
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for level in 1..10 {
            let previous = format!("*a{}", level - 1);
            bomb += &format!("a{level}: &a{level} [{}]\n", vec![previous; 10].join(", "));
        }
        let err = parse(&bomb).unwrap_err();
        assert!(err.message.starts_with("the document expands beyond what the reader takes from"), "{}", err.message);
    }

    #[test]
    fn nodes_carry_positions() {
        let doc = parse("a: 1\nb:\n  - x\n  - 'y'\n").unwrap();
        let NodeKind::Map(entries) = &doc.kind else { panic!("map expected") };
        assert_eq!(entries[1].0.span.line, 2);
        let NodeKind::Seq(items) = &entries[1].1.kind else { panic!("seq expected") };
        assert_eq!((items[1].span.line, items[1].span.column), (4, 5));
    }

    #[test]
    fn duplicate_keys_are_syntax_errors() {
        let err = parse("a: 1\na: 2\n").unwrap_err();
        assert_eq!((err.span.line, err.span.column), (2, 1));
        assert_eq!(err.message, "duplicate mapping key: a");
    }

    #[test]
    fn maps_offsets_inside_quoted_scalars() {
        let source = "s: '[{\"x\"}, {''y''}]'\n";
        let doc = parse(source).unwrap();
        let NodeKind::Map(entries) = &doc.kind else { panic!("map expected") };
        let value = &entries[0].1;
        // Offset 9 of the value is the quote before y: column 14 of the line.
        assert_eq!(column_in_scalar(source, value, 9), Some(14));
        assert_eq!(column_in_scalar(source, value, 0), Some(5));
    }
}
