//! The execution ledger: PostgreSQL as the guard of money.
//!
//! Every execution of an approved action is a row of `executions`, taken in a
//! transaction before the backend is called and settled in another after it
//! (`migrations/0004_execution_guard.sql` draws the states). A succeeded, failed or
//! unknown row is answered from the row and never executed again, whatever Redis holds
//! or has lost; a live claim keeps every other process out; a claim whose lease ran
//! out belongs to a process that died and is taken over, its backend call repeated
//! with the same idempotency key. A refund's amount is reserved on its order's row of
//! `order_refunds` under that row's lock before the backend is called, so no sequence
//! of tickets, replicas, restarts and data loss refunds an order beyond its total; it
//! is given back only when the refund certainly did not happen.
//!
//! Settling also moves the approval (`approved → executed | failed`) and writes the
//! audit entry, in the same transaction: the row and the approval never disagree.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use sqlx::types::Json;
use sqlx::{PgPool, Postgres, Transaction};

use super::ExecutionRecord;
use crate::domain::approval::ApprovalId;
use crate::kv::StoreError;

/// The executions and the order ledger, over the approvals' database.
#[derive(Debug, Clone)]
pub struct ExecutionLedger {
    pool: PgPool,
}

/// A claim on an execution row, held by the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    /// Proof of holding it: every later step names it.
    pub token: String,
    /// This attempt's number, from 1.
    pub attempt: u32,
    /// Backend calls begun under the row before this attempt: above zero, the money
    /// may have moved already.
    pub calls: u32,
    /// Whether the refund's amount is already reserved on its order.
    pub reserved: bool,
    /// The previous holder's lease ran out before it settled (it died mid-attempt).
    pub recovered: bool,
}

/// What claiming an execution found.
#[derive(Debug, Clone, PartialEq)]
pub enum Claimed {
    /// The caller holds the row now.
    Held(Held),
    /// Settled before: the recorded result. Nothing is executed again.
    Settled(ExecutionRecord),
    /// The deadline passed: settled now, by this call, as failed or unknown.
    GaveUp(ExecutionRecord),
    /// Another process holds a live claim.
    InProgress,
    /// Waiting out its backoff after a transient failure.
    NotDue(DateTime<Utc>),
}

/// What reserving a refund on its order found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reservation {
    /// Reserved: the order had room.
    Reserved,
    /// No room: what was refunded or is being refunded, plus this amount, is above
    /// what the order can refund.
    Exceeds {
        /// Cents refunded or reserved on the order through other approvals.
        refunded_cents: i64,
        /// Cents the order can refund in all.
        refundable_cents: i64,
    },
    /// The claim ran out and another process holds the row now.
    Lost,
}

/// When a claim gives up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadline {
    /// Past this instant, a row that is not settled and not held is given up.
    pub at: DateTime<Utc>,
    /// The setting it came from, for the words of the record.
    pub after: Duration,
}

/// The state of an execution row, as the console shows it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ExecutionState {
    /// `claimed`, `retrying`, `succeeded`, `failed` or `unknown`.
    pub status: String,
    /// Claims taken.
    pub attempts: i32,
    /// Backend calls begun.
    pub calls: i32,
    /// The last transient failure.
    #[serde(default)]
    pub last_error: Option<String>,
    /// When a retrying row is tried next.
    #[serde(default)]
    pub next_attempt_at: Option<DateTime<Utc>>,
}

/// A row as a claim reads it.
#[derive(sqlx::FromRow)]
struct Row {
    status: String,
    lease_until: Option<DateTime<Utc>>,
    attempts: i32,
    calls: i32,
    reserved: bool,
    next_attempt_at: Option<DateTime<Utc>>,
    result: Option<Json<Value>>,
    last_error: Option<String>,
    order_id: Option<String>,
    amount_cents: Option<i64>,
}

fn count(n: i32) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

fn settled(id: &ApprovalId, row: &Row) -> ExecutionRecord {
    ExecutionRecord {
        approval_id: id.clone(),
        status: row.status.clone(),
        result: row.result.as_ref().map_or(Value::Null, |j| j.0.clone()),
    }
}

impl ExecutionLedger {
    /// The ledger on `pool` (the approvals' database, migrated).
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }

    /// Claims the execution of approval `id` for `lease`, creating its row on the
    /// first claim. A settled row is answered as it stands; a live claim of another
    /// process, or a retry not yet due, is reported; past `deadline` an unsettled row
    /// that nobody holds is given up (see [`Claimed::GaveUp`]).
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn claim(
        &self,
        approval: &ApprovalId,
        idempotency_key: &str,
        lease: Duration,
        deadline: Deadline,
    ) -> Result<Claimed, StoreError> {
        let id = approval.as_str();
        let mut tx = self.pool.begin().await?;
        // Fresh rows start as a retry that is due now: one path takes every claim.
        sqlx::query(
            "INSERT INTO executions (approval_id, idempotency_key, status) \
             VALUES ($1, $2, 'retrying') ON CONFLICT (approval_id) DO NOTHING",
        )
        .bind(id)
        .bind(idempotency_key)
        .execute(&mut *tx)
        .await?;
        let Some(row) = lock_row(&mut tx, id).await? else {
            return Err(StoreError::Corrupt(format!(
                "{id}: its execution row vanished"
            )));
        };
        let now: DateTime<Utc> = sqlx::query_scalar("SELECT now()")
            .fetch_one(&mut *tx)
            .await?;
        match row.status.as_str() {
            "succeeded" | "failed" | "unknown" => {
                return Ok(Claimed::Settled(settled(approval, &row)));
            }
            "claimed" if row.lease_until.is_some_and(|until| until > now) => {
                return Ok(Claimed::InProgress);
            }
            _ => {}
        }
        if now > deadline.at {
            let record = give_up(&mut tx, approval, &row, deadline).await?;
            tx.commit().await?;
            return Ok(Claimed::GaveUp(record));
        }
        if row.status == "retrying" && row.next_attempt_at.is_some_and(|at| at > now) {
            return Ok(Claimed::NotDue(row.next_attempt_at.unwrap_or(now)));
        }
        let recovered = row.status == "claimed";
        let token = format!("{:032x}", rand::random::<u128>());
        sqlx::query(
            "UPDATE executions SET status = 'claimed', claim_token = $2, \
             lease_until = now() + $3 * interval '1 millisecond', attempts = attempts + 1, \
             next_attempt_at = NULL WHERE approval_id = $1",
        )
        .bind(id)
        .bind(&token)
        .bind(millis(lease))
        .execute(&mut *tx)
        .await?;
        if recovered {
            audit(
                &mut tx,
                id,
                "execution_recovered",
                json!({
                    "attempts": row.attempts, "calls": row.calls,
                    "previous_lease_until": row.lease_until,
                }),
            )
            .await?;
        }
        tx.commit().await?;
        Ok(Claimed::Held(Held {
            token,
            attempt: count(row.attempts) + 1,
            calls: count(row.calls),
            reserved: row.reserved,
            recovered,
        }))
    }

    /// Reserves `cents` of `order_id`'s refundable amount for the held execution of
    /// `id`, under the order's row lock: everything refunded or reserved through this
    /// database for the order, plus `cents`, may not exceed `refundable_cents`. A
    /// refusal is audited (`refund_refused`).
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn reserve(
        &self,
        id: &str,
        held: &Held,
        order_id: &str,
        cents: i64,
        refundable_cents: i64,
    ) -> Result<Reservation, StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO order_refunds (order_id) VALUES ($1) ON CONFLICT DO NOTHING")
            .bind(order_id)
            .execute(&mut *tx)
            .await?;
        let refunded: i64 = sqlx::query_scalar(
            "SELECT refunded_cents FROM order_refunds WHERE order_id = $1 FOR UPDATE",
        )
        .bind(order_id)
        .fetch_one(&mut *tx)
        .await?;
        let holds: Option<bool> = sqlx::query_scalar(
            "SELECT reserved FROM executions WHERE approval_id = $1 AND claim_token = $2 \
             AND status = 'claimed' FOR UPDATE",
        )
        .bind(id)
        .bind(&held.token)
        .fetch_optional(&mut *tx)
        .await?;
        match holds {
            None => return Ok(Reservation::Lost),
            Some(true) => return Ok(Reservation::Reserved),
            Some(false) => {}
        }
        if refunded + cents > refundable_cents {
            audit(
                &mut tx,
                id,
                "refund_refused",
                json!({
                    "order_id": order_id, "amount_cents": cents,
                    "refunded_cents": refunded, "refundable_cents": refundable_cents,
                }),
            )
            .await?;
            tx.commit().await?;
            return Ok(Reservation::Exceeds {
                refunded_cents: refunded,
                refundable_cents,
            });
        }
        sqlx::query(
            "UPDATE executions SET reserved = true, order_id = $2, amount_cents = $3 \
             WHERE approval_id = $1",
        )
        .bind(id)
        .bind(order_id)
        .bind(cents)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE order_refunds SET refunded_cents = refunded_cents + $2, updated_at = now() \
             WHERE order_id = $1",
        )
        .bind(order_id)
        .bind(cents)
        .execute(&mut *tx)
        .await?;
        audit(
            &mut tx,
            id,
            "refund_claimed",
            json!({ "order_id": order_id, "amount_cents": cents, "refunded_cents_before": refunded }),
        )
        .await?;
        tx.commit().await?;
        Ok(Reservation::Reserved)
    }

    /// Counts a backend call as begun under the held claim, renewing its lease, right
    /// before the call: from here on the money may move, so a row left unsettled keeps
    /// its reservation. False when the claim was lost (do not call).
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn begin_call(
        &self,
        id: &str,
        held: &Held,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        Ok(sqlx::query(
            "UPDATE executions SET calls = calls + 1, \
             lease_until = now() + $3 * interval '1 millisecond' \
             WHERE approval_id = $1 AND claim_token = $2 AND status = 'claimed'",
        )
        .bind(id)
        .bind(&held.token)
        .bind(millis(lease))
        .execute(&self.pool)
        .await?
        .rows_affected()
            == 1)
    }

    /// Settles the execution of `id` with `record` (`succeeded` or `failed`): the row,
    /// the order's reservation (given back when it failed), the approval
    /// (`approved → executed | failed`) and the audit entry, in one transaction.
    /// Whoever holds the claim now: a holder whose lease ran out called the backend
    /// with the same key, so its result is the result. Returns false when the row was
    /// settled already (the first result stays).
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn settle(&self, id: &str, record: &ExecutionRecord) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let Some(row) = lock_row(&mut tx, id).await? else {
            return Ok(false);
        };
        if matches!(row.status.as_str(), "succeeded" | "failed" | "unknown") {
            return Ok(false);
        }
        finish(&mut tx, id, &row, record).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Gives the held claim back after a transient failure: the row waits `wait`
    /// before the next claim may take it, with `error` shown as its last error.
    /// Returns when it is due, or `None` when the claim had been lost meanwhile.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn retry_later(
        &self,
        id: &str,
        held: &Held,
        error: &str,
        wait: Duration,
    ) -> Result<Option<DateTime<Utc>>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let due: Option<DateTime<Utc>> = sqlx::query_scalar(
            "UPDATE executions SET status = 'retrying', claim_token = NULL, lease_until = NULL, \
             last_error = $3, next_attempt_at = now() + $4 * interval '1 millisecond' \
             WHERE approval_id = $1 AND claim_token = $2 AND status = 'claimed' \
             RETURNING next_attempt_at",
        )
        .bind(id)
        .bind(&held.token)
        .bind(error)
        .bind(millis(wait))
        .fetch_optional(&mut *tx)
        .await?;
        if due.is_some() {
            audit(
                &mut tx,
                id,
                "execution_retrying",
                json!({ "attempt": held.attempt, "error": error, "next_attempt_at": due }),
            )
            .await?;
        }
        tx.commit().await?;
        Ok(due)
    }
}

/// The execution row of `id`, locked until `tx` ends.
async fn lock_row(tx: &mut Transaction<'_, Postgres>, id: &str) -> Result<Option<Row>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT status, lease_until, attempts, calls, reserved, next_attempt_at, result, \
         last_error, order_id, amount_cents FROM executions WHERE approval_id = $1 FOR UPDATE",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?)
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// Past the deadline: a row no call ever left is `failed` (nothing happened, its
/// reservation goes back); one with calls begun is `unknown` (the money may have moved:
/// its reservation stays, and a human checks the shop).
async fn give_up(
    tx: &mut Transaction<'_, Postgres>,
    id: &ApprovalId,
    row: &Row,
    deadline: Deadline,
) -> Result<ExecutionRecord, StoreError> {
    let after = humantime::format_duration(Duration::from_secs(deadline.after.as_secs()));
    let last = row
        .last_error
        .as_deref()
        .unwrap_or("none recorded")
        .to_string();
    let (status, detail) = if row.calls > 0 {
        (
            "unknown",
            format!(
                "no confirmation from the backend within {after} of the approval ({} attempts, \
                 last error: {last}); it may or may not have been carried out: check {} in \
                 the shop before acting",
                row.attempts,
                row.order_id
                    .as_deref()
                    .map_or_else(|| "the action".to_string(), |o| format!("order {o}"))
            ),
        )
    } else {
        (
            "failed",
            format!(
                "not executed within {after} of the approval ({} attempts, none reached the \
                 backend; last error: {last})",
                row.attempts
            ),
        )
    };
    let record = ExecutionRecord {
        approval_id: id.clone(),
        status: status.to_string(),
        result: json!({ "error": "execution_deadline_passed", "detail": detail }),
    };
    finish(tx, id.as_str(), row, &record).await?;
    Ok(record)
}

/// The settling writes shared by [`ExecutionLedger::settle`] and [`give_up`].
async fn finish(
    tx: &mut Transaction<'_, Postgres>,
    id: &str,
    row: &Row,
    record: &ExecutionRecord,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE executions SET status = $2, result = $3, finished_at = now(), \
         claim_token = NULL, lease_until = NULL, next_attempt_at = NULL, \
         reserved = reserved AND $2 <> 'failed' WHERE approval_id = $1",
    )
    .bind(id)
    .bind(&record.status)
    .bind(Json(&record.result))
    .execute(&mut **tx)
    .await?;
    if record.status == "failed"
        && row.reserved
        && let (Some(order), Some(cents)) = (&row.order_id, row.amount_cents)
    {
        sqlx::query(
            "UPDATE order_refunds SET refunded_cents = refunded_cents - $2, updated_at = now() \
             WHERE order_id = $1",
        )
        .bind(order)
        .bind(cents)
        .execute(&mut **tx)
        .await?;
    }
    let approval = if record.status == "succeeded" {
        "executed"
    } else {
        "failed"
    };
    sqlx::query(
        "UPDATE approvals SET status = $2, execution = $3 \
         WHERE approval_id = $1 AND status = 'approved'",
    )
    .bind(id)
    .bind(approval)
    .bind(Json(record))
    .execute(&mut **tx)
    .await?;
    audit(tx, id, approval, json!({ "result": record.result })).await?;
    Ok(())
}

/// Appends an entry to the approvals' audit log, inside `tx`.
///
/// # Errors
/// The database unavailable.
pub(crate) async fn audit_as(
    tx: &mut Transaction<'_, Postgres>,
    id: &str,
    event: &str,
    actor: &str,
    detail: Value,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO audit (approval_id, event, actor, detail) VALUES ($1, $2, $3, $4)")
        .bind(id)
        .bind(event)
        .bind(actor)
        .bind(Json(detail))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn audit(
    tx: &mut Transaction<'_, Postgres>,
    id: &str,
    event: &str,
    detail: Value,
) -> Result<(), StoreError> {
    audit_as(tx, id, event, "executor", detail).await
}
