//! The offline `rules` model: a deterministic [`ChatModel`] with no network.
//!
//! It is not an LLM. It is a baseline and a fallback, named as what it is: it reads
//! the ticket from the conversation, decides intents with plain text rules (order
//! status, refund, how-to via the knowledge base, requests no tool can carry out, legal
//! threats) and, when it is given an embedder, with the ticket's nearest labelled
//! examples ([`super::intent`]); then it drives the same loop through real tool calls,
//! reading the real tool results. It acts only on what it understands: a request it
//! cannot place, a language it cannot read or an amount it cannot tell is escalated. It
//! never knows ids or phrases in advance: order ids come from the ticket's field or
//! from patterns in its text, and instructions inside the ticket never change what it
//! does, because nothing in the text can reach the policy — only the tools' answers can.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock};

use async_trait::async_trait;
use regex::Regex;
use serde_json::{Value, json};

use super::intent::{Intent, IntentClassifier, IntentGuess};
use super::{Assessment, SelfAssess};
use super::{ChatModel, ChatRequest, ChatResponse, ModelError};
use crate::conversation::{Content, Message, Role, StopReason, ToolArguments, ToolCall, Usage};
use crate::domain::amount;
use crate::embedding::Embedder;
use crate::prompt::parse_rendered_ticket;
use crate::tools::contracts::{ISSUE_REFUND, KB_SEARCH, ORDER_LOOKUP, REFUND_ELIGIBILITY};

/// The rules model.
#[derive(Debug, Default, Clone)]
pub struct RulesModel {
    intents: Option<Arc<IntentClassifier>>,
    /// The guesses of the last few tickets: every turn of a ticket reads the same text,
    /// and embedding it once is enough.
    recent: Arc<std::sync::Mutex<Recent>>,
    /// The last few tickets, parsed and read, by rendered ticket: every turn of a
    /// ticket reads the same text, and parsing and reading it again cost more than the
    /// rest of a turn (docs/benchmarks.md, the profile of scenario b).
    readings: Arc<std::sync::Mutex<Readings>>,
}

/// What is kept of each rendered ticket, and the keys oldest first.
#[derive(Debug, Default)]
struct Readings {
    by_ticket: HashMap<String, Kept>,
    order: std::collections::VecDeque<String>,
}

/// One rendered ticket: its text as the rules see it, and their reading of it under
/// the intent guess it was made with.
#[derive(Debug)]
struct Kept {
    text: Arc<TicketText>,
    reading: Option<(Option<IntentGuess>, Arc<Reading>)>,
}

impl Readings {
    /// Keeps `rendered`'s entry, made by `make` if there is none, dropping the oldest
    /// past [`READINGS`].
    fn entry(&mut self, rendered: &str, make: impl FnOnce() -> Kept) -> &mut Kept {
        if !self.by_ticket.contains_key(rendered) {
            while self.order.len() >= READINGS {
                if let Some(oldest) = self.order.pop_front() {
                    self.by_ticket.remove(&oldest);
                }
            }
            self.order.push_back(rendered.to_string());
            self.by_ticket.insert(rendered.to_string(), make());
        }
        self.by_ticket.get_mut(rendered).expect("inserted above")
    }
}

/// Tickets whose reading is kept: more than a worker runs at once at its usual
/// concurrency; past it a ticket is read again, which costs time and changes nothing.
const READINGS: usize = 1024;

/// Ticket texts and their guesses, oldest first.
type Recent = std::collections::VecDeque<(String, Option<IntentGuess>)>;

/// Tickets whose guess is kept: more than run at once in one worker.
const RECENT_GUESSES: usize = 256;

impl RulesModel {
    /// The rules model with text rules alone.
    pub fn new() -> Self {
        Self::default()
    }

    /// The rules model, deciding intent by meaning too when an embedder is given (its
    /// example bank is embedded here, once).
    ///
    /// # Errors
    /// When the embedder fails on the example bank.
    pub fn with_embedder(embedder: Option<Arc<dyn Embedder>>) -> anyhow::Result<Self> {
        Ok(Self {
            intents: match embedder {
                Some(e) => Some(Arc::new(IntentClassifier::new(e)?)),
                None => None,
            },
            recent: Arc::default(),
            readings: Arc::default(),
        })
    }

    /// The rules model with a classifier of the caller's own (tests, calibration).
    pub fn with_classifier(classifier: IntentClassifier) -> Self {
        Self {
            intents: Some(Arc::new(classifier)),
            recent: Arc::default(),
            readings: Arc::default(),
        }
    }

    /// The ticket rendered as `rendered`, as the rules see it, from the last few
    /// tickets' if it is there; `None` when the conversation holds no ticket.
    fn ticket_text(&self, rendered: &str) -> Option<Arc<TicketText>> {
        if let Ok(readings) = self.readings.lock()
            && let Some(kept) = readings.by_ticket.get(rendered)
        {
            return Some(kept.text.clone());
        }
        let text = Arc::new(TicketText::new(&parse_rendered_ticket(rendered)?));
        if let Ok(mut readings) = self.readings.lock() {
            readings.entry(rendered, || Kept {
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
        if let Ok(readings) = self.readings.lock()
            && let Some(Kept {
                reading: Some((g, reading)),
                ..
            }) = readings.by_ticket.get(rendered)
            && *g == guess
        {
            return reading.clone();
        }
        let reading = Arc::new(Reading::of(t, guess));
        if let Ok(mut readings) = self.readings.lock() {
            let kept = readings.entry(rendered, || Kept {
                text: t.clone(),
                reading: None,
            });
            kept.reading = Some((guess, reading.clone()));
        }
        reading
    }

    /// The confident intent of the ticket's text, if there is a classifier and it is
    /// confident. Embedding is CPU work: it runs on a blocking thread. A failing
    /// embedder is logged and the text rules decide alone.
    async fn guess(&self, t: &TicketText) -> Option<IntentGuess> {
        let classifier = self.intents.clone()?;
        let text = t.text.clone();
        let cached = |recent: &Recent| recent.iter().find(|(k, _)| *k == text).map(|(_, g)| *g);
        if let Some(guess) = self.recent.lock().ok().and_then(|r| cached(&r)) {
            return guess;
        }
        let key = text.clone();
        match tokio::task::spawn_blocking(move || classifier.classify(&text)).await {
            Ok(Ok(guess)) => {
                if let Ok(mut recent) = self.recent.lock() {
                    if recent.len() >= RECENT_GUESSES {
                        recent.pop_front();
                    }
                    recent.push_back((key, guess));
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
    /// Confident when the final answer rests on a settled fact (a dispute, an order the
    /// shop does not know, the refund policy calling for a human), or when it answers an
    /// intent that the ticket's nearest labelled examples confirm with their margin.
    /// Everything else is declined with its reason: a language it cannot read, a
    /// request it could not place, an amount it could not tell, no article found, no
    /// confident guess by meaning, a guess that disagrees with what the text rules
    /// answered, or no classifier at all (the text rules alone are not checked by
    /// anything).
    async fn assess(&self, conversation: &[Message]) -> Assessment {
        let rendered = conversation.first().map(|m| m.text()).unwrap_or_default();
        let Some(t) = self.ticket_text(&rendered) else {
            return Assessment::Decline("ticket_unreadable");
        };
        let guess = self.guess(&t).await;
        let reading = self.reading(&rendered, &t, guess);
        let (step, basis) = judged_on(&t, &reading, &History::read(conversation), guess);
        if matches!(step, Step::Calls(_)) {
            return Assessment::Decline("unfinished");
        }
        match basis {
            Basis::Settled => Assessment::Confident,
            Basis::Doubt(why) => Assessment::Decline(why),
            Basis::Intents(_) if self.intents.is_none() => Assessment::Decline("no_intent_model"),
            Basis::Intents(answered) => match guess {
                None => Assessment::Decline("intent_unsure"),
                Some(g) if answered.contains(&g.intent) => Assessment::Confident,
                Some(_) => Assessment::Decline("intent_disagrees"),
            },
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
                let guess = self.guess(&t).await;
                let h = History::read(request.messages);
                let reading = self.reading(rendered.as_deref().unwrap_or_default(), &t, guess);
                match judged_on(&t, &reading, &h, guess).0 {
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

/// The parts of the ticket the rules read.
#[derive(Debug)]
struct TicketText {
    ticket_id: String,
    customer_id: String,
    order_field: Option<String>,
    subject: String,
    /// The body without quoted replies and signatures.
    body: String,
    /// Subject and body without quoted replies and signatures.
    text: String,
    /// What was left out of `body`: quoted replies and what follows a signature mark.
    /// Read only for an order id the customer's own words do not give (a reply to our
    /// shipping email that quotes its order number).
    quoted: String,
}

impl TicketText {
    fn new(ticket: &Value) -> Self {
        let s = |k: &str| ticket[k].as_str().unwrap_or_default().to_string();
        let subject = s("subject");
        let (body, quoted) = strip_quotes_and_signature(&s("body"));
        Self {
            ticket_id: s("ticket_id"),
            customer_id: s("customer_id"),
            order_field: ticket["order_id"]
                .as_str()
                .filter(|o| !o.is_empty())
                .map(str::to_string),
            text: format!("{subject}\n{body}"),
            subject,
            body,
            quoted,
        }
    }
}

/// The body without quoted replies and signatures, and what was left out.
fn strip_quotes_and_signature(body: &str) -> (String, String) {
    static WROTE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*(on .{3,120} wrote:|-{2,} ?original message ?-{2,}|from: .+)$")
            .unwrap()
    });
    let mut out = Vec::new();
    let mut quoted = Vec::new();
    let mut lines = body.lines();
    for line in lines.by_ref() {
        let t = line.trim_end();
        if t == "--" || t == "-- " || WROTE.is_match(t) {
            quoted.push(t);
            break;
        }
        if t.trim_start().starts_with('>') {
            quoted.push(t);
            continue;
        }
        out.push(t);
    }
    quoted.extend(lines);
    (out.join("\n"), quoted.join("\n"))
}

macro_rules! re {
    ($name:ident, $pat:expr) => {
        static $name: LazyLock<Regex> = LazyLock::new(|| Regex::new($pat).unwrap());
    };
}

re!(
    LEGAL,
    r"(?i)charge[\s-]?backs?|\blawyers?\b|\battorneys?\b|\bsolicitors?\b|law\s?suits?|\bsue\b|\bsuing\b|legal action|small[\s-]claims|\bcourt\b|dispute (?:the|this|a) (?:charge|transaction|payment)|file a (?:dispute|claim) with my (?:bank|card)|reverse the (?:charge|payment)|\blegal(?:ly)?\b|\blegal team\b|\bconsumer (?:protection|rights) (?:agency|authority|office)|\bdisput\w* (?:the|this|a|my) (?:charge|transaction|payment)|\b(?:my|the) bank to (?:reverse|dispute)"
);
re!(
    REFUND,
    r"(?i)\brefund|money back|reimburs|\b(?:have|get|want|need) back what (?:it|i|they|we) (?:cost|paid)|\b(?:pay|paid|cost|price) (?:me )?back\b|\breturn (?:it|this|them|the|my|order|everything|all|both)\b|\b(?:like|want|wish|need|going|have) to return\b|send (?:it|this|them|everything) back|charged twice|double[\s-]charged|\bcompensat|\brefnud|\brefund?d?\b"
);
re!(
    DAMAGE,
    r"(?i)\bbroken\b|\bbroke\b|damaged|defective|doesn'?t work|does not work|stopped working|not working|\bchipped\b|\bcracked\b|wrong (?:item|size|colou?r)|faulty|\bdent(?:s|ed)?\b|\bbent\b|\btorn\b|\bripped\b|\bleak(?:s|ed|ing|y)?\b|\bsnapped\b|\bscratched\b|\bshattered\b|\bflicker\w*|\bwon'?t (?:turn on|charge|work|hold|close|open|stay)|\bdoesn'?t (?:fit|charge|close|hold)|\btoo (?:small|big|large|tight|short|long)\b|\bin pieces\b|\bdead on arrival\b"
);
re!(
    STATUS,
    r"(?i)where(?:'s| is| are)\b|\bwhere (?:\S+ ){1,5}?(?:is|are)\b|\bcarrier\b|\bcourier\b|\b(?:been|was|were|got) sent\b|\bsent (?:out|off)\b|\bstatus\b|\btrack|\bship(?:s|ped|ping|ment)?\b|\barriv|\bdeliver|\beta\b|\bwhen (?:will|would|can|could|does|do|did|is|are|should|might)\b|\bidea when\b|\bexpect\w*|\bestimated?\b|\bhasn'?t (?:come|arrived)|not (?:yet )?received|still waiting|on its way|dispatch|\blate\b|\bupdate on\b|\bany (?:news|update)|\bnews (?:on|about)\b|\b(?:shown|show|turned|turn) up\b|\bhaven'?t (?:got|gotten|received|heard)|\bnever (?:came|arrived)\b|\b(?:go|gone|went|going) through\b|\b(?:in|on) (?:your|the) system\b|\b(?:your|the) system (?:show|say)|\bwhere (?:things|it|that|this|my order) stands?\b|\b(?:has|have) (?:it|they|this|that|my order|the order) left\b|\bleft (?:the|your) (?:warehouse|depot)|\bfollow (?:it|them|the (?:parcel|package|order|delivery|shipment))\b|\bhow long\b[^.?!\n]{0,30}\btakes?\b|\bpending\b"
);
re!(
    HOWTO,
    r"(?i)\bhow (?:do|can|does|to|long|much|many|would|should)\b|\bcan i\b|\bcould i\b|\bwhere (?:do|can|should) i\b|\bis it possible\b|\bwhat (?:is|are|'s)\b|\bwhat's\b|\bdo you\b|\bdoes your\b|\bis there\b|\bi forgot\b|\bi can'?t (?:log|sign)|\bhow\b"
);
re!(
    MY_ORDER,
    r"(?i)\b(?:my|our)\s+(?:[\w-]+\s+){0,3}?(?:order|package|parcel|delivery|shipment|purchase|refund|money|item|stuff)s?\b"
);
re!(
    PROCEDURE,
    r"(?i)\bhow (?:do|can|to|would|should)\b|\bwhere (?:do|can|should) i\b"
);
re!(
    ASKS_HOW,
    r"(?i)\bhow (?:do|can|to|would|should|does)\b|\bcan i\b|\bcould i\b|\bwhere (?:do|can|should) i\b|\bis it possible\b|\bam i able\b|\bare (?:you|we) able\b"
);
re!(
    FULL_REFUND,
    r"(?i)full refund|refund in full|\bin full\b|whole (?:amount|order|thing|lot)|entire (?:amount|order|thing)|everything back|\b(?:return|refund|send back|sending back|send)\w*\s+(?:back\s+)?(?:everything|all of it|all of them|the lot)\b|\beverything (?:from|in|on|of) (?:that|the|this|my) order\b|\ball (?:the )?items\b"
);
re!(
    ORDER_CONTEXT,
    r"(?i)\border\b(?:\s*(?:number|no\.?|num\.?|id|nr\.?|ref(?:erence)?|is|was|being|#|:))*\s*[:#]?\s*([A-Za-z0-9][A-Za-z0-9_-]{2,31})"
);
re!(HASH_ID, r"#\s?([A-Za-z0-9][A-Za-z0-9_-]{2,31})");
re!(ID_TOKEN, r"\b([A-Za-z]{1,4}[-_]?\d{3,12})\b");
re!(
    NOT_ORDER_CONTEXT,
    r"(?i)(?:customer|account|ticket|member|sku|item|model|zip|postcode|invoice)\s*(?:number|no\.?|id|#)?\s*[:#]?\s*$"
);

/// Order ids mentioned in the ticket: the form's field first, then ids named after
/// "order" or "#", then (only if none) bare id-shaped tokens.
fn order_ids(t: &TicketText) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let push = |id: String, out: &mut Vec<String>| {
        if !out.iter().any(|o| o.eq_ignore_ascii_case(&id)) {
            out.push(id);
        }
    };
    if let Some(f) = &t.order_field {
        push(f.clone(), &mut out);
    }
    let has_digit = |s: &str| s.chars().any(|c| c.is_ascii_digit());
    let excluded =
        |s: &str| s.eq_ignore_ascii_case(&t.customer_id) || s.eq_ignore_ascii_case(&t.ticket_id);
    let mut contextual = Vec::new();
    for re in [&*ORDER_CONTEXT, &*HASH_ID] {
        for c in re.captures_iter(&t.text) {
            let m = c.get(1).expect("group 1");
            let id = m.as_str().trim_end_matches(['-', '_']);
            if has_digit(id) && !excluded(id) {
                contextual.push((m.start(), normalise_id(id)));
            }
        }
    }
    if contextual.is_empty() {
        for m in ID_TOKEN.find_iter(&t.text) {
            let before = &t.text[..m.start()];
            if !excluded(m.as_str()) && !NOT_ORDER_CONTEXT.is_match(before) {
                contextual.push((m.start(), normalise_id(m.as_str())));
            }
        }
    }
    // A reply that names no order itself may quote our email that does.
    if contextual.is_empty() {
        for re in [&*ORDER_CONTEXT, &*HASH_ID] {
            for c in re.captures_iter(&t.quoted) {
                let m = c.get(1).expect("group 1");
                let id = m.as_str().trim_end_matches(['-', '_']);
                if has_digit(id) && !excluded(id) {
                    contextual.push((m.start(), normalise_id(id)));
                }
            }
        }
    }
    contextual.sort_by_key(|(pos, _)| *pos);
    for (_, id) in contextual {
        push(id, &mut out);
    }
    out.truncate(3);
    out
}

/// Ids in shops are upper-case by convention; customers often type them lower-case.
fn normalise_id(id: &str) -> String {
    id.to_ascii_uppercase()
}

/// Sentences (and lines) of the text.
/// A clause of the text, and whether its sentence ended in a question mark.
#[derive(Debug, Clone, Copy)]
struct Clause<'a> {
    text: &'a str,
    asks: bool,
    /// The sentence it belongs to (its index among the sentences).
    sentence: usize,
}

/// Sentences split further at commas (so "where is O1002, and how do I reset my
/// password?" is two requests); the clause that ends a sentence with a question mark
/// is marked as asking.
fn clauses(text: &str) -> Vec<Clause<'_>> {
    fn push_sentence<'a>(sentence: &'a str, asks: bool, out: &mut Vec<Clause<'a>>) {
        let index = out.last().map_or(0, |c: &Clause<'_>| c.sentence + 1);
        let parts: Vec<&str> = sentence
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        let last = parts.len().saturating_sub(1);
        for (k, part) in parts.into_iter().enumerate() {
            out.push(Clause {
                text: part,
                asks: asks && k == last,
                sentence: index,
            });
        }
    }
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        // "$8.99" and "v1.2" are not two sentences.
        let decimal = c == '.'
            && i > 0
            && bytes[i - 1].is_ascii_digit()
            && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        if matches!(c, '.' | '!' | '?' | '\n' | ';') && !decimal {
            push_sentence(&text[start..i], c == '?', &mut out);
            start = i + c.len_utf8();
        }
    }
    push_sentence(&text[start..], false, &mut out);
    out
}

fn is_question(c: &Clause<'_>) -> bool {
    c.asks || HOWTO.is_match(c.text)
}

/// A request about the customer's own order ("where is my order", "what's the ETA on
/// my order", "I want my money back"), as opposed to a general question ("how long
/// does shipping take?", "how do I change the address you ship to for my orders?").
fn is_request(c: &Clause<'_>) -> bool {
    let about_orders = STATUS.is_match(c.text) || REFUND.is_match(c.text);
    about_orders && (!is_question(c) || (MY_ORDER.is_match(c.text) && !PROCEDURE.is_match(c.text)))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OrderIntent {
    Refund,
    Status,
}

re!(
    DISPUTE_VERB,
    r"(?i)\bdisput\w*|\bcontest\w*|\brevers\w*|\bclaw\w*\s?back|\bpull\w* (?:the |my )?(?:payment|money|charge)|\bstop (?:the )?payment|\bfile (?:a )?claim|\bclaim\b|\bchargeback|\binvolv\w*"
);
re!(
    PAYMENT_PARTY,
    r"(?i)\bbank\b|\bcard (?:issuer|company|provider)|\bcredit card (?:company|provider)|\bissuer\b|\bvisa\b|\bmastercard\b|\bamex\b|\bamerican express\b|\bpaypal\b|\bpayment provider\b"
);
re!(
    DISPUTE_OBJECT,
    r"(?i)\b(?:the|this|that|a|my|your) (?:charge|transaction|payment|purchase|debit)\b"
);
re!(
    AUTHORITY,
    r"(?i)\bconsumer (?:protection|rights|affairs|council|authority|agency|ombudsman)|\btrading standards\b|\bombudsman\b|\bbetter business bureau\b|\bbbb\b|\battorney general\b|\bftc\b|\btribunal\b|\barbitrat\w*|\blitigat\w*|\bregulator\b|\bfraud (?:claim|department|team) (?:of|at) my\b|\btake (?:you|this|your \w+) to court\b"
);

/// A dispute or legal threat however it is worded: the fixed phrases of [`LEGAL`], an
/// authority named, or, in one clause, a payment party (bank, card issuer) beside a
/// dispute verb, or a dispute verb beside a payment ("dispute the transaction").
fn legal_threat(t: &TicketText) -> bool {
    if LEGAL.is_match(&t.text) || AUTHORITY.is_match(&t.text) {
        return true;
    }
    clauses_of_sentences(&t.text).iter().any(|c| {
        DISPUTE_VERB.find_iter(c).any(|m| !negated(c, m.start()))
            && (PAYMENT_PARTY.is_match(c) || DISPUTE_OBJECT.is_match(c) && !REFUND.is_match(c))
    })
}

/// Sentences, not split at commas: a dispute's party and verb often sit on either
/// side of one ("my bank, which I have called, will reverse it").
fn clauses_of_sentences(text: &str) -> Vec<&str> {
    text.split(['.', '!', '?', '\n', ';'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

re!(
    NEGATOR,
    r"(?i)\b(?:not|no|never|without|nor|don'?t|do not|doesn'?t|didn'?t|isn'?t|am not|i'?m not|won'?t need|instead of|rather than|other than)\b|[’']t\b"
);

/// Whether the words just before `at` (up to five, in the same clause) negate what
/// follows: "I don't want a refund", "not waiting for some replacement". A quotation
/// ends the window: the "not" of a quoted name ("my 'not as described' claim") negates
/// nothing outside the quotes.
fn negated(text: &str, at: usize) -> bool {
    let before = &text[..at];
    let start = before
        .rfind([',', '.', ';', '!', '?', '\n', '"', '“', '”', '‘', '’'])
        .into_iter()
        .chain(before.rfind("' ").map(|i| i + 1))
        .max()
        .map_or(0, |i| {
            i + before[i..].chars().next().map_or(1, char::len_utf8)
        });
    let window: Vec<&str> = before[start..].split_whitespace().rev().take(5).collect();
    let window: Vec<&str> = window.into_iter().rev().collect();
    NEGATOR.is_match(&window.join(" "))
}

/// Whether `re` matches somewhere in `text` without a negation just before it.
fn affirmed(re: &Regex, text: &str) -> bool {
    re.find_iter(text).any(|m| !negated(text, m.start()))
}

/// Requests no tool carries out. The help center may tell the customer how to do them
/// themselves; nothing here can do them for the customer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Cancel,
    Address,
    Exchange,
    ShippingUpgrade,
    Reschedule,
    PaymentMethod,
    ChangeItems,
}

re!(A_CANCEL, r"(?i)\bcancel\b|\bcancell?ation\b|\bcancel+ing\b");
re!(
    A_ADDRESS,
    r"(?i)\b(?:chang|updat|correct|fix|edit|amend|modif)\w*\b[^.?!\n]{0,40}\baddress|\bwrong (?:shipping |delivery |street )?address|\bnew (?:shipping |delivery |home )?address|\b(?:send|ship|deliver|redirect)\w* (?:it |them |the (?:order|package|parcel) |my (?:order|package|parcel) )?to (?:a different|another|my new|my (?:work|office))\b|\bredirect\w*"
);
re!(
    A_EXCHANGE,
    r"(?i)\bexchang\w*|\bswap\w*|\breplacement\b|\breplace (?:it|this|them|the|my)\b|\b(?:different|another|bigger|smaller|larger) (?:size|colou?r|model|version)\b|\bchange (?:the |my )?(?:size|colou?r|model)\b"
);
re!(
    A_UPGRADE,
    r"(?i)\bupgrad\w*\b[^.?!\n]{0,30}\b(?:shipping|delivery|postage)|\b(?:shipping|delivery|postage)\b[^.?!\n]{0,20}\bupgrad\w*|\bexpedit\w*|\bspeed (?:it |this |things |the delivery |my order )?up\b|\b(?:switch|move|change)\w* (?:it |this |my order |the order )?to (?:express|overnight|next[- ]day|priority)\b|\b(?:faster|quicker|overnight|next[- ]day|priority) (?:shipping|delivery)\b"
);
re!(
    A_RESCHEDULE,
    r"(?i)\breschedul\w*|\b(?:hold|delay|postpone|pause)\w* (?:the |my )?(?:delivery|shipment|order|package|parcel)\b|\b(?:different|later|another) (?:delivery )?(?:day|date)\b|\b(?:arrange|ask|have|get|tell)\w*\b[^.?!\n]{0,30}\bto (?:deliver|bring|drop)\w*|\b(?:deliver|bring|drop|ship|send)\w*\b[^.?!\n]{0,40}\b(?:on|next|after|until|before|by)\s+(?:the\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b[^.?!\n]{0,30}\binstead\b|\b(?:deliver|bring|drop|ship|send)\w*\b[^.?!\n]{0,40}\b(?:next|after|until|on) (?:the )?(?:week(?:end)?|\d{1,2}(?:st|nd|rd|th)?)\b[^.?!\n]{0,30}\binstead\b"
);
re!(
    A_PAYMENT,
    r"(?i)\b(?:chang|switch|updat|replac|mov)\w*\b[^.?!\n]{0,30}\b(?:payment|card|billing)\b|\bcharge (?:a |my )?(?:different|another|other|new) (?:card|account)|\bpay (?:with|by|using) (?:a |my )?(?:different|another|other)\b"
);
re!(
    A_ITEMS,
    r"(?i)\badd\w*\b[^.?!\n]{0,60}\bto (?:it|my|the|this|that) ?(?:order|purchase)?\b|\bremov\w*\b[^.?!\n]{0,60}\bfrom (?:it|my|the|this|that) ?(?:order|purchase)?\b"
);
re!(
    ASKS_US,
    r"(?i)^\s*(?:\w+\s+){0,2}(?:can|could|would|will) (?:you|someone|somebody)\b|^\s*please\b"
);
re!(
    SELF_SERVICE,
    r"(?i)\byou can\b|\byourself\b|\bgo to\b|\bopen\b|\bchoose\b|\bselect\b|\bclick\b|\btap\b|\bvisit\b|\bfollow the\b|\benter\b|\bunder [A-Z]"
);

impl Action {
    const ALL: [Action; 7] = [
        Action::Cancel,
        Action::Address,
        Action::Exchange,
        Action::ShippingUpgrade,
        Action::Reschedule,
        Action::PaymentMethod,
        Action::ChangeItems,
    ];

    fn pattern(self) -> &'static Regex {
        match self {
            Action::Cancel => &A_CANCEL,
            Action::Address => &A_ADDRESS,
            Action::Exchange => &A_EXCHANGE,
            Action::ShippingUpgrade => &A_UPGRADE,
            Action::Reschedule => &A_RESCHEDULE,
            Action::PaymentMethod => &A_PAYMENT,
            Action::ChangeItems => &A_ITEMS,
        }
    }

    /// Word stems an article that explains this action uses.
    fn topic(self) -> &'static [&'static str] {
        match self {
            Action::Cancel => &["cancel"],
            Action::Address => &["address"],
            Action::Exchange => &["exchang", "swap", "replac"],
            Action::ShippingUpgrade => &["upgrad", "express", "expedit"],
            Action::Reschedule => &["reschedul", "delivery date", "hold"],
            Action::PaymentMethod => &["payment method", "card"],
            Action::ChangeItems => &[
                "add item",
                "add an item",
                "remove item",
                "edit order",
                "modify",
            ],
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Action::Cancel => "cancel an order",
            Action::Address => "change a delivery address",
            Action::Exchange => "exchange or replace an item",
            Action::ShippingUpgrade => "upgrade the shipping",
            Action::Reschedule => "reschedule or hold a delivery",
            Action::PaymentMethod => "change the payment method",
            Action::ChangeItems => "change the items of an order",
        }
    }

    /// The actions `text` asks for (not negated).
    fn in_text(text: &str) -> Vec<Action> {
        Action::ALL
            .into_iter()
            .filter(|a| affirmed(a.pattern(), text))
            .collect()
    }

    /// Whether `article` tells the customer how to do this themselves: one of its
    /// sentences is about the action and gives a step ("You can cancel an order
    /// yourself…: open Orders…"). An article that only mentions the topic ("express
    /// shipping takes 1 to 2 days") does not.
    fn self_service(self, article: &Value) -> bool {
        let body = article["body"].as_str().unwrap_or_default();
        body.split(['.', ';', '!', '\n']).any(|sentence| {
            let lower = sentence.to_lowercase();
            self.topic().iter().any(|t| lower.contains(t)) && SELF_SERVICE.is_match(sentence)
        })
    }
}

/// What the ticket asks, decided from its text alone (and the intent guess).
#[derive(Debug)]
struct Plan {
    orders: Vec<(String, OrderIntent)>,
    kb_query: Option<String>,
    /// Another query, tried when the first finds nothing.
    kb_retry: Option<String>,
    /// Requests no tool carries out, and for each the two queries that look for
    /// self-service help.
    unsupported: Vec<Action>,
    unsupported_queries: Vec<(Action, String, String)>,
    missing_order_id: bool,
    /// The ticket names an order but no request the rules understand.
    unplaced_order: bool,
}

/// The query for the knowledge base: the subject line and `question`, so that neither
/// a bare "how?" nor a label-like subject searches alone; at most 900 characters (the
/// contract allows 1000).
fn kb_query(subject: &str, question: &str) -> String {
    let subject = subject.trim();
    let question = question.trim();
    let q = if subject.is_empty()
        || question
            .to_ascii_lowercase()
            .contains(&subject.to_ascii_lowercase())
    {
        question.to_string()
    } else if question.is_empty() {
        subject.to_string()
    } else {
        format!("{subject}. {question}")
    };
    let mut end = q.len().min(900);
    while !q.is_char_boundary(end) {
        end -= 1;
    }
    q[..end].trim().to_string()
}

fn plan(t: &TicketText, guess: Option<IntentGuess>) -> Plan {
    let ids = order_ids(t);
    let all = clauses(&t.text);
    let mentions = |c: &Clause<'_>, id: &str| {
        c.text
            .to_ascii_uppercase()
            .contains(&id.to_ascii_uppercase())
    };
    let subject_len = clauses(&t.subject).len();
    // Actions no tool performs, read from the body's clauses and the subject.
    // A question how to do it ("can I exchange a gift card for cash?") is a help-center
    // question, whatever the answer; only a request that we do it is one no tool can do.
    let action_clauses: Vec<(usize, &Clause<'_>, Vec<Action>)> = all
        .iter()
        .enumerate()
        .filter(|(_, c)| !ASKS_HOW.is_match(c.text))
        .map(|(i, c)| (i, c, Action::in_text(c.text)))
        .filter(|(_, _, a)| !a.is_empty())
        .collect();
    let refund_asked = affirmed(&REFUND, &t.text);
    let mut unsupported: Vec<Action> = Vec::new();
    for (_, _, actions) in &action_clauses {
        for a in actions {
            // "Refund it, I'm not after a replacement" / "refund or exchange, whichever":
            // beside a plain refund request an exchange is not a separate ask.
            if *a == Action::Exchange && refund_asked {
                continue;
            }
            if !unsupported.contains(a) {
                unsupported.push(*a);
            }
        }
    }
    let action_idx: Vec<usize> = action_clauses
        .iter()
        .filter(|(_, _, acts)| acts.iter().any(|a| unsupported.contains(a)))
        .map(|(i, _, _)| *i)
        .collect();
    let in_action_clause = |i: usize| action_idx.contains(&i);
    let action_sentences: Vec<usize> = action_idx.iter().map(|i| all[*i].sentence).collect();
    let refund_declined = REFUND
        .find_iter(&t.text)
        .any(|m| negated(&t.text, m.start()));
    // "How do I cancel? I ordered the wrong size" asks about the action, not money back:
    // a defect implies a refund request only when no action is mentioned at all.
    let how_to_action =
        |i: usize| ASKS_HOW.is_match(all[i].text) && !Action::in_text(all[i].text).is_empty();
    let mentions_action = !Action::in_text(&t.text).is_empty();
    let damage_refund =
        !ids.is_empty() && DAMAGE.is_match(&t.text) && !mentions_action && !refund_declined;
    let refund_any = refund_asked || damage_refund;
    // Beside a request no tool does, a status clause counts only where the body asks
    // for it ("and where is it now?"), not in a subject line that labels the request.
    let status_clause = |i: usize| {
        STATUS.is_match(all[i].text)
            && !in_action_clause(i)
            && !how_to_action(i)
            && (unsupported.is_empty() || i >= subject_len && (all[i].asks || is_request(&all[i])))
    };
    let status_any = (0..all.len()).any(status_clause);
    let mut orders = Vec::new();
    for id in &ids {
        let own: Vec<usize> = (0..all.len()).filter(|i| mentions(&all[*i], id)).collect();
        let own_refund = own.iter().any(|i| {
            affirmed(&REFUND, all[*i].text) || DAMAGE.is_match(all[*i].text) && !refund_declined
        });
        let own_status = own.iter().any(|i| status_clause(*i));
        let intent = if ids.len() == 1 {
            if refund_any {
                Some(OrderIntent::Refund)
            } else if status_any {
                Some(OrderIntent::Status)
            } else {
                None
            }
        } else if own_refund {
            Some(OrderIntent::Refund)
        } else if own_status {
            Some(OrderIntent::Status)
        } else {
            None
        };
        if let Some(intent) = intent {
            orders.push((id.clone(), intent));
        }
    }
    // The intent by meaning may say the ticket asks for something no tool does even
    // when no text rule names it: then a status answer would answer another question.
    let unsupported_by_meaning = guess.is_some_and(|g| g.intent == Intent::Unsupported)
        && unsupported.is_empty()
        && !refund_asked;
    if unsupported_by_meaning {
        orders.retain(|(_, i)| *i == OrderIntent::Refund);
    }
    let requests_without_id = ids.is_empty()
        && all.iter().enumerate().any(|(i, c)| {
            is_request(c)
                && !in_action_clause(i)
                && (affirmed(&REFUND, c.text) || status_clause(i))
                && (i >= subject_len || MY_ORDER.is_match(c.text))
        });
    // Beside an order request, a question about orders ("is there a tracking link?")
    // is part of that request, not a help-center question.
    let order_business = !orders.is_empty() || requests_without_id;
    let questions: Vec<&str> = all
        .iter()
        .enumerate()
        .filter(|(i, c)| is_question(c) && !is_request(c) && !in_action_clause(*i))
        // The rest of a sentence that asks for an action ("…to 14 Elm Row, flat 2?"), and
        // a request addressed to us ("could you send the other one?"), are not questions
        // for the help center, unless they ask how.
        .filter(|(_, c)| {
            HOWTO.is_match(c.text)
                || !(action_sentences.contains(&c.sentence) || ASKS_US.is_match(c.text))
        })
        .filter(|(_, c)| !orders.iter().any(|(id, _)| mentions(c, id)))
        .filter(|(i, c)| {
            !order_business
                || how_to_action(*i)
                || !(REFUND.is_match(c.text) || STATUS.is_match(c.text))
        })
        .map(|(_, c)| c)
        // With an order answered, only a real how-to question is worth a search: one
        // that asks how and says about what ("What's going on?" says nothing).
        .filter(|c| orders.is_empty() || HOWTO.is_match(c.text) && content_words(c.text) >= 2)
        .map(|c| c.text)
        .collect();
    let nothing_else = orders.is_empty() && !requests_without_id && unsupported.is_empty();
    let (kb_query_text, kb_retry) = if !questions.is_empty() {
        // The question with its subject first; then, when that finds nothing, the whole
        // ticket, whose other sentences often say what the question is about ("I can't
        // recall the word I chose. What do I do now?").
        let first = kb_query(&t.subject, &questions.join(". "));
        let whole = kb_query(&t.subject, &t.body);
        let retry = (first != whole).then_some(whole);
        (Some(first), retry)
    } else if nothing_else && ids.is_empty() && !unsupported_by_meaning {
        // Nothing recognisable: let the knowledge base judge the whole text.
        (Some(kb_query(&t.subject, &t.body)), None)
    } else {
        (None, None)
    };
    // For each action, the customer's own words first, then the action named plainly.
    let unsupported_queries = unsupported
        .iter()
        .map(|a| {
            let asks: Vec<&str> = action_clauses
                .iter()
                .filter(|(_, _, acts)| acts.contains(a))
                .map(|(_, c, _)| c.text)
                .collect();
            (
                *a,
                kb_query(&t.subject, &asks.join(". ")),
                format!("How do I {}", a.describe()),
            )
        })
        .collect();
    Plan {
        unplaced_order: (!ids.is_empty()
            && orders.is_empty()
            && kb_query_text.is_none()
            && unsupported.is_empty())
            // A question how to do it is still a help-center question: the article
            // decides, and without one the ticket escalates as no match.
            || (unsupported_by_meaning && kb_query_text.is_none()),
        orders,
        kb_retry: kb_retry.filter(|q| !q.is_empty()),
        kb_query: kb_query_text.filter(|q| !q.is_empty()),
        unsupported,
        unsupported_queries,
        missing_order_id: requests_without_id && ids.is_empty(),
    }
}

/// How much of an order the customer asks back.
#[derive(Debug, Clone, PartialEq)]
enum Asked {
    /// A sum: a stated amount or the price of the items named.
    Sum(f64),
    /// Everything that may still be refunded.
    Everything,
    /// Something the rules cannot turn into a number.
    Unclear(String),
}

re!(
    VAGUE_AMOUNT,
    r"(?i)\bhalf\b|\d+\s?%|\bpercent|\bpartial(?:ly)? refund|\bpart of (?:the|my) (?:money|price|cost)|\bthe difference\b|\bprice (?:match|adjustment|drop|difference)\b|\bcompensat\w*|\bgoodwill\b|\bsome (?:of (?:the|my) )?money\b|\bstore credit\b|\bshipping (?:cost|fee)s?\b|\bpostage\b"
);
re!(
    COUNT_WORD,
    r"(?i)^(?:a|an|one|single|1|two|both|2|three|3|four|4|five|5|six|6|seven|7|eight|8|nine|9|ten|10|all|every)$"
);

fn count_of(word: &str, quantity: u64) -> Option<u64> {
    let w = word.to_ascii_lowercase();
    Some(match w.as_str() {
        "a" | "an" | "one" | "single" | "1" => 1,
        "two" | "both" | "2" => 2,
        "three" | "3" => 3,
        "four" | "4" => 4,
        "five" | "5" => 5,
        "six" | "6" => 6,
        "seven" | "7" => 7,
        "eight" | "8" => 8,
        "nine" | "9" => 9,
        "ten" | "10" => 10,
        "all" | "every" => quantity,
        _ => return None,
    })
}

/// The words of an item's name that say what it is, its head noun last: the words
/// outside parentheses that are not a unit, a size or a packaging word ("Cork Coaster
/// Set" → coaster; "Linen Duvet Cover (King)" → linen, duvet, cover; "USB-C Cable (2 m)"
/// → usb, cable).
fn name_words(name: &str) -> Vec<String> {
    const GENERIC: &[&str] = &[
        "set", "pack", "kit", "bundle", "inch", "size", "pair", "piece", "pcs", "small", "medium",
        "large", "king", "queen", "twin", "single", "double", "xl", "xxl", "mini", "ml", "oz",
        "cm", "mm", "kg", "lb", "lbs",
    ];
    let mut outside = String::new();
    let mut depth = 0usize;
    for c in name.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => outside.push(c),
            _ => {}
        }
    }
    outside
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.len() >= 3 && !GENERIC.contains(&w.to_lowercase().as_str()))
        .map(str::to_lowercase)
        .collect()
}

/// One line of an order as the refund reading sees it.
#[derive(Debug)]
struct Line {
    /// [`name_words`] of its name.
    words: Vec<String>,
    quantity: u64,
    price: f64,
}

/// Whether `word` (lower-case) is `noun` or its plural.
fn is_noun(word: &str, noun: &str) -> Option<bool> {
    if word == noun {
        Some(false)
    } else if word.strip_suffix('s') == Some(noun) || word.strip_suffix("es") == Some(noun) {
        Some(true)
    } else {
        None
    }
}

/// What a text names of an order's lines.
#[derive(Debug, Default)]
struct Named {
    /// Units of each line (by index): the count said just before its noun ("one of the
    /// three mugs", "two dry bags"), or every unit when the noun is plural and one when
    /// it is singular.
    units: Vec<(usize, u64)>,
    /// A noun that fits several lines equally well ("the cover" of a rain cover and a
    /// duvet cover).
    ambiguous: bool,
}

/// The lines of an order `text` names. A line is named by its head noun or the word
/// before it ("the duvet" of a Duvet Cover); where a word names several lines, the one
/// whose other name words stand just before it wins ("rain cover"), and a tie is
/// ambiguous.
fn named_units(text: &str, lines: &[Line]) -> Named {
    let words: Vec<String> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let mut named = Named::default();
    for (i, w) in words.iter().enumerate() {
        let window = &words[i.saturating_sub(3)..i];
        let mut best: Vec<(usize, usize, bool)> = Vec::new();
        for (k, line) in lines.iter().enumerate() {
            let n = line.words.len();
            let keys = &line.words[n.saturating_sub(2)..];
            let Some(plural) = keys.iter().find_map(|key| is_noun(w, key)) else {
                continue;
            };
            let score = 1 + line
                .words
                .iter()
                .filter(|lw| window.iter().any(|x| x == *lw))
                .count();
            // A head noun that is itself plural ("Hiking Socks") is plural as written.
            let head = &line.words[n - 1];
            let plural = plural || (w == head && head.ends_with('s') && !head.ends_with("ss"));
            match best.first() {
                Some((_, s, _)) if score < *s => {}
                Some((_, s, _)) if score == *s => best.push((k, score, plural)),
                _ => best = vec![(k, score, plural)],
            }
        }
        match best.as_slice() {
            [] => {}
            [(k, _, plural)] => {
                let quantity = lines[*k].quantity;
                let counted = words[i.saturating_sub(4)..i]
                    .iter()
                    .filter(|w| COUNT_WORD.is_match(w))
                    .filter_map(|w| count_of(w, quantity))
                    .min();
                let here = counted
                    .unwrap_or(if *plural { quantity } else { 1 })
                    .min(quantity);
                match named.units.iter_mut().find(|(j, _)| j == k) {
                    Some((_, u)) => *u = (*u).min(here),
                    None => named.units.push((*k, here)),
                }
            }
            _ => named.ambiguous = true,
        }
    }
    named
}

re!(
    DETERMINED,
    r"(?i)\b(?:the|my|this|that|these|those|both)\s+((?:[a-z][\w'-]*\s+){0,2}?[a-z][\w'-]*)\b"
);

/// Words a refund request uses for the order, the money or its parts without naming an
/// item.
#[rustfmt::skip]
const NOT_AN_ITEM: &[&str] = &[
    "order", "orders", "purchase", "purchases", "money", "amount", "payment", "item", "items",
    "product", "products", "package", "parcel", "delivery", "shipment", "box", "thing", "things",
    "stuff", "lot", "rest", "whole", "full", "total", "refund", "price", "cost", "charge", "card",
    "account", "bank", "one", "ones", "other", "others", "same", "original", "method", "balance",
    "difference", "money's", "back", "it", "them", "all", "everything", "time", "day", "days",
    "week", "weeks", "month", "shop", "store", "website", "site", "email", "issue", "problem",
    "way", "meantime", "end", "damage", "quality", "trip", "return", "returns", "receipt",
];

/// The head nouns after a determiner in `part` ("the broken pan" → pan) that are neither
/// one of `lines` nor a word for the order or the money: an item the customer names that
/// this order does not hold under that name.
fn unknown_items(part: &str, lines: &[Line]) -> bool {
    DETERMINED.captures_iter(part).any(|c| {
        let phrase = c.get(1).map_or("", |m| m.as_str()).to_lowercase();
        let head = phrase.split_whitespace().last().unwrap_or("");
        !head.is_empty()
            && !NOT_AN_ITEM.contains(&head)
            && !is_english(head)
            && !lines
                .iter()
                .any(|l| l.words.iter().any(|w| is_noun(head, w).is_some()))
    })
}

/// The parts of a sentence that can each keep or ask for something on their own: split
/// at commas, semicolons and the conjunctions that join two statements ("the boots are
/// fine but the laces snapped", "refund the lamp and I'll keep the rest").
fn parts(sentence: &str) -> Vec<&str> {
    static JOIN: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i),|;|\s+(?:but|while|whereas|although|though)\s+|\s+and\s+(?:i|i'll|i'm|i've|we|we'll|everything|the rest)\b")
            .unwrap()
    });
    let mut out = Vec::new();
    let mut start = 0;
    for m in JOIN.find_iter(sentence) {
        out.push(sentence[start..m.start()].trim());
        // The subject after "and" belongs to the next part.
        let joined = m.as_str().trim_start_matches([',', ';']).trim();
        start = if let Some(rest) = joined.strip_prefix("and").or(joined.strip_prefix("And")) {
            m.end() - rest.trim_start().len()
        } else {
            m.end()
        };
    }
    out.push(sentence[start..].trim());
    out.retain(|p| !p.is_empty());
    out
}

re!(
    PRONOUN,
    r"(?i)\b(?:it|them|those|that one|this one|these|that|this)\b"
);

/// What `t` asks back of `order`, with `orders` the number of orders the ticket wants
/// refunded.
///
/// The items asked back are read where the ticket asks for the money: the parts of its
/// sentences that ask for a refund ("please just refund the cook set"), an "it" or
/// "them" there standing for the items reported damaged in the same or the sentence
/// before; failing that, the items reported damaged; failing that, every item named
/// that the customer does not say they keep. An item named only to say what the order
/// was ("my stove order arrived") is not asked back when the refund names its items.
/// No item named means the whole order; a share of the price without a sum ("half",
/// "a partial refund") is unclear.
fn asked_amount(t: &TicketText, order: &Value, orders: usize) -> Asked {
    if FULL_REFUND.is_match(&t.text) {
        return Asked::Everything;
    }
    let total = order["total_usd"].as_f64();
    let cents = |x: f64| (x * 100.0).round() as i64;
    let mut stated: Vec<i64> = Vec::new();
    for mention in amount::mentions(&t.text) {
        match mention {
            amount::Mention::Dollars(usd) => stated.push(usd.cents()),
            // Guessing would refund a sum nobody asked for: a human reads it.
            amount::Mention::Unclear(why) => return Asked::Unclear(why.into()),
        }
    }
    stated.retain(|c| *c > 0 && total.is_none_or(|tot| cents(tot) != *c));
    stated.sort_unstable();
    stated.dedup();
    match stated.as_slice() {
        [] => {}
        [one] if orders == 1 => return Asked::Sum(*one as f64 / 100.0),
        _ if orders > 1 => {
            return Asked::Unclear("amounts are named for a ticket about several orders".into());
        }
        _ => return Asked::Unclear("the ticket names several different amounts".into()),
    }
    let items: Vec<Line> = order["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|item| {
            let words = name_words(item["name"].as_str()?);
            (!words.is_empty()).then(|| Line {
                words,
                quantity: item["quantity"].as_u64().unwrap_or(1).max(1),
                price: item["unit_price_usd"].as_f64().unwrap_or(0.0),
            })
        })
        .collect();
    let unnamed = order["items"].as_array().map_or(0, Vec::len) - items.len();
    let sentences: Vec<Vec<&str>> = clauses_of_sentences(&t.text)
        .into_iter()
        .map(parts)
        .collect();
    let keeps = |p: &str| affirmed(&KEEP, p) && !affirmed(&REFUND, p) && !DAMAGE.is_match(p);
    let several = items.len() + unnamed > 1;
    let mut asked: Vec<(usize, u64)> = Vec::new();
    let mut ambiguous = false;
    let mut add = |named: Named, asked: &mut Vec<(usize, u64)>| {
        ambiguous |= named.ambiguous;
        for (k, u) in named.units {
            match asked.iter_mut().find(|(j, _)| *j == k) {
                Some((_, have)) => *have = (*have).max(u),
                None => asked.push((k, u)),
            }
        }
    };
    let named_in = |parts: &mut dyn Iterator<Item = &&str>| -> Named {
        let mut all = Named::default();
        for p in parts {
            let n = named_units(p, &items);
            all.ambiguous |= n.ambiguous;
            all.units.extend(n.units);
        }
        all
    };
    for (s, sentence) in sentences.iter().enumerate() {
        for part in sentence.iter().filter(|p| affirmed(&REFUND, p)) {
            let named = named_units(part, &items);
            if !named.units.is_empty() || named.ambiguous {
                add(named, &mut asked);
            } else if several && unknown_items(part, &items) {
                // "Refund the pan" of an order that holds no pan by that name: which of
                // its lines is meant is a guess, and a guess must not pay more.
                return Asked::Unclear(
                    "the ticket asks a refund for an item the order does not name that way".into(),
                );
            } else if PRONOUN.is_match(part) {
                let before = s.saturating_sub(1)..=s;
                let damaged = named_in(
                    &mut sentences[before]
                        .iter()
                        .flatten()
                        .filter(|p| DAMAGE.is_match(p) && !keeps(p)),
                );
                add(damaged, &mut asked);
            }
        }
    }
    if asked.is_empty() {
        let damaged = named_in(
            &mut sentences
                .iter()
                .flatten()
                .filter(|p| DAMAGE.is_match(p) && !keeps(p)),
        );
        add(damaged, &mut asked);
    }
    let kept = named_in(&mut sentences.iter().flatten().filter(|p| keeps(p)));
    let kept: Vec<usize> = kept.units.iter().map(|(k, _)| *k).collect();
    if asked.is_empty() {
        let mut named = named_in(&mut sentences.iter().flatten().filter(|p| !keeps(p)));
        named.units.retain(|(k, _)| !kept.contains(k));
        add(named, &mut asked);
    }
    if ambiguous {
        return Asked::Unclear("the ticket names an item that fits several of the order's".into());
    }
    if asked.is_empty() {
        if VAGUE_AMOUNT.is_match(&t.text) {
            return Asked::Unclear(
                "the ticket asks for part of the price without saying how much".into(),
            );
        }
        if !kept.is_empty() {
            return Asked::Unclear("the ticket names only items the customer keeps".into());
        }
        return Asked::Everything;
    }
    let everything = unnamed == 0
        && items
            .iter()
            .enumerate()
            .all(|(k, l)| asked.iter().any(|(j, u)| *j == k && *u == l.quantity));
    if everything {
        return Asked::Everything;
    }
    let sum: f64 = asked.iter().map(|(k, u)| items[*k].price * *u as f64).sum();
    Asked::Sum((sum * 100.0).round() / 100.0)
}

re!(
    KEEP,
    r"(?i)\bkeep\w*|\bfine\b|\bgreat\b|\bperfect\b|\bworks? (?:fine|well|great|perfectly)\b|\bno problem\b|\bhappy with\b|\bis ok(?:ay)?\b"
);

/// Common English words: function words and the plain vocabulary of support mail.
/// They tell English apart from any other language, and what is left of a clause
/// without them is what it is about.
#[rustfmt::skip]
const ENGLISH: &[&str] = &[
    "a", "about", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at",
    "back", "be", "because", "been", "before", "being", "but", "by", "can", "can't", "could",
    "did", "didn't", "do", "does", "doesn't", "don't", "for", "from", "get", "got", "had", "has",
    "hasn't", "have", "haven't", "he", "her", "here", "hey", "hi", "hello", "his", "how", "i",
    "i'd", "i'm", "i've", "if", "in", "into", "is", "isn't", "it", "it's", "its", "just", "know",
    "let", "like", "me", "more", "much", "my", "need", "new", "no", "not", "now", "of", "off",
    "on", "one", "only", "or", "other", "our", "out", "over", "please", "pls", "so", "some",
    "still", "than", "thank", "thanks", "that", "the", "their", "them", "then", "there", "they",
    "this", "to", "too", "up", "us", "very", "want", "wanted", "was", "we", "well", "were",
    "what", "what's", "when", "where", "where's", "which", "who", "why", "will", "with", "won't",
    "would", "yet", "you", "you're", "your", "dear", "regards", "best", "kind", "sorry", "hope",
    "ok", "okay", "yes", "since", "week", "day", "days", "today", "yesterday", "time", "way",
    "going", "come", "came", "check", "tell", "wondering", "quick", "question", "order",
    "orders", "refund", "item", "items", "package", "money", "help", "team", "support",
    "status", "thing", "something", "anything",
];

/// Whether `word` (lower case) is one of [`ENGLISH`]. A set: [`readable`] asks for every
/// word of a ticket, and a scan of the list per word was most of its cost.
fn is_english(word: &str) -> bool {
    static SET: LazyLock<std::collections::HashSet<&'static str>> =
        LazyLock::new(|| ENGLISH.iter().copied().collect());
    SET.contains(word)
}

/// The words of `text` that are not common English words.
fn content_words(text: &str) -> usize {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty() && !is_english(&w.to_lowercase()))
        .count()
}

/// English the rules can read: the share of common English words among the body's
/// words (the subject alone when the body is too short to judge), and the share of
/// letters outside the Latin alphabet. The list is of the one language the rules read;
/// any other language, in any script, falls below the share.
fn readable(t: &TicketText) -> bool {
    let judge = |text: &str| -> Option<bool> {
        let letters: Vec<char> = text.chars().filter(|c| c.is_alphabetic()).collect();
        if letters.is_empty() {
            return None;
        }
        let foreign = letters.iter().filter(|c| !c.is_ascii_alphabetic()).count();
        if foreign * 10 > letters.len() * 3 {
            return Some(false);
        }
        let words: Vec<String> = text
            .split(|c: char| !(c.is_alphabetic() || c == '\'' || c == '’'))
            .filter(|w| !w.is_empty())
            .map(|w| w.to_lowercase().replace('’', "'"))
            .collect();
        if words.len() < 5 {
            return None;
        }
        let known = words.iter().filter(|w| is_english(w)).count();
        let share = if foreign > 0 { 20 } else { 10 };
        Some(known * 100 >= words.len() * share)
    };
    judge(&t.body).or_else(|| judge(&t.text)).unwrap_or(true)
}

#[cfg(test)]
fn decide(t: &TicketText, h: &History, guess: Option<IntentGuess>) -> Step {
    judged(t, h, guess).0
}

/// What a final answer of the rules rests on, for a cascade to judge
/// ([`crate::model::cascade`]): a fact that settles the ticket whoever reads it, a doubt
/// of the rules' own, or intents whose answer is right only if the ticket meant them.
#[derive(Debug, Clone, PartialEq)]
enum Basis {
    /// A tool's answer or an unmistakable request settles it: a dispute, an order the
    /// shop does not know, the refund policy sending it to a human.
    Settled,
    /// The rules could not tell; the reason is a fixed code.
    Doubt(&'static str),
    /// The answer is right if the ticket asks for one of these.
    Intents(Vec<Intent>),
}

/// [`decide`], and what its final answer rests on (meaningless while it calls tools).
#[cfg(test)]
fn judged(t: &TicketText, h: &History, guess: Option<IntentGuess>) -> (Step, Basis) {
    judged_on(t, &Reading::of(t, guess), h, guess)
}

/// What the rules read in a ticket's text (with its guess), before any tool answered:
/// the same on every turn of the ticket, so a model keeps it between turns
/// ([`RulesModel::reading`]).
#[derive(Debug)]
struct Reading {
    legal_threat: bool,
    readable: bool,
    /// `None` when the first two settle the ticket.
    plan: Option<Plan>,
}

impl Reading {
    fn of(t: &TicketText, guess: Option<IntentGuess>) -> Self {
        let legal_threat = legal_threat(t);
        let readable = !legal_threat && readable(t);
        let settled =
            legal_threat || !readable || guess.is_some_and(|g| g.intent == Intent::Dispute);
        Self {
            legal_threat,
            readable,
            plan: (!settled).then(|| plan(t, guess)),
        }
    }
}

fn judged_on(
    t: &TicketText,
    reading: &Reading,
    h: &History,
    guess: Option<IntentGuess>,
) -> (Step, Basis) {
    let intents = |i: &[Intent]| Basis::Intents(i.to_vec());
    let order_intents = [Intent::Status, Intent::Refund];
    if reading.legal_threat || guess.is_some_and(|g| g.intent == Intent::Dispute) {
        return (Step::Final("ESCALATED: [legal_or_chargeback] The customer mentions a dispute with their bank or card issuer, a chargeback or legal action; a human must handle this ticket.".into()), Basis::Settled);
    }
    if !reading.readable {
        return (Step::Final("ESCALATED: [out_of_scope] The ticket is not written in English, which the offline model cannot read; a human must answer it.".into()), Basis::Doubt("unreadable_language"));
    }
    let p = reading
        .plan
        .as_ref()
        .expect("a ticket neither disputed nor unreadable has a plan");
    if p.missing_order_id && p.kb_query.is_none() && p.unsupported.is_empty() {
        return (Step::Final("ESCALATED: [missing_order_id] The customer asks about an order but gives no order id in the ticket.".into()), intents(&order_intents));
    }
    if p.unplaced_order {
        // A request the rules cannot place may still be one the help center tells the
        // customer how to do themselves; only an article that gives steps answers it.
        let query = kb_query(&t.subject, &t.body);
        let Some(out) = h.find(KB_SEARCH, "query", &query) else {
            return (
                Step::Calls(vec![(KB_SEARCH, json!({ "query": query }))]),
                Basis::Doubt("unfinished"),
            );
        };
        let steps = out["articles"].as_array().and_then(|a| {
            a.iter().find(|a| {
                a["body"].as_str().is_some_and(|b| {
                    b.split(['.', ';', '!', '\n'])
                        .any(|s| SELF_SERVICE.is_match(s))
                })
            })
        });
        return match steps {
            Some(article) => (
                Step::Final(format!("RESOLVED: {}", article_text(article))),
                Basis::Doubt("request_unplaced"),
            ),
            None => (Step::Final("ESCALATED: [out_of_scope] The ticket names an order, but what it asks for is not an order status, a refund or a help-center question the offline model can place.".into()), Basis::Doubt("request_unplaced")),
        };
    }
    if p.orders.is_empty()
        && p.unsupported.is_empty()
        && !p.missing_order_id
        && guess.is_some_and(|g| g.intent == Intent::Other)
    {
        return (
            Step::Final(
                "ESCALATED: [out_of_scope] The ticket holds no request a shop's support tools cover."
                    .into(),
            ),
            Basis::Doubt("not_shop_business"),
        );
    }
    let refund_orders = p
        .orders
        .iter()
        .filter(|(_, i)| *i == OrderIntent::Refund)
        .count();
    let mut calls: Vec<(&'static str, Value)> = Vec::new();
    let mut parts: Vec<String> = Vec::new();
    let mut escalation: Option<(&str, String, Basis)> = None;
    let mut answered: Vec<Intent> = Vec::new();
    let mut refund_proposed = false;

    for (id, intent) in &p.orders {
        let Some(order) = h.find(ORDER_LOOKUP, "order_id", id) else {
            calls.push((ORDER_LOOKUP, json!({ "order_id": id })));
            continue;
        };
        if order.get("error").is_some() {
            escalation.get_or_insert((
                "order_not_found",
                format!("Order {id} was not found for this customer."),
                Basis::Settled,
            ));
            continue;
        }
        if *intent == OrderIntent::Status {
            parts.push(describe_status(order));
            answered.push(Intent::Status);
            continue;
        }
        let Some(elig) = h.find(REFUND_ELIGIBILITY, "order_id", id) else {
            calls.push((
                REFUND_ELIGIBILITY,
                json!({ "order_id": id, "reason": reason_snippet(&t.text) }),
            ));
            continue;
        };
        if elig.get("error").is_some() {
            escalation.get_or_insert((
                "order_not_found",
                format!("Order {id} was not found for this customer."),
                Basis::Settled,
            ));
            continue;
        }
        let why = elig["reason"].as_str().unwrap_or("no reason given");
        let policy = elig["policy_ref"].as_str().unwrap_or("refund-policy");
        if elig["eligible"] != Value::Bool(true) {
            if elig["escalate"] == Value::Bool(true) {
                escalation.get_or_insert((
                    "ambiguous_eligibility",
                    format!("Refund request for order {id} needs a human: {why} ({policy})."),
                    Basis::Settled,
                ));
            } else {
                parts.push(format!(
                    "Order {id} is not eligible for a refund: {why} (policy {policy})."
                ));
                answered.push(Intent::Refund);
            }
            continue;
        }
        let max = elig["max_amount_usd"].as_f64().unwrap_or(0.0);
        let amount = match asked_amount(t, order, refund_orders) {
            Asked::Sum(asked) => asked.min(max),
            Asked::Everything => max,
            Asked::Unclear(why) => {
                escalation.get_or_insert((
                    "ambiguous_eligibility",
                    format!("Order {id} is eligible for a refund of up to ${max:.2}, but the amount the customer asks for is unclear: {why}."),
                    Basis::Doubt("amount_unclear"),
                ));
                continue;
            }
        };
        let key = format!("refund-{}-{id}", t.ticket_id);
        match h.find(ISSUE_REFUND, "order_id", id) {
            None => calls.push((
                ISSUE_REFUND,
                json!({ "order_id": id, "amount_usd": amount, "idempotency_key": key }),
            )),
            Some(r) if r["status"] == "pending_approval" => {
                refund_proposed = true;
                parts.push(format!(
                    "We have proposed a refund of ${amount:.2} for order {id} (policy {policy}); a team member will approve it shortly, and approved refunds reach the original payment method within 5 to 7 business days."
                ));
                answered.push(Intent::Refund);
            }
            Some(r) => {
                escalation.get_or_insert((
                    "ambiguous_eligibility",
                    format!(
                        "The refund for order {id} could not be proposed: {}.",
                        r["error"].as_str().unwrap_or("unknown error")
                    ),
                    Basis::Doubt("refund_not_proposed"),
                ));
            }
        }
    }
    let articles = |out: &Value| out["articles"].as_array().cloned().unwrap_or_default();
    if let Some(query) = &p.kb_query {
        let first = h.find(KB_SEARCH, "query", query);
        // One reformulation before concluding there is no answer.
        let answer = match (first, &p.kb_retry) {
            (Some(out), Some(retry)) if articles(out).is_empty() => {
                h.find(KB_SEARCH, "query", retry)
            }
            (Some(out), _) => Some(out),
            (None, _) => None,
        };
        match answer {
            None if first.is_none() => calls.push((KB_SEARCH, json!({ "query": query }))),
            None => calls.push((
                KB_SEARCH,
                json!({ "query": p.kb_retry.as_deref().unwrap_or(query) }),
            )),
            Some(out) => match articles(out).first() {
                Some(article) => {
                    parts.push(article_text(article));
                    answered.push(Intent::HowTo);
                }
                None if p.orders.is_empty() && p.missing_order_id => {
                    escalation.get_or_insert((
                        "missing_order_id",
                        "The customer asks about an order but gives no order id.".into(),
                        intents(&order_intents),
                    ));
                }
                None => {
                    escalation.get_or_insert((
                        "no_kb_match",
                        "No help-center article answers the customer's question.".into(),
                        Basis::Doubt("no_kb_match"),
                    ));
                }
            },
        }
    }
    let mut missing = Vec::new();
    for (action, own_words, plain) in &p.unsupported_queries {
        let helps = |out: &Value| articles(out).into_iter().find(|a| action.self_service(a));
        let first = h.find(KB_SEARCH, "query", own_words);
        let answer = match first {
            None => {
                calls.push((KB_SEARCH, json!({ "query": own_words })));
                continue;
            }
            Some(out) => match helps(out) {
                Some(a) => Some(a),
                None if plain == own_words => None,
                None => match h.find(KB_SEARCH, "query", plain) {
                    None => {
                        calls.push((KB_SEARCH, json!({ "query": plain })));
                        continue;
                    }
                    Some(out) => helps(out),
                },
            },
        };
        match answer {
            Some(a) => {
                let text = article_text(&a);
                if !parts.contains(&text) {
                    parts.push(text);
                }
                answered.extend([Intent::Unsupported, Intent::HowTo]);
            }
            None => missing.push(action.describe()),
        }
    }
    if !missing.is_empty() {
        // What no tool and no article can do for the customer outranks a question the
        // help center could not answer: a human must take the request itself.
        if escalation
            .as_ref()
            .is_none_or(|(c, ..)| *c == "no_kb_match")
        {
            escalation = Some((
                "out_of_scope",
                format!(
                    "The customer asks us to {}, which no tool can do, and no help-center article tells them how to do it themselves.",
                    missing.join(" and ")
                ),
                // The action was named in the ticket's words; the answer stands if the
                // ticket is indeed a request of that kind.
                intents(&[Intent::Unsupported]),
            ));
        }
    }
    if !calls.is_empty() {
        return (Step::Calls(calls), Basis::Doubt("unfinished"));
    }
    if let Some((category, reason, basis)) = escalation {
        return (
            Step::Final(format!("ESCALATED: [{category}] {reason}")),
            basis,
        );
    }
    if parts.is_empty() {
        return (
            Step::Final(
                "ESCALATED: [out_of_scope] The ticket holds no request the tools can answer."
                    .into(),
            ),
            Basis::Doubt("no_request_found"),
        );
    }
    let prefix = if refund_proposed {
        "REFUND_PROPOSED"
    } else {
        "RESOLVED"
    };
    (
        Step::Final(format!("{prefix}: {}", parts.join(" "))),
        Basis::Intents(answered),
    )
}

fn article_text(article: &Value) -> String {
    format!(
        "{}: {}",
        article["title"].as_str().unwrap_or_default(),
        article["body"].as_str().unwrap_or_default()
    )
}

/// The structured tail of the final message (docs/verification.md): the outcome, its
/// category and what it rests on, read from this conversation's tool results — the
/// orders found, the articles quoted, the eligibility answers.
fn with_tail(text: &str, h: &History) -> String {
    let mut orders: Vec<&str> = Vec::new();
    let mut articles: Vec<&str> = Vec::new();
    let mut eligibility: Vec<Value> = Vec::new();
    for (name, args, out) in &h.done {
        if out.get("error").is_some() {
            continue;
        }
        match name.as_str() {
            ORDER_LOOKUP => {
                if let Some(id) = args["order_id"].as_str()
                    && text.contains(id)
                    && !orders.contains(&id)
                {
                    orders.push(id);
                }
            }
            REFUND_ELIGIBILITY => {
                if let Some(id) = out["order_id"].as_str()
                    && text.contains(id)
                {
                    eligibility.push(
                        json!({ "order_id": id, "eligible": out["eligible"] == Value::Bool(true) }),
                    );
                }
            }
            KB_SEARCH => {
                for a in out["articles"].as_array().into_iter().flatten() {
                    if let (Some(id), Some(title)) = (a["id"].as_str(), a["title"].as_str())
                        && text.contains(&format!("{title}: "))
                        && !articles.contains(&id)
                    {
                        articles.push(id);
                    }
                }
            }
            _ => {}
        }
    }
    let (outcome, category) = if let Some(rest) = text.strip_prefix("ESCALATED: [") {
        ("escalated", rest.split(']').next().map(str::to_string))
    } else {
        let outcome = if text.starts_with("REFUND_PROPOSED:") {
            "refund_proposed"
        } else {
            "resolved"
        };
        let category = match (
            !orders.is_empty(),
            !articles.is_empty(),
            !eligibility.is_empty(),
        ) {
            (_, false, true) => Some("refund"),
            (true, false, false) => Some("order_status"),
            (false, true, false) => Some("how_to"),
            _ => None,
        };
        (outcome, category.map(str::to_string))
    };
    let tail = json!({
        "outcome": outcome,
        "category": category,
        "grounds": { "orders": orders, "articles": articles, "eligibility": eligibility },
    });
    format!("{text}\n\n```json\n{tail}\n```")
}

fn reason_snippet(text: &str) -> String {
    let s: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let s: String = s.chars().take(300).collect();
    if s.is_empty() {
        "customer request".into()
    } else {
        s
    }
}

fn describe_status(order: &Value) -> String {
    let id = order["order_id"].as_str().unwrap_or("?");
    let date = |k: &str| {
        order[k]
            .as_str()
            .map(|d| d.get(..10).unwrap_or(d).to_string())
    };
    let items: Vec<&str> = order["items"]
        .as_array()
        .map(|a| a.iter().filter_map(|i| i["name"].as_str()).collect())
        .unwrap_or_default();
    let what = if items.is_empty() {
        String::new()
    } else {
        format!(" ({})", items.join(", "))
    };
    let tracking = match (order["carrier"].as_str(), order["tracking_number"].as_str()) {
        (Some(c), Some(n)) => format!(" with {c}, tracking number {n}"),
        _ => String::new(),
    };
    match order["status"].as_str().unwrap_or("unknown") {
        "processing" => format!(
            "Order {id}{what} was placed on {} and is being processed; it has not shipped yet, and you will receive tracking details by email once it does.",
            date("order_date").unwrap_or_default()
        ),
        "shipped" => format!(
            "Order {id}{what} shipped on {}{tracking} and is on its way.",
            date("shipped_at").unwrap_or_else(|| "a recent date".into())
        ),
        "delivered" => match date("delivered_at") {
            Some(d) => format!("Order {id}{what} was delivered on {d}{tracking}."),
            None => format!("Order {id}{what} is marked as delivered{tracking}."),
        },
        "cancelled" => {
            format!("Order {id}{what} was cancelled and its amount was refunded automatically.")
        }
        "returned" => format!("Order {id}{what} was returned to us."),
        other => format!("Order {id}{what} has status {other}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(subject: &str, body: &str, order: Option<&str>) -> TicketText {
        TicketText::new(&json!({
            "ticket_id": "T1", "customer_id": "C001", "order_id": order,
            "subject": subject, "body": body
        }))
    }

    #[test]
    fn order_ids_come_from_the_field_then_the_text_in_many_shapes() {
        assert_eq!(order_ids(&text("Where is o1002?", "", None)), vec!["O1002"]);
        assert_eq!(
            order_ids(&text("Order #55102", "also ORD-77812 please", None)),
            vec!["55102"]
        );
        assert_eq!(
            order_ids(&text("x", "my order number: ORD-77812", Some("A1"))),
            vec!["A1", "ORD-77812"]
        );
        // The customer's own id is not an order.
        assert!(order_ids(&text("hi", "customer C001 here, how do I log in", None)).is_empty());
    }

    #[test]
    fn quoted_replies_and_signatures_are_not_read() {
        let t = text(
            "Re: your order",
            "Any news?\n\nOn Mon, Nov 23, 2026 Shop wrote:\n> refund O1001\n",
            None,
        );
        assert!(!t.text.contains("O1001"));
        let t = text("x", "Where is it?\n-- \nJane, order O1007 fan", None);
        assert!(!t.text.contains("O1007"));
    }

    #[test]
    fn a_how_to_question_about_refunds_is_a_kb_question_not_a_refund() {
        let p = plan(
            &text("Question", "How do I get a refund for something?", None),
            None,
        );
        assert!(p.orders.is_empty() && p.kb_query.is_some() && !p.missing_order_id);
        let p = plan(
            &text("Refund", "I want my money back for the lamp.", None),
            None,
        );
        assert!(p.missing_order_id);
    }

    fn order(items: &[(&str, u64, f64)]) -> Value {
        let total: f64 = items.iter().map(|(_, q, p)| *q as f64 * p).sum();
        json!({
            "order_id": "A1", "total_usd": total,
            "items": items.iter().map(|(n, q, p)| json!({"name": n, "quantity": q, "unit_price_usd": p})).collect::<Vec<_>>()
        })
    }

    fn final_text(step: Step) -> String {
        match step {
            Step::Final(t) => t,
            Step::Calls(c) => panic!("expected a final answer, got calls {:?}", c),
        }
    }

    #[test]
    fn the_refund_asked_is_an_items_price_a_stated_sum_or_everything_and_vague_is_unclear() {
        let o = order(&[("Ceramic Mug", 3, 8.99), ("Cork Coaster Set", 1, 7.0)]);
        let ask = |body: &str| asked_amount(&text("s", body, Some("A1")), &o, 1);
        assert_eq!(
            ask("one of the three mugs is cracked, refund it"),
            Asked::Sum(8.99)
        );
        assert_eq!(
            ask("the coasters are mouldy, money back please"),
            Asked::Sum(7.0)
        );
        assert_eq!(ask("two mugs broke, refund those"), Asked::Sum(17.98));
        assert_eq!(ask("refund me $5 for the trouble"), Asked::Sum(5.0));
        assert_eq!(
            ask("I want everything back, the whole order"),
            Asked::Everything
        );
        assert_eq!(ask("all of it is broken, refund please"), Asked::Everything);
        assert_eq!(
            ask("the mugs and the coasters are all bad, refund"),
            Asked::Everything
        );
        assert!(matches!(ask("refund half of it please"), Asked::Unclear(_)));
        assert!(matches!(ask("refund $3 or maybe $4"), Asked::Unclear(_)));
        // Amounts as people write them: separators, decimal commas, the marker after.
        assert_eq!(ask("refund me $5,000.00"), Asked::Sum(5000.0));
        assert_eq!(ask("refund me 2,49 $ please"), Asked::Sum(2.49));
        // What cannot be read one way is escalated, not guessed.
        assert!(matches!(ask("refund me $1,000,50"), Asked::Unclear(_)));
        // The order's own total is a description, not a second amount.
        assert_eq!(ask("refund $8.99 of the $33.97 I paid"), Asked::Sum(8.99));
        // What the customer keeps is not asked back.
        assert_eq!(
            ask("a mug is cracked, refund it please. The coasters are fine, keeping them"),
            Asked::Sum(8.99)
        );
        assert!(matches!(
            ask("the coasters are great, refund please"),
            Asked::Unclear(_)
        ));
    }

    #[test]
    fn a_ticket_that_declines_a_refund_is_not_a_refund_request() {
        let p = plan(
            &text(
                "Wrong colour",
                "The lamp O1004 came in green. I don't want a refund, I'd like to swap it for the white one.",
                Some("O1004"),
            ),
            None,
        );
        assert!(
            p.orders.iter().all(|(_, i)| *i != OrderIntent::Refund),
            "{p:?}"
        );
        assert_eq!(p.unsupported, vec![Action::Exchange]);
        assert_eq!(p.unsupported_queries.len(), 1);
    }

    #[test]
    fn an_order_named_beside_a_request_no_tool_does_is_not_answered_with_its_status() {
        let p = plan(
            &text(
                "Delivery",
                "Could you switch order O1002 to overnight delivery? I need it sooner.",
                Some("O1002"),
            ),
            None,
        );
        assert!(p.orders.is_empty(), "{p:?}");
        assert_eq!(p.unsupported, vec![Action::ShippingUpgrade]);
    }

    #[test]
    fn disputes_are_recognised_in_words_other_than_chargeback() {
        for body in [
            "My card issuer says they will pull the payment back if you don't answer.",
            "I have asked the bank to contest this transaction.",
            "Expect to hear from the consumer rights council.",
            "I will dispute the payment, full stop.",
        ] {
            assert!(legal_threat(&text("s", body, None)), "{body}");
        }
        for body in [
            "Please refund it to my bank account.",
            "Refund order O1003 to my card.",
            "I'm not going to dispute anything, just want my parcel.",
            "I paid with PayPal and want to report that the box was wet.",
        ] {
            assert!(!legal_threat(&text("s", body, None)), "{body}");
        }
    }

    #[test]
    fn a_quoted_name_negates_nothing_outside_its_quotes() {
        let quoted = "My card issuer wants papers for the 'item not as described' claim I opened.";
        assert!(legal_threat(&text("Papers", quoted, None)));
        assert!(!negated(quoted, quoted.find("claim").unwrap()));
        let plain = "I do not want a refund, just a new one.";
        assert!(negated(plain, plain.find("refund").unwrap()));
    }

    #[test]
    fn the_refund_asked_is_read_where_the_ticket_asks_for_the_money() {
        let camp = order(&[
            ("Dome Tent", 1, 200.0),
            ("Gas Lantern", 1, 30.0),
            ("Camp Stove", 1, 50.0),
        ]);
        let ask = |o: &Value, body: &str| asked_amount(&text("s", body, Some("A1")), o, 1);
        // The order is described by one item; the refund names another.
        assert_eq!(
            ask(
                &camp,
                "My stove and tent order came on Monday. The tent and the lantern work, but the stove arrived dented. Please refund the stove only and I'll keep the rest."
            ),
            Asked::Sum(50.0)
        );
        // "It" stands for what the sentence before reports broken.
        assert_eq!(
            ask(
                &camp,
                "The lantern has a cracked glass. Can I get my money back for it?"
            ),
            Asked::Sum(30.0)
        );
        let chairs = order(&[("Folding Chair", 2, 40.0), ("Side Table", 1, 60.0)]);
        assert_eq!(
            ask(
                &chairs,
                "I got two chairs and a table. One chair has a bent leg, the other chair and the table are fine. Can I have my money back for the bent chair?"
            ),
            Asked::Sum(40.0)
        );
        // A "partial refund" that names its item is that item's price, not unclear.
        let pack = order(&[("Trail Pack", 1, 150.0), ("Pack Rain Cover", 1, 25.0)]);
        assert_eq!(
            asked_amount(
                &text(
                    "Partial refund",
                    "I'd like a refund for the rain cover only; I'm keeping the pack.",
                    Some("A1")
                ),
                &pack,
                1
            ),
            Asked::Sum(25.0)
        );
        // A name whose head noun is plural already means every unit.
        let socks = order(&[("Wool Hiking Socks", 3, 12.0), ("Trail Boots", 1, 120.0)]);
        assert_eq!(
            ask(&socks, "The socks itch terribly, refund the socks please."),
            Asked::Sum(36.0)
        );
        for all in [
            "I want to send back everything from that order (boots and socks).",
            "Please return order A1 in full, the trip is off.",
        ] {
            assert_eq!(ask(&socks, all), Asked::Everything, "{all}");
        }
    }

    #[test]
    fn an_item_the_order_holds_under_no_such_name_or_under_two_is_unclear_not_everything() {
        let o = order(&[
            ("Linen Duvet Cover (King)", 1, 89.0),
            ("Pack Rain Cover", 1, 25.0),
            ("Cast Iron Skillet", 1, 45.0),
        ]);
        let ask = |body: &str| asked_amount(&text("s", body, Some("A1")), &o, 1);
        // The word before the head noun names a line too; the size in brackets does not.
        assert_eq!(
            ask("The duvet tore in the wash, refund the duvet please."),
            Asked::Sum(89.0)
        );
        assert_eq!(
            ask("Please refund the rain cover, it leaks."),
            Asked::Sum(25.0)
        );
        assert!(matches!(
            ask("Please refund the cover, it ripped."),
            Asked::Unclear(_)
        ));
        assert!(matches!(
            ask("Refund the frying pan, the handle is loose."),
            Asked::Unclear(_)
        ));
        // Words for the order or the money name no item.
        assert_eq!(
            ask("Please refund the whole purchase to my card."),
            Asked::Everything
        );
    }

    #[test]
    fn an_order_number_after_is_or_reference_is_still_an_order_id() {
        for (body, id) in [
            ("My order number is 58812 and it has not arrived.", "58812"),
            ("Order ref: 2027-000418, where is it?", "2027-000418"),
            ("the order was #4471 I think", "4471"),
        ] {
            assert_eq!(order_ids(&text("Help", body, None)), vec![id], "{body}");
        }
    }

    #[test]
    fn a_reply_that_names_no_order_takes_the_one_its_quoted_email_names() {
        let t = text(
            "Re: Your parcel is on its way",
            "The tracking link below does nothing. Which courier has it?\n\n> Hello Sam, order ZX-4431 has left our warehouse.\n> Track it here",
            None,
        );
        assert_eq!(order_ids(&t), vec!["ZX-4431"]);
        let own = text(
            "Re: shipped",
            "Where is QQ-1200?\n\n> order ZX-4431 has shipped",
            None,
        );
        assert_eq!(order_ids(&own), vec!["QQ-1200"]);
    }

    #[test]
    fn order_state_questions_in_plain_words_are_status_requests() {
        for body in [
            "Any idea when QQ-1234 ships? I leave on Friday.",
            "Did my order QQ-1234 go through? The bank shows a pending charge.",
            "I ordered two lamps (QQ-1234). When can I expect them?",
            "Could you tell me where things stand with QQ-1234?",
        ] {
            let p = plan(&text("Order", body, None), None);
            assert_eq!(
                p.orders,
                vec![("QQ-1234".to_string(), OrderIntent::Status)],
                "{body}"
            );
        }
    }

    #[test]
    fn requests_to_change_payment_items_or_delivery_day_are_ones_no_tool_does() {
        for (body, action) in [
            (
                "Can you move the payment for QQ-1234 to my personal card?",
                Action::PaymentMethod,
            ),
            (
                "Please add a second lantern and a fuel can to it, order QQ-1234.",
                Action::ChangeItems,
            ),
            (
                "Could you have the courier deliver QQ-1234 on Saturday instead?",
                Action::Reschedule,
            ),
        ] {
            let p = plan(&text("Order QQ-1234", body, None), None);
            assert_eq!(p.unsupported, vec![action], "{body}");
            assert!(p.orders.is_empty(), "{body}: {p:?}");
        }
    }

    #[test]
    fn a_language_the_rules_cannot_read_is_told_apart_from_terse_english() {
        for (subject, body) in [
            (
                "Pedido",
                "Hola, mi pedido O1002 no ha llegado todavía. ¿Dónde está? Gracias.",
            ),
            (
                "Bestellung",
                "Guten Tag, ich möchte meine Bestellung O1003 bitte stornieren lassen.",
            ),
            (
                "注文",
                "注文した商品がまだ届いていません。確認してください。",
            ),
            ("Заказ", "Здравствуйте, где мой заказ? Прошла уже неделя."),
        ] {
            assert!(!readable(&text(subject, body, None)), "{body}");
        }
        for (subject, body) in [
            ("where", "mouse broken. refund O1001 asap thanks"),
            ("phone", "what is your phone number"),
            (
                "Re: order",
                "Any news on the keyboard I ordered from you last week?",
            ),
            ("x", "asdfgh qwerty"),
        ] {
            assert!(readable(&text(subject, body, None)), "{body}");
        }
    }

    #[test]
    fn the_kb_query_carries_the_subject_as_well_as_the_question() {
        let p = plan(
            &text(
                "Sign-in trouble",
                "My details stopped working. What am I doing wrong?",
                None,
            ),
            None,
        );
        let q = p.kb_query.expect("a query");
        assert!(
            q.contains("Sign-in trouble") && q.contains("doing wrong"),
            "{q}"
        );
    }

    #[test]
    fn a_confident_dispute_by_meaning_escalates_even_without_a_dispute_word() {
        use crate::model::intent::Thresholds;
        use crate::model::intent::tests::BagOfWords;
        let bank = [
            (Intent::Dispute, "money pulled back through the card people"),
            (Intent::Dispute, "card people pulling the money back"),
            (Intent::Status, "where is my parcel"),
            (Intent::Status, "parcel still not here"),
        ];
        let c = IntentClassifier::with_bank(
            Arc::new(BagOfWords),
            &bank,
            Thresholds {
                k: 2,
                min_score: 0.3,
                min_margin: 0.05,
            },
        )
        .unwrap();
        let t = text(
            "O1001",
            "The card people are pulling my money back, bye.",
            Some("O1001"),
        );
        let guess = c.classify(&t.text).unwrap();
        assert_eq!(guess.map(|g| g.intent), Some(Intent::Dispute));
        let h = History { done: vec![] };
        assert!(final_text(decide(&t, &h, guess)).starts_with("ESCALATED: [legal_or_chargeback]"));
        // Without the classifier the same text is not a dispute to the text rules.
        assert!(
            !matches!(decide(&t, &h, None), Step::Final(f) if f.contains("legal_or_chargeback"))
        );
    }

    /// The conversation of a finished status run on `body`: the rendered ticket, one
    /// `order_lookup` of O1002 and its answer, the model's final message.
    fn status_conversation(body: &str) -> Vec<Message> {
        let ticket = crate::domain::ticket::RawTicket {
            ticket_id: Some("T1".into()),
            subject: Some("Order".into()),
            body: Some(body.into()),
            customer_id: Some("C001".into()),
            order_id: Some("O1002".into()),
        }
        .validate(32 * 1024)
        .unwrap();
        let call = ToolCall {
            id: "call_1_0".into(),
            name: ORDER_LOOKUP.into(),
            arguments: ToolArguments::Json {
                value: json!({ "order_id": "O1002" }),
            },
        };
        vec![
            Message::user_text(crate::prompt::render_ticket(&ticket)),
            Message {
                role: Role::Assistant,
                content: vec![Content::ToolCall(call)],
            },
            Message {
                role: Role::User,
                content: vec![Content::ToolResult(crate::conversation::ToolResult {
                    tool_call_id: "call_1_0".into(),
                    output: json!({ "order_id": "O1002", "status": "processing", "order_date": "2026-11-20", "items": [] }),
                    is_error: false,
                })],
            },
            Message {
                role: Role::Assistant,
                content: vec![Content::Text {
                    text: "RESOLVED: Order O1002 is being processed.".into(),
                }],
            },
        ]
    }

    #[tokio::test]
    async fn the_rules_keep_an_answer_only_when_meaning_confirms_it_or_a_fact_settles_it() {
        use crate::model::intent::Thresholds;
        use crate::model::intent::tests::BagOfWords;
        let bank = [
            (Intent::Status, "where is my parcel order"),
            (Intent::Status, "parcel order still not here"),
            (Intent::Refund, "money back for the broken thing"),
            (Intent::Refund, "broken thing refund the money"),
        ];
        let loose = Thresholds {
            k: 2,
            min_score: 0.45,
            min_margin: 0.05,
        };
        let model = RulesModel::with_classifier(
            IntentClassifier::with_bank(Arc::new(BagOfWords), &bank, loose).unwrap(),
        );
        let asks_status = status_conversation("Where is my parcel? The order is still not here.");
        assert_eq!(model.assess(&asks_status).await, Assessment::Confident);
        // The text rules read a status question; by meaning it is not one.
        let unclear = status_conversation("Where is the zebra stripe aurora moonlight?");
        assert!(
            matches!(
                model.assess(&unclear).await,
                Assessment::Decline("intent_unsure" | "intent_disagrees")
            ),
            "{:?}",
            model.assess(&unclear).await
        );
        // Without a classifier nothing confirms what the text rules answered.
        assert_eq!(
            RulesModel::new().assess(&asks_status).await,
            Assessment::Decline("no_intent_model")
        );

        let h = History { done: vec![] };
        let (_, basis) = judged(
            &text(
                "Chargeback",
                "I'm filing a chargeback with my bank.",
                Some("O1002"),
            ),
            &h,
            None,
        );
        assert_eq!(basis, Basis::Settled);
        let (_, basis) = judged(
            &text(
                "Pedido",
                "Hola, mi pedido O1002 no ha llegado todavía. ¿Dónde está? Gracias.",
                None,
            ),
            &h,
            None,
        );
        assert_eq!(basis, Basis::Doubt("unreadable_language"));
        // A run that still calls tools has no answer to keep.
        let (step, basis) = judged(&text("Where is it?", "Where is O1002?", None), &h, None);
        assert!(matches!(step, Step::Calls(_)));
        assert_eq!(basis, Basis::Doubt("unfinished"));
    }

    #[tokio::test]
    async fn every_turn_of_a_ticket_reuses_one_embedding_of_its_text() {
        use crate::model::intent::tests::BagOfWords;
        use std::sync::atomic::{AtomicUsize, Ordering};
        struct Counting(AtomicUsize);
        impl Embedder for Counting {
            fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
                self.0.fetch_add(texts.len(), Ordering::SeqCst);
                BagOfWords.embed(texts)
            }
            fn name(&self) -> &str {
                "counting"
            }
        }
        let embedder = Arc::new(Counting(AtomicUsize::new(0)));
        let model = RulesModel::with_embedder(Some(embedder.clone())).unwrap();
        let after_bank = embedder.0.load(Ordering::SeqCst);
        assert_eq!(after_bank, crate::model::intent::EXAMPLES.len());
        let t = text("s", "where is my parcel", None);
        let first = model.guess(&t).await;
        assert_eq!(model.guess(&t).await, first);
        assert_eq!(embedder.0.load(Ordering::SeqCst), after_bank + 1);
    }
}
