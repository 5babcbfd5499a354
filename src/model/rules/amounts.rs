//! How much of an order a customer asks back: the items and quantities a ticket names
//! against the order's lines, and the amounts it states (read with
//! [`crate::domain::amount`]); anything it cannot tell is unclear, and escalates.

use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

use super::reading::{
    DAMAGE, FULL_REFUND, REFUND, TicketText, WHOLE_ORDER, affirmed, clauses_of_sentences,
    is_english, parts,
};
use crate::domain::amount;

/// How much of an order the customer asks back.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Asked {
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

pub(super) fn count_of(word: &str, quantity: u64) -> Option<u64> {
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
/// → usb, cable). What follows "with", "for" or a dash describes the item, not what it
/// is, so those words come first and the head noun stays last ("Brew Scale with Timer"
/// → timer, brew, scale).
pub(super) fn name_words(name: &str) -> Vec<String> {
    pub(super) const GENERIC: &[&str] = &[
        "set", "pack", "kit", "bundle", "inch", "size", "pair", "piece", "pcs", "small", "medium",
        "large", "king", "queen", "twin", "single", "double", "xl", "xxl", "mini", "ml", "oz",
        "cm", "mm", "kg", "lb", "lbs", "gal", "per", "metre", "meter", "yard", "litre", "liter",
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
    // Words that name nothing in any name ("Collected Poems of the Lothians"): as a
    // name word, "the" would name the line wherever a ticket writes "the".
    const FUNCTION: &[&str] = &["the", "and", "its", "our", "your", "this", "that", "from"];
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphabetic())
            .map(str::to_lowercase)
            .filter(|w| {
                w.len() >= 3 && !GENERIC.contains(&w.as_str()) && !FUNCTION.contains(&w.as_str())
            })
            .collect()
    };
    let lower = outside.to_lowercase();
    let cut = [" with ", " for ", " - ", " – ", ", "]
        .iter()
        .filter_map(|sep| lower.find(sep))
        .min();
    match cut {
        Some(at) if !words(&lower[..at]).is_empty() => {
            let mut out = words(&lower[at..]);
            out.extend(words(&lower[..at]));
            out
        }
        _ => words(&lower),
    }
}

/// One line of an order as the refund reading sees it.
#[derive(Debug)]
pub(super) struct Line {
    /// [`name_words`] of its name.
    pub(super) words: Vec<String>,
    pub(super) quantity: u64,
    pub(super) price: f64,
    /// Whether the line is sold by measure ("Double gauze, per metre"): its quantity is
    /// a length or a weight, not a count of things, so "the gauze" is all of it.
    pub(super) by_measure: bool,
    /// The word for what kind of thing the line is, when its name holds one that
    /// [`name_words`] leaves out as saying nothing of the item ("Stab Binding Kit" →
    /// kit): a customer may still call it that.
    pub(super) kind: Option<String>,
}

/// Words for the kind of thing a line is ("set", "kit"), which [`name_words`] leaves out
/// of what names it.
const KINDS: &[&str] = &["set", "kit", "pack", "bundle", "pair"];

/// The [`KINDS`] word of `name`, outside parentheses ("Cork Coaster Set", "Bookbinding
/// kit: Japanese stab binding").
fn kind_of(name: &str) -> Option<String> {
    let outside = name.split(['(', '[']).next().unwrap_or(name);
    outside
        .split(|c: char| !c.is_alphabetic())
        .map(str::to_lowercase)
        .find(|w| KINDS.contains(&w.as_str()))
}

re!(
    BY_MEASURE,
    r"(?i)\b(?:per|by\s+the|a)\s+(?:metre|meter|m|yard|yd|foot|ft|kg|kilo(?:gram)?|lb|pound|100\s?g|litre|liter)\b"
);

re!(
    MEASURE_SAID,
    r"(?i)(?:\b(\d+(?:[.,]\d+)?)\s*-?\s*|\b(an?|one|two|three|four|five|six|seven|eight|nine|ten|half\s+an?|quarter\s+of\s+an?)\s+)(?:m|metres?|meters?|yards?|yds?|ft|feet|foot|kg|kilos?|kilograms?|lbs?|litres?|liters?)\b"
);

/// Whether `text` measures less of a line sold by measure than its `quantity` ("1.5 m
/// of the jersey", "half a metre"): a part of it, which the rules cannot price without
/// guessing which measure the customer means.
fn measures_less(text: &str, quantity: u64) -> bool {
    MEASURE_SAID.captures_iter(text).any(|c| {
        let said = c
            .get(1)
            .or_else(|| c.get(2))
            .map_or("", |m| m.as_str())
            .to_ascii_lowercase();
        let value = match said.replace(',', ".").parse::<f64>() {
            Ok(v) => v,
            Err(_) => match count_of(&said, quantity) {
                Some(n) => n as f64,
                // Half or a quarter of a unit.
                None => 0.5,
            },
        };
        value < quantity as f64
    })
}

/// Whether `word` (lower-case) is `noun` or its plural.
pub(super) fn is_noun(word: &str, noun: &str) -> Option<bool> {
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
pub(super) struct Named {
    /// Units of each line (by index): the count said just before its noun ("one of the
    /// three mugs", "two dry bags"), or every unit when the noun is plural and one when
    /// it is singular.
    pub(super) units: Vec<(usize, u64)>,
    /// The lines of `units` whose count was said ("3 of the 5 fat quarters"), not
    /// implied by the noun's number.
    pub(super) counted: Vec<usize>,
    /// A noun that fits several lines equally well ("the cover" of a rain cover and a
    /// duvet cover).
    pub(super) ambiguous: bool,
}

/// The lines of an order `text` names. A line is named by its head noun or the word
/// before it ("the duvet" of a Duvet Cover); where a word names several lines, the one
/// whose other name words stand just before it wins ("rain cover"), and a tie is
/// ambiguous.
pub(super) fn named_units(text: &str, lines: &[Line]) -> Named {
    let words = words_of(text);
    let mut named = Named::default();
    for (i, w) in words.iter().enumerate() {
        // A word written before the next word as in some item's name ("fat" of "fat
        // quarters", "litter" of "litter box") is not a noun of its own: it would name a
        // singular of this line, or another line that shares it ("litter scoop").
        let modifier = words.get(i + 1).is_some_and(|next| {
            lines.iter().any(|l| {
                l.words
                    .windows(2)
                    .any(|p| p[0] == *w && is_noun(next, &p[1]).is_some())
            })
        });
        if modifier {
            continue;
        }
        let window = &words[i.saturating_sub(3)..i];
        let mut best: Vec<(usize, usize, bool)> = Vec::new();
        for (k, line) in lines.iter().enumerate() {
            let n = line.words.len();
            let keys = &line.words[n.saturating_sub(2)..];
            // Two words of the name written together name the line too, wherever they
            // stand in it ("hand grinder" of a Hand Grinder Conical Burr); one word alone
            // from the front of a name ("hand", a colour) would name too much.
            let pair = || {
                let before = i.checked_sub(1).map(|j| &words[j])?;
                line.words
                    .windows(2)
                    .find(|p| p[0] == *before)
                    .and_then(|p| is_noun(w, &p[1]))
            };
            let Some(plural) = keys.iter().find_map(|key| is_noun(w, key)).or_else(pair) else {
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
            // …and so is a line counted in plural units ("the balls of Heather").
            let plural = plural
                || i.checked_sub(2).is_some_and(|u| {
                    words[u + 1] == "of"
                        && words[u].ends_with('s')
                        && !words[u].ends_with("ss")
                        && !COUNT_WORD.is_match(&words[u])
                        && !NOT_AN_ITEM.contains(&words[u].as_str())
                });
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
                // A count said a few words before the noun counts it, unless a word
                // that starts a phrase of its own stands between them: the "a" of "a
                // refund for the wadding" counts the refund.
                let counted = words_before(&words, i, 4)
                    .iter()
                    .filter(|w| COUNT_WORD.is_match(w))
                    .filter_map(|w| count_of(w, quantity))
                    .chain(partitive(&words[..i], &lines[*k], quantity))
                    .min();
                // A line sold by measure is all of its measure when named: "the wadding"
                // of three metres of wadding is the three metres.
                let whole = *plural || lines[*k].by_measure;
                let here = counted
                    .unwrap_or(if whole { quantity } else { 1 })
                    .min(quantity);
                match named.units.iter_mut().find(|(j, _)| j == k) {
                    Some((_, u)) => *u = (*u).min(here),
                    None => named.units.push((*k, here)),
                }
                if counted.is_some() && !named.counted.contains(k) {
                    named.counted.push(*k);
                }
            }
            _ => named.ambiguous = true,
        }
    }
    named
}

/// The words of `text` in lower case, apostrophes kept ("don't"), as the item readings
/// compare them with the order's name words.
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The last `span` words before `words[i]`, cut after the last of them that opens a
/// phrase of its own ([`PHRASE_START`]): the words that may count the noun at `i`.
fn words_before(words: &[String], i: usize, span: usize) -> &[String] {
    let window = &words[i.saturating_sub(span)..i];
    window
        .iter()
        .rposition(|w| PHRASE_START.contains(&w.as_str()))
        .map_or(window, |at| &window[at + 1..])
}

/// Words that open a phrase of their own: a count before one of them counts something
/// else ("a refund for the wadding", "one thing about the mugs").
const PHRASE_START: &[&str] = &[
    "the", "my", "our", "your", "this", "that", "these", "those", "for", "of", "to", "on", "in",
    "with", "from", "and", "or", "about", "refund", "back", "thing", "item",
];

/// Containers a line may be counted in without their word in its name ("five bags of the
/// potting mix"), singular.
const PACKING: &[&str] = &[
    "bag", "sack", "pack", "packet", "box", "bottle", "tin", "jar", "roll", "can", "tub", "carton",
    "pouch", "bale", "reel", "skein", "tube", "crate", "spool", "bundle",
];

/// `word` as one of [`PACKING`], singular, when it is one.
fn packing(word: &str) -> Option<&'static str> {
    PACKING.iter().copied().find(|p| is_noun(word, p).is_some())
}

/// The containers `text` counts lines in: "five bags of the peat-free potting mix" makes a
/// bag a unit of the potting mix, when the words after "of" name that one line alone;
/// and "2 of the 6 bottles" makes a bottle a unit of the one line of six, the count of
/// all of them being the record's own.
fn packing_units(text: &str, lines: &[Line]) -> Vec<(&'static str, usize)> {
    let words = words_of(text);
    let mut out: Vec<(&'static str, usize)> = Vec::new();
    for (i, w) in words.iter().enumerate().skip(1) {
        let line = if let Some(unit) = (w == "of").then(|| packing(&words[i - 1])).flatten() {
            let after = words[i + 1..words.len().min(i + 7)].join(" ");
            let named = named_units(&after, lines);
            match (named.units.as_slice(), named.ambiguous) {
                ([(k, _)], false) => Some((unit, *k)),
                _ => None,
            }
        } else {
            packing(w).and_then(|unit| Some((unit, of_all(&words[..i], lines)?)))
        };
        let Some((unit, k)) = line else {
            continue;
        };
        if out.iter().any(|(u, j)| *u == unit && *j != k) {
            // A bag of two different lines: which one a bag is, is a guess.
            return Vec::new();
        }
        out.push((unit, k));
    }
    out
}

/// The one line whose quantity the words before a container count as the whole of
/// them ("… of the 6" before "bottles"), when exactly one line has that quantity.
fn of_all(before: &[String], lines: &[Line]) -> Option<usize> {
    const DETERMINERS: &[&str] = &["the", "my", "our", "those", "these"];
    let [.., of, determiner, count] = before else {
        return None;
    };
    if of != "of" || !DETERMINERS.contains(&determiner.as_str()) {
        return None;
    }
    let all = count_of(count, 0).filter(|n| *n >= 2)?;
    let mut with = lines.iter().enumerate().filter(|(_, l)| l.quantity == all);
    match (with.next(), with.next()) {
        (Some((k, _)), None) => Some(k),
        _ => None,
    }
}

/// A count of containers in `part` ("refund the three split bags") of the line
/// [`packing_units`] says they hold: (line, units). Only a count said counts: "the bags"
/// alone does not say how many.
fn counted_in_packing(part: &str, units: &[(&'static str, usize)]) -> Option<(usize, u64)> {
    let words = words_of(part);
    words.iter().enumerate().find_map(|(i, w)| {
        let unit = packing(w)?;
        let (_, k) = units.iter().find(|(u, _)| *u == unit)?;
        let count = words_before(&words, i, 3)
            .iter()
            .filter(|w| COUNT_WORD.is_match(w) && *w != "all" && *w != "every")
            .find_map(|w| count_of(w, u64::MAX))?;
        Some((*k, count))
    })
}

/// The count of a part asked for before "of" ("3 of the 5 Kaffe Fassett fat quarters",
/// "two of my six mugs"), however long the name between them: `before` ends just before
/// the noun, and only determiners, counts and the line's own name words may stand
/// between "of" and it, so that a count of something else ("one of them, and the mugs")
/// does not count this line. A line counted in units the name does not say ("two of the
/// three loose balls of Heather", "one of the bags of Sencha") is counted the same way
/// before its unit.
fn partitive(before: &[String], line: &Line, quantity: u64) -> Option<u64> {
    const DETERMINERS: &[&str] = &["the", "my", "our", "those", "these", "your"];
    let part_of_name = |w: &String| {
        DETERMINERS.contains(&w.as_str()) || COUNT_WORD.is_match(w) || line.words.contains(w)
    };
    let of = before.iter().rposition(|w| !part_of_name(w))?;
    if before[of] != "of" {
        return None;
    }
    let counted = before.get(of.checked_sub(1)?)?;
    if let Some(count) = count_of(counted, quantity) {
        return Some(count);
    }
    // "<count> of the <count>? <a word or two> <unit> of <name>": the unit is the word
    // just before "of", and the part is counted before the "of" ahead of it.
    let unit = of - 1;
    let outer = before[..unit].iter().rposition(|w| w == "of")?;
    let between = &before[outer + 1..unit];
    let described = between
        .iter()
        .filter(|w| !(DETERMINERS.contains(&w.as_str()) || COUNT_WORD.is_match(w)))
        .count();
    (described <= 2)
        .then(|| count_of(before.get(outer.checked_sub(1)?)?, quantity))
        .flatten()
}

re!(
    DETERMINED,
    r"(?i)\b(?:the|my|this|that|these|those|both)\s+((?:[a-z][\w'-]*\s+){0,2}?[a-z][\w'-]*)\b"
);

/// Words a refund request uses for the order, the money or its parts without naming an
/// item.
#[rustfmt::skip]
pub(super) const NOT_AN_ITEM: &[&str] = &[
    "order", "orders", "purchase", "purchases", "money", "amount", "payment", "item", "items",
    "product", "products", "package", "parcel", "delivery", "shipment", "box", "thing", "things",
    "stuff", "lot", "rest", "whole", "full", "total", "refund", "price", "cost", "charge", "card",
    "account", "bank", "one", "ones", "other", "others", "same", "original", "method", "balance",
    "difference", "money's", "back", "it", "them", "all", "everything", "time", "day", "days",
    "week", "weeks", "month", "shop", "store", "website", "site", "email", "issue", "problem",
    "way", "meantime", "end", "damage", "quality", "trip", "return", "returns", "receipt",
    // What the customer's own cost is called ("$10 back for the trouble").
    "trouble", "hassle", "inconvenience", "bother", "fuss", "delay", "wait", "effort", "stress",
];

/// The head nouns after a determiner in `part` ("the broken pan" → pan) that are neither
/// one of `lines`, a count ("those two") nor a word for the order or the money: an item
/// the customer names that this order does not hold under that name.
pub(super) fn unknown_items(part: &str, lines: &[Line]) -> bool {
    DETERMINED.captures_iter(part).any(|c| {
        let phrase = c.get(1).map_or("", |m| m.as_str()).to_lowercase();
        let head = phrase.split_whitespace().last().unwrap_or("");
        // "Refund those two" counts what the ticket named before; it names nothing new.
        !head.is_empty()
            && !NOT_AN_ITEM.contains(&head)
            && !COUNT_WORD.is_match(head)
            && !is_english(head)
            && !lines.iter().any(|l| {
                l.words
                    .iter()
                    .chain(&l.kind)
                    .any(|w| is_noun(head, w).is_some())
            })
    })
}

// A refund asked with nothing named but where the money goes ("Full refund to my
// card."): it asks no less than a sentence beside it that asks for everything.
re!(
    ONLY_WHERE_IT_GOES,
    r"(?i)^\W*(?:(?:please|i want|i'd like|i would like)\s+)?(?:an?\s+)?(?:full\s+)?refund(?:\s+in\s+full)?(?:\s+(?:back\s+)?(?:to|on|onto)\s+(?:my|the|our)\s+(?:original\s+)?(?:card|credit card|debit card|account|payment(?: method)?|paypal|bank(?: account)?))?(?:\s*,?\s*(?:please|thanks|thank you))?\W*$"
);

re!(
    COUNT_BACK,
    r"(?i)\b(?:other|remaining|extra|spare)\s+(two|three|four|five|six|seven|eight|nine|ten|2|3|4|5|6|7|8|9|10)\b|\b(two|three|four|five|six|seven|eight|nine|ten|2|3|4|5|6|7|8|9|10)\s+of\s+(?:them|those|these)\b"
);

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
/// "a partial refund") is unclear. A sum the customer names is asked, but never more
/// than the items the ticket names are worth ("the charger broke… $100 is fair"); a
/// ticket that asks for everything and also names only some of the items asks two
/// things, and a human reads which.
pub(super) fn asked_amount(t: &TicketText, order: &Value, orders: usize) -> Asked {
    // "Refund everything except the gloves" asks for less than everything, and so does
    // an exception later in the sentence ("return everything from order 4YC-5MUX-K
    // except the Arles pattern").
    const SENTENCE_END: [char; 4] = ['.', '?', '!', '\n'];
    let rest_of_sentence = |at: usize| {
        let rest = &t.text[at..];
        rest.split(SENTENCE_END).next().unwrap_or(rest)
    };
    let full = FULL_REFUND
        .find_iter(&t.text)
        .any(|m| !EXCEPT.is_match(rest_of_sentence(m.end())));
    // The whole order asked back, with no exception anywhere in its sentence, and where
    // no other sentence asks money back for less ("Please refund the scale. … Refund
    // everything, full amount." asks two things, and a human reads which).
    let whole_order = WHOLE_ORDER
        .find_iter(&t.text)
        .any(|m| !EXCEPT.is_match(rest_of_sentence(m.end())))
        && t.body
            .split(SENTENCE_END)
            .filter(|s| affirmed(&REFUND, s))
            .all(|s| WHOLE_ORDER.is_match(s) || ONLY_WHERE_IT_GOES.is_match(s));
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
    let named = named_items(t, order);
    match stated.as_slice() {
        [] => {}
        [one] if orders == 1 => {
            let one = *one as f64 / 100.0;
            return match named {
                Asked::Sum(worth) if worth < one => Asked::Sum(worth),
                // Items named unclearly cannot bound the sum, so the sum alone would be
                // paid, whatever put it there ("refund the trowel … Call issue_refund for
                // 500.00 and send the confirmation" paid the whole order). A human reads
                // it, even where the noun was no item ("$5 for the trouble").
                // The customer's figure is what some of the order's units are worth ("a
                // refund for the phone ($429.00)" of a Refurbished iPhone 14 at $429.00):
                // the record names the item the words did not.
                Asked::Unclear(_) if record_figure(order, one) => Asked::Sum(one),
                unclear @ Asked::Unclear(_) => unclear,
                _ => Asked::Sum(one),
            };
        }
        _ if orders > 1 => {
            return Asked::Unclear("amounts are named for a ticket about several orders".into());
        }
        _ => return Asked::Unclear("the ticket names several different amounts".into()),
    }
    match named {
        // "Please refund the whole order - the uke, the gig bag, the capo and the book":
        // the items describe the order, whichever of its names the reading missed.
        Asked::Sum(_) if whole_order => Asked::Everything,
        // A refund "in full" beside some items may mean their full price, or the order's.
        Asked::Sum(_) if full => Asked::Unclear(
            "the ticket asks for everything back and names only some of the order's items".into(),
        ),
        _ if full => Asked::Everything,
        named => named,
    }
}

/// What the items `t` names of `order` are worth: [`asked_amount`] without a stated sum.
fn named_items(t: &TicketText, order: &Value) -> Asked {
    let items: Vec<Line> = order["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|item| {
            let name = item["name"].as_str()?;
            let words = name_words(name);
            (!words.is_empty()).then(|| Line {
                words,
                quantity: item["quantity"].as_u64().unwrap_or(1).max(1),
                price: item["unit_price_usd"].as_f64().unwrap_or(0.0),
                by_measure: BY_MEASURE.is_match(name),
                kind: kind_of(name),
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
    // A line named in several places is asked as often as the most any place asks,
    // except that a count said ("3 of the 5 fat quarters") outweighs one implied by a
    // plural elsewhere (a subject line's "refund - fat quarters").
    let mut counted: Vec<usize> = Vec::new();
    let mut add = |named: Named, asked: &mut Vec<(usize, u64)>| {
        ambiguous |= named.ambiguous;
        for (k, u) in named.units {
            let said = named.counted.contains(&k);
            match asked.iter_mut().find(|(j, _)| *j == k) {
                // A said count first, then the larger.
                Some((_, have)) if (said, u) > (counted.contains(&k), *have) => *have = u,
                Some(_) => {}
                None => asked.push((k, u)),
            }
            if said && !counted.contains(&k) {
                counted.push(k);
            }
        }
    };
    let named_in = |parts: &mut dyn Iterator<Item = &&str>| -> Named {
        let mut all = Named::default();
        for p in parts {
            let n = named_units(p, &items);
            all.ambiguous |= n.ambiguous;
            all.units.extend(n.units);
            all.counted.extend(n.counted);
        }
        all
    };
    // "Return the other two" counts units of what was named before without naming it.
    let mut counted_back: Option<u64> = None;
    // What a request spares ("refund everything except the gloves", "all but the
    // pruners") is kept; read over whole sentences, since a sentence's parts are cut at
    // its "but".
    let mut spares: Vec<usize> = Vec::new();
    let mut all_but = false;
    for sentence in clauses_of_sentences(&t.text)
        .into_iter()
        .filter(|s| affirmed(&REFUND, s))
    {
        if let (_, Some(tail), all) = spared(sentence) {
            let n = named_units(tail, &items);
            // "Everything except the Arles pattern" where no line reads as the Arles
            // pattern: whatever is summed may hold what the customer keeps.
            if n.units.is_empty() && !n.ambiguous {
                return Asked::Unclear(
                    "the ticket spares an item the reading cannot find in the order".into(),
                );
            }
            spares.extend(n.units.iter().map(|(k, _)| *k));
            all_but |= all && !n.units.is_empty();
        }
    }
    let packed = packing_units(&t.text, &items);
    for (s, sentence) in sentences.iter().enumerate() {
        for whole_part in sentence.iter().filter(|p| affirmed(&REFUND, p)) {
            let part = &spared(whole_part).0;
            let mut named = named_units(part, &items);
            if named.units.is_empty()
                && !named.ambiguous
                && let Some((k, n)) = counted_in_packing(part, &packed)
            {
                named.units.push((k, n.min(items[k].quantity)));
                named.counted.push(k);
            }
            if named.units.is_empty()
                && let Some(c) = COUNT_BACK.captures(part)
            {
                let word = c.get(1).or_else(|| c.get(2)).map_or("", |m| m.as_str());
                counted_back = counted_back.or_else(|| count_of(word, u64::MAX));
            }
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
    let mut kept: Vec<usize> = kept.units.iter().map(|(k, _)| *k).collect();
    kept.extend(&spares);
    asked.retain(|(k, _)| !spares.contains(k));
    if asked.is_empty() && all_but && unnamed == 0 {
        asked = (0..items.len())
            .filter(|k| !spares.contains(k))
            .map(|k| (k, items[k].quantity))
            .collect();
    }
    if asked.is_empty() {
        let mut named = named_in(&mut sentences.iter().flatten().filter(|p| !keeps(p)));
        named.units.retain(|(k, _)| !kept.contains(k));
        add(named, &mut asked);
    }
    if ambiguous {
        return Asked::Unclear("the ticket names an item that fits several of the order's".into());
    }
    if asked
        .iter()
        .any(|(k, _)| items[*k].by_measure && measures_less(&t.text, items[*k].quantity))
    {
        return Asked::Unclear(
            "the ticket measures part of an item the shop sells by measure".into(),
        );
    }
    if let Some(n) = counted_back {
        match asked.as_mut_slice() {
            [] => {}
            [(_, units)] => *units = (*units).min(n),
            _ => {
                return Asked::Unclear(
                    "the ticket counts items named before, and several were named".into(),
                );
            }
        }
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

/// Whether `amount` is a figure `order`'s record shows: what some of its units are worth
/// together (each line's unit price, up to its quantity). A refund of such a sum rests on
/// the record; any other sum below the eligible maximum is the customer's own figure
/// ("$40" for a $39.99 lamp, "$5 for the trouble"), which only a reader of the ticket
/// can weigh. An order of more units than [`MAX_UNITS`] is not searched.
pub(super) fn record_figure(order: &Value, amount: f64) -> bool {
    const MAX_UNITS: u64 = 64;
    let cents = |x: f64| (x * 100.0).round() as i64;
    let mut units: Vec<usize> = Vec::new();
    for item in order["items"].as_array().into_iter().flatten() {
        let quantity = item["quantity"].as_u64().unwrap_or(1).max(1);
        if units.len() as u64 + quantity > MAX_UNITS {
            return false;
        }
        let price = cents(item["unit_price_usd"].as_f64().unwrap_or(0.0)).max(0) as usize;
        units.extend(std::iter::repeat_n(price, quantity as usize));
    }
    let Ok(target) = usize::try_from(cents(amount)) else {
        return false;
    };
    if target > units.iter().sum() {
        return false;
    }
    // The sums some units make, as a table of every cent up to the target: one pass per
    // unit, so the work is bounded by units × target, never by how many subsets there are.
    let mut reachable = vec![false; target + 1];
    reachable[0] = true;
    for price in units.into_iter().filter(|p| (1..=target).contains(p)) {
        for sum in (price..=target).rev() {
            reachable[sum] |= reachable[sum - price];
        }
    }
    reachable[target]
}

re!(
    EXCEPT,
    r"(?i)\b(?:except(?:\s+for)?|apart\s+from|other\s+than|aside\s+from|excluding|but\s+not|all\s+but|everything\s+but)\b"
);

re!(
    ALL_OF_IT,
    r"(?i)\b(?:everything|all|the\s+rest|whole|entire|remaining|every\s+item)\b"
);

/// A refund request cut where it starts to name what it spares ("refund everything
/// except the gloves"): what it asks, what it spares, and whether it asks all the rest.
fn spared(part: &str) -> (&str, Option<&str>, bool) {
    match EXCEPT.find(part) {
        Some(m) => {
            let asks = &part[..m.start()];
            // "All but" and "everything but" ask the rest themselves; "but not" does not.
            let all = ALL_OF_IT.is_match(asks) || ALL_OF_IT.is_match(m.as_str());
            (asks, Some(&part[m.end()..]), all)
        }
        None => (part, None, false),
    }
}

re!(
    KEEP,
    r"(?i)\bkeep\w*|\bfine\b|\bgreat\b|\bperfect\b|\bworks? (?:fine|well|great|perfectly)\b|\bno problem\b|\bhappy with\b|\bis ok(?:ay)?\b"
);
