//! A ticket's thread: what was said on it before the message being answered (the
//! customer's earlier messages, our earlier answers) and what happened since (the state
//! of each approval we proposed). A help desk's ticket is a conversation; the agent
//! answers its newest message with the rest as context, and verification holds the
//! answer to what the thread records (a reply to a ticket a human has taken is the
//! human's; a refund pending or paid is never proposed again).
//!
//! The thread is bounded when it is built ([`Thread::bounded`]): the newest entries
//! are kept, each text cut to a length, so a long conversation costs the model a fixed
//! number of tokens at most.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

pub use super::approval::ApprovalStatus;
use super::money::Usd;
use super::normalize;
use super::outcome::{EscalationCategory, OutcomeKind};

/// The most entries a thread keeps (the newest).
pub const MAX_ENTRIES: usize = 12;

/// The longest text an entry keeps, in characters.
pub const MAX_TEXT_CHARS: usize = 1_000;

/// One thing that happened on a ticket before the message being answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum Entry {
    /// An earlier message of the customer's.
    Customer {
        /// The help desk's id of it, when it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        message_id: Option<String>,
        /// When it was written.
        at: DateTime<Utc>,
        /// The customer's words, normalised like any ticket's.
        body: String,
    },
    /// Our answer to an earlier message.
    Agent {
        /// When it was sent.
        at: DateTime<Utc>,
        /// How that message ended.
        outcome: OutcomeKind,
        /// What the customer was told (or, escalated, the reason).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        message: Option<String>,
        /// The escalation's category.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        category: Option<EscalationCategory>,
    },
}

/// What became of an approval proposed on the ticket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApprovalEvent {
    /// Always `approval`: the kind of event, for the wire format's sake.
    pub kind: EventKind,
    /// When the approval reached this state.
    pub at: DateTime<Utc>,
    /// `issue_refund` or `send_email`.
    pub tool: String,
    /// The refund's order.
    #[serde(default)]
    pub order_id: Option<String>,
    /// The refund's amount.
    #[serde(default)]
    pub amount_usd: Option<Usd>,
    /// Where it stands.
    pub status: ApprovalStatus,
    /// The backend's confirmation of an executed refund.
    #[serde(default)]
    pub confirmation_id: Option<String>,
    /// The reviewer's reason for a rejection.
    #[serde(default)]
    pub reason: Option<String>,
}

/// The kinds of events a thread records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// An approval's state.
    Approval,
}

/// A ticket's thread, oldest first, bounded.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thread {
    /// What was said, oldest first.
    pub entries: Vec<Entry>,
    /// The approvals proposed on the ticket, each in its latest state, oldest first.
    pub approvals: Vec<ApprovalEvent>,
}

impl Thread {
    /// A thread of `entries` and `approvals`, bounded: the newest [`MAX_ENTRIES`]
    /// entries, each text normalised and cut to [`MAX_TEXT_CHARS`]; for each
    /// (tool, order) only its latest state.
    pub fn bounded(entries: Vec<Entry>, approvals: Vec<ApprovalEvent>) -> Self {
        let skip = entries.len().saturating_sub(MAX_ENTRIES);
        let entries = entries
            .into_iter()
            .skip(skip)
            .map(|entry| match entry {
                Entry::Customer {
                    message_id,
                    at,
                    body,
                } => Entry::Customer {
                    message_id,
                    at,
                    body: cut(&normalize::normalize(&body).own),
                },
                Entry::Agent {
                    at,
                    outcome,
                    message,
                    category,
                } => Entry::Agent {
                    at,
                    outcome,
                    message: message.as_deref().map(cut),
                    category,
                },
            })
            .collect();
        let mut latest: Vec<ApprovalEvent> = Vec::new();
        let mut sorted = approvals;
        sorted.sort_by_key(|a| a.at);
        for event in sorted {
            let event = ApprovalEvent {
                reason: event.reason.as_deref().map(cut),
                ..event
            };
            match latest
                .iter_mut()
                .find(|a| a.tool == event.tool && a.order_id == event.order_id)
            {
                Some(earlier) => *earlier = event,
                None => latest.push(event),
            }
        }
        Self {
            entries,
            approvals: latest,
        }
    }

    /// Whether there is nothing before the message.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty() && self.approvals.is_empty()
    }

    /// How our last answer on the ticket ended, and its category.
    pub fn last_outcome(&self) -> Option<(OutcomeKind, Option<EscalationCategory>)> {
        self.entries.iter().rev().find_map(|e| match e {
            Entry::Agent {
                outcome, category, ..
            } => Some((*outcome, *category)),
            Entry::Customer { .. } => None,
        })
    }

    /// Whether a human has the ticket: our last answer escalated it.
    pub fn human_owned(&self) -> bool {
        matches!(self.last_outcome(), Some((OutcomeKind::Escalated, _)))
    }

    /// The refund approval on `order_id`, in its latest state.
    pub fn refund_on(&self, order_id: &str) -> Option<&ApprovalEvent> {
        self.approvals.iter().find(|a| {
            a.tool == "issue_refund"
                && a.order_id
                    .as_deref()
                    .is_some_and(|o| o.eq_ignore_ascii_case(order_id))
        })
    }

    /// The newest refund approval on the ticket.
    pub fn latest_refund(&self) -> Option<&ApprovalEvent> {
        self.approvals
            .iter()
            .rev()
            .find(|a| a.tool == "issue_refund")
    }

    /// The thread as the model reads it, before the new message: one line an entry,
    /// then one an approval. Empty for an empty thread.
    pub fn render(&self) -> String {
        let mut out = String::new();
        if self.is_empty() {
            return out;
        }
        out.push_str("Earlier on this ticket (oldest first):\n");
        for entry in &self.entries {
            match entry {
                Entry::Customer { at, body, .. } => {
                    out.push_str(&format!(
                        "- {} customer: {body}\n",
                        at.format("%Y-%m-%d %H:%M")
                    ));
                }
                Entry::Agent {
                    at,
                    outcome,
                    message,
                    category,
                } => {
                    let said = message.as_deref().unwrap_or("");
                    match category {
                        Some(c) => out.push_str(&format!(
                            "- {} we answered {outcome} ({c}): {said}\n",
                            at.format("%Y-%m-%d %H:%M")
                        )),
                        None => out.push_str(&format!(
                            "- {} we answered {outcome}: {said}\n",
                            at.format("%Y-%m-%d %H:%M")
                        )),
                    }
                }
            }
        }
        for a in &self.approvals {
            out.push_str(&format!("- approval of {}", a.tool));
            if let Some(order) = &a.order_id {
                out.push_str(&format!(" on order {order}"));
            }
            if let Some(amount) = a.amount_usd {
                out.push_str(&format!(" for {amount}"));
            }
            out.push_str(&format!(
                ": {} since {}",
                a.status.as_str(),
                a.at.format("%Y-%m-%d")
            ));
            if let Some(c) = &a.confirmation_id {
                out.push_str(&format!(", confirmation {c}"));
            }
            if let Some(r) = &a.reason {
                out.push_str(&format!(", reviewer's reason: {r}"));
            }
            out.push('\n');
        }
        out
    }
}

fn cut(text: &str) -> String {
    match text.char_indices().nth(MAX_TEXT_CHARS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(day: u32) -> DateTime<Utc> {
        format!("2026-11-{day:02}T09:00:00Z").parse().unwrap()
    }

    fn refund(day: u32, order: &str, status: ApprovalStatus) -> ApprovalEvent {
        ApprovalEvent {
            kind: EventKind::Approval,
            at: at(day),
            tool: "issue_refund".into(),
            order_id: Some(order.into()),
            amount_usd: Some(Usd::from_cents(2499)),
            status,
            confirmation_id: None,
            reason: None,
        }
    }

    #[test]
    fn a_long_thread_keeps_its_newest_entries_and_each_approval_its_latest_state() {
        let entries = (1..=20)
            .map(|day| Entry::Customer {
                message_id: Some(format!("m{day}")),
                at: at(day),
                body: "x".repeat(MAX_TEXT_CHARS * 2),
            })
            .collect();
        let approvals = vec![
            refund(3, "O1001", ApprovalStatus::Approved),
            refund(2, "O1001", ApprovalStatus::Pending),
            refund(4, "O1002", ApprovalStatus::Rejected),
        ];
        let thread = Thread::bounded(entries, approvals);
        assert_eq!(thread.entries.len(), MAX_ENTRIES);
        let Entry::Customer {
            message_id, body, ..
        } = &thread.entries[0]
        else {
            panic!("{thread:?}")
        };
        assert_eq!(message_id.as_deref(), Some("m9"));
        assert_eq!(
            body.chars().count(),
            MAX_TEXT_CHARS + 1,
            "cut, with an ellipsis"
        );
        assert_eq!(thread.approvals.len(), 2);
        assert_eq!(
            thread.refund_on("o1001").map(|a| a.status),
            Some(ApprovalStatus::Approved)
        );
        assert_eq!(
            thread.latest_refund().map(|a| a.status),
            Some(ApprovalStatus::Rejected)
        );
    }

    #[test]
    fn a_ticket_whose_last_answer_escalated_is_a_humans() {
        let answered = |outcome| Entry::Agent {
            at: at(2),
            outcome,
            message: None,
            category: None,
        };
        let asked = Entry::Customer {
            message_id: None,
            at: at(1),
            body: "help".into(),
        };
        let escalated = Thread::bounded(
            vec![asked.clone(), answered(OutcomeKind::Escalated)],
            vec![],
        );
        assert!(escalated.human_owned());
        let resolved = Thread::bounded(vec![asked, answered(OutcomeKind::Resolved)], vec![]);
        assert!(!resolved.human_owned());
        assert!(!Thread::default().human_owned());
        assert!(Thread::default().render().is_empty());
        assert!(resolved.render().contains("we answered resolved"));
    }

    #[test]
    fn the_wire_format_of_a_case_reads_into_entries_and_events() {
        let entries: Vec<Entry> = serde_json::from_str(
            r#"[{"role":"customer","message_id":"m1","at":"2026-11-20T09:00:00Z","body":"Where is it?"},
                {"role":"agent","at":"2026-11-20T09:01:00Z","outcome":"escalated","message":"A colleague will look.","category":"no_kb_match"}]"#,
        )
        .unwrap();
        let events: Vec<ApprovalEvent> = serde_json::from_str(
            r#"[{"kind":"approval","at":"2026-11-21T10:00:00Z","tool":"issue_refund","order_id":"O1001",
                 "amount_usd":24.99,"status":"executed","confirmation_id":"rf_1","reason":null}]"#,
        )
        .unwrap();
        let thread = Thread::bounded(entries, events);
        assert!(thread.human_owned());
        assert!(thread.refund_on("O1001").unwrap().status.holds());
        assert!(thread.render().contains("confirmation rf_1"));
    }
}
