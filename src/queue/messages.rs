//! The message schemas on the exchanges (docs/queues.md documents each): the ticket's
//! outcome, a gated action's approval message, and a decision's audit record.
//!
//! Every message is persistent JSON with `message_id` (the ticket's work key: its id, or
//! its id and the message's of its thread; or the approval id) and `correlation_id` (the
//! ticket id), so that any consumer can deduplicate a redelivered or re-published message
//! by its id.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::agent::{TicketRun, Totals};
use crate::domain::approval::{EligibilityBasis, PendingAction, Timeline};
use crate::domain::outcome::Verdict;
use crate::domain::ticket::{CustomerId, MessageId, Ticket, TicketId, WorkKey};

/// Published to `outcomes` with routing key `ticket.<outcome>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutcomeMessage {
    /// The ticket's id.
    pub ticket_id: TicketId,
    /// The message of the ticket's thread this answers, when the ticket came as one: two
    /// answers on one ticket are told apart by it. Absent for a whole ticket, and in
    /// messages from before threads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_id: Option<MessageId>,
    /// Its customer.
    pub customer_id: CustomerId,
    /// The outcome: its kind, and the reply or the escalation's reason and category.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// The approvals published with it.
    pub approval_ids: Vec<String>,
    /// The delivery attempt that finished it.
    pub attempt: u32,
    /// The worker that finished it.
    pub worker_id: String,
    /// The model's label.
    pub model: String,
    /// What the agent run spent.
    #[serde(flatten)]
    pub totals: Totals,
    /// When the outcome was decided.
    pub finished_at: DateTime<Utc>,
}

impl OutcomeMessage {
    /// The routing key on the outcomes exchange.
    pub fn routing_key(&self) -> String {
        format!("ticket.{}", self.verdict.outcome)
    }

    /// The unit of work it answers: the message id consumers dedupe on (the ticket id
    /// alone for a whole ticket).
    pub fn work_key(&self) -> WorkKey {
        WorkKey::new(&self.ticket_id, self.message_id.as_ref())
    }
}

/// Published to `approvals` with routing key `approval.<tool>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApprovalMessage {
    /// Deterministic for (ticket, tool, subject): a re-published approval is the same one.
    pub approval_id: String,
    /// The ticket that proposed it.
    pub ticket_id: TicketId,
    /// Its customer.
    pub customer_id: CustomerId,
    /// `issue_refund` or `send_email`.
    pub tool: String,
    /// The tool's arguments, idempotency key included.
    pub arguments: Value,
    /// The eligibility answer a refund rests on.
    pub eligibility: Option<EligibilityBasis>,
    /// The agent's message to the customer.
    pub summary: String,
    /// The ticket's subject, for the reviewer.
    pub ticket_subject: String,
    /// The ticket's text, for the reviewer.
    pub ticket_body: String,
    /// When the agent proposed it.
    pub created_at: DateTime<Utc>,
    /// The run's tool calls and what they answered, for the reviewer (bounded; empty
    /// from a worker that sent none).
    #[serde(default, skip_serializing_if = "Timeline::is_empty")]
    pub timeline: Timeline,
}

impl ApprovalMessage {
    /// The routing key on the approvals exchange.
    pub fn routing_key(&self) -> String {
        format!("approval.{}", self.tool)
    }

    /// The approval for `action`, proposed while handling `ticket` in a run whose tool
    /// calls were `timeline`.
    pub fn new(
        action: &PendingAction,
        ticket: &Ticket,
        summary: &str,
        timeline: &Timeline,
        created_at: DateTime<Utc>,
    ) -> Self {
        let request = serde_json::to_value(&action.request).expect("actions serialize");
        Self {
            approval_id: action.approval_id.to_string(),
            ticket_id: action.ticket_id.clone(),
            customer_id: action.customer_id.clone(),
            tool: request["tool"].as_str().unwrap_or_default().to_string(),
            arguments: request["arguments"].clone(),
            eligibility: action.eligibility.clone(),
            summary: summary.to_string(),
            ticket_subject: ticket.subject.clone(),
            ticket_body: ticket.body.clone(),
            created_at,
            timeline: timeline.clone(),
        }
    }

    /// The action again, as the executor takes it.
    ///
    /// # Errors
    /// A message whose tool and arguments are not a known action.
    pub fn action(&self) -> Result<PendingAction, ActionError> {
        let request = serde_json::from_value(serde_json::json!({
            "tool": self.tool, "arguments": self.arguments
        }))
        .map_err(|error| ActionError::Arguments {
            approval_id: self.approval_id.clone(),
            error,
        })?;
        Ok(PendingAction {
            approval_id: crate::domain::approval::ApprovalId::parse(&self.approval_id)?,
            ticket_id: self.ticket_id.clone(),
            customer_id: self.customer_id.clone(),
            request,
            eligibility: self.eligibility.clone(),
        })
    }
}

/// Why an [`ApprovalMessage`] is not an action the executor can take.
#[derive(Debug, thiserror::Error)]
pub enum ActionError {
    /// The tool and arguments are not a known action.
    #[error("approval {approval_id}: {error}")]
    Arguments {
        /// The message's approval id, as it came.
        approval_id: String,
        /// What did not parse.
        error: serde_json::Error,
    },
    /// The approval id is not one this crate writes.
    #[error(transparent)]
    Id(#[from] crate::domain::approval::BadApprovalId),
}

/// A finished ticket as recorded: the outcome message and the approvals that go with
/// it, exactly as published (a redelivery re-publishes these bytes, never a new run).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finished {
    /// The outcome message exactly as published.
    pub outcome: OutcomeMessage,
    /// Its approvals.
    pub approvals: Vec<ApprovalMessage>,
}

/// A [`Finished`] with its messages serialised once: the bytes recorded in Redis hold
/// exactly the bytes published, and neither is serialised a second time.
#[derive(Debug)]
pub struct Sealed {
    finished: Finished,
    outcome: Vec<u8>,
    approvals: Vec<Vec<u8>>,
}

impl From<Finished> for Sealed {
    fn from(finished: Finished) -> Self {
        Self {
            outcome: json(&finished.outcome),
            approvals: finished.approvals.iter().map(json).collect(),
            finished,
        }
    }
}

impl Sealed {
    /// The messages.
    pub fn finished(&self) -> &Finished {
        &self.finished
    }

    /// The outcome message's body.
    pub fn outcome_body(&self) -> &[u8] {
        &self.outcome
    }

    /// Each approval with its message body.
    pub fn approvals(&self) -> impl Iterator<Item = (&ApprovalMessage, &[u8])> {
        self.finished
            .approvals
            .iter()
            .zip(self.approvals.iter().map(Vec::as_slice))
    }

    /// The record of the whole: the JSON of [`Finished`], put together from the
    /// bodies (serde writes a struct's fields in order, without spaces).
    pub fn record(&self) -> Vec<u8> {
        let bodies: usize = self.approvals.iter().map(|a| a.len() + 1).sum();
        let mut out = Vec::with_capacity(self.outcome.len() + bodies + 32);
        out.extend_from_slice(b"{\"outcome\":");
        out.extend_from_slice(&self.outcome);
        out.extend_from_slice(b",\"approvals\":[");
        for (i, a) in self.approvals.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(a);
        }
        out.extend_from_slice(b"]}");
        out
    }
}

// Messages serialise infallibly: strings, numbers, and maps with string keys.
fn json(message: &impl Serialize) -> Vec<u8> {
    serde_json::to_vec(message).expect("messages serialize")
}

impl Finished {
    /// Builds the messages for a finished run.
    pub fn from_run(
        ticket: &Ticket,
        run: &TicketRun,
        attempt: u32,
        worker_id: &str,
        now: DateTime<Utc>,
    ) -> Self {
        let verdict = run.outcome.verdict();
        let summary = verdict.message.clone().unwrap_or_default();
        // The reviewer reads the run a proposal rests on: its tool calls from the trace.
        let timeline =
            Timeline::from_calls(run.trace.tool_calls().map(
                |(name, arguments, status, output)| (name, arguments, status.as_str(), output),
            ));
        let approvals: Vec<ApprovalMessage> = run
            .outcome
            .actions()
            .iter()
            .map(|a| ApprovalMessage::new(a, ticket, &summary, &timeline, now))
            .collect();
        Self {
            outcome: OutcomeMessage {
                ticket_id: ticket.ticket_id.clone(),
                message_id: ticket.message_id.clone(),
                customer_id: ticket.customer_id.clone(),
                verdict,
                approval_ids: approvals.iter().map(|a| a.approval_id.clone()).collect(),
                attempt,
                worker_id: worker_id.to_string(),
                model: run.model.clone(),
                totals: run.totals,
                finished_at: now,
            },
            approvals,
        }
    }
}

/// The audit record published to `approvals.decisions` for every decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DecisionAudit {
    /// Deterministic per (ticket, tool, subject), as on the approval message.
    pub approval_id: String,
    /// Its ticket.
    pub ticket_id: TicketId,
    /// The gated tool the approval is for (`issue_refund`, `send_email`).
    pub tool: String,
    /// `approved`, `rejected` or `expired`.
    pub decision: String,
    /// Who (or `system` for expiry).
    pub reviewer: String,
    /// The reviewer's note.
    pub note: Option<String>,
    /// When the decision was taken; for expiry, when the sweep noticed it.
    pub decided_at: DateTime<Utc>,
    /// The execution result, for approvals.
    pub execution: Option<crate::executor::ExecutionRecord>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conversation::Usage;
    use crate::domain::outcome::OutcomeKind;

    fn approval(id: &str, tool: &str) -> ApprovalMessage {
        ApprovalMessage {
            approval_id: id.into(),
            ticket_id: "T-1".parse().unwrap(),
            customer_id: "C001".parse().unwrap(),
            tool: tool.into(),
            arguments: serde_json::json!({ "order_id": "O1001", "note": "\"quoted\" \u{e9}" }),
            eligibility: None,
            summary: "We will refund it.".into(),
            ticket_subject: "Broken".into(),
            ticket_body: "It arrived broken.\nRefund, please.".into(),
            created_at: Utc::now(),
            timeline: Timeline::from_calls([(
                "order_lookup",
                &serde_json::json!({ "order_id": "O1001" }),
                "ok",
                &serde_json::json!({ "status": "delivered", "items": [] }),
            )]),
        }
    }

    fn finished(approvals: Vec<ApprovalMessage>) -> Finished {
        Finished {
            outcome: OutcomeMessage {
                ticket_id: "T-1".parse().unwrap(),
                message_id: None,
                customer_id: "C001".parse().unwrap(),
                verdict: Verdict {
                    outcome: OutcomeKind::RefundProposed,
                    message: Some("A refund of $12.50 waits for approval.".into()),
                    reason: None,
                    category: None,
                },
                approval_ids: approvals.iter().map(|a| a.approval_id.clone()).collect(),
                attempt: 2,
                worker_id: "w-1".into(),
                model: "rules".into(),
                totals: Totals {
                    tool_calls: 3,
                    turns: 2,
                    usage: Usage::default(),
                    cost_usd: 0.000_125,
                    duration_ms: 7,
                },
                finished_at: Utc::now(),
            },
            approvals,
        }
    }

    #[test]
    fn a_sealed_record_is_the_json_of_the_finished_ticket_and_its_bodies_are_its_messages() {
        for approvals in [
            vec![],
            vec![approval("A-1", "issue_refund")],
            vec![
                approval("A-1", "issue_refund"),
                approval("A-2", "send_email"),
            ],
        ] {
            let f = finished(approvals);
            let sealed = Sealed::from(f.clone());
            assert_eq!(sealed.record(), serde_json::to_vec(&f).unwrap());
            assert_eq!(
                serde_json::from_slice::<Finished>(&sealed.record()).unwrap(),
                f
            );
            assert_eq!(
                sealed.outcome_body(),
                serde_json::to_vec(&f.outcome).unwrap()
            );
            let bodies: Vec<(String, Vec<u8>)> = sealed
                .approvals()
                .map(|(a, body)| (a.approval_id.clone(), body.to_vec()))
                .collect();
            let expected: Vec<(String, Vec<u8>)> = f
                .approvals
                .iter()
                .map(|a| (a.approval_id.clone(), serde_json::to_vec(a).unwrap()))
                .collect();
            assert_eq!(bodies, expected);
        }
    }

    #[test]
    fn an_outcome_message_keeps_its_wire_fields_in_the_documented_order() {
        // The verdict and the totals are embedded flattened: consumers that read the
        // outcome's fields by name, and the bytes recorded before this shape, see the
        // same object.
        let mut message = finished(vec![]).outcome;
        message.message_id = Some("8801".parse().unwrap());
        let wire = serde_json::to_string(&message).unwrap();
        let value: serde_json::Map<String, Value> = serde_json::from_str(&wire).unwrap();
        let order = [
            "ticket_id",
            "message_id",
            "customer_id",
            "outcome",
            "message",
            "reason",
            "category",
            "approval_ids",
            "attempt",
            "worker_id",
            "model",
            "tool_calls",
            "turns",
            "usage",
            "cost_usd",
            "duration_ms",
            "finished_at",
        ];
        assert_eq!(value.len(), order.len(), "{wire}");
        // serde_json's map sorts its keys: read the order from the text.
        let at: Vec<usize> = order
            .iter()
            .map(|k| {
                wire.find(&format!("\"{k}\":"))
                    .unwrap_or_else(|| panic!("{k}: {wire}"))
            })
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{wire}");
        assert_eq!(
            serde_json::from_str::<OutcomeMessage>(&wire).unwrap(),
            message
        );
        // A message written before turns were counted still reads.
        let mut old = value.clone();
        old.remove("turns");
        let old: OutcomeMessage = serde_json::from_value(Value::Object(old)).unwrap();
        assert_eq!(old.totals.turns, 0);
        assert_eq!(old.totals.tool_calls, 3);
    }

    #[test]
    fn an_outcome_names_the_message_it_answers_and_one_without_a_message_reads_as_before() {
        let whole = finished(vec![]).outcome;
        let text = serde_json::to_string(&whole).unwrap();
        assert!(
            !text.contains("message_id"),
            "a whole ticket's outcome is as before threads: {text}"
        );
        assert_eq!(whole.work_key().as_str(), "T-1");

        let mut answer = whole.clone();
        answer.message_id = Some("8801".parse().unwrap());
        let wire = serde_json::to_value(&answer).unwrap();
        assert_eq!(wire["message_id"], "8801");
        assert_eq!(answer.work_key().as_str(), "T-1 8801");
        assert_eq!(
            serde_json::from_value::<OutcomeMessage>(wire).unwrap(),
            answer
        );
        // A message from before threads has no field at all.
        let mut old = serde_json::to_value(&whole).unwrap();
        old.as_object_mut().unwrap().remove("message_id");
        assert_eq!(
            serde_json::from_value::<OutcomeMessage>(old).unwrap(),
            whole
        );
    }

    #[test]
    fn the_approvals_of_a_run_carry_its_tool_calls_and_an_older_message_without_them_still_reads() {
        use crate::agent::{Trace, TraceStep};
        use crate::domain::approval::{ActionRequest, ApprovalId, derive_ids};
        use crate::domain::money::Usd;
        use crate::domain::outcome::Outcome;
        use crate::tools::CallStatus;

        let ticket = crate::domain::ticket::RawTicket {
            ticket_id: Some("T-1".into()),
            subject: Some("Broken".into()),
            body: Some("It broke. Refund please.".into()),
            customer_id: Some("C001".into()),
            order_id: Some("O1001".into()),
        }
        .validate(4096)
        .unwrap();
        let step =
            |name: &str, arguments: Value, status: CallStatus, output: Value| TraceStep::ToolCall {
                turn: 1,
                id: "c".into(),
                name: name.into(),
                arguments,
                status,
                output,
                latency_ms: 1,
            };
        let (approval_id, key): (ApprovalId, String) = derive_ids("T-1", "issue_refund", "O1001");
        let run = TicketRun {
            ticket_id: "T-1".into(),
            outcome: Outcome::RefundProposed {
                message: "A refund waits for approval.".into(),
                actions: vec![PendingAction {
                    approval_id: approval_id.clone(),
                    ticket_id: "T-1".parse().unwrap(),
                    customer_id: "C001".parse().unwrap(),
                    request: ActionRequest::IssueRefund {
                        order_id: "O1001".into(),
                        amount_usd: Usd::from_cents(1500),
                        idempotency_key: key,
                    },
                    eligibility: None,
                }],
            },
            totals: Totals {
                tool_calls: 2,
                turns: 2,
                usage: Usage::default(),
                cost_usd: 0.0,
                duration_ms: 3,
            },
            model: "rules".into(),
            models: Vec::new(),
            tier: None,
            declined: Vec::new(),
            trace: Trace {
                steps: vec![
                    step(
                        "refund_eligibility",
                        serde_json::json!({ "order_id": "O1001", "reason": "It broke" }),
                        CallStatus::Ok,
                        serde_json::json!({ "eligible": true, "max_amount_usd": 24.99, "policy_ref": "refund-policy/window-30-days" }),
                    ),
                    step(
                        "issue_refund",
                        serde_json::json!({ "order_id": "O1001", "amount_usd": 15.0, "idempotency_key": "m-1" }),
                        CallStatus::PendingApproval,
                        serde_json::json!({ "status": "pending_approval", "approval_id": approval_id.as_str() }),
                    ),
                ],
            },
        };
        let finished = Finished::from_run(&ticket, &run, 1, "w-1", Utc::now());
        let timeline = &finished.approvals[0].timeline;
        let tools: Vec<&str> = timeline.steps.iter().map(|s| s.tool.as_str()).collect();
        assert_eq!(tools, ["refund_eligibility", "issue_refund"]);
        assert_eq!(timeline.steps[1].status, "pending_approval");
        assert!(
            timeline.steps[0]
                .summary
                .starts_with("eligible, at most $24.99")
        );
        // Through the wire and back, the same; without the field, an empty timeline.
        let sealed = Sealed::from(finished.clone());
        assert_eq!(
            serde_json::from_slice::<Finished>(&sealed.record()).unwrap(),
            finished
        );
        let mut old = serde_json::to_value(&finished.approvals[0]).unwrap();
        old.as_object_mut().unwrap().remove("timeline");
        let old: ApprovalMessage = serde_json::from_value(old).unwrap();
        assert!(old.timeline.is_empty());
    }
}
