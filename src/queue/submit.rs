//! `ticket-agent submit`: validate JSON Lines tickets and publish the valid ones to
//! the tickets exchange, each confirmed by the broker. Invalid lines are reported by
//! number and not sent.

use chrono::Utc;
use lapin::types::{AMQPValue, FieldTable};
use lapin::{BasicProperties, Channel};

use tracing::Instrument;

use super::{H_ATTEMPT, H_SUBMITTED_AT, TICKET_KEY, Topology, long_string, publish_span, traced};
use crate::domain::ticket::Ticket;
use crate::process::BadLine;

/// What `submit` did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SubmitReport {
    /// Tickets published and confirmed.
    pub published: usize,
    /// Lines refused, with their numbers.
    pub invalid: Vec<BadLine>,
}

/// The properties of a ticket message.
pub fn ticket_properties(ticket_id: &str) -> BasicProperties {
    let mut headers = FieldTable::default();
    headers.insert(H_ATTEMPT.into(), AMQPValue::LongInt(1));
    headers.insert(H_SUBMITTED_AT.into(), long_string(&Utc::now().to_rfc3339()));
    BasicProperties::default()
        .with_message_id(ticket_id.into())
        .with_correlation_id(ticket_id.into())
        .with_headers(headers)
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
    for (i, line) in input.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let ticket = match Ticket::from_json(line.as_bytes(), max_body_bytes) {
            Ok(t) => t,
            Err(error) => {
                report.invalid.push(BadLine { line: i + 1, error });
                continue;
            }
        };
        let body = serde_json::to_vec(&ticket)?;
        let properties = ticket_properties(ticket.ticket_id.as_str());
        // Each ticket's trace starts here: its root is this publish.
        let span = publish_span(
            &topology.tickets_exchange,
            TICKET_KEY,
            &properties,
            body.len(),
        );
        let properties = traced(properties, &span);
        let confirm = channel
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
            .await?;
        pending.push(confirm);
        if pending.len() >= window.max(1) {
            report.published += settle(&mut pending).await?;
        }
    }
    report.published += settle(&mut pending).await?;
    Ok(report)
}

async fn settle(pending: &mut Vec<lapin::PublisherConfirm>) -> anyhow::Result<usize> {
    let n = pending.len();
    for confirm in pending.drain(..) {
        let confirmation = confirm.await?;
        anyhow::ensure!(
            !confirmation.is_nack(),
            "the broker refused a ticket (nack)"
        );
        anyhow::ensure!(
            confirmation.take_message().is_none(),
            "a ticket was unroutable: is the topology declared?"
        );
    }
    Ok(n)
}
