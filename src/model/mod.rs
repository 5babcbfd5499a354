//! The model side of the agent loop: the [`ChatModel`] trait, the HTTP providers that
//! speak Anthropic's and OpenAI's wire formats, and the offline rules model.
//!
//! Each provider maps the provider-neutral conversation ([`crate::conversation`]) to
//! its own wire format and back; the agent loop never sees a wire format. Errors are
//! classified once, here, as transient (worth retrying later) or permanent.

pub mod anthropic;
mod http;
pub mod intent;
pub mod openai;
pub mod rules;

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
}

impl Prices {
    /// The cost of `usage` in USD.
    pub fn cost_usd(&self, usage: Usage) -> f64 {
        (usage.input_tokens as f64 * self.input_per_mtok
            + usage.output_tokens as f64 * self.output_per_mtok)
            / 1_000_000.0
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

    /// Runs one turn.
    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError>;
}

/// Builds the model named by the settings.
///
/// # Errors
/// When a provider needs an API key and its environment variable is unset, or the
/// HTTP client cannot be built.
pub fn from_settings(settings: &ModelSettings) -> anyhow::Result<Arc<dyn ChatModel>> {
    from_settings_with(settings, None)
}

/// Builds the model named by the settings; the rules model decides intent by meaning
/// too when `embedder` is given (the HTTP providers do not use it).
///
/// # Errors
/// As [`from_settings`], and when the embedder fails on the rules model's example bank.
pub fn from_settings_with(
    settings: &ModelSettings,
    embedder: Option<Arc<dyn crate::embedding::Embedder>>,
) -> anyhow::Result<Arc<dyn ChatModel>> {
    Ok(match settings.provider {
        ProviderKind::Rules => Arc::new(rules::RulesModel::with_embedder(embedder)?),
        ProviderKind::Anthropic => Arc::new(anthropic::AnthropicModel::new(settings)?),
        ProviderKind::Openai => Arc::new(openai::OpenAiModel::new(settings)?),
    })
}
