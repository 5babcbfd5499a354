//! The model side of the agent loop: the [`ChatModel`] trait and the provider-neutral
//! conversation it speaks.
//!
//! A conversation is a list of [`Message`]s whose content blocks carry text, tool calls
//! and tool results, the common denominator of Anthropic's Messages API and OpenAI's
//! Chat Completions. Each provider module maps this to its own wire format and back;
//! the agent loop never sees a wire format. Errors are classified once, here, as
//! transient (worth retrying later) or permanent.

pub mod anthropic;
mod http;
pub mod openai;
pub mod rules;

use std::sync::Arc;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::config::{ModelSettings, ProviderKind};
use crate::tools::ToolContract;

/// Who said a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The ticket and the tool results.
    User,
    /// The model.
    Assistant,
}

/// One message of the conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    /// Who said it.
    pub role: Role,
    /// What was said, in order.
    pub content: Vec<Content>,
}

impl Message {
    /// A user message with one text block.
    pub fn user_text(text: impl Into<String>) -> Self {
        Self {
            role: Role::User,
            content: vec![Content::Text { text: text.into() }],
        }
    }

    /// The concatenated text blocks of this message.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for block in &self.content {
            if let Content::Text { text } = block {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(text);
            }
        }
        out
    }

    /// The tool calls in this message.
    pub fn tool_calls(&self) -> impl Iterator<Item = &ToolCall> {
        self.content.iter().filter_map(|c| match c {
            Content::ToolCall(call) => Some(call),
            _ => None,
        })
    }
}

/// A content block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Content {
    /// Plain text.
    Text {
        /// The text.
        text: String,
    },
    /// The model asks for a tool to run.
    ToolCall(ToolCall),
    /// The result of a tool call, sent back to the model.
    ToolResult(ToolResult),
}

/// A tool call requested by the model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    /// The provider's id for the call, echoed in the result.
    pub id: String,
    /// The tool's name as the model spelled it (it may name no tool at all).
    pub name: String,
    /// The arguments as the model sent them.
    pub arguments: ToolArguments,
}

/// Tool-call arguments: models sometimes send text that is not JSON, and that must
/// reach the model back as a tool error, not break the loop.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToolArguments {
    /// Parsed JSON.
    Json {
        /// The value.
        value: Value,
    },
    /// The raw text the model sent, which did not parse as JSON.
    Invalid {
        /// The raw text.
        raw: String,
        /// Why it did not parse.
        error: String,
    },
}

impl ToolArguments {
    /// Parses a provider's argument string (OpenAI sends arguments as a JSON string).
    pub fn parse(raw: &str) -> Self {
        // Some servers send an empty string for a call without arguments.
        let text = if raw.trim().is_empty() { "{}" } else { raw };
        match serde_json::from_str(text) {
            Ok(value) => ToolArguments::Json { value },
            Err(e) => ToolArguments::Invalid {
                raw: raw.to_string(),
                error: e.to_string(),
            },
        }
    }

    /// The arguments as JSON to send back over a wire format: the parsed value, or the
    /// raw text as a JSON string when it never parsed.
    pub fn to_wire_value(&self) -> Value {
        match self {
            ToolArguments::Json { value } => value.clone(),
            ToolArguments::Invalid { raw, .. } => Value::String(raw.clone()),
        }
    }

    /// The arguments as a JSON string (OpenAI's representation).
    pub fn to_wire_string(&self) -> String {
        match self {
            ToolArguments::Json { value } => value.to_string(),
            ToolArguments::Invalid { raw, .. } => raw.clone(),
        }
    }
}

/// The result of one tool call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolResult {
    /// The id of the call this answers.
    pub tool_call_id: String,
    /// The tool's JSON output (a structured error is still an output).
    pub output: Value,
    /// Whether the output is an error.
    pub is_error: bool,
}

/// Why the model stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The model finished its answer.
    EndTurn,
    /// The model wants tools to run.
    ToolUse,
    /// The answer was cut at the token limit.
    MaxTokens,
    /// Anything else the provider reported.
    Other,
}

/// Token usage of one model call.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Prompt tokens.
    pub input_tokens: u64,
    /// Completion tokens.
    pub output_tokens: u64,
}

impl std::ops::AddAssign for Usage {
    fn add_assign(&mut self, rhs: Self) {
        self.input_tokens += rhs.input_tokens;
        self.output_tokens += rhs.output_tokens;
    }
}

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
    Ok(match settings.provider {
        ProviderKind::Rules => Arc::new(rules::RulesModel::new()),
        ProviderKind::Anthropic => Arc::new(anthropic::AnthropicModel::new(settings)?),
        ProviderKind::Openai => Arc::new(openai::OpenAiModel::new(settings)?),
    })
}
