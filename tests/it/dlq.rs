//! The dead-letter queue commands (`src/queue/dlq.rs`, `ticket-agent dlq …`) against the
//! local RabbitMQ (127.0.0.1:5672) and Redis (127.0.0.1:6379). Every test declares its
//! own topology under a unique prefix and deletes it, with its Redis keys, when it ends.
//! The claims proven: browsing loses nothing; a replay after the cause is fixed runs
//! the ticket once; a replay cut short after a confirm but before its ack leaves every
//! letter dead or replayed, never neither; replaying twice runs nothing twice;
//! `worker.max_replays` is respected; a dry run moves nothing; purge removes only what
//! is old enough.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::Flaky;
use crate::common::broker::Env;
use chrono::Utc;
use lapin::BasicProperties;
use lapin::options::{BasicGetOptions, BasicNackOptions};
use lapin::types::{AMQPValue, FieldTable};
use serde_json::Value;
use ticket_agent::config::Settings;
use ticket_agent::model::rules::RulesModel;
use ticket_agent::queue::dlq::{
    self, Browser, DeadLetter, H_FIRST_DEAD_AT, RESEAT_AFTER_RETURNS, ReplayAction, ReplayReport,
    Selection,
};
use ticket_agent::queue::records::DoneRecord;
use ticket_agent::queue::{
    confirm_channel, connect, header_int, header_str, long_string, publish_confirmed, submit,
};

/// This file's corners, and the dead-letter helpers only it uses.
impl Env {
    /// A test's own corner under `ta-test-dlq-{name}-…`, with three retry tiers.
    async fn dlq(name: &str) -> Env {
        Self::with(name, |s| {
            s.worker.retry_delays_ms = vec![300, 600, 900];
        })
        .await
    }

    /// A test's own corner under `ta-test-dlq-{name}-…`: three attempts, three replays,
    /// no metrics listener, then `tweak`.
    async fn with(name: &str, tweak: impl FnOnce(&mut Settings)) -> Env {
        Env::open(&format!("dlq-{name}"), |settings| {
            settings.worker.max_attempts = 3;
            settings.worker.concurrency = 8;
            settings.worker.lease_secs = 10;
            settings.worker.max_replays = 3;
            // Workers run side by side here: none serves metrics.
            settings.worker.metrics_listen = String::new();
            settings.agent.max_body_bytes = 2048;
            tweak(settings);
        })
        .await
    }

    /// The ticket ids in the dead queue, read with `dlq::list` (which removes nothing).
    async fn dead_ids(&self) -> Vec<String> {
        self.settled_depth(&self.topology.dead_queue).await;
        let mut ids: Vec<String> = dlq::list(&self.ch, &self.topology, usize::MAX, None)
            .await
            .unwrap()
            .into_iter()
            .map(|l| l.ticket_id.unwrap_or_default())
            .collect();
        ids.sort();
        ids
    }

    /// The message ids in the tickets queue, read on a channel of their own that is
    /// closed unacked, so that every message goes back.
    async fn ticket_ids(&self) -> Vec<String> {
        self.settled_depth(&self.topology.tickets_queue).await;
        let ch = self.conn.create_channel().await.unwrap();
        let mut ids = Vec::new();
        while let Some(m) = ch
            .basic_get(
                self.topology.tickets_queue.as_str().into(),
                BasicGetOptions::default(),
            )
            .await
            .unwrap()
        {
            ids.push(
                m.delivery
                    .properties
                    .message_id()
                    .as_ref()
                    .unwrap()
                    .to_string(),
            );
        }
        ch.close(200, "peeked".into()).await.unwrap();
        ids.sort();
        ids
    }

    /// Puts a dead letter into the dead queue exactly as the worker makes one.
    async fn dead_letter(&self, id: &str, reason: &str, dead_at: chrono::DateTime<Utc>) {
        self.dead_letter_with(id, reason, dead_at, &[]).await;
    }

    async fn dead_letter_with(
        &self,
        id: &str,
        reason: &str,
        dead_at: chrono::DateTime<Utc>,
        extra: &[(&str, AMQPValue)],
    ) {
        let mut headers = FieldTable::default();
        headers.insert("x-attempt".into(), AMQPValue::LongInt(3));
        headers.insert("x-submitted-at".into(), long_string(&dead_at.to_rfc3339()));
        headers.insert("x-dead-reason".into(), long_string(reason));
        headers.insert(
            "x-last-error".into(),
            long_string("3 attempts; last error: HTTP 529 overloaded"),
        );
        headers.insert("x-dead-at".into(), long_string(&dead_at.to_rfc3339()));
        for (k, v) in extra {
            headers.insert((*k).into(), v.clone());
        }
        let props = BasicProperties::default()
            .with_message_id(id.into())
            .with_correlation_id(id.into())
            .with_headers(headers);
        publish_confirmed(
            &self.ch,
            &self.topology.dead_exchange,
            "",
            ticket_json(id).as_bytes(),
            props,
        )
        .await
        .unwrap();
    }

    async fn replay(&self, selection: Selection, dry_run: bool) -> ReplayReport {
        dlq::replay(
            &self.ch,
            &self.topology,
            &self.records,
            &selection,
            dry_run,
            self.settings.worker.max_replays,
        )
        .await
        .unwrap()
    }
}

fn ticket_json(id: &str) -> String {
    serde_json::json!({
        "ticket_id": id,
        "customer_id": "C001",
        "order_id": "O1001",
        "subject": "Refund request",
        "body": "The wireless mouse stopped working after a week. I'd like a refund please."
    })
    .to_string()
}

fn all() -> Selection {
    Selection {
        all: true,
        ..Default::default()
    }
}

fn actions(report: &ReplayReport) -> Vec<(String, ReplayAction)> {
    report
        .entries
        .iter()
        .map(|e| (e.ticket_id.clone().unwrap_or_default(), e.action.clone()))
        .collect()
}

/// Runs a working worker until `outcomes` outcomes are out, stops it, and checks that no
/// copy is left that could still run (a duplicate is then among the outcomes or
/// nowhere); returns the ticket ids of all outcomes.
async fn process_with_a_working_worker(env: &Env, outcomes: u32) -> Vec<String> {
    let (w, stop) = env.spawn_worker(Arc::new(RulesModel::new()));
    assert_eq!(
        env.wait_depth(
            &env.topology.outcomes_all_queue,
            outcomes,
            Duration::from_secs(30)
        )
        .await,
        outcomes
    );
    stop.send(()).unwrap();
    w.await.unwrap();
    env.assert_no_ticket_left().await;
    let mut ids: Vec<String> = env
        .drain(&env.topology.outcomes_all_queue)
        .await
        .iter()
        .map(|(o, _)| o["ticket_id"].as_str().unwrap().to_string())
        .collect();
    ids.sort();
    ids
}

#[tokio::test]
async fn a_ticket_dead_from_a_model_outage_is_listed_with_its_reason_and_after_the_fix_a_replay_runs_it_once()
 {
    let env = Env::dlq("outage").await;
    let report = submit::submit(&env.ch, &env.topology, &ticket_json("D-1"), 2048, 10)
        .await
        .unwrap();
    assert_eq!(report.published, 1);
    env.publish_raw(b"this is not json").await;

    // The model is down: the ticket dies after its three attempts, the poison at once.
    let down = Flaky::new(usize::MAX);
    let (w, stop) = env.spawn_worker(down.clone());
    assert_eq!(
        env.wait_depth(&env.topology.dead_queue, 2, Duration::from_secs(30))
            .await,
        2
    );
    stop.send(()).unwrap();
    w.await.unwrap();
    assert_eq!(down.calls.lock().unwrap()["D-1"], 3);

    let letters = dlq::list(&env.ch, &env.topology, 10, None).await.unwrap();
    assert_eq!(letters.len(), 2);
    let d1 = letters
        .iter()
        .find(|l| l.ticket_id.as_deref() == Some("D-1"))
        .unwrap();
    assert_eq!(d1.reason, "max_attempts");
    assert_eq!(d1.attempts, 3);
    assert_eq!(d1.replays, 0);
    assert_eq!(d1.subject.as_deref(), Some("Refund request"));
    assert!(d1.last_error.as_deref().unwrap().contains("overloaded"));
    let died = d1.last_dead_at.unwrap();
    assert!(Utc::now() - died < chrono::Duration::minutes(1));
    assert_eq!(d1.first_dead_at, Some(died));
    let poison = letters.iter().find(|l| l.ticket_id.is_none()).unwrap();
    assert_eq!(poison.reason, "not_json");
    assert!(poison.subject.is_none());

    // Browsing removes nothing, and the reason filter works.
    let not_json = dlq::list(&env.ch, &env.topology, 10, Some("not_json"))
        .await
        .unwrap();
    assert_eq!(not_json.len(), 1);
    assert_eq!(env.settled_depth(&env.topology.dead_queue).await, 2);

    let shown = dlq::show(&env.ch, &env.topology, "D-1")
        .await
        .unwrap()
        .unwrap();
    assert!(shown.body.as_deref().unwrap().contains("wireless mouse"));
    let headers = shown.headers.unwrap();
    assert_eq!(headers["x-dead-reason"], "max_attempts");
    assert_eq!(headers["x-attempt"], 3);
    assert!(
        dlq::show(&env.ch, &env.topology, "NOPE")
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(env.settled_depth(&env.topology.dead_queue).await, 2);

    // The model is back: replay the ticket (not the poison) and it runs once.
    let report = env
        .replay(
            Selection {
                reason: Some("max_attempts".into()),
                ..Default::default()
            },
            false,
        )
        .await;
    assert_eq!(
        actions(&report),
        [(
            "D-1".to_string(),
            ReplayAction::Replayed { replay_count: 1 }
        )]
    );
    assert_eq!(report.not_selected, 1);
    assert!(report.stopped.is_none());
    assert_eq!(process_with_a_working_worker(&env, 1).await, ["D-1"]);
    assert_eq!(env.records.count_done().await.unwrap(), 1);
    assert_eq!(
        env.depth(&env.topology.approvals_pending_queue).await,
        1,
        "one approval for the one refund"
    );
    let left = dlq::list(&env.ch, &env.topology, 10, None).await.unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].reason, "not_json");
    env.cleanup().await;
}

#[tokio::test]
async fn a_replay_cut_off_after_a_confirm_but_before_its_ack_leaves_every_letter_dead_or_replayed()
{
    let env = Env::dlq("interrupted").await;
    let ids: Vec<String> = (0..5).map(|i| format!("I-{i}")).collect();
    for id in &ids {
        env.dead_letter(id, "max_attempts", Utc::now()).await;
    }

    // A replay on its own connection: two letters go through completely...
    let conn = connect(env.settings.amqp.url.expose(), "replayer")
        .await
        .unwrap();
    let ch = confirm_channel(&conn).await.unwrap();
    let report = dlq::replay(
        &ch,
        &env.topology,
        &env.records,
        &Selection {
            limit: Some(2),
            ..all()
        },
        false,
        3,
    )
    .await
    .unwrap();
    assert_eq!(report.replayed(), 2);
    // ...and the third is published and confirmed, then the process dies before the ack.
    let mut pass = Browser::open(&ch, &env.topology).await.unwrap();
    let third = pass.next().await.unwrap().unwrap();
    let third_id = third.letter.ticket_id.clone().unwrap();
    dlq::republish(&ch, &env.topology, &third).await.unwrap();
    conn.close(320, "killed".into()).await.unwrap();
    drop(pass);

    let dead = env.dead_ids().await;
    let queued = env.ticket_ids().await;
    assert_eq!(
        dead.len() + queued.len(),
        6,
        "dead {dead:?}, queued {queued:?}"
    );
    for id in &ids {
        assert!(
            dead.contains(id) || queued.contains(id),
            "{id} is neither dead nor replayed"
        );
    }
    assert!(
        dead.contains(&third_id) && queued.contains(&third_id),
        "the interrupted one is both"
    );

    // The three replayed tickets run; the next replay finds the third done and only
    // removes its dead copy, and replays the last two.
    let first = process_with_a_working_worker(&env, 3).await;
    assert_eq!(first.len(), 3);
    let report = env.replay(all(), false).await;
    let done: Vec<_> = actions(&report)
        .into_iter()
        .filter(|(_, a)| matches!(a, ReplayAction::AlreadyDone { .. }))
        .map(|(id, _)| id)
        .collect();
    assert_eq!(done, std::slice::from_ref(&third_id));
    assert_eq!(report.replayed(), 2);
    let second = process_with_a_working_worker(&env, 2).await;
    let every: HashSet<String> = first.iter().chain(&second).cloned().collect();
    assert_eq!(every.len(), 5, "five tickets, one outcome each");
    assert_eq!(first.len() + second.len(), 5);
    assert_eq!(env.records.count_done().await.unwrap(), 5);
    assert_eq!(env.settled_depth(&env.topology.dead_queue).await, 0);
    env.cleanup().await;
}

#[tokio::test]
async fn a_replay_dropped_mid_pass_still_accounts_for_every_letter_and_names_the_one_in_both() {
    let env = Env::dlq("dropped").await;
    let n = 120;
    for i in 0..n {
        env.dead_letter(&format!("D-{i}"), "max_attempts", Utc::now())
            .await;
    }
    let conn = connect(env.settings.amqp.url.expose(), "replayer")
        .await
        .unwrap();
    let ch = confirm_channel(&conn).await.unwrap();
    let mut report = ReplayReport::default();
    let selection = all();
    // Cut off, as a Ctrl-C does, once a few letters have reached the tickets queue.
    let interrupted = {
        let work = dlq::replay_into(
            &ch,
            &env.topology,
            &env.records,
            &selection,
            false,
            3,
            &mut report,
        );
        let cut = async {
            while env.depth(&env.topology.tickets_queue).await < 3 {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        };
        tokio::select! {
            r = work => { r.unwrap(); false }
            () = cut => true,
        }
    };
    assert!(
        interrupted,
        "the pass finished before the cut: {} replayed",
        report.replayed()
    );
    conn.close(200, "interrupted".into()).await.unwrap();

    let dead = env.dead_ids().await;
    let queued = env.ticket_ids().await;
    let replayed: Vec<&str> = report
        .entries
        .iter()
        .filter(|e| matches!(e.action, ReplayAction::Replayed { .. }))
        .filter_map(|e| e.ticket_id.as_deref())
        .collect();
    // The cut fires once three copies are in the tickets queue; the third one's confirm
    // may not have come back yet, and then it is the letter named as in both queues.
    let accounted = replayed.len() + usize::from(report.in_both_queues.is_some());
    assert!(
        accounted >= 3 && replayed.len() < n,
        "{} replayed, in both: {:?}",
        replayed.len(),
        report.in_both_queues
    );
    // Nothing lost; at most the named letter is in both queues.
    for i in 0..n {
        let id = format!("D-{i}");
        let (d, q) = (dead.contains(&id), queued.contains(&id));
        assert!(d || q, "{id} is neither dead nor replayed");
        if d && q {
            assert_eq!(report.in_both_queues.as_deref(), Some(id.as_str()));
        }
    }
    // What the report calls replayed and settled is in the tickets queue and not dead.
    for id in &replayed {
        let id = id.to_string();
        assert!(
            queued.contains(&id),
            "{id} reported replayed but not queued"
        );
        if report.in_both_queues.as_deref() != Some(id.as_str()) {
            assert!(!dead.contains(&id), "{id} reported replayed but still dead");
        }
    }
    assert!(dead.len() + queued.len() <= n + 1);
    env.cleanup().await;
}

#[tokio::test]
async fn replaying_twice_runs_nothing_twice() {
    let env = Env::dlq("twice").await;
    for id in ["R-1", "R-2", "R-3", "R-3"] {
        env.dead_letter(id, "max_attempts", Utc::now()).await;
    }
    let report = env.replay(all(), false).await;
    assert_eq!(report.replayed(), 3);
    assert_eq!(
        report.count(|a| matches!(a, ReplayAction::Duplicate)),
        1,
        "the second dead copy of R-3 is removed, not replayed"
    );
    assert_eq!(env.settled_depth(&env.topology.dead_queue).await, 0);
    assert_eq!(
        process_with_a_working_worker(&env, 3).await,
        ["R-1", "R-2", "R-3"]
    );

    // Nothing left to replay.
    assert!(env.replay(all(), false).await.entries.is_empty());
    // Dead copies left over (as after a replay cut off before its acks) are found done.
    for id in ["R-1", "R-2"] {
        env.dead_letter(id, "max_attempts", Utc::now()).await;
    }
    let report = env.replay(all(), false).await;
    assert_eq!(
        report.count(
            |a| matches!(a, ReplayAction::AlreadyDone { outcome } if outcome == "refund_proposed")
        ),
        2
    );
    assert_eq!(report.replayed(), 0);
    assert_eq!(env.settled_depth(&env.topology.dead_queue).await, 0);
    assert_eq!(env.settled_depth(&env.topology.tickets_queue).await, 0);
    assert_eq!(env.records.count_done().await.unwrap(), 3);
    assert_eq!(env.depth(&env.topology.outcomes_all_queue).await, 0);
    env.cleanup().await;
}

#[tokio::test]
async fn a_letter_replayed_max_replays_times_is_skipped_and_stays_dead_while_others_replay_as_fresh_tickets()
 {
    let env = Env::dlq("max-replays").await;
    let long_ago = Utc::now() - chrono::Duration::days(3);
    env.dead_letter_with(
        "M-1",
        "max_attempts",
        Utc::now(),
        &[("x-replay-count", AMQPValue::LongInt(3))],
    )
    .await;
    env.dead_letter_with(
        "M-2",
        "max_attempts",
        Utc::now(),
        &[
            ("x-replay-count", AMQPValue::LongInt(2)),
            (H_FIRST_DEAD_AT, long_string(&long_ago.to_rfc3339())),
        ],
    )
    .await;
    let report = env.replay(all(), false).await;
    assert_eq!(
        actions(&report),
        [
            (
                "M-1".to_string(),
                ReplayAction::TooManyReplays { replays: 3 }
            ),
            (
                "M-2".to_string(),
                ReplayAction::Replayed { replay_count: 3 }
            ),
        ]
    );
    assert_eq!(env.dead_ids().await, ["M-1"]);

    // The replayed copy is a fresh ticket delivery, with its history kept.
    let m = env
        .ch
        .basic_get(
            env.topology.tickets_queue.as_str().into(),
            BasicGetOptions { no_ack: true },
        )
        .await
        .unwrap()
        .unwrap()
        .delivery;
    let h = m.properties.headers().as_ref();
    assert_eq!(m.data, ticket_json("M-2").as_bytes());
    assert_eq!(m.properties.message_id().as_ref().unwrap().as_str(), "M-2");
    assert_eq!(header_int(h, "x-attempt"), Some(1));
    assert_eq!(header_int(h, "x-replay-count"), Some(3));
    for gone in ["x-dead-reason", "x-dead-at", "x-last-error", "x-death"] {
        assert!(
            !h.unwrap().inner().contains_key(gone),
            "{gone} is not carried"
        );
    }
    assert!(header_str(h, "x-submitted-at").is_some());
    let first = header_str(h, H_FIRST_DEAD_AT).unwrap();
    assert_eq!(
        chrono::DateTime::parse_from_rfc3339(&first)
            .unwrap()
            .timestamp(),
        long_ago.timestamp()
    );

    // With max_replays 0, replay is off.
    let report = dlq::replay(&env.ch, &env.topology, &env.records, &all(), false, 0)
        .await
        .unwrap();
    assert_eq!(
        report.count(|a| matches!(a, ReplayAction::TooManyReplays { .. })),
        1
    );
    assert_eq!(env.dead_ids().await, ["M-1"]);
    env.cleanup().await;
}

#[tokio::test]
async fn a_dry_run_moves_nothing_and_reports_what_would_happen() {
    let env = Env::dlq("dry-run").await;
    env.dead_letter("Y-done", "max_attempts", Utc::now()).await;
    env.dead_letter_with(
        "Y-tired",
        "max_attempts",
        Utc::now(),
        &[("x-replay-count", AMQPValue::LongInt(5))],
    )
    .await;
    env.dead_letter("Y-fresh", "max_attempts", Utc::now()).await;
    env.dead_letter("Y-other", "invalid_ticket", Utc::now())
        .await;
    // As a worker finishes a ticket (this token holds no lease, so none is released).
    env.records
        .finish(
            "Y-done",
            &DoneRecord {
                outcome: "resolved".into(),
                attempt: 1,
                worker_id: "test".into(),
                done_at: Utc::now(),
            },
            Duration::from_secs(60),
            "test-token",
        )
        .await
        .unwrap();
    let before: Vec<DeadLetter> = dlq::list(&env.ch, &env.topology, 10, None).await.unwrap();

    let report = env
        .replay(
            Selection {
                reason: Some("max_attempts".into()),
                ids: vec![
                    "Y-done".into(),
                    "Y-tired".into(),
                    "Y-fresh".into(),
                    "Y-gone".into(),
                ],
                ..Default::default()
            },
            true,
        )
        .await;
    assert!(report.dry_run);
    assert_eq!(
        actions(&report),
        [
            (
                "Y-done".to_string(),
                ReplayAction::AlreadyDone {
                    outcome: "resolved".into()
                }
            ),
            (
                "Y-tired".to_string(),
                ReplayAction::TooManyReplays { replays: 5 }
            ),
            (
                "Y-fresh".to_string(),
                ReplayAction::WouldReplay { replay_count: 1 }
            ),
        ]
    );
    assert_eq!(report.not_selected, 1);
    assert_eq!(report.missing_ids, ["Y-gone"]);
    assert_eq!(env.settled_depth(&env.topology.tickets_queue).await, 0);
    let after: Vec<DeadLetter> = dlq::list(&env.ch, &env.topology, 10, None).await.unwrap();
    let strip = |v: Vec<DeadLetter>| {
        let mut v: Vec<_> = v
            .into_iter()
            .map(|l| DeadLetter { returns: 0, ..l })
            .collect();
        v.sort_by(|a, b| a.ticket_id.cmp(&b.ticket_id));
        v
    };
    assert_eq!(strip(before), strip(after), "every letter as it was");
    env.cleanup().await;
}

/// Makes a dead letter the broker's way: a ticket put back more often than the tickets
/// queue's delivery limit (1 here).
async fn broker_dead_letter(env: &Env, id: &str) {
    submit::submit(&env.ch, &env.topology, &ticket_json(id), 2048, 10)
        .await
        .unwrap();
    let dead_before = env.settled_depth(&env.topology.dead_queue).await;
    let start = Instant::now();
    while env.depth(&env.topology.dead_queue).await == dead_before {
        assert!(start.elapsed() < Duration::from_secs(10));
        if let Some(m) = env
            .ch
            .basic_get(
                env.topology.tickets_queue.as_str().into(),
                BasicGetOptions::default(),
            )
            .await
            .unwrap()
        {
            m.delivery
                .acker
                .nack(BasicNackOptions {
                    requeue: true,
                    ..Default::default()
                })
                .await
                .unwrap();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn purge_removes_only_the_letters_older_than_the_cutoff_and_of_the_reason_asked() {
    let env = Env::with("purge", |s| {
        s.worker.retry_delays_ms = vec![300];
        s.amqp.delivery_limit = 1;
    })
    .await;
    let days_ago = Utc::now() - chrono::Duration::days(10);
    env.dead_letter("OLD-1", "max_attempts", days_ago).await;
    env.dead_letter("OLD-2", "invalid_ticket", days_ago).await;
    env.dead_letter(
        "NEW-1",
        "max_attempts",
        Utc::now() - chrono::Duration::hours(1),
    )
    .await;
    broker_dead_letter(&env, "BRK-1").await;

    let letters = dlq::list(&env.ch, &env.topology, 10, None).await.unwrap();
    let brk = letters
        .iter()
        .find(|l| l.ticket_id.as_deref() == Some("BRK-1"))
        .unwrap();
    assert_eq!(brk.reason, "delivery_limit");
    assert!(Utc::now() - brk.last_dead_at.unwrap() < chrono::Duration::minutes(1));

    let week = Duration::from_secs(7 * 86400);
    assert_eq!(
        dlq::purge(&env.ch, &env.topology, week, Some("invalid_ticket"))
            .await
            .unwrap(),
        1
    );
    assert_eq!(env.dead_ids().await, ["BRK-1", "NEW-1", "OLD-1"]);
    assert_eq!(
        dlq::purge(&env.ch, &env.topology, week, None)
            .await
            .unwrap(),
        1
    );
    assert_eq!(env.dead_ids().await, ["BRK-1", "NEW-1"]);
    assert_eq!(
        dlq::purge(&env.ch, &env.topology, Duration::from_secs(1800), None)
            .await
            .unwrap(),
        1
    );
    assert_eq!(env.dead_ids().await, ["BRK-1"]);
    env.cleanup().await;
}

#[tokio::test]
async fn a_letter_browsed_again_and_again_is_reseated_before_a_delivery_limit_could_drop_it() {
    let env = Env::with("reseat", |s| {
        s.worker.retry_delays_ms = vec![300];
        s.amqp.delivery_limit = 1;
    })
    .await;
    broker_dead_letter(&env, "B-1").await;
    let mut returns = Vec::new();
    for _ in 0..(RESEAT_AFTER_RETURNS + 3) {
        let letters = dlq::list(&env.ch, &env.topology, 10, None).await.unwrap();
        assert_eq!(letters.len(), 1, "nothing lost, nothing doubled");
        assert_eq!(letters[0].reason, "delivery_limit");
        assert_eq!(letters[0].ticket_id.as_deref(), Some("B-1"));
        returns.push(letters[0].returns);
    }
    assert!(
        returns.iter().all(|r| *r < RESEAT_AFTER_RETURNS),
        "{returns:?}"
    );
    assert!(
        returns.windows(2).any(|w| w[1] < w[0]),
        "the count was reset: {returns:?}"
    );
    let shown = dlq::show(&env.ch, &env.topology, "B-1")
        .await
        .unwrap()
        .unwrap();
    let h = shown.headers.unwrap();
    assert_eq!(
        h["x-dead-reason"], "delivery_limit",
        "the reason no longer depends on x-death"
    );
    assert!(h["x-dead-at"].is_string());
    env.cleanup().await;
}

#[tokio::test]
async fn the_command_line_lists_replays_and_refuses_what_it_must() {
    // The binary declares the default retry tiers: so does this topology.
    let env = Env::with("cli", |_| {}).await;
    env.dead_letter("C-1", "max_attempts", Utc::now()).await;
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_ticket-agent"))
            .args(args)
            .env("TICKET_AGENT__AMQP__PREFIX", &env.settings.amqp.prefix)
            .env(
                "TICKET_AGENT__REDIS__KEY_PREFIX",
                &env.settings.redis.key_prefix,
            )
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };

    let out = run(&["dlq", "list", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let listed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(listed[0]["ticket_id"], "C-1");
    assert_eq!(listed[0]["reason"], "max_attempts");

    let out = run(&["dlq", "list"]);
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.starts_with("ticket"), "{table}");
    assert!(table.contains("C-1") && table.contains("Refund request"));

    let out = run(&["dlq", "show", "C-1"]);
    let shown: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(shown["headers"]["x-dead-reason"], "max_attempts");

    let out = run(&["dlq", "replay"]);
    assert!(!out.status.success(), "no selection is refused");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--id"));

    let out = run(&["dlq", "replay", "--id", "C-1", "--dry-run"]);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("would replay"));

    let out = run(&["dlq", "purge", "--older-than", "7d"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--yes"));
    let out = run(&["dlq", "purge", "--older-than", "soon", "--yes"]);
    assert!(!out.status.success(), "not a duration");
    let out = run(&["dlq", "purge", "--older-than", "0s", "--yes"]);
    assert!(out.status.success(), "{out:?}");

    assert_eq!(env.settled_depth(&env.topology.dead_queue).await, 0);
    assert_eq!(env.settled_depth(&env.topology.tickets_queue).await, 0);
    env.cleanup().await;
}
