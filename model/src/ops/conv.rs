//! `convolution` with StableHLO's dimension numbers, written as in MLIR:
//! `"[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]"` (position = tensor dimension; `b`/`f`
//! batch and feature, `i`/`o` kernel input and output feature, digits the spatial
//! dimensions in order).

use super::Operand;
use super::window::window_count;
use crate::ir::TensorType;
use std::fmt;
use std::str::FromStr;

/// Which tensor dimension plays which role in a convolution.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ConvDimensionNumbers {
    /// Batch dimension of the input.
    pub input_batch: usize,
    /// Feature dimension of the input.
    pub input_feature: usize,
    /// Spatial dimensions of the input, in spatial order.
    pub input_spatial: Vec<usize>,
    /// Input-feature dimension of the kernel.
    pub kernel_input_feature: usize,
    /// Output-feature dimension of the kernel.
    pub kernel_output_feature: usize,
    /// Spatial dimensions of the kernel, in spatial order.
    pub kernel_spatial: Vec<usize>,
    /// Batch dimension of the output.
    pub output_batch: usize,
    /// Feature dimension of the output.
    pub output_feature: usize,
    /// Spatial dimensions of the output, in spatial order.
    pub output_spatial: Vec<usize>,
}

/// One `[...]` group: the position of each named role and of each spatial index.
fn parse_group(text: &str, roles: [char; 2], whole: &str) -> Result<([usize; 2], Vec<usize>), String> {
    let inner = text
        .trim()
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| format!("dimension_numbers '{whole}': expected '[...]', got '{text}'"))?;
    let entries: Vec<&str> = inner.split(',').map(str::trim).collect();
    let mut found = [None, None];
    let mut spatial: Vec<Option<usize>> = vec![None; entries.len().saturating_sub(2)];
    for (position, entry) in entries.iter().enumerate() {
        let role = roles.iter().position(|r| entry.len() == 1 && entry.starts_with(*r));
        match (role, entry.parse::<usize>()) {
            (Some(r), _) if found[r].is_none() => found[r] = Some(position),
            (None, Ok(s)) if s < spatial.len() && spatial[s].is_none() => spatial[s] = Some(position),
            _ => {
                return Err(format!(
                    "dimension_numbers '{whole}': unexpected '{entry}' in '{text}' (expected {}, {} and spatial indices 0..{} once each)",
                    roles[0],
                    roles[1],
                    spatial.len()
                ));
            }
        }
    }
    let missing = || format!("dimension_numbers '{whole}': '{text}' must name {} and {} once", roles[0], roles[1]);
    let roles = [found[0].ok_or_else(missing)?, found[1].ok_or_else(missing)?];
    let spatial = spatial.into_iter().collect::<Option<Vec<_>>>().ok_or_else(missing)?;
    Ok((roles, spatial))
}

impl FromStr for ConvDimensionNumbers {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let compact: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        let (lhs, out) = compact.split_once("->").ok_or_else(|| format!("dimension_numbers '{s}' needs '->'"))?;
        let (input, kernel) = lhs
            .split_once("]x[")
            .map(|(a, b)| (format!("{a}]"), format!("[{b}")))
            .ok_or_else(|| format!("dimension_numbers '{s}' must look like [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]"))?;
        let ([input_batch, input_feature], input_spatial) = parse_group(&input, ['b', 'f'], s)?;
        let ([kernel_input_feature, kernel_output_feature], kernel_spatial) = parse_group(&kernel, ['i', 'o'], s)?;
        let ([output_batch, output_feature], output_spatial) = parse_group(out, ['b', 'f'], s)?;
        if input_spatial.len() != kernel_spatial.len() || input_spatial.len() != output_spatial.len() {
            return Err(format!(
                "dimension_numbers '{s}': input, kernel and output need the same number of spatial dims"
            ));
        }
        Ok(ConvDimensionNumbers {
            input_batch,
            input_feature,
            input_spatial,
            kernel_input_feature,
            kernel_output_feature,
            kernel_spatial,
            output_batch,
            output_feature,
            output_spatial,
        })
    }
}

fn write_group(f: &mut fmt::Formatter<'_>, roles: [(usize, char); 2], spatial: &[usize]) -> fmt::Result {
    let mut entries = vec![String::new(); 2 + spatial.len()];
    for (position, role) in roles {
        entries[position] = role.to_string();
    }
    for (index, &position) in spatial.iter().enumerate() {
        entries[position] = index.to_string();
    }
    write!(f, "[{}]", entries.join(", "))
}

impl fmt::Display for ConvDimensionNumbers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_group(f, [(self.input_batch, 'b'), (self.input_feature, 'f')], &self.input_spatial)?;
        f.write_str("x")?;
        write_group(f, [(self.kernel_input_feature, 'i'), (self.kernel_output_feature, 'o')], &self.kernel_spatial)?;
        f.write_str("->")?;
        write_group(f, [(self.output_batch, 'b'), (self.output_feature, 'f')], &self.output_spatial)
    }
}

/// `convolution`'s attributes. Per-spatial-dimension lists default to strides and
/// dilations of 1 and no padding.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Convolution {
    /// Roles of the dimensions.
    pub dimension_numbers: ConvDimensionNumbers,
    /// Window stride per spatial dimension.
    pub window_strides: Vec<i64>,
    /// `(low, high)` padding per spatial dimension.
    pub padding: Vec<(i64, i64)>,
    /// Input dilation per spatial dimension.
    pub lhs_dilation: Vec<i64>,
    /// Kernel dilation per spatial dimension.
    pub rhs_dilation: Vec<i64>,
    /// Number of feature groups.
    pub feature_group_count: i64,
    /// Number of batch groups.
    pub batch_group_count: i64,
}

impl Convolution {
    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        let (lhs, rhs) = (&operands[0], &operands[1]);
        let dn = &self.dimension_numbers;
        let spatial = dn.input_spatial.len();
        for x in [lhs, rhs] {
            if x.ty.rank() != spatial + 2 {
                return Err(format!(
                    "{} has rank {} but dimension_numbers {dn} need rank {}",
                    x.name,
                    x.ty.rank(),
                    spatial + 2
                ));
            }
        }
        if lhs.ty.dtype != rhs.ty.dtype {
            return Err(format!("{} is {} but {} is {}", lhs.name, lhs.ty, rhs.name, rhs.ty));
        }
        for (attr, len) in [
            ("window_strides", self.window_strides.len()),
            ("padding", self.padding.len()),
            ("lhs_dilation", self.lhs_dilation.len()),
            ("rhs_dilation", self.rhs_dilation.len()),
        ] {
            if len != spatial {
                return Err(format!("{attr} has {len} entries but there are {spatial} spatial dims"));
            }
        }
        let (fg, bg) = (self.feature_group_count, self.batch_group_count);
        if fg < 1 || bg < 1 || (fg > 1 && bg > 1) {
            return Err(format!("feature_group_count {fg} and batch_group_count {bg} must be >= 1, and not both > 1"));
        }
        let in_features = lhs.ty.shape[dn.input_feature];
        let kernel_in = rhs.ty.shape[dn.kernel_input_feature];
        if in_features != kernel_in * fg {
            return Err(format!(
                "{} has {in_features} input features but {} expects {kernel_in} x feature_group_count {fg}",
                lhs.name, rhs.name
            ));
        }
        let batch = lhs.ty.shape[dn.input_batch];
        let out_features = rhs.ty.shape[dn.kernel_output_feature];
        if batch % bg != 0 || out_features % (fg * bg) != 0 {
            return Err(format!(
                "batch {batch} and output features {out_features} must divide by the group counts ({fg}, {bg})"
            ));
        }
        let mut shape = vec![0; spatial + 2];
        shape[dn.output_batch] = batch / bg;
        shape[dn.output_feature] = out_features;
        for i in 0..spatial {
            shape[dn.output_spatial[i]] = self
                .output_size(i, lhs.ty.shape[dn.input_spatial[i]], rhs.ty.shape[dn.kernel_spatial[i]])
                .map_err(|e| e.to_string())?;
        }
        Ok(vec![TensorType::new(shape, lhs.ty.dtype)])
    }

    /// The output size of spatial dimension `i` for an input of `size` and a window of
    /// `window` (after dilation and padding), or why there is none.
    pub fn output_size(&self, i: usize, size: i64, window: i64) -> crate::Result<i64> {
        let (stride, lhs_dil, rhs_dil) = (self.window_strides[i], self.lhs_dilation[i], self.rhs_dilation[i]);
        if stride < 1 || lhs_dil < 1 || rhs_dil < 1 {
            return Err(crate::Error::Program(format!("spatial dim {i}: strides and dilations must be at least 1")));
        }
        window_count(size, self.padding[i], lhs_dil, window, rhs_dil, stride).map_err(|padded| {
            crate::Error::Program(format!("spatial dim {i}: padding makes the input size negative ({padded})"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DType;

    #[test]
    fn dimension_numbers_round_trip() {
        for text in ["[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]", "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]"] {
            assert_eq!(text.parse::<ConvDimensionNumbers>().unwrap().to_string(), text);
        }
        assert!("[b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f]".parse::<ConvDimensionNumbers>().is_err());
    }

    #[test]
    fn infers_a_strided_padded_conv() {
        let conv = Convolution {
            dimension_numbers: "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]".parse().unwrap(),
            window_strides: vec![2, 2],
            padding: vec![(1, 1), (1, 1)],
            lhs_dilation: vec![1, 1],
            rhs_dilation: vec![1, 1],
            feature_group_count: 1,
            batch_group_count: 1,
        };
        let x = TensorType::new([8, 32, 32, 16], DType::F32);
        let k = TensorType::new([3, 3, 16, 64], DType::F32);
        let out = conv.infer(&[Operand { name: "x", ty: &x }, Operand { name: "k", ty: &k }]).unwrap();
        assert_eq!(out[0].shape, vec![8, 16, 16, 64]);
    }
}
