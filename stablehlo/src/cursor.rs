//! The StableHLO reader's layer on the shared MLIR lexer (`autoshard-mlir`): the
//! tokens come from its cursor; this layer adds what the reader of whole modules
//! needs beside them, positions as [`Location`] for the syntax tree, the type aliases
//! defined so far, and attribute values, atoms and a dialect's one-line op text
//! kept as source text ([`Attr`]) for the importer to interpret.
//!
//! Balanced groups are MLIR's (strings skipped, the `>` of `->` not counted).

use super::ast::{Attr, Type};
use autoshard_mlir::Location;
pub use autoshard_mlir::is_ident_byte;
use std::fmt;

/// A syntax error at a position.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    /// Where.
    pub pos: Location,
    /// What was expected and what was found.
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.pos.line, self.pos.column, self.message)
    }
}

impl From<autoshard_mlir::SyntaxError> for SyntaxError {
    fn from(e: autoshard_mlir::SyntaxError) -> Self {
        SyntaxError { pos: e.location, message: e.message }
    }
}

/// A result of reading.
pub type Result<T> = autoshard_mlir::Result<T>;

/// The cursor.
pub struct Cursor<'s> {
    c: autoshard_mlir::Cursor<'s>,
}

impl<'s> Cursor<'s> {
    /// A cursor over `source`, a piece of a file that starts at `pos` (an
    /// attribute's text, read again).
    pub fn at(source: &'s str, pos: Location) -> Self {
        Cursor { c: autoshard_mlir::Cursor::at(source, pos) }
    }

    /// The shared lexer's cursor, at the same place.
    pub fn raw(&mut self) -> &mut autoshard_mlir::Cursor<'s> {
        &mut self.c
    }

    /// The position of the next unread byte.
    pub fn pos(&self) -> Location {
        self.c.location()
    }

    /// An error saying `expected` was expected, naming what is there instead.
    pub fn expected<T>(&self, expected: &str) -> Result<T> {
        Err(self.c.expected(expected))
    }

    /// Consumes the next character (a separator the caller has looked at).
    pub fn bump(&mut self) {
        self.c.bump(1);
    }

    /// The next unread byte.
    pub fn peek(&self) -> Option<u8> {
        self.c.byte_at(0)
    }

    /// The byte `n` after the next unread one.
    pub fn peek_at(&self, n: usize) -> Option<u8> {
        self.c.byte_at(n)
    }

    /// The next byte after whitespace.
    pub fn peek_after_ws(&mut self) -> Option<u8> {
        self.skip_ws();
        self.peek()
    }

    /// True if the unread text starts with `s` after whitespace.
    pub fn looking_at_after_ws(&mut self, s: &str) -> bool {
        self.c.peek_is(s)
    }

    /// True if the unread text starts with `s`.
    pub fn looking_at(&self, s: &str) -> bool {
        self.c.looking_at(s)
    }

    /// Skips whitespace and `//` comments.
    pub fn skip_ws(&mut self) {
        self.c.skip_ws();
    }

    /// Skips whitespace, then consumes `s` if it comes next.
    pub fn eat(&mut self, s: &str) -> bool {
        self.c.eat(s)
    }

    /// Skips whitespace, then consumes `s` or fails with MLIR's `expected 's'`.
    pub fn expect(&mut self, s: &str) -> Result<()> {
        self.c.expect(s)
    }

    /// Skips whitespace, then consumes the keyword `word` if it comes next as a whole
    /// identifier.
    pub fn eat_keyword(&mut self, word: &str) -> bool {
        self.c.eat_keyword(word)
    }

    /// Skips whitespace, then reads an identifier (letters, digits, `_`, `.`, `$`),
    /// possibly empty.
    pub fn ident(&mut self) -> String {
        self.c.ident().unwrap_or_default().to_string()
    }

    /// Reads `%name` (with a `#n` result index if written) and returns the name
    /// without `%`.
    pub fn value_name(&mut self) -> Result<String> {
        if !self.c.peek_is("%") {
            return self.expected("a value name like '%0'");
        }
        self.bump();
        let name = self.c.take_while(|b| is_ident_byte(b) || b == b'-' || b == b'#');
        if name.is_empty() { self.expected("a value name after '%'") } else { Ok(name.to_string()) }
    }

    /// Reads `@name` or `@"name"` and returns the name.
    pub fn symbol(&mut self) -> Result<String> {
        if !self.c.peek_is("@") {
            return self.expected("a symbol like '@main'");
        }
        if self.peek_at(1).is_some_and(|b| b == b'"' || autoshard_mlir::is_ident_start(b)) {
            return self.c.symbol();
        }
        self.bump();
        self.expected("a symbol name after '@'")
    }

    /// Reads a string literal and returns its contents, MLIR's escapes decoded.
    pub fn string(&mut self) -> Result<String> {
        if !self.c.peek_is("\"") {
            return self.expected("a string");
        }
        self.c.string()
    }

    /// Reads `tensor<…>` with MLIR's tensor type syntax and refuses what the
    /// importer cannot hold: a dynamic dimension (at its `?`) or an encoding.
    pub fn tensor_type(&mut self) -> Result<Type> {
        self.skip_ws();
        let start = self.c.pos();
        let ty = Type::parse(&mut self.c)?;
        let text = &self.c.src()[start..self.c.pos()];
        let (at, message) = if ty.shape.contains(&autoshard_mlir::Dim::Dynamic) {
            // The first `?` of the text is the first dynamic dimension's: dimensions
            // come before the element type and the encoding.
            (start + text.find('?').unwrap_or(0), "dynamic dimensions ('?') are not supported")
        } else if ty.encoding.is_some() {
            (start, "tensor encodings (bounds, layouts) are not supported")
        } else {
            return Ok(ty);
        };
        Err(self.c.error_at(at, message))
    }

    /// Reads a balanced group starting at the next byte (one of `( [ { <`) and
    /// returns its text, delimiters included.
    pub fn group(&mut self) -> Result<Attr> {
        self.skip_ws();
        let pos = self.pos();
        let text = self.c.balanced()?.to_string();
        Ok(Attr { text, pos })
    }

    /// Reads an attribute value up to (not including) a `,`, `}` or `)` outside any
    /// bracket: `1 : i64`, `#sdy.sharding<…>`, `dense<…> : tensor<…>`, `[0, 1]`.
    pub fn value_until_separator(&mut self) -> Result<Attr> {
        self.skip_ws();
        let (pos, start) = (self.pos(), self.c.pos());
        while let Some(b) = self.peek() {
            match b {
                b',' | b'}' | b')' => break,
                b'"' => {
                    self.c.string_literal()?;
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
        let text = self.c.src()[start..self.c.pos()].trim().to_string();
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
                let text = self.c.string_literal()?.to_string();
                return Ok(Attr { text, pos });
            }
            _ => {}
        }
        let (pos, start) = (self.pos(), self.c.pos());
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
        let text = self.c.src()[start..self.c.pos()].to_string();
        if text.is_empty() { self.expected("a value") } else { Ok(Attr { text, pos }) }
    }

    /// The text of an op written in a dialect's own one-line form (`mesh.*`), from
    /// here to the end of its line, comments dropped; it goes on to the next lines
    /// while brackets are open or, when `typed`, until its `:` and types have come
    /// (as the seed writes `… gather_axis = 1` and `: tensor<…> -> …` on two lines).
    pub fn op_text(&mut self, typed: bool) -> Attr {
        let pos = self.pos();
        let (mut text, mut depth, mut typed_yet) = (String::new(), 0i32, !typed);
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
                        b'>' if !text.ends_with('-') => depth -= 1,
                        b':' if depth <= 0 => typed_yet = true,
                        _ => {}
                    }
                    let next = self.c.rest().chars().next().unwrap_or_default();
                    text.push(next);
                    self.c.bump(next.len_utf8());
                }
            }
        }
        Attr { text: text.split_whitespace().collect::<Vec<_>>().join(" "), pos }
    }
}
