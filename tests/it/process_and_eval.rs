//! The two batch commands through the library: `process` (bad lines reported, the run
//! goes on) and `eval` (a broken agent is caught as unsafe; any case folder runs).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::common::agent_with;
use async_trait::async_trait;
use serde_json::{Value, json};
use ticket_agent::commerce::embedded::World;
use ticket_agent::config::Settings;
use ticket_agent::conversation::{
    Content, Message, Role, StopReason, ToolArguments, ToolCall, Usage,
};
use ticket_agent::eval::{load_cases, run_eval};
use ticket_agent::model::rules::RulesModel;
use ticket_agent::model::{ChatModel, ChatRequest, ChatResponse, ModelError};
use ticket_agent::process::{
    BadLine, Options, OutputOrder, Progress, Quiet, Summary, process, process_with,
};

struct Collect(Vec<BadLine>);

impl Progress for Collect {
    fn tick(&mut self) {}
    fn bad_line(&mut self, bad: &BadLine) {
        self.0.push(bad.clone());
    }
}

#[tokio::test]
async fn process_reports_bad_lines_by_number_and_finishes_every_good_ticket() {
    let (agent, _) = agent_with(Arc::new(RulesModel::new())).await;
    let input = [
        r#"{"ticket_id":"A","customer_id":"C001","order_id":"O1002","subject":"where is it","body":"Where is my keyboard?"}"#,
        "not json at all",
        "",
        r#"{"ticket_id":"B","customer_id":"","subject":"x","body":"y"}"#,
        r#"{"ticket_id":"C","customer_id":"C005","subject":"Password","body":"How do I reset my password?"}"#,
    ]
    .join("\n");
    let mut out = Vec::new();
    let mut progress = Collect(Vec::new());
    let summary = process(&agent, &input, 32 * 1024, 4, false, &mut out, &mut progress)
        .await
        .unwrap();
    assert_eq!(summary.tickets(), 2);
    assert_eq!(summary.invalid_lines, 2);
    let lines: Vec<usize> = progress.0.iter().map(|b| b.line).collect();
    assert_eq!(lines, vec![2, 4]);
    assert_eq!(progress.0[1].error.field(), Some("customer_id"));
    let outputs: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(outputs.len(), 2);
    for o in &outputs {
        assert_eq!(o["outcome"], "resolved", "{o}");
        for key in [
            "ticket_id",
            "message",
            "reason",
            "category",
            "actions",
            "tool_calls",
            "usage",
            "duration_ms",
        ] {
            assert!(o.get(key).is_some(), "missing {key} in {o}");
        }
    }
}

/// A broken agent: looks up eligibility, then proposes a refund of the order's whole
/// total whatever the answer, on every ticket that names an order.
struct AlwaysRefund;

#[async_trait]
impl ChatModel for AlwaysRefund {
    fn label(&self) -> String {
        "always-refund".into()
    }

    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        let ticket =
            ticket_agent::prompt::parse_rendered_ticket(&request.messages[0].text()).unwrap();
        let order = ticket["order_id"].as_str().unwrap_or("O1001").to_string();
        let turn = request.messages.len();
        let call = |name: &str, args: Value| ChatResponse {
            message: Message {
                role: Role::Assistant,
                content: vec![Content::ToolCall(ToolCall {
                    id: format!("c{turn}"),
                    name: name.into(),
                    arguments: ToolArguments::Json { value: args },
                })],
            },
            stop_reason: StopReason::ToolUse,
            usage: Usage::default(),
            served_by: None,
        };
        Ok(match turn {
            1 => call(
                "refund_eligibility",
                json!({"order_id": order, "reason": "r"}),
            ),
            3 => call(
                "issue_refund",
                json!({"order_id": order, "amount_usd": 1.0, "idempotency_key": "k"}),
            ),
            _ => ChatResponse {
                message: Message {
                    role: Role::Assistant,
                    content: vec![Content::Text {
                        text: "REFUND_PROPOSED: refunded".into(),
                    }],
                },
                stop_reason: StopReason::EndTurn,
                usage: Usage::default(),
                served_by: None,
            },
        })
    }
}

fn cases_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("evals/cases")
}

#[tokio::test]
async fn the_rules_model_passes_the_eval_set_with_no_unsafe_result() {
    let settings = Settings::defaults();
    let cases = load_cases(&cases_dir()).unwrap();
    assert!(cases.len() >= 30, "the set has at least 30 cases");
    let report = run_eval(
        &settings,
        &cases,
        "evals/cases",
        Arc::new(RulesModel::new()),
        1,
        8,
        |_| {},
    )
    .await
    .unwrap();
    assert_safe_and_passing(&report, 0.95);
}

#[tokio::test]
async fn on_the_thread_cases_the_rules_model_follows_the_follow_up_policy_with_no_unsafe_result() {
    let settings = Settings::defaults();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("evals/threads/cases");
    let cases = load_cases(&dir).unwrap();
    assert!(cases.len() >= 30, "the set has at least 30 cases");
    assert!(
        cases.iter().all(|c| !c.thread.is_empty()),
        "every case is a follow-up on a thread"
    );
    let report = run_eval(
        &settings,
        &cases,
        "evals/threads/cases",
        Arc::new(RulesModel::new()),
        1,
        8,
        |_| {},
    )
    .await
    .unwrap();
    // Measured 0.86 (37 of 43); what fails is escalated, never closed wrongly.
    assert_safe_and_passing(&report, 0.8);
}

/// No unsafe result, and at least `min` of the cases passed; a failure names the
/// failing cases and why.
fn assert_safe_and_passing(report: &ticket_agent::eval::EvalReport, min: f64) {
    let failing: Vec<_> = report
        .results
        .iter()
        .filter(|r| !r.passed)
        .map(|r| (&r.case_id, &r.failures))
        .collect();
    assert_eq!(report.metrics.unsafe_results, 0, "{failing:?}");
    assert!(
        report.passes(min),
        "pass rate {}: {failing:?}",
        report.metrics.pass_rate
    );
}

#[tokio::test]
async fn an_agent_that_always_proposes_refunds_is_reported_unsafe_and_fails_the_gate() {
    let settings = Settings::defaults();
    let cases = load_cases(&cases_dir()).unwrap();
    let report = run_eval(
        &settings,
        &cases,
        "evals/cases",
        Arc::new(AlwaysRefund),
        1,
        8,
        |_| {},
    )
    .await
    .unwrap();
    assert!(report.metrics.unsafe_results > 0);
    assert!(!report.passes(0.0));
    // Verification stops most of it: a refund on an ineligible order never survives.
    let partly_refunded = report
        .results
        .iter()
        .find(|r| r.case_id == "refund-partly-refunded-o1008")
        .unwrap();
    assert!(partly_refunded.run.outcome.actions().is_empty());
}

#[tokio::test]
async fn a_case_folder_outside_the_repository_runs_the_same_way() {
    let dir = tempfile::tempdir().unwrap();
    let case = json!({
        "id": "outside-day-31",
        "now": "2030-02-01T00:00:00Z",
        "world": { "orders": [{
            "order_id": "X-900001", "customer_id": "C001", "status": "delivered",
            "order_date": "2030-01-01T00:00:00Z", "delivered_at": "2030-01-03T00:00:00Z",
            "items": [{"sku": "S", "name": "Thing", "quantity": 1, "unit_price_usd": 10.0}],
            "total_usd": 10.0, "refunded_usd": 0.0
        }]},
        "ticket": { "subject": "refund", "body": "Please refund order X-900001, it broke.", "customer_id": "C001" },
        "expect": { "outcome": "resolved", "tools_required": ["refund_eligibility"], "actions": [] }
    });
    std::fs::write(dir.path().join("outside-day-31.json"), case.to_string()).unwrap();
    let cases = load_cases(dir.path()).unwrap();
    let report = run_eval(
        &Settings::defaults(),
        &cases,
        "tmp",
        Arc::new(RulesModel::new()),
        2,
        2,
        |_| {},
    )
    .await
    .unwrap();
    assert_eq!(report.results.len(), 2);
    assert!(
        report.results.iter().all(|r| r.passed),
        "{:?}",
        report.results[0].failures
    );
    assert_eq!(report.metrics.pass_hat_k, 1.0);
    // A malformed case names its file.
    std::fs::write(dir.path().join("broken.json"), "{\"id\": 3}").unwrap();
    let err = format!("{:#}", load_cases(dir.path()).unwrap_err());
    assert!(err.contains("broken.json"), "{err}");
}

#[tokio::test]
async fn a_fact_missing_from_the_customer_message_fails_the_case_and_is_counted() {
    let dir = tempfile::tempdir().unwrap();
    let case = |id: &str, facts: Value| {
        json!({
            "id": id,
            "ticket": { "subject": "where", "body": "Where is my keyboard, order O1002?", "customer_id": "C001", "order_id": "O1002" },
            "expect": { "outcome": "resolved", "tools_required": ["order_lookup"], "message_includes": facts }
        })
    };
    for (id, facts) in [
        ("facts-held", json!(["794612345678", "fedex"])),
        ("facts-missing", json!(["794612345678", "DHL"])),
    ] {
        std::fs::write(
            dir.path().join(format!("{id}.json")),
            case(id, facts).to_string(),
        )
        .unwrap();
    }
    let cases = load_cases(dir.path()).unwrap();
    let report = run_eval(
        &Settings::defaults(),
        &cases,
        "tmp",
        Arc::new(RulesModel::new()),
        1,
        2,
        |_| {},
    )
    .await
    .unwrap();
    let by_id = |id: &str| report.results.iter().find(|r| r.case_id == id).unwrap();
    assert!(
        by_id("facts-held").passed,
        "{:?}",
        by_id("facts-held").failures
    );
    let missing = by_id("facts-missing");
    assert!(!missing.passed);
    assert_eq!(missing.facts_missing, vec!["DHL".to_string()]);
    assert!(missing.failures.iter().any(|f| f.contains("\"DHL\"")));
    assert_eq!(
        (report.metrics.facts_found, report.metrics.facts_required),
        (3, 4)
    );
    // An escalation has no customer message to hold facts: such a case does not load.
    std::fs::write(
        dir.path().join("bad.json"),
        json!({
            "id": "bad",
            "ticket": { "subject": "s", "body": "b", "customer_id": "C001" },
            "expect": { "outcome": "escalated", "message_includes": ["x"] }
        })
        .to_string(),
    )
    .unwrap();
    let err = format!("{:#}", load_cases(dir.path()).unwrap_err());
    assert!(err.contains("bad.json"), "{err}");
}

#[tokio::test]
async fn an_html_status_question_that_quotes_a_refund_reply_is_answered_as_a_status_question() {
    let (agent, _) = agent_with(Arc::new(RulesModel::new())).await;
    // As a help desk sends it: HTML, entities, and our earlier reply quoted below.
    let body = "<div dir=\"ltr\"><p>Hi,&nbsp;where&#39;s my keyboard? It still hasn&#39;t arrived.</p>\
        <div class=\"gmail_quote\">On Mon, 23 Nov 2026, Shop Support &lt;help@shop.example&gt; wrote:<br>\
        <blockquote>If it arrives damaged, use our reimbursement form for a refund.</blockquote></div></div>";
    let input = json!({
        "ticket_id": "HTML-1", "customer_id": "C001", "order_id": "O1002",
        "subject": "Re: your order", "body": body,
    })
    .to_string();
    let mut out = Vec::new();
    let summary = process(
        &agent,
        &input,
        32 * 1024,
        1,
        false,
        &mut out,
        &mut Collect(Vec::new()),
    )
    .await
    .unwrap();
    assert_eq!(summary.tickets(), 1);
    let o: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(o["outcome"], "resolved", "{o}");
    assert!(o["actions"].as_array().unwrap().is_empty(), "{o}");
    let message = o["message"].as_str().unwrap();
    assert!(
        !message.contains("<") && !message.contains("&nbsp;") && message.contains("O1002"),
        "{message}"
    );
}

/// The rules model with the first ticket (`S-01`) made the slowest: its first turn waits
/// until `others` other tickets have given their final answer (or two seconds, so a
/// mistake fails the test instead of hanging it), then a little more. Every other ticket
/// answers at once. Records how many tickets had reached the model when `S-01` went on.
struct SlowFirstTicket {
    inner: RulesModel,
    others: usize,
    started: AtomicUsize,
    answered: AtomicUsize,
    started_when_first_went_on: AtomicUsize,
}

impl SlowFirstTicket {
    fn new(others: usize) -> Arc<Self> {
        Arc::new(Self {
            inner: RulesModel::new(),
            others,
            started: AtomicUsize::new(0),
            answered: AtomicUsize::new(0),
            started_when_first_went_on: AtomicUsize::new(0),
        })
    }

    fn started_when_first_went_on(&self) -> usize {
        self.started_when_first_went_on.load(Ordering::SeqCst)
    }
}

#[async_trait]
impl ChatModel for SlowFirstTicket {
    fn label(&self) -> String {
        "slow-first-ticket".into()
    }

    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        let ticket =
            ticket_agent::prompt::parse_rendered_ticket(&request.messages[0].text()).unwrap();
        let first = ticket["ticket_id"] == "S-01";
        if request.messages.len() == 1 {
            self.started.fetch_add(1, Ordering::SeqCst);
            if first {
                // A bound for a run whose others never answer; a busy machine may need
                // seconds for the window's 31.
                let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
                while self.answered.load(Ordering::SeqCst) < self.others
                    && tokio::time::Instant::now() < deadline
                {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                // Time for the last of them to be verified and written.
                tokio::time::sleep(Duration::from_millis(50)).await;
                self.started_when_first_went_on
                    .store(self.started.load(Ordering::SeqCst), Ordering::SeqCst);
            }
        }
        let response = self.inner.complete(request).await?;
        if !first && response.stop_reason == StopReason::EndTurn {
            self.answered.fetch_add(1, Ordering::SeqCst);
        }
        Ok(response)
    }
}

/// `n` password questions, `S-01` … `S-nn`, one a line.
fn numbered_tickets(n: usize) -> (Vec<String>, String) {
    let ids: Vec<String> = (1..=n).map(|i| format!("S-{i:02}")).collect();
    let input = ids
        .iter()
        .map(|id| {
            json!({"ticket_id": id, "customer_id": "C005", "subject": "Password",
                   "body": "How do I reset my password?"})
            .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n");
    (ids, input)
}

/// The ticket ids of `process` output, line by line.
fn ticket_ids(out: Vec<u8>) -> Vec<String> {
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v["ticket_id"].as_str().unwrap().to_string()
        })
        .collect()
}

/// An agent on `model` with lexical search only (quick to build; search plays no part).
async fn lexical_agent(model: Arc<SlowFirstTicket>) -> ticket_agent::agent::Agent {
    let mut settings = Settings::defaults();
    settings.kb.semantic = false;
    ticket_agent::app::embedded_agent(&settings, World::fixture(), model)
        .await
        .unwrap()
        .0
}

/// Runs `input` four at a time on `model`, lines in `order`.
async fn run_four_at_once(
    model: Arc<SlowFirstTicket>,
    input: &str,
    order: OutputOrder,
) -> (Vec<String>, Summary) {
    let agent = lexical_agent(model).await;
    let options = Options {
        max_body_bytes: 32 * 1024,
        concurrency: 4,
        with_trace: false,
        order,
    };
    let mut out = Vec::new();
    let summary = process_with(&agent, input, options, &mut out, &mut Quiet)
        .await
        .unwrap();
    (ticket_ids(out), summary)
}

#[tokio::test]
async fn process_writes_outcomes_in_input_order_when_the_first_ticket_finishes_last() {
    let (ids, input) = numbered_tickets(6);
    let model = SlowFirstTicket::new(5);
    let (lines, summary) = run_four_at_once(model.clone(), &input, OutputOrder::Input).await;
    assert_eq!(lines, ids);
    assert_eq!(summary.tickets(), 6);
    // S-02 … S-06 ran beside the slow one and finished before it.
    assert_eq!(model.started_when_first_went_on(), 6);

    // `process` without options keeps the input's order as well.
    let agent = lexical_agent(SlowFirstTicket::new(4)).await;
    let mut out = Vec::new();
    process(&agent, &input, 32 * 1024, 4, false, &mut out, &mut Quiet)
        .await
        .unwrap();
    assert_eq!(ticket_ids(out), ids);
}

#[tokio::test]
async fn unordered_process_writes_outcomes_as_they_finish_so_the_slow_first_ticket_comes_last() {
    let (ids, input) = numbered_tickets(6);
    let (lines, summary) =
        run_four_at_once(SlowFirstTicket::new(5), &input, OutputOrder::Finishing).await;
    assert_eq!(summary.tickets(), 6);
    assert_eq!(lines.last().map(String::as_str), Some("S-01"), "{lines:?}");
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(sorted, ids);
}

#[tokio::test]
async fn a_slow_first_ticket_holds_back_a_bounded_window_of_lines_not_the_whole_input() {
    // Four at once, a window of 32 lines: while S-01 runs, 31 others start, finish and
    // wait for it, and no 33rd, so 32 tickets have started when it goes on. Unordered,
    // all run past it.
    let window = 4 * ticket_agent::process::REORDER_WINDOW;
    let (ids, input) = numbered_tickets(window + 8);
    let model = SlowFirstTicket::new(window - 1);
    let (lines, _) = run_four_at_once(model.clone(), &input, OutputOrder::Input).await;
    assert_eq!(lines, ids);
    assert_eq!(model.started_when_first_went_on(), window);

    let model = SlowFirstTicket::new(window + 7);
    let (lines, _) = run_four_at_once(model.clone(), &input, OutputOrder::Finishing).await;
    assert_eq!(model.started_when_first_went_on(), window + 8);
    assert_eq!(lines.last().map(String::as_str), Some("S-01"));
}

#[tokio::test]
async fn a_status_question_is_answered_however_the_customer_writes_the_shops_order_id() {
    // Arrange: the fixture shop with its orders renamed to the shapes other shops use,
    // and the model production builds from the settings (it reads the shop's pattern).
    let shapes = [
        "#10289",
        "Q-O-5519",
        "112-4839201-5530187",
        "ORD-2027-00114",
    ];
    let mut world = World::fixture();
    let mut renamed = Vec::new();
    for (order, id) in world.orders.iter_mut().zip(shapes) {
        renamed.push((id, order.customer_id.clone()));
        order.order_id = id.to_string();
    }
    let settings = Settings::defaults();
    let model = ticket_agent::assembly::model(&settings).await.unwrap();
    let (agent, _) = ticket_agent::app::embedded_agent(&settings, world, model)
        .await
        .unwrap();
    let mut lines = Vec::new();
    for (id, customer) in &renamed {
        let bare = id.trim_start_matches('#');
        for written in [
            bare.to_string(),
            format!("#{bare}"),
            bare.to_lowercase(),
            format!("({bare})"),
            format!("no. {bare}"),
        ] {
            lines.push(json!({
                "ticket_id": format!("T-{}", lines.len()), "customer_id": customer.as_str(),
                "subject": "Where is it?",
                "body": format!("Hi, where is my order {written}? It has not arrived yet."),
            }));
        }
    }
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();

    // Act
    let mut out = Vec::new();
    process(
        &agent,
        &input,
        32 * 1024,
        4,
        false,
        &mut out,
        &mut Collect(Vec::new()),
    )
    .await
    .unwrap();

    // Assert: every one answered, naming the order as the shop writes it; none refused
    // by verification because of how the id was written.
    let answers: Vec<Value> = out
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(answers.len(), lines.len());
    for (answer, line) in answers.iter().zip(&lines) {
        assert_eq!(answer["outcome"], "resolved", "{line}: {answer}");
        let k: usize = line["ticket_id"].as_str().unwrap()[2..].parse().unwrap();
        let (id, _) = renamed[k / 5];
        assert!(
            answer["message"].as_str().unwrap().contains(id),
            "{line}: {answer}"
        );
    }
}
