//! A cursor over a one-line text form: whitespace skipped, identifiers, integers,
//! `@symbols`, bracketed integer lists; every error at its column.

use crate::error::{Error, Result};

/// The cursor.
pub(crate) struct Cursor<'s> {
    text: &'s str,
    at: usize,
}

impl<'s> Cursor<'s> {
    pub fn new(text: &'s str) -> Self {
        Cursor { text, at: 0 }
    }

    fn rest(&self) -> &'s str {
        &self.text[self.at..]
    }

    pub fn skip_ws(&mut self) {
        let trimmed = self.rest().trim_start();
        self.at = self.text.len() - trimmed.len();
    }

    /// An error at the next unread character.
    pub fn error<T>(&self, message: impl Into<String>) -> Result<T> {
        Err(Error::Parse { column: self.text[..self.at].chars().count() + 1, message: message.into() })
    }

    fn found(&self) -> String {
        match self.rest().split_whitespace().next() {
            Some(word) => format!("'{word}'"),
            None => "the end".into(),
        }
    }

    /// Whether the next characters (after whitespace) are `token`, not consuming them.
    pub fn peek_is(&mut self, token: &str) -> bool {
        self.skip_ws();
        self.rest().starts_with(token)
    }

    /// Whether the next character (after whitespace) is a decimal digit.
    pub fn peek_digit(&mut self) -> bool {
        self.skip_ws();
        self.rest().starts_with(|c: char| c.is_ascii_digit())
    }

    /// Whether the next characters are `token` (consumed if so).
    pub fn eat(&mut self, token: &str) -> bool {
        self.skip_ws();
        if self.rest().starts_with(token) {
            self.at += token.len();
            true
        } else {
            false
        }
    }

    /// Consumes `token` or fails saying it was expected.
    pub fn expect(&mut self, token: &str) -> Result<()> {
        if self.eat(token) { Ok(()) } else { self.error(format!("expected '{token}', found {}", self.found())) }
    }

    /// Whether the next word is the keyword `word` (consumed if so).
    pub fn eat_keyword(&mut self, word: &str) -> bool {
        self.skip_ws();
        let rest = self.rest();
        let follows = rest[word.len().min(rest.len())..].chars().next();
        if rest.starts_with(word) && !follows.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            self.at += word.len();
            true
        } else {
            false
        }
    }

    /// An identifier (`[A-Za-z_][A-Za-z0-9_$.]*`), or the empty string.
    pub fn ident(&mut self) -> &'s str {
        self.skip_ws();
        let rest = self.rest();
        if !rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
            return "";
        }
        let len =
            rest.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))).unwrap_or(rest.len());
        self.at += len;
        &rest[..len]
    }

    /// A value or symbol name's characters (`[A-Za-z0-9_$.#-]`), or the empty string.
    pub fn word(&mut self) -> &'s str {
        let rest = self.rest();
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '#' | '-')))
            .unwrap_or(rest.len());
        self.at += len;
        &rest[..len]
    }

    /// `@name`: the name.
    pub fn symbol(&mut self) -> Result<String> {
        self.expect("@")?;
        let name = self.ident();
        if name.is_empty() {
            return self.error(format!("expected a symbol name after '@', found {}", self.found()));
        }
        Ok(name.to_string())
    }

    /// A decimal integer, possibly negative.
    pub fn integer(&mut self) -> Result<i64> {
        self.skip_ws();
        let rest = self.rest();
        let digits = rest.strip_prefix('-').unwrap_or(rest);
        let len = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
        if len == 0 {
            return self.error(format!("expected an integer, found {}", self.found()));
        }
        let end = rest.len() - digits.len() + len;
        let value = rest[..end].parse().or_else(|_| self.error(format!("integer {} is too large", &rest[..end])))?;
        self.at += end;
        Ok(value)
    }

    /// `[a, b, ...]` of integers.
    pub fn integer_list(&mut self) -> Result<Vec<i64>> {
        self.expect("[")?;
        self.integer_list_tail()
    }

    /// The rest of an integer list after its `[`.
    pub fn integer_list_tail(&mut self) -> Result<Vec<i64>> {
        let mut out = Vec::new();
        if self.eat("]") {
            return Ok(out);
        }
        loop {
            out.push(self.integer()?);
            if self.eat("]") {
                return Ok(out);
            }
            self.expect(",")?;
        }
    }

    /// `[[a, b], [], ...]`: one integer list per entry, at least one.
    pub fn nested_integer_list(&mut self) -> Result<Vec<Vec<i64>>> {
        self.expect("[")?;
        let mut out = Vec::new();
        loop {
            out.push(self.integer_list()?);
            if self.eat("]") {
                return Ok(out);
            }
            self.expect(",")?;
        }
    }

    /// A dynamic index list written with integers only (`[1, 2]`); an SSA value in
    /// it (`[%h, 1]`) is refused, naming `what` the list holds and the `items` to
    /// write instead.
    pub fn static_index_list(&mut self, what: &str, items: &str) -> Result<Vec<i64>> {
        self.expect("[")?;
        if self.peek_is("%") {
            return self.error(format!("{what} given as SSA values are not supported: write the {items}"));
        }
        self.integer_list_tail()
    }

    /// `%name`, without the `%`.
    pub fn value_name(&mut self) -> Result<String> {
        self.expect("%")?;
        let name = self.word();
        if name.is_empty() {
            return self.error("expected a value name after '%'");
        }
        Ok(name.to_string())
    }

    /// Fails unless only whitespace is left.
    pub fn end(&mut self) -> Result<()> {
        self.skip_ws();
        if self.rest().is_empty() { Ok(()) } else { self.error(format!("unexpected {} after the form", self.found())) }
    }
}

/// `[a, b, ...]`.
pub(crate) fn write_list<T: std::fmt::Display>(f: &mut std::fmt::Formatter<'_>, items: &[T]) -> std::fmt::Result {
    f.write_str("[")?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{item}")?;
    }
    f.write_str("]")
}

/// `[[a, b], [], ...]`.
pub(crate) fn write_nested_list(f: &mut std::fmt::Formatter<'_>, lists: &[Vec<i64>]) -> std::fmt::Result {
    f.write_str("[")?;
    for (i, list) in lists.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_list(f, list)?;
    }
    f.write_str("]")
}
