//! Dense host tensors: a row-major `f32` buffer with a shape.
//!
//! Every element type is held as `f32` (integers and booleans are exact up to 2^24,
//! which covers indices and counts in practice; 8- and 16-bit floats are computed in
//! full `f32`). Invariant, kept by every constructor: the buffer has exactly
//! `product(shape)` elements. A device keeps a bf16 or f16 block whose elements are
//! all values of its type in 2 bytes each ([`Packed`], exact both ways), widening
//! it to a [`Tensor`] for every step that reads it.

use autoshard_model::{DType, TensorType};
use std::borrow::Cow;

/// The type a [`Tensor`] holds every element as, whatever the element type it stands
/// for.
pub const STORAGE: DType = DType::F32;

/// A dense row-major tensor of `f32` values.
#[derive(Debug, Clone, PartialEq)]
pub struct Tensor {
    shape: Vec<usize>,
    data: Vec<f32>,
}

impl Tensor {
    /// A tensor of `shape` filled with `value`.
    pub fn full(shape: &[usize], value: f32) -> Self {
        Tensor { shape: shape.to_vec(), data: vec![value; shape.iter().product()] }
    }

    /// A scalar.
    pub fn scalar(value: f32) -> Self {
        Tensor { shape: Vec::new(), data: vec![value] }
    }

    /// A tensor of `shape` with `data`, whose length the caller computed from `shape`
    /// (every kernel builds its result that way; checked in debug builds).
    pub(crate) fn new(shape: &[usize], data: Vec<f32>) -> Self {
        debug_assert_eq!(data.len(), shape.iter().product::<usize>(), "tensor data does not fit its shape");
        Tensor { shape: shape.to_vec(), data }
    }

    /// A tensor of `shape` with the given row-major elements, if their count fits.
    pub fn from_vec(shape: &[usize], data: Vec<f32>) -> Option<Self> {
        (data.len() == shape.iter().product::<usize>()).then(|| Tensor { shape: shape.to_vec(), data })
    }

    /// A tensor of `shape` whose element at each index is `f(index)`.
    pub fn from_fn(shape: &[usize], mut f: impl FnMut(&[usize]) -> f32) -> Self {
        let mut data = Vec::with_capacity(shape.iter().product());
        for_each_index(shape, |index| data.push(f(index)));
        Tensor { shape: shape.to_vec(), data }
    }

    /// A tensor of `ty`'s shape with deterministic pseudo-random values derived from
    /// `seed` (SplitMix64): floats in [-1, 1), integers in [0, 16), booleans 0 or 1.
    /// A bf16 or f16 input holds values of its type (rounded toward zero), as its
    /// data would, so its blocks are stored in 2 bytes ([`Packed`]).
    pub fn random(ty: &TensorType, seed: u64) -> Self {
        let shape = dims(&ty.shape);
        let mut state = seed;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let data = (0..shape.iter().product::<usize>())
            .map(|_| {
                let bits = next();
                if ty.dtype.is_float() {
                    let x = ((bits >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0;
                    HalfFloat::of(ty.dtype).map_or(x, |half| half.nearest_toward_zero(x))
                } else if ty.dtype == DType::I1 {
                    (bits & 1) as f32
                } else {
                    (bits % 16) as f32
                }
            })
            .collect();
        Tensor { shape, data }
    }

    /// The shape.
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// True when the tensor has no element.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The elements, row-major.
    pub fn data(&self) -> &[f32] {
        &self.data
    }

    /// The elements, row-major, mutably.
    pub fn data_mut(&mut self) -> &mut [f32] {
        &mut self.data
    }

    /// The row-major strides.
    pub fn strides(&self) -> Vec<usize> {
        strides(&self.shape)
    }

    /// The element at `index` (which must be in bounds).
    pub fn at(&self, index: &[usize]) -> f32 {
        self.data[offset(&self.shape, index)]
    }

    /// The block of `sizes` elements per dimension starting at `starts` (copied
    /// run by run along the last dimension).
    pub fn block(&self, starts: &[usize], sizes: &[usize]) -> Tensor {
        let run = sizes.last().copied().unwrap_or(1);
        let strides = self.strides();
        let mut data = Vec::with_capacity(sizes.iter().product());
        for_each_run(sizes, |outer| {
            let s = run_start(&strides, starts, outer);
            data.extend_from_slice(&self.data[s..s + run]);
        });
        Tensor { shape: sizes.to_vec(), data }
    }

    /// The `len` elements from `start` along `axis`, whole along the other
    /// dimensions (a [`Tensor::block`]).
    pub fn slab(&self, axis: usize, start: usize, len: usize) -> Tensor {
        let (mut starts, mut sizes) = (vec![0; self.rank()], self.shape.clone());
        (starts[axis], sizes[axis]) = (start, len);
        self.block(&starts, &sizes)
    }

    /// Copies the block of `sizes` elements of `source` at `from` into this tensor
    /// at `to` (runs along the last dimension are copied whole). The caller keeps
    /// both blocks inside their tensors.
    pub fn copy_block(&mut self, to: &[usize], source: &Tensor, from: &[usize], sizes: &[usize]) {
        let run = sizes.last().copied().unwrap_or(1);
        let (dst_strides, src_strides) = (self.strides(), source.strides());
        for_each_run(sizes, |outer| {
            let (d, s) = (run_start(&dst_strides, to, outer), run_start(&src_strides, from, outer));
            self.data[d..d + run].copy_from_slice(&source.data[s..s + run]);
        });
    }

    /// Sets every element whose index reaches `bounds` in some dimension to `value`
    /// (the padding past a block's real part).
    pub fn fill_past(&mut self, bounds: &[usize], value: f32) {
        if bounds.iter().zip(&self.shape).all(|(b, n)| b >= n) {
            return;
        }
        let shape = self.shape.clone();
        let mut k = 0;
        for_each_index(&shape, |index| {
            if index.iter().zip(bounds).any(|(i, b)| i >= b) {
                self.data[k] = value;
            }
            k += 1;
        });
    }

    /// Applies `f` to every element.
    pub fn map(&self, f: impl Fn(f32) -> f32) -> Tensor {
        Tensor { shape: self.shape.clone(), data: self.data.iter().map(|&x| f(x)).collect() }
    }

    /// The dimensions permuted: result dimension `i` is dimension `permutation[i]`
    /// (which must be a permutation of the dimensions).
    pub fn transposed(&self, permutation: &[usize]) -> Tensor {
        self.permuted(permutation).into_owned()
    }

    /// [`Tensor::transposed`], borrowing this tensor when `permutation` keeps every
    /// dimension in place (a kernel that only reads its operand needs no copy).
    #[allow(
        clippy::expect_used,
        reason = "the type's invariant: a tensor's buffer has exactly product(shape) elements"
    )]
    pub fn permuted(&self, permutation: &[usize]) -> Cow<'_, Tensor> {
        if permutation.iter().enumerate().all(|(i, &p)| i == p) && permutation.len() == self.rank() {
            return Cow::Borrowed(self);
        }
        let shape: Vec<usize> = permutation.iter().map(|&p| self.shape[p]).collect();
        let view = ndarray::ArrayViewD::from_shape(ndarray::IxDyn(&self.shape), &self.data)
            .expect("a tensor's buffer has its shape's number of elements");
        // ndarray copies the permuted view into standard layout (once, with strided
        // inner loops, not an index vector per element); that copy is the result.
        let (data, _) =
            view.permuted_axes(ndarray::IxDyn(permutation)).as_standard_layout().into_owned().into_raw_vec_and_offset();
        Cow::Owned(Tensor { shape, data })
    }

    /// This tensor at the origin of a zero tensor of `shape` (no dimension
    /// smaller than this tensor's); itself when the shapes agree.
    pub fn zero_padded(self, shape: &[usize]) -> Tensor {
        if self.shape == shape {
            return self;
        }
        let mut y = Tensor::full(shape, 0.0);
        let origin = vec![0; shape.len()];
        y.copy_block(&origin, &self, &origin, &self.shape);
        y
    }

    /// The same elements, row-major, under `shape`, whose element count the caller
    /// keeps (checked in debug builds, as for [`Tensor::new`]).
    pub(crate) fn reshaped(self, shape: &[usize]) -> Tensor {
        debug_assert_eq!(self.data.len(), shape.iter().product::<usize>(), "a reshape keeps the element count");
        Tensor { shape: shape.to_vec(), data: self.data }
    }

    /// This tensor repeated along its dimensions of size 1 up to `shape`, of the same
    /// rank (NumPy's broadcasting); `None` if some other dimension differs.
    pub fn broadcast_to(self, shape: &[usize]) -> Option<Tensor> {
        if shape.len() != self.rank() || self.shape.iter().zip(shape).any(|(&n, &m)| n != m && n != 1) {
            return None;
        }
        if shape.contains(&0) {
            return Some(Tensor { shape: shape.to_vec(), data: Vec::new() });
        }
        // Innermost first, each stretched dimension repeats the runs inside it.
        let (mut now, mut data) = (self.shape, self.data);
        for d in (0..shape.len()).rev() {
            if now[d] == shape[d] {
                continue;
            }
            let inner: usize = now[d + 1..].iter().product();
            let mut next = Vec::with_capacity(data.len() * shape[d]);
            for run in data.chunks_exact(inner) {
                for _ in 0..shape[d] {
                    next.extend_from_slice(run);
                }
            }
            (now[d], data) = (shape[d], next);
        }
        Some(Tensor { shape: now, data })
    }

    /// Piece `index` of `parts` equal pieces along `axis`, if `axis` exists, its size
    /// divides by `parts` and `index` is one of them (block copies: the piece of a
    /// row-major tensor is a run per outer index).
    pub fn piece(&self, axis: usize, parts: usize, index: usize) -> Option<Tensor> {
        let size = *self.shape.get(axis)?;
        if parts == 0 || size % parts != 0 || index >= parts {
            return None;
        }
        let (outer, inner) = self.around(axis);
        let piece = size / parts;
        let mut shape = self.shape.clone();
        shape[axis] = piece;
        let run = piece * inner;
        let mut data = Vec::with_capacity(outer * run);
        for o in 0..outer {
            let start = o * size * inner + index * run;
            data.extend_from_slice(&self.data[start..start + run]);
        }
        Some(Tensor { shape, data })
    }

    /// `parts` joined along `axis`, if they have its rank and agree on every other
    /// dimension (block copies).
    pub fn concat(parts: &[&Tensor], axis: usize) -> Option<Tensor> {
        let first = parts.first()?;
        let agree = |t: &&Tensor| {
            t.rank() == first.rank()
                && t.shape.iter().zip(&first.shape).enumerate().all(|(d, (a, b))| d == axis || a == b)
        };
        if axis >= first.rank() || !parts.iter().all(agree) {
            return None;
        }
        let (outer, inner) = first.around(axis);
        let mut shape = first.shape.clone();
        shape[axis] = parts.iter().map(|t| t.shape[axis]).sum();
        let mut data = Vec::with_capacity(shape.iter().product());
        for o in 0..outer {
            for t in parts {
                let run = t.shape[axis] * inner;
                data.extend_from_slice(&t.data[o * run..(o + 1) * run]);
            }
        }
        Some(Tensor { shape, data })
    }

    /// The number of elements before dimension `axis` (its outer count) and after it
    /// (the length of its inner runs).
    fn around(&self, axis: usize) -> (usize, usize) {
        (self.shape[..axis].iter().product(), self.shape[axis + 1..].iter().product())
    }

    /// The largest absolute difference with `other` (infinite if the shapes differ).
    pub fn max_abs_diff(&self, other: &Tensor) -> f32 {
        if self.shape != other.shape {
            return f32::INFINITY;
        }
        self.data.iter().zip(&other.data).fold(0.0, |m, (a, b)| {
            let d = (a - b).abs();
            if d.is_nan() { f32::INFINITY } else { m.max(d) }
        })
    }
}

/// A 2-byte float type a tensor's elements can be stored in ([`Packed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HalfFloat {
    /// bfloat16: f32's sign and exponent, 7 bits of mantissa (f32's upper half).
    Bf16,
    /// IEEE binary16: 5 bits of exponent, 10 of mantissa.
    F16,
}

impl HalfFloat {
    /// The 2-byte float type of `dtype` (`None` for any other type).
    pub(crate) fn of(dtype: DType) -> Option<HalfFloat> {
        match dtype {
            DType::BF16 => Some(HalfFloat::Bf16),
            DType::F16 => Some(HalfFloat::F16),
            _ => None,
        }
    }

    /// `x`'s bits in this type, if `x` is exactly one of its values (every NaN
    /// and infinity whose bits fit included).
    pub(crate) fn encode(self, x: f32) -> Option<u16> {
        let bits = x.to_bits();
        match self {
            HalfFloat::Bf16 => (bits & 0xFFFF == 0).then_some((bits >> 16) as u16),
            HalfFloat::F16 => encode_f16(bits),
        }
    }

    /// The f32 that `bits` of this type stand for (exact: every value of both
    /// types is an f32).
    pub(crate) fn decode(self, bits: u16) -> f32 {
        match self {
            HalfFloat::Bf16 => f32::from_bits(u32::from(bits) << 16),
            HalfFloat::F16 => decode_f16(bits),
        }
    }

    /// The value of this type nearest `x` toward zero, for `x` in [-1, 1) (f16's
    /// subnormals are flushed to zero).
    fn nearest_toward_zero(self, x: f32) -> f32 {
        match self {
            HalfFloat::Bf16 => f32::from_bits(x.to_bits() & 0xFFFF_0000),
            HalfFloat::F16 if x.abs() < F16_MIN_NORMAL => 0.0,
            HalfFloat::F16 => f32::from_bits(x.to_bits() & !0x1FFF),
        }
    }
}

/// The least positive normal f16, 2^-14.
const F16_MIN_NORMAL: f32 = 6.103_515_6e-5;

/// The f16 bits of the f32 of `bits`, if it is exactly an f16.
fn encode_f16(bits: u32) -> Option<u16> {
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exponent = ((bits >> 23) & 0xFF) as i32;
    let mantissa = bits & 0x7F_FFFF;
    match exponent {
        // Zeros; f32's subnormals are far below f16's.
        0 => (mantissa == 0).then_some(sign),
        // Infinities and NaNs whose payload fits.
        0xFF => (mantissa & 0x1FFF == 0).then_some(sign | 0x7C00 | (mantissa >> 13) as u16),
        _ => {
            let e = exponent - 127;
            if (-14..=15).contains(&e) {
                // Normal: the mantissa's 13 low bits must be zero.
                (mantissa & 0x1FFF == 0).then_some(sign | (((e + 15) as u16) << 10) | (mantissa >> 13) as u16)
            } else if (-24..-14).contains(&e) {
                // Subnormal: (2^23 + mantissa) * 2^(e + 1) units of 2^-24, a whole number.
                let significand = 0x80_0000 | mantissa;
                let shift = (-e - 1) as u32;
                (significand & ((1 << shift) - 1) == 0).then_some(sign | (significand >> shift) as u16)
            } else {
                None
            }
        }
    }
}

/// The f32 of f16 `bits`.
fn decode_f16(bits: u16) -> f32 {
    let sign = u32::from(bits & 0x8000) << 16;
    let exponent = u32::from((bits >> 10) & 0x1F);
    let mantissa = u32::from(bits & 0x3FF);
    let magnitude = match exponent {
        // Zeros and subnormals: mantissa units of 2^-24, exact in f32.
        0 => (mantissa as f32 * F16_SUBNORMAL_UNIT).to_bits(),
        0x1F => 0x7F80_0000 | (mantissa << 13),
        _ => ((exponent + 127 - 15) << 23) | (mantissa << 13),
    };
    f32::from_bits(sign | magnitude)
}

/// The least positive f16, 2^-24: the unit of its subnormals.
const F16_SUBNORMAL_UNIT: f32 = 5.960_464_5e-8;

/// A tensor's elements held in a 2-byte float type: what a device stores of a
/// bf16 or f16 block whose elements are all values of its type (inputs and their
/// moved copies), half of the f32 storage. Lossless by construction
/// ([`Tensor::pack`] refuses anything else): unpacking gives the same bits back.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Packed {
    shape: Vec<usize>,
    format: HalfFloat,
    bits: Vec<u16>,
}

impl Packed {
    /// The number of elements.
    pub(crate) fn len(&self) -> usize {
        self.bits.len()
    }

    /// The tensor again, in f32 (what kernels and collectives read).
    pub(crate) fn unpack(&self) -> Tensor {
        Tensor { shape: self.shape.clone(), data: self.bits.iter().map(|&b| self.format.decode(b)).collect() }
    }
}

impl Tensor {
    /// These elements in `format`, 2 bytes each, if every one is exactly one of its
    /// values; `None` otherwise (the tensor then stays in f32).
    pub(crate) fn pack(&self, format: HalfFloat) -> Option<Packed> {
        let bits = self.data.iter().map(|&x| format.encode(x)).collect::<Option<Vec<u16>>>()?;
        Some(Packed { shape: self.shape.clone(), format, bits })
    }
}

/// The dimensions of a model shape as sizes (negative dimensions count as 0).
pub fn dims(shape: &[i64]) -> Vec<usize> {
    shape.iter().map(|&d| usize::try_from(d).unwrap_or(0)).collect()
}

/// Row-major strides of `shape`.
pub fn strides(shape: &[usize]) -> Vec<usize> {
    let mut strides = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    strides
}

/// The row-major offset of `index` (one coordinate per dimension) in a tensor of
/// `shape`.
pub fn offset(shape: &[usize], index: &[usize]) -> usize {
    index.iter().zip(shape).fold(0, |acc, (&i, &n)| acc * n + i)
}

/// The index (one coordinate per dimension) at row-major offset `k` in a tensor of
/// `shape`: the inverse of [`offset`].
pub(crate) fn unflatten(mut k: usize, shape: &[usize]) -> Vec<usize> {
    let mut index = vec![0; shape.len()];
    for (i, &n) in index.iter_mut().zip(shape).rev() {
        *i = k % n;
        k /= n;
    }
    index
}

/// Calls `f` with the outer index (all but the last dimension) of every run of a
/// block of `sizes`, in row-major order: once for a scalar or a vector, never for an
/// empty block.
fn for_each_run(sizes: &[usize], f: impl FnMut(&[usize])) {
    if !sizes.contains(&0) {
        for_each_index(&sizes[..sizes.len().saturating_sub(1)], f);
    }
}

/// The offset, in a tensor of `strides`, of the run at outer index `outer` of the
/// block starting at `at`.
fn run_start(strides: &[usize], at: &[usize], outer: &[usize]) -> usize {
    let last = strides.len().saturating_sub(1);
    let along: usize = outer.iter().zip(at).zip(strides).map(|((i, a), s)| (i + a) * s).sum();
    along + at.get(last).copied().unwrap_or(0)
}

/// Calls `f` with every index of `shape`, in row-major order (once, with the empty
/// index, for a scalar; never for an empty shape).
pub fn for_each_index(shape: &[usize], mut f: impl FnMut(&[usize])) {
    if shape.contains(&0) {
        return;
    }
    let mut index = vec![0; shape.len()];
    loop {
        f(&index);
        let mut d = shape.len();
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            index[d] += 1;
            if index[d] < shape[d] {
                break;
            }
            index[d] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_is_deterministic_and_bounded() {
        let ty = TensorType::new([4, 8], DType::F32);
        let a = Tensor::random(&ty, 7);
        assert_eq!(a, Tensor::random(&ty, 7));
        assert_ne!(a, Tensor::random(&ty, 8));
        assert!(a.data().iter().all(|v| (-1.0..1.0).contains(v)));
        let ints = Tensor::random(&TensorType::new([64], DType::I32), 1);
        assert!(ints.data().iter().all(|v| v.fract() == 0.0 && (0.0..16.0).contains(v)));
        assert!(Tensor::from_vec(&[2, 2], vec![0.0; 3]).is_none());
    }

    #[test]
    fn indexes_in_row_major_order() {
        let mut seen = Vec::new();
        for_each_index(&[2, 3], |i| seen.push(i.to_vec()));
        assert_eq!(seen.len(), 6);
        assert_eq!(seen[4], vec![1, 1]);
        let mut count = 0;
        for_each_index(&[], |_| count += 1);
        assert_eq!(count, 1);
        for_each_index(&[3, 0], |_| count += 1);
        assert_eq!(count, 1);
    }

    #[test]
    fn transposed_moves_every_element_to_its_permuted_index() {
        let cases: [(&[usize], &[usize]); 5] = [
            (&[2, 3, 4], &[2, 0, 1]),
            (&[2, 3, 4], &[1, 2, 0]),
            (&[1, 5], &[1, 0]),
            (&[3, 0, 2], &[2, 1, 0]),
            (&[], &[]),
        ];
        for (shape, permutation) in cases {
            let t = Tensor::from_fn(shape, |i| i.iter().fold(0.0, |acc, &x| acc * 10.0 + x as f32));
            let shape_after: Vec<usize> = permutation.iter().map(|&p| shape[p]).collect();
            let mut source = vec![0; shape.len()];
            let want = Tensor::from_fn(&shape_after, |i| {
                for (k, &p) in permutation.iter().enumerate() {
                    source[p] = i[k];
                }
                t.at(&source)
            });
            assert_eq!(t.transposed(permutation), want, "{shape:?} by {permutation:?}");
        }
    }

    #[test]
    fn broadcast_repeats_size_one_dimensions_only() {
        let t = Tensor::from_fn(&[2, 1, 3], |i| (10 * i[0] + i[2]) as f32);
        let b = t.clone().broadcast_to(&[2, 4, 3]).unwrap();
        assert_eq!(b, Tensor::from_fn(&[2, 4, 3], |i| (10 * i[0] + i[2]) as f32));
        assert_eq!(t.clone().broadcast_to(&[2, 4, 6]), None);
        assert_eq!(t.clone().broadcast_to(&[2, 3]), None);
        assert_eq!(t.broadcast_to(&[2, 0, 3]).unwrap().len(), 0);
    }

    #[test]
    fn pieces_and_concat_are_inverse() {
        let t = Tensor::from_fn(&[2, 6, 3], |i| (i[0] * 100 + i[1] * 10 + i[2]) as f32);
        for axis in 0..3 {
            let n = t.shape()[axis];
            let parts: Vec<Tensor> = (0..n).map(|p| t.piece(axis, n, p).unwrap()).collect();
            let (mut starts, mut sizes) = (vec![0; 3], t.shape().to_vec());
            starts[axis] = 1;
            sizes[axis] = 1;
            assert_eq!(parts[1], t.block(&starts, &sizes));
            let refs: Vec<&Tensor> = parts.iter().collect();
            assert_eq!(Tensor::concat(&refs, axis).unwrap(), t);
        }
        assert!(t.piece(1, 4, 0).is_none());
        assert!(t.piece(1, 3, 3).is_none());
        assert!(t.piece(3, 1, 0).is_none());
        assert!(Tensor::concat(&[&t, &Tensor::full(&[2, 6], 0.0)], 0).is_none());
    }

    #[test]
    fn every_half_float_decodes_to_an_f32_that_encodes_back_to_it() {
        for format in [HalfFloat::Bf16, HalfFloat::F16] {
            for bits in 0..=u16::MAX {
                let x = format.decode(bits);
                assert_eq!(format.encode(x), Some(bits), "{format:?} {bits:#06x} decodes to {x:e}");
            }
        }
        assert_eq!(F16_MIN_NORMAL, 2f32.powi(-14));
        assert_eq!(F16_SUBNORMAL_UNIT, 2f32.powi(-24));
    }

    #[test]
    fn f16_decodes_as_ieee_binary16() {
        let cases: [(u16, f32); 8] = [
            (0x3C00, 1.0),
            (0xC000, -2.0),
            (0x3555, 0.333_251_95),
            (0x7BFF, 65504.0),
            (0x0400, 2f32.powi(-14)),
            (0x0001, 2f32.powi(-24)),
            (0x03FF, 1023.0 * 2f32.powi(-24)),
            (0xFC00, f32::NEG_INFINITY),
        ];
        for (bits, x) in cases {
            assert_eq!(HalfFloat::F16.decode(bits), x, "{bits:#06x}");
        }
        assert_eq!(HalfFloat::F16.decode(0x8000).to_bits(), (-0.0f32).to_bits());
        assert!(HalfFloat::F16.decode(0x7E00).is_nan());
    }

    #[test]
    fn only_exact_values_encode() {
        let (bf16, f16) = (HalfFloat::Bf16, HalfFloat::F16);
        assert_eq!(bf16.encode(1.0), Some(0x3F80));
        assert_eq!(bf16.encode(1.0 + 2f32.powi(-7)), Some(0x3F81));
        assert_eq!(bf16.encode(1.0 + 2f32.powi(-8)), None);
        assert_eq!(bf16.encode(1e30), None);
        assert_eq!(f16.encode(1.0 + 2f32.powi(-10)), Some(0x3C01));
        assert_eq!(f16.encode(1.0 + 2f32.powi(-11)), None);
        assert_eq!(f16.encode(65536.0), None, "past f16's range");
        assert_eq!(f16.encode(3.0 * 2f32.powi(-24)), Some(3));
        assert_eq!(f16.encode(2f32.powi(-25)), None, "below f16's least subnormal");
        assert_eq!(f16.encode(1.5 * 2f32.powi(-24)), None, "between two subnormals");
        assert_eq!(f16.encode(f32::from_bits(1)), None, "an f32 subnormal");
        assert_eq!(f16.encode(f32::INFINITY), Some(0x7C00));
        // Any f32 that encodes decodes to the same bits.
        let mut state = 0x1234_5678_u32;
        for _ in 0..100_000 {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            // Half the draws with the low mantissa bits cleared, so that many encode.
            let x = f32::from_bits(if state & 1 == 0 { state } else { state & !0x1FFF });
            for format in [bf16, f16] {
                if let Some(bits) = format.encode(x) {
                    assert_eq!(format.decode(bits).to_bits(), x.to_bits(), "{format:?} {x:e}");
                }
            }
        }
    }

    #[test]
    fn half_float_inputs_pack_losslessly_in_half_the_bytes() {
        for (dtype, format) in [(DType::BF16, HalfFloat::Bf16), (DType::F16, HalfFloat::F16)] {
            let t = Tensor::random(&TensorType::new([16, 8], dtype), 3);
            assert!(t.data().iter().all(|v| (-1.0..1.0).contains(v)));
            let packed = t.pack(format).unwrap_or_else(|| panic!("{dtype:?} inputs are values of their type"));
            assert_eq!((packed.len(), packed.bits.len() * 2), (128, 256));
            assert_eq!(packed.unpack(), t);
        }
        // An f32 input is not one of bf16's values (and stays f32).
        let t = Tensor::random(&TensorType::new([16, 8], DType::F32), 3);
        assert_eq!(t.pack(HalfFloat::Bf16), None);
        assert_ne!(Tensor::random(&TensorType::new([16, 8], DType::BF16), 3), t, "the type rounds the draws");
    }

    #[test]
    fn permuting_in_place_borrows() {
        let t = Tensor::from_fn(&[2, 3], |i| (i[0] * 10 + i[1]) as f32);
        assert!(matches!(t.permuted(&[0, 1]), Cow::Borrowed(_)));
        assert!(matches!(t.permuted(&[1, 0]), Cow::Owned(_)));
        assert_eq!(t.permuted(&[0, 1]).into_owned(), t);
    }

    #[test]
    fn transposing_twice_is_identity() {
        let t = Tensor::from_fn(&[2, 3, 4], |i| (i[0] * 100 + i[1] * 10 + i[2]) as f32);
        let u = t.transposed(&[2, 0, 1]);
        assert_eq!(u.shape(), &[4, 2, 3]);
        assert_eq!(u.at(&[3, 1, 2]), 123.0);
        assert_eq!(u.transposed(&[1, 2, 0]), t);
    }
}
