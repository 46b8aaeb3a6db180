//! Ops on the bits of elements: `bitcast_convert` (reinterpret the bits as another
//! element type) and `rng_bit_generator` (random bits from a generator state).

use super::Operand;
use crate::dtype::{DType, DTypeClass};
use crate::ir::TensorType;

/// `bitcast_convert` to `dtype`: the same bits read as another element type. When the
/// widths differ, the narrower side has one more, trailing, dimension of size
/// `wider width / narrower width` (one wide element is that many narrow ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BitcastConvert {
    /// The result's element type.
    pub dtype: DType,
}

impl BitcastConvert {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let x = &operands[0];
        if x.ty.dtype == DType::I1 || self.dtype == DType::I1 {
            return Err(format!("{} is {}; bitcast_convert to or from i1 is not supported", x.name, x.ty));
        }
        let (from, to) = (x.ty.dtype.size_bytes() as i64, self.dtype.size_bytes() as i64);
        let mut shape = x.ty.shape.clone();
        if from > to {
            shape.push(from / to);
        } else if from < to {
            let ratio = to / from;
            if shape.last() != Some(&ratio) {
                return Err(format!(
                    "{} is {} but a bitcast from {} to {} needs a trailing dimension of size {ratio}",
                    x.name, x.ty, x.ty.dtype, self.dtype
                ));
            }
            shape.pop();
        }
        Ok(vec![TensorType::new(shape, self.dtype)])
    }
}

/// The generator of `rng_bit_generator` (StableHLO's `RngAlgorithm`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RngAlgorithm {
    /// The implementation's choice.
    Default,
    /// Threefry.
    ThreeFry,
    /// Philox.
    Philox,
}

impl RngAlgorithm {
    /// Every algorithm.
    pub const ALL: [RngAlgorithm; 3] = [RngAlgorithm::Default, RngAlgorithm::ThreeFry, RngAlgorithm::Philox];

    /// StableHLO's spelling: `DEFAULT`, `THREE_FRY`, `PHILOX`.
    pub fn name(self) -> &'static str {
        match self {
            RngAlgorithm::Default => "DEFAULT",
            RngAlgorithm::ThreeFry => "THREE_FRY",
            RngAlgorithm::Philox => "PHILOX",
        }
    }
}

/// `rng_bit_generator(state)`: the next generator state (the operand's type) and a
/// tensor of random bits of type `result`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RngBitGenerator {
    /// The generator.
    pub algorithm: RngAlgorithm,
    /// The type of the random output.
    pub result: TensorType,
}

impl RngBitGenerator {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let state = &operands[0];
        if state.ty.rank() != 1 || state.ty.dtype.class() != DTypeClass::Integer {
            return Err(format!("the state {} is {} but must be a 1-d integer tensor", state.name, state.ty));
        }
        super::check_shape("shape", &self.result.shape)?;
        if self.result.dtype == DType::I1 {
            return Err(format!("the output type {} has no random bits to hold", self.result));
        }
        Ok(vec![state.ty.clone(), self.result.clone()])
    }
}
