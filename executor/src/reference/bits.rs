//! `bitcast_convert`: the bits of each element read as another element type.
//!
//! An element's bits are those of its type: an integer's two's complement at its
//! width, a float's IEEE pattern (`bf16` the upper half of the `f32` pattern). When
//! the widths differ, one wide element is the narrow elements of the trailing
//! dimension, least significant first (little-endian, as XLA on CPU). `f16` and the
//! 8-bit floats are not supported (the interpreter holds no exact pattern for them).
//!
//! Results are held as `f32`, like every value of the interpreter, so a result is
//! exact only when `f32` can hold it: 8- and 16-bit integers, `bf16` and `f32`
//! always; a 32- or 64-bit integer only when its value needs at most 24 significant
//! bits. Wider integer values (`i32` −1 read as `u32` is 2³² − 1) and `f64` results
//! are rounded to the nearest `f32`, silently, and their bits do not survive a
//! bitcast back.

use crate::tensor::Tensor;
use autoshard_model::DType;

/// The bit width of `dtype`, if the interpreter can bitcast it.
fn width(dtype: DType) -> Result<u32, String> {
    match dtype {
        DType::F16 | DType::F8E4M3 | DType::F8E5M2 | DType::I1 => {
            Err(format!("the reference interpreter cannot bitcast {dtype} elements"))
        }
        other => Ok(other.size_bytes() as u32 * 8),
    }
}

/// The bits of `v`, an element of `dtype`.
fn bits_of(v: f32, dtype: DType, width: u32) -> u64 {
    let mask = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
    match dtype {
        DType::F64 => f64::from(v).to_bits(),
        DType::F32 => u64::from(v.to_bits()),
        DType::BF16 => u64::from(v.to_bits() >> 16),
        _ => (v as i64 as u64) & mask,
    }
}

/// The element of `dtype` whose bits are `bits`.
fn value_of(bits: u64, dtype: DType, width: u32) -> f32 {
    match dtype {
        DType::F64 => f64::from_bits(bits) as f32,
        DType::F32 => f32::from_bits(bits as u32),
        DType::BF16 => f32::from_bits((bits as u32) << 16),
        DType::U8 | DType::U32 | DType::U64 => bits as f32,
        _ => {
            let shift = 64 - width;
            ((bits << shift) as i64 >> shift) as f32
        }
    }
}

/// `bitcast_convert` of `x` (elements of `from`) to `to`, producing `shape`.
pub(crate) fn bitcast(x: &Tensor, from: DType, to: DType, shape: &[usize]) -> Result<Tensor, String> {
    let (wide, narrow) = (width(from)?, width(to)?);
    let data: Vec<f32> = if wide == narrow {
        x.data().iter().map(|&v| value_of(bits_of(v, from, wide), to, narrow)).collect()
    } else if wide > narrow {
        let pieces = wide / narrow;
        let mask = (1u64 << narrow) - 1;
        x.data()
            .iter()
            .flat_map(|&v| {
                let bits = bits_of(v, from, wide);
                (0..pieces).map(move |k| value_of((bits >> (k * narrow)) & mask, to, narrow))
            })
            .collect()
    } else {
        let pieces = (narrow / wide) as usize;
        x.data()
            .chunks(pieces)
            .map(|chunk| {
                let bits = chunk
                    .iter()
                    .enumerate()
                    .fold(0u64, |acc, (k, &v)| acc | bits_of(v, from, wide) << (k as u32 * wide));
                value_of(bits, to, narrow)
            })
            .collect()
    };
    Tensor::from_vec(shape, data).ok_or_else(|| format!("a bitcast of {:?} does not give shape {shape:?}", x.shape()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f32_to_bytes_and_back() {
        let x = Tensor::from_vec(&[2], vec![1.5, -0.25]).unwrap();
        let bytes = bitcast(&x, DType::F32, DType::U8, &[2, 4]).expect("bitcast");
        assert_eq!(&bytes.data()[..4], &[0.0, 0.0, 192.0, 63.0]); // 0x3FC00000, little-endian
        let back = bitcast(&bytes, DType::U8, DType::F32, &[2]).expect("bitcast");
        assert_eq!(back, x);
        let signed = bitcast(&Tensor::scalar(-1.0), DType::I32, DType::U32, &[]).expect("bitcast");
        assert_eq!(signed.data(), &[u32::MAX as f32]);
    }
}
