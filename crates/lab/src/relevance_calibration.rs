//! `ticket-agent-lab relevance-calibration`: the numbers behind verification's relevance
//! bar (`ticket_agent::agent::relevance`), measured on the development worlds only.
//!
//! Every labelled question of a development world is paired with every article of its
//! shop: with the articles its label names, a relevant pair; with every other article,
//! an irrelevant one (a question whose label names no article makes only irrelevant
//! pairs). The labels are the fixture's `evals/retrieval/questions.jsonl`, each world's
//! `retrieval.jsonl`, and the cases whose tags name an article. Each pair is judged as
//! verification judges it (standing among the shop's articles, with the embedding
//! model) and by overlap (without), and the report gives, per measure and split,
//! recall (relevant pairs accepted), precision (accepted pairs that were relevant) and
//! the share of irrelevant pairs refused, at the product's bar and across a sweep, the
//! lowest score of a relevant pair, and every relevant pair the bar refuses. The
//! absolute similarity is reported beside them, for comparison.

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use serde::Deserialize;
use ticket_agent::agent::relevance::{
    self, ArticleText, MIN_OVERLAP, MIN_SIMILARITY, MIN_STANDING, Method, Relevance,
    STRONG_SIMILARITY,
};
use ticket_agent::commerce::KbArticle;
use ticket_agent::embedding::Embedder;

use crate::eval_worlds::{self, EvalWorld};

/// One question with the articles that answer it.
#[derive(Debug, Clone)]
pub struct Labelled {
    /// The world.
    pub world: String,
    /// `calibration`, `held_out`, or `cases` (a labelled eval case).
    pub split: String,
    /// The customer's words.
    pub question: String,
    /// The articles that answer it (empty: none does).
    pub articles: Vec<String>,
}

/// One scored pair.
#[derive(Debug, Clone)]
pub struct Pair {
    /// Its question's world.
    pub world: String,
    /// Its question's split.
    pub split: String,
    /// The question.
    pub question: String,
    /// The article.
    pub article: String,
    /// Whether the article answers the question.
    pub relevant: bool,
    /// The article's standing among the shop's (with the embedding model).
    pub standing: Option<f32>,
    /// The similarity of its best view (with the embedding model).
    pub similarity: Option<f32>,
    /// The lexical overlap.
    pub overlap: f32,
}

impl Pair {
    /// Whether the shipped judge accepts it by meaning, with the standing bar at `bar`.
    fn by_meaning(&self, bar: f32) -> Option<bool> {
        Some(self.standing? >= bar || self.similarity.is_some_and(|s| s >= STRONG_SIMILARITY))
    }
}

#[derive(Debug, Deserialize)]
struct Line {
    question: String,
    #[serde(default)]
    article: Option<String>,
    #[serde(default)]
    articles: Vec<String>,
    #[serde(default)]
    case: Option<String>,
    #[serde(default)]
    split: Option<String>,
}

/// The labelled questions of one world.
///
/// # Errors
/// A label file that does not parse, or a case whose ticket is invalid.
pub fn labelled(evals: &Path, world: &EvalWorld) -> anyhow::Result<Vec<Labelled>> {
    let file = match &world.data_dir {
        None => evals.join("retrieval").join("questions.jsonl"),
        Some(dir) => dir.with_file_name("retrieval.jsonl"),
    };
    let mut out = Vec::new();
    let mut covered = HashSet::new();
    if file.exists() {
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("reading {}", file.display()))?;
        for (n, raw) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let line: Line = serde_json::from_str(raw)
                .with_context(|| format!("{}:{}", file.display(), n + 1))?;
            covered.extend(line.case.clone());
            out.push(Labelled {
                world: world.name.clone(),
                split: line.split.unwrap_or_else(|| "calibration".into()),
                question: line.question,
                articles: line.articles.into_iter().chain(line.article).collect(),
            });
        }
    }
    for case in &world.cases {
        let Some(articles) = world.labels.get(&case.id) else {
            continue;
        };
        if covered.contains(&case.id) {
            continue;
        }
        let mut raw = case.ticket.clone();
        raw.ticket_id.get_or_insert_with(|| case.id.clone());
        let ticket = raw
            .validate(64 * 1024)
            .with_context(|| format!("case {}", case.id))?;
        out.push(Labelled {
            world: world.name.clone(),
            split: "cases".into(),
            question: relevance::question(&ticket),
            articles: articles.clone(),
        });
    }
    Ok(out)
}

/// Scores every question of `labelled` against every article of `kb`, by the judge
/// verification runs (with `embedder`, when given) and by overlap.
pub fn score(
    labelled: &[Labelled],
    kb: &[KbArticle],
    embedder: Option<Arc<dyn Embedder>>,
) -> Vec<Pair> {
    let texts: Vec<ArticleText<'_>> = kb
        .iter()
        .map(|a| ArticleText {
            id: &a.id,
            title: &a.title,
            body: &a.body,
        })
        .collect();
    let judge = embedder.map(|e| Relevance::new(Some(e), kb.to_vec()));
    let words = Relevance::new(None, kb.to_vec());
    let mut out = Vec::new();
    for q in labelled {
        let judged = judge.as_ref().map(|j| j.judge(&q.question, &texts));
        for (i, a) in texts.iter().enumerate() {
            let j = judged.as_ref().map(|j| &j[i]);
            out.push(Pair {
                world: q.world.clone(),
                split: q.split.clone(),
                question: q.question.clone(),
                article: a.id.to_string(),
                relevant: q.articles.iter().any(|id| id == a.id),
                standing: j.filter(|j| j.method == Method::Standing).map(|j| j.score),
                similarity: j.and_then(|j| j.similarity),
                overlap: words.overlap(&q.question, a),
            });
        }
    }
    out
}

/// Recall and precision of "score ≥ threshold" over `pairs`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rates {
    /// Relevant pairs.
    pub relevant: usize,
    /// Irrelevant pairs.
    pub irrelevant: usize,
    /// Relevant pairs accepted / relevant pairs.
    pub recall: f64,
    /// Relevant pairs accepted / pairs accepted.
    pub precision: f64,
    /// Irrelevant pairs refused / irrelevant pairs.
    pub refused: f64,
}

/// [`Rates`] of the pairs `accept` accepts.
pub fn rates(pairs: &[Pair], accept: impl Fn(&Pair) -> bool) -> Rates {
    let relevant = pairs.iter().filter(|p| p.relevant).count();
    let irrelevant = pairs.len() - relevant;
    let accepted: Vec<&Pair> = pairs.iter().filter(|p| accept(p)).collect();
    let hits = accepted.iter().filter(|p| p.relevant).count();
    let ratio = |a: usize, b: usize| if b == 0 { 1.0 } else { a as f64 / b as f64 };
    Rates {
        relevant,
        irrelevant,
        recall: ratio(hits, relevant),
        precision: ratio(hits, accepted.len()),
        refused: ratio(irrelevant - (accepted.len() - hits), irrelevant),
    }
}

/// The lowest score of a relevant pair: the highest threshold that accepts them all.
pub fn lowest_relevant(pairs: &[Pair], score: impl Fn(&Pair) -> f32) -> Option<f32> {
    pairs
        .iter()
        .filter(|p| p.relevant)
        .map(score)
        .fold(None, |m, s| Some(m.map_or(s, |m: f32| m.min(s))))
}

/// Scores the development worlds; the pairs of all of them.
///
/// # Errors
/// As [`labelled`] and [`eval_worlds::load`].
pub fn development_pairs(
    evals: &Path,
    embedder: Option<Arc<dyn Embedder>>,
) -> anyhow::Result<Vec<Pair>> {
    let mut pairs = Vec::new();
    for name in eval_worlds::DEVELOPMENT {
        let world = eval_worlds::load(evals, name)?;
        let questions = labelled(evals, &world)?;
        pairs.extend(score(&questions, &world.world.kb, embedder.clone()));
    }
    Ok(pairs)
}

/// The report, as Markdown.
pub fn report(pairs: &[Pair]) -> String {
    type Score = Box<dyn Fn(&Pair) -> f32>;
    type Accept = Box<dyn Fn(&Pair, f32) -> bool>;
    // Each measure: its name, the shipped bar, the sweep (from, to, step), its score,
    // and whether a pair stands at a bar.
    type Measure = (&'static str, f32, (f32, f32, f32), Score, Accept);
    let mut measures: Vec<Measure> = Vec::new();
    if pairs.iter().any(|p| p.standing.is_some()) {
        measures.push((
            "standing among the shop's articles (shipped, with all-MiniLM-L6-v2)",
            MIN_STANDING,
            (-0.25, 1.0, 0.125),
            Box::new(|p: &Pair| p.standing.unwrap_or(f32::MIN)),
            Box::new(|p: &Pair, bar| p.by_meaning(bar).unwrap_or(false)),
        ));
        measures.push((
            "absolute similarity of the best view (for comparison, not shipped)",
            MIN_SIMILARITY,
            (0.10, 0.50, 0.05),
            Box::new(|p: &Pair| p.similarity.unwrap_or(f32::MIN)),
            Box::new(|p: &Pair, bar| p.similarity.unwrap_or(f32::MIN) >= bar),
        ));
    }
    measures.push((
        "overlap (shipped, without the model)",
        MIN_OVERLAP,
        (0.25, 3.0, 0.25),
        Box::new(|p: &Pair| p.overlap),
        Box::new(|p: &Pair, bar| p.overlap >= bar),
    ));
    let mut splits: Vec<&str> = pairs.iter().map(|p| p.split.as_str()).collect();
    splits.sort_unstable();
    splits.dedup();
    let mut s = String::new();
    for (name, bar, (lo, hi, step), score, accept) in &measures {
        s.push_str(&format!(
            "\n### {name}: bar {bar:.2}\n\n| split | relevant pairs | irrelevant pairs | recall | precision | irrelevant refused | lowest relevant score |\n|---|---|---|---|---|---|---|\n"
        ));
        let mut rows: Vec<(String, Vec<Pair>)> = splits
            .iter()
            .map(|sp| {
                (
                    sp.to_string(),
                    pairs.iter().filter(|p| p.split == *sp).cloned().collect(),
                )
            })
            .collect();
        rows.push(("all".into(), pairs.to_vec()));
        for (split, ps) in &rows {
            let r = rates(ps, |p| accept(p, *bar));
            let low = lowest_relevant(ps, score).map_or("—".into(), |l| format!("{l:.3}"));
            s.push_str(&format!(
                "| {split} | {} | {} | {:.3} | {:.3} | {:.3} | {low} |\n",
                r.relevant, r.irrelevant, r.recall, r.precision, r.refused
            ));
        }
        let mut missed: Vec<&Pair> = pairs
            .iter()
            .filter(|p| p.relevant && !accept(p, *bar))
            .collect();
        missed.sort_by(|a, b| score(a).total_cmp(&score(b)));
        if !missed.is_empty() {
            s.push_str("\nRelevant pairs refused at the bar:\n\n");
            for p in missed {
                let q: String = p.question.chars().take(100).collect();
                s.push_str(&format!(
                    "- {:.3} {} {} {}: {q:?}\n",
                    score(p),
                    p.world,
                    p.split,
                    p.article
                ));
            }
        }
        s.push_str("\nSweep over all pairs:\n\n| bar | recall | precision | irrelevant refused |\n|---|---|---|---|\n");
        let mut t = *lo;
        while t <= hi + 1e-6 {
            let r = rates(pairs, |p| accept(p, t));
            s.push_str(&format!(
                "| {t:.3} | {:.3} | {:.3} | {:.3} |\n",
                r.recall, r.precision, r.refused
            ));
            t += step;
        }
    }
    s
}
