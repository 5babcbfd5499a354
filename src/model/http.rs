//! The HTTP plumbing both providers share: one reqwest client with the configured
//! timeout, and one call path that classifies every failure as transient or permanent.
//!
//! A call is retried here, inside one turn, on 429, 408, 5xx (Anthropic's 529
//! `overloaded_error` included), timeouts and connection errors: exponential backoff
//! with full jitter, or exactly the server's `retry-after` when it sends one. Every other
//! status becomes [`ModelError::Permanent`] at once, carrying the API's own error
//! message; so does a success whose body does not parse, because asking again would
//! get the same body. A transient error still failing after the retries reaches the
//! caller as [`ModelError::Transient`], and the worker retries the ticket later. The API
//! key travels only in headers marked sensitive and is never logged. The module also
//! holds the small conversation helpers both wire formats need.
//!
//! With the fleet's budget on ([`super::limiter`]), every attempt first reserves its
//! request and estimated tokens there (waiting for them keeps the call, and so the
//! ticket, where it is), every response's rate-limit headers teach the budget, and a
//! success settles the reservation with the usage the provider reports. A 429 whose
//! `retry-after` paused the budget is retried as soon as the budget lets it, without a
//! backoff of its own on top.

use std::time::Duration;

use chrono::Utc;
use reqwest::StatusCode;
use reqwest::header::{CONTENT_TYPE, HeaderMap, HeaderValue, USER_AGENT};
use secrecy::{ExposeSecret, SecretString};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::ModelError;
use super::limiter::{Budget, LimitError, Observed, Reservation};
use crate::backoff::{Backoff, Failed, GaveUp, Limit, Retry};
use crate::config::ModelSettings;
use crate::conversation::{Message, Role};
use crate::http::{error_chain, retry_after, snippet};

/// How many attempts one call gets, and how long to wait between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RetryPolicy {
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// The waits between attempts. Its `max` is also the longest `retry-after` we
    /// honour: a longer one ends the call (the worker retries the ticket later instead).
    pub backoff: Backoff,
}

impl RetryPolicy {
    /// The policy configured in the model settings.
    pub(crate) fn from_settings(settings: &ModelSettings) -> Self {
        Self {
            max_retries: settings.max_retries,
            backoff: Backoff::new(
                Duration::from_millis(settings.retry_base_ms),
                Duration::from_millis(settings.retry_max_ms),
            ),
        }
    }
}

/// The HTTP client of one provider.
pub(crate) struct HttpClient {
    client: reqwest::Client,
    policy: RetryPolicy,
    timeout: Duration,
    /// The provider's name, for messages and logs.
    provider: &'static str,
    /// The completion limit per call, part of a call's token estimate.
    max_tokens: u32,
    /// The fleet's budget for this provider and model, when `model.limits` is on.
    budget: Option<Budget>,
}

/// Why one attempt failed, before the retry loop decides what to do with it.
#[derive(Debug)]
enum Failure {
    /// Worth another attempt.
    Retryable {
        message: String,
        status: Option<u16>,
        retry_after: Option<Duration>,
    },
    /// Another attempt would fail the same way.
    Permanent(ModelError),
}

impl HttpClient {
    /// A client with the settings' timeout and retry policy.
    ///
    /// # Errors
    /// When the TLS backend cannot be initialised.
    pub(crate) fn new(provider: &'static str, settings: &ModelSettings) -> anyhow::Result<Self> {
        let timeout = Duration::from_secs(settings.timeout_secs.max(1));
        let client = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout)
            .build()
            .map_err(|e| anyhow::anyhow!("building the {provider} HTTP client: {e}"))?;
        Ok(Self {
            client,
            policy: RetryPolicy::from_settings(settings),
            timeout,
            provider,
            max_tokens: settings.max_tokens,
            budget: None,
        })
    }

    /// Sends every call through `budget` from now on.
    pub(crate) fn limit(&mut self, budget: Budget) {
        self.budget = Some(budget);
    }

    /// A call's tokens as the budget counts them before it is sent: about four bytes
    /// of request a token (an overestimate, the JSON syntax included), plus the most
    /// the completion may take.
    fn estimate(&self, body: &[u8]) -> u64 {
        (body.len() as u64).div_ceil(4) + u64::from(self.max_tokens)
    }

    /// Reserves one attempt in the budget, when there is one.
    async fn reserve(&self, estimate: u64) -> Result<Option<Reservation>, ModelError> {
        let Some(budget) = &self.budget else {
            return Ok(None);
        };
        budget.acquire(estimate).await.map(Some).map_err(|e| {
            if let LimitError::Exhausted { .. } = e {
                tracing::warn!(provider = self.provider, budget = budget.key(), error = %crate::telemetry::chain(&e), "no model budget within the longest wait");
            }
            ModelError::Transient {
                message: format!("{}: {e}", self.provider),
                status: None,
            }
        })
    }

    /// Settles a reservation; a budget that cannot be reached only costs precision.
    async fn settle(&self, reservation: Option<Reservation>, used: u64) {
        if let (Some(budget), Some(reservation)) = (&self.budget, reservation)
            && let Err(e) = budget.settle(&reservation, used).await
        {
            tracing::warn!(provider = self.provider, error = %crate::telemetry::chain(&e), "could not settle the model budget");
        }
    }

    /// POSTs `body` as JSON to `url` with `headers`, retrying transient failures, and
    /// parses a success body as `T`; `used` reads the tokens a response reports, which
    /// settle the budget (a response that reports none settles at the estimate).
    ///
    /// # Errors
    /// [`ModelError::Permanent`] for a non-retryable status (with the API's own
    /// message) or a success body that is not a `T`; [`ModelError::Transient`] when a
    /// retryable failure outlasts the retries.
    pub(crate) async fn post_json<T: DeserializeOwned>(
        &self,
        url: &str,
        headers: &HeaderMap,
        body: Value,
        used: impl Fn(&T) -> Option<u64>,
    ) -> Result<T, ModelError> {
        let bytes = serde_json::to_vec(&body).map_err(|e| ModelError::Permanent {
            message: format!("{}: encoding the request: {e}", self.provider),
            status: None,
        })?;
        // The tree takes several times the memory of its text, and a call waits seconds
        // on the model: with thousands of tickets in flight, keeping it through the wait
        // was a fifth of the worker's heap (docs/benchmarks.md, (c′) memory). The text
        // is shared by every attempt, not copied into each.
        drop(body);
        let bytes = bytes::Bytes::from(bytes);
        let estimate = self.estimate(&bytes);
        let attempt = || async {
            let reservation = self.reserve(estimate).await.map_err(Failed::Final)?;
            match self.attempt(url, headers, &bytes).await {
                Ok(text) => {
                    let parsed = self.parse(&text);
                    let tokens = parsed.as_ref().ok().and_then(&used).unwrap_or(estimate);
                    self.settle(reservation, tokens).await;
                    parsed.map_err(Failed::Final)
                }
                Err(failure) => {
                    // A refused request uses no tokens and a failed one's are unknown: settled
                    // at none. Its request slot stays spent.
                    self.settle(reservation, 0).await;
                    Err(match failure {
                        Failure::Permanent(error) => Failed::Final(error),
                        Failure::Retryable {
                            message,
                            status,
                            retry_after,
                        } => Failed::Again(ModelError::Transient { message, status }, retry_after),
                    })
                }
            }
        };
        let before_retry = |error: &ModelError, retry: Retry| {
            let (message, status) = error.parts();
            crate::metrics::global()
                .model_retries
                .with_label_values(&[self.provider])
                .inc();
            // The budget already holds every call of the fleet until a 429's retry-after.
            let paused_by_budget =
                self.budget.is_some() && status == Some(429) && retry.from_server;
            let wait = if paused_by_budget {
                Duration::ZERO
            } else {
                retry.wait
            };
            tracing::warn!(
                provider = self.provider,
                status = status.map_or_else(|| "none".to_string(), |s| s.to_string()),
                retry = retry.number,
                max_retries = self.policy.max_retries,
                delay_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
                // An error body may quote the conversation, and so the ticket.
                error = %crate::telemetry::redact(message),
                "model call failed; retrying"
            );
            std::future::ready(Ok(wait))
        };
        let limit = Limit::Retries(self.policy.max_retries);
        let run = self
            .policy
            .backoff
            .run(limit, std::future::pending(), attempt, before_retry);
        run.await.map_err(GaveUp::explained)
    }

    /// One request: the success body as text, or a classified failure.
    async fn attempt(
        &self,
        url: &str,
        headers: &HeaderMap,
        body: &bytes::Bytes,
    ) -> Result<String, Failure> {
        let response = self
            .client
            .post(url)
            .headers(headers.clone())
            .header(CONTENT_TYPE, HeaderValue::from_static("application/json"))
            .header(
                USER_AGENT,
                HeaderValue::from_static(concat!("ticket-agent/", env!("CARGO_PKG_VERSION"))),
            )
            .body(body.clone())
            .send()
            .await
            .map_err(|e| self.transport_failure(&e))?;
        let status = response.status();
        let now = Utc::now();
        let retry_after = retry_after(response.headers(), now);
        if status == StatusCode::TOO_MANY_REQUESTS {
            crate::metrics::global()
                .model_rate_limited
                .with_label_values(&[self.provider])
                .inc();
        }
        if let Some(budget) = &self.budget {
            let observed = Observed::from_headers(
                response.headers(),
                now,
                status == StatusCode::TOO_MANY_REQUESTS,
            );
            if let Err(e) = budget.observe(&observed).await {
                tracing::warn!(provider = self.provider, error = %crate::telemetry::chain(&e), "could not update the model budget");
            }
        }
        let text = response
            .text()
            .await
            .map_err(|e| self.transport_failure(&e))?;
        if status.is_success() {
            return Ok(text);
        }
        let detail = api_error_message(&text);
        let message = format!(
            "{} returned HTTP {}: {detail}",
            self.provider,
            status.as_u16()
        );
        if is_retryable(status, &text) {
            Err(Failure::Retryable {
                message,
                status: Some(status.as_u16()),
                retry_after,
            })
        } else {
            Err(Failure::Permanent(ModelError::Permanent {
                message,
                status: Some(status.as_u16()),
            }))
        }
    }

    /// Parses a success body; a body that is not what the API promises is permanent.
    fn parse<T: DeserializeOwned>(&self, text: &str) -> Result<T, ModelError> {
        serde_json::from_str(text).map_err(|e| ModelError::Permanent {
            message: format!(
                "{} sent a malformed response body ({e}): {}",
                self.provider,
                snippet(text)
            ),
            status: None,
        })
    }

    /// Classifies an error from reqwest: a request that cannot even be built is
    /// permanent; timeouts, connection and body errors are worth another attempt.
    fn transport_failure(&self, error: &reqwest::Error) -> Failure {
        let provider = self.provider;
        if error.is_builder() {
            return Failure::Permanent(ModelError::Permanent {
                message: format!("{provider}: invalid request: {}", error_chain(error)),
                status: None,
            });
        }
        let message = if error.is_timeout() {
            format!(
                "{provider} request timed out after {}s",
                self.timeout.as_secs()
            )
        } else if error.is_connect() {
            format!("{provider}: connection failed: {}", error_chain(error))
        } else {
            format!("{provider}: request failed: {}", error_chain(error))
        };
        Failure::Retryable {
            message,
            status: error.status().map(|s| s.as_u16()),
            retry_after: None,
        }
    }
}

/// Whether an error status is worth another attempt: rate limits, request timeouts
/// and server errors (529 included), except a 429 that says the account's quota or
/// spend limit is exhausted, which no amount of waiting inside one call will lift.
fn is_retryable(status: StatusCode, body: &str) -> bool {
    match status.as_u16() {
        429 => !is_quota_exhausted(body),
        408 => true,
        s => (500..=599).contains(&s),
    }
}

/// Anthropic's `enforced_spend_limit_reached` and OpenAI's `insufficient_quota`.
fn is_quota_exhausted(body: &str) -> bool {
    let Ok(value) = serde_json::from_str::<Value>(body) else {
        return false;
    };
    let error = &value["error"];
    [
        &error["code"],
        &error["type"],
        &error["details"]["error_code"],
    ]
    .iter()
    .any(|v| {
        matches!(
            v.as_str(),
            Some("insufficient_quota" | "enforced_spend_limit_reached")
        )
    })
}

/// The API's own error message from an error body: Anthropic's
/// `{"type":"error","error":{"type","message"}}`, OpenAI's
/// `{"error":{"message","type","code"}}`, the `{"error":"..."}` some self-hosted
/// servers send, or a piece of the raw body when it is none of these.
pub(crate) fn api_error_message(body: &str) -> String {
    let Ok(value) = serde_json::from_str::<Value>(body) else {
        return if body.trim().is_empty() {
            "(empty body)".to_string()
        } else {
            snippet(body)
        };
    };
    let error = &value["error"];
    if let Some(text) = error.as_str() {
        return text.to_string();
    }
    if let Some(message) = error["message"].as_str() {
        let kind = error["code"]
            .as_str()
            .or_else(|| error["type"].as_str())
            .filter(|k| !k.is_empty());
        return match kind {
            Some(kind) => format!("{kind}: {message}"),
            None => message.to_string(),
        };
    }
    if let Some(message) = value["message"].as_str() {
        return message.to_string();
    }
    snippet(body)
}

/// A request header holding a secret, marked sensitive so it never shows in debug
/// output.
///
/// # Errors
/// When the secret has characters a header cannot carry; the message names the
/// environment variable, never the value.
pub(crate) fn secret_header(value: &SecretString, env_var: &str) -> anyhow::Result<HeaderValue> {
    let mut header = HeaderValue::from_str(value.expose_secret()).map_err(|_| {
        anyhow::anyhow!("the API key in {env_var} has characters an HTTP header cannot carry")
    })?;
    header.set_sensitive(true);
    Ok(header)
}

/// The temperature as JSON: through its decimal form, so that `0.7f32` goes out as
/// `0.7` and not as `0.699999988079071`.
pub(crate) fn temperature_json(temperature: f32) -> Value {
    temperature
        .to_string()
        .parse::<f64>()
        .ok()
        .and_then(serde_json::Number::from_f64)
        .map_or(Value::Null, Value::Number)
}

/// A tool's output as the text of a result message (both APIs take a string): a
/// string output as itself, any other JSON serialised.
pub(crate) fn tool_output_text(output: &Value) -> String {
    match output {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// The conversation with consecutive messages of one role merged into one, and
/// messages left empty dropped: Anthropic requires the roles to alternate, and OpenAI
/// requires every tool result to follow its assistant message directly.
pub(crate) fn merge_consecutive_roles(messages: &[Message]) -> Vec<Message> {
    let mut merged: Vec<Message> = Vec::with_capacity(messages.len());
    for message in messages.iter().filter(|m| !m.content.is_empty()) {
        match merged.last_mut() {
            Some(last) if last.role == message.role => {
                last.content.extend(message.content.iter().cloned());
            }
            _ => merged.push(message.clone()),
        }
    }
    merged
}

/// The number of assistant turns so far: the index of the turn being requested, used
/// to give tool calls without an id a stable one.
pub(crate) fn turn_index(messages: &[Message]) -> usize {
    messages
        .iter()
        .filter(|m| m.role == Role::Assistant)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conversation::Content;

    #[test]
    fn rate_limits_and_server_errors_are_retried_but_client_errors_and_exhausted_quotas_are_not() {
        for status in [429, 408, 500, 502, 503, 504, 529] {
            assert!(
                is_retryable(StatusCode::from_u16(status).unwrap(), ""),
                "{status}"
            );
        }
        for status in [400, 401, 402, 403, 404, 409, 413, 422] {
            assert!(
                !is_retryable(StatusCode::from_u16(status).unwrap(), ""),
                "{status}"
            );
        }
        let quota = r#"{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}"#;
        assert!(!is_retryable(StatusCode::TOO_MANY_REQUESTS, quota));
        let spend = r#"{"type":"error","error":{"type":"rate_limit_error","message":"limit","details":{"error_code":"enforced_spend_limit_reached"}}}"#;
        assert!(!is_retryable(StatusCode::TOO_MANY_REQUESTS, spend));
    }

    #[test]
    fn the_api_error_message_is_read_from_either_wire_format_or_the_raw_body() {
        assert_eq!(
            api_error_message(
                r#"{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}"#
            ),
            "authentication_error: invalid x-api-key"
        );
        assert_eq!(
            api_error_message(
                r#"{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}}"#
            ),
            "invalid_api_key: Incorrect API key provided"
        );
        assert_eq!(
            api_error_message(r#"{"error":"model not found"}"#),
            "model not found"
        );
        assert_eq!(
            api_error_message("<html>bad gateway</html>"),
            "<html>bad gateway</html>"
        );
        assert_eq!(api_error_message(""), "(empty body)");
    }

    #[test]
    fn consecutive_messages_of_one_role_are_merged_and_empty_ones_dropped() {
        let merged = merge_consecutive_roles(&[
            Message::user_text("a"),
            Message {
                role: Role::Assistant,
                content: vec![],
            },
            Message::user_text("b"),
            Message {
                role: Role::Assistant,
                content: vec![Content::Text { text: "c".into() }],
            },
        ]);
        assert_eq!(merged.len(), 2);
        assert_eq!(merged[0].text(), "a\nb");
        assert_eq!(merged[1].role, Role::Assistant);
    }

    #[test]
    fn the_temperature_goes_out_in_its_decimal_form() {
        assert_eq!(temperature_json(0.7).to_string(), "0.7");
        assert_eq!(temperature_json(0.0).to_string(), "0.0");
    }
}
