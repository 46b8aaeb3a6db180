//! A solve that cannot formulate its program within the time limit still returns a
//! plan: the greedy one `autoshard cost` prices (every open choice the cheapest local
//! way), with the trivial bound; and says it ran out of time when that plan breaks
//! the memory budget. A limit of 0 s makes the formulation give up at its first op,
//! whatever the machine's speed.

use autoshard_config::Config;
use autoshard_cost::{Fixed, complete, price_plan};
use autoshard_model::Seconds;
use autoshard_solver::{SolveError, Solver, SolverOptions};

fn config(name: &str) -> Config {
    let path = format!("{}/../configs/{name}", env!("CARGO_MANIFEST_DIR"));
    Config::from_source(&path, &std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn out_of_time() -> Solver {
    Solver::new(SolverOptions { time_limit: Seconds(0.0), ..SolverOptions::default() })
}

#[test]
fn out_of_time_formulating_gives_the_greedy_plan() {
    let config = config("mlp.yaml");
    let (program, hardware) = (&config.program, &config.hardware);
    let plan = out_of_time().solve(program, hardware).unwrap().plan;
    let greedy =
        price_plan(program, hardware, &complete(program, hardware, &Fixed::from_annotations(program)).unwrap())
            .unwrap();
    assert_eq!(plan.values, greedy.values);
    assert_eq!(plan.objective, greedy.objective);
    let stats = plan.solver.unwrap();
    assert_eq!((stats.status.as_str(), stats.bound), ("feasible", Some(0.0)));
}

#[test]
fn a_greedy_plan_over_the_budget_is_no_plan() {
    let config = config("memory_bound.yaml");
    match out_of_time().solve(&config.program, &config.hardware) {
        Err(SolveError::Backend(message)) => {
            assert!(message.starts_with("out of time: formulating the program took 60% of the time limit"), "{message}")
        }
        other => panic!("expected out of time, got {other:?}"),
    }
}
