//! The approvals' system of record in PostgreSQL: approvals, reviewer decisions,
//! executions, the per-order refunded total and an append-only audit log (schema in
//! `migrations/`, embedded and applied at connect; the console keeps its reviewers'
//! sessions in the same database, `console::sessions`).
//!
//! Every state change is one statement or one transaction guarded by the state it
//! leaves (`UPDATE … WHERE status = 'pending' RETURNING …`), so two reviewers, two
//! doors or two replicas of the service racing on one approval produce one decision;
//! and a refund is claimed against its order's refunded total under a row lock on the
//! order, so no order is refunded above what it can refund, across tickets, restarts
//! and replicas. Queries are checked at run time: no database is needed to build.

use std::collections::BTreeMap;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions, PgRow};
use sqlx::types::Json;
use sqlx::{PgPool, Row};

use super::{ApprovalRecord, ApprovalStatus};
use crate::executor::ExecutionRecord;
use crate::executor::ledger::ExecutionState;
use crate::kv::StoreError;
use crate::queue::messages::ApprovalMessage;

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        // Decided once, here: a data exception is about the value, not the database; a
        // deadlock or a serialization failure is about a concurrent transaction.
        let code = e.as_database_error().and_then(|db| db.code());
        match code.as_deref() {
            Some(c) if c.starts_with("22") => StoreError::Refused(format!("database: {e}")),
            Some("40P01" | "40001") => StoreError::Contended(format!("database: {e}")),
            _ => StoreError::Unavailable(format!("database: {e}")),
        }
    }
}

pub use crate::domain::approval::arguments_digest;

/// What an approval binds itself to: the proposal the reviewer saw (by its digest),
/// and the arguments the executor is to run (the proposal's, or the reviewer's edit).
#[derive(Debug, Clone, Copy)]
pub struct Approved<'a> {
    /// [`ApprovalRecord::args_digest`] of the proposal decided on: a newer proposal
    /// arriving meanwhile makes the transition fail instead of approving it unseen.
    pub seen_digest: &'a str,
    /// The arguments to run.
    pub arguments: &'a Value,
    /// Their digest.
    pub digest: &'a str,
    /// For an edit: the amount approved, in cents.
    pub edited_cents: Option<i64>,
}

/// An auto-approval rule's caps, in cents and counts per UTC day.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Caps {
    /// Auto-approvals per customer.
    pub per_customer_count: Option<i64>,
    /// Cents auto-approved per customer.
    pub per_customer_cents: Option<i64>,
    /// Cents auto-approved by the rule overall.
    pub per_day_cents: Option<i64>,
}

/// What [`ApprovalStore::policy_approve`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PolicyApproval {
    /// Approved, authored `policy:<rule>`.
    Approved,
    /// A cap would be passed: not approved (the reason says which).
    CapReached(String),
    /// Decided, re-proposed or already evaluated meanwhile: nothing done.
    NotPending,
}

/// What follows a decision and is published once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Followup {
    /// The audit record on `approvals.decisions`.
    Audit,
    /// A rejection's or a failure's escalated outcome for its ticket.
    Outcome,
}

impl Followup {
    /// Its (published, claimed-until) columns.
    fn columns(self) -> (&'static str, &'static str) {
        match self {
            Followup::Audit => ("audit_published", "audit_claimed_until"),
            Followup::Outcome => ("outcome_published", "outcome_claimed_until"),
        }
    }
}

/// The pending backlog of one tool.
#[derive(Debug, Clone, PartialEq)]
pub struct Backlog {
    /// The gated tool.
    pub tool: String,
    /// Actions waiting.
    pub count: i64,
    /// When the oldest of them was proposed.
    pub oldest: Option<DateTime<Utc>>,
}

/// The store: a pool of connections to one database.
#[derive(Clone)]
pub struct ApprovalStore {
    pool: PgPool,
}

const RECORD_COLUMNS: &str = "message, args_digest, status, received_at, proposals, decided_by, \
     decided_at, note, approved_arguments, approved_digest, execution, audit_published, \
     outcome_published, trace_context, required_approvals, policy_rule, policy_checked, \
     ARRAY(SELECT d.reviewer FROM decisions d WHERE d.approval_id = approvals.approval_id \
           AND d.verdict = 'approve' ORDER BY d.decided_at, d.reviewer) AS approvers, \
     (SELECT json_build_object('status', e.status, 'attempts', e.attempts, 'calls', e.calls, \
             'last_error', e.last_error, 'next_attempt_at', e.next_attempt_at) \
      FROM executions e WHERE e.approval_id = approvals.approval_id) AS execution_state";

fn record_from_row(row: &PgRow) -> Result<ApprovalRecord, StoreError> {
    let status: String = row.try_get("status")?;
    let Json(message): Json<ApprovalMessage> = row
        .try_get("message")
        .map_err(|e| StoreError::Corrupt(format!("an approval's message: {e}")))?;
    let execution: Option<Json<ExecutionRecord>> = row
        .try_get("execution")
        .map_err(|e| StoreError::Corrupt(format!("{}: execution: {e}", message.approval_id)))?;
    let Json(trace_context): Json<BTreeMap<String, String>> = row
        .try_get("trace_context")
        .map_err(|e| StoreError::Corrupt(format!("{}: trace: {e}", message.approval_id)))?;
    let approved_arguments: Option<Json<Value>> = row.try_get("approved_arguments")?;
    let execution_state: Option<Json<ExecutionState>> = row
        .try_get("execution_state")
        .map_err(|e| StoreError::Corrupt(format!("{}: execution row: {e}", message.approval_id)))?;
    Ok(ApprovalRecord {
        status: ApprovalStatus::parse(&status)
            .ok_or_else(|| StoreError::Corrupt(format!("status {status:?}")))?,
        received_at: row.try_get("received_at")?,
        proposals: u32::try_from(row.try_get::<i32, _>("proposals")?).unwrap_or(0),
        decided_by: row.try_get("decided_by")?,
        decided_at: row.try_get("decided_at")?,
        note: row.try_get("note")?,
        args_digest: row.try_get("args_digest")?,
        approved_arguments: approved_arguments.map(|j| j.0),
        approved_digest: row.try_get("approved_digest")?,
        execution: execution.map(|j| j.0),
        audit_published: row.try_get("audit_published")?,
        outcome_published: row.try_get("outcome_published")?,
        required_approvals: u32::try_from(row.try_get::<i32, _>("required_approvals")?)
            .unwrap_or(1),
        policy_rule: row.try_get("policy_rule")?,
        policy_checked: row.try_get("policy_checked")?,
        approvers: row.try_get("approvers")?,
        execution_state: execution_state.map(|j| j.0),
        trace_context,
        message,
    })
}

/// The order and amount (in cents) of a refund proposal, for the columns queries
/// and caps use.
fn refund_columns(message: &ApprovalMessage) -> (Option<String>, Option<i64>) {
    let order = message.arguments["order_id"].as_str().map(str::to_string);
    let cents = message.arguments["amount_usd"]
        .as_f64()
        .map(|d| (d * 100.0).round() as i64);
    (order, cents)
}

/// Which pending approvals the console lists (and a bulk decision takes): every field
/// that is set narrows the list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PendingFilter {
    /// The gated tool.
    pub tool: Option<String>,
    /// Refunds of at least this many cents.
    pub min_cents: Option<i64>,
    /// Refunds of at most this many cents.
    pub max_cents: Option<i64>,
    /// Proposed at or before this time (waiting at least so long).
    pub proposed_before: Option<DateTime<Utc>>,
    /// The customer.
    pub customer_id: Option<String>,
    /// Proposals the policies have not been applied to yet as well (a replica died
    /// between storing one and applying them; the sweep applies them). Reviewers never
    /// see those: the policy may still decide them.
    pub unevaluated_too: bool,
}

/// Which decided approvals the history lists: every field that is set narrows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryFilter {
    /// A reviewer who took a decision on it (approve, reject; `policy:<rule>`,
    /// `system` for expiries).
    pub reviewer: Option<String>,
    /// The customer.
    pub customer_id: Option<String>,
    /// The order.
    pub order_id: Option<String>,
    /// Decided at or after.
    pub decided_from: Option<DateTime<Utc>>,
    /// Decided before.
    pub decided_until: Option<DateTime<Utc>>,
}

/// One reviewer's decision, as the `decisions` table keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct DecisionRow {
    /// Who decided (`policy:<rule>` for a policy, `system` for an expiry).
    pub reviewer: String,
    /// `approve`, `reject` or `expire`.
    pub verdict: String,
    /// The reviewer's note or reason.
    pub note: Option<String>,
    /// An edit's approved amount.
    pub amount_cents: Option<i64>,
    /// When.
    pub decided_at: DateTime<Utc>,
}

/// Another approval for the same order.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct OrderActivity {
    /// Its id.
    pub approval_id: String,
    /// The ticket that proposed it.
    pub ticket_id: String,
    /// Where it is (`pending`, `approved`, `executed`, …).
    pub status: String,
    /// The amount proposed.
    pub proposed_cents: Option<i64>,
    /// When it was proposed.
    pub proposed_at: DateTime<Utc>,
    /// Its execution's status (`claimed`, `succeeded`, `failed`), once it reached the
    /// executor.
    pub execution: Option<String>,
    /// The amount the executor ran.
    pub executed_cents: Option<i64>,
}

impl ApprovalStore {
    /// Connects to the database at `url` and applies the embedded migrations (several
    /// replicas starting at once are serialized by sqlx's migration lock).
    ///
    /// # Errors
    /// A URL that does not parse, the database unreachable, or a migration failing.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let options: PgConnectOptions = url.parse().map_err(|e| {
            StoreError::Unavailable(format!(
                "database URL {}: {e}",
                crate::config::secret_url::redacted(url)
            ))
        })?;
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(5))
            .connect_with(options)
            .await
            .map_err(|e| {
                let url = crate::config::secret_url::redacted(url);
                match e {
                    // The server answered and said no for good (no such database, the
                    // login refused): asking again changes nothing. Starting up after a
                    // crash, shutting down or out of connections, it says no for now.
                    sqlx::Error::Database(e)
                        if !e.code().is_some_and(|c| {
                            c.starts_with("08") || c.starts_with("53") || c.starts_with("57P")
                        }) =>
                    {
                        StoreError::Refused(format!("database {url} refused the connection: {e}"))
                    }
                    e => StoreError::Unavailable(format!("database {url} does not answer: {e}")),
                }
            })?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| StoreError::Unavailable(format!("migrating the database: {e}")))?;
        Ok(Self { pool })
    }

    /// Stores a proposal: a new record, a newer proposal superseding a pending one,
    /// or a duplicate of what is there. Returns which. A new record keeps
    /// `trace_context` ([`ApprovalRecord::trace_context`]).
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn upsert(
        &self,
        message: &ApprovalMessage,
        trace_context: BTreeMap<String, String>,
    ) -> Result<&'static str, StoreError> {
        self.upsert_routed(message, trace_context, 1, None).await
    }

    /// [`Self::upsert`], recording how many distinct reviewers the proposal needs and
    /// the policy rule that said so ([`super::policy::Policies::routing`]); a
    /// superseding proposal is routed again, and its auto-approval tried again.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn upsert_routed(
        &self,
        message: &ApprovalMessage,
        trace_context: BTreeMap<String, String>,
        required: u32,
        rule: Option<&str>,
    ) -> Result<&'static str, StoreError> {
        let required = i32::try_from(required).unwrap_or(1).max(1);
        let (order_id, amount_cents) = refund_columns(message);
        let digest = arguments_digest(&message.tool, &message.arguments);
        let mut tx = self.pool.begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO approvals (approval_id, ticket_id, customer_id, tool, order_id, \
             amount_cents, message, args_digest, proposed_at, trace_context, \
             required_approvals, policy_rule) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
             ON CONFLICT (approval_id) DO NOTHING",
        )
        .bind(&message.approval_id)
        .bind(message.ticket_id.as_str())
        .bind(message.customer_id.as_str())
        .bind(&message.tool)
        .bind(&order_id)
        .bind(amount_cents)
        .bind(Json(message))
        .bind(&digest)
        .bind(message.created_at)
        .bind(Json(&trace_context))
        .bind(required)
        .bind(rule)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        let kind = if inserted {
            "inserted"
        } else {
            // A newer proposal replaces a pending one (same ticket, tool and subject:
            // the agent ran the ticket again); anything else only counts.
            let superseded = sqlx::query(
                "UPDATE approvals SET proposals = proposals + 1, message = $2, order_id = $3, \
                 amount_cents = $4, args_digest = $5, proposed_at = $6, \
                 policy_checked = false, required_approvals = $7, policy_rule = $8 \
                 WHERE approval_id = $1 AND status = 'pending' AND proposed_at < $6",
            )
            .bind(&message.approval_id)
            .bind(Json(message))
            .bind(&order_id)
            .bind(amount_cents)
            .bind(&digest)
            .bind(message.created_at)
            .bind(required)
            .bind(rule)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
            if superseded {
                "superseded"
            } else {
                sqlx::query(
                    "UPDATE approvals SET proposals = proposals + 1 WHERE approval_id = $1",
                )
                .bind(&message.approval_id)
                .execute(&mut *tx)
                .await?;
                "duplicate"
            }
        };
        if kind != "duplicate" {
            audit(
                &mut tx,
                &message.approval_id,
                if inserted { "proposed" } else { "superseded" },
                "agent",
                serde_json::json!({
                    "args_digest": digest, "ticket_id": message.ticket_id,
                    "required_approvals": required, "policy_rule": rule,
                }),
            )
            .await?;
        }
        tx.commit().await?;
        Ok(kind)
    }

    /// One record.
    ///
    /// # Errors
    /// The database unavailable, or a record that does not parse.
    pub async fn get(&self, id: &str) -> Result<Option<ApprovalRecord>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {RECORD_COLUMNS} FROM approvals WHERE approval_id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(record_from_row).transpose()
    }

    /// Pending approvals that pass `filter`, oldest first.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn pending_filtered(
        &self,
        filter: &PendingFilter,
        limit: usize,
    ) -> Result<Vec<ApprovalRecord>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {RECORD_COLUMNS} FROM approvals WHERE status = 'pending' \
             AND ($1::text IS NULL OR tool = $1) \
             AND ($2::bigint IS NULL OR amount_cents >= $2) \
             AND ($3::bigint IS NULL OR amount_cents <= $3) \
             AND ($4::timestamptz IS NULL OR proposed_at <= $4) \
             AND ($5::text IS NULL OR customer_id = $5) \
             AND (policy_checked OR $7) \
             ORDER BY proposed_at, approval_id LIMIT $6"
        ))
        .bind(&filter.tool)
        .bind(filter.min_cents)
        .bind(filter.max_cents)
        .bind(filter.proposed_before)
        .bind(&filter.customer_id)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .bind(filter.unevaluated_too)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(record_from_row).collect()
    }

    /// Decided approvals that pass `filter`, newest decision first.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn history(
        &self,
        filter: &HistoryFilter,
        limit: usize,
    ) -> Result<Vec<ApprovalRecord>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {RECORD_COLUMNS} FROM approvals WHERE status <> 'pending' \
             AND ($1::text IS NULL OR decided_by = $1 OR EXISTS (SELECT 1 FROM decisions d \
                  WHERE d.approval_id = approvals.approval_id AND d.reviewer = $1)) \
             AND ($2::text IS NULL OR customer_id = $2) \
             AND ($3::text IS NULL OR order_id = $3) \
             AND ($4::timestamptz IS NULL OR decided_at >= $4) \
             AND ($5::timestamptz IS NULL OR decided_at < $5) \
             ORDER BY decided_at DESC NULLS LAST, approval_id LIMIT $6"
        ))
        .bind(&filter.reviewer)
        .bind(&filter.customer_id)
        .bind(&filter.order_id)
        .bind(filter.decided_from)
        .bind(filter.decided_until)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(record_from_row).collect()
    }

    /// Decided approvals, newest decision first.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn decided(&self, limit: usize) -> Result<Vec<ApprovalRecord>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {RECORD_COLUMNS} FROM approvals WHERE status <> 'pending' \
             ORDER BY decided_at DESC NULLS LAST, approval_id LIMIT $1"
        ))
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(record_from_row).collect()
    }

    /// Pending approvals proposed before `before`.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn pending_older_than(
        &self,
        before: DateTime<Utc>,
    ) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT approval_id FROM approvals WHERE status = 'pending' AND proposed_at < $1 \
             ORDER BY proposed_at",
        )
        .bind(before)
        .fetch_all(&self.pool)
        .await?)
    }

    /// `pending → to` as `reviewer`, in one transaction with the reviewer's decision
    /// row and the audit entry; an approval records what it is bound to
    /// ([`Approved`]). Returns `Ok(None)` when this call made the transition,
    /// `Ok(Some(status))` with the status found otherwise (`missing` for no record,
    /// `changed` when the proposal is pending but is no longer the one decided on).
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn transition(
        &self,
        id: &str,
        to: ApprovalStatus,
        reviewer: &str,
        note: Option<&str>,
        approved: Option<Approved<'_>>,
    ) -> Result<Option<String>, StoreError> {
        if let (ApprovalStatus::Approved, Some(approved)) = (to, approved) {
            return self.approve(id, reviewer, note, approved).await;
        }
        let mut tx = self.pool.begin().await?;
        let moved = sqlx::query(
            "UPDATE approvals SET status = $2, decided_by = $3, note = COALESCE($4, note), \
             decided_at = now() WHERE approval_id = $1 AND status = 'pending'",
        )
        .bind(id)
        .bind(to.as_str())
        .bind(reviewer)
        .bind(note)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !moved {
            return Ok(Some(status_of(&mut tx, id).await?));
        }
        let verdict = if to == ApprovalStatus::Expired {
            "expire"
        } else {
            "reject"
        };
        sqlx::query(
            "INSERT INTO decisions (approval_id, reviewer, verdict, note) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (approval_id, reviewer) DO UPDATE SET verdict = EXCLUDED.verdict, \
             note = EXCLUDED.note, decided_at = now(), approved_digest = NULL, \
             approved_arguments = NULL",
        )
        .bind(id)
        .bind(reviewer)
        .bind(verdict)
        .bind(note)
        .execute(&mut *tx)
        .await?;
        audit(
            &mut tx,
            id,
            to.as_str(),
            reviewer,
            serde_json::json!({ "note": note }),
        )
        .await?;
        tx.commit().await?;
        Ok(None)
    }

    /// A reviewer's approval, under the approval's row lock: recorded as their decision
    /// row (a second approval by the same reviewer replaces their first), and the
    /// transition made once as many distinct reviewers as the approval requires have
    /// approved the same arguments. `Some("awaiting")` while more are needed.
    async fn approve(
        &self,
        id: &str,
        reviewer: &str,
        note: Option<&str>,
        approved: Approved<'_>,
    ) -> Result<Option<String>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let row: Option<(String, String, i32)> = sqlx::query_as(
            "SELECT status, args_digest, required_approvals FROM approvals \
             WHERE approval_id = $1 FOR UPDATE",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((status, args_digest, required)) = row else {
            return Ok(Some("missing".into()));
        };
        if status != "pending" {
            return Ok(Some(status));
        }
        if args_digest != approved.seen_digest {
            return Ok(Some("changed".into()));
        }
        sqlx::query(
            "INSERT INTO decisions (approval_id, reviewer, verdict, note, amount_cents, \
             approved_digest, approved_arguments) VALUES ($1, $2, 'approve', $3, $4, $5, $6) \
             ON CONFLICT (approval_id, reviewer) DO UPDATE SET verdict = 'approve', \
             note = EXCLUDED.note, amount_cents = EXCLUDED.amount_cents, \
             approved_digest = EXCLUDED.approved_digest, \
             approved_arguments = EXCLUDED.approved_arguments, decided_at = now()",
        )
        .bind(id)
        .bind(reviewer)
        .bind(note)
        .bind(approved.edited_cents)
        .bind(approved.digest)
        .bind(Json(approved.arguments))
        .execute(&mut *tx)
        .await?;
        let agreeing: Vec<String> = sqlx::query_scalar(
            "SELECT reviewer FROM decisions WHERE approval_id = $1 AND verdict = 'approve' \
             AND approved_digest = $2 ORDER BY decided_at, reviewer",
        )
        .bind(id)
        .bind(approved.digest)
        .fetch_all(&mut *tx)
        .await?;
        let detail = serde_json::json!({
            "note": note,
            "approved_digest": approved.digest,
            "edited_amount_cents": approved.edited_cents,
            "approvals": agreeing.len(),
            "required": required,
        });
        if agreeing.len() < usize::try_from(required).unwrap_or(1) {
            audit(&mut tx, id, "approval_recorded", reviewer, detail).await?;
            tx.commit().await?;
            return Ok(Some("awaiting".into()));
        }
        sqlx::query(
            "UPDATE approvals SET status = 'approved', decided_by = $2, \
             note = COALESCE($3, note), decided_at = now(), approved_arguments = $4, \
             approved_digest = $5 WHERE approval_id = $1",
        )
        .bind(id)
        .bind(agreeing.join(", "))
        .bind(note)
        .bind(Json(approved.arguments))
        .bind(approved.digest)
        .execute(&mut *tx)
        .await?;
        audit(&mut tx, id, "approved", reviewer, detail).await?;
        tx.commit().await?;
        Ok(None)
    }

    /// Approves `id` as policy `author` (`policy:<rule>`) if it is still the pending
    /// proposal whose digest is `approved.seen_digest` and the rule's caps allow it:
    /// the caps are sums over this rule's approvals of the UTC day, read and extended
    /// under a lock of the rule's own, so two replicas cannot both take the last room.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn policy_approve(
        &self,
        id: &str,
        rule: &str,
        approved: Approved<'_>,
        caps: &Caps,
    ) -> Result<PolicyApproval, StoreError> {
        let author = format!("policy:{rule}");
        let mut tx = self.pool.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
            .bind(&author)
            .execute(&mut *tx)
            .await?;
        let row: Option<(String, String, bool, String, Option<i64>)> = sqlx::query_as(
            "SELECT status, args_digest, policy_checked, customer_id, amount_cents \
             FROM approvals WHERE approval_id = $1 FOR UPDATE",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((status, digest, checked, customer, cents)) = row else {
            return Ok(PolicyApproval::NotPending);
        };
        if status != "pending" || checked || digest != approved.seen_digest {
            return Ok(PolicyApproval::NotPending);
        }
        let cents = cents.unwrap_or(0);
        const TODAY: &str = "date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'";
        let (customer_count, customer_cents): (i64, i64) = sqlx::query_as(&format!(
            "SELECT count(*), COALESCE(sum(a.amount_cents), 0)::bigint FROM decisions d \
             JOIN approvals a ON a.approval_id = d.approval_id \
             WHERE d.reviewer = $1 AND d.verdict = 'approve' AND d.decided_at >= {TODAY} \
             AND a.customer_id = $2"
        ))
        .bind(&author)
        .bind(&customer)
        .fetch_one(&mut *tx)
        .await?;
        let day_cents: i64 = sqlx::query_scalar(&format!(
            "SELECT COALESCE(sum(a.amount_cents), 0)::bigint FROM decisions d \
             JOIN approvals a ON a.approval_id = d.approval_id \
             WHERE d.reviewer = $1 AND d.verdict = 'approve' AND d.decided_at >= {TODAY}"
        ))
        .bind(&author)
        .fetch_one(&mut *tx)
        .await?;
        let reached = if caps
            .per_customer_count
            .is_some_and(|max| customer_count >= max)
        {
            Some(format!(
                "{customer_count} auto-approvals for this customer today"
            ))
        } else if caps
            .per_customer_cents
            .is_some_and(|max| customer_cents + cents > max)
        {
            Some(format!(
                "${:.2} auto-approved for this customer today",
                customer_cents as f64 / 100.0
            ))
        } else if caps
            .per_day_cents
            .is_some_and(|max| day_cents + cents > max)
        {
            Some(format!(
                "${:.2} auto-approved by this rule today",
                day_cents as f64 / 100.0
            ))
        } else {
            None
        };
        if let Some(why) = reached {
            audit(
                &mut tx,
                id,
                "policy_cap_reached",
                &author,
                serde_json::json!({ "cap": why }),
            )
            .await?;
            tx.commit().await?;
            return Ok(PolicyApproval::CapReached(why));
        }
        sqlx::query(
            "INSERT INTO decisions (approval_id, reviewer, verdict, note, approved_digest, \
             approved_arguments) VALUES ($1, $2, 'approve', $3, $4, $5) \
             ON CONFLICT (approval_id, reviewer) DO NOTHING",
        )
        .bind(id)
        .bind(&author)
        .bind("auto-approved by policy")
        .bind(approved.digest)
        .bind(Json(approved.arguments))
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE approvals SET status = 'approved', decided_by = $2, decided_at = now(), \
             note = 'auto-approved by policy', approved_arguments = $3, approved_digest = $4, \
             policy_rule = $5, policy_checked = true WHERE approval_id = $1",
        )
        .bind(id)
        .bind(&author)
        .bind(Json(approved.arguments))
        .bind(approved.digest)
        .bind(rule)
        .execute(&mut *tx)
        .await?;
        audit(
            &mut tx,
            id,
            "approved",
            &author,
            serde_json::json!({ "approved_digest": approved.digest, "day_cents_before": day_cents }),
        )
        .await?;
        tx.commit().await?;
        Ok(PolicyApproval::Approved)
    }

    /// Records that the auto-approval rules were tried on the pending proposal with
    /// digest `seen_digest` and none approved it: it waits for its reviewers. False
    /// when the proposal changed or was decided meanwhile.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn mark_policy_checked(
        &self,
        id: &str,
        seen_digest: &str,
    ) -> Result<bool, StoreError> {
        Ok(sqlx::query(
            "UPDATE approvals SET policy_checked = true \
             WHERE approval_id = $1 AND status = 'pending' AND args_digest = $2",
        )
        .bind(id)
        .bind(seen_digest)
        .execute(&self.pool)
        .await?
        .rows_affected()
            == 1)
    }

    /// Pending proposals the policies have not been applied to yet.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn policy_unchecked_ids(&self) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT approval_id FROM approvals WHERE status = 'pending' AND NOT policy_checked \
             ORDER BY proposed_at LIMIT 10000",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// Cents auto-approved by any policy since 00:00 UTC.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn auto_approved_cents_today(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT COALESCE(sum(a.amount_cents), 0)::bigint FROM decisions d \
             JOIN approvals a ON a.approval_id = d.approval_id \
             WHERE d.reviewer LIKE 'policy:%' AND d.verdict = 'approve' \
             AND d.decided_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'",
        )
        .fetch_one(&self.pool)
        .await?)
    }

    /// Claims the publication of what follows a decision of `id` (`Followup::Audit`
    /// or `Followup::Outcome`) for `hold`: true for exactly one caller while it is
    /// unpublished and unclaimed, so a decision and the sweeps of several replicas
    /// publish it once. A claim never marked published runs out after `hold` and is
    /// taken again (the copy keeps its message id, so a consumer can tell).
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn claim_followup(
        &self,
        id: &str,
        followup: Followup,
        hold: Duration,
    ) -> Result<bool, StoreError> {
        let (published, claimed) = followup.columns();
        Ok(sqlx::query(&format!(
            "UPDATE approvals SET {claimed} = now() + $2 * interval '1 millisecond' \
             WHERE approval_id = $1 AND NOT {published} \
             AND ({claimed} IS NULL OR {claimed} < now())"
        ))
        .bind(id)
        .bind(i64::try_from(hold.as_millis()).unwrap_or(i64::MAX))
        .execute(&self.pool)
        .await?
        .rows_affected()
            == 1)
    }

    /// Gives a publication claim back unpublished (the broker refused it), so that the
    /// next sweep tries at once.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn release_followup(&self, id: &str, followup: Followup) -> Result<(), StoreError> {
        let (published, claimed) = followup.columns();
        sqlx::query(&format!(
            "UPDATE approvals SET {claimed} = NULL WHERE approval_id = $1 AND NOT {published}"
        ))
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Marks the decision's audit record as published on `approvals.decisions`.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn mark_audit_published(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE approvals SET audit_published = true WHERE approval_id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Marks the ticket's outcome event (for a rejection or a failure) as published.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn mark_outcome_published(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE approvals SET outcome_published = true WHERE approval_id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Approvals the sweep has work for: approved and not executed, an audit record
    /// not published, or a rejection or failure whose outcome event is not out yet.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn unfinished_ids(&self) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT approval_id FROM approvals WHERE status = 'approved' \
             OR (status <> 'pending' AND NOT audit_published) \
             OR (status IN ('rejected', 'failed') AND NOT outcome_published) \
             ORDER BY decided_at LIMIT 10000",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// Approved actions not executed yet: how many, and when the oldest was approved.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn unexecuted_backlog(&self) -> Result<(i64, Option<DateTime<Utc>>), StoreError> {
        Ok(sqlx::query_as(
            "SELECT count(*), min(decided_at) FROM approvals WHERE status = 'approved'",
        )
        .fetch_one(&self.pool)
        .await?)
    }

    /// The pending backlog per tool.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn pending_backlog(&self) -> Result<Vec<Backlog>, StoreError> {
        let rows: Vec<(String, i64, Option<DateTime<Utc>>)> = sqlx::query_as(
            "SELECT tool, count(*), min(proposed_at) FROM approvals WHERE status = 'pending' \
             GROUP BY tool ORDER BY tool",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(tool, count, oldest)| Backlog {
                tool,
                count,
                oldest,
            })
            .collect())
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }

    /// The audit trail of one approval, oldest first: (when, event, actor, detail).
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn audit_trail(
        &self,
        id: &str,
    ) -> Result<Vec<(DateTime<Utc>, String, String, Value)>, StoreError> {
        let rows: Vec<(DateTime<Utc>, String, String, Json<Value>)> = sqlx::query_as(
            "SELECT at, event, actor, detail FROM audit WHERE approval_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(at, event, actor, Json(detail))| (at, event, actor, detail))
            .collect())
    }

    /// Every reviewer decision on one approval, oldest first.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn decisions_of(&self, id: &str) -> Result<Vec<DecisionRow>, StoreError> {
        Ok(sqlx::query_as::<_, DecisionRow>(
            "SELECT reviewer, verdict, note, amount_cents, decided_at FROM decisions \
             WHERE approval_id = $1 ORDER BY decided_at, reviewer",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The other approvals proposed for `order_id` (by any ticket), oldest first, with
    /// their execution's status: the order's refund history and its open proposals.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn order_activity(
        &self,
        order_id: &str,
        except: &str,
    ) -> Result<Vec<OrderActivity>, StoreError> {
        Ok(sqlx::query_as::<_, OrderActivity>(
            "SELECT a.approval_id, a.ticket_id, a.status, a.amount_cents AS proposed_cents, \
                    a.proposed_at, e.status AS execution, e.amount_cents AS executed_cents \
             FROM approvals a LEFT JOIN executions e ON e.approval_id = a.approval_id \
             WHERE a.order_id = $1 AND a.approval_id <> $2 ORDER BY a.proposed_at, a.approval_id",
        )
        .bind(order_id)
        .bind(except)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The refund approvals other than `except` for `order_id` or of `customer_id`,
    /// oldest first: the repeat refunds a reviewer is warned of.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn related_refunds(
        &self,
        order_id: Option<&str>,
        customer_id: &str,
        except: &str,
    ) -> Result<Vec<OrderActivity>, StoreError> {
        Ok(sqlx::query_as::<_, OrderActivity>(
            "SELECT a.approval_id, a.ticket_id, a.status, a.amount_cents AS proposed_cents, \
                    a.proposed_at, e.status AS execution, e.amount_cents AS executed_cents \
             FROM approvals a LEFT JOIN executions e ON e.approval_id = a.approval_id \
             WHERE a.tool = 'issue_refund' AND a.approval_id <> $3 \
               AND (a.order_id = $1 OR a.customer_id = $2) \
             ORDER BY a.proposed_at, a.approval_id LIMIT 100",
        )
        .bind(order_id)
        .bind(customer_id)
        .bind(except)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Whether `customer_id` had an approval (a refund, an email; any status) from
    /// another ticket than `ticket_id`, proposed before `before`: a customer without one
    /// is new to this record, and the reviewer is told so.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn customer_seen_before(
        &self,
        customer_id: &str,
        ticket_id: &str,
        before: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        Ok(sqlx::query_scalar::<_, bool>(
            "SELECT EXISTS (SELECT 1 FROM approvals \
             WHERE customer_id = $1 AND ticket_id <> $2 AND proposed_at < $3)",
        )
        .bind(customer_id)
        .bind(ticket_id)
        .bind(before)
        .fetch_one(&self.pool)
        .await?)
    }

    /// Cents refunded or being refunded through this database for `order_id`.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn order_refunded_cents(&self, order_id: &str) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar::<_, i64>(
            "SELECT refunded_cents FROM order_refunds WHERE order_id = $1",
        )
        .bind(order_id)
        .fetch_optional(&self.pool)
        .await?
        .unwrap_or(0))
    }

    /// The pool, for the executor's ledger and the console's sessions over the same
    /// database.
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Closes the pool (tests, before their database is dropped).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

async fn status_of(
    tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
    id: &str,
) -> Result<String, StoreError> {
    let found: Option<String> =
        sqlx::query_scalar("SELECT status FROM approvals WHERE approval_id = $1")
            .bind(id)
            .fetch_optional(&mut **tx)
            .await?;
    Ok(found.unwrap_or_else(|| "missing".into()))
}

async fn audit(
    tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
    id: &str,
    event: &str,
    actor: &str,
    detail: Value,
) -> Result<(), StoreError> {
    crate::executor::ledger::audit_as(tx, id, event, actor, detail).await
}
