//! The offline `rules` model: a deterministic [`ChatModel`] with no network.
//!
//! It is not an LLM. It is a baseline and a fallback, named as what it is: it reads
//! the ticket from the conversation, decides intents with plain text rules (order
//! status, refund, how-to via the knowledge base, requests no tool can carry out, legal
//! threats) and, when it is given an embedder, by meaning as well, with a regression of
//! labelled tickets ([`super::intent`]); then it drives the same loop through real tool calls,
//! reading the real tool results. It acts only on what it understands: a request it
//! cannot place, a language it cannot read or an amount it cannot tell is escalated. It
//! never knows ids or phrases in advance: order ids come from the ticket's field or
//! from patterns in its text, and instructions inside the ticket never change what it
//! does, because nothing in the text can reach the policy — only the tools' answers can.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::path::Path;
use std::sync::{Arc, Mutex};

use lru::LruCache;

use async_trait::async_trait;
use serde_json::Value;

use super::intent::{Intent, IntentClassifier, IntentGuess};
use super::{Assessment, SelfAssess};
use super::{ChatModel, ChatRequest, ChatResponse, ModelError};
use crate::conversation::{Content, Message, Role, StopReason, ToolArguments, ToolCall, Usage};
use crate::embedding::Embedder;
use crate::prompt::parse_rendered_ticket;

/// A regular expression compiled once, on first use, visible to the rules' files.
macro_rules! re {
    ($name:ident, $pat:expr) => {
        pub(super) static $name: LazyLock<Regex> = LazyLock::new(|| Regex::new($pat).unwrap());
    };
}

mod amounts;
mod follow_up;
mod judge;
mod plan;
mod reading;
mod reply;

use crate::domain::order_id::OrderIdPattern;
pub use judge::MIN_ANSWER_STANDING;
use judge::{Basis, Reading, judged_on};
use reading::TicketText;
use reply::with_tail;

/// The rules model.
#[derive(Debug, Clone)]
pub struct RulesModel {
    intents: Option<Arc<IntentClassifier>>,
    /// What judges the rules' answers from the order tools for a cascade
    /// ([`SelfAssess`]), when it is not `intents`: a bank of labelled tickets decided by
    /// a regression trained on it, which commits more often than the hand-written
    /// examples and is trusted only to confirm such an answer, never to change the
    /// rules' course or to confirm an article.
    judge: Option<Arc<IntentClassifier>>,
    /// The judge's guesses of the last few tickets, by ticket text.
    judged: Arc<Mutex<LruCache<String, Option<IntentGuess>>>>,
    /// What confirms, for a cascade, an answer that rests on an article or on a request
    /// no tool does: the hand-written examples by their nearest neighbours, stricter than
    /// any regression of the bank, because an article on the question's subject that does
    /// not answer it passes every other check.
    checker: Option<Arc<IntentClassifier>>,
    /// The checker's guesses of the last few tickets, by ticket text.
    checked: Arc<Mutex<LruCache<String, Option<IntentGuess>>>>,
    /// The shop's order ids (`commerce.order_id_pattern`): the words read as orders.
    ids: OrderIdPattern,
    /// The guesses of the last few tickets, by ticket text: every turn of a ticket reads
    /// the same text, and embedding it once is enough.
    recent: Arc<Mutex<LruCache<String, Option<IntentGuess>>>>,
    /// The last few tickets, parsed and read, by rendered ticket: every turn of a
    /// ticket reads the same text, and parsing and reading it again cost more than the
    /// rest of a turn (docs/benchmarks.md, the profile of scenario b).
    readings: Arc<Mutex<LruCache<String, Kept>>>,
}

/// One rendered ticket: its text as the rules see it, and their reading of it under
/// the intent guess it was made with.
#[derive(Debug)]
struct Kept {
    text: Arc<TicketText>,
    reading: Option<(Option<IntentGuess>, Arc<Reading>)>,
}

/// Tickets whose reading is kept: more than a worker runs at once at its usual
/// concurrency; past it a ticket is read again, which costs time and changes nothing.
const READINGS: NonZeroUsize = NonZeroUsize::new(1024).expect("not zero");

/// Tickets whose guess is kept: more than run at once in one worker.
const RECENT_GUESSES: NonZeroUsize = NonZeroUsize::new(256).expect("not zero");

impl Default for RulesModel {
    fn default() -> Self {
        Self {
            intents: None,
            judge: None,
            judged: Arc::new(Mutex::new(LruCache::new(RECENT_GUESSES))),
            checker: None,
            checked: Arc::new(Mutex::new(LruCache::new(RECENT_GUESSES))),
            ids: OrderIdPattern::default(),
            recent: Arc::new(Mutex::new(LruCache::new(RECENT_GUESSES))),
            readings: Arc::new(Mutex::new(LruCache::new(READINGS))),
        }
    }
}

impl RulesModel {
    /// The rules model with text rules alone.
    pub fn new() -> Self {
        Self::default()
    }

    /// The rules model, deciding intent by meaning too when an embedder is given: by the
    /// labelled bank's regression trained for reading ([`super::intent::Role::Reader`]), whose vectors
    /// and weights ship for the model the project fetches (for another model the bank is
    /// embedded once into `cache` and the regression trained here).
    ///
    /// # Errors
    /// When the embedder fails on the bank or the bank cannot be learned.
    pub fn with_embedder(
        embedder: Option<Arc<dyn Embedder>>,
        cache: Option<&Path>,
    ) -> anyhow::Result<Self> {
        Ok(Self {
            intents: match embedder {
                Some(e) => Some(Arc::new(IntentClassifier::labelled(
                    e,
                    cache,
                    super::intent::Role::Reader,
                )?)),
                None => None,
            },
            ..Self::default()
        })
    }

    /// The same model, reading the shop's order ids with `ids` (the verifier's
    /// definition, so that what the rules look up is what an answer may name).
    #[must_use]
    pub fn with_order_ids(mut self, ids: OrderIdPattern) -> Self {
        self.ids = ids;
        self
    }

    /// The same model, judging its own answers for a cascade: those from the order tools
    /// alone with `judge`, those that rest on an article or a request no tool does with
    /// `checker` (the hand-written examples, [`IntentClassifier::new`]), never with the
    /// classifier it reads tickets with.
    #[must_use]
    pub fn judged_by(mut self, judge: IntentClassifier, checker: IntentClassifier) -> Self {
        self.judge = Some(Arc::new(judge));
        self.checker = Some(Arc::new(checker));
        self
    }

    /// The rules model with a classifier of the caller's own (tests, calibration).
    pub fn with_classifier(classifier: IntentClassifier) -> Self {
        Self {
            intents: Some(Arc::new(classifier)),
            ..Self::default()
        }
    }

    /// The ticket rendered as `rendered`, as the rules see it, from the last few
    /// tickets' if it is there; `None` when the conversation holds no ticket.
    fn ticket_text(&self, rendered: &str) -> Option<Arc<TicketText>> {
        if let Ok(mut readings) = self.readings.lock()
            && let Some(kept) = readings.get(rendered)
        {
            return Some(kept.text.clone());
        }
        let text = Arc::new(TicketText::new(
            &parse_rendered_ticket(rendered)?,
            &self.ids,
        ));
        if let Ok(mut readings) = self.readings.lock() {
            readings.get_or_insert_mut(rendered.to_string(), || Kept {
                text: text.clone(),
                reading: None,
            });
        }
        Some(text)
    }

    /// The reading of the ticket rendered as `rendered` (parsed as `t`), from the last
    /// few tickets' if it is there and was made under the same guess.
    fn reading(
        &self,
        rendered: &str,
        t: &Arc<TicketText>,
        guess: Option<IntentGuess>,
    ) -> Arc<Reading> {
        if let Ok(mut readings) = self.readings.lock()
            && let Some(Kept {
                reading: Some((g, reading)),
                ..
            }) = readings.get(rendered)
            && *g == guess
        {
            return reading.clone();
        }
        let reading = Arc::new(Reading::of(t, guess));
        if let Ok(mut readings) = self.readings.lock() {
            let kept = readings.get_or_insert_mut(rendered.to_string(), || Kept {
                text: t.clone(),
                reading: None,
            });
            kept.reading = Some((guess, reading.clone()));
        }
        reading
    }

    /// The next step on the ticket rendered as `rendered` (parsed as `t`) after `h`, and
    /// what it rests on: a follow-up as its thread decides it, any other message as a
    /// new ticket, never proposing a refund the thread already holds. Answering and
    /// judging the answer for a cascade both take this one path, so what is judged is
    /// what was answered.
    async fn decided(&self, rendered: &str, t: &Arc<TicketText>, h: &History) -> (Step, Basis) {
        if let Some(answer) = follow_up::follow_up(t, h) {
            return answer;
        }
        let guess = self.guess(t).await;
        let reading = self.reading(rendered, t, guess);
        follow_up::guard(t, h, judged_on(t, &reading, h, guess))
    }

    /// The confident intent of the ticket's text, if there is a classifier and it is
    /// confident. Embedding is CPU work: it runs on a blocking thread. A failing
    /// embedder is logged and the text rules decide alone.
    async fn guess(&self, t: &TicketText) -> Option<IntentGuess> {
        Self::guess_by(self.intents.clone()?, &self.recent, t).await
    }

    /// What `classifier` guesses of `t`, kept in `recent`.
    async fn guess_by(
        classifier: Arc<IntentClassifier>,
        recent: &Mutex<LruCache<String, Option<IntentGuess>>>,
        t: &TicketText,
    ) -> Option<IntentGuess> {
        let text = t.text.clone();
        if let Some(guess) = recent.lock().ok().and_then(|mut r| r.get(&text).copied()) {
            return guess;
        }
        let key = text.clone();
        match tokio::task::spawn_blocking(move || classifier.classify(&text)).await {
            Ok(Ok(guess)) => {
                if let Ok(mut recent) = recent.lock() {
                    recent.put(key, guess);
                }
                guess
            }
            Ok(Err(e)) => {
                tracing::warn!(error = %format_args!("{e:#}"), "intent embedding failed; deciding by text rules alone");
                None
            }
            Err(e) => {
                tracing::warn!(error = %crate::telemetry::chain(&e), "intent embedding panicked; deciding by text rules alone");
                None
            }
        }
    }
}

#[async_trait]
impl SelfAssess for RulesModel {
    /// Confident when the final answer rests on a settled fact (a chargeback or a payment
    /// dispute, an order the shop does not know that the help desk's order field names or
    /// the text writes in the shop's own id shape, the refund policy calling for a human,
    /// a follow-up its thread's record decides), or when it answers (or escalates for) an
    /// intent that a classifier confirms (the judge's regression for an answer from the
    /// order tools alone, the checker's hand-written examples for one that rests on an
    /// article or a request no tool does; the reader's, with neither). Everything else is declined with its reason: an
    /// order id read from the text in a common shape only that the shop does not know, a
    /// follow-up closed as a thank-you by its words, no order id found (an id
    /// it cannot read looks the same), a refund of a sum the customer wrote that the
    /// record does not show, a language it cannot read, a request it could not place, an
    /// amount it could not tell, no article found, no
    /// confident guess by meaning, a guess that disagrees with what the text rules
    /// answered, or no classifier at all (the text rules alone are not checked by
    /// anything).
    async fn assess(&self, conversation: &[Message]) -> Assessment {
        let rendered = conversation.first().map(|m| m.text()).unwrap_or_default();
        let Some(t) = self.ticket_text(&rendered) else {
            return Assessment::Decline("ticket_unreadable");
        };
        let (step, basis) = self
            .decided(&rendered, &t, &History::read(conversation))
            .await;
        if matches!(step, Step::Calls(_)) {
            return Assessment::Decline("unfinished");
        }
        match basis {
            Basis::Settled => Assessment::Confident,
            Basis::Doubt(why) => Assessment::Decline(why),
            Basis::Intents(_) if self.intents.is_none() => Assessment::Decline("no_intent_model"),
            Basis::Intents(answered) => {
                // Intent is all the labelled bank confirms. An answer from the order tools
                // is checked fact by fact by verification, so the right intent is enough;
                // an article's answer is not (an article on the question's subject that does
                // not answer it passes every check), so it needs the stricter examples.
                let by_facts = answered
                    .iter()
                    .all(|i| matches!(i, Intent::Status | Intent::Refund));
                let guess = match (&self.judge, &self.checker) {
                    (Some(judge), _) if by_facts => {
                        Self::guess_by(judge.clone(), &self.judged, &t).await
                    }
                    (_, Some(checker)) => Self::guess_by(checker.clone(), &self.checked, &t).await,
                    // The reader's own guess, kept from answering.
                    _ => self.guess(&t).await,
                };
                match guess {
                    None => Assessment::Decline("intent_unsure"),
                    Some(g) if answered.contains(&g.intent) => Assessment::Confident,
                    Some(_) => Assessment::Decline("intent_disagrees"),
                }
            }
        }
    }
}

#[async_trait]
impl ChatModel for RulesModel {
    fn label(&self) -> String {
        "rules".into()
    }

    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        let turn = request
            .messages
            .iter()
            .filter(|m| m.role == Role::Assistant)
            .count()
            + 1;
        let rendered = request.messages.first().map(|m| m.text());
        let step = match rendered.as_deref().and_then(|r| self.ticket_text(r)) {
            None => Step::Final(
                "ESCALATED: [out_of_scope] The ticket could not be read from the conversation."
                    .into(),
            ),
            Some(t) => {
                let h = History::read(request.messages);
                let (step, _) = self
                    .decided(rendered.as_deref().unwrap_or_default(), &t, &h)
                    .await;
                match step {
                    Step::Final(text) => Step::Final(with_tail(&text, &h)),
                    calls => calls,
                }
            }
        };
        // Rough token counts, so usage and cost columns mean the same for every model.
        let input_tokens = request
            .messages
            .iter()
            .map(|m| json_len(m) / 4)
            .sum::<u64>()
            + request.system.len() as u64 / 4;
        let (content, stop_reason) = match step {
            Step::Final(text) => (vec![Content::Text { text }], StopReason::EndTurn),
            Step::Calls(calls) => (
                calls
                    .into_iter()
                    .enumerate()
                    .map(|(i, (name, args))| {
                        Content::ToolCall(ToolCall {
                            id: format!("call_{turn}_{i}"),
                            name: name.to_string(),
                            arguments: ToolArguments::Json { value: args },
                        })
                    })
                    .collect(),
                StopReason::ToolUse,
            ),
        };
        let output_tokens = json_len(&content) / 4;
        Ok(ChatResponse {
            message: Message {
                role: Role::Assistant,
                content,
            },
            stop_reason,
            usage: Usage {
                input_tokens,
                output_tokens,
                ..Usage::default()
            },
            served_by: None,
        })
    }
}

/// The length of `value` as JSON, counted as it is written rather than kept: the
/// conversation is measured again on every turn.
fn json_len(value: &impl serde::Serialize) -> u64 {
    struct Counter(u64);
    impl std::io::Write for Counter {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len() as u64;
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut counter = Counter(0);
    match serde_json::to_writer(&mut counter, value) {
        Ok(()) => counter.0,
        Err(_) => 0,
    }
}

/// What the rules do next: call tools, or answer.
enum Step {
    Calls(Vec<(&'static str, Value)>),
    Final(String),
}

/// The tool calls made so far and their answers.
struct History {
    done: Vec<(String, Value, Value)>,
}

impl History {
    fn read(messages: &[Message]) -> Self {
        let mut calls: HashMap<&str, (&str, Value)> = HashMap::new();
        let mut done = Vec::new();
        for m in messages {
            for c in &m.content {
                match c {
                    Content::ToolCall(call) => {
                        calls.insert(&call.id, (&call.name, call.arguments.to_wire_value()));
                    }
                    Content::ToolResult(result) => {
                        if let Some((name, args)) = calls.get(result.tool_call_id.as_str()) {
                            done.push((name.to_string(), args.clone(), result.output.clone()));
                        }
                    }
                    Content::Text { .. } => {}
                }
            }
        }
        Self { done }
    }

    fn find(&self, tool: &str, key: &str, value: &str) -> Option<&Value> {
        self.done
            .iter()
            .rev()
            .find(|(name, args, _)| name == tool && args[key].as_str() == Some(value))
            .map(|(_, _, out)| out)
    }
}

#[cfg(test)]
mod tests;
