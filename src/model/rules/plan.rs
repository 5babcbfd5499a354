//! What the rules model plans to do for a ticket: the catalogue of requests no tool
//! carries out ([`Action`]), the knowledge-base query, and the [`Plan`] of intents read
//! from the text and the intent guess.

use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

use super::super::intent::{Intent, IntentGuess};
use super::reading::{
    ASKS_HOW, CANCELLED_STATE, Clause, DAMAGE, HOWTO, MY_ORDER, NEVER_CAME, OrderIntent, PROCEDURE,
    REFUND, STATUS, TicketText, affirmed, clauses, content_words, is_question, is_request,
    my_order, names_another_reference, negated, order_ids, order_ids_with_shop_shaped,
    refund_affirmed, states, status_words,
};
use crate::domain::order_id::{names_order, same_order};

/// Requests no tool carries out. The help center may tell the customer how to do them
/// themselves; nothing here can do them for the customer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Action {
    Cancel,
    Address,
    Exchange,
    ShippingUpgrade,
    Reschedule,
    PaymentMethod,
    ChangeItems,
}

re!(A_CANCEL, r"(?i)\bcancel\b|\bcancell?ation\b|\bcancel+ing\b");
re!(
    A_ADDRESS,
    r"(?i)\b(?:chang|updat|correct|fix|edit|amend|modif)\w*\b[^.?!\n]{0,40}\baddress|\bwrong (?:shipping |delivery |street )?address|\bnew (?:shipping |delivery |home )?address|\b(?:send|ship|deliver|redirect)\w* (?:it |them |the (?:order|package|parcel) |my (?:order|package|parcel) )?to (?:a different|another|my new|my (?:work|office))\b|\bredirect\w*"
);
re!(
    A_EXCHANGE,
    r"(?i)\bexchang\w*|\bswap\w*|\breplacement\b|\breplace (?:it|this|them|the|my)\b|\b(?:different|another|bigger|smaller|larger) (?:size|colou?r|model|version)\b|\bchange (?:the |my )?(?:size|colou?r|model)\b"
);
re!(
    A_UPGRADE,
    r"(?i)\bupgrad\w*\b[^.?!\n]{0,30}\b(?:shipping|delivery|postage)|\b(?:shipping|delivery|postage)\b[^.?!\n]{0,20}\bupgrad\w*|\bexpedit\w*|\bspeed (?:it |this |things |the delivery |my order )?up\b|\b(?:switch|move|change|upgrad)\w* (?:[^\s.?!]+ ){0,3}?to (?:express|overnight|next[- ]day|priority|expedited|two[- ]day|2[- ]day)\b|\b(?:faster|quicker|overnight|next[- ]day|priority) (?:shipping|delivery)\b"
);
re!(
    A_RESCHEDULE,
    r"(?i)\breschedul\w*|\b(?:hold|delay|postpone|pause)\w* (?:the |my )?(?:delivery|shipment|order|package|parcel)\b|\b(?:different|later|another) (?:delivery )?(?:day|date)\b|\b(?:arrange|ask|have|get|tell)\w*\b[^.?!\n]{0,30}\bto (?:deliver|bring|drop)\w*|\b(?:deliver|bring|drop|ship|send)\w*\b[^.?!\n]{0,40}\b(?:on|next|after|until|before|by)\s+(?:the\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b[^.?!\n]{0,30}\binstead\b|\b(?:deliver|bring|drop|ship|send)\w*\b[^.?!\n]{0,40}\b(?:next|after|until|on) (?:the )?(?:week(?:end)?|\d{1,2}(?:st|nd|rd|th)?)\b[^.?!\n]{0,30}\binstead\b|\b(?:deliver|bring|drop|ship|send)\w* (?:it |them |this |the \w+ |my \w+ )?(?:in |on )?(?:the |a )(?:week|day|weekend|month) (?:after|later)\b|\b(?:deliver|bring|drop|ship|send)\w* (?:it |them |this )?(?:a |one |two |three |\d+ )(?:week|day)s? later\b"
);
re!(
    A_PAYMENT,
    r"(?i)\b(?:chang|switch|updat|replac|mov)\w*\b[^.?!\n]{0,30}\b(?:payment|card|billing)\b|\bcharge (?:a |my )?(?:different|another|other|new) (?:card|account)|\bpay (?:with|by|using) (?:a |my )?(?:different|another|other)\b"
);
re!(
    A_ITEMS,
    r"(?i)\badd\w*\b[^.?!\n]{0,60}\bto (?:it|(?:(?:my|the|this|that) )?(?:order|purchase))\b|\bremov\w*\b[^.?!\n]{0,60}\bfrom (?:it|(?:(?:my|the|this|that) )?(?:order|purchase))\b"
);
// Every one of several orders, not of several items: "refund both (orders) to my
// card", "all my orders", not "both mugs" or "all of them".
re!(
    EVERY_ORDER,
    r"(?i)\bboth(?: orders| of them)?\s*(?:[.!,;]|$|\s(?:to|back|please|pls|for me|as well|too)\b)|\b(?:both|all|each|every one) of (?:my |the |these |those )?orders\b|\b(?:both|all) (?:my |the |these |those )?orders\b|\bevery order\b"
);
re!(
    ASKS_US,
    r"(?i)^\s*(?:\w+\s+){0,2}(?:can|could|would|will) (?:you|someone|somebody)\b|^\s*please\b"
);
re!(
    SELF_SERVICE,
    r"(?i)\byou can\b|\byourself\b|\bgo to\b|\bopen\b|\bchoose\b|\bselect\b|\bclick\b|\btap\b|\bvisit\b|\bfollow the\b|\benter\b|\bunder [A-Z]|\b[a-z][\w&-]*(?: [\w&-]+){0,2} > [a-z]"
);

impl Action {
    pub(super) const ALL: [Action; 7] = [
        Action::Cancel,
        Action::Address,
        Action::Exchange,
        Action::ShippingUpgrade,
        Action::Reschedule,
        Action::PaymentMethod,
        Action::ChangeItems,
    ];

    pub(super) fn pattern(self) -> &'static Regex {
        match self {
            Action::Cancel => &A_CANCEL,
            Action::Address => &A_ADDRESS,
            Action::Exchange => &A_EXCHANGE,
            Action::ShippingUpgrade => &A_UPGRADE,
            Action::Reschedule => &A_RESCHEDULE,
            Action::PaymentMethod => &A_PAYMENT,
            Action::ChangeItems => &A_ITEMS,
        }
    }

    /// Word stems an article that explains this action uses.
    pub(super) fn topic(self) -> &'static [&'static str] {
        match self {
            Action::Cancel => &["cancel"],
            Action::Address => &["address"],
            Action::Exchange => &["exchang", "swap", "replac"],
            Action::ShippingUpgrade => &["upgrad", "express", "expedit"],
            Action::Reschedule => &["reschedul", "delivery date", "hold"],
            Action::PaymentMethod => &["payment method", "card"],
            Action::ChangeItems => &[
                "add item",
                "add an item",
                "remove item",
                "edit order",
                "modify",
            ],
        }
    }

    pub(super) fn describe(self) -> &'static str {
        match self {
            Action::Cancel => "cancel an order",
            Action::Address => "change a delivery address",
            Action::Exchange => "exchange or replace an item",
            Action::ShippingUpgrade => "upgrade the shipping",
            Action::Reschedule => "reschedule or hold a delivery",
            Action::PaymentMethod => "change the payment method",
            Action::ChangeItems => "change the items of an order",
        }
    }

    /// The actions `text` asks for (not negated).
    pub(super) fn in_text(text: &str) -> Vec<Action> {
        Action::ALL
            .into_iter()
            .filter(|a| affirmed(a.pattern(), text))
            .collect()
    }

    /// Whether `article` tells the customer how to do this themselves: one of its
    /// sentences is about the action and gives a step ("You can cancel an order
    /// yourself…: open Orders…"). An article that only mentions the topic ("express
    /// shipping takes 1 to 2 days") does not.
    pub(super) fn self_service(self, article: &Value) -> bool {
        let body = article["body"].as_str().unwrap_or_default();
        body.split(['.', ';', '!', '\n']).any(|sentence| {
            let lower = sentence.to_lowercase();
            let about = match self {
                // Every payment article speaks of cards ("you can split a payment between a
                // gift card and…"); only a sentence about changing the payment is about
                // the action.
                Action::PaymentMethod => {
                    A_PAYMENT.is_match(sentence) || lower.contains("payment method")
                }
                _ => self.topic().iter().any(|t| lower.contains(t)),
            };
            about && SELF_SERVICE.is_match(sentence)
        })
    }
}

/// What the ticket asks, decided from its text alone (and the intent guess).
#[derive(Debug)]
pub(super) struct Plan {
    pub(super) orders: Vec<(String, OrderIntent)>,
    pub(super) kb_query: Option<String>,
    /// Another query, tried when the first finds nothing.
    pub(super) kb_retry: Option<String>,
    /// Requests no tool carries out, and for each the two queries that look for
    /// self-service help.
    pub(super) unsupported: Vec<Action>,
    pub(super) unsupported_queries: Vec<(Action, String, String)>,
    pub(super) missing_order_id: bool,
    /// The ticket names an order but no request the rules understand.
    pub(super) unplaced_order: bool,
}

/// The query for the knowledge base: the subject line and `question`, so that neither
/// a bare "how?" nor a label-like subject searches alone; at most 900 characters (the
/// contract allows 1000).
pub(super) fn kb_query(subject: &str, question: &str) -> String {
    let subject = subject.trim();
    let question = question.trim();
    let q = if subject.is_empty()
        || question
            .to_ascii_lowercase()
            .contains(&subject.to_ascii_lowercase())
    {
        question.to_string()
    } else if question.is_empty() {
        subject.to_string()
    } else {
        format!("{subject}. {question}")
    };
    let mut end = q.len().min(900);
    while !q.is_char_boundary(end) {
        end -= 1;
    }
    q[..end].trim().to_string()
}

re!(
    REPLY_PREFIX,
    r"(?i)^\s*(?:(?:re|fwd?|aw|wg|tr|sv|vs|antw)\s*:\s*)*(?:\(?no subject\)?)?\s*$"
);

/// Whether the ticket holds any words at all beyond a reply's subject prefix ("Re:",
/// "(no subject)"): a reply sent with nothing but a signature asks nothing, and a search
/// for "Re:" would answer it with whatever article came first.
fn says_anything(t: &TicketText) -> bool {
    !t.body.trim().is_empty() || !REPLY_PREFIX.is_match(&t.subject)
}

/// `named` (the ids written after "order"), and beside them an id written bare in the
/// shop's own shape whose own clause asks its money back: "I'd like to return the
/// watch from STR-K2M9-40318 for a refund. Second, where is my shoe order 22910?" asks
/// of two orders, where the second alone took the first one's refund. A bare id in any
/// other clause is still one the customer mentions, not asks about (a status question
/// beside it asks about the order named after "order", measured on a held-out shop).
fn asked_of(t: &TicketText, all: &[Clause<'_>], named: Vec<String>) -> Vec<String> {
    if named.is_empty() {
        return named;
    }
    let mut ids = named;
    for id in order_ids_with_shop_shaped(t) {
        if ids.iter().any(|o| same_order(o, &id)) {
            continue;
        }
        let asked = all
            .iter()
            .any(|c| names_order(c.text, &id) && refund_affirmed(c.text));
        if asked && ids.len() < MAX_ORDERS {
            ids.push(id);
        }
    }
    ids
}

/// The most orders one ticket is read as asking about (as [`order_ids`] reads them).
const MAX_ORDERS: usize = 3;

pub(super) fn plan(t: &TicketText, guess: Option<IntentGuess>) -> Plan {
    let all = clauses(&t.text);
    let refund_asked = refund_affirmed(&t.text);
    // "Refund both": a refund asked of every one of several orders, in a clause that
    // names none of them.
    let wide = (refund_asked && EVERY_ORDER.is_match(&t.text))
        .then(|| order_ids_with_shop_shaped(t))
        .filter(|wide| {
            wide.len() > 1
                && all.iter().any(|c| {
                    refund_affirmed(c.text)
                        && EVERY_ORDER.is_match(c.text)
                        && !wide.iter().any(|id| names_order(c.text, id))
                })
        });
    let refund_of_each = wide.is_some();
    let ids = wide.unwrap_or_else(|| asked_of(t, &all, order_ids(t)));
    // However the clause writes the id ("order 781 220 096" for `781220096`).
    let mentions = |c: &Clause<'_>, id: &str| names_order(c.text, id);
    let subject_len = clauses(&t.subject).len();
    // Actions no tool performs, read from the body's clauses and the subject.
    // A question how to do it ("can I exchange a gift card for cash?") is a help-center
    // question, whatever the answer; only a request that we do it is one no tool can do.
    let action_clauses: Vec<(usize, &Clause<'_>, Vec<Action>)> = all
        .iter()
        .enumerate()
        .filter(|(_, c)| !ASKS_HOW.is_match(c.text))
        .map(|(i, c)| (i, c, Action::in_text(c.text)))
        .filter(|(_, _, a)| !a.is_empty())
        .collect();
    let mut unsupported: Vec<Action> = Vec::new();
    for (_, _, actions) in &action_clauses {
        for a in actions {
            // "Refund it, I'm not after a replacement" / "refund or exchange, whichever":
            // beside a plain refund request an exchange is not a separate ask.
            if *a == Action::Exchange && refund_asked {
                continue;
            }
            if !unsupported.contains(a) {
                unsupported.push(*a);
            }
        }
    }
    let action_idx: Vec<usize> = action_clauses
        .iter()
        .filter(|(_, _, acts)| acts.iter().any(|a| unsupported.contains(a)))
        .map(|(i, _, _)| *i)
        .collect();
    let in_action_clause = |i: usize| action_idx.contains(&i);
    let action_sentences: Vec<usize> = action_idx.iter().map(|i| all[*i].sentence).collect();
    let refund_declined = REFUND
        .find_iter(&t.text)
        .any(|m| negated(&t.text, m.start()));
    // "How do I cancel? I ordered the wrong size" asks about the action, not money back:
    // a defect implies a refund request only when no action is mentioned at all.
    let how_to_action =
        |i: usize| ASKS_HOW.is_match(all[i].text) && !Action::in_text(all[i].text).is_empty();
    let mentions_action = !Action::in_text(&t.text).is_empty();
    let damage_refund =
        !ids.is_empty() && DAMAGE.is_match(&t.text) && !mentions_action && !refund_declined;
    let refund_any = refund_asked || damage_refund;
    // Beside a request no tool does, a status clause counts only where the body asks
    // for it ("and where is it now?"), not in a subject line that labels the request.
    let status_clause = |i: usize| {
        status_words(all[i].text)
            && !in_action_clause(i)
            && !how_to_action(i)
            && (unsupported.is_empty() || i >= subject_len && (all[i].asks || is_request(&all[i])))
    };
    let status_any = (0..all.len()).any(status_clause);
    let mut orders = Vec::new();
    for id in &ids {
        let own: Vec<usize> = (0..all.len()).filter(|i| mentions(&all[*i], id)).collect();
        let own_refund = own.iter().any(|i| {
            refund_affirmed(all[*i].text) || DAMAGE.is_match(all[*i].text) && !refund_declined
        });
        let own_status = own.iter().any(|i| status_clause(*i));
        let intent = if ids.len() == 1 {
            if refund_any {
                Some(OrderIntent::Refund)
            } else if status_any {
                Some(OrderIntent::Status)
            } else {
                None
            }
        } else if own_refund {
            Some(OrderIntent::Refund)
        } else if own_status {
            Some(OrderIntent::Status)
        } else {
            None
        };
        if let Some(intent) = intent {
            orders.push((id.clone(), intent));
        }
    }
    // "I have two orders, A and B. Can you give me an update on both?": a status
    // question that names none of several orders, in a ticket that asks nothing of any
    // one of them, asks about them all.
    if ids.len() > 1 && orders.is_empty() && status_any && !refund_any {
        orders = ids
            .iter()
            .map(|id| (id.clone(), OrderIntent::Status))
            .collect();
    }
    // "…the power supply from FW/27/004297 and the delay from order FW/26/003911, which I
    // never got into. Refund both": each order the ticket names is asked back, whatever
    // its own clauses ask.
    if refund_of_each {
        orders = ids
            .iter()
            .map(|id| (id.clone(), OrderIntent::Refund))
            .collect();
    }
    // The intent by meaning may say the ticket asks for something no tool does even
    // when no text rule names it: then a status answer would answer another question.
    // Whether the order was cancelled is a question of its state, however near in
    // meaning it is to asking us to cancel it, and so is an order that never came.
    let unsupported_by_meaning = guess.is_some_and(|g| g.intent == Intent::Unsupported)
        && unsupported.is_empty()
        && !refund_asked
        && !CANCELLED_STATE.is_match(&t.text)
        && !NEVER_CAME.is_match(&t.text);
    if unsupported_by_meaning {
        orders.retain(|(_, i)| *i == OrderIntent::Refund);
    }
    // A customer who names their own reference for the order ("our ref PO-2027-0613")
    // asks about that order even in words that would otherwise be a question for the
    // help center ("is there a tracking number?").
    let names_reference = names_another_reference(t);
    // A statement about a delivery is a request when the ticket asks nothing else ("my
    // parcel hasn't arrived."). Beside a question of the customer's own that is not about
    // an order ("Is this legit or a scam?", "Is your website broken?") it is the story
    // around that question.
    let asks_own =
        |i: usize, c: &Clause<'_>| c.asks && !in_action_clause(i) && content_words(c.text) >= 2;
    let asks_otherwise = all
        .iter()
        .enumerate()
        .any(|(i, c)| asks_own(i, c) && !STATUS.is_match(c.text) && !REFUND.is_match(c.text));
    // A general question in the words of deliveries or refunds ("how long does a refund
    // take to show?") makes a story of a delivery told without naming the customer's
    // own order ("the parcel was sent here"), but not of one they name ("my package
    // still hasn't arrived").
    let asks_generally = all
        .iter()
        .enumerate()
        .any(|(i, c)| asks_own(i, c) && HOWTO.is_match(c.text) && !is_request(c));
    let story =
        |c: &Clause<'_>| states(c) && (asks_otherwise || asks_generally && !my_order(c.text));
    let requests_without_id = ids.is_empty()
        && all.iter().enumerate().any(|(i, c)| {
            (is_request(c) && !story(c) || names_reference && !how_to_action(i))
                && !in_action_clause(i)
                && (refund_affirmed(c.text) || status_clause(i))
                // A subject line is a label: it asks for an order in the words of
                // orders ("where is my order"), not with any noun ("where are my stars"
                // of loyalty points).
                && (i >= subject_len || MY_ORDER.is_match(c.text) || names_reference)
        });
    // Beside an order request, a question about orders ("is there a tracking link?")
    // is part of that request, not a help-center question.
    let order_business = !orders.is_empty() || requests_without_id;
    let questions: Vec<&str> = all
        .iter()
        .enumerate()
        .filter(|(i, c)| is_question(c) && !is_request(c) && !in_action_clause(*i))
        // The rest of a sentence that asks for an action ("…to 14 Elm Row, flat 2?"), and
        // a request addressed to us ("could you send the other one?"), are not questions
        // for the help center, unless they ask how.
        .filter(|(_, c)| {
            HOWTO.is_match(c.text)
                || !(action_sentences.contains(&c.sentence) || ASKS_US.is_match(c.text))
        })
        // A question whose sentence names the order is about that order ("what's
        // happening with my two chairs, order 231 094 580?"), unless it asks how to do
        // something ("where is O1002, and how do I reset my password?").
        .filter(|(_, c)| {
            PROCEDURE.is_match(c.text)
                || !orders.iter().any(|(id, _)| {
                    all.iter()
                        .any(|o| o.sentence == c.sentence && mentions(o, id))
                })
        })
        .filter(|(i, c)| {
            !order_business
                || how_to_action(*i)
                || !(REFUND.is_match(c.text) || STATUS.is_match(c.text))
        })
        .map(|(_, c)| c)
        // With an order answered, only a real how-to question is worth a search: one
        // that asks how and says about what ("What's going on?" says nothing).
        .filter(|c| orders.is_empty() || HOWTO.is_match(c.text) && content_words(c.text) >= 2)
        .map(|c| c.text)
        .collect();
    let nothing_else = orders.is_empty() && !requests_without_id && unsupported.is_empty();
    let (kb_query_text, kb_retry) = if !questions.is_empty() {
        // The question with its subject first; then, when that finds nothing, the whole
        // ticket, whose other sentences often say what the question is about ("I can't
        // recall the word I chose. What do I do now?").
        let first = kb_query(&t.subject, &questions.join(". "));
        let whole = kb_query(&t.subject, &t.body);
        let retry = (first != whole).then_some(whole);
        (Some(first), retry)
    } else if nothing_else && ids.is_empty() && !unsupported_by_meaning && says_anything(t) {
        // Nothing recognisable: let the knowledge base judge the whole text.
        (Some(kb_query(&t.subject, &t.body)), None)
    } else {
        (None, None)
    };
    // For each action, the customer's own words first, then the action named plainly.
    let unsupported_queries = unsupported
        .iter()
        .map(|a| {
            let asks: Vec<&str> = action_clauses
                .iter()
                .filter(|(_, _, acts)| acts.contains(a))
                .map(|(_, c, _)| c.text)
                .collect();
            (
                *a,
                kb_query(&t.subject, &asks.join(". ")),
                format!("How do I {}", a.describe()),
            )
        })
        .collect();
    Plan {
        unplaced_order: (!ids.is_empty()
            && orders.is_empty()
            && kb_query_text.is_none()
            && unsupported.is_empty())
            // A question how to do it is still a help-center question: the article
            // decides, and without one the ticket escalates as no match.
            || (unsupported_by_meaning && kb_query_text.is_none()),
        orders,
        kb_retry: kb_retry.filter(|q| !q.is_empty()),
        kb_query: kb_query_text.filter(|q| !q.is_empty()),
        unsupported,
        unsupported_queries,
        missing_order_id: requests_without_id && ids.is_empty(),
    }
}
