//! The one consuming runtime: every service that consumes a queue (the worker, the
//! approvals intake, the help-desk connectors) plugs a [`Handler`] into [`run`].
//!
//! A handler turns one delivery into one typed [`Disposition`] and does nothing else
//! with it. The runtime owns the rest, the same way for every service: sessions and
//! reconnects (through [`Consumer`]), concurrency (the consumer's prefetch, and a
//! semaphore permit moved into each task), task tracking, settling each delivery
//! exactly once ([`settle`]: a copy published with confirms and `mandatory` before the
//! ack, or the delivery put back when the copy does not land), and the drain at
//! shutdown: no new deliveries, in-flight ones get a grace period, then the handler's
//! abandon token is cancelled and what is left goes back to the queue.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use lapin::message::Delivery;
use lapin::types::AMQPValue;
use lapin::{BasicProperties, Channel};
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::Instrument;

use super::consumer::{Consumer, Session};
use super::{
    H_ATTEMPT, H_LAST_ERROR, PublishError, SETTLE_TIMEOUT, death_headers, long_string,
    publish_confirmed, put_back, republished,
};
use crate::backoff::{Backoff, Failed, GaveUp, Limit, Retry};
use crate::metrics;
use crate::telemetry::{chain, redact};

/// How long abandoned deliveries get, after the drain deadline, to put themselves back
/// and release what they hold (store and broker round trips only).
pub const ABANDON_WAIT: Duration = Duration::from_secs(5);

/// The waits before a refused publish is tried again: up to 100 ms the first time,
/// doubling to 2 s. A leader election takes a few seconds.
const PUBLISH_RETRY: Backoff = Backoff {
    base: Duration::from_millis(100),
    max: Duration::from_secs(2),
};

/// Why a service dead-letters a delivery: its `x-dead-reason`.
pub trait DeadReason: Copy + Send + Sync + std::fmt::Debug + 'static {
    /// The header value.
    fn as_str(self) -> &'static str;
}

/// What to do with one delivery. Decided once by a [`Handler`], carried out once by
/// [`settle`].
#[derive(Debug, Clone, PartialEq)]
pub enum Disposition<R> {
    /// Finished now or before: ack.
    Ack {
        /// True when it was finished before and nothing ran now.
        duplicate: bool,
    },
    /// A transient failure: a copy to the retry tier of `attempt`, as attempt
    /// `attempt + 1`, then ack.
    Retry {
        /// The attempt that failed.
        attempt: u32,
        /// What failed.
        error: String,
    },
    /// Someone else holds the work: a copy to the wait queue, same attempt, back on
    /// the queue after `wait`, then ack.
    Busy {
        /// This delivery's attempt.
        attempt: u32,
        /// How long it waits before it is looked at again.
        wait: Duration,
    },
    /// Poison, or out of attempts: a copy to the dead letters with the reason, then ack.
    DeadLetter {
        /// Written to `x-dead-reason`.
        reason: R,
        /// The parse error or the last attempt's error, cut into `x-last-error`.
        error: String,
    },
    /// Not a message this queue can ever take: nacked without requeue, to the queue's
    /// own dead-letter exchange.
    Reject {
        /// What was wrong with it.
        error: String,
    },
    /// Not now (a store or the channel down, shutting down): put back unacked.
    Requeue {
        /// What failed.
        error: String,
    },
}

impl<R> Disposition<R> {
    /// Its name in logs and in a span's `ticket_agent.disposition`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Disposition::Ack { duplicate: true } => "duplicate",
            Disposition::Ack { .. } => "ack",
            Disposition::Retry { .. } => "retry",
            Disposition::Busy { .. } => "busy",
            Disposition::DeadLetter { .. } => "dead_letter",
            Disposition::Reject { .. } => "reject",
            Disposition::Requeue { .. } => "requeue",
        }
    }
}

/// Where a service's copies go.
#[derive(Debug, Clone)]
pub struct Routes {
    /// The exchange of dead-letter copies (`""`: the default exchange).
    pub dead_exchange: String,
    /// Their routing key (the dead queue's name through the default exchange).
    pub dead_key: String,
    /// How much of the error `x-last-error` keeps, in characters.
    pub error_chars: usize,
    /// Whether a dead-letter copy names the routing key it came with
    /// (`x-original-routing-key`: a queue bound to several keys).
    pub keep_routing_key: bool,
    /// The delayed-retry routes; `None` for a service that never retries through the
    /// broker.
    pub retry: Option<RetryRoutes>,
    /// How long a publish the broker refuses (a nack, no confirm in time) is tried
    /// again while the delivery is held; zero: not at all.
    pub hold: Duration,
}

/// The delayed-retry exchange and its tiers.
#[derive(Debug, Clone)]
pub struct RetryRoutes {
    /// The direct exchange of delayed retries.
    pub exchange: String,
    /// One routing key per tier, the first failure's first.
    pub tiers: Vec<String>,
    /// The routing key of the wait queue (each copy with its own expiration).
    pub wait_key: String,
}

impl RetryRoutes {
    /// The tier's routing key for a failed attempt (1-based), the last tier repeating.
    pub fn tier(&self, failed_attempt: u32) -> &str {
        let i = (failed_attempt.max(1) as usize - 1).min(self.tiers.len().saturating_sub(1));
        self.tiers.get(i).map_or("", String::as_str)
    }
}

/// What became of a settled delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    /// Carried out: acked (or rejected) after its copy, if it needed one, landed. An ack
    /// lost with its channel is redelivered by the broker, and the handler finds it
    /// done.
    Done,
    /// Put back on its queue: asked to, or its copy did not land.
    PutBack,
}

/// A handler's decision on one delivery, with the span it was decided in (settling
/// logs there too).
pub struct Decision<R> {
    /// What to do.
    pub disposition: Disposition<R>,
    /// The delivery's span (`Span::none()` when there is none).
    pub span: tracing::Span,
}

impl<R> From<Disposition<R>> for Decision<R> {
    fn from(disposition: Disposition<R>) -> Self {
        Self {
            disposition,
            span: tracing::Span::none(),
        }
    }
}

/// One service's part in consuming: decides what becomes of a delivery.
pub trait Handler: Send + Sync + 'static {
    /// Why this service dead-letters.
    type Reason: DeadReason;

    /// Where its copies go.
    fn routes(&self) -> &Routes;

    /// Turns one delivery into its disposition: everything but settling.
    fn handle(&self, delivery: &Delivery) -> impl Future<Output = Decision<Self::Reason>> + Send;

    /// Called once the disposition is carried out (counting, records of what was
    /// dead-lettered).
    fn settled(
        &self,
        delivery: &Delivery,
        disposition: &Disposition<Self::Reason>,
        settled: Settled,
    ) -> impl Future<Output = ()> + Send {
        let _ = (delivery, disposition, settled);
        async {}
    }

    /// Resolves when another delivery may be taken (the worker takes none while Redis
    /// does not answer).
    fn ready(&self) -> impl Future<Output = ()> + Send {
        async {}
    }
}

/// A consuming service: makes the handler of each connection.
pub trait Service: Send + Sync {
    /// Its handler.
    type Handler: Handler;

    /// The handler for one session's deliveries, publishing on its confirm channel;
    /// `abandon` is cancelled at the drain deadline.
    fn session(
        &self,
        session: &Session,
        abandon: &CancellationToken,
    ) -> impl Future<Output = Arc<Self::Handler>> + Send;

    /// A delivery was just taken, before its task starts.
    fn taken(&self, delivery: &Delivery) {
        let _ = delivery;
    }

    /// The session stopped taking deliveries (lost, or shutting down).
    fn session_ended(&self) {}
}

/// How a service consumes.
#[derive(Debug, Clone)]
pub struct Options {
    /// Deliveries handled at once (the prefetch may be larger).
    pub concurrency: usize,
    /// How long in-flight deliveries get to finish at shutdown.
    pub grace: Duration,
    /// Whether a lost connection waits for its in-flight deliveries before the next
    /// session starts (the worker: its tickets' leases are released first).
    pub wait_on_loss: bool,
    /// The service's name, in the close reason.
    pub role: &'static str,
}

/// How a [`run`] ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Drained {
    /// In-flight deliveries abandoned at the drain deadline (put back, not lost).
    pub abandoned: usize,
}

/// Consumes with `service` until `shutdown` resolves, then drains. A lost connection is
/// opened again with backoff.
///
/// # Errors
/// Only a topology the broker refuses; connection failures are retried.
pub async fn run<S: Service>(
    consumer: &Consumer,
    service: &S,
    options: &Options,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<Drained> {
    tokio::pin!(shutdown);
    let permits = Arc::new(Semaphore::new(options.concurrency.max(1)));
    let tracker = TaskTracker::new();
    let abandon = CancellationToken::new();
    loop {
        let Some(mut session) = consumer.session(&mut shutdown).await? else {
            // Stopped while reconnecting: what a lost session left running still
            // settles (or fails to, on its dead channel, and is redelivered).
            return Ok(drain(&tracker, &abandon, options.grace).await);
        };
        let handler = service.session(&session, &abandon).await;
        let publish = session.publishing().clone();
        let stopping = loop {
            tokio::select! {
                () = handler.ready() => {}
                () = &mut shutdown => break true,
            }
            let permit = tokio::select! {
                p = permits.clone().acquire_owned() => p.expect("the semaphore is never closed"),
                () = &mut shutdown => break true,
            };
            let next = tokio::select! {
                d = session.next() => d,
                () = &mut shutdown => break true,
            };
            let Some(delivery) = next else { break false };
            service.taken(&delivery);
            let handler = handler.clone();
            let publish = publish.clone();
            tracker.spawn(async move {
                process(&*handler, &publish, delivery).await;
                drop(permit);
            });
        };
        service.session_ended();
        if stopping {
            // Deliveries stop first; what is prefetched but not started goes back to
            // the queue when the connection closes.
            session.cancel().await;
            let drained = drain(&tracker, &abandon, options.grace).await;
            session
                .close(&format!("{} shutting down", options.role))
                .await;
            return Ok(drained);
        }
        session.lost();
        if options.wait_on_loss {
            tracker.close();
            tracker.wait().await;
            tracker.reopen();
        }
    }
}

/// Handles and settles one delivery, publishing its copy on `publish`.
pub async fn process<H: Handler + ?Sized>(handler: &H, publish: &Channel, delivery: Delivery) {
    let Decision { disposition, span } = handler.handle(&delivery).await;
    let settled = settle(publish, handler.routes(), &delivery, &disposition)
        .instrument(span.clone())
        .await;
    handler
        .settled(&delivery, &disposition, settled)
        .instrument(span)
        .await;
}

/// Stops taking work, gives in-flight deliveries `grace` to settle, then abandons the
/// rest (bounded by [`ABANDON_WAIT`], in case the broker or a store hangs: closing
/// the channel then returns their deliveries).
async fn drain(tracker: &TaskTracker, abandon: &CancellationToken, grace: Duration) -> Drained {
    tracker.close();
    if tokio::time::timeout(grace, tracker.wait()).await.is_ok() {
        return Drained::default();
    }
    let abandoned = tracker.len();
    tracing::warn!(
        abandoned,
        "shutdown deadline passed; unfinished deliveries go back to the queue"
    );
    abandon.cancel();
    if tokio::time::timeout(ABANDON_WAIT, tracker.wait())
        .await
        .is_err()
    {
        tracing::warn!(
            still_running = tracker.len(),
            "abandoned deliveries did not settle in time; closing the channel returns them"
        );
    }
    Drained { abandoned }
}

/// Carries out a disposition for `delivery`, exactly once: publishes the retry, wait or
/// dead-letter copy first (confirmed), then acks; or rejects it; or puts it back.
pub async fn settle<R: DeadReason>(
    publish: &Channel,
    routes: &Routes,
    delivery: &Delivery,
    disposition: &Disposition<R>,
) -> Settled {
    let copy = |extra: Vec<(&str, AMQPValue)>| republished(&delivery.properties, &[], extra);
    let published = match disposition {
        Disposition::Ack { .. } => Ok(()),
        Disposition::Requeue { error } => {
            tracing::warn!(error = %redact(error), "putting the delivery back");
            put_back(delivery).await;
            return Settled::PutBack;
        }
        Disposition::Reject { error } => {
            // A parse error quotes what it could not parse: redacted in the log.
            tracing::error!(error = %redact(error), "refusing a delivery; the queue dead-letters it");
            let refused = delivery.acker.nack(lapin::options::BasicNackOptions {
                requeue: false,
                ..Default::default()
            });
            let _ = tokio::time::timeout(SETTLE_TIMEOUT, refused).await;
            return Settled::Done;
        }
        Disposition::Retry { attempt, error } => {
            let Some(retry) = &routes.retry else {
                tracing::warn!(error = %redact(error), "no retry route; putting the delivery back");
                put_back(delivery).await;
                return Settled::PutBack;
            };
            let key = retry.tier(*attempt);
            tracing::info!(attempt, tier = key, "scheduling a retry");
            let error: String = error.chars().take(routes.error_chars).collect();
            let props = copy(vec![
                (H_ATTEMPT, AMQPValue::LongInt((*attempt + 1) as i32)),
                (H_LAST_ERROR, long_string(&error)),
            ]);
            publish_held(
                publish,
                &retry.exchange,
                key,
                &delivery.data,
                props,
                routes.hold,
            )
            .await
        }
        Disposition::Busy { attempt, wait } => {
            let Some(retry) = &routes.retry else {
                put_back(delivery).await;
                return Settled::PutBack;
            };
            tracing::info!(
                wait_ms = wait.as_millis() as u64,
                "someone else holds this delivery's work; looking again once theirs would have lapsed"
            );
            let props = copy(vec![(H_ATTEMPT, AMQPValue::LongInt(*attempt as i32))])
                .with_expiration(wait.as_millis().to_string().into());
            publish_held(
                publish,
                &retry.exchange,
                &retry.wait_key,
                &delivery.data,
                props,
                routes.hold,
            )
            .await
        }
        Disposition::DeadLetter { reason, error } => {
            // A poison message's error quotes its text (serde quotes what it could not
            // parse): redacted here; the x-last-error header keeps it.
            tracing::warn!(reason = reason.as_str(), error = %redact(error), "dead-lettering");
            let mut headers = death_headers(reason.as_str(), error, routes.error_chars);
            if routes.keep_routing_key {
                headers.push((
                    "x-original-routing-key",
                    long_string(delivery.routing_key.as_str()),
                ));
            }
            publish_held(
                publish,
                &routes.dead_exchange,
                &routes.dead_key,
                &delivery.data,
                copy(headers),
                routes.hold,
            )
            .await
        }
    };
    match published {
        Ok(()) => {
            if let Err(e) = super::ack(delivery).await {
                // The channel is gone: the broker redelivers it, and the handler's
                // record of it makes the redelivery an ack without a second run.
                tracing::warn!(error = %format_args!("{e:#}"), "ack failed; the message will be redelivered");
            }
            Settled::Done
        }
        Err(e) => {
            tracing::warn!(error = %chain(&e), "could not publish the delivery's copy; putting it back");
            put_back(delivery).await;
            Settled::PutBack
        }
    }
}

/// [`publish_confirmed`], tried again while the broker refuses it for a while (a nack,
/// or no confirm in time) on a channel that stays open, for at most `hold`. A quorum
/// queue between two leaders (a cluster node lost) nacks every publish until one is
/// elected. The delivery is held meanwhile: put back, it would come straight back, be
/// refused again, and burn the broker's deliveries (`amqp.delivery_limit`) in a
/// fraction of a second, until the broker dead-letters a message that nothing was
/// wrong with. A closed channel ends the wait at once: the delivery cannot be acked on
/// it either.
///
/// # Errors
/// The last refusal, or any other publish failure at once.
pub async fn publish_held(
    publish: &Channel,
    exchange: &str,
    routing_key: &str,
    body: &[u8],
    properties: BasicProperties,
    hold: Duration,
) -> Result<(), PublishError> {
    use PublishError::{ConfirmTimeout, Nacked};
    let deadline = tokio::time::Instant::now() + hold;
    let attempt = || async {
        publish_confirmed(publish, exchange, routing_key, body, properties.clone())
            .await
            .map_err(|e| match e {
                e @ (Nacked | ConfirmTimeout) if publish.status().connected() => {
                    Failed::Again(e, None)
                }
                e => Failed::Final(e),
            })
    };
    let before_retry = |e: &PublishError, retry: Retry| {
        tracing::warn!(error = %chain(e), exchange, retry_ms = retry.wait.as_millis() as u64, "the broker refused a publish; holding the delivery and trying again");
        metrics::global().publish_refused.inc();
        std::future::ready(Ok(retry.wait))
    };
    PUBLISH_RETRY
        .run(
            Limit::Until(deadline),
            std::future::pending(),
            attempt,
            before_retry,
        )
        .await
        .map_err(GaveUp::into_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_attempt_waits_in_its_tier_and_the_last_tier_repeats() {
        let routes = RetryRoutes {
            exchange: "x".into(),
            tiers: vec!["retry.1".into(), "retry.2".into()],
            wait_key: "wait".into(),
        };
        assert_eq!(routes.tier(0), "retry.1");
        assert_eq!(routes.tier(1), "retry.1");
        assert_eq!(routes.tier(2), "retry.2");
        assert_eq!(routes.tier(9), "retry.2");
    }
}
