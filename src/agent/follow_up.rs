//! Verification of an answer to a message on a ticket's thread (rule 10 of
//! docs/verification.md): what the thread records holds every model to the follow-up
//! policy of docs/use-case.md, and grounds what the answer says of it.
//!
//! - A ticket our last answer escalated is a human's: any other outcome is replaced by
//!   an escalation `human_owned`.
//! - A refund the thread holds as pending, approved or executed is never proposed again:
//!   such a proposal is refused.
//! - What the answer says of an approval the thread records (its state, its
//!   confirmation, the reviewer's reason) is grounded by the record, as a tool result
//!   would ground it; an answer that claims nothing at all (a reply to a thank-you)
//!   needs no tool on a thread.

use crate::domain::approval::PendingAction;
use crate::domain::outcome::{EscalationCategory, Outcome};
use crate::domain::sentences::Ends;
use crate::domain::thread::Thread;

/// The outcome the thread allows in place of `outcome`: `None` when it stands.
pub(super) fn overruled(thread: &Thread, outcome: &Outcome) -> Option<Outcome> {
    if thread.human_owned() && !matches!(outcome, Outcome::Escalated { .. }) {
        return Some(Outcome::escalated(
            EscalationCategory::HumanOwned,
            "a human has this ticket (our last answer on its thread escalated it); the reply goes to them",
        ));
    }
    let again = outcome
        .actions()
        .iter()
        .find_map(|a| held_refund(thread, a))?;
    Some(Outcome::escalated(
        EscalationCategory::VerificationFailed,
        again,
    ))
}

/// Why `action` must not be proposed: a refund of an order whose refund the thread
/// holds.
fn held_refund(thread: &Thread, action: &PendingAction) -> Option<String> {
    let (order, _) = action.refund_order()?;
    let held = thread.refund_on(order).filter(|r| r.status.holds())?;
    Some(format!(
        "proposes a refund of order {order}, whose refund on this ticket is already {}",
        held.status.as_str()
    ))
}

/// `message` without what the thread grounds: each sentence that speaks of an
/// approval the thread records (its order with its state, or its confirmation), and
/// the reviewers' reasons quoted. The checks of claims read the rest.
pub(super) fn unrecorded(thread: &Thread, message: &str) -> String {
    if thread.approvals.is_empty() {
        return message.to_string();
    }
    let mut rest = message.to_string();
    for a in &thread.approvals {
        if let Some(reason) = a.reason.as_deref().filter(|r| !r.is_empty()) {
            rest = rest.replace(reason, "");
        }
    }
    sentences(&rest)
        .into_iter()
        .filter(|sentence| {
            !thread.approvals.iter().any(|a| {
                let names_order = a
                    .order_id
                    .as_deref()
                    .is_some_and(|o| contains_ignore_case(sentence, o));
                let names_confirmation = a
                    .confirmation_id
                    .as_deref()
                    .is_some_and(|c| sentence.contains(c));
                names_confirmation || names_order && contains_ignore_case(sentence, "refund")
            })
        })
        .collect()
}

/// Whether a RESOLVED answer without any grounding tool result may stand: on a thread,
/// an answer that states nothing checkable (no number, no id: a reply to a thank-you).
pub(super) fn needs_no_grounds(thread: &Thread, message: &str) -> bool {
    !thread.is_empty() && !message.chars().any(|c| c.is_ascii_digit())
}

/// `text` cut after each `.`, `!` or `?` that a space or the end follows, and at line
/// breaks: "$24.99" stays in one sentence.
fn sentences(text: &str) -> Vec<&str> {
    let ends = Ends {
        semicolon: false,
        line_break: true,
    };
    crate::domain::sentences::split(text, ends)
}

fn contains_ignore_case(haystack: &str, needle: &str) -> bool {
    haystack
        .to_ascii_lowercase()
        .contains(&needle.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::approval::{ActionRequest, derive_ids};
    use crate::domain::money::Usd;
    use crate::domain::outcome::OutcomeKind;
    use crate::domain::thread::{ApprovalEvent, ApprovalStatus, Entry, EventKind};

    fn thread(last: Option<OutcomeKind>, refund: Option<ApprovalStatus>) -> Thread {
        let at = "2026-11-20T09:00:00Z".parse().unwrap();
        let mut entries = vec![Entry::Customer {
            message_id: Some("m1".into()),
            at,
            body: "My mouse O1001 won't charge, refund please.".into(),
        }];
        if let Some(outcome) = last {
            entries.push(Entry::Agent {
                at,
                outcome,
                message: Some("…".into()),
                category: None,
            });
        }
        let approvals = refund
            .map(|status| ApprovalEvent {
                kind: EventKind::Approval,
                at,
                tool: "issue_refund".into(),
                order_id: Some("O1001".into()),
                amount_usd: Some(Usd::from_cents(2499)),
                status,
                confirmation_id: Some("rf_9".into()),
                reason: Some("No photo of the damage.".into()),
            })
            .into_iter()
            .collect();
        Thread::bounded(entries, approvals)
    }

    fn proposal() -> Outcome {
        Outcome::RefundProposed {
            message: "Proposed.".into(),
            actions: vec![PendingAction {
                approval_id: derive_ids("T-1", "issue_refund", "O1001").0,
                ticket_id: "T-1".parse().unwrap(),
                customer_id: "C001".parse().unwrap(),
                request: ActionRequest::IssueRefund {
                    order_id: "O1001".into(),
                    amount_usd: Usd::from_cents(2499),
                    idempotency_key: "k".into(),
                },
                eligibility: None,
            }],
        }
    }

    #[test]
    fn a_reply_on_a_ticket_a_human_has_is_theirs_whatever_the_model_answered() {
        let owned = thread(Some(OutcomeKind::Escalated), None);
        let answered = Outcome::Resolved {
            message: "Done.".into(),
        };
        let Some(Outcome::Escalated { category, .. }) = overruled(&owned, &answered) else {
            panic!("not overruled");
        };
        assert_eq!(category, EscalationCategory::HumanOwned);
        let escalated = Outcome::escalated(EscalationCategory::NoKbMatch, "no article");
        assert_eq!(overruled(&owned, &escalated), None, "an escalation stands");
        let resolved_before = thread(Some(OutcomeKind::Resolved), None);
        assert_eq!(overruled(&resolved_before, &answered), None);
    }

    #[test]
    fn a_refund_pending_approved_or_paid_is_never_proposed_again_and_one_rejected_or_expired_may_be()
     {
        for (state, refused) in [
            (ApprovalStatus::Pending, true),
            (ApprovalStatus::Approved, true),
            (ApprovalStatus::Executed, true),
            (ApprovalStatus::Rejected, false),
            (ApprovalStatus::Expired, false),
        ] {
            let t = thread(Some(OutcomeKind::RefundProposed), Some(state));
            assert_eq!(overruled(&t, &proposal()).is_some(), refused, "{state:?}");
        }
        assert_eq!(overruled(&Thread::default(), &proposal()), None);
    }

    #[test]
    fn what_the_record_says_is_taken_out_of_the_claims_and_the_rest_kept() {
        let t = thread(
            Some(OutcomeKind::RefundProposed),
            Some(ApprovalStatus::Executed),
        );
        let message = "The refund of $24.99 for order O1001 was paid. We also shipped your \
                       replacement. It was confirmed as rf_9.";
        let rest = unrecorded(&t, message);
        assert!(!rest.contains("was paid"), "{rest}");
        assert!(rest.contains("shipped your replacement"), "{rest}");
        let rejected = thread(
            Some(OutcomeKind::RefundProposed),
            Some(ApprovalStatus::Rejected),
        );
        let quoted = unrecorded(&rejected, "It was declined: No photo of the damage.");
        assert!(!quoted.contains("photo"), "{quoted}");
    }

    #[test]
    fn only_an_answer_that_states_nothing_checkable_needs_no_tool_on_a_thread() {
        let t = thread(Some(OutcomeKind::Resolved), None);
        assert!(needs_no_grounds(&t, "You're welcome!"));
        assert!(!needs_no_grounds(&t, "Order O1001 shipped."));
        assert!(!needs_no_grounds(&Thread::default(), "You're welcome!"));
    }
}
