//! Each ticket's thread, kept in Redis: what the worker answered to each message of a
//! ticket, and where each approval proposed on it stands. The worker reads a ticket's
//! thread before it runs a message of it ([`ThreadStore::load`]) and writes the message
//! with its answer once the outcome is published ([`ThreadStore::record_answer`]); the
//! approvals service writes each state an approval reaches
//! ([`ThreadStore::record_approval`]).
//!
//! It is context for the agent, not a guard: the per-order ledger in PostgreSQL is what
//! refuses a second refund. So every write is idempotent (a hash field per message and
//! per approval state, written again by a redelivery to the same value), a thread
//! expires `worker.thread_ttl_secs` after its last write, and at most
//! [`MAX_STORED`] messages are kept; what the model reads is bounded again by
//! [`Thread::bounded`].

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::approval::PendingAction;
use crate::domain::thread::{ApprovalEvent, ApprovalStatus, Entry, EventKind, Thread};
use crate::kv::{self, Conn, StoreError};

/// A hash's fields and values, as `HGETALL` answers.
type Fields = Vec<(String, String)>;

/// The most messages (each with its answer) a thread keeps; the oldest go first.
pub const MAX_STORED: usize = 24;

/// One message of a ticket and our answer to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exchange {
    /// The customer's message ([`Entry::Customer`]).
    pub message: Entry,
    /// Our answer ([`Entry::Agent`]).
    pub answer: Entry,
}

impl Exchange {
    fn at(&self) -> DateTime<Utc> {
        match &self.message {
            Entry::Customer { at, .. } | Entry::Agent { at, .. } => *at,
        }
    }
}

/// Threads in Redis, under a key prefix.
#[derive(Clone)]
pub struct ThreadStore {
    conn: Conn,
    prefix: String,
    ttl: Duration,
}

impl ThreadStore {
    /// Threads on `conn` under `prefix`, each kept `ttl` after its last write.
    pub fn new(conn: Conn, prefix: &str, ttl: Duration) -> Self {
        Self {
            conn,
            prefix: prefix.to_string(),
            ttl,
        }
    }

    /// Connects to `target` ([`kv::connect`]).
    ///
    /// # Errors
    /// Redis unreachable.
    pub async fn connect(
        target: impl Into<kv::Target>,
        prefix: &str,
        ttl: Duration,
    ) -> Result<Self, StoreError> {
        Ok(Self::new(kv::connect(target).await?, prefix, ttl))
    }

    // The ticket id is the hash tag: a ticket's two keys share a slot on a cluster.
    fn messages_key(&self, ticket_id: &str) -> String {
        kv::key(&self.prefix, "thread", ticket_id)
    }

    fn approvals_key(&self, ticket_id: &str) -> String {
        kv::key(&self.prefix, "thread-approvals", ticket_id)
    }

    /// The thread of `ticket_id` as it stands before the message `current`: every
    /// other message with its answer (a redelivered message is not its own context),
    /// and each approval in its latest state; bounded.
    ///
    /// # Errors
    /// Redis unavailable. A stored entry that does not parse is left out (logged).
    pub async fn load(&self, ticket_id: &str, current: &str) -> Result<Thread, StoreError> {
        let mut c = self.conn.clone();
        let (messages, approvals): (Fields, Fields) = redis::pipe()
            .cmd("HGETALL")
            .arg(self.messages_key(ticket_id))
            .cmd("HGETALL")
            .arg(self.approvals_key(ticket_id))
            .query_async(&mut c)
            .await?;
        let mut exchanges: Vec<Exchange> = messages
            .into_iter()
            .filter(|(message_id, _)| message_id != current)
            .filter_map(|(message_id, json)| parsed(&json, "message", &message_id))
            .collect();
        exchanges.sort_by_key(Exchange::at);
        let entries = exchanges
            .into_iter()
            .flat_map(|e| [e.message, e.answer])
            .collect();
        let mut events: Vec<ApprovalEvent> = approvals
            .into_iter()
            .filter_map(|(field, json)| parsed(&json, "approval", &field))
            .collect();
        // Two states recorded at one instant (a policy approves and the executor pays
        // within a millisecond) are told apart by their order in an approval's life.
        events.sort_by_key(|e| (e.at, rank(e.status)));
        Ok(Thread::bounded(entries, events))
    }

    /// Records `exchange` as the answer to message `message_id` of `ticket_id`. Written
    /// again by a redelivery, it stays one entry.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn record_answer(
        &self,
        ticket_id: &str,
        message_id: &str,
        exchange: &Exchange,
    ) -> Result<(), StoreError> {
        let key = self.messages_key(ticket_id);
        let json = serde_json::to_string(exchange).expect("an exchange serializes");
        if self.write(&key, message_id, &json).await? > MAX_STORED {
            self.forget_oldest(&key).await?;
        }
        Ok(())
    }

    /// Sets `field` of the hash `key` and keeps the hash for the store's TTL from now; the
    /// hash's length after.
    async fn write(&self, key: &str, field: &str, json: &str) -> Result<usize, StoreError> {
        let mut c = self.conn.clone();
        let (len,): (usize,) = redis::pipe()
            .cmd("HSET")
            .arg(key)
            .arg(field)
            .arg(json)
            .ignore()
            .cmd("PEXPIRE")
            .arg(key)
            .arg(millis(self.ttl))
            .ignore()
            .cmd("HLEN")
            .arg(key)
            .query_async(&mut c)
            .await?;
        Ok(len)
    }

    async fn forget_oldest(&self, key: &str) -> Result<(), StoreError> {
        let mut c = self.conn.clone();
        let all: Vec<(String, String)> = redis::cmd("HGETALL").arg(key).query_async(&mut c).await?;
        let mut dated: Vec<(Option<DateTime<Utc>>, String)> = all
            .into_iter()
            .map(|(field, json)| {
                let at = serde_json::from_str::<Exchange>(&json).ok().map(|e| e.at());
                (at, field)
            })
            .collect();
        // What does not parse goes first, then the oldest.
        dated.sort();
        let over = dated.len().saturating_sub(MAX_STORED);
        let fields: Vec<String> = dated.into_iter().take(over).map(|(_, f)| f).collect();
        if !fields.is_empty() {
            let _: () = redis::cmd("HDEL")
                .arg(key)
                .arg(fields)
                .query_async(&mut c)
                .await?;
        }
        Ok(())
    }

    /// How many messages the thread of `ticket_id` holds (at most [`MAX_STORED`]).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn messages(&self, ticket_id: &str) -> Result<usize, StoreError> {
        let mut c = self.conn.clone();
        Ok(redis::cmd("HLEN")
            .arg(self.messages_key(ticket_id))
            .query_async(&mut c)
            .await?)
    }

    /// Records that approval `approval_id` of `ticket_id` reached `event.status`. One
    /// field per approval and state: a state written twice is one, and states written
    /// out of order are read back in the order they happened.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn record_approval(
        &self,
        ticket_id: &str,
        approval_id: &str,
        event: &ApprovalEvent,
    ) -> Result<(), StoreError> {
        let key = self.approvals_key(ticket_id);
        let field = format!("{approval_id}:{}", event.status.as_str());
        let json = serde_json::to_string(event).expect("an approval event serializes");
        self.write(&key, &field, &json).await?;
        Ok(())
    }

    /// Deletes every thread under the prefix (tests and the lab clean up with it).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn delete_all(&self) -> Result<(), StoreError> {
        kv::delete_matching(
            &self.conn,
            &[
                format!("{}:thread:*", self.prefix),
                format!("{}:thread-approvals:*", self.prefix),
            ],
        )
        .await
    }
}

/// An approval of `tool` as the thread records it in `status` at `at`: for a refund
/// (`action`, when its arguments read) its order and amount (the reviewer's edit, when
/// `amount` says so), the confirmation of an executed one, the reason of a rejected one.
pub fn approval_event(
    tool: &str,
    action: Option<&PendingAction>,
    status: ApprovalStatus,
    at: DateTime<Utc>,
    amount: Option<crate::domain::money::Usd>,
    confirmation_id: Option<String>,
    reason: Option<String>,
) -> ApprovalEvent {
    let refund = action.and_then(|a| a.refund_order());
    ApprovalEvent {
        kind: EventKind::Approval,
        at,
        tool: tool.to_string(),
        order_id: refund.map(|(o, _)| o.to_string()),
        amount_usd: amount.or(refund.map(|(_, a)| a)),
        status,
        confirmation_id,
        reason,
    }
}

fn parsed<T: serde::de::DeserializeOwned>(json: &str, what: &str, field: &str) -> Option<T> {
    match serde_json::from_str(json) {
        Ok(v) => Some(v),
        Err(e) => {
            tracing::warn!(field, error = %e, "a stored thread {what} does not parse; left out");
            None
        }
    }
}

/// Where a state comes in an approval's life.
fn rank(status: ApprovalStatus) -> u8 {
    match status {
        ApprovalStatus::Pending => 0,
        ApprovalStatus::Approved => 1,
        ApprovalStatus::Executed
        | ApprovalStatus::Failed
        | ApprovalStatus::Rejected
        | ApprovalStatus::Expired => 2,
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX).max(1)
}
