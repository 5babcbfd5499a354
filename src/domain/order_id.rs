//! What an order id looks like in a shop's text: one definition, so that the reader of a
//! ticket and the verifier of an answer agree on which words are order ids.
//!
//! Text is cut into tokens (runs of letters and digits joined by `-` or `_`, so that
//! `Q-O-5519` is one token and never read as `O-5519`; tokens written with `/` between
//! them are one where the pattern takes them whole), and a token is an order id when
//! the shop's pattern (`commerce.order_id_pattern`) matches all of it, ignoring case.
//! The default accepts the common shapes: `1001` (`#1001` in text), `O1002`,
//! `112-1234567-1234567`, `ORD-2024-00123`, `Q-O-5519`, `zo88016`, `VC-27-004417`; a shop
//! that sets no pattern also reads the shapes of its own ids ([`OrderIdPattern::learned_from`]).
//! Two ids name the same order when they are equal ignoring case, a leading `#` and the
//! `-`, `_`, `/` or spaces inside.

use std::sync::LazyLock;

use regex::Regex;

/// A pattern for order ids, matched against a whole token, ignoring case.
#[derive(Debug, Clone)]
pub struct OrderIdPattern {
    whole: Regex,
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
        Ok(Self { whole })
    }

    /// Whether `token` (a whole token, a leading `#` allowed) is an order id.
    pub fn is_id(&self, token: &str) -> bool {
        let token = token.strip_prefix('#').unwrap_or(token);
        !token.is_empty()
            && token.len() <= MAX_ID_CHARS
            && token.bytes().any(|b| b.is_ascii_digit())
            && self.whole.is_match(token)
    }

    /// A pattern for a shop that did not set one: the shapes of `ids`, the shop's own
    /// order ids ([`learned_shapes`]), beside the common shapes of [`DEFAULT_PATTERN`].
    /// Without ids, the default alone.
    pub fn learned_from<S: AsRef<str>>(ids: &[S]) -> Self {
        let pattern = match learned_shapes(ids) {
            Some(shapes) => format!("{shapes}|{DEFAULT_PATTERN}"),
            None => DEFAULT_PATTERN.to_string(),
        };
        Self::new(&pattern).expect("learned shapes are escaped and compile")
    }

    /// The order ids in `text`, in order, with their byte offsets. Tokens written with
    /// `/` between them (`FW/27/004512`) make one id when the pattern takes them whole.
    pub fn find<'a, 't: 'a>(
        &'a self,
        text: &'t str,
    ) -> impl Iterator<Item = (usize, &'t str)> + 'a {
        slash_joined(text, tokens(text).collect(), move |t| self.is_id(t))
            .into_iter()
            .filter(|(_, t)| self.is_id(t))
    }
}

/// `tokens`, each run of them written with a single `/` between (`FW/27/004512`) taken
/// as one where `whole` accepts the run (the longest run first); the rest as they are.
fn slash_joined<'t>(
    text: &'t str,
    tokens: Vec<(usize, &'t str)>,
    whole: impl Fn(&str) -> bool,
) -> Vec<(usize, &'t str)> {
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let (start, first) = tokens[i];
        // How far a run of slash-joined tokens reaches from token i.
        let mut last = i;
        while let Some(&(next, _)) = tokens.get(last + 1) {
            let (end_prev, prev) = tokens[last];
            if end_prev + prev.len() + 1 == next && text.as_bytes()[next - 1] == b'/' {
                last += 1;
            } else {
                break;
            }
        }
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

/// The shapes of a shop's order ids as a pattern, or `None` for no ids. Each id is cut
/// into runs of letters and digits at its separators (`-`, `_`, `/`, a space); a run of
/// letters then digits (`O1002`) is two. Ids whose runs are alike in kind and length
/// make one shape; in it, a run every such id writes the same is itself (`FW`,
/// `TB` at the front of `TBN7VYF2`), and any other run is its kind and length (`\d{6}`,
/// `[a-z0-9]{6}` for letters and digits mixed). Between runs, a separator may be written
/// or left out (`fw-27-004512`, `FW27004512`).
fn learned_shapes<S: AsRef<str>>(ids: &[S]) -> Option<String> {
    #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    enum Kind {
        Letters,
        Digits,
        Mixed,
    }
    fn runs(id: &str) -> Vec<(Kind, String)> {
        let mut out = Vec::new();
        for part in id
            .split(['-', '_', '/', ' ', '#'])
            .filter(|p| !p.is_empty())
        {
            let p = part.to_ascii_lowercase();
            if !p.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Vec::new();
            }
            let letters = p.chars().take_while(char::is_ascii_alphabetic).count();
            let kind_of = |s: &str| {
                if s.chars().all(|c| c.is_ascii_digit()) {
                    Kind::Digits
                } else if s.chars().all(|c| c.is_ascii_alphabetic()) {
                    Kind::Letters
                } else {
                    Kind::Mixed
                }
            };
            if letters > 0 && letters < p.len() && kind_of(&p[letters..]) == Kind::Digits {
                out.push((Kind::Letters, p[..letters].to_string()));
                out.push((Kind::Digits, p[letters..].to_string()));
            } else {
                out.push((kind_of(&p), p));
            }
        }
        out
    }
    // Ids by shape: the kind and length of each run.
    type Runs = Vec<(Kind, String)>;
    let mut groups: std::collections::BTreeMap<Vec<(Kind, usize)>, Vec<Runs>> =
        std::collections::BTreeMap::new();
    for id in ids {
        let r = runs(id.as_ref());
        if r.is_empty() || r.len() > 8 {
            continue;
        }
        groups
            .entry(r.iter().map(|(k, t)| (*k, t.len())).collect())
            .or_default()
            .push(r);
    }
    let mut groups: Vec<_> = groups.into_iter().collect();
    groups.sort_by_key(|(_, members)| std::cmp::Reverse(members.len()));
    let shapes: Vec<String> = groups
        .into_iter()
        .take(MAX_SHAPES)
        .map(|(signature, members)| {
            signature
                .iter()
                .enumerate()
                .map(|(i, (kind, len))| {
                    let texts: Vec<&str> = members.iter().map(|m| m[i].1.as_str()).collect();
                    let common = common_prefix(&texts);
                    let fixed = regex::escape(&texts[0][..common]);
                    let rest = len - common;
                    let class = match kind {
                        Kind::Letters => "[a-z]",
                        Kind::Digits => r"\d",
                        Kind::Mixed => "[a-z0-9]",
                    };
                    match rest {
                        0 => fixed,
                        _ => format!("{fixed}{class}{{{rest}}}"),
                    }
                })
                .collect::<Vec<_>>()
                .join("[-_/]?")
        })
        .collect();
    (!shapes.is_empty()).then(|| shapes.join("|"))
}

/// The length in bytes of the prefix every one of `texts` (ASCII) shares.
fn common_prefix(texts: &[&str]) -> usize {
    let first = texts[0].as_bytes();
    (0..first.len())
        .take_while(|&i| texts.iter().all(|t| t.as_bytes().get(i) == Some(&first[i])))
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
        .filter(|c| !matches!(c, '-' | '_' | '/' | ' '))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

fn bare(s: &str) -> &str {
    s.trim().trim_start_matches('#')
}

/// Whether `text` names the order `id` as a whole token (not inside a longer id:
/// `O-5519` is not named by `Q-O-5519`).
pub fn names_order(text: &str, id: &str) -> bool {
    slash_joined(text, tokens(text).collect(), |t| same_order(t, id))
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
