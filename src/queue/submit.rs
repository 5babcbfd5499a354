//! `ticket-agent submit`: validate JSON Lines tickets and publish the valid ones to
//! the tickets exchange, each confirmed by the broker. Invalid lines are reported by
//! number and not sent. A line with a `message_id` is one message of its ticket's
//! thread, published under its work key (the ticket and the message) as its message id. The parsing ([`parse_lines`]) and the confirmed publish
//! ([`publish_ticket`], [`confirmed`]) are the ingest API's too.

use chrono::Utc;
use lapin::types::{AMQPValue, FieldTable};
use lapin::{BasicProperties, Channel, PublisherConfirm};

use tracing::Instrument;

use super::{
    H_ATTEMPT, H_SUBMITTED_AT, PublishError, TICKET_KEY, Topology, long_string, publish_span,
    traced,
};
use crate::domain::ticket::BadLine;
use crate::domain::ticket::{Ticket, TicketError};

/// What `submit` did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SubmitReport {
    /// Tickets published and confirmed.
    pub published: usize,
    /// Lines refused, with their numbers.
    pub invalid: Vec<BadLine>,
}

/// The properties of a ticket message whose id is the ticket's.
pub fn ticket_properties(ticket_id: &str) -> BasicProperties {
    work_properties(ticket_id, ticket_id)
}

/// The properties of a ticket message: its `message_id` is the work key (what a consumer,
/// and `dlq`, tell one unit of work by), its `correlation_id` the ticket id.
pub fn work_properties(work_key: &str, ticket_id: &str) -> BasicProperties {
    let mut headers = FieldTable::default();
    headers.insert(H_ATTEMPT.into(), AMQPValue::LongInt(1));
    headers.insert(H_SUBMITTED_AT.into(), long_string(&Utc::now().to_rfc3339()));
    BasicProperties::default()
        .with_message_id(work_key.into())
        .with_correlation_id(ticket_id.into())
        .with_headers(headers)
}

/// The tickets of a JSON Lines text, each validated with `max_body_bytes` as its body
/// limit: (1-based line number, the line, the ticket or why not), blank lines skipped.
/// `submit` and the ingest API read lines with this one rule.
pub fn parse_lines(
    input: &str,
    max_body_bytes: usize,
) -> impl Iterator<Item = (usize, &str, Result<Ticket, TicketError>)> + '_ {
    input
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(move |(i, line)| {
            (
                i + 1,
                line,
                Ticket::from_json(line.as_bytes(), max_body_bytes),
            )
        })
}

/// Publishes `ticket` to the tickets exchange, persistent and `mandatory`, on a
/// channel in confirm mode; the confirm is for [`confirmed`] to await.
///
/// # Errors
/// The channel failed before the message left.
pub async fn publish_ticket(
    channel: &Channel,
    topology: &Topology,
    ticket: &Ticket,
) -> Result<PublisherConfirm, PublishError> {
    let body = serde_json::to_vec(ticket).expect("a ticket serializes");
    let properties = work_properties(ticket.work_key().as_str(), ticket.ticket_id.as_str());
    // Each ticket's trace starts here: its root is this publish.
    let span = publish_span(
        &topology.tickets_exchange,
        TICKET_KEY,
        &properties,
        body.len(),
    );
    let properties = traced(properties, &span);
    Ok(channel
        .basic_publish(
            topology.tickets_exchange.as_str().into(),
            TICKET_KEY.into(),
            lapin::options::BasicPublishOptions {
                mandatory: true,
                ..Default::default()
            },
            &body,
            properties
                .with_delivery_mode(2)
                .with_content_type("application/json".into()),
        )
        .instrument(span)
        .await?)
}

/// Waits for the broker's answer to one [`publish_ticket`].
///
/// # Errors
/// Nacked, returned as unroutable (no queue bound: the topology is not declared), or
/// the channel failed before the answer came.
pub async fn confirmed(confirm: PublisherConfirm, topology: &Topology) -> Result<(), PublishError> {
    let confirmation = confirm.await?;
    if confirmation.is_nack() {
        return Err(PublishError::Nacked);
    }
    if confirmation.take_message().is_some() {
        return Err(PublishError::Unroutable {
            exchange: topology.tickets_exchange.clone(),
            routing_key: TICKET_KEY.into(),
        });
    }
    Ok(())
}

/// Validates every line of `input` and publishes the valid tickets on `channel` (in
/// confirm mode), `window` confirms in flight at most.
///
/// # Errors
/// A publish the broker did not confirm; tickets published before it stay published.
pub async fn submit(
    channel: &Channel,
    topology: &Topology,
    input: &str,
    max_body_bytes: usize,
    window: usize,
) -> anyhow::Result<SubmitReport> {
    let mut report = SubmitReport::default();
    let mut pending = Vec::with_capacity(window);
    for (line, _, parsed) in parse_lines(input, max_body_bytes) {
        let ticket = match parsed {
            Ok(t) => t,
            Err(error) => {
                report.invalid.push(BadLine { line, error });
                continue;
            }
        };
        pending.push(publish_ticket(channel, topology, &ticket).await?);
        if pending.len() >= window.max(1) {
            report.published += settle(&mut pending, topology).await?;
        }
    }
    report.published += settle(&mut pending, topology).await?;
    Ok(report)
}

async fn settle(pending: &mut Vec<PublisherConfirm>, topology: &Topology) -> anyhow::Result<usize> {
    let n = pending.len();
    for confirm in pending.drain(..) {
        confirmed(confirm, topology).await.map_err(|e| match e {
            PublishError::Unroutable { .. } => {
                anyhow::anyhow!("a ticket was unroutable: is the topology declared?")
            }
            e => anyhow::Error::new(e).context("the broker refused a ticket"),
        })?;
    }
    Ok(n)
}
