//! The sharding plan: what autoshard decided for a program and what it costs.
//!
//! A [`Plan`] holds a sharding for every value, the factor shardings of every op, the
//! collectives the plan needs (each attributed to a value and an op), the cost
//! breakdown, the preferences it dropped and how the solver did. It serialises to the
//! JSON of docs/spec.md §8 (`objective.{total_s, compute_s, communication_s,
//! peak_memory_bytes}`, `values[].{name, sharding}`, `ops[].{name, rule,
//! factor_shardings}`, `collectives[].{kind, text, value, bytes, time_s}`,
//! `dropped_preferences[]`, `solver.{...}`) with every sharding, rule and collective
//! in Shardy's text form. Reading a plan back is lenient: only `values` and `ops` are
//! inputs (they fix decisions); everything else is recomputed by whoever prices it.

use crate::axis::{AxisRef, format_axis_list, parse_axis_list};
use crate::reshard::{Collective, CollectiveKind};
use crate::rule::{FactorId, OpShardingRule};
use crate::sharding::{ReductionKind, TensorSharding};
use crate::units::{Bytes, Flops, Seconds};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A sharding plan for one program.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Plan {
    /// The program's name.
    pub program: String,
    /// What the plan costs on one device.
    pub objective: Objective,
    /// Every value's sharding, in program order.
    pub values: Vec<ValuePlan>,
    /// Every op's factor shardings and compute time, in program order.
    pub ops: Vec<OpPlan>,
    /// Every collective the plan runs, in program order.
    pub collectives: Vec<PlannedCollective>,
    /// Preferences (`pN` annotations) the plan does not honour, with the reason.
    pub dropped_preferences: Vec<DroppedPreference>,
    /// Every `case` with what each branch costs; the objective counts the most
    /// expensive (only one runs, and which is known only when it runs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cases: Vec<CasePlan>,
    /// What is live on a device at the peak, when the plan was priced here (not in
    /// the JSON: it follows from the rest).
    #[serde(skip)]
    pub peak: Option<PeakMemory>,
    /// How the plan was found; `None` when it was not solved (e.g. priced as given).
    pub solver: Option<SolverStats>,
}

/// What the branches of one `case` cost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CasePlan {
    /// The `case` op's name.
    pub name: String,
    /// Each branch's time: its ops', its collectives' (its entries and exits
    /// included) and its nested `case`s' at their most expensive branch.
    pub branch_s: Vec<Seconds>,
}

impl CasePlan {
    /// The index of the most expensive branch (the first of equals), which the
    /// objective counts.
    pub fn heaviest(&self) -> usize {
        let mut top = 0;
        for (b, t) in self.branch_s.iter().enumerate() {
            if t.0 > self.branch_s[top].0 {
                top = b;
            }
        }
        top
    }
}

/// The buffers live on one device where a plan's memory peaks.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PeakMemory {
    /// The op the peak is at (`None`: the end of the program).
    pub at: Option<String>,
    /// Every buffer live there, largest first.
    pub live: Vec<LiveBuffer>,
}

/// One buffer live at a plan's peak.
#[derive(Debug, Clone, PartialEq)]
pub struct LiveBuffer {
    /// The value it holds (or whose reshard it serves).
    pub value: String,
    /// Its size on one device.
    pub bytes: Bytes,
    /// What it is.
    pub held: Held,
}

/// What a live buffer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    /// An input that lives throughout: a parameter the caller keeps
    /// (`Input::lives_throughout`).
    Parameter,
    /// A program input that dies at its last use (donated, or not a parameter).
    Input,
    /// A value an op produced.
    Intermediate,
    /// A reshard's transient buffers at this op.
    Reshard,
}

impl fmt::Display for LiveBuffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.held {
            Held::Parameter => " (parameter)",
            Held::Input => " (input)",
            Held::Intermediate => "",
            Held::Reshard => " (reshard buffers)",
        };
        write!(f, "{} {}{what}", self.value, self.bytes)
    }
}

impl fmt::Display for PeakMemory {
    /// `at op "y": x 64MiB (input), w1 32MiB (parameter), …` (the five largest, then
    /// how many more and their total).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.at {
            Some(op) => write!(f, "at op \"{op}\": ")?,
            None => write!(f, "at the end: ")?,
        }
        let shown: Vec<String> = self.live.iter().take(5).map(ToString::to_string).collect();
        write!(f, "{}", shown.join(", "))?;
        let rest = &self.live[self.live.len().min(5)..];
        if !rest.is_empty() {
            let bytes: Bytes = rest.iter().map(|b| b.bytes).sum();
            write!(f, " and {} more, {bytes}", rest.len())?;
        }
        Ok(())
    }
}

/// The cost breakdown of a plan, per device (the slowest).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Objective {
    /// Compute plus communication.
    pub total_s: Seconds,
    /// The sum of the ops' roofline times (of a `case`, its most expensive branch's).
    pub compute_s: Seconds,
    /// The sum of the collectives' times, planned or run by an op itself.
    pub communication_s: Seconds,
    /// The peak of the bytes live on one device over the program order.
    pub peak_memory_bytes: Bytes,
}

/// One value's sharding.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ValuePlan {
    /// The value's name.
    pub name: String,
    /// Its sharding.
    #[serde(with = "text_form")]
    pub sharding: TensorSharding,
}

/// One op's decision and compute cost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OpPlan {
    /// The op's name (its first result's name).
    pub name: String,
    /// The op's kind (`dot_general`, ...).
    #[serde(default)]
    pub op: String,
    /// Its sharding rule, if it has one.
    #[serde(default, with = "optional_text_form")]
    pub rule: Option<OpShardingRule>,
    /// The axes of each factor of the rule, by factor index; written as an object from
    /// factor name to axis list, `{"i": "{\"data\"}", "j": "{}"}`.
    #[serde(default, with = "factor_map")]
    pub factor_shardings: Vec<Vec<AxisRef>>,
    /// Partial sums the op carries from operands to results, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried: Option<Carried>,
    /// True when its split dimensions that do not divide are cut into balanced
    /// uneven shards rather than padded blocks (see [`OpStrategy::balanced`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub balanced: bool,
    /// FLOPs one device performs.
    #[serde(default)]
    pub flops: Flops,
    /// Its roofline time on one device.
    #[serde(default)]
    pub compute_s: Seconds,
    /// The time of the exchange a collective of a manual computation's body runs
    /// itself (`psum`, `ppermute`…) on the links; zero for every other op.
    #[serde(default, skip_serializing_if = "Seconds::is_zero")]
    pub communication_s: Seconds,
}

/// Partial values a linear op carries (see `OpKind::linearity`): the listed
/// operands hold them unreduced along `axes` and the op's results are unreduced
/// along `axes` too (with the axes of its own sharded reduction factors, for sums),
/// so their all-reduce waits for a later use. Sums and averages may be carried: a
/// linear op of the sum (the mean) of partial values is the sum (the mean) of its
/// values on them. In JSON `{"axes": "{\"x\"}", "operands": [0]}`, and
/// `"reduction": "average"` for averages.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Carried {
    /// The carried unreduced axes, in mesh order.
    #[serde(with = "axis_list")]
    pub axes: Vec<AxisRef>,
    /// The operands that hold them, by index.
    pub operands: Vec<usize>,
    /// How the carried partial values combine: [`ReductionKind::Sum`] or
    /// [`ReductionKind::Average`].
    #[serde(default, skip_serializing_if = "is_sum", with = "reduction_keyword")]
    pub reduction: ReductionKind,
}

fn is_sum(reduction: &ReductionKind) -> bool {
    *reduction == ReductionKind::Sum
}

/// What an op with a rule decides: the axes of each factor of its rule, the
/// partial sums it carries, if any, and how it cuts dimensions that do not divide.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OpStrategy {
    /// The axes of each factor, by factor index.
    pub factors: Vec<Vec<AxisRef>>,
    /// The partial sums it carries from operands to results.
    pub carried: Option<Carried>,
    /// True when every split dimension of its tensors that does not divide is cut
    /// into balanced uneven shards (`balanced_offsets`: the first `n % k` blocks one
    /// element longer) rather than equal blocks padded at the end: no block holds
    /// padding, so no reduction masks it.
    pub balanced: bool,
}

impl OpStrategy {
    /// The strategy that shards factors along `factors` and carries nothing.
    pub fn of(factors: Vec<Vec<AxisRef>>) -> OpStrategy {
        OpStrategy { factors, carried: None, balanced: false }
    }
}

/// A collective of the plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlannedCollective {
    /// Its kind (`all_gather`, ...).
    #[serde(with = "text_form")]
    pub kind: CollectiveKind,
    /// The collective in Shardy's syntax.
    #[serde(with = "text_form")]
    pub text: Collective,
    /// The value it applies to.
    pub value: String,
    /// The op it serves: the consumer of a resharded operand or the producer of a
    /// reduced result; `None` for a program output.
    #[serde(default)]
    pub op: Option<String>,
    /// The bytes its formula counts, per device.
    pub bytes: Bytes,
    /// Its time.
    pub time_s: Seconds,
}

/// A preference the plan does not honour.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DroppedPreference {
    /// The annotated value.
    pub value: String,
    /// The preferred sharding.
    #[serde(with = "text_form")]
    pub sharding: TensorSharding,
    /// Why it was dropped.
    pub reason: String,
}

/// How the solver did.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SolverStats {
    /// `optimal`, `feasible` or `infeasible`.
    pub status: String,
    /// The best lower bound on the objective, in seconds.
    pub bound: Option<f64>,
    /// The relative gap between the plan and the bound.
    pub gap: Option<f64>,
    /// Wall time of the solve.
    pub time_s: Seconds,
    /// Variables of the model.
    pub variables: usize,
    /// Constraints of the model.
    pub constraints: usize,
    /// Branch-and-bound nodes the ILP solver explored.
    pub nodes: u64,
}

impl Plan {
    /// The same plan with every uneven dimension held as equal blocks padded at the
    /// end (the form Shardy's shardings can state): values, ops' strategies and
    /// collectives' result shardings lose their offsets.
    pub fn padded(&self) -> Plan {
        let mut plan = self.clone();
        for value in &mut plan.values {
            value.sharding = value.sharding.without_offsets();
        }
        for op in &mut plan.ops {
            op.balanced = false;
        }
        for collective in &mut plan.collectives {
            let out = collective.text.out_sharding_mut();
            *out = out.without_offsets();
        }
        plan
    }

    /// The planned sharding of the value `name`.
    pub fn value(&self, name: &str) -> Option<&TensorSharding> {
        self.values.iter().find(|v| v.name == name).map(|v| &v.sharding)
    }

    /// The plan of the op `name`.
    pub fn op(&self, name: &str) -> Option<&OpPlan> {
        self.ops.iter().find(|o| o.name == name)
    }
}

/// A type written as its text form (`Display` / `FromStr`).
mod text_form {
    use super::*;
    use std::fmt::Display;
    use std::str::FromStr;

    pub fn serialize<T: Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(|e| serde::de::Error::custom(format!("{text}: {e}")))
    }
}

/// An optional type written as its text form, `null` when absent.
mod optional_text_form {
    use super::*;
    use std::fmt::Display;
    use std::str::FromStr;

    pub fn serialize<T: Display, S: Serializer>(value: &Option<T>, serializer: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => serializer.collect_str(v),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<Option<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        let text = Option::<String>::deserialize(deserializer)?;
        text.map(|t| t.parse().map_err(|e| serde::de::Error::custom(format!("{t}: {e}")))).transpose()
    }
}

/// Factor shardings as an object from factor name to axis list, in factor order.
mod axis_list {
    use super::*;

    pub fn serialize<S: Serializer>(axes: &[AxisRef], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&format_axis_list(axes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<AxisRef>, D::Error> {
        let text = String::deserialize(deserializer)?;
        parse_axis_list(&text).map_err(|e| serde::de::Error::custom(format!("{text}: {e}")))
    }
}

mod reduction_keyword {
    use super::*;

    pub fn serialize<S: Serializer>(kind: &ReductionKind, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(kind.keyword())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<ReductionKind, D::Error> {
        let text = String::deserialize(deserializer)?;
        ReductionKind::ALL.into_iter().find(|k| k.keyword() == text).ok_or_else(|| {
            let known: Vec<&str> = ReductionKind::ALL.iter().map(|k| k.keyword()).collect();
            serde::de::Error::custom(format!("unknown reduction \"{text}\", expected one of {}", known.join(", ")))
        })
    }
}

mod factor_map {
    use super::*;

    /// More factors than any op's rule has (a guard against absurd names in input).
    const MAX_FACTORS: usize = 1 << 16;
    use serde::ser::SerializeMap;
    use std::collections::BTreeMap;

    pub fn serialize<S: Serializer>(factors: &[Vec<AxisRef>], serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(factors.len()))?;
        for (i, axes) in factors.iter().enumerate() {
            map.serialize_entry(&FactorId(i).to_string(), &format_axis_list(axes))?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Vec<AxisRef>>, D::Error> {
        let entries = BTreeMap::<String, String>::deserialize(deserializer)?;
        let mut factors: Vec<Vec<AxisRef>> = Vec::new();
        for (name, axes) in entries {
            let factor: FactorId = name.parse().map_err(serde::de::Error::custom)?;
            if factor.0 >= MAX_FACTORS {
                return Err(serde::de::Error::custom(format!(
                    "factor {name} is beyond any rule ({MAX_FACTORS} factors)"
                )));
            }
            let axes = parse_axis_list(&axes).map_err(|e| serde::de::Error::custom(format!("{name}: {axes}: {e}")))?;
            if factors.len() <= factor.0 {
                factors.resize(factor.0 + 1, Vec::new());
            }
            factors[factor.0] = axes;
        }
        Ok(factors)
    }
}
