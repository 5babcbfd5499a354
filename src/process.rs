//! `ticket-agent process`: the main job in embedded mode.
//!
//! Reads tickets as JSON Lines, runs them concurrently (bounded), and writes one JSON
//! line per ticket with its verified outcome, in the input's order (or, asked, in the
//! order they finish). A bad line is reported with its line
//! number and the run goes on. Where the lines come from and where the report goes
//! (stdout, a terminal with a progress bar) is the caller's choice.

use std::collections::BTreeMap;
use std::io::Write;

use futures::StreamExt;
use futures::stream::FuturesUnordered;
use serde::Serialize;
use serde_json::Value;
use tracing::Instrument;

use crate::agent::{Agent, ModelUse, TicketRun, Totals};
use crate::conversation::Usage;
use crate::domain::approval::PendingAction;
use crate::domain::outcome::{EscalationCategory, OutcomeKind, Verdict};
use crate::domain::ticket::Ticket;

/// One output line.
#[derive(Debug, Clone, Serialize)]
pub struct OutcomeLine {
    /// The ticket this line answers.
    pub ticket_id: String,
    /// The message of the ticket's thread it answers, when the line named one: two lines
    /// of one ticket are told apart by it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message_id: Option<String>,
    /// The outcome: its kind, and the reply or the escalation's reason and category.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// Gated actions waiting for approval.
    pub actions: Vec<PendingAction>,
    /// What the run spent.
    #[serde(flatten)]
    pub totals: Totals,
    /// The model's label.
    pub model: String,
    /// The models that answered, each with its turns, usage and cost.
    pub models: Vec<ModelUse>,
    /// The cascade tier that answered (with `--model cascade`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tier: Option<String>,
    /// The tiers that declined first, and why (with `--model cascade`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub declined: Vec<DeclinedLine>,
    /// The whole trace, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Value>,
}

impl OutcomeLine {
    /// The line for a finished run.
    pub fn from_run(run: &TicketRun, with_trace: bool) -> Self {
        Self {
            ticket_id: run.ticket_id.clone(),
            message_id: None,
            verdict: run.outcome.verdict(),
            actions: run.outcome.actions().to_vec(),
            totals: run.totals,
            model: run.model.clone(),
            models: run.models.clone(),
            tier: run.tier.clone(),
            declined: run
                .declined
                .iter()
                .map(|d| DeclinedLine {
                    tier: d.tier.clone(),
                    reason: d.reason.clone(),
                    outcome: d.outcome.clone(),
                    cost_usd: d.cost_usd,
                    trace: with_trace
                        .then(|| serde_json::to_value(&d.trace).unwrap_or(Value::Null)),
                })
                .collect(),
            trace: with_trace.then(|| serde_json::to_value(&run.trace).unwrap_or(Value::Null)),
        }
    }
}

/// A tier that declined, in an output line: its trace only with `--trace`.
#[derive(Debug, Clone, Serialize)]
pub struct DeclinedLine {
    /// The tier.
    pub tier: String,
    /// Its reason code.
    pub reason: String,
    /// The outcome it did not keep.
    pub outcome: String,
    /// What it cost.
    pub cost_usd: f64,
    /// Its trace, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Value>,
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
    /// Turns, tokens and cost by model, in the order they first answered.
    pub models: Vec<ModelUse>,
    /// With a cascade: tickets by the tier that answered them, and what each cost.
    pub tiers: Tiers,
    /// Tickets escalated because the model could not be used (`model_error`), and the
    /// first such reason.
    pub model_failures: usize,
    /// See [`Summary::model_failures`].
    pub first_model_error: Option<String>,
}

impl Summary {
    /// Tickets that got an outcome.
    pub fn tickets(&self) -> usize {
        self.outcomes.values().sum()
    }

    /// Whether every ticket failed on the model: nothing was answered, and the run
    /// should say so and fail rather than look like a day of escalations.
    pub fn all_failed_on_the_model(&self) -> bool {
        self.tickets() > 0 && self.model_failures == self.tickets()
    }

    /// Counts one finished run.
    pub fn add(&mut self, run: &TicketRun) {
        if let crate::domain::outcome::Outcome::Escalated {
            reason,
            category: EscalationCategory::ModelError,
        } = &run.outcome
        {
            self.model_failures += 1;
            self.first_model_error.get_or_insert_with(|| reason.clone());
        }
        *self.outcomes.entry(run.outcome.kind()).or_default() += 1;
        self.usage += run.totals.usage;
        self.cost_usd += run.totals.cost_usd;
        self.tiers.add(run);
    }
}

/// The tickets of a cascade run by the tier that answered them, and the cost the first
/// tier saved: the tickets it kept, each priced at the run's own mean cost of a ticket
/// the last tier answered (its cost alone, not the declined attempts'). With no ticket
/// answered by the last tier there is nothing to price them at, and no estimate.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Tiers {
    /// Tier → the tickets it answered and their cost.
    pub answered: BTreeMap<String, TierCount>,
    /// The tiers in cascade order, as seen on the runs (the last one is the costly one).
    pub order: Vec<String>,
}

/// One tier's share of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct TierCount {
    /// Tickets it answered.
    pub tickets: usize,
    /// Their cost, this tier's own attempts only.
    pub own_cost_usd: f64,
}

impl Tiers {
    /// Counts one run (nothing outside a cascade).
    pub fn add(&mut self, run: &TicketRun) {
        let Some(tier) = &run.tier else { return };
        let declined: f64 = run.declined.iter().map(|d| d.cost_usd).sum();
        let count = self.answered.entry(tier.clone()).or_default();
        count.tickets += 1;
        count.own_cost_usd += run.totals.cost_usd - declined;
        let mut seen: Vec<&str> = run.declined.iter().map(|d| d.tier.as_str()).collect();
        seen.push(tier);
        // The longest chain seen is the cascade's order.
        if seen.len() > self.order.len() {
            self.order = seen.into_iter().map(str::to_string).collect();
        }
    }

    /// Whether the run was a cascade.
    pub fn is_cascade(&self) -> bool {
        !self.answered.is_empty()
    }

    /// Tickets answered in all.
    pub fn tickets(&self) -> usize {
        self.answered.values().map(|c| c.tickets).sum()
    }

    /// The tickets the first tier kept.
    pub fn kept_by_first(&self) -> usize {
        self.order
            .first()
            .and_then(|t| self.answered.get(t))
            .map_or(0, |c| c.tickets)
    }

    /// The mean cost of a ticket the last tier answered, its own attempt only.
    pub fn last_tier_mean_cost(&self) -> Option<f64> {
        if self.order.len() < 2 {
            return None;
        }
        let last = self.answered.get(self.order.last()?)?;
        (last.tickets > 0).then(|| last.own_cost_usd / last.tickets as f64)
    }

    /// What the kept tickets would have cost on the last tier (see [`Tiers`]).
    pub fn saved_usd(&self) -> Option<f64> {
        Some(self.kept_by_first() as f64 * self.last_tier_mean_cost()?)
    }
}

impl std::fmt::Display for Tiers {
    /// `tiers: rules 40 (66.7%), openai 20; saved ~$0.0123 (40 × $0.000308, the mean cost of an openai ticket in this run)`
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.tickets().max(1) as f64;
        let parts: Vec<String> = self
            .order
            .iter()
            .map(|t| {
                let c = self.answered.get(t).map_or(0, |c| c.tickets);
                format!("{t} {c} ({:.1}%)", c as f64 * 100.0 / n)
            })
            .collect();
        write!(f, "tiers: {}", parts.join(", "))?;
        match (
            self.saved_usd(),
            self.last_tier_mean_cost(),
            self.order.last(),
        ) {
            (Some(saved), Some(mean), Some(last)) => write!(
                f,
                "; saved ~${saved:.4} ({} × ${mean:.6}, the mean cost of a {last} ticket in this run)",
                self.kept_by_first()
            ),
            _ => write!(f, "; saved: no estimate (no ticket reached the last tier)"),
        }
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
        )?;
        if self.usage.cache_read_input_tokens + self.usage.cache_creation_input_tokens > 0 {
            write!(
                f,
                " (of the input, {} read from the prompt cache, {} written to it)",
                self.usage.cache_read_input_tokens, self.usage.cache_creation_input_tokens
            )?;
        }
        let tickets = self.tickets();
        if tickets > 0 && self.cost_usd > 0.0 {
            write!(f, ", ${:.4} a ticket", self.cost_usd / tickets as f64)?;
        }
        // One model is the whole line already; a chain's share per model is not.
        if self.models.len() > 1 {
            let parts: Vec<String> = self
                .models
                .iter()
                .map(|m| format!("{} {} turns ${:.4}", m.model, m.turns, m.cost_usd))
                .collect();
            write!(f, "; by model: {}", parts.join(", "))?;
        }
        if self.tiers.is_cascade() {
            write!(f, "; {}", self.tiers)?;
        }
        Ok(())
    }
}

pub use crate::domain::ticket::BadLine;

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

/// The order of the output lines.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum OutputOrder {
    /// The input's order: each line is written as soon as every earlier ticket's line
    /// has been written (the default).
    #[default]
    Input,
    /// The order the tickets finish in (`--unordered`): the first line comes sooner.
    Finishing,
}

/// How [`process_with`] runs.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The largest ticket accepted, in bytes.
    pub max_body_bytes: usize,
    /// Tickets run at once (at least one).
    pub concurrency: usize,
    /// Include each ticket's whole trace in its line.
    pub with_trace: bool,
    /// The order of the output lines.
    pub order: OutputOrder,
}

/// Processes the lines of `input`, writing one JSON line per ticket to `out` in the
/// input's order; [`process_with`] with [`OutputOrder::Input`].
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
    let options = Options {
        max_body_bytes,
        concurrency,
        with_trace,
        order: OutputOrder::Input,
    };
    process_with(agent, input, options, out, progress).await
}

/// Lines of the input's order held, finished or running, per ticket of `concurrency`.
/// With a window of `concurrency` alone, tickets quick to finish (a status question)
/// waited behind a slow one (a how-to question searched by meaning and verified) and held
/// their slots: at 16 in flight the encoder's passes gathered 3.2 texts, and 3.8 to 4.5
/// with this window (`ticket-agent-lab bench-embedding`). A line is a few hundred bytes,
/// so eight times the window costs nothing.
pub const REORDER_WINDOW: usize = 8;

/// Processes the lines of `input`, at most `options.concurrency` tickets at once,
/// writing one JSON line per ticket to `out` in `options.order`.
///
/// In the input's order, a finished ticket whose earlier tickets are still running waits
/// in a reorder buffer keyed by its index, and is written as soon as they all are. A new
/// ticket starts while fewer than `concurrency` run and the running and the waiting
/// together are fewer than [`REORDER_WINDOW`] times `concurrency`, so one slow ticket
/// holds back a bounded number of lines, never the whole input, and the tickets behind
/// it keep `concurrency` running meanwhile.
///
/// # Errors
/// Only when writing to `out` fails.
pub async fn process_with(
    agent: &Agent,
    input: &str,
    options: Options,
    out: &mut dyn Write,
    progress: &mut dyn Progress,
) -> anyhow::Result<Summary> {
    let mut summary = Summary::default();
    let mut tickets = Vec::new();
    for (i, line) in input.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match Ticket::from_json(line.as_bytes(), options.max_body_bytes) {
            Ok(t) => tickets.push(t),
            Err(error) => {
                summary.invalid_lines += 1;
                progress.bad_line(&BadLine { line: i + 1, error });
                progress.tick();
            }
        }
    }
    let limit = options.concurrency.max(1);
    let window = limit.saturating_mul(REORDER_WINDOW);
    let ordered = options.order == OutputOrder::Input;
    let mut queue = tickets.iter().enumerate();
    let mut running = FuturesUnordered::new();
    // Finished runs waiting for an earlier one, by input index (ordered only).
    let mut waiting: BTreeMap<usize, TicketRun> = BTreeMap::new();
    // The index of the next line to write (ordered only).
    let mut next = 0;
    loop {
        while running.len() < limit && (!ordered || running.len() + waiting.len() < window) {
            let Some((i, ticket)) = queue.next() else {
                break;
            };
            running.push(async move { (i, run_one(agent, ticket).await) });
        }
        let Some((i, run)) = running.next().await else {
            break;
        };
        summary.add(&run);
        ModelUse::merge_into(&mut summary.models, &run.models);
        progress.tick();
        if !ordered {
            write_line(out, &tickets[i], &run, options.with_trace)?;
            continue;
        }
        waiting.insert(i, run);
        while let Some(run) = waiting.remove(&next) {
            write_line(out, &tickets[next], &run, options.with_trace)?;
            next += 1;
        }
        debug_assert!(
            waiting.len() < window,
            "the reorder buffer outgrew its bound"
        );
    }
    debug_assert!(waiting.is_empty(), "every finished line was written");
    out.flush()?;
    Ok(summary)
}

/// Writes the outcome line of `ticket`.
fn write_line(
    out: &mut dyn Write,
    ticket: &Ticket,
    run: &TicketRun,
    with_trace: bool,
) -> anyhow::Result<()> {
    let line = OutcomeLine {
        message_id: ticket.message_id.as_ref().map(|m| m.to_string()),
        ..OutcomeLine::from_run(run, with_trace)
    };
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Counts the non-empty lines (the progress bar's length).
pub fn count_lines(input: &str) -> usize {
    input.lines().filter(|l| !l.trim().is_empty()).count()
}
