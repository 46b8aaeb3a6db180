//! The geometry of halo exchange, shared by the cost model and the executor.
//!
//! A windowed op — a `convolution` over its spatial dimensions, a `reduce_window`
//! over its windowed ones, and a `pad` or `slice` over the dimensions it changes
//! (windows of one element: a `slice` strides from its start, a `pad` pads and
//! dilates, so a stencil written as a pad and shifted slices is a windowed op
//! too) — whose windowed dimension is split into equal blocks
//! (padded at the end) computes each output block from its own input block plus the
//! rows its windows reach in the neighbouring blocks (its halo) and the padding at
//! the tensor's edges. [`HaloDim`] is one such dimension (window, stride, dilation,
//! low padding); [`HaloDim::shards`] gives each shard's held and read rows, the one
//! derivation the cost model prices and the executor moves; [`Halo`] is what an op
//! reads through windows. With input (base) dilation — a transposed convolution —
//! windows slide over the dilated input, row `r` at position `r * base`, and read the
//! rows whose positions they cover.

use super::{OpKind, Window};
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
    /// Input dilation: row `r` sits at position `r * base`, holes between.
    pub base: i64,
    /// For a `select_and_scatter`, its number of windows: its result rows are its
    /// operand's, so a shard reads the rows of every window touching its block
    /// (whose selections may land in it), not the windows of an output block.
    pub scatter_windows: Option<i64>,
}

/// One shard of a split windowed dimension: the input rows `[start, end)` it holds,
/// and the positions its output block's windows cover (in the dilated input, row `r`
/// at `r * base`; unclipped: they may run into the padding, below 0 or past the
/// input; empty when the shard has no output rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HaloShard {
    /// The input rows the shard holds.
    pub held: (i64, i64),
    /// The positions its windows cover, padding included.
    pub window: (i64, i64),
    /// The input dilation (1: positions are rows).
    pub base: i64,
}

impl HaloShard {
    /// Whether the shard has output rows (and so reads anything).
    pub fn reads(&self) -> bool {
        self.window.1 > self.window.0
    }

    /// The input rows its windows read (of `n` rows): those whose positions they
    /// cover.
    pub fn read(&self, n: i64) -> (i64, i64) {
        let first = |p: i64| (p.max(0) + self.base - 1) / self.base;
        (first(self.window.0).min(n), first(self.window.1).min(n))
    }

    /// The padding its local op needs around the rows it reads (of `n`): the
    /// positions its windows cover before the first and after the last (none when
    /// it reads nothing; all of its window when its windows cover no row).
    pub fn padding(&self, n: i64) -> (i64, i64) {
        let (start, end) = self.read(n);
        match () {
            _ if !self.reads() => (0, 0),
            _ if end <= start => (self.window.1 - self.window.0, 0),
            _ => (start * self.base - self.window.0, self.window.1 - ((end - 1) * self.base + 1)),
        }
    }
}

impl HaloDim {
    /// The dimension (an input of `n` rows, an output of `m`) split into `shards`
    /// equal blocks of input and output rows: each shard's [`HaloShard`], in order.
    /// For a `select_and_scatter` (`m` unused), blocks of its operand's rows, each
    /// reading its own rows and those of the windows touching them.
    pub fn shards(&self, (n, m): (i64, i64), shards: i64) -> Vec<HaloShard> {
        let shards = shards.max(1);
        if let Some(windows) = self.scatter_windows {
            let block = (n + shards - 1) / shards;
            return (0..shards)
                .map(|b| {
                    let held = ((b * block).min(n), ((b + 1) * block).min(n));
                    let (w0, w1) = self.touching(held, windows);
                    let window = if w1 > w0 {
                        (
                            held.0.min(w0 * self.stride - self.low),
                            held.1.max((w1 - 1) * self.stride - self.low + self.span()),
                        )
                    } else {
                        held
                    };
                    HaloShard { held, window, base: 1 }
                })
                .collect();
        }
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
                HaloShard { held: ((b * block).min(n), ((b + 1) * block).min(n)), window, base: self.base.max(1) }
            })
            .collect()
    }

    /// The rows one window spans.
    fn span(&self) -> i64 {
        (self.window - 1) * self.dilation + 1
    }

    /// Of `windows` windows, the range of those whose rows overlap rows `held`.
    pub fn touching(&self, (h0, h1): (i64, i64), windows: i64) -> (i64, i64) {
        if h1 <= h0 {
            return (0, 0);
        }
        let s = self.stride.max(1);
        // Window w spans rows [w*s - low, w*s - low + span).
        let first = (h0 + self.low - self.span()).div_euclid(s) + 1;
        let end = (h1 + self.low + s - 1).div_euclid(s);
        (first.clamp(0, windows), end.clamp(0, windows).max(first.clamp(0, windows)))
    }

    /// The padding a `select_and_scatter` run on rows `read` needs for its windows to
    /// be exactly windows `[w0, w1)`: negative where the rows start before the first
    /// window or end after the last.
    pub fn scatter_padding(&self, read: (i64, i64), (w0, w1): (i64, i64)) -> (i64, i64) {
        let low = read.0 - (w0 * self.stride - self.low);
        (low, (w1 - w0 - 1) * self.stride + self.span() - (read.1 - read.0) - low)
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
    /// The windows of a `convolution`, `reduce_window` or `select_and_scatter` with
    /// operands of types `operands`; `None` for every other op.
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
                        base: conv.lhs_dilation.get(k).copied().unwrap_or(1),
                        scatter_windows: None,
                    })
                    .collect();
                Some(Halo { dims, inputs: 1 })
            }
            OpKind::ReduceWindow(rw) => {
                let inputs = super::ReduceWindow::input_count(operands.iter().map(|t| t.rank()));
                Some(Halo { dims: window_dims(&rw.window, None), inputs })
            }
            OpKind::SelectAndScatter(sas) => {
                Some(Halo { dims: window_dims(&sas.window, Some(&operands.get(1)?.shape)), inputs: 1 })
            }
            OpKind::Slice(s) => {
                let shape = &operands.first()?.shape;
                let dims = (0..shape.len())
                    .filter(|&d| s.start_indices[d] != 0 || s.strides[d] != 1 || s.limit_indices[d] != shape[d])
                    .map(|d| one_element(d, s.strides[d], -s.start_indices[d], 1))
                    .collect();
                Some(Halo { dims, inputs: 1 })
            }
            OpKind::Pad(p) => {
                let changed =
                    |d: usize| p.edge_padding_low[d] != 0 || p.edge_padding_high[d] != 0 || p.interior_padding[d] != 0;
                let dims = (0..p.edge_padding_low.len())
                    .filter(|&d| changed(d))
                    .map(|d| one_element(d, 1, p.edge_padding_low[d], p.interior_padding[d] + 1))
                    .collect();
                Some(Halo { dims, inputs: 1 })
            }
            _ => None,
        }
    }

    /// Sets the padding of windowed dimension `k` (a [`HaloDim::k`]) of a
    /// `convolution`, `reduce_window`, `select_and_scatter` or `pad` (its edges); a
    /// `slice` starts after the rows its negative low padding drops (a slice's
    /// windows lie inside its operand, so it has no other); other ops are left as
    /// they are.
    pub fn set_window_padding(&mut self, k: usize, padding: (i64, i64)) {
        let pads = match self {
            OpKind::Convolution(conv) => &mut conv.padding,
            OpKind::ReduceWindow(rw) => &mut rw.window.padding,
            OpKind::SelectAndScatter(sas) => &mut sas.window.padding,
            OpKind::Pad(p) => {
                if let (Some(low), Some(high)) = (p.edge_padding_low.get_mut(k), p.edge_padding_high.get_mut(k)) {
                    (*low, *high) = padding;
                }
                return;
            }
            OpKind::Slice(s) => {
                if let Some(start) = s.start_indices.get_mut(k) {
                    *start = (-padding.0).max(0);
                }
                return;
            }
            _ => return,
        };
        if let Some(p) = pads.get_mut(k) {
            *p = padding;
        }
    }
}

/// Dimension `d` of a `pad` or `slice` as windows of one element: every `stride`-th
/// position of the operand dilated by `base`, after `low` positions of padding.
fn one_element(d: usize, stride: i64, low: i64, base: i64) -> HaloDim {
    HaloDim { k: d, input_dim: d, output_dim: d, window: 1, stride, dilation: 1, low, base, scatter_windows: None }
}

/// The windowed dimensions of `window` (those not pass-through), the op's result
/// dimensions its input's; for a `select_and_scatter`, with its `source`'s shape
/// (its windows per dimension).
fn window_dims(window: &Window, source: Option<&[i64]>) -> Vec<HaloDim> {
    let at = |list: &[i64], d: usize| list.get(d).copied().unwrap_or(1);
    (0..window.dimensions.len())
        .filter(|&d| !window.is_shardy_pass_through(d))
        .map(|d| HaloDim {
            k: d,
            input_dim: d,
            output_dim: d,
            window: window.dimensions[d],
            stride: at(&window.strides, d),
            dilation: at(&window.window_dilations, d),
            low: window.padding.get(d).map_or(0, |p| p.0),
            base: at(&window.base_dilations, d),
            scatter_windows: source.and_then(|s| s.get(d).copied()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DType;
    use crate::ops::{ReduceKind, ReduceWindow};

    /// Dimension 0, windows of `window` by `stride`, undilated windows.
    fn dim(window: i64, stride: i64, low: i64, base: i64, scatter_windows: Option<i64>) -> HaloDim {
        HaloDim { k: 0, input_dim: 0, output_dim: 0, window, stride, dilation: 1, low, base, scatter_windows }
    }

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
        assert_eq!(shards[0], HaloShard { held: (0, 4), window: (-1, 4), base: 1 });
        assert_eq!(shards[1], HaloShard { held: (4, 8), window: (3, 8), base: 1 });
        assert_eq!(shards[0].padding(8), (1, 0));
        assert_eq!(shards[1].read(8), (3, 8));
    }

    #[test]
    fn a_dilated_input_is_read_at_the_rows_its_windows_cover() {
        // 4 rows dilated by 2 (positions 0, 2, 4, 6), padded by 2 each side, windows of
        // 3: 9 windows over positions -2..9. Split in 2 shards of 5 and 4 windows.
        let dim = dim(3, 1, 2, 2, None);
        let shards = dim.shards((4, 9), 2);
        // Windows 0..5 cover positions -2..5: rows 0, 1, 2 (positions 0, 2, 4).
        assert_eq!(shards[0].window, (-2, 5));
        assert_eq!(shards[0].read(4), (0, 3));
        // Two positions of padding before row 0; after row 2 (position 4), none.
        assert_eq!(shards[0].padding(4), (2, 0));
        // Windows 5..9 cover positions 3..9: rows 2, 3 (positions 4, 6), a hole
        // before and two positions after.
        assert_eq!(shards[1].read(4), (2, 4));
        assert_eq!(shards[1].padding(4), (1, 2));
    }

    #[test]
    fn a_pool_gradient_reads_the_windows_touching_its_block() {
        // 3x3 windows, stride 2, padding 1 over 8 rows: 4 windows at rows -1..2,
        // 1..4, 3..6, 5..8. Two blocks of 4 rows.
        let dim = dim(3, 2, 1, 1, Some(4));
        let shards = dim.shards((8, 0), 2);
        // Rows 0..4 are touched by windows 0, 1, 2 (rows -1..6); rows 4..8 by 2, 3.
        assert_eq!(dim.touching(shards[0].held, 4), (0, 3));
        assert_eq!(shards[0].read(8), (0, 6));
        assert_eq!(dim.scatter_padding(shards[0].read(8), (0, 3)), (1, 0));
        assert_eq!(dim.touching(shards[1].held, 4), (2, 4));
        assert_eq!(shards[1].read(8), (3, 8));
        assert_eq!(dim.scatter_padding(shards[1].read(8), (2, 4)), (0, 0));
    }
}
