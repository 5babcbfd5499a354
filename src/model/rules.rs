//! The offline `rules` model: a deterministic [`ChatModel`] with no network.
//!
//! It is not an LLM. It is a baseline and a fallback, named as what it is: it reads
//! the ticket from the conversation, decides intents with plain text rules (order
//! status, refund, how-to via the knowledge base, legal threats), and drives the same
//! loop through real tool calls, reading the real tool results. It never knows ids or
//! phrases in advance: order ids come from the ticket's field or from patterns in its
//! text, and instructions inside the ticket never change what it does, because
//! nothing in the text can reach the policy — only the tools' answers can.

use std::collections::HashMap;
use std::sync::LazyLock;

use async_trait::async_trait;
use regex::Regex;
use serde_json::{Value, json};

use super::{ChatModel, ChatRequest, ChatResponse, ModelError};
use crate::conversation::{Content, Message, Role, StopReason, ToolArguments, ToolCall, Usage};
use crate::prompt::parse_rendered_ticket;
use crate::tools::contracts::{ISSUE_REFUND, KB_SEARCH, ORDER_LOOKUP, REFUND_ELIGIBILITY};

/// The rules model.
#[derive(Debug, Default, Clone)]
pub struct RulesModel;

impl RulesModel {
    /// The rules model.
    pub fn new() -> Self {
        Self
    }
}

#[async_trait]
impl ChatModel for RulesModel {
    fn label(&self) -> String {
        "rules".into()
    }

    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        let turn = request
            .messages
            .iter()
            .filter(|m| m.role == Role::Assistant)
            .count()
            + 1;
        let ticket = request
            .messages
            .first()
            .and_then(|m| parse_rendered_ticket(&m.text()));
        let step = match ticket {
            None => Step::Final(
                "ESCALATED: [out_of_scope] The ticket could not be read from the conversation."
                    .into(),
            ),
            Some(ticket) => decide(&TicketText::new(&ticket), &History::read(request.messages)),
        };
        // Rough token counts, so usage and cost columns mean the same for every model.
        let input_tokens = request
            .messages
            .iter()
            .map(|m| {
                serde_json::to_string(m)
                    .map(|s| s.len() as u64 / 4)
                    .unwrap_or(0)
            })
            .sum::<u64>()
            + request.system.len() as u64 / 4;
        let (content, stop_reason) = match step {
            Step::Final(text) => (vec![Content::Text { text }], StopReason::EndTurn),
            Step::Calls(calls) => (
                calls
                    .into_iter()
                    .enumerate()
                    .map(|(i, (name, args))| {
                        Content::ToolCall(ToolCall {
                            id: format!("call_{turn}_{i}"),
                            name: name.to_string(),
                            arguments: ToolArguments::Json { value: args },
                        })
                    })
                    .collect(),
                StopReason::ToolUse,
            ),
        };
        let output_tokens = serde_json::to_string(&content)
            .map(|s| s.len() as u64 / 4)
            .unwrap_or(0);
        Ok(ChatResponse {
            message: Message {
                role: Role::Assistant,
                content,
            },
            stop_reason,
            usage: Usage {
                input_tokens,
                output_tokens,
            },
        })
    }
}

enum Step {
    Calls(Vec<(&'static str, Value)>),
    Final(String),
}

/// The tool calls made so far and their answers.
struct History {
    done: Vec<(String, Value, Value)>,
}

impl History {
    fn read(messages: &[Message]) -> Self {
        let mut calls: HashMap<&str, (&str, Value)> = HashMap::new();
        let mut done = Vec::new();
        for m in messages {
            for c in &m.content {
                match c {
                    Content::ToolCall(call) => {
                        calls.insert(&call.id, (&call.name, call.arguments.to_wire_value()));
                    }
                    Content::ToolResult(result) => {
                        if let Some((name, args)) = calls.get(result.tool_call_id.as_str()) {
                            done.push((name.to_string(), args.clone(), result.output.clone()));
                        }
                    }
                    Content::Text { .. } => {}
                }
            }
        }
        Self { done }
    }

    fn find(&self, tool: &str, key: &str, value: &str) -> Option<&Value> {
        self.done
            .iter()
            .rev()
            .find(|(name, args, _)| name == tool && args[key].as_str() == Some(value))
            .map(|(_, _, out)| out)
    }
}

/// The parts of the ticket the rules read.
struct TicketText {
    ticket_id: String,
    customer_id: String,
    order_field: Option<String>,
    subject: String,
    /// Subject and body without quoted replies and signatures.
    text: String,
}

impl TicketText {
    fn new(ticket: &Value) -> Self {
        let s = |k: &str| ticket[k].as_str().unwrap_or_default().to_string();
        let subject = s("subject");
        let body = strip_quotes_and_signature(&s("body"));
        Self {
            ticket_id: s("ticket_id"),
            customer_id: s("customer_id"),
            order_field: ticket["order_id"]
                .as_str()
                .filter(|o| !o.is_empty())
                .map(str::to_string),
            text: format!("{subject}\n{body}"),
            subject,
        }
    }
}

fn strip_quotes_and_signature(body: &str) -> String {
    static WROTE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*(on .{3,120} wrote:|-{2,} ?original message ?-{2,}|from: .+)$")
            .unwrap()
    });
    let mut out = Vec::new();
    for line in body.lines() {
        let t = line.trim_end();
        if t == "--" || t == "-- " || WROTE.is_match(t) {
            break;
        }
        if t.trim_start().starts_with('>') {
            continue;
        }
        out.push(t);
    }
    out.join("\n")
}

macro_rules! re {
    ($name:ident, $pat:expr) => {
        static $name: LazyLock<Regex> = LazyLock::new(|| Regex::new($pat).unwrap());
    };
}

re!(
    LEGAL,
    r"(?i)charge[\s-]?backs?|\blawyers?\b|\battorneys?\b|\bsolicitors?\b|law\s?suits?|\bsue\b|\bsuing\b|legal action|small[\s-]claims|\bcourt\b|dispute (?:the|this|a) (?:charge|transaction|payment)|file a (?:dispute|claim) with my (?:bank|card)|reverse the (?:charge|payment)|\blegal(?:ly)?\b|\blegal team\b|\bconsumer (?:protection|rights) (?:agency|authority|office)|\bdisput\w* (?:the|this|a|my) (?:charge|transaction|payment)|\b(?:my|the) bank to (?:reverse|dispute)"
);
re!(
    REFUND,
    r"(?i)\brefund|money back|reimburs|\breturn (?:it|this|them|the|my)|send (?:it|this|them) back|charged twice|double[\s-]charged|\bcompensat|\brefnud|\brefund?d?\b"
);
re!(
    DAMAGE,
    r"(?i)\bbroken\b|\bbroke\b|damaged|defective|doesn'?t work|does not work|stopped working|not working|\bchipped\b|\bcracked\b|wrong (?:item|size|colou?r)|faulty"
);
re!(
    STATUS,
    r"(?i)where(?:'s| is| are)\b|\bstatus\b|\btrack|\bshipped\b|\bship\b|\bshipping update|\barriv|\bdeliver|\beta\b|when will|\bhasn'?t (?:come|arrived)|not (?:yet )?received|still waiting|on its way|dispatch|\blate\b|\bupdate on\b|\bany (?:news|update)|\bnews (?:on|about)\b|\b(?:shown|show|turned|turn) up\b|\bhaven'?t (?:got|gotten|received)|\bnever (?:came|arrived)\b"
);
re!(
    HOWTO,
    r"(?i)\bhow (?:do|can|does|to|long|much|many|would|should)\b|\bcan i\b|\bcould i\b|\bwhere (?:do|can|should) i\b|\bis it possible\b|\bwhat (?:is|are|'s)\b|\bwhat's\b|\bdo you\b|\bdoes your\b|\bis there\b|\bi forgot\b|\bi can'?t (?:log|sign)|\bhow\b"
);
re!(
    MY_ORDER,
    r"(?i)\b(?:my|our)\s+(?:[\w-]+\s+){0,3}?(?:order|package|parcel|delivery|shipment|purchase|refund|money|item|stuff)s?\b"
);
re!(
    PROCEDURE,
    r"(?i)\bhow (?:do|can|to|would|should)\b|\bcan i\b|\bcould i\b|\bwhere (?:do|can|should) i\b"
);
re!(CANCEL, r"(?i)\bcancel\b|\bcancellation\b");
re!(
    FULL_REFUND,
    r"(?i)full refund|whole (?:amount|order)|entire (?:amount|order)|everything back"
);
re!(
    AMOUNT,
    r"(?i)(?:\$|usd\s?)\s?(\d{1,7}(?:[.,]\d{1,2})?)|(\d{1,7}(?:\.\d{1,2})?)\s?(?:usd|dollars|bucks)\b"
);
re!(
    ORDER_CONTEXT,
    r"(?i)\border\b\s*(?:number|no\.?|id|nr\.?|#)?\s*[:#]?\s*([A-Za-z0-9][A-Za-z0-9_-]{2,31})"
);
re!(HASH_ID, r"#\s?([A-Za-z0-9][A-Za-z0-9_-]{2,31})");
re!(ID_TOKEN, r"\b([A-Za-z]{1,4}[-_]?\d{3,12})\b");
re!(
    NOT_ORDER_CONTEXT,
    r"(?i)(?:customer|account|ticket|member|sku|item|model|zip|postcode|invoice)\s*(?:number|no\.?|id|#)?\s*[:#]?\s*$"
);

/// Order ids mentioned in the ticket: the form's field first, then ids named after
/// "order" or "#", then (only if none) bare id-shaped tokens.
fn order_ids(t: &TicketText) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let push = |id: String, out: &mut Vec<String>| {
        if !out.iter().any(|o| o.eq_ignore_ascii_case(&id)) {
            out.push(id);
        }
    };
    if let Some(f) = &t.order_field {
        push(f.clone(), &mut out);
    }
    let has_digit = |s: &str| s.chars().any(|c| c.is_ascii_digit());
    let excluded =
        |s: &str| s.eq_ignore_ascii_case(&t.customer_id) || s.eq_ignore_ascii_case(&t.ticket_id);
    let mut contextual = Vec::new();
    for re in [&*ORDER_CONTEXT, &*HASH_ID] {
        for c in re.captures_iter(&t.text) {
            let m = c.get(1).expect("group 1");
            let id = m.as_str().trim_end_matches(['-', '_']);
            if has_digit(id) && !excluded(id) {
                contextual.push((m.start(), normalise_id(id)));
            }
        }
    }
    if contextual.is_empty() {
        for m in ID_TOKEN.find_iter(&t.text) {
            let before = &t.text[..m.start()];
            if !excluded(m.as_str()) && !NOT_ORDER_CONTEXT.is_match(before) {
                contextual.push((m.start(), normalise_id(m.as_str())));
            }
        }
    }
    contextual.sort_by_key(|(pos, _)| *pos);
    for (_, id) in contextual {
        push(id, &mut out);
    }
    out.truncate(3);
    out
}

/// Ids in shops are upper-case by convention; customers often type them lower-case.
fn normalise_id(id: &str) -> String {
    id.to_ascii_uppercase()
}

/// Sentences (and lines) of the text.
/// A clause of the text, and whether its sentence ended in a question mark.
#[derive(Debug, Clone, Copy)]
struct Clause<'a> {
    text: &'a str,
    asks: bool,
}

/// Sentences split further at commas (so "where is O1002, and how do I reset my
/// password?" is two requests); the clause that ends a sentence with a question mark
/// is marked as asking.
fn clauses(text: &str) -> Vec<Clause<'_>> {
    fn push_sentence<'a>(sentence: &'a str, asks: bool, out: &mut Vec<Clause<'a>>) {
        let parts: Vec<&str> = sentence
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        let last = parts.len().saturating_sub(1);
        for (k, part) in parts.into_iter().enumerate() {
            out.push(Clause {
                text: part,
                asks: asks && k == last,
            });
        }
    }
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        // "$8.99" and "v1.2" are not two sentences.
        let decimal = c == '.'
            && i > 0
            && bytes[i - 1].is_ascii_digit()
            && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        if matches!(c, '.' | '!' | '?' | '\n' | ';') && !decimal {
            push_sentence(&text[start..i], c == '?', &mut out);
            start = i + c.len_utf8();
        }
    }
    push_sentence(&text[start..], false, &mut out);
    out
}

fn is_question(c: &Clause<'_>) -> bool {
    c.asks || HOWTO.is_match(c.text)
}

/// A request about the customer's own order ("where is my order", "what's the ETA on
/// my order", "I want my money back"), as opposed to a general question ("how long
/// does shipping take?", "how do I change the address you ship to for my orders?").
fn is_request(c: &Clause<'_>) -> bool {
    let about_orders = STATUS.is_match(c.text) || REFUND.is_match(c.text);
    about_orders && (!is_question(c) || (MY_ORDER.is_match(c.text) && !PROCEDURE.is_match(c.text)))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OrderIntent {
    Refund,
    Status,
}

/// What the ticket asks, decided from its text alone.
struct Plan {
    orders: Vec<(String, OrderIntent)>,
    kb_query: Option<String>,
    /// A broader query, tried when the first finds nothing.
    kb_retry: Option<String>,
    missing_order_id: bool,
    requested_amount: Option<f64>,
    full_refund: bool,
}

fn plan(t: &TicketText) -> Plan {
    let ids = order_ids(t);
    let all = clauses(&t.text);
    let mentions = |c: &Clause<'_>, id: &str| {
        c.text
            .to_ascii_uppercase()
            .contains(&id.to_ascii_uppercase())
    };
    let refund_any = REFUND.is_match(&t.text) || (!ids.is_empty() && DAMAGE.is_match(&t.text));
    let mut orders = Vec::new();
    for id in &ids {
        let own: Vec<Clause<'_>> = all.iter().copied().filter(|c| mentions(c, id)).collect();
        let own_refund = own
            .iter()
            .any(|c| REFUND.is_match(c.text) || DAMAGE.is_match(c.text));
        let own_status = own.iter().any(|c| STATUS.is_match(c.text));
        let own_howto = !own.is_empty() && own.iter().all(|c| is_question(c) && !is_request(c));
        let intent = if ids.len() == 1 {
            if refund_any {
                Some(OrderIntent::Refund)
            } else if own_howto && !STATUS.is_match(&t.text) {
                None
            } else {
                Some(OrderIntent::Status)
            }
        } else if own_refund {
            Some(OrderIntent::Refund)
        } else if own_status || !own_howto {
            Some(OrderIntent::Status)
        } else {
            None
        };
        if let Some(intent) = intent {
            orders.push((id.clone(), intent));
        }
    }
    // General questions: not requests about the customer's own order, and not about an
    // order the plan already covers.
    // A subject line is a label ("Refund policy", "Order status"), not a request,
    // unless it names the customer's own order.
    let subject_len = clauses(&t.subject).len();
    let requests_without_id = ids.is_empty()
        && all
            .iter()
            .enumerate()
            .any(|(i, c)| is_request(c) && (i >= subject_len || MY_ORDER.is_match(c.text)));
    // Beside an order request, a question about orders ("is there a tracking link?")
    // is part of that request, not a help-center question.
    let order_business = !orders.is_empty() || requests_without_id;
    let questions: Vec<&str> = all
        .iter()
        .filter(|c| is_question(c) && !is_request(c))
        .filter(|c| !orders.iter().any(|(id, _)| mentions(c, id)))
        .filter(|c| !order_business || !(REFUND.is_match(c.text) || STATUS.is_match(c.text)))
        // With an order answered, only a real how-to question is worth a search.
        .filter(|c| orders.is_empty() || HOWTO.is_match(c.text))
        .map(|c| c.text)
        .collect();
    let kb_query = if !questions.is_empty() {
        Some(questions.join(". "))
    } else if orders.is_empty() && !requests_without_id {
        // Nothing recognisable: let the knowledge base judge the whole text.
        Some(t.text.trim().to_string())
    } else {
        None
    };
    let amounts: Vec<f64> = AMOUNT
        .captures_iter(&t.text)
        .filter_map(|c| c.get(1).or(c.get(2)))
        .filter_map(|m| m.as_str().replace(',', ".").parse().ok())
        .filter(|a: &f64| *a > 0.0)
        .collect();
    // "Cancel my order" asks for something no tool does; the help center says how the
    // customer can do it, and the order's status says whether they still can.
    let kb_query = match kb_query {
        None if CANCEL.is_match(&t.text) && !refund_any => {
            Some("How do I cancel an order".to_string())
        }
        q => q,
    };
    let kb_query = kb_query.filter(|q| !q.is_empty());
    let subject = Clause {
        text: t.subject.trim(),
        asks: false,
    };
    let kb_retry = kb_query
        .as_ref()
        .filter(|q| !subject.text.is_empty() && !q.contains(subject.text) && !is_request(&subject))
        .map(|q| format!("{}. {q}", t.subject.trim()));
    Plan {
        orders,
        kb_retry,
        kb_query,
        missing_order_id: requests_without_id && ids.is_empty(),
        requested_amount: amounts.into_iter().reduce(f64::min),
        full_refund: FULL_REFUND.is_match(&t.text),
    }
}

fn decide(t: &TicketText, h: &History) -> Step {
    if LEGAL.is_match(&t.text) {
        return Step::Final("ESCALATED: [legal_or_chargeback] The customer mentions a chargeback or legal action; a human must handle this ticket.".into());
    }
    let p = plan(t);
    if p.missing_order_id && p.kb_query.is_none() {
        return Step::Final("ESCALATED: [missing_order_id] The customer asks about an order but gives no order id in the ticket.".into());
    }
    let mut calls: Vec<(&'static str, Value)> = Vec::new();
    let mut parts: Vec<String> = Vec::new();
    let mut escalation: Option<(&str, String)> = None;
    let mut refund_proposed = false;

    for (id, intent) in &p.orders {
        let Some(order) = h.find(ORDER_LOOKUP, "order_id", id) else {
            calls.push((ORDER_LOOKUP, json!({ "order_id": id })));
            continue;
        };
        if order.get("error").is_some() {
            escalation.get_or_insert((
                "order_not_found",
                format!("Order {id} was not found for this customer."),
            ));
            continue;
        }
        if *intent == OrderIntent::Status {
            parts.push(describe_status(order));
            continue;
        }
        let Some(elig) = h.find(REFUND_ELIGIBILITY, "order_id", id) else {
            calls.push((
                REFUND_ELIGIBILITY,
                json!({ "order_id": id, "reason": reason_snippet(&t.text) }),
            ));
            continue;
        };
        if elig.get("error").is_some() {
            escalation.get_or_insert((
                "order_not_found",
                format!("Order {id} was not found for this customer."),
            ));
            continue;
        }
        let why = elig["reason"].as_str().unwrap_or("no reason given");
        let policy = elig["policy_ref"].as_str().unwrap_or("refund-policy");
        if elig["eligible"] != Value::Bool(true) {
            if elig["escalate"] == Value::Bool(true) {
                escalation.get_or_insert((
                    "ambiguous_eligibility",
                    format!("Refund request for order {id} needs a human: {why} ({policy})."),
                ));
            } else {
                parts.push(format!(
                    "Order {id} is not eligible for a refund: {why} (policy {policy})."
                ));
            }
            continue;
        }
        let max = elig["max_amount_usd"].as_f64().unwrap_or(0.0);
        let amount = match p.requested_amount {
            Some(asked) if !p.full_refund && asked < max => asked,
            _ => max,
        };
        let key = format!("refund-{}-{id}", t.ticket_id);
        match h.find(ISSUE_REFUND, "order_id", id) {
            None => calls.push((
                ISSUE_REFUND,
                json!({ "order_id": id, "amount_usd": amount, "idempotency_key": key }),
            )),
            Some(r) if r["status"] == "pending_approval" => {
                refund_proposed = true;
                parts.push(format!(
                    "We have proposed a refund of ${amount:.2} for order {id} (policy {policy}); a team member will approve it shortly, and approved refunds reach the original payment method within 5 to 7 business days."
                ));
            }
            Some(r) => {
                escalation.get_or_insert((
                    "ambiguous_eligibility",
                    format!(
                        "The refund for order {id} could not be proposed: {}.",
                        r["error"].as_str().unwrap_or("unknown error")
                    ),
                ));
            }
        }
    }
    if let Some(query) = &p.kb_query {
        let first = h.find(KB_SEARCH, "query", query);
        let empty = |out: &Value| out["articles"].as_array().is_none_or(|a| a.is_empty());
        // One reformulation, with the subject line, before concluding there is no answer.
        let answer = match (first, &p.kb_retry) {
            (Some(out), Some(retry)) if empty(out) => {
                h.find(KB_SEARCH, "query", retry).map(|o| (o, retry))
            }
            (Some(out), _) => Some((out, query)),
            (None, _) => None,
        };
        match answer.map(|(o, _)| o) {
            None if first.is_none() => calls.push((KB_SEARCH, json!({ "query": query }))),
            None => calls.push((
                KB_SEARCH,
                json!({ "query": p.kb_retry.as_deref().unwrap_or(query) }),
            )),
            Some(out) => match out["articles"].as_array().and_then(|a| a.first()) {
                Some(article) => parts.push(format!(
                    "{}: {}",
                    article["title"].as_str().unwrap_or_default(),
                    article["body"].as_str().unwrap_or_default()
                )),
                None if p.orders.is_empty() && p.missing_order_id => {
                    escalation.get_or_insert((
                        "missing_order_id",
                        "The customer asks about an order but gives no order id.".into(),
                    ));
                }
                None => {
                    escalation.get_or_insert((
                        "no_kb_match",
                        "No help-center article answers the customer's question.".into(),
                    ));
                }
            },
        }
    }
    if !calls.is_empty() {
        return Step::Calls(calls);
    }
    if let Some((category, reason)) = escalation {
        return Step::Final(format!("ESCALATED: [{category}] {reason}"));
    }
    if parts.is_empty() {
        return Step::Final(
            "ESCALATED: [out_of_scope] The ticket holds no request the tools can answer.".into(),
        );
    }
    let prefix = if refund_proposed {
        "REFUND_PROPOSED"
    } else {
        "RESOLVED"
    };
    Step::Final(format!("{prefix}: {}", parts.join(" ")))
}

fn reason_snippet(text: &str) -> String {
    let s: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let s: String = s.chars().take(300).collect();
    if s.is_empty() {
        "customer request".into()
    } else {
        s
    }
}

fn describe_status(order: &Value) -> String {
    let id = order["order_id"].as_str().unwrap_or("?");
    let date = |k: &str| {
        order[k]
            .as_str()
            .map(|d| d.get(..10).unwrap_or(d).to_string())
    };
    let items: Vec<&str> = order["items"]
        .as_array()
        .map(|a| a.iter().filter_map(|i| i["name"].as_str()).collect())
        .unwrap_or_default();
    let what = if items.is_empty() {
        String::new()
    } else {
        format!(" ({})", items.join(", "))
    };
    let tracking = match (order["carrier"].as_str(), order["tracking_number"].as_str()) {
        (Some(c), Some(n)) => format!(" with {c}, tracking number {n}"),
        _ => String::new(),
    };
    match order["status"].as_str().unwrap_or("unknown") {
        "processing" => format!(
            "Order {id}{what} was placed on {} and is being processed; it has not shipped yet, and you will receive tracking details by email once it does.",
            date("order_date").unwrap_or_default()
        ),
        "shipped" => format!(
            "Order {id}{what} shipped on {}{tracking} and is on its way.",
            date("shipped_at").unwrap_or_else(|| "a recent date".into())
        ),
        "delivered" => match date("delivered_at") {
            Some(d) => format!("Order {id}{what} was delivered on {d}{tracking}."),
            None => format!("Order {id}{what} is marked as delivered{tracking}."),
        },
        "cancelled" => {
            format!("Order {id}{what} was cancelled and its amount was refunded automatically.")
        }
        "returned" => format!("Order {id}{what} was returned to us."),
        other => format!("Order {id}{what} has status {other}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(subject: &str, body: &str, order: Option<&str>) -> TicketText {
        TicketText::new(&json!({
            "ticket_id": "T1", "customer_id": "C001", "order_id": order,
            "subject": subject, "body": body
        }))
    }

    #[test]
    fn order_ids_come_from_the_field_then_the_text_in_many_shapes() {
        assert_eq!(order_ids(&text("Where is o1002?", "", None)), vec!["O1002"]);
        assert_eq!(
            order_ids(&text("Order #55102", "also ORD-77812 please", None)),
            vec!["55102"]
        );
        assert_eq!(
            order_ids(&text("x", "my order number: ORD-77812", Some("A1"))),
            vec!["A1", "ORD-77812"]
        );
        // The customer's own id is not an order.
        assert!(order_ids(&text("hi", "customer C001 here, how do I log in", None)).is_empty());
    }

    #[test]
    fn quoted_replies_and_signatures_are_not_read() {
        let t = text(
            "Re: your order",
            "Any news?\n\nOn Mon, Nov 23, 2026 Shop wrote:\n> refund O1001\n",
            None,
        );
        assert!(!t.text.contains("O1001"));
        let t = text("x", "Where is it?\n-- \nJane, order O1007 fan", None);
        assert!(!t.text.contains("O1007"));
    }

    #[test]
    fn a_how_to_question_about_refunds_is_a_kb_question_not_a_refund() {
        let p = plan(&text(
            "Question",
            "How do I get a refund for something?",
            None,
        ));
        assert!(p.orders.is_empty() && p.kb_query.is_some() && !p.missing_order_id);
        let p = plan(&text("Refund", "I want my money back for the lamp.", None));
        assert!(p.missing_order_id);
    }

    #[test]
    fn requested_amounts_are_read_and_the_smallest_wins() {
        let p = plan(&text(
            "Refund",
            "Refund just $8.99 of the $33.97 order O1010",
            None,
        ));
        assert_eq!(p.requested_amount, Some(8.99));
    }
}
