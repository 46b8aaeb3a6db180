//! The factor graph of a program: value nodes and op nodes in a petgraph
//! `StableGraph`, edges in the direction data flows.
//!
//! An op's operand edge (value → op) and result edge (op → value) carry the tensor
//! mapping of its rule (which factors each dimension maps to); a region op links its
//! operands to its body's arguments and its body's results to its results; sharding
//! groups add `Group` edges between members. Nodes are added in program order (values
//! by id, then ops by id), so every traversal is deterministic.

use autoshard_model::ir::Program;
use autoshard_model::ops::OpKind;
use autoshard_model::rules::sharding_rule;
use autoshard_model::{OpId, TensorMapping, ValueId};
use petgraph::Direction;
use petgraph::stable_graph::{NodeIndex, StableDiGraph};
use petgraph::visit::EdgeRef;

/// A node of the factor graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphNode {
    /// A tensor value.
    Value(ValueId),
    /// An op.
    Op(OpId),
}

/// An edge of the factor graph.
#[derive(Debug, Clone, PartialEq)]
pub enum Link {
    /// Operand `index` of an op, with its rule's mapping if it has one.
    Operand(usize, Option<TensorMapping>),
    /// Result `index` of an op, with its rule's mapping if it has one.
    Result(usize, Option<TensorMapping>),
    /// A region op's operand flows into its body's argument, or its body's result
    /// into its result.
    Region,
    /// Members of one sharding group.
    Group,
}

/// The factor graph.
#[derive(Debug, Clone)]
pub struct FactorGraph {
    graph: StableDiGraph<GraphNode, Link>,
    values: Vec<NodeIndex>,
    /// Per op: whether it is a propagation barrier.
    barriers: Vec<bool>,
}

impl FactorGraph {
    /// The factor graph of `program`.
    pub fn new(program: &Program) -> Self {
        let mut graph = StableDiGraph::new();
        let values: Vec<NodeIndex> = program.value_ids().map(|v| graph.add_node(GraphNode::Value(v))).collect();
        let ops: Vec<NodeIndex> = program.op_ids().map(|o| graph.add_node(GraphNode::Op(o))).collect();
        for id in program.op_ids() {
            let (i, op) = (id.index(), program.op(id));
            let rule = sharding_rule(program, id);
            for (k, v) in op.operands.iter().enumerate() {
                let mapping = rule.as_ref().and_then(|r| r.operands.get(k).cloned());
                graph.add_edge(values[v.index()], ops[i], Link::Operand(k, mapping));
            }
            for (k, v) in op.results.iter().enumerate() {
                let mapping = rule.as_ref().and_then(|r| r.results.get(k).cloned());
                graph.add_edge(ops[i], values[v.index()], Link::Result(k, mapping));
            }
            for &arg in op.regions.iter().flat_map(|r| &r.args) {
                graph.add_edge(ops[i], values[arg.index()], Link::Region);
            }
            for (_, returned, _) in op.region_exits() {
                graph.add_edge(values[returned.index()], ops[i], Link::Region);
            }
        }
        for group in program.sharding_groups() {
            for pair in group.members.windows(2) {
                graph.add_edge(values[pair[0].index()], values[pair[1].index()], Link::Group);
            }
        }
        let barriers = program.ops().iter().map(|op| matches!(op.kind, OpKind::PropagationBarrier(_))).collect();
        FactorGraph { graph, values, barriers }
    }

    /// Everything reachable from `value` along data flow (`Direction::Outgoing`) or
    /// against it (`Incoming`) without passing through a propagation barrier,
    /// `value` included; group edges are not followed.
    pub fn segment(&self, value: ValueId, direction: Direction) -> Vec<GraphNode> {
        let start = self.values[value.index()];
        let mut seen = vec![false; self.graph.node_count()];
        let mut stack = vec![start];
        let mut out = Vec::new();
        while let Some(n) = stack.pop() {
            if std::mem::replace(&mut seen[n.index()], true) {
                continue;
            }
            out.push(self.graph[n]);
            if matches!(self.graph[n], GraphNode::Op(o) if self.barriers[o.index()]) {
                continue;
            }
            let next = self.graph.edges_directed(n, direction).filter(|e| !matches!(e.weight(), Link::Group));
            for e in next {
                let other = if direction == Direction::Outgoing { e.target() } else { e.source() };
                stack.push(other);
            }
        }
        out
    }
}
