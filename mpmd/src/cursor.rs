//! A cursor over MLIR source text: whitespace and `//` comments, punctuation,
//! identifiers, string literals, integers, `%values`, `@symbols`, and balanced
//! bracket spans (handed to the model's parsers for shardings and topologies).
//! Invariant: it never panics; every failure is an [`Error::Parse`] at the offset
//! where reading stopped.

use crate::error::{Error, Location, Result};
pub(crate) use autoshard_model::{unescape_string, write_comma_separated as write_list, write_string};
use std::fmt::{self, Write};

/// A position in a source being parsed.
#[derive(Debug, Clone)]
pub(crate) struct Cursor<'a> {
    file: &'a str,
    src: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(file: &'a str, src: &'a str) -> Self {
        Cursor { file, src, pos: 0 }
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn set_pos(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
    }

    pub(crate) fn src(&self) -> &'a str {
        self.src
    }

    pub(crate) fn rest(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or("")
    }

    pub(crate) fn location(&self, offset: usize) -> Location {
        Location::at(self.file, self.src, offset)
    }

    /// Skips blanks and comments; returns true when a newline was skipped.
    pub(crate) fn skip_ws(&mut self) -> bool {
        let mut newline = false;
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            newline |= rest[..rest.len() - trimmed.len()].contains('\n');
            self.pos += rest.len() - trimmed.len();
            if trimmed.starts_with("//") {
                let end = trimmed.find('\n').unwrap_or(trimmed.len());
                self.pos += end;
            } else {
                return newline;
            }
        }
    }

    /// The next non-blank character, without consuming it.
    pub(crate) fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.rest().chars().next()
    }

    pub(crate) fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    pub(crate) fn error(&self, message: impl Into<String>) -> Error {
        self.error_at(self.pos, message)
    }

    pub(crate) fn error_at(&self, offset: usize, message: impl Into<String>) -> Error {
        Error::Parse { loc: self.location(offset), message: message.into() }
    }

    /// Consumes `token` if it comes next.
    pub(crate) fn eat(&mut self, token: &str) -> bool {
        self.skip_ws();
        if self.rest().starts_with(token) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    /// Consumes `token` or fails with MLIR's `expected 'token'`.
    pub(crate) fn expect(&mut self, token: &str) -> Result<()> {
        if self.eat(token) { Ok(()) } else { Err(self.error(format!("expected '{token}'"))) }
    }

    /// Reads a bare identifier (`[A-Za-z_][A-Za-z0-9_$.-]*`), if one comes next.
    pub(crate) fn ident(&mut self) -> Option<&'a str> {
        self.skip_ws();
        let rest = self.rest();
        let len = ident_len(rest);
        if len == 0 {
            return None;
        }
        self.pos += len;
        Some(&rest[..len])
    }

    /// The identifier that comes next, without consuming it.
    pub(crate) fn peek_ident(&mut self) -> Option<&'a str> {
        let start = self.pos;
        let word = self.ident();
        self.pos = start;
        word
    }

    pub(crate) fn eat_keyword(&mut self, word: &str) -> bool {
        let start = self.pos;
        if self.ident() == Some(word) {
            return true;
        }
        self.pos = start;
        false
    }

    pub(crate) fn expect_keyword(&mut self, word: &str) -> Result<()> {
        if self.eat_keyword(word) { Ok(()) } else { Err(self.error(format!("expected '{word}'"))) }
    }

    /// Reads a string literal with MLIR's escapes.
    pub(crate) fn string(&mut self) -> Result<String> {
        self.skip_ws();
        let len = string_len(self.rest()).ok_or_else(|| self.error("expected string"))?;
        let body = &self.rest()[1..len - 1];
        let value = unescape_string(body).ok_or_else(|| self.error("invalid escape in string literal"))?;
        self.pos += len;
        Ok(value)
    }

    /// Reads a signed decimal integer.
    pub(crate) fn integer(&mut self) -> Result<i64> {
        self.skip_ws();
        let rest = self.rest();
        let sign = usize::from(rest.starts_with('-'));
        let digits = rest[sign..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(self.error("expected integer value"));
        }
        let text = &rest[..sign + digits];
        let value = text.parse::<i64>().map_err(|_| self.error(format!("integer value too large: {text}")))?;
        self.pos += text.len();
        Ok(value)
    }

    /// Reads `%name` (without the `%`).
    pub(crate) fn value_name(&mut self) -> Result<String> {
        self.skip_ws();
        if !self.rest().starts_with('%') {
            return Err(self.error("expected SSA operand"));
        }
        let len = self.rest()[1..].bytes().take_while(|&b| is_value_char(b)).count();
        if len == 0 {
            return Err(self.error("expected SSA operand"));
        }
        let name = self.rest()[1..1 + len].to_string();
        self.pos += 1 + len;
        Ok(name)
    }

    /// Reads `@name` or `@"name"` (without the `@`).
    pub(crate) fn symbol(&mut self) -> Result<String> {
        if !self.eat("@") {
            return Err(self.error("expected symbol reference"));
        }
        if self.rest().starts_with('"') {
            return self.string();
        }
        let len = ident_len(self.rest());
        if len == 0 {
            return Err(self.error("expected symbol name"));
        }
        let name = self.rest()[..len].to_string();
        self.pos += len;
        Ok(name)
    }

    /// Reads a balanced span that starts with `<`, `(`, `[` or `{` (strings inside
    /// are skipped whole) and returns its text, brackets included.
    pub(crate) fn balanced(&mut self) -> Result<&'a str> {
        self.skip_ws();
        let start = self.pos;
        let len = balanced_len(self.rest()).map_err(|m| self.error(m))?;
        self.pos += len;
        Ok(&self.src[start..start + len])
    }

    /// Parses a comma-separated list up to `close` (the opening delimiter is read).
    pub(crate) fn list<T>(&mut self, close: &str, mut item: impl FnMut(&mut Self) -> Result<T>) -> Result<Vec<T>> {
        let mut items = Vec::new();
        if self.eat(close) {
            return Ok(items);
        }
        loop {
            items.push(item(self)?);
            if self.eat(close) {
                return Ok(items);
            }
            if !self.eat(",") {
                return Err(self.error(format!("expected ',' or '{close}'")));
            }
        }
    }
}

pub(crate) fn is_value_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.' | b'-')
}

/// The length of the identifier at the start of `s` (0 if none).
pub(crate) fn ident_len(s: &str) -> usize {
    let bytes = s.as_bytes();
    match bytes.first() {
        Some(b) if b.is_ascii_alphabetic() || *b == b'_' => {}
        _ => return 0,
    }
    bytes.iter().take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.')).count()
}

/// The length of the string literal at the start of `s`, quotes included.
pub(crate) fn string_len(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    if bytes.first() != Some(&b'"') {
        return None;
    }
    let mut i = 1;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'"' => return Some(i + 1),
            b'\\' => i += 2,
            b'\n' => return None,
            _ => i += 1,
        }
    }
    None
}

/// The length of the balanced bracket span at the start of `s`, with MLIR's message
/// for the pretty dialect syntax when it is unbalanced.
pub(crate) fn balanced_len(s: &str) -> std::result::Result<usize, String> {
    let bytes = s.as_bytes();
    let mut stack: Vec<u8> = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'<' | b'(' | b'[' | b'{' => stack.push(b),
            b'-' if bytes.get(i + 1) == Some(&b'>') => i += 1,
            b'>' | b')' | b']' | b'}' => {
                let open = match b {
                    b'>' => b'<',
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                match stack.last() {
                    Some(&top) if top == open => {
                        stack.pop();
                    }
                    Some(&top) => {
                        return Err(format!("unbalanced '{}' character in pretty dialect name", top as char));
                    }
                    None => return Err(format!("expected '{}'", open as char)),
                }
            }
            b'"' => match string_len(&s[i..]) {
                Some(len) => i += len - 1,
                None => return Err("expected '\"' in string literal".into()),
            },
            _ if stack.is_empty() => return Err("expected '<'".into()),
            _ => {}
        }
        i += 1;
        if stack.is_empty() {
            return Ok(i);
        }
    }
    Err("unexpected nul or EOF in pretty dialect name".into())
}

/// Writes `@name`, quoting the name when it is not a bare identifier.
pub(crate) fn write_symbol(f: &mut impl Write, name: &str) -> fmt::Result {
    f.write_char('@')?;
    if !name.is_empty() && ident_len(name) == name.len() { f.write_str(name) } else { write_string(f, name) }
}

/// Collapses runs of blanks outside string literals into one space.
pub(crate) fn collapse_ws(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        if c == '"'
            && let Some(len) = string_len(rest)
        {
            out.push_str(&rest[..len]);
            rest = &rest[len..];
            continue;
        }
        if c.is_whitespace() {
            if !out.ends_with(' ') {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced_spans_report_mlir_messages() {
        assert_eq!(balanced_len(r#"<"a>", tensor<4xf32>> x"#), Ok(21));
        assert_eq!(
            balanced_len(r#"<"mesh", tensor<12x16xf32>)"#).unwrap_err(),
            "unbalanced '<' character in pretty dialect name"
        );
        assert_eq!(balanced_len("<(a) -> b").unwrap_err(), "unexpected nul or EOF in pretty dialect name");
    }

    #[test]
    fn strings_and_comments() {
        let mut c = Cursor::new("t", "  // hi\n \"a\\\"b\\0A\" %x#1");
        assert_eq!(c.string().unwrap(), "a\"b\n");
        assert_eq!(c.value_name().unwrap(), "x#1".split('#').next().unwrap());
        assert_eq!(collapse_ws("a  \n b \"x  y\""), "a b \"x  y\"");
    }
}
