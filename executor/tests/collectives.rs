//! The mesh dialect's collectives on the threaded runtime: the worked examples of
//! the dialect's documentation (`../shared/seeds/003_mesh_dialect_as_text.txt`, the
//! 2x2, 2x4 and 3-device pictures), a property test of every collective against a
//! naive single-threaded reference over random meshes, groups and tensors, one of
//! the halo exchange against the whole tensor, and
//! Shardy's collectives on sharded blocks (`reshard_on_mesh`).

use autoshard_executor::{Device, Error, Grid, Halo, Runtime, Tensor};
use autoshard_executor::{reshard_on_mesh, reshard_placement};
use autoshard_model::ReductionKind;
use autoshard_model::reshard::Collective;
use autoshard_model::{AxisRef, Mesh, TensorSharding};
use proptest::prelude::*;
use std::time::Duration;

fn t(shape: &[usize], data: &[f32]) -> Tensor {
    Tensor::from_vec(shape, data.to_vec()).unwrap()
}

/// Runs `f` on a mesh of `shape`, each device getting `inputs[device]`.
fn run<R: Send>(shape: &[usize], inputs: &[Tensor], f: impl Fn(&Device<'_>, &Tensor) -> R + Sync) -> Vec<R> {
    let runtime = Runtime::new(Grid::new(shape).unwrap()).with_timeout(Duration::from_secs(10));
    runtime.run(|d| Ok(f(d, &inputs[d.index()]))).unwrap()
}

/// The 2x2 picture: device (0,0) [[1,2],[3,4]], (0,1) [[5,6],[7,8]], (1,0)
/// [[9,10],[11,12]], (1,1) [[13,14],[15,16]].
fn picture() -> Vec<Tensor> {
    (0..4).map(|d| t(&[2, 2], &[1.0, 2.0, 3.0, 4.0].map(|v| v + 4.0 * d as f32))).collect()
}

#[test]
fn all_gather_and_all_slice_match_the_dialect_examples() {
    let gathered = run(&[2, 2], &picture(), |d, x| d.all_gather(x, &[1], 1).unwrap());
    let row0 = t(&[2, 4], &[1.0, 2.0, 5.0, 6.0, 3.0, 4.0, 7.0, 8.0]);
    let row1 = t(&[2, 4], &[9.0, 10.0, 13.0, 14.0, 11.0, 12.0, 15.0, 16.0]);
    assert_eq!(gathered, vec![row0.clone(), row0, row1.clone(), row1]);
    let sliced = run(&[2, 2], &gathered, |d, x| d.all_slice(x, &[1], 1).unwrap());
    assert_eq!(sliced, picture());
}

#[test]
fn all_to_all_matches_the_three_device_example() {
    let inputs: Vec<Tensor> =
        (1..=3).map(|d| t(&[3, 2], &[11.0, 12.0, 13.0, 14.0, 15.0, 16.0].map(|v| v + 10.0 * (d - 1) as f32))).collect();
    let out = run(&[3], &inputs, |d, x| d.all_to_all(x, &[0], 0, 0).unwrap());
    assert_eq!(out[0], t(&[3, 2], &[11.0, 12.0, 21.0, 22.0, 31.0, 32.0]));
    assert_eq!(out[1], t(&[3, 2], &[13.0, 14.0, 23.0, 24.0, 33.0, 34.0]));
    assert_eq!(out[2], t(&[3, 2], &[15.0, 16.0, 25.0, 26.0, 35.0, 36.0]));
}

#[test]
fn broadcast_gather_scatter_match_the_dialect_examples() {
    // broadcast along axis 0 from root [0]: row 0's tensors reach row 1.
    let inputs = vec![t(&[2], &[1.0, 2.0]), t(&[2], &[3.0, 4.0]), t(&[2], &[0.0, 0.0]), t(&[2], &[0.0, 0.0])];
    let out = run(&[2, 2], &inputs, |d, x| d.broadcast(x, &[0], &[0]).unwrap());
    assert_eq!(out, vec![inputs[0].clone(), inputs[1].clone(), inputs[0].clone(), inputs[1].clone()]);
    // gather along axis 1 onto root [1]: devices (0,1) and (1,1) get the rows.
    let out = run(&[2, 2], &picture(), |d, x| d.gather(x, &[1], 1, &[1]).unwrap());
    assert_eq!(out[0], None);
    assert_eq!(out[1], Some(t(&[2, 4], &[1.0, 2.0, 5.0, 6.0, 3.0, 4.0, 7.0, 8.0])));
    assert_eq!(out[2], None);
    // scatter along axis 0 from root [1] over mesh axis 0.
    let inputs = vec![
        Tensor::full(&[2, 2], 0.0),
        Tensor::full(&[2, 2], 0.0),
        t(&[2, 2], &[1.0, 2.0, 3.0, 4.0]),
        t(&[2, 2], &[5.0, 6.0, 7.0, 8.0]),
    ];
    let out = run(&[2, 2], &inputs, |d, x| d.scatter(x, &[0], 0, &[1]).unwrap());
    let expected = [[1.0, 2.0], [5.0, 6.0], [3.0, 4.0], [7.0, 8.0]].map(|r| t(&[1, 2], &r));
    assert_eq!(out, expected.to_vec());
}

#[test]
fn reduce_scatter_and_shift_match_the_dialect_examples() {
    let out = run(&[2, 2], &picture(), |d, x| d.reduce_scatter(x, &[1], ReductionKind::Sum, 0).unwrap());
    let expected = [[6.0, 8.0], [10.0, 12.0], [22.0, 24.0], [26.0, 28.0]].map(|r| t(&[1, 2], &r));
    assert_eq!(out, expected.to_vec());
    let inputs: Vec<Tensor> = (1..=8).map(|v| t(&[1], &[v as f32])).collect();
    let out = run(&[2, 4], &inputs, |d, x| d.shift(x, &[1], 1, 2, true).unwrap().unwrap());
    let values: Vec<f32> = out.iter().map(|x| x.data()[0]).collect();
    assert_eq!(values, [3.0, 4.0, 1.0, 2.0, 7.0, 8.0, 5.0, 6.0]);
    // Without rotation the first two devices of each row receive nothing.
    let out = run(&[2, 4], &inputs, |d, x| d.shift(x, &[1], 1, 2, false).unwrap());
    assert_eq!(out.iter().filter(|x| x.is_none()).count(), 4);
    assert_eq!(out[3], Some(t(&[1], &[2.0])));
}

#[test]
fn send_recv_permute_and_halo() {
    // Device 0 sends to 2 (its in-group 1 over axis 0 of a 2x2 mesh); 2 receives.
    let out = run(&[2, 2], &picture(), |d, x| match d.index() {
        0 => d.send_recv(Some((x, &[1])), &[0], None).unwrap(),
        2 => d.send_recv(None, &[0], Some(&[0])).unwrap(),
        _ => d.send_recv(None, &[0], None).unwrap(),
    });
    assert_eq!(out[2], Some(picture()[0].clone()));
    let out = run(&[4], &picture(), |d, x| d.collective_permute(x, &[(0, 1), (1, 2), (2, 0)]).unwrap());
    assert_eq!(out[..3], [picture()[2].clone(), picture()[0].clone(), picture()[1].clone()]);
    assert_eq!(out[3], Tensor::full(&[2, 2], 0.0));
    // Halos of 1 on a 1-D split of [0..12) over 3 devices: shards of 4 + 2 halos.
    let shards: Vec<Tensor> = (0..3)
        .map(|d| {
            let mut v = vec![-1.0];
            v.extend((0..4).map(|i| (4 * d + i) as f32));
            v.push(-1.0);
            t(&[6], &v)
        })
        .collect();
    let halo = [Halo { lo: 1, hi: 1 }];
    let out = run(&[3], &shards, |d, x| d.update_halo(x, x, &[vec![0]], (&halo, &halo)).unwrap());
    assert_eq!(out[0].data(), [-1.0, 0.0, 1.0, 2.0, 3.0, 4.0]);
    assert_eq!(out[1].data(), [3.0, 4.0, 5.0, 6.0, 7.0, 8.0]);
    assert_eq!(out[2].data(), [7.0, 8.0, 9.0, 10.0, 11.0, -1.0]);
}

#[test]
fn halos_of_a_two_dimensional_split() {
    // A 4x4 tensor (element (r, c) = 10r + c) split over a 2x2 mesh, each shard a
    // 2x2 core with halos of 1 on every side, -1 before the update.
    let global = |r: usize, c: usize| (10 * r + c) as f32;
    let shards: Vec<Tensor> = (0..4)
        .map(|d| {
            let (i, j) = (d / 2, d % 2);
            Tensor::from_fn(&[4, 4], |p| match (p[0], p[1]) {
                (1..=2, 1..=2) => global(2 * i + p[0] - 1, 2 * j + p[1] - 1),
                _ => -1.0,
            })
        })
        .collect();
    let halo = [Halo { lo: 1, hi: 1 }; 2];
    let out = run(&[2, 2], &shards, |d, x| d.update_halo(x, x, &[vec![0], vec![1]], (&halo, &halo)).unwrap());
    for (d, shard) in out.iter().enumerate() {
        let (i, j) = (d / 2, d % 2);
        let expected = Tensor::from_fn(&[4, 4], |p| {
            let (r, c) = ((2 * i + p[0]).checked_sub(1), (2 * j + p[1]).checked_sub(1));
            match (r, c) {
                // Corners too, from the diagonal neighbour.
                (Some(r), Some(c)) if r < 4 && c < 4 => global(r, c),
                // Outer halos keep what they held.
                _ => -1.0,
            }
        });
        assert_eq!(shard, &expected, "device {d}");
    }
}

#[test]
fn a_missing_device_fails_instead_of_hanging() {
    let runtime = Runtime::new(Grid::new(&[2]).unwrap()).with_timeout(Duration::from_millis(200));
    let x = Tensor::full(&[2], 1.0);
    let result =
        runtime.run(|d| if d.index() == 0 { d.all_reduce(&x, &[0], ReductionKind::Sum).map(|_| ()) } else { Ok(()) });
    let error = result.unwrap_err().to_string();
    assert!(error.contains("waited"), "{error}");
    // A device that fails stops the others at once with its own error.
    let runtime = Runtime::new(Grid::new(&[2]).unwrap()).with_timeout(Duration::from_secs(30));
    let result = runtime.run(|d| {
        let x = Tensor::full(&[2 + d.index()], 1.0);
        d.all_reduce(&x, &[0], ReductionKind::Sum).map(|_| ())
    });
    assert!(result.unwrap_err().to_string().contains("shapes"));
    // A device that fails while another waits in a round: the waiting one is
    // aborted, and the run reports the failure, not the abort.
    let result = runtime.run(|d| match d.index() {
        0 => d.all_reduce(&x, &[0], ReductionKind::Sum).map(|_| ()),
        _ => Err(Error::Plan("device 1 gives up".to_string())),
    });
    assert_eq!(result.unwrap_err(), Error::Plan("device 1 gives up".to_string()));
    assert_eq!(Error::Aborted("why".to_string()).to_string(), "collective: aborted: why");
}

/// The coordinates of `device` on a mesh of `shape`, row-major (the last axis
/// fastest), by plain division.
fn naive_coordinates(shape: &[usize], device: usize) -> Vec<usize> {
    (0..shape.len()).map(|a| device / shape[a + 1..].iter().product::<usize>() % shape[a]).collect()
}

/// The members of `device`'s group over `axes`, computed naively from coordinates.
fn naive_group(shape: &[usize], device: usize, axes: &[usize]) -> Vec<usize> {
    let me = naive_coordinates(shape, device);
    let mut members: Vec<(Vec<usize>, usize)> = (0..shape.iter().product())
        .filter_map(|e| {
            let c = naive_coordinates(shape, e);
            let same_outside = (0..shape.len()).all(|a| axes.contains(&a) || c[a] == me[a]);
            same_outside.then(|| (axes.iter().map(|&a| c[a]).collect(), e))
        })
        .collect();
    members.sort();
    members.into_iter().map(|(_, e)| e).collect()
}

fn naive_reduce(kind: ReductionKind, parts: &[&Tensor]) -> Tensor {
    let n = parts.len() as f32;
    Tensor::from_fn(parts[0].shape(), |i| {
        let values: Vec<f32> = parts.iter().map(|p| p.at(i)).collect();
        let ints = || values.iter().map(|&v| v as i64);
        match kind {
            ReductionKind::Sum => values.iter().sum(),
            ReductionKind::Average => values.iter().sum::<f32>() / n,
            ReductionKind::Max => values.iter().copied().fold(f32::MIN, f32::max),
            ReductionKind::Min => values.iter().copied().fold(f32::MAX, f32::min),
            ReductionKind::Product => values.iter().product(),
            ReductionKind::BitwiseAnd => ints().fold(-1, |a, b| a & b) as f32,
            ReductionKind::BitwiseOr => ints().fold(0, |a, b| a | b) as f32,
            ReductionKind::BitwiseXor => ints().fold(0, |a, b| a ^ b) as f32,
        }
    })
}

/// Piece `k` of `parts` equal pieces of `x` along `axis`, element by element.
fn naive_piece(x: &Tensor, axis: usize, parts: usize, k: usize) -> Tensor {
    let len = x.shape()[axis] / parts;
    let mut shape = x.shape().to_vec();
    shape[axis] = len;
    Tensor::from_fn(&shape, |i| {
        let mut j = i.to_vec();
        j[axis] += k * len;
        x.at(&j)
    })
}

fn check_case(seed: u64) -> Result<(), TestCaseError> {
    let mut state = seed | 1;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let rank = 1 + next(3);
    let shape: Vec<usize> = (0..rank).map(|_| 1 + next(3)).collect();
    let mut axes: Vec<usize> = (0..rank).filter(|_| next(2) == 0).collect();
    for i in (1..axes.len()).rev() {
        axes.swap(i, next(i + 1));
    }
    let group: usize = axes.iter().map(|&a| shape[a]).product();
    let devices: usize = shape.iter().product();
    let dims = [group * (1 + next(2)), 1 + next(3)];
    let inputs: Vec<Tensor> =
        (0..devices).map(|d| Tensor::from_fn(&dims, |i| ((d * 31 + i[0] * 7 + i[1] * 3) % 13) as f32)).collect();
    let kind = ReductionKind::ALL[next(ReductionKind::ALL.len())];
    let root: Vec<usize> = axes.iter().map(|&a| next(shape[a])).collect();
    let runtime = Runtime::new(Grid::new(&shape).unwrap()).with_timeout(Duration::from_secs(10));
    let results = runtime
        .run(|d| {
            let x = &inputs[d.index()];
            Ok((
                d.all_gather(x, &axes, 0)?,
                d.all_reduce(x, &axes, kind)?,
                d.all_to_all(x, &axes, 0, 1)?,
                d.reduce_scatter(x, &axes, kind, 0)?,
                d.broadcast(x, &axes, &root)?,
                d.scatter(x, &axes, 0, &root)?,
            ))
        })
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let grid = Grid::new(&shape).unwrap();
    for (d, (gathered, reduced, exchanged, scattered, broadcast, split)) in results.iter().enumerate() {
        let members = naive_group(&shape, d, &axes);
        let me = members.iter().position(|&m| m == d).unwrap();
        let parts: Vec<&Tensor> = members.iter().map(|&m| &inputs[m]).collect();
        let context = format!("seed {seed}: mesh {shape:?}, axes {axes:?}, device {d}, {kind:?}");
        // Row r of the gathered tensor is row r % rows of member r / rows.
        let rows = dims[0];
        let expected = Tensor::from_fn(&[group * rows, dims[1]], |i| parts[i[0] / rows].at(&[i[0] % rows, i[1]]));
        prop_assert_eq!(gathered, &expected, "all_gather, {}", context);
        prop_assert_eq!(reduced, &naive_reduce(kind, &parts), "all_reduce, {}", context);
        let pieces: Vec<Tensor> = parts.iter().map(|p| naive_piece(p, 0, group, me)).collect();
        let piece_refs: Vec<&Tensor> = pieces.iter().collect();
        // Column c of the exchanged tensor is column c % cols of member c / cols's piece.
        let cols = dims[1];
        let expected = Tensor::from_fn(&[rows / group, group * cols], |i| pieces[i[1] / cols].at(&[i[0], i[1] % cols]));
        prop_assert_eq!(exchanged, &expected, "all_to_all, {}", context);
        prop_assert_eq!(scattered, &naive_reduce(kind, &piece_refs), "reduce_scatter, {}", context);
        let root_device = members[root.iter().zip(&axes).fold(0, |acc, (&r, &a)| acc * shape[a] + r)];
        prop_assert_eq!(broadcast, &inputs[root_device], "broadcast, {}", context);
        prop_assert_eq!(split, &naive_piece(&inputs[root_device], 0, group, me), "scatter, {}", context);
        prop_assert_eq!(grid.group(d, &axes), members.clone());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn collectives_match_a_naive_reference(seed in any::<u64>()) {
        check_case(seed)?;
    }
}

/// A halo exchange case: a 1-D mesh splitting dimension 0, or a 2-D mesh splitting
/// both dimensions (or dimension 1 over both axes); the cores per dimension; the
/// source's and the destination's halos per dimension (zero where unsplit).
#[derive(Debug, Clone)]
struct HaloCase {
    mesh: Vec<usize>,
    split_axes: Vec<Vec<usize>>,
    core: Vec<usize>,
    source: Vec<Halo>,
    destination: Vec<Halo>,
}

fn halo_case() -> impl Strategy<Value = HaloCase> {
    let meshes = prop_oneof![
        (1usize..5).prop_map(|n| (vec![n], vec![vec![0], vec![]])),
        (1usize..4, 1usize..4).prop_map(|(a, b)| (vec![a, b], vec![vec![0], vec![1]])),
        (1usize..3, 1usize..3).prop_map(|(a, b)| (vec![a, b], vec![vec![], vec![1, 0]])),
    ];
    let halos = prop::collection::vec((0usize..3, 0usize..3), 2);
    (meshes, prop::collection::vec(1usize..5, 2), halos.clone(), halos).prop_map(|((mesh, split_axes), core, s, d)| {
        // A halo no wider than the core; none on an unsplit dimension.
        let fit = |h: &[(usize, usize)]| -> Vec<Halo> {
            (0..2)
                .map(|e| match split_axes[e].is_empty() {
                    true => Halo::default(),
                    false => Halo { lo: h[e].0.min(core[e]), hi: h[e].1.min(core[e]) },
                })
                .collect()
        };
        HaloCase { source: fit(&s), destination: fit(&d), mesh, split_axes, core }
    })
}

/// Runs a halo case: every device's result must be the window of the whole tensor
/// around its core (corners included), and off the tensor's edges the destination's
/// values.
fn check_halo_case(case: &HaloCase) -> Result<(), TestCaseError> {
    let shards = |e: usize| case.split_axes[e].iter().map(|&a| case.mesh[a]).product::<usize>();
    let whole: Vec<usize> = (0..2).map(|e| case.core[e] * shards(e)).collect();
    let grid = Grid::new(&case.mesh).unwrap();
    // Device d's shard index along each dimension (its axes' coordinates, the first outermost).
    let shard = |device: usize, e: usize| {
        let mut coords = vec![0; case.mesh.len()];
        let mut rest = device;
        for a in (0..case.mesh.len()).rev() {
            (coords[a], rest) = (rest % case.mesh[a], rest / case.mesh[a]);
        }
        case.split_axes[e].iter().fold(0, |i, &a| i * case.mesh[a] + coords[a])
    };
    // The whole tensor's element at a buffer position, if the position is on it.
    let global = |device: usize, halos: &[Halo], p: &[usize]| -> Option<f32> {
        let g: Vec<usize> =
            (0..2).map(|e| (shard(device, e) * case.core[e] + p[e]).checked_sub(halos[e].lo)).collect::<Option<_>>()?;
        (g[0] < whole[0] && g[1] < whole[1]).then(|| (g[0] * 1000 + g[1]) as f32)
    };
    let in_core =
        |halos: &[Halo], p: &[usize]| (0..2).all(|e| (halos[e].lo..halos[e].lo + case.core[e]).contains(&p[e]));
    let buffer = |halos: &[Halo]| -> Vec<usize> { (0..2).map(|e| case.core[e] + halos[e].lo + halos[e].hi).collect() };
    let fill = |device: usize, halos: &[Halo], outside: f32| {
        Tensor::from_fn(&buffer(halos), |p| {
            if in_core(halos, p) { global(device, halos, p).unwrap_or(-9.0) } else { outside }
        })
    };
    let split: Vec<usize> = (0..2).filter(|&e| !case.split_axes[e].is_empty()).collect();
    let listed = |halos: &[Halo]| split.iter().map(|&e| halos[e]).collect::<Vec<_>>();
    let (source_halos, destination_halos) = (listed(&case.source), listed(&case.destination));
    let runtime = Runtime::new(grid).with_timeout(Duration::from_secs(10));
    let out = runtime
        .run(|d| {
            let (source, destination) = (fill(d.index(), &case.source, -7.0), fill(d.index(), &case.destination, -1.0));
            d.update_halo(&source, &destination, &case.split_axes, (&source_halos, &destination_halos))
        })
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    for (device, got) in out.iter().enumerate() {
        let want =
            Tensor::from_fn(&buffer(&case.destination), |p| global(device, &case.destination, p).unwrap_or(-1.0));
        prop_assert_eq!(got, &want, "device {} of {:?}", device, case);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    /// `update_halo` against the whole tensor, with source and destination halos of
    /// their own sizes.
    #[test]
    fn halos_hold_the_neighbours_data(case in halo_case()) {
        check_halo_case(&case)?;
    }
}

/// Regression: an `all_to_all` over a sub-axis that does not nest with another
/// sub-axis of the same mesh axis used in the program (`"x":(1)2` and `"x":(1)3`
/// of an axis of 6 leave the axis whole in the grid, so `"x":(1)2` is no grid
/// group) moves its blocks by redistribution instead of failing.
#[test]
fn all_to_all_over_sub_axes_that_do_not_nest_redistributes() {
    let mesh: Mesh = r#"<["x"=6]>"#.parse().unwrap();
    let from: TensorSharding = r#"#sdy.sharding<@mesh, [{"x":(1)2}, {}]>"#.parse().unwrap();
    let collectives: Vec<Collective> = [
        r#"sdy.all_to_all [{"x":(1)2}: 0->1] out_sharding=<@mesh, [{}, {"x":(1)2}]>"#,
        r#"sdy.all_gather [{}, {"x":(1)2}] out_sharding=<@mesh, [{}, {}]>"#,
        r#"sdy.all_slice [{"x":(1)3}, {}] out_sharding=<@mesh, [{"x":(1)3}, {}]>"#,
    ]
    .iter()
    .map(|text| text.parse().unwrap())
    .collect();
    // The placement `reshard` runs on, and whether "x":(1)2 is a group of its grid:
    // the all-to-all and all-gather over it run as grid collectives exactly when it
    // is, and redistribute blocks otherwise.
    let placement = |collectives: &[Collective]| reshard_placement(&mesh, &from, collectives).unwrap();
    let half: AxisRef = "\"x\":(1)2".parse().unwrap();
    let x = Tensor::from_fn(&[6, 4], |i| (i[0] * 10 + i[1]) as f32);
    // "x":(1)3 does not nest with "x":(1)2: the grid keeps "x" whole and the moves
    // over "x":(1)2 redistribute.
    let whole = placement(&collectives);
    assert_eq!(whole.grid().shape(), &[6]);
    assert!(whole.grid_axes(std::slice::from_ref(&half)).is_err());
    let y = reshard_on_mesh(&mesh, &x, &from, &collectives).unwrap();
    assert_eq!(y, x);
    // The same moves where the sub-axes nest run as grid collectives.
    let split = placement(&collectives[..2]);
    assert_eq!(split.grid().shape(), &[2, 3]);
    assert_eq!(split.grid_axes(std::slice::from_ref(&half)).unwrap(), vec![0]);
    let y = reshard_on_mesh(&mesh, &x, &from, &collectives[..2]).unwrap();
    assert_eq!(y, x);
}
