//! Fuzzing of the config reader: mutated example configs must give a config or
//! located errors, never a panic, and every error must point inside the file.

use autoshard_config::Config;
use proptest::prelude::*;

const CONFIGS: [&str; 3] = [
    include_str!("../../configs/mlp.yaml"),
    include_str!("../../configs/transformer_block.yaml"),
    include_str!("../../configs/constructs.yaml"),
];

const SNIPPETS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ", ",
    "\n",
    "  ",
    "- ",
    "'",
    "\"",
    "x",
    "-1",
    "0",
    "99999999999999999999",
    "1e400",
    "null",
    "true",
    "{\"data\"}",
    "[{}]",
    "name: ",
    "op: ",
    "operands: [x]",
    "sharding: '[{\"model\"}]'",
    "&a ",
    "*a",
    "!!str ",
    "#",
    "\t",
    "?",
    "shape: [4, 4]",
    "body: {args: [a], ops: [], results: [a]}",
];

fn mutate(text: &str, edits: &[(usize, usize, &str)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, len, insert) in edits {
        let at = at % (chars.len() + 1);
        let end = (at + len % 8).min(chars.len());
        chars.splice(at..end, insert.chars());
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_configs_never_panic(
        which in 0usize..3,
        edits in prop::collection::vec((any::<usize>(), any::<usize>(), prop::sample::select(SNIPPETS)), 1..4),
    ) {
        let source = mutate(CONFIGS[which], &edits);
        let lines: Vec<&str> = source.lines().collect();
        if let Err(e) = Config::from_source("fuzz.yaml", &source) {
            prop_assert!(!e.diagnostics.is_empty());
            for d in &e.diagnostics {
                let (line, column) = (d.location.line as usize, d.location.column as usize);
                // A line past the last is the end of the file; a column past a line's
                // last character is its end.
                prop_assert!(line >= 1 && line <= lines.len().max(1) + 1, "{d} is outside the file");
                let width = lines.get(line - 1).map_or(0, |l| l.chars().count());
                prop_assert!(column >= 1 && column <= width + 1, "{d} is outside its line ({width} characters)");
            }
        }
    }
}
