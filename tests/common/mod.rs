//! Test doubles for the outside world: chat models standing in for an LLM (scripted,
//! failing, slow), in `broker` a test's own corner of RabbitMQ and Redis, and in
//! `zendesk` a Zendesk account (its Tickets API and its webhook events).
#![allow(dead_code)]

pub(crate) mod broker;
pub(crate) mod console;
pub(crate) mod pg;
pub(crate) mod redis_cluster;
pub(crate) mod zendesk;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;
use serde_json::Value;
use ticket_agent::agent::Agent;
use ticket_agent::commerce::embedded::{EmbeddedBackend, World};
use ticket_agent::config::Settings;
use ticket_agent::conversation::{
    Content, Message, Role, StopReason, ToolArguments, ToolCall, Usage,
};
use ticket_agent::domain::ticket::{RawTicket, Ticket};
use ticket_agent::model::rules::RulesModel;
use ticket_agent::model::{ChatModel, ChatRequest, ChatResponse, ModelError};

/// `scripts/{name}` of this repository.
pub(crate) fn script_path(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scripts")
        .join(name)
}

/// Runs `scripts/{name}` with `args`; its standard output, trimmed. Panics with its
/// standard error when it fails.
pub(crate) fn run_script<S: AsRef<std::ffi::OsStr>>(name: &str, args: &[S]) -> String {
    let out = std::process::Command::new(script_path(name))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("scripts/{name} does not run: {e}"));
    assert!(
        out.status.success(),
        "scripts/{name} {:?} failed: {}",
        args.iter().map(AsRef::as_ref).collect::<Vec<_>>(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// Prints the code under test's log lines on stderr when `RUST_LOG` is set (e.g.
/// `RUST_LOG=ticket_agent=debug cargo test … -- --nocapture`), to read what a failing
/// or stalled run was doing; silent otherwise.
pub(crate) fn logs_from_env() {
    if std::env::var_os("RUST_LOG").is_some() {
        ticket_agent::telemetry::init_logs(ticket_agent::telemetry::LogFormat::Pretty, "info");
    }
}

/// One scripted turn.
pub(crate) enum Turn {
    /// Tool calls: (name, arguments).
    Calls(Vec<(&'static str, Value)>),
    /// A tool call whose arguments are not JSON.
    RawCall(&'static str, &'static str),
    /// A final text.
    Text(&'static str),
    /// A failure.
    Fail(fn() -> ModelError),
}

/// A model that plays a script, then repeats its last turn forever.
pub(crate) struct Scripted {
    turns: Mutex<Vec<Turn>>,
    pub(crate) requests: Mutex<Vec<Vec<Message>>>,
    /// Per request: how many tools were offered, and whether an answer schema came.
    pub(crate) shapes: Mutex<Vec<(usize, bool)>>,
    /// Whether it says it keeps to an answer schema.
    constrained: bool,
}

impl Scripted {
    pub(crate) fn new(turns: Vec<Turn>) -> Arc<Self> {
        Self::build(turns, false)
    }

    /// One that says it keeps to an answer schema, as a grammar-enforcing server does
    /// (the script decides what it actually writes).
    #[allow(dead_code)]
    pub(crate) fn constrained(turns: Vec<Turn>) -> Arc<Self> {
        Self::build(turns, true)
    }

    fn build(turns: Vec<Turn>, constrained: bool) -> Arc<Self> {
        Arc::new(Self {
            turns: Mutex::new(turns.into_iter().rev().collect()),
            requests: Mutex::new(Vec::new()),
            shapes: Mutex::new(Vec::new()),
            constrained,
        })
    }
}

fn respond(turn: &Turn, n: usize) -> Result<ChatResponse, ModelError> {
    let (content, stop_reason) = match turn {
        Turn::Calls(calls) => (
            calls
                .iter()
                .enumerate()
                .map(|(i, (name, args))| {
                    Content::ToolCall(ToolCall {
                        id: format!("s{n}_{i}"),
                        name: name.to_string(),
                        arguments: ToolArguments::Json {
                            value: args.clone(),
                        },
                    })
                })
                .collect(),
            StopReason::ToolUse,
        ),
        Turn::RawCall(name, raw) => (
            vec![Content::ToolCall(ToolCall {
                id: format!("s{n}_0"),
                name: name.to_string(),
                arguments: ToolArguments::parse(raw),
            })],
            StopReason::ToolUse,
        ),
        Turn::Text(text) => (
            vec![Content::Text {
                text: text.to_string(),
            }],
            StopReason::EndTurn,
        ),
        Turn::Fail(make) => return Err(make()),
    };
    Ok(ChatResponse {
        message: Message {
            role: Role::Assistant,
            content,
        },
        stop_reason,
        usage: Usage {
            input_tokens: 100,
            output_tokens: 10,
            ..Usage::default()
        },
        served_by: None,
    })
}

#[async_trait]
impl ChatModel for Scripted {
    fn label(&self) -> String {
        "scripted".into()
    }

    fn constrains_answers(&self) -> bool {
        self.constrained
    }

    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        self.shapes
            .lock()
            .unwrap()
            .push((request.tools.len(), request.answer_schema.is_some()));
        let n = {
            let mut reqs = self.requests.lock().unwrap();
            reqs.push(request.messages.to_vec());
            reqs.len()
        };
        let mut turns = self.turns.lock().unwrap();
        if turns.len() > 1 {
            let turn = turns.pop().unwrap();
            respond(&turn, n)
        } else {
            respond(turns.last().expect("a script has at least one turn"), n)
        }
    }
}

/// Fails transiently for the first `failures` calls of each ticket, then answers as
/// the rules model does. Stands in for an LLM API under load; with `usize::MAX`, for
/// one in an outage.
pub(crate) struct Flaky {
    failures: usize,
    /// Calls so far, by ticket id.
    pub(crate) calls: Mutex<HashMap<String, usize>>,
    inner: RulesModel,
}

impl Flaky {
    pub(crate) fn new(failures: usize) -> Arc<Self> {
        Arc::new(Self {
            failures,
            calls: Mutex::new(HashMap::new()),
            inner: RulesModel::new(),
        })
    }
}

#[async_trait]
impl ChatModel for Flaky {
    fn label(&self) -> String {
        "flaky".into()
    }

    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        let ticket =
            ticket_agent::prompt::parse_rendered_ticket(&request.messages[0].text()).unwrap();
        let id = ticket["ticket_id"].as_str().unwrap().to_string();
        let n = {
            let mut calls = self.calls.lock().unwrap();
            let n = calls.entry(id).or_insert(0);
            *n += 1;
            *n
        };
        if n <= self.failures {
            return Err(ModelError::Transient {
                message: format!("HTTP 529 overloaded (call {n})"),
                status: Some(529),
            });
        }
        self.inner.complete(request).await
    }
}

/// The rules model with a fixed delay per turn, like an LLM API, under a label of the
/// test's own (the provider label on the metrics).
pub(crate) struct Slow {
    pub(crate) label: &'static str,
    pub(crate) delay: Duration,
}

#[async_trait]
impl ChatModel for Slow {
    fn label(&self) -> String {
        self.label.into()
    }

    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        tokio::time::sleep(self.delay).await;
        RulesModel::new().complete(request).await
    }
}

/// A ticket.
pub(crate) fn ticket(
    id: &str,
    customer: &str,
    order: Option<&str>,
    subject: &str,
    body: &str,
) -> Ticket {
    RawTicket {
        ticket_id: Some(id.into()),
        subject: Some(subject.into()),
        body: Some(body.into()),
        customer_id: Some(customer.into()),
        order_id: order.map(str::to_string),
    }
    .validate(32 * 1024)
    .unwrap()
}

/// An agent over a fresh fixture shop.
pub(crate) async fn agent_with(model: Arc<dyn ChatModel>) -> (Agent, Arc<EmbeddedBackend>) {
    ticket_agent::app::embedded_agent(&Settings::defaults(), World::fixture(), model)
        .await
        .unwrap()
}

/// Serves `GET /orders/{id}` for every order of the fixture world on `shop`, as the
/// HTTP backend contract says (docs/backends.md): the approvals service reads an
/// order's total before it claims a refund against it.
pub(crate) async fn mount_fixture_orders(shop: &wiremock::MockServer) {
    for order in World::fixture().orders {
        wiremock::Mock::given(wiremock::matchers::method("GET"))
            .and(wiremock::matchers::path(format!(
                "/orders/{}",
                order.order_id
            )))
            .respond_with(wiremock::ResponseTemplate::new(200).set_body_json(&order))
            .mount(shop)
            .await;
    }
}
