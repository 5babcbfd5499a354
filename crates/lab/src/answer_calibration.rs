//! `ticket-agent-lab answer-calibration`: the numbers behind the rules model's bar for
//! answering with an article (`ticket_agent::model::rules::MIN_ANSWER_STANDING`),
//! measured on the development worlds only.
//!
//! Every case of a development world that either names the articles answering it (its
//! tags or its world's `retrieval.jsonl`) and expects `resolved`, or expects
//! `no_kb_match`, is searched as the product searches (hybrid `kb_search` with the
//! configured gates, the customer's own words as the query). At each bar the first article
//! standing at or above it answers: the right one (an answer), another (a wrong
//! answer: the ticket would close on a near miss), or none (an escalation, missed when
//! the case has an answer). The report gives those counts per bar, all worlds together
//! and per world at the shipped bar. A wrong answer closes a customer's ticket on
//! another subject, a missed one costs a human's reply; the bar is where one more
//! step up stops refusing near misses faster than it refuses answers.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use ticket_agent::agent::relevance;
use ticket_agent::config::KbSettings;
use ticket_agent::domain::outcome::{EscalationCategory, OutcomeKind};
use ticket_agent::embedding::Embedder;
use ticket_agent::model::rules::MIN_ANSWER_STANDING;
use ticket_agent::tools::kb::{Gates, KbIndex};

use crate::eval_worlds::{self, EvalWorld};

/// The bars swept, from … to, by.
const SWEEP: (f32, f32, f32) = (1.5, 3.5, 0.25);

/// One labelled question and what the search returned for it.
#[derive(Debug, Clone)]
pub struct Searched {
    /// Its world.
    pub world: String,
    /// Its case.
    pub case: String,
    /// The articles that answer it (empty: none does).
    pub answers: Vec<String>,
    /// The articles returned, best first, each with its standing.
    pub hits: Vec<(String, Option<f32>)>,
    /// The similarity of the first article returned (the search's own gate).
    pub first_similarity: Option<f32>,
}

/// What the rules would do with a question at one bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Answered with an article that answers it.
    Right,
    /// Answered with an article that does not.
    Wrong,
    /// Escalated though an article answers it.
    Missed,
    /// Escalated, and no article answers it.
    Declined,
}

impl Searched {
    /// The verdict at `bar`: the first article standing at or above it answers (an
    /// article without a standing, from a shop too small for one, always may).
    pub fn at(&self, bar: f32) -> Verdict {
        let chosen = self
            .hits
            .iter()
            .find(|(_, standing)| standing.is_none_or(|s| s >= bar));
        match (chosen, self.answers.is_empty()) {
            (Some((id, _)), _) if self.answers.contains(id) => Verdict::Right,
            (Some(_), _) => Verdict::Wrong,
            (None, true) => Verdict::Declined,
            (None, false) => Verdict::Missed,
        }
    }
}

/// Counts of each verdict.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Answered right.
    pub right: usize,
    /// Answered wrong.
    pub wrong: usize,
    /// Escalated though answerable.
    pub missed: usize,
    /// Escalated, rightly.
    pub declined: usize,
}

/// The verdicts of `searched` at `bar`, counted.
pub fn tally<'a>(searched: impl IntoIterator<Item = &'a Searched>, bar: f32) -> Tally {
    let mut t = Tally::default();
    for s in searched {
        match s.at(bar) {
            Verdict::Right => t.right += 1,
            Verdict::Wrong => t.wrong += 1,
            Verdict::Missed => t.missed += 1,
            Verdict::Declined => t.declined += 1,
        }
    }
    t
}

/// The labelled questions of `world`, each searched in its shop.
///
/// # Errors
/// The index not building, the embedder failing, or a case's ticket invalid.
pub fn search_world(
    world: &EvalWorld,
    embedder: Arc<dyn Embedder>,
    kb: &KbSettings,
) -> anyhow::Result<Vec<Searched>> {
    let index = KbIndex::build(world.world.kb.clone())
        .context("building the knowledge base index")?
        .with_embedder(embedder)?;
    let gates = Gates::of(kb);
    let mut out = Vec::new();
    for case in &world.cases {
        let no_answer = case.expect.outcome == OutcomeKind::Escalated
            && case.expect.category == Some(EscalationCategory::NoKbMatch);
        let answers = match world.labels.get(&case.id) {
            Some(a) if case.expect.outcome == OutcomeKind::Resolved => a.clone(),
            _ if no_answer => Vec::new(),
            _ => continue,
        };
        let mut raw = case.ticket.clone();
        raw.ticket_id.get_or_insert_with(|| case.id.clone());
        let ticket = raw
            .validate(64 * 1024)
            .with_context(|| format!("case {}", case.id))?;
        let found = index.hybrid_search(&relevance::question(&ticket), &gates)?;
        out.push(Searched {
            world: world.name.clone(),
            case: case.id.clone(),
            answers,
            first_similarity: found.first().and_then(|h| h.similarity),
            hits: found
                .into_iter()
                .map(|h| (h.article.id, h.standing))
                .collect(),
        });
    }
    Ok(out)
}

/// Every development world's labelled questions, searched.
///
/// # Errors
/// As [`eval_worlds::load`] and [`search_world`].
pub fn development(
    evals: &Path,
    embedder: Arc<dyn Embedder>,
    kb: &KbSettings,
) -> anyhow::Result<Vec<Searched>> {
    let mut out = Vec::new();
    for name in eval_worlds::DEVELOPMENT {
        let world = eval_worlds::load(evals, name)?;
        out.extend(search_world(&world, embedder.clone(), kb)?);
    }
    Ok(out)
}

/// The report, as Markdown.
pub fn report(searched: &[Searched]) -> String {
    let answerable = searched.iter().filter(|s| !s.answers.is_empty()).count();
    let mut md = format!(
        "Labelled questions of the development worlds: {} ({answerable} with an answering article, {} without).\n\n",
        searched.len(),
        searched.len() - answerable
    );
    md.push_str("| bar (standing) | answered right | answered wrong | missed | declined |\n|---|---|---|---|---|\n");
    let mut bar = SWEEP.0;
    let mut bars = Vec::new();
    while bar <= SWEEP.1 + 1e-6 {
        bars.push(bar);
        bar += SWEEP.2;
    }
    let shipped = MIN_ANSWER_STANDING as f32;
    if !bars.iter().any(|b| (b - shipped).abs() < 1e-6) {
        bars.push(shipped);
        bars.sort_by(f32::total_cmp);
    }
    for b in bars {
        let t = tally(searched, b);
        let mark = if (b - shipped).abs() < 1e-6 {
            " (shipped)"
        } else {
            ""
        };
        md.push_str(&format!(
            "| {b:.2}{mark} | {} | {} | {} | {} |\n",
            t.right, t.wrong, t.missed, t.declined
        ));
    }
    // What the similarity gate alone cannot tell apart: the first article's similarity
    // when it answers and when it does not.
    let range = |verdict: Verdict| {
        let sims: Vec<f32> = searched
            .iter()
            .filter(|s| s.at(f32::NEG_INFINITY) == verdict)
            .filter_map(|s| s.first_similarity)
            .collect();
        let lo = sims.iter().copied().fold(f32::INFINITY, f32::min);
        let hi = sims.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        if sims.is_empty() {
            "none".to_string()
        } else {
            format!("{lo:.2}–{hi:.2} ({})", sims.len())
        }
    };
    md.push_str(&format!(
        "\nWith no bar, the first article's similarity: right answers {}, wrong ones {}.\n",
        range(Verdict::Right),
        range(Verdict::Wrong)
    ));
    let mut by_world: BTreeMap<&str, Vec<&Searched>> = BTreeMap::new();
    for s in searched {
        by_world.entry(&s.world).or_default().push(s);
    }
    md.push_str(&format!(
        "\nPer world at the shipped bar ({shipped:.2}), and with no bar (the search's own gate alone):\n\n| world | right | wrong | missed | declined | wrong with no bar |\n|---|---|---|---|---|---|\n"
    ));
    for (world, list) in by_world {
        let t = tally(list.iter().copied(), shipped);
        let open = tally(list.iter().copied(), f32::NEG_INFINITY);
        md.push_str(&format!(
            "| {world} | {} | {} | {} | {} | {} |\n",
            t.right, t.wrong, t.missed, t.declined, open.wrong
        ));
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    fn searched(answers: &[&str], hits: &[(&str, Option<f32>)]) -> Searched {
        Searched {
            world: "w".into(),
            case: "c".into(),
            answers: answers.iter().map(|s| s.to_string()).collect(),
            hits: hits.iter().map(|(id, s)| (id.to_string(), *s)).collect(),
            first_similarity: hits.first().map(|_| 0.55),
        }
    }

    #[test]
    fn the_first_article_that_clears_the_bar_answers_and_the_verdict_follows_its_label() {
        let near_miss_first = searched(&["KB2"], &[("KB1", Some(1.8)), ("KB2", Some(2.7))]);
        assert_eq!(near_miss_first.at(1.5), Verdict::Wrong);
        assert_eq!(near_miss_first.at(2.5), Verdict::Right);
        assert_eq!(near_miss_first.at(3.0), Verdict::Missed);
        let no_answer = searched(&[], &[("KB1", Some(2.2))]);
        assert_eq!(no_answer.at(2.0), Verdict::Wrong);
        assert_eq!(no_answer.at(2.5), Verdict::Declined);
        let small_shop = searched(&["KB1"], &[("KB1", None)]);
        assert_eq!(small_shop.at(9.0), Verdict::Right);
    }

    #[test]
    fn the_report_marks_the_shipped_bar_and_gives_the_similarity_the_gate_cannot_tell_apart() {
        let all = [
            searched(&["A"], &[("A", Some(3.0))]),
            searched(&[], &[("B", Some(1.0))]),
        ];
        let md = report(&all);
        assert!(
            md.contains(&format!(
                "| {MIN_ANSWER_STANDING:.2} (shipped) | 1 | 0 | 0 | 1 |"
            )),
            "{md}"
        );
        assert!(
            md.contains("right answers 0.55–0.55 (1), wrong ones 0.55–0.55 (1)"),
            "{md}"
        );
    }

    #[test]
    fn a_tally_counts_each_verdict_once() {
        let all = [
            searched(&["A"], &[("A", Some(3.0))]),
            searched(&["A"], &[("B", Some(3.0))]),
            searched(&["A"], &[]),
            searched(&[], &[]),
        ];
        assert_eq!(
            tally(&all, 2.5),
            Tally {
                right: 1,
                wrong: 1,
                missed: 1,
                declined: 1
            }
        );
    }
}
