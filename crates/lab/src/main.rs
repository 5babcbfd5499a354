//! The `ticket-agent-lab` command line: generated traffic, the fake model server, the
//! benchmark and the chaos run. Argument parsing and printing only; the lab's library
//! and the product's do the work.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};

use ticket_agent::app;
use ticket_agent::config::Settings;
use ticket_agent::telemetry::{self, LogFormat};
use ticket_agent_lab::{
    answer_calibration, bench, chaos, embedding_bench, eval_worlds, fake_llm, first_tier,
    ingest_bench, intent_corpus, profile, relevance_calibration, traffic, verifier,
};

/// The proving ground of ticket-agent: traffic, a fake model, benchmarks, chaos.
#[derive(Parser)]
#[command(name = "ticket-agent-lab", version, about)]
struct Cli {
    /// Log format on stderr.
    #[arg(long, global = true, value_enum, default_value = "pretty")]
    log_format: LogFormat,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Writes generated tickets over the fixture world as JSON Lines, each with its
    /// expected outcome in an `expected` field. The same seed gives the same bytes.
    Gen {
        /// Lines in all, poison included.
        #[arg(long, default_value_t = 1000)]
        n: usize,
        /// The random seed: the same seed gives the same bytes.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The share of poison lines (not JSON, no customer, body over 32 KiB), 0 to 1.
        #[arg(long, default_value_t = 0.0)]
        poison_rate: f64,
        /// Intent weights of the other lines.
        #[arg(long, default_value = "status=45,refund=25,howto=20,escalate=10")]
        mix: traffic::Mix,
        /// Write here instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write the tickets over a synthetic shop of this many orders (most of them
        /// refundable) instead of the configured world; needs --world-out.
        #[arg(long, requires = "world_out")]
        orders: Option<usize>,
        /// Where the synthetic shop is written (`commerce.data_dir` for the workers).
        #[arg(long, requires = "orders")]
        world_out: Option<PathBuf>,
    },
    /// Serves a fake OpenAI-compatible model (the rules model's decisions) with latency
    /// and injected 429/500 errors, until SIGTERM/SIGINT.
    FakeLlm {
        /// Address to listen on (port 0: any free port; the bound address is printed).
        #[arg(long, default_value = "127.0.0.1:8089")]
        listen: String,
        /// Delay of every answer, in milliseconds.
        #[arg(long, default_value_t = 300)]
        latency_ms: u64,
        /// Up to this many more milliseconds, uniform per request.
        #[arg(long, default_value_t = 0)]
        jitter_ms: u64,
        /// Share of requests answered 429 or 500 (half each), 0 to 1.
        #[arg(long, default_value_t = 0.0)]
        error_rate: f64,
        /// Seeds jitter and failures.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Requests per minute the fake account allows (429 past it); 0: no limit.
        #[arg(long, default_value_t = 0)]
        rpm: u32,
        /// Tokens per minute it allows (prompt at 4 bytes a token plus max_tokens); 0: none.
        #[arg(long, default_value_t = 0)]
        tpm: u64,
    },
    /// Measures throughput, latency, CPU and memory on the local RabbitMQ and Redis
    /// and prints the tables of docs/benchmarks.md.
    Bench {
        /// Tickets per scenario.
        #[arg(long, default_value_t = 10_000)]
        n: usize,
        /// Traffic seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Tickets in flight per worker.
        #[arg(long, default_value_t = 256)]
        concurrency: usize,
        /// Prefetch per consumer.
        #[arg(long, default_value_t = 500)]
        prefetch: u16,
        /// Fake model latency per turn, ms.
        #[arg(long, default_value_t = 300)]
        latency_ms: u64,
        /// Scenarios to run: a (broker limit), b (rules model), c (fake model), d (scale-out),
        /// e (4 workers against one rate-limited account, the limiter on and off); c' (one
        /// worker, 2,048 in flight, 2 s a turn) and d' (1, 2 and 4 workers, 256 in flight
        /// each, 1 s a turn) have fixed parameters of their own.
        #[arg(long, default_value = "abcd")]
        scenarios: String,
        /// Runs a named set of scenarios, each with parameters of its own (the other
        /// options but --seed and --agent-binary are ignored): `targets` is a, b, c',
        /// d' and e, every ratio of docs/benchmarks.md with a target.
        #[arg(long)]
        preset: Option<bench::Preset>,
        /// The fake account's requests per minute in scenario e.
        #[arg(long, default_value_t = 1200)]
        limit_rpm: u32,
        /// Worker counts for scenario d, comma-separated.
        #[arg(long, default_value = "1,2,4")]
        scale: String,
        /// The ticket-agent binary the workers run (default: the one beside this binary).
        #[arg(long, value_name = "PATH")]
        agent_binary: Option<PathBuf>,
        /// Also write the measurements as JSON here.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// Measures the ingest API's throughput with confirms (one ticket per request, and
    /// batches) against the bare publish limit of the same broker, in one run.
    BenchIngest {
        /// Tickets per scenario.
        #[arg(long, default_value_t = 5000)]
        n: usize,
        /// Traffic seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Concurrent senders (and bare publishers).
        #[arg(long, default_value_t = 16)]
        clients: usize,
        /// Tickets per request in the batch scenario (and per confirm window of the
        /// bare publisher).
        #[arg(long, default_value_t = 100)]
        batch: usize,
        /// Rounds of the three scenarios (the median round of each is reported).
        #[arg(long, default_value_t = 3)]
        rounds: usize,
        /// The ticket-agent binary serving the API (default: the one beside this binary).
        #[arg(long, value_name = "PATH")]
        agent_binary: Option<PathBuf>,
        /// Also write the measurements as JSON here.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// Measures what the sentence encoder costs `process` with hybrid search: the same
    /// `gen` traffic through candle's encoder (before) and the packed, batched one
    /// (after), in this process, in alternating order; prints tickets/s, CPU ms per
    /// ticket and their ratios, and whether the outcomes are the same.
    BenchEmbedding {
        /// Tickets per run.
        #[arg(long, default_value_t = 300)]
        n: usize,
        /// Traffic seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Tickets in flight (default: agent.concurrency).
        #[arg(long)]
        concurrency: Option<usize>,
        /// Rounds, each running every encoder once.
        #[arg(long, default_value_t = 3)]
        rounds: usize,
        /// Also run with no encoder (BM25 alone), the floor of the rest of a ticket.
        #[arg(long)]
        lexical: bool,
        /// Texts a batch when the encoders then run alone on the texts `process` sent
        /// them (default: the tickets in flight).
        #[arg(long)]
        batch: Option<usize>,
        /// A Python with sentence-transformers installed
        /// (`scripts/sentence-transformers-venv` makes one): the encoders alone are then
        /// measured beside it.
        #[arg(long)]
        peer_python: Option<PathBuf>,
        /// Also write the measurements as JSON here.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// Submits traffic with poison, runs workers and the approvals service while killing
    /// workers and restarting Redis and RabbitMQ, then checks nothing was lost or done
    /// twice. Exits non-zero on any loss, duplicate effect or unaccounted message.
    Chaos {
        /// Lines of traffic, poison included.
        #[arg(long, default_value_t = 1000)]
        n: usize,
        /// Traffic seed.
        #[arg(long, default_value_t = 7)]
        seed: u64,
        /// Share of poison lines.
        #[arg(long, default_value_t = 0.02)]
        poison_rate: f64,
        /// Worker processes.
        #[arg(long, default_value_t = 3)]
        workers: usize,
        /// Tickets in flight per worker.
        #[arg(long, default_value_t = 16)]
        concurrency: usize,
        /// Latency of the fake model per turn, ms.
        #[arg(long, default_value_t = 100)]
        model_latency_ms: u64,
        /// SIGKILL a worker this often, in seconds.
        #[arg(long, default_value_t = 3.0)]
        kill_every_secs: f64,
        /// The workers' lease, in seconds (worker.lease_secs): how long a killed worker's
        /// tickets wait before another worker may take them.
        #[arg(long, default_value_t = 5)]
        lease_secs: u64,
        /// SIGKILL the approvals service this often, in seconds, while approvals wait
        /// or execute (a replacement starts at once); 0: never.
        #[arg(long, default_value_t = 4.0)]
        kill_approvals_every_secs: f64,
        /// Give up waiting for the drain after this many seconds.
        #[arg(long, default_value_t = 900)]
        deadline_secs: u64,
        /// Do not restart the RabbitMQ application (it affects every user of the broker).
        #[arg(long)]
        no_rabbitmq_restart: bool,
        /// Run on a Redis Cluster of the run's own (scripts/redis-cluster: three masters,
        /// three replicas on free loopback ports) and SIGKILL one of its masters at a
        /// quarter of the tickets instead of restarting a single Redis.
        #[arg(long)]
        redis_cluster: bool,
        /// Run on a RabbitMQ cluster of the run's own (scripts/rabbitmq-cluster: three
        /// nodes on free loopback ports), and stop the node that leads the tickets queue
        /// at a third of the tickets (started again 10 s later) instead of restarting
        /// the machine's broker.
        #[arg(long)]
        rabbitmq_cluster: bool,
        /// Run over a synthetic shop of this many orders, most of them refundable, so
        /// that approved refunds move money (0: the fixture world, whose five
        /// refundable orders are paid once and refuse the rest).
        #[arg(long, default_value_t = 2000)]
        orders: usize,
        /// The approvals service auto-approves refunds strictly under this many
        /// dollars by policy, and the run checks it approved exactly those (0: no
        /// policy, every refund waits for the automatic reviewer).
        #[arg(long, default_value_t = 20.0)]
        auto_approve_below: f64,
        /// Keep the approvals' database on the machine's PostgreSQL and do not crash it
        /// (by default it lives on a server of the run's own, crashed once).
        #[arg(long)]
        no_postgres_restart: bool,
        /// Give the approvals service a Redis of its own that keeps nothing on disk, and
        /// empty and restart it this many times (4 without a number) while refunds are
        /// approved, approved again and executed; the run fails on any refund call that
        /// reaches the shop after the database recorded it as paid.
        #[arg(long, value_name = "WIPES", num_args = 0..=1, default_value_t = 0, default_missing_value = "4")]
        redis_data_loss: usize,
        /// The ticket-agent binary the workers and the approvals service run (default:
        /// the one beside this binary).
        #[arg(long, value_name = "PATH")]
        agent_binary: Option<PathBuf>,
        /// Also write the report as JSON here.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// Counts the instructions per ticket of the worker with the rules model (bench
    /// scenario b) and of the bare broker loop (a) under valgrind's callgrind: each runs
    /// on --small and on --large tickets, and the difference is divided by the tickets'.
    Profile {
        /// Tickets in the smaller run.
        #[arg(long, default_value_t = 1000)]
        small: usize,
        /// Tickets in the larger run.
        #[arg(long, default_value_t = 4000)]
        large: usize,
        /// Traffic seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Tickets in flight.
        #[arg(long, default_value_t = 256)]
        concurrency: usize,
        /// Prefetch.
        #[arg(long, default_value_t = 500)]
        prefetch: u16,
        /// Scenarios to count: a, b or both.
        #[arg(long, default_value = "ab")]
        scenarios: String,
        /// Where the callgrind files go (for callgrind_annotate).
        #[arg(long, default_value = "target/profile")]
        out: PathBuf,
        /// The valgrind binary.
        #[arg(long, default_value = "valgrind")]
        valgrind: PathBuf,
        /// The ticket-agent binary the worker runs (default: the one beside this binary).
        #[arg(long, value_name = "PATH")]
        agent_binary: Option<PathBuf>,
        /// Also write the counts as JSON here.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// What one worker's heap holds at its peak with many tickets in flight: the
    /// benchmark's scenario c′, smaller, with the worker under heaptrack (or valgrind's
    /// dhat); prints the allocation sites holding the most at the peak.
    Heap {
        /// What records the heap: dhat (exact, slow) or heaptrack.
        #[arg(long, value_enum, default_value = "heaptrack")]
        tool: profile::HeapTool,
        /// Tickets.
        #[arg(long, default_value_t = 4000)]
        n: usize,
        /// Traffic seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Tickets in flight (and prefetch).
        #[arg(long, default_value_t = 2048)]
        concurrency: usize,
        /// The fake model's latency per turn, ms.
        #[arg(long, default_value_t = 2000)]
        latency_ms: u64,
        /// Allocation sites to list.
        #[arg(long, default_value_t = 25)]
        top: usize,
        /// Where the recording goes (for heaptrack_print or heaptrack_gui, or dhat's
        /// dh_view.html).
        #[arg(long, default_value = "target/profile")]
        out: PathBuf,
        /// The valgrind binary.
        #[arg(long, default_value = "valgrind")]
        valgrind: PathBuf,
        /// The ticket-agent binary the worker runs (default: the one beside this binary).
        #[arg(long, value_name = "PATH")]
        agent_binary: Option<PathBuf>,
        /// Also write the profile as JSON here.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// The numbers behind verification's relevance bar: every labelled question of the
    /// development worlds against every article of its shop, scored by similarity (with
    /// the embedding model, when it loads) and by overlap; recall and precision at the
    /// product's thresholds and across a sweep (docs/verification.md).
    RelevanceCalibration {
        /// The repository's evals folder.
        #[arg(long, default_value_os_t = eval_worlds::repo_evals())]
        evals: PathBuf,
    },
    /// The numbers behind the rules model's bar for answering with an article: every
    /// labelled how-to question and no-answer case of the development worlds searched
    /// with hybrid kb_search, and at a sweep of bars (the article's standing among the
    /// shop's) how many would be answered right, answered wrong, missed or declined
    /// (docs/evals.md). Needs the embedding model.
    AnswerCalibration {
        /// The repository's evals folder.
        #[arg(long, default_value_os_t = eval_worlds::repo_evals())]
        evals: PathBuf,
    },
    /// The cascade's first tier per eval world: how many tickets the rules model keeps
    /// when it judges itself, and how precise it is on them (docs/evals.md). A
    /// development world is judged by a bank without its own tickets. Needs the
    /// embedding model; no model server (the second tier is the rules model again).
    FirstTier {
        /// The repository's evals folder.
        #[arg(long, default_value_os_t = eval_worlds::repo_evals())]
        evals: PathBuf,
        /// Worlds to run (every world but the thread cases when none is named).
        #[arg(long = "world")]
        worlds: Vec<String>,
        /// The judge: the product's labelled bank and its regression, the same bank by
        /// nearest neighbours, or the hand-written examples alone.
        #[arg(long, value_enum, default_value = "labelled")]
        judge: first_tier::Judge,
        /// The neighbours' least score (the product's default when unset).
        #[arg(long)]
        min_score: Option<f32>,
        /// The neighbours' least lead over the runner-up (the product's default when
        /// unset).
        #[arg(long)]
        min_margin: Option<f32>,
        /// The regression's least probability (the product's default when unset).
        #[arg(long)]
        min_probability: Option<f32>,
        /// Tickets run at once.
        #[arg(long, default_value_t = 4)]
        concurrency: usize,
        /// A folder to write each world's eval report into (`WORLD.json` and its
        /// Markdown summary): which tier answered each case and why the first declined.
        #[arg(long)]
        reports: Option<PathBuf>,
    },
    /// The rules model's intent by meaning, per world: how many labelled tickets the
    /// classifier is confident about and how many of those it gets right, with the
    /// hand-written examples alone and with the bank of the development worlds'
    /// labelled tickets (docs/evals.md). Needs the embedding model.
    Intent {
        /// The repository's evals folder.
        #[arg(long, default_value_os_t = eval_worlds::repo_evals())]
        evals: PathBuf,
        /// Write the development worlds' labelled tickets to this file as the product's
        /// labelled bank (JSON lines: intent, text), the vectors of the examples and the
        /// bank beside it (the same name, `.f32`) and the weights of their regressions,
        /// the rules model's reader's and the cascade's judge's (`.reader.f64`,
        /// `.judge.f64`), and do nothing else; the product ships `data/intent-bank.*`
        /// written this way.
        #[arg(long)]
        write_bank: Option<PathBuf>,
    },
    /// Verification measured against any model: every case of every eval world run
    /// through the product's eval path with the OpenAI provider pointed at a scripted
    /// oracle (right in natural words) and a scripted liar (one unsafe move per case);
    /// prints per world the oracle's answers accepted and the lies refused, and every
    /// miss. Exits 1 when a world has the oracle under --min-accepted or a lie through.
    Verifier {
        /// One world (`fixture`, or a folder of evals/worlds).
        #[arg(long, conflicts_with = "all")]
        world: Option<String>,
        /// Every world.
        #[arg(long)]
        all: bool,
        /// The repository's evals folder.
        #[arg(long, default_value_os_t = eval_worlds::repo_evals())]
        evals: PathBuf,
        /// Trials in flight.
        #[arg(long, default_value_t = 4)]
        concurrency: usize,
        /// The share of oracle answers each world must accept.
        #[arg(long, default_value_t = 0.99)]
        min_accepted: f64,
        /// Also write the report as JSON here.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// The bare consume/SET NX/publish/ack loop of benchmark scenario (a).
    #[command(hide = true)]
    BenchLoop,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    telemetry::init_logs(cli.log_format, "warn");
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// `scripts/{name}` of the checkout this lab was built from.
fn cluster_script(name: &str) -> anyhow::Result<PathBuf> {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../scripts")
        .join(name);
    anyhow::ensure!(
        script.is_file(),
        "--{name} needs scripts/{name} of the checkout this lab was built from ({} is missing)",
        script.display()
    );
    Ok(script)
}

/// The product binary: `--agent-binary`, else `ticket-agent` beside this binary (cargo
/// puts both in one target folder).
fn agent_binary(given: Option<PathBuf>) -> anyhow::Result<PathBuf> {
    if let Some(path) = given {
        return Ok(path);
    }
    let me = std::env::current_exe().context("locating the ticket-agent-lab binary")?;
    let path = me.with_file_name(format!("ticket-agent{}", std::env::consts::EXE_SUFFIX));
    anyhow::ensure!(
        path.is_file(),
        "the ticket-agent binary is not at {}: build it first (cargo build -p ticket-agent, \
         with --release for a release lab), or pass --agent-binary",
        path.display()
    );
    Ok(path)
}

async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let settings = Settings::load()?;
    match cli.command {
        Command::Bench {
            n,
            seed,
            concurrency,
            prefetch,
            latency_ms,
            scenarios,
            preset,
            limit_rpm,
            scale,
            agent_binary: given,
            json,
        } => {
            let opts = bench::BenchOptions {
                params: bench::Params {
                    n,
                    concurrency,
                    prefetch,
                    latency_ms,
                },
                seed,
                scenarios: bench::Scenario::parse_list(&scenarios)?,
                preset,
                limit_rpm,
                scale: scale
                    .split(',')
                    .map(|s| {
                        s.trim()
                            .parse::<usize>()
                            .context("--scale takes worker counts like 1,2,4")
                    })
                    .collect::<anyhow::Result<_>>()?,
                binary: std::env::current_exe().context("locating the ticket-agent-lab binary")?,
                agent_binary: agent_binary(given)?,
            };
            let measurements = bench::run(&settings, &opts).await?;
            if let Some(path) = json {
                std::fs::write(&path, serde_json::to_string_pretty(&measurements)?)?;
            }
            println!("{}", bench::markdown(&measurements, &opts));
            Ok(ExitCode::SUCCESS)
        }
        Command::BenchIngest {
            n,
            seed,
            clients,
            batch,
            rounds,
            agent_binary: given,
            json,
        } => {
            let opts = ingest_bench::IngestBenchOptions {
                n,
                seed,
                clients: clients.max(1),
                batch: batch.max(1),
                rounds,
                agent_binary: agent_binary(given)?,
            };
            let measurements = ingest_bench::run(&settings, &opts).await?;
            if let Some(path) = json {
                std::fs::write(&path, serde_json::to_string_pretty(&measurements)?)?;
            }
            println!("{}", ingest_bench::markdown(&measurements, &opts));
            Ok(ExitCode::SUCCESS)
        }
        Command::BenchEmbedding {
            n,
            seed,
            concurrency,
            rounds,
            lexical,
            batch,
            peer_python,
            json,
        } => {
            let concurrency = concurrency.unwrap_or(settings.agent.concurrency).max(1);
            let opts = embedding_bench::EmbeddingBenchOptions {
                n: n.max(1),
                seed,
                concurrency,
                rounds: rounds.max(1),
                model_dir: settings.kb.model_dir(),
                lexical,
                batch: batch.unwrap_or(concurrency).max(1),
                peer_python,
            };
            let report = embedding_bench::run(&settings, &opts).await?;
            if let Some(path) = json {
                std::fs::write(&path, serde_json::to_string_pretty(&report)?)?;
            }
            println!("{}", embedding_bench::markdown(&report, &opts));
            Ok(ExitCode::SUCCESS)
        }
        Command::Chaos {
            n,
            seed,
            poison_rate,
            workers,
            concurrency,
            model_latency_ms,
            kill_every_secs,
            lease_secs,
            kill_approvals_every_secs,
            deadline_secs,
            no_rabbitmq_restart,
            redis_cluster,
            rabbitmq_cluster,
            orders,
            auto_approve_below,
            no_postgres_restart,
            redis_data_loss,
            agent_binary: given,
            json,
        } => {
            let opts = chaos::ChaosOptions {
                n,
                seed,
                poison_rate,
                workers: workers.max(1),
                concurrency,
                model_latency: std::time::Duration::from_millis(model_latency_ms),
                kill_every: std::time::Duration::from_secs_f64(kill_every_secs.max(0.1)),
                lease_secs: lease_secs.max(1),
                kill_approvals_every: (kill_approvals_every_secs > 0.0)
                    .then(|| std::time::Duration::from_secs_f64(kill_approvals_every_secs)),
                deadline: std::time::Duration::from_secs(deadline_secs),
                restart_rabbitmq: !no_rabbitmq_restart,
                redis_cluster: if redis_cluster {
                    Some(cluster_script("redis-cluster")?)
                } else {
                    None
                },
                rabbitmq_cluster: if rabbitmq_cluster {
                    Some(cluster_script("rabbitmq-cluster")?)
                } else {
                    None
                },
                orders,
                auto_approve_below: (auto_approve_below > 0.0).then_some(auto_approve_below),
                restart_postgres: !no_postgres_restart,
                redis_data_loss,
                binary: agent_binary(given)?,
            };
            let report = chaos::run(&settings, &opts).await?;
            if let Some(path) = json {
                std::fs::write(&path, serde_json::to_string_pretty(&report)?)?;
            }
            println!("{report}");
            Ok(if report.ok() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Profile {
            small,
            large,
            seed,
            concurrency,
            prefetch,
            scenarios,
            out,
            valgrind,
            agent_binary: given,
            json,
        } => {
            let opts = profile::ProfileOptions {
                small,
                large,
                seed,
                concurrency,
                prefetch,
                scenarios: bench::Scenario::parse_list(&scenarios)?,
                out,
                valgrind,
                binary: std::env::current_exe().context("locating the ticket-agent-lab binary")?,
                agent_binary: agent_binary(given)?,
            };
            let counts = profile::run(&settings, &opts).await?;
            if let Some(path) = json {
                std::fs::write(&path, serde_json::to_string_pretty(&counts)?)?;
            }
            println!("{}", profile::markdown(&counts));
            Ok(ExitCode::SUCCESS)
        }
        Command::Heap {
            tool,
            n,
            seed,
            concurrency,
            latency_ms,
            top,
            out,
            valgrind,
            agent_binary: given,
            json,
        } => {
            let opts = profile::HeapOptions {
                tool,
                n,
                seed,
                concurrency,
                latency_ms,
                top,
                out,
                valgrind,
                binary: std::env::current_exe().context("locating the ticket-agent-lab binary")?,
                agent_binary: agent_binary(given)?,
            };
            let heap = profile::heap(&settings, &opts).await?;
            if let Some(path) = json {
                std::fs::write(&path, serde_json::to_string_pretty(&heap)?)?;
            }
            println!("{}", profile::heap_markdown(&heap));
            Ok(ExitCode::SUCCESS)
        }
        Command::RelevanceCalibration { evals } => {
            let mode = ticket_agent::assembly::search_mode(&settings).await;
            eprintln!("{mode}");
            let embedder = match mode {
                ticket_agent::assembly::SearchMode::Hybrid(e) => Some(e),
                ticket_agent::assembly::SearchMode::Lexical(_) => None,
            };
            let pairs = tokio::task::spawn_blocking(move || {
                relevance_calibration::development_pairs(&evals, embedder)
            })
            .await??;
            println!("{}", relevance_calibration::report(&pairs));
            Ok(ExitCode::SUCCESS)
        }
        Command::AnswerCalibration { evals } => {
            let embedder = embedding_model(&settings, "answer-calibration").await?;
            let kb = settings.kb.clone();
            let searched = tokio::task::spawn_blocking(move || {
                answer_calibration::development(&evals, embedder, &kb)
            })
            .await??;
            println!("{}", answer_calibration::report(&searched));
            Ok(ExitCode::SUCCESS)
        }
        Command::FirstTier {
            evals,
            worlds,
            judge,
            min_score,
            min_margin,
            min_probability,
            concurrency,
            reports,
        } => {
            if let Some(dir) = &reports {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("creating {}", dir.display()))?;
            }
            let mut thresholds = ticket_agent::model::intent::Thresholds::default();
            thresholds.min_score = min_score.unwrap_or(thresholds.min_score);
            thresholds.min_margin = min_margin.unwrap_or(thresholds.min_margin);
            let mut training = ticket_agent::model::softmax::Training::default();
            training.min_probability = min_probability.unwrap_or(training.min_probability);
            let embedder = embedding_model(&settings, "the first tier's judge").await?;
            let rows = first_tier::run(
                &settings,
                embedder,
                &evals,
                &worlds,
                first_tier::JudgeSpec {
                    kind: judge,
                    thresholds,
                    training,
                },
                concurrency.max(1),
                reports.as_deref(),
            )
            .await?;
            println!("{}", first_tier::report(&rows));
            Ok(ExitCode::SUCCESS)
        }
        Command::Intent { evals, write_bank } => {
            let embedder = embedding_model(&settings, "the intent report").await?;
            if let Some(out) = write_bank {
                let worlds = intent_corpus::worlds(&evals)?;
                let bank = intent_corpus::bank(&worlds);
                let lines = intent_corpus::bank_lines(&bank)?;
                let (vectors, weights) = tokio::task::spawn_blocking(move || {
                    use ticket_agent::model::intent::{
                        Role, vectors_file, weights_file, with_examples,
                    };
                    let bank = with_examples(&bank);
                    let texts: Vec<&str> = bank.iter().map(|(_, t)| *t).collect();
                    let vectors = vectors_file(embedder.as_ref(), &texts)?;
                    let weights = Role::ALL
                        .into_iter()
                        .map(|role| Ok((role, weights_file(&bank, &vectors, role.training())?)))
                        .collect::<anyhow::Result<Vec<_>>>()?;
                    anyhow::Ok((vectors, weights))
                })
                .await??;
                let vectors_out = out.with_extension("f32");
                let mut files = vec![(out.clone(), lines.into_bytes()), (vectors_out, vectors)];
                for (role, bytes) in weights {
                    files.push((out.with_extension(role.weights_extension()), bytes));
                }
                for (file, bytes) in &files {
                    std::fs::write(file, bytes)
                        .with_context(|| format!("writing {}", file.display()))?;
                    eprintln!("intent: wrote {}", file.display());
                }
                return Ok(ExitCode::SUCCESS);
            }
            let scores =
                tokio::task::spawn_blocking(move || intent_corpus::compare(&evals, embedder))
                    .await??;
            println!("{}", intent_corpus::report(&scores));
            Ok(ExitCode::SUCCESS)
        }
        Command::Verifier {
            world,
            all,
            evals,
            concurrency,
            min_accepted,
            json,
        } => {
            let worlds = match (world, all) {
                (Some(w), _) => vec![w],
                (None, true) => eval_worlds::names(&evals)?,
                (None, false) => anyhow::bail!("name a world with --world W, or --all"),
            };
            let opts = verifier::VerifierOptions {
                evals,
                worlds,
                concurrency: concurrency.max(1),
            };
            let report = verifier::run(&settings, &opts).await?;
            if let Some(path) = json {
                std::fs::write(&path, serde_json::to_string_pretty(&report)?)?;
            }
            println!("{}", report.markdown());
            Ok(if report.holds(min_accepted) {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::BenchLoop => {
            bench::broker_loop(&settings, app::shutdown_signal()).await?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Gen {
            n,
            seed,
            poison_rate,
            mix,
            out,
            orders,
            world_out,
        } => {
            let synthetic = orders.zip(world_out);
            run_gen(
                &settings,
                n,
                seed,
                poison_rate,
                mix,
                out.as_deref(),
                synthetic,
            )
        }
        Command::FakeLlm {
            listen,
            latency_ms,
            jitter_ms,
            error_rate,
            seed,
            rpm,
            tpm,
        } => {
            let config = fake_llm::FakeLlmConfig {
                latency: std::time::Duration::from_millis(latency_ms),
                jitter: std::time::Duration::from_millis(jitter_ms),
                error_rate,
                seed,
                rpm,
                tpm,
                ..fake_llm::FakeLlmConfig::default()
            };
            run_fake_llm(&listen, config).await
        }
    }
}

fn run_gen(
    settings: &Settings,
    n: usize,
    seed: u64,
    poison_rate: f64,
    mix: traffic::Mix,
    out: Option<&Path>,
    synthetic: Option<(usize, PathBuf)>,
) -> anyhow::Result<ExitCode> {
    let mut world = app::load_world(settings)?;
    let now = settings.clock.now.or(world.now).context(
        "gen labels refunds against a pinned clock: set clock.now or use a world with `now`",
    )?;
    if let Some((orders, dir)) = synthetic {
        anyhow::ensure!(orders >= 1, "--orders must be at least 1");
        world = traffic::synthetic_world(orders, seed, now);
        traffic::write_world(&world, &dir)?;
        eprintln!(
            "gen: a synthetic shop of {orders} orders and {customers} customers is in {dir} (run the workers with TICKET_AGENT__COMMERCE__DATA_DIR={dir})",
            customers = world.customers.len(),
            dir = dir.display()
        );
    }
    let options = traffic::GenOptions {
        n,
        seed,
        poison_rate,
        mix,
    };
    match out {
        Some(path) => {
            let file = std::fs::File::create(path)
                .with_context(|| format!("creating {}", path.display()))?;
            let mut w = std::io::BufWriter::new(file);
            traffic::write_jsonl(&world, now, &options, &mut w)?;
        }
        None => {
            let stdout = std::io::stdout();
            let mut w = std::io::BufWriter::new(stdout.lock());
            traffic::write_jsonl(&world, now, &options, &mut w)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

async fn run_fake_llm(listen: &str, config: fake_llm::FakeLlmConfig) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        (0.0..=1.0).contains(&config.error_rate),
        "--error-rate must be between 0 and 1"
    );
    let listener = listen_wide(listen)
        .await
        .with_context(|| format!("binding {listen}"))?;
    let addr = listener.local_addr()?;
    println!("fake-llm listening on http://{addr} (base_url http://{addr}/v1)");
    std::io::stdout().flush()?;
    fake_llm::serve(listener, config, app::shutdown_signal()).await?;
    Ok(ExitCode::SUCCESS)
}

/// Connections the fake model server lets wait to be accepted. A worker at 2,048 in
/// flight opens 2,048 connections in its first moment, and tokio's default backlog of
/// 1,024 dropped the rest: their SYNs came back a second later, and bench (c′) lost
/// that second on a thousand tickets (`nstat`'s TcpExtListenOverflows). The kernel
/// caps it at `net.core.somaxconn`.
const FAKE_LLM_BACKLOG: u32 = 8192;

async fn listen_wide(listen: &str) -> anyhow::Result<tokio::net::TcpListener> {
    let addr = tokio::net::lookup_host(listen)
        .await?
        .next()
        .with_context(|| format!("{listen} resolves to no address"))?;
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    Ok(socket.listen(FAKE_LLM_BACKLOG)?)
}

/// The embedding model `settings` load, or an error saying that `what` needs it.
async fn embedding_model(
    settings: &Settings,
    what: &str,
) -> anyhow::Result<std::sync::Arc<dyn ticket_agent::embedding::Embedder>> {
    match ticket_agent::assembly::search_mode(settings).await {
        ticket_agent::assembly::SearchMode::Hybrid(embedder) => Ok(embedder),
        ticket_agent::assembly::SearchMode::Lexical(why) => {
            anyhow::bail!("{what} needs the embedding model (scripts/fetch-embedding-model): {why}")
        }
    }
}
