//! `ticket-agent-lab bench-ingest`: the ingest API's throughput with confirms, against
//! the bare publish limit of the same broker, in one run (docs/benchmarks.md).
//!
//! Three scenarios on the same generated tickets, each under its own queue and key
//! prefix: (1) the bare limit: `clients` publishers on one connection, each with its
//! own confirm channel, publishing windows of `batch` tickets (`publish_ticket` and
//! `confirmed`, what the ingest API itself calls) and waiting for the window's
//! confirms; (2) and (3) the real `ticket-agent ingest serve` as a child, `clients`
//! concurrent HTTP senders posting one ticket per request, then `batch` tickets per
//! request. Each scenario counts the tickets in the queue before it is done: a run
//! that lost or doubled one fails. Throughput is tickets confirmed per second of wall
//! time; the ratio is against scenario (1).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use serde::Serialize;

use ticket_agent::config::Settings;
use ticket_agent::domain::ticket::Ticket;
use ticket_agent::queue::submit::{confirmed, publish_ticket};
use ticket_agent::queue::{Topology, confirm_channel, connect, queue_state};

use crate::proc;

/// What to run.
#[derive(Debug, Clone)]
pub struct IngestBenchOptions {
    /// Tickets per scenario.
    pub n: usize,
    /// Traffic seed.
    pub seed: u64,
    /// Concurrent senders (and bare publishers).
    pub clients: usize,
    /// Tickets per request in the batch scenario, and per confirm window in the bare one.
    pub batch: usize,
    /// Rounds of the three scenarios; each scenario's median round is reported (a
    /// shared machine's load moves single runs a lot).
    pub rounds: usize,
    /// The ticket-agent binary to serve the API.
    pub agent_binary: PathBuf,
}

/// One measured scenario.
#[derive(Debug, Clone, Serialize)]
pub struct IngestMeasurement {
    /// Which scenario.
    pub scenario: String,
    /// Tickets per request (per confirm window for the bare publisher).
    pub batch: usize,
    /// Tickets.
    pub tickets: usize,
    /// Wall time from the first publish or request to the last confirm or answer.
    pub seconds: f64,
    /// Throughput.
    pub tickets_per_s: f64,
    /// Throughput over the bare limit's.
    pub ratio: f64,
    /// Request (or window) latency percentiles, ms.
    pub p50_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// CPU seconds of the ingest process per 1,000 tickets (0 for the bare publisher,
    /// which runs inside the benchmark).
    pub cpu_s_per_1000: f64,
    /// 503s (backpressure) answered and retried.
    pub retried: usize,
}

/// Runs the three scenarios.
///
/// # Errors
/// The broker or Redis unreachable, the ingest process not starting, or a scenario
/// whose queue does not end with exactly its tickets.
pub async fn run(
    settings: &Settings,
    opts: &IngestBenchOptions,
) -> anyhow::Result<Vec<IngestMeasurement>> {
    let tickets = crate::bench::traffic(settings, opts.n, opts.seed)?;
    let tickets: Vec<Ticket> = tickets
        .iter()
        .map(|(_, body)| Ticket::from_json(body, settings.agent.max_body_bytes))
        .collect::<Result<_, _>>()?;
    // Rounds interleave the scenarios, so that a burst of load elsewhere on the
    // machine falls on all three alike.
    let mut rounds: [Vec<IngestMeasurement>; 3] = Default::default();
    for round in 0..opts.rounds.max(1) {
        eprintln!("bench-ingest: round {}", round + 1);
        rounds[0].push(bare(settings, opts, &tickets).await?);
        rounds[1].push(ingest(settings, opts, &tickets, 1).await?);
        rounds[2].push(ingest(settings, opts, &tickets, opts.batch).await?);
    }
    let mut out: Vec<IngestMeasurement> = rounds.into_iter().map(median).collect();
    let limit = out[0].tickets_per_s;
    for m in &mut out[1..] {
        m.ratio = m.tickets_per_s / limit.max(1e-9);
    }
    Ok(out)
}

/// The round with the median throughput.
fn median(mut runs: Vec<IngestMeasurement>) -> IngestMeasurement {
    runs.sort_by(|a, b| a.tickets_per_s.total_cmp(&b.tickets_per_s));
    runs.swap_remove(runs.len() / 2)
}

/// A scenario's own prefix, topology and connection.
struct Corner {
    settings: Settings,
    topology: Topology,
    conn: lapin::Connection,
    ch: lapin::Channel,
}

impl Corner {
    async fn open(settings: &Settings) -> anyhow::Result<Corner> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)?
            .as_nanos();
        let prefix = format!("ta-bench-ingest-{}-{nanos}", std::process::id());
        let mut settings = settings.clone();
        settings.amqp.prefix = prefix.clone();
        settings.redis.key_prefix = prefix;
        let topology = Topology::from_settings(&settings.amqp, &settings.worker);
        let conn = connect(settings.amqp.url.expose(), "ticket-agent bench-ingest").await?;
        let ch = confirm_channel(&conn).await?;
        topology.declare(&ch, &settings.amqp).await?;
        Ok(Corner {
            settings,
            topology,
            conn,
            ch,
        })
    }

    /// Waits until the tickets queue holds exactly `n` (quorum queues count a
    /// confirmed message a moment later), then deletes everything.
    async fn settle_and_close(self, n: usize) -> anyhow::Result<()> {
        let start = Instant::now();
        let mut depth = 0;
        while start.elapsed() < Duration::from_secs(30) {
            depth = queue_state(&self.ch, &self.topology.tickets_queue)
                .await?
                .message_count() as usize;
            if depth >= n {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let depth = depth.max(
            queue_state(&self.ch, &self.topology.tickets_queue)
                .await?
                .message_count() as usize,
        );
        self.topology.delete(&self.ch).await?;
        if let Ok(redis) = ticket_agent::kv::connect(&self.settings.redis.url).await {
            let pattern = format!("{}:*", self.settings.redis.key_prefix);
            let _ = ticket_agent::kv::delete_matching(&redis, &[pattern]).await;
        }
        let _ = self.conn.close(200, "bench done".into()).await;
        anyhow::ensure!(
            depth == n,
            "the tickets queue holds {depth} tickets, not {n}"
        );
        Ok(())
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted
        .get(((sorted.len() as f64 - 1.0) * p).round() as usize)
        .copied()
        .unwrap_or(0.0)
}

async fn bare(
    settings: &Settings,
    opts: &IngestBenchOptions,
    tickets: &[Ticket],
) -> anyhow::Result<IngestMeasurement> {
    let name = format!("bare publish, confirms per window of {}", opts.batch);
    eprintln!("bench-ingest: {name}: {} tickets", tickets.len());
    let corner = Corner::open(settings).await?;
    let windows: Arc<Vec<Vec<Ticket>>> =
        Arc::new(tickets.chunks(opts.batch).map(<[Ticket]>::to_vec).collect());
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..opts.clients {
        let ch = confirm_channel(&corner.conn).await?;
        let (windows, next, topology) = (windows.clone(), next.clone(), corner.topology.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(window) = windows.get(i) else {
                    return anyhow::Ok(latencies);
                };
                let t = Instant::now();
                let mut pending = Vec::with_capacity(window.len());
                for ticket in window {
                    pending.push(publish_ticket(&ch, &topology, ticket).await?);
                }
                for confirm in pending {
                    confirmed(confirm, &topology).await?;
                }
                latencies.push(t.elapsed().as_secs_f64() * 1000.0);
            }
        }));
    }
    let mut latencies = Vec::new();
    for t in tasks {
        latencies.extend(t.await??);
    }
    let seconds = started.elapsed().as_secs_f64();
    corner.settle_and_close(tickets.len()).await?;
    latencies.sort_by(f64::total_cmp);
    Ok(IngestMeasurement {
        scenario: name,
        batch: opts.batch,
        tickets: tickets.len(),
        seconds,
        tickets_per_s: tickets.len() as f64 / seconds.max(1e-9),
        ratio: 1.0,
        p50_ms: percentile(&latencies, 0.5),
        p99_ms: percentile(&latencies, 0.99),
        cpu_s_per_1000: 0.0,
        retried: 0,
    })
}

async fn ingest(
    settings: &Settings,
    opts: &IngestBenchOptions,
    tickets: &[Ticket],
    batch: usize,
) -> anyhow::Result<IngestMeasurement> {
    let name = format!("ingest API, {batch} ticket(s) per request");
    eprintln!("bench-ingest: {name}: {} tickets", tickets.len());
    let corner = Corner::open(settings).await?;
    let logs = std::env::temp_dir().join(&corner.settings.amqp.prefix);
    std::fs::create_dir_all(&logs)?;
    let listen = format!("127.0.0.1:{}", proc::free_port()?);
    let token = format!("{:032x}", rand::random::<u128>());
    let in_flight = (opts.clients * batch).max(2000).to_string();
    let env: Vec<(String, String)> = vec![
        (
            "TICKET_AGENT__AMQP__PREFIX".into(),
            corner.settings.amqp.prefix.clone(),
        ),
        (
            "TICKET_AGENT__REDIS__KEY_PREFIX".into(),
            corner.settings.redis.key_prefix.clone(),
        ),
        (
            "TICKET_AGENT__AMQP__URL".into(),
            corner.settings.amqp.url.expose().to_string(),
        ),
        (
            "TICKET_AGENT__REDIS__URL".into(),
            corner.settings.redis.url.expose().to_string(),
        ),
        ("TICKET_AGENT__INGEST__LISTEN".into(), listen.clone()),
        ("TICKET_AGENT__INGEST__MAX_IN_FLIGHT".into(), in_flight),
        (
            "TICKET_AGENT__INGEST__MAX_BATCH".into(),
            batch.max(1).to_string(),
        ),
        (
            "TICKET_AGENT__INGEST__SENDERS_ENV".into(),
            "TA_BENCH_INGEST_TOKENS".into(),
        ),
        ("TA_BENCH_INGEST_TOKENS".into(), format!("bench:{token}")),
    ];
    let child = proc::spawn(
        &opts.agent_binary,
        &["ingest", "serve"],
        &env,
        &logs.join("ingest.log"),
    )?;
    proc::wait_tcp(&listen, Duration::from_secs(30))
        .await
        .with_context(|| format!("the ingest API did not start (logs in {})", logs.display()))?;

    let bodies: Arc<Vec<(usize, Vec<u8>)>> = Arc::new(
        tickets
            .chunks(batch)
            .map(|chunk| {
                let body = if batch == 1 {
                    serde_json::to_vec(&chunk[0])
                } else {
                    serde_json::to_vec(chunk)
                };
                body.map(|b| (chunk.len(), b))
            })
            .collect::<Result<_, _>>()?,
    );
    let url = format!("http://{listen}/v1/tickets");
    let client = reqwest::Client::new();
    let next = Arc::new(AtomicUsize::new(0));
    let before = child.usage();
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..opts.clients {
        let (bodies, next, client, url, token) = (
            bodies.clone(),
            next.clone(),
            client.clone(),
            url.clone(),
            token.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut retried = 0;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((count, body)) = bodies.get(i) else {
                    return anyhow::Ok((latencies, retried));
                };
                loop {
                    let t = Instant::now();
                    let response = client
                        .post(&url)
                        .bearer_auth(&token)
                        .header("content-type", "application/json")
                        .body(body.clone())
                        .send()
                        .await?;
                    let status = response.status().as_u16();
                    let answer: serde_json::Value = response.json().await?;
                    if status == 503 {
                        retried += 1;
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                    anyhow::ensure!(
                        status == 202 && answer["published"].as_u64() == Some(*count as u64),
                        "request {i}: {status} {answer}"
                    );
                    latencies.push(t.elapsed().as_secs_f64() * 1000.0);
                    break;
                }
            }
        }));
    }
    let mut latencies = Vec::new();
    let mut retried = 0;
    for t in tasks {
        let (l, r) = t.await??;
        latencies.extend(l);
        retried += r;
    }
    let seconds = started.elapsed().as_secs_f64();
    let cpu = child.usage().cpu_secs - before.cpu_secs;
    child.stop(Duration::from_secs(40)).await;
    corner.settle_and_close(tickets.len()).await?;
    let _ = std::fs::remove_dir_all(&logs);
    latencies.sort_by(f64::total_cmp);
    let m = IngestMeasurement {
        scenario: name,
        batch,
        tickets: tickets.len(),
        seconds,
        tickets_per_s: tickets.len() as f64 / seconds.max(1e-9),
        ratio: 0.0,
        p50_ms: percentile(&latencies, 0.5),
        p99_ms: percentile(&latencies, 0.99),
        cpu_s_per_1000: cpu / tickets.len() as f64 * 1000.0,
        retried,
    };
    eprintln!(
        "bench-ingest: {}: {:.0} tickets/s",
        m.scenario, m.tickets_per_s
    );
    Ok(m)
}

/// The table of docs/benchmarks.md.
pub fn markdown(ms: &[IngestMeasurement], opts: &IngestBenchOptions) -> String {
    let mut s = format!(
        "{} clients; {} tickets per scenario; the median of {} rounds\n\n| scenario | tickets/s | ratio to bare | p50 ms | p99 ms | ingest CPU s / 1,000 tickets | 503s retried |\n|---|---|---|---|---|---|---|\n",
        opts.clients,
        ms.first().map_or(0, |m| m.tickets),
        opts.rounds.max(1)
    );
    for m in ms {
        s.push_str(&format!(
            "| {} | {:.0} | {:.2} | {:.1} | {:.1} | {:.2} | {} |\n",
            m.scenario, m.tickets_per_s, m.ratio, m.p50_ms, m.p99_ms, m.cpu_s_per_1000, m.retried
        ));
    }
    s
}
