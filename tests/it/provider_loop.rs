//! The same refund ticket through the whole agent loop with either HTTP provider,
//! against local fake servers (wiremock on loopback) that answer every turn in the
//! provider's exact wire format: Anthropic's Messages API and OpenAI's Chat
//! Completions.
//!
//! Each turn's answer is chosen by what the request carries back: the conversation
//! must hold the previous turns and answer exactly the tool calls of the last one, in
//! the provider's own shape (`tool_result` blocks with `tool_use_id`; `role: "tool"`
//! messages with `tool_call_id`). A loop that sent the results back wrongly would get
//! no scripted answer at all. Tickets run through `process`, the real job, built as
//! production builds it (`model::from_settings`, `app::embedded_agent`), and the usage
//! and cost it prints must equal what the fake server reported. Then the failure
//! paths: tool-call arguments that are not JSON, a permanent 401 in the middle of a
//! ticket, and a transient failure that outlasts the retries. No test reaches the
//! internet.

use serde_json::{Value, json};
use ticket_agent::agent::{Agent, RunError};
use ticket_agent::app::embedded_agent;
use ticket_agent::commerce::embedded::World;
use ticket_agent::config::{ProviderKind, Settings};
use ticket_agent::conversation::Usage;
use ticket_agent::domain::outcome::OutcomeKind;
use ticket_agent::domain::ticket::Ticket;
use ticket_agent::model::from_settings;
use ticket_agent::process::{Quiet, Summary, process};
use wiremock::matchers::{method, path};
use wiremock::{Match, Mock, MockServer, Request, ResponseTemplate};

/// The prices configured for both providers, in USD per million tokens.
const PRICE_INPUT: f64 = 3.0;
const PRICE_OUTPUT: f64 = 15.0;

/// The largest ticket body `process` accepts in these tests.
const MAX_BODY: usize = 32 * 1024;

// ------------------------------------------------------------------ wire formats

/// Which wire format a fake server speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wire {
    Anthropic,
    OpenAi,
}

impl Wire {
    fn provider(self) -> ProviderKind {
        match self {
            Wire::Anthropic => ProviderKind::Anthropic,
            Wire::OpenAi => ProviderKind::Openai,
        }
    }

    /// The endpoint the provider posts to.
    fn path(self) -> &'static str {
        match self {
            Wire::Anthropic => "/v1/messages",
            Wire::OpenAi => "/v1/chat/completions",
        }
    }

    /// A tool-call id as the provider spells them.
    fn call_id(self, name: &str) -> String {
        match self {
            Wire::Anthropic => format!("toolu_01{name}"),
            Wire::OpenAi => format!("call_{name}"),
        }
    }

    /// The model label the agent reports.
    fn label(self) -> &'static str {
        match self {
            Wire::Anthropic => "anthropic:claude-sonnet-4-5",
            Wire::OpenAi => "openai:gpt-4o-mini",
        }
    }

    /// The API key the test puts in the environment.
    fn key(self) -> &'static str {
        match self {
            Wire::Anthropic => "sk-ant-provider-loop",
            Wire::OpenAi => "sk-openai-provider-loop",
        }
    }

    /// The provider's answer to a bad API key, with its status.
    fn unauthorized(self) -> ResponseTemplate {
        ResponseTemplate::new(401).set_body_json(match self {
            Wire::Anthropic => json!({
                "type": "error",
                "error": {"type": "authentication_error", "message": "invalid x-api-key"},
                "request_id": "req_011CProviderLoop"
            }),
            Wire::OpenAi => json!({"error": {
                "message": "Incorrect API key provided: sk-opena***loop.",
                "type": "invalid_request_error", "param": null, "code": "invalid_api_key"}}),
        })
    }

    /// The API's own message in [`Wire::unauthorized`], as the error carries it.
    fn unauthorized_message(self) -> &'static str {
        match self {
            Wire::Anthropic => "authentication_error: invalid x-api-key",
            Wire::OpenAi => "invalid_api_key: Incorrect API key provided",
        }
    }

    /// A transient failure: Anthropic's 529 `overloaded_error`, OpenAI's 500.
    fn unavailable(self) -> ResponseTemplate {
        match self {
            Wire::Anthropic => ResponseTemplate::new(529).set_body_json(json!({
                "type": "error",
                "error": {"type": "overloaded_error", "message": "Overloaded"}
            })),
            Wire::OpenAi => ResponseTemplate::new(500).set_body_json(json!({"error": {
                "message": "The server had an error while processing your request. Sorry about that!",
                "type": "server_error", "param": null, "code": null}})),
        }
    }

    /// The API's own message in [`Wire::unavailable`], as the error carries it.
    fn unavailable_message(self) -> &'static str {
        match self {
            Wire::Anthropic => "returned HTTP 529: overloaded_error: Overloaded",
            Wire::OpenAi => "returned HTTP 500: server_error: The server had an error",
        }
    }
}

/// One scripted model turn, before it is put in a wire format.
struct Step {
    /// Text written alongside (or instead of) tool calls.
    text: Option<&'static str>,
    /// Tool calls: (id suffix, tool name, arguments exactly as the model writes them).
    calls: Vec<(&'static str, &'static str, &'static str)>,
    /// What the server reports this turn cost.
    usage: Usage,
}

fn usage(input_tokens: u64, output_tokens: u64) -> Usage {
    Usage {
        input_tokens,
        output_tokens,
        ..Usage::default()
    }
}

/// The sum of a script's usage.
fn total(steps: &[Step]) -> Usage {
    let mut sum = Usage::default();
    for step in steps {
        sum += step.usage;
    }
    sum
}

/// The cost of `usage` at the configured prices, computed here on its own.
fn cost(usage: Usage) -> f64 {
    (usage.input_tokens as f64 * PRICE_INPUT + usage.output_tokens as f64 * PRICE_OUTPUT)
        / 1_000_000.0
}

fn assert_close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-12,
        "{actual} is not {expected}"
    );
}

/// A success body for `step`, turn `turn` (1-based), in the wire format.
fn response_body(wire: Wire, turn: usize, step: &Step) -> Value {
    match wire {
        Wire::Anthropic => {
            let mut content = Vec::new();
            if let Some(text) = step.text {
                content.push(json!({"type": "text", "text": text}));
            }
            for (id, name, arguments) in &step.calls {
                let input: Value =
                    serde_json::from_str(arguments).expect("Anthropic sends input as an object");
                content.push(json!({"type": "tool_use", "id": wire.call_id(id),
                                    "name": name, "input": input}));
            }
            let stop_reason = if step.calls.is_empty() {
                "end_turn"
            } else {
                "tool_use"
            };
            json!({
                "id": format!("msg_01ProviderLoopTurn{turn}"),
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-5-20250929",
                "content": content,
                "stop_reason": stop_reason,
                "stop_sequence": null,
                "usage": {
                    "input_tokens": step.usage.input_tokens,
                    "cache_creation_input_tokens": 0,
                    "cache_read_input_tokens": 0,
                    "output_tokens": step.usage.output_tokens,
                    "service_tier": "standard"
                }
            })
        }
        Wire::OpenAi => {
            let mut message = json!({
                "role": "assistant",
                "content": step.text,
                "refusal": null,
                "annotations": []
            });
            if !step.calls.is_empty() {
                message["tool_calls"] = step
                    .calls
                    .iter()
                    .map(|(id, name, arguments)| {
                        json!({"id": wire.call_id(id), "type": "function",
                               "function": {"name": name, "arguments": arguments}})
                    })
                    .collect();
            }
            let finish_reason = if step.calls.is_empty() {
                "stop"
            } else {
                "tool_calls"
            };
            json!({
                "id": format!("chatcmpl-ProviderLoopTurn{turn}"),
                "object": "chat.completion",
                "created": 1_764_417_600,
                "model": "gpt-4o-mini-2024-07-18",
                "choices": [{
                    "index": 0,
                    "message": message,
                    "logprobs": null,
                    "finish_reason": finish_reason
                }],
                "usage": {
                    "prompt_tokens": step.usage.input_tokens,
                    "completion_tokens": step.usage.output_tokens,
                    "total_tokens": step.usage.input_tokens + step.usage.output_tokens,
                    "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
                    "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0,
                        "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0}
                },
                "service_tier": "default",
                "system_fingerprint": "fp_provider_loop"
            })
        }
    }
}

// ------------------------------------------------------------------ reading requests

/// A tool call the loop echoed back in an assistant message: (id, name, arguments).
/// Arguments are JSON when they parse, else the raw text as a JSON string.
type EchoedCall = (String, String, Value);

/// An assistant turn as the loop sent it back: its text and its tool calls.
#[derive(Debug, Clone, PartialEq)]
struct Echoed {
    text: String,
    calls: Vec<EchoedCall>,
}

/// A tool result as the loop sent it: (call id, output parsed from the text, the
/// `is_error` flag where the wire format has one).
type SentResult = (String, Value, Option<bool>);

/// A request's conversation, read back from either wire format.
#[derive(Debug)]
struct Sent {
    /// The assistant turns, in order.
    assistant: Vec<Echoed>,
    /// The tool results after the last assistant turn, in order.
    results: Vec<SentResult>,
}

fn parse_output(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

/// Reads the conversation out of a request body in `wire`'s format; `None` when it
/// is not one.
fn read_sent(wire: Wire, body: &Value) -> Option<Sent> {
    let messages = body["messages"].as_array()?;
    let mut sent = Sent {
        assistant: Vec::new(),
        results: Vec::new(),
    };
    for message in messages {
        match (wire, message["role"].as_str()?) {
            (Wire::Anthropic, "assistant") => {
                let mut echoed = Echoed {
                    text: String::new(),
                    calls: Vec::new(),
                };
                for block in message["content"].as_array()? {
                    match block["type"].as_str()? {
                        "text" => echoed.text.push_str(block["text"].as_str()?),
                        "tool_use" => echoed.calls.push((
                            block["id"].as_str()?.to_string(),
                            block["name"].as_str()?.to_string(),
                            block["input"].clone(),
                        )),
                        _ => return None,
                    }
                }
                sent.assistant.push(echoed);
                sent.results.clear();
            }
            (Wire::Anthropic, "user") => {
                let Some(blocks) = message["content"].as_array() else {
                    continue;
                };
                for block in blocks.iter().filter(|b| b["type"] == "tool_result") {
                    sent.results.push((
                        block["tool_use_id"].as_str()?.to_string(),
                        parse_output(block["content"].as_str()?),
                        block["is_error"].as_bool(),
                    ));
                }
            }
            (Wire::OpenAi, "assistant") => {
                let calls = match message.get("tool_calls") {
                    Some(calls) => calls
                        .as_array()?
                        .iter()
                        .map(|call| {
                            Some((
                                call["id"].as_str()?.to_string(),
                                call["function"]["name"].as_str()?.to_string(),
                                parse_output(call["function"]["arguments"].as_str()?),
                            ))
                        })
                        .collect::<Option<Vec<_>>>()?,
                    None => Vec::new(),
                };
                sent.assistant.push(Echoed {
                    text: message["content"].as_str().unwrap_or_default().to_string(),
                    calls,
                });
                sent.results.clear();
            }
            (Wire::OpenAi, "tool") => sent.results.push((
                message["tool_call_id"].as_str()?.to_string(),
                parse_output(message["content"].as_str()?),
                None,
            )),
            (Wire::OpenAi, "system" | "user") | (Wire::Anthropic, _) => {}
            (Wire::OpenAi, _) => return None,
        }
    }
    Some(sent)
}

/// Matches the request for turn `after + 1` of one ticket: the body names the ticket,
/// the conversation holds exactly `after` assistant turns, and the messages after the
/// last of them answer exactly the tool calls `answers`, in order, in the wire
/// format's own shape.
struct TurnOf {
    wire: Wire,
    ticket_id: &'static str,
    after: usize,
    answers: Vec<String>,
}

impl Match for TurnOf {
    fn matches(&self, request: &Request) -> bool {
        let Ok(body) = request.body_json::<Value>() else {
            return false;
        };
        if !String::from_utf8_lossy(&request.body).contains(self.ticket_id) {
            return false;
        }
        let Some(sent) = read_sent(self.wire, &body) else {
            return false;
        };
        let answered: Vec<&str> = sent.results.iter().map(|r| r.0.as_str()).collect();
        sent.assistant.len() == self.after && answered == self.answers
    }
}

/// Mounts `steps` as the fake server's answers to one ticket, each turn expected
/// exactly once and chosen by the results of the turn before it.
async fn mount_script(server: &MockServer, wire: Wire, ticket_id: &'static str, steps: &[Step]) {
    for (turn, step) in steps.iter().enumerate() {
        let answers = match turn {
            0 => Vec::new(),
            _ => steps[turn - 1]
                .calls
                .iter()
                .map(|(id, _, _)| wire.call_id(id))
                .collect(),
        };
        Mock::given(method("POST"))
            .and(path(wire.path()))
            .and(TurnOf {
                wire,
                ticket_id,
                after: turn,
                answers,
            })
            .respond_with(ResponseTemplate::new(200).set_body_json(response_body(
                wire,
                turn + 1,
                step,
            )))
            .expect(1)
            .named(format!("{wire:?} {ticket_id} turn {}", turn + 1))
            .mount(server)
            .await;
    }
}

/// The request bodies the server received, in order.
async fn bodies(server: &MockServer) -> Vec<Value> {
    server
        .received_requests()
        .await
        .expect("request recording is on")
        .iter()
        .map(|r| r.body_json::<Value>().expect("a JSON request body"))
        .collect()
}

// ------------------------------------------------------------------ the application

/// Settings whose model section points at the fake server, with the given API-key
/// variable set (each test uses its own name, so tests in parallel never share one).
fn settings(wire: Wire, server: &MockServer, key_env: &str) -> Settings {
    // SAFETY: no other thread reads or writes this test's own variable.
    unsafe { std::env::set_var(key_env, wire.key()) };
    let mut settings = Settings::defaults();
    let model = &mut settings.model;
    model.provider = wire.provider();
    model.timeout_secs = 5;
    model.retry_base_ms = 1;
    model.retry_max_ms = 20;
    let endpoint = match wire {
        Wire::Anthropic => {
            model.anthropic.base_url = server.uri();
            &mut model.anthropic
        }
        Wire::OpenAi => {
            model.openai.base_url = format!("{}/v1", server.uri());
            &mut model.openai
        }
    };
    endpoint.api_key_env = key_env.to_string();
    endpoint.price_input_per_mtok = PRICE_INPUT;
    endpoint.price_output_per_mtok = PRICE_OUTPUT;
    settings
}

/// The agent production builds from `settings`, over a fresh fixture shop.
async fn agent(settings: &Settings) -> Agent {
    let model = from_settings(&settings.model).expect("the model builds");
    let (agent, _shop) = embedded_agent(settings, World::fixture(), model)
        .await
        .expect("the agent builds");
    agent
}

/// Runs `tickets` through `process` (traces on, one at a time) and returns the
/// output lines and the summary.
async fn run_process(agent: &Agent, tickets: &[Value]) -> (Vec<Value>, Summary) {
    let input: Vec<String> = tickets.iter().map(Value::to_string).collect();
    let mut out = Vec::new();
    let summary = process(
        agent,
        &input.join("\n"),
        MAX_BODY,
        1,
        true,
        &mut out,
        &mut Quiet,
    )
    .await
    .expect("writing to memory cannot fail");
    let lines = String::from_utf8(out)
        .expect("UTF-8 output")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each output line is JSON"))
        .collect();
    (lines, summary)
}

/// The output line of one ticket.
fn line_of<'a>(lines: &'a [Value], ticket_id: &str) -> &'a Value {
    lines
        .iter()
        .find(|l| l["ticket_id"] == ticket_id)
        .unwrap_or_else(|| panic!("no output line for {ticket_id} in {lines:?}"))
}

fn line_usage(line: &Value) -> Usage {
    serde_json::from_value(line["usage"].clone()).expect("usage in the output line")
}

/// The usage of each model turn in a line's trace, in order.
fn traced_turns(line: &Value) -> Vec<(Usage, f64)> {
    line["trace"]["steps"]
        .as_array()
        .expect("a trace")
        .iter()
        .filter(|s| s["type"] == "model_turn")
        .map(|s| {
            (
                serde_json::from_value(s["usage"].clone()).unwrap(),
                s["cost_usd"].as_f64().unwrap(),
            )
        })
        .collect()
}

/// Checks a line's usage and cost against the turns the server reported.
fn assert_usage_and_cost(line: &Value, reported: &[&Step]) {
    let mut sum = Usage::default();
    for step in reported {
        sum += step.usage;
    }
    assert_eq!(line_usage(line), sum, "{line}");
    assert_close(line["cost_usd"].as_f64().expect("cost_usd"), cost(sum));
    let traced = traced_turns(line);
    assert_eq!(traced.len(), reported.len(), "{line}");
    for ((usage, cost_usd), step) in traced.iter().zip(reported) {
        assert_eq!(*usage, step.usage);
        assert_close(*cost_usd, cost(step.usage));
    }
}

fn count(summary: &Summary, kind: OutcomeKind) -> usize {
    summary.outcomes.get(&kind).copied().unwrap_or(0)
}

// ------------------------------------------------------------------ the tickets

const REFUND_TICKET: &str = "T-PL-REFUND";

fn refund_ticket(ticket_id: &str) -> Value {
    json!({
        "ticket_id": ticket_id,
        "customer_id": "C001",
        "order_id": "O1001",
        "subject": "Refund for my mouse",
        "body": "The wireless mouse from order O1001 stopped working. Please refund it."
    })
}

/// Turn 1 of the refund: two parallel calls with text alongside.
fn refund_turn_one() -> Step {
    Step {
        text: Some("I'll look up order O1001 and check whether it can be refunded."),
        calls: vec![
            ("Lookup", "order_lookup", r#"{"order_id":"O1001"}"#),
            (
                "Eligibility",
                "refund_eligibility",
                r#"{"order_id":"O1001","reason":"The mouse stopped working"}"#,
            ),
        ],
        usage: usage(1200, 85),
    }
}

/// The whole refund ticket: look up and check, propose, answer.
fn refund_script() -> Vec<Step> {
    vec![
        refund_turn_one(),
        Step {
            text: None,
            calls: vec![(
                "Refund",
                "issue_refund",
                r#"{"order_id":"O1001","amount_usd":24.99,"idempotency_key":"refund-T-PL-REFUND-O1001"}"#,
            )],
            usage: usage(1530, 62),
        },
        Step {
            text: Some(
                "REFUND_PROPOSED: A full refund of $24.99 for order O1001 is proposed and awaits approval.",
            ),
            calls: Vec::new(),
            usage: usage(1710, 41),
        },
    ]
}

async fn the_refund_ticket_runs_through_the_loop(wire: Wire, key_env: &str) {
    let server = MockServer::start().await;
    let script = refund_script();
    mount_script(&server, wire, REFUND_TICKET, &script).await;
    let settings = settings(wire, &server, key_env);
    let agent = agent(&settings).await;

    let (lines, summary) = run_process(&agent, &[refund_ticket(REFUND_TICKET)]).await;

    // The outcome, its one action, and the budget spent.
    assert_eq!(lines.len(), 1);
    let line = line_of(&lines, REFUND_TICKET);
    assert_eq!(line["outcome"], "refund_proposed", "{line}");
    assert_eq!(
        line["message"],
        "A full refund of $24.99 for order O1001 is proposed and awaits approval."
    );
    assert_eq!(line["model"], wire.label());
    let actions = line["actions"].as_array().expect("actions");
    assert_eq!(actions.len(), 1, "{line}");
    assert_eq!(actions[0]["tool"], "issue_refund");
    assert_eq!(actions[0]["ticket_id"], REFUND_TICKET);
    assert_eq!(actions[0]["customer_id"], "C001");
    assert_eq!(actions[0]["arguments"]["order_id"], "O1001");
    assert_eq!(actions[0]["arguments"]["amount_usd"].as_f64(), Some(24.99));
    assert_eq!(line["tool_calls"], 3);
    assert_eq!(line["turns"], 3);

    // Usage and cost: exactly what the server reported, in the line, per turn in the
    // trace, and in the summary.
    let reported = total(&script);
    assert_eq!(reported, usage(4440, 188));
    assert_usage_and_cost(line, &script.iter().collect::<Vec<_>>());
    assert_close(line["cost_usd"].as_f64().unwrap(), 0.01614);
    assert_eq!(count(&summary, OutcomeKind::RefundProposed), 1);
    assert_eq!(summary.tickets(), 1);
    assert_eq!(summary.usage, reported);
    assert_close(summary.cost_usd, 0.01614);
    assert_close(summary.cost_usd, cost(reported));

    // What the loop sent: each turn carries the turns before it back exactly, and the
    // tool results answer the calls by their ids.
    let requests = server.received_requests().await.unwrap();
    assert_eq!(requests.len(), 3);
    for request in &requests {
        assert_eq!(request.url.path(), wire.path());
        let auth = match wire {
            Wire::Anthropic => request.headers.get("x-api-key").map(|v| v.as_bytes()),
            Wire::OpenAi => request.headers.get("authorization").map(|v| v.as_bytes()),
        };
        let expected = match wire {
            Wire::Anthropic => wire.key().to_string(),
            Wire::OpenAi => format!("Bearer {}", wire.key()),
        };
        assert_eq!(auth, Some(expected.as_bytes()));
    }
    let bodies = bodies(&server).await;
    let sent: Vec<Sent> = bodies
        .iter()
        .map(|b| read_sent(wire, b).expect("the provider's own format"))
        .collect();
    let id = |name: &str| wire.call_id(name);
    let turn_one = Echoed {
        text: "I'll look up order O1001 and check whether it can be refunded.".into(),
        calls: vec![
            (
                id("Lookup"),
                "order_lookup".into(),
                json!({"order_id": "O1001"}),
            ),
            (
                id("Eligibility"),
                "refund_eligibility".into(),
                json!({"order_id": "O1001", "reason": "The mouse stopped working"}),
            ),
        ],
    };
    let turn_two = Echoed {
        text: String::new(),
        calls: vec![(
            id("Refund"),
            "issue_refund".into(),
            json!({"order_id": "O1001", "amount_usd": 24.99,
                   "idempotency_key": "refund-T-PL-REFUND-O1001"}),
        )],
    };
    assert!(sent[0].assistant.is_empty() && sent[0].results.is_empty());
    assert_eq!(sent[1].assistant, std::slice::from_ref(&turn_one));
    assert_eq!(sent[2].assistant, [turn_one, turn_two]);

    let flag = match wire {
        Wire::Anthropic => Some(false),
        Wire::OpenAi => None,
    };
    let results = &sent[1].results;
    assert_eq!(results.len(), 2);
    assert_eq!((&results[0].0, results[0].2), (&id("Lookup"), flag));
    assert_eq!(results[0].1["order_id"], "O1001");
    assert_eq!(results[0].1["status"], "delivered");
    assert_eq!(results[0].1["total_usd"].as_f64(), Some(24.99));
    assert_eq!((&results[1].0, results[1].2), (&id("Eligibility"), flag));
    assert_eq!(results[1].1["eligible"], true);
    assert_eq!(results[1].1["max_amount_usd"].as_f64(), Some(24.99));
    let results = &sent[2].results;
    assert_eq!(results.len(), 1);
    assert_eq!((&results[0].0, results[0].2), (&id("Refund"), flag));
    assert_eq!(results[0].1["status"], "pending_approval");
    assert_eq!(
        results[0].1["approval_id"], actions[0]["approval_id"],
        "the model is told the approval the line carries"
    );

    // And in the wire format's exact shape: the last message of turn 3's request.
    let messages = bodies[2]["messages"].as_array().unwrap();
    let last = messages.last().unwrap();
    let result_text = results[0].1.to_string();
    match wire {
        Wire::Anthropic => {
            assert_eq!(messages.len(), 5);
            assert_eq!(
                *last,
                json!({"role": "user", "content": [{"type": "tool_result",
                    "tool_use_id": id("Refund"), "content": result_text, "is_error": false}]})
            );
            assert_eq!(
                messages[3],
                json!({"role": "assistant", "content": [{"type": "tool_use",
                    "id": id("Refund"), "name": "issue_refund",
                    "input": {"order_id": "O1001", "amount_usd": 24.99,
                              "idempotency_key": "refund-T-PL-REFUND-O1001"}}]})
            );
        }
        Wire::OpenAi => {
            // system, user, assistant, tool, tool, assistant, tool
            assert_eq!(messages.len(), 7);
            assert_eq!(messages[0]["role"], "system");
            assert_eq!(
                *last,
                json!({"role": "tool", "tool_call_id": id("Refund"), "content": result_text})
            );
            // Arguments travel as a JSON string (its key order is serde_json's).
            let mut echoed = messages[5].clone();
            let arguments = &mut echoed["tool_calls"][0]["function"]["arguments"];
            *arguments = parse_output(arguments.as_str().expect("arguments as a string"));
            assert_eq!(
                echoed,
                json!({"role": "assistant", "content": "", "tool_calls": [{
                    "id": id("Refund"), "type": "function", "function": {
                        "name": "issue_refund",
                        "arguments": {"order_id": "O1001", "amount_usd": 24.99,
                                      "idempotency_key": "refund-T-PL-REFUND-O1001"}}}]})
            );
        }
    }
}

#[tokio::test]
async fn a_refund_ticket_runs_through_the_loop_over_the_anthropic_messages_api_and_reports_the_servers_usage_and_cost()
 {
    the_refund_ticket_runs_through_the_loop(Wire::Anthropic, "TA_PROVIDER_LOOP_ANTHROPIC_REFUND")
        .await;
}

#[tokio::test]
async fn a_refund_ticket_runs_through_the_loop_over_openai_chat_completions_and_reports_the_servers_usage_and_cost()
 {
    the_refund_ticket_runs_through_the_loop(Wire::OpenAi, "TA_PROVIDER_LOOP_OPENAI_REFUND").await;
}

// ------------------------------------------------------------------ invalid arguments

const INVALID_TICKET: &str = "T-PL-INVALID";

/// Arguments cut off mid-object, as a model sometimes writes them.
const BROKEN_ARGUMENTS: &str = r#"{"order_id": "O1001""#;

fn where_is_my_order(ticket_id: &str, order_id: &str) -> Value {
    json!({
        "ticket_id": ticket_id,
        "customer_id": "C001",
        "order_id": order_id,
        "subject": "Where is my order?",
        "body": format!("Has order {order_id} arrived yet?")
    })
}

/// A call with broken arguments, then the same call done right, then the answer.
fn invalid_then_valid_script() -> Vec<Step> {
    vec![
        Step {
            text: None,
            calls: vec![("Broken", "order_lookup", BROKEN_ARGUMENTS)],
            usage: usage(905, 31),
        },
        Step {
            text: Some("Sorry, let me try that again."),
            calls: vec![("Fixed", "order_lookup", r#"{"order_id":"O1001"}"#)],
            usage: usage(1012, 27),
        },
        Step {
            text: Some("RESOLVED: Order O1001 was delivered by UPS on November 14."),
            calls: Vec::new(),
            usage: usage(1133, 36),
        },
    ]
}

#[tokio::test]
async fn openai_tool_call_arguments_that_are_not_json_go_back_to_the_model_as_invalid_arguments_and_count_in_the_budget()
 {
    let server = MockServer::start().await;
    let script = invalid_then_valid_script();
    mount_script(&server, Wire::OpenAi, INVALID_TICKET, &script).await;
    let settings = settings(Wire::OpenAi, &server, "TA_PROVIDER_LOOP_OPENAI_INVALID");
    let agent = agent(&settings).await;

    let (lines, summary) = run_process(&agent, &[where_is_my_order(INVALID_TICKET, "O1001")]).await;

    let line = line_of(&lines, INVALID_TICKET);
    assert_eq!(line["outcome"], "resolved", "{line}");
    assert_eq!(line["tool_calls"], 2, "the broken call counts");
    assert_eq!(line["turns"], 3);
    assert_usage_and_cost(line, &script.iter().collect::<Vec<_>>());
    assert_eq!(summary.usage, total(&script));
    assert_close(summary.cost_usd, cost(total(&script)));
    let broken = &line["trace"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["type"] == "tool_call")
        .expect("the broken call is in the trace");
    assert_eq!(broken["status"], "invalid_arguments");
    assert_eq!(broken["arguments"], BROKEN_ARGUMENTS);

    // The request after the broken call: the call echoed with its raw text, then a
    // tool message answering it with the error.
    let bodies = bodies(&server).await;
    assert_eq!(bodies.len(), 3);
    let messages = bodies[1]["messages"].as_array().unwrap();
    assert_eq!(
        messages[2],
        json!({"role": "assistant", "content": "", "tool_calls": [{
            "id": "call_Broken", "type": "function",
            "function": {"name": "order_lookup", "arguments": BROKEN_ARGUMENTS}}]})
    );
    assert_eq!(messages.len(), 4);
    assert_eq!(messages[3]["role"], "tool");
    assert_eq!(messages[3]["tool_call_id"], "call_Broken");
    let error = parse_output(messages[3]["content"].as_str().unwrap());
    assert_eq!(error["error"], "invalid_arguments", "{error}");
    assert!(
        error["detail"]
            .as_str()
            .unwrap()
            .starts_with("arguments are not valid JSON"),
        "{error}"
    );
    // The corrected call's result came back in the third request.
    let sent = read_sent(Wire::OpenAi, &bodies[2]).unwrap();
    assert_eq!(sent.results.len(), 1);
    assert_eq!(sent.results[0].0, "call_Fixed");
    assert_eq!(sent.results[0].1["status"], "delivered");
}

#[tokio::test]
async fn a_call_with_arguments_that_are_not_json_uses_up_the_tool_call_budget() {
    let server = MockServer::start().await;
    let script = invalid_then_valid_script();
    // Only the first two turns are ever asked for: the budget ends the ticket.
    mount_script(&server, Wire::OpenAi, INVALID_TICKET, &script[..2]).await;
    let mut settings = settings(Wire::OpenAi, &server, "TA_PROVIDER_LOOP_OPENAI_BUDGET");
    settings.agent.max_tool_calls = 1;
    let agent = agent(&settings).await;

    let (lines, _) = run_process(&agent, &[where_is_my_order(INVALID_TICKET, "O1001")]).await;

    let line = line_of(&lines, INVALID_TICKET);
    assert_eq!(line["outcome"], "escalated", "{line}");
    assert_eq!(line["category"], "budget_exhausted", "{line}");
    assert_eq!(line["tool_calls"], 1);
    assert_eq!(line["turns"], 2);
    assert_usage_and_cost(line, &script[..2].iter().collect::<Vec<_>>());
    assert_eq!(server.received_requests().await.unwrap().len(), 2);
}

// ------------------------------------------------------------------ provider failures

const AUTH_TICKET: &str = "T-PL-AUTH";
const NEXT_TICKET: &str = "T-PL-NEXT";

/// A 401 after the first turn of one ticket; the next ticket runs normally.
async fn a_401_mid_ticket_escalates_it_and_process_goes_on(wire: Wire, key_env: &str) {
    let server = MockServer::start().await;
    let first = refund_turn_one();
    mount_script(&server, wire, AUTH_TICKET, std::slice::from_ref(&first)).await;
    Mock::given(method("POST"))
        .and(path(wire.path()))
        .and(TurnOf {
            wire,
            ticket_id: AUTH_TICKET,
            after: 1,
            answers: vec![wire.call_id("Lookup"), wire.call_id("Eligibility")],
        })
        .respond_with(wire.unauthorized())
        // Permanent: sent once, never retried.
        .expect(1)
        .named("401 at turn 2")
        .mount(&server)
        .await;
    let next = vec![
        Step {
            text: None,
            calls: vec![("Next", "order_lookup", r#"{"order_id":"O1002"}"#)],
            usage: usage(870, 22),
        },
        Step {
            text: Some("RESOLVED: Your keyboard shipped with FedEx on November 26."),
            calls: Vec::new(),
            usage: usage(990, 30),
        },
    ];
    mount_script(&server, wire, NEXT_TICKET, &next).await;
    let settings = settings(wire, &server, key_env);
    assert!(settings.model.max_retries > 0, "retries are on, and unused");
    let agent = agent(&settings).await;

    let (lines, summary) = run_process(
        &agent,
        &[
            refund_ticket(AUTH_TICKET),
            where_is_my_order(NEXT_TICKET, "O1002"),
        ],
    )
    .await;

    let failed = line_of(&lines, AUTH_TICKET);
    assert_eq!(failed["outcome"], "escalated", "{failed}");
    assert_eq!(failed["category"], "model_error", "{failed}");
    let reason = failed["reason"].as_str().unwrap();
    assert!(reason.contains(wire.unauthorized_message()), "{reason}");
    assert!(reason.contains("HTTP 401"), "{reason}");
    assert!(!reason.contains(wire.key()), "{reason}");
    assert_eq!(failed["actions"], json!([]));
    assert_eq!(failed["tool_calls"], 2);
    assert_eq!(failed["turns"], 2);
    // The first turn was served and paid for; the refused one reports nothing.
    assert_usage_and_cost(failed, &[&first]);

    let after = line_of(&lines, NEXT_TICKET);
    assert_eq!(after["outcome"], "resolved", "{after}");
    assert_usage_and_cost(after, &next.iter().collect::<Vec<_>>());

    assert_eq!(count(&summary, OutcomeKind::Escalated), 1);
    assert_eq!(count(&summary, OutcomeKind::Resolved), 1);
    let mut spent = first.usage;
    spent += total(&next);
    assert_eq!(summary.usage, spent);
    assert_close(summary.cost_usd, cost(spent));
}

#[tokio::test]
async fn an_anthropic_401_in_the_middle_of_a_ticket_escalates_it_as_model_error_and_process_goes_on()
 {
    a_401_mid_ticket_escalates_it_and_process_goes_on(
        Wire::Anthropic,
        "TA_PROVIDER_LOOP_ANTHROPIC_401",
    )
    .await;
}

#[tokio::test]
async fn an_openai_401_in_the_middle_of_a_ticket_escalates_it_as_model_error_and_process_goes_on() {
    a_401_mid_ticket_escalates_it_and_process_goes_on(Wire::OpenAi, "TA_PROVIDER_LOOP_OPENAI_401")
        .await;
}

const DOWN_TICKET: &str = "T-PL-DOWN";

/// A provider that fails transiently on every attempt, with one retry allowed.
async fn a_transient_failure_past_the_retries(wire: Wire, key_env: &str) {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(wire.path()))
        .respond_with(wire.unavailable())
        // Two runs, each the first attempt and one retry.
        .expect(4)
        .mount(&server)
        .await;
    let mut settings = settings(wire, &server, key_env);
    settings.model.max_retries = 1;
    settings.model.retry_base_ms = 1;
    let agent = agent(&settings).await;

    // `process` has no queue to retry from: the ticket is escalated.
    let (lines, summary) = run_process(&agent, &[refund_ticket(DOWN_TICKET)]).await;
    let line = line_of(&lines, DOWN_TICKET);
    assert_eq!(line["outcome"], "escalated", "{line}");
    assert_eq!(line["category"], "model_error", "{line}");
    let reason = line["reason"].as_str().unwrap();
    assert!(reason.contains("model unavailable"), "{reason}");
    assert!(reason.contains(wire.unavailable_message()), "{reason}");
    assert!(reason.contains("after 2 attempts"), "{reason}");
    assert_eq!(line["actions"], json!([]));
    assert_eq!(line["tool_calls"], 0);
    assert_eq!(line_usage(line), Usage::default());
    assert_eq!(line["cost_usd"].as_f64(), Some(0.0));
    assert_eq!(count(&summary, OutcomeKind::Escalated), 1);
    assert_eq!(summary.usage, Usage::default());
    assert_eq!(server.received_requests().await.unwrap().len(), 2);

    // The agent itself reports it as a failure to retry later, not as an outcome.
    let ticket = Ticket::from_json(refund_ticket(DOWN_TICKET).to_string().as_bytes(), MAX_BODY)
        .expect("a valid ticket");
    match agent.run(&ticket).await {
        Err(RunError::ModelUnavailable { message, .. }) => {
            assert!(message.contains(wire.unavailable_message()), "{message}");
            assert!(message.contains("after 2 attempts"), "{message}");
        }
        Err(other) => panic!("expected ModelUnavailable, got {other:?}"),
        Ok(run) => panic!(
            "expected ModelUnavailable, got an outcome: {:?}",
            run.outcome
        ),
    }
    assert_eq!(server.received_requests().await.unwrap().len(), 4);
}

#[tokio::test]
async fn an_openai_500_past_the_retries_escalates_as_model_error_in_process_and_is_model_unavailable_to_the_agent()
 {
    a_transient_failure_past_the_retries(Wire::OpenAi, "TA_PROVIDER_LOOP_OPENAI_500").await;
}

#[tokio::test]
async fn an_anthropic_529_overloaded_past_the_retries_escalates_as_model_error_in_process_and_is_model_unavailable_to_the_agent()
 {
    a_transient_failure_past_the_retries(Wire::Anthropic, "TA_PROVIDER_LOOP_ANTHROPIC_529").await;
}
