//! Repeated structure: the core nodes that look alike (the same op in every layer
//! of a stack), the *tied* problem that gives each such class one strategy, and the
//! lift of a move on one member to its whole class.
//!
//! Classes come from colour refinement with a few rounds: a node's first colour is
//! its strategy count, costs and usage (not when it is live), and each round hashes
//! a node's colour with the multiset of its edges' tables (as seen from it) and its
//! neighbours' colours. A few rounds, not refinement to the end: a chain of equal
//! layers refined to the end tells every layer apart by its distance to the chain's
//! ends, and the classes are meant to hold a layer's copies of one op. Nodes within
//! [`ROUNDS`] edges of a difference (the first and last layers) get classes of their
//! own.
//!
//! The tied problem has a node per class whose strategies are the class's (alike by
//! construction): its cost is the members' costs summed; an edge between two
//! members of different classes becomes that pair of classes' edge, and one between
//! two members of one class a cost on the class's diagonal. It has no limit: its
//! solution, copied to every member, is a start, not a plan; the search repairs it
//! when it does not fit.
//!
//! Invariants: members of a class have equal strategy counts, costs and usage; the
//! classes' members partition the core's nodes, each list ascending.

use super::core::{Core, CoreEdge};
use crate::table::Table;
use rustc_hash::{FxHashMap as HashMap, FxHasher};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

/// Rounds of refinement.
const ROUNDS: usize = 4;

/// A member edge's table as stored, whether its rows are the higher class's, and
/// how many member edges share it.
type Counted = (Table<f64>, bool, usize);

/// Classes of alike core nodes.
#[derive(Debug, Clone)]
pub(crate) struct Classes {
    /// Each core node's class.
    pub of: Vec<usize>,
    /// Each class's members, ascending.
    pub members: Vec<Vec<usize>>,
}

impl Classes {
    /// The classes of `core` by colour refinement.
    pub fn of(core: &Core) -> Self {
        let mut colour: Vec<u64> = (0..core.len()).map(|v| own_colour(core, v)).collect();
        let edges: Vec<(u64, u64)> =
            core.edges.iter().map(|e| (fingerprint(&e.costs, false), fingerprint(&e.costs, true))).collect();
        let mut signature = Vec::new();
        for _ in 0..ROUNDS {
            colour = (0..core.len())
                .map(|v| {
                    signature.clear();
                    signature.extend(core.adjacency[v].iter().map(|&(e, u)| {
                        let seen = if core.edges[e].a == v { edges[e].0 } else { edges[e].1 };
                        (seen, colour[u])
                    }));
                    signature.sort_unstable();
                    let mut h = FxHasher::default();
                    (colour[v], &signature).hash(&mut h);
                    h.finish()
                })
                .collect();
        }
        let mut index: HashMap<u64, usize> = HashMap::default();
        let mut members: Vec<Vec<usize>> = Vec::new();
        let of = (0..core.len())
            .map(|v| {
                let c = *index.entry(colour[v]).or_insert_with(|| {
                    members.push(Vec::new());
                    members.len() - 1
                });
                members[c].push(v);
                c
            })
            .collect();
        Classes { of, members }
    }

    /// The number of classes.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// True when some class has two or more members (there is something to tie).
    pub fn repeats(&self) -> bool {
        self.members.len() < self.of.len()
    }

    /// The tied problem of `core`: a node per class, no limit.
    pub fn tied(&self, core: &Core) -> Core {
        let mut cost: Vec<Vec<f64>> =
            self.members.iter().map(|m| core.cost[m[0]].iter().map(|c| c * m.len() as f64).collect()).collect();
        // Per pair of classes (low, high), the member edges' tables as stored (and
        // whether their rows are the high class's) with how many times each occurs:
        // the layers' edges share their tables, so each is transposed and scaled once.
        let mut pairs: BTreeMap<(usize, usize), Vec<Counted>> = BTreeMap::new();
        for edge in &core.edges {
            let (ca, cb) = (self.of[edge.a], self.of[edge.b]);
            if ca == cb {
                for (k, x) in cost[ca].iter_mut().enumerate() {
                    *x += edge.costs.at(k, k);
                }
                continue;
            }
            let list = pairs.entry((ca.min(cb), ca.max(cb))).or_default();
            let flipped = ca > cb;
            match list.iter_mut().find(|(t, f, _)| *f == flipped && t.shares(&edge.costs) && *t == edge.costs) {
                Some((_, _, count)) => *count += 1,
                None => list.push((edge.costs.clone(), flipped, 1)),
            }
        }
        let mut edges = Vec::with_capacity(pairs.len());
        for ((a, b), list) in pairs {
            let mut scaled = list.into_iter().map(|(t, flipped, count)| {
                let t = if flipped { t.transposed() } else { t };
                if count == 1 { t } else { t.map(|x| x * count as f64) }
            });
            let Some(first) = scaled.next() else { continue };
            let costs = scaled.fold(first, |sum, t| sum.sum(&t));
            edges.push(CoreEdge { a, b, costs });
        }
        Core::unlimited(cost, edges)
    }

    /// The core assignment giving every member its class's strategy in `tied`.
    pub fn tile(&self, tied: &[usize]) -> Vec<usize> {
        self.of.iter().map(|&c| tied[c]).collect()
    }

    /// The lift of `changes` (node, new strategy) to the members of each changed
    /// node's class that took the same strategy as it did (`assign`), each node once.
    pub fn lift(&self, changes: &[(usize, usize)], assign: &[usize]) -> Vec<(usize, usize)> {
        let mut lifted: Vec<(usize, usize)> = Vec::new();
        for &(v, k) in changes {
            let old = assign[v];
            lifted.extend(self.members[self.of[v]].iter().filter(|&&u| assign[u] == old).map(|&u| (u, k)));
        }
        lifted.sort_unstable();
        lifted.dedup_by_key(|&mut (u, _)| u);
        lifted
    }
}

/// A node's colour before refinement: its strategy count, costs and usage.
fn own_colour(core: &Core, v: usize) -> u64 {
    let mut h = FxHasher::default();
    core.strategies(v).hash(&mut h);
    core.cost[v].iter().for_each(|c| c.to_bits().hash(&mut h));
    for s in &core.segments[v] {
        s.usage.hash(&mut h);
    }
    h.finish()
}

/// A table's content as seen from its rows (`transposed`: from its columns).
fn fingerprint(table: &Table<f64>, transposed: bool) -> u64 {
    let mut h = FxHasher::default();
    transposed.hash(&mut h);
    let (rows, cols) = if transposed { (table.cols(), table.rows()) } else { (table.rows(), table.cols()) };
    (rows, cols).hash(&mut h);
    for i in 0..rows {
        for j in 0..cols {
            let x = if transposed { table.at(j, i) } else { table.at(i, j) };
            x.to_bits().hash(&mut h);
        }
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A core of `layers` equal layers of a 3-node chain, each layer's last node
    /// joined to the next layer's first, costs and tables alike per position.
    fn stack(layers: usize) -> Core {
        let k = 3;
        let n = 3 * layers;
        let cost: Vec<Vec<f64>> =
            (0..n).map(|v| (0..k).map(|s| ((v % 3) * 7 + s * 3) as f64 % 5.0).collect()).collect();
        let edges = (0..n - 1)
            .map(|v| {
                let values: Vec<f64> = (0..k * k).map(|i| ((i * (v % 3 + 2)) % 7) as f64).collect();
                CoreEdge { a: v, b: v + 1, costs: Table::dense(k, k, &values) }
            })
            .collect();
        Core::unlimited(cost, edges)
    }

    #[test]
    fn the_layers_of_a_stack_share_classes_and_the_tiling_costs_what_the_tied_problem_says() {
        let core = stack(16);
        let classes = Classes::of(&core);
        assert!(classes.repeats());
        // The middle layers' copies of a position are one class.
        assert_eq!(classes.of[3 * 7], classes.of[3 * 8]);
        assert_eq!(classes.of[3 * 7 + 1], classes.of[3 * 9 + 1]);
        assert!(classes.len() < core.len() / 2, "{} classes for {} nodes", classes.len(), core.len());
        let tied = classes.tied(&core);
        for seed in 0..20usize {
            let assign: Vec<usize> = (0..tied.len()).map(|c| (c * 7 + seed) % tied.strategies(c)).collect();
            let tiled = classes.tile(&assign);
            let (a, b) = (tied.score(&assign), core.score(&tiled));
            assert!((a.finite - b.finite).abs() < 1e-9 && a.forbidden == b.forbidden, "{a:?} {b:?}");
        }
    }

    #[test]
    fn a_lift_moves_the_members_in_step() {
        let core = stack(8);
        let classes = Classes::of(&core);
        let assign = vec![0; core.len()];
        let v = 3 * 4 + 1;
        let lifted = classes.lift(&[(v, 2)], &assign);
        assert!(lifted.len() > 1 && lifted.iter().all(|&(u, k)| k == 2 && classes.of[u] == classes.of[v]));
    }
}
