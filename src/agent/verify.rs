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

use serde_json::Value;

use super::{Trace, TraceStep};
use crate::domain::approval::{EligibilityBasis, PendingAction};
use crate::domain::money::Usd;
use crate::domain::outcome::{Claim, EscalationCategory, Outcome};
use crate::tools::CallStatus;
use crate::tools::contracts::{KB_SEARCH, ORDER_LOOKUP, REFUND_ELIGIBILITY};

/// Checks `claim` against `trace` and turns it into the ticket's outcome; writes the
/// verdict into the trace. `claim` is `Err` when the loop already decided (budget,
/// model failure).
pub fn verify(
    claim: Result<Claim, Outcome>,
    trace: &mut Trace,
    pending: Vec<PendingAction>,
) -> Outcome {
    let mut notes = Vec::new();
    let (claimed, outcome) = match claim {
        Err(decided) => {
            if !pending.is_empty() {
                notes.push(format!(
                    "{} pending action(s) dropped: the ticket is escalated",
                    pending.len()
                ));
            }
            ("(none)".to_string(), decided)
        }
        Ok(claim) => {
            let claimed = claim_name(&claim).to_string();
            (claimed, judge(claim, trace, pending, &mut notes))
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

fn judge(
    claim: Claim,
    trace: &Trace,
    pending: Vec<PendingAction>,
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
            if !grounded(trace) {
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
            ticket_id: "T".into(),
            customer_id: "C".into(),
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
}
