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
use crate::model::{ChatModel, ChatRequest, ChatResponse, ModelError};
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

/// Limits per ticket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Tool calls allowed.
    pub max_tool_calls: u32,
    /// Model turns allowed.
    pub max_turns: u32,
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
    },
    /// The model's final answer named no outcome, and it was asked once to restate it
    /// (see [`FORMAT_REPAIR`]).
    FormatRepair {
        /// The turn whose answer could not be parsed.
        turn: u32,
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
    /// Every step.
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
        let started = Instant::now();
        let prices = self.model.prices();
        let label = self.model.label();
        let metrics = crate::metrics::global();
        let mut trace = Trace::default();
        let mut ledger = Ledger::default();
        let mut messages = vec![Message::user_text(crate::prompt::render_ticket(ticket))];
        let mut usage = Usage::default();
        let mut tool_calls = 0u32;
        let mut turns = 0u32;
        let mut repaired = false;

        let answer: Result<FinalAnswer, Outcome> = 'run: loop {
            if turns >= self.budget.max_turns {
                trace
                    .steps
                    .push(TraceStep::BudgetExhausted { tool_calls, turns });
                break Err(Outcome::escalated(
                    EscalationCategory::BudgetExhausted,
                    format!("no final answer after {turns} model turns"),
                ));
            }
            turns += 1;
            let request = ChatRequest {
                system: crate::prompt::SYSTEM_PROMPT,
                messages: &messages,
                tools: self.tools.contracts(),
            };
            let t0 = Instant::now();
            let span = chat_span(&label, turns, ticket);
            let response = self.model.complete(request).instrument(span.clone()).await;
            record_chat(&span, &response);
            let response = match response {
                Ok(r) => {
                    metrics.model_call(
                        &label,
                        "ok",
                        t0.elapsed(),
                        Some(crate::metrics::ModelSpend {
                            input_tokens: r.usage.input_tokens,
                            output_tokens: r.usage.output_tokens,
                            cost_usd: prices.cost_usd(r.usage),
                        }),
                    );
                    r
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
                            let partial = Box::new(self.finished(
                                ticket,
                                Outcome::escalated(
                                    EscalationCategory::ModelError,
                                    format!("could not finish: model unavailable: {message}"),
                                ),
                                trace,
                                (tool_calls, turns, usage),
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
            usage += response.usage;
            let calls: Vec<ToolCall> = response.message.tool_calls().cloned().collect();
            let text = response.message.text();
            trace.steps.push(TraceStep::ModelTurn {
                turn: turns,
                text: text.clone(),
                tool_calls: calls.clone(),
                stop_reason: response.stop_reason,
                usage: response.usage,
                cost_usd: prices.cost_usd(response.usage),
                latency_ms: ms(t0),
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
                    trace.steps.push(TraceStep::FormatRepair { turn: turns });
                    messages.push(Message::user_text(FORMAT_REPAIR.to_string()));
                    continue;
                }
                break Ok(answer);
            }
            let mut results = Vec::with_capacity(calls.len());
            for call in &calls {
                if tool_calls >= self.budget.max_tool_calls {
                    trace
                        .steps
                        .push(TraceStep::BudgetExhausted { tool_calls, turns });
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
                    let partial = Box::new(self.finished(
                        ticket,
                        Outcome::escalated(
                            EscalationCategory::BackendUnavailable,
                            format!("could not finish: commerce backend unavailable: {message}"),
                        ),
                        trace,
                        (tool_calls, turns, usage),
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
        Ok(self.finished(ticket, outcome, trace, (tool_calls, turns, usage), started))
    }

    fn finished(
        &self,
        ticket: &Ticket,
        outcome: Outcome,
        trace: Trace,
        (tool_calls, turns, usage): (u32, u32, Usage),
        started: Instant,
    ) -> TicketRun {
        TicketRun {
            ticket_id: ticket.ticket_id.to_string(),
            outcome,
            tool_calls,
            turns,
            usage,
            cost_usd: self.model.prices().cost_usd(usage),
            duration_ms: ms(started),
            model: self.model.label(),
            trace,
        }
    }
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
