//! A cursor over the MLIR attribute syntax that Shardy's text forms are written in.
//!
//! Owns tokenisation only: whitespace, punctuation, bare identifiers ("keywords"),
//! string literals with MLIR's escapes, signed 64-bit integers and `@symbol`s. The
//! parsers of the vocabulary types (`mesh.rs`, `sharding.rs`, `rule.rs`, ...) are
//! recursive-descent functions on top of it. Invariant: the cursor never panics,
//! whatever the input; every failure is an [`Error::Parse`] with the byte offset where
//! reading stopped and MLIR's wording (`expected ']'`, `expected string`).

use crate::error::{Error, Result};
use std::fmt::{self, Write};

/// A position in a string being parsed.
#[derive(Debug, Clone)]
pub(crate) struct Cursor<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(src: &'a str) -> Self {
        Cursor { src, pos: 0 }
    }

    /// The byte offset of the next unread character.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    fn rest(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or("")
    }

    pub(crate) fn skip_ws(&mut self) {
        let rest = self.rest();
        let trimmed = rest.trim_start();
        self.pos += rest.len() - trimmed.len();
    }

    /// The next non-blank character, without consuming it.
    pub(crate) fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.rest().chars().next()
    }

    /// An error at the current position.
    pub(crate) fn error(&self, message: impl Into<String>) -> Error {
        Error::Parse { offset: self.pos, message: message.into() }
    }

    /// Consumes `token` (punctuation such as `->` or `{`) if it comes next.
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

    /// Reads a bare identifier (`[A-Za-z_][A-Za-z0-9_$.]*`), if one comes next.
    pub(crate) fn keyword(&mut self) -> Option<&'a str> {
        self.skip_ws();
        let rest = self.rest();
        let mut chars = rest.char_indices();
        match chars.next() {
            Some((_, c)) if c.is_ascii_alphabetic() || c == '_' => {}
            _ => return None,
        }
        let end = chars
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.')))
            .map_or(rest.len(), |(i, _)| i);
        self.pos += end;
        Some(&rest[..end])
    }

    /// Consumes the identifier `word` if the next identifier is exactly it.
    pub(crate) fn eat_keyword(&mut self, word: &str) -> bool {
        let start = self.pos;
        match self.keyword() {
            Some(found) if found == word => true,
            _ => {
                self.pos = start;
                false
            }
        }
    }

    /// Consumes the identifier `word` or fails with `expected 'word'`.
    pub(crate) fn expect_keyword(&mut self, word: &str) -> Result<()> {
        if self.eat_keyword(word) { Ok(()) } else { Err(self.error(format!("expected '{word}'"))) }
    }

    /// Reads a string literal `"..."` with MLIR's escapes (`\"`, `\\`, `\n`, `\t`, `\XX`).
    pub(crate) fn string(&mut self) -> Result<String> {
        self.skip_ws();
        if !self.rest().starts_with('"') {
            return Err(self.error("expected string"));
        }
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let mut i = self.pos + 1;
        let mut out = Vec::new();
        loop {
            match bytes.get(i) {
                None | Some(b'\n') => {
                    self.pos = start;
                    return Err(self.error("expected '\"' in string literal"));
                }
                Some(b'"') => break,
                Some(b'\\') => {
                    let (byte, len) = unescape(&bytes[i + 1..]).ok_or_else(|| Error::Parse {
                        offset: i,
                        message: "unknown escape in string literal".into(),
                    })?;
                    out.push(byte);
                    i += 1 + len;
                }
                Some(&b) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        self.pos = i + 1;
        String::from_utf8(out)
            .map_err(|_| Error::Parse { offset: start, message: "string literal is not valid UTF-8".into() })
    }

    /// Reads a signed decimal integer that fits in 64 bits.
    pub(crate) fn integer(&mut self) -> Result<i64> {
        self.skip_ws();
        let start = self.pos;
        let rest = self.rest();
        let negative = rest.starts_with('-');
        let digits_start = usize::from(negative);
        let digits = rest[digits_start..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(self.error("expected integer value"));
        }
        let text = &rest[..digits_start + digits];
        self.pos += text.len();
        text.parse::<i64>()
            .map_err(|_| Error::Parse { offset: start, message: format!("integer value too large: {text}") })
    }

    /// Reads `@name` or `@"name"`.
    pub(crate) fn symbol(&mut self) -> Result<String> {
        if !self.eat("@") {
            return Err(self.error("expected '@'"));
        }
        if self.rest().starts_with('"') {
            return self.string();
        }
        match self.rest().chars().next() {
            Some(c) if c.is_ascii_whitespace() => Err(self.error("expected symbol name")),
            _ => self.keyword().map(str::to_owned).ok_or_else(|| self.error("expected symbol name")),
        }
    }

    /// Fails unless only whitespace is left.
    pub(crate) fn finish(&mut self) -> Result<()> {
        self.skip_ws();
        if self.rest().is_empty() {
            Ok(())
        } else {
            let rest: String = self.rest().chars().take(20).collect();
            Err(self.error(format!("unexpected text after the end: '{rest}'")))
        }
    }

    /// Parses a comma-separated list up to `close` (the opening delimiter has been read).
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
            self.expect(",").map_err(|_| self.error(format!("expected '{close}'")))?;
        }
    }
}

/// Parses all of `src` with `parse`, failing on trailing text.
pub(crate) fn parse_all<'a, T>(src: &'a str, parse: impl FnOnce(&mut Cursor<'a>) -> Result<T>) -> Result<T> {
    let mut cursor = Cursor::new(src);
    let value = parse(&mut cursor)?;
    cursor.finish()?;
    Ok(value)
}

/// The text of a string literal's body (between its quotes) with MLIR's escapes
/// (`\"`, `\\`, `\n`, `\t`, `\XX`) decoded; `None` for an unknown escape or bytes
/// that are not UTF-8. Shared by every front end that reads MLIR text.
pub fn unescape_string(body: &str) -> Option<String> {
    let bytes = body.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'\\' {
            let (byte, len) = unescape(&bytes[i + 1..])?;
            out.push(byte);
            i += 1 + len;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Decodes the escape after a backslash; returns the byte and how many bytes it used.
fn unescape(after: &[u8]) -> Option<(u8, usize)> {
    match after {
        [b'"', ..] => Some((b'"', 1)),
        [b'\\', ..] => Some((b'\\', 1)),
        [b'n', ..] => Some((b'\n', 1)),
        [b't', ..] => Some((b'\t', 1)),
        [h, l, ..] => {
            let hex = |c: u8| (c as char).to_digit(16);
            Some(((hex(*h)? * 16 + hex(*l)?) as u8, 2))
        }
        _ => None,
    }
}

/// Writes `s` as an MLIR string literal, quotes included.
pub fn write_string(f: &mut impl Write, s: &str) -> fmt::Result {
    f.write_char('"')?;
    for b in s.bytes() {
        match b {
            b'"' => f.write_str("\\\"")?,
            b'\\' => f.write_str("\\\\")?,
            0x20..=0x7e => f.write_char(b as char)?,
            _ => write!(f, "\\{b:02X}")?,
        }
    }
    f.write_char('"')
}

/// Writes `@name`, quoting the name when it is not a bare identifier.
pub(crate) fn write_symbol(f: &mut impl Write, name: &str) -> fmt::Result {
    f.write_char('@')?;
    let bare = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'));
    if bare { f.write_str(name) } else { write_string(f, name) }
}

/// Writes `items` separated by `, `.
pub fn write_comma_separated<T: fmt::Display>(f: &mut impl Write, items: impl IntoIterator<Item = T>) -> fmt::Result {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_round_trip_with_escapes() {
        let mut out = String::new();
        write_string(&mut out, "a\"b\\c\nd é").unwrap();
        assert_eq!(out, r#""a\"b\\c\0Ad \C3\A9""#);
        assert_eq!(Cursor::new(&out).string().unwrap(), "a\"b\\c\nd é");
        assert_eq!(unescape_string(&out[1..out.len() - 1]).as_deref(), Some("a\"b\\c\nd é"));
        assert_eq!(unescape_string(r"bad \q"), None);
    }

    #[test]
    fn integers_report_overflow() {
        let err = Cursor::new("9223372036854775808").integer().unwrap_err();
        assert_eq!(err.to_string(), "integer value too large: 9223372036854775808");
        assert_eq!(Cursor::new(" -12 ").integer().unwrap(), -12);
    }

    #[test]
    fn keywords_stop_at_punctuation() {
        let mut c = Cursor::new("z_8z_9, j]");
        assert_eq!(c.keyword(), Some("z_8z_9"));
        assert!(c.eat(","));
        assert!(c.eat_keyword("j"));
        assert!(!c.eat_keyword("j"));
    }

    #[test]
    fn unterminated_string_is_an_error() {
        assert!(Cursor::new("\"abc").string().is_err());
        assert!(Cursor::new("\"a\\").string().is_err());
    }
}
