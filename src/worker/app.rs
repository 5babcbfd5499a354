//! `ticket-agent worker`, the process: a [`Worker`] per broker session on the queue
//! runtime, the metrics and health endpoints on `worker.metrics_listen` (with the
//! search its agent's `kb_search` runs, on `/readyz` and as a gauge), and the tickets
//! queue's depth polled for the autoscaling gauges.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

use anyhow::Context;
use chrono::Utc;
use lapin::Channel;
use lapin::message::Delivery;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use super::{DeadReason, Worker};
use crate::agent::Agent;
use crate::config::Settings;
use crate::metrics::{self, Readiness, ReadyCheck, SearchKind};
use crate::queue::consumer::{Consumer, Session};
use crate::queue::records::TicketRecords;
use crate::queue::runtime::{self, Service};
use crate::queue::{H_SUBMITTED_AT, Topology, header_str, queue_state};

/// A worker process: connects, declares, consumes until `shutdown`, drains; serves its
/// metrics and health endpoints meanwhile.
pub struct WorkerApp {
    settings: Settings,
    agent: Agent,
    records: TicketRecords,
    worker_id: String,
    metrics_listener: Option<TcpListener>,
}

/// What the worker's `/readyz` asks: the channel it consumes on, and Redis; and what it
/// says beside them: the search its agent runs.
struct WorkerHealth {
    /// The consuming channel while there is one.
    channel: std::sync::Mutex<Option<Channel>>,
    records: TicketRecords,
    search: SearchKind,
}

#[async_trait::async_trait]
impl ReadyCheck for WorkerHealth {
    async fn readiness(&self) -> Readiness {
        let rabbitmq = self
            .channel
            .lock()
            .expect("the channel slot")
            .as_ref()
            .is_some_and(|c| c.status().connected());
        let redis = tokio::time::timeout(metrics::READY_TIMEOUT, self.records.ping())
            .await
            .unwrap_or(false);
        Readiness {
            rabbitmq,
            redis,
            postgres: None,
        }
    }

    fn details(&self) -> Vec<(&'static str, String)> {
        vec![("search", self.search.as_str().to_string())]
    }
}

impl WorkerHealth {
    fn set_channel(&self, channel: Option<Channel>) {
        *self.channel.lock().expect("the channel slot") = channel;
    }
}

/// Aborts a background task when dropped, whichever way its owner ends.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Creates the worker's counters at 0 for every label value known in advance, so that
/// `rate()` and `increase()` see a series before its first event.
fn init_series(topology: &Topology) {
    let m = metrics::global();
    for d in [
        "ack",
        "duplicate",
        "retry",
        "busy",
        "dead_letter",
        "requeue",
    ] {
        m.deliveries.with_label_values(&[d]);
    }
    for r in DeadReason::ALL {
        m.dead_letters.with_label_values(&[r.as_str()]);
    }
    for (_, key, _) in &topology.retry_queues {
        m.retries
            .with_label_values(&[key.trim_start_matches("retry.")]);
    }
}

/// Milliseconds since the epoch of the delivery's `x-submitted-at`, when it has one.
fn submitted_at_ms(delivery: &Delivery) -> Option<i64> {
    let at = header_str(delivery.properties.headers().as_ref(), H_SUBMITTED_AT)?;
    Some(
        chrono::DateTime::parse_from_rfc3339(&at)
            .ok()?
            .timestamp_millis(),
    )
}

fn age_secs(since_ms: i64) -> f64 {
    ((Utc::now().timestamp_millis() - since_ms).max(0) as f64) / 1000.0
}

/// Polls the tickets queue's depth (a passive declare, on a channel of its own: a
/// failed passive declare closes its channel) into the metrics, until its channel
/// fails or it is aborted. `head` is the `x-submitted-at` of the last delivery taken,
/// the head of the queue then; the age gauge is reset when the queue is empty.
async fn poll_queue(probe: Channel, queue: String, every: Duration, head: Arc<AtomicI64>) {
    let m = metrics::global();
    loop {
        let declared = queue_state(&probe, &queue).await;
        match declared {
            Ok(q) => {
                m.queue_ready.set(i64::from(q.message_count()));
                m.queue_consumers.set(i64::from(q.consumer_count()));
                let h = head.load(Ordering::Relaxed);
                if q.message_count() == 0 {
                    head.store(0, Ordering::Relaxed);
                    m.queue_oldest_age.set(0.0);
                } else if h > 0 {
                    m.queue_oldest_age.set(age_secs(h));
                }
            }
            Err(e) => {
                tracing::debug!(error = %crate::telemetry::chain(&e), "queue depth probe failed; polling again after the reconnect");
                return;
            }
        }
        tokio::time::sleep(every).await;
    }
}

/// What a worker did, reported when it stops.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WorkerStats {
    /// Tickets it finished.
    pub finished: u64,
    /// In-flight tickets abandoned at the shutdown deadline (redelivered, not lost).
    pub abandoned: usize,
}

impl std::fmt::Display for WorkerStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "worker stopped: {} tickets finished, {} abandoned at the deadline (redelivered)",
            self.finished, self.abandoned
        )
    }
}

impl WorkerApp {
    /// Builds a worker from settings and an agent; connects to Redis and binds the
    /// metrics endpoint (`worker.metrics_listen`).
    ///
    /// # Errors
    /// Redis unreachable at start, or a metrics address that cannot be bound (another
    /// worker on the host holding the port).
    pub async fn build(settings: Settings, agent: Agent) -> anyhow::Result<Self> {
        let records = TicketRecords::connect(settings.redis.target(), &settings.redis.key_prefix)
            .await
            .context("connecting to Redis (redis.url)")?;
        let listen = settings.worker.metrics_listen.trim();
        let metrics_listener = if listen.is_empty() {
            None
        } else {
            Some(TcpListener::bind(listen).await.with_context(|| {
                format!("binding worker.metrics_listen = {listen} (another worker on this host needs another port)")
            })?)
        };
        let host = std::env::var("HOSTNAME").unwrap_or_else(|_| "worker".into());
        let worker_id = format!(
            "{host}-{}-{:04x}",
            std::process::id(),
            rand::random::<u16>()
        );
        Ok(Self {
            settings,
            agent,
            records,
            worker_id,
            metrics_listener,
        })
    }

    /// This worker's id.
    pub fn id(&self) -> &str {
        &self.worker_id
    }

    /// How this worker's `kb_search` searches: hybrid when its agent's tools hold the
    /// embedding model, which is what `/readyz` and `ticket_agent_kb_search_mode` report.
    pub fn search(&self) -> SearchKind {
        if self.agent.tools().kb_embedder().is_some() {
            SearchKind::Hybrid
        } else {
            SearchKind::Lexical
        }
    }

    /// The bound address of `/metrics`, `/healthz` and `/readyz` (port 0 in tests
    /// becomes a real port here); `None` when `worker.metrics_listen` is empty.
    pub fn metrics_addr(&self) -> Option<std::net::SocketAddr> {
        self.metrics_listener
            .as_ref()
            .and_then(|l| l.local_addr().ok())
    }

    /// Runs until `shutdown` resolves: then stops consuming, lets in-flight tickets
    /// finish (and settle) within `worker.shutdown_grace_secs`, and closes. A lost
    /// RabbitMQ connection is re-opened with backoff and the topology declared again;
    /// while Redis does not answer, no new delivery is taken.
    ///
    /// # Errors
    /// Only a topology the broker refuses (e.g. a queue declared with other
    /// arguments); connection failures are retried.
    pub async fn run_until_stopped(
        mut self,
        shutdown: impl Future<Output = ()> + Send,
    ) -> anyhow::Result<WorkerStats> {
        let health = Arc::new(WorkerHealth {
            channel: std::sync::Mutex::new(None),
            records: self.records.clone(),
            search: self.search(),
        });
        // Counted while this call runs, as the endpoint is served.
        let _search = metrics::global().kb_search_running(self.search());
        // The endpoint lives as long as this call, whichever way it returns.
        let _server = self.metrics_listener.take().map(|listener| {
            let router = metrics::router(health.clone(), metrics::Role::Worker);
            AbortOnDrop(tokio::spawn(async move {
                if let Err(e) = axum::serve(listener, router).await {
                    tracing::error!(error = %crate::telemetry::chain(&e), "the metrics endpoint stopped");
                }
            }))
        });
        let ws = &self.settings.worker;
        let topology = Topology::from_settings(&self.settings.amqp, ws);
        init_series(&topology);
        let consumer = Consumer::new(
            &self.settings.amqp,
            &topology,
            &topology.tickets_queue,
            &self.worker_id,
            ws.effective_prefetch(),
        );
        let options = runtime::Options {
            concurrency: ws.concurrency,
            grace: Duration::from_secs(ws.shutdown_grace_secs),
            // A lost connection's tickets give their leases back before the next
            // session takes their redeliveries.
            wait_on_loss: true,
            role: "worker",
        };
        let service = WorkerService {
            app: &self,
            topology,
            health,
            head: Arc::new(AtomicI64::new(0)),
            poller: std::sync::Mutex::new(None),
            finished: Arc::new(AtomicU64::new(0)),
        };
        let drained = runtime::run(&consumer, &service, &options, shutdown).await?;
        let finished = service.finished.load(Ordering::Relaxed);
        tracing::info!(finished, "worker stopped");
        Ok(WorkerStats {
            finished,
            abandoned: drained.abandoned,
        })
    }
}

/// The worker as the runtime's service: a [`Worker`] per session, the readiness
/// channel, and the queue-depth poller of that session's connection.
struct WorkerService<'a> {
    app: &'a WorkerApp,
    topology: Topology,
    health: Arc<WorkerHealth>,
    /// The `x-submitted-at` of the last delivery taken: the head of the queue then.
    head: Arc<AtomicI64>,
    poller: std::sync::Mutex<Option<AbortOnDrop>>,
    finished: Arc<AtomicU64>,
}

impl Service for WorkerService<'_> {
    type Handler = Worker;

    async fn session(&self, session: &Session, abandon: &CancellationToken) -> Arc<Worker> {
        let app = self.app;
        let worker = Worker::new(
            app.settings.clone(),
            app.agent.clone(),
            app.records.clone(),
            session.publishing().clone(),
            app.worker_id.clone(),
        )
        .sharing(self.finished.clone(), abandon.clone());
        tracing::info!(worker_id = %app.worker_id, concurrency = app.settings.worker.concurrency, search = app.search().as_str(), "taking tickets");
        self.health.set_channel(Some(session.consuming().clone()));
        let poller = match session.connection().create_channel().await {
            Ok(probe) => Some(AbortOnDrop(tokio::spawn(poll_queue(
                probe,
                self.topology.tickets_queue.clone(),
                Duration::from_secs(app.settings.worker.queue_poll_secs.max(1)),
                self.head.clone(),
            )))),
            Err(e) => {
                tracing::warn!(error = %crate::telemetry::chain(&e), "could not open the queue depth channel; no depth metrics until the next reconnect");
                None
            }
        };
        *self.poller.lock().expect("the poller slot") = poller;
        Arc::new(worker)
    }

    fn taken(&self, delivery: &Delivery) {
        if let Some(at) = submitted_at_ms(delivery) {
            self.head.store(at, Ordering::Relaxed);
            metrics::global().queue_oldest_age.set(age_secs(at));
        }
    }

    fn session_ended(&self) {
        self.health.set_channel(None);
        self.poller.lock().expect("the poller slot").take();
    }
}
