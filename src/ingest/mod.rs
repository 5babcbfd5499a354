//! The HTTP front door: `POST /v1/tickets` takes one ticket, a JSON array of them or
//! JSON Lines, validates each exactly as `submit` does, and publishes the valid ones to
//! the tickets exchange, answering only once the broker confirmed them.
//!
//! This module owns what happens to one request's tickets ([`Ingest::ingest`]): read
//! them ([`read_items`]), admit them against the in-flight bound (a semaphore, tried
//! and never waited on: past it the answer is 503 at once, nothing is buffered), claim
//! each dedupe key in Redis ([`dedupe`]), publish the claimed ones with `mandatory` on
//! a confirm channel ([`link`]), record the confirmed ones as accepted and give the
//! others' claims back, and say per ticket what happened ([`IngestResponse`]). The
//! dedupe key is the ticket's work key: its id, or its id and its `message_id`, so a new
//! message on a known ticket is new work and the same message twice a duplicate. The
//! HTTP layer (auth, body limit, Content-Type, the OpenAPI document) is [`web`]; the
//! long-running process is [`service`]. docs/integrations.md is the sender's manual.

pub mod dedupe;
pub mod link;
pub mod service;
pub mod web;
pub mod zendesk;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::value::RawValue;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;
use utoipa::ToSchema;

use crate::config::Settings;
use crate::domain::ticket::{MAX_ID_BYTES, RawTicket, Ticket, TicketError};
use crate::metrics;
use crate::queue::Topology;
use crate::queue::submit::{confirmed, parse_lines, publish_ticket};
use dedupe::{Claimed, Dedupe, DedupeKey, Record};
use link::Link;

/// How a body is framed, from its `Content-Type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `application/json`: one ticket object, or an array of them.
    Json,
    /// `application/x-ndjson` (or `application/jsonl`): one ticket object per line.
    JsonLines,
}

impl Format {
    /// The format a `Content-Type` names (parameters such as `charset` aside).
    pub fn from_content_type(value: Option<&str>) -> Option<Format> {
        let essence = value?.split(';').next()?.trim().to_ascii_lowercase();
        match essence.as_str() {
            "application/json" => Some(Format::Json),
            "application/x-ndjson" | "application/jsonl" | "application/x-jsonlines" => {
                Some(Format::JsonLines)
            }
            _ => None,
        }
    }
}

/// One ticket of a body as read: where it was, and the ticket or why not.
#[derive(Debug, Clone)]
pub struct Item {
    /// 0-based position among the body's tickets (blank lines are not tickets).
    pub index: usize,
    /// 1-based line number, for JSON Lines.
    pub line: Option<usize>,
    /// The ticket id as sent, when one could be read (also from an invalid ticket).
    pub ticket_id: Option<String>,
    /// The ticket, or the first thing wrong with it.
    pub parsed: Result<Ticket, TicketError>,
}

/// Why a whole request was refused; nothing of it was published.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// No or a wrong bearer token.
    #[error("a valid bearer token is required (Authorization: Bearer <token>)")]
    Unauthorized,
    /// The body is over `ingest.max_request_bytes`.
    #[error("the request body is over the limit of {0} bytes")]
    TooLarge(usize),
    /// More tickets than `ingest.max_batch`.
    #[error("the body holds {count} tickets, over the limit of {max} per request")]
    TooMany {
        /// Tickets in the body.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// Neither JSON nor JSON Lines.
    #[error(
        "Content-Type must be application/json (one ticket or an array) or application/x-ndjson (one ticket per line)"
    )]
    UnsupportedMediaType,
    /// The body's framing is broken (an array that does not parse, text that is not
    /// UTF-8), or it holds no ticket, or a header is wrong.
    #[error("{0}")]
    BadRequest(String),
    /// The in-flight bound is reached.
    #[error("too many tickets in flight; retry after the Retry-After delay")]
    Overloaded,
    /// No broker to publish to.
    #[error("the broker is unavailable; retry after the Retry-After delay")]
    BrokerUnavailable,
    /// No dedupe store to claim in.
    #[error("the dedupe store is unavailable; retry after the Retry-After delay")]
    StoreUnavailable,
}

impl RequestError {
    /// The word for it in answers and on `ticket_agent_ingest_rejected_total`.
    pub fn reason(&self) -> &'static str {
        match self {
            RequestError::Unauthorized => "unauthorized",
            RequestError::TooLarge(_) | RequestError::TooMany { .. } => "too_large",
            RequestError::UnsupportedMediaType => "unsupported_media_type",
            RequestError::BadRequest(_) => "bad_request",
            RequestError::Overloaded => "overloaded",
            RequestError::BrokerUnavailable => "broker_unavailable",
            RequestError::StoreUnavailable => "store_unavailable",
        }
    }

    /// Its HTTP status.
    pub fn status(&self) -> u16 {
        match self {
            RequestError::Unauthorized => 401,
            RequestError::TooLarge(_) | RequestError::TooMany { .. } => 413,
            RequestError::UnsupportedMediaType => 415,
            RequestError::BadRequest(_) => 400,
            RequestError::Overloaded
            | RequestError::BrokerUnavailable
            | RequestError::StoreUnavailable => 503,
        }
    }

    /// Whether the same request may succeed later (it is answered with `Retry-After`).
    pub fn retry_later(&self) -> bool {
        self.status() == 503
    }

    /// The JSON body of the answer.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.reason().to_string(),
            message: self.to_string(),
        }
    }

    /// Counts it on `ticket_agent_ingest_rejected_total`, once per ticket it held
    /// (`tickets`), or once for a request refused before its tickets were read.
    fn count(&self, tickets: usize) {
        metrics::global()
            .ingest_rejected
            .with_label_values(&[self.reason()])
            .inc_by(tickets.max(1) as u64);
    }
}

/// A request refused whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, for machines: `unauthorized`, `too_large`,
    /// `unsupported_media_type`, `bad_request`, `overloaded`, `broker_unavailable`,
    /// `store_unavailable`, `rate_limited` (the sign-in guard).
    pub error: String,
    /// What went wrong, for people.
    pub message: String,
}

/// What happened to one ticket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ItemStatus {
    /// The broker holds it (now, or since an earlier request: see `duplicate`).
    Accepted,
    /// It breaks a rule of the ticket schema: see `error`; fix it before sending again.
    Invalid,
    /// Its dedupe key was accepted with other content (earlier, or earlier in this
    /// batch): not published; a ticket (or a message of one) is accepted once.
    Conflict,
    /// Another request is publishing the same key right now: retry later.
    InProgress,
    /// Not published (the broker refused, failed or did not confirm in time): retry.
    Unavailable,
}

impl ItemStatus {
    /// The HTTP status this ticket alone would have had.
    pub fn code(self) -> u16 {
        match self {
            ItemStatus::Accepted => 202,
            ItemStatus::Invalid => 422,
            ItemStatus::Conflict | ItemStatus::InProgress => 409,
            ItemStatus::Unavailable => 503,
        }
    }
}

/// Why one ticket was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ItemError {
    /// For machines: `malformed`, `missing`, `too_long`, `bad_id` (the ticket's
    /// schema), `conflict`, `in_progress`, `broker_unavailable`.
    pub reason: String,
    /// The ticket field at fault, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// For people.
    pub message: String,
}

/// The answer about one ticket of the body, in the body's order.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ItemResult {
    /// 0-based position among the body's tickets (the array index; for JSON Lines,
    /// blank lines are not counted).
    pub index: usize,
    /// 1-based line number (JSON Lines only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The ticket's id, when one could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ticket_id: Option<String>,
    /// The message of the ticket's thread it was, when it named one (valid tickets
    /// only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message_id: Option<String>,
    /// What happened.
    pub status: ItemStatus,
    /// The HTTP status this ticket alone would have had: 202, 409, 422 or 503.
    pub code: u16,
    /// Accepted earlier (by an earlier request, or earlier in this body) and answered
    /// from that record: nothing was published for it now.
    pub duplicate: bool,
    /// When the broker confirmed it (accepted tickets only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accepted_at: Option<DateTime<Utc>>,
    /// Why not (every status but `accepted`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ItemError>,
}

/// The answer to a request whose tickets were read: one result per ticket.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct IngestResponse {
    /// Tickets with status `accepted` (published now, or duplicates).
    pub accepted: usize,
    /// Of those, published by this request.
    pub published: usize,
    /// Of those, answered from an earlier acceptance.
    pub duplicates: usize,
    /// Tickets not accepted (every other status).
    pub rejected: usize,
    /// One per ticket, in the body's order.
    pub results: Vec<ItemResult>,
}

/// An answer with its HTTP status.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// 202 when at least one ticket is accepted and none must be retried; 409 when one
    /// is in progress elsewhere; 422 when none is accepted; 503 when one was not
    /// published and should be retried.
    pub status: u16,
    /// Whether to send `Retry-After` (409 and 503).
    pub retry_after: bool,
    /// The per-ticket results.
    pub body: IngestResponse,
}

/// Reads the tickets of a body, each validated as `submit` validates a line, with
/// `max_body_bytes` as each ticket's body limit.
///
/// # Errors
/// [`RequestError::BadRequest`] for an array or text that does not parse as one, or no
/// ticket at all; [`RequestError::TooMany`] past `max_batch` (counted before any
/// ticket is validated).
pub fn read_items(
    format: Format,
    body: &[u8],
    max_body_bytes: usize,
    max_batch: usize,
) -> Result<Vec<Item>, RequestError> {
    let items: Vec<Item> = match format {
        Format::Json if body.trim_ascii_start().starts_with(b"[") => {
            let raws: Vec<&RawValue> = serde_json::from_slice(body).map_err(|e| {
                RequestError::BadRequest(format!("the body is not a JSON array of tickets: {e}"))
            })?;
            if raws.len() > max_batch {
                return Err(RequestError::TooMany {
                    count: raws.len(),
                    max: max_batch,
                });
            }
            raws.into_iter()
                .enumerate()
                .map(|(index, raw)| item(index, None, raw.get(), max_body_bytes))
                .collect()
        }
        Format::Json => {
            let text = std::str::from_utf8(body).map_err(|e| {
                RequestError::BadRequest(format!("the body is not UTF-8 text: {e}"))
            })?;
            if text.trim().is_empty() {
                Vec::new()
            } else {
                vec![item(0, None, text, max_body_bytes)]
            }
        }
        Format::JsonLines => {
            let text = std::str::from_utf8(body).map_err(|e| {
                RequestError::BadRequest(format!("the body is not UTF-8 text: {e}"))
            })?;
            let count = text.lines().filter(|l| !l.trim().is_empty()).count();
            if count > max_batch {
                return Err(RequestError::TooMany {
                    count,
                    max: max_batch,
                });
            }
            parse_lines(text, max_body_bytes)
                .enumerate()
                .map(|(index, (line, raw, parsed))| Item {
                    index,
                    line: Some(line),
                    ticket_id: match &parsed {
                        Ok(t) => Some(t.ticket_id.to_string()),
                        Err(_) => sent_ticket_id(raw),
                    },
                    parsed,
                })
                .collect()
        }
    };
    if items.is_empty() {
        return Err(RequestError::BadRequest("the body holds no ticket".into()));
    }
    Ok(items)
}

/// One ticket read from its JSON text `raw`.
fn item(index: usize, line: Option<usize>, raw: &str, max_body_bytes: usize) -> Item {
    let parsed = Ticket::from_json(raw.as_bytes(), max_body_bytes);
    let ticket_id = match &parsed {
        Ok(t) => Some(t.ticket_id.to_string()),
        Err(_) => sent_ticket_id(raw),
    };
    Item {
        index,
        line,
        ticket_id,
        parsed,
    }
}

/// The `ticket_id` a sender wrote, for the answer, when it reads as one (an invalid
/// ticket's too: the sender needs to know which one it was).
fn sent_ticket_id(raw: &str) -> Option<String> {
    let id = serde_json::from_str::<RawTicket>(raw).ok()?.ticket_id?;
    let id = id.trim();
    (!id.is_empty() && id.len() <= MAX_ID_BYTES).then(|| id.to_string())
}

/// Checks an `Idempotency-Key` header value: 1 to 255 visible ASCII characters.
///
/// # Errors
/// [`RequestError::BadRequest`] naming the rule.
pub fn idempotency_key(value: &[u8]) -> Result<String, RequestError> {
    let ok = (1..=255).contains(&value.len()) && value.iter().all(|b| (0x21..=0x7e).contains(b));
    if !ok {
        return Err(RequestError::BadRequest(
            "Idempotency-Key must be 1 to 255 visible ASCII characters".into(),
        ));
    }
    Ok(String::from_utf8_lossy(value).into_owned())
}

/// Digest of a validated ticket: two sends with one key are the same ticket only when
/// this matches.
fn fingerprint(ticket: &Ticket) -> String {
    let text = serde_json::to_string(ticket).expect("a ticket serializes");
    crate::domain::digest(&[&text])
}

/// Tickets admitted against the in-flight bound; dropping it lets them go.
pub struct Admitted {
    _permits: OwnedSemaphorePermit,
    n: i64,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        metrics::global().ingest_in_flight.sub(self.n);
    }
}

/// The limits and windows of [`Ingest`], from `[ingest]` and `agent.max_body_bytes`.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// A ticket's body limit (`agent.max_body_bytes`, as `submit`).
    pub max_ticket_body_bytes: usize,
    /// Most tickets per request.
    pub max_batch: usize,
    /// Tickets in flight at most.
    pub max_in_flight: usize,
    /// How long a claim holds.
    pub claim_lease: Duration,
    /// How long an acceptance is remembered.
    pub dedupe_window: Duration,
    /// How long to wait for confirms.
    pub confirm_timeout: Duration,
}

impl Limits {
    /// From settings.
    pub fn from_settings(settings: &Settings) -> Self {
        let i = &settings.ingest;
        Self {
            max_ticket_body_bytes: settings.agent.max_body_bytes,
            max_batch: i.max_batch,
            max_in_flight: i.max_in_flight,
            claim_lease: Duration::from_secs(i.claim_lease_secs),
            dedupe_window: Duration::from_secs(i.dedupe_window_secs),
            confirm_timeout: Duration::from_millis(i.confirm_timeout_ms),
        }
    }
}

/// A ticket of the request that owns its dedupe key (the first with that key).
struct Leader {
    pos: usize,
    key: DedupeKey,
    ticket: Ticket,
    fingerprint: String,
}

/// The ingest core: validation, admission, dedupe, confirmed publishing.
pub struct Ingest {
    topology: Topology,
    link: Arc<Link>,
    dedupe: Dedupe,
    admission: Arc<Semaphore>,
    limits: Limits,
}

impl Ingest {
    /// The core over `link` and `dedupe`, publishing to `topology`'s tickets exchange.
    pub fn new(topology: Topology, link: Arc<Link>, dedupe: Dedupe, limits: Limits) -> Self {
        Self {
            topology,
            link,
            dedupe,
            admission: Arc::new(Semaphore::new(limits.max_in_flight)),
            limits,
        }
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The broker link (readiness, shutdown).
    pub fn link(&self) -> &Link {
        &self.link
    }

    /// The dedupe records.
    pub fn dedupe(&self) -> &Dedupe {
        &self.dedupe
    }

    /// Admits `n` tickets if the in-flight bound has room for them now; never waits.
    pub fn try_admit(&self, n: usize) -> Option<Admitted> {
        let permits = self
            .admission
            .clone()
            .try_acquire_many_owned(u32::try_from(n).ok()?)
            .ok()?;
        let n = i64::try_from(n).unwrap_or(i64::MAX);
        metrics::global().ingest_in_flight.add(n);
        Some(Admitted {
            _permits: permits,
            n,
        })
    }

    /// Ingests the tickets `sender` sent. With `header_key` (an `Idempotency-Key`, for
    /// a body of one ticket) that key is the dedupe key; otherwise each ticket's work key
    /// (its id, or its id and its message's).
    ///
    /// # Errors
    /// A [`RequestError`] when nothing could be attempted: over the bound, the broker
    /// or the dedupe store unreachable, or a key with more than one ticket.
    pub async fn ingest(
        &self,
        sender: &str,
        items: Vec<Item>,
        header_key: Option<String>,
    ) -> Result<Answer, RequestError> {
        if header_key.is_some() && items.len() > 1 {
            let e = RequestError::BadRequest(format!(
                "Idempotency-Key names one ticket, and this body holds {}: a batch is idempotent per ticket_id",
                items.len()
            ));
            e.count(items.len());
            return Err(e);
        }
        let m = metrics::global();
        let mut results: Vec<Option<ItemResult>> = vec![None; items.len()];
        let mut leaders: Vec<Leader> = Vec::new();
        let mut followers: Vec<(usize, usize)> = Vec::new();
        let mut seen: HashMap<DedupeKey, usize> = HashMap::new();
        for (pos, item) in items.into_iter().enumerate() {
            let ticket = match item.parsed {
                Ok(ticket) => ticket,
                Err(error) => {
                    m.ingest_rejected.with_label_values(&[error.reason()]).inc();
                    results[pos] = Some(ItemResult {
                        index: item.index,
                        line: item.line,
                        ticket_id: item.ticket_id,
                        message_id: None,
                        status: ItemStatus::Invalid,
                        code: ItemStatus::Invalid.code(),
                        duplicate: false,
                        accepted_at: None,
                        error: Some(ItemError {
                            reason: error.reason().into(),
                            field: error.field().map(str::to_string),
                            message: error.to_string(),
                        }),
                    });
                    continue;
                }
            };
            let key = match &header_key {
                Some(key) => DedupeKey::Header {
                    sender: sender.to_string(),
                    key: key.clone(),
                },
                None => DedupeKey::Ticket(ticket.work_key().as_str().to_string()),
            };
            let fingerprint = fingerprint(&ticket);
            results[pos] = Some(ItemResult {
                index: item.index,
                line: item.line,
                ticket_id: Some(ticket.ticket_id.to_string()),
                message_id: ticket.message_id.as_ref().map(|m| m.to_string()),
                status: ItemStatus::Unavailable,
                code: ItemStatus::Unavailable.code(),
                duplicate: false,
                accepted_at: None,
                error: None,
            });
            match seen.get(&key) {
                Some(&l) if leaders[l].fingerprint == fingerprint => followers.push((pos, l)),
                Some(&l) => {
                    let first = &leaders[l];
                    let message = format!(
                        "{} appears earlier in this body (index {}) with other content",
                        key_words(&key, &ticket),
                        results[first.pos].as_ref().map_or(0, |r| r.index)
                    );
                    set_error(&mut results[pos], ItemStatus::Conflict, "conflict", message);
                    m.ingest_rejected.with_label_values(&["conflict"]).inc();
                }
                None => {
                    seen.insert(key.clone(), leaders.len());
                    leaders.push(Leader {
                        pos,
                        key,
                        ticket,
                        fingerprint,
                    });
                }
            }
        }

        if !leaders.is_empty() {
            self.publish_leaders(sender, &leaders, &mut results).await?;
        }
        for (pos, l) in followers {
            let leader = results[leaders[l].pos]
                .clone()
                .expect("every leader has a result");
            let result = results[pos].as_mut().expect("every follower has a result");
            result.status = leader.status;
            result.code = leader.code;
            result.accepted_at = leader.accepted_at;
            result.error = leader.error;
            result.duplicate = leader.status == ItemStatus::Accepted;
            if result.duplicate {
                m.ingest_deduplicated.inc();
            } else if let Some(e) = &result.error {
                m.ingest_rejected
                    .with_label_values(&[e.reason.as_str()])
                    .inc();
            }
        }
        let results: Vec<ItemResult> = results
            .into_iter()
            .map(|r| r.expect("every ticket has a result"))
            .collect();
        Ok(answer(results))
    }

    /// Admits, claims, publishes and settles the leaders, writing their results.
    async fn publish_leaders(
        &self,
        sender: &str,
        leaders: &[Leader],
        results: &mut [Option<ItemResult>],
    ) -> Result<(), RequestError> {
        let m = metrics::global();
        let refuse = |e: RequestError| {
            e.count(leaders.len());
            e
        };
        let _admitted = self
            .try_admit(leaders.len())
            .ok_or_else(|| refuse(RequestError::Overloaded))?;
        let channel = match self.link.channel().await {
            Ok(ch) => ch,
            Err(e) => {
                tracing::warn!(error = %crate::telemetry::chain(&e), "ingest refused a request: no broker");
                return Err(refuse(RequestError::BrokerUnavailable));
            }
        };
        let keys: Vec<(&DedupeKey, &str)> = leaders
            .iter()
            .map(|l| (&l.key, l.fingerprint.as_str()))
            .collect();
        let claims = match self.dedupe.claim(&keys, self.limits.claim_lease).await {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(error = %crate::telemetry::chain(&e), "ingest refused a request: no dedupe store");
                return Err(refuse(RequestError::StoreUnavailable));
            }
        };

        let mut ours: Vec<(usize, String)> = Vec::new();
        for (l, claim) in claims.into_iter().enumerate() {
            let leader = &leaders[l];
            let result = &mut results[leader.pos];
            match claim {
                Claimed::Ours(pending) => ours.push((l, pending)),
                Claimed::Taken(Record::Accepted {
                    fingerprint,
                    accepted_at,
                    ..
                }) if fingerprint == leader.fingerprint => {
                    let r = result.as_mut().expect("every leader has a result");
                    r.status = ItemStatus::Accepted;
                    r.code = ItemStatus::Accepted.code();
                    r.duplicate = true;
                    r.accepted_at = Some(accepted_at);
                    m.ingest_deduplicated.inc();
                }
                Claimed::Taken(Record::Accepted { accepted_at, .. }) => {
                    let once = match (&leader.key, &leader.ticket.message_id) {
                        (DedupeKey::Ticket(_), Some(_)) => {
                            "a message is accepted once; a new one takes a new message_id"
                        }
                        _ => "a ticket is accepted once",
                    };
                    let message = format!(
                        "{} was accepted at {} with other content; {once}",
                        key_words(&leader.key, &leader.ticket),
                        accepted_at.to_rfc3339()
                    );
                    set_error(result, ItemStatus::Conflict, "conflict", message);
                    m.ingest_rejected.with_label_values(&["conflict"]).inc();
                }
                Claimed::Taken(Record::Pending { .. }) => {
                    let message = format!(
                        "{} is being published by another request; retry later",
                        key_words(&leader.key, &leader.ticket)
                    );
                    set_error(result, ItemStatus::InProgress, "in_progress", message);
                    m.ingest_rejected.with_label_values(&["in_progress"]).inc();
                }
            }
        }

        // Publish every claimed ticket, then wait for the confirms (they come back in
        // order, so one deadline bounds them all).
        let mut sent = Vec::with_capacity(ours.len());
        for (l, pending) in ours {
            let published = publish_ticket(&channel, &self.topology, &leaders[l].ticket).await;
            sent.push((l, pending, published));
        }
        let deadline = Instant::now() + self.limits.confirm_timeout;
        let mut accepted: Vec<(usize, String, Record)> = Vec::new();
        let mut failed: Vec<(usize, String, String)> = Vec::new();
        for (l, pending, published) in sent {
            let outcome = match published {
                Ok(confirm) => {
                    match tokio::time::timeout_at(deadline, confirmed(confirm, &self.topology))
                        .await
                    {
                        Ok(Ok(())) => Ok(()),
                        Ok(Err(e)) => Err(e.to_string()),
                        Err(_) => Err(format!(
                            "the broker did not confirm within {:?}",
                            self.limits.confirm_timeout
                        )),
                    }
                }
                Err(e) => Err(e.to_string()),
            };
            match outcome {
                Ok(()) => {
                    let record = Record::Accepted {
                        fingerprint: leaders[l].fingerprint.clone(),
                        ticket_id: leaders[l].ticket.ticket_id.to_string(),
                        sender: sender.to_string(),
                        accepted_at: Utc::now(),
                    };
                    accepted.push((l, pending, record));
                }
                Err(e) => failed.push((l, pending, e)),
            }
        }

        let done: Vec<(&DedupeKey, &str, &Record)> = accepted
            .iter()
            .map(|(l, pending, record)| (&leaders[*l].key, pending.as_str(), record))
            .collect();
        if let Err(e) = self.dedupe.accept(&done, self.limits.dedupe_window).await {
            // Published and confirmed, but not remembered: until the claims run out a
            // retry is answered in_progress, after that it publishes again, and the
            // worker's own record runs the ticket once.
            tracing::warn!(error = %crate::telemetry::chain(&e), tickets = done.len(), "could not record accepted tickets");
        }
        let given_back: Vec<(&DedupeKey, &str)> = failed
            .iter()
            .map(|(l, pending, _)| (&leaders[*l].key, pending.as_str()))
            .collect();
        if let Err(e) = self.dedupe.release(&given_back).await {
            tracing::warn!(error = %crate::telemetry::chain(&e), tickets = given_back.len(), "could not give claims back; they run out by themselves");
        }

        for (l, _, record) in accepted {
            let Record::Accepted { accepted_at, .. } = record else {
                unreachable!("only accepted records are written here")
            };
            let r = results[leaders[l].pos]
                .as_mut()
                .expect("every leader has a result");
            r.status = ItemStatus::Accepted;
            r.code = ItemStatus::Accepted.code();
            r.accepted_at = Some(accepted_at);
            m.ingest_accepted.inc();
        }
        if !failed.is_empty() {
            tracing::warn!(tickets = failed.len(), error = %failed[0].2, "tickets not published");
        }
        for (l, _, error) in failed {
            set_error(
                &mut results[leaders[l].pos],
                ItemStatus::Unavailable,
                "broker_unavailable",
                format!("not published ({error}); retry later"),
            );
            m.ingest_rejected
                .with_label_values(&["broker_unavailable"])
                .inc();
        }
        Ok(())
    }
}

/// The dedupe key of `ticket` as a sender wrote it.
fn key_words(key: &DedupeKey, ticket: &Ticket) -> String {
    match (key, &ticket.message_id) {
        (DedupeKey::Ticket(_), None) => format!("ticket_id {}", ticket.ticket_id),
        (DedupeKey::Ticket(_), Some(m)) => {
            format!("ticket_id {} message_id {m}", ticket.ticket_id)
        }
        (DedupeKey::Header { key, .. }, _) => format!("Idempotency-Key {key}"),
    }
}

fn set_error(result: &mut Option<ItemResult>, status: ItemStatus, reason: &str, message: String) {
    let r = result.as_mut().expect("every valid ticket has a result");
    r.status = status;
    r.code = status.code();
    r.duplicate = false;
    r.accepted_at = None;
    r.error = Some(ItemError {
        reason: reason.into(),
        field: None,
        message,
    });
}

/// The whole answer from the per-ticket results: anything to retry wins (503, then
/// 409), then anything accepted (202), else 422.
fn answer(results: Vec<ItemResult>) -> Answer {
    let count = |s: ItemStatus| results.iter().filter(|r| r.status == s).count();
    let accepted = count(ItemStatus::Accepted);
    let duplicates = results
        .iter()
        .filter(|r| r.status == ItemStatus::Accepted && r.duplicate)
        .count();
    let (status, retry_after) = if count(ItemStatus::Unavailable) > 0 {
        (503, true)
    } else if count(ItemStatus::InProgress) > 0 {
        (409, true)
    } else if accepted > 0 {
        (202, false)
    } else {
        (422, false)
    };
    Answer {
        status,
        retry_after,
        body: IngestResponse {
            accepted,
            published: accepted - duplicates,
            duplicates,
            rejected: results.len() - accepted,
            results,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OK: &str = r#"{"ticket_id":"T-1","subject":"s","body":"b","customer_id":"C1"}"#;

    #[test]
    fn the_content_type_picks_the_framing_and_anything_else_is_refused() {
        assert_eq!(
            Format::from_content_type(Some("application/json; charset=utf-8")),
            Some(Format::Json)
        );
        assert_eq!(
            Format::from_content_type(Some("Application/X-NDJSON")),
            Some(Format::JsonLines)
        );
        assert_eq!(Format::from_content_type(Some("text/plain")), None);
        assert_eq!(Format::from_content_type(None), None);
    }

    #[test]
    fn one_object_an_array_and_lines_read_alike_with_positions() {
        let one = read_items(Format::Json, OK.as_bytes(), 100, 10).unwrap();
        assert_eq!(one.len(), 1);
        assert!(one[0].parsed.is_ok());

        let bad = r#"{"ticket_id":"T-2","subject":"s","body":"b"}"#;
        let array = format!("[{OK}, {bad}]");
        let items = read_items(Format::Json, array.as_bytes(), 100, 10).unwrap();
        assert_eq!(items[1].index, 1);
        assert_eq!(items[1].ticket_id.as_deref(), Some("T-2"));
        assert_eq!(
            items[1].parsed.as_ref().unwrap_err().field(),
            Some("customer_id")
        );

        let lines = format!("{OK}\n\n{bad}\n");
        let items = read_items(Format::JsonLines, lines.as_bytes(), 100, 10).unwrap();
        assert_eq!((items[1].index, items[1].line), (1, Some(3)));
        assert!(items[1].parsed.is_err());
    }

    #[test]
    fn a_broken_array_an_empty_body_and_too_many_tickets_refuse_the_request() {
        assert!(matches!(
            read_items(Format::Json, b"[{", 100, 10),
            Err(RequestError::BadRequest(_))
        ));
        assert!(matches!(
            read_items(Format::JsonLines, b"\n \n", 100, 10),
            Err(RequestError::BadRequest(_))
        ));
        assert!(matches!(
            read_items(Format::Json, b"{\"ticket_id\":\"\xff\"}", 100, 10),
            Err(RequestError::BadRequest(_))
        ));
        let three = format!("{OK}\n{OK}\n{OK}");
        assert_eq!(
            read_items(Format::JsonLines, three.as_bytes(), 100, 2).unwrap_err(),
            RequestError::TooMany { count: 3, max: 2 }
        );
        // A single body that is not a ticket is an invalid ticket, not a broken request.
        let items = read_items(Format::Json, b"\"hello\"", 100, 10).unwrap();
        assert_eq!(items[0].parsed.as_ref().unwrap_err().reason(), "malformed");
    }

    #[test]
    fn an_idempotency_key_is_visible_ascii_of_bounded_length() {
        assert_eq!(idempotency_key(b"abc-123").unwrap(), "abc-123");
        assert!(idempotency_key(b"").is_err());
        assert!(idempotency_key(b"has space").is_err());
        assert!(idempotency_key(&[b'a'; 256]).is_err());
    }

    fn result(status: ItemStatus, duplicate: bool) -> ItemResult {
        ItemResult {
            index: 0,
            line: None,
            ticket_id: None,
            message_id: None,
            status,
            code: status.code(),
            duplicate,
            accepted_at: None,
            error: None,
        }
    }

    #[test]
    fn the_whole_status_asks_for_a_retry_first_then_reports_acceptance() {
        let a = answer(vec![
            result(ItemStatus::Accepted, false),
            result(ItemStatus::Invalid, false),
        ]);
        assert_eq!((a.status, a.retry_after), (202, false));
        let a = answer(vec![
            result(ItemStatus::Accepted, true),
            result(ItemStatus::Unavailable, false),
        ]);
        assert_eq!((a.status, a.retry_after), (503, true));
        assert_eq!((a.body.published, a.body.duplicates), (0, 1));
        let a = answer(vec![
            result(ItemStatus::Accepted, false),
            result(ItemStatus::InProgress, false),
        ]);
        assert_eq!(a.status, 409);
        let a = answer(vec![
            result(ItemStatus::Invalid, false),
            result(ItemStatus::Conflict, false),
        ]);
        assert_eq!((a.status, a.body.rejected), (422, 2));
    }
}
