//! The executor: runs an approved action exactly once, and the outboxes approved
//! emails go to ([`outbox`]).
//!
//! [`execute_approved`] claims the action's idempotency key, calls the backend (or the
//! outbox) with that same key, and records the result under it. The approvals service
//! and the tests call it; the agent never does.

pub mod outbox;

use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::commerce::{BackendError, CommerceBackend, RefundRequest};
use crate::domain::approval::{ActionRequest, ApprovalId, PendingAction};
use crate::domain::digest;
use crate::idempotency::{Claim, IdempotencyStore};
use crate::kv::StoreError;

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
    /// `succeeded` or `failed` (a permanent refusal by the backend, recorded so that it
    /// is not retried with the same key).
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

/// Executes an approved action exactly once: claim its key → call the backend with
/// the same key → record the result.
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
    let key = format!("action:{}", action.request.idempotency_key());
    let token = match fx.store.claim(&key, fx.lease).await? {
        Claim::Done(value) => {
            let record: ExecutionRecord = serde_json::from_value(value)
                .map_err(|e| StoreError::Corrupt(format!("{key}: {e}")))?;
            return Ok(Execution {
                record,
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
    let outcome = match &action.request {
        ActionRequest::IssueRefund {
            order_id,
            amount_usd,
            idempotency_key,
        } => fx
            .backend
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
        } => fx
            .outbox
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
    let record = match outcome {
        Ok(result) => ExecutionRecord {
            approval_id: action.approval_id.clone(),
            status: "succeeded".into(),
            result,
        },
        Err(e) if e.is_transient() => {
            fx.store.release(&key, &token).await?;
            return Err(ExecuteError::Transient(e.to_string()));
        }
        Err(e) => ExecutionRecord {
            approval_id: action.approval_id.clone(),
            status: "failed".into(),
            result: json!({ "error": e.code(), "detail": e.to_string() }),
        },
    };
    let value = serde_json::to_value(&record).expect("an execution record serializes");
    fx.store
        .complete(&key, &token, &value, fx.result_ttl)
        .await?;
    Ok(Execution {
        record,
        replayed: false,
    })
}
