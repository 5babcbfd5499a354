//! The two HTTP providers against local fake servers (wiremock on loopback) that speak
//! each wire format: the exact request a turn sends, the turn read back, usage, and
//! the classification of every failure (retried then successful, permanent at once,
//! transient after the retries). No test reaches the internet.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use ticket_agent::config::{ModelSettings, ProviderKind, Reasoning, Settings, TokenLimitField};
use ticket_agent::conversation::ToolContract;
use ticket_agent::conversation::{
    Content, Message, Role, StopReason, ToolArguments, ToolCall, ToolResult, Usage,
};
use ticket_agent::model::anthropic::AnthropicModel;
use ticket_agent::model::openai::OpenAiModel;
use ticket_agent::model::{ChatModel, ChatRequest, ChatResponse, ModelError};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

const SYSTEM: &str = "You resolve support tickets.";

/// Two small tool contracts; the real five are exercised elsewhere.
fn contracts() -> Vec<ToolContract> {
    vec![
        ToolContract {
            name: "order_lookup",
            description: "Look up one order.",
            input_schema: json!({
                "type": "object",
                "properties": {"order_id": {"type": "string"}},
                "required": ["order_id"]
            }),
            gated: false,
        },
        ToolContract {
            name: "kb_search",
            description: "Search the knowledge base.",
            input_schema: json!({
                "type": "object",
                "properties": {"query": {"type": "string"}},
                "required": ["query"]
            }),
            gated: false,
        },
    ]
}

/// A conversation one turn in: the ticket, an assistant turn with text and two tool
/// calls (the second with arguments that are not JSON), and both results.
fn conversation() -> Vec<Message> {
    vec![
        Message::user_text("Please refund order O1004, it arrived broken."),
        Message {
            role: Role::Assistant,
            content: vec![
                Content::Text {
                    text: "Let me check.".into(),
                },
                Content::ToolCall(ToolCall {
                    id: "call_a".into(),
                    name: "order_lookup".into(),
                    arguments: ToolArguments::parse(r#"{"order_id":"O1004"}"#),
                }),
                Content::ToolCall(ToolCall {
                    id: "call_b".into(),
                    name: "kb_search".into(),
                    arguments: ToolArguments::parse("{query: refunds"),
                }),
            ],
        },
        Message {
            role: Role::User,
            content: vec![
                Content::ToolResult(ToolResult {
                    tool_call_id: "call_a".into(),
                    output: json!({"status": "delivered"}),
                    is_error: false,
                }),
                Content::ToolResult(ToolResult {
                    tool_call_id: "call_b".into(),
                    output: json!({"error": "invalid_arguments"}),
                    is_error: true,
                }),
            ],
        },
    ]
}

/// Runs one turn of [`conversation`] with [`contracts`].
async fn turn(model: &dyn ChatModel) -> Result<ChatResponse, ModelError> {
    let messages = conversation();
    let tools = contracts();
    model
        .complete(ChatRequest {
            system: SYSTEM,
            messages: &messages,
            tools: &tools,
            answer_schema: None,
        })
        .await
}

/// Sets a test's own API-key variable (each test uses a distinct name, so tests
/// running in parallel never touch the same variable).
fn set_key(name: &str, value: &str) {
    // SAFETY: no other thread reads or writes this variable.
    unsafe { std::env::set_var(name, value) };
}

/// Model settings for a fake server: fast backoff, but a longest wait that still
/// allows a one-second `retry-after`.
fn settings(provider: ProviderKind, base_url: String, key_env: &str) -> ModelSettings {
    let mut model = Settings::defaults().model;
    model.provider = provider;
    model.timeout_secs = 5;
    model.max_retries = 3;
    model.retry_base_ms = 1;
    model.retry_max_ms = 5_000;
    let endpoint = match provider {
        ProviderKind::Openai => &mut model.openai,
        _ => &mut model.anthropic,
    };
    endpoint.base_url = base_url;
    endpoint.api_key_env = key_env.to_string();
    model
}

fn anthropic(server: &MockServer, key_env: &str) -> AnthropicModel {
    set_key(key_env, "sk-ant-test");
    AnthropicModel::new(&settings(ProviderKind::Anthropic, server.uri(), key_env)).unwrap()
}

fn openai(server: &MockServer, key_env: &str) -> OpenAiModel {
    set_key(key_env, "sk-openai-test");
    OpenAiModel::new(&settings(
        ProviderKind::Openai,
        format!("{}/v1", server.uri()),
        key_env,
    ))
    .unwrap()
}

fn header<'a>(request: &'a Request, name: &str) -> Option<&'a str> {
    request.headers.get(name).and_then(|v| v.to_str().ok())
}

fn anthropic_success() -> Value {
    json!({
        "id": "msg_01",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [
            {"type": "text", "text": "Checking eligibility and policy."},
            {"type": "tool_use", "id": "toolu_01", "name": "order_lookup",
             "input": {"order_id": "O1004"}},
            {"type": "tool_use", "id": "toolu_02", "name": "kb_search",
             "input": {"query": "damaged item refund"}}
        ],
        "stop_reason": "tool_use",
        "stop_sequence": null,
        "usage": {"input_tokens": 1234, "output_tokens": 56}
    })
}

fn openai_success() -> Value {
    json!({
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "model": "gpt-4o-mini",
        "choices": [{
            "index": 0,
            "message": {
                "role": "assistant",
                "content": "Checking eligibility and policy.",
                "tool_calls": [
                    {"id": "call_01", "type": "function",
                     "function": {"name": "order_lookup", "arguments": "{\"order_id\":\"O1004\"}"}},
                    {"id": "call_02", "type": "function",
                     "function": {"name": "kb_search", "arguments": "{\"query\":\"damaged item refund\"}"}}
                ]
            },
            "finish_reason": "tool_calls"
        }],
        "usage": {"prompt_tokens": 321, "completion_tokens": 45, "total_tokens": 366}
    })
}

/// The turn both success bodies describe, with the provider's call ids.
fn expected_turn(first_id: &str, second_id: &str) -> Message {
    Message {
        role: Role::Assistant,
        content: vec![
            Content::Text {
                text: "Checking eligibility and policy.".into(),
            },
            Content::ToolCall(ToolCall {
                id: first_id.into(),
                name: "order_lookup".into(),
                arguments: ToolArguments::Json {
                    value: json!({"order_id": "O1004"}),
                },
            }),
            Content::ToolCall(ToolCall {
                id: second_id.into(),
                name: "kb_search".into(),
                arguments: ToolArguments::Json {
                    value: json!({"query": "damaged item refund"}),
                },
            }),
        ],
    }
}

fn permanent(result: Result<ChatResponse, ModelError>) -> (String, Option<u16>) {
    match result {
        Err(ModelError::Permanent { message, status }) => (message, status),
        other => panic!("expected a permanent error, got {other:?}"),
    }
}

fn transient(result: Result<ChatResponse, ModelError>) -> (String, Option<u16>) {
    match result {
        Err(ModelError::Transient { message, status }) => (message, status),
        other => panic!("expected a transient error, got {other:?}"),
    }
}

// ---------------------------------------------------------------- Anthropic

#[tokio::test]
async fn an_anthropic_turn_with_text_and_two_parallel_tool_calls_is_sent_and_read_exactly() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/messages"))
        .respond_with(ResponseTemplate::new(200).set_body_json(anthropic_success()))
        .expect(1)
        .mount(&server)
        .await;
    let model = anthropic(&server, "TA_TEST_ANTHROPIC_KEY_TURN");

    let response = turn(&model).await.unwrap();

    assert_eq!(model.label(), "anthropic:claude-sonnet-4-5");
    assert_eq!(model.prices().input_per_mtok, 3.0);
    assert_eq!(model.prices().output_per_mtok, 15.0);
    assert_eq!(response.message, expected_turn("toolu_01", "toolu_02"));
    assert_eq!(response.stop_reason, StopReason::ToolUse);
    assert_eq!(
        response.usage,
        Usage {
            input_tokens: 1234,
            output_tokens: 56,
            ..Usage::default()
        }
    );

    let requests = server.received_requests().await.unwrap();
    let request = &requests[0];
    assert_eq!(header(request, "x-api-key"), Some("sk-ant-test"));
    assert_eq!(header(request, "anthropic-version"), Some("2023-06-01"));
    assert_eq!(header(request, "content-type"), Some("application/json"));
    assert_eq!(
        request.body_json::<Value>().unwrap(),
        json!({
            "model": "claude-sonnet-4-5",
            "max_tokens": 1024,
            "temperature": 0.0,
            // The stable prefix, marked for the prompt cache: the tools, then the system
            // prompt; the ticket's messages come after both breakpoints.
            "system": [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}],
            "tools": [
                {"name": "order_lookup", "description": "Look up one order.",
                 "input_schema": {"type": "object",
                                  "properties": {"order_id": {"type": "string"}},
                                  "required": ["order_id"]}},
                {"name": "kb_search", "description": "Search the knowledge base.",
                 "input_schema": {"type": "object",
                                  "properties": {"query": {"type": "string"}},
                                  "required": ["query"]},
                 "cache_control": {"type": "ephemeral"}}
            ],
            "messages": [
                {"role": "user", "content": [
                    {"type": "text", "text": "Please refund order O1004, it arrived broken."}
                ]},
                {"role": "assistant", "content": [
                    {"type": "text", "text": "Let me check."},
                    {"type": "tool_use", "id": "call_a", "name": "order_lookup",
                     "input": {"order_id": "O1004"}},
                    {"type": "tool_use", "id": "call_b", "name": "kb_search",
                     "input": {"invalid_arguments": "{query: refunds"}}
                ]},
                {"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": "call_a",
                     "content": "{\"status\":\"delivered\"}", "is_error": false},
                    {"type": "tool_result", "tool_use_id": "call_b",
                     "content": "{\"error\":\"invalid_arguments\"}", "is_error": true}
                ]}
            ]
        })
    );
}

#[tokio::test]
async fn with_the_prompt_cache_off_anthropic_gets_the_system_prompt_as_text_and_no_breakpoints() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/messages"))
        .respond_with(ResponseTemplate::new(200).set_body_json(anthropic_success()))
        .expect(1)
        .mount(&server)
        .await;
    set_key("TA_TEST_ANTHROPIC_KEY_NO_CACHE", "sk-ant-test");
    let mut settings = settings(
        ProviderKind::Anthropic,
        server.uri(),
        "TA_TEST_ANTHROPIC_KEY_NO_CACHE",
    );
    settings.anthropic.prompt_cache = false;
    let model = AnthropicModel::new(&settings).unwrap();

    turn(&model).await.unwrap();

    let requests = server.received_requests().await.unwrap();
    let body = requests[0].body_json::<Value>().unwrap();
    assert_eq!(body["system"], json!(SYSTEM));
    assert!(!String::from_utf8_lossy(&requests[0].body).contains("cache_control"));
    assert_eq!(body["tools"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn anthropic_cache_writes_and_reads_are_counted_into_the_input_and_priced_at_their_own_rates()
{
    let server = MockServer::start().await;
    let mut body = anthropic_success();
    body["usage"] = json!({
        "input_tokens": 310, "output_tokens": 56,
        "cache_creation_input_tokens": 1800, "cache_read_input_tokens": 2400
    });
    Mock::given(method("POST"))
        .and(path("/v1/messages"))
        .respond_with(ResponseTemplate::new(200).set_body_json(body))
        .mount(&server)
        .await;
    let model = anthropic(&server, "TA_TEST_ANTHROPIC_KEY_CACHE_PRICES");

    let response = turn(&model).await.unwrap();

    assert_eq!(
        response.usage,
        Usage {
            input_tokens: 310 + 1800 + 2400,
            output_tokens: 56,
            cache_creation_input_tokens: 1800,
            cache_read_input_tokens: 2400,
        }
    );
    // The defaults: $3 / $15 per million, writes at 1.25x the input price, reads at
    // 0.1x: 310 x 3 + 1800 x 3.75 + 2400 x 0.3 + 56 x 15 = 930 + 6750 + 720 + 840.
    let prices = model.prices();
    assert_eq!(
        (prices.cache_write_multiplier, prices.cache_read_multiplier),
        (1.25, 0.1)
    );
    let cost = prices.cost_usd(response.usage);
    assert!((cost - 9240.0 / 1e6).abs() < 1e-15, "{cost}");
    // Against the same prompt unpriced by the cache: 4510 x 3 + 56 x 15.
    let uncached = (4510.0 * 3.0 + 56.0 * 15.0) / 1e6;
    assert!(cost < uncached);
}

#[tokio::test]
async fn openai_cached_prompt_tokens_are_read_and_priced_at_the_configured_multiple() {
    let server = MockServer::start().await;
    let mut body = openai_success();
    body["usage"] = json!({
        "prompt_tokens": 2006, "completion_tokens": 300, "total_tokens": 2306,
        "prompt_tokens_details": {"cached_tokens": 1920, "audio_tokens": 0}
    });
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(body))
        .mount(&server)
        .await;
    set_key("TA_TEST_OPENAI_KEY_CACHE_PRICES", "sk-openai-test");
    let mut settings = settings(
        ProviderKind::Openai,
        format!("{}/v1", server.uri()),
        "TA_TEST_OPENAI_KEY_CACHE_PRICES",
    );
    settings.openai.price_input_per_mtok = 0.25;
    settings.openai.price_output_per_mtok = 2.0;
    settings.openai.cache_read_multiplier = 0.1;
    let model = OpenAiModel::new(&settings).unwrap();

    let response = turn(&model).await.unwrap();

    // `prompt_tokens` already holds the cached ones.
    assert_eq!(
        response.usage,
        Usage {
            input_tokens: 2006,
            output_tokens: 300,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 1920,
        }
    );
    // 86 x 0.25 + 1920 x 0.025 + 300 x 2 = 21.5 + 48 + 600.
    let cost = model.prices().cost_usd(response.usage);
    assert!((cost - 669.5 / 1e6).abs() < 1e-15, "{cost}");
    // OpenAI's caching needs nothing in the request.
    let requests = server.received_requests().await.unwrap();
    assert!(!String::from_utf8_lossy(&requests[0].body).contains("cache"));
}

#[tokio::test]
async fn an_anthropic_429_with_retry_after_is_retried_after_the_given_wait() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("retry-after", "1")
                .set_body_json(json!({"type": "error",
                    "error": {"type": "rate_limit_error", "message": "Number of requests has exceeded your rate limit"}})),
        )
        .up_to_n_times(1)
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(anthropic_success()))
        .expect(1)
        .mount(&server)
        .await;
    let model = anthropic(&server, "TA_TEST_ANTHROPIC_KEY_429");

    // Real time: the fake server answers over a real socket, which paused tokio time
    // would not wait for. With a 1 ms backoff base, only retry-after explains a
    // one-second wait.
    let started = Instant::now();
    let response = turn(&model).await.unwrap();
    assert!(
        started.elapsed() >= Duration::from_millis(990),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(response.usage.input_tokens, 1234);
}

#[tokio::test]
async fn an_anthropic_529_overloaded_error_is_retried_then_succeeds() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(529).set_body_json(
            json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}),
        ))
        .up_to_n_times(2)
        .expect(2)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(anthropic_success()))
        .expect(1)
        .mount(&server)
        .await;
    let model = anthropic(&server, "TA_TEST_ANTHROPIC_KEY_529");

    let response = turn(&model).await.unwrap();
    assert_eq!(response.stop_reason, StopReason::ToolUse);
}

#[tokio::test]
async fn an_anthropic_401_is_permanent_with_the_api_message_and_is_sent_once() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(401).set_body_json(json!({
            "type": "error",
            "error": {"type": "authentication_error", "message": "invalid x-api-key"},
            "request_id": "req_01"
        })))
        .expect(1)
        .mount(&server)
        .await;
    let model = anthropic(&server, "TA_TEST_ANTHROPIC_KEY_401");

    let (message, status) = permanent(turn(&model).await);
    assert_eq!(status, Some(401));
    assert!(
        message.contains("authentication_error: invalid x-api-key"),
        "{message}"
    );
    assert!(!message.contains("sk-ant-test"), "{message}");
}

#[tokio::test]
async fn an_anthropic_body_that_is_not_a_message_is_permanent() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200).set_body_raw("{\"content\": [tru", "application/json"),
        )
        .expect(1)
        .mount(&server)
        .await;
    let model = anthropic(&server, "TA_TEST_ANTHROPIC_KEY_MALFORMED");

    let (message, _) = permanent(turn(&model).await);
    assert!(message.contains("malformed"), "{message}");
}

#[tokio::test]
async fn an_anthropic_call_slower_than_the_timeout_is_transient() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(anthropic_success())
                .set_delay(Duration::from_secs(3)),
        )
        .mount(&server)
        .await;
    let mut settings = settings(
        ProviderKind::Anthropic,
        server.uri(),
        "TA_TEST_ANTHROPIC_KEY_TIMEOUT",
    );
    settings.timeout_secs = 1;
    settings.max_retries = 0;
    set_key("TA_TEST_ANTHROPIC_KEY_TIMEOUT", "sk-ant-test");
    let model = AnthropicModel::new(&settings).unwrap();

    let (message, status) = transient(turn(&model).await);
    assert!(message.contains("timed out"), "{message}");
    assert_eq!(status, None);
}

#[tokio::test]
async fn anthropic_without_its_api_key_variable_fails_at_construction_naming_the_variable() {
    let settings = settings(
        ProviderKind::Anthropic,
        "http://127.0.0.1:9".to_string(),
        "TA_TEST_ANTHROPIC_KEY_NEVER_SET",
    );
    let err = AnthropicModel::new(&settings)
        .err()
        .expect("no key, no model");
    assert!(
        err.to_string().contains("TA_TEST_ANTHROPIC_KEY_NEVER_SET"),
        "{err}"
    );
}

// ---------------------------------------------------------------- OpenAI

#[tokio::test]
async fn an_openai_turn_with_text_and_two_parallel_tool_calls_is_sent_and_read_exactly() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(openai_success()))
        .expect(1)
        .mount(&server)
        .await;
    let model = openai(&server, "TA_TEST_OPENAI_KEY_TURN");

    let response = turn(&model).await.unwrap();

    assert_eq!(model.label(), "openai:gpt-4o-mini");
    assert_eq!(model.prices().input_per_mtok, 0.15);
    assert_eq!(model.prices().output_per_mtok, 0.60);
    assert_eq!(response.message, expected_turn("call_01", "call_02"));
    assert_eq!(response.stop_reason, StopReason::ToolUse);
    assert_eq!(
        response.usage,
        Usage {
            input_tokens: 321,
            output_tokens: 45,
            ..Usage::default()
        }
    );

    let requests = server.received_requests().await.unwrap();
    let request = &requests[0];
    assert_eq!(
        header(request, "authorization"),
        Some("Bearer sk-openai-test")
    );
    assert_eq!(header(request, "content-type"), Some("application/json"));
    assert_eq!(
        request.body_json::<Value>().unwrap(),
        json!({
            "model": "gpt-4o-mini",
            "max_tokens": 1024,
            "temperature": 0.0,
            "tool_choice": "auto",
            "tools": [
                {"type": "function", "function": {
                    "name": "order_lookup", "description": "Look up one order.",
                    "parameters": {"type": "object",
                                   "properties": {"order_id": {"type": "string"}},
                                   "required": ["order_id"]}}},
                {"type": "function", "function": {
                    "name": "kb_search", "description": "Search the knowledge base.",
                    "parameters": {"type": "object",
                                   "properties": {"query": {"type": "string"}},
                                   "required": ["query"]}}}
            ],
            "messages": [
                {"role": "system", "content": SYSTEM},
                {"role": "user", "content": "Please refund order O1004, it arrived broken."},
                {"role": "assistant", "content": "Let me check.", "tool_calls": [
                    {"id": "call_a", "type": "function",
                     "function": {"name": "order_lookup", "arguments": "{\"order_id\":\"O1004\"}"}},
                    {"id": "call_b", "type": "function",
                     "function": {"name": "kb_search", "arguments": "{query: refunds"}}
                ]},
                {"role": "tool", "tool_call_id": "call_a", "content": "{\"status\":\"delivered\"}"},
                {"role": "tool", "tool_call_id": "call_b", "content": "{\"error\":\"invalid_arguments\"}"}
            ]
        })
    );
}

/// The body one turn of [`conversation`] sends to an OpenAI-compatible server, with
/// `limit` (the completion-limit field and any sampling fields) merged in.
fn openai_body(model: &str, limit: Value) -> Value {
    let mut body = json!({
        "model": model,
        "tool_choice": "auto",
        "tools": [
            {"type": "function", "function": {
                "name": "order_lookup", "description": "Look up one order.",
                "parameters": {"type": "object",
                               "properties": {"order_id": {"type": "string"}},
                               "required": ["order_id"]}}},
            {"type": "function", "function": {
                "name": "kb_search", "description": "Search the knowledge base.",
                "parameters": {"type": "object",
                               "properties": {"query": {"type": "string"}},
                               "required": ["query"]}}}
        ],
        "messages": [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": "Please refund order O1004, it arrived broken."},
            {"role": "assistant", "content": "Let me check.", "tool_calls": [
                {"id": "call_a", "type": "function",
                 "function": {"name": "order_lookup", "arguments": "{\"order_id\":\"O1004\"}"}},
                {"id": "call_b", "type": "function",
                 "function": {"name": "kb_search", "arguments": "{query: refunds"}}
            ]},
            {"role": "tool", "tool_call_id": "call_a", "content": "{\"status\":\"delivered\"}"},
            {"role": "tool", "tool_call_id": "call_b", "content": "{\"error\":\"invalid_arguments\"}"}
        ]
    });
    for (key, value) in limit.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

/// One turn against a fresh fake server with `configure` applied to the OpenAI
/// settings; the body the server received.
async fn openai_request_body(configure: impl FnOnce(&mut ModelSettings)) -> Value {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(openai_success()))
        .expect(1)
        .mount(&server)
        .await;
    let mut settings = settings(
        ProviderKind::Openai,
        format!("{}/v1", server.uri()),
        "TA_TEST_OPENAI_KEY_NEVER_SET",
    );
    configure(&mut settings);
    let model = OpenAiModel::new(&settings).unwrap();
    turn(&model).await.unwrap();
    let requests = server.received_requests().await.unwrap();
    requests[0].body_json::<Value>().unwrap()
}

#[tokio::test]
async fn a_reasoning_model_on_openai_gets_max_completion_tokens_and_its_effort_but_no_temperature()
{
    let body = openai_request_body(|s| {
        s.openai.name = "gpt-5-mini".into();
        s.openai.token_limit_field = TokenLimitField::MaxCompletionTokens;
        s.openai.reasoning_effort = "low".into();
        s.temperature = 0.0;
    })
    .await;
    assert_eq!(
        body,
        openai_body(
            "gpt-5-mini",
            json!({"max_completion_tokens": 1024, "reasoning_effort": "low"})
        )
    );
}

#[tokio::test]
async fn an_o_series_model_without_a_configured_effort_gets_none_sent() {
    let body = openai_request_body(|s| {
        s.openai.name = "o4-mini".into();
        s.openai.token_limit_field = TokenLimitField::MaxCompletionTokens;
    })
    .await;
    assert_eq!(
        body,
        openai_body("o4-mini", json!({"max_completion_tokens": 1024}))
    );
}

#[tokio::test]
async fn a_chat_model_on_openai_gets_max_completion_tokens_and_its_temperature() {
    let body = openai_request_body(|s| {
        s.openai.name = "gpt-4.1-mini".into();
        s.openai.token_limit_field = TokenLimitField::MaxCompletionTokens;
        s.openai.reasoning_effort = "high".into();
        s.temperature = 0.7;
    })
    .await;
    // The effort is for reasoning models only; a chat model would refuse it.
    assert_eq!(
        body,
        openai_body(
            "gpt-4.1-mini",
            json!({"max_completion_tokens": 1024, "temperature": 0.7})
        )
    );
}

#[tokio::test]
async fn a_local_server_gets_max_tokens_and_temperature_by_default_as_llama_server_accepts() {
    // The base URL is loopback, as llama-server's is in scripts/test's real-model step.
    let body = openai_request_body(|s| s.openai.name = "smollm2".into()).await;
    assert_eq!(
        body,
        openai_body("smollm2", json!({"max_tokens": 1024, "temperature": 0.0}))
    );
}

#[tokio::test]
async fn a_reasoning_model_forced_on_a_local_server_keeps_max_tokens_and_drops_temperature() {
    let body = openai_request_body(|s| {
        s.openai.name = "qwq-32b".into();
        s.openai.reasoning = Reasoning::Yes;
        s.openai.reasoning_effort = "medium".into();
    })
    .await;
    assert_eq!(
        body,
        openai_body(
            "qwq-32b",
            json!({"max_tokens": 1024, "reasoning_effort": "medium"})
        )
    );
}

#[tokio::test]
async fn an_openai_429_with_retry_after_is_retried_after_the_given_wait() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("retry-after", "1")
                .set_body_json(
                    json!({"error": {"message": "Rate limit reached for requests",
                    "type": "requests", "code": "rate_limit_exceeded"}}),
                ),
        )
        .up_to_n_times(1)
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(openai_success()))
        .expect(1)
        .mount(&server)
        .await;
    let model = openai(&server, "TA_TEST_OPENAI_KEY_429");

    // Real time, as for Anthropic: only retry-after explains a one-second wait.
    let started = Instant::now();
    let response = turn(&model).await.unwrap();
    assert!(
        started.elapsed() >= Duration::from_millis(990),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(response.usage.output_tokens, 45);
}

#[tokio::test]
async fn an_openai_500_is_retried_then_succeeds() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(500).set_body_json(
            json!({"error": {"message": "The server had an error", "type": "server_error", "code": null}}),
        ))
        .up_to_n_times(1)
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(openai_success()))
        .expect(1)
        .mount(&server)
        .await;
    let model = openai(&server, "TA_TEST_OPENAI_KEY_500");

    let response = turn(&model).await.unwrap();
    assert_eq!(response.message, expected_turn("call_01", "call_02"));
}

#[tokio::test]
async fn an_openai_server_error_that_outlasts_the_retries_is_transient_with_its_status() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(503).set_body_json(
            json!({"error": {"message": "The engine is currently overloaded", "type": "server_error"}}),
        ))
        // The first attempt and the three retries of `settings`.
        .expect(4)
        .mount(&server)
        .await;
    let model = openai(&server, "TA_TEST_OPENAI_KEY_503");

    let (message, status) = transient(turn(&model).await);
    assert_eq!(status, Some(503));
    assert!(
        message.contains("The engine is currently overloaded"),
        "{message}"
    );
}

#[tokio::test]
async fn an_openai_401_is_permanent_with_the_api_message_and_is_sent_once() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(401).set_body_json(json!({"error": {
            "message": "Incorrect API key provided: sk-opena***test.",
            "type": "invalid_request_error", "param": null, "code": "invalid_api_key"}})))
        .expect(1)
        .mount(&server)
        .await;
    let model = openai(&server, "TA_TEST_OPENAI_KEY_401");

    let (message, status) = permanent(turn(&model).await);
    assert_eq!(status, Some(401));
    assert!(message.contains("Incorrect API key provided"), "{message}");
    assert!(!message.contains("sk-openai-test"), "{message}");
}

#[tokio::test]
async fn an_openai_body_that_is_not_a_completion_is_permanent() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"object": "list", "data": []})),
        )
        .expect(1)
        .mount(&server)
        .await;
    let model = openai(&server, "TA_TEST_OPENAI_KEY_MALFORMED");

    let (message, status) = permanent(turn(&model).await);
    assert!(message.contains("malformed"), "{message}");
    assert_eq!(status, None);
}

#[tokio::test]
async fn openai_tool_call_arguments_that_are_not_json_come_back_invalid_with_the_raw_text() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "choices": [{
                "message": {"role": "assistant", "content": null, "tool_calls": [
                    {"id": "call_x", "type": "function",
                     "function": {"name": "order_lookup", "arguments": "{\"order_id\": \"O10"}}
                ]},
                "finish_reason": "stop"
            }]
        })))
        .mount(&server)
        .await;
    let model = openai(&server, "TA_TEST_OPENAI_KEY_INVALID_ARGS");

    let response = turn(&model).await.unwrap();
    // Tool calls decide the stop reason, whatever finish_reason says.
    assert_eq!(response.stop_reason, StopReason::ToolUse);
    // No usage in the body: zeros.
    assert_eq!(response.usage, Usage::default());
    let calls: Vec<&ToolCall> = response.message.tool_calls().collect();
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].id, "call_x");
    match &calls[0].arguments {
        ToolArguments::Invalid { raw, error } => {
            assert_eq!(raw, "{\"order_id\": \"O10");
            assert!(!error.is_empty());
        }
        other => panic!("expected invalid arguments, got {other:?}"),
    }
}

#[tokio::test]
async fn an_openai_call_slower_than_the_timeout_is_transient() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(openai_success())
                .set_delay(Duration::from_secs(3)),
        )
        .mount(&server)
        .await;
    set_key("TA_TEST_OPENAI_KEY_TIMEOUT", "sk-openai-test");
    let mut settings = settings(
        ProviderKind::Openai,
        format!("{}/v1", server.uri()),
        "TA_TEST_OPENAI_KEY_TIMEOUT",
    );
    settings.timeout_secs = 1;
    settings.max_retries = 0;
    let model = OpenAiModel::new(&settings).unwrap();

    let (message, status) = transient(turn(&model).await);
    assert!(message.contains("timed out"), "{message}");
    assert_eq!(status, None);
}

/// Exactly as llama.cpp's `llama-server --jinja` (the one `scripts/local-llm` builds,
/// llama.cpp b1-0c1e570 from llama-cpp-python 0.3.36) answered SmolLM2-135M-Instruct on
/// a status ticket with the five tools offered: no `tool_calls` key at all, the
/// text in `content`, `finish_reason` "length" at `max_tokens`, and fields of its own
/// (`timings`, `system_fingerprint`, cached tokens) beside OpenAI's.
const LLAMA_SERVER_TEXT_ANSWER: &str = r#"{"choices":[{"finish_reason":"length","index":0,"message":{"role":"assistant","content":"You can use the `json_response` to handle the support ticket. Here's how you can do it:\n"}}],"created":1796119258,"model":"smollm2","system_fingerprint":"b1-0c1e570","object":"chat.completion","usage":{"completion_tokens":24,"prompt_tokens":2193,"total_tokens":2217,"prompt_tokens_details":{"cached_tokens":2192}},"id":"chatcmpl-q4BOcbvuZ3rOSPdplgTn5J46hqdjfaBA","timings":{"cache_n":2192,"prompt_n":1,"prompt_ms":101.656,"prompt_per_token_ms":101.656,"prompt_per_second":9.837097662705595,"predicted_n":24,"predicted_ms":2216.215,"predicted_per_token_ms":96.35717391304348,"predicted_per_second":10.378054475761601}}"#;

#[tokio::test]
async fn a_llama_server_text_answer_comes_back_as_a_final_turn_of_text_with_its_usage() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .respond_with(
            ResponseTemplate::new(200).set_body_raw(LLAMA_SERVER_TEXT_ANSWER, "application/json"),
        )
        .expect(1)
        .mount(&server)
        .await;
    let model = openai(&server, "TA_TEST_OPENAI_KEY_LLAMA_SERVER_TEXT");

    let response = turn(&model).await.unwrap();

    // No tool calls: the agent loop takes this text as the final answer.
    assert_eq!(
        response.message,
        Message {
            role: Role::Assistant,
            content: vec![Content::Text {
                text: "You can use the `json_response` to handle the support ticket. \
                       Here's how you can do it:\n"
                    .into()
            }],
        }
    );
    assert_eq!(response.stop_reason, StopReason::MaxTokens);
    // llama-server reports the prompt it reused from its own KV cache the way OpenAI
    // reports a cache hit: all but one token of the prompt it had seen the turn before.
    assert_eq!(
        response.usage,
        Usage {
            input_tokens: 2193,
            output_tokens: 24,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 2192,
        }
    );
}

#[tokio::test]
async fn openai_without_an_api_key_sends_no_authorization_header() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(openai_success()))
        .expect(1)
        .mount(&server)
        .await;
    let settings = settings(
        ProviderKind::Openai,
        format!("{}/v1", server.uri()),
        "TA_TEST_OPENAI_KEY_NEVER_SET",
    );
    let model = OpenAiModel::new(&settings).unwrap();

    turn(&model).await.unwrap();
    let requests = server.received_requests().await.unwrap();
    assert_eq!(header(&requests[0], "authorization"), None);
}

#[tokio::test]
async fn a_server_that_refuses_connections_is_transient_after_the_retries() {
    // A port that was just free: nothing listens there any more.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut settings = settings(
        ProviderKind::Openai,
        format!("http://127.0.0.1:{port}/v1"),
        "TA_TEST_OPENAI_KEY_REFUSED",
    );
    settings.max_retries = 1;
    let model = OpenAiModel::new(&settings).unwrap();

    let (message, status) = transient(turn(&model).await);
    assert!(message.contains("connection failed"), "{message}");
    assert!(message.contains("after 2 attempts"), "{message}");
    assert_eq!(status, None);
}

#[tokio::test]
async fn a_restatement_held_to_the_answer_schema_is_sent_as_response_format_without_tools() {
    let server = MockServer::start().await;
    let answer = json!({
        "outcome": "escalated", "category": "out_of_scope",
        "grounds": {"orders": [], "articles": [], "eligibility": []},
        "message": "Changing an address needs a person."
    });
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "chatcmpl-2",
            "object": "chat.completion",
            "choices": [{"index": 0, "finish_reason": "stop",
                "message": {"role": "assistant", "content": answer.to_string()}}],
            "usage": {"prompt_tokens": 900, "completion_tokens": 40}
        })))
        .expect(1)
        .mount(&server)
        .await;
    let model = openai(&server, "TA_TEST_OPENAI_KEY_ANSWER_SCHEMA");
    assert!(model.constrains_answers(), "on by default");
    let messages = conversation();
    let schema = ticket_agent::domain::outcome::answer_schema();
    let response = model
        .complete(ChatRequest {
            system: SYSTEM,
            messages: &messages,
            tools: &[],
            answer_schema: Some(schema),
        })
        .await
        .unwrap();

    let body: Value = server.received_requests().await.unwrap()[0]
        .body_json()
        .unwrap();
    assert_eq!(body["response_format"]["type"], "json_schema");
    assert_eq!(
        body["response_format"]["json_schema"]["name"],
        "final_answer"
    );
    assert_eq!(body["response_format"]["json_schema"]["schema"], *schema);
    assert!(body.get("tools").is_none() && body.get("tool_choice").is_none());
    // The reply is read by the same final-answer reader as any other text.
    let parsed = ticket_agent::domain::outcome::parse_final_answer(&response.message.text());
    assert!(matches!(
        parsed.claim,
        ticket_agent::domain::outcome::Claim::Escalated { .. }
    ));
}

#[tokio::test]
async fn an_openai_compatible_server_configured_without_structured_answers_gets_no_schema_ask() {
    let server = MockServer::start().await;
    let mut settings = settings(
        ProviderKind::Openai,
        format!("{}/v1", server.uri()),
        "TA_TEST_OPENAI_KEY_NO_STRUCTURED",
    );
    settings.openai.structured_answers = false;
    let model = OpenAiModel::new(&settings).unwrap();
    assert!(!model.constrains_answers());
}

/// A limiter on the local Redis under a key prefix of this test's own, with every
/// limit unknown until a provider states it; and the prefix, to delete its keys.
async fn test_limiter(
    name: &str,
    max_wait_secs: u64,
) -> (
    std::sync::Arc<ticket_agent::model::limiter::Limiter>,
    String,
) {
    let mut limits = Settings::defaults().model.limits;
    limits.max_wait_secs = max_wait_secs;
    limiter_with(name, limits).await
}

/// A limiter with these settings on the local Redis under a key prefix of its own.
async fn limiter_with(
    name: &str,
    mut limits: ticket_agent::config::LimitSettings,
) -> (
    std::sync::Arc<ticket_agent::model::limiter::Limiter>,
    String,
) {
    let settings = Settings::defaults();
    limits.enabled = true;
    let prefix = format!(
        "ta-test-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    );
    let limiter =
        ticket_agent::model::limiter::Limiter::connect(settings.redis.target(), &prefix, limits)
            .await
            .unwrap();
    (std::sync::Arc::new(limiter), prefix)
}

async fn delete_keys(prefix: &str) {
    let conn = ticket_agent::kv::connect(Settings::defaults().redis.target())
        .await
        .unwrap();
    ticket_agent::kv::delete_matching(&conn, &[format!("{prefix}:*")])
        .await
        .unwrap();
}

/// How long the next call on `budget` would wait, read from the refusal of a wait
/// that the limiter's longest wait (1 s) cannot cover; zero when it is granted.
async fn next_wait(budget: &ticket_agent::model::limiter::Budget) -> Duration {
    match budget.acquire(1).await {
        Ok(_) => Duration::ZERO,
        Err(ticket_agent::model::limiter::LimitError::Exhausted { wait, .. }) => wait,
        Err(e) => panic!("{e}"),
    }
}

#[tokio::test]
async fn a_429_with_retry_after_pauses_every_client_of_the_budget_for_that_long() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("retry-after", "20")
                .set_body_json(json!({"type": "error",
                    "error": {"type": "rate_limit_error", "message": "Number of requests has exceeded your rate limit"}})),
        )
        .mount(&server)
        .await;
    let (limiter, prefix) = test_limiter("limiter-429", 1).await;
    set_key("TA_TEST_ANTHROPIC_KEY_LIMITER", "sk-ant-test");
    let mut settings = settings(
        ProviderKind::Anthropic,
        server.uri(),
        "TA_TEST_ANTHROPIC_KEY_LIMITER",
    );
    settings.max_retries = 0;
    settings.retry_max_ms = 60_000;
    let model = AnthropicModel::new(&settings).unwrap().limited(&limiter);
    let rate_limited = || {
        ticket_agent::metrics::global()
            .model_rate_limited
            .with_label_values(&["anthropic"])
            .get()
    };
    let before = rate_limited();

    let err = turn(&model).await.unwrap_err();

    assert!(err.is_transient(), "{err}");
    assert!(rate_limited() > before);
    // Another process's client of the same model waits out the pause.
    let other = limiter.budget("anthropic", &settings.anthropic.name);
    let wait = next_wait(&other).await;
    // A call that would wait past model.limits.max_wait_secs is not sent: it fails as
    // transient, for the worker's retry tier.
    let refused = turn(&model).await.unwrap_err();
    let sent = server.received_requests().await.unwrap().len();
    delete_keys(&prefix).await;
    assert!(
        refused.is_transient() && refused.to_string().contains("model budget"),
        "{refused}"
    );
    assert_eq!(sent, 1);
    assert!(
        wait > Duration::from_secs(18) && wait <= Duration::from_secs(20),
        "{wait:?}"
    );
}

/// An OpenAI server that answers every call with `openai_success` and these
/// rate-limit headers (requests: limit, remaining, reset).
async fn openai_stating(limit: &str, remaining: &str, reset: &str) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("x-ratelimit-limit-requests", limit)
                .insert_header("x-ratelimit-remaining-requests", remaining)
                .insert_header("x-ratelimit-reset-requests", reset)
                .set_body_json(openai_success()),
        )
        .mount(&server)
        .await;
    server
}

#[tokio::test]
async fn a_budget_started_without_limits_paces_to_the_limit_the_provider_states() {
    let server = openai_stating("6", "5", "10s").await;
    let (limiter, prefix) = test_limiter("limiter-learns", 1).await;
    let model = openai(&server, "TA_TEST_OPENAI_KEY_LIMITER_LEARN").limited(&limiter);
    let budget = limiter.budget("openai", "gpt-4o-mini");

    // Nothing configured: the first call goes at once, and its answer says 6 a minute.
    turn(&model).await.unwrap();
    let first = next_wait(&budget).await;
    let second = next_wait(&budget).await;

    delete_keys(&prefix).await;
    assert_eq!(first, Duration::ZERO);
    // 6 a minute at 98%: about 10.2 s between starts.
    assert!(
        second > Duration::from_secs(9) && second <= Duration::from_millis(10_300),
        "{second:?}"
    );
}

#[tokio::test]
async fn nothing_remaining_until_a_reset_holds_every_client_back_until_then() {
    let server = openai_stating("600", "0", "30s").await;
    let (limiter, prefix) = test_limiter("limiter-remaining", 1).await;
    let model = openai(&server, "TA_TEST_OPENAI_KEY_LIMITER_REMAINING").limited(&limiter);

    turn(&model).await.unwrap();
    let wait = next_wait(&limiter.budget("openai", "gpt-4o-mini")).await;

    delete_keys(&prefix).await;
    assert!(
        wait > Duration::from_secs(28) && wait <= Duration::from_secs(30),
        "{wait:?}"
    );
}

#[tokio::test]
async fn a_call_that_used_fewer_tokens_than_it_reserved_gives_the_rest_back_to_the_fleet() {
    let mut limits = Settings::defaults().model.limits;
    limits.max_wait_secs = 1;
    // 1,000 tokens a second at 98 %: 980.
    limits.default_tpm = 60_000;
    let (limiter, prefix) = limiter_with("limiter-settle", limits).await;
    let budget = limiter.budget("openai", "gpt-4o-mini");

    let reservation = budget.acquire(9_800).await.unwrap();
    let reserved = next_wait(&budget).await;
    budget.settle(&reservation, 1_960).await.unwrap();
    let settled = next_wait(&budget).await;

    delete_keys(&prefix).await;
    // 9,800 tokens hold the next call back 10 s; once settled at 1,960, 2 s.
    assert!(
        reserved > Duration::from_millis(9_500) && reserved <= Duration::from_secs(10),
        "{reserved:?}"
    );
    assert!(
        settled > Duration::from_millis(1_500) && settled <= Duration::from_secs(2),
        "{settled:?}"
    );
}

#[tokio::test]
async fn past_the_concurrency_cap_a_call_waits_for_one_in_flight_to_finish() {
    let mut limits = Settings::defaults().model.limits;
    limits.max_concurrency = 1;
    let (limiter, prefix) = limiter_with("limiter-concurrency", limits).await;
    let budget = limiter.budget("anthropic", "claude-haiku-4-5");

    let first = budget.acquire(1).await.unwrap();
    let blocked = tokio::time::timeout(Duration::from_millis(200), budget.acquire(1)).await;
    drop(first);
    let after = tokio::time::timeout(Duration::from_secs(5), budget.acquire(1)).await;

    delete_keys(&prefix).await;
    assert!(blocked.is_err(), "a second call went past the cap");
    assert!(matches!(after, Ok(Ok(_))));
}
