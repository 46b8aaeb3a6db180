//! Forest neighbourhoods and their exact dynamic programme.
//!
//! A [`Forest`] is a set of core nodes grown as trees (each member after its root
//! has one parent edge to an earlier member). A member joins only when exactly one
//! of its neighbours is already in (the forest is *induced*), so the members' edges
//! among themselves are exactly the parent edges and fixing every other node makes
//! the neighbourhood a tree problem that [`Forest::solve`] solves exactly.

use super::core::Core;
use crate::table::{Over, Scratch};
use rand::RngExt;

/// A member of a forest: a core node and, unless it is a root, the position of its
/// parent in the order and the edge to it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Member {
    pub node: usize,
    pub parent: Option<(usize, usize)>,
}

/// A forest of core nodes with the dynamic programme's buffers.
#[derive(Debug, Clone)]
pub(crate) struct Forest {
    stamp: Vec<u32>,
    epoch: u32,
    /// The members, parents before children.
    pub order: Vec<Member>,
    /// The strategy the last [`Forest::solve`] chose for each member.
    pub chosen: Vec<usize>,
    /// [`Forest::solve_closing`]'s argmin under the best strategy so far.
    best_chosen: Vec<usize>,
    /// The positions in `order` of the members next to [`Forest::solve_closing`]'s
    /// closing node.
    touched: Vec<usize>,
    offsets: Vec<usize>,
    /// Each member's own term per strategy (see [`Forest::solve`]).
    base: Vec<f64>,
    /// `base` with the children's minima added, during the programme.
    table: Vec<f64>,
    choice_offsets: Vec<usize>,
    choice: Vec<usize>,
    /// A parent's best per strategy over a child's, and the child's strategy of it.
    best: Vec<f64>,
    arg: Vec<usize>,
    scratch: Scratch,
}

impl Forest {
    /// An empty forest over `nodes` core nodes.
    pub fn new(nodes: usize) -> Self {
        Forest {
            stamp: vec![0; nodes],
            epoch: 1,
            order: Vec::new(),
            chosen: Vec::new(),
            best_chosen: Vec::new(),
            touched: Vec::new(),
            offsets: Vec::new(),
            base: Vec::new(),
            table: Vec::new(),
            choice_offsets: Vec::new(),
            choice: Vec::new(),
            best: Vec::new(),
            arg: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// Empties the forest.
    pub fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        self.order.clear();
    }

    /// True if `v` is a member.
    pub fn contains(&self, v: usize) -> bool {
        self.stamp[v] == self.epoch
    }

    fn join(&mut self, member: Member) {
        self.stamp[member.node] = self.epoch;
        self.order.push(member);
    }

    /// Grows an induced tree from `root` (not a member) by breadth-first search, in a
    /// random neighbour order, up to `cap` members in all.
    pub fn grow_induced(&mut self, core: &Core, root: usize, cap: usize, rng: &mut impl RngExt) {
        self.join(Member { node: root, parent: None });
        let mut next = self.order.len() - 1;
        while next < self.order.len() && self.order.len() < cap {
            let adjacency = &core.adjacency[self.order[next].node];
            let start = if adjacency.is_empty() { 0 } else { rng.random_range(0..adjacency.len()) };
            for i in 0..adjacency.len() {
                let (e, u) = adjacency[(start + i) % adjacency.len()];
                if self.order.len() >= cap {
                    break;
                }
                if self.contains(u) || core.adjacency[u].iter().filter(|&&(_, w)| self.contains(w)).nth(1).is_some() {
                    continue;
                }
                self.join(Member { node: u, parent: Some((next, e)) });
            }
            next += 1;
        }
    }

    /// A non-member with at least two member neighbours (one that closes a cycle
    /// through the forest), the first found from a random member.
    pub fn closing(&self, core: &Core, rng: &mut impl RngExt) -> Option<usize> {
        let n = self.order.len();
        let start = rng.random_range(0..n.max(1));
        (0..n).map(|i| self.order[(start + i) % n].node).find_map(|x| {
            core.adjacency[x].iter().map(|&(_, u)| u).find(|&u| {
                !self.contains(u) && core.adjacency[u].iter().filter(|&&(_, w)| self.contains(w)).nth(1).is_some()
            })
        })
    }

    /// Minimises, over the members' strategies, the sum of `unary(v, k)`, the parent
    /// edges' costs and the edges to non-members, each of which takes `fixed(u)`.
    /// Returns the minimum and leaves the argmin in `chosen`.
    pub fn solve(&mut self, core: &Core, unary: impl Fn(usize, usize) -> f64, fixed: &dyn Fn(usize) -> usize) -> f64 {
        self.fill(core, unary, fixed);
        self.programme(core)
    }

    /// [`Forest::solve`] with the non-member `w` (one that closes cycles through the
    /// forest, [`Forest::closing`]) also free: each strategy `kw` of `w` in turn, the
    /// members' minimum plus `unary(w, kw)` and `w`'s edges to non-members. Returns
    /// the best `kw` (the first of the least; `fixed(w)` if every one is infinite)
    /// and leaves the members' argmin under it in `chosen`. Only the rows of the
    /// members next to `w` are recomputed per `kw`.
    pub fn solve_closing(
        &mut self,
        core: &Core,
        unary: impl Fn(usize, usize) -> f64,
        fixed: &dyn Fn(usize) -> usize,
        w: usize,
    ) -> usize {
        self.fill(core, &unary, fixed);
        let order = &self.order;
        self.touched.clear();
        self.touched.extend((0..order.len()).filter(|&i| core.adjacency[order[i].node].iter().any(|&(_, u)| u == w)));
        let (mut best, mut best_k) = (f64::INFINITY, fixed(w));
        for kw in 0..core.strategies(w) {
            let outside: f64 = (core.adjacency[w].iter())
                .filter(|&&(_, u)| !self.contains(u))
                .map(|&(e, u)| core.pair(e, w, kw, fixed(u)))
                .sum();
            let value = unary(w, kw) + outside + self.with_closing(core, &unary, fixed, (w, kw));
            if value < best {
                (best, best_k) = (value, kw);
                self.best_chosen.clone_from(&self.chosen);
            }
        }
        // A finite best was kept aside; otherwise solve again under `fixed(w)`.
        if best < f64::INFINITY {
            std::mem::swap(&mut self.chosen, &mut self.best_chosen);
        } else {
            self.with_closing(core, &unary, fixed, (w, best_k));
        }
        best_k
    }

    /// The programme with `w` at `kw`: the `touched` members' rows recomputed.
    fn with_closing(
        &mut self,
        core: &Core,
        unary: impl Fn(usize, usize) -> f64,
        fixed: &dyn Fn(usize) -> usize,
        (w, kw): (usize, usize),
    ) -> f64 {
        let closed = |u: usize| if u == w { kw } else { fixed(u) };
        for &i in &self.touched {
            let v = self.order[i].node;
            for k in 0..core.strategies(v) {
                self.base[self.offsets[i] + k] = self.leaf(core, v, k, &unary, &closed);
            }
        }
        self.programme(core)
    }

    /// Every member's own terms ([`Forest::leaf`]) into `base`.
    fn fill(&mut self, core: &Core, unary: impl Fn(usize, usize) -> f64, fixed: &dyn Fn(usize) -> usize) {
        self.offsets.clear();
        self.base.clear();
        for i in 0..self.order.len() {
            self.offsets.push(self.base.len());
            let v = self.order[i].node;
            for k in 0..core.strategies(v) {
                let value = self.leaf(core, v, k, &unary, fixed);
                self.base.push(value);
            }
        }
    }

    /// Member `v`'s own term at `k`: `unary(v, k)` plus its edges to non-members,
    /// each at `fixed(u)`.
    fn leaf(
        &self,
        core: &Core,
        v: usize,
        k: usize,
        unary: impl Fn(usize, usize) -> f64,
        fixed: &dyn Fn(usize) -> usize,
    ) -> f64 {
        let mut value = unary(v, k);
        for &(e, u) in &core.adjacency[v] {
            if !self.contains(u) {
                value += core.pair(e, v, k, fixed(u));
            }
        }
        value
    }

    /// The dynamic programme over the members' own terms (`base`, by `offsets`):
    /// returns the minimum and leaves the argmin in `chosen`.
    fn programme(&mut self, core: &Core) -> f64 {
        self.table.clone_from(&self.base);
        self.choice_offsets.clear();
        self.choice.clear();
        self.choice_offsets.resize(self.order.len(), 0);
        let mut total = 0.0;
        for i in (0..self.order.len()).rev() {
            let Member { node: c, parent } = self.order[i];
            let kc = core.strategies(c);
            let child = self.offsets[i];
            let Some((p, e)) = parent else {
                total += self.table[child..child + kc].iter().copied().fold(f64::INFINITY, f64::min);
                continue;
            };
            let pnode = self.order[p].node;
            let kp = core.strategies(pnode);
            self.choice_offsets[i] = self.choice.len();
            let edge = &core.edges[e];
            let over = if edge.a == pnode { Over::Cols } else { Over::Rows };
            self.best.resize(kp, 0.0);
            self.arg.resize(kp, 0);
            let (h, out, arg) = (&self.table[child..child + kc], &mut self.best[..kp], &mut self.arg[..kp]);
            edge.costs.min_plus(over, h, out, Some(arg), &mut self.scratch);
            let parent = self.offsets[p];
            for (sp, &b) in self.best[..kp].iter().enumerate() {
                self.table[parent + sp] += b;
            }
            self.choice.extend_from_slice(&self.arg[..kp]);
        }
        self.chosen.clear();
        for i in 0..self.order.len() {
            let Member { node, parent } = self.order[i];
            let k = match parent {
                None => {
                    let row = &self.table[self.offsets[i]..self.offsets[i] + core.strategies(node)];
                    crate::presolve::argmin(row.iter().copied()).0
                }
                Some((p, _)) => self.choice[self.choice_offsets[i] + self.chosen[p]],
            };
            self.chosen.push(k);
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use std::ops::Range;

    /// The terms of `core` that involve a node of `free` under assignment `a`
    /// (infinite if any is forbidden).
    fn local_cost(core: &Core, free: &[usize], a: &[usize]) -> f64 {
        let edges = (core.edges.iter().enumerate())
            .filter(|(_, e)| free.contains(&e.a) || free.contains(&e.b))
            .map(|(i, e)| core.pair(i, e.a, a[e.a], a[e.b]));
        free.iter().map(|&v| core.cost[v][a[v]]).chain(edges).sum()
    }

    /// The least [`local_cost`] over every strategy of the `free` nodes, the rest as
    /// `assign` has them (brute force).
    fn brute_force(core: &Core, free: &[usize], assign: &[usize]) -> f64 {
        let sizes: Vec<usize> = free.iter().map(|&v| core.strategies(v)).collect();
        let mut trial = assign.to_vec();
        super::super::core::assignments(&sizes)
            .map(|digits| {
                free.iter().zip(&digits).for_each(|(&v, &k)| trial[v] = k);
                local_cost(core, free, &trial)
            })
            .fold(f64::INFINITY, f64::min)
    }

    /// A random core, a random assignment of it ([`super::super::core::random`]) and an
    /// induced tree of `caps` members at most grown from a random node.
    fn random_tree(rng: &mut StdRng, nodes: Range<usize>, caps: Range<usize>) -> Option<(Core, Vec<usize>, Forest)> {
        let (core, assign) = super::super::core::random(rng, nodes)?;
        let mut forest = Forest::new(core.len());
        let root = rng.random_range(0..core.len());
        forest.grow_induced(&core, root, rng.random_range(caps), rng);
        Some((core, assign, forest))
    }

    #[test]
    fn an_induced_tree_is_solved_exactly_given_the_rest() {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..300 {
            let Some((core, assign, mut forest)) = random_tree(&mut rng, 3..9, 1..10) else { continue };
            let value = forest.solve(&core, |v, k| core.cost[v][k], &|u| assign[u]);
            let mut chosen = assign.clone();
            forest.order.iter().zip(&forest.chosen).for_each(|(m, &k)| chosen[m.node] = k);
            let members: Vec<usize> = forest.order.iter().map(|m| m.node).collect();
            let best = brute_force(&core, &members, &assign);
            assert_eq!((value, local_cost(&core, &members, &chosen)), (best, best), "members {members:?}");
        }
    }

    /// Solves the closing node `w` with `forest` and checks the result against brute
    /// force over the members and `w`, the rest as `assign` has them.
    fn assert_closing_is_exact(core: &Core, assign: &[usize], forest: &mut Forest, w: usize) {
        let kw = forest.solve_closing(core, |v, k| core.cost[v][k], &|u| assign[u], w);
        let mut chosen = assign.to_vec();
        forest.order.iter().zip(&forest.chosen).for_each(|(m, &k)| chosen[m.node] = k);
        chosen[w] = kw;
        // The members and `w` are free.
        let free: Vec<usize> = forest.order.iter().map(|m| m.node).chain([w]).collect();
        let best = brute_force(core, &free, assign);
        assert_eq!(local_cost(core, &free, &chosen), best, "members and closing node {free:?}");
        if best.is_infinite() {
            assert_eq!(kw, assign[w]);
        }
    }

    #[test]
    fn a_closing_node_is_solved_exactly_with_the_tree_given_the_rest() {
        let mut rng = StdRng::seed_from_u64(9);
        let mut closed = 0;
        for _ in 0..600 {
            let Some((core, assign, mut forest)) = random_tree(&mut rng, 4..10, 2..10) else { continue };
            let Some(w) = forest.closing(&core, &mut rng) else { continue };
            closed += 1;
            assert_closing_is_exact(&core, &assign, &mut forest, w);
        }
        assert!(closed >= 50, "only {closed} forests had a closing node");
    }

    /// The search reuses one forest, and its buffers, for every neighbourhood: a
    /// closing solve must not see what an earlier one left (a larger tree's members,
    /// another closing node's neighbours).
    #[test]
    fn a_reused_forest_solves_each_closing_node_afresh() {
        let mut rng = StdRng::seed_from_u64(10);
        let mut closed = 0;
        for _ in 0..200 {
            let Some((core, assign)) = super::super::core::random(&mut rng, 6..12) else { continue };
            let mut forest = Forest::new(core.len());
            for _ in 0..6 {
                forest.clear();
                forest.grow_induced(&core, rng.random_range(0..core.len()), rng.random_range(2..10), &mut rng);
                let Some(w) = forest.closing(&core, &mut rng) else { continue };
                closed += 1;
                assert_closing_is_exact(&core, &assign, &mut forest, w);
            }
        }
        assert!(closed >= 100, "only {closed} forests had a closing node");
    }
}
