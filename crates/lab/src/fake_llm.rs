//! `ticket-agent-lab fake-llm`: a model server with real latency and real failures, and
//! no model behind it.
//!
//! It speaks OpenAI's Chat Completions wire format at `POST /v1/chat/completions` (and
//! `/chat/completions`): it reads the request (system, user, assistant messages with
//! `tool_calls` whose arguments are JSON strings, `role: "tool"` results with their
//! `tool_call_id`, and the offered `tools`), turns it into the provider-neutral
//! conversation, asks the offline [`RulesModel`] for the turn, and answers with a
//! complete `chat.completion` (content or `tool_calls`, `finish_reason`, `usage`)
//! after the configured latency plus uniform jitter. At the configured rate it fails
//! instead: half of the failures are `429` with `retry-after: 0`, answered at once as a
//! rate limiter does, half are `500` after the latency; both carry OpenAI's error JSON.
//! With it, the whole worker path (HTTP client, retries, concurrency) runs under a
//! realistic model latency without any outside service. `GET /health` answers 200 and
//! `GET /stats` the request and error counts as JSON.
//!
//! It speaks Anthropic's Messages API too, at `POST /v1/messages`: the same rules
//! model, failures and limits, with Anthropic's bodies (`content` blocks, `tool_use`,
//! `stop_reason`; errors as `{"type":"error","error":{"type":"rate_limit_error",…}}`)
//! and its `anthropic-ratelimit-{requests,tokens}-{limit,remaining,reset}` headers.
//!
//! It can also enforce an account's limits the way OpenAI does: requests and tokens
//! per minute (`rpm`, `tpm`; 0 is no limit) over a sliding minute shared by every
//! client, a request counting its prompt (4 bytes a token) plus its `max_tokens` or
//! `max_completion_tokens`. A request past either limit is answered `429` at once with
//! OpenAI's `rate_limit_exceeded` body (`type` `requests` or `tokens`, "Please try
//! again in …"), `retry-after` and `retry-after-ms`; every answer carries
//! `x-ratelimit-limit-*`, `x-ratelimit-remaining-*` and `x-ratelimit-reset-*` for
//! `requests` and `tokens`, so a client-side limiter can be measured against it.
//!
//! Like OpenAI it caches a repeated prompt prefix by itself: `usage` carries
//! `prompt_tokens_details.cached_tokens` for a request whose system prompt and tools
//! an earlier request had (see [`AppState::cached_prefix`]).
//!
//! Tests may shrink the window the limits are counted over
//! ([`FakeLlmConfig::window`]), so that a limit is reached in seconds rather than in
//! minutes; the headers keep stating per-minute figures.

use std::collections::{HashSet, VecDeque};
use std::future::Future;
use std::hash::{Hash, Hasher};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use ticket_agent::conversation::{
    Content, Message, Role, ToolArguments, ToolCall, ToolContract, ToolResult,
};
use ticket_agent::model::rules::RulesModel;
use ticket_agent::model::{ChatModel, ChatRequest, ChatResponse, ModelError};
use ticket_agent::tools::contracts;

/// How the fake server behaves.
#[derive(Debug, Clone, PartialEq)]
pub struct FakeLlmConfig {
    /// The delay before every answer (but a 429's).
    pub latency: Duration,
    /// Up to this much more, drawn uniformly per request.
    pub jitter: Duration,
    /// The share of requests that fail (0 to 1), half with 429, half with 500.
    pub error_rate: f64,
    /// Seeds the draws of jitter and failures.
    pub seed: u64,
    /// Requests per minute the account allows; 0: no limit.
    pub rpm: u32,
    /// Tokens per minute the account allows; 0: no limit.
    pub tpm: u64,
    /// The sliding window the limits are counted over: a minute, as providers do, or a
    /// shorter one for tests, which then admits its share of `rpm` and `tpm` (a second
    /// admits `rpm / 60`). The headers still state per-minute limits.
    pub window: Duration,
}

impl Default for FakeLlmConfig {
    fn default() -> Self {
        Self {
            latency: Duration::from_millis(300),
            jitter: Duration::ZERO,
            error_rate: 0.0,
            seed: 1,
            rpm: 0,
            tpm: 0,
            window: MINUTE,
        }
    }
}

/// Counters, shared with whoever started the server.
#[derive(Debug, Default)]
pub struct FakeLlmStats {
    /// Completion requests received.
    pub requests: AtomicU64,
    /// Completion requests answered with an error status (injected or a bad request).
    pub errors: AtomicU64,
    /// Of the errors, requests refused for the account's RPM or TPM limit.
    pub rate_limited: AtomicU64,
}

/// A copy of the counters, as `GET /stats` answers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatsSnapshot {
    /// Completion requests received.
    pub requests: u64,
    /// Completion requests answered with an error status.
    pub errors: u64,
    /// Of the errors, requests refused for the account's RPM or TPM limit.
    #[serde(default)]
    pub rate_limited: u64,
}

impl FakeLlmStats {
    /// The counters now.
    pub fn snapshot(&self) -> StatsSnapshot {
        StatsSnapshot {
            requests: self.requests.load(Ordering::Relaxed),
            errors: self.errors.load(Ordering::Relaxed),
            rate_limited: self.rate_limited.load(Ordering::Relaxed),
        }
    }
}

struct AppState {
    config: FakeLlmConfig,
    stats: Arc<FakeLlmStats>,
    rng: Mutex<StdRng>,
    model: RulesModel,
    next_id: AtomicU64,
    /// The requests admitted in the last minute, oldest first: when and how many tokens.
    window: Mutex<VecDeque<(Instant, u64)>>,
    /// The prompt prefixes (system prompt and tools) seen so far, by hash.
    prefixes: Mutex<HashSet<u64>>,
}

impl AppState {
    /// Prompt caching as OpenAI reports it: a prompt whose stable prefix (the system
    /// prompt, then the tools) was seen before reads that prefix from the cache, counted
    /// in blocks of 128 tokens once it reaches 1,024 (4 bytes a token, as the limits
    /// count). The first request with a prefix writes it and reads nothing.
    fn cached_prefix(&self, system: &str, tools: &[ToolContract]) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        system.hash(&mut hasher);
        let mut bytes = system.len();
        for tool in tools {
            tool.name.hash(&mut hasher);
            bytes += tool.name.len() + tool.description.len() + tool.input_schema.to_string().len();
        }
        let seen = !self
            .prefixes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(hasher.finish());
        let tokens = (bytes as u64).div_ceil(4);
        if seen && tokens >= 1024 {
            tokens / 128 * 128
        } else {
            0
        }
    }
}

impl AppState {
    /// One turn of the rules model over the tools the request offers, after `delay`:
    /// what both routes answer, each in its own wire format. The tools come back too,
    /// for the prompt-cache count.
    async fn answer(
        &self,
        system: &str,
        messages: &[Message],
        offered: &[&str],
        delay: Duration,
    ) -> Result<(ChatResponse, Vec<ToolContract>), ModelError> {
        let tools: Vec<ToolContract> = contracts::all()
            .into_iter()
            .filter(|c| offered.contains(&c.name))
            .collect();
        tokio::time::sleep(delay).await;
        let turn = self
            .model
            .complete(ChatRequest {
                system,
                messages,
                tools: &tools,
                answer_schema: None,
            })
            .await?;
        Ok((turn, tools))
    }
}

/// The limits' state as one request sees it.
struct Quota {
    limit_requests: u32,
    remaining_requests: u32,
    reset_requests: Duration,
    limit_tokens: u64,
    remaining_tokens: u64,
    reset_tokens: Duration,
}

/// Why a request was refused, and how long until it would fit.
struct Refusal {
    kind: &'static str,
    message: String,
    wait: Duration,
}

const MINUTE: Duration = Duration::from_secs(60);

impl AppState {
    /// Admits a request of `tokens` against the sliding minute, or says why not; the
    /// quota after the decision either way (for the headers).
    fn admit(&self, tokens: u64, model: &str) -> (Quota, Option<Refusal>) {
        let (rpm_stated, tpm_stated) = (self.config.rpm, self.config.tpm);
        // The limits of one window, and back to per-minute figures for the headers.
        let window_len = self.config.window.max(Duration::from_millis(1));
        let share = window_len.as_secs_f64() / MINUTE.as_secs_f64();
        let rpm = if rpm_stated == 0 {
            0
        } else {
            ((f64::from(rpm_stated) * share) as u32).max(1)
        };
        let tpm = if tpm_stated == 0 {
            0
        } else {
            ((tpm_stated as f64 * share) as u64).max(1)
        };
        let per_minute = |n: u64| (n as f64 / share).round() as u64;
        let now = Instant::now();
        let mut window = self.window.lock().expect("window lock");
        while window
            .front()
            .is_some_and(|(at, _)| now.duration_since(*at) >= window_len)
        {
            window.pop_front();
        }
        let used_requests = u32::try_from(window.len()).unwrap_or(u32::MAX);
        let used_tokens: u64 = window.iter().map(|(_, t)| t).sum();
        // When the oldest entries leave the minute: enough of them to free `need`.
        let free_after = |need: u64, weight: &dyn Fn(u64) -> u64| -> Duration {
            let mut freed = 0;
            for (at, t) in window.iter() {
                freed += weight(*t);
                if freed >= need {
                    return (*at + window_len).saturating_duration_since(now);
                }
            }
            window_len
        };
        let refusal = if rpm > 0 && used_requests >= rpm {
            let wait = free_after(u64::from(used_requests + 1 - rpm), &|_| 1);
            Some(Refusal {
                kind: "requests",
                message: format!(
                    "Rate limit reached for {model} in organization org-fake-llm on requests per min (RPM): Limit {rpm}, Used {used_requests}, Requested 1. Please try again in {}. Visit https://platform.openai.com/account/rate-limits to learn more.",
                    go_duration(wait)
                ),
                wait,
            })
        } else if tpm > 0 && used_tokens + tokens > tpm {
            let wait = if tokens > tpm {
                window_len
            } else {
                free_after(used_tokens + tokens - tpm, &|t| t)
            };
            Some(Refusal {
                kind: "tokens",
                message: format!(
                    "Rate limit reached for {model} in organization org-fake-llm on tokens per min (TPM): Limit {tpm}, Used {used_tokens}, Requested {tokens}. Please try again in {}. Visit https://platform.openai.com/account/rate-limits to learn more.",
                    go_duration(wait)
                ),
                wait,
            })
        } else {
            None
        };
        if refusal.is_none() {
            window.push_back((now, tokens));
        }
        let used_requests = u32::try_from(window.len()).unwrap_or(u32::MAX);
        let used_tokens: u64 = window.iter().map(|(_, t)| t).sum();
        let reset = |n: usize| {
            window.get(n).map_or(Duration::ZERO, |(at, _)| {
                (*at + window_len).saturating_duration_since(now)
            })
        };
        let quota = Quota {
            limit_requests: rpm_stated,
            remaining_requests: u32::try_from(per_minute(u64::from(
                rpm.saturating_sub(used_requests),
            )))
            .unwrap_or(u32::MAX)
            .min(rpm_stated),
            // The oldest request leaving the minute frees one.
            reset_requests: reset(0),
            limit_tokens: tpm_stated,
            remaining_tokens: per_minute(tpm.saturating_sub(used_tokens)).min(tpm_stated),
            // The whole minute refilled: when the newest request leaves it.
            reset_tokens: reset(window.len().saturating_sub(1)),
        };
        (quota, refusal)
    }
}

/// A duration as OpenAI's reset headers and messages write it (Go's form): `120ms`,
/// `1.5s`, `6m0s`.
pub fn go_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms < 1000 {
        format!("{ms}ms")
    } else if ms < 60_000 {
        let text = format!("{:.3}", d.as_secs_f64());
        format!("{}s", text.trim_end_matches('0').trim_end_matches('.'))
    } else {
        format!("{}m{}s", ms / 60_000, (ms % 60_000) / 1000)
    }
}

/// Puts the `x-ratelimit-*` headers of `quota` on `response` (only for the limits
/// that are set).
fn rate_limit_headers(response: &mut Response, quota: &Quota) {
    let headers = response.headers_mut();
    let mut put = |name: &'static str, value: String| {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(name, value);
        }
    };
    if quota.limit_requests > 0 {
        put(
            "x-ratelimit-limit-requests",
            quota.limit_requests.to_string(),
        );
        put(
            "x-ratelimit-remaining-requests",
            quota.remaining_requests.to_string(),
        );
        put(
            "x-ratelimit-reset-requests",
            go_duration(quota.reset_requests),
        );
    }
    if quota.limit_tokens > 0 {
        put("x-ratelimit-limit-tokens", quota.limit_tokens.to_string());
        put(
            "x-ratelimit-remaining-tokens",
            quota.remaining_tokens.to_string(),
        );
        put("x-ratelimit-reset-tokens", go_duration(quota.reset_tokens));
    }
}

/// The server's routes and its counters, for callers that serve them themselves.
pub fn router(config: FakeLlmConfig) -> (Router, Arc<FakeLlmStats>) {
    let stats = Arc::new(FakeLlmStats::default());
    let state = Arc::new(AppState {
        rng: Mutex::new(StdRng::seed_from_u64(config.seed)),
        config,
        stats: stats.clone(),
        model: RulesModel::new(),
        next_id: AtomicU64::new(1),
        window: Mutex::new(VecDeque::new()),
        prefixes: Mutex::new(HashSet::new()),
    });
    let router = Router::new()
        .route("/v1/chat/completions", post(completions))
        .route("/chat/completions", post(completions))
        .route("/v1/messages", post(messages))
        .route("/health", get(|| async { "ok" }))
        .route("/stats", get(stats_json))
        .with_state(state);
    (router, stats)
}

/// Serves the fake model on `listener` until `shutdown` resolves.
///
/// # Errors
/// When the listener fails.
pub async fn serve<F>(
    listener: TcpListener,
    config: FakeLlmConfig,
    shutdown: F,
) -> std::io::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    let (router, _) = router(config);
    axum::serve(listener, router)
        .with_graceful_shutdown(shutdown)
        .await
}

/// A fake model server running in this process (tests, benchmarks).
pub struct FakeLlmHandle {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its counters.
    pub stats: Arc<FakeLlmStats>,
    stop: CancellationToken,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl FakeLlmHandle {
    /// The `base_url` to configure for the OpenAI provider: `http://ADDR/v1`.
    pub fn base_url(&self) -> String {
        format!("http://{}/v1", self.addr)
    }

    /// Stops the server and waits for it.
    ///
    /// # Errors
    /// When the server had failed.
    pub async fn stop(self) -> std::io::Result<()> {
        self.stop.cancel();
        self.task.await.unwrap_or(Ok(()))
    }
}

/// Binds `addr` (port 0 for any free port) and serves the fake model on a task.
///
/// # Errors
/// When the address cannot be bound.
pub async fn spawn(addr: &str, config: FakeLlmConfig) -> std::io::Result<FakeLlmHandle> {
    let listener = TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let (router, stats) = router(config);
    let stop = CancellationToken::new();
    let token = stop.clone();
    let task = tokio::spawn(async move {
        axum::serve(listener, router)
            .with_graceful_shutdown(async move { token.cancelled().await })
            .await
    });
    Ok(FakeLlmHandle {
        addr,
        stats,
        stop,
        task,
    })
}

async fn stats_json(State(state): State<Arc<AppState>>) -> Response {
    axum::Json(state.stats.snapshot()).into_response()
}

/// An OpenAI-shaped error answer.
fn error_response(status: StatusCode, kind: &str, code: Option<&str>, message: &str) -> Response {
    let body = json!({
        "error": { "message": message, "type": kind, "param": null, "code": code }
    });
    let mut response = (status, axum::Json(body)).into_response();
    if status == StatusCode::TOO_MANY_REQUESTS {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("0"));
    }
    response
}

/// What this request draws: a failure, and the jitter.
enum Fate {
    RateLimited,
    ServerError(Duration),
    Answer(Duration),
}

impl AppState {
    fn draw(&self) -> Fate {
        let mut rng = self.rng.lock().expect("rng lock");
        let fail = self.config.error_rate > 0.0 && rng.random_bool(self.config.error_rate.min(1.0));
        let rate_limited = fail && rng.random_bool(0.5);
        let jitter_ms = u64::try_from(self.config.jitter.as_millis()).unwrap_or(u64::MAX);
        let jitter = if jitter_ms == 0 {
            Duration::ZERO
        } else {
            Duration::from_millis(rng.random_range(0..=jitter_ms))
        };
        let delay = self.config.latency + jitter;
        match (fail, rate_limited) {
            (true, true) => Fate::RateLimited,
            (true, false) => Fate::ServerError(delay),
            _ => Fate::Answer(delay),
        }
    }
}

async fn completions(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    state.stats.requests.fetch_add(1, Ordering::Relaxed);
    let failed = |response: Response| {
        state.stats.errors.fetch_add(1, Ordering::Relaxed);
        response
    };
    let delay = match state.draw() {
        Fate::RateLimited => {
            return failed(error_response(
                StatusCode::TOO_MANY_REQUESTS,
                "requests",
                Some("rate_limit_exceeded"),
                "Rate limit reached for requests (fake-llm). Please try again.",
            ));
        }
        Fate::ServerError(delay) => {
            tokio::time::sleep(delay).await;
            return failed(error_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                "server_error",
                None,
                "The server had an error while processing your request (fake-llm).",
            ));
        }
        Fate::Answer(delay) => delay,
    };
    let request: WireRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return failed(error_response(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                None,
                &format!("The request body is not a chat completion request: {e}"),
            ));
        }
    };
    let limited = state.config.rpm > 0 || state.config.tpm > 0;
    let quota = if limited {
        let model = request.model.as_deref().unwrap_or("fake-rules");
        let tokens = (body.len() as u64).div_ceil(4)
            + request
                .max_completion_tokens
                .or(request.max_tokens)
                .unwrap_or(0);
        let (quota, refusal) = state.admit(tokens, model);
        if let Some(refusal) = refusal {
            state.stats.rate_limited.fetch_add(1, Ordering::Relaxed);
            let mut response = error_response(
                StatusCode::TOO_MANY_REQUESTS,
                refusal.kind,
                Some("rate_limit_exceeded"),
                &refusal.message,
            );
            rate_limit_headers(&mut response, &quota);
            let ms = u64::try_from(refusal.wait.as_millis()).unwrap_or(u64::MAX);
            let headers = response.headers_mut();
            headers.insert(header::RETRY_AFTER, HeaderValue::from(ms.div_ceil(1000)));
            headers.insert("retry-after-ms", HeaderValue::from(ms));
            return failed(response);
        }
        Some(quota)
    } else {
        None
    };
    let (system, messages) = match request.conversation() {
        Ok(c) => c,
        Err(e) => {
            return failed(error_response(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                None,
                &e,
            ));
        }
    };
    let offered: Vec<&str> = request
        .tools
        .iter()
        .map(|t| t.function.name.as_str())
        .collect();
    let (turn, tools) = match state.answer(&system, &messages, &offered, delay).await {
        Ok(answered) => answered,
        Err(e) => {
            return failed(error_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                "server_error",
                None,
                &e.to_string(),
            ));
        }
    };
    let text = turn.message.text();
    let calls: Vec<Value> = turn
        .message
        .tool_calls()
        .map(|call| {
            json!({
                "id": call.id,
                "type": "function",
                "function": { "name": call.name, "arguments": call.arguments.to_wire_string() }
            })
        })
        .collect();
    let mut message = json!({
        "role": "assistant",
        "content": if text.is_empty() && !calls.is_empty() { Value::Null } else { json!(text) },
    });
    let finish_reason = if calls.is_empty() {
        "stop"
    } else {
        message["tool_calls"] = Value::Array(calls);
        "tool_calls"
    };
    let prompt_tokens = turn.usage.input_tokens.max(1);
    let completion_tokens = turn.usage.output_tokens.max(1);
    let cached_tokens = state.cached_prefix(&system, &tools).min(prompt_tokens);
    let id = state.next_id.fetch_add(1, Ordering::Relaxed);
    let created = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut response = axum::Json(json!({
        "id": format!("chatcmpl-fake-{id}"),
        "object": "chat.completion",
        "created": created,
        "model": request.model.as_deref().unwrap_or("fake-rules"),
        "choices": [{ "index": 0, "message": message, "finish_reason": finish_reason }],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
            "prompt_tokens_details": { "cached_tokens": cached_tokens },
        },
    }))
    .into_response();
    if let Some(quota) = &quota {
        rate_limit_headers(&mut response, quota);
    }
    response
}

/// A Chat Completions request, as far as the fake reads it (the scripted models of
/// [`crate::scripted_llm`] read it the same way).
#[derive(Debug, Deserialize)]
pub(crate) struct WireRequest {
    #[serde(default)]
    pub(crate) model: Option<String>,
    #[serde(default)]
    max_tokens: Option<u64>,
    #[serde(default)]
    max_completion_tokens: Option<u64>,
    messages: Vec<WireMessage>,
    #[serde(default)]
    tools: Vec<WireTool>,
}

#[derive(Debug, Deserialize)]
struct WireMessage {
    role: String,
    #[serde(default)]
    content: Option<Value>,
    #[serde(default)]
    tool_calls: Option<Vec<WireToolCall>>,
    #[serde(default)]
    tool_call_id: Option<String>,
}

#[derive(Debug, Deserialize)]
struct WireToolCall {
    #[serde(default)]
    id: Option<String>,
    function: WireFunction,
}

#[derive(Debug, Deserialize)]
struct WireFunction {
    name: String,
    #[serde(default)]
    arguments: Option<Value>,
}

#[derive(Debug, Deserialize)]
struct WireTool {
    function: WireToolFunction,
}

#[derive(Debug, Deserialize)]
struct WireToolFunction {
    name: String,
}

/// Adds a user block to the open user message, or opens one.
fn push(role: Role, block: Content, messages: &mut Vec<Message>) {
    match messages.last_mut() {
        Some(last) if last.role == role && role == Role::User => last.content.push(block),
        _ => messages.push(Message {
            role,
            content: vec![block],
        }),
    }
}

/// `content` as text: a string, or the text parts of a list.
fn content_text(content: Option<&Value>) -> String {
    match content {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .filter_map(|p| p["text"].as_str())
            .collect::<Vec<_>>()
            .join(""),
        _ => String::new(),
    }
}

impl WireRequest {
    /// The system prompt and the provider-neutral conversation. Tool results join the
    /// user message that follows the assistant turn, as the agent sends them.
    pub(crate) fn conversation(&self) -> Result<(String, Vec<Message>), String> {
        let mut system = Vec::new();
        let mut messages: Vec<Message> = Vec::new();
        for (i, m) in self.messages.iter().enumerate() {
            match m.role.as_str() {
                "system" | "developer" => system.push(content_text(m.content.as_ref())),
                "user" => push(
                    Role::User,
                    Content::Text {
                        text: content_text(m.content.as_ref()),
                    },
                    &mut messages,
                ),
                "tool" => {
                    let id = m.tool_call_id.clone().ok_or_else(|| {
                        format!("messages[{i}]: a tool message needs tool_call_id")
                    })?;
                    let text = content_text(m.content.as_ref());
                    let output =
                        serde_json::from_str::<Value>(&text).unwrap_or(Value::String(text));
                    let is_error = output.get("error").is_some();
                    push(
                        Role::User,
                        Content::ToolResult(ToolResult {
                            tool_call_id: id,
                            output,
                            is_error,
                        }),
                        &mut messages,
                    );
                }
                "assistant" => {
                    let mut content = Vec::new();
                    let text = content_text(m.content.as_ref());
                    if !text.is_empty() {
                        content.push(Content::Text { text });
                    }
                    for (j, call) in m.tool_calls.iter().flatten().enumerate() {
                        let arguments = match &call.function.arguments {
                            Some(Value::String(raw)) => ToolArguments::parse(raw),
                            None | Some(Value::Null) => ToolArguments::Json { value: json!({}) },
                            Some(value) => ToolArguments::Json {
                                value: value.clone(),
                            },
                        };
                        content.push(Content::ToolCall(ToolCall {
                            id: call.id.clone().unwrap_or_else(|| format!("call_m{i}_{j}")),
                            name: call.function.name.clone(),
                            arguments,
                        }));
                    }
                    messages.push(Message {
                        role: Role::Assistant,
                        content,
                    });
                }
                other => return Err(format!("messages[{i}]: unknown role `{other}`")),
            }
        }
        if messages.is_empty() {
            return Err("messages must hold at least one user message".into());
        }
        Ok((system.join("\n"), messages))
    }
}

/// An Anthropic-shaped error answer: `{"type":"error","error":{"type","message"}}`.
fn anthropic_error(status: StatusCode, kind: &str, message: &str) -> Response {
    let body = json!({"type": "error", "error": {"type": kind, "message": message}});
    (status, axum::Json(body)).into_response()
}

/// Puts Anthropic's `anthropic-ratelimit-*` headers of `quota` on `response` (resets
/// as RFC 3339 times; only for the limits that are set).
fn anthropic_rate_limit_headers(response: &mut Response, quota: &Quota) {
    let now = chrono::Utc::now();
    let at = |d: Duration| {
        (now + chrono::Duration::from_std(d).unwrap_or_default())
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    };
    let headers = response.headers_mut();
    let mut put = |name: &'static str, value: String| {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(name, value);
        }
    };
    if quota.limit_requests > 0 {
        let limit = quota.limit_requests.to_string();
        put("anthropic-ratelimit-requests-limit", limit);
        let remaining = quota.remaining_requests.to_string();
        put("anthropic-ratelimit-requests-remaining", remaining);
        put(
            "anthropic-ratelimit-requests-reset",
            at(quota.reset_requests),
        );
    }
    if quota.limit_tokens > 0 {
        put(
            "anthropic-ratelimit-tokens-limit",
            quota.limit_tokens.to_string(),
        );
        let remaining = quota.remaining_tokens.to_string();
        put("anthropic-ratelimit-tokens-remaining", remaining);
        put("anthropic-ratelimit-tokens-reset", at(quota.reset_tokens));
    }
}

/// `POST /v1/messages`: Anthropic's Messages API over the same rules model, limits
/// and failures as the Chat Completions route.
async fn messages(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    state.stats.requests.fetch_add(1, Ordering::Relaxed);
    let failed = |response: Response| {
        state.stats.errors.fetch_add(1, Ordering::Relaxed);
        response
    };
    let delay = match state.draw() {
        Fate::RateLimited => {
            let mut response = anthropic_error(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limit_error",
                "Number of requests has exceeded your rate limit (fake-llm).",
            );
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("0"));
            return failed(response);
        }
        Fate::ServerError(delay) => {
            tokio::time::sleep(delay).await;
            return failed(anthropic_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "api_error",
                "Internal server error (fake-llm).",
            ));
        }
        Fate::Answer(delay) => delay,
    };
    let request: AnthropicRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return failed(anthropic_error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                &format!("The request body is not a Messages request: {e}"),
            ));
        }
    };
    let model = request.model.as_deref().unwrap_or("fake-rules").to_string();
    let quota = if state.config.rpm > 0 || state.config.tpm > 0 {
        let tokens = (body.len() as u64).div_ceil(4) + request.max_tokens.unwrap_or(0);
        let (quota, refusal) = state.admit(tokens, &model);
        if let Some(refusal) = refusal {
            state.stats.rate_limited.fetch_add(1, Ordering::Relaxed);
            let mut response = anthropic_error(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limit_error",
                &refusal.message,
            );
            anthropic_rate_limit_headers(&mut response, &quota);
            let secs = refusal.wait.as_millis().div_ceil(1000);
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(u64::try_from(secs).unwrap_or(u64::MAX)),
            );
            return failed(response);
        }
        Some(quota)
    } else {
        None
    };
    let (system, conversation) = request.conversation();
    let offered: Vec<&str> = request.tools.iter().map(|t| t.name.as_str()).collect();
    let turn = match state.answer(&system, &conversation, &offered, delay).await {
        Ok((turn, _)) => turn,
        Err(e) => {
            return failed(anthropic_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "api_error",
                &e.to_string(),
            ));
        }
    };
    let mut content = Vec::new();
    let text = turn.message.text();
    if !text.is_empty() {
        content.push(json!({"type": "text", "text": text}));
    }
    for call in turn.message.tool_calls() {
        content.push(json!({
            "type": "tool_use",
            "id": call.id,
            "name": call.name,
            "input": ticket_agent::model::anthropic::tool_use_input(&call.arguments),
        }));
    }
    let stop_reason = if turn.message.tool_calls().next().is_some() {
        "tool_use"
    } else {
        "end_turn"
    };
    let id = state.next_id.fetch_add(1, Ordering::Relaxed);
    let mut response = axum::Json(json!({
        "id": format!("msg_fake_{id}"),
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop_reason,
        "usage": {
            "input_tokens": turn.usage.input_tokens.max(1),
            "output_tokens": turn.usage.output_tokens.max(1),
        },
    }))
    .into_response();
    if let Some(quota) = &quota {
        anthropic_rate_limit_headers(&mut response, quota);
    }
    response
}

/// A Messages request, as far as the fake reads it.
#[derive(Debug, Deserialize)]
struct AnthropicRequest {
    #[serde(default)]
    model: Option<String>,
    #[serde(default)]
    max_tokens: Option<u64>,
    /// A string, or a list of text blocks.
    #[serde(default)]
    system: Option<Value>,
    messages: Vec<AnthropicMessage>,
    #[serde(default)]
    tools: Vec<AnthropicTool>,
}

#[derive(Debug, Deserialize)]
struct AnthropicMessage {
    role: String,
    /// A string, or a list of blocks.
    content: Value,
}

#[derive(Debug, Deserialize)]
struct AnthropicTool {
    name: String,
}

impl AnthropicRequest {
    /// The system prompt and the provider-neutral conversation.
    fn conversation(&self) -> (String, Vec<Message>) {
        let system = content_text(self.system.as_ref());
        let mut messages: Vec<Message> = Vec::new();
        for m in &self.messages {
            let role = if m.role == "assistant" {
                Role::Assistant
            } else {
                Role::User
            };
            let blocks: Vec<Value> = match &m.content {
                Value::Array(blocks) => blocks.clone(),
                other => vec![json!({"type": "text", "text": other.as_str().unwrap_or_default()})],
            };
            let mut content = Vec::new();
            for block in blocks {
                match block["type"].as_str() {
                    Some("tool_use") => content.push(Content::ToolCall(ToolCall {
                        id: block["id"].as_str().unwrap_or_default().to_string(),
                        name: block["name"].as_str().unwrap_or_default().to_string(),
                        arguments: ToolArguments::Json {
                            value: block["input"].clone(),
                        },
                    })),
                    Some("tool_result") => {
                        let text = content_text(Some(&block["content"]));
                        let output =
                            serde_json::from_str::<Value>(&text).unwrap_or(Value::String(text));
                        content.push(Content::ToolResult(ToolResult {
                            tool_call_id: block["tool_use_id"]
                                .as_str()
                                .unwrap_or_default()
                                .to_string(),
                            output,
                            is_error: block["is_error"].as_bool().unwrap_or(false),
                        }));
                    }
                    _ => content.push(Content::Text {
                        text: block["text"].as_str().unwrap_or_default().to_string(),
                    }),
                }
            }
            messages.push(Message { role, content });
        }
        (system, messages)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wire_conversation_becomes_the_neutral_one_with_tool_results_in_a_user_message() {
        let request: WireRequest = serde_json::from_value(json!({
            "model": "m",
            "messages": [
                {"role": "system", "content": "be good"},
                {"role": "user", "content": "ticket"},
                {"role": "assistant", "content": null, "tool_calls": [
                    {"id": "c1", "type": "function",
                     "function": {"name": "order_lookup", "arguments": "{\"order_id\":\"O1\"}"}},
                    {"id": "c2", "type": "function",
                     "function": {"name": "kb_search", "arguments": "{bad"}}
                ]},
                {"role": "tool", "tool_call_id": "c1", "content": "{\"status\":\"shipped\"}"},
                {"role": "tool", "tool_call_id": "c2", "content": "{\"error\":\"invalid_arguments\"}"},
                {"role": "user", "content": [{"type": "text", "text": "more"}]}
            ],
            "tools": [{"type": "function", "function": {"name": "order_lookup"}}]
        }))
        .unwrap();
        let (system, messages) = request.conversation().unwrap();
        assert_eq!(system, "be good");
        assert_eq!(messages.len(), 3);
        assert_eq!(messages[1].tool_calls().count(), 2);
        assert!(matches!(
            messages[1].tool_calls().nth(1).unwrap().arguments,
            ToolArguments::Invalid { .. }
        ));
        let user = &messages[2];
        assert_eq!(user.role, Role::User);
        assert_eq!(user.content.len(), 3);
        match &user.content[1] {
            Content::ToolResult(r) => {
                assert_eq!(r.tool_call_id, "c2");
                assert!(r.is_error);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(user.text(), "more");
    }

    #[test]
    fn a_tool_message_without_its_call_id_is_a_bad_request() {
        let request: WireRequest = serde_json::from_value(json!({
            "messages": [{"role": "user", "content": "x"}, {"role": "tool", "content": "{}"}]
        }))
        .unwrap();
        assert!(request.conversation().unwrap_err().contains("tool_call_id"));
    }
}
