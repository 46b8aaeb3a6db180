//! Windowed ops split along their windowed dimensions run with halo exchange
//! (`Mode::Halo`, `executor/src/sharded/halo.rs`): convolutions (plain, depthwise
//! and transposed) and
//! `reduce_window`s (one input or two) with random windows, strides, dilations
//! (of the window and of the input) and
//! paddings on random 2-D images, under every strategy that splits a "windows"
//! factor (with the others drawn at random), run on the CPU mesh and compared with
//! the reference.

use autoshard::Config;
use autoshard::cost::Decisions;
use autoshard::model::rules::sharding_rule;
use autoshard::model::{FactorKind, OpStrategy, TensorSharding, op_shardings};
use autoshard::solver::{op_strategies, usable_axes};
use proptest::prelude::*;

/// A convolution of a `[2, h, w, 3]` image with a `[kh, kw, 3, 2]` kernel (or a
/// depthwise `[kh, kw, 1, 3]` one, 3 feature groups; or 2 batch groups, a
/// depthwise convolution's kernel gradient), its input dilated or not (a
/// transposed convolution), or a
/// `reduce_window` of one or two `[2, h, w]` images by a `[1, kh, kw]` window.
#[derive(Debug, Clone)]
struct Case {
    image: (i64, i64),
    window: (i64, i64),
    strides: (i64, i64),
    dilations: (i64, i64),
    padding: ((i64, i64), (i64, i64)),
    mesh: &'static str,
    /// The convolution's feature groups: 1, or 3 (depthwise); 0 for 2 batch groups.
    groups: i64,
    /// Input dilation (a transposed convolution's), per dimension.
    base: (i64, i64),
}

fn case() -> impl Strategy<Value = Case> {
    let pair = |lo: i64, hi: i64| (lo..hi, lo..hi);
    let groups = prop_oneof![Just(1i64), Just(3), Just(0)];
    let base = prop_oneof![2 => Just((1i64, 1i64)), 1 => pair(1, 4)];
    (pair(3, 13), pair(1, 4), pair(1, 3), pair(1, 3), (pair(0, 3), pair(0, 3)), 0usize..3, groups, base).prop_map(
        |(image, window, strides, dilations, padding, mesh, groups, base)| Case {
            image,
            window,
            strides,
            dilations,
            padding,
            mesh: ["{x: 4}", "{x: 2, y: 2}", "{x: 3}"][mesh],
            groups,
            base,
        },
    )
}

/// The padded image holds one dilated window.
fn fits(c: &Case) -> bool {
    let span = |n: i64, b: i64, k: i64, d: i64, (lo, hi): (i64, i64)| (n - 1) * b + 1 + lo + hi > (k - 1) * d;
    span(c.image.0, c.base.0, c.window.0, c.dilations.0, c.padding.0)
        && span(c.image.1, c.base.1, c.window.1, c.dilations.1, c.padding.1)
}

/// The case's window attributes as YAML lists (strides, window dilations, input
/// dilations, padding), with a leading unwindowed dimension when `lead`.
fn window_lists(c: &Case, lead: bool) -> [String; 4] {
    let list = |(a, b): (i64, i64), one: &str| format!("[{}{a}, {b}]", if lead { one } else { "" });
    let (p, q) = c.padding;
    let padding = format!("[{}[{}, {}], [{}, {}]]", if lead { "[0, 0], " } else { "" }, p.0, p.1, q.0, q.1);
    [list(c.strides, "1, "), list(c.dilations, "1, "), list(c.base, "1, "), padding]
}

/// A one-op config named `name` on `mesh`: its inputs (name, shape), the op's
/// YAML mapping and the outputs' mapping.
pub(crate) fn one_op(name: &str, mesh: &str, inputs: &[(&str, String)], op: &str, outputs: &str) -> Config {
    let inputs: String = inputs.iter().map(|(v, shape)| format!("    {v}: {{shape: {shape}, dtype: f32}}\n")).collect();
    let source = format!(
        "name: {name}\nmesh: {{axes: {mesh}}}\ncost: {{preset: h100-sxm}}\nprogram:\n  inputs:\n{inputs}  ops:\n    - {op}\n  \
         outputs: {outputs}\n"
    );
    Config::from_source(&format!("{name}.yaml"), &source).unwrap_or_else(|e| panic!("{e}\n{source}"))
}

fn config(c: &Case) -> Option<Config> {
    if !fits(c) {
        return None;
    }
    let [strides, dilations, base, padding] = window_lists(c, false);
    let (features, batches) = if c.groups == 0 { (1, 2) } else { (c.groups, 1) };
    let (kin, kout) = (3 / features, if features == 1 { 2 } else { 3 });
    let op = format!(
        "{{name: y, op: convolution, operands: [x, k], dimension_numbers: \"[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]\", \
         window_strides: {strides}, rhs_dilation: {dilations}, padding: {padding}, \
         feature_group_count: {features}, batch_group_count: {batches}, lhs_dilation: {base}}}"
    );
    let inputs = [
        ("x", format!("[2, {}, {}, 3]", c.image.0, c.image.1)),
        ("k", format!("[{}, {}, {kin}, {kout}]", c.window.0, c.window.1)),
    ];
    Some(one_op("halo", c.mesh, &inputs, &op, "{y: {}}"))
}

/// The `reduce_window` of case `c`: of `inputs` images (1 or 2) combined by `kind`.
fn reduce_window_config(c: &Case, inputs: usize, kind: &str) -> Option<Config> {
    if !fits(c) {
        return None;
    }
    let (h, w) = c.image;
    let [strides, dilations, base, padding] = window_lists(c, true);
    let op = format!(
        "{{name: [{}], op: reduce_window, operands: [{}], kind: {kind}, window_dimensions: [1, {}, {}], \
         window_strides: {strides}, window_dilations: {dilations}, base_dilations: {base}, padding: {padding}}}",
        ["y", "y, z"][inputs - 1],
        ["a", "a, b"][inputs - 1],
        c.window.0,
        c.window.1,
    );
    let images = [("a", format!("[2, {h}, {w}]")), ("b", format!("[2, {h}, {w}]"))];
    Some(one_op("halo_window", c.mesh, &images, &op, ["{y: {}}", "{y: {}, z: {}}"][inputs - 1]))
}

/// Every third plan of `config` splitting a windows factor (which third by `seed`)
/// runs equal to the reference (`c` names the case in failures).
pub(crate) fn split_plans_pass(config: &Config, c: &dyn std::fmt::Debug, seed: u64) -> Result<(), TestCaseError> {
    let plans = split_plans(config);
    for (i, decisions) in plans.into_iter().enumerate().filter(|(i, _)| i % 3 == (seed % 3) as usize) {
        let shown: Vec<String> = decisions.values.iter().map(ToString::to_string).collect();
        let solution =
            autoshard::price_decisions(config, decisions).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        let run = autoshard::run(config, &solution, seed).map_err(|e| TestCaseError::fail(format!("{e}\n{c:?}")))?;
        prop_assert!(run.verification.passed, "plan {i} {shown:?} of {c:?}: {:?}", run.verification);
    }
    Ok(())
}

/// Every strategy of the convolution that shards a windows (permutation) factor,
/// with its operands and result held as the strategy runs on them.
fn split_plans(config: &Config) -> Vec<Decisions> {
    let program = &config.program;
    let id = program.top_level()[0];
    let op = program.op(id);
    let rule = sharding_rule(program, id).unwrap();
    let axes = usable_axes(program.mesh(), &[]);
    let splits =
        |s: &OpStrategy| rule.factors().any(|f| rule.kind(f) == FactorKind::Permutation && !s.factors[f.0].is_empty());
    op_strategies(&rule, &axes, false, &[])
        .into_iter()
        .filter(splits)
        .filter_map(|strategy| {
            let shardings = op_shardings(program, op, &rule, &strategy).ok()?;
            let mut values: Vec<TensorSharding> = program
                .values()
                .iter()
                .map(|v| TensorSharding::replicated(program.mesh_name(), v.ty.shape.len()))
                .collect();
            for (&v, s) in
                op.operands.iter().chain(&op.results).zip(shardings.operands.iter().chain(&shardings.results))
            {
                values[v.index()] = s.clone();
            }
            let mut strategies = vec![OpStrategy::default(); program.ops().len()];
            strategies[id.index()] = strategy;
            Some(Decisions { values, strategies })
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn spatially_split_convolutions_equal_the_reference(c in case(), seed in 0u64..100) {
        let Some(config) = config(&c) else { return Ok(()) };
        split_plans_pass(&config, &c, seed)?;
    }

    #[test]
    fn spatially_split_reduce_windows_equal_the_reference(c in case(), seed in 0u64..100, inputs in 1usize..3, max in any::<bool>()) {
        let Some(config) = reduce_window_config(&c, inputs, if max { "max" } else { "add" }) else { return Ok(()) };
        split_plans_pass(&config, &c, seed)?;
    }
}

/// An 8x8 image on 4 devices, a 3x3 window padded by 1, no groups or dilations.
fn eight_by_eight() -> Case {
    Case {
        image: (8, 8),
        window: (3, 3),
        strides: (1, 1),
        dilations: (1, 1),
        padding: ((1, 1), (1, 1)),
        mesh: "{x: 4}",
        groups: 1,
        base: (1, 1),
    }
}

/// An 8x8 image on 4 devices by rows (2 each), a 3x3 window padded by 1: each device
/// takes one row from the block before and one from the block after (the edges
/// take padding), 2x8x3 elements a row, for a plain, a depthwise and a
/// batch-grouped convolution. The plan prices exactly those rows, and the run holds
/// blocks, not the whole image.
#[test]
fn the_plan_prices_the_halo_rows_and_the_run_keeps_blocks() {
    for groups in [1, 3, 0] {
        let c = Case { groups, ..eight_by_eight() };
        let config = config(&c).unwrap();
        let by_rows = |d: &Decisions| (0..4).all(|e| d.values[0].dims[e].axes.len() == usize::from(e == 1));
        let rows = split_plans(&config).into_iter().find(by_rows).expect("a plan splitting the rows");
        let solution = autoshard::price_decisions(&config, rows).unwrap();
        let halo: Vec<_> = solution.plan.collectives.iter().filter(|c| c.op.as_deref() == Some("y")).collect();
        assert_eq!(halo.len(), 1, "{halo:?}");
        assert_eq!(halo[0].bytes.0, 2 * (2 * 8 * 3) * 4, "one row each way, f32");
        let run = autoshard::run(&config, &solution, 1).unwrap();
        assert!(run.verification.passed, "{:?}", run.verification);
        // The image is 2x8x8x3 = 384 elements and y 2x8x8x2 = 256 (depthwise 384,
        // batch-grouped 1x8x8x2 = 128); a device holds its blocks (96 + 64, 96 + 96
        // or 96 + 32), the kernel (54, or 27) and its halo rows (96) at most.
        let y = [128, 256, 384][usize::from(groups > 0) + usize::from(groups > 1)];
        assert!(run.sharded.peak_elements < 384 + y, "peak {} elements", run.sharded.peak_elements);
    }
}

/// A max-pool of two 2x8x8 images by a 3x3 window padded by 1, rows split over 4
/// devices: each input moves one row each way (2x8 elements), so 4 rows in all, and
/// the run equals the reference.
#[test]
fn a_split_reduce_window_moves_the_halo_rows_of_each_input() {
    let c = eight_by_eight();
    let config = reduce_window_config(&c, 2, "max").unwrap();
    let rows = split_plans(&config)
        .into_iter()
        .find(|d| d.values[0].dims[1].axes.len() == 1 && d.values[0].dims[2].axes.is_empty())
        .expect("a plan splitting the rows");
    let solution = autoshard::price_decisions(&config, rows).unwrap();
    let halo: Vec<_> = solution.plan.collectives.iter().filter(|c| c.op.as_deref() == Some("y")).collect();
    assert_eq!(halo.len(), 1, "{halo:?}");
    assert_eq!(halo[0].bytes.0, 4 * (2 * 8) * 4, "one row each way for each input, f32");
    let run = autoshard::run(&config, &solution, 3).unwrap();
    assert!(run.verification.passed, "{:?}", run.verification);
}

/// The gallery's U-Net (`configs/unet.yaml`, one 1024x1024 image) solves to a
/// spatial plan: every feature map split 8 ways along its rows or columns, and
/// every 3x3 convolution exchanging only its halo rows (no all-gather, all-reduce
/// or all-to-all anywhere). Run at its CI sizes, it equals the reference
/// holding less than a quarter of what the same program run on whole tensors holds.
#[test]
fn the_unet_is_planned_spatially_and_holds_a_fraction_of_the_whole() {
    use autoshard::model::reshard::CollectiveKind;
    let source = std::fs::read_to_string("../configs/unet.yaml").unwrap();
    let config = Config::from_source("unet.yaml", &source).unwrap();
    let solution = autoshard::solve(&config).unwrap();
    let plan = &solution.plan;
    let mesh = config.program.mesh();
    for feature_map in ["e1a", "e2b", "mb", "d1b"] {
        let sharding = plan.value(feature_map).unwrap();
        let spatial: i64 = sharding.dims[1..3].iter().map(|d| d.sharded_size(mesh)).product();
        assert_eq!(spatial, 8, "{feature_map}: {sharding}");
    }
    for c in &plan.collectives {
        assert!(matches!(c.kind, CollectiveKind::CollectivePermute | CollectiveKind::AllSlice), "{}", c.text);
    }
    let convolutions = config.program.ops().iter().filter(|op| op.kind.name() == "convolution").count();
    let halos = plan.collectives.iter().filter(|c| c.kind == CollectiveKind::CollectivePermute).count();
    assert_eq!(halos, convolutions - 1, "every 3x3 convolution exchanges its halo, the 1x1 nothing");

    // At its CI sizes (64x64, 4 features at the top level) the image, not the
    // replicated weights, holds most of the memory, as at full size.
    let small = Config::from_source_at_ci_sizes("unet.yaml", &source).unwrap();
    let spatial = autoshard::run(&small, &solution, 5).unwrap();
    assert!(spatial.verification.passed, "{:?}", spatial.verification);
    let program = &small.program;
    let whole = autoshard::cost::Decisions {
        values: program.values().iter().map(|v| TensorSharding::replicated(program.mesh_name(), v.ty.rank())).collect(),
        strategies: program
            .op_ids()
            .map(|id| OpStrategy::of(vec![Vec::new(); sharding_rule(program, id).map_or(0, |r| r.factors().count())]))
            .collect(),
    };
    let whole = autoshard::run(&small, &autoshard::price_decisions(&small, whole).unwrap(), 5).unwrap();
    assert!(whole.verification.passed, "{:?}", whole.verification);
    let (split, all) = (spatial.sharded.peak_elements, whole.sharded.peak_elements);
    eprintln!(
        "unet at its CI sizes: peak {split} elements per device split, {all} whole ({:.2}x)",
        all as f64 / split as f64
    );
    assert!(split * 4 < all, "peak {split} elements per device split, {all} whole");
}

/// The gallery's high-resolution ResNet downsampling block
/// (`configs/resnet_downsample_hd.yaml`, two 1024x1024 maps) splits the batch over
/// "data" and the rows over "model"; its only communication is the strided 3x3
/// convolution's halo, one row (1024 x 128 bf16) from the block before, and the
/// plan runs equal to the reference at its CI sizes.
#[test]
fn the_resnet_downsampling_block_splits_rows_and_moves_one_row() {
    use autoshard::model::reshard::CollectiveKind;
    let source = std::fs::read_to_string("../configs/resnet_downsample_hd.yaml").unwrap();
    let config = Config::from_source("resnet_downsample_hd.yaml", &source).unwrap();
    let solution = autoshard::solve(&config).unwrap();
    let plan = &solution.plan;
    for value in ["a1", "a2", "y"] {
        assert_eq!(plan.value(value).unwrap().to_string(), r#"#sdy.sharding<@mesh, [{"data"}, {"model"}, {}, {}]>"#);
    }
    let moved: Vec<_> = plan.collectives.iter().filter(|c| c.kind != CollectiveKind::AllSlice).collect();
    assert_eq!(moved.len(), 1, "{moved:?}");
    assert_eq!((moved[0].op.as_deref(), moved[0].bytes.0), (Some("c2"), 1024 * 128 * 2));
    let small = Config::from_source_at_ci_sizes("resnet_downsample_hd.yaml", &source).unwrap();
    let run = autoshard::run(&small, &solution, 2).unwrap();
    assert!(run.verification.passed, "{:?}", run.verification);
}

/// One windowed dimension of a max-pool's gradient: rows, window, stride, padding.
#[derive(Debug, Clone, Copy)]
struct Pool {
    rows: i64,
    window: i64,
    stride: i64,
    padding: (i64, i64),
}

impl Pool {
    /// Its number of windows (none when the padded rows hold no window).
    fn windows(&self) -> i64 {
        let padded = self.rows + self.padding.0 + self.padding.1;
        if padded < self.window { 0 } else { (padded - self.window) / self.stride + 1 }
    }

    /// Windows tile it: as long as their stride, unpadded, covering every row.
    fn tiles(&self) -> bool {
        self.window == self.stride && self.padding == (0, 0) && self.rows % self.window == 0
    }
}

fn pool() -> impl Strategy<Value = Pool> {
    (2i64..13, 1i64..4, 1i64..3, (0i64..2, 0i64..2)).prop_map(|(rows, window, stride, padding)| Pool {
        rows,
        window,
        stride: stride.min(window),
        padding,
    })
}

/// A max-pool's gradient (`select_and_scatter`) of a `[2, rows, cols]` operand
/// along dimensions `p` and `q`.
fn select_and_scatter_config(p: Pool, q: Pool, mesh: &str) -> Config {
    let op = format!(
        "{{name: y, op: select_and_scatter, operands: [a, s], window_dimensions: [1, {}, {}], \
         window_strides: [1, {}, {}], padding: [[0, 0], [{}, {}], [{}, {}]]}}",
        p.window, q.window, p.stride, q.stride, p.padding.0, p.padding.1, q.padding.0, q.padding.1
    );
    let inputs =
        [("a", format!("[2, {}, {}]", p.rows, q.rows)), ("s", format!("[2, {}, {}]", p.windows(), q.windows()))];
    one_op("pool_grad", mesh, &inputs, &op, "{y: {}}")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every strategy splitting the operand's windowed dimensions runs equal to the
    /// reference (overlapping and padded windows fetch their rows from the
    /// neighbouring blocks), and windows that tile the blocks exchange nothing.
    #[test]
    fn split_pool_gradients_equal_the_reference(
        p in pool(),
        q in pool(),
        mesh in prop_oneof![Just("{x: 4}"), Just("{x: 2, y: 2}"), Just("{x: 3}")],
        seed in 0u64..100,
    ) {
        if p.windows() == 0 || q.windows() == 0 {
            return Ok(());
        }
        let config = select_and_scatter_config(p, q, mesh);
        let mesh_size = |axes: &[autoshard::model::AxisRef]| autoshard::model::axes_size(axes, config.program.mesh());
        for decisions in split_plans(&config) {
            let shown: Vec<String> = decisions.values.iter().map(ToString::to_string).collect();
            // Windows tile the blocks where every split dimension has a whole number of
            // windows on each device.
            let operand = &decisions.values[0];
            let aligned = [(1, p), (2, q)].iter().all(|&(d, pool)| {
                let shards = mesh_size(&operand.dims[d].axes);
                shards == 1 || (pool.tiles() && (pool.rows / pool.window) % shards == 0)
            });
            let solution = autoshard::price_decisions(&config, decisions).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            let exchanged = solution.plan.collectives.iter().any(|c| c.op.as_deref() == Some("y"));
            prop_assert!(!(aligned && exchanged), "{shown:?}: tiled but priced an exchange");
            let run = autoshard::run(&config, &solution, seed).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert!(run.verification.passed, "{shown:?} of {p:?} {q:?} on {mesh}: {:?}", run.verification);
        }
    }
}

/// The common 2x2 max-pool gradient of a 16x16 map on 4 devices by rows moves
/// nothing; a ResNet stem's (3x3, stride 2, padding 1: windows at rows 2w-1..2w+2)
/// reads, for the windows touching its 4-row block, up to one row of the block
/// before and two of the block after (3 rows of 2x16 f32); both run equal to the
/// reference.
#[test]
fn pool_gradients_move_only_the_rows_their_windows_share() {
    let tiled = Pool { rows: 16, window: 2, stride: 2, padding: (0, 0) };
    let stem = Pool { rows: 16, window: 3, stride: 2, padding: (1, 1) };
    for (pool, bytes) in [(tiled, 0), (stem, 3 * 2 * 16 * 4)] {
        let config = select_and_scatter_config(pool, tiled, "{x: 4}");
        let by_rows = |d: &Decisions| (0..3).all(|e| d.values[0].dims[e].axes.len() == usize::from(e == 1));
        let rows = split_plans(&config).into_iter().find(by_rows).expect("a plan splitting the rows");
        let solution = autoshard::price_decisions(&config, rows).unwrap();
        let at_y: u64 =
            solution.plan.collectives.iter().filter(|c| c.op.as_deref() == Some("y")).map(|c| c.bytes.0).sum();
        assert_eq!(at_y, bytes, "{pool:?}");
        let run = autoshard::run(&config, &solution, 4).unwrap();
        assert!(run.verification.passed, "{pool:?}: {:?}", run.verification);
    }
}
