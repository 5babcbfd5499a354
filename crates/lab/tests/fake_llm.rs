//! The fake model server against the real OpenAI provider: tickets run through
//! `process` with the provider pointed at `fake-llm` on loopback end exactly as they do
//! with the rules model called directly (so the wire round-trip loses nothing), with
//! usage reported; and with a share of injected 429s and 500s every ticket still ends
//! in its outcome, through the provider's retries.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use ticket_agent::config::{ProviderKind, Settings};
use ticket_agent::model::ChatModel;
use ticket_agent::model::rules::RulesModel;
use ticket_agent::process::{Quiet, process};
use ticket_agent::{app, model};
use ticket_agent_lab::fake_llm::{self, FakeLlmConfig, StatsSnapshot};
use ticket_agent_lab::traffic::{self, GenOptions};

/// The example tickets and a slice of generated traffic.
fn tickets() -> String {
    let world = ticket_agent::commerce::embedded::World::fixture();
    let now = world.now.unwrap();
    let generated = traffic::generate(
        &world,
        now,
        &GenOptions {
            n: 24,
            seed: 11,
            ..GenOptions::default()
        },
    )
    .unwrap();
    format!(
        "{}\n{}\n",
        include_str!("../../../examples/tickets.jsonl").trim_end(),
        generated.join("\n")
    )
}

/// Settings with the OpenAI provider pointed at `base_url`, without a key.
fn openai_settings(base_url: String, max_retries: u32) -> Settings {
    let mut settings = Settings::defaults();
    settings.model.provider = ProviderKind::Openai;
    settings.model.openai.base_url = base_url;
    settings.model.openai.api_key_env = "TICKET_AGENT_FAKE_LLM_TEST_KEY_NEVER_SET".into();
    settings.model.max_retries = max_retries;
    settings.model.retry_base_ms = 1;
    settings.model.timeout_secs = 10;
    settings
}

/// Runs `input` through `process` with `model`; the output lines by ticket id.
async fn run(
    settings: &Settings,
    model: Arc<dyn ChatModel>,
    input: &str,
    concurrency: usize,
) -> BTreeMap<String, Value> {
    let agent = app::agent(settings, app::commerce_backend(settings).unwrap(), model)
        .await
        .unwrap();
    let mut out = Vec::new();
    let summary = process(
        &agent,
        input,
        settings.agent.max_body_bytes,
        concurrency,
        false,
        &mut out,
        &mut Quiet,
    )
    .await
    .unwrap();
    assert_eq!(summary.invalid_lines, 0);
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["ticket_id"].as_str().unwrap().to_string(), v)
        })
        .collect()
}

/// The parts of an outcome line that must not depend on how the model is reached.
fn decision(line: &Value) -> Value {
    serde_json::json!({
        "outcome": line["outcome"],
        "category": line["category"],
        "message": line["message"],
        "reason": line["reason"],
        "tool_calls": line["tool_calls"],
        "turns": line["turns"],
        "actions": line["actions"].as_array().map(|a| a.iter().map(|x| x["arguments"].clone()).collect::<Vec<_>>()),
    })
}

async fn stats(base: &str) -> StatsSnapshot {
    reqwest::get(format!("{base}/stats"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

#[tokio::test]
async fn tickets_through_the_fake_server_end_exactly_as_with_the_rules_model_called_directly() {
    let server = fake_llm::spawn(
        "127.0.0.1:0",
        FakeLlmConfig {
            latency: Duration::from_millis(20),
            ..FakeLlmConfig::default()
        },
    )
    .await
    .unwrap();
    let root = format!("http://{}", server.addr);
    assert!(
        reqwest::get(format!("{root}/health"))
            .await
            .unwrap()
            .status()
            .is_success()
    );
    let input = tickets();
    let settings = openai_settings(server.base_url(), 2);
    let wire = run(
        &settings,
        model::from_settings(&settings.model).unwrap(),
        &input,
        8,
    )
    .await;
    let direct = run(
        &Settings::defaults(),
        Arc::new(RulesModel::new()),
        &input,
        8,
    )
    .await;
    assert_eq!(wire.len(), direct.len());
    assert!(wire.len() >= 30);
    for (id, line) in &wire {
        assert_eq!(decision(line), decision(&direct[id]), "ticket {id}");
        assert!(line["model"].as_str().unwrap().starts_with("openai:"));
        assert!(
            line["usage"]["input_tokens"].as_u64().unwrap() > 0,
            "{line}"
        );
        assert!(
            line["usage"]["output_tokens"].as_u64().unwrap() > 0,
            "{line}"
        );
        // Each turn waited the latency at least once.
        let turns = line["turns"].as_u64().unwrap();
        assert!(
            line["duration_ms"].as_u64().unwrap() >= 20 * turns,
            "{line}"
        );
    }
    // Every request after the first carries the same system prompt and tools: the
    // fake's prompt cache serves them, as OpenAI's does, and the usage says so.
    let read = |l: &Value| l["usage"]["cache_read_input_tokens"].as_u64().unwrap_or(0);
    for line in wire.values() {
        assert!(
            read(line) <= line["usage"]["input_tokens"].as_u64().unwrap(),
            "{line}"
        );
    }
    assert!(
        wire.values().map(read).sum::<u64>() > 0,
        "no cached prompt tokens reported"
    );
    let counted = stats(&root).await;
    let turns: u64 = wire.values().map(|l| l["turns"].as_u64().unwrap()).sum();
    assert_eq!(counted.requests, turns);
    assert_eq!(counted.errors, 0);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn with_three_in_ten_requests_failing_every_ticket_still_finishes_through_the_retries() {
    let server = fake_llm::spawn(
        "127.0.0.1:0",
        FakeLlmConfig {
            latency: Duration::from_millis(2),
            jitter: Duration::from_millis(3),
            error_rate: 0.3,
            seed: 5,
            ..FakeLlmConfig::default()
        },
    )
    .await
    .unwrap();
    let root = format!("http://{}", server.addr);
    let input = tickets();
    let settings = openai_settings(server.base_url(), 6);
    // One ticket at a time, so the seeded failures fall the same way on every run.
    let wire = run(
        &settings,
        model::from_settings(&settings.model).unwrap(),
        &input,
        1,
    )
    .await;
    let direct = run(
        &Settings::defaults(),
        Arc::new(RulesModel::new()),
        &input,
        4,
    )
    .await;
    assert_eq!(wire.len(), direct.len());
    for (id, line) in &wire {
        assert_ne!(line["category"], "model_error", "ticket {id}: {line}");
        assert_eq!(decision(line), decision(&direct[id]), "ticket {id}");
    }
    let counted = stats(&root).await;
    assert!(counted.errors > 0, "{counted:?}");
    let turns: u64 = wire.values().map(|l| l["turns"].as_u64().unwrap()).sum();
    assert_eq!(counted.requests, turns + counted.errors);
    server.stop().await.unwrap();
}

/// A small chat completion request of `max_tokens`, as a client would send it.
fn small_request(max_tokens: u64) -> serde_json::Value {
    serde_json::json!({
        "model": "gpt-4o-mini",
        "max_tokens": max_tokens,
        "messages": [
            {"role": "system", "content": "You resolve support tickets."},
            {"role": "user", "content": "Where is my order O1001?"}
        ]
    })
}

async fn post(url: &str, body: &serde_json::Value) -> reqwest::Response {
    reqwest::Client::new()
        .post(url)
        .json(body)
        .send()
        .await
        .unwrap()
}

fn header<'a>(response: &'a reqwest::Response, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .unwrap_or_else(|| panic!("no {name} header"))
        .to_str()
        .unwrap()
}

#[tokio::test]
async fn past_its_requests_per_minute_the_server_answers_429_as_openai_does_with_the_budget_headers()
 {
    let server = fake_llm::spawn(
        "127.0.0.1:0",
        FakeLlmConfig {
            latency: Duration::ZERO,
            rpm: 3,
            ..FakeLlmConfig::default()
        },
    )
    .await
    .unwrap();
    let url = format!("{}/chat/completions", server.base_url());
    for remaining in ["2", "1", "0"] {
        let response = post(&url, &small_request(64)).await;
        assert_eq!(response.status(), 200);
        assert_eq!(header(&response, "x-ratelimit-limit-requests"), "3");
        assert_eq!(
            header(&response, "x-ratelimit-remaining-requests"),
            remaining
        );
        let reset = header(&response, "x-ratelimit-reset-requests");
        assert!(reset.ends_with('s'), "{reset}");
        assert!(response.headers().get("x-ratelimit-limit-tokens").is_none());
    }

    let refused = post(&url, &small_request(64)).await;
    assert_eq!(refused.status(), 429);
    assert_eq!(header(&refused, "x-ratelimit-remaining-requests"), "0");
    // The oldest of the three leaves the minute in just under 60 s.
    let retry_ms: u64 = header(&refused, "retry-after-ms").parse().unwrap();
    assert!((55_000..=60_000).contains(&retry_ms), "{retry_ms}");
    assert_eq!(
        header(&refused, "retry-after"),
        retry_ms.div_ceil(1000).to_string()
    );
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["error"]["type"], "requests");
    assert_eq!(body["error"]["code"], "rate_limit_exceeded");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "Rate limit reached for gpt-4o-mini in organization org-fake-llm on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in "
        ),
        "{message}"
    );
    let stats = stats(&format!("http://{}", server.addr)).await;
    assert_eq!(
        (stats.requests, stats.errors, stats.rate_limited),
        (4, 1, 1)
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_request_past_the_tokens_per_minute_left_is_refused_and_counts_nothing() {
    let server = fake_llm::spawn(
        "127.0.0.1:0",
        FakeLlmConfig {
            latency: Duration::ZERO,
            tpm: 1_000,
            ..FakeLlmConfig::default()
        },
    )
    .await
    .unwrap();
    let url = format!("{}/chat/completions", server.base_url());
    let body = small_request(600);
    // The prompt at 4 bytes a token, plus the completion limit.
    let tokens = (body.to_string().len() as u64).div_ceil(4) + 600;
    let first = post(&url, &body).await;
    assert_eq!(first.status(), 200);
    assert_eq!(header(&first, "x-ratelimit-limit-tokens"), "1000");
    assert_eq!(
        header(&first, "x-ratelimit-remaining-tokens"),
        (1_000 - tokens).to_string()
    );

    let refused = post(&url, &body).await;
    assert_eq!(refused.status(), 429);
    assert_eq!(
        header(&refused, "x-ratelimit-remaining-tokens"),
        (1_000 - tokens).to_string(),
        "a refused request reserves nothing"
    );
    let json: Value = refused.json().await.unwrap();
    assert_eq!(json["error"]["type"], "tokens");
    let message = json["error"]["message"].as_str().unwrap();
    assert!(
        message.contains(&format!(
            "on tokens per min (TPM): Limit 1000, Used {tokens}, Requested {tokens}."
        )),
        "{message}"
    );
    // A request that fits what is left still goes through.
    let fits = post(&url, &small_request(1)).await;
    assert_eq!(fits.status(), 200);
    server.stop().await.unwrap();
}

#[test]
fn reset_durations_are_written_as_openai_writes_them() {
    assert_eq!(fake_llm::go_duration(Duration::from_millis(120)), "120ms");
    assert_eq!(fake_llm::go_duration(Duration::from_millis(1500)), "1.5s");
    assert_eq!(fake_llm::go_duration(Duration::from_secs(1)), "1s");
    assert_eq!(fake_llm::go_duration(Duration::from_secs(360)), "6m0s");
}

/// A limiter of its own (its own Redis connection, as another worker would have) on
/// the fleet's budget under `prefix`.
async fn limited_model(settings: &Settings, prefix: &str) -> Arc<dyn ChatModel> {
    let limiter = ticket_agent::model::limiter::Limiter::connect(
        settings.redis.target(),
        prefix,
        settings.model.limits.clone(),
    )
    .await
    .unwrap();
    Arc::new(
        ticket_agent::model::openai::OpenAiModel::new(&settings.model)
            .unwrap()
            .limited(&Arc::new(limiter)),
    )
}

#[tokio::test]
async fn two_clients_sharing_one_limiter_never_exceed_the_limit_the_server_counts() {
    // 600 requests a minute, counted over one second: 10 a second, so a client that
    // ignored the limit would be refused within the first second.
    let server = fake_llm::spawn(
        "127.0.0.1:0",
        FakeLlmConfig {
            latency: Duration::ZERO,
            rpm: 600,
            window: Duration::from_secs(1),
            ..FakeLlmConfig::default()
        },
    )
    .await
    .unwrap();
    let mut settings = openai_settings(server.base_url(), 0);
    settings.model.limits.enabled = true;
    settings.model.limits.max_wait_secs = 30;
    settings.model.limits.utilization = 0.9;
    settings.model.limits.default_rpm = 600;
    let prefix = format!(
        "ta-test-limiter-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    );
    let clients = [
        limited_model(&settings, &prefix).await,
        limited_model(&settings, &prefix).await,
    ];
    let started = std::time::Instant::now();
    let calls = clients.iter().flat_map(|model| {
        (0..20).map(move |i| {
            let model = model.clone();
            async move {
                let messages = [ticket_agent::conversation::Message::user_text(format!(
                    "Where is my order? ({i})"
                ))];
                model
                    .complete(ticket_agent::model::ChatRequest {
                        system: "You are a support agent.",
                        messages: &messages,
                        tools: &[],
                        answer_schema: None,
                    })
                    .await
            }
        })
    });
    let results = futures::future::join_all(calls).await;
    let elapsed = started.elapsed();
    let conn = ticket_agent::kv::connect(settings.redis.target())
        .await
        .unwrap();
    ticket_agent::kv::delete_matching(&conn, &[format!("{prefix}:*")])
        .await
        .unwrap();
    for result in &results {
        assert!(result.is_ok(), "{result:?}");
    }
    let counted = stats(&format!("http://{}", server.addr)).await;
    assert_eq!(counted.requests, 40);
    assert_eq!(counted.rate_limited, 0, "{counted:?}");
    // 40 calls at 90% of 10 a second take about 4.4 s: they were paced, not refused.
    assert!(elapsed >= Duration::from_secs(4), "{elapsed:?}");
}

#[tokio::test]
async fn the_messages_route_answers_as_anthropic_does_and_past_its_limit_with_anthropics_429() {
    let server = fake_llm::spawn(
        "127.0.0.1:0",
        FakeLlmConfig {
            latency: Duration::ZERO,
            rpm: 2,
            ..FakeLlmConfig::default()
        },
    )
    .await
    .unwrap();
    let url = format!("http://{}/v1/messages", server.addr);
    let request = serde_json::json!({
        "model": "claude-haiku-4-5",
        "max_tokens": 64,
        "system": [{"type": "text", "text": "You resolve support tickets."}],
        "messages": [{"role": "user", "content": "Where is my order O1001?"}],
        "tools": [{"name": "order_lookup", "description": "", "input_schema": {"type": "object"}}]
    });
    for remaining in ["1", "0"] {
        let response = post(&url, &request).await;
        assert_eq!(response.status(), 200);
        assert_eq!(header(&response, "anthropic-ratelimit-requests-limit"), "2");
        assert_eq!(
            header(&response, "anthropic-ratelimit-requests-remaining"),
            remaining
        );
        let reset = header(&response, "anthropic-ratelimit-requests-reset").to_string();
        assert!(
            chrono::DateTime::parse_from_rfc3339(&reset).is_ok(),
            "{reset}"
        );
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["type"], "message");
        assert!(
            body["content"].as_array().is_some_and(|c| !c.is_empty()),
            "{body}"
        );
        assert!(body["usage"]["input_tokens"].as_u64() > Some(0));
    }
    let refused = post(&url, &request).await;
    assert_eq!(refused.status(), 429);
    assert!(header(&refused, "retry-after").parse::<u64>().unwrap() > 0);
    assert_eq!(
        header(&refused, "anthropic-ratelimit-requests-remaining"),
        "0"
    );
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["type"], "error");
    assert_eq!(body["error"]["type"], "rate_limit_error");
    let counted = stats(&format!("http://{}", server.addr)).await;
    assert_eq!((counted.requests, counted.rate_limited), (3, 1));
}

#[tokio::test]
async fn the_anthropic_provider_runs_a_ticket_through_the_messages_route() {
    let server = fake_llm::spawn(
        "127.0.0.1:0",
        FakeLlmConfig {
            latency: Duration::ZERO,
            ..FakeLlmConfig::default()
        },
    )
    .await
    .unwrap();
    let mut settings = Settings::defaults();
    settings.model.provider = ProviderKind::Anthropic;
    settings.model.anthropic.base_url = format!("http://{}", server.addr);
    settings.model.anthropic.api_key_env = "TA_FAKE_LLM_TEST_ANTHROPIC_KEY".into();
    // SAFETY: no other test reads or writes this variable.
    unsafe { std::env::set_var("TA_FAKE_LLM_TEST_ANTHROPIC_KEY", "sk-ant-fake") };
    let input = include_str!("../../../examples/tickets.jsonl");
    let wire = run(
        &settings,
        model::from_settings(&settings.model).unwrap(),
        input,
        4,
    )
    .await;
    let direct = run(&Settings::defaults(), Arc::new(RulesModel::new()), input, 4).await;
    assert_eq!(wire.len(), direct.len());
    for (id, line) in &direct {
        assert_eq!(decision(&wire[id]), decision(line), "{id}");
    }
}
