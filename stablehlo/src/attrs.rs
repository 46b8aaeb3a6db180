//! Reading attribute values from their text: integer lists in every spelling
//! StableHLO uses (`[0, 1]`, `array<i64: 0, 1>`, `dense<[0, 1]> : tensor<2xi64>`),
//! integers (`1 : i64`), fields of structured attributes (`#stablehlo.dot<…>`,
//! `#stablehlo.gather<…>`), enum words (`#stablehlo<comparison_direction GT>`) and
//! dense element literals (decimal, `true`/`false`, or the hex bit patterns JAX
//! prints for infinities).
//!
//! Also an op's attributes by name: the text of one of its spellings ([`get`]), a
//! required one ([`req`]) and an optional boolean ([`flag`]).
//!
//! Every reader returns a message on failure; the importer locates it.

use super::ast::Operation;

/// The integers in a list attribute; a splat `dense<0> : tensor<4x2xi64>` is its
/// value as many times as its type has elements (JAX writes pooling paddings so).
pub fn ints(text: &str) -> Result<Vec<i64>, String> {
    let mut body = text.trim();
    let mut elements = None;
    if let Some((value, ty)) = body.split_once(" : ").filter(|_| body.starts_with("dense<")) {
        body = value.trim();
        let ty: Option<autoshard_mlir::TensorType> = ty.trim().parse().ok();
        elements = ty.and_then(|t| t.static_shape()).and_then(|s| s.iter().map(|&d| usize::try_from(d).ok()).product());
    }
    for (open, close) in [("array<i64:", ">"), ("array<i64", ">"), ("dense<", ">"), ("[", "]")] {
        if let Some(inner) = body.strip_prefix(open).and_then(|b| b.strip_suffix(close)) {
            body = inner;
            break;
        }
    }
    let parse = |s: &str| s.parse::<i64>().map_err(|_| format!("expected a list of integers, found '{text}'"));
    let values: Vec<i64> = items(body).iter().map(|s| parse(s)).collect::<Result<_, _>>()?;
    match (values.as_slice(), elements) {
        ([splat], Some(n)) if !body.contains('[') => Ok(vec![*splat; n]),
        _ => Ok(values),
    }
}

/// The elements of a possibly nested list, row-major: `[[1, 2], [3]]` → `1`, `2`, `3`.
fn items(text: &str) -> Vec<String> {
    let flat: String = text.chars().map(|c| if matches!(c, '[' | ']' | '(' | ')') { ' ' } else { c }).collect();
    flat.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

/// A non-negative integer attribute (`7`, `7 : ui64`), the full `u64` range.
pub fn unsigned(text: &str) -> Result<u64, String> {
    let value = text.split(':').next().unwrap_or("").trim();
    value.parse().map_err(|_| format!("expected a non-negative integer, found '{text}'"))
}

/// An integer attribute (`1`, `1 : i64`).
pub fn int(text: &str) -> Result<i64, String> {
    let value = text.split(':').next().unwrap_or("").trim();
    value.parse().map_err(|_| format!("expected an integer, found '{text}'"))
}

/// A floating-point attribute (`0.001`, `1.000000e-03 : f32`).
pub fn float(text: &str) -> Result<f64, String> {
    let value = text.split(':').next().unwrap_or("").trim();
    value.parse().map_err(|_| format!("expected a number, found '{text}'"))
}

/// A boolean attribute (`true`, `false`, or a unit attribute: present, so true).
pub fn boolean(text: &str) -> Result<bool, String> {
    match text.trim() {
        // A unit attribute (`{use_global_device_ids}`) is set by being there.
        "true" | "unit" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("expected true or false, found '{text}'")),
    }
}

/// The value of `field = …` inside a structured attribute's `<…>` (up to the next
/// top-level comma).
pub fn field<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    let open = text.find('<')?;
    entry(text[open + 1..].strip_suffix('>')?, name)
}

/// A list `field` of a structured attribute, empty when absent.
pub fn field_ints(text: &str, name: &str) -> Result<Vec<i64>, String> {
    field(text, name).map_or(Ok(Vec::new()), ints)
}

/// An integer `field` of a structured attribute, `default` when absent.
pub fn field_int(text: &str, name: &str, default: i64) -> Result<i64, String> {
    field(text, name).map_or(Ok(default), int)
}

/// The value of `name = …` among the comma-separated `key = value` entries of
/// `inner` (the inside of a `<…>` or `{…}`).
pub fn entry<'t>(inner: &'t str, name: &str) -> Option<&'t str> {
    split_top(inner).into_iter().find_map(|part| {
        let (key, value) = part.split_once('=')?;
        (key.trim() == name).then(|| value.trim())
    })
}

/// The last word of an enum attribute: `GT` from `#stablehlo<comparison_direction GT>`
/// or from `GT`.
pub fn enum_word(text: &str) -> &str {
    let t = text.trim().trim_end_matches('>');
    t.rsplit([' ', '<']).next().unwrap_or(t)
}

/// Splits at commas outside brackets.
pub fn split_top(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '[' | '(' | '{' | '<' => depth += 1,
            ']' | ')' | '}' | '>' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts.into_iter().map(str::trim).filter(|p| !p.is_empty()).collect()
}

/// `text` without its one enclosing `open` … `close` pair (and surrounding space),
/// or `text` trimmed when it has none: `[a, b]` → `a, b`.
pub fn inside(text: &str, open: char, close: char) -> &str {
    let text = text.trim();
    text.strip_prefix(open).and_then(|t| t.strip_suffix(close)).unwrap_or(text)
}

/// The elements of a `dense<…>` literal of element type `element`, row-major (one
/// value for a splat).
pub fn dense(text: &str, element: &str) -> Result<Vec<f64>, String> {
    let value = text.split(" : ").next().unwrap_or("").trim();
    let inner = value
        .strip_prefix("dense<")
        .and_then(|v| v.strip_suffix('>'))
        .ok_or_else(|| format!("expected a dense<…> literal, found '{text}'"))?;
    if let Some(hex) = inner.strip_prefix('"').and_then(|h| h.strip_suffix('"')) {
        return hex_elements(hex, element);
    }
    items(inner).iter().map(|s| scalar(s, element)).collect()
}

/// The elements of a hex-string dense literal (`dense<"0x0000803F…">`, as MLIR
/// prints large constants): the raw little-endian bytes of every element in
/// row-major order, or of one element for a splat. Each element takes its type's
/// bytes (`i1` and `i4` one byte each).
fn hex_elements(hex: &str, element: &str) -> Result<Vec<f64>, String> {
    let digits = hex
        .strip_prefix("0x")
        .or_else(|| hex.strip_prefix("0X"))
        .ok_or_else(|| format!("a hex-string dense literal starts with '0x': '{}'", abbreviate(hex)))?;
    if digits.len() % 2 != 0 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("a hex-string dense literal has pairs of hex digits only: '{}'", abbreviate(hex)));
    }
    let width = byte_width(element).ok_or_else(|| format!("hex-string dense literals of {element} are not read"))?;
    if digits.len() / 2 % width != 0 {
        return Err(format!(
            "a hex-string dense literal of {element} has {} bytes, not a multiple of {width}",
            digits.len() / 2
        ));
    }
    let byte = |i: usize| u64::from_str_radix(&digits[2 * i..2 * i + 2], 16).unwrap_or(0);
    let elements = digits.len() / 2 / width;
    let bits = |e: usize| (0..width).fold(0u64, |acc, k| acc | byte(e * width + k) << (8 * k));
    Ok((0..elements).map(|e| from_bits(bits(e), element)).collect())
}

/// The bytes one element of type `element` takes in a hex-string literal.
fn byte_width(element: &str) -> Option<usize> {
    match element {
        "f64" => Some(8),
        "f32" => Some(4),
        "f16" | "bf16" => Some(2),
        e if e.starts_with("f8") => Some(1),
        e => {
            let bits: usize = e.strip_prefix("ui").or_else(|| e.strip_prefix('i'))?.parse().ok()?;
            (1..=64).contains(&bits).then(|| bits.div_ceil(8))
        }
    }
}

/// An element of type `element` from its bit pattern: floats by their format,
/// signed integers sign-extended from their width, `i1` as 0 or 1.
fn from_bits(bits: u64, element: &str) -> f64 {
    match element {
        "f64" => f64::from_bits(bits),
        "f32" => f64::from(f32::from_bits(bits as u32)),
        "bf16" => f64::from(f32::from_bits((bits as u32) << 16)),
        "f16" => small_float(bits, 5, 10, true),
        "f8E5M2" => small_float(bits, 5, 2, true),
        "f8E4M3FN" | "f8E4M3" => small_float(bits, 4, 3, false),
        "i1" => f64::from(u8::from(bits & 1 == 1)),
        e => match e.strip_prefix('i').and_then(|w| w.parse::<u32>().ok()).filter(|w| (2..=64).contains(w)) {
            // Sign-extend from the type's width.
            Some(width) => ((bits << (64 - width)) as i64 >> (64 - width)) as f64,
            None => bits as f64,
        },
    }
}

/// One literal element.
fn scalar(s: &str, element: &str) -> Result<f64, String> {
    match s {
        "true" => return Ok(1.0),
        "false" => return Ok(0.0),
        _ => {}
    }
    if let Some(hex) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        let bits = u64::from_str_radix(hex, 16).map_err(|_| format!("bad hex literal '{s}'"))?;
        return Ok(from_bits(bits, element));
    }
    s.parse::<f64>().map_err(|_| format!("bad literal '{s}'"))
}

/// The bit pattern of a small float with `exponent` and `mantissa` bits as a number:
/// IEEE-style (`ieee`: an all-ones exponent is infinity or NaN, as f16 and f8E5M2) or
/// finite-only (f8E4M3FN: only the all-ones pattern is NaN).
fn small_float(bits: u64, exponent: u32, mantissa: u32, ieee: bool) -> f64 {
    let sign = if (bits >> (exponent + mantissa)) & 1 == 1 { -1.0 } else { 1.0 };
    let (e_max, m_max) = ((1u64 << exponent) - 1, (1u64 << mantissa) - 1);
    let (e, m) = ((bits >> mantissa) & e_max, bits & m_max);
    let bias = (1i32 << (exponent - 1)) - 1;
    let fraction = m as f64 / (1u64 << mantissa) as f64;
    sign * match (e, ieee) {
        (e, true) if e == e_max && m == 0 => f64::INFINITY,
        (e, true) if e == e_max => f64::NAN,
        (e, false) if e == e_max && m == m_max => f64::NAN,
        (0, _) => fraction * 2f64.powi(1 - bias),
        (e, _) => (1.0 + fraction) * 2f64.powi(e as i32 - bias),
    }
}

/// `text`, cut to 40 characters for messages.
pub fn abbreviate(text: &str) -> String {
    if text.chars().count() <= 40 {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(40).collect::<String>())
    }
}

/// The first attribute of `op` among `names` (spellings of one attribute), as text.
pub fn get<'o>(op: &'o Operation, names: &[&str]) -> Option<&'o str> {
    names.iter().find_map(|n| op.attr(n)).map(|a| a.text.as_str())
}

/// The first attribute of `op` among `names`, as text, or an error naming the first
/// spelling when it has none.
pub fn req<'o>(op: &'o Operation, names: &[&str]) -> Result<&'o str, String> {
    get(op, names).ok_or_else(|| format!("{} needs attribute '{}'", op.name, names[0]))
}

/// An optional boolean attribute of `op`, false when absent.
pub fn flag(op: &Operation, name: &str) -> Result<bool, String> {
    get(op, &[name]).map_or(Ok(false), boolean)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_spelling_of_a_list() {
        assert_eq!(ints("[0, 1]").unwrap(), [0, 1]);
        assert_eq!(ints("array<i64: 2, 3>").unwrap(), [2, 3]);
        assert_eq!(ints("array<i64>").unwrap(), Vec::<i64>::new());
        assert_eq!(ints("dense<[[1, 1], [0, 2]]> : tensor<2x2xi64>").unwrap(), [1, 1, 0, 2]);
        assert_eq!(int("1 : i64").unwrap(), 1);
        assert!(ints("[a]").is_err());
        // A splat is its value once per element of its type.
        assert_eq!(ints("dense<0> : tensor<4x2xi64>").unwrap(), [0; 8]);
        // Hex strings, as MLIR prints large constants (MLIR's own parse-literal vectors).
        let hex = |text: &str, element: &str| dense(text, element).unwrap();
        assert_eq!(hex(r#"dense<"0xFF00000000000000FF00000000000000"> : tensor<2xi64>"#, "i64"), [255.0; 2]);
        assert_eq!(hex(r#"dense<"0xFF000000FF000000"> : tensor<2xi32>"#, "i32"), [255.0; 2]);
        assert_eq!(hex(r#"dense<"0xFF00FF00"> : tensor<2xi16>"#, "i16"), [255.0; 2]);
        assert_eq!(hex(r#"dense<"0x0F0F"> : tensor<2xi4>"#, "i4"), [-1.0; 2]);
        assert_eq!(hex(r#"dense<"0xFF"> : tensor<4xi8>"#, "i8"), [-1.0], "a splat");
        assert_eq!(hex(r#"dense<"0xFF"> : tensor<4xui8>"#, "ui8"), [255.0]);
        assert_eq!(hex(r#"dense<"0x01000100"> : tensor<4xi1>"#, "i1"), [1.0, 0.0, 1.0, 0.0]);
        assert_eq!(hex(r#"dense<"0x00000000000024400000000000001440"> : tensor<2xf64>"#, "f64"), [10.0, 5.0]);
        assert_eq!(hex(r#"dense<"0x2041A040"> : tensor<2xbf16>"#, "bf16"), [10.0, 5.0]);
        assert_eq!(hex(r#"dense<"0x0000803F000000C0"> : tensor<2xf32>"#, "f32"), [1.0, -2.0]);
        assert_eq!(hex(r#"dense<"0x003C00C0"> : tensor<2xf16>"#, "f16"), [1.0, -2.0]);
        for (bad, why) in [
            (r#"dense<"00803F"> : tensor<1xf32>"#, "starts with '0x'"),
            (r#"dense<"0x0000803X"> : tensor<1xf32>"#, "pairs of hex digits"),
            (r#"dense<"0x0000803F00"> : tensor<1xf32>"#, "not a multiple of 4"),
        ] {
            let error = dense(bad, "f32").unwrap_err();
            assert!(error.contains(why), "{bad}: {error}");
        }
        assert_eq!(ints("dense<1> : tensor<3xi64>").unwrap(), [1, 1, 1]);
        assert_eq!(ints("dense<[2]> : tensor<1xi64>").unwrap(), [2]);
    }

    #[test]
    fn reads_fields_enums_and_literals() {
        let dot = "#stablehlo.dot<lhs_batching_dimensions = [0], lhs_contracting_dimensions = [2, 3]>";
        assert_eq!(field(dot, "lhs_contracting_dimensions"), Some("[2, 3]"));
        assert_eq!(field(dot, "rhs_batching_dimensions"), None);
        assert_eq!(enum_word("#stablehlo<comparison_direction GT>"), "GT");
        assert_eq!(enum_word("LT"), "LT");
        assert_eq!(dense("dense<0xFF800000> : tensor<f32>", "f32").unwrap(), [f64::NEG_INFINITY]);
        assert_eq!(dense("dense<[[1.0, 2.5]]>", "f32").unwrap(), [1.0, 2.5]);
        assert_eq!(dense("dense<true>", "i1").unwrap(), [1.0]);
        assert_eq!(small_float(0x3C00, 5, 10, true), 1.0);
    }
}
