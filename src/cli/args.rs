//! The command line's argument types: what each command takes, with its help text.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::telemetry::LogFormat;

/// A support-ticket agent worker: every ticket ends in exactly one verified outcome.
#[derive(Parser)]
#[command(name = "ticket-agent", version, about)]
pub struct Cli {
    /// Log format on stderr.
    #[arg(long, global = true, value_enum, default_value = "pretty")]
    pub log_format: LogFormat,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// `--model`, on the commands that run a model (`process`, `eval`, `worker`) and on no
/// other: elsewhere it would do nothing, so it is refused there.
#[derive(Args, Debug, Clone, Default)]
pub struct ModelArg {
    /// Model override, PROVIDER[:NAME]: rules, anthropic[:model], openai[:model], cascade
    /// (the tiers of model.cascade.tiers, rules then openai by default).
    #[arg(long, value_name = "PROVIDER[:NAME]")]
    pub model: Option<String>,
}

/// One subcommand per job the binary does.
#[derive(Subcommand)]
pub enum Command {
    /// Runs tickets from a JSON Lines file (or - for stdin) and prints one outcome per line,
    /// in the input's order.
    Process {
        /// The tickets; `-` or nothing reads stdin.
        file: Option<PathBuf>,
        /// Tickets run at once (default: agent.concurrency).
        #[arg(long)]
        concurrency: Option<usize>,
        /// Include each ticket's whole trace in its line.
        #[arg(long)]
        trace: bool,
        /// Print each outcome as its ticket finishes, not in the input's order: the first
        /// line comes sooner and a slow ticket holds back no other.
        #[arg(long)]
        unordered: bool,
        /// The model.
        #[command(flatten)]
        model: ModelArg,
    },
    /// Prints the tool contracts as JSON, exactly as a model receives them.
    Tools,
    /// Consumes tickets from RabbitMQ until SIGTERM/SIGINT, with Redis idempotency.
    Worker {
        /// Tickets processed at once (default: worker.concurrency).
        #[arg(long)]
        concurrency: Option<usize>,
        /// The model.
        #[command(flatten)]
        model: ModelArg,
    },
    /// Validates JSON Lines tickets and publishes them to the tickets exchange, confirmed.
    Submit {
        /// The tickets; `-` or nothing reads stdin.
        file: Option<PathBuf>,
    },
    /// Declares the RabbitMQ topology and prints its names as JSON.
    Topology {
        /// First give outcomes.all the type amqp.outcomes_queue_type says, keeping its
        /// records (a queue the broker would refuse to declare with another type).
        #[arg(long)]
        migrate_outcomes: bool,
        /// First give approvals.pending its delivery limit and dead letters, keeping its
        /// proposals (a queue declared before them is refused with them). Stop the
        /// approvals services first.
        #[arg(long)]
        migrate_approvals: bool,
    },
    /// The dead-letter queue: list, show, replay and purge dead tickets.
    Dlq {
        /// list, show, replay or purge.
        #[command(subcommand)]
        command: DlqCommand,
    },
    /// The approvals service (serve) and its command-line door (list, approve, reject).
    Approvals {
        /// serve, list, approve or reject.
        #[command(subcommand)]
        command: ApprovalsCommand,
    },
    /// The HTTP ingest API (serve) and its OpenAPI document (openapi).
    Ingest {
        /// serve or openapi.
        #[command(subcommand)]
        command: IngestCommand,
    },
    /// Writes outcomes and approval decisions back to a help desk until SIGTERM/SIGINT.
    Connector {
        /// zendesk or webhook.
        #[command(subcommand)]
        command: ConnectorCommand,
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
        /// The model.
        #[command(flatten)]
        model: ModelArg,
    },
}

/// The dead-letter queue's commands.
#[derive(Subcommand)]
pub enum DlqCommand {
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

/// The approvals commands.
#[derive(Subcommand)]
pub enum ApprovalsCommand {
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
        /// Approve a refund with an edit: this lower amount in dollars instead
        /// (checked against the eligibility's max_amount_usd).
        #[arg(long)]
        amount: Option<f64>,
    },
    /// Rejects an action; the reason goes into the ticket's escalated outcome.
    Reject {
        /// The approval id (apr_…).
        id: String,
        /// Who decides (default: $USER).
        #[arg(long)]
        reviewer: Option<String>,
        /// Why (required): the ticket's outcome says it.
        #[arg(long)]
        note: String,
    },
}

/// The ingest API's commands.
#[derive(Subcommand)]
pub enum IngestCommand {
    /// Serves POST /v1/tickets until SIGTERM/SIGINT, then drains.
    Serve,
    /// Prints the OpenAPI document (as committed in docs/openapi/ingest.json).
    Openapi,
}

/// The connectors: one sink per process.
#[derive(Subcommand, Clone, Copy)]
pub enum ConnectorCommand {
    /// Zendesk's Tickets API: replies, internal notes, tags, status, group.
    Zendesk,
    /// A Standard Webhooks receiver: each outcome and decision POSTed, signed.
    Webhook,
}

impl Command {
    /// The `--model` override, on the commands that take one.
    pub fn model(&self) -> Option<&str> {
        match self {
            Command::Process { model, .. }
            | Command::Worker { model, .. }
            | Command::Eval { model, .. } => model.model.as_deref(),
            _ => None,
        }
    }

    /// The default log level: long-running commands log a line per ticket; batch
    /// commands keep stderr for their progress bar and summary.
    pub fn log_level(&self) -> &'static str {
        match self {
            Command::Worker { .. }
            | Command::Approvals {
                command: ApprovalsCommand::Serve,
            }
            | Command::Ingest {
                command: IngestCommand::Serve,
            }
            | Command::Connector { .. } => "info",
            _ => "warn",
        }
    }
}
