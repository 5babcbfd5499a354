//! The approvals service's core: the pending store and the one code path every
//! decision takes, whichever door it comes through (console, JSON API, CLI).
//!
//! An approval lives in PostgreSQL ([`store`]) under its approval id, so a
//! redelivered or re-published approval is the same record, and a restart of Redis or
//! of the service loses nothing. A decision is a guarded transition
//! (`pending → approved | rejected`) in one transaction, so two reviewers clicking at
//! once produce one decision. An approved action runs through the
//! [`crate::executor::Executor`], whose execution row in the same database is the guard
//! of money: a second approval, a sweep, a restart, a redelivery or Redis losing its
//! data gets the recorded result, never a second refund, and no order is refunded
//! above its total whichever tickets asked. A rejection or a failed execution ends in
//! an escalated outcome for its ticket. The consumer and sweeps live in [`service`],
//! webhook notifications in [`notify`]; the doors humans use (the console and the JSON
//! API) are [`crate::console`]'s, which calls in here.

pub mod notify;
pub mod policy;
pub mod risk;
pub mod service;
pub mod store;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use lapin::BasicProperties;
use serde::{Deserialize, Serialize};
use tracing::Instrument;

use crate::agent::Totals;
pub use crate::domain::approval::ApprovalStatus;
use crate::domain::approval::PendingAction;
use crate::domain::money::Usd;
use crate::domain::outcome::{EscalationCategory, Outcome};
use crate::executor::{Executed, ExecutionRecord, Executor, Job};
use crate::kv::StoreError;
use crate::queue::PublishError;
use crate::queue::messages::{ApprovalMessage, OutcomeMessage};
use store::Followup;
pub use store::{ApprovalStore, PendingFilter};

/// How long a decision waits for a concurrent execution of the same approval (another
/// reviewer's click, a sweep) to settle before it answers with the record as it is.
const SETTLE_WAIT: Duration = Duration::from_secs(15);

/// How long one caller holds the publication of a decision's follow-up: longer than a
/// confirmed publish takes (the broker's confirm timeout is 30 s), so that a slow
/// publish is not doubled, and short enough for the sweep to take over after a crash.
const FOLLOWUP_CLAIM: Duration = Duration::from_secs(60);

/// How a decision the database aborted in a deadlock is run again: soon, with jitter so
/// that the clicks that met do not meet again, for at most [`CONTENDED_FOR`].
const CONTENDED: crate::backoff::Backoff = crate::backoff::Backoff {
    base: Duration::from_millis(20),
    max: Duration::from_millis(500),
};
/// See [`CONTENDED`].
const CONTENDED_FOR: Duration = Duration::from_secs(5);

/// One approval as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApprovalRecord {
    /// The proposal, as the worker published it (the newest one, if superseded).
    pub message: ApprovalMessage,
    /// Where it is.
    pub status: ApprovalStatus,
    /// When the service first received it.
    pub received_at: DateTime<Utc>,
    /// How many proposals for it arrived (re-publications included).
    #[serde(default)]
    pub proposals: u32,
    /// Who decided.
    #[serde(default)]
    pub decided_by: Option<String>,
    /// When the decision was taken (or the approval expired).
    #[serde(default)]
    pub decided_at: Option<DateTime<Utc>>,
    /// The reviewer's note.
    #[serde(default)]
    pub note: Option<String>,
    /// The digest of the proposal's tool and arguments
    /// ([`crate::domain::approval::arguments_digest`]): what a decision is bound to.
    #[serde(default)]
    pub args_digest: String,
    /// What the executor runs once approved: the proposed arguments, or the
    /// reviewer's edit of them.
    #[serde(default)]
    pub approved_arguments: Option<serde_json::Value>,
    /// Their digest: the executor refuses any action that does not match it.
    #[serde(default)]
    pub approved_digest: Option<String>,
    /// What execution recorded.
    #[serde(default)]
    pub execution: Option<ExecutionRecord>,
    /// Whether the decision's audit record reached `approvals.decisions`.
    #[serde(default)]
    pub audit_published: bool,
    /// For a rejection or a failed execution: whether the ticket's escalated outcome
    /// reached the outcomes exchange.
    #[serde(default)]
    pub outcome_published: bool,
    /// How many distinct reviewers must approve the same arguments (2 when a
    /// `two_reviewers` policy matched).
    #[serde(default = "one")]
    pub required_approvals: u32,
    /// The policy that auto-approved it or asked for two reviewers.
    #[serde(default)]
    pub policy_rule: Option<String>,
    /// Whether the policies were applied to the proposal as it stands.
    #[serde(default)]
    pub policy_checked: bool,
    /// Who has approved so far, in order (a policy as `policy:<rule>`).
    #[serde(default)]
    pub approvers: Vec<String>,
    /// The execution's row once it reached the executor: `retrying` with the attempts
    /// and the last error while the backend fails, then how it settled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub execution_state: Option<crate::executor::ledger::ExecutionState>,
    /// The W3C trace context (`traceparent`, `tracestate`) of the span that received
    /// the proposal: the decision, hours later, continues the ticket's trace from it.
    /// Empty when no trace was exported.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub trace_context: BTreeMap<String, String>,
}

fn one() -> u32 {
    1
}

/// Who took a decision, for the metrics: a `policy:` rule, the `system` (expiry), or a
/// human reviewer (the console, the API, the CLI).
pub fn author_kind(author: &str) -> &'static str {
    if author.starts_with("policy:") {
        "policy"
    } else if author == "system" {
        "system"
    } else {
        "human"
    }
}

/// A reviewer's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Run it.
    Approve,
    /// Do not.
    Reject,
}

/// Why a decision was refused.
#[derive(Debug, thiserror::Error)]
pub enum DecideError {
    /// No such approval.
    #[error("approval {0} not found")]
    NotFound(String),
    /// Already decided the other way, or expired.
    #[error("approval {id} is already {status}")]
    Conflict {
        /// The approval's id.
        id: String,
        /// Its status.
        status: &'static str,
    },
    /// The store is unavailable.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Execution failed transiently; the approval stands and is retried by the sweep.
    #[error("approved, but executing failed for now (it will be retried): {0}")]
    ExecutionPending(String),
    /// Another process is executing the approved action now.
    #[error("approval {0} is being executed by another process")]
    InProgress(String),
    /// The decision is not one that may be taken (a rejection without a reason, an
    /// edit above what eligibility allows, …): nothing changed.
    #[error("{0}")]
    Invalid(String),
    /// A newer proposal replaced the one decided on: nothing changed; review it again.
    #[error(
        "approval {0} was re-proposed with other arguments while it was reviewed; review it again"
    )]
    Changed(String),
    /// The action to execute is not the one approved (its digest differs): refused.
    #[error("approval {0}: the action to execute is not the one approved; refused")]
    NotAsApproved(String),
}

/// What a reviewer decides, beyond the verdict.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DecisionInput {
    /// The reviewer's note; required to reject (it is the reason the ticket's outcome
    /// carries).
    pub note: Option<String>,
    /// An approval with an edit: a refund of this amount instead of the proposed one
    /// (above zero, at most the proposal, at most the eligibility's `max_amount_usd`).
    pub amount: Option<Usd>,
}

pub use crate::queue::messages::DecisionAudit;

/// The action an approval of `record` runs: its proposal, or for an edit the same
/// refund at the reviewer's amount, re-validated here against the proposal and the
/// eligibility it rests on.
fn approved_request(
    record: &ApprovalRecord,
    amount: Option<Usd>,
) -> Result<crate::domain::approval::ActionRequest, DecideError> {
    let action = record
        .message
        .action()
        .map_err(|e| DecideError::Store(StoreError::Corrupt(e.to_string())))?;
    let Some(amount) = amount else {
        return Ok(action.request);
    };
    let Some((_, proposed)) = action.refund_order() else {
        return Err(DecideError::Invalid(
            "only a refund's amount can be edited".into(),
        ));
    };
    if amount <= Usd::ZERO {
        return Err(DecideError::Invalid(
            "an edited amount must be above zero".into(),
        ));
    }
    if amount > proposed {
        return Err(DecideError::Invalid(format!(
            "an edit may only lower the amount: {amount} is above the proposed {proposed}"
        )));
    }
    let Some(eligibility) = &action.eligibility else {
        return Err(DecideError::Invalid(
            "this refund carries no eligibility result to check an edit against".into(),
        ));
    };
    if amount > eligibility.max_amount_usd {
        return Err(DecideError::Invalid(format!(
            "{amount} is above the {} eligibility allows ({})",
            eligibility.max_amount_usd, eligibility.policy_ref
        )));
    }
    Ok(action
        .request
        .with_amount(amount)
        .expect("a refund takes an amount"))
}

/// The action an approved record executes: exactly its approved arguments, and only
/// if they still match the digest the approval recorded.
fn approved_action(record: &ApprovalRecord) -> Result<PendingAction, DecideError> {
    let id = &record.message.approval_id;
    let (Some(arguments), Some(bound)) = (&record.approved_arguments, &record.approved_digest)
    else {
        return Err(DecideError::NotAsApproved(id.clone()));
    };
    let message = ApprovalMessage {
        arguments: arguments.clone(),
        ..record.message.clone()
    };
    let action = message
        .action()
        .map_err(|e| DecideError::Store(StoreError::Corrupt(e.to_string())))?;
    if action.request.digest() != *bound {
        tracing::error!(approval_id = %id, "the approved arguments do not match the approval's digest; refusing to execute");
        return Err(DecideError::NotAsApproved(id.clone()));
    }
    Ok(action)
}

/// Where the approvals core publishes audit records and the escalations of expired
/// approvals: persistent, `mandatory`, confirmed by the broker. The core is given one
/// and never sees a channel; the service's is the confirm channel of its current
/// broker connection ([`crate::queue::PublishChannel`]), the CLI's a connection of its
/// own, or an empty `PublishChannel` when the broker does not answer: the sweep then
/// publishes what is left.
#[async_trait]
pub trait Publisher: Send + Sync {
    /// Publishes `body` to `exchange` under `routing_key` and waits for the confirm.
    ///
    /// # Errors
    /// Not connected, unroutable, nacked, or a channel failure.
    async fn publish(
        &self,
        exchange: &str,
        routing_key: &str,
        body: &[u8],
        properties: BasicProperties,
    ) -> Result<(), PublishError>;

    /// Whether a publish could go out now (the service's `/readyz`).
    fn is_connected(&self) -> bool;
}

#[async_trait]
impl Publisher for crate::queue::PublishChannel {
    async fn publish(
        &self,
        exchange: &str,
        routing_key: &str,
        body: &[u8],
        properties: BasicProperties,
    ) -> Result<(), PublishError> {
        let channel = self.current().ok_or(PublishError::NotConnected)?;
        crate::queue::publish_confirmed(&channel, exchange, routing_key, body, properties).await
    }

    fn is_connected(&self) -> bool {
        self.current().is_some_and(|c| c.status().connected())
    }
}

/// Everything a decision needs: the store, the executor's effects, and where audit
/// records and escalations are published.
#[derive(Clone)]
pub struct Approvals {
    /// The pending store.
    pub store: ApprovalStore,
    /// Runs approved actions, guarded by the executions' rows in the database.
    pub executor: Executor,
    /// Where audit records and escalations go.
    pub publisher: Arc<dyn Publisher>,
    /// The `approvals.decisions` exchange.
    pub decisions_exchange: String,
    /// The outcomes exchange, where a rejected or failed action's ticket is escalated.
    pub outcomes_exchange: String,
    /// The approval policies, applied when a proposal arrives.
    pub policies: Arc<policy::Policies>,
    /// Tells the webhooks about approvals that need a human or expired.
    pub notifier: notify::Notifier,
    /// The tickets' threads, where each state an approval reaches is written for the
    /// agent to answer the customer's next message with (none: not written).
    pub threads: Option<crate::threads::ThreadStore>,
}

/// The answer to a decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecisionOutcome {
    /// The record after the decision.
    pub record: ApprovalRecord,
    /// False when the decision had already been taken (a double click, a second
    /// reviewer): the recorded result is returned and nothing ran again.
    pub decided_now: bool,
}

impl Approvals {
    /// Approves or rejects `id` as `reviewer`. The one code path of every door.
    ///
    /// # Errors
    /// [`DecideError`].
    pub async fn decide(
        &self,
        id: &str,
        verdict: Verdict,
        reviewer: &str,
        note: Option<&str>,
    ) -> Result<DecisionOutcome, DecideError> {
        let input = DecisionInput {
            note: note.map(str::to_string),
            amount: None,
        };
        self.decide_with(id, verdict, reviewer, &input).await
    }

    /// [`Self::decide`] with an edit ([`DecisionInput::amount`]).
    ///
    /// # Errors
    /// [`DecideError`].
    pub async fn decide_with(
        &self,
        id: &str,
        verdict: Verdict,
        reviewer: &str,
        input: &DecisionInput,
    ) -> Result<DecisionOutcome, DecideError> {
        // The reviewer's name and note stay out of the span: ids and outcomes only.
        let span = tracing::info_span!(
            "approval_decision",
            otel.name = "approval decision",
            otel.kind = "internal",
            otel.status_code = tracing::field::Empty,
            ticket_agent.approval.id = id,
            ticket_agent.approval.verdict = match verdict {
                Verdict::Approve => "approve",
                Verdict::Reject => "reject",
            },
            ticket_agent.approval.edited = input.amount.is_some(),
            ticket_agent.approval.decided_now = tracing::field::Empty,
            ticket_agent.approval.status = tracing::field::Empty,
            ticket_id = tracing::field::Empty,
            ticket_agent.approval.tool = tracing::field::Empty,
        );
        // A child of the span that received the proposal, in the ticket's trace
        // (docs/operations.md, "Tracing", on why a child and not a link).
        if let Some(record) = self.store.get(id).await? {
            crate::telemetry::continue_from_map(&span, &record.trace_context);
            span.record("ticket_id", record.message.ticket_id.as_str());
            span.record("ticket_agent.approval.tool", record.message.tool.as_str());
        }
        // Concurrent clicks on one approval can deadlock in the database, which then
        // aborts one transaction whole; a decision is safe to run again (the second
        // run finds the recorded one), so the aborted one is.
        let result = CONTENDED
            .retry(
                tokio::time::Instant::now() + CONTENDED_FOR,
                || {
                    self.decide_in_span(id, verdict, reviewer, input)
                        .instrument(span.clone())
                },
                |e| matches!(e, DecideError::Store(StoreError::Contended(_))),
                |e: &DecideError, wait| {
                    tracing::info!(approval_id = id, error = %crate::telemetry::chain(e), wait_ms = wait.as_millis() as u64, "a decision met a concurrent one in the database; deciding again");
                },
            )
            .await;
        match &result {
            Ok(o) => {
                span.record("ticket_agent.approval.decided_now", o.decided_now);
                span.record("ticket_agent.approval.status", o.record.status.as_str());
            }
            Err(_) => {
                span.record("otel.status_code", "error");
            }
        }
        result
    }

    async fn decide_in_span(
        &self,
        id: &str,
        verdict: Verdict,
        reviewer: &str,
        input: &DecisionInput,
    ) -> Result<DecisionOutcome, DecideError> {
        let note = input
            .note
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty());
        // A note is stored and published: refuse what no store can hold, and say why,
        // rather than answer "store unavailable" to a request that can never succeed.
        if let Some(c) = note.and_then(crate::domain::text::first_unstorable) {
            return Err(DecideError::Invalid(format!(
                "the note holds a control character (U+{:04X}); write it without",
                u32::from(c)
            )));
        }
        let current = self
            .store
            .get(id)
            .await?
            .ok_or_else(|| DecideError::NotFound(id.into()))?;
        let to = match verdict {
            Verdict::Approve => ApprovalStatus::Approved,
            Verdict::Reject => ApprovalStatus::Rejected,
        };
        let found = match verdict {
            Verdict::Reject => {
                if input.amount.is_some() {
                    return Err(DecideError::Invalid(
                        "an amount goes with an approval, not a rejection".into(),
                    ));
                }
                if note.is_none() && current.status == ApprovalStatus::Pending {
                    return Err(DecideError::Invalid(
                        "a rejection needs a reason: it is what the ticket's outcome says".into(),
                    ));
                }
                self.store.transition(id, to, reviewer, note, None).await?
            }
            Verdict::Approve => {
                let request = approved_request(&current, input.amount)?;
                let arguments = request.arguments();
                let digest = request.digest();
                let approved = store::Approved {
                    seen_digest: &current.args_digest,
                    arguments: &arguments,
                    digest: &digest,
                    edited_cents: input.amount.map(Usd::cents),
                };
                self.store
                    .transition(id, to, reviewer, note, Some(approved))
                    .await?
            }
        };
        let decided_now = found.is_none();
        match (verdict, found.as_deref()) {
            (_, Some("missing")) => return Err(DecideError::NotFound(id.into())),
            (_, Some("changed")) => return Err(DecideError::Changed(id.into())),
            (Verdict::Approve, Some("awaiting")) => {
                // Recorded; another reviewer's approval of the same arguments is needed.
                tracing::info!(
                    approval_id = id,
                    "approval recorded; waiting for another reviewer"
                );
                let record = self
                    .store
                    .get(id)
                    .await?
                    .ok_or_else(|| DecideError::NotFound(id.into()))?;
                return Ok(DecisionOutcome {
                    record,
                    decided_now: false,
                });
            }
            (_, None) => {
                tracing::info!(approval_id = id, verdict = ?verdict, "decision");
                let m = crate::metrics::global();
                m.approvals_decided.with_label_values(&[to.as_str()]).inc();
                m.approvals_decisions_by_author
                    .with_label_values(&[author_kind(reviewer)])
                    .inc();
            }
            (Verdict::Approve, Some("approved" | "executed" | "failed"))
            | (Verdict::Reject, Some("rejected")) => {}
            (_, Some(other)) => {
                let status = match other {
                    "rejected" => "rejected",
                    "expired" => "expired",
                    "approved" => "approved",
                    "executed" => "executed",
                    "failed" => "failed",
                    _ => "decided",
                };
                return Err(DecideError::Conflict {
                    id: id.into(),
                    status,
                });
            }
        }
        if verdict == Verdict::Approve {
            match self.execute(id).await {
                Ok(()) => {}
                Err(DecideError::InProgress(_)) => self.wait_settled(id).await?,
                // The decision stands and the record says the execution is retrying;
                // the sweep tries again after a backoff.
                Err(DecideError::ExecutionPending(_)) => {}
                Err(e) => return Err(e),
            }
        }
        let record = self
            .store
            .get(id)
            .await?
            .ok_or_else(|| DecideError::NotFound(id.into()))?;
        if decided_now || record.status == ApprovalStatus::Failed {
            self.publish_followups(&record).await;
        }
        Ok(DecisionOutcome {
            record: self.store.get(id).await?.unwrap_or(record),
            decided_now,
        })
    }

    /// Executes an approved action through the executor and records the result on
    /// the approval. Once settled, an execution is answered from its row in the
    /// database and never run again: a second approval, a sweep, a restart or Redis
    /// losing its data cannot reach the backend twice.
    ///
    /// # Errors
    /// [`DecideError::InProgress`] when another process is executing it now;
    /// [`DecideError::ExecutionPending`] when the backend failed transiently (the sweep
    /// retries it after a backoff, until `approvals.execution_deadline_secs`);
    /// [`DecideError::Conflict`] for an approval that is not approved.
    pub async fn execute(&self, id: &str) -> Result<(), DecideError> {
        let record = self
            .store
            .get(id)
            .await?
            .ok_or_else(|| DecideError::NotFound(id.into()))?;
        match record.status {
            ApprovalStatus::Executed | ApprovalStatus::Failed => return Ok(()),
            ApprovalStatus::Approved => {}
            other => {
                return Err(DecideError::Conflict {
                    id: id.into(),
                    status: other.as_str(),
                });
            }
        }
        let action = approved_action(&record)?;
        // Inside a decision, its child; from the sweep (a retry, maybe days later),
        // a child of the span that received the proposal.
        let span = tracing::info_span!(
            "execute",
            otel.name = %format!("execute {}", record.message.tool),
            otel.kind = "internal",
            otel.status_code = tracing::field::Empty,
            ticket_id = %record.message.ticket_id,
            ticket_agent.approval.id = id,
            ticket_agent.approval.tool = %record.message.tool,
            ticket_agent.execution.status = tracing::field::Empty,
            ticket_agent.execution.replayed = tracing::field::Empty,
        );
        if tracing::Span::current().is_none() {
            crate::telemetry::continue_from_map(&span, &record.trace_context);
        }
        let result = self
            .execute_in_span(&record, &action, &span)
            .instrument(span.clone())
            .await;
        if result.is_err() {
            span.record("otel.status_code", "error");
            span.record("ticket_agent.execution.status", "pending");
        }
        result
    }

    async fn execute_in_span(
        &self,
        record: &ApprovalRecord,
        action: &PendingAction,
        span: &tracing::Span,
    ) -> Result<(), DecideError> {
        let id = record.message.approval_id.as_str();
        let job = Job {
            action,
            approved_at: record.decided_at.unwrap_or(record.received_at),
            proposed_at: record.message.created_at,
        };
        let executed = |status: &str| {
            crate::metrics::global()
                .approvals_executed
                .with_label_values(&[record.message.tool.as_str(), status])
                .inc();
        };
        match self.executor.run(&job).await? {
            Executed::Now(execution) => {
                let status = match execution.record.status.as_str() {
                    "succeeded" => "executed",
                    other => other,
                };
                span.record("ticket_agent.execution.status", status);
                span.record("ticket_agent.execution.replayed", execution.replayed);
                // Counted once per approval: only the call that settled it counts.
                executed(status);
                Ok(())
            }
            Executed::Recorded(recorded) => {
                span.record("ticket_agent.execution.status", recorded.status.as_str());
                span.record("ticket_agent.execution.replayed", true);
                Ok(())
            }
            Executed::InProgress => Err(DecideError::InProgress(id.into())),
            Executed::Retrying {
                error,
                attempt,
                next_at,
            } => {
                executed("pending");
                tracing::warn!(approval_id = id, attempt, next_at = ?next_at, error = %crate::telemetry::redact(&error), "approved action not executed yet; it is retried after a backoff");
                Err(DecideError::ExecutionPending(error))
            }
            Executed::NotDue(at) => Err(DecideError::ExecutionPending(format!(
                "waiting to retry until {at}"
            ))),
        }
    }

    /// Waits, a bounded time, for another process's execution of `id` to settle: a
    /// reviewer whose click decided gets the result, not an error, when a concurrent
    /// click happened to run it.
    async fn wait_settled(&self, id: &str) -> Result<(), DecideError> {
        let until = tokio::time::Instant::now() + self.executor.lease.min(SETTLE_WAIT);
        while tokio::time::Instant::now() < until {
            if self
                .store
                .get(id)
                .await?
                .is_some_and(|r| r.status != ApprovalStatus::Approved)
            {
                return Ok(());
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        Ok(())
    }

    /// Publishes a record's decision to `approvals.decisions` and marks it published;
    /// a failure leaves it for the sweep.
    pub async fn publish_audit(&self, record: &ApprovalRecord) {
        let id = record.message.approval_id.as_str();
        if !self.publisher.is_connected() || !self.claim_followup(id, Followup::Audit).await {
            return;
        }
        let audit = DecisionAudit {
            approval_id: record.message.approval_id.clone(),
            ticket_id: record.message.ticket_id.clone(),
            tool: record.message.tool.clone(),
            decision: match record.status {
                ApprovalStatus::Rejected => "rejected",
                ApprovalStatus::Expired => "expired",
                _ => "approved",
            }
            .to_string(),
            reviewer: record.decided_by.clone().unwrap_or_default(),
            note: record.note.clone(),
            decided_at: record.decided_at.unwrap_or_else(Utc::now),
            execution: record.execution.clone(),
        };
        let props = BasicProperties::default()
            .with_message_id(
                format!("{}:{}", audit.approval_id, audit.decision)
                    .as_str()
                    .into(),
            )
            .with_correlation_id(audit.ticket_id.as_str().into());
        let body = serde_json::to_vec(&audit).expect("audits serialize");
        let key = format!("decision.{}", audit.decision);
        match self
            .publisher
            .publish(&self.decisions_exchange, &key, &body, props)
            .await
        {
            Ok(()) => {
                if let Err(e) = self.store.mark_audit_published(&audit.approval_id).await {
                    tracing::warn!(error = %crate::telemetry::chain(&e), "audit published but not marked; it may be published again");
                }
            }
            Err(e) => {
                tracing::warn!(error = %crate::telemetry::chain(&e), approval_id = %audit.approval_id, "audit record not published yet; the sweep retries");
                self.release_followup(id, Followup::Audit).await;
            }
        }
    }

    /// Tries the auto-approval rules on a pending proposal not yet evaluated: approves
    /// it (and executes it) as `policy:<rule>` when one matches within its caps, else
    /// marks it evaluated (it waits for its reviewers). Idempotent: a proposal evaluated, decided or re-proposed meanwhile is left as
    /// it is (a re-proposal is evaluated on its own arrival).
    ///
    /// # Errors
    /// The database unavailable (the sweep applies them later); a failed execution
    /// after an auto-approval is not an error (the sweep retries it).
    pub async fn apply_policies(&self, id: &str) -> Result<(), DecideError> {
        let Some(record) = self.store.get(id).await? else {
            return Err(DecideError::NotFound(id.into()));
        };
        if record.status != ApprovalStatus::Pending || record.policy_checked {
            return Ok(());
        }
        let request = record
            .message
            .action()
            .map_err(|e| DecideError::Store(StoreError::Corrupt(e.to_string())))?
            .request;
        let (arguments, digest) = (request.arguments(), request.digest());
        let approved = store::Approved {
            seen_digest: &record.args_digest,
            arguments: &arguments,
            digest: &digest,
            edited_cents: None,
        };
        for (rule, caps) in self.policies.auto_approvals(&record.message) {
            match self.store.policy_approve(id, rule, approved, caps).await? {
                store::PolicyApproval::Approved => {
                    tracing::info!(approval_id = id, rule, "auto-approved by policy");
                    let m = crate::metrics::global();
                    m.approvals_decided.with_label_values(&["approved"]).inc();
                    m.approvals_decisions_by_author
                        .with_label_values(&["policy"])
                        .inc();
                    if let Err(e) = self.execute(id).await {
                        tracing::warn!(approval_id = id, error = %crate::telemetry::redact(&e.to_string()), "auto-approved, not executed yet; the sweep retries");
                    }
                    if let Some(record) = self.store.get(id).await? {
                        self.publish_followups(&record).await;
                    }
                    return Ok(());
                }
                store::PolicyApproval::CapReached(why) => {
                    tracing::info!(approval_id = id, rule, cap = %why, "auto-approval cap reached; the next rule decides");
                }
                store::PolicyApproval::NotPending => return Ok(()),
            }
        }
        self.store
            .mark_policy_checked(id, &record.args_digest)
            .await?;
        Ok(())
    }

    /// Stores a proposal as it arrives, routed by the policies (how many reviewers it
    /// needs), then tries the auto-approval rules on it. Returns what storing did
    /// (`inserted`, `superseded`, `duplicate`).
    ///
    /// # Errors
    /// The database unavailable while storing (the message is not acked); a policy
    /// step that fails afterwards is logged and applied again by the sweep.
    pub async fn receive(
        &self,
        message: &ApprovalMessage,
        trace_context: BTreeMap<String, String>,
    ) -> Result<&'static str, StoreError> {
        let (required, rule) = self.policies.routing(message);
        let kind = self
            .store
            .upsert_routed(message, trace_context, required, rule.as_deref())
            .await?;
        if let Err(e) = self.apply_policies(&message.approval_id).await {
            tracing::warn!(approval_id = %message.approval_id, error = %crate::telemetry::redact(&e.to_string()), "policies not applied yet; the sweep retries");
        }
        // A new or changed proposal that no policy approved waits for a human: say so.
        // A redelivered duplicate was announced when it first arrived.
        if kind != "duplicate"
            && self.notifier.is_enabled()
            && let Ok(Some(record)) = self.store.get(&message.approval_id).await
            && record.status == ApprovalStatus::Pending
        {
            self.notifier
                .notify(notify::NoticeKind::NeedsReview, &record);
        }
        Ok(kind)
    }

    /// What follows a decision, published once each (the sweep retries what did not
    /// go out): its audit record, and for a rejection or a failed execution the
    /// ticket's escalated outcome carrying the reason, so that a human or the customer
    /// message can follow.
    pub async fn publish_followups(&self, record: &ApprovalRecord) {
        self.record_on_thread(record).await;
        if !record.audit_published {
            self.publish_audit(record).await;
        }
        if matches!(
            record.status,
            ApprovalStatus::Rejected | ApprovalStatus::Failed
        ) && !record.outcome_published
        {
            self.publish_outcome(record).await;
        }
    }

    /// Writes where `record` stands on its ticket's thread. Best effort: the thread is
    /// the agent's context, not a guard (the order's ledger refuses a second refund),
    /// and a state written twice is written once.
    pub async fn record_on_thread(&self, record: &ApprovalRecord) {
        let Some(threads) = &self.threads else {
            return;
        };
        let m = &record.message;
        let status = record.status;
        // A decided state dates from its decision (an execution right after it, or the
        // sweep soon after: at one instant the thread reads it as the later state).
        let at = match status {
            ApprovalStatus::Pending => record.received_at,
            _ => record.decided_at.unwrap_or(record.received_at),
        };
        // What was approved, when a reviewer edited the amount.
        let amount = record
            .approved_arguments
            .as_ref()
            .and_then(|a| serde_json::from_value(a["amount_usd"].clone()).ok());
        let confirmation = record
            .execution
            .as_ref()
            .and_then(|x| x.result["confirmation_id"].as_str().map(str::to_string));
        let reason = (status == ApprovalStatus::Rejected)
            .then(|| record.note.clone())
            .flatten();
        let action = m.action().ok();
        let event = crate::threads::approval_event(
            &m.tool,
            action.as_ref(),
            status,
            at,
            amount,
            confirmation,
            reason,
        );
        if let Err(e) = threads
            .record_approval(m.ticket_id.as_str(), &m.approval_id, &event)
            .await
        {
            tracing::warn!(approval_id = %m.approval_id, error = %crate::telemetry::chain(&e), "the approval's state is not on its ticket's thread");
        }
    }

    /// Whether this caller is the one to publish `followup` of `id` now.
    async fn claim_followup(&self, id: &str, followup: Followup) -> bool {
        match self
            .store
            .claim_followup(id, followup, FOLLOWUP_CLAIM)
            .await
        {
            Ok(claimed) => claimed,
            Err(e) => {
                tracing::warn!(approval_id = id, error = %crate::telemetry::chain(&e), "could not claim a publication; the sweep retries");
                false
            }
        }
    }

    async fn release_followup(&self, id: &str, followup: Followup) {
        if let Err(e) = self.store.release_followup(id, followup).await {
            tracing::warn!(approval_id = id, error = %crate::telemetry::chain(&e), "could not give a publication claim back; it runs out by itself");
        }
    }

    async fn publish_outcome(&self, record: &ApprovalRecord) {
        let m = &record.message;
        if !self.publisher.is_connected()
            || !self.claim_followup(&m.approval_id, Followup::Outcome).await
        {
            return;
        }
        let (category, reason) = match record.status {
            ApprovalStatus::Rejected => (
                EscalationCategory::ApprovalRejected,
                format!(
                    "the proposed {} ({}) was rejected by {}: {}",
                    m.tool,
                    m.approval_id,
                    record.decided_by.as_deref().unwrap_or("a reviewer"),
                    record.note.as_deref().unwrap_or("no reason given")
                ),
            ),
            _ => {
                let why = record
                    .execution
                    .as_ref()
                    .and_then(|x| x.result["detail"].as_str().or(x.result["error"].as_str()))
                    .unwrap_or("the backend refused it");
                (
                    EscalationCategory::ExecutionFailed,
                    format!("the approved {} ({}) failed: {why}", m.tool, m.approval_id),
                )
            }
        };
        let outcome = OutcomeMessage {
            ticket_id: m.ticket_id.clone(),
            // The approval is the ticket's, not one message's.
            message_id: None,
            customer_id: m.customer_id.clone(),
            verdict: Outcome::escalated(category, reason).verdict(),
            approval_ids: vec![m.approval_id.clone()],
            attempt: 0,
            worker_id: "approvals".into(),
            model: String::new(),
            totals: Totals::default(),
            finished_at: record.decided_at.unwrap_or_else(Utc::now),
        };
        let props = BasicProperties::default()
            // Not the ticket id alone: the ticket's first outcome already has that id.
            .with_message_id(
                format!(
                    "{}:{}:{}",
                    m.ticket_id,
                    record.status.as_str(),
                    m.approval_id
                )
                .as_str()
                .into(),
            )
            .with_correlation_id(m.ticket_id.as_str().into());
        let body = serde_json::to_vec(&outcome).expect("outcomes serialize");
        match self
            .publisher
            .publish(
                &self.outcomes_exchange,
                &outcome.routing_key(),
                &body,
                props,
            )
            .await
        {
            Ok(()) => {
                if let Err(e) = self.store.mark_outcome_published(&m.approval_id).await {
                    tracing::warn!(error = %crate::telemetry::chain(&e), "outcome published but not marked; it may be published again");
                }
            }
            Err(e) => {
                tracing::warn!(error = %crate::telemetry::chain(&e), approval_id = %m.approval_id, "the ticket's outcome not published yet; the sweep retries");
                self.release_followup(&m.approval_id, Followup::Outcome)
                    .await;
            }
        }
    }
}
