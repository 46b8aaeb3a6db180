//! The evaluator on small orders: the dependency rule, deadlocks, the critical path
//! and the spans.

use super::*;

fn task(stage: u32, microbatch: u32, kind: TaskKind) -> Task {
    Task { stage, microbatch, kind }
}

fn uniform(stages: usize, forward: f64, backward: f64, update: f64) -> Vec<StageCost> {
    vec![StageCost { forward: Seconds(forward), backward: Seconds(backward), update: Seconds(update) }; stages]
}

/// The critical path's counts priced at `costs` and `hops`.
fn priced(path: &CriticalPath, costs: &[StageCost], hops: &[Seconds]) -> f64 {
    (0..costs.len())
        .map(|k| {
            let c = &costs[k];
            f64::from(path.forward[k]) * c.forward.0
                + f64::from(path.backward[k]) * c.backward.0
                + f64::from(path.update[k]) * c.update.0
                + path.hops.get(k).map_or(0.0, |&n| f64::from(n) * hops[k].0)
        })
        .sum()
}

#[test]
fn a_backward_waits_for_its_forward_and_the_next_gradient() {
    let waits = |t: Task, no_backward: &[bool]| -> Vec<(Task, Option<u32>)> {
        waits_for(&t, no_backward.len() as u32, |k| no_backward[k as usize]).collect()
    };
    use TaskKind::{Backward, Forward, Update};
    assert_eq!(waits(task(0, 2, Forward), &[false; 3]), vec![]);
    assert_eq!(waits(task(2, 2, Forward), &[false; 3]), vec![(task(1, 2, Forward), Some(1))]);
    assert_eq!(
        waits(task(1, 2, Backward), &[false; 3]),
        vec![(task(1, 2, Forward), None), (task(2, 2, Backward), Some(1))]
    );
    // The last stage has no backward: its forward sends the gradient.
    assert_eq!(
        waits(task(1, 2, Backward), &[false, false, true]),
        vec![(task(1, 2, Forward), None), (task(2, 2, Forward), Some(1))]
    );
    assert_eq!(waits(task(2, 2, Backward), &[false; 3]), vec![(task(2, 2, Forward), None)]);
    assert_eq!(waits(task(1, 0, Update), &[false; 3]), vec![]);
}

#[test]
fn equal_stages_take_the_textbook_time_along_a_critical_path() {
    let mut makespan = Makespan::default();
    for (s, m) in [(1, 1), (2, 4), (4, 8), (3, 16)] {
        for schedule in [Schedule::GPipe, Schedule::OneFOneB] {
            let graph = TaskGraph::of_schedule(schedule, s, m, 1, &vec![false; s as usize]).unwrap();
            let (costs, hops) = (uniform(s as usize, 1.0, 2.0, 0.5), vec![Seconds(0.0); s as usize - 1]);
            // The same graph evaluated twice into the same buffers.
            for _ in 0..2 {
                graph.evaluate(&costs, &hops, &mut makespan);
                let expected = f64::from(m + s - 1) * 3.0 + 0.5;
                assert!((makespan.step().0 - expected).abs() < 1e-9, "{schedule} S={s} M={m}: {:?}", makespan.step());
                let path = makespan.critical_path();
                assert!((priced(path, &costs, &hops) - expected).abs() < 1e-9, "{schedule} S={s} M={m}: {path:?}");
            }
        }
    }
}

#[test]
fn spans_list_each_mesh_in_run_order() {
    let order = Schedule::OneFOneB.order(2, 2, 1);
    let graph = TaskGraph::new(&order, &[false, false]).unwrap();
    let mut makespan = Makespan::default();
    graph.evaluate(&uniform(2, 1.0, 1.0, 0.0), &[Seconds(0.5)], &mut makespan);
    let spans: Vec<TimedTask> = graph.spans(&makespan).collect();
    let listed: Vec<(u32, Task)> = spans.iter().map(|s| (s.mesh, s.task)).collect();
    let expected: Vec<(u32, Task)> =
        order.iter().enumerate().flat_map(|(m, list)| list.iter().map(move |t| (m as u32, *t))).collect();
    assert_eq!(listed, expected);
    // F1.0 waits for F0.0 and its hop; B0.0 for B1.0 and its hop.
    let at = |t: Task| spans.iter().find(|s| s.task == t).unwrap();
    assert_eq!(at(task(1, 0, TaskKind::Forward)).start, Seconds(1.5));
    assert_eq!(at(task(0, 0, TaskKind::Backward)).start, Seconds(4.0));
    assert_eq!(makespan.step(), Seconds(7.0));
}

#[test]
fn orders_against_the_data_flow_deadlock() {
    let err = |order: Vec<Vec<Task>>| TaskGraph::new(&order, &[false, false]).unwrap_err().to_string();
    // A wait on a task later on the same mesh: a cycle.
    let cycle = vec![vec![task(0, 0, TaskKind::Backward), task(0, 0, TaskKind::Forward)]];
    assert_eq!(err(cycle), "the schedule deadlocks: B0.0 waits for F0.0, which has not run");
    // A wait on a task no mesh runs.
    let missing = vec![vec![task(0, 0, TaskKind::Forward), task(0, 0, TaskKind::Backward)]];
    assert_eq!(err(missing), "the schedule deadlocks: B0.0 waits for B1.0, which has not run");
    // Two meshes each waiting for the other's later task.
    let crossed = vec![
        vec![task(0, 0, TaskKind::Backward), task(0, 0, TaskKind::Forward)],
        vec![task(1, 0, TaskKind::Backward), task(1, 0, TaskKind::Forward)],
    ];
    assert_eq!(err(crossed), "the schedule deadlocks: B0.0 waits for F0.0, which has not run");
    for schedule in Schedule::ALL {
        let stages = if schedule == Schedule::Circular { 6 } else { 3 };
        let mut no_backward = vec![false; stages];
        no_backward[stages - 1] = true;
        assert!(TaskGraph::of_schedule(schedule, 3, 4, 2, &no_backward).is_ok(), "{schedule}");
    }
}

#[test]
fn an_empty_order_takes_no_time() {
    let graph = TaskGraph::new(&[], &[]).unwrap();
    let mut makespan = Makespan::default();
    graph.evaluate(&[], &[], &mut makespan);
    assert_eq!(makespan.step(), Seconds(0.0));
    assert_eq!(graph.spans(&makespan).count(), 0);
    assert_eq!(graph.stages(), 0);
}
