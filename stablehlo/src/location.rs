//! What an op's `loc(…)` says about where the user wrote it: the source line of the
//! user's code behind an op of a module JAX lowered with debug information
//! (`lowered.as_text(debug_info=True)`).
//!
//! MLIR's location forms are read: `unknown`, a file position
//! (`"train.py":12:5`, possibly `to :40` or `to 13:2`), a name with or without a
//! child location (`"jit(step)/dot_general"(#loc7)`), a call site
//! (`callsite(#callee at #caller)`), a fusion (`fused[#a, #b]`) and an alias (`#loc7`,
//! declared at the end of the module). A call site's frames run from the innermost
//! (the callee) out; the user's line is the innermost frame outside installed
//! packages (`site-packages`, `dist-packages`), so an optax update reads as the
//! line of the training step that called it; with none, the innermost frame.
//!
//! Invariant: reading never fails; a form it does not know (or an alias chain deeper
//! than [`MAX_DEPTH`]) names no line.

use autoshard_model::Location;
use std::collections::BTreeMap;
use std::sync::Arc;

/// How deep aliases and nested locations are followed.
const MAX_DEPTH: usize = 64;

/// The user's source position behind location text `loc` (between `loc(` and `)`),
/// its aliases resolved through `aliases` (the module's `#name = loc(…)` lines).
pub fn source(loc: &str, aliases: &BTreeMap<String, String>) -> Option<Location> {
    let mut frames = Vec::new();
    Reader { aliases, frames: &mut frames }.frames(loc, 0);
    let installed = |f: &&Location| ["site-packages/", "dist-packages/"].iter().any(|p| f.file.contains(p));
    frames.iter().find(|f| !installed(f)).or(frames.first()).cloned()
}

/// Collects the file positions a location names, innermost first.
struct Reader<'a> {
    aliases: &'a BTreeMap<String, String>,
    frames: &'a mut Vec<Location>,
}

impl Reader<'_> {
    fn frames(&mut self, text: &str, depth: usize) {
        let text = text.trim();
        if depth > MAX_DEPTH {
            return;
        }
        if let Some(alias) = text.strip_prefix('#') {
            if let Some(target) = self.aliases.get(alias) {
                self.frames(target, depth + 1);
            }
        } else if let Some(inner) = text.strip_prefix("callsite(").and_then(|t| t.strip_suffix(')')) {
            if let Some((callee, caller)) = split_at_word(inner, " at ") {
                self.frames(callee, depth + 1);
                self.frames(caller, depth + 1);
            }
        } else if let Some(rest) = text.strip_prefix("fused") {
            let list = rest.find('[').map(|i| &rest[i..]);
            let list = list.and_then(|l| l.strip_prefix('[')).and_then(|l| l.strip_suffix(']'));
            for part in list.map(split_top_commas).unwrap_or_default() {
                self.frames(part, depth + 1);
            }
        } else if text.starts_with('"') {
            self.string_location(text, depth);
        }
    }

    /// `"file":line:col[ to …]`, `"name"` or `"name"(child)`.
    fn string_location(&mut self, text: &str, depth: usize) {
        let Some((string, rest)) = quoted(text) else { return };
        let rest = rest.trim_start();
        if let Some(child) = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
            self.frames(child, depth + 1);
        } else if let Some(position) = rest.strip_prefix(':') {
            let mut numbers = position.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty());
            let line = numbers.next().and_then(|n| n.parse().ok());
            let column = position.split(':').nth(1).and_then(|c| c.split(|c: char| !c.is_ascii_digit()).next());
            if let (Some(line), Some(column)) = (line, column.and_then(|c| c.parse().ok())) {
                self.frames.push(Location { file: Arc::from(string.as_str()), line, column });
            }
        }
    }
}

/// The string a text starts with (unescaped) and the text after it.
fn quoted(text: &str) -> Option<(String, &str)> {
    let mut out = String::new();
    let mut chars = text.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, &text[i + 1..])),
            '\\' => out.extend(chars.next().map(|(_, c)| c)),
            c => out.push(c),
        }
    }
    None
}

/// `text` split at the first `word` outside brackets and strings.
fn split_at_word<'t>(text: &'t str, word: &str) -> Option<(&'t str, &'t str)> {
    let at = top_level(text).find(|&i| text[i..].starts_with(word))?;
    Some((&text[..at], &text[at + word.len()..]))
}

/// `text` split at its top-level commas.
fn split_top_commas(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    for i in top_level(text).filter(|&i| text.as_bytes()[i] == b',') {
        parts.push(&text[start..i]);
        start = i + 1;
    }
    parts.push(&text[start..]);
    parts
}

/// The byte offsets of `text` outside strings and brackets.
fn top_level(text: &str) -> impl Iterator<Item = usize> + '_ {
    let (mut depth, mut in_string, mut escaped) = (0i32, false, false);
    text.char_indices().filter_map(move |(i, c)| {
        let outside = depth == 0 && !in_string;
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '(' | '[' | '<' | '{' if !in_string => depth += 1,
            ')' | ']' | '>' | '}' if !in_string => depth -= 1,
            _ => {}
        }
        (outside && c != '"' && !"([<{".contains(c)).then_some(i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aliases(lines: &[(&str, &str)]) -> BTreeMap<String, String> {
        lines.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn a_jax_op_reads_as_the_innermost_line_outside_installed_packages() {
        // As JAX writes them: the op's name location around a call site chain.
        let a = aliases(&[
            ("loc16", r#""/work/mlp.py":11:20 to :36"#),
            ("loc17", r#""/work/mlp.py":16:18 to :59"#),
            ("loc23", r#""/venv/lib/python3.11/site-packages/optax/_src/transform.py":283:9 to :59"#),
            ("loc76", r#""loss_fn"(#loc16)"#),
            ("loc77", r#""train_step"(#loc17)"#),
            ("loc83", r#""update_fn"(#loc23)"#),
            ("loc123", "callsite(#loc77 at #loc77)"),
            ("loc127", "callsite(#loc76 at #loc123)"),
            ("loc128", "callsite(#loc83 at #loc123)"),
            ("loc136", r#""jit(train_step)/jvp()/dot_general"(#loc127)"#),
        ]);
        assert_eq!(source("#loc136", &a).map(|l| l.to_string()).as_deref(), Some("/work/mlp.py:11:20"));
        // An optax op: its own frame is installed, the caller's line is the user's.
        assert_eq!(source("#loc128", &a).map(|l| l.to_string()).as_deref(), Some("/work/mlp.py:16:18"));
    }

    #[test]
    fn names_unknown_and_unresolved_aliases_name_no_line() {
        let a = aliases(&[("loc1", r#""params['w1']""#), ("loc2", "#loc2")]);
        for text in ["unknown", "#loc1", "#loc2", "#missing", r#""x""#, "callsite(#loc1)", "fused[]"] {
            assert_eq!(source(text, &a), None, "{text}");
        }
    }

    #[test]
    fn fused_and_inline_file_locations_are_read() {
        let a = BTreeMap::new();
        let fused = r#"fused<"xla">["a.py":3:4, "b.py":5:6]"#;
        assert_eq!(source(fused, &a).map(|l| l.to_string()).as_deref(), Some("a.py:3:4"));
        let escaped = r#""dir \"x\"/m.py":7:1 to 8:2"#;
        assert_eq!(source(escaped, &a).map(|l| l.to_string()).as_deref(), Some("dir \"x\"/m.py:7:1"));
    }
}
