//! The `ticket-agent` command line. Only argument parsing and printing live here; the
//! library builds and runs everything.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use ticket_agent::config::Settings;
use ticket_agent::process::{BadLine, Progress};
use ticket_agent::telemetry::{self, LogFormat};
use ticket_agent::{app, eval, model, process, tools};

/// A support-ticket agent worker: every ticket ends in exactly one verified outcome.
#[derive(Parser)]
#[command(name = "ticket-agent", version, about)]
struct Cli {
    /// Model override, PROVIDER[:NAME]: rules, anthropic[:model], openai[:model].
    #[arg(long, global = true, value_name = "PROVIDER[:NAME]")]
    model: Option<String>,
    /// Log format on stderr.
    #[arg(long, global = true, value_enum, default_value = "pretty")]
    log_format: LogFormat,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Runs tickets from a JSON Lines file (or - for stdin) and prints one outcome per line.
    Process {
        /// The tickets; `-` or nothing reads stdin.
        file: Option<PathBuf>,
        /// Tickets run at once (default: agent.concurrency).
        #[arg(long)]
        concurrency: Option<usize>,
        /// Include each ticket's whole trace in its line.
        #[arg(long)]
        trace: bool,
    },
    /// Prints the tool contracts as JSON, exactly as a model receives them.
    Tools,
    /// Consumes tickets from RabbitMQ until SIGTERM/SIGINT, with Redis idempotency.
    Worker {
        /// Tickets processed at once (default: worker.concurrency).
        #[arg(long)]
        concurrency: Option<usize>,
    },
    /// Validates JSON Lines tickets and publishes them to the tickets exchange, confirmed.
    Submit {
        /// The tickets; `-` or nothing reads stdin.
        file: Option<PathBuf>,
    },
    /// Declares the RabbitMQ topology and prints its names as JSON.
    Topology,
    /// The approvals service (serve) and its command-line door (list, approve, reject).
    Approvals {
        #[command(subcommand)]
        command: ApprovalsCommand,
    },
    /// Runs the eval set and prints the table and metrics.
    Eval {
        /// Folder of case files (default: eval.cases_dir).
        #[arg(long)]
        cases: Option<PathBuf>,
        /// Trials per case (default: eval.trials).
        #[arg(long)]
        trials: Option<u32>,
        /// Trials run at once (default: agent.concurrency).
        #[arg(long)]
        concurrency: Option<usize>,
        /// Writes the whole run as JSON here, and a Markdown summary beside it.
        #[arg(long)]
        report: Option<PathBuf>,
        /// Exit non-zero under this pass rate (default: eval.min_pass_rate).
        #[arg(long)]
        min_pass_rate: Option<f64>,
    },
}

#[derive(Subcommand)]
enum ApprovalsCommand {
    /// Consumes approvals.pending, serves the console and JSON API, sweeps expiries.
    Serve,
    /// Lists pending (or decided) actions.
    List {
        /// Decided actions instead of pending ones.
        #[arg(long)]
        decided: bool,
        /// JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Approves an action: it executes once, whatever else approves it.
    Approve {
        /// The approval id (apr_…).
        id: String,
        /// Who decides (default: $USER).
        #[arg(long)]
        reviewer: Option<String>,
        /// A note for the audit record.
        #[arg(long)]
        note: Option<String>,
    },
    /// Rejects an action.
    Reject {
        /// The approval id (apr_…).
        id: String,
        /// Who decides (default: $USER).
        #[arg(long)]
        reviewer: Option<String>,
        /// A note for the audit record.
        #[arg(long)]
        note: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Long-running commands log a line per ticket; batch commands keep stderr for
    // their progress bar and summary.
    let level = match cli.command {
        Command::Worker { .. }
        | Command::Approvals {
            command: ApprovalsCommand::Serve,
        } => "info",
        _ => "warn",
    };
    telemetry::init(cli.log_format, level);
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let mut settings = Settings::load()?;
    if let Some(spec) = &cli.model {
        settings.model.apply_override(spec)?;
    }
    match cli.command {
        Command::Worker { concurrency } => {
            if let Some(n) = concurrency {
                settings.worker.concurrency = n;
            }
            settings.validate()?;
            let model = model::from_settings(&settings.model)?;
            let backend = app::commerce_backend(&settings)?;
            let agent = app::agent(&settings, backend, model).await?;
            let worker = ticket_agent::queue::worker::WorkerApp::build(settings, agent).await?;
            eprintln!("worker {} starting", worker.id());
            let stats = worker.run_until_stopped(shutdown_signal()).await?;
            eprintln!(
                "worker stopped: {} tickets finished, {} abandoned at the deadline (redelivered)",
                stats.finished, stats.abandoned
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Submit { file } => {
            let input = read_input(file.as_deref())?;
            let topology =
                ticket_agent::queue::Topology::from_settings(&settings.amqp, &settings.worker);
            let conn =
                ticket_agent::queue::connect(&settings.amqp.url, "ticket-agent submit").await?;
            let ch = ticket_agent::queue::confirm_channel(&conn).await?;
            topology.declare(&ch, &settings.amqp).await?;
            let report = ticket_agent::queue::submit::submit(
                &ch,
                &topology,
                &input,
                settings.agent.max_body_bytes,
                500,
            )
            .await?;
            for bad in &report.invalid {
                eprintln!("line {}: invalid ticket, not sent: {}", bad.line, bad.error);
            }
            eprintln!(
                "submitted {} ticket(s) to {}; {} invalid line(s) not sent",
                report.published,
                topology.tickets_exchange,
                report.invalid.len()
            );
            let _ = conn.close(200, "done".into()).await;
            Ok(if report.invalid.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Topology => {
            let topology =
                ticket_agent::queue::Topology::from_settings(&settings.amqp, &settings.worker);
            let conn =
                ticket_agent::queue::connect(&settings.amqp.url, "ticket-agent topology").await?;
            let ch = conn.create_channel().await?;
            topology.declare(&ch, &settings.amqp).await?;
            let _ = conn.close(200, "done".into()).await;
            println!("{}", serde_json::to_string_pretty(&topology)?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Approvals { command } => run_approvals(settings, command).await,
        Command::Tools => {
            let contracts = tools::contracts::all();
            println!("{}", serde_json::to_string_pretty(&contracts)?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Process {
            file,
            concurrency,
            trace,
        } => run_process(&settings, file.as_deref(), concurrency, trace).await,
        Command::Eval {
            cases,
            trials,
            concurrency,
            report,
            min_pass_rate,
        } => {
            let cases_dir = cases.unwrap_or_else(|| PathBuf::from(&settings.eval.cases_dir));
            let trials = trials.unwrap_or(settings.eval.trials);
            let concurrency = concurrency.unwrap_or(settings.agent.concurrency);
            let min_pass_rate = min_pass_rate.unwrap_or(settings.eval.min_pass_rate);
            run_eval(
                &settings,
                &cases_dir,
                trials,
                concurrency,
                report.as_deref(),
                min_pass_rate,
            )
            .await
        }
    }
}

struct Bar(Option<ProgressBar>);

impl Bar {
    fn new(len: usize) -> Self {
        if !std::io::stderr().is_terminal() {
            return Bar(None);
        }
        let bar = ProgressBar::new(len as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} {per_sec} eta {eta}",
            )
            .expect("a valid template"),
        );
        Bar(Some(bar))
    }

    fn println(&self, line: &str) {
        match &self.0 {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

impl Progress for Bar {
    fn tick(&mut self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    fn bad_line(&mut self, bad: &BadLine) {
        self.println(&format!("line {}: invalid ticket: {}", bad.line, bad.error));
    }
}

async fn run_process(
    settings: &Settings,
    file: Option<&Path>,
    concurrency: Option<usize>,
    with_trace: bool,
) -> anyhow::Result<ExitCode> {
    let input = read_input(file)?;
    let model = model::from_settings(&settings.model)?;
    let agent = app::agent(settings, app::commerce_backend(settings)?, model).await?;
    let mut bar = Bar::new(process::count_lines(&input));
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let summary = process::process(
        &agent,
        &input,
        settings.agent.max_body_bytes,
        concurrency.unwrap_or(settings.agent.concurrency),
        with_trace,
        &mut out,
        &mut bar,
    )
    .await?;
    out.flush()?;
    bar.finish();
    eprintln!("{summary}");
    Ok(if summary.invalid_lines > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

async fn run_approvals(settings: Settings, command: ApprovalsCommand) -> anyhow::Result<ExitCode> {
    use ticket_agent::approvals::Verdict;
    use ticket_agent::approvals::service::{ApprovalsApp, approvals_from_settings};
    let (id, verdict, reviewer, note) = match command {
        ApprovalsCommand::Serve => {
            let app = ApprovalsApp::build(settings).await?;
            eprintln!("approvals console on http://{}", app.local_addr()?);
            app.run_until_stopped(shutdown_signal()).await?;
            return Ok(ExitCode::SUCCESS);
        }
        ApprovalsCommand::List { decided, json } => {
            let approvals = approvals_from_settings(&settings).await?;
            let records = if decided {
                approvals.store.decided(500).await?
            } else {
                approvals.store.pending(500).await?
            };
            if json {
                println!("{}", serde_json::to_string_pretty(&records)?);
            } else {
                for r in &records {
                    let m = &r.message;
                    println!(
                        "{}  {:<9}  ticket {}  customer {}  {} {}  {}  {}",
                        m.approval_id,
                        r.status.as_str(),
                        m.ticket_id,
                        m.customer_id,
                        m.tool,
                        m.arguments["order_id"]
                            .as_str()
                            .or(m.arguments["to"].as_str())
                            .unwrap_or(""),
                        m.arguments["amount_usd"]
                            .as_f64()
                            .map(|a| format!("${a:.2}"))
                            .unwrap_or_default(),
                        m.eligibility
                            .as_ref()
                            .map(|e| e.policy_ref.as_str())
                            .unwrap_or(""),
                    );
                }
                eprintln!(
                    "{} {}",
                    records.len(),
                    if decided { "decided" } else { "pending" }
                );
            }
            return Ok(ExitCode::SUCCESS);
        }
        ApprovalsCommand::Approve { id, reviewer, note } => (id, Verdict::Approve, reviewer, note),
        ApprovalsCommand::Reject { id, reviewer, note } => (id, Verdict::Reject, reviewer, note),
    };
    let reviewer = reviewer
        .or_else(|| std::env::var("USER").ok())
        .unwrap_or_else(|| "cli".into());
    let approvals = approvals_from_settings(&settings).await?;
    // Audit records go out now when the broker answers; otherwise the service's sweep
    // publishes them.
    if let Ok(conn) =
        ticket_agent::queue::connect(&settings.amqp.url, "ticket-agent approvals cli").await
        && let Ok(ch) = ticket_agent::queue::confirm_channel(&conn).await
    {
        *approvals.channel.lock().expect("channel slot") = Some(ch);
    }
    let outcome = approvals
        .decide(&id, verdict, &format!("cli:{reviewer}"), note.as_deref())
        .await?;
    println!("{}", serde_json::to_string_pretty(&outcome)?);
    Ok(ExitCode::SUCCESS)
}

fn read_input(file: Option<&Path>) -> anyhow::Result<String> {
    match file {
        None => read_stdin(),
        Some(p) if p == Path::new("-") => read_stdin(),
        Some(p) => std::fs::read_to_string(p).with_context(|| format!("reading {}", p.display())),
    }
}

/// Resolves on SIGTERM or SIGINT (Ctrl-C).
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
    eprintln!("shutting down: finishing in-flight tickets");
}

fn read_stdin() -> anyhow::Result<String> {
    let mut s = String::new();
    std::io::stdin()
        .read_to_string(&mut s)
        .context("reading stdin")?;
    Ok(s)
}

async fn run_eval(
    settings: &Settings,
    cases_dir: &Path,
    trials: u32,
    concurrency: usize,
    report: Option<&Path>,
    min_pass_rate: f64,
) -> anyhow::Result<ExitCode> {
    let cases = eval::load_cases(cases_dir)?;
    let model = model::from_settings(&settings.model)?;
    let mut bar = Bar::new(cases.len() * trials.max(1) as usize);
    let result = eval::run_eval(
        settings,
        &cases,
        &cases_dir.display().to_string(),
        model,
        trials,
        concurrency,
        |_| bar.tick(),
    )
    .await?;
    bar.finish();
    let rows = result.table();
    let header = ["case", "expected", "got", "pass", "tools", "tokens"];
    let mut widths = header.map(str::len);
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        cells
            .iter()
            .zip(widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect::<Vec<_>>()
            .join("  ")
    };
    println!("{}", line(&header.map(String::from)));
    for row in &rows {
        println!("{}", line(row));
    }
    println!();
    print!("{}", eval::metrics_markdown(&result.metrics));
    for r in result.results.iter().filter(|r| !r.passed) {
        println!(
            "FAIL {} (trial {}): {}",
            r.case_id,
            r.trial,
            r.failures.join("; ")
        );
    }
    if let Some(path) = report {
        std::fs::write(path, serde_json::to_string_pretty(&result)?)
            .with_context(|| format!("writing {}", path.display()))?;
        let md = if path.extension().is_some_and(|e| e == "md") {
            path.with_extension("summary.md")
        } else {
            path.with_extension("md")
        };
        std::fs::write(&md, result.markdown())
            .with_context(|| format!("writing {}", md.display()))?;
        eprintln!("report: {} and {}", path.display(), md.display());
    }
    let ok = result.passes(min_pass_rate);
    if !ok {
        eprintln!(
            "eval gate failed: pass rate {:.3} (minimum {min_pass_rate}), unsafe results {}",
            result.metrics.pass_rate, result.metrics.unsafe_results
        );
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
