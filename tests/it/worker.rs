//! The RabbitMQ worker against the local RabbitMQ (127.0.0.1:5672) and Redis
//! (127.0.0.1:6379): every test declares its own topology under a unique prefix and
//! deletes it, with its Redis keys, when it ends.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::broker::{Env, example_tickets, next_message};
use crate::common::{Flaky, Slow};
use lapin::{Channel, Connection};
use ticket_agent::commerce::embedded::{EmbeddedBackend, World};
use ticket_agent::domain::ticket::Ticket;
use ticket_agent::executor::{Effects, MemoryOutbox, execute_approved};
use ticket_agent::idempotency::MemoryStore;
use ticket_agent::model::rules::RulesModel;
use ticket_agent::queue::messages::{ApprovalMessage, Finished, Sealed};
use ticket_agent::queue::{connect, header_str};
use ticket_agent::worker::{Disposition, Worker};

impl Env {
    /// A test's own corner under `ta-test-{name}-…`, with this file's settings: three
    /// retry tiers, sixteen tickets at a time, and each worker's metrics on a free port.
    async fn new(name: &str) -> Env {
        Env::open(name, |settings| {
            settings.worker.retry_delays_ms = vec![300, 600, 900];
            settings.worker.max_attempts = 3;
            settings.worker.concurrency = 16;
            settings.worker.lease_secs = 10;
            settings.worker.shutdown_grace_secs = 30;
            // Workers run side by side here: each takes a free port for its metrics.
            settings.worker.metrics_listen = "127.0.0.1:0".into();
            settings.agent.max_body_bytes = 2048;
        })
        .await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_tickets_through_two_workers_end_with_one_outcome_and_done_record_each() {
    let env = Env::new("two-hundred").await;
    let published = env.submit_lines(&example_tickets(200)).await;
    assert_eq!(published, 200);
    let (w1, stop1) = env.spawn_worker(Arc::new(RulesModel::new()));
    let (w2, stop2) = env.spawn_worker(Arc::new(RulesModel::new()));
    let n = env
        .wait_depth(
            &env.topology.outcomes_all_queue,
            200,
            Duration::from_secs(120),
        )
        .await;
    assert_eq!(n, 200);
    stop1.send(()).unwrap();
    stop2.send(()).unwrap();
    let (s1, s2) = (w1.await.unwrap(), w2.await.unwrap());
    assert_eq!(s1.finished + s2.finished, 200);
    assert!(
        s1.finished > 0 && s2.finished > 0,
        "both workers took tickets: {s1:?} {s2:?}"
    );

    let outcomes = env.drain(&env.topology.outcomes_all_queue).await;
    let ids: HashSet<String> = outcomes
        .iter()
        .map(|(o, _)| o["ticket_id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), 200, "one outcome per ticket");
    let refund_tickets: HashSet<&str> = outcomes
        .iter()
        .filter(|(o, _)| o["outcome"] == "refund_proposed")
        .map(|(o, _)| o["ticket_id"].as_str().unwrap())
        .collect();
    let approvals = env.drain(&env.topology.approvals_pending_queue).await;
    let approval_tickets: HashSet<&str> = approvals
        .iter()
        .map(|(a, _)| a["ticket_id"].as_str().unwrap())
        .collect();
    assert!(!refund_tickets.is_empty());
    assert_eq!(
        approval_tickets, refund_tickets,
        "an approval for each refund ticket"
    );
    for (a, _) in &approvals {
        assert!(
            a["arguments"]["idempotency_key"]
                .as_str()
                .unwrap()
                .starts_with("idem_")
        );
        assert!(a["eligibility"]["policy_ref"].is_string());
    }
    assert_eq!(env.records.count_done().await.unwrap(), 200);
    assert_eq!(env.depth(&env.topology.tickets_queue).await, 0);
    let escalated = outcomes
        .iter()
        .filter(|(o, _)| o["outcome"] == "escalated")
        .count() as u32;
    assert_eq!(env.depth(&env.topology.escalations_queue).await, escalated);
    env.cleanup().await;
}

#[tokio::test]
async fn poison_messages_of_each_kind_land_in_the_dead_letter_queue_with_their_reason() {
    let env = Env::new("poison").await;
    env.publish_raw(b"this is not json").await;
    env.publish_raw(br#"{"ticket_id":"P-1","subject":"s","body":"b"}"#)
        .await;
    let big = serde_json::json!({"ticket_id":"P-2","customer_id":"C001","subject":"s","body":"x".repeat(5000)});
    env.publish_raw(big.to_string().as_bytes()).await;
    let (w, stop) = env.spawn_worker(Arc::new(RulesModel::new()));
    assert_eq!(
        env.wait_depth(&env.topology.dead_queue, 3, Duration::from_secs(30))
            .await,
        3
    );
    stop.send(()).unwrap();
    w.await.unwrap();
    let dead = env.drain(&env.topology.dead_queue).await;
    let mut reasons: Vec<String> = dead
        .iter()
        .map(|(_, h)| header_str(h.as_ref(), "x-dead-reason").unwrap())
        .collect();
    reasons.sort();
    assert_eq!(reasons, ["invalid_ticket", "not_json", "too_large"]);
    let invalid = dead
        .iter()
        .find(|(_, h)| header_str(h.as_ref(), "x-dead-reason").as_deref() == Some("invalid_ticket"))
        .unwrap();
    assert!(
        header_str(invalid.1.as_ref(), "x-last-error")
            .unwrap()
            .contains("customer_id")
    );
    assert_eq!(env.records.count_done().await.unwrap(), 0);
    env.cleanup().await;
}

#[tokio::test]
async fn a_model_that_fails_twice_then_succeeds_finishes_on_attempt_three_after_backoff() {
    let env = Env::new("flaky").await;
    env.submit_lines(&example_tickets(1)).await;
    let started = Instant::now();
    let model = Flaky::new(2);
    let (w, stop) = env.spawn_worker(model);
    assert_eq!(
        env.wait_depth(&env.topology.outcomes_all_queue, 1, Duration::from_secs(30))
            .await,
        1
    );
    let elapsed = started.elapsed();
    stop.send(()).unwrap();
    w.await.unwrap();
    let outcomes = env.drain(&env.topology.outcomes_all_queue).await;
    assert_eq!(outcomes[0].0["attempt"], 3);
    assert!(
        elapsed >= Duration::from_millis(900),
        "waited in tiers 1 and 2: {elapsed:?}"
    );
    assert_eq!(env.depth(&env.topology.dead_queue).await, 0);
    env.cleanup().await;
}

#[tokio::test]
async fn a_model_that_always_fails_is_dead_lettered_after_the_maximum_attempts() {
    let env = Env::new("always-fails").await;
    env.submit_lines(&example_tickets(1)).await;
    let model = Flaky::new(usize::MAX);
    let (w, stop) = env.spawn_worker(model.clone());
    assert_eq!(
        env.wait_depth(&env.topology.dead_queue, 1, Duration::from_secs(30))
            .await,
        1
    );
    stop.send(()).unwrap();
    w.await.unwrap();
    let dead = env.drain(&env.topology.dead_queue).await;
    let headers = dead[0].1.as_ref();
    assert_eq!(
        header_str(headers, "x-dead-reason").as_deref(),
        Some("max_attempts")
    );
    assert!(
        header_str(headers, "x-last-error")
            .unwrap()
            .contains("overloaded")
    );
    assert_eq!(
        *model.calls.lock().unwrap().get("T-0000").unwrap(),
        3,
        "three attempts, one model call each"
    );
    assert_eq!(env.depth(&env.topology.outcomes_all_queue).await, 0);
    assert_eq!(env.records.count_done().await.unwrap(), 0);
    env.cleanup().await;
}

/// Takes one ticket delivery off the queue without settling it: closing `ch` without an
/// ack is what a crashed worker looks like to the broker.
async fn take_unacked(env: &Env, ch: &Channel) -> lapin::message::Delivery {
    next_message(
        ch,
        &env.topology.tickets_queue,
        false,
        Duration::from_secs(10),
        Duration::from_millis(50),
        "no ticket arrived",
    )
    .await
}

/// A worker over the rules model on a channel of `conn`, driven by the test itself.
async fn worker_on(env: &Env, conn: &Connection) -> Worker {
    env.worker_on(conn, Arc::new(RulesModel::new()), "crash-test")
        .await
}

/// Runs a fresh worker until `done` tickets are done and the tickets queue is empty.
async fn finish_with_a_fresh_worker(env: &Env, done: usize) {
    // A delivery the worker has received but not yet taken when it is stopped goes back
    // to the queue: the queue's ready count cannot tell it from a settled one. Such a
    // copy is taken by the next worker; a copy run twice shows in the caller's count of
    // outcomes, so nothing is hidden by running again.
    for round in 1..=3 {
        // A delivery put back by a closed connection reaches the quorum queue a moment
        // later: until it has, an empty queue does not mean a settled one.
        env.settled_depth(&env.topology.tickets_queue).await;
        let (w, stop) = env.spawn_worker(Arc::new(RulesModel::new()));
        let start = Instant::now();
        while env.records.count_done().await.unwrap() < done
            || env.settled_depth(&env.topology.tickets_queue).await > 0
        {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "the delivery was not settled"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        stop.send(()).unwrap();
        w.await.unwrap();
        if round == 3 || env.no_ticket_left().await {
            break;
        }
    }
    env.assert_no_ticket_left().await;
}

fn refund_ticket() -> String {
    r#"{"ticket_id":"CRASH-1","customer_id":"C001","order_id":"O1001","subject":"Refund","body":"The mouse broke, please refund it."}"#.to_string()
}

#[tokio::test]
async fn a_crash_before_the_model_runs_loses_nothing() {
    let env = Env::new("crash-before").await;
    env.submit_lines(&[refund_ticket()]).await;
    let conn = connect(env.settings.amqp.url.expose(), "crasher")
        .await
        .unwrap();
    let ch = conn.create_channel().await.unwrap();
    let _delivery = take_unacked(&env, &ch).await;
    conn.close(200, "crash".into()).await.unwrap();
    finish_with_a_fresh_worker(&env, 1).await;
    assert_eq!(env.records.count_done().await.unwrap(), 1);
    assert_eq!(env.drain(&env.topology.outcomes_all_queue).await.len(), 1);
    assert_eq!(
        env.drain(&env.topology.approvals_pending_queue).await.len(),
        1
    );
    env.cleanup().await;
}

#[tokio::test]
async fn a_crash_after_publishing_but_before_the_done_record_republishes_the_same_approval() {
    let env = Env::new("crash-published").await;
    env.submit_lines(&[refund_ticket()]).await;
    let conn = connect(env.settings.amqp.url.expose(), "crasher")
        .await
        .unwrap();
    let ch = conn.create_channel().await.unwrap();
    let delivery = take_unacked(&env, &ch).await;
    // The first worker runs the agent, records the result, publishes... and dies.
    let worker = worker_on(&env, &conn).await;
    let ticket = Ticket::from_json(&delivery.data, 4096).unwrap();
    let (agent, _) = ticket_agent::app::embedded_agent(
        &env.settings,
        World::fixture(),
        Arc::new(RulesModel::new()),
    )
    .await
    .unwrap();
    let run = agent.run(&ticket).await.unwrap();
    let finished = Sealed::from(Finished::from_run(
        &ticket,
        &run,
        1,
        "crash-test",
        chrono::Utc::now(),
    ));
    let earlier = env
        .records
        .record_result("CRASH-1", &finished, Duration::from_secs(60))
        .await
        .unwrap();
    assert_eq!(earlier, None, "the first result recorded stands");
    worker.publish_finished(&finished).await.unwrap();
    conn.close(200, "crash".into()).await.unwrap();

    finish_with_a_fresh_worker(&env, 1).await;
    assert_eq!(env.records.count_done().await.unwrap(), 1);
    let outcomes = env.drain(&env.topology.outcomes_all_queue).await;
    assert_eq!(
        outcomes.len(),
        2,
        "the outcome is re-published (consumers dedupe by message_id)"
    );
    assert_eq!(
        outcomes[0].0, outcomes[1].0,
        "the very same outcome, not a second run"
    );
    let approvals: Vec<ApprovalMessage> = env
        .drain(&env.topology.approvals_pending_queue)
        .await
        .into_iter()
        .map(|(a, _)| serde_json::from_value(a).unwrap())
        .collect();
    assert_eq!(approvals.len(), 2);
    assert_eq!(approvals[0].approval_id, approvals[1].approval_id);
    assert_eq!(
        approvals[0].arguments["idempotency_key"],
        approvals[1].arguments["idempotency_key"]
    );
    // Executing both copies moves money once.
    let shop = EmbeddedBackend::new(World::fixture());
    let (outbox, store) = (MemoryOutbox::default(), MemoryStore::new());
    let fx = Effects {
        backend: &shop,
        outbox: &outbox,
        store: &store,
        lease: Duration::from_secs(10),
        result_ttl: Duration::from_secs(60),
    };
    for a in &approvals {
        execute_approved(&a.action().unwrap(), &fx).await.unwrap();
    }
    assert_eq!(shop.refunds_executed(), 1);
    env.cleanup().await;
}

#[tokio::test]
async fn a_crash_after_the_done_record_but_before_the_ack_runs_nothing_twice() {
    let env = Env::new("crash-done").await;
    env.submit_lines(&[refund_ticket()]).await;
    let conn = connect(env.settings.amqp.url.expose(), "crasher")
        .await
        .unwrap();
    let ch = conn.create_channel().await.unwrap();
    let delivery = take_unacked(&env, &ch).await;
    let worker = worker_on(&env, &conn).await;
    let disposition = worker
        .handle(&delivery.data, delivery.properties.headers().as_ref())
        .await;
    assert!(
        matches!(
            disposition,
            Disposition::Ack {
                duplicate: false,
                ..
            }
        ),
        "{disposition:?}"
    );
    conn.close(200, "crash before the ack".into())
        .await
        .unwrap();

    finish_with_a_fresh_worker(&env, 1).await;
    assert_eq!(env.records.count_done().await.unwrap(), 1);
    assert_eq!(
        env.drain(&env.topology.outcomes_all_queue).await.len(),
        1,
        "the redelivery was acked without a second run"
    );
    assert_eq!(
        env.drain(&env.topology.approvals_pending_queue).await.len(),
        1
    );
    assert_eq!(env.depth(&env.topology.tickets_queue).await, 0);
    env.cleanup().await;
}

#[tokio::test]
async fn a_poison_message_whose_ack_was_lost_is_not_dead_lettered_twice() {
    let env = Env::new("poison-twice").await;
    env.publish_raw(b"this is not json").await;
    let conn = connect(env.settings.amqp.url.expose(), "crasher")
        .await
        .unwrap();
    let ch = conn.create_channel().await.unwrap();
    let delivery = take_unacked(&env, &ch).await;
    let worker = worker_on(&env, &conn).await;
    let disposition = worker
        .handle(&delivery.data, delivery.properties.headers().as_ref())
        .await;
    assert!(
        matches!(disposition, Disposition::DeadLetter { .. }),
        "{disposition:?}"
    );
    // The channel that holds the delivery goes (a broker restart, a lost connection):
    // the dead-letter copy is confirmed on the worker's own channel, the ack is lost,
    // and the broker delivers the message again.
    ch.close(200, "lost before the ack".into()).await.unwrap();
    worker.settle(&delivery, disposition).await;
    assert_eq!(
        env.wait_depth(&env.topology.dead_queue, 1, Duration::from_secs(10))
            .await,
        1
    );

    finish_with_a_fresh_worker(&env, 0).await;
    assert_eq!(
        env.drain(&env.topology.dead_queue).await.len(),
        1,
        "the redelivery was acked without a second copy"
    );
    assert_eq!(env.depth(&env.topology.tickets_queue).await, 0);
    conn.close(200, "done".into()).await.ok();
    env.cleanup().await;
}

/// Binds to the outcomes exchange a queue that refuses every message (no room, and
/// `reject-publish`), so that the broker nacks each outcome, as a quorum queue does
/// while it has no leader; returns its name.
async fn refuse_outcomes(env: &Env) -> String {
    use lapin::options::{QueueBindOptions, QueueDeclareOptions};
    use lapin::types::{AMQPValue, FieldTable};
    let name = format!("{}.refusing", env.settings.amqp.prefix);
    let mut args = FieldTable::default();
    args.insert("x-max-length".into(), AMQPValue::LongInt(0));
    args.insert(
        "x-overflow".into(),
        AMQPValue::LongString("reject-publish".into()),
    );
    env.ch
        .queue_declare(name.as_str().into(), QueueDeclareOptions::default(), args)
        .await
        .unwrap();
    env.ch
        .queue_bind(
            name.as_str().into(),
            env.topology.outcomes_exchange.as_str().into(),
            "ticket.#".into(),
            QueueBindOptions::default(),
            FieldTable::default(),
        )
        .await
        .unwrap();
    name
}

/// One ticket taken unacked on a connection of its own, with a worker on it, while
/// [`refuse_outcomes`] refuses its outcome: (the refusing queue, the connection, the
/// channel the delivery belongs to, the delivery, the worker).
async fn a_ticket_whose_outcome_is_refused(
    env: &Env,
) -> (
    String,
    Connection,
    Channel,
    lapin::message::Delivery,
    Worker,
) {
    env.submit_lines(&example_tickets(1)).await;
    let refusing = refuse_outcomes(env).await;
    let conn = connect(env.settings.amqp.url.expose(), "refused")
        .await
        .unwrap();
    let ch = conn.create_channel().await.unwrap();
    let delivery = take_unacked(env, &ch).await;
    let worker = worker_on(env, &conn).await;
    (refusing, conn, ch, delivery, worker)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outcome_the_broker_refuses_for_a_while_is_published_again_while_the_delivery_is_held() {
    let env = Env::new("refused-for-a-while").await;
    let (refusing, _conn, _ch, delivery, worker) = a_ticket_whose_outcome_is_refused(&env).await;
    // The queue without a leader gets one back after a while.
    let admin = env.ch.clone();
    let unblock = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(800)).await;
        admin
            .queue_delete(refusing.as_str().into(), Default::default())
            .await
            .unwrap();
    });
    let started = Instant::now();
    let disposition = worker
        .handle(&delivery.data, delivery.properties.headers().as_ref())
        .await;
    unblock.await.unwrap();
    assert!(
        matches!(
            disposition,
            Disposition::Ack {
                duplicate: false,
                ..
            }
        ),
        "held and published once the broker took it, not put back: {disposition:?}"
    );
    assert!(
        started.elapsed() >= Duration::from_millis(700),
        "it waited for the broker"
    );
    worker.settle(&delivery, disposition).await;
    assert_eq!(env.settled_depth(&env.topology.tickets_queue).await, 0);
    // A nack says that not every queue took the message: the queues that did keep
    // their copy of each try (consumers dedupe by message_id), all of one run.
    let outcomes = env.drain(&env.topology.outcomes_all_queue).await;
    assert!(!outcomes.is_empty());
    assert!(outcomes.iter().all(|(o, _)| *o == outcomes[0].0));
    assert_eq!(env.records.count_done().await.unwrap(), 1);
    assert_eq!(env.depth(&env.topology.dead_queue).await, 0);
    env.cleanup().await;
}

#[tokio::test]
async fn an_outcome_the_broker_keeps_refusing_puts_the_delivery_back_after_the_store_wait() {
    let env = Env::open("refused-for-good", |s| s.worker.store_wait_secs = 1).await;
    let (refusing, conn, _ch, delivery, worker) = a_ticket_whose_outcome_is_refused(&env).await;
    let started = Instant::now();
    let disposition = worker
        .handle(&delivery.data, delivery.properties.headers().as_ref())
        .await;
    let waited = started.elapsed();
    assert!(
        matches!(&disposition, Disposition::Requeue { error } if error.contains("nack")),
        "{disposition:?}"
    );
    assert!(
        waited >= Duration::from_millis(700) && waited < Duration::from_secs(5),
        "held for about worker.store_wait_secs, then given up: {waited:?}"
    );
    env.ch
        .queue_delete(refusing.as_str().into(), Default::default())
        .await
        .unwrap();
    conn.close(200, "done".into()).await.unwrap();
    env.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn graceful_shutdown_with_tickets_in_flight_loses_nothing() {
    let mut env = Env::new("shutdown").await;
    env.settings.worker.concurrency = 4;
    env.settings.worker.prefetch = 8;
    env.submit_lines(&example_tickets(24)).await;
    let (w, stop) = env.spawn_worker(Arc::new(Slow {
        label: "slow",
        delay: Duration::from_millis(200),
    }));
    tokio::time::sleep(Duration::from_millis(700)).await;
    stop.send(()).unwrap();
    let first = w.await.unwrap();
    assert_eq!(first.abandoned, 0);
    assert!(first.finished >= 1 && first.finished < 24, "{first:?}");
    // Everything the first worker finished is done; the rest is back in the queue.
    assert_eq!(
        env.records.count_done().await.unwrap() as u64,
        first.finished
    );
    // Deliveries put back when the channel closes reach a quorum queue a moment later.
    let expected = 24 - first.finished;
    let depth = env
        .wait_depth(
            &env.topology.tickets_queue,
            expected as u32,
            Duration::from_secs(10),
        )
        .await;
    assert_eq!(u64::from(depth), expected);

    // A deadline too short to finish: in-flight tickets are abandoned and redelivered.
    env.settings.worker.shutdown_grace_secs = 0;
    let (w, stop) = env.spawn_worker(Arc::new(Slow {
        label: "slow",
        delay: Duration::from_millis(400),
    }));
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.send(()).unwrap();
    let second = w.await.unwrap();

    env.settings.worker.shutdown_grace_secs = 30;
    let (w, stop) = env.spawn_worker(Arc::new(RulesModel::new()));
    assert_eq!(
        env.wait_depth(
            &env.topology.outcomes_all_queue,
            24,
            Duration::from_secs(60)
        )
        .await,
        24
    );
    stop.send(()).unwrap();
    let third = w.await.unwrap();
    assert_eq!(first.finished + second.finished + third.finished, 24);
    assert_eq!(env.records.count_done().await.unwrap(), 24);
    let ids: HashSet<String> = env
        .drain(&env.topology.outcomes_all_queue)
        .await
        .iter()
        .map(|(o, _)| o["ticket_id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), 24);
    env.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_ticket_whose_lease_a_dead_worker_holds_is_held_until_the_lease_lapses_then_runs_once() {
    let env = Env::open("busy-hold", |settings| {
        settings.worker.lease_secs = 3;
        settings.worker.metrics_listen = "127.0.0.1:0".into();
    })
    .await;
    // A worker that died mid-run: its lease stays until it runs out, extended by nobody.
    let dead = Duration::from_secs(2);
    assert!(matches!(
        env.records
            .begin("CRASH-1", "dead-worker", dead)
            .await
            .unwrap(),
        ticket_agent::queue::records::Begin::Leased { recorded: None }
    ));
    let start = Instant::now();
    env.submit_lines(&[refund_ticket()]).await;
    let (w, stop) = env.spawn_worker(Arc::new(RulesModel::new()));
    let mut parked = 0;
    while env.records.count_done().await.unwrap() < 1 {
        parked = parked.max(env.depth(&env.topology.wait_queue).await);
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the ticket did not finish after the lease lapsed"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let took = start.elapsed();
    assert!(
        took >= dead,
        "it ran before the dead worker's lease lapsed ({took:?})"
    );
    assert!(
        took < dead + Duration::from_secs(3),
        "it waited much longer than the lease had left ({took:?})"
    );
    // Held by the worker, in its place: never sent round through the wait queue.
    assert_eq!(parked, 0);
    stop.send(()).unwrap();
    w.await.unwrap();
    env.assert_no_ticket_left().await;
    assert_eq!(env.drain(&env.topology.outcomes_all_queue).await.len(), 1);
    env.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_ticket_whose_lease_a_live_worker_keeps_renewing_waits_in_the_wait_queue_then_runs_once()
{
    let env = Env::open("busy-wait", |settings| {
        settings.worker.lease_secs = 3;
        settings.worker.metrics_listen = "127.0.0.1:0".into();
    })
    .await;
    // A live holder renewing a 1 s lease for 3 s, then stopping without finishing (as
    // a worker cut short at its shutdown deadline would).
    let lease = Duration::from_secs(1);
    assert!(matches!(
        env.records
            .begin("CRASH-1", "live-worker", lease)
            .await
            .unwrap(),
        ticket_agent::queue::records::Begin::Leased { recorded: None }
    ));
    let records = ticket_agent::queue::records::TicketRecords::connect(
        &env.settings.redis.url,
        &env.settings.redis.key_prefix,
    )
    .await
    .unwrap();
    let renewer = tokio::spawn(async move {
        for _ in 0..12 {
            tokio::time::sleep(Duration::from_millis(250)).await;
            assert!(
                records
                    .extend_lease("CRASH-1", "live-worker", lease)
                    .await
                    .unwrap()
            );
        }
    });
    let start = Instant::now();
    env.submit_lines(&[refund_ticket()]).await;
    let (w, stop) = env.spawn_worker(Arc::new(RulesModel::new()));
    // Held once, still busy: parked in the wait queue for what the lease had left.
    assert_eq!(
        env.wait_depth(&env.topology.wait_queue, 1, Duration::from_secs(5))
            .await,
        1,
        "the busy ticket waits in the wait queue"
    );
    while env.records.count_done().await.unwrap() < 1 {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the ticket did not finish after the renewals stopped"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        start.elapsed() >= Duration::from_secs(3),
        "it ran while its holder was renewing the lease"
    );
    renewer.await.unwrap();
    stop.send(()).unwrap();
    w.await.unwrap();
    env.assert_no_ticket_left().await;
    assert_eq!(env.depth(&env.topology.wait_queue).await, 0);
    assert_eq!(env.drain(&env.topology.outcomes_all_queue).await.len(), 1);
    env.cleanup().await;
}

/// A loopback port nobody listens on (bound, then let go).
fn closed_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[tokio::test]
async fn a_worker_whose_first_endpoint_is_down_connects_through_the_next_and_finishes_its_tickets()
{
    // The first node of the list, stopped.
    let down = closed_port();
    let env = Env::open("endpoints", |settings| {
        settings.amqp.url = format!(
            "amqp://guest:guest@127.0.0.1:{down}/%2f, {}",
            settings.amqp.url.expose()
        )
        .into();
        settings.worker.metrics_listen = "127.0.0.1:0".into();
    })
    .await;
    assert_eq!(env.submit_lines(&example_tickets(5)).await, 5);
    let (w, stop) = env.spawn_worker(Arc::new(RulesModel::new()));
    assert_eq!(
        env.wait_depth(&env.topology.outcomes_all_queue, 5, Duration::from_secs(30))
            .await,
        5
    );
    stop.send(()).unwrap();
    assert_eq!(w.await.unwrap().finished, 5);
    env.cleanup().await;
}

#[tokio::test]
async fn no_endpoint_answering_is_an_error_naming_each_by_position_and_address_and_no_credentials()
{
    let (a, b) = (closed_port(), closed_port());
    let url =
        format!("amqp://guest:s3cret@127.0.0.1:{a}/%2f,amqp://guest:s3cret@127.0.0.1:{b}/%2f");
    let error = format!("{:#}", connect(&url, "test").await.err().unwrap());
    assert!(error.contains("2 endpoint(s)"), "{error}");
    assert!(
        error.contains(&format!("endpoint 1 (127.0.0.1:{a}):"))
            && error.contains(&format!("endpoint 2 (127.0.0.1:{b}):")),
        "{error}"
    );
    assert!(!error.contains("s3cret"), "{error}");
}

#[tokio::test]
async fn redis_not_answering_is_an_error_naming_its_address_and_no_credentials() {
    let port = closed_port();
    let error = ticket_agent::kv::connect(&format!("redis://:s3cret@127.0.0.1:{port}/0"))
        .await
        .err()
        .unwrap()
        .to_string();
    assert!(
        error.contains(&format!("Redis at 127.0.0.1:{port}")),
        "{error}"
    );
    assert!(!error.contains("s3cret"), "{error}");
}

#[tokio::test]
async fn quorum_replicas_are_declared_with_the_queues_when_set() {
    let env = Env::open("replicas", |settings| settings.amqp.quorum_replicas = 1).await;
    // The broker refuses a declaration without the argument a queue was created with,
    // which shows that it was.
    let mut unset = env.settings.amqp.clone();
    unset.quorum_replicas = 0;
    let ch = env.conn.create_channel().await.unwrap();
    let refused = format!(
        "{:#}",
        env.topology.declare(&ch, &unset).await.err().unwrap()
    );
    assert!(refused.contains("x-quorum-initial-group-size"), "{refused}");
    env.cleanup().await;
}

#[tokio::test]
async fn a_classic_outcomes_queue_is_moved_to_quorum_in_place_with_its_records_in_order() {
    use ticket_agent::config::QueueType;
    use ticket_agent::queue::migrate::{holding_queue, migrate_outcomes};
    let env = Env::open("migrate", |settings| {
        settings.amqp.outcomes_queue_type = QueueType::Classic;
    })
    .await;
    let bodies: Vec<String> = (0..5).map(|i| format!("{{\"record\":{i}}}")).collect();
    for body in &bodies {
        ticket_agent::queue::publish_confirmed(
            &env.ch,
            &env.topology.outcomes_exchange,
            "ticket.resolved",
            body.as_bytes(),
            lapin::BasicProperties::default().with_message_id(body.as_str().into()),
        )
        .await
        .unwrap();
    }

    let mut quorum = env.settings.amqp.clone();
    quorum.outcomes_queue_type = QueueType::Quorum;
    let ch = env.conn.create_channel().await.unwrap();
    let refused = format!(
        "{:#}",
        env.topology.declare(&ch, &quorum).await.unwrap_err()
    );
    assert!(refused.contains("--migrate-outcomes"), "{refused}");

    let report = migrate_outcomes(&env.conn, &env.topology, &quorum)
        .await
        .unwrap();
    assert!(report.moved_queue);
    assert_eq!(report.records, 5);
    let ch = env.conn.create_channel().await.unwrap();
    env.topology.declare(&ch, &quorum).await.unwrap();
    // The old type is refused now: the queue really is a quorum queue.
    let classic = format!(
        "{:#}",
        env.topology
            .declare(
                &env.conn.create_channel().await.unwrap(),
                &env.settings.amqp
            )
            .await
            .unwrap_err()
    );
    assert!(classic.contains("x-queue-type"), "{classic}");
    let holding = holding_queue(&env.topology.outcomes_all_queue);
    let probe = env.conn.create_channel().await.unwrap();
    assert!(
        ticket_agent::queue::queue_state(&probe, &holding)
            .await
            .is_err(),
        "the holding queue is gone"
    );

    // Outcomes still reach it through the exchange, after the moved records.
    ticket_agent::queue::publish_confirmed(
        &ch,
        &env.topology.outcomes_exchange,
        "ticket.escalated",
        b"{\"record\":5}",
        lapin::BasicProperties::default(),
    )
    .await
    .unwrap();
    let mut got = Vec::new();
    for _ in 0..6 {
        let m = next_message(
            &ch,
            &env.topology.outcomes_all_queue,
            true,
            Duration::from_secs(5),
            Duration::from_millis(20),
            "a record in outcomes.all",
        )
        .await;
        got.push(String::from_utf8(m.data).unwrap());
    }
    let mut expected = bodies.clone();
    expected.push("{\"record\":5}".into());
    assert_eq!(got, expected);

    let again = migrate_outcomes(&env.conn, &env.topology, &quorum)
        .await
        .unwrap();
    assert!(!again.moved_queue);
    assert_eq!(again.records, 0);
    let mut env = env;
    env.settings.amqp = quorum;
    env.cleanup().await;
}

#[tokio::test]
async fn a_move_interrupted_after_the_old_queue_was_deleted_is_finished_by_running_it_again() {
    use ticket_agent::config::QueueType;
    use ticket_agent::queue::migrate::{holding_queue, migrate_outcomes};
    let env = Env::open("migrate-resume", |settings| {
        settings.amqp.outcomes_queue_type = QueueType::Quorum;
    })
    .await;
    // What a crash between deleting the classic queue and declaring the new one leaves:
    // the records in the holding queue, and no outcomes.all.
    let ch = env.conn.create_channel().await.unwrap();
    ch.queue_delete(
        env.topology.outcomes_all_queue.as_str().into(),
        Default::default(),
    )
    .await
    .unwrap();
    let holding = holding_queue(&env.topology.outcomes_all_queue);
    let mut args = lapin::types::FieldTable::default();
    args.insert(
        "x-queue-type".into(),
        ticket_agent::queue::long_string("quorum"),
    );
    ch.queue_declare(
        holding.as_str().into(),
        lapin::options::QueueDeclareOptions {
            durable: true,
            ..Default::default()
        },
        args,
    )
    .await
    .unwrap();
    for i in 0..3 {
        ticket_agent::queue::publish_confirmed(
            &env.ch,
            "",
            &holding,
            format!("{i}").as_bytes(),
            lapin::BasicProperties::default(),
        )
        .await
        .unwrap();
    }

    let report = migrate_outcomes(&env.conn, &env.topology, &env.settings.amqp)
        .await
        .unwrap();
    assert!(!report.moved_queue);
    assert_eq!(report.records, 3);
    let state = ticket_agent::queue::queue_state(&ch, &env.topology.outcomes_all_queue)
        .await
        .unwrap();
    assert_eq!(state.message_count(), 3);
    env.cleanup().await;
}

#[tokio::test]
async fn a_new_length_cap_for_outcomes_is_applied_in_place_by_the_same_move() {
    use ticket_agent::queue::migrate::migrate_outcomes;
    let env = Env::open("migrate-cap", |settings| {
        settings.amqp.outcomes_max_length = 10;
    })
    .await;
    for i in 0..3 {
        ticket_agent::queue::publish_confirmed(
            &env.ch,
            &env.topology.outcomes_exchange,
            "ticket.resolved",
            format!("{i}").as_bytes(),
            lapin::BasicProperties::default(),
        )
        .await
        .unwrap();
    }
    let mut wider = env.settings.amqp.clone();
    wider.outcomes_max_length = 20;
    let ch = env.conn.create_channel().await.unwrap();
    let refused = format!("{:#}", env.topology.declare(&ch, &wider).await.unwrap_err());
    assert!(refused.contains("x-max-length"), "{refused}");

    let report = migrate_outcomes(&env.conn, &env.topology, &wider)
        .await
        .unwrap();
    assert!(report.moved_queue);
    assert_eq!(report.records, 3);
    let ch = env.conn.create_channel().await.unwrap();
    env.topology.declare(&ch, &wider).await.unwrap();
    let state = ticket_agent::queue::queue_state(&ch, &env.topology.outcomes_all_queue)
        .await
        .unwrap();
    assert_eq!(state.message_count(), 3);
    env.cleanup().await;
}

#[tokio::test]
async fn an_approvals_queue_from_before_its_delivery_limit_is_moved_in_place_with_its_proposals() {
    use ticket_agent::queue::migrate::migrate_approvals;
    let env = Env::open("migrate-approvals", |_| {}).await;
    // approvals.pending as it was declared before it had a delivery limit.
    let ch = env.conn.create_channel().await.unwrap();
    ch.queue_delete(
        env.topology.approvals_pending_queue.as_str().into(),
        Default::default(),
    )
    .await
    .unwrap();
    let mut old = lapin::types::FieldTable::default();
    old.insert(
        "x-queue-type".into(),
        ticket_agent::queue::long_string("quorum"),
    );
    ch.queue_declare(
        env.topology.approvals_pending_queue.as_str().into(),
        lapin::options::QueueDeclareOptions {
            durable: true,
            ..Default::default()
        },
        old,
    )
    .await
    .unwrap();
    ch.queue_bind(
        env.topology.approvals_pending_queue.as_str().into(),
        env.topology.approvals_exchange.as_str().into(),
        "approval.#".into(),
        Default::default(),
        Default::default(),
    )
    .await
    .unwrap();
    for i in 0..3 {
        ticket_agent::queue::publish_confirmed(
            &env.ch,
            &env.topology.approvals_exchange,
            "approval.issue_refund",
            format!("{{\"proposal\":{i}}}").as_bytes(),
            lapin::BasicProperties::default(),
        )
        .await
        .unwrap();
    }
    let refused = format!(
        "{:#}",
        env.topology
            .declare(
                &env.conn.create_channel().await.unwrap(),
                &env.settings.amqp
            )
            .await
            .unwrap_err()
    );
    assert!(refused.contains("--migrate-approvals"), "{refused}");

    let report = migrate_approvals(&env.conn, &env.topology, &env.settings.amqp)
        .await
        .unwrap();
    assert!(report.moved_queue);
    assert_eq!(report.records, 3);
    let ch = env.conn.create_channel().await.unwrap();
    env.topology.declare(&ch, &env.settings.amqp).await.unwrap();
    let mut got = Vec::new();
    for _ in 0..3 {
        let m = next_message(
            &ch,
            &env.topology.approvals_pending_queue,
            true,
            Duration::from_secs(5),
            Duration::from_millis(20),
            "a proposal in approvals.pending",
        )
        .await;
        got.push(String::from_utf8(m.data).unwrap());
    }
    assert_eq!(
        got,
        (0..3)
            .map(|i| format!("{{\"proposal\":{i}}}"))
            .collect::<Vec<_>>()
    );
    let again = migrate_approvals(&env.conn, &env.topology, &env.settings.amqp)
        .await
        .unwrap();
    assert!(!again.moved_queue);
    env.cleanup().await;
}

#[tokio::test]
async fn a_ticket_with_a_nul_is_answered_and_its_proposal_carries_no_control_character() {
    let env = Env::new("nul-ticket").await;
    env.submit_lines(&[r#"{"ticket_id":"NUL-1","customer_id":"C001","order_id":"O1001","subject":"Refund\u0007","body":"The mouse broke.\u0000 Please refund it."}"#.to_string()])
        .await;
    finish_with_a_fresh_worker(&env, 1).await;
    let outcomes = env.drain(&env.topology.outcomes_all_queue).await;
    assert_eq!(outcomes.len(), 1);
    let outcome = &outcomes[0].0;
    assert_eq!(outcome["outcome"], "refund_proposed", "{outcome}");
    let proposals = env.drain(&env.topology.approvals_pending_queue).await;
    assert_eq!(proposals.len(), 1);
    let proposal = &proposals[0].0;
    let text = proposal.to_string();
    // What the approvals store will be asked to hold: no NUL, escaped or not.
    assert!(
        !text.contains("\\u0000") && !text.contains('\u{0}'),
        "{text}"
    );
    assert_eq!(
        proposal["ticket_body"], "The mouse broke. Please refund it.",
        "{proposal}"
    );
    env.cleanup().await;
}

/// Takes every outcome off `outcomes.all`: its body and its `message_id` property.
async fn outcomes_with_message_ids(env: &Env) -> Vec<(serde_json::Value, String)> {
    let mut out = Vec::new();
    while let Some(m) = env
        .ch
        .basic_get(
            env.topology.outcomes_all_queue.as_str().into(),
            lapin::options::BasicGetOptions { no_ack: true },
        )
        .await
        .unwrap()
    {
        let id = m
            .delivery
            .properties
            .message_id()
            .as_ref()
            .map(|i| i.as_str().to_string())
            .unwrap_or_default();
        out.push((serde_json::from_slice(&m.delivery.data).unwrap(), id));
    }
    out
}

/// A message of ticket `ticket`'s thread, as a JSON line.
fn message_line(
    ticket: &str,
    message: Option<&str>,
    order: &str,
    subject: &str,
    body: &str,
) -> String {
    let mut line = serde_json::json!({
        "ticket_id": ticket, "customer_id": "C001", "order_id": order,
        "subject": subject, "body": body,
    });
    if let Some(m) = message {
        line["message_id"] = m.into();
    }
    line.to_string()
}

#[tokio::test]
async fn two_messages_of_one_ticket_are_two_runs_with_two_outcomes_and_a_redelivered_message_is_one()
 {
    let env = Env::new("thread-messages").await;
    let subject = "Where is my keyboard?";
    let first = message_line(
        "TH-1",
        Some("m-1"),
        "O1002",
        subject,
        "Hi, I ordered a mechanical keyboard a few days ago. Any idea when it will arrive?",
    );
    let second = message_line(
        "TH-1",
        Some("m-2"),
        "O1002",
        subject,
        "It still has not arrived. Can you check order O1002 again?",
    );
    env.submit_lines(&[first, second.clone()]).await;
    finish_with_a_fresh_worker(&env, 2).await;
    // The second message once more, as the broker redelivers a message whose ack was
    // lost, or a replay sends it back: it is done, and nothing runs.
    env.submit_lines(&[second]).await;
    finish_with_a_fresh_worker(&env, 2).await;
    assert_eq!(env.records.count_done().await.unwrap(), 2);

    let mut outcomes = outcomes_with_message_ids(&env).await;
    outcomes.sort_by(|a, b| a.1.cmp(&b.1));
    let seen: Vec<(&str, &str, &str)> = outcomes
        .iter()
        .map(|(o, id)| {
            (
                o["ticket_id"].as_str().unwrap(),
                o["message_id"].as_str().unwrap(),
                id.as_str(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [("TH-1", "m-1", "TH-1 m-1"), ("TH-1", "m-2", "TH-1 m-2")],
        "one outcome per message, each under its own message id"
    );
    env.cleanup().await;
}

#[tokio::test]
async fn a_second_message_asking_for_the_same_refund_proposes_the_same_approval_and_moves_money_once()
 {
    let env = Env::new("thread-refund").await;
    // An old sender's ticket (no message id), then the customer's reply on it.
    env.submit_lines(&[
        message_line(
            "REF-1",
            None,
            "O1001",
            "Refund",
            "The mouse broke, please refund it.",
        ),
        message_line(
            "REF-1",
            Some("m-2"),
            "O1001",
            "Refund",
            "Any news? The mouse is still broken and I want my refund.",
        ),
    ])
    .await;
    finish_with_a_fresh_worker(&env, 2).await;
    let outcomes = outcomes_with_message_ids(&env).await;
    assert_eq!(outcomes.len(), 2, "two messages, two runs");
    for (o, _) in &outcomes {
        assert_eq!(o["outcome"], "refund_proposed", "{o}");
    }
    let mut ids: Vec<&str> = outcomes.iter().map(|(_, id)| id.as_str()).collect();
    ids.sort();
    assert_eq!(ids, ["REF-1", "REF-1 m-2"]);
    assert_eq!(
        outcomes[0].0["approval_ids"], outcomes[1].0["approval_ids"],
        "the second message proposes the very approval the first did"
    );
    let approvals: Vec<ApprovalMessage> = env
        .drain(&env.topology.approvals_pending_queue)
        .await
        .into_iter()
        .map(|(a, _)| serde_json::from_value(a).unwrap())
        .collect();
    assert_eq!(approvals.len(), 2);
    assert_eq!(approvals[0].approval_id, approvals[1].approval_id);
    assert_eq!(
        approvals[0].arguments["idempotency_key"],
        approvals[1].arguments["idempotency_key"]
    );
    // A reviewer approving both proposals moves money once.
    let shop = EmbeddedBackend::new(World::fixture());
    let (outbox, store) = (MemoryOutbox::default(), MemoryStore::new());
    let fx = Effects {
        backend: &shop,
        outbox: &outbox,
        store: &store,
        lease: Duration::from_secs(10),
        result_ttl: Duration::from_secs(60),
    };
    for a in &approvals {
        execute_approved(&a.action().unwrap(), &fx).await.unwrap();
    }
    assert_eq!(shop.refunds_executed(), 1);
    env.cleanup().await;
}
