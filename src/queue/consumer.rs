//! The one AMQP consumer: the worker and the approvals service both consume through
//! it.
//!
//! [`Consumer::session`] connects (retrying with jittered exponential backoff until the
//! broker answers or the caller stops), opens a consuming channel with its prefetch
//! and a confirm channel for publishing, declares the topology and starts consuming.
//! The [`Session`] it returns yields deliveries until the connection is lost; the
//! caller then settles or abandons what it holds and asks for the next session. A
//! topology the broker refuses (406, 403) is the one fatal error: it will not fix itself.
//! While a session lives, [`Consumer::publisher`] publishes on its confirm channel.

use std::future::Future;
use std::time::Duration;

use futures::StreamExt;
use lapin::message::Delivery;
use lapin::options::{BasicCancelOptions, BasicConsumeOptions, BasicQosOptions};
use lapin::types::FieldTable;
use lapin::{Channel, Connection};

use super::{PublishChannel, Topology, confirm_channel, connect};
use crate::backoff::{Backoff, Failed, GaveUp, Limit, Retry};
use crate::config::AmqpSettings;

/// The first reconnect waits up to this long; each later one doubles it, up to
/// [`RECONNECT_MAX`].
const RECONNECT_BASE: Duration = Duration::from_secs(1);
/// The longest wait between two connection attempts.
const RECONNECT_MAX: Duration = Duration::from_secs(30);

/// A consumer of one queue, across reconnects.
pub struct Consumer {
    amqp: AmqpSettings,
    topology: Topology,
    queue: String,
    name: String,
    prefetch: u16,
    backoff: Backoff,
    publisher: PublishChannel,
    connector: Option<String>,
}

/// One connection's consuming: its deliveries, and the channels they came with.
pub struct Session {
    conn: Connection,
    consume: Channel,
    publish: Channel,
    deliveries: lapin::Consumer,
    tag: String,
    publisher: PublishChannel,
}

impl Consumer {
    /// A consumer of `queue` under `topology`, its connection named `name` (the
    /// broker's management UI shows it, and it prefixes the consumer tag), taking at
    /// most `prefetch` unacknowledged deliveries.
    pub fn new(
        amqp: &AmqpSettings,
        topology: &Topology,
        queue: &str,
        name: &str,
        prefetch: u16,
    ) -> Self {
        Self {
            amqp: amqp.clone(),
            topology: topology.clone(),
            queue: queue.to_string(),
            name: name.to_string(),
            prefetch,
            backoff: Backoff::new(RECONNECT_BASE, RECONNECT_MAX),
            publisher: PublishChannel::default(),
            connector: None,
        }
    }

    /// The same consumer, declaring the queues of the connector sink `sink` too (its
    /// queue is the one to consume).
    pub fn declaring_connector(mut self, sink: &str) -> Self {
        self.connector = Some(sink.to_string());
        self
    }

    /// The same consumer, setting `publisher` to each session's confirm channel (for
    /// a publisher handed out before the consumer was made).
    pub fn with_publisher(mut self, publisher: PublishChannel) -> Self {
        self.publisher = publisher;
        self
    }

    /// Publishes on the confirm channel of the current session (fails as not
    /// connected between sessions).
    pub fn publisher(&self) -> PublishChannel {
        self.publisher.clone()
    }

    /// The next session: connected, channels open, topology declared, consuming.
    /// Retries with backoff until then; `None` when `stop` resolves first.
    ///
    /// # Errors
    /// A topology the broker refuses (e.g. a queue that exists with other arguments).
    pub async fn session(&self, stop: impl Future<Output = ()>) -> anyhow::Result<Option<Session>> {
        let attempt = || async {
            self.open().await.map_err(|failure| match failure {
                Failure::Fatal(e) => Failed::Final(e),
                Failure::Transient(e) => Failed::Again(e, None),
            })
        };
        let before_retry = |error: &anyhow::Error, retry: Retry| {
            tracing::warn!(error = %format!("{error:#}"), delay_ms = retry.wait.as_millis() as u64, queue = %self.queue, "RabbitMQ unavailable; reconnecting");
            std::future::ready(Ok(retry.wait))
        };
        let forever = Limit::Retries(u32::MAX);
        let run = self
            .backoff
            .run(forever, std::future::pending(), attempt, before_retry);
        // Stopping ends a connect in flight too: a black-holed broker would hold it.
        tokio::select! {
            session = run => session.map(Some).map_err(GaveUp::into_error),
            () = stop => Ok(None),
        }
    }

    async fn open(&self) -> Result<Session, Failure> {
        let conn = connect(self.amqp.url.expose(), &self.name)
            .await
            .map_err(Failure::Transient)?;
        let channels = async {
            let consume = conn.create_channel().await?;
            consume
                .basic_qos(self.prefetch, BasicQosOptions::default())
                .await?;
            let publish = confirm_channel(&conn).await?;
            anyhow::Ok((consume, publish))
        };
        let (consume, publish) = channels.await.map_err(Failure::Transient)?;
        self.topology
            .declare(&consume, &self.amqp)
            .await
            .map_err(Failure::of_declare)?;
        if let Some(sink) = &self.connector {
            self.topology
                .declare_connector(&consume, &self.amqp, sink)
                .await
                .map_err(Failure::of_declare)?;
        }
        let tag = format!("{}-{:08x}", self.name, rand::random::<u32>());
        let deliveries = consume
            .basic_consume(
                self.queue.as_str().into(),
                tag.as_str().into(),
                BasicConsumeOptions::default(),
                FieldTable::default(),
            )
            .await
            .map_err(|e| Failure::Transient(e.into()))?;
        self.publisher.set(Some(publish.clone()));
        tracing::info!(queue = %self.queue, prefetch = self.prefetch, "consuming");
        Ok(Session {
            conn,
            consume,
            publish,
            deliveries,
            tag,
            publisher: self.publisher.clone(),
        })
    }
}

enum Failure {
    /// The broker is away or went away mid-setup: try again.
    Transient(anyhow::Error),
    /// The broker answered and refused: trying again changes nothing.
    Fatal(anyhow::Error),
}

impl Failure {
    /// A declaration the broker refused as such (406 PRECONDITION_FAILED: a queue or
    /// exchange that exists with other arguments; 403 ACCESS_REFUSED) is fatal.
    /// Anything else passes: a connection lost mid-declare, or, on a cluster, a classic
    /// queue whose node is down (404 NOT_FOUND, "home node … is down") until it returns.
    fn of_declare(e: anyhow::Error) -> Failure {
        let refused = e
            .chain()
            .filter_map(|cause| cause.downcast_ref::<lapin::Error>())
            .any(|l| match l.kind() {
                lapin::ErrorKind::ProtocolError(p) => matches!(p.get_id(), 403 | 406),
                _ => false,
            });
        if refused {
            Failure::Fatal(e)
        } else {
            Failure::Transient(e)
        }
    }
}

impl Session {
    /// The next delivery; `None` once the connection is lost or the broker cancelled
    /// the consumer (the reason is logged).
    pub async fn next(&mut self) -> Option<Delivery> {
        match self.deliveries.next().await {
            Some(Ok(delivery)) => Some(delivery),
            Some(Err(e)) => {
                tracing::warn!(error = %crate::telemetry::chain(&e), "consumer failed; reconnecting");
                None
            }
            None => {
                tracing::warn!("consumer cancelled by the broker; reconnecting");
                None
            }
        }
    }

    /// The consuming channel (open while the session is).
    pub fn consuming(&self) -> &Channel {
        &self.consume
    }

    /// The confirm channel of this connection.
    pub fn publishing(&self) -> &Channel {
        &self.publish
    }

    /// The connection, for channels of the caller's own (a queue-depth probe).
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// Stops deliveries; what is prefetched but not taken goes back when the session
    /// closes.
    pub async fn cancel(&self) {
        let _ = self
            .consume
            .basic_cancel(self.tag.as_str().into(), BasicCancelOptions::default())
            .await;
    }

    /// Closes the connection: every delivery not yet acknowledged goes back to its
    /// queue.
    pub async fn close(self, reason: &str) {
        self.publisher.set(None);
        let _ = self.conn.close(200, reason.into()).await;
    }

    /// Ends a session whose connection was lost.
    pub fn lost(self) {
        self.publisher.set(None);
    }
}
