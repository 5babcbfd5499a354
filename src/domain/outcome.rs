//! The bounded output: every ticket ends in exactly one [`Outcome`].
//!
//! This module owns the outcome type, the escalation categories and the parsing of a
//! model's final message (`RESOLVED:`, `REFUND_PROPOSED:`, `ESCALATED:`). Whether an
//! outcome is *true* is decided elsewhere, by checking it against the trace
//! (`agent::verify`).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::domain::approval::PendingAction;

/// Why a ticket went to a human. See docs/use-case.md for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EscalationCategory {
    /// A chargeback, a lawyer, a lawsuit or another legal threat.
    LegalOrChargeback,
    /// The order is unknown or belongs to another customer.
    OrderNotFound,
    /// An order-specific request without an order id.
    MissingOrderId,
    /// refund_eligibility answered escalate=true.
    AmbiguousEligibility,
    /// The knowledge base has no answer.
    NoKbMatch,
    /// Nothing the tools cover.
    OutOfScope,
    /// The model escalated without naming a known category.
    Unspecified,
    /// The final message had no valid prefix.
    UnparseableOutcome,
    /// The tool-call or turn budget ran out.
    BudgetExhausted,
    /// The outcome claimed more than the trace supports.
    VerificationFailed,
    /// The model failed for good.
    ModelError,
    /// The commerce backend stayed unavailable in a run that cannot retry later.
    BackendUnavailable,
    /// A proposed action waited for a human longer than its TTL.
    ApprovalExpired,
    /// A reviewer rejected the proposed action (the reason says why).
    ApprovalRejected,
    /// The approved action failed for good when executed (e.g. nothing left to refund).
    ExecutionFailed,
    /// A reply on a ticket a human has taken (our last answer on its thread escalated
    /// it): the human answers it, not the agent.
    HumanOwned,
}

impl EscalationCategory {
    /// Every category.
    pub const ALL: [EscalationCategory; 16] = [
        Self::LegalOrChargeback,
        Self::OrderNotFound,
        Self::MissingOrderId,
        Self::AmbiguousEligibility,
        Self::NoKbMatch,
        Self::OutOfScope,
        Self::Unspecified,
        Self::UnparseableOutcome,
        Self::BudgetExhausted,
        Self::VerificationFailed,
        Self::ModelError,
        Self::BackendUnavailable,
        Self::ApprovalExpired,
        Self::ApprovalRejected,
        Self::ExecutionFailed,
        Self::HumanOwned,
    ];

    /// The categories a model may choose (the rest are set by the system).
    pub const MODEL_CHOICES: [EscalationCategory; 7] = [
        Self::LegalOrChargeback,
        Self::OrderNotFound,
        Self::MissingOrderId,
        Self::AmbiguousEligibility,
        Self::NoKbMatch,
        Self::OutOfScope,
        Self::HumanOwned,
    ];

    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::LegalOrChargeback => "legal_or_chargeback",
            Self::OrderNotFound => "order_not_found",
            Self::MissingOrderId => "missing_order_id",
            Self::AmbiguousEligibility => "ambiguous_eligibility",
            Self::NoKbMatch => "no_kb_match",
            Self::OutOfScope => "out_of_scope",
            Self::Unspecified => "unspecified",
            Self::UnparseableOutcome => "unparseable_outcome",
            Self::BudgetExhausted => "budget_exhausted",
            Self::VerificationFailed => "verification_failed",
            Self::ModelError => "model_error",
            Self::BackendUnavailable => "backend_unavailable",
            Self::ApprovalExpired => "approval_expired",
            Self::ApprovalRejected => "approval_rejected",
            Self::ExecutionFailed => "execution_failed",
            Self::HumanOwned => "human_owned",
        }
    }

    /// Parses a snake_case name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == name)
    }
}

impl fmt::Display for EscalationCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The kind of an outcome, without its data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutcomeKind {
    /// Answered from the tools, nothing waiting.
    Resolved,
    /// A refund waits for approval.
    RefundProposed,
    /// A human takes it.
    Escalated,
}

impl OutcomeKind {
    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Resolved => "resolved",
            Self::RefundProposed => "refund_proposed",
            Self::Escalated => "escalated",
        }
    }
}

impl fmt::Display for OutcomeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a ticket ended. Exactly one per ticket.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Outcome {
    /// The customer's request is answered.
    Resolved {
        /// The reply to the customer.
        message: String,
    },
    /// A refund is proposed and waits for a human.
    RefundProposed {
        /// The reply to the customer.
        message: String,
        /// The gated actions proposed (at least one refund).
        actions: Vec<PendingAction>,
    },
    /// A human takes the ticket.
    Escalated {
        /// Why, in words.
        reason: String,
        /// Why, as a category.
        category: EscalationCategory,
    },
}

impl Outcome {
    /// The kind of this outcome.
    pub fn kind(&self) -> OutcomeKind {
        match self {
            Outcome::Resolved { .. } => OutcomeKind::Resolved,
            Outcome::RefundProposed { .. } => OutcomeKind::RefundProposed,
            Outcome::Escalated { .. } => OutcomeKind::Escalated,
        }
    }

    /// A system escalation.
    pub fn escalated(category: EscalationCategory, reason: impl Into<String>) -> Self {
        Outcome::Escalated {
            reason: reason.into(),
            category,
        }
    }

    /// The outcome as every report of a finished ticket writes it (the output line of
    /// `process`, the message on the outcomes exchange): its kind, and the reply for the
    /// customer or the reason and category of an escalation.
    pub fn verdict(&self) -> Verdict {
        let (message, reason, category) = match self {
            // Nothing to say (a reply to a thank-you): nothing is sent.
            Outcome::Resolved { message } if message.trim().is_empty() => (None, None, None),
            Outcome::Resolved { message } | Outcome::RefundProposed { message, .. } => {
                (Some(message.clone()), None, None)
            }
            Outcome::Escalated { reason, category } => {
                (None, Some(reason.clone()), Some(*category))
            }
        };
        Verdict {
            outcome: self.kind(),
            message,
            reason,
            category,
        }
    }

    /// The gated actions that travel with this outcome.
    pub fn actions(&self) -> &[PendingAction] {
        match self {
            Outcome::RefundProposed { actions, .. } => actions,
            _ => &[],
        }
    }
}

/// A finished ticket's outcome in the flat fields its reports share: the output line of
/// `process` and the message on the outcomes exchange both embed it, so the two cannot
/// drift apart field by field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// `resolved`, `refund_proposed` or `escalated`.
    pub outcome: OutcomeKind,
    /// The reply to the customer (resolved, refund proposed).
    pub message: Option<String>,
    /// Why a human takes it (escalated).
    pub reason: Option<String>,
    /// The escalation category (escalated).
    pub category: Option<EscalationCategory>,
}

/// What a model's final message claims, before verification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// `RESOLVED: message`
    Resolved(String),
    /// `REFUND_PROPOSED: message`
    RefundProposed(String),
    /// `ESCALATED: [category] reason`
    Escalated {
        /// Why a human must take it, in the model's words.
        reason: String,
        /// The category named, or `Unspecified`.
        category: EscalationCategory,
    },
    /// Anything else.
    Unparseable(String),
}

/// Parses a model's final message. Leading white space and Markdown emphasis around
/// the prefix (`**RESOLVED:**`) are tolerated; any other text before the prefix is not.
pub fn parse_final_message(text: &str) -> Claim {
    let trimmed = text.trim_start().trim_start_matches(['*', '_', '#', ' ']);
    let rest_after = |prefix: &str| -> Option<String> {
        let rest = trimmed.strip_prefix(prefix)?;
        let rest = rest.trim_start_matches(['*', '_']);
        Some(rest.trim().to_string())
    };
    if let Some(rest) = rest_after("RESOLVED:") {
        return Claim::Resolved(rest);
    }
    if let Some(rest) = rest_after("REFUND_PROPOSED:") {
        return Claim::RefundProposed(rest);
    }
    if let Some(rest) = rest_after("ESCALATED:") {
        let (category, reason) = split_category(&rest);
        return Claim::Escalated { reason, category };
    }
    Claim::Unparseable(text.to_string())
}

/// What a final answer says it rests on, in its structured tail.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grounds {
    /// The orders the answer is about, each looked up in this run.
    #[serde(default)]
    pub orders: Vec<String>,
    /// The help-center articles the answer uses, each returned by a search in this run.
    #[serde(default)]
    pub articles: Vec<String>,
    /// The eligibility answers the answer relies on.
    #[serde(default)]
    pub eligibility: Vec<EligibilityGround>,
}

/// One eligibility answer a final answer relies on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EligibilityGround {
    /// The order.
    pub order_id: String,
    /// What `refund_eligibility` answered.
    pub eligible: bool,
}

/// The structured tail of a final message: a fenced JSON block at its very end
/// (docs/verification.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tail {
    /// The outcome claimed; it must agree with the prefix when there is one.
    pub outcome: OutcomeKind,
    /// For an escalation its category; otherwise the kind of answer: `order_status`,
    /// `how_to` or `refund` (absent or null for an answer of several kinds).
    #[serde(default)]
    pub category: Option<String>,
    /// What the answer rests on.
    #[serde(default)]
    pub grounds: Grounds,
}

/// A final message read whole: the claim, and its structured tail when it has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinalAnswer {
    /// The claim, from the prefix, or from the tail when there is no prefix. The text
    /// the customer reads never includes the tail.
    pub claim: Claim,
    /// The tail, when one parsed.
    pub tail: Option<Tail>,
    /// Why the tail was refused, when the message ends in a JSON block that is not a
    /// valid tail.
    pub tail_error: Option<String>,
}

/// Parses a final message that may end in a structured tail: a fenced block
/// (```` ```json ```` or a bare fence) holding a JSON object, at the very end of the
/// message. A message without one is read as [`parse_final_message`] reads it.
///
/// A message that is one JSON object of the [`answer_schema`] form (what a model
/// constrained to that schema writes) is read as its fields say.
pub fn parse_final_answer(text: &str) -> FinalAnswer {
    if let Some(answer) = parse_structured_answer(text) {
        return answer;
    }
    let Some((before, json)) = split_tail(text) else {
        return FinalAnswer {
            claim: parse_final_message(text),
            tail: None,
            tail_error: None,
        };
    };
    let tail: Result<Tail, String> = serde_json::from_str(json).map_err(|e| e.to_string());
    let tail = match tail {
        Ok(t) => t,
        Err(e) => {
            return FinalAnswer {
                claim: parse_final_message(before),
                tail: None,
                tail_error: Some(e),
            };
        }
    };
    let claim = match parse_final_message(before) {
        Claim::Unparseable(_) => claim_from_tail(&tail, before.trim().to_string()),
        claim => claim,
    };
    FinalAnswer {
        claim,
        tail: Some(tail),
        tail_error: None,
    }
}

/// The claim a tail makes for a message that carries no prefix of its own.
fn claim_from_tail(tail: &Tail, message: String) -> Claim {
    match tail.outcome {
        OutcomeKind::Resolved => Claim::Resolved(message),
        OutcomeKind::RefundProposed => Claim::RefundProposed(message),
        OutcomeKind::Escalated => Claim::Escalated {
            category: tail
                .category
                .as_deref()
                .and_then(EscalationCategory::from_name)
                .filter(|c| EscalationCategory::MODEL_CHOICES.contains(c))
                .unwrap_or(EscalationCategory::Unspecified),
            reason: message,
        },
    }
}

/// A final answer written as one JSON object: the [`Tail`]'s fields and the message.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StructuredAnswer {
    outcome: OutcomeKind,
    #[serde(default)]
    category: Option<String>,
    #[serde(default)]
    grounds: Grounds,
    message: String,
}

/// The longest message [`answer_schema`] allows. A constrained model cannot stop
/// before its grammar lets it, so an unbounded string would run to the token limit and
/// leave the object unclosed: about 100 tokens of text fit well inside any sane limit.
pub const ANSWER_MESSAGE_MAX_CHARS: u64 = 300;

/// The JSON Schema of a final answer written as one object (see
/// [`parse_final_answer`]): what the agent asks a model to restate its answer as when
/// the model can be held to a schema (`response_format` on OpenAI-compatible servers,
/// which llama.cpp, vLLM and Ollama enforce with a grammar). Its fields are the
/// [`Tail`]'s and `message`, the text the customer reads or the reason a human reads.
/// Every string and list is bounded, so that a grammar-constrained model closes the
/// object within an ordinary token limit.
pub fn answer_schema() -> &'static serde_json::Value {
    static SCHEMA: std::sync::LazyLock<serde_json::Value> = std::sync::LazyLock::new(|| {
        let mut categories: Vec<serde_json::Value> = EscalationCategory::MODEL_CHOICES
            .iter()
            .map(|c| serde_json::Value::from(c.as_str()))
            .collect();
        categories.extend(["order_status", "how_to", "refund"].map(serde_json::Value::from));
        categories.push(serde_json::Value::Null);
        let ids = serde_json::json!({
            "type": "array", "maxItems": 3, "items": {"type": "string", "maxLength": 24}
        });
        serde_json::json!({
            "type": "object",
            "properties": {
                "outcome": {"type": "string", "enum": ["resolved", "refund_proposed", "escalated"]},
                "category": {"enum": categories},
                "grounds": {
                    "type": "object",
                    "properties": {
                        "orders": ids,
                        "articles": ids,
                        "eligibility": {
                            "type": "array",
                            "maxItems": 3,
                            "items": {
                                "type": "object",
                                "properties": {
                                    "order_id": {"type": "string", "maxLength": 24},
                                    "eligible": {"type": "boolean"}
                                },
                                "required": ["order_id", "eligible"],
                                "additionalProperties": false
                            }
                        }
                    },
                    "required": ["orders", "articles", "eligibility"],
                    "additionalProperties": false
                },
                "message": {"type": "string", "minLength": 1, "maxLength": ANSWER_MESSAGE_MAX_CHARS}
            },
            // The grounds are optional so that they come last: a grammar built from the
            // schema writes the required fields first (in key order: category, message,
            // outcome), and a model that runs out of tokens inside its grounds must
            // already have stated its outcome. Verification still needs the trace to
            // ground any claim, with or without them.
            "required": ["category", "message", "outcome"],
            "additionalProperties": false
        })
    });
    &SCHEMA
}

/// Reads a message that is nothing but one JSON object of the [`answer_schema`] form
/// (a fence around it is tolerated); `None` for anything else, which is then read as
/// prose with a prefix or a tail.
fn parse_structured_answer(text: &str) -> Option<FinalAnswer> {
    let trimmed = text.trim();
    let inner = trimmed
        .strip_prefix("```json")
        .or_else(|| trimmed.strip_prefix("```"))
        .and_then(|rest| rest.strip_suffix("```"))
        .map_or(trimmed, str::trim);
    if !inner.starts_with('{') {
        return None;
    }
    let answer: StructuredAnswer = serde_json::from_str(inner).ok()?;
    let tail = Tail {
        outcome: answer.outcome,
        category: answer.category,
        grounds: answer.grounds,
    };
    let message = answer.message.trim().to_string();
    // A message that begins with a prefix of its own must agree with the outcome, as a
    // prefix and a tail must.
    let claim = match parse_final_message(&message) {
        Claim::Unparseable(_) => claim_from_tail(&tail, message),
        claim => claim,
    };
    Some(FinalAnswer {
        claim,
        tail: Some(tail),
        tail_error: None,
    })
}

/// Splits a message into (text, JSON) when it ends in a fenced block whose content
/// starts with `{`.
fn split_tail(text: &str) -> Option<(&str, &str)> {
    let body = text.trim_end().strip_suffix("```")?;
    let open = body.rfind("```")?;
    let inner = &body[open + 3..];
    let inner = inner
        .strip_prefix("json")
        .or_else(|| inner.strip_prefix("JSON"))
        .unwrap_or(inner);
    let inner = inner.trim();
    inner.starts_with('{').then_some((&text[..open], inner))
}

/// Splits `[category] reason` (brackets optional: `category: reason` also works when
/// the word is a known category).
fn split_category(rest: &str) -> (EscalationCategory, String) {
    if let Some(inner) = rest.strip_prefix('[')
        && let Some((name, reason)) = inner.split_once(']')
    {
        let category = EscalationCategory::from_name(name.trim().to_ascii_lowercase().as_str())
            .filter(|c| EscalationCategory::MODEL_CHOICES.contains(c))
            .unwrap_or(EscalationCategory::Unspecified);
        return (category, reason.trim().to_string());
    }
    let first = rest
        .split(|c: char| c == ':' || c.is_whitespace())
        .next()
        .unwrap_or("");
    if let Some(category) = EscalationCategory::from_name(first)
        .filter(|c| EscalationCategory::MODEL_CHOICES.contains(c))
    {
        let reason = rest[first.len()..].trim_start_matches(':').trim();
        return (category, reason.to_string());
    }
    (EscalationCategory::Unspecified, rest.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_prefix_parses_and_the_text_after_it_is_kept() {
        assert_eq!(
            parse_final_message("RESOLVED: Your order shipped."),
            Claim::Resolved("Your order shipped.".into())
        );
        assert_eq!(
            parse_final_message("  **REFUND_PROPOSED:** We proposed $10."),
            Claim::RefundProposed("We proposed $10.".into())
        );
        assert_eq!(
            parse_final_message("ESCALATED: [legal_or_chargeback] Customer mentions a lawyer."),
            Claim::Escalated {
                category: EscalationCategory::LegalOrChargeback,
                reason: "Customer mentions a lawyer.".into()
            }
        );
        assert_eq!(
            parse_final_message("ESCALATED: no_kb_match: nothing in the KB"),
            Claim::Escalated {
                category: EscalationCategory::NoKbMatch,
                reason: "nothing in the KB".into()
            }
        );
    }

    #[test]
    fn an_unknown_or_system_category_becomes_unspecified() {
        assert!(matches!(
            parse_final_message("ESCALATED: [feelings] sad"),
            Claim::Escalated {
                category: EscalationCategory::Unspecified,
                ..
            }
        ));
        // A model cannot claim the system's own categories.
        assert!(matches!(
            parse_final_message("ESCALATED: [verification_failed] x"),
            Claim::Escalated {
                category: EscalationCategory::Unspecified,
                ..
            }
        ));
    }

    #[test]
    fn text_without_a_prefix_or_with_the_prefix_later_is_unparseable() {
        for text in [
            "",
            "Your order shipped.",
            "resolved: lower case",
            "Sure! RESOLVED: done",
            "RESOLVED done",
        ] {
            assert!(
                matches!(parse_final_message(text), Claim::Unparseable(_)),
                "{text:?}"
            );
        }
    }

    #[test]
    fn every_category_round_trips_through_its_name() {
        for c in EscalationCategory::ALL {
            assert_eq!(EscalationCategory::from_name(c.as_str()), Some(c));
            assert_eq!(serde_json::to_value(c).unwrap(), c.as_str());
        }
    }

    #[test]
    fn a_structured_tail_is_read_and_kept_out_of_the_customers_message() {
        let text = "RESOLVED: Order O1 shipped.\n\n```json\n{\"outcome\":\"resolved\",\"category\":\"order_status\",\"grounds\":{\"orders\":[\"O1\"]}}\n```\n";
        let a = parse_final_answer(text);
        assert_eq!(a.claim, Claim::Resolved("Order O1 shipped.".into()));
        let tail = a.tail.expect("a tail");
        assert_eq!(tail.outcome, OutcomeKind::Resolved);
        assert_eq!(tail.grounds.orders, vec!["O1".to_string()]);
        // Without a prefix, the tail says what the message claims.
        let a = parse_final_answer(
            "A human will take this.\n```\n{\"outcome\":\"escalated\",\"category\":\"out_of_scope\"}\n```",
        );
        assert_eq!(
            a.claim,
            Claim::Escalated {
                category: EscalationCategory::OutOfScope,
                reason: "A human will take this.".into()
            }
        );
    }

    #[test]
    fn a_message_without_a_tail_parses_as_before_and_a_broken_tail_is_reported() {
        let a = parse_final_answer("RESOLVED: fine");
        assert_eq!(a.claim, Claim::Resolved("fine".into()));
        assert!(a.tail.is_none() && a.tail_error.is_none());
        let a = parse_final_answer("RESOLVED: fine\n```json\n{\"outcome\": \"done\"}\n```");
        assert!(a.tail.is_none());
        assert!(a.tail_error.is_some());
    }

    #[test]
    fn a_message_that_is_one_answer_object_is_read_by_its_fields() {
        let a = parse_final_answer(
            r#" {"outcome": "resolved", "category": "order_status",
                 "grounds": {"orders": ["O1"], "articles": [], "eligibility": []},
                 "message": "Your order shipped on Monday."} "#,
        );
        assert_eq!(
            a.claim,
            Claim::Resolved("Your order shipped on Monday.".into())
        );
        let tail = a.tail.expect("the object is its own tail");
        assert_eq!(tail.grounds.orders, vec!["O1".to_string()]);
        assert_eq!(tail.category.as_deref(), Some("order_status"));
    }

    #[test]
    fn an_answer_object_escalating_keeps_its_category_and_reason() {
        let a = parse_final_answer(
            "```json\n{\"outcome\": \"escalated\", \"category\": \"legal_or_chargeback\", \
             \"grounds\": {\"orders\": [], \"articles\": [], \"eligibility\": []}, \
             \"message\": \"They filed a dispute with their bank.\"}\n```",
        );
        assert_eq!(
            a.claim,
            Claim::Escalated {
                reason: "They filed a dispute with their bank.".into(),
                category: EscalationCategory::LegalOrChargeback,
            }
        );
    }

    #[test]
    fn an_object_that_is_not_an_answer_is_left_to_the_prose_reading() {
        let a = parse_final_answer(r#"{"outcome": "resolved", "note": "no message"}"#);
        assert!(matches!(a.claim, Claim::Unparseable(_)));
        assert!(a.tail.is_none());
    }

    #[test]
    fn an_answer_object_without_grounds_rests_on_nothing_it_names() {
        let a =
            parse_final_answer(r#"{"category": null, "message": "Done.", "outcome": "resolved"}"#);
        assert_eq!(a.claim, Claim::Resolved("Done.".into()));
        assert_eq!(a.tail.unwrap().grounds, Grounds::default());
    }

    #[test]
    fn the_answer_schema_names_exactly_the_fields_the_reader_accepts() {
        let schema = answer_schema();
        let fields: Vec<&str> = schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut object = serde_json::Map::new();
        for field in &fields {
            let value = match *field {
                "outcome" => serde_json::json!("escalated"),
                "category" => serde_json::json!("out_of_scope"),
                "grounds" => serde_json::json!({"orders": [], "articles": [], "eligibility": [
                    {"order_id": "O1", "eligible": false}]}),
                "message" => serde_json::json!("A human will change the address."),
                other => panic!("the schema names {other}, which the reader does not know"),
            };
            object.insert((*field).to_string(), value);
        }
        let a = parse_final_answer(&serde_json::Value::Object(object).to_string());
        assert!(matches!(
            a.claim,
            Claim::Escalated {
                category: EscalationCategory::OutOfScope,
                ..
            }
        ));
        let required = schema["required"].as_array().unwrap();
        assert_eq!(
            required,
            &vec![
                serde_json::json!("category"),
                serde_json::json!("message"),
                serde_json::json!("outcome")
            ],
            "all but the grounds are required, so that the outcome comes before them"
        );
        let categories = schema["properties"]["category"]["enum"].as_array().unwrap();
        for c in EscalationCategory::MODEL_CHOICES {
            assert!(categories.contains(&serde_json::json!(c.as_str())), "{c:?}");
        }
    }
}
