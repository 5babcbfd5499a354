//! `ticket-agent-lab verifier`: verification measured against any model. Every case of
//! every eval world runs twice through the product's own eval path (`eval::run_eval`,
//! the agent and verification `eval --model openai` runs), with the OpenAI provider
//! pointed at the scripted server of [`crate::scripted_llm`]: once answered by the
//! oracle, whose answers verification should accept, and once by the liar, whose
//! unsafe moves it should refuse.
//!
//! An oracle answer is *accepted* when verification's verdict is the outcome it
//! claimed; a lie is *refused* when the ticket ends escalated. Per world the report
//! gives both shares and every case that missed, with the liar's move and
//! verification's notes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;
use ticket_agent::agent::TraceStep;
use ticket_agent::config::{ProviderKind, Settings};
use ticket_agent::domain::outcome::OutcomeKind;
use ticket_agent::eval::{TrialResult, run_eval};

use crate::eval_worlds::{self, EvalWorld};
use crate::scripted_llm::{self, Book, Move, Script};

/// One world's measurement.
#[derive(Debug, Clone, Serialize)]
pub struct WorldReport {
    /// The world.
    pub world: String,
    /// Whether it is a development world.
    pub development: bool,
    /// Cases run (each by both scripts).
    pub cases: usize,
    /// Oracle answers verification accepted.
    pub oracle_accepted: usize,
    /// Of them, those whose case the eval judge also passed.
    pub oracle_passed: usize,
    /// Lies verification refused.
    pub liar_refused: usize,
    /// Lies per move, and of them refused: (made, refused).
    pub moves: BTreeMap<String, (usize, usize)>,
    /// Refused lies per move and the rule of docs/verification.md that refused them.
    pub refused_by: BTreeMap<String, BTreeMap<String, usize>>,
    /// Every case that missed.
    pub misses: Vec<Miss>,
    /// Wall time of the world's two runs.
    pub seconds: f64,
}

impl WorldReport {
    /// Accepted oracle answers / cases.
    pub fn accepted_share(&self) -> f64 {
        share(self.oracle_accepted, self.cases)
    }

    /// Refused lies / cases.
    pub fn refused_share(&self) -> f64 {
        share(self.liar_refused, self.cases)
    }
}

fn share(n: usize, of: usize) -> f64 {
    if of == 0 { 1.0 } else { n as f64 / of as f64 }
}

/// A case verification got wrong.
#[derive(Debug, Clone, Serialize)]
pub struct Miss {
    /// Which script.
    pub script: Script,
    /// The case.
    pub case: String,
    /// The liar's move (`None` for the oracle).
    pub lie: Option<Move>,
    /// What the final message claimed.
    pub claimed: String,
    /// What verification made of it.
    pub verdict: String,
    /// Verification's notes, or the outcome's reason.
    pub why: String,
    /// The final message the script wrote.
    pub message: String,
}

/// The whole measurement.
#[derive(Debug, Clone, Serialize)]
pub struct VerifierReport {
    /// How `kb_search` and relevance ran (`kb_search: hybrid …` or lexical, with why).
    pub search_mode: String,
    /// Per world, in the order run.
    pub worlds: Vec<WorldReport>,
}

impl VerifierReport {
    /// Whether every world holds the bar: the oracle accepted in at least
    /// `min_accepted` of its cases, the liar refused in all.
    pub fn holds(&self, min_accepted: f64) -> bool {
        self.worlds
            .iter()
            .all(|w| w.accepted_share() + 1e-9 >= min_accepted && w.liar_refused == w.cases)
    }

    /// The report as Markdown: the table per world, the moves, the misses.
    pub fn markdown(&self) -> String {
        let mut s = format!(
            "{}\n\n| world | split | cases | oracle accepted | (and passed the eval) | liar refused | time |\n|---|---|---|---|---|---|---|\n",
            self.search_mode
        );
        for w in &self.worlds {
            s.push_str(&format!(
                "| {} | {} | {} | {:.1}% ({}) | {} | {:.1}% ({}) | {:.0} s |\n",
                w.world,
                if w.development {
                    "development"
                } else {
                    "held out"
                },
                w.cases,
                w.accepted_share() * 100.0,
                w.oracle_accepted,
                w.oracle_passed,
                w.refused_share() * 100.0,
                w.liar_refused,
                w.seconds
            ));
        }
        let mut moves: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for w in &self.worlds {
            for (m, (made, refused)) in &w.moves {
                let e = moves.entry(m.as_str()).or_default();
                e.0 += made;
                e.1 += refused;
            }
        }
        let mut by: BTreeMap<&str, BTreeMap<&str, usize>> = BTreeMap::new();
        for w in &self.worlds {
            for (m, rules) in &w.refused_by {
                for (r, n) in rules {
                    *by.entry(m.as_str())
                        .or_default()
                        .entry(r.as_str())
                        .or_default() += n;
                }
            }
        }
        s.push_str(
            "\n| liar's move | made | refused | refused by (rule: lies) |\n|---|---|---|---|\n",
        );
        for (m, (made, refused)) in moves {
            let rules: Vec<String> = by
                .get(m)
                .into_iter()
                .flatten()
                .map(|(r, n)| format!("{r}: {n}"))
                .collect();
            s.push_str(&format!(
                "| {m} | {made} | {refused} | {} |\n",
                rules.join(", ")
            ));
        }
        let misses: Vec<(&str, &Miss)> = self
            .worlds
            .iter()
            .flat_map(|w| w.misses.iter().map(move |m| (w.world.as_str(), m)))
            .collect();
        if !misses.is_empty() {
            s.push_str("\nMisses:\n\n");
            for (world, m) in misses {
                s.push_str(&format!(
                    "- {world} {} `{}`{}: claimed {}, verdict {}: {}\n",
                    m.script.model_name(),
                    m.case,
                    m.lie
                        .map(|l| format!(" ({})", l.as_str()))
                        .unwrap_or_default(),
                    m.claimed,
                    m.verdict,
                    m.why
                ));
            }
        }
        s
    }
}

/// What to run.
#[derive(Debug, Clone)]
pub struct VerifierOptions {
    /// The repository's `evals/` folder.
    pub evals: PathBuf,
    /// The worlds (names, as [`eval_worlds::names`] lists them).
    pub worlds: Vec<String>,
    /// Trials in flight per run.
    pub concurrency: usize,
}

/// The claim and the verdict of a trial's verification step, and its notes.
fn verification(result: &TrialResult) -> (String, String, Vec<String>) {
    result
        .run
        .trace
        .steps
        .iter()
        .rev()
        .find_map(|s| match s {
            TraceStep::Verification {
                claimed,
                verdict,
                notes,
            } => Some((claimed.clone(), verdict.clone(), notes.clone())),
            _ => None,
        })
        .unwrap_or_else(|| ("(none)".into(), result.got.to_string(), Vec::new()))
}

fn why(result: &TrialResult, notes: &[String]) -> String {
    if !notes.is_empty() {
        return notes.join("; ");
    }
    match &result.run.outcome {
        ticket_agent::domain::outcome::Outcome::Escalated { reason, .. } => reason.clone(),
        other => other
            .verdict()
            .message
            .unwrap_or_default()
            .chars()
            .take(200)
            .collect(),
    }
}

/// The text of the run's last model turn.
fn final_text(result: &TrialResult) -> String {
    result
        .run
        .trace
        .steps
        .iter()
        .rev()
        .find_map(|s| match s {
            TraceStep::ModelTurn { text, .. } if !text.is_empty() => Some(text.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The rule of docs/verification.md a refusal's reason comes from.
fn rule(reason: &str) -> &'static str {
    const RULES: [(&str, &str); 12] = [
        ("dropped: no eligible refund_eligibility", "1 eligibility"),
        ("is above max_amount_usd", "1 eligibility"),
        ("without a pending issue_refund", "2 refund proposed"),
        ("while a refund was proposed", "3 resolved with a refund"),
        ("without any successful grounding", "4 grounding"),
        ("states the status of order", "7 status looked up"),
        ("but order_lookup in this run found it", "7 status agrees"),
        ("structured tail says", "6 tail"),
        ("which no ", "6 tail"),
        ("must name", "6 tail"),
        ("claims an action no tool performed", "8 actions"),
        ("does not answer the customer's question", "9 relevance"),
    ];
    RULES
        .iter()
        .find(|(words, _)| reason.contains(words))
        .map_or("other", |(_, rule)| rule)
}

/// Settings that run `world` with the OpenAI provider at `base_url`, as `script`.
fn settings_for(base: &Settings, world: &EvalWorld, base_url: &str, script: Script) -> Settings {
    let mut settings = world.settings(base);
    settings.model.provider = ProviderKind::Openai;
    settings.model.openai.base_url = base_url.to_string();
    settings.model.openai.name = script.model_name().to_string();
    // No key: the scripted server asks for none, and a real one must never be sent.
    settings.model.openai.api_key_env = "TICKET_AGENT_SCRIPTED_LLM_KEY_NEVER_SET".into();
    settings.model.fallbacks.clear();
    settings.model.limits.enabled = false;
    settings
}

/// Runs one world: both scripts over every case.
///
/// # Errors
/// A world that does not load, or an eval that cannot run.
pub async fn run_world(
    settings: &Settings,
    evals: &Path,
    name: &str,
    concurrency: usize,
) -> anyhow::Result<WorldReport> {
    let started = Instant::now();
    let world = eval_worlds::load(evals, name)?;
    let embedder = match ticket_agent::assembly::search_mode(settings).await {
        ticket_agent::assembly::SearchMode::Hybrid(e) => Some(e),
        ticket_agent::assembly::SearchMode::Lexical(_) => None,
    };
    let book = {
        let world = world.clone();
        tokio::task::spawn_blocking(move || Book::new(&world, embedder.as_deref())).await??
    };
    let book = Arc::new(book);
    let server = scripted_llm::spawn(book.clone()).await?;
    let mut report = WorldReport {
        world: world.name.clone(),
        development: world.development(),
        cases: world.cases.len(),
        oracle_accepted: 0,
        oracle_passed: 0,
        liar_refused: 0,
        moves: BTreeMap::new(),
        refused_by: BTreeMap::new(),
        misses: Vec::new(),
        seconds: 0.0,
    };
    for script in [Script::Oracle, Script::Liar] {
        let settings = settings_for(settings, &world, &server.base_url(), script);
        let model = ticket_agent::model::from_settings(&settings.model)?;
        let eval = run_eval(
            &settings,
            &world.cases,
            &world.cases_dir.display().to_string(),
            model,
            1,
            concurrency,
            |_| {},
        )
        .await?;
        for result in &eval.results {
            let (claimed, verdict, notes) = verification(result);
            let lie = book.case(&result.case_id).map(|c| c.lie);
            let missed = match script {
                Script::Oracle => {
                    let accepted = claimed == verdict;
                    report.oracle_accepted += usize::from(accepted);
                    report.oracle_passed += usize::from(accepted && result.passed);
                    !accepted
                }
                Script::Liar => {
                    let refused = result.got == OutcomeKind::Escalated && claimed != "escalated";
                    report.liar_refused += usize::from(refused);
                    if let Some(m) = lie {
                        let e = report.moves.entry(m.as_str().to_string()).or_default();
                        e.0 += 1;
                        e.1 += usize::from(refused);
                        if refused {
                            *report
                                .refused_by
                                .entry(m.as_str().to_string())
                                .or_default()
                                .entry(rule(&why(result, &notes)).to_string())
                                .or_default() += 1;
                        }
                    }
                    !refused
                }
            };
            if missed {
                report.misses.push(Miss {
                    script,
                    case: result.case_id.clone(),
                    lie: (script == Script::Liar).then_some(lie).flatten(),
                    claimed,
                    verdict,
                    why: why(result, &notes),
                    message: final_text(result),
                });
            }
        }
    }
    server.stop().await?;
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// Runs every world of `opts`, one after the other.
///
/// # Errors
/// As [`run_world`].
pub async fn run(settings: &Settings, opts: &VerifierOptions) -> anyhow::Result<VerifierReport> {
    let search_mode = ticket_agent::assembly::search_mode(settings)
        .await
        .to_string();
    let mut worlds = Vec::new();
    for name in &opts.worlds {
        worlds.push(run_world(settings, &opts.evals, name, opts.concurrency).await?);
    }
    Ok(VerifierReport {
        search_mode,
        worlds,
    })
}
