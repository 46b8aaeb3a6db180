//! Normalisations over some dimensions ("rows"): `softmax` (max-subtracted),
//! `layer_norm` ((x - mean) / sqrt(var + eps) * scale + bias) and `rms_norm`
//! (x / sqrt(mean(x^2) + eps) * scale). Statistics are accumulated in f64 in row-major
//! order of the normalised dimensions; the scale and bias are indexed the same way.
//! `batch_norm_inference` uses given statistics: `(x - mean) / sqrt(variance + eps)
//! * scale + offset` per feature.

use crate::tensor::{Tensor, for_each_index, offset};

/// Calls `f` with the flat offsets of each row of `x` over `dims`, each row in
/// row-major order of `dims`.
fn for_each_row(x: &Tensor, dims: &[usize], mut f: impl FnMut(&[usize])) {
    let outer: Vec<usize> = (0..x.rank()).map(|d| if dims.contains(&d) { 1 } else { x.shape()[d] }).collect();
    let inner: Vec<usize> = dims.iter().map(|&d| x.shape()[d]).collect();
    let mut row = Vec::with_capacity(inner.iter().product());
    for_each_index(&outer, |o| {
        let mut index = o.to_vec();
        row.clear();
        for_each_index(&inner, |i| {
            for (k, &d) in dims.iter().enumerate() {
                index[d] = i[k];
            }
            row.push(offset(x.shape(), &index));
        });
        f(&row);
    });
}

/// `softmax` along `dimension`.
pub fn softmax(x: &Tensor, dimension: usize) -> Tensor {
    let mut out = x.clone();
    for_each_row(x, &[dimension], |row| {
        let max = row.iter().map(|&i| x.data()[i]).fold(f32::NEG_INFINITY, f32::max);
        let exps: Vec<f64> = row.iter().map(|&i| f64::from(x.data()[i] - max).exp()).collect();
        let total: f64 = exps.iter().sum();
        for (&i, e) in row.iter().zip(exps) {
            out.data_mut()[i] = (e / total) as f32;
        }
    });
    out
}

/// `layer_norm` (with `centre`) or `rms_norm` (without) over `dims`, with optional
/// scale and bias indexed like a row.
pub fn normalise(
    x: &Tensor,
    dims: &[usize],
    epsilon: f64,
    centre: bool,
    params: (Option<&Tensor>, Option<&Tensor>),
) -> Tensor {
    let mut out = x.clone();
    for_each_row(x, dims, |row| {
        let n = row.len().max(1) as f64;
        let values: Vec<f64> = row.iter().map(|&i| f64::from(x.data()[i])).collect();
        let mean = if centre { values.iter().sum::<f64>() / n } else { 0.0 };
        let var = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
        let inv = 1.0 / (var + epsilon).sqrt();
        for (k, (&i, v)) in row.iter().zip(&values).enumerate() {
            let scale = params.0.map_or(1.0, |s| f64::from(s.data()[k]));
            let bias = params.1.map_or(0.0, |b| f64::from(b.data()[k]));
            out.data_mut()[i] = ((v - mean) * inv * scale + bias) as f32;
        }
    });
    out
}

/// `batch_norm_inference(x, scale, offset, mean, variance)` along `feature`; an
/// error for any other number of operands.
pub(crate) fn batch_norm_inference(operands: &[&Tensor], epsilon: f64, feature: usize) -> Result<Tensor, String> {
    let [x, scale, offset, mean, variance] = operands else {
        return Err(format!(
            "batch_norm_inference takes 5 operands (x, scale, offset, mean, variance), got {}",
            operands.len()
        ));
    };
    let stride: usize = x.shape()[feature + 1..].iter().product();
    let features = x.shape()[feature];
    let data = x
        .data()
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let f = (i / stride.max(1)) % features.max(1);
            let norm = (f64::from(v) - f64::from(mean.data()[f])) / (f64::from(variance.data()[f]) + epsilon).sqrt();
            (norm * f64::from(scale.data()[f]) + f64::from(offset.data()[f])) as f32
        })
        .collect();
    Ok(Tensor::new(x.shape(), data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_norm_inference_needs_its_five_operands() {
        let x = Tensor::from_vec(&[2], vec![1.0, 3.0]).unwrap();
        let err = batch_norm_inference(&[&x, &x], 0.0, 0).unwrap_err();
        assert!(err.contains("takes 5 operands") && err.contains("got 2"), "{err}");
        let (zero, one) = (Tensor::full(&[2], 0.0), Tensor::full(&[2], 1.0));
        let y = batch_norm_inference(&[&x, &one, &zero, &zero, &one], 0.0, 0).unwrap();
        assert_eq!(y, x);
    }

    #[test]
    fn softmax_rows_sum_to_one() {
        let x = Tensor::from_vec(&[2, 3], vec![1.0, 2.0, 3.0, -1.0, 0.0, 100.0]).unwrap();
        let y = softmax(&x, 1);
        for row in y.data().chunks(3) {
            assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        }
        assert!((y.data()[2] - 0.665_240_9).abs() < 1e-6);
        let cols = softmax(&x, 0);
        assert!((cols.data()[0] + cols.data()[3] - 1.0).abs() < 1e-6);
    }

    #[test]
    fn layer_norm_centres_and_scales() {
        let x = Tensor::from_vec(&[1, 4], vec![1.0, 2.0, 3.0, 4.0]).unwrap();
        let y = normalise(&x, &[1], 0.0, true, (None, None));
        let mean: f32 = y.data().iter().sum::<f32>() / 4.0;
        let var: f32 = y.data().iter().map(|v| v * v).sum::<f32>() / 4.0;
        assert!(mean.abs() < 1e-6 && (var - 1.0).abs() < 1e-5);
        let scale = Tensor::from_vec(&[4], vec![2.0; 4]).unwrap();
        let rms = normalise(&x, &[1], 0.0, false, (Some(&scale), None));
        let expected = 2.0 / 7.5f32.sqrt();
        assert!((rms.data()[0] - expected).abs() < 1e-6);
    }
}
