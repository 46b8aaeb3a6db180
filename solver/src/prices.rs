//! Reshard prices for the formulation, memoised: shardings and tensor types are
//! interned once, and each distinct (type, from, to) is priced once by the reshard
//! planner (`cost::cheapest_plan`): its time and the size of each collective's
//! result, from which the transient memory follows (`cost::transient_bytes`). A stack of identical layers prices each distinct
//! reshard once, and building a cost matrix hashes small integers, not shardings.

use crate::error::{Result, SolveError};
use crate::table::Table;
use autoshard_cost::Pricing;
use autoshard_cost::{PricedCollective, transient_bytes};
use autoshard_cost::{cheapest_plan, total_time};
use autoshard_model::ir::TensorType;
use autoshard_model::{Bytes, Program, TensorSharding, ValueId};
use rustc_hash::FxHashMap as HashMap;

/// An interned sharding.
pub type ShardingId = u32;

/// Memoised reshard times.
pub struct ReshardPrices {
    ids: HashMap<TensorSharding, ShardingId>,
    shardings: Vec<TensorSharding>,
    /// The interned type of each value.
    types: Vec<u32>,
    prices: HashMap<(u32, ShardingId, ShardingId), Price>,
    bytes: HashMap<(u32, ShardingId), Bytes>,
    /// The cells of reshards no collective precedes, by type, ends and what is
    /// counted: the formulation asks for each one many times (a value's every
    /// candidate against its every user's every strategy).
    cells: HashMap<(u32, ShardingId, ShardingId, (bool, bool)), Cell>,
    /// Whole edges, by what determines them: a stack of identical layers builds each
    /// distinct edge once.
    operand_edges: HashMap<OperandEdge, PairTables>,
    result_edges: HashMap<ResultEdge, PairTables>,
}

/// An edge's time and transient memory per strategy pair, as shared tables: the
/// edges of identical layers hold one copy.
#[derive(Debug, Clone)]
pub struct PairTables {
    /// Seconds.
    pub time: Table<f64>,
    /// Extra bytes per device while the reshard runs.
    pub transient: Table<u64>,
}

impl PairTables {
    /// The tables of `cells`, `rows × cols` row-major.
    pub fn of(rows: usize, cols: usize, cells: &[Cell]) -> Self {
        let time: Vec<f64> = cells.iter().map(|c| c.time).collect();
        let transient: Vec<u64> = cells.iter().map(|c| c.transient).collect();
        PairTables { time: Table::dense(rows, cols, &time), transient: Table::dense(rows, cols, &transient) }
    }

    /// The same with rows and columns swapped.
    pub fn transposed(&self) -> Self {
        PairTables { time: self.time.transposed(), transient: self.transient.transposed() }
    }

    /// The same with every time counted `times` times (an op in a loop).
    pub fn scaled(self, times: f64) -> Self {
        if times == 1.0 { self } else { PairTables { time: self.time.map(|t| t * times), ..self } }
    }
}

/// What an operand edge's cells depend on: the value's type, its candidates, and per
/// strategy of the op the distinct shardings it wants the value in.
#[derive(PartialEq, Eq, Hash)]
struct OperandEdge {
    ty: u32,
    from: Vec<ShardingId>,
    targets: Vec<Vec<ShardingId>>,
}

/// A collective an op runs before resharding its result, as a cell depends on it:
/// its time's bits and what it writes (`PricedCollective::written`).
type FirstCollective = (u64, (Bytes, bool));

/// What a result edge's cells depend on: the value's type, per strategy of the op
/// what it produces and the collective it runs first (its time's bits and what it
/// writes: `PricedCollective::written`), and the value's candidates.
#[derive(PartialEq, Eq, Hash)]
struct ResultEdge {
    ty: u32,
    produced: Vec<(ShardingId, Option<FirstCollective>)>,
    to: Vec<ShardingId>,
}

/// What the reshard planner says one reshard costs.
#[derive(Debug, Clone, Default)]
struct Price {
    /// Its time, seconds.
    time: f64,
    /// The size of each collective's result on one device and whether it runs in
    /// place, in order (empty: nothing moves; `PricedCollective::written`).
    results: Vec<(Bytes, bool)>,
}

/// What one reshard (or a sequence of them) costs the formulation: time, transient
/// memory, and whether anything moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cell {
    /// Seconds.
    pub time: f64,
    /// Extra bytes per device while it runs.
    pub transient: u64,
    /// True if any collective runs.
    pub moved: bool,
}

impl std::ops::Add for Cell {
    type Output = Cell;
    fn add(self, other: Cell) -> Cell {
        Cell {
            time: self.time + other.time,
            transient: self.transient + other.transient,
            moved: self.moved || other.moved,
        }
    }
}

impl ReshardPrices {
    /// Empty prices for `program`'s values.
    pub fn new(program: &Program) -> Self {
        let mut interned: HashMap<&TensorType, u32> = HashMap::default();
        let types = program
            .values()
            .iter()
            .map(|v| {
                let next = interned.len() as u32;
                *interned.entry(&v.ty).or_insert(next)
            })
            .collect();
        ReshardPrices {
            ids: HashMap::default(),
            shardings: Vec::new(),
            types,
            prices: HashMap::default(),
            bytes: HashMap::default(),
            cells: HashMap::default(),
            operand_edges: HashMap::default(),
            result_edges: HashMap::default(),
        }
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

    /// The bytes of `value` sharded as `sharding` on one device.
    pub fn bytes(&mut self, pricing: &Pricing<'_>, value: ValueId, sharding: ShardingId) -> Result<Bytes> {
        let key = (self.types[value.index()], sharding);
        if let Some(&b) = self.bytes.get(&key) {
            return Ok(b);
        }
        let b = pricing.local_bytes(value, &self.shardings[sharding as usize])?;
        self.bytes.insert(key, b);
        Ok(b)
    }

    /// Resharding `value` from `from` to `to`, after `before` (a collective its
    /// producer runs first, such as a permutation's) if any; `counted`: whether the
    /// source and the final state are program values (see `transient_bytes`).
    pub fn cell(
        &mut self,
        pricing: &Pricing<'_>,
        (value, from, to): (ValueId, ShardingId, ShardingId),
        before: Option<&PricedCollective>,
        counted: (bool, bool),
    ) -> Result<Cell> {
        let key = (self.types[value.index()], from, to, counted);
        if before.is_none()
            && let Some(&cell) = self.cells.get(&key)
        {
            return Ok(cell);
        }
        let cell = self.priced_cell(pricing, (value, from, to), before, counted)?;
        if before.is_none() {
            self.cells.insert(key, cell);
        }
        Ok(cell)
    }

    /// `cell`, computed.
    fn priced_cell(
        &mut self,
        pricing: &Pricing<'_>,
        (value, from, to): (ValueId, ShardingId, ShardingId),
        before: Option<&PricedCollective>,
        (source_counted, final_counted): (bool, bool),
    ) -> Result<Cell> {
        let source = self.bytes(pricing, value, from)?;
        let price = self.price(pricing, value, from, to)?;
        let results = before.map(PricedCollective::written).into_iter().chain(price.results.iter().copied());
        Ok(Cell {
            time: before.map_or(0.0, |p| p.time.0) + price.time,
            transient: transient_bytes(source, results, source_counted, final_counted).0,
            moved: before.is_some() || !price.results.is_empty(),
        })
    }

    /// The cells (row-major: candidate of `value` × strategy) of resharding
    /// `value` from each of `from` to each strategy's `targets` (its distinct
    /// shardings, each resharded to once), as an operand.
    pub fn operand_cells(
        &mut self,
        pricing: &Pricing<'_>,
        value: ValueId,
        from: &[ShardingId],
        targets: Vec<Vec<ShardingId>>,
    ) -> Result<PairTables> {
        let key = OperandEdge { ty: self.types[value.index()], from: from.to_vec(), targets };
        if let Some(tables) = self.operand_edges.get(&key) {
            return Ok(tables.clone());
        }
        let mut cells = Vec::with_capacity(from.len() * key.targets.len());
        for &f in from {
            for wanted in &key.targets {
                let mut cell = Cell::default();
                for &to in wanted {
                    cell = cell + self.cell(pricing, (value, f, to), None, (true, false))?;
                }
                cells.push(cell);
            }
        }
        let tables = PairTables::of(from.len(), key.targets.len(), &cells);
        self.operand_edges.insert(key, tables.clone());
        Ok(tables)
    }

    /// The cells (row-major: strategy × candidate of `value`) of resharding what
    /// each strategy `produced` (after the collective it runs first, if any) to each
    /// of `to`, as a result.
    pub fn result_cells(
        &mut self,
        pricing: &Pricing<'_>,
        value: ValueId,
        produced: &[(ShardingId, Option<&PricedCollective>)],
        to: &[ShardingId],
    ) -> Result<PairTables> {
        let first = |p: Option<&PricedCollective>| p.map(|p| (p.time.0.to_bits(), p.written()));
        let key = ResultEdge {
            ty: self.types[value.index()],
            produced: produced.iter().map(|&(s, p)| (s, first(p))).collect(),
            to: to.to_vec(),
        };
        if let Some(tables) = self.result_edges.get(&key) {
            return Ok(tables.clone());
        }
        let mut cells = Vec::with_capacity(produced.len() * to.len());
        for &(made, permute) in produced {
            for &t in to {
                cells.push(self.cell(pricing, (value, made, t), permute, (false, true))?);
            }
        }
        let tables = PairTables::of(produced.len(), to.len(), &cells);
        self.result_edges.insert(key, tables.clone());
        Ok(tables)
    }

    /// The memoised price of resharding `value` from `from` to `to`.
    fn price(&mut self, pricing: &Pricing<'_>, value: ValueId, from: ShardingId, to: ShardingId) -> Result<&Price> {
        let key = (self.types[value.index()], from, to);
        if from != to && !self.prices.contains_key(&key) {
            let (a, b) = (&self.shardings[from as usize], &self.shardings[to as usize]);
            let priced = cheapest_plan(pricing.tensor(value), a, b, pricing.hardware).map_err(|e| {
                let name = &pricing.program.value(value).name;
                SolveError::Input(format!("resharding \"{name}\" from {a} to {b}: {e}"))
            })?;
            let price =
                Price { time: total_time(&priced).0, results: priced.iter().map(PricedCollective::written).collect() };
            self.prices.insert(key, price);
        }
        Ok(self.prices.get(&key).unwrap_or(&NOTHING))
    }
}

/// The price of a reshard that moves nothing.
static NOTHING: Price = Price { time: 0.0, results: Vec::new() };
