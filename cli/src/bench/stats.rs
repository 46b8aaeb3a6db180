//! The statistics of benchmarking: medians, weighted least-squares fits through
//! the origin and their R², and Spearman's rank correlation (average ranks for
//! ties).

/// The median of `xs` (the mean of the middle two for an even count); `None` if
/// empty or if any is NaN.
pub fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() || xs.iter().any(|x| x.is_nan()) {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 { v[m] } else { (v[m - 1] + v[m]) / 2.0 })
}

/// Least squares for `y ≈ Σ c_k·x_k` (no intercept) over `points` of `(x, y)`,
/// each residual weighted by `1/y` when `relative` (so small and large measurements
/// count alike), else by 1: the N×N normal equations, solved by Gaussian elimination
/// with partial pivoting. `None` when they are singular (dependent columns, or
/// fewer independent points than coefficients).
pub fn least_squares<const N: usize>(points: &[([f64; N], f64)], relative: bool) -> Option<[f64; N]> {
    // The normal equations [XᵀWX | XᵀWy], one row per coefficient.
    let mut m = [[0.0; N]; N];
    let mut v = [0.0; N];
    for (x, y) in points {
        let w = if relative && *y != 0.0 { 1.0 / (y * y) } else { 1.0 };
        for r in 0..N {
            for c in 0..N {
                m[r][c] += w * x[r] * x[c];
            }
            v[r] += w * x[r] * y;
        }
    }
    let scale = (0..N).map(|k| m[k][k].abs()).fold(0.0, f64::max);
    for col in 0..N {
        let pivot = (col..N).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if !m[pivot][col].is_finite() || m[pivot][col].abs() <= 1e-12 * scale {
            return None;
        }
        m.swap(col, pivot);
        v.swap(col, pivot);
        let (pivot_row, pivot_v) = (m[col], v[col]);
        for (row, value) in m.iter_mut().zip(v.iter_mut()).skip(col + 1) {
            let f = row[col] / pivot_row[col];
            for (a, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                *a -= f * p;
            }
            *value -= f * pivot_v;
        }
    }
    let mut out = [0.0; N];
    for r in (0..N).rev() {
        let known: f64 = (r + 1..N).map(|c| m[r][c] * out[c]).sum();
        out[r] = (v[r] - known) / m[r][r];
    }
    Some(out)
}

/// The coefficient of determination of `y ≈ Σ c_k·x_k` on `points` of `(x, y)`
/// (unweighted): 1 − Σ residual² / Σ (y − ȳ)², 1 when every y is equal.
pub fn r_squared<const N: usize>(points: &[([f64; N], f64)], coefficients: &[f64; N]) -> f64 {
    let mean = points.iter().map(|p| p.1).sum::<f64>() / points.len() as f64;
    let total: f64 = points.iter().map(|p| (p.1 - mean).powi(2)).sum();
    let predicted = |x: &[f64; N]| x.iter().zip(coefficients).map(|(x, c)| x * c).sum::<f64>();
    let residual: f64 = points.iter().map(|(x, y)| (y - predicted(x)).powi(2)).sum();
    if total > 0.0 { 1.0 - residual / total } else { 1.0 }
}

/// The ranks of `xs` from 1, ties sharing the average of their ranks.
pub fn ranks(xs: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&i, &j| xs[i].total_cmp(&xs[j]));
    let mut ranks = vec![0.0; xs.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && xs[order[end]] == xs[order[start]] {
            end += 1;
        }
        // Ranks start+1 ..= end share their mean.
        let rank = (start + 1 + end) as f64 / 2.0;
        order[start..end].iter().for_each(|&i| ranks[i] = rank);
        start = end;
    }
    ranks
}

/// Spearman's rank correlation of `xs` and `ys`: Pearson's correlation of their
/// ranks (average ranks for ties). `None` for fewer than two pairs, unequal lengths,
/// or when either side has all ranks equal.
pub fn spearman(xs: &[f64], ys: &[f64]) -> Option<f64> {
    if xs.len() != ys.len() || xs.len() < 2 {
        return None;
    }
    let (rx, ry) = (ranks(xs), ranks(ys));
    let n = rx.len() as f64;
    let (mx, my) = (rx.iter().sum::<f64>() / n, ry.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (x, y) in rx.iter().zip(&ry) {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
        syy += (y - my) * (y - my);
    }
    (sxx > 0.0 && syy > 0.0).then(|| sxy / (sxx * syy).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn the_fit_recovers_synthetic_parameters() {
        // t = k_alpha·alpha + k_n·n/B with alpha = 5 us, B = 3 GB/s, over group sizes
        // and sizes as the collectives bench measures them, with ±1% alternating noise.
        let (alpha, inv_b) = (5e-6, 1.0 / 3e9);
        let mut points = Vec::new();
        for (i, p) in [2.0f64, 4.0, 8.0].into_iter().enumerate() {
            for (j, n) in [1e3f64, 6.4e4, 1e6, 4e6].into_iter().enumerate() {
                let (ka, kn) = (p - 1.0, (p - 1.0) / p * n);
                let noise = if (i + j) % 2 == 0 { 1.01 } else { 0.99 };
                points.push(([ka, kn], (ka * alpha + kn * inv_b) * noise));
            }
        }
        for relative in [false, true] {
            let [a, b] = least_squares(&points, relative).unwrap();
            assert!((a / alpha - 1.0).abs() < 0.05, "{a} {b}");
            assert!((b / inv_b - 1.0).abs() < 0.05, "{a} {b}");
            assert!(r_squared(&points, &[a, b]) > 0.99);
        }
        // Exact data is recovered exactly.
        let exact: Vec<_> = points.iter().map(|&([a, b], _)| ([a, b], a * alpha + b * inv_b)).collect();
        let [a, b] = least_squares(&exact, true).unwrap();
        assert!((a / alpha - 1.0).abs() < 1e-9 && (b / inv_b - 1.0).abs() < 1e-9);
        // One point (or collinear columns) determines nothing.
        assert!(least_squares(&points[..1], false).is_none());
        assert!(least_squares(&[([1.0, 2.0], 3.0), ([2.0, 4.0], 6.0)], false).is_none());
    }

    #[test]
    fn three_coefficients_are_recovered_and_dependent_columns_refused() {
        // t = c + k_alpha·alpha + k_n·n/B: an overhead beside the formula.
        let truth = [2e-6, 5e-7, 1.0 / 3e9];
        let mut rows = Vec::new();
        for p in [2.0f64, 4.0, 8.0] {
            for n in [1e3f64, 6.4e4, 1e6, 4e6] {
                let x = [1.0, p - 1.0, (p - 1.0) / p * n];
                rows.push((x, x.iter().zip(&truth).map(|(x, c)| x * c).sum::<f64>()));
            }
        }
        let got = least_squares(&rows, true).unwrap();
        for (g, t) in got.iter().zip(&truth) {
            assert!((g / t - 1.0).abs() < 1e-6, "{got:?}");
        }
        assert!((r_squared(&rows, &got) - 1.0).abs() < 1e-9);
        // A constant column twice over: singular.
        let twice: Vec<([f64; 3], f64)> = rows.iter().map(|&([c, a, _], y)| ([c, a, 2.0 * c], y)).collect();
        assert!(least_squares(&twice, false).is_none());
    }

    #[test]
    fn spearman_uses_average_ranks() {
        assert_eq!(ranks(&[10.0, 30.0, 20.0, 20.0]), [1.0, 4.0, 2.5, 2.5]);
        assert_eq!(spearman(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]), Some(1.0));
        assert_eq!(spearman(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]), Some(-1.0));
        // Monotone but not linear: still 1.
        assert_eq!(spearman(&[1.0, 2.0, 3.0, 4.0], &[1.0, 8.0, 27.0, 1000.0]), Some(1.0));
        // With ties: ranks x = [1, 2.5, 2.5, 4], y = [1, 2, 3, 4] → ρ = 4.5 / sqrt(4.5 · 5).
        let rho = spearman(&[1.0, 2.0, 2.0, 3.0], &[1.0, 2.0, 3.0, 4.0]).unwrap();
        assert!((rho - 4.5 / (4.5f64 * 5.0).sqrt()).abs() < 1e-12);
        assert_eq!(spearman(&[1.0, 1.0], &[1.0, 2.0]), None);
        assert_eq!(spearman(&[1.0], &[1.0]), None);
    }
}
