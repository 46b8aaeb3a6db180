//! The lexical layer of the MLIR reader: a cursor over the source that skips
//! whitespace and `//` comments, reads identifiers, value and symbol names, strings
//! and balanced groups, and knows its line and column.
//!
//! Invariant: the cursor only moves forward, one byte at a time through `bump`, so
//! the line and column it reports are those of the next unread byte. Balanced groups
//! count `(`, `[`, `{`, `<` against their closers, skip string literals, and do not
//! count the `>` of `->`.

use super::ast::{Attr, Pos, Type};
use std::collections::HashMap;
use std::fmt;

/// A syntax error at a position.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    /// Where.
    pub pos: Pos,
    /// What was expected and what was found.
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.pos.line, self.pos.column, self.message)
    }
}

/// A result of reading.
pub type Result<T> = std::result::Result<T, SyntaxError>;

/// The cursor.
pub struct Cursor<'s> {
    src: &'s [u8],
    at: usize,
    line: u32,
    column: u32,
    /// The type aliases defined so far (`!t = tensor<4xf32>`), by name without `!`.
    pub aliases: HashMap<String, Type>,
}

impl<'s> Cursor<'s> {
    /// A cursor at the start of `source`.
    pub fn new(source: &'s str) -> Self {
        Cursor::at(source, Pos { line: 1, column: 1 })
    }

    /// A cursor over `source`, a piece of a file that starts at `pos` (an
    /// attribute's text, read again).
    pub fn at(source: &'s str, pos: Pos) -> Self {
        Cursor { src: source.as_bytes(), at: 0, line: pos.line, column: pos.column, aliases: HashMap::new() }
    }

    /// The position of the next unread byte.
    pub fn pos(&self) -> Pos {
        Pos { line: self.line, column: self.column }
    }

    /// An error at the next unread byte.
    pub fn error<T>(&self, message: impl Into<String>) -> Result<T> {
        Err(SyntaxError { pos: self.pos(), message: message.into() })
    }

    /// An error saying `expected` was expected, naming what is there instead.
    pub fn expected<T>(&self, expected: &str) -> Result<T> {
        let found = match self.peek() {
            None => "the end of the file".to_string(),
            Some(_) => {
                let rest = &self.src[self.at..];
                let end = rest.iter().position(|b| b.is_ascii_whitespace()).unwrap_or(rest.len()).min(24);
                format!("'{}'", String::from_utf8_lossy(&rest[..end]))
            }
        };
        self.error(format!("expected {expected}, found {found}"))
    }

    /// Consumes the next byte (a separator the caller has looked at).
    pub fn bump(&mut self) {
        if let Some(&b) = self.src.get(self.at) {
            self.at += 1;
            if b == b'\n' {
                (self.line, self.column) = (self.line + 1, 1);
            } else if b & 0xC0 != 0x80 {
                self.column += 1;
            }
        }
    }

    /// The next unread byte.
    pub fn peek(&self) -> Option<u8> {
        self.src.get(self.at).copied()
    }

    /// The byte `n` after the next unread one.
    pub fn peek_at(&self, n: usize) -> Option<u8> {
        self.src.get(self.at + n).copied()
    }

    /// The next byte after whitespace.
    pub fn peek_after_ws(&mut self) -> Option<u8> {
        self.skip_ws();
        self.peek()
    }

    /// True if the unread text starts with `s` after whitespace.
    pub fn looking_at_after_ws(&mut self, s: &str) -> bool {
        self.skip_ws();
        self.looking_at(s)
    }

    /// True if the unread text starts with `s`.
    pub fn looking_at(&self, s: &str) -> bool {
        self.src[self.at..].starts_with(s.as_bytes())
    }

    /// True at the end of the source (after whitespace).
    pub fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.peek().is_none()
    }

    /// Skips whitespace and `//` comments.
    pub fn skip_ws(&mut self) {
        loop {
            match self.peek() {
                Some(b) if b.is_ascii_whitespace() => self.bump(),
                Some(b'/') if self.peek_at(1) == Some(b'/') => {
                    while self.peek().is_some_and(|b| b != b'\n') {
                        self.bump();
                    }
                }
                _ => return,
            }
        }
    }

    /// Skips whitespace, then consumes `s` if it comes next.
    pub fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        if self.looking_at(s) {
            (0..s.len()).for_each(|_| self.bump());
            true
        } else {
            false
        }
    }

    /// Skips whitespace, then consumes `s` or fails.
    pub fn expect(&mut self, s: &str) -> Result<()> {
        if self.eat(s) { Ok(()) } else { self.expected(&format!("'{s}'")) }
    }

    /// Skips whitespace, then consumes the keyword `word` if it comes next as a whole
    /// identifier.
    pub fn eat_keyword(&mut self, word: &str) -> bool {
        self.skip_ws();
        let next = self.src.get(self.at + word.len()).copied();
        if self.looking_at(word) && !next.is_some_and(is_ident_byte) {
            (0..word.len()).for_each(|_| self.bump());
            true
        } else {
            false
        }
    }

    fn take_while(&mut self, keep: impl Fn(u8) -> bool) -> String {
        let start = self.at;
        while self.peek().is_some_and(&keep) {
            self.bump();
        }
        String::from_utf8_lossy(&self.src[start..self.at]).into_owned()
    }

    /// Skips whitespace, then reads an identifier (letters, digits, `_`, `.`, `$`),
    /// possibly empty.
    pub fn ident(&mut self) -> String {
        self.skip_ws();
        if !self.peek().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_') {
            return String::new();
        }
        self.take_while(is_ident_byte)
    }

    /// Reads `%name` (with a `#n` result index if written) and returns the name
    /// without `%`.
    pub fn value_name(&mut self) -> Result<String> {
        self.skip_ws();
        if self.peek() != Some(b'%') {
            return self.expected("a value name like '%0'");
        }
        self.bump();
        let name = self.take_while(|b| is_ident_byte(b) || b == b'#');
        if name.is_empty() { self.expected("a value name after '%'") } else { Ok(name) }
    }

    /// Reads `@name` or `@"name"` and returns the name.
    pub fn symbol(&mut self) -> Result<String> {
        self.skip_ws();
        if self.peek() != Some(b'@') {
            return self.expected("a symbol like '@main'");
        }
        self.bump();
        if self.peek() == Some(b'"') {
            return self.string();
        }
        let name = self.take_while(is_ident_byte);
        if name.is_empty() { self.expected("a symbol name after '@'") } else { Ok(name) }
    }

    /// Reads a string literal and returns its contents (escapes kept as written
    /// except `\"` and `\\`).
    pub fn string(&mut self) -> Result<String> {
        self.skip_ws();
        if self.peek() != Some(b'"') {
            return self.expected("a string");
        }
        self.bump();
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None => return self.error("unterminated string"),
                Some(b'"') => {
                    self.bump();
                    return Ok(String::from_utf8_lossy(&out).into_owned());
                }
                Some(b'\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ (b'"' | b'\\')) => out.push(c),
                        Some(c) => out.extend([b'\\', c]),
                        None => return self.error("unterminated string"),
                    }
                    self.bump();
                }
                Some(c) => {
                    out.push(c);
                    self.bump();
                }
            }
        }
    }

    /// Reads an unsigned integer.
    pub fn integer(&mut self) -> Result<u64> {
        self.skip_ws();
        let digits = self.take_while(|b| b.is_ascii_digit());
        digits.parse().or_else(|_| self.expected("an integer"))
    }

    /// Reads a balanced group starting at the next byte (one of `( [ { <`) and
    /// returns its text, delimiters included.
    pub fn group(&mut self) -> Result<Attr> {
        self.skip_ws();
        let (pos, start) = (self.pos(), self.at);
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None => return Err(SyntaxError { pos, message: "unclosed bracket".into() }),
                Some(b'"') => {
                    self.string()?;
                    continue;
                }
                Some(b'-') if self.peek_at(1) == Some(b'>') => self.bump(),
                Some(b'(' | b'[' | b'{' | b'<') => depth += 1,
                Some(b')' | b']' | b'}' | b'>') => depth = depth.saturating_sub(1),
                _ => {}
            }
            self.bump();
            if depth == 0 {
                let text = String::from_utf8_lossy(&self.src[start..self.at]).into_owned();
                return Ok(Attr { text, pos });
            }
        }
    }

    /// Reads an attribute value up to (not including) a `,`, `}` or `)` outside any
    /// bracket: `1 : i64`, `#sdy.sharding<…>`, `dense<…> : tensor<…>`, `[0, 1]`.
    pub fn value_until_separator(&mut self) -> Result<Attr> {
        self.skip_ws();
        let (pos, start) = (self.pos(), self.at);
        while let Some(b) = self.peek() {
            match b {
                b',' | b'}' | b')' => break,
                b'"' => {
                    self.string()?;
                }
                b'(' | b'[' | b'{' | b'<' => {
                    self.group()?;
                }
                b'-' if self.peek_at(1) == Some(b'>') => {
                    self.bump();
                    self.bump();
                }
                _ => self.bump(),
            }
        }
        let text = String::from_utf8_lossy(&self.src[start..self.at]).trim().to_string();
        if text.is_empty() { self.expected("an attribute value") } else { Ok(Attr { text, pos }) }
    }

    /// Reads one atom of a pretty-form value: a balanced group, a string, or a run
    /// of other characters with any `<…>` glued to it (`dense<…>`, `array<i64: 1>`).
    pub fn atom(&mut self) -> Result<Attr> {
        self.skip_ws();
        match self.peek() {
            Some(b'(' | b'[' | b'{' | b'<') => return self.group(),
            Some(b'"') => {
                let pos = self.pos();
                let s = self.string()?;
                return Ok(Attr { text: format!("\"{s}\""), pos });
            }
            _ => {}
        }
        let (pos, start) = (self.pos(), self.at);
        while let Some(b) = self.peek() {
            if b.is_ascii_whitespace() || b",:)]}{([=".contains(&b) {
                break;
            }
            if b == b'<' {
                self.group()?;
                continue;
            }
            self.bump();
        }
        let text = String::from_utf8_lossy(&self.src[start..self.at]).into_owned();
        if text.is_empty() { self.expected("a value") } else { Ok(Attr { text, pos }) }
    }

    /// Skips a trailing `loc(...)` if one comes next.
    pub fn skip_location(&mut self) -> Result<()> {
        self.location().map(drop)
    }

    /// A trailing `loc(...)` if one comes next: the text between its parentheses.
    pub fn location(&mut self) -> Result<Option<String>> {
        self.skip_ws();
        if !self.looking_at("loc(") {
            return Ok(None);
        }
        (0..3).for_each(|_| self.bump());
        let group = self.group()?.text;
        Ok(Some(group[1..group.len() - 1].trim().to_string()))
    }

    /// The text of an op written in a dialect's own one-line form (`mesh.*`), from
    /// here to the end of its line, comments dropped; it goes on to the next lines
    /// while brackets are open or, when `typed`, until its `:` and types have come
    /// (as the seed writes `… gather_axis = 1` and `: tensor<…> -> …` on two lines).
    pub fn op_text(&mut self, typed: bool) -> Attr {
        let pos = self.pos();
        let (mut text, mut depth, mut typed_yet) = (Vec::new(), 0i32, !typed);
        loop {
            match self.peek() {
                None => break,
                Some(b'\n') if depth <= 0 && typed_yet => break,
                Some(b'/') if self.peek_at(1) == Some(b'/') => {
                    while self.peek().is_some_and(|b| b != b'\n') {
                        self.bump();
                    }
                    continue;
                }
                Some(b) => {
                    match b {
                        b'(' | b'[' | b'{' | b'<' => depth += 1,
                        b')' | b']' | b'}' => depth -= 1,
                        b'>' if text.last() != Some(&b'-') => depth -= 1,
                        b':' if depth <= 0 => typed_yet = true,
                        _ => {}
                    }
                    text.push(b);
                    self.bump();
                }
            }
        }
        Attr { text: String::from_utf8_lossy(&text).split_whitespace().collect::<Vec<_>>().join(" "), pos }
    }

    /// Skips the rest of the current line.
    pub fn skip_line(&mut self) {
        while self.peek().is_some_and(|b| b != b'\n') {
            self.bump();
        }
    }
}

/// Bytes that continue an identifier.
pub fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$')
}
