//! Physical quantities with their unit in the type: [`Bytes`], [`Seconds`],
//! [`BytesPerSecond`], [`Flops`] and [`FlopsPerSecond`].
//!
//! Each parses from a number with a unit (`80GiB`, `300GB/s`, `2us`, `400TFLOP/s`;
//! decimal prefixes are powers of 1000, binary ones `Ki Mi Gi Ti Pi` powers of 1024)
//! and prints in a form that parses back to the same value up to the printed
//! precision. A bare number is in SI base units. Quantities are never negative or NaN.

use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A number of bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Bytes(pub u64);

/// A duration in seconds.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seconds(pub f64);

/// A bandwidth in bytes per second.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BytesPerSecond(pub f64);

/// A number of floating-point operations.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Flops(pub f64);

/// A compute rate in floating-point operations per second.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FlopsPerSecond(pub f64);

const DECIMAL: [(&str, f64); 6] = [("", 1.0), ("K", 1e3), ("M", 1e6), ("G", 1e9), ("T", 1e12), ("P", 1e15)];
const BINARY: [(&str, f64); 5] =
    [("Ki", 1024.0), ("Mi", 1048576.0), ("Gi", 1073741824.0), ("Ti", 1099511627776.0), ("Pi", 1125899906842624.0)];

/// Splits `text` into a non-negative number and the unit after it.
fn split_number(text: &str, what: &str, example: &str) -> Result<(f64, String)> {
    let text = text.trim();
    let end = text
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-')))
        .map_or(text.len(), |(i, _)| i);
    let (number, unit) = text.split_at(end);
    let value: f64 =
        number.parse().map_err(|_| Error::Program(format!("expected {what} such as {example}, got '{text}'")))?;
    if !value.is_finite() || value < 0.0 {
        return Err(Error::Program(format!("{what} must be a non-negative number, got '{text}'")));
    }
    Ok((value, unit.trim().to_string()))
}

/// The factor of a prefixed `unit` ending in `base` (`GiB` with base `B` is 2^30).
fn prefix_factor(unit: &str, base: &str, binary: bool) -> Option<f64> {
    let prefix = unit.strip_suffix(base)?;
    let mut prefixes = DECIMAL.iter().chain(if binary { &BINARY[..] } else { &[] });
    // A lowercase kilo is accepted too (kB, kFLOP/s).
    prefixes.find(|(p, _)| *p == prefix).map(|(_, f)| *f).or((prefix == "k").then_some(1e3))
}

fn parse_with(text: &str, what: &str, example: &str, units: &[(&str, bool)]) -> Result<f64> {
    let (value, unit) = split_number(text, what, example)?;
    if unit.is_empty() {
        return Ok(value);
    }
    for (base, binary) in units {
        if let Some(factor) = prefix_factor(&unit, base, *binary) {
            return Ok(value * factor);
        }
    }
    Err(Error::Program(format!("unknown unit '{unit}' for {what}: expected a number with a unit such as {example}")))
}

/// Formats `value` of `base` unit with the largest decimal prefix that keeps it >= 1.
fn write_decimal(f: &mut fmt::Formatter<'_>, value: f64, base: &str) -> fmt::Result {
    let (prefix, factor) = DECIMAL.iter().rev().find(|(_, factor)| value >= *factor).copied().unwrap_or(("", 1.0));
    write!(f, "{}{prefix}{base}", trim_float(value / factor))
}

/// Up to 4 significant decimals, without trailing zeros.
fn trim_float(value: f64) -> String {
    let text = format!("{value:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text.is_empty() { "0".into() } else { text.to_string() }
}

impl FromStr for Bytes {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let value = parse_with(s, "a size in bytes", "80GiB", &[("B", true)])?;
        if value > u64::MAX as f64 {
            return Err(Error::Program(format!("size '{s}' is too large")));
        }
        Ok(Bytes(value.round() as u64))
    }
}

impl fmt::Display for Bytes {
    /// Binary prefixes: `80GiB`, `1.5KiB`, `12B`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.0 as f64;
        match BINARY.iter().rev().find(|(_, factor)| value >= *factor) {
            Some((prefix, factor)) => write!(f, "{}{prefix}B", trim_float(value / factor)),
            None => write!(f, "{}B", self.0),
        }
    }
}

impl std::iter::Sum for Bytes {
    /// The total, saturating at `u64::MAX` rather than overflowing.
    fn sum<I: Iterator<Item = Bytes>>(iter: I) -> Bytes {
        Bytes(iter.fold(0u64, |acc, b| acc.saturating_add(b.0)))
    }
}

impl Seconds {
    /// Whether this is no time at all.
    pub fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
}

impl std::iter::Sum for Seconds {
    /// The total duration (0s for none: float sums otherwise start at -0).
    fn sum<I: Iterator<Item = Seconds>>(iter: I) -> Seconds {
        Seconds(iter.fold(0.0, |acc, s| acc + s.0))
    }
}

impl std::ops::Add for Seconds {
    type Output = Seconds;

    fn add(self, other: Seconds) -> Seconds {
        Seconds(self.0 + other.0)
    }
}

impl FromStr for Seconds {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let (value, unit) = split_number(s, "a duration", "2us")?;
        let factor = match unit.as_str() {
            "" | "s" => 1.0,
            "ms" => 1e-3,
            "us" | "µs" => 1e-6,
            "ns" => 1e-9,
            "min" => 60.0,
            "h" => 3600.0,
            _ => {
                return Err(Error::Program(format!(
                    "unknown unit '{unit}' for a duration: expected one of s, ms, us, ns, min, h (e.g. 2us)"
                )));
            }
        };
        Ok(Seconds(value * factor))
    }
}

impl fmt::Display for Seconds {
    /// `2us`, `1.5ms`, `30s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        let (scaled, unit) = match v {
            v if v == 0.0 || v >= 1.0 => (v, "s"),
            v if v >= 1e-3 => (v * 1e3, "ms"),
            v if v >= 1e-6 => (v * 1e6, "us"),
            v => (v * 1e9, "ns"),
        };
        write!(f, "{}{unit}", trim_float(scaled))
    }
}

impl FromStr for BytesPerSecond {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        parse_with(s, "a bandwidth", "300GB/s", &[("B/s", true)]).map(BytesPerSecond)
    }
}

impl fmt::Display for BytesPerSecond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_decimal(f, self.0, "B/s")
    }
}

impl FromStr for Flops {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        parse_with(s, "a number of operations", "2GFLOP", &[("FLOP", false)]).map(Flops)
    }
}

impl fmt::Display for Flops {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_decimal(f, self.0, "FLOP")
    }
}

impl FromStr for FlopsPerSecond {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        parse_with(s, "a compute rate", "400TFLOP/s", &[("FLOP/s", false), ("FLOPS", false)]).map(FlopsPerSecond)
    }
}

impl fmt::Display for FlopsPerSecond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_decimal(f, self.0, "FLOP/s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_units() {
        assert_eq!("80GiB".parse::<Bytes>().unwrap(), Bytes(80 << 30));
        assert_eq!("1.5 KB".parse::<Bytes>().unwrap(), Bytes(1500));
        assert_eq!("4096".parse::<Bytes>().unwrap(), Bytes(4096));
        assert_eq!("300GB/s".parse::<BytesPerSecond>().unwrap(), BytesPerSecond(300e9));
        assert_eq!("2us".parse::<Seconds>().unwrap(), Seconds(2e-6));
        assert_eq!("400TFLOP/s".parse::<FlopsPerSecond>().unwrap(), FlopsPerSecond(400e12));
        assert_eq!("1e-3".parse::<Seconds>().unwrap(), Seconds(1e-3));
    }

    #[test]
    fn rejects_bad_units() {
        assert!("80 GiBs".parse::<Bytes>().unwrap_err().to_string().contains("unknown unit 'GiBs'"));
        assert!("-1s".parse::<Seconds>().is_err());
        assert!("fast".parse::<FlopsPerSecond>().is_err());
        assert!("1e999B".parse::<Bytes>().is_err());
        assert!("2 parsecs".parse::<Seconds>().is_err());
    }

    #[test]
    fn prints_parseable_text() {
        assert_eq!(Bytes(80 << 30).to_string(), "80GiB");
        assert_eq!(Bytes(1536).to_string(), "1.5KiB");
        assert_eq!(Seconds(2e-6).to_string(), "2us");
        assert_eq!(BytesPerSecond(300e9).to_string(), "300GB/s");
        assert_eq!(FlopsPerSecond(400e12).to_string(), "400TFLOP/s");
        for text in ["80GiB", "1.5KiB", "12B"] {
            assert_eq!(text.parse::<Bytes>().unwrap().to_string(), text);
        }
    }
}
