//! Gated actions: what the agent proposes and a human approves.
//!
//! The agent never executes `issue_refund` or `send_email`. A gated call becomes a
//! [`PendingAction`] with an approval id and an idempotency key, both derived from
//! (ticket, tool, subject) so that a rerun of the same ticket — a redelivery, a retry,
//! a replay — proposes the *same* action under the *same* key. Executing an approved
//! action is the executor's (`crate::executor`), never the agent's.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::digest;
use super::money::Usd;

/// The gated tool that refunds.
pub const ISSUE_REFUND: &str = "issue_refund";
/// The gated tool that emails the customer.
pub const SEND_EMAIL: &str = "send_email";

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
    pub fn parse(raw: &str) -> Result<Self, BadApprovalId> {
        let ok = raw
            .strip_prefix("apr_")
            .is_some_and(|h| h.len() == 24 && h.bytes().all(|b| b.is_ascii_hexdigit()));
        if ok {
            Ok(Self(raw.to_string()))
        } else {
            Err(BadApprovalId(raw.to_string()))
        }
    }
}

/// Text that is not an approval id; holds the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an approval id (apr_ + 24 hex digits)")]
pub struct BadApprovalId(String);

impl fmt::Display for ApprovalId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
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
    /// A refund of part or all of an order's refundable remainder.
    IssueRefund {
        /// The order to refund.
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
        /// Plain-text body, as the model wrote it and the reviewer saw it.
        body: String,
        /// The ticket it answers.
        ticket_id: String,
        /// The key the outbox dedupes on.
        idempotency_key: String,
    },
}

/// sha256 over a tool and its arguments in a canonical form (object keys sorted at
/// every depth): what an approval is bound to, and what the executor checks before it
/// runs anything.
pub fn arguments_digest(tool: &str, arguments: &serde_json::Value) -> String {
    use serde_json::Value;
    use sha2::{Digest, Sha256};
    fn canonical(v: &Value) -> Value {
        match v {
            Value::Object(map) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                Value::Object(
                    keys.into_iter()
                        .map(|k| (k.clone(), canonical(&map[k])))
                        .collect(),
                )
            }
            Value::Array(items) => Value::Array(items.iter().map(canonical).collect()),
            other => other.clone(),
        }
    }
    let mut h = Sha256::new();
    h.update(tool.as_bytes());
    h.update([0u8]);
    h.update(canonical(arguments).to_string().as_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

impl ActionRequest {
    /// The arguments as a JSON object, as the approval message carries them.
    pub fn arguments(&self) -> serde_json::Value {
        let mut v = serde_json::to_value(self).expect("actions serialize");
        v["arguments"].take()
    }

    /// The digest of exactly this action ([`arguments_digest`]).
    pub fn digest(&self) -> String {
        arguments_digest(self.tool(), &self.arguments())
    }

    /// The same refund for `amount` instead (a reviewer's edit); `None` for an email.
    pub fn with_amount(&self, amount: Usd) -> Option<ActionRequest> {
        match self {
            ActionRequest::IssueRefund {
                order_id,
                idempotency_key,
                ..
            } => Some(ActionRequest::IssueRefund {
                order_id: order_id.clone(),
                amount_usd: amount,
                idempotency_key: idempotency_key.clone(),
            }),
            ActionRequest::SendEmail { .. } => None,
        }
    }

    /// The tool's name.
    pub fn tool(&self) -> &'static str {
        match self {
            ActionRequest::IssueRefund { .. } => ISSUE_REFUND,
            ActionRequest::SendEmail { .. } => SEND_EMAIL,
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

    #[test]
    fn the_digest_binds_the_exact_arguments_whatever_their_key_order() {
        let a = serde_json::json!({ "order_id": "O1", "amount_usd": 10.0, "idempotency_key": "k" });
        let b = serde_json::json!({ "idempotency_key": "k", "amount_usd": 10.0, "order_id": "O1" });
        let c = serde_json::json!({ "order_id": "O1", "amount_usd": 9.99, "idempotency_key": "k" });
        assert_eq!(
            arguments_digest(ISSUE_REFUND, &a),
            arguments_digest(ISSUE_REFUND, &b)
        );
        assert_ne!(
            arguments_digest(ISSUE_REFUND, &a),
            arguments_digest(ISSUE_REFUND, &c)
        );
        assert_ne!(
            arguments_digest(ISSUE_REFUND, &a),
            arguments_digest(SEND_EMAIL, &a)
        );
        let request = ActionRequest::IssueRefund {
            order_id: "O1".into(),
            amount_usd: Usd::from_cents(1000),
            idempotency_key: "k".into(),
        };
        assert_eq!(request.digest(), arguments_digest(ISSUE_REFUND, &a));
        let edited = request.with_amount(Usd::from_cents(999)).unwrap();
        assert_eq!(edited.digest(), arguments_digest(ISSUE_REFUND, &c));
    }
}
