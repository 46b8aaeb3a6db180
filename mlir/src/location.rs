//! Source locations: `FILE:LINE:COL`, 1-based, the one form every front end reports
//! and every IR node carries.

use std::fmt;
use std::sync::Arc;

/// A 1-based line and column (in characters) in a named source file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// The file name as the user gave it (empty when the text came from no file).
    pub file: Arc<str>,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

impl Location {
    /// A location in `file`.
    pub fn new(file: impl Into<Arc<str>>, line: u32, column: u32) -> Self {
        Location { file: file.into(), line, column }
    }

    /// The location of byte `offset` of `source`, which starts at line 1, column 1
    /// of `file`.
    pub fn at(file: impl Into<Arc<str>>, source: &str, offset: usize) -> Self {
        Location { file: file.into(), line: 1, column: 1 }.advanced(source, offset)
    }

    /// This location moved past the first `offset` bytes of `text` (an offset inside
    /// a character counts from that character's start).
    pub fn advanced(mut self, text: &str, offset: usize) -> Self {
        let mut end = offset.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let before = &text[..end];
        match before.rfind('\n') {
            Some(last) => {
                self.line += before.matches('\n').count() as u32;
                self.column = before[last + 1..].chars().count() as u32 + 1;
            }
            None => self.column += before.chars().count() as u32,
        }
        self
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_count_lines_and_characters() {
        let src = "ab\nçd\nef";
        assert_eq!(Location::at("f", src, 0).to_string(), "f:1:1");
        assert_eq!(Location::at("f", src, 5).to_string(), "f:2:2");
        assert_eq!(Location::at("f", src, 99).to_string(), "f:3:3");
        assert_eq!(Location::new("g", 4, 10).advanced("xy", 2).to_string(), "g:4:12");
        assert_eq!(Location::new("g", 4, 10).advanced("x\ny", 3).to_string(), "g:5:2");
    }
}
