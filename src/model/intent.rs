//! Intent by meaning: what a ticket asks, read from labelled tickets like it.
//!
//! The rules model's text rules see words; a customer who writes "my card company is
//! pulling the payment back" uses none of the words a dispute rule lists. This module
//! owns a bank of labelled requests: a few written from the five tool contracts and the
//! requests they cannot carry out, and the development worlds' labelled tickets, a
//! thousand of them, each with an [`Intent`]. A ticket is embedded through [`Embedder`]
//! and decided either by its nearest examples (an intent reported only when close
//! enough and clearly ahead of the runner-up) or by a regression of the bank
//! (`model::softmax`, an intent reported only when probable enough), because the rules
//! model uses it to change course (escalate a dispute, treat a request as one no tool
//! can do) and a guess between two intents is not a reason to. The rules model reads
//! with a regression trained so that every intent weighs the same, the cascade's judge
//! with one trained on the bank as it is ([`Role`]); both ship trained. Without an
//! embedder nothing here runs and the text rules decide alone.

use std::path::Path;
use std::sync::Arc;

use anyhow::Context as _;

use crate::embedding::{Embedder, cosine};

use super::softmax::{Softmax, Training};

/// What a ticket asks for, as far as the tools are concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Intent {
    /// Where an order is, when it ships or arrives.
    Status,
    /// Money back for an order.
    Refund,
    /// A question the help center answers.
    HowTo,
    /// An action on an order or account that no tool performs (cancel, change the
    /// address, exchange, upgrade shipping, reschedule, change the payment method…).
    Unsupported,
    /// A bank or card dispute, a chargeback, a lawyer, a court or a regulator.
    Dispute,
    /// Nothing a support desk of a shop handles.
    Other,
}

impl Intent {
    /// Every intent, in a fixed order.
    pub const ALL: [Intent; 6] = [
        Intent::Status,
        Intent::Refund,
        Intent::HowTo,
        Intent::Unsupported,
        Intent::Dispute,
        Intent::Other,
    ];

    /// Its name in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Intent::Status => "status",
            Intent::Refund => "refund",
            Intent::HowTo => "how_to",
            Intent::Unsupported => "unsupported",
            Intent::Dispute => "dispute",
            Intent::Other => "other",
        }
    }
}

impl std::str::FromStr for Intent {
    type Err = anyhow::Error;

    /// The name [`Intent::as_str`] gives.
    fn from_str(s: &str) -> anyhow::Result<Self> {
        Intent::ALL
            .into_iter()
            .find(|i| i.as_str() == s)
            .ok_or_else(|| anyhow::anyhow!("no intent is called {s:?}"))
    }
}

/// A confident guess.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IntentGuess {
    /// The intent.
    pub intent: Intent,
    /// Its score: the mean similarity of its nearest examples, or its probability when
    /// a regression decides.
    pub score: f32,
    /// How far it is ahead of the best other intent.
    pub margin: f32,
}

/// When a guess is confident enough to act on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    /// Examples per intent whose similarities are averaged.
    pub k: usize,
    /// The least score an intent needs.
    pub min_score: f32,
    /// The least lead over the runner-up.
    pub min_margin: f32,
}

impl Default for Thresholds {
    /// Set for all-MiniLM-L6-v2, whose paraphrases sit around 0.5–0.8 cosine and
    /// unrelated support mail around 0.0–0.3: a score of 0.45 with a lead of 0.06 is a
    /// near paraphrase of one intent's examples and not of another's.
    fn default() -> Self {
        Self {
            k: 3,
            min_score: 0.45,
            min_margin: 0.06,
        }
    }
}

/// Example requests, one intent each. Written from the contracts: what order_lookup,
/// refund_eligibility and kb_search answer, and what none of the five tools can do.
#[rustfmt::skip]
pub const EXAMPLES: &[(Intent, &str)] = &[
    (Intent::Status, "Where is my package? It should have been here by now."),
    (Intent::Status, "Has my order shipped yet, and what is the tracking number?"),
    (Intent::Status, "When will my parcel be delivered?"),
    (Intent::Status, "My delivery still has not turned up, can you check on it?"),
    (Intent::Status, "What is the current state of the thing I bought last week?"),
    (Intent::Status, "Is my purchase on its way or still being prepared?"),
    (Intent::Refund, "I would like my money back for this order."),
    (Intent::Refund, "The item arrived broken, please refund me."),
    (Intent::Refund, "Please return the cost of the faulty product to my card."),
    (Intent::Refund, "It does not work at all, I want to be reimbursed."),
    (Intent::Refund, "Can I get the price of one of the items back? It came damaged."),
    (Intent::Refund, "I was charged for something that is defective, pay me back."),
    (Intent::HowTo, "How do I reset my password? I cannot sign in."),
    (Intent::HowTo, "How long does standard delivery usually take?"),
    (Intent::HowTo, "Where do I enter a discount code at checkout?"),
    (Intent::HowTo, "What is your policy on returns and refunds?"),
    (Intent::HowTo, "How can I remove my account and personal data?"),
    (Intent::HowTo, "Which payment methods do you accept?"),
    (Intent::HowTo, "Do gift cards expire, and how do I redeem one?"),
    (Intent::Unsupported, "Please cancel my order for me."),
    (Intent::Unsupported, "Can you send my order to a different address instead?"),
    (Intent::Unsupported, "I want to swap the item for another colour, not a refund."),
    (Intent::Unsupported, "Could you upgrade my delivery to express shipping?"),
    (Intent::Unsupported, "Please deliver it next week instead, I am away until then."),
    (Intent::Unsupported, "Charge a different card for my order please."),
    (Intent::Unsupported, "Add one more item to the order I placed yesterday."),
    (Intent::Unsupported, "Send me a replacement in a bigger size."),
    (Intent::Dispute, "I am going to dispute this charge with my bank."),
    (Intent::Dispute, "My credit card company will reverse the payment."),
    (Intent::Dispute, "I have asked my card issuer to claw the money back."),
    (Intent::Dispute, "My lawyer will be in touch about this."),
    (Intent::Dispute, "I will take you to small claims court."),
    (Intent::Dispute, "I am reporting your shop to the consumer protection agency."),
    (Intent::Other, "Can you write me a poem about autumn?"),
    (Intent::Other, "What do you think about the football match last night?"),
    (Intent::Other, "Hello"),
    (Intent::Other, "Are you hiring? I would like to apply for a job."),
];

/// The development worlds' labelled tickets (fixture, outdoor, home, voltcase,
/// kettlebrew, and the five waiting in `evals/pending`: fretwork, greenhouse, quiltery,
/// toybox, velodrome): one JSON object a line, `{"intent": …, "text": …}`, the ticket's
/// subject and the customer's own words with the intent its eval labels give. Written by
/// `ticket-agent-lab intent --write-bank data/intent-bank.jsonl`; no held-out world is in
/// it.
pub const LABELLED: &str = include_str!("../../data/intent-bank.jsonl");

/// [`LABELLED`], parsed.
///
/// # Errors
/// A line that is not an intent and a text.
pub fn labelled_bank() -> anyhow::Result<Vec<(Intent, String)>> {
    #[derive(serde::Deserialize)]
    struct Line {
        intent: String,
        text: String,
    }
    LABELLED
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| {
            let line: Line = serde_json::from_str(l)
                .map_err(|e| anyhow::anyhow!("data/intent-bank.jsonl line {}: {e}", n + 1))?;
            Ok((line.intent.parse()?, line.text))
        })
        .collect()
}

/// A bank as the judge holds it: the hand-written examples, then `learned`. The
/// shipped vectors ([`SHIPPED_VECTORS`]) are of these texts in this order.
pub fn with_examples(learned: &[(Intent, String)]) -> Vec<(Intent, &str)> {
    EXAMPLES
        .iter()
        .copied()
        .chain(learned.iter().map(|(i, t)| (*i, t.as_str())))
        .collect()
}

/// The text whose vector identifies the embedder that wrote a vectors file: another
/// model, or the same one changed, gives it another vector.
const PROBE: &str = "Where is my order? I would like a refund for the broken lamp.";

/// The vectors of the hand-written examples and [`LABELLED`], in that order, by the
/// embedding model `scripts/fetch-embedding-model` fetches, in the format of
/// [`vectors_file`]. Written with the bank by `ticket-agent-lab intent --write-bank`; used
/// only when its texts are the bank's and its probe vector is the running model's.
pub const SHIPPED_VECTORS: &[u8] = include_bytes!("../../data/intent-bank.f32");

/// A key of `texts` (FNV-1a over their bytes, each ended by a NUL), `salt` first.
fn texts_key(salt: &str, texts: &[&str]) -> u64 {
    let mut key = 0xcbf2_9ce4_8422_2325u64;
    for b in salt
        .bytes()
        .chain([0])
        .chain(texts.iter().flat_map(|t| t.bytes().chain([0])))
    {
        key = (key ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    key
}

fn probe(embedder: &dyn Embedder) -> anyhow::Result<Vec<f32>> {
    embedder
        .embed(&[PROBE])?
        .pop()
        .ok_or_else(|| anyhow::anyhow!("the embedder returned no vector"))
}

/// `texts` embedded by `embedder` as a vectors file: the key of the texts (8 bytes),
/// then the probe text's vector and each text's, as little-endian `f32`.
///
/// # Errors
/// The embedder failing.
pub fn vectors_file(embedder: &dyn Embedder, texts: &[&str]) -> anyhow::Result<Vec<u8>> {
    let probe = probe(embedder)?;
    let vectors = embed_all(embedder, texts)?;
    Ok(file_bytes(texts, &probe, &vectors))
}

fn embed_all(embedder: &dyn Embedder, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
    let vectors = embedder.embed(texts)?;
    anyhow::ensure!(
        vectors.len() == texts.len(),
        "the embedder returned {} vectors for {} texts",
        vectors.len(),
        texts.len()
    );
    Ok(vectors)
}

fn file_bytes(texts: &[&str], probe: &[f32], vectors: &[Vec<f32>]) -> Vec<u8> {
    texts_key("", texts)
        .to_le_bytes()
        .into_iter()
        .chain(
            probe
                .iter()
                .chain(vectors.iter().flatten())
                .flat_map(|x| x.to_le_bytes()),
        )
        .collect()
}

/// The vectors of `texts` a vectors file holds, if it holds them for these texts and
/// was written by the model whose probe vector is `probe` (within float rounding).
fn read_vectors_file(bytes: &[u8], texts: &[&str], probe: &[f32]) -> Option<Vec<Vec<f32>>> {
    let dim = probe.len();
    let (key, rest) = bytes.split_at_checked(8)?;
    if u64::from_le_bytes(key.try_into().ok()?) != texts_key("", texts)
        || dim == 0
        || rest.len() != 4 * dim * (texts.len() + 1)
    {
        return None;
    }
    let floats: Vec<f32> = rest
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let (stored, vectors) = floats.split_at(dim);
    if stored.iter().zip(probe).any(|(a, b)| (a - b).abs() > 1e-4) {
        return None;
    }
    Some(vectors.chunks_exact(dim).map(<[f32]>::to_vec).collect())
}

/// The vectors of `texts` by `embedder`: from `shipped` when it holds them for this
/// model, else from the file in `cache` named after the texts and the embedder's name,
/// else embedded (and written to that file for the next start). Every file is checked
/// by its key and by the probe text, embedded again here: a file another model wrote
/// (the same name over other weights) or an older bank is never used. A cache file
/// that cannot be read or written costs the embedding, never an error; it is written
/// whole under a temporary name and renamed, so concurrent starts at worst both embed.
///
/// # Errors
/// The embedder failing.
pub fn bank_vectors(
    embedder: &dyn Embedder,
    texts: &[&str],
    shipped: &[u8],
    cache: Option<&Path>,
) -> anyhow::Result<Vec<Vec<f32>>> {
    let probe = probe(embedder)?;
    if let Some(vectors) = read_vectors_file(shipped, texts, &probe) {
        return Ok(vectors);
    }
    let file = cache.map(|dir| {
        dir.join(format!(
            "intent-vectors-{:016x}.f32",
            texts_key(embedder.name(), texts)
        ))
    });
    if let Some(vectors) = file
        .as_ref()
        .and_then(|f| std::fs::read(f).ok())
        .and_then(|bytes| read_vectors_file(&bytes, texts, &probe))
    {
        return Ok(vectors);
    }
    let vectors = embed_all(embedder, texts)?;
    if let Some(file) = file
        && let Err(e) = write_file(&file, &file_bytes(texts, &probe, &vectors))
    {
        tracing::debug!(file = %file.display(), error = %format_args!("{e:#}"), "intent vectors not kept for the next start");
    }
    Ok(vectors)
}

/// `bytes` to `file` by way of a temporary file beside it.
fn write_file(file: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = file.parent().context("a vectors file has a folder")?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let tmp = file.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, file).with_context(|| format!("renaming to {}", file.display()))
}

/// The regression of `examples`, trained (hundreds of passes over them: half a second of
/// CPU for the product's bank in a release build, many seconds in a debug one).
fn train(examples: &[(Intent, Vec<f32>)], training: Training) -> anyhow::Result<Softmax<Intent>> {
    let started = std::time::Instant::now();
    let linear =
        Softmax::train(examples, training).context("learning the intents of the labelled bank")?;
    tracing::debug!(
        examples = examples.len(),
        iterations = linear.iterations(),
        elapsed_ms = started.elapsed().as_millis() as u64,
        "intent regression trained"
    );
    Ok(linear)
}

/// What a classifier of the labelled bank is for, and so how its regression is trained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The rules model's reading of every ticket. What changes the rules' course is a
    /// dispute or a request no tool does, the bank's two smallest intents, so each intent
    /// weighs the same in training ([`Training::balanced`]): the regression is then sure
    /// of those more often, and more often right, than the hand-written examples were.
    Reader,
    /// The cascade's judge of the rules' own answers, which only confirms an answer's
    /// intent: trained on the bank as it is, sure of the large intents (status, refund,
    /// how-to) more often.
    Judge,
}

impl Role {
    /// Both roles.
    pub const ALL: [Role; 2] = [Role::Reader, Role::Judge];

    /// How this role's regression is trained.
    pub fn training(self) -> Training {
        Training {
            balanced: self == Role::Reader,
            ..Training::default()
        }
    }

    /// The weights that ship for this role, in the format of [`weights_file`]: the
    /// regression of [`SHIPPED_VECTORS`], written with the bank by `ticket-agent-lab
    /// intent --write-bank` so that no start trains, and taken only when they are the
    /// regression of the vectors in use ([`Softmax::from_weights`]).
    pub fn shipped_weights(self) -> &'static [u8] {
        match self {
            Role::Reader => include_bytes!("../../data/intent-bank.reader.f64"),
            Role::Judge => include_bytes!("../../data/intent-bank.judge.f64"),
        }
    }

    /// The name of this role's weights file beside the bank (`intent-bank.jsonl`):
    /// `reader.f64` or `judge.f64` for its extension.
    pub fn weights_extension(self) -> &'static str {
        match self {
            Role::Reader => "reader.f64",
            Role::Judge => "judge.f64",
        }
    }
}

/// The salt of a weights file's key, so that it is never taken for a vectors file nor
/// for weights of the other weighting.
fn weights_salt(training: Training) -> &'static str {
    if training.balanced {
        "regression, balanced"
    } else {
        "regression"
    }
}

/// The regression (trained as `training` says) of `bank`, whose vectors are those
/// `vectors_file` holds (as [`vectors_file`] writes it), as a weights file: the key of
/// the bank's texts (8 bytes), then the weights as little-endian `f64`.
///
/// # Errors
/// A vectors file not of `bank`'s texts, or a bank that cannot be learned.
pub fn weights_file(
    bank: &[(Intent, &str)],
    vectors_file: &[u8],
    training: Training,
) -> anyhow::Result<Vec<u8>> {
    let texts: Vec<&str> = bank.iter().map(|(_, t)| *t).collect();
    let vectors = stored_vectors(vectors_file, &texts)
        .context("the vectors file is not of this bank's texts")?;
    let examples: Vec<(Intent, Vec<f32>)> = bank.iter().map(|(i, _)| *i).zip(vectors).collect();
    let linear = train(&examples, training)?;
    Ok(texts_key(weights_salt(training), &texts)
        .to_le_bytes()
        .into_iter()
        .chain(linear.weights().iter().flat_map(|w| w.to_le_bytes()))
        .collect())
}

/// The weights a weights file holds, if it was written for `texts` and `training`'s
/// weighting.
fn read_weights_file(bytes: &[u8], texts: &[&str], training: Training) -> Option<Vec<f64>> {
    let (key, rest) = bytes.split_at_checked(8)?;
    if u64::from_le_bytes(key.try_into().ok()?) != texts_key(weights_salt(training), texts)
        || rest.len() % 8 != 0
    {
        return None;
    }
    Some(
        rest.chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().expect("eight bytes")))
            .collect(),
    )
}

/// The vectors a vectors file holds for `texts`, whichever model wrote it (its own
/// probe vector taken as the model's).
fn stored_vectors(bytes: &[u8], texts: &[&str]) -> Option<Vec<Vec<f32>>> {
    let floats = bytes.len().checked_sub(8)? / 4;
    let dim = floats.checked_div(texts.len() + 1)?;
    let probe: Vec<f32> = bytes
        .get(8..8 + 4 * dim)?
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    read_vectors_file(bytes, texts, &probe)
}

/// A bank of labelled examples, embedded once, and how it decides.
#[derive(Clone)]
pub struct IntentClassifier {
    embedder: Arc<dyn Embedder>,
    decision: Decision,
}

/// The two ways a classifier decides. A regression keeps its weights only: once trained
/// it needs neither the bank's vectors nor the neighbours' bars.
#[derive(Clone)]
enum Decision {
    /// By the nearest examples of each intent ([`nearest`]).
    Nearest {
        examples: Vec<(Intent, Vec<f32>)>,
        thresholds: Thresholds,
    },
    /// By a regression trained on the bank.
    Learned(Softmax<Intent>),
}

impl std::fmt::Debug for IntentClassifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("IntentClassifier");
        d.field("embedder", &self.embedder.name());
        match &self.decision {
            Decision::Nearest {
                examples,
                thresholds,
            } => d
                .field("examples", &examples.len())
                .field("thresholds", thresholds),
            Decision::Learned(linear) => d.field("regression_moves", &linear.iterations()),
        };
        d.finish()
    }
}

impl IntentClassifier {
    /// The built-in bank ([`EXAMPLES`]) with the default thresholds.
    ///
    /// # Errors
    /// When the embedder fails on the examples.
    pub fn new(embedder: Arc<dyn Embedder>) -> anyhow::Result<Self> {
        Self::with_bank(embedder, EXAMPLES, Thresholds::default())
    }

    /// The hand-written examples and the labelled tickets of the development worlds
    /// ([`labelled_bank`]) together, decided by a regression of them ([`Softmax`]) trained
    /// for `role`. Their vectors come shipped ([`SHIPPED_VECTORS`]) for the model the
    /// project fetches, and so do the regression's weights ([`Role::shipped_weights`]),
    /// taken when they are these vectors' regression; for another model the vectors are
    /// embedded once and kept in `cache` ([`bank_vectors`]) and the regression is trained
    /// here.
    ///
    /// # Errors
    /// When the bank does not parse, the embedder fails on it or it cannot be learned.
    pub fn labelled(
        embedder: Arc<dyn Embedder>,
        cache: Option<&Path>,
        role: Role,
    ) -> anyhow::Result<Self> {
        let [one] = Self::labelled_as(embedder, cache, [role])?;
        Ok(one)
    }

    /// [`IntentClassifier::labelled`] for each of `roles`, the bank read and its vectors
    /// checked once for all of them (a cascade's rules tier reads with one and is judged
    /// by the other).
    ///
    /// # Errors
    /// As [`IntentClassifier::labelled`].
    pub fn labelled_as<const N: usize>(
        embedder: Arc<dyn Embedder>,
        cache: Option<&Path>,
        roles: [Role; N],
    ) -> anyhow::Result<[Self; N]> {
        let learned = labelled_bank()?;
        let bank = with_examples(&learned);
        let texts: Vec<&str> = bank.iter().map(|(_, t)| *t).collect();
        let vectors = bank_vectors(embedder.as_ref(), &texts, SHIPPED_VECTORS, cache)?;
        let examples: Vec<(Intent, Vec<f32>)> = bank.iter().map(|(i, _)| *i).zip(vectors).collect();
        let regression = |role: Role| -> anyhow::Result<Softmax<Intent>> {
            let training = role.training();
            if let Some(weights) = read_weights_file(role.shipped_weights(), &texts, training)
                && let Some(linear) = Softmax::from_weights(&examples, weights, training)?
            {
                tracing::debug!(
                    ?role,
                    examples = examples.len(),
                    "intent regression taken from the shipped weights"
                );
                return Ok(linear);
            }
            train(&examples, training)
        };
        let mut out = Vec::with_capacity(N);
        for role in roles {
            out.push(Self {
                embedder: embedder.clone(),
                decision: Decision::Learned(regression(role)?),
            });
        }
        Ok(out
            .try_into()
            .unwrap_or_else(|_| unreachable!("one classifier a role")))
    }

    /// A bank of the caller's own, decided by a regression trained on it.
    ///
    /// # Errors
    /// When the embedder fails on the bank or the bank cannot be learned (one intent
    /// alone).
    pub fn with_bank_learned(
        embedder: Arc<dyn Embedder>,
        bank: &[(Intent, &str)],
        training: Training,
    ) -> anyhow::Result<Self> {
        Self::with_bank(embedder, bank, Thresholds::default())?.learned(training)
    }

    /// This classifier deciding by a regression trained on its bank (itself when it
    /// decides by one already), so that one embedded bank can be trained more than one
    /// way.
    ///
    /// # Errors
    /// Training that fails (a bank of one intent, say).
    pub fn learned(self, training: Training) -> anyhow::Result<Self> {
        let Decision::Nearest { examples, .. } = &self.decision else {
            return Ok(self);
        };
        let linear = train(examples, training)?;
        Ok(Self {
            embedder: self.embedder,
            decision: Decision::Learned(linear),
        })
    }

    fn from_vectors(
        embedder: Arc<dyn Embedder>,
        bank: &[(Intent, &str)],
        vectors: Vec<Vec<f32>>,
        thresholds: Thresholds,
    ) -> Self {
        Self {
            embedder,
            decision: Decision::Nearest {
                examples: bank.iter().map(|(i, _)| *i).zip(vectors).collect(),
                thresholds,
            },
        }
    }

    /// A bank and thresholds of the caller's own.
    ///
    /// # Errors
    /// When the embedder fails on the examples or returns the wrong number of vectors.
    pub fn with_bank(
        embedder: Arc<dyn Embedder>,
        bank: &[(Intent, &str)],
        thresholds: Thresholds,
    ) -> anyhow::Result<Self> {
        let texts: Vec<&str> = bank.iter().map(|(_, t)| *t).collect();
        let vectors = embed_all(embedder.as_ref(), &texts)?;
        Ok(Self::from_vectors(embedder, bank, vectors, thresholds))
    }

    /// The confident intent of `text`, or `None` when no intent is both close and clearly
    /// ahead.
    ///
    /// # Errors
    /// When the embedder fails.
    pub fn classify(&self, text: &str) -> anyhow::Result<Option<IntentGuess>> {
        let v = self
            .embedder
            .embed(&[text])?
            .pop()
            .ok_or_else(|| anyhow::anyhow!("the embedder returned no vector"))?;
        Ok(match &self.decision {
            Decision::Learned(linear) => {
                linear
                    .decide(&v)
                    .map(|(intent, score, margin)| IntentGuess {
                        intent,
                        score,
                        margin,
                    })
            }
            Decision::Nearest {
                examples,
                thresholds,
            } => {
                let sims: Vec<(Intent, f32)> =
                    examples.iter().map(|(i, e)| (*i, cosine(&v, e))).collect();
                nearest(&sims, *thresholds)
            }
        })
    }
}

/// The k-nearest-neighbour decision: each intent scores the mean of its `k` most
/// similar examples (fewer if it has fewer); the best intent counts only when it clears
/// `min_score` and leads the runner-up by `min_margin`.
pub fn nearest(sims: &[(Intent, f32)], t: Thresholds) -> Option<IntentGuess> {
    let mut by_intent: Vec<(Intent, Vec<f32>)> = Vec::new();
    for (intent, s) in sims {
        match by_intent.iter_mut().find(|(i, _)| i == intent) {
            Some((_, v)) => v.push(*s),
            None => by_intent.push((*intent, vec![*s])),
        }
    }
    let mut scores: Vec<(Intent, f32)> = by_intent
        .into_iter()
        .map(|(i, mut v)| {
            v.sort_by(|a, b| b.total_cmp(a));
            v.truncate(t.k.max(1));
            (i, v.iter().sum::<f32>() / v.len() as f32)
        })
        .collect();
    scores.sort_by(|a, b| b.1.total_cmp(&a.1));
    let (intent, score) = *scores.first()?;
    let runner_up = scores.get(1).map_or(0.0, |(_, s)| *s);
    let margin = score - runner_up;
    (score >= t.min_score && margin >= t.min_margin).then_some(IntentGuess {
        intent,
        score,
        margin,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A deterministic stand-in for a sentence model: each word (lower-cased, a
    /// trailing "s" dropped) is hashed into one of 64 dimensions, and the counts are
    /// normalised. Texts that share words are close; it knows nothing of meaning, which
    /// is exactly what lets a test say which neighbour should win.
    pub(crate) struct BagOfWords;

    impl Embedder for BagOfWords {
        fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
            Ok(texts
                .iter()
                .map(|t| {
                    let mut v = vec![0f32; 64];
                    for w in t
                        .split(|c: char| !c.is_alphanumeric())
                        .filter(|w| w.len() > 2)
                    {
                        let w = w.to_lowercase();
                        let w = w.strip_suffix('s').unwrap_or(&w);
                        let h = w.bytes().fold(2166136261u32, |h, b| {
                            (h ^ u32::from(b)).wrapping_mul(16777619)
                        });
                        v[(h % 64) as usize] += 1.0;
                    }
                    let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
                    if n > 0.0 {
                        v.iter_mut().for_each(|x| *x /= n);
                    }
                    v
                })
                .collect())
        }

        fn name(&self) -> &str {
            "bag-of-words (test)"
        }
    }

    const LOOSE: Thresholds = Thresholds {
        k: 2,
        min_score: 0.3,
        min_margin: 0.05,
    };

    #[test]
    fn the_intent_of_the_closest_examples_wins_when_it_clearly_leads() {
        let sims = [
            (Intent::Dispute, 0.80),
            (Intent::Dispute, 0.70),
            (Intent::Dispute, 0.10),
            (Intent::Refund, 0.60),
            (Intent::Refund, 0.20),
        ];
        let g = nearest(&sims, LOOSE).expect("a confident guess");
        assert_eq!(g.intent, Intent::Dispute);
        assert!((g.score - 0.75).abs() < 1e-6);
        assert!((g.margin - 0.35).abs() < 1e-6);
    }

    #[test]
    fn two_intents_neck_and_neck_or_nothing_close_is_no_guess() {
        let tied = [(Intent::Refund, 0.70), (Intent::Unsupported, 0.68)];
        assert_eq!(nearest(&tied, LOOSE), None);
        let far = [(Intent::Refund, 0.20), (Intent::Status, 0.01)];
        assert_eq!(nearest(&far, LOOSE), None);
        assert_eq!(nearest(&[], LOOSE), None);
    }

    #[test]
    fn one_lucky_example_does_not_outvote_an_intent_whose_neighbours_all_agree() {
        // Refund has one very close example and one far one; status has two close ones.
        let sims = [
            (Intent::Refund, 0.90),
            (Intent::Refund, 0.10),
            (Intent::Status, 0.70),
            (Intent::Status, 0.66),
        ];
        assert_eq!(
            nearest(&sims, LOOSE).map(|g| g.intent),
            Some(Intent::Status)
        );
    }

    #[test]
    fn the_classifier_embeds_its_bank_once_and_classifies_a_new_text_by_its_neighbours() {
        let bank = [
            (Intent::Dispute, "dispute the charge with my bank"),
            (Intent::Dispute, "bank will reverse the charge"),
            (Intent::Status, "where is my parcel"),
            (Intent::Status, "parcel tracking please"),
        ];
        let c = IntentClassifier::with_bank(Arc::new(BagOfWords), &bank, LOOSE).unwrap();
        let g = c
            .classify("my bank says they can reverse this charge")
            .unwrap()
            .expect("close to the dispute examples");
        assert_eq!(g.intent, Intent::Dispute);
        assert_eq!(c.classify("lovely weather today").unwrap(), None);
    }

    #[test]
    fn a_classifier_learned_from_its_bank_decides_by_the_regressions_probability() {
        let bank = [
            (Intent::Dispute, "dispute the charge with my bank"),
            (Intent::Dispute, "bank will reverse the charge"),
            (Intent::Dispute, "my bank disputes this charge"),
            (Intent::Status, "where is my parcel"),
            (Intent::Status, "parcel tracking please"),
            (Intent::Status, "tracking for my parcel"),
        ];
        let training = Training {
            min_probability: 0.6,
            ..Training::default()
        };
        let c = IntentClassifier::with_bank_learned(Arc::new(BagOfWords), &bank, training).unwrap();
        let g = c
            .classify("my bank says they can reverse this charge")
            .unwrap()
            .expect("on the dispute side");
        assert_eq!(g.intent, Intent::Dispute);
        // The score is a probability, and the margin its lead over the other intent.
        assert!(g.score >= 0.6 && g.score <= 1.0, "{g:?}");
        assert!((g.margin - (2.0 * g.score - 1.0)).abs() < 1e-4, "{g:?}");
        // Words of neither side: the regression is not sure enough of either.
        assert_eq!(c.classify("lovely weather today").unwrap(), None);
        // A bank of one intent teaches nothing.
        assert!(
            IntentClassifier::with_bank_learned(Arc::new(BagOfWords), &bank[..3], training)
                .is_err()
        );
    }

    #[test]
    fn the_labelled_bank_parses_and_holds_every_intent_a_shops_labels_give() {
        let bank = labelled_bank().unwrap();
        for intent in Intent::ALL.into_iter().filter(|i| *i != Intent::Other) {
            let n = bank.iter().filter(|(i, _)| *i == intent).count();
            assert!(n >= 10, "{intent:?}: {n}");
        }
        assert!(bank.iter().all(|(_, t)| !t.trim().is_empty()));
        assert!("refund".parse::<Intent>().is_ok());
        assert!("a refund".parse::<Intent>().is_err());
    }

    #[test]
    fn a_banks_vectors_come_shipped_or_cached_and_are_embedded_again_for_another_model() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        /// Bag of words, counting texts; `shift` moves every vector, as other weights
        /// under the same name would.
        struct Counting(AtomicUsize, f32);
        impl Embedder for Counting {
            fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
                self.0.fetch_add(texts.len(), Ordering::SeqCst);
                let mut v = BagOfWords.embed(texts)?;
                v.iter_mut().for_each(|v| v[0] += self.1);
                Ok(v)
            }
            fn name(&self) -> &str {
                "counting"
            }
        }
        let count = |e: &Counting| e.0.load(Ordering::SeqCst);
        let dir = tempfile::tempdir().unwrap();
        let texts = [
            "where is my parcel",
            "refund the broken lamp",
            "how do I log in",
        ];
        let want = BagOfWords.embed(&texts).unwrap();
        // Shipped for this model: only the probe is embedded.
        let shipped = vectors_file(&BagOfWords, &texts).unwrap();
        let e = Counting(AtomicUsize::new(0), 0.0);
        assert_eq!(bank_vectors(&e, &texts, &shipped, None).unwrap(), want);
        assert_eq!(count(&e), 1);
        // Shipped for another bank, or by another model: embedded, then cached.
        let older = vectors_file(&BagOfWords, &texts[..2]).unwrap();
        let e = Counting(AtomicUsize::new(0), 0.0);
        assert_eq!(
            bank_vectors(&e, &texts, &older, Some(dir.path())).unwrap(),
            want
        );
        assert_eq!(count(&e), 1 + texts.len());
        let e = Counting(AtomicUsize::new(0), 0.0);
        assert_eq!(
            bank_vectors(&e, &texts, &older, Some(dir.path())).unwrap(),
            want
        );
        assert_eq!(count(&e), 1, "the next start reads the cache");
        let changed = Counting(AtomicUsize::new(0), 0.5);
        let theirs = bank_vectors(&changed, &texts, &shipped, Some(dir.path())).unwrap();
        assert_ne!(theirs, want);
        assert_eq!(
            count(&changed),
            1 + texts.len(),
            "another model's vectors are not used"
        );
        // A damaged cache file is embedded again, not read.
        for entry in std::fs::read_dir(dir.path()).unwrap() {
            std::fs::write(entry.unwrap().path(), b"not vectors").unwrap();
        }
        let e = Counting(AtomicUsize::new(0), 0.0);
        assert_eq!(
            bank_vectors(&e, &texts, b"", Some(dir.path())).unwrap(),
            want
        );
        assert_eq!(count(&e), 1 + texts.len());
    }

    #[test]
    fn the_shipped_vectors_are_of_the_shipped_bank() {
        let learned = labelled_bank().unwrap();
        let texts: Vec<&str> = with_examples(&learned).iter().map(|(_, t)| *t).collect();
        let key = u64::from_le_bytes(SHIPPED_VECTORS[..8].try_into().unwrap());
        assert_eq!(
            key,
            texts_key("", &texts),
            "data/intent-bank.f32 is not of data/intent-bank.jsonl: run `ticket-agent-lab intent --write-bank data/intent-bank.jsonl`"
        );
        assert_eq!((SHIPPED_VECTORS.len() - 8) % (4 * (texts.len() + 1)), 0);
    }

    #[test]
    fn the_shipped_weights_are_the_regression_of_the_shipped_vectors_so_no_start_trains() {
        let learned = labelled_bank().unwrap();
        let bank = with_examples(&learned);
        let texts: Vec<&str> = bank.iter().map(|(_, t)| *t).collect();
        let vectors = stored_vectors(SHIPPED_VECTORS, &texts).expect("the shipped bank's vectors");
        let examples: Vec<(Intent, Vec<f32>)> = bank.iter().map(|(i, _)| *i).zip(vectors).collect();
        for role in Role::ALL {
            let weights = read_weights_file(role.shipped_weights(), &texts, role.training())
                .unwrap_or_else(|| {
                    panic!(
                        "data/intent-bank.{} is not of data/intent-bank.jsonl: run `ticket-agent-lab intent --write-bank data/intent-bank.jsonl`",
                        role.weights_extension()
                    )
                });
            assert!(
                Softmax::from_weights(&examples, weights, role.training())
                    .unwrap()
                    .is_some(),
                "data/intent-bank.{} is not the {role:?}'s regression of data/intent-bank.f32: run `ticket-agent-lab intent --write-bank data/intent-bank.jsonl`",
                role.weights_extension()
            );
        }
    }

    #[test]
    fn a_weights_file_is_read_back_only_for_the_texts_it_was_written_for() {
        let bank = [
            (Intent::Status, "where is my parcel"),
            (Intent::Status, "has my order shipped"),
            (Intent::Refund, "I want my money back"),
            (Intent::Refund, "refund the broken mug"),
        ];
        let texts: Vec<&str> = bank.iter().map(|(_, t)| *t).collect();
        let vectors = vectors_file(&BagOfWords, &texts).unwrap();
        let judge = Role::Judge.training();
        let weights = weights_file(&bank, &vectors, judge).unwrap();
        let back = read_weights_file(&weights, &texts, judge).unwrap();
        let examples: Vec<(Intent, Vec<f32>)> = bank
            .iter()
            .map(|(i, _)| *i)
            .zip(BagOfWords.embed(&texts).unwrap())
            .collect();
        assert_eq!(back, Softmax::train(&examples, judge).unwrap().weights());
        assert!(read_weights_file(&weights, &texts[1..], judge).is_none());
        assert!(
            read_weights_file(&weights, &texts, Role::Reader.training()).is_none(),
            "the other weighting's weights are not these"
        );
        assert!(
            read_weights_file(&vectors, &texts, judge).is_none(),
            "a vectors file is not weights"
        );
        assert!(weights_file(&bank[1..], &vectors, judge).is_err());
    }

    #[test]
    fn the_built_in_bank_covers_every_intent() {
        for intent in Intent::ALL {
            assert!(
                EXAMPLES.iter().filter(|(i, _)| *i == intent).count() >= 3,
                "{intent:?}"
            );
        }
    }
}
