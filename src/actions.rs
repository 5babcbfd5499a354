//! Gated actions: what the agent proposes and a human approves.
//!
//! The agent never executes `issue_refund` or `send_email`. A gated call becomes a
//! [`PendingAction`] with an approval id and an idempotency key, both derived from
//! (ticket, tool, subject) so that a rerun of the same ticket — a redelivery, a retry,
//! a replay — proposes the *same* action under the *same* key. Executing an approved
//! action is [`execute_approved`], which goes through the idempotency store; the
//! approvals service and the tests call it, the agent never does.

use std::fmt;
use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::commerce::{BackendError, CommerceBackend, RefundRequest};
use crate::idempotency::{Claim, IdempotencyStore, StoreError};
use crate::money::Usd;

/// An approval's id: `apr_` and 24 hex digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ApprovalId(String);

impl ApprovalId {
    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Parses an id of the form this crate writes.
    ///
    /// # Errors
    /// Anything not `apr_` followed by 24 lower-case hex digits.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let ok = raw
            .strip_prefix("apr_")
            .is_some_and(|h| h.len() == 24 && h.bytes().all(|b| b.is_ascii_hexdigit()));
        if ok {
            Ok(Self(raw.to_string()))
        } else {
            Err(format!(
                "{raw:?} is not an approval id (apr_ + 24 hex digits)"
            ))
        }
    }
}

impl fmt::Display for ApprovalId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn digest(parts: &[&str]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
        // A separator that cannot occur in the parts keeps ("ab","c") and ("a","bc") apart.
        h.update([0u8]);
    }
    h.finalize()
        .iter()
        .take(12)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The deterministic approval id and idempotency key for (ticket, tool, subject),
/// where the subject is the order for a refund and the recipient for an email.
pub fn derive_ids(ticket_id: &str, tool: &str, subject: &str) -> (ApprovalId, String) {
    let d = digest(&[ticket_id, tool, subject]);
    (ApprovalId(format!("apr_{d}")), format!("idem_{d}"))
}

/// A gated action's arguments, by tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "tool", content = "arguments", rename_all = "snake_case")]
pub enum ActionRequest {
    /// A refund.
    IssueRefund {
        /// The order.
        order_id: String,
        /// How much.
        amount_usd: Usd,
        /// The key the backend dedupes on.
        idempotency_key: String,
    },
    /// An email to the customer's address on record.
    SendEmail {
        /// The recipient (always the customer's address on record).
        to: String,
        /// Subject line.
        subject: String,
        /// Text.
        body: String,
        /// The ticket it answers.
        ticket_id: String,
        /// The key the outbox dedupes on.
        idempotency_key: String,
    },
}

impl ActionRequest {
    /// The tool's name.
    pub fn tool(&self) -> &'static str {
        match self {
            ActionRequest::IssueRefund { .. } => crate::tools::contracts::ISSUE_REFUND,
            ActionRequest::SendEmail { .. } => crate::tools::contracts::SEND_EMAIL,
        }
    }

    /// The idempotency key.
    pub fn idempotency_key(&self) -> &str {
        match self {
            ActionRequest::IssueRefund {
                idempotency_key, ..
            }
            | ActionRequest::SendEmail {
                idempotency_key, ..
            } => idempotency_key,
        }
    }
}

/// What a refund rests on: the eligibility answer the agent got in this run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EligibilityBasis {
    /// The rule applied.
    pub policy_ref: String,
    /// The most that may be refunded.
    pub max_amount_usd: Usd,
}

/// A gated action waiting for a human.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingAction {
    /// Deterministic for (ticket, tool, subject).
    pub approval_id: ApprovalId,
    /// The ticket that proposed it.
    pub ticket_id: String,
    /// The ticket's customer.
    pub customer_id: String,
    /// What to do.
    #[serde(flatten)]
    pub request: ActionRequest,
    /// For refunds: the eligibility answer it rests on (set by verification).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eligibility: Option<EligibilityBasis>,
}

impl PendingAction {
    /// The order a refund is for.
    pub fn refund_order(&self) -> Option<(&str, Usd)> {
        match &self.request {
            ActionRequest::IssueRefund {
                order_id,
                amount_usd,
                ..
            } => Some((order_id, *amount_usd)),
            ActionRequest::SendEmail { .. } => None,
        }
    }
}

/// An email handed to the outbox.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutboundEmail {
    /// Recipient.
    pub to: String,
    /// Subject line.
    pub subject: String,
    /// Text.
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
    /// The shop.
    pub backend: &'a dyn CommerceBackend,
    /// The outbox.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_deterministic_per_ticket_tool_and_subject() {
        let (a, k) = derive_ids("T1", "issue_refund", "O1");
        assert_eq!(
            derive_ids("T1", "issue_refund", "O1"),
            (a.clone(), k.clone())
        );
        assert_ne!(derive_ids("T1", "issue_refund", "O2").0, a);
        assert_ne!(derive_ids("T2", "issue_refund", "O1").0, a);
        assert!(ApprovalId::parse(a.as_str()).is_ok());
        assert!(k.starts_with("idem_"));
        assert!(ApprovalId::parse("apr_xyz").is_err());
    }
}
