//! ticket-agent-lab: the proving ground of ticket-agent. Nothing here is deployed;
//! everything here drives the product crate from outside, the way traffic, a model
//! server and faults would.
//!
//! # Map
//! - [`traffic`]: generated tickets with ground-truth labels (`ticket-agent-lab gen`).
//! - [`fake_llm`]: an OpenAI-compatible model server with latency and injected errors
//!   (`ticket-agent-lab fake-llm`).
//! - [`bench`]: the numbers of docs/benchmarks.md (`ticket-agent-lab bench`, and the
//!   bare broker loop `bench-loop` it runs as a child).
//! - [`embedding_bench`]: what the sentence encoder costs `process`, candle's against
//!   the packed one (`ticket-agent-lab bench-embedding`).
//! - [`encoder_peers`]: the encoders alone on the same texts, beside sentence-transformers
//!   (`bench-embedding --peer-python`).
//! - [`ingest_bench`]: the ingest API's throughput with confirms against the bare
//!   publish limit (`ticket-agent-lab bench-ingest`).
//! - [`profile`]: the worker's and the bare loop's instructions per ticket under
//!   callgrind (`ticket-agent-lab profile`), and its heap at the peak of many tickets
//!   in flight under heaptrack or dhat (`ticket-agent-lab heap`).
//! - [`chaos`]: nothing lost, nothing done twice, under killed workers and restarted
//!   brokers (`ticket-agent-lab chaos`).
//! - [`eval_worlds`]: the eval worlds, their cases and the articles their labels name.
//! - [`intent_corpus`]: intent by meaning learned from the eval worlds' labels, and the
//!   product's labelled bank written from them (`ticket-agent-lab intent`).
//! - [`first_tier`]: how much the cascade's first tier keeps and how precise it is, per
//!   world (`ticket-agent-lab first-tier`).
//! - [`relevance_calibration`]: the numbers behind verification's relevance bar
//!   (`ticket-agent-lab relevance-calibration`).
//! - [`scripted_llm`]: an oracle and a liar behind OpenAI's wire format, scripted
//!   from the eval cases.
//! - [`verifier`]: verification measured against them over every eval world
//!   (`ticket-agent-lab verifier`).
//! - [`proc`]: the child processes bench and chaos run, signal and measure.
//! - [`pgdb`]: the scratch PostgreSQL database a run's approvals service keeps.
//! - [`pgserver`]: a PostgreSQL server of a run's own, for a run that crashes its
//!   database.

pub mod answer_calibration;
pub mod bench;
pub mod chaos;
pub mod embedding_bench;
pub mod encoder_peers;
pub mod eval_worlds;
pub mod fake_llm;
pub mod first_tier;
pub mod ingest_bench;
pub mod intent_corpus;
pub mod pgdb;
pub mod pgserver;
pub mod proc;
pub mod profile;
pub mod relevance_calibration;
pub mod scripted_llm;
pub mod traffic;
pub mod verifier;
