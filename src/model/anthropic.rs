//! Anthropic's Messages API (`POST {base_url}/v1/messages`) behind [`ChatModel`].
//!
//! This module owns the mapping between the provider-neutral conversation and
//! Anthropic's wire format, both ways: tool contracts become `tools` with
//! `input_schema`, tool calls become `tool_use` blocks and tool results `tool_result`
//! blocks in the next user message, and the response's content blocks, `stop_reason`
//! and `usage` come back as a [`ChatResponse`]. With `prompt_cache` on, the last tool
//! and the system prompt carry `cache_control` breakpoints, so every ticket after the
//! first reads that shared prefix from Anthropic's cache; the usage's cache writes and
//! reads are counted into `input_tokens` and priced at their own rates
//! ([`Prices::cost_usd`]). Transport, retries and error classification live in the
//! private `http` module beside this one.

use async_trait::async_trait;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use serde::Deserialize;
use serde_json::{Value, json};

use super::http::{self, HttpClient};
use super::{ChatModel, ChatRequest, ChatResponse, ModelError, Prices};
use crate::config::ModelSettings;
use crate::conversation::{Content, Message, Role, StopReason, ToolArguments, ToolCall, Usage};

/// The API version this module speaks.
pub const API_VERSION: &str = "2023-06-01";

/// The key under which tool-call arguments that never parsed are sent back (see
/// [`tool_use_input`]).
pub const INVALID_ARGUMENTS_KEY: &str = "invalid_arguments";

/// A Claude model over the Messages API.
pub struct AnthropicModel {
    http: HttpClient,
    url: String,
    /// `x-api-key` (marked sensitive) and `anthropic-version`.
    headers: HeaderMap,
    model: String,
    max_tokens: u32,
    temperature: f32,
    prices: Prices,
    /// Whether the tools and the system prompt carry `cache_control` breakpoints.
    prompt_cache: bool,
}

impl AnthropicModel {
    /// The model configured in `settings.anthropic`, with the API key read now from
    /// the environment variable it names.
    ///
    /// # Errors
    /// When that variable is unset or blank (the message names it), or the HTTP
    /// client cannot be built.
    pub fn new(settings: &ModelSettings) -> anyhow::Result<Self> {
        let endpoint = &settings.anthropic;
        let key = crate::config::secret_from_env(&endpoint.api_key_env).ok_or_else(|| {
            anyhow::anyhow!(
                "the anthropic model needs an API key in the environment variable {}, which is not set",
                endpoint.api_key_env
            )
        })?;
        let mut headers = HeaderMap::new();
        headers.insert(
            HeaderName::from_static("x-api-key"),
            http::secret_header(&key, &endpoint.api_key_env)?,
        );
        headers.insert(
            HeaderName::from_static("anthropic-version"),
            HeaderValue::from_static(API_VERSION),
        );
        // Forgive a base URL configured with the version path already on it.
        let base = endpoint.base_url.trim_end_matches('/');
        let base = base.strip_suffix("/v1").unwrap_or(base);
        Ok(Self {
            http: HttpClient::new("anthropic", settings)?,
            url: format!("{base}/v1/messages"),
            headers,
            model: endpoint.name.clone(),
            max_tokens: settings.max_tokens,
            temperature: settings.temperature,
            prices: Prices::from_endpoint(endpoint),
            prompt_cache: endpoint.prompt_cache,
        })
    }

    /// The same model with every call going through the fleet's budget.
    pub fn limited(mut self, limiter: &std::sync::Arc<super::limiter::Limiter>) -> Self {
        self.http.limit(limiter.budget("anthropic", &self.model));
        self
    }

    /// The request body for one turn.
    fn body(&self, request: &ChatRequest<'_>) -> Value {
        let mut body = json!({
            "model": self.model,
            "max_tokens": self.max_tokens,
            "temperature": http::temperature_json(self.temperature),
            "messages": messages_json(request.messages),
        });
        // The cache's prefix is tools, then system, then messages: a breakpoint on the
        // last tool caches the tools, one on the system prompt caches both, and the
        // ticket-specific messages come after them.
        let breakpoint = json!({"type": "ephemeral"});
        // Anthropic rejects an empty system text; an absent one is fine.
        if !request.system.is_empty() {
            body["system"] = if self.prompt_cache {
                json!([{
                    "type": "text",
                    "text": request.system,
                    "cache_control": breakpoint.clone(),
                }])
            } else {
                json!(request.system)
            };
        }
        if !request.tools.is_empty() {
            let mut tools: Vec<Value> = request
                .tools
                .iter()
                .map(|tool| {
                    json!({
                        "name": tool.name,
                        "description": tool.description,
                        "input_schema": tool.input_schema,
                    })
                })
                .collect();
            if self.prompt_cache
                && let Some(last) = tools.last_mut()
            {
                last["cache_control"] = breakpoint;
            }
            body["tools"] = Value::Array(tools);
        }
        body
    }
}

#[async_trait]
impl ChatModel for AnthropicModel {
    fn label(&self) -> String {
        format!("anthropic:{}", self.model)
    }

    fn prices(&self) -> Prices {
        self.prices
    }

    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        let wire: WireResponse = self
            .http
            .post_json(
                &self.url,
                &self.headers,
                self.body(&request),
                |wire: &WireResponse| {
                    wire.usage.as_ref().map(|u| {
                        u.input_tokens.unwrap_or(0)
                            + u.output_tokens.unwrap_or(0)
                            + u.cache_creation_input_tokens.unwrap_or(0)
                            + u.cache_read_input_tokens.unwrap_or(0)
                    })
                },
            )
            .await?;
        Ok(wire.into_response(http::turn_index(request.messages)))
    }
}

/// The conversation as Anthropic's `messages`.
///
/// Empty text blocks are dropped (the API rejects them), consecutive messages of one
/// role are merged (the API requires alternation), and in a user message the
/// `tool_result` blocks come first (the API requires them to open the message that
/// follows the `tool_use` turn).
fn messages_json(messages: &[Message]) -> Vec<Value> {
    let cleaned: Vec<Message> = messages
        .iter()
        .map(|m| Message {
            role: m.role,
            content: m
                .content
                .iter()
                .filter(|c| !matches!(c, Content::Text { text } if text.is_empty()))
                .cloned()
                .collect(),
        })
        .collect();
    http::merge_consecutive_roles(&cleaned)
        .into_iter()
        .map(|message| {
            let mut blocks = message.content;
            if message.role == Role::User {
                // A stable sort keeps the results' own order and the text's.
                blocks.sort_by_key(|c| !matches!(c, Content::ToolResult(_)));
            }
            let role = match message.role {
                Role::User => "user",
                Role::Assistant => "assistant",
            };
            json!({
                "role": role,
                "content": blocks.iter().map(block_json).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// One content block in Anthropic's format.
fn block_json(content: &Content) -> Value {
    match content {
        Content::Text { text } => json!({ "type": "text", "text": text }),
        Content::ToolCall(call) => json!({
            "type": "tool_use",
            "id": call.id,
            "name": call.name,
            "input": tool_use_input(&call.arguments),
        }),
        Content::ToolResult(result) => json!({
            "type": "tool_result",
            "tool_use_id": result.tool_call_id,
            "content": http::tool_output_text(&result.output),
            "is_error": result.is_error,
        }),
    }
}

/// A tool call's `input` as sent back in the conversation.
///
/// Anthropic requires an object here. Arguments that are a JSON object go back as
/// they came; anything else (text that never parsed, or JSON that is not an object)
/// goes back as `{"invalid_arguments": "<the raw text>"}`, so the model still sees
/// what it sent, next to the tool error that answers it.
pub fn tool_use_input(arguments: &ToolArguments) -> Value {
    match arguments {
        ToolArguments::Json { value } if value.is_object() => value.clone(),
        other => json!({ INVALID_ARGUMENTS_KEY: other.to_wire_string() }),
    }
}

/// The response body, as far as this module reads it.
#[derive(Debug, Deserialize)]
struct WireResponse {
    content: Vec<WireBlock>,
    #[serde(default)]
    stop_reason: Option<String>,
    #[serde(default)]
    usage: Option<WireUsage>,
}

/// A response content block; kinds this agent never asks for (thinking, server
/// tools) are skipped.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum WireBlock {
    Text {
        text: String,
    },
    ToolUse {
        #[serde(default)]
        id: Option<String>,
        name: String,
        #[serde(default)]
        input: Value,
    },
    #[serde(other)]
    Other,
}

#[derive(Debug, Deserialize)]
struct WireUsage {
    #[serde(default)]
    input_tokens: Option<u64>,
    #[serde(default)]
    output_tokens: Option<u64>,
    /// Prompt tokens written to the prompt cache (not counted in `input_tokens`).
    #[serde(default)]
    cache_creation_input_tokens: Option<u64>,
    /// Prompt tokens read from the prompt cache (not counted in `input_tokens`).
    #[serde(default)]
    cache_read_input_tokens: Option<u64>,
}

impl WireUsage {
    /// The neutral usage, whose `input_tokens` counts the cached tokens too.
    fn neutral(self) -> Usage {
        let written = self.cache_creation_input_tokens.unwrap_or(0);
        let read = self.cache_read_input_tokens.unwrap_or(0);
        Usage {
            input_tokens: self.input_tokens.unwrap_or(0) + written + read,
            output_tokens: self.output_tokens.unwrap_or(0),
            cache_creation_input_tokens: written,
            cache_read_input_tokens: read,
        }
    }
}

impl WireResponse {
    /// The provider-neutral turn; `turn` numbers ids for tool calls sent without one.
    fn into_response(self, turn: usize) -> ChatResponse {
        let content = self
            .content
            .into_iter()
            .enumerate()
            .filter_map(|(index, block)| match block {
                WireBlock::Text { text } => Some(Content::Text { text }),
                WireBlock::ToolUse { id, name, input } => Some(Content::ToolCall(ToolCall {
                    id: id
                        .filter(|id| !id.is_empty())
                        .unwrap_or_else(|| format!("toolu_{turn}_{index}")),
                    name,
                    arguments: tool_use_arguments(input),
                })),
                WireBlock::Other => None,
            })
            .collect();
        let usage = self.usage.map_or_else(Usage::default, WireUsage::neutral);
        if usage.cache_read_input_tokens > 0 {
            crate::telemetry::record_cached_input_tokens(usage.cache_read_input_tokens);
        }
        ChatResponse {
            message: Message {
                role: Role::Assistant,
                content,
            },
            stop_reason: stop_reason(self.stop_reason.as_deref()),
            usage,
            served_by: None,
        }
    }
}

/// A `tool_use` block's `input`: an object as it is; a string (which some proxies
/// send) parsed like OpenAI's arguments; nothing at all as no arguments.
fn tool_use_arguments(input: Value) -> ToolArguments {
    match input {
        Value::String(raw) => ToolArguments::parse(&raw),
        Value::Null => ToolArguments::Json { value: json!({}) },
        value => ToolArguments::Json { value },
    }
}

/// Anthropic's `stop_reason`.
fn stop_reason(reason: Option<&str>) -> StopReason {
    match reason {
        Some("end_turn" | "stop_sequence") => StopReason::EndTurn,
        Some("tool_use") => StopReason::ToolUse,
        Some("max_tokens" | "model_context_window_exceeded") => StopReason::MaxTokens,
        _ => StopReason::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conversation::ToolResult;

    #[test]
    fn invalid_arguments_go_back_wrapped_in_an_object() {
        assert_eq!(
            tool_use_input(&ToolArguments::parse(r#"{"order_id":"O1"}"#)),
            json!({"order_id": "O1"})
        );
        assert_eq!(
            tool_use_input(&ToolArguments::parse("{order_id: O1")),
            json!({"invalid_arguments": "{order_id: O1"})
        );
        assert_eq!(
            tool_use_input(&ToolArguments::parse("[1]")),
            json!({"invalid_arguments": "[1]"})
        );
    }

    #[test]
    fn tool_results_open_a_user_message_and_roles_alternate() {
        let messages = [
            Message::user_text("refund O1 please"),
            Message {
                role: Role::Assistant,
                content: vec![
                    Content::Text {
                        text: String::new(),
                    },
                    Content::ToolCall(ToolCall {
                        id: "toolu_1".into(),
                        name: "order_lookup".into(),
                        arguments: ToolArguments::parse(r#"{"order_id":"O1"}"#),
                    }),
                ],
            },
            Message::user_text("also, hurry"),
            Message {
                role: Role::User,
                content: vec![Content::ToolResult(ToolResult {
                    tool_call_id: "toolu_1".into(),
                    output: json!({"status": "delivered"}),
                    is_error: false,
                })],
            },
        ];
        assert_eq!(
            Value::Array(messages_json(&messages)),
            json!([
                {"role": "user", "content": [{"type": "text", "text": "refund O1 please"}]},
                {"role": "assistant", "content": [
                    {"type": "tool_use", "id": "toolu_1", "name": "order_lookup", "input": {"order_id": "O1"}}
                ]},
                {"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": "toolu_1",
                     "content": "{\"status\":\"delivered\"}", "is_error": false},
                    {"type": "text", "text": "also, hurry"}
                ]}
            ])
        );
    }

    #[test]
    fn cache_read_tokens_are_read_where_the_api_reports_them() {
        let usage: WireUsage = serde_json::from_value(serde_json::json!({
            "input_tokens": 12, "output_tokens": 80,
            "cache_creation_input_tokens": 0, "cache_read_input_tokens": 2048
        }))
        .unwrap();
        assert_eq!(
            usage.neutral(),
            Usage {
                input_tokens: 12 + 2048,
                output_tokens: 80,
                cache_creation_input_tokens: 0,
                cache_read_input_tokens: 2048,
            }
        );
        let usage: WireUsage =
            serde_json::from_value(serde_json::json!({"input_tokens": 12})).unwrap();
        assert_eq!(
            usage.neutral(),
            Usage {
                input_tokens: 12,
                ..Usage::default()
            }
        );
    }

    #[test]
    fn stop_reasons_map_to_the_neutral_ones() {
        assert_eq!(stop_reason(Some("end_turn")), StopReason::EndTurn);
        assert_eq!(stop_reason(Some("stop_sequence")), StopReason::EndTurn);
        assert_eq!(stop_reason(Some("tool_use")), StopReason::ToolUse);
        assert_eq!(stop_reason(Some("max_tokens")), StopReason::MaxTokens);
        assert_eq!(stop_reason(Some("refusal")), StopReason::Other);
        assert_eq!(stop_reason(None), StopReason::Other);
    }
}
