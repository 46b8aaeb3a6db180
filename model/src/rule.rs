//! Op sharding rules: how an op's operand and result dimensions map onto factors.
//!
//! Text form (Shardy's `OpShardingRuleAttr`):
//! `#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=32} reduction={k}>`.
//! Factors are named by index, `i`..`z` then `z_1`, `z_2`, ...; a dimension made of
//! several factors concatenates their names major to minor (`[ij]`); the factor kinds
//! follow in a fixed order (`reduction`, `need_replication`, `permutation`), then the
//! orthogonal `blocked_propagation`, then `, custom` for a user-defined rule. Parsing
//! keeps what it reads (so every string prints back the same); [`OpShardingRule::verify`]
//! checks a rule against the shapes of the op it describes, as Shardy's verifier does.

use crate::error::{Error, Result};
use crate::text::{Cursor, list, parse_all, write_comma_separated};
use std::fmt;
use std::str::FromStr;

/// Index of a factor within one rule; printed with Shardy's factor names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FactorId(pub usize);

/// The number of single-letter factor names, `i` to `z`, minus one (`z` is index 17).
const START_AT_Z: usize = 17;

impl fmt::Display for FactorId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 <= START_AT_Z {
            write!(f, "{}", (b'i' + self.0 as u8) as char)
        } else {
            write!(f, "z_{}", self.0 - START_AT_Z)
        }
    }
}

impl FromStr for FactorId {
    type Err = Error;

    /// Parses a factor name: `i` to `z`, then `z_1`, `z_2`, ...
    fn from_str(s: &str) -> Result<Self> {
        match parse_factor_symbol(s) {
            Ok((factor, "")) => Ok(factor),
            _ => Err(Error::Rule(format!("'{s}' is not a factor name (i to z, then z_1, z_2, ...)"))),
        }
    }
}

/// What sharding a factor costs (Shardy's factor types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FactorKind {
    /// Free to shard when every tensor that has it is sharded the same way.
    PassThrough,
    /// Appears only in operands (e.g. a contracting dimension); sharding it leaves
    /// partial results that need a reduction.
    Reduction,
    /// Must stay unsharded (e.g. the sorted dimension of a sort).
    NeedReplication,
    /// Sharding it needs a collective permute (e.g. padded dimensions).
    Permutation,
}

/// The factors of one tensor dimension, major to minor.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct DimMapping {
    /// The factors whose sizes multiply to the dimension.
    pub factors: Vec<FactorId>,
}

impl DimMapping {
    /// True when `factor` is the minor-most factor of this dimension.
    pub fn is_minor_most(&self, factor: FactorId) -> bool {
        self.factors.last() == Some(&factor)
    }
}

impl fmt::Display for DimMapping {
    /// The factors' names run together (`ij`); a null mapping (no factor) is `*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.factors.is_empty() {
            return f.write_str("*");
        }
        self.factors.iter().try_for_each(|factor| write!(f, "{factor}"))
    }
}

/// The factor mapping of every dimension of one tensor.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct TensorMapping {
    /// One mapping per tensor dimension.
    pub dims: Vec<DimMapping>,
}

impl TensorMapping {
    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    /// True when some dimension contains `factor`.
    pub fn contains(&self, factor: FactorId) -> bool {
        self.dims.iter().any(|d| d.factors.contains(&factor))
    }

    /// The dimension containing `factor`, if any.
    pub fn dim_of(&self, factor: FactorId) -> Option<usize> {
        self.dims.iter().position(|d| d.factors.contains(&factor))
    }
}

impl fmt::Display for TensorMapping {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        write_comma_separated(f, &self.dims)?;
        f.write_str("]")
    }
}

/// How an op can be partitioned: its factors, and where each operand and result
/// dimension finds them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct OpShardingRule {
    /// The size of every factor, by index.
    pub factor_sizes: Vec<i64>,
    /// One mapping per operand.
    pub operands: Vec<TensorMapping>,
    /// One mapping per result.
    pub results: Vec<TensorMapping>,
    /// Factors that need a reduction when sharded.
    pub reduction: Vec<FactorId>,
    /// Factors that must stay unsharded.
    pub need_replication: Vec<FactorId>,
    /// Factors that need a collective permute when sharded.
    pub permutation: Vec<FactorId>,
    /// Factors along which shardings must not propagate (orthogonal to the kinds).
    pub blocked_propagation: Vec<FactorId>,
    /// True for a rule a user wrote for a custom op.
    pub custom: bool,
}

impl OpShardingRule {
    /// The number of factors.
    pub fn num_factors(&self) -> usize {
        self.factor_sizes.len()
    }

    /// Every factor id, in order.
    pub fn factors(&self) -> impl Iterator<Item = FactorId> + use<> {
        (0..self.factor_sizes.len()).map(FactorId)
    }

    /// The size of `factor`.
    pub fn factor_size(&self, factor: FactorId) -> i64 {
        self.factor_sizes.get(factor.0).copied().unwrap_or(1)
    }

    /// True if `factor` may be sharded: never a need-replication factor, a
    /// reduction factor only if the op's partial results combine
    /// (`partial_results_combine`), any other only if every result has it (a result
    /// without it would claim the same elements on devices that computed different
    /// blocks, e.g. a size-1 dimension a reshape drops).
    pub fn may_shard(&self, factor: FactorId, partial_results_combine: bool) -> bool {
        match self.kind(factor) {
            FactorKind::NeedReplication => false,
            FactorKind::Reduction => partial_results_combine,
            FactorKind::PassThrough | FactorKind::Permutation => self.results.iter().all(|r| r.contains(factor)),
        }
    }

    /// The kind of `factor`.
    pub fn kind(&self, factor: FactorId) -> FactorKind {
        if self.reduction.contains(&factor) {
            FactorKind::Reduction
        } else if self.need_replication.contains(&factor) {
            FactorKind::NeedReplication
        } else if self.permutation.contains(&factor) {
            FactorKind::Permutation
        } else {
            FactorKind::PassThrough
        }
    }

    /// True when shardings must not propagate along `factor`.
    pub fn is_blocked(&self, factor: FactorId) -> bool {
        self.blocked_propagation.contains(&factor)
    }

    /// Every tensor mapping: operands first, then results.
    pub fn tensors(&self) -> impl Iterator<Item = &TensorMapping> {
        self.operands.iter().chain(&self.results)
    }

    /// Checks the rule against the shapes of the op's operands and results, with
    /// Shardy's constraints: one mapping per tensor of matching rank; every dimension
    /// has factors, in range, never reused within a tensor, and no size-1 factor in a
    /// compound dimension; every factor is used; the kind sets are sorted, unique, in
    /// range and disjoint; reduction factors appear in no result.
    pub fn verify(&self, operand_shapes: &[&[i64]], result_shapes: &[&[i64]]) -> Result<()> {
        let mut used = vec![false; self.num_factors()];
        self.verify_mappings(&self.operands, operand_shapes, "operand", &mut used)?;
        let mut in_results = vec![false; self.num_factors()];
        self.verify_mappings(&self.results, result_shapes, "result", &mut in_results)?;
        if let Some(unused) = (0..self.num_factors()).find(|&f| !used[f] && !in_results[f]) {
            return Err(Error::Rule(format!(
                "has factor {}={} that isn't used in operand and result mappings",
                FactorId(unused),
                self.factor_sizes[unused]
            )));
        }
        for set in [&self.reduction, &self.need_replication, &self.permutation] {
            self.verify_factor_set(set)?;
        }
        let kinds = self.reduction.len() + self.need_replication.len() + self.permutation.len();
        let mut all: Vec<FactorId> =
            self.reduction.iter().chain(&self.need_replication).chain(&self.permutation).copied().collect();
        all.sort_unstable();
        all.dedup();
        if all.len() != kinds {
            return Err(Error::Rule(
                "a factor can only be in one of the reduction, need replication, or permutation factor sets".into(),
            ));
        }
        self.verify_factor_set(&self.blocked_propagation)?;
        if let Some(f) = self.reduction.iter().find(|f| in_results.get(f.0) == Some(&true)) {
            return Err(Error::Rule(format!("reduction factor cannot be in result mappings (factor {f})")));
        }
        Ok(())
    }

    fn verify_mappings(
        &self,
        mappings: &[TensorMapping],
        shapes: &[&[i64]],
        what: &str,
        used: &mut [bool],
    ) -> Result<()> {
        if shapes.len() != mappings.len() {
            return Err(Error::Rule(format!(
                "number of {what}s and mappings must match: {} != {}",
                shapes.len(),
                mappings.len()
            )));
        }
        if mappings.is_empty() {
            return Err(Error::Rule(format!(
                "number of {what}s mappings cannot be 0. Op sharding rules can only be defined on operations with at least one operand and result."
            )));
        }
        for (index, (mapping, shape)) in mappings.iter().zip(shapes).enumerate() {
            let name = if mappings.len() == 1 { format!("{what} -") } else { format!("{what} {index} -") };
            let err = |m: String| Err(Error::Rule(format!("{name} {m}")));
            if mapping.rank() != shape.len() {
                return err(format!("mapping rank must match: {} != {}", mapping.rank(), shape.len()));
            }
            let mut in_tensor = vec![false; self.num_factors()];
            for dim in &mapping.dims {
                if dim.factors.is_empty() {
                    return err("dim mapping must have at least one factor".into());
                }
                for &factor in &dim.factors {
                    if factor.0 >= self.num_factors() {
                        return err(format!(
                            "expecting factor indices to be within 0<=...<num_factors; received: {}, num_factors: {}",
                            factor.0,
                            self.num_factors()
                        ));
                    }
                    if in_tensor[factor.0] {
                        return err("cannot reuse factors for the same tensor value".into());
                    }
                    if self.factor_sizes[factor.0] == 1 && dim.factors.len() > 1 {
                        return err("dim mapping can't have a factor of size 1 if there are multiple factors".into());
                    }
                    in_tensor[factor.0] = true;
                    used[factor.0] = true;
                }
            }
        }
        Ok(())
    }

    fn verify_factor_set(&self, set: &[FactorId]) -> Result<()> {
        let err = |m: String| Err(Error::Rule(m));
        if !set.is_sorted() {
            return err("indices of special factors must be sorted".into());
        }
        if set.windows(2).any(|w| w[0] == w[1]) {
            return err("indices of special factors must be unique".into());
        }
        match set.last() {
            Some(last) if last.0 >= self.num_factors() => {
                err(format!("index must be less than {}, got: {}", self.num_factors(), last.0))
            }
            _ => Ok(()),
        }
    }

    fn parse(cursor: &mut Cursor<'_>) -> Result<Self> {
        cursor.expect("<")?;
        let operands = parse_mappings(cursor)?;
        cursor.expect("->")?;
        let results = parse_mappings(cursor)?;
        let mut rule = OpShardingRule { operands, results, ..Default::default() };
        if cursor.eat("{") {
            let mut next = 0;
            rule.factor_sizes = list(cursor, "}", |c| {
                let size = parse_factor_size(c, FactorId(next))?;
                next += 1;
                Ok(size)
            })?;
        }
        for (keyword, set) in [
            ("reduction", &mut rule.reduction),
            ("need_replication", &mut rule.need_replication),
            ("permutation", &mut rule.permutation),
            ("blocked_propagation", &mut rule.blocked_propagation),
        ] {
            if cursor.eat_keyword(keyword) {
                cursor.expect("=")?;
                cursor.expect("{")?;
                *set = list(cursor, "}", parse_single_factor)?;
            }
        }
        if cursor.eat(",") {
            cursor.expect_keyword("custom")?;
            rule.custom = true;
        }
        cursor.expect(">")?;
        Ok(rule)
    }
}

/// `(mapping, mapping, ...)`: at least one tensor mapping.
fn parse_mappings(cursor: &mut Cursor<'_>) -> Result<Vec<TensorMapping>> {
    cursor.expect("(")?;
    let mut mappings = vec![parse_tensor_mapping(cursor)?];
    while cursor.eat(",") {
        mappings.push(parse_tensor_mapping(cursor)?);
    }
    cursor.expect(")")?;
    Ok(mappings)
}

fn parse_tensor_mapping(cursor: &mut Cursor<'_>) -> Result<TensorMapping> {
    cursor.expect("[")?;
    let dims = list(cursor, "]", parse_dim_mapping)?;
    Ok(TensorMapping { dims })
}

/// A run of factor names such as `ij` or `z_8z_9`; `*` (Shardy's text for a null
/// mapping) or nothing at all is an empty mapping, which verification rejects (as in
/// Shardy).
fn parse_dim_mapping(cursor: &mut Cursor<'_>) -> Result<DimMapping> {
    if cursor.eat("*") {
        return Ok(DimMapping::default());
    }
    let start = cursor.pos();
    let Some(mut word) = cursor.ident() else {
        return Ok(DimMapping::default());
    };
    let mut factors = Vec::new();
    while !word.is_empty() {
        let (factor, rest) = parse_factor_symbol(word).map_err(|message| Error::Parse { offset: start, message })?;
        factors.push(factor);
        word = rest;
    }
    Ok(DimMapping { factors })
}

/// One factor name in a kind set such as `reduction={j, k}`.
fn parse_single_factor(cursor: &mut Cursor<'_>) -> Result<FactorId> {
    let start = cursor.pos();
    let word = cursor.ident().ok_or_else(|| cursor.error("expected factor symbol"))?;
    let error = |message: String| Error::Parse { offset: start, message };
    let (factor, rest) = parse_factor_symbol(word).map_err(error)?;
    if !rest.is_empty() {
        return Err(error(format!("expecting single factor symbol: {rest}")));
    }
    Ok(factor)
}

/// `name=size` in the factor size list; names must follow the iota order.
fn parse_factor_size(cursor: &mut Cursor<'_>, expected: FactorId) -> Result<i64> {
    let start = cursor.pos();
    let word = cursor.ident().ok_or_else(|| cursor.error("expected factor symbol"))?;
    let error = |message: String| Error::Parse { offset: start, message };
    let (factor, rest) = parse_factor_symbol(word).map_err(error)?;
    if factor != expected {
        return Err(error(format!(
            "expecting factor indices to be ordered like an iota ([0,1,2,...], e.g. {{i=#, j=#, ...}}). Expecting factor index symbol '{expected}', received: '{factor}'"
        )));
    }
    if !rest.is_empty() {
        return Err(error(format!("expecting single factor symbol: {rest}")));
    }
    cursor.expect("=")?;
    Ok(cursor.integer()?)
}

/// Reads one factor name off the front of `word`; returns it and the rest.
fn parse_factor_symbol(word: &str) -> std::result::Result<(FactorId, &str), String> {
    let Some(after_z) = word.strip_prefix("z_") else {
        let symbol = word.chars().next().unwrap_or(' ');
        if !('i'..='z').contains(&symbol) {
            return Err(format!("expecting symbol from 'i' to 'z'. Received: '{symbol}'"));
        }
        return Ok((FactorId(symbol as usize - 'i' as usize), &word[1..]));
    };
    let digits = after_z.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(format!("expecting integer after 'z_'. Received: '{word}'"));
    }
    let number = &after_z[..digits];
    if number.starts_with('0') {
        return Err(format!("expecting positive integer without leading zeros. Received: '{number}'"));
    }
    let index = number
        .parse::<i64>()
        .ok()
        .and_then(|n| usize::try_from(n).ok())
        .and_then(|n| n.checked_add(START_AT_Z))
        .ok_or_else(|| format!("expecting symbol index <=2^63-1. Received: '{number}'"))?;
    Ok((FactorId(index), &after_z[digits..]))
}

fn write_mappings(f: &mut fmt::Formatter<'_>, mappings: &[TensorMapping]) -> fmt::Result {
    f.write_str("(")?;
    write_comma_separated(f, mappings)?;
    f.write_str(")")
}

impl fmt::Display for OpShardingRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("#sdy.op_sharding_rule<")?;
        write_mappings(f, &self.operands)?;
        f.write_str("->")?;
        write_mappings(f, &self.results)?;
        if !self.factor_sizes.is_empty() {
            f.write_str(" {")?;
            let sizes = self.factor_sizes.iter().enumerate().map(|(i, s)| format!("{}={s}", FactorId(i)));
            write_comma_separated(f, sizes)?;
            f.write_str("}")?;
        }
        for (keyword, set) in [
            ("reduction", &self.reduction),
            ("need_replication", &self.need_replication),
            ("permutation", &self.permutation),
            ("blocked_propagation", &self.blocked_propagation),
        ] {
            if !set.is_empty() {
                write!(f, " {keyword}={{")?;
                write_comma_separated(f, set)?;
                f.write_str("}")?;
            }
        }
        if self.custom {
            f.write_str(", custom")?;
        }
        f.write_str(">")
    }
}

impl FromStr for OpShardingRule {
    type Err = Error;

    /// Parses `#sdy.op_sharding_rule<...>` or the bare `<...>`.
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, |c| {
            if !c.eat("#sdy.op_sharding_rule") && c.peek() != Some('<') {
                let got: String = s.trim().chars().take(40).collect();
                return Err(c.error(format!(
                    "should have a sharding rule attribute of type OpShardingRuleAttr (#sdy.op_sharding_rule<...>), got: {got}"
                ))
                .into());
            }
            OpShardingRule::parse(c)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_null_mapping_reads_and_prints_as_a_star_and_does_not_verify() {
        let rule: OpShardingRule = "#sdy.op_sharding_rule<([i, *])->([i]) {i=4}>".parse().unwrap();
        assert!(rule.operands[0].dims[1].factors.is_empty());
        let err = rule.verify(&[&[4, 1]], &[&[4]]).unwrap_err().to_string();
        assert!(err.contains("dim mapping must have at least one factor"), "{err}");
    }

    #[test]
    fn factor_names_follow_shardy() {
        let names: Vec<String> = [0, 1, 17, 18, 27].map(|i| FactorId(i).to_string()).into();
        assert_eq!(names, ["i", "j", "z", "z_1", "z_10"]);
        assert_eq!(parse_factor_symbol("zz_1").unwrap(), (FactorId(17), "z_1"));
        assert_eq!(parse_factor_symbol("z_2i").unwrap(), (FactorId(19), "i"));
    }

    #[test]
    fn text_round_trips() {
        for text in [
            "#sdy.op_sharding_rule<([], [])->([])>",
            "#sdy.op_sharding_rule<([i, *])->([i]) {i=4}>",
            "#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=32} reduction={k}>",
            "#sdy.op_sharding_rule<([i, j])->([ij]) {i=2, j=4}>",
            "#sdy.op_sharding_rule<([i, j, k, l])->([i, k, l]) {i=2, j=3, k=5, l=7} reduction={j} need_replication={i, l} permutation={k} blocked_propagation={l}, custom>",
        ] {
            assert_eq!(text.parse::<OpShardingRule>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn verifies_against_shapes() {
        let rule: OpShardingRule = "<([i, k], [k, j])->([i, j]) {i=8, j=16, k=32} reduction={k}>".parse().unwrap();
        rule.verify(&[&[8, 32], &[32, 16]], &[&[8, 16]]).unwrap();
        assert_eq!(rule.kind(FactorId(2)), FactorKind::Reduction);
        let err = rule.verify(&[&[8, 32]], &[&[8, 16]]).unwrap_err();
        assert_eq!(err.to_string(), "number of operands and mappings must match: 1 != 2");
        let bad: OpShardingRule = "<([i, j])->([i, j]) {i=2, j=3} reduction={j}>".parse().unwrap();
        assert!(
            bad.verify(&[&[2, 3]], &[&[2, 3]])
                .unwrap_err()
                .to_string()
                .starts_with("reduction factor cannot be in result")
        );
    }
}
