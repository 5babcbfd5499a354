//! RabbitMQ: the topology, the message schemas, and the connection plumbing shared by
//! the worker, `submit` and the operator commands.
//!
//! Every name sits under one configurable prefix so that tenants and tests run side
//! by side. Declaring is idempotent: every process declares at start and after each
//! reconnect. What a message *means* is left to [`messages`]; what the worker does
//! with one is [`worker`]'s; the Redis side of a ticket's life is [`records`]'.

pub mod consumer;
pub mod dlq;
pub mod messages;
pub mod migrate;
pub mod records;
pub mod runtime;
pub mod submit;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use lapin::options::{
    BasicPublishOptions, ConfirmSelectOptions, ExchangeDeclareOptions, ExchangeDeleteOptions,
    QueueBindOptions, QueueDeclareOptions, QueueDeleteOptions,
};
use lapin::types::{AMQPValue, FieldTable, LongString, ShortString};
use lapin::{BasicProperties, Channel, Connection, ConnectionProperties, ExchangeKind};
use serde::Serialize;
use tracing::Instrument;

use crate::config::{AmqpSettings, WorkerSettings};

/// Routing key of tickets on the tickets exchange.
pub const TICKET_KEY: &str = "ticket";

/// Routing key, on the retry exchange, of a ticket that waits for another worker's
/// lease to lapse.
pub const WAIT_KEY: &str = "wait";

/// Binding key of `outcomes.all` on the outcomes exchange: every outcome.
pub const OUTCOMES_KEY: &str = "ticket.#";
/// What `approvals.pending` takes from the approvals exchange: every gated action.
pub const APPROVALS_KEY: &str = "approval.#";

/// Header: the attempt this delivery is (1 for the first run).
pub const H_ATTEMPT: &str = "x-attempt";
/// Header: times the message was replayed out of the dead-letter queue.
pub const H_REPLAY: &str = "x-replay-count";
/// Header: why a message was dead-lettered by us.
pub const H_DEAD_REASON: &str = "x-dead-reason";
/// Header: the last error before a retry or a dead letter.
pub const H_LAST_ERROR: &str = "x-last-error";
/// Header: when we dead-lettered it (RFC 3339).
pub const H_DEAD_AT: &str = "x-dead-at";
/// Header: deliveries of a quorum-queue message so far, kept by the broker.
pub const H_DELIVERY_COUNT: &str = "x-delivery-count";
/// Header: when it was first submitted (RFC 3339).
pub const H_SUBMITTED_AT: &str = "x-submitted-at";

/// The names of everything declared, under the prefix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Topology {
    /// Prefix of every exchange and queue name (one deployment per prefix).
    pub prefix: String,
    /// Direct exchange tickets are published to.
    pub tickets_exchange: String,
    /// The quorum queue workers consume.
    pub tickets_queue: String,
    /// Direct exchange of delayed retries.
    pub retry_exchange: String,
    /// One TTL queue per retry tier: (name, routing key, delay ms).
    pub retry_queues: Vec<(String, String, u64)>,
    /// Where a busy ticket waits, each copy with its own expiration (what the holder's
    /// lease had left), before it goes back to the tickets queue.
    pub wait_queue: String,
    /// Fanout exchange of dead letters.
    pub dead_exchange: String,
    /// The dead-letter queue.
    pub dead_queue: String,
    /// Topic exchange of outcomes (`ticket.resolved`, `ticket.refund_proposed`, `ticket.escalated`).
    pub outcomes_exchange: String,
    /// Durable queue of escalated tickets, for the humans who take them.
    pub escalations_queue: String,
    /// Capped queue of every outcome (the record stream for reply senders and analytics).
    pub outcomes_all_queue: String,
    /// Topic exchange of gated actions (`approval.issue_refund`, `approval.send_email`).
    pub approvals_exchange: String,
    /// Durable queue the approvals service consumes.
    pub approvals_pending_queue: String,
    /// Topic exchange of decision audit records (`decision.approved`, `decision.rejected`, `decision.expired`).
    pub decisions_exchange: String,
    /// Durable queue of every decision audit record.
    pub decisions_queue: String,
}

/// The help-desk connectors' sinks, each consuming a queue of its own.
pub const CONNECTOR_SINKS: [&str; 2] = ["zendesk", "webhook"];

/// The queues of one connector sink.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectorQueues {
    /// Every outcome (`ticket.#`) and every decision (`decision.#`), for this sink alone.
    pub queue: String,
    /// What could not be delivered, with `x-dead-reason`.
    pub dead: String,
}

impl Topology {
    /// The names for `prefix` and the configured retry tiers.
    pub fn new(prefix: &str, retry_delays_ms: &[u64]) -> Self {
        let n = |s: &str| format!("{prefix}.{s}");
        Self {
            prefix: prefix.to_string(),
            tickets_exchange: n("tickets"),
            tickets_queue: n("tickets"),
            retry_exchange: n("tickets.retry"),
            retry_queues: retry_delays_ms
                .iter()
                .enumerate()
                .map(|(i, ms)| {
                    (
                        n(&format!("tickets.retry.{}", i + 1)),
                        format!("retry.{}", i + 1),
                        *ms,
                    )
                })
                .collect(),
            wait_queue: n("tickets.wait"),
            dead_exchange: n("tickets.dead"),
            dead_queue: n("tickets.dead"),
            outcomes_exchange: n("outcomes"),
            escalations_queue: n("escalations"),
            outcomes_all_queue: n("outcomes.all"),
            approvals_exchange: n("approvals"),
            approvals_pending_queue: n("approvals.pending"),
            decisions_exchange: n("approvals.decisions"),
            decisions_queue: n("approvals.decisions.log"),
        }
    }

    /// The queues of the connector sink `sink` (`zendesk`, `webhook`).
    pub fn connector(&self, sink: &str) -> ConnectorQueues {
        ConnectorQueues {
            queue: format!("{}.connector.{sink}", self.prefix),
            dead: format!("{}.connector.{sink}.dead", self.prefix),
        }
    }

    /// Declares a connector sink's queues, idempotently. Only the connector declares
    /// them (at each connect): a deployment without that sink must not collect every
    /// outcome in a queue nobody reads.
    ///
    /// # Errors
    /// A broker refusal.
    pub async fn declare_connector(
        &self,
        ch: &Channel,
        amqp: &AmqpSettings,
        sink: &str,
    ) -> anyhow::Result<()> {
        let names = self.connector(sink);
        declare_queue(ch, &names.dead, quorum_args(amqp)).await?;

        let mut args = quorum_args(amqp);
        // A delivery that crashes the connector again and again ends in the dead queue
        // (through the default exchange) instead of looping.
        args.insert("x-dead-letter-exchange".into(), long_string(""));
        args.insert("x-dead-letter-routing-key".into(), long_string(&names.dead));
        args.insert(
            "x-delivery-limit".into(),
            AMQPValue::LongInt(amqp.delivery_limit.try_into().unwrap_or(i32::MAX)),
        );
        args.insert(
            "x-dead-letter-strategy".into(),
            long_string("at-least-once"),
        );
        args.insert("x-overflow".into(), long_string("reject-publish"));
        declare_queue(ch, &names.queue, args).await?;
        bind(ch, &names.queue, &self.outcomes_exchange, "ticket.#").await?;
        bind(ch, &names.queue, &self.decisions_exchange, "decision.#").await?;
        Ok(())
    }

    /// From settings.
    pub fn from_settings(amqp: &AmqpSettings, worker: &WorkerSettings) -> Self {
        Self::new(&amqp.prefix, &worker.retry_delays_ms)
    }

    /// Declares everything, idempotently.
    ///
    /// # Errors
    /// A broker refusal, e.g. a queue that exists with other arguments.
    pub async fn declare(&self, ch: &Channel, amqp: &AmqpSettings) -> anyhow::Result<()> {
        let durable = ExchangeDeclareOptions {
            durable: true,
            ..Default::default()
        };
        let exchange = |name: &str, kind: ExchangeKind| {
            let name = name.to_string();
            async move {
                ch.exchange_declare(name.as_str().into(), kind, durable, FieldTable::default())
                    .await
                    .with_context(|| format!("declaring exchange {name}"))
            }
        };
        exchange(&self.tickets_exchange, ExchangeKind::Direct).await?;
        exchange(&self.retry_exchange, ExchangeKind::Direct).await?;
        exchange(&self.dead_exchange, ExchangeKind::Fanout).await?;
        exchange(&self.outcomes_exchange, ExchangeKind::Topic).await?;
        exchange(&self.approvals_exchange, ExchangeKind::Topic).await?;
        exchange(&self.decisions_exchange, ExchangeKind::Topic).await?;

        let args = self.limited_args(amqp);
        declare_queue(ch, &self.tickets_queue, args).await?;
        bind(ch, &self.tickets_queue, &self.tickets_exchange, TICKET_KEY).await?;

        for (queue, key, ms) in &self.retry_queues {
            // One queue per delay: a per-message TTL in one queue would block at its head.
            let mut args = self.delay_args(amqp);
            args.insert(
                "x-message-ttl".into(),
                AMQPValue::LongLongInt((*ms).try_into().unwrap_or(i64::MAX)),
            );
            declare_queue(ch, queue, args).await?;
            bind(ch, queue, &self.retry_exchange, key).await?;
        }

        // Per-message expirations expire at the head only, so a copy can wait behind
        // an older one: at most one lease longer, since none waits more than a lease.
        declare_queue(ch, &self.wait_queue, self.delay_args(amqp)).await?;
        bind(ch, &self.wait_queue, &self.retry_exchange, WAIT_KEY).await?;

        declare_queue(ch, &self.dead_queue, quorum_args(amqp)).await?;
        bind(ch, &self.dead_queue, &self.dead_exchange, "").await?;

        declare_queue(ch, &self.escalations_queue, quorum_args(amqp)).await?;
        bind(
            ch,
            &self.escalations_queue,
            &self.outcomes_exchange,
            "ticket.escalated",
        )
        .await?;

        declare_queue(
            ch,
            &self.outcomes_all_queue,
            migrate::outcomes_all_args(amqp),
        )
        .await
        .with_context(|| {
            format!(
                "{} must be a {} queue (amqp.outcomes_queue_type); one that exists with another type is moved by `ticket-agent topology --migrate-outcomes`",
                self.outcomes_all_queue,
                amqp.outcomes_queue_type.as_str()
            )
        })?;
        bind(
            ch,
            &self.outcomes_all_queue,
            &self.outcomes_exchange,
            OUTCOMES_KEY,
        )
        .await?;

        declare_queue(
            ch,
            &self.approvals_pending_queue,
            self.approvals_pending_args(amqp),
        )
        .await
        .with_context(|| {
            format!(
                "{} gained a delivery limit and dead letters; one declared before them is moved by `ticket-agent topology --migrate-approvals`",
                self.approvals_pending_queue
            )
        })?;
        bind(
            ch,
            &self.approvals_pending_queue,
            &self.approvals_exchange,
            APPROVALS_KEY,
        )
        .await?;

        declare_queue(ch, &self.decisions_queue, quorum_args(amqp)).await?;
        bind(
            ch,
            &self.decisions_queue,
            &self.decisions_exchange,
            "decision.#",
        )
        .await?;
        Ok(())
    }

    /// The arguments of `approvals.pending`: those of every consumed queue with a
    /// delivery limit ([`Self::limited_args`]), so that a proposal that crashes or
    /// stalls the approvals service again and again ends in the dead letters (the
    /// dead-letter page shows it, and replays it here) instead of looping for ever.
    pub(crate) fn approvals_pending_args(&self, amqp: &AmqpSettings) -> FieldTable {
        self.limited_args(amqp)
    }

    /// A quorum queue whose messages go to the dead letters at the delivery limit. The
    /// broker's own dead-lettering must not lose a message on its way to the dead
    /// queue: at-least-once, which requires reject-publish.
    fn limited_args(&self, amqp: &AmqpSettings) -> FieldTable {
        let mut args = quorum_args(amqp);
        args.insert(
            "x-dead-letter-exchange".into(),
            long_string(&self.dead_exchange),
        );
        args.insert(
            "x-delivery-limit".into(),
            AMQPValue::LongInt(amqp.delivery_limit.try_into().unwrap_or(i32::MAX)),
        );
        args.insert(
            "x-dead-letter-strategy".into(),
            long_string("at-least-once"),
        );
        args.insert("x-overflow".into(), long_string("reject-publish"));
        args
    }

    fn delay_args(&self, amqp: &AmqpSettings) -> FieldTable {
        let mut args = quorum_args(amqp);
        args.insert(
            "x-dead-letter-exchange".into(),
            long_string(&self.tickets_exchange),
        );
        args.insert("x-dead-letter-routing-key".into(), long_string(TICKET_KEY));
        args.insert(
            "x-dead-letter-strategy".into(),
            long_string("at-least-once"),
        );
        args.insert("x-overflow".into(), long_string("reject-publish"));
        args
    }

    /// Deletes everything declared (tests clean up with it).
    ///
    /// # Errors
    /// Broker failures.
    pub async fn delete(&self, ch: &Channel) -> anyhow::Result<()> {
        let mut queues = vec![
            &self.tickets_queue,
            &self.dead_queue,
            &self.escalations_queue,
            &self.outcomes_all_queue,
            &self.approvals_pending_queue,
            &self.decisions_queue,
        ];
        queues.extend(self.retry_queues.iter().map(|(q, _, _)| q));
        let holding = migrate::holding_queue(&self.outcomes_all_queue);
        queues.push(&holding);
        queues.push(&self.wait_queue);
        let connectors: Vec<ConnectorQueues> =
            CONNECTOR_SINKS.iter().map(|s| self.connector(s)).collect();
        // Deleting a queue that was never declared is a no-op for the broker.
        queues.extend(connectors.iter().flat_map(|c| [&c.queue, &c.dead]));
        for q in queues {
            ch.queue_delete(q.as_str().into(), QueueDeleteOptions::default())
                .await?;
        }
        for e in [
            &self.tickets_exchange,
            &self.retry_exchange,
            &self.dead_exchange,
            &self.outcomes_exchange,
            &self.approvals_exchange,
            &self.decisions_exchange,
        ] {
            ch.exchange_delete(e.as_str().into(), ExchangeDeleteOptions::default())
                .await?;
        }
        Ok(())
    }
}

/// The arguments every quorum queue starts from: its type, and its replicas when
/// `amqp.quorum_replicas` sets them. Unset, the broker starts one replica per node up
/// to three, and the argument is left out, because the broker refuses to declare a
/// queue again with an argument it was not created with (or without one it was).
fn quorum_args(amqp: &AmqpSettings) -> FieldTable {
    let mut args = FieldTable::default();
    args.insert("x-queue-type".into(), long_string("quorum"));
    if amqp.quorum_replicas > 0 {
        args.insert(
            "x-quorum-initial-group-size".into(),
            AMQPValue::LongInt(amqp.quorum_replicas.try_into().unwrap_or(i32::MAX)),
        );
    }
    args
}

async fn declare_queue(ch: &Channel, name: &str, args: FieldTable) -> anyhow::Result<()> {
    ch.queue_declare(
        name.into(),
        QueueDeclareOptions {
            durable: true,
            ..Default::default()
        },
        args,
    )
    .await
    .with_context(|| format!("declaring queue {name}"))?;
    Ok(())
}

async fn bind(ch: &Channel, queue: &str, exchange: &str, key: &str) -> anyhow::Result<()> {
    ch.queue_bind(
        queue.into(),
        exchange.into(),
        key.into(),
        QueueBindOptions::default(),
        FieldTable::default(),
    )
    .await
    .with_context(|| format!("binding {queue} to {exchange}"))
}

/// A string header value.
pub fn long_string(s: &str) -> AMQPValue {
    AMQPValue::LongString(LongString::from(s.as_bytes().to_vec()))
}

/// Whether a header is the broker's own bookkeeping of deaths and deliveries
/// (`x-death`, `x-first-death-*`, `x-last-death-*`, `x-delivery-count`): the broker
/// writes these, and a copy we publish must not carry them.
pub fn is_broker_header(name: &str) -> bool {
    name.starts_with("x-death")
        || name.starts_with("x-first-death")
        || name.starts_with("x-last-death")
        || name == H_DELIVERY_COUNT
}

/// The properties for a copy of a message we publish again (a retry, a dead letter,
/// a replay): the same properties, with the broker's bookkeeping and the headers named
/// in `drop` left out and `set` written over.
pub fn republished(
    properties: &BasicProperties,
    drop: &[&str],
    set: Vec<(&str, AMQPValue)>,
) -> BasicProperties {
    let mut headers: std::collections::BTreeMap<ShortString, AMQPValue> = properties
        .headers()
        .clone()
        .unwrap_or_default()
        .inner()
        .clone()
        .into_iter()
        .filter(|(k, _)| !is_broker_header(k.as_str()) && !drop.contains(&k.as_str()))
        .collect();
    for (k, v) in set {
        headers.insert(k.into(), v);
    }
    properties.clone().with_headers(FieldTable::from(headers))
}

/// The headers a dead-letter copy carries: why it died (`x-dead-reason`), the last
/// error cut to `max_error_chars` (`x-last-error`), and when (`x-dead-at`). The worker,
/// the connector and the approvals service all write these, and `dlq` reads them.
pub fn death_headers(
    reason: &str,
    error: &str,
    max_error_chars: usize,
) -> Vec<(&'static str, AMQPValue)> {
    let error: String = error.chars().take(max_error_chars).collect();
    vec![
        (H_DEAD_REASON, long_string(reason)),
        (H_LAST_ERROR, long_string(&error)),
        (H_DEAD_AT, long_string(&chrono::Utc::now().to_rfc3339())),
    ]
}

/// Reads an integer header.
pub fn header_int(headers: Option<&FieldTable>, name: &str) -> Option<i64> {
    let value = headers?.inner().get(&ShortString::from(name))?;
    match value {
        AMQPValue::ShortShortInt(v) => Some(i64::from(*v)),
        AMQPValue::ShortShortUInt(v) => Some(i64::from(*v)),
        AMQPValue::ShortInt(v) => Some(i64::from(*v)),
        AMQPValue::ShortUInt(v) => Some(i64::from(*v)),
        AMQPValue::LongInt(v) => Some(i64::from(*v)),
        AMQPValue::LongUInt(v) => Some(i64::from(*v)),
        AMQPValue::LongLongInt(v) => Some(*v),
        _ => None,
    }
}

/// Reads a string header.
pub fn header_str(headers: Option<&FieldTable>, name: &str) -> Option<String> {
    let value = headers?.inner().get(&ShortString::from(name))?;
    match value {
        AMQPValue::LongString(s) => Some(String::from_utf8_lossy(s.as_bytes()).into_owned()),
        AMQPValue::ShortString(s) => Some(s.as_str().to_string()),
        _ => None,
    }
}

/// How long one endpoint gets to answer before the next is tried: a node that is
/// gone from the network drops packets instead of refusing them.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The endpoints of `amqp.url`: one URL, or the nodes of a cluster separated by commas.
pub fn endpoints(url: &str) -> Vec<&str> {
    url.split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .collect()
}

/// Opens a connection (with a name the management UI shows) to the first endpoint of
/// `url` ([`endpoints`]) that answers, in their order. Every caller reconnects through
/// here after a lost connection, so a node that stops is failed over from, and the
/// first node is taken back once it answers again. Endpoints are named by position and
/// `host:port`, never by URL: credentials may sit in it.
///
/// # Errors
/// When no endpoint can be reached or every one refuses the credentials.
pub async fn connect(url: &str, name: &str) -> anyhow::Result<Connection> {
    let endpoints = endpoints(url);
    anyhow::ensure!(!endpoints.is_empty(), "amqp.url names no endpoint");
    let mut failures = Vec::new();
    for (i, endpoint) in endpoints.iter().enumerate() {
        let props = ConnectionProperties::default().with_connection_name(name.into());
        let error =
            match tokio::time::timeout(CONNECT_TIMEOUT, Connection::connect(endpoint, props)).await
            {
                Ok(Ok(conn)) => {
                    if i > 0 {
                        tracing::warn!(
                            endpoint = i + 1,
                            of = endpoints.len(),
                            "connected to RabbitMQ through a later endpoint of amqp.url"
                        );
                    }
                    return Ok(conn);
                }
                Ok(Err(e)) => crate::telemetry::chain(&e).to_string(),
                Err(_) => format!("no answer in {} s", CONNECT_TIMEOUT.as_secs()),
            };
        if endpoints.len() > 1 {
            tracing::warn!(endpoint = i + 1, of = endpoints.len(), error = %error, "a RabbitMQ endpoint did not answer");
        }
        failures.push(format!(
            "endpoint {} ({}): {error}",
            i + 1,
            crate::endpoint::host_port(endpoint)
        ));
    }
    anyhow::bail!(
        "connecting to RabbitMQ (amqp.url, {} endpoint(s)): {}",
        endpoints.len(),
        failures.join("; ")
    )
}

/// A queue's state as the broker sees it now (ready messages, consumers), read with a
/// passive declare, which creates nothing.
///
/// # Errors
/// The queue does not exist (the broker then closes the channel with 404), or the
/// channel failed.
pub async fn queue_state(ch: &Channel, queue: &str) -> Result<lapin::Queue, lapin::Error> {
    ch.queue_declare(
        queue.into(),
        QueueDeclareOptions {
            passive: true,
            ..Default::default()
        },
        FieldTable::default(),
    )
    .await
}

/// A channel in confirm mode, for publishing.
///
/// # Errors
/// Broker failures.
pub async fn confirm_channel(conn: &Connection) -> anyhow::Result<Channel> {
    let ch = conn.create_channel().await?;
    ch.confirm_select(ConfirmSelectOptions::default()).await?;
    Ok(ch)
}

/// Why a publish did not land.
#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    /// The broker returned it: no queue is bound for its routing key.
    #[error("message to {exchange}/{routing_key} was unroutable")]
    Unroutable {
        /// The exchange it was published to.
        exchange: String,
        /// The routing key.
        routing_key: String,
    },
    /// The broker nacked it.
    #[error("the broker refused the message (nack)")]
    Nacked,
    /// The channel or connection failed.
    #[error("publishing failed: {0}")]
    Channel(#[from] lapin::Error),
    /// No broker connection to publish on now.
    #[error("not connected to RabbitMQ")]
    NotConnected,
    /// The broker neither confirmed nor refused it in time; it may have landed.
    #[error("the broker did not confirm the message within {}s", CONFIRM_TIMEOUT.as_secs())]
    ConfirmTimeout,
}

/// How long a publish waits for the broker's confirm before it counts as failed (and
/// the ticket behind it is tried again; its done record or `message_id` makes a copy
/// that did land harmless).
pub const CONFIRM_TIMEOUT: Duration = Duration::from_secs(30);

impl PublishError {
    /// A short name for the kind of failure (a span's `error.type`).
    pub fn kind(&self) -> &'static str {
        match self {
            PublishError::Unroutable { .. } => "unroutable",
            PublishError::Nacked => "nacked",
            PublishError::Channel(_) => "channel",
            PublishError::NotConnected => "not_connected",
            PublishError::ConfirmTimeout => "confirm_timeout",
        }
    }
}

/// The confirm channel of a connection that comes and goes, for publishing from code
/// that does not own the connection (the approvals core). Only the code that owns the
/// connection sets it; everyone else publishes through it.
#[derive(Clone, Default)]
pub struct PublishChannel(Arc<std::sync::Mutex<Option<Channel>>>);

impl PublishChannel {
    /// A publisher on `channel` (in confirm mode) for as long as it lives.
    pub fn fixed(channel: Channel) -> Self {
        Self(Arc::new(std::sync::Mutex::new(Some(channel))))
    }

    /// The channel now, if there is one.
    pub fn current(&self) -> Option<Channel> {
        self.0.lock().expect("the channel slot").clone()
    }

    /// Sets the channel after a (re)connect, or clears it when the connection is lost.
    pub(crate) fn set(&self, channel: Option<Channel>) {
        *self.0.lock().expect("the channel slot") = channel;
    }
}

/// How long an ack or a nack may take. Neither has a reply from the broker; lapin's
/// promise resolves once the frame is written, but on a connection that has just died
/// it can stay pending for good (seen in `tests/it/rabbitmq_cluster.rs`: a worker whose
/// in-flight tickets each waited on one never reconnected). Whatever was not settled
/// is redelivered by the broker.
pub const SETTLE_TIMEOUT: Duration = Duration::from_secs(5);

/// Acknowledges a delivery, waiting at most [`SETTLE_TIMEOUT`].
///
/// # Errors
/// The channel failed or did not take the ack in time: the broker redelivers the
/// message, and its done record (or its dead-letter marker) makes the redelivery an
/// ack without a second run.
pub async fn ack(delivery: &lapin::message::Delivery) -> anyhow::Result<()> {
    let acked = delivery
        .acker
        .ack(lapin::options::BasicAckOptions::default());
    match tokio::time::timeout(SETTLE_TIMEOUT, acked).await {
        Ok(result) => result.map(|_| ()).map_err(Into::into),
        Err(_) => anyhow::bail!(
            "the ack was not taken within {}s (the connection is going)",
            SETTLE_TIMEOUT.as_secs()
        ),
    }
}

/// Puts a delivery back on its queue unacknowledged, for another try (a failure to
/// settle is logged by the broker's redelivery, not here), waiting at most
/// [`SETTLE_TIMEOUT`].
pub async fn put_back(delivery: &lapin::message::Delivery) {
    let requeue = lapin::options::BasicNackOptions {
        requeue: true,
        ..Default::default()
    };
    if tokio::time::timeout(SETTLE_TIMEOUT, delivery.acker.nack(requeue))
        .await
        .is_err()
    {
        tracing::warn!(
            timeout_secs = SETTLE_TIMEOUT.as_secs(),
            "putting a delivery back was not taken in time; the broker redelivers it once the connection is gone"
        );
    }
}

/// Publishes a persistent message with `mandatory` and waits for the broker's confirm.
///
/// # Errors
/// [`PublishError`]: unroutable, nacked, or a channel failure.
pub async fn publish_confirmed(
    ch: &Channel,
    exchange: &str,
    routing_key: &str,
    body: &[u8],
    properties: BasicProperties,
) -> Result<(), PublishError> {
    let span = publish_span(exchange, routing_key, &properties, body.len());
    let properties = traced(properties, &span);
    let result = publish_confirmed_untraced(ch, exchange, routing_key, body, properties)
        .instrument(span.clone())
        .await;
    if let Err(e) = &result {
        span.record("otel.status_code", "error");
        span.record("error.type", e.kind());
    }
    result
}

/// The producer span of one publish (OpenTelemetry messaging conventions): ids and
/// sizes only, never the body.
pub fn publish_span(
    exchange: &str,
    routing_key: &str,
    properties: &BasicProperties,
    body_bytes: usize,
) -> tracing::Span {
    tracing::info_span!(
        "publish",
        otel.name = %format!("publish {exchange}"),
        otel.kind = "producer",
        otel.status_code = tracing::field::Empty,
        error.type = tracing::field::Empty,
        messaging.system = "rabbitmq",
        messaging.operation.type = "send",
        messaging.operation.name = "publish",
        messaging.destination.name = %exchange,
        messaging.rabbitmq.destination.routing_key = %routing_key,
        messaging.message.id = properties.message_id().as_ref().map(|m| m.as_str()),
        messaging.message.conversation_id = properties.correlation_id().as_ref().map(|m| m.as_str()),
        messaging.message.body.size = body_bytes,
    )
}

/// `properties` with `span`'s trace context in their headers (W3C `traceparent`,
/// `tracestate`), replacing any the message carried: the consumer's parent is the
/// publish that made this copy.
pub fn traced(properties: BasicProperties, span: &tracing::Span) -> BasicProperties {
    let mut headers = properties.headers().clone().unwrap_or_default();
    crate::telemetry::inject(span, &mut headers);
    properties.with_headers(headers)
}

async fn publish_confirmed_untraced(
    ch: &Channel,
    exchange: &str,
    routing_key: &str,
    body: &[u8],
    properties: BasicProperties,
) -> Result<(), PublishError> {
    let confirm = ch
        .basic_publish(
            exchange.into(),
            routing_key.into(),
            BasicPublishOptions {
                mandatory: true,
                ..Default::default()
            },
            body,
            properties
                .with_delivery_mode(2)
                .with_content_type("application/json".into()),
        )
        .await?;
    // A confirm can go missing when the queue's leader moves (a cluster node lost
    // mid-publish): waiting on it forever would hold a ticket's permit for good.
    let confirm = tokio::time::timeout(CONFIRM_TIMEOUT, confirm)
        .await
        .map_err(|_| PublishError::ConfirmTimeout)??;
    if confirm.is_nack() {
        return Err(PublishError::Nacked);
    }
    if confirm.take_message().is_some() {
        return Err(PublishError::Unroutable {
            exchange: exchange.into(),
            routing_key: routing_key.into(),
        });
    }
    Ok(())
}
