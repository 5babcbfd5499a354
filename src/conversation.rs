//! The conversation between the agent and a model, in no provider's wire format:
//! [`Message`]s whose content blocks carry text, tool calls and tool results, the tools
//! offered ([`ToolContract`]), and token [`Usage`]. This is the common denominator of
//! Anthropic's Messages API and OpenAI's Chat Completions; `model` maps it to each wire
//! format, `tools` reads the calls out of it and answers them, and neither needs the
//! other for it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Who said a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The ticket and the tool results.
    User,
    /// The model's turns: text and tool calls.
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
        /// What the model or the user wrote, unparsed.
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
        /// The arguments object (not checked against the contract yet).
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
///
/// `input_tokens` counts every prompt token, those the provider's prompt cache wrote
/// or served included; the two cache counts say how many of them were priced at the
/// cache's own rates. (Anthropic reports the three apart; OpenAI's `prompt_tokens`
/// already includes its `cached_tokens`.)
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Prompt tokens, cached ones included.
    pub input_tokens: u64,
    /// Completion tokens.
    pub output_tokens: u64,
    /// Of the prompt tokens, those written to the prompt cache (Anthropic's
    /// `cache_creation_input_tokens`; OpenAI reports none).
    #[serde(default)]
    pub cache_creation_input_tokens: u64,
    /// Of the prompt tokens, those read from the prompt cache.
    #[serde(default)]
    pub cache_read_input_tokens: u64,
}

impl Usage {
    /// Prompt and completion tokens together.
    pub fn total(&self) -> u64 {
        self.input_tokens + self.output_tokens
    }
}

impl std::ops::AddAssign for Usage {
    fn add_assign(&mut self, rhs: Self) {
        self.input_tokens += rhs.input_tokens;
        self.output_tokens += rhs.output_tokens;
        self.cache_creation_input_tokens += rhs.cache_creation_input_tokens;
        self.cache_read_input_tokens += rhs.cache_read_input_tokens;
    }
}

/// One tool's contract: what the model sees, plus whether a human must approve it.
#[derive(Debug, Clone, Serialize)]
pub struct ToolContract {
    /// The tool's name.
    pub name: &'static str,
    /// The specification the model decides from.
    pub description: &'static str,
    /// A JSON Schema (draft 2020-12) for the arguments; checked before the tool runs.
    pub input_schema: Value,
    /// A gated tool never runs inside the agent: the call becomes a pending action
    /// that runs only after a human approves it.
    pub gated: bool,
}
