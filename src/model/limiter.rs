//! The fleet-wide model budget: requests and tokens per minute per `provider:model`,
//! shared by every process that calls a model through Redis, and a cap on the calls one
//! process has in flight per provider.
//!
//! Providers limit the account, not the process, so ten workers that each retry their
//! own 429s turn one limit into a storm. Here each call first reserves a slot in one
//! Lua script (one round trip): a GCRA without burst per dimension, whose state is the
//! time the next request may start (`tr`) and the time the tokens reserved so far are
//! paid for (`tt`). The script hands out the earliest start that fits both, moves them
//! on by `60 s / rpm` and by `tokens × 60 s / tpm` (each limit times `utilization`, a
//! little under 1), and answers how long to wait: the
//! caller sleeps exactly that long, once, and sends. Reservations are ordered, so a
//! waiting call keeps its place; no wait is longer than `max_wait_secs`, past which
//! nothing is reserved and the call fails as transient. A call reserves its estimate
//! (request bytes / 4 plus `max_tokens`) and settles with the usage the provider
//! reports, which moves `tt` back or forth by the difference. Time is Redis's own
//! (`TIME`), so the fleet's clocks need not agree.
//!
//! The limiter learns from the provider: the limits it states (OpenAI's
//! `x-ratelimit-limit-*`, Anthropic's `anthropic-ratelimit-*-limit`) replace the
//! configured ones for the whole fleet; a `remaining` of zero holds every call back
//! until its reset, a low one pushes the next start so that what remains is spread
//! over the time to the reset; a 429's `retry-after` pauses the key for everyone. So a
//! fleet started with wrong limits converges on the real ones. Everything for one key
//! is one hash, `{prefix}:limit:{provider:model}`, whose hash tag keeps it on one slot
//! of a Redis Cluster; it expires an hour after its last use.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use redis::Script;
use reqwest::header::HeaderMap;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::config::LimitSettings;
use crate::kv::{self, Conn, StoreError};

/// How long a key's state (learned limits included) outlives its last use.
const KEY_TTL: Duration = Duration::from_secs(3600);

/// A limiter failure.
#[derive(Debug, thiserror::Error)]
pub enum LimitError {
    /// The budget frees later than the longest allowed wait.
    #[error("the model budget of {key} frees in {}s, more than model.limits.max_wait_secs", wait.as_secs())]
    Exhausted {
        /// The `provider:model` key.
        key: String,
        /// How long the call would have had to wait.
        wait: Duration,
    },
    /// Redis did not answer.
    #[error("the model budget is unavailable: {0}")]
    Store(#[from] StoreError),
}

impl From<redis::RedisError> for LimitError {
    fn from(e: redis::RedisError) -> Self {
        LimitError::Store(e.into())
    }
}

/// Redis's clock in milliseconds, inside a script.
const NOW: &str = "local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
";

/// KEYS[1] the key's hash; ARGV: configured rpm, tpm, the share of them paced to, the
/// tokens reserved, the longest wait (ms), the key's TTL (ms). Answers {1, wait ms} when reserved, {0, wait ms} when
/// the wait would be too long (nothing reserved).
static ACQUIRE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{NOW}
local h = redis.call('HMGET', KEYS[1], 'rpm', 'tpm', 'tr', 'tt', 'pause')
local rpm = tonumber(h[1] or ARGV[1]) * tonumber(ARGV[3])
local tpm = tonumber(h[2] or ARGV[2]) * tonumber(ARGV[3])
local start = now
local pause = tonumber(h[5] or 0)
if pause > start then start = pause end
local tr = tonumber(h[3] or 0)
if rpm > 0 and tr > start then start = tr end
local tt = tonumber(h[4] or 0)
if tpm > 0 and tt > start then start = tt end
local wait = math.ceil(start - now)
if wait > tonumber(ARGV[5]) then return {{0, wait}} end
if rpm > 0 then redis.call('HSET', KEYS[1], 'tr', string.format('%.3f', start + 60000 / rpm)) end
if tpm > 0 then
  redis.call('HSET', KEYS[1], 'tt', string.format('%.3f', start + tonumber(ARGV[4]) * 60000 / tpm))
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return {{1, wait}}"
    ))
});

/// KEYS[1]; ARGV: configured tpm, the share of it paced to, tokens used minus tokens
/// reserved, TTL (ms).
static SETTLE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        "local h = redis.call('HMGET', KEYS[1], 'tpm', 'tt')
local tpm = tonumber(h[1] or ARGV[1]) * tonumber(ARGV[2])
if tpm <= 0 or not h[2] then return 0 end
local tt = tonumber(h[2]) + tonumber(ARGV[3]) * 60000 / tpm
redis.call('HSET', KEYS[1], 'tt', string.format('%.3f', tt))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1",
    )
});

/// KEYS[1]; ARGV: configured rpm, tpm; then the provider's word, -1 where it said
/// nothing: request limit, remaining, reset (ms); token limit, remaining, reset (ms);
/// retry-after (ms); then the TTL (ms).
static OBSERVE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{NOW}
local function arg(i) return tonumber(ARGV[i]) end
if arg(3) > 0 then redis.call('HSET', KEYS[1], 'rpm', ARGV[3]) end
if arg(6) > 0 then redis.call('HSET', KEYS[1], 'tpm', ARGV[6]) end
local h = redis.call('HMGET', KEYS[1], 'rpm', 'tpm', 'tr', 'tt', 'pause')
local pause = tonumber(h[5] or 0)
local function hold(until_ms)
  if until_ms > pause then
    pause = until_ms
    redis.call('HSET', KEYS[1], 'pause', string.format('%.3f', pause))
  end
end
local function spread(field, current, limit, remaining, reset)
  if remaining < 0 or reset < 0 then return end
  if remaining == 0 then hold(now + reset) return end
  if limit <= 0 then return end
  local next_start = now + reset - remaining * 60000 / limit
  if next_start > current then
    redis.call('HSET', KEYS[1], field, string.format('%.3f', next_start))
  end
end
spread('tr', tonumber(h[3] or 0), tonumber(h[1] or ARGV[1]), arg(4), arg(5))
spread('tt', tonumber(h[4] or 0), tonumber(h[2] or ARGV[2]), arg(7), arg(8))
if arg(9) >= 0 then hold(now + arg(9)) end
redis.call('PEXPIRE', KEYS[1], ARGV[10])
return 1"
    ))
});

/// What a provider's response said about the budget; `None` where it said nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Observed {
    /// Requests per minute the account allows.
    pub limit_requests: Option<u64>,
    /// Requests left before the limit.
    pub remaining_requests: Option<u64>,
    /// Until the request budget is replenished.
    pub reset_requests: Option<Duration>,
    /// Tokens per minute the account allows.
    pub limit_tokens: Option<u64>,
    /// Tokens left before the limit.
    pub remaining_tokens: Option<u64>,
    /// Until the token budget is replenished.
    pub reset_tokens: Option<Duration>,
    /// A 429's `retry-after`: how long the whole key pauses.
    pub retry_after: Option<Duration>,
}

impl Observed {
    /// The rate-limit headers of either provider: OpenAI's `x-ratelimit-{limit,
    /// remaining,reset}-{requests,tokens}` (resets as Go durations, `6m0s`) and
    /// Anthropic's `anthropic-ratelimit-{requests,tokens}-{limit,remaining,reset}`
    /// (resets as RFC 3339 times, read against `now`). `retry-after` is taken only
    /// from a 429 (`rate_limited`): elsewhere it says nothing about the budget.
    pub fn from_headers(headers: &HeaderMap, now: DateTime<Utc>, rate_limited: bool) -> Self {
        let text = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::trim)
        };
        let number = |names: [&str; 2]| {
            names
                .iter()
                .find_map(|n| text(n).and_then(|v| v.parse::<u64>().ok()))
        };
        let reset = |openai: &str, anthropic: &str| {
            text(openai).and_then(go_duration).or_else(|| {
                let at = DateTime::parse_from_rfc3339(text(anthropic)?).ok()?;
                Some(
                    (at.with_timezone(&Utc) - now)
                        .to_std()
                        .unwrap_or(Duration::ZERO),
                )
            })
        };
        Self {
            limit_requests: number([
                "x-ratelimit-limit-requests",
                "anthropic-ratelimit-requests-limit",
            ]),
            remaining_requests: number([
                "x-ratelimit-remaining-requests",
                "anthropic-ratelimit-requests-remaining",
            ]),
            reset_requests: reset(
                "x-ratelimit-reset-requests",
                "anthropic-ratelimit-requests-reset",
            ),
            limit_tokens: number([
                "x-ratelimit-limit-tokens",
                "anthropic-ratelimit-tokens-limit",
            ]),
            remaining_tokens: number([
                "x-ratelimit-remaining-tokens",
                "anthropic-ratelimit-tokens-remaining",
            ]),
            reset_tokens: reset(
                "x-ratelimit-reset-tokens",
                "anthropic-ratelimit-tokens-reset",
            ),
            retry_after: if rate_limited {
                crate::http::retry_after(headers, now)
            } else {
                None
            },
        }
    }

    /// Whether the response said anything the limiter uses.
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// The share of the tightest budget in use, when a limit and what remains of it
    /// are both known.
    fn saturation(&self) -> Option<f64> {
        let share = |limit: Option<u64>, remaining: Option<u64>| {
            let limit = limit.filter(|l| *l > 0)? as f64;
            Some((1.0 - remaining? as f64 / limit).clamp(0.0, 1.0))
        };
        let requests = share(self.limit_requests, self.remaining_requests);
        let tokens = share(self.limit_tokens, self.remaining_tokens);
        requests.into_iter().chain(tokens).reduce(f64::max)
    }
}

/// A duration as OpenAI's reset headers write it (Go's form): `20ms`, `1.5s`, `6m0s`,
/// `1h2m3s`.
pub fn go_duration(text: &str) -> Option<Duration> {
    let mut rest = text.trim();
    if rest.is_empty() {
        return None;
    }
    let mut total = 0.0;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let value: f64 = rest[..digits].parse().ok()?;
        rest = &rest[digits..];
        let unit = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let seconds = match &rest[..unit] {
            "h" => 3600.0,
            "m" => 60.0,
            "s" => 1.0,
            "ms" => 1e-3,
            "us" | "µs" => 1e-6,
            "ns" => 1e-9,
            _ => return None,
        };
        total += value * seconds;
        rest = &rest[unit..];
    }
    Duration::try_from_secs_f64(total).ok()
}

/// The fleet's budget, over one Redis connection; shared by every provider of a
/// process.
pub struct Limiter {
    conn: Conn,
    prefix: String,
    settings: LimitSettings,
    /// The in-process concurrency cap, one semaphore per provider.
    in_flight: Mutex<HashMap<&'static str, Arc<Semaphore>>>,
}

/// One provider and model's budget, as an HTTP client holds it.
#[derive(Clone)]
pub struct Budget {
    limiter: Arc<Limiter>,
    provider: &'static str,
    /// `provider:model`.
    key: String,
    /// The Redis key, `{prefix}:limit:{provider:model}`.
    redis_key: String,
    rpm: u64,
    tpm: u64,
    /// The share of each limit paced to (`model.limits.utilization`).
    utilization: f64,
    in_flight: Option<Arc<Semaphore>>,
}

/// A reserved call: its tokens, to settle, and its place under the concurrency cap,
/// given back when dropped.
pub struct Reservation {
    tokens: u64,
    _in_flight: Option<OwnedSemaphorePermit>,
}

impl Limiter {
    /// A limiter over `conn`, its keys under `prefix`.
    pub fn new(conn: Conn, prefix: &str, settings: LimitSettings) -> Self {
        Self {
            conn,
            prefix: prefix.to_string(),
            settings,
            in_flight: Mutex::new(HashMap::new()),
        }
    }

    /// A limiter connected to Redis at `target`.
    ///
    /// # Errors
    /// Redis unreachable.
    pub async fn connect(
        target: impl Into<kv::Target>,
        prefix: &str,
        settings: LimitSettings,
    ) -> Result<Self, LimitError> {
        Ok(Self::new(kv::connect(target).await?, prefix, settings))
    }

    /// The budget of `provider`'s `model`.
    pub fn budget(self: &Arc<Self>, provider: &'static str, model: &str) -> Budget {
        let key = format!("{provider}:{model}");
        let limit = self.settings.for_model(&key);
        let utilization = self.settings.utilization.clamp(0.01, 1.0);
        let in_flight = (self.settings.max_concurrency > 0).then(|| {
            self.in_flight
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .entry(provider)
                .or_insert_with(|| Arc::new(Semaphore::new(self.settings.max_concurrency)))
                .clone()
        });
        Budget {
            redis_key: kv::key(&self.prefix, "limit", &key),
            limiter: self.clone(),
            provider,
            key,
            rpm: limit.rpm,
            tpm: limit.tpm,
            utilization,
            in_flight,
        }
    }
}

impl Budget {
    /// The `provider:model` this budget is for.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Waits for a place under the concurrency cap, reserves one request and `tokens`
    /// in the fleet's budget, and sleeps until the reserved start.
    ///
    /// # Errors
    /// [`LimitError::Exhausted`] when the cap and the start together are further than
    /// `max_wait_secs` (nothing reserved), [`LimitError::Store`] when Redis does not
    /// answer.
    pub async fn acquire(&self, tokens: u64) -> Result<Reservation, LimitError> {
        let started = tokio::time::Instant::now();
        let longest = Duration::from_secs(self.limiter.settings.max_wait_secs);
        let in_flight = match &self.in_flight {
            Some(s) => Some(
                tokio::time::timeout(longest, s.clone().acquire_owned())
                    .await
                    .map_err(|_| LimitError::Exhausted {
                        key: self.key.clone(),
                        wait: longest,
                    })?
                    .expect("the semaphore is never closed"),
            ),
            None => None,
        };
        let max_wait = longest.saturating_sub(started.elapsed());
        let (granted, wait_ms): (i64, i64) = ACQUIRE
            .key(&self.redis_key)
            .arg(self.rpm)
            .arg(self.tpm)
            .arg(self.utilization)
            .arg(tokens)
            .arg(kv::ttl_ms(max_wait))
            .arg(kv::ttl_ms(KEY_TTL))
            .invoke_async(&mut self.limiter.conn.clone())
            .await?;
        let wait = Duration::from_millis(u64::try_from(wait_ms).unwrap_or(0));
        if granted == 0 {
            return Err(LimitError::Exhausted {
                key: self.key.clone(),
                wait,
            });
        }
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        crate::metrics::global()
            .limiter_wait
            .with_label_values(&[self.provider])
            .observe(started.elapsed().as_secs_f64());
        Ok(Reservation {
            tokens,
            _in_flight: in_flight,
        })
    }

    /// Settles a reservation with the tokens the call really used (0 for a call the
    /// provider refused, which it does not count).
    ///
    /// # Errors
    /// Redis does not answer.
    pub async fn settle(&self, reservation: &Reservation, used: u64) -> Result<(), LimitError> {
        if self.tpm == 0 && reservation.tokens == used {
            return Ok(());
        }
        let delta = i128::from(used) - i128::from(reservation.tokens);
        let _: i64 = SETTLE
            .key(&self.redis_key)
            .arg(self.tpm)
            .arg(self.utilization)
            .arg(delta.to_string())
            .arg(kv::ttl_ms(KEY_TTL))
            .invoke_async(&mut self.limiter.conn.clone())
            .await?;
        Ok(())
    }

    /// Teaches the fleet's budget what a provider's response said.
    ///
    /// # Errors
    /// Redis does not answer.
    pub async fn observe(&self, observed: &Observed) -> Result<(), LimitError> {
        if let Some(saturation) = observed.saturation() {
            crate::metrics::global()
                .limiter_saturation
                .with_label_values(&[self.provider])
                .set(saturation);
        }
        if observed.is_empty() {
            return Ok(());
        }
        let n = |v: Option<u64>| v.map_or(-1, |v| i64::try_from(v).unwrap_or(i64::MAX));
        let ms = |d: Option<Duration>| n(d.map(kv::ttl_ms));
        let _: i64 = OBSERVE
            .key(&self.redis_key)
            .arg(self.rpm)
            .arg(self.tpm)
            .arg(n(observed.limit_requests))
            .arg(n(observed.remaining_requests))
            .arg(ms(observed.reset_requests))
            .arg(n(observed.limit_tokens))
            .arg(n(observed.remaining_tokens))
            .arg(ms(observed.reset_tokens))
            .arg(ms(observed.retry_after))
            .arg(kv::ttl_ms(KEY_TTL))
            .invoke_async(&mut self.limiter.conn.clone())
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn go_durations_are_read_as_openai_writes_them() {
        assert_eq!(go_duration("20ms"), Some(Duration::from_millis(20)));
        assert_eq!(go_duration("1.5s"), Some(Duration::from_millis(1500)));
        assert_eq!(go_duration("6m0s"), Some(Duration::from_secs(360)));
        assert_eq!(go_duration("1h2m3s"), Some(Duration::from_secs(3723)));
        assert_eq!(go_duration(""), None);
        assert_eq!(go_duration("soon"), None);
        assert_eq!(go_duration("5"), None);
    }

    #[test]
    fn openai_rate_limit_headers_are_read_with_their_go_durations() {
        let now = Utc::now();
        let seen = Observed::from_headers(
            &headers(&[
                ("x-ratelimit-limit-requests", "500"),
                ("x-ratelimit-remaining-requests", "499"),
                ("x-ratelimit-reset-requests", "120ms"),
                ("x-ratelimit-limit-tokens", "200000"),
                ("x-ratelimit-remaining-tokens", "150000"),
                ("x-ratelimit-reset-tokens", "15s"),
                ("retry-after", "3"),
            ]),
            now,
            false,
        );
        assert_eq!(
            seen,
            Observed {
                limit_requests: Some(500),
                remaining_requests: Some(499),
                reset_requests: Some(Duration::from_millis(120)),
                limit_tokens: Some(200_000),
                remaining_tokens: Some(150_000),
                reset_tokens: Some(Duration::from_secs(15)),
                // Only a 429's retry-after pauses the budget.
                retry_after: None,
            }
        );
        assert_eq!(seen.saturation(), Some(0.25));
    }

    #[test]
    fn anthropic_rate_limit_headers_are_read_with_their_reset_times() {
        let now = DateTime::parse_from_rfc3339("2026-12-03T07:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let seen = Observed::from_headers(
            &headers(&[
                ("anthropic-ratelimit-requests-limit", "50"),
                ("anthropic-ratelimit-requests-remaining", "0"),
                ("anthropic-ratelimit-requests-reset", "2026-12-03T07:00:02Z"),
                ("anthropic-ratelimit-tokens-limit", "40000"),
                ("anthropic-ratelimit-tokens-remaining", "39000"),
                ("anthropic-ratelimit-tokens-reset", "2026-12-03T06:59:59Z"),
                ("retry-after", "2"),
            ]),
            now,
            true,
        );
        assert_eq!(seen.limit_requests, Some(50));
        assert_eq!(seen.remaining_requests, Some(0));
        assert_eq!(seen.reset_requests, Some(Duration::from_secs(2)));
        assert_eq!(seen.limit_tokens, Some(40_000));
        assert_eq!(seen.remaining_tokens, Some(39_000));
        // A reset already past is no wait.
        assert_eq!(seen.reset_tokens, Some(Duration::ZERO));
        assert_eq!(seen.retry_after, Some(Duration::from_secs(2)));
        assert_eq!(seen.saturation(), Some(1.0));
    }

    #[test]
    fn a_response_without_rate_limit_headers_says_nothing() {
        let seen = Observed::from_headers(&HeaderMap::new(), Utc::now(), true);
        assert!(seen.is_empty());
        assert_eq!(seen.saturation(), None);
    }
}
