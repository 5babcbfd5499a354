//! The ingest API's one broker connection and its confirm channels, opened on first
//! use and again after a loss.
//!
//! Requests share a few confirm channels, taken in turn: confirms are per message, so
//! concurrent publishes on one channel are fine, but the broker runs each channel in
//! one process of its own, and one channel would cap the whole service at what that
//! process can do. While the broker is away a request must not wait for it: a failed
//! connect is not tried again before a jittered backoff has passed, and until then
//! every request is answered at once (503 with `Retry-After`) instead of queueing
//! behind reconnects.

use std::time::Duration;

use anyhow::Context;
use lapin::{Channel, Connection};
use tokio::sync::Mutex;
use tokio::time::Instant;

use crate::backoff::Backoff;
use crate::config::AmqpSettings;
use crate::queue::{Topology, confirm_channel, connect};

/// Confirm channels per connection.
const CHANNELS: usize = 4;

/// A connect attempt longer than this counts as failed (a black-holed broker would
/// otherwise hold the request for the TCP timeout).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// Why there is no channel now.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// The last attempt failed and the next is not due yet.
    #[error("RabbitMQ unavailable; the next connection attempt is in {0:?}")]
    Backoff(Duration),
    /// This attempt failed.
    #[error("RabbitMQ unavailable: {0:#}")]
    Connect(anyhow::Error),
}

#[derive(Default)]
struct State {
    conn: Option<Connection>,
    channels: Vec<Channel>,
    next: usize,
    failures: u32,
    next_attempt: Option<Instant>,
}

/// The connection, across losses.
pub struct Link {
    amqp: AmqpSettings,
    topology: Topology,
    backoff: Backoff,
    state: Mutex<State>,
}

impl Link {
    /// A link to `amqp.url`, declaring `topology` on every connect; not connected yet.
    pub fn new(amqp: &AmqpSettings, topology: &Topology) -> Self {
        Self {
            amqp: amqp.clone(),
            topology: topology.clone(),
            backoff: Backoff::new(Duration::from_millis(500), Duration::from_secs(15)),
            state: Mutex::new(State::default()),
        }
    }

    /// An open confirm channel (the next in turn), connecting first when there is none and an attempt
    /// is due.
    ///
    /// # Errors
    /// [`LinkError`]: in backoff, or this attempt failed.
    pub async fn channel(&self) -> Result<Channel, LinkError> {
        let mut state = self.state.lock().await;
        if !state.channels.is_empty() && state.channels.iter().all(|c| c.status().connected()) {
            state.next = state.next.wrapping_add(1);
            return Ok(state.channels[state.next % state.channels.len()].clone());
        }
        if let Some(at) = state.next_attempt {
            let now = Instant::now();
            if now < at {
                return Err(LinkError::Backoff(at - now));
            }
        }
        if let Some(conn) = state.conn.take() {
            // The old connection lost a channel; close what is left of it.
            let _ = conn.close(200, "reconnecting".into()).await;
        }
        state.channels.clear();
        let attempt = tokio::time::timeout(CONNECT_TIMEOUT, self.open())
            .await
            .unwrap_or_else(|_| Err(anyhow::anyhow!("no answer within {CONNECT_TIMEOUT:?}")));
        match attempt {
            Ok((conn, channels)) => {
                let ch = channels[0].clone();
                state.conn = Some(conn);
                state.channels = channels;
                state.failures = 0;
                state.next_attempt = None;
                tracing::info!("ingest connected to RabbitMQ");
                Ok(ch)
            }
            Err(e) => {
                let delay = self.backoff.delay(state.failures);
                state.failures = state.failures.saturating_add(1);
                state.next_attempt = Some(Instant::now() + delay);
                tracing::warn!(error = %format!("{e:#}"), retry_in_ms = delay.as_millis() as u64, "RabbitMQ unavailable");
                Err(LinkError::Connect(e))
            }
        }
    }

    async fn open(&self) -> anyhow::Result<(Connection, Vec<Channel>)> {
        let conn = connect(self.amqp.url.expose(), "ticket-agent ingest").await?;
        let mut channels = Vec::with_capacity(CHANNELS);
        for _ in 0..CHANNELS {
            channels.push(confirm_channel(&conn).await?);
        }
        self.topology
            .declare(&channels[0], &self.amqp)
            .await
            .context("declaring the topology")?;
        Ok((conn, channels))
    }

    /// Whether the channels are open now (connects nothing).
    pub async fn is_connected(&self) -> bool {
        let state = self.state.lock().await;
        !state.channels.is_empty() && state.channels.iter().all(|c| c.status().connected())
    }

    /// Closes the connection (after the last request).
    pub async fn close(&self) {
        let mut state = self.state.lock().await;
        state.channels.clear();
        if let Some(conn) = state.conn.take() {
            let _ = conn.close(200, "ingest shutting down".into()).await;
        }
    }
}
