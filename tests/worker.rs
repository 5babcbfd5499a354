//! The RabbitMQ worker against the local RabbitMQ (127.0.0.1:5672) and Redis
//! (127.0.0.1:6379): every test declares its own topology under a unique prefix and
//! deletes it, with its Redis keys, when it ends.

mod common;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use lapin::options::{BasicGetOptions, BasicPublishOptions, QueueDeclareOptions};
use lapin::types::FieldTable;
use lapin::{BasicProperties, Channel, Connection};
use serde_json::Value;
use ticket_agent::actions::{Effects, MemoryOutbox, execute_approved};
use ticket_agent::commerce::embedded::{EmbeddedBackend, World};
use ticket_agent::config::Settings;
use ticket_agent::idempotency::MemoryStore;
use ticket_agent::model::rules::RulesModel;
use ticket_agent::model::{ChatModel, ChatRequest, ChatResponse, ModelError};
use ticket_agent::queue::messages::{ApprovalMessage, Finished};
use ticket_agent::queue::records::TicketRecords;
use ticket_agent::queue::worker::{Disposition, Worker, WorkerApp, WorkerStats};
use ticket_agent::queue::{Topology, confirm_channel, connect, header_str, submit};
use ticket_agent::ticket::Ticket;
use tokio::sync::oneshot;

/// A test's own corner of the broker and of Redis.
struct Env {
    settings: Settings,
    topology: Topology,
    conn: Connection,
    ch: Channel,
    records: TicketRecords,
}

impl Env {
    async fn new(name: &str) -> Env {
        let mut settings = Settings::defaults();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let prefix = format!("ta-test-{name}-{}-{nanos}", std::process::id());
        settings.amqp.prefix = prefix.clone();
        settings.redis.key_prefix = prefix;
        settings.worker.retry_delays_ms = vec![300, 600, 900];
        settings.worker.max_attempts = 3;
        settings.worker.concurrency = 16;
        settings.worker.lease_secs = 10;
        settings.worker.shutdown_grace_secs = 30;
        // Workers run side by side here: each takes a free port for its metrics.
        settings.worker.metrics_listen = "127.0.0.1:0".into();
        settings.agent.max_body_bytes = 2048;
        let topology = Topology::from_settings(&settings.amqp, &settings.worker);
        let conn = connect(&settings.amqp.url, "ticket-agent test")
            .await
            .expect("RabbitMQ must answer at 127.0.0.1:5672 (guest/guest) for this test");
        let ch = confirm_channel(&conn).await.unwrap();
        topology.declare(&ch, &settings.amqp).await.unwrap();
        let records = TicketRecords::connect(&settings.redis.url, &settings.redis.key_prefix)
            .await
            .expect("Redis must answer at 127.0.0.1:6379 for this test");
        Env {
            settings,
            topology,
            conn,
            ch,
            records,
        }
    }

    async fn cleanup(self) {
        self.topology.delete(&self.ch).await.unwrap();
        self.records.delete_all().await.unwrap();
        let _ = self.conn.close(200, "done".into()).await;
    }

    fn spawn_worker(
        &self,
        model: Arc<dyn ChatModel>,
    ) -> (tokio::task::JoinHandle<WorkerStats>, oneshot::Sender<()>) {
        let settings = self.settings.clone();
        let (tx, rx) = oneshot::channel::<()>();
        let handle = tokio::spawn(async move {
            let (agent, _) = ticket_agent::app::embedded_agent(&settings, World::fixture(), model)
                .await
                .unwrap();
            let app = WorkerApp::build(settings, agent).await.unwrap();
            app.run_until_stopped(async {
                let _ = rx.await;
            })
            .await
            .unwrap()
        });
        (handle, tx)
    }

    async fn submit_lines(&self, lines: &[String]) -> usize {
        let report = submit::submit(
            &self.ch,
            &self.topology,
            &lines.join("\n"),
            self.settings.agent.max_body_bytes,
            100,
        )
        .await
        .unwrap();
        assert!(report.invalid.is_empty());
        report.published
    }

    async fn depth(&self, queue: &str) -> u32 {
        self.ch
            .queue_declare(
                queue.into(),
                QueueDeclareOptions {
                    passive: true,
                    ..Default::default()
                },
                FieldTable::default(),
            )
            .await
            .unwrap()
            .message_count()
    }

    async fn wait_depth(&self, queue: &str, at_least: u32, timeout: Duration) -> u32 {
        let start = Instant::now();
        loop {
            let n = self.depth(queue).await;
            if n >= at_least || start.elapsed() > timeout {
                return n;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Takes every message off `queue`: (body, headers).
    async fn drain(&self, queue: &str) -> Vec<(Value, Option<FieldTable>)> {
        let mut out = Vec::new();
        while let Some(m) = self
            .ch
            .basic_get(queue.into(), BasicGetOptions { no_ack: true })
            .await
            .unwrap()
        {
            let body = serde_json::from_slice(&m.delivery.data).unwrap_or(Value::String(
                String::from_utf8_lossy(&m.delivery.data).into(),
            ));
            out.push((body, m.delivery.properties.headers().clone()));
        }
        out
    }
}

fn example_tickets(n: usize) -> Vec<String> {
    let examples: Vec<Value> = include_str!("../examples/tickets.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (0..n)
        .map(|i| {
            let mut t = examples[i % examples.len()].clone();
            t["ticket_id"] = Value::String(format!("T-{i:04}"));
            t.to_string()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_tickets_through_two_workers_end_with_one_outcome_and_done_record_each() {
    let env = Env::new("two-hundred").await;
    let published = env.submit_lines(&example_tickets(200)).await;
    assert_eq!(published, 200);
    let (w1, stop1) = env.spawn_worker(Arc::new(RulesModel::new()));
    let (w2, stop2) = env.spawn_worker(Arc::new(RulesModel::new()));
    let n = env
        .wait_depth(
            &env.topology.outcomes_all_queue,
            200,
            Duration::from_secs(120),
        )
        .await;
    assert_eq!(n, 200);
    stop1.send(()).unwrap();
    stop2.send(()).unwrap();
    let (s1, s2) = (w1.await.unwrap(), w2.await.unwrap());
    assert_eq!(s1.finished + s2.finished, 200);
    assert!(
        s1.finished > 0 && s2.finished > 0,
        "both workers took tickets: {s1:?} {s2:?}"
    );

    let outcomes = env.drain(&env.topology.outcomes_all_queue).await;
    let ids: HashSet<String> = outcomes
        .iter()
        .map(|(o, _)| o["ticket_id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), 200, "one outcome per ticket");
    let refund_tickets: HashSet<&str> = outcomes
        .iter()
        .filter(|(o, _)| o["outcome"] == "refund_proposed")
        .map(|(o, _)| o["ticket_id"].as_str().unwrap())
        .collect();
    let approvals = env.drain(&env.topology.approvals_pending_queue).await;
    let approval_tickets: HashSet<&str> = approvals
        .iter()
        .map(|(a, _)| a["ticket_id"].as_str().unwrap())
        .collect();
    assert!(!refund_tickets.is_empty());
    assert_eq!(
        approval_tickets, refund_tickets,
        "an approval for each refund ticket"
    );
    for (a, _) in &approvals {
        assert!(
            a["arguments"]["idempotency_key"]
                .as_str()
                .unwrap()
                .starts_with("idem_")
        );
        assert!(a["eligibility"]["policy_ref"].is_string());
    }
    assert_eq!(env.records.count_done().await.unwrap(), 200);
    assert_eq!(env.depth(&env.topology.tickets_queue).await, 0);
    let escalated = outcomes
        .iter()
        .filter(|(o, _)| o["outcome"] == "escalated")
        .count() as u32;
    assert_eq!(env.depth(&env.topology.escalations_queue).await, escalated);
    env.cleanup().await;
}

#[tokio::test]
async fn poison_messages_of_each_kind_land_in_the_dead_letter_queue_with_their_reason() {
    let env = Env::new("poison").await;
    let publish = |body: Vec<u8>| {
        let ch = env.ch.clone();
        let exchange = env.topology.tickets_exchange.clone();
        async move {
            ch.basic_publish(
                exchange.as_str().into(),
                "ticket".into(),
                BasicPublishOptions::default(),
                &body,
                BasicProperties::default(),
            )
            .await
            .unwrap()
            .await
            .unwrap();
        }
    };
    publish(b"this is not json".to_vec()).await;
    publish(br#"{"ticket_id":"P-1","subject":"s","body":"b"}"#.to_vec()).await;
    let big = serde_json::json!({"ticket_id":"P-2","customer_id":"C001","subject":"s","body":"x".repeat(5000)});
    publish(big.to_string().into_bytes()).await;
    let (w, stop) = env.spawn_worker(Arc::new(RulesModel::new()));
    assert_eq!(
        env.wait_depth(&env.topology.dead_queue, 3, Duration::from_secs(30))
            .await,
        3
    );
    stop.send(()).unwrap();
    w.await.unwrap();
    let dead = env.drain(&env.topology.dead_queue).await;
    let mut reasons: Vec<String> = dead
        .iter()
        .map(|(_, h)| header_str(h.as_ref(), "x-dead-reason").unwrap())
        .collect();
    reasons.sort();
    assert_eq!(reasons, ["invalid_ticket", "not_json", "too_large"]);
    let invalid = dead
        .iter()
        .find(|(_, h)| header_str(h.as_ref(), "x-dead-reason").as_deref() == Some("invalid_ticket"))
        .unwrap();
    assert!(
        header_str(invalid.1.as_ref(), "x-last-error")
            .unwrap()
            .contains("customer_id")
    );
    assert_eq!(env.records.count_done().await.unwrap(), 0);
    env.cleanup().await;
}

/// Fails transiently for the first `failures` calls of each ticket, then answers as
/// the rules model does. Stands in for an LLM API under load.
struct Flaky {
    failures: usize,
    calls: Mutex<HashMap<String, usize>>,
    inner: RulesModel,
}

#[async_trait]
impl ChatModel for Flaky {
    fn label(&self) -> String {
        "flaky".into()
    }
    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        let ticket =
            ticket_agent::agent::prompt::parse_rendered_ticket(&request.messages[0].text())
                .unwrap();
        let id = ticket["ticket_id"].as_str().unwrap().to_string();
        let n = {
            let mut calls = self.calls.lock().unwrap();
            let n = calls.entry(id).or_insert(0);
            *n += 1;
            *n
        };
        if n <= self.failures {
            return Err(ModelError::Transient {
                message: format!("HTTP 529 overloaded (call {n})"),
                status: Some(529),
            });
        }
        self.inner.complete(request).await
    }
}

#[tokio::test]
async fn a_model_that_fails_twice_then_succeeds_finishes_on_attempt_three_after_backoff() {
    let env = Env::new("flaky").await;
    env.submit_lines(&example_tickets(1)).await;
    let started = Instant::now();
    let model = Arc::new(Flaky {
        failures: 2,
        calls: Mutex::new(HashMap::new()),
        inner: RulesModel::new(),
    });
    let (w, stop) = env.spawn_worker(model);
    assert_eq!(
        env.wait_depth(&env.topology.outcomes_all_queue, 1, Duration::from_secs(30))
            .await,
        1
    );
    let elapsed = started.elapsed();
    stop.send(()).unwrap();
    w.await.unwrap();
    let outcomes = env.drain(&env.topology.outcomes_all_queue).await;
    assert_eq!(outcomes[0].0["attempt"], 3);
    assert!(
        elapsed >= Duration::from_millis(900),
        "waited in tiers 1 and 2: {elapsed:?}"
    );
    assert_eq!(env.depth(&env.topology.dead_queue).await, 0);
    env.cleanup().await;
}

#[tokio::test]
async fn a_model_that_always_fails_is_dead_lettered_after_the_maximum_attempts() {
    let env = Env::new("always-fails").await;
    env.submit_lines(&example_tickets(1)).await;
    let model = Arc::new(Flaky {
        failures: usize::MAX,
        calls: Mutex::new(HashMap::new()),
        inner: RulesModel::new(),
    });
    let (w, stop) = env.spawn_worker(model.clone());
    assert_eq!(
        env.wait_depth(&env.topology.dead_queue, 1, Duration::from_secs(30))
            .await,
        1
    );
    stop.send(()).unwrap();
    w.await.unwrap();
    let dead = env.drain(&env.topology.dead_queue).await;
    let headers = dead[0].1.as_ref();
    assert_eq!(
        header_str(headers, "x-dead-reason").as_deref(),
        Some("max_attempts")
    );
    assert!(
        header_str(headers, "x-last-error")
            .unwrap()
            .contains("overloaded")
    );
    assert_eq!(
        *model.calls.lock().unwrap().get("T-0000").unwrap(),
        3,
        "three attempts, one model call each"
    );
    assert_eq!(env.depth(&env.topology.outcomes_all_queue).await, 0);
    assert_eq!(env.records.count_done().await.unwrap(), 0);
    env.cleanup().await;
}

/// Takes one ticket delivery off the queue without settling it: closing `ch` without an
/// ack is what a crashed worker looks like to the broker.
async fn take_unacked(env: &Env, ch: &Channel) -> lapin::message::Delivery {
    let start = Instant::now();
    loop {
        if let Some(m) = ch
            .basic_get(
                env.topology.tickets_queue.as_str().into(),
                BasicGetOptions::default(),
            )
            .await
            .unwrap()
        {
            return m.delivery;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no ticket arrived"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn worker_on(env: &Env, conn: &Connection) -> Worker {
    let (agent, _) = ticket_agent::app::embedded_agent(
        &env.settings,
        World::fixture(),
        Arc::new(RulesModel::new()),
    )
    .await
    .unwrap();
    Worker::new(
        env.settings.clone(),
        agent,
        env.records.clone(),
        confirm_channel(conn).await.unwrap(),
        "crash-test".into(),
    )
}

async fn finish_with_a_fresh_worker(env: &Env) {
    let (w, stop) = env.spawn_worker(Arc::new(RulesModel::new()));
    let start = Instant::now();
    while env.records.count_done().await.unwrap() < 1
        || env.depth(&env.topology.tickets_queue).await > 0
    {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the ticket did not finish"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Let a redelivered duplicate, if any, be settled too.
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.send(()).unwrap();
    w.await.unwrap();
}

fn refund_ticket() -> String {
    r#"{"ticket_id":"CRASH-1","customer_id":"C001","order_id":"O1001","subject":"Refund","body":"The mouse broke, please refund it."}"#.to_string()
}

#[tokio::test]
async fn a_crash_before_the_model_runs_loses_nothing() {
    let env = Env::new("crash-before").await;
    env.submit_lines(&[refund_ticket()]).await;
    let conn = connect(&env.settings.amqp.url, "crasher").await.unwrap();
    let ch = conn.create_channel().await.unwrap();
    let _delivery = take_unacked(&env, &ch).await;
    conn.close(200, "crash".into()).await.unwrap();
    finish_with_a_fresh_worker(&env).await;
    assert_eq!(env.records.count_done().await.unwrap(), 1);
    assert_eq!(env.drain(&env.topology.outcomes_all_queue).await.len(), 1);
    assert_eq!(
        env.drain(&env.topology.approvals_pending_queue).await.len(),
        1
    );
    env.cleanup().await;
}

#[tokio::test]
async fn a_crash_after_publishing_but_before_the_done_record_republishes_the_same_approval() {
    let env = Env::new("crash-published").await;
    env.submit_lines(&[refund_ticket()]).await;
    let conn = connect(&env.settings.amqp.url, "crasher").await.unwrap();
    let ch = conn.create_channel().await.unwrap();
    let delivery = take_unacked(&env, &ch).await;
    // The first worker runs the agent, records the result, publishes... and dies.
    let worker = worker_on(&env, &conn).await;
    let ticket = Ticket::from_json(&delivery.data, 4096).unwrap();
    let (agent, _) = ticket_agent::app::embedded_agent(
        &env.settings,
        World::fixture(),
        Arc::new(RulesModel::new()),
    )
    .await
    .unwrap();
    let run = agent.run(&ticket).await.unwrap();
    let finished = Finished::from_run(&ticket, &run, 1, "crash-test", chrono::Utc::now());
    env.records
        .record_result("CRASH-1", &finished, Duration::from_secs(60))
        .await
        .unwrap();
    worker.publish_finished(&finished).await.unwrap();
    conn.close(200, "crash".into()).await.unwrap();

    finish_with_a_fresh_worker(&env).await;
    assert_eq!(env.records.count_done().await.unwrap(), 1);
    let outcomes = env.drain(&env.topology.outcomes_all_queue).await;
    assert_eq!(
        outcomes.len(),
        2,
        "the outcome is re-published (consumers dedupe by message_id)"
    );
    assert_eq!(
        outcomes[0].0, outcomes[1].0,
        "the very same outcome, not a second run"
    );
    let approvals: Vec<ApprovalMessage> = env
        .drain(&env.topology.approvals_pending_queue)
        .await
        .into_iter()
        .map(|(a, _)| serde_json::from_value(a).unwrap())
        .collect();
    assert_eq!(approvals.len(), 2);
    assert_eq!(approvals[0].approval_id, approvals[1].approval_id);
    assert_eq!(
        approvals[0].arguments["idempotency_key"],
        approvals[1].arguments["idempotency_key"]
    );
    // Executing both copies moves money once.
    let shop = EmbeddedBackend::new(World::fixture());
    let (outbox, store) = (MemoryOutbox::default(), MemoryStore::new());
    let fx = Effects {
        backend: &shop,
        outbox: &outbox,
        store: &store,
        lease: Duration::from_secs(10),
        result_ttl: Duration::from_secs(60),
    };
    for a in &approvals {
        execute_approved(&a.action().unwrap(), &fx).await.unwrap();
    }
    assert_eq!(shop.refunds_executed(), 1);
    env.cleanup().await;
}

#[tokio::test]
async fn a_crash_after_the_done_record_but_before_the_ack_runs_nothing_twice() {
    let env = Env::new("crash-done").await;
    env.submit_lines(&[refund_ticket()]).await;
    let conn = connect(&env.settings.amqp.url, "crasher").await.unwrap();
    let ch = conn.create_channel().await.unwrap();
    let delivery = take_unacked(&env, &ch).await;
    let worker = worker_on(&env, &conn).await;
    let disposition = worker
        .handle(&delivery.data, delivery.properties.headers().as_ref())
        .await;
    assert!(
        matches!(
            disposition,
            Disposition::Ack {
                duplicate: false,
                ..
            }
        ),
        "{disposition:?}"
    );
    conn.close(200, "crash before the ack".into())
        .await
        .unwrap();

    finish_with_a_fresh_worker(&env).await;
    assert_eq!(env.records.count_done().await.unwrap(), 1);
    assert_eq!(
        env.drain(&env.topology.outcomes_all_queue).await.len(),
        1,
        "the redelivery was acked without a second run"
    );
    assert_eq!(
        env.drain(&env.topology.approvals_pending_queue).await.len(),
        1
    );
    assert_eq!(env.depth(&env.topology.tickets_queue).await, 0);
    env.cleanup().await;
}

/// The rules model with a fixed delay per turn, like an LLM API.
struct Slow(Duration);

#[async_trait]
impl ChatModel for Slow {
    fn label(&self) -> String {
        "slow".into()
    }
    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        tokio::time::sleep(self.0).await;
        RulesModel::new().complete(request).await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn graceful_shutdown_with_tickets_in_flight_loses_nothing() {
    let mut env = Env::new("shutdown").await;
    env.settings.worker.concurrency = 4;
    env.settings.worker.prefetch = 8;
    env.submit_lines(&example_tickets(24)).await;
    let (w, stop) = env.spawn_worker(Arc::new(Slow(Duration::from_millis(200))));
    tokio::time::sleep(Duration::from_millis(700)).await;
    stop.send(()).unwrap();
    let first = w.await.unwrap();
    assert_eq!(first.abandoned, 0);
    assert!(first.finished >= 1 && first.finished < 24, "{first:?}");
    // Everything the first worker finished is done; the rest is back in the queue.
    assert_eq!(
        env.records.count_done().await.unwrap() as u64,
        first.finished
    );
    // Deliveries put back when the channel closes reach a quorum queue a moment later.
    let expected = 24 - first.finished;
    let depth = env
        .wait_depth(
            &env.topology.tickets_queue,
            expected as u32,
            Duration::from_secs(10),
        )
        .await;
    assert_eq!(u64::from(depth), expected);

    // A deadline too short to finish: in-flight tickets are abandoned and redelivered.
    env.settings.worker.shutdown_grace_secs = 0;
    let (w, stop) = env.spawn_worker(Arc::new(Slow(Duration::from_millis(400))));
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.send(()).unwrap();
    let second = w.await.unwrap();

    env.settings.worker.shutdown_grace_secs = 30;
    let (w, stop) = env.spawn_worker(Arc::new(RulesModel::new()));
    assert_eq!(
        env.wait_depth(
            &env.topology.outcomes_all_queue,
            24,
            Duration::from_secs(60)
        )
        .await,
        24
    );
    stop.send(()).unwrap();
    let third = w.await.unwrap();
    assert_eq!(first.finished + second.finished + third.finished, 24);
    assert_eq!(env.records.count_done().await.unwrap(), 24);
    let ids: HashSet<String> = env
        .drain(&env.topology.outcomes_all_queue)
        .await
        .iter()
        .map(|(o, _)| o["ticket_id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), 24);
    env.cleanup().await;
}
