//! The one lexer of MLIR text: a cursor over a source that skips blanks and `//`
//! comments and reads MLIR's tokens (punctuation, bare identifiers, keywords,
//! string literals, integers, `%values`, `@symbols`, balanced bracket spans), and
//! knows the `FILE:LINE:COL` of every byte it reads.
//!
//! Invariant: the cursor never panics, whatever the input; every failure is a
//! [`SyntaxError`] at the byte where reading stopped, worded as MLIR words it
//! (`expected ']'`, `expected string`, `integer value too large: …`) or, for a
//! dialect's own expectations, `expected WHAT, found TEXT`.

use crate::literal::{balanced_len, ident_len, is_suffix_byte, string_len, unescape};
use crate::location::Location;
use std::cell::Cell;
use std::fmt;
use std::sync::Arc;

/// Reading MLIR text failed: where (the location and the byte offset in the text
/// read) and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// Where reading stopped.
    pub location: Location,
    /// The same place as a byte offset into the text the cursor read.
    pub offset: usize,
    /// What was expected, and what was found when that helps.
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.message)
    }
}

impl std::error::Error for SyntaxError {}

/// The result of reading.
pub type Result<T, E = SyntaxError> = std::result::Result<T, E>;

/// A position in a text being read.
#[derive(Debug, Clone)]
pub struct Cursor<'a> {
    src: &'a str,
    pos: usize,
    /// Where the text starts in its file.
    origin: Location,
    /// The last position turned into a line and column: (offset, line, column).
    memo: Cell<(usize, u32, u32)>,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `src`, a text of no file.
    pub fn new(src: &'a str) -> Self {
        Cursor::at(src, Location::new("", 1, 1))
    }

    /// A cursor at the start of `src`, the text of `file`.
    pub fn in_file(file: impl Into<Arc<str>>, src: &'a str) -> Self {
        Cursor::at(src, Location::new(file, 1, 1))
    }

    /// A cursor over `src`, a piece of a file that starts at `origin` (an
    /// attribute's text, read again by its dialect).
    pub fn at(src: &'a str, origin: Location) -> Self {
        let memo = Cell::new((0, origin.line, origin.column));
        Cursor { src, pos: 0, origin, memo }
    }

    /// The byte offset of the next unread character.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Moves to byte offset `pos` (clamped to the text; back to retry a parse).
    pub fn set_pos(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
    }

    /// The whole text.
    pub fn src(&self) -> &'a str {
        self.src
    }

    /// The unread text.
    pub fn rest(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or("")
    }

    /// The file the text belongs to.
    pub fn file(&self) -> &Arc<str> {
        &self.origin.file
    }

    /// Where the next unread character is.
    pub fn location(&self) -> Location {
        self.location_at(self.pos)
    }

    /// Where byte `offset` of the text is. Reading forward costs only the bytes
    /// read since the last call.
    pub fn location_at(&self, offset: usize) -> Location {
        let mut offset = offset.min(self.src.len());
        while !self.src.is_char_boundary(offset) {
            offset -= 1;
        }
        let (from, line, column) = self.memo.get();
        let start = if offset >= from {
            Location { file: self.origin.file.clone(), line, column }.advanced(&self.src[from..], offset - from)
        } else {
            self.origin.clone().advanced(self.src, offset)
        };
        self.memo.set((offset, start.line, start.column));
        start
    }

    /// An error at the next unread character.
    pub fn error(&self, message: impl Into<String>) -> SyntaxError {
        self.error_at(self.pos, message)
    }

    /// An error at byte `offset`.
    pub fn error_at(&self, offset: usize, message: impl Into<String>) -> SyntaxError {
        SyntaxError { location: self.location_at(offset), offset, message: message.into() }
    }

    /// `expected WHAT, found TEXT`: what comes next (up to a blank, at most 24
    /// bytes), or `the end of the file`.
    pub fn expected(&self, what: &str) -> SyntaxError {
        let rest = self.rest();
        let found = if rest.is_empty() {
            "the end of the file".to_string()
        } else {
            let mut end = rest.find(|c: char| c.is_ascii_whitespace()).unwrap_or(rest.len()).min(24);
            while !rest.is_char_boundary(end) {
                end -= 1;
            }
            format!("'{}'", &rest[..end])
        };
        self.error(format!("expected {what}, found {found}"))
    }

    /// Skips blanks and `//` comments; returns true when a newline was skipped.
    pub fn skip_ws(&mut self) -> bool {
        let mut newline = false;
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            newline |= rest[..rest.len() - trimmed.len()].contains('\n');
            self.pos += rest.len() - trimmed.len();
            if !trimmed.starts_with("//") {
                return newline;
            }
            self.pos += trimmed.find('\n').unwrap_or(trimmed.len());
        }
    }

    /// The next character after blanks, without consuming it.
    pub fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.rest().chars().next()
    }

    /// Whether `token` comes next after blanks, without consuming it.
    pub fn peek_is(&mut self, token: &str) -> bool {
        self.skip_ws();
        self.looking_at(token)
    }

    /// The byte `n` after the next unread one, blanks not skipped.
    pub fn byte_at(&self, n: usize) -> Option<u8> {
        self.src.as_bytes().get(self.pos + n).copied()
    }

    /// Whether the unread text starts with `s` (blanks not skipped).
    pub fn looking_at(&self, s: &str) -> bool {
        self.rest().starts_with(s)
    }

    /// Whether only blanks and comments are left.
    pub fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// Moves past the next `n` bytes (text the caller has looked at), staying on a
    /// character boundary.
    pub fn bump(&mut self, n: usize) {
        let mut end = (self.pos + n).min(self.src.len());
        while !self.src.is_char_boundary(end) {
            end += 1;
        }
        self.pos = end;
    }

    /// Reads bytes while `keep` holds (blanks not skipped) and returns them.
    pub fn take_while(&mut self, keep: impl Fn(u8) -> bool) -> &'a str {
        let rest = self.rest();
        let len = rest.bytes().take_while(|&b| keep(b)).count();
        let mut end = len;
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        self.pos += end;
        &rest[..end]
    }

    /// Consumes `token` (punctuation such as `->` or `{`) if it comes next.
    pub fn eat(&mut self, token: &str) -> bool {
        self.skip_ws();
        if self.looking_at(token) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    /// Consumes `token` or fails with MLIR's `expected 'token'`.
    pub fn expect(&mut self, token: &str) -> Result<()> {
        if self.eat(token) { Ok(()) } else { Err(self.error(format!("expected '{token}'"))) }
    }

    /// Reads a bare identifier (`[A-Za-z_][A-Za-z0-9_$.]*`), if one comes next.
    pub fn ident(&mut self) -> Option<&'a str> {
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
    pub fn peek_ident(&mut self) -> Option<&'a str> {
        let start = self.pos;
        let word = self.ident();
        self.pos = start;
        word
    }

    /// Consumes the identifier `word` if the next identifier is exactly it.
    pub fn eat_keyword(&mut self, word: &str) -> bool {
        let start = self.pos;
        if self.ident() == Some(word) {
            return true;
        }
        self.pos = start;
        false
    }

    /// Consumes the identifier `word` or fails with `expected 'word'`.
    pub fn expect_keyword(&mut self, word: &str) -> Result<()> {
        if self.eat_keyword(word) { Ok(()) } else { Err(self.error(format!("expected '{word}'"))) }
    }

    /// Reads a string literal and returns its text as written, quotes included.
    pub fn string_literal(&mut self) -> Result<&'a str> {
        self.skip_ws();
        if !self.looking_at("\"") {
            return Err(self.error("expected string"));
        }
        let len = string_len(self.rest()).ok_or_else(|| self.error("expected '\"' in string literal"))?;
        let literal = &self.rest()[..len];
        self.pos += len;
        Ok(literal)
    }

    /// Reads a string literal `"…"` with MLIR's escapes (`\"`, `\\`, `\n`, `\t`,
    /// `\XX`) decoded.
    pub fn string(&mut self) -> Result<String> {
        self.skip_ws();
        let start = self.pos;
        let literal = self.string_literal()?;
        let bytes = literal.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 1;
        while i + 1 < bytes.len() {
            if bytes[i] == b'\\' {
                let (byte, len) = unescape(&bytes[i + 1..bytes.len() - 1])
                    .ok_or_else(|| self.error_at(start + i, "unknown escape in string literal"))?;
                out.push(byte);
                i += 1 + len;
            } else {
                out.push(bytes[i]);
                i += 1;
            }
        }
        String::from_utf8(out).map_err(|_| self.error_at(start, "string literal is not valid UTF-8"))
    }

    /// Reads a signed decimal integer that fits in 64 bits.
    pub fn integer(&mut self) -> Result<i64> {
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

    /// Reads `%name` (MLIR's `suffix-id`, `[A-Za-z0-9_$.-]+`) and returns the name
    /// without `%`.
    pub fn value_name(&mut self) -> Result<&'a str> {
        self.skip_ws();
        let start = self.pos;
        if !self.eat("%") {
            return Err(self.error("expected SSA operand"));
        }
        let name = self.take_while(is_suffix_byte);
        if name.is_empty() {
            self.pos = start;
            return Err(self.error("expected SSA operand"));
        }
        Ok(name)
    }

    /// Reads `@name` or `@"name"` and returns the name.
    pub fn symbol(&mut self) -> Result<String> {
        if !self.eat("@") {
            return Err(self.error("expected '@'"));
        }
        if self.looking_at("\"") {
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
    /// skipped whole) and returns its text, brackets included.
    pub fn balanced(&mut self) -> Result<&'a str> {
        self.skip_ws();
        let start = self.pos;
        let len = balanced_len(self.rest()).map_err(|m| self.error(m))?;
        self.pos += len;
        Ok(&self.src[start..start + len])
    }

    /// Reads a comma-separated list up to `close` (the opening delimiter has been
    /// read); a missing separator fails with `expected ',' or 'CLOSE'`.
    pub fn list<T>(&mut self, close: &str, mut item: impl FnMut(&mut Self) -> Result<T>) -> Result<Vec<T>> {
        self.list_with(close, |c| c.error(format!("expected ',' or '{close}'")), |c| item(c))
    }

    /// [`Cursor::list`] for a parser with its own error type and its own message
    /// for a missing separator.
    pub fn list_with<T, E>(
        &mut self,
        close: &str,
        missing: impl Fn(&Self) -> E,
        mut item: impl FnMut(&mut Self) -> Result<T, E>,
    ) -> Result<Vec<T>, E> {
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
                return Err(missing(self));
            }
        }
    }

    /// Fails unless only blanks and comments are left.
    pub fn finish(&mut self) -> Result<()> {
        if self.at_end() {
            return Ok(());
        }
        let rest: String = self.rest().chars().take(20).collect();
        Err(self.error(format!("unexpected text after the end: '{rest}'")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_comments() {
        let mut c = Cursor::new("  // hi\n \"a\\\"b\\0A\" %x-1#1 @\"q r\" @main z_8.z$9, j]");
        assert_eq!(c.string().unwrap(), "a\"b\n");
        assert_eq!(c.value_name().unwrap(), "x-1");
        assert!(c.eat("#1"));
        assert_eq!(c.symbol().unwrap(), "q r");
        assert_eq!(c.symbol().unwrap(), "main");
        assert_eq!(c.ident(), Some("z_8.z$9"));
        assert!(c.eat(","));
        assert!(c.eat_keyword("j"));
        assert!(!c.eat_keyword("j"));
        assert_eq!(c.finish().unwrap_err().message, "unexpected text after the end: ']'");
    }

    #[test]
    fn errors_say_where_and_what() {
        let err = Cursor::new("9223372036854775808").integer().unwrap_err();
        assert_eq!(err.message, "integer value too large: 9223372036854775808");
        assert_eq!(Cursor::new(" -12 ").integer().unwrap(), -12);
        let mut c = Cursor::in_file("m.mlir", "a\n  b c");
        c.ident();
        assert_eq!(c.expect("(").unwrap_err().to_string(), "m.mlir:2:3: expected '('");
        assert_eq!(c.expected("a type").to_string(), "m.mlir:2:3: expected a type, found 'b'");
        c.set_pos(99);
        assert_eq!(c.expected("a type").message, "expected a type, found the end of the file");
        assert_eq!(c.location_at(1).to_string(), "m.mlir:1:2");
        assert_eq!(Cursor::at("x y", Location::new("f", 3, 7)).location_at(2).to_string(), "f:3:9");
        // An offset inside a character counts from its start, forward and back.
        let c = Cursor::new("aé\nb");
        assert_eq!((c.location_at(2).column, c.location_at(99).line, c.location_at(1).column), (2, 2, 2));
    }

    #[test]
    fn strings_fail_cleanly() {
        assert_eq!(Cursor::new("\"abc").string().unwrap_err().message, "expected '\"' in string literal");
        assert!(Cursor::new("\"a\\").string().is_err());
        assert_eq!(Cursor::new("\"a\\q\"").string().unwrap_err().offset, 2);
        assert_eq!(Cursor::new("x").string().unwrap_err().message, "expected string");
    }

    #[test]
    fn lists_stop_at_their_close() {
        let mut c = Cursor::new("1, -2]");
        assert_eq!(c.list("]", Cursor::integer).unwrap(), vec![1, -2]);
        let mut c = Cursor::new("1 2]");
        assert_eq!(c.list("]", Cursor::integer).unwrap_err().message, "expected ',' or ']'");
    }
}
