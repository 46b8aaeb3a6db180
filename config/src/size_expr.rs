//! Size expressions: the small language a config's size positions are written in
//! (`d_model*4`, `seq/2`, `(heads + 1)*64`) over the sizes declared so far
//! ([`SizeTable`]), its evaluation ([`resolve`]) and its substitution into the
//! factor sizes of a sharding rule's text ([`substitute_rule`]).
//!
//! An expression is integers and size names joined by `+ - * /` with the usual
//! precedence and parentheses; `/` must divide exactly. Where a config declares no
//! `sizes:`, strings in integer positions are errors as before.

use super::diagnostic::did_you_mean;

/// Named sizes in declaration order.
pub type SizeTable = Vec<(String, i64)>;

/// Why an expression could not be evaluated: a message, the byte offset in the
/// expression where the problem is, and a hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    /// Byte offset in the expression's text.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: Option<String>,
}

/// True when `text` is written like a size expression (only names, integers,
/// operators, parentheses and spaces, with at least one name), so that a string in
/// an integer position is read as one rather than rejected as a string.
pub fn looks_like_expression(text: &str) -> bool {
    text.chars().any(|c| c.is_ascii_alphabetic() || c == '_')
        && text.chars().all(|c| c.is_ascii_alphanumeric() || "_+-*/() ".contains(c))
}

/// Evaluates `text` over `sizes`.
pub fn resolve(text: &str, sizes: &[(String, i64)]) -> Result<i64, ExprError> {
    let mut parser = Parser { text, bytes: text.as_bytes(), pos: 0, sizes };
    let value = parser.sum()?;
    parser.skip_spaces();
    if parser.pos < parser.bytes.len() {
        let found = &text[parser.pos..];
        return Err(parser.error(format!("expected an operator (+ - * /) in the size expression, found '{found}'")));
    }
    Ok(value)
}

struct Parser<'t> {
    text: &'t str,
    bytes: &'t [u8],
    pos: usize,
    sizes: &'t [(String, i64)],
}

impl Parser<'_> {
    fn error(&self, message: String) -> ExprError {
        ExprError { offset: self.pos, message, hint: None }
    }

    fn skip_spaces(&mut self) {
        while self.bytes.get(self.pos) == Some(&b' ') {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_spaces();
        self.bytes.get(self.pos).copied()
    }

    fn overflow(&self, start: usize) -> ExprError {
        ExprError { offset: start, message: "the size expression overflows 64-bit integers".into(), hint: None }
    }

    fn sum(&mut self) -> Result<i64, ExprError> {
        let start = self.pos;
        let mut value = self.product()?;
        while let Some(op @ (b'+' | b'-')) = self.peek() {
            self.pos += 1;
            let rhs = self.product()?;
            let next = if op == b'+' { value.checked_add(rhs) } else { value.checked_sub(rhs) };
            value = next.ok_or_else(|| self.overflow(start))?;
        }
        Ok(value)
    }

    fn product(&mut self) -> Result<i64, ExprError> {
        let start = self.pos;
        let mut value = self.atom()?;
        while let Some(op @ (b'*' | b'/')) = self.peek() {
            let at = self.pos;
            self.pos += 1;
            let rhs = self.atom()?;
            value = if op == b'*' {
                value.checked_mul(rhs).ok_or_else(|| self.overflow(start))?
            } else if rhs == 0 {
                return Err(ExprError {
                    offset: at,
                    message: "division by zero in the size expression".into(),
                    hint: None,
                });
            } else if value % rhs != 0 {
                let message = format!("{value}/{rhs} does not divide exactly; sizes are integers");
                return Err(ExprError { offset: at, message, hint: None });
            } else {
                value / rhs
            };
        }
        Ok(value)
    }

    fn atom(&mut self) -> Result<i64, ExprError> {
        let Some(c) = self.peek() else {
            return Err(self.error("the size expression ends where a name or an integer was expected".into()));
        };
        let start = self.pos;
        if c == b'(' {
            self.pos += 1;
            let value = self.sum()?;
            if self.peek() != Some(b')') {
                return Err(self.error("expected ')' in the size expression".into()));
            }
            self.pos += 1;
            return Ok(value);
        }
        if c == b'-' {
            self.pos += 1;
            return self.atom()?.checked_neg().ok_or_else(|| self.overflow(start));
        }
        let word_end = self.bytes[start..]
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
            .map_or(self.bytes.len(), |n| start + n);
        let word = &self.text[start..word_end];
        if word.is_empty() {
            return Err(self.error(format!("expected a name or an integer, found '{}'", &self.text[start..])));
        }
        if c.is_ascii_digit() {
            let value = word.parse::<i64>().map_err(|_| ExprError {
                offset: start,
                message: format!("'{word}' is not an integer"),
                hint: None,
            })?;
            self.pos = word_end;
            return Ok(value);
        }
        let Some((_, value)) = self.sizes.iter().find(|(name, _)| name == word) else {
            let names: Vec<&str> = self.sizes.iter().map(|(n, _)| n.as_str()).collect();
            let message = if names.is_empty() {
                format!("unknown size '{word}' (no sizes are declared before it)")
            } else {
                format!("unknown size '{word}' (the sizes are {})", names.join(", "))
            };
            return Err(ExprError { offset: start, message, hint: did_you_mean(word, names.iter().copied()) });
        };
        self.pos = word_end;
        Ok(*value)
    }
}

/// Replaces the size expressions among the factor sizes of a sharding rule's text
/// (`{i=batch, j=d_model*4}`) by their values. Returns the new text, or the error
/// and its byte offset in `text`.
pub fn substitute_rule(text: &str, sizes: &[(String, i64)]) -> Result<String, ExprError> {
    let mut out = String::with_capacity(text.len());
    let mut rest = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'=' {
            i += 1;
            continue;
        }
        let start = i + 1;
        let end = bytes[start..].iter().position(|b| *b == b',' || *b == b'}').map_or(bytes.len(), |n| start + n);
        let value = &text[start..end];
        let trimmed = value.trim();
        if !trimmed.starts_with('{') && looks_like_expression(trimmed) {
            let lead = value.len() - value.trim_start().len();
            let n = resolve(trimmed, sizes).map_err(|e| ExprError { offset: e.offset + start + lead, ..e })?;
            out.push_str(&text[rest..start]);
            out.push_str(&n.to_string());
            rest = end;
        }
        i = end.max(start);
    }
    out.push_str(&text[rest..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> SizeTable {
        vec![("batch".into(), 8), ("seq".into(), 1024), ("d_model".into(), 768)]
    }

    #[test]
    fn evaluates_expressions() {
        let t = table();
        assert_eq!(resolve("batch", &t), Ok(8));
        assert_eq!(resolve("d_model*4", &t), Ok(3072));
        assert_eq!(resolve("d_model / 12", &t), Ok(64));
        assert_eq!(resolve("batch*seq + 2*3", &t), Ok(8 * 1024 + 6));
        assert_eq!(resolve("(seq - 1)*2", &t), Ok(2046));
        assert_eq!(resolve("-batch", &t), Ok(-8));
    }

    #[test]
    fn reports_unknown_names_and_inexact_division() {
        let t = table();
        let e = resolve("d_modle*4", &t).unwrap_err();
        assert_eq!(e.offset, 0);
        assert_eq!(e.message, "unknown size 'd_modle' (the sizes are batch, seq, d_model)");
        assert_eq!(e.hint.as_deref(), Some("did you mean 'd_model'?"));
        let e = resolve("seq/3", &t).unwrap_err();
        assert_eq!((e.offset, e.message.as_str()), (3, "1024/3 does not divide exactly; sizes are integers"));
        assert!(resolve("batch batch", &t).unwrap_err().message.contains("expected an operator"));
        assert!(resolve("(batch", &t).unwrap_err().message.contains("expected ')'"));
        assert!(resolve("batch*", &t).unwrap_err().message.contains("ends where"));
        assert!(resolve("seq/0", &t).unwrap_err().message.contains("division by zero"));
    }

    #[test]
    fn substitutes_factor_sizes_in_rules() {
        let t = table();
        let rule = "([i, j])->([i, j]) {i=batch*seq, j=d_model} need_replication={j}";
        assert_eq!(substitute_rule(rule, &t).unwrap(), "([i, j])->([i, j]) {i=8192, j=768} need_replication={j}");
        let plain = "([i])->([i]) {i=16}";
        assert_eq!(substitute_rule(plain, &t).unwrap(), plain);
        let e = substitute_rule("([i])->([i]) {i=sq}", &t).unwrap_err();
        assert_eq!(e.offset, 16);
    }

    #[test]
    fn tells_expressions_from_other_strings() {
        assert!(looks_like_expression("d_model*4"));
        assert!(!looks_like_expression("42"));
        assert!(!looks_like_expression("[1, 2]"));
    }
}
