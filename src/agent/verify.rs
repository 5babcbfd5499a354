//! Verification: an outcome is believed only as far as the trace supports it.
//!
//! Trusting the model's final string alone was a real bug in the design this project
//! grows from. The rules (docs/verification.md):
//!
//! 1. A refund action stands only if, in this run, `refund_eligibility` answered
//!    `eligible: true` for its order and the amount is at most that answer's
//!    `max_amount_usd`. Otherwise it is dropped and the ticket escalated as
//!    `verification_failed`.
//! 2. `REFUND_PROPOSED` needs at least one refund action that stands.
//! 3. `RESOLVED` must not leave a refund proposed (it would be a refund nobody is
//!    told about).
//! 4. `RESOLVED` and `REFUND_PROPOSED` need at least one successful grounding result:
//!    an order found, an eligibility answer, or a knowledge-base article.
//! 5. An escalation carries no actions: the human who takes the ticket decides.
//! 6. What a structured tail says the answer rests on holds in this run: each order
//!    it names was found by `order_lookup`, each article was returned by `kb_search`,
//!    each eligibility answer was given by `refund_eligibility`; its outcome agrees
//!    with the prefix; and its kind of answer has the grounds that kind needs.
//! 7. A sentence that states an order's status (shipped, delivered, on its way…) names
//!    only orders this run looked up (the ticket's, the tools', and any id the message
//!    itself names), and states what the looked-up record says ([`super::status_claim`]).
//! 8. A closed ticket's message claims no action that no tool performed: nothing here
//!    cancels, changes, exchanges or sends, and a refund is only ever proposed.
//! 9. Each article a `RESOLVED` answer rests on (its tail's, or one whose words it
//!    quotes) speaks to the customer's question ([`super::relevance`]).

use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

use super::follow_up;
use super::relevance::Judgment;
use super::status_claim::{self, StatusClaim};
use super::{Trace, TraceStep};
use crate::domain::approval::{EligibilityBasis, PendingAction};
use crate::domain::money::Usd;
use crate::domain::order_id::{OrderIdPattern, names_order, same_order};
use crate::domain::outcome::{Claim, EscalationCategory, FinalAnswer, Outcome, OutcomeKind, Tail};
use crate::domain::thread::Thread;
use crate::domain::ticket::Ticket;
use crate::tools::CallStatus;
use crate::tools::contracts::{KB_SEARCH, ORDER_LOOKUP, REFUND_ELIGIBILITY};

/// Checks `claim` against `trace` and turns it into the ticket's outcome; writes the
/// verdict into the trace. `claim` is `Err` when the loop already decided (budget,
/// model failure). A claim without a tail and without a ticket: rules 6, 7 and 9 have
/// less to read; see [`verify_answer`].
pub fn verify(
    claim: Result<Claim, Outcome>,
    trace: &mut Trace,
    pending: Vec<PendingAction>,
) -> Outcome {
    let answer = claim.map(|claim| FinalAnswer {
        claim,
        tail: None,
        tail_error: None,
    });
    verify_answer(answer, trace, pending, &Evidence::default())
}

/// What verification reads beside the claim, the trace and the pending actions: what
/// the ticket says, and how the articles the run found relate to it.
#[derive(Debug, Clone, Default)]
pub struct Evidence {
    /// The order ids the ticket names ([`ticket_orders`]); rule 7 holds a message to
    /// these, and to every order a tool was asked about.
    pub known_orders: Vec<String>,
    /// The shop's order ids (`commerce.order_id_pattern`), for the ids a message names.
    pub order_ids: OrderIdPattern,
    /// The ticket's customer, whose id is never read as an order's.
    pub customer_id: String,
    /// Each article a search of the run returned, judged against the customer's
    /// question; `None`: not judged, and rule 9 has nothing to read.
    pub relevance: Option<Vec<Judgment>>,
    /// What was said and done on the ticket before this message (rule 10).
    pub thread: Thread,
}

impl Evidence {
    /// The evidence of `ticket` in a shop whose order ids look like `ids`, with the
    /// articles of the run judged (`relevance`).
    pub fn of(ticket: &Ticket, ids: &OrderIdPattern, relevance: Option<Vec<Judgment>>) -> Self {
        Self {
            known_orders: ticket_orders(ticket, ids),
            order_ids: ids.clone(),
            customer_id: ticket.customer_id.to_string(),
            relevance,
            thread: ticket.thread.clone(),
        }
    }
}

/// The order ids a ticket names: its form's field and the words of its text that are
/// order ids in this shop (`ids`: `commerce.order_id_pattern`). Rule 7 holds a message
/// to these (and to every order a tool was asked about).
pub fn ticket_orders(ticket: &Ticket, ids: &OrderIdPattern) -> Vec<String> {
    let mut out: Vec<String> = ticket.order_id.iter().map(|o| o.to_string()).collect();
    // The quoted earlier messages name orders of this conversation too.
    let quoted = ticket.quoted.as_deref().unwrap_or_default();
    let text = format!("{}\n{}\n{quoted}", ticket.subject, ticket.body);
    for (start, id) in ids.find(&text) {
        let before = text[..start].chars().next_back();
        // "$2499" and "12.5000" are amounts, not ids.
        if matches!(before, Some('$' | '.' | ',')) || id == ticket.customer_id.as_ref() {
            continue;
        }
        // A bare number is an order id only where the text says so ("#55102",
        // "order 55102"); otherwise it is a year, a price or a phone number.
        if id.bytes().all(|b| b.is_ascii_digit()) {
            let lead: String = text[..start].chars().rev().take(16).collect();
            let lead: String = lead.chars().rev().collect::<String>().to_ascii_lowercase();
            if !(lead.trim_end().ends_with('#') || lead.contains("order")) {
                continue;
            }
        }
        if !out.iter().any(|o| same_order(o, id)) {
            out.push(id.to_string());
        }
    }
    out
}

/// Checks a final answer (its claim and its structured tail, if any) against `trace`
/// and turns it into the ticket's outcome; writes the verdict into the trace.
/// `evidence` is what the ticket says ([`Evidence::of`]).
pub fn verify_answer(
    answer: Result<FinalAnswer, Outcome>,
    trace: &mut Trace,
    pending: Vec<PendingAction>,
    evidence: &Evidence,
) -> Outcome {
    let mut notes = Vec::new();
    let (claimed, outcome) = match answer {
        Err(decided) => {
            if !pending.is_empty() {
                notes.push(format!(
                    "{} pending action(s) dropped: the ticket is escalated",
                    pending.len()
                ));
            }
            ("(none)".to_string(), decided)
        }
        Ok(answer) => {
            let claimed = claim_name(&answer.claim).to_string();
            let outcome = judge_answer(answer, trace, pending, evidence, &mut notes);
            (claimed, outcome)
        }
    };
    trace.steps.push(TraceStep::Verification {
        claimed,
        verdict: outcome.kind().to_string(),
        notes,
    });
    outcome
}

fn claim_name(claim: &Claim) -> &'static str {
    match claim {
        Claim::Resolved(_) => "resolved",
        Claim::RefundProposed(_) => "refund_proposed",
        Claim::Escalated { .. } => "escalated",
        Claim::Unparseable(_) => "unparseable",
    }
}

/// Rules 1–5 on the claim, then rules 6–9 on what a closed ticket's message and tail
/// say.
fn judge_answer(
    answer: FinalAnswer,
    trace: &Trace,
    pending: Vec<PendingAction>,
    evidence: &Evidence,
    notes: &mut Vec<String>,
) -> Outcome {
    let FinalAnswer {
        claim,
        tail,
        tail_error,
    } = answer;
    let closes = matches!(claim, Claim::Resolved(_) | Claim::RefundProposed(_));
    if let Some(e) = tail_error
        && closes
    {
        if !pending.is_empty() {
            notes.push(format!("{} pending action(s) dropped", pending.len()));
        }
        return Outcome::escalated(
            EscalationCategory::UnparseableOutcome,
            format!("the final message ends in a JSON block that is not a valid tail: {e}"),
        );
    }
    let outcome = judge(claim, trace, pending, &evidence.thread, notes);
    // Rule 10: the thread's record (docs/use-case.md, "Follow-ups").
    if let Some(overruled) = follow_up::overruled(&evidence.thread, &outcome) {
        if let Outcome::Escalated { reason, .. } = &overruled {
            notes.push(reason.clone());
        }
        if !outcome.actions().is_empty() {
            notes.push(format!(
                "{} pending action(s) dropped: the ticket is escalated",
                outcome.actions().len()
            ));
        }
        return overruled;
    }
    let message = match &outcome {
        Outcome::Resolved { message } | Outcome::RefundProposed { message, .. } => message.clone(),
        Outcome::Escalated { .. } => return outcome,
    };
    // What the thread records is grounded by the record; the claims checks read the rest.
    let message = follow_up::unrecorded(&evidence.thread, &message);
    let checks = tail
        .as_ref()
        .map_or(Ok(()), |t| tail_holds(t, outcome.kind(), trace))
        .and_then(|()| statuses_looked_up(&message, trace, evidence))
        .and_then(|()| statuses_agree(&message, trace))
        .and_then(|()| no_unperformed_action(&message, trace))
        .and_then(|()| match (&outcome, &evidence.relevance) {
            (Outcome::Resolved { .. }, Some(judged)) => {
                articles_answer(&message, tail.as_ref(), trace, judged)
            }
            _ => Ok(()),
        });
    match checks {
        Ok(()) => outcome,
        Err(why) => {
            notes.push(why.clone());
            if !outcome.actions().is_empty() {
                notes.push(format!(
                    "{} pending action(s) dropped: the ticket is escalated",
                    outcome.actions().len()
                ));
            }
            Outcome::escalated(EscalationCategory::VerificationFailed, why)
        }
    }
}

fn ok_calls<'a>(trace: &'a Trace, tool: &'a str) -> impl Iterator<Item = (&'a Value, &'a Value)> {
    trace
        .tool_calls()
        .filter(move |(name, _, status, output)| {
            *name == tool && *status == CallStatus::Ok && output.get("error").is_none()
        })
        .map(|(_, args, _, output)| (args, output))
}

fn looked_up(trace: &Trace, order: &str) -> bool {
    ok_calls(trace, ORDER_LOOKUP).any(|(args, out)| {
        [&args["order_id"], &out["order_id"]]
            .iter()
            .any(|v| v.as_str().is_some_and(|id| same_order(id, order)))
    })
}

/// Rule 6.
fn tail_holds(tail: &Tail, kind: OutcomeKind, trace: &Trace) -> Result<(), String> {
    if tail.outcome != kind {
        return Err(format!(
            "the structured tail says {} but the message claims {kind}",
            tail.outcome
        ));
    }
    let g = &tail.grounds;
    for order in &g.orders {
        if !looked_up(trace, order) {
            return Err(format!(
                "the answer says it rests on order {order}, which no order_lookup in this run found"
            ));
        }
    }
    for article in &g.articles {
        let returned = ok_calls(trace, KB_SEARCH).any(|(_, out)| {
            out["articles"]
                .as_array()
                .is_some_and(|a| a.iter().any(|x| x["id"].as_str() == Some(article)))
        });
        if !returned {
            return Err(format!(
                "the answer says it rests on article {article}, which no kb_search in this run returned"
            ));
        }
    }
    for e in &g.eligibility {
        let answered = ok_calls(trace, REFUND_ELIGIBILITY).any(|(_, out)| {
            out["order_id"]
                .as_str()
                .is_some_and(|id| same_order(id, &e.order_id))
                && out["eligible"] == Value::Bool(e.eligible)
        });
        if !answered {
            return Err(format!(
                "the answer says order {} is {}eligible, which no refund_eligibility answer in this run said",
                e.order_id,
                if e.eligible { "" } else { "not " }
            ));
        }
    }
    let needs = match tail.category.as_deref() {
        Some("order_status") => g.orders.is_empty().then_some("an order it looked up"),
        Some("how_to") => g
            .articles
            .is_empty()
            .then_some("an article kb_search returned"),
        Some("refund") => g
            .eligibility
            .is_empty()
            .then_some("a refund_eligibility answer"),
        _ => None,
    };
    match needs {
        Some(what) => Err(format!(
            "a {} answer must name {what} in its grounds",
            tail.category.as_deref().unwrap_or_default()
        )),
        None => Ok(()),
    }
}

static STATUS_CLAIM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:shipped|delivered|dispatched|on (?:its|the) way|in transit|out for delivery|being (?:processed|prepared|packed)|arriv(?:e|es|ed|ing)|tracking number)\b",
    )
    .expect("a valid pattern")
});

/// Rule 7: a sentence naming an order and stating a status rests on a lookup of that
/// order (or on its eligibility answer, which reads the same record). The orders a
/// sentence may name are the ticket's, those a tool was asked about, and any word of
/// the message that is one of the shop's order ids ([`message_orders`]): an answer
/// that says "O1013 has shipped" of another customer's order never looked it up.
fn statuses_looked_up(message: &str, trace: &Trace, evidence: &Evidence) -> Result<(), String> {
    let mut ids: Vec<String> = evidence.known_orders.clone();
    for (_, args, _, _) in trace.tool_calls() {
        if let Some(id) = args["order_id"].as_str()
            && !ids.iter().any(|o| same_order(o, id))
        {
            ids.push(id.to_string());
        }
    }
    for id in message_orders(message, trace, evidence) {
        if !ids.iter().any(|o| same_order(o, &id)) {
            ids.push(id);
        }
    }
    // What the orders looked up hold under their items: a model number in an item's
    // name ("Janome HD3000 sewing machine", "Bass Strings 45-105") has the shape of an
    // order id, and a customer who wrote it did not name an order by it. An answer that
    // lists the items of the order it looked up names no other order (and an order
    // that was itself looked up needs no more).
    let mut item_words: Vec<&str> = Vec::new();
    for (_, out) in ok_calls(trace, ORDER_LOOKUP) {
        for item in out["items"].as_array().into_iter().flatten() {
            item_words.extend(["name", "sku"].iter().filter_map(|k| item[*k].as_str()));
        }
    }
    for sentence in message.split(['.', '!', '?', '\n', ';']) {
        if !STATUS_CLAIM.is_match(sentence) {
            continue;
        }
        for id in &ids {
            if !names_order(sentence, id) || item_words.iter().any(|w| names_order(w, id)) {
                continue;
            }
            let eligibility = ok_calls(trace, REFUND_ELIGIBILITY)
                .any(|(_, out)| out["order_id"].as_str().is_some_and(|o| same_order(o, id)));
            if !looked_up(trace, id) && !eligibility {
                return Err(format!(
                    "the message states the status of order {id}, which no order_lookup in this run found"
                ));
            }
        }
    }
    Ok(())
}

/// The words of `message` that are order ids of this shop and may name an order: not
/// the customer's id, not an amount ("$1001", "12.5000"), not a value a tool answered
/// under another name (a tracking number, an article's or an approval's id), and a
/// word without letters (a bare number, a date) only where the text says it is an
/// order ("#55102", "order 55102").
fn message_orders(message: &str, trace: &Trace, evidence: &Evidence) -> Vec<String> {
    let mut other_values: Vec<&str> = Vec::new();
    // The words of what the order tools answered besides ids: an item's model number
    // ("Velodrome Trekking T625 e-bike") is the shape of an order id and names no order.
    // An article's text is left out: its example id may be another customer's order.
    let mut record_values: Vec<&str> = Vec::new();
    for (name, _, _, output) in trace.tool_calls() {
        collect_strings(output, &mut other_values);
        if name != KB_SEARCH {
            collect_strings(output, &mut record_values);
        }
    }
    let mut out: Vec<String> = Vec::new();
    for (start, id) in evidence.order_ids.find(message) {
        let before = message[..start].chars().next_back();
        if matches!(before, Some('$' | '.' | ',')) || same_order(id, &evidence.customer_id) {
            continue;
        }
        if other_values.iter().any(|v| same_order(v, id))
            || record_values.iter().any(|v| names_order(v, id))
        {
            continue;
        }
        if !id.bytes().any(|b| b.is_ascii_alphabetic()) {
            let lead: String = message[..start].chars().rev().take(16).collect();
            let lead: String = lead.chars().rev().collect::<String>().to_ascii_lowercase();
            if !(lead.trim_end().ends_with('#') || lead.contains("order")) {
                continue;
            }
        }
        if !out.iter().any(|o| same_order(o, id)) {
            out.push(id.to_string());
        }
    }
    out
}

/// Every string a tool answered except under `order_id`: the values that name other
/// things than orders.
fn collect_strings<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::String(s) => out.push(s),
        Value::Array(items) => items.iter().for_each(|v| collect_strings(v, out)),
        Value::Object(fields) => {
            for (key, v) in fields {
                if key != "order_id" {
                    collect_strings(v, out);
                }
            }
        }
        _ => {}
    }
}

/// The records `order_lookup` found in this run, by id as the shop spells it.
fn records(trace: &Trace) -> Vec<(&str, &str)> {
    let mut out: Vec<(&str, &str)> = Vec::new();
    for (_, output) in ok_calls(trace, ORDER_LOOKUP) {
        if let (Some(id), Some(status)) = (output["order_id"].as_str(), output["status"].as_str())
            && !out.iter().any(|(o, _)| same_order(o, id))
        {
            out.push((id, status));
        }
    }
    out
}

/// Rule 7, the second half: what a sentence says of an order's status is what the
/// record `order_lookup` returned allows. A sentence that names orders is held to
/// theirs (each claim true of at least one of them); one that names none but points at
/// an order ("it was delivered on Monday") is held to the one order the run looked up,
/// when there is exactly one. The help center's words quoted from an article are not
/// the model's claim.
fn statuses_agree(message: &str, trace: &Trace) -> Result<(), String> {
    let records = records(trace);
    if records.is_empty() {
        return Ok(());
    }
    let message = without_quoted_articles(message, trace);
    for sentence in message.split(['.', '!', '?', '\n']) {
        let claims = status_claim::claims(sentence);
        if claims.is_empty() {
            continue;
        }
        let named: Vec<(&str, &str)> = records
            .iter()
            .copied()
            .filter(|(id, _)| names_order(sentence, id))
            .collect();
        let about = match (named.is_empty(), records.as_slice()) {
            (false, _) => named,
            (true, [only]) if status_claim::speaks_of_an_order(sentence) => vec![*only],
            _ => continue,
        };
        let false_claim = claims
            .iter()
            .find(|c| !about.iter().any(|(_, status)| c.agrees_with(status)));
        if let Some(claim) = false_claim {
            let (id, status) = about[0];
            return Err(format!(
                "the message says order {id} {}, but order_lookup in this run found it {status}",
                describe(claim)
            ));
        }
    }
    Ok(())
}

fn describe(claim: &StatusClaim) -> String {
    use status_claim::Said;
    let what = match claim.said {
        Said::Processing => "is being processed",
        Said::Shipped => "has shipped",
        Said::InTransit => "is on its way",
        Said::Delivered => "was delivered",
        Said::Cancelled => "was cancelled",
        Said::Returned => "was returned",
    };
    if claim.negated {
        format!("is not as \"{what}\" says")
    } else {
        what.to_string()
    }
}

/// `message` with the text of every article the run's searches returned taken out:
/// words quoted from the help center are its own, not a claim of the model's.
fn without_quoted_articles(message: &str, trace: &Trace) -> String {
    let mut message = message.to_string();
    for (_, out) in ok_calls(trace, KB_SEARCH) {
        for a in out["articles"].as_array().into_iter().flatten() {
            for field in ["body", "title"] {
                if let Some(t) = a[field].as_str().filter(|t| !t.is_empty()) {
                    message = message.replace(t, " ");
                }
            }
        }
    }
    message
}

static ACTION_CLAIM: LazyLock<Regex> = LazyLock::new(|| {
    let verbs = "cancell?ed|changed|updated|modified|amended|corrected|exchanged|replaced|swapped|upgraded|rescheduled|redirected|expedited|reshipped|resent|sent|emailed|refunded|credited|reimbursed|issued|added|removed|reset|deleted|applied|arranged|scheduled|booked|initiated|approved|waived|extended|dispatched|shipped|posted|mailed|generated|created|activated|restored|transferred";
    Regex::new(&format!(
        r"(?i)\b(?:i|we)(?:\s+have|'ve|’ve)?\s+(?:(?:just|now|already|successfully|also|gone ahead and)\s+)*({verbs})\b|\b(?:has|have)\s+(?:(?:now|just|already|successfully|also)\s+)*been\s+({verbs})\b|\b(?:is|are)\s+now\s+({verbs})\b|\b(?:i|we)(?:'ll|’ll|\s+will|\s+am going to|\s+are going to)\s+(?:go ahead and\s+)?(cancel|change|update|exchange|replace|swap|upgrade|reschedule|redirect|expedite|reship|send|arrange|waive|extend)\b"
    ))
    .expect("a valid pattern")
});

/// Something no tool makes during a run (a replacement, a label, a voucher, a refund
/// paid out) said to exist or to be done, in any voice: "a replacement has been
/// dispatched", "your return label was emailed", "the voucher is now applied".
static MADE_CLAIM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(replacement|new (?:one|unit|item)|return label|returns label|prepaid label|shipping label|voucher|coupon|store credit|credit note|discount code|refund)\b(?:\s+[\w-]+){0,3}?\s+(?:(?:has|have|had)\s+(?:(?:now|just|already|successfully|also)\s+)*been|was|were|(?:is|are)\s+now)\s+(?:(?:now|just|already|successfully|also)\s+)*(?:sent|dispatched|shipped|issued|emailed|mailed|posted|arranged|created|added|applied|generated|approved|processed|completed|paid|credited|released)\b|\b(replacement|new (?:one|unit|item)|refund)\b(?:\s+[\w-]+){0,3}?\s+(?:is|are)\s+(?:now\s+)?on (?:its|their|the) way\b",
    )
    .expect("a valid pattern")
});

/// Rule 8: the action verbs a closed message may use only as far as a tool result
/// shows them done. No tool cancels, changes or sends anything in a run (the gated
/// tools only propose), so the one support is the shop's own record: an order
/// `order_lookup` found cancelled, or already refunded, or (for "shipped",
/// "dispatched") with the carrier or since delivered.
fn no_unperformed_action(message: &str, trace: &Trace) -> Result<(), String> {
    // Words quoted from an article are the help center's, not a claim of the model's.
    let message = without_quoted_articles(message, trace);
    let message = message.as_str();
    let orders: Vec<&Value> = ok_calls(trace, ORDER_LOOKUP).map(|(_, out)| out).collect();
    let cancelled = orders.iter().any(|o| o["status"] == "cancelled");
    let refunded = orders
        .iter()
        .any(|o| o["refunded_usd"].as_f64().is_some_and(|r| r > 0.0) || o["status"] == "cancelled");
    let left = orders.iter().any(|o| {
        ["shipped", "delivered", "returned"].contains(&o["status"].as_str().unwrap_or(""))
    });
    for c in ACTION_CLAIM.captures_iter(message) {
        let Some(verb) = (1..=4).find_map(|i| c.get(i)) else {
            continue;
        };
        let v = verb.as_str().to_ascii_lowercase();
        let supported = match v.as_str() {
            "cancelled" | "canceled" => cancelled,
            "refunded" | "credited" | "reimbursed" => refunded,
            "shipped" | "dispatched" | "posted" | "mailed" => left,
            _ => false,
        };
        if !supported {
            return Err(format!(
                "the message claims an action no tool performed in this run: {:?}",
                c.get(0).map_or("", |m| m.as_str())
            ));
        }
    }
    for c in MADE_CLAIM.captures_iter(message) {
        let what = (1..=2)
            .find_map(|i| c.get(i))
            .map_or("", |m| m.as_str())
            .to_ascii_lowercase();
        let negated = NEGATED.is_match(c.get(0).map_or("", |m| m.as_str()));
        // A refund the shop's record shows paid may be spoken of as paid.
        if negated || (what == "refund" && refunded) {
            continue;
        }
        return Err(format!(
            "the message claims an action no tool performed in this run: {:?}",
            c.get(0).map_or("", |m| m.as_str())
        ));
    }
    Ok(())
}

static NEGATED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(?:not|never)\b|n't\b|n’t\b").expect("a valid pattern"));

/// The articles a `RESOLVED` answer rests on: its tail's, and those whose words it
/// quotes (the title, a run of eight words of the text, or the id).
fn cited_articles<'a>(message: &str, tail: Option<&'a Tail>, trace: &'a Trace) -> Vec<&'a str> {
    let mut out: Vec<&str> = tail
        .map(|t| t.grounds.articles.iter().map(String::as_str).collect())
        .unwrap_or_default();
    let said = words(message).join(" ");
    let returned: Vec<&Value> = ok_calls(trace, KB_SEARCH)
        .flat_map(|(_, result)| result["articles"].as_array().into_iter().flatten())
        .collect();
    let id_of = |a: &'a Value| a["id"].as_str();
    // First what the answer names: its grounds, an article's title, its id.
    for a in &returned {
        let Some(id) = id_of(a) else { continue };
        let title = words(a["title"].as_str().unwrap_or_default());
        let quotes_title = title.len() >= 3 && said.contains(&title.join(" "));
        if !out.contains(&id) && (quotes_title || names_order(message, id)) {
            out.push(id);
        }
    }
    // Then what it quotes: eight words in a row of an article's text, not also in an
    // article already cited. Articles of one shop share boilerplate ("while it is still
    // processing: open Orders, select the order and choose…"), and quoting the cancel
    // article is not resting on the address article that says the same clause.
    let cited_text: Vec<String> = returned
        .iter()
        .filter(|a| id_of(a).is_some_and(|i| out.contains(&i)))
        .map(|a| words(a["body"].as_str().unwrap_or_default()).join(" "))
        .collect();
    for a in &returned {
        let Some(id) = id_of(a) else { continue };
        if out.contains(&id) {
            continue;
        }
        let body = words(a["body"].as_str().unwrap_or_default());
        let quotes_body = body.windows(8).any(|w| {
            let w = w.join(" ");
            said.contains(&w) && !cited_text.iter().any(|c| c.contains(&w))
        });
        if quotes_body {
            out.push(id);
        }
    }
    out
}

/// The lower-cased words of `text`, punctuation aside.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Rule 9: each article a `RESOLVED` answer rests on speaks to the customer's question,
/// by the judgment made of it before verification ([`super::relevance`]).
fn articles_answer(
    message: &str,
    tail: Option<&Tail>,
    trace: &Trace,
    judged: &[Judgment],
) -> Result<(), String> {
    for id in cited_articles(message, tail, trace) {
        let Some(j) = judged.iter().find(|j| j.article == id) else {
            continue;
        };
        if !j.relevant() {
            return Err(format!(
                "the answer rests on article {id}, which does not answer the customer's question ({} {:.2}, below {:.2})",
                j.method.as_str(),
                j.score,
                j.threshold
            ));
        }
    }
    Ok(())
}

fn judge(
    claim: Claim,
    trace: &Trace,
    pending: Vec<PendingAction>,
    thread: &Thread,
    notes: &mut Vec<String>,
) -> Outcome {
    let failed = |notes: &mut Vec<String>, why: String| {
        notes.push(why.clone());
        Outcome::escalated(EscalationCategory::VerificationFailed, why)
    };
    match claim {
        Claim::Unparseable(text) => {
            let snippet: String = text.chars().take(200).collect();
            if !pending.is_empty() {
                notes.push(format!("{} pending action(s) dropped", pending.len()));
            }
            Outcome::escalated(
                EscalationCategory::UnparseableOutcome,
                format!("the final message has no outcome prefix: {snippet:?}"),
            )
        }
        Claim::Escalated { reason, category } => {
            if !pending.is_empty() {
                notes.push(format!(
                    "{} pending action(s) dropped: an escalated ticket carries no actions",
                    pending.len()
                ));
            }
            Outcome::Escalated { reason, category }
        }
        Claim::Resolved(message) => {
            // Saying nothing answers only a message that asks nothing after an earlier
            // answer (a thank-you); a first message always gets an answer.
            if message.trim().is_empty() && thread.is_empty() {
                return failed(
                    notes,
                    "RESOLVED with nothing to say, on a ticket's first message".into(),
                );
            }
            if !grounded(trace) && !follow_up::needs_no_grounds(thread, &message) {
                return failed(
                    notes,
                    "RESOLVED without any successful grounding tool result".into(),
                );
            }
            if pending.iter().any(|p| p.refund_order().is_some()) {
                return failed(
                    notes,
                    "RESOLVED while a refund was proposed: the claim and the actions disagree"
                        .into(),
                );
            }
            if !pending.is_empty() {
                notes.push(format!(
                    "{} pending email(s) dropped: only a refund proposal carries actions",
                    pending.len()
                ));
            }
            Outcome::Resolved { message }
        }
        Claim::RefundProposed(message) => {
            if !grounded(trace) {
                return failed(
                    notes,
                    "REFUND_PROPOSED without any successful grounding tool result".into(),
                );
            }
            let mut actions = Vec::with_capacity(pending.len());
            let mut refunds = 0;
            for mut action in pending {
                let Some((order_id, amount)) = action.refund_order() else {
                    actions.push(action);
                    continue;
                };
                match eligibility_for(trace, order_id) {
                    None => {
                        return failed(
                            notes,
                            format!(
                                "refund for {order_id} dropped: no eligible refund_eligibility answer for it in this run"
                            ),
                        );
                    }
                    Some(basis) if amount > basis.max_amount_usd => {
                        return failed(
                            notes,
                            format!(
                                "refund for {order_id} dropped: {amount} is above max_amount_usd {}",
                                basis.max_amount_usd
                            ),
                        );
                    }
                    Some(basis) => {
                        action.eligibility = Some(basis);
                        refunds += 1;
                        actions.push(action);
                    }
                }
            }
            if refunds == 0 {
                return failed(
                    notes,
                    "REFUND_PROPOSED without a pending issue_refund for an eligible order".into(),
                );
            }
            Outcome::RefundProposed { message, actions }
        }
    }
}

/// Rule 4: at least one tool result grounds an answer.
fn grounded(trace: &Trace) -> bool {
    trace.tool_calls().any(|(name, _, status, output)| {
        status == CallStatus::Ok
            && match name {
                ORDER_LOOKUP | REFUND_ELIGIBILITY => output.get("error").is_none(),
                KB_SEARCH => output["articles"].as_array().is_some_and(|a| !a.is_empty()),
                _ => false,
            }
    })
}

/// Rule 1: the eligible answer for `order_id` in this run (the most generous one, if
/// the model asked more than once and the world did not change, they are equal).
fn eligibility_for(trace: &Trace, order_id: &str) -> Option<EligibilityBasis> {
    trace
        .tool_calls()
        .filter(|(name, _, status, output)| {
            *name == REFUND_ELIGIBILITY
                && *status == CallStatus::Ok
                && output["eligible"] == Value::Bool(true)
                && output["order_id"].as_str() == Some(order_id)
        })
        .filter_map(|(_, _, _, output)| {
            Some(EligibilityBasis {
                policy_ref: output["policy_ref"].as_str()?.to_string(),
                max_amount_usd: Usd::from_dollars(output["max_amount_usd"].as_f64()?).ok()?,
            })
        })
        .max_by_key(|b| b.max_amount_usd)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::domain::approval::{ActionRequest, derive_ids};

    fn eligibility_step(order: &str, eligible: bool, max: f64) -> TraceStep {
        TraceStep::ToolCall {
            turn: 1,
            id: "c1".into(),
            name: REFUND_ELIGIBILITY.into(),
            arguments: json!({ "order_id": order, "reason": "r" }),
            status: CallStatus::Ok,
            output: json!({ "order_id": order, "eligible": eligible, "max_amount_usd": max, "policy_ref": "p" }),
            latency_ms: 0,
        }
    }

    fn refund(order: &str, cents: i64) -> PendingAction {
        let (approval_id, key) = derive_ids("T", "issue_refund", order);
        PendingAction {
            approval_id,
            ticket_id: "T".parse().unwrap(),
            customer_id: "C".parse().unwrap(),
            request: ActionRequest::IssueRefund {
                order_id: order.into(),
                amount_usd: Usd::from_cents(cents),
                idempotency_key: key,
            },
            eligibility: None,
        }
    }

    fn verdict(steps: Vec<TraceStep>, pending: Vec<PendingAction>) -> Outcome {
        let mut trace = Trace { steps };
        verify(Ok(Claim::RefundProposed("m".into())), &mut trace, pending)
    }

    #[test]
    fn a_refund_above_the_eligible_maximum_is_dropped_and_the_ticket_escalated() {
        let out = verdict(
            vec![eligibility_step("O1", true, 10.0)],
            vec![refund("O1", 1001)],
        );
        assert!(matches!(
            out,
            Outcome::Escalated {
                category: EscalationCategory::VerificationFailed,
                ..
            }
        ));
        let out = verdict(
            vec![eligibility_step("O1", true, 10.0)],
            vec![refund("O1", 1000)],
        );
        let Outcome::RefundProposed { actions, .. } = out else {
            panic!("{out:?}")
        };
        assert_eq!(
            actions[0].eligibility.as_ref().unwrap().max_amount_usd,
            Usd::from_cents(1000)
        );
    }

    #[test]
    fn eligibility_for_one_order_does_not_cover_a_refund_of_another() {
        let out = verdict(
            vec![eligibility_step("O1", true, 10.0)],
            vec![refund("O2", 100)],
        );
        assert!(matches!(
            out,
            Outcome::Escalated {
                category: EscalationCategory::VerificationFailed,
                ..
            }
        ));
        let out = verdict(
            vec![eligibility_step("O1", false, 10.0)],
            vec![refund("O1", 100)],
        );
        assert!(matches!(
            out,
            Outcome::Escalated {
                category: EscalationCategory::VerificationFailed,
                ..
            }
        ));
    }

    #[test]
    fn an_escalation_drops_its_actions_and_records_why() {
        let mut trace = Trace {
            steps: vec![eligibility_step("O1", true, 10.0)],
        };
        let out = verify(
            Ok(Claim::Escalated {
                reason: "r".into(),
                category: EscalationCategory::OutOfScope,
            }),
            &mut trace,
            vec![refund("O1", 100)],
        );
        assert!(out.actions().is_empty());
        let Some(TraceStep::Verification { notes, .. }) = trace.steps.last() else {
            panic!()
        };
        assert!(notes[0].contains("dropped"));
    }

    #[test]
    fn the_orders_a_ticket_names_are_its_field_and_id_shaped_words_not_years_or_prices() {
        let ticket = crate::domain::ticket::RawTicket {
            ticket_id: Some("T".into()),
            subject: Some("Order #55102 and ord-77".into()),
            body: Some("Paid $2499 on Nov 26, 2026 for A-1203; customer C001; order 88123".into()),
            customer_id: Some("C001".into()),
            order_id: Some("O1".into()),
        }
        .validate(4096)
        .unwrap();
        assert_eq!(
            ticket_orders(&ticket, &OrderIdPattern::default()),
            vec!["O1", "55102", "A-1203", "88123"]
        );
    }

    fn ticket_about(subject: &str, body: &str) -> Ticket {
        crate::domain::ticket::RawTicket {
            ticket_id: Some("T".into()),
            subject: Some(subject.into()),
            body: Some(body.into()),
            customer_id: Some("C001".into()),
            order_id: None,
        }
        .validate(4096)
        .unwrap()
    }

    fn knowing(known: &[String]) -> Evidence {
        Evidence {
            known_orders: known.to_vec(),
            customer_id: "C001".into(),
            ..Evidence::default()
        }
    }

    fn looked_up_order(id: &str) -> Trace {
        Trace {
            steps: vec![TraceStep::ToolCall {
                turn: 1,
                id: "o".into(),
                name: ORDER_LOOKUP.into(),
                arguments: json!({ "order_id": id }),
                status: CallStatus::Ok,
                output: json!({ "order_id": id, "status": "shipped" }),
                latency_ms: 0,
            }],
        }
    }

    #[test]
    fn the_status_of_an_order_whose_id_holds_a_shorter_id_is_not_refused() {
        let ticket = ticket_about("Where is Q-O-5519?", "It was due last week.");
        let known = ticket_orders(&ticket, &OrderIdPattern::default());
        assert_eq!(known, vec!["Q-O-5519"]);
        let trace = looked_up_order("Q-O-5519");
        assert!(
            statuses_looked_up("Your order Q-O-5519 has shipped.", &trace, &knowing(&known))
                .is_ok()
        );
        assert!(
            statuses_looked_up("Your order q-o-5519 has shipped.", &trace, &knowing(&known))
                .is_ok()
        );
        let other = vec!["Q-O-5519".to_string(), "Q-O-7777".to_string()];
        assert!(
            statuses_looked_up("Order Q-O-7777 has shipped.", &trace, &knowing(&other)).is_err()
        );
    }

    #[test]
    fn a_shops_own_pattern_decides_which_words_are_its_orders() {
        let ticket = ticket_about("Parcel SHOP-123456", "Also O1002 from my old account.");
        let shop = OrderIdPattern::new(r"shop-\d{6}").unwrap();
        assert_eq!(ticket_orders(&ticket, &shop), vec!["SHOP-123456"]);
    }

    proptest::proptest! {
        /// A correct answer about an order is never refused because of how its id is
        /// written: in any common shape, in either case, with or without a `#`.
        #[test]
        fn a_correct_status_answer_stands_whatever_the_ids_shape(
            // At most 38 characters: a longer token is not read as an id at all.
            id in "(?:[A-Z]{1,5}[-_]){0,2}[0-9]{3,12}(?:-[0-9]{2,6}){0,2}",
            hash in proptest::bool::ANY,
            lower in proptest::bool::ANY,
        ) {
            let written = if lower { id.to_lowercase() } else { id.clone() };
            let mark = if hash { "#" } else { "" };
            let ticket = ticket_about("Where is my order?", &format!("My order {mark}{written} is late."));
            let known = ticket_orders(&ticket, &OrderIdPattern::default());
            proptest::prop_assert!(known.iter().any(|k| same_order(k, &id)), "{:?}", known);
            let trace = looked_up_order(&id);
            let answer = format!("Good news: order {mark}{written} has shipped.");
            proptest::prop_assert!(statuses_looked_up(&answer, &trace, &knowing(&known)).is_ok());
        }
    }

    #[test]
    fn a_claimed_action_is_read_in_the_models_words_but_not_in_a_quoted_article() {
        let kb = TraceStep::ToolCall {
            turn: 1,
            id: "k".into(),
            name: KB_SEARCH.into(),
            arguments: json!({ "query": "q" }),
            status: CallStatus::Ok,
            output: json!({ "articles": [{ "id": "A", "title": "News", "body": "We have updated our returns page." }] }),
            latency_ms: 0,
        };
        let trace = Trace { steps: vec![kb] };
        assert!(no_unperformed_action("News: We have updated our returns page.", &trace).is_ok());
        assert!(no_unperformed_action("We have updated your order.", &trace).is_err());
        assert!(no_unperformed_action("We cannot change the order, sorry.", &trace).is_ok());
    }

    fn order_with(id: &str, status: &str) -> TraceStep {
        TraceStep::ToolCall {
            turn: 1,
            id: format!("o-{id}"),
            name: ORDER_LOOKUP.into(),
            arguments: json!({ "order_id": id }),
            status: CallStatus::Ok,
            output: json!({ "order_id": id, "status": status, "tracking_number": "1Z999AA10123456784", "refunded_usd": 0.0 }),
            latency_ms: 0,
        }
    }

    #[test]
    fn a_status_the_record_contradicts_is_refused_and_one_it_supports_stands() {
        let trace = Trace {
            steps: vec![order_with("O7", "processing")],
        };
        assert!(statuses_agree("Order O7 was delivered yesterday.", &trace).is_err());
        assert!(statuses_agree("I've checked. It is out for delivery today.", &trace).is_err());
        assert!(
            statuses_agree(
                "Order O7 is being processed; it has not shipped yet, and you will get tracking once it ships.",
                &trace
            )
            .is_ok()
        );
        // Orders in general, not this one: nothing to contradict.
        assert!(statuses_agree("Delivered items can be returned within 30 days.", &trace).is_ok());
        let delivered = Trace {
            steps: vec![order_with("O7", "delivered")],
        };
        assert!(
            statuses_agree(
                "Order O7 shipped on 2026-11-20 and was delivered on 2026-11-24.",
                &delivered
            )
            .is_ok()
        );
        assert!(statuses_agree("Order O7 is still on its way.", &delivered).is_err());
    }

    #[test]
    fn another_customers_order_named_only_in_the_message_needs_a_lookup_of_its_own() {
        let trace = Trace {
            steps: vec![order_with("O7", "shipped")],
        };
        let evidence = knowing(&["O7".to_string()]);
        assert!(statuses_looked_up("Your order O1013 has shipped.", &trace, &evidence).is_err());
        assert!(statuses_looked_up("Order O7 has shipped.", &trace, &evidence).is_ok());
        // A tracking number and a date are not orders.
        assert!(
            statuses_looked_up(
                "Order O7 shipped on 2026-11-26, tracking number 1Z999AA10123456784.",
                &trace,
                &evidence
            )
            .is_ok()
        );
    }

    #[test]
    fn a_replacement_said_to_be_dispatched_is_an_action_no_tool_performed() {
        let trace = Trace {
            steps: vec![order_with("O7", "delivered")],
        };
        for claim in [
            "A replacement has been dispatched to you.",
            "Your return label was emailed to you a moment ago.",
            "I've arranged a courier to collect it tomorrow.",
            "Your refund has been approved.",
        ] {
            assert!(no_unperformed_action(claim, &trace).is_err(), "{claim}");
        }
        for fine in [
            "Your order has been shipped and was delivered on Monday.",
            "Your return label was not emailed yet: a colleague will send it.",
            "We've dispatched it on Friday.",
        ] {
            assert!(no_unperformed_action(fine, &trace).is_ok(), "{fine}");
        }
    }

    #[test]
    fn a_model_number_in_an_items_name_is_not_an_order_the_message_names() {
        let mut lookup = order_with("VC-27-004533", "shipped");
        if let TraceStep::ToolCall { output, .. } = &mut lookup {
            output["items"] = json!([{ "name": "Velodrome Trekking T625 e-bike", "quantity": 1 }]);
        }
        let trace = Trace {
            steps: vec![lookup],
        };
        let evidence = knowing(&["VC-27-004533".to_string()]);
        assert!(
            statuses_looked_up(
                "Your Trekking T625 e-bike (order VC-27-004533) has shipped.",
                &trace,
                &evidence
            )
            .is_ok()
        );
        assert!(statuses_looked_up("Order VC-27-004599 has shipped.", &trace, &evidence).is_err());
    }

    #[test]
    fn a_model_number_the_customer_wrote_is_no_order_where_the_order_looked_up_lists_it() {
        let mut lookup = order_with("3QD-PW2Q-B", "shipped");
        if let TraceStep::ToolCall { output, .. } = &mut lookup {
            output["items"] = json!([
                { "name": "Janome HD3000 sewing machine", "quantity": 1 },
                { "name": "Roundwound Bass Strings 45-105", "quantity": 1 }
            ]);
        }
        let trace = Trace {
            steps: vec![lookup],
        };
        // The ticket's words the shop's pattern takes for ids: its order and two model
        // numbers the customer wrote.
        let evidence = knowing(&[
            "3QD-PW2Q-B".to_string(),
            "HD3000".to_string(),
            "45-105".to_string(),
        ]);
        assert!(
            statuses_looked_up(
                "Order 3qd-pw2q-b (Janome HD3000 sewing machine, Roundwound Bass Strings 45-105) shipped on 2027-11-20 and is on its way.",
                &trace,
                &evidence
            )
            .is_ok()
        );
        // Named as an order, a word no item of the order holds still needs its lookup.
        let evidence = knowing(&["3QD-PW2Q-B".to_string(), "HD4000".to_string()]);
        assert!(statuses_looked_up("Order HD4000 has shipped.", &trace, &evidence).is_err());
    }

    #[test]
    fn a_clause_two_articles_share_cites_only_the_one_the_answer_names() {
        let shared = "while it is still processing: open Orders, select the order and choose";
        let trace = Trace {
            steps: vec![searched(json!([
                { "id": "KB006", "title": "Cancelling an order",
                  "body": format!("You can cancel an order yourself {shared} 'Cancel order'.") },
                { "id": "KB004", "title": "Changing your shipping address",
                  "body": format!("You can change the shipping address {shared} 'Edit address'.") },
            ]))],
        };
        let message = format!(
            "Cancelling an order: You can cancel an order yourself {shared} 'Cancel order'."
        );
        assert_eq!(cited_articles(&message, None, &trace), vec!["KB006"]);
        // A run of the second article's own words still cites it.
        let both = format!("{message} Or change the shipping address {shared} 'Edit address'.");
        assert_eq!(cited_articles(&both, None, &trace), vec!["KB006", "KB004"]);
    }

    fn searched(articles: serde_json::Value) -> TraceStep {
        TraceStep::ToolCall {
            turn: 1,
            id: "k".into(),
            name: KB_SEARCH.into(),
            arguments: json!({ "query": "q" }),
            status: CallStatus::Ok,
            output: json!({ "articles": articles }),
            latency_ms: 0,
        }
    }

    fn judged(article: &str, score: f32) -> Judgment {
        Judgment {
            article: article.into(),
            method: super::super::relevance::Method::Standing,
            score,
            threshold: 0.25,
            similarity: Some(0.2),
        }
    }

    #[test]
    fn a_resolved_answer_resting_on_an_article_on_another_subject_is_refused() {
        let articles = json!([
            { "id": "KB1", "title": "How to reset your password", "body": "Open the sign-in page and choose Forgot password, then follow the link we email you." },
            { "id": "KB2", "title": "Buying and redeeming gift cards", "body": "Gift cards are sold in amounts from $10 to $500 and never expire anywhere at all." }
        ]);
        let evidence = Evidence {
            relevance: Some(vec![judged("KB1", 1.4), judged("KB2", -0.6)]),
            ..Evidence::default()
        };
        let run = |message: &str| {
            let mut trace = Trace {
                steps: vec![searched(articles.clone())],
            };
            let answer = crate::domain::outcome::parse_final_answer(message);
            verify_answer(Ok(answer), &mut trace, Vec::new(), &evidence)
        };
        // By its tail, or by quoting it, the gift-card article answers a password question.
        let tail = "RESOLVED: See our article.\n\n```json\n{\"outcome\":\"resolved\",\"category\":\"how_to\",\"grounds\":{\"orders\":[],\"articles\":[\"KB2\"],\"eligibility\":[]}}\n```";
        let quoted = "RESOLVED: Gift cards are sold in amounts from $10 to $500 and never expire.";
        for message in [tail, quoted] {
            match run(message) {
                Outcome::Escalated { category, reason } => {
                    assert_eq!(category, EscalationCategory::VerificationFailed);
                    assert!(reason.contains("KB2"), "{reason}");
                }
                other => panic!("{message}: {other:?}"),
            }
        }
        let right = "RESOLVED: Open the sign-in page and choose Forgot password, then follow the link we email you.";
        assert!(matches!(run(right), Outcome::Resolved { .. }));
    }
}
