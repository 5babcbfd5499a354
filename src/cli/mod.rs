//! The `ticket-agent` command line as a library: the argument types ([`args`]), one
//! function per command, and the rendering of what each command reports
//! ([`render`]). `src/main.rs` parses, calls the command's function with the streams
//! it owns, and exits with the code it returns; the pieces are built by
//! [`crate::app`], exactly as the tests and the lab build them.
//!
//! Output goes to the writer a command is given (stdout in the binary), summaries and
//! progress to stderr. A reader that goes away (`ticket-agent tools | head`) surfaces
//! as an I/O error of kind `BrokenPipe`, which [`is_broken_pipe`] lets the binary
//! treat as a quiet end.

pub mod args;
pub mod render;

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;

use crate::app;
use crate::approvals::{DecisionInput, Publisher, Verdict};
use crate::config::Settings;
use crate::domain::money::Usd;
use crate::process::Progress;
use crate::queue::dlq::{self, ReplayView, Selection};
use crate::queue::{PublishChannel, Topology};
use args::{ApprovalsCommand, ConnectorCommand, DlqCommand, IngestCommand};
use render::{ApprovalList, Bar, DeadLetterTable, EvalView, SubmitView};

/// Settings from the layers, with a `--model` override applied.
///
/// # Errors
/// Settings that do not load, or an unknown provider.
pub fn settings(model: Option<&str>) -> anyhow::Result<Settings> {
    let mut settings = Settings::load()?;
    if let Some(spec) = model {
        settings.model.apply_override(spec)?;
    }
    Ok(settings)
}

/// Whether `error` is, at bottom, a write to a reader that went away.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The text of `file`, or of stdin for `-` or nothing.
///
/// # Errors
/// The file or stdin cannot be read.
pub fn read_input(file: Option<&Path>) -> anyhow::Result<String> {
    match file {
        Some(p) if p != Path::new("-") => {
            std::fs::read_to_string(p).with_context(|| format!("reading {}", p.display()))
        }
        _ => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .context("reading stdin")?;
            Ok(s)
        }
    }
}

fn exit(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `worker`: consumes until SIGTERM/SIGINT, then drains. Its start line says which
/// search its agent runs.
///
/// # Errors
/// As [`app::worker_app`] (an embedding model `kb.semantic` asks for and cannot have
/// among them); a topology the broker refuses.
pub async fn worker(
    mut settings: Settings,
    concurrency: Option<usize>,
) -> anyhow::Result<ExitCode> {
    if let Some(n) = concurrency {
        settings.worker.concurrency = n;
    }
    // Loaded once per process: the worker's agent gets this same model.
    let search = app::search_mode(&settings).await;
    let worker = app::worker_app(settings).await?;
    eprintln!("worker {} starting; {search}", worker.id());
    if let Some(addr) = worker.metrics_addr() {
        eprintln!("metrics on http://{addr}/metrics");
    }
    let stats = worker.run_until_stopped(app::shutdown_signal()).await?;
    eprintln!("{stats}");
    Ok(ExitCode::SUCCESS)
}

/// `submit`: validates and publishes `input`; exits 1 when a line was invalid.
///
/// # Errors
/// The broker unreachable, or a publish it did not confirm.
pub async fn submit(settings: &Settings, input: &str) -> anyhow::Result<ExitCode> {
    let (conn, channel, topology) = app::broker(settings, "ticket-agent submit").await?;
    let report = crate::queue::submit::submit(
        &channel,
        &topology,
        input,
        settings.agent.max_body_bytes,
        500,
    )
    .await?;
    let _ = conn.close(200, "done".into()).await;
    eprint!("{}", SubmitView(&report, &topology.tickets_exchange));
    Ok(exit(report.invalid.is_empty()))
}

/// `connector zendesk|webhook`: delivers until SIGTERM/SIGINT, then drains, and says
/// what it did on stderr.
///
/// # Errors
/// As [`app::connector_app`]; a topology the broker refuses.
pub async fn connector(settings: Settings, command: ConnectorCommand) -> anyhow::Result<ExitCode> {
    let kind = match command {
        ConnectorCommand::Zendesk => app::SinkKind::Zendesk,
        ConnectorCommand::Webhook => app::SinkKind::Webhook,
    };
    let app = app::connector_app(settings, kind).await?;
    let stats = app.run_until_stopped(app::shutdown_signal()).await?;
    eprintln!("{}", serde_json::to_string(&stats)?);
    Ok(ExitCode::SUCCESS)
}

/// `ingest serve`: the API until SIGTERM/SIGINT, then the drain; `ingest openapi`:
/// the OpenAPI document to `out`.
///
/// # Errors
/// As [`app::ingest_app`]; the server failing; `out` failing.
pub async fn ingest(
    settings: Settings,
    command: IngestCommand,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    match command {
        IngestCommand::Serve => {
            let app = app::ingest_app(settings).await?;
            eprintln!("ingest API on http://{}/v1/tickets", app.local_addr()?);
            app.run_until_stopped(app::shutdown_signal()).await?;
        }
        IngestCommand::Openapi => {
            write!(out, "{}", crate::ingest::web::openapi_json_text())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `topology`: declares everything and writes the names as JSON; with
/// `migrate_outcomes`, first moves outcomes.all to its configured type, and with
/// `migrate_approvals` approvals.pending to its delivery limit and dead letters (what
/// each move did goes to stderr).
///
/// # Errors
/// The broker unreachable or refusing the topology or a step of the move; `out` failing.
pub async fn topology(
    settings: &Settings,
    migrate_outcomes: bool,
    migrate_approvals: bool,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    if migrate_outcomes || migrate_approvals {
        let topology = Topology::from_settings(&settings.amqp, &settings.worker);
        let conn =
            crate::queue::connect(settings.amqp.url.expose(), "ticket-agent topology").await?;
        let mut reports = Vec::new();
        if migrate_outcomes {
            reports.push(
                crate::queue::migrate::migrate_outcomes(&conn, &topology, &settings.amqp).await?,
            );
        }
        if migrate_approvals {
            reports.push(
                crate::queue::migrate::migrate_approvals(&conn, &topology, &settings.amqp).await?,
            );
        }
        let _ = conn.close(200, "done".into()).await;
        for report in reports {
            if report.moved_queue {
                eprintln!(
                    "{} is now a {} queue with its current arguments; {} message(s) moved with it",
                    report.queue,
                    report.queue_type.as_str(),
                    report.records
                );
            } else {
                eprintln!(
                    "{} already has its arguments; {} message(s) of an interrupted move put back",
                    report.queue, report.records
                );
            }
        }
    }
    let (conn, ch, topology) = app::broker(settings, "ticket-agent topology").await?;
    // The channel first: closing the connection under an open one logs a spurious error.
    let _ = ch.close(200, "done".into()).await;
    let _ = conn.close(200, "done".into()).await;
    writeln!(out, "{}", serde_json::to_string_pretty(&topology)?)?;
    Ok(ExitCode::SUCCESS)
}

/// `tools`: the contracts as JSON, as a model receives them.
///
/// # Errors
/// `out` failing.
pub fn tools(out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let contracts = crate::tools::contracts::all();
    writeln!(out, "{}", serde_json::to_string_pretty(&contracts)?)?;
    Ok(ExitCode::SUCCESS)
}

/// Says on stderr, in one line, how `kb_search` will search; with `fetch`, first
/// fetches a missing embedding model (when `kb.embedding_fetch` allows it), so that the
/// first `process` on a fresh machine runs with semantic search.
async fn announce_search(settings: &Settings, fetch: bool) {
    if fetch && let Some(why) = app::fetch_embedding_model(settings).await {
        eprintln!("kb_search: lexical only (BM25): could not fetch the embedding model: {why}");
        return;
    }
    eprintln!("{}", app::search_mode(settings).await);
}

/// What `process` runs: `concurrency` falls back to `agent.concurrency`.
#[derive(Debug, Clone, Copy, Default)]
pub struct ProcessArgs {
    /// Tickets run at once.
    pub concurrency: Option<usize>,
    /// Include each ticket's whole trace in its line.
    pub with_trace: bool,
    /// Lines in the order the tickets finish, not the input's (`--unordered`).
    pub unordered: bool,
}

/// `process`: one outcome line per ticket of `input` to `out`, in the input's order
/// unless `unordered`; exits 1 when a line was invalid, or when every ticket failed on
/// the model (saying why in one line).
///
/// # Errors
/// The agent failing to build, or `out` failing.
pub async fn process(
    settings: &Settings,
    input: &str,
    args: ProcessArgs,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    announce_search(settings, true).await;
    let agent = app::configured_agent(settings).await?;
    let mut bar = Bar::new(crate::process::count_lines(input));
    let options = crate::process::Options {
        max_body_bytes: settings.agent.max_body_bytes,
        concurrency: args.concurrency.unwrap_or(settings.agent.concurrency),
        with_trace: args.with_trace,
        order: if args.unordered {
            crate::process::OutputOrder::Finishing
        } else {
            crate::process::OutputOrder::Input
        },
    };
    let summary = crate::process::process_with(&agent, input, options, out, &mut bar).await?;
    bar.finish();
    eprintln!("{summary}");
    if summary.all_failed_on_the_model() {
        eprintln!(
            "error: every ticket failed on the model ({}): {}",
            agent.model().label(),
            summary
                .first_model_error
                .as_deref()
                .unwrap_or("no reason given")
        );
        return Ok(ExitCode::FAILURE);
    }
    Ok(exit(summary.invalid_lines == 0))
}

/// What `eval` runs: each field falls back to its setting.
#[derive(Debug, Clone, Default)]
pub struct EvalArgs {
    /// Folder of case files (`eval.cases_dir`).
    pub cases: Option<PathBuf>,
    /// Trials per case (`eval.trials`).
    pub trials: Option<u32>,
    /// Trials at once (`agent.concurrency`).
    pub concurrency: Option<usize>,
    /// Where the JSON report goes, with a Markdown summary beside it.
    pub report: Option<PathBuf>,
    /// The gate (`eval.min_pass_rate`).
    pub min_pass_rate: Option<f64>,
}

/// `eval`: runs the set, writes the table and metrics to `out`, the report files when
/// asked, and exits 1 under the gate.
///
/// # Errors
/// Cases that do not load, a model that cannot be built, a report that cannot be
/// written, or `out` failing.
pub async fn eval(
    settings: &Settings,
    args: EvalArgs,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let cases_dir = args
        .cases
        .unwrap_or_else(|| PathBuf::from(&settings.eval.cases_dir));
    let trials = args.trials.unwrap_or(settings.eval.trials);
    let min_pass_rate = args.min_pass_rate.unwrap_or(settings.eval.min_pass_rate);
    let cases = crate::eval::load_cases(&cases_dir)?;
    announce_search(settings, false).await;
    let mut bar = Bar::new(cases.len() * trials.max(1) as usize);
    let result = crate::eval::run_eval(
        settings,
        &cases,
        &cases_dir.display().to_string(),
        app::model(settings).await?,
        trials,
        args.concurrency.unwrap_or(settings.agent.concurrency),
        |_| bar.tick(),
    )
    .await?;
    bar.finish();
    write!(out, "{}", EvalView(&result))?;
    if let Some(path) = &args.report {
        let md = result.write_files(path)?;
        eprintln!("report: {} and {}", path.display(), md.display());
    }
    let ok = result.passes(min_pass_rate);
    if !ok {
        eprintln!(
            "eval gate failed: pass rate {:.3} (minimum {min_pass_rate}), unsafe results {}",
            result.metrics.pass_rate, result.metrics.unsafe_results
        );
    }
    Ok(exit(ok))
}

/// `dlq …`: one pass over the dead-letter queue; a message leaves it only by an ack.
///
/// # Errors
/// The broker or Redis unreachable, a purge without `--yes` off a terminal, or `out`
/// failing.
pub async fn dlq(
    settings: &Settings,
    command: DlqCommand,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    if let DlqCommand::Purge { yes: false, .. } = &command
        && !std::io::stdin().is_terminal()
    {
        anyhow::bail!("refusing to purge without --yes: stdin is not a terminal to confirm on");
    }
    let (conn, ch, topology) = app::broker(settings, "ticket-agent dlq").await?;
    let queue = topology.dead_queue.clone();
    let code = match command {
        DlqCommand::List {
            limit,
            reason,
            json,
        } => {
            let letters = dlq::list(&ch, &topology, limit, reason.as_deref()).await?;
            if json {
                writeln!(out, "{}", serde_json::to_string_pretty(&letters)?)?;
            } else {
                write!(out, "{}", DeadLetterTable(&letters))?;
                let more = if letters.len() == limit {
                    " (there may be more: --limit)"
                } else {
                    ""
                };
                eprintln!("{} dead letter(s) shown from {queue}{more}", letters.len());
            }
            ExitCode::SUCCESS
        }
        DlqCommand::Show { id } => match dlq::show(&ch, &topology, &id).await? {
            Some(letter) => {
                writeln!(out, "{}", serde_json::to_string_pretty(&letter)?)?;
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
            let records = crate::queue::records::TicketRecords::connect(
                settings.redis.target(),
                &settings.redis.key_prefix,
            )
            .await
            .context("connecting to Redis (redis.url): replay checks which tickets are done")?;
            let selection = Selection {
                ids,
                reason,
                all,
                limit,
                died_before: None,
            };
            let max_replays = settings.worker.max_replays;
            let mut report = dlq::ReplayReport::default();
            let interrupted = {
                let work = dlq::replay_into(
                    &ch,
                    &topology,
                    &records,
                    &selection,
                    dry_run,
                    max_replays,
                    &mut report,
                );
                tokio::select! {
                    r = work => { r?; false }
                    () = app::stop_requested() => true,
                }
            };
            let view = ReplayView {
                report: &report,
                dry_run,
                max_replays,
                queue: &queue,
            };
            if interrupted {
                // Closing the connection puts back every letter not yet acked.
                let _ = conn.close(200, "interrupted".into()).await;
                eprint!("{}", view.interrupted());
                return Ok(ExitCode::from(130));
            }
            if json {
                writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
            } else {
                write!(out, "{view}")?;
            }
            eprint!("{}", view.summary());
            exit(report.stopped.is_none() && report.missing_ids.is_empty())
        }
        DlqCommand::Purge {
            older_than,
            reason,
            yes,
        } => {
            let which = dlq::describe_purge(older_than, reason.as_deref());
            if !yes {
                let matching =
                    dlq::count_purgeable(&ch, &topology, older_than, reason.as_deref()).await?;
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

/// `approvals …`: the service until SIGTERM/SIGINT, or the command-line door to the
/// one decision path.
///
/// # Errors
/// Redis unreachable, a decision refused (not found, decided the other way), or `out`
/// failing.
pub async fn approvals(
    settings: Settings,
    command: ApprovalsCommand,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let (id, verdict, reviewer, input) = match command {
        ApprovalsCommand::Serve => {
            let app = app::approvals_app(settings).await?;
            eprintln!("approvals console on http://{}", app.local_addr()?);
            app.run_until_stopped(app::shutdown_signal()).await?;
            return Ok(ExitCode::SUCCESS);
        }
        ApprovalsCommand::List { decided, json } => {
            let approvals = app::approvals(&settings, Arc::new(PublishChannel::default())).await?;
            let records = if decided {
                approvals.store.decided(500).await?
            } else {
                approvals
                    .store
                    .pending_filtered(&crate::approvals::PendingFilter::default(), 500)
                    .await?
            };
            if json {
                writeln!(out, "{}", serde_json::to_string_pretty(&records)?)?;
            } else {
                write!(out, "{}", ApprovalList(&records))?;
                let what = if decided { "decided" } else { "pending" };
                eprintln!("{} {what}", records.len());
            }
            return Ok(ExitCode::SUCCESS);
        }
        ApprovalsCommand::Approve {
            id,
            reviewer,
            note,
            amount,
        } => {
            let amount = amount
                .map(Usd::from_dollars)
                .transpose()
                .map_err(|e| anyhow::anyhow!("--amount: {e}"))?;
            (
                id,
                Verdict::Approve,
                reviewer,
                DecisionInput { note, amount },
            )
        }
        ApprovalsCommand::Reject { id, reviewer, note } => (
            id,
            Verdict::Reject,
            reviewer,
            DecisionInput {
                note: Some(note),
                amount: None,
            },
        ),
    };
    let reviewer = reviewer
        .or_else(|| std::env::var("USER").ok())
        .unwrap_or_else(|| "cli".into());
    // Audit records go out now when the broker answers; otherwise the service's sweep
    // publishes them.
    let broker = app::broker(&settings, "ticket-agent approvals cli")
        .await
        .ok();
    let publisher: Arc<dyn Publisher> = match &broker {
        Some((_, channel, _)) => Arc::new(PublishChannel::fixed(channel.clone())),
        None => Arc::new(PublishChannel::default()),
    };
    let approvals = app::approvals(&settings, publisher).await?;
    let outcome = approvals
        .decide_with(&id, verdict, &format!("cli:{reviewer}"), &input)
        .await?;
    if let Some((conn, _, _)) = broker {
        let _ = conn.close(200, "done".into()).await;
    }
    writeln!(out, "{}", serde_json::to_string_pretty(&outcome)?)?;
    Ok(ExitCode::SUCCESS)
}
