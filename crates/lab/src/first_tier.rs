//! `ticket-agent-lab first-tier`: how much of each eval world the cascade's first tier
//! (the rules model judging itself) keeps, and how precise it is on what it keeps.
//!
//! Every case runs through the product's eval path (`eval::run_eval`) on a cascade of
//! two tiers: the rules model with its judge, then the rules model again with none, so
//! that no model server is needed; only which tier answered, and whether the first
//! tier's kept answers pass, are read. The judge is the product's: the hand-written
//! examples and the development worlds' labelled tickets
//! ([`ticket_agent::model::intent::IntentClassifier::labelled`]). A development world is
//! judged by a bank without its own tickets (its tickets would be their own nearest
//! neighbours), and the rules read it with the product's reader trained on that bank,
//! so every row measures a shop the bank never saw; `--judge examples` measures the
//! examples alone, the judge before the bank.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use ticket_agent::config::Settings;
use ticket_agent::embedding::Embedder;
use ticket_agent::eval::run_eval;
use ticket_agent::model::ChatModel;
use ticket_agent::model::cascade::{Cascade, Tier};
use ticket_agent::model::intent::{IntentClassifier, Role, Thresholds, with_examples};
use ticket_agent::model::rules::RulesModel;
use ticket_agent::model::softmax::Training;

use crate::eval_worlds::EvalWorld;
use crate::intent_corpus::{self, pct};

/// Which classifier judges the first tier's answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Judge {
    /// The hand-written examples alone.
    Examples,
    /// The examples and the development worlds' labelled tickets, decided by a
    /// regression trained on them (the product's).
    Labelled,
    /// The same bank decided by its nearest neighbours (the product's judge before the
    /// regression).
    Neighbours,
}

/// One world's first tier.
#[derive(Debug, Clone, Default)]
pub struct WorldFirstTier {
    /// The world.
    pub world: String,
    /// Whether it was held out (the rules were not tuned on it, the bank holds none of
    /// it).
    pub held_out: bool,
    /// Cases run.
    pub cases: usize,
    /// Tickets the first tier kept.
    pub kept: usize,
    /// Of them, those that passed.
    pub kept_passed: usize,
    /// Of them, those that were unsafe.
    pub kept_unsafe: usize,
    /// The kept answers that failed, by `expected → got` (outcome and category).
    pub wrong: BTreeMap<String, usize>,
    /// The declined tickets, by reason code.
    pub declined: BTreeMap<String, usize>,
    /// The kept answers by [`kind`]: (kept, failed).
    pub kinds: BTreeMap<String, (usize, usize)>,
}

/// What kind of answer a run is, for the report: its outcome (and category), the tools
/// that answered it, and for a help-center answer how far its article stood out among
/// the shop's (`kb_search`'s standing, in bands).
pub fn kind(r: &ticket_agent::eval::TrialResult) -> String {
    let mut tools: Vec<&str> = Vec::new();
    let mut standing: Option<f64> = None;
    for (name, _, _, output) in r.run.trace.tool_calls() {
        if !tools.contains(&name) {
            tools.push(name);
        }
        if name == "kb_search" {
            let answering = output["articles"].as_array().and_then(|a| {
                a.iter()
                    .filter_map(|a| a["standing"].as_f64())
                    .find(|s| *s >= ticket_agent::model::rules::MIN_ANSWER_STANDING)
            });
            standing = answering.or(standing);
        }
    }
    tools.sort_unstable();
    let band = match standing {
        Some(s) if r.category.is_none() => format!(
            " standing {}",
            if s < 3.0 {
                "2–3"
            } else if s < 4.0 {
                "3–4"
            } else {
                "≥4"
            }
        ),
        _ => String::new(),
    };
    let outcome = match r.category {
        Some(c) => format!("{:?}/{c:?}", r.got),
        None => format!("{:?}", r.got),
    };
    format!("{outcome} [{}]{band}", tools.join(","))
}

/// The cascade of the measurement: the rules model reading with `reader` and judged by
/// `judge` and `checker` (the product's: the hand-written examples), then the rules model
/// reading with `reader` and judged by none.
fn cascade(
    settings: &Settings,
    reader: IntentClassifier,
    judge: IntentClassifier,
    checker: IntentClassifier,
) -> anyhow::Result<Arc<dyn ChatModel>> {
    // The shop's ids as the product reads them: its own shapes beside the common ones
    // when `commerce.order_id_pattern` is empty, as in every eval world.
    let shop = ticket_agent::assembly::commerce_backend(settings)?;
    let ids = ticket_agent::assembly::order_ids(settings, shop.as_ref())?;
    let first = Arc::new(
        RulesModel::with_classifier(reader.clone())
            .with_order_ids(ids.clone())
            .judged_by(judge, checker),
    );
    let rest = Arc::new(RulesModel::with_classifier(reader).with_order_ids(ids));
    Ok(Arc::new(Cascade::new(vec![
        Tier {
            name: "rules".into(),
            model: first.clone(),
            judge: Some(first),
        },
        Tier {
            name: "rest".into(),
            model: rest,
            judge: None,
        },
    ])?))
}

/// A judge and the bars it decides with.
#[derive(Debug, Clone, Copy)]
pub struct JudgeSpec {
    /// Which judge.
    pub kind: Judge,
    /// The neighbours' bars (examples alone, or the bank by neighbours).
    pub thresholds: Thresholds,
    /// The regression's training and bar (the product's judge).
    pub training: Training,
}

/// The judge for `world`: `spec`'s bank, without the world's own tickets.
fn judge_for(
    embedder: &Arc<dyn Embedder>,
    worlds: &[EvalWorld],
    world: &EvalWorld,
    spec: JudgeSpec,
) -> anyhow::Result<IntentClassifier> {
    let JudgeSpec {
        kind,
        thresholds,
        training,
    } = spec;
    let learned = match kind {
        Judge::Examples => Vec::new(),
        Judge::Labelled | Judge::Neighbours => {
            intent_corpus::bank_without(worlds, Some(&world.name))
        }
    };
    let bank = with_examples(&learned);
    match kind {
        Judge::Labelled => IntentClassifier::with_bank_learned(embedder.clone(), &bank, training),
        Judge::Examples | Judge::Neighbours => {
            IntentClassifier::with_bank(embedder.clone(), &bank, thresholds)
        }
    }
}

/// The rules model's reader for `world`: the product's ([`Role::Reader`]), of a bank
/// without the world's own tickets when it is a development world, so that the rules
/// read a shop the bank never saw.
fn reader_for(
    embedder: &Arc<dyn Embedder>,
    worlds: &[EvalWorld],
    world: &EvalWorld,
) -> anyhow::Result<IntentClassifier> {
    let learned = intent_corpus::bank_without(worlds, Some(&world.name));
    IntentClassifier::with_bank_learned(
        embedder.clone(),
        &with_examples(&learned),
        Role::Reader.training(),
    )
}

/// Runs `names` (every world but the thread cases when empty) with `judge`,
/// over `embedder` (the model kb_search and the rules read with), writing each world's
/// eval report into `reports` when given.
///
/// # Errors
/// A world that does not load, the embedder, or an eval that cannot run.
pub async fn run(
    settings: &Settings,
    embedder: Arc<dyn Embedder>,
    evals: &Path,
    names: &[String],
    judge: JudgeSpec,
    concurrency: usize,
    reports: Option<&Path>,
) -> anyhow::Result<Vec<WorldFirstTier>> {
    let worlds = intent_corpus::worlds(evals)?;
    let mut out = Vec::new();
    for world in worlds
        .iter()
        .filter(|w| names.is_empty() || names.contains(&w.name))
    {
        eprintln!("first-tier: {}", world.name);
        let (reader, judge, checker) = {
            let (embedder, worlds, world) = (embedder.clone(), worlds.clone(), world.clone());
            tokio::task::spawn_blocking(move || {
                anyhow::Ok((
                    reader_for(&embedder, &worlds, &world)?,
                    judge_for(&embedder, &worlds, &world, judge)?,
                    IntentClassifier::new(embedder.clone())?,
                ))
            })
            .await??
        };
        let settings = world.settings(settings);
        let model = cascade(&settings, reader, judge, checker)?;
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
        if let Some(dir) = reports {
            eval.write_files(&dir.join(format!("{}.json", world.name)))?;
        }
        let mut row = WorldFirstTier {
            world: world.name.clone(),
            held_out: !world.development(),
            cases: eval.results.len(),
            ..WorldFirstTier::default()
        };
        for r in &eval.results {
            if r.tier.as_deref() == Some("rules") {
                row.kept += 1;
                row.kept_passed += usize::from(r.passed);
                row.kept_unsafe += usize::from(!r.unsafe_reasons.is_empty());
                let k = row.kinds.entry(self::kind(r)).or_default();
                k.0 += 1;
                k.1 += usize::from(!r.passed);
                if !r.passed {
                    let show =
                        |o: &dyn std::fmt::Debug, c: &dyn std::fmt::Debug| format!("{o:?}/{c:?}");
                    *row.wrong
                        .entry(format!(
                            "{} → {}",
                            show(&r.expected, &r.expected_category),
                            show(&r.got, &r.category)
                        ))
                        .or_default() += 1;
                }
            } else {
                for d in &r.run.declined {
                    *row.declined.entry(d.reason.clone()).or_default() += 1;
                }
            }
        }
        out.push(row);
    }
    Ok(out)
}

/// The rows as Markdown: per world, then per split, kept share, precision and unsafe;
/// then what the kept answers got wrong and why the rest were declined.
pub fn report(rows: &[WorldFirstTier]) -> String {
    let mut out = String::from(
        "| world | split | cases | kept | precise | unsafe |\n|---|---|---|---|---|---|\n",
    );
    let split = |held_out: bool| {
        if held_out {
            "held out"
        } else {
            "development (left out of the bank)"
        }
    };
    for r in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} ({}) | {} | {} |",
            r.world,
            split(r.held_out),
            r.cases,
            pct(r.kept, r.cases),
            r.kept,
            pct(r.kept_passed, r.kept),
            r.kept_unsafe
        );
    }
    for held_out in [false, true] {
        let of: Vec<&WorldFirstTier> = rows.iter().filter(|r| r.held_out == held_out).collect();
        if of.is_empty() {
            continue;
        }
        let sum = |f: fn(&WorldFirstTier) -> usize| of.iter().map(|r| f(r)).sum::<usize>();
        let (cases, kept, passed, unsafe_) = (
            sum(|r| r.cases),
            sum(|r| r.kept),
            sum(|r| r.kept_passed),
            sum(|r| r.kept_unsafe),
        );
        let _ = writeln!(
            out,
            "| **all {}** | | {cases} | {} ({kept}) | {} | {unsafe_} |",
            split(held_out),
            pct(kept, cases),
            pct(passed, kept)
        );
    }
    for held_out in [false, true] {
        let mut kinds: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for r in rows.iter().filter(|r| r.held_out == held_out) {
            for (k, (n, w)) in &r.kinds {
                let e = kinds.entry(k.as_str()).or_default();
                e.0 += n;
                e.1 += w;
            }
        }
        if kinds.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "\nKept answers by kind, {}:\n\n| kind | kept | failed |\n|---|---|---|",
            split(held_out)
        );
        for (k, (n, w)) in kinds {
            let _ = writeln!(out, "| {k} | {n} | {w} |");
        }
    }
    for (title, pick) in [
        (
            "Kept answers that failed, expected → got",
            (|r: &WorldFirstTier| &r.wrong) as fn(&WorldFirstTier) -> &BTreeMap<String, usize>,
        ),
        ("Declined, by reason", |r: &WorldFirstTier| &r.declined),
    ] {
        let _ = writeln!(out, "\n{title}:\n");
        for r in rows {
            let items: Vec<String> = pick(r).iter().map(|(k, n)| format!("{k} ×{n}")).collect();
            if !items.is_empty() {
                let _ = writeln!(
                    out,
                    "- {} ({}): {}",
                    r.world,
                    split(r.held_out),
                    items.join("; ")
                );
            }
        }
    }
    out
}
