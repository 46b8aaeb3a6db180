//! Ops that rearrange or cut tensors: `broadcast_in_dim`, `reshape`, `transpose`,
//! `concatenate`, `reverse`, `slice`, `pad`, `dynamic_slice`, and the sources
//! `constant` and `iota`, with StableHLO's semantics (`dynamic_slice` clamps its start
//! indices so the window stays inside; `pad` accepts negative edge padding, which
//! cuts).

use super::dilated_source;
use super::elementwise::to_dtype;
use crate::tensor::{Tensor, dims};
use autoshard_model::ops::{BroadcastInDim, Constant, Iota, Pad, Slice};
use autoshard_model::{OpKind, TensorType};

/// `broadcast_in_dim` to `shape`; `None` if the operand does not fit it (a
/// dimension other than 1 that differs from the one it maps to).
pub fn broadcast_in_dim(x: &Tensor, attrs: &BroadcastInDim) -> Option<Tensor> {
    let shape = dims(&attrs.shape);
    let map: Vec<usize> = attrs.broadcast_dimensions.iter().map(|&d| d as usize).collect();
    // Operand dimensions in result order: then the operand's row-major data is that
    // of the result's shape with size 1 at every dimension it lacks.
    let mut order: Vec<usize> = (0..map.len()).collect();
    order.sort_by_key(|&i| map[i]);
    let x = x.transposed(&order);
    let mut stretched = vec![1; shape.len()];
    for (k, &i) in order.iter().enumerate() {
        *stretched.get_mut(map[i])? = x.shape()[k];
    }
    x.reshaped(&stretched).broadcast_to(&shape)
}

/// `reshape` (row-major order is kept).
pub fn reshape(x: &Tensor, shape: &[i64]) -> Tensor {
    x.clone().reshaped(&dims(shape))
}

/// `transpose` by `permutation`.
pub fn transpose(x: &Tensor, permutation: &[i64]) -> Tensor {
    x.transposed(&permutation.iter().map(|&p| p as usize).collect::<Vec<_>>())
}

/// `concatenate` along `dimension`; `None` if the operands disagree on another
/// dimension.
pub fn concatenate(operands: &[&Tensor], dimension: i64) -> Option<Tensor> {
    Tensor::concat(operands, usize::try_from(dimension).ok()?)
}

/// `reverse` along `dimensions`.
pub fn reverse(x: &Tensor, dimensions: &[i64]) -> Tensor {
    let mut source = vec![0; x.rank()];
    Tensor::from_fn(x.shape(), |out| {
        for (d, s) in source.iter_mut().enumerate() {
            *s = if dimensions.contains(&(d as i64)) { x.shape()[d] - 1 - out[d] } else { out[d] };
        }
        x.at(&source)
    })
}

/// `slice`.
pub fn slice(x: &Tensor, attrs: &Slice, result: &TensorType) -> Tensor {
    if attrs.strides.iter().all(|&k| k == 1) {
        let starts: Vec<usize> = attrs.start_indices.iter().map(|&s| s as usize).collect();
        return x.block(&starts, &dims(&result.shape));
    }
    let mut source = vec![0; x.rank()];
    Tensor::from_fn(&dims(&result.shape), |out| {
        for (d, s) in source.iter_mut().enumerate() {
            *s = (attrs.start_indices[d] + out[d] as i64 * attrs.strides[d]) as usize;
        }
        x.at(&source)
    })
}

/// `pad` with edge and interior padding (negative edges cut).
pub fn pad(x: &Tensor, attrs: &Pad, result: &TensorType) -> Tensor {
    let low = &attrs.edge_padding_low;
    if attrs.interior_padding.iter().all(|&p| p == 0) && low.iter().all(|&p| p >= 0) {
        // The operand lands whole (high edges may cut it) at the low edges.
        let mut y = Tensor::full(&dims(&result.shape), attrs.value as f32);
        let to: Vec<usize> = low.iter().map(|&p| p as usize).collect();
        let sizes: Vec<usize> =
            x.shape().iter().zip(y.shape()).zip(&to).map(|((&n, &m), &at)| n.min(m.saturating_sub(at))).collect();
        y.copy_block(&to, x, &vec![0; to.len()], &sizes);
        return y;
    }
    let mut source = vec![0; x.rank()];
    Tensor::from_fn(&dims(&result.shape), |out| {
        for (d, s) in source.iter_mut().enumerate() {
            let step = attrs.interior_padding[d] + 1;
            let Some(at) = dilated_source(out[d] as i64, attrs.edge_padding_low[d], step, x.shape()[d]) else {
                return attrs.value as f32;
            };
            *s = at;
        }
        x.at(&source)
    })
}

/// The start indices given as scalars in `starts`, each clamped so that a block of
/// `window` fits in a tensor of `shape`.
fn clamped_starts(starts: &[&Tensor], shape: &[usize], window: &[usize]) -> Vec<usize> {
    starts
        .iter()
        .zip(shape.iter().zip(window))
        .map(|(s, (&size, &w))| {
            s.data().first().copied().unwrap_or(0.0).clamp(0.0, size.saturating_sub(w) as f32) as usize
        })
        .collect()
}

/// `dynamic_slice` at the (clamped) start indices given as scalars.
pub fn dynamic_slice(x: &Tensor, starts: &[&Tensor], sizes: &[i64]) -> Tensor {
    let shape = dims(sizes);
    x.block(&clamped_starts(starts, x.shape(), &shape), &shape)
}

/// `dynamic_update_slice`: `x` with `update` written at the start indices given as
/// scalars, each clamped so that the update fits.
pub fn dynamic_update_slice(x: &Tensor, update: &Tensor, starts: &[&Tensor]) -> Tensor {
    let start = clamped_starts(starts, x.shape(), update.shape());
    let mut out = x.clone();
    out.copy_block(&start, update, &vec![0; update.rank()], update.shape());
    out
}

/// `constant`: its values (a splat when there is one).
pub fn constant(c: &Constant) -> Tensor {
    let shape = dims(&c.ty.shape);
    let values: Vec<f32> = c.values.iter().map(|&v| to_dtype(v as f32, c.ty.dtype)).collect();
    match values.as_slice() {
        [v] => Tensor::full(&shape, *v),
        _ => Tensor::new(&shape, values),
    }
}

/// `iota`: the index along `iota_dimension`.
pub fn iota(i: &Iota) -> Tensor {
    iota_block(i.iota_dimension as usize, &vec![0; i.ty.shape.len()], &dims(&i.ty.shape))
}

/// A source op whose blocks a device can make without the rest of the tensor: a
/// splat `constant` or an `iota`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Source {
    /// Every element this value (already in the constant's element type).
    Splat(f32),
    /// The index along this dimension.
    Iota(usize),
}

impl Source {
    /// The source `kind` is, if it is one (a constant of several values is not).
    pub fn of(kind: &OpKind) -> Option<Source> {
        match kind {
            OpKind::Constant(Constant { ty, values }) => match values.as_slice() {
                [v] => Some(Source::Splat(to_dtype(*v as f32, ty.dtype))),
                _ => None,
            },
            OpKind::Iota(i) => Some(Source::Iota(i.iota_dimension as usize)),
            _ => None,
        }
    }

    /// Its block of `shape` starting at global index `starts`.
    pub fn block(self, starts: &[usize], shape: &[usize]) -> Tensor {
        match self {
            Source::Splat(v) => Tensor::full(shape, v),
            Source::Iota(d) => iota_block(d, starts, shape),
        }
    }
}

fn iota_block(d: usize, starts: &[usize], shape: &[usize]) -> Tensor {
    // Row-major: each index along d repeats for the `inner` elements after it, and
    // the run of them repeats for every `outer` position before it.
    let (outer, inner) = (shape[..d].iter().product::<usize>(), shape[d + 1..].iter().product::<usize>());
    let mut data = Vec::with_capacity(outer * shape[d] * inner);
    for _ in 0..outer {
        for i in 0..shape[d] {
            data.extend(std::iter::repeat_n((starts[d] + i) as f32, inner));
        }
    }
    Tensor::new(shape, data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard_model::DType;

    fn m23() -> Tensor {
        Tensor::from_vec(&[2, 3], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap()
    }

    #[test]
    fn broadcasts_and_reshapes() {
        let row = Tensor::from_vec(&[1, 3], vec![1.0, 2.0, 3.0]).unwrap();
        let b =
            broadcast_in_dim(&row, &BroadcastInDim { shape: vec![2, 3], broadcast_dimensions: vec![0, 1] }).unwrap();
        assert_eq!(b.data(), &[1.0, 2.0, 3.0, 1.0, 2.0, 3.0]);
        let col = broadcast_in_dim(
            &Tensor::from_vec(&[2], vec![7.0, 8.0]).unwrap(),
            &BroadcastInDim { shape: vec![2, 2], broadcast_dimensions: vec![0] },
        )
        .unwrap();
        assert_eq!(col.data(), &[7.0, 7.0, 8.0, 8.0]);
        let r = reshape(&m23(), &[3, 2]);
        assert_eq!(reshape(&r, &[2, 3]), m23());
    }

    #[test]
    fn cuts_and_joins() {
        let x = m23();
        assert_eq!(
            concatenate(&[&x, &x], 1).unwrap().data(),
            &[1.0, 2.0, 3.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 4.0, 5.0, 6.0]
        );
        assert_eq!(reverse(&x, &[1]).data(), &[3.0, 2.0, 1.0, 6.0, 5.0, 4.0]);
        let s = Slice { start_indices: vec![0, 0], limit_indices: vec![2, 3], strides: vec![1, 2] };
        assert_eq!(slice(&x, &s, &TensorType::new([2, 2], DType::F32)).data(), &[1.0, 3.0, 4.0, 6.0]);
        let p = Pad {
            edge_padding_low: vec![0, 1],
            edge_padding_high: vec![0, -1],
            interior_padding: vec![0, 1],
            value: 9.0,
        };
        // Each row: 9, a, 9, b, 9, c  minus the last column.
        assert_eq!(
            pad(&x, &p, &TensorType::new([2, 5], DType::F32)).data(),
            &[9.0, 1.0, 9.0, 2.0, 9.0, 9.0, 4.0, 9.0, 5.0, 9.0]
        );
        let starts = [&Tensor::scalar(1.0), &Tensor::scalar(5.0)];
        assert_eq!(dynamic_slice(&x, &starts, &[1, 2]).data(), &[5.0, 6.0]);
    }

    #[test]
    fn broadcast_follows_its_dimension_map_in_any_order() {
        // Operand [3, 2] onto result [2, 4, 3]: its dim 0 is result dim 2, dim 1 dim 0.
        let x = Tensor::from_fn(&[3, 2], |i| (10 * i[0] + i[1]) as f32);
        let b = broadcast_in_dim(&x, &BroadcastInDim { shape: vec![2, 4, 3], broadcast_dimensions: vec![2, 0] });
        assert_eq!(b, Some(Tensor::from_fn(&[2, 4, 3], |o| (10 * o[2] + o[0]) as f32)));
        // An operand that does not fit is refused, not filled in.
        assert_eq!(
            broadcast_in_dim(&x, &BroadcastInDim { shape: vec![2, 4, 5], broadcast_dimensions: vec![2, 0] }),
            None
        );
    }

    #[test]
    fn unit_stride_slices_and_plain_pads_copy_blocks() {
        let x = Tensor::from_fn(&[3, 4], |i| (10 * i[0] + i[1]) as f32);
        let s = Slice { start_indices: vec![1, 1], limit_indices: vec![3, 3], strides: vec![1, 1] };
        assert_eq!(slice(&x, &s, &TensorType::new([2, 2], DType::F32)).data(), &[11.0, 12.0, 21.0, 22.0]);
        // Low edges shift the operand in; a negative high edge cuts its last column.
        let p = Pad {
            edge_padding_low: vec![1, 0],
            edge_padding_high: vec![0, -1],
            interior_padding: vec![0, 0],
            value: -1.0,
        };
        let want = Tensor::from_fn(&[4, 3], |o| if o[0] == 0 { -1.0 } else { (10 * (o[0] - 1) + o[1]) as f32 });
        assert_eq!(pad(&x, &p, &TensorType::new([4, 3], DType::F32)), want);
    }

    #[test]
    fn sources() {
        let i = iota(&Iota { ty: TensorType::new([2, 3], DType::I32), iota_dimension: 1 });
        assert_eq!(i.data(), &[0.0, 1.0, 2.0, 0.0, 1.0, 2.0]);
        let c = constant(&Constant { ty: TensorType::new([2], DType::I32), values: vec![2.9] });
        assert_eq!(c.data(), &[2.0, 2.0]);
        // A block is the whole tensor's block: iota counts from the block's start.
        let i = Iota { ty: TensorType::new([4, 6], DType::I32), iota_dimension: 1 };
        let source_block = |kind: &OpKind, starts: &[usize], shape: &[usize]| {
            Source::of(kind).map(|source| source.block(starts, shape))
        };
        let block = source_block(&OpKind::Iota(i.clone()), &[2, 3], &[2, 2]).unwrap();
        assert_eq!(block, iota(&i).block(&[2, 3], &[2, 2]));
        let splat = OpKind::Constant(Constant { ty: TensorType::new([4], DType::F32), values: vec![0.5] });
        assert_eq!(source_block(&splat, &[1], &[2]).unwrap().data(), &[0.5, 0.5]);
        let listed = OpKind::Constant(Constant { ty: TensorType::new([2], DType::F32), values: vec![1.0, 2.0] });
        assert_eq!(source_block(&listed, &[0], &[1]), None);
    }
}
