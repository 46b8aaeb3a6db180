//! An SVG chart of a plan's time per op: one horizontal bar per op in program order,
//! compute (the op's `compute_s`) and communication (the collectives the plan runs
//! at that op) stacked, plus a bar `(output)` for the collectives that reshard the
//! outputs. Drawn with plotters' SVG backend and no fonts: text is written as SVG
//! `<text>` for the viewer to render, its extent estimated from its length.

use super::ViewError;
use autoshard::model::Plan;
use plotters::element::BackendCoordOnly;
use plotters::prelude::*;

/// One bar of the chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// The op's name, or `(output)`.
    pub name: String,
    /// Compute seconds.
    pub compute_s: f64,
    /// Communication seconds.
    pub communication_s: f64,
}

/// The bars of `plan`: its ops in order, then `(output)` if collectives reshard the
/// outputs.
pub fn bars(plan: &Plan) -> Vec<Bar> {
    let communication = |op: Option<&str>| -> f64 {
        plan.collectives.iter().filter(|c| c.op.as_deref() == op).map(|c| c.time_s.0).sum()
    };
    let mut bars: Vec<Bar> = plan
        .ops
        .iter()
        .map(|op| Bar {
            name: op.name.clone(),
            compute_s: op.compute_s.0,
            communication_s: communication(Some(&op.name)) + op.communication_s.0,
        })
        .collect();
    if plan.collectives.iter().any(|c| c.op.is_none()) {
        bars.push(Bar { name: "(output)".to_string(), compute_s: 0.0, communication_s: communication(None) });
    }
    bars
}

/// A unit for times up to `max` seconds: its name and how many per second.
fn unit(max: f64) -> (&'static str, f64) {
    match max {
        m if m >= 1.0 => ("s", 1.0),
        m if m >= 1e-3 => ("ms", 1e3),
        m if m >= 1e-6 => ("us", 1e6),
        _ => ("ns", 1e9),
    }
}

/// A bar's segment on the chart's coordinates (time, half rows).
type Block = Rectangle<(f64, usize)>;

const COMPUTE: RGBColor = RGBColor(76, 114, 176);
const COMMUNICATION: RGBColor = RGBColor(221, 132, 82);

/// The chart of `plan` as an SVG document, titled `title`.
pub fn render(plan: &Plan, title: &str) -> Result<String, ViewError> {
    let bars = bars(plan);
    let n = bars.len().max(1);
    let max = bars.iter().map(|b| b.compute_s + b.communication_s).fold(0.0, f64::max);
    let (unit_name, scale) = unit(max);
    // Room on the right for the legend.
    let top = if max > 0.0 { max * scale * 1.3 } else { 1.0 };
    let label_width = bars.iter().map(|b| b.name.chars().count()).max().unwrap_or(4).clamp(4, 40) as u32 * 8 + 16;
    let height = 110 + 26 * n as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (860, height)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(label_width)
            // Two units of the y axis per row, labelled at the unit between them. (A
            // segmented axis of one value per row cannot hold a single bar: plotters
            // maps a one-value range to one point and draws the bar with no height.)
            .build_cartesian_2d(0.0..top, (0..2 * n).with_key_points((0..n).map(|r| 2 * r + 1).collect()))
            .map_err(failed)?;
        // Program order from the top: bar i is row n - 1 - i, [2(n - 1 - i), 2(n - i)].
        let segment = |i: usize| (2 * (n - 1 - i), 2 * (n - i));
        let names: Vec<&str> = bars.iter().map(|b| b.name.as_str()).collect();
        let label = |y: &usize| n.checked_sub(y / 2 + 1).and_then(|i| names.get(i)).copied().unwrap_or("").to_string();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .light_line_style(TRANSPARENT)
            // Fixed sizes: plotters' default scales with the chart, and a chart of
            // one or two bars got labels of 5 to 9 pixels.
            .label_style(("sans-serif", 12))
            .axis_desc_style(("sans-serif", 12))
            .y_label_formatter(&label)
            .x_desc(format!("time per execution ({unit_name})"))
            .draw()
            .map_err(failed)?;
        let compute = bars.iter().enumerate().map(|(i, b)| {
            let (low, high) = segment(i);
            bar(Rectangle::new([(0.0, low), (b.compute_s * scale, high)], COMPUTE.filled()))
        });
        chart
            .draw_series::<BackendCoordOnly, Block, _, _>(compute)
            .map_err(failed)?
            .label("compute")
            .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], COMPUTE.filled()));
        let communication = bars.iter().enumerate().map(|(i, b)| {
            let (low, high) = segment(i);
            let start = b.compute_s * scale;
            bar(Rectangle::new([(start, low), (start + b.communication_s * scale, high)], COMMUNICATION.filled()))
        });
        chart
            .draw_series::<BackendCoordOnly, Block, _, _>(communication)
            .map_err(failed)?
            .label("communication")
            .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], COMMUNICATION.filled()));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .draw()
            .map_err(failed)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// `block` with a gap above and below, so that neighbouring bars stand apart.
fn bar(mut block: Block) -> Block {
    block.set_margin(4, 4, 0, 0);
    block
}

/// A plotters error as the view's.
fn failed(e: impl std::fmt::Display) -> ViewError {
    ViewError::Chart(e.to_string())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::expect_used, reason = "a broken fixture in a test should fail loudly")]

    use super::bars;

    #[test]
    fn the_bars_add_up_to_the_plan() {
        for config in
            ["../cost/tests/data/cost/reduce_scatter.yaml", "../solver/tests/data/solve/deferred_reduction.yaml"]
        {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(config);
            let source = std::fs::read_to_string(&path).expect("read config");
            let config = autoshard::Config::from_source(config, &source).expect("valid config");
            let plan = autoshard::price(&config, None).expect("priced").plan;
            let bars = bars(&plan);
            let ops: Vec<&str> = bars.iter().map(|b| b.name.as_str()).filter(|n| *n != "(output)").collect();
            let names: Vec<&str> = plan.ops.iter().map(|o| o.name.as_str()).collect();
            assert_eq!(ops, names);
            let compute: f64 = bars.iter().map(|b| b.compute_s).sum();
            let communication: f64 = bars.iter().map(|b| b.communication_s).sum();
            assert!((compute - plan.objective.compute_s.0).abs() <= 1e-9 * compute.max(1e-12));
            let planned: f64 = plan.collectives.iter().map(|c| c.time_s.0).sum();
            assert!((communication - planned).abs() <= 1e-12 + 1e-9 * planned, "{communication} vs {planned}");
            // Bar by bar: an op's bar has its compute and the time of the collectives run
            // at it; `(output)` those of no op.
            let mut per_op = std::collections::BTreeMap::<String, f64>::new();
            for c in &plan.collectives {
                *per_op.entry(c.op.clone().unwrap_or_else(|| "(output)".to_string())).or_default() += c.time_s.0;
            }
            for bar in &bars {
                let expected = per_op.remove(&bar.name).unwrap_or(0.0);
                assert!(
                    (bar.communication_s - expected).abs() <= 1e-15 + 1e-9 * expected,
                    "{}: {} vs {expected}",
                    bar.name,
                    bar.communication_s
                );
                let compute = plan.ops.iter().find(|o| o.name == bar.name).map_or(0.0, |o| o.compute_s.0);
                assert_eq!(bar.compute_s, compute, "{}", bar.name);
            }
            assert!(per_op.is_empty(), "collectives with no bar: {per_op:?}");
        }
    }
}
