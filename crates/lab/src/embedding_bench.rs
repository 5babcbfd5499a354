//! `ticket-agent-lab bench-embedding`: what the sentence encoder costs `process` with
//! hybrid search. It owns one measurement: the same `gen` traffic through the product's
//! `process` loop (rules model, hybrid `kb_search`, verification's relevance check),
//! once per encoder in each round, in this one process, the encoders' order alternating
//! from round to round so that neither always runs on a cooler or a busier machine:
//!
//! - `candle`: the encoder as it was, candle's BERT under the process's memo, every
//!   miss taking its turn;
//! - `packed`: the encoder `process` runs now (`embedding::load`): the packed forward
//!   pass under the batcher of the tickets in flight and the memo;
//! - `lexical`: no encoder at all (BM25 alone), the floor of what the rest of a ticket
//!   costs; its outcomes differ by design and are not compared.
//!
//! Each run gets a fresh memo and a fresh shop, so no run reuses another's vectors. CPU
//! is the process's user and system time (`getrusage`), over the timed run only; the
//! two encoders' outcome lines are compared ticket by ticket.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::Context;
use serde::Serialize;

use ticket_agent::commerce::embedded::EmbeddedBackend;
use ticket_agent::config::Settings;
use ticket_agent::embedding::minilm::MiniLm;
use ticket_agent::embedding::packed::PackedBert;
use ticket_agent::embedding::{self, Embedder, Memo};

use crate::encoder_peers::{self, EncoderRun, encode_all, min_cosine, run_peer};
use crate::proc::own_cpu_seconds;
use crate::traffic;

/// What to measure.
#[derive(Debug, Clone)]
pub struct EmbeddingBenchOptions {
    /// Tickets per run.
    pub n: usize,
    /// Traffic seed (the warm-up uses another).
    pub seed: u64,
    /// Tickets in flight.
    pub concurrency: usize,
    /// Rounds: each runs every encoder once.
    pub rounds: usize,
    /// The model's folder.
    pub model_dir: PathBuf,
    /// Also run without an encoder (BM25 alone).
    pub lexical: bool,
    /// Texts a batch when the encoders run alone (see [`crate::encoder_peers`]).
    pub batch: usize,
    /// A Python interpreter with sentence-transformers installed: the peer.
    pub peer_python: Option<PathBuf>,
}

/// The encoders measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Encoder {
    /// candle's BERT under the memo, as before.
    Candle,
    /// The packed forward pass, batched, under the memo.
    Packed,
    /// None: BM25 alone.
    Lexical,
}

impl Encoder {
    fn as_str(self) -> &'static str {
        match self {
            Encoder::Candle => "candle (before)",
            Encoder::Packed => "packed + batched (after)",
            Encoder::Lexical => "lexical only",
        }
    }
}

/// One timed run.
#[derive(Debug, Clone, Serialize)]
pub struct Run {
    /// The round it belongs to.
    pub round: usize,
    /// Its encoder.
    pub encoder: Encoder,
    /// Tickets processed.
    pub tickets: usize,
    /// Wall time, seconds.
    pub wall_s: f64,
    /// User CPU, seconds.
    pub user_s: f64,
    /// System CPU, seconds.
    pub sys_s: f64,
    /// Texts that reached the model (memo misses), and the model's passes over them.
    pub texts_encoded: usize,
    /// Calls into the model.
    pub passes: usize,
    /// The outcome lines, for comparison (not serialised).
    #[serde(skip)]
    pub outcomes: Vec<String>,
}

impl Run {
    /// Tickets a second of wall time.
    pub fn tickets_per_s(&self) -> f64 {
        self.tickets as f64 / self.wall_s
    }

    /// CPU milliseconds a ticket, user and system.
    pub fn cpu_ms_per_ticket(&self) -> f64 {
        (self.user_s + self.sys_s) * 1000.0 / self.tickets as f64
    }

    /// System CPU milliseconds a ticket.
    pub fn sys_ms_per_ticket(&self) -> f64 {
        self.sys_s * 1000.0 / self.tickets as f64
    }
}

/// Every run, and how the two encoders' outcomes compare.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The runs, in the order they ran.
    pub runs: Vec<Run>,
    /// Tickets whose outcome line (outcome, category, reason, message) differed
    /// between candle and packed in the same round.
    pub differing: Vec<String>,
    /// Tickets compared.
    pub compared: usize,
    /// The encoders alone on the texts the first packed run encoded.
    pub encoders: Vec<EncoderRun>,
    /// Tokens a text, on average, of those texts.
    pub mean_tokens: f64,
}

/// Counts what reaches the model under it.
struct Counted {
    inner: Arc<dyn Embedder>,
    texts: AtomicUsize,
    passes: AtomicUsize,
    /// Every text, kept while `recording`.
    seen: Mutex<Vec<String>>,
    recording: AtomicBool,
}

impl Embedder for Counted {
    fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
        self.texts.fetch_add(texts.len(), Ordering::Relaxed);
        self.passes.fetch_add(1, Ordering::Relaxed);
        if self.recording.load(Ordering::Relaxed) {
            self.seen
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .extend(texts.iter().map(|t| t.to_string()));
        }
        self.inner.embed(texts)
    }
    fn name(&self) -> &str {
        self.inner.name()
    }
}

/// What one outcome line says, without its timings.
fn outcome_of(line: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
    format!(
        "{} {} {} {} {}",
        v["ticket_id"], v["outcome"], v["category"], v["reason"], v["message"]
    )
}

/// Runs the measurement.
///
/// # Errors
/// The model not loading, the world or the traffic failing to build.
pub async fn run(settings: &Settings, opts: &EmbeddingBenchOptions) -> anyhow::Result<Report> {
    let dir = opts.model_dir.clone();
    let (candle, packed_model) = tokio::task::spawn_blocking(move || -> anyhow::Result<_> {
        let candle: Arc<dyn Embedder> = Arc::new(MiniLm::load(&dir)?);
        Ok((candle, Arc::new(PackedBert::load(&dir)?)))
    })
    .await??;
    let packed: Arc<dyn Embedder> = packed_model.clone();
    let world = ticket_agent::app::load_world(settings)?;
    let now = settings.clock.now.or(world.now).context(
        "gen labels refunds against a pinned clock: set clock.now or use a world with `now`",
    )?;
    let traffic_of = |seed: u64, n: usize| -> anyhow::Result<String> {
        let lines = traffic::generate(
            &world,
            now,
            &traffic::GenOptions {
                n,
                seed,
                ..traffic::GenOptions::default()
            },
        )?;
        Ok(lines.join("\n"))
    };
    let input = traffic_of(opts.seed, opts.n)?;
    let warm_up = traffic_of(opts.seed.wrapping_add(1000), opts.concurrency.max(16))?;

    let mut encoders = vec![Encoder::Candle, Encoder::Packed];
    if opts.lexical {
        encoders.push(Encoder::Lexical);
    }
    let mut runs = Vec::new();
    let mut recorded: Vec<String> = Vec::new();
    for round in 0..opts.rounds.max(1) {
        let mut order = encoders.clone();
        if round % 2 == 1 {
            order.reverse();
        }
        for encoder in order {
            let counted = match encoder {
                Encoder::Candle => Some(candle.clone()),
                Encoder::Packed => Some(packed.clone()),
                Encoder::Lexical => None,
            }
            .map(|inner| {
                Arc::new(Counted {
                    inner,
                    texts: AtomicUsize::new(0),
                    passes: AtomicUsize::new(0),
                    seen: Mutex::new(Vec::new()),
                    recording: AtomicBool::new(false),
                })
            });
            let stack: Option<Arc<dyn Embedder>> = counted.clone().map(|c| match encoder {
                Encoder::Packed => embedding::batched(c, embedding::MEMO_TEXTS),
                _ => Arc::new(Memo::new(c, embedding::MEMO_TEXTS)) as Arc<dyn Embedder>,
            });
            let model_settings = settings.model.clone();
            let for_model = stack.clone();
            let model = tokio::task::spawn_blocking(move || {
                ticket_agent::model::from_settings_with(
                    &model_settings,
                    ticket_agent::model::Readers {
                        embedder: for_model,
                        ..Default::default()
                    },
                    None,
                )
            })
            .await??;
            let backend = Arc::new(EmbeddedBackend::new(world.clone()));
            let agent = ticket_agent::assembly::agent_with(settings, backend, model, stack).await?;
            let options = ticket_agent::process::Options {
                max_body_bytes: settings.agent.max_body_bytes,
                concurrency: opts.concurrency.max(1),
                with_trace: false,
                order: ticket_agent::process::OutputOrder::Input,
            };
            let mut sink = Vec::new();
            ticket_agent::process::process_with(
                &agent,
                &warm_up,
                options,
                &mut sink,
                &mut ticket_agent::process::Quiet,
            )
            .await?;
            let counts = |c: &Option<Arc<Counted>>| {
                c.as_ref().map_or((0, 0), |c| {
                    (
                        c.texts.load(Ordering::Relaxed),
                        c.passes.load(Ordering::Relaxed),
                    )
                })
            };
            let (texts0, passes0) = counts(&counted);
            let record = round == 0 && encoder == Encoder::Packed;
            if let (true, Some(c)) = (record, &counted) {
                c.recording.store(true, Ordering::Relaxed);
            }
            let mut out = Vec::new();
            let (user0, sys0) = own_cpu_seconds();
            let started = Instant::now();
            let summary = ticket_agent::process::process_with(
                &agent,
                &input,
                options,
                &mut out,
                &mut ticket_agent::process::Quiet,
            )
            .await?;
            let wall_s = started.elapsed().as_secs_f64();
            let (user1, sys1) = own_cpu_seconds();
            let (texts1, passes1) = counts(&counted);
            if let (true, Some(c)) = (record, &counted) {
                c.recording.store(false, Ordering::Relaxed);
                recorded = std::mem::take(&mut *c.seen.lock().unwrap_or_else(|p| p.into_inner()));
            }
            let outcomes: Vec<String> = String::from_utf8(out)?.lines().map(outcome_of).collect();
            let run = Run {
                round: round + 1,
                encoder,
                tickets: summary.tickets(),
                wall_s,
                user_s: user1 - user0,
                sys_s: sys1 - sys0,
                texts_encoded: texts1 - texts0,
                passes: passes1 - passes0,
                outcomes,
            };
            eprintln!(
                "round {}: {:<26} {:>7.1} tickets/s {:>7.2} CPU ms/ticket ({:.2} system)",
                run.round,
                encoder.as_str(),
                run.tickets_per_s(),
                run.cpu_ms_per_ticket(),
                run.sys_ms_per_ticket()
            );
            runs.push(run);
        }
    }
    let mut differing = Vec::new();
    let mut compared = 0;
    for round in 1..=opts.rounds.max(1) {
        let of = |e: Encoder| runs.iter().find(|r| r.round == round && r.encoder == e);
        if let (Some(a), Some(b)) = (of(Encoder::Candle), of(Encoder::Packed)) {
            compared += a.outcomes.len().max(b.outcomes.len());
            for (x, y) in a.outcomes.iter().zip(&b.outcomes) {
                if x != y {
                    differing.push(format!("round {round}: candle {x} | packed {y}"));
                }
            }
            if a.outcomes.len() != b.outcomes.len() {
                differing.push(format!(
                    "round {round}: {} lines against {}",
                    a.outcomes.len(),
                    b.outcomes.len()
                ));
            }
        }
    }
    let (batch, peer, model_dir) = (opts.batch, opts.peer_python.clone(), opts.model_dir.clone());
    let (encoders, mean_tokens) = tokio::task::spawn_blocking(move || -> anyhow::Result<_> {
        if recorded.is_empty() {
            return Ok((Vec::new(), 0.0));
        }
        let tokens: usize = recorded.iter().map(|t| packed_model.tokens(t)).sum();
        let mean_tokens = tokens as f64 / recorded.len() as f64;
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        eprintln!(
            "encoders alone: {} texts in batches of {batch}",
            recorded.len()
        );
        let (p, pv) = encode_all("packed", &packed, &recorded, batch, threads)?;
        let (mut c, cv) = encode_all("candle", &candle, &recorded, batch, 1)?;
        c.min_cosine_to_packed = min_cosine(&cv, &pv);
        let mut all = vec![p, c];
        if let Some(python) = peer {
            let (mut st, sv) = run_peer(&python, &model_dir, &recorded, batch)?;
            st.min_cosine_to_packed = min_cosine(&sv, &pv);
            all.push(st);
        }
        Ok((all, mean_tokens))
    })
    .await??;
    Ok(Report {
        runs,
        differing,
        compared,
        encoders,
        mean_tokens,
    })
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    match xs.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => xs[n / 2],
        n => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

/// The report as the markdown of docs/benchmarks.md.
pub fn markdown(report: &Report, opts: &EmbeddingBenchOptions) -> String {
    let mut s = format!(
        "`process` over {} tickets of `gen` traffic (seed {}), {} in flight, rules model, \
         hybrid search; {} rounds, the encoders' order alternating.\n\n\
         | round | encoder | tickets/s | CPU ms/ticket | of it system | texts encoded/ticket | texts/pass |\n\
         |---|---|---|---|---|---|---|\n",
        opts.n,
        opts.seed,
        opts.concurrency,
        opts.rounds.max(1)
    );
    for r in &report.runs {
        s += &format!(
            "| {} | {} | {:.1} | {:.2} | {:.2} | {:.2} | {:.1} |\n",
            r.round,
            r.encoder.as_str(),
            r.tickets_per_s(),
            r.cpu_ms_per_ticket(),
            r.sys_ms_per_ticket(),
            r.texts_encoded as f64 / r.tickets.max(1) as f64,
            r.texts_encoded as f64 / r.passes.max(1) as f64,
        );
    }
    let med = |e: Encoder, f: &dyn Fn(&Run) -> f64| {
        median(
            report
                .runs
                .iter()
                .filter(|r| r.encoder == e)
                .map(f)
                .collect(),
        )
    };
    // Ratios within each round (the two ran minutes apart at most), then their median.
    let ratio = |f: &dyn Fn(&Run) -> f64| {
        let per_round: Vec<f64> = (1..=opts.rounds.max(1))
            .filter_map(|round| {
                let of = |e: Encoder| {
                    report
                        .runs
                        .iter()
                        .find(|r| r.round == round && r.encoder == e)
                };
                Some(f(of(Encoder::Packed)?) / f(of(Encoder::Candle)?))
            })
            .collect();
        median(per_round)
    };
    s += &format!(
        "\nMedians: candle {:.1} tickets/s at {:.2} CPU ms/ticket; packed {:.1} tickets/s at \
         {:.2} CPU ms/ticket.\n\
         Packed against candle, the median of each round's ratio: **×{:.2} tickets/s**, \
         **×{:.2} CPU per ticket** (system time ×{:.2}).\n",
        med(Encoder::Candle, &Run::tickets_per_s),
        med(Encoder::Candle, &Run::cpu_ms_per_ticket),
        med(Encoder::Packed, &Run::tickets_per_s),
        med(Encoder::Packed, &Run::cpu_ms_per_ticket),
        ratio(&Run::tickets_per_s),
        ratio(&Run::cpu_ms_per_ticket),
        ratio(&Run::sys_ms_per_ticket),
    );
    if report.runs.iter().any(|r| r.encoder == Encoder::Lexical) {
        s += &format!(
            "Lexical only (no encoder): {:.1} tickets/s at {:.2} CPU ms/ticket.\n",
            med(Encoder::Lexical, &Run::tickets_per_s),
            med(Encoder::Lexical, &Run::cpu_ms_per_ticket),
        );
    }
    s += &format!(
        "Outcomes: {} of {} tickets' lines (outcome, category, reason, message) the same \
         under both encoders.\n",
        report.compared - report.differing.len(),
        report.compared
    );
    for d in report.differing.iter().take(10) {
        s += &format!("- {d}\n");
    }
    if !report.encoders.is_empty() {
        s += "\n";
        s += &encoder_peers::markdown(&report.encoders, opts.batch, report.mean_tokens);
    }
    s
}
