//! The views of a plan beyond the text report (whose goldens are the `solve` cases):
//! the SVG chart of `solve --svg` and `cost --svg` — written, well-formed, naming
//! every op — and its bars, which add up to the plan's compute and communication.

use super::cli::run;
use std::path::PathBuf;

/// A temporary file name for `name`, unique to this process.
fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("autoshard-view-{}-{name}.svg", std::process::id()))
}

/// The problems of `svg` as XML: tags that do not nest, or text outside the root.
fn xml_problems(svg: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let mut open: Vec<String> = Vec::new();
    let mut rest = svg;
    let mut roots = 0;
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        if open.is_empty() && !text.trim().is_empty() {
            problems.push(format!("text outside the root: {text:?}"));
        }
        if text.contains('<') || text.replace("&amp;", "").replace("&lt;", "").replace("&gt;", "").contains('&') {
            problems.push(format!("unescaped text: {text:?}"));
        }
        let Some(end) = rest[start..].find('>') else {
            problems.push("a tag is not closed".to_string());
            break;
        };
        let tag = &rest[start + 1..start + end];
        rest = &rest[start + end + 1..];
        if tag.starts_with('?') || tag.starts_with('!') {
            continue;
        }
        let name = |t: &str| t.split(|c: char| c.is_whitespace() || c == '/').next().unwrap_or("").to_string();
        if let Some(closing) = tag.strip_prefix('/') {
            match open.pop() {
                Some(top) if top == name(closing) => {}
                top => problems.push(format!("</{closing}> closes {top:?}")),
            }
        } else {
            if open.is_empty() {
                roots += 1;
            }
            if !tag.ends_with('/') {
                open.push(name(tag));
            }
        }
    }
    if !open.is_empty() {
        problems.push(format!("unclosed: {open:?}"));
    }
    if roots != 1 {
        problems.push(format!("{roots} root elements"));
    }
    problems
}

/// The texts of the chart's `<text>` elements, trimmed.
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0.trim().to_string()))
        .collect()
}

#[test]
fn solve_and_cost_write_a_chart_of_every_op() {
    for (command, config, ops) in [
        ("solve", "solver/tests/data/solve/megatron_mlp.yaml", &["h", "a", "y"][..]),
        ("cost", "cost/tests/data/cost/reduce_scatter.yaml", &["y"][..]),
        ("solve", "configs/transformer_block.yaml", &["h1", "logits", "probs", "f3", "y"][..]),
    ] {
        let path = temp(&format!("{command}-{}", config.replace('/', "-")));
        let (code, stdout, stderr) = run(&[command, config, "--svg", &path.to_string_lossy()]);
        assert_eq!(code, 0, "{command} {config}: {stderr}");
        let last = if command == "solve" { "\nstep " } else { "\ntotal " };
        assert!(stdout.contains(last), "{command} {config}: the report is still printed");
        assert!(stderr.is_empty(), "{command} {config}: nothing on stderr when it is not a terminal: {stderr}");
        let svg = std::fs::read_to_string(&path).expect("the chart is written");
        let _ = std::fs::remove_file(&path);
        assert!(svg.starts_with("<svg"), "{config}: {}", &svg[..svg.len().min(80)]);
        assert_eq!(xml_problems(&svg), Vec::<String>::new(), "{config}");
        // Every bar has a height (a one-op chart once drew its bar with none).
        assert!(!svg.contains("height=\"-") && !svg.contains("height=\"0\""), "{config}: a bar without height");
        let fonts = svg.split("font-size=\"").skip(1).filter_map(|t| t.split('"').next()?.parse::<f64>().ok());
        assert!(fonts.fold(f64::INFINITY, f64::min) >= 9.0, "{config}: text too small to read");
        let texts = texts(&svg);
        for label in ops.iter().chain(&["compute", "communication"]) {
            assert!(texts.iter().any(|t| t == label), "{config}: no label {label:?} in {texts:?}");
        }
        assert!(!svg.contains("font-kit") && svg.contains("font-family=\"sans-serif\""));
    }
}

#[test]
fn an_unwritable_chart_is_bad_input() {
    let (code, stdout, stderr) =
        run(&["solve", "solver/tests/data/solve/megatron_mlp.yaml", "--svg", "/nonexistent-dir/chart.svg"]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("/nonexistent-dir/chart.svg: error: cannot write the chart"), "{stderr}");
}
