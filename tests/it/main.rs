//! The integration tests, in one binary: each module is what was a test file of its
//! own, against the local RabbitMQ, Redis and PostgreSQL (each test in its own corner:
//! a unique prefix, key prefix and database, removed after) and test doubles of the
//! outside world that speak its wire formats. One binary links the crate once instead
//! of twenty times. Three stay apart: `tests/metrics.rs` (it reads the process-wide
//! gauges, which the workers of other tests here would move), `tests/console_browser.rs`
//! (a real browser) and `tests/real_model.rs` (a real model, run on its own by
//! `scripts/test`).

#[path = "../common/mod.rs"]
mod common;

mod agent;
mod approvals;
mod architecture;
mod backends;
mod cli;
mod connector;
mod dead_letters_console;
mod dlq;
mod embedding;
mod fallbacks;
mod idempotency;
mod ingest;
mod process_and_eval;
mod provider_loop;
mod providers;
mod rabbitmq_cluster;
mod records;
mod redis_cluster;
mod retrieval;
mod search_mode;
mod threads;
mod tracing_otlp;
mod worker;
