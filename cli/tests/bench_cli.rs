//! `autoshard bench`: the structure of its reports (never wall-clock limits), the
//! shipped cpu profile as a preset and as a config's `cost: {profile: FILE}`.

use autoshard::cost::{HardwareSpec, LinkSpec, Preset, Profile};
use std::collections::BTreeSet;

use crate::common::autoshard;

#[test]
fn a_config_can_name_a_profile_file_and_it_is_the_cpu_preset() {
    let config = autoshard::Config::load("tests/data/bench_tiny.yaml").unwrap();
    let cpu = HardwareSpec::from_preset(Preset::Cpu, config.program.mesh());
    assert_eq!(config.hardware.device, cpu.device);
    assert_eq!(config.hardware.axes, cpu.axes);
    assert_eq!(config.hardware.collectives, cpu.collectives);
    let missing = "mesh: {axes: {x: 2}}\ncost: {profile: nowhere.yaml}\nprogram:\n  inputs: {a: {shape: [2], dtype: f32}}\n  ops: []\n  outputs: {a: {}}\n";
    let err = autoshard::Config::from_source("tests/data/x.yaml", missing).unwrap_err().to_string();
    assert!(err.contains("cannot read the cost profile"), "{err}");
}

#[test]
fn bench_plans_reports_distinct_plans_and_a_correlation() {
    let save = std::env::temp_dir().join(format!("autoshard-bench-plans-{}", std::process::id()));
    let (code, out, err) = autoshard(&[
        "bench",
        "plans",
        "cli/tests/data/bench_tiny.yaml",
        "--top",
        "3",
        "--repetitions",
        "2",
        "--save",
        save.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let plans = report["plans"].as_array().unwrap();
    assert!(plans.len() >= 2 && plans.len() <= 3, "{out}");
    assert!(report["candidates"].as_u64().unwrap() >= plans.len() as u64);
    let mut predicted = Vec::new();
    let mut summaries = BTreeSet::new();
    for p in plans {
        // The least device time of the rounds, the median at least that.
        let (least, median) = (p["measured_s"].as_f64().unwrap(), p["measured_median_s"].as_f64().unwrap());
        assert!(least > 0.0 && least <= median, "{p}");
        assert!(p["measured_wall_s"].as_f64().unwrap() > 0.0);
        assert_eq!(p["verified"], true);
        assert_eq!(p["values"].as_array().unwrap().len(), 3);
        predicted.push(p["predicted_s"].as_f64().unwrap());
        summaries.insert(p["summary"].as_str().unwrap().to_string());
    }
    // Cheapest first, and distinct.
    assert!(predicted.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(summaries.len(), plans.len());
    let rho = report["spearman"].as_f64().unwrap();
    assert!((-1.0..=1.0).contains(&rho));
    // ρ is the rank correlation of the reported predicted and measured times.
    let measured: Vec<f64> = plans.iter().map(|p| p["measured_s"].as_f64().unwrap()).collect();
    let recomputed = spearman(&predicted, &measured);
    assert!((rho - recomputed).abs() < 1e-12, "{rho} vs {recomputed}");
    // --save wrote every plan run, readable by `cost --plan`.
    for k in 1..=plans.len() {
        let plan = save.join(format!("plan-{k}.json"));
        let (code, out, err) = autoshard(&[
            "cost",
            "cli/tests/data/bench_tiny.yaml",
            "--plan",
            plan.to_str().unwrap(),
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{err}");
        let cost: serde_json::Value = serde_json::from_str(&out).unwrap();
        let total = cost["objective"]["total_s"].as_f64().unwrap();
        assert!((total - predicted[k - 1]).abs() <= 1e-9 * total, "{total} vs {}", predicted[k - 1]);
        // ... and its fastest round, as `run --format json` reports it.
        let run: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(save.join(format!("plan-{k}.run.json"))).unwrap()).unwrap();
        assert_eq!(run["device_s"].as_f64().unwrap(), measured[k - 1]);
        assert!(run["verification"]["passed"].as_bool().unwrap());
        assert!((run["predicted"]["total_s"].as_f64().unwrap() - predicted[k - 1]).abs() <= 1e-9 * total);
    }
    std::fs::remove_dir_all(&save).unwrap();
}

#[test]
fn bench_plans_predicts_with_the_profile_it_is_given() {
    // The shipped profile ten times slower in every figure: every plan costs ten
    // times as much, so the cheapest plan's prediction is ten times the shipped one's.
    let mut slow = Profile::cpu().clone();
    let slower = |link: &mut LinkSpec| {
        link.bandwidth.0 /= 10.0;
        link.latency.0 *= 10.0;
    };
    slow.device.flops.0 /= 10.0;
    slow.device.memory_bandwidth.0 /= 10.0;
    let kernels = slow.device.kernels.as_mut().unwrap();
    kernels.overhead.0 *= 10.0;
    for rates in &mut kernels.rates {
        rates.flops.0 /= 10.0;
        rates.bandwidth.0 /= 10.0;
    }
    kernels.per_element.values_mut().for_each(|t| t.0 *= 10.0);
    slower(&mut slow.link);
    for spec in slow.collectives.values_mut() {
        slower(&mut spec.link);
        spec.overhead.0 *= 10.0;
    }
    let path = std::env::temp_dir().join(format!("autoshard-slow-profile-{}.yaml", std::process::id()));
    std::fs::write(&path, slow.to_yaml("the cpu profile, ten times slower", None)).unwrap();
    let cheapest = |extra: &[&str]| {
        let args = [
            "bench",
            "plans",
            "cli/tests/data/bench_tiny.yaml",
            "--top",
            "1",
            "--repetitions",
            "1",
            "--format",
            "json",
        ];
        let (code, out, err) = autoshard(&[&args[..], extra].concat());
        assert_eq!(code, 0, "{err}");
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        report["plans"][0]["predicted_s"].as_f64().unwrap()
    };
    let (shipped, slowed) = (cheapest(&[]), cheapest(&["--profile", path.to_str().unwrap()]));
    std::fs::remove_file(&path).unwrap();
    assert!((slowed / shipped - 10.0).abs() < 1e-6, "{slowed} vs {shipped}");
}

#[test]
fn bench_collectives_fits_every_kind() {
    let args =
        ["bench", "collectives", "--devices", "4", "--groups", "2", "--sizes", "1KiB,16KiB", "--repetitions", "1"];
    let (code, out, err) = autoshard(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let kinds: Vec<&str> =
        report["collectives"].as_array().unwrap().iter().map(|k| k["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["all_gather", "reduce_scatter", "all_reduce", "all_to_all", "collective_permute"]);
    // On one mesh axis there is no other to permute with: that kind is left out.
    let args = ["bench", "collectives", "--devices", "2", "--sizes", "1KiB,16KiB", "--repetitions", "1"];
    let (code, out, err) = autoshard(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["collectives"].as_array().unwrap().len(), 4);
    let (code, _, err) = autoshard(&["bench", "collectives", "--devices", "4", "--groups", "3"]);
    assert_eq!(code, 2, "{err}");
}

/// Spearman's rank correlation, written out here as the test's own oracle: the
/// Pearson correlation of the ranks, ties taking their mean rank.
fn spearman(xs: &[f64], ys: &[f64]) -> f64 {
    let ranks = |v: &[f64]| -> Vec<f64> {
        let below = |x: f64| v.iter().filter(|&&y| y < x).count() as f64;
        let equal = |x: f64| v.iter().filter(|&&y| y == x).count() as f64;
        v.iter().map(|&x| below(x) + (equal(x) + 1.0) / 2.0).collect()
    };
    let (a, b) = (ranks(xs), ranks(ys));
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (ma, mb) = (mean(&a), mean(&b));
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let var = |v: &[f64], m: f64| v.iter().map(|x| (x - m).powi(2)).sum::<f64>();
    cov / (var(&a, ma) * var(&b, mb)).sqrt()
}
