//! Zendesk's webhook for a new ticket ([`Inbound`]), checked and mapped onto our ticket
//! for the ingest API's `POST /v1/zendesk/tickets`: the front door's, so that a ticket
//! from Zendesk takes exactly the path of any other. A request is genuine only when
//! `X-Zendesk-Webhook-Signature` is `base64(HMAC-SHA256(signing secret, timestamp +
//! body))` with the timestamp of `X-Zendesk-Webhook-Signature-Timestamp`, and that
//! timestamp is within `connector.zendesk.max_skew_secs` of now (a replay is refused).
//! Two bodies are read: the `zen:event-type:ticket.created` event (its `detail` is the
//! ticket) and the ticket object a trigger's JSON body sends (`{"ticket": {…}}`, the
//! Tickets API's shape, with `custom_fields` and the requester). Our ticket id is
//! `connector.zendesk.ticket_prefix` and Zendesk's id; the customer is the requester
//! (its `external_id` when the body has one, else its Zendesk id); the order is the
//! configured custom field's value, else the first match of
//! `connector.zendesk.order_id_pattern` in the subject or description. Writing back
//! to Zendesk is the connector's ([`crate::connector`]).

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use regex::Regex;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use serde_json::{Value, json};
use sha2::Sha256;

use crate::config::ZendeskSettings;

/// The signature header of Zendesk's webhooks.
pub const SIGNATURE_HEADER: &str = "x-zendesk-webhook-signature";
/// The timestamp header the signature covers.
pub const TIMESTAMP_HEADER: &str = "x-zendesk-webhook-signature-timestamp";
/// The event type of a new ticket.
pub const TICKET_CREATED: &str = "zen:event-type:ticket.created";

/// Why an inbound webhook was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InboundError {
    /// No signing secret is configured: nothing can be verified.
    #[error("the Zendesk webhook is not configured (no signing secret)")]
    NotConfigured,
    /// A signature header is missing.
    #[error("the request is not signed (X-Zendesk-Webhook-Signature and its timestamp)")]
    Unsigned,
    /// The timestamp does not parse, or is too far from now.
    #[error("the signature timestamp is missing, malformed or outside the allowed skew")]
    Stale,
    /// The signature does not match.
    #[error("the signature does not match the body")]
    BadSignature,
    /// Signed, but not a ticket we can read.
    #[error("{0}")]
    Malformed(String),
}

impl InboundError {
    /// Its HTTP status: 401 for anything about the signature, 422 for the body.
    pub fn status(&self) -> u16 {
        match self {
            InboundError::Malformed(_) => 422,
            _ => 401,
        }
    }

    /// The word for it in answers.
    pub fn reason(&self) -> &'static str {
        match self {
            InboundError::NotConfigured => "not_configured",
            InboundError::Unsigned => "unsigned",
            InboundError::Stale => "stale",
            InboundError::BadSignature => "bad_signature",
            InboundError::Malformed(_) => "malformed",
        }
    }
}

/// What a verified webhook holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Inbound {
    /// A new ticket, as the JSON a sender would POST to `/v1/tickets`.
    Ticket(Value),
    /// Another event type: nothing to ingest.
    Ignored(String),
}

/// An id Zendesk writes as a number (the Tickets API) or as a string (events).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum Id {
    Number(u64),
    Text(String),
}

impl Id {
    fn text(&self) -> String {
        match self {
            Id::Number(n) => n.to_string(),
            Id::Text(s) => s.trim().to_string(),
        }
    }
}

#[derive(Debug, Deserialize)]
struct Requester {
    id: Option<Id>,
    external_id: Option<String>,
}

#[derive(Debug, Deserialize)]
struct CustomField {
    id: Id,
    value: Option<Value>,
}

/// The fields of a ticket both bodies share.
#[derive(Debug, Deserialize)]
struct TicketFields {
    id: Id,
    requester_id: Option<Id>,
    requester: Option<Requester>,
    subject: Option<String>,
    description: Option<String>,
    #[serde(default)]
    custom_fields: Vec<CustomField>,
}

#[derive(Debug, Deserialize)]
struct Payload {
    #[serde(rename = "type")]
    kind: Option<String>,
    detail: Option<TicketFields>,
    ticket: Option<TicketFields>,
}

/// Checks and maps Zendesk's inbound webhooks.
pub struct InboundWebhook {
    secret: Option<SecretString>,
    max_skew: Duration,
    ticket_prefix: String,
    order_field_id: u64,
    order_pattern: Regex,
}

impl std::fmt::Debug for InboundWebhook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InboundWebhook")
            .field("configured", &self.secret.is_some())
            .finish_non_exhaustive()
    }
}

/// `base64(HMAC-SHA256(secret, timestamp + body))`, Zendesk's webhook signature.
pub fn signature(secret: &[u8], timestamp: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(timestamp.as_bytes());
    mac.update(body);
    STANDARD.encode(mac.finalize().into_bytes())
}

impl InboundWebhook {
    /// From `[connector.zendesk]`, the secret from its environment variable (none: every
    /// request is refused).
    ///
    /// # Errors
    /// An `order_id_pattern` that is not a regular expression.
    pub fn from_settings(settings: &ZendeskSettings) -> anyhow::Result<Self> {
        Ok(Self {
            secret: crate::config::secret_from_env(&settings.webhook_secret_env),
            max_skew: Duration::from_secs(settings.max_skew_secs),
            ticket_prefix: settings.ticket_prefix.clone(),
            order_field_id: settings.order_field_id,
            order_pattern: Regex::new(&settings.order_id_pattern).map_err(|e| {
                anyhow::anyhow!("connector.zendesk.order_id_pattern is not a pattern: {e}")
            })?,
        })
    }

    /// The same, with `secret` as the signing secret (tests).
    pub fn with_secret(mut self, secret: SecretString) -> Self {
        self.secret = Some(secret);
        self
    }

    /// Whether a signing secret is configured.
    pub fn is_configured(&self) -> bool {
        self.secret.is_some()
    }

    /// Checks the signature headers against `body` at `now`.
    ///
    /// # Errors
    /// [`InboundError`]: not configured, unsigned, stale, or a wrong signature.
    pub fn verify(
        &self,
        signature_header: Option<&str>,
        timestamp_header: Option<&str>,
        body: &[u8],
        now: DateTime<Utc>,
    ) -> Result<(), InboundError> {
        let secret = self.secret.as_ref().ok_or(InboundError::NotConfigured)?;
        let (Some(sig), Some(ts)) = (signature_header, timestamp_header) else {
            return Err(InboundError::Unsigned);
        };
        let at = DateTime::parse_from_rfc3339(ts.trim())
            .map_err(|_| InboundError::Stale)?
            .with_timezone(&Utc);
        let skew = (now - at).abs().to_std().unwrap_or(Duration::MAX);
        if skew > self.max_skew {
            return Err(InboundError::Stale);
        }
        let given = STANDARD
            .decode(sig.trim())
            .map_err(|_| InboundError::BadSignature)?;
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.expose_secret().as_bytes())
            .expect("HMAC takes any key length");
        mac.update(ts.as_bytes());
        mac.update(body);
        // verify_slice compares in constant time.
        mac.verify_slice(&given)
            .map_err(|_| InboundError::BadSignature)
    }

    /// Maps a verified body onto our ticket.
    ///
    /// # Errors
    /// [`InboundError::Malformed`]: not JSON, or neither body shape, or no requester.
    pub fn read(&self, body: &[u8]) -> Result<Inbound, InboundError> {
        let payload: Payload = serde_json::from_slice(body)
            .map_err(|e| InboundError::Malformed(format!("not a Zendesk webhook body: {e}")))?;
        if let Some(kind) = payload.kind.as_deref()
            && kind != TICKET_CREATED
        {
            return Ok(Inbound::Ignored(kind.to_string()));
        }
        let fields = payload.detail.or(payload.ticket).ok_or_else(|| {
            InboundError::Malformed("the body has neither `detail` nor `ticket`".into())
        })?;
        let customer = fields
            .requester
            .as_ref()
            .and_then(|r| r.external_id.as_deref())
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .map(str::to_string)
            .or_else(|| {
                fields
                    .requester_id
                    .as_ref()
                    .or(fields.requester.as_ref().and_then(|r| r.id.as_ref()))
                    .map(Id::text)
            })
            .ok_or_else(|| InboundError::Malformed("the ticket has no requester".into()))?;
        let subject = fields.subject.unwrap_or_default();
        let description = fields.description.unwrap_or_default();
        let wanted = self.order_field_id.to_string();
        let from_field = (self.order_field_id != 0)
            .then(|| {
                fields
                    .custom_fields
                    .iter()
                    .find(|f| f.id.text() == wanted)
                    .and_then(|f| match &f.value {
                        Some(Value::String(s)) => Some(s.trim().to_string()),
                        Some(Value::Number(n)) => Some(n.to_string()),
                        _ => None,
                    })
                    .filter(|s| !s.is_empty())
            })
            .flatten();
        let order = from_field.or_else(|| {
            self.order_pattern
                .find(&subject)
                .or_else(|| self.order_pattern.find(&description))
                .map(|m| m.as_str().to_string())
        });
        Ok(Inbound::Ticket(json!({
            "ticket_id": format!("{}{}", self.ticket_prefix, fields.id.text()),
            "subject": subject,
            "body": description,
            "customer_id": customer,
            "order_id": order,
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Settings;

    fn inbound(order_field_id: u64) -> InboundWebhook {
        let mut s = Settings::defaults().connector.zendesk;
        s.webhook_secret_env = "TA_UNIT_UNSET_ZENDESK_SECRET".into();
        s.order_field_id = order_field_id;
        InboundWebhook::from_settings(&s)
            .unwrap()
            .with_secret(SecretString::from(
                "dGhpc19zZWNyZXRfaXNfZm9yX3Rlc3Rpbmdfb25seQ==",
            ))
    }

    #[test]
    fn a_signed_body_verifies_and_a_changed_one_an_old_one_or_an_unsigned_one_does_not() {
        let hook = inbound(0);
        let now = Utc::now();
        let ts = now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let body = br#"{"type":"zen:event-type:ticket.created"}"#;
        let secret = b"dGhpc19zZWNyZXRfaXNfZm9yX3Rlc3Rpbmdfb25seQ==";
        let sig = signature(secret, &ts, body);
        let (sig, ts) = (sig.as_str(), ts.as_str());
        assert_eq!(hook.verify(Some(sig), Some(ts), body, now), Ok(()));
        assert_eq!(
            hook.verify(Some(sig), Some(ts), b"{}", now),
            Err(InboundError::BadSignature)
        );
        assert_eq!(
            hook.verify(None, Some(ts), body, now),
            Err(InboundError::Unsigned)
        );
        let later = now + chrono::Duration::minutes(10);
        assert_eq!(
            hook.verify(Some(sig), Some(ts), body, later),
            Err(InboundError::Stale)
        );
    }

    #[test]
    fn the_created_event_and_the_ticket_object_both_map_onto_our_ticket() {
        let hook = inbound(360_001);
        let event = json!({
            "type": "zen:event-type:ticket.created", "account_id": 1, "id": "e1",
            "subject": "zen:ticket:35436", "time": "2026-12-01T10:00:00Z",
            "zendesk_event_version": "2022-11-06",
            "detail": { "id": "35436", "requester_id": "20978392", "subject": "Where is O1002?",
                        "description": "It has not arrived.", "status": "NEW" },
            "event": {}
        });
        let Inbound::Ticket(t) = hook.read(event.to_string().as_bytes()).unwrap() else {
            panic!("a ticket")
        };
        assert_eq!(t["ticket_id"], "zendesk-35436");
        assert_eq!(t["customer_id"], "20978392");
        assert_eq!(t["order_id"], "O1002");

        let object = json!({ "ticket": {
            "id": 35437, "subject": "Refund", "description": "O9999 arrived broken",
            "requester": { "id": 1, "external_id": "C001" },
            "custom_fields": [ { "id": 360001, "value": "O1003" } ]
        }});
        let Inbound::Ticket(t) = hook.read(object.to_string().as_bytes()).unwrap() else {
            panic!("a ticket")
        };
        assert_eq!(t["ticket_id"], "zendesk-35437");
        assert_eq!(t["customer_id"], "C001");
        assert_eq!(
            t["order_id"], "O1003",
            "the custom field wins over the text"
        );

        let other =
            json!({ "type": "zen:event-type:ticket.status_changed", "detail": {"id": "1"} });
        assert_eq!(
            hook.read(other.to_string().as_bytes()).unwrap(),
            Inbound::Ignored("zen:event-type:ticket.status_changed".into())
        );
        assert!(matches!(hook.read(b"[]"), Err(InboundError::Malformed(_))));
    }
}
