//! The judgment of the rules model: from a ticket's reading and the tool calls made so
//! far ([`History`]) to the next step, more calls or the final answer, and the basis
//! it rests on (`judged_on`).

use serde_json::{Value, json};

use super::super::intent::{Intent, IntentGuess};
use super::amounts::{Asked, asked_amount, record_figure};
use super::plan::{Plan, SELF_SERVICE, kb_query, plan};
use super::reading::{OrderIntent, TicketText, legal_threat, readable, strong_threat};
use super::reply::{article_text, describe_status, reason_snippet};
use super::{History, Step};
use crate::tools::contracts::{ISSUE_REFUND, KB_SEARCH, ORDER_LOOKUP, REFUND_ELIGIBILITY};

/// The standing (`kb_search`'s, in standard deviations above the shop's mean) an
/// article needs before the rules answer with it. Calibrated on the development worlds'
/// labelled how-to questions (`ticket-agent-lab answer-calibration`, docs/evals.md): the
/// bar below which near misses outnumber answers.
pub const MIN_ANSWER_STANDING: f64 = 2.0;

/// Whether the rules may answer with `article`: it stands out enough, or the search
/// could not say (lexical search, a shop too small for a baseline).
fn answers(article: &Value) -> bool {
    article["standing"]
        .as_f64()
        .is_none_or(|s| s >= MIN_ANSWER_STANDING)
}

/// What a `missing_order_id` escalation rests on: that the ticket holds no order id, an
/// absence the rules cannot tell from an id written in a way they do not read (as
/// `no_kb_match` rests on an article not found). A cascade sends it on.
const ID_ABSENT: &str = "order_id_absent";

/// What an order the shop does not know rests on: settled when the id is the one the
/// help desk's order field gives, or when the text writes it in one of the shop's own
/// id shapes (a word of exactly the shape every order of the shop has is an order id,
/// if not one of this customer's); a doubt when the rules read it from the text in a
/// common shape only, where the word they took for an id may not be one (a quote
/// number, a product code).
fn not_found(t: &TicketText, id: &str) -> Basis {
    let named = t
        .order_field
        .as_deref()
        .is_some_and(|f| crate::domain::order_id::same_order(f, id));
    if named || t.ids.is_shop_shape(id) {
        Basis::Settled
    } else {
        Basis::Doubt("order_read_from_text")
    }
}

/// What a final answer of the rules rests on, for a cascade to judge
/// ([`crate::model::cascade`]): a fact that settles the ticket whoever reads it, a doubt
/// of the rules' own, or intents whose answer is right only if the ticket meant them.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Basis {
    /// A tool's answer or an unmistakable request settles it: a dispute, an order the
    /// shop does not know, the refund policy sending it to a human.
    Settled,
    /// The rules could not tell; the reason is a fixed code.
    Doubt(&'static str),
    /// The answer is right if the ticket asks for one of these.
    Intents(Vec<Intent>),
}

/// [`decide`], and what its final answer rests on (meaningless while it calls tools).
#[cfg(test)]
pub(super) fn decide(t: &TicketText, h: &History, guess: Option<IntentGuess>) -> Step {
    judged(t, h, guess).0
}

#[cfg(test)]
pub(super) fn judged(t: &TicketText, h: &History, guess: Option<IntentGuess>) -> (Step, Basis) {
    judged_on(t, &Reading::of(t, guess), h, guess)
}

/// What the rules read in a ticket's text (with its guess), before any tool answered:
/// the same on every turn of the ticket, so a model keeps it between turns
/// ([`RulesModel::reading`]).
#[derive(Debug)]
pub(super) struct Reading {
    pub(super) legal_threat: bool,
    pub(super) readable: bool,
    /// `None` when the first two settle the ticket.
    pub(super) plan: Option<Plan>,
}

impl Reading {
    pub(super) fn of(t: &TicketText, guess: Option<IntentGuess>) -> Self {
        let legal_threat = legal_threat(t);
        let readable = !legal_threat && readable(t);
        let settled =
            legal_threat || !readable || guess.is_some_and(|g| g.intent == Intent::Dispute);
        Self {
            legal_threat,
            readable,
            plan: (!settled).then(|| plan(t, guess)),
        }
    }
}

pub(super) fn judged_on(
    t: &TicketText,
    reading: &Reading,
    h: &History,
    guess: Option<IntentGuess>,
) -> (Step, Basis) {
    let intents = |i: &[Intent]| Basis::Intents(i.to_vec());
    let disputed_by_meaning = guess.is_some_and(|g| g.intent == Intent::Dispute);
    if reading.legal_threat || disputed_by_meaning {
        // A lone legal word ("attorney" in a signature) escalates too, and so does a
        // dispute read by meaning alone, but only the words of a threat settle the
        // ticket: either of the others stands if the ticket's meaning confirms a dispute.
        let basis = if strong_threat(t) {
            Basis::Settled
        } else {
            intents(&[Intent::Dispute])
        };
        return (Step::Final("ESCALATED: [legal_or_chargeback] The customer mentions a dispute with their bank or card issuer, a chargeback or legal action; a human must handle this ticket.".into()), basis);
    }
    if !reading.readable {
        return (Step::Final("ESCALATED: [out_of_scope] The ticket is not written in English, which the offline model cannot read; a human must answer it.".into()), Basis::Doubt("unreadable_language"));
    }
    let p = reading
        .plan
        .as_ref()
        .expect("a ticket neither disputed nor unreadable has a plan");
    if p.missing_order_id && p.kb_query.is_none() && p.unsupported.is_empty() {
        return (Step::Final("ESCALATED: [missing_order_id] The customer asks about an order but gives no order id in the ticket.".into()), Basis::Doubt(ID_ABSENT));
    }
    if p.unplaced_order {
        // A request the rules cannot place may still be one the help center tells the
        // customer how to do themselves; only an article that gives steps answers it.
        let query = kb_query(&t.subject, &t.body);
        let Some(out) = h.find(KB_SEARCH, "query", &query) else {
            return (
                Step::Calls(vec![(KB_SEARCH, json!({ "query": query }))]),
                Basis::Doubt("unfinished"),
            );
        };
        let steps = out["articles"].as_array().and_then(|a| {
            a.iter().find(|a| {
                a["body"].as_str().is_some_and(|b| {
                    b.split(['.', ';', '!', '\n'])
                        .any(|s| SELF_SERVICE.is_match(s))
                })
            })
        });
        return match steps {
            Some(article) => (
                Step::Final(format!("RESOLVED: {}", article_text(article))),
                Basis::Doubt("request_unplaced"),
            ),
            None => (Step::Final("ESCALATED: [out_of_scope] The ticket names an order, but what it asks for is not an order status, a refund or a help-center question the offline model can place.".into()), Basis::Doubt("request_unplaced")),
        };
    }
    if p.orders.is_empty()
        && p.unsupported.is_empty()
        && !p.missing_order_id
        && guess.is_some_and(|g| g.intent == Intent::Other)
    {
        return (
            Step::Final(
                "ESCALATED: [out_of_scope] The ticket holds no request a shop's support tools cover."
                    .into(),
            ),
            Basis::Doubt("not_shop_business"),
        );
    }
    let refund_orders = p
        .orders
        .iter()
        .filter(|(_, i)| *i == OrderIntent::Refund)
        .count();
    let mut calls: Vec<(&'static str, Value)> = Vec::new();
    let mut parts: Vec<String> = Vec::new();
    let mut escalation: Option<(&str, String, Basis)> = None;
    let mut answered: Vec<Intent> = Vec::new();
    let mut refund_proposed = false;
    // A doubt about an answer that is otherwise given: it still closes the ticket on the
    // rules' own, but a cascade sends it on.
    let mut doubt: Option<&'static str> = None;

    for (id, intent) in &p.orders {
        let Some(order) = h.find(ORDER_LOOKUP, "order_id", id) else {
            calls.push((ORDER_LOOKUP, json!({ "order_id": id })));
            continue;
        };
        if order.get("error").is_some() {
            escalation.get_or_insert((
                "order_not_found",
                format!("Order {id} was not found for this customer."),
                not_found(t, id),
            ));
            continue;
        }
        // From here on, the order as the shop writes it: the customer may have
        // shortened it ("order 4302"), and the refund must name the shop's id.
        let id = order["order_id"].as_str().unwrap_or(id);
        if *intent == OrderIntent::Status {
            parts.push(describe_status(order));
            answered.push(Intent::Status);
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
                not_found(t, id),
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
                    Basis::Settled,
                ));
            } else {
                parts.push(format!(
                    "Order {id} is not eligible for a refund: {why} (policy {policy})."
                ));
                answered.push(Intent::Refund);
            }
            continue;
        }
        let max = elig["max_amount_usd"].as_f64().unwrap_or(0.0);
        let amount = match asked_amount(t, order, refund_orders) {
            Asked::Sum(asked) => {
                if asked < max && !record_figure(order, asked) {
                    doubt.get_or_insert("amount_not_in_record");
                }
                asked.min(max)
            }
            Asked::Everything => max,
            Asked::Unclear(why) => {
                escalation.get_or_insert((
                    "ambiguous_eligibility",
                    format!("Order {id} is eligible for a refund of up to ${max:.2}, but the amount the customer asks for is unclear: {why}."),
                    Basis::Doubt("amount_unclear"),
                ));
                continue;
            }
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
                answered.push(Intent::Refund);
            }
            Some(r) => {
                escalation.get_or_insert((
                    "ambiguous_eligibility",
                    format!(
                        "The refund for order {id} could not be proposed: {}.",
                        r["error"].as_str().unwrap_or("unknown error")
                    ),
                    Basis::Doubt("refund_not_proposed"),
                ));
            }
        }
    }
    // Only an article that stands out among the shop's for the question answers it: the
    // rules cannot read an article, and one that merely shares the question's subject
    // (a near miss) clears the search's own gate as often as the answer does.
    let articles = |out: &Value| {
        out["articles"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|a| answers(a))
            .cloned()
            .collect::<Vec<Value>>()
    };
    if let Some(query) = &p.kb_query {
        let first = h.find(KB_SEARCH, "query", query);
        // One reformulation before concluding there is no answer.
        let answer = match (first, &p.kb_retry) {
            (Some(out), Some(retry)) if articles(out).is_empty() => {
                h.find(KB_SEARCH, "query", retry)
            }
            (Some(out), _) => Some(out),
            (None, _) => None,
        };
        match answer {
            None if first.is_none() => calls.push((KB_SEARCH, json!({ "query": query }))),
            None => calls.push((
                KB_SEARCH,
                json!({ "query": p.kb_retry.as_deref().unwrap_or(query) }),
            )),
            Some(out) => match articles(out).first() {
                Some(article) => {
                    parts.push(article_text(article));
                    answered.push(Intent::HowTo);
                }
                None if p.orders.is_empty() && p.missing_order_id => {
                    escalation.get_or_insert((
                        "missing_order_id",
                        "The customer asks about an order but gives no order id.".into(),
                        Basis::Doubt(ID_ABSENT),
                    ));
                }
                None => {
                    escalation.get_or_insert((
                        "no_kb_match",
                        "No help-center article answers the customer's question.".into(),
                        Basis::Doubt("no_kb_match"),
                    ));
                }
            },
        }
    }
    let mut missing = Vec::new();
    for (action, own_words, plain) in &p.unsupported_queries {
        let helps = |out: &Value| articles(out).into_iter().find(|a| action.self_service(a));
        // The customer's words find articles near their story; the action named plainly
        // finds the articles about the action. An article of the first search answers
        // only if the second finds it too: one that merely mentions the action's word
        // ("enter your order number and the email address" in the returns article) is
        // not about changing an address.
        let (Some(own), Some(named)) = (
            h.find(KB_SEARCH, "query", own_words),
            h.find(KB_SEARCH, "query", plain),
        ) else {
            for q in [own_words, plain] {
                if h.find(KB_SEARCH, "query", q).is_none()
                    && !calls.iter().any(|(_, args)| args["query"] == q.as_str())
                {
                    calls.push((KB_SEARCH, json!({ "query": q })));
                }
            }
            continue;
        };
        let about: Vec<Value> = articles(named);
        let answer = helps(own)
            .filter(|a| about.iter().any(|b| b["id"] == a["id"]))
            .or_else(|| helps(named));
        match answer {
            Some(a) => {
                let text = article_text(&a);
                if !parts.contains(&text) {
                    parts.push(text);
                }
                answered.extend([Intent::Unsupported, Intent::HowTo]);
            }
            None => missing.push(action.describe()),
        }
    }
    if !missing.is_empty() {
        // What no tool and no article can do for the customer outranks a question the
        // help center could not answer: a human must take the request itself.
        if escalation
            .as_ref()
            .is_none_or(|(c, ..)| *c == "no_kb_match")
        {
            escalation = Some((
                "out_of_scope",
                format!(
                    "The customer asks us to {}, which no tool can do, and no help-center article tells them how to do it themselves.",
                    missing.join(" and ")
                ),
                // The action was named in the ticket's words; the answer stands if the
                // ticket is indeed a request of that kind.
                intents(&[Intent::Unsupported]),
            ));
        }
    }
    if !calls.is_empty() {
        return (Step::Calls(calls), Basis::Doubt("unfinished"));
    }
    if let Some((category, reason, basis)) = escalation {
        return (
            Step::Final(format!("ESCALATED: [{category}] {reason}")),
            basis,
        );
    }
    if parts.is_empty() {
        return (
            Step::Final(
                "ESCALATED: [out_of_scope] The ticket holds no request the tools can answer."
                    .into(),
            ),
            Basis::Doubt("no_request_found"),
        );
    }
    let prefix = if refund_proposed {
        "REFUND_PROPOSED"
    } else {
        "RESOLVED"
    };
    (
        Step::Final(format!("{prefix}: {}", parts.join(" "))),
        doubt.map_or(Basis::Intents(answered), Basis::Doubt),
    )
}
