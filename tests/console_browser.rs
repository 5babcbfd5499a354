//! The approvals console in a real browser: headless Chromium driven over WebDriver
//! (chromedriver, Debian's `chromium` and `chromium-driver` packages) against the
//! service on the local RabbitMQ and Redis, with a fake HTTP commerce server that
//! counts refund calls. Sign in, see the pending refund with its amount and
//! policy_ref, approve it, see it under decided, and check that the shop received
//! exactly one refund.

mod common;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::broker::refund_approval;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;
use ticket_agent::approvals::ApprovalStatus;
use ticket_agent::config::Settings;
use ticket_agent::queue::messages::ApprovalMessage;
use ticket_agent::queue::{Topology, confirm_channel, connect, publish_confirmed};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const TOKEN: &str = "browser-reviewer-token-42";

/// chromedriver on a free port, killed when dropped.
struct Driver(Child, u16);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn find_program(names: &[&str]) -> Option<String> {
    let path = std::env::var("PATH").unwrap_or_default();
    for name in names {
        for dir in path.split(':').chain(["/usr/bin", "/usr/lib/chromium"]) {
            let candidate = std::path::Path::new(dir).join(name);
            if candidate.is_file() {
                return Some(candidate.display().to_string());
            }
        }
    }
    None
}

fn start_driver() -> Driver {
    let driver = find_program(&["chromedriver"]).expect(
        "chromedriver not found: install Debian's chromium and chromium-driver packages (.ci/run does)",
    );
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    Driver(child, port)
}

async fn browser(port: u16) -> Client {
    let chromium = find_program(&["chromium", "chromium-browser", "google-chrome"])
        .expect("chromium not found: install Debian's chromium package (.ci/run does)");
    let profile = tempfile::tempdir().unwrap().keep();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                format!("--user-data-dir={}", profile.display()),
            ]
        }),
    );
    let start = Instant::now();
    loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(c) => return c,
            Err(e) if start.elapsed() < Duration::from_secs(20) => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("no WebDriver session: {e}"),
        }
    }
}

/// Waits until the browser's current URL path ends with `suffix`: the only sign that
/// a form post's navigation reached its new page.
async fn wait_for_path(c: &Client, suffix: &str) {
    let start = Instant::now();
    loop {
        let url = c.current_url().await.unwrap();
        if url.path().ends_with(suffix) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the browser never reached {suffix}: still on {url}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_reviewer_signs_in_approves_a_refund_in_the_browser_and_the_shop_is_paid_once() {
    // Arrange: the fake shop, the service under its own prefix, one pending refund.
    let shop = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/orders/O1001/refunds"))
        .respond_with(
            ResponseTemplate::new(201).set_body_json(json!({ "confirmation_id": "rf_browser_1" })),
        )
        .mount(&shop)
        .await;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let prefix = format!("ta-test-browser-{}-{nanos}", std::process::id());
    let mut settings = Settings::defaults();
    settings.amqp.prefix = prefix.clone();
    settings.redis.key_prefix = prefix;
    settings.commerce.backend = ticket_agent::config::BackendKind::Http;
    settings.commerce.http.base_url = shop.uri();
    settings.approvals.listen = "127.0.0.1:0".into();
    settings.approvals.reviewers_env = "TA_TEST_BROWSER_REVIEWERS".into();
    // SAFETY: a variable only this test reads, set before anything reads it.
    unsafe { std::env::set_var("TA_TEST_BROWSER_REVIEWERS", format!("carol:{TOKEN}")) };
    let topology = Topology::from_settings(&settings.amqp, &settings.worker);
    let conn = connect(&settings.amqp.url, "browser test").await.unwrap();
    let ch = confirm_channel(&conn).await.unwrap();
    topology.declare(&ch, &settings.amqp).await.unwrap();
    let app = ticket_agent::app::approvals_app(settings.clone())
        .await
        .unwrap();
    let base = format!("http://{}", app.local_addr().unwrap());
    let store = app.approvals().store.clone();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let service = tokio::spawn(app.run_until_stopped(async {
        let _ = stopped.await;
    }));
    let (approval_id, key) =
        ticket_agent::domain::approval::derive_ids("T-BROWSER", "issue_refund", "O1001");
    let message = ApprovalMessage {
        summary: "We have proposed a refund of $24.99 for order O1001.".into(),
        ticket_subject: "Refund request".into(),
        ticket_body: "The wireless mouse stopped working after a week.".into(),
        ..refund_approval("T-BROWSER", 24.99, chrono::Utc::now())
    };
    publish_confirmed(
        &ch,
        &topology.approvals_exchange,
        &message.routing_key(),
        &serde_json::to_vec(&message).unwrap(),
        lapin::BasicProperties::default(),
    )
    .await
    .unwrap();
    let start = Instant::now();
    while store.get(approval_id.as_str()).await.unwrap().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the approval never arrived"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Act: a reviewer in a real browser.
    let driver = start_driver();
    let c = browser(driver.1).await;
    c.goto(&base).await.unwrap();
    assert!(
        c.current_url().await.unwrap().path().ends_with("/login"),
        "no session: sent to sign in"
    );
    c.find(Locator::Css("input[name=token]"))
        .await
        .unwrap()
        .send_keys(TOKEN)
        .await
        .unwrap();
    c.find(Locator::Css("form[action='/login'] button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let row_css = format!("#row-{approval_id}");
    let row = c.wait().for_element(Locator::Css(&row_css)).await.unwrap();
    let text = row.text().await.unwrap();
    assert!(text.contains("$24.99"), "{text}");
    assert!(text.contains("refund-policy/window-30-days"), "{text}");
    assert!(
        text.contains("The wireless mouse stopped working"),
        "{text}"
    );
    assert_eq!(
        c.find(Locator::Id("reviewer"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
        "carol"
    );
    row.find(Locator::Css("input[name=note]"))
        .await
        .unwrap()
        .send_keys("checked the order")
        .await
        .unwrap();
    row.find(Locator::Css("button.approve"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    // The pending page has a row with this id too: wait for the navigation to end on
    // /decided first, or the wait can return the old row and reading it goes stale.
    wait_for_path(&c, "/decided").await;
    let decided = c.wait().for_element(Locator::Css(&row_css)).await.unwrap();
    let text = decided.text().await.unwrap();
    assert!(
        text.contains("executed") && text.contains("carol") && text.contains("rf_browser_1"),
        "{text}"
    );
    // Approving again from a stale page changes nothing.
    c.goto(&base).await.unwrap();
    let pending = c
        .find(Locator::Css("main"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        !pending.contains(approval_id.as_str()),
        "no longer pending: {pending}"
    );
    c.close().await.unwrap();
    drop(driver);

    // Assert: exactly one refund reached the shop, with the action's key.
    let refunds: Vec<_> = shop
        .received_requests()
        .await
        .unwrap()
        .into_iter()
        .filter(|r| r.method.as_str() == "POST")
        .collect();
    assert_eq!(refunds.len(), 1);
    assert_eq!(
        refunds[0]
            .headers
            .get("idempotency-key")
            .unwrap()
            .to_str()
            .unwrap(),
        key
    );
    let record = store.get(approval_id.as_str()).await.unwrap().unwrap();
    assert_eq!(record.status, ApprovalStatus::Executed);
    assert_eq!(record.decided_by.as_deref(), Some("carol"));
    assert_eq!(record.note.as_deref(), Some("checked the order"));

    let _ = stop.send(());
    service.await.unwrap().unwrap();
    topology.delete(&ch).await.unwrap();
    store.delete_all().await.unwrap();
    ticket_agent::idempotency::RedisStore::connect(&settings.redis.url, &settings.redis.key_prefix)
        .await
        .unwrap()
        .delete_all()
        .await
        .unwrap();
}
