//! The ingest API's HTTP layer: `POST /v1/tickets`, `POST /v1/zendesk/tickets`,
//! `GET /openapi.json`, `/healthz`.
//!
//! Before a byte of a body is read, a request must carry a sender's bearer token (401
//! otherwise; 429 once its address or its token has failed too often: the sign-in
//! guard, [`crate::auth::guard`]) and declare a length within `ingest.max_request_bytes` (413); a body
//! streamed without a length is cut at the same limit (413). Only then is it read as
//! JSON or JSON Lines (by `Content-Type`; 415 for anything else) and handed to
//! [`Ingest::ingest`]. The OpenAPI document is generated from the handler's annotation
//! and the answer types ([`ApiDoc`]); `docs/openapi/ingest.json` is a copy a test keeps
//! equal to it (`ticket-agent ingest openapi` writes it).
//!
//! Zendesk's webhook is a route of this service rather than of the connector: a
//! ticket from Zendesk, or a customer's new comment on one, must take exactly the path
//! of any other (the same validation, dedupe on its work key, confirmed publishing,
//! backpressure and answers), and it
//! scales with the same inbound traffic; the connector only writes back. It is
//! authenticated by Zendesk's HMAC signature instead of a bearer token
//! ([`super::zendesk::InboundWebhook`]).

use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

use super::zendesk::{COMMENT_ADDED, Inbound, InboundWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER};
use super::{
    Answer, ErrorBody, Format, Ingest, IngestResponse, Item, ItemError, ItemResult, ItemStatus,
    RequestError, idempotency_key, read_items,
};
use crate::auth::TokenHolders;
use crate::auth::guard::{SignInGuard, limit_sign_ins};
use crate::domain::ticket::Ticket;
use crate::metrics;

/// The HTTP layer's state.
pub struct WebState {
    /// The core.
    pub ingest: Arc<Ingest>,
    /// Who may send.
    pub senders: Arc<TokenHolders>,
    /// `ingest.max_request_bytes`.
    pub max_request_bytes: usize,
    /// `ingest.retry_after_secs`.
    pub retry_after_secs: u64,
    /// Zendesk's webhook: its signature check and mapping.
    pub zendesk: Arc<InboundWebhook>,
}

/// The sender a request was authenticated as.
#[derive(Debug, Clone)]
struct Sender(String);

/// The routes: the API (timed, authenticated, body-limited), its OpenAPI document,
/// `/healthz`.
pub fn router(state: WebState) -> Router {
    let limit = state.max_request_bytes;
    let state = Arc::new(state);
    let api = Router::new()
        .route("/v1/tickets", post(post_tickets))
        .route_layer(middleware::from_fn_with_state(state.clone(), authenticate))
        // Outside authentication: a client or token out of failures is refused before
        // its token is looked at.
        .route_layer(middleware::from_fn_with_state(
            Arc::new(SignInGuard::new(&["ingest"], |_, _| Some("ingest"))),
            limit_sign_ins,
        ))
        .route_layer(middleware::from_fn(timed))
        .layer(DefaultBodyLimit::max(limit))
        .with_state(state.clone());
    let zendesk = Router::new()
        .route("/v1/zendesk/tickets", post(post_zendesk))
        .route_layer(middleware::from_fn(timed))
        .layer(DefaultBodyLimit::max(limit))
        .with_state(state);
    api.merge(zendesk)
        .route("/openapi.json", get(openapi_json))
        .route("/healthz", get(|| async { "ok" }))
}

async fn timed(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let response = next.run(request).await;
    metrics::global()
        .ingest_latency
        .with_label_values(&[response.status().as_str()])
        .observe(started.elapsed().as_secs_f64());
    response
}

async fn authenticate(
    State(s): State<Arc<WebState>>,
    mut request: Request,
    next: Next,
) -> Response {
    let authorization = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    let Some(sender) = s.senders.bearer(authorization).map(str::to_string) else {
        let e = RequestError::Unauthorized;
        e.count(1);
        let mut response = refusal(&s, &e);
        response
            .headers_mut()
            .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        return response;
    };
    request.extensions_mut().insert(Sender(sender));
    next.run(request).await
}

fn with_retry_after(s: &WebState, mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(s.retry_after_secs));
    response
}

fn status(code: u16) -> StatusCode {
    StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

fn refusal(s: &WebState, e: &RequestError) -> Response {
    let response = (status(e.status()), Json(e.body())).into_response();
    if e.retry_later() {
        with_retry_after(s, response)
    } else {
        response
    }
}

fn answered(s: &WebState, answer: Answer) -> Response {
    let response = (status(answer.status), Json(answer.body)).into_response();
    if answer.retry_after {
        with_retry_after(s, response)
    } else {
        response
    }
}

/// A refusal counted on the metrics once, for the request.
fn refuse(s: &WebState, e: &RequestError) -> Response {
    e.count(1);
    refusal(s, e)
}

/// Submits one ticket or a batch.
#[utoipa::path(
    post,
    path = "/v1/tickets",
    tag = "tickets",
    operation_id = "ingest_tickets",
    summary = "Submit one ticket, or a batch (a JSON array, or JSON Lines)",
    description = "Validates each ticket with the rules of `ticket-agent submit` and publishes the valid ones to the tickets queue, answering once the broker has confirmed them. Invalid tickets are reported one by one and do not stop the valid ones. Deduplicated on `ticket_id`, and `message_id` when given (or on `Idempotency-Key` for a single ticket): a retry of an accepted ticket or message is answered as accepted, with `duplicate: true`, and publishes nothing; a new `message_id` on a known ticket is new work.",
    params(
        ("Idempotency-Key" = Option<String>, Header,
            description = "For a body of one ticket: deduplicate on this key (1 to 255 visible ASCII characters, scoped to the sender) instead of its ticket_id."),
    ),
    request_body(
        description = "One ticket object or an array of them (application/json), or one ticket object per line (application/x-ndjson; blank lines are skipped).",
        content(
            (TicketBody = "application/json"),
            (String = "application/x-ndjson"),
        ),
    ),
    responses(
        (status = 202, description = "At least one ticket accepted and none to retry; `results` says what happened to each (invalid ones included).", body = IngestResponse),
        (status = 400, description = "The body's framing is broken (an array that does not parse, a body that is not UTF-8), it holds no ticket, or a header is wrong.", body = ErrorBody),
        (status = 401, description = "No or an unknown bearer token.", body = ErrorBody,
            headers(("WWW-Authenticate" = String, description = "`Bearer`"))),
        (status = 409, description = "A ticket of the body is being published by another request right now: retry after `Retry-After`. Accepted ones are answered as duplicates then.", body = IngestResponse,
            headers(("Retry-After" = u64, description = "Seconds to wait."))),
        (status = 413, description = "Over the request size limit (checked before parsing) or the batch size limit.", body = ErrorBody),
        (status = 429, description = "Too many failed bearer tokens from this address, or with this token: retry after `Retry-After`; even a right token waits it out.", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait."))),
        (status = 415, description = "Content-Type is neither application/json nor application/x-ndjson.", body = ErrorBody),
        (status = 422, description = "No ticket accepted: every one is invalid or conflicts with an accepted one.", body = IngestResponse),
        (status = 503, description = "Retry after `Retry-After`. An `ErrorBody` when nothing was attempted (over the in-flight bound, broker or dedupe store unreachable); an `IngestResponse` when some tickets were published and others not (those are `unavailable`).", body = UnavailableBody,
            headers(("Retry-After" = u64, description = "Seconds to wait."))),
    ),
    security(("bearer" = [])),
)]
async fn post_tickets(
    State(s): State<Arc<WebState>>,
    Extension(Sender(sender)): Extension<Sender>,
    request: Request,
) -> Response {
    let headers = request.headers();
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > s.max_request_bytes as u64) {
        return refuse(&s, &RequestError::TooLarge(s.max_request_bytes));
    }
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    let Some(format) = Format::from_content_type(content_type) else {
        return refuse(&s, &RequestError::UnsupportedMediaType);
    };
    let key = match headers.get("idempotency-key") {
        None => None,
        Some(v) => match idempotency_key(v.as_bytes()) {
            Ok(k) => Some(k),
            Err(e) => return refuse(&s, &e),
        },
    };
    // Bytes reads under DefaultBodyLimit: a body streamed past the limit stops there.
    let body = match Bytes::from_request(request, &()).await {
        Ok(b) => b,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return refuse(&s, &RequestError::TooLarge(s.max_request_bytes));
        }
        Err(rejection) => {
            return refuse(&s, &RequestError::BadRequest(rejection.body_text()));
        }
    };
    let limits = *s.ingest.limits();
    let items = match read_items(
        format,
        &body,
        limits.max_ticket_body_bytes,
        limits.max_batch,
    ) {
        Ok(items) => items,
        Err(e) => return refuse(&s, &e),
    };
    match s.ingest.ingest(&sender, items, key).await {
        Ok(answer) => answered(&s, answer),
        // Counted per ticket inside.
        Err(e) => refusal(&s, &e),
    }
}

/// Takes Zendesk's webhook for a new ticket or a comment on one.
#[utoipa::path(
    post,
    path = "/v1/zendesk/tickets",
    tag = "tickets",
    operation_id = "ingest_zendesk_ticket",
    summary = "Zendesk's webhook for a new ticket, or a new comment on one",
    description = "Verifies `X-Zendesk-Webhook-Signature` (base64 HMAC-SHA256 of the timestamp header and the body, keyed with the webhook's signing secret) and the timestamp's age, maps the ticket (the `zen:event-type:ticket.created` event, or a trigger's `{\"ticket\": {…}}` body) or the requester's public comment (the `zen:event-type:ticket.comment_added` event: a new message on the ticket, its `message_id` the comment's id) onto ours, and ingests it exactly as `POST /v1/tickets` ingests one ticket. Other event types, and comments that are not the requester's public word (private notes, agents' comments, this integration's own, the ticket's first comment), are answered 200 and ignored.",
    request_body(content = serde_json::Value, description = "The webhook's JSON body, as Zendesk sends it.", content_type = "application/json"),
    responses(
        (status = 200, description = "Signed, but neither a new ticket nor the requester's new comment: ignored (`{\"ignored\": event type, \"reason\"}`)."),
        (status = 202, description = "Accepted (or a duplicate of an accepted one).", body = IngestResponse),
        (status = 401, description = "Unsigned, stale, a wrong signature, or no signing secret configured.", body = ErrorBody),
        (status = 409, description = "Being published by another request: retry.", body = IngestResponse),
        (status = 413, description = "Over the request size limit.", body = ErrorBody),
        (status = 422, description = "Signed, but not a ticket we can read, or an invalid one.", body = UnavailableBody),
        (status = 503, description = "Retry after `Retry-After`.", body = UnavailableBody,
            headers(("Retry-After" = u64, description = "Seconds to wait."))),
    ),
)]
async fn post_zendesk(State(s): State<Arc<WebState>>, request: Request) -> Response {
    let headers = request.headers();
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > s.max_request_bytes as u64) {
        return refuse(&s, &RequestError::TooLarge(s.max_request_bytes));
    }
    let text = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let (signature, timestamp) = (text(SIGNATURE_HEADER), text(TIMESTAMP_HEADER));
    let body = match Bytes::from_request(request, &()).await {
        Ok(b) => b,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return refuse(&s, &RequestError::TooLarge(s.max_request_bytes));
        }
        Err(rejection) => {
            return refuse(&s, &RequestError::BadRequest(rejection.body_text()));
        }
    };
    let refused = |reason: &str, code: u16, error: &str, message: String| {
        metrics::global()
            .ingest_rejected
            .with_label_values(&[reason])
            .inc();
        let body = ErrorBody {
            error: error.to_string(),
            message,
        };
        (status(code), Json(body)).into_response()
    };
    if let Err(e) = s.zendesk.verify(
        signature.as_deref(),
        timestamp.as_deref(),
        &body,
        chrono::Utc::now(),
    ) {
        tracing::warn!(reason = e.reason(), "refused a Zendesk webhook");
        return refused("unauthorized", e.status(), e.reason(), e.to_string());
    }
    let ignored = |reason: &str, answer: serde_json::Value| {
        metrics::global()
            .ingest_ignored
            .with_label_values(&[reason])
            .inc();
        (StatusCode::OK, Json(answer)).into_response()
    };
    let raw = match s.zendesk.read(&body) {
        Ok(Inbound::Ticket(raw)) => raw,
        Ok(Inbound::Ignored(kind)) => {
            return ignored(
                "event_type",
                serde_json::json!({ "ignored": kind, "reason": "event_type" }),
            );
        }
        Ok(Inbound::SkippedComment { comment_id, why }) => {
            tracing::debug!(comment_id = %comment_id, reason = why.as_str(), "a Zendesk comment that is not the customer's new message");
            return ignored(
                why.as_str(),
                serde_json::json!({ "ignored": COMMENT_ADDED, "reason": why.as_str(), "comment_id": comment_id }),
            );
        }
        Err(e) => return refused("malformed", e.status(), e.reason(), e.to_string()),
    };
    let text = raw.to_string();
    let limits = *s.ingest.limits();
    let item = Item {
        index: 0,
        line: None,
        ticket_id: raw["ticket_id"].as_str().map(str::to_string),
        parsed: Ticket::from_json(text.as_bytes(), limits.max_ticket_body_bytes),
    };
    match s.ingest.ingest("zendesk", vec![item], None).await {
        Ok(answer) => answered(&s, answer),
        Err(e) => refusal(&s, &e),
    }
}

async fn openapi_json() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        openapi_json_text(),
    )
        .into_response()
}

/// A ticket as sent. The rules are exactly those of `ticket-agent submit`; lengths are
/// in bytes of UTF-8.
#[derive(ToSchema)]
#[allow(dead_code)] // a schema only: tickets are parsed by `Ticket::from_json`
struct TicketInput {
    /// Unique per ticket: with `message_id`, its dedupe key here and the key of every
    /// record about it downstream. 1 to 128 bytes once trimmed, no white space or control
    /// characters.
    #[schema(min_length = 1, max_length = 128, example = "T-1001")]
    ticket_id: String,
    /// The message of the ticket's thread this is, when the customer writes again on a
    /// ticket (a help desk's comment id, say): each message is answered once, and a new
    /// `message_id` on a known ticket is new work. Without it (or empty) the ticket is
    /// one unit of work, accepted once. The same rule as `ticket_id`.
    #[schema(max_length = 128, example = "8801")]
    message_id: Option<String>,
    /// The subject line, at most 1024 bytes. The subject or the body may be empty,
    /// not both.
    #[schema(max_length = 1024, example = "Where is my order?")]
    subject: Option<String>,
    /// The customer's text, at most `agent.max_body_bytes` bytes (32768 by default).
    /// Control characters other than line breaks and tabs (NUL among them) are removed
    /// from it and from the subject before anything else reads them.
    #[schema(example = "Hi, my order O1002 has not arrived yet.")]
    body: Option<String>,
    /// Who wrote it: the agent sees only this customer's orders. 1 to 128 bytes, no
    /// white space or control characters.
    #[schema(min_length = 1, max_length = 128, example = "C001")]
    customer_id: String,
    /// The order the ticket is about, if the form had one (empty means none). At most
    /// 128 bytes, no control characters; white space inside is dropped (`402 117 835`
    /// names `402117835`).
    #[schema(max_length = 128, example = "O1002")]
    order_id: Option<String>,
}

/// The `application/json` body: one ticket, or an array of them.
#[derive(ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // a schema only
enum TicketBody {
    /// One ticket.
    One(TicketInput),
    /// A batch, at most `ingest.max_batch` tickets.
    Many(Vec<TicketInput>),
}

/// A 503's body: nothing attempted, or some tickets published and others not.
#[derive(ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // a schema only
enum UnavailableBody {
    /// Nothing was attempted.
    Refused(ErrorBody),
    /// Some tickets are `unavailable`; the others say what happened to them.
    Partial(IngestResponse),
}

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "A sender's token, from the environment variable named by `ingest.senders_env` (`name:token,…`).",
                    ))
                    .build(),
            ),
        );
    }
}

/// The ingest API's OpenAPI document.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "ticket-agent ingest API",
        description = "The HTTP front door of ticket-agent: tickets in, published to the tickets queue once the broker confirms them. docs/integrations.md is the manual."
    ),
    paths(post_tickets, post_zendesk),
    components(schemas(
        TicketInput,
        TicketBody,
        IngestResponse,
        ItemResult,
        ItemStatus,
        ItemError,
        ErrorBody,
        UnavailableBody
    )),
    modifiers(&BearerAuth),
    tags((name = "tickets", description = "Submitting tickets")),
)]
pub struct ApiDoc;

/// The document as served at `/openapi.json` and committed as
/// `docs/openapi/ingest.json`: pretty JSON and a final newline.
pub fn openapi_json_text() -> String {
    let mut text = ApiDoc::openapi()
        .to_pretty_json()
        .expect("the OpenAPI document serializes");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ticket::{MAX_ID_BYTES, MAX_SUBJECT_BYTES, RawMessage, RawTicket};

    #[test]
    fn the_documented_ticket_has_exactly_the_fields_and_limits_the_parser_has() {
        let doc: serde_json::Value = serde_json::from_str(&openapi_json_text()).unwrap();
        let schema = &doc["components"]["schemas"]["TicketInput"];
        let mut documented: Vec<String> = schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        let full = RawMessage {
            ticket: RawTicket {
                ticket_id: Some(String::new()),
                subject: Some(String::new()),
                body: Some(String::new()),
                customer_id: Some(String::new()),
                order_id: Some(String::new()),
            },
            message_id: Some(String::new()),
        };
        let mut parsed: Vec<String> = serde_json::to_value(full)
            .unwrap()
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        documented.sort();
        parsed.sort();
        assert_eq!(documented, parsed);
        let props = &schema["properties"];
        for id in ["ticket_id", "message_id", "customer_id", "order_id"] {
            assert_eq!(props[id]["maxLength"], MAX_ID_BYTES, "{id}");
        }
        assert_eq!(props["subject"]["maxLength"], MAX_SUBJECT_BYTES);
        let mut required: Vec<&str> = schema["required"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        required.sort();
        assert_eq!(required, ["customer_id", "ticket_id"]);
    }

    #[test]
    fn every_status_the_handler_answers_is_documented() {
        let doc: serde_json::Value = serde_json::from_str(&openapi_json_text()).unwrap();
        let responses = &doc["paths"]["/v1/tickets"]["post"]["responses"];
        let statuses = [
            ItemStatus::Accepted,
            ItemStatus::Invalid,
            ItemStatus::Conflict,
            ItemStatus::InProgress,
            ItemStatus::Unavailable,
        ]
        .map(ItemStatus::code);
        let refusals = [
            RequestError::Unauthorized,
            RequestError::TooLarge(1),
            RequestError::UnsupportedMediaType,
            RequestError::BadRequest(String::new()),
            RequestError::Overloaded,
        ]
        .map(|e| e.status());
        for code in statuses.iter().chain(&refusals) {
            assert!(
                responses.get(code.to_string()).is_some(),
                "{code} is not in the document"
            );
        }
    }
}
