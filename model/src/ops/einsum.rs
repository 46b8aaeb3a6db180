//! `einsum`: a contraction written as an equation, `"bsh,hf->bsf"`.
//!
//! One letter (`a-z`, `A-Z`) per operand dimension; the output after `->` is required.
//! A letter names one size everywhere it appears; letters missing from the output are
//! summed over. Diagonals (a letter repeated within one operand) are not supported.

use super::Operand;
use crate::ir::TensorType;
use std::fmt;
use std::str::FromStr;

/// A parsed einsum equation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EinsumEquation {
    /// The letters of each operand.
    pub inputs: Vec<Vec<char>>,
    /// The letters of the result.
    pub output: Vec<char>,
}

impl EinsumEquation {
    /// Every distinct letter, in order of first appearance (inputs, then output).
    pub fn letters(&self) -> Vec<char> {
        let mut letters: Vec<char> = Vec::new();
        for &c in self.inputs.iter().flatten().chain(&self.output) {
            if !letters.contains(&c) {
                letters.push(c);
            }
        }
        letters
    }

    /// The size of every letter of [`EinsumEquation::letters`], from the operands.
    pub fn letter_sizes(&self, operands: &[&TensorType]) -> Vec<i64> {
        self.letters()
            .iter()
            .map(|&c| {
                self.inputs
                    .iter()
                    .zip(operands)
                    .find_map(|(letters, ty)| letters.iter().position(|&l| l == c).map(|d| ty.shape[d]))
                    .unwrap_or(1)
            })
            .collect()
    }

    pub(crate) fn infer(&self, operands: &[Operand<'_>]) -> Result<Vec<TensorType>, String> {
        if operands.len() != self.inputs.len() {
            return Err(format!(
                "equation {self} has {} inputs but there are {} operands",
                self.inputs.len(),
                operands.len()
            ));
        }
        let mut sizes: Vec<(char, i64, &str)> = Vec::new();
        for (letters, x) in self.inputs.iter().zip(operands) {
            if letters.len() != x.ty.rank() {
                return Err(format!(
                    "equation {self} gives {} {} letters but it has rank {}",
                    x.name,
                    letters.len(),
                    x.ty.rank()
                ));
            }
            if x.ty.dtype != operands[0].ty.dtype {
                return Err(format!("{} is {} but {} is {}", x.name, x.ty, operands[0].name, operands[0].ty));
            }
            for (&c, &size) in letters.iter().zip(&x.ty.shape) {
                match sizes.iter().find(|(l, _, _)| *l == c) {
                    Some(&(_, s, other)) if s != size => {
                        return Err(format!("letter '{c}' is {s} in {other} but {size} in {}", x.name));
                    }
                    Some(_) => {}
                    None => sizes.push((c, size, x.name)),
                }
            }
        }
        let shape = self
            .output
            .iter()
            .map(|c| sizes.iter().find(|(l, _, _)| l == c).map(|(_, s, _)| *s))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| format!("an output letter of {self} appears in no input"))?;
        Ok(vec![TensorType::new(shape, operands[0].ty.dtype)])
    }
}

impl FromStr for EinsumEquation {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let compact: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        let (lhs, output) = compact
            .split_once("->")
            .ok_or_else(|| format!("einsum equation '{s}' needs '->' and the output letters"))?;
        let letters = |part: &str| -> Result<Vec<char>, String> {
            let chars: Vec<char> = part.chars().collect();
            if let Some(c) = chars.iter().find(|c| !c.is_ascii_alphabetic()) {
                return Err(format!("einsum equation '{s}' has '{c}'; only letters a-z and A-Z name dimensions"));
            }
            if let Some((_, c)) = chars.iter().enumerate().find(|(i, c)| chars[..*i].contains(c)) {
                return Err(format!("letter '{c}' repeats in '{part}' of '{s}'; diagonals are not supported"));
            }
            Ok(chars)
        };
        let inputs = lhs.split(',').map(letters).collect::<Result<Vec<_>, _>>()?;
        let output = letters(output)?;
        let equation = EinsumEquation { inputs, output };
        if let Some(c) = equation.output.iter().find(|c| !equation.inputs.iter().flatten().any(|l| l == *c)) {
            return Err(format!("output letter '{c}' of '{s}' appears in no input"));
        }
        Ok(equation)
    }
}

impl fmt::Display for EinsumEquation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inputs: Vec<String> = self.inputs.iter().map(|l| l.iter().collect()).collect();
        write!(f, "{}->{}", inputs.join(","), self.output.iter().collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DType;

    #[test]
    fn parses_and_infers() {
        let eq: EinsumEquation = "bsh, hf -> bsf".parse().unwrap();
        assert_eq!(eq.to_string(), "bsh,hf->bsf");
        let x = TensorType::new([2, 3, 4], DType::F32);
        let w = TensorType::new([4, 5], DType::F32);
        let out = eq.infer(&[Operand { name: "x", ty: &x }, Operand { name: "w", ty: &w }]).unwrap();
        assert_eq!(out[0].shape, vec![2, 3, 5]);
        assert_eq!(eq.letters(), vec!['b', 's', 'h', 'f']);
    }

    #[test]
    fn rejects_bad_equations() {
        assert!("ij,jk".parse::<EinsumEquation>().unwrap_err().contains("needs '->'"));
        assert!("ii->i".parse::<EinsumEquation>().unwrap_err().contains("diagonals"));
        assert!("ij->k".parse::<EinsumEquation>().unwrap_err().contains("appears in no input"));
        assert!("i1->i".parse::<EinsumEquation>().is_err());
    }
}
