//! ticket-agent: a support-ticket agent worker. Every ticket ends in exactly one
//! verified outcome — resolved, refund proposed (waiting for a human), or escalated
//! with a reason — and the agent never moves money or sends mail itself.
//!
//! # Map
//! From the top; each module uses only modules below it (`tests/it/architecture.rs`
//! checks that no import closes a cycle; docs/architecture.md draws the picture).
//! - [`cli`]: the commands: argument types, one function per command, what they print.
//! - [`eval`]: the eval set's runner and metrics.
//! - [`app`]: one builder per service from [`config::Settings`], for production, the
//!   tests and the lab alike.
//! - [`ingest`]: the HTTP ingest API: tickets in, validated as `submit` does, deduplicated
//!   in Redis, published with confirms (Zendesk's webhook too); its service and OpenAPI
//!   document.
//! - [`connector`]: the back door: outcomes and decisions written back to Zendesk or a
//!   Standard Webhooks receiver, once each, retried and dead-lettered; Zendesk's inbound
//!   webhook read.
//! - [`console`]: the web pages and API humans use: the reviewers' approvals pages, the
//!   operators' dead-letter page, the one sign-in door, the guard.
//! - [`worker`]: one ticket delivery through the agent (the queue runtime's handler),
//!   and the worker process around it.
//! - [`approvals`]: the pending store, the one decision path, policies, the intake and
//!   sweeps.
//! - [`queue`]: RabbitMQ topology, the one consumer and the runtime every consuming
//!   service plugs into, messages, the ticket's Redis records, `submit`, the dead-letter
//!   commands.
//! - [`process`]: the embedded job (JSON Lines in, outcomes out).
//! - [`assembly`]: the agent from settings (world, backend, model, search mode, budget),
//!   for the worker, `process` and `eval` alike.
//! - [`agent`]: the loop, the budget, verification against the trace.
//! - [`model`]: the `ChatModel` trait, the offline rules model, the HTTP providers.
//! - [`executor`]: exactly-once execution of approved actions; the outboxes.
//! - [`tools`]: the five tool contracts and their implementations; gating starts here.
//! - [`commerce`]: the backend trait, the embedded shop, the HTTP backend.
//! - [`idempotency`], [`prompt`]: claims and results of side effects; what the model
//!   reads.
//! - [`kv`], [`http`], [`backoff`], [`auth`], [`endpoint`]: Redis and the lease protocol;
//!   what outbound HTTP clients share; the one jittered backoff and retry; who holds a
//!   bearer token; a URL's `host:port` for errors.
//! - [`config`], [`telemetry`], [`metrics`]: settings and secrets; logs, spans and
//!   redaction; Prometheus metrics and health endpoints.
//! - [`allocator`]: the binary's allocator (mimalloc, or the C library's on request).
//! - [`embedding`]: sentence embeddings, the interface search and intent share.
//! - [`conversation`], [`domain`]: the ground floor: the wire-neutral conversation; the
//!   ticket, its outcome, approval ids and pending actions, money, the clock.

pub mod agent;
pub mod allocator;
pub mod app;
pub mod approvals;
pub mod assembly;
pub mod auth;
pub mod backoff;
pub mod cli;
pub mod commerce;
pub mod config;
pub mod connector;
pub mod console;
pub mod conversation;
pub mod domain;
pub mod embedding;
pub mod endpoint;
pub mod eval;
pub mod executor;
pub mod http;
pub mod idempotency;
pub mod ingest;
pub mod kv;
pub mod metrics;
pub mod model;
pub mod process;
pub mod prompt;
pub mod queue;
pub mod telemetry;
pub mod threads;
pub mod tools;
pub mod worker;
