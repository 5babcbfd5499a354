//! `ticket-agent process`: the main job in embedded mode.
//!
//! Reads tickets as JSON Lines, runs them concurrently (bounded), and writes one JSON
//! line per ticket with its verified outcome. A bad line is reported with its line
//! number and the run goes on. Where the lines come from and where the report goes
//! (stdout, a terminal with a progress bar) is the caller's choice.

use std::collections::BTreeMap;
use std::io::Write;

use futures::StreamExt;
use serde::Serialize;
use serde_json::Value;
use tracing::Instrument;

use crate::agent::{Agent, TicketRun};
use crate::conversation::Usage;
use crate::domain::approval::PendingAction;
use crate::domain::outcome::{EscalationCategory, Flat, OutcomeKind};
use crate::domain::ticket::{Ticket, TicketError};

/// One output line.
#[derive(Debug, Clone, Serialize)]
pub struct OutcomeLine {
    /// The ticket this line answers.
    pub ticket_id: String,
    /// `resolved`, `refund_proposed` or `escalated`.
    pub outcome: OutcomeKind,
    /// The reply to the customer (resolved, refund proposed).
    pub message: Option<String>,
    /// Why a human takes it (escalated).
    pub reason: Option<String>,
    /// The escalation category (escalated).
    pub category: Option<EscalationCategory>,
    /// Gated actions waiting for approval.
    pub actions: Vec<PendingAction>,
    /// Tool calls made.
    pub tool_calls: u32,
    /// Model turns.
    pub turns: u32,
    /// Tokens used.
    pub usage: Usage,
    /// Cost in USD.
    pub cost_usd: f64,
    /// Wall time.
    pub duration_ms: u64,
    /// The model's label.
    pub model: String,
    /// The whole trace, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Value>,
}

impl OutcomeLine {
    /// The line for a finished run.
    pub fn from_run(run: &TicketRun, with_trace: bool) -> Self {
        let Flat {
            message,
            reason,
            category,
        } = run.outcome.flatten();
        Self {
            ticket_id: run.ticket_id.clone(),
            outcome: run.outcome.kind(),
            message,
            reason,
            category,
            actions: run.outcome.actions().to_vec(),
            tool_calls: run.tool_calls,
            turns: run.turns,
            usage: run.usage,
            cost_usd: run.cost_usd,
            duration_ms: run.duration_ms,
            model: run.model.clone(),
            trace: with_trace.then(|| serde_json::to_value(&run.trace).unwrap_or(Value::Null)),
        }
    }
}

/// Counts for the summary.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Tickets by outcome.
    pub outcomes: BTreeMap<OutcomeKind, usize>,
    /// Lines that were not valid tickets.
    pub invalid_lines: usize,
    /// Tokens in all.
    pub usage: Usage,
    /// Cost in all.
    pub cost_usd: f64,
}

impl Summary {
    /// Tickets that got an outcome.
    pub fn tickets(&self) -> usize {
        self.outcomes.values().sum()
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = |k| self.outcomes.get(&k).copied().unwrap_or(0);
        write!(
            f,
            "{} tickets: {} resolved, {} refund_proposed, {} escalated; {} invalid line(s); tokens {} in / {} out; cost ${:.4}",
            self.tickets(),
            count(OutcomeKind::Resolved),
            count(OutcomeKind::RefundProposed),
            count(OutcomeKind::Escalated),
            self.invalid_lines,
            self.usage.input_tokens,
            self.usage.output_tokens,
            self.cost_usd
        )
    }
}

/// A line that was not a valid ticket.
#[derive(Debug, Clone, PartialEq)]
pub struct BadLine {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it, naming the field.
    pub error: TicketError,
}

/// Hooks for progress and errors, so a terminal can show a bar and tests can count.
pub trait Progress: Send {
    /// A ticket finished (or a line was rejected).
    fn tick(&mut self);
    /// A line was rejected.
    fn bad_line(&mut self, bad: &BadLine);
}

/// No progress display.
pub struct Quiet;

impl Progress for Quiet {
    fn tick(&mut self) {}
    fn bad_line(&mut self, _: &BadLine) {}
}

/// Runs one ticket; a model or backend that stays unavailable past its retries
/// escalates the ticket (`model_error`, `backend_unavailable`), since this mode has no
/// queue to retry it from later. What the run spent before failing is kept.
pub async fn run_one(agent: &Agent, ticket: &Ticket) -> TicketRun {
    let span = crate::telemetry::ticket_span(&ticket.ticket_id);
    match agent.run(ticket).instrument(span).await {
        Ok(run) => run,
        Err(e) => {
            tracing::error!(ticket_id = %ticket.ticket_id, error = %crate::telemetry::redact(&e.to_string()), "ticket could not finish; escalating");
            e.into_partial()
        }
    }
}

/// Processes the lines of `input`, writing one JSON line per ticket to `out` as each
/// finishes (so the order follows completion, not input).
///
/// # Errors
/// Only when writing to `out` fails.
pub async fn process(
    agent: &Agent,
    input: &str,
    max_body_bytes: usize,
    concurrency: usize,
    with_trace: bool,
    out: &mut dyn Write,
    progress: &mut dyn Progress,
) -> anyhow::Result<Summary> {
    let mut summary = Summary::default();
    let mut tickets = Vec::new();
    for (i, line) in input.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match Ticket::from_json(line.as_bytes(), max_body_bytes) {
            Ok(t) => tickets.push(t),
            Err(error) => {
                summary.invalid_lines += 1;
                progress.bad_line(&BadLine { line: i + 1, error });
                progress.tick();
            }
        }
    }
    let mut runs = futures::stream::iter(tickets.iter().map(|t| run_one(agent, t)))
        .buffer_unordered(concurrency.max(1));
    while let Some(run) = runs.next().await {
        *summary.outcomes.entry(run.outcome.kind()).or_default() += 1;
        summary.usage += run.usage;
        summary.cost_usd += run.cost_usd;
        serde_json::to_writer(&mut *out, &OutcomeLine::from_run(&run, with_trace))?;
        out.write_all(b"\n")?;
        progress.tick();
    }
    out.flush()?;
    Ok(summary)
}

/// Counts the non-empty lines (the progress bar's length).
pub fn count_lines(input: &str) -> usize {
    input.lines().filter(|l| !l.trim().is_empty()).count()
}
