//! The IOPDDL contest format (ASPLOS/EuroSys 2025, "Intra-Operator Parallelism for
//! Distributed Deep Learning"): reading an instance into the solver core's
//! [`Problem`], and the exact evaluator of a solution.
//!
//! An instance is JSON (optionally gzip-compressed) with `problem.nodes.{intervals,
//! costs, usages}`, `problem.edges.{nodes, costs}` (row-major over the two nodes'
//! strategies) and an optional `problem.usage_limit`. Invariants of a read
//! [`Instance`]: every node has at least one strategy and as many usages as costs,
//! every interval is `[start, end)` with `start <= end`, every edge joins two
//! distinct nodes with a matrix of the right size; costs of [`FORBIDDEN`] or more
//! become infinite in the problem, every other integer cost is exact in it (below
//! 2^53). The evaluator works on the file's integers with 128-bit sums, so the
//! figure it prints is the contest's, whatever the engine computed in floating point.

use crate::error::{Result, SolveError};
use crate::problem::{Node, NodeId, Problem};
use crate::table::{Interner, Table};
use serde::Deserialize;
use std::io::Read;
use std::path::Path;

/// Costs at or above this are the contest's "forbidden" markers (its files use values
/// around 1e18).
pub const FORBIDDEN: i64 = 100_000_000_000_000_000;

/// The largest finite cost kept exactly in the problem's `f64`s.
const EXACT: i64 = 1 << 53;

#[derive(Deserialize)]
struct File {
    problem: Raw,
}

#[derive(Deserialize)]
struct Raw {
    #[serde(default)]
    name: Option<String>,
    nodes: RawNodes,
    edges: RawEdges,
    #[serde(default)]
    usage_limit: Option<i64>,
}

#[derive(Deserialize)]
struct RawNodes {
    intervals: Vec<[i64; 2]>,
    costs: Vec<Vec<i64>>,
    usages: Vec<Vec<i64>>,
}

#[derive(Deserialize)]
struct RawEdges {
    nodes: Vec<[usize; 2]>,
    costs: Vec<Vec<i64>>,
}

/// A contest instance: the file's exact integers and the problem built from them.
#[derive(Debug, Clone)]
pub struct Instance {
    /// The instance's name (from the file, or empty).
    pub name: String,
    /// The problem the engine solves.
    pub problem: Problem,
    node_costs: Vec<Vec<i64>>,
    usages: Vec<Vec<i64>>,
    intervals: Vec<(usize, usize)>,
    edges: Vec<[usize; 2]>,
    edge_costs: Vec<Vec<i64>>,
    limit: Option<i64>,
}

/// The exact figures of a valid solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Evaluation {
    /// Node plus edge costs.
    pub cost: i128,
    /// The largest usage at any time step.
    pub peak: i128,
}

impl Instance {
    /// Reads `path` (`.json`, or gzip-compressed `.json.gz`).
    pub fn read(path: &Path) -> Result<Self> {
        let bytes = std::fs::read(path).map_err(|e| input(path, format!("cannot read: {e}")))?;
        let text = if bytes.starts_with(&[0x1f, 0x8b]) {
            let mut text = String::new();
            flate2::read::GzDecoder::new(&bytes[..])
                .read_to_string(&mut text)
                .map_err(|e| input(path, format!("cannot decompress: {e}")))?;
            text
        } else {
            String::from_utf8(bytes).map_err(|e| input(path, format!("not UTF-8: {e}")))?
        };
        Self::from_json(&text).map_err(|e| input(path, e))
    }

    /// Parses an instance from JSON text; the error says where and what is wrong.
    pub fn parse(text: &str) -> Result<Self> {
        Self::from_json(text).map_err(SolveError::Input)
    }

    fn from_json(text: &str) -> std::result::Result<Self, String> {
        let raw: File = serde_json::from_str(text).map_err(|e| e.to_string())?;
        Self::from_raw(raw.problem)
    }

    fn from_raw(raw: Raw) -> std::result::Result<Self, String> {
        let RawNodes { intervals, costs, usages } = raw.nodes;
        let n = costs.len();
        if intervals.len() != n || usages.len() != n {
            return Err(format!(
                "nodes: {n} cost lists but {} intervals and {} usage lists",
                intervals.len(),
                usages.len()
            ));
        }
        let mut spans = Vec::with_capacity(n);
        for (v, &[start, end]) in intervals.iter().enumerate() {
            if start < 0 || end < start {
                return Err(format!("node {v}: interval [{start}, {end}) is not a half-open range of time steps"));
            }
            spans.push((start as usize, end as usize));
        }
        let mut problem = Problem { limit: raw.usage_limit.map(|l| l.max(0) as u64), ..Problem::default() };
        for v in 0..n {
            let (c, u) = (&costs[v], &usages[v]);
            if c.is_empty() || c.len() != u.len() {
                return Err(format!("node {v}: {} costs and {} usages (expected equal and nonzero)", c.len(), u.len()));
            }
            if let Some(bad) = u.iter().find(|&&x| x < 0) {
                return Err(format!("node {v}: negative usage {bad}"));
            }
            let node = Node {
                usage: u.iter().map(|&x| x as u64).collect(),
                interval: spans[v],
                ..Node::new(format!("node {v}"), c.iter().map(|&x| finite(x)).collect::<std::result::Result<_, _>>()?)
            };
            problem.add_node(node);
        }
        let RawEdges { nodes: pairs, costs: matrices } = raw.edges;
        if pairs.len() != matrices.len() {
            return Err(format!("edges: {} node pairs but {} cost lists", pairs.len(), matrices.len()));
        }
        // Equal matrices (repeated layers) share one copy.
        let mut interner = Interner::default();
        for (e, (&[a, b], m)) in pairs.iter().zip(&matrices).enumerate() {
            if a >= n || b >= n || a == b {
                return Err(format!("edge {e}: nodes [{a}, {b}] (expected two distinct nodes below {n})"));
            }
            let size = costs[a].len() * costs[b].len();
            if m.len() != size {
                return Err(format!("edge {e}: {} costs (expected {size} for nodes {a} and {b})", m.len()));
            }
            let values: Vec<f64> = m.iter().map(|&x| finite(x)).collect::<std::result::Result<_, _>>()?;
            let table = interner.intern(Table::dense(costs[a].len(), costs[b].len(), &values));
            problem.add_table(NodeId(a), NodeId(b), table);
        }
        Ok(Instance {
            name: raw.name.unwrap_or_default(),
            problem,
            node_costs: costs,
            usages,
            intervals: spans,
            edges: pairs,
            edge_costs: matrices,
            limit: raw.usage_limit,
        })
    }

    /// The exact cost and peak usage of `assignment`, or why it is not a valid
    /// solution (wrong length, a strategy out of range, the limit exceeded).
    pub fn evaluate(&self, assignment: &[usize]) -> Result<Evaluation> {
        if assignment.len() != self.node_costs.len() {
            return Err(SolveError::Input(format!(
                "{} strategies for {} nodes",
                assignment.len(),
                self.node_costs.len()
            )));
        }
        if let Some(v) = (0..assignment.len()).find(|&v| assignment[v] >= self.node_costs[v].len()) {
            return Err(SolveError::Input(format!(
                "node {v}: strategy {} of {}",
                assignment[v],
                self.node_costs[v].len()
            )));
        }
        let nodes: i128 = self.node_costs.iter().zip(assignment).map(|(c, &s)| c[s] as i128).sum();
        let edges: i128 = (self.edges.iter().zip(&self.edge_costs))
            .map(|(&[a, b], m)| m[assignment[a] * self.node_costs[b].len() + assignment[b]] as i128)
            .sum();
        let horizon = self.intervals.iter().map(|i| i.1).max().unwrap_or(0);
        let mut delta = vec![0i128; horizon + 1];
        for (v, &(start, end)) in self.intervals.iter().enumerate() {
            delta[start] += self.usages[v][assignment[v]] as i128;
            delta[end] -= self.usages[v][assignment[v]] as i128;
        }
        let (mut usage, mut peak, mut worst) = (0i128, 0i128, None);
        for (t, d) in delta.iter().enumerate() {
            usage += d;
            if usage > peak {
                (peak, worst) = (usage, Some(t));
            }
        }
        match (self.limit, worst) {
            (Some(limit), Some(t)) if peak > limit as i128 => {
                Err(SolveError::Input(format!("usage {peak} at time step {t} exceeds the limit {limit}")))
            }
            _ => Ok(Evaluation { cost: nodes + edges, peak }),
        }
    }
}

/// A file cost in the problem: forbidden markers become infinite; others must be
/// exact in an `f64`.
fn finite(x: i64) -> std::result::Result<f64, String> {
    match x {
        x if x >= FORBIDDEN => Ok(f64::INFINITY),
        x if !(-EXACT..=EXACT).contains(&x) => Err(format!("cost {x} is neither forbidden nor below 2^53")),
        x => Ok(x as f64),
    }
}

fn input(path: &Path, message: impl std::fmt::Display) -> SolveError {
    SolveError::Input(format!("{}: {message}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = include_str!("../tests/data/iopddl/example.json");

    #[test]
    fn the_example_reads_and_evaluates_exactly() {
        let instance = Instance::parse(EXAMPLE).unwrap();
        assert_eq!(instance.problem.nodes.len(), 5);
        assert_eq!(instance.problem.edges.len(), 5);
        assert_eq!(instance.evaluate(&[0, 0, 2, 1, 0]), Ok(Evaluation { cost: 445, peak: 50 }));
        assert_eq!(instance.problem.cost(&[0, 0, 2, 1, 0]), 445.0);
        assert!(instance.evaluate(&[0, 0, 1, 1, 0]).unwrap_err().to_string().contains("exceeds the limit 50"));
        assert!(instance.evaluate(&[0, 2, 0, 0, 0]).unwrap_err().to_string().contains("node 1: strategy 2 of 2"));
    }

    #[test]
    fn malformed_instances_say_what_is_wrong() {
        let cases = [
            (
                r#"{"problem":{"nodes":{"intervals":[[0,1]],"costs":[[1]],"usages":[[1,2]]},"edges":{"nodes":[],"costs":[]}}}"#,
                "1 costs and 2 usages",
            ),
            (
                r#"{"problem":{"nodes":{"intervals":[[2,1]],"costs":[[1]],"usages":[[1]]},"edges":{"nodes":[],"costs":[]}}}"#,
                "interval [2, 1)",
            ),
            (
                r#"{"problem":{"nodes":{"intervals":[[0,1]],"costs":[[1]],"usages":[[1]]},"edges":{"nodes":[[0,0]],"costs":[[1]]}}}"#,
                "edge 0: nodes [0, 0]",
            ),
            (
                r#"{"problem":{"nodes":{"intervals":[[0,1],[0,1]],"costs":[[1],[1,2]],"usages":[[1],[1,1]]},"edges":{"nodes":[[0,1]],"costs":[[1]]}}}"#,
                "edge 0: 1 costs (expected 2",
            ),
            (
                r#"{"problem":{"nodes":{"intervals":[[0,1]],"costs":[[1]],"usages":[[1]]}}"#,
                "missing field `edges` at line 1",
            ),
        ];
        for (text, expected) in cases {
            let err = Instance::parse(text).unwrap_err().to_string();
            assert!(err.contains(expected), "{err} (expected {expected})");
        }
    }
}
