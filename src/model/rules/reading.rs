//! How the rules model reads a ticket's text: the customer's own words apart from
//! quoted replies and signatures, the order ids it names, its clauses, questions and
//! requests, negation, legal threats, and whether it is in a language the rules read.

use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

use crate::domain::normalize::{before_disclaimer, leading_signature};
use crate::domain::order_id::OrderIdPattern;
use crate::domain::sentences::Ends;
use crate::domain::thread::Thread;

/// The parts of the ticket the rules read.
#[derive(Debug)]
pub(super) struct TicketText {
    pub(super) ticket_id: String,
    pub(super) customer_id: String,
    pub(super) order_field: Option<String>,
    pub(super) subject: String,
    /// The body without quoted replies and signatures.
    pub(super) body: String,
    /// Subject and body without quoted replies and signatures.
    pub(super) text: String,
    /// What was left out of `body`: quoted replies and what follows a signature mark.
    /// Read only for an order id the customer's own words do not give (a reply to our
    /// shipping email that quotes its order number).
    pub(super) quoted: String,
    /// What was said and done on the ticket before this message (docs/use-case.md,
    /// "Follow-ups"); empty for a first message.
    pub(super) thread: Thread,
    /// The shop's definition of an order id.
    pub(super) ids: OrderIdPattern,
}

/// `text` with typographic apostrophes and quotes as typed ones. Phones and mail
/// programs write "where’s" and "doesn’t" (U+2019) as readily as "where's"; the patterns
/// of the rules are written with the plain apostrophe, and without this "Where’s my
/// order O1002?" asked them nothing about an order.
pub(super) fn plain_quotes(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{2018}' | '\u{2019}' | '\u{02BC}' | '\u{2032}' => '\'',
            '\u{201C}' | '\u{201D}' => '"',
            c => c,
        })
        .collect()
}

/// `text` with the spellings support mail is typed in read as the words they stand for:
/// contractions without their apostrophe ("didnt", "hasnt", "whats"), the misspellings of
/// the words orders are asked about in ("recieved", "arived", "shiped"). The patterns of
/// the rules are written for the words; "I havent recieved my order" is as plain a
/// question about an order as "I haven't received my order". Only forms that are no
/// other English word are read so ("id" stays an id, "ill" stays ill), and none that
/// starts an order id ("IM-2024-001").
pub(super) fn plain_words(text: &str) -> String {
    SPELLINGS
        .replace_all(text, |c: &regex::Captures<'_>| {
            if c[0].bytes().any(|b| b.is_ascii_digit()) {
                return c[0].to_string();
            }
            let word = c[0].to_ascii_lowercase();
            SPELLED
                .iter()
                .find(|(typed, _)| *typed == word)
                .map_or_else(|| c[0].to_string(), |(_, meant)| (*meant).to_string())
        })
        .into_owned()
}

/// Each typed form and the word it stands for.
const SPELLED: &[(&str, &str)] = &[
    ("didnt", "didn't"),
    ("doesnt", "doesn't"),
    ("dont", "don't"),
    ("hasnt", "hasn't"),
    ("havent", "haven't"),
    ("isnt", "isn't"),
    ("wasnt", "wasn't"),
    ("werent", "weren't"),
    ("arent", "aren't"),
    ("cant", "can't"),
    ("couldnt", "couldn't"),
    ("wouldnt", "wouldn't"),
    ("whats", "what's"),
    ("wheres", "where's"),
    ("im", "I'm"),
    ("ive", "I've"),
    ("recieve", "receive"),
    ("recieved", "received"),
    ("recived", "received"),
    ("arive", "arrive"),
    ("arived", "arrived"),
    ("arrivd", "arrived"),
    ("shiped", "shipped"),
    ("deliverd", "delivered"),
    ("delievered", "delivered"),
    ("delivred", "delivered"),
    ("refnud", "refund"),
];

static SPELLINGS: LazyLock<Regex> = LazyLock::new(|| {
    let words: Vec<&str> = SPELLED.iter().map(|(typed, _)| *typed).collect();
    // A digit after the word makes it an id's letters, kept as written.
    Regex::new(&format!(r"(?i)\b(?:{})\b(?:[-_/]?\d)?", words.join("|")))
        .expect("plain words compile")
});

impl TicketText {
    pub(super) fn new(ticket: &Value, ids: &OrderIdPattern) -> Self {
        let id = |k: &str| ticket[k].as_str().unwrap_or_default().to_string();
        // The customer's words are read as typed; ids stay exactly as given.
        let s = |k: &str| plain_words(&plain_quotes(ticket[k].as_str().unwrap_or_default()));
        let thread: Thread = serde_json::from_value(ticket["thread"].clone()).unwrap_or_default();
        // A follow-up's subject is the thread's ("Re: gift cards"): what the customer
        // asks now is in the new message alone.
        let subject = if thread.is_empty() {
            s("subject")
        } else {
            String::new()
        };
        // The ticket's boundary set the quoted reply chain and the signature apart
        // (`domain::normalize`).
        let (body, quoted) = (s("body"), s("quoted"));
        Self {
            ticket_id: id("ticket_id"),
            customer_id: id("customer_id"),
            order_field: ticket["order_id"]
                .as_str()
                .filter(|o| !o.is_empty())
                .map(str::to_string),
            text: format!("{subject}\n{body}"),
            subject,
            body,
            quoted,
            thread,
            ids: ids.clone(),
        }
    }
}

re!(
    LEGAL,
    r"(?i)charge[\s-]?backs?|\blawyers?\b|\battorneys?\b|\bsolicitors?\b|law\s?suits?|\bsue\b|\bsuing\b|legal action|small[\s-]claims|\bcourt\b|dispute (?:the|this|a) (?:charge|transaction|payment)|file a (?:dispute|claim) with my (?:bank|card)|reverse the (?:charge|payment)|\blegal(?:ly)?\b|\blegal team\b|\bconsumer (?:protection|rights) (?:agency|authority|office)|\bdisput\w* (?:the|this|a|my) (?:charge|transaction|payment)|\b(?:my|the) bank to (?:reverse|dispute)|\b(?:bank|card issuer|card company|credit card company|paypal|klarna|payment provider)\b[^.!?\n]{0,80}?\b(?:investigat\w*|disput\w*|take (?:the|my|our) money back|claw\w* (?:\w+ )?back|pull\w* (?:\w+ )?back|(?:open|opened|filed|raised) (?:a|an) (?:case|claim))|\b(?:open|opened|file|filed|raise|raised) (?:a|an) (?:case|claim|dispute)\b[^.!?\n]{0,40}?\b(?:bank|card issuer|paypal|klarna)\b|\bresolution cent(?:er|re)\b|\binvestigation into (?:this|the|my) (?:transaction|charge|payment)|\b(?:opened|filed|raised|lodged|started) (?:a|an) dispute\b|\b(?:legal|court) proceedings\b|\b(?:commenc|begin|began|start|issu|bring|brought|tak|took|initiat|institut)\w* (?:\w+ ){0,2}?proceedings\b|\bletter before (?:action|claim)\b|\bformal (?:legal )?notice\b|\b(?:i|we) act (?:for|on behalf of)\b"
);
re!(
    REFUND,
    r"(?i)\brefund|money back|reimburs|\b(?:have|get|want|need) back what (?:it|i|they|we) (?:cost|paid)|\b(?:pay|paid|cost|price) (?:me )?back\b|\breturn (?:it|this|them|the|my|order|everything|all|both)\b|\b(?:like|want|wish|need|going|have) to return\b|send (?:it|this|them|everything) back|charged twice|double[\s-]charged|\bcompensat|\brefnud|\brefund?d?\b|[$£€]\s?\d[\d,]*(?:\.\d{1,2})?(?:\s+[\w-]+){0,3}?\s+back\b|\b\d[\d,]*(?:\.\d{1,2})?\s?(?:dollars|bucks|pounds|quid|euros?|usd|gbp|eur)\s+back\b"
);
re!(
    DAMAGE,
    r"(?i)\bbroken\b|\bbroke\b|damaged|defective|doesn'?t work|does not work|stopped working|not working|\bchipped\b|\bcracked\b|wrong (?:item|size|colou?r)|faulty|\bdent(?:s|ed)?\b|\bbent\b|\btorn\b|\bripped\b|\bleak(?:s|ed|ing|y)?\b|\bsnapped\b|\bscratched\b|\bshattered\b|\bflicker\w*|\bwon'?t (?:turn on|charge|work|hold|close|open|stay)|\bdoesn'?t (?:fit|charge|close|hold)|\btoo (?:small|big|large|tight|short|long)\b|\bin pieces\b|\bdead on arrival\b|\bcorked\b|\bspoil(?:ed|t)\b|\brotten\b|\bmou?ldy\b|\bstale\b|\bmelted\b|\bthawed\b|\barrived (?:warm|hot|thawed|melted)\b|\bupside down\b|\bmisprint\w*|\b(?:missing|loose) pages\b|\bpages? (?:missing|loose|falling out)\b"
);
re!(
    STATUS,
    &format!(
        r"(?i){CANCELLED}|{NOT_GOT}\b|{}",
        r"where(?:'s| is| are)\b|\bwhere (?:my|our) (?:order|parcel|package|delivery|stuff|things|items?)\b|\bcheck(?:ing)? (?:in )?on\b|\bwhere (?:\S+ ){1,5}?(?:is|are)\b|\bcarrier\b|\bcourier\b|\b(?:been|was|were|got) sent\b|\bsent (?:out|off)\b|\bstatus\b|\btrack|\bship(?:s|ped|ping|ment)?\b|\barriv|\bdeliver|\beta\b|\bwhen (?:will|would|can|could|does|do|did|is|are|should|might)\b|\bidea when\b|\bexpect\w*|\bestimated?\b|\bhasn'?t (?:come|arrived)|not (?:yet )?received|still waiting|on its way|dispatch|\blate\b|\bupdate on\b|\bany (?:news|update)|\bnews (?:on|about)\b|\b(?:shown|show|turned|turn) up\b|\bhaven'?t heard\b|\bnever (?:came|arrived)\b|\b(?:go|gone|went|going) through\b|\b(?:in|on) (?:your|the) system\b|\b(?:your|the) system (?:show|say)|\bwhere (?:things|it|that|this|my order) stands?\b|\b(?:has|have) (?:it|they|this|that|my order|the order) left\b|\bleft (?:the|your) (?:warehouse|depot)|\bfollow (?:it|them|the (?:parcel|package|order|delivery|shipment))\b|\bhow long\b[^.?!\n]{0,30}\btakes?\b|\bpending\b|\bwhat (?:state|stage) (?:the |my |your |our )?(?:order|parcel|package|return|delivery)|\bwhether (?:it|they|the (?:parcel|package|return)) (?:got|made it|arrived)\b|\bgone out\b|\b(?:order|it|they|parcel|package)\b[^.?!\n]{0,20}?\bwent out\b|\bwhat'?s (?:going on|happening|the (?:hold[- ]?up|delay)) with (?:it|them|my (?:order|parcel|package|delivery)|the (?:order|parcel|package|delivery))\b|\b(?:is|are) (?:it|they|the (?:order|parcel|package)) (?:still )?moving\b|\bany sign of\b|\b(?:is|was|has|have|were) (?:it|they|this|that|(?:the|my|our) order)(?: been)? (?:\w+ )?cancell?ed\b|\bconfirm (?:that )?(?:it|they|(?:the|my|our) order)(?:'s| is| was| were| has been| have been| got) (?:\w+ )?cancell?ed\b|\b(?:did|does) (?:it|the order|my order) (?:\w+ )?get cancell?ed\b|\b(?:received|got|arrived) (?:it |them |the \w+ )?back\b|\bconfirm (?:that )?(?:you|it|they)\b[^.?!\n]{0,30}\breceived\b|\bwhat(?:'s| has| had| is)? happen(?:ed|ing) (?:to|with) (?:it|them|order\b|(?:my|our|the|this|that) (?:[\w-]+ ){0,2}?(?:order|parcel|package|delivery|shipment)s?\b)|\bnothing (?:has |had |have )?(?:come|arrived|turned up|shown up)\b"
    )
);
re!(
    HOWTO,
    r"(?i)\bhow (?:do|can|does|to|long|much|many|would|should)\b|\bcan i\b|\bcould i\b|\bwhere (?:do|can|should) i\b|\bis it possible\b|\bwhat (?:is|are|'s)\b|\bwhat's\b|\bdo you\b|\bdoes your\b|\bis there\b|\bi forgot\b|\bi can'?t (?:log|sign)|\bhow\b"
);
/// Whether `text` speaks of the customer's own order ([`MY_ORDER`]), or asks where a
/// thing of theirs is ("where's my fabric?"): whatever the noun, a thing that has not
/// come is an order, unless it is a thing of the account or the site ("where is my
/// invoice", "where's my cart").
pub(super) fn my_order(text: &str) -> bool {
    const NOT_GOODS: &[&str] = &[
        "account",
        "password",
        "login",
        "profile",
        "settings",
        "invoice",
        "receipt",
        "voucher",
        "gift",
        "code",
        "points",
        "balance",
        "wishlist",
        "cart",
        "basket",
        "nearest",
        "local",
        "email",
        "confirmation",
    ];
    MY_ORDER.is_match(text)
        || WHERE_MINE
            .captures_iter(text)
            .any(|c| !NOT_GOODS.contains(&c[1].to_lowercase().as_str()))
}

re!(
    WHERE_MINE,
    r"(?i)\bwhere(?:'s| is| are)\s+(?:my|our)\s+([\w-]+)"
);
/// Whether an order was cancelled, asked or told ("has O1006 been cancelled?", "did
/// order O1006 get cancelled", "I think it was cancelled by mistake"): a question about
/// the order's state, not a request to cancel it.
const CANCELLED: &str = r"\b(?:is|was|were|has|did|does|been)\b[^.?!,]{0,30}?\bcancell?ed\b";
/// The customer saying they did not get something ("I never received", "didn't get
/// my…"): of the order it asks where it is ([`STATUS`]); of anything else it does not
/// ([`NOT_THE_ORDER`]).
const NOT_GOT: &str = r"\b(?:did not|didn't|have not|haven't|has not|hasn't|still not|not yet|never) (?:\w+ )?(?:receive|received|get|got|gotten)";
re!(CANCELLED_STATE, &format!("(?i){CANCELLED}"));
// The customer saying their order never came ("I never got my order", "O1002 still
// hasn't arrived"): a question of where it is, however near in meaning it sounds to a
// request for another one. A replacement or a resend, when asked for, is asked in words.
re!(
    NEVER_CAME,
    r"(?i)\b(?:did not|didn't|have not|haven't|has not|hasn't|never|not yet)(?: yet| still| even)? (?:receive|received|get|got|gotten) (?:my |the |our |this |that )?(?:order|parcel|package|delivery|shipment|purchase|items?|stuff)\b|\b(?:order|parcel|package|delivery|shipment)\b[^.?!]{0,30}?\b(?:never|hasn't|has not|didn't|did not|not yet)(?: yet| still| even)? (?:arrived?|come|came|turned up|shown up)\b"
);
re!(
    MY_ORDER,
    r"(?i)\b(?:my|our)\s+(?:[\w-]+\s+){0,3}?(?:order|package|parcel|delivery|shipment|purchase|refund|money|item|stuff)s?\b|\b(?:the|those|these)\s+(?:[\w-]+\s+){1,3}?(?:we|i)\s+(?:have\s+|'ve\s+)?(?:just\s+)?(?:ordered|bought|purchased)\b"
);
re!(
    PROCEDURE,
    r"(?i)\bhow (?:do|can|to|would|should)\b|\bwhere (?:do|can|should) i\b"
);
re!(
    ASKS_HOW,
    r"(?i)\bhow (?:do|can|to|would|should|does)\b|\bcan i\b|\bcould i\b|\bwhere (?:do|can|should) i\b|\bis it possible\b|\bam i able\b|\bare (?:you|we) able\b"
);
/// Everything asked back in words of the order ("everything back", "send back the lot",
/// "all the items"), shared by [`WHOLE_ORDER`] and [`FULL_REFUND`].
const EVERYTHING: &str = r"\beverything back\b|\b(?:return|refund|send back|sending back|send)\w*\s+(?:back\s+)?(?:everything|all of (?:it|them|this|these)|all (?:this|these)|(?:it|them) all|the lot)\b|\beverything (?:from|in|on|of) (?:that|the|this|my) order\b|\ball (?:the )?items\b|\b(?:refund|return)\w*\s+(?:for\s+|of\s+|on\s+)?(?:the|my|this|our)\s+(?:order|purchase)\s*(?:$|[?.!])";
// The whole order asked back in words of the order, not of an item's price ("refund the
// whole order", "send the whole lot back", "everything back"): items named beside it
// describe the order.
re!(
    WHOLE_ORDER,
    &format!(
        r"(?i)\b(?:whole|entire|complete) (?:order|lot|purchase|shipment|delivery|package|parcel)\b|{EVERYTHING}"
    )
);
re!(
    FULL_REFUND,
    &format!(
        r"(?i)full refund|refund in full|\bin full\b|(?:whole|entire|full|complete) (?:amount|order|thing|lot|purchase)|{EVERYTHING}"
    )
);
re!(
    ORDER_CONTEXT,
    r"(?i)(?:\border\b(?:\s*(?:number|no\.?|num\.?|id|nr\.?|ref(?:erence)?|is|was|being|#|:))*\s*[:#(]?\s*|#\s?)$"
);
// Labels of numbers that are not the shop's order id: the customer's own records (a
// purchase order, "our ref"), and the shop's other numbers (an invoice, a quote, a
// tracking number). "Our order reference" is still an order: `our`/`internal` label a
// reference only when no "order" stands between them and it.
re!(
    NOT_ORDER_CONTEXT,
    r"(?i)(?:(?:customer|account|ticket|member|sku|item|model|zip|postcode|invoice|quote|tracking)\s*(?:number|no\.?|id|#)?|(?:request|case)\s*(?:number|no\.?|#)|\b(?:our|internal|my company'?s)\s+(?:internal\s+|own\s+)?(?:purchase\s+|po\s+)?ref(?:erence)?(?:\s*(?:number|no\.?|#))?|\bpurchase\s+order(?:\s*(?:number|no\.?|#))?|\bpo\s*(?:number|no\.?|#))(?:\s+(?:is|was))?\s*[:#]?\s*$"
);

/// Order ids mentioned in the ticket: the form's field first, then ids named after
/// "order" or "#", then (only if none) bare tokens that can only be ids; then, when the
/// customer's own words name none, the ids our quoted email names. Which words are ids
/// is the shop's definition (`commerce.order_id_pattern`, [`OrderIdPattern`]), the
/// same the verifier reads answers with, so `Q-O-5519` is read whole, never as `O-5519`.
pub(super) fn order_ids(t: &TicketText) -> Vec<String> {
    read_ids(t, false)
}

/// [`order_ids`], and beside ids written after "order" the ones written in the shop's
/// own shape without it: "the power supply from FW/27/004297 … and the delay from
/// order fw-26-3911. Refund both". Read only when the ticket asks something of every
/// one of its orders: elsewhere a second id written bare is more often one the
/// customer mentions than one they ask about.
pub(super) fn order_ids_with_shop_shaped(t: &TicketText) -> Vec<String> {
    read_ids(t, true)
}

fn read_ids(t: &TicketText, shop_shaped_too: bool) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let push = |id: String, out: &mut Vec<String>| {
        // One order however it is written: the help desk's field `781220096` and the
        // subject's "order 781 220 096" are one order, asked about once.
        if !out
            .iter()
            .any(|o| crate::domain::order_id::same_order(o, &id))
        {
            out.push(id);
        }
    };
    if let Some(f) = &t.order_field {
        push(f.clone(), &mut out);
    }
    // "order 4599" beside the help desk's field VC-27-004599: the customer shortened the
    // order the field names; looked up alone it would find nothing.
    let shortens_field = |s: &str| {
        t.order_field.as_deref().is_some_and(|f| {
            let digits: String = f.chars().filter(char::is_ascii_digit).collect();
            let tail = s.trim_start_matches('#').trim_start_matches('0');
            tail.len() >= 3
                && tail.bytes().all(|b| b.is_ascii_digit())
                && digits.trim_start_matches('0').ends_with(tail)
        })
    };
    let excluded = |s: &str| {
        s.eq_ignore_ascii_case(&t.customer_id)
            || s.eq_ignore_ascii_case(&t.ticket_id)
            || shortens_field(s)
    };
    let ids_in = |text: &str, bare: bool| -> Vec<(usize, String)> {
        t.ids
            .find(text)
            .filter(|(at, id)| {
                let before = words_before(text, *at);
                !excluded(id)
                    && if bare {
                        (only_an_id(id) || in_shop_shape(&t.ids, id))
                            && !NOT_ORDER_CONTEXT.is_match(before)
                    } else {
                        ORDER_CONTEXT.is_match(before) && !NOT_ORDER_CONTEXT.is_match(before)
                    }
            })
            .map(|(at, id)| (at, normalise_id(id)))
            .collect()
    };
    let mut named = ids_in(&t.text, false);
    // "order 112 1147392 8865501": the whole id, not its first group.
    for (at, id) in spaced_ids(&t.text).filter(|(_, id)| t.ids.is_id(id) && !excluded(id)) {
        match named.iter_mut().find(|(pos, _)| *pos == at) {
            Some(first_group) => first_group.1 = normalise_id(&id),
            None => named.push((at, normalise_id(&id))),
        }
    }
    if named.is_empty() {
        named = ids_in(&t.text, true);
    } else if shop_shaped_too {
        // Those named already come again here; `push` keeps each order once.
        named.extend(
            ids_in(&t.text, true)
                .into_iter()
                .filter(|(_, id)| t.ids.is_shop_shape(id)),
        );
    }
    // A reply that names no order itself may quote our email that does, or the
    // customer's own earlier message, where an id in the shop's own shape needs no
    // "order" before it ("I ordered the lamp and two cushions, HF.2026.121389").
    if named.is_empty() {
        named = ids_in(&t.quoted, false);
    }
    if named.is_empty() {
        named = ids_in(&t.quoted, true)
            .into_iter()
            .filter(|(_, id)| t.ids.is_shop_shape(id))
            .collect();
    }
    named.sort_by_key(|(pos, _)| *pos);
    for (_, id) in named {
        push(id, &mut out);
    }
    out.truncate(3);
    out
}

/// Whether the customer's own words name a number they label as something other than
/// the shop's order id (a purchase order, "our ref", an invoice, a quote, an account):
/// they write about a particular order, and only its id, which they did not give, finds
/// it.
pub(super) fn names_another_reference(t: &TicketText) -> bool {
    t.ids.find(&t.text).any(|(at, id)| {
        !id.eq_ignore_ascii_case(&t.customer_id)
            && NOT_ORDER_CONTEXT.is_match(words_before(&t.text, at))
    })
}

/// The few words before byte `at` of `text` (48 bytes at most), where a label of the id
/// that starts there stands.
fn words_before(text: &str, at: usize) -> &str {
    let mut start = at.saturating_sub(48);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    &text[start..at]
}

re!(SPACED_ID, r"\b(?:[A-Za-z]{1,3}|\d{1,20})(?: \d{1,20})+\b");

/// Short words that follow "order" in a sentence and are not the letters of an id.
const ORDER_WORDS: &[&str] = &[
    "is", "was", "no", "nr", "id", "ref", "for", "of", "to", "in", "on", "at", "by", "and", "the",
    "my", "our", "via", "has", "had", "a", "an", "i", "it", "as", "or",
];

/// Ids written with spaces where the shop writes a dash or nothing ("order KB 88016",
/// "order 112 1147392 8865501"), right after the word order: each joined with dashes
/// (the shop finds an order whatever its separators), with its byte offset. Only after
/// "order", because a space also separates a phone number's or a date's groups.
fn spaced_ids(text: &str) -> impl Iterator<Item = (usize, String)> + '_ {
    SPACED_ID.find_iter(text).filter_map(move |m| {
        let before = words_before(text, m.start());
        // "order number is 58812": a word after "order" is not an id's letters.
        let first = m.as_str().split(' ').next().unwrap_or_default();
        let word = ORDER_WORDS.contains(&first.to_ascii_lowercase().as_str());
        (!word && ORDER_CONTEXT.is_match(before) && !NOT_ORDER_CONTEXT.is_match(before))
            .then(|| (m.start(), m.as_str().replace(' ', "-")))
    })
}

/// Whether an id-shaped token with no "order" before it can only be an order id: one
/// with letters (`O1002`, `ORD-2024-00123`), or a long run of digit groups
/// (`112-1234567-1234567`); never a bare number, a date or a phone number, which a
/// ticket holds for other reasons.
fn only_an_id(id: &str) -> bool {
    let digits = id.bytes().filter(u8::is_ascii_digit).count();
    id.bytes().any(|b| b.is_ascii_alphabetic()) || (id.contains(['-', '_']) && digits >= 12)
}

/// The fewest digits a bare number needs before the shop's own id shape makes it an
/// order id: a shorter one is as often a quantity, a year, a price or a postcode.
const SHOP_SHAPED_DIGITS: usize = 7;

/// Whether a bare number can only be an order id because it has the shape of every
/// order id of this shop ("where is 611204938" in a shop whose ids are nine digits).
fn in_shop_shape(ids: &OrderIdPattern, id: &str) -> bool {
    id.bytes().filter(u8::is_ascii_digit).count() >= SHOP_SHAPED_DIGITS && ids.is_shop_shape(id)
}

/// Ids in shops are upper-case by convention; customers often type them lower-case.
/// An id read with spaces between its groups (`8gu nt6j e`) is passed on with dashes
/// there: the shop finds an order whatever its separators, and no id holds a space.
pub(super) fn normalise_id(id: &str) -> String {
    id.to_ascii_uppercase().replace([' ', '.'], "-")
}

/// Sentences (and lines) of the text.
/// A clause of the text, and whether its sentence ended in a question mark.
#[derive(Debug, Clone, Copy)]
pub(super) struct Clause<'a> {
    pub(super) text: &'a str,
    pub(super) asks: bool,
    /// The sentence it belongs to (its index among the sentences).
    pub(super) sentence: usize,
}

/// Sentences split further at commas (so "where is O1002, and how do I reset my
/// password?" is two requests); the clause that ends a sentence with a question mark
/// is marked as asking.
pub(super) fn clauses(text: &str) -> Vec<Clause<'_>> {
    pub(super) fn push_sentence<'a>(sentence: &'a str, asks: bool, out: &mut Vec<Clause<'a>>) {
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

/// Whether a clause asks something: it ends in a question mark, or it asks in words
/// without one ("how do I reset my password", "can i return this"). A "how" inside a
/// statement asks only where it opens the clause or follows a word of not knowing ("I'm
/// not sure how long…", "let me know how much…"); "I overestimated how much yarn I'd
/// need" and "I love how fast it came" tell, they do not ask.
pub(super) fn is_question(c: &Clause<'_>) -> bool {
    c.asks
        || HOWTO.find_iter(c.text).any(|m| {
            let before = &c.text[..m.start()];
            !m.as_str()
                .get(..3)
                .is_some_and(|w| w.eq_ignore_ascii_case("how"))
                || OPENING.is_match(before)
                || NOT_KNOWING.is_match(before)
        })
}

re!(
    NOT_KNOWING,
    r"(?i)\b(?:know|sure|wonder\w*|tell|explain\w*|figure|work out|understand\w*|idea|clue|unclear|confus\w*|find out|advi[sc]e|ask\w*|show|check|learn|curious|say|says|said|confirm|clarify|see|interest\w*)\b"
);
re!(
    OPENING,
    r"(?i)^[\s\W]*(?:(?:hi|hello|hey|there|so|and|but|also|ok|okay|then|quick|question|just|well|now|oh|sorry|please|all|folks|team)\b[\s\W]*)*$"
);

/// A request about the customer's own order ("where is my order", "what's the ETA on
/// my order", "I want my money back"), as opposed to a general question ("how long
/// does shipping take?", "how do I change the address you ship to for my orders?").
pub(super) fn is_request(c: &Clause<'_>) -> bool {
    let about_orders = status_words(c.text) || REFUND.is_match(c.text);
    about_orders
        && (states(c)
            || (my_order(c.text) && !PROCEDURE.is_match(c.text) && !GENERALLY.is_match(c.text)))
}

/// Whether `text` speaks of where an order is ([`STATUS`]) other than to say when
/// something else happened or that something else did not come: "it has gone darker
/// since it arrived" and "the delivery crew left" tell of the item after its delivery,
/// "I never got the discount" of a discount, not of a delivery still to come.
pub(super) fn status_words(text: &str) -> bool {
    STATUS.find_iter(text).any(|m| {
        let inside = |r: &Regex| {
            r.find_iter(text)
                .any(|t| t.start() <= m.start() && m.end() <= t.end())
        };
        !inside(&DELIVERY_AS_TIME) && !inside(&NOT_THE_ORDER)
    })
}

// Something other than the order that the customer did not get ("I never got the
// discount", "didn't receive a confirmation email"): it asks nothing of where the
// order is.
re!(
    NOT_THE_ORDER,
    &format!(
        r"(?i){NOT_GOT} {}",
        r"(?:a |an |the |any |my |your |our )?(?:discount|coupon|voucher|promo|code|email|e-mail|reply|response|answer|call|callback|message|notification|confirmation|invoice|receipt|credit|points|cashback)\b"
    )
);

// A delivery named as the time of something else, or its people.
re!(
    DELIVERY_AS_TIME,
    r"(?i)\b(?:since|after|when|once|as soon as)\s+(?:it|they|this|that|these|those|(?:the|my|our)\s+[\w-]+)\s+(?:just\s+|finally\s+|first\s+)?(?:was\s+|were\s+|got\s+)?(?:arrived|came|delivered|showed up|turned up|got here)\b|\b(?:on|upon|after|since)\s+(?:arrival|delivery)\b|\bdelivery\s+(?:crew|driver|guys?|men|team|people|person)\b"
);

// A question of how things go, whoever's order it names: how long something takes ("how
// long until my refund shows on my card?"), a shop's threshold or its days ("what is the
// minimum for free shipping on my order?", "which days do you ship?"), or a choice still
// to be made ("…if I choose standard shipping?"). What the help center says answers it;
// "how long will my order take?", "how long until my order arrives?" and "what day did
// you ship my order?" ask about one order.
re!(
    GENERALLY,
    r"(?i)\bhow long (?:does|do) (?:it|a|an|the|refunds?|returns?|shipping|delivery|exchanges?)\b|\bhow long (?:until|till|before) (?:a|the|my) refunds?\b|\bwhat(?:'s| is| are) (?:the|your) (?:minimum|maximum|cut-?off|limit)\b|\b(?:which|what) days (?:do|does|of the week)\b|\bif (?:i|we) (?:choose|chose|pick|select|go with|opt for|pay for|upgrade)\b"
);

/// Whether a clause states something, rather than asking or supposing it ("If I order a
/// helmet and have it delivered there, …" supposes an order; it names none). A clause
/// that sets the time of a question ("Once a refund is approved, how long…") supposes
/// too, and so does a purchase still to be made ("I'm about to buy a guitar to be
/// shipped to my dad"): neither is an order of the customer's to look up.
pub(super) fn states(c: &Clause<'_>) -> bool {
    !is_question(c) && !CONDITION.is_match(c.text) && !NOT_YET_BOUGHT.is_match(c.text)
}

re!(
    CONDITION,
    r"(?i)^(?:and |but |so )?(?:if|in case|suppos(?:e|ing)|once|as soon as|whenever)\b"
);
re!(
    NOT_YET_BOUGHT,
    r"(?i)\b(?:(?:want|wanting|going|about|planning|plan|hoping|looking|would like|'d like|thinking (?:of|about))\s+(?:to\s+)?(?:order|buy|purchase|ordering|buying|purchasing)|before (?:i|we) (?:order|buy|purchase))\b"
);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum OrderIntent {
    Refund,
    Status,
}

re!(
    DISPUTE_VERB,
    r"(?i)\bdisput\w*|\bcontest\w*|\brevers\w*|\bclaw\w*\s?back|\bpull\w* (?:the |my )?(?:payment|money|charge)|\bstop (?:the )?payment|\bfile (?:a )?claim|\bclaim\b|\bchargeback|\binvolv\w*|\b(?:report|flag|mark)\w*\b[^.?!\n]{0,40}\bas (?:fraud\w*|unauthori[sz]ed|stolen)\b|\b(?:tak|pull)\w* (?:it|the money|the payment|the charge) back\b"
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
    r"(?i)\bconsumer (?:protection|rights|affairs|council|authority|agency|ombudsman)|\btrading standards\b|\bombudsman\b|\bbetter business bureau\b|\bbbb\b|\battorney general\b|\bftc\b|\btribunal\b|\barbitrat\w*|\blitigat\w*|\bregulator\b|\bfraud (?:claim|department|team) (?:of|at) my\b|\btake (?:you|this|your \w+) to court\b|\b(?:complaint|report)\s+(?:with|to)\s+(?:the\s+)?(?:[\w&'-]+\s+){0,6}?(?:commission|authority|agency|bureau|ombudsman|regulator|inspectorate)\b"
);

// The same threats in the other languages customers write in (German, Dutch, French,
// Spanish, Italian, Portuguese, the Scandinavian languages, Polish): a lawyer, a court or
// a lawsuit, a legal department or formal notice, a card payment reversed, a consumer
// authority or legal-costs insurance. Only words that mean nothing else in a shop's mail:
// "Storno" (a cancellation) and "reclamación" (a complaint) are not here, a French
// "avocat" counts only as someone's (it is also the fruit), a German "Gericht" only as
// a court one goes before (it is also a dish). A lawyer's word is as weak as "lawyer"
// ([`WEAK_LEGAL`]): a firm's name in a signature ("Weber & Partner Rechtsanwälte")
// threatens nobody.
const LAWYER_ABROAD: &str = r"(?:rechts)?anw[aä]lt\w*|advocaat\w*|advocaten|advokat\w*|avvocat\w*|(?:mon|ma|notre|nos|mes|un|une|son|leur)\s+avocate?s?|abogad[oa]s?|advogad[oa]s?|adwokat\w*|prawnik\w*";
re!(
    LEGAL_ABROAD,
    &format!(
        r"(?i)\b(?:{LAWYER_ABROAD}|rechtsabteilung|service juridique|juridische afdeling|departamento (?:legal|jur[ií]dico)|mise en demeure|ingebrekestelling|verklag\w*|klage einreich\w*|vor gericht|gerichtlich\w*|amtsgericht|rechtbank|domstol\w*|tingsr[aä]tt\w*|tribunale|juzgado|proc[eè]s\b|poursuites? judiciaires?|presentar[eé]?\w* una demanda|una demanda|pozew|r[uü]ckbuch\w*|zur[uü]ckbuch\w*|lastschrift zur[uü]ck\w*|terugboek\w*|terugdraai\w* (?:van )?de betaling|r[eé]trofacturation|contester (?:le|la|ce) (?:paiement|pr[eé]l[eè]vement)|contracargo|desconocer el cargo|bestridit|bestrida|tilbagef[oø]r\w*|tilbakef[oø]r\w*|reklamera hos (?:min )?bank|verbraucherzentrale|verbraucherschutz\w*|geschillencommissie|konsumentverket|reklamationsn[aä]mnden|forbrugerr[aå]det|forbrukerr[aå]det|forbrukertilsynet|dgccrf|m[eé]diateur de la consommation|associazione (?:dei )?consumatori|rechtsschutzversicherung|rechtsbijstand\w*|protection juridique)"
    )
);

/// A dispute or legal threat however it is worded: the fixed phrases of [`LEGAL`], an
/// authority named, or, in one clause, a payment party (bank, card issuer) beside a
/// dispute verb, or a dispute verb beside a payment ("dispute the transaction").
///
/// What the ticket's boundary set apart is read too, but for a mail disclaimer: a
/// threat written under a "Thanks," or in the customer's quoted earlier message is
/// still a threat, while "legally privileged" boilerplate is not.
pub(super) fn legal_threat(t: &TicketText) -> bool {
    threat(t, |_| true)
}

re!(
    WEAK_LEGAL,
    &format!(
        r"(?i)^(?:lawyers?|attorneys?|solicitors?|court|legal(?:ly)?|legal team|sue|suing|{LAWYER_ABROAD})$"
    )
);

/// Whether [`legal_threat`] holds by more than a word a signature or a story also uses
/// ("attorney", "court", "legal"): a chargeback, a dispute with a payment party, an
/// authority. Those settle the ticket whoever reads it; a lone legal word is a threat to
/// the rules (they escalate it), but one a reader may see otherwise.
pub(super) fn strong_threat(t: &TicketText) -> bool {
    threat(t, |phrase| !WEAK_LEGAL.is_match(phrase.trim()))
}

re!(
    SPEAKER,
    r"(?i)\b(?:i|i'm|i've|i'll|me|my|we|we're|we'll|our|us|you|your|will|shall|am|is|are|was|have|has|going|unless|if)\b"
);

/// [`legal_threat`], counting only the [`LEGAL`] phrases `counts` accepts. In a
/// signature, a lone legal word counts only on a line that says something ("my lawyer
/// is copied"), not in a title or a firm's name ("Senior Legal Counsel").
fn threat(t: &TicketText, counts: impl Fn(&str) -> bool) -> bool {
    let (signature, rest) = leading_signature(&t.quoted);
    let signed = |line: &str| {
        let counts = |phrase: &str| {
            counts(phrase) && (!WEAK_LEGAL.is_match(phrase.trim()) || SPEAKER.is_match(line))
        };
        threat_in(line, &counts)
    };
    threat_in(&t.text, &counts)
        || threat_in(before_disclaimer(rest), &counts)
        || before_disclaimer(signature).lines().any(signed)
}

re!(
    PERMITTED_BEFORE,
    r"(?i)(?:\b(?:is|are|was|be)\s+(?:it|this|that|they|these|those)\s+|\bit'?s\s+|\bit\s+is\s+|\b(?:street|road|track)[\s-])$"
);

/// Whether the word "legal" at `start..end` asks what the law allows ("is it legal to
/// ride it without a licence?", "street-legal"), which threatens nobody.
fn asks_what_the_law_allows(text: &str, start: usize, end: usize) -> bool {
    text[start..end].eq_ignore_ascii_case("legal")
        && (PERMITTED_BEFORE.is_match(&text[..start])
            || text[end..]
                .trim_start()
                .get(..3)
                .is_some_and(|to| to.eq_ignore_ascii_case("to ")))
}

/// Whether `text` threatens, counting only the [`LEGAL`] phrases `counts` accepts.
fn threat_in(text: &str, counts: &dyn Fn(&str) -> bool) -> bool {
    LEGAL
        .find_iter(text)
        .any(|m| counts(m.as_str()) && !asks_what_the_law_allows(text, m.start(), m.end()))
        || AUTHORITY.is_match(text)
        || LEGAL_ABROAD.find_iter(text).any(|m| counts(m.as_str()))
        || clauses_of_sentences(text).iter().any(|c| {
            DISPUTE_VERB.find_iter(c).any(|m| !negated(c, m.start()))
                && (PAYMENT_PARTY.is_match(c) || DISPUTE_OBJECT.is_match(c) && !REFUND.is_match(c))
        })
}

/// Sentences, not split at commas: a dispute's party and verb often sit on either
/// side of one ("my bank, which I have called, will reverse it"). They end at a line
/// break, or at `.`, `!`, `?` or `;` followed by white space (`domain::sentences`), so
/// that "the $338.50 charge" stays inside its sentence; the mark that ended one is left
/// out.
pub(super) fn clauses_of_sentences(text: &str) -> Vec<&str> {
    let ends = Ends {
        semicolon: true,
        line_break: true,
    };
    crate::domain::sentences::split(text, ends)
        .into_iter()
        .map(|s| s.trim().trim_end_matches(['.', '!', '?', ';']).trim_end())
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
pub(super) fn negated(text: &str, at: usize) -> bool {
    let before = &text[..at];
    let start = before
        .rfind([',', '.', ';', '!', '?', '\n', '"', '“', '”', '‘', '’'])
        .into_iter()
        .chain(before.rfind("' ").map(|i| i + 1))
        .max()
        .map_or(0, |i| {
            i + before[i..].chars().next().map_or(1, char::len_utf8)
        });
    let clause = &before[start..];
    let window: Vec<&str> = clause.split_whitespace().rev().take(5).collect();
    let window: Vec<&str> = window.into_iter().rev().collect();
    NEGATOR.is_match(&window.join(" ")) || request_declined(clause)
}

re!(
    DECLINED_REQUEST,
    r"(?i)(?:\bnot|\bnever|n't|\bno longer)\s+(?:\w+\s+)?(?:ask\w*|want\w*|need\w*|expect\w*|request\w*|seek\w*|looking for|after)\b"
);
re!(
    ASKS_ANEW,
    r"(?i)\b(?:and|but|so|just|only|please|instead|rather|though|however|(?:can|could|would|will) (?:you|i|we))\b|\s[-–—]+\s"
);

/// Whether `clause` declines a request before its end however far back, so that what
/// the request would have named is declined with it: "I am not asking for the honey or
/// the shipping to be refunded" declines the refund at its last word. A word that
/// starts a request anew ("I don't want it and need a refund") ends the decline.
fn request_declined(clause: &str) -> bool {
    DECLINED_REQUEST
        .find_iter(clause)
        .last()
        .is_some_and(|m| !ASKS_ANEW.is_match(&clause[m.end()..]))
}

/// Whether `re` matches somewhere in `text` without a negation just before it.
pub(super) fn affirmed(re: &Regex, text: &str) -> bool {
    re.find_iter(text).any(|m| !negated(text, m.start()))
}

re!(
    OTHERS_PAYBACK_BEFORE,
    r"(?i)\b(?:employer|employer's|employers'|insurance|insurer|insurer's|fsa|hsa|expenses?|benefits?)\s+(?:\w+\s+)?$"
);
re!(
    PAYBACK_DOCUMENT_AFTER,
    r"(?i)^\w*\s+(?:forms?|paperwork|purposes|records?|scheme|program(?:me)?|confirmations?|notifications?|notices?|receipts?)\b"
);

/// Whether the ticket asks us for money back: a refund word that is not negated, does
/// not name money someone else pays back ("for my employer's childcare reimbursement
/// form", "insurance reimbursement"), which asks for a document or a date, and is not
/// the name of a message about a refund ("I got my refund confirmation yesterday"),
/// which tells of a refund already on its way.
pub(super) fn refund_affirmed(text: &str) -> bool {
    REFUND.find_iter(text).any(|m| {
        let others = OTHERS_PAYBACK_BEFORE.is_match(&text[..m.start()])
            || PAYBACK_DOCUMENT_AFTER.is_match(&text[m.start()..]);
        !others && !negated(text, m.start())
    })
}

/// Common English words: function words and the plain vocabulary of support mail.
/// They tell English apart from any other language, and what is left of a clause
/// without them is what it is about.
#[rustfmt::skip]
pub(super) const ENGLISH: &[&str] = &[
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
pub(super) fn is_english(word: &str) -> bool {
    static SET: LazyLock<std::collections::HashSet<&'static str>> =
        LazyLock::new(|| ENGLISH.iter().copied().collect());
    SET.contains(word)
}

/// The words of `text` that are not common English words.
pub(super) fn content_words(text: &str) -> usize {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty() && !is_english(&w.to_lowercase()))
        .count()
}

/// English the rules can read: the share of common English words among the body's
/// words (the subject alone when the body is too short to judge), and the share of
/// letters outside the Latin alphabet. The list is of the one language the rules read;
/// any other language, in any script, falls below the share.
pub(super) fn readable(t: &TicketText) -> bool {
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

/// The parts of a sentence that can each keep or ask for something on their own: split
/// at commas, semicolons and the conjunctions that join two statements ("the boots are
/// fine but the laces snapped", "refund the lamp and I'll keep the rest").
pub(super) fn parts(sentence: &str) -> Vec<&str> {
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
