//! Gated actions: what the agent proposes and a human approves.
//!
//! The agent never executes `issue_refund` or `send_email`. A gated call becomes a
//! [`PendingAction`] with an approval id and an idempotency key, both derived from
//! (ticket, tool, subject) so that a rerun of the same ticket — a redelivery, a retry,
//! a replay — proposes the *same* action under the *same* key. Executing an approved
//! action is the executor's (`crate::executor`), never the agent's. A proposal carries
//! the [`Timeline`] of the run it came from: the tool calls and what they answered, in
//! a bounded form a reviewer reads.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::digest;
use super::ids::{CustomerId, TicketId};
use super::money::Usd;

/// The gated tool that refunds.
pub const ISSUE_REFUND: &str = "issue_refund";
/// The gated tool that emails the customer.
pub const SEND_EMAIL: &str = "send_email";

/// An approval's id: `apr_` and 24 hex digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ApprovalId(String);

impl ApprovalId {
    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Parses an id of the form this crate writes.
    ///
    /// # Errors
    /// Anything not `apr_` followed by 24 lower-case hex digits.
    pub fn parse(raw: &str) -> Result<Self, BadApprovalId> {
        let ok = raw
            .strip_prefix("apr_")
            .is_some_and(|h| h.len() == 24 && h.bytes().all(|b| b.is_ascii_hexdigit()));
        if ok {
            Ok(Self(raw.to_string()))
        } else {
            Err(BadApprovalId(raw.to_string()))
        }
    }
}

/// Text that is not an approval id; holds the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an approval id (apr_ + 24 hex digits)")]
pub struct BadApprovalId(String);

impl fmt::Display for ApprovalId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The deterministic approval id and idempotency key for (ticket, tool, subject),
/// where the subject is the order for a refund and the recipient for an email.
pub fn derive_ids(ticket_id: &str, tool: &str, subject: &str) -> (ApprovalId, String) {
    let d = digest(&[ticket_id, tool, subject]);
    (ApprovalId(format!("apr_{d}")), format!("idem_{d}"))
}

/// A gated action's arguments, by tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "tool", content = "arguments", rename_all = "snake_case")]
pub enum ActionRequest {
    /// A refund of part or all of an order's refundable remainder.
    IssueRefund {
        /// The order to refund.
        order_id: String,
        /// How much.
        amount_usd: Usd,
        /// The key the backend dedupes on.
        idempotency_key: String,
    },
    /// An email to the customer's address on record.
    SendEmail {
        /// The recipient (always the customer's address on record).
        to: String,
        /// Subject line.
        subject: String,
        /// Plain-text body, as the model wrote it and the reviewer saw it.
        body: String,
        /// The ticket it answers.
        ticket_id: String,
        /// The key the outbox dedupes on.
        idempotency_key: String,
    },
}

/// sha256 over a tool and its arguments in a canonical form (object keys sorted at
/// every depth): what an approval is bound to, and what the executor checks before it
/// runs anything.
pub fn arguments_digest(tool: &str, arguments: &serde_json::Value) -> String {
    use serde_json::Value;
    use sha2::{Digest, Sha256};
    fn canonical(v: &Value) -> Value {
        match v {
            Value::Object(map) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                Value::Object(
                    keys.into_iter()
                        .map(|k| (k.clone(), canonical(&map[k])))
                        .collect(),
                )
            }
            Value::Array(items) => Value::Array(items.iter().map(canonical).collect()),
            other => other.clone(),
        }
    }
    let mut h = Sha256::new();
    h.update(tool.as_bytes());
    h.update([0u8]);
    h.update(canonical(arguments).to_string().as_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

impl ActionRequest {
    /// The arguments as a JSON object, as the approval message carries them.
    pub fn arguments(&self) -> serde_json::Value {
        let mut v = serde_json::to_value(self).expect("actions serialize");
        v["arguments"].take()
    }

    /// The digest of exactly this action ([`arguments_digest`]).
    pub fn digest(&self) -> String {
        arguments_digest(self.tool(), &self.arguments())
    }

    /// The same refund for `amount` instead (a reviewer's edit); `None` for an email.
    pub fn with_amount(&self, amount: Usd) -> Option<ActionRequest> {
        match self {
            ActionRequest::IssueRefund {
                order_id,
                idempotency_key,
                ..
            } => Some(ActionRequest::IssueRefund {
                order_id: order_id.clone(),
                amount_usd: amount,
                idempotency_key: idempotency_key.clone(),
            }),
            ActionRequest::SendEmail { .. } => None,
        }
    }

    /// The tool's name.
    pub fn tool(&self) -> &'static str {
        match self {
            ActionRequest::IssueRefund { .. } => ISSUE_REFUND,
            ActionRequest::SendEmail { .. } => SEND_EMAIL,
        }
    }

    /// The idempotency key.
    pub fn idempotency_key(&self) -> &str {
        match self {
            ActionRequest::IssueRefund {
                idempotency_key, ..
            }
            | ActionRequest::SendEmail {
                idempotency_key, ..
            } => idempotency_key,
        }
    }
}

/// What a refund rests on: the eligibility answer the agent got in this run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EligibilityBasis {
    /// The rule applied.
    pub policy_ref: String,
    /// The most that may be refunded.
    pub max_amount_usd: Usd,
}

/// A gated action waiting for a human.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingAction {
    /// Deterministic for (ticket, tool, subject).
    pub approval_id: ApprovalId,
    /// The ticket that proposed it.
    pub ticket_id: TicketId,
    /// The ticket's customer.
    pub customer_id: CustomerId,
    /// What to do.
    #[serde(flatten)]
    pub request: ActionRequest,
    /// For refunds: the eligibility answer it rests on (set by verification).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eligibility: Option<EligibilityBasis>,
}

impl PendingAction {
    /// The order a refund is for.
    pub fn refund_order(&self) -> Option<(&str, Usd)> {
        match &self.request {
            ActionRequest::IssueRefund {
                order_id,
                amount_usd,
                ..
            } => Some((order_id, *amount_usd)),
            ActionRequest::SendEmail { .. } => None,
        }
    }
}

/// Where an approval is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApprovalStatus {
    /// Waiting for a reviewer.
    Pending,
    /// Approved; executing or about to.
    Approved,
    /// Approved and executed (the backend answered).
    Executed,
    /// Approved, and the backend refused it for good (recorded, not retried).
    Failed,
    /// Rejected by a reviewer.
    Rejected,
    /// Waited longer than `approvals.pending_ttl_secs`; its ticket was escalated.
    Expired,
}

impl ApprovalStatus {
    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Executed => "executed",
            Self::Failed => "failed",
            Self::Rejected => "rejected",
            Self::Expired => "expired",
        }
    }

    /// Whether the action is done or on its way: a refund in this state must never be
    /// proposed again.
    pub fn holds(self) -> bool {
        matches!(self, Self::Pending | Self::Approved | Self::Executed)
    }

    /// The status named `name` ([`Self::as_str`]).
    pub fn parse(name: &str) -> Option<Self> {
        [
            Self::Pending,
            Self::Approved,
            Self::Executed,
            Self::Failed,
            Self::Rejected,
            Self::Expired,
        ]
        .into_iter()
        .find(|s| s.as_str() == name)
    }
}

/// At most this many tool calls go on an approval's [`Timeline`]: a run's budget
/// (`agent.max_tool_calls`, 8 by default) fits with room, and a message stays small.
pub const TIMELINE_MAX_STEPS: usize = 24;
/// At most this many characters in one step's summary.
pub const TIMELINE_MAX_SUMMARY: usize = 240;
/// At most this many characters in one argument's value.
pub const TIMELINE_MAX_ARGUMENT: usize = 80;

/// What the agent did before it proposed an action: its tool calls in order, each with
/// the arguments that say what it was about, how it ended, and a line saying what the
/// tool answered. It travels on the approval message so that a reviewer reads the run
/// the proposal rests on.
///
/// Bounded wherever it is made or read ([`TIMELINE_MAX_STEPS`],
/// [`TIMELINE_MAX_SUMMARY`], [`TIMELINE_MAX_ARGUMENT`]), and it holds no free text of the
/// customer's: a refund's stated `reason` and an email's body are left out, idempotency
/// keys too; what remains is ids, amounts, a search query and what the tools returned.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "UncheckedTimeline")]
pub struct Timeline {
    /// The calls, in the order they were made.
    pub steps: Vec<TimelineStep>,
    /// Calls made past [`TIMELINE_MAX_STEPS`], left out.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub omitted: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One tool call on a [`Timeline`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimelineStep {
    /// The tool named.
    pub tool: String,
    /// The arguments that say what the call was about, in the tool's order.
    #[serde(default)]
    pub arguments: Vec<StepArgument>,
    /// How it ended: `ok`, `error`, `invalid_arguments`, `pending_approval`, `unavailable`.
    pub status: String,
    /// What the tool answered, in one line.
    pub summary: String,
}

impl TimelineStep {
    /// Whether the tool answered as asked (a gated call recorded for approval did).
    pub fn succeeded(&self) -> bool {
        matches!(self.status.as_str(), "ok" | "pending_approval")
    }
}

/// One argument of a [`TimelineStep`], as a reviewer reads it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepArgument {
    /// The argument's name (`order_id`, `amount_usd`, `query`, …).
    pub name: String,
    /// Its value as text (an amount as `$15.00`).
    pub value: String,
}

/// A timeline as it comes off the wire, before it is bounded.
#[derive(Deserialize)]
struct UncheckedTimeline {
    #[serde(default)]
    steps: Vec<TimelineStep>,
    #[serde(default)]
    omitted: u32,
}

impl From<UncheckedTimeline> for Timeline {
    fn from(raw: UncheckedTimeline) -> Self {
        let over = raw.steps.len().saturating_sub(TIMELINE_MAX_STEPS);
        let steps = raw
            .steps
            .into_iter()
            .take(TIMELINE_MAX_STEPS)
            .map(|s| TimelineStep {
                tool: clip(&s.tool, TIMELINE_MAX_ARGUMENT),
                arguments: s
                    .arguments
                    .into_iter()
                    .take(MAX_STEP_ARGUMENTS)
                    .map(|a| StepArgument {
                        name: clip(&a.name, TIMELINE_MAX_ARGUMENT),
                        value: clip(&a.value, TIMELINE_MAX_ARGUMENT),
                    })
                    .collect(),
                status: clip(&s.status, TIMELINE_MAX_ARGUMENT),
                summary: clip(&s.summary, TIMELINE_MAX_SUMMARY),
            })
            .collect();
        Timeline {
            steps,
            omitted: raw
                .omitted
                .saturating_add(u32::try_from(over).unwrap_or(u32::MAX)),
        }
    }
}

/// No tool's key arguments are more than this many.
const MAX_STEP_ARGUMENTS: usize = 4;

impl Timeline {
    /// The timeline of a run's tool calls, given in order as (tool, arguments, status,
    /// output): the first [`TIMELINE_MAX_STEPS`] of them, the rest counted.
    pub fn from_calls<'a>(
        calls: impl IntoIterator<
            Item = (
                &'a str,
                &'a serde_json::Value,
                &'a str,
                &'a serde_json::Value,
            ),
        >,
    ) -> Self {
        let mut timeline = Timeline::default();
        for (tool, arguments, status, output) in calls {
            if timeline.steps.len() < TIMELINE_MAX_STEPS {
                timeline
                    .steps
                    .push(TimelineStep::of_call(tool, arguments, status, output));
            } else {
                timeline.omitted = timeline.omitted.saturating_add(1);
            }
        }
        timeline
    }

    /// Whether it has no step (a message from a worker that sent none).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty() && self.omitted == 0
    }
}

impl TimelineStep {
    /// The step for one call: its key arguments and a line for what it answered.
    pub fn of_call(
        tool: &str,
        arguments: &serde_json::Value,
        status: &str,
        output: &serde_json::Value,
    ) -> Self {
        TimelineStep {
            tool: clip(tool, TIMELINE_MAX_ARGUMENT),
            arguments: key_arguments(tool, arguments),
            status: clip(status, TIMELINE_MAX_ARGUMENT),
            summary: clip(&summarize(tool, output), TIMELINE_MAX_SUMMARY),
        }
    }
}

/// The arguments that say what a call was about. A refund's `reason` (the customer's
/// words), an email's body and every idempotency key are left out; an unknown tool's
/// arguments all are.
fn key_arguments(tool: &str, arguments: &serde_json::Value) -> Vec<StepArgument> {
    let names: &[&str] = match tool {
        "order_lookup" | "refund_eligibility" => &["order_id"],
        ISSUE_REFUND => &["order_id", "amount_usd"],
        "kb_search" => &["query"],
        SEND_EMAIL => &["to", "subject"],
        _ => &[],
    };
    names
        .iter()
        .filter_map(|name| {
            let value = match (&arguments[*name], *name) {
                (serde_json::Value::Number(n), "amount_usd") => {
                    dollars(n.as_f64()).unwrap_or_else(|| n.to_string())
                }
                (serde_json::Value::String(s), _) => s.clone(),
                (serde_json::Value::Null, _) => return None,
                (other, _) => other.to_string(),
            };
            Some(StepArgument {
                name: (*name).to_string(),
                value: clip(&value, TIMELINE_MAX_ARGUMENT),
            })
        })
        .collect()
}

/// A JSON number of dollars as `$24.99`.
fn dollars(d: Option<f64>) -> Option<String> {
    d.and_then(|d| Usd::from_dollars(d).ok())
        .map(|u| u.to_string())
}

/// What a tool answered, in one line: an error's code and detail; an order's status,
/// lines, total and dates; an eligibility's verdict, maximum and rule; the articles a
/// search found; the approval a gated call waits for. Anything else as compact JSON.
fn summarize(tool: &str, output: &serde_json::Value) -> String {
    let text = |key: &str| output[key].as_str().unwrap_or_default().to_string();
    let day = |key: &str| {
        output[key]
            .as_str()
            .map_or_else(|| "—".to_string(), |d| d.chars().take(10).collect())
    };
    if let Some(code) = output["error"].as_str() {
        let detail = output["detail"]
            .as_str()
            .map(str::to_string)
            .or_else(|| {
                output["refundable_usd"]
                    .as_f64()
                    .and_then(|r| dollars(Some(r)))
                    .map(|r| format!("refundable {r}"))
            })
            .or_else(|| output["order_id"].as_str().map(str::to_string));
        return match detail {
            Some(d) => format!("{code}: {d}"),
            None => code.to_string(),
        };
    }
    match tool {
        "order_lookup" if output["status"].is_string() => {
            let items: Vec<String> = output["items"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|i| {
                    let name = i["name"].as_str().unwrap_or("an item");
                    match i["quantity"].as_u64() {
                        Some(q) if q != 1 => format!("{name} ×{q}"),
                        _ => name.to_string(),
                    }
                })
                .collect();
            format!(
                "{}; {}; total {}, refunded {}; ordered {}, delivered {}",
                text("status"),
                if items.is_empty() {
                    "no lines".to_string()
                } else {
                    items.join(", ")
                },
                dollars(output["total_usd"].as_f64()).unwrap_or_else(|| "—".into()),
                dollars(output["refunded_usd"].as_f64()).unwrap_or_else(|| "$0.00".into()),
                day("order_date"),
                day("delivered_at"),
            )
        }
        "refund_eligibility" if output["eligible"].is_boolean() => {
            let policy = text("policy_ref");
            let mut line = if output["eligible"].as_bool() == Some(true) {
                format!(
                    "eligible, at most {} ({policy})",
                    dollars(output["max_amount_usd"].as_f64()).unwrap_or_else(|| "—".into())
                )
            } else {
                format!("not eligible ({policy}): {}", text("reason"))
            };
            if let Some(days) = output["days_since_order"].as_i64() {
                line.push_str(&format!("; {days} days since the order"));
            }
            if output["escalate"].as_bool() == Some(true) {
                line.push_str("; a human must decide");
            }
            line
        }
        "kb_search" if output["articles"].is_array() => {
            let titles: Vec<String> = output["articles"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|a| format!("“{}”", a["title"].as_str().unwrap_or("untitled")))
                .collect();
            match titles.len() {
                0 => "no relevant article".to_string(),
                1 => format!("1 article: {}", titles[0]),
                n => format!("{n} articles: {}", titles.join(", ")),
            }
        }
        _ if output["status"] == "pending_approval" => {
            let replayed = if output["replayed"].as_bool() == Some(true) {
                " (the same call again)"
            } else {
                ""
            };
            format!("waits for approval {}{replayed}", text("approval_id"))
        }
        _ => output.to_string(),
    }
}

/// `s` on one line (control characters and line breaks as spaces), at most `max`
/// characters, an ellipsis marking a cut.
fn clip(s: &str, max: usize) -> String {
    let line: String = s
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let line = line.trim();
    if line.chars().count() <= max {
        return line.to_string();
    }
    let mut cut: String = line.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_deterministic_per_ticket_tool_and_subject() {
        let (a, k) = derive_ids("T1", "issue_refund", "O1");
        assert_eq!(
            derive_ids("T1", "issue_refund", "O1"),
            (a.clone(), k.clone())
        );
        assert_ne!(derive_ids("T1", "issue_refund", "O2").0, a);
        assert_ne!(derive_ids("T2", "issue_refund", "O1").0, a);
        assert!(ApprovalId::parse(a.as_str()).is_ok());
        assert!(k.starts_with("idem_"));
        assert!(ApprovalId::parse("apr_xyz").is_err());
    }

    #[test]
    fn the_digest_binds_the_exact_arguments_whatever_their_key_order() {
        let a = serde_json::json!({ "order_id": "O1", "amount_usd": 10.0, "idempotency_key": "k" });
        let b = serde_json::json!({ "idempotency_key": "k", "amount_usd": 10.0, "order_id": "O1" });
        let c = serde_json::json!({ "order_id": "O1", "amount_usd": 9.99, "idempotency_key": "k" });
        assert_eq!(
            arguments_digest(ISSUE_REFUND, &a),
            arguments_digest(ISSUE_REFUND, &b)
        );
        assert_ne!(
            arguments_digest(ISSUE_REFUND, &a),
            arguments_digest(ISSUE_REFUND, &c)
        );
        assert_ne!(
            arguments_digest(ISSUE_REFUND, &a),
            arguments_digest(SEND_EMAIL, &a)
        );
        let request = ActionRequest::IssueRefund {
            order_id: "O1".into(),
            amount_usd: Usd::from_cents(1000),
            idempotency_key: "k".into(),
        };
        assert_eq!(request.digest(), arguments_digest(ISSUE_REFUND, &a));
        let edited = request.with_amount(Usd::from_cents(999)).unwrap();
        assert_eq!(edited.digest(), arguments_digest(ISSUE_REFUND, &c));
    }

    fn call(
        tool: &str,
        arguments: serde_json::Value,
        status: &str,
        output: serde_json::Value,
    ) -> TimelineStep {
        TimelineStep::of_call(tool, &arguments, status, &output)
    }

    #[test]
    fn each_tool_call_reads_as_its_key_arguments_and_one_line_of_what_it_answered() {
        let lookup = call(
            "order_lookup",
            serde_json::json!({ "order_id": "O1001" }),
            "ok",
            serde_json::json!({
                "order_id": "O1001", "status": "delivered", "total_usd": 24.99, "refunded_usd": 0.0,
                "items": [{ "name": "Wireless Mouse", "quantity": 1 }, { "name": "Pad", "quantity": 2 }],
                "order_date": "2024-05-01T10:00:00Z", "delivered_at": "2024-05-04T10:00:00Z"
            }),
        );
        assert_eq!(lookup.arguments[0].value, "O1001");
        assert_eq!(
            lookup.summary,
            "delivered; Wireless Mouse, Pad ×2; total $24.99, refunded $0.00; ordered 2024-05-01, delivered 2024-05-04"
        );
        let eligible = call(
            "refund_eligibility",
            serde_json::json!({ "order_id": "O1001", "reason": "it broke, my phone is 555-0100" }),
            "ok",
            serde_json::json!({ "eligible": true, "max_amount_usd": 24.99,
                "policy_ref": "refund-policy/window-30-days", "days_since_order": 3 }),
        );
        assert_eq!(
            eligible.summary,
            "eligible, at most $24.99 (refund-policy/window-30-days); 3 days since the order"
        );
        assert_eq!(
            eligible.arguments,
            [StepArgument {
                name: "order_id".into(),
                value: "O1001".into()
            }],
            "the customer's stated reason stays out"
        );
        let refund = call(
            ISSUE_REFUND,
            serde_json::json!({ "order_id": "O1001", "amount_usd": 15, "idempotency_key": "k-1" }),
            "pending_approval",
            serde_json::json!({ "status": "pending_approval", "approval_id": "apr_1" }),
        );
        let names: Vec<&str> = refund.arguments.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["order_id", "amount_usd"], "no idempotency key");
        assert_eq!(refund.arguments[1].value, "$15.00");
        assert_eq!(refund.summary, "waits for approval apr_1");
        assert!(refund.succeeded());
        let missing = call(
            "order_lookup",
            serde_json::json!({ "order_id": "O1013" }),
            "error",
            serde_json::json!({ "error": "order_not_found", "order_id": "O1013" }),
        );
        assert_eq!(missing.summary, "order_not_found: O1013");
        assert!(!missing.succeeded());
        let search = call(
            "kb_search",
            serde_json::json!({ "query": "refund window" }),
            "ok",
            serde_json::json!({ "articles": [], "relevance_scores": [] }),
        );
        assert_eq!(search.summary, "no relevant article");
        let email = call(
            SEND_EMAIL,
            serde_json::json!({ "to": "a@example.com", "subject": "Hi", "body": "secret words", "ticket_id": "T-1" }),
            "pending_approval",
            serde_json::json!({ "status": "pending_approval", "approval_id": "apr_2" }),
        );
        let names: Vec<&str> = email.arguments.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["to", "subject"], "the body stays out");
    }

    #[test]
    fn a_timeline_keeps_the_first_steps_and_short_lines_however_long_the_run_or_its_answers() {
        let long = "x".repeat(5000);
        let arguments = serde_json::json!({ "query": long });
        let output = serde_json::json!({ "error": "invalid_arguments", "detail": long });
        let calls: Vec<(&str, &serde_json::Value, &str, &serde_json::Value)> = (0..40)
            .map(|_| ("kb_search", &arguments, "invalid_arguments", &output))
            .collect();
        let timeline = Timeline::from_calls(calls);
        assert_eq!(timeline.steps.len(), TIMELINE_MAX_STEPS);
        assert_eq!(timeline.omitted, 40 - TIMELINE_MAX_STEPS as u32);
        let step = &timeline.steps[0];
        assert_eq!(step.summary.chars().count(), TIMELINE_MAX_SUMMARY);
        assert!(step.summary.ends_with('…'));
        assert_eq!(
            step.arguments[0].value.chars().count(),
            TIMELINE_MAX_ARGUMENT
        );
        // What comes off the wire is bounded the same way, and one line each.
        let mut wire = serde_json::to_value(&timeline).unwrap();
        wire["steps"][0]["summary"] = serde_json::Value::String(format!("a\nb{long}"));
        let more = vec![wire["steps"][1].clone(); 10];
        wire["steps"].as_array_mut().unwrap().extend(more);
        let read: Timeline = serde_json::from_value(wire).unwrap();
        assert_eq!(read.steps.len(), TIMELINE_MAX_STEPS);
        assert_eq!(read.omitted, 40 - TIMELINE_MAX_STEPS as u32 + 10);
        assert!(read.steps[0].summary.starts_with("a b"));
        assert_eq!(read.steps[0].summary.chars().count(), TIMELINE_MAX_SUMMARY);
        // A message without one reads as an empty timeline.
        assert!(serde_json::from_str::<Timeline>("{}").unwrap().is_empty());
    }
}
