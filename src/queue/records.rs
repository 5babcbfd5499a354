//! A ticket's life in Redis, for the worker: its lease, its recorded result, and its
//! done record.
//!
//! - `{prefix}:lease:{ticket_id}`: who runs the ticket now (a token, with a TTL, extended
//!   while the agent runs): two workers never run one ticket at the same time.
//! - `{prefix}:result:{ticket_id}`: the outcome and approvals decided by the first run
//!   that got that far. Written (first one wins) *before* anything is published, so a
//!   redelivery re-publishes exactly these messages instead of running the agent again.
//! - `{prefix}:done:{ticket_id}`: written after the outcome is confirmed by the broker,
//!   before the ack. A delivery of a ticket that is done is acked without running.
//!
//! A delivery costs three round trips on its happy path: [`TicketRecords::begin`] (the
//! done check, the lease and the recorded result, in one script), recording the result,
//! and [`TicketRecords::finish`] (the done record and the lease's release, in another).

use std::sync::LazyLock;
use std::time::Duration;

use redis::AsyncCommands;
use serde::{Deserialize, Serialize};

use super::messages::Finished;
use crate::idempotency::StoreError;

/// The done record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DoneRecord {
    /// The outcome published.
    pub outcome: String,
    /// The attempt that finished it.
    pub attempt: u32,
    /// The worker that finished it.
    pub worker_id: String,
    /// When.
    pub done_at: chrono::DateTime<chrono::Utc>,
}

/// The worker's Redis records.
#[derive(Clone)]
pub struct TicketRecords {
    conn: redis::aio::ConnectionManager,
    prefix: String,
}

const RELEASE: &str = r#"
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"#;

const EXTEND: &str = r#"
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"#;

/// KEYS: done, lease, result. ARGV: token, lease ms. The done record wins over
/// everything; then the lease, which must be ours before the result is read, so that a
/// result we act on cannot be half-way through another worker's run.
const BEGIN: &str = r#"
local done = redis.call('GET', KEYS[1])
if done then return {'done', done} end
if not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {'busy'} end
local result = redis.call('GET', KEYS[3])
if result then return {'leased', result} end
return {'leased'}
"#;

/// KEYS: done, lease. ARGV: done record, ttl ms, token. A second done record keeps the
/// first; the lease goes only if it is still ours.
const FINISH: &str = r#"
redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
if redis.call('GET', KEYS[2]) == ARGV[3] then redis.call('DEL', KEYS[2]) end
return 1
"#;

// Hashed once rather than on every call.
static BEGIN_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(BEGIN));
static FINISH_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(FINISH));
static EXTEND_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(EXTEND));
static RELEASE_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(RELEASE));

/// What [`TicketRecords::begin`] found.
#[derive(Debug, Clone, PartialEq)]
pub enum Begin {
    /// The ticket is done: ack the duplicate without running it.
    Done(DoneRecord),
    /// Another worker holds the lease.
    Busy,
    /// The lease is ours; with the result an earlier run recorded, if one did.
    Leased {
        /// The recorded result, to re-publish instead of running the agent again.
        recorded: Option<Finished>,
    },
}

fn parse<T: serde::de::DeserializeOwned>(v: &str) -> Result<T, StoreError> {
    serde_json::from_str(v).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn ms(d: Duration) -> u64 {
    d.as_millis().clamp(1, u128::from(u64::MAX)) as u64
}

impl TicketRecords {
    /// Connects.
    ///
    /// # Errors
    /// Redis unreachable.
    pub async fn connect(url: &str, prefix: &str) -> Result<Self, StoreError> {
        let client = redis::Client::open(url)?;
        // Fail fast when Redis is down instead of queueing commands behind reconnects.
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Some(Duration::from_secs(2)))
            .set_response_timeout(Some(Duration::from_secs(5)))
            .set_number_of_retries(1);
        let conn = redis::aio::ConnectionManager::new_with_config(client, config).await?;
        Ok(Self {
            conn,
            prefix: prefix.to_string(),
        })
    }

    /// The key prefix these records live under.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    fn key(&self, kind: &str, ticket_id: &str) -> String {
        format!("{}:{kind}:{ticket_id}", self.prefix)
    }

    /// Whether Redis answers.
    pub async fn ping(&self) -> bool {
        let mut c = self.conn.clone();
        redis::cmd("PING")
            .query_async::<String>(&mut c)
            .await
            .is_ok()
    }

    /// Starts a delivery in one round trip: the done record if the ticket is done,
    /// else our lease on it (with the result an earlier run recorded), else busy.
    ///
    /// # Errors
    /// Redis unavailable, or a record that does not parse.
    pub async fn begin(
        &self,
        ticket_id: &str,
        token: &str,
        lease: Duration,
    ) -> Result<Begin, StoreError> {
        let mut c = self.conn.clone();
        let reply: Vec<String> = BEGIN_SCRIPT
            .key(self.key("done", ticket_id))
            .key(self.key("lease", ticket_id))
            .key(self.key("result", ticket_id))
            .arg(token)
            .arg(ms(lease))
            .invoke_async(&mut c)
            .await?;
        match reply.as_slice() {
            [kind, done] if kind == "done" => Ok(Begin::Done(parse(done)?)),
            [kind] if kind == "busy" => Ok(Begin::Busy),
            [kind] if kind == "leased" => Ok(Begin::Leased { recorded: None }),
            [kind, result] if kind == "leased" => Ok(Begin::Leased {
                recorded: Some(parse(result)?),
            }),
            other => Err(StoreError::Corrupt(format!(
                "unexpected reply from the begin script: {other:?}"
            ))),
        }
    }

    /// Ends a delivery in one round trip: writes the done record (a second write keeps
    /// the first) and gives our lease back.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn finish(
        &self,
        ticket_id: &str,
        record: &DoneRecord,
        ttl: Duration,
        token: &str,
    ) -> Result<(), StoreError> {
        let mut c = self.conn.clone();
        let _: i64 = FINISH_SCRIPT
            .key(self.key("done", ticket_id))
            .key(self.key("lease", ticket_id))
            .arg(serde_json::to_string(record).expect("records serialize"))
            .arg(ms(ttl))
            .arg(token)
            .invoke_async(&mut c)
            .await?;
        Ok(())
    }

    /// Extends our lease; `false` if it is no longer ours.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn extend_lease(
        &self,
        ticket_id: &str,
        token: &str,
        ttl: Duration,
    ) -> Result<bool, StoreError> {
        let mut c = self.conn.clone();
        let n: i64 = EXTEND_SCRIPT
            .key(self.key("lease", ticket_id))
            .arg(token)
            .arg(ms(ttl))
            .invoke_async(&mut c)
            .await?;
        Ok(n == 1)
    }

    /// Gives our lease back.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn release_lease(&self, ticket_id: &str, token: &str) -> Result<(), StoreError> {
        let mut c = self.conn.clone();
        let _: i64 = RELEASE_SCRIPT
            .key(self.key("lease", ticket_id))
            .arg(token)
            .invoke_async(&mut c)
            .await?;
        Ok(())
    }

    /// The done record, if the ticket is done.
    ///
    /// # Errors
    /// Redis unavailable, or a record that does not parse.
    pub async fn done(&self, ticket_id: &str) -> Result<Option<DoneRecord>, StoreError> {
        let mut c = self.conn.clone();
        let v: Option<String> = c.get(self.key("done", ticket_id)).await?;
        v.as_deref().map(parse).transpose()
    }

    /// The recorded result, if a run got that far.
    ///
    /// # Errors
    /// Redis unavailable, or a record that does not parse.
    pub async fn result(&self, ticket_id: &str) -> Result<Option<Finished>, StoreError> {
        let mut c = self.conn.clone();
        let v: Option<String> = c.get(self.key("result", ticket_id)).await?;
        v.as_deref().map(parse).transpose()
    }

    /// Records a run's result unless one is recorded already; returns the one that
    /// stands (the first).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn record_result(
        &self,
        ticket_id: &str,
        finished: &Finished,
        ttl: Duration,
    ) -> Result<Finished, StoreError> {
        let mut c = self.conn.clone();
        let body = serde_json::to_string(finished).expect("results serialize");
        let set: Option<String> = redis::cmd("SET")
            .arg(self.key("result", ticket_id))
            .arg(&body)
            .arg("NX")
            .arg("PX")
            .arg(ms(ttl))
            .query_async(&mut c)
            .await?;
        if set.is_some() {
            return Ok(finished.clone());
        }
        Ok(self
            .result(ticket_id)
            .await?
            .unwrap_or_else(|| finished.clone()))
    }

    /// Counts done records under the prefix (tests and the chaos check use it).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn count_done(&self) -> Result<usize, StoreError> {
        Ok(self.keys("done").await?.len())
    }

    async fn keys(&self, kind: &str) -> Result<Vec<String>, StoreError> {
        let mut c = self.conn.clone();
        let mut iter = c
            .scan_match::<_, String>(format!("{}:{kind}:*", self.prefix))
            .await?;
        let mut keys = Vec::new();
        while let Some(k) = futures::StreamExt::next(&mut iter).await {
            keys.push(k?);
        }
        Ok(keys)
    }

    /// Deletes every record under the prefix (tests clean up with it).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn delete_all(&self) -> Result<(), StoreError> {
        let mut all = Vec::new();
        for kind in ["lease", "result", "done"] {
            all.extend(self.keys(kind).await?);
        }
        if !all.is_empty() {
            let mut c = self.conn.clone();
            let _: () = c.del(all).await?;
        }
        Ok(())
    }
}
