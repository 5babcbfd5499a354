//! The `ticket-agent` binary: parses the command line, calls the library's function
//! for the command with the streams it owns, and exits with the code it returns.
//! Everything else is in the library (`ticket_agent::cli`, `ticket_agent::app`).

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use ticket_agent::cli::args::{Cli, Command};
use ticket_agent::cli::{self, EvalArgs};
use ticket_agent::telemetry;

#[global_allocator]
static ALLOCATOR: ticket_agent::allocator::Allocator = ticket_agent::allocator::Allocator;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    // Settings before the subscriber: they say where traces go. A bad setting is
    // reported by `run`, which loads them again.
    let telemetry_settings = cli::settings(cli.command.model())
        .map(|s| s.telemetry)
        .unwrap_or_default();
    let tracing = telemetry::init(
        cli.log_format,
        cli.command.log_level(),
        &telemetry_settings,
        runtime.handle(),
    );
    let mut stdout = std::io::stdout().lock();
    let result = runtime.block_on(run(cli, &mut stdout));
    // After the run, with the runtime still alive: the exporter posts on it.
    tracing.shutdown();
    let result = result.and_then(|code| Ok(stdout.flush().map(|()| code)?));
    match result {
        Ok(code) => code,
        // The reader went away (`| head`): it has what it wanted.
        Err(e) if cli::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let settings = cli::settings(cli.command.model())?;
    match cli.command {
        Command::Worker { concurrency, .. } => cli::worker(settings, concurrency).await,
        Command::Submit { file } => {
            let input = cli::read_input(file.as_deref())?;
            cli::submit(&settings, &input).await
        }
        Command::Topology {
            migrate_outcomes,
            migrate_approvals,
        } => cli::topology(&settings, migrate_outcomes, migrate_approvals, out).await,
        Command::Tools => cli::tools(out),
        Command::Process {
            file,
            concurrency,
            trace,
            unordered,
            model: _,
        } => {
            let input = cli::read_input(file.as_deref())?;
            let args = cli::ProcessArgs {
                concurrency,
                with_trace: trace,
                unordered,
            };
            cli::process(&settings, &input, args, out).await
        }
        Command::Eval {
            cases,
            trials,
            concurrency,
            report,
            min_pass_rate,
            model: _,
        } => {
            let args = EvalArgs {
                cases,
                trials,
                concurrency,
                report,
                min_pass_rate,
            };
            cli::eval(&settings, args, out).await
        }
        Command::Dlq { command } => cli::dlq(&settings, command, out).await,
        Command::Approvals { command } => cli::approvals(settings, command, out).await,
        Command::Ingest { command } => cli::ingest(settings, command, out).await,
        Command::Connector { command } => cli::connector(settings, command).await,
    }
}
