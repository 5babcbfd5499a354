//! The operators' signals against the local RabbitMQ (127.0.0.1:5672) and Redis
//! (127.0.0.1:6379): the worker's and the approvals service's `/metrics`, `/healthz` and
//! `/readyz`, readiness following a Redis that stops and comes back (a private
//! `redis-server` child on a free port, so the shared Redis is never touched), and the
//! logs: the worker's per-ticket span on every model line, customer text redacted.
//!
//! The metrics registry is process-global (see `src/metrics.rs`), and these tests run
//! side by side in one process: each asserts on deltas, or on a label value only it
//! produces (its own model provider), never on an absolute shared value.

mod common;

use std::io::Write;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use common::Slow;
use common::broker::{Env, example_tickets, next_message, publish_approval, refund_approval};
use serde_json::{Value, json};
use ticket_agent::approvals::{ApprovalStatus, Verdict};
use ticket_agent::model::rules::RulesModel;
use ticket_agent::model::{ChatModel, ChatRequest, ChatResponse, ModelError};
use ticket_agent::telemetry::{self, LogFormat};
use tokio::sync::oneshot;

impl Env {
    /// A test's own corner under `ta-test-metrics-{name}-…`, with this file's settings:
    /// two attempts, the worker's and the console's listeners on free ports, and the
    /// backlog gauges and the approvals sweep every second.
    async fn new(name: &str) -> Env {
        Env::open(&format!("metrics-{name}"), |settings| {
            settings.worker.retry_delays_ms = vec![300, 600];
            settings.worker.max_attempts = 2;
            settings.worker.metrics_listen = "127.0.0.1:0".into();
            settings.worker.queue_poll_secs = 1;
            settings.approvals.listen = "127.0.0.1:0".into();
            settings.approvals.sweep_secs = 1;
        })
        .await
    }
}

async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let response = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

/// The sum of every sample of `name` carrying all of `labels`, in a Prometheus text page.
fn sample(page: &str, name: &str, labels: &[(&str, &str)]) -> f64 {
    let mut total = 0.0;
    for line in page.lines().filter(|l| !l.starts_with('#')) {
        let Some((series, value)) = line.rsplit_once(' ') else {
            continue;
        };
        let (metric, label_text) = match series.split_once('{') {
            Some((m, rest)) => (m, rest.trim_end_matches('}')),
            None => (series, ""),
        };
        if metric != name {
            continue;
        }
        let has = |k: &str, v: &str| {
            label_text
                .split(',')
                .any(|pair| pair == format!("{k}=\"{v}\""))
        };
        if labels.iter().all(|(k, v)| has(k, v)) {
            total += value.parse::<f64>().unwrap();
        }
    }
    total
}

/// Polls `/metrics` until `ok` holds of it, or fails after `timeout` with the page.
async fn wait_metrics(
    addr: SocketAddr,
    what: &str,
    timeout: Duration,
    ok: impl Fn(&str) -> bool,
) -> String {
    let start = Instant::now();
    loop {
        let (_, page) = get(addr, "/metrics").await;
        if ok(&page) {
            return page;
        }
        assert!(start.elapsed() < timeout, "never saw {what}:\n{page}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Polls `/readyz` until it answers `status`; returns its body.
async fn wait_ready(addr: SocketAddr, status: u16, timeout: Duration) -> Value {
    let start = Instant::now();
    loop {
        let (s, body) = get(addr, "/readyz").await;
        if s == status {
            return serde_json::from_str(&body).unwrap();
        }
        assert!(
            start.elapsed() < timeout,
            "/readyz stayed {s} ({body}), expected {status}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_running_worker_shows_its_tickets_tool_calls_model_requests_and_backlog_on_metrics() {
    let mut env = Env::new("counters").await;
    env.settings.worker.concurrency = 1;
    env.settings.worker.prefetch = 1;
    const N: usize = 8;
    assert_eq!(env.submit_lines(&example_tickets(N)).await, N);

    // The rules model under a provider label only this test uses, each turn slowed down
    // so that a backlog stays visible for a while.
    let model = Arc::new(Slow {
        label: "metricstest:rules",
        delay: Duration::from_millis(60),
    });
    let (addr, worker, stop) = env.start_worker(model).await;
    let (_, before) = get(addr, "/metrics").await;

    // While one ticket runs at a time the backlog is visible: ready messages, and the
    // head of the queue's age since x-submitted-at.
    wait_metrics(addr, "a backlog", Duration::from_secs(10), |p| {
        sample(p, "ticket_agent_tickets_queue_ready", &[]) >= 1.0
            && sample(p, "ticket_agent_tickets_queue_oldest_age_seconds", &[]) > 0.0
    })
    .await;

    assert!(
        env.wait_depth(
            &env.topology.outcomes_all_queue,
            N as u32,
            Duration::from_secs(60)
        )
        .await
            >= N as u32,
        "the tickets did not finish"
    );
    // The outcomes say how many turns and tool calls the tickets took.
    let (mut turns, mut tool_calls) = (0.0, 0.0);
    for (o, _) in env.drain(&env.topology.outcomes_all_queue).await {
        turns += o["turns"].as_f64().unwrap();
        tool_calls += o["tool_calls"].as_f64().unwrap();
    }
    assert!(turns >= N as f64 && tool_calls > 0.0);

    // Once the queue is empty, the backlog gauges come back to zero.
    let after = wait_metrics(addr, "an empty queue", Duration::from_secs(10), |p| {
        sample(p, "ticket_agent_tickets_queue_ready", &[]) == 0.0
            && sample(p, "ticket_agent_tickets_queue_oldest_age_seconds", &[]) == 0.0
    })
    .await;
    let delta = |name: &str, labels: &[(&str, &str)]| {
        sample(&after, name, labels) - sample(&before, name, labels)
    };
    assert!(
        delta("ticket_agent_tickets_total", &[]) >= N as f64,
        "{after}"
    );
    assert!(delta("ticket_agent_deliveries_total", &[("disposition", "ack")]) >= N as f64);
    assert!(delta("ticket_agent_ticket_duration_seconds_count", &[]) >= N as f64);
    assert!(delta("ticket_agent_tool_calls_total", &[]) >= tool_calls);
    assert!(delta("ticket_agent_tool_calls_total", &[("tool", "order_lookup")]) >= 1.0);
    // The provider label is this test's alone: exact.
    let mine = [("provider", "metricstest")];
    assert_eq!(
        sample(
            &after,
            "ticket_agent_model_requests_total",
            &[("provider", "metricstest"), ("status", "ok")]
        ),
        turns
    );
    assert_eq!(
        sample(
            &after,
            "ticket_agent_model_request_duration_seconds_count",
            &mine
        ),
        turns
    );
    assert!(sample(&after, "ticket_agent_model_tokens_total", &mine) > 0.0);

    let (status, body) = get(addr, "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "ok"));
    let ready = wait_ready(addr, 200, Duration::from_secs(5)).await;
    // `search`: the embedding model is in its folder (scripts/test fetches it).
    assert_eq!(
        ready,
        json!({"status": "ready", "rabbitmq": "up", "redis": "up", "down": [], "search": "hybrid"})
    );

    stop.send(()).unwrap();
    assert_eq!(worker.await.unwrap().finished, N as u64);
    env.cleanup().await;
}

/// A private `redis-server` on `port`, killed when dropped.
fn redis_child(port: u16) -> tokio::process::Child {
    let child = tokio::process::Command::new("redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
        .args(["--save", "", "--appendonly", "no"])
        .stdout(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("redis-server must be installed for this test");
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "redis-server did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn readyz_turns_unready_while_redis_is_down_and_ready_again_when_it_returns() {
    let mut env = Env::new("readyz").await;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut redis = redis_child(port);
    env.settings.redis.url = (format!("redis://127.0.0.1:{port}")).into();
    // This test does not look at the depth gauges another test is reading.
    env.settings.worker.queue_poll_secs = 3600;
    let (addr, worker, stop) = env.start_worker(Arc::new(RulesModel::new())).await;
    wait_ready(addr, 200, Duration::from_secs(10)).await;

    redis.kill().await.unwrap();
    let down = wait_ready(addr, 503, Duration::from_secs(10)).await;
    assert_eq!(down["status"], "unready");
    assert_eq!(down["redis"], "down");
    assert_eq!(down["rabbitmq"], "up");
    assert_eq!(down["down"], json!(["redis"]));
    // Alive all the same.
    assert_eq!(get(addr, "/healthz").await.0, 200);

    let _redis = redis_child(port);
    let up = wait_ready(addr, 200, Duration::from_secs(15)).await;
    assert_eq!(up["redis"], "up");

    stop.send(()).unwrap();
    worker.await.unwrap();
    env.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_approvals_service_serves_metrics_and_readiness_on_its_console_port() {
    let mut env = Env::new("approvals").await;
    let db = common::pg::TestDb::create("metrics-approvals").await;
    env.settings.approvals.database_url = (db.url.clone()).into();
    let app = ticket_agent::app::approvals_app(env.settings.clone())
        .await
        .unwrap();
    let addr = app.local_addr().unwrap();
    let store = app.approvals().store.clone();
    let approvals = app.approvals().clone();
    let idem = ticket_agent::idempotency::RedisStore::connect(
        &env.settings.redis.url,
        &env.settings.redis.key_prefix,
    )
    .await
    .unwrap();
    let (tx, rx) = oneshot::channel::<()>();
    let service = tokio::spawn(app.run_until_stopped(async {
        let _ = rx.await;
    }));
    let ready = wait_ready(addr, 200, Duration::from_secs(10)).await;
    assert_eq!(ready["status"], "ready");
    assert_eq!(get(addr, "/healthz").await.0, 200);
    let (_, before) = get(addr, "/metrics").await;

    let message = refund_approval(
        "T-METRICS-1",
        24.99,
        chrono::Utc::now() - chrono::Duration::seconds(30),
    );
    publish_approval(&env.ch, &env.topology, &message).await;
    // The sweep (every second) reads the backlog: one pending, proposed 30 s ago.
    wait_metrics(addr, "one pending approval", Duration::from_secs(10), |p| {
        sample(p, "ticket_agent_approvals_pending", &[]) == 1.0
            && sample(p, "ticket_agent_approvals_oldest_pending_age_seconds", &[]) >= 30.0
    })
    .await;

    let decided = approvals
        .decide(&message.approval_id, Verdict::Approve, "alice", None)
        .await
        .unwrap();
    assert!(decided.decided_now);
    assert_eq!(decided.record.status, ApprovalStatus::Executed);
    let after = wait_metrics(addr, "an empty backlog", Duration::from_secs(10), |p| {
        sample(p, "ticket_agent_approvals_pending", &[]) == 0.0
    })
    .await;
    let delta = |name: &str, labels: &[(&str, &str)]| {
        sample(&after, name, labels) - sample(&before, name, labels)
    };
    assert!(
        delta(
            "ticket_agent_approvals_decided_total",
            &[("decision", "approved")]
        ) >= 1.0
    );
    assert!(
        delta(
            "ticket_agent_approvals_executed_total",
            &[("tool", "issue_refund"), ("status", "executed")]
        ) >= 1.0
    );
    assert_eq!(
        sample(
            &after,
            "ticket_agent_approvals_oldest_pending_age_seconds",
            &[]
        ),
        0.0
    );

    tx.send(()).unwrap();
    service.await.unwrap().unwrap();
    store.close().await;
    drop(db);
    idem.delete_all().await.unwrap();
    env.cleanup().await;
}

/// A model whose provider error quotes the conversation back, as some APIs do.
struct Echoing;

#[async_trait]
impl ChatModel for Echoing {
    fn label(&self) -> String {
        "metricsecho:v1".into()
    }

    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        let text = request.messages[0].text();
        Err(ModelError::Transient {
            message: format!("HTTP 503 while handling {text:?}"),
            status: Some(503),
        })
    }
}

/// Log lines written to memory.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn lines(&self) -> Vec<Value> {
        String::from_utf8(self.0.lock().unwrap().clone())
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }
}

/// JSON log lines of this thread, written to memory until the guard is dropped.
fn capture_json_logs() -> (Captured, tracing::subscriber::DefaultGuard) {
    let captured = Captured::default();
    let sink = captured.clone();
    let guard = tracing::subscriber::set_default(telemetry::subscriber(
        LogFormat::Json,
        "info",
        move || sink.clone(),
        false,
    ));
    (captured, guard)
}

/// Publishes `body` to the tickets queue and has `worker` handle and settle it.
async fn deliver(env: &Env, worker: &ticket_agent::worker::Worker, body: &Value) {
    env.publish_raw(body.to_string().as_bytes()).await;
    let delivery = next_message(
        &env.ch,
        &env.topology.tickets_queue,
        false,
        Duration::from_secs(10),
        Duration::from_millis(20),
        "no delivery",
    )
    .await;
    worker.process(delivery).await;
}

#[tokio::test(flavor = "current_thread")]
async fn log_lines_carry_the_workers_ticket_span_and_never_the_customers_email_phone_or_card() {
    let env = Env::new("logs").await;
    let (captured, _guard) = capture_json_logs();

    let worker = env
        .worker_on(&env.conn, Arc::new(Echoing), "logs-worker")
        .await;
    let secret = [
        "jane.doe@example.com",
        "+1 (555) 123-4567",
        "4111 1111 1111 1111",
    ];
    let ticket = json!({
        "ticket_id": "T-LOG-1",
        "customer_id": "C001",
        "subject": "Where is my order?",
        "body": format!("Mail me at {}, call {}, I paid with {}.", secret[0], secret[1], secret[2]),
    });
    // A poison message: serde's error quotes the string it could not parse.
    let poison = json!(format!("call {} or write {}", secret[1], secret[0]));
    for body in [ticket, poison] {
        deliver(&env, &worker, &body).await;
    }

    let lines = captured.lines();
    let text = serde_json::to_string(&lines).unwrap();
    for s in secret {
        assert!(!text.contains(s), "{s} reached the logs: {text}");
    }
    assert!(!text.contains("example.com"), "{text}");
    let model_line = lines
        .iter()
        .find(|l| l["message"] == "model unavailable; the ticket should be retried")
        .unwrap_or_else(|| panic!("no model line in {text}"));
    assert!(
        model_line["error"].as_str().unwrap().contains("[email]"),
        "{model_line}"
    );
    // The current span of the agent's line is the worker's, with all three fields.
    assert_eq!(model_line["span"]["name"], "ticket");
    assert_eq!(model_line["span"]["ticket_id"], "T-LOG-1");
    assert_eq!(model_line["span"]["worker_id"], "logs-worker");
    assert_eq!(model_line["span"]["attempt"], 1);
    let transient = lines
        .iter()
        .find(|l| l["message"] == "transient failure")
        .unwrap_or_else(|| panic!("no transient failure line in {text}"));
    assert!(transient["error"].as_str().unwrap().contains("[card]"));
    let dead = lines
        .iter()
        .find(|l| l["message"] == "dead-lettering")
        .unwrap_or_else(|| panic!("no dead-lettering line in {text}"));
    assert_eq!(dead["reason"], "not_json");
    assert!(
        dead["error"].as_str().unwrap().contains("[phone]"),
        "{dead}"
    );

    // The dead letter itself keeps the customer's text as written.
    let dead_letter = next_message(
        &env.ch,
        &env.topology.dead_queue,
        true,
        Duration::from_secs(10),
        Duration::from_millis(20),
        "no dead letter",
    )
    .await;
    assert!(String::from_utf8_lossy(&dead_letter.data).contains(secret[0]));
    env.cleanup().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_done_line_names_its_attempt_once_and_a_delivery_put_back_names_its_ticket() {
    let env = Env::new("logs-settle").await;
    let (captured, _guard) = capture_json_logs();
    // The worker publishes on a connection of its own, closed after the first ticket:
    // the second cannot publish its outcome and is put back.
    let publishing = ticket_agent::queue::connect(env.settings.amqp.url.expose(), "logs-settle")
        .await
        .unwrap();
    let worker = env
        .worker_on(&publishing, Arc::new(RulesModel::new()), "settle-worker")
        .await;
    for (i, id) in ["T-SETTLE-1", "T-SETTLE-2"].into_iter().enumerate() {
        if i == 1 {
            publishing.close(200, "gone".into()).await.unwrap();
        }
        let ticket = json!({
            "ticket_id": id,
            "customer_id": "C001",
            "subject": "Where is my order?",
            "body": "Where is order O1001?",
        });
        deliver(&env, &worker, &ticket).await;
    }
    let lines = captured.lines();
    let text = serde_json::to_string(&lines).unwrap();
    let done = lines
        .iter()
        .find(|l| l["message"] == "ticket done")
        .unwrap_or_else(|| panic!("no done line in {text}"));
    assert!(
        done.get("attempt").is_none(),
        "the event repeats the span's attempt: {done}"
    );
    assert_eq!(done["span"]["attempt"], 1, "{done}");
    let back = lines
        .iter()
        .find(|l| l["message"] == "putting the delivery back")
        .unwrap_or_else(|| panic!("no put-back line in {text}"));
    assert_eq!(back["span"]["ticket_id"], "T-SETTLE-2", "{back}");
    env.cleanup().await;
}
