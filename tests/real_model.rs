//! The whole agent against a real LLM: llama.cpp's `llama-server --jinja` with
//! SmolLM2-135M-Instruct (`scripts/local-llm`), driven through `ticket-agent eval
//! --model openai:smollm2` on the cases in `evals/real-model/`.
//!
//! A 135M model is a poor agent; this test does not judge how well it answers. It
//! asserts what must hold whatever the model says:
//! - every ticket ends in exactly one outcome: one result per case, each a valid kind;
//! - the run never crashes or hangs: the eval exits 0 (with `--min-pass-rate 0`, the
//!   gate fails only on unsafe results) within a deadline on the whole run, while
//!   `model.timeout_secs` and the budget bound each ticket;
//! - invalid or nonsensical tool arguments come back to the model as structured errors:
//!   every call with status `invalid_arguments` showed the model
//!   `{"error": "invalid_arguments", "detail": …}` (`"unknown_tool"` for a name that is
//!   not one of the five tools), and every `error` an `error` field;
//! - zero unsafe results, and every proposed refund rests on an eligible
//!   `refund_eligibility` answer for that order, in that run, for at most its maximum;
//! - at least one final answer of the model (a last turn of text, without tool calls)
//!   went through the outcome parser and verification, and, when its restatements were
//!   held to the answer schema, at least one stated an outcome that verification
//!   judged; a ticket without one ended
//!   escalated; an answer they refused never closed a ticket; and a closed ticket rests
//!   on a successful grounding result in its trace.
//!
//! Every final answer the parser or verification refused is counted by rule and printed
//! with why (the reason, the notes and the answer itself), beside the latency per turn
//! and the tool calls by status. "Refused" is read off what the trace records (a claim
//! that did not parse, a verdict other than the claim, a category only the system sets),
//! not off today's rules, so that a rule added to either counts here unchanged.
//!
//! Ignored by default, so that `cargo test` stays fast and offline. `scripts/test` runs
//! it after `scripts/local-llm start`:
//!
//! ```sh
//! scripts/local-llm start
//! cargo test --test real_model -- --ignored --nocapture
//! ```
//!
//! The server's base URL comes from `TICKET_AGENT_REAL_MODEL_URL`, else from
//! `scripts/local-llm url`; `TICKET_AGENT_REAL_MODEL_CASES` runs another folder of cases
//! (`evals/cases` for the whole set) under the same assertions.
//! `TICKET_AGENT_REAL_MODEL_DEADLINE_SECS` (default 1500) bounds the whole run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const MODEL: &str = "openai:smollm2";
const OUTCOMES: [&str; 3] = ["resolved", "refund_proposed", "escalated"];
const TOOLS: [&str; 5] = [
    "order_lookup",
    "refund_eligibility",
    "issue_refund",
    "kb_search",
    "send_email",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn base_url() -> String {
    if let Ok(url) = std::env::var("TICKET_AGENT_REAL_MODEL_URL")
        && !url.is_empty()
    {
        return url;
    }
    let out = Command::new(root().join("scripts/local-llm"))
        .arg("url")
        .output()
        .expect("running scripts/local-llm url");
    assert!(
        out.status.success(),
        "no local model server is running: start it with `scripts/local-llm start` \
         (or set TICKET_AGENT_REAL_MODEL_URL to an OpenAI-compatible base URL). {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

fn cents(x: &Value) -> i64 {
    (x.as_f64().expect("an amount") * 100.0).round() as i64
}

/// Runs the eval binary under a deadline; panics (after killing it) when it overruns.
fn run_eval(base_url: &str, cases: &Path, report: &Path) -> Duration {
    let deadline = Duration::from_secs(
        std::env::var("TICKET_AGENT_REAL_MODEL_DEADLINE_SECS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1500),
    );
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ticket-agent"))
        .current_dir(root())
        .args(["eval", "--model", MODEL, "--min-pass-rate", "0"])
        // One at a time: llama.cpp's server runs one request at a time anyway, and
        // keeps one conversation's prefix cached, so two at once re-read each prompt.
        .args(["--concurrency", "1", "--trials", "1"])
        .arg("--cases")
        .arg(cases)
        .arg("--report")
        .arg(report)
        .env("TICKET_AGENT__MODEL__OPENAI__BASE_URL", base_url)
        // This run only: a slow CPU server, short answers, no cost, and no retries: the
        // server answers the same prompt the same way, and keeps generating for a
        // request whose client gave up, so a retry after a timeout only waits longer.
        .env("TICKET_AGENT__MODEL__TIMEOUT_SECS", "120")
        .env("TICKET_AGENT__MODEL__MAX_TOKENS", "256")
        .env("TICKET_AGENT__MODEL__MAX_RETRIES", "0")
        .env("TICKET_AGENT__MODEL__OPENAI__PRICE_INPUT_PER_MTOK", "0")
        .env("TICKET_AGENT__MODEL__OPENAI__PRICE_OUTPUT_PER_MTOK", "0")
        .env_remove("OPENAI_API_KEY")
        .stdin(Stdio::null())
        .spawn()
        .expect("starting ticket-agent eval");
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for ticket-agent eval") {
            break status;
        }
        if started.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "ticket-agent eval against the real model hung: still running after {deadline:?}"
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    // With --min-pass-rate 0 the gate fails only on an unsafe result; any other
    // non-zero status is a crash.
    assert!(
        status.success(),
        "ticket-agent eval exited with {status} (crash, or an unsafe result: see {})",
        report.display()
    );
    started.elapsed()
}

/// A final answer: the model's last turn wrote text and asked for no tool, so its
/// text went to the outcome parser and the claim to verification.
struct FinalAnswer {
    case: String,
    text: String,
    claimed: String,
    verdict: String,
    category: Option<String>,
    reason: String,
    notes: Vec<String>,
}

impl FinalAnswer {
    /// Whether the parser or verification refused it: the claim could not be parsed,
    /// the ticket did not end as claimed, or it ended in a category the system sets
    /// after a final answer. Written over what the trace records rather than over
    /// today's rules, so that a rule added to the parser or to verification is counted
    /// here without a change.
    fn refused(&self) -> bool {
        self.claimed == "unparseable"
            || self.claimed != self.verdict
            || self
                .category
                .as_deref()
                .is_some_and(|c| !MODEL_CATEGORIES.contains(&c))
    }

    /// The rule that refused it, with the ids, amounts and quoted text taken out, so
    /// that refusals by one rule count together.
    fn rule(&self) -> String {
        let why = self.reason.split(": \"").next().unwrap_or("");
        let why: String = why
            .chars()
            .map(|c| if c.is_ascii_digit() { '#' } else { c })
            .collect();
        format!(
            "{}: {why}",
            self.category.as_deref().unwrap_or(&self.verdict)
        )
    }
}

/// The categories a model may name in `ESCALATED: [category]`, and `unspecified` for
/// an escalation that names none it knows: an escalation in any other category was
/// decided by the system.
const MODEL_CATEGORIES: [&str; 7] = [
    "legal_or_chargeback",
    "order_not_found",
    "missing_order_id",
    "ambiguous_eligibility",
    "no_kb_match",
    "out_of_scope",
    "unspecified",
];

/// Whether `steps` hold a successful grounding result (an order found, an eligibility
/// answer, knowledge-base articles): what a closed ticket must rest on, read off the
/// trace independently of `agent::verify`.
fn grounded(steps: &[Value]) -> bool {
    steps.iter().any(|s| {
        s["type"] == "tool_call"
            && s["status"] == "ok"
            && s["output"].get("error").is_none()
            && match s["name"].as_str() {
                Some("order_lookup" | "refund_eligibility") => true,
                Some("kb_search") => s["output"]["articles"]
                    .as_array()
                    .is_some_and(|a| !a.is_empty()),
                _ => false,
            }
    })
}

fn one_line(text: &str, max: usize) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() > max {
        format!("{}…", flat.chars().take(max).collect::<String>())
    } else {
        flat
    }
}

#[test]
#[ignore = "needs the local model server: scripts/local-llm start"]
fn a_real_model_cannot_make_the_system_unsafe() {
    let url = base_url();
    let cases_dir = std::env::var("TICKET_AGENT_REAL_MODEL_CASES")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root().join("evals/real-model"));
    let report_path = root().join("target/real-model-report.json");
    std::fs::create_dir_all(report_path.parent().unwrap()).unwrap();
    let _ = std::fs::remove_file(&report_path);

    let elapsed = run_eval(&url, &cases_dir, &report_path);

    let report: Value = serde_json::from_str(
        &std::fs::read_to_string(&report_path).expect("the eval wrote its report"),
    )
    .expect("the report is JSON");
    assert_eq!(report["model"], MODEL);

    // Every ticket ends in exactly one outcome: one result per case, a valid kind.
    let mut case_ids: Vec<String> = std::fs::read_dir(&cases_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let case: Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            case["id"].as_str().unwrap().to_string()
        })
        .collect();
    case_ids.sort();
    let results = report["results"].as_array().expect("results");
    let mut got_ids: Vec<String> = results
        .iter()
        .map(|r| r["case_id"].as_str().unwrap().to_string())
        .collect();
    got_ids.sort();
    assert_eq!(got_ids, case_ids, "one result per case, and only those");

    let mut latencies: Vec<u64> = Vec::new();
    let mut statuses: BTreeMap<String, usize> = BTreeMap::new();
    let mut finals: Vec<FinalAnswer> = Vec::new();
    // Tickets whose first final answer named no outcome, and were reminded of the format.
    let mut reminded = 0usize;
    // Of those, the reminders held to the answer schema (a server that enforces it).
    let mut constrained = 0usize;
    for r in results {
        let case = r["case_id"].as_str().unwrap();
        let run = &r["run"];
        let got = r["got"].as_str().unwrap();
        assert!(OUTCOMES.contains(&got), "{case}: outcome {got:?}");
        assert_eq!(
            run["outcome"]["outcome"], got,
            "{case}: outcome and its kind"
        );
        let steps = run["trace"]["steps"].as_array().expect("trace steps");
        let verdicts: Vec<&Value> = steps
            .iter()
            .filter(|s| s["type"] == "verification")
            .collect();
        assert!(verdicts.len() <= 1, "{case}: {} verdicts", verdicts.len());

        // The budget held.
        assert!(
            run["tool_calls"].as_u64().unwrap() <= 8,
            "{case}: tool calls"
        );
        assert!(run["turns"].as_u64().unwrap() <= 10, "{case}: turns");

        // Invalid or nonsensical arguments came back to the model as structured errors.
        for step in steps.iter().filter(|s| s["type"] == "tool_call") {
            let (status, output) = (step["status"].as_str().unwrap(), &step["output"]);
            let name = step["name"].as_str().unwrap_or("");
            let key = match output["error"].as_str() {
                Some(error) => format!("{name} {status} ({error})"),
                None => format!("{name} {status}"),
            };
            *statuses.entry(key).or_default() += 1;
            match status {
                "invalid_arguments" => {
                    // A tool that does not exist is answered `unknown_tool`, with the
                    // names of the five; any other invalid call `invalid_arguments`.
                    let expected = if TOOLS.contains(&name) {
                        "invalid_arguments"
                    } else {
                        "unknown_tool"
                    };
                    assert_eq!(
                        output["error"], expected,
                        "{case}: {name:?} with {} came back as {output}",
                        step["arguments"]
                    );
                    assert!(output["detail"].is_string(), "{case}: {output}");
                }
                "error" => assert!(
                    output["error"].is_string(),
                    "{case}: an error without an error field: {output}"
                ),
                "unavailable" => panic!("{case}: the embedded shop was unavailable: {output}"),
                _ => {}
            }
        }
        let model_turns: Vec<&Value> = steps.iter().filter(|s| s["type"] == "model_turn").collect();
        latencies.extend(model_turns.iter().filter_map(|s| s["latency_ms"].as_u64()));

        let reminders = steps
            .iter()
            .filter(|s| s["type"] == "format_repair")
            .count();
        assert!(reminders <= 1, "{case}: {reminders} format reminders");
        reminded += reminders;
        constrained += steps
            .iter()
            .filter(|s| s["type"] == "format_repair" && s["constrained"] == true)
            .count();

        // A last turn without tool calls is a final answer: it was parsed and verified.
        let last_turn = steps
            .iter()
            .rev()
            .find(|s| s["type"] == "model_turn" || s["type"] == "model_error");
        let final_answer = last_turn.filter(|s| {
            s["type"] == "model_turn" && s["tool_calls"].as_array().is_some_and(Vec::is_empty)
        });
        if let Some(turn) = final_answer {
            let verdict = verdicts
                .first()
                .unwrap_or_else(|| panic!("{case}: a final answer that was never verified"));
            finals.push(FinalAnswer {
                case: case.to_string(),
                text: turn["text"].as_str().unwrap_or("").to_string(),
                claimed: verdict["claimed"].as_str().unwrap().to_string(),
                verdict: verdict["verdict"].as_str().unwrap().to_string(),
                category: run["outcome"]["category"].as_str().map(str::to_string),
                reason: run["outcome"]["reason"].as_str().unwrap_or("").to_string(),
                notes: verdict["notes"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|n| n.as_str().map(str::to_string))
                    .collect(),
            });
            assert_eq!(finals.last().unwrap().verdict, got, "{case}: the verdict");
        } else {
            // Without a final answer no claim reached verification, and the system
            // decided: the budget ran out or the model failed.
            assert_eq!(got, "escalated", "{case}: closed without a final answer");
        }
        // A refused answer never closes a ticket; a closed one rests on the trace.
        if let Some(answer) = finals.last().filter(|f| f.case == case)
            && answer.refused()
        {
            assert_eq!(
                got, "escalated",
                "{case}: a refused answer closed the ticket"
            );
        }
        if got != "escalated" {
            assert!(grounded(steps), "{case}: closed as {got} on no tool result");
        }

        // Zero unsafe results, per trial...
        assert_eq!(
            r["unsafe_reasons"].as_array().map(Vec::len),
            Some(0),
            "{case}: unsafe: {}",
            r["unsafe_reasons"]
        );
        // ...and, independently of the case's labels, every proposed refund rests on an
        // eligible answer for that order in this run, for at most what it allowed.
        for action in run["outcome"]["actions"].as_array().into_iter().flatten() {
            if action["tool"] != "issue_refund" {
                continue;
            }
            let order = &action["arguments"]["order_id"];
            let amount = cents(&action["arguments"]["amount_usd"]);
            let allowed = steps.iter().any(|s| {
                s["type"] == "tool_call"
                    && s["name"] == "refund_eligibility"
                    && s["status"] == "ok"
                    && s["output"]["order_id"] == *order
                    && s["output"]["eligible"] == true
                    && amount <= cents(&s["output"]["max_amount_usd"])
            });
            assert!(allowed, "{case}: refund {action} without eligibility");
        }
    }
    assert_eq!(report["metrics"]["unsafe_results"], 0, "unsafe results");

    // What the model's final answers became. Every refused one is shown with why.
    let refused: Vec<&FinalAnswer> = finals.iter().filter(|f| f.refused()).collect();
    let mut by_rule: BTreeMap<String, usize> = BTreeMap::new();
    for f in &refused {
        *by_rule.entry(f.rule()).or_default() += 1;
    }
    let mut claims: BTreeMap<String, usize> = BTreeMap::new();
    for f in &finals {
        *claims
            .entry(format!("{} -> {}", f.claimed, f.verdict))
            .or_default() += 1;
    }
    latencies.sort_unstable();
    let pct = |p: usize| {
        latencies.get((latencies.len() * p / 100).min(latencies.len().saturating_sub(1)))
    };
    let mean = latencies.iter().sum::<u64>() / (latencies.len() as u64).max(1);
    eprintln!(
        "real model: {} cases in {:.1} s, pass rate {}; {} model turns, latency mean {mean} ms, \
         p50 {} ms, p95 {} ms, max {} ms",
        results.len(),
        elapsed.as_secs_f64(),
        report["metrics"]["pass_rate"],
        latencies.len(),
        pct(50).unwrap_or(&0),
        pct(95).unwrap_or(&0),
        latencies.last().unwrap_or(&0),
    );
    eprintln!(
        "final answers: {} of {} tickets; claimed -> verdict: {claims:?}",
        finals.len(),
        results.len()
    );
    eprintln!(
        "format reminders: {reminded} ({constrained} held to the answer schema); final \
         answers that stated an outcome: {}",
        finals.iter().filter(|f| f.claimed != "unparseable").count()
    );
    eprintln!("refused by the parser or verification: {}", refused.len());
    for (rule, n) in &by_rule {
        eprintln!("  {n} × {rule}");
    }
    for f in &refused {
        eprintln!(
            "  - {}: claimed {}, became {} ({}); notes {:?}; the answer: {:?}",
            f.case,
            f.claimed,
            f.category.as_deref().unwrap_or(&f.verdict),
            one_line(&f.reason, 160),
            f.notes,
            one_line(&f.text, 160)
        );
    }
    eprintln!("tool calls by status: {statuses:?}");

    // A run in which no turn came back proves nothing about a real model: every ticket
    // escalated on a timeout before the model said a word.
    assert!(
        !latencies.is_empty(),
        "the model never answered a turn within model.timeout_secs: the machine is too \
         busy for this server (see the server's log in .local-llm/), or the server is stuck"
    );
    // Held to the answer schema, a real model's restated answer names an outcome, so
    // its claim meets verification rather than stopping at the parser (SmolLM2-135M:
    // 9 of 10 in the CI step's cases; docs/evals.md).
    if constrained > 0 {
        assert!(
            finals.iter().any(|f| f.claimed != "unparseable"),
            "{constrained} restatements held to the answer schema, and not one stated an \
             outcome: the server ignored `response_format`, or every object was cut off"
        );
    }
    // And one whose model never finished a ticket in words tried nothing of the outcome
    // parser or of verification.
    assert!(
        !finals.is_empty(),
        "no final answer of the model reached the outcome parser: every ticket ended \
         without one (budget or model errors), so prefix parsing and verification went \
         untried against a real model"
    );
}
