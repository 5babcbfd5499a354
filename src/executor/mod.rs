//! The executor: runs an approved action exactly once, and the outboxes approved
//! emails go to ([`outbox`]).
//!
//! [`Executor::run`] is one execution attempt of one approved action: it claims the
//! action's row in the PostgreSQL [`ledger`] (the guard of money: a settled row is
//! answered from the row, never executed again), asks the shop whether a refund is
//! still eligible, reserves its amount on its order, and only then calls the backend
//! (or the outbox) with the action's idempotency key, through Redis as a fast path
//! ([`execute_approved`]: a result recorded there is taken instead of a second call).
//! The approvals service calls it; the agent never does.

pub mod ledger;
pub mod outbox;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::backoff::Backoff;
use crate::commerce::{BackendError, CommerceBackend, RefundRequest};
use crate::domain::approval::{ActionRequest, ApprovalId, PendingAction};
use crate::domain::clock::Clock;
use crate::domain::digest;
use crate::domain::money::Usd;
use crate::idempotency::{Claim, IdempotencyStore};
use crate::kv::StoreError;
use ledger::{Claimed, Deadline, ExecutionLedger, Held, Reservation};

/// An email handed to the outbox.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutboundEmail {
    /// Always the customer's address on record (checked when it was proposed).
    pub to: String,
    /// Subject line.
    pub subject: String,
    /// The plain-text body.
    pub body: String,
    /// The ticket it answers.
    pub ticket_id: String,
    /// The key the outbox dedupes on.
    pub idempotency_key: String,
}

/// Where approved emails go.
#[async_trait]
pub trait Outbox: Send + Sync {
    /// Sends (or queues) an email; the same key sends at most once and returns the
    /// first message id.
    async fn send(&self, email: &OutboundEmail) -> Result<String, BackendError>;
}

/// An outbox that keeps emails in memory (embedded mode and tests).
#[derive(Debug, Default)]
pub struct MemoryOutbox {
    sent: Mutex<Vec<(String, OutboundEmail)>>,
}

impl MemoryOutbox {
    /// The emails sent so far, with their message ids.
    pub fn sent(&self) -> Vec<(String, OutboundEmail)> {
        self.sent.lock().expect("outbox lock").clone()
    }
}

#[async_trait]
impl Outbox for MemoryOutbox {
    async fn send(&self, email: &OutboundEmail) -> Result<String, BackendError> {
        let mut sent = self.sent.lock().expect("outbox lock");
        if let Some((id, _)) = sent
            .iter()
            .find(|(_, e)| e.idempotency_key == email.idempotency_key)
        {
            return Ok(id.clone());
        }
        let id = format!("msg_{}", digest(&[&email.idempotency_key]));
        sent.push((id.clone(), email.clone()));
        Ok(id)
    }
}

/// What executing an approved action produced (recorded under its key).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExecutionRecord {
    /// The approval executed.
    pub approval_id: ApprovalId,
    /// `succeeded`, `failed` (it did not happen: a permanent refusal, recorded so that
    /// it is not retried with the same key) or `unknown` (given up past the deadline
    /// after calls whose outcome nobody knows).
    pub status: String,
    /// The backend's answer: `{confirmation_id}`, `{sent, message_id}` or `{error}`.
    pub result: Value,
}

/// The result of [`execute_approved`].
#[derive(Debug, Clone, PartialEq)]
pub struct Execution {
    /// The recorded result.
    pub record: ExecutionRecord,
    /// True when this call did not reach the backend: the result was already recorded.
    pub replayed: bool,
}

/// Why an approved action did not execute now.
#[derive(Debug, thiserror::Error)]
pub enum ExecuteError {
    /// Another process holds the claim; try again after its lease.
    #[error("action {0} is being executed elsewhere")]
    InProgress(String),
    /// The backend or the store is unavailable; the claim was released, retry later.
    #[error("transient failure executing the action: {0}")]
    Transient(String),
    /// The idempotency store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Everything execution needs.
#[derive(Clone)]
pub struct Effects<'a> {
    /// The commerce backend refunds are executed against.
    pub backend: &'a dyn CommerceBackend,
    /// Where approved emails go.
    pub outbox: &'a dyn Outbox,
    /// The idempotency store.
    pub store: &'a dyn IdempotencyStore,
    /// How long a claim holds.
    pub lease: Duration,
    /// How long a result is kept.
    pub result_ttl: Duration,
}

/// Executes an approved action exactly once as far as Redis can tell: claim its key →
/// call the backend with the same key → record the result. The fast path of
/// [`Executor::run`], which calls it only under its PostgreSQL claim; on its own (tests,
/// tools) it is only as good as Redis's memory.
///
/// A second call, concurrent or later, gets the recorded result or
/// [`ExecuteError::InProgress`], never a second backend call. If a claim's lease ran
/// out mid-call (the process died), the next claimer calls the backend again with the
/// *same* idempotency key, and the backend, as every payment API does, answers with
/// the first result instead of paying twice.
///
/// # Errors
/// [`ExecuteError`].
pub async fn execute_approved(
    action: &PendingAction,
    fx: &Effects<'_>,
) -> Result<Execution, ExecuteError> {
    let key = fast_path_key(action);
    let token = match fx.store.claim(&key, fx.lease).await? {
        Claim::Done(value) => {
            return Ok(Execution {
                record: recorded(&key, value)?,
                replayed: true,
            });
        }
        Claim::InProgress => return Err(ExecuteError::InProgress(action.approval_id.to_string())),
        Claim::Acquired { token, recovered } => {
            if recovered {
                tracing::warn!(approval_id = %action.approval_id, "recovering an expired claim; calling the backend again with the same idempotency key");
            }
            token
        }
    };
    match perform(action, fx.backend, fx.outbox).await {
        Ok(record) => {
            let value = serde_json::to_value(&record).expect("an execution record serializes");
            fx.store
                .complete(&key, &token, &value, fx.result_ttl)
                .await?;
            Ok(Execution {
                record,
                replayed: false,
            })
        }
        Err(e) => {
            fx.store.release(&key, &token).await?;
            Err(ExecuteError::Transient(e.to_string()))
        }
    }
}

/// The Redis key of an action's claim and result.
fn fast_path_key(action: &PendingAction) -> String {
    format!("action:{}", action.request.idempotency_key())
}

fn recorded(key: &str, value: Value) -> Result<ExecutionRecord, StoreError> {
    serde_json::from_value(value).map_err(|e| StoreError::Corrupt(format!("{key}: {e}")))
}

/// The one backend (or outbox) call of an action, with its idempotency key: the result
/// to record (`succeeded`, or `failed` for a permanent refusal), or the transient
/// failure to retry later.
async fn perform(
    action: &PendingAction,
    backend: &dyn CommerceBackend,
    outbox: &dyn Outbox,
) -> Result<ExecutionRecord, BackendError> {
    let outcome = match &action.request {
        ActionRequest::IssueRefund {
            order_id,
            amount_usd,
            idempotency_key,
        } => backend
            .issue_refund(&RefundRequest {
                order_id: order_id.clone(),
                amount_usd: *amount_usd,
                idempotency_key: idempotency_key.clone(),
            })
            .await
            .map(|c| json!({ "confirmation_id": c.confirmation_id, "replayed": c.replayed })),
        ActionRequest::SendEmail {
            to,
            subject,
            body,
            ticket_id,
            idempotency_key,
        } => outbox
            .send(&OutboundEmail {
                to: to.clone(),
                subject: subject.clone(),
                body: body.clone(),
                ticket_id: ticket_id.clone(),
                idempotency_key: idempotency_key.clone(),
            })
            .await
            .map(|id| json!({ "sent": true, "message_id": id })),
    };
    match outcome {
        Ok(result) => Ok(ExecutionRecord {
            approval_id: action.approval_id.clone(),
            status: "succeeded".into(),
            result,
        }),
        Err(e) if e.is_transient() => Err(e),
        Err(e) => Ok(refusal(&action.approval_id, e.code(), &e.to_string())),
    }
}

/// A failed execution's record: `{error, detail}`.
fn refusal(id: &ApprovalId, code: &str, detail: &str) -> ExecutionRecord {
    ExecutionRecord {
        approval_id: id.clone(),
        status: "failed".into(),
        result: json!({ "error": code, "detail": detail }),
    }
}

/// The error code of a refund refused at execution because the order's eligibility
/// changed since the proposal.
pub const ELIGIBILITY_CHANGED: &str = "eligibility_changed";

/// Everything an execution needs, built once from settings (`crate::app`).
#[derive(Clone)]
pub struct Executor {
    /// The guard: execution rows and the order ledger in PostgreSQL.
    pub ledger: ExecutionLedger,
    /// The shop refunds are executed against, and eligibility asked of again.
    pub backend: Arc<dyn CommerceBackend>,
    /// Where approved emails go.
    pub outbox: Arc<dyn Outbox>,
    /// The fast path: claims and results in Redis.
    pub idempotency: Arc<dyn IdempotencyStore>,
    /// How long a claim holds before another process may take it over.
    pub lease: Duration,
    /// How long a result is kept in Redis.
    pub result_ttl: Duration,
    /// The wait between attempts after a transient failure.
    pub retry: Backoff,
    /// How long after its approval an action may keep failing transiently before it
    /// is given up (failed, or unknown when a call may have reached the backend).
    pub deadline: Duration,
    /// "Now" for the eligibility check: a pinned clock, or the time of the proposal.
    pub clock: Clock,
}

/// One approved action to execute.
#[derive(Debug, Clone, Copy)]
pub struct Job<'a> {
    /// Exactly the approved action (its digest checked by the caller).
    pub action: &'a PendingAction,
    /// When it was approved: the deadline counts from here.
    pub approved_at: DateTime<Utc>,
    /// When it was proposed: the refund window is judged at this instant, as it was
    /// when the agent proposed it, unless the clock is pinned.
    pub proposed_at: DateTime<Utc>,
}

/// What one [`Executor::run`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Executed {
    /// Settled by this call: executed, refused, or given up past the deadline.
    Now(Execution),
    /// Settled before: the recorded result; nothing ran.
    Recorded(ExecutionRecord),
    /// Another process is executing it now.
    InProgress,
    /// A transient failure: tried again at `next_at`.
    Retrying {
        /// What failed.
        error: String,
        /// The attempt that failed, from 1.
        attempt: u32,
        /// When the next attempt is due (`None`: the claim had been lost meanwhile).
        next_at: Option<DateTime<Utc>>,
    },
    /// Waiting out its backoff; the next attempt is due then.
    NotDue(DateTime<Utc>),
}

/// How one attempt under a held claim ended.
enum Attempt {
    Finished(Execution),
    Transient(String),
    Lost,
}

impl Executor {
    /// One execution attempt of `job`: see the module documentation. Never calls the
    /// backend for an action whose row is settled, and never while another process
    /// holds a live claim on it.
    ///
    /// # Errors
    /// The database unavailable (a claim taken is then recovered after its lease).
    pub async fn run(&self, job: &Job<'_>) -> Result<Executed, StoreError> {
        let id = &job.action.approval_id;
        let deadline = Deadline {
            at: job.approved_at
                + chrono::Duration::from_std(self.deadline).unwrap_or(chrono::Duration::MAX),
            after: self.deadline,
        };
        let key = job.action.request.idempotency_key();
        let held = match self.ledger.claim(id, key, self.lease, deadline).await? {
            Claimed::Held(held) => held,
            Claimed::Settled(record) => return Ok(Executed::Recorded(record)),
            Claimed::GaveUp(record) => {
                tracing::error!(approval_id = %id, status = %record.status, "an approved action was given up past its deadline");
                return Ok(Executed::Now(Execution {
                    record,
                    replayed: false,
                }));
            }
            Claimed::InProgress => return Ok(Executed::InProgress),
            Claimed::NotDue(at) => return Ok(Executed::NotDue(at)),
        };
        if held.recovered {
            tracing::warn!(approval_id = %id, attempt = held.attempt, calls = held.calls, "taking over an execution whose holder's lease ran out; the backend is called again with the same idempotency key");
        }
        match self.attempt(job, &held).await? {
            Attempt::Finished(execution) => {
                if self.ledger.settle(id.as_str(), &execution.record).await? {
                    Ok(Executed::Now(execution))
                } else {
                    Ok(Executed::Recorded(execution.record))
                }
            }
            Attempt::Lost => Ok(Executed::InProgress),
            Attempt::Transient(error) => {
                let wait = self.retry.delay(held.attempt.saturating_sub(1));
                let next_at = self
                    .ledger
                    .retry_later(id.as_str(), &held, &error, wait)
                    .await?;
                Ok(Executed::Retrying {
                    error,
                    attempt: held.attempt,
                    next_at,
                })
            }
        }
    }

    async fn attempt(&self, job: &Job<'_>, held: &Held) -> Result<Attempt, StoreError> {
        let id = &job.action.approval_id;
        if let Some((order_id, amount)) = job.action.refund_order() {
            let order = match self.backend.order(order_id).await {
                Ok(Some(order)) => order,
                Ok(None) => {
                    let e = BackendError::OrderNotFound(order_id.into());
                    return Ok(finished(refusal(id, e.code(), &e.to_string())));
                }
                Err(e) if e.is_transient() => return Ok(Attempt::Transient(e.to_string())),
                Err(e) => return Ok(finished(refusal(id, e.code(), &e.to_string()))),
            };
            // Once a call may have reached the shop, our own refund may be what changed
            // the order: from then on the idempotency key decides, not eligibility.
            if held.calls == 0
                && let Some(changed) = self.eligibility_changed(job, &order, amount)
            {
                tracing::warn!(approval_id = %id, order_id, "refund not executed: the order's eligibility changed since the proposal");
                return Ok(finished(changed));
            }
            if !held.reserved {
                match self
                    .ledger
                    .reserve(
                        id.as_str(),
                        held,
                        order_id,
                        amount.cents(),
                        order.total_usd.cents(),
                    )
                    .await?
                {
                    Reservation::Reserved => {}
                    Reservation::Lost => return Ok(Attempt::Lost),
                    Reservation::Exceeds {
                        refunded_cents,
                        refundable_cents,
                    } => {
                        tracing::warn!(
                            approval_id = %id,
                            order_id,
                            refunded_cents,
                            refundable_cents,
                            "refund refused: the order has been refunded through other approvals"
                        );
                        let e = BackendError::ExceedsRefundable {
                            requested: amount,
                            refundable: Usd::from_cents(refundable_cents - refunded_cents)
                                .max(Usd::ZERO),
                        };
                        return Ok(finished(refusal(id, e.code(), &e.to_string())));
                    }
                }
            }
        }
        // Redis first: a result recorded there by a holder that died before settling is
        // taken as it is, and a live claim there means a holder is still calling.
        let key = fast_path_key(job.action);
        let fast = match self.idempotency.claim(&key, self.lease).await {
            Ok(Claim::Done(value)) => {
                return Ok(Attempt::Finished(Execution {
                    record: recorded(&key, value)?,
                    replayed: true,
                }));
            }
            Ok(Claim::InProgress) => {
                return Ok(Attempt::Transient(
                    "another process still holds the action's claim in Redis".into(),
                ));
            }
            Ok(Claim::Acquired { token, .. }) => Some(token),
            Err(e) => {
                tracing::warn!(approval_id = %id, error = %crate::telemetry::chain(&e), "Redis unavailable for the executor's fast path; PostgreSQL holds the claim, going on");
                None
            }
        };
        if !self
            .ledger
            .begin_call(id.as_str(), held, self.lease)
            .await?
        {
            if let Some(token) = &fast {
                let _ = self.idempotency.release(&key, token).await;
            }
            return Ok(Attempt::Lost);
        }
        match perform(job.action, self.backend.as_ref(), self.outbox.as_ref()).await {
            Ok(record) => {
                if let Some(token) = &fast {
                    let value =
                        serde_json::to_value(&record).expect("an execution record serializes");
                    if let Err(e) = self
                        .idempotency
                        .complete(&key, token, &value, self.result_ttl)
                        .await
                    {
                        tracing::warn!(approval_id = %id, error = %crate::telemetry::chain(&e), "the result is not in Redis; PostgreSQL records it");
                    }
                }
                Ok(finished(record))
            }
            Err(e) => {
                if let Some(token) = &fast {
                    let _ = self.idempotency.release(&key, token).await;
                }
                Ok(Attempt::Transient(e.to_string()))
            }
        }
    }

    /// The refusal to record when the order, as the shop states it now, no longer
    /// allows the approved refund: cancelled, returned or refunded since, or allowing
    /// less than the approved amount. The refund window is judged when the refund was
    /// proposed (or at the pinned clock): a customer who asked in time is not refused
    /// because a reviewer was slow.
    fn eligibility_changed(
        &self,
        job: &Job<'_>,
        order: &crate::commerce::Order,
        amount: Usd,
    ) -> Option<ExecutionRecord> {
        let at = match self.clock {
            Clock::Fixed(at) => at,
            Clock::System => job.proposed_at,
        };
        let now = crate::tools::orders::assess(order, at);
        let id = &job.action.approval_id;
        if !now.eligible {
            return Some(refusal(
                id,
                ELIGIBILITY_CHANGED,
                &format!(
                    "order {} is no longer eligible for a refund: {} ({}); nothing was refunded",
                    order.order_id, now.reason, now.policy_ref
                ),
            ));
        }
        (now.max_amount_usd < amount).then(|| {
            refusal(
                id,
                ELIGIBILITY_CHANGED,
                &format!(
                    "order {} may now be refunded at most {}, less than the approved {amount} ({}); nothing was refunded",
                    order.order_id, now.max_amount_usd, now.policy_ref
                ),
            )
        })
    }
}

fn finished(record: ExecutionRecord) -> Attempt {
    Attempt::Finished(Execution {
        record,
        replayed: false,
    })
}
