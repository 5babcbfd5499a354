//! `ticket-agent worker`: consume tickets, run the agent, publish the outcome and its
//! approvals with confirms, record the work as done in Redis, and only then ack. The
//! unit of work is the ticket's [`WorkKey`](crate::domain::ticket::WorkKey): a whole
//! ticket, or one message of its thread, so each message of a ticket is run once and
//! answered by an outcome of its own.
//!
//! The worker is a [`Handler`] of the queue runtime ([`crate::queue::runtime`]): one delivery
//! is one call of [`Worker::handle`], which returns a [`Disposition`] (ack, retry in a
//! tier, wait for a busy lease, dead-letter with a [`DeadReason`], put back); the runtime
//! settles it exactly once and owns connections, concurrency, reconnects and the
//! drain. What is the worker's own: the lease protocol, the Redis health gate (no new
//! delivery while Redis is down) and the record of what it dead-lettered.
//! docs/queues.md lists every crash point and what it leads to.
//!
//! The process around it is [`app`]: it runs the worker on the runtime, serves
//! `/metrics`, `/healthz` and `/readyz` on `worker.metrics_listen` (readiness: the
//! consuming channel is open and Redis answers `PING`), and polls the tickets queue's
//! depth for the autoscaling gauges (docs/operations.md).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::Utc;
use lapin::message::Delivery;
use lapin::types::FieldTable;
use lapin::{BasicProperties, Channel};
use tokio_util::sync::CancellationToken;
use tracing::Instrument;

use crate::agent::Agent;
use crate::backoff::{Backoff, Failed, GaveUp, Limit, Retry};
use crate::config::Settings;
use crate::domain::outcome::OutcomeKind;
use crate::domain::thread::{ApprovalStatus, Entry};
use crate::domain::ticket::{Ticket, TicketError};
use crate::kv::StoreError;
use crate::metrics;
use crate::queue::messages::{Finished, Sealed};
use crate::queue::records::{Begin, DoneRecord, TicketRecords};
use crate::queue::runtime::{self, Decision, Handler, RetryRoutes, Routes, Settled};
use crate::queue::{H_ATTEMPT, H_REPLAY, PublishError, Topology, WAIT_KEY, header_int};
use crate::telemetry::redact;
use crate::threads::{Exchange, ThreadStore, approval_event};

mod app;
pub use app::{WorkerApp, WorkerStats};

/// How often a delivery held while Redis is away looks again: every quarter second at
/// most, jittered so that the held deliveries of a worker do not all ask at once.
const STORE_POLL: Backoff = Backoff {
    base: Duration::from_millis(250),
    max: Duration::from_millis(250),
};

/// The longest one call to Redis may take before it counts as failed. A client that
/// never answers (seen once from a cluster client during a failover) must not hold a
/// delivery, or the worker's gate, for ever.
const STORE_CALL_TIMEOUT: Duration = Duration::from_secs(10);

/// After this long of `PING`s failing, the gate drops the connection for a new one.
const RECONNECT_AFTER: Duration = Duration::from_secs(10);

/// `call`, failed as unavailable if Redis has not answered within [`STORE_CALL_TIMEOUT`].
async fn bounded<T>(
    call: impl std::future::Future<Output = Result<T, StoreError>>,
) -> Result<T, StoreError> {
    tokio::time::timeout(STORE_CALL_TIMEOUT, call)
        .await
        .unwrap_or_else(|_| {
            Err(StoreError::Unavailable(format!(
                "no answer within {} s",
                STORE_CALL_TIMEOUT.as_secs()
            )))
        })
}

/// Why a message went to the dead-letter queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadReason {
    /// Not JSON, or not a JSON object of the ticket's shape.
    NotJson,
    /// JSON, but an invalid ticket.
    InvalidTicket,
    /// Over the size limit.
    TooLarge,
    /// Transient failures past the configured attempts.
    MaxAttempts,
}

impl DeadReason {
    /// Every reason.
    pub const ALL: [DeadReason; 4] = [
        Self::NotJson,
        Self::InvalidTicket,
        Self::TooLarge,
        Self::MaxAttempts,
    ];

    /// The header value.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::NotJson => "not_json",
            Self::InvalidTicket => "invalid_ticket",
            Self::TooLarge => "too_large",
            Self::MaxAttempts => "max_attempts",
        }
    }
}

impl runtime::DeadReason for DeadReason {
    fn as_str(self) -> &'static str {
        DeadReason::as_str(self)
    }
}

/// What to do with a ticket's delivery: the runtime's, with the worker's reasons.
pub type Disposition = runtime::Disposition<DeadReason>;

/// The per-delivery part of a worker: what it needs to handle and settle one ticket.
pub struct Worker {
    agent: Agent,
    records: TicketRecords,
    publish: Channel,
    topology: Topology,
    routes: Routes,
    settings: Settings,
    worker_id: String,
    redis_down: AtomicBool,
    /// Cancelled at the shutdown deadline: runs still thinking give their ticket back
    /// instead of finishing after the worker has reported and gone.
    abandon: CancellationToken,
    /// Tickets finished, shared by the workers of one process's sessions.
    finished: Arc<AtomicU64>,
}

impl Worker {
    /// A worker publishing on `publish` (a channel in confirm mode).
    pub fn new(
        settings: Settings,
        agent: Agent,
        records: TicketRecords,
        publish: Channel,
        worker_id: String,
    ) -> Self {
        let topology = Topology::from_settings(&settings.amqp, &settings.worker);
        Self {
            routes: routes(&topology, &settings),
            topology,
            agent,
            records,
            publish,
            settings,
            worker_id,
            redis_down: AtomicBool::new(false),
            abandon: CancellationToken::new(),
            finished: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The same worker, counting finished tickets into `finished` and giving its runs
    /// up when `abandon` is cancelled.
    pub(crate) fn sharing(mut self, finished: Arc<AtomicU64>, abandon: CancellationToken) -> Self {
        self.finished = finished;
        self.abandon = abandon;
        self
    }

    /// Tickets this worker finished.
    pub fn finished(&self) -> u64 {
        self.finished.load(Ordering::Relaxed)
    }

    /// This worker's id (host, process, random suffix).
    pub fn id(&self) -> &str {
        &self.worker_id
    }

    /// The topology it publishes to.
    pub fn topology(&self) -> &Topology {
        &self.topology
    }

    /// `op` against Redis; if it fails, again each time Redis answers, until it succeeds
    /// or `worker.store_wait_secs` have passed. The delivery is held meanwhile: put
    /// back, it would burn one of the broker's deliveries (`amqp.delivery_limit`) per
    /// try, and a ticket in flight through a restart or a failover could be
    /// dead-lettered for it. A cluster answers `PING` on its live nodes before the
    /// failed master's slots have a new one, so one more try after the first answer is
    /// not enough. Every step retried this way is idempotent under the lease protocol.
    async fn store_op<T, F, Fut>(&self, op: F) -> Result<T, StoreError>
    where
        F: Fn() -> Fut,
        Fut: std::future::Future<Output = Result<T, StoreError>>,
    {
        match bounded(op()).await {
            Ok(v) => Ok(v),
            Err(e) => {
                self.redis_down.store(true, Ordering::SeqCst);
                let wait = Duration::from_secs(self.settings.worker.store_wait_secs);
                tracing::warn!(error = %crate::telemetry::chain(&e), wait_secs = wait.as_secs(), "Redis failed; holding the delivery until it answers again");
                // Tried again each time Redis answers a PING, until the wait is over.
                let deadline = tokio::time::Instant::now() + wait;
                let attempt = || async {
                    if !self.records.ping().await {
                        let silent = StoreError::Unavailable("Redis does not answer".into());
                        return Err(Failed::Again(silent, None));
                    }
                    bounded(op()).await.map_err(|e| Failed::Again(e, None))
                };
                let before_retry =
                    |_: &StoreError, retry: Retry| std::future::ready(Ok(retry.wait));
                STORE_POLL
                    .run(
                        Limit::Until(deadline),
                        std::future::pending(),
                        attempt,
                        before_retry,
                    )
                    .await
                    .map_err(GaveUp::into_error)
            }
        }
    }

    fn store_failed(&self, e: &StoreError) -> Disposition {
        self.redis_down.store(true, Ordering::SeqCst);
        Disposition::Requeue {
            error: format!("redis: {e}"),
        }
    }

    /// Handles one delivery up to its disposition: everything but the settling.
    pub async fn handle(&self, body: &[u8], headers: Option<&FieldTable>) -> Disposition {
        self.handle_traced(body, headers, None).await.0
    }

    /// [`Worker::handle`], with the ticket's span (none for poison), so that settling
    /// logs in it too.
    async fn handle_traced(
        &self,
        body: &[u8],
        headers: Option<&FieldTable>,
        message_id: Option<&str>,
    ) -> (Disposition, tracing::Span) {
        let attempt = header_int(headers, H_ATTEMPT)
            .and_then(|a| u32::try_from(a).ok())
            .unwrap_or(1)
            .max(1);
        // A message far larger than any valid ticket is not even parsed.
        let limit = self.settings.agent.max_body_bytes + 16 * 1024;
        if body.len() > limit {
            let dead = Disposition::DeadLetter {
                reason: DeadReason::TooLarge,
                error: format!("message of {} bytes, over the limit of {limit}", body.len()),
            };
            return (dead, tracing::Span::none());
        }
        let ticket = match Ticket::from_json(body, self.settings.agent.max_body_bytes) {
            Ok(t) => t,
            Err(e) => return (poison(&e), tracing::Span::none()),
        };
        let queue = &self.topology.tickets_queue;
        // The consumer span of the delivery (OpenTelemetry messaging conventions), a
        // child of the publish that made it: `submit`'s, or the retry's.
        let span = tracing::info_span!(
            "ticket",
            ticket_id = %ticket.ticket_id,
            message_id = ticket.message_id.as_ref().map(|m| m.as_str()),
            attempt,
            worker_id = %self.worker_id,
            otel.name = %format!("process {queue}"),
            otel.kind = "consumer",
            messaging.system = "rabbitmq",
            messaging.operation.type = "process",
            messaging.operation.name = "process",
            messaging.destination.name = %queue,
            messaging.message.id = message_id,
            messaging.message.body.size = body.len(),
            ticket_agent.outcome = tracing::field::Empty,
            ticket_agent.disposition = tracing::field::Empty,
        );
        crate::telemetry::continue_from(&span, headers);
        let disposition = self
            .handle_ticket(&ticket, attempt)
            .instrument(span.clone())
            .await;
        let disposition = self.out_of_attempts(disposition);
        span.record("ticket_agent.disposition", disposition.as_str());
        (disposition, span)
    }

    /// The last attempt's retry is a dead letter.
    fn out_of_attempts(&self, disposition: Disposition) -> Disposition {
        match disposition {
            Disposition::Retry { attempt, error }
                if attempt >= self.settings.worker.max_attempts =>
            {
                Disposition::DeadLetter {
                    reason: DeadReason::MaxAttempts,
                    error: format!("{attempt} attempts; last error: {error}"),
                }
            }
            d => d,
        }
    }

    async fn handle_ticket(&self, ticket: &Ticket, attempt: u32) -> Disposition {
        // Every record is the work's: a second message of a done ticket is new work, a
        // redelivered one a duplicate.
        let work = ticket.work_key();
        let id = work.as_str();
        let started = Instant::now();
        let token = format!("{}-{}", self.worker_id, rand::random::<u64>());
        let lease = Duration::from_secs(self.settings.worker.lease_secs);
        let mut held = false;
        let recorded = loop {
            match self
                .store_op(|| self.records.begin(id, &token, lease))
                .await
            {
                Ok(Begin::Done(done)) => {
                    tracing::info!(outcome = %done.outcome, "already done; acking the duplicate");
                    return Disposition::Ack { duplicate: true };
                }
                // The usual busy delivery is a dead worker's, redelivered by the broker
                // the moment its connection dropped: its lease lapses within one lease.
                // Held here until then, it keeps its place; sent to the wait queue it
                // would come back behind everything queued meanwhile. Held once: a
                // lease still busy after that has a live holder renewing it.
                Ok(Begin::Busy { lease_left }) if !held => {
                    held = true;
                    let wait = busy_wait(lease_left, lease);
                    tracing::info!(
                        wait_ms = wait.as_millis() as u64,
                        "another worker holds the ticket's lease; holding the delivery until it would have lapsed"
                    );
                    tokio::time::sleep(wait).await;
                }
                Ok(Begin::Busy { lease_left }) => {
                    return Disposition::Busy {
                        attempt,
                        wait: busy_wait(lease_left, lease),
                    };
                }
                Ok(Begin::Leased { recorded }) => break recorded,
                Err(e) => return self.store_failed(&e),
            }
        };
        let outcome = match self
            .run_and_publish(ticket, attempt, &token, lease, recorded)
            .await
        {
            Ok(outcome) => outcome,
            Err(disposition) => {
                // A finished run gives the lease back with its done record; any other
                // end gives it back here. It expires by itself if this fails.
                if let Err(e) = bounded(self.records.release_lease(id, &token)).await {
                    tracing::warn!(error = %crate::telemetry::chain(&e), "could not release the lease");
                }
                return disposition;
            }
        };
        self.finished.fetch_add(1, Ordering::Relaxed);
        metrics::global()
            .ticket_duration
            .with_label_values(&[outcome.as_str()])
            .observe(started.elapsed().as_secs_f64());
        tracing::Span::current().record("ticket_agent.outcome", outcome.as_str());
        // The attempt is the span's.
        tracing::info!(outcome = %outcome, duration_ms = started.elapsed().as_millis() as u64, "ticket done");
        Disposition::Ack { duplicate: false }
    }

    async fn run_and_publish(
        &self,
        ticket: &Ticket,
        attempt: u32,
        token: &str,
        lease: Duration,
        recorded: Option<Finished>,
    ) -> Result<OutcomeKind, Disposition> {
        let work = ticket.work_key();
        let id = work.as_str();
        let ttl = Duration::from_secs(self.settings.worker.done_ttl_secs);
        // A result recorded by an earlier delivery (that crashed before its done record)
        // is re-published as it is: the agent does not run twice for one ticket.
        let sealed = match recorded {
            Some(f) => {
                tracing::info!("re-publishing the result recorded by an earlier delivery");
                Sealed::from(f)
            }
            None => {
                let threaded;
                let ticket = match self.with_thread(ticket).await {
                    Ok(Some(t)) => {
                        threaded = t;
                        &threaded
                    }
                    Ok(None) => ticket,
                    Err(e) => return Err(self.store_failed(&e)),
                };
                let run = {
                    let keep = self.keep_lease(id, token, lease);
                    let run = self.agent.run(ticket);
                    tokio::pin!(keep);
                    tokio::select! {
                        r = run => r,
                        () = &mut keep => unreachable!("the lease keeper runs until dropped"),
                        // Only the run is cut short: once a result exists, recording,
                        // publishing and settling it always complete, so a shutdown
                        // never leaves a ticket half-finished.
                        () = self.abandon.cancelled() => {
                            return Err(Disposition::Requeue {
                                error: "abandoned at the shutdown deadline".into(),
                            });
                        }
                    }
                };
                let run = match run {
                    Ok(run) => run,
                    Err(e) => {
                        tracing::warn!(error = %redact(&e.to_string()), "transient failure");
                        return Err(Disposition::Retry {
                            attempt,
                            error: e.to_string(),
                        });
                    }
                };
                let ours = Sealed::from(Finished::from_run(
                    ticket,
                    &run,
                    attempt,
                    &self.worker_id,
                    Utc::now(),
                ));
                match self
                    .store_op(|| self.records.record_result(id, &ours, ttl))
                    .await
                {
                    Ok(None) => ours,
                    Ok(Some(first)) => Sealed::from(first),
                    Err(e) => return Err(self.store_failed(&e)),
                }
            }
        };
        if let Err(e) = self.publish_finished(&sealed).await {
            return Err(Disposition::Requeue {
                error: format!("publishing: {e:#}"),
            });
        }
        let finished = sealed.finished();
        // Before the done record: a crash in between records it again, to the same.
        if let Err(e) = self
            .store_op(|| self.record_on_thread(ticket, finished))
            .await
        {
            return Err(self.store_failed(&e));
        }
        let done = DoneRecord {
            outcome: finished.outcome.verdict.outcome.to_string(),
            attempt,
            worker_id: self.worker_id.clone(),
            done_at: Utc::now(),
        };
        if let Err(e) = self
            .store_op(|| self.records.finish(id, &done, ttl, token))
            .await
        {
            return Err(self.store_failed(&e));
        }
        let o = &finished.outcome;
        metrics::global()
            .tickets
            .with_label_values(&[
                o.verdict.outcome.as_str(),
                o.verdict.category.map_or("none", |c| c.as_str()),
            ])
            .inc();
        Ok(finished.outcome.verdict.outcome)
    }

    /// `ticket` with its thread from the store, for a message of a thread; `None` for a
    /// ticket without a message id (it is its whole thread).
    async fn with_thread(&self, ticket: &Ticket) -> Result<Option<Ticket>, StoreError> {
        let Some(message) = &ticket.message_id else {
            return Ok(None);
        };
        let threads = self.threads();
        let thread = self
            .store_op(|| threads.load(ticket.ticket_id.as_str(), message.as_str()))
            .await?;
        if !thread.is_empty() {
            tracing::info!(
                entries = thread.entries.len(),
                approvals = thread.approvals.len(),
                "read the ticket's thread"
            );
        }
        Ok(Some(Ticket {
            thread,
            ..ticket.clone()
        }))
    }

    /// Writes the message and its answer on the ticket's thread, and each approval
    /// proposed as pending: what the next message of the ticket is answered with.
    async fn record_on_thread(
        &self,
        ticket: &Ticket,
        finished: &Finished,
    ) -> Result<(), StoreError> {
        let threads = self.threads();
        let o = &finished.outcome;
        let started = o.finished_at
            - chrono::Duration::milliseconds(i64::try_from(o.totals.duration_ms).unwrap_or(0));
        let exchange = Exchange {
            message: Entry::Customer {
                message_id: ticket.message_id.as_ref().map(|m| m.as_str().to_string()),
                at: started,
                body: ticket.body.clone(),
            },
            answer: Entry::Agent {
                at: o.finished_at,
                outcome: o.verdict.outcome,
                message: o
                    .verdict
                    .message
                    .clone()
                    .or_else(|| o.verdict.reason.clone()),
                category: o.verdict.category,
            },
        };
        // A ticket without a message id is its one message: the empty field, which no
        // message id can be.
        let message = ticket.message_id.as_ref().map_or("", |m| m.as_str());
        threads
            .record_answer(ticket.ticket_id.as_str(), message, &exchange)
            .await?;
        for approval in &finished.approvals {
            let action = approval.action().ok();
            let pending = approval_event(
                &approval.tool,
                action.as_ref(),
                ApprovalStatus::Pending,
                o.finished_at,
                None,
                None,
                None,
            );
            threads
                .record_approval(ticket.ticket_id.as_str(), &approval.approval_id, &pending)
                .await?;
        }
        Ok(())
    }

    fn threads(&self) -> ThreadStore {
        self.records
            .threads(Duration::from_secs(self.settings.worker.thread_ttl_secs))
    }

    /// Extends the lease every third of its length, forever (dropped when the run ends).
    async fn keep_lease(&self, id: &str, token: &str, lease: Duration) {
        loop {
            tokio::time::sleep(lease / 3).await;
            match self.records.extend_lease(id, token, lease).await {
                Ok(true) => {}
                Ok(false) => tracing::warn!("lost the ticket's lease while running it"),
                Err(e) => {
                    tracing::warn!(error = %crate::telemetry::chain(&e), "could not extend the lease")
                }
            }
        }
    }

    /// Publishes the approvals, then the outcome, each confirmed by the broker.
    ///
    /// # Errors
    /// The first publish that did not land.
    pub async fn publish_finished(&self, sealed: &Sealed) -> anyhow::Result<()> {
        let t = &self.topology;
        for (approval, body) in sealed.approvals() {
            let props = BasicProperties::default()
                .with_message_id(approval.approval_id.as_str().into())
                .with_correlation_id(approval.ticket_id.as_str().into());
            self.publish_held(&t.approvals_exchange, &approval.routing_key(), body, props)
                .await
                .with_context(|| format!("approval {}", approval.approval_id))?;
        }
        let o = &sealed.finished().outcome;
        // Consumers dedupe on the work key: a re-published answer is one, the answers to
        // two messages of one ticket are two.
        let props = BasicProperties::default()
            .with_message_id(o.work_key().as_str().into())
            .with_correlation_id(o.ticket_id.as_str().into());
        self.publish_held(
            &t.outcomes_exchange,
            &o.routing_key(),
            sealed.outcome_body(),
            props,
        )
        .await
        .context("outcome")?;
        Ok(())
    }

    /// Publishes on this worker's channel, held while the broker refuses it for at most
    /// `worker.store_wait_secs` ([`runtime::publish_held`]).
    async fn publish_held(
        &self,
        exchange: &str,
        routing_key: &str,
        body: &[u8],
        properties: BasicProperties,
    ) -> Result<(), PublishError> {
        runtime::publish_held(
            &self.publish,
            exchange,
            routing_key,
            body,
            properties,
            self.routes.hold,
        )
        .await
    }

    /// A decision as it will be carried out: out of attempts, a retry is a dead letter;
    /// a dead letter already in the dead-letter queue (its ack was lost) is a duplicate.
    async fn final_disposition(
        &self,
        delivery: &Delivery,
        disposition: Disposition,
    ) -> Disposition {
        let disposition = self.out_of_attempts(disposition);
        if matches!(disposition, Disposition::DeadLetter { .. })
            // Redis down: publish anyway; a second copy in the dead-letter queue is
            // better than none.
            && bounded(self.records.dead_lettered(&dead_letter_marker(delivery)))
                .await
                .unwrap_or(false)
        {
            tracing::info!(
                "a copy of this delivery is in the dead-letter queue already; acking it"
            );
            return Disposition::Ack { duplicate: true };
        }
        disposition
    }

    /// Carries out a disposition for `delivery`: publishes the retry or dead-letter copy
    /// first (confirmed), then acks; or nacks it back to the queue. Exactly one
    /// settlement per delivery.
    pub async fn settle(&self, delivery: &Delivery, disposition: Disposition) {
        let disposition = self.final_disposition(delivery, disposition).await;
        let settled = runtime::settle(&self.publish, &self.routes, delivery, &disposition).await;
        self.after_settling(delivery, &disposition, settled).await;
    }

    async fn after_settling(
        &self,
        delivery: &Delivery,
        disposition: &Disposition,
        settled: Settled,
    ) {
        if settled == Settled::PutBack && !matches!(disposition, Disposition::Requeue { .. }) {
            // The copy did not land: counted as put back, not as what was decided.
            metrics::global()
                .deliveries
                .with_label_values(&["requeue"])
                .inc();
            return;
        }
        if settled == Settled::Done && matches!(disposition, Disposition::DeadLetter { .. }) {
            let ttl = Duration::from_secs(self.settings.worker.done_ttl_secs);
            let marker = dead_letter_marker(delivery);
            if let Err(e) = bounded(self.records.record_dead_lettered(&marker, ttl)).await {
                tracing::warn!(error = %crate::telemetry::chain(&e), "could not record the dead letter; a redelivery would be dead-lettered again");
            }
        }
        self.count_settled(disposition);
    }

    /// Counts a settled delivery, and its retry tier or dead-letter reason.
    fn count_settled(&self, disposition: &Disposition) {
        let m = metrics::global();
        match disposition {
            Disposition::Retry { attempt, .. } => {
                // The tier the runtime published the copy to.
                if let Some(retry) = &self.routes.retry {
                    m.retries
                        .with_label_values(&[retry.tier(*attempt).trim_start_matches("retry.")])
                        .inc();
                }
            }
            Disposition::DeadLetter { reason, .. } => {
                m.dead_letters.with_label_values(&[reason.as_str()]).inc();
            }
            _ => {}
        }
        m.deliveries
            .with_label_values(&[disposition.as_str()])
            .inc();
    }

    /// Handles and settles one delivery.
    pub async fn process(&self, delivery: Delivery) {
        runtime::process(self, &self.publish, delivery).await;
    }
}

impl Handler for Worker {
    type Reason = DeadReason;

    fn routes(&self) -> &Routes {
        &self.routes
    }

    async fn handle(&self, delivery: &Delivery) -> Decision<DeadReason> {
        let _in_flight = metrics::global().in_flight();
        let (disposition, span) = self
            .handle_traced(
                &delivery.data,
                delivery.properties.headers().as_ref(),
                delivery
                    .properties
                    .message_id()
                    .as_ref()
                    .map(|m| m.as_str()),
            )
            .await;
        let disposition = self
            .final_disposition(delivery, disposition)
            .instrument(span.clone())
            .await;
        Decision { disposition, span }
    }

    async fn settled(&self, delivery: &Delivery, disposition: &Disposition, settled: Settled) {
        self.after_settling(delivery, disposition, settled).await;
    }

    /// While Redis does not answer, no new delivery is taken: each would be put back.
    async fn ready(&self) {
        if !self.redis_down.load(Ordering::SeqCst) {
            return;
        }
        tracing::warn!("Redis is not answering: taking no new tickets until it does");
        let mut since = Instant::now();
        loop {
            tokio::time::sleep(Duration::from_secs(1)).await;
            let why = match self.records.health().await {
                Ok(()) => {
                    tracing::info!("Redis answers again");
                    self.redis_down.store(false, Ordering::SeqCst);
                    return;
                }
                Err(why) => why,
            };
            if since.elapsed() >= RECONNECT_AFTER {
                since = Instant::now();
                match self.records.reconnect().await {
                    Ok(()) => tracing::warn!(why, "Redis still not answering; connected anew"),
                    Err(e) => {
                        tracing::warn!(why, error = %crate::telemetry::chain(&e), "Redis still not answering; could not connect anew")
                    }
                }
                // The health check asks more than a delivery needs (every master, the
                // cluster's state); a read of one key is what the work does. If that is
                // served, the work goes on, and a step that fails is held as ever.
                if bounded(self.records.done("health-probe")).await.is_ok() {
                    tracing::warn!(
                        "Redis serves reads though its health check fails; taking tickets again"
                    );
                    self.redis_down.store(false, Ordering::SeqCst);
                    return;
                }
            }
        }
    }
}

/// Where the worker's copies go: retries and busy tickets through the retry exchange,
/// dead letters to the dead-letter exchange; a refused publish is held for up to
/// `worker.store_wait_secs`.
fn routes(topology: &Topology, settings: &Settings) -> Routes {
    Routes {
        dead_exchange: topology.dead_exchange.clone(),
        dead_key: String::new(),
        error_chars: 1000,
        keep_routing_key: false,
        retry: Some(RetryRoutes {
            exchange: topology.retry_exchange.clone(),
            tiers: topology
                .retry_queues
                .iter()
                .map(|(_, key, _)| key.clone())
                .collect(),
            wait_key: WAIT_KEY.to_string(),
        }),
        hold: Duration::from_secs(settings.worker.store_wait_secs),
    }
}

/// What names one dead-lettering of a delivery, across its redeliveries: the message
/// id (or, without one, a digest of the body), the attempt and the replays, so that a
/// replayed message that dies again gets a copy of its own.
fn dead_letter_marker(delivery: &Delivery) -> String {
    use sha2::{Digest, Sha256};
    let headers = delivery.properties.headers().as_ref();
    let id = match delivery.properties.message_id() {
        Some(id) if !id.as_str().is_empty() => format!("id={}", id.as_str()),
        _ => format!("sha256={:x}", Sha256::digest(&delivery.data)),
    };
    let attempt = header_int(headers, H_ATTEMPT).unwrap_or(1);
    let replays = header_int(headers, H_REPLAY).unwrap_or(0);
    format!("{id}:attempt={attempt}:replay={replays}")
}

fn poison(e: &TicketError) -> Disposition {
    let reason = match e {
        TicketError::Malformed(_) => DeadReason::NotJson,
        TicketError::TooLong { .. } => DeadReason::TooLarge,
        _ => DeadReason::InvalidTicket,
    };
    Disposition::DeadLetter {
        reason,
        error: e.to_string(),
    }
}

/// How long a busy ticket waits before it is looked at again: until the holder's lease
/// would have lapsed, and a little more so that it has, but never past one lease (a
/// holder's clock is Redis's, not ours) nor under the margin (a lease that lapsed
/// between the check and now).
pub(crate) fn busy_wait(lease_left: Duration, lease: Duration) -> Duration {
    const MARGIN: Duration = Duration::from_millis(250);
    (lease_left + MARGIN).min(lease + MARGIN)
}
