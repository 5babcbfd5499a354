//! The ingest API's memory of what it accepted, in Redis: one record per dedupe key (a
//! ticket's work key, or a sender's `Idempotency-Key`), so that a sender's retry of a
//! ticket, or of one message of its thread, already accepted is answered from the record
//! and publishes nothing.
//!
//! A record is first a *claim* (`pending`, with a random token and a short TTL:
//! `ingest.claim_lease_secs`), taken with `SET NX` before the publish, and becomes
//! *accepted* (TTL `ingest.dedupe_window_secs`) only once the broker confirmed the
//! message. A failed publish gives the claim back, so the retry publishes. The one
//! window left open: a process that dies after the broker's confirm and before it
//! marks the record accepted lets the claim run out, and a retry after that publishes
//! a second copy, which the worker's own per-ticket record runs only once
//! (docs/integrations.md). Each step covers a whole batch in one Lua script, one round
//! trip however many tickets it holds; on Redis Cluster, where a script touches one
//! slot only, the batch goes as one script call per key, all at once.

use std::sync::LazyLock;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::kv::{self, StoreError};

/// What a dedupe key names.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DedupeKey {
    /// A ticket (every sender's), by its work key: its id, or its id and the message's of
    /// its thread ([`crate::domain::ticket::WorkKey`]).
    Ticket(String),
    /// One sender's `Idempotency-Key`.
    Header {
        /// The sender.
        sender: String,
        /// The key as sent.
        key: String,
    },
}

/// A record as stored (JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Record {
    /// Claimed by the request holding `token`, which is publishing it now.
    Pending {
        /// Digest of the ticket's validated content.
        fingerprint: String,
        /// The claimer's random token.
        token: String,
    },
    /// Published and confirmed by the broker.
    Accepted {
        /// Digest of the ticket's validated content.
        fingerprint: String,
        /// The ticket it was (the key says which message of it, if one).
        ticket_id: String,
        /// Who sent it.
        sender: String,
        /// When the broker confirmed it.
        accepted_at: DateTime<Utc>,
    },
}

/// What a claim found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claimed {
    /// The claim is ours: publish, then [`Dedupe::accept`] or [`Dedupe::release`] with
    /// this exact value.
    Ours(String),
    /// Someone holds it or accepted it already.
    Taken(Record),
}

/// KEYS: the records. ARGV[1]: lease ms; ARGV[1+i]: the pending value for KEYS[i].
/// Answers, per key, '' when claimed, else the record found.
const CLAIM: &str = r#"
local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('SET', key, ARGV[i + 1], 'NX', 'PX', ARGV[1]) then
    out[i] = ''
  else
    out[i] = redis.call('GET', key) or ''
  end
end
return out
"#;

/// KEYS: the records. ARGV[1]: window ms; ARGV[2i], ARGV[2i+1]: our pending value and
/// the accepted record for KEYS[i]. A record still ours, or gone (our claim ran out
/// while the broker confirmed), becomes accepted; another claimer's is left alone.
const ACCEPT: &str = r#"
local n = 0
for i, key in ipairs(KEYS) do
  local v = redis.call('GET', key)
  if (not v) or v == ARGV[2 * i] then
    redis.call('SET', key, ARGV[2 * i + 1], 'PX', ARGV[1])
    n = n + 1
  end
end
return n
"#;

/// KEYS: the records. ARGV[i]: our pending value for KEYS[i]; deleted if still ours.
const RELEASE: &str = r#"
local n = 0
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[i] then
    redis.call('DEL', key)
    n = n + 1
  end
end
return n
"#;

static CLAIM_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(CLAIM));
static ACCEPT_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(ACCEPT));
static RELEASE_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(RELEASE));

/// The records, under `{redis.key_prefix}:ingest:`.
#[derive(Clone)]
pub struct Dedupe {
    conn: kv::Conn,
    prefix: String,
}

impl Dedupe {
    /// Connects to `target` (one Redis or a cluster); keys go under `{prefix}:ingest:`.
    ///
    /// # Errors
    /// Redis unreachable.
    pub async fn connect(target: impl Into<kv::Target>, prefix: &str) -> Result<Self, StoreError> {
        Ok(Self {
            conn: kv::connect(target).await?,
            prefix: format!("{prefix}:ingest"),
        })
    }

    /// The Redis key of `key`. A sender's name holds no `:`, so the two kinds and
    /// two senders' keys never meet.
    pub fn redis_key(&self, key: &DedupeKey) -> String {
        match key {
            DedupeKey::Ticket(id) => format!("{}:ticket:{id}", self.prefix),
            DedupeKey::Header { sender, key } => format!("{}:key:{sender}:{key}", self.prefix),
        }
    }

    /// Whether Redis answers.
    pub async fn ping(&self) -> bool {
        kv::ping(&self.conn).await
    }

    /// The slices of a batch of `n` keys that one script call may cover: all of them
    /// on one Redis, one key each on a cluster.
    fn batches(&self, n: usize) -> Vec<std::ops::Range<usize>> {
        if self.conn.is_cluster() {
            (0..n).map(|i| i..i + 1).collect()
        } else {
            std::iter::once(0..n).collect()
        }
    }

    /// Runs `script` once per batch at the same time, each call prepared by `prepare`
    /// for its slice of the keys; the replies in the order of the batches.
    async fn invoke_batched<T: redis::FromRedisValue>(
        &self,
        script: &redis::Script,
        n: usize,
        prepare: impl Fn(&mut redis::ScriptInvocation<'_>, std::ops::Range<usize>),
    ) -> Result<Vec<T>, StoreError> {
        let calls = self.batches(n).into_iter().map(|range| {
            let mut invocation = script.prepare_invoke();
            prepare(&mut invocation, range);
            let mut c = self.conn.clone();
            async move { invocation.invoke_async::<T>(&mut c).await }
        });
        Ok(futures::future::try_join_all(calls).await?)
    }

    /// Claims every key (with its ticket's fingerprint) for `lease`, in one round
    /// trip.
    ///
    /// # Errors
    /// Redis unavailable, or a record that does not parse.
    pub async fn claim(
        &self,
        keys: &[(&DedupeKey, &str)],
        lease: Duration,
    ) -> Result<Vec<Claimed>, StoreError> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let pending: Vec<String> = keys
            .iter()
            .map(|(_, fingerprint)| {
                let record = Record::Pending {
                    fingerprint: (*fingerprint).to_string(),
                    token: format!("{:032x}", rand::random::<u128>()),
                };
                serde_json::to_string(&record).expect("records serialize")
            })
            .collect();
        let found: Vec<String> = self
            .invoke_batched::<Vec<String>>(&CLAIM_SCRIPT, keys.len(), |invocation, range| {
                for (key, _) in &keys[range.clone()] {
                    invocation.key(self.redis_key(key));
                }
                invocation.arg(kv::ttl_ms(lease));
                for value in &pending[range] {
                    invocation.arg(value);
                }
            })
            .await?
            .into_iter()
            .flatten()
            .collect();
        if found.len() != keys.len() {
            return Err(StoreError::Corrupt(
                "the claim script answered for another number of keys".into(),
            ));
        }
        found
            .into_iter()
            .zip(pending)
            .map(|(found, ours)| {
                if found.is_empty() {
                    Ok(Claimed::Ours(ours))
                } else {
                    serde_json::from_str(&found)
                        .map(Claimed::Taken)
                        .map_err(|e| StoreError::Corrupt(format!("an ingest record: {e}")))
                }
            })
            .collect()
    }

    /// Marks claimed keys accepted for `window`: (key, our pending value, the record).
    /// Returns how many were written (a key another claimer holds now is left alone).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn accept(
        &self,
        done: &[(&DedupeKey, &str, &Record)],
        window: Duration,
    ) -> Result<usize, StoreError> {
        if done.is_empty() {
            return Ok(0);
        }
        let written = self
            .invoke_batched::<usize>(&ACCEPT_SCRIPT, done.len(), |invocation, range| {
                for (key, _, _) in &done[range.clone()] {
                    invocation.key(self.redis_key(key));
                }
                invocation.arg(kv::ttl_ms(window));
                for (_, pending, record) in &done[range] {
                    invocation
                        .arg(*pending)
                        .arg(serde_json::to_string(record).expect("records serialize"));
                }
            })
            .await?;
        Ok(written.into_iter().sum())
    }

    /// Gives claims back unfinished: (key, our pending value). A retry may claim at
    /// once.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn release(&self, claims: &[(&DedupeKey, &str)]) -> Result<usize, StoreError> {
        if claims.is_empty() {
            return Ok(0);
        }
        let released = self
            .invoke_batched::<usize>(&RELEASE_SCRIPT, claims.len(), |invocation, range| {
                for (key, _) in &claims[range.clone()] {
                    invocation.key(self.redis_key(key));
                }
                for (_, pending) in &claims[range] {
                    invocation.arg(*pending);
                }
            })
            .await?;
        Ok(released.into_iter().sum())
    }

    /// The record of `key`, if any.
    ///
    /// # Errors
    /// Redis unavailable, or a record that does not parse.
    pub async fn get(&self, key: &DedupeKey) -> Result<Option<Record>, StoreError> {
        let mut c = self.conn.clone();
        let v: Option<String> = redis::cmd("GET")
            .arg(self.redis_key(key))
            .query_async(&mut c)
            .await?;
        v.map(|v| {
            serde_json::from_str(&v)
                .map_err(|e| StoreError::Corrupt(format!("an ingest record: {e}")))
        })
        .transpose()
    }

    /// Deletes every record (tests and the lab clean up with it).
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn delete_all(&self) -> Result<(), StoreError> {
        kv::delete_matching(&self.conn, &[format!("{}:*", self.prefix)]).await
    }
}
