//! What every outbound HTTP client here shares: the model providers
//! ([`crate::model`]) and the HTTP commerce backend ([`crate::commerce::http`]) both
//! retry with exponential backoff and full jitter, honour the server's `Retry-After`,
//! and report a failure on one line with its causes.
//!
//! This module owns only that arithmetic and wording. Which answers are worth another
//! attempt, how many attempts there are, and what a final failure means stay with each
//! client, because a model call and a refund call differ exactly there.

use std::time::Duration;

use chrono::{DateTime, Utc};
use rand::Rng;
use reqwest::header::{HeaderMap, RETRY_AFTER};

/// Exponential backoff with full jitter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    /// The ceiling of the first retry, doubled on each later one.
    pub base: Duration,
    /// The longest wait: no ceiling exceeds it.
    pub max: Duration,
}

impl Backoff {
    /// A backoff from `base` up to `max` (raised to `base` when it is smaller).
    pub fn new(base: Duration, max: Duration) -> Self {
        Self {
            base,
            max: max.max(base),
        }
    }

    /// The ceiling before retry number `retry` (0 for the first retry):
    /// `base * 2^retry`, capped at `max`.
    pub fn ceiling(&self, retry: u32) -> Duration {
        let factor = 2u32.checked_pow(retry).unwrap_or(u32::MAX);
        self.base.saturating_mul(factor).min(self.max)
    }

    /// A delay drawn uniformly from zero to the ceiling ("full jitter"), so that many
    /// clients throttled at the same moment do not all come back at the same moment.
    pub fn delay(&self, retry: u32) -> Duration {
        let ceiling = u64::try_from(self.ceiling(retry).as_millis()).unwrap_or(u64::MAX);
        Duration::from_millis(rand::rng().random_range(0..=ceiling))
    }

    /// How long to wait before retry number `retry`: exactly what the server asked
    /// for (it knows its own load better than our backoff does), else [`Self::delay`].
    ///
    /// # Errors
    /// The server's wait, when it is longer than `max`: the call should end now and be
    /// retried later, by whoever owns the work, instead of holding its caller.
    pub fn wait(&self, retry: u32, retry_after: Option<Duration>) -> Result<Duration, Duration> {
        match retry_after {
            Some(wait) if wait <= self.max => Ok(wait),
            Some(wait) => Err(wait),
            None => Ok(self.delay(retry)),
        }
    }
}

/// How long the server asks us to wait: `retry-after-ms` (sent by OpenAI), then
/// `Retry-After` as seconds or as an HTTP date (a date in the past is no wait).
pub fn retry_after(headers: &HeaderMap, now: DateTime<Utc>) -> Option<Duration> {
    let text = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
    };
    let ms = text("retry-after-ms").and_then(|v| v.parse::<f64>().ok());
    if let Some(ms) = ms.filter(|ms| ms.is_finite() && *ms >= 0.0) {
        return Some(Duration::from_secs_f64(ms / 1000.0));
    }
    let value = text(RETRY_AFTER.as_str())?;
    if let Ok(secs) = value.parse::<f64>() {
        return (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs));
    }
    let at = DateTime::parse_from_rfc2822(value)
        .ok()?
        .with_timezone(&Utc);
    Some((at - now).to_std().unwrap_or(Duration::ZERO))
}

/// An error and its sources on one line: reqwest's own message hides the cause
/// ("error sending request"), which is the part an operator needs.
pub fn error_chain(error: &dyn std::error::Error) -> String {
    let mut out = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        out.push_str(": ");
        out.push_str(&cause.to_string());
        source = cause.source();
    }
    out
}

/// The start of a response body, for an error message: at most 300 characters, and
/// said to be empty when it is.
pub fn snippet(text: &str) -> String {
    const MAX: usize = 300;
    if text.trim().is_empty() {
        return "(empty body)".to_string();
    }
    match text.char_indices().nth(MAX) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    #[test]
    fn the_ceiling_doubles_from_the_base_and_stops_at_the_maximum() {
        let b = Backoff::new(Duration::from_millis(500), Duration::from_secs(3));
        let ceilings: Vec<u128> = (0..6).map(|r| b.ceiling(r).as_millis()).collect();
        assert_eq!(ceilings, [500, 1000, 2000, 3000, 3000, 3000]);
        assert_eq!(b.ceiling(200), Duration::from_millis(3_000));
        for retry in 0..6 {
            for _ in 0..50 {
                assert!(b.delay(retry) <= b.ceiling(retry));
            }
        }
    }

    #[test]
    fn the_servers_wait_is_honoured_up_to_the_maximum_and_refused_beyond_it() {
        let b = Backoff::new(Duration::from_millis(100), Duration::from_secs(5));
        assert_eq!(
            b.wait(0, Some(Duration::from_secs(5))),
            Ok(Duration::from_secs(5))
        );
        assert_eq!(
            b.wait(3, Some(Duration::ZERO)),
            Ok(Duration::ZERO),
            "a wait of zero is the server's to give"
        );
        assert_eq!(
            b.wait(0, Some(Duration::from_secs(6))),
            Err(Duration::from_secs(6))
        );
        for _ in 0..50 {
            assert!(b.wait(2, None).unwrap() <= b.ceiling(2));
        }
    }

    #[test]
    fn a_maximum_below_the_base_is_raised_to_the_base() {
        let b = Backoff::new(Duration::from_secs(2), Duration::from_secs(1));
        assert_eq!(b.max, Duration::from_secs(2));
        assert_eq!(b.ceiling(3), Duration::from_secs(2));
    }

    #[test]
    fn retry_after_is_read_as_seconds_as_milliseconds_or_as_an_http_date() {
        let now = DateTime::parse_from_rfc3339("2015-10-21T07:28:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let headers = |pairs: &[(&'static str, &'static str)]| {
            let mut h = HeaderMap::new();
            for (k, v) in pairs {
                h.insert(*k, HeaderValue::from_static(v));
            }
            h
        };
        assert_eq!(
            retry_after(&headers(&[("retry-after", "2")]), now),
            Some(Duration::from_secs(2))
        );
        assert_eq!(
            retry_after(
                &headers(&[("retry-after", "Wed, 21 Oct 2015 07:28:30 GMT")]),
                now
            ),
            Some(Duration::from_secs(30))
        );
        assert_eq!(
            retry_after(
                &headers(&[("retry-after", "Wed, 21 Oct 2015 07:27:00 GMT")]),
                now
            ),
            Some(Duration::ZERO)
        );
        assert_eq!(
            retry_after(
                &headers(&[("retry-after-ms", "250"), ("retry-after", "9")]),
                now
            ),
            Some(Duration::from_millis(250))
        );
        assert_eq!(retry_after(&headers(&[("retry-after", "-3")]), now), None);
        assert_eq!(retry_after(&headers(&[("retry-after", "soon")]), now), None);
        assert_eq!(retry_after(&headers(&[]), now), None);
    }

    #[test]
    fn a_snippet_is_cut_on_a_character_boundary_and_names_an_empty_body() {
        assert_eq!(snippet("  \n"), "(empty body)");
        assert_eq!(snippet("short"), "short");
        let long = "é".repeat(301);
        let cut = snippet(&long);
        assert_eq!(cut.chars().count(), 301);
        assert!(cut.ends_with('…'));
    }

    #[test]
    fn an_error_chain_names_every_cause() {
        let inner = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "refused");
        let outer = anyhow::Error::new(inner).context("connecting to the shop");
        let as_std: &dyn std::error::Error = outer.as_ref();
        assert_eq!(error_chain(as_std), "connecting to the shop: refused");
    }
}
