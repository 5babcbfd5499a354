//! The approvals service (console, API, dead-letter page) started on a test's own
//! corner of the broker and Redis, with reviewers and operators of its own, and the
//! dead letters the console tests put in front of it; and the screenshots of the console
//! kept under docs/images/, written or checked.

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use lapin::BasicProperties;
use lapin::options::{BasicGetOptions, BasicNackOptions};
use lapin::types::{AMQPValue, FieldTable};
use ticket_agent::queue::{long_string, publish_confirmed, submit};

use super::broker::Env;
use super::pg::TestDb;

/// The CSRF token a console page's forms carry.
pub(crate) fn csrf_of(html: &str) -> String {
    let at = html
        .find("name=\"csrf\" value=\"")
        .expect("a form with a CSRF token")
        + 19;
    html[at..at + 64].to_string()
}

/// A reviewer's token in every console test.
pub(crate) const REVIEWER_TOKEN: &str = "rita-reviewer-token-0123";
/// An operator's token in every console test.
pub(crate) const OPERATOR_TOKEN: &str = "olga-operator-token-4567";

/// The service, running until [`Console::stop`].
pub(crate) struct Console {
    /// `http://127.0.0.1:PORT`.
    pub(crate) base: String,
    stop: tokio::sync::oneshot::Sender<()>,
    service: tokio::task::JoinHandle<anyhow::Result<()>>,
    /// The service's own approvals database, dropped with the console.
    db: TestDb,
}

impl Console {
    /// Starts the service over `env`'s settings with the reviewer `rita` and the
    /// operator `olga`, each read from a variable named after the test's prefix.
    pub(crate) async fn start(env: &mut Env) -> Console {
        let tag = env
            .settings
            .amqp
            .prefix
            .to_uppercase()
            .replace(|c: char| !c.is_ascii_alphanumeric(), "_");
        let reviewers = format!("{tag}_REVIEWERS");
        let operators = format!("{tag}_OPERATORS");
        // SAFETY: variables only this test reads, set before anything reads them.
        unsafe {
            std::env::set_var(&reviewers, format!("rita:{REVIEWER_TOKEN}"));
            std::env::set_var(&operators, format!("olga:{OPERATOR_TOKEN}"));
        }
        env.settings.approvals.reviewers_env = reviewers;
        env.settings.approvals.operators_env = operators;
        env.settings.approvals.listen = "127.0.0.1:0".into();
        let db = TestDb::create(&tag.to_lowercase()).await;
        env.settings.approvals.database_url = (db.url.clone()).into();
        let app = ticket_agent::app::approvals_app(env.settings.clone())
            .await
            .unwrap();
        let base = format!("http://{}", app.local_addr().unwrap());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let service = tokio::spawn(app.run_until_stopped(async {
            let _ = stopped.await;
        }));
        Console {
            base,
            stop,
            service,
            db,
        }
    }

    /// Stops the service and deletes every Redis key under the test's prefix (the
    /// sessions, the run accounts, the approvals); the broker's part goes with
    /// [`Env::cleanup`].
    pub(crate) async fn stop(self, env: &Env) {
        let _ = self.stop.send(());
        self.service.await.unwrap().unwrap();
        let conn = ticket_agent::kv::connect(&env.settings.redis.url)
            .await
            .unwrap();
        ticket_agent::kv::delete_matching(&conn, &[format!("{}:*", env.settings.redis.key_prefix)])
            .await
            .unwrap();
        drop(self.db);
    }
}

/// A ticket's JSON, as `submit` takes it.
pub(crate) fn ticket_json(id: &str, subject: &str) -> String {
    serde_json::json!({
        "ticket_id": id,
        "customer_id": "C001",
        "order_id": "O1001",
        "subject": subject,
        "body": "The wireless mouse stopped working after a week. I'd like a refund please."
    })
    .to_string()
}

impl Env {
    /// Puts a dead letter into the dead queue as the worker makes one: reason, attempt,
    /// death time and last error in our headers.
    pub(crate) async fn bury(&self, id: &str, reason: &str, dead_at: DateTime<Utc>) {
        let mut headers = FieldTable::default();
        headers.insert("x-attempt".into(), AMQPValue::LongInt(3));
        headers.insert("x-dead-reason".into(), long_string(reason));
        headers.insert(
            "x-last-error".into(),
            long_string("3 attempts; last error: HTTP 529 overloaded"),
        );
        headers.insert("x-dead-at".into(), long_string(&dead_at.to_rfc3339()));
        let props = BasicProperties::default()
            .with_message_id(id.into())
            .with_correlation_id(id.into())
            .with_headers(headers);
        publish_confirmed(
            &self.ch,
            &self.topology.dead_exchange,
            "",
            ticket_json(id, "Refund request").as_bytes(),
            props,
        )
        .await
        .unwrap();
    }

    /// Makes a dead letter the broker's way, with its `x-death`: the ticket is put back
    /// on the tickets queue until its delivery limit (`amqp.delivery_limit`, set low by
    /// the test) sends it to the dead queue.
    pub(crate) async fn bury_by_broker(&self, id: &str) {
        let dead_before = self.settled_depth(&self.topology.dead_queue).await;
        submit::submit(
            &self.ch,
            &self.topology,
            &ticket_json(id, "My order never arrived"),
            4096,
            10,
        )
        .await
        .unwrap();
        let start = Instant::now();
        while self.depth(&self.topology.dead_queue).await == dead_before {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the broker never dead-lettered {id}"
            );
            if let Some(m) = self
                .ch
                .basic_get(
                    self.topology.tickets_queue.as_str().into(),
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
}

/// Set to `1`, the browser test writes the console's screenshots under docs/images/;
/// otherwise it checks the committed ones.
pub(crate) const WRITE_SCREENSHOTS: &str = "TICKET_AGENT_WRITE_SCREENSHOTS";

/// A PNG's width and height, read from its header; `None` for anything else.
pub(crate) fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 24 || &bytes[..8] != SIGNATURE || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let at = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    Some((at(16), at(20)))
}

/// `docs/images/{name}` of this repository.
pub(crate) fn screenshot_path(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("docs/images")
        .join(name)
}

/// With [`WRITE_SCREENSHOTS`] set to `1`, writes `png` (a screenshot `width` px wide)
/// to `docs/images/{name}`; otherwise checks that the committed file is a PNG that wide,
/// as docs/approvals.md shows it.
pub(crate) fn keep_screenshot(name: &str, png: &[u8], width: u32) {
    let (taken, _) = png_size(png).expect("the browser's screenshot is a PNG");
    assert_eq!(taken, width, "the screenshot for {name} is {taken} px wide");
    let path = screenshot_path(name);
    if std::env::var(WRITE_SCREENSHOTS).as_deref() == Ok("1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, png).unwrap();
        return;
    }
    let committed = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run the browser test with {WRITE_SCREENSHOTS}=1 to write it",
            path.display()
        )
    });
    let (w, h) = png_size(&committed).unwrap_or_else(|| panic!("{} is not a PNG", path.display()));
    assert_eq!(w, width, "{} is {w} px wide", path.display());
    assert!(h >= 300, "{} is only {h} px high", path.display());
}
