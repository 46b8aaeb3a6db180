//! An SVG of a pipeline's timeline: one row per mesh, time left to right, a box per
//! task (forward blue, backward orange, update green) with its microbatch's number.
//! Written as plain SVG elements (the chart is boxes and labels; no axis library is
//! needed), deterministic to the byte.

use autoshard::Config;
use autoshard::model::pipeline::TaskKind;
use autoshard::solver::pipeline::PipelinePlan;
use std::fmt::Write as _;

const WIDTH: f64 = 1200.0;
const ROW: f64 = 28.0;
const LEFT: f64 = 90.0;
const TOP: f64 = 40.0;

/// The timeline of `plan` as an SVG document.
pub fn render(config: &Config, plan: &PipelinePlan) -> String {
    let names: Vec<String> = config
        .pipeline
        .as_ref()
        .map(|p| p.topology.meshes().iter().map(|m| m.name.clone()).collect())
        .unwrap_or_default();
    let title = format!(
        "{}: {} schedule, {} microbatches, step {} (bubble {:.1}%)",
        config.name,
        plan.schedule,
        plan.microbatches,
        plan.step(),
        100.0 * plan.timeline.bubble()
    );
    render_timeline(&title, &plan.timeline, &names)
}

/// `timeline` as an SVG document titled `title`, its rows named by `names`.
pub fn render_timeline(title: &str, timeline: &autoshard::cost::Timeline, names: &[String]) -> String {
    let height = TOP + ROW * f64::from(timeline.meshes) + 30.0;
    let step = timeline.step.0.max(1e-30);
    let scale = (WIDTH - LEFT - 10.0) / step;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"11\">\n"
    );
    let _ = writeln!(svg, "<text x=\"{LEFT}\" y=\"20\" font-size=\"14\">{}</text>", escape(title));
    for mesh in 0..timeline.meshes {
        let y = TOP + ROW * f64::from(mesh);
        let name = names.get(mesh as usize).cloned().unwrap_or_else(|| format!("mesh {mesh}"));
        let _ = writeln!(svg, "<text x=\"4\" y=\"{:.1}\">{}</text>", y + ROW * 0.6, escape(&name));
        for t in timeline.tasks.iter().filter(|t| t.mesh == mesh && t.end.0 > t.start.0) {
            let x = LEFT + t.start.0 * scale;
            let w = ((t.end.0 - t.start.0) * scale).max(0.5);
            let (fill, label) = match t.task.kind {
                TaskKind::Forward => ("#4c72b0", t.task.microbatch.to_string()),
                TaskKind::Backward => ("#dd8452", t.task.microbatch.to_string()),
                TaskKind::Update => ("#55a868", "U".to_string()),
            };
            let _ = writeln!(
                svg,
                "<rect x=\"{x:.2}\" y=\"{:.1}\" width=\"{w:.2}\" height=\"{:.1}\" fill=\"{fill}\" stroke=\"white\" stroke-width=\"0.5\"><title>{}: {} to {}</title></rect>",
                y + 2.0,
                ROW - 4.0,
                t.task,
                t.start,
                t.end
            );
            if w >= 10.0 {
                let _ = writeln!(
                    svg,
                    "<text x=\"{:.2}\" y=\"{:.1}\" fill=\"white\" text-anchor=\"middle\">{label}</text>",
                    x + w / 2.0,
                    y + ROW * 0.6
                );
            }
        }
    }
    let _ = writeln!(svg, "<text x=\"{LEFT}\" y=\"{:.1}\">0</text>", height - 10.0);
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
        WIDTH - 10.0,
        height - 10.0,
        timeline.step
    );
    svg += "</svg>\n";
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
