//! The idempotency store: claim a key before a side effect, record its result after.
//!
//! A claim is a lease (the protocol of [`crate::kv`] in Redis, an entry with a
//! deadline in memory). While it holds, every other claimer is told
//! [`Claim::InProgress`]; once a result is recorded, every claimer gets
//! [`Claim::Done`] with it. If the holder dies, the lease runs out and the next claimer
//! gets the key back marked `recovered`: it must redo the effect with the *same*
//! idempotency key, so that the backend, not this store, is what stops a second
//! payment. This module owns the protocol; what a key means is its callers' business.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use redis::AsyncCommands;
use serde_json::Value;

use crate::kv::{self, Begun, Lease, StoreError};

/// Proof of holding a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimToken(String);

impl ClaimToken {
    fn new() -> Self {
        use rand::Rng;
        let n: u128 = rand::rng().random();
        ClaimToken(format!("{n:032x}"))
    }
}

/// The answer to a claim.
#[derive(Debug, Clone, PartialEq)]
pub enum Claim {
    /// The caller holds the key now. `recovered` means an earlier holder's lease ran
    /// out before it recorded a result: its effect may or may not have happened.
    Acquired {
        /// Proof of holding the claim.
        token: ClaimToken,
        /// Whether an earlier claim expired unfinished.
        recovered: bool,
    },
    /// Someone else holds a live claim.
    InProgress,
    /// The result recorded for this key.
    Done(Value),
}

/// Claim, complete, release.
#[async_trait]
pub trait IdempotencyStore: Send + Sync {
    /// Claims `key` for `lease`, or reports who has it or what it produced.
    async fn claim(&self, key: &str, lease: Duration) -> Result<Claim, StoreError>;

    /// Records the result of the claimed work, kept for `ttl`.
    async fn complete(
        &self,
        key: &str,
        token: &ClaimToken,
        result: &Value,
        ttl: Duration,
    ) -> Result<(), StoreError>;

    /// Gives a claim back unfinished (the effect did not happen), so that a retry may
    /// claim at once.
    async fn release(&self, key: &str, token: &ClaimToken) -> Result<(), StoreError>;

    /// Extends a live claim's lease (for long work).
    async fn extend(
        &self,
        key: &str,
        token: &ClaimToken,
        lease: Duration,
    ) -> Result<bool, StoreError>;

    /// The recorded result, if any.
    async fn result(&self, key: &str) -> Result<Option<Value>, StoreError>;

    /// Whether the store answers now (a `/readyz` check); one in memory always does.
    async fn ping(&self) -> bool {
        true
    }
}

#[derive(Debug)]
enum Entry {
    InProgress { token: ClaimToken, until: Instant },
    Done { value: Value, until: Instant },
}

/// An in-process store, for the embedded mode and tests.
#[derive(Debug, Default)]
pub struct MemoryStore {
    // key → entry, and key → number of claims ever acquired (to tell recovery).
    inner: Mutex<(HashMap<String, Entry>, HashMap<String, u32>)>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }
}

#[async_trait]
impl IdempotencyStore for MemoryStore {
    async fn claim(&self, key: &str, lease: Duration) -> Result<Claim, StoreError> {
        let now = Instant::now();
        let mut guard = self.inner.lock().expect("store lock");
        let (entries, claims) = &mut *guard;
        match entries.get(key) {
            Some(Entry::Done { value, until }) if *until > now => {
                return Ok(Claim::Done(value.clone()));
            }
            Some(Entry::InProgress { until, .. }) if *until > now => return Ok(Claim::InProgress),
            _ => {}
        }
        let count = claims.entry(key.to_string()).or_insert(0);
        *count += 1;
        let token = ClaimToken::new();
        entries.insert(
            key.to_string(),
            Entry::InProgress {
                token: token.clone(),
                until: now + lease,
            },
        );
        Ok(Claim::Acquired {
            token,
            recovered: *count > 1,
        })
    }

    async fn complete(
        &self,
        key: &str,
        _token: &ClaimToken,
        result: &Value,
        ttl: Duration,
    ) -> Result<(), StoreError> {
        // Recorded whoever holds the claim now: a holder whose lease ran out did the
        // work under the same key, so its result is the result.
        let mut guard = self.inner.lock().expect("store lock");
        if !matches!(guard.0.get(key), Some(Entry::Done { until, .. }) if *until > Instant::now()) {
            guard.0.insert(
                key.to_string(),
                Entry::Done {
                    value: result.clone(),
                    until: Instant::now() + ttl,
                },
            );
        }
        Ok(())
    }

    async fn release(&self, key: &str, token: &ClaimToken) -> Result<(), StoreError> {
        let mut guard = self.inner.lock().expect("store lock");
        let (entries, claims) = &mut *guard;
        if matches!(entries.get(key), Some(Entry::InProgress { token: t, .. }) if t == token) {
            entries.remove(key);
            // A released claim did no work: the next one is not a recovery.
            if let Some(c) = claims.get_mut(key) {
                *c = c.saturating_sub(1);
            }
        }
        Ok(())
    }

    async fn extend(
        &self,
        key: &str,
        token: &ClaimToken,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let mut guard = self.inner.lock().expect("store lock");
        match guard.0.get_mut(key) {
            Some(Entry::InProgress { token: t, until }) if t == token => {
                *until = Instant::now() + lease;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    async fn result(&self, key: &str) -> Result<Option<Value>, StoreError> {
        let guard = self.inner.lock().expect("store lock");
        Ok(match guard.0.get(key) {
            Some(Entry::Done { value, until }) if *until > Instant::now() => Some(value.clone()),
            _ => None,
        })
    }
}

/// The Redis store, on the lease protocol of [`crate::kv`]. Keys under
/// `{prefix}:idem:{{key}}` (the idempotency key is the hash tag, so that the three
/// share a slot on Redis Cluster): the key itself holds the done record
/// (`{"state":"done","result":…}`, kept for the result TTL); `:lease` the holder's
/// token, with the lease as its TTL; `:claims` counts claims, to tell a recovery.
#[derive(Clone)]
pub struct RedisStore {
    conn: kv::Conn,
    prefix: String,
}

/// How long the claim counter is kept: longer than any result, so that a late
/// recovery is still seen.
const CLAIMS_TTL: Duration = Duration::from_secs(90 * 24 * 3600);

struct Keys {
    done: String,
    lease: String,
    claims: String,
}

impl Keys {
    fn lease(&self) -> Lease<'_> {
        Lease {
            done: &self.done,
            lease: &self.lease,
        }
    }
}

impl RedisStore {
    /// Connects to `target` (one Redis or a cluster); every key is written under
    /// `prefix`.
    ///
    /// # Errors
    /// When Redis cannot be reached.
    pub async fn connect(target: impl Into<kv::Target>, prefix: &str) -> Result<Self, StoreError> {
        Ok(Self {
            conn: kv::connect(target).await?,
            prefix: prefix.to_string(),
        })
    }

    fn keys(&self, key: &str) -> Keys {
        let done = kv::key(&self.prefix, "idem", key);
        Keys {
            lease: format!("{done}:lease"),
            claims: format!("{done}:claims"),
            done,
        }
    }

    /// Deletes every key under this store's prefix (tests clean up with it).
    ///
    /// # Errors
    /// Redis failures.
    pub async fn delete_all(&self) -> Result<(), StoreError> {
        kv::delete_matching(&self.conn, &[format!("{}:*", self.prefix)]).await
    }
}

/// The result in a done record; `None` for a record written by an older version
/// while its claim was in progress (it expires with that claim's lease).
fn done_result(key: &str, record: &str) -> Result<Option<Value>, StoreError> {
    let value: Value =
        serde_json::from_str(record).map_err(|e| StoreError::Corrupt(format!("{key}: {e}")))?;
    match value.get("state").and_then(Value::as_str) {
        Some("done") => Ok(Some(value["result"].clone())),
        Some("in_progress") => Ok(None),
        _ => Err(StoreError::Corrupt(format!("{key}: unknown state"))),
    }
}

#[async_trait]
impl IdempotencyStore for RedisStore {
    async fn ping(&self) -> bool {
        kv::ping(&self.conn).await
    }

    async fn claim(&self, key: &str, lease: Duration) -> Result<Claim, StoreError> {
        let keys = self.keys(key);
        let token = ClaimToken::new();
        // Nothing is recorded beside the claim: the done record is read first anyway.
        match keys
            .lease()
            .begin(&self.conn, &keys.done, &token.0, lease)
            .await?
        {
            Begun::Done(record) => Ok(match done_result(&keys.done, &record)? {
                Some(result) => Claim::Done(result),
                None => Claim::InProgress,
            }),
            Begun::Busy(_) => Ok(Claim::InProgress),
            Begun::Leased(_) => {
                let mut c = self.conn.clone();
                let (claims, _): (u64, i64) = redis::pipe()
                    .atomic()
                    .incr(&keys.claims, 1)
                    .pexpire(&keys.claims, kv::ttl_ms(CLAIMS_TTL) as i64)
                    .query_async(&mut c)
                    .await?;
                Ok(Claim::Acquired {
                    token,
                    recovered: claims > 1,
                })
            }
        }
    }

    async fn complete(
        &self,
        key: &str,
        token: &ClaimToken,
        result: &Value,
        ttl: Duration,
    ) -> Result<(), StoreError> {
        // Recorded whoever holds the claim now: a holder whose lease ran out did the
        // work under the same key, so its result is the result (the first one stays).
        let keys = self.keys(key);
        let record = serde_json::json!({ "state": "done", "result": result }).to_string();
        keys.lease()
            .finish(&self.conn, &record, ttl, &token.0)
            .await?;
        Ok(())
    }

    async fn release(&self, key: &str, token: &ClaimToken) -> Result<(), StoreError> {
        let keys = self.keys(key);
        if keys.lease().release(&self.conn, &token.0).await? {
            // A released claim did no work: the next one is not a recovery.
            let mut c = self.conn.clone();
            let _: i64 = c.decr(&keys.claims, 1).await?;
        }
        Ok(())
    }

    async fn extend(
        &self,
        key: &str,
        token: &ClaimToken,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let keys = self.keys(key);
        keys.lease().extend(&self.conn, &token.0, lease).await
    }

    async fn result(&self, key: &str) -> Result<Option<Value>, StoreError> {
        let keys = self.keys(key);
        let mut c = self.conn.clone();
        let record: Option<String> = c.get(&keys.done).await?;
        match record {
            Some(record) => done_result(&keys.done, &record),
            None => Ok(None),
        }
    }
}
