//! The generic webhook sink, for help desks without a connector of their own: each
//! outcome and decision POSTed as JSON to `connector.webhook.url`, signed as the
//! Standard Webhooks specification says, so that a receiver verifies it with that
//! specification's published libraries.
//!
//! The body is `{"type", "timestamp", "data"}` (`type` as [`Event::kind`], `data`
//! the message as it was on our exchange). The headers: `webhook-id` (the same for
//! every attempt and every re-publication of one event, and another for the answer to
//! each message of a ticket: receivers deduplicate on it),
//! `webhook-timestamp` (Unix seconds of this attempt) and `webhook-signature`
//! (`v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the
//! base64-decoded part of the `whsec_…` secret).

use std::time::Duration;

use async_trait::async_trait;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use chrono::Utc;
use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretSlice};
use serde_json::json;
use sha2::Sha256;

use super::{Call, Event, Plan, SendError, Sink, classify, unanswered};
use crate::config::Settings;

/// The prefix of a Standard Webhooks secret.
pub const SECRET_PREFIX: &str = "whsec_";

/// The signing key of a `whsec_…` secret: its base64 part, decoded.
///
/// # Errors
/// No `whsec_` prefix, or a part that is not base64.
pub fn signing_key(secret: &str) -> anyhow::Result<SecretSlice<u8>> {
    let encoded = secret
        .trim()
        .strip_prefix(SECRET_PREFIX)
        .ok_or_else(|| anyhow::anyhow!("a webhook secret starts with {SECRET_PREFIX}"))?;
    let key = STANDARD
        .decode(encoded)
        .map_err(|_| anyhow::anyhow!("the webhook secret after {SECRET_PREFIX} is not base64"))?;
    anyhow::ensure!(!key.is_empty(), "the webhook secret is empty");
    Ok(SecretSlice::from(key))
}

/// `v1,{base64 HMAC-SHA256(key, "{id}.{timestamp}.{body}")}`.
pub fn signature(key: &[u8], id: &str, timestamp: i64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(format!("{id}.{timestamp}.").as_bytes());
    mac.update(body);
    format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
}

/// The sink.
pub struct WebhookSink {
    client: reqwest::Client,
    url: String,
    key: SecretSlice<u8>,
}

impl WebhookSink {
    /// From `[connector.webhook]`, the secret from its environment variable.
    ///
    /// # Errors
    /// No URL, no or a malformed secret, or an HTTP client that cannot be built.
    pub fn from_settings(settings: &Settings) -> anyhow::Result<Self> {
        let w = &settings.connector.webhook;
        anyhow::ensure!(!w.url.trim().is_empty(), "connector.webhook.url is not set");
        let secret = crate::config::secret_from_env(&w.secret_env).ok_or_else(|| {
            anyhow::anyhow!("${} (the webhook signing secret) is not set", w.secret_env)
        })?;
        let key = signing_key(secret.expose_secret())
            .map_err(|e| anyhow::anyhow!("${}: {e}", w.secret_env))?;
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(settings.connector.timeout_secs))
            .build()?;
        Ok(Self {
            client,
            url: w.url.trim().to_string(),
            key,
        })
    }
}

#[async_trait]
impl Sink for WebhookSink {
    fn name(&self) -> &'static str {
        "webhook"
    }

    fn plan(&self, event: &Event) -> Plan {
        let key = format!("{}:{}:post", event.work_key(), event.event_key());
        let (data, at) = match event {
            Event::Outcome(o) => (
                serde_json::to_value(o).expect("messages serialize"),
                o.finished_at,
            ),
            Event::Decision(d) => (
                serde_json::to_value(d).expect("messages serialize"),
                d.decided_at,
            ),
        };
        Plan::Calls(vec![Call {
            target: format!("msg_{}", crate::domain::digest(&[&key])),
            key,
            body: json!({
                "type": event.kind(),
                "timestamp": at.to_rfc3339(),
                "data": data,
            }),
        }])
    }

    async fn send(&self, call: &Call) -> Result<(), SendError> {
        let body = serde_json::to_vec(&call.body).expect("JSON serializes");
        let timestamp = Utc::now().timestamp();
        let signed = signature(self.key.expose_secret(), &call.target, timestamp, &body);
        let response = self
            .client
            .post(&self.url)
            .header("content-type", "application/json")
            .header("webhook-id", &call.target)
            .header("webhook-timestamp", timestamp.to_string())
            .header("webhook-signature", signed)
            .body(body)
            .send()
            .await
            .map_err(|e| unanswered(&e))?;
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap_or_default();
        classify(status, &headers, &text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_needs_its_prefix_and_base64() {
        assert!(signing_key("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").is_ok());
        assert!(signing_key("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").is_err());
        assert!(signing_key("whsec_!!!").is_err());
    }

    #[test]
    fn the_signature_is_the_specifications_example() {
        // The example of the Standard Webhooks specification (its reference libraries'
        // test vector): this id, timestamp, body and secret sign to this value.
        let key = signing_key("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").unwrap();
        let sig = signature(
            key.expose_secret(),
            "msg_p5jXN8AQM9LWM0D4loKWxJek",
            1614265330,
            br#"{"test": 2432232314}"#,
        );
        assert_eq!(sig, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }
}
