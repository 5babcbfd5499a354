//! The back door: outcomes and approval decisions written back to where tickets came
//! from, by one long-running process per sink (`ticket-agent connector zendesk`,
//! `ticket-agent connector webhook`).
//!
//! This module owns the delivery of one event, whatever the sink ([`Connector::deliver`]):
//! the sink turns the event into its calls ([`Sink::plan`]: a reply, a note, one POST),
//! and each call is made at most once per unit of work (a ticket, or one message of its
//! thread: [`Event::work_key`]) and event. Before a call its key is
//! claimed in Redis ([`Ledger`], the lease protocol of [`crate::kv`]); a call already
//! recorded as delivered is skipped, so a re-published outcome or a redelivery posts
//! nothing twice. A call the far end throttles (429, honouring `Retry-After`) or fails
//! (5xx, 408, 409, a timeout) is retried with jittered backoff up to
//! `connector.max_attempts`; one it refuses (any other 4xx) is not retried: the
//! delivery is dead-lettered with the reason into the sink's dead queue. The queue
//! runtime ([`crate::queue::runtime`]) consumes and settles each delivery (ack,
//! dead-letter with a confirm, or put back) and drains on shutdown;
//! [`ConnectorApp::run_until_stopped`] plugs the connector into it and serves the
//! probes on `connector.listen`. The sinks
//! are [`zendesk`] (which also reads Zendesk's inbound webhook for the ingest API) and
//! [`webhook`] (Standard Webhooks). docs/integrations.md is the operator's manual.

pub mod webhook;
pub mod zendesk;

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use anyhow::Context;
use async_trait::async_trait;
use chrono::Utc;
use lapin::message::Delivery;
use serde::Serialize;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use crate::backoff::{Backoff, Failed, GaveUp, Limit, Retry};
use crate::config::Settings;
use crate::domain::ticket::WorkKey;
use crate::kv::{self, Begun, Lease, StoreError};
use crate::metrics::{self, Readiness, ReadyCheck};
use crate::queue::consumer::{Consumer, Session};
use crate::queue::messages::DecisionAudit;
use crate::queue::messages::OutcomeMessage;
use crate::queue::runtime::{self, Decision, Disposition, Handler, Routes, Service};
use crate::queue::{ConnectorQueues, Topology};

/// What a connector delivers: a ticket's outcome, or a later decision on one of its
/// approvals.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// From the `outcomes` exchange.
    Outcome(OutcomeMessage),
    /// From the `approvals.decisions` exchange.
    Decision(DecisionAudit),
}

/// Why a delivery is not an [`Event`].
#[derive(Debug, thiserror::Error)]
pub enum EventError {
    /// A `ticket.*` body that is not an outcome message.
    #[error("not an outcome message: {0}")]
    NotOutcome(serde_json::Error),
    /// A `decision.*` body that is not a decision record.
    #[error("not a decision record: {0}")]
    NotDecision(serde_json::Error),
    /// Neither `ticket.*` nor `decision.*`.
    #[error("unexpected routing key {0:?}")]
    RoutingKey(String),
}

impl Event {
    /// Reads a message by the routing key it came with (`ticket.*` or `decision.*`).
    ///
    /// # Errors
    /// Another routing key, or a body that is not that message.
    pub fn parse(routing_key: &str, body: &[u8]) -> Result<Event, EventError> {
        if routing_key.starts_with("ticket.") {
            serde_json::from_slice(body)
                .map(Event::Outcome)
                .map_err(EventError::NotOutcome)
        } else if routing_key.starts_with("decision.") {
            serde_json::from_slice(body)
                .map(Event::Decision)
                .map_err(EventError::NotDecision)
        } else {
            Err(EventError::RoutingKey(routing_key.to_string()))
        }
    }

    /// The ticket it is about.
    pub fn ticket_id(&self) -> &str {
        match self {
            Event::Outcome(o) => o.ticket_id.as_str(),
            Event::Decision(d) => d.ticket_id.as_str(),
        }
    }

    /// The unit of work it is about: for an outcome, the message of the ticket's thread it
    /// answers (the ticket id alone for a whole ticket); for a decision, the ticket. With
    /// the event key, what its calls are keyed by: each message is answered once, two
    /// messages twice.
    pub fn work_key(&self) -> WorkKey {
        match self {
            Event::Outcome(o) => o.work_key(),
            Event::Decision(d) => WorkKey::new(&d.ticket_id, None),
        }
    }

    /// Its type: `ticket.resolved`, `ticket.refund_proposed`, `ticket.escalated`,
    /// `decision.executed`, `decision.failed`, `decision.approved`,
    /// `decision.rejected`, `decision.expired`.
    pub fn kind(&self) -> String {
        match self {
            Event::Outcome(o) => o.routing_key(),
            Event::Decision(d) => format!("decision.{}", DecisionKind::of(d).as_str()),
        }
    }

    /// What makes it one event of its unit of work: the outcome, or the approval and its
    /// decision. With the work key, the key of its delivery records.
    pub fn event_key(&self) -> String {
        match self {
            Event::Outcome(o) => format!("outcome:{}", o.verdict.outcome),
            Event::Decision(d) => {
                format!(
                    "decision:{}:{}",
                    d.approval_id,
                    DecisionKind::of(d).as_str()
                )
            }
        }
    }
}

/// Where a decision ended, as a help desk is told it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// Approved, and the backend carried it out.
    Executed,
    /// Approved, and the backend refused it for good.
    Failed,
    /// Approved; its execution is not recorded yet.
    Approved,
    /// Rejected by a reviewer.
    Rejected,
    /// Nobody decided in time; the ticket was escalated.
    Expired,
}

impl DecisionKind {
    /// The kind of an audit record.
    pub fn of(audit: &DecisionAudit) -> Self {
        match audit.decision.as_str() {
            "rejected" => Self::Rejected,
            "expired" => Self::Expired,
            _ => match audit.execution.as_ref().map(|e| e.status.as_str()) {
                Some("succeeded") => Self::Executed,
                Some(_) => Self::Failed,
                None => Self::Approved,
            },
        }
    }

    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Executed => "executed",
            Self::Failed => "failed",
            Self::Approved => "approved",
            Self::Rejected => "rejected",
            Self::Expired => "expired",
        }
    }
}

/// One call a sink makes for an event.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// Unique per unit of work, event and call (`{work key}:{event}:{call}`: the work
    /// key is the ticket id, or the ticket and the message answered): the key of its
    /// delivery record.
    pub key: String,
    /// What the sink addresses (Zendesk's ticket id; the webhook's message id).
    pub target: String,
    /// The request's JSON body.
    pub body: serde_json::Value,
}

/// What a sink makes of an event.
#[derive(Debug, Clone, PartialEq)]
pub enum Plan {
    /// These calls, in order.
    Calls(Vec<Call>),
    /// Nothing: the event is not this sink's (and why).
    Skip(String),
}

/// Why a call failed; decided once, where the answer is read ([`classify`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// Worth another attempt: throttled, a server error, a timeout, no connection.
    #[error("{error}")]
    Transient {
        /// What happened.
        error: String,
        /// The server's `Retry-After`, when it gave one.
        retry_after: Option<Duration>,
    },
    /// Refused for good: another attempt would be refused the same way.
    #[error("{0}")]
    Permanent(String),
}

/// A help desk (or any receiver) that outcomes and decisions are written to.
#[async_trait]
pub trait Sink: Send + Sync {
    /// Its name (`zendesk`, `webhook`): its queues and its delivery records.
    fn name(&self) -> &'static str;

    /// The calls an event becomes.
    fn plan(&self, event: &Event) -> Plan;

    /// Makes one call once.
    ///
    /// # Errors
    /// [`SendError`], transient or permanent.
    async fn send(&self, call: &Call) -> Result<(), SendError>;
}

/// The answer to a call, as [`SendError`]: 2xx is delivered; 429, 408, 409 and 5xx
/// are worth retrying (after `Retry-After` when given; Zendesk answers 409 to
/// concurrent updates of one ticket); any other status is a refusal.
///
/// # Errors
/// The status as a [`SendError`], with `body` (trimmed) in its message.
pub fn classify(
    status: reqwest::StatusCode,
    headers: &reqwest::header::HeaderMap,
    body: &str,
) -> Result<(), SendError> {
    if status.is_success() {
        return Ok(());
    }
    let snippet: String = body.trim().chars().take(300).collect();
    let error = format!("HTTP {}: {snippet}", status.as_u16());
    let code = status.as_u16();
    if code == 429 || code == 408 || code == 409 || status.is_server_error() {
        Err(SendError::Transient {
            error,
            retry_after: crate::http::retry_after(headers, Utc::now()),
        })
    } else {
        Err(SendError::Permanent(error))
    }
}

/// A request that got no answer, as a transient failure.
pub fn unanswered(error: &reqwest::Error) -> SendError {
    SendError::Transient {
        error: crate::http::error_chain(error),
        retry_after: None,
    }
}

/// What was delivered, per sink, ticket, event and call, in Redis: keys
/// `{prefix}:connector:{sink}:delivered:{{call}}` (the record, kept
/// `connector.delivered_ttl_secs`) and `…:claim:{{call}}` (the claim while the call is
/// being made); the call is the hash tag, so that both share a slot on Redis Cluster.
#[derive(Clone)]
pub struct Ledger {
    conn: kv::Conn,
    prefix: String,
}

/// The delivery record of one call.
#[derive(Debug, Serialize)]
struct DeliveredRecord<'a> {
    target: &'a str,
    delivered_at: chrono::DateTime<Utc>,
}

impl Ledger {
    /// The ledger of sink `sink` under `prefix`.
    ///
    /// # Errors
    /// Redis unreachable.
    pub async fn connect(
        target: impl Into<kv::Target>,
        prefix: &str,
        sink: &str,
    ) -> Result<Self, StoreError> {
        Ok(Self {
            conn: kv::connect(target).await?,
            prefix: format!("{prefix}:connector:{sink}"),
        })
    }

    fn keys(&self, call: &str) -> (String, String) {
        (
            kv::key(&self.prefix, "delivered", call),
            kv::key(&self.prefix, "claim", call),
        )
    }

    /// Whether Redis answers.
    pub async fn ping(&self) -> bool {
        kv::ping(&self.conn).await
    }

    /// Deletes every record of this sink (tests clean up with it).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn delete_all(&self) -> Result<(), StoreError> {
        kv::delete_matching(&self.conn, &[format!("{}:*", self.prefix)]).await
    }
}

/// The retry rule of one call.
#[derive(Debug, Clone, Copy)]
pub struct RetryPolicy {
    /// Attempts in all.
    pub max_attempts: u32,
    /// The waits of our own choosing.
    pub backoff: Backoff,
    /// How long a claim holds (renewed before each attempt).
    pub claim_lease: Duration,
    /// How long a delivery record is kept.
    pub delivered_ttl: Duration,
}

impl RetryPolicy {
    /// From `[connector]`.
    pub fn from_settings(settings: &Settings) -> Self {
        let c = &settings.connector;
        Self {
            max_attempts: c.max_attempts,
            backoff: Backoff::new(
                Duration::from_millis(c.backoff_base_ms),
                Duration::from_millis(c.backoff_max_ms),
            ),
            claim_lease: Duration::from_secs(c.claim_lease_secs),
            delivered_ttl: Duration::from_secs(c.delivered_ttl_secs),
        }
    }
}

/// Why a delivery was dead-lettered (`x-dead-reason`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadReason {
    /// Not a message a connector reads.
    Malformed,
    /// The far end refused a call (a 4xx other than 408, 409, 429).
    Refused,
    /// Transient failures past `connector.max_attempts`.
    MaxAttempts,
}

impl DeadReason {
    /// The header value.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Malformed => "malformed",
            Self::Refused => "refused",
            Self::MaxAttempts => "max_attempts",
        }
    }
}

/// What became of one delivery. Decided once, then settled once.
#[derive(Debug, Clone, PartialEq)]
pub enum Delivered {
    /// Every call is delivered: `sent` now, `already` by an earlier delivery.
    Done {
        /// Calls made now.
        sent: usize,
        /// Calls found delivered before (a re-published or redelivered event).
        already: usize,
    },
    /// Not this sink's event.
    Skipped(String),
    /// To the sink's dead queue, with the reason.
    DeadLetter {
        /// `x-dead-reason`.
        reason: DeadReason,
        /// The last error, into `x-last-error`.
        error: String,
    },
    /// Not now (Redis down, shutting down, another connector on the same call): back
    /// to the queue for a later try.
    PutBack {
        /// Why.
        error: String,
    },
}

impl Delivered {
    /// A short name for logs and the run's tally.
    pub fn as_str(&self) -> &'static str {
        match self {
            Delivered::Done { sent: 0, .. } => "duplicate",
            Delivered::Done { .. } => "delivered",
            Delivered::Skipped(_) => "skipped",
            Delivered::DeadLetter { .. } => "dead_letter",
            Delivered::PutBack { .. } => "put_back",
        }
    }
}

impl Delivered {
    /// How the delivery is settled: a duplicate, a skip and a delivery are acked, a
    /// dead letter goes to the sink's dead queue, the rest goes back to the queue.
    pub fn disposition(self) -> Disposition<DeadReason> {
        match self {
            Delivered::Done { sent, .. } => Disposition::Ack {
                duplicate: sent == 0,
            },
            Delivered::Skipped(_) => Disposition::Ack { duplicate: false },
            Delivered::DeadLetter { reason, error } => Disposition::DeadLetter { reason, error },
            Delivered::PutBack { error } => Disposition::Requeue { error },
        }
    }
}

impl runtime::DeadReason for DeadReason {
    fn as_str(self) -> &'static str {
        DeadReason::as_str(self)
    }
}

/// Why one delivery try failed, as the retry loop carries it.
enum Undelivered {
    /// The help desk refused the call for good.
    Refused(String),
    /// Worth another try, after the help desk's own wait when it gave one.
    Failing {
        error: String,
        retry_after: Option<Duration>,
    },
    /// The delivery goes back to the queue (its claim could not be kept).
    PutBack(String),
}

impl Undelivered {
    fn message(&self) -> &str {
        match self {
            Self::Refused(e) | Self::PutBack(e) | Self::Failing { error: e, .. } => e,
        }
    }
}

/// One call's end, inside [`Connector::deliver`].
enum CallEnd {
    Sent,
    Already,
    Stop(Delivered),
}

/// A sink with its ledger and retry rule: delivers one event.
pub struct Connector {
    sink: Arc<dyn Sink>,
    ledger: Ledger,
    policy: RetryPolicy,
}

impl Connector {
    /// A connector writing to `sink`.
    pub fn new(sink: Arc<dyn Sink>, ledger: Ledger, policy: RetryPolicy) -> Self {
        Self {
            sink,
            ledger,
            policy,
        }
    }

    /// The sink's name.
    pub fn sink(&self) -> &'static str {
        self.sink.name()
    }

    /// The ledger.
    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    /// Delivers one event: each of its calls at most once, retried while worth it.
    /// `abandon` cancelled gives the event back (at the shutdown deadline).
    pub async fn deliver(&self, event: &Event, abandon: &CancellationToken) -> Delivered {
        let calls = match self.sink.plan(event) {
            Plan::Calls(calls) => calls,
            Plan::Skip(why) => return Delivered::Skipped(why),
        };
        let (mut sent, mut already) = (0, 0);
        for call in &calls {
            match self.call(call, abandon).await {
                CallEnd::Sent => sent += 1,
                CallEnd::Already => already += 1,
                CallEnd::Stop(d) => return d,
            }
        }
        Delivered::Done { sent, already }
    }

    /// Waits `delay`, or gives up when `abandon` is cancelled first.
    async fn pause(delay: Duration, abandon: &CancellationToken) -> bool {
        tokio::select! {
            () = tokio::time::sleep(delay) => true,
            () = abandon.cancelled() => false,
        }
    }

    async fn call(&self, call: &Call, abandon: &CancellationToken) -> CallEnd {
        let (done, claim) = self.ledger.keys(&call.key);
        let lease = Lease {
            done: &done,
            lease: &claim,
        };
        let conn = &self.ledger.conn;
        let token = format!("{:032x}", rand::random::<u128>());
        let put_back = |error: String| CallEnd::Stop(Delivered::PutBack { error });
        // Another connector holding the claim is making this very call: wait for it
        // to finish (then the record answers) or for its claim to run out.
        let begin = || async {
            match lease
                .begin(conn, &done, &token, self.policy.claim_lease)
                .await
            {
                Ok(Begun::Done(_)) => Ok(true),
                Ok(Begun::Leased(_)) => Ok(false),
                Ok(Begun::Busy(_)) => Err(Failed::Again(
                    format!("{} is claimed by another connector", call.key),
                    None,
                )),
                Err(e) => Err(Failed::Final(format!("redis: {e}"))),
            }
        };
        let retries = Limit::Retries(self.policy.max_attempts.saturating_sub(1));
        let wait_busy = |_: &String, retry: Retry| std::future::ready(Ok(retry.wait));
        let begun = self
            .policy
            .backoff
            .run(retries, abandon.cancelled(), begin, wait_busy)
            .await;
        match begun {
            Ok(true) => return CallEnd::Already,
            Ok(false) => {}
            Err(GaveUp::Stopped(_)) => return put_back("shutting down".into()),
            Err(GaveUp::Final(error)) => {
                // Give Redis a moment before the message comes straight back.
                Self::pause(self.policy.backoff.delay(0), abandon).await;
                return put_back(error);
            }
            Err(gave_up) => return put_back(gave_up.into_error()),
        }

        let attempt = || async {
            self.sink.send(call).await.map_err(|e| match e {
                SendError::Permanent(error) => Failed::Final(Undelivered::Refused(error)),
                SendError::Transient { error, retry_after } => {
                    Failed::Again(Undelivered::Failing { error, retry_after }, None)
                }
            })
        };
        let before_retry = |failing: &Undelivered, retry: Retry| {
            // The help desk's own wait is kept whatever its length: the claim is
            // extended to cover it.
            let (error, wait) = match failing {
                Undelivered::Failing { error, retry_after } => {
                    (error.as_str(), retry_after.unwrap_or(retry.wait))
                }
                Undelivered::Refused(error) | Undelivered::PutBack(error) => {
                    (error.as_str(), retry.wait)
                }
            };
            tracing::info!(call = %call.key, attempt = retry.number, wait_ms = wait.as_millis() as u64, error = %error, "delivery failed; retrying");
            // The claim must outlive the wait and the next attempt.
            let keep = wait + self.policy.claim_lease;
            let (lease, token) = (&lease, &token);
            async move {
                match lease.extend(conn, token, keep).await {
                    Ok(true) => Ok(wait),
                    Ok(false) => Err(Undelivered::PutBack(format!(
                        "the claim on {} ran out",
                        call.key
                    ))),
                    Err(e) => Err(Undelivered::PutBack(format!("redis: {e}"))),
                }
            }
        };
        let retries = Limit::Retries(self.policy.max_attempts.saturating_sub(1));
        let run = self
            .policy
            .backoff
            .run(retries, abandon.cancelled(), attempt, before_retry);
        let failure = match run.await {
            Ok(()) => {
                let record = serde_json::to_string(&DeliveredRecord {
                    target: &call.target,
                    delivered_at: Utc::now(),
                })
                .expect("records serialize");
                if let Err(e) = lease
                    .finish(conn, &record, self.policy.delivered_ttl, &token)
                    .await
                {
                    // Delivered but not recorded: a redelivery within the claim's
                    // life is told it is busy, after it would post again. Say so.
                    tracing::error!(call = %call.key, error = %crate::telemetry::chain(&e), "delivered, but the delivery record was not written");
                }
                return CallEnd::Sent;
            }
            Err(GaveUp::Stopped(_)) => Delivered::PutBack {
                error: "shutting down".into(),
            },
            Err(GaveUp::Spent { error, attempts }) => Delivered::DeadLetter {
                reason: DeadReason::MaxAttempts,
                error: format!("after {attempts} attempts: {}", error.message()),
            },
            Err(GaveUp::Final(Undelivered::Refused(error))) => Delivered::DeadLetter {
                reason: DeadReason::Refused,
                error,
            },
            Err(GaveUp::Final(other) | GaveUp::TooLong { error: other, .. }) => {
                Delivered::PutBack {
                    error: other.message().to_string(),
                }
            }
        };
        if let Err(e) = lease.release(conn, &token).await {
            tracing::warn!(call = %call.key, error = %crate::telemetry::chain(&e), "could not give the claim back; it runs out by itself");
        }
        CallEnd::Stop(failure)
    }
}

/// What one run of the connector did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ConnectorStats {
    /// Events whose calls were all made now.
    pub delivered: u64,
    /// Events found delivered already (re-published, redelivered).
    pub duplicates: u64,
    /// Events not for this sink.
    pub skipped: u64,
    /// Events dead-lettered.
    pub dead_lettered: u64,
    /// Events given back to the queue.
    pub put_back: u64,
}

#[derive(Default)]
struct Tally {
    delivered: AtomicU64,
    duplicates: AtomicU64,
    skipped: AtomicU64,
    dead_lettered: AtomicU64,
    put_back: AtomicU64,
}

impl Tally {
    fn count(&self, d: &Delivered) {
        let counter = match d {
            Delivered::Done { sent: 0, .. } => &self.duplicates,
            Delivered::Done { .. } => &self.delivered,
            Delivered::Skipped(_) => &self.skipped,
            Delivered::DeadLetter { .. } => &self.dead_lettered,
            Delivered::PutBack { .. } => &self.put_back,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    fn stats(&self) -> ConnectorStats {
        let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
        ConnectorStats {
            delivered: n(&self.delivered),
            duplicates: n(&self.duplicates),
            skipped: n(&self.skipped),
            dead_lettered: n(&self.dead_lettered),
            put_back: n(&self.put_back),
        }
    }
}

/// Ready when a consuming session is open and Redis answers.
struct ConnectorHealth {
    connected: Arc<AtomicBool>,
    connector: Arc<Connector>,
}

#[async_trait]
impl ReadyCheck for ConnectorHealth {
    async fn readiness(&self) -> Readiness {
        let redis = tokio::time::timeout(metrics::READY_TIMEOUT, self.connector.ledger.ping())
            .await
            .unwrap_or(false);
        Readiness {
            rabbitmq: self.connected.load(Ordering::SeqCst),
            redis,
            postgres: None,
        }
    }
}

/// The long-running connector: consumes the sink's queue, delivers each event,
/// settles it, and serves `/metrics`, `/healthz` and `/readyz` on `connector.listen`.
pub struct ConnectorApp {
    connector: Arc<Connector>,
    consumer: Consumer,
    queues: ConnectorQueues,
    prefetch: u16,
    grace: Duration,
    listener: Option<TcpListener>,
    connected: Arc<AtomicBool>,
}

impl ConnectorApp {
    /// The process for `connector`, `connector.listen` bound (`crate::app::connector_app`
    /// builds it from settings).
    ///
    /// # Errors
    /// An address that cannot be bound.
    pub async fn build(settings: &Settings, connector: Connector) -> anyhow::Result<Self> {
        let listen = settings.connector.listen.trim();
        let listener = if listen.is_empty() {
            None
        } else {
            Some(
                TcpListener::bind(listen)
                    .await
                    .with_context(|| format!("binding connector.listen = {listen}"))?,
            )
        };
        let topology = Topology::from_settings(&settings.amqp, &settings.worker);
        let queues = topology.connector(connector.sink());
        let consumer = Consumer::new(
            &settings.amqp,
            &topology,
            &queues.queue,
            &format!("ticket-agent connector {}", connector.sink()),
            settings.connector.prefetch,
        )
        .declaring_connector(connector.sink());
        Ok(Self {
            connector: Arc::new(connector),
            consumer,
            queues,
            prefetch: settings.connector.prefetch,
            grace: Duration::from_secs(settings.connector.shutdown_grace_secs),
            listener,
            connected: Arc::new(AtomicBool::new(false)),
        })
    }

    /// The address of `/metrics`, `/healthz` and `/readyz`, if one is bound.
    pub fn probe_addr(&self) -> Option<std::net::SocketAddr> {
        self.listener.as_ref().and_then(|l| l.local_addr().ok())
    }

    /// The connector (tests read its ledger).
    pub fn connector(&self) -> &Arc<Connector> {
        &self.connector
    }

    /// Consumes until `shutdown`, then drains: no new deliveries, and those in flight
    /// get `connector.shutdown_grace_secs` to finish; past it they are given back
    /// (their claims released) and the connection closes, returning whatever is
    /// unacknowledged to the queue.
    ///
    /// # Errors
    /// A topology the broker refuses.
    pub async fn run_until_stopped(
        mut self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<ConnectorStats> {
        let probes = self.listener.take().map(|listener| {
            let ready = Arc::new(ConnectorHealth {
                connected: self.connected.clone(),
                connector: self.connector.clone(),
            });
            tokio::spawn(async move {
                if let Err(e) = axum::serve(listener, metrics::router(ready, metrics::Role::Connector)).await {
                    tracing::warn!(error = %crate::telemetry::chain(&e), "the probe endpoint failed");
                }
            })
        });
        let service = ConnectorService {
            connector: self.connector.clone(),
            routes: Routes {
                dead_exchange: String::new(),
                dead_key: self.queues.dead.clone(),
                error_chars: 500,
                keep_routing_key: true,
                retry: None,
                hold: Duration::ZERO,
            },
            tally: Arc::new(Tally::default()),
            connected: self.connected.clone(),
        };
        let options = runtime::Options {
            concurrency: usize::from(self.prefetch.max(1)),
            grace: self.grace,
            wait_on_loss: false,
            role: "connector",
        };
        let result = runtime::run(&self.consumer, &service, &options, shutdown).await;
        if let Some(probes) = probes {
            probes.abort();
        }
        result?;
        Ok(service.tally.stats())
    }
}

/// The connector as the runtime's service.
struct ConnectorService {
    connector: Arc<Connector>,
    routes: Routes,
    tally: Arc<Tally>,
    connected: Arc<AtomicBool>,
}

impl Service for ConnectorService {
    type Handler = ConnectorHandler;

    async fn session(
        &self,
        _session: &Session,
        abandon: &CancellationToken,
    ) -> Arc<ConnectorHandler> {
        self.connected.store(true, Ordering::SeqCst);
        Arc::new(ConnectorHandler {
            connector: self.connector.clone(),
            routes: self.routes.clone(),
            tally: self.tally.clone(),
            abandon: abandon.clone(),
        })
    }

    fn session_ended(&self) {
        self.connected.store(false, Ordering::SeqCst);
    }
}

/// Delivers each event of the sink's queue.
struct ConnectorHandler {
    connector: Arc<Connector>,
    routes: Routes,
    tally: Arc<Tally>,
    /// Cancelled at the drain deadline: deliveries give their claims back.
    abandon: CancellationToken,
}

impl Handler for ConnectorHandler {
    type Reason = DeadReason;

    fn routes(&self) -> &Routes {
        &self.routes
    }

    async fn handle(&self, delivery: &Delivery) -> Decision<DeadReason> {
        let delivered = match Event::parse(delivery.routing_key.as_str(), &delivery.data) {
            Ok(event) => {
                let d = self.connector.deliver(&event, &self.abandon).await;
                tracing::info!(
                    sink = self.connector.sink(),
                    ticket_id = %event.ticket_id(),
                    event = %event.kind(),
                    result = d.as_str(),
                    "connector delivery"
                );
                d
            }
            Err(error) => Delivered::DeadLetter {
                reason: DeadReason::Malformed,
                error: error.to_string(),
            },
        };
        self.tally.count(&delivered);
        delivered.disposition().into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conversation::Usage;
    use reqwest::StatusCode;
    use reqwest::header::{HeaderMap, HeaderValue};

    #[test]
    fn throttling_and_server_errors_are_retried_and_other_client_errors_are_refusals() {
        let mut headers = HeaderMap::new();
        headers.insert("retry-after", HeaderValue::from_static("7"));
        assert_eq!(
            classify(StatusCode::TOO_MANY_REQUESTS, &headers, "slow down"),
            Err(SendError::Transient {
                error: "HTTP 429: slow down".into(),
                retry_after: Some(Duration::from_secs(7)),
            })
        );
        for code in [500, 502, 503, 408, 409] {
            let status = StatusCode::from_u16(code).unwrap();
            assert!(
                matches!(
                    classify(status, &HeaderMap::new(), ""),
                    Err(SendError::Transient { .. })
                ),
                "{code}"
            );
        }
        for code in [400, 401, 403, 404, 422] {
            let status = StatusCode::from_u16(code).unwrap();
            assert!(
                matches!(
                    classify(status, &HeaderMap::new(), ""),
                    Err(SendError::Permanent(_))
                ),
                "{code}"
            );
        }
        assert_eq!(classify(StatusCode::OK, &HeaderMap::new(), ""), Ok(()));
    }

    #[test]
    fn a_decision_is_told_by_how_it_ended() {
        let audit = |decision: &str, status: Option<&str>| DecisionAudit {
            approval_id: "ap-1".into(),
            ticket_id: "T-1".parse().unwrap(),
            tool: "issue_refund".into(),
            decision: decision.into(),
            reviewer: "ana".into(),
            note: None,
            decided_at: Utc::now(),
            execution: status.map(|s| crate::executor::ExecutionRecord {
                approval_id: crate::domain::approval::ApprovalId::parse(
                    "apr_0123456789abcdef01234567",
                )
                .unwrap(),
                status: s.into(),
                result: serde_json::json!({}),
            }),
        };
        assert_eq!(
            DecisionKind::of(&audit("rejected", None)),
            DecisionKind::Rejected
        );
        assert_eq!(
            DecisionKind::of(&audit("expired", None)),
            DecisionKind::Expired
        );
        assert_eq!(
            DecisionKind::of(&audit("approved", None)),
            DecisionKind::Approved
        );
        assert_eq!(
            DecisionKind::of(&audit("approved", Some("succeeded"))),
            DecisionKind::Executed
        );
        assert_eq!(
            DecisionKind::of(&audit("approved", Some("failed"))),
            DecisionKind::Failed
        );
        let event = Event::Decision(audit("rejected", None));
        assert_eq!(event.kind(), "decision.rejected");
        assert_eq!(event.event_key(), "decision:ap-1:rejected");
    }

    #[test]
    fn an_answer_is_keyed_by_the_message_it_answers_and_a_decision_by_its_ticket() {
        let outcome = |message: Option<&str>| {
            serde_json::json!({
                "ticket_id": "zendesk-7", "customer_id": "C001", "outcome": "resolved",
                "message": "Shipped.", "reason": null, "category": null, "approval_ids": [],
                "attempt": 1, "worker_id": "w", "model": "rules", "tool_calls": 1,
                "usage": Usage::default(), "cost_usd": 0.0, "duration_ms": 1,
                "finished_at": Utc::now(), "message_id": message,
            })
        };
        let read = |v: serde_json::Value| {
            Event::parse("ticket.resolved", v.to_string().as_bytes()).unwrap()
        };
        assert_eq!(read(outcome(None)).work_key().as_str(), "zendesk-7");
        let first = read(outcome(Some("8801")));
        let second = read(outcome(Some("8802")));
        assert_eq!(first.work_key().as_str(), "zendesk-7 8801");
        assert_ne!(first.work_key(), second.work_key());
        assert_eq!(
            first.event_key(),
            second.event_key(),
            "the same kind of event"
        );
    }

    #[test]
    fn a_message_is_read_by_its_routing_key() {
        assert!(Event::parse("ticket.resolved", b"{}").is_err());
        assert!(
            Event::parse("other", b"{}")
                .unwrap_err()
                .to_string()
                .contains("routing key")
        );
    }
}
