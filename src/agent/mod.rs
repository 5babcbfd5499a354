//! The agent loop: model ⇄ tools under a budget, then verification against the trace.
//!
//! [`Agent::run`] is one unit of work: one ticket in, one [`TicketRun`] out (a verified
//! outcome, its pending actions and the full trace), or a [`RunError`] when a
//! transient failure means the ticket should be retried later. The loop is
//! model-agnostic; what a model is lives in `model`, what a tool does in `tools`, and
//! where tickets come from and outcomes go is left to the callers.

mod follow_up;
pub mod relevance;
mod run;
mod spend;
mod status_claim;
mod trace;
pub mod verify;

use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;

use crate::conversation::Usage;
use crate::domain::order_id::OrderIdPattern;
use crate::domain::outcome::Outcome;
use crate::domain::ticket::Ticket;
use crate::model::Assessment;
use crate::model::ChatModel;
use crate::model::cascade::Cascade;
use crate::tools::ToolBox;
use relevance::Relevance;
use run::{Run, ms};
use spend::Spend;
pub use spend::{ModelUse, Totals};
pub use trace::{Trace, TraceStep};

/// What the model is told, once per ticket, when its final answer begins with no
/// outcome prefix. It restates the format only: no hint about which outcome is right,
/// so the restated answer is still the model's own judgment, and verification checks
/// it against the trace like any other.
pub const FORMAT_REPAIR: &str = "Your last message did not begin with an outcome. \
Write your final message again, and begin it with exactly one of `RESOLVED: `, \
`REFUND_PROPOSED: ` or `ESCALATED: [category] `, with nothing before the prefix. \
Base it only on the tool results above; if you have none that answer the ticket, escalate.";

/// [`FORMAT_REPAIR`] for a model held to [`crate::domain::outcome::answer_schema`]: the
/// restated answer is one JSON object, so that even a model that cannot keep to a prefix
/// states an outcome and what it rests on, and verification checks both against the
/// trace. Like the prose reminder it names the fields only, never which outcome.
pub const STRUCTURED_REPAIR: &str = "Your last message did not begin with an outcome. \
Restate your final answer as one JSON object: `outcome` (resolved, refund_proposed or escalated), \
`category` (for an escalation its category, otherwise order_status, how_to, refund or null), \
`grounds` (the order ids you looked up, the article ids a search returned, and each eligibility \
answer you rely on) and `message` (what the customer reads, or why a human must take it). \
Base it only on the tool results above; if you have none that answer the ticket, escalate.";

/// Limits per ticket.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Tool calls allowed.
    pub max_tool_calls: u32,
    /// Model turns allowed.
    pub max_turns: u32,
    /// Tokens (prompt and completion) allowed; 0: no limit. Checked before each model
    /// call, so the call that crosses it still counts.
    pub max_tokens: u64,
    /// USD allowed at the models' prices; 0: no limit. Checked like `max_tokens`.
    pub max_cost_usd: f64,
}

/// A finished ticket.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TicketRun {
    /// The ticket's id.
    pub ticket_id: String,
    /// The verified outcome.
    pub outcome: Outcome,
    /// What it spent.
    #[serde(flatten)]
    pub totals: Totals,
    /// The model's label.
    pub model: String,
    /// The models that answered, in the order they first did, each with its spend.
    pub models: Vec<ModelUse>,
    /// The cascade tier that answered (`rules`, `openai`…); `None` outside a cascade.
    pub tier: Option<String>,
    /// The tiers that ran the ticket before and declined their answer, in order. Their
    /// usage and cost are included in this run's totals; their traces are not in
    /// [`TicketRun::trace`], which is the answering tier's alone.
    pub declined: Vec<Declined>,
    /// Every step.
    pub trace: Trace,
}

/// A cascade tier that ran the ticket and did not keep its answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Declined {
    /// The tier's name.
    pub tier: String,
    /// Why, a fixed code ([`crate::model::Assessment::Decline`]).
    pub reason: String,
    /// What its answer would have been: `resolved`, `refund_proposed`, `escalated`.
    pub outcome: String,
    /// Tokens it used.
    pub usage: Usage,
    /// What it cost.
    pub cost_usd: f64,
    /// The models it asked, each with its spend.
    pub models: Vec<ModelUse>,
    /// Its wall time.
    pub duration_ms: u64,
    /// Its trace, kept for `--trace` and reports.
    pub trace: Trace,
}

/// A run that could not finish now and should be retried later. It carries what the
/// run got through before failing (usage, cost, trace), as an escalated run, so that a
/// caller that cannot retry still reports every token spent.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The model failed transiently past its own retries.
    #[error("model unavailable: {message}")]
    ModelUnavailable {
        /// What failed.
        message: String,
        /// The run so far, escalated as `model_error`.
        partial: Box<TicketRun>,
    },
    /// The commerce backend failed transiently.
    #[error("commerce backend unavailable: {message}")]
    BackendUnavailable {
        /// What failed.
        message: String,
        /// The run so far, escalated as `backend_unavailable`.
        partial: Box<TicketRun>,
    },
}

impl RunError {
    /// The same error with its partial run passed through `f`.
    fn map_partial(self, f: impl FnOnce(TicketRun) -> TicketRun) -> Self {
        match self {
            RunError::ModelUnavailable { message, partial } => RunError::ModelUnavailable {
                message,
                partial: Box::new(f(*partial)),
            },
            RunError::BackendUnavailable { message, partial } => RunError::BackendUnavailable {
                message,
                partial: Box::new(f(*partial)),
            },
        }
    }

    /// The run so far, escalated, for callers that cannot retry later.
    pub fn into_partial(self) -> TicketRun {
        match self {
            RunError::ModelUnavailable { partial, .. }
            | RunError::BackendUnavailable { partial, .. } => *partial,
        }
    }
}

/// The agent: a model, the tools and a budget.
#[derive(Clone)]
pub struct Agent {
    model: Arc<dyn ChatModel>,
    tools: Arc<ToolBox>,
    budget: Budget,
    /// Which words of a ticket are this shop's order ids (verification's rule 7).
    order_ids: OrderIdPattern,
    /// Whether an article answers the ticket (verification's rule 9).
    relevance: Relevance,
}

impl Agent {
    /// An agent asking `model`, calling `tools`, stopping at `budget`.
    pub fn new(model: Arc<dyn ChatModel>, tools: Arc<ToolBox>, budget: Budget) -> Self {
        Self {
            model,
            tools,
            budget,
            order_ids: OrderIdPattern::default(),
            relevance: Relevance::default(),
        }
    }

    /// The same agent, judging whether an article answers a ticket with `relevance`
    /// (by meaning when it holds the embedding model `kb_search` uses).
    pub fn with_relevance(mut self, relevance: Relevance) -> Self {
        self.relevance = relevance;
        self
    }

    /// The same agent, reading order ids with the shop's pattern
    /// (`commerce.order_id_pattern`).
    pub fn with_order_ids(mut self, order_ids: OrderIdPattern) -> Self {
        self.order_ids = order_ids;
        self
    }

    /// Which words of a ticket are this shop's order ids.
    pub fn order_ids(&self) -> &OrderIdPattern {
        &self.order_ids
    }

    /// The model the agent asks each turn.
    pub fn model(&self) -> &Arc<dyn ChatModel> {
        &self.model
    }

    /// The tools the agent may call, with their gates.
    pub fn tools(&self) -> &Arc<ToolBox> {
        &self.tools
    }

    /// Runs one ticket to a verified outcome, in the caller's span: the caller opens
    /// the per-ticket `ticket` span with what it knows (the worker: ticket id, attempt,
    /// worker id; `process` and `eval`: the ticket id, through
    /// [`crate::telemetry::ticket_span`]).
    ///
    /// # Errors
    /// [`RunError`] when the model or the backend failed transiently: the ticket should
    /// be retried later. A permanent model failure is not an error: the ticket is
    /// escalated as `model_error`.
    pub async fn run(&self, ticket: &Ticket) -> Result<TicketRun, RunError> {
        match self.model.cascade() {
            None => Ok(Run::new(self, &self.model, ticket).complete().await?.0),
            Some(cascade) => self.run_cascade(cascade, ticket).await,
        }
    }

    /// Runs the ticket on each tier in turn until one keeps its answer (the last always
    /// does). Each tier starts from scratch: the next one sees nothing of the declined
    /// run, whose proposals are dropped with it (nothing leaves the agent before the
    /// outcome does).
    async fn run_cascade(&self, cascade: &Cascade, ticket: &Ticket) -> Result<TicketRun, RunError> {
        let started = Instant::now();
        let metrics = crate::metrics::global();
        let mut declined: Vec<Declined> = Vec::new();
        let tiers = cascade.tiers();
        for (i, tier) in tiers.iter().enumerate() {
            let last = i + 1 == tiers.len();
            let tag = |mut run: TicketRun, declined: Vec<Declined>| {
                run.tier = Some(tier.name.clone());
                for d in &declined {
                    run.totals.usage += d.usage;
                    run.totals.cost_usd += d.cost_usd;
                    ModelUse::merge_into(&mut run.models, &d.models);
                }
                run.declined = declined;
                run.totals.duration_ms = ms(started);
                run
            };
            let (run, conversation) = match Run::new(self, &tier.model, ticket).complete().await {
                Ok(done) => done,
                Err(e) => {
                    let declined = std::mem::take(&mut declined);
                    return Err(e.map_partial(|p| tag(p, declined)));
                }
            };
            let verdict = match &tier.judge {
                Some(judge) if !last => {
                    if verification_changed(&run.trace) {
                        Assessment::Decline("verification_changed")
                    } else {
                        judge.assess(&conversation).await
                    }
                }
                _ => Assessment::Confident,
            };
            match verdict {
                Assessment::Confident => {
                    metrics
                        .cascade_tickets
                        .with_label_values(&[tier.name.as_str()])
                        .inc();
                    tracing::debug!(tier = %tier.name, declined = declined.len(), "cascade tier answered");
                    return Ok(tag(run, declined));
                }
                Assessment::Decline(reason) => {
                    metrics
                        .cascade_declined
                        .with_label_values(&[tier.name.as_str(), reason])
                        .inc();
                    tracing::debug!(tier = %tier.name, reason, "cascade tier declined its answer");
                    declined.push(Declined {
                        tier: tier.name.clone(),
                        reason: reason.to_string(),
                        outcome: run.outcome.kind().to_string(),
                        usage: run.totals.usage,
                        cost_usd: run.totals.cost_usd,
                        models: run.models,
                        duration_ms: run.totals.duration_ms,
                        trace: run.trace,
                    });
                }
            }
        }
        unreachable!("the last tier of a cascade always answers")
    }

    /// Why the ticket may make no further model call, when its token or dollar budget
    /// is spent.
    fn over_budget(&self, spend: &Spend) -> Option<String> {
        let tokens = spend.usage().total();
        let cost = spend.cost_usd();
        let over_tokens = self.budget.max_tokens > 0 && tokens >= self.budget.max_tokens;
        let over_cost = self.budget.max_cost_usd > 0.0 && cost >= self.budget.max_cost_usd;
        let limit = match (over_tokens, over_cost) {
            (true, _) => format!("{} tokens", self.budget.max_tokens),
            (false, true) => format!("${:.4}", self.budget.max_cost_usd),
            (false, false) => return None,
        };
        Some(format!(
            "spent {tokens} tokens (${cost:.4}) without a final answer; the ticket's budget is {limit}"
        ))
    }
}

/// Whether verification ended the run otherwise than its final message claimed: then
/// the tier's own judgment of that message is moot, and the answer is not its own.
fn verification_changed(trace: &Trace) -> bool {
    trace
        .steps
        .iter()
        .any(|s| matches!(s, TraceStep::Verification { notes, .. } if !notes.is_empty()))
}
