//! The ingest API against the local RabbitMQ and Redis, over real HTTP: what reaches
//! the tickets queue (consumed and counted), what each answer says, and every refusal
//! (401, 413, 503 with Retry-After). Each test has its own prefix, deleted after.

use crate::common;

use std::collections::HashMap;
use std::sync::Arc;

use crate::common::broker::Env;
use serde_json::{Value, json};
use ticket_agent::config::Settings;
use ticket_agent::ingest::Ingest;

const TOKEN: &str = "acme-ingest-token-0123";

/// A running ingest service on the test's own corner of the broker and Redis.
struct Ingestion {
    base: String,
    client: reqwest::Client,
    core: Arc<Ingest>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    service: Option<tokio::task::JoinHandle<anyhow::Result<()>>>,
}

impl Ingestion {
    async fn start(name: &str, settings: &Settings) -> Ingestion {
        let mut settings = settings.clone();
        settings.ingest.listen = "127.0.0.1:0".into();
        let var = format!("TA_TEST_INGEST_SENDERS_{name}")
            .replace('-', "_")
            .to_uppercase();
        // SAFETY: a variable only this test reads, set before anything reads it.
        unsafe {
            std::env::set_var(
                &var,
                format!("acme:{TOKEN},globex:globex-ingest-token-4567"),
            )
        };
        settings.ingest.senders_env = var;
        let app = ticket_agent::app::ingest_app(settings).await.unwrap();
        let base = format!("http://{}", app.local_addr().unwrap());
        let core = app.ingest().clone();
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let service = tokio::spawn(app.run_until_stopped(async {
            let _ = rx.await;
        }));
        Ingestion {
            base,
            client: reqwest::Client::new(),
            core,
            stop: Some(tx),
            service: Some(service),
        }
    }

    /// POSTs `body` as `content_type` with the sender's token; (status, Retry-After,
    /// JSON body).
    async fn post(
        &self,
        content_type: &str,
        body: impl Into<reqwest::Body>,
        headers: &[(&str, &str)],
    ) -> (u16, Option<String>, Value) {
        let mut request = self
            .client
            .post(format!("{}/v1/tickets", self.base))
            .header("content-type", content_type)
            .bearer_auth(TOKEN)
            .body(body);
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        answer(request.send().await.unwrap()).await
    }

    async fn post_json(&self, body: &Value) -> (u16, Option<String>, Value) {
        self.post("application/json", body.to_string(), &[]).await
    }

    async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        self.service.take().unwrap().await.unwrap().unwrap();
        self.core.dedupe().delete_all().await.unwrap();
    }
}

async fn answer(response: reqwest::Response) -> (u16, Option<String>, Value) {
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_string());
    let body = response.json().await.unwrap_or(Value::Null);
    (status, retry_after, body)
}

fn ticket(id: &str, body: &str) -> Value {
    json!({ "ticket_id": id, "subject": "Where is my order?", "body": body, "customer_id": "C001", "order_id": "O1002" })
}

/// Every ticket id in the tickets queue, taken off it, with how often it was there.
async fn published(env: &Env) -> HashMap<String, usize> {
    let mut seen = HashMap::new();
    for (body, _) in env.drain(&env.topology.tickets_queue).await {
        *seen
            .entry(body["ticket_id"].as_str().unwrap().to_string())
            .or_insert(0) += 1;
    }
    seen
}

#[tokio::test]
async fn a_batch_with_a_duplicate_and_an_invalid_ticket_publishes_each_valid_one_once_and_a_retry_nothing()
 {
    let env = Env::open("ingest-batch", |_| {}).await;
    let api = Ingestion::start("batch", &env.settings).await;
    let batch = json!([
        ticket("T-1", "My parcel is late."),
        ticket("T-2", "Can I return the mouse?"),
        ticket("T-1", "My parcel is late."),
        { "ticket_id": "T-3", "subject": "Refund", "body": "Broken." },
    ]);

    let (status, retry_after, body) = api.post_json(&batch).await;
    assert_eq!(status, 202, "{body:#}");
    assert_eq!(retry_after, None);
    assert_eq!(
        (body["accepted"].clone(), body["published"].clone()),
        (json!(3), json!(2)),
        "{body:#}"
    );
    let results = body["results"].as_array().unwrap();
    assert_eq!(results[0]["status"], "accepted");
    assert_eq!(results[0]["duplicate"], false);
    assert_eq!(results[2]["status"], "accepted");
    assert_eq!(results[2]["duplicate"], true, "{body:#}");
    assert_eq!(results[3]["status"], "invalid");
    assert_eq!(results[3]["code"], 422);
    assert_eq!(results[3]["index"], 3);
    assert_eq!(results[3]["ticket_id"], "T-3");
    assert_eq!(results[3]["error"]["field"], "customer_id");
    assert_eq!(results[3]["error"]["reason"], "missing");
    let first_accepted_at = results[0]["accepted_at"].clone();

    // The sender retries the whole batch (it never saw the answer, say).
    let (status, _, again) = api.post_json(&batch).await;
    assert_eq!(status, 202, "{again:#}");
    assert_eq!(again["published"], 0, "{again:#}");
    assert_eq!(again["duplicates"], 3, "{again:#}");
    assert_eq!(again["results"][0]["duplicate"], true);
    assert_eq!(again["results"][0]["accepted_at"], first_accepted_at);
    assert_eq!(again["results"][3]["error"]["field"], "customer_id");

    // The same id with other content is not a retry: it conflicts, and nothing goes out.
    let (status, _, other) = api
        .post_json(&json!([ticket("T-2", "Something else entirely.")]))
        .await;
    assert_eq!(status, 422, "{other:#}");
    assert_eq!(other["results"][0]["status"], "conflict");

    env.settled_depth(&env.topology.tickets_queue).await;
    let seen = published(&env).await;
    assert_eq!(
        seen,
        HashMap::from([("T-1".to_string(), 1), ("T-2".to_string(), 1)])
    );

    api.stop().await;
    env.cleanup().await;
}

#[tokio::test]
async fn json_lines_are_answered_by_line_and_an_idempotency_key_dedupes_one_ticket() {
    let env = Env::open("ingest-lines", |_| {}).await;
    let api = Ingestion::start("lines", &env.settings).await;
    let lines = format!(
        "{}\n\n{}\n{}\n",
        ticket("L-1", "Hello."),
        json!({ "ticket_id": "L-2", "customer_id": "C001", "subject": "", "body": " " }),
        ticket("L-3", "Hi again.")
    );
    let (status, _, body) = api.post("application/x-ndjson", lines, &[]).await;
    assert_eq!(status, 202, "{body:#}");
    let results = body["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    assert_eq!(results[1]["index"], 1);
    assert_eq!(results[1]["line"], 3);
    assert_eq!(results[1]["error"]["field"], "body");
    assert_eq!(results[2]["line"], 4);

    // Under an Idempotency-Key the key, not the id, is what a retry is recognised by.
    let one = ticket("K-1", "Keyed.").to_string();
    let key = [("idempotency-key", "order-form-77")];
    let (status, _, first) = api.post("application/json", one.clone(), &key).await;
    assert_eq!(status, 202, "{first:#}");
    let (status, _, retry) = api.post("application/json", one, &key).await;
    assert_eq!(status, 202);
    assert_eq!(retry["results"][0]["duplicate"], true, "{retry:#}");
    let changed = ticket("K-2", "Another ticket, same key.").to_string();
    let (status, _, conflict) = api.post("application/json", changed, &key).await;
    assert_eq!(status, 422, "{conflict:#}");
    assert_eq!(conflict["results"][0]["status"], "conflict");
    // A key names one ticket: a batch under one is refused whole.
    let batch = json!([ticket("K-3", "a"), ticket("K-4", "b")]).to_string();
    let (status, _, refused) = api.post("application/json", batch, &key).await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (400, Some("bad_request"))
    );

    env.settled_depth(&env.topology.tickets_queue).await;
    let seen = published(&env).await;
    assert_eq!(
        seen,
        HashMap::from([
            ("L-1".to_string(), 1),
            ("L-3".to_string(), 1),
            ("K-1".to_string(), 1)
        ])
    );

    api.stop().await;
    env.cleanup().await;
}

/// `ticket`, as message `message` of its thread.
fn message(id: &str, message: &str, body: &str) -> Value {
    let mut t = ticket(id, body);
    t["message_id"] = json!(message);
    t
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_new_message_on_a_known_ticket_is_accepted_and_run_and_the_same_message_twice_is_a_duplicate()
 {
    let env = Env::open("ingest-thread", |s| {
        s.worker.metrics_listen = "127.0.0.1:0".into();
    })
    .await;
    let api = Ingestion::start("thread", &env.settings).await;
    let (status, _, body) = api
        .post_json(&ticket("TH-1", "Hi, my order O1002 has not arrived yet."))
        .await;
    assert_eq!(
        (status, body["published"].as_u64()),
        (202, Some(1)),
        "{body:#}"
    );

    // The customer writes again on the same ticket: a new message is new work.
    let second = message(
        "TH-1",
        "m-2",
        "It still has not arrived. Any news on O1002?",
    );
    let (status, _, body) = api.post_json(&second).await;
    assert_eq!(status, 202, "{body:#}");
    assert_eq!(body["published"], 1, "{body:#}");
    let result = &body["results"][0];
    assert_eq!(
        (result["ticket_id"].as_str(), result["message_id"].as_str()),
        (Some("TH-1"), Some("m-2"))
    );
    assert_eq!(result["duplicate"], false);
    let accepted_at = result["accepted_at"].clone();

    // The same message twice is a duplicate, as a ticket sent twice is.
    let (status, _, body) = api.post_json(&second).await;
    assert_eq!(
        (status, body["duplicates"].as_u64()),
        (202, Some(1)),
        "{body:#}"
    );
    assert_eq!(body["results"][0]["accepted_at"], accepted_at);
    // ... and the same message id with other content conflicts, naming the message.
    let changed = message("TH-1", "m-2", "Something else entirely.");
    let (status, _, body) = api.post_json(&changed).await;
    assert_eq!(status, 422, "{body:#}");
    assert_eq!(body["results"][0]["status"], "conflict");
    let why = body["results"][0]["error"]["message"].as_str().unwrap();
    assert!(why.contains("message_id m-2"), "{why}");
    // Within one body too: a third message and its copy publish once.
    let third = message("TH-1", "m-3", "Also, can I change the delivery address?");
    let (status, _, body) = api.post_json(&json!([third, third])).await;
    assert_eq!(status, 202, "{body:#}");
    assert_eq!(
        (body["published"].as_u64(), body["duplicates"].as_u64()),
        (Some(1), Some(1)),
        "{body:#}"
    );

    // Each accepted message is run and answered on its own.
    let (worker, stop) = env.spawn_worker(Arc::new(ticket_agent::model::rules::RulesModel::new()));
    let n = env
        .wait_depth(
            &env.topology.outcomes_all_queue,
            3,
            std::time::Duration::from_secs(60),
        )
        .await;
    assert_eq!(n, 3);
    stop.send(()).unwrap();
    let stats = worker.await.unwrap();
    assert_eq!(stats.finished, 3);
    let mut answered: Vec<String> = env
        .drain(&env.topology.outcomes_all_queue)
        .await
        .into_iter()
        .map(|(o, _)| {
            assert_eq!(o["ticket_id"], "TH-1", "{o}");
            o["message_id"]
                .as_str()
                .unwrap_or("(the ticket)")
                .to_string()
        })
        .collect();
    answered.sort();
    assert_eq!(answered, ["(the ticket)", "m-2", "m-3"]);
    assert_eq!(env.records.count_done().await.unwrap(), 3);
    api.stop().await;
    env.cleanup().await;
}

#[tokio::test]
async fn a_missing_or_wrong_token_gets_401_and_an_oversized_body_413_and_nothing_is_published() {
    let env = Env::open("ingest-refuse", |s| {
        s.ingest.max_request_bytes = 1024;
        s.ingest.max_batch = 2;
        s.ingest.max_in_flight = 2;
    })
    .await;
    let api = Ingestion::start("refuse", &env.settings).await;
    let url = format!("{}/v1/tickets", api.base);
    let one = ticket("R-1", "Hello.").to_string();

    let (status, _, body) = answer(
        api.client
            .post(&url)
            .header("content-type", "application/json")
            .body(one.clone())
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (401, Some("unauthorized"))
    );
    let response = api
        .client
        .post(&url)
        .header("content-type", "application/json")
        .bearer_auth("acme-ingest-token-0124")
        .body(one.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["www-authenticate"], "Bearer");
    assert_eq!(response.status(), 401);

    let big = ticket("R-2", &"x".repeat(4096)).to_string();
    let (status, _, body) = api.post("application/json", big, &[]).await;
    assert_eq!((status, body["error"].as_str()), (413, Some("too_large")));
    // Streamed without a length, the body is cut at the limit all the same.
    let addr = api.base.trim_start_matches("http://").to_string();
    let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let chunk = format!("[{}", ticket("R-6", &"y".repeat(2900)));
    let request = format!(
        "POST /v1/tickets HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {TOKEN}\r\n\
         Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n\
         {:x}\r\n{chunk}\r\n1\r\n]\r\n0\r\n\r\n",
        chunk.len()
    );
    tokio::io::AsyncWriteExt::write_all(&mut stream, request.as_bytes())
        .await
        .unwrap();
    let mut answer_bytes = Vec::new();
    let _ = tokio::io::AsyncReadExt::read_to_end(&mut stream, &mut answer_bytes).await;
    let answer_text = String::from_utf8_lossy(&answer_bytes);
    assert!(answer_text.starts_with("HTTP/1.1 413"), "{answer_text}");
    assert!(answer_text.contains("too_large"), "{answer_text}");
    let three = json!([ticket("R-3", "a"), ticket("R-4", "b"), ticket("R-5", "c")]);
    let (status, _, body) = api.post_json(&three).await;
    assert_eq!((status, body["error"].as_str()), (413, Some("too_large")));
    let (status, _, _) = api.post("text/plain", one, &[]).await;
    assert_eq!(status, 415);

    // The committed OpenAPI document is the served one.
    let served = api
        .client
        .get(format!("{}/openapi.json", api.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(served, ticket_agent::ingest::web::openapi_json_text());

    env.settled_depth(&env.topology.tickets_queue).await;
    assert!(published(&env).await.is_empty());
    api.stop().await;
    env.cleanup().await;
}

#[tokio::test]
async fn guessing_bearer_tokens_is_stopped_with_429_even_for_the_right_token() {
    let env = Env::open("ingest-guess", |_| {}).await;
    let api = Ingestion::start("guess", &env.settings).await;
    let url = format!("{}/v1/tickets", api.base);
    let one = ticket("G-1", "Hello.").to_string();
    let limit = ticket_agent::auth::guard::MAX_FAILURES as usize;
    let mut statuses = Vec::new();
    for i in 0..limit + 3 {
        let r = api
            .client
            .post(&url)
            .header("content-type", "application/json")
            .bearer_auth(format!("guess-{i:020}"))
            .body(one.clone())
            .send()
            .await
            .unwrap();
        statuses.push(r.status().as_u16());
    }
    assert!(statuses[..limit].iter().all(|s| *s == 401), "{statuses:?}");
    assert!(statuses[limit..].iter().all(|s| *s == 429), "{statuses:?}");
    let (status, retry_after, _) = api.post_json(&ticket("G-2", "Hello.")).await;
    assert_eq!(
        status, 429,
        "the right token waits it out from this address"
    );
    assert!(retry_after.is_some());
    assert!(published(&env).await.is_empty());
    let limited = ticket_agent::metrics::global()
        .auth_refusals
        .with_label_values(&["ingest", "rate_limited"])
        .get();
    assert!(limited >= 4, "{limited}");
    api.stop().await;
    env.cleanup().await;
}

#[tokio::test]
async fn past_the_in_flight_bound_a_request_gets_503_with_retry_after_at_once() {
    let env = Env::open("ingest-bound", |s| {
        s.ingest.max_batch = 2;
        s.ingest.max_in_flight = 2;
        s.ingest.retry_after_secs = 7;
    })
    .await;
    let api = Ingestion::start("bound", &env.settings).await;
    // Two tickets are in flight (held here, as a slow confirm would hold them).
    let held = api.core.try_admit(2).unwrap();
    let (status, retry_after, body) = api.post_json(&ticket("B-1", "Hello.")).await;
    assert_eq!(status, 503, "{body:#}");
    assert_eq!(retry_after.as_deref(), Some("7"));
    assert_eq!(body["error"], "overloaded");
    drop(held);
    let (status, _, body) = api.post_json(&ticket("B-1", "Hello.")).await;
    assert_eq!(status, 202, "{body:#}");
    assert_eq!(body["published"], 1);

    env.settled_depth(&env.topology.tickets_queue).await;
    assert_eq!(
        published(&env).await,
        HashMap::from([("B-1".to_string(), 1)])
    );
    api.stop().await;
    env.cleanup().await;
}

#[tokio::test]
async fn a_ticket_the_broker_did_not_take_is_answered_503_and_its_retry_publishes_it() {
    let env = Env::open("ingest-unroutable", |_| {}).await;
    let api = Ingestion::start("unroutable", &env.settings).await;
    // Warm the link, then take the queue away: the next publish comes back unroutable.
    let (status, _, _) = api.post_json(&ticket("U-0", "Warm-up.")).await;
    assert_eq!(status, 202);
    env.drain(&env.topology.tickets_queue).await;
    env.ch
        .queue_delete(
            env.topology.tickets_queue.as_str().into(),
            Default::default(),
        )
        .await
        .unwrap();
    let (status, retry_after, body) = api.post_json(&ticket("U-1", "Hello.")).await;
    assert_eq!(status, 503, "{body:#}");
    assert!(retry_after.is_some());
    assert_eq!(body["results"][0]["status"], "unavailable", "{body:#}");

    // The claim was given back: once the queue is back, the retry publishes.
    env.topology
        .declare(&env.ch, &env.settings.amqp)
        .await
        .unwrap();
    let (status, _, body) = api.post_json(&ticket("U-1", "Hello.")).await;
    assert_eq!(status, 202, "{body:#}");
    assert_eq!(body["published"], 1, "{body:#}");
    env.settled_depth(&env.topology.tickets_queue).await;
    assert_eq!(
        published(&env).await,
        HashMap::from([("U-1".to_string(), 1)])
    );

    api.stop().await;
    env.cleanup().await;
}

#[tokio::test]
async fn a_key_claimed_by_a_request_that_died_answers_409_until_its_claim_runs_out_then_publishes()
{
    let env = Env::open("ingest-claim", |_| {}).await;
    let api = Ingestion::start("claim", &env.settings).await;
    // A request that claimed C-1 and died before the broker's confirm.
    let key = ticket_agent::ingest::dedupe::DedupeKey::Ticket("C-1".into());
    let claimed = api
        .core
        .dedupe()
        .claim(
            &[(&key, "fingerprint")],
            std::time::Duration::from_millis(600),
        )
        .await
        .unwrap();
    assert!(matches!(
        claimed[0],
        ticket_agent::ingest::dedupe::Claimed::Ours(_)
    ));
    let (status, retry_after, body) = api.post_json(&ticket("C-1", "Hello.")).await;
    assert_eq!(status, 409, "{body:#}");
    assert!(retry_after.is_some());
    assert_eq!(body["results"][0]["status"], "in_progress");
    assert_eq!(published(&env).await, HashMap::new());

    // Redis keeps real time: a claim's TTL cannot be paused, so this waits it out.
    tokio::time::sleep(std::time::Duration::from_millis(800)).await;
    let (status, _, body) = api.post_json(&ticket("C-1", "Hello.")).await;
    assert_eq!(status, 202, "{body:#}");
    assert_eq!(body["published"], 1);
    env.settled_depth(&env.topology.tickets_queue).await;
    assert_eq!(
        published(&env).await,
        HashMap::from([("C-1".to_string(), 1)])
    );

    let metrics = api
        .client
        .get(format!("{}/metrics", api.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for name in [
        "ticket_agent_ingest_accepted_total",
        r#"ticket_agent_ingest_rejected_total{reason="in_progress"}"#,
        "ticket_agent_ingest_request_duration_seconds_bucket",
    ] {
        assert!(metrics.contains(name), "{name} is not in /metrics");
    }
    api.stop().await;
    env.cleanup().await;
}

#[tokio::test]
async fn with_the_broker_unreachable_a_request_gets_503_with_retry_after_and_claims_nothing() {
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let mut settings = Settings::defaults();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    settings.redis.key_prefix = format!("ta-test-ingest-down-{}-{nanos}", std::process::id());
    settings.amqp.url = (format!("amqp://guest:guest@127.0.0.1:{closed}/%2f")).into();
    let api = Ingestion::start("down", &settings).await;
    for _ in 0..2 {
        let (status, retry_after, body) = api.post_json(&ticket("D-1", "Hello.")).await;
        assert_eq!(status, 503, "{body:#}");
        assert_eq!(retry_after.as_deref(), Some("2"));
        assert_eq!(body["error"], "broker_unavailable");
    }
    let record = api
        .core
        .dedupe()
        .get(&ticket_agent::ingest::dedupe::DedupeKey::Ticket(
            "D-1".into(),
        ))
        .await
        .unwrap();
    assert_eq!(record, None);
    let ready = api
        .client
        .get(format!("{}/readyz", api.base))
        .send()
        .await
        .unwrap();
    assert_eq!(ready.status(), 503);
    api.stop().await;
}

#[test]
fn the_committed_openapi_document_is_the_one_the_code_generates() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/openapi/ingest.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == ticket_agent::ingest::web::openapi_json_text(),
        "{} is not what the code generates; regenerate it with \
         `cargo run -- ingest openapi > docs/openapi/ingest.json`",
        path.display()
    );
}

/// The dedupe records of one batch on a Redis Cluster (tests/common/redis_cluster.rs),
/// where the batch's keys fall in different slots and each goes as its own script call.
#[tokio::test(flavor = "multi_thread")]
async fn a_batch_spread_over_a_redis_clusters_slots_is_claimed_accepted_and_released_key_by_key() {
    use ticket_agent::ingest::dedupe::{Claimed, Dedupe, DedupeKey, Record};
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let prefix = format!("ta-test-ingest-cluster-{}-{nanos}", std::process::id());
    let dedupe = Dedupe::connect(common::redis_cluster::cluster(), &prefix)
        .await
        .unwrap();
    let keys: Vec<DedupeKey> = (0..40)
        .map(|i| DedupeKey::Ticket(format!("B-{i}")))
        .collect();
    let lease = std::time::Duration::from_secs(30);
    let batch: Vec<(&DedupeKey, &str)> = keys.iter().map(|k| (k, "fp")).collect();
    let claimed = dedupe.claim(&batch, lease).await.unwrap();
    let pending: Vec<String> = claimed
        .iter()
        .map(|c| match c {
            Claimed::Ours(p) => p.clone(),
            Claimed::Taken(r) => panic!("a fresh key was taken: {r:?}"),
        })
        .collect();
    // A second claimer finds every key taken, each with its own pending record.
    for c in dedupe.claim(&batch, lease).await.unwrap() {
        assert!(matches!(c, Claimed::Taken(Record::Pending { .. })), "{c:?}");
    }
    // The first half accepted, the second half given back.
    let record = |i: usize| Record::Accepted {
        fingerprint: "fp".into(),
        ticket_id: format!("B-{i}"),
        sender: "tests".into(),
        accepted_at: chrono::Utc::now(),
    };
    let records: Vec<Record> = (0..20).map(record).collect();
    let accepted: Vec<(&DedupeKey, &str, &Record)> = (0..20)
        .map(|i| (&keys[i], pending[i].as_str(), &records[i]))
        .collect();
    assert_eq!(
        dedupe
            .accept(&accepted, std::time::Duration::from_secs(60))
            .await
            .unwrap(),
        20
    );
    let released: Vec<(&DedupeKey, &str)> =
        (20..40).map(|i| (&keys[i], pending[i].as_str())).collect();
    assert_eq!(dedupe.release(&released).await.unwrap(), 20);
    for (i, c) in dedupe
        .claim(&batch, lease)
        .await
        .unwrap()
        .iter()
        .enumerate()
    {
        match (i < 20, c) {
            (true, Claimed::Taken(Record::Accepted { ticket_id, .. })) => {
                assert_eq!(ticket_id, &format!("B-{i}"));
            }
            (false, Claimed::Ours(_)) => {}
            (_, other) => panic!("B-{i}: {other:?}"),
        }
    }
    dedupe.delete_all().await.unwrap();
}
