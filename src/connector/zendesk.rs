//! Zendesk's Tickets API, written back to ([`ZendeskSink`]): each outcome and decision
//! as `PUT /api/v2/tickets/{id}.json` calls, with basic auth `{email}/token:{api_token}`:
//! RESOLVED is a public reply and status `solved`; REFUND_PROPOSED a public reply saying
//! a refund is proposed, then an internal note with the approval links, tagged;
//! ESCALATED an internal note with the category and the reason, tagged, and the ticket
//! assigned to the configured group; a decision an internal note, tagged. Tags are
//! added (`additional_tags`), never replaced. Zendesk's webhook for new tickets is the
//! ingest API's (`crate::ingest::zendesk`).

use std::time::Duration;

use async_trait::async_trait;
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Value, json};

use super::{Call, DecisionKind, Event, Plan, SendError, Sink, classify, unanswered};
use crate::config::Settings;
use crate::domain::outcome::OutcomeKind;

/// The Tickets API client that writes outcomes and decisions back.
pub struct ZendeskSink {
    client: reqwest::Client,
    base_url: String,
    email: String,
    token: SecretString,
    ticket_prefix: String,
    group_id: u64,
    tag_prefix: String,
    approvals_url: String,
}

impl ZendeskSink {
    /// From `[connector]` and `[connector.zendesk]`, the API token from its
    /// environment variable.
    ///
    /// # Errors
    /// No base URL, email or API token, or an HTTP client that cannot be built.
    pub fn from_settings(settings: &Settings) -> anyhow::Result<Self> {
        let z = &settings.connector.zendesk;
        anyhow::ensure!(
            !z.base_url.trim().is_empty(),
            "connector.zendesk.base_url is not set (https://{{subdomain}}.zendesk.com)"
        );
        anyhow::ensure!(
            !z.email.trim().is_empty(),
            "connector.zendesk.email is not set"
        );
        let token = crate::config::secret_from_env(&z.api_token_env).ok_or_else(|| {
            anyhow::anyhow!("${} (the Zendesk API token) is not set", z.api_token_env)
        })?;
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(settings.connector.timeout_secs))
            .build()?;
        Ok(Self {
            client,
            base_url: z.base_url.trim().trim_end_matches('/').to_string(),
            email: z.email.trim().to_string(),
            token,
            ticket_prefix: z.ticket_prefix.clone(),
            group_id: z.escalation_group_id,
            tag_prefix: z.tag_prefix.clone(),
            approvals_url: settings
                .connector
                .approvals_url
                .trim_end_matches('/')
                .to_string(),
        })
    }

    fn tag(&self, what: &str) -> String {
        format!("{}_{what}", self.tag_prefix)
    }

    fn approval_links(&self, ids: &[String]) -> String {
        ids.iter()
            .map(|id| format!("- {id}: {}/api/approvals/{id}", self.approvals_url))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A Tickets API update: `{"ticket": {"comment": {"body", "public"}, …}}`.
fn update(body: &str, public: bool, extra: Value) -> Value {
    let mut ticket = json!({ "comment": { "body": body, "public": public } });
    if let (Some(t), Value::Object(extra)) = (ticket.as_object_mut(), extra) {
        t.extend(extra);
    }
    json!({ "ticket": ticket })
}

#[async_trait]
impl Sink for ZendeskSink {
    fn name(&self) -> &'static str {
        "zendesk"
    }

    fn plan(&self, event: &Event) -> Plan {
        let ticket_id = event.ticket_id();
        let Some(zendesk_id) = ticket_id
            .strip_prefix(&self.ticket_prefix)
            .filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
        else {
            return Plan::Skip(format!(
                "ticket {ticket_id} is not a Zendesk ticket (no {:?} prefix)",
                self.ticket_prefix
            ));
        };
        // One reply per message: the answer to a message is keyed by it, so a retried
        // message is answered once and two messages twice.
        let work = event.work_key();
        let key = |call: &str| format!("{work}:{}:{call}", event.event_key());
        let call = |name: &str, body: Value| Call {
            key: key(name),
            target: zendesk_id.to_string(),
            body,
        };
        let calls = match event {
            Event::Outcome(o) => match o.verdict.outcome {
                // A reply that only thanked us: nothing to say, and nothing reopened.
                OutcomeKind::Resolved
                    if o.verdict
                        .message
                        .as_deref()
                        .is_none_or(|m| m.trim().is_empty()) =>
                {
                    return Plan::Skip(format!(
                        "the answer to {work} says nothing (a reply to a thank-you)"
                    ));
                }
                OutcomeKind::Resolved => vec![call(
                    "reply",
                    update(
                        o.verdict.message.as_deref().unwrap_or_default(),
                        true,
                        json!({ "status": "solved", "additional_tags": [self.tag("resolved")] }),
                    ),
                )],
                OutcomeKind::RefundProposed => {
                    let reply = o.verdict.message.clone().unwrap_or_else(|| {
                        "We have proposed a refund for your order; a member of our team will confirm it shortly.".into()
                    });
                    let note = format!(
                        "ticket-agent proposed a refund; it waits for a reviewer's approval.\n{}",
                        self.approval_links(&o.approval_ids)
                    );
                    vec![
                        call(
                            "reply",
                            update(
                                &reply,
                                true,
                                json!({ "additional_tags": [self.tag("refund_proposed")] }),
                            ),
                        ),
                        call("note", update(&note, false, json!({}))),
                    ]
                }
                OutcomeKind::Escalated => {
                    let category = o.verdict.category.map_or("unspecified", |c| c.as_str());
                    let note = format!(
                        "ticket-agent escalated this ticket.\nCategory: {category}\nReason: {}",
                        o.verdict.reason.as_deref().unwrap_or("(none given)")
                    );
                    let mut extra = json!({
                        "status": "open",
                        "additional_tags": [self.tag("escalated"), self.tag(category)],
                    });
                    if self.group_id != 0 {
                        extra["group_id"] = json!(self.group_id);
                    }
                    vec![call("note", update(&note, false, extra))]
                }
            },
            Event::Decision(d)
                if matches!(
                    DecisionKind::of(d),
                    DecisionKind::Rejected | DecisionKind::Failed
                ) =>
            {
                // The approvals service also publishes an escalated outcome for the
                // ticket, with the reviewer and the reason or the failure: that one
                // reopens the ticket and routes it to the group, so a second note here
                // would only say the same thing again.
                return Plan::Skip(format!(
                    "approval {} {}: the ticket's escalated outcome tells it",
                    d.approval_id,
                    DecisionKind::of(d).as_str()
                ));
            }
            Event::Decision(d) => {
                let kind = DecisionKind::of(d);
                let mut note = format!(
                    "Approval {} ({}) {}",
                    d.approval_id,
                    d.tool,
                    match kind {
                        DecisionKind::Executed => "was approved and carried out",
                        DecisionKind::Failed => "was approved, but the backend refused it",
                        DecisionKind::Approved => "was approved; it is being carried out",
                        DecisionKind::Rejected => "was rejected",
                        DecisionKind::Expired =>
                            "expired without a decision; the ticket needs a human",
                    }
                );
                if !d.reviewer.is_empty() {
                    note.push_str(&format!(" by {}", d.reviewer));
                }
                note.push('.');
                if let Some(n) = d.note.as_deref().filter(|n| !n.trim().is_empty()) {
                    note.push_str(&format!("\nNote: {n}"));
                }
                if let Some(e) = &d.execution {
                    note.push_str(&format!("\nResult: {}", e.result));
                }
                vec![call(
                    "note",
                    update(
                        &note,
                        false,
                        json!({ "additional_tags": [self.tag(&format!("approval_{}", kind.as_str()))] }),
                    ),
                )]
            }
        };
        Plan::Calls(calls)
    }

    async fn send(&self, call: &Call) -> Result<(), SendError> {
        let url = format!("{}/api/v2/tickets/{}.json", self.base_url, call.target);
        let response = self
            .client
            .put(url)
            .basic_auth(
                format!("{}/token", self.email),
                Some(self.token.expose_secret()),
            )
            .json(&call.body)
            .send()
            .await
            .map_err(|e| unanswered(&e))?;
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap_or_default();
        classify(status, &headers, &text)
    }
}
