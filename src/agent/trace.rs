//! The trace of one run: every model turn, tool call, budget stop, format repair and
//! the verdict of verification, in the order they happened. Verification reads it, the
//! outcome lines and reports print it, and nothing in it is customer text beyond what
//! the model and the tools exchanged.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::conversation::{StopReason, ToolCall, Usage};
use crate::tools::CallStatus;

/// One step of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TraceStep {
    /// A model call.
    ModelTurn {
        /// 1-based turn number.
        turn: u32,
        /// The text the model wrote.
        text: String,
        /// The tool calls it asked for.
        tool_calls: Vec<ToolCall>,
        /// Why it stopped.
        stop_reason: StopReason,
        /// Tokens used.
        usage: Usage,
        /// Cost of this call in USD.
        cost_usd: f64,
        /// Wall time of the call, retries included.
        latency_ms: u64,
        /// The model that answered (one of a chain's, or the agent's own).
        #[serde(default)]
        model: String,
    },
    /// A model call that failed.
    ModelError {
        /// 1-based turn number.
        turn: u32,
        /// Whether a later retry might succeed.
        transient: bool,
        /// What happened.
        message: String,
        /// Wall time until the failure.
        latency_ms: u64,
    },
    /// A tool call.
    ToolCall {
        /// The turn that asked for it.
        turn: u32,
        /// The call's id.
        id: String,
        /// The tool named.
        name: String,
        /// The arguments as sent.
        arguments: Value,
        /// How it ended.
        status: CallStatus,
        /// What the model was shown.
        output: Value,
        /// Wall time of the call.
        latency_ms: u64,
    },
    /// A call refused because the budget was spent.
    BudgetExhausted {
        /// Tool calls made.
        tool_calls: u32,
        /// Turns taken.
        turns: u32,
        /// Tokens spent.
        #[serde(default)]
        tokens: u64,
        /// USD spent.
        #[serde(default)]
        cost_usd: f64,
    },
    /// The model's final answer named no outcome, and it was asked once to restate it
    /// (see [`super::FORMAT_REPAIR`]).
    FormatRepair {
        /// The turn whose answer could not be parsed.
        turn: u32,
        /// Whether the restatement was held to the answer schema ([`super::STRUCTURED_REPAIR`]).
        #[serde(default)]
        constrained: bool,
    },
    /// The verdict of verification.
    Verification {
        /// What the final message claimed.
        claimed: String,
        /// What the ticket ends as.
        verdict: String,
        /// Why the verdict differs from the claim, if it does.
        notes: Vec<String>,
    },
}

/// The trace of a run: every step, in order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    /// Model turns and tool calls, in the order they happened.
    pub steps: Vec<TraceStep>,
}

impl Trace {
    /// The tool-call steps: (name, arguments, status, output).
    pub fn tool_calls(&self) -> impl Iterator<Item = (&str, &Value, CallStatus, &Value)> {
        self.steps.iter().filter_map(|s| match s {
            TraceStep::ToolCall {
                name,
                arguments,
                status,
                output,
                ..
            } => Some((name.as_str(), arguments, *status, output)),
            _ => None,
        })
    }
}
