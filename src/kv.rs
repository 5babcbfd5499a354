//! Redis, the one way: connecting ([`connect`]), the health check ([`ping`]), key
//! scans for clean-up, the store's error type, and the one lease protocol ([`Lease`])
//! that both the idempotency store and the worker's ticket records stand on. The
//! approvals store connects here too.
//!
//! The lease protocol, per unit of work: a *done record* that, once written, answers
//! every later caller (first write wins); a *lease* key holding the current holder's
//! random token with a TTL, taken only while there is no done record, extended and
//! given back only by the holder. A holder that dies lets its lease run out, and the
//! next caller takes the work over. Each step is one Lua script, hashed once per
//! process and sent by hash after the first call.

use std::sync::LazyLock;
use std::time::Duration;

use redis::AsyncCommands;
use redis::aio::ConnectionManager;

/// A store failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The store could not be reached; worth retrying.
    #[error("store unavailable: {0}")]
    Unavailable(String),
    /// A stored value did not parse.
    #[error("corrupt stored record: {0}")]
    Corrupt(String),
}

impl From<redis::RedisError> for StoreError {
    fn from(e: redis::RedisError) -> Self {
        StoreError::Unavailable(e.to_string())
    }
}

/// A connection to `url` that reconnects by itself, and fails fast while Redis is
/// down instead of queueing commands behind reconnects: callers decide what an
/// unavailable store means (the worker stops taking tickets, the console answers 503).
///
/// # Errors
/// A URL that does not parse, or Redis unreachable now.
pub async fn connect(url: &str) -> Result<ConnectionManager, StoreError> {
    let client = redis::Client::open(url)?;
    let config = redis::aio::ConnectionManagerConfig::new()
        .set_connection_timeout(Some(Duration::from_secs(2)))
        .set_response_timeout(Some(Duration::from_secs(5)))
        .set_number_of_retries(1);
    Ok(ConnectionManager::new_with_config(client, config).await?)
}

/// Whether Redis answers `PING`.
pub async fn ping(conn: &ConnectionManager) -> bool {
    let mut c = conn.clone();
    redis::cmd("PING")
        .query_async::<String>(&mut c)
        .await
        .is_ok()
}

/// Every key matching `pattern` (a `SCAN`, never `KEYS`).
///
/// # Errors
/// Redis unavailable.
pub async fn scan(conn: &ConnectionManager, pattern: &str) -> Result<Vec<String>, StoreError> {
    let mut c = conn.clone();
    let mut iter = c.scan_match::<_, String>(pattern).await?;
    let mut keys = Vec::new();
    while let Some(k) = futures::StreamExt::next(&mut iter).await {
        keys.push(k?);
    }
    Ok(keys)
}

/// Deletes every key matching any of `patterns` (tests and the lab clean up with it).
///
/// # Errors
/// Redis unavailable.
pub async fn delete_matching(
    conn: &ConnectionManager,
    patterns: &[String],
) -> Result<(), StoreError> {
    let mut keys = Vec::new();
    for pattern in patterns {
        keys.extend(scan(conn, pattern).await?);
    }
    if !keys.is_empty() {
        let mut c = conn.clone();
        let _: () = c.del(keys).await?;
    }
    Ok(())
}

/// Milliseconds for a TTL argument: at least 1 (0 means "no TTL" to Redis).
pub fn ttl_ms(d: Duration) -> u64 {
    d.as_millis().clamp(1, u128::from(u64::MAX)) as u64
}

/// KEYS: done, lease, recorded. ARGV: token, lease ms. The done record wins over
/// everything; then the lease, which must be ours before the recorded value is read,
/// so that a value we act on cannot be half-way through another holder's work. A busy
/// reply says how long the holder's lease still runs, so that the caller can come back
/// when a dead holder's lease has lapsed rather than poll until it does.
const BEGIN: &str = r#"
local done = redis.call('GET', KEYS[1])
if done then return {'done', done} end
if not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {'busy', tostring(redis.call('PTTL', KEYS[2]))}
end
local recorded = redis.call('GET', KEYS[3])
if recorded then return {'leased', recorded} end
return {'leased'}
"#;

/// KEYS: done, lease. ARGV: done record, ttl ms, token. A second done record keeps the
/// first; the lease goes only if it is still ours.
const FINISH: &str = r#"
local written = redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
if redis.call('GET', KEYS[2]) == ARGV[3] then redis.call('DEL', KEYS[2]) end
if written then return 1 end
return 0
"#;

const EXTEND: &str = r#"
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"#;

const RELEASE: &str = r#"
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"#;

static BEGIN_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(BEGIN));
static FINISH_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(FINISH));
static EXTEND_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(EXTEND));
static RELEASE_SCRIPT: LazyLock<redis::Script> = LazyLock::new(|| redis::Script::new(RELEASE));

/// The keys of one unit of work under the lease protocol.
#[derive(Debug, Clone, Copy)]
pub struct Lease<'a> {
    /// The done record.
    pub done: &'a str,
    /// The lease: the holder's token, with a TTL.
    pub lease: &'a str,
}

/// What [`Lease::begin`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Begun {
    /// The work is done: its done record.
    Done(String),
    /// Someone else holds a live lease, which runs for this long yet unless its holder
    /// extends it (zero when Redis could not say).
    Busy(Duration),
    /// The lease is ours now; with the value at the `recorded` key, if there is one.
    Leased(Option<String>),
}

impl Lease<'_> {
    /// In one round trip: the done record if there is one, else our lease (and the
    /// value at `recorded`, read only once the lease is ours), else busy.
    ///
    /// # Errors
    /// Redis unavailable, or a reply of the wrong shape.
    pub async fn begin(
        &self,
        conn: &ConnectionManager,
        recorded: &str,
        token: &str,
        lease: Duration,
    ) -> Result<Begun, StoreError> {
        let mut c = conn.clone();
        let reply: Vec<String> = BEGIN_SCRIPT
            .key(self.done)
            .key(self.lease)
            .key(recorded)
            .arg(token)
            .arg(ttl_ms(lease))
            .invoke_async(&mut c)
            .await?;
        let mut reply = reply.into_iter();
        match (reply.next().as_deref(), reply.next(), reply.next()) {
            (Some("done"), Some(done), None) => Ok(Begun::Done(done)),
            (Some("busy"), pttl, None) => {
                // PTTL answers -2 (gone since) or -1 (no TTL) in the rare races.
                let ms = pttl.and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
                Ok(Begun::Busy(Duration::from_millis(ms)))
            }
            (Some("leased"), recorded, None) => Ok(Begun::Leased(recorded)),
            _ => Err(StoreError::Corrupt(format!(
                "{}: unexpected reply from the lease script",
                self.done
            ))),
        }
    }

    /// In one round trip: writes the done record (a second write keeps the first)
    /// and gives our lease back. Returns whether this call's record is the one kept.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn finish(
        &self,
        conn: &ConnectionManager,
        record: &str,
        ttl: Duration,
        token: &str,
    ) -> Result<bool, StoreError> {
        let mut c = conn.clone();
        let written: i64 = FINISH_SCRIPT
            .key(self.done)
            .key(self.lease)
            .arg(record)
            .arg(ttl_ms(ttl))
            .arg(token)
            .invoke_async(&mut c)
            .await?;
        Ok(written == 1)
    }

    /// Extends our lease; `false` if it is no longer ours.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn extend(
        &self,
        conn: &ConnectionManager,
        token: &str,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let mut c = conn.clone();
        let n: i64 = EXTEND_SCRIPT
            .key(self.lease)
            .arg(token)
            .arg(ttl_ms(lease))
            .invoke_async(&mut c)
            .await?;
        Ok(n == 1)
    }

    /// Gives our lease back unfinished; `false` if it was no longer ours.
    ///
    /// # Errors
    /// Redis unavailable.
    pub async fn release(&self, conn: &ConnectionManager, token: &str) -> Result<bool, StoreError> {
        let mut c = conn.clone();
        let n: i64 = RELEASE_SCRIPT
            .key(self.lease)
            .arg(token)
            .invoke_async(&mut c)
            .await?;
        Ok(n == 1)
    }
}
