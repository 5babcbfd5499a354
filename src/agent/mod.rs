//! The agent loop: model ⇄ tools under a budget, then verification against the trace.
//!
//! [`Agent::run`] is one unit of work: one ticket in, one [`TicketRun`] out (a verified
//! outcome, its pending actions and the full trace), or a [`RunError`] when a
//! transient failure means the ticket should be retried later. The loop is
//! model-agnostic; what a model is lives in `model`, what a tool does in `tools`, and
//! where tickets come from and outcomes go is left to the callers.

pub mod verify;

use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tracing::Instrument;

use crate::conversation::{Content, Message, Role, StopReason, ToolCall, ToolResult, Usage};
use crate::domain::outcome::{Claim, EscalationCategory, FinalAnswer, Outcome, parse_final_answer};
use crate::domain::ticket::Ticket;
use crate::model::cascade::{Assessment, Cascade};
use crate::model::{ChatModel, ChatRequest, ChatResponse, ModelError, Prices};
use crate::telemetry::redact;
use crate::tools::{CallStatus, Ledger, ToolBox};

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

/// What one model spent on one ticket.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelUse {
    /// The model's label, e.g. `anthropic:claude-sonnet-4-5`.
    pub model: String,
    /// Turns it answered.
    pub turns: u32,
    /// Tokens it used.
    pub usage: Usage,
    /// What they cost at its prices.
    pub cost_usd: f64,
}

impl ModelUse {
    /// Adds `uses` to `totals`, model by model (a model new to `totals` goes last).
    pub fn merge_into(totals: &mut Vec<ModelUse>, uses: &[ModelUse]) {
        for model in uses {
            match totals.iter_mut().find(|t| t.model == model.model) {
                Some(total) => {
                    total.turns += model.turns;
                    total.usage += model.usage;
                    total.cost_usd += model.cost_usd;
                }
                None => totals.push(model.clone()),
            }
        }
    }
}

/// The spend of one run, by model in the order they first answered.
#[derive(Debug, Clone, Default)]
struct Spend {
    models: Vec<(ModelUse, Prices)>,
}

impl Spend {
    fn add(&mut self, model: &str, prices: Prices, usage: Usage) {
        let index = match self.models.iter().position(|(m, _)| m.model == model) {
            Some(index) => index,
            None => {
                self.models.push((
                    ModelUse {
                        model: model.to_string(),
                        turns: 0,
                        usage: Usage::default(),
                        cost_usd: 0.0,
                    },
                    prices,
                ));
                self.models.len() - 1
            }
        };
        let (entry, prices) = &mut self.models[index];
        entry.turns += 1;
        entry.usage += usage;
        // Priced on the model's whole usage, not summed per turn: the same tokens give
        // the same cost however the turns fell.
        entry.cost_usd = prices.cost_usd(entry.usage);
    }

    fn usage(&self) -> Usage {
        let mut total = Usage::default();
        for (m, _) in &self.models {
            total += m.usage;
        }
        total
    }

    fn cost_usd(&self) -> f64 {
        self.models.iter().map(|(m, _)| m.cost_usd).sum()
    }

    fn models(&self) -> Vec<ModelUse> {
        self.models.iter().map(|(m, _)| m.clone()).collect()
    }
}

/// One step of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TraceStep {
    /// A model call.
    ModelTurn {
        /// 1-based turn number.
        turn: u32,
        /// The text the model wrote.
        text: String,
        /// The tool calls it asked for.
        tool_calls: Vec<ToolCall>,
        /// Why it stopped.
        stop_reason: StopReason,
        /// Tokens used.
        usage: Usage,
        /// Cost of this call in USD.
        cost_usd: f64,
        /// Wall time of the call, retries included.
        latency_ms: u64,
        /// The model that answered (one of a chain's, or the agent's own).
        #[serde(default)]
        model: String,
    },
    /// A model call that failed.
    ModelError {
        /// 1-based turn number.
        turn: u32,
        /// Whether a later retry might succeed.
        transient: bool,
        /// What happened.
        message: String,
        /// Wall time until the failure.
        latency_ms: u64,
    },
    /// A tool call.
    ToolCall {
        /// The turn that asked for it.
        turn: u32,
        /// The call's id.
        id: String,
        /// The tool named.
        name: String,
        /// The arguments as sent.
        arguments: Value,
        /// How it ended.
        status: CallStatus,
        /// What the model was shown.
        output: Value,
        /// Wall time of the call.
        latency_ms: u64,
    },
    /// A call refused because the budget was spent.
    BudgetExhausted {
        /// Tool calls made.
        tool_calls: u32,
        /// Turns taken.
        turns: u32,
        /// Tokens spent.
        #[serde(default)]
        tokens: u64,
        /// USD spent.
        #[serde(default)]
        cost_usd: f64,
    },
    /// The model's final answer named no outcome, and it was asked once to restate it
    /// (see [`FORMAT_REPAIR`]).
    FormatRepair {
        /// The turn whose answer could not be parsed.
        turn: u32,
        /// Whether the restatement was held to the answer schema ([`STRUCTURED_REPAIR`]).
        #[serde(default)]
        constrained: bool,
    },
    /// The verdict of verification.
    Verification {
        /// What the final message claimed.
        claimed: String,
        /// What the ticket ends as.
        verdict: String,
        /// Why the verdict differs from the claim, if it does.
        notes: Vec<String>,
    },
}

/// The trace of a run: every step, in order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    /// Model turns and tool calls, in the order they happened.
    pub steps: Vec<TraceStep>,
}

impl Trace {
    /// The tool-call steps: (name, arguments, status, output).
    pub fn tool_calls(&self) -> impl Iterator<Item = (&str, &Value, CallStatus, &Value)> {
        self.steps.iter().filter_map(|s| match s {
            TraceStep::ToolCall {
                name,
                arguments,
                status,
                output,
                ..
            } => Some((name.as_str(), arguments, *status, output)),
            _ => None,
        })
    }
}

/// A finished ticket.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TicketRun {
    /// The ticket's id.
    pub ticket_id: String,
    /// The verified outcome.
    pub outcome: Outcome,
    /// Tool calls made.
    pub tool_calls: u32,
    /// Model turns taken.
    pub turns: u32,
    /// Tokens used in all.
    pub usage: Usage,
    /// Cost in USD.
    pub cost_usd: f64,
    /// Wall time of the run.
    pub duration_ms: u64,
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
    /// Why, a fixed code ([`crate::model::cascade::Assessment::Decline`]).
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
}

impl Agent {
    /// An agent asking `model`, calling `tools`, stopping at `budget`.
    pub fn new(model: Arc<dyn ChatModel>, tools: Arc<ToolBox>, budget: Budget) -> Self {
        Self {
            model,
            tools,
            budget,
        }
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
            None => Ok(self.run_on(&self.model, ticket).await?.0),
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
                    run.usage += d.usage;
                    run.cost_usd += d.cost_usd;
                    ModelUse::merge_into(&mut run.models, &d.models);
                }
                run.declined = declined;
                run.duration_ms = ms(started);
                run
            };
            let (run, conversation) = match self.run_on(&tier.model, ticket).await {
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
                        usage: run.usage,
                        cost_usd: run.cost_usd,
                        models: run.models,
                        duration_ms: run.duration_ms,
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

    /// One ticket on one model: the run, and the conversation it ended with.
    async fn run_on(
        &self,
        model: &Arc<dyn ChatModel>,
        ticket: &Ticket,
    ) -> Result<(TicketRun, Vec<Message>), RunError> {
        let started = Instant::now();
        let prices = model.prices();
        let label = model.label();
        let mut spend = Spend::default();
        let metrics = crate::metrics::global();
        let mut trace = Trace::default();
        let mut ledger = Ledger::default();
        let mut messages = vec![Message::user_text(crate::prompt::render_ticket(ticket))];
        let mut tool_calls = 0u32;
        let mut turns = 0u32;
        let mut repaired = false;
        // Set for the one turn that restates an answer under the answer schema.
        let mut constrain_next = false;

        let answer: Result<FinalAnswer, Outcome> = 'run: loop {
            if turns >= self.budget.max_turns {
                trace.steps.push(exhausted(tool_calls, turns, &spend));
                break Err(Outcome::escalated(
                    EscalationCategory::BudgetExhausted,
                    format!("no final answer after {turns} model turns"),
                ));
            }
            if let Some(reason) = self.over_budget(&spend) {
                trace.steps.push(exhausted(tool_calls, turns, &spend));
                break Err(Outcome::escalated(
                    EscalationCategory::BudgetExhausted,
                    reason,
                ));
            }
            turns += 1;
            // A constrained restatement offers no tools: the schema is the whole reply.
            let request = ChatRequest {
                system: crate::prompt::SYSTEM_PROMPT,
                messages: &messages,
                tools: if constrain_next {
                    &[]
                } else {
                    self.tools.contracts()
                },
                answer_schema: constrain_next.then(crate::domain::outcome::answer_schema),
            };
            constrain_next = false;
            let t0 = Instant::now();
            let span = chat_span(&label, turns, ticket);
            let response = model.complete(request).instrument(span.clone()).await;
            record_chat(&span, &response);
            let response = match response {
                Ok(r) => {
                    let (served, served_prices) = match &r.served_by {
                        Some(s) => (s.model.clone(), s.prices),
                        None => (label.clone(), prices),
                    };
                    metrics.model_call(
                        &served,
                        "ok",
                        t0.elapsed(),
                        Some(crate::metrics::ModelSpend {
                            input_tokens: r.usage.input_tokens,
                            output_tokens: r.usage.output_tokens,
                            cache_creation_input_tokens: r.usage.cache_creation_input_tokens,
                            cache_read_input_tokens: r.usage.cache_read_input_tokens,
                            cost_usd: served_prices.cost_usd(r.usage),
                        }),
                    );
                    (r, served, served_prices)
                }
                Err(e) => {
                    let transient = e.is_transient();
                    let status = if transient {
                        "transient_error"
                    } else {
                        "permanent_error"
                    };
                    metrics.model_call(&label, status, t0.elapsed(), None);
                    trace.steps.push(TraceStep::ModelError {
                        turn: turns,
                        transient,
                        message: e.to_string(),
                        latency_ms: ms(t0),
                    });
                    match e {
                        ModelError::Transient { message, .. } => {
                            tracing::warn!(error = %redact(&message), "model unavailable; the ticket should be retried");
                            let partial = Box::new(finished(
                                model,
                                ticket,
                                Outcome::escalated(
                                    EscalationCategory::ModelError,
                                    format!("could not finish: model unavailable: {message}"),
                                ),
                                trace,
                                (tool_calls, turns, &spend),
                                started,
                            ));
                            return Err(RunError::ModelUnavailable { message, partial });
                        }
                        ModelError::Permanent { message, .. } => {
                            tracing::error!(error = %redact(&message), "model failed permanently; escalating");
                            break Err(Outcome::escalated(
                                EscalationCategory::ModelError,
                                format!("the model failed: {message}"),
                            ));
                        }
                    }
                }
            };
            let (response, served, served_prices) = response;
            spend.add(&served, served_prices, response.usage);
            let calls: Vec<ToolCall> = response.message.tool_calls().cloned().collect();
            let text = response.message.text();
            trace.steps.push(TraceStep::ModelTurn {
                turn: turns,
                text: text.clone(),
                tool_calls: calls.clone(),
                stop_reason: response.stop_reason,
                usage: response.usage,
                cost_usd: served_prices.cost_usd(response.usage),
                latency_ms: ms(t0),
                model: served,
            });
            messages.push(Message {
                role: Role::Assistant,
                content: response.message.content,
            });
            if calls.is_empty() {
                let answer = parse_final_answer(&text);
                // One chance to restate an answer that names no outcome: models that
                // handle the ticket but forget the format (small open models often do)
                // would otherwise never reach verification. A second miss escalates.
                if matches!(answer.claim, Claim::Unparseable(_))
                    && !repaired
                    && turns < self.budget.max_turns
                {
                    repaired = true;
                    let constrained = self.model.constrains_answers();
                    trace.steps.push(TraceStep::FormatRepair {
                        turn: turns,
                        constrained,
                    });
                    let reminder = if constrained {
                        STRUCTURED_REPAIR
                    } else {
                        FORMAT_REPAIR
                    };
                    messages.push(Message::user_text(reminder.to_string()));
                    constrain_next = constrained;
                    continue;
                }
                break Ok(answer);
            }
            let mut results = Vec::with_capacity(calls.len());
            for call in &calls {
                if tool_calls >= self.budget.max_tool_calls {
                    trace.steps.push(exhausted(tool_calls, turns, &spend));
                    break 'run Err(Outcome::escalated(
                        EscalationCategory::BudgetExhausted,
                        format!(
                            "the model asked for more than {} tool calls",
                            self.budget.max_tool_calls
                        ),
                    ));
                }
                tool_calls += 1;
                let t0 = Instant::now();
                // The model may name a tool that does not exist: one label for all such.
                let tool = match self.tools.contracts().iter().find(|c| c.name == call.name) {
                    Some(c) => c.name,
                    None => "unknown",
                };
                // Arguments and results stay out: they carry order ids, addresses and
                // the model's words about the customer.
                let span = tracing::info_span!(
                    "tool",
                    ticket_id = %ticket.ticket_id,
                    otel.name = %format!("execute_tool {tool}"),
                    otel.kind = "internal",
                    otel.status_code = tracing::field::Empty,
                    gen_ai.operation.name = "execute_tool",
                    gen_ai.tool.name = tool,
                    gen_ai.tool.call.id = %call.id,
                    gen_ai.tool.type = "function",
                    ticket_agent.tool.status = tracing::field::Empty,
                    error.type = tracing::field::Empty,
                );
                let out = self
                    .tools
                    .call(ticket, call, &mut ledger)
                    .instrument(span.clone())
                    .await;
                span.record("ticket_agent.tool.status", out.status.as_str());
                // A proposal waiting for a human is the tool working as meant.
                if !matches!(out.status, CallStatus::Ok | CallStatus::PendingApproval) {
                    span.record("otel.status_code", "error");
                    span.record("error.type", out.status.as_str());
                }
                metrics
                    .tool_calls
                    .with_label_values(&[tool, out.status.as_str()])
                    .inc();
                tracing::debug!(tool, status = out.status.as_str(), "tool call");
                trace.steps.push(TraceStep::ToolCall {
                    turn: turns,
                    id: call.id.clone(),
                    name: call.name.clone(),
                    arguments: call.arguments.to_wire_value(),
                    status: out.status,
                    output: out.output.clone(),
                    latency_ms: ms(t0),
                });
                if out.status == CallStatus::Unavailable {
                    let message = out.output["detail"]
                        .as_str()
                        .unwrap_or("unavailable")
                        .to_string();
                    let partial = Box::new(finished(
                        model,
                        ticket,
                        Outcome::escalated(
                            EscalationCategory::BackendUnavailable,
                            format!("could not finish: commerce backend unavailable: {message}"),
                        ),
                        trace,
                        (tool_calls, turns, &spend),
                        started,
                    ));
                    return Err(RunError::BackendUnavailable { message, partial });
                }
                results.push(Content::ToolResult(ToolResult {
                    tool_call_id: call.id.clone(),
                    is_error: out.output.get("error").is_some(),
                    output: out.output,
                }));
            }
            messages.push(Message {
                role: Role::User,
                content: results,
            });
        };

        let outcome = {
            let span = tracing::info_span!(
                "verify",
                ticket_id = %ticket.ticket_id,
                otel.kind = "internal",
                ticket_agent.outcome = tracing::field::Empty,
                ticket_agent.pending_approvals = ledger.pending.len(),
            );
            let _in = span.enter();
            let outcome = verify::verify_answer(
                answer,
                &mut trace,
                ledger.pending,
                &verify::ticket_orders(ticket),
            );
            span.record("ticket_agent.outcome", outcome.kind().as_str());
            outcome
        };
        tracing::debug!(outcome = %outcome.kind(), tool_calls, turns, "agent finished");
        let run = finished(
            model,
            ticket,
            outcome,
            trace,
            (tool_calls, turns, &spend),
            started,
        );
        Ok((run, messages))
    }
}

fn finished(
    model: &Arc<dyn ChatModel>,
    ticket: &Ticket,
    outcome: Outcome,
    trace: Trace,
    (tool_calls, turns, spend): (u32, u32, &Spend),
    started: Instant,
) -> TicketRun {
    let cost_usd = spend.cost_usd();
    crate::metrics::global().ticket_cost(cost_usd);
    TicketRun {
        ticket_id: ticket.ticket_id.to_string(),
        outcome,
        tool_calls,
        turns,
        usage: spend.usage(),
        cost_usd,
        duration_ms: ms(started),
        model: model.label(),
        models: spend.models(),
        tier: None,
        declined: Vec::new(),
        trace,
    }
}

/// The trace step of a spent budget, with the spend so far.
fn exhausted(tool_calls: u32, turns: u32, spend: &Spend) -> TraceStep {
    TraceStep::BudgetExhausted {
        tool_calls,
        turns,
        tokens: spend.usage().total(),
        cost_usd: spend.cost_usd(),
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

/// The span of one model call (OpenTelemetry GenAI conventions). The label is
/// `provider:model`, or a provider alone (`rules`). Prompts and completions stay out.
fn chat_span(label: &str, turn: u32, ticket: &Ticket) -> tracing::Span {
    let (provider, model) = label.split_once(':').unwrap_or((label, label));
    tracing::info_span!(
        "chat",
        otel.name = %format!("chat {model}"),
        otel.kind = "client",
        otel.status_code = tracing::field::Empty,
        gen_ai.operation.name = "chat",
        gen_ai.provider.name = provider,
        gen_ai.request.model = model,
        gen_ai.usage.input_tokens = tracing::field::Empty,
        gen_ai.usage.output_tokens = tracing::field::Empty,
        gen_ai.usage.cache_read.input_tokens = tracing::field::Empty,
        gen_ai.response.finish_reasons = tracing::field::Empty,
        error.type = tracing::field::Empty,
        ticket_agent.turn = turn,
        ticket_id = %ticket.ticket_id,
    )
}

fn record_chat(span: &tracing::Span, response: &Result<ChatResponse, ModelError>) {
    match response {
        Ok(r) => {
            span.record("gen_ai.usage.input_tokens", r.usage.input_tokens);
            span.record("gen_ai.usage.output_tokens", r.usage.output_tokens);
            let reason = match r.stop_reason {
                StopReason::EndTurn => "stop",
                StopReason::ToolUse => "tool_calls",
                StopReason::MaxTokens => "length",
                StopReason::Other => "other",
            };
            span.record("gen_ai.response.finish_reasons", reason);
        }
        Err(e) => {
            span.record("otel.status_code", "error");
            span.record(
                "error.type",
                if e.is_transient() {
                    "transient"
                } else {
                    "permanent"
                },
            );
        }
    }
}

fn ms(since: Instant) -> u64 {
    since.elapsed().as_millis().try_into().unwrap_or(u64::MAX)
}
