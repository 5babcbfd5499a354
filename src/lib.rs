//! ticket-agent: a support-ticket agent worker. Every ticket ends in exactly one
//! verified outcome — resolved, refund proposed (waiting for a human), or escalated
//! with a reason — and the agent never moves money or sends mail itself.
//!
//! # Layout
//! - [`ticket`], [`outcome`]: the bounded input and output.
//! - [`tools`]: the five tool contracts and their implementations; gating starts here.
//! - [`commerce`]: the backend trait and the embedded shop; [`money`] for amounts.
//! - [`model`]: the `ChatModel` trait, the offline rules model, the HTTP providers.
//! - [`agent`]: the loop, the budget, the prompt, verification against the trace.
//! - [`actions`], [`idempotency`]: pending actions and exactly-once execution.
//! - [`queue`]: RabbitMQ topology, messages, the worker and `submit`.
//! - [`approvals`]: the pending store, decisions, the console and API, the service.
//! - [`process`]: the embedded main job (JSON Lines in, outcomes out).
//! - [`eval`]: the eval set's runner and metrics.
//! - [`app`]: builds the pieces from [`config::Settings`], as production and tests do.
//! - [`metrics`], [`telemetry`]: Prometheus metrics, health endpoints, logs and redaction.

pub mod agent;
pub mod app;
pub mod approvals;
pub mod backoff;
pub mod cli;
pub mod commerce;
pub mod config;
pub mod conversation;
pub mod domain;
pub mod eval;
pub mod executor;
pub mod http;
pub mod idempotency;
pub mod kv;
pub mod metrics;
pub mod model;
pub mod process;
pub mod prompt;
pub mod queue;
pub mod telemetry;
pub mod tools;
