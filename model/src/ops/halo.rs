//! The geometry of halo exchange, shared by the cost model and the executor.
//!
//! A windowed op — a `convolution` over its spatial dimensions, a `reduce_window`
//! over its windowed ones — whose windowed dimension is split into equal blocks
//! (padded at the end) computes each output block from its own input block plus the
//! rows its windows reach in the neighbouring blocks (its halo) and the padding at
//! the tensor's edges. [`HaloDim`] is one such dimension (window, stride, dilation,
//! low padding); [`HaloDim::shards`] gives each shard's held and read rows, the one
//! derivation the cost model prices and the executor moves; [`Halo`] is what an op
//! reads through windows. Input (base) dilation is not part of it: ops with it run
//! without halo exchange (`rules::halo_exchange`).

use super::OpKind;
use crate::ir::TensorType;

/// One windowed dimension of an op.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HaloDim {
    /// The index of the dimension in the op's window attributes (a convolution's
    /// spatial index, a `reduce_window`'s dimension).
    pub k: usize,
    /// The input dimension the windows slide along.
    pub input_dim: usize,
    /// The output dimension of the windows.
    pub output_dim: usize,
    /// Elements in a window.
    pub window: i64,
    /// Stride between windows.
    pub stride: i64,
    /// Distance between a window's elements.
    pub dilation: i64,
    /// Padding before the input (negative: rows dropped).
    pub low: i64,
}

/// One shard of a split windowed dimension: the input rows `[start, end)` it holds,
/// and the ones its output block's windows read (unclipped: they may run into the
/// padding, below 0 or past the input; empty when the shard has no output rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HaloShard {
    /// The input rows the shard holds.
    pub held: (i64, i64),
    /// The input rows its windows read, padding included.
    pub window: (i64, i64),
}

impl HaloShard {
    /// Whether the shard has output rows (and so reads anything).
    pub fn reads(&self) -> bool {
        self.window.1 > self.window.0
    }

    /// The rows it reads that are input rows (its window clipped to `n` rows).
    pub fn read(&self, n: i64) -> (i64, i64) {
        (self.window.0.max(0), self.window.1.min(n))
    }

    /// The padding its local op needs for an input of `n` rows: what its window
    /// reads before row 0 and past row `n` (none when it reads nothing).
    pub fn padding(&self, n: i64) -> (i64, i64) {
        if self.reads() { ((-self.window.0).max(0), (self.window.1 - n).max(0)) } else { (0, 0) }
    }
}

impl HaloDim {
    /// The dimension (an input of `n` rows, an output of `m`) split into `shards`
    /// equal blocks of input and output rows: each shard's [`HaloShard`], in order.
    pub fn shards(&self, (n, m): (i64, i64), shards: i64) -> Vec<HaloShard> {
        let shards = shards.max(1);
        let (block, out_block) = ((n + shards - 1) / shards, (m + shards - 1) / shards);
        (0..shards)
            .map(|b| {
                let (o0, o1) = (b * out_block, ((b + 1) * out_block).min(m));
                let window = if o1 <= o0 {
                    (0, 0)
                } else {
                    (
                        o0 * self.stride - self.low,
                        (o1 - 1) * self.stride - self.low + (self.window - 1) * self.dilation + 1,
                    )
                };
                HaloShard { held: ((b * block).min(n), ((b + 1) * block).min(n)), window }
            })
            .collect()
    }
}

/// What a windowed op reads through windows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Halo {
    /// Its windowed dimensions.
    pub dims: Vec<HaloDim>,
    /// How many leading operands are read through the windows (a convolution's
    /// input; a `reduce_window`'s inputs, not its init values or a kernel).
    pub inputs: usize,
}

impl OpKind {
    /// The windows of a `convolution` or `reduce_window` with operands of types
    /// `operands`; `None` for every other op.
    pub fn halo(&self, operands: &[&TensorType]) -> Option<Halo> {
        match self {
            OpKind::Convolution(conv) => {
                let dn = &conv.dimension_numbers;
                let kernel = &operands.get(1)?.shape;
                let dims = (dn.input_spatial.iter().zip(&dn.output_spatial).zip(&dn.kernel_spatial))
                    .enumerate()
                    .map(|(k, ((&input_dim, &output_dim), &w))| HaloDim {
                        k,
                        input_dim,
                        output_dim,
                        window: kernel.get(w).copied().unwrap_or(1),
                        stride: conv.window_strides.get(k).copied().unwrap_or(1),
                        dilation: conv.rhs_dilation.get(k).copied().unwrap_or(1),
                        low: conv.padding.get(k).map_or(0, |p| p.0),
                    })
                    .collect();
                Some(Halo { dims, inputs: 1 })
            }
            OpKind::ReduceWindow(rw) => {
                let w = &rw.window;
                let dims = (0..w.dimensions.len())
                    .filter(|&d| !w.is_shardy_pass_through(d))
                    .map(|d| HaloDim {
                        k: d,
                        input_dim: d,
                        output_dim: d,
                        window: w.dimensions[d],
                        stride: w.strides.get(d).copied().unwrap_or(1),
                        dilation: w.window_dilations.get(d).copied().unwrap_or(1),
                        low: w.padding.get(d).map_or(0, |p| p.0),
                    })
                    .collect();
                let inputs = super::ReduceWindow::input_count(operands.iter().map(|t| t.rank()));
                Some(Halo { dims, inputs })
            }
            _ => None,
        }
    }

    /// Sets the padding of windowed dimension `k` (a [`HaloDim::k`]) of a
    /// `convolution` or `reduce_window`; other ops are left as they are.
    pub fn set_window_padding(&mut self, k: usize, padding: (i64, i64)) {
        let pads = match self {
            OpKind::Convolution(conv) => &mut conv.padding,
            OpKind::ReduceWindow(rw) => &mut rw.window.padding,
            _ => return,
        };
        if let Some(p) = pads.get_mut(k) {
            *p = padding;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DType;
    use crate::ops::{ReduceKind, ReduceWindow, Window};

    #[test]
    fn a_strided_window_reads_past_its_block() {
        let mut window = Window::of(vec![1, 3]);
        window.strides = vec![1, 2];
        window.padding = vec![(0, 0), (1, 1)];
        let rw = OpKind::ReduceWindow(ReduceWindow { window, kind: ReduceKind::Max });
        let (x, init) = (TensorType::new([2, 8], DType::F32), TensorType::new(Vec::<i64>::new(), DType::F32));
        let halo = rw.halo(&[&x, &init]).unwrap();
        assert_eq!(halo.inputs, 1);
        assert_eq!(halo.dims.len(), 1);
        // 8 rows padded by one each side, windows of 3 stepping by 2: 4 windows.
        let shards = halo.dims[0].shards((8, 4), 2);
        assert_eq!(shards[0], HaloShard { held: (0, 4), window: (-1, 4) });
        assert_eq!(shards[1], HaloShard { held: (4, 8), window: (3, 8) });
        assert_eq!(shards[0].padding(8), (1, 0));
        assert_eq!(shards[1].read(8), (3, 8));
    }
}
