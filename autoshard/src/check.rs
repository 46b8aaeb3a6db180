//! What `autoshard check FILE` reads: a YAML config or a StableHLO module, read into
//! a program ([`Config`]), or a module in Shardy's `mpmd` dialect (before or after
//! MPMD partitioning), read and verified by the `mpmd` crate's one reader and
//! verifier with Shardy's rules and messages.

use crate::{Config, Result};
use autoshard_config::LoadError;
use std::path::Path;

/// A file read and checked by [`check()`].
#[derive(Debug, Clone)]
pub enum Checked {
    /// A YAML config or a StableHLO module: its program read, every type inferred
    /// and every sharding verified.
    Config(Box<Config>),
    /// A module in Shardy's `mpmd` dialect (named computations, or fragments on the
    /// meshes of a topology with transfers between them), read and verified.
    Mpmd(Box<autoshard_mpmd::Module>),
}

/// Reads and checks the file at `path` (named as `path` is written in error
/// locations): a `.mlir` file that is an MPMD module ([`is_mpmd`]) is read and
/// verified as one ([`check_mpmd`]); any other file is read as [`Config::load_with_sizes`]
/// reads it, with `sizes` overriding a config's `sizes:`.
pub fn check(path: impl AsRef<Path>, sizes: &[(String, i64)]) -> Result<Checked> {
    let path = path.as_ref();
    if !autoshard_config::is_module(path) {
        return Ok(Checked::Config(Box::new(Config::load_with_sizes(path, sizes)?)));
    }
    let shown = path.display().to_string();
    if !sizes.is_empty() {
        return Err(LoadError::SizesOnModule { path: shown }.into());
    }
    let source = std::fs::read_to_string(path).map_err(|source| LoadError::Read {
        path: shown.clone(),
        what: "module",
        source,
    })?;
    if is_mpmd(&source) {
        return Ok(Checked::Mpmd(Box::new(check_mpmd(&shown, &source)?)));
    }
    Ok(Checked::Config(Box::new(Config::from_mlir(&shown, &source)?)))
}

/// Reads the MPMD module in `source` (named `file` in error locations) with the
/// `mpmd` crate's reader (top-level ops other than functions, such as JAX's
/// `sdy.mesh`es, kept as generic ops) and verifies it with Shardy's rules: the
/// module, or the first error (as MLIR's verifier stops at the first op that fails)
/// at its `FILE:LINE:COL`, in Shardy's and MLIR's wording.
pub fn check_mpmd(file: &str, source: &str) -> Result<autoshard_mpmd::Module> {
    use autoshard_mpmd::Verify as _;
    let module = autoshard_mpmd::parse_module_with_top_level_ops(file, source)?;
    module.verify()?;
    Ok(module)
}

/// Whether `source`, a module's text, is written in Shardy's `mpmd` dialect: it uses
/// an `mpmd` op (`mpmd.fragment`, or `"mpmd.fragment"` in MLIR's generic form), type
/// (`!mpmd.mesh_tensor`) or attribute (`#mpmd.topology`). Comments, strings other
/// than such an op name, and names of values and symbols (`%mpmd.x`, `@mpmd.f`) do
/// not count. Read with the one MLIR lexer, token by token.
pub fn is_mpmd(source: &str) -> bool {
    fn dialect(word: &str) -> bool {
        word.strip_prefix("mpmd.").is_some_and(|op| !op.is_empty())
    }
    let mut c = autoshard_mlir::Cursor::new(source);
    while let Some(next) = c.peek() {
        match next {
            '"' => match c.string() {
                Ok(text) if dialect(&text) && text.bytes().all(autoshard_mlir::is_ident_byte) => return true,
                Ok(_) => {}
                Err(_) => return false,
            },
            // A value's or a symbol's name, whatever it spells.
            '%' if c.value_name().is_ok() => {}
            '@' if c.symbol().is_ok() => {}
            '!' | '#' => {
                c.bump(1);
                if c.ident().is_some_and(dialect) {
                    return true;
                }
            }
            _ => match c.ident() {
                Some(word) if dialect(word) => return true,
                Some(_) => {}
                None => c.bump(1),
            },
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::is_mpmd;

    #[test]
    fn an_mpmd_op_type_or_attribute_makes_an_mpmd_module() {
        assert!(is_mpmd("%0 = mpmd.transfer %arg0 : (!t) -> !t"));
        assert!(is_mpmd("func.func @f(%a: !mpmd.mesh_tensor<\"m\", tensor<4xf32>>)"));
        assert!(is_mpmd("func.func @main() attributes {topology = #mpmd.topology<<\"m\": <[\"x\"=2]>>>}"));
        assert!(is_mpmd("%0 = \"mpmd.fragment\"(%a) ({ ... })"));
        assert!(is_mpmd("%0:2 = mpmd.named_computation<\"block0\"> (%a)"));
    }

    #[test]
    fn comments_strings_and_names_do_not() {
        assert!(!is_mpmd("// mpmd.fragment in a comment\nsdy.mesh @mesh = <[\"x\"=2]>"));
        assert!(!is_mpmd("%0 = stablehlo.add %mpmd.a, %b : tensor<4xf32>"));
        assert!(!is_mpmd("%0 = call @mpmd.f(%a) : (tensor<4xf32>) -> tensor<4xf32>"));
        assert!(!is_mpmd("{jax.result_info = \"mpmd.fragment of the loss\"}"));
        assert!(!is_mpmd("{note = \"a \\\" quote, then mpmd.fragment\"}"));
        assert!(!is_mpmd("%0 = stablehlo.custom_call @xmpmd.f(%a)"));
        assert!(!is_mpmd(""));
        assert!(!is_mpmd("\"unterminated mpmd.fragment"));
    }
}
