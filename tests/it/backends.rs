//! The backends of the gated actions, against local fakes on loopback: the HTTP
//! commerce backend against wiremock (every endpoint of docs/backends.md, the
//! status-code mapping, retries that keep the idempotency key, malformed answers and
//! ids that must not escape their path segment), the file outbox on a temporary file
//! (at most one line per key, across restarts too), and the SMTP outbox against a
//! tiny SMTP server written here. No test reaches the internet.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use ticket_agent::commerce::embedded::World;
use ticket_agent::commerce::http::HttpBackend;
use ticket_agent::commerce::{BackendError, CommerceBackend, RefundRequest};
use ticket_agent::config::{HttpCommerceSettings, OutboxKind, OutboxSettings, Settings};
use ticket_agent::domain::money::Usd;
use ticket_agent::executor::outbox::{FileOutbox, SentEmail, SmtpOutbox, from_settings};
use ticket_agent::executor::{OutboundEmail, Outbox};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use wiremock::matchers::{body_json, header, method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

// ---------------------------------------------------------------- HTTP commerce

fn settings(base_url: &str, max_retries: u32) -> HttpCommerceSettings {
    HttpCommerceSettings {
        base_url: base_url.into(),
        // A variable no environment sets: no Authorization header.
        token_env: "TICKET_AGENT_TEST_TOKEN_THAT_IS_NEVER_SET".into(),
        timeout_secs: 1,
        max_retries,
    }
}

/// A backend for `server` with a backoff short enough for tests.
fn backend(server: &MockServer, max_retries: u32) -> HttpBackend {
    HttpBackend::new(&settings(&server.uri(), max_retries))
        .unwrap()
        .with_backoff(Duration::from_millis(1), Duration::from_millis(5))
}

fn refund(order_id: &str, cents: i64, key: &str) -> RefundRequest {
    RefundRequest {
        order_id: order_id.into(),
        amount_usd: Usd::from_cents(cents),
        idempotency_key: key.into(),
    }
}

async fn requests(server: &MockServer) -> Vec<Request> {
    server.received_requests().await.unwrap()
}

fn key_of(request: &Request) -> Option<String> {
    request
        .headers
        .get("idempotency-key")
        .map(|v| v.to_str().unwrap().to_string())
}

#[tokio::test]
async fn an_order_is_read_as_the_same_json_as_the_data_files_and_a_404_is_no_order() {
    let server = MockServer::start().await;
    let order = World::fixture().orders[0].clone();
    Mock::given(method("GET"))
        .and(path(format!("/orders/{}", order.order_id)))
        .respond_with(ResponseTemplate::new(200).set_body_json(&order))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/orders/O404"))
        .respond_with(ResponseTemplate::new(404).set_body_json(json!({"error": "not found"})))
        .mount(&server)
        .await;
    let shop = backend(&server, 0);

    assert_eq!(shop.order(&order.order_id).await.unwrap(), Some(order));
    assert_eq!(shop.order("O404").await.unwrap(), None);
    assert_eq!(shop.snapshot_now(), None);
    let sent = requests(&server).await;
    assert!(
        sent.iter()
            .all(|r| !r.headers.contains_key("authorization"))
    );
    assert!(
        sent.iter()
            .all(|r| r.headers.get("accept").unwrap() == "application/json")
    );
}

#[tokio::test]
async fn a_customer_and_the_help_center_articles_are_read_with_the_bearer_token() {
    let server = MockServer::start().await;
    let world = World::fixture();
    let customer = world.customers[0].clone();
    Mock::given(method("GET"))
        .and(path(format!("/customers/{}", customer.customer_id)))
        .and(header("authorization", "Bearer s3cret"))
        .respond_with(ResponseTemplate::new(200).set_body_json(&customer))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/kb/articles"))
        .and(header("authorization", "Bearer s3cret"))
        .respond_with(ResponseTemplate::new(200).set_body_json(&world.kb))
        .mount(&server)
        .await;
    // A base URL with a path and a trailing slash: the endpoints go under it.
    let shop = HttpBackend::with_token(
        &settings(&format!("{}/", server.uri()), 0),
        Some(&"s3cret".into()),
        "test",
    )
    .unwrap();

    assert_eq!(
        shop.customer(&customer.customer_id).await.unwrap(),
        Some(customer)
    );
    assert_eq!(shop.kb_articles().await.unwrap(), world.kb);
    assert!(!format!("{shop:?}").contains("s3cret"));
}

#[tokio::test]
async fn a_customers_orders_are_listed_where_the_shop_lists_them_and_refused_when_another_creeps_in()
 {
    let server = MockServer::start().await;
    let world = World::fixture();
    let of = |customer: &str| -> Vec<_> {
        world
            .orders
            .iter()
            .filter(|o| o.customer_id == customer)
            .cloned()
            .collect()
    };
    Mock::given(method("GET"))
        .and(path("/customers/C001/orders"))
        .respond_with(ResponseTemplate::new(200).set_body_json(of("C001")))
        .mount(&server)
        .await;
    // A shop answering C002's list with C001's orders.
    Mock::given(method("GET"))
        .and(path("/customers/C002/orders"))
        .respond_with(ResponseTemplate::new(200).set_body_json(of("C001")))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(404))
        .mount(&server)
        .await;
    let shop = backend(&server, 0);

    let mine = shop.customer_orders("C001").await.unwrap();
    assert_eq!(mine, of("C001"));
    assert!(!mine.is_empty());
    let err = shop.customer_orders("C002").await.unwrap_err();
    assert!(matches!(err, BackendError::Unavailable(_)), "{err:?}");
    // A shop without the endpoint: no list, and no error.
    assert!(shop.customer_orders("C003").await.unwrap().is_empty());
}

#[tokio::test]
async fn a_refund_posts_the_amount_with_its_idempotency_key_and_reads_the_confirmation() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/orders/O1001/refunds"))
        .and(header("idempotency-key", "idem_abc"))
        .and(header("content-type", "application/json"))
        .and(body_json(json!({"amount_usd": 10.5})))
        .respond_with(ResponseTemplate::new(201).set_body_json(json!({"confirmation_id": "rf_1"})))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/orders/O1001/refunds"))
        .and(header("idempotency-key", "idem_abc"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"confirmation_id": "rf_1", "replayed": true})),
        )
        .mount(&server)
        .await;
    let shop = backend(&server, 0);

    let first = shop
        .issue_refund(&refund("O1001", 1050, "idem_abc"))
        .await
        .unwrap();
    assert_eq!(first.confirmation_id, "rf_1");
    assert!(!first.replayed);
    let again = shop
        .issue_refund(&refund("O1001", 1050, "idem_abc"))
        .await
        .unwrap();
    assert_eq!(again.confirmation_id, "rf_1");
    assert!(again.replayed);
}

#[tokio::test]
async fn refund_refusals_map_to_not_found_key_reused_and_exceeds_refundable() {
    let server = MockServer::start().await;
    let answer = |status: u16, body: Value| ResponseTemplate::new(status).set_body_json(body);
    Mock::given(path("/orders/O404/refunds"))
        .respond_with(answer(404, json!({"error": "order_not_found"})))
        .mount(&server)
        .await;
    Mock::given(path("/orders/O1/refunds"))
        .and(header("idempotency-key", "reused"))
        .respond_with(answer(409, json!({"error": "idempotency_key_reused"})))
        .mount(&server)
        .await;
    Mock::given(path("/orders/O1/refunds"))
        .and(header("idempotency-key", "too_much"))
        .respond_with(answer(422, json!({"refundable_usd": 4.99})))
        .mount(&server)
        .await;
    Mock::given(path("/orders/O1/refunds"))
        .and(header("idempotency-key", "bare_422"))
        .respond_with(answer(422, json!({"error": "nope"})))
        .mount(&server)
        .await;
    let shop = backend(&server, 3);

    assert_eq!(
        shop.issue_refund(&refund("O404", 100, "k")).await,
        Err(BackendError::OrderNotFound("O404".into()))
    );
    assert_eq!(
        shop.issue_refund(&refund("O1", 100, "reused")).await,
        Err(BackendError::IdempotencyKeyReused("reused".into()))
    );
    assert_eq!(
        shop.issue_refund(&refund("O1", 2000, "too_much")).await,
        Err(BackendError::ExceedsRefundable {
            requested: Usd::from_cents(2000),
            refundable: Usd::from_cents(499),
        })
    );
    let err = shop
        .issue_refund(&refund("O1", 2000, "bare_422"))
        .await
        .unwrap_err();
    assert!(
        err.is_transient() && err.to_string().contains("422"),
        "{err}"
    );
    // Refusals are final answers: none of them was retried.
    assert_eq!(requests(&server).await.len(), 4);
}

#[tokio::test]
async fn a_refund_failing_twice_with_500_succeeds_on_the_third_attempt_under_the_same_key() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/orders/O1001/refunds"))
        .respond_with(ResponseTemplate::new(500).set_body_string("boom"))
        .up_to_n_times(2)
        .with_priority(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/orders/O1001/refunds"))
        .respond_with(ResponseTemplate::new(201).set_body_json(json!({"confirmation_id": "rf_9"})))
        .mount(&server)
        .await;
    let shop = backend(&server, 3);

    let confirmation = shop
        .issue_refund(&refund("O1001", 2499, "idem_same"))
        .await
        .unwrap();
    assert_eq!(confirmation.confirmation_id, "rf_9");
    let sent = requests(&server).await;
    assert_eq!(sent.len(), 3);
    for r in &sent {
        assert_eq!(key_of(r).as_deref(), Some("idem_same"));
        assert_eq!(
            r.body_json::<Value>().unwrap(),
            json!({"amount_usd": 24.99})
        );
    }
}

#[tokio::test]
async fn a_refund_failing_with_500_every_time_is_unavailable_after_max_retries_plus_one_requests() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(503).set_body_string("down"))
        .mount(&server)
        .await;
    let shop = backend(&server, 2);

    let err = shop
        .issue_refund(&refund("O1001", 100, "idem_x"))
        .await
        .unwrap_err();
    assert!(matches!(err, BackendError::Unavailable(_)), "{err:?}");
    assert!(err.to_string().contains("after 3 attempts"), "{err}");
    let sent = requests(&server).await;
    assert_eq!(sent.len(), 3);
    assert!(sent.iter().all(|r| key_of(r).as_deref() == Some("idem_x")));
}

#[tokio::test]
async fn a_429_is_retried_after_the_servers_retry_after() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(429).insert_header("retry-after", "0"))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .mount(&server)
        .await;
    let shop = backend(&server, 1);

    assert_eq!(shop.kb_articles().await.unwrap(), vec![]);
    assert_eq!(requests(&server).await.len(), 2);
}

#[tokio::test]
async fn another_client_error_is_unavailable_at_once_without_a_retry() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(401).set_body_json(json!({"error": "bad token"})))
        .mount(&server)
        .await;
    let shop = backend(&server, 3);

    let err = shop.order("O1").await.unwrap_err();
    assert!(err.is_transient(), "{err:?}");
    assert!(err.to_string().contains("401"), "{err}");
    assert_eq!(requests(&server).await.len(), 1);
}

#[tokio::test]
async fn malformed_success_bodies_are_errors_not_panics() {
    let server = MockServer::start().await;
    Mock::given(path("/orders/O1"))
        .respond_with(ResponseTemplate::new(200).set_body_string("<html>not json</html>"))
        .mount(&server)
        .await;
    Mock::given(path("/orders/O2"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"order_id": "O2"})))
        .mount(&server)
        .await;
    Mock::given(path("/customers/C1"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(World::fixture().customers[1].clone()),
        )
        .mount(&server)
        .await;
    Mock::given(path("/kb/articles"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"articles": []})))
        .mount(&server)
        .await;
    Mock::given(path("/orders/O1/refunds"))
        .respond_with(ResponseTemplate::new(200).set_body_string(""))
        .mount(&server)
        .await;
    Mock::given(path("/orders/O2/refunds"))
        .respond_with(ResponseTemplate::new(201).set_body_json(json!({"confirmation_id": " "})))
        .mount(&server)
        .await;
    let shop = backend(&server, 2);

    let errors = [
        shop.order("O1").await.unwrap_err(),
        shop.order("O2").await.unwrap_err(),
        // Another customer's record under this id.
        shop.customer("C1").await.unwrap_err(),
        shop.kb_articles().await.unwrap_err(),
        shop.issue_refund(&refund("O1", 100, "k1"))
            .await
            .unwrap_err(),
        shop.issue_refund(&refund("O2", 100, "k2"))
            .await
            .unwrap_err(),
    ];
    for err in &errors {
        assert!(matches!(err, BackendError::Unavailable(_)), "{err:?}");
    }
    assert!(errors[0].to_string().contains("malformed"), "{}", errors[0]);
    // A malformed answer is not retried: asking again would get the same body.
    assert_eq!(requests(&server).await.len(), errors.len());
}

#[tokio::test]
async fn ids_with_slashes_spaces_or_dots_cannot_leave_their_path_segment() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(404))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(404))
        .mount(&server)
        .await;
    let shop = backend(&server, 0);

    assert_eq!(shop.customer("../orders/O1 x").await.unwrap(), None);
    assert_eq!(shop.order("O1?admin=1#frag").await.unwrap(), None);
    assert_eq!(
        shop.issue_refund(&refund("a/b", 100, "k")).await,
        Err(BackendError::OrderNotFound("a/b".into()))
    );
    // Ids that no URL segment can carry never reach the service.
    assert_eq!(shop.order("..").await.unwrap(), None);
    assert_eq!(shop.order("").await.unwrap(), None);
    assert_eq!(
        shop.issue_refund(&refund(".", 100, "k")).await,
        Err(BackendError::OrderNotFound(".".into()))
    );

    let paths: Vec<String> = requests(&server)
        .await
        .iter()
        .map(|r| {
            assert_eq!(r.url.query(), None);
            r.url.path().to_string()
        })
        .collect();
    assert_eq!(
        paths,
        [
            "/customers/..%2Forders%2FO1%20x",
            "/orders/O1%3Fadmin=1%23frag",
            "/orders/a%2Fb/refunds",
        ]
    );
}

#[tokio::test]
async fn a_service_slower_than_the_timeout_is_retried_then_unavailable() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(3)))
        .mount(&server)
        .await;
    let shop = backend(&server, 1);

    let err = shop.order("O1").await.unwrap_err();
    assert!(err.to_string().contains("timed out"), "{err}");
    assert!(err.to_string().contains("after 2 attempts"), "{err}");
}

#[tokio::test]
async fn a_service_that_refuses_connections_is_unavailable() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let shop = HttpBackend::new(&settings(&format!("http://127.0.0.1:{port}"), 1))
        .unwrap()
        .with_backoff(Duration::from_millis(1), Duration::from_millis(5));

    let err = shop
        .issue_refund(&refund("O1", 100, "k"))
        .await
        .unwrap_err();
    assert!(err.is_transient(), "{err:?}");
    assert!(err.to_string().contains("connection failed"), "{err}");
}

// ---------------------------------------------------------------- outboxes

fn email(key: &str) -> OutboundEmail {
    OutboundEmail {
        to: "ana@example.com".into(),
        subject: "Your refund for O1001".into(),
        body: "Hello Ana,\r\n\r\nYour refund is on its way.\r\n.\r\nA line with a dot above."
            .into(),
        ticket_id: "T-100".into(),
        idempotency_key: key.into(),
    }
}

fn lines(path: &std::path::Path) -> Vec<SentEmail> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[tokio::test]
async fn the_file_outbox_writes_one_line_per_key_and_answers_a_repeat_with_the_same_message_id() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mail").join("outbox.jsonl");
    let outbox = FileOutbox::new(&path);

    let first = outbox.send(&email("idem_1")).await.unwrap();
    let again = outbox.send(&email("idem_1")).await.unwrap();
    assert_eq!(first, again);
    assert!(first.starts_with("msg_"), "{first}");

    let written = lines(&path);
    assert_eq!(written.len(), 1);
    let line = &written[0];
    assert_eq!(line.message_id, first);
    assert_eq!(line.to, "ana@example.com");
    assert_eq!(line.subject, "Your refund for O1001");
    assert_eq!(line.ticket_id, "T-100");
    assert_eq!(line.idempotency_key, "idem_1");
    assert_eq!(line.body, email("idem_1").body);
}

#[tokio::test]
async fn a_new_file_outbox_on_the_same_file_still_refuses_a_second_send_of_a_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.jsonl");
    let first = FileOutbox::new(&path).send(&email("idem_1")).await.unwrap();

    // A restart: a new outbox, the same file.
    let restarted = FileOutbox::new(&path);
    assert_eq!(restarted.send(&email("idem_1")).await.unwrap(), first);
    let other = restarted.send(&email("idem_2")).await.unwrap();
    assert_ne!(other, first);

    let keys: Vec<String> = lines(&path)
        .into_iter()
        .map(|l| l.idempotency_key)
        .collect();
    assert_eq!(keys, ["idem_1", "idem_2"]);
}

#[tokio::test]
async fn fifty_concurrent_sends_of_one_key_write_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.jsonl");
    let outbox: Arc<dyn Outbox> = from_settings(&OutboxSettings {
        kind: OutboxKind::File,
        path: path.to_string_lossy().into_owned(),
        ..smtp_settings(0)
    })
    .unwrap();

    let tasks: Vec<_> = (0..50)
        .map(|_| {
            let outbox = outbox.clone();
            tokio::spawn(async move { outbox.send(&email("idem_c")).await.unwrap() })
        })
        .collect();
    let mut ids = Vec::new();
    for t in tasks {
        ids.push(t.await.unwrap());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1);
    assert_eq!(lines(&path).len(), 1);
}

/// What the fake SMTP server received in one mail transaction.
#[derive(Debug, Clone, Default)]
struct Received {
    mail_from: String,
    rcpt_to: Vec<String>,
    data: String,
}

/// A minimal SMTP server on 127.0.0.1:0: greets, accepts EHLO, MAIL FROM, RCPT TO and
/// DATA, undoes dot-stuffing, and records each message.
async fn fake_smtp_server() -> (u16, Arc<Mutex<Vec<Received>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let inbox = Arc::new(Mutex::new(Vec::new()));
    let store = inbox.clone();
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else {
                return;
            };
            let store = store.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut reader = BufReader::new(read);
                write.write_all(b"220 fake.test ESMTP\r\n").await.unwrap();
                let mut current = Received::default();
                let mut line = String::new();
                loop {
                    line.clear();
                    if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
                        return;
                    }
                    let command = line.trim_end().to_ascii_uppercase();
                    let reply: &[u8] = if command.starts_with("EHLO") || command.starts_with("HELO")
                    {
                        b"250 fake.test\r\n"
                    } else if command.starts_with("MAIL FROM:") {
                        current.mail_from = line.trim_end()[10..].to_string();
                        b"250 OK\r\n"
                    } else if command.starts_with("RCPT TO:") {
                        current.rcpt_to.push(line.trim_end()[8..].to_string());
                        b"250 OK\r\n"
                    } else if command == "DATA" {
                        write
                            .write_all(b"354 end with <CRLF>.<CRLF>\r\n")
                            .await
                            .unwrap();
                        loop {
                            line.clear();
                            if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
                                return;
                            }
                            if line == ".\r\n" {
                                break;
                            }
                            let unstuffed = line.strip_prefix('.').unwrap_or(&line);
                            current.data.push_str(unstuffed);
                        }
                        store.lock().unwrap().push(std::mem::take(&mut current));
                        b"250 queued\r\n"
                    } else if command == "QUIT" {
                        write.write_all(b"221 bye\r\n").await.unwrap();
                        return;
                    } else {
                        // RSET, NOOP and anything else.
                        b"250 OK\r\n"
                    };
                    write.write_all(reply).await.unwrap();
                }
            });
        }
    });
    (port, inbox)
}

fn smtp_settings(port: u16) -> OutboxSettings {
    OutboxSettings {
        kind: OutboxKind::Smtp,
        path: String::new(),
        smtp_host: "127.0.0.1".into(),
        smtp_port: port,
        smtp_tls: ticket_agent::config::SmtpTls::None,
        smtp_from: "Support <support@shop.example>".into(),
        smtp_username_env: "TICKET_AGENT_TEST_SMTP_USER_THAT_IS_NEVER_SET".into(),
        smtp_password_env: "TICKET_AGENT_TEST_SMTP_PASSWORD_THAT_IS_NEVER_SET".into(),
        smtp_timeout_secs: 5,
    }
}

/// The value of a header in a raw message (first occurrence, unfolded).
fn header_value(data: &str, name: &str) -> Option<String> {
    let head = data.split("\r\n\r\n").next().unwrap();
    let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
    unfolded.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
    })
}

#[tokio::test]
async fn the_smtp_outbox_delivers_with_from_to_subject_and_a_message_id_derived_from_the_key() {
    let (port, inbox) = fake_smtp_server().await;
    let outbox = SmtpOutbox::new(&smtp_settings(port)).unwrap();

    let id = outbox.send(&email("idem_mail")).await.unwrap();
    assert_eq!(id, outbox.message_id("idem_mail"));
    assert!(
        id.starts_with("<msg_") && id.ends_with("@shop.example>"),
        "{id}"
    );
    // The same key in a later process gets the same Message-ID.
    let other_process = SmtpOutbox::new(&smtp_settings(port)).unwrap();
    assert_eq!(other_process.message_id("idem_mail"), id);
    assert_ne!(other_process.message_id("idem_other"), id);

    let received = inbox.lock().unwrap().clone();
    assert_eq!(received.len(), 1);
    let mail = &received[0];
    assert_eq!(mail.mail_from, "<support@shop.example>");
    assert_eq!(mail.rcpt_to, ["<ana@example.com>"]);
    let from = header_value(&mail.data, "From").unwrap();
    assert_eq!(from.replace('"', ""), "Support <support@shop.example>");
    assert_eq!(
        header_value(&mail.data, "To").as_deref(),
        Some("ana@example.com")
    );
    assert_eq!(
        header_value(&mail.data, "Subject").as_deref(),
        Some("Your refund for O1001")
    );
    assert_eq!(
        header_value(&mail.data, "Message-ID").as_deref(),
        Some(id.as_str())
    );
    assert!(
        mail.data.contains("Your refund is on its way."),
        "{}",
        mail.data
    );
    assert!(
        mail.data.contains("\r\n.\r\nA line with a dot above."),
        "{}",
        mail.data
    );
}

#[tokio::test]
async fn the_smtp_outbox_sends_a_key_once_per_process_and_reports_an_unreachable_server() {
    let (port, inbox) = fake_smtp_server().await;
    let outbox = SmtpOutbox::new(&smtp_settings(port)).unwrap();
    let first = outbox.send(&email("idem_once")).await.unwrap();
    assert_eq!(outbox.send(&email("idem_once")).await.unwrap(), first);
    assert_eq!(inbox.lock().unwrap().len(), 1);

    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let unreachable = SmtpOutbox::new(&smtp_settings(closed)).unwrap();
    let err = unreachable.send(&email("idem_x")).await.unwrap_err();
    assert!(err.is_transient(), "{err:?}");
}

#[test]
fn outbox_settings_that_make_no_outbox_are_refused_at_start() {
    let bad_from = OutboxSettings {
        smtp_from: "not an address".into(),
        ..smtp_settings(25)
    };
    assert!(from_settings(&bad_from).is_err());
    // An unknown kind is refused when the settings load (config's own test names
    // the key); here it cannot even be written down.
    let bad_kind = Settings::load_with_vars(
        std::path::Path::new("/nonexistent"),
        None,
        Some(
            [("TICKET_AGENT__OUTBOX__KIND".into(), "carrier-pigeon".into())]
                .into_iter()
                .collect(),
        ),
    );
    assert!(bad_kind.is_err());
    let bad_tls = Settings::load_with_vars(
        std::path::Path::new("/nonexistent"),
        None,
        Some(
            [("TICKET_AGENT__OUTBOX__SMTP_TLS".into(), "maybe".into())]
                .into_iter()
                .collect(),
        ),
    );
    assert!(bad_tls.is_err());
}
