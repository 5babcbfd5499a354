//! Test doubles for the outside world: a scripted chat model standing in for an LLM.
#![allow(dead_code)]

use std::sync::Arc;
use std::sync::Mutex;

use async_trait::async_trait;
use serde_json::Value;
use ticket_agent::agent::Agent;
use ticket_agent::commerce::embedded::{EmbeddedBackend, World};
use ticket_agent::config::Settings;
use ticket_agent::model::{
    ChatModel, ChatRequest, ChatResponse, Content, Message, ModelError, Role, StopReason,
    ToolArguments, ToolCall, Usage,
};
use ticket_agent::ticket::{RawTicket, Ticket};

/// One scripted turn.
pub enum Turn {
    /// Tool calls: (name, arguments).
    Calls(Vec<(&'static str, Value)>),
    /// A tool call whose arguments are not JSON.
    RawCall(&'static str, &'static str),
    /// A final text.
    Text(&'static str),
    /// A failure.
    Fail(fn() -> ModelError),
}

/// A model that plays a script, then repeats its last turn forever.
pub struct Scripted {
    turns: Mutex<Vec<Turn>>,
    pub requests: Mutex<Vec<Vec<Message>>>,
}

impl Scripted {
    pub fn new(turns: Vec<Turn>) -> Arc<Self> {
        Arc::new(Self {
            turns: Mutex::new(turns.into_iter().rev().collect()),
            requests: Mutex::new(Vec::new()),
        })
    }
}

fn respond(turn: &Turn, n: usize) -> Result<ChatResponse, ModelError> {
    let (content, stop_reason) = match turn {
        Turn::Calls(calls) => (
            calls
                .iter()
                .enumerate()
                .map(|(i, (name, args))| {
                    Content::ToolCall(ToolCall {
                        id: format!("s{n}_{i}"),
                        name: name.to_string(),
                        arguments: ToolArguments::Json {
                            value: args.clone(),
                        },
                    })
                })
                .collect(),
            StopReason::ToolUse,
        ),
        Turn::RawCall(name, raw) => (
            vec![Content::ToolCall(ToolCall {
                id: format!("s{n}_0"),
                name: name.to_string(),
                arguments: ToolArguments::parse(raw),
            })],
            StopReason::ToolUse,
        ),
        Turn::Text(text) => (
            vec![Content::Text {
                text: text.to_string(),
            }],
            StopReason::EndTurn,
        ),
        Turn::Fail(make) => return Err(make()),
    };
    Ok(ChatResponse {
        message: Message {
            role: Role::Assistant,
            content,
        },
        stop_reason,
        usage: Usage {
            input_tokens: 100,
            output_tokens: 10,
        },
    })
}

#[async_trait]
impl ChatModel for Scripted {
    fn label(&self) -> String {
        "scripted".into()
    }

    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        let n = {
            let mut reqs = self.requests.lock().unwrap();
            reqs.push(request.messages.to_vec());
            reqs.len()
        };
        let mut turns = self.turns.lock().unwrap();
        if turns.len() > 1 {
            let turn = turns.pop().unwrap();
            respond(&turn, n)
        } else {
            respond(turns.last().expect("a script has at least one turn"), n)
        }
    }
}

/// A ticket.
pub fn ticket(id: &str, customer: &str, order: Option<&str>, subject: &str, body: &str) -> Ticket {
    RawTicket {
        ticket_id: Some(id.into()),
        subject: Some(subject.into()),
        body: Some(body.into()),
        customer_id: Some(customer.into()),
        order_id: order.map(str::to_string),
    }
    .validate(32 * 1024)
    .unwrap()
}

/// An agent over a fresh fixture shop.
pub async fn agent_with(model: Arc<dyn ChatModel>) -> (Agent, Arc<EmbeddedBackend>) {
    ticket_agent::app::embedded_agent(&Settings::defaults(), World::fixture(), model)
        .await
        .unwrap()
}
