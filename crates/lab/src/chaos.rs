//! `ticket-agent-lab chaos`: the promise — nothing lost, nothing done twice — checked
//! under faults, in the spirit of Jepsen.
//!
//! Against the local RabbitMQ (under its own prefix) and a Redis of its own (started
//! with AOF on a free port), it submits generated traffic with poison in it, runs
//! several `ticket-agent worker` processes and `ticket-agent approvals serve` with an
//! automatic reviewer approving every proposed refund through the API, against a fake
//! HTTP commerce server that records every refund call with its idempotency key.
//! Meanwhile it SIGKILLs a random worker every few seconds and starts a new one,
//! restarts Redis once and the RabbitMQ application once. Then it waits for the queues
//! to drain and checks every ticket, every dead letter and every refund.
//!
//! With `orders`, the shop is a synthetic one of that many orders, most of them
//! refundable, so that the refunds approved actually move money instead of being
//! refused as already paid; with `auto_approve_below`, the approvals service runs a
//! policy that approves refunds under that amount itself, and the run checks that it
//! approved exactly those; with `restart_postgres`, the approvals' database is a
//! PostgreSQL server of the run's own ([`crate::pgserver`]), crashed and restarted once
//! while approvals are being decided and executed.
//!
//! With `redis_cluster`, Redis is a Redis Cluster of its own (`scripts/redis-cluster`:
//! three masters, three replicas), and the Redis fault is a master SIGKILLed (its
//! replica promoted) and later started again, with the time the fleet took to notice
//! and to recover measured.
//!
//! With `redis_data_loss`, the approvals service has a Redis of its own that keeps
//! nothing on disk, emptied and restarted several times while refunds are approved,
//! approved again (the automatic reviewer re-approves executed ones) and executed, the
//! service itself SIGKILLed as usual: the database alone must keep every refund to one
//! payment. Whatever the mode, every refund call that reaches the shop after the
//! database recorded that execution as succeeded is counted (`paid_after_settled`):
//! only the shop's own idempotency key stood between it and a second payment.
//!
//! With `rabbitmq_cluster`, RabbitMQ is a three-node cluster of its own
//! (`scripts/rabbitmq-cluster`) whose nodes every process lists in `amqp.url`, and the
//! broker fault is the node that leads the tickets queue stopped (started again 10 s
//! later), with the time until a client saw it, the cluster elected a new leader and
//! every worker consumed again measured; the machine's own broker is not touched.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use axum::extract::{Path as UrlPath, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use lapin::options::{BasicGetOptions, BasicPublishOptions};
use rand::{Rng, SeedableRng};
use rustix::process::Signal;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use ticket_agent::commerce::embedded::World;
use ticket_agent::config::Settings;
use ticket_agent::domain::money::Usd;
use ticket_agent::domain::ticket::Ticket;

use crate::proc::{self, Child};
use ticket_agent::queue::{TICKET_KEY, Topology, confirm_channel, connect, queue_state};

/// What to run.
#[derive(Debug, Clone)]
pub struct ChaosOptions {
    /// Lines of traffic, poison included.
    pub n: usize,
    /// Traffic seed (also seeds which worker dies).
    pub seed: u64,
    /// Share of poison lines.
    pub poison_rate: f64,
    /// Worker processes kept running.
    pub workers: usize,
    /// Tickets in flight per worker.
    pub concurrency: usize,
    /// Latency per model turn of the fake model server the workers call (so that
    /// faults land on tickets in flight).
    pub model_latency: Duration,
    /// A worker is SIGKILLed this often.
    pub kill_every: Duration,
    /// The workers' `worker.lease_secs`: how long a killed worker's tickets stay leased.
    pub lease_secs: u64,
    /// The approvals service is SIGKILLed this often while approvals wait or execute
    /// (and replaced at once); none: it runs through.
    pub kill_approvals_every: Option<Duration>,
    /// Give up waiting for the drain after this long.
    pub deadline: Duration,
    /// Restart the RabbitMQ application once (needs `rabbitmqctl`; affects every user
    /// of the local broker for a few seconds).
    pub restart_rabbitmq: bool,
    /// Run on a Redis Cluster of its own, and kill one of its masters instead of
    /// restarting a single Redis.
    pub redis_cluster: Option<PathBuf>,
    /// Run on a RabbitMQ cluster of its own, and stop the node that leads the tickets
    /// queue instead of restarting the machine's broker.
    pub rabbitmq_cluster: Option<PathBuf>,
    /// Orders of a synthetic shop to run over ([`crate::traffic::synthetic_world`]);
    /// 0: the fixture world.
    pub orders: usize,
    /// An auto-approval policy for refunds strictly under this many dollars.
    pub auto_approve_below: Option<f64>,
    /// Keep the approvals' database in a PostgreSQL server of the run's own and crash
    /// it once (otherwise a scratch database on the machine's server, left running).
    pub restart_postgres: bool,
    /// Give the approvals service a Redis of its own that keeps nothing on disk, and
    /// empty and restart it this many times while approvals are decided, approved again
    /// and executed (the automatic reviewer then also approves decided refunds again);
    /// 0: the approvals service shares the workers' Redis, which keeps its data.
    pub redis_data_loss: usize,
    /// The ticket-agent binary.
    pub binary: PathBuf,
}

/// The Jepsen-style verdict.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ChaosReport {
    /// Lines submitted.
    pub submitted: usize,
    /// Of which poison.
    pub poison: usize,
    /// Valid tickets.
    pub tickets: usize,
    /// Valid tickets with exactly one final outcome.
    pub exactly_one_outcome: usize,
    /// Valid tickets with no outcome.
    pub lost: usize,
    /// Valid tickets with two different outcomes.
    pub duplicated: usize,
    /// Extra copies of an identical outcome message (re-published after a crash;
    /// consumers deduplicate them by message_id).
    pub republished_copies: usize,
    /// Done records in Redis.
    pub done_records: usize,
    /// Distinct poison messages (by message id) found in the dead-letter queue.
    pub poison_dead: usize,
    /// Extra copies of a poison message there: its dead-letter copy confirmed, the ack
    /// or the confirm lost in a broker restart, and the redelivery dead-lettered again
    /// (the worker's dead-letter record makes this rare; replaying both is harmless).
    pub poison_dead_copies: usize,
    /// Valid tickets found in the dead-letter queue.
    pub valid_dead: usize,
    /// Messages left in the tickets or retry queues.
    pub left_in_queues: usize,
    /// Refunds proposed (tickets ending refund_proposed).
    pub refunds_proposed: usize,
    /// Approvals executed (money moved, or the shop had already paid under the key).
    pub refunds_executed: usize,
    /// Approvals the shop refused for good (e.g. the order already refunded in full by
    /// another ticket's refund): recorded as failed, never retried with a new key.
    pub refunds_refused: usize,
    /// Orders whose refunds add up to more than their total.
    pub orders_over_refunded: usize,
    /// Approvals whose ticket the approvals service escalated after the decision (a
    /// refused refund, a rejection, an expiry), counted once per approval.
    pub approval_followups: usize,
    /// Refund calls that moved money.
    pub refund_calls_moved_money: usize,
    /// Refund calls the shop answered from its idempotency record (a second call with
    /// the same key: the key was the guard).
    pub refund_calls_stopped_by_key: usize,
    /// (ticket, order) pairs paid more than once.
    pub double_refunds: usize,
    /// Refund calls that reached the shop after the database had recorded that
    /// approval's execution as succeeded: each one a second payment, but for the shop's
    /// own idempotency key. The database must stop them all.
    pub paid_after_settled: usize,
    /// Times the approvals service's Redis was emptied and restarted.
    pub redis_wipes: usize,
    /// Resolution rate (resolved or refund proposed) on this traffic.
    pub resolution_rate: f64,
    /// The same, on the tickets whose label says they should close (the seed's
    /// "resolution without escalation", target above 85%).
    pub resolution_on_resolvable: f64,
    /// Escalation rate on this traffic.
    pub escalation_rate: f64,
    /// Outcomes that match the generator's label.
    pub label_agreement: f64,
    /// Workers SIGKILLed.
    pub kills: usize,
    /// Approvals services SIGKILLed (and replaced).
    pub approvals_kills: usize,
    /// The workers' lease, seconds.
    pub lease_secs: u64,
    /// Kills that left tickets leased to the dead worker.
    pub kills_holding_tickets: usize,
    /// Tickets a killed worker held, recovered by the others.
    pub recovered_tickets: usize,
    /// Of those kills, the ones whose tickets had not all finished by the drain.
    pub kills_not_recovered: usize,
    /// Seconds from a kill to the last of its tickets finishing elsewhere: the worst
    /// kill, and the mean over the kills that held tickets.
    pub recovery_secs_max: f64,
    /// The mean of the above.
    pub recovery_secs_mean: f64,
    /// Times a recovered ticket was found busy and sent to wait for the dead worker's
    /// lease: the most for one ticket, and the mean.
    pub waits_per_recovered_max: usize,
    /// The mean of the above.
    pub waits_per_recovered_mean: f64,
    /// Redis restarts.
    pub redis_restarts: usize,
    /// Redis Cluster masters SIGKILLed (and started again later, as replicas).
    pub redis_master_kills: usize,
    /// Seconds from the master's kill until a worker-side check saw it (Redis PING on
    /// every master failing; 0 when it did not within 10 s).
    pub redis_failover_noticed_secs: f64,
    /// Seconds from the kill until the cluster had marked the master failed and served
    /// every slot again (its replica promoted).
    pub redis_failover_recovered_secs: f64,
    /// RabbitMQ application restarts.
    pub rabbitmq_restarts: usize,
    /// RabbitMQ cluster nodes stopped (each the tickets queue's leader, started again).
    pub rabbitmq_node_stops: usize,
    /// Seconds from the stop until a client connected to that node lost its connection.
    pub rabbitmq_failover_noticed_secs: f64,
    /// Seconds from the stop until a surviving node named a new leader of the tickets
    /// queue (0: none did within two minutes).
    pub rabbitmq_leader_elected_secs: f64,
    /// Seconds from the stop until every worker consumed the tickets queue again, as a
    /// surviving node counts its consumers (0: not within two minutes).
    pub rabbitmq_failover_recovered_secs: f64,
    /// PostgreSQL crashes (and restarts) of the approvals' database.
    pub postgres_restarts: usize,
    /// Seconds the database was away in its restart.
    pub postgres_down_secs: f64,
    /// Refund tickets whose approval is not in the approvals' database.
    pub approvals_lost: usize,
    /// Approvals with more approving decisions than they needed.
    pub decided_twice: usize,
    /// Approvals the policy decided (author `policy:…`).
    pub auto_approved: usize,
    /// Of those, approvals the policy did not allow (at or above its amount).
    pub auto_approved_outside_policy: usize,
    /// Refunds under the policy's amount that a human decided instead.
    pub under_policy_left_to_humans: usize,
    /// Seconds from the first publish to the drain.
    pub seconds: f64,
}

impl ChaosReport {
    /// Whether the run kept every promise.
    pub fn ok(&self) -> bool {
        self.lost == 0
            && self.duplicated == 0
            && self.double_refunds == 0
            && self.paid_after_settled == 0
            && self.valid_dead == 0
            && self.left_in_queues == 0
            && self.poison_dead == self.poison
            && self.exactly_one_outcome == self.tickets
            && self.done_records == self.tickets
            && self.refunds_executed + self.refunds_refused == self.refunds_proposed
            && self.refund_calls_moved_money == self.refunds_executed
            && self.orders_over_refunded == 0
            && self.approval_followups == self.refunds_refused
            && self.approvals_lost == 0
            && self.decided_twice == 0
            && self.auto_approved_outside_policy == 0
            && self.under_policy_left_to_humans == 0
    }
}

impl std::fmt::Display for ChaosReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mark = |ok: bool| if ok { "ok " } else { "FAIL" };
        writeln!(
            f,
            "chaos: {} lines ({} poison) in {:.1} s; faults: {} worker kills, {} approvals-service kills, {} Redis restart(s), {} approvals' Redis emptied and restarted, {} Redis Cluster master kill(s), {} RabbitMQ restart(s), {} RabbitMQ cluster node stop(s), {} PostgreSQL crash(es)",
            self.submitted,
            self.poison,
            self.seconds,
            self.kills,
            self.approvals_kills,
            self.redis_restarts,
            self.redis_wipes,
            self.redis_master_kills,
            self.rabbitmq_restarts,
            self.rabbitmq_node_stops,
            self.postgres_restarts
        )?;
        if self.rabbitmq_node_stops > 0 {
            writeln!(
                f,
                "       RabbitMQ cluster failover: the tickets queue's leader node stopped; its clients cut off {:.1} s after, a new leader elected by {:.1} s, every worker consuming again through the other nodes {:.1} s after the stop",
                self.rabbitmq_failover_noticed_secs,
                self.rabbitmq_leader_elected_secs,
                self.rabbitmq_failover_recovered_secs
            )?;
        }
        if self.postgres_restarts > 0 {
            writeln!(
                f,
                "       PostgreSQL crashed (immediate shutdown) and was accepting connections again {:.1} s later",
                self.postgres_down_secs
            )?;
        }
        if self.redis_master_kills > 0 {
            writeln!(
                f,
                "       Redis Cluster failover: noticed {:.1} s after the master's kill, every slot served again after {:.1} s",
                self.redis_failover_noticed_secs, self.redis_failover_recovered_secs
            )?;
        }
        writeln!(
            f,
            "  {} tickets with exactly one final outcome: {} of {}",
            mark(self.exactly_one_outcome == self.tickets),
            self.exactly_one_outcome,
            self.tickets
        )?;
        writeln!(f, "  {} lost: {}", mark(self.lost == 0), self.lost)?;
        writeln!(
            f,
            "  {} duplicated (two different outcomes): {}",
            mark(self.duplicated == 0),
            self.duplicated
        )?;
        writeln!(
            f,
            "       re-published identical outcome copies (deduplicated by message_id): {}",
            self.republished_copies
        )?;
        writeln!(
            f,
            "  {} done records: {} of {}",
            mark(self.done_records == self.tickets),
            self.done_records,
            self.tickets
        )?;
        writeln!(
            f,
            "  {} poison in the dead-letter queue: {} of {}",
            mark(self.poison_dead == self.poison),
            self.poison_dead,
            self.poison
        )?;
        if self.poison_dead_copies > 0 {
            writeln!(
                f,
                "       extra copies of a poison message there (an ack or a confirm lost in a broker restart): {}",
                self.poison_dead_copies
            )?;
        }
        writeln!(
            f,
            "  {} valid tickets dead-lettered: {}",
            mark(self.valid_dead == 0),
            self.valid_dead
        )?;
        writeln!(
            f,
            "  {} messages left in the tickets and retry queues: {}",
            mark(self.left_in_queues == 0),
            self.left_in_queues
        )?;
        let refunds_ok = self.double_refunds == 0
            && self.paid_after_settled == 0
            && self.orders_over_refunded == 0
            && self.refund_calls_moved_money == self.refunds_executed
            && self.refunds_executed + self.refunds_refused == self.refunds_proposed;
        writeln!(
            f,
            "  {} refunds: {} proposed and approved; {} executed ({} calls moved money), {} refused (the order had nothing left to refund, or is no longer eligible); {} (ticket, order) paid twice; {} calls after the execution was recorded; {} orders over-refunded",
            mark(refunds_ok),
            self.refunds_proposed,
            self.refunds_executed,
            self.refund_calls_moved_money,
            self.refunds_refused,
            self.double_refunds,
            self.paid_after_settled,
            self.orders_over_refunded
        )?;
        writeln!(
            f,
            "       second calls stopped by the shop's idempotency key: {}",
            self.refund_calls_stopped_by_key
        )?;
        writeln!(
            f,
            "  {} approvals: {} lost, {} decided twice; {} approved by the policy, {} of them outside it, {} under its amount left to humans",
            mark(
                self.approvals_lost == 0
                    && self.decided_twice == 0
                    && self.auto_approved_outside_policy == 0
                    && self.under_policy_left_to_humans == 0
            ),
            self.approvals_lost,
            self.decided_twice,
            self.auto_approved,
            self.auto_approved_outside_policy,
            self.under_policy_left_to_humans
        )?;
        writeln!(
            f,
            "  {} refused refunds whose ticket was escalated with the reason: {} of {}",
            mark(self.approval_followups == self.refunds_refused),
            self.approval_followups,
            self.refunds_refused
        )?;
        if self.kills_holding_tickets > 0 {
            writeln!(
                f,
                "  {} recovery after a kill ({} kills held {} tickets, lease {} s): last ticket finished elsewhere {:.1} s after the kill at worst, {:.1} s mean (target under lease + 10 s); {} kill(s) not recovered by the drain",
                mark(
                    self.kills_not_recovered == 0
                        && self.recovery_secs_max < self.lease_secs as f64 + 10.0
                ),
                self.kills_holding_tickets,
                self.recovered_tickets,
                self.lease_secs,
                self.recovery_secs_max,
                self.recovery_secs_mean,
                self.kills_not_recovered
            )?;
            writeln!(
                f,
                "  {} waits for a dead worker's lease per recovered ticket: {} at most, {:.2} mean (target at most 3)",
                mark(self.waits_per_recovered_max <= 3),
                self.waits_per_recovered_max,
                self.waits_per_recovered_mean
            )?;
        }
        writeln!(
            f,
            "       resolution rate {:.1}% of all tickets, {:.1}% of those that should close (seed target > 85%); escalation rate {:.1}%; agreement with the generator's labels {:.1}%",
            self.resolution_rate * 100.0,
            self.resolution_on_resolvable * 100.0,
            self.escalation_rate * 100.0,
            self.label_agreement * 100.0
        )?;
        write!(
            f,
            "verdict: {}",
            if self.ok() {
                "nothing lost, nothing done twice"
            } else {
                "FAILED"
            }
        )
    }
}

/// The fake order service's refund ledger: every call, with its key.
#[derive(Default)]
struct Shop {
    /// The orders as the world has them, served on `GET /orders/{id}` with the refunded
    /// amount of now.
    orders: HashMap<String, ticket_agent::commerce::Order>,
    totals: HashMap<String, Usd>,
    refunded: HashMap<String, Usd>,
    /// key → (order, amount, confirmation)
    by_key: HashMap<String, (String, Usd, String)>,
    moved: Vec<(String, String, Usd)>,
    stopped_by_key: usize,
    /// Calls with a key already paid, and when they came: checked afterwards against
    /// when the database recorded that execution.
    repeats: Vec<(String, chrono::DateTime<chrono::Utc>)>,
}

async fn order(
    State(shop): State<Arc<Mutex<Shop>>>,
    UrlPath(order): UrlPath<String>,
) -> (StatusCode, Json<Value>) {
    let s = shop.lock().expect("shop");
    match s.orders.get(&order) {
        Some(o) => {
            let mut o = o.clone();
            o.refunded_usd = s.refunded.get(&order).copied().unwrap_or(o.refunded_usd);
            (StatusCode::OK, Json(json!(o)))
        }
        None => (
            StatusCode::NOT_FOUND,
            Json(json!({ "error": "order_not_found" })),
        ),
    }
}

#[derive(Deserialize)]
struct RefundBody {
    amount_usd: f64,
}

async fn refund(
    State(shop): State<Arc<Mutex<Shop>>>,
    UrlPath(order): UrlPath<String>,
    headers: HeaderMap,
    Json(body): Json<RefundBody>,
) -> (StatusCode, Json<Value>) {
    let Some(key) = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
    else {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error": "Idempotency-Key required" })),
        );
    };
    let Ok(amount) = Usd::from_dollars(body.amount_usd) else {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error": "bad amount" })),
        );
    };
    let mut s = shop.lock().expect("shop");
    if let Some((o, a, confirmation)) = s.by_key.get(&key).cloned() {
        if o == order && a == amount {
            s.stopped_by_key += 1;
            s.repeats.push((key.clone(), chrono::Utc::now()));
            return (
                StatusCode::OK,
                Json(json!({ "confirmation_id": confirmation, "replayed": true })),
            );
        }
        return (
            StatusCode::CONFLICT,
            Json(json!({ "error": "idempotency_key_reused" })),
        );
    }
    let Some(total) = s.totals.get(&order).copied() else {
        return (
            StatusCode::NOT_FOUND,
            Json(json!({ "error": "order_not_found" })),
        );
    };
    let refunded = s.refunded.get(&order).copied().unwrap_or(Usd::ZERO);
    let refundable = total.saturating_sub(refunded);
    if amount > refundable {
        return (
            StatusCode::UNPROCESSABLE_ENTITY,
            Json(json!({ "refundable_usd": refundable })),
        );
    }
    let confirmation = format!("rf_chaos_{}", s.moved.len() + 1);
    s.refunded.insert(order.clone(), refunded + amount);
    s.by_key
        .insert(key.clone(), (order.clone(), amount, confirmation.clone()));
    s.moved.push((key, order, amount));
    (
        StatusCode::CREATED,
        Json(json!({ "confirmation_id": confirmation })),
    )
}

/// A Redis on `port`, with AOF (`durable`: a restart keeps what was written) or keeping
/// nothing on disk, as the documented setting of the product's Redis does.
fn start_redis(port: u16, dir: &Path, durable: bool) -> anyhow::Result<Child> {
    let mut cmd = tokio::process::Command::new("redis-server");
    cmd.args([
        "--port",
        &port.to_string(),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        if durable { "yes" } else { "no" },
        "--appendfsync",
        "always",
    ])
    .arg("--dir")
    .arg(dir)
    .stdout(Stdio::null())
    .stderr(Stdio::null());
    Child::start(cmd).context("starting redis-server (is it installed?)")
}

/// The Redis the run uses: one server with AOF, or a cluster from
/// `scripts/redis-cluster`.
enum Redis {
    Single {
        child: Option<Child>,
        port: u16,
        dir: PathBuf,
    },
    Cluster {
        script: PathBuf,
        dir: PathBuf,
        ports: Vec<u16>,
    },
}

impl Redis {
    async fn start(dir: &Path, cluster_script: Option<&Path>) -> anyhow::Result<(Redis, String)> {
        match cluster_script {
            None => {
                let port = proc::free_port()?;
                let addr = format!("127.0.0.1:{port}");
                let child = start_redis(port, dir, true)?;
                proc::wait_tcp(&addr, Duration::from_secs(10)).await?;
                let redis = Redis::Single {
                    child: Some(child),
                    port,
                    dir: dir.to_path_buf(),
                };
                Ok((redis, format!("redis://{addr}")))
            }
            Some(script) => {
                let cluster_dir = dir.join("redis-cluster");
                let urls = start_cluster(script, &cluster_dir).await?;
                let ports = urls
                    .split(',')
                    .filter_map(|u| u.rsplit(':').next()?.parse().ok())
                    .collect();
                let redis = Redis::Cluster {
                    script: script.to_path_buf(),
                    dir: cluster_dir,
                    ports,
                };
                Ok((redis, urls))
            }
        }
    }

    async fn stop(self) {
        match self {
            Redis::Single { child, .. } => drop(child),
            Redis::Cluster { script, dir, .. } => {
                let _ = cluster_command(&script, &["stop".as_ref(), dir.as_os_str()]).await;
            }
        }
    }
}

/// The approvals service's own Redis under `redis_data_loss`: nothing on disk, emptied
/// and restarted while approvals are decided and executed.
struct ForgetfulRedis {
    child: Option<Child>,
    port: u16,
    dir: PathBuf,
}

impl ForgetfulRedis {
    async fn start(dir: &Path) -> anyhow::Result<Self> {
        let dir = dir.join("approvals-redis");
        std::fs::create_dir_all(&dir)?;
        let port = proc::free_port()?;
        let child = start_redis(port, &dir, false)?;
        proc::wait_tcp(&format!("127.0.0.1:{port}"), Duration::from_secs(10)).await?;
        Ok(Self {
            child: Some(child),
            port,
            dir,
        })
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Everything it held is gone: `FLUSHALL`, then a restart with nothing to load.
    async fn wipe(&mut self) -> anyhow::Result<()> {
        if let Ok(conn) = ticket_agent::kv::connect(self.url().as_str()).await {
            let mut c = conn.clone();
            let _: Result<(), _> = redis::cmd("FLUSHALL").query_async(&mut c).await;
        }
        if let Some(old) = self.child.take() {
            old.stop(Duration::from_secs(10)).await;
        }
        self.child = Some(start_redis(self.port, &self.dir, false)?);
        proc::wait_tcp(&format!("127.0.0.1:{}", self.port), Duration::from_secs(10)).await
    }
}

/// Runs a cluster script's subcommand (`scripts/redis-cluster`, `scripts/rabbitmq-cluster`).
async fn cluster_command(script: &Path, args: &[&std::ffi::OsStr]) -> anyhow::Result<()> {
    let status = tokio::process::Command::new(script)
        .args(args)
        .status()
        .await?;
    anyhow::ensure!(status.success(), "{} {args:?} failed", script.display());
    Ok(())
}

/// Starts a cluster script's cluster in `dir`, stopped by the script itself once this
/// process has exited; returns what it prints (the nodes' URLs, comma-separated).
async fn start_cluster(script: &Path, dir: &Path) -> anyhow::Result<String> {
    let out = tokio::process::Command::new(script)
        .arg("start")
        .arg(dir)
        .arg("--owner")
        .arg(std::process::id().to_string())
        .output()
        .await
        .with_context(|| format!("running {}", script.display()))?;
    anyhow::ensure!(
        out.status.success(),
        "{} start failed: {}",
        script.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(String::from_utf8(out.stdout)?.trim().to_string())
}

/// The RabbitMQ cluster of a run on one (`scripts/rabbitmq-cluster`).
struct RabbitCluster {
    script: PathBuf,
    dir: PathBuf,
    urls: Vec<String>,
}

impl RabbitCluster {
    async fn start(script: &Path, dir: &Path) -> anyhow::Result<RabbitCluster> {
        let dir = dir.join("rabbitmq-cluster");
        let urls = start_cluster(script, &dir).await?;
        Ok(RabbitCluster {
            script: script.to_path_buf(),
            dir,
            urls: urls.split(',').map(str::to_string).collect(),
        })
    }

    /// Node (1-based) that leads `queue` now, as a running node tells it.
    async fn leader(&self, queue: &str) -> Option<usize> {
        let out = tokio::process::Command::new(&self.script)
            .arg("leader")
            .arg(&self.dir)
            .arg(queue)
            .stderr(Stdio::null())
            .output()
            .await
            .ok()?;
        String::from_utf8(out.stdout).ok()?.trim().parse().ok()
    }

    /// Stops the node leading the tickets queue while the fleet runs, and measures the
    /// failover into `report`; returns the outage, under way (the node starts again
    /// 10 s after the stop), to be awaited before the checks.
    async fn fail_leader(
        &self,
        tickets_queue: &str,
        workers: usize,
        report: &mut ChaosReport,
    ) -> anyhow::Result<tokio::task::JoinHandle<anyhow::Result<()>>> {
        let node = self
            .leader(tickets_queue)
            .await
            .context("no node of the cluster names a leader of the tickets queue")?;
        // Connected before the stop, as the fleet's clients are.
        let probe = lapin::Connection::connect(
            &self.urls[node - 1],
            lapin::ConnectionProperties::default(),
        )
        .await
        .context("connecting to the leader node")?;
        let stopped = Instant::now();
        // The outage runs on its own clock, whatever the measurements below see.
        let outage = {
            let (script, dir) = (self.script.clone(), self.dir.clone());
            let n = node.to_string();
            tokio::spawn(async move {
                cluster_command(
                    &script,
                    &["stop-node".as_ref(), dir.as_os_str(), n.as_ref()],
                )
                .await?;
                tokio::time::sleep(Duration::from_secs(10).saturating_sub(stopped.elapsed())).await;
                cluster_command(
                    &script,
                    &["start-node".as_ref(), dir.as_os_str(), n.as_ref()],
                )
                .await
            })
        };
        report.rabbitmq_node_stops += 1;
        let elected = {
            let cluster = RabbitCluster {
                script: self.script.clone(),
                dir: self.dir.clone(),
                urls: self.urls.clone(),
            };
            let queue = tickets_queue.to_string();
            tokio::spawn(async move {
                while stopped.elapsed() < Duration::from_secs(120) {
                    if cluster.leader(&queue).await.is_some_and(|n| n != node) {
                        return stopped.elapsed().as_secs_f64();
                    }
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                0.0
            })
        };
        // The consumers are counted through the nodes that stay.
        let survivors: Vec<&str> = (1..=self.urls.len())
            .filter(|n| *n != node)
            .map(|n| self.urls[n - 1].as_str())
            .collect();
        let counter = connect(&survivors.join(","), "ticket-agent chaos probe").await?;
        let mut counting = counter.create_channel().await?;
        let mut noticed = false;
        while stopped.elapsed() < Duration::from_secs(120) {
            if !noticed && !probe.status().connected() {
                report.rabbitmq_failover_noticed_secs = stopped.elapsed().as_secs_f64();
                noticed = true;
            }
            // Counted once the loss is seen, so that the consumers still on the stopping
            // node are not taken for reconnected ones.
            if noticed {
                match queue_state(&counting, tickets_queue).await {
                    Ok(q) if q.consumer_count() as usize >= workers => {
                        report.rabbitmq_failover_recovered_secs = stopped.elapsed().as_secs_f64();
                        break;
                    }
                    Ok(_) => {}
                    // A refusal closes the channel; the next look gets a new one.
                    Err(_) => counting = counter.create_channel().await?,
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let _ = counter.close(200, "counted".into()).await;
        report.rabbitmq_leader_elected_secs = elected.await?;
        Ok(outage)
    }

    async fn stop(self) {
        let _ = cluster_command(&self.script, &["stop".as_ref(), self.dir.as_os_str()]).await;
    }
}

/// Restarts the RabbitMQ application (`rabbitmqctl stop_app`, `start_app`,
/// `await_startup`); `false` when `rabbitmqctl` is missing or refuses.
async fn restart_rabbitmq() -> bool {
    if !proc::run_quietly("rabbitmqctl", &["stop_app"]).await {
        return false;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    proc::run_quietly("rabbitmqctl", &["start_app"]).await;
    proc::run_quietly("rabbitmqctl", &["await_startup"]).await;
    true
}

/// Runs the chaos scenario and returns its verdict.
///
/// # Errors
/// RabbitMQ unreachable, redis-server missing, or a child that will not start.
pub async fn run(settings: &Settings, opts: &ChaosOptions) -> anyhow::Result<ChaosReport> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_nanos();
    let prefix = format!("ta-chaos-{}-{nanos}", std::process::id());
    let dir = std::env::temp_dir().join(&prefix);
    std::fs::create_dir_all(&dir)?;
    let mut report = ChaosReport::default();

    // Our own Redis, with AOF, so that a restart keeps what was written; or our own
    // Redis Cluster, whose replicas keep it.
    let (mut redis, redis_url) = Redis::start(&dir, opts.redis_cluster.as_deref()).await?;
    let rabbit = match &opts.rabbitmq_cluster {
        Some(script) => Some(RabbitCluster::start(script, &dir).await?),
        None => None,
    };
    // The approvals service's database, its own for this run: on a server of the run's
    // own when that server is to crash, else a scratch database on the machine's.
    let (pg, db) = if opts.restart_postgres {
        let server = crate::pgserver::PgServer::start(&dir).await?;
        let db = ChaosDb::create_on(&server.url()).await?;
        (Some(server), db)
    } else {
        let scratch = crate::pgdb::ScratchDb::create("chaos").await?;
        (
            None,
            ChaosDb {
                url: scratch.url.clone(),
                scratch: Some(scratch),
            },
        )
    };

    // The shop: the fixture world, or a synthetic one big enough for refunds to move
    // money, written where the workers read it (`commerce.data_dir`).
    let world = if opts.orders > 0 {
        let now = World::fixture().now.unwrap_or_else(chrono::Utc::now);
        crate::traffic::synthetic_world(opts.orders, opts.seed, now)
    } else {
        World::fixture()
    };
    let world_dir = dir.join("world");
    crate::traffic::write_world(&world, &world_dir)?;
    let shop = Arc::new(Mutex::new(Shop {
        orders: world
            .orders
            .iter()
            .map(|o| (o.order_id.clone(), o.clone()))
            .collect(),
        totals: world
            .orders
            .iter()
            .map(|o| (o.order_id.clone(), o.total_usd))
            .collect(),
        refunded: world
            .orders
            .iter()
            .map(|o| (o.order_id.clone(), o.refunded_usd))
            .collect(),
        ..Shop::default()
    }));
    let shop_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let shop_addr: SocketAddr = shop_listener.local_addr()?;
    let shop_app = Router::new()
        .route("/orders/{id}", get(order))
        .route("/orders/{id}/refunds", post(refund))
        .with_state(shop.clone());
    let shop_server = tokio::spawn(async move { axum::serve(shop_listener, shop_app).await });

    // The fake model server: the rules model's decisions, over the OpenAI wire format,
    // after a real delay.
    let llm_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let llm_addr = llm_listener.local_addr()?;
    let llm_config = crate::fake_llm::FakeLlmConfig {
        latency: opts.model_latency,
        seed: opts.seed,
        ..Default::default()
    };
    let llm_server = tokio::spawn(crate::fake_llm::serve(
        llm_listener,
        llm_config,
        std::future::pending(),
    ));

    // Topology and traffic.
    let mut settings = settings.clone();
    settings.amqp.prefix = prefix.clone();
    settings.redis.key_prefix = prefix.clone();
    settings.redis.url = (redis_url.clone()).into();
    if let Some(cluster) = &rabbit {
        settings.amqp.url = (cluster.urls.join(",")).into();
        // A cluster's outcomes.all is a quorum queue, as docs/queues.md advises, unless
        // the environment says otherwise (the A/B run with the classic one).
        if std::env::var_os("TICKET_AGENT__AMQP__OUTCOMES_QUEUE_TYPE").is_none() {
            settings.amqp.outcomes_queue_type = ticket_agent::config::QueueType::Quorum;
        }
    }
    // SIGKILLs return a worker's unacked deliveries; a high limit keeps the broker from
    // dead-lettering a ticket that was merely unlucky several times.
    settings.amqp.delivery_limit = 50;
    // Short retry tiers keep the drain quick after the Redis and RabbitMQ restarts.
    settings.worker.retry_delays_ms = vec![500, 1000, 2000];
    let topology = Topology::from_settings(&settings.amqp, &settings.worker);
    let conn = connect(settings.amqp.url.expose(), "ticket-agent chaos").await?;
    let ch = confirm_channel(&conn).await?;
    topology.declare(&ch, &settings.amqp).await?;
    let now = world.now.unwrap_or_else(chrono::Utc::now);
    let lines = crate::traffic::generate(
        &world,
        now,
        &crate::traffic::GenOptions {
            n: opts.n,
            seed: opts.seed,
            poison_rate: opts.poison_rate,
            ..Default::default()
        },
    )?;
    let mut expected: BTreeMap<String, String> = BTreeMap::new();
    let mut pending = Vec::new();
    for line in &lines {
        let valid = Ticket::from_json(line.as_bytes(), settings.agent.max_body_bytes).ok();
        let id = match &valid {
            Some(t) => {
                let label: Value = serde_json::from_str(line).unwrap_or_default();
                expected.insert(
                    t.ticket_id.to_string(),
                    label["expected"]["outcome"]
                        .as_str()
                        .unwrap_or("")
                        .to_string(),
                );
                t.ticket_id.to_string()
            }
            None => {
                report.poison += 1;
                format!("poison-{}", report.poison)
            }
        };
        let props = ticket_agent::queue::submit::ticket_properties(&id).with_delivery_mode(2);
        pending.push(
            ch.basic_publish(
                topology.tickets_exchange.as_str().into(),
                TICKET_KEY.into(),
                BasicPublishOptions::default(),
                line.as_bytes(),
                props,
            )
            .await?,
        );
    }
    for p in pending {
        p.await?;
    }
    report.submitted = lines.len();
    report.tickets = expected.len();
    let first = Instant::now();
    let _ = conn.close(200, "submitted".into()).await;

    // The processes.
    let token = format!("{:032x}", rand::random::<u128>());
    let approvals_port = proc::free_port()?;
    let env: Vec<(String, String)> = vec![
        ("TICKET_AGENT__AMQP__PREFIX".into(), prefix.clone()),
        (
            "TICKET_AGENT__AMQP__URL".into(),
            settings.amqp.url.expose().to_string(),
        ),
        (
            "TICKET_AGENT__AMQP__OUTCOMES_QUEUE_TYPE".into(),
            settings.amqp.outcomes_queue_type.as_str().into(),
        ),
        (
            "TICKET_AGENT__AMQP__DELIVERY_LIMIT".into(),
            settings.amqp.delivery_limit.to_string(),
        ),
        ("TICKET_AGENT__REDIS__KEY_PREFIX".into(), prefix.clone()),
        ("TICKET_AGENT__REDIS__URL".into(), redis_url.clone()),
        (
            "TICKET_AGENT__WORKER__CONCURRENCY".into(),
            opts.concurrency.to_string(),
        ),
        (
            "TICKET_AGENT__WORKER__LEASE_SECS".into(),
            opts.lease_secs.to_string(),
        ),
        // Several workers on one host: each its own metrics port.
        (
            "TICKET_AGENT__WORKER__METRICS_LISTEN".into(),
            "127.0.0.1:0".into(),
        ),
        ("TICKET_AGENT__WORKER__MAX_ATTEMPTS".into(), "8".into()),
        (
            "TICKET_AGENT__WORKER__RETRY_DELAYS_MS".into(),
            "500,1000,2000".into(),
        ),
        (
            "TICKET_AGENT__WORKER__SHUTDOWN_GRACE_SECS".into(),
            "10".into(),
        ),
        (
            "TICKET_AGENT__COMMERCE__HTTP__BASE_URL".into(),
            format!("http://{shop_addr}"),
        ),
        (
            "TICKET_AGENT__APPROVALS__LISTEN".into(),
            format!("127.0.0.1:{approvals_port}"),
        ),
        ("TICKET_AGENT__APPROVALS__SWEEP_SECS".into(), "1".into()),
        (
            "TICKET_AGENT__APPROVALS__DATABASE_URL".into(),
            db.url.clone(),
        ),
        ("TICKET_AGENT__MODEL__PROVIDER".into(), "openai".into()),
        (
            "TICKET_AGENT__MODEL__OPENAI__BASE_URL".into(),
            format!("http://{llm_addr}/v1"),
        ),
        ("TICKET_AGENT__MODEL__OPENAI__NAME".into(), "fake".into()),
        (
            "TICKET_AGENT__MODEL__OPENAI__API_KEY_ENV".into(),
            "TA_CHAOS_NO_KEY".into(),
        ),
        (
            "TICKET_AGENT__MODEL__OPENAI__PRICE_INPUT_PER_MTOK".into(),
            "0".into(),
        ),
        (
            "TICKET_AGENT__MODEL__OPENAI__PRICE_OUTPUT_PER_MTOK".into(),
            "0".into(),
        ),
        (
            "TICKET_AGENT__OUTBOX__PATH".into(),
            dir.join("outbox.jsonl").display().to_string(),
        ),
        (
            "TA_CHAOS_REVIEWERS".into(),
            format!("chaos-reviewer:{token}"),
        ),
        (
            "TICKET_AGENT__APPROVALS__REVIEWERS_ENV".into(),
            "TA_CHAOS_REVIEWERS".into(),
        ),
        (
            "TICKET_AGENT__COMMERCE__DATA_DIR".into(),
            world_dir.display().to_string(),
        ),
        // The world's "now", for the approvals service too: its shop is the HTTP one,
        // which has no snapshot instant, and it asks eligibility again at execution.
        ("TICKET_AGENT__CLOCK__NOW".into(), now.to_rfc3339()),
    ];
    let mut approvals_env = env.clone();
    approvals_env.push(("TICKET_AGENT__COMMERCE__BACKEND".into(), "http".into()));
    let mut forgetful = if opts.redis_data_loss > 0 {
        let redis = ForgetfulRedis::start(&dir).await?;
        approvals_env.push(("TICKET_AGENT__REDIS__URL".into(), redis.url()));
        Some(redis)
    } else {
        None
    };
    let mut last_wipe = Instant::now();
    // The policy is configuration (an array of tables): a configuration folder of the
    // run's own, over the defaults compiled into the binary.
    if let Some(below) = opts.auto_approve_below {
        let config = dir.join("config");
        std::fs::create_dir_all(&config)?;
        std::fs::write(
            config.join("chaos.toml"),
            format!(
                "[[approvals.policies]]\nname = \"chaos-small-refunds\"\ntool = \"issue_refund\"\naction = \"auto_approve\"\nbelow_usd = {below:?}\n"
            ),
        )?;
        approvals_env.push((
            "TICKET_AGENT_CONFIG_DIR".into(),
            config.display().to_string(),
        ));
        approvals_env.push(("TICKET_AGENT_ENV".into(), "chaos".into()));
    }
    let spawn_approvals = |n: usize| {
        proc::spawn(
            &opts.binary,
            &["approvals", "serve"],
            &approvals_env,
            &dir.join(format!("approvals-{n}.log")),
        )
    };
    let mut approvals = spawn_approvals(0)?;
    let mut approvals_spawned = 1;
    let mut last_approvals_kill = Instant::now();
    // Worker n is host `chaos-w{n}`, so its lease tokens start with `chaos-w{n}-`; its
    // log is JSON, with the worker's info lines (the busy waits among them).
    let spawn_worker = |n: usize| {
        let mut env = env.clone();
        env.push(("HOSTNAME".into(), format!("chaos-w{n}")));
        env.push(("RUST_LOG".into(), "warn,ticket_agent::worker=info".into()));
        proc::spawn(
            &opts.binary,
            &["--log-format", "json", "worker"],
            &env,
            &dir.join(format!("worker-{n}.log")),
        )
    };
    let mut workers: Vec<(usize, Child)> = (0..opts.workers)
        .map(|n| Ok((n, spawn_worker(n)?)))
        .collect::<anyhow::Result<_>>()?;
    report.lease_secs = opts.lease_secs;
    let mut kills: Vec<KillRecord> = Vec::new();
    proc::wait_tcp(
        &format!("127.0.0.1:{approvals_port}"),
        Duration::from_secs(30),
    )
    .await?;

    // The automatic reviewer: approves every proposed refund through the API.
    let reviewer = tokio::spawn(auto_reviewer(
        format!("http://127.0.0.1:{approvals_port}"),
        token.clone(),
        opts.redis_data_loss > 0,
    ));

    // Faults, while waiting for the drain.
    let records = ticket_agent::queue::records::TicketRecords::connect(&redis_url, &prefix).await?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(opts.seed);
    let mut last_kill = Instant::now();
    let mut spawned = opts.workers;
    let mut quiet = 0;
    let mut node_restart = None;
    loop {
        tokio::time::sleep(Duration::from_millis(250)).await;
        let done = records.count_done().await.unwrap_or(0);
        for (i, (_, w)) in workers.iter_mut().enumerate() {
            if let Some(status) = w.exited() {
                anyhow::bail!(
                    "worker {i} exited by itself ({status}); its log is in {}",
                    dir.display()
                );
            }
        }
        // A replacement started while a store was away waits for it; one that exits
        // instead would leave every later proposal unstored.
        if let Some(status) = approvals.exited() {
            anyhow::bail!(
                "the approvals service exited by itself ({status}); its log is approvals-{}.log in {}",
                approvals_spawned - 1,
                dir.display()
            );
        }
        if last_kill.elapsed() >= opts.kill_every && done < report.tickets {
            let victim = rng.random_range(0..workers.len());
            workers[victim].1.signal(Signal::KILL);
            let at = Instant::now();
            report.kills += 1;
            // Its leases stay behind, extended by nobody: the tickets to recover.
            let held = records
                .leased_by(&format!("chaos-w{}-", workers[victim].0))
                .await
                .unwrap_or_default();
            if !held.is_empty() {
                kills.push(KillRecord {
                    at,
                    held,
                    recovered: None,
                });
            }
            workers[victim] = (spawned, spawn_worker(spawned)?);
            spawned += 1;
            last_kill = Instant::now();
        }
        // The approvals service dies too, mid-execution as often as not (the reviewer
        // approves continuously), and a replacement takes its port and its database.
        if let Some(every) = opts.kill_approvals_every
            && last_approvals_kill.elapsed() >= every
            && !approvals_settled(&db.url).await.unwrap_or(true)
        {
            approvals.signal(Signal::KILL);
            if let Some(status) = approvals.wait_exit(Duration::from_secs(5)).await {
                tracing::debug!(%status, "approvals service killed");
            }
            report.approvals_kills += 1;
            approvals = spawn_approvals(approvals_spawned)?;
            approvals_spawned += 1;
            last_approvals_kill = Instant::now();
        }
        for kill in kills.iter_mut().filter(|k| k.recovered.is_none()) {
            if records.count_done_among(&kill.held).await.unwrap_or(0) == kill.held.len() {
                kill.recovered = Some(kill.at.elapsed());
            }
        }
        match &mut redis {
            Redis::Single { child, port, dir }
                if report.redis_restarts == 0 && done * 4 >= report.tickets =>
            {
                if let Some(old) = child.take() {
                    old.stop(Duration::from_secs(10)).await;
                }
                *child = Some(start_redis(*port, dir, true)?);
                proc::wait_tcp(&format!("127.0.0.1:{port}"), Duration::from_secs(10)).await?;
                report.redis_restarts += 1;
            }
            Redis::Cluster { script, dir, ports }
                if report.redis_master_kills == 0 && done * 4 >= report.tickets =>
            {
                // The first three nodes are the masters `--cluster create` made.
                let port = ports[0].to_string();
                // Connected before the kill, as the workers are.
                let probe = ticket_agent::kv::connect(&redis_url).await?;
                cluster_command(
                    script,
                    &["kill-master".as_ref(), dir.as_os_str(), port.as_ref()],
                )
                .await?;
                let killed = Instant::now();
                report.redis_master_kills += 1;
                // Noticed: what a worker's gate sees (PING on every master failing).
                while killed.elapsed() < Duration::from_secs(10) {
                    if !ticket_agent::kv::ping(&probe).await {
                        report.redis_failover_noticed_secs = killed.elapsed().as_secs_f64();
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                // Recovered: the cluster marked it failed and serves every slot again.
                // Only then may it come back (see scripts/redis-cluster wait-failover).
                cluster_command(
                    script,
                    &["wait-failover".as_ref(), dir.as_os_str(), port.as_ref()],
                )
                .await?;
                report.redis_failover_recovered_secs = killed.elapsed().as_secs_f64();
                cluster_command(
                    script,
                    &["restart".as_ref(), dir.as_os_str(), port.as_ref()],
                )
                .await?;
            }
            _ => {}
        }
        // The approvals' Redis forgets everything, again and again, while refunds are
        // approved, approved again and executed.
        if let Some(redis) = &mut forgetful
            && report.redis_wipes < opts.redis_data_loss
            && done * 5 >= report.tickets
            && last_wipe.elapsed() >= Duration::from_secs(3)
        {
            redis.wipe().await?;
            report.redis_wipes += 1;
            last_wipe = Instant::now();
            // And the service restarts with it, as after a node's loss: nothing of the
            // executions it ran survives in memory or in Redis.
            approvals.signal(Signal::KILL);
            let _ = approvals.wait_exit(Duration::from_secs(5)).await;
            report.approvals_kills += 1;
            approvals = spawn_approvals(approvals_spawned)?;
            approvals_spawned += 1;
            last_approvals_kill = Instant::now();
        }
        // The database crashes once while approvals are being decided and executed.
        if let Some(server) = &pg
            && report.postgres_restarts == 0
            && done * 3 >= report.tickets
        {
            report.postgres_down_secs = server.crash_and_restart().await?.as_secs_f64();
            report.postgres_restarts += 1;
        }
        // On a cluster of its own, the node leading the tickets queue goes away once.
        if let Some(cluster) = &rabbit
            && report.rabbitmq_node_stops == 0
            && done * 3 >= report.tickets
        {
            node_restart = Some(
                cluster
                    .fail_leader(&topology.tickets_queue, workers.len(), &mut report)
                    .await?,
            );
        }
        if opts.restart_rabbitmq
            && rabbit.is_none()
            && report.rabbitmq_restarts == 0
            && done * 2 >= report.tickets
            && restart_rabbitmq().await
        {
            report.rabbitmq_restarts += 1;
        }
        // Drained: every ticket done, no message waiting anywhere, and every proposal
        // decided and executed — holding for a second, since an unacked message is
        // not counted as waiting.
        let settled = done >= report.tickets
            && report.redis_wipes >= opts.redis_data_loss
            && drained(&settings, &topology).await.unwrap_or(false)
            && approvals_settled(&db.url).await.unwrap_or(false);
        if settled {
            quiet += 1;
            if quiet >= 4 {
                break;
            }
        } else {
            quiet = 0;
        }
        if first.elapsed() > opts.deadline {
            tracing::error!("chaos: the drain did not finish within the deadline");
            break;
        }
    }
    report.seconds = first.elapsed().as_secs_f64();
    // The stopped node is back before anything is counted, so the checks read a whole
    // cluster.
    if let Some(restart) = node_restart {
        restart
            .await?
            .context("starting the stopped RabbitMQ node again")?;
    }
    // One more sweep interval, so approved-but-unexecuted actions finish.
    tokio::time::sleep(Duration::from_secs(2)).await;
    reviewer.abort();
    llm_server.abort();
    for (_, w) in workers {
        w.stop(Duration::from_secs(15)).await;
    }
    recovery(&mut report, &kills, &dir, spawned);
    approvals.stop(Duration::from_secs(10)).await;

    // The checks.
    let conn = connect(settings.amqp.url.expose(), "ticket-agent chaos check").await?;
    let ch = conn.create_channel().await?;
    let mut outcomes: HashMap<String, Vec<Value>> = HashMap::new();
    let mut followups: HashSet<String> = HashSet::new();
    while let Some(m) = ch
        .basic_get(
            topology.outcomes_all_queue.as_str().into(),
            BasicGetOptions { no_ack: true },
        )
        .await?
    {
        let v: Value = serde_json::from_slice(&m.delivery.data).unwrap_or_default();
        // What the approvals service publishes after a decision (a rejection, a failed
        // execution, an expiry) follows the ticket's outcome; it is not a second one.
        if v["worker_id"] == "approvals" {
            if let Some(ids) = v["approval_ids"].as_array() {
                followups.extend(ids.iter().filter_map(|i| i.as_str().map(str::to_string)));
            }
            continue;
        }
        outcomes
            .entry(v["ticket_id"].as_str().unwrap_or_default().to_string())
            .or_default()
            .push(v);
    }
    report.approval_followups = followups.len();
    let mut dead_ids = Vec::new();
    while let Some(m) = ch
        .basic_get(
            topology.dead_queue.as_str().into(),
            BasicGetOptions { no_ack: true },
        )
        .await?
    {
        let ticket = Ticket::from_json(&m.delivery.data, settings.agent.max_body_bytes)
            .ok()
            .map(|t| t.ticket_id.to_string());
        let message_id = m
            .delivery
            .properties
            .message_id()
            .as_ref()
            .map(|id| id.to_string());
        dead_ids.push((ticket, message_id));
    }
    let poison_dead: Vec<_> = dead_ids.iter().filter(|(t, _)| t.is_none()).collect();
    let distinct: std::collections::HashSet<_> = poison_dead.iter().map(|(_, m)| m).collect();
    report.poison_dead = distinct.len();
    report.poison_dead_copies = poison_dead.len() - distinct.len();
    report.valid_dead = dead_ids.iter().filter(|(t, _)| t.is_some()).count();
    let mut left = 0;
    let mut queues = vec![topology.tickets_queue.clone()];
    queues.extend(topology.retry_queues.iter().map(|(q, _, _)| q.clone()));
    queues.push(topology.wait_queue.clone());
    for q in queues {
        left += queue_state(&ch, &q)
            .await
            .map(|q| q.message_count())
            .unwrap_or(0);
    }
    report.left_in_queues = left as usize;
    let mut resolved = 0;
    let mut escalated = 0;
    let mut agree = 0;
    let (mut resolvable, mut resolvable_closed) = (0u32, 0u32);
    let mut refund_tickets = HashSet::new();
    for (id, label) in &expected {
        match outcomes.get(id) {
            None => report.lost += 1,
            Some(copies) => {
                let kinds: HashSet<(String, String)> = copies
                    .iter()
                    .map(|c| {
                        (
                            c["outcome"].as_str().unwrap_or("").to_string(),
                            c["category"].as_str().unwrap_or("").to_string(),
                        )
                    })
                    .collect();
                if kinds.len() > 1 {
                    report.duplicated += 1;
                } else {
                    report.exactly_one_outcome += 1;
                }
                report.republished_copies += copies.len() - 1;
                let outcome = copies[0]["outcome"].as_str().unwrap_or("");
                match outcome {
                    "escalated" => escalated += 1,
                    "refund_proposed" => {
                        resolved += 1;
                        refund_tickets.insert(id.clone());
                    }
                    _ => resolved += 1,
                }
                if outcome == label {
                    agree += 1;
                }
                if label != "escalated" {
                    resolvable += 1;
                    if outcome != "escalated" {
                        resolvable_closed += 1;
                    }
                }
            }
        }
    }
    let n = report.tickets.max(1) as f64;
    report.resolution_rate = resolved as f64 / n;
    report.escalation_rate = escalated as f64 / n;
    report.label_agreement = agree as f64 / n;
    report.resolution_on_resolvable = f64::from(resolvable_closed) / f64::from(resolvable.max(1));
    report.refunds_proposed = refund_tickets.len();
    report.done_records = records.count_done().await?;
    let store = ticket_agent::approvals::ApprovalStore::connect(&db.url).await?;
    let decided = store.decided(100_000).await?;
    store.close().await;
    let refunds = |status| {
        decided
            .iter()
            .filter(|r| r.message.tool == "issue_refund" && r.status == status)
            .count()
    };
    report.refunds_executed = refunds(ticket_agent::approvals::ApprovalStatus::Executed);
    let known: HashSet<&str> = decided
        .iter()
        .map(|r| r.message.approval_id.as_str())
        .collect();
    report.approvals_lost = outcomes
        .values()
        .filter_map(|copies| copies.first())
        .filter(|o| o["outcome"] == "refund_proposed")
        .flat_map(|o| o["approval_ids"].as_array().cloned().unwrap_or_default())
        .filter(|id| !id.as_str().is_some_and(|id| known.contains(id)))
        .count();
    policy_checks(&mut report, &db.url, opts.auto_approve_below).await?;
    report.refunds_refused = refunds(ticket_agent::approvals::ApprovalStatus::Failed);
    // Which ticket each key belongs to, from the approvals themselves.
    let ticket_of_key: HashMap<String, String> = decided
        .iter()
        .filter_map(|r| {
            Some((
                r.message.arguments["idempotency_key"].as_str()?.to_string(),
                r.message.ticket_id.to_string(),
            ))
        })
        .collect();
    let settled_at = succeeded_at(&db.url).await?;
    {
        let s = shop.lock().expect("shop");
        report.refund_calls_moved_money = s.moved.len();
        report.refund_calls_stopped_by_key = s.stopped_by_key;
        let mut paid: HashMap<(String, String), usize> = HashMap::new();
        for (key, order, _) in &s.moved {
            let ticket = ticket_of_key
                .get(key)
                .cloned()
                .unwrap_or_else(|| format!("unknown key {key}"));
            *paid.entry((ticket, order.clone())).or_default() += 1;
        }
        report.double_refunds = paid.values().filter(|c| **c > 1).count();
        report.paid_after_settled = s
            .repeats
            .iter()
            .filter(|(key, at)| settled_at.get(key).is_some_and(|settled| settled < at))
            .count();
        report.orders_over_refunded = s
            .refunded
            .iter()
            .filter(|(order, paid)| s.totals.get(*order).is_some_and(|total| *paid > total))
            .count();
    }
    topology.delete(&ch).await?;
    let _ = conn.close(200, "chaos done".into()).await;
    shop_server.abort();
    redis.stop().await;
    drop(forgetful);
    if let Some(cluster) = rabbit {
        cluster.stop().await;
    }
    if let Some(scratch) = &db.scratch
        && let Err(e) = scratch.drop_now().await
    {
        tracing::warn!(error = %format!("{e:#}"), database = %scratch.name, "could not drop the run's database");
    }
    if let Some(server) = pg {
        server.stop().await;
    }
    // A failed run keeps its processes' logs: the failure is read from them.
    if report.ok() {
        let _ = std::fs::remove_dir_all(&dir);
    } else {
        tracing::error!(dir = %dir.display(), "chaos: the run failed; the workers' and the approvals service's logs are kept");
    }
    Ok(report)
}

/// The approvals' database of a run: a scratch database on the machine's server
/// (dropped afterwards), or one on the run's own server (gone with it).
struct ChaosDb {
    url: String,
    scratch: Option<crate::pgdb::ScratchDb>,
}

impl ChaosDb {
    async fn create_on(server: &str) -> anyhow::Result<Self> {
        use sqlx::Connection;
        let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres"))
            .await
            .with_context(|| format!("the run's PostgreSQL at {server}"))?;
        sqlx::query("CREATE DATABASE chaos")
            .execute(&mut admin)
            .await?;
        let _ = admin.close().await;
        Ok(Self {
            url: format!("{server}/chaos"),
            scratch: None,
        })
    }
}

/// What the approvals' own record says about its decisions: approvals with more
/// approving decisions than they needed, and what the auto-approval policy decided
/// against what it allows (refunds strictly under `below`, every one of them: the run
/// sets no caps).
async fn policy_checks(
    report: &mut ChaosReport,
    url: &str,
    below: Option<f64>,
) -> anyhow::Result<()> {
    use sqlx::Connection;
    let mut c = sqlx::PgConnection::connect(url).await?;
    report.decided_twice = sqlx::query_scalar::<_, i64>(
        "SELECT count(*) FROM approvals a WHERE \
         (SELECT count(*) FROM decisions d WHERE d.approval_id = a.approval_id \
          AND d.verdict = 'approve') > a.required_approvals",
    )
    .fetch_one(&mut c)
    .await?
    .try_into()
    .unwrap_or(usize::MAX);
    let count = |n: i64| usize::try_from(n).unwrap_or(usize::MAX);
    report.auto_approved = count(
        sqlx::query_scalar("SELECT count(*) FROM decisions WHERE reviewer LIKE 'policy:%'")
            .fetch_one(&mut c)
            .await?,
    );
    let below_cents = below.map_or(0, |b| (b * 100.0).round() as i64);
    report.auto_approved_outside_policy = count(
        sqlx::query_scalar(
            "SELECT count(*) FROM decisions d JOIN approvals a USING (approval_id) \
             WHERE d.reviewer LIKE 'policy:%' AND (a.tool <> 'issue_refund' OR a.amount_cents >= $1)",
        )
        .bind(below_cents)
        .fetch_one(&mut c)
        .await?,
    );
    report.under_policy_left_to_humans = count(
        sqlx::query_scalar(
            "SELECT count(*) FROM approvals a WHERE a.tool = 'issue_refund' \
             AND a.amount_cents < $1 AND EXISTS (SELECT 1 FROM decisions d \
             WHERE d.approval_id = a.approval_id AND d.reviewer NOT LIKE 'policy:%')",
        )
        .bind(below_cents)
        .fetch_one(&mut c)
        .await?,
    );
    let _ = c.close().await;
    Ok(())
}

/// A SIGKILLed worker and the tickets it held the lease of.
struct KillRecord {
    at: Instant,
    held: Vec<String>,
    /// When the last of them had finished elsewhere, after the kill.
    recovered: Option<Duration>,
}

/// The recovery figures: per kill, the time to its last ticket's finish; per recovered
/// ticket, the busy waits the workers logged for it (from their JSON logs, `worker-0`
/// to `worker-{spawned - 1}` in `dir`).
fn recovery(report: &mut ChaosReport, kills: &[KillRecord], dir: &Path, spawned: usize) {
    report.kills_holding_tickets = kills.len();
    report.kills_not_recovered = kills.iter().filter(|k| k.recovered.is_none()).count();
    let times: Vec<f64> = kills
        .iter()
        .filter_map(|k| k.recovered.map(|d| d.as_secs_f64()))
        .collect();
    report.recovery_secs_max = times.iter().copied().fold(0.0, f64::max);
    report.recovery_secs_mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    let recovered: HashSet<&str> = kills
        .iter()
        .flat_map(|k| k.held.iter().map(String::as_str))
        .collect();
    report.recovered_tickets = recovered.len();
    let mut waits: HashMap<String, usize> = HashMap::new();
    for n in 0..spawned {
        let Ok(log) = std::fs::read_to_string(dir.join(format!("worker-{n}.log"))) else {
            continue;
        };
        for line in log.lines() {
            let Ok(v) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            let busy = v["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("another worker holds the ticket's lease"));
            if let (true, Some(id)) = (busy, v["span"]["ticket_id"].as_str())
                && recovered.contains(id)
            {
                *waits.entry(id.to_string()).or_default() += 1;
            }
        }
    }
    report.waits_per_recovered_max = waits.values().copied().max().unwrap_or(0);
    report.waits_per_recovered_mean =
        waits.values().sum::<usize>() as f64 / recovered.len().max(1) as f64;
}

async fn drained(settings: &Settings, topology: &Topology) -> anyhow::Result<bool> {
    let conn = connect(settings.amqp.url.expose(), "ticket-agent chaos probe").await?;
    let ch = conn.create_channel().await?;
    let mut queues = vec![topology.tickets_queue.clone()];
    queues.extend(topology.retry_queues.iter().map(|(q, _, _)| q.clone()));
    queues.push(topology.wait_queue.clone());
    queues.push(topology.approvals_pending_queue.clone());
    let mut total = 0;
    for q in queues {
        total += queue_state(&ch, &q).await?.message_count();
    }
    let _ = conn.close(200, "probe".into()).await;
    Ok(total == 0)
}

async fn approvals_settled(database_url: &str) -> anyhow::Result<bool> {
    let store = ticket_agent::approvals::ApprovalStore::connect(database_url).await?;
    let all = ticket_agent::approvals::PendingFilter {
        unevaluated_too: true,
        ..Default::default()
    };
    let settled = store.pending_filtered(&all, 1).await?.is_empty()
        && store
            .decided(100_000)
            .await?
            .iter()
            .all(|r| r.status != ticket_agent::approvals::ApprovalStatus::Approved);
    store.close().await;
    Ok(settled)
}

/// When the database recorded each succeeded execution, by its idempotency key.
async fn succeeded_at(url: &str) -> anyhow::Result<HashMap<String, chrono::DateTime<chrono::Utc>>> {
    use sqlx::Connection;
    let mut c = sqlx::PgConnection::connect(url).await?;
    let rows: Vec<(String, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
        "SELECT idempotency_key, finished_at FROM executions \
         WHERE status = 'succeeded' AND finished_at IS NOT NULL",
    )
    .fetch_all(&mut c)
    .await?;
    let _ = c.close().await;
    Ok(rows.into_iter().collect())
}

/// Approves every pending refund through the API; with `again`, also approves the
/// decided ones again, as a double click, a replayed request or a second reviewer
/// would, hours later.
async fn auto_reviewer(base: String, token: String, again: bool) {
    let client = reqwest::Client::new();
    let mut round = 0u64;
    loop {
        tokio::time::sleep(Duration::from_millis(200)).await;
        round += 1;
        let status = if again && round.is_multiple_of(3) {
            "decided"
        } else {
            "pending"
        };
        let Ok(resp) = client
            .get(format!("{base}/api/approvals?status={status}&limit=200"))
            .bearer_auth(&token)
            .send()
            .await
        else {
            continue;
        };
        let Ok(list) = resp.json::<Vec<Value>>().await else {
            continue;
        };
        for record in list {
            if record["message"]["tool"] != "issue_refund"
                || (status == "decided" && record["status"] != "executed")
            {
                continue;
            }
            let id = record["message"]["approval_id"]
                .as_str()
                .unwrap_or_default();
            let _ = client
                .post(format!("{base}/api/approvals/{id}/approve"))
                .bearer_auth(&token)
                .json(&json!({ "note": "approved by the chaos reviewer" }))
                .send()
                .await;
        }
    }
}
