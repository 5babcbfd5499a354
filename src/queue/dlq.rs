//! `ticket-agent dlq` and the console's dead-letter page (`src/console/dead_letters.rs`):
//! look into the dead-letter queue, replay what died once its cause is fixed, and purge
//! what is old. Both doors call these functions and print these sentences. Nothing here
//! loses a message: a dead letter leaves the queue only by an ack, and that ack comes
//! after its replayed copy is confirmed by the broker (replay), after the ticket is found
//! done (its dead copy is then useless), or because the operator asked to delete it
//! (purge).
//!
//! **Browsing.** AMQP 0.9.1 has no peek. Every command takes one *pass* over the dead
//! queue with a [`Browser`]: `basic.get` with manual acks, one message at a time, each
//! held unacked until the pass ends, then put back with `basic.nack(requeue = true)`.
//! `basic.get` rather than a consumer with a prefetch because a pass must know where to
//! stop: the first `basic.get` reports how many messages were ready, and the pass takes
//! at most that many (the *snapshot*). Held messages are not redelivered while held, so
//! a pass sees each message once, and dead letters that arrive during the pass land
//! behind the snapshot. A crash or a dropped connection puts every held message back:
//! that is the broker's own redelivery of unacked messages.
//!
//! **Order.** Measured on RabbitMQ 3.10.8, a message nacked back to a quorum queue with
//! no delivery limit (our dead queue) goes to the *back* of the queue, in nack order.
//! A pass over the whole queue therefore leaves the order as it was; a pass that stops
//! early (`list --limit`) moves the messages it saw behind the rest. RabbitMQ's docs say
//! a queue *with* a delivery limit (the 4.0+ default is 20) returns them near the head
//! instead. Do not rely on the dead queue's order.
//!
//! **The return count.** Each requeue is counted by the broker (`x-delivery-count`).
//! Our dead queue sets no `x-delivery-limit`, which on 3.x means no limit; from
//! RabbitMQ 4.0 a quorum queue without one gets a default of 20 and, with no
//! dead-letter exchange, drops a message returned more often. So a message whose count
//! reaches [`RESEAT_AFTER_RETURNS`] is not nacked back: a fresh copy (same body and
//! headers, count reset) is published to the dead queue with a confirm, then the
//! original is acked. See docs/queues.md, "Dead letters".

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::time::Duration;

use anyhow::Context;
use chrono::{DateTime, SecondsFormat, Utc};
use lapin::Acker;
use lapin::message::Delivery;
use lapin::options::{BasicAckOptions, BasicGetOptions, BasicNackOptions, ConfirmSelectOptions};
use lapin::types::{AMQPValue, FieldTable, ShortString};
use lapin::{BasicProperties, Channel};
use serde::{Deserialize, Serialize};
use tracing::Instrument;

use super::records::TicketRecords;
use super::{
    H_ATTEMPT, H_DEAD_AT, H_DEAD_REASON, H_DELIVERY_COUNT, H_LAST_ERROR, H_REPLAY, PublishError,
    TICKET_KEY, Topology, header_int, header_str, long_string, publish_confirmed, republished,
};

/// Header: when the ticket first died (RFC 3339). Set by replay, so that a ticket that
/// dies again still shows when its trouble began.
pub const H_FIRST_DEAD_AT: &str = "x-first-dead-at";

/// A dead letter returned this many times to the dead queue is re-seated (a fresh copy
/// replaces it) instead of being returned again: see the module documentation.
pub const RESEAT_AFTER_RETURNS: u32 = 10;

/// `x-dead-reason` of an approval the approvals store refused (a value no database can
/// hold): dead-lettered by the approvals service instead of retried for ever.
pub const UNSTORABLE: &str = "unstorable";

/// Characters of the subject shown by `list`.
const SUBJECT_SNIPPET: usize = 60;

/// One dead letter as `dlq list` and `dlq show` report it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeadLetter {
    /// The ticket's id: the message id, else `ticket_id` from the body; `None` when
    /// neither is there (a body that is not JSON, for instance). For a gated action,
    /// the ticket it was proposed on.
    pub ticket_id: Option<String>,
    /// For a gated action from `approvals.pending` (its body has `approval_id` and
    /// `tool`), its approval id: replay sends it back to the approvals exchange, not to
    /// the tickets exchange. `None` for a ticket.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approval_id: Option<String>,
    /// Why it died: our `x-dead-reason` (`not_json`, `invalid_ticket`, `too_large`,
    /// `max_attempts`), else the broker's `x-death` reason (`delivery_limit`), else
    /// `unknown`.
    pub reason: String,
    /// The attempt it died on (`x-attempt`), else the broker's `x-death` count.
    pub attempts: u32,
    /// When it first died: the earliest of `x-first-dead-at`, `x-dead-at` and the
    /// broker's death times.
    pub first_dead_at: Option<DateTime<Utc>>,
    /// When it last died: the latest of `x-dead-at` and the broker's death times.
    pub last_dead_at: Option<DateTime<Utc>>,
    /// Times it was replayed out of the dead queue before (`x-replay-count`).
    pub replays: u32,
    /// Times this copy was put back into the dead queue by browsing (`x-delivery-count`).
    pub returns: u32,
    /// The first characters of the ticket's subject, when the body has one.
    pub subject: Option<String>,
    /// The last error (`x-last-error`).
    pub last_error: Option<String>,
    /// The whole body, as text (`dlq show` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// Every header, as JSON (`dlq show` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub headers: Option<serde_json::Value>,
}

/// A broker `x-death` entry, the parts we read.
struct Death {
    reason: String,
    count: i64,
    time: Option<DateTime<Utc>>,
}

fn deaths(headers: Option<&FieldTable>) -> Vec<Death> {
    let Some(AMQPValue::FieldArray(entries)) =
        headers.and_then(|h| h.inner().get(&ShortString::from("x-death")))
    else {
        return Vec::new();
    };
    entries
        .as_slice()
        .iter()
        .filter_map(|e| match e {
            AMQPValue::FieldTable(t) => Some(Death {
                reason: header_str(Some(t), "reason").unwrap_or_default(),
                count: header_int(Some(t), "count").unwrap_or(1),
                time: match t.inner().get(&ShortString::from("time")) {
                    Some(AMQPValue::Timestamp(s)) => {
                        DateTime::from_timestamp(i64::try_from(*s).unwrap_or(0), 0)
                    }
                    _ => None,
                },
            }),
            _ => None,
        })
        .collect()
}

fn rfc3339(headers: Option<&FieldTable>, name: &str) -> Option<DateTime<Utc>> {
    header_str(headers, name)
        .and_then(|s| DateTime::parse_from_rfc3339(&s).ok())
        .map(|t| t.with_timezone(&Utc))
}

fn to_u32(v: Option<i64>) -> Option<u32> {
    v.and_then(|v| u32::try_from(v).ok())
}

impl DeadLetter {
    /// Reads a dead message's summary (no body, no headers).
    pub fn from_message(body: &[u8], properties: &BasicProperties) -> Self {
        let headers = properties.headers().as_ref();
        let json: Option<serde_json::Value> = serde_json::from_slice(body).ok();
        let field = |name: &str| {
            json.as_ref()
                .and_then(|j| j.get(name))
                .and_then(|v| v.as_str())
                .map(str::to_string)
        };
        let approval_id = field("approval_id").filter(|_| field("tool").is_some());
        // An approval's message id is its approval id: its ticket is in the body.
        let ticket_id = if approval_id.is_some() {
            field("ticket_id")
        } else {
            properties
                .message_id()
                .as_ref()
                .map(|m| m.as_str().to_string())
                .filter(|m| !m.is_empty())
                .or_else(|| field("ticket_id").map(|t| t.trim().to_string()))
        };
        // The broker also records the waits in the retry tiers (reason `expired`): those
        // are not deaths.
        let deaths: Vec<Death> = deaths(headers)
            .into_iter()
            .filter(|d| d.reason != "expired")
            .collect();
        let reason = header_str(headers, H_DEAD_REASON)
            .or_else(|| deaths.first().map(|d| d.reason.clone()))
            .unwrap_or_else(|| "unknown".into());
        let attempts = to_u32(header_int(headers, H_ATTEMPT))
            .or_else(|| to_u32(deaths.first().map(|d| d.count)))
            .unwrap_or(1);
        let dead_at = rfc3339(headers, H_DEAD_AT);
        let times: Vec<DateTime<Utc>> = dead_at
            .into_iter()
            .chain(deaths.iter().filter_map(|d| d.time))
            .collect();
        let first_dead_at = rfc3339(headers, H_FIRST_DEAD_AT)
            .into_iter()
            .chain(times.iter().copied())
            .min();
        Self {
            ticket_id,
            approval_id,
            reason,
            attempts,
            first_dead_at,
            last_dead_at: times.iter().copied().max(),
            replays: to_u32(header_int(headers, H_REPLAY)).unwrap_or(0),
            returns: to_u32(header_int(headers, H_DELIVERY_COUNT)).unwrap_or(0),
            subject: field("subject").map(|s| snippet(&s, SUBJECT_SNIPPET)),
            last_error: header_str(headers, H_LAST_ERROR),
            body: None,
            headers: None,
        }
    }

    /// The summary with the whole body and every header, as `dlq show` prints it.
    pub fn full(body: &[u8], properties: &BasicProperties) -> Self {
        Self {
            body: Some(String::from_utf8_lossy(body).into_owned()),
            headers: Some(headers_json(properties.headers().as_ref())),
            ..Self::from_message(body, properties)
        }
    }

    /// Whether it last died before `cutoff`. A letter with no known death time is never
    /// "before" anything, so purge keeps it.
    pub fn died_before(&self, cutoff: DateTime<Utc>) -> bool {
        self.last_dead_at.is_some_and(|t| t < cutoff)
    }

    fn has_reason(&self, reason: Option<&str>) -> bool {
        reason.is_none_or(|r| r == self.reason)
    }
}

fn snippet(s: &str, max: usize) -> String {
    let mut out: String = s.chars().take(max).collect();
    if s.chars().nth(max).is_some() {
        out.push('…');
    }
    out
}

/// Headers as JSON: timestamps become RFC 3339 text, byte strings lossy UTF-8.
pub fn headers_json(headers: Option<&FieldTable>) -> serde_json::Value {
    let Some(h) = headers else {
        return serde_json::Value::Object(serde_json::Map::new());
    };
    h.inner()
        .iter()
        .map(|(k, v)| (k.as_str().to_string(), value_json(v)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

fn value_json(v: &AMQPValue) -> serde_json::Value {
    use serde_json::Value as J;
    match v {
        AMQPValue::Boolean(b) => J::Bool(*b),
        AMQPValue::ShortShortInt(n) => J::from(*n),
        AMQPValue::ShortShortUInt(n) => J::from(*n),
        AMQPValue::ShortInt(n) => J::from(*n),
        AMQPValue::ShortUInt(n) => J::from(*n),
        AMQPValue::LongInt(n) => J::from(*n),
        AMQPValue::LongUInt(n) => J::from(*n),
        AMQPValue::LongLongInt(n) => J::from(*n),
        AMQPValue::Float(f) => J::from(*f),
        AMQPValue::Double(f) => J::from(*f),
        AMQPValue::DecimalValue(d) => J::String(format!("{}e-{}", d.value, d.scale)),
        AMQPValue::ShortString(s) => J::String(s.as_str().to_string()),
        AMQPValue::LongString(s) => J::String(String::from_utf8_lossy(s.as_bytes()).into_owned()),
        AMQPValue::ByteArray(b) => J::String(String::from_utf8_lossy(b.as_slice()).into_owned()),
        AMQPValue::FieldArray(a) => J::Array(a.as_slice().iter().map(value_json).collect()),
        AMQPValue::FieldTable(t) => headers_json(Some(t)),
        AMQPValue::Timestamp(s) => DateTime::from_timestamp(i64::try_from(*s).unwrap_or(0), 0)
            .map(|t| J::String(t.to_rfc3339_opts(SecondsFormat::Secs, true)))
            .unwrap_or_else(|| J::from(*s)),
        AMQPValue::Void => J::Null,
    }
}

/// A dead message taken off the queue and not yet settled.
pub struct DeadMessage {
    /// What it is.
    pub letter: DeadLetter,
    delivery: Delivery,
}

impl DeadMessage {
    /// The body, byte for byte.
    pub fn body(&self) -> &[u8] {
        &self.delivery.data
    }

    /// The properties, headers included.
    pub fn properties(&self) -> &BasicProperties {
        &self.delivery.properties
    }
}

/// One pass over the dead queue: takes messages one by one with `basic.get` (manual
/// ack), and at the end puts back every message neither removed nor re-seated.
///
/// Always end a pass with [`Browser::finish`]. A pass dropped without it leaves its
/// messages unacked, and so invisible to other passes, until the channel closes; the
/// broker then puts them back.
pub struct Browser<'a> {
    ch: &'a Channel,
    topology: &'a Topology,
    kept: Vec<Acker>,
    /// Messages left in the snapshot (`None` until the first `basic.get`).
    left: Option<u64>,
}

/// Puts the channel in confirm mode when it is not: every write here waits for the
/// broker's confirm, and on a channel without confirms a publish "succeeds" unseen.
async fn ensure_confirms(ch: &Channel) -> anyhow::Result<()> {
    if !ch.status().confirm() {
        ch.confirm_select(ConfirmSelectOptions::default())
            .await
            .context("enabling publisher confirms")?;
    }
    Ok(())
}

impl<'a> Browser<'a> {
    /// Starts a pass. The channel is put in confirm mode if it is not.
    ///
    /// # Errors
    /// The channel failed.
    pub async fn open(ch: &'a Channel, topology: &'a Topology) -> anyhow::Result<Self> {
        ensure_confirms(ch).await?;
        Ok(Self {
            ch,
            topology,
            kept: Vec::new(),
            left: None,
        })
    }

    /// The next message of the snapshot, or `None` when the snapshot is seen.
    ///
    /// # Errors
    /// The channel failed (the queue missing, the connection gone).
    pub async fn next(&mut self) -> anyhow::Result<Option<DeadMessage>> {
        if self.left == Some(0) {
            return Ok(None);
        }
        let got = self
            .ch
            .basic_get(
                self.topology.dead_queue.as_str().into(),
                BasicGetOptions { no_ack: false },
            )
            .await
            .with_context(|| format!("reading {}", self.topology.dead_queue))?;
        let Some(got) = got else {
            self.left = Some(0);
            return Ok(None);
        };
        // The first get tells how many were ready: this one and `message_count` more.
        let left = self
            .left
            .unwrap_or_else(|| u64::from(got.message_count) + 1);
        self.left = Some(left - 1);
        let delivery = got.delivery;
        Ok(Some(DeadMessage {
            letter: DeadLetter::from_message(&delivery.data, &delivery.properties),
            delivery,
        }))
    }

    /// Leaves the message in the dead queue: it is put back when the pass ends, or
    /// re-seated now when it has been returned [`RESEAT_AFTER_RETURNS`] times.
    ///
    /// # Errors
    /// The re-seating copy could not be published or the original acked; the message is
    /// then put back as usual.
    pub async fn keep(&mut self, m: DeadMessage) -> anyhow::Result<()> {
        if m.letter.returns + 1 >= RESEAT_AFTER_RETURNS {
            let reseated = self.reseat(&m).await;
            if reseated.is_ok() {
                return Ok(());
            }
            self.kept.push(m.delivery.acker);
            return reseated;
        }
        self.kept.push(m.delivery.acker);
        Ok(())
    }

    /// Publishes a fresh copy to the dead queue (through the default exchange, so no
    /// other queue bound to the dead exchange gets a second copy), confirmed, then acks
    /// the original. Our own reason and death time are written into the copy when only
    /// the broker's `x-death` carried them.
    async fn reseat(&self, m: &DeadMessage) -> anyhow::Result<()> {
        let mut headers = m
            .delivery
            .properties
            .headers()
            .clone()
            .unwrap_or_default()
            .inner()
            .clone();
        headers.remove(&ShortString::from(H_DELIVERY_COUNT));
        let key = |k: &str| ShortString::from(k);
        if m.letter.reason != "unknown" {
            headers
                .entry(key(H_DEAD_REASON))
                .or_insert_with(|| long_string(&m.letter.reason));
        }
        if let Some(at) = m.letter.last_dead_at {
            headers
                .entry(key(H_DEAD_AT))
                .or_insert_with(|| long_string(&at.to_rfc3339()));
        }
        let props = m
            .delivery
            .properties
            .clone()
            .with_headers(FieldTable::from(headers));
        // Its trace context stays the letter's: the copy's publish continues it.
        let span = tracing::info_span!("dlq_reseat", otel.name = "dlq re-seat");
        crate::telemetry::continue_from(&span, m.delivery.properties.headers().as_ref());
        publish_confirmed(
            self.ch,
            "",
            &self.topology.dead_queue,
            &m.delivery.data,
            props,
        )
        .instrument(span)
        .await
        .context("re-seating a dead letter")?;
        m.delivery
            .acker
            .ack(BasicAckOptions::default())
            .await
            .context("acking the re-seated dead letter")?;
        Ok(())
    }

    /// Removes the message from the dead queue for good (an ack).
    ///
    /// # Errors
    /// The channel failed: the message was not removed and goes back to the queue.
    pub async fn remove(&mut self, m: DeadMessage) -> anyhow::Result<()> {
        m.delivery
            .acker
            .ack(BasicAckOptions::default())
            .await
            .context("removing a dead letter")?;
        Ok(())
    }

    /// Ends the pass: every kept message goes back to the dead queue, in the order seen.
    ///
    /// # Errors
    /// The channel failed; the broker puts the messages back when it closes.
    pub async fn finish(self) -> anyhow::Result<()> {
        for acker in self.kept {
            acker
                .nack(BasicNackOptions {
                    multiple: false,
                    requeue: true,
                })
                .await
                .context("putting a dead letter back")?;
        }
        Ok(())
    }
}

/// Which dead letters a look covers (the console's list, a purge's count): every
/// filter given must match; none given covers the whole queue.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only this reason.
    pub reason: Option<String>,
    /// Only letters that last died before this instant (see [`DeadLetter::died_before`]).
    pub died_before: Option<DateTime<Utc>>,
}

impl Filter {
    /// Letters of `reason` (any when `None`) that died more than `older_than` ago (any
    /// age when `None`), the cutoff taken now.
    pub fn new(reason: Option<&str>, older_than: Option<Duration>) -> Self {
        Self {
            reason: reason.map(str::to_string),
            died_before: older_than.map(cutoff),
        }
    }

    /// Whether `letter` passes every filter given.
    pub fn matches(&self, letter: &DeadLetter) -> bool {
        letter.has_reason(self.reason.as_deref())
            && self.died_before.is_none_or(|c| letter.died_before(c))
    }
}

/// What one whole pass over the dead queue saw: counts by reason, and the matching
/// letters up to a limit.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Survey {
    /// Every letter in the queue, by reason.
    pub by_reason: BTreeMap<String, usize>,
    /// Letters in the queue.
    pub total: usize,
    /// Letters that match the filter.
    pub matching: usize,
    /// The first matching letters, up to the limit asked for.
    pub letters: Vec<DeadLetter>,
}

/// One whole pass: counts every letter by reason, counts those `filter` matches, and
/// keeps the first `limit` of them (summaries, no bodies). Nothing is removed. The
/// pass holds every letter unacked until it ends, as any whole pass does.
///
/// # Errors
/// The channel failed; messages already taken go back when it closes.
pub async fn survey(
    ch: &Channel,
    topology: &Topology,
    filter: &Filter,
    limit: usize,
) -> anyhow::Result<Survey> {
    let mut b = Browser::open(ch, topology).await?;
    let mut out = Survey::default();
    let scan = async {
        while let Some(m) = b.next().await? {
            out.total += 1;
            *out.by_reason.entry(m.letter.reason.clone()).or_default() += 1;
            if filter.matches(&m.letter) {
                out.matching += 1;
                if out.letters.len() < limit {
                    out.letters.push(m.letter.clone());
                }
            }
            b.keep(m).await?;
        }
        anyhow::Ok(())
    }
    .await;
    b.finish().await?;
    scan?;
    Ok(out)
}

/// How many letters [`purge`] with these arguments would delete now: the number a
/// purge's confirmation states (`dlq purge` on a terminal, the console's page).
///
/// # Errors
/// As [`survey`].
pub async fn count_purgeable(
    ch: &Channel,
    topology: &Topology,
    older_than: Duration,
    reason: Option<&str>,
) -> anyhow::Result<usize> {
    let filter = Filter::new(reason, Some(older_than));
    Ok(survey(ch, topology, &filter, 0).await?.matching)
}

/// Lists up to `limit` dead letters, with `reason` only when given. Nothing is removed.
///
/// # Errors
/// The channel failed; messages already taken go back when it closes.
pub async fn list(
    ch: &Channel,
    topology: &Topology,
    limit: usize,
    reason: Option<&str>,
) -> anyhow::Result<Vec<DeadLetter>> {
    let mut b = Browser::open(ch, topology).await?;
    let mut out = Vec::new();
    let scan = async {
        while out.len() < limit
            && let Some(m) = b.next().await?
        {
            if m.letter.has_reason(reason) {
                out.push(m.letter.clone());
            }
            b.keep(m).await?;
        }
        anyhow::Ok(())
    }
    .await;
    b.finish().await?;
    scan?;
    Ok(out)
}

/// The first dead letter of ticket `id` (by message id or body), with its whole body
/// and every header. Nothing is removed.
///
/// # Errors
/// The channel failed.
pub async fn show(
    ch: &Channel,
    topology: &Topology,
    id: &str,
) -> anyhow::Result<Option<DeadLetter>> {
    let mut b = Browser::open(ch, topology).await?;
    let mut found = None;
    let scan = async {
        while let Some(m) = b.next().await? {
            let hit = m.letter.ticket_id.as_deref() == Some(id);
            if hit {
                found = Some(DeadLetter::full(m.body(), m.properties()));
            }
            b.keep(m).await?;
            if hit {
                break;
            }
        }
        anyhow::Ok(())
    }
    .await;
    b.finish().await?;
    scan?;
    Ok(found)
}

/// Which dead letters a replay takes. Each filter given must match; `all` stands for
/// "no filter" and must be said explicitly, so that an empty selection is refused.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// Ticket ids (any of them).
    pub ids: Vec<String>,
    /// Only this reason.
    pub reason: Option<String>,
    /// Only letters that last died before this instant (the console's age filter).
    pub died_before: Option<DateTime<Utc>>,
    /// Everything (the other filters still apply when given).
    pub all: bool,
    /// Take at most this many matching letters.
    pub limit: Option<usize>,
}

impl Selection {
    /// True when nothing was asked for: no id, no reason, not `all`.
    pub fn is_empty(&self) -> bool {
        !self.all && self.ids.is_empty() && self.reason.is_none()
    }

    fn matches(&self, letter: &DeadLetter) -> bool {
        let id_ok = self.ids.is_empty()
            || letter
                .ticket_id
                .as_ref()
                .is_some_and(|t| self.ids.contains(t));
        id_ok
            && Filter {
                reason: self.reason.clone(),
                died_before: self.died_before,
            }
            .matches(letter)
    }
}

/// What replay did, or would do, with one selected dead letter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum ReplayAction {
    /// Published to the tickets exchange, or a gated action to the approvals exchange
    /// (confirmed), then removed from the dead queue.
    Replayed {
        /// Its `x-replay-count` now.
        replay_count: u32,
    },
    /// Dry run: would be replayed.
    WouldReplay {
        /// Its `x-replay-count` after the replay.
        replay_count: u32,
    },
    /// The ticket is done in Redis: not run again. Its dead copy is useless and is
    /// removed (kept in a dry run).
    AlreadyDone {
        /// The outcome it was done with.
        outcome: String,
    },
    /// A second dead copy of a ticket replayed earlier in this pass: removed (kept in a
    /// dry run), since the replayed copy is already confirmed in the tickets queue.
    Duplicate,
    /// Replayed `worker.max_replays` times already: left dead.
    TooManyReplays {
        /// Its `x-replay-count`.
        replays: u32,
    },
    /// Could not be replayed (left dead); the pass stopped here.
    Failed {
        /// The broker's or the backend's answer.
        error: String,
    },
}

/// One selected dead letter and what happened to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayEntry {
    /// The ticket id, when known.
    pub ticket_id: Option<String>,
    /// Why it had died.
    pub reason: String,
    /// What replay did.
    #[serde(flatten)]
    pub action: ReplayAction,
}

/// What a replay did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayReport {
    /// Nothing was moved.
    pub dry_run: bool,
    /// The selected letters, in the order seen.
    pub entries: Vec<ReplayEntry>,
    /// Letters seen but not selected (put back untouched).
    pub not_selected: usize,
    /// Ids asked for and not found in the part of the queue scanned.
    pub missing_ids: Vec<String>,
    /// The error that stopped the pass early, if one did; every letter not yet
    /// replayed is back in the dead queue.
    pub stopped: Option<String>,
    /// The letter being replayed when the pass ended before its dead copy was removed
    /// (a failed ack, or a pass cut off mid-letter): its ticket id, or `None` when no
    /// letter was between its publish and its removal. That one letter may now be both
    /// in the tickets queue and still dead; a later replay finds its ticket done, or
    /// replays it again and the worker's done record absorbs the duplicate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_both_queues: Option<String>,
}

impl ReplayReport {
    /// Letters replayed (or that would be, in a dry run).
    pub fn replayed(&self) -> usize {
        self.entries
            .iter()
            .filter(|e| {
                matches!(
                    e.action,
                    ReplayAction::Replayed { .. } | ReplayAction::WouldReplay { .. }
                )
            })
            .count()
    }

    /// Letters with this action's kind.
    pub fn count(&self, kind: fn(&ReplayAction) -> bool) -> usize {
        self.entries.iter().filter(|e| kind(&e.action)).count()
    }
}

/// What a replay did, in words: a line per letter (`Display`), the summary and the
/// account of an interrupted pass. `ticket-agent dlq replay` prints them, and the
/// console's dead-letter page shows the same sentences.
pub struct ReplayView<'a> {
    /// What the pass did.
    pub report: &'a ReplayReport,
    /// Nothing was moved.
    pub dry_run: bool,
    /// `worker.max_replays`, named in the lines of letters it held back.
    pub max_replays: u32,
    /// The dead-letter queue, named in the summary.
    pub queue: &'a str,
}

impl ReplayView<'_> {
    /// Missing ids, the counts, and why the pass stopped early, if it did.
    pub fn summary(&self) -> String {
        let (r, queue, would) = (self.report, self.queue, self.would());
        let mut s = String::new();
        for id in &r.missing_ids {
            s.push_str(&format!("ticket {id}: no dead letter found in {queue}\n"));
        }
        s.push_str(&format!(
            "{}{} {would}replayed, {} already done, {} skipped over max_replays, {} not selected (put back){}\n",
            if self.dry_run { "dry run: " } else { "" },
            r.replayed(),
            r.count(|a| matches!(a, ReplayAction::AlreadyDone { .. })),
            r.count(|a| matches!(a, ReplayAction::TooManyReplays { .. })),
            r.not_selected,
            if self.dry_run { "; nothing was moved" } else { "" },
        ));
        if let Some(why) = &r.stopped {
            s.push_str(&format!(
                "stopped early: {why}; every letter not yet replayed is back in {queue}\n"
            ));
        }
        if let Some(id) = &r.in_both_queues {
            s.push_str(&format!(
                "ticket {id} may now be both in the tickets queue and still in {queue}\n"
            ));
        }
        s
    }

    /// What an interrupted pass tells the operator: how far it got, and the one letter
    /// that may now be in both queues.
    pub fn interrupted(&self) -> String {
        let (r, queue, would) = (self.report, self.queue, self.would());
        let mut s = format!(
            "interrupted after {} {would}replayed ({} already done, {} skipped over max_replays); every letter not yet replayed is back in {queue}\n",
            r.replayed(),
            r.count(|a| matches!(a, ReplayAction::AlreadyDone { .. })),
            r.count(|a| matches!(a, ReplayAction::TooManyReplays { .. })),
        );
        match &r.in_both_queues {
            Some(id) => s.push_str(&format!(
                "ticket {id} was being replayed: it may now be both in the tickets queue and still in {queue}; \
                 a later replay finds it done, or replays it again and the worker runs it once\n"
            )),
            None => s.push_str("no letter is in both queues\n"),
        }
        s
    }

    fn would(&self) -> &'static str {
        if self.dry_run { "would be " } else { "" }
    }

    /// What replay did with one letter.
    pub fn action(&self, action: &ReplayAction) -> String {
        let would = self.would();
        match action {
            ReplayAction::Replayed { replay_count } => {
                format!("replayed (replay {replay_count})")
            }
            ReplayAction::WouldReplay { replay_count } => {
                format!("would replay (replay {replay_count})")
            }
            ReplayAction::AlreadyDone { outcome } => {
                format!("already done ({outcome}): not run again; dead copy {would}removed")
            }
            ReplayAction::Duplicate => {
                format!("second dead copy of a ticket replayed in this pass: {would}removed")
            }
            ReplayAction::TooManyReplays { replays } => format!(
                "skipped: replayed {replays} time(s) already (worker.max_replays = {}); left dead",
                self.max_replays
            ),
            ReplayAction::Failed { error } => format!("failed, left dead: {error}"),
        }
    }
}

impl fmt::Display for ReplayView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.report.entries {
            writeln!(
                f,
                "{}  {}  {}",
                e.ticket_id.as_deref().unwrap_or("-"),
                e.reason,
                self.action(&e.action)
            )?;
        }
        Ok(())
    }
}

/// Publishes a dead message back to the tickets exchange as a fresh ticket delivery (a
/// gated action to the approvals exchange: [`DeadLetter::approval_id`]) and waits for the broker's confirm: `x-attempt` = 1, `x-replay-count` + 1,
/// `x-first-dead-at` kept; the death bookkeeping (`x-death`, `x-first-death-*`,
/// `x-last-death-*`, `x-delivery-count`, `x-dead-reason`, `x-dead-at`, `x-last-error`)
/// dropped. The body and the other properties are unchanged. Returns the new replay
/// count. The dead message itself is not touched: remove it only after this succeeds.
///
/// # Errors
/// [`PublishError`]: nacked, unroutable (topology missing) or a channel failure.
pub async fn republish(
    ch: &Channel,
    topology: &Topology,
    m: &DeadMessage,
) -> Result<u32, PublishError> {
    let replay_count = m.letter.replays.saturating_add(1);
    let mut set = vec![
        (H_ATTEMPT, AMQPValue::LongInt(1)),
        (
            H_REPLAY,
            AMQPValue::LongInt(i32::try_from(replay_count).unwrap_or(i32::MAX)),
        ),
    ];
    if let Some(first) = m.letter.first_dead_at {
        set.push((H_FIRST_DEAD_AT, long_string(&first.to_rfc3339())));
    }
    let props = republished(
        m.properties(),
        &[H_DEAD_REASON, H_DEAD_AT, H_LAST_ERROR],
        set,
    );
    // The replayed ticket stays in its first trace: the replay is a child of the
    // publish that dead-lettered it (docs/operations.md, "Tracing").
    let span = tracing::info_span!(
        "dlq_replay",
        otel.name = "dlq replay",
        otel.kind = "internal",
        ticket_agent.replay_count = replay_count,
    );
    crate::telemetry::continue_from(&span, m.properties().headers().as_ref());
    let (exchange, key) = destination(topology, m);
    publish_confirmed(ch, exchange, &key, m.body(), props)
        .instrument(span)
        .await?;
    Ok(replay_count)
}

/// Where a replayed letter goes: a gated action back to the approvals exchange under
/// its tool's key (the approvals store takes a copy it has as a duplicate), a ticket to
/// the tickets exchange.
fn destination<'t>(topology: &'t Topology, m: &DeadMessage) -> (&'t str, String) {
    if m.letter.approval_id.is_some() {
        let tool = serde_json::from_slice::<serde_json::Value>(m.body())
            .ok()
            .and_then(|j| j.get("tool").and_then(|t| t.as_str()).map(str::to_string))
            .unwrap_or_default();
        (&topology.approvals_exchange, format!("approval.{tool}"))
    } else {
        (&topology.tickets_exchange, TICKET_KEY.to_string())
    }
}

/// Replays the selected dead letters to the tickets exchange (gated actions to the
/// approvals exchange).
///
/// For each selected letter, in order: a second copy of a ticket (or an approval)
/// already replayed in this pass is removed; a ticket done in Redis is not run again,
/// and its dead copy is removed (a gated action is always replayed: the approvals store
/// takes a copy it holds as a duplicate); a letter replayed `max_replays` times already is left dead, with a warning;
/// any other is [`republish`]ed and, only once the broker confirms, removed. In a dry
/// run nothing is published or removed. Letters not selected go back untouched.
///
/// A crash, a Ctrl-C or a lost connection at any point loses nothing: every letter not
/// yet acked goes back to the dead queue. At worst one letter is both replayed and still
/// dead; the next replay finds its ticket done (or replays it again, and the worker's
/// done record absorbs the duplicate).
///
/// # Errors
/// An empty selection, or a channel that fails before the pass starts. A failure during
/// the pass ends it and is reported in [`ReplayReport::stopped`].
pub async fn replay(
    ch: &Channel,
    topology: &Topology,
    records: &TicketRecords,
    selection: &Selection,
    dry_run: bool,
    max_replays: u32,
) -> anyhow::Result<ReplayReport> {
    let mut report = ReplayReport::default();
    replay_into(
        ch,
        topology,
        records,
        selection,
        dry_run,
        max_replays,
        &mut report,
    )
    .await?;
    Ok(report)
}

/// [`replay`], writing into a report the caller owns, entry by entry as each letter is
/// settled. Dropping the future (a Ctrl-C, a deadline) therefore still leaves the
/// caller an exact account: what was replayed, and in
/// [`ReplayReport::in_both_queues`] the one letter that may be in both queues.
///
/// # Errors
/// As [`replay`].
pub async fn replay_into(
    ch: &Channel,
    topology: &Topology,
    records: &TicketRecords,
    selection: &Selection,
    dry_run: bool,
    max_replays: u32,
    report: &mut ReplayReport,
) -> anyhow::Result<()> {
    anyhow::ensure!(
        !selection.is_empty(),
        "nothing selected: give --id, --reason or --all"
    );
    *report = ReplayReport {
        dry_run,
        ..Default::default()
    };
    let mut b = Browser::open(ch, topology).await?;
    let mut replayed: HashSet<String> = HashSet::new();
    let mut seen: HashSet<String> = HashSet::new();
    let limit = selection.limit.unwrap_or(usize::MAX);
    let scan = async {
        while report.entries.len() < limit
            && let Some(m) = b.next().await?
        {
            if !selection.matches(&m.letter) {
                report.not_selected += 1;
                b.keep(m).await?;
                continue;
            }
            let id = m.letter.ticket_id.clone();
            if let Some(id) = &id {
                seen.insert(id.clone());
            }
            let entry = |action| ReplayEntry {
                ticket_id: id.clone(),
                reason: m.letter.reason.clone(),
                action,
            };
            // One replay per ticket, and per approval for gated actions.
            let key = m.letter.approval_id.clone().or_else(|| id.clone());
            if key.as_ref().is_some_and(|k| replayed.contains(k)) {
                report.entries.push(entry(ReplayAction::Duplicate));
                if dry_run {
                    b.keep(m).await?;
                } else {
                    b.remove(m).await?;
                }
                continue;
            }
            // A gated action's ticket is done (it proposed the action): that says
            // nothing about the action, which the approvals store records itself.
            if let Some(i) = id.as_ref().filter(|_| m.letter.approval_id.is_none()) {
                let done = match records.done(i).await {
                    Ok(d) => d,
                    Err(e) => {
                        let error = format!("reading the done record: {e}");
                        report.entries.push(entry(ReplayAction::Failed {
                            error: error.clone(),
                        }));
                        b.keep(m).await?;
                        anyhow::bail!(error);
                    }
                };
                if let Some(done) = done {
                    report.entries.push(entry(ReplayAction::AlreadyDone {
                        outcome: done.outcome,
                    }));
                    if dry_run {
                        b.keep(m).await?;
                    } else {
                        b.remove(m).await?;
                    }
                    continue;
                }
            }
            if m.letter.replays >= max_replays {
                tracing::warn!(
                    ticket_id = id.as_deref().unwrap_or("?"),
                    replays = m.letter.replays,
                    max_replays,
                    "replayed too often already; leaving it dead"
                );
                report.entries.push(entry(ReplayAction::TooManyReplays {
                    replays: m.letter.replays,
                }));
                b.keep(m).await?;
                continue;
            }
            if dry_run {
                report.entries.push(entry(ReplayAction::WouldReplay {
                    replay_count: m.letter.replays + 1,
                }));
                if let Some(k) = &key {
                    replayed.insert(k.clone());
                }
                b.keep(m).await?;
                continue;
            }
            // From the publish until the dead copy's ack, this letter may be in both.
            report.in_both_queues = Some(id.clone().unwrap_or_else(|| "(no ticket id)".into()));
            match republish(ch, topology, &m).await {
                Ok(replay_count) => {
                    report
                        .entries
                        .push(entry(ReplayAction::Replayed { replay_count }));
                    if let Some(k) = &key {
                        replayed.insert(k.clone());
                    }
                    // Confirmed in the tickets queue: only now may the dead copy go.
                    b.remove(m).await?;
                    report.in_both_queues = None;
                }
                Err(e) => {
                    // Nacked or unroutable: not in the tickets queue. A channel failure
                    // may have lost the confirm of a publish that arrived: keep saying so.
                    if matches!(e, PublishError::Nacked | PublishError::Unroutable { .. }) {
                        report.in_both_queues = None;
                    }
                    let error = e.to_string();
                    report.entries.push(entry(ReplayAction::Failed {
                        error: error.clone(),
                    }));
                    b.keep(m).await?;
                    anyhow::bail!(error);
                }
            }
        }
        anyhow::Ok(())
    }
    .await;
    let finished = b.finish().await;
    if let Err(e) = scan.and(finished) {
        report.stopped = Some(format!("{e:#}"));
    }
    report.missing_ids = selection
        .ids
        .iter()
        .filter(|i| !seen.contains(*i))
        .cloned()
        .collect();
    Ok(())
}

/// The instant `older_than` ago; the beginning of time when that is out of range (so
/// that nothing is older).
pub fn cutoff(older_than: Duration) -> DateTime<Utc> {
    chrono::Duration::from_std(older_than)
        .ok()
        .and_then(|d| Utc::now().checked_sub_signed(d))
        .unwrap_or(DateTime::<Utc>::MIN_UTC)
}

/// The letters a purge covers, in words ("dead letters (not_json) that died more than
/// 7days ago"), as the purge's confirmation and its result state them.
pub fn describe_purge(older_than: Duration, reason: Option<&str>) -> String {
    let age = humantime::format_duration(older_than);
    match reason {
        Some(r) => format!("dead letters ({r}) that died more than {age} ago"),
        None => format!("dead letters that died more than {age} ago"),
    }
}

/// Deletes the dead letters that last died more than `older_than` ago (with `reason`
/// only, when given) and returns how many. Letters with no known death time are kept,
/// and so is everything else.
///
/// # Errors
/// The channel failed; letters deleted before it stay deleted.
pub async fn purge(
    ch: &Channel,
    topology: &Topology,
    older_than: Duration,
    reason: Option<&str>,
) -> anyhow::Result<usize> {
    let filter = Filter::new(reason, Some(older_than));
    let mut b = Browser::open(ch, topology).await?;
    let mut removed = 0;
    let scan = async {
        while let Some(m) = b.next().await? {
            if filter.matches(&m.letter) {
                b.remove(m).await?;
                removed += 1;
            } else {
                b.keep(m).await?;
            }
        }
        anyhow::Ok(())
    }
    .await;
    b.finish().await?;
    scan?;
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn props(headers: Vec<(&str, AMQPValue)>) -> BasicProperties {
        let mut t = FieldTable::default();
        for (k, v) in headers {
            t.insert(k.into(), v);
        }
        BasicProperties::default().with_headers(t)
    }

    fn death(reason: &str, secs: u64, count: i64) -> AMQPValue {
        let mut t = FieldTable::default();
        t.insert("reason".into(), long_string(reason));
        t.insert("count".into(), AMQPValue::LongLongInt(count));
        t.insert("time".into(), AMQPValue::Timestamp(secs));
        t.insert("queue".into(), long_string("p.tickets"));
        AMQPValue::FieldTable(t)
    }

    #[test]
    fn a_worker_dead_letter_reads_its_reason_attempt_and_death_time_from_our_headers() {
        let body = br#"{"ticket_id":"T-1","customer_id":"C1","subject":"Refund request for the broken wireless mouse I bought last week","body":"b"}"#;
        let p = props(vec![
            (H_DEAD_REASON, long_string("max_attempts")),
            (H_ATTEMPT, AMQPValue::LongInt(4)),
            (H_DEAD_AT, long_string("2026-11-29T12:00:00Z")),
            (H_FIRST_DEAD_AT, long_string("2026-11-20T08:00:00Z")),
            (H_LAST_ERROR, long_string("4 attempts; last error: 529")),
            (H_REPLAY, AMQPValue::LongInt(1)),
        ]);
        let l = DeadLetter::from_message(body, &p);
        assert_eq!(l.ticket_id.as_deref(), Some("T-1"));
        assert_eq!(l.reason, "max_attempts");
        assert_eq!(l.attempts, 4);
        assert_eq!(l.replays, 1);
        assert_eq!(
            l.first_dead_at.unwrap().to_rfc3339(),
            "2026-11-20T08:00:00+00:00"
        );
        assert_eq!(
            l.last_dead_at.unwrap().to_rfc3339(),
            "2026-11-29T12:00:00+00:00"
        );
        assert_eq!(l.subject.as_deref().unwrap().chars().count(), 61);
        assert!(l.subject.unwrap().ends_with('…'));
        assert!(l.body.is_none() && l.headers.is_none());
    }

    #[test]
    fn a_broker_dead_letter_takes_its_reason_from_x_death_and_ignores_retry_waits() {
        let p = props(vec![(
            "x-death",
            AMQPValue::FieldArray(
                vec![
                    death("delivery_limit", 1_800_000_000, 1),
                    death("expired", 1_700_000_000, 2),
                ]
                .into(),
            ),
        )]);
        let l = DeadLetter::from_message(b"not json", &p);
        assert_eq!(l.ticket_id, None);
        assert_eq!(l.reason, "delivery_limit");
        assert_eq!(l.first_dead_at, l.last_dead_at);
        assert_eq!(l.last_dead_at.unwrap().timestamp(), 1_800_000_000);
        let full = DeadLetter::full(b"not json", &p);
        assert_eq!(full.body.as_deref(), Some("not json"));
        let h = full.headers.unwrap();
        assert_eq!(h["x-death"][0]["reason"], "delivery_limit");
        assert_eq!(h["x-death"][0]["time"], "2027-01-15T08:00:00Z");
    }

    #[test]
    fn a_letter_without_a_death_time_is_never_old_enough_to_purge() {
        let l = DeadLetter::from_message(b"{}", &BasicProperties::default());
        assert_eq!(l.reason, "unknown");
        assert!(!l.died_before(Utc::now()));
    }

    #[test]
    fn an_age_beyond_the_calendar_cuts_off_at_the_beginning_of_time() {
        assert_eq!(cutoff(Duration::MAX), DateTime::<Utc>::MIN_UTC);
        let week = cutoff(Duration::from_secs(7 * 86400));
        assert!(
            (Utc::now() - week - chrono::Duration::days(7))
                .num_seconds()
                .abs()
                < 5
        );
    }

    #[test]
    fn an_empty_selection_is_refused_and_filters_combine() {
        assert!(Selection::default().is_empty());
        let l = DeadLetter::from_message(
            br#"{"ticket_id":"T-1"}"#,
            &props(vec![(H_DEAD_REASON, long_string("not_json"))]),
        );
        let s = |ids: &[&str], reason: Option<&str>| Selection {
            ids: ids.iter().map(|s| s.to_string()).collect(),
            reason: reason.map(str::to_string),
            ..Default::default()
        };
        assert!(s(&["T-1"], None).matches(&l));
        assert!(!s(&["T-2"], None).matches(&l));
        assert!(s(&["T-1"], Some("not_json")).matches(&l));
        assert!(!s(&["T-1"], Some("max_attempts")).matches(&l));
        assert!(
            Selection {
                all: true,
                ..Default::default()
            }
            .matches(&l)
        );
    }
}
