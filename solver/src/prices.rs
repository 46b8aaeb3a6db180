//! Reshard prices for the lowering, memoised: shardings and tensor types are
//! interned once, and each distinct (type, from, to) is priced once by the reshard
//! planner (`cost::cheapest_plan`). A stack of identical layers prices each distinct
//! reshard once, and building a cost matrix hashes small integers, not shardings.

use crate::error::{Result, SolveError};
use autoshard_cost::op_cost::Pricing;
use autoshard_cost::{cheapest_plan, total_time};
use autoshard_model::ir::TensorType;
use autoshard_model::{Program, TensorSharding, ValueId};
use std::collections::HashMap;

/// An interned sharding.
pub type ShardingId = u32;

/// Memoised reshard times.
pub struct ReshardPrices {
    ids: HashMap<TensorSharding, ShardingId>,
    shardings: Vec<TensorSharding>,
    /// The interned type of each value.
    types: Vec<u32>,
    times: HashMap<(u32, ShardingId, ShardingId), f64>,
}

impl ReshardPrices {
    /// Empty prices for `program`'s values.
    pub fn new(program: &Program) -> Self {
        let mut interned: HashMap<&TensorType, u32> = HashMap::new();
        let types = program
            .values()
            .iter()
            .map(|v| {
                let next = interned.len() as u32;
                *interned.entry(&v.ty).or_insert(next)
            })
            .collect();
        ReshardPrices { ids: HashMap::new(), shardings: Vec::new(), types, times: HashMap::new() }
    }

    /// The id of `sharding`.
    pub fn intern(&mut self, sharding: &TensorSharding) -> ShardingId {
        if let Some(&id) = self.ids.get(sharding) {
            return id;
        }
        let id = self.shardings.len() as ShardingId;
        self.shardings.push(sharding.clone());
        self.ids.insert(sharding.clone(), id);
        id
    }

    /// The ids of `shardings`.
    pub fn intern_all<'s>(&mut self, shardings: impl IntoIterator<Item = &'s TensorSharding>) -> Vec<ShardingId> {
        shardings.into_iter().map(|s| self.intern(s)).collect()
    }

    /// The time of resharding `value` from `from` to `to`.
    pub fn time(&mut self, pricing: &Pricing<'_>, value: ValueId, from: ShardingId, to: ShardingId) -> Result<f64> {
        if from == to {
            return Ok(0.0);
        }
        let key = (self.types[value.index()], from, to);
        if let Some(&t) = self.times.get(&key) {
            return Ok(t);
        }
        let (from, to) = (&self.shardings[from as usize], &self.shardings[to as usize]);
        let priced = cheapest_plan(pricing.tensor(value), from, to, pricing.hardware).map_err(|e| {
            let name = &pricing.program.value(value).name;
            SolveError::Input(format!("resharding \"{name}\" from {from} to {to}: {e}"))
        })?;
        let t = total_time(&priced).0;
        self.times.insert(key, t);
        Ok(t)
    }
}
