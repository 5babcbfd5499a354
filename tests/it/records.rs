//! The worker's Redis records against the local Redis (127.0.0.1:6379) and against a
//! Redis Cluster of three masters (tests/common/redis_cluster.rs), each test under its
//! own key prefix, deleted when it ends: the two scripts that start and end a delivery
//! keep the guarantees the separate commands kept, and on a cluster a ticket's keys
//! share a slot so that the scripts may touch them together.

use crate::common;

use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use ticket_agent::kv::Target;
use ticket_agent::model::rules::RulesModel;
use ticket_agent::queue::messages::{Finished, Sealed};
use ticket_agent::queue::records::{Begin, DoneRecord, TicketRecords};

async fn records(name: &str, target: &Target) -> TicketRecords {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let prefix = format!("ta-test-records-{name}-{}-{nanos}", std::process::id());
    TicketRecords::connect(target, &prefix)
        .await
        .unwrap_or_else(|e| panic!("Redis must answer at {target:?} for this test: {e}"))
}

fn done_record(outcome: &str) -> DoneRecord {
    DoneRecord {
        outcome: outcome.into(),
        attempt: 1,
        worker_id: "w-test".into(),
        done_at: Utc::now(),
    }
}

async fn finished(id: &str) -> Finished {
    let (agent, _) = common::agent_with(Arc::new(RulesModel::new())).await;
    let ticket = common::ticket(
        id,
        "C001",
        Some("O1001"),
        "Where is my order?",
        "Hi, where is order O1001?",
    );
    let run = agent.run(&ticket).await.unwrap();
    Finished::from_run(&ticket, &run, 1, "w-test", Utc::now())
}

const LEASE: Duration = Duration::from_secs(30);
const TTL: Duration = Duration::from_secs(300);

async fn the_first_delivery_takes_the_lease_and_a_second_one_is_told_it_is_busy_and_for_how_long(
    target: Target,
) {
    let r = records("busy", &target).await;
    assert_eq!(
        r.begin("T1", "a", LEASE).await.unwrap(),
        Begin::Leased { recorded: None }
    );
    // Busy, with what the holder's lease has left: the wait before looking again.
    match r.begin("T1", "b", LEASE).await.unwrap() {
        Begin::Busy { lease_left } => assert!(
            lease_left > LEASE - Duration::from_secs(5) && lease_left <= LEASE,
            "{lease_left:?}"
        ),
        other => panic!("expected busy, got {other:?}"),
    }
    // Given back, it can be taken again.
    r.release_lease("T1", "a").await.unwrap();
    assert_eq!(
        r.begin("T1", "b", LEASE).await.unwrap(),
        Begin::Leased { recorded: None }
    );
    r.delete_all().await.unwrap();
}

async fn a_recorded_result_comes_back_with_the_lease_so_the_agent_does_not_run_again(
    target: Target,
) {
    let r = records("recorded", &target).await;
    assert!(matches!(
        r.begin("T2", "a", LEASE).await.unwrap(),
        Begin::Leased { recorded: None }
    ));
    let first = finished("T2").await;
    let sealed = Sealed::from(first.clone());
    assert_eq!(r.record_result("T2", &sealed, TTL).await.unwrap(), None);
    let mut second = first.clone();
    second.outcome.worker_id = "w-later".into();
    assert_eq!(
        r.record_result("T2", &Sealed::from(second), TTL)
            .await
            .unwrap(),
        Some(first.clone()),
        "a second result does not replace the first, which comes back instead"
    );
    // The worker crashed before its done record; its lease ran out (released here).
    r.release_lease("T2", "a").await.unwrap();
    assert_eq!(
        r.begin("T2", "b", LEASE).await.unwrap(),
        Begin::Leased {
            recorded: Some(first)
        }
    );
    r.delete_all().await.unwrap();
}

async fn finishing_writes_the_done_record_once_and_gives_the_lease_back(target: Target) {
    let r = records("finish", &target).await;
    assert!(matches!(
        r.begin("T3", "a", LEASE).await.unwrap(),
        Begin::Leased { .. }
    ));
    r.finish("T3", &done_record("resolved"), TTL, "a")
        .await
        .unwrap();
    // The done record wins over everything, even with nobody holding the lease.
    match r.begin("T3", "b", LEASE).await.unwrap() {
        Begin::Done(d) => assert_eq!(d.outcome, "resolved"),
        other => panic!("expected the done record, got {other:?}"),
    }
    // A second finish keeps the first record.
    r.finish("T3", &done_record("escalated"), TTL, "b")
        .await
        .unwrap();
    assert_eq!(r.done("T3").await.unwrap().unwrap().outcome, "resolved");
    assert_eq!(r.count_done().await.unwrap(), 1);
    r.delete_all().await.unwrap();
}

async fn finishing_does_not_release_a_lease_that_another_worker_holds_now(target: Target) {
    let r = records("foreign", &target).await;
    assert!(matches!(
        r.begin("T4", "a", LEASE).await.unwrap(),
        Begin::Leased { .. }
    ));
    // Worker a's lease ran out and worker b took the ticket; a then finishes late.
    r.release_lease("T4", "a").await.unwrap();
    assert!(matches!(
        r.begin("T4", "b", LEASE).await.unwrap(),
        Begin::Leased { .. }
    ));
    r.finish("T4", &done_record("resolved"), TTL, "a")
        .await
        .unwrap();
    // b's lease is untouched: a third worker would still be told the ticket is done,
    // and b can still extend its lease.
    assert!(r.extend_lease("T4", "b", LEASE).await.unwrap());
    assert!(!r.extend_lease("T4", "a", LEASE).await.unwrap());
    r.delete_all().await.unwrap();
}

async fn a_done_record_that_does_not_parse_is_an_error_not_a_run(target: Target) {
    let r = records("corrupt", &target).await;
    let mut c = ticket_agent::kv::connect(&target).await.unwrap();
    let key = format!("{}:done:{{T5}}", r.prefix());
    let _: () = redis::cmd("SET")
        .arg(&key)
        .arg("not json")
        .query_async(&mut c)
        .await
        .unwrap();
    assert!(r.begin("T5", "a", LEASE).await.is_err());
    r.delete_all().await.unwrap();
}

async fn records_spread_over_every_master_are_all_found_by_the_scans_and_deleted(target: Target) {
    let r = records("scans", &target).await;
    let ids: Vec<String> = (0..200).map(|i| format!("S-{i}")).collect();
    for id in &ids {
        assert!(matches!(
            r.begin(id, "w1-token", LEASE).await.unwrap(),
            Begin::Leased { .. }
        ));
    }
    for id in &ids[..120] {
        r.finish(id, &done_record("resolved"), TTL, "w1-token")
            .await
            .unwrap();
    }
    assert_eq!(r.count_done().await.unwrap(), 120);
    assert_eq!(r.count_done_among(&ids).await.unwrap(), 120);
    let mut held = r.leased_by("w1").await.unwrap();
    held.sort();
    let mut expected = ids[120..].to_vec();
    expected.sort();
    assert_eq!(held, expected);
    r.delete_all().await.unwrap();
    assert_eq!(r.count_done().await.unwrap(), 0);
    assert!(r.leased_by("w1").await.unwrap().is_empty());
}

/// Each test above, once on one Redis and once on a Redis Cluster.
async fn a_thread_keeps_its_newest_messages_once_each_and_each_approval_in_its_latest_state(
    target: Target,
) {
    use ticket_agent::domain::outcome::OutcomeKind;
    use ticket_agent::domain::thread::{ApprovalEvent, ApprovalStatus, Entry, EventKind};
    use ticket_agent::threads::{Exchange, MAX_STORED};
    let r = records("thread", &target).await;
    let threads = r.threads(TTL);
    let start: chrono::DateTime<Utc> = "2026-11-20T09:00:00Z".parse().unwrap();
    let exchange = |n: i64| Exchange {
        message: Entry::Customer {
            message_id: Some(format!("m-{n}")),
            at: start + chrono::Duration::minutes(n),
            body: format!("message {n}"),
        },
        answer: Entry::Agent {
            at: start + chrono::Duration::minutes(n) + chrono::Duration::seconds(5),
            outcome: OutcomeKind::Resolved,
            message: Some(format!("answer {n}")),
            category: None,
        },
    };
    // Written newest first, and one of them twice (a redelivery).
    for n in (1..=30).rev() {
        threads
            .record_answer("TT-1", &format!("m-{n}"), &exchange(n))
            .await
            .unwrap();
    }
    threads
        .record_answer("TT-1", "m-30", &exchange(30))
        .await
        .unwrap();
    let event = |status: ApprovalStatus, minute: i64| ApprovalEvent {
        kind: EventKind::Approval,
        at: start + chrono::Duration::minutes(minute),
        tool: "issue_refund".into(),
        order_id: Some("O1001".into()),
        amount_usd: None,
        status,
        confirmation_id: None,
        reason: None,
    };
    // The states arrive out of order; approved and executed at one instant.
    for (status, minute) in [
        (ApprovalStatus::Executed, 40),
        (ApprovalStatus::Pending, 31),
        (ApprovalStatus::Approved, 40),
    ] {
        threads
            .record_approval("TT-1", "apr-1", &event(status, minute))
            .await
            .unwrap();
    }

    // Read as the answer to m-30 (a redelivery of it): everything but m-30 itself.
    let thread = threads.load("TT-1", "m-30").await.unwrap();
    let bodies: Vec<&str> = thread
        .entries
        .iter()
        .filter_map(|e| match e {
            Entry::Customer { body, .. } => Some(body.as_str()),
            Entry::Agent { .. } => None,
        })
        .collect();
    // The store keeps the newest MAX_STORED messages; the model reads the newest 12
    // entries of them (six messages with their answers), oldest first.
    assert_eq!(
        bodies,
        [
            "message 24",
            "message 25",
            "message 26",
            "message 27",
            "message 28",
            "message 29"
        ]
    );
    assert_eq!(thread.approvals.len(), 1);
    assert_eq!(thread.approvals[0].status, ApprovalStatus::Executed);
    let all = threads.load("TT-1", "m-31").await.unwrap();
    assert_eq!(all.entries.len(), 12);
    assert_eq!(threads.messages("TT-1").await.unwrap(), MAX_STORED);
    r.delete_all().await.unwrap();
    assert!(threads.load("TT-1", "m-31").await.unwrap().is_empty());
}

macro_rules! on_both {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test]
            async fn on_one_redis() {
                super::$name(super::common::redis_cluster::single()).await;
            }

            #[tokio::test(flavor = "multi_thread")]
            async fn on_a_redis_cluster() {
                super::$name(super::common::redis_cluster::cluster()).await;
            }
        }
    )*};
}

on_both!(
    the_first_delivery_takes_the_lease_and_a_second_one_is_told_it_is_busy_and_for_how_long,
    a_recorded_result_comes_back_with_the_lease_so_the_agent_does_not_run_again,
    finishing_writes_the_done_record_once_and_gives_the_lease_back,
    finishing_does_not_release_a_lease_that_another_worker_holds_now,
    a_done_record_that_does_not_parse_is_an_error_not_a_run,
    records_spread_over_every_master_are_all_found_by_the_scans_and_deleted,
    a_thread_keeps_its_newest_messages_once_each_and_each_approval_in_its_latest_state,
);
