//! The statistics of benchmarking: medians, a two-parameter least-squares fit
//! through the origin and its R², and Spearman's rank correlation (average ranks
//! for ties).

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

/// A fit of `y ≈ a·x1 + b·x2`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    /// The coefficient of `x1`.
    pub a: f64,
    /// The coefficient of `x2`.
    pub b: f64,
    /// The coefficient of determination of the fit on the points (unweighted):
    /// 1 − Σ residual² / Σ (y − ȳ)².
    pub r2: f64,
}

/// Least squares for `y ≈ a·x1 + b·x2` (no intercept) over `points` of
/// `(x1, x2, y)`, each residual weighted by `1/y` when `relative` (so small and large
/// measurements count alike), else by 1. The 2×2 normal equations, solved in closed
/// form; `None` when they are singular (fewer than two independent points).
pub fn fit(points: &[(f64, f64, f64)], relative: bool) -> Option<Fit> {
    let (mut s11, mut s12, mut s22, mut s1y, mut s2y) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for &(x1, x2, y) in points {
        let w = if relative && y != 0.0 { 1.0 / (y * y) } else { 1.0 };
        s11 += w * x1 * x1;
        s12 += w * x1 * x2;
        s22 += w * x2 * x2;
        s1y += w * x1 * y;
        s2y += w * x2 * y;
    }
    let det = s11 * s22 - s12 * s12;
    if !det.is_finite() || det.abs() <= 1e-12 * (s11 * s22).abs() || det == 0.0 {
        return None;
    }
    let a = (s1y * s22 - s2y * s12) / det;
    let b = (s2y * s11 - s1y * s12) / det;
    Some(Fit { a, b, r2: r_squared(points, a, b) })
}

/// The coefficient of determination of `y ≈ a·x1 + b·x2` on `points` of
/// `(x1, x2, y)` (unweighted): 1 − Σ residual² / Σ (y − ȳ)², 1 when every y is equal.
pub fn r_squared(points: &[(f64, f64, f64)], a: f64, b: f64) -> f64 {
    let mean = points.iter().map(|p| p.2).sum::<f64>() / points.len() as f64;
    let total: f64 = points.iter().map(|p| (p.2 - mean).powi(2)).sum();
    let residual: f64 = points.iter().map(|&(x1, x2, y)| (y - a * x1 - b * x2).powi(2)).sum();
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
                points.push((ka, kn, (ka * alpha + kn * inv_b) * noise));
            }
        }
        for relative in [false, true] {
            let f = fit(&points, relative).unwrap();
            assert!((f.a / alpha - 1.0).abs() < 0.05, "{f:?}");
            assert!((f.b / inv_b - 1.0).abs() < 0.05, "{f:?}");
            assert!(f.r2 > 0.99);
        }
        // Exact data is recovered exactly.
        let exact: Vec<_> = points.iter().map(|&(a, b, _)| (a, b, a * alpha + b * inv_b)).collect();
        let f = fit(&exact, true).unwrap();
        assert!((f.a / alpha - 1.0).abs() < 1e-9 && (f.b / inv_b - 1.0).abs() < 1e-9);
        // One point (or collinear columns) determines nothing.
        assert!(fit(&points[..1], false).is_none());
        assert!(fit(&[(1.0, 2.0, 3.0), (2.0, 4.0, 6.0)], false).is_none());
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
