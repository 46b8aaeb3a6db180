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
    /// Where each member's strategies start in `base`, `table` and `row`.
    offsets: Vec<usize>,
    /// Each member's own term per strategy (see [`Forest::solve`]).
    base: Vec<f64>,
    /// `base` with the children's minima added.
    table: Vec<f64>,
    /// Per non-root member, where its contribution to its parent (one value per
    /// strategy of the parent) and the strategy it takes for each start in `contrib`
    /// and `choice`.
    contrib_offsets: Vec<usize>,
    contrib: Vec<f64>,
    choice: Vec<usize>,
    /// A node's unary row (reused).
    row: Vec<f64>,
    /// The closing solve's state: see [`Closing`].
    closing: Closing,
    scratch: Scratch,
}

/// The buffers of [`Forest::solve_closing`]: per member, whether the closing node's
/// strategy reaches its table (it or a descendant is next to the closing node:
/// *dirty*) and its edge to the closing node, if any; per dirty member its own terms
/// plus its clean children's contributions, and its table, contribution and choices
/// under the strategy of the closing node last tried (laid out as the programme's).
#[derive(Debug, Clone, Default)]
struct Closing {
    dirty: Vec<bool>,
    edge: Vec<Option<usize>>,
    /// The dirty members, children before parents.
    members: Vec<usize>,
    clean: Vec<f64>,
    table: Vec<f64>,
    contrib: Vec<f64>,
    choice: Vec<usize>,
}

impl Forest {
    /// An empty forest over `nodes` core nodes.
    pub fn new(nodes: usize) -> Self {
        Forest {
            stamp: vec![0; nodes],
            epoch: 1,
            order: Vec::new(),
            chosen: Vec::new(),
            offsets: Vec::new(),
            base: Vec::new(),
            table: Vec::new(),
            contrib_offsets: Vec::new(),
            contrib: Vec::new(),
            choice: Vec::new(),
            row: Vec::new(),
            closing: Closing::default(),
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

    /// Minimises, over the members' strategies, the sum of their unary terms
    /// (`unary(v, row)` fills node `v`'s, one per strategy), the parent edges' costs
    /// and the edges to non-members, each of which takes `fixed(u)`. Returns the
    /// minimum and leaves the argmin in `chosen`.
    pub fn solve(&mut self, core: &Core, unary: &dyn Fn(usize, &mut Vec<f64>), fixed: &dyn Fn(usize) -> usize) -> f64 {
        self.fill(core, unary, fixed, None);
        let total = self.programme(core);
        self.choose();
        total
    }

    /// [`Forest::solve`] with the non-member `w` (one that closes cycles through the
    /// forest, [`Forest::closing`]) also free: each strategy `kw` of `w` in turn, the
    /// members' minimum plus `w`'s unary term and its edges to non-members. Returns
    /// the best `kw` (the first of the least; `fixed(w)` if every one is infinite)
    /// and leaves the members' argmin under it in `chosen`. Per `kw` only the members
    /// whose tables it reaches (those next to `w` and their ancestors) are solved
    /// again.
    pub fn solve_closing(
        &mut self,
        core: &Core,
        unary: &dyn Fn(usize, &mut Vec<f64>),
        fixed: &dyn Fn(usize) -> usize,
        w: usize,
    ) -> usize {
        self.fill(core, unary, fixed, Some(w));
        let baseline = self.programme(core);
        self.mark_dirty(core, w);
        unary(w, &mut self.row);
        let own: Vec<f64> = (0..core.strategies(w))
            .map(|kw| {
                let outside = core.adjacency[w].iter().filter(|&&(_, u)| !self.contains(u));
                self.row[kw] + outside.map(|&(e, u)| core.pair(e, w, kw, fixed(u))).sum::<f64>()
            })
            .collect();
        // The roots' least over clean roots, which no strategy of `w` changes.
        let dirty_roots: f64 = (0..self.order.len())
            .filter(|&i| self.order[i].parent.is_none() && self.closing.dirty[i])
            .map(|i| self.least(i))
            .sum();
        let clean_roots = baseline - dirty_roots;
        let (mut best, mut best_k) = (f64::INFINITY, fixed(w));
        for (kw, &own) in own.iter().enumerate() {
            if !own.is_finite() {
                continue;
            }
            let value = own + clean_roots + self.with_closing(core, kw);
            if value < best {
                (best, best_k) = (value, kw);
            }
        }
        if best < f64::INFINITY {
            // The best strategy's tables and choices again, to read the argmin.
            self.with_closing(core, best_k);
            self.choose_closing();
        } else {
            // Every strategy of `w` is forbidden somewhere: keep `fixed(w)`.
            self.fill(core, unary, fixed, None);
            self.programme(core);
            self.choose();
        }
        best_k
    }

    /// Marks the members whose tables `w`'s strategy reaches, and their clean
    /// children's contributions summed.
    fn mark_dirty(&mut self, core: &Core, w: usize) {
        let n = self.order.len();
        let c = &mut self.closing;
        c.dirty.clear();
        c.dirty.resize(n, false);
        c.edge.clear();
        c.edge.resize(n, None);
        for (i, m) in self.order.iter().enumerate() {
            c.edge[i] = core.adjacency[m.node].iter().find(|&&(_, u)| u == w).map(|&(e, _)| e);
            if c.edge[i].is_some() {
                let mut at = Some(i);
                while let Some(j) = at.filter(|&j| !c.dirty[j]) {
                    c.dirty[j] = true;
                    at = self.order[j].parent.map(|(p, _)| p);
                }
            }
        }
        c.members.clear();
        c.members.extend((0..n).rev().filter(|&i| c.dirty[i]));
        // Each dirty member's table less its dirty children's contributions.
        c.clean.clear();
        c.clean.resize(self.table.len(), 0.0);
        for &i in &c.members {
            let range = self.offsets[i]..self.offsets[i] + core.strategies(self.order[i].node);
            c.clean[range.clone()].copy_from_slice(&self.table[range]);
        }
        for &i in &c.members {
            if let Some((p, _)) = self.order[i].parent {
                let kp = core.strategies(self.order[p].node);
                let from = self.contrib_offsets[i];
                for (x, y) in
                    c.clean[self.offsets[p]..self.offsets[p] + kp].iter_mut().zip(&self.contrib[from..from + kp])
                {
                    *x -= y;
                }
            }
        }
        c.table.clear();
        c.table.resize(self.table.len(), 0.0);
        c.contrib.clear();
        c.contrib.resize(self.contrib.len(), 0.0);
        c.choice.clone_from(&self.choice);
    }

    /// The dirty members' programme with `w` at `kw`: their least over the dirty
    /// roots.
    fn with_closing(&mut self, core: &Core, kw: usize) -> f64 {
        let c = &mut self.closing;
        let mut total = 0.0;
        // Tables: clean part plus the edge to `w` (children first add theirs below).
        for &i in &c.members {
            let v = self.order[i].node;
            let range = self.offsets[i]..self.offsets[i] + core.strategies(v);
            c.table[range.clone()].copy_from_slice(&c.clean[range.clone()]);
            if let Some(e) = c.edge[i] {
                for (k, x) in c.table[range].iter_mut().enumerate() {
                    *x += core.pair(e, v, k, kw);
                }
            }
        }
        for &i in &c.members {
            let Member { node, parent } = self.order[i];
            let (from, kc) = (self.offsets[i], core.strategies(node));
            let Some((p, e)) = parent else {
                total += c.table[from..from + kc].iter().copied().fold(f64::INFINITY, f64::min);
                continue;
            };
            let pnode = self.order[p].node;
            let kp = core.strategies(pnode);
            let over = if core.edges[e].a == pnode { Over::Cols } else { Over::Rows };
            let at = self.contrib_offsets[i];
            let (h, out, arg) = (&c.table[from..from + kc], &mut c.contrib[at..at + kp], &mut c.choice[at..at + kp]);
            core.edges[e].costs.min_plus(over, h, out, Some(arg), &mut self.scratch);
            let parent = self.offsets[p];
            for sp in 0..kp {
                c.table[parent + sp] += c.contrib[at + sp];
            }
        }
        total
    }

    /// The least of member `i`'s table.
    fn least(&self, i: usize) -> f64 {
        let from = self.offsets[i];
        self.table[from..from + self.row_len(i)].iter().copied().fold(f64::INFINITY, f64::min)
    }

    fn row_len(&self, i: usize) -> usize {
        self.offsets.get(i + 1).copied().unwrap_or(self.base.len()) - self.offsets[i]
    }

    /// Every member's own terms into `base`: its unary row plus its edges to
    /// non-members (each at `fixed(u)`; the edge to `skip`, if any, left out).
    fn fill(
        &mut self,
        core: &Core,
        unary: &dyn Fn(usize, &mut Vec<f64>),
        fixed: &dyn Fn(usize) -> usize,
        skip: Option<usize>,
    ) {
        self.offsets.clear();
        self.base.clear();
        for i in 0..self.order.len() {
            self.offsets.push(self.base.len());
            let v = self.order[i].node;
            unary(v, &mut self.row);
            for &(e, u) in &core.adjacency[v] {
                if !self.contains(u) && Some(u) != skip {
                    let fu = fixed(u);
                    for (k, x) in self.row.iter_mut().enumerate() {
                        *x += core.pair(e, v, k, fu);
                    }
                }
            }
            self.base.extend_from_slice(&self.row);
        }
    }

    /// The dynamic programme over the members' own terms (`base`): fills `table`,
    /// every child's contribution and choices, and returns the minimum.
    fn programme(&mut self, core: &Core) -> f64 {
        self.table.clone_from(&self.base);
        self.contrib_offsets.clear();
        self.contrib_offsets.resize(self.order.len(), 0);
        self.contrib.clear();
        self.choice.clear();
        let mut total = 0.0;
        for i in (0..self.order.len()).rev() {
            let Member { node: c, parent } = self.order[i];
            let kc = core.strategies(c);
            let child = self.offsets[i];
            let Some((p, e)) = parent else {
                total += self.table[child..child + kc].iter().copied().fold(f64::INFINITY, f64::min);
                continue;
            };
            let kp = core.strategies(self.order[p].node);
            let at = self.contrib.len();
            self.contrib_offsets[i] = at;
            self.contrib.resize(at + kp, 0.0);
            self.choice.resize(at + kp, 0);
            let edge = &core.edges[e];
            let over = if edge.a == self.order[p].node { Over::Cols } else { Over::Rows };
            let (h, out, arg) = (&self.table[child..child + kc], &mut self.contrib[at..], &mut self.choice[at..]);
            edge.costs.min_plus(over, h, out, Some(arg), &mut self.scratch);
            let parent = self.offsets[p];
            for sp in 0..kp {
                self.table[parent + sp] += self.contrib[at + sp];
            }
        }
        total
    }

    /// The argmin of the last programme into `chosen`: each root its least, each
    /// child the choice under its parent's.
    fn choose(&mut self) {
        self.chosen.clear();
        for i in 0..self.order.len() {
            let k = match self.order[i].parent {
                None => {
                    let row = &self.table[self.offsets[i]..self.offsets[i] + self.row_len(i)];
                    crate::presolve::argmin(row.iter().copied()).0
                }
                Some((p, _)) => self.choice[self.contrib_offsets[i] + self.chosen[p]],
            };
            self.chosen.push(k);
        }
    }

    /// The argmin under the closing node's strategy last tried: dirty members from
    /// the closing solve's tables and choices, clean ones from the programme's.
    fn choose_closing(&mut self) {
        self.chosen.clear();
        let c = &self.closing;
        for i in 0..self.order.len() {
            let Member { parent, .. } = self.order[i];
            let from = self.offsets[i];
            let len = self.row_len(i);
            let k = match parent {
                None => {
                    let table = if c.dirty[i] { &c.table } else { &self.table };
                    crate::presolve::argmin(table[from..from + len].iter().copied()).0
                }
                Some((p, _)) => {
                    let choice = if c.dirty[i] { &c.choice } else { &self.choice };
                    choice[self.contrib_offsets[i] + self.chosen[p]]
                }
            };
            self.chosen.push(k);
        }
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
            let value = forest.solve(&core, &|v, row: &mut Vec<f64>| row.clone_from(&core.cost[v]), &|u| assign[u]);
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
        let kw = forest.solve_closing(core, &|v, row: &mut Vec<f64>| row.clone_from(&core.cost[v]), &|u| assign[u], w);
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
