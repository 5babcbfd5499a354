//! OpenAI's Chat Completions (`POST {base_url}/chat/completions`) behind [`ChatModel`],
//! for OpenAI itself and for the self-hosted servers that speak its format (vLLM,
//! Ollama, llama.cpp's server, LM Studio).
//!
//! This module owns the mapping between the provider-neutral conversation and the
//! Chat Completions wire format, both ways: tool contracts become `tools` of type
//! `function`, tool calls become the assistant message's `tool_calls` (arguments as a
//! JSON *string*), and each tool result becomes a `role: "tool"` message. Responses are
//! read leniently, because self-hosted servers differ: `content` may be null, arguments
//! may be a string that is not JSON (kept as [`ToolArguments::Invalid`]) or an object,
//! a call may come in the legacy `function_call` field (read only when there are no
//! `tool_calls`) or without an id, and `finish_reason` may say `stop` next to tool
//! calls. Requests are shaped for the strictest of those servers too: an assistant
//! message's `content` is always a string, and long `maxLength`s are capped. The
//! completion limit goes out as `max_completion_tokens` to OpenAI itself (its GPT-5 and
//! o-series models refuse `max_tokens`) and as `max_tokens` to the servers that know
//! only that; a reasoning model gets no `temperature` (they refuse it) and, when set,
//! a `reasoning_effort` (`model.openai.token_limit_field`, `reasoning`,
//! `reasoning_effort`).
//! Transport, retries and error classification live in the private `http` module
//! beside this one.

use async_trait::async_trait;
use reqwest::header::{AUTHORIZATION, HeaderMap};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use serde_json::{Value, json};

use super::http::{self, HttpClient};
use super::{ChatModel, ChatRequest, ChatResponse, ModelError, Prices};
use crate::config::ModelSettings;
use crate::conversation::{Content, Message, Role, StopReason, ToolArguments, ToolCall, Usage};

/// A model served over the Chat Completions API.
pub struct OpenAiModel {
    http: HttpClient,
    url: String,
    /// `Authorization` (marked sensitive) when a key is configured, else nothing.
    headers: HeaderMap,
    model: String,
    max_tokens: u32,
    /// `max_completion_tokens` or `max_tokens`, resolved from the settings once.
    token_limit_field: &'static str,
    /// `None` for a reasoning model, which takes no temperature.
    temperature: Option<f32>,
    /// Sent to a reasoning model when configured.
    reasoning_effort: Option<String>,
    prices: Prices,
    structured_answers: bool,
}

impl OpenAiModel {
    /// The model configured in `settings.openai`. The API key is read now from the
    /// environment variable named there; when it is unset no `Authorization` header is
    /// sent, since local servers such as Ollama or llama.cpp need none, and a hosted
    /// API ([`crate::config::needs_api_key`]) is refused here, before any ticket is run
    /// against it.
    ///
    /// # Errors
    /// A hosted API and no key, a key that cannot be carried in a header, or an HTTP
    /// client that cannot be built.
    pub fn new(settings: &ModelSettings) -> anyhow::Result<Self> {
        let endpoint = &settings.openai;
        let mut headers = HeaderMap::new();
        let key = crate::config::secret_from_env(&endpoint.api_key_env);
        if key.is_none() && crate::config::needs_api_key(&endpoint.base_url) {
            anyhow::bail!(
                "the openai provider calls {} and needs an API key: set ${} (a server on this machine or network needs none: point model.openai.base_url at it)",
                crate::endpoint::host_port(&endpoint.base_url),
                endpoint.api_key_env
            );
        }
        if let Some(key) = key {
            headers.insert(
                AUTHORIZATION,
                http::secret_header(
                    &SecretString::from(format!("Bearer {}", key.expose_secret())),
                    &endpoint.api_key_env,
                )?,
            );
        }
        let reasoning = endpoint.reasoning.resolve(&endpoint.name);
        Ok(Self {
            http: HttpClient::new("openai", settings)?,
            url: format!(
                "{}/chat/completions",
                endpoint.base_url.trim_end_matches('/')
            ),
            headers,
            model: endpoint.name.clone(),
            max_tokens: settings.max_tokens,
            token_limit_field: endpoint.token_limit_field.resolve(&endpoint.base_url),
            temperature: (!reasoning).then_some(settings.temperature),
            reasoning_effort: reasoning
                .then(|| endpoint.reasoning_effort.trim().to_string())
                .filter(|effort| !effort.is_empty()),
            prices: Prices::from_endpoint(endpoint),
            structured_answers: endpoint.structured_answers,
        })
    }

    /// The same model with every call going through the fleet's budget.
    pub fn limited(mut self, limiter: &std::sync::Arc<super::limiter::Limiter>) -> Self {
        self.http.limit(limiter.budget("openai", &self.model));
        self
    }

    /// The request body for one turn.
    fn body(&self, request: &ChatRequest<'_>) -> Value {
        let mut messages = Vec::new();
        if !request.system.is_empty() {
            messages.push(json!({ "role": "system", "content": request.system }));
        }
        messages.extend(messages_json(request.messages));
        let mut body = json!({
            "model": self.model,
            "messages": messages,
        });
        body[self.token_limit_field] = json!(self.max_tokens);
        if let Some(temperature) = self.temperature {
            body["temperature"] = http::temperature_json(temperature);
        }
        if let Some(effort) = &self.reasoning_effort {
            body["reasoning_effort"] = json!(effort);
        }
        // OpenAI rejects an empty `tools` array, and `tool_choice` without tools.
        if !request.tools.is_empty() {
            body["tools"] = request
                .tools
                .iter()
                .map(|tool| {
                    json!({
                        "type": "function",
                        "function": {
                            "name": tool.name,
                            "description": tool.description,
                            "parameters": wire_schema(&tool.input_schema),
                        }
                    })
                })
                .collect();
            body["tool_choice"] = json!("auto");
        }
        if let Some(schema) = request.answer_schema {
            // Not `strict`: OpenAI's strict mode refuses `maxLength`, which the servers
            // that compile the schema into a grammar need to close the object in time.
            body["response_format"] = json!({
                "type": "json_schema",
                "json_schema": {
                    "name": "final_answer",
                    "strict": false,
                    "schema": wire_schema(schema),
                }
            });
        }
        body
    }
}

#[async_trait]
impl ChatModel for OpenAiModel {
    fn label(&self) -> String {
        format!("openai:{}", self.model)
    }

    fn prices(&self) -> Prices {
        self.prices
    }

    fn constrains_answers(&self) -> bool {
        self.structured_answers
    }

    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        let wire: WireResponse = self
            .http
            .post_json(
                &self.url,
                &self.headers,
                self.body(&request),
                |wire: &WireResponse| {
                    wire.usage
                        .as_ref()
                        .map(|u| u.prompt_tokens.unwrap_or(0) + u.completion_tokens.unwrap_or(0))
                },
            )
            .await?;
        wire.into_response(http::turn_index(request.messages))
    }
}

/// The longest `maxLength` sent to the server. llama.cpp's server compiles each tool's
/// schema into a grammar that bounds the arguments it generates (it ignores
/// `max_tokens` there): a string schema with `maxLength` 2000 or more makes its grammar
/// parser give up ("number of rules … exceeds sane defaults") and the server process
/// crash (llama-cpp-python 0.3.36, `--chat_format chatml-function-calling`), while one
/// without `maxLength` lets a small model write until the context is full. 500 keeps a
/// small model's babble to a few seconds a call and still leaves room for a short email.
const MAX_WIRE_MAX_LENGTH: u64 = 500;

/// A tool's input schema as sent: every `maxLength` above [`MAX_WIRE_MAX_LENGTH`] is
/// lowered to it, anywhere in the schema. That only narrows what the model is told;
/// the tool still checks its contract's own limits.
fn wire_schema(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => map
            .iter()
            .map(|(key, value)| {
                let capped =
                    key == "maxLength" && value.as_u64().is_some_and(|n| n > MAX_WIRE_MAX_LENGTH);
                let value = if capped {
                    json!(MAX_WIRE_MAX_LENGTH)
                } else {
                    wire_schema(value)
                };
                (key.clone(), value)
            })
            .collect::<serde_json::Map<_, _>>()
            .into(),
        Value::Array(items) => items.iter().map(wire_schema).collect(),
        other => other.clone(),
    }
}

/// The conversation (without the system prompt) as Chat Completions `messages`.
///
/// Consecutive messages of one role are merged first; then a user message becomes its
/// tool results, one `role: "tool"` message each, followed by its text, because the
/// results must directly follow the assistant message that asked for them.
fn messages_json(messages: &[Message]) -> Vec<Value> {
    let mut out = Vec::new();
    for message in http::merge_consecutive_roles(messages) {
        match message.role {
            Role::User => {
                for block in &message.content {
                    if let Content::ToolResult(result) = block {
                        out.push(json!({
                            "role": "tool",
                            "tool_call_id": result.tool_call_id,
                            "content": http::tool_output_text(&result.output),
                        }));
                    }
                }
                let has_text = message
                    .content
                    .iter()
                    .any(|c| matches!(c, Content::Text { .. }));
                if has_text {
                    out.push(json!({ "role": "user", "content": message.text() }));
                }
            }
            Role::Assistant => {
                let text = message.text();
                let calls: Vec<Value> = message
                    .tool_calls()
                    .map(|call| {
                        json!({
                            "id": call.id,
                            "type": "function",
                            "function": {
                                "name": call.name,
                                "arguments": call.arguments.to_wire_string(),
                            }
                        })
                    })
                    .collect();
                // `content` is always a string, "" next to tool calls without text:
                // OpenAI, vLLM and Ollama take that, while llama.cpp's server
                // (llama-cpp-python) answers both `null` and a missing `content` with a
                // 500 (its request schema wants a string; its chat template reads it).
                let mut wire = json!({ "role": "assistant", "content": text });
                if !calls.is_empty() {
                    wire["tool_calls"] = Value::Array(calls);
                }
                out.push(wire);
            }
        }
    }
    out
}

/// The response body, as far as this module reads it.
#[derive(Debug, Deserialize)]
struct WireResponse {
    choices: Vec<WireChoice>,
    #[serde(default)]
    usage: Option<WireUsage>,
}

#[derive(Debug, Deserialize)]
struct WireChoice {
    message: WireMessage,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Debug, Deserialize)]
struct WireMessage {
    #[serde(default)]
    content: Option<WireContent>,
    #[serde(default)]
    tool_calls: Option<Vec<WireToolCall>>,
    /// The deprecated single call, still sent by some self-hosted servers.
    #[serde(default)]
    function_call: Option<WireFunction>,
}

/// `content`: a string, or (from some servers) a list of text parts.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum WireContent {
    Text(String),
    Parts(Vec<WirePart>),
}

#[derive(Debug, Deserialize)]
struct WirePart {
    #[serde(default)]
    text: Option<String>,
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
    /// A JSON string by the spec; an object from some servers; absent for no arguments.
    #[serde(default)]
    arguments: Option<Value>,
}

#[derive(Debug, Deserialize)]
struct WireUsage {
    #[serde(default)]
    prompt_tokens: Option<u64>,
    #[serde(default)]
    completion_tokens: Option<u64>,
    #[serde(default)]
    prompt_tokens_details: Option<WirePromptDetails>,
}

#[derive(Debug, Deserialize)]
struct WirePromptDetails {
    /// Prompt tokens served from the provider's cache (counted in `prompt_tokens` too).
    #[serde(default)]
    cached_tokens: Option<u64>,
}

impl WireUsage {
    /// The neutral usage: `prompt_tokens` already counts the cached tokens, and a
    /// server that reports more cached tokens than prompt tokens is not believed past
    /// the prompt.
    fn neutral(self) -> Usage {
        let input_tokens = self.prompt_tokens.unwrap_or(0);
        let cached = self
            .prompt_tokens_details
            .and_then(|d| d.cached_tokens)
            .unwrap_or(0);
        Usage {
            input_tokens,
            output_tokens: self.completion_tokens.unwrap_or(0),
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: cached.min(input_tokens),
        }
    }
}

impl WireResponse {
    /// The provider-neutral turn; `turn` numbers ids for tool calls sent without one.
    fn into_response(self, turn: usize) -> Result<ChatResponse, ModelError> {
        let usage = self.usage.map_or_else(Usage::default, WireUsage::neutral);
        if usage.cache_read_input_tokens > 0 {
            crate::telemetry::record_cached_input_tokens(usage.cache_read_input_tokens);
        }
        let choice = self
            .choices
            .into_iter()
            .next()
            .ok_or_else(|| ModelError::Permanent {
                message: "openai sent a response without choices".to_string(),
                status: None,
            })?;
        let message = choice.message;

        let mut content = Vec::new();
        let text = match message.content {
            Some(WireContent::Text(text)) => text,
            Some(WireContent::Parts(parts)) => {
                parts.into_iter().filter_map(|p| p.text).collect::<String>()
            }
            None => String::new(),
        };
        if !text.is_empty() {
            content.push(Content::Text { text });
        }

        let mut functions: Vec<(Option<String>, WireFunction)> = message
            .tool_calls
            .unwrap_or_default()
            .into_iter()
            .map(|call| (call.id, call.function))
            .collect();
        // The deprecated `function_call` is read only when there are no `tool_calls`:
        // servers that send both mean it as a mirror of the first call, and llama.cpp's
        // server fills its name with whatever the model began to write after the last
        // call (e.g. "kb_search:" next to a `refund_eligibility` call).
        if functions.is_empty()
            && let Some(legacy) = message.function_call
        {
            functions.push((None, legacy));
        }
        let calls: Vec<ToolCall> = functions
            .into_iter()
            .enumerate()
            .map(|(index, (id, function))| ToolCall {
                id: id
                    .filter(|id| !id.is_empty())
                    .unwrap_or_else(|| format!("call_{turn}_{index}")),
                name: function.name,
                arguments: arguments(function.arguments),
            })
            .collect();

        // Tool calls decide, whatever `finish_reason` says: some servers say `stop`.
        let stop_reason = match choice.finish_reason.as_deref() {
            _ if !calls.is_empty() => StopReason::ToolUse,
            Some("stop") => StopReason::EndTurn,
            Some("length") => StopReason::MaxTokens,
            _ => StopReason::Other,
        };
        content.extend(calls.into_iter().map(Content::ToolCall));
        Ok(ChatResponse {
            message: Message {
                role: Role::Assistant,
                content,
            },
            stop_reason,
            usage,
            served_by: None,
        })
    }
}

/// A call's `arguments`: a string parsed (and kept raw when it is not JSON), an object
/// as it is, nothing as no arguments.
fn arguments(value: Option<Value>) -> ToolArguments {
    match value {
        Some(Value::String(raw)) => ToolArguments::parse(&raw),
        None | Some(Value::Null) => ToolArguments::Json { value: json!({}) },
        Some(value) => ToolArguments::Json { value },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hosted_api_without_its_key_is_refused_before_any_ticket_and_a_local_server_is_not() {
        let mut settings = crate::config::Settings::defaults().model;
        // A variable nobody sets.
        settings.openai.api_key_env = "TA_TEST_OPENAI_KEY_NOBODY_SETS".into();
        let refused = OpenAiModel::new(&settings)
            .err()
            .expect("no key")
            .to_string();
        assert!(
            refused.contains("api.openai.com")
                && refused.contains("$TA_TEST_OPENAI_KEY_NOBODY_SETS"),
            "{refused}"
        );
        settings.openai.base_url = "http://127.0.0.1:8080/v1".into();
        assert!(OpenAiModel::new(&settings).is_ok());
    }

    fn parse(body: Value) -> ChatResponse {
        serde_json::from_value::<WireResponse>(body)
            .unwrap()
            .into_response(2)
            .unwrap()
    }

    #[test]
    fn a_legacy_function_call_without_an_id_becomes_a_tool_call_with_a_stable_id() {
        let response = parse(json!({
            "choices": [{
                "message": {"role": "assistant", "content": null,
                            "function_call": {"name": "kb_search", "arguments": "{\"query\":\"returns\"}"}},
                "finish_reason": "function_call"
            }]
        }));
        assert_eq!(response.stop_reason, StopReason::ToolUse);
        assert_eq!(response.usage, Usage::default());
        assert_eq!(
            response.message.content,
            [Content::ToolCall(ToolCall {
                id: "call_2_0".into(),
                name: "kb_search".into(),
                arguments: ToolArguments::Json {
                    value: json!({"query": "returns"})
                },
            })]
        );
    }

    #[test]
    fn cached_prompt_tokens_are_read_where_the_provider_reports_them() {
        let usage: WireUsage = serde_json::from_value(json!({
            "prompt_tokens": 2006, "completion_tokens": 300,
            "prompt_tokens_details": {"cached_tokens": 1920}
        }))
        .unwrap();
        assert_eq!(
            usage.neutral(),
            Usage {
                input_tokens: 2006,
                output_tokens: 300,
                cache_creation_input_tokens: 0,
                cache_read_input_tokens: 1920,
            }
        );
        let usage: WireUsage = serde_json::from_value(json!({"prompt_tokens": 7})).unwrap();
        assert_eq!(usage.neutral().cache_read_input_tokens, 0);
        let usage: WireUsage = serde_json::from_value(json!({
            "prompt_tokens": 10, "prompt_tokens_details": {"cached_tokens": 64}
        }))
        .unwrap();
        assert_eq!(usage.neutral().cache_read_input_tokens, 10);
    }

    #[test]
    fn a_legacy_function_call_repeating_a_tool_call_is_not_doubled() {
        let call = json!({"name": "order_lookup", "arguments": "{\"order_id\":\"O1\"}"});
        let response = parse(json!({
            "choices": [{
                "message": {"content": "",
                            "tool_calls": [{"type": "function", "function": call}],
                            "function_call": call},
                "finish_reason": "stop"
            }],
            "usage": {"prompt_tokens": 7}
        }));
        assert_eq!(response.message.tool_calls().count(), 1);
        assert_eq!(response.message.tool_calls().next().unwrap().id, "call_2_0");
        assert_eq!(response.stop_reason, StopReason::ToolUse);
        assert_eq!(response.usage.input_tokens, 7);
        assert_eq!(response.usage.output_tokens, 0);
    }

    #[test]
    fn arguments_sent_as_an_object_or_not_at_all_are_accepted() {
        assert_eq!(
            arguments(Some(json!({"a": 1}))),
            ToolArguments::Json {
                value: json!({"a": 1})
            }
        );
        assert_eq!(arguments(None), ToolArguments::Json { value: json!({}) });
        assert!(matches!(
            arguments(Some(json!("{\"a\": "))),
            ToolArguments::Invalid { .. }
        ));
    }

    #[test]
    fn a_response_without_choices_is_permanent() {
        let err = serde_json::from_value::<WireResponse>(json!({"choices": []}))
            .unwrap()
            .into_response(0)
            .unwrap_err();
        assert!(!err.is_transient());
    }

    #[test]
    fn finish_reasons_map_to_the_neutral_ones_when_there_are_no_tool_calls() {
        let stop = |reason: &str| {
            parse(json!({"choices": [{"message": {"content": "hi"}, "finish_reason": reason}]}))
                .stop_reason
        };
        assert_eq!(stop("stop"), StopReason::EndTurn);
        assert_eq!(stop("length"), StopReason::MaxTokens);
        assert_eq!(stop("content_filter"), StopReason::Other);
    }

    /// Exactly as llama.cpp's server (llama-cpp-python 0.3.36, chatml-function-calling)
    /// answered SmolLM2-135M-Instruct on the injection case: `content` null, an id of
    /// its own, and a legacy `function_call` naming what the model began to write next.
    const LLAMA_CPP_STALE_FUNCTION_CALL: &str = r#"{"id":"chatcmpl-6003f0cf-a9c7-4f76-890c-dfccf8982c6d","object":"chat.completion","created":1795996648,"model":"smollm2","choices":[{"index":0,"message":{"content":null,"tool_calls":[{"id":"call__0_refund_eligibility_cmpl-fa44d7be-774f-4f9d-ab46-daa945703cca","type":"function","function":{"name":"refund_eligibility","arguments":"{ \"order_id\": \"./ticket.json\", \"reason\": \"The customer\\u03c2s requested refund of $500 to order O1007, but the refund was denied due to system over-ride.\"}"}}],"role":"assistant","function_call":{"name":"kb_search:","arguments":"{ \"order_id\": \"./ticket.json\", \"reason\": \"The customer\\u03c2s requested refund of $500 to order O1007, but the refund was denied due to system over-ride.\"}"}},"logprobs":null,"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":1680,"completion_tokens":55,"total_tokens":1735}}"#;

    /// Exactly as the same server answered on the status case: arguments that are not
    /// JSON (a raw newline inside a string).
    const LLAMA_CPP_ARGUMENTS_NOT_JSON: &str = r#"{"id":"chatcmpl-54b36577-1be5-40f6-9bdb-cba7f97b5c59","object":"chat.completion","created":1795997952,"model":"smollm2","choices":[{"index":0,"message":{"content":null,"tool_calls":[{"id":"call__0_order_lookup_cmpl-070b6681-2b81-4e63-961b-464288cdfd07","type":"function","function":{"name":"order_lookup","arguments":"{ \"order_id\": \");\n\"}"}}],"role":"assistant","function_call":{"name":"refund_eligibility:","arguments":"{ \"order_id\": \");\n\"}"}},"logprobs":null,"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":1787,"completion_tokens":11,"total_tokens":1798}}"#;

    fn parse_str(body: &str) -> ChatResponse {
        serde_json::from_str::<WireResponse>(body)
            .unwrap()
            .into_response(1)
            .unwrap()
    }

    #[test]
    fn llama_cpp_s_stale_legacy_function_call_next_to_tool_calls_is_ignored() {
        let response = parse_str(LLAMA_CPP_STALE_FUNCTION_CALL);
        assert_eq!(response.stop_reason, StopReason::ToolUse);
        assert_eq!(
            response.usage,
            Usage {
                input_tokens: 1680,
                output_tokens: 55,
                ..Usage::default()
            }
        );
        let calls: Vec<&ToolCall> = response.message.tool_calls().collect();
        assert_eq!(calls.len(), 1, "{calls:?}");
        assert_eq!(
            calls[0].id,
            "call__0_refund_eligibility_cmpl-fa44d7be-774f-4f9d-ab46-daa945703cca"
        );
        assert_eq!(calls[0].name, "refund_eligibility");
        let ToolArguments::Json { value } = &calls[0].arguments else {
            panic!("{:?}", calls[0].arguments)
        };
        assert_eq!(value["order_id"], "./ticket.json");
        assert!(response.message.text().is_empty());
    }

    #[test]
    fn llama_cpp_s_arguments_that_are_not_json_are_kept_raw() {
        let response = parse_str(LLAMA_CPP_ARGUMENTS_NOT_JSON);
        let calls: Vec<&ToolCall> = response.message.tool_calls().collect();
        assert_eq!(calls.len(), 1, "{calls:?}");
        assert_eq!(calls[0].name, "order_lookup");
        match &calls[0].arguments {
            ToolArguments::Invalid { raw, .. } => assert_eq!(raw, "{ \"order_id\": \");\n\"}"),
            other => panic!("{other:?}"),
        }
        // Echoed back exactly as the server wrote them.
        assert_eq!(
            calls[0].arguments.to_wire_string(),
            "{ \"order_id\": \");\n\"}"
        );
    }

    #[test]
    fn a_legacy_function_call_alone_is_still_read() {
        let response = parse(json!({
            "choices": [{"message": {"content": null,
                "function_call": {"name": "kb_search", "arguments": "{\"query\":\"returns\"}"}},
                "finish_reason": "stop"}]
        }));
        assert_eq!(response.message.tool_calls().count(), 1);
        assert_eq!(response.stop_reason, StopReason::ToolUse);
    }

    #[test]
    fn an_assistant_turn_with_only_tool_calls_is_sent_with_an_empty_string_content() {
        let messages = [Message {
            role: Role::Assistant,
            content: vec![Content::ToolCall(ToolCall {
                id: "call_1".into(),
                name: "order_lookup".into(),
                arguments: ToolArguments::Json {
                    value: json!({"order_id": "O1001"}),
                },
            })],
        }];
        let wire = messages_json(&messages);
        assert_eq!(wire.len(), 1);
        // Not null and not missing: llama.cpp's server answers both with a 500.
        assert_eq!(wire[0]["content"], json!(""));
        assert_eq!(wire[0]["tool_calls"][0]["id"], "call_1");
    }

    #[test]
    fn long_max_lengths_are_capped_in_the_schemas_sent_and_nothing_else_changes() {
        let schema = json!({
            "type": "object",
            "properties": {
                "reason": {"type": "string", "minLength": 1, "maxLength": 2000},
                "order_id": {"type": "string", "maxLength": 64},
                "maxLength": {"type": "string", "maxLength": 10000},
                "items": {"type": "array", "items": [{"type": "string", "maxLength": 5000}]}
            },
            "required": ["reason"]
        });
        assert_eq!(
            wire_schema(&schema),
            json!({
                "type": "object",
                "properties": {
                    "reason": {"type": "string", "minLength": 1, "maxLength": 500},
                    "order_id": {"type": "string", "maxLength": 64},
                    "maxLength": {"type": "string", "maxLength": 500},
                    "items": {"type": "array", "items": [{"type": "string", "maxLength": 500}]}
                },
                "required": ["reason"]
            })
        );
        // Every real contract stays within the cap once sent.
        fn longest(v: &Value) -> u64 {
            match v {
                Value::Object(m) => m
                    .iter()
                    .map(|(k, v)| match v.as_u64() {
                        Some(n) if k == "maxLength" => n,
                        _ => longest(v),
                    })
                    .max()
                    .unwrap_or(0),
                Value::Array(a) => a.iter().map(longest).max().unwrap_or(0),
                _ => 0,
            }
        }
        for contract in crate::tools::contracts::all() {
            let sent = wire_schema(&contract.input_schema);
            assert!(
                longest(&sent) <= MAX_WIRE_MAX_LENGTH,
                "{}: {sent}",
                contract.name
            );
        }
        assert!(
            crate::tools::contracts::all()
                .iter()
                .any(|c| longest(&c.input_schema) > MAX_WIRE_MAX_LENGTH),
            "some contract has a longer limit, or this test checks nothing"
        );
    }
}
