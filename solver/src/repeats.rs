//! What the formulation memoises so that a stack of identical layers is formulated
//! once: candidate lists interned (values with equal candidates share one list),
//! and each op's strategies, their compute and the cost tables of its operand and
//! result edges, keyed by everything they depend on.
//!
//! An op's strategies and prices depend on its kind (attributes included), its
//! operands' and results' types, which operands are the same value, the candidate
//! lists of its operands and results (the split strategies project them), the mesh
//! axes free around it, the partial values its operands may carry and whether it may
//! cut unevenly; the key holds exactly these. Its loop trip count and position are
//! applied by the caller. A custom op with a body is priced by its body's ops under
//! a measured kernel model, so it is never memoised.
//!
//! Invariants: two ops with equal keys get equal entries (the formulation test
//! checks memoised programs against `price_plan`); interned lists are equal to what
//! they replace.

use crate::prices::PairTables;
use autoshard_model::ir::{Op, TensorType};
use autoshard_model::ops::OpKind;
use autoshard_model::{OpStrategy, ReductionKind, TensorSharding};
use rustc_hash::{FxHashMap as HashMap, FxHasher};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// An interned candidate list's id.
pub type ListId = u32;

/// Candidate lists interned by content (and, for speed, by address: the lists the
/// formulation hands in are shared already where their components were alike).
#[derive(Debug, Default)]
pub struct Lists {
    by_address: HashMap<usize, ListId>,
    ids: HashMap<Vec<TensorSharding>, ListId>,
    lists: Vec<Arc<Vec<TensorSharding>>>,
}

impl Lists {
    /// The shared copy of `list` and its id.
    pub fn intern(&mut self, list: &Arc<Vec<TensorSharding>>) -> (Arc<Vec<TensorSharding>>, ListId) {
        // Every list interned stays alive in `lists`, so an address names one list.
        let address = Arc::as_ptr(list) as usize;
        if let Some(&id) = self.by_address.get(&address) {
            return (Arc::clone(&self.lists[id as usize]), id);
        }
        let id = match self.ids.get(list.as_ref()) {
            Some(&id) => id,
            None => {
                let id = self.lists.len() as ListId;
                self.lists.push(Arc::clone(list));
                self.ids.insert(list.as_ref().clone(), id);
                id
            }
        };
        if Arc::ptr_eq(&self.lists[id as usize], list) {
            self.by_address.insert(address, id);
        }
        (Arc::clone(&self.lists[id as usize]), id)
    }
}

/// What an op's formulation depends on.
#[derive(Debug, Clone, PartialEq)]
pub struct OpKey {
    pub kind: OpKind,
    /// The operands' types, then the results'.
    pub types: Vec<TensorType>,
    /// For each operand, the position of its value's first use among the operands.
    pub uses: Vec<usize>,
    /// The candidate list of each operand, then of each result.
    pub lists: Vec<ListId>,
    /// The manual axes around the op.
    pub manual: Vec<String>,
    /// The operands that may carry partial values, and of which kind.
    pub carriers: Vec<(Vec<usize>, ReductionKind)>,
    /// Whether the op may cut dimensions into balanced uneven shards.
    pub uneven: bool,
}

impl OpKey {
    /// The key of `op`; `types`, `lists`, `manual`, `carriers` and `uneven` as the
    /// formulation sees them.
    pub fn of(
        op: &Op,
        types: Vec<TensorType>,
        lists: Vec<ListId>,
        manual: Vec<String>,
        carriers: Vec<(Vec<usize>, ReductionKind)>,
        uneven: bool,
    ) -> Self {
        let uses = op.operands.iter().map(|v| op.operands.iter().position(|w| w == v).unwrap_or(0)).collect();
        OpKey { kind: op.kind.clone(), types, uses, lists, manual, carriers, uneven }
    }

    /// A hash of the key (the op kind by its debug form: it has no `Hash`).
    fn hash(&self) -> u64 {
        let mut h = FxHasher::default();
        format!("{:?}", self.kind).hash(&mut h);
        (&self.types, &self.uses, &self.lists, &self.manual, &self.carriers, self.uneven).hash(&mut h);
        h.finish()
    }
}

/// An op's memoised formulation.
#[derive(Debug, Clone)]
pub struct OpEntry {
    /// Its strategies (its node's).
    pub strategies: Arc<[OpStrategy]>,
    /// Each strategy's compute time, seconds, once.
    pub work: Vec<f64>,
    /// The edge of each distinct operand (in order of first use), once.
    pub operands: Vec<PairTables>,
    /// The edge of each result (rows of the result), once.
    pub results: Vec<PairTables>,
}

/// Ops' formulations by key.
#[derive(Debug, Default)]
pub struct Ops {
    entries: HashMap<u64, Vec<(OpKey, Arc<OpEntry>)>>,
}

impl Ops {
    /// The entry of `key`, if an op with that key was formulated.
    pub fn get(&self, key: &OpKey) -> Option<Arc<OpEntry>> {
        let bucket = self.entries.get(&key.hash())?;
        bucket.iter().find(|(k, _)| k == key).map(|(_, e)| Arc::clone(e))
    }

    /// Remembers `entry` for `key`.
    pub fn insert(&mut self, key: OpKey, entry: Arc<OpEntry>) {
        self.entries.entry(key.hash()).or_default().push((key, entry));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_lists_intern_to_one_shared_copy() {
        let list = |rank| Arc::new(vec![TensorSharding::replicated("mesh", rank)]);
        let mut lists = Lists::default();
        let (a, first) = (list(2), list(2));
        let (shared, id) = lists.intern(&a);
        assert!(Arc::ptr_eq(&shared, &a));
        // An equal list under another address gets the first one's copy and id.
        let (again, same) = lists.intern(&first);
        assert_eq!(same, id);
        assert!(Arc::ptr_eq(&again, &a));
        // By address too, and a different list gets its own id.
        assert_eq!(lists.intern(&a).1, id);
        let (other, other_id) = lists.intern(&list(3));
        assert_ne!(other_id, id);
        assert_eq!(other.as_ref(), &vec![TensorSharding::replicated("mesh", 3)]);
    }
}
