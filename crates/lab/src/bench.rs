//! `ticket-agent-lab bench`: the numbers in docs/benchmarks.md, reproducible with one
//! command on the local RabbitMQ and Redis.
//!
//! Every scenario runs the real processes — `ticket-agent worker`, `ticket-agent-lab
//! fake-llm`, and for the broker's limit a bare loop (`ticket-agent-lab bench-loop`) —
//! as children of the benchmark, each under its own queue and key prefix, on the same
//! generated traffic. The benchmark submits the tickets (recording when each was
//! published), reads every outcome off `outcomes.all` (recording when it arrived),
//! and samples each child's CPU time and peak RSS ([`crate::proc`]) before stopping it.
//! Measurements, not tests: nothing here fails because the machine is slow.
//!
//! Scenarios a–e take their size and load from the command line; c′ and d′ (issue 16's
//! targets) have their own fixed parameters, and `--preset targets` runs a, b, c′, d′
//! and e each with parameters of its own, so that every ratio with a target comes out
//! of one command.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures::StreamExt;
use lapin::options::{BasicAckOptions, BasicConsumeOptions, BasicPublishOptions, BasicQosOptions};
use lapin::types::FieldTable;
use lapin::{BasicProperties, Channel};
use serde::Serialize;

use ticket_agent::config::Settings;
use ticket_agent::domain::ticket::Ticket;

use crate::proc;

/// How long a child gets to exit after SIGTERM before it is killed.
const STOP_GRACE: Duration = Duration::from_secs(40);
use ticket_agent::queue::{
    TICKET_KEY, Topology, confirm_channel, connect, publish_confirmed, queue_state,
};

/// The size and load of one scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Params {
    /// Tickets (lines of `gen`, poison left out).
    pub n: usize,
    /// Tickets in flight per worker.
    pub concurrency: usize,
    /// Prefetch per consumer.
    pub prefetch: u16,
    /// Fake model latency per turn, ms (scenarios with the fake model only).
    pub latency_ms: u64,
}

/// (c′): one worker with 2,048 tickets in flight against a slow model. At 2.34 turns
/// of 2 s a ticket the ideal is 437 tickets/s, so the run lasts about 90 s; the last
/// 2,048 tickets drain at falling concurrency over up to four turns (8 s), and over a run
/// of 90 s that tail costs under 5% of the whole-run rate. The steady-state rate (the
/// middle 80% of the outcomes) has no tail at all.
pub const C_PRIME: Params = Params {
    n: 40_000,
    concurrency: 2048,
    prefetch: 2048,
    latency_ms: 2000,
};

/// (d′): tickets per worker, so that every run of the scale-out lasts as long (about
/// 55 s at 1 s a turn) and its tail weighs the same in each.
pub const D_PRIME_PER_WORKER: usize = 6000;

/// (d′): the worker counts.
pub const D_PRIME_SCALE: [usize; 3] = [1, 2, 4];

/// (d′): the load of each worker (`n` is [`D_PRIME_PER_WORKER`] × workers).
pub const D_PRIME: Params = Params {
    n: D_PRIME_PER_WORKER,
    concurrency: 256,
    prefetch: 500,
    latency_ms: 1000,
};

/// `--preset targets`: (a) and (b), long enough for the broker's rate to settle (a few
/// seconds each at 3,000–6,000 tickets/s).
pub const PRESET_AB: Params = Params {
    n: 20_000,
    concurrency: 256,
    prefetch: 500,
    latency_ms: 0,
};

/// `--preset targets`: (e), as recorded in docs/benchmarks.md since it was added.
pub const PRESET_E: Params = Params {
    n: 1200,
    concurrency: 64,
    prefetch: 128,
    latency_ms: 300,
};

/// `--preset targets`: the account's requests per minute in (e).
pub const PRESET_E_RPM: u32 = 1200;

/// A scenario, as named in `--scenarios`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scenario {
    /// The broker's limit: the bare loop.
    A,
    /// One worker, the zero-latency rules model.
    B,
    /// One worker, the fake model at `--latency-ms`.
    C,
    /// One worker, 2,048 in flight, the fake model at 2 s ([`C_PRIME`]).
    CPrime,
    /// `--scale` workers, the fake model at `--latency-ms`.
    D,
    /// 1, 2 and 4 workers, 256 in flight each, the fake model at 1 s ([`D_PRIME`]).
    DPrime,
    /// Four workers against one rate-limited account, the limiter on and off.
    E,
}

impl Scenario {
    /// Parses `abcd`, `a b c' d' e`, `ab,c′`: a letter a–e, c and d optionally primed
    /// (`'` or `′`).
    ///
    /// # Errors
    /// A letter other than a–e, or a prime after a, b or e.
    pub fn parse_list(s: &str) -> anyhow::Result<Vec<Scenario>> {
        let mut out = Vec::new();
        let mut chars = s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .peekable();
        while let Some(c) = chars.next() {
            let primed = matches!(chars.peek(), Some('\'' | '′'));
            if primed {
                chars.next();
            }
            out.push(match (c, primed) {
                ('a', false) => Scenario::A,
                ('b', false) => Scenario::B,
                ('c', false) => Scenario::C,
                ('c', true) => Scenario::CPrime,
                ('d', false) => Scenario::D,
                ('d', true) => Scenario::DPrime,
                ('e', false) => Scenario::E,
                _ => bail!(
                    "unknown scenario {c:?}{}: expected a, b, c, c', d, d' or e",
                    if primed { "'" } else { "" }
                ),
            });
        }
        Ok(out)
    }

    /// Its name in the tables.
    pub fn key(self) -> &'static str {
        match self {
            Scenario::A => "a",
            Scenario::B => "b",
            Scenario::C => "c",
            Scenario::CPrime => "c′",
            Scenario::D => "d",
            Scenario::DPrime => "d′",
            Scenario::E => "e",
        }
    }
}

/// Named sets of scenarios with parameters of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// a and b ([`PRESET_AB`]), c′, d′ and e ([`PRESET_E`]): every ratio with a target.
    Targets,
}

impl std::str::FromStr for Preset {
    type Err = anyhow::Error;

    fn from_str(s: &str) -> anyhow::Result<Self> {
        match s {
            "targets" => Ok(Preset::Targets),
            other => bail!("unknown preset {other:?}: expected targets"),
        }
    }
}

/// What to run.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    /// Size and load of scenarios a–e (c′ and d′ have their own; a preset sets all).
    pub params: Params,
    /// Traffic seed.
    pub seed: u64,
    /// Scenarios, in order (ignored with a preset).
    pub scenarios: Vec<Scenario>,
    /// Runs the preset's scenarios with its parameters instead.
    pub preset: Option<Preset>,
    /// The fake account's requests per minute in scenario (e).
    pub limit_rpm: u32,
    /// Worker counts for the scale-out scenario (d).
    pub scale: Vec<usize>,
    /// The ticket-agent-lab binary, for `fake-llm` and `bench-loop` children.
    pub binary: PathBuf,
    /// The ticket-agent binary, for `worker` children.
    pub agent_binary: PathBuf,
}

/// One measured run.
#[derive(Debug, Clone, Serialize)]
pub struct Measurement {
    /// Which scenario: `a`, `b`, `c`, `c′`, `d`, `d′`, `e`.
    pub key: String,
    /// What it ran, for the tables.
    pub scenario: String,
    /// Worker processes.
    pub workers: usize,
    /// Tickets in flight per worker.
    pub concurrency: usize,
    /// Prefetch per consumer.
    pub prefetch: u16,
    /// Fake model latency per turn, ms (0 without the fake model).
    pub latency_ms: u64,
    /// Tickets published in the run.
    pub tickets: usize,
    /// Wall time from the first publish to the last outcome.
    pub seconds: f64,
    /// Tickets per second over `seconds`.
    pub tickets_per_s: f64,
    /// Tickets per second between the 10th and the 90th percentile of the outcomes'
    /// arrival: the rate with the start and the drain at the end left out.
    pub steady_tickets_per_s: f64,
    /// End-to-end latency percentiles (publish to outcome), ms.
    pub p50_ms: f64,
    /// 95th percentile.
    pub p95_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// CPU seconds (user + system, all worker processes) per 1,000 tickets.
    pub cpu_s_per_1000: f64,
    /// Peak RSS of the largest worker process, MiB.
    pub peak_rss_mib: f64,
    /// Mean model turns per ticket (0 for the bare loop).
    pub mean_turns: f64,
    /// For scenarios with model latency: workers × concurrency ÷ (turns × latency).
    pub ideal_tickets_per_s: Option<f64>,
    /// Scenario (e): what the limited account saw.
    pub limited: Option<LimitedRun>,
    /// CPU per ticket of every process on the host that shares the cores, from the
    /// first publish to the last outcome.
    pub host: HostShare,
}

/// CPU ms per ticket, by process, over one run's window (first publish to last
/// outcome): on a machine where the broker and Redis share the worker's cores, a
/// ticket's cost to all of them is what bounds the rate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct HostShare {
    /// The worker processes (or the bare loop), start-up left out.
    pub workers_ms: f64,
    /// RabbitMQ (`beam.smp`); `None` when it runs on another host.
    pub broker_ms: Option<f64>,
    /// Redis; `None` when it runs on another host.
    pub redis_ms: Option<f64>,
    /// The harness: publishing the tickets, collecting the outcomes.
    pub harness_ms: f64,
    /// All of them together over the window's wall time: cores kept busy.
    pub cores_busy: f64,
}

impl HostShare {
    fn of(workers_cpu: f64, host: proc::HostCpu, tickets: usize, seconds: f64) -> Self {
        let per = |s: f64| s * 1000.0 / tickets.max(1) as f64;
        let mut share = Self {
            workers_ms: per(workers_cpu),
            broker_ms: host.broker.map(per),
            redis_ms: host.redis.map(per),
            harness_ms: per(host.harness),
            cores_busy: 0.0,
        };
        share.cores_busy = share.all_ms() / per(seconds.max(1e-9));
        share
    }

    /// Every process's ms per ticket together.
    pub fn all_ms(&self) -> f64 {
        self.workers_ms
            + self.broker_ms.unwrap_or(0.0)
            + self.redis_ms.unwrap_or(0.0)
            + self.harness_ms
    }
}

/// What one run against a limited account measured.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct LimitedRun {
    /// Whether the workers' limiter (`model.limits`) was on.
    pub limiter: bool,
    /// The account's requests per minute.
    pub rpm: u32,
    /// Requests the fake server answered 200, per second of the run, as a share of
    /// the limit (`rpm / 60`).
    pub share_of_limit: f64,
    /// Of the requests the server received, the share it answered 429.
    pub share_429: f64,
    /// The 95th percentile of the limiter's wait per call, ms, over every worker (the
    /// upper bound of its histogram bucket); `None` with the limiter off.
    pub p95_wait_ms: Option<f64>,
}

/// How scenario (e) is run: the fake account's limit, and the limiter on or off.
#[derive(Debug, Clone, Copy)]
struct Limited {
    rpm: u32,
    limiter: bool,
}

/// One run of the plan.
#[derive(Debug, Clone)]
pub struct Step {
    scenario: Scenario,
    name: String,
    kind: Kind,
    workers: usize,
    params: Params,
    limited: Option<Limited>,
}

/// The runs `opts` asks for, in order, each with its parameters.
///
/// # Errors
/// An empty `--scale` for scenario d.
pub fn plan(opts: &BenchOptions) -> anyhow::Result<Vec<Step>> {
    let (scenarios, ab, e, rpm) = match opts.preset {
        Some(Preset::Targets) => (
            vec![
                Scenario::A,
                Scenario::B,
                Scenario::CPrime,
                Scenario::DPrime,
                Scenario::E,
            ],
            PRESET_AB,
            PRESET_E,
            PRESET_E_RPM,
        ),
        None => (
            opts.scenarios.clone(),
            opts.params,
            opts.params,
            opts.limit_rpm,
        ),
    };
    let mut out = Vec::new();
    let step = |scenario, name: String, kind, workers, params, limited| Step {
        scenario,
        name,
        kind,
        workers,
        params,
        limited,
    };
    for s in scenarios {
        match s {
            Scenario::A => out.push(step(
                s,
                "a: broker limit (bare loop)".into(),
                Kind::BareLoop,
                1,
                ab,
                None,
            )),
            Scenario::B => out.push(step(
                s,
                "b: worker, rules model, lexical kb_search".into(),
                Kind::Rules,
                1,
                ab,
                None,
            )),
            Scenario::C => out.push(step(
                s,
                format!("c: worker, fake model {} ms", opts.params.latency_ms),
                Kind::FakeModel,
                1,
                opts.params,
                None,
            )),
            Scenario::CPrime => out.push(step(
                s,
                format!(
                    "c′: worker, fake model {} ms, {} in flight",
                    C_PRIME.latency_ms, C_PRIME.concurrency
                ),
                Kind::FakeModel,
                1,
                C_PRIME,
                None,
            )),
            Scenario::D => {
                anyhow::ensure!(!opts.scale.is_empty(), "scenario d needs --scale");
                for &w in &opts.scale {
                    out.push(step(
                        s,
                        format!("d: {w} worker(s), fake model {} ms", opts.params.latency_ms),
                        Kind::FakeModel,
                        w,
                        opts.params,
                        None,
                    ));
                }
            }
            Scenario::DPrime => {
                for w in D_PRIME_SCALE {
                    out.push(step(
                        s,
                        format!("d′: {w} worker(s), fake model {} ms", D_PRIME.latency_ms),
                        Kind::FakeModel,
                        w,
                        Params {
                            n: D_PRIME_PER_WORKER * w,
                            ..D_PRIME
                        },
                        None,
                    ));
                }
            }
            Scenario::E => {
                for limiter in [true, false] {
                    let on = if limiter { "on" } else { "off" };
                    out.push(step(
                        s,
                        format!("e: 4 workers, one account at {rpm} requests/min, limiter {on}"),
                        Kind::FakeModel,
                        4,
                        e,
                        Some(Limited { rpm, limiter }),
                    ));
                }
            }
        }
    }
    Ok(out)
}

/// Runs the chosen scenarios and returns their measurements.
///
/// # Errors
/// RabbitMQ or Redis unreachable, a child that does not start, too few file
/// descriptors for the plan's connections, or outcomes that never arrive within the
/// timeout.
pub async fn run(settings: &Settings, opts: &BenchOptions) -> anyhow::Result<Vec<Measurement>> {
    run_with(settings, opts, &Wrap::default())
        .await
        .map(|(ms, _)| ms)
}

/// How a worker child is started: by itself, or under a tool (`valgrind`) that writes
/// a file per run.
#[derive(Debug, Clone, Default)]
pub(crate) struct Wrap {
    /// The tool and its arguments; `{out}` in them becomes the run's output file.
    pub(crate) command: Vec<String>,
    /// The folder the output files go to.
    pub(crate) dir: Option<PathBuf>,
}

/// [`run`], with the workers started under `wrap`: the measurements and, per run, the
/// files the wrapper wrote (one per worker).
pub(crate) async fn run_with(
    settings: &Settings,
    opts: &BenchOptions,
    wrap: &Wrap,
) -> anyhow::Result<(Vec<Measurement>, Vec<Vec<PathBuf>>)> {
    let steps = plan(opts)?;
    let most_fds = steps
        .iter()
        .map(|s| fds_needed(s.workers, s.params.concurrency))
        .max()
        .unwrap_or(0);
    proc::raise_fd_limit(most_fds)?;
    let mut traffic_by_n: HashMap<usize, Vec<(String, Vec<u8>)>> = HashMap::new();
    let mut out = Vec::new();
    let mut files = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let tickets = match traffic_by_n.entry(step.params.n) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(traffic(settings, step.params.n, opts.seed)?)
            }
        };
        let file = wrap
            .dir
            .as_ref()
            .map(|d| d.join(format!("run-{i}-{}", step.scenario.key())));
        let (m, outputs) =
            scenario_with(settings, opts, tickets, step, wrap, file.as_deref()).await?;
        out.push(m);
        files.push(outputs);
    }
    Ok((out, files))
}

/// File descriptors a run needs in its busiest process: the fake model server holds a
/// connection per ticket in flight of every worker (a worker, one per ticket of its
/// own), beside its listeners, logs and broker and Redis connections.
fn fds_needed(workers: usize, concurrency: usize) -> u64 {
    (workers * concurrency) as u64 + 256
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    BareLoop,
    Rules,
    FakeModel,
}

/// `n` lines of `ticket-agent-lab gen --seed SEED`, poison left out: (ticket id, ticket
/// JSON). The ingest benchmark sends the same traffic.
pub(crate) fn traffic(
    settings: &Settings,
    n: usize,
    seed: u64,
) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    let world = ticket_agent::app::load_world(settings)?;
    let now = settings.clock.now.or(world.now).context(
        "the traffic is labelled against a pinned clock: set clock.now or use a world with `now`",
    )?;
    let options = crate::traffic::GenOptions {
        n,
        seed,
        ..Default::default()
    };
    let mut tickets = Vec::new();
    for line in crate::traffic::generate(&world, now, &options)? {
        if let Ok(t) = Ticket::from_json(line.as_bytes(), 32 * 1024) {
            tickets.push((t.ticket_id.to_string(), serde_json::to_vec(&t)?));
        }
    }
    anyhow::ensure!(!tickets.is_empty(), "gen produced no valid tickets");
    Ok(tickets)
}

async fn consumers(ch: &Channel, queue: &str) -> u32 {
    queue_state(ch, queue)
        .await
        .map(|q| q.consumer_count())
        .unwrap_or(0)
}

async fn scenario_with(
    settings: &Settings,
    opts: &BenchOptions,
    tickets: &[(String, Vec<u8>)],
    step: &Step,
    wrap: &Wrap,
    wrap_out: Option<&Path>,
) -> anyhow::Result<(Measurement, Vec<PathBuf>)> {
    let Step {
        scenario,
        ref name,
        kind,
        workers,
        params,
        limited,
    } = *step;
    eprintln!("bench: {name}: {} tickets", tickets.len());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_nanos();
    let prefix = format!("ta-bench-{}-{nanos}", std::process::id());
    let mut settings = settings.clone();
    settings.amqp.prefix = prefix.clone();
    settings.redis.key_prefix = prefix.clone();
    let topology = Topology::from_settings(&settings.amqp, &settings.worker);
    let conn = connect(settings.amqp.url.expose(), "ticket-agent bench").await?;
    let ch = confirm_channel(&conn).await?;
    topology.declare(&ch, &settings.amqp).await?;
    let logs = std::env::temp_dir().join(&prefix);
    std::fs::create_dir_all(&logs)?;

    let mut env: Vec<(String, String)> = vec![
        ("TICKET_AGENT__AMQP__PREFIX".into(), prefix.clone()),
        ("TICKET_AGENT__REDIS__KEY_PREFIX".into(), prefix.clone()),
        (
            "TICKET_AGENT__WORKER__CONCURRENCY".into(),
            params.concurrency.to_string(),
        ),
        (
            "TICKET_AGENT__WORKER__PREFETCH".into(),
            params.prefetch.to_string(),
        ),
        // Several workers on one host: each its own metrics port.
        (
            "TICKET_AGENT__WORKER__METRICS_LISTEN".into(),
            "127.0.0.1:0".into(),
        ),
        (
            "TICKET_AGENT__AMQP__URL".into(),
            settings.amqp.url.expose().to_string(),
        ),
        // The worker's own cost, comparable across runs and machines: kb_search by BM25
        // alone, whether or not this machine has the embedding model in its cache (its
        // cost per search is measured apart, in docs/evals.md).
        ("TICKET_AGENT__KB__SEMANTIC".into(), "false".into()),
        (
            "TICKET_AGENT__REDIS__URL".into(),
            settings.redis.url.expose().to_string(),
        ),
    ];
    let mut fake = None;
    let mut fake_listen = String::new();
    if kind == Kind::FakeModel {
        let port = proc::free_port()?;
        let latency = params.latency_ms.to_string();
        let listen = format!("127.0.0.1:{port}");
        fake_listen = listen.clone();
        let rpm = limited.map_or(0, |l| l.rpm).to_string();
        fake = Some(proc::spawn(
            &opts.binary,
            &[
                "fake-llm",
                "--listen",
                &listen,
                "--latency-ms",
                &latency,
                "--rpm",
                &rpm,
            ],
            &[],
            &logs.join("fake-llm.log"),
        )?);
        if let Some(limited) = limited {
            // Both runs absorb the 429s inside each call (the fake's retry-after is
            // exact), so that without the limiter no ticket waits in a retry tier.
            env.push(("TICKET_AGENT__MODEL__MAX_RETRIES".into(), "50".into()));
            env.push(("TICKET_AGENT__MODEL__RETRY_MAX_MS".into(), "60000".into()));
            if limited.limiter {
                env.push(("TICKET_AGENT__MODEL__LIMITS__ENABLED".into(), "true".into()));
                env.push((
                    "TICKET_AGENT__MODEL__LIMITS__DEFAULT_RPM".into(),
                    limited.rpm.to_string(),
                ));
            }
        }
        env.push(("TICKET_AGENT__MODEL__PROVIDER".into(), "openai".into()));
        env.push((
            "TICKET_AGENT__MODEL__OPENAI__BASE_URL".into(),
            format!("http://{listen}/v1"),
        ));
        env.push((
            "TICKET_AGENT__MODEL__OPENAI__API_KEY_ENV".into(),
            "TA_BENCH_NO_KEY".into(),
        ));
        env.push((
            "TICKET_AGENT__MODEL__OPENAI__PRICE_INPUT_PER_MTOK".into(),
            "0".into(),
        ));
        env.push((
            "TICKET_AGENT__MODEL__OPENAI__PRICE_OUTPUT_PER_MTOK".into(),
            "0".into(),
        ));
        env.push(("TICKET_AGENT__MODEL__OPENAI__NAME".into(), "fake".into()));
        // Wait for the fake server to listen.
        let start = Instant::now();
        while tokio::net::TcpStream::connect(&listen).await.is_err() {
            anyhow::ensure!(
                start.elapsed() < Duration::from_secs(20),
                "fake-llm did not start"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    } else {
        env.push(("TICKET_AGENT__MODEL__PROVIDER".into(), "rules".into()));
    }
    let mut children = Vec::new();
    let mut outputs = Vec::new();
    // Scenario (e) reads each worker's limiter histogram off its /metrics.
    let mut metrics_addrs = Vec::new();
    for i in 0..workers {
        let (binary, sub) = if kind == Kind::BareLoop {
            (&opts.binary, "bench-loop")
        } else {
            (&opts.agent_binary, "worker")
        };
        let out = wrap_out.map(|o| o.with_extension(format!("{i}.out")));
        outputs.extend(out.clone());
        let mut command: Vec<String> = wrap
            .command
            .iter()
            .map(|a| match &out {
                Some(o) => a.replace("{out}", &o.display().to_string()),
                None => a.clone(),
            })
            .collect();
        command.push(binary.display().to_string());
        command.push(sub.to_string());
        let (binary, args) = command.split_first().expect("the command has its binary");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut env = env.clone();
        if limited.is_some() {
            let addr = format!("127.0.0.1:{}", proc::free_port()?);
            env.push(("TICKET_AGENT__WORKER__METRICS_LISTEN".into(), addr.clone()));
            metrics_addrs.push(addr);
        }
        children.push(proc::spawn(
            Path::new(binary),
            &args,
            &env,
            &logs.join(format!("worker-{i}.log")),
        )?);
    }
    let start = Instant::now();
    // A worker under valgrind takes minutes to load its knowledge base.
    let start_limit = Duration::from_secs(if wrap.command.is_empty() { 60 } else { 600 });
    while consumers(&ch, &topology.tickets_queue).await < workers as u32 {
        anyhow::ensure!(
            start.elapsed() < start_limit,
            "workers did not start consuming (logs in {})",
            logs.display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Collect outcomes as they arrive.
    let arrived: Arc<Mutex<HashMap<String, (Instant, u32)>>> = Arc::new(Mutex::new(HashMap::new()));
    let collector_ch = conn.create_channel().await?;
    collector_ch
        .basic_qos(2000, BasicQosOptions::default())
        .await?;
    let mut outcomes = collector_ch
        .basic_consume(
            topology.outcomes_all_queue.as_str().into(),
            "bench-collector".into(),
            BasicConsumeOptions {
                no_ack: true,
                ..Default::default()
            },
            FieldTable::default(),
        )
        .await?;
    let sink = arrived.clone();
    let collector = tokio::spawn(async move {
        while let Some(Ok(d)) = outcomes.next().await {
            let now = Instant::now();
            if let Ok(v) = serde_json::from_slice::<serde_json::Value>(&d.data) {
                let id = v["ticket_id"].as_str().unwrap_or_default().to_string();
                let turns = v["turns"].as_u64().unwrap_or(0) as u32;
                sink.lock().expect("sink").entry(id).or_insert((now, turns));
            }
        }
    });

    let host_before = tokio::task::spawn_blocking(proc::HostCpu::now).await?;
    let workers_before: f64 = children.iter().map(|c| c.usage().cpu_secs).sum();
    // Publish every ticket, confirmed in windows, remembering when each left.
    let mut published: HashMap<String, Instant> = HashMap::with_capacity(tickets.len());
    let first = Instant::now();
    let mut pending = Vec::with_capacity(1000);
    for (id, body) in tickets {
        let props = ticket_agent::queue::submit::ticket_properties(id)
            .with_delivery_mode(2)
            .with_content_type("application/json".into());
        published.insert(id.clone(), Instant::now());
        pending.push(
            ch.basic_publish(
                topology.tickets_exchange.as_str().into(),
                TICKET_KEY.into(),
                BasicPublishOptions::default(),
                body,
                props,
            )
            .await?,
        );
        if pending.len() >= 1000 {
            for p in pending.drain(..) {
                p.await?;
            }
        }
    }
    for p in pending.drain(..) {
        p.await?;
    }

    // Wait for every outcome: generous, since this measures and does not judge.
    // A limited account sets the pace: room for 4 requests a ticket at its limit.
    let paced = limited.map_or(0, |l| {
        tickets.len() as u64 * 4 * 60 / u64::from(l.rpm.max(1))
    });
    let limit = Duration::from_secs(120 + (tickets.len() as u64 / 20) + paced);
    let mut last_seen = 0;
    let mut last_change = Instant::now();
    loop {
        let n = arrived.lock().expect("arrived").len();
        if n >= tickets.len() {
            break;
        }
        if n != last_seen {
            last_seen = n;
            last_change = Instant::now();
        }
        anyhow::ensure!(
            first.elapsed() < limit && last_change.elapsed() < Duration::from_secs(60),
            "only {n} of {} outcomes arrived (logs in {})",
            tickets.len(),
            logs.display()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let limited_run = match limited {
        Some(l) => Some(measure_limited(l, &fake_listen, &metrics_addrs, first.elapsed()).await?),
        None => None,
    };
    let host = tokio::task::spawn_blocking(proc::HostCpu::now)
        .await?
        .since(&host_before);
    let mut cpu = 0.0;
    let mut rss_kib = 0;
    for c in &children {
        let usage = c.usage();
        cpu += usage.cpu_secs;
        rss_kib = rss_kib.max(usage.peak_rss_kib);
    }
    for c in children {
        c.stop(STOP_GRACE).await;
    }
    if let Some(f) = fake {
        f.stop(STOP_GRACE).await;
    }
    collector.abort();

    let arrived = arrived.lock().expect("arrived").clone();
    let end = arrived
        .values()
        .map(|(t, _)| *t)
        .max()
        .unwrap_or_else(Instant::now);
    let seconds = end.duration_since(first).as_secs_f64();
    let mut lat: Vec<f64> = arrived
        .iter()
        .filter_map(|(id, (t, _))| {
            Some(t.duration_since(*published.get(id)?).as_secs_f64() * 1000.0)
        })
        .collect();
    lat.sort_by(|a, b| a.total_cmp(b));
    let pct = |p: f64| {
        lat.get(((lat.len() as f64 - 1.0) * p).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let mean_turns =
        arrived.values().map(|(_, t)| f64::from(*t)).sum::<f64>() / arrived.len().max(1) as f64;
    // Under a rate limit the account, not the latency, bounds the rate: no ideal to show.
    let ideal = (kind == Kind::FakeModel && mean_turns > 0.0 && limited_run.is_none()).then(|| {
        (workers * params.concurrency) as f64 / (mean_turns * params.latency_ms as f64 / 1000.0)
    });
    let mut arrivals: Vec<Instant> = arrived.values().map(|(t, _)| *t).collect();
    arrivals.sort();
    let steady = steady_rate(&arrivals);
    topology.delete(&ch).await?;
    if let Ok(r) =
        ticket_agent::queue::records::TicketRecords::connect(&settings.redis.url, &prefix).await
    {
        let _ = r.delete_all().await;
    }
    if let Ok(r) =
        ticket_agent::idempotency::RedisStore::connect(&settings.redis.url, &prefix).await
    {
        let _ = r.delete_all().await;
    }
    let _ = conn.close(200, "bench done".into()).await;
    let _ = std::fs::remove_dir_all(&logs);
    let m = Measurement {
        key: scenario.key().to_string(),
        scenario: name.to_string(),
        workers,
        concurrency: params.concurrency,
        prefetch: params.prefetch,
        latency_ms: if kind == Kind::FakeModel {
            params.latency_ms
        } else {
            0
        },
        tickets: tickets.len(),
        seconds,
        tickets_per_s: tickets.len() as f64 / seconds.max(1e-9),
        steady_tickets_per_s: steady,
        p50_ms: pct(0.50),
        p95_ms: pct(0.95),
        p99_ms: pct(0.99),
        cpu_s_per_1000: cpu / tickets.len() as f64 * 1000.0,
        peak_rss_mib: rss_kib as f64 / 1024.0,
        mean_turns,
        ideal_tickets_per_s: ideal,
        limited: limited_run,
        host: HostShare::of(
            (cpu - workers_before).max(0.0),
            host,
            tickets.len(),
            seconds,
        ),
    };
    eprintln!(
        "bench: {name}: {:.0} tickets/s ({:.0} steady)",
        m.tickets_per_s, m.steady_tickets_per_s
    );
    Ok((m, outputs))
}

/// Outcomes per second between the 10th and the 90th percentile of their arrival
/// (`arrivals` sorted): the rate once the workers are full and before the last tickets
/// drain at falling concurrency.
fn steady_rate(arrivals: &[Instant]) -> f64 {
    if arrivals.len() < 10 {
        return 0.0;
    }
    let (lo, hi) = (arrivals.len() / 10, arrivals.len() * 9 / 10);
    let secs = arrivals[hi].duration_since(arrivals[lo]).as_secs_f64();
    (hi - lo) as f64 / secs.max(1e-9)
}

/// What the fake account counted over a run of `elapsed`, and the limiter's p95 wait
/// summed over the workers' histograms.
async fn measure_limited(
    limited: Limited,
    fake: &str,
    workers: &[String],
    elapsed: Duration,
) -> anyhow::Result<LimitedRun> {
    let stats: crate::fake_llm::StatsSnapshot = reqwest::get(format!("http://{fake}/stats"))
        .await?
        .json()
        .await?;
    let answered = stats.requests.saturating_sub(stats.errors) as f64;
    let share_of_limit = answered / elapsed.as_secs_f64() / (f64::from(limited.rpm) / 60.0);
    let share_429 = stats.rate_limited as f64 / (stats.requests.max(1)) as f64;
    let mut buckets: Vec<(f64, f64)> = Vec::new();
    for addr in workers {
        let text = reqwest::get(format!("http://{addr}/metrics"))
            .await?
            .text()
            .await?;
        for line in text
            .lines()
            .filter(|l| l.starts_with("ticket_agent_model_limiter_wait_seconds_bucket"))
        {
            let Some(le) = line.split("le=\"").nth(1).and_then(|r| r.split('"').next()) else {
                continue;
            };
            let le = if le == "+Inf" {
                f64::INFINITY
            } else {
                le.parse()?
            };
            let count: f64 = line.rsplit(' ').next().unwrap_or("0").parse()?;
            match buckets.iter_mut().find(|(b, _)| *b == le) {
                Some((_, c)) => *c += count,
                None => buckets.push((le, count)),
            }
        }
    }
    buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total = buckets.last().map_or(0.0, |(_, c)| *c);
    let p95_wait_ms = (limited.limiter && total > 0.0).then(|| {
        buckets
            .iter()
            .find(|(_, c)| *c >= 0.95 * total)
            .map_or(f64::INFINITY, |(le, _)| le * 1000.0)
    });
    Ok(LimitedRun {
        limiter: limited.limiter,
        rpm: limited.rpm,
        share_of_limit,
        share_429,
        p95_wait_ms,
    })
}

/// The bare loop of scenario (a): consume, `SET NX` in Redis, publish an outcome with
/// confirms, ack — the same client libraries and settings as the worker, no agent.
/// Runs until `shutdown`.
///
/// # Errors
/// RabbitMQ or Redis unreachable.
pub async fn broker_loop(
    settings: &Settings,
    shutdown: impl std::future::Future<Output = ()>,
) -> anyhow::Result<()> {
    let topology = Topology::from_settings(&settings.amqp, &settings.worker);
    let conn = connect(settings.amqp.url.expose(), "ticket-agent bench-loop").await?;
    let consume = conn.create_channel().await?;
    consume
        .basic_qos(
            settings.worker.effective_prefetch(),
            BasicQosOptions::default(),
        )
        .await?;
    let publish = confirm_channel(&conn).await?;
    topology.declare(&consume, &settings.amqp).await?;
    let redis = ticket_agent::kv::connect(&settings.redis.url).await?;
    let permits = Arc::new(tokio::sync::Semaphore::new(settings.worker.concurrency));
    let mut consumer = consume
        .basic_consume(
            topology.tickets_queue.as_str().into(),
            "bench-loop".into(),
            BasicConsumeOptions::default(),
            FieldTable::default(),
        )
        .await?;
    tokio::pin!(shutdown);
    loop {
        let permit = permits.clone().acquire_owned().await?;
        let delivery = tokio::select! {
            d = consumer.next() => match d { Some(Ok(d)) => d, _ => break },
            () = &mut shutdown => break,
        };
        let (publish, mut redis, topology, prefix) = (
            publish.clone(),
            redis.clone(),
            topology.clone(),
            settings.redis.key_prefix.clone(),
        );
        tokio::spawn(async move {
            let id = delivery
                .properties
                .message_id()
                .as_ref()
                .map(|m| m.as_str().to_string())
                .unwrap_or_default();
            let _: Result<Option<String>, _> = redis::cmd("SET")
                .arg(format!("{prefix}:done:{id}"))
                .arg("1")
                .arg("NX")
                .arg("EX")
                .arg(3600)
                .query_async(&mut redis)
                .await;
            let body = serde_json::json!({ "ticket_id": id, "outcome": "resolved", "turns": 0 })
                .to_string();
            let props = BasicProperties::default().with_message_id(id.as_str().into());
            if publish_confirmed(
                &publish,
                &topology.outcomes_exchange,
                "ticket.resolved",
                body.as_bytes(),
                props,
            )
            .await
            .is_ok()
            {
                let _ = delivery.acker.ack(BasicAckOptions::default()).await;
            }
            drop(permit);
        });
    }
    let _ = conn.close(200, "bench-loop done".into()).await;
    Ok(())
}

/// The measurements as the Markdown tables of docs/benchmarks.md, with a row per
/// ratio that has a target and its verdict.
pub fn markdown(ms: &[Measurement], opts: &BenchOptions) -> String {
    let mut s = format!(
        "Traffic: `ticket-agent-lab gen --seed {}`, poison left out. \"in flight\" is the concurrency per worker.\n\n\
         | scenario | workers | tickets | in flight | prefetch | model ms / turn | tickets/s | steady tickets/s | p50 ms | p95 ms | p99 ms | CPU s / 1,000 tickets | peak RSS MiB | turns/ticket | ideal tickets/s |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
        opts.seed,
    );
    for m in ms {
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.2} | {:.1} | {:.2} | {} |\n",
            m.scenario,
            m.workers,
            m.tickets,
            m.concurrency,
            m.prefetch,
            if m.latency_ms > 0 {
                m.latency_ms.to_string()
            } else {
                "—".into()
            },
            m.tickets_per_s,
            m.steady_tickets_per_s,
            m.p50_ms,
            m.p95_ms,
            m.p99_ms,
            m.cpu_s_per_1000,
            m.peak_rss_mib,
            m.mean_turns,
            m.ideal_tickets_per_s
                .map(|i| format!("{i:.0}"))
                .unwrap_or_else(|| "—".into())
        ));
    }
    s.push_str(
        "\nCPU ms per ticket on this host, by process, from the first publish to the last outcome \
         (RabbitMQ and Redis counted when they run here; \"harness\" is the benchmark itself):\n\n\
         | scenario | worker(s) | RabbitMQ | Redis | harness | all | cores busy |\n\
         |---|---|---|---|---|---|---|\n",
    );
    let ms_or_dash = |v: Option<f64>| v.map_or_else(|| "—".into(), |v| format!("{v:.3}"));
    for m in ms {
        let h = &m.host;
        s.push_str(&format!(
            "| {} | {:.3} | {} | {} | {:.3} | {:.3} | {:.2} |\n",
            m.scenario,
            h.workers_ms,
            ms_or_dash(h.broker_ms),
            ms_or_dash(h.redis_ms),
            h.harness_ms,
            h.all_ms(),
            h.cores_busy
        ));
    }
    let find = |k: &str| ms.iter().find(|m| m.key == k);
    let mut ratios = String::from("\n| ratio | measured | target | verdict |\n|---|---|---|---|\n");
    if let (Some(a), Some(b)) = (find("a"), find("b")) {
        let r = b.tickets_per_s / a.tickets_per_s;
        ratios.push_str(&format!(
            "| (b) / (a) | {r:.2} | ≥ 0.80 | {} |\n",
            verdict(r, 0.8)
        ));
        ratios.push_str(&format!(
            "| (b) / (a), CPU per ticket | {:.3} / {:.3} ms | — | — |\n",
            b.cpu_s_per_1000, a.cpu_s_per_1000
        ));
        ratios.push_str(&format!(
            "| (b) / (a), CPU per ticket of every process on the host | {:.3} / {:.3} ms | — | — |\n",
            b.host.all_ms(),
            a.host.all_ms()
        ));
        // With every core busy the rate is cores ÷ CPU per ticket: the most (b) could
        // reach here if its worker cost what the bare loop costs, which does a part of
        // the worker's work and no agent.
        let cores = std::thread::available_parallelism().map_or(1, usize::from) as f64;
        if a.host.cores_busy >= 0.85 * cores && b.host.cores_busy >= 0.85 * cores {
            let ceiling =
                a.host.all_ms() / (b.host.all_ms() - b.host.workers_ms + a.host.workers_ms);
            ratios.push_str(&format!(
                "| (b) / (a) if the worker cost what the bare loop costs (computed) | {ceiling:.2} | — | — |\n"
            ));
        }
    }
    if let Some(c) = find("c")
        && let Some(ideal) = c.ideal_tickets_per_s
    {
        let r = c.tickets_per_s / ideal;
        ratios.push_str(&format!(
            "| (c) / ideal | {r:.2} | ≥ 0.90 | {} |\n",
            verdict(r, 0.9)
        ));
        ratios.push_str(&format!(
            "| (c) peak RSS | {:.1} MiB | < 150 MiB | {} |\n",
            c.peak_rss_mib,
            below(c.peak_rss_mib, 150.0)
        ));
    }
    if let Some(c) = find("c′")
        && let Some(ideal) = c.ideal_tickets_per_s
    {
        let r = c.tickets_per_s / ideal;
        ratios.push_str(&format!(
            "| (c′) / ideal, whole run | {r:.3} | ≥ 0.95 | {} |\n",
            verdict(r, 0.95)
        ));
        let r = c.steady_tickets_per_s / ideal;
        ratios.push_str(&format!(
            "| (c′) / ideal, steady (10th–90th percentile of outcomes) | {r:.3} | ≥ 0.95 | {} |\n",
            verdict(r, 0.95)
        ));
        ratios.push_str(&format!(
            "| (c′) peak RSS | {:.1} MiB | < 200 MiB | {} |\n",
            c.peak_rss_mib,
            below(c.peak_rss_mib, 200.0)
        ));
        ratios.push_str(&format!(
            "| (c′) CPU per ticket | {:.2} ms | — | — |\n",
            c.cpu_s_per_1000
        ));
    }
    for (key, target_at_4) in [("d", 3.5), ("d′", 3.8)] {
        let d: Vec<&Measurement> = ms.iter().filter(|m| m.key == key).collect();
        if let (Some(one), Some(most)) = (
            d.iter().find(|m| m.workers == 1),
            d.iter().max_by_key(|m| m.workers),
        ) && most.workers > 1
        {
            let r = most.tickets_per_s / one.tickets_per_s;
            let target = target_at_4 * most.workers as f64 / 4.0;
            ratios.push_str(&format!(
                "| ({key}) {} workers / 1 worker | {r:.2}× | ≥ {target:.1}× | {} |\n",
                most.workers,
                verdict(r, target)
            ));
            let steady = most.steady_tickets_per_s / one.steady_tickets_per_s;
            ratios.push_str(&format!(
                "| ({key}) {} workers / 1 worker, steady | {steady:.2}× | ≥ {target:.1}× | {} |\n",
                most.workers,
                verdict(steady, target)
            ));
        }
    }
    let e: Vec<(&Measurement, LimitedRun)> =
        ms.iter().filter_map(|m| Some((m, m.limited?))).collect();
    if !e.is_empty() {
        s.push_str(
            "\n| (e) limiter | requests/min | tickets/s | answered / limit | answered 429 | p95 limiter wait | CPU s / 1,000 tickets |\n|---|---|---|---|---|---|---|\n",
        );
        for (m, l) in &e {
            s.push_str(&format!(
                "| {} | {} | {:.2} | {:.3} | {:.2}% | {} | {:.2} |\n",
                if l.limiter { "on" } else { "off" },
                l.rpm,
                m.tickets_per_s,
                l.share_of_limit,
                l.share_429 * 100.0,
                l.p95_wait_ms
                    .map_or_else(|| "—".into(), |w| format!("≤ {w:.0} ms")),
                m.cpu_s_per_1000
            ));
        }
        if let Some((_, on)) = e.iter().find(|(_, l)| l.limiter) {
            ratios.push_str(&format!(
                "| (e) answered / limit, limiter on | {:.3} | ≥ 0.95 | {} |\n",
                on.share_of_limit,
                verdict(on.share_of_limit, 0.95)
            ));
            ratios.push_str(&format!(
                "| (e) answered 429, limiter on | {:.2}% | < 1% | {} |\n",
                on.share_429 * 100.0,
                if on.share_429 < 0.01 { "met" } else { "missed" }
            ));
        }
    }
    s.push_str(&ratios);
    s
}

fn below(measured: f64, limit: f64) -> &'static str {
    if measured < limit { "met" } else { "missed" }
}

fn verdict(measured: f64, target: f64) -> String {
    if measured >= target {
        "met".into()
    } else {
        format!("missed by {:.0}%", (1.0 - measured / target) * 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(scenarios: &str, preset: Option<Preset>) -> BenchOptions {
        BenchOptions {
            params: Params {
                n: 100,
                concurrency: 8,
                prefetch: 16,
                latency_ms: 300,
            },
            seed: 1,
            scenarios: Scenario::parse_list(scenarios).unwrap(),
            preset,
            limit_rpm: 600,
            scale: vec![1, 2],
            binary: PathBuf::from("lab"),
            agent_binary: PathBuf::from("agent"),
        }
    }

    #[test]
    fn scenario_lists_take_primes_and_refuse_unknown_letters() {
        use Scenario::*;
        assert_eq!(
            Scenario::parse_list("ab c' d′,e").unwrap(),
            vec![A, B, CPrime, DPrime, E]
        );
        assert_eq!(Scenario::parse_list("abcd").unwrap(), vec![A, B, C, D]);
        assert!(Scenario::parse_list("f").is_err());
        assert!(Scenario::parse_list("a'").is_err());
    }

    #[test]
    fn primed_scenarios_keep_their_own_parameters() {
        let steps = plan(&opts("c c' d d'", None)).unwrap();
        let c = &steps[0];
        assert_eq!((c.scenario, c.params), (Scenario::C, opts("", None).params));
        let c_prime = &steps[1];
        assert_eq!(c_prime.params, C_PRIME);
        let d: Vec<usize> = steps
            .iter()
            .filter(|s| s.scenario == Scenario::D)
            .map(|s| s.workers)
            .collect();
        assert_eq!(d, vec![1, 2]);
        let d_prime: Vec<(usize, usize)> = steps
            .iter()
            .filter(|s| s.scenario == Scenario::DPrime)
            .map(|s| (s.workers, s.params.n))
            .collect();
        assert_eq!(d_prime, vec![(1, 6000), (2, 12_000), (4, 24_000)]);
    }

    #[test]
    fn the_targets_preset_runs_every_ratio_with_its_own_parameters() {
        let steps = plan(&opts("c", Some(Preset::Targets))).unwrap();
        let keys: Vec<&str> = steps.iter().map(|s| s.scenario.key()).collect();
        assert_eq!(keys, vec!["a", "b", "c′", "d′", "d′", "d′", "e", "e"]);
        assert!(steps[..2].iter().all(|s| s.params == PRESET_AB));
        let e: Vec<(u32, bool)> = steps
            .iter()
            .filter_map(|s| s.limited.map(|l| (l.rpm, l.limiter)))
            .collect();
        assert_eq!(e, vec![(PRESET_E_RPM, true), (PRESET_E_RPM, false)]);
        assert!(steps[6..].iter().all(|s| s.params == PRESET_E));
    }

    fn measured(key: &str, workers: usize, tickets_per_s: f64, ideal: Option<f64>) -> Measurement {
        Measurement {
            key: key.into(),
            scenario: format!("{key}: test"),
            workers,
            concurrency: 256,
            prefetch: 500,
            latency_ms: 1000,
            tickets: 1000,
            seconds: 1000.0 / tickets_per_s,
            tickets_per_s,
            steady_tickets_per_s: tickets_per_s,
            p50_ms: 1.0,
            p95_ms: 2.0,
            p99_ms: 3.0,
            cpu_s_per_1000: 0.2,
            peak_rss_mib: 100.0,
            mean_turns: 2.0,
            ideal_tickets_per_s: ideal,
            limited: None,
            host: HostShare {
                workers_ms: 0.2,
                broker_ms: Some(0.15),
                redis_ms: None,
                harness_ms: 0.05,
                cores_busy: 1.8,
            },
        }
    }

    #[test]
    fn host_cpu_is_shared_out_per_ticket_and_a_service_elsewhere_stays_unknown() {
        let host = proc::HostCpu {
            broker: Some(2.0),
            redis: None,
            harness: 0.5,
        };
        let share = HostShare::of(1.0, host, 1000, 2.0);
        assert_eq!(share.workers_ms, 1.0);
        assert_eq!(share.broker_ms, Some(2.0));
        assert_eq!(share.redis_ms, None);
        assert_eq!(share.harness_ms, 0.5);
        assert_eq!(share.all_ms(), 3.5);
        assert_eq!(share.cores_busy, 1.75);
        let later = proc::HostCpu {
            broker: Some(5.0),
            redis: Some(1.0),
            harness: 0.75,
        };
        assert_eq!(
            later.since(&host),
            proc::HostCpu {
                broker: Some(3.0),
                redis: None,
                harness: 0.25,
            },
            "Redis that was not here before is not counted"
        );
    }

    #[test]
    fn markdown_gives_each_target_its_verdict() {
        let ms = vec![
            measured("a", 1, 1000.0, None),
            measured("b", 1, 900.0, None),
            measured("c′", 1, 400.0, Some(437.0)),
            measured("d′", 1, 100.0, Some(110.0)),
            measured("d′", 4, 390.0, Some(440.0)),
        ];
        let md = markdown(&ms, &opts("", None));
        assert!(md.contains("| (b) / (a) | 0.90 | ≥ 0.80 | met |"), "{md}");
        assert!(
            md.contains("| a: test | 0.200 | 0.150 | — | 0.050 | 0.400 | 1.80 |"),
            "{md}"
        );
        assert!(
            md.contains(
                "| (b) / (a), CPU per ticket of every process on the host | 0.400 / 0.400 ms |"
            ),
            "{md}"
        );
        assert!(
            md.contains("| (c′) / ideal, whole run | 0.915 | ≥ 0.95 | missed by 4% |"),
            "{md}"
        );
        assert!(
            md.contains("| (c′) peak RSS | 100.0 MiB | < 200 MiB | met |"),
            "{md}"
        );
        assert!(
            md.contains("| (d′) 4 workers / 1 worker | 3.90× | ≥ 3.8× | met |"),
            "{md}"
        );
        assert!(
            md.contains("| (d′) 4 workers / 1 worker, steady | 3.90× | ≥ 3.8× | met |"),
            "{md}"
        );
        assert!(!md.contains("| (d) "), "{md}");
    }

    #[test]
    fn the_steady_rate_leaves_out_the_start_and_the_drain() {
        let t0 = Instant::now();
        // 100 outcomes a second for 80 s, then a slow tail of 20 over 20 s.
        let mut arrivals: Vec<Instant> = (0..8000)
            .map(|i| t0 + Duration::from_millis(i * 10))
            .collect();
        arrivals.extend((0..20).map(|i| t0 + Duration::from_secs(80 + i)));
        let r = steady_rate(&arrivals);
        assert!((r - 100.0).abs() < 1.0, "{r}");
    }
}
