//! The connectors against the local RabbitMQ and Redis and fakes of the outside world
//! speaking its wire formats: a Zendesk (`common::zendesk`: the Tickets API's `PUT
//! /api/v2/tickets/{id}.json`, basic auth `{email}/token:{token}`, its error bodies, 429
//! with `Retry-After`) and a Standard Webhooks receiver that verifies signatures the way
//! the specification's libraries do, computed here from the specification alone. Each
//! test has its own prefix, deleted after.

use crate::common;

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::broker::Env;
use crate::common::zendesk::{FakeZendesk, created_event, zendesk_settings, zendesk_signature};
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use lapin::BasicProperties;
use serde_json::{Value, json};
use sha2::Sha256;
use ticket_agent::agent::Totals;
use ticket_agent::app::SinkKind;
use ticket_agent::approvals::DecisionAudit;
use ticket_agent::connector::{Connector, ConnectorStats};
use ticket_agent::conversation::Usage;
use ticket_agent::domain::outcome::{EscalationCategory, OutcomeKind, Verdict};
use ticket_agent::queue::messages::OutcomeMessage;
use ticket_agent::queue::{header_str, publish_confirmed};
use tokio::sync::oneshot;

/// A running connector.
pub(crate) struct Running {
    connector: Arc<Connector>,
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<ConnectorStats>,
}

impl Running {
    pub(crate) async fn start(env: &Env, kind: SinkKind) -> Running {
        let app = ticket_agent::app::connector_app(env.settings.clone(), kind)
            .await
            .unwrap();
        let connector = app.connector().clone();
        let (stop, rx) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            app.run_until_stopped(async {
                let _ = rx.await;
            })
            .await
            .unwrap()
        });
        Running {
            connector,
            stop,
            task,
        }
    }

    /// Stops it (the drain included) and cleans its records up.
    pub(crate) async fn stop(self) -> ConnectorStats {
        let _ = self.stop.send(());
        let stats = self.task.await.unwrap();
        self.connector.ledger().delete_all().await.unwrap();
        stats
    }
}

fn outcome(ticket: &str, kind: OutcomeKind) -> OutcomeMessage {
    let (message, reason, category, approval_ids) = match kind {
        OutcomeKind::Resolved => (
            Some("Your order O1002 shipped yesterday and arrives Friday.".to_string()),
            None,
            None,
            vec![],
        ),
        OutcomeKind::RefundProposed => (
            Some(
                "We have proposed a refund of $24.99; a colleague confirms it shortly.".to_string(),
            ),
            None,
            None,
            vec!["apr_0123456789abcdef01234567".to_string()],
        ),
        OutcomeKind::Escalated => (
            None,
            Some("The customer threatens a chargeback.".to_string()),
            Some(EscalationCategory::LegalOrChargeback),
            vec![],
        ),
    };
    OutcomeMessage {
        ticket_id: ticket.parse().unwrap(),
        message_id: None,
        customer_id: "C001".parse().unwrap(),
        verdict: Verdict {
            outcome: kind,
            message,
            reason,
            category,
        },
        approval_ids,
        attempt: 1,
        worker_id: "test".into(),
        model: "rules".into(),
        totals: Totals {
            tool_calls: 2,
            turns: 2,
            usage: Usage::default(),
            cost_usd: 0.0,
            duration_ms: 5,
        },
        finished_at: chrono::Utc::now(),
    }
}

async fn publish_outcome(env: &Env, o: &OutcomeMessage) {
    publish_confirmed(
        &env.ch,
        &env.topology.outcomes_exchange,
        &o.routing_key(),
        &serde_json::to_vec(o).unwrap(),
        BasicProperties::default().with_message_id(o.ticket_id.as_str().into()),
    )
    .await
    .unwrap();
}

async fn publish_decision(env: &Env, d: &DecisionAudit) {
    publish_confirmed(
        &env.ch,
        &env.topology.decisions_exchange,
        &format!("decision.{}", d.decision),
        &serde_json::to_vec(d).unwrap(),
        BasicProperties::default(),
    )
    .await
    .unwrap();
}

/// Polls `done` every 50 ms for up to 20 s.
pub(crate) async fn until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(20), "never: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until the connector's queue is empty and stays so (everything taken or in the
/// connector's hands).
pub(crate) async fn drained(env: &Env, sink: &str) {
    let queue = env.topology.connector(sink).queue;
    let start = Instant::now();
    while env.settled_depth(&queue).await > 0 {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{queue} never drained"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn each_outcome_is_written_back_once_with_its_status_tags_and_group_even_when_published_twice()
 {
    let zd = FakeZendesk::start(&[101, 102, 103]).await;
    let env = Env::open("conn-zd", |s| zendesk_settings(s, &zd.base, "conn-zd")).await;
    env.topology
        .declare_connector(&env.ch, &env.settings.amqp, "zendesk")
        .await
        .unwrap();
    let resolved = outcome("zendesk-101", OutcomeKind::Resolved);
    let refund = outcome("zendesk-102", OutcomeKind::RefundProposed);
    let escalated = outcome("zendesk-103", OutcomeKind::Escalated);
    let not_zendesk = outcome("T-9", OutcomeKind::Resolved);
    // The answer to a reply that only thanked us says nothing: nothing is posted.
    let mut silent = OutcomeMessage {
        message_id: Some("m-2".parse().unwrap()),
        ..outcome("zendesk-101", OutcomeKind::Resolved)
    };
    silent.verdict.message = None;
    for o in [&resolved, &refund, &escalated, &not_zendesk, &silent] {
        publish_outcome(&env, o).await;
    }
    let running = Running::start(&env, SinkKind::Zendesk).await;
    until("four comments", || zd.comments() == 4).await;
    // Re-published, as a worker's redelivery re-publishes a finished ticket's bytes.
    for o in [&resolved, &refund, &escalated] {
        publish_outcome(&env, o).await;
    }
    drained(&env, "zendesk").await;
    let stats = running.stop().await;
    assert_eq!(
        (
            stats.delivered,
            stats.duplicates,
            stats.skipped,
            stats.dead_lettered
        ),
        (3, 3, 2, 0),
        "{stats:?}"
    );
    assert_eq!(
        zd.comments(),
        4,
        "the re-published outcomes and the silent answer posted nothing"
    );

    let t = zd.ticket(101);
    assert_eq!(t.status, "solved");
    assert_eq!(
        t.comments,
        vec![(resolved.verdict.message.clone().unwrap(), true)]
    );
    assert!(t.tags.contains("ticket_agent_resolved"), "{:?}", t.tags);

    let t = zd.ticket(102);
    assert_eq!(t.comments.len(), 2);
    assert_eq!(
        t.comments[0],
        (refund.verdict.message.clone().unwrap(), true)
    );
    assert!(!t.comments[1].1, "the approval link is an internal note");
    assert!(
        t.comments[1]
            .0
            .contains("http://127.0.0.1:8088/api/approvals/apr_0123456789abcdef01234567"),
        "{}",
        t.comments[1].0
    );
    assert!(t.tags.contains("ticket_agent_refund_proposed"));
    assert_eq!(t.status, "new", "a proposed refund leaves the status alone");

    let t = zd.ticket(103);
    assert_eq!(t.comments.len(), 1);
    let (note, public) = &t.comments[0];
    assert!(!public);
    assert!(
        note.contains("legal_or_chargeback") && note.contains("chargeback"),
        "{note}"
    );
    assert!(t.tags.contains("ticket_agent_escalated"));
    assert!(t.tags.contains("ticket_agent_legal_or_chargeback"));
    assert_eq!(t.group_id, Some(360_000_777));
    env.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_429_is_retried_after_its_retry_after_and_a_5xx_with_backoff_then_posted_once() {
    let zd = FakeZendesk::start(&[201]).await;
    zd.script(201, &[(429, Some(1)), (503, None), (502, None)]);
    let env = Env::open("conn-429", |s| zendesk_settings(s, &zd.base, "conn-429")).await;
    env.topology
        .declare_connector(&env.ch, &env.settings.amqp, "zendesk")
        .await
        .unwrap();
    let running = Running::start(&env, SinkKind::Zendesk).await;
    publish_outcome(&env, &outcome("zendesk-201", OutcomeKind::Resolved)).await;
    until("the reply", || zd.comments() == 1).await;
    let stats = running.stop().await;
    assert_eq!(stats.delivered, 1);
    let attempts = zd.attempts(201);
    let codes: Vec<u16> = attempts.iter().map(|(c, _)| *c).collect();
    assert_eq!(codes, [429, 503, 502, 200]);
    assert!(
        attempts[1].1 - attempts[0].1 >= Duration::from_secs(1),
        "the retry after a 429 waited its Retry-After"
    );
    assert_eq!(zd.ticket(201).status, "solved");
    env.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_refusal_dead_letters_at_once_with_its_reason_and_too_many_failures_after_the_last_attempt()
 {
    // 301 does not exist (404); 302 fails for longer than the attempts allow.
    let zd = FakeZendesk::start(&[302]).await;
    zd.script(302, &[(500, None), (500, None), (500, None)]);
    let env = Env::open("conn-dead", |s| {
        zendesk_settings(s, &zd.base, "conn-dead");
        s.connector.max_attempts = 3;
    })
    .await;
    env.topology
        .declare_connector(&env.ch, &env.settings.amqp, "zendesk")
        .await
        .unwrap();
    publish_outcome(&env, &outcome("zendesk-301", OutcomeKind::Resolved)).await;
    publish_outcome(&env, &outcome("zendesk-302", OutcomeKind::Resolved)).await;
    let running = Running::start(&env, SinkKind::Zendesk).await;
    let dead = env.topology.connector("zendesk").dead;
    assert_eq!(env.wait_depth(&dead, 2, Duration::from_secs(20)).await, 2);
    let stats = running.stop().await;
    assert_eq!(stats.dead_lettered, 2);
    assert_eq!(zd.attempts(301).len(), 1, "a 404 is not retried");
    assert_eq!(zd.attempts(302).len(), 3, "max_attempts in all");
    let mut reasons: Vec<(String, String, String)> = env
        .drain(&dead)
        .await
        .into_iter()
        .map(|(body, headers)| {
            (
                body["ticket_id"].as_str().unwrap().to_string(),
                header_str(headers.as_ref(), "x-dead-reason").unwrap(),
                header_str(headers.as_ref(), "x-last-error").unwrap(),
            )
        })
        .collect();
    reasons.sort();
    assert_eq!(reasons[0].0, "zendesk-301");
    assert_eq!(reasons[0].1, "refused");
    assert!(reasons[0].2.contains("404") && reasons[0].2.contains("RecordNotFound"));
    assert_eq!(reasons[1].1, "max_attempts");
    assert!(reasons[1].2.contains("500"), "{}", reasons[1].2);
    assert_eq!(zd.comments(), 0);
    env.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_rejected_approval_reaches_zendesk_as_one_internal_note_routed_to_a_human_even_when_published_twice()
 {
    let zd = FakeZendesk::start(&[401]).await;
    let env = Env::open("conn-dec", |s| zendesk_settings(s, &zd.base, "conn-dec")).await;
    env.topology
        .declare_connector(&env.ch, &env.settings.amqp, "zendesk")
        .await
        .unwrap();
    let rejected = DecisionAudit {
        approval_id: "apr_0123456789abcdef01234567".into(),
        ticket_id: "zendesk-401".parse().unwrap(),
        tool: "issue_refund".into(),
        decision: "rejected".into(),
        reviewer: "alice".into(),
        note: Some("Outside the refund window".into()),
        decided_at: chrono::Utc::now(),
        execution: None,
    };
    // What the approvals service publishes for a rejection: the decision's audit
    // record, and an escalated outcome for its ticket carrying the reason.
    let mut escalation = outcome("zendesk-401", OutcomeKind::Escalated);
    escalation.verdict.category = Some(EscalationCategory::ApprovalRejected);
    escalation.verdict.reason = Some(
        "the proposed issue_refund (apr_0123456789abcdef01234567) was rejected by alice: Outside the refund window".into(),
    );
    escalation.approval_ids = vec![rejected.approval_id.clone()];
    escalation.worker_id = "approvals".into();
    for _ in 0..2 {
        publish_decision(&env, &rejected).await;
        publish_outcome(&env, &escalation).await;
    }
    let running = Running::start(&env, SinkKind::Zendesk).await;
    until("the note", || zd.comments() == 1).await;
    drained(&env, "zendesk").await;
    // Stopped with its drain: the tally below counts every one of the four events, so
    // a second note would be counted, not missed.
    let stats = running.stop().await;
    assert_eq!(
        (stats.delivered, stats.duplicates, stats.skipped),
        (1, 1, 2),
        "the outcome once, its copy found delivered, both decisions told by it: {stats:?}"
    );
    let t = zd.ticket(401);
    assert_eq!(t.comments.len(), 1);
    let (note, public) = &t.comments[0];
    assert!(!public);
    assert!(
        note.contains("was rejected by alice") && note.contains("Outside the refund window"),
        "{note}"
    );
    assert!(t.tags.contains("ticket_agent_approval_rejected"));
    assert!(t.tags.contains("ticket_agent_escalated"));
    assert_eq!(t.status, "open");
    assert_eq!(t.group_id, Some(360_000_777));
    env.cleanup().await;
}

/// A Standard Webhooks receiver: verifies each request as the specification says
/// (HMAC-SHA256 over `{id}.{timestamp}.{body}` with the base64-decoded secret, the
/// signature one of the space-separated `v1,` entries), computed here independently.
#[derive(Default)]
struct Receiver {
    key: Vec<u8>,
    /// (webhook-id, verified, body)
    received: Mutex<Vec<(String, bool, Value)>>,
    /// Answers before the real one.
    scripted: Mutex<VecDeque<u16>>,
}

async fn receive(State(r): State<Arc<Receiver>>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let h = |n: &str| {
        headers
            .get(n)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    let (id, ts, sigs) = (
        h("webhook-id"),
        h("webhook-timestamp"),
        h("webhook-signature"),
    );
    let mut mac = Hmac::<Sha256>::new_from_slice(&r.key).unwrap();
    mac.update(id.as_bytes());
    mac.update(b".");
    mac.update(ts.as_bytes());
    mac.update(b".");
    mac.update(&body);
    let expected = STANDARD.encode(mac.finalize().into_bytes());
    let fresh = ts
        .parse::<i64>()
        .is_ok_and(|t| (chrono::Utc::now().timestamp() - t).abs() <= 300);
    let verified = fresh
        && sigs
            .split(' ')
            .any(|s| s.strip_prefix("v1,") == Some(expected.as_str()));
    if let Some(code) = r.scripted.lock().unwrap().pop_front() {
        return StatusCode::from_u16(code).unwrap();
    }
    r.received.lock().unwrap().push((
        id,
        verified,
        serde_json::from_slice(&body).unwrap_or(Value::Null),
    ));
    if verified {
        StatusCode::NO_CONTENT
    } else {
        StatusCode::UNAUTHORIZED
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn each_event_reaches_the_webhook_signed_per_the_standard_with_one_id_across_retries_and_republication()
 {
    let raw_key = b"a-thirty-two-byte-secret-for-hmac";
    let receiver = Arc::new(Receiver {
        key: raw_key.to_vec(),
        scripted: Mutex::new(VecDeque::from([503])),
        ..Receiver::default()
    });
    let app = Router::new()
        .route("/hooks", post(receive))
        .with_state(receiver.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hooks", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });

    let env = Env::open("conn-hook", |s| {
        s.connector.listen = "127.0.0.1:0".into();
        s.connector.webhook.url = url.clone();
        let var = "TA_TEST_WEBHOOK_SECRET_CONN_HOOK";
        // SAFETY: a variable only this test reads, set before anything reads it.
        unsafe { std::env::set_var(var, format!("whsec_{}", STANDARD.encode(raw_key))) };
        s.connector.webhook.secret_env = var.into();
        s.connector.backoff_base_ms = 50;
        s.connector.backoff_max_ms = 200;
    })
    .await;
    env.topology
        .declare_connector(&env.ch, &env.settings.amqp, "webhook")
        .await
        .unwrap();
    let resolved = outcome("T-500", OutcomeKind::Resolved);
    let decision = DecisionAudit {
        approval_id: "apr_0123456789abcdef01234567".into(),
        ticket_id: "T-501".parse().unwrap(),
        tool: "issue_refund".into(),
        decision: "rejected".into(),
        reviewer: "bob".into(),
        note: None,
        decided_at: chrono::Utc::now(),
        execution: None,
    };
    publish_outcome(&env, &resolved).await;
    publish_decision(&env, &decision).await;
    publish_outcome(&env, &resolved).await;
    let running = Running::start(&env, SinkKind::Webhook).await;
    until("two posts", || receiver.received.lock().unwrap().len() == 2).await;
    drained(&env, "webhook").await;
    let stats = running.stop().await;
    assert_eq!((stats.delivered, stats.duplicates), (2, 1), "{stats:?}");
    let received = receiver.received.lock().unwrap().clone();
    assert_eq!(received.len(), 2);
    assert!(received.iter().all(|(_, verified, _)| *verified));
    let types: BTreeSet<&str> = received
        .iter()
        .map(|(_, _, b)| b["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        types,
        BTreeSet::from(["decision.rejected", "ticket.resolved"])
    );
    let resolved_post = received
        .iter()
        .find(|(_, _, b)| b["type"] == "ticket.resolved")
        .unwrap();
    assert_eq!(resolved_post.2["data"]["ticket_id"], "T-500");
    assert!(resolved_post.0.starts_with("msg_"));
    env.cleanup().await;
}

/// The ingest service on the test's corner, with Zendesk's signing secret `secret`.
pub(crate) async fn ingest_service(
    env: &Env,
    name: &str,
    secret: &str,
) -> (String, oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
    let mut settings = env.settings.clone();
    settings.ingest.listen = "127.0.0.1:0".into();
    let senders = format!("TA_TEST_SENDERS_{name}")
        .to_uppercase()
        .replace('-', "_");
    let var = format!("TA_TEST_ZD_SECRET_{name}")
        .to_uppercase()
        .replace('-', "_");
    // SAFETY: variables only this test reads, set before anything reads them.
    unsafe {
        std::env::set_var(&senders, "acme:acme-ingest-token-0123");
        std::env::set_var(&var, secret);
    }
    settings.ingest.senders_env = senders;
    settings.connector.zendesk.webhook_secret_env = var;
    let app = ticket_agent::app::ingest_app(settings).await.unwrap();
    let base = format!("http://{}", app.local_addr().unwrap());
    let core = app.ingest().clone();
    let (tx, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        app.run_until_stopped(async {
            let _ = rx.await;
        })
        .await
        .unwrap();
        core.dedupe().delete_all().await.unwrap();
    });
    (base, tx, task)
}

async fn post_zendesk(
    client: &reqwest::Client,
    base: &str,
    body: &str,
    signature: Option<&str>,
    timestamp: &str,
) -> (u16, Value) {
    let mut request = client
        .post(format!("{base}/v1/zendesk/tickets"))
        .header("content-type", "application/json")
        .header("user-agent", "Zendesk Webhook")
        .header("x-zendesk-webhook-signature-timestamp", timestamp)
        .body(body.to_string());
    if let Some(sig) = signature {
        request = request.header("x-zendesk-webhook-signature", sig);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_signed_zendesk_webhook_is_ingested_once_and_a_bad_stale_or_unsigned_one_is_refused() {
    let secret = "dGhpc19zZWNyZXRfaXNfZm9yX3Rlc3Rpbmdfb25seQ==";
    let env = Env::open("conn-in", |_| {}).await;
    let (base, stop, task) = ingest_service(&env, "conn-in", secret).await;
    let client = reqwest::Client::new();
    let body = created_event(
        35436,
        "C001",
        "Where is my keyboard?",
        "Order O1002 has not arrived.",
    );
    let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let good = zendesk_signature(secret, &now, &body);

    let (status, answer) = post_zendesk(&client, &base, &body, None, &now).await;
    assert_eq!((status, answer["error"].as_str()), (401, Some("unsigned")));
    let wrong = zendesk_signature("another-secret", &now, &body);
    let (status, answer) = post_zendesk(&client, &base, &body, Some(&wrong), &now).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (401, Some("bad_signature"))
    );
    let old = (chrono::Utc::now() - chrono::Duration::minutes(30))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let stale = zendesk_signature(secret, &old, &body);
    let (status, answer) = post_zendesk(&client, &base, &body, Some(&stale), &old).await;
    assert_eq!((status, answer["error"].as_str()), (401, Some("stale")));
    assert_eq!(env.depth(&env.topology.tickets_queue).await, 0);

    let (status, answer) = post_zendesk(&client, &base, &body, Some(&good), &now).await;
    assert_eq!(status, 202, "{answer}");
    assert_eq!(answer["results"][0]["ticket_id"], "zendesk-35436");
    // Zendesk retries a webhook it did not see answered: the same ticket, once.
    let (status, answer) = post_zendesk(&client, &base, &body, Some(&good), &now).await;
    assert_eq!((status, answer["duplicates"].as_u64()), (202, Some(1)));

    let tickets = env.drain(&env.topology.tickets_queue).await;
    assert_eq!(tickets.len(), 1);
    let t = &tickets[0].0;
    assert_eq!(t["ticket_id"], "zendesk-35436");
    assert_eq!(t["customer_id"], "C001");
    assert_eq!(t["order_id"], "O1002");
    assert_eq!(t["subject"], "Where is my keyboard?");
    let _ = stop.send(());
    task.await.unwrap();
    env.cleanup().await;
}

/// The done-when, end to end: a batch POSTed to the ingest API (one duplicate,
/// one invalid) → a worker on the rules model runs each valid ticket once → the
/// Zendesk connector writes one reply or note per ticket, with the status and tags its
/// outcome calls for, and nothing more when every outcome is published again → a
/// reviewer rejects the proposed refund in the approvals service, and the rejection
/// reaches the ticket as an internal note.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_batch_through_ingest_worker_and_connector_reaches_zendesk_once_per_ticket_and_a_rejection_as_a_note()
 {
    let zd = FakeZendesk::start(&[1001, 1002, 1003]).await;
    // The approvals' own database, dropped with the value.
    let db = common::pg::TestDb::create("conn-e2e").await;
    let env = Env::open("conn-e2e", |s| {
        zendesk_settings(s, &zd.base, "conn-e2e");
        s.approvals.database_url = (db.url.clone()).into();
        s.worker.metrics_listen = "127.0.0.1:0".into();
        s.approvals.listen = "127.0.0.1:0".into();
        let var = "TA_TEST_REVIEWERS_CONN_E2E";
        // SAFETY: a variable only this test reads, set before anything reads it.
        unsafe { std::env::set_var(var, "alice:alice-review-token-0123") };
        s.approvals.reviewers_env = var.into();
    })
    .await;
    env.topology
        .declare_connector(&env.ch, &env.settings.amqp, "zendesk")
        .await
        .unwrap();
    let approvals = ticket_agent::app::approvals_app(env.settings.clone())
        .await
        .unwrap();
    let store = approvals.approvals().store.clone();
    let (approvals_stop, rx) = oneshot::channel::<()>();
    let approvals_task = tokio::spawn(approvals.run_until_stopped(async {
        let _ = rx.await;
    }));
    let (worker, worker_stop) =
        env.spawn_worker(Arc::new(ticket_agent::model::rules::RulesModel::new()));
    let connector = Running::start(&env, SinkKind::Zendesk).await;
    let (base, ingest_stop, ingest_task) = ingest_service(&env, "conn-e2e", "unused-secret").await;

    let ticket = |id: &str, order: &str, subject: &str, body: &str| json!({ "ticket_id": id, "customer_id": "C001", "order_id": order, "subject": subject, "body": body });
    let resolved = ticket(
        "zendesk-1001",
        "O1002",
        "Where is my keyboard?",
        "Hi, I ordered a mechanical keyboard a few days ago. Any idea when it will arrive?",
    );
    let refund = ticket(
        "zendesk-1002",
        "O1001",
        "Refund",
        "The mouse broke, refund please",
    );
    let escalated = ticket(
        "zendesk-1003",
        "O1002",
        "Chargeback",
        "If this is not fixed today I will file a chargeback with my bank and call my lawyer.",
    );
    let invalid = json!({ "ticket_id": "zendesk-1004", "subject": "no customer", "body": "hello" });
    let batch = json!([resolved, refund, escalated, resolved, invalid]);
    let response = reqwest::Client::new()
        .post(format!("{base}/v1/tickets"))
        .bearer_auth("acme-ingest-token-0123")
        .json(&batch)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 202);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(
        (
            answer["published"].as_u64(),
            answer["duplicates"].as_u64(),
            answer["rejected"].as_u64()
        ),
        (Some(3), Some(1), Some(1)),
        "{answer}"
    );

    // Refund proposed: a reply and a note; the others one comment each.
    until("the first write-backs", || zd.comments() == 4).await;
    drained(&env, "zendesk").await;
    let outcomes: HashMap<String, Value> = env
        .drain(&env.topology.outcomes_all_queue)
        .await
        .into_iter()
        .map(|(b, _)| (b["ticket_id"].as_str().unwrap().to_string(), b))
        .collect();
    assert_eq!(outcomes.len(), 3, "each valid ticket ran once");
    assert_eq!(outcomes["zendesk-1001"]["outcome"], "resolved");
    assert_eq!(outcomes["zendesk-1002"]["outcome"], "refund_proposed");
    assert_eq!(outcomes["zendesk-1003"]["outcome"], "escalated");

    // Every outcome again, as a redelivery or an operator's replay would publish it.
    for o in outcomes.values() {
        publish_confirmed(
            &env.ch,
            &env.topology.outcomes_exchange,
            &format!("ticket.{}", o["outcome"].as_str().unwrap()),
            o.to_string().as_bytes(),
            BasicProperties::default(),
        )
        .await
        .unwrap();
    }
    drained(&env, "zendesk").await;

    let t = zd.ticket(1001);
    assert_eq!((t.status.as_str(), t.comments.len()), ("solved", 1));
    assert!(t.comments[0].1 && t.tags.contains("ticket_agent_resolved"));
    let t = zd.ticket(1002);
    assert_eq!(t.comments.len(), 2);
    assert!(t.comments[0].1 && !t.comments[1].1);
    assert!(t.tags.contains("ticket_agent_refund_proposed"));
    let t = zd.ticket(1003);
    assert_eq!(t.comments.len(), 1);
    assert!(!t.comments[0].1);
    assert!(t.tags.contains("ticket_agent_escalated"));
    assert_eq!(t.group_id, Some(360_000_777));

    // The reviewer rejects the proposed refund.
    let approval_id = outcomes["zendesk-1002"]["approval_ids"][0]
        .as_str()
        .unwrap()
        .to_string();
    let start = Instant::now();
    while store.get(&approval_id).await.unwrap().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the approval never arrived"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let publish = ticket_agent::queue::confirm_channel(&env.conn)
        .await
        .unwrap();
    let core = ticket_agent::app::approvals(
        &env.settings,
        Arc::new(ticket_agent::queue::PublishChannel::fixed(publish)),
    )
    .await
    .unwrap();
    core.decide(
        &approval_id,
        ticket_agent::approvals::Verdict::Reject,
        "alice",
        Some("The mouse is outside the warranty"),
    )
    .await
    .unwrap();
    until("the rejection note", || zd.ticket(1002).comments.len() == 3).await;
    let t = zd.ticket(1002);
    let (note, public) = &t.comments[2];
    assert!(!public);
    assert!(
        note.contains(&approval_id) && note.contains("was rejected by alice"),
        "{note}"
    );
    assert!(t.tags.contains("ticket_agent_approval_rejected"));
    assert_eq!(zd.comments(), 5, "one more note, nothing else");

    let _ = ingest_stop.send(());
    ingest_task.await.unwrap();
    let _ = worker_stop.send(());
    worker.await.unwrap();
    let stats = connector.stop().await;
    assert_eq!(
        (stats.delivered, stats.duplicates, stats.dead_lettered),
        (4, 3, 0),
        "three outcomes and a decision delivered, the three re-published outcomes found delivered: {stats:?}"
    );
    // Every event settled (the tally above): the four first write-backs and the
    // rejection's note are all there is.
    assert_eq!(zd.comments(), 5, "re-published outcomes posted nothing");
    let _ = approvals_stop.send(());
    approvals_task.await.unwrap().unwrap();
    env.cleanup().await;
    drop(db);
}
