//! What an order id looks like in a shop's text: one definition, so that the reader of a
//! ticket and the verifier of an answer agree on which words are order ids.
//!
//! Text is cut into tokens (runs of letters and digits joined by `-` or `_`, so that
//! `Q-O-5519` is one token and never read as `O-5519`; tokens written with `/` between
//! them are one where the pattern takes them whole, and tokens written with spaces
//! between are one where they make an id of the shop's own shapes: `8GU NT6J E`, as are
//! digit groups with dots between: `633.918.240`, and the runs of a shop that writes its
//! ids with dots: `HF.2026.118842`), and a
//! token is an order id when the shop's pattern (`commerce.order_id_pattern`) matches
//! all of it, ignoring case.
//! The default accepts the common shapes: `1001` (`#1001` in text), `O1002`,
//! `112-1234567-1234567`, `ORD-2024-00123`, `Q-O-5519`, `zo88016`, `VC-27-004417`; a shop
//! that sets no pattern also reads the shapes of its own ids ([`OrderIdPattern::learned_from`]).
//! Two ids name the same order when they are equal ignoring case, a leading `#` and the
//! `-`, `_`, `/`, `.` or spaces inside.

use std::sync::LazyLock;

use regex::Regex;

/// A pattern for order ids, matched against a whole token, ignoring case.
#[derive(Debug, Clone)]
pub struct OrderIdPattern {
    whole: Regex,
    /// The shapes learned from the shop's own ids ([`Self::learned_from`]): the only
    /// ones an id written with spaces between its groups is read by.
    shop: Option<ShopShapes>,
}

/// A shop's own id shapes, each matched whole. An id written with spaces between its
/// groups is read in one of them only where more than its length says it is one: the
/// groups fall where the shop's runs part (`8GU NT6J E`), or are digits only (`402 117
/// 835`, a long number printed in threes), or it starts with the letters every id of a
/// one-run shape starts with (`tbm e6n 28`). "2nd floor" has the length of `8gu-nt6j-e`
/// and none of these.
#[derive(Debug, Clone)]
struct ShopShapes {
    /// With `-`, `_`, `/` or nothing between runs.
    whole: Regex,
    /// With a space between runs too (and a dot, for a shop whose ids have dots).
    spaced: Regex,
    /// Whether the shop's own ids part their runs with dots (`HF.2026.118842`): then a
    /// dot between the runs of its shape is a separator, not a sentence's end.
    dotted: bool,
    /// The one-run shapes that start with the same letters or digits (`TB`), if any.
    lettered: Option<Regex>,
}

/// The default: letter groups of up to five (each optionally joined by `-` or `_`),
/// then any short digit groups each joined by `-` or `_` (a year: `VC-27-004417`), then
/// a run of 3 to 20 digits and any further digit groups.
pub const DEFAULT_PATTERN: &str = r"(?:[a-z]{1,5}[-_]?)*(?:\d{1,20}[-_])*\d{3,20}(?:[-_]\d{1,20})*";

/// The longest token read as an id.
const MAX_ID_CHARS: usize = 40;

/// A pattern that does not compile, with the regex crate's words.
#[derive(Debug, thiserror::Error)]
#[error("not a valid order id pattern: {0}")]
pub struct BadPattern(String);

impl OrderIdPattern {
    /// The shop's pattern (empty: [`DEFAULT_PATTERN`]).
    ///
    /// # Errors
    /// A pattern that is not a regular expression.
    pub fn new(pattern: &str) -> Result<Self, BadPattern> {
        let pattern = match pattern.trim() {
            "" => DEFAULT_PATTERN,
            p => p,
        };
        let whole =
            Regex::new(&format!("(?i)^(?:{pattern})$")).map_err(|e| BadPattern(e.to_string()))?;
        Ok(Self { whole, shop: None })
    }

    /// Whether `token` (a whole token, a leading `#` allowed) is an order id.
    pub fn is_id(&self, token: &str) -> bool {
        let token = token.strip_prefix('#').unwrap_or(token);
        !token.is_empty()
            && token.len() <= MAX_ID_CHARS
            && token.bytes().any(|b| b.is_ascii_digit())
            && self.whole.is_match(token)
    }

    /// Whether `token` is written in one of the shop's own learned shapes (never, for a
    /// pattern not learned from the shop's ids): a bare number in the shape every order
    /// of the shop has (nine digits, say) is that shop's order id more often than not.
    pub fn is_shop_shape(&self, token: &str) -> bool {
        let token: String = token
            .strip_prefix('#')
            .unwrap_or(token)
            .chars()
            .filter(|c| !matches!(c, ' ' | '.'))
            .collect();
        self.shop
            .as_ref()
            .is_some_and(|shop| shop.whole.is_match(&token))
    }

    /// A pattern for a shop that did not set one: the shapes of `ids`, the shop's own
    /// order ids ([`learned_shapes`]), beside the common shapes of [`DEFAULT_PATTERN`].
    /// Without ids, the default alone.
    pub fn learned_from<S: AsRef<str>>(ids: &[S]) -> Self {
        let Some(shapes) = learned_shapes(ids) else {
            return Self::default();
        };
        let whole = render(&shapes, "[-_/]?");
        let shortened = render_shortened(&shapes, "[-_/]?");
        let mut pattern = Self::new(&format!("{whole}|{shortened}{DEFAULT_PATTERN}"))
            .expect("learned shapes are escaped and compile");
        let dotted = ids.iter().any(|id| {
            let id = id.as_ref().as_bytes();
            id.windows(3).any(|w| {
                w[1] == b'.' && w[0].is_ascii_alphanumeric() && w[2].is_ascii_alphanumeric()
            })
        });
        let compile =
            |p: String| Regex::new(&format!("(?i)^(?:{p})$")).expect("learned shapes compile");
        let lettered: Vec<&Shape> = shapes
            .iter()
            .filter(|s| s.runs.len() == 1 && s.lead >= 2)
            .collect();
        pattern.shop = Some(ShopShapes {
            whole: compile(whole),
            spaced: compile(render(&shapes, if dotted { "[-_/ .]?" } else { "[-_/ ]?" })),
            dotted,
            lettered: (!lettered.is_empty()).then(|| compile(render(lettered, ""))),
        });
        pattern
    }

    /// The order ids in `text`, in order, with their byte offsets. Tokens written with
    /// `/` between them (`FW/27/004512`) make one id when the pattern takes them whole;
    /// tokens written with single spaces between them (`8GU NT6J E`, `402 117 835`) make
    /// one only in the shape of the shop's own ids, since a space also separates a
    /// phone number's groups, or an id from the quantity after it.
    pub fn find<'a, 't: 'a>(
        &'a self,
        text: &'t str,
    ) -> impl Iterator<Item = (usize, &'t str)> + 'a {
        let spaced = |run: &str| {
            self.shop.as_ref().is_some_and(|shop| {
                let joined: String = run.chars().filter(|c| !matches!(c, ' ' | '.')).collect();
                let digit_groups = run
                    .split([' ', '.'])
                    .all(|g| g.bytes().all(|b| b.is_ascii_digit()));
                // Dots part only the digit groups of a number printed in the shop's
                // shape (`633.918.240`), the runs of a shop that writes its ids with
                // dots, or runs that make the whole of one of the shop's own ids
                // (`STR.H8F3.06640`); elsewhere they end a sentence or a price.
                let dotted = run.contains('.');
                self.is_id(&joined)
                    && (digit_groups && self.is_shop_shape(run)
                        || dotted && !digit_groups && self.is_shop_shape(run)
                        || (!dotted || shop.dotted)
                            && (shop.spaced.is_match(run)
                                || shop.lettered.as_ref().is_some_and(|l| l.is_match(&joined))))
            })
        };
        joined(text, tokens(text).collect(), |t| self.is_id(t), spaced)
            .into_iter()
            .filter(move |(_, t)| {
                if t.contains([' ', '.']) {
                    spaced(t)
                } else {
                    self.is_id(t)
                }
            })
    }
}

/// The most tokens an id written with spaces between its groups is read from.
const MAX_SPACED_GROUPS: usize = 5;

/// `tokens`, each run of them written with a single `/` (`FW/27/004512`) or a single
/// space (`8GU NT6J E`) between taken as one where `whole` (for a run without spaces) or
/// `spaced` (with) accepts the run, the longest run first; the rest as they are.
fn joined<'t>(
    text: &'t str,
    tokens: Vec<(usize, &'t str)>,
    whole: impl Fn(&str) -> bool,
    spaced: impl Fn(&str) -> bool,
) -> Vec<(usize, &'t str)> {
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let (start, first) = tokens[i];
        // How far a run of joined tokens reaches from token i.
        let mut last = i;
        while let Some(&(next, _)) = tokens.get(last + 1) {
            let (end_prev, prev) = tokens[last];
            let gap = (end_prev + prev.len() + 1 == next).then(|| text.as_bytes()[next - 1]);
            let space = matches!(gap, Some(b' ' | b'.')) && last + 1 - i < MAX_SPACED_GROUPS;
            if gap == Some(b'/') || space {
                last += 1;
            } else {
                break;
            }
        }
        let whole = |run: &str| {
            if run.contains([' ', '.']) {
                spaced(run)
            } else {
                whole(run)
            }
        };
        let joined = (i + 1..=last).rev().find_map(|j| {
            let (end, t) = tokens[j];
            let run = &text[start..end + t.len()];
            whole(run).then_some((j, run))
        });
        match joined {
            Some((j, run)) => {
                out.push((start, run));
                i = j + 1;
            }
            None => {
                out.push((start, first));
                i += 1;
            }
        }
    }
    out
}

/// The most shapes a shop's ids are learned as; rarer ones are left to the default.
const MAX_SHAPES: usize = 12;

/// The fewest ids of one shape whose places are learned one by one: among 20 codes of
/// 24 letters and 8 digits, a place that takes either shows only letters once in 300.
const PLACES_FROM: usize = 20;

/// The shapes of a shop's order ids, each a list of runs as patterns, or `None` for no
/// ids. Each id is cut into runs at its separators (`-`, `_`, `/`, a space); a run of
/// letters then digits (`O1002`) is two. Ids whose runs are alike in length, and in
/// being digits or not, make one shape; in it, the start every such id writes the same
/// is itself (`FW`, `TB` at the front of `TBN7VYF2`), and each further place is what
/// every such id has there: a digit, a letter, or either (`8gu-nt6j-e` and `3xg-h6hs-t`
/// make `\d[a-z]{2}`, `[a-z0-9]{4}`, `[a-z]`). [`render`] puts the separators between.
fn learned_shapes<S: AsRef<str>>(ids: &[S]) -> Option<Vec<Shape>> {
    fn runs(id: &str) -> Vec<String> {
        let mut out = Vec::new();
        for part in id
            .split(['-', '_', '/', ' ', '#', '.'])
            .filter(|p| !p.is_empty())
        {
            let p = part.to_ascii_lowercase();
            if !p.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Vec::new();
            }
            let letters = p.chars().take_while(char::is_ascii_alphabetic).count();
            if letters > 0 && letters < p.len() && p[letters..].bytes().all(|b| b.is_ascii_digit())
            {
                out.push(p[..letters].to_string());
                out.push(p[letters..].to_string());
            } else {
                out.push(p);
            }
        }
        out
    }
    // Ids by shape: each run's length, and whether it is digits. Letters and mixed runs
    // make one shape: a shop's random codes (`nt6j`, `hhsk`) are letters only now and
    // then, and splitting on that would leave each shape too few ids to be among the
    // most common.
    let mut groups: std::collections::BTreeMap<Vec<(bool, usize)>, Vec<Vec<String>>> =
        std::collections::BTreeMap::new();
    for id in ids {
        let r = runs(id.as_ref());
        if r.is_empty() || r.len() > 8 {
            continue;
        }
        groups
            .entry(
                r.iter()
                    .map(|t| (t.bytes().all(|b| b.is_ascii_digit()), t.len()))
                    .collect(),
            )
            .or_default()
            .push(r);
    }
    let mut groups: Vec<_> = groups.into_iter().collect();
    groups.sort_by_key(|(_, members)| std::cmp::Reverse(members.len()));
    let shapes: Vec<Shape> = groups
        .into_iter()
        .take(MAX_SHAPES)
        .map(|(signature, members)| {
            let mut lead = 0;
            let runs = (0..signature.len())
                .map(|i| {
                    let texts: Vec<&[u8]> = members.iter().map(|m| m[i].as_bytes()).collect();
                    let common = common_prefix(&texts);
                    if i == 0 {
                        lead = common;
                    }
                    let mut run = regex::escape(&members[0][i][..common]);
                    // Each further place by what every id has there: a digit, a letter,
                    // or either; alike places in a row counted (`\d[a-z]{2}`). Place by
                    // place only among enough ids that a place of random letters and
                    // digits shows both; among fewer, what the whole run shows.
                    let len = texts[0].len();
                    let class = |at: std::ops::Range<usize>| {
                        let all =
                            |f: fn(&u8) -> bool| texts.iter().all(|t| t[at.clone()].iter().all(f));
                        if all(u8::is_ascii_digit) {
                            r"\d"
                        } else if all(u8::is_ascii_alphabetic) {
                            "[a-z]"
                        } else {
                            "[a-z0-9]"
                        }
                    };
                    let classes: Vec<&str> = if texts.len() >= PLACES_FROM {
                        (common..len).map(|at| class(at..at + 1)).collect()
                    } else {
                        vec![class(common..len); len - common]
                    };
                    for same in classes.chunk_by(|a, b| a == b) {
                        match same.len() {
                            1 => run.push_str(same[0]),
                            n => run.push_str(&format!("{}{{{n}}}", same[0])),
                        }
                    }
                    run
                })
                .collect();
            // The signature's last run: (digits only, its length).
            let last_number = match signature.last() {
                Some(&(true, len)) => len,
                _ => 0,
            };
            Shape {
                runs,
                lead,
                last_number,
            }
        })
        .collect();
    (!shapes.is_empty()).then_some(shapes)
}

/// One learned shape of a shop's ids.
struct Shape {
    /// Its runs, each as a pattern.
    runs: Vec<String>,
    /// How many letters or digits at its front every such id writes the same (`TB`).
    lead: usize,
    /// The length of its last run when that run is a number, else 0.
    last_number: usize,
}

/// The shapes' ids as customers shorten them, as an alternation ending in `|` (empty
/// for none): each shape's last runs, at least two of them, where its last run is a
/// number of three digits or more (`G1Z6-81027` of `STR-G1Z6-81027`). A tool finds the
/// one order of the customer's that such an id shortens ([`ShortId`]); a single number
/// is left to the words around it, as any bare number is.
fn render_shortened(shapes: &[Shape], between: &str) -> String {
    let mut out = String::new();
    for shape in shapes.iter().filter(|s| s.last_number >= 3) {
        for from in 1..shape.runs.len().saturating_sub(1) {
            out.push_str(&shape.runs[from..].join(between));
            out.push('|');
        }
    }
    out
}

/// `shapes` as one alternation, `between` between each one's runs.
fn render<'a>(shapes: impl IntoIterator<Item = &'a Shape>, between: &str) -> String {
    shapes
        .into_iter()
        .map(|shape| shape.runs.join(between))
        .collect::<Vec<_>>()
        .join("|")
}

/// The length in bytes of the prefix every one of `texts` (ASCII) shares.
fn common_prefix(texts: &[&[u8]]) -> usize {
    let first = texts[0];
    (0..first.len())
        .take_while(|&i| texts.iter().all(|t| t.get(i) == Some(&first[i])))
        .count()
}

impl Default for OrderIdPattern {
    fn default() -> Self {
        Self::new(DEFAULT_PATTERN).expect("the default pattern compiles")
    }
}

/// The tokens of `text` and their byte offsets: runs of ASCII letters and digits joined
/// by single `-` or `_`.
pub fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    static TOKEN: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*").expect("a valid pattern")
    });
    TOKEN.find_iter(text).filter_map(move |m| {
        // A token glued to a longer word of other letters (`café1234`) is not one.
        let glued = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
        if glued(text[..m.start()].chars().next_back()) || glued(text[m.end()..].chars().next()) {
            return None;
        }
        Some((m.start(), m.as_str()))
    })
}

/// Whether `a` and `b` name the same order: equal ignoring case, a leading `#` and the
/// separators inside (`kb-88016` is `KB88016`, `QO-5519` is `Q-O-5519`, `fw-27-004302`
/// is `FW/27/004302`).
pub fn same_order(a: &str, b: &str) -> bool {
    order_key(a) == order_key(b)
}

/// The key a shop finds an order by, however the id was written: `#10289`, `10289` and
/// ` Q-o-5519` find `#10289` and `Q-O-5519`, `11248392017730215` finds
/// `112-4839201-7730215`. Two ids have the same key exactly when [`same_order`] holds.
pub fn order_key(id: &str) -> String {
    bare(id)
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | '/' | '.' | ' '))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// An id as a customer may shorten a shop's long ids: its groups (runs of letters or
/// digits, a number without its leading zeros), ending in a number of three digits or
/// more. It shortens an id whose last groups they are and which it is not itself (`4302`,
/// `#4302`, `fw-27-4302` and `27/4302` shorten `FW/27/004302`; `835` does not shorten
/// `402117835`). Many orders can end alike, so a tool takes a shortened id only for the
/// one order of the ticket's customer it fits.
#[derive(Debug, Clone)]
pub struct ShortId {
    key: String,
    groups: Vec<String>,
}

impl ShortId {
    /// `written` as a shortened id, or `None` when it cannot shorten any (`02`, `ab`).
    pub fn parse(written: &str) -> Option<Self> {
        let groups = groups(written);
        let last = groups.last()?;
        (last.len() >= 3 && last.bytes().all(|b| b.is_ascii_digit())).then(|| Self {
            key: order_key(written),
            groups,
        })
    }

    /// Whether this shortens `id`.
    pub fn shortens(&self, id: &str) -> bool {
        self.key != order_key(id) && groups(id).ends_with(&self.groups)
    }
}

/// The groups of an id: runs of ASCII letters or digits, lower-cased, numbers without
/// their leading zeros.
fn groups(id: &str) -> Vec<String> {
    static GROUP: LazyLock<Regex> =
        LazyLock::new(|| Regex::new("[A-Za-z]+|[0-9]+").expect("a valid pattern"));
    GROUP
        .find_iter(id)
        .map(|m| {
            let g = m.as_str();
            match g.trim_start_matches('0') {
                _ if !g.as_bytes()[0].is_ascii_digit() => g.to_ascii_lowercase(),
                "" => "0".to_string(),
                number => number.to_string(),
            }
        })
        .collect()
}

fn bare(s: &str) -> &str {
    s.trim().trim_start_matches('#')
}

/// Whether `text` names the order `id` as a whole token (not inside a longer id:
/// `O-5519` is not named by `Q-O-5519`).
pub fn names_order(text: &str, id: &str) -> bool {
    let same = |t: &str| same_order(t, id);
    joined(text, tokens(text).collect(), same, same)
        .into_iter()
        .any(|(_, t)| same_order(t, id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SHAPES: [&str; 9] = [
        "1001",
        "#1001",
        "O1002",
        "112-1234567-1234567",
        "ORD-2024-00123",
        "Q-O-5519",
        "zo88016",
        "ord_2024_77",
        "VC-27-004417",
    ];

    #[test]
    fn one_order_is_one_key_whatever_its_case_hash_or_separators() {
        for (a, b) in [
            ("kb-88016", "KB88016"),
            ("#10289", "10289"),
            ("QO-5519", "Q-O-5519"),
            ("112 4839201 7730215", "112-4839201-7730215"),
        ] {
            assert!(same_order(a, b), "{a} {b}");
            assert_eq!(order_key(a), order_key(b));
        }
        for (a, b) in [("O-5519", "Q-O-5519"), ("1028", "10289")] {
            assert!(!same_order(a, b), "{a} {b}");
        }
    }

    #[test]
    fn the_default_pattern_reads_the_common_shapes_whole() {
        let p = OrderIdPattern::default();
        for shape in SHAPES {
            assert!(p.is_id(shape), "{shape}");
            let text = format!("Hi, where is {shape}? Thanks");
            let found: Vec<&str> = p.find(&text).map(|(_, t)| t).collect();
            assert_eq!(found, vec![shape.trim_start_matches('#')], "{text}");
        }
        for not_an_id in ["hello", "12", "v2", "a-b-c", "2024-"] {
            assert!(!p.is_id(not_an_id), "{not_an_id}");
        }
    }

    #[test]
    fn an_id_inside_a_longer_one_is_not_named() {
        assert!(names_order("Q-O-5519 has shipped", "Q-O-5519"));
        assert!(names_order("q-o-5519 has shipped", "Q-O-5519"));
        assert!(!names_order("Q-O-5519 has shipped", "O-5519"));
        assert!(names_order("Order #1001 shipped", "1001"));
        assert!(!names_order("Order 11001 shipped", "1001"));
    }

    #[test]
    fn a_shop_pattern_replaces_the_default() {
        let p = OrderIdPattern::new(r"SHOP-\d{6}").unwrap();
        assert!(p.is_id("shop-123456"));
        assert!(!p.is_id("O1002"));
        assert!(OrderIdPattern::new("(unclosed").is_err());
        assert!(OrderIdPattern::new("  ").unwrap().is_id("O1002"));
    }

    #[test]
    fn a_shop_without_a_pattern_reads_its_own_id_shapes_beside_the_common_ones() {
        let toys = OrderIdPattern::learned_from(&["TBN7VYF2", "TBK2M9QX", "TB4RT7ZA"]);
        for id in ["TBN7VYF2", "tbq8w3e1", "#TB7K2M9Q", "O1002", "VC-27-004417"] {
            assert!(toys.is_id(id), "{id}");
        }
        // The shop's front letters are part of its shape; a word without a digit never is.
        for not_an_id in ["XYN7VYF2", "tbsoften", "TBN7VYF"] {
            assert!(!toys.is_id(not_an_id), "{not_an_id}");
        }
        let music = OrderIdPattern::learned_from(&["FW/27/004302", "FW/26/003879", "FW/27/004512"]);
        let text = "Hi, order FW/27/004302 and fw-27-004512 (also FW27004302), not 12/05.";
        let found: Vec<&str> = music.find(text).map(|(_, t)| t).collect();
        assert_eq!(found, vec!["FW/27/004302", "fw-27-004512", "FW27004302"]);
        assert!(same_order("FW/27/004302", "fw-27-004302"));
        assert!(names_order(
            "Your order FW/27/004302 has shipped.",
            "FW27004302"
        ));
        // Slash-joined tokens stay apart where the shop's shapes do not take them whole.
        let plain = OrderIdPattern::default();
        let found: Vec<&str> = plain
            .find("order 10289/10290 please")
            .map(|(_, t)| t)
            .collect();
        assert_eq!(found, vec!["10289", "10290"]);
        assert!(learned_shapes::<&str>(&[]).is_none());
    }

    #[test]
    fn a_shops_codes_are_read_compact_or_written_in_groups_with_spaces() {
        // A shop's codes (`8gu-nt6j-e`): a digit and two letters, four of either (now
        // and then letters only: `hhsk`), a check letter.
        const LETTERS: &[u8] = b"abcdefghjkmnpqrstuvwxyz";
        const EITHER: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
        let pick = |set: &[u8], n: usize| char::from(set[n % set.len()]);
        let mut ids: Vec<String> = (0..40)
            .map(|k| {
                let middle: String = (0..4).map(|j| pick(EITHER, k * 7 + j * 11)).collect();
                let (d, a, b, c) = (
                    pick(b"23456789", k),
                    pick(LETTERS, k * 5),
                    pick(LETTERS, k * 3 + 1),
                    pick(LETTERS, k * 13),
                );
                format!("{d}{a}{b}-{middle}-{c}")
            })
            .collect();
        ids.extend(["8gu-nt6j-e", "3xg-h6hs-t", "9ue-g9f5-h", "7jh-hhsk-t"].map(String::from));
        let fabric = OrderIdPattern::learned_from(&ids);
        let text = "order no 8GU NT6J E, and 3xg h6hs t; also 9ueg9f5h.";
        let found: Vec<&str> = fabric.find(text).map(|(_, t)| t).collect();
        assert_eq!(found, vec!["8GU NT6J E", "3xg h6hs t", "9ueg9f5h"]);
        // Words written with spaces fit the length of a code, but not its groups.
        let words = "the order 3xg h6hs t of 25 metres from the 1950s for mum's 60th and";
        let found: Vec<&str> = fabric.find(words).map(|(_, t)| t).collect();
        assert_eq!(found, vec!["3xg h6hs t"]);
        let toys = OrderIdPattern::learned_from(&["TBN7VYF2", "TBK2M9QX", "TB4RT7ZA"]);
        let found: Vec<&str> = toys
            .find("order tbk 2m9 qx, 2nd floor")
            .map(|(_, t)| t)
            .collect();
        assert_eq!(found, vec!["tbk 2m9 qx"]);
        assert!(names_order(text, "3xg-h6hs-t"));
        let garden = OrderIdPattern::learned_from(&["402117835", "570228413", "763206045"]);
        let found: Vec<&str> = garden
            .find("Order 402 117 835 came, call 555 0134 or 07700 900123.")
            .map(|(_, t)| t)
            .collect();
        assert_eq!(found, vec!["402 117 835", "555", "0134", "07700", "900123"]);
        // Only the shop's own shapes join groups: the common shapes never do, since a
        // space also parts an id from a quantity or a phone number's groups.
        let found: Vec<&str> = OrderIdPattern::default()
            .find("order 1001 2 weeks ago, 402 117 835")
            .map(|(_, t)| t)
            .collect();
        assert_eq!(found, vec!["1001", "402", "117", "835"]);
    }

    #[test]
    fn a_shop_that_writes_its_ids_with_dots_has_them_read_with_dots_spaces_or_none() {
        let ids: Vec<String> = (0..30)
            .map(|k| format!("HF.2026.{}", 116_204 + k * 173))
            .collect();
        let furniture = OrderIdPattern::learned_from(&ids);
        let text = "Where is my lamp (HF.2026.118842)? Also hf 2026 116377, HF2026116550. Thanks.";
        let found: Vec<&str> = furniture.find(text).map(|(_, t)| t).collect();
        assert_eq!(
            found,
            vec!["HF.2026.118842", "hf 2026 116377", "HF2026116550"]
        );
        assert!(same_order("HF.2026.118842", "hf-2026-118842"));
        assert!(names_order(
            "Order HF.2026.118842 has shipped.",
            "HF-2026-118842"
        ));
        assert!(furniture.is_shop_shape("HF.2026.118842"));
        // Elsewhere a dot still ends a sentence or parts a price's cents.
        let plain = OrderIdPattern::learned_from(&["402117835", "570228413", "763206045"]);
        let found: Vec<&str> = plain
            .find("Order AB.2026.118842 cost 12.50.")
            .map(|(_, t)| t)
            .collect();
        assert_eq!(found, vec!["2026", "118842"]);
    }

    #[test]
    fn a_shops_id_without_its_fixed_front_letters_is_read_as_an_id() {
        let ids = [
            "STR-7Q4K-22910",
            "STR-G1Z6-81027",
            "STR-K2M9-40318",
            "STR-Y4D6-47521",
        ];
        let shoes = OrderIdPattern::learned_from(&ids);
        let found: Vec<&str> = shoes
            .find("please refund the socks from G1Z6-81027, and y4d6 47521 too")
            .map(|(_, t)| t)
            .collect();
        // With a space, only the whole shape is joined; the number stands alone.
        assert_eq!(found, vec!["G1Z6-81027", "47521"]);
        assert!(ShortId::parse("G1Z6-81027").is_some_and(|s| s.shortens("STR-G1Z6-81027")));
        let found: Vec<&str> = shoes
            .find("could you confirm order STR.H8F3.06640 was delivered? It cost 12.50.")
            .map(|(_, t)| t)
            .collect();
        assert_eq!(found, vec!["STR.H8F3.06640"]);
        // Only its own shape: another shop's code of that length is not read.
        assert!(!shoes.is_id("G1Z6-8102"));
        assert!(!shoes.is_shop_shape("G1Z6-81027"));
        // A shape that ends in letters is never shortened to its last runs.
        let fabric = OrderIdPattern::learned_from(&["8gu-nt6j-e", "3xg-h6hs-t", "9ue-g9f5-h"]);
        assert!(!fabric.is_id("nt6j-e"));
    }

    #[test]
    fn a_shortened_id_is_the_last_groups_of_one_ending_in_its_number() {
        let shortens =
            |written: &str, id: &str| ShortId::parse(written).is_some_and(|s| s.shortens(id));
        for written in [
            "4302",
            "#4302",
            "fw-27-4302",
            "FW/27/4302",
            "27/4302",
            "fw27-4302",
        ] {
            assert!(shortens(written, "FW/27/004302"), "{written}");
        }
        assert!(shortens("2027-114", "ORD-2027-00114"));
        for not_short in [
            "FW/27/004302",
            "fw27004302",
            "02",
            "27",
            "4301",
            "835",
            "ab-4302",
        ] {
            assert!(!shortens(not_short, "FW/27/004302"), "{not_short}");
        }
        // A long number's own end is not a group of it.
        assert!(!shortens("835", "402117835"));
        assert!(!shortens("117835", "402 117 835"));
        // Nothing that does not end in a number of three digits or more shortens any id.
        for never in ["02", "ab", "4302-ab", ""] {
            assert!(ShortId::parse(never).is_none(), "{never}");
        }
    }

    fn an_id() -> impl Strategy<Value = String> {
        (
            prop::collection::vec("[A-Za-z]{1,5}", 0..3),
            "[0-9]{3,12}",
            prop::collection::vec("[0-9]{1,8}", 0..3),
            prop::sample::select(vec!["-", "_", ""]),
        )
            .prop_map(|(letters, digits, tail, sep)| {
                let mut id = String::new();
                for l in letters {
                    id.push_str(&l);
                    id.push_str(sep);
                }
                id.push_str(&digits);
                for t in tail {
                    id.push('-');
                    id.push_str(&t);
                }
                id
            })
            // Longer tokens are not read as ids at all (`MAX_ID_CHARS`).
            .prop_filter("an id of at most MAX_ID_CHARS", |id| {
                id.len() <= MAX_ID_CHARS
            })
    }

    proptest! {
        /// However an id is written (case, a leading `#`, the words around it), the
        /// text names it, and no shorter id inside it.
        #[test]
        fn an_id_in_a_sentence_is_read_whole_and_named(
            id in an_id(),
            lead in prop::sample::select(vec!["Order ", "order #", "my parcel ", "(", "re: "]),
            trail in prop::sample::select(vec![" has shipped.", "?", ") is late", "!"]),
            upper in any::<bool>(),
        ) {
            let p = OrderIdPattern::default();
            let written = if upper { id.to_uppercase() } else { id.to_lowercase() };
            let text = format!("{lead}{written}{trail}");
            prop_assert!(p.is_id(&id));
            let found: Vec<&str> = p.find(&text).map(|(_, t)| t).collect();
            prop_assert_eq!(found.len(), 1, "{:?} in {:?}", found, text);
            prop_assert!(same_order(found[0], &id));
            prop_assert!(names_order(&text, &id));
            if let Some(cut) = id.find(['-', '_']) {
                let inner = &id[cut + 1..];
                if !same_order(inner, &id) {
                    prop_assert!(!names_order(&text, inner), "{} inside {}", inner, text);
                }
            }
        }
    }
}
