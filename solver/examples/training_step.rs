//! Writes the config of a training step of an L-layer GPT-style stack (forward,
//! backward, Adam), the program `benches/training_step.rs` solves:
//! `cargo run --release -p autoshard-solver --example training_step -- 96 [16GiB] > step.yaml`
//! (the second argument sets the device memory).

#[path = "../benches/programs/training_step.rs"]
mod training_step;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(layers) = args.first().and_then(|a| a.parse::<usize>().ok()) else {
        eprintln!("usage: training_step LAYERS [MEMORY]  (e.g. 96 16GiB)");
        std::process::exit(2);
    };
    print!("{}", training_step::training_step(layers, args.get(1).map(String::as_str)));
}
