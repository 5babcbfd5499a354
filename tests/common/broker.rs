//! A test's own corner of the local RabbitMQ (127.0.0.1:5672) and Redis (127.0.0.1:6379):
//! a topology and ticket records under a unique prefix, deleted when the test ends, and
//! the helpers the queue tests share to feed it, run workers on it and read it back.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use lapin::message::Delivery;
use lapin::options::{BasicGetOptions, BasicPublishOptions};
use lapin::types::FieldTable;
use lapin::{BasicProperties, Channel, Connection};
use serde_json::{Value, json};
use ticket_agent::commerce::embedded::World;
use ticket_agent::config::Settings;
use ticket_agent::model::ChatModel;
use ticket_agent::queue::messages::ApprovalMessage;
use ticket_agent::queue::records::TicketRecords;
use ticket_agent::queue::{
    Topology, confirm_channel, connect, publish_confirmed, queue_state, submit,
};
use ticket_agent::worker::{Worker, WorkerApp, WorkerStats};
use tokio::sync::oneshot;

/// A test's own corner of the broker and of Redis.
pub(crate) struct Env {
    pub(crate) settings: Settings,
    pub(crate) topology: Topology,
    pub(crate) conn: Connection,
    pub(crate) ch: Channel,
    pub(crate) records: TicketRecords,
}

impl Env {
    /// Declares a topology under the prefix `ta-test-{name}-{pid}-{nanos}` and connects
    /// the ticket records under the same prefix. `tweak` sets the test's own settings on
    /// top of the defaults (the prefix is set first).
    pub(crate) async fn open(name: &str, tweak: impl FnOnce(&mut Settings)) -> Env {
        let mut settings = Settings::defaults();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let prefix = format!("ta-test-{name}-{}-{nanos}", std::process::id());
        settings.amqp.prefix = prefix.clone();
        settings.redis.key_prefix = prefix;
        tweak(&mut settings);
        let topology = Topology::from_settings(&settings.amqp, &settings.worker);
        let conn = connect(settings.amqp.url.expose(), "ticket-agent test")
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

    /// Deletes the topology and every key under the test's prefix (the ticket
    /// records, the threads, the executor's claims).
    pub(crate) async fn cleanup(self) {
        self.topology.delete(&self.ch).await.unwrap();
        ticket_agent::idempotency::RedisStore::connect(
            &self.settings.redis.url,
            &self.settings.redis.key_prefix,
        )
        .await
        .unwrap()
        .delete_all()
        .await
        .unwrap();
        let _ = self.conn.close(200, "done".into()).await;
    }

    /// Runs a worker over `model` with the current settings until the sender is used.
    pub(crate) fn spawn_worker(
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

    /// Starts a worker over `model`; returns its metrics address, its task and its stop.
    pub(crate) async fn start_worker(
        &self,
        model: Arc<dyn ChatModel>,
    ) -> (
        SocketAddr,
        tokio::task::JoinHandle<WorkerStats>,
        oneshot::Sender<()>,
    ) {
        let (agent, _) = ticket_agent::app::embedded_agent(&self.settings, World::fixture(), model)
            .await
            .unwrap();
        let app = WorkerApp::build(self.settings.clone(), agent)
            .await
            .unwrap();
        let addr = app.metrics_addr().expect("metrics_listen is set");
        let (tx, rx) = oneshot::channel::<()>();
        let handle = tokio::spawn(async move {
            app.run_until_stopped(async {
                let _ = rx.await;
            })
            .await
            .unwrap()
        });
        (addr, handle, tx)
    }

    /// A worker over `model` on a channel of `conn`, driven by the test itself.
    pub(crate) async fn worker_on(
        &self,
        conn: &Connection,
        model: Arc<dyn ChatModel>,
        worker_id: &str,
    ) -> Worker {
        let (agent, _) = ticket_agent::app::embedded_agent(&self.settings, World::fixture(), model)
            .await
            .unwrap();
        Worker::new(
            self.settings.clone(),
            agent,
            self.records.clone(),
            confirm_channel(conn).await.unwrap(),
            worker_id.into(),
        )
    }

    /// Submits JSON lines, all valid; returns how many were published.
    pub(crate) async fn submit_lines(&self, lines: &[String]) -> usize {
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

    /// Publishes `body` to the tickets exchange as it is, without headers.
    pub(crate) async fn publish_raw(&self, body: &[u8]) {
        self.ch
            .basic_publish(
                self.topology.tickets_exchange.as_str().into(),
                "ticket".into(),
                BasicPublishOptions::default(),
                body,
                BasicProperties::default(),
            )
            .await
            .unwrap()
            .await
            .unwrap();
    }

    /// The queue's ready count.
    pub(crate) async fn depth(&self, queue: &str) -> u32 {
        queue_state(&self.ch, queue).await.unwrap().message_count()
    }

    /// Polls the queue's ready count until it reaches `at_least` or `timeout` passes;
    /// returns the last count.
    pub(crate) async fn wait_depth(&self, queue: &str, at_least: u32, timeout: Duration) -> u32 {
        let start = Instant::now();
        loop {
            let n = self.depth(queue).await;
            if n >= at_least || start.elapsed() > timeout {
                return n;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The queue's ready count once it stops moving. Messages put back (a nack, a
    /// closed channel) reach a quorum queue asynchronously, a moment after the command
    /// returns.
    pub(crate) async fn settled_depth(&self, queue: &str) -> u32 {
        let mut last = self.depth(queue).await;
        let mut same = 0;
        while same < 3 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let n = self.depth(queue).await;
            same = if n == last { same + 1 } else { 0 };
            last = n;
        }
        last
    }

    /// Whether no copy of a ticket is left to run ([`Env::assert_no_ticket_left`]).
    pub(crate) async fn no_ticket_left(&self) -> bool {
        for q in self.ticket_queues() {
            if self.settled_depth(&q).await > 0 {
                return false;
            }
        }
        true
    }

    fn ticket_queues(&self) -> Vec<String> {
        let mut queues = vec![
            self.topology.tickets_queue.clone(),
            self.topology.wait_queue.clone(),
        ];
        queues.extend(self.topology.retry_queues.iter().map(|(q, _, _)| q.clone()));
        queues
    }

    /// Asserts that no copy of a ticket is left to run: the tickets queue, the wait
    /// queue and every retry tier are empty once settled. Call it after the workers
    /// have stopped: whatever they held is back in a queue by then, so a duplicate
    /// that a wait would have let run shows here instead.
    pub(crate) async fn assert_no_ticket_left(&self) {
        for q in self.ticket_queues() {
            assert_eq!(self.settled_depth(&q).await, 0, "a copy is left in {q}");
        }
    }

    /// Takes every message off `queue`: (body, headers). A body that is not JSON comes
    /// back as a JSON string.
    pub(crate) async fn drain(&self, queue: &str) -> Vec<(Value, Option<FieldTable>)> {
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

/// Polls `queue` on `ch` every `poll` until a message is there, and gets it: with
/// `no_ack`, off the queue; without, unsettled on `ch` (closing `ch` puts it back).
/// Fails with `what` after `timeout`.
pub(crate) async fn next_message(
    ch: &Channel,
    queue: &str,
    no_ack: bool,
    timeout: Duration,
    poll: Duration,
    what: &str,
) -> Delivery {
    let start = Instant::now();
    loop {
        if let Some(m) = ch
            .basic_get(queue.into(), BasicGetOptions { no_ack })
            .await
            .unwrap()
        {
            return m.delivery;
        }
        assert!(start.elapsed() < timeout, "{what}");
        tokio::time::sleep(poll).await;
    }
}

/// `n` JSON lines from examples/tickets.jsonl, round and round, with the ticket ids
/// `T-0000`, `T-0001`, …
pub(crate) fn example_tickets(n: usize) -> Vec<String> {
    let examples: Vec<Value> = include_str!("../../examples/tickets.jsonl")
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

/// A proposed refund of `amount` on order O1001 (customer C001) for `ticket`, its
/// eligibility capped at $24.99.
pub(crate) fn refund_approval(
    ticket: &str,
    amount: f64,
    created_at: chrono::DateTime<chrono::Utc>,
) -> ApprovalMessage {
    let (approval_id, key) =
        ticket_agent::domain::approval::derive_ids(ticket, "issue_refund", "O1001");
    ApprovalMessage {
        approval_id: approval_id.to_string(),
        ticket_id: ticket.parse().unwrap(),
        customer_id: "C001".parse().unwrap(),
        tool: "issue_refund".into(),
        arguments: json!({ "order_id": "O1001", "amount_usd": amount, "idempotency_key": key }),
        eligibility: Some(ticket_agent::domain::approval::EligibilityBasis {
            policy_ref: "refund-policy/window-30-days".into(),
            max_amount_usd: ticket_agent::domain::money::Usd::from_cents(2499),
        }),
        summary: "We have proposed a refund.".into(),
        ticket_subject: "Refund".into(),
        ticket_body: "The mouse broke.".into(),
        created_at,
        timeline: Default::default(),
    }
}

/// Publishes `message` to the approvals exchange, confirmed, with its approval id as
/// the message id.
pub(crate) async fn publish_approval(ch: &Channel, topology: &Topology, message: &ApprovalMessage) {
    let props = BasicProperties::default().with_message_id(message.approval_id.as_str().into());
    publish_confirmed(
        ch,
        &topology.approvals_exchange,
        &message.routing_key(),
        &serde_json::to_vec(message).unwrap(),
        props,
    )
    .await
    .unwrap();
}
