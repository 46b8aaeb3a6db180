//! The example configs' headers say what their solved plans are: every config of
//! `configs/` states, in `# plan:` lines of its opening comment, what its plan at full
//! size is, and this suite solves each config as `autoshard solve` does (its own
//! sizes and time limit) and checks every claim against the plan.
//!
//! The claims (one per line, after `# plan: `):
//! - `collectives KIND×N, KIND×N`: the plan's collectives by kind and count, every
//!   kind listed (zero-byte `all_slice`s too), or `collectives none`;
//! - `NAME SHARDING`: value NAME's sharding as the plan prints it without the mesh
//!   (`w1 [{}, {"model"}]`); in a pipeline, in every stage whose plan holds NAME;
//! - pipelines: `schedule NAME`, `rounds N`, and `stage MESH: UNIT, UNIT` for each
//!   stage in chain order (the lines together are the whole split).

use std::collections::BTreeMap;
use std::time::Instant;

use autoshard::Config;
use autoshard::solver::pipeline::PipelinePlan;

/// One claim of a header, with its line number.
#[derive(Debug)]
enum Claim {
    Collectives(BTreeMap<String, usize>),
    Value(String, String),
    Schedule(String),
    Rounds(u32),
    Stage(String, Vec<String>),
}

/// The `# plan:` claims of `source`'s opening comment, with their 1-based lines; a
/// claim that does not parse is an error naming its line.
fn claims(path: &str, source: &str) -> Result<Vec<(usize, Claim)>, String> {
    let mut claims = Vec::new();
    for (n, line) in source.lines().enumerate().take_while(|(_, l)| l.starts_with('#')) {
        let Some(claim) = line.strip_prefix("# plan:") else { continue };
        let at = format!("{path}:{}", n + 1);
        let claim = claim.trim();
        let (head, rest) = claim.split_once(' ').ok_or_else(|| format!("{at}: `# plan: {claim}` claims nothing"))?;
        let rest = rest.trim();
        let parsed = match head {
            "collectives" if rest == "none" => Claim::Collectives(BTreeMap::new()),
            "collectives" => {
                let mut counts = BTreeMap::new();
                for item in rest.split(", ") {
                    let (kind, count) = item
                        .split_once('×')
                        .and_then(|(k, c)| Some((k.to_string(), c.parse::<usize>().ok()?)))
                        .ok_or_else(|| format!("{at}: expected KIND×N, found `{item}`"))?;
                    *counts.entry(kind).or_insert(0) += count;
                }
                Claim::Collectives(counts)
            }
            "schedule" => Claim::Schedule(rest.to_string()),
            "rounds" => Claim::Rounds(rest.parse().map_err(|_| format!("{at}: expected `rounds N`, found `{rest}`"))?),
            "stage" => {
                let (mesh, units) = rest
                    .split_once(": ")
                    .ok_or_else(|| format!("{at}: expected `stage MESH: UNITS`, found `{rest}`"))?;
                Claim::Stage(mesh.to_string(), units.split(", ").map(str::to_string).collect())
            }
            name if rest.starts_with('[') => Claim::Value(name.to_string(), rest.to_string()),
            _ => return Err(format!("{at}: `# plan: {claim}` is no claim this suite reads")),
        };
        claims.push((n + 1, parsed));
    }
    Ok(claims)
}

/// `#sdy.sharding<@mesh, [{}, {"model"}]>` as the claims write it: `[{}, {"model"}]`.
fn short(sharding: &str) -> String {
    let inner = sharding.strip_prefix("#sdy.sharding<").and_then(|s| s.strip_suffix('>')).unwrap_or(sharding);
    inner.split_once(", ").map_or(inner, |(_, dims)| dims).to_string()
}

/// `all_gather×1, all_slice×2`: counts as the claims write them.
fn counts_text(counts: &BTreeMap<String, usize>) -> String {
    if counts.is_empty() {
        return "none".into();
    }
    counts.iter().map(|(k, n)| format!("{k}×{n}")).collect::<Vec<_>>().join(", ")
}

/// The failures of `claims` against the plan of a single-mesh config.
fn check_solution(path: &str, config: &Config, claims: &[(usize, Claim)]) -> Vec<String> {
    let solution = match autoshard::solve(config) {
        Ok(s) => s,
        Err(e) => return vec![format!("{path}: the solve failed: {e}")],
    };
    let plan = &solution.plan;
    let mut failures = Vec::new();
    for (line, claim) in claims {
        let at = format!("{path}:{line}");
        match claim {
            Claim::Collectives(claimed) => {
                let mut actual = BTreeMap::new();
                for c in &plan.collectives {
                    *actual.entry(c.kind.to_string()).or_insert(0) += 1;
                }
                if actual != *claimed {
                    failures.push(format!(
                        "{at}: claims collectives {}; the plan has {}",
                        counts_text(claimed),
                        counts_text(&actual)
                    ));
                }
            }
            Claim::Value(name, claimed) => match plan.value(name) {
                Some(s) if short(&s.to_string()) == *claimed => {}
                Some(s) => {
                    failures.push(format!("{at}: claims {name} {claimed}; the plan has {}", short(&s.to_string())))
                }
                None => failures.push(format!("{at}: claims a sharding of {name}, which the plan does not hold")),
            },
            other => failures.push(format!("{at}: {other:?} is a claim about a pipeline; this config has none")),
        }
    }
    failures
}

/// The failures of `claims` against the plan of a pipelined config.
fn check_pipeline(path: &str, config: &Config, claims: &[(usize, Claim)]) -> Vec<String> {
    let plan: PipelinePlan = match autoshard::solve_pipeline(config) {
        Ok(p) => p,
        Err(e) => return vec![format!("{path}: the pipeline solve failed: {e}")],
    };
    let pipeline = config.pipeline.as_ref().expect("a pipelined config");
    let stages: Vec<(String, Vec<String>)> = plan
        .stages
        .iter()
        .map(|s| (pipeline.topology.mesh(s.mesh).name.clone(), pipeline.chain.units[s.first..s.end].to_vec()))
        .collect();
    let stage_text = |stages: &[(String, Vec<String>)]| {
        stages.iter().map(|(m, u)| format!("{m}: {}", u.join(", "))).collect::<Vec<_>>().join(" | ")
    };
    let mut failures = Vec::new();
    let mut claimed_stages = Vec::new();
    let mut first_stage_line = None;
    for (line, claim) in claims {
        let at = format!("{path}:{line}");
        match claim {
            Claim::Schedule(s) if *s == plan.schedule.to_string() => {}
            Claim::Schedule(s) => failures.push(format!("{at}: claims schedule {s}; the plan runs {}", plan.schedule)),
            Claim::Rounds(r) if *r == plan.rounds => {}
            Claim::Rounds(r) => failures.push(format!("{at}: claims {r} rounds; the plan has {}", plan.rounds)),
            Claim::Stage(mesh, units) => {
                first_stage_line.get_or_insert(*line);
                claimed_stages.push((mesh.clone(), units.clone()));
            }
            Claim::Value(name, claimed) => {
                let held: Vec<(usize, String)> = plan
                    .stages
                    .iter()
                    .filter_map(|s| Some((s.index, short(&s.solved.solution.plan.value(name)?.to_string()))))
                    .collect();
                if held.is_empty() {
                    failures.push(format!("{at}: claims a sharding of {name}, which no stage's plan holds"));
                }
                for (stage, actual) in held.iter().filter(|(_, a)| a != claimed) {
                    failures.push(format!("{at}: claims {name} {claimed}; stage {stage}'s plan has {actual}"));
                }
            }
            Claim::Collectives(_) => {
                failures.push(format!("{at}: a pipeline's collectives are per stage; claim its stages instead"));
            }
        }
    }
    if let Some(line) = first_stage_line
        && claimed_stages != stages
    {
        failures.push(format!(
            "{path}:{line}: claims the stages {}; the plan has {}",
            stage_text(&claimed_stages),
            stage_text(&stages)
        ));
    }
    failures
}

/// The paths of `configs/*.yaml` as from the repository's root, as from this crate
/// (which a config's own relative paths are read against), and their texts.
fn configs() -> Vec<(String, String, String)> {
    let shown = |file: &str| file.strip_prefix("../").unwrap_or(file).to_string();
    super::gallery::gallery().into_iter().map(|(file, source)| (shown(&file), file, source)).collect()
}

#[test]
fn every_config_header_states_its_solved_plan() {
    let mut failures = Vec::new();
    let configs = configs();
    assert!(configs.len() >= 8, "{} configs", configs.len());
    for (path, file, source) in configs {
        let claims = match claims(&path, &source) {
            Ok(c) => c,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        if claims.is_empty() {
            failures.push(format!("{path}: the header has no `# plan:` line saying what the solved plan is"));
            continue;
        }
        let config = match Config::from_source(&file, &source) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{e}"));
                continue;
            }
        };
        let started = Instant::now();
        let found = match config.pipeline {
            Some(_) => check_pipeline(&path, &config, &claims),
            None => check_solution(&path, &config, &claims),
        };
        eprintln!("{path}: {} claims, solved in {:.1?}", claims.len(), started.elapsed());
        failures.extend(found);
    }
    assert!(failures.is_empty(), "configs whose headers are not their plans:\n{}", failures.join("\n"));
}

#[test]
fn claims_read_as_written_and_misread_ones_are_refused() {
    let source = "# x\n# plan: collectives all_gather×2, all_slice×1\n# plan: w1 [{}, {\"model\"}]\n# plan: stage s0: a, b\n# plan: rounds 2\nname: x\n# plan: ignored after the header\n";
    let read = claims("c.yaml", source).unwrap();
    let lines: Vec<usize> = read.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, [2, 3, 4, 5]);
    let Claim::Collectives(counts) = &read[0].1 else { panic!("{read:?}") };
    assert_eq!(counts_text(counts), "all_gather×2, all_slice×1");
    assert!(matches!(&read[1].1, Claim::Value(n, s) if n == "w1" && s == r#"[{}, {"model"}]"#));
    assert!(matches!(&read[2].1, Claim::Stage(m, u) if m == "s0" && u == &["a", "b"]));
    let bad = claims("c.yaml", "# plan: collectives all_gather 2\n").unwrap_err();
    assert_eq!(bad, "c.yaml:1: expected KIND×N, found `all_gather 2`");
    let bad = claims("c.yaml", "# a\n# plan: w1 replicated\n").unwrap_err();
    assert_eq!(bad, "c.yaml:2: `# plan: w1 replicated` is no claim this suite reads");
    assert_eq!(
        short(r#"#sdy.sharding<@mesh, [{}, {"model"}], unreduced={"data"}>"#),
        r#"[{}, {"model"}], unreduced={"data"}"#
    );
}
