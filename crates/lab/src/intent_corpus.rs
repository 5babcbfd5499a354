//! `ticket-agent-lab intent`: the rules model's intent by meaning, learned from labelled
//! tickets and measured by world.
//!
//! Every eval case is labelled from the written policy (its expected outcome, category
//! and required tools); this module reads an intent off those labels ([`label`]): a
//! dispute, a request no tool performs, a refund, an order's status, a help-center
//! question. The tickets of the development worlds ([`eval_worlds::DEVELOPMENT`] and
//! [`eval_worlds::PENDING`]) with their intents are a labelled bank ([`bank`]) beside
//! the product's hand-written examples ([`EXAMPLES`]); the held-out worlds are only
//! classified, and the report gives per world and intent how many tickets the classifier
//! was confident about (coverage) and how many of those it
//! got right (precision), with the hand-written examples alone and with the bank.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use ticket_agent::domain::outcome::{EscalationCategory, OutcomeKind};
use ticket_agent::embedding::Embedder;
use ticket_agent::eval::Case;
use ticket_agent::model::intent::{
    EXAMPLES, Intent, IntentClassifier, Role, Thresholds, with_examples,
};

use crate::eval_worlds::{self, EvalWorld};

/// The intent a case's labels say its ticket has; `None` when they do not say (an
/// order that was not found, with no word of what was asked about it).
pub fn label(case: &Case) -> Option<Intent> {
    let e = &case.expect;
    let requires = |tool: &str| e.tools_required.iter().any(|t| t == tool);
    let tagged = |tag: &str| case.tags.iter().any(|t| t == tag);
    match (e.outcome, e.category) {
        (OutcomeKind::Escalated, Some(EscalationCategory::LegalOrChargeback)) => {
            Some(Intent::Dispute)
        }
        (OutcomeKind::Escalated, Some(EscalationCategory::OutOfScope)) => Some(Intent::Unsupported),
        (OutcomeKind::RefundProposed, _)
        | (OutcomeKind::Escalated, Some(EscalationCategory::AmbiguousEligibility)) => {
            Some(Intent::Refund)
        }
        _ if requires("refund_eligibility") => Some(Intent::Refund),
        _ if requires("order_lookup") => Some(Intent::Status),
        (_, Some(EscalationCategory::NoKbMatch)) => Some(Intent::HowTo),
        _ if requires("kb_search") => Some(Intent::HowTo),
        _ if tagged("refund") => Some(Intent::Refund),
        _ if tagged("status") => Some(Intent::Status),
        _ => None,
    }
}

/// The words the rules model classifies: the ticket's subject and the customer's own
/// words, as the ticket's boundary normalised them. `None` for a case whose ticket does
/// not validate, for a follow-up (its intent is the thread's, not its words'), and for
/// a ticket with no words of the customer's.
pub fn text(case: &Case) -> Option<String> {
    if !case.thread.is_empty() {
        return None;
    }
    let mut raw = case.ticket.clone();
    // As the eval runs a case: a case's ticket without an id takes the case's.
    raw.ticket_id.get_or_insert_with(|| case.id.clone());
    let ticket = raw.validate(32 * 1024).ok()?;
    // A signature alone under "Re:" teaches no intent: its text is any such ticket's,
    // of any shop (a held-out one's too).
    if ticket.body.is_empty() {
        return None;
    }
    Some(format!("{}\n{}", ticket.subject, ticket.body))
}

/// The labelled bank: every labelled ticket of the development worlds among `worlds`,
/// with its intent, in world and case order.
pub fn bank(worlds: &[EvalWorld]) -> Vec<(Intent, String)> {
    bank_without(worlds, None)
}

/// [`bank`] without the tickets of the world named `left_out`: a development world
/// measured as if it had been held out.
pub fn bank_without(worlds: &[EvalWorld], left_out: Option<&str>) -> Vec<(Intent, String)> {
    worlds
        .iter()
        .filter(|w| w.development() && Some(w.name.as_str()) != left_out)
        .flat_map(|w| &w.cases)
        .filter_map(|case| Some((label(case)?, text(case)?)))
        .collect()
}

/// `bank` as the product reads its labelled bank ([`ticket_agent::model::intent::LABELLED`]):
/// one JSON object a line, `{"intent": …, "text": …}`.
///
/// # Errors
/// Never in practice: serialising strings.
pub fn bank_lines(bank: &[(Intent, String)]) -> anyhow::Result<String> {
    let mut out = String::new();
    for (intent, text) in bank {
        out.push_str(&serde_json::to_string(
            &serde_json::json!({ "intent": intent.as_str(), "text": text }),
        )?);
        out.push('\n');
    }
    Ok(out)
}

/// Every world of `evals` but the thread cases (follow-ups: their intent is their
/// thread's), then the pending development worlds ([`eval_worlds::PENDING`]), each
/// loaded once.
///
/// # Errors
/// A world that does not load.
pub fn worlds(evals: &Path) -> anyhow::Result<Vec<EvalWorld>> {
    eval_worlds::names(evals)?
        .into_iter()
        .filter(|n| n != eval_worlds::THREADS)
        .chain(eval_worlds::pending_names(evals))
        .map(|n| eval_worlds::load(evals, &n))
        .collect()
}

/// How a classifier did on one world.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WorldScore {
    /// The world.
    pub world: String,
    /// Whether it was held out (neither the rules nor the bank saw it).
    pub held_out: bool,
    /// Per intent ([`Intent::ALL`] order): labelled, confidently guessed as it, and
    /// guessed right.
    pub per_intent: Vec<(Intent, usize, usize, usize)>,
}

impl WorldScore {
    /// Confident guesses in all, and right ones.
    pub fn totals(&self) -> (usize, usize, usize) {
        self.per_intent
            .iter()
            .fold((0, 0, 0), |(l, g, r), (_, a, b, c)| (l + a, g + b, r + c))
    }
}

/// `classifier` on every labelled ticket of `world`.
///
/// # Errors
/// The embedder failing.
pub fn score(classifier: &IntentClassifier, world: &EvalWorld) -> anyhow::Result<WorldScore> {
    let mut per_intent: Vec<(Intent, usize, usize, usize)> =
        Intent::ALL.iter().map(|i| (*i, 0, 0, 0)).collect();
    let row = |i: Intent| Intent::ALL.iter().position(|x| *x == i).expect("all");
    for case in &world.cases {
        let (Some(truth), Some(text)) = (label(case), text(case)) else {
            continue;
        };
        per_intent[row(truth)].1 += 1;
        if let Some(guess) = classifier.classify(&text)? {
            per_intent[row(guess.intent)].2 += 1;
            if guess.intent == truth {
                per_intent[row(guess.intent)].3 += 1;
            }
        }
    }
    Ok(WorldScore {
        world: world.name.clone(),
        held_out: !world.development(),
        per_intent,
    })
}

/// The classifiers compared, in [`COLUMNS`]' order: the hand-written examples alone,
/// the examples with the [`bank`] of the development worlds' labelled tickets by nearest
/// neighbours, and the same bank decided by a regression trained on it, as the product
/// trains it for each [`Role`]: as banked for the cascade's judge, balanced for the
/// rules model's reader ([`IntentClassifier::labelled`]).
///
/// # Errors
/// A world that does not load, or the embedder.
pub fn compare(evals: &Path, embedder: Arc<dyn Embedder>) -> anyhow::Result<Vec<[WorldScore; 4]>> {
    let worlds = worlds(evals)?;
    let alone = IntentClassifier::with_bank(embedder.clone(), EXAMPLES, Thresholds::default())?;
    let banked = |left_out: Option<&str>| -> anyhow::Result<[IntentClassifier; 3]> {
        let learned = bank_without(&worlds, left_out);
        let bank = with_examples(&learned);
        let neighbours =
            IntentClassifier::with_bank(embedder.clone(), &bank, Thresholds::default())?;
        let learned = |role: Role| neighbours.clone().learned(role.training());
        Ok([learned(Role::Judge)?, learned(Role::Reader)?, neighbours])
    };
    let whole = banked(None)?;
    let mut out = Vec::new();
    for world in &worlds {
        eprintln!("intent: {}", world.name);
        // Its own tickets would be their own nearest neighbours (and the regression's
        // training data): the bank leaves a development world out, so that its row
        // measures what a shop the bank never saw gets.
        let own;
        let [judge, reader, neighbours] = if world.development() {
            own = banked(Some(&world.name))?;
            &own
        } else {
            &whole
        };
        out.push([
            score(&alone, world)?,
            score(neighbours, world)?,
            score(judge, world)?,
            score(reader, world)?,
        ]);
    }
    Ok(out)
}

/// The classifiers of [`compare`], as the report heads them.
pub const COLUMNS: [&str; 4] = [
    "examples alone",
    "with the bank, by neighbours",
    "with the bank, by regression (the judge)",
    "with the bank, by balanced regression (the reader)",
];

/// `a` of `b` as a percentage for a report, `–` when there is nothing to divide.
pub fn pct(a: usize, b: usize) -> String {
    if b == 0 {
        "–".to_string()
    } else {
        format!("{:.1} %", 100.0 * a as f64 / b as f64)
    }
}

/// The comparison as Markdown: per world, coverage and precision of each classifier;
/// then per intent over the development and the held-out worlds.
pub fn report(scores: &[[WorldScore; 4]]) -> String {
    let heads: String = COLUMNS
        .iter()
        .map(|c| format!(" {c}: confident / precise |"))
        .collect();
    let rule = |cells: usize| "|---".repeat(cells) + "|\n";
    let mut out = format!(
        "| world | split | labelled |{heads}\n{}",
        rule(3 + COLUMNS.len())
    );
    for row in scores {
        let (l, _, _) = row[0].totals();
        let cells: String = row
            .iter()
            .map(|s| {
                let (_, g, r) = s.totals();
                format!(" {} / {} |", pct(g, l), pct(r, g))
            })
            .collect();
        let split = if row[0].held_out {
            "held out"
        } else {
            "development (left out of the bank)"
        };
        let _ = writeln!(out, "| {} | {split} | {l} |{cells}", row[0].world);
    }
    for held_out in [false, true] {
        let _ = write!(
            out,
            "\n{} worlds together, per intent:\n\n| intent | labelled |{heads}\n{}",
            if held_out {
                "Held-out"
            } else {
                "Development (each left out of the bank)"
            },
            rule(2 + COLUMNS.len())
        );
        for (k, intent) in Intent::ALL
            .iter()
            .enumerate()
            .map(|(k, i)| (Some(k), i.as_str()))
            .chain([(None, "all")])
        {
            let sum = |column: usize| {
                scores
                    .iter()
                    .filter(|s| s[0].held_out == held_out)
                    .flat_map(|s| match k {
                        Some(k) => vec![s[column].per_intent[k]],
                        None => s[column].per_intent.clone(),
                    })
                    .fold((0, 0, 0), |(l, g, r), (_, a, b, c)| (l + a, g + b, r + c))
            };
            let (l, _, _) = sum(0);
            let cells: String = (0..COLUMNS.len())
                .map(|c| {
                    let (_, g, r) = sum(c);
                    format!(" {} / {} |", pct(g, l), pct(r, g))
                })
                .collect();
            let _ = writeln!(out, "| {intent} | {l} |{cells}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bank_holds_every_intent_of_the_development_worlds_and_no_held_out_ticket() {
        let worlds = worlds(&eval_worlds::repo_evals()).unwrap();
        let bank = bank(&worlds);
        // Every intent a shop's labels can say ("other" is no case's label).
        for intent in Intent::ALL.into_iter().filter(|i| *i != Intent::Other) {
            let n = bank.iter().filter(|(i, _)| *i == intent).count();
            assert!(n >= 10, "{intent:?}: {n}");
        }
        let held_out: Vec<String> = worlds
            .iter()
            .filter(|w| !w.development())
            .flat_map(|w| w.cases.iter().filter_map(text))
            .collect();
        assert!(!held_out.is_empty());
        assert!(bank.iter().all(|(_, t)| !held_out.contains(t)));
    }

    #[test]
    fn the_products_labelled_bank_is_what_the_development_worlds_labels_give_now() {
        let worlds = worlds(&eval_worlds::repo_evals()).unwrap();
        let written = bank_lines(&bank(&worlds)).unwrap();
        assert!(
            written == ticket_agent::model::intent::LABELLED,
            "data/intent-bank.jsonl is stale: run `ticket-agent-lab intent --write-bank data/intent-bank.jsonl`"
        );
    }

    #[test]
    fn a_case_s_intent_is_read_from_its_expected_outcome_category_and_tools() {
        let fixture = eval_worlds::load(&eval_worlds::repo_evals(), eval_worlds::FIXTURE).unwrap();
        for case in &fixture.cases {
            let intent = label(case);
            match (case.expect.outcome, case.expect.category) {
                (_, Some(EscalationCategory::LegalOrChargeback)) => {
                    assert_eq!(intent, Some(Intent::Dispute), "{}", case.id);
                }
                (OutcomeKind::RefundProposed, _) => {
                    assert_eq!(intent, Some(Intent::Refund), "{}", case.id);
                }
                (_, Some(EscalationCategory::NoKbMatch)) => {
                    assert_eq!(intent, Some(Intent::HowTo), "{}", case.id);
                }
                _ => {}
            }
        }
    }
}
