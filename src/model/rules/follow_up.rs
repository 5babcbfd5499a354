//! How the rules model answers a message on a ticket's thread before it reads the
//! message as a new ticket (docs/use-case.md, "Follow-ups"): a ticket a human has
//! taken stays theirs; a message that only thanks us closes nothing new; a refund we
//! proposed is spoken of as the record has it, never proposed again while it is
//! pending, approved or paid. Anything else is read as any new ticket is.

use std::sync::LazyLock;

use regex::Regex;
use serde_json::json;

use super::judge::Basis;
use super::reading::{LEGAL, REFUND, STATUS, TicketText, order_ids};
use super::{History, Step};
use crate::domain::amount;
use crate::domain::money::Usd;
use crate::domain::thread::{ApprovalEvent, ApprovalStatus};
use crate::tools::contracts::{ISSUE_REFUND, ORDER_LOOKUP};

// Thanks, in the languages the rules read and a few more customers write in: a
// thank-you on a thread closes it in any language, where a new request in a language
// the rules cannot read goes to a person.
re!(
    THANKS,
    r"(?i)\b(?:thanks?|thank you|thx|ty|cheers|much appreciated|appreciate (?:it|that|your help|the help)|merci|dank(?:e|en)?|gracias|grazie|obrigad[oa]|bedankt|tack|takk|kiitos|te[sş]ekk[uü]r\w*|sa[gğ]ol\w*|dzi[eę]kuj[eę]\w*|ありがとう\w*)\b"
);

// What turns a thank-you into a new request: a question, or a word asking for more.
re!(
    ASKS_MORE,
    r"(?i)\?|\b(?:but|however|still|also|another|again|can you|could you|please (?:send|refund|check|tell|help|cancel|change)|need|want|why|how|when|where|what|not (?:arrived|received|working)|doesn'?t|didn'?t|won'?t|isn'?t|aber|pero|mais|rembours\w*|erstatt\w*|reembols\w*|rimbors\w*|devol\w*)\b"
);

// A reviewer's decision contested, or a refund asked again after a rejection.
re!(
    CONTESTS,
    r"(?i)\b(?:disagree|unfair|reconsider|appeal|not acceptable|unacceptable|wrong decision|review (?:it|this|that) again|look (?:at it|again)|escalate|supervisor|manager|not accept(?:ing)?|(?:don'?t|do not|won'?t|will not) accept|put (?:the|my) refund through)\b"
);

/// What a thank-you closing the ticket rests on: patterns of the message's words,
/// which a new problem told in words they do not hold ("thanks, the tent came torn")
/// passes too. A cascade sends it on.
const THANKS_READ: &str = "thanks_read_from_text";

/// The answer to a follow-up the thread decides, and what it rests on, or `None` to
/// read the message as a new ticket. The record decides most of them (who holds the
/// ticket, where the refund stands), and a person asked for is a person given, which
/// settles them; a thank-you read from the words is a doubt.
pub(super) fn follow_up(t: &TicketText, h: &History) -> Option<(Step, Basis)> {
    if t.thread.is_empty() {
        return None;
    }
    let settled = |text: String| Some((Step::Final(text), Basis::Settled));
    if t.thread.human_owned() {
        return settled(
            "ESCALATED: [human_owned] The customer wrote again on a ticket a colleague has taken over; it stays with them.".into(),
        );
    }
    if ASKS_FOR_A_PERSON.is_match(&t.body) {
        return settled(
            "ESCALATED: [out_of_scope] The customer asks to talk to a person about an earlier answer on this ticket.".into(),
        );
    }
    if thanks_only(&t.body) {
        return Some((
            // Nothing is sent: the customer closed the conversation.
            Step::Final("RESOLVED:".into()),
            Basis::Doubt(THANKS_READ),
        ));
    }
    if LEGAL.is_match(&t.text) {
        return None;
    }
    let refund = refund_spoken_of(t)?;
    let order = refund.order_id.as_deref()?;
    let asks_again = ASKS_AGAIN.is_match(&without_greeting_again(&t.body));
    match refund.status {
        // After an expired proposal, a refund asked again is a new ticket's: proposed
        // anew when it is still eligible.
        ApprovalStatus::Expired if asks_again => return None,
        // Paid, and the amount disputed: for a person.
        ApprovalStatus::Executed
            if DISPUTES_AMOUNT.is_match(&t.body)
                || CONTESTS.is_match(&t.body)
                || asks_more_than(&t.body, refund.amount_usd) =>
        {
            return settled(format!(
                "ESCALATED: [out_of_scope] The customer asks for more than the refund of order {order} that was already paid; a person should answer."
            ));
        }
        // The shop refused to pay what a reviewer approved: a person has it.
        ApprovalStatus::Failed => {
            return settled(format!(
                "ESCALATED: [out_of_scope] The approved refund of order {order} could not be paid by the shop; a person should answer."
            ));
        }
        ApprovalStatus::Rejected if asks_again || CONTESTS.is_match(&t.body) => {
            return settled(format!(
                "ESCALATED: [out_of_scope] The customer asks again for the refund of order {order} that a reviewer rejected{}; a person should answer.",
                refund
                    .reason
                    .as_deref()
                    .map(|r| format!(" (reason: {r})"))
                    .unwrap_or_default()
            ));
        }
        _ => {}
    }
    // The record is the answer; the order's lookup grounds it.
    let Some(looked_up) = h.find(ORDER_LOOKUP, "order_id", order) else {
        return Some((
            Step::Calls(vec![(ORDER_LOOKUP, json!({ "order_id": order }))]),
            Basis::Settled,
        ));
    };
    if looked_up.get("error").is_some() {
        return None;
    }
    settled(format!("RESOLVED: {}", state_reply(refund, order)))
}

// Words asking where a refund stands.
re!(
    STATE_WORDS,
    r"(?i)\b(?:news|update|heard|any word|status|approved|decided|decision|paid|processed|(?:go|goes|gone|went|going|come|comes|came) through|going on|happen(?:ed|ing)|nouvelles|neuigkeiten|noticias|novedades)\b"
);

// A refund asked for again, not where one stands.
re!(
    ASKS_AGAIN,
    r"(?i)\b(?:again|resubmit|re-submit|once more|new request|put (?:it|this|that|the refund|my refund) (?:in|through)|(?:want|would like|need) (?:my|a|the) (?:money|refund)|refund me|please refund|(?:issue|process|start) (?:my|the|a) refund)\b|rembours[ée]e?\b|lancer le remboursement|erstatten Sie|reembols(?:o|en|ar)\b"
);

// A person asked for, instead of the agent.
re!(
    ASKS_FOR_A_PERSON,
    r"(?i)\b(?:(?:real|actual|human|live) (?:person|human|agent|being|representative)|(?:talk|speak|chat) (?:to|with) (?:someone|somebody|a person|a human|an agent|a manager|a supervisor|your manager))\b"
);

// What was paid disputed: too little, or not all of it.
re!(
    DISPUTES_AMOUNT,
    r"(?i)\bonly (?:refunded|paid|got|received|gave|sent)\b|\b(?:the rest|the remainder|the difference|not the full|not (?:the )?(?:whole|full) (?:amount|refund)|short by)\b"
);

/// `step` (resting on `basis`) with any proposal of a refund the thread holds (pending,
/// approved, paid) replaced by the record's answer, which the record settles: whatever
/// the message was read as, that refund is never proposed twice.
pub(super) fn guard(t: &TicketText, h: &History, (step, basis): (Step, Basis)) -> (Step, Basis) {
    let Step::Calls(calls) = &step else {
        return (step, basis);
    };
    let held = calls.iter().find_map(|(name, args)| {
        let order = args["order_id"]
            .as_str()
            .filter(|_| *name == ISSUE_REFUND)?;
        t.thread
            .refund_on(order)
            .filter(|r| r.status.holds())
            .map(|r| (r, order))
    });
    match held {
        Some((refund, order)) if h.find(ORDER_LOOKUP, "order_id", order).is_some() => (
            Step::Final(format!("RESOLVED: {}", state_reply(refund, order))),
            Basis::Settled,
        ),
        Some((_, order)) => (
            Step::Calls(vec![(ORDER_LOOKUP, json!({ "order_id": order }))]),
            Basis::Settled,
        ),
        None => (step, basis),
    }
}

/// Whether `body` names a sum above `paid`, the refund on record: "$20 doesn't cover
/// it - I want the full $103.95 back" disputes the $20, whatever words it does it in.
fn asks_more_than(body: &str, paid: Option<Usd>) -> bool {
    paid.is_some_and(|paid| names_dollars(body, |usd| usd.cents() > paid.cents()))
}

/// Whether `body` names `sum` (a refund's amount) as dollars.
fn names_sum(body: &str, sum: Option<Usd>) -> bool {
    sum.is_some_and(|sum| names_dollars(body, |usd| usd.cents() == sum.cents()))
}

/// Whether `body` names a sum in dollars that `fits`.
fn names_dollars(body: &str, fits: impl Fn(Usd) -> bool) -> bool {
    amount::mentions(body)
        .into_iter()
        .any(|m| matches!(m, amount::Mention::Dollars(usd) if fits(usd)))
}

// "Again" that greets or thanks ("hello again", "thanks again"), asking nothing anew.
re!(
    GREETING_AGAIN,
    r"(?i)\b(?:hello|hi|hey|hiya|me|thanks|thank you|cheers)\s+again\b"
);

/// `body` without the "again" of a greeting or a thank-you.
fn without_greeting_again(body: &str) -> std::borrow::Cow<'_, str> {
    GREETING_AGAIN.replace_all(body, "")
}

/// Whether `body` only thanks us: thanks, and nothing asked or reported.
fn thanks_only(body: &str) -> bool {
    THANKS.is_match(body)
        && !ASKS_MORE.is_match(&without_greeting_again(body))
        && !REFUND.is_match(body)
        && !STATUS.is_match(body)
        && body.chars().count() <= 280
}

/// The refund on the thread this message speaks of: the one of the order it names, or,
/// naming none, the latest one, when the message speaks of a refund or where it stands.
fn refund_spoken_of(t: &TicketText) -> Option<&ApprovalEvent> {
    let named = order_ids(t);
    // The customer's own words, not a subject line that kept "Re: refund"; or the sum
    // of the latest refund ("did the $75 go through?").
    let about_refund = REFUND.is_match(&t.body)
        || STATE_WORDS.is_match(&t.body)
        || ASKS_AGAIN.is_match(&t.body)
        || t.thread
            .latest_refund()
            .is_some_and(|r| names_sum(&t.body, r.amount_usd));
    match named.as_slice() {
        [] if about_refund => t.thread.latest_refund(),
        [] => None,
        [one] => t
            .thread
            .refund_on(one)
            .filter(|_| about_refund || STATUS.is_match(&t.body)),
        _ => None,
    }
}

/// What the customer is told of `refund`, from the record.
fn state_reply(refund: &ApprovalEvent, order: &str) -> String {
    let amount = refund
        .amount_usd
        .map(|a| format!(" of {a}"))
        .unwrap_or_default();
    match refund.status {
        ApprovalStatus::Pending => format!(
            "The refund{amount} for order {order} is waiting for a reviewer's approval. Nothing more is needed from you; you will hear from us as soon as it is decided."
        ),
        ApprovalStatus::Approved => format!(
            "The refund{amount} for order {order} has been approved and is being paid out. No second request is needed."
        ),
        ApprovalStatus::Executed => format!(
            "The refund{amount} for order {order} was paid{}. Banks usually take 5 to 10 business days to show it on your statement.",
            refund
                .confirmation_id
                .as_deref()
                .map(|c| format!(" (confirmation {c})"))
                .unwrap_or_default()
        ),
        ApprovalStatus::Rejected => format!(
            "The refund for order {order} was not approved{}.",
            refund
                .reason
                .as_deref()
                .map(|r| format!(". The reviewer's reason: {r}"))
                .unwrap_or_default()
        ),
        ApprovalStatus::Failed => format!(
            "The refund{amount} for order {order} was approved, but the payment did not go through; a colleague is looking into it."
        ),
        ApprovalStatus::Expired => format!(
            "The refund proposal for order {order} expired before a reviewer decided on it. Reply if you would like us to look at the refund again."
        ),
    }
}
