//! The approvals service's core: the pending store and the one code path every
//! decision takes, whichever door it comes through (console, JSON API, CLI).
//!
//! A pending action lives in Redis under its approval id, so a redelivered or
//! re-published approval is the same record. A decision is a guarded transition
//! (`pending → approved | rejected`), atomic in Redis, so two reviewers clicking at
//! once produce one decision. An approved action then runs through
//! [`crate::executor::execute_approved`], which is what makes a second approval, a
//! restart or a redelivery yield the recorded result instead of a second refund.
//! The consumer and sweeps live in [`service`], the HTTP doors in [`web`].

pub mod service;
pub mod web;

use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use lapin::BasicProperties;
use serde::{Deserialize, Serialize};
use tracing::Instrument;

use crate::commerce::CommerceBackend;
use crate::domain::approval::PendingAction;
use crate::executor::{Effects, ExecuteError, ExecutionRecord, Outbox, execute_approved};
use crate::idempotency::IdempotencyStore;
use crate::kv::{self, StoreError};
use crate::queue::PublishError;
use crate::queue::messages::ApprovalMessage;

/// Where an approval is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApprovalStatus {
    /// Waiting for a reviewer.
    Pending,
    /// Approved; executing or about to.
    Approved,
    /// Approved and executed (the backend answered).
    Executed,
    /// Approved, and the backend refused it for good (recorded, not retried).
    Failed,
    /// Rejected by a reviewer.
    Rejected,
    /// Waited longer than `approvals.pending_ttl_secs`; its ticket was escalated.
    Expired,
}

impl ApprovalStatus {
    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Executed => "executed",
            Self::Failed => "failed",
            Self::Rejected => "rejected",
            Self::Expired => "expired",
        }
    }
}

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
    /// What execution recorded.
    #[serde(default)]
    pub execution: Option<ExecutionRecord>,
    /// Whether the decision's audit record reached `approvals.decisions`.
    #[serde(default)]
    pub audit_published: bool,
    /// The W3C trace context (`traceparent`, `tracestate`) of the span that received
    /// the proposal: the decision, hours later, continues the ticket's trace from it.
    /// Empty when no trace was exported.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub trace_context: BTreeMap<String, String>,
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
}

/// The audit record published to `approvals.decisions` for every decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DecisionAudit {
    /// Deterministic per (ticket, tool, subject), as on the approval message.
    pub approval_id: String,
    /// Its ticket.
    pub ticket_id: String,
    /// The gated tool the approval is for (`issue_refund`, `send_email`).
    pub tool: String,
    /// `approved`, `rejected` or `expired`.
    pub decision: String,
    /// Who (or `system` for expiry).
    pub reviewer: String,
    /// The reviewer's note.
    pub note: Option<String>,
    /// When the decision was taken; for expiry, when the sweep noticed it.
    pub decided_at: DateTime<Utc>,
    /// The execution result, for approvals.
    pub execution: Option<ExecutionRecord>,
}

/// The pending store in Redis. Keys under `{prefix}`:
/// `approval:{id}` (the record, JSON), `approvals:pending` and `approvals:decided`
/// (sorted sets by time).
#[derive(Clone)]
pub struct ApprovalStore {
    conn: redis::aio::ConnectionManager,
    prefix: String,
}

// Insert, or supersede a pending record with a newer proposal; decided records stay.
const UPSERT: &str = r#"
local cur = redis.call('GET', KEYS[1])
if not cur then
  redis.call('SET', KEYS[1], ARGV[1])
  redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
  return 'inserted'
end
local rec = cjson.decode(cur)
local new = cjson.decode(ARGV[1])
rec['proposals'] = (rec['proposals'] or 1) + 1
if rec['status'] == 'pending' and new['message']['created_at'] > rec['message']['created_at'] then
  rec['message'] = new['message']
  redis.call('SET', KEYS[1], cjson.encode(rec))
  redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
  return 'superseded'
end
redis.call('SET', KEYS[1], cjson.encode(rec))
return 'duplicate'
"#;

// pending → decided, atomically; returns the status found.
const TRANSITION: &str = r#"
local cur = redis.call('GET', KEYS[1])
if not cur then return 'missing' end
local rec = cjson.decode(cur)
if rec['status'] ~= 'pending' then return rec['status'] end
rec['status'] = ARGV[1]
rec['decided_by'] = ARGV[2]
if ARGV[3] ~= '' then rec['note'] = ARGV[3] end
rec['decided_at'] = ARGV[4]
redis.call('SET', KEYS[1], cjson.encode(rec))
redis.call('ZREM', KEYS[2], ARGV[6])
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[6])
return 'ok'
"#;

// Sets fields of a record (execution, status, audit flag) given as a JSON object.
const PATCH: &str = r#"
local cur = redis.call('GET', KEYS[1])
if not cur then return 0 end
local rec = cjson.decode(cur)
for k, v in pairs(cjson.decode(ARGV[1])) do rec[k] = v end
redis.call('SET', KEYS[1], cjson.encode(rec))
return 1
"#;

static UPSERT_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(UPSERT));
static TRANSITION_SCRIPT: LazyLock<redis::Script> =
    LazyLock::new(|| redis::Script::new(TRANSITION));
static PATCH_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(PATCH));

impl ApprovalStore {
    /// Connects to `url` (through [`kv::connect`]); every key under `prefix`.
    ///
    /// # Errors
    /// Redis unreachable.
    pub async fn connect(url: &str, prefix: &str) -> Result<Self, StoreError> {
        Ok(Self {
            conn: kv::connect(url).await?,
            prefix: prefix.to_string(),
        })
    }

    fn key(&self, id: &str) -> String {
        format!("{}:approval:{id}", self.prefix)
    }

    fn pending_set(&self) -> String {
        format!("{}:approvals:pending", self.prefix)
    }

    fn decided_set(&self) -> String {
        format!("{}:approvals:decided", self.prefix)
    }

    /// Stores a proposal: a new record, a newer proposal superseding a pending one,
    /// or a duplicate of what is there. Returns which. A new record keeps
    /// `trace_context` ([`ApprovalRecord::trace_context`]).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn upsert(
        &self,
        message: &ApprovalMessage,
        trace_context: BTreeMap<String, String>,
    ) -> Result<&'static str, StoreError> {
        let record = ApprovalRecord {
            trace_context,
            message: message.clone(),
            status: ApprovalStatus::Pending,
            received_at: Utc::now(),
            proposals: 1,
            decided_by: None,
            decided_at: None,
            note: None,
            execution: None,
            audit_published: false,
        };
        let mut c = self.conn.clone();
        let answer: String = UPSERT_SCRIPT
            .key(self.key(&message.approval_id))
            .key(self.pending_set())
            .arg(serde_json::to_string(&record).expect("records serialize"))
            .arg(message.created_at.timestamp_millis())
            .arg(&message.approval_id)
            .invoke_async(&mut c)
            .await?;
        Ok(match answer.as_str() {
            "inserted" => "inserted",
            "superseded" => "superseded",
            _ => "duplicate",
        })
    }

    /// One record.
    ///
    /// # Errors
    /// Redis unavailable, or a record that does not parse.
    pub async fn get(&self, id: &str) -> Result<Option<ApprovalRecord>, StoreError> {
        let mut c = self.conn.clone();
        let v: Option<String> = redis::cmd("GET")
            .arg(self.key(id))
            .query_async(&mut c)
            .await?;
        v.map(|v| serde_json::from_str(&v).map_err(|e| StoreError::Corrupt(format!("{id}: {e}"))))
            .transpose()
    }

    async fn ids(
        &self,
        set: &str,
        oldest_first: bool,
        limit: isize,
    ) -> Result<Vec<String>, StoreError> {
        let mut c = self.conn.clone();
        let cmd = if oldest_first { "ZRANGE" } else { "ZREVRANGE" };
        Ok(redis::cmd(cmd)
            .arg(set)
            .arg(0)
            .arg(limit - 1)
            .query_async(&mut c)
            .await?)
    }

    async fn records(&self, ids: Vec<String>) -> Result<Vec<ApprovalRecord>, StoreError> {
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(r) = self.get(&id).await? {
                out.push(r);
            }
        }
        Ok(out)
    }

    /// Pending approvals, oldest first.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn pending(&self, limit: usize) -> Result<Vec<ApprovalRecord>, StoreError> {
        let ids = self.ids(&self.pending_set(), true, limit as isize).await?;
        self.records(ids).await
    }

    /// Decided approvals, newest first.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn decided(&self, limit: usize) -> Result<Vec<ApprovalRecord>, StoreError> {
        let ids = self.ids(&self.decided_set(), false, limit as isize).await?;
        self.records(ids).await
    }

    /// Pending approvals created before `before`.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn pending_older_than(
        &self,
        before: DateTime<Utc>,
    ) -> Result<Vec<String>, StoreError> {
        let mut c = self.conn.clone();
        Ok(redis::cmd("ZRANGEBYSCORE")
            .arg(self.pending_set())
            .arg("-inf")
            .arg(before.timestamp_millis())
            .query_async(&mut c)
            .await?)
    }

    /// `pending → to`, atomically. Returns `Ok(None)` when this call made the
    /// transition, `Ok(Some(status))` with the status found otherwise.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn transition(
        &self,
        id: &str,
        to: ApprovalStatus,
        reviewer: &str,
        note: Option<&str>,
    ) -> Result<Option<String>, StoreError> {
        let now = Utc::now();
        let mut c = self.conn.clone();
        let answer: String = TRANSITION_SCRIPT
            .key(self.key(id))
            .key(self.pending_set())
            .key(self.decided_set())
            .arg(to.as_str())
            .arg(reviewer)
            .arg(note.unwrap_or(""))
            .arg(
                serde_json::to_value(now)
                    .expect("dates serialize")
                    .as_str()
                    .unwrap_or_default(),
            )
            .arg(now.timestamp_millis())
            .arg(id)
            .invoke_async(&mut c)
            .await?;
        Ok((answer != "ok").then_some(answer))
    }

    /// Sets fields of a record.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn patch(&self, id: &str, fields: serde_json::Value) -> Result<(), StoreError> {
        let mut c = self.conn.clone();
        let _: i64 = PATCH_SCRIPT
            .key(self.key(id))
            .arg(fields.to_string())
            .invoke_async(&mut c)
            .await?;
        Ok(())
    }

    /// How many actions are pending, and when the oldest of them was proposed.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn pending_backlog(&self) -> Result<(u64, Option<DateTime<Utc>>), StoreError> {
        let mut c = self.conn.clone();
        let count: u64 = redis::cmd("ZCARD")
            .arg(self.pending_set())
            .query_async(&mut c)
            .await?;
        let oldest: Vec<(String, f64)> = redis::cmd("ZRANGE")
            .arg(self.pending_set())
            .arg(0)
            .arg(0)
            .arg("WITHSCORES")
            .query_async(&mut c)
            .await?;
        let oldest = oldest
            .first()
            .and_then(|(_, ms)| DateTime::from_timestamp_millis(*ms as i64));
        Ok((count, oldest))
    }

    /// Whether Redis answers `PING`.
    pub async fn ping(&self) -> bool {
        kv::ping(&self.conn).await
    }

    /// Every decided id (for the sweeps).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn decided_ids(&self) -> Result<Vec<String>, StoreError> {
        self.ids(&self.decided_set(), false, 10_000).await
    }

    /// Deletes every approval key under the prefix (tests clean up with it).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn delete_all(&self) -> Result<(), StoreError> {
        let patterns =
            ["approval", "approvals", "session"].map(|k| format!("{}:{k}:*", self.prefix));
        kv::delete_matching(&self.conn, &patterns).await
    }

    /// The connection, for sessions kept beside the approvals.
    pub(crate) fn connection(&self) -> redis::aio::ConnectionManager {
        self.conn.clone()
    }

    /// The key prefix.
    pub(crate) fn prefix(&self) -> &str {
        &self.prefix
    }
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
    /// The shop refunds go to.
    pub backend: Arc<dyn CommerceBackend>,
    /// Where emails go.
    pub outbox: Arc<dyn Outbox>,
    /// Claims and results of executions.
    pub idempotency: Arc<dyn IdempotencyStore>,
    /// Where audit records and escalations go.
    pub publisher: Arc<dyn Publisher>,
    /// The `approvals.decisions` exchange.
    pub decisions_exchange: String,
    /// How long an execution claim holds.
    pub lease: Duration,
    /// How long an execution result is kept.
    pub result_ttl: Duration,
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
        let result = self
            .decide_in_span(id, verdict, reviewer, note)
            .instrument(span.clone())
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
        note: Option<&str>,
    ) -> Result<DecisionOutcome, DecideError> {
        let to = match verdict {
            Verdict::Approve => ApprovalStatus::Approved,
            Verdict::Reject => ApprovalStatus::Rejected,
        };
        let found = self.store.transition(id, to, reviewer, note).await?;
        let decided_now = found.is_none();
        match (verdict, found.as_deref()) {
            (_, Some("missing")) => return Err(DecideError::NotFound(id.into())),
            (_, None) => {
                tracing::info!(approval_id = id, reviewer, verdict = ?verdict, "decision");
                crate::metrics::global()
                    .approvals_decided
                    .with_label_values(&[to.as_str()])
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
            self.execute(id).await?;
        }
        let record = self
            .store
            .get(id)
            .await?
            .ok_or_else(|| DecideError::NotFound(id.into()))?;
        if decided_now {
            self.publish_audit(&record).await;
        }
        Ok(DecisionOutcome {
            record: self.store.get(id).await?.unwrap_or(record),
            decided_now,
        })
    }

    /// Executes an approved action (again, harmlessly, if it already ran) and records
    /// the result on the approval.
    ///
    /// # Errors
    /// [`DecideError::ExecutionPending`] when the backend is unavailable or another
    /// process is executing it now.
    pub async fn execute(&self, id: &str) -> Result<(), DecideError> {
        let record = self
            .store
            .get(id)
            .await?
            .ok_or_else(|| DecideError::NotFound(id.into()))?;
        let action = record
            .message
            .action()
            .map_err(|e| DecideError::Store(StoreError::Corrupt(e)))?;
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
            .execute_in_span(id, &record, action, &span)
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
        id: &str,
        record: &ApprovalRecord,
        action: PendingAction,
        span: &tracing::Span,
    ) -> Result<(), DecideError> {
        let fx = Effects {
            backend: self.backend.as_ref(),
            outbox: self.outbox.as_ref(),
            store: self.idempotency.as_ref(),
            lease: self.lease,
            result_ttl: self.result_ttl,
        };
        let executed = |status: &str| {
            crate::metrics::global()
                .approvals_executed
                .with_label_values(&[record.message.tool.as_str(), status])
                .inc();
        };
        match execute_approved(&action, &fx).await {
            Ok(execution) => {
                let status = if execution.record.status == "succeeded" {
                    ApprovalStatus::Executed
                } else {
                    ApprovalStatus::Failed
                };
                span.record("ticket_agent.execution.status", status.as_str());
                span.record("ticket_agent.execution.replayed", execution.replayed);
                executed(status.as_str());
                self.store
                    .patch(
                        id,
                        serde_json::json!({ "status": status, "execution": execution.record }),
                    )
                    .await?;
                Ok(())
            }
            Err(ExecuteError::Store(e)) => {
                executed("pending");
                Err(DecideError::Store(e))
            }
            Err(e) => {
                executed("pending");
                Err(DecideError::ExecutionPending(e.to_string()))
            }
        }
    }

    /// Publishes a record's decision to `approvals.decisions` and marks it published;
    /// a failure leaves it for the sweep.
    pub async fn publish_audit(&self, record: &ApprovalRecord) {
        if !self.publisher.is_connected() {
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
                if let Err(e) = self
                    .store
                    .patch(
                        &audit.approval_id,
                        serde_json::json!({ "audit_published": true }),
                    )
                    .await
                {
                    tracing::warn!(error = %e, "audit published but not marked; it may be published again");
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, approval_id = %audit.approval_id, "audit record not published yet; the sweep retries")
            }
        }
    }
}
