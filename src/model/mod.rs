//! The model side of the agent loop: the [`ChatModel`] trait, the HTTP providers that
//! speak Anthropic's and OpenAI's wire formats, and the offline rules model.
//!
//! Each provider maps the provider-neutral conversation ([`crate::conversation`]) to
//! its own wire format and back; the agent loop never sees a wire format. Errors are
//! classified once, here, as transient (worth retrying later) or permanent.

pub mod anthropic;
pub mod cascade;
pub mod chain;
mod http;
pub mod intent;
pub mod limiter;
pub mod openai;
pub mod rules;
pub mod softmax;

use std::sync::Arc;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use crate::config::{ModelSettings, ProviderKind};
use crate::conversation::{Message, StopReason, ToolContract, Usage};

/// Prices per million tokens, for cost accounting.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Prices {
    /// USD per million input tokens.
    pub input_per_mtok: f64,
    /// USD per million output tokens.
    pub output_per_mtok: f64,
    /// A prompt token written to the cache, as a multiple of the input price
    /// (Anthropic: 1.25 for the 5-minute cache).
    #[serde(default)]
    pub cache_write_multiplier: f64,
    /// A prompt token read from the cache, as a multiple of the input price
    /// (Anthropic: 0.1; OpenAI: 0.5 for gpt-4o, 0.25 for gpt-4.1, 0.1 for gpt-5).
    #[serde(default)]
    pub cache_read_multiplier: f64,
}

impl Prices {
    /// The cost of `usage` in USD: uncached prompt tokens at the input price, cache
    /// writes and reads at their multiples of it, completion tokens at the output
    /// price.
    pub fn cost_usd(&self, usage: Usage) -> f64 {
        let cached = usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
        let uncached = usage.input_tokens.saturating_sub(cached);
        (uncached as f64 * self.input_per_mtok
            + usage.cache_creation_input_tokens as f64
                * self.input_per_mtok
                * self.cache_write_multiplier
            + usage.cache_read_input_tokens as f64
                * self.input_per_mtok
                * self.cache_read_multiplier
            + usage.output_tokens as f64 * self.output_per_mtok)
            / 1_000_000.0
    }

    /// The prices configured for one provider's endpoint.
    pub fn from_endpoint(endpoint: &crate::config::ProviderSettings) -> Self {
        Self {
            input_per_mtok: endpoint.price_input_per_mtok,
            output_per_mtok: endpoint.price_output_per_mtok,
            cache_write_multiplier: endpoint.cache_write_multiplier,
            cache_read_multiplier: endpoint.cache_read_multiplier,
        }
    }
}

/// What the agent sends to a model on each turn.
#[derive(Debug, Clone, Copy)]
pub struct ChatRequest<'a> {
    /// The system prompt.
    pub system: &'a str,
    /// The conversation so far.
    pub messages: &'a [Message],
    /// The tools offered.
    pub tools: &'a [ToolContract],
    /// A JSON Schema the reply must be one object of, for a model that
    /// [`ChatModel::constrains_answers`]; `None` on an ordinary turn.
    pub answer_schema: Option<&'a serde_json::Value>,
}

/// One model turn.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatResponse {
    /// The assistant message (text and tool calls).
    pub message: Message,
    /// Why the model stopped.
    pub stop_reason: StopReason,
    /// Tokens used by this call.
    pub usage: Usage,
    /// The model that answered, when it is not the one asked: a [`chain::ChainModel`]
    /// names the provider that took the turn, so that it is reported and priced as
    /// itself. `None`: the model asked answered.
    pub served_by: Option<ServedBy>,
}

/// Which model answered a turn, and at what prices.
#[derive(Debug, Clone, PartialEq)]
pub struct ServedBy {
    /// Its label, e.g. `openai:gpt-5-mini`.
    pub model: String,
    /// Its prices.
    pub prices: Prices,
}

/// A model failure, classified once at the boundary.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// Worth retrying later: rate limits, overload, 5xx, timeouts, connection errors.
    #[error("transient model error: {message}")]
    Transient {
        /// What happened, with the provider's own message when there is one.
        message: String,
        /// The HTTP status, when there was a response.
        status: Option<u16>,
    },
    /// Retrying cannot help: bad request, authentication, unknown model, a malformed body.
    #[error("permanent model error: {message}")]
    Permanent {
        /// What happened, with the provider's own message when there is one.
        message: String,
        /// The HTTP status, when there was a response.
        status: Option<u16>,
    },
}

impl ModelError {
    /// Its message and HTTP status, whichever kind it is.
    pub fn parts(&self) -> (&str, Option<u16>) {
        match self {
            Self::Transient { message, status } | Self::Permanent { message, status } => {
                (message, *status)
            }
        }
    }

    /// Whether a later retry might succeed.
    pub fn is_transient(&self) -> bool {
        matches!(self, ModelError::Transient { .. })
    }
}

/// A chat model that can call tools. Implemented by the offline rules model and by the
/// HTTP providers.
#[async_trait]
pub trait ChatModel: Send + Sync {
    /// A label for logs and reports, e.g. `rules` or `anthropic:claude-sonnet-4-5`.
    fn label(&self) -> String;

    /// Prices used to turn usage into cost.
    fn prices(&self) -> Prices {
        Prices::default()
    }

    /// Whether [`ChatRequest::answer_schema`] holds this model to the schema (a
    /// server that enforces it with a grammar or structured outputs). A model that
    /// returns `false` never receives a schema.
    fn constrains_answers(&self) -> bool {
        false
    }

    /// Runs one turn.
    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError>;

    /// The tiers, when this model is a cascade: the agent then runs whole tickets on
    /// each tier in turn instead of asking this model for turns.
    fn cascade(&self) -> Option<&cascade::Cascade> {
        None
    }
}

/// A tier's judgment of its own finished run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assessment {
    /// The answer stands: the ticket ends here.
    Confident,
    /// The next tier should run the ticket; the reason is a fixed code (it is a metric
    /// label and never carries customer text).
    Decline(&'static str),
}

/// A model that can judge the answer it gave, from the whole conversation of its run
/// (the rendered ticket first, every tool call and result, its final message last).
#[async_trait]
pub trait SelfAssess: Send + Sync {
    /// Whether the run's final answer should stand.
    async fn assess(&self, conversation: &[Message]) -> Assessment;
}

/// Builds the model named by the settings: `model.provider`, or a
/// [`chain::ChainModel`] of it and `model.fallbacks` when there are any.
///
/// # Errors
/// When a provider needs an API key and its environment variable is unset, or the
/// HTTP client cannot be built.
pub fn from_settings(settings: &ModelSettings) -> anyhow::Result<Arc<dyn ChatModel>> {
    from_settings_with(settings, Readers::default(), None)
}

/// What the rules model reads a ticket with besides its own rules. The HTTP providers
/// use none of it: an LLM reads the ticket itself.
#[derive(Clone, Default)]
pub struct Readers {
    /// The embedding model, for intent by meaning (none: the text rules alone).
    pub embedder: Option<Arc<dyn crate::embedding::Embedder>>,
    /// The shop's order ids (`commerce.order_id_pattern`), the verifier's definition.
    pub order_ids: crate::domain::order_id::OrderIdPattern,
    /// A folder where the cascade's judge keeps its labelled bank's vectors between runs
    /// (none: embedded at every start).
    pub vectors_cache: Option<std::path::PathBuf>,
}

/// Builds the model named by the settings; the rules model reads with `readers`, and
/// the HTTP providers send every call through `limiter` when one is given.
///
/// # Errors
/// As [`from_settings`], and when the embedder fails on the rules model's example bank.
pub fn from_settings_with(
    settings: &ModelSettings,
    readers: Readers,
    limiter: Option<&Arc<limiter::Limiter>>,
) -> anyhow::Result<Arc<dyn ChatModel>> {
    let primary = provider(settings, readers.clone(), limiter)?;
    // A cascade's LLM tiers are built here with the fallbacks (each tier a chain): the
    // cascade itself stays the model the agent sees, so that its tiers still judge.
    if settings.fallbacks.is_empty() || settings.provider == ProviderKind::Cascade {
        return Ok(primary);
    }
    let mut chain = vec![primary];
    for spec in &settings.fallbacks {
        let mut fallback = settings.clone();
        fallback.fallbacks.clear();
        fallback
            .apply_override(spec)
            .map_err(|e| anyhow::anyhow!("model.fallbacks: {spec:?}: {e:#}"))?;
        chain.push(provider(&fallback, readers.clone(), limiter)?);
    }
    Ok(Arc::new(chain::ChainModel::new(chain, &settings.breaker)))
}

/// The one provider `settings.provider` names.
fn provider(
    settings: &ModelSettings,
    readers: Readers,
    limiter: Option<&Arc<limiter::Limiter>>,
) -> anyhow::Result<Arc<dyn ChatModel>> {
    Ok(match settings.provider {
        ProviderKind::Rules => Arc::new(
            rules::RulesModel::with_embedder(readers.embedder, readers.vectors_cache.as_deref())?
                .with_order_ids(readers.order_ids),
        ),
        ProviderKind::Anthropic => {
            let model = anthropic::AnthropicModel::new(settings)?;
            Arc::new(match limiter {
                Some(limiter) => model.limited(limiter),
                None => model,
            })
        }
        ProviderKind::Openai => {
            let model = openai::OpenAiModel::new(settings)?;
            Arc::new(match limiter {
                Some(limiter) => model.limited(limiter),
                None => model,
            })
        }
        ProviderKind::Cascade => {
            Arc::new(cascade::Cascade::from_settings(settings, readers, limiter)?)
        }
    })
}

impl crate::backoff::Reworded for ModelError {
    /// The same error with its message rewritten (a retry loop adding how it ended).
    fn reworded(self, f: impl FnOnce(&str) -> String) -> Self {
        match self {
            Self::Transient { message, status } => Self::Transient {
                message: f(&message),
                status,
            },
            Self::Permanent { message, status } => Self::Permanent {
                message: f(&message),
                status,
            },
        }
    }
}
