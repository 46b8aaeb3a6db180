//! What a `case` costs: its most expensive branch (the plan's objective counts that
//! one, `plan_cost.rs`), and the branch weights that turn this max into the sum the
//! solver's core problem can express.
//!
//! For weights `w` with `Σ_b w_b = 1` per `case`, `Σ_b w_b · cost_b ≤ max_b cost_b`
//! for every plan, so the optimum of the weighted sum is a lower bound on the optimum
//! of the max; the plan it picks, priced with the max, an upper bound. The solver
//! searches the weights for a bound that meets its plan (docs/solver.md, "Branches").

use autoshard_model::{OpId, Program};
use std::collections::BTreeMap;

/// The weight of each branch of each `case` in the solver's objective; an op in
/// branch `b` of a `case` costs `w_b` times its cost (times its enclosing branches'
/// weights), `Σ_b w_b = 1`.
#[derive(Debug, Clone, PartialEq)]
pub struct BranchWeights {
    by_case: BTreeMap<OpId, Vec<f64>>,
    within: Vec<Option<(OpId, usize)>>,
}

impl BranchWeights {
    /// Every branch of a `case` of `n` branches weighs `1 / n`.
    pub fn uniform(program: &Program) -> Self {
        let by_case = cases(program).map(|(id, n)| (id, vec![1.0 / n as f64; n])).collect();
        BranchWeights { by_case, within: program.branch_of() }
    }

    /// Each `case` with its branch `heaviest[case]` weighing all but `spare`, which
    /// the others share (so none is priced at nothing); a `case` not listed weighs
    /// its branches uniformly.
    pub fn favouring(program: &Program, heaviest: &BTreeMap<OpId, usize>, spare: f64) -> Self {
        let mut weights = Self::uniform(program);
        for (case, w) in &mut weights.by_case {
            if let Some(&top) = heaviest.get(case).filter(|&&b| b < w.len())
                && w.len() > 1
            {
                let rest = spare / (w.len() - 1) as f64;
                w.iter_mut().enumerate().for_each(|(b, x)| *x = if b == top { 1.0 - spare } else { rest });
            }
        }
        weights
    }

    /// Whether the program has a `case` of two branches or more (whose weights matter).
    pub fn matter(&self) -> bool {
        self.by_case.values().any(|w| w.len() > 1)
    }

    /// The weight of op `id`: the product of the weights of the branches it is in.
    pub fn of(&self, id: OpId) -> f64 {
        let mut weight = 1.0;
        let mut at = self.within.get(id.index()).copied().flatten();
        while let Some((case, branch)) = at {
            weight *= self.by_case.get(&case).and_then(|w| w.get(branch)).copied().unwrap_or(1.0);
            at = self.within.get(case.index()).copied().flatten();
        }
        weight
    }
}

/// The `case` ops of `program` with their branch counts.
fn cases(program: &Program) -> impl Iterator<Item = (OpId, usize)> + '_ {
    program.op_ids().filter_map(move |id| {
        let n = program.op(id).branches().len();
        (n > 0).then_some((id, n))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard_model::ir::{InputSpec, OpSpec, ProgramBuilder, TensorType};
    use autoshard_model::ops::{Case, OpKind, UnaryOp};
    use autoshard_model::{DType, Mesh};

    /// `case(i, x)` with three branches, the second holding a nested two-branch case.
    fn nested() -> Program {
        let mut b = ProgramBuilder::new("p", "mesh", Mesh::from_axes([("x", 2)]).unwrap());
        let input = |name: &str, shape: Vec<i64>, dtype| InputSpec {
            name: name.into(),
            ty: TensorType { shape, dtype },
            parameter: false,
            sharding: None,
            loc: None,
        };
        let i = b.add_input(input("i", vec![], DType::I32)).unwrap();
        let x = b.add_input(input("x", vec![4], DType::F32)).unwrap();
        let spec = |name: &str, kind, operands| OpSpec {
            result_names: vec![name.into()],
            kind,
            operands,
            result_shardings: vec![],
            loc: None,
        };
        let case = |branches| OpKind::Case(Case { branches, predicate: false });
        let tanh = || OpKind::Unary(UnaryOp::Tanh);
        let args = |k: usize| vec![format!("j{k}"), format!("a{k}")];
        let a = b.begin_region(spec("c", case(3), vec![i, i, x]), args(0)).unwrap();
        let t = b.add_op(spec("t0", tanh(), vec![a[1]])).unwrap();
        let a = b.next_region(t, args(1)).unwrap();
        let inner = b.begin_region(spec("d", case(2), vec![a[0], a[1]]), vec!["b0".into()]).unwrap();
        let t = b.add_op(spec("t1", tanh(), vec![inner[0]])).unwrap();
        let inner = b.next_region(t, vec!["b1".into()]).unwrap();
        let d = b.end_region(inner).unwrap();
        let a = b.next_region(d, args(2)).unwrap();
        let y = b.end_region(vec![a[1]]).unwrap()[0];
        b.add_output(y, None, None).unwrap();
        b.finish().unwrap()
    }

    #[test]
    fn a_nested_branch_weighs_the_product_of_its_branches() {
        let program = nested();
        let op = |name: &str| program.op_named(name).unwrap();
        let uniform = BranchWeights::uniform(&program);
        assert!(uniform.matter());
        assert_eq!(uniform.of(op("c")), 1.0);
        assert!((uniform.of(op("t0")) - 1.0 / 3.0).abs() < 1e-12);
        assert!((uniform.of(op("t1")) - 1.0 / 6.0).abs() < 1e-12);
        let heaviest = BTreeMap::from([(op("c"), 1), (op("d"), 0)]);
        let favoured = BranchWeights::favouring(&program, &heaviest, 0.01);
        assert!((favoured.of(op("t0")) - 0.005).abs() < 1e-12);
        assert!((favoured.of(op("t1")) - 0.99 * 0.99).abs() < 1e-12);
    }
}
