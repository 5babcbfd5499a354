//! One sign-in guard for every door that takes a token: the approvals console's sign-in
//! and JSON API, the dead-letter console's sign-in, the ingest API.
//!
//! Failed authentications (answers of 401) are counted per client address and per
//! credential tried (a digest of the token, so that one stale token retried from many
//! addresses is stopped too), by a GCRA limiter from `governor`: a burst of
//! [`MAX_FAILURES`], then one more per `WINDOW / MAX_FAILURES`. A client or credential
//! out of failures is answered 429 with `Retry-After` before its request reaches a
//! handler, so even the right token waits, and a guess costs a wait. Successful
//! requests cost nothing: a busy API client with a good token is never slowed. Counts
//! are per process (each replica its own); they slow guessing down, the tokens' length
//! is what makes it hopeless. Every refusal is counted in
//! `ticket_agent_auth_refusals_total{door, reason}` (`bad_credential`, `rate_limited`).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::middleware::StateInformationMiddleware;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use sha2::{Digest, Sha256};

use crate::metrics;

/// Failed authentications a client, or a credential, may make in a burst.
pub const MAX_FAILURES: u32 = 10;
/// The time over which a burst of failures is earned back.
pub const WINDOW: Duration = Duration::from_secs(60);
/// The largest sign-in form read to find the token it carries.
const MAX_FORM_BYTES: usize = 16 * 1024;

/// What failures are counted by.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    /// The client's address.
    Client(IpAddr),
    /// A digest of the token tried (never the token).
    Credential([u8; 32]),
}

/// Which door a request knocks on, when it authenticates: `None` for requests that do
/// not (pages behind a session, health checks).
pub type Doors = fn(&Method, &str) -> Option<&'static str>;

/// The limiter behind one server's doors.
pub struct SignInGuard {
    doors: Doors,
    failures: DefaultKeyedRateLimiter<Key, StateInformationMiddleware>,
    /// Keys out of failures, and until when.
    blocked: Mutex<HashMap<Key, Instant>>,
}

impl std::fmt::Debug for SignInGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignInGuard").finish_non_exhaustive()
    }
}

impl SignInGuard {
    /// A guard for the doors `doors` names, `names` being every door it can name: their
    /// refusal counters exist at 0 from the start, so that `rate()` sees the first one.
    pub fn new(names: &[&'static str], doors: Doors) -> Self {
        for door in names {
            for reason in ["bad_credential", "rate_limited"] {
                metrics::global()
                    .auth_refusals
                    .with_label_values(&[door, reason]);
            }
        }
        let burst = NonZeroU32::new(MAX_FAILURES).expect("a positive burst");
        let quota = Quota::with_period(WINDOW / MAX_FAILURES)
            .expect("a positive period")
            .allow_burst(burst);
        Self {
            doors,
            failures: RateLimiter::keyed(quota).with_middleware::<StateInformationMiddleware>(),
            blocked: Mutex::new(HashMap::new()),
        }
    }

    /// How long a request with `keys` must wait; `None` when none of them is blocked.
    fn blocked_for(&self, keys: &[Key], now: Instant) -> Option<Duration> {
        let mut blocked = self.blocked.lock().unwrap_or_else(|p| p.into_inner());
        blocked.retain(|_, until| *until > now);
        keys.iter()
            .filter_map(|k| blocked.get(k))
            .map(|until| until.duration_since(now))
            .max()
    }

    /// Counts one failure against each of `keys`; a key with no failure left is blocked
    /// until the limiter gives it one back.
    fn failed(&self, keys: &[Key], now: Instant) {
        let refill = WINDOW / MAX_FAILURES;
        for key in keys {
            let exhausted = match self.failures.check_key(key) {
                Ok(snapshot) => snapshot.remaining_burst_capacity() == 0,
                Err(_) => true,
            };
            if exhausted {
                let mut blocked = self.blocked.lock().unwrap_or_else(|p| p.into_inner());
                blocked.insert(key.clone(), now + refill);
            }
        }
        // Keys that stopped failing are forgotten as others fail: no sweep task needed.
        if self.failures.len() > 10_000 {
            self.failures.retain_recent();
        }
    }
}

fn client_of(request: &Request) -> IpAddr {
    request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::from([0, 0, 0, 0]), |c| c.0.ip())
}

fn credential_key(token: &str) -> Key {
    Key::Credential(Sha256::digest(token.trim().as_bytes()).into())
}

/// The token a request carries: its bearer token, else the `token` field of a sign-in
/// form (the body is read and put back).
async fn credential(request: Request) -> (Request, Option<Key>) {
    let bearer = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(credential_key);
    if bearer.is_some() {
        return (request, bearer);
    }
    let is_form = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    if request.method() != Method::POST || !is_form {
        return (request, None);
    }
    let (parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_FORM_BYTES).await else {
        // Too large for a sign-in form: the handler refuses it; counted by address.
        return (Request::from_parts(parts, Body::empty()), None);
    };
    let token = form_urlencoded::parse(&bytes)
        .find(|(k, _)| k == "token")
        .map(|(_, v)| credential_key(&v));
    (Request::from_parts(parts, Body::from(bytes)), token)
}

/// The middleware: 429 with `Retry-After` for a client or credential out of failures,
/// and a failure counted for every 401 a door answers.
pub async fn limit_sign_ins(
    State(guard): State<Arc<SignInGuard>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(door) = (guard.doors)(request.method(), request.uri().path()) else {
        return next.run(request).await;
    };
    let client = Key::Client(client_of(&request));
    let (request, credential) = credential(request).await;
    let keys: Vec<Key> = std::iter::once(client).chain(credential).collect();
    let refusals = &metrics::global().auth_refusals;
    if let Some(wait) = guard.blocked_for(&keys, Instant::now()) {
        refusals.with_label_values(&[door, "rate_limited"]).inc();
        let secs = wait.as_secs().max(1);
        // JSON, as every API answer here; a person at a sign-in form reads it too.
        let body = serde_json::json!({
            "error": "rate_limited",
            "message": format!("too many failed sign-ins from this address or with this token; try again in {secs} s"),
        });
        return (
            StatusCode::TOO_MANY_REQUESTS,
            [(header::RETRY_AFTER, secs.to_string())],
            axum::Json(body),
        )
            .into_response();
    }
    let response = next.run(request).await;
    if response.status() == StatusCode::UNAUTHORIZED {
        refusals.with_label_values(&[door, "bad_credential"]).inc();
        guard.failed(&keys, Instant::now());
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_is_blocked_after_its_burst_of_failures_and_others_are_not() {
        let guard = SignInGuard::new(&["test"], |_, _| Some("test"));
        let ip = Key::Client(IpAddr::from([10, 0, 0, 1]));
        let other = Key::Client(IpAddr::from([10, 0, 0, 2]));
        let t0 = Instant::now();
        for i in 0..MAX_FAILURES {
            assert_eq!(
                guard.blocked_for(std::slice::from_ref(&ip), t0),
                None,
                "failure {i}"
            );
            guard.failed(&[ip.clone(), credential_key(&format!("guess-{i}"))], t0);
        }
        let wait = guard.blocked_for(std::slice::from_ref(&ip), t0).unwrap();
        assert!(wait > Duration::ZERO && wait <= WINDOW / MAX_FAILURES);
        assert_eq!(guard.blocked_for(&[other], t0), None, "per client");
        assert_eq!(
            guard.blocked_for(&[ip], t0 + WINDOW / MAX_FAILURES),
            None,
            "a failure is earned back"
        );
    }

    #[test]
    fn one_token_tried_from_many_addresses_is_blocked_by_its_digest() {
        let guard = SignInGuard::new(&["test"], |_, _| Some("test"));
        let stale = credential_key("stale-token-0123456789");
        let t0 = Instant::now();
        for i in 0..MAX_FAILURES {
            let ip = Key::Client(IpAddr::from([10, 0, 1, u8::try_from(i).unwrap()]));
            guard.failed(&[ip, stale.clone()], t0);
        }
        let fresh_ip = Key::Client(IpAddr::from([10, 0, 2, 1]));
        assert!(guard.blocked_for(&[fresh_ip.clone(), stale], t0).is_some());
        assert!(
            guard
                .blocked_for(&[fresh_ip, credential_key("another-token-0123")], t0)
                .is_none()
        );
    }
}
