//! The trip count of a `stablehlo.while`, read from the loop as `lax.scan`,
//! `nn.scan` and `fori_loop` lower it: a counted loop.
//!
//! A loop is counted when its condition returns `compare DIR, a, b` of one carried
//! value, the counter, and a bound, and the body returns the counter plus a constant
//! step; the counter starts at a constant operand and the bound is a constant (in
//! the condition, or an operand the body passes through unchanged). The trip count is
//! then how many values of `start, start + step, …` satisfy the comparison before
//! the first that does not. Values are followed through `sdy.sharding_constraint`s
//! and the `mesh` dialect's `mesh.shard`s (an exported module constrains every
//! value). Any other loop has no trip count
//! the reader can know, and the importer's error asks for a counted loop.

use super::ast::{Block, Operation, ValueRef};
use super::ops;

/// The value of a scalar constant named in the scope around a loop (an operand's
/// initial value), or `None` when the name is not one.
pub type Outer<'a> = &'a dyn Fn(&str) -> Option<f64>;

/// The trip count of `op`, a `stablehlo.while` whose regions are its condition and
/// body, or why it is not a counted loop.
pub fn trip_count(op: &Operation, outer: Outer<'_>) -> Result<u64, String> {
    let [cond, body] = &op.regions[..] else {
        return Err(format!("the loop has {} regions, not a condition and a body", op.regions.len()));
    };
    let returned = terminator(cond)?;
    let [predicate] = &returned.operands[..] else { return Err("the condition returns more than one value".into()) };
    let compare = defining(cond, through(cond, predicate))
        .filter(|c| c.name == "stablehlo.compare")
        .ok_or("the condition's result is not a compare")?;
    let direction = direction(compare).ok_or("the condition's compare has no direction")?;
    let [a, b] = &compare.operands[..] else { return Err("the condition's compare has no two operands".into()) };
    let loop_ = Loop { op, cond, body, outer };
    let (a, b) = (through(cond, a), through(cond, b));
    let (counter, bound, direction) = match (loop_.counter(a), loop_.counter(b)) {
        (Some(k), None) => (k, b, direction),
        (None, Some(k)) => (k, a, mirrored(direction)),
        _ => return Err("the condition does not compare one counter with a bound".into()),
    };
    let bound = loop_.bound(bound).ok_or("the condition's bound is not a constant")?;
    let start = op.operands.get(counter).and_then(|value| outer(&value.id()));
    let start = start.ok_or("the counter does not start at a constant")?;
    let step = loop_.step(counter).ok_or("the body does not add a constant to the counter")?;
    count(start, step, bound, direction)
}

/// The loop being read: its op, its regions and its scope.
struct Loop<'a> {
    op: &'a Operation,
    cond: &'a Block,
    body: &'a Block,
    outer: Outer<'a>,
}

impl Loop<'_> {
    /// The index of the carried value `name` (a condition argument) if the body
    /// changes it.
    fn counter(&self, value: &ValueRef) -> Option<usize> {
        let k = self.cond.args.iter().position(|a| a.name == *value)?;
        (!self.invariant(k)).then_some(k)
    }

    /// True if the body returns carried value `k` unchanged.
    fn invariant(&self, k: usize) -> bool {
        let returned = terminator(self.body).ok().and_then(|t| t.operands.get(k));
        returned.is_some_and(|r| self.body.args.get(k).is_some_and(|a| a.name == *through(self.body, r)))
    }

    /// The value of the bound `name`: a constant of the condition, or a carried
    /// value the body passes through whose initial value is a constant, or a constant
    /// around the loop.
    fn bound(&self, value: &ValueRef) -> Option<f64> {
        if let Some(k) = self.cond.args.iter().position(|a| a.name == *value) {
            return self.invariant(k).then(|| self.op.operands.get(k).and_then(|o| (self.outer)(&o.id()))).flatten();
        }
        constant_in(self.cond, value).or_else(|| (self.outer)(&value.id()))
    }

    /// The constant the body adds to carried value `k`.
    fn step(&self, k: usize) -> Option<f64> {
        let arg = &self.body.args.get(k)?.name;
        let next = terminator(self.body).ok()?.operands.get(k)?;
        let add = defining(self.body, through(self.body, next)).filter(|o| o.name == "stablehlo.add")?;
        let other = match &add.operands[..] {
            [x, c] if *arg == *through(self.body, x) => through(self.body, c),
            [c, x] if *arg == *through(self.body, x) => through(self.body, c),
            _ => return None,
        };
        constant_in(self.body, other).or_else(|| (self.outer)(&other.id()))
    }
}

/// How many of `start, start + step, …` satisfy `value DIR bound` before the first
/// that does not.
fn count(start: f64, step: f64, bound: f64, direction: &str) -> Result<u64, String> {
    let holds = |x: f64| match direction {
        "LT" => x < bound,
        "LE" => x <= bound,
        "GT" => x > bound,
        "GE" => x >= bound,
        "NE" => x != bound,
        _ => x == bound,
    };
    if !holds(start) {
        return Ok(0);
    }
    let toward = (bound - start) * step > 0.0 || (direction == "EQ" && step != 0.0);
    if !toward {
        return Err(format!("the counter starts at {start} and steps by {step}: the loop never ends for {direction}"));
    }
    // The first k with `start + k·step` past the bound, found in closed form and
    // checked around it (exact for the integer counters loops use).
    let estimate = ((bound - start) / step).floor().max(0.0) as u64;
    let first_failing = (estimate.saturating_sub(1)..=estimate.saturating_add(2))
        .find(|&k| !holds(start + k as f64 * step))
        .ok_or_else(|| format!("the counter from {start} by {step} never reaches {direction} {bound}"))?;
    Ok(first_failing)
}

/// The direction mirrored, for `bound DIR counter` read as `counter DIR' bound`.
fn mirrored(direction: &str) -> &str {
    match direction {
        "LT" => "GT",
        "GT" => "LT",
        "LE" => "GE",
        "GE" => "LE",
        other => other,
    }
}

/// A compare's direction, in the pretty form's word or the generic form's attribute.
fn direction(op: &Operation) -> Option<&'static str> {
    const ALL: [&str; 6] = ["EQ", "NE", "LT", "LE", "GT", "GE"];
    let word = op.words.iter().find_map(|w| ALL.iter().find(|d| w.text == **d));
    let attr = op.attr("comparison_direction").and_then(|a| {
        let inner = a.text.trim_end_matches('>').rsplit([' ', '<']).next().unwrap_or_default().to_string();
        ALL.iter().find(|d| **d == inner)
    });
    word.or(attr).copied()
}

/// `value` followed back through the sharding constraints that define it.
fn through<'r>(region: &'r Block, mut value: &'r ValueRef) -> &'r ValueRef {
    let constraint = |o: &&Operation| matches!(o.name.as_str(), "sdy.sharding_constraint" | "mesh.shard");
    while let Some(op) = defining(region, value).filter(constraint) {
        match op.operands.first() {
            Some(source) => value = source,
            None => break,
        }
    }
    value
}

/// The region's terminator.
fn terminator(region: &Block) -> Result<&Operation, String> {
    region.ops.last().filter(|o| o.name.ends_with("return")).ok_or_else(|| "a region has no return".into())
}

/// The op of `region` that defines `value`.
fn defining<'r>(region: &'r Block, value: &ValueRef) -> Option<&'r Operation> {
    region.ops.iter().find(|o| o.result_values().any(|r| r == *value))
}

/// The scalar value of the constant `value` defined in `region`.
fn constant_in(region: &Block, value: &ValueRef) -> Option<f64> {
    let op = defining(region, value).filter(|o| o.name == "stablehlo.constant")?;
    match ops::constant(op).ok()?.values[..] {
        [v] => Some(v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::FuncBody;
    use crate::parser::parse;

    /// The trip count of the loop of `cond` (comparing `%i` with `%n`) and `step`
    /// (the body's next `%i`), `%i` starting at `%c<start>`.
    fn trips(start: i64, cond: &str, step: &str) -> Result<u64, String> {
        let source = format!(
            "func.func @main(%a: tensor<i32>) -> tensor<i32> {{
  %0:2 = stablehlo.while(%i = %c{start}, %n = %c10) : tensor<i32>, tensor<i32>
  cond {{
    %c = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare {cond} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }} do {{
    %s = stablehlo.constant dense<2> : tensor<i32>
    %m = stablehlo.constant dense<-1> : tensor<i32>
    %next = {step}
    stablehlo.return %next, %n : tensor<i32>, tensor<i32>
  }}
  return %0#0 : tensor<i32>
}}"
        );
        let module = parse(&source).map_err(|e| e.to_string())?;
        // Outside the loop, `%cN` is the constant N.
        trip_count(&module.funcs[0].ops()[0], &|name: &str| name.strip_prefix('c').and_then(|v| v.parse().ok()))
    }

    #[test]
    fn counts_scan_and_fori_loops() {
        let add = |c: &str| format!("stablehlo.add %i, {c} : tensor<i32>");
        assert_eq!(trips(0, "LT, %i, %n, SIGNED", &add("%s")), Ok(5));
        assert_eq!(trips(1, "LT, %i, %n, SIGNED", &add("%s")), Ok(5));
        assert_eq!(trips(0, "LE, %i, %n, SIGNED", &add("%s")), Ok(6));
        assert_eq!(trips(0, "LT, %i, %c, SIGNED", &add("%s")), Ok(2));
        assert_eq!(trips(0, "GT, %n, %i, SIGNED", &add("%s")), Ok(5));
        assert_eq!(trips(0, "NE, %i, %n, SIGNED", &add("%s")), Ok(5));
        assert_eq!(trips(12, "GT, %i, %c, SIGNED", &add("%m")), Ok(9));
        assert_eq!(trips(20, "LT, %i, %n, SIGNED", &add("%s")), Ok(0));
    }

    #[test]
    fn refuses_loops_it_cannot_count() {
        let add = "stablehlo.add %i, %s : tensor<i32>";
        assert_eq!(trips(0, "GT, %i, %n, SIGNED", add), Ok(0));
        let never = trips(0, "LT, %i, %n, SIGNED", "stablehlo.add %i, %m : tensor<i32>").unwrap_err();
        assert!(never.contains("never ends"), "{never}");
        let multiplied = trips(1, "LT, %i, %n, SIGNED", "stablehlo.multiply %i, %s : tensor<i32>").unwrap_err();
        assert!(multiplied.contains("does not add a constant"), "{multiplied}");
        let both = trips(0, "LT, %i, %i, SIGNED", add).unwrap_err();
        assert!(both.contains("one counter"), "{both}");
    }
}
