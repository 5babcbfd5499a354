//! The idempotency store: claim a key before a side effect, record its result after.
//!
//! A claim is a lease: `SET key in_progress NX PX lease` in Redis, an entry with a
//! deadline in memory. While it holds, every other claimer is told
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

/// A store failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The store could not be reached; worth retrying.
    #[error("idempotency store unavailable: {0}")]
    Unavailable(String),
    /// A stored value did not parse.
    #[error("corrupt idempotency record: {0}")]
    Corrupt(String),
}

impl From<redis::RedisError> for StoreError {
    fn from(e: redis::RedisError) -> Self {
        StoreError::Unavailable(e.to_string())
    }
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

/// The Redis store. Keys: `{prefix}:idem:{key}` holds `{"state":"in_progress","token":…}`
/// with the lease as its TTL, then `{"state":"done","result":…}` with the result TTL;
/// `{prefix}:idem:{key}:claims` counts claims, to tell a recovery.
#[derive(Clone)]
pub struct RedisStore {
    conn: redis::aio::ConnectionManager,
    prefix: String,
}

// Claim atomically: a live record answers; otherwise count the claim and set ours.
const CLAIM_SCRIPT: &str = r#"
local v = redis.call('GET', KEYS[1])
if v then return {'existing', v} end
local n = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return {'acquired', tostring(n)}
"#;

// Record the result unless a result is already there (first result wins).
const COMPLETE_SCRIPT: &str = r#"
local v = redis.call('GET', KEYS[1])
if v and string.find(v, '"state":"done"', 1, true) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"#;

// Delete or extend only our own claim.
const RELEASE_SCRIPT: &str = r#"
local v = redis.call('GET', KEYS[1])
if v and string.find(v, ARGV[1], 1, true) and string.find(v, '"state":"in_progress"', 1, true) then
  redis.call('DEL', KEYS[1])
  redis.call('DECR', KEYS[2])
  return 1
end
return 0
"#;

const EXTEND_SCRIPT: &str = r#"
local v = redis.call('GET', KEYS[1])
if v and string.find(v, ARGV[1], 1, true) and string.find(v, '"state":"in_progress"', 1, true) then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
"#;

impl RedisStore {
    /// Connects to `url`; every key is written under `prefix`.
    ///
    /// # Errors
    /// When Redis cannot be reached.
    pub async fn connect(url: &str, prefix: &str) -> Result<Self, StoreError> {
        let client = redis::Client::open(url)?;
        let conn = redis::aio::ConnectionManager::new(client).await?;
        Ok(Self {
            conn,
            prefix: prefix.to_string(),
        })
    }

    fn keys(&self, key: &str) -> (String, String) {
        let k = format!("{}:idem:{key}", self.prefix);
        let c = format!("{k}:claims");
        (k, c)
    }

    /// Deletes every key under this store's prefix (tests clean up with it).
    ///
    /// # Errors
    /// Redis failures.
    pub async fn delete_all(&self) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        let pattern = format!("{}:*", self.prefix);
        let keys: Vec<String> = {
            let mut iter = conn.scan_match::<_, String>(&pattern).await?;
            let mut keys = Vec::new();
            while let Some(k) = futures::StreamExt::next(&mut iter).await {
                keys.push(k?);
            }
            keys
        };
        if !keys.is_empty() {
            let _: () = conn.del(keys).await?;
        }
        Ok(())
    }
}

fn millis(d: Duration) -> u64 {
    d.as_millis().clamp(1, u64::MAX as u128) as u64
}

#[async_trait]
impl IdempotencyStore for RedisStore {
    async fn claim(&self, key: &str, lease: Duration) -> Result<Claim, StoreError> {
        let (k, c) = self.keys(key);
        let token = ClaimToken::new();
        let record = serde_json::json!({ "state": "in_progress", "token": token.0 }).to_string();
        let mut conn = self.conn.clone();
        let reply: Vec<String> = redis::Script::new(CLAIM_SCRIPT)
            .key(&k)
            .key(&c)
            .arg(record)
            .arg(millis(lease))
            // The claim counter outlives any result, so a late recovery is still seen.
            .arg(millis(Duration::from_secs(90 * 24 * 3600)))
            .invoke_async(&mut conn)
            .await?;
        match reply.as_slice() {
            [tag, n] if tag == "acquired" => Ok(Claim::Acquired {
                token,
                recovered: n.parse::<u64>().unwrap_or(1) > 1,
            }),
            [tag, v] if tag == "existing" => {
                let value: Value = serde_json::from_str(v)
                    .map_err(|e| StoreError::Corrupt(format!("{k}: {e}")))?;
                match value.get("state").and_then(Value::as_str) {
                    Some("done") => Ok(Claim::Done(value["result"].clone())),
                    Some("in_progress") => Ok(Claim::InProgress),
                    _ => Err(StoreError::Corrupt(format!("{k}: unknown state"))),
                }
            }
            other => Err(StoreError::Corrupt(format!("{k}: reply {other:?}"))),
        }
    }

    async fn complete(
        &self,
        key: &str,
        _token: &ClaimToken,
        result: &Value,
        ttl: Duration,
    ) -> Result<(), StoreError> {
        let (k, _) = self.keys(key);
        let record = serde_json::json!({ "state": "done", "result": result }).to_string();
        let mut conn = self.conn.clone();
        let _: i64 = redis::Script::new(COMPLETE_SCRIPT)
            .key(&k)
            .arg(record)
            .arg(millis(ttl))
            .invoke_async(&mut conn)
            .await?;
        Ok(())
    }

    async fn release(&self, key: &str, token: &ClaimToken) -> Result<(), StoreError> {
        let (k, c) = self.keys(key);
        let mut conn = self.conn.clone();
        let _: i64 = redis::Script::new(RELEASE_SCRIPT)
            .key(&k)
            .key(&c)
            .arg(&token.0)
            .invoke_async(&mut conn)
            .await?;
        Ok(())
    }

    async fn extend(
        &self,
        key: &str,
        token: &ClaimToken,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let (k, _) = self.keys(key);
        let mut conn = self.conn.clone();
        let n: i64 = redis::Script::new(EXTEND_SCRIPT)
            .key(&k)
            .arg(&token.0)
            .arg(millis(lease))
            .invoke_async(&mut conn)
            .await?;
        Ok(n == 1)
    }

    async fn result(&self, key: &str) -> Result<Option<Value>, StoreError> {
        let (k, _) = self.keys(key);
        let mut conn = self.conn.clone();
        let v: Option<String> = conn.get(&k).await?;
        let Some(v) = v else { return Ok(None) };
        let value: Value =
            serde_json::from_str(&v).map_err(|e| StoreError::Corrupt(format!("{k}: {e}")))?;
        Ok((value.get("state").and_then(Value::as_str) == Some("done"))
            .then(|| value["result"].clone()))
    }
}
