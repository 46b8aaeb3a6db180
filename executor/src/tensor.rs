//! Dense host tensors: a row-major `f32` buffer with a shape.
//!
//! Every element type is computed in `f32` by the executor (integers and booleans are
//! represented exactly up to 2^24); the shape is the tensor's, the buffer has exactly
//! `product(shape)` elements (invariant kept by every constructor).

use autoshard_model::TensorType;

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

    /// A tensor of `shape` with the given row-major elements, if their count fits.
    pub fn from_vec(shape: &[usize], data: Vec<f32>) -> Option<Self> {
        (data.len() == shape.iter().product::<usize>()).then(|| Tensor { shape: shape.to_vec(), data })
    }

    /// A tensor of `ty`'s shape with deterministic pseudo-random values in [-1, 1)
    /// derived from `seed` (SplitMix64), so runs are reproducible.
    pub fn random(ty: &TensorType, seed: u64) -> Self {
        let shape: Vec<usize> = ty.shape.iter().map(|&d| usize::try_from(d).unwrap_or(0)).collect();
        let mut state = seed;
        let data = (0..shape.iter().product::<usize>())
            .map(|_| {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^= z >> 31;
                ((z >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
            })
            .collect();
        Tensor { shape, data }
    }

    /// The shape.
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// The elements, row-major.
    pub fn data(&self) -> &[f32] {
        &self.data
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoshard_model::DType;

    #[test]
    fn random_is_deterministic_and_bounded() {
        let ty = TensorType::new([4, 8], DType::F32);
        let a = Tensor::random(&ty, 7);
        assert_eq!(a, Tensor::random(&ty, 7));
        assert_ne!(a, Tensor::random(&ty, 8));
        assert!(a.data().iter().all(|v| (-1.0..1.0).contains(v)));
        assert!(Tensor::from_vec(&[2, 2], vec![0.0; 3]).is_none());
    }
}
