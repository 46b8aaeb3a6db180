//! `autoshard iopddl` end to end: the contest's example and small generated
//! instances (gzip-compressed, with forbidden markers and a usage limit) solved to
//! the brute-force optimum, the output in the contest's form, bad input refused.

use autoshard::solver::Instance;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::io::Write;

use crate::common::autoshard;

/// The strategies and cost of the contest's output lines.
fn parse(stdout: &str) -> (Vec<usize>, i128) {
    let mut lines = stdout.lines();
    let list = lines.next().unwrap().trim_start_matches('[').trim_end_matches(']');
    let strategies = list.split(", ").filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect();
    let cost = lines.next().unwrap().strip_prefix("cost ").unwrap().parse().unwrap();
    (strategies, cost)
}

#[test]
fn the_contest_example_is_solved_to_its_optimum() {
    let (code, stdout, stderr) = autoshard(&["iopddl", "solver/tests/data/iopddl/example.json", "--time-limit", "5"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "[0, 0, 2, 1, 0]\ncost 445\n");
}

/// A random instance in the contest's JSON: up to 7 nodes with up to 3 strategies,
/// random intervals and usages, edges with some forbidden (1e18) entries, and a limit
/// between the smallest and largest possible peaks.
fn instance(rng: &mut StdRng) -> String {
    let n = rng.random_range(2..8);
    let k: Vec<usize> = (0..n).map(|_| rng.random_range(1..4)).collect();
    let mut intervals = Vec::new();
    let (mut costs, mut usages) = (Vec::new(), Vec::new());
    for &kv in &k {
        let start = rng.random_range(0..6);
        intervals.push(format!("[{start}, {}]", start + rng.random_range(0..4)));
        costs.push(format!("{:?}", (0..kv).map(|_| rng.random_range(0..100)).collect::<Vec<u64>>()));
        usages.push(format!("{:?}", (0..kv).map(|_| rng.random_range(0..20)).collect::<Vec<u64>>()));
    }
    let (mut pairs, mut matrices) = (Vec::new(), Vec::new());
    for a in 0..n {
        for b in a + 1..n {
            if rng.random_bool(0.5) {
                pairs.push(format!("[{a}, {b}]"));
                let entries: Vec<u64> = (0..k[a] * k[b])
                    .map(|_| if rng.random_bool(0.1) { 1_000_000_000_000_000_000 } else { rng.random_range(0..100) })
                    .collect();
                matrices.push(format!("{entries:?}"));
            }
        }
    }
    let limit = rng.random_range(10..60);
    format!(
        "{{\"problem\": {{\"name\": \"generated\", \"nodes\": {{\"intervals\": [{}], \"costs\": [{}], \"usages\": [{}]}}, \"edges\": {{\"nodes\": [{}], \"costs\": [{}]}}, \"usage_limit\": {limit}}}}}",
        intervals.join(", "),
        costs.join(", "),
        usages.join(", "),
        pairs.join(", "),
        matrices.join(", ")
    )
}

/// The cheapest valid solution by enumeration, priced by the exact evaluator.
fn brute_force(instance: &Instance) -> Option<i128> {
    let (_, best) = instance.problem.brute_force()?;
    instance.evaluate(&best).ok().map(|e| e.cost)
}

#[test]
fn generated_instances_are_solved_to_the_brute_force_optimum() {
    let dir = std::env::temp_dir().join(format!("autoshard-iopddl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = StdRng::seed_from_u64(11);
    let (mut solved, mut infeasible) = (0, 0);
    for case in 0..40 {
        let text = instance(&mut rng);
        let path = dir.join(format!("case{case}.json.gz"));
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(text.as_bytes()).unwrap();
        std::fs::write(&path, gz.finish().unwrap()).unwrap();
        let expected = brute_force(&Instance::parse(&text).unwrap());
        let (code, stdout, stderr) = autoshard(&["iopddl", path.to_str().unwrap(), "--time-limit", "5"]);
        match expected {
            Some(best) => {
                assert_eq!(code, 0, "case {case}: {stderr}\n{text}");
                let (strategies, cost) = parse(&stdout);
                let exact = Instance::parse(&text).unwrap().evaluate(&strategies).unwrap();
                assert_eq!((cost, exact.cost), (best, best), "case {case}: {text}");
                solved += 1;
            }
            None => {
                // Exit 1 with nothing on stdout ("infeasible", or microlp's answer
                // refused by the engine's own check).
                assert_eq!((code, stdout.as_str()), (1, ""), "case {case}: {stderr}\n{text}");
                infeasible += 1;
            }
        }
    }
    assert!(solved >= 20 && infeasible >= 1, "solved {solved}, infeasible {infeasible}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_is_refused_with_where_and_what() {
    let dir = std::env::temp_dir().join(format!("autoshard-iopddl-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.json");
    std::fs::write(&path, "{\"problem\": {\"nodes\": {\"intervals\": [[0, 1]],\n \"costs\": [[1]], \"usages\": [[1, 2]]}, \"edges\": {\"nodes\": [], \"costs\": []}}}").unwrap();
    let (code, stdout, stderr) = autoshard(&["iopddl", path.to_str().unwrap()]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("broken.json: node 0: 1 costs and 2 usages"), "{stderr}");
    std::fs::write(&path, "{\"problem\": {\"nodes\": {\"intervals\": [[0, 1]]\n\"costs\": []}}}").unwrap();
    let (code, _, stderr) = autoshard(&["iopddl", path.to_str().unwrap()]);
    assert!(code == 2 && stderr.contains("line 2 column 1"), "{stderr}");
    let (code, _, stderr) = autoshard(&["iopddl", "solver/tests/data/iopddl/example.json", "--time-limit", "0"]);
    assert!(code == 2 && stderr.contains("--time-limit"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}
