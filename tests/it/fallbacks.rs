//! A provider chain through the whole agent loop, against two local fake servers
//! (wiremock on loopback) that speak Anthropic's and OpenAI's wire formats: a ticket
//! begun on Anthropic continues on OpenAI when Anthropic starts answering 529, with the
//! conversation translated (the Anthropic turn's tool calls and their results in Chat
//! Completions' shape, ids intact), the outcome naming both models and pricing each
//! turn at its own model's rates; Anthropic's breaker, once open, keeps the next ticket
//! off it entirely. Then the per-ticket budgets in tokens and in dollars. No test
//! reaches the internet.

use serde_json::{Value, json};
use ticket_agent::agent::Agent;
use ticket_agent::app::embedded_agent;
use ticket_agent::commerce::embedded::World;
use ticket_agent::config::{ProviderKind, Settings};
use ticket_agent::model::from_settings;
use ticket_agent::process::{Quiet, process};
use wiremock::matchers::{method, path};
use wiremock::{Match, Mock, MockServer, Request, ResponseTemplate};

const MAX_BODY: usize = 32 * 1024;

/// Anthropic's prices and OpenAI's, in USD per million tokens: distinct, so a turn
/// priced at the wrong model's rates shows.
const ANTHROPIC_PRICES: (f64, f64) = (3.0, 15.0);
const OPENAI_PRICES: (f64, f64) = (0.25, 2.0);

fn cost((input, output): (f64, f64), tokens: (u64, u64)) -> f64 {
    (tokens.0 as f64 * input + tokens.1 as f64 * output) / 1_000_000.0
}

fn assert_close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-12,
        "{actual} is not {expected}"
    );
}

fn refund_ticket(ticket_id: &str) -> Value {
    json!({
        "ticket_id": ticket_id,
        "customer_id": "C001",
        "order_id": "O1001",
        "subject": "Refund for my mouse",
        "body": "The wireless mouse from order O1001 stopped working. Please refund it."
    })
}

const TURN_ONE_TEXT: &str = "I'll look up order O1001 and check whether it can be refunded.";
const LOOKUP_ARGS: &str = r#"{"order_id":"O1001"}"#;
const ELIGIBILITY_ARGS: &str = r#"{"order_id":"O1001","reason":"The mouse stopped working"}"#;
const REFUND_ARGS: &str =
    r#"{"order_id":"O1001","amount_usd":24.99,"idempotency_key":"refund-O1001"}"#;
const FINAL_TEXT: &str =
    "REFUND_PROPOSED: A full refund of $24.99 for order O1001 is proposed and awaits approval.";

/// Turn 1 as Anthropic answers it: two parallel calls with text alongside.
fn anthropic_turn_one() -> Value {
    json!({
        "id": "msg_01FallbackTurn1", "type": "message", "role": "assistant",
        "model": "claude-sonnet-4-5-20250929",
        "content": [
            {"type": "text", "text": TURN_ONE_TEXT},
            {"type": "tool_use", "id": "toolu_01Lookup", "name": "order_lookup",
             "input": serde_json::from_str::<Value>(LOOKUP_ARGS).unwrap()},
            {"type": "tool_use", "id": "toolu_01Eligibility", "name": "refund_eligibility",
             "input": serde_json::from_str::<Value>(ELIGIBILITY_ARGS).unwrap()}
        ],
        "stop_reason": "tool_use", "stop_sequence": null,
        "usage": {"input_tokens": 1200, "cache_creation_input_tokens": 0,
                  "cache_read_input_tokens": 0, "output_tokens": 85}
    })
}

/// An OpenAI answer: tool calls `(id, name, arguments)` or a final text.
fn openai_answer(calls: &[(&str, &str, &str)], text: Option<&str>, tokens: (u64, u64)) -> Value {
    let mut message = json!({"role": "assistant", "content": text, "refusal": null});
    if !calls.is_empty() {
        message["tool_calls"] = calls
            .iter()
            .map(|(id, name, arguments)| {
                json!({"id": id, "type": "function",
                       "function": {"name": name, "arguments": arguments}})
            })
            .collect();
    }
    json!({
        "id": "chatcmpl-fallback", "object": "chat.completion", "model": "gpt-5-mini",
        "choices": [{"index": 0, "message": message,
                     "finish_reason": if calls.is_empty() { "stop" } else { "tool_calls" }}],
        "usage": {"prompt_tokens": tokens.0, "completion_tokens": tokens.1,
                  "total_tokens": tokens.0 + tokens.1,
                  "prompt_tokens_details": {"cached_tokens": 0}}
    })
}

/// An OpenAI request for one ticket whose last messages answer exactly `answers`
/// (tool-call ids, in order) with `role: "tool"` messages, after `assistant_turns`
/// assistant messages.
struct OpenAiTurn {
    ticket_id: &'static str,
    assistant_turns: usize,
    answers: Vec<&'static str>,
}

impl Match for OpenAiTurn {
    fn matches(&self, request: &Request) -> bool {
        let Ok(body) = request.body_json::<Value>() else {
            return false;
        };
        if !String::from_utf8_lossy(&request.body).contains(self.ticket_id) {
            return false;
        }
        let messages = body["messages"].as_array().cloned().unwrap_or_default();
        let assistants = messages.iter().filter(|m| m["role"] == "assistant").count();
        let last_assistant = messages.iter().rposition(|m| m["role"] == "assistant");
        let answered: Vec<&str> = match last_assistant {
            Some(i) => messages[i + 1..]
                .iter()
                .filter(|m| m["role"] == "tool")
                .filter_map(|m| m["tool_call_id"].as_str())
                .collect(),
            None => Vec::new(),
        };
        assistants == self.assistant_turns && answered == self.answers
    }
}

/// Settings for a chain anthropic → openai over the two fake servers.
fn chain_settings(anthropic: &MockServer, openai: &MockServer, key_env: &str) -> Settings {
    // SAFETY: no other thread reads or writes this test's own variable.
    unsafe { std::env::set_var(key_env, "sk-fallback-test") };
    let mut settings = Settings::defaults();
    let model = &mut settings.model;
    model.provider = ProviderKind::Anthropic;
    model.fallbacks = vec!["openai:gpt-5-mini".into()];
    model.breaker.failures = 1;
    model.breaker.cooldown_secs = 3600;
    model.timeout_secs = 5;
    model.max_retries = 1;
    model.retry_base_ms = 1;
    model.retry_max_ms = 20;
    model.anthropic.base_url = anthropic.uri();
    model.anthropic.api_key_env = key_env.into();
    (
        model.anthropic.price_input_per_mtok,
        model.anthropic.price_output_per_mtok,
    ) = ANTHROPIC_PRICES;
    model.openai.base_url = format!("{}/v1", openai.uri());
    model.openai.api_key_env = key_env.into();
    (
        model.openai.price_input_per_mtok,
        model.openai.price_output_per_mtok,
    ) = OPENAI_PRICES;
    settings
}

async fn agent(settings: &Settings) -> Agent {
    let model = from_settings(&settings.model).expect("the chain builds");
    let (agent, _shop) = embedded_agent(settings, World::fixture(), model)
        .await
        .expect("the agent builds");
    agent
}

/// Runs `tickets` through `process`, one at a time, with traces; the output lines.
async fn run_process(agent: &Agent, tickets: &[Value]) -> Vec<Value> {
    let input: Vec<String> = tickets.iter().map(Value::to_string).collect();
    let mut out = Vec::new();
    process(
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
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Mounts OpenAI's answers to turns 2 and 3 of `ticket_id`, after a first turn whose
/// calls were `first_ids`; `first_turn_here` mounts turn 1 too (Anthropic skipped).
async fn mount_openai(
    openai: &MockServer,
    ticket_id: &'static str,
    first_ids: [&'static str; 2],
    first_turn_here: bool,
) {
    if first_turn_here {
        Mock::given(method("POST"))
            .and(path("/v1/chat/completions"))
            .and(OpenAiTurn {
                ticket_id,
                assistant_turns: 0,
                answers: vec![],
            })
            .respond_with(ResponseTemplate::new(200).set_body_json(openai_answer(
                &[
                    (first_ids[0], "order_lookup", LOOKUP_ARGS),
                    (first_ids[1], "refund_eligibility", ELIGIBILITY_ARGS),
                ],
                Some(TURN_ONE_TEXT),
                (1100, 80),
            )))
            .expect(1)
            .mount(openai)
            .await;
    }
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .and(OpenAiTurn {
            ticket_id,
            assistant_turns: 1,
            answers: first_ids.to_vec(),
        })
        .respond_with(ResponseTemplate::new(200).set_body_json(openai_answer(
            &[("call_Refund", "issue_refund", REFUND_ARGS)],
            None,
            (1500, 60),
        )))
        .expect(1)
        .mount(openai)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .and(OpenAiTurn {
            ticket_id,
            assistant_turns: 2,
            answers: vec!["call_Refund"],
        })
        .respond_with(ResponseTemplate::new(200).set_body_json(openai_answer(
            &[],
            Some(FINAL_TEXT),
            (1700, 40),
        )))
        .expect(1)
        .mount(openai)
        .await;
}

#[tokio::test]
async fn a_ticket_whose_provider_goes_down_finishes_on_the_next_with_its_conversation_and_the_breaker_keeps_the_next_ticket_off_it()
 {
    let anthropic = MockServer::start().await;
    let openai = MockServer::start().await;
    // Anthropic answers the first turn of the first ticket, then is overloaded.
    Mock::given(method("POST"))
        .and(path("/v1/messages"))
        .respond_with(ResponseTemplate::new(200).set_body_json(anthropic_turn_one()))
        .up_to_n_times(1)
        .expect(1)
        .mount(&anthropic)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/messages"))
        .respond_with(ResponseTemplate::new(529).set_body_json(json!({
            "type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}
        })))
        // Turn 2's call and its one retry; then the breaker is open.
        .expect(2)
        .mount(&anthropic)
        .await;
    mount_openai(
        &openai,
        "T-FB-1",
        ["toolu_01Lookup", "toolu_01Eligibility"],
        false,
    )
    .await;
    mount_openai(&openai, "T-FB-2", ["call_Lookup", "call_Eligibility"], true).await;
    let settings = chain_settings(&anthropic, &openai, "TA_FALLBACK_KEY_CHAIN");
    let agent = agent(&settings).await;

    let lines = run_process(&agent, &[refund_ticket("T-FB-1"), refund_ticket("T-FB-2")]).await;

    let claude = "anthropic:claude-sonnet-4-5";
    let gpt = "openai:gpt-5-mini";
    // The first ticket: one turn on Anthropic, two on OpenAI, one proposal.
    let first = &lines[0];
    assert_eq!(first["ticket_id"], "T-FB-1");
    assert_eq!(first["outcome"], "refund_proposed", "{first}");
    assert_eq!(first["model"], format!("{claude}>{gpt}"));
    assert_eq!(first["actions"].as_array().unwrap().len(), 1, "{first}");
    assert_eq!(first["actions"][0]["tool"], "issue_refund");
    let claude_cost = cost(ANTHROPIC_PRICES, (1200, 85));
    let gpt_cost = cost(OPENAI_PRICES, (1500 + 1700, 60 + 40));
    assert_eq!(
        first["models"],
        json!([
            {"model": claude, "turns": 1, "cost_usd": claude_cost,
             "usage": {"input_tokens": 1200, "output_tokens": 85,
                       "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}},
            {"model": gpt, "turns": 2, "cost_usd": gpt_cost,
             "usage": {"input_tokens": 3200, "output_tokens": 100,
                       "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}}
        ])
    );
    assert_close(first["cost_usd"].as_f64().unwrap(), claude_cost + gpt_cost);
    let turns: Vec<(&str, f64)> = first["trace"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["type"] == "model_turn")
        .map(|s| {
            (
                s["model"].as_str().unwrap(),
                s["cost_usd"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(turns.len(), 3);
    assert_eq!(turns[0], (claude, claude_cost));
    assert_eq!(turns[1].0, gpt);
    assert_close(turns[1].1, cost(OPENAI_PRICES, (1500, 60)));
    assert_eq!(turns[2].0, gpt);

    // What OpenAI was sent for turn 2: Anthropic's turn in Chat Completions' shape,
    // its calls' ids intact, each result answering its call.
    let requests = openai.received_requests().await.unwrap();
    let body: Value = requests[0].body_json().unwrap();
    assert!(String::from_utf8_lossy(&requests[0].body).contains("T-FB-1"));
    let messages = body["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 5, "system, user, assistant, tool, tool");
    let mut assistant = messages[2].clone();
    for call in assistant["tool_calls"].as_array_mut().unwrap() {
        let arguments = &mut call["function"]["arguments"];
        *arguments = serde_json::from_str(arguments.as_str().unwrap()).unwrap();
    }
    assert_eq!(
        assistant,
        json!({"role": "assistant", "content": TURN_ONE_TEXT, "tool_calls": [
            {"id": "toolu_01Lookup", "type": "function", "function": {
                "name": "order_lookup", "arguments": {"order_id": "O1001"}}},
            {"id": "toolu_01Eligibility", "type": "function", "function": {
                "name": "refund_eligibility",
                "arguments": {"order_id": "O1001", "reason": "The mouse stopped working"}}}
        ]})
    );
    assert_eq!(messages[3]["tool_call_id"], "toolu_01Lookup");
    let lookup: Value = serde_json::from_str(messages[3]["content"].as_str().unwrap()).unwrap();
    assert_eq!(lookup["status"], "delivered");
    assert_eq!(messages[4]["tool_call_id"], "toolu_01Eligibility");
    let eligibility: Value =
        serde_json::from_str(messages[4]["content"].as_str().unwrap()).unwrap();
    assert_eq!(eligibility["eligible"], true);
    assert_eq!(body["model"], "gpt-5-mini");
    assert_eq!(
        body["tools"].as_array().unwrap().len(),
        5,
        "the same five tools"
    );

    // The second ticket never reaches Anthropic: its breaker is open.
    let second = &lines[1];
    assert_eq!(second["ticket_id"], "T-FB-2");
    assert_eq!(second["outcome"], "refund_proposed", "{second}");
    assert_eq!(second["models"].as_array().unwrap().len(), 1, "{second}");
    assert_eq!(second["models"][0]["model"], gpt);
    assert_eq!(second["models"][0]["turns"], 3);
    assert_eq!(anthropic.received_requests().await.unwrap().len(), 3);
}

#[tokio::test]
async fn when_every_provider_is_down_the_ticket_is_left_for_a_retry_naming_each() {
    let anthropic = MockServer::start().await;
    let openai = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(503).set_body_string("upstream unavailable"))
        .mount(&anthropic)
        .await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(500).set_body_json(
            json!({"error": {"message": "The server had an error", "type": "server_error"}}),
        ))
        .mount(&openai)
        .await;
    let settings = chain_settings(&anthropic, &openai, "TA_FALLBACK_KEY_ALL_DOWN");
    let agent = agent(&settings).await;
    let ticket = ticket_agent::domain::ticket::Ticket::from_json(
        refund_ticket("T-FB-DOWN").to_string().as_bytes(),
        MAX_BODY,
    )
    .unwrap();

    let message = match agent.run(&ticket).await {
        Err(ticket_agent::agent::RunError::ModelUnavailable { message, .. }) => message,
        other => panic!("expected ModelUnavailable, got {other:?}"),
    };
    assert!(message.contains("anthropic returned HTTP 503"), "{message}");
    assert!(message.contains("openai returned HTTP 500"), "{message}");

    // Both breakers are open now: the next run asks no one and says so.
    let message = match agent.run(&ticket).await {
        Err(ticket_agent::agent::RunError::ModelUnavailable { message, .. }) => message,
        other => panic!("expected ModelUnavailable, got {other:?}"),
    };
    assert!(message.contains("circuit open"), "{message}");
    assert_eq!(anthropic.received_requests().await.unwrap().len(), 2);
    assert_eq!(openai.received_requests().await.unwrap().len(), 2);
}

/// Settings for OpenAI alone over the fake server.
fn openai_settings(openai: &MockServer, key_env: &str) -> Settings {
    // SAFETY: no other thread reads or writes this test's own variable.
    unsafe { std::env::set_var(key_env, "sk-budget-test") };
    let mut settings = Settings::defaults();
    let model = &mut settings.model;
    model.provider = ProviderKind::Openai;
    model.openai.name = "gpt-5-mini".into();
    model.timeout_secs = 5;
    model.retry_base_ms = 1;
    model.openai.base_url = format!("{}/v1", openai.uri());
    model.openai.api_key_env = key_env.into();
    (
        model.openai.price_input_per_mtok,
        model.openai.price_output_per_mtok,
    ) = OPENAI_PRICES;
    settings
}

/// Runs the refund ticket under `configure`d budgets on a server that would answer
/// all three turns; the output line and the requests the server got.
async fn refund_under_budget(
    ticket_id: &'static str,
    key_env: &str,
    configure: impl FnOnce(&mut Settings),
) -> (Value, usize) {
    let openai = MockServer::start().await;
    mount_openai_all(&openai, ticket_id).await;
    let mut settings = openai_settings(&openai, key_env);
    configure(&mut settings);
    let agent = agent(&settings).await;
    let lines = run_process(&agent, &[refund_ticket(ticket_id)]).await;
    let requests = openai.received_requests().await.unwrap().len();
    (lines[0].clone(), requests)
}

/// OpenAI's answers to all three turns of the refund, none required.
async fn mount_openai_all(openai: &MockServer, ticket_id: &'static str) {
    let turns = [
        (
            0,
            vec![],
            openai_answer(
                &[
                    ("call_Lookup", "order_lookup", LOOKUP_ARGS),
                    ("call_Eligibility", "refund_eligibility", ELIGIBILITY_ARGS),
                ],
                Some(TURN_ONE_TEXT),
                (1100, 80),
            ),
        ),
        (
            1,
            vec!["call_Lookup", "call_Eligibility"],
            openai_answer(
                &[("call_Refund", "issue_refund", REFUND_ARGS)],
                None,
                (1500, 60),
            ),
        ),
        (
            2,
            vec!["call_Refund"],
            openai_answer(&[], Some(FINAL_TEXT), (1700, 40)),
        ),
    ];
    for (assistant_turns, answers, body) in turns {
        Mock::given(method("POST"))
            .and(path("/v1/chat/completions"))
            .and(OpenAiTurn {
                ticket_id,
                assistant_turns,
                answers,
            })
            .respond_with(ResponseTemplate::new(200).set_body_json(body))
            .mount(openai)
            .await;
    }
}

#[tokio::test]
async fn a_ticket_past_its_token_budget_is_escalated_budget_exhausted_with_its_spend() {
    let (line, requests) = refund_under_budget("T-FB-TOKENS", "TA_FALLBACK_KEY_TOKENS", |s| {
        s.agent.max_ticket_tokens = 1000;
    })
    .await;
    assert_eq!(line["outcome"], "escalated", "{line}");
    assert_eq!(line["category"], "budget_exhausted", "{line}");
    assert_eq!(
        line["reason"],
        "spent 1180 tokens ($0.0004) without a final answer; the ticket's budget is 1000 tokens"
    );
    assert_eq!(requests, 1, "no call after the budget is spent");
    assert_eq!(line["actions"], json!([]));
    let step = line["trace"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["type"] == "budget_exhausted")
        .cloned()
        .expect("a budget step");
    assert_eq!(step["tokens"], 1180);
    assert_close(
        step["cost_usd"].as_f64().unwrap(),
        cost(OPENAI_PRICES, (1100, 80)),
    );
}

#[tokio::test]
async fn a_ticket_past_its_dollar_budget_is_escalated_budget_exhausted_and_one_within_it_finishes()
{
    // Turn 1 costs 1100 x $0.25 + 80 x $2 per million = $0.000435; turn 2 $0.000495.
    let (line, requests) = refund_under_budget("T-FB-DOLLARS", "TA_FALLBACK_KEY_DOLLARS", |s| {
        s.agent.max_ticket_cost_usd = 0.0009;
    })
    .await;
    assert_eq!(line["category"], "budget_exhausted", "{line}");
    assert_eq!(
        line["reason"],
        "spent 2740 tokens ($0.0009) without a final answer; the ticket's budget is $0.0009"
    );
    assert_eq!(requests, 2);
    assert_close(
        line["cost_usd"].as_f64().unwrap(),
        cost(OPENAI_PRICES, (2600, 140)),
    );

    let (line, requests) = refund_under_budget("T-FB-WITHIN", "TA_FALLBACK_KEY_WITHIN", |s| {
        s.agent.max_ticket_cost_usd = 0.01;
        s.agent.max_ticket_tokens = 10_000;
    })
    .await;
    assert_eq!(line["outcome"], "refund_proposed", "{line}");
    assert_eq!(requests, 3);
}
