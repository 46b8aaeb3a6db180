//! Indexed access with StableHLO's semantics: `gather` (start indices clamped so the
//! slice stays inside the operand), `scatter` (updates applied in row-major order;
//! an update whose window leaves the operand is skipped) and `take` (the index clamped
//! into the table).

use super::elementwise::to_dtype;
use crate::tensor::{Tensor, dims, for_each_index};
use autoshard_model::DType;
use autoshard_model::ops::{Gather, Scatter, Take};
use std::ops::Range;

/// The index vector at `batch` (the index tensor's indices without the vector
/// dimension) of `indices`.
fn index_vector(indices: &Tensor, batch: &[usize], index_vector_dim: usize, len: usize) -> Vec<i64> {
    let mut at: Vec<usize> = batch.to_vec();
    if index_vector_dim < indices.rank() {
        at.insert(index_vector_dim, 0);
        (0..len)
            .map(|k| {
                at[index_vector_dim] = k;
                indices.at(&at) as i64
            })
            .collect()
    } else {
        vec![indices.at(&at) as i64]
    }
}

/// The batch index of the index tensor that batching dimension `indices_dim` reads.
fn batch_position(indices_dim: i64, index_vector_dim: i64) -> usize {
    if indices_dim < index_vector_dim { indices_dim as usize } else { indices_dim as usize - 1 }
}

/// `gather` producing `result_shape`.
pub fn gather(operand: &Tensor, indices: &Tensor, g: &Gather, result_shape: &[i64]) -> Tensor {
    let shape = dims(result_shape);
    let batch_dims: Vec<usize> = (0..shape.len()).filter(|d| !g.offset_dims.contains(&(*d as i64))).collect();
    let windowed: Vec<usize> = (0..operand.rank())
        .filter(|d| !g.collapsed_slice_dims.contains(&(*d as i64)) && !g.operand_batching_dims.contains(&(*d as i64)))
        .collect();
    let ivd = g.index_vector_dim as usize;
    Tensor::from_fn(&shape, |out| {
        let batch: Vec<usize> = batch_dims.iter().map(|&d| out[d]).collect();
        let start = index_vector(indices, &batch, ivd, g.start_index_map.len());
        let mut at = vec![0usize; operand.rank()];
        for (k, &d) in g.start_index_map.iter().enumerate() {
            let d = d as usize;
            let max = operand.shape()[d] as i64 - g.slice_sizes[d];
            at[d] = start[k].clamp(0, max.max(0)) as usize;
        }
        for (&od, &sd) in g.operand_batching_dims.iter().zip(&g.start_indices_batching_dims) {
            at[od as usize] += batch[batch_position(sd, g.index_vector_dim)];
        }
        for (k, &d) in windowed.iter().enumerate() {
            at[d] += out[g.offset_dims[k] as usize];
        }
        operand.at(&at)
    })
}

/// `scatter` of `updates` into `input` at `indices`, combining by `s.kind`.
pub fn scatter(input: &Tensor, indices: &Tensor, updates: &Tensor, s: &Scatter, dtype: DType) -> Tensor {
    let mut result = input.clone();
    let scatter_dims: Vec<usize> =
        (0..updates.rank()).filter(|d| !s.update_window_dims.contains(&(*d as i64))).collect();
    let windowed: Vec<usize> = (0..input.rank())
        .filter(|d| !s.inserted_window_dims.contains(&(*d as i64)) && !s.input_batching_dims.contains(&(*d as i64)))
        .collect();
    let ivd = s.index_vector_dim as usize;
    let strides = input.strides();
    for_each_index(updates.shape(), |u| {
        let batch: Vec<usize> = scatter_dims.iter().map(|&d| u[d]).collect();
        let start = index_vector(indices, &batch, ivd, s.scatter_dims_to_operand_dims.len());
        let mut at = vec![0i64; input.rank()];
        for (k, &d) in s.scatter_dims_to_operand_dims.iter().enumerate() {
            at[d as usize] = start[k];
        }
        for (&id, &sd) in s.input_batching_dims.iter().zip(&s.scatter_indices_batching_dims) {
            at[id as usize] += batch[batch_position(sd, s.index_vector_dim)] as i64;
        }
        for (k, &d) in windowed.iter().enumerate() {
            at[d] += u[s.update_window_dims[k] as usize] as i64;
        }
        if at.iter().zip(input.shape()).any(|(&i, &n)| i < 0 || i >= n as i64) {
            return;
        }
        let offset: usize = at.iter().zip(&strides).map(|(&i, s)| i as usize * s).sum();
        let old = result.data()[offset];
        let new = updates.at(u);
        let combined = s.kind.reduction().map_or(new, |k| super::reduce::combine(k, old, new));
        result.data_mut()[offset] = to_dtype(combined, dtype);
    });
    result
}

/// `take`: rows of `table` along `axis` at `indices` (clamped).
pub fn take(table: &Tensor, indices: &Tensor, t: &Take) -> Tensor {
    let rows = table.shape()[t.axis as usize];
    take_held(table, indices, t, 0..rows, rows)
}

/// `take` on a block of a table of `rows` rows along `axis`: `table` holds the rows
/// `held` (its block may be padded past them, and `held` lies within it). An index,
/// clamped to the whole table as `take` clamps it, that falls outside `held` gives
/// zeros: this block's partial sum of the lookup (the vocabulary-parallel embedding).
pub fn take_held(table: &Tensor, indices: &Tensor, t: &Take, held: Range<usize>, rows: usize) -> Tensor {
    let axis = t.axis as usize;
    let dims = table.shape();
    let shape: Vec<usize> = dims[..axis].iter().chain(indices.shape()).chain(&dims[axis + 1..]).copied().collect();
    let (outer, local) = (dims[..axis].iter().product::<usize>(), dims[axis]);
    let inner: usize = dims[axis + 1..].iter().product();
    if rows == 0 {
        return Tensor::full(&shape, 0.0);
    }
    let held = held.start..held.end.min(held.start + local);
    // Each output run is one contiguous run of the table (the slice at the index
    // along `axis`, for each outer position and each index in order) or zeros.
    let max = (rows - 1) as f32;
    let mut data = Vec::with_capacity(outer * indices.len() * inner);
    for o in 0..outer {
        for &i in indices.data() {
            let row = i.clamp(0.0, max) as usize;
            if held.contains(&row) {
                let start = (o * local + row - held.start) * inner;
                data.extend_from_slice(&table.data()[start..start + inner]);
            } else {
                data.resize(data.len() + inner, 0.0);
            }
        }
    }
    Tensor::new(&shape, data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard_model::ops::ScatterKind;

    fn table() -> Tensor {
        Tensor::from_vec(&[3, 2], vec![0.0, 1.0, 10.0, 11.0, 20.0, 21.0]).unwrap()
    }

    #[test]
    fn take_is_an_embedding_lookup() {
        let idx = Tensor::from_vec(&[2, 2], vec![2.0, 0.0, 1.0, 7.0]).unwrap();
        let rows = take(&table(), &idx, &Take { axis: 0 });
        assert_eq!(rows.shape(), &[2, 2, 2]);
        assert_eq!(rows.data(), &[20.0, 21.0, 0.0, 1.0, 10.0, 11.0, 20.0, 21.0]);
    }

    #[test]
    fn take_along_a_middle_axis_copies_each_slice() {
        let table = Tensor::from_fn(&[2, 3, 2], |i| (100 * i[0] + 10 * i[1] + i[2]) as f32);
        let idx = Tensor::from_vec(&[2], vec![2.0, -1.0]).unwrap();
        let got = take(&table, &idx, &Take { axis: 1 });
        assert_eq!(got.shape(), &[2, 2, 2]);
        assert_eq!(got.data(), &[20.0, 21.0, 0.0, 1.0, 120.0, 121.0, 100.0, 101.0]);
    }

    #[test]
    fn take_on_blocks_gives_partial_sums_of_the_lookup() {
        // Rows 0..2 on one block, row 2 on the other (padded to 2 rows); indices
        // past either end clamp to the whole table's first and last rows.
        let idx = Tensor::from_vec(&[4], vec![2.0, 0.0, 7.0, -3.0]).unwrap();
        let first = Tensor::from_vec(&[2, 2], vec![0.0, 1.0, 10.0, 11.0]).unwrap();
        let second = Tensor::from_vec(&[2, 2], vec![20.0, 21.0, -9.0, -9.0]).unwrap();
        let t = Take { axis: 0 };
        let a = take_held(&first, &idx, &t, 0..2, 3);
        let b = take_held(&second, &idx, &t, 2..3, 3);
        assert_eq!(a.data(), &[0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
        assert_eq!(b.data(), &[20.0, 21.0, 0.0, 0.0, 20.0, 21.0, 0.0, 0.0]);
        let sum: Vec<f32> = a.data().iter().zip(b.data()).map(|(x, y)| x + y).collect();
        assert_eq!(sum, take(&table(), &idx, &t).data());
    }

    #[test]
    fn gather_rows_like_take() {
        let idx = Tensor::from_vec(&[2], vec![2.0, 0.0]).unwrap();
        let g = Gather {
            offset_dims: vec![1],
            collapsed_slice_dims: vec![0],
            start_index_map: vec![0],
            index_vector_dim: 1,
            slice_sizes: vec![1, 2],
            ..Gather::default()
        };
        assert_eq!(gather(&table(), &idx, &g, &[2, 2]).data(), &[20.0, 21.0, 0.0, 1.0]);
    }

    #[test]
    fn scatter_adds_rows() {
        let idx = Tensor::from_vec(&[2, 1], vec![1.0, 1.0]).unwrap();
        let updates = Tensor::from_vec(&[2, 2], vec![1.0, 2.0, 3.0, 4.0]).unwrap();
        let s = Scatter {
            update_window_dims: vec![1],
            inserted_window_dims: vec![0],
            input_batching_dims: vec![],
            scatter_indices_batching_dims: vec![],
            scatter_dims_to_operand_dims: vec![0],
            index_vector_dim: 1,
            indices_are_sorted: false,
            unique_indices: false,
            kind: ScatterKind::Add,
        };
        let out = scatter(&table(), &idx, &updates, &s, DType::F32);
        assert_eq!(out.data(), &[0.0, 1.0, 14.0, 17.0, 20.0, 21.0]);
    }
}
