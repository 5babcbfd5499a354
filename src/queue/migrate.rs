//! Moving a queue to new arguments in place (`ticket-agent topology --migrate-outcomes`,
//! `--migrate-approvals`).
//!
//! The broker refuses to declare an existing queue with other arguments (another
//! `x-queue-type`, a delivery limit or dead-letter target it was not created with), so a
//! deployment keeps a queue as it was first declared until it is moved: every message
//! goes, confirmed, to a holding queue of the new arguments, the old queue is deleted
//! once empty, the new one declared and bound, and the messages go back in their order.
//! Each is acked on its source only after the broker confirmed its copy, so a crash at
//! any point loses nothing (at worst one message is copied twice), and running the
//! command again finishes what a crash left: it looks at what exists, not at what it
//! did before. Two queues have moved so far: `outcomes.all` (its type and length are
//! settings) and `approvals.pending` (it had no delivery limit and no dead letters).

use anyhow::Context;
use lapin::options::{
    BasicAckOptions, BasicGetOptions, ExchangeDeclareOptions, QueueDeclareOptions,
    QueueDeleteOptions,
};
use lapin::types::{AMQPValue, FieldTable};
use lapin::{Channel, Connection, ExchangeKind};

use super::{
    APPROVALS_KEY, OUTCOMES_KEY, Topology, bind, confirm_channel, publish_confirmed, quorum_args,
};
use crate::config::{AmqpSettings, QueueType};

/// How long the old queue, once unbound, is left before its last drain: a record the
/// exchange routed to it just before the unbind may still be on its way.
const QUIET: std::time::Duration = std::time::Duration::from_secs(1);

/// What a migration did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrationReport {
    /// The queue, and the type it has now.
    pub queue: String,
    /// The type it has now.
    pub queue_type: QueueType,
    /// Whether the queue had another type and was moved (false: it had the type already).
    pub moved_queue: bool,
    /// Records copied into the holding queue and back (each counted once).
    pub records: u64,
}

/// The holding queue of a migration of `queue`.
pub fn holding_queue(queue: &str) -> String {
    format!("{queue}.migrating")
}

/// The arguments `outcomes.all` is declared with under `amqp`.
pub(crate) fn outcomes_all_args(amqp: &AmqpSettings) -> FieldTable {
    // Classic is the broker's default type: left out, as before the setting existed, so
    // that queues declared then are declared again unchanged.
    let mut args = match amqp.outcomes_queue_type {
        QueueType::Quorum => quorum_args(amqp),
        QueueType::Classic => FieldTable::default(),
    };
    args.insert(
        "x-max-length".into(),
        AMQPValue::LongInt(amqp.outcomes_max_length.try_into().unwrap_or(i32::MAX)),
    );
    args
}

/// Gives `outcomes.all` the type `amqp.outcomes_queue_type` says, keeping its records.
/// Run it with the workers stopped, or expect the outcomes they publish while the queue
/// is being replaced to be refused as unroutable and retried (none is lost).
///
/// # Errors
/// The broker unreachable or refusing a step; nothing is deleted that was not first
/// copied and confirmed, and running again continues where it stopped.
pub async fn migrate_outcomes(
    conn: &Connection,
    topology: &Topology,
    amqp: &AmqpSettings,
) -> anyhow::Result<MigrationReport> {
    let moved = MovedQueue {
        queue: &topology.outcomes_all_queue,
        args: outcomes_all_args(amqp),
        exchange: &topology.outcomes_exchange,
        key: OUTCOMES_KEY,
    };
    let (moved_queue, records) = move_queue(conn, &moved).await?;
    Ok(MigrationReport {
        queue: moved.queue.to_string(),
        queue_type: amqp.outcomes_queue_type,
        moved_queue,
        records,
    })
}

/// Gives `approvals.pending` its delivery limit and dead-letter target (a queue
/// declared before they existed is refused with them), keeping its proposals. Run it
/// with the approvals services stopped; workers that publish proposals meanwhile see
/// them refused as unroutable and publish again.
///
/// # Errors
/// As [`migrate_outcomes`].
pub async fn migrate_approvals(
    conn: &Connection,
    topology: &Topology,
    amqp: &AmqpSettings,
) -> anyhow::Result<MigrationReport> {
    let moved = MovedQueue {
        queue: &topology.approvals_pending_queue,
        args: topology.approvals_pending_args(amqp),
        exchange: &topology.approvals_exchange,
        key: APPROVALS_KEY,
    };
    let (moved_queue, records) = move_queue(conn, &moved).await?;
    Ok(MigrationReport {
        queue: moved.queue.to_string(),
        queue_type: QueueType::Quorum,
        moved_queue,
        records,
    })
}

/// A queue to declare with `args`, bound to the topic `exchange` under `key`.
struct MovedQueue<'a> {
    queue: &'a str,
    args: FieldTable,
    exchange: &'a str,
    key: &'a str,
}

/// Declares `moved.queue` with its arguments, moving an existing queue the broker
/// refuses them for. Returns whether it moved one, and the messages copied.
async fn move_queue(conn: &Connection, moved: &MovedQueue<'_>) -> anyhow::Result<(bool, u64)> {
    let queue = moved.queue;
    let holding = holding_queue(queue);
    let args = &moved.args;
    let setup = confirm_channel(conn).await?;
    setup
        .exchange_declare(
            moved.exchange.into(),
            ExchangeKind::Topic,
            ExchangeDeclareOptions {
                durable: true,
                ..Default::default()
            },
            FieldTable::default(),
        )
        .await
        .with_context(|| format!("declaring exchange {}", moved.exchange))?;

    let mut records = 0;
    // A refusal closes the channel it came on, so each probe gets its own.
    let probe = confirm_channel(conn).await?;
    let moved_queue = match declare(&probe, queue, args.clone()).await {
        Ok(()) => false,
        Err(e) if is_precondition_failed(&e) => {
            tracing::info!(queue, "moving queue to its new arguments");
            let ch = confirm_channel(conn).await?;
            declare(&ch, &holding, args.clone()).await?;
            // Unbound, it takes nothing new; what was routed to it just before is
            // still drained, after a moment's quiet.
            ch.queue_unbind(
                queue.into(),
                moved.exchange.into(),
                moved.key.into(),
                FieldTable::default(),
            )
            .await
            .with_context(|| format!("unbinding {queue}"))?;
            records += drain(&ch, queue, &holding).await?;
            tokio::time::sleep(QUIET).await;
            records += drain(&ch, queue, &holding).await?;
            ch.queue_delete(queue.into(), QueueDeleteOptions::default())
                .await
                .with_context(|| format!("deleting {queue}"))?;
            true
        }
        Err(e) => return Err(e).with_context(|| format!("declaring queue {queue}")),
    };
    // A fresh channel: one that delivered to the old queue keeps its type for the name,
    // and the broker's channel crashes delivering to a new queue of another type under it.
    let ch = confirm_channel(conn).await?;
    declare(&ch, queue, args.clone()).await?;
    bind(&ch, queue, moved.exchange, moved.key).await?;

    // The holding queue exists when this run or an earlier, interrupted one made it.
    let probe = confirm_channel(conn).await?;
    if probe
        .queue_declare(
            holding.as_str().into(),
            QueueDeclareOptions {
                passive: true,
                ..Default::default()
            },
            FieldTable::default(),
        )
        .await
        .is_ok()
    {
        let back = drain(&ch, &holding, queue).await?;
        // Counted once: an earlier run's records are counted when they come back.
        if !moved_queue {
            records += back;
        }
        // Nothing is bound to it, so nothing arrived since it was drained.
        ch.queue_delete(holding.as_str().into(), QueueDeleteOptions::default())
            .await
            .with_context(|| format!("deleting {holding}"))?;
    }
    Ok((moved_queue, records))
}

async fn declare(ch: &Channel, queue: &str, args: FieldTable) -> Result<(), lapin::Error> {
    ch.queue_declare(
        queue.into(),
        QueueDeclareOptions {
            durable: true,
            ..Default::default()
        },
        args,
    )
    .await
    .map(drop)
}

/// Moves every ready record of `from` to `to`, in order, each acked on `from` only
/// after its copy is confirmed.
async fn drain(ch: &Channel, from: &str, to: &str) -> anyhow::Result<u64> {
    let mut moved = 0;
    while let Some(got) = ch
        .basic_get(from.into(), BasicGetOptions { no_ack: false })
        .await
        .with_context(|| format!("reading {from}"))?
    {
        let delivery = got.delivery;
        publish_confirmed(ch, "", to, &delivery.data, delivery.properties.clone())
            .await
            .with_context(|| format!("copying a record from {from} to {to}"))?;
        delivery
            .acker
            .ack(BasicAckOptions::default())
            .await
            .with_context(|| format!("acking a record of {from}"))?;
        moved += 1;
        if moved % 10_000 == 0 {
            tracing::info!(from, to, moved, "moving records");
        }
    }
    Ok(moved)
}

/// Whether the broker refused as PRECONDITION_FAILED (406): a queue that exists with
/// other arguments, or one that is not empty when it had to be.
fn is_precondition_failed(e: &lapin::Error) -> bool {
    matches!(
        e.kind(),
        lapin::ErrorKind::ProtocolError(err) if err.get_id() == 406
    )
}
