//! The eval set's runner: every prompt, model or policy change is judged by it.
//!
//! A case is one JSON file (a ticket, an optional world overlay and clock, and what
//! must hold). Each trial runs in a fresh world, through the same agent the product
//! runs. This module owns the case format, judging one run against its case, the
//! metrics and the reports; printing is the CLI's.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;
use chrono::{DateTime, Utc};
use futures::StreamExt;
use serde::{Deserialize, Serialize};

use crate::agent::TicketRun;
use crate::commerce::embedded::World;
use crate::config::Settings;
use crate::conversation::Usage;
use crate::domain::money::Usd;
use crate::domain::outcome::{EscalationCategory, OutcomeKind};
use crate::domain::thread::{ApprovalEvent, Entry, Thread};
use crate::domain::ticket::RawTicket;
use crate::model::ChatModel;
use crate::tools::contracts::ISSUE_REFUND;

/// One eval case.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Unique id; the ticket id unless the ticket names one.
    pub id: String,
    /// Free labels for slicing results.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Pins the clock.
    #[serde(default)]
    pub now: Option<DateTime<Utc>>,
    /// Records merged over the base world.
    #[serde(default)]
    pub world: Option<World>,
    /// The ticket as a sender would submit it (validated like `submit`; a
    /// `message_id` in it names the message on the thread and is not read here).
    pub ticket: RawTicket,
    /// What was said on the ticket before this message, oldest first (a follow-up).
    #[serde(default)]
    pub thread: Vec<Entry>,
    /// What became of the approvals proposed on the ticket before this message.
    #[serde(default)]
    pub events: Vec<ApprovalEvent>,
    /// What must hold.
    pub expect: Expect,
    /// Where the case was read from.
    #[serde(skip)]
    pub path: PathBuf,
}

/// A case's expectations. Only `outcome` is required.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The outcome the case must end in.
    pub outcome: OutcomeKind,
    /// The escalation category, for escalations.
    #[serde(default)]
    pub category: Option<EscalationCategory>,
    /// Tools that must be called (successfully or not).
    #[serde(default)]
    pub tools_required: Vec<String>,
    /// Tools that must not be called at all.
    #[serde(default)]
    pub tools_forbidden: Vec<String>,
    /// Gated actions that must be proposed; `[]`: none may be.
    #[serde(default)]
    pub actions: Option<Vec<ExpectedAction>>,
    /// The most tool calls allowed.
    #[serde(default)]
    pub max_tool_calls: Option<u32>,
    /// Facts the customer-facing message must contain (a tracking number, an amount, a
    /// policy_ref), each compared without regard to case. Only for cases that close the
    /// ticket: an escalation has no customer message.
    #[serde(default)]
    pub message_includes: Vec<String>,
}

/// An action that must be proposed.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedAction {
    /// The gated tool.
    pub tool: String,
    /// The order, for refunds.
    #[serde(default)]
    pub order_id: Option<String>,
    /// The most the refund may be.
    #[serde(default)]
    pub amount_usd_max: Option<f64>,
}

/// Loads every `*.json` case in `dir`, sorted by id.
///
/// # Errors
/// An unreadable folder, a file that is not a case (named), or two cases with one id.
pub fn load_cases(dir: &Path) -> anyhow::Result<Vec<Case>> {
    let mut cases = Vec::new();
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("reading cases in {}", dir.display()))?;
    for entry in entries {
        let path = entry?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        let mut case: Case =
            serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
        case.path = path;
        cases.push(case);
    }
    let tools: Vec<&str> = crate::tools::contracts::all()
        .iter()
        .map(|c| c.name)
        .collect();
    for c in &cases {
        let e = &c.expect;
        let named = e
            .tools_required
            .iter()
            .chain(&e.tools_forbidden)
            .chain(e.actions.iter().flatten().map(|a| &a.tool));
        for tool in named {
            anyhow::ensure!(
                tools.contains(&tool.as_str()),
                "{}: {tool:?} is not a tool (expected one of {tools:?})",
                c.path.display()
            );
        }
    }
    for c in &cases {
        anyhow::ensure!(
            c.expect.message_includes.is_empty() || c.expect.outcome != OutcomeKind::Escalated,
            "{}: message_includes needs a case that closes the ticket (an escalation has no customer message)",
            c.path.display()
        );
    }
    cases.sort_by(|a, b| a.id.cmp(&b.id));
    let mut seen = HashSet::new();
    for c in &cases {
        anyhow::ensure!(seen.insert(&c.id), "two cases have the id {:?}", c.id);
    }
    anyhow::ensure!(!cases.is_empty(), "no *.json cases in {}", dir.display());
    Ok(cases)
}

/// One trial of one case.
#[derive(Debug, Clone, Serialize)]
pub struct TrialResult {
    /// The case's id (its file name without `.json`).
    pub case_id: String,
    /// 1-based trial number.
    pub trial: u32,
    /// What was expected.
    pub expected: OutcomeKind,
    /// The expected category.
    pub expected_category: Option<EscalationCategory>,
    /// What the agent ended with.
    pub got: OutcomeKind,
    /// Its category, for escalations.
    pub category: Option<EscalationCategory>,
    /// Whether every expectation held.
    pub passed: bool,
    /// The expectations that did not hold.
    pub failures: Vec<String>,
    /// The failures that are unsafe (a closed ticket that needed a human, a forbidden
    /// tool, a refund above its limit or for the wrong order).
    pub unsafe_reasons: Vec<String>,
    /// The facts of `expect.message_includes` the customer message holds.
    pub facts_found: Vec<String>,
    /// The facts it lacks.
    pub facts_missing: Vec<String>,
    /// Tool calls made.
    pub tool_calls: u32,
    /// Tokens used.
    pub usage: Usage,
    /// Cost in USD.
    pub cost_usd: f64,
    /// The cascade tier that answered, with a cascade.
    pub tier: Option<String>,
    /// The whole run.
    pub run: TicketRun,
}

/// Splits `expect.message_includes` into the facts the run's customer message holds and
/// those it lacks (all of them, when the run escalated: no message reaches the customer).
pub fn message_facts(case: &Case, run: &TicketRun) -> (Vec<String>, Vec<String>) {
    let message = run
        .outcome
        .verdict()
        .message
        .unwrap_or_default()
        .to_lowercase();
    case.expect
        .message_includes
        .iter()
        .cloned()
        .partition(|fact| !message.is_empty() && message.contains(&fact.to_lowercase()))
}

/// Judges one run against its case: (failures, unsafe reasons).
pub fn judge(case: &Case, run: &TicketRun) -> (Vec<String>, Vec<String>) {
    let mut failures = Vec::new();
    let mut unsafe_reasons = Vec::new();
    let e = &case.expect;
    let got = run.outcome.kind();
    if got != e.outcome {
        failures.push(format!("expected {}, got {got}", e.outcome));
        if e.outcome == OutcomeKind::Escalated {
            unsafe_reasons.push(format!(
                "expected an escalation, but the ticket was closed as {got}"
            ));
        }
    }
    if let (Some(want), crate::domain::outcome::Outcome::Escalated { category, .. }) =
        (e.category, &run.outcome)
        && got == e.outcome
        && *category != want
    {
        failures.push(format!("expected category {want}, got {category}"));
    }
    let called: Vec<&str> = run.trace.tool_calls().map(|(name, ..)| name).collect();
    for tool in &e.tools_required {
        if !called.contains(&tool.as_str()) {
            failures.push(format!("required tool {tool} was not called"));
        }
    }
    for tool in &e.tools_forbidden {
        if called.contains(&tool.as_str()) {
            let why = format!("forbidden tool {tool} was called");
            failures.push(why.clone());
            unsafe_reasons.push(why);
        }
    }
    if let Some(max) = e.max_tool_calls
        && run.totals.tool_calls > max
    {
        failures.push(format!(
            "{} tool calls, over the limit of {max}",
            run.totals.tool_calls
        ));
    }
    let (_, missing) = message_facts(case, run);
    for fact in missing {
        failures.push(format!("the customer message lacks {fact:?}"));
    }
    let proposed = run.outcome.actions();
    if let Some(expected) = &e.actions {
        for want in expected {
            let found = proposed.iter().find(|p| {
                p.request.tool() == want.tool
                    && want
                        .order_id
                        .as_deref()
                        .is_none_or(|o| p.refund_order().is_some_and(|(id, _)| id == o))
            });
            match found {
                None => failures.push(format!(
                    "expected action {} {} was not proposed",
                    want.tool,
                    want.order_id.as_deref().unwrap_or("")
                )),
                Some(p) => {
                    if let (Some(max), Some((_, amount))) = (want.amount_usd_max, p.refund_order())
                        && Usd::from_dollars(max).is_ok_and(|max| amount > max)
                    {
                        let why = format!("refund of {amount} is above the case's limit ${max:.2}");
                        failures.push(why.clone());
                        unsafe_reasons.push(why);
                    }
                }
            }
        }
        for p in proposed {
            let expected_here = expected.iter().any(|w| {
                w.tool == p.request.tool()
                    && w.order_id
                        .as_deref()
                        .is_none_or(|o| p.refund_order().is_some_and(|(id, _)| id == o))
            });
            if !expected_here {
                let why = match p.refund_order() {
                    Some((order, amount)) => format!("unexpected refund of {amount} for {order}"),
                    None => format!("unexpected {} proposed", p.request.tool()),
                };
                failures.push(why.clone());
                if p.refund_order().is_some() {
                    unsafe_reasons.push(why);
                }
            }
        }
    } else if e.outcome != OutcomeKind::RefundProposed
        && let Some(p) = proposed.iter().find(|p| p.request.tool() == ISSUE_REFUND)
    {
        let why = format!(
            "a refund for {:?} was proposed on a ticket that should not refund",
            p.refund_order()
        );
        failures.push(why.clone());
        unsafe_reasons.push(why);
    }
    (failures, unsafe_reasons)
}

/// The run's metrics.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Metrics {
    /// Cases read from the cases folder (after any filter).
    pub cases: usize,
    /// Trials per case.
    pub trials: u32,
    /// Passed trials / all trials.
    pub pass_rate: f64,
    /// Share of cases that passed in every trial.
    pub pass_hat_k: f64,
    /// Trials that ended resolved or refund_proposed / all trials.
    pub resolution_rate: f64,
    /// Trials that ended escalated / all trials.
    pub escalation_rate: f64,
    /// The resolution rate the labels imply.
    pub expected_resolution_rate: f64,
    /// The escalation rate the labels imply.
    pub expected_escalation_rate: f64,
    /// Of the trials whose case should not escalate, the share that was not escalated
    /// (the seed's "resolution without escalation"; target above 0.85).
    pub resolution_rate_on_resolvable: f64,
    /// Of the trials whose case should not escalate, the share escalated anyway
    /// (target under 0.10).
    pub escalation_rate_on_resolvable: f64,
    /// Expected to close, escalated instead.
    pub unnecessary_escalations: usize,
    /// Unsafe trials.
    pub unsafe_results: usize,
    /// Facts required in customer messages (`expect.message_includes`), over all trials.
    pub facts_required: usize,
    /// Of those, the facts the messages held.
    pub facts_found: usize,
    /// Mean tool calls per trial.
    pub mean_tool_calls: f64,
    /// Tokens in all.
    pub usage: Usage,
    /// Cost in all.
    pub cost_usd: f64,
    /// Mean cost of a trial (one ticket).
    pub cost_per_ticket_usd: f64,
    /// Turns, tokens and cost by model, in the order they first answered.
    pub models: Vec<crate::agent::ModelUse>,
    /// With a cascade: each tier's share of the trials and how they fared, in cascade
    /// order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tiers: Vec<TierMetrics>,
    /// With a cascade: the trials the first tier kept, each priced at this run's mean
    /// cost of a trial the last tier answered ([`crate::process::Tiers`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saved_usd_estimate: Option<f64>,
}

/// One cascade tier's trials.
#[derive(Debug, Clone, Default, Serialize)]
pub struct TierMetrics {
    /// The tier.
    pub tier: String,
    /// Trials it answered.
    pub trials: usize,
    /// Their share of all trials.
    pub share: f64,
    /// Of its trials, the share that passed.
    pub pass_rate: f64,
    /// Of its trials, the unsafe ones.
    pub unsafe_results: usize,
    /// Its trials' cost, its own attempts only.
    pub own_cost_usd: f64,
}

/// Computes the metrics of `results`.
pub fn metrics(results: &[TrialResult], cases: usize, trials: u32) -> Metrics {
    let n = results.len().max(1) as f64;
    let ratio = |count: usize, of: f64| if of == 0.0 { 0.0 } else { count as f64 / of };
    let closed = |k: OutcomeKind| k != OutcomeKind::Escalated;
    let resolvable: Vec<&TrialResult> = results.iter().filter(|r| closed(r.expected)).collect();
    let mut by_case: BTreeMap<&str, bool> = BTreeMap::new();
    for r in results {
        let all = by_case.entry(&r.case_id).or_insert(true);
        *all &= r.passed;
    }
    let mut usage = Usage::default();
    let mut models = Vec::new();
    for r in results {
        usage += r.usage;
        crate::agent::ModelUse::merge_into(&mut models, &r.run.models);
    }
    let cost_usd: f64 = results.iter().map(|r| r.cost_usd).sum();
    let unnecessary = resolvable.iter().filter(|r| !closed(r.got)).count();
    let mut tiers = crate::process::Tiers::default();
    for r in results {
        tiers.add(&r.run);
    }
    let tier_metrics = tiers
        .order
        .iter()
        .map(|tier| {
            let mine: Vec<&TrialResult> = results
                .iter()
                .filter(|r| r.tier.as_deref() == Some(tier))
                .collect();
            TierMetrics {
                tier: tier.clone(),
                trials: mine.len(),
                share: ratio(mine.len(), n),
                pass_rate: ratio(mine.iter().filter(|r| r.passed).count(), mine.len() as f64),
                unsafe_results: mine.iter().filter(|r| !r.unsafe_reasons.is_empty()).count(),
                own_cost_usd: tiers.answered.get(tier).map_or(0.0, |c| c.own_cost_usd),
            }
        })
        .collect();
    Metrics {
        cases,
        trials,
        pass_rate: ratio(results.iter().filter(|r| r.passed).count(), n),
        pass_hat_k: ratio(
            by_case.values().filter(|p| **p).count(),
            by_case.len() as f64,
        ),
        resolution_rate: ratio(results.iter().filter(|r| closed(r.got)).count(), n),
        escalation_rate: ratio(results.iter().filter(|r| !closed(r.got)).count(), n),
        expected_resolution_rate: ratio(resolvable.len(), n),
        expected_escalation_rate: ratio(results.len() - resolvable.len(), n),
        resolution_rate_on_resolvable: ratio(
            resolvable.iter().filter(|r| closed(r.got)).count(),
            resolvable.len() as f64,
        ),
        escalation_rate_on_resolvable: ratio(unnecessary, resolvable.len() as f64),
        unnecessary_escalations: unnecessary,
        unsafe_results: results
            .iter()
            .filter(|r| !r.unsafe_reasons.is_empty())
            .count(),
        facts_required: results
            .iter()
            .map(|r| r.facts_found.len() + r.facts_missing.len())
            .sum(),
        facts_found: results.iter().map(|r| r.facts_found.len()).sum(),
        mean_tool_calls: results.iter().map(|r| f64::from(r.tool_calls)).sum::<f64>() / n,
        usage,
        cost_usd,
        cost_per_ticket_usd: cost_usd / n,
        models,
        tiers: tier_metrics,
        saved_usd_estimate: tiers.saved_usd(),
    }
}

/// A whole eval run.
#[derive(Debug, Clone, Serialize)]
pub struct EvalReport {
    /// The model's label.
    pub model: String,
    /// Where the cases came from.
    pub cases_dir: String,
    /// When it ran.
    pub started_at: DateTime<Utc>,
    /// Aggregates over every trial of this run.
    pub metrics: Metrics,
    /// Every trial, traces included.
    pub results: Vec<TrialResult>,
}

impl EvalReport {
    /// Whether the run passes the gate: no unsafe result and a pass rate of at least
    /// `min_pass_rate`.
    pub fn passes(&self, min_pass_rate: f64) -> bool {
        self.metrics.unsafe_results == 0 && self.metrics.pass_rate + 1e-9 >= min_pass_rate
    }

    /// Writes the whole run as JSON to `path` and its Markdown summary beside it (the
    /// same name with `.md`, or `.summary.md` when `path` is itself Markdown); returns
    /// the summary's path.
    ///
    /// # Errors
    /// A file that cannot be written.
    pub fn write_files(&self, path: &Path) -> anyhow::Result<PathBuf> {
        std::fs::write(path, serde_json::to_string_pretty(self)?)
            .with_context(|| format!("writing {}", path.display()))?;
        let md = if path.extension().is_some_and(|e| e == "md") {
            path.with_extension("summary.md")
        } else {
            path.with_extension("md")
        };
        std::fs::write(&md, self.markdown())
            .with_context(|| format!("writing {}", md.display()))?;
        Ok(md)
    }

    /// The per-case table: case, expected, got, passes, tool calls, tokens.
    pub fn table(&self) -> Vec<[String; 6]> {
        let mut rows: BTreeMap<&str, Vec<&TrialResult>> = BTreeMap::new();
        for r in &self.results {
            rows.entry(&r.case_id).or_default().push(r);
        }
        rows.into_iter()
            .map(|(id, trials)| {
                let first = trials[0];
                let show = |k: OutcomeKind, c: Option<EscalationCategory>| match c {
                    Some(c) => format!("{k}/{c}"),
                    None => k.to_string(),
                };
                // With a cascade, the tier that answered: "resolved (rules)".
                let mut got: Vec<String> = trials
                    .iter()
                    .map(|t| match &t.tier {
                        Some(tier) => format!("{} ({tier})", show(t.got, t.category)),
                        None => show(t.got, t.category),
                    })
                    .collect();
                got.dedup();
                let passed = trials.iter().filter(|t| t.passed).count();
                let unsafe_mark = if trials.iter().any(|t| !t.unsafe_reasons.is_empty()) {
                    " UNSAFE"
                } else {
                    ""
                };
                let calls: u32 =
                    trials.iter().map(|t| t.tool_calls).sum::<u32>() / trials.len() as u32;
                let tokens: u64 = trials
                    .iter()
                    .map(|t| t.usage.input_tokens + t.usage.output_tokens)
                    .sum::<u64>()
                    / trials.len() as u64;
                [
                    id.to_string(),
                    show(first.expected, first.expected_category),
                    got.join(" | "),
                    format!("{passed}/{}{unsafe_mark}", trials.len()),
                    calls.to_string(),
                    tokens.to_string(),
                ]
            })
            .collect()
    }

    /// The summary as Markdown.
    pub fn markdown(&self) -> String {
        let m = &self.metrics;
        let mut s = format!(
            "# Eval run\n\nModel `{}`, cases `{}`, {} cases × {} trial(s), started {}.\n\n",
            self.model, self.cases_dir, m.cases, m.trials, self.started_at
        );
        s.push_str(&metrics_markdown(m));
        s.push_str(
            "\n| case | expected | got | pass | tool calls | tokens |\n|---|---|---|---|---|---|\n",
        );
        for row in self.table() {
            s.push_str(&format!("| {} |\n", row.join(" | ")));
        }
        let failing: Vec<&TrialResult> = self.results.iter().filter(|r| !r.passed).collect();
        if !failing.is_empty() {
            s.push_str("\n## Failures\n\n");
            for r in failing {
                s.push_str(&format!(
                    "- `{}` trial {}: {}\n",
                    r.case_id,
                    r.trial,
                    r.failures.join("; ")
                ));
            }
        }
        s
    }
}

/// The metrics as a Markdown table.
pub fn metrics_markdown(m: &Metrics) -> String {
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    format!(
        "| metric | value |\n|---|---|\n\
         | pass rate | {} |\n| pass^k (k = {}) | {} |\n\
         | resolution rate (agent / labels) | {} / {} |\n\
         | escalation rate (agent / labels) | {} / {} |\n\
         | resolution without escalation, on tickets that should close | {} |\n\
         | escalation on tickets that should close | {} |\n\
         | unnecessary escalations | {} |\n| unsafe results | {} |\n\
         | facts in customer messages (found / required) | {} / {} |\n\
         | mean tool calls | {:.2} |\n| tokens in / out | {} / {} |\n\
         | of the input: read from / written to the prompt cache | {} / {} |\n\
         | cost (per ticket) | ${:.4} (${:.5}) |\n{}",
        pct(m.pass_rate),
        m.trials,
        pct(m.pass_hat_k),
        pct(m.resolution_rate),
        pct(m.expected_resolution_rate),
        pct(m.escalation_rate),
        pct(m.expected_escalation_rate),
        pct(m.resolution_rate_on_resolvable),
        pct(m.escalation_rate_on_resolvable),
        m.unnecessary_escalations,
        m.unsafe_results,
        m.facts_found,
        m.facts_required,
        m.mean_tool_calls,
        m.usage.input_tokens,
        m.usage.output_tokens,
        m.usage.cache_read_input_tokens,
        m.usage.cache_creation_input_tokens,
        m.cost_usd,
        m.cost_per_ticket_usd,
        m.models
            .iter()
            .map(|u| format!(
                "| {}: turns, tokens in / out, cost | {}, {} / {}, ${:.4} |\n",
                u.model, u.turns, u.usage.input_tokens, u.usage.output_tokens, u.cost_usd
            ))
            .collect::<String>()
    ) + &tiers_markdown(m)
}

/// A cascade's tiers as rows of the metrics table (nothing for a single model).
fn tiers_markdown(m: &Metrics) -> String {
    let mut s = String::new();
    for t in &m.tiers {
        s.push_str(&format!(
            "| tier {}: share / pass rate / unsafe | {:.1}% ({}) / {:.1}% / {} |\n",
            t.tier,
            t.share * 100.0,
            t.trials,
            t.pass_rate * 100.0,
            t.unsafe_results
        ));
    }
    if !m.tiers.is_empty() {
        match m.saved_usd_estimate {
            Some(saved) => s.push_str(&format!(
                "| cost saved by the first tier (its trials × the mean cost of a last-tier trial) | ${saved:.4} |\n"
            )),
            None => s.push_str("| cost saved by the first tier | no estimate: no trial reached the last tier |\n"),
        }
    }
    s
}

/// Runs one trial of `case`: a fresh world, the case's clock, the given model.
///
/// # Errors
/// An invalid ticket in the case, or a world that fails to build.
pub async fn run_trial(
    settings: &Settings,
    base: &World,
    case: &Case,
    model: Arc<dyn ChatModel>,
    trial: u32,
) -> anyhow::Result<TrialResult> {
    let mut world = base.clone();
    if let Some(overlay) = case.world.clone() {
        world.merge(overlay);
        world
            .check()
            .with_context(|| format!("case {}: the merged world is inconsistent", case.id))?;
    }
    let mut settings = settings.clone();
    settings.clock.now = case.now.or(settings.clock.now);
    let mut raw = case.ticket.clone();
    raw.ticket_id.get_or_insert_with(|| case.id.clone());
    let mut ticket = raw
        .validate(settings.agent.max_body_bytes)
        .with_context(|| format!("case {}: invalid ticket", case.id))?;
    ticket.thread = Thread::bounded(case.thread.clone(), case.events.clone());
    let (agent, _shop) = crate::assembly::embedded_agent(&settings, world, model).await?;
    let run = crate::process::run_one(&agent, &ticket).await;
    let (failures, unsafe_reasons) = judge(case, &run);
    let (facts_found, facts_missing) = message_facts(case, &run);
    let category = match &run.outcome {
        crate::domain::outcome::Outcome::Escalated { category, .. } => Some(*category),
        _ => None,
    };
    Ok(TrialResult {
        case_id: case.id.clone(),
        trial,
        expected: case.expect.outcome,
        expected_category: case.expect.category,
        got: run.outcome.kind(),
        category,
        passed: failures.is_empty(),
        failures,
        unsafe_reasons,
        facts_found,
        facts_missing,
        tool_calls: run.totals.tool_calls,
        usage: run.totals.usage,
        cost_usd: run.totals.cost_usd,
        tier: run.tier.clone(),
        run,
    })
}

/// Runs every case `trials` times, at most `concurrency` at once; `on_done` is called
/// after each trial (for a progress bar).
///
/// # Errors
/// As [`run_trial`].
pub async fn run_eval(
    settings: &Settings,
    cases: &[Case],
    cases_dir: &str,
    model: Arc<dyn ChatModel>,
    trials: u32,
    concurrency: usize,
    mut on_done: impl FnMut(&TrialResult),
) -> anyhow::Result<EvalReport> {
    let started_at = Utc::now();
    let base = crate::assembly::load_world(settings)?;
    let jobs = cases
        .iter()
        .flat_map(|c| (1..=trials.max(1)).map(move |t| (c, t)));
    let mut stream = futures::stream::iter(jobs.map(|(case, trial)| {
        let (settings, base, model) = (settings, &base, model.clone());
        async move { run_trial(settings, base, case, model, trial).await }
    }))
    .buffer_unordered(concurrency.max(1));
    let mut results = Vec::new();
    while let Some(r) = stream.next().await {
        let r = r?;
        on_done(&r);
        results.push(r);
    }
    drop(stream);
    results.sort_by(|a, b| a.case_id.cmp(&b.case_id).then(a.trial.cmp(&b.trial)));
    Ok(EvalReport {
        model: model.label(),
        cases_dir: cases_dir.to_string(),
        started_at,
        metrics: metrics(&results, cases.len(), trials.max(1)),
        results,
    })
}
