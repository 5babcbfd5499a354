//! The approvals service's own work: it consumes `approvals.pending` into the store
//! ([`run_intake`]) and sweeps ([`run_sweeps`]):
//! pending actions past their TTL expire (their ticket is published as escalated,
//! `approval_expired`), approved actions whose execution did not finish are executed
//! again with the same key, and audit records that did not reach
//! `approvals.decisions` are published again.
//!
//! Every replica may sweep: each transition is guarded in the database, and an
//! execution by its row there (`crate::executor::ledger`), so two sweeps racing on
//! one approval do the work once. An execution the backend keeps refusing transiently
//! is retried after a growing backoff until `approvals.execution_deadline_secs`, then
//! given up: its ticket is escalated (`execution_failed`).
//!
//! `ticket-agent approvals serve` runs both beside the console ([`crate::app`]), whose
//! port also serves `/metrics` and `/readyz` ([`ApprovalsHealth`]: the channel audit
//! records are published on is open, Redis answers `PING`, PostgreSQL answers); each
//! sweep refreshes the pending-backlog gauges.

use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use lapin::BasicProperties;
use lapin::message::Delivery;
use tokio_util::sync::CancellationToken;
use tracing::Instrument;

use super::{ApprovalStatus, Approvals, DecideError};
use crate::agent::Totals;
use crate::backoff::{Backoff, Failed, GaveUp, Limit, Retry};
use crate::config::Settings;
use crate::domain::outcome::{EscalationCategory, Outcome};
use crate::kv::StoreError;
use crate::metrics::{self, Readiness, ReadyCheck};
use crate::queue::consumer::{Consumer, Session};
use crate::queue::messages::{ApprovalMessage, OutcomeMessage};
use crate::queue::runtime::{self, Decision, Disposition, Handler, Routes, Service};
use crate::queue::{PublishChannel, Topology};

/// What the service's `/readyz` asks: its publishing channel, Redis (the executor's
/// claims) and the database.
pub struct ApprovalsHealth(pub Approvals);

#[async_trait::async_trait]
impl ReadyCheck for ApprovalsHealth {
    async fn readiness(&self) -> Readiness {
        let rabbitmq = self.0.publisher.is_connected();
        let (redis, postgres) = tokio::join!(
            tokio::time::timeout(metrics::READY_TIMEOUT, self.0.executor.idempotency.ping()),
            tokio::time::timeout(metrics::READY_TIMEOUT, self.0.store.ping()),
        );
        Readiness {
            rabbitmq,
            redis: redis.unwrap_or(false),
            postgres: Some(postgres.unwrap_or(false)),
        }
    }
}

/// Sets the pending-backlog gauges from the store.
///
/// # Errors
/// The database unavailable.
pub async fn refresh_backlog_gauges(approvals: &Approvals) -> anyhow::Result<()> {
    let backlog = approvals.store.pending_backlog().await?;
    let m = metrics::global();
    let age_of = |at: Option<chrono::DateTime<Utc>>| {
        at.map_or(0.0, |at| {
            (Utc::now() - at).num_milliseconds().max(0) as f64 / 1000.0
        })
    };
    m.approvals_pending
        .set(backlog.iter().map(|b| b.count).sum());
    m.approvals_oldest_pending_age
        .set(age_of(backlog.iter().filter_map(|b| b.oldest).min()));
    // Every gated tool has a series, at 0 when nothing of it waits.
    for tool in [
        crate::domain::approval::ISSUE_REFUND,
        crate::domain::approval::SEND_EMAIL,
    ] {
        let b = backlog.iter().find(|b| b.tool == tool);
        m.approvals_pending_by_tool
            .with_label_values(&[tool])
            .set(b.map_or(0, |b| b.count));
        m.approvals_oldest_pending_age_by_tool
            .with_label_values(&[tool])
            .set(age_of(b.and_then(|b| b.oldest)));
    }
    let (unexecuted, oldest) = approvals.store.unexecuted_backlog().await?;
    m.approvals_unexecuted.set(unexecuted);
    m.approvals_oldest_unexecuted_age.set(age_of(oldest));
    let cents = approvals.store.auto_approved_cents_today().await?;
    m.approvals_auto_approved_usd_today
        .set(cents as f64 / 100.0);
    Ok(())
}

/// Approvals taken from the queue before the first is acknowledged.
const PREFETCH: u16 = 64;

/// Consumes `approvals.pending` into the store until `stop` turns true: one at a time,
/// in queue order, through the queue runtime, publishing on `publisher`'s channel.
///
/// # Errors
/// A topology the broker refuses; connection failures are retried.
pub async fn run_intake(
    settings: Settings,
    approvals: Approvals,
    publisher: PublishChannel,
    stop: tokio::sync::watch::Receiver<bool>,
) -> anyhow::Result<()> {
    let topology = Topology::from_settings(&settings.amqp, &settings.worker);
    let consumer = Consumer::new(
        &settings.amqp,
        &topology,
        &topology.approvals_pending_queue,
        "ticket-agent-approvals",
        PREFETCH,
    )
    .with_publisher(publisher);
    let options = runtime::Options {
        // One at a time, in queue order.
        concurrency: 1,
        // An approval being stored finishes; one waiting for the store goes back at
        // once.
        grace: Duration::ZERO,
        wait_on_loss: true,
        role: "approvals",
    };
    let service = IntakeService {
        routes: Routes {
            dead_exchange: topology.dead_exchange.clone(),
            dead_key: String::new(),
            error_chars: 1000,
            keep_routing_key: false,
            retry: None,
            hold: Duration::ZERO,
        },
        approvals,
        topology,
    };
    runtime::run(&consumer, &service, &options, stopped(stop)).await?;
    Ok(())
}

/// Why the approvals intake dead-letters a proposal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntakeDeadReason {
    /// The store refused the message itself (a value PostgreSQL cannot hold):
    /// storing it again cannot succeed. The dead-letter page and `ticket-agent dlq`
    /// show it, and replay sends it back to the approvals exchange.
    Unstorable,
}

impl runtime::DeadReason for IntakeDeadReason {
    fn as_str(self) -> &'static str {
        match self {
            Self::Unstorable => crate::queue::dlq::UNSTORABLE,
        }
    }
}

/// The approvals intake as the runtime's service.
struct IntakeService {
    approvals: Approvals,
    topology: Topology,
    routes: Routes,
}

impl Service for IntakeService {
    type Handler = Intake;

    async fn session(&self, _session: &Session, abandon: &CancellationToken) -> Arc<Intake> {
        Arc::new(Intake {
            approvals: self.approvals.clone(),
            topology: self.topology.clone(),
            routes: self.routes.clone(),
            abandon: abandon.clone(),
        })
    }
}

/// Stores each approval message of `approvals.pending`.
struct Intake {
    approvals: Approvals,
    topology: Topology,
    routes: Routes,
    /// Cancelled at the drain deadline: a write waiting for the store gives up.
    abandon: CancellationToken,
}

impl Handler for Intake {
    type Reason = IntakeDeadReason;

    fn routes(&self) -> &Routes {
        &self.routes
    }

    async fn handle(&self, delivery: &Delivery) -> Decision<IntakeDeadReason> {
        let message: ApprovalMessage = match serde_json::from_slice(&delivery.data) {
            Ok(message) => message,
            // The queue's dead-letter exchange takes it to the dead letters.
            Err(e) => {
                return Disposition::Reject {
                    error: format!("an approval message does not parse: {e}"),
                }
                .into();
            }
        };
        match self.store(delivery, &message).await {
            Stored::Yes(kind) => {
                tracing::info!(approval_id = %message.approval_id, ticket_id = %message.ticket_id, kind, "approval received");
                Disposition::Ack {
                    duplicate: kind == "duplicate",
                }
            }
            Stored::Unstorable(e) => {
                let error = e.to_string();
                tracing::error!(approval_id = %message.approval_id, ticket_id = %message.ticket_id, error = %crate::telemetry::redact(&error), "the store cannot hold this approval; dead-lettering it");
                Disposition::DeadLetter {
                    reason: IntakeDeadReason::Unstorable,
                    error,
                }
            }
            Stored::Abandoned => Disposition::Requeue {
                error: "stopping while the store is unavailable".into(),
            },
        }
        .into()
    }
}

/// What became of storing one approval message.
enum Stored {
    /// Recorded (`new`, `duplicate`, …): ack it.
    Yes(&'static str),
    /// The store refused the message itself: storing it again cannot succeed.
    Unstorable(crate::kv::StoreError),
    /// The service is stopping while the store was unavailable: put it back.
    Abandoned,
}

/// How long the first wait for an unavailable store is, and the longest.
const STORE_BACKOFF: (Duration, Duration) = (Duration::from_millis(500), Duration::from_secs(30));

impl Intake {
    /// Stores one approval message. While the store is unavailable the delivery is
    /// held and the write tried again with backoff, in place: putting it back would
    /// count a delivery against the queue's limit for each try, and an outage of a
    /// minute would dead-letter every proposal waiting.
    async fn store(&self, delivery: &Delivery, message: &ApprovalMessage) -> Stored {
        let backoff = Backoff::new(STORE_BACKOFF.0, STORE_BACKOFF.1);
        let attempt = || async {
            receive(&self.approvals, &self.topology, delivery, message)
                .await
                .map_err(|e| {
                    if e.is_transient() {
                        Failed::Again(e, None)
                    } else {
                        Failed::Final(e)
                    }
                })
        };
        let before_retry = |e: &StoreError, retry: Retry| {
            tracing::warn!(approval_id = %message.approval_id, error = %crate::telemetry::chain(e), retry = retry.number, wait_ms = retry.wait.as_millis() as u64, "could not store an approval; holding it and trying again");
            std::future::ready(Ok(retry.wait))
        };
        let stop = self.abandon.cancelled();
        match backoff
            .run(Limit::Retries(u32::MAX), stop, attempt, before_retry)
            .await
        {
            Ok(kind) => Stored::Yes(kind),
            Err(GaveUp::Stopped(_)) => Stored::Abandoned,
            Err(gave_up) => Stored::Unstorable(gave_up.into_error()),
        }
    }
}

/// Stores one proposal in its consumer span: a child of the worker's publish, and
/// the parent of the decision to come (its context is stored with the record).
async fn receive(
    approvals: &Approvals,
    topology: &Topology,
    delivery: &Delivery,
    message: &ApprovalMessage,
) -> Result<&'static str, crate::kv::StoreError> {
    let queue = &topology.approvals_pending_queue;
    let span = tracing::info_span!(
        "approval_received",
        otel.name = %format!("process {queue}"),
        otel.kind = "consumer",
        messaging.system = "rabbitmq",
        messaging.operation.type = "process",
        messaging.operation.name = "process",
        messaging.destination.name = %queue,
        messaging.message.id = %message.approval_id,
        messaging.message.body.size = delivery.data.len(),
        ticket_id = %message.ticket_id,
        ticket_agent.approval.id = %message.approval_id,
        ticket_agent.approval.tool = %message.tool,
        ticket_agent.approval.stored = tracing::field::Empty,
    );
    crate::telemetry::continue_from(&span, delivery.properties.headers().as_ref());
    let context = crate::telemetry::context_map(&span);
    let kind = approvals
        .receive(message, context)
        .instrument(span.clone())
        .await?;
    span.record("ticket_agent.approval.stored", kind);
    Ok(kind)
}

/// Sweeps every `approvals.sweep_secs` until `stop` turns true ([`sweep`]).
pub async fn run_sweeps(
    settings: Settings,
    approvals: Approvals,
    stop: tokio::sync::watch::Receiver<bool>,
) {
    let every = Duration::from_secs(settings.approvals.sweep_secs.max(1));
    for decision in ["approved", "rejected", "expired"] {
        metrics::global()
            .approvals_decided
            .with_label_values(&[decision]);
    }
    for kind in ["human", "policy", "system"] {
        metrics::global()
            .approvals_decisions_by_author
            .with_label_values(&[kind]);
    }
    if let Err(e) = refresh_backlog_gauges(&approvals).await {
        tracing::warn!(error = %format!("{e:#}"), "could not read the pending backlog");
    }
    loop {
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            () = stopped(stop.clone()) => return,
        }
        if let Err(e) = sweep(&settings, &approvals).await {
            tracing::warn!(error = %format!("{e:#}"), "sweep failed; trying again next time");
        }
    }
}

/// Resolves once the stop flag is set.
pub async fn stopped(mut stop: tokio::sync::watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

/// One sweep: expire old pending actions, re-execute approved ones that did not
/// finish, publish audit records that did not reach the exchange, and refresh the
/// pending-backlog gauges.
///
/// # Errors
/// Store or broker failures (the next sweep tries again).
pub async fn sweep(settings: &Settings, approvals: &Approvals) -> anyhow::Result<()> {
    let ttl = chrono::Duration::seconds(
        i64::try_from(settings.approvals.pending_ttl_secs).unwrap_or(i64::MAX),
    );
    for id in approvals.store.policy_unchecked_ids().await? {
        if let Err(e) = approvals.apply_policies(&id).await {
            tracing::warn!(approval_id = %id, error = %crate::telemetry::redact(&e.to_string()), "policies still not applied");
        }
    }
    for id in approvals.store.pending_older_than(Utc::now() - ttl).await? {
        if approvals
            .store
            .transition(
                &id,
                ApprovalStatus::Expired,
                "system",
                Some("no decision before the TTL"),
                None,
            )
            .await?
            .is_some()
        {
            continue;
        }
        let Some(record) = approvals.store.get(&id).await? else {
            continue;
        };
        tracing::warn!(approval_id = %id, ticket_id = %record.message.ticket_id, "approval expired; escalating its ticket");
        approvals
            .notifier
            .notify(super::notify::NoticeKind::Expired, &record);
        metrics::global()
            .approvals_decided
            .with_label_values(&["expired"])
            .inc();
        metrics::global()
            .approvals_decisions_by_author
            .with_label_values(&["system"])
            .inc();
        if approvals.publisher.is_connected() {
            // The escalation is part of the ticket's trace, like a decision would be.
            let span = tracing::info_span!(
                "approval_expired",
                otel.name = "approval expired",
                otel.kind = "internal",
                ticket_id = %record.message.ticket_id,
                ticket_agent.approval.id = %id,
                ticket_agent.approval.tool = %record.message.tool,
            );
            crate::telemetry::continue_from_map(&span, &record.trace_context);
            publish_expiry(approvals, settings, &record.message)
                .instrument(span)
                .await?;
        }
        approvals.record_on_thread(&record).await;
        approvals.publish_audit(&record).await;
    }
    for id in approvals.store.unfinished_ids().await? {
        let Some(record) = approvals.store.get(&id).await? else {
            continue;
        };
        if record.status == ApprovalStatus::Approved {
            match approvals.execute(&id).await {
                // Not due yet, executing elsewhere, or retrying (the executor said so).
                Ok(()) | Err(DecideError::InProgress(_) | DecideError::ExecutionPending(_)) => {}
                Err(e) => {
                    // A backend or SMTP error may name the recipient.
                    tracing::warn!(approval_id = %id, error = %crate::telemetry::redact(&e.to_string()), "approved action still not executed");
                }
            }
        }
        let record = approvals.store.get(&id).await?.unwrap_or(record);
        approvals.publish_followups(&record).await;
    }
    refresh_backlog_gauges(approvals).await
}

async fn publish_expiry(
    approvals: &Approvals,
    settings: &Settings,
    message: &ApprovalMessage,
) -> anyhow::Result<()> {
    let topology = Topology::from_settings(&settings.amqp, &settings.worker);
    let outcome = OutcomeMessage {
        ticket_id: message.ticket_id.clone(),
        // The approval is the ticket's, not one message's.
        message_id: None,
        customer_id: message.customer_id.clone(),
        verdict: Outcome::escalated(
            EscalationCategory::ApprovalExpired,
            format!(
                "the proposed {} ({}) waited longer than {} s for a decision",
                message.tool, message.approval_id, settings.approvals.pending_ttl_secs
            ),
        )
        .verdict(),
        approval_ids: vec![message.approval_id.clone()],
        attempt: 0,
        worker_id: "approvals".into(),
        model: String::new(),
        totals: Totals::default(),
        finished_at: Utc::now(),
    };
    let props = BasicProperties::default()
        // Not the ticket id alone: the ticket's first outcome already has that id.
        .with_message_id(
            format!("{}:expired:{}", message.ticket_id, message.approval_id)
                .as_str()
                .into(),
        )
        .with_correlation_id(message.ticket_id.as_str().into());
    approvals
        .publisher
        .publish(
            &topology.outcomes_exchange,
            &outcome.routing_key(),
            &serde_json::to_vec(&outcome)?,
            props,
        )
        .await?;
    Ok(())
}
