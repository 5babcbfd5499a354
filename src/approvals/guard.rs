//! What stands in front of the console and the API, whatever the route: a limit on
//! failed sign-ins and bearer tokens per client, a refusal of cross-site state
//! changes, and the security headers of every answer.
//!
//! The limit counts answers of 401 to `POST /login` and to `/api/…` per client address
//! in a sliding window; past it the client gets 429 with `Retry-After` before its
//! request reaches a handler, so guessing tokens costs a window per few guesses. The
//! count is per process (each replica counts its own clients): it slows guessing down,
//! the tokens' length is what makes it hopeless.

use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Failed authentications a client may make per [`WINDOW`].
pub const MAX_FAILURES: usize = 10;
/// The window failures are counted over.
pub const WINDOW: Duration = Duration::from_secs(60);

/// Failed authentications per client address, oldest first.
#[derive(Debug, Default)]
pub struct FailureLimiter {
    failures: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
}

impl FailureLimiter {
    /// How long `client` must wait before trying again; `None` while under the limit.
    fn blocked_for(&self, client: IpAddr, now: Instant) -> Option<Duration> {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let times = map.get_mut(&client)?;
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= WINDOW)
        {
            times.pop_front();
        }
        if times.is_empty() {
            map.remove(&client);
            return None;
        }
        let oldest = *times.front()?;
        (times.len() >= MAX_FAILURES).then(|| WINDOW.saturating_sub(now.duration_since(oldest)))
    }

    fn record_failure(&self, client: IpAddr, now: Instant) {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        // Addresses that stopped failing are forgotten as others fail: no sweep needed.
        if map.len() > 10_000 {
            map.retain(|_, t| t.back().is_some_and(|t| now.duration_since(*t) < WINDOW));
        }
        map.entry(client).or_default().push_back(now);
    }
}

fn client_of(request: &Request) -> IpAddr {
    request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::from([0, 0, 0, 0]), |c| c.0.ip())
}

fn counts_as_authentication(method: &Method, path: &str) -> bool {
    (method == Method::POST && path == "/login") || path.starts_with("/api/")
}

/// Whether a state-changing form post comes from another site: the browser says so in
/// `Sec-Fetch-Site`, or its `Origin` is not this host. The JSON API (bearer tokens, no
/// cookies) is not a browser's door and is not asked.
fn cross_site(method: &Method, path: &str, headers: &HeaderMap) -> bool {
    if method != Method::POST || path.starts_with("/api/") {
        return false;
    }
    // A browser that says where the request comes from is believed (with a
    // no-referrer policy it may send `Origin: null` for the console's own forms);
    // without the header, the Origin must be this host.
    match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        Some("same-origin" | "none") => return false,
        Some(_) => return true,
        None => {}
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let origin_host = origin.split_once("://").map_or("", |(_, rest)| rest);
    origin == "null" || origin_host != host
}

const CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; \
     form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// The middleware: 429 for a client past its failures, 403 for a cross-site form post,
/// and the security headers on every answer (`Cache-Control: no-store` on all of them:
/// pages and API answers carry customer data).
pub async fn guard(
    State(limiter): State<Arc<FailureLimiter>>,
    request: Request,
    next: Next,
) -> Response {
    let client = client_of(&request);
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let authenticating = counts_as_authentication(&method, &path);
    let mut response = if let Some(wait) = authenticating
        .then(|| limiter.blocked_for(client, Instant::now()))
        .flatten()
    {
        let secs = wait.as_secs().max(1);
        (
            StatusCode::TOO_MANY_REQUESTS,
            [(header::RETRY_AFTER, secs.to_string())],
            format!("too many failed sign-ins from this address; try again in {secs} s"),
        )
            .into_response()
    } else if cross_site(&method, &path, request.headers()) {
        (
            StatusCode::FORBIDDEN,
            "cross-site form posts are refused: open the console itself to decide",
        )
            .into_response()
    } else {
        let response = next.run(request).await;
        if authenticating && response.status() == StatusCode::UNAUTHORIZED {
            limiter.record_failure(client, Instant::now());
        }
        response
    };
    let h = response.headers_mut();
    for (name, value) in [
        ("content-security-policy", CSP),
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "same-origin"),
        ("cache-control", "no-store"),
    ] {
        h.insert(name, HeaderValue::from_static(value));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_is_blocked_after_its_failures_until_the_window_passes() {
        let limiter = FailureLimiter::default();
        let ip = IpAddr::from([10, 0, 0, 1]);
        let other = IpAddr::from([10, 0, 0, 2]);
        let t0 = Instant::now();
        for _ in 0..MAX_FAILURES {
            assert_eq!(limiter.blocked_for(ip, t0), None);
            limiter.record_failure(ip, t0);
        }
        let wait = limiter
            .blocked_for(ip, t0 + Duration::from_secs(1))
            .unwrap();
        assert!(wait <= Duration::from_secs(59) && wait > Duration::from_secs(50));
        assert_eq!(limiter.blocked_for(other, t0), None, "per client");
        assert_eq!(limiter.blocked_for(ip, t0 + WINDOW), None);
    }

    #[test]
    fn only_form_posts_from_another_site_are_cross_site() {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, "127.0.0.1:8088".parse().unwrap());
        assert!(!cross_site(&Method::POST, "/approvals/x/approve", &h));
        h.insert(header::ORIGIN, "http://127.0.0.1:8088".parse().unwrap());
        h.insert("sec-fetch-site", "same-origin".parse().unwrap());
        assert!(!cross_site(&Method::POST, "/approvals/x/approve", &h));
        h.insert(header::ORIGIN, "null".parse().unwrap());
        assert!(
            !cross_site(&Method::POST, "/approvals/x/approve", &h),
            "the browser said same-origin"
        );
        h.remove("sec-fetch-site");
        h.insert(header::ORIGIN, "https://evil.example".parse().unwrap());
        assert!(cross_site(&Method::POST, "/approvals/x/approve", &h));
        assert!(!cross_site(&Method::GET, "/", &h));
        assert!(!cross_site(&Method::POST, "/api/approvals/x/approve", &h));
        h.remove(header::ORIGIN);
        h.insert("sec-fetch-site", "cross-site".parse().unwrap());
        assert!(cross_site(&Method::POST, "/login", &h));
    }
}
