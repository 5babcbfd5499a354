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
    /// The dead-letter queue: list, show, replay and purge dead tickets.
    Dlq {
        #[command(subcommand)]
        command: DlqCommand,
    },
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
enum DlqCommand {
    /// Lists dead letters; nothing is removed.
    ///
    /// Shows each letter's ticket, reason, attempts, replays, first and last death,
    /// subject and last error.
    List {
        /// Show at most this many.
        #[arg(long, default_value_t = 50)]
        limit: usize,
        /// Only this reason: not_json, invalid_ticket, too_large, max_attempts,
        /// delivery_limit.
        #[arg(long)]
        reason: Option<String>,
        /// JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Prints a ticket's dead letter as JSON: the whole body, every header, the last error.
    Show {
        /// The ticket id.
        id: String,
    },
    /// Sends dead letters back to the tickets exchange.
    ///
    /// Each copy gets x-attempt 1 and x-replay-count + 1. A letter leaves the dead queue
    /// only once its copy is confirmed; a ticket already done is not run again (its dead
    /// copy is removed); a letter replayed worker.max_replays times stays dead.
    #[command(group(
        clap::ArgGroup::new("selection")
            .required(true)
            .multiple(true)
            .args(["ids", "reason", "all"])
    ))]
    Replay {
        /// A ticket id (repeat for more).
        #[arg(long = "id", value_name = "ID")]
        ids: Vec<String>,
        /// Only letters dead for this reason.
        #[arg(long)]
        reason: Option<String>,
        /// Every dead letter.
        #[arg(long, conflicts_with_all = ["ids", "reason"])]
        all: bool,
        /// Take at most this many selected letters.
        #[arg(long)]
        limit: Option<usize>,
        /// Report what would happen; move nothing.
        #[arg(long)]
        dry_run: bool,
        /// JSON instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// Deletes dead letters that died more than DURATION ago (30m, 12h, 7d).
    ///
    /// Asks first on a terminal; elsewhere it needs --yes. Letters with no known death
    /// time are kept.
    Purge {
        /// The age, e.g. 30m, 12h, 7d.
        #[arg(long, value_name = "DURATION", value_parser = humantime::parse_duration)]
        older_than: std::time::Duration,
        /// Only letters dead for this reason.
        #[arg(long)]
        reason: Option<String>,
        /// Do not ask (required when stdin is not a terminal).
        #[arg(long)]
        yes: bool,
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
            let stats = worker.run_until_stopped(app::shutdown_signal()).await?;
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
                let error = telemetry::redact(&bad.error.to_string()).into_owned();
                eprintln!("line {}: invalid ticket, not sent: {error}", bad.line);
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
        Command::Dlq { command } => run_dlq(settings, command).await,
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
        // A parse error quotes the line's text: no customer data on stderr.
        let error = telemetry::redact(&bad.error.to_string()).into_owned();
        self.println(&format!("line {}: invalid ticket: {error}", bad.line));
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
            app.run_until_stopped(app::shutdown_signal()).await?;
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

/// `ticket-agent dlq …`: every subcommand takes one pass over the dead-letter queue
/// (src/queue/dlq.rs); a message leaves it only by an ack.
async fn run_dlq(settings: Settings, command: DlqCommand) -> anyhow::Result<ExitCode> {
    use ticket_agent::queue::dlq::{self, ReplayAction, Selection};
    if let DlqCommand::Purge { yes: false, .. } = &command
        && !std::io::stdin().is_terminal()
    {
        anyhow::bail!("refusing to purge without --yes: stdin is not a terminal to confirm on");
    }
    let topology = ticket_agent::queue::Topology::from_settings(&settings.amqp, &settings.worker);
    let conn = ticket_agent::queue::connect(&settings.amqp.url, "ticket-agent dlq").await?;
    let ch = ticket_agent::queue::confirm_channel(&conn).await?;
    topology.declare(&ch, &settings.amqp).await?;
    let queue = topology.dead_queue.clone();
    let time = |t: Option<chrono::DateTime<chrono::Utc>>| {
        t.map(|t| t.format("%Y-%m-%d %H:%M:%SZ").to_string())
            .unwrap_or_else(|| "-".into())
    };
    let code = match command {
        DlqCommand::List {
            limit,
            reason,
            json,
        } => {
            let letters = dlq::list(&ch, &topology, limit, reason.as_deref()).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&letters)?);
            } else {
                let header = [
                    "ticket",
                    "reason",
                    "attempts",
                    "replays",
                    "first dead",
                    "last dead",
                    "subject",
                    "last error",
                ]
                .map(String::from);
                let rows: Vec<[String; 8]> = letters
                    .iter()
                    .map(|l| {
                        [
                            l.ticket_id.clone().unwrap_or_else(|| "-".into()),
                            l.reason.clone(),
                            l.attempts.to_string(),
                            l.replays.to_string(),
                            time(l.first_dead_at),
                            time(l.last_dead_at),
                            l.subject.clone().unwrap_or_default(),
                            l.last_error
                                .as_deref()
                                .map(|e| e.chars().take(80).collect())
                                .unwrap_or_default(),
                        ]
                    })
                    .collect();
                let mut widths = header.clone().map(|h| h.chars().count());
                for row in &rows {
                    for (w, cell) in widths.iter_mut().zip(row) {
                        *w = (*w).max(cell.chars().count());
                    }
                }
                let line = |cells: &[String; 8]| {
                    cells
                        .iter()
                        .zip(widths)
                        .map(|(c, w)| format!("{c:<w$}"))
                        .collect::<Vec<_>>()
                        .join("  ")
                        .trim_end()
                        .to_string()
                };
                println!("{}", line(&header));
                for row in &rows {
                    println!("{}", line(row));
                }
                eprintln!(
                    "{} dead letter(s) shown from {queue}{}",
                    letters.len(),
                    if letters.len() == limit {
                        " (there may be more: --limit)"
                    } else {
                        ""
                    }
                );
            }
            ExitCode::SUCCESS
        }
        DlqCommand::Show { id } => match dlq::show(&ch, &topology, &id).await? {
            Some(letter) => {
                println!("{}", serde_json::to_string_pretty(&letter)?);
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("no dead letter for ticket {id} in {queue}");
                ExitCode::from(1)
            }
        },
        DlqCommand::Replay {
            ids,
            reason,
            all,
            limit,
            dry_run,
            json,
        } => {
            let records = ticket_agent::queue::records::TicketRecords::connect(
                &settings.redis.url,
                &settings.redis.key_prefix,
            )
            .await
            .context("connecting to Redis (redis.url): replay checks which tickets are done")?;
            let selection = Selection {
                ids,
                reason,
                all,
                limit,
            };
            let max_replays = settings.worker.max_replays;
            let work = dlq::replay(&ch, &topology, &records, &selection, dry_run, max_replays);
            let report = tokio::select! {
                r = work => r?,
                _ = tokio::signal::ctrl_c() => {
                    // Closing the connection puts back every letter not yet acked: at
                    // worst one is both replayed and still dead.
                    let _ = conn.close(200, "interrupted".into()).await;
                    eprintln!("interrupted: every dead letter not yet replayed is back in {queue}");
                    return Ok(ExitCode::from(130));
                }
            };
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            }
            let would = if dry_run { "would be " } else { "" };
            for e in &report.entries {
                let what = match &e.action {
                    ReplayAction::Replayed { replay_count } => {
                        format!("replayed (replay {replay_count})")
                    }
                    ReplayAction::WouldReplay { replay_count } => {
                        format!("would replay (replay {replay_count})")
                    }
                    ReplayAction::AlreadyDone { outcome } => {
                        format!("already done ({outcome}): not run again; dead copy {would}removed")
                    }
                    ReplayAction::Duplicate => {
                        format!(
                            "second dead copy of a ticket replayed in this pass: {would}removed"
                        )
                    }
                    ReplayAction::TooManyReplays { replays } => format!(
                        "skipped: replayed {replays} time(s) already (worker.max_replays = {max_replays}); left dead"
                    ),
                    ReplayAction::Failed { error } => format!("failed, left dead: {error}"),
                };
                if !json {
                    println!(
                        "{}  {}  {what}",
                        e.ticket_id.as_deref().unwrap_or("-"),
                        e.reason
                    );
                }
            }
            for id in &report.missing_ids {
                eprintln!("ticket {id}: no dead letter found in {queue}");
            }
            eprintln!(
                "{}{} {}replayed, {} already done, {} skipped over max_replays, {} not selected (put back){}",
                if dry_run { "dry run: " } else { "" },
                report.replayed(),
                would,
                report.count(|a| matches!(a, ReplayAction::AlreadyDone { .. })),
                report.count(|a| matches!(a, ReplayAction::TooManyReplays { .. })),
                report.not_selected,
                if dry_run { "; nothing was moved" } else { "" },
            );
            if let Some(why) = &report.stopped {
                eprintln!("stopped early: {why}; every letter not yet replayed is back in {queue}");
            }
            if report.stopped.is_some() || !report.missing_ids.is_empty() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        DlqCommand::Purge {
            older_than,
            reason,
            yes,
        } => {
            let age = humantime::format_duration(older_than);
            let which = match &reason {
                Some(r) => format!("dead letters ({r}) that died more than {age} ago"),
                None => format!("dead letters that died more than {age} ago"),
            };
            if !yes {
                let cutoff = dlq::cutoff(older_than);
                let matching = dlq::list(&ch, &topology, usize::MAX, reason.as_deref())
                    .await?
                    .iter()
                    .filter(|l| l.died_before(cutoff))
                    .count();
                eprint!("delete {matching} {which} from {queue}? This cannot be undone. [y/N] ");
                std::io::stderr().flush()?;
                let mut answer = String::new();
                std::io::stdin().read_line(&mut answer)?;
                if !matches!(answer.trim(), "y" | "Y" | "yes") {
                    eprintln!("nothing deleted");
                    let _ = conn.close(200, "done".into()).await;
                    return Ok(ExitCode::from(1));
                }
            }
            let removed = dlq::purge(&ch, &topology, older_than, reason.as_deref()).await?;
            eprintln!("deleted {removed} {which} from {queue}");
            ExitCode::SUCCESS
        }
    };
    let _ = conn.close(200, "done".into()).await;
    Ok(code)
}
