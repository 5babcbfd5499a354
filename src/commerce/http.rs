//! The HTTP commerce backend: the agent's shop is a team's own order service, spoken to
//! over the small JSON contract written down in `docs/backends.md`.
//!
//! This module owns that contract's client side: building each URL (every id is
//! percent-encoded as one path segment, because ids come from model output), the
//! bearer token, the timeout, the retries, and the mapping of every status code to
//! [`BackendError`]. A call is retried here on 408, 429, 5xx, timeouts and connection
//! errors, with exponential backoff and full jitter (or the server's `Retry-After`
//! when it is no longer than the longest backoff); a refund is retried with the *same*
//! `Idempotency-Key` on every attempt, so the service can answer a retry of a refund
//! that did go through with its first confirmation instead of paying twice. When the
//! retries run out the caller gets [`BackendError::Unavailable`], which the executor
//! treats as "release the claim and try again later, with the same key".
//!
//! Every answer the contract does not define — another 4xx, a success body that does
//! not parse, a record for another id — is also [`BackendError::Unavailable`], never a
//! panic and never a permanent refusal: such an answer comes from a misconfiguration
//! (a wrong base URL, a bad token) or a service that does not speak the contract, and
//! recording an approved refund as failed because of it would lose the approval. No
//! money can move on a retry that the key does not guard.

use std::fmt;
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use reqwest::header::{ACCEPT, AUTHORIZATION, HeaderMap, HeaderValue, USER_AGENT};
use reqwest::{Method, StatusCode, Url};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;

use super::{
    BackendError, CommerceBackend, Customer, KbArticle, Order, RefundConfirmation, RefundRequest,
};
use crate::backoff::{Backoff, Failed, GaveUp, Limit, Retry};
use crate::config::HttpCommerceSettings;
use crate::domain::money::Usd;
use crate::http::{error_chain, retry_after, snippet};

/// The header that carries a refund's idempotency key.
pub const IDEMPOTENCY_KEY_HEADER: &str = "Idempotency-Key";

/// The default backoff ceiling of the first retry.
const DEFAULT_BACKOFF_BASE: Duration = Duration::from_millis(200);
/// The default longest backoff.
const DEFAULT_BACKOFF_MAX: Duration = Duration::from_secs(5);

/// A [`CommerceBackend`] over HTTP (the contract in `docs/backends.md`).
pub struct HttpBackend {
    client: reqwest::Client,
    base: Url,
    timeout: Duration,
    max_retries: u32,
    backoff: Backoff,
    authenticated: bool,
}

impl fmt::Debug for HttpBackend {
    // Written by hand so that nothing near the token is ever printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HttpBackend")
            .field("base", &self.base.as_str())
            .field("timeout", &self.timeout)
            .field("max_retries", &self.max_retries)
            .field("authenticated", &self.authenticated)
            .finish_non_exhaustive()
    }
}

/// Why one attempt failed, before the retry loop decides what to do with it.
enum Failure {
    /// Worth another attempt.
    Retryable {
        message: String,
        retry_after: Option<Duration>,
    },
    /// Another attempt would fail the same way.
    Final(BackendError),
}

/// The body of a 422 answer to a refund.
#[derive(Deserialize)]
struct Unprocessable {
    refundable_usd: Usd,
}

impl HttpBackend {
    /// A backend for the service at `settings.base_url`, authenticating with the bearer
    /// token in the environment variable named by `settings.token_env` (unset or blank:
    /// no `Authorization` header).
    ///
    /// # Errors
    /// A base URL that is not an absolute `http`/`https` URL, a token an HTTP header
    /// cannot carry (the message names the variable, never the value), or a TLS
    /// backend that cannot be initialised.
    pub fn new(settings: &HttpCommerceSettings) -> anyhow::Result<Self> {
        let token = crate::config::secret_from_env(&settings.token_env);
        Self::with_token(settings, token.as_ref(), &settings.token_env)
    }

    /// As [`HttpBackend::new`], with the bearer token given directly (from a secrets
    /// manager, or a test); `source` names where it came from, for error messages.
    ///
    /// # Errors
    /// As [`HttpBackend::new`].
    pub fn with_token(
        settings: &HttpCommerceSettings,
        token: Option<&SecretString>,
        source: &str,
    ) -> anyhow::Result<Self> {
        let base = Url::parse(settings.base_url.trim()).map_err(|e| {
            anyhow::anyhow!(
                "commerce.http.base_url = {:?} is not a URL: {e}",
                settings.base_url
            )
        })?;
        anyhow::ensure!(
            matches!(base.scheme(), "http" | "https") && !base.cannot_be_a_base(),
            "commerce.http.base_url = {:?} must be an http:// or https:// URL",
            settings.base_url
        );
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT, HeaderValue::from_static("application/json"));
        headers.insert(
            USER_AGENT,
            HeaderValue::from_static(concat!("ticket-agent/", env!("CARGO_PKG_VERSION"))),
        );
        if let Some(token) = token {
            let bearer = format!("Bearer {}", token.expose_secret());
            let mut value = HeaderValue::from_str(&bearer).map_err(|_| {
                anyhow::anyhow!("the token in {source} has characters an HTTP header cannot carry")
            })?;
            value.set_sensitive(true);
            headers.insert(AUTHORIZATION, value);
        }
        let timeout = Duration::from_secs(settings.timeout_secs.max(1));
        let client = reqwest::Client::builder()
            .default_headers(headers)
            .timeout(timeout)
            .connect_timeout(timeout)
            .build()
            .map_err(|e| anyhow::anyhow!("building the commerce HTTP client: {e}"))?;
        Ok(Self {
            client,
            base,
            timeout,
            max_retries: settings.max_retries,
            backoff: Backoff::new(DEFAULT_BACKOFF_BASE, DEFAULT_BACKOFF_MAX),
            authenticated: token.is_some(),
        })
    }

    /// Replaces the backoff: the ceiling of the first retry (`base`), doubled on each
    /// later one up to `max`. The defaults are 200 ms and 5 s.
    #[must_use]
    pub fn with_backoff(mut self, base: Duration, max: Duration) -> Self {
        self.backoff = Backoff::new(base, max);
        self
    }

    /// `{base}/{segments…}`, each segment percent-encoded as one path segment (a `/`,
    /// a space, a `?` or a `%` in an id cannot change which resource is addressed).
    /// `None` for an id that cannot name a resource: empty, `.` or `..`.
    fn url(&self, segments: &[&str]) -> Option<Url> {
        if segments
            .iter()
            .any(|s| s.is_empty() || *s == "." || *s == "..")
        {
            return None;
        }
        let mut url = self.base.clone();
        url.path_segments_mut()
            .ok()?
            .pop_if_empty()
            .extend(segments);
        Some(url)
    }

    /// Sends one request, retrying transient failures, and returns the first answer
    /// that is not worth retrying: its status and body.
    async fn call(
        &self,
        method: Method,
        url: &Url,
        body: Option<&serde_json::Value>,
        idempotency_key: Option<&str>,
    ) -> Result<(StatusCode, String), BackendError> {
        let what = format!("{method} {}", url.path());
        let attempt = || async {
            self.attempt(&method, url, body, idempotency_key)
                .await
                .map_err(|failure| match failure {
                    Failure::Final(e) => Failed::Final(e),
                    Failure::Retryable {
                        message,
                        retry_after,
                    } => Failed::Again(
                        BackendError::Unavailable(format!("{what}: {message}")),
                        retry_after,
                    ),
                })
        };
        let before_retry = |error: &BackendError, retry: Retry| {
            tracing::warn!(
                request = %what,
                retry = retry.number,
                max_retries = self.max_retries,
                delay_ms = u64::try_from(retry.wait.as_millis()).unwrap_or(u64::MAX),
                // The service's error body may name the customer.
                error = %crate::telemetry::redact(&error.to_string()),
                "commerce backend call failed; retrying"
            );
            std::future::ready(Ok(retry.wait))
        };
        let run = self.backoff.run(
            Limit::Retries(self.max_retries),
            std::future::pending(),
            attempt,
            before_retry,
        );
        run.await.map_err(GaveUp::explained)
    }

    /// One request: the status and body, or a classified failure.
    async fn attempt(
        &self,
        method: &Method,
        url: &Url,
        body: Option<&serde_json::Value>,
        idempotency_key: Option<&str>,
    ) -> Result<(StatusCode, String), Failure> {
        let mut request = self.client.request(method.clone(), url.clone());
        if let Some(body) = body {
            request = request.json(body);
        }
        if let Some(key) = idempotency_key {
            let value = HeaderValue::from_str(key).map_err(|_| {
                Failure::Final(BackendError::Unavailable(format!(
                    "idempotency key {key:?} has characters an HTTP header cannot carry"
                )))
            })?;
            request = request.header(IDEMPOTENCY_KEY_HEADER, value);
        }
        let response = request
            .send()
            .await
            .map_err(|e| self.transport_failure(e))?;
        let status = response.status();
        let retry_after = retry_after(response.headers(), Utc::now());
        let text = response
            .text()
            .await
            .map_err(|e| self.transport_failure(e))?;
        let retryable = matches!(status.as_u16(), 408 | 429 | 500..=599);
        if retryable {
            return Err(Failure::Retryable {
                message: format!("HTTP {}: {}", status.as_u16(), snippet(&text)),
                retry_after,
            });
        }
        Ok((status, text))
    }

    /// Classifies a reqwest error: a request that cannot be built is final; timeouts,
    /// connection and body errors are worth another attempt. The URL is left out of
    /// the message (the caller names the method and path; a base URL may carry
    /// credentials).
    fn transport_failure(&self, error: reqwest::Error) -> Failure {
        let error = error.without_url();
        if error.is_builder() {
            return Failure::Final(BackendError::Unavailable(format!(
                "invalid request: {}",
                error_chain(&error)
            )));
        }
        let message = if error.is_timeout() {
            format!("timed out after {}s", self.timeout.as_secs())
        } else if error.is_connect() {
            format!("connection failed: {}", error_chain(&error))
        } else {
            format!("request failed: {}", error_chain(&error))
        };
        Failure::Retryable {
            message,
            retry_after: None,
        }
    }

    /// GETs one record by id: `None` on 404.
    async fn get_record<T: DeserializeOwned>(
        &self,
        collection: &str,
        id: &str,
        id_of: impl Fn(&T) -> &str,
    ) -> Result<Option<T>, BackendError> {
        let Some(url) = self.url(&[collection, id]) else {
            return Ok(None);
        };
        let (status, text) = self.call(Method::GET, &url, None, None).await?;
        if status == StatusCode::NOT_FOUND {
            return Ok(None);
        }
        if !status.is_success() {
            return Err(unexpected(&url, status, &text));
        }
        let record: T = parse(&url, &text)?;
        if id_of(&record) != id {
            return Err(BackendError::Unavailable(format!(
                "GET {} answered the record of {:?}",
                url.path(),
                id_of(&record)
            )));
        }
        Ok(Some(record))
    }
}

#[async_trait]
impl CommerceBackend for HttpBackend {
    async fn customer(&self, customer_id: &str) -> Result<Option<Customer>, BackendError> {
        self.get_record("customers", customer_id, |c: &Customer| &c.customer_id)
            .await
    }

    async fn order(&self, order_id: &str) -> Result<Option<Order>, BackendError> {
        self.get_record("orders", order_id, |o: &Order| &o.order_id)
            .await
    }

    /// `GET {base}/customers/{id}/orders`, which a shop may leave out: `404` is no list.
    async fn customer_orders(&self, customer_id: &str) -> Result<Vec<Order>, BackendError> {
        let Some(url) = self.url(&["customers", customer_id, "orders"]) else {
            return Ok(Vec::new());
        };
        let (status, text) = self.call(Method::GET, &url, None, None).await?;
        if status == StatusCode::NOT_FOUND {
            return Ok(Vec::new());
        }
        if !status.is_success() {
            return Err(unexpected(&url, status, &text));
        }
        let orders: Vec<Order> = parse(&url, &text)?;
        if let Some(other) = orders.iter().find(|o| o.customer_id != customer_id) {
            return Err(BackendError::Unavailable(format!(
                "GET {} answered an order of {:?}",
                url.path(),
                other.customer_id
            )));
        }
        Ok(orders)
    }

    async fn kb_articles(&self) -> Result<Vec<KbArticle>, BackendError> {
        let url = self
            .url(&["kb", "articles"])
            .ok_or_else(|| BackendError::Unavailable("the base URL cannot take a path".into()))?;
        let (status, text) = self.call(Method::GET, &url, None, None).await?;
        if !status.is_success() {
            return Err(unexpected(&url, status, &text));
        }
        parse(&url, &text)
    }

    async fn issue_refund(
        &self,
        request: &RefundRequest,
    ) -> Result<RefundConfirmation, BackendError> {
        let Some(url) = self.url(&["orders", &request.order_id, "refunds"]) else {
            return Err(BackendError::OrderNotFound(request.order_id.clone()));
        };
        let body = json!({ "amount_usd": request.amount_usd });
        let (status, text) = self
            .call(
                Method::POST,
                &url,
                Some(&body),
                Some(&request.idempotency_key),
            )
            .await?;
        match status.as_u16() {
            200..=299 => {
                let confirmation: RefundConfirmation = parse(&url, &text)?;
                if confirmation.confirmation_id.trim().is_empty() {
                    return Err(BackendError::Unavailable(format!(
                        "POST {} answered an empty confirmation_id",
                        url.path()
                    )));
                }
                Ok(confirmation)
            }
            404 => Err(BackendError::OrderNotFound(request.order_id.clone())),
            409 => Err(BackendError::IdempotencyKeyReused(
                request.idempotency_key.clone(),
            )),
            422 => match serde_json::from_str::<Unprocessable>(&text) {
                Ok(body) => Err(BackendError::ExceedsRefundable {
                    requested: request.amount_usd,
                    refundable: body.refundable_usd,
                }),
                Err(e) => Err(BackendError::Unavailable(format!(
                    "POST {} answered 422 without a valid refundable_usd ({e}): {}",
                    url.path(),
                    snippet(&text)
                ))),
            },
            _ => Err(unexpected(&url, status, &text)),
        }
    }

    /// `None`: a live service describes the present.
    fn snapshot_now(&self) -> Option<DateTime<Utc>> {
        None
    }
}

/// An answer the contract does not define, for the executor to retry later.
fn unexpected(url: &Url, status: StatusCode, body: &str) -> BackendError {
    BackendError::Unavailable(format!(
        "{} answered HTTP {}, which the contract does not define here: {}",
        url.path(),
        status.as_u16(),
        snippet(body)
    ))
}

/// Parses a success body; one that is not what the contract promises is named.
fn parse<T: DeserializeOwned>(url: &Url, text: &str) -> Result<T, BackendError> {
    serde_json::from_str(text).map_err(|e| {
        BackendError::Unavailable(format!(
            "{} answered a malformed body ({e}): {}",
            url.path(),
            snippet(text)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn backend(base_url: &str) -> HttpBackend {
        HttpBackend::with_token(
            &HttpCommerceSettings {
                base_url: base_url.into(),
                token_env: "UNUSED".into(),
                timeout_secs: 1,
                max_retries: 3,
            },
            None,
            "test",
        )
        .unwrap()
    }

    #[test]
    fn ids_are_encoded_as_single_path_segments_under_the_base_path() {
        let b = backend("http://shop.test/api/v1/");
        assert_eq!(
            b.url(&["orders", "a/b c?d#e%f"]).unwrap().as_str(),
            "http://shop.test/api/v1/orders/a%2Fb%20c%3Fd%23e%25f"
        );
        let b = backend("http://shop.test");
        assert_eq!(
            b.url(&["orders", "O1", "refunds"]).unwrap().as_str(),
            "http://shop.test/orders/O1/refunds"
        );
        for id in ["", ".", ".."] {
            assert!(b.url(&["orders", id]).is_none(), "{id:?}");
        }
    }

    #[test]
    fn a_base_url_that_is_not_http_is_refused_at_start() {
        let settings = |url: &str| HttpCommerceSettings {
            base_url: url.into(),
            token_env: "UNUSED".into(),
            timeout_secs: 1,
            max_retries: 0,
        };
        assert!(HttpBackend::with_token(&settings("mailto:a@b"), None, "t").is_err());
        assert!(HttpBackend::with_token(&settings("not a url"), None, "t").is_err());
        let err =
            HttpBackend::with_token(&settings("http://x"), Some(&"bad\ntoken".into()), "MY_VAR")
                .unwrap_err()
                .to_string();
        assert!(err.contains("MY_VAR") && !err.contains("bad"), "{err}");
    }

    #[test]
    fn the_backoff_ceiling_doubles_and_stops_at_the_maximum() {
        let b = backend("http://x")
            .with_backoff(Duration::from_millis(100), Duration::from_millis(350));
        let ceilings: Vec<u128> = (0..5).map(|r| b.backoff.ceiling(r).as_millis()).collect();
        assert_eq!(ceilings, [100, 200, 350, 350, 350]);
        assert!((0..50).all(|_| b.backoff.delay(1) <= Duration::from_millis(200)));
    }
}
