//! `convolution` with StableHLO's semantics: strides, (possibly negative) padding,
//! input (lhs) and window (rhs) dilation, and feature and batch groups. Groups follow
//! the specification literally: split the input along its feature (or batch)
//! dimension and the kernel along its output-feature dimension into equal parts,
//! convolve part with part, concatenate the results along the output-feature
//! dimension. Each output element is a sum in a fixed order (window, then features).

use super::dilated_source;
use super::layout::concatenate;
use crate::tensor::{Tensor, for_each_index};
use autoshard_model::ops::Convolution;

/// Splits `t` along `dim` into `n` equal parts.
fn split(t: &Tensor, dim: usize, n: usize) -> Vec<Tensor> {
    let part = t.shape()[dim] / n.max(1);
    (0..n).map(|g| t.slab(dim, g * part, part)).collect()
}

/// `convolution` of `lhs` (input) and `rhs` (kernel).
pub(crate) fn convolution(lhs: &Tensor, rhs: &Tensor, c: &Convolution) -> Result<Tensor, String> {
    let dn = &c.dimension_numbers;
    let (split_dim, groups) = if c.feature_group_count > 1 {
        (dn.input_feature, c.feature_group_count as usize)
    } else if c.batch_group_count > 1 {
        (dn.input_batch, c.batch_group_count as usize)
    } else {
        return ungrouped(lhs, rhs, c);
    };
    let parts = split(lhs, split_dim, groups)
        .iter()
        .zip(split(rhs, dn.kernel_output_feature, groups))
        .map(|(l, r)| ungrouped(l, &r, c))
        .collect::<Result<Vec<_>, _>>()?;
    let refs: Vec<&Tensor> = parts.iter().collect();
    concatenate(&refs, dn.output_feature as i64).ok_or_else(|| "the groups' results differ in shape".to_string())
}

/// A convolution with one feature group and one batch group.
fn ungrouped(lhs: &Tensor, rhs: &Tensor, c: &Convolution) -> Result<Tensor, String> {
    let dn = &c.dimension_numbers;
    let spatial = dn.input_spatial.len();
    let mut shape = vec![0; spatial + 2];
    shape[dn.output_batch] = lhs.shape()[dn.input_batch];
    shape[dn.output_feature] = rhs.shape()[dn.kernel_output_feature];
    for i in 0..spatial {
        let size = c
            .output_size(i, lhs.shape()[dn.input_spatial[i]] as i64, rhs.shape()[dn.kernel_spatial[i]] as i64)
            .map_err(|e| e.to_string())?;
        shape[dn.output_spatial[i]] = size as usize;
    }
    let window: Vec<usize> = dn.kernel_spatial.iter().map(|&d| rhs.shape()[d]).collect();
    let features = rhs.shape()[dn.kernel_input_feature];
    let mut li = vec![0; lhs.rank()];
    let mut ri = vec![0; rhs.rank()];
    Ok(Tensor::from_fn(&shape, |out| {
        li[dn.input_batch] = out[dn.output_batch];
        ri[dn.kernel_output_feature] = out[dn.output_feature];
        let mut sum = 0.0f32;
        for_each_index(&window, |k| {
            for i in 0..spatial {
                let at = out[dn.output_spatial[i]] as i64 * c.window_strides[i] + k[i] as i64 * c.rhs_dilation[i];
                let size = lhs.shape()[dn.input_spatial[i]];
                let Some(source) = dilated_source(at, c.padding[i].0, c.lhs_dilation[i], size) else { return };
                li[dn.input_spatial[i]] = source;
                ri[dn.kernel_spatial[i]] = k[i];
            }
            for f in 0..features {
                li[dn.input_feature] = f;
                ri[dn.kernel_input_feature] = f;
                sum += lhs.at(&li) * rhs.at(&ri);
            }
        });
        sum
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conv(strides: Vec<i64>, padding: Vec<(i64, i64)>, groups: (i64, i64)) -> Convolution {
        Convolution {
            dimension_numbers: "[b, 0, f]x[0, i, o]->[b, 0, f]".parse().unwrap(),
            window_strides: strides,
            padding,
            lhs_dilation: vec![1],
            rhs_dilation: vec![1],
            feature_group_count: groups.0,
            batch_group_count: groups.1,
        }
    }

    #[test]
    fn one_dimensional_by_hand() {
        // x = [1, 2, 3, 4], k = [1, 10]: valid correlation -> [21, 32, 43].
        let x = Tensor::from_vec(&[1, 4, 1], vec![1.0, 2.0, 3.0, 4.0]).unwrap();
        let k = Tensor::from_vec(&[2, 1, 1], vec![1.0, 10.0]).unwrap();
        let y = convolution(&x, &k, &conv(vec![1], vec![(0, 0)], (1, 1))).unwrap();
        assert_eq!(y.data(), &[21.0, 32.0, 43.0]);
        // Stride 2 and one padding element on each side: windows [0,1], [2,3], [4,0].
        let y = convolution(&x, &k, &conv(vec![2], vec![(1, 1)], (1, 1))).unwrap();
        assert_eq!(y.data(), &[10.0, 32.0, 4.0]);
    }

    #[test]
    fn feature_groups_use_their_own_channels() {
        // Two channels, two groups, one output feature each: y = x * k per channel.
        let x = Tensor::from_vec(&[1, 1, 2], vec![3.0, 5.0]).unwrap();
        let k = Tensor::from_vec(&[1, 1, 2], vec![2.0, 7.0]).unwrap();
        let y = convolution(&x, &k, &conv(vec![1], vec![(0, 0)], (2, 1))).unwrap();
        assert_eq!(y.data(), &[6.0, 35.0]);
    }
}
