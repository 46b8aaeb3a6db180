//! Pair tables: a value per pair of two nodes' strategies (an edge's costs, a load's
//! usage), stored by classes and shared.
//!
//! Rows that are equal form a row class, columns that are equal a column class; a
//! table keeps a class per row and per column and one value per class pair. The
//! class values sit behind an `Arc`, so the edges of identical layers, a core's
//! restriction of an edge to its allowed strategies, a merged node's re-keyed edges
//! and every search thread read one copy: only the class maps (a `u32` per strategy,
//! or nothing when every row is its own class) are per edge. A sharding problem's
//! operand edge has one column class per distinct sharding its op's strategies want,
//! so its class matrix is about candidates × candidates, not candidates × strategies.
//!
//! Invariants: every row class and every column class is used by at least one row or
//! column at construction by [`Table::dense`] (a restriction may leave some unused);
//! `values.len() == row classes × column classes`, row-major.

use std::collections::HashMap;
use std::sync::{Arc, Weak};

/// A cell value a table can hold: compared and hashed by its bits.
pub trait Cell: Copy + PartialEq + std::fmt::Debug {
    /// The bits equal values share (for `f64`, `to_bits`: `-0.0` and `0.0` differ,
    /// which only splits a class).
    fn bits(self) -> u64;
}

impl Cell for f64 {
    fn bits(self) -> u64 {
        self.to_bits()
    }
}

impl Cell for u64 {
    fn bits(self) -> u64 {
        self
    }
}

/// Which class each of `len` strategies is in.
#[derive(Debug, Clone, PartialEq)]
enum Classes {
    /// Strategy `i` is class `i`.
    Identity(usize),
    /// `map[i]` is strategy `i`'s class; `count` classes.
    Map { map: Arc<[u32]>, count: usize },
}

impl Classes {
    fn len(&self) -> usize {
        match self {
            Classes::Identity(n) => *n,
            Classes::Map { map, .. } => map.len(),
        }
    }

    fn count(&self) -> usize {
        match self {
            Classes::Identity(n) => *n,
            Classes::Map { count, .. } => *count,
        }
    }

    #[inline]
    fn of(&self, i: usize) -> usize {
        match self {
            Classes::Identity(_) => i,
            Classes::Map { map, .. } => map[i] as usize,
        }
    }

    /// The classes from `map` (one per strategy, `count` in all), identity when
    /// `map` is `0, 1, …`.
    fn from_map(map: Vec<u32>, count: usize) -> Self {
        if count == map.len() && map.iter().enumerate().all(|(i, &c)| c as usize == i) {
            Classes::Identity(count)
        } else {
            Classes::Map { map: map.into(), count }
        }
    }

    /// Strategy `i` of the result is strategy `picked[i]` of `self`.
    fn select(&self, picked: &[usize]) -> Self {
        Classes::from_map(picked.iter().map(|&i| self.of(i) as u32).collect(), self.count())
    }
}

/// A table over `rows × cols` strategy pairs, by classes.
#[derive(Debug, Clone, PartialEq)]
pub struct Table<T> {
    rows: Classes,
    cols: Classes,
    values: Arc<[T]>,
}

impl<T: Cell> Table<T> {
    /// The table of `values` (`rows × cols`, row-major), compressed into classes.
    pub fn dense(rows: usize, cols: usize, values: &[T]) -> Self {
        debug_assert_eq!(values.len(), rows * cols);
        let (row_map, row_reps) = classify(rows, |i| values[i * cols..(i + 1) * cols].iter().map(|x| x.bits()));
        let (col_map, col_reps) = classify(cols, |j| row_reps.iter().map(move |&i| values[i * cols + j].bits()));
        let compact: Vec<T> =
            row_reps.iter().flat_map(|&i| col_reps.iter().map(move |&j| values[i * cols + j])).collect();
        Table {
            rows: Classes::from_map(row_map, row_reps.len()),
            cols: Classes::from_map(col_map, col_reps.len()),
            values: compact.into(),
        }
    }

    /// A table with one value everywhere.
    pub fn constant(rows: usize, cols: usize, value: T) -> Self {
        Table {
            rows: Classes::Map { map: vec![0; rows].into(), count: 1 },
            cols: Classes::Map { map: vec![0; cols].into(), count: 1 },
            values: vec![value].into(),
        }
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows.len()
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols.len()
    }

    /// The value at row `i`, column `j`.
    #[inline]
    pub fn at(&self, i: usize, j: usize) -> T {
        self.values[self.rows.of(i) * self.cols.count() + self.cols.of(j)]
    }

    /// The number of row classes.
    pub fn row_classes(&self) -> usize {
        self.rows.count()
    }

    /// The number of column classes.
    pub fn col_classes(&self) -> usize {
        self.cols.count()
    }

    /// Row `i`'s class.
    #[inline]
    pub fn row_class(&self, i: usize) -> usize {
        self.rows.of(i)
    }

    /// Column `j`'s class.
    #[inline]
    pub fn col_class(&self, j: usize) -> usize {
        self.cols.of(j)
    }

    /// The class values, row classes × column classes, row-major.
    pub fn class_values(&self) -> &[T] {
        &self.values
    }

    /// Every value, row-major (for tests and small tables).
    pub fn to_dense(&self) -> Vec<T> {
        (0..self.rows()).flat_map(|i| (0..self.cols()).map(move |j| self.at(i, j))).collect()
    }

    /// The table with rows and columns swapped.
    pub fn transposed(&self) -> Self {
        let (r, c) = (self.row_classes(), self.col_classes());
        let values: Vec<T> = (0..c).flat_map(|j| (0..r).map(move |i| self.values[i * c + j])).collect();
        Table { rows: self.cols.clone(), cols: self.rows.clone(), values: values.into() }
    }

    /// The table whose row `i` is row `rows[i]` of this one and column `j` column
    /// `cols[j]`: the class values are shared.
    pub fn select(&self, rows: &[usize], cols: &[usize]) -> Self {
        Table { rows: self.rows.select(rows), cols: self.cols.select(cols), values: Arc::clone(&self.values) }
    }

    /// The table whose row `i` is row `rows[i]` of this one (columns kept).
    pub fn select_rows(&self, rows: &[usize]) -> Self {
        Table { rows: self.rows.select(rows), cols: self.cols.clone(), values: Arc::clone(&self.values) }
    }

    /// `f` of every value (classes kept).
    pub fn map<U: Cell>(&self, f: impl Fn(T) -> U) -> Table<U> {
        Table { rows: self.rows.clone(), cols: self.cols.clone(), values: self.values.iter().map(|&x| f(x)).collect() }
    }

    /// The largest class value by `key` (over classes no row or column may use
    /// after a selection too: an upper bound then).
    pub fn max_by(&self, key: impl Fn(T) -> f64) -> f64 {
        self.values.iter().map(|&x| key(x)).fold(f64::NEG_INFINITY, f64::max)
    }

    /// True if this table and `other` share their class values.
    pub fn shares(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.values, &other.values)
    }

    /// Bytes this table holds of its own (its class maps), and of its class values,
    /// which tables may share.
    pub fn bytes(&self) -> (usize, usize) {
        let map = |c: &Classes| match c {
            Classes::Identity(_) => 0,
            Classes::Map { map, .. } => 4 * map.len(),
        };
        (map(&self.rows) + map(&self.cols), std::mem::size_of_val(&*self.values))
    }
}

/// Buffers for [`Table::min_plus`], reused across calls.
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    inner: Vec<(f64, usize)>,
    outer: Vec<(f64, usize)>,
    least: Vec<f64>,
}

/// Which side of a table a min-plus product runs over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    /// `out[i] = min_j at(i, j) + h[j]`: one value per row.
    Cols,
    /// `out[j] = min_i at(i, j) + h[i]`: one value per column.
    Rows,
}

impl Table<f64> {
    /// The min-plus product of the table with `h` (one value per strategy of the
    /// side `over` runs over; infinite excludes a strategy): per strategy of the
    /// other side, the least `table + h` into `out` and, if given, the strategy of
    /// the least (the first of the least in class order) into `arg`. Runs in the
    /// number of strategies plus the class pairs, not the entries.
    pub fn min_plus(&self, over: Over, h: &[f64], out: &mut [f64], arg: Option<&mut [usize]>, scratch: &mut Scratch) {
        let (inner, outer) = match over {
            Over::Cols => (&self.cols, &self.rows),
            Over::Rows => (&self.rows, &self.cols),
        };
        let Scratch { inner: best_in, outer: best_out, least } = scratch;
        best_in.clear();
        best_in.resize(inner.count(), (f64::INFINITY, 0));
        for (j, &x) in h.iter().enumerate() {
            let b = &mut best_in[inner.of(j)];
            if x < b.0 {
                *b = (x, j);
            }
        }
        let width = self.cols.count();
        least.clear();
        match over {
            // Each row class against the column classes: a contiguous row.
            Over::Cols => {
                least.extend(
                    self.values
                        .chunks_exact(width)
                        .map(|row| row.iter().zip(best_in.iter()).fold(f64::INFINITY, |m, (v, (x, _))| m.min(v + x))),
                );
            }
            // The row classes one by one, each a contiguous row of every column class.
            Over::Rows => {
                least.resize(outer.count(), f64::INFINITY);
                for (row, &(x, _)) in self.values.chunks_exact(width).zip(best_in.iter()) {
                    if x < f64::INFINITY {
                        least.iter_mut().zip(row).for_each(|(m, v)| *m = m.min(v + x));
                    }
                }
            }
        }
        for (i, o) in out.iter_mut().enumerate() {
            *o = least[outer.of(i)];
        }
        let Some(arg) = arg else { return };
        // The argmins, per outer class: the first inner class reaching its least.
        best_out.clear();
        for (o, &m) in least.iter().enumerate() {
            let at = |c: usize| match over {
                Over::Cols => self.values[o * width + c],
                Over::Rows => self.values[c * width + o],
            };
            let found = best_in.iter().enumerate().find(|&(c, &(x, _))| at(c) + x == m && m < f64::INFINITY);
            best_out.push((m, found.map_or(0, |(_, &(_, j))| j)));
        }
        for (i, a) in arg.iter_mut().enumerate() {
            *a = best_out[outer.of(i)].1;
        }
    }

    /// The least `table(i, j) + g(i) + h(j)` over every pair (infinite entries of
    /// `g` and `h` exclude a strategy).
    pub fn min_with(&self, g: &[f64], h: &[f64], scratch: &mut Scratch) -> f64 {
        let Scratch { inner: rows, outer: cols, .. } = scratch;
        let least = |classes: &Classes, values: &[f64], out: &mut Vec<(f64, usize)>| {
            out.clear();
            out.resize(classes.count(), (f64::INFINITY, 0));
            for (i, &x) in values.iter().enumerate() {
                let b = &mut out[classes.of(i)].0;
                *b = b.min(x);
            }
        };
        least(&self.rows, g, rows);
        least(&self.cols, h, cols);
        let width = self.cols.count();
        let mut best = f64::INFINITY;
        for (r, &(x, _)) in rows.iter().enumerate() {
            if x == f64::INFINITY {
                continue;
            }
            for (c, &(y, _)) in cols.iter().enumerate() {
                best = best.min(self.values[r * width + c] + x + y);
            }
        }
        best
    }
}

impl Table<f64> {
    /// The entrywise sum of two tables of the same shape, compressed.
    pub fn sum(&self, other: &Table<f64>) -> Table<f64> {
        debug_assert_eq!((self.rows(), self.cols()), (other.rows(), other.cols()));
        // The classes of the sum refine both tables' classes: compress over pairs of
        // classes rather than every entry.
        let pair = |a: &Classes, b: &Classes| -> (Vec<u32>, Vec<(usize, usize)>) {
            let mut index: HashMap<(usize, usize), u32> = HashMap::new();
            let mut reps = Vec::new();
            let map = (0..a.len())
                .map(|i| {
                    let key = (a.of(i), b.of(i));
                    *index.entry(key).or_insert_with(|| {
                        reps.push(key);
                        (reps.len() - 1) as u32
                    })
                })
                .collect();
            (map, reps)
        };
        let (row_map, row_reps) = pair(&self.rows, &other.rows);
        let (col_map, col_reps) = pair(&self.cols, &other.cols);
        let (w1, w2) = (self.col_classes(), other.col_classes());
        let values: Vec<f64> = (row_reps.iter())
            .flat_map(|&(r1, r2)| {
                col_reps.iter().map(move |&(c1, c2)| self.values[r1 * w1 + c1] + other.values[r2 * w2 + c2])
            })
            .collect();
        let summed = Table {
            rows: Classes::from_map(row_map, row_reps.len()),
            cols: Classes::from_map(col_map, col_reps.len()),
            values: values.into(),
        };
        // Two classes of the pair may still hold equal sums: compress once more over
        // the class matrix.
        summed.recompressed()
    }

    /// The same table with equal class rows and columns merged.
    fn recompressed(self) -> Self {
        let (r, c) = (self.row_classes(), self.col_classes());
        let inner = Table::dense(r, c, &self.values);
        if inner.row_classes() == r && inner.col_classes() == c {
            return self;
        }
        let rows: Vec<u32> = (0..self.rows()).map(|i| inner.rows.of(self.rows.of(i)) as u32).collect();
        let cols: Vec<u32> = (0..self.cols()).map(|j| inner.cols.of(self.cols.of(j)) as u32).collect();
        Table {
            rows: Classes::from_map(rows, inner.row_classes()),
            cols: Classes::from_map(cols, inner.col_classes()),
            values: inner.values,
        }
    }
}

/// Classes of `n` items by the values `key(i)` yields: each item's class and the
/// first item of every class.
fn classify<I: Iterator<Item = u64>>(n: usize, key: impl Fn(usize) -> I) -> (Vec<u32>, Vec<usize>) {
    let mut index: HashMap<Vec<u64>, u32> = HashMap::with_capacity(n);
    let mut reps = Vec::new();
    let map = (0..n)
        .map(|i| {
            let k: Vec<u64> = key(i).collect();
            *index.entry(k).or_insert_with(|| {
                reps.push(i);
                (reps.len() - 1) as u32
            })
        })
        .collect();
    (map, reps)
}

/// Tables interned by content: equal tables built twice share one copy of their
/// class values. The interner holds them weakly: a table every edge dropped is freed.
#[derive(Debug)]
pub struct Interner<T> {
    seen: HashMap<Vec<u64>, Vec<Weak<[T]>>>,
}

impl<T> Default for Interner<T> {
    fn default() -> Self {
        Interner { seen: HashMap::new() }
    }
}

impl<T> Clone for Interner<T> {
    fn clone(&self) -> Self {
        Interner { seen: self.seen.clone() }
    }
}

impl<T: Cell> Interner<T> {
    /// `table`, its class values replaced by an equal copy seen before, if any.
    pub fn intern(&mut self, mut table: Table<T>) -> Table<T> {
        let key: Vec<u64> = [table.row_classes() as u64, table.col_classes() as u64]
            .into_iter()
            .chain(table.values.iter().take(8).map(|x| x.bits()))
            .collect();
        let bucket = self.seen.entry(key).or_default();
        bucket.retain(|w| w.strong_count() > 0);
        let equal = |v: &Arc<[T]>| {
            v.len() == table.values.len() && v.iter().zip(table.values.iter()).all(|(a, b)| a.bits() == b.bits())
        };
        match bucket.iter().filter_map(Weak::upgrade).find(|v| equal(v)) {
            Some(v) => table.values = v,
            None => bucket.push(Arc::downgrade(&table.values)),
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A matrix of few distinct values (so rows and columns repeat).
    fn matrix() -> impl Strategy<Value = (usize, usize, Vec<f64>)> {
        (1usize..7, 1usize..7).prop_flat_map(|(r, c)| {
            let cell = prop_oneof![Just(0.0), Just(1.5), Just(f64::INFINITY), (0u8..3u8).prop_map(f64::from)];
            (Just(r), Just(c), prop::collection::vec(cell, r * c))
        })
    }

    proptest! {
        #[test]
        fn a_dense_table_reads_back_its_values((r, c, values) in matrix()) {
            let t = Table::dense(r, c, &values);
            prop_assert_eq!(t.to_dense(), values.clone());
            prop_assert!(t.row_classes() <= r && t.col_classes() <= c);
            // Rows of one class are equal, rows of two classes differ.
            for i in 0..r {
                for k in 0..r {
                    let same = values[i * c..(i + 1) * c] == values[k * c..(k + 1) * c];
                    prop_assert_eq!(same, t.row_class(i) == t.row_class(k));
                }
            }
            let tt = t.transposed();
            for i in 0..r {
                for j in 0..c {
                    prop_assert_eq!(tt.at(j, i), values[i * c + j]);
                }
            }
        }

        #[test]
        fn selections_and_sums_agree_with_dense_arithmetic((r, c, a) in matrix(), seed in any::<u64>()) {
            let b: Vec<f64> = (0..r * c).map(|k| ((seed >> (k % 60)) & 1) as f64).collect();
            let (ta, tb) = (Table::dense(r, c, &a), Table::dense(r, c, &b));
            let sum = ta.sum(&tb);
            let expected: Vec<f64> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
            prop_assert_eq!(sum.to_dense(), expected.clone());
            prop_assert_eq!(sum.row_classes(), Table::dense(r, c, &expected).row_classes());
            let rows: Vec<usize> = (0..r).rev().chain(0..1).collect();
            let cols: Vec<usize> = (0..c).filter(|j| j % 2 == 0).collect();
            let s = ta.select(&rows, &cols);
            prop_assert!(s.shares(&ta));
            for (i, &ri) in rows.iter().enumerate() {
                for (j, &cj) in cols.iter().enumerate() {
                    prop_assert_eq!(s.at(i, j), a[ri * c + cj]);
                }
            }
        }
    }

    proptest! {
        #[test]
        fn min_plus_products_agree_with_dense_ones((r, c, values) in matrix(), seed in any::<u64>()) {
            let t = Table::dense(r, c, &values);
            let h = |n: usize, shift: u64| -> Vec<f64> {
                (0..n).map(|k| if (seed >> ((k as u64 + shift) % 64)) & 3 == 0 { f64::INFINITY } else { ((seed >> (k % 50)) & 7) as f64 }).collect()
            };
            let (hc, hr) = (h(c, 0), h(r, 7));
            let mut scratch = Scratch::default();
            let (mut out, mut arg) = (vec![0.0; r], vec![0; r]);
            t.min_plus(Over::Cols, &hc, &mut out, Some(&mut arg), &mut scratch);
            for i in 0..r {
                let want = (0..c).map(|j| values[i * c + j] + hc[j]).fold(f64::INFINITY, f64::min);
                prop_assert_eq!(out[i], want);
                if want < f64::INFINITY {
                    prop_assert_eq!(values[i * c + arg[i]] + hc[arg[i]], want);
                }
            }
            let mut out = vec![0.0; c];
            t.min_plus(Over::Rows, &hr, &mut out, None, &mut scratch);
            for j in 0..c {
                let want = (0..r).map(|i| values[i * c + j] + hr[i]).fold(f64::INFINITY, f64::min);
                prop_assert_eq!(out[j], want);
            }
            let want = (0..r).flat_map(|i| (0..c).map(move |j| (i, j)))
                .map(|(i, j)| values[i * c + j] + hr[i] + hc[j]).fold(f64::INFINITY, f64::min);
            prop_assert_eq!(t.min_with(&hr, &hc, &mut scratch), want);
        }
    }

    #[test]
    fn an_operand_edge_keeps_a_class_per_distinct_target() {
        // 3 candidates × 6 strategies wanting one of 2 shardings: 2 column classes.
        let values: Vec<f64> = (0..3).flat_map(|i| (0..6).map(move |j| (i * 10 + j % 2) as f64)).collect();
        let t = Table::dense(3, 6, &values);
        assert_eq!((t.row_classes(), t.col_classes(), t.class_values().len()), (3, 2, 6));
        assert_eq!(t.bytes(), (24, 48));
    }

    #[test]
    fn equal_tables_share_their_values_once_interned() {
        let mut interner = Interner::default();
        let a = interner.intern(Table::dense(2, 2, &[1.0, 2.0, 3.0, 4.0]));
        let b = interner.intern(Table::dense(2, 2, &[1.0, 2.0, 3.0, 4.0]));
        let c = interner.intern(Table::dense(2, 2, &[1.0, 2.0, 3.0, 5.0]));
        assert!(a.shares(&b) && !a.shares(&c));
    }
}
