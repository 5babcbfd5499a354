//! Generated support traffic with ground truth, for benchmarks and chaos tests.
//!
//! [`generate`] writes realistic tickets over a [`World`] (by default the fixture
//! world), one JSON line each, with the outcome the policy calls for in a side field,
//! `expected`. The labels come from the world and the written policy
//! (docs/use-case.md) alone, never from running the agent: an order-status question
//! about the customer's own order is `resolved`; a refund request is `refund_proposed`
//! when the order is delivered, dated and inside the 30-day window with nothing refunded
//! yet, `resolved` when it is clearly ineligible (outside the window, cancelled, not
//! delivered), and `escalated` / `ambiguous_eligibility` when it is returned, already
//! refunded or missing its delivery date; a how-to question is `resolved` when the
//! knowledge base has an article on it and `escalated` / `no_kb_match` when it has none;
//! legal threats, unknown or foreign orders and order requests without an id escalate
//! with their categories. The phrasing varies the way real mail does (many templates
//! per intent, typos, casing, ids in the text or the form field or both, lower-case and
//! `#`-prefixed ids, greetings, signatures, quoted replies), and a configurable share
//! of poison lines (not JSON, no customer, a body over the size limit) is labelled
//! `poison`. Everything is drawn from one seeded generator, so a seed gives the same
//! bytes every time.

use std::fmt;
use std::io::Write;
use std::str::FromStr;

use chrono::{DateTime, Utc};
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use serde::Serialize;

use ticket_agent::commerce::embedded::World;
use ticket_agent::commerce::{Customer, Order, OrderStatus};
use ticket_agent::domain::money::Usd;
use ticket_agent::domain::outcome::EscalationCategory;
use ticket_agent::tools::orders::REFUND_WINDOW_DAYS;

/// Bodies of oversized poison tickets are longer than this (the default
/// `agent.max_body_bytes`).
pub const POISON_BODY_MIN_BYTES: usize = 32 * 1024;

/// The broad kind of request a ticket makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Intent {
    /// Where is my order.
    Status,
    /// Refund requests, eligible or not.
    Refund,
    /// How-to questions for the knowledge base.
    Howto,
    /// Tickets that must go to a human: legal threats, unknown orders, missing ids.
    Escalate,
    /// Lines no worker can process.
    Poison,
}

impl Intent {
    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Intent::Status => "status",
            Intent::Refund => "refund",
            Intent::Howto => "howto",
            Intent::Escalate => "escalate",
            Intent::Poison => "poison",
        }
    }
}

/// The finer case inside an intent, so that accuracy can be read per case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Case {
    /// Status of the customer's own processing, shipped or delivered order.
    OrderStatus,
    /// Refund of an eligible order.
    RefundEligible,
    /// Refund of a clearly ineligible order (window, cancelled, not delivered).
    RefundIneligible,
    /// Refund of an order whose eligibility a human must judge.
    RefundAmbiguous,
    /// A question the knowledge base answers.
    KbAnswer,
    /// A question the knowledge base does not answer.
    KbNoMatch,
    /// A chargeback or legal threat.
    Legal,
    /// An order id that does not exist.
    OrderUnknown,
    /// Another customer's order.
    OrderForeign,
    /// An order request with no order id anywhere.
    MissingOrderId,
    /// A line that is not JSON.
    NotJson,
    /// A ticket without a customer.
    NoCustomerId,
    /// A body over the size limit.
    OversizedBody,
}

/// The outcome a ticket should end in, or `poison` for lines that are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ExpectedOutcome {
    /// Answered from a tool result, without a human.
    Resolved,
    /// A refund waits for approval.
    RefundProposed,
    /// A human takes it.
    Escalated,
    /// Not a valid ticket: refused, dead-lettered.
    Poison,
}

/// The ground truth carried in each line's `expected` field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Expected {
    /// The outcome the policy calls for.
    pub outcome: ExpectedOutcome,
    /// The escalation category, when escalated.
    pub category: Option<EscalationCategory>,
    /// The order the outcome is about, when there is one (upper-case, as the shop
    /// writes it).
    pub order_id: Option<String>,
    /// The broad intent.
    pub intent: Intent,
    /// The finer case.
    pub case: Case,
}

/// The share of each intent among the tickets that are not poison, as weights.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mix {
    /// Order status.
    pub status: u32,
    /// Refund requests, eligible or not.
    pub refund: u32,
    /// How-to questions.
    pub howto: u32,
    /// Must-escalate tickets.
    pub escalate: u32,
}

impl Default for Mix {
    /// A support desk's usual mix: status 45, refund 25, how-to 20, escalate 10.
    fn default() -> Self {
        Self {
            status: 45,
            refund: 25,
            howto: 20,
            escalate: 10,
        }
    }
}

impl Mix {
    fn weights(&self) -> [(Intent, u32); 4] {
        [
            (Intent::Status, self.status),
            (Intent::Refund, self.refund),
            (Intent::Howto, self.howto),
            (Intent::Escalate, self.escalate),
        ]
    }

    /// The share (0 to 1) of `intent` among non-poison tickets.
    pub fn share(&self, intent: Intent) -> f64 {
        let total: u32 = self.weights().iter().map(|(_, w)| w).sum();
        let w = self
            .weights()
            .iter()
            .find(|(i, _)| *i == intent)
            .map_or(0, |(_, w)| *w);
        if total == 0 {
            0.0
        } else {
            f64::from(w) / f64::from(total)
        }
    }

    /// Exact counts for `n` tickets, by the largest remainder, in a fixed order.
    fn counts(&self, n: usize) -> Vec<(Intent, usize)> {
        let weights = self.weights();
        let total: u64 = weights.iter().map(|(_, w)| u64::from(*w)).sum();
        let mut counts: Vec<(Intent, usize, u64)> = weights
            .iter()
            .map(|(i, w)| {
                let exact = n as u64 * u64::from(*w);
                (*i, (exact / total) as usize, exact % total)
            })
            .collect();
        let mut left = n - counts.iter().map(|(_, c, _)| c).sum::<usize>();
        let mut order: Vec<usize> = (0..counts.len()).collect();
        // Largest remainder first; ties by the fixed order above.
        order.sort_by(|a, b| counts[*b].2.cmp(&counts[*a].2).then(a.cmp(b)));
        for i in order {
            if left == 0 {
                break;
            }
            counts[i].1 += 1;
            left -= 1;
        }
        counts.into_iter().map(|(i, c, _)| (i, c)).collect()
    }
}

impl FromStr for Mix {
    type Err = String;

    /// Parses `status=45,refund=25,howto=20,escalate=10`; intents left out weigh zero.
    fn from_str(s: &str) -> Result<Self, String> {
        let mut mix = Mix {
            status: 0,
            refund: 0,
            howto: 0,
            escalate: 0,
        };
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("`{part}` is not INTENT=WEIGHT"))?;
            let value: u32 = value
                .trim()
                .parse()
                .map_err(|_| format!("`{}` is not a whole number", value.trim()))?;
            let slot = match key.trim() {
                "status" => &mut mix.status,
                "refund" => &mut mix.refund,
                "howto" => &mut mix.howto,
                "escalate" => &mut mix.escalate,
                other => {
                    return Err(format!(
                        "unknown intent `{other}` (expected status, refund, howto, escalate)"
                    ));
                }
            };
            *slot = value;
        }
        if mix.weights().iter().all(|(_, w)| *w == 0) {
            return Err("the mix needs at least one intent with a weight above zero".into());
        }
        Ok(mix)
    }
}

impl fmt::Display for Mix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "status={},refund={},howto={},escalate={}",
            self.status, self.refund, self.howto, self.escalate
        )
    }
}

/// What to generate.
#[derive(Debug, Clone, PartialEq)]
pub struct GenOptions {
    /// Lines in all, poison included.
    pub n: usize,
    /// The seed: the same seed gives the same bytes.
    pub seed: u64,
    /// The share of poison lines, 0 to 1.
    pub poison_rate: f64,
    /// The mix of the other lines.
    pub mix: Mix,
}

impl Default for GenOptions {
    fn default() -> Self {
        Self {
            n: 1000,
            seed: 1,
            poison_rate: 0.0,
            mix: Mix::default(),
        }
    }
}

/// One generated ticket: the ticket's own fields, plus `expected`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GeneratedTicket {
    /// Unique: `G-<seed>-<n>`.
    pub ticket_id: String,
    /// The customer (absent only in poison).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customer_id: Option<String>,
    /// The form's order field, when filled in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_id: Option<String>,
    /// The subject line.
    pub subject: String,
    /// The customer's text.
    pub body: String,
    /// The ground truth.
    pub expected: Expected,
}

/// Generates `options.n` lines of traffic over `world`, with `now` the instant the
/// refund window is counted to.
///
/// # Errors
/// When the world has no customers, or options are out of range.
pub fn generate(
    world: &World,
    now: DateTime<Utc>,
    options: &GenOptions,
) -> anyhow::Result<Vec<String>> {
    anyhow::ensure!(
        (0.0..=1.0).contains(&options.poison_rate),
        "--poison-rate must be between 0 and 1, not {}",
        options.poison_rate
    );
    anyhow::ensure!(
        !world.customers.is_empty(),
        "the world has no customers to write tickets"
    );
    let generator = Generator::new(world, now);
    let poison = ((options.n as f64) * options.poison_rate).round() as usize;
    let mut intents: Vec<Intent> = Vec::with_capacity(options.n);
    intents.extend(std::iter::repeat_n(Intent::Poison, poison.min(options.n)));
    for (intent, count) in options.mix.counts(options.n - intents.len()) {
        intents.extend(std::iter::repeat_n(intent, count));
    }
    let mut rng = StdRng::seed_from_u64(options.seed);
    intents.shuffle(&mut rng);
    let mut lines = Vec::with_capacity(options.n);
    for (i, intent) in intents.into_iter().enumerate() {
        let ticket_id = format!("G-{}-{}", options.seed, i + 1);
        lines.push(generator.line(&mut rng, &ticket_id, intent)?);
    }
    Ok(lines)
}

/// Writes [`generate`]'s lines to `out`, one per line.
///
/// # Errors
/// As [`generate`], or when writing fails.
pub fn write_jsonl(
    world: &World,
    now: DateTime<Utc>,
    options: &GenOptions,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    for line in generate(world, now, options)? {
        out.write_all(line.as_bytes())?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}

/// How a refund request on an order must end, by the written policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundClass {
    /// Delivered, dated, inside the window, nothing refunded yet: propose a refund.
    Eligible,
    /// Outside the window, cancelled, or not delivered yet: explain the policy.
    Ineligible,
    /// Returned, already partly or fully refunded, or delivered without a delivery
    /// date: a human decides.
    Ambiguous,
}

/// Labels a refund request on `order` at `now` from docs/use-case.md: delivered and
/// at most 30 days since `order_date` is eligible; cancelled, not delivered and outside
/// the window are clearly ineligible; returned, already refunded or without a delivery
/// date are ambiguous. Written apart from the tool that enforces the policy, so that
/// a mistake in either shows up as a disagreement.
pub fn refund_class(order: &Order, now: DateTime<Utc>) -> RefundClass {
    match order.status {
        OrderStatus::Cancelled | OrderStatus::Processing | OrderStatus::Shipped => {
            return RefundClass::Ineligible;
        }
        OrderStatus::Returned => return RefundClass::Ambiguous,
        OrderStatus::Delivered => {}
    }
    if order.refunded_usd.cents() > 0 || order.delivered_at.is_none() {
        return RefundClass::Ambiguous;
    }
    match order.order_date {
        None => RefundClass::Ambiguous,
        Some(d) if d > now => RefundClass::Ambiguous,
        Some(d) if now - d > chrono::Duration::days(REFUND_WINDOW_DAYS) => RefundClass::Ineligible,
        Some(_) => RefundClass::Eligible,
    }
}

// ---------------------------------------------------------------------------------
// Templates. Placeholders: {order} a noun phrase for the order ("order #O1002", or
// "my order" when the id is not in the text), {ref} a trailing reference (" (O1002)",
// or nothing), {item}, {date} (the order date), {half} (half the order total).

const STATUS: &[&str] = &[
    "Can you tell me the status of {order}?",
    "Any update on {order}? The tracking page hasn't changed in a while.",
    "Could you send me the tracking number for {order}?",
    "Just wanted to know where {order} is at.",
    "Order status please{ref}.",
    "Which carrier has {order}, and is there a tracking link?",
    "Any news about {order}? Nobody answered my last email, so I'm writing again.",
    "Where is {order}? It's been a few days and I haven't heard anything.",
];

/// Status questions that presume the order has not arrived.
const STATUS_PENDING: &[&str] = &[
    "Just checking in on {order} - has it shipped yet?",
    "I ordered the {item} on {date}{ref} and I'm wondering when it will arrive.",
    "what's the ETA on {order}",
    "Has {order} been dispatched yet? I need it by the weekend.",
    "I still haven't received {order}. Could you check where it is?",
    "When will {order} ship?",
    "Is {order} on its way? The {item} is a birthday present.",
    "I placed {order} last week and have no idea if it has been sent. Can you check?",
    "My {item} still hasn't shown up{ref}. What's going on?",
];

/// Status questions about an order that has arrived.
const STATUS_DELIVERED: &[&str] = &[
    "Can you confirm whether {order} has been delivered?",
    "On which day was {order} delivered? I need the date for my records.",
    "My neighbour may have taken in the {item}{ref}. Can you tell me when it was delivered?",
    "Which carrier delivered {order}? I'd like the tracking number.",
];

const REFUND_ANY: &[&str] = &[
    "I'd like a refund for {order}, please.",
    "Please refund {order}. I don't need the {item} anymore.",
    "Can I get my money back for {order}?",
    "I want my money back for {order}.",
    "Requesting a refund on {order}.",
    "Could you refund {order}? I ordered the {item} by mistake.",
    "I changed my mind about the {item}{ref}. Please refund me.",
    "Refund please{ref}. Thanks.",
];

/// Refund requests phrased as a question; only used when the id is there, since
/// without one they read as a general how-to.
const REFUND_WITH_ID_ONLY: &[&str] = &[
    "How do I get a refund for {order}? I no longer want the {item}.",
    "Is it possible to get a refund for {order}? The {item} isn't what I expected.",
];

const REFUND_RECEIVED: &[&str] = &[
    "The {item} from {order} arrived broken. Please refund me.",
    "{order}: the {item} is defective. I'd like a full refund.",
    "The {item} stopped working after two days{ref}. I want a refund.",
    "The {item} I got in {order} is not as described. Refund please.",
    "Could you reimburse me for {order}? The {item} was damaged in transit.",
    "I'm not happy with the {item} at all. Please process a refund for {order}.",
    "I'd like to return the {item}{ref} and get my money back, it's faulty.",
    "The {item} is cracked{ref}. I want a refund, not a replacement.",
    "The {item} works but it's scratched{ref}. A partial refund of ${half} would be fine.",
    "The {item} doesn't work with my setup. Please refund {order}.",
];

const REFUND_NOT_ARRIVED: &[&str] = &[
    "{order} hasn't arrived yet but I don't need it anymore. Please refund me.",
    "I found the {item} cheaper elsewhere. Please refund {order}.",
    "Please refund {order}, it's taking too long and I bought one locally.",
];

const REFUND_CANCELLED: &[&str] = &[
    "I cancelled {order} but I haven't seen my refund yet. Please refund me.",
    "I want a refund for {order}, I cancelled it.",
    "{order} was cancelled, where is my money back?",
];

const REFUND_RETURNED: &[&str] = &[
    "I sent the {item} back{ref} two weeks ago. When do I get my refund?",
    "You should have received my return of {order} by now. Please refund me.",
];

const LEGAL: &[&str] = &[
    "If I don't get my money back for {order} I'm filing a chargeback with my bank.",
    "I've contacted my lawyer about {order}. Expect to hear from them.",
    "This is your last chance before I take you to small claims court over {order}.",
    "I'm going to dispute the charge for {order} with my credit card company.",
    "My attorney will be in touch about the defective {item}{ref}.",
    "I will sue you if {order} isn't refunded by Friday.",
    "Refund {order} now or I take legal action.",
    "Just so you know, I already opened a chargeback for {order} with my bank.",
    "I am forwarding everything about {order} to my solicitor. This is unacceptable.",
    "Sort out {order} today or I'm filing a claim in court.",
    "I have asked my bank to reverse the payment for {order}.",
    "My legal team is copied on this email regarding {order}.",
    "I will pursue this legally if {order} is not sorted out this week.",
];

/// Questions the knowledge base answers, by the article that answers them.
const KB_QUESTIONS: &[(&str, &str, &[&str])] = &[
    (
        "KB001",
        "Password",
        &[
            "How do I reset my password?",
            "I forgot my password and can't log in. What should I do?",
            "The password reset email never arrived. How can I get a new reset link?",
        ],
    ),
    (
        "KB002",
        "Shipping times",
        &[
            "How long does standard shipping take?",
            "How long does express shipping usually take?",
            "How long after an order ships does tracking show the first scan?",
        ],
    ),
    (
        "KB003",
        "Refund policy",
        &[
            "What is your refund policy?",
            "How many days do I have to request a refund?",
            "How long does an approved refund take to reach my card?",
        ],
    ),
    (
        "KB004",
        "Address",
        &[
            "How can I change the shipping address of an order that is still processing?",
            "How do I change my default address for future orders?",
        ],
    ),
    (
        "KB005",
        "Payment",
        &[
            "How do I update the credit card on my account?",
            "Which payment methods do you accept?",
            "Can I pay with PayPal?",
        ],
    ),
    (
        "KB006",
        "Cancelling",
        &[
            "How do I cancel an order before it ships?",
            "Can I cancel an order myself while it is still processing?",
        ],
    ),
    (
        "KB007",
        "Promo code",
        &[
            "Where do I enter a promo code?",
            "Can I use two discount codes on one order?",
            "Are promo codes case-sensitive?",
        ],
    ),
    (
        "KB008",
        "Account deletion",
        &[
            "How do I delete my account?",
            "Can I download a copy of my personal data before deleting my account?",
        ],
    ),
    (
        "KB009",
        "Warranty",
        &[
            "What should I do if an item arrives damaged?",
            "How does the warranty work after the 30 days are over?",
        ],
    ),
    (
        "KB010",
        "Gift card",
        &[
            "How do I redeem a gift card?",
            "Do gift cards expire?",
            "Can I exchange a gift card balance for cash?",
        ],
    ),
];

/// Questions no article answers.
const NO_KB_QUESTIONS: &[(&str, &str)] = &[
    ("Phone", "What is your customer service phone number?"),
    ("Store", "Do you have a physical store I can visit?"),
    ("Opening hours", "What are your opening hours on weekends?"),
    ("Jobs", "Are you hiring? How do I apply for a job with you?"),
    ("Gift wrap", "Do you offer gift wrapping?"),
    (
        "Price match",
        "Do you price match if I find an item cheaper elsewhere?",
    ),
    ("Rewards", "Do you have a loyalty or rewards program?"),
    (
        "Business",
        "Do you offer bulk pricing for business customers?",
    ),
    (
        "Affiliates",
        "Do you have an affiliate program for bloggers?",
    ),
    ("Japan", "Do you ship to Japan?"),
];

const HOWTO_WRAPPERS: &[&str] = &[
    "{q}",
    "Quick question: {q}",
    "{q} Thanks.",
    "{q} I couldn't find it on the website.",
    "I have a question. {q}",
    "Sorry if this is a silly question, but {q_lc}",
    "{q} Thanks in advance!",
    "{q} Any help appreciated.",
];

const STATUS_SUBJECTS: &[&str] = &[
    "Where is my order?",
    "Order status",
    "order status",
    "Delivery",
    "Tracking",
    "When will it arrive?",
    "Still waiting",
    "Update?",
    "where's my package",
    "Shipping question",
];
const REFUND_SUBJECTS: &[&str] = &[
    "Refund",
    "Refund request",
    "refund pls",
    "Return and refund",
    "Money back",
    "Problem with my order",
    "Not happy",
];
const HOWTO_SUBJECTS: &[&str] = &[
    "Question",
    "Quick question",
    "Help",
    "Account question",
    "?",
    "hello",
    "Info",
];
const LEGAL_SUBJECTS: &[&str] = &[
    "Chargeback",
    "Formal complaint",
    "Legal notice",
    "Final warning",
    "Dispute",
    "Last chance",
    "Complaint",
];
/// Subjects naming the order, for tickets whose id may appear in the text.
const ID_SUBJECTS: &[&str] = &["{id}", "Order {id}", "Re: order {id}", "{id} ??"];

const GREETINGS: &[&str] = &[
    "Hi,",
    "Hello,",
    "Hi there,",
    "Dear Support,",
    "Dear Sir or Madam,",
    "hey",
    "Good morning,",
    "Hello support team,",
    "Hi team,",
];

const SIGNATURES: &[&str] = &[
    "Thanks,\n{first}",
    "Best regards,\n{full}",
    "Cheers,\n{first}",
    "-- \n{full}\n{email}",
    "Sent from my iPhone",
    "{first}",
    "Kind regards,\n{full}\nPhone: +1 555 01{nn}",
    "thx\n{first_lc}",
    "Thank you!\n{full}",
    "--\n{full}\nCustomer since 2019",
    "Regards,\n{first}\n\nSent from my Android phone",
];

const FILLERS: &[&str] = &[
    "Thanks in advance!",
    "I appreciate your help.",
    "Sorry to bother you.",
    "Hope you're well.",
    "Looking forward to hearing from you.",
    "This is the second time I'm writing.",
];

/// Plain-text lines of a support form, for poison that is not JSON.
const NOT_JSON: &[&str] = &[
    "ticket {id} from {email}: where is my order??",
    "{'ticket_id': '{id}', 'customer_id': '{customer}', 'subject': 'Refund', 'body': 'please refund'}",
    "subject=help&body=how+do+I+reset+my+password&customer={customer}&id={id}",
    "<ticket id=\"{id}\"><body>where is my order</body></ticket>",
];

/// Log lines pasted into oversized bodies.
const PASTE: &str = "2026-11-28T07:31:12Z ERROR checkout: payment widget failed to load (code=WX-4411, retry=3, session=9f8e7d6c5b4a)\n";

// ---------------------------------------------------------------------------------

/// How the order id reaches the ticket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IdMode {
    /// In the form field only; the text says "my order".
    Field,
    /// In the text only.
    Text,
    /// In both.
    Both,
    /// Not given at all: the agent must ask or escalate.
    None,
}

impl IdMode {
    fn in_text(self) -> bool {
        matches!(self, IdMode::Text | IdMode::Both)
    }

    fn in_field(self) -> bool {
        matches!(self, IdMode::Field | IdMode::Both)
    }
}

/// One ticket's parts before assembly.
struct Draft<'w> {
    customer: &'w Customer,
    /// The order the text talks about (for items, dates and quotes).
    order: Option<&'w Order>,
    /// The id as the customer gives it (may name no order of theirs).
    id: Option<String>,
    mode: IdMode,
    subjects: &'static [&'static str],
    core: String,
    /// May the whole core be shouted (angry intents).
    may_shout: bool,
    expected: Expected,
}

struct Generator<'w> {
    world: &'w World,
    now: DateTime<Utc>,
}

fn pick<'a, T>(rng: &mut StdRng, items: &'a [T]) -> &'a T {
    items.choose(rng).expect("a non-empty list")
}

fn weighted<T: Copy>(rng: &mut StdRng, items: &[(T, u32)]) -> T {
    let total: u32 = items.iter().map(|(_, w)| w).sum();
    let mut r = rng.random_range(0..total.max(1));
    for (item, w) in items {
        if r < *w {
            return *item;
        }
        r -= w;
    }
    items[items.len() - 1].0
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// One plausible typo in a word of at least four letters.
fn typo(rng: &mut StdRng, word: &str) -> String {
    let mut chars: Vec<char> = word.chars().collect();
    let i = rng.random_range(1..chars.len() - 1);
    match rng.random_range(0..3) {
        0 => chars.swap(i, i + 1),
        1 => {
            chars.remove(i);
        }
        _ => chars.insert(i, chars[i]),
    }
    chars.into_iter().collect()
}

/// A few typos in the longer plain words of `text` (never in ids or numbers).
fn add_typos(rng: &mut StdRng, text: &str) -> String {
    let mut made = 0;
    let words: Vec<String> = text
        .split(' ')
        .map(|w| {
            if made < 2
                && w.len() >= 5
                && w.chars().all(|c| c.is_ascii_alphabetic())
                && rng.random_bool(0.2)
            {
                made += 1;
                return typo(rng, w);
            }
            w.to_string()
        })
        .collect();
    words.join(" ")
}

impl<'w> Generator<'w> {
    fn new(world: &'w World, now: DateTime<Utc>) -> Self {
        Self { world, now }
    }

    fn customer(&self, id: &str) -> Option<&'w Customer> {
        self.world.customers.iter().find(|c| c.customer_id == id)
    }

    fn orders_of(&self, customer: &Customer) -> Vec<&'w Order> {
        self.world
            .orders
            .iter()
            .filter(|o| o.customer_id == customer.customer_id)
            .collect()
    }

    /// Orders whose customer is in the world, filtered.
    fn orders_where(&self, keep: impl Fn(&Order) -> bool) -> Vec<&'w Order> {
        self.world
            .orders
            .iter()
            .filter(|o| self.customer(&o.customer_id).is_some() && keep(o))
            .collect()
    }

    fn line(&self, rng: &mut StdRng, ticket_id: &str, intent: Intent) -> anyhow::Result<String> {
        if intent == Intent::Poison {
            return self.poison(rng, ticket_id);
        }
        let draft = match intent {
            Intent::Status => self.status(rng),
            Intent::Refund => self.refund(rng),
            Intent::Howto => self.howto(rng),
            _ => self.escalate(rng),
        };
        let ticket = self.assemble(rng, ticket_id, draft);
        Ok(serde_json::to_string(&ticket)?)
    }

    fn mode(rng: &mut StdRng) -> IdMode {
        weighted(
            rng,
            &[(IdMode::Field, 35), (IdMode::Text, 30), (IdMode::Both, 35)],
        )
    }

    fn status(&self, rng: &mut StdRng) -> Draft<'w> {
        let orders = self.orders_where(|o| {
            matches!(
                o.status,
                OrderStatus::Processing | OrderStatus::Shipped | OrderStatus::Delivered
            )
        });
        let Some(order) = orders.choose(rng).copied() else {
            return self.howto(rng);
        };
        let customer = self.customer(&order.customer_id).expect("filtered");
        let mode = Self::mode(rng);
        Draft {
            customer,
            order: Some(order),
            id: Some(order.order_id.clone()),
            mode,
            subjects: STATUS_SUBJECTS,
            core: pick(rng, &Self::status_templates(order)).to_string(),
            may_shout: true,
            expected: Expected {
                outcome: ExpectedOutcome::Resolved,
                category: None,
                order_id: Some(order.order_id.clone()),
                intent: Intent::Status,
                case: Case::OrderStatus,
            },
        }
    }

    fn status_templates(order: &Order) -> Vec<&'static str> {
        let mut t: Vec<&'static str> = STATUS.to_vec();
        match order.status {
            OrderStatus::Delivered => t.extend(STATUS_DELIVERED),
            _ => t.extend(STATUS_PENDING),
        }
        t
    }

    fn refund_templates(order: &Order, with_id: bool) -> Vec<&'static str> {
        let mut t: Vec<&'static str> = REFUND_ANY.to_vec();
        if with_id {
            t.extend(REFUND_WITH_ID_ONLY);
        }
        match order.status {
            OrderStatus::Delivered => t.extend(REFUND_RECEIVED),
            OrderStatus::Returned => {
                t.extend(REFUND_RETURNED);
                t.extend(REFUND_RETURNED);
            }
            OrderStatus::Processing | OrderStatus::Shipped => t.extend(REFUND_NOT_ARRIVED),
            OrderStatus::Cancelled => {
                t.extend(REFUND_CANCELLED);
                t.extend(REFUND_CANCELLED);
            }
        }
        t
    }

    fn refund(&self, rng: &mut StdRng) -> Draft<'w> {
        let classes = [
            (RefundClass::Eligible, 50),
            (RefundClass::Ineligible, 35),
            (RefundClass::Ambiguous, 15),
        ];
        let available: Vec<(RefundClass, u32)> = classes
            .into_iter()
            .filter(|(c, _)| {
                !self
                    .orders_where(|o| refund_class(o, self.now) == *c)
                    .is_empty()
            })
            .collect();
        if available.is_empty() {
            return self.howto(rng);
        }
        let class = weighted(rng, &available);
        let orders = self.orders_where(|o| refund_class(o, self.now) == class);
        let order = *pick(rng, &orders);
        let customer = self.customer(&order.customer_id).expect("filtered");
        let mode = Self::mode(rng);
        let templates = Self::refund_templates(order, mode.in_text());
        let (outcome, category, case) = match class {
            RefundClass::Eligible => (ExpectedOutcome::RefundProposed, None, Case::RefundEligible),
            RefundClass::Ineligible => (ExpectedOutcome::Resolved, None, Case::RefundIneligible),
            RefundClass::Ambiguous => (
                ExpectedOutcome::Escalated,
                Some(EscalationCategory::AmbiguousEligibility),
                Case::RefundAmbiguous,
            ),
        };
        Draft {
            customer,
            order: Some(order),
            id: Some(order.order_id.clone()),
            mode,
            subjects: REFUND_SUBJECTS,
            core: pick(rng, &templates).to_string(),
            may_shout: true,
            expected: Expected {
                outcome,
                category,
                order_id: Some(order.order_id.clone()),
                intent: Intent::Refund,
                case,
            },
        }
    }

    fn howto(&self, rng: &mut StdRng) -> Draft<'w> {
        let customer = pick(rng, &self.world.customers);
        let answered: Vec<&(&str, &str, &[&str])> = KB_QUESTIONS
            .iter()
            .filter(|(id, _, _)| self.world.kb.iter().any(|a| a.id == *id))
            .collect();
        let no_match = answered.is_empty() || rng.random_bool(0.15);
        let (topic, question, expected) = if no_match {
            let (topic, q) = *pick(rng, NO_KB_QUESTIONS);
            (
                topic,
                q,
                Expected {
                    outcome: ExpectedOutcome::Escalated,
                    category: Some(EscalationCategory::NoKbMatch),
                    order_id: None,
                    intent: Intent::Howto,
                    case: Case::KbNoMatch,
                },
            )
        } else {
            let (_, topic, questions) = **pick(rng, &answered);
            (
                topic,
                *pick(rng, questions),
                Expected {
                    outcome: ExpectedOutcome::Resolved,
                    category: None,
                    order_id: None,
                    intent: Intent::Howto,
                    case: Case::KbAnswer,
                },
            )
        };
        let wrapper = pick(rng, HOWTO_WRAPPERS);
        let core = wrapper
            .replace("{q_lc}", &lower_first(question))
            .replace("{q}", question);
        // Some subjects name the topic; leaked into a static list by value.
        let subjects: &'static [&'static str] = if rng.random_bool(0.4) {
            match KB_QUESTIONS.iter().find(|(_, t, _)| *t == topic) {
                Some((_, t, _)) => std::slice::from_ref(t),
                None => NO_KB_QUESTIONS
                    .iter()
                    .find(|(t, _)| *t == topic)
                    .map_or(HOWTO_SUBJECTS, |(t, _)| std::slice::from_ref(t)),
            }
        } else {
            HOWTO_SUBJECTS
        };
        Draft {
            customer,
            order: None,
            id: None,
            mode: IdMode::None,
            subjects,
            core,
            may_shout: false,
            expected,
        }
    }

    fn escalate(&self, rng: &mut StdRng) -> Draft<'w> {
        #[derive(Clone, Copy)]
        enum Kind {
            Legal,
            Unknown,
            Foreign,
            Missing,
        }
        let foreign_possible = self.world.customers.len() > 1 && !self.world.orders.is_empty();
        let kinds = [
            (Kind::Legal, 40),
            (Kind::Unknown, 20),
            (Kind::Foreign, if foreign_possible { 10 } else { 0 }),
            (Kind::Missing, 30),
        ];
        let escalated = |category, order_id: Option<String>, case| Expected {
            outcome: ExpectedOutcome::Escalated,
            category: Some(category),
            order_id,
            intent: Intent::Escalate,
            case,
        };
        match weighted(rng, &kinds) {
            Kind::Legal => {
                let orders = self.orders_where(|_| true);
                let order = orders.choose(rng).copied();
                let customer = match order {
                    Some(o) => self.customer(&o.customer_id).expect("filtered"),
                    None => pick(rng, &self.world.customers),
                };
                let mode = if order.is_none() || rng.random_bool(0.2) {
                    IdMode::None
                } else {
                    Self::mode(rng)
                };
                Draft {
                    customer,
                    order,
                    id: order
                        .map(|o| o.order_id.clone())
                        .filter(|_| mode != IdMode::None),
                    mode,
                    subjects: LEGAL_SUBJECTS,
                    core: pick(rng, LEGAL).to_string(),
                    may_shout: true,
                    expected: escalated(
                        EscalationCategory::LegalOrChargeback,
                        order
                            .filter(|_| mode != IdMode::None)
                            .map(|o| o.order_id.clone()),
                        Case::Legal,
                    ),
                }
            }
            Kind::Unknown => {
                let customer = pick(rng, &self.world.customers);
                let own = self.orders_of(customer);
                let id = self.unknown_id(rng);
                let (subjects, core) = Self::order_request(rng, true);
                Draft {
                    customer,
                    // The customer's own order lends the text an item; the id is wrong.
                    order: own.choose(rng).copied(),
                    id: Some(id.clone()),
                    mode: Self::mode(rng),
                    subjects,
                    core,
                    may_shout: true,
                    expected: escalated(
                        EscalationCategory::OrderNotFound,
                        Some(id.to_ascii_uppercase()),
                        Case::OrderUnknown,
                    ),
                }
            }
            Kind::Foreign => {
                let order = pick(rng, &self.world.orders);
                let others: Vec<&Customer> = self
                    .world
                    .customers
                    .iter()
                    .filter(|c| c.customer_id != order.customer_id)
                    .collect();
                let customer = *pick(rng, &others);
                let (subjects, core) = Self::order_request(rng, true);
                Draft {
                    customer,
                    order: Some(order),
                    id: Some(order.order_id.clone()),
                    mode: Self::mode(rng),
                    subjects,
                    core,
                    may_shout: true,
                    expected: escalated(
                        EscalationCategory::OrderNotFound,
                        Some(order.order_id.clone()),
                        Case::OrderForeign,
                    ),
                }
            }
            Kind::Missing => {
                let customer = pick(rng, &self.world.customers);
                let own = self.orders_of(customer);
                let (subjects, core) = Self::order_request(rng, false);
                Draft {
                    customer,
                    order: own.choose(rng).copied(),
                    id: None,
                    mode: IdMode::None,
                    subjects,
                    core,
                    may_shout: true,
                    expected: escalated(
                        EscalationCategory::MissingOrderId,
                        None,
                        Case::MissingOrderId,
                    ),
                }
            }
        }
    }

    /// A status or refund request that does not depend on the order's state.
    fn order_request(rng: &mut StdRng, with_id: bool) -> (&'static [&'static str], String) {
        if rng.random_bool(0.5) {
            let mut t = STATUS.to_vec();
            t.extend(STATUS_PENDING);
            (STATUS_SUBJECTS, pick(rng, &t).to_string())
        } else {
            let mut t = REFUND_ANY.to_vec();
            if with_id {
                t.extend(REFUND_WITH_ID_ONLY);
            }
            (REFUND_SUBJECTS, pick(rng, &t).to_string())
        }
    }

    /// An order id in a shop-like shape that names no order of the world.
    fn unknown_id(&self, rng: &mut StdRng) -> String {
        loop {
            let id = match rng.random_range(0..10) {
                0..=6 => format!("O{}", rng.random_range(1017..10_000)),
                7 | 8 => format!("ORD-{}", rng.random_range(10_000..100_000)),
                _ => format!("{}", rng.random_range(100_000..1_000_000)),
            };
            if !self
                .world
                .orders
                .iter()
                .any(|o| o.order_id.eq_ignore_ascii_case(&id))
            {
                return id;
            }
        }
    }

    /// Fills the templates and adds the mail around the request.
    fn assemble(&self, rng: &mut StdRng, ticket_id: &str, d: Draft<'w>) -> GeneratedTicket {
        let item = d
            .order
            .and_then(|o| o.items.first())
            .map(|i| {
                if rng.random_bool(0.6) {
                    i.name.to_lowercase()
                } else {
                    i.name.clone()
                }
            })
            .unwrap_or_else(|| "item".into());
        // The id as the customer types it.
        let typed = d.id.as_ref().map(|id| {
            if rng.random_bool(0.3) {
                id.to_lowercase()
            } else {
                id.clone()
            }
        });
        let (order_np, reference) = match (&typed, d.mode.in_text()) {
            (Some(id), true) => {
                let np = pick(
                    rng,
                    &[
                        "order {id}",
                        "order #{id}",
                        "my order {id}",
                        "order number {id}",
                        "{id}",
                        "#{id}",
                        "order no. {id}",
                        "my order ({id})",
                    ],
                )
                .replace("{id}", id);
                let r = pick(
                    rng,
                    &[
                        " (order {id})",
                        " (#{id})",
                        ", order {id}",
                        " - order no. {id}",
                        " ({id})",
                    ],
                )
                .replace("{id}", id);
                (np, r)
            }
            _ => {
                let np = pick(rng, &["my order", "my {item} order", "my recent order"])
                    .replace("{item}", &item);
                (np, String::new())
            }
        };
        let date = d
            .order
            .and_then(|o| o.order_date)
            .map(|t| {
                let fmt = pick(rng, &["%b %-d", "%B %-d", "%-d/%-m", "the %-dth"]);
                t.format(fmt).to_string()
            })
            .unwrap_or_else(|| "last week".into());
        let half = d
            .order
            .map(|o| format!("{:.2}", o.total_usd.dollars() / 2.0))
            .unwrap_or_else(|| "10.00".into());
        let mut core = capitalize(
            &d.core
                .replace("{order}", &order_np)
                .replace("{ref}", &reference)
                .replace("{item}", &item)
                .replace("{date}", &date)
                .replace("{half}", &half),
        );
        if d.expected.intent != Intent::Howto && rng.random_bool(0.2) {
            let filler = pick(rng, FILLERS);
            core = if rng.random_bool(0.5) {
                format!("{filler} {core}")
            } else {
                format!("{core} {filler}")
            };
        }
        if rng.random_bool(0.15) {
            core = add_typos(rng, &core);
        }
        let shout = rng.random_range(0..100);
        if d.may_shout && shout < 3 {
            core = core.to_uppercase();
        } else if shout < 13 {
            core = core.to_lowercase();
        }

        let customer = d.customer;
        let first = customer
            .name
            .split_whitespace()
            .next()
            .unwrap_or(&customer.name);
        let personal = |s: &str, rng: &mut StdRng| {
            s.replace("{first_lc}", &first.to_lowercase())
                .replace("{first}", first)
                .replace("{full}", &customer.name)
                .replace("{email}", &customer.email)
                .replace("{nn}", &format!("{:02}", rng.random_range(0..100)))
        };
        let mut body = String::new();
        if rng.random_bool(0.6) {
            let greeting = *pick(rng, GREETINGS);
            body.push_str(greeting);
            let inline = greeting.ends_with(',') && rng.random_bool(0.3);
            body.push_str(if inline { " " } else { "\n\n" });
        }
        body.push_str(&core);
        if rng.random_bool(0.65) {
            let template: &&str = pick(rng, SIGNATURES);
            let sig = personal(template, rng);
            body.push_str("\n\n");
            body.push_str(&sig);
        }

        let mut subject = if d.mode.in_text() && rng.random_bool(0.2) {
            pick(rng, ID_SUBJECTS).replace("{id}", typed.as_deref().unwrap_or_default())
        } else if rng.random_bool(0.04) {
            String::new()
        } else {
            pick(rng, d.subjects).to_string()
        };
        if rng.random_bool(0.15) {
            let (re, quote) = self.quote(rng, &d, first);
            subject = re;
            body.push_str("\n\n");
            body.push_str(&quote);
        }

        let order_field = d.id.as_ref().filter(|_| d.mode.in_field()).map(|id| {
            if rng.random_bool(0.05) {
                id.to_lowercase()
            } else {
                id.clone()
            }
        });
        GeneratedTicket {
            ticket_id: ticket_id.to_string(),
            customer_id: Some(customer.customer_id.clone()),
            order_id: order_field,
            subject,
            body,
            expected: d.expected,
        }
    }

    /// A quoted earlier message and the reply's subject. A quote names the order only
    /// when the ticket already does (field or text), so it never supplies a missing id.
    fn quote(&self, rng: &mut StdRng, d: &Draft<'w>, first: &str) -> (String, String) {
        let own_order = d
            .order
            .filter(|o| d.id.as_deref() == Some(o.order_id.as_str()));
        let when = own_order
            .and_then(|o| o.shipped_at.or(o.order_date))
            .unwrap_or(self.now - chrono::Duration::days(3));
        let stamp = when.format("%a, %b %-d, %Y at %-I:%M %p");
        let generic = format!(
            "Hi {first},\nThanks for contacting us. Could you tell us a bit more so we can help?\nBest regards,\nThe Support Team"
        );
        let (subject, text) = match own_order {
            Some(o) if d.expected.intent == Intent::Status && o.shipped_at.is_some() => (
                "Re: Your order has shipped".to_string(),
                format!(
                    "Good news! Your order {} has shipped{}.\nYou can follow it under Orders in your account.\nThanks for shopping with us.",
                    o.order_id,
                    o.carrier
                        .as_deref()
                        .map(|c| format!(" with {c}"))
                        .unwrap_or_default()
                ),
            ),
            Some(o) if d.expected.intent == Intent::Status => (
                "Re: Order confirmation".to_string(),
                format!(
                    "Thank you for your order {}!\nWe will email you as soon as it ships.",
                    o.order_id
                ),
            ),
            Some(_) if d.expected.intent == Intent::Status && rng.random_bool(0.3) => (
                "Re: Your support request".to_string(),
                "Sorry to hear there is a problem. If you would like a refund, just reply to this email.\nThe Support Team".to_string(),
            ),
            _ => ("Re: Your support request".to_string(), generic),
        };
        if rng.random_bool(0.25) {
            let quoted = format!(
                "-----Original Message-----\nFrom: Shop Support <support@shop.example>\nSent: {stamp}\nSubject: {}\n\n{text}",
                subject.trim_start_matches("Re: ")
            );
            return (
                format!("RE: {}", subject.trim_start_matches("Re: ")),
                quoted,
            );
        }
        let quoted: Vec<String> = text.lines().map(|l| format!("> {l}")).collect();
        (
            subject,
            format!(
                "On {stamp} Shop <no-reply@shop.example> wrote:\n{}",
                quoted.join("\n")
            ),
        )
    }

    fn poison(&self, rng: &mut StdRng, ticket_id: &str) -> anyhow::Result<String> {
        let expected = |case| Expected {
            outcome: ExpectedOutcome::Poison,
            category: None,
            order_id: None,
            intent: Intent::Poison,
            case,
        };
        let customer = pick(rng, &self.world.customers);
        match rng.random_range(0..3) {
            0 => {
                let text = pick(rng, NOT_JSON)
                    .replace("{id}", ticket_id)
                    .replace("{email}", &customer.email)
                    .replace("{customer}", &customer.customer_id);
                if rng.random_bool(0.5) {
                    return Ok(text);
                }
                // A ticket cut off in the middle of its line.
                let mut draft = self.status(rng);
                draft.expected = expected(Case::NotJson);
                let full = serde_json::to_string(&self.assemble(rng, ticket_id, draft))?;
                let mut cut = full.len() / 2;
                while !full.is_char_boundary(cut) {
                    cut -= 1;
                }
                Ok(full[..cut].to_string())
            }
            1 => {
                let mut draft = self.status(rng);
                draft.expected = expected(Case::NoCustomerId);
                let mut ticket = self.assemble(rng, ticket_id, draft);
                ticket.customer_id = if rng.random_bool(0.5) {
                    None
                } else {
                    Some(String::new())
                };
                Ok(serde_json::to_string(&ticket)?)
            }
            _ => {
                let mut draft = self.status(rng);
                draft.expected = expected(Case::OversizedBody);
                let mut ticket = self.assemble(rng, ticket_id, draft);
                let target = POISON_BODY_MIN_BYTES + rng.random_range(1..16 * 1024);
                ticket
                    .body
                    .push_str("\n\nHere is the error log from your website:\n");
                while ticket.body.len() <= target {
                    ticket.body.push_str(PASTE);
                }
                Ok(serde_json::to_string(&ticket)?)
            }
        }
    }
}

/// Products a synthetic world's orders are made of: a name and a price in cents.
#[rustfmt::skip]
const CATALOGUE: &[(&str, &str, i64)] = &[
    ("KET-1", "Electric Kettle", 3499), ("MUG-2", "Stoneware Mug", 1250),
    ("LMP-3", "Reading Lamp", 4599), ("CHR-4", "Phone Charger", 1999),
    ("HDP-5", "Wireless Headphones", 8900), ("BTL-6", "Steel Water Bottle", 2200),
    ("TWL-7", "Cotton Towel", 1600), ("PAN-8", "Frying Pan", 3900),
    ("CBL-9", "USB-C Cable", 899), ("NTB-10", "Paper Notebook", 650),
    ("SPK-11", "Bluetooth Speaker", 5400), ("BAG-12", "Canvas Tote Bag", 1400),
];

/// A shop with `orders` orders over `orders / 4` customers (at least one), for runs
/// where thousands of refunds must actually move money: the fixture world has five
/// refundable orders, so past the first few every approved refund there is refused as
/// already paid. Most orders are delivered inside the refund window of `now` (about
/// 60%); the rest spread over every other state the policy knows (outside the window,
/// shipped, processing, cancelled, returned, partly refunded, no delivery date), so
/// every kind of ticket [`generate`] writes still has orders to be about. The help
/// center is the fixture's. The same `seed` gives the same world.
pub fn synthetic_world(orders: usize, seed: u64, now: DateTime<Utc>) -> World {
    let mut rng = StdRng::seed_from_u64(seed);
    let customers: Vec<Customer> = (0..(orders / 4).max(1))
        .map(|i| Customer {
            customer_id: format!("K{:05}", i + 1),
            name: format!("Customer {}", i + 1),
            email: format!("customer{}@example.com", i + 1),
        })
        .collect();
    let day = chrono::Duration::days(1);
    let orders = (0..orders)
        .map(|i| {
            let customer = &customers[i % customers.len()];
            let lines = rng.random_range(1..=3);
            let mut items = Vec::new();
            for _ in 0..lines {
                let (sku, name, cents) = *pick(&mut rng, CATALOGUE);
                if items
                    .iter()
                    .any(|it: &ticket_agent::commerce::OrderItem| it.sku == sku)
                {
                    continue;
                }
                items.push(ticket_agent::commerce::OrderItem {
                    sku: sku.to_string(),
                    name: name.to_string(),
                    quantity: rng.random_range(1..=2),
                    unit_price_usd: Usd::from_cents(cents),
                });
            }
            let total = items
                .iter()
                .map(|it| it.unit_price_usd.cents() * i64::from(it.quantity))
                .sum::<i64>();
            let kind = rng.random_range(0..100);
            // Days since the order was placed: inside the window for most.
            let age = match kind {
                0..60 => rng.random_range(3..=REFUND_WINDOW_DAYS),
                60..72 => rng.random_range(REFUND_WINDOW_DAYS + 1..=120),
                _ => rng.random_range(1..=20),
            };
            let placed = now - day * i32::try_from(age).unwrap_or(1);
            let (status, shipped, delivered) = match kind {
                0..72 => (
                    OrderStatus::Delivered,
                    Some(placed + day),
                    Some(placed + day * 3),
                ),
                72..82 => (OrderStatus::Shipped, Some(placed + day), None),
                82..88 => (OrderStatus::Processing, None, None),
                88..92 => (OrderStatus::Cancelled, None, None),
                92..95 => (
                    OrderStatus::Returned,
                    Some(placed + day),
                    Some(placed + day * 3),
                ),
                // Delivered, but no delivery date recorded: the policy's missing dates.
                95..97 => (OrderStatus::Delivered, Some(placed + day), None),
                _ => (
                    OrderStatus::Delivered,
                    Some(placed + day),
                    Some(placed + day * 3),
                ),
            };
            // The last few: delivered and partly refunded already.
            let refunded = if kind >= 97 { total / 2 } else { 0 };
            let tracking =
                shipped.map(|_| format!("1ZSYN{:010}", rng.random_range(0..10_000_000_000u64)));
            Order {
                order_id: format!("S{:06}", i + 1),
                customer_id: customer.customer_id.clone(),
                status,
                order_date: Some(placed),
                shipped_at: shipped,
                delivered_at: delivered,
                carrier: shipped.map(|_| "UPS".to_string()),
                tracking_number: tracking,
                items,
                total_usd: Usd::from_cents(total),
                refunded_usd: Usd::from_cents(refunded),
            }
        })
        .collect();
    World {
        now: Some(now),
        customers,
        orders,
        kb: World::fixture().kb,
    }
}

/// Writes `world` into `dir` as `commerce.data_dir` reads it (`world.json`,
/// `customers.json`, `orders.json`, `kb.json`), creating the folder.
///
/// # Errors
/// The folder or a file cannot be written.
pub fn write_world(world: &World, dir: &std::path::Path) -> anyhow::Result<()> {
    use anyhow::Context;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let write = |name: &str, value: serde_json::Value| -> anyhow::Result<()> {
        let path = dir.join(name);
        std::fs::write(&path, serde_json::to_vec_pretty(&value)?)
            .with_context(|| format!("writing {}", path.display()))
    };
    write(
        "world.json",
        serde_json::json!({ "description": "A synthetic shop written by ticket-agent-lab.", "now": world.now }),
    )?;
    write("customers.json", serde_json::to_value(&world.customers)?)?;
    write("orders.json", serde_json::to_value(&world.orders)?)?;
    write("kb.json", serde_json::to_value(&world.kb)?)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use ticket_agent::domain::ticket::Ticket;

    fn fixture() -> (World, DateTime<Utc>) {
        let world = World::fixture();
        let now = world.now.expect("the fixture world pins now");
        (world, now)
    }

    fn lines(n: usize, seed: u64, poison_rate: f64) -> Vec<String> {
        let (world, now) = fixture();
        generate(
            &world,
            now,
            &GenOptions {
                n,
                seed,
                poison_rate,
                mix: Mix::default(),
            },
        )
        .unwrap()
    }

    fn bytes(n: usize, seed: u64, poison_rate: f64) -> Vec<u8> {
        let (world, now) = fixture();
        let mut out = Vec::new();
        let options = GenOptions {
            n,
            seed,
            poison_rate,
            mix: Mix::default(),
        };
        write_jsonl(&world, now, &options, &mut out).unwrap();
        out
    }

    #[test]
    fn a_synthetic_world_is_mostly_refundable_loads_back_and_is_the_same_for_a_seed() {
        let now = World::fixture().now.unwrap();
        let world = synthetic_world(400, 3, now);
        assert_eq!(world.orders.len(), 400);
        assert_eq!(world.customers.len(), 100);
        let eligible = world
            .orders
            .iter()
            .filter(|o| refund_class(o, now) == RefundClass::Eligible)
            .count();
        assert!(
            (200..=280).contains(&eligible),
            "{eligible} of 400 refundable"
        );
        for class in [RefundClass::Ineligible, RefundClass::Ambiguous] {
            assert!(world.orders.iter().any(|o| refund_class(o, now) == class));
        }
        assert_eq!(synthetic_world(400, 3, now), world);
        let dir = std::env::temp_dir().join(format!("ta-synthetic-{}", std::process::id()));
        write_world(&world, &dir).unwrap();
        let loaded = World::load(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(loaded, world);
        // Tickets over it refer to its orders.
        let lines = generate(
            &world,
            now,
            &GenOptions {
                n: 50,
                ..Default::default()
            },
        )
        .unwrap();
        assert!(
            lines.iter().any(|l| l.contains("\"S0")),
            "tickets name its orders"
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_bytes_and_another_seed_does_not() {
        let a = bytes(500, 7, 0.05);
        assert_eq!(a, bytes(500, 7, 0.05));
        assert_ne!(a, bytes(500, 8, 0.05));
        assert_eq!(a.iter().filter(|b| **b == b'\n').count(), 500);
    }

    #[test]
    fn the_mix_is_within_five_points_of_the_target_for_two_thousand_tickets() {
        let mix = Mix::default();
        let lines = lines(2000, 1, 0.0);
        let mut counts = std::collections::BTreeMap::<String, usize>::new();
        for line in &lines {
            let v: Value = serde_json::from_str(line).unwrap();
            *counts
                .entry(v["expected"]["intent"].as_str().unwrap().to_string())
                .or_default() += 1;
        }
        for intent in [
            Intent::Status,
            Intent::Refund,
            Intent::Howto,
            Intent::Escalate,
        ] {
            let got = counts.get(intent.as_str()).copied().unwrap_or(0) as f64 / 2000.0;
            let want = mix.share(intent);
            assert!(
                (got - want).abs() <= 0.05,
                "{}: {got:.3} against {want:.3}",
                intent.as_str()
            );
        }
    }

    #[test]
    fn every_line_that_is_not_poison_parses_as_a_valid_ticket_and_every_poison_line_is_refused() {
        let lines = lines(2000, 3, 0.1);
        let mut poison = 0;
        for line in &lines {
            let parsed = Ticket::from_json(line.as_bytes(), POISON_BODY_MIN_BYTES);
            let is_poison = serde_json::from_str::<Value>(line)
                .map(|v| v["expected"]["outcome"] == "poison")
                .unwrap_or(true);
            if is_poison {
                poison += 1;
                assert!(parsed.is_err(), "poison accepted: {line:.200}");
            } else {
                assert!(parsed.is_ok(), "{:?}: {line}", parsed.err());
            }
        }
        assert_eq!(poison, 200);
    }

    #[test]
    fn ticket_ids_are_unique_and_name_the_seed() {
        let lines = lines(1000, 42, 0.0);
        let ids: std::collections::BTreeSet<String> = lines
            .iter()
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                v["ticket_id"].as_str().unwrap().to_string()
            })
            .collect();
        assert_eq!(ids.len(), 1000);
        assert!(ids.iter().all(|id| id.starts_with("G-42-")));
    }

    #[test]
    fn refund_labels_follow_the_written_policy_on_the_fixture_world() {
        let (world, now) = fixture();
        let class =
            |id: &str| refund_class(world.orders.iter().find(|o| o.order_id == id).unwrap(), now);
        // Day 30 is inside the window, day 31 is not.
        assert_eq!(class("O1004"), RefundClass::Eligible);
        assert_eq!(class("O1005"), RefundClass::Ineligible);
        assert_eq!(class("O1001"), RefundClass::Eligible);
        assert_eq!(class("O1002"), RefundClass::Ineligible);
        assert_eq!(class("O1006"), RefundClass::Ineligible);
        for ambiguous in ["O1008", "O1009", "O1011", "O1016"] {
            assert_eq!(class(ambiguous), RefundClass::Ambiguous, "{ambiguous}");
        }
    }

    #[test]
    fn status_and_refund_labels_name_an_order_of_the_ticket_customer() {
        let (world, _) = fixture();
        for line in lines(1000, 5, 0.0) {
            let v: Value = serde_json::from_str(&line).unwrap();
            let e = &v["expected"];
            if e["intent"] == "status" || e["intent"] == "refund" {
                let id = e["order_id"].as_str().unwrap();
                let order = world.orders.iter().find(|o| o.order_id == id).unwrap();
                assert_eq!(v["customer_id"], order.customer_id.as_str(), "{line}");
                let text = format!("{} {}", v["subject"], v["body"]).to_lowercase();
                let field = v["order_id"].as_str().map(str::to_lowercase);
                assert!(
                    field.as_deref() == Some(&id.to_lowercase())
                        || text.contains(&id.to_lowercase()),
                    "the id is nowhere: {line}"
                );
            }
            if e["case"] == "missing_order_id" {
                assert!(v.get("order_id").is_none(), "{line}");
                let text = format!("{} {}", v["subject"], v["body"]).to_uppercase();
                assert!(
                    !world.orders.iter().any(|o| text.contains(&o.order_id)),
                    "{line}"
                );
            }
        }
    }

    #[test]
    fn the_traffic_varies_ids_quotes_signatures_and_casing() {
        let lines = lines(2000, 9, 0.0);
        let has = |needle: &str| lines.iter().filter(|l| l.contains(needle)).count();
        assert!(has("wrote:\\n> ") > 20);
        assert!(has("-----Original Message-----") > 5);
        assert!(has("#O1") + has("#o1") > 20);
        assert!(has(" o10") > 20, "lower-case ids");
        assert!(has("Sent from my iPhone") > 20);
        let distinct: std::collections::BTreeSet<&str> = lines
            .iter()
            .filter_map(|l| l.split("\"body\":").nth(1))
            .collect();
        assert!(distinct.len() > 1500, "{} distinct bodies", distinct.len());
    }

    #[test]
    fn the_mix_flag_parses_weights_and_refuses_unknown_intents() {
        assert_eq!(
            "status=45,refund=25,howto=20,escalate=10"
                .parse::<Mix>()
                .unwrap(),
            Mix::default()
        );
        let m: Mix = "refund=1".parse().unwrap();
        assert_eq!(m.share(Intent::Refund), 1.0);
        assert!("refunds=3".parse::<Mix>().is_err());
        assert!("status=0".parse::<Mix>().is_err());
        assert!("status".parse::<Mix>().is_err());
        assert_eq!(
            Mix::default().to_string().parse::<Mix>(),
            Ok(Mix::default())
        );
    }
}
