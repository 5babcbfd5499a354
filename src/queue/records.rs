//! A unit of work's life in Redis, for the worker: its lease, its recorded result, and
//! its done record. The unit is a ticket's [`WorkKey`](crate::domain::ticket::WorkKey):
//! the ticket id alone for a whole ticket (the keys of before threads), the ticket and
//! the message for one message of its thread, so each message is run once and a new one
//! is new work.
//!
//! - `{prefix}:lease:{work_key}`: who runs the work now (a token, with a TTL, extended
//!   while the agent runs): two workers never run one message at the same time.
//! - `{prefix}:result:{work_key}`: the outcome and approvals decided by the first run
//!   that got that far. Written (first one wins) *before* anything is published, so a
//!   redelivery re-publishes exactly these messages instead of running the agent again.
//! - `{prefix}:done:{work_key}`: written after the outcome is confirmed by the broker,
//!   before the ack. A delivery of work that is done is acked without running.
//! - `{prefix}:dead:{delivery}`: written after a dead-letter copy is confirmed, before
//!   the ack. A message that has no ticket id (poison) has no done record, so this is
//!   what stops its redelivery, after an ack lost to a broker restart, from putting a
//!   second copy in the dead-letter queue.
//!
//! A delivery costs three round trips on its happy path: [`TicketRecords::begin`] (the
//! done check, the lease and the recorded result, in one script), recording the result,
//! and [`TicketRecords::finish`] (the done record and the lease's release, in another).

use std::sync::{Arc, RwLock};
use std::time::Duration;

use redis::AsyncCommands;
use serde::{Deserialize, Serialize};

use super::messages::{Finished, Sealed};
use crate::kv::{self, Begun, Lease, StoreError};

/// The done record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DoneRecord {
    /// The outcome published.
    pub outcome: String,
    /// The attempt that finished it.
    pub attempt: u32,
    /// The worker that finished it.
    pub worker_id: String,
    /// When the outcome was confirmed by the broker.
    pub done_at: chrono::DateTime<chrono::Utc>,
}

/// The worker's Redis records: the lease protocol of [`crate::kv`] with the done
/// record as its done record, and the recorded result beside it.
#[derive(Clone)]
pub struct TicketRecords {
    // Shared by the clones, so that one reconnect serves them all.
    conn: Arc<RwLock<kv::Conn>>,
    target: kv::Target,
    prefix: String,
}

/// What [`TicketRecords::begin`] found.
#[derive(Debug, Clone, PartialEq)]
#[allow(
    clippy::large_enum_variant,
    reason = "one value per delivery, matched at once: boxing the recorded result buys nothing"
)]
pub enum Begin {
    /// The work is done: ack the duplicate without running it.
    Done(DoneRecord),
    /// Another worker holds the lease, for this long yet unless it extends it.
    Busy {
        /// What the lease had left (zero when Redis could not say).
        lease_left: Duration,
    },
    /// The lease is ours; with the result an earlier run recorded, if one did.
    Leased {
        /// The recorded result, to re-publish instead of running the agent again.
        recorded: Option<Finished>,
    },
}

fn parse<T: serde::de::DeserializeOwned>(v: &str) -> Result<T, StoreError> {
    serde_json::from_str(v).map_err(|e| StoreError::Corrupt(e.to_string()))
}

struct Keys {
    done: String,
    lease: String,
}

impl Keys {
    fn lease(&self) -> Lease<'_> {
        Lease {
            done: &self.done,
            lease: &self.lease,
        }
    }
}

impl TicketRecords {
    /// Connects to `target` (through [`kv::connect`]: one Redis or a cluster); every
    /// key under `prefix`.
    ///
    /// # Errors
    /// Redis unreachable.
    pub async fn connect(target: impl Into<kv::Target>, prefix: &str) -> Result<Self, StoreError> {
        let target = target.into();
        Ok(Self {
            conn: Arc::new(RwLock::new(kv::connect(target.clone()).await?)),
            target,
            prefix: prefix.to_string(),
        })
    }

    /// The key prefix these records live under.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    // The work key is the hash tag: one unit of work's done, lease and result keys share
    // a slot, as the lease scripts need on Redis Cluster.
    fn key(&self, kind: &str, work_key: &str) -> String {
        kv::key(&self.prefix, kind, work_key)
    }

    fn keys(&self, work_key: &str) -> Keys {
        Keys {
            done: self.key("done", work_key),
            lease: self.key("lease", work_key),
        }
    }

    // A clone of the current connection: never holds the lock across an await.
    fn conn(&self) -> kv::Conn {
        self.conn
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Drops the connection for a new one to the same Redis. A cluster client whose
    /// view of the cluster went wrong during a failover can keep failing (or waiting)
    /// where a new client, which reads the topology afresh from the seed nodes,
    /// answers at once.
    ///
    /// # Errors
    /// Redis unreachable: the old connection stays.
    pub async fn reconnect(&self) -> Result<(), StoreError> {
        let fresh = kv::connect(self.target.clone()).await?;
        *self
            .conn
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = fresh;
        Ok(())
    }

    /// The tickets' threads, on the same Redis under the same prefix, each kept `ttl`
    /// after its last write.
    pub fn threads(&self, ttl: Duration) -> crate::threads::ThreadStore {
        crate::threads::ThreadStore::new(self.conn(), &self.prefix, ttl)
    }

    /// Whether Redis answers, and if not why ([`kv::health`]).
    ///
    /// # Errors
    /// The check that failed, in words.
    pub async fn health(&self) -> Result<(), String> {
        kv::health(&self.conn()).await
    }

    /// Whether Redis answers.
    pub async fn ping(&self) -> bool {
        kv::ping(&self.conn()).await
    }

    /// Starts a delivery of `work_key` in one round trip: the done record if the work is
    /// done, else our lease on it (with the result an earlier run recorded), else busy.
    ///
    /// # Errors
    /// Redis unavailable, or a record that does not parse.
    pub async fn begin(
        &self,
        work_key: &str,
        token: &str,
        lease: Duration,
    ) -> Result<Begin, StoreError> {
        let keys = self.keys(work_key);
        let begun = keys
            .lease()
            .begin(&self.conn(), &self.key("result", work_key), token, lease)
            .await?;
        Ok(match begun {
            Begun::Done(done) => Begin::Done(parse(&done)?),
            Begun::Busy(lease_left) => Begin::Busy { lease_left },
            Begun::Leased(recorded) => Begin::Leased {
                recorded: recorded.as_deref().map(parse).transpose()?,
            },
        })
    }

    /// Ends a delivery in one round trip: writes the done record (a second write keeps
    /// the first) and gives our lease back.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn finish(
        &self,
        work_key: &str,
        record: &DoneRecord,
        ttl: Duration,
        token: &str,
    ) -> Result<(), StoreError> {
        let record = serde_json::to_string(record).expect("records serialize");
        self.keys(work_key)
            .lease()
            .finish(&self.conn(), &record, ttl, token)
            .await?;
        Ok(())
    }

    /// Extends our lease; `false` if it is no longer ours.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn extend_lease(
        &self,
        work_key: &str,
        token: &str,
        ttl: Duration,
    ) -> Result<bool, StoreError> {
        self.keys(work_key)
            .lease()
            .extend(&self.conn(), token, ttl)
            .await
    }

    /// Gives our lease back.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn release_lease(&self, work_key: &str, token: &str) -> Result<(), StoreError> {
        self.keys(work_key)
            .lease()
            .release(&self.conn(), token)
            .await?;
        Ok(())
    }

    /// The done record, if the work is done.
    ///
    /// # Errors
    /// Redis unavailable, or a record that does not parse.
    pub async fn done(&self, work_key: &str) -> Result<Option<DoneRecord>, StoreError> {
        let mut c = self.conn();
        let v: Option<String> = c.get(self.key("done", work_key)).await?;
        v.as_deref().map(parse).transpose()
    }

    /// Who holds the lease on `work_key` (the holder's token: its worker id and a random
    /// suffix) and for how long yet; `None` when nobody does.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn lease_holder(
        &self,
        work_key: &str,
    ) -> Result<Option<(String, Duration)>, StoreError> {
        let key = self.key("lease", work_key);
        let mut c = self.conn();
        let (token, ttl): (Option<String>, i64) = redis::pipe()
            .get(&key)
            .pttl(&key)
            .query_async(&mut c)
            .await?;
        Ok(token.map(|t| (t, Duration::from_millis(u64::try_from(ttl).unwrap_or(0)))))
    }

    /// The recorded result, if a run got that far.
    ///
    /// # Errors
    /// Redis unavailable, or a record that does not parse.
    pub async fn result(&self, work_key: &str) -> Result<Option<Finished>, StoreError> {
        let mut c = self.conn();
        let v: Option<String> = c.get(self.key("result", work_key)).await?;
        v.as_deref().map(parse).transpose()
    }

    /// Records a run's result unless one is recorded already: `None` when `sealed`
    /// now stands, else the result recorded first, which stands instead.
    ///
    /// # Errors
    /// Redis unavailable, or an earlier record that does not parse.
    pub async fn record_result(
        &self,
        work_key: &str,
        sealed: &Sealed,
        ttl: Duration,
    ) -> Result<Option<Finished>, StoreError> {
        let mut c = self.conn();
        let set: Option<String> = redis::cmd("SET")
            .arg(self.key("result", work_key))
            .arg(sealed.record())
            .arg("NX")
            .arg("PX")
            .arg(kv::ttl_ms(ttl))
            .query_async(&mut c)
            .await?;
        if set.is_some() {
            return Ok(None);
        }
        self.result(work_key).await
    }

    /// Whether a dead-letter copy of the delivery `marker` names was confirmed already.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn dead_lettered(&self, marker: &str) -> Result<bool, StoreError> {
        let mut c = self.conn();
        Ok(c.exists(self.key("dead", marker)).await?)
    }

    /// Records that a dead-letter copy of the delivery `marker` names was confirmed.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn record_dead_lettered(
        &self,
        marker: &str,
        ttl: Duration,
    ) -> Result<(), StoreError> {
        let mut c = self.conn();
        let _: () = redis::cmd("SET")
            .arg(self.key("dead", marker))
            .arg(chrono::Utc::now().to_rfc3339())
            .arg("PX")
            .arg(kv::ttl_ms(ttl))
            .query_async(&mut c)
            .await?;
        Ok(())
    }

    /// Counts done records under the prefix (tests and the chaos check use it).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn count_done(&self) -> Result<usize, StoreError> {
        Ok(kv::scan(&self.conn(), &format!("{}:done:*", self.prefix))
            .await?
            .len())
    }

    /// The work keys (for whole tickets, their ids) whose lease a holder whose token
    /// starts with `holder` has now (the chaos run asks this of a worker it has just
    /// killed: the tickets to recover).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn leased_by(&self, holder: &str) -> Result<Vec<String>, StoreError> {
        let lease_prefix = format!("{}:lease:", self.prefix);
        let keys = kv::scan(&self.conn(), &format!("{lease_prefix}*")).await?;
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let mut c = self.conn();
        let tokens: Vec<Option<String>> = redis::cmd("MGET").arg(&keys).query_async(&mut c).await?;
        Ok(keys
            .iter()
            .zip(tokens)
            .filter(|(_, token)| token.as_deref().is_some_and(|t| t.starts_with(holder)))
            .filter_map(|(key, _)| kv::untag(key, &lease_prefix).map(str::to_string))
            .collect())
    }

    /// How many of `ticket_ids` (work keys) have a done record.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn count_done_among(&self, ticket_ids: &[String]) -> Result<usize, StoreError> {
        if ticket_ids.is_empty() {
            return Ok(0);
        }
        let keys: Vec<String> = ticket_ids.iter().map(|id| self.key("done", id)).collect();
        let mut c = self.conn();
        let n: usize = redis::cmd("EXISTS").arg(&keys).query_async(&mut c).await?;
        Ok(n)
    }

    /// Deletes every record under the prefix (tests clean up with it).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn delete_all(&self) -> Result<(), StoreError> {
        let patterns = [
            "lease",
            "result",
            "done",
            "dead",
            "thread",
            "thread-approvals",
        ]
        .map(|kind| format!("{}:{kind}:*", self.prefix));
        kv::delete_matching(&self.conn(), &patterns).await
    }
}
