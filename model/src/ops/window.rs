//! Windowed ops: `reduce_window` and `select_and_scatter`.
//!
//! A [`Window`] slides over every dimension of its input: per dimension a size, a
//! stride, `(low, high)` padding (negative values cut), a base dilation (holes
//! between input elements) and a window dilation (holes between window elements).
//! Padding and holes hold the op's init value. A dimension is *pass-through* when
//! its window is one element with stride 1, no padding and no base dilation (a
//! window dilation spaces nothing in a one-element window): each output element
//! then reads exactly the input element at its own index.
//!
//! Operands, as in StableHLO: `reduce_window` takes its inputs followed, optionally,
//! by one scalar init value per input (without them, the reduction's identity);
//! `select_and_scatter` takes the operand, the source and optionally a scalar init
//! value (default 0).

use super::{ComparisonDirection, Operand, ReduceKind, check_len};
use crate::ir::TensorType;

/// A window sliding over every dimension of a tensor.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Window {
    /// Window size per dimension.
    pub dimensions: Vec<i64>,
    /// Stride per dimension.
    pub strides: Vec<i64>,
    /// `(low, high)` padding per dimension.
    pub padding: Vec<(i64, i64)>,
    /// Input dilation per dimension.
    pub base_dilations: Vec<i64>,
    /// Window dilation per dimension.
    pub window_dilations: Vec<i64>,
}

impl Window {
    /// A window of `dimensions` with strides and dilations 1 and no padding.
    pub fn of(dimensions: Vec<i64>) -> Self {
        let rank = dimensions.len();
        Window {
            dimensions,
            strides: vec![1; rank],
            padding: vec![(0, 0); rank],
            base_dilations: vec![1; rank],
            window_dilations: vec![1; rank],
        }
    }

    /// True when dimension `d` is pass-through (see the module docs).
    pub fn is_pass_through(&self, d: usize) -> bool {
        self.is_shardy_pass_through(d) && self.base_dilations.get(d).is_none_or(|&b| b == 1)
    }

    /// True when dimension `d` has no padding, a stride of 1 and a window of 1, the
    /// test Shardy's rules use (dilations aside).
    pub fn is_shardy_pass_through(&self, d: usize) -> bool {
        self.padding.get(d).is_none_or(|&p| p == (0, 0))
            && self.strides.get(d).is_none_or(|&s| s == 1)
            && self.dimensions.get(d).is_none_or(|&w| w == 1)
    }

    /// Checks every list against an input `x` and returns the output shape.
    pub(crate) fn output_shape(&self, x: &Operand<'_>) -> Result<Vec<i64>, String> {
        let rank = x.ty.rank();
        check_len("window_dimensions", &self.dimensions, rank, x)?;
        check_len("window_strides", &self.strides, rank, x)?;
        check_len("base_dilations", &self.base_dilations, rank, x)?;
        check_len("window_dilations", &self.window_dilations, rank, x)?;
        if self.padding.len() != rank {
            return Err(format!("padding has {} pairs but {} has rank {rank}", self.padding.len(), x.name));
        }
        (0..rank).map(|d| self.output_size(d, x.ty.shape[d]).map_err(|e| e.to_string())).collect()
    }

    /// The number of windows along dimension `d` of an input of `size`.
    pub fn output_size(&self, d: usize, size: i64) -> crate::Result<i64> {
        let (window, stride) = (self.dimensions[d], self.strides[d]);
        let (base, dilation) = (self.base_dilations[d], self.window_dilations[d]);
        if window < 1 || stride < 1 || base < 1 || dilation < 1 {
            return Err(crate::Error::Program(format!(
                "dim {d}: window {window}, stride {stride} and dilations ({base}, {dilation}) must be at least 1"
            )));
        }
        window_count(size, self.padding[d], base, window, dilation, stride).map_err(|padded| {
            crate::Error::Program(format!(
                "dim {d}: padding {:?} makes the input size negative ({padded})",
                self.padding[d]
            ))
        })
    }

    /// The number of elements of one window.
    pub fn elements(&self) -> i64 {
        self.dimensions.iter().product()
    }
}

/// The number of positions of a window of `window` elements, `dilation` apart,
/// stepping by `stride` over an input of `size` elements with `base - 1` holes
/// between them and `padding` `(low, high)` around them (the geometry of a window
/// dimension and of a convolution's spatial dimension), or the padded size when the
/// padding makes it negative. A window of 0 elements spans nothing; an empty padded
/// input has no positions.
pub(crate) fn window_count(
    size: i64,
    padding: (i64, i64),
    base: i64,
    window: i64,
    dilation: i64,
    stride: i64,
) -> Result<i64, i64> {
    let dilated = if size == 0 { 0 } else { (size - 1) * base + 1 };
    let padded = dilated + padding.0 + padding.1;
    let span = if window == 0 { 0 } else { (window - 1) * dilation + 1 };
    if padded < 0 {
        return Err(padded);
    }
    Ok(if padded == 0 || span > padded { 0 } else { (padded - span) / stride + 1 })
}

/// `reduce_window`'s attributes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReduceWindow {
    /// The window.
    pub window: Window,
    /// The combining function, applied to each input on its own.
    pub kind: ReduceKind,
}

impl ReduceWindow {
    /// How many of operands of these `ranks` are inputs: those before the first
    /// scalar (the rest are init values).
    pub fn input_count(ranks: impl IntoIterator<Item = usize>) -> usize {
        ranks.into_iter().take_while(|&r| r > 0).count()
    }

    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let inputs = Self::input_count(operands.iter().map(|x| x.ty.rank()));
        let first = operands.first().filter(|_| inputs > 0).ok_or("the first operand must be a tensor of rank >= 1")?;
        if let Some(x) = operands[..inputs].iter().find(|x| x.ty.shape != first.ty.shape) {
            return Err(format!("{} is {} but {} is {}; the inputs share a shape", x.name, x.ty, first.name, first.ty));
        }
        let inits = &operands[inputs..];
        if !inits.is_empty() && inits.len() != inputs {
            return Err(format!(
                "{inputs} inputs need {inputs} scalar init values, got {} operands after them",
                inits.len()
            ));
        }
        for (x, init) in operands.iter().zip(inits) {
            if init.ty.rank() != 0 || init.ty.dtype != x.ty.dtype {
                return Err(format!("init value {} is {} but input {} is {}", init.name, init.ty, x.name, x.ty));
            }
        }
        let shape = self.window.output_shape(first)?;
        Ok(operands[..inputs].iter().map(|x| TensorType::new(shape.clone(), x.ty.dtype)).collect())
    }
}

/// `select_and_scatter`'s attributes: in each window of the operand, select one
/// element (the first that `select` keeps against every later one: `GE` picks the
/// first maximum) and combine the window's source value into the result there.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SelectAndScatter {
    /// The window (no dilations).
    pub window: Window,
    /// The comparison that keeps the current selection.
    pub select: ComparisonDirection,
    /// How source values combine into the result.
    pub scatter: ReduceKind,
}

impl SelectAndScatter {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let (x, source) = (&operands[0], &operands[1]);
        let w = &self.window;
        if w.base_dilations.iter().chain(&w.window_dilations).any(|&d| d != 1) {
            return Err("select_and_scatter has no dilations (all must be 1)".into());
        }
        let windows = w.output_shape(x)?;
        if source.ty.shape != windows {
            return Err(format!(
                "{} is {} but the windows of {} number {windows:?}; the source has one value per window",
                source.name, source.ty, x.name
            ));
        }
        if let Some(init) = operands.get(2).filter(|i| i.ty.rank() != 0 || i.ty.dtype != x.ty.dtype) {
            return Err(format!("init value {} is {} but the operand {} is {}", init.name, init.ty, x.name, x.ty));
        }
        if source.ty.dtype != x.ty.dtype {
            return Err(format!("{} is {} but {} is {}", source.name, source.ty, x.name, x.ty));
        }
        Ok(vec![x.ty.clone()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DType;

    #[test]
    fn strided_padded_windows() {
        let mut w = Window::of(vec![3, 1, 1]);
        w.strides = vec![3, 1, 1];
        w.padding = vec![(0, 0), (2, -2), (0, 0)];
        let x = TensorType::new([48, 48, 3], DType::F32);
        let init = TensorType::new(Vec::<i64>::new(), DType::F32);
        let rw = ReduceWindow { window: w.clone(), kind: ReduceKind::Max };
        let ops = [Operand { name: "x", ty: &x }, Operand { name: "i", ty: &init }];
        assert_eq!(rw.infer(&ops).unwrap()[0].shape, vec![16, 48, 3]);
        assert_eq!(rw.infer(&ops[..1]).unwrap()[0].shape, vec![16, 48, 3]);
        assert!(!w.is_shardy_pass_through(0) && !w.is_shardy_pass_through(1) && w.is_pass_through(2));
    }

    #[test]
    fn select_and_scatter_source_counts_windows() {
        let mut w = Window::of(vec![1, 2, 2, 1]);
        w.strides = vec![1, 2, 2, 1];
        w.padding = vec![(-1, 0), (0, 0), (0, 0), (0, 0)];
        let s = SelectAndScatter { window: w, select: ComparisonDirection::Ge, scatter: ReduceKind::Add };
        let x = TensorType::new([10, 24, 24, 64], DType::F32);
        let good = TensorType::new([9, 12, 12, 64], DType::F32);
        let bad = TensorType::new([10, 12, 12, 64], DType::F32);
        let ops = |src| [Operand { name: "x", ty: &x }, Operand { name: "s", ty: src }];
        assert_eq!(s.infer(&ops(&good)).unwrap()[0], x);
        let err = s.infer(&ops(&bad)).unwrap_err();
        assert!(err.contains("number [9, 12, 12, 64]"), "{err}");
    }
}
