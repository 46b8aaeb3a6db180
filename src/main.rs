//! The `autoshard` command line: see `autoshard --help`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
