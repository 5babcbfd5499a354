//! Prometheus metrics and the health endpoints of the long-running commands.
//!
//! One process-global registry ([`global`]) holds every metric the project exports: the
//! places that record (the agent loop, the model providers' HTTP retries, the worker,
//! the approvals service, the ingest API) are spread across modules and some of them (`model::http`)
//! are built far from any handle a caller could pass, and a process runs exactly one
//! worker or one approvals service in production. The price is that tests in one
//! process share the registry: they assert on *deltas* (read before, read after) or on
//! label values no other test produces, never on absolute values. Every metric name is
//! spelled out in full here, prefixed `ticket_agent_`, and documented in
//! docs/operations.md with the alerts built on them.
//!
//! The HTTP side is [`router`]: `/metrics` (the Prometheus text format), `/healthz`
//! (the process answers: always 200) and `/readyz` (200 only when the RabbitMQ channel
//! is open and Redis answers `PING`; otherwise 503 with a JSON body naming what is
//! down). Readiness is asked of a [`ReadyCheck`] each command implements over its own
//! connections. The approvals service merges [`probe_routes`] into its console's
//! router, which has its own `/healthz`.

use std::sync::{Arc, LazyLock};
use std::time::Duration;

use async_trait::async_trait;
use axum::Router;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use prometheus::{
    CounterVec, Encoder, Gauge, GaugeVec, HistogramOpts, HistogramVec, IntCounter, IntCounterVec,
    IntGauge, IntGaugeVec, Opts, Registry, TextEncoder,
};
use serde::Serialize;

/// Buckets of the per-ticket duration, in seconds: from a cached duplicate to a ticket
/// that waited minutes on a rate-limited model.
const TICKET_BUCKETS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0,
];

/// Buckets of one model request (retries inside the call included), in seconds.
const MODEL_BUCKETS: &[f64] = &[
    0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0, 120.0,
];

/// Buckets of one ingest request, in seconds: a refusal before any I/O, a confirm on a
/// quiet broker, a batch of hundreds under load.
const INGEST_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// Buckets of one agent run's cost, in USD: from a cached short ticket on a small
/// model to a long one on a large model.
const TICKET_COST_BUCKETS: &[f64] = &[
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
];

/// What one successful model call spent, in plain numbers (this module knows no
/// conversation types).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ModelSpend {
    /// Prompt tokens, cached ones included.
    pub input_tokens: u64,
    /// Completion tokens.
    pub output_tokens: u64,
    /// Of the prompt tokens, those written to the provider's prompt cache.
    pub cache_creation_input_tokens: u64,
    /// Of the prompt tokens, those read from it.
    pub cache_read_input_tokens: u64,
    /// What they cost at the configured prices.
    pub cost_usd: f64,
}

/// Every metric the project exports, registered in one registry.
pub struct Metrics {
    registry: Registry,
    /// `ticket_agent_tickets_total{outcome, category}`: tickets finished by a worker
    /// (the done record written), by outcome and escalation category (`none` unless
    /// escalated).
    pub tickets: IntCounterVec,
    /// `ticket_agent_ticket_duration_seconds{outcome}`: wall time of a finished ticket
    /// in the worker, from its delivery to its done record.
    pub ticket_duration: HistogramVec,
    /// `ticket_agent_deliveries_total{disposition}`: deliveries settled, by what was
    /// done with them (`ack`, `duplicate`, `retry`, `busy`, `dead_letter`, `requeue`).
    pub deliveries: IntCounterVec,
    /// `ticket_agent_publish_refused_total`: publishes the broker refused (nack, or no
    /// confirm in time) that the worker tried again while holding the delivery; a run
    /// of them is a queue without a leader (a cluster node lost).
    pub publish_refused: IntCounter,
    /// `ticket_agent_tickets_in_flight`: deliveries this worker is handling now.
    pub in_flight: IntGauge,
    /// `ticket_agent_ticket_retries_total{tier}`: delayed retries scheduled, by tier
    /// (`1`, `2`, …).
    pub retries: IntCounterVec,
    /// `ticket_agent_dead_letters_total{reason}`: messages the worker dead-lettered, by
    /// `x-dead-reason` (the broker's own dead letters at the delivery limit are not
    /// seen by any worker: watch the dead queue's depth for those).
    pub dead_letters: IntCounterVec,
    /// `ticket_agent_kb_search_mode{mode}`: workers in this process whose `kb_search`
    /// runs `hybrid` (BM25 + the embedding model) or `lexical` (BM25 alone); one worker
    /// per process in production, so 1 on one mode and 0 on the other.
    pub kb_search_mode: IntGaugeVec,
    /// `ticket_agent_tool_calls_total{tool, status}`: tool calls in the agent loop, by
    /// tool (`unknown` for a name the model made up) and status.
    pub tool_calls: IntCounterVec,
    /// `ticket_agent_model_requests_total{provider, status}`: model calls by the agent
    /// loop, by provider and `ok` / `transient_error` / `permanent_error`.
    pub model_requests: IntCounterVec,
    /// `ticket_agent_model_request_duration_seconds{provider}`: latency of one model
    /// call, the provider's own retries included.
    pub model_latency: HistogramVec,
    /// `ticket_agent_model_retries_total{provider}`: HTTP retries inside model calls
    /// (429, 5xx, 529, timeouts): the early sign of a rate limit.
    pub model_retries: IntCounterVec,
    /// `ticket_agent_model_rate_limited_total{provider}`: responses answered 429 (quota
    /// exhaustion included), whether or not the call was retried.
    pub model_rate_limited: IntCounterVec,
    /// `ticket_agent_model_limiter_wait_seconds{provider}`: how long one call waited
    /// for the fleet's budget (`model.limits`) and its concurrency cap before it was sent.
    pub limiter_wait: HistogramVec,
    /// `ticket_agent_model_budget_saturation{provider}`: the share of the tightest
    /// provider budget in use (1 - remaining / limit, requests or tokens), as the last
    /// response's rate-limit headers said.
    pub limiter_saturation: GaugeVec,
    /// `ticket_agent_model_tokens_total{provider, direction}`: tokens, `input` or
    /// `output`.
    pub tokens: IntCounterVec,
    /// `ticket_agent_model_cost_usd_total{provider, model}`: cost at the configured
    /// prices.
    pub cost_usd: CounterVec,
    /// `ticket_agent_model_cached_tokens_total{provider, model, kind}`: prompt tokens
    /// the provider's cache wrote (`write`) or served (`read`); a part of the `input`
    /// of `ticket_agent_model_tokens_total`, not added to it.
    pub cached_tokens: IntCounterVec,
    /// `ticket_agent_ticket_cost_usd`: the cost of one agent run (one attempt at a
    /// ticket), every model it used together.
    pub ticket_cost: HistogramVec,
    /// `ticket_agent_model_breaker_state{provider, model}`: a chain's breaker per
    /// provider: 0 closed, 1 open, 2 half-open (its probe out).
    pub breaker: IntGaugeVec,
    /// `ticket_agent_model_fallbacks_total{provider, model}`: calls a chain moved past
    /// this provider after it failed.
    pub fallbacks: IntCounterVec,
    /// `ticket_agent_cascade_tickets_total{tier}`: runs of a ticket answered by each tier
    /// of a cascade (`model.provider = "cascade"`).
    pub cascade_tickets: IntCounterVec,
    /// `ticket_agent_cascade_declined_total{tier, reason}`: answers a tier did not keep,
    /// by its reason code; the ticket went on to the next tier.
    pub cascade_declined: IntCounterVec,
    /// `ticket_agent_tickets_queue_ready`: ready messages in the tickets queue, polled
    /// by the worker (the autoscaling signal).
    pub queue_ready: IntGauge,
    /// `ticket_agent_tickets_queue_consumers`: consumers on the tickets queue, polled
    /// with the depth.
    pub queue_consumers: IntGauge,
    /// `ticket_agent_tickets_queue_oldest_age_seconds`: how long the message at the
    /// head of the tickets queue has waited since `x-submitted-at`, as of the last
    /// delivery this worker took; 0 once the queue is empty.
    pub queue_oldest_age: Gauge,
    /// `ticket_agent_approvals_pending`: actions waiting for a reviewer.
    pub approvals_pending: IntGauge,
    /// `ticket_agent_approvals_oldest_pending_age_seconds`: how long the oldest pending
    /// action has waited since the agent proposed it (0 when none waits).
    pub approvals_oldest_pending_age: Gauge,
    /// `ticket_agent_approvals_decided_total{decision}`: `approved`, `rejected`,
    /// `expired`.
    pub approvals_decided: IntCounterVec,
    /// `ticket_agent_approvals_executed_total{tool, status}`: approved actions settled,
    /// once each by the process that settled it: `executed`, `failed` (it did not
    /// happen: refused for good, eligibility changed, given up), `unknown` (given up
    /// after calls whose outcome nobody knows); and `pending`, once per attempt that
    /// failed transiently (retried after a backoff).
    pub approvals_executed: IntCounterVec,
    /// `ticket_agent_approvals_approved_unexecuted`: approved actions not executed yet
    /// (executing, or retrying while the backend fails).
    pub approvals_unexecuted: IntGauge,
    /// `ticket_agent_approvals_oldest_approved_unexecuted_age_seconds`: how long ago the
    /// oldest of them was approved (0 when none).
    pub approvals_oldest_unexecuted_age: Gauge,
    /// `ticket_agent_approvals_pending_by_tool{tool}`: actions waiting, per gated tool.
    pub approvals_pending_by_tool: IntGaugeVec,
    /// `ticket_agent_approvals_oldest_pending_age_by_tool_seconds{tool}`: the oldest
    /// wait per gated tool.
    pub approvals_oldest_pending_age_by_tool: GaugeVec,
    /// `ticket_agent_approvals_decisions_by_author_total{author_kind}`: decisions taken
    /// by a `human` reviewer, a `policy`, or the `system` (expiry).
    pub approvals_decisions_by_author: IntCounterVec,
    /// `ticket_agent_approvals_auto_approved_usd_today`: dollars auto-approved by
    /// policies since 00:00 UTC, read from the database at each sweep.
    pub approvals_auto_approved_usd_today: Gauge,
    /// `ticket_agent_approvals_notifications_total`: webhook notifications of approvals,
    /// by `event` (`approval.needs_review`, `approval.expired`), `shape` (`json`,
    /// `slack`, `all` for a drop) and `result` (`sent`, `failed`, `dropped`).
    pub approvals_notifications: IntCounterVec,
    /// `ticket_agent_ingest_accepted_total`: tickets the ingest API published and the
    /// broker confirmed.
    pub ingest_accepted: IntCounter,
    /// `ticket_agent_ingest_deduplicated_total`: tickets answered from an earlier
    /// acceptance (a sender's retry, or a repeat within one batch); nothing published.
    pub ingest_deduplicated: IntCounter,
    /// `ticket_agent_ingest_rejected_total{reason}`: tickets the ingest API did not
    /// accept, by reason (`malformed`, `missing`, `too_long`, `bad_id`, `conflict`,
    /// `in_progress`, `overloaded`, `broker_unavailable`, `store_unavailable`); and
    /// requests refused before their tickets were read (`unauthorized`, `too_large`,
    /// `unsupported_media_type`, `bad_request`).
    pub ingest_rejected: IntCounterVec,
    /// `ticket_agent_ingest_ignored_total{reason}`: signed webhooks answered and never
    /// queued, by reason (`event_type`: an event the ingest API does not take;
    /// `private_comment`, `staff_comment`, `other_author`, `first_comment`: a comment that
    /// is not the customer's new message).
    pub ingest_ignored: IntCounterVec,
    /// `ticket_agent_ingest_request_duration_seconds{status}`: time to answer one
    /// `POST /v1/tickets` (confirms included), by HTTP status.
    pub ingest_latency: HistogramVec,
    /// `ticket_agent_ingest_in_flight`: tickets admitted and not yet answered (bounded
    /// by `ingest.max_in_flight`).
    pub ingest_in_flight: IntGauge,
    /// `ticket_agent_auth_refusals_total{door, reason}`: requests a sign-in door refused
    /// (`approvals`, `dead_letters`, `ingest`; `bad_credential`: 401, `rate_limited`:
    /// 429 after too many failures from the address or with the token).
    pub auth_refusals: IntCounterVec,
}

fn counter(registry: &Registry, name: &str, help: &str, labels: &[&str]) -> IntCounterVec {
    let c = IntCounterVec::new(Opts::new(name, help), labels).expect("a valid metric");
    registry
        .register(Box::new(c.clone()))
        .expect("registered once");
    c
}

fn histogram(
    registry: &Registry,
    name: &str,
    help: &str,
    labels: &[&str],
    buckets: &[f64],
) -> HistogramVec {
    let h = HistogramVec::new(
        HistogramOpts::new(name, help).buckets(buckets.to_vec()),
        labels,
    )
    .expect("a valid metric");
    registry
        .register(Box::new(h.clone()))
        .expect("registered once");
    h
}

fn int_counter(registry: &Registry, name: &str, help: &str) -> IntCounter {
    let c = IntCounter::new(name, help).expect("a valid metric");
    registry
        .register(Box::new(c.clone()))
        .expect("registered once");
    c
}

fn int_gauge(registry: &Registry, name: &str, help: &str) -> IntGauge {
    let g = IntGauge::new(name, help).expect("a valid metric");
    registry
        .register(Box::new(g.clone()))
        .expect("registered once");
    g
}

fn gauge(registry: &Registry, name: &str, help: &str) -> Gauge {
    let g = Gauge::new(name, help).expect("a valid metric");
    registry
        .register(Box::new(g.clone()))
        .expect("registered once");
    g
}

impl Metrics {
    /// A fresh registry with every metric at zero (the process uses [`global`]).
    pub fn new() -> Self {
        let r = Registry::new();
        let cost_usd = CounterVec::new(
            Opts::new(
                "ticket_agent_model_cost_usd_total",
                "Model cost in USD at the configured prices.",
            ),
            &["provider", "model"],
        )
        .expect("a valid metric");
        r.register(Box::new(cost_usd.clone()))
            .expect("registered once");
        Self {
            tickets: counter(
                &r,
                "ticket_agent_tickets_total",
                "Tickets finished, by outcome and escalation category.",
                &["outcome", "category"],
            ),
            ticket_duration: histogram(
                &r,
                "ticket_agent_ticket_duration_seconds",
                "Wall time of a finished ticket in the worker.",
                &["outcome"],
                TICKET_BUCKETS,
            ),
            deliveries: counter(
                &r,
                "ticket_agent_deliveries_total",
                "Deliveries settled, by disposition.",
                &["disposition"],
            ),
            publish_refused: int_counter(
                &r,
                "ticket_agent_publish_refused_total",
                "Publishes the broker refused that the worker tried again, holding the delivery.",
            ),
            in_flight: int_gauge(
                &r,
                "ticket_agent_tickets_in_flight",
                "Deliveries being handled now.",
            ),
            retries: counter(
                &r,
                "ticket_agent_ticket_retries_total",
                "Delayed retries scheduled, by tier.",
                &["tier"],
            ),
            dead_letters: counter(
                &r,
                "ticket_agent_dead_letters_total",
                "Messages dead-lettered by the worker, by reason.",
                &["reason"],
            ),
            kb_search_mode: {
                let g = IntGaugeVec::new(
                    Opts::new(
                        "ticket_agent_kb_search_mode",
                        "Workers whose kb_search runs hybrid (BM25 + embeddings) or lexical (BM25 alone).",
                    ),
                    &["mode"],
                )
                .expect("a valid metric");
                r.register(Box::new(g.clone())).expect("registered once");
                g
            },
            tool_calls: counter(
                &r,
                "ticket_agent_tool_calls_total",
                "Tool calls in the agent loop, by tool and status.",
                &["tool", "status"],
            ),
            model_requests: counter(
                &r,
                "ticket_agent_model_requests_total",
                "Model calls by the agent loop, by provider and status.",
                &["provider", "status"],
            ),
            model_latency: histogram(
                &r,
                "ticket_agent_model_request_duration_seconds",
                "Latency of one model call, retries included.",
                &["provider"],
                MODEL_BUCKETS,
            ),
            model_rate_limited: counter(
                &r,
                "ticket_agent_model_rate_limited_total",
                "Model responses answered 429, by provider.",
                &["provider"],
            ),
            limiter_wait: histogram(
                &r,
                "ticket_agent_model_limiter_wait_seconds",
                "Time one model call waited for the fleet's budget, by provider.",
                &["provider"],
                MODEL_BUCKETS,
            ),
            limiter_saturation: {
                let g = GaugeVec::new(
                    Opts::new(
                        "ticket_agent_model_budget_saturation",
                        "Share of the tightest provider budget in use, from its rate-limit headers.",
                    ),
                    &["provider"],
                )
                .expect("a valid metric");
                r.register(Box::new(g.clone())).expect("registered once");
                g
            },
            model_retries: counter(
                &r,
                "ticket_agent_model_retries_total",
                "HTTP retries inside model calls, by provider.",
                &["provider"],
            ),
            tokens: counter(
                &r,
                "ticket_agent_model_tokens_total",
                "Model tokens, by provider and direction (input, output).",
                &["provider", "direction"],
            ),
            cost_usd,
            cached_tokens: counter(
                &r,
                "ticket_agent_model_cached_tokens_total",
                "Prompt tokens written to (write) or read from (read) the provider's prompt cache.",
                &["provider", "model", "kind"],
            ),
            ticket_cost: histogram(
                &r,
                "ticket_agent_ticket_cost_usd",
                "Cost of one agent run (one attempt at a ticket) in USD.",
                &[],
                TICKET_COST_BUCKETS,
            ),
            breaker: {
                let g = IntGaugeVec::new(
                    Opts::new(
                        "ticket_agent_model_breaker_state",
                        "A chain's circuit breaker per provider: 0 closed, 1 open, 2 half-open.",
                    ),
                    &["provider", "model"],
                )
                .expect("a valid metric");
                r.register(Box::new(g.clone())).expect("registered once");
                g
            },
            fallbacks: counter(
                &r,
                "ticket_agent_model_fallbacks_total",
                "Calls a chain moved past this provider after it failed.",
                &["provider", "model"],
            ),
            cascade_tickets: counter(
                &r,
                "ticket_agent_cascade_tickets_total",
                "Ticket runs answered by each tier of a model cascade.",
                &["tier"],
            ),
            cascade_declined: counter(
                &r,
                "ticket_agent_cascade_declined_total",
                "Answers a cascade tier did not keep, by tier and reason; the next tier ran the ticket.",
                &["tier", "reason"],
            ),
            queue_ready: int_gauge(
                &r,
                "ticket_agent_tickets_queue_ready",
                "Ready messages in the tickets queue.",
            ),
            queue_consumers: int_gauge(
                &r,
                "ticket_agent_tickets_queue_consumers",
                "Consumers on the tickets queue.",
            ),
            queue_oldest_age: gauge(
                &r,
                "ticket_agent_tickets_queue_oldest_age_seconds",
                "Age of the message at the head of the tickets queue (since x-submitted-at).",
            ),
            approvals_pending: int_gauge(
                &r,
                "ticket_agent_approvals_pending",
                "Actions waiting for a reviewer.",
            ),
            approvals_oldest_pending_age: gauge(
                &r,
                "ticket_agent_approvals_oldest_pending_age_seconds",
                "Age of the oldest pending action.",
            ),
            approvals_decided: counter(
                &r,
                "ticket_agent_approvals_decided_total",
                "Decisions, by decision (approved, rejected, expired).",
                &["decision"],
            ),
            approvals_executed: counter(
                &r,
                "ticket_agent_approvals_executed_total",
                "Executions of approved actions, by tool and status.",
                &["tool", "status"],
            ),
            approvals_unexecuted: int_gauge(
                &r,
                "ticket_agent_approvals_approved_unexecuted",
                "Approved actions not executed yet (executing, or retrying while the backend fails).",
            ),
            approvals_oldest_unexecuted_age: gauge(
                &r,
                "ticket_agent_approvals_oldest_approved_unexecuted_age_seconds",
                "How long ago the oldest approved action not executed yet was approved.",
            ),
            approvals_pending_by_tool: {
                let g = IntGaugeVec::new(
                    Opts::new(
                        "ticket_agent_approvals_pending_by_tool",
                        "Actions waiting for a reviewer, by gated tool.",
                    ),
                    &["tool"],
                )
                .expect("a valid metric");
                r.register(Box::new(g.clone())).expect("registered once");
                g
            },
            approvals_oldest_pending_age_by_tool: {
                let g = GaugeVec::new(
                    Opts::new(
                        "ticket_agent_approvals_oldest_pending_age_by_tool_seconds",
                        "Age of the oldest pending action, by gated tool.",
                    ),
                    &["tool"],
                )
                .expect("a valid metric");
                r.register(Box::new(g.clone())).expect("registered once");
                g
            },
            approvals_decisions_by_author: counter(
                &r,
                "ticket_agent_approvals_decisions_by_author_total",
                "Decisions, by who took them (human, policy, system).",
                &["author_kind"],
            ),
            approvals_auto_approved_usd_today: gauge(
                &r,
                "ticket_agent_approvals_auto_approved_usd_today",
                "Dollars auto-approved by policies since 00:00 UTC.",
            ),
            approvals_notifications: counter(
                &r,
                "ticket_agent_approvals_notifications_total",
                "Webhook notifications of approvals, by event, shape and result (sent, failed, dropped).",
                &["event", "shape", "result"],
            ),
            ingest_accepted: int_counter(
                &r,
                "ticket_agent_ingest_accepted_total",
                "Tickets the ingest API published, confirmed by the broker.",
            ),
            ingest_deduplicated: int_counter(
                &r,
                "ticket_agent_ingest_deduplicated_total",
                "Tickets answered from an earlier acceptance; nothing published.",
            ),
            auth_refusals: counter(
                &r,
                "ticket_agent_auth_refusals_total",
                "Requests a sign-in door refused, by door and reason (bad_credential, rate_limited).",
                &["door", "reason"],
            ),
            ingest_rejected: counter(
                &r,
                "ticket_agent_ingest_rejected_total",
                "Tickets (or whole requests) the ingest API refused, by reason.",
                &["reason"],
            ),
            ingest_ignored: counter(
                &r,
                "ticket_agent_ingest_ignored_total",
                "Signed webhooks answered and not queued (not a ticket, or not the customer's comment), by reason.",
                &["reason"],
            ),
            ingest_latency: histogram(
                &r,
                "ticket_agent_ingest_request_duration_seconds",
                "Time to answer one ingest request, by HTTP status.",
                &["status"],
                INGEST_BUCKETS,
            ),
            ingest_in_flight: int_gauge(
                &r,
                "ticket_agent_ingest_in_flight",
                "Tickets admitted by the ingest API and not yet answered.",
            ),
            registry: r,
        }
    }

    /// The build's gauge and the process collector's `process_*` (Linux), registered
    /// once with the registry.
    fn with_process_and_build(self) -> Self {
        let build = IntGaugeVec::new(
            Opts::new(
                "ticket_agent_build_info",
                "The running build: always 1, labelled with its version.",
            ),
            &["version"],
        )
        .expect("a valid gauge");
        build.with_label_values(&[env!("CARGO_PKG_VERSION")]).set(1);
        self.registry
            .register(Box::new(build))
            .expect("registered once");
        #[cfg(target_os = "linux")]
        self.registry
            .register(Box::new(
                prometheus::process_collector::ProcessCollector::for_self(),
            ))
            .expect("registered once");
        self
    }

    /// Everything in the Prometheus text exposition format.
    pub fn render(&self) -> String {
        encode(&self.registry.gather())
    }

    /// What a process of `role` exports: its own families, the process's (`process_*`)
    /// and the build's; not the other roles' at zero.
    pub fn render_for(&self, role: Role) -> String {
        let families: Vec<_> = self
            .registry
            .gather()
            .into_iter()
            .filter(|f| role.exports(f.name()))
            .collect();
        encode(&families)
    }

    /// Records one model call made by the agent loop. `label` is the model's label
    /// (`anthropic:claude-…`); its provider part is the label value.
    pub fn model_call(
        &self,
        label: &str,
        status: &str,
        latency: Duration,
        spend: Option<ModelSpend>,
    ) {
        let provider = provider_of(label);
        self.model_requests
            .with_label_values(&[provider, status])
            .inc();
        self.model_latency
            .with_label_values(&[provider])
            .observe(latency.as_secs_f64());
        if let Some(spend) = spend {
            self.tokens
                .with_label_values(&[provider, "input"])
                .inc_by(spend.input_tokens);
            self.tokens
                .with_label_values(&[provider, "output"])
                .inc_by(spend.output_tokens);
            for (kind, tokens) in [
                ("write", spend.cache_creation_input_tokens),
                ("read", spend.cache_read_input_tokens),
            ] {
                if tokens > 0 {
                    self.cached_tokens
                        .with_label_values(&[provider, model_of(label), kind])
                        .inc_by(tokens);
                }
            }
            if spend.cost_usd > 0.0 {
                self.cost_usd
                    .with_label_values(&[provider, model_of(label)])
                    .inc_by(spend.cost_usd);
            }
        }
    }

    /// Records what one agent run cost.
    pub fn ticket_cost(&self, cost_usd: f64) {
        self.ticket_cost
            .with_label_values::<&str>(&[])
            .observe(cost_usd);
    }

    /// Records the breaker state of a chain's provider `label`.
    pub fn breaker_state(&self, label: &str, state: &str) {
        let value = match state {
            "open" => 1,
            "half_open" => 2,
            _ => 0,
        };
        self.breaker
            .with_label_values(&[provider_of(label), model_of(label)])
            .set(value);
    }

    /// Makes provider `label`'s fallback count a series (at 0) before its first fallback.
    pub fn model_fallbacks_seen(&self, label: &str) {
        self.fallbacks
            .with_label_values(&[provider_of(label), model_of(label)]);
    }

    /// Counts a call a chain moved past provider `label`.
    pub fn model_fallback(&self, label: &str) {
        self.fallbacks
            .with_label_values(&[provider_of(label), model_of(label)])
            .inc();
    }

    /// Counts a delivery as in flight until the guard is dropped.
    pub fn in_flight(&self) -> InFlight<'_> {
        self.in_flight.inc();
        InFlight(&self.in_flight)
    }

    /// Counts a worker whose `kb_search` runs in `mode` until the guard is dropped; the
    /// other mode's series is created at 0, so that an alert on
    /// `ticket_agent_kb_search_mode{mode="lexical"} > 0` has a series from the start.
    /// A count rather than a flag: the tests run many workers in one process.
    pub fn kb_search_running(&self, mode: SearchKind) -> SearchModeGuard {
        for kind in [SearchKind::Hybrid, SearchKind::Lexical] {
            self.kb_search_mode.with_label_values(&[kind.as_str()]);
        }
        let gauge = self.kb_search_mode.with_label_values(&[mode.as_str()]);
        gauge.inc();
        SearchModeGuard(gauge)
    }
}

/// How a process's `kb_search` searches: the `mode` label of
/// `ticket_agent_kb_search_mode` and the `search` field of the worker's `/readyz`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchKind {
    /// BM25 fused with the sentence-embedding model's cosine ranking.
    Hybrid,
    /// BM25 alone.
    Lexical,
}

impl SearchKind {
    /// `hybrid` or `lexical`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Hybrid => "hybrid",
            Self::Lexical => "lexical",
        }
    }
}

/// Holds one worker in [`Metrics::kb_search_mode`]; dropping it takes it out.
pub struct SearchModeGuard(IntGauge);

impl Drop for SearchModeGuard {
    fn drop(&mut self) {
        self.0.dec();
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

/// Holds one in-flight delivery in [`Metrics::in_flight`]; dropping it (also on a
/// panic) takes it out.
pub struct InFlight<'a>(&'a IntGauge);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// The provider part of a model label: `anthropic` of `anthropic:claude-sonnet-4-5`.
pub fn provider_of(label: &str) -> &str {
    label.split(':').next().unwrap_or(label)
}

/// The model part of a model label: `claude-sonnet-4-5` of
/// `anthropic:claude-sonnet-4-5`, `qwen2.5:7b` of `openai:qwen2.5:7b`; the label itself
/// when it has no provider part (`rules`).
pub fn model_of(label: &str) -> &str {
    label.split_once(':').map_or(label, |(_, model)| model)
}

fn encode(families: &[prometheus::proto::MetricFamily]) -> String {
    let mut out = Vec::new();
    TextEncoder::new()
        .encode(families, &mut out)
        .expect("the text encoder writes to memory");
    String::from_utf8(out).expect("the text format is UTF-8")
}

/// Which long-running command a `/metrics` endpoint belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// `ticket-agent worker`.
    Worker,
    /// `ticket-agent approvals serve` (its console included).
    Approvals,
    /// `ticket-agent ingest serve`.
    Ingest,
    /// `ticket-agent connector …`.
    Connector,
}

impl Role {
    /// Whether a process of this role exports the family `name`.
    pub fn exports(self, name: &str) -> bool {
        let Some(ours) = name.strip_prefix("ticket_agent_") else {
            // The process collector's `process_*`.
            return true;
        };
        let any = |prefixes: &[&str]| prefixes.iter().any(|p| ours.starts_with(p));
        match self {
            _ if ours == "build_info" => true,
            Role::Worker => any(&[
                "tickets_",
                "ticket_",
                "kb_search_",
                "tool_calls_",
                "model_",
                "cascade_",
                "deliveries_",
                "dead_letters_",
                "publish_refused_",
            ]),
            Role::Approvals => any(&["approvals_", "auth_", "publish_refused_"]),
            Role::Ingest => any(&["ingest_", "auth_"]),
            Role::Connector => any(&["publish_refused_"]),
        }
    }
}

static GLOBAL: LazyLock<Metrics> = LazyLock::new(|| Metrics::new().with_process_and_build());

/// The process-global metrics (see the module doc for why there is one).
pub fn global() -> &'static Metrics {
    &GLOBAL
}

/// What `/readyz` found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Readiness {
    /// The RabbitMQ channel is open.
    pub rabbitmq: bool,
    /// Redis answered `PING`.
    pub redis: bool,
    /// PostgreSQL answered, for the commands that keep a database (the approvals
    /// service); `None` for the others.
    pub postgres: Option<bool>,
}

impl Readiness {
    /// Both dependencies answer.
    pub fn ready(&self) -> bool {
        self.rabbitmq && self.redis && self.postgres.unwrap_or(true)
    }

    fn body(&self) -> serde_json::Value {
        let word = |up: bool| if up { "up" } else { "down" };
        let mut down = Vec::new();
        if !self.rabbitmq {
            down.push("rabbitmq");
        }
        if !self.redis {
            down.push("redis");
        }
        if self.postgres == Some(false) {
            down.push("postgres");
        }
        let mut body = serde_json::json!({
            "status": if self.ready() { "ready" } else { "unready" },
            "rabbitmq": word(self.rabbitmq),
            "redis": word(self.redis),
            "down": down,
        });
        if let Some(up) = self.postgres {
            body["postgres"] = word(up).into();
        }
        body
    }
}

/// How long `/readyz` waits for a dependency before calling it down.
pub const READY_TIMEOUT: Duration = Duration::from_secs(2);

/// Asks a long-running command whether its dependencies answer.
#[async_trait]
pub trait ReadyCheck: Send + Sync {
    /// The state of RabbitMQ and Redis now; each check bounded by [`READY_TIMEOUT`].
    async fn readiness(&self) -> Readiness;

    /// Facts `/readyz` reports beside the dependencies without deciding readiness by
    /// them (the worker's `search`: `hybrid` or `lexical`); none by default.
    fn details(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

/// `/metrics` (what `role` exports) and `/readyz`, to merge into a router that has its
/// own `/healthz`.
pub fn probe_routes(ready: Arc<dyn ReadyCheck>, role: Role) -> Router {
    Router::new()
        .route("/metrics", get(move || metrics_page(role)))
        .route(
            "/readyz",
            get(move || {
                let ready = ready.clone();
                async move { readyz(ready.as_ref()).await }
            }),
        )
}

/// `/metrics`, `/healthz` and `/readyz`: the whole endpoint of a worker or a connector.
pub fn router(ready: Arc<dyn ReadyCheck>, role: Role) -> Router {
    probe_routes(ready, role).route("/healthz", get(|| async { "ok" }))
}

async fn metrics_page(role: Role) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        global().render_for(role),
    )
        .into_response()
}

async fn readyz(check: &dyn ReadyCheck) -> Response {
    let r = check.readiness().await;
    let status = if r.ready() {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let mut body = r.body();
    for (key, value) in check.details() {
        body[key] = value.into();
    }
    (status, axum::Json(body)).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_role_exports_its_own_families_with_the_build_and_the_process_but_not_the_others() {
        let m = Metrics::new().with_process_and_build();
        let families = |text: &str| -> Vec<String> {
            text.lines()
                .filter_map(|l| l.strip_prefix("# TYPE "))
                .filter_map(|l| l.split_whitespace().next().map(str::to_string))
                .collect()
        };
        let worker = families(&m.render_for(Role::Worker));
        assert!(worker.iter().any(|f| f == "ticket_agent_tickets_in_flight"));
        assert!(worker.iter().any(|f| f == "ticket_agent_build_info"));
        assert!(
            !worker
                .iter()
                .any(|f| f.starts_with("ticket_agent_approvals_"))
        );
        assert!(!worker.iter().any(|f| f.starts_with("ticket_agent_ingest_")));
        #[cfg(target_os = "linux")]
        assert!(
            worker.iter().any(|f| f == "process_resident_memory_bytes"),
            "{worker:?}"
        );
        let approvals = families(&m.render_for(Role::Approvals));
        assert!(
            approvals
                .iter()
                .any(|f| f == "ticket_agent_approvals_pending")
        );
        assert!(
            !approvals
                .iter()
                .any(|f| f.starts_with("ticket_agent_model_"))
        );
        let ingest = families(&m.render_for(Role::Ingest));
        assert!(ingest.iter().any(|f| f.starts_with("ticket_agent_ingest_")));
        assert!(
            !ingest
                .iter()
                .any(|f| f.starts_with("ticket_agent_tickets_"))
        );
        // Every family belongs to some role: none is exported by nobody.
        let all = families(&m.render());
        for f in &all {
            assert!(
                [Role::Worker, Role::Approvals, Role::Ingest, Role::Connector]
                    .iter()
                    .any(|r| r.exports(f)),
                "{f} is exported by no role"
            );
        }
    }

    #[test]
    fn a_fresh_registry_renders_every_metric_family_by_its_full_name() {
        let m = Metrics::new();
        m.tickets.with_label_values(&["resolved", "none"]).inc();
        m.model_call(
            "anthropic:claude-sonnet-4-5",
            "ok",
            Duration::from_millis(120),
            Some(ModelSpend {
                input_tokens: 1000,
                output_tokens: 50,
                cache_creation_input_tokens: 0,
                cache_read_input_tokens: 800,
                cost_usd: 0.00375,
            }),
        );
        m.ticket_cost(0.00375);
        m.breaker_state("openai:gpt-5-mini", "open");
        m.model_fallback("openai:gpt-5-mini");
        let text = m.render();
        assert!(
            text.contains(r#"ticket_agent_tickets_total{category="none",outcome="resolved"} 1"#),
            "{text}"
        );
        assert!(
            text.contains(
                r#"ticket_agent_model_requests_total{provider="anthropic",status="ok"} 1"#
            )
        );
        assert!(text.contains(
            r#"ticket_agent_model_tokens_total{direction="input",provider="anthropic"} 1000"#
        ));
        assert!(text.contains(
            r#"ticket_agent_model_cost_usd_total{model="claude-sonnet-4-5",provider="anthropic"} 0.00375"#
        ), "{text}");
        assert!(text.contains(
            r#"ticket_agent_model_cached_tokens_total{kind="read",model="claude-sonnet-4-5",provider="anthropic"} 800"#
        ), "{text}");
        assert!(
            !text.contains(r#"kind="write""#),
            "no cache writes, no series: {text}"
        );
        assert!(
            text.contains("ticket_agent_ticket_cost_usd_count 1"),
            "{text}"
        );
        assert!(
            text.contains(
                r#"ticket_agent_model_breaker_state{model="gpt-5-mini",provider="openai"} 1"#
            ),
            "{text}"
        );
        assert!(
            text.contains(
                r#"ticket_agent_model_fallbacks_total{model="gpt-5-mini",provider="openai"} 1"#
            ),
            "{text}"
        );
        assert!(text.contains("ticket_agent_model_request_duration_seconds_bucket"));
        assert!(text.contains("ticket_agent_tickets_in_flight 0"));
    }

    #[test]
    fn the_in_flight_guard_gives_its_delivery_back_when_dropped() {
        let m = Metrics::new();
        let a = m.in_flight();
        let b = m.in_flight();
        assert_eq!(m.in_flight.get(), 2);
        drop(a);
        assert_eq!(m.in_flight.get(), 1);
        drop(b);
        assert_eq!(m.in_flight.get(), 0);
    }

    #[test]
    fn the_search_mode_gauge_counts_running_workers_per_mode_and_only_the_worker_exports_it() {
        let m = Metrics::new();
        let lexical = m.kb_search_running(SearchKind::Lexical);
        let text = m.render_for(Role::Worker);
        assert!(
            text.contains(r#"ticket_agent_kb_search_mode{mode="lexical"} 1"#),
            "{text}"
        );
        assert!(
            text.contains(r#"ticket_agent_kb_search_mode{mode="hybrid"} 0"#),
            "{text}"
        );
        assert!(!m.render_for(Role::Approvals).contains("kb_search_mode"));
        assert!(!m.render_for(Role::Ingest).contains("kb_search_mode"));
        let hybrid = m.kb_search_running(SearchKind::Hybrid);
        drop(lexical);
        let text = m.render_for(Role::Worker);
        assert!(
            text.contains(r#"ticket_agent_kb_search_mode{mode="lexical"} 0"#),
            "{text}"
        );
        assert!(
            text.contains(r#"ticket_agent_kb_search_mode{mode="hybrid"} 1"#),
            "{text}"
        );
        drop(hybrid);
        assert!(
            m.render()
                .contains(r#"ticket_agent_kb_search_mode{mode="hybrid"} 0"#)
        );
    }

    #[tokio::test]
    async fn readyz_carries_the_details_of_its_check_beside_the_dependencies() {
        struct Searching;
        #[async_trait]
        impl ReadyCheck for Searching {
            async fn readiness(&self) -> Readiness {
                Readiness {
                    rabbitmq: true,
                    redis: false,
                    postgres: None,
                }
            }
            fn details(&self) -> Vec<(&'static str, String)> {
                vec![("search", "lexical".into())]
            }
        }
        let response = readyz(&Searching).await;
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 16)
            .await
            .unwrap();
        let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(body["search"], "lexical", "{body}");
        assert_eq!(body["down"], serde_json::json!(["redis"]), "{body}");
    }

    #[test]
    fn the_provider_is_the_part_of_the_label_before_the_colon() {
        assert_eq!(provider_of("openai:qwen2.5:7b"), "openai");
        assert_eq!(provider_of("rules"), "rules");
    }

    #[test]
    fn readiness_names_what_is_down() {
        let r = Readiness {
            rabbitmq: true,
            redis: false,
            postgres: None,
        };
        assert!(!r.ready());
        assert_eq!(r.body()["redis"], "down");
        assert_eq!(r.body()["down"], serde_json::json!(["redis"]));
        assert_eq!(
            Readiness {
                rabbitmq: true,
                redis: true,
                postgres: None,
            }
            .body()["status"],
            "ready"
        );
    }
}
