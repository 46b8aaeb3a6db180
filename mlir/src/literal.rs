//! MLIR's literal forms: string literals with their escapes, bare identifiers,
//! `@symbol` references, comma-separated lists, and balanced bracket spans (a
//! dialect attribute's `<…>` body, read whole and handed to the dialect's parser).

use std::fmt::{self, Write};

/// Whether `b` can start a bare identifier (`[A-Za-z_]`).
pub fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

/// Whether `b` can continue a bare identifier (`[A-Za-z0-9_$.]`, MLIR's `bare-id`).
pub fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.')
}

/// Whether `b` can be part of a value or block name after its sigil (`%`, `^`):
/// MLIR's `suffix-id`, `[A-Za-z0-9_$.-]`.
pub fn is_suffix_byte(b: u8) -> bool {
    is_ident_byte(b) || b == b'-'
}

/// The length of the bare identifier at the start of `s` (0 if none).
pub fn ident_len(s: &str) -> usize {
    let bytes = s.as_bytes();
    match bytes.first() {
        Some(&b) if is_ident_start(b) => bytes.iter().take_while(|&&b| is_ident_byte(b)).count(),
        _ => 0,
    }
}

/// The length of the string literal at the start of `s`, quotes included; `None`
/// when `s` does not start with one or it does not close on its line.
pub fn string_len(s: &str) -> Option<usize> {
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

/// The text of a string literal's body (between its quotes) with MLIR's escapes
/// (`\"`, `\\`, `\n`, `\t`, `\XX`) decoded; `None` for an unknown escape or bytes
/// that are not UTF-8.
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
pub(crate) fn unescape(after: &[u8]) -> Option<(u8, usize)> {
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
pub fn write_symbol(f: &mut impl Write, name: &str) -> fmt::Result {
    f.write_char('@')?;
    if !name.is_empty() && ident_len(name) == name.len() { f.write_str(name) } else { write_string(f, name) }
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

/// The length of the balanced bracket span at the start of `s` (`<…>`, `(…)`, `[…]`
/// or `{…}`; strings inside are skipped whole and the `>` of `->` does not close),
/// with MLIR's message for a dialect attribute's body when it is unbalanced.
pub fn balanced_len(s: &str) -> Result<usize, String> {
    let bytes = s.as_bytes();
    let mut stack: Vec<u8> = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'<' | b'(' | b'[' | b'{' => stack.push(b),
            b'-' if bytes.get(i + 1) == Some(&b'>') => i += 1,
            b'>' | b')' | b']' | b'}' => {
                let open = opener(b);
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

/// The bracket that `close` closes.
fn opener(close: u8) -> u8 {
    match close {
        b'>' => b'<',
        b')' => b'(',
        b']' => b'[',
        _ => b'{',
    }
}

/// Collapses runs of blanks outside string literals into one space.
pub fn collapse_ws(s: &str) -> String {
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
    fn strings_round_trip_with_escapes() {
        let mut out = String::new();
        write_string(&mut out, "a\"b\\c\nd é").unwrap();
        assert_eq!(out, r#""a\"b\\c\0Ad \C3\A9""#);
        assert_eq!(unescape_string(&out[1..out.len() - 1]).as_deref(), Some("a\"b\\c\nd é"));
        assert_eq!(unescape_string(r"bad \q"), None);
        assert_eq!(string_len(r#""a\"b" x"#), Some(6));
        assert_eq!(string_len("\"open\nx\""), None);
    }

    #[test]
    fn symbols_are_quoted_unless_bare() {
        let written = |name: &str| {
            let mut s = String::new();
            write_symbol(&mut s, name).unwrap();
            s
        };
        assert_eq!(written("main_1.b$"), "@main_1.b$");
        assert_eq!(written("1st"), "@\"1st\"");
        assert_eq!(written(""), "@\"\"");
    }

    #[test]
    fn balanced_spans_report_mlir_messages() {
        assert_eq!(balanced_len(r#"<"a>", tensor<4xf32>> x"#), Ok(21));
        assert_eq!(balanced_len("<(a) -> b> x"), Ok(10));
        assert_eq!(
            balanced_len(r#"<"mesh", tensor<12x16xf32>)"#).unwrap_err(),
            "unbalanced '<' character in pretty dialect name"
        );
        assert_eq!(balanced_len("<(a) -> b").unwrap_err(), "unexpected nul or EOF in pretty dialect name");
        assert_eq!(collapse_ws("a  \n b \"x  y\""), "a b \"x  y\"");
    }
}
