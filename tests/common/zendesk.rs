//! A fake Zendesk account speaking its wire formats: the Tickets API that the connector
//! writes back to (`PUT /api/v2/tickets/{id}.json`, basic auth `{email}/token:{token}`,
//! its error bodies, 429 with `Retry-After`), and, once pointed at an ingest API, the
//! webhook events Zendesk sends it: `zen:event-type:ticket.created` for a new ticket and
//! `zen:event-type:ticket.comment_added` for every comment, the requester's and the
//! ones written through the API alike (an agent's, `is_staff: true`), each signed as
//! Zendesk signs them (base64 HMAC-SHA256 of the timestamp and the body, from its docs).

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::put;
use axum::{Json, Router};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;
use ticket_agent::config::Settings;

/// The connector's agent.
pub(crate) const EMAIL: &str = "agent@acme.test";
/// Its API token.
pub(crate) const API_TOKEN: &str = "zd-api-token-0123456789";
/// The Zendesk user id of the connector's agent: the author of what it writes.
pub(crate) const AGENT_ID: &str = "9000001";

/// One ticket as the fake Zendesk holds it.
#[derive(Debug, Clone, Default)]
pub(crate) struct ZTicket {
    pub(crate) status: String,
    pub(crate) tags: BTreeSet<String>,
    pub(crate) group_id: Option<u64>,
    /// The comments written through the API (the connector's replies and notes):
    /// (body, public), in order.
    pub(crate) comments: Vec<(String, bool)>,
    /// The requester's comments after the description: (comment id, body), in order.
    pub(crate) from_requester: Vec<(u64, String)>,
    /// The requester's Zendesk id, the subject and the description (tickets opened with
    /// [`FakeZendesk::open_ticket`]).
    pub(crate) requester: String,
    pub(crate) subject: String,
    pub(crate) description: String,
}

/// Answers to give before the real one: (status, Retry-After seconds).
type Scripted = VecDeque<(u16, Option<u64>)>;

/// An event sent to the ingest API, and how it was answered.
#[derive(Debug, Clone)]
pub(crate) struct SentEvent {
    /// Its type (`zen:event-type:…`).
    pub(crate) kind: String,
    /// The comment it is about (comment events).
    pub(crate) comment_id: Option<u64>,
    /// The body, as signed.
    pub(crate) body: String,
    /// Whether the ingest API's answer (or the failure to get one) came.
    pub(crate) answered: bool,
    /// The HTTP status answered (0 when no answer came) and the JSON body.
    pub(crate) status: u16,
    pub(crate) answer: Value,
}

/// Where events go: the ingest API's Zendesk route and the webhook's signing secret.
#[derive(Clone)]
struct Events {
    url: String,
    secret: String,
    client: reqwest::Client,
}

#[derive(Default)]
struct ZState {
    tickets: Mutex<HashMap<u64, ZTicket>>,
    /// Answers given before the real one, per ticket: (status, Retry-After seconds).
    scripted: Mutex<HashMap<u64, Scripted>>,
    /// Every PUT: (ticket, status answered, when).
    attempts: Mutex<Vec<(u64, u16, Instant)>>,
    events: Mutex<Option<Events>>,
    sent: Mutex<Vec<SentEvent>>,
    next_comment: AtomicU64,
}

/// A fake Zendesk account on a free port.
pub(crate) struct FakeZendesk {
    pub(crate) base: String,
    state: Arc<ZState>,
}

impl FakeZendesk {
    /// An account holding `tickets`, new and empty.
    pub(crate) async fn start(tickets: &[u64]) -> FakeZendesk {
        let state = Arc::new(ZState {
            next_comment: AtomicU64::new(880_000),
            ..ZState::default()
        });
        for id in tickets {
            state.tickets.lock().unwrap().insert(
                *id,
                ZTicket {
                    status: "new".into(),
                    ..ZTicket::default()
                },
            );
        }
        let app = Router::new()
            .route("/api/v2/tickets/{file}", put(update_ticket))
            .with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        FakeZendesk { base, state }
    }

    /// From now on, every ticket opened and every comment added is sent as a webhook
    /// event to `url` (the ingest API's `/v1/zendesk/tickets`), signed with `secret`.
    pub(crate) fn send_events_to(&self, url: &str, secret: &str) {
        *self.state.events.lock().unwrap() = Some(Events {
            url: url.to_string(),
            secret: secret.to_string(),
            client: reqwest::Client::new(),
        });
    }

    pub(crate) fn script(&self, ticket: u64, answers: &[(u16, Option<u64>)]) {
        self.state
            .scripted
            .lock()
            .unwrap()
            .insert(ticket, answers.iter().copied().collect());
    }

    pub(crate) fn ticket(&self, id: u64) -> ZTicket {
        self.state.tickets.lock().unwrap()[&id].clone()
    }

    pub(crate) fn attempts(&self, id: u64) -> Vec<(u16, Instant)> {
        self.state
            .attempts
            .lock()
            .unwrap()
            .iter()
            .filter(|(t, _, _)| *t == id)
            .map(|(_, s, at)| (*s, *at))
            .collect()
    }

    /// Comments written through the API, on every ticket.
    pub(crate) fn comments(&self) -> usize {
        self.state
            .tickets
            .lock()
            .unwrap()
            .values()
            .map(|t| t.comments.len())
            .sum()
    }

    /// Every event sent so far, with its answer once it came.
    pub(crate) fn sent(&self) -> Vec<SentEvent> {
        self.state.sent.lock().unwrap().clone()
    }

    /// The requester opens ticket `id`: Zendesk sends `ticket.created`, and a comment
    /// event for its first comment, the description. Returns the created event's answer.
    pub(crate) async fn open_ticket(
        &self,
        id: u64,
        requester: &str,
        subject: &str,
        description: &str,
    ) -> (u16, Value) {
        self.state.tickets.lock().unwrap().insert(
            id,
            ZTicket {
                status: "new".into(),
                requester: requester.into(),
                subject: subject.into(),
                description: description.into(),
                ..ZTicket::default()
            },
        );
        let created = created_event(id, requester, subject, description);
        let answer = send(&self.state, "zen:event-type:ticket.created", None, created).await;
        let first = self.state.next_comment.fetch_add(1, Ordering::SeqCst);
        let ticket = self.ticket(id);
        let event = comment_event(&ticket, id, first, requester, false, true, description);
        send(&self.state, COMMENT_ADDED, Some(first), event).await;
        answer
    }

    /// The requester writes `body` on ticket `id` (publicly, as a reply by mail or in the
    /// help center does): Zendesk sends its comment event. Returns the comment's id and
    /// the event's answer.
    pub(crate) async fn requester_comments(&self, id: u64, body: &str) -> (u64, (u16, Value)) {
        let comment = self.state.next_comment.fetch_add(1, Ordering::SeqCst);
        let ticket = {
            let mut tickets = self.state.tickets.lock().unwrap();
            let t = tickets.get_mut(&id).expect("an open ticket");
            t.from_requester.push((comment, body.to_string()));
            // A requester's reply reopens a solved ticket.
            t.status = "open".into();
            t.clone()
        };
        let event = comment_event(&ticket, id, comment, &ticket.requester, false, true, body);
        (
            comment,
            send(&self.state, COMMENT_ADDED, Some(comment), event).await,
        )
    }

    /// Zendesk sends the event about `comment` again, byte for byte (its retry when our
    /// answer was lost, or a second webhook on the same event), newly signed.
    pub(crate) async fn resend(&self, comment: u64) -> (u16, Value) {
        let first = self
            .sent()
            .into_iter()
            .find(|e| e.comment_id == Some(comment))
            .expect("an event about that comment was sent");
        send(&self.state, &first.kind, first.comment_id, first.body).await
    }
}

/// The event type of a comment.
pub(crate) const COMMENT_ADDED: &str = "zen:event-type:ticket.comment_added";

/// Zendesk's signature: base64(HMAC-SHA256(secret, timestamp + body)), from its docs.
pub(crate) fn zendesk_signature(secret: &str, timestamp: &str, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(timestamp.as_bytes());
    mac.update(body.as_bytes());
    STANDARD.encode(mac.finalize().into_bytes())
}

/// Posts `body` to the events' target, signed now; records it and its answer. Without
/// a target, nothing is sent (0, null).
async fn send(state: &ZState, kind: &str, comment_id: Option<u64>, body: String) -> (u16, Value) {
    let Some(events) = state.events.lock().unwrap().clone() else {
        return (0, Value::Null);
    };
    let at = state.sent.lock().unwrap().len();
    state.sent.lock().unwrap().push(SentEvent {
        kind: kind.to_string(),
        comment_id,
        body: body.clone(),
        answered: false,
        status: 0,
        answer: Value::Null,
    });
    let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let response = events
        .client
        .post(&events.url)
        .header("content-type", "application/json")
        .header("user-agent", "Zendesk Webhook")
        .header("x-zendesk-webhook-signature-timestamp", &now)
        .header(
            "x-zendesk-webhook-signature",
            zendesk_signature(&events.secret, &now, &body),
        )
        .body(body)
        .send()
        .await;
    // An ingest API already stopped at the end of a test answers nothing.
    let (status, answer) = match response {
        Ok(r) => (r.status().as_u16(), r.json().await.unwrap_or(Value::Null)),
        Err(e) => (0, json!({ "error": e.to_string() })),
    };
    let mut sent = state.sent.lock().unwrap();
    sent[at].answered = true;
    sent[at].status = status;
    sent[at].answer = answer.clone();
    (status, answer)
}

/// The `zen:event-type:ticket.created` event of ticket `id`.
pub(crate) fn created_event(id: u64, requester: &str, subject: &str, description: &str) -> String {
    json!({
        "type": "zen:event-type:ticket.created",
        "account_id": 88888888,
        "id": format!("01HNXXXX-{id}"),
        "time": chrono::Utc::now().to_rfc3339(),
        "zendesk_event_version": "2022-11-06",
        "subject": format!("zen:ticket:{id}"),
        "detail": {
            "id": id.to_string(), "requester_id": requester, "submitter_id": requester,
            "subject": subject, "description": description, "status": "NEW",
            "priority": "LOW", "type": "QUESTION", "tags": [], "via": { "channel": "web" },
            "created_at": chrono::Utc::now().to_rfc3339(),
            "updated_at": chrono::Utc::now().to_rfc3339()
        },
        "event": { "meta": { "sequence": { "id": "abc", "position": 1 } } }
    })
    .to_string()
}

/// The `zen:event-type:ticket.comment_added` event of comment `comment` on `ticket`.
fn comment_event(
    ticket: &ZTicket,
    id: u64,
    comment: u64,
    author: &str,
    is_staff: bool,
    is_public: bool,
    body: &str,
) -> String {
    json!({
        "type": COMMENT_ADDED,
        "account_id": 88888888,
        "id": format!("01HNYYYY-{comment}"),
        "time": chrono::Utc::now().to_rfc3339(),
        "zendesk_event_version": "2022-11-06",
        "subject": format!("zen:ticket:{id}"),
        "detail": {
            "id": id.to_string(), "actor_id": author, "requester_id": ticket.requester,
            "submitter_id": ticket.requester, "subject": ticket.subject,
            "description": ticket.description, "status": ticket.status.to_uppercase(),
            "priority": "LOW", "type": "QUESTION", "tags": ticket.tags,
            "via": { "channel": "web" }, "is_public": true,
            "created_at": chrono::Utc::now().to_rfc3339(),
            "updated_at": chrono::Utc::now().to_rfc3339()
        },
        "event": {
            "comment": {
                "id": comment.to_string(), "body": body, "is_public": is_public,
                "author": {
                    "id": author, "is_staff": is_staff,
                    "name": if is_staff { "ticket-agent" } else { "Customer" }
                }
            }
        }
    })
    .to_string()
}

fn zendesk_error(status: StatusCode, error: &str, description: &str) -> Response {
    (
        status,
        Json(json!({ "error": error, "description": description })),
    )
        .into_response()
}

/// `PUT /api/v2/tickets/{id}.json`, as the Tickets API answers it; the comment it adds
/// is sent as an event, authored by the connector's agent, when events are on.
async fn update_ticket(
    State(state): State<Arc<ZState>>,
    Path(file): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(id) = file
        .strip_suffix(".json")
        .and_then(|i| i.parse::<u64>().ok())
    else {
        return zendesk_error(StatusCode::NOT_FOUND, "InvalidEndpoint", "Not found");
    };
    let expected = format!(
        "Basic {}",
        STANDARD.encode(format!("{EMAIL}/token:{API_TOKEN}"))
    );
    let answer = |code: u16| {
        state
            .attempts
            .lock()
            .unwrap()
            .push((id, code, Instant::now()));
    };
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(expected.as_str()) {
        answer(401);
        return (
            StatusCode::UNAUTHORIZED,
            Json(json!({ "error": "Couldn't authenticate you" })),
        )
            .into_response();
    }
    if let Some((code, retry_after)) = state
        .scripted
        .lock()
        .unwrap()
        .get_mut(&id)
        .and_then(VecDeque::pop_front)
    {
        answer(code);
        let status = StatusCode::from_u16(code).unwrap();
        let mut response = if code == 429 {
            (status, "Too Many Requests").into_response()
        } else {
            zendesk_error(status, "ServiceUnavailable", "Try again later")
        };
        if let Some(secs) = retry_after {
            response
                .headers_mut()
                .insert("retry-after", secs.to_string().parse().unwrap());
        }
        return response;
    }
    let Ok(update) = serde_json::from_slice::<Value>(&body) else {
        answer(400);
        return zendesk_error(StatusCode::BAD_REQUEST, "InvalidJSON", "body is not JSON");
    };
    let mut tickets = state.tickets.lock().unwrap();
    let Some(ticket) = tickets.get_mut(&id) else {
        answer(404);
        return zendesk_error(StatusCode::NOT_FOUND, "RecordNotFound", "Not found");
    };
    let t = &update["ticket"];
    let comment = t["comment"]["body"].as_str().unwrap_or_default();
    let status_ok = t.get("status").is_none_or(|s| {
        ["new", "open", "pending", "hold", "solved"].contains(&s.as_str().unwrap_or(""))
    });
    if !t.is_object() || comment.trim().is_empty() || !status_ok {
        answer(422);
        return (
            StatusCode::UNPROCESSABLE_ENTITY,
            Json(json!({
                "error": "RecordInvalid",
                "description": "Record validation errors",
                "details": { "base": [ { "description": "Comment: body is required, status must be valid" } ] }
            })),
        )
            .into_response();
    }
    answer(200);
    let public = t["comment"]["public"] != json!(false);
    ticket.comments.push((comment.to_string(), public));
    if let Some(s) = t["status"].as_str() {
        ticket.status = s.into();
    }
    for tag in t["additional_tags"].as_array().into_iter().flatten() {
        ticket.tags.insert(tag.as_str().unwrap().into());
    }
    if let Some(g) = t["group_id"].as_u64() {
        ticket.group_id = Some(g);
    }
    let n = ticket.comments.len() as u64;
    let comment_id = state.next_comment.fetch_add(1, Ordering::SeqCst);
    let event = comment_event(ticket, id, comment_id, AGENT_ID, true, public, comment);
    drop(tickets);
    // Zendesk sends its events on its own time, not inside the API call.
    let sender = state.clone();
    tokio::spawn(async move {
        send(&sender, COMMENT_ADDED, Some(comment_id), event).await;
    });
    let tickets = state.tickets.lock().unwrap();
    let ticket = &tickets[&id];
    Json(json!({
        "ticket": {
            "id": id, "url": format!("https://acme.zendesk.com/api/v2/tickets/{id}.json"),
            "status": ticket.status, "tags": ticket.tags, "group_id": ticket.group_id,
        },
        "audit": {
            "id": id * 1000 + n, "ticket_id": id, "author_id": AGENT_ID,
            "created_at": chrono::Utc::now().to_rfc3339(),
            "events": [ { "id": comment_id, "type": "Comment", "body": comment,
                          "public": public } ]
        }
    }))
    .into_response()
}

/// The connector's settings for the fake at `base`, its API token in a variable of the
/// test's own (`name`), with short backoffs.
pub(crate) fn zendesk_settings(s: &mut Settings, base: &str, name: &str) {
    s.connector.listen = "127.0.0.1:0".into();
    s.connector.zendesk.base_url = base.into();
    s.connector.zendesk.email = EMAIL.into();
    s.connector.zendesk.escalation_group_id = 360_000_777;
    let var = format!("TA_TEST_ZD_TOKEN_{name}")
        .to_uppercase()
        .replace('-', "_");
    // SAFETY: a variable only this test reads, set before anything reads it.
    unsafe { std::env::set_var(&var, API_TOKEN) };
    s.connector.zendesk.api_token_env = var;
    s.connector.backoff_base_ms = 50;
    s.connector.backoff_max_ms = 200;
    s.connector.shutdown_grace_secs = 5;
}
