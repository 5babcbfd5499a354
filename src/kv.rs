//! Redis, the one way: where it is ([`Target`]: one server or a Redis Cluster),
//! connecting ([`connect`], a [`Conn`] for either), the health check ([`ping`]), key
//! scans that cover every master of a cluster, the store's error type, the key
//! schema's hash tag ([`tag`]), and the one lease protocol ([`Lease`]) that both the
//! idempotency store and the worker's ticket records stand on.
//!
//! On Redis Cluster a script may only touch keys of one slot, so every key that a
//! script touches together carries the same hash tag: `prefix:done:{T-1}` and
//! `prefix:lease:{T-1}` live on the same master (docs/architecture.md, "Keys in
//! Redis").
//!
//! The lease protocol, per unit of work: a *done record* that, once written, answers
//! every later caller (first write wins); a *lease* key holding the current holder's
//! random token with a TTL, taken only while there is no done record, extended and
//! given back only by the holder. A holder that dies lets its lease run out, and the
//! next caller takes the work over. Each step is one Lua script, hashed once per
//! process and sent by hash after the first call.

use std::sync::{Arc, LazyLock};
use std::time::Duration;

use redis::aio::{ConnectionLike, ConnectionManager};
use redis::cluster_async::ClusterConnection;
use redis::cluster_routing::{RoutingInfo, SingleNodeRoutingInfo};
use redis::{AsyncCommands, Cmd, Pipeline, RedisFuture, Value};

/// A store failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The store could not be reached; worth retrying.
    #[error("store unavailable: {0}")]
    Unavailable(String),
    /// The database aborted the transaction to break a deadlock or a serialization
    /// conflict with a concurrent one (SQLSTATE 40P01, 40001): the same transaction,
    /// run again, goes through.
    #[error("store contended: {0}")]
    Contended(String),
    /// A stored value did not parse.
    #[error("corrupt stored record: {0}")]
    Corrupt(String),
    /// The store refused the value itself (PostgreSQL's data exceptions, SQLSTATE class
    /// 22: a NUL in text, a number out of range), or, connecting, the connection (no
    /// such database, the login refused): sending it again cannot succeed.
    #[error("the store cannot hold this value: {0}")]
    Refused(String),
}

impl StoreError {
    /// Whether trying the same write again may succeed.
    pub fn is_transient(&self) -> bool {
        matches!(self, StoreError::Unavailable(_) | StoreError::Contended(_))
    }
}

/// Runs `connect`, a service's connection to its stores at start, until it succeeds:
/// tried again with backoff for up to `wait` (`startup.wait_secs`) while it fails
/// because a store is unavailable ([`StoreError::is_transient`] anywhere in the error's
/// chain), at once otherwise (a database that does not exist, a login refused, a bad
/// setting). A service started, or restarted by its supervisor, while its database or
/// Redis is briefly away waits for it instead of exiting.
///
/// # Errors
/// The last failure of `connect`.
pub async fn when_up<T, F, Fut>(what: &str, wait: Duration, connect: F) -> anyhow::Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<T>>,
{
    let backoff = crate::backoff::Backoff::new(Duration::from_millis(200), Duration::from_secs(5));
    backoff
        .retry(
            tokio::time::Instant::now() + wait,
            connect,
            |e: &anyhow::Error| {
                e.chain()
                    .any(|c| c.downcast_ref::<StoreError>().is_some_and(StoreError::is_transient))
            },
            |e, wait| {
                tracing::warn!(what, error = %format!("{e:#}"), wait_ms = wait.as_millis() as u64, "a store is not answering at start; waiting for it");
            },
        )
        .await
}

impl From<redis::RedisError> for StoreError {
    fn from(e: redis::RedisError) -> Self {
        StoreError::Unavailable(e.to_string())
    }
}

/// Where Redis is: one server, or seed nodes of a Redis Cluster (any of them; the
/// client learns the rest of the cluster from the first that answers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// One server (or a primary that a proxy or Sentinel-aware DNS name stands for).
    Single(String),
    /// A Redis Cluster, by some of its nodes' URLs.
    Cluster(Vec<String>),
}

impl Target {
    /// `urls` is one URL or several separated by commas; several mean a cluster, and
    /// so does `cluster` with one.
    pub fn parse(urls: &str, cluster: bool) -> Self {
        let nodes: Vec<String> = urls
            .split(',')
            .map(str::trim)
            .filter(|u| !u.is_empty())
            .map(str::to_string)
            .collect();
        match nodes.as_slice() {
            [one] if !cluster => Target::Single(one.clone()),
            [] => Target::Single(urls.trim().to_string()),
            _ => Target::Cluster(nodes),
        }
    }
}

impl From<&str> for Target {
    fn from(urls: &str) -> Self {
        Target::parse(urls, false)
    }
}

impl From<&String> for Target {
    fn from(urls: &String) -> Self {
        Target::parse(urls, false)
    }
}

impl From<&Target> for Target {
    fn from(t: &Target) -> Self {
        t.clone()
    }
}

/// A connection to one Redis or to a Redis Cluster; both reconnect by themselves, and
/// commands go wherever their keys live.
#[derive(Clone)]
pub enum Conn {
    /// One server.
    Single(ConnectionManager),
    /// A cluster: each command is routed to the master of its keys' slot; with the
    /// first seed node's settings (credentials, TLS) for connections of its own.
    Cluster(ClusterConnection, Arc<redis::ConnectionInfo>),
}

impl Conn {
    /// Whether this is a cluster, where one script call may only touch one slot.
    pub fn is_cluster(&self) -> bool {
        matches!(self, Conn::Cluster(..))
    }
}

impl ConnectionLike for Conn {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        match self {
            Conn::Single(c) => c.req_packed_command(cmd),
            Conn::Cluster(c, _) => c.req_packed_command(cmd),
        }
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        cmd: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        match self {
            Conn::Single(c) => c.req_packed_commands(cmd, offset, count),
            Conn::Cluster(c, _) => c.req_packed_commands(cmd, offset, count),
        }
    }

    fn get_db(&self) -> i64 {
        match self {
            Conn::Single(c) => c.get_db(),
            Conn::Cluster(c, _) => c.get_db(),
        }
    }
}

/// `id` as a hash tag: the part of a key that Redis Cluster hashes, so that the keys
/// of one unit of work share a slot. Any text works; only the first `{…}` of a key
/// counts, which is why prefixes must not contain `{`.
pub fn tag(id: &str) -> String {
    format!("{{{id}}}")
}

/// The key `{prefix}:{kind}:{id}` with `id` as its hash tag ([`tag`]). Built by hand
/// rather than with `format!`: the worker makes six of these a delivery, and `format!`
/// cost it over 20,000 instructions (docs/benchmarks.md, scenario b).
pub fn key(prefix: &str, kind: &str, id: &str) -> String {
    let mut key = String::with_capacity(prefix.len() + kind.len() + id.len() + 4);
    key.push_str(prefix);
    key.push(':');
    key.push_str(kind);
    key.push_str(":{");
    key.push_str(id);
    key.push('}');
    key
}

/// The id inside a key that ends in a hash tag (`prefix:lease:{T-1}` → `T-1`).
pub fn untag<'a>(key: &'a str, before: &str) -> Option<&'a str> {
    key.strip_prefix(before)?
        .strip_prefix('{')?
        .strip_suffix('}')
}

/// A connection to `target` that reconnects by itself, and fails fast while Redis is
/// down instead of queueing commands behind reconnects: callers decide what an
/// unavailable store means (the worker stops taking tickets, the console answers 503).
///
/// # Errors
/// A URL that does not parse, or Redis unreachable now.
pub async fn connect(target: impl Into<Target>) -> Result<Conn, StoreError> {
    let target = target.into();
    // Where it tried, host and port only (a URL may carry a password).
    let at = match &target {
        Target::Single(url) => crate::endpoint::host_port(url),
        Target::Cluster(nodes) => nodes
            .iter()
            .map(|n| crate::endpoint::host_port(n))
            .collect::<Vec<_>>()
            .join(","),
    };
    connect_to(target)
        .await
        .map_err(|e| StoreError::Unavailable(format!("Redis at {at}: {e}")))
}

async fn connect_to(target: Target) -> Result<Conn, redis::RedisError> {
    match target {
        Target::Single(url) => {
            let client = redis::Client::open(url.as_str())?;
            let config = redis::aio::ConnectionManagerConfig::new()
                .set_connection_timeout(Some(Duration::from_secs(2)))
                .set_response_timeout(Some(Duration::from_secs(5)))
                .set_number_of_retries(1);
            Ok(Conn::Single(
                ConnectionManager::new_with_config(client, config).await?,
            ))
        }
        Target::Cluster(nodes) => {
            // Retries cover a failover: the client refreshes its slot map on MOVED or
            // a lost master and sends again, within about the time a replica takes to
            // be promoted (cluster-node-timeout plus an election).
            let seed = redis::IntoConnectionInfo::into_connection_info(nodes[0].as_str())?;
            let client = redis::cluster::ClusterClient::builder(nodes)
                .connection_timeout(Duration::from_secs(2))
                .response_timeout(Duration::from_secs(5))
                .retries(8)
                .min_retry_wait(100)
                .max_retry_wait(2_000)
                .build()?;
            Ok(Conn::Cluster(
                client.get_async_connection().await?,
                Arc::new(seed),
            ))
        }
    }
}

/// Whether Redis answers `PING`. A cluster must also have every master the client
/// knows answer `PING`, and a node must say that every slot is served
/// (`cluster_state:ok`): the first turns false the moment a master dies, before the
/// cluster itself notices (`cluster-node-timeout`), the second stays false until its
/// replica is promoted. A worker takes no tickets meanwhile, instead of requeueing
/// them against a dead master until the broker's delivery limit dead-letters them.
///
/// Bounded by [`PING_TIMEOUT`]: a client that never answers is a Redis that does not.
pub async fn ping(conn: &Conn) -> bool {
    health(conn).await.is_ok()
}

/// [`ping`], with why not: what failed, for the log of whoever waits on it.
///
/// # Errors
/// The check that failed, in words.
pub async fn health(conn: &Conn) -> Result<(), String> {
    tokio::time::timeout(PING_TIMEOUT, answers(conn))
        .await
        .unwrap_or_else(|_| Err(format!("no answer within {} s", PING_TIMEOUT.as_secs())))
}

/// The longest [`ping`] waits for an answer.
pub const PING_TIMEOUT: Duration = Duration::from_secs(5);

async fn answers(conn: &Conn) -> Result<(), String> {
    match conn {
        Conn::Single(c) => {
            let mut c = c.clone();
            redis::cmd("PING")
                .query_async::<String>(&mut c)
                .await
                .map(|_| ())
                .map_err(|e| format!("PING: {e}"))
        }
        Conn::Cluster(c, _) => {
            let mut c = c.clone();
            redis::cmd("PING")
                .query_async::<String>(&mut c)
                .await
                .map_err(|e| format!("PING of every master: {e}"))?;
            let at = RoutingInfo::SingleNode(SingleNodeRoutingInfo::RandomPrimary);
            let info = c
                .route_command(redis::cmd("CLUSTER").arg("INFO").clone(), at)
                .await
                .map_err(|e| format!("CLUSTER INFO: {e}"))?;
            let info = redis::from_redis_value::<String>(info)
                .map_err(|e| format!("CLUSTER INFO: {e}"))?;
            match info
                .lines()
                .find_map(|l| l.trim().strip_prefix("cluster_state:"))
            {
                Some("ok") => Ok(()),
                state => Err(format!("cluster_state: {}", state.unwrap_or("absent"))),
            }
        }
    }
}

/// Every key matching `pattern` (a `SCAN`, never `KEYS`; on a cluster, on each master).
///
/// # Errors
/// Redis unavailable.
pub async fn scan(conn: &Conn, pattern: &str) -> Result<Vec<String>, StoreError> {
    match conn {
        Conn::Single(c) => {
            let mut c = c.clone();
            let mut iter = c.scan_match::<_, String>(pattern).await?;
            let mut keys = Vec::new();
            while let Some(k) = futures::StreamExt::next(&mut iter).await {
                keys.push(k?);
            }
            Ok(keys)
        }
        Conn::Cluster(c, seed) => {
            // Each master on a connection of this scan's own: the cluster client's pooled
            // connection to a node that died and came back can hang until its timeout.
            let mut c = c.clone();
            let mut keys = Vec::new();
            for (host, port) in masters(&mut c).await? {
                let addr = match seed.addr().clone() {
                    redis::ConnectionAddr::TcpTls {
                        insecure,
                        tls_params,
                        ..
                    } => redis::ConnectionAddr::TcpTls {
                        host,
                        port,
                        insecure,
                        tls_params,
                    },
                    _ => redis::ConnectionAddr::Tcp(host, port),
                };
                let client = redis::Client::open(seed.as_ref().clone().set_addr(addr))?;
                let config = redis::AsyncConnectionConfig::new()
                    .set_connection_timeout(Some(Duration::from_secs(2)))
                    .set_response_timeout(Some(Duration::from_secs(5)));
                let mut node = client
                    .get_multiplexed_async_connection_with_config(&config)
                    .await?;
                let mut iter = node.scan_match::<_, String>(pattern).await?;
                while let Some(k) = futures::StreamExt::next(&mut iter).await {
                    keys.push(k?);
                }
            }
            Ok(keys)
        }
    }
}

/// The cluster's masters that are up, from `CLUSTER NODES` (host and port of each).
async fn masters(c: &mut ClusterConnection) -> Result<Vec<(String, u16)>, StoreError> {
    let nodes: String = redis::cmd("CLUSTER").arg("NODES").query_async(c).await?;
    Ok(parse_masters(&nodes))
}

fn parse_masters(nodes: &str) -> Vec<(String, u16)> {
    nodes
        .lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let (_id, addr, flags) = (fields.next()?, fields.next()?, fields.next()?);
            let flags: Vec<&str> = flags.split(',').collect();
            if !flags.contains(&"master") || flags.iter().any(|f| f.starts_with("fail")) {
                return None;
            }
            // ip:port@cport[,hostname]
            let hostport = addr.split('@').next()?;
            let (host, port) = hostport.rsplit_once(':')?;
            Some((host.to_string(), port.parse().ok()?))
        })
        .collect()
}

/// Deletes every key matching any of `patterns` (tests and the lab clean up with it).
///
/// # Errors
/// Redis unavailable.
pub async fn delete_matching(conn: &Conn, patterns: &[String]) -> Result<(), StoreError> {
    let mut keys = Vec::new();
    for pattern in patterns {
        keys.extend(scan(conn, pattern).await?);
    }
    // On a cluster the client splits a DEL of many keys by slot.
    for chunk in keys.chunks(1000) {
        let mut c = conn.clone();
        let _: () = c.del(chunk).await?;
    }
    Ok(())
}

/// Milliseconds for a TTL argument: at least 1 (0 means "no TTL" to Redis).
pub fn ttl_ms(d: Duration) -> u64 {
    d.as_millis().clamp(1, u128::from(u64::MAX)) as u64
}

/// KEYS: done, lease, recorded. ARGV: token, lease ms. The done record wins over
/// everything; then the lease (already ours when a first call's reply was lost and the
/// caller asks again with the same token), which must be ours before the recorded value is read,
/// so that a value we act on cannot be half-way through another holder's work. A busy
/// reply says how long the holder's lease still runs, so that the caller can come back
/// when a dead holder's lease has lapsed rather than poll until it does.
const BEGIN: &str = r#"
local done = redis.call('GET', KEYS[1])
if done then return {'done', done} end
if redis.call('GET', KEYS[2]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
elseif not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then
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
        conn: &Conn,
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
        conn: &Conn,
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
        conn: &Conn,
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
    pub async fn release(&self, conn: &Conn, token: &str) -> Result<bool, StoreError> {
        let mut c = conn.clone();
        let n: i64 = RELEASE_SCRIPT
            .key(self.lease)
            .arg(token)
            .invoke_async(&mut c)
            .await?;
        Ok(n == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_url_is_one_server_and_several_or_the_flag_make_a_cluster() {
        assert_eq!(
            Target::parse("redis://a:6379", false),
            Target::Single("redis://a:6379".into())
        );
        assert_eq!(
            Target::parse("redis://a:7000, redis://b:7001", false),
            Target::Cluster(vec!["redis://a:7000".into(), "redis://b:7001".into()])
        );
        assert_eq!(
            Target::parse("redis://a:7000", true),
            Target::Cluster(vec!["redis://a:7000".into()])
        );
    }

    #[test]
    fn a_tagged_id_comes_back_out_of_its_key_whatever_it_holds() {
        let key = format!("p:lease:{}", tag("T-1}x"));
        assert_eq!(key, "p:lease:{T-1}x}");
        assert_eq!(untag(&key, "p:lease:"), Some("T-1}x"));
        assert_eq!(untag("p:lease:T-1", "p:lease:"), None);
        assert_eq!(super::key("p", "lease", "T-1}x"), key);
    }

    #[test]
    fn only_masters_that_are_up_are_scanned() {
        let nodes = "\
a1 127.0.0.1:7000@17000 myself,master - 0 0 1 connected 0-5460
b2 127.0.0.1:7001@17001 master - 0 0 2 connected 5461-10922
c3 127.0.0.1:7002@17002 master,fail - 0 0 3 connected 10923-16383
d4 127.0.0.1:7003@17003,host-d slave a1 0 0 1 connected
e5 127.0.0.1:7004@17004 master - 0 0 7 connected 10923-16383
";
        assert_eq!(
            parse_masters(nodes),
            vec![
                ("127.0.0.1".to_string(), 7000),
                ("127.0.0.1".to_string(), 7001),
                ("127.0.0.1".to_string(), 7004),
            ]
        );
    }
}
