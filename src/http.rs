//! What every outbound HTTP client here shares: the model providers
//! ([`crate::model`]) and the HTTP commerce backend ([`crate::commerce::http`]) both
//! honour the server's `Retry-After` (waiting with [`crate::backoff::Backoff`]
//! otherwise), and report a failure on one line with its causes.
//!
//! This module owns only that reading and wording. Which answers are worth another
//! attempt, how many attempts there are, and what a final failure means stay with each
//! client, because a model call and a refund call differ exactly there.

use std::time::Duration;

use chrono::{DateTime, Utc};
use reqwest::header::{HeaderMap, RETRY_AFTER};

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
