//! One run of one ticket on one model: the loop of model turns and tool calls under the
//! budget, then verification of the final answer against the trace.
//!
//! A [`Run`] holds what the loop accumulates (the conversation, the trace, the ledger
//! of proposals, the spend and the counts); each step is a method of its own: the
//! budget check, one model turn, the final answer (with its one format repair), the
//! tool calls, verification. A step that must end the loop early says how with a
//! [`Stop`]: escalate, or give the ticket back to be retried later.

use std::sync::Arc;
use std::time::Instant;

use tracing::Instrument;

use super::relevance::{self, ArticleText, Judgment};
use super::spend::{Spend, Totals};
use super::trace::{Trace, TraceStep};
use super::{Agent, FORMAT_REPAIR, RunError, STRUCTURED_REPAIR, TicketRun, verify};
use crate::conversation::{Content, Message, Role, StopReason, ToolCall, ToolResult};
use crate::domain::outcome::{Claim, EscalationCategory, FinalAnswer, Outcome, parse_final_answer};
use crate::domain::ticket::Ticket;
use crate::model::{ChatModel, ChatRequest, ChatResponse, ModelError, Prices};
use crate::telemetry::redact;
use crate::tools::{CallStatus, Ledger, ToolOutput};

/// Why the loop ended before a final answer.
enum Stop {
    /// The ticket escalates with this outcome (a budget spent, a permanent model
    /// failure); verification still records it.
    Escalate(Outcome),
    /// A transient failure: the ticket should be retried later.
    Retry(RunError),
}

/// One run in progress.
pub(super) struct Run<'a> {
    agent: &'a Agent,
    model: &'a Arc<dyn ChatModel>,
    ticket: &'a Ticket,
    label: String,
    prices: Prices,
    started: Instant,
    spend: Spend,
    trace: Trace,
    ledger: Ledger,
    messages: Vec<Message>,
    tool_calls: u32,
    turns: u32,
    repaired: bool,
    /// Set for the one turn that restates an answer under the answer schema.
    constrain_next: bool,
}

impl<'a> Run<'a> {
    /// A run of `ticket` by `agent` on `model`, its conversation started with the
    /// rendered ticket.
    pub(super) fn new(agent: &'a Agent, model: &'a Arc<dyn ChatModel>, ticket: &'a Ticket) -> Self {
        Self {
            agent,
            model,
            ticket,
            label: model.label(),
            prices: model.prices(),
            started: Instant::now(),
            spend: Spend::default(),
            trace: Trace::default(),
            ledger: Ledger::default(),
            messages: vec![Message::user_text(crate::prompt::render_ticket(ticket))],
            tool_calls: 0,
            turns: 0,
            repaired: false,
            constrain_next: false,
        }
    }

    /// Runs to a verified outcome: the run, and the conversation it ended with.
    ///
    /// # Errors
    /// [`RunError`] when the model or the backend failed transiently.
    pub(super) async fn complete(mut self) -> Result<(TicketRun, Vec<Message>), RunError> {
        let answer = match self.converse().await {
            Ok(answer) => Ok(answer),
            Err(Stop::Escalate(outcome)) => Err(outcome),
            Err(Stop::Retry(e)) => return Err(e),
        };
        let outcome = self.verify(answer).await;
        tracing::debug!(outcome = %outcome.kind(), tool_calls = self.tool_calls, turns = self.turns, "agent finished");
        let messages = std::mem::take(&mut self.messages);
        Ok((self.finish(outcome), messages))
    }

    /// Model turns and tool calls until a final answer.
    async fn converse(&mut self) -> Result<FinalAnswer, Stop> {
        loop {
            self.check_budget()?;
            let (text, calls) = self.ask().await?;
            if calls.is_empty() {
                match self.final_answer(&text) {
                    Some(answer) => return Ok(answer),
                    None => continue,
                }
            }
            self.call_tools(&calls).await?;
        }
    }

    /// Whether one more model call is allowed: turns, tokens and dollars.
    fn check_budget(&mut self) -> Result<(), Stop> {
        let reason = if self.turns >= self.agent.budget.max_turns {
            format!("no final answer after {} model turns", self.turns)
        } else if let Some(reason) = self.agent.over_budget(&self.spend) {
            reason
        } else {
            return Ok(());
        };
        self.trace.steps.push(self.exhausted());
        Err(Stop::Escalate(Outcome::escalated(
            EscalationCategory::BudgetExhausted,
            reason,
        )))
    }

    /// One model turn: the request, its metrics and span, its trace step; the text the
    /// model wrote and the tool calls it asked for.
    async fn ask(&mut self) -> Result<(String, Vec<ToolCall>), Stop> {
        self.turns += 1;
        // A constrained restatement offers no tools: the schema is the whole reply.
        let request = ChatRequest {
            system: crate::prompt::SYSTEM_PROMPT,
            messages: &self.messages,
            tools: if self.constrain_next {
                &[]
            } else {
                self.agent.tools.contracts()
            },
            answer_schema: self
                .constrain_next
                .then(crate::domain::outcome::answer_schema),
        };
        self.constrain_next = false;
        let t0 = Instant::now();
        let span = chat_span(&self.label, self.turns, self.ticket);
        let response = self.model.complete(request).instrument(span.clone()).await;
        record_chat(&span, &response);
        let metrics = crate::metrics::global();
        let response = match response {
            Ok(r) => r,
            Err(e) => {
                let transient = e.is_transient();
                let status = if transient {
                    "transient_error"
                } else {
                    "permanent_error"
                };
                metrics.model_call(&self.label, status, t0.elapsed(), None);
                self.trace.steps.push(TraceStep::ModelError {
                    turn: self.turns,
                    transient,
                    message: e.to_string(),
                    latency_ms: ms(t0),
                });
                return Err(self.model_failed(e));
            }
        };
        let (served, served_prices) = match &response.served_by {
            Some(s) => (s.model.clone(), s.prices),
            None => (self.label.clone(), self.prices),
        };
        metrics.model_call(
            &served,
            "ok",
            t0.elapsed(),
            Some(crate::metrics::ModelSpend {
                input_tokens: response.usage.input_tokens,
                output_tokens: response.usage.output_tokens,
                cache_creation_input_tokens: response.usage.cache_creation_input_tokens,
                cache_read_input_tokens: response.usage.cache_read_input_tokens,
                cost_usd: served_prices.cost_usd(response.usage),
            }),
        );
        self.spend.add(&served, served_prices, response.usage);
        let calls: Vec<ToolCall> = response.message.tool_calls().cloned().collect();
        let text = response.message.text();
        self.trace.steps.push(TraceStep::ModelTurn {
            turn: self.turns,
            text: text.clone(),
            tool_calls: calls.clone(),
            stop_reason: response.stop_reason,
            usage: response.usage,
            cost_usd: served_prices.cost_usd(response.usage),
            latency_ms: ms(t0),
            model: served,
        });
        self.messages.push(Message {
            role: Role::Assistant,
            content: response.message.content,
        });
        Ok((text, calls))
    }

    /// How a failed model call ends the loop: a transient failure gives the ticket back
    /// (with the run so far), a permanent one escalates it.
    fn model_failed(&mut self, e: ModelError) -> Stop {
        match e {
            ModelError::Transient { message, .. } => {
                tracing::warn!(error = %redact(&message), "model unavailable; the ticket should be retried");
                let partial = self.so_far(
                    EscalationCategory::ModelError,
                    format!("could not finish: model unavailable: {message}"),
                );
                Stop::Retry(RunError::ModelUnavailable { message, partial })
            }
            ModelError::Permanent { message, .. } => {
                tracing::error!(error = %redact(&message), "model failed permanently; escalating");
                Stop::Escalate(Outcome::escalated(
                    EscalationCategory::ModelError,
                    format!("the model failed: {message}"),
                ))
            }
        }
    }

    /// The final answer in `text`, or `None` when the model is asked once to restate
    /// an answer that names no outcome: models that handle the ticket but forget the
    /// format (small open models often do) would otherwise never reach verification.
    /// A second miss is the answer, unparseable, and escalates.
    fn final_answer(&mut self, text: &str) -> Option<FinalAnswer> {
        let answer = parse_final_answer(text);
        if !matches!(answer.claim, Claim::Unparseable(_))
            || self.repaired
            || self.turns >= self.agent.budget.max_turns
        {
            return Some(answer);
        }
        self.repaired = true;
        let constrained = self.agent.model.constrains_answers();
        self.trace.steps.push(TraceStep::FormatRepair {
            turn: self.turns,
            constrained,
        });
        let reminder = if constrained {
            STRUCTURED_REPAIR
        } else {
            FORMAT_REPAIR
        };
        self.messages.push(Message::user_text(reminder.to_string()));
        self.constrain_next = constrained;
        None
    }

    /// Runs the tool calls of one turn in order, within the budget, and adds their
    /// results to the conversation.
    async fn call_tools(&mut self, calls: &[ToolCall]) -> Result<(), Stop> {
        let mut results = Vec::with_capacity(calls.len());
        for call in calls {
            if self.tool_calls >= self.agent.budget.max_tool_calls {
                self.trace.steps.push(self.exhausted());
                return Err(Stop::Escalate(Outcome::escalated(
                    EscalationCategory::BudgetExhausted,
                    format!(
                        "the model asked for more than {} tool calls",
                        self.agent.budget.max_tool_calls
                    ),
                )));
            }
            self.tool_calls += 1;
            let out = self.call_tool(call).await;
            if out.status == CallStatus::Unavailable {
                let message = out.output["detail"]
                    .as_str()
                    .unwrap_or("unavailable")
                    .to_string();
                let partial = self.so_far(
                    EscalationCategory::BackendUnavailable,
                    format!("could not finish: commerce backend unavailable: {message}"),
                );
                return Err(Stop::Retry(RunError::BackendUnavailable {
                    message,
                    partial,
                }));
            }
            results.push(Content::ToolResult(ToolResult {
                tool_call_id: call.id.clone(),
                is_error: out.output.get("error").is_some(),
                output: out.output,
            }));
        }
        self.messages.push(Message {
            role: Role::User,
            content: results,
        });
        Ok(())
    }

    /// One tool call, in its span, counted and traced.
    async fn call_tool(&mut self, call: &ToolCall) -> ToolOutput {
        let t0 = Instant::now();
        // The model may name a tool that does not exist: one label for all such.
        let tool = match self
            .agent
            .tools
            .contracts()
            .iter()
            .find(|c| c.name == call.name)
        {
            Some(c) => c.name,
            None => "unknown",
        };
        // Arguments and results stay out: they carry order ids, addresses and the
        // model's words about the customer.
        let span = tracing::info_span!(
            "tool",
            ticket_id = %self.ticket.ticket_id,
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
            .agent
            .tools
            .call(self.ticket, call, &mut self.ledger)
            .instrument(span.clone())
            .await;
        span.record("ticket_agent.tool.status", out.status.as_str());
        // A proposal waiting for a human is the tool working as meant.
        if !matches!(out.status, CallStatus::Ok | CallStatus::PendingApproval) {
            span.record("otel.status_code", "error");
            span.record("error.type", out.status.as_str());
        }
        crate::metrics::global()
            .tool_calls
            .with_label_values(&[tool, out.status.as_str()])
            .inc();
        tracing::debug!(tool, status = out.status.as_str(), "tool call");
        self.trace.steps.push(TraceStep::ToolCall {
            turn: self.turns,
            id: call.id.clone(),
            name: call.name.clone(),
            arguments: call.arguments.to_wire_value(),
            status: out.status,
            output: out.output.clone(),
            latency_ms: ms(t0),
        });
        out
    }

    /// The outcome verification allows, in its span.
    async fn verify(&mut self, answer: Result<FinalAnswer, Outcome>) -> Outcome {
        let span = tracing::info_span!(
            "verify",
            ticket_id = %self.ticket.ticket_id,
            otel.kind = "internal",
            ticket_agent.outcome = tracing::field::Empty,
            ticket_agent.pending_approvals = self.ledger.pending.len(),
        );
        let resolves = matches!(&answer, Ok(a) if matches!(a.claim, Claim::Resolved(_)));
        let relevance = if resolves {
            self.judge_articles().instrument(span.clone()).await
        } else {
            None
        };
        let _in = span.enter();
        let evidence = verify::Evidence::of(self.ticket, self.agent.order_ids(), relevance);
        let outcome = verify::verify_answer(
            answer,
            &mut self.trace,
            std::mem::take(&mut self.ledger.pending),
            &evidence,
        );
        span.record("ticket_agent.outcome", outcome.kind().as_str());
        outcome
    }

    /// Every article the run's searches returned, judged against the ticket's question
    /// (verification's rule 9), on a blocking thread: embedding is CPU work. `None` when
    /// no search returned any.
    async fn judge_articles(&self) -> Option<Vec<Judgment>> {
        let mut articles: Vec<(String, String, String)> = Vec::new();
        for (name, _, status, output) in self.trace.tool_calls() {
            if name != crate::tools::contracts::KB_SEARCH || status != CallStatus::Ok {
                continue;
            }
            for a in output["articles"].as_array().into_iter().flatten() {
                let field = |k: &str| a[k].as_str().unwrap_or_default().to_string();
                if !articles.iter().any(|(id, ..)| *id == field("id")) {
                    articles.push((field("id"), field("title"), field("body")));
                }
            }
        }
        if articles.is_empty() {
            return None;
        }
        let ids: Vec<String> = articles.iter().map(|(id, ..)| id.clone()).collect();
        let judge = self.agent.relevance.clone();
        let question = relevance::question(self.ticket);
        let judged = tokio::task::spawn_blocking(move || {
            let texts: Vec<ArticleText<'_>> = articles
                .iter()
                .map(|(id, title, body)| ArticleText { id, title, body })
                .collect();
            judge.judge(&question, &texts)
        })
        .await;
        match judged {
            Ok(judged) => Some(judged),
            Err(e) => {
                // Unjudged articles would let any article pass: refuse them all instead.
                tracing::error!(error = %e, "judging the articles' relevance panicked");
                Some(
                    ids.into_iter()
                        .map(|article| Judgment {
                            article,
                            method: self.agent.relevance.method(),
                            score: f32::MIN,
                            threshold: 0.0,
                            similarity: None,
                        })
                        .collect(),
                )
            }
        }
    }

    /// The run so far, ended as escalated (for a run given back to be retried, so that
    /// a caller that cannot retry still reports every token spent).
    fn so_far(&mut self, category: EscalationCategory, reason: String) -> Box<TicketRun> {
        let trace = std::mem::take(&mut self.trace);
        Box::new(self.run_with(Outcome::escalated(category, reason), trace))
    }

    fn finish(mut self, outcome: Outcome) -> TicketRun {
        let trace = std::mem::take(&mut self.trace);
        self.run_with(outcome, trace)
    }

    fn run_with(&self, outcome: Outcome, trace: Trace) -> TicketRun {
        let cost_usd = self.spend.cost_usd();
        crate::metrics::global().ticket_cost(cost_usd);
        TicketRun {
            ticket_id: self.ticket.ticket_id.to_string(),
            outcome,
            totals: Totals {
                tool_calls: self.tool_calls,
                turns: self.turns,
                usage: self.spend.usage(),
                cost_usd,
                duration_ms: ms(self.started),
            },
            model: self.model.label(),
            models: self.spend.models(),
            tier: None,
            declined: Vec::new(),
            trace,
        }
    }

    /// The trace step of a spent budget, with the spend so far.
    fn exhausted(&self) -> TraceStep {
        TraceStep::BudgetExhausted {
            tool_calls: self.tool_calls,
            turns: self.turns,
            tokens: self.spend.usage().total(),
            cost_usd: self.spend.cost_usd(),
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

pub(super) fn ms(since: Instant) -> u64 {
    since.elapsed().as_millis().try_into().unwrap_or(u64::MAX)
}
