//! Zendesk's webhook for a new ticket and for a comment on one ([`Inbound`]), checked
//! and mapped onto our ticket for the ingest API's `POST /v1/zendesk/tickets`: the front
//! door's, so that a ticket from Zendesk takes exactly the path of any other. A request
//! is genuine only when `X-Zendesk-Webhook-Signature` is `base64(HMAC-SHA256(signing
//! secret, timestamp + body))` with the timestamp of
//! `X-Zendesk-Webhook-Signature-Timestamp`, and that timestamp is within
//! `connector.zendesk.max_skew_secs` of now (a replay is refused).
//!
//! Three bodies are read: the `zen:event-type:ticket.created` event (its `detail` is the
//! ticket), the ticket object a trigger's JSON body sends (`{"ticket": {…}}`, the
//! Tickets API's shape, with `custom_fields` and the requester), and the
//! `zen:event-type:ticket.comment_added` event, whose comment is a new message on the
//! ticket (`message_id` = the comment's id, the body its text). Only the requester's
//! public word is a message: a private note, an agent's comment (the replies and notes
//! the connector writes among them: they come back as these events too), someone else's,
//! and the ticket's first comment (its description, which the created event brings) are
//! [`Inbound::SkippedComment`], answered and counted but never queued. Our ticket id is
//! `connector.zendesk.ticket_prefix` and Zendesk's id; the customer is the requester
//! (its `external_id` when the body has one, else its Zendesk id); the order is the
//! configured custom field's value, else the first match of
//! `connector.zendesk.order_id_pattern` in the comment, the subject or the description.
//! Writing back to Zendesk is the connector's ([`crate::connector`]).

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
/// The event type of a comment added to a ticket.
pub const COMMENT_ADDED: &str = "zen:event-type:ticket.comment_added";

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
    /// A new ticket, or a new message on one, as the JSON a sender would POST to
    /// `/v1/tickets`.
    Ticket(Value),
    /// Another event type: nothing to ingest.
    Ignored(String),
    /// A comment that is not the customer's new message: nothing to ingest.
    SkippedComment {
        /// Zendesk's id of the comment.
        comment_id: String,
        /// Why it is not answered.
        why: CommentSkipped,
    },
}

/// Why a comment added to a ticket is not a message to answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommentSkipped {
    /// An internal note: the customer never saw it, and it asks nothing of us.
    Private,
    /// An agent's: a human's answer, or one this integration wrote (the connector's
    /// replies and notes come back as comment events too; answering them would loop).
    Staff,
    /// Not the requester's (someone copied on the ticket), or no author to tell.
    OtherAuthor,
    /// The ticket's first comment, its description: the ticket-created event (or the
    /// trigger) brings it as the ticket itself.
    FirstComment,
}

impl CommentSkipped {
    /// Every reason.
    pub const ALL: [CommentSkipped; 4] = [
        Self::Private,
        Self::Staff,
        Self::OtherAuthor,
        Self::FirstComment,
    ];

    /// The word for it in answers and on `ticket_agent_ingest_ignored_total`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Private => "private_comment",
            Self::Staff => "staff_comment",
            Self::OtherAuthor => "other_author",
            Self::FirstComment => "first_comment",
        }
    }
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
struct Author {
    id: Option<Id>,
    is_staff: Option<bool>,
}

/// The comment of a comment-added event.
#[derive(Debug, Deserialize)]
struct Comment {
    id: Option<Id>,
    body: Option<String>,
    is_public: Option<bool>,
    author: Option<Author>,
}

#[derive(Debug, Deserialize)]
struct EventFields {
    comment: Option<Comment>,
}

#[derive(Debug, Deserialize)]
struct Payload {
    #[serde(rename = "type")]
    kind: Option<String>,
    detail: Option<TicketFields>,
    ticket: Option<TicketFields>,
    /// Read only for the event types that need it, so that another event's shape never
    /// makes its body unreadable.
    event: Option<Value>,
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

    /// Maps a verified body onto our ticket, or onto a new message of one.
    ///
    /// # Errors
    /// [`InboundError::Malformed`]: not JSON, or neither body shape, no requester, or a
    /// comment event without its comment or the comment's id.
    pub fn read(&self, body: &[u8]) -> Result<Inbound, InboundError> {
        let payload: Payload = serde_json::from_slice(body)
            .map_err(|e| InboundError::Malformed(format!("not a Zendesk webhook body: {e}")))?;
        match payload.kind.as_deref() {
            None | Some(TICKET_CREATED) => {}
            Some(COMMENT_ADDED) => return self.comment(payload),
            Some(kind) => return Ok(Inbound::Ignored(kind.to_string())),
        }
        let fields = payload.detail.or(payload.ticket).ok_or_else(|| {
            InboundError::Malformed("the body has neither `detail` nor `ticket`".into())
        })?;
        let customer = customer(&fields)?;
        let subject = fields.subject.clone().unwrap_or_default();
        let description = fields.description.clone().unwrap_or_default();
        let order = self.order(&fields, &[&subject, &description]);
        Ok(Inbound::Ticket(json!({
            "ticket_id": format!("{}{}", self.ticket_prefix, fields.id.text()),
            "subject": subject,
            "body": description,
            "customer_id": customer,
            "order_id": order,
        })))
    }

    /// A comment-added event: the requester's public comment is a new message on the
    /// ticket (its id the message id); any other comment is skipped.
    fn comment(&self, payload: Payload) -> Result<Inbound, InboundError> {
        let fields = payload.detail.ok_or_else(|| {
            InboundError::Malformed("a comment event without its ticket (`detail`)".into())
        })?;
        let comment = payload
            .event
            .map(serde_json::from_value::<EventFields>)
            .transpose()
            .map_err(|e| InboundError::Malformed(format!("a comment event's `event`: {e}")))?
            .and_then(|e| e.comment)
            .ok_or_else(|| InboundError::Malformed("a comment event without its comment".into()))?;
        let comment_id = comment
            .id
            .as_ref()
            .map(Id::text)
            .filter(|id| !id.is_empty())
            .ok_or_else(|| InboundError::Malformed("a comment without its id".into()))?;
        let text = comment.body.unwrap_or_default();
        let description = fields.description.clone().unwrap_or_default();
        let requester = fields.requester_id.as_ref().map(Id::text);
        let author = comment.author.as_ref();
        let by_requester = author
            .and_then(|a| a.id.as_ref())
            .map(Id::text)
            .zip(requester)
            .map(|(author, requester)| author == requester);
        let is_staff = author.and_then(|a| a.is_staff);
        let skipped = if comment.is_public != Some(true) {
            Some(CommentSkipped::Private)
        } else if is_staff == Some(true) {
            Some(CommentSkipped::Staff)
        } else if by_requester == Some(false) || (is_staff.is_none() && by_requester.is_none()) {
            // An end user copied on the ticket is not the customer the agent answers;
            // an author nobody can place could be anyone, this integration included.
            Some(CommentSkipped::OtherAuthor)
        } else if !description.trim().is_empty() && text.trim() == description.trim() {
            Some(CommentSkipped::FirstComment)
        } else {
            None
        };
        if let Some(why) = skipped {
            return Ok(Inbound::SkippedComment { comment_id, why });
        }
        let customer = customer(&fields)?;
        let subject = fields.subject.clone().unwrap_or_default();
        // The order this message names, else the one the thread began with.
        let order = self.order(&fields, &[&text, &subject, &description]);
        Ok(Inbound::Ticket(json!({
            "ticket_id": format!("{}{}", self.ticket_prefix, fields.id.text()),
            "message_id": comment_id,
            "subject": subject,
            "body": text,
            "customer_id": customer,
            "order_id": order,
        })))
    }

    /// The order: the configured custom field's value, else the first match of the
    /// pattern in `texts`, in their order.
    fn order(&self, fields: &TicketFields, texts: &[&str]) -> Option<String> {
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
        from_field.or_else(|| {
            texts
                .iter()
                .find_map(|t| self.order_pattern.find(t))
                .map(|m| m.as_str().to_string())
        })
    }
}

/// The customer: the requester's `external_id` when the body has one, else its Zendesk
/// id.
fn customer(fields: &TicketFields) -> Result<String, InboundError> {
    fields
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
        .ok_or_else(|| InboundError::Malformed("the ticket has no requester".into()))
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

    /// A `zen:event-type:ticket.comment_added` event as Zendesk sends it (ids as
    /// strings, the ticket in `detail`, the comment in `event.comment`).
    fn comment_event(id: &str, author: &str, staff: bool, public: bool, body: &str) -> Vec<u8> {
        json!({
            "type": "zen:event-type:ticket.comment_added", "account_id": 1,
            "id": "e2", "subject": "zen:ticket:35436", "time": "2026-12-01T10:05:00Z",
            "zendesk_event_version": "2022-11-06",
            "detail": { "id": "35436", "requester_id": "20978392", "subject": "Where is O1002?",
                        "description": "It has not arrived.", "status": "OPEN" },
            "event": { "comment": { "id": id, "body": body, "is_public": public,
                                    "author": { "id": author, "is_staff": staff, "name": "N" } } }
        })
        .to_string()
        .into_bytes()
    }

    #[test]
    fn the_requesters_public_comment_is_a_new_message_and_every_other_comment_is_skipped() {
        let hook = inbound(0);
        let Inbound::Ticket(t) = hook
            .read(&comment_event(
                "8801",
                "20978392",
                false,
                true,
                "Still nothing. Also, is O1003 shipped?",
            ))
            .unwrap()
        else {
            panic!("a message")
        };
        assert_eq!(t["ticket_id"], "zendesk-35436");
        assert_eq!(t["message_id"], "8801");
        assert_eq!(t["customer_id"], "20978392");
        assert_eq!(t["body"], "Still nothing. Also, is O1003 shipped?");
        assert_eq!(t["subject"], "Where is O1002?");
        assert_eq!(
            t["order_id"], "O1003",
            "the order the message names comes first"
        );
        let Inbound::Ticket(t) = hook
            .read(&comment_event("8802", "20978392", false, true, "Any news?"))
            .unwrap()
        else {
            panic!("a message")
        };
        assert_eq!(t["order_id"], "O1002", "else the thread's");
        // What it maps to is a valid ticket, one message of its thread.
        let ticket =
            crate::domain::ticket::Ticket::from_json(t.to_string().as_bytes(), 4096).unwrap();
        assert_eq!(ticket.work_key().as_str(), "zendesk-35436 8802");

        let skipped = |body: Vec<u8>| match hook.read(&body).unwrap() {
            Inbound::SkippedComment { why, .. } => why,
            other => panic!("not skipped: {other:?}"),
        };
        assert_eq!(
            skipped(comment_event("1", "20978392", false, false, "a note")),
            CommentSkipped::Private
        );
        assert_eq!(
            skipped(comment_event("2", "777", true, true, "Your order shipped.")),
            CommentSkipped::Staff,
            "an agent's reply, ours included"
        );
        assert_eq!(
            skipped(comment_event("3", "555", false, true, "I am cc'd")),
            CommentSkipped::OtherAuthor
        );
        assert_eq!(
            skipped(comment_event(
                "4",
                "20978392",
                false,
                true,
                " It has not arrived."
            )),
            CommentSkipped::FirstComment
        );
        let mut no_author: Value =
            serde_json::from_slice(&comment_event("5", "1", false, true, "x")).unwrap();
        no_author["event"]["comment"]
            .as_object_mut()
            .unwrap()
            .remove("author");
        assert_eq!(
            skipped(no_author.to_string().into_bytes()),
            CommentSkipped::OtherAuthor
        );
        let mut no_comment: Value =
            serde_json::from_slice(&comment_event("6", "1", false, true, "x")).unwrap();
        no_comment["event"] = json!({});
        assert!(matches!(
            hook.read(no_comment.to_string().as_bytes()),
            Err(InboundError::Malformed(_))
        ));
    }
}
