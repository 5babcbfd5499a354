//! Traces across processes: `submit`, a worker and the approvals service run as three
//! processes of the product binary, exporting over OTLP/HTTP to a receiver this test
//! serves, which decodes the protobuf (`opentelemetry-proto`). One trace must hold a
//! ticket's publish, its processing, its model and tool calls, its verification, its
//! outcome's publish and, for a refund, the proposal's arrival at the approvals
//! service, the reviewer's decision and the execution, with the parent/child links
//! right, the semantic-convention attributes present, and no ticket text in any
//! attribute or span name. Uses the local RabbitMQ and Redis under a prefix of its
//! own, deleted at the end.

use crate::common;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::broker::Env;
use axum::body::Bytes;
use axum::extract::State;
use axum::routing::post;
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::any_value::Value as Any;
use opentelemetry_proto::tonic::trace::v1::span::SpanKind;
use prost::Message;

/// One received span, flattened.
#[derive(Debug, Clone)]
struct Got {
    service: String,
    trace_id: Vec<u8>,
    span_id: Vec<u8>,
    parent: Vec<u8>,
    name: String,
    kind: i32,
    /// `status.code`: 0 unset, 1 ok, 2 error.
    status: i32,
    attributes: BTreeMap<String, String>,
    links: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Got {
    fn attr(&self, key: &str) -> &str {
        self.attributes
            .get(key)
            .map(String::as_str)
            .unwrap_or_else(|| panic!("span {} has no {key}: {:?}", self.name, self.attributes))
    }
}

fn text(v: &Option<opentelemetry_proto::tonic::common::v1::AnyValue>) -> String {
    match v.as_ref().and_then(|v| v.value.as_ref()) {
        Some(Any::StringValue(s)) => s.clone(),
        Some(Any::IntValue(i)) => i.to_string(),
        Some(Any::BoolValue(b)) => b.to_string(),
        Some(Any::DoubleValue(d)) => d.to_string(),
        Some(other) => format!("{other:?}"),
        None => String::new(),
    }
}

type Received = Arc<Mutex<Vec<Got>>>;

async fn receive(State(got): State<Received>, body: Bytes) -> Vec<u8> {
    let request = ExportTraceServiceRequest::decode(body).expect("an OTLP protobuf request");
    let mut got = got.lock().unwrap();
    for rs in request.resource_spans {
        let service = rs
            .resource
            .iter()
            .flat_map(|r| &r.attributes)
            .find(|kv| kv.key == "service.name")
            .map(|kv| text(&kv.value))
            .unwrap_or_default();
        for span in rs.scope_spans.into_iter().flat_map(|s| s.spans) {
            got.push(Got {
                service: service.clone(),
                trace_id: span.trace_id,
                span_id: span.span_id,
                parent: span.parent_span_id,
                name: span.name,
                kind: span.kind,
                status: span.status.as_ref().map_or(0, |s| s.code),
                attributes: span
                    .attributes
                    .iter()
                    .map(|kv| (kv.key.clone(), text(&kv.value)))
                    .collect(),
                links: span
                    .links
                    .iter()
                    .map(|l| (l.trace_id.clone(), l.span_id.clone()))
                    .collect(),
            });
        }
    }
    ExportTraceServiceResponse::default().encode_to_vec()
}

/// Serves POST /v1/traces on a free port; returns its base URL and what it received.
async fn receiver() -> (String, Received) {
    let got = Received::default();
    let app = axum::Router::new()
        .route("/v1/traces", post(receive))
        .with_state(got.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, got)
}

fn binary(env: &Env) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ticket-agent"));
    cmd.env("RUST_LOG", "warn")
        .env("TICKET_AGENT__AMQP__PREFIX", &env.settings.amqp.prefix)
        .env(
            "TICKET_AGENT__REDIS__KEY_PREFIX",
            &env.settings.redis.key_prefix,
        )
        .env("TICKET_AGENT__WORKER__METRICS_LISTEN", "127.0.0.1:0")
        .env("TICKET_AGENT__APPROVALS__LISTEN", "127.0.0.1:0")
        .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
        .env_remove("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
        .env_remove("OTEL_SERVICE_NAME")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    cmd
}

/// Words that occur only in the tickets' subjects and bodies, and a customer's address.
const SECRETS: [&str; 3] = ["Quokkaville", "zebrastripe", "ada.l@example.org"];

fn tickets() -> String {
    [
        r#"{"ticket_id":"OT-1","customer_id":"C001","order_id":"O1002","subject":"Where is my keyboard? Quokkaville","body":"Hi, I ordered a mechanical keyboard a few days ago. Any idea when it will arrive? Write to ada.l@example.org, zebrastripe. Thanks, Ada"}"#,
        r#"{"ticket_id":"OT-2","customer_id":"C002","subject":"order status zebrastripe","body":"hello, can you tell me the status of order o1003? I need the cables before friday. Quokkaville"}"#,
        r#"{"ticket_id":"OT-3","customer_id":"C001","order_id":"O1001","subject":"Refund request Quokkaville","body":"The wireless mouse stopped working after a week. I'd like a refund please. zebrastripe"}"#,
    ]
    .join("\n")
}

const REVIEWER_TOKEN: &str = "otlp-test-reviewer-token";

/// The port the approvals service printed it listens on.
fn console_port(child: &mut std::process::Child) -> u16 {
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut sent = false;
        // Read to the end: a full pipe would block the service.
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if !sent && let Some(rest) = line.strip_prefix("approvals console on http://127.0.0.1:")
            {
                let _ = tx.send(rest.trim_end_matches('/').parse::<u16>().unwrap());
                sent = true;
            } else {
                eprintln!("{line}");
            }
        }
    });
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the approvals service never said where it listens")
}

fn sigterm(child: &std::process::Child) {
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_trace_follows_a_ticket_from_submit_through_the_worker_to_its_approved_refund_without_its_text()
 {
    let (endpoint, got) = receiver().await;
    let env = Env::open("otlp", |_| {}).await;
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tickets.jsonl");
    std::fs::write(&file, tickets()).unwrap();

    // The worker and the approvals service find the endpoint in the standard
    // variables, submit in the setting.
    let mut worker = binary(&env)
        .arg("worker")
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", &endpoint)
        .env("OTEL_SERVICE_NAME", "ticket-agent-worker")
        .spawn()
        .unwrap();
    let db = common::pg::TestDb::create("otlp").await;
    let mut approvals = binary(&env)
        .args(["approvals", "serve"])
        .env("TICKET_AGENT__APPROVALS__DATABASE_URL", &db.url)
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", &endpoint)
        .env("OTEL_SERVICE_NAME", "ticket-agent-approvals")
        .env(
            "TICKET_AGENT__APPROVALS__REVIEWERS_ENV",
            "TA_OTLP_TEST_REVIEWERS",
        )
        .env("TA_OTLP_TEST_REVIEWERS", format!("rita:{REVIEWER_TOKEN}"))
        .env(
            "TICKET_AGENT__OUTBOX__PATH",
            dir.path().join("outbox.jsonl"),
        )
        // Eligibility, asked again at execution, is judged at the fixture's "now".
        .env(
            "TICKET_AGENT__CLOCK__NOW",
            ticket_agent::commerce::embedded::World::fixture()
                .now
                .map(|t| t.to_rfc3339())
                .unwrap_or_default(),
        )
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (port, mut approvals) = tokio::task::spawn_blocking(move || {
        let port = console_port(&mut approvals);
        (port, approvals)
    })
    .await
    .unwrap();
    let console = format!("http://127.0.0.1:{port}");
    let submitted = tokio::task::spawn_blocking({
        let mut submit = binary(&env);
        submit
            .arg("submit")
            .arg(&file)
            .env("TICKET_AGENT__TELEMETRY__OTLP_ENDPOINT", &endpoint);
        move || submit.status().unwrap()
    })
    .await
    .unwrap();
    assert!(submitted.success(), "submit failed: {submitted}");

    let deadline = Instant::now() + Duration::from_secs(60);
    for id in ["OT-1", "OT-2", "OT-3"] {
        while env.records.done(id).await.unwrap().is_none() {
            assert!(Instant::now() < deadline, "{id} was never done");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    // The refund proposal reaches the service; a reviewer approves it and it runs.
    let client = reqwest::Client::new();
    let approval_id = loop {
        let pending: serde_json::Value = client
            .get(format!("{console}/api/approvals"))
            .bearer_auth(REVIEWER_TOKEN)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let found = pending.as_array().unwrap().iter().find_map(|r| {
            (r["message"]["ticket_id"] == "OT-3")
                .then(|| r["message"]["approval_id"].as_str().unwrap().to_string())
        });
        if let Some(id) = found {
            break id;
        }
        assert!(Instant::now() < deadline, "OT-3's proposal never arrived");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let decided = client
        .post(format!("{console}/api/approvals/{approval_id}/approve"))
        .bearer_auth(REVIEWER_TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(decided.status(), 200, "{:?}", decided.text().await);

    // A graceful stop flushes the spans still in the batch.
    sigterm(&worker);
    sigterm(&approvals);
    let exited =
        tokio::task::spawn_blocking(move || (worker.wait().unwrap(), approvals.wait().unwrap()))
            .await
            .unwrap();
    assert!(
        exited.0.success() && exited.1.success(),
        "exits: {exited:?}"
    );
    let spans = got.lock().unwrap().clone();
    let t = env.topology.clone();
    drop(db);
    env.cleanup().await;

    let mut processed = BTreeMap::new();
    for id in ["OT-1", "OT-2", "OT-3"] {
        let publish = spans
            .iter()
            .find(|s| {
                s.name == format!("publish {}", t.tickets_exchange)
                    && s.attributes.get("messaging.message.id").map(String::as_str) == Some(id)
            })
            .unwrap_or_else(|| panic!("no publish span for {id} in {spans:#?}"));
        assert_eq!(publish.service, "ticket-agent");
        assert_eq!(publish.kind, SpanKind::Producer as i32);
        assert!(publish.parent.is_empty(), "submit's publish is the root");
        assert_eq!(publish.attr("messaging.system"), "rabbitmq");
        assert_eq!(publish.attr("messaging.operation.type"), "send");
        assert_eq!(
            publish.attr("messaging.destination.name"),
            t.tickets_exchange
        );

        let process = spans
            .iter()
            .find(|s| {
                s.name == format!("process {}", t.tickets_queue)
                    && s.attributes.get("ticket_id").map(String::as_str) == Some(id)
            })
            .unwrap_or_else(|| panic!("no processing span for {id}"));
        assert_eq!(process.service, "ticket-agent-worker");
        assert_eq!(process.kind, SpanKind::Consumer as i32);
        assert_eq!(
            process.trace_id, publish.trace_id,
            "one trace across processes"
        );
        assert_eq!(
            process.parent, publish.span_id,
            "the delivery's parent is its publish"
        );
        assert!(
            process.links.is_empty(),
            "a delivery is a child, not a link"
        );
        assert_eq!(process.attr("messaging.system"), "rabbitmq");
        assert_eq!(process.attr("messaging.operation.type"), "process");
        assert_eq!(process.attr("messaging.message.id"), id);
        assert_eq!(process.attr("ticket_agent.disposition"), "ack");
        assert!(!process.attr("ticket_agent.outcome").is_empty());

        let children = |name_prefix: &str| -> Vec<&Got> {
            spans
                .iter()
                .filter(|s| s.parent == process.span_id && s.name.starts_with(name_prefix))
                .collect()
        };
        let chats = children("chat ");
        assert!(!chats.is_empty(), "no model call span for {id}");
        for chat in &chats {
            assert_eq!(chat.trace_id, publish.trace_id);
            assert_eq!(chat.kind, SpanKind::Client as i32);
            assert_eq!(chat.attr("gen_ai.operation.name"), "chat");
            assert_eq!(chat.attr("gen_ai.provider.name"), "rules");
            assert_eq!(chat.attr("gen_ai.request.model"), "rules");
            chat.attr("gen_ai.usage.input_tokens")
                .parse::<u64>()
                .unwrap();
            chat.attr("gen_ai.usage.output_tokens")
                .parse::<u64>()
                .unwrap();
        }
        let tools = children("execute_tool ");
        assert!(!tools.is_empty(), "no tool span for {id}");
        for tool in &tools {
            assert_eq!(tool.attr("gen_ai.operation.name"), "execute_tool");
            assert_eq!(
                tool.name,
                format!("execute_tool {}", tool.attr("gen_ai.tool.name"))
            );
            assert!(!tool.attr("gen_ai.tool.call.id").is_empty());
            assert!(!tool.attr("ticket_agent.tool.status").is_empty());
        }
        let verify = children("verify");
        assert_eq!(verify.len(), 1, "one verification for {id}");
        assert_eq!(
            verify[0].attr("ticket_agent.outcome"),
            process.attr("ticket_agent.outcome")
        );
        let outcome = children(&format!("publish {}", t.outcomes_exchange));
        assert_eq!(outcome.len(), 1, "one outcome publish for {id}");
        assert_eq!(outcome[0].kind, SpanKind::Producer as i32);
        assert_eq!(outcome[0].attr("messaging.message.id"), id);
        processed.insert(id, process.clone());
    }

    let one = |what: &str, pred: &dyn Fn(&Got) -> bool| -> Got {
        let found: Vec<&Got> = spans.iter().filter(|s| pred(s)).collect();
        assert_eq!(found.len(), 1, "{what}: {found:#?}");
        found[0].clone()
    };
    // OT-3's refund: proposal published by the worker → received by the service →
    // decided by the reviewer → executed, all in the ticket's trace.
    let process = &processed["OT-3"];
    assert_eq!(process.attr("ticket_agent.outcome"), "refund_proposed");
    let proposing = one("the refund tool call", &|s| {
        s.parent == process.span_id
            && s.attributes
                .get("ticket_agent.tool.status")
                .map(String::as_str)
                == Some("pending_approval")
    });
    assert_eq!(
        proposing.status, 0,
        "a proposal is not an error: {proposing:?}"
    );
    let proposal = one("the proposal's publish", &|s| {
        s.name == format!("publish {}", t.approvals_exchange)
    });
    assert_eq!(proposal.parent, process.span_id);
    assert_eq!(proposal.attr("messaging.message.id"), approval_id);
    let received = one("the proposal's arrival", &|s| {
        s.name == format!("process {}", t.approvals_pending_queue)
    });
    assert_eq!(received.service, "ticket-agent-approvals");
    assert_eq!(received.kind, SpanKind::Consumer as i32);
    assert_eq!(
        received.trace_id, process.trace_id,
        "one trace across three processes"
    );
    assert_eq!(received.parent, proposal.span_id);
    assert_eq!(received.attr("ticket_agent.approval.stored"), "inserted");
    let decision = one("the decision", &|s| s.name == "approval decision");
    assert_eq!(decision.trace_id, process.trace_id);
    assert_eq!(
        decision.parent, received.span_id,
        "the decision continues the trace"
    );
    assert_eq!(decision.attr("ticket_agent.approval.id"), approval_id);
    assert_eq!(decision.attr("ticket_agent.approval.verdict"), "approve");
    assert_eq!(decision.attr("ticket_agent.approval.decided_now"), "true");
    assert_eq!(decision.attr("ticket_id"), "OT-3");
    let execution = one("the execution", &|s| {
        s.name.starts_with("execute ") && s.parent == decision.span_id
    });
    assert_eq!(execution.trace_id, process.trace_id);
    assert_eq!(execution.attr("ticket_agent.execution.status"), "executed");
    assert_eq!(execution.attr("ticket_agent.execution.replayed"), "false");

    for span in &spans {
        for secret in SECRETS {
            assert!(
                !span.name.contains(secret),
                "ticket text in a span name: {}",
                span.name
            );
        }
        for (key, value) in &span.attributes {
            for secret in SECRETS {
                assert!(
                    !value.contains(secret),
                    "ticket text in attribute {key} of span {}: {value}",
                    span.name
                );
            }
        }
    }
    eprintln!("three tickets traced in {:?}", started.elapsed());
}

#[tokio::test]
async fn a_collector_that_is_away_neither_fails_nor_holds_up_a_command() {
    let env = Env::open("otlp-away", |_| {}).await;
    // A port nobody listens on any more.
    let away = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap()
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tickets.jsonl");
    std::fs::write(&file, tickets()).unwrap();
    let started = Instant::now();
    let status = tokio::task::spawn_blocking({
        let mut submit = binary(&env);
        submit
            .arg("submit")
            .arg(&file)
            .env("OTEL_EXPORTER_OTLP_ENDPOINT", format!("http://{away}"))
            .env("OTEL_EXPORTER_OTLP_TIMEOUT", "500");
        move || submit.status().unwrap()
    })
    .await
    .unwrap();
    let took = started.elapsed();
    let depth = env.depth(&env.topology.tickets_queue).await;
    env.cleanup().await;
    assert!(status.success(), "submit failed: {status}");
    assert_eq!(depth, 3, "every ticket was published");
    // The export gives up after its timeout; the exit flush is bounded as well.
    assert!(took < Duration::from_secs(5), "submit took {took:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_proposal_nobody_decides_expires_inside_the_tickets_trace() {
    let (endpoint, got) = receiver().await;
    let env = Env::open("otlp-expiry", |_| {}).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tickets.jsonl");
    std::fs::write(&file, tickets().lines().nth(2).unwrap()).unwrap();
    let mut worker = binary(&env)
        .arg("worker")
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", &endpoint)
        .spawn()
        .unwrap();
    let db = common::pg::TestDb::create("otlp-expiry").await;
    let mut approvals = binary(&env)
        .args(["approvals", "serve"])
        .env("TICKET_AGENT__APPROVALS__DATABASE_URL", &db.url)
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", &endpoint)
        // Exported as they end, so the test sees the expiry while the service runs.
        .env("OTEL_BSP_SCHEDULE_DELAY", "100")
        .env("TICKET_AGENT__APPROVALS__PENDING_TTL_SECS", "1")
        .env("TICKET_AGENT__APPROVALS__SWEEP_SECS", "1")
        .spawn()
        .unwrap();
    let submitted = tokio::task::spawn_blocking({
        let mut submit = binary(&env);
        submit
            .arg("submit")
            .arg(&file)
            .env("OTEL_EXPORTER_OTLP_ENDPOINT", &endpoint);
        move || submit.status().unwrap()
    })
    .await
    .unwrap();
    assert!(submitted.success());
    let deadline = Instant::now() + Duration::from_secs(60);
    while !got
        .lock()
        .unwrap()
        .iter()
        .any(|s| s.name == "approval expired")
    {
        assert!(Instant::now() < deadline, "the proposal never expired");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    sigterm(&worker);
    sigterm(&approvals);
    let exited =
        tokio::task::spawn_blocking(move || (worker.wait().unwrap(), approvals.wait().unwrap()))
            .await
            .unwrap();
    assert!(
        exited.0.success() && exited.1.success(),
        "exits: {exited:?}"
    );
    let spans = got.lock().unwrap().clone();
    let t = env.topology.clone();
    drop(db);
    env.cleanup().await;

    let find = |pred: &dyn Fn(&Got) -> bool| -> Got {
        spans
            .iter()
            .find(|s| pred(s))
            .cloned()
            .unwrap_or_else(|| panic!("not found in {spans:#?}"))
    };
    let root = find(&|s| s.name == format!("publish {}", t.tickets_exchange));
    let received = find(&|s| s.name == format!("process {}", t.approvals_pending_queue));
    let expired = find(&|s| s.name == "approval expired");
    assert_eq!(received.trace_id, root.trace_id);
    assert_eq!(
        expired.trace_id, root.trace_id,
        "the expiry is in the ticket's trace"
    );
    assert_eq!(expired.parent, received.span_id);
    assert_eq!(expired.attr("ticket_id"), "OT-3");
    let escalation = find(&|s| {
        s.name == format!("publish {}", t.outcomes_exchange) && s.parent == expired.span_id
    });
    assert!(
        escalation
            .attr("messaging.message.id")
            .starts_with("OT-3:expired:"),
        "{escalation:?}"
    );
}

/// The approvals service as it runs by default (log lines at info) decides three
/// proposals, one after the other: each decision is exported with its execution and
/// its audit record's publish inside it, while the service runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_decision_of_a_running_approvals_service_is_exported_with_its_execution_and_its_audit_publish()
 {
    let (endpoint, got) = receiver().await;
    let env = Env::open("otlp-decisions", |_| {}).await;
    let db = common::pg::TestDb::create("otlp-decisions").await;
    let dir = tempfile::tempdir().unwrap();
    let mut approvals = binary(&env)
        .args(["approvals", "serve"])
        // The default level: a span that the log lines and the export both want is
        // the one that went missing (at warn, the export alone wants ours).
        .env("RUST_LOG", "info")
        .env("TICKET_AGENT__APPROVALS__DATABASE_URL", &db.url)
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", &endpoint)
        .env("OTEL_SERVICE_NAME", "ticket-agent-approvals")
        // Exported as they end, so the spans are seen while the service runs, not
        // only in the flush at exit.
        .env("OTEL_BSP_SCHEDULE_DELAY", "100")
        .env(
            "TICKET_AGENT__APPROVALS__REVIEWERS_ENV",
            "TA_OTLP_TEST_REVIEWERS",
        )
        .env("TA_OTLP_TEST_REVIEWERS", format!("rita:{REVIEWER_TOKEN}"))
        .env(
            "TICKET_AGENT__OUTBOX__PATH",
            dir.path().join("outbox.jsonl"),
        )
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (port, mut approvals) = tokio::task::spawn_blocking(move || {
        let port = console_port(&mut approvals);
        (port, approvals)
    })
    .await
    .unwrap();
    let console = format!("http://127.0.0.1:{port}");

    // Three refunds of three orders, each eligible when proposed and still when
    // executed (the executor asks again: a second refund of one order would be refused
    // as a prior refund), so each one runs.
    let now = chrono::Utc::now();
    let proposals: Vec<_> = [("OD-1", "C001", "O1001"), ("OD-2", "C005", "O1010"), ("OD-3", "C007", "O1013")]
        .into_iter()
        .map(|(ticket, customer, order)| {
            let (approval_id, key) =
                ticket_agent::domain::approval::derive_ids(ticket, "issue_refund", order);
            ticket_agent::queue::messages::ApprovalMessage {
                approval_id: approval_id.to_string(),
                customer_id: customer.parse().unwrap(),
                arguments: serde_json::json!({ "order_id": order, "amount_usd": 5.0, "idempotency_key": key }),
                ..common::broker::refund_approval(ticket, 5.0, now)
            }
        })
        .collect();
    for proposal in &proposals {
        common::broker::publish_approval(&env.ch, &env.topology, proposal).await;
    }
    let client = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let pending: serde_json::Value = client
            .get(format!("{console}/api/approvals"))
            .bearer_auth(REVIEWER_TOKEN)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let arrived = pending.as_array().unwrap().len();
        if arrived == proposals.len() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{arrived} of 3 proposals arrived"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for proposal in &proposals {
        let decided = client
            .post(format!(
                "{console}/api/approvals/{}/approve",
                proposal.approval_id
            ))
            .bearer_auth(REVIEWER_TOKEN)
            .send()
            .await
            .unwrap();
        assert_eq!(decided.status(), 200, "{:?}", decided.text().await);
    }

    let t = env.topology.clone();
    let audit_publish = format!("publish {}", t.decisions_exchange);
    let all_arrived = |spans: &[Got]| {
        let count = |name: &str| spans.iter().filter(|s| s.name == name).count();
        count("approval decision") == 3
            && count("execute issue_refund") == 3
            && count(&audit_publish) == 3
    };
    while !all_arrived(&got.lock().unwrap()) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let while_running = got.lock().unwrap().clone();
    sigterm(&approvals);
    let exited = tokio::task::spawn_blocking(move || approvals.wait().unwrap())
        .await
        .unwrap();
    let spans = got.lock().unwrap().clone();
    drop(db);
    ticket_agent::idempotency::RedisStore::connect(
        &env.settings.redis.url,
        &env.settings.redis.key_prefix,
    )
    .await
    .unwrap()
    .delete_all()
    .await
    .unwrap();
    env.cleanup().await;
    assert!(exited.success(), "exit: {exited:?}");
    let names = |spans: &[Got]| spans.iter().map(|s| s.name.clone()).collect::<Vec<_>>();
    assert!(
        all_arrived(&while_running),
        "while the service ran: {:?}; with the flush at exit: {:?}",
        names(&while_running),
        names(&spans)
    );

    for proposal in &proposals {
        let id = &proposal.approval_id;
        let decision = spans
            .iter()
            .find(|s| {
                s.name == "approval decision"
                    && s.attributes.get("ticket_agent.approval.id") == Some(id)
            })
            .unwrap_or_else(|| panic!("no decision span for {id}"));
        assert_eq!(decision.attr("ticket_agent.approval.decided_now"), "true");
        assert_eq!(decision.attr("ticket_id"), proposal.ticket_id.as_str());
        let received = spans
            .iter()
            .find(|s| {
                s.name == format!("process {}", t.approvals_pending_queue)
                    && s.attributes.get("ticket_agent.approval.id") == Some(id)
            })
            .unwrap_or_else(|| panic!("no arrival span for {id}"));
        assert_eq!(
            decision.parent, received.span_id,
            "the decision continues from the proposal's arrival"
        );
        let children = |name: &str| -> Vec<&Got> {
            spans
                .iter()
                .filter(|s| s.name == name && s.parent == decision.span_id)
                .collect()
        };
        let execution = children("execute issue_refund");
        assert_eq!(execution.len(), 1, "{id}'s execution");
        assert_eq!(
            execution[0].attr("ticket_agent.execution.status"),
            "executed"
        );
        let audit = children(&audit_publish);
        assert_eq!(audit.len(), 1, "{id}'s audit record");
        assert_eq!(audit[0].kind, SpanKind::Producer as i32);
    }
}
