//! `reduce_window` and `select_and_scatter` with StableHLO's semantics.
//!
//! A window position maps to the input through its padding and dilations: padding
//! and base-dilation holes hold the init value in `reduce_window` and are skipped
//! by `select_and_scatter`'s selection. Windows are visited in row-major order, and
//! each window's elements too, so results are reproducible bit for bit.

use super::dilated_source;
use super::elementwise::{holds, to_dtype};
use super::reduce::combine;
use crate::tensor::{Tensor, for_each_index};
use autoshard_model::DType;
use autoshard_model::ops::{ReduceKind, ReduceWindow, SelectAndScatter, Window};

/// The number of windows along each dimension of an input of `shape`.
fn windows(window: &Window, shape: &[usize]) -> Result<Vec<usize>, String> {
    (0..shape.len())
        .map(|d| window.output_size(d, shape[d] as i64).map(|n| n as usize).map_err(|e| e.to_string()))
        .collect()
}

/// `reduce_window` of `inputs` (each with its init value in `inits`, or the
/// identity of the reduction), results of element types `dtypes`.
pub(crate) fn reduce_window(
    rw: &ReduceWindow,
    inputs: &[&Tensor],
    inits: &[&Tensor],
    dtypes: &[DType],
) -> Result<Vec<Tensor>, String> {
    inputs
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let dtype = dtypes.get(i).copied().unwrap_or(DType::F32);
            let identity = rw.kind.identity_in(dtype) as f32;
            let init = inits.get(i).map_or(identity, |t| t.data().first().copied().unwrap_or(identity));
            reduce_one(&rw.window, rw.kind, x, init, dtype)
        })
        .collect()
}

fn reduce_one(window: &Window, kind: ReduceKind, x: &Tensor, init: f32, dtype: DType) -> Result<Tensor, String> {
    let out_shape = windows(window, x.shape())?;
    let sizes: Vec<usize> = window.dimensions.iter().map(|&w| w as usize).collect();
    let reads = Reads::new(window, x, &out_shape, &sizes);
    Ok(Tensor::from_fn(&out_shape, |out| {
        let mut acc = init;
        reads.each(out, &mut |at| acc = combine(kind, acc, at.map_or(init, |at| x.data()[at])));
        to_dtype(acc, dtype)
    }))
}

/// Where each window element reads, per dimension: for window `o` and element `k`
/// along dimension `d`, the offset of its input index in the flat data, or `None`
/// for padding or a dilation hole (worked out once per pair, not per read).
struct Reads {
    sizes: Vec<usize>,
    along: Vec<Vec<Option<usize>>>,
}

impl Reads {
    fn new(window: &Window, x: &Tensor, out_shape: &[usize], sizes: &[usize]) -> Self {
        let strides = x.strides();
        let along = (0..x.rank())
            .map(|d| {
                let place = |o: usize, k: usize| {
                    let at = (o as i64) * window.strides[d] + (k as i64) * window.window_dilations[d];
                    dilated_source(at, window.padding[d].0, window.base_dilations[d], x.shape()[d])
                        .map(|i| i * strides[d])
                };
                (0..out_shape[d]).flat_map(|o| (0..sizes[d]).map(move |k| place(o, k))).collect()
            })
            .collect();
        Reads { sizes: sizes.to_vec(), along }
    }

    /// Calls `f` with the flat offset each element of window `out` reads (`None`:
    /// padding or a hole), elements in row-major order.
    fn each(&self, out: &[usize], f: &mut impl FnMut(Option<usize>)) {
        self.visit(0, out, Some(0), f);
    }

    fn visit(&self, d: usize, out: &[usize], base: Option<usize>, f: &mut impl FnMut(Option<usize>)) {
        let Some(along) = self.along.get(d) else { return f(base) };
        let size = self.sizes[d];
        for &at in &along[out[d] * size..(out[d] + 1) * size] {
            self.visit(d + 1, out, base.zip(at).map(|(b, a)| b + a), f);
        }
    }
}

/// `select_and_scatter`: the result starts as `init` everywhere; each window's
/// source value is combined into the element its selection picks.
pub(crate) fn select_and_scatter(
    s: &SelectAndScatter,
    operand: &Tensor,
    source_values: &Tensor,
    init: f32,
    dtype: DType,
) -> Result<Tensor, String> {
    let count = windows(&s.window, operand.shape())?;
    if count.as_slice() != source_values.shape() {
        return Err(format!("the source is {:?} but there are {count:?} windows", source_values.shape()));
    }
    let sizes: Vec<usize> = s.window.dimensions.iter().map(|&w| w as usize).collect();
    let mut result = Tensor::full(operand.shape(), init);
    let reads = Reads::new(&s.window, operand, &count, &sizes);
    for_each_index(&count, |out| {
        let mut selected: Option<(usize, f32)> = None;
        reads.each(out, &mut |at| {
            let Some(at) = at else { return };
            let value = operand.data()[at];
            if !selected.is_some_and(|(_, current)| holds(s.select, current, value)) {
                selected = Some((at, value));
            }
        });
        if let Some((at, _)) = selected {
            let slot = &mut result.data_mut()[at];
            *slot = to_dtype(combine(s.scatter, *slot, source_values.at(out)), dtype);
        }
    });
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard_model::ops::ComparisonDirection;

    fn window(size: i64, stride: i64, padding: (i64, i64)) -> Window {
        Window { strides: vec![stride], padding: vec![padding], ..Window::of(vec![size]) }
    }

    #[test]
    fn reduce_window_by_hand() {
        let x = Tensor::from_vec(&[5], vec![1.0, 5.0, 2.0, 4.0, 3.0]).unwrap();
        let max = ReduceWindow { window: window(2, 2, (0, 1)), kind: ReduceKind::Max };
        let y = reduce_window(&max, &[&x], &[], &[DType::F32]).unwrap();
        assert_eq!(y[0].data(), &[5.0, 4.0, 3.0]);
        // Padding holds the init value: 10 + (10 + 1) + (1 + 5) ... with init 10.
        let add = ReduceWindow { window: window(2, 1, (1, 0)), kind: ReduceKind::Add };
        let init = Tensor::scalar(10.0);
        let y = reduce_window(&add, &[&x], &[&init], &[DType::F32]).unwrap();
        assert_eq!(y[0].data(), &[21.0, 16.0, 17.0, 16.0, 17.0]);
        let dilated =
            ReduceWindow { window: Window { base_dilations: vec![2], ..window(2, 2, (0, 0)) }, kind: ReduceKind::Add };
        // Dilated input [1, _, 5, _, 2, _, 4, _, 3]: windows [1, _], [5, _], [2, _], [4, _].
        let y = reduce_window(&dilated, &[&x], &[], &[DType::F32]).unwrap();
        assert_eq!(y[0].data(), &[1.0, 5.0, 2.0, 4.0]);
    }

    #[test]
    fn select_and_scatter_by_hand() {
        // Windows [1, 5], [2, 4], [3, pad]: maxima at 1, 3 and 4.
        let x = Tensor::from_vec(&[5], vec![1.0, 5.0, 2.0, 4.0, 3.0]).unwrap();
        let s = SelectAndScatter {
            window: window(2, 2, (0, 1)),
            select: ComparisonDirection::Ge,
            scatter: ReduceKind::Add,
        };
        let source = Tensor::from_vec(&[3], vec![10.0, 20.0, 30.0]).unwrap();
        let y = select_and_scatter(&s, &x, &source, 0.5, DType::F32).unwrap();
        assert_eq!(y.data(), &[0.5, 10.5, 0.5, 20.5, 30.5]);
        // Overlapping windows add up where both select the same element.
        let s = SelectAndScatter { window: window(2, 1, (0, 0)), ..s };
        let source = Tensor::from_vec(&[4], vec![1.0, 2.0, 3.0, 4.0]).unwrap();
        let y = select_and_scatter(&s, &x, &source, 0.0, DType::F32).unwrap();
        assert_eq!(y.data(), &[0.0, 3.0, 0.0, 7.0, 0.0]);
    }
}
