//! The approvals service against the local RabbitMQ and Redis, with a fake HTTP
//! commerce server (wiremock, speaking the contract in docs/backends.md) that counts
//! refund calls per idempotency key. Each test has its own prefix, deleted after.

mod common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use common::broker::{next_message, publish_approval};
use lapin::{Channel, Connection};
use serde_json::{Value, json};
use ticket_agent::approvals::{ApprovalStatus, Verdict};
use ticket_agent::config::Settings;
use ticket_agent::queue::messages::ApprovalMessage;
use ticket_agent::queue::{Topology, confirm_channel, connect};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const TOKEN: &str = "alice-test-token-0123";

struct Env {
    settings: Settings,
    topology: Topology,
    conn: Connection,
    ch: Channel,
    shop: MockServer,
    base: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    service: Option<tokio::task::JoinHandle<anyhow::Result<()>>>,
    app_store: ticket_agent::approvals::ApprovalStore,
    idem: ticket_agent::idempotency::RedisStore,
}

impl Env {
    async fn start(name: &str, tweak: impl FnOnce(&mut Settings)) -> Env {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let prefix = format!("ta-test-appr-{name}-{}-{nanos}", std::process::id());
        let shop = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/orders/O1001/refunds"))
            .respond_with(
                ResponseTemplate::new(201).set_body_json(json!({ "confirmation_id": "rf_shop_1" })),
            )
            .mount(&shop)
            .await;
        let mut settings = Settings::defaults();
        settings.amqp.prefix = prefix.clone();
        settings.redis.key_prefix = prefix;
        settings.commerce.backend = ticket_agent::config::BackendKind::Http;
        settings.commerce.http.base_url = shop.uri();
        settings.commerce.http.max_retries = 0;
        settings.approvals.listen = "127.0.0.1:0".into();
        settings.approvals.sweep_secs = 1;
        let var = format!("TA_TEST_REVIEWERS_{name}")
            .replace('-', "_")
            .to_uppercase();
        // SAFETY: a variable only this test reads, set before anything reads it.
        unsafe { std::env::set_var(&var, format!("alice:{TOKEN},bob:bob-test-token-4567")) };
        settings.approvals.reviewers_env = var;
        tweak(&mut settings);
        let topology = Topology::from_settings(&settings.amqp, &settings.worker);
        let conn = connect(&settings.amqp.url, "approvals test").await.unwrap();
        let ch = confirm_channel(&conn).await.unwrap();
        topology.declare(&ch, &settings.amqp).await.unwrap();
        let app = ticket_agent::app::approvals_app(settings.clone())
            .await
            .unwrap();
        let base = format!("http://{}", app.local_addr().unwrap());
        let app_store = app.approvals().store.clone();
        let idem = ticket_agent::idempotency::RedisStore::connect(
            &settings.redis.url,
            &settings.redis.key_prefix,
        )
        .await
        .unwrap();
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let service = tokio::spawn(app.run_until_stopped(async {
            let _ = rx.await;
        }));
        Env {
            settings,
            topology,
            conn,
            ch,
            shop,
            base,
            stop: Some(tx),
            service: Some(service),
            app_store,
            idem,
        }
    }

    async fn publish(&self, message: &ApprovalMessage) {
        publish_approval(&self.ch, &self.topology, message).await;
    }

    async fn wait_for_status(&self, id: &str, status: ApprovalStatus) {
        let start = Instant::now();
        loop {
            if let Some(r) = self.app_store.get(id).await.unwrap()
                && r.status == status
            {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "{id} never became {status:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Refund calls the shop received, by idempotency key.
    async fn refund_calls(&self) -> HashMap<String, usize> {
        let mut calls = HashMap::new();
        for r in self.shop.received_requests().await.unwrap_or_default() {
            if r.method.as_str() == "POST" && r.url.path().ends_with("/refunds") {
                let key = r
                    .headers
                    .get("idempotency-key")
                    .map(|v| v.to_str().unwrap().to_string())
                    .unwrap_or_default();
                *calls.entry(key).or_insert(0) += 1;
            }
        }
        calls
    }

    async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        self.service.take().unwrap().await.unwrap().unwrap();
        self.topology.delete(&self.ch).await.unwrap();
        self.app_store.delete_all().await.unwrap();
        self.idem.delete_all().await.unwrap();
        let _ = self.conn.close(200, "done".into()).await;
    }
}

/// A proposed refund whose ticket text carries markup, for the console to escape.
fn refund_approval(
    ticket: &str,
    amount: f64,
    created_at: chrono::DateTime<chrono::Utc>,
) -> ApprovalMessage {
    ApprovalMessage {
        ticket_body: "The mouse <b>broke</b>.".into(),
        ..common::broker::refund_approval(ticket, amount, created_at)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn duplicate_and_newer_proposals_make_one_record_and_fifty_approvals_one_refund() {
    let env = Env::start("dupes", |_| {}).await;
    let now = chrono::Utc::now();
    let first = refund_approval("T-A1", 20.0, now - chrono::Duration::seconds(5));
    env.publish(&first).await;
    env.publish(&first).await;
    // A newer proposal for the same ticket, tool and order supersedes the pending one.
    let newer = refund_approval("T-A1", 24.99, now);
    env.publish(&newer).await;
    env.wait_for_status(&first.approval_id, ApprovalStatus::Pending)
        .await;
    let start = Instant::now();
    loop {
        let r = env
            .app_store
            .get(&first.approval_id)
            .await
            .unwrap()
            .unwrap();
        if r.proposals == 3 {
            assert_eq!(
                r.message.arguments["amount_usd"], 24.99,
                "the newest proposal stands"
            );
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "{r:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(env.app_store.pending(100).await.unwrap().len(), 1);

    // Fifty approvals at once through the API, from two reviewers: one refund call.
    let client = reqwest::Client::new();
    let mut tasks = Vec::new();
    for i in 0..50 {
        let token = if i % 2 == 0 {
            TOKEN
        } else {
            "bob-test-token-4567"
        };
        let url = format!("{}/api/approvals/{}/approve", env.base, first.approval_id);
        let client = client.clone();
        tasks.push(tokio::spawn(async move {
            client
                .post(url)
                .bearer_auth(token)
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }));
    }
    let mut statuses = Vec::new();
    for t in tasks {
        statuses.push(t.await.unwrap());
    }
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 503),
        "{statuses:?}"
    );
    env.wait_for_status(&first.approval_id, ApprovalStatus::Executed)
        .await;
    let calls = env.refund_calls().await;
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert_eq!(
        calls.values().sum::<usize>(),
        1,
        "exactly one refund call: {calls:?}"
    );
    let record = env
        .app_store
        .get(&first.approval_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        record.execution.unwrap().result["confirmation_id"],
        "rf_shop_1"
    );
    // The decision reached the audit exchange.
    let audit = next_message(
        &env.ch,
        &env.topology.decisions_queue,
        true,
        Duration::from_secs(10),
        Duration::from_millis(50),
        "no audit record",
    )
    .await;
    let audit: Value = serde_json::from_slice(&audit.data).unwrap();
    assert_eq!(audit["decision"], "approved");
    assert_eq!(audit["approval_id"], first.approval_id.as_str());
    env.stop().await;
}

#[tokio::test]
async fn a_rejected_action_never_reaches_the_shop_and_cannot_be_approved_after() {
    let env = Env::start("reject", |_| {}).await;
    let a = refund_approval("T-R1", 10.0, chrono::Utc::now());
    env.publish(&a).await;
    env.wait_for_status(&a.approval_id, ApprovalStatus::Pending)
        .await;
    let outcome = env.app_store.get(&a.approval_id).await.unwrap();
    assert!(outcome.is_some());
    let client = reqwest::Client::new();
    let r = client
        .post(format!(
            "{}/api/approvals/{}/reject",
            env.base, a.approval_id
        ))
        .bearer_auth(TOKEN)
        .json(&json!({ "note": "customer withdrew" }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let r = client
        .post(format!(
            "{}/api/approvals/{}/approve",
            env.base, a.approval_id
        ))
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    let record = env.app_store.get(&a.approval_id).await.unwrap().unwrap();
    assert_eq!(record.status, ApprovalStatus::Rejected);
    assert_eq!(record.decided_by.as_deref(), Some("alice"));
    assert_eq!(record.note.as_deref(), Some("customer withdrew"));
    assert!(env.refund_calls().await.is_empty());
    // Without a token: refused.
    let r = client
        .post(format!(
            "{}/api/approvals/{}/approve",
            env.base, a.approval_id
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    env.stop().await;
}

#[tokio::test]
async fn an_action_left_pending_past_its_ttl_expires_and_its_ticket_is_escalated() {
    let env = Env::start("expiry", |s| s.approvals.pending_ttl_secs = 1).await;
    let a = refund_approval(
        "T-E1",
        10.0,
        chrono::Utc::now() - chrono::Duration::seconds(30),
    );
    env.publish(&a).await;
    env.wait_for_status(&a.approval_id, ApprovalStatus::Expired)
        .await;
    let escalation = next_message(
        &env.ch,
        &env.topology.escalations_queue,
        true,
        Duration::from_secs(10),
        Duration::from_millis(50),
        "no escalation published",
    )
    .await;
    let escalation: Value = serde_json::from_slice(&escalation.data).unwrap();
    assert_eq!(escalation["ticket_id"], "T-E1");
    assert_eq!(escalation["category"], "approval_expired");
    assert!(env.refund_calls().await.is_empty());
    let r = env.app_store.get(&a.approval_id).await.unwrap().unwrap();
    assert_eq!(r.decided_by.as_deref(), Some("system"));
    env.stop().await;
}

#[tokio::test]
async fn the_console_refuses_state_changes_without_a_session_or_csrf_token() {
    let env = Env::start("csrf", |_| {}).await;
    let a = refund_approval("T-C1", 10.0, chrono::Utc::now());
    env.publish(&a).await;
    env.wait_for_status(&a.approval_id, ApprovalStatus::Pending)
        .await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let url = format!("{}/approvals/{}/approve", env.base, a.approval_id);
    // No session at all.
    let r = client
        .post(&url)
        .form(&[("csrf", "x")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    // A session, but no or a wrong CSRF token.
    let login = client
        .post(format!("{}/login", env.base))
        .form(&[("token", TOKEN)])
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), 303);
    let cookie = login
        .headers()
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );
    let session = cookie.split(';').next().unwrap().to_string();
    let r = client
        .post(&url)
        .header("cookie", &session)
        .form(&[("note", "x")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    let r = client
        .post(&url)
        .header("cookie", &session)
        .form(&[("csrf", "0".repeat(64))])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    // The console page escapes the customer's text.
    let page = client
        .get(&env.base)
        .header("cookie", &session)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("&lt;b&gt;broke&lt;/b&gt;") && !page.contains("<b>broke</b>"));
    let status = env
        .app_store
        .get(&a.approval_id)
        .await
        .unwrap()
        .unwrap()
        .status;
    assert_eq!(status, ApprovalStatus::Pending);
    assert!(env.refund_calls().await.is_empty());
    // The CLI door shares the path: deciding through the library works the same.
    let approvals = ticket_agent::app::approvals(
        &env.settings,
        std::sync::Arc::new(ticket_agent::queue::PublishChannel::default()),
    )
    .await
    .unwrap();
    let out = approvals
        .decide(&a.approval_id, Verdict::Approve, "cli:ops", None)
        .await
        .unwrap();
    assert!(out.decided_now);
    assert_eq!(env.refund_calls().await.values().sum::<usize>(), 1);
    env.stop().await;
}
