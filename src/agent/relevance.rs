//! Relevance: whether a help-center article speaks to what the customer asked.
//!
//! `kb_search` returns what matches the model's query, and a model may search for
//! anything: an answer that closes a ticket with an article on another subject rests on
//! a real search result and still does not answer. Verification therefore judges every
//! article a run's searches returned against the ticket's own words, the subject and
//! the customer's text (`domain::Ticket`), never the query the model chose, and a
//! RESOLVED answer that cites one below the bar is refused (docs/verification.md, rule
//! 9).
//!
//! Two measures, one per way this process searches:
//!
//! - with the sentence-embedding model loaded (the one `kb_search` uses), the article's
//!   *standing* among the shop's articles: the cosine similarity of the question to the
//!   article (title and text, as `kb_search` embeds it, so its vectors are reused) in
//!   standard deviations above the mean of the question's similarity to every article of
//!   the shop. An absolute similarity cannot tell subjects apart in one shop: every
//!   article of a shop speaks of orders, and a long ticket is a little similar to all of
//!   them (on the development data the absolute bar that kept every relevant pair refused
//!   46 % of the others, the standing 71 %). An article whose best view (its title, its
//!   text, or one of its sentences) reaches `kb_search`'s own bar of relevance
//!   ([`STRONG_SIMILARITY`]) stands whatever its standing, so that a shop with several
//!   articles on one subject does not have them refuse each other; a shop of fewer than
//!   [`MIN_ARTICLES`] articles has no baseline, and its articles are held to
//!   [`MIN_SIMILARITY`] instead;
//! - without it, lexical overlap: the content words (stemmed, stop words out) the
//!   question and the article share, each weighed by how few of the shop's articles use
//!   it ([`Relevance::overlap`]).
//!
//! Each threshold was calibrated on the development data only (the fixture's retrieval
//! questions, the outdoor world's labelled questions and the home world's labelled
//! cases; `ticket-agent-lab relevance-calibration` prints the numbers), a little below the
//! lowest value a labelled relevant pair scored there: a correct answer must never be
//! refused; what the bar lets through is an article close to the question's subject, not
//! one on another.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, LazyLock};

use serde::Serialize;
use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, StopWordFilter, TextAnalyzer,
};

use crate::commerce::KbArticle;
use crate::domain::ticket::Ticket;
use crate::embedding::{Embedder, cosine};
use crate::tools::kb::{Baseline, MIN_STANDING_ARTICLES, views, whole_view};

/// The standing below which an article does not answer the question (calibrated,
/// docs/verification.md).
pub const MIN_STANDING: f32 = 0.25;

/// The similarity at which an article answers whatever its standing: `kb_search`'s
/// own bar (`kb.min_similarity`).
pub const STRONG_SIMILARITY: f32 = 0.5;

/// The similarity an article must reach in a shop too small for a baseline
/// (calibrated, docs/verification.md).
pub const MIN_SIMILARITY: f32 = 0.2;

/// The fewest articles whose similarities make a baseline (`kb_search`'s own).
pub const MIN_ARTICLES: usize = MIN_STANDING_ARTICLES;

/// The overlap below which an article does not answer the question, without the
/// embedding model (calibrated, docs/verification.md): one shared word that fewer than
/// about half of the shop's articles use, or two common ones.
pub const MIN_OVERLAP: f32 = 1.25;

/// How relevance was measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Standing among the shop's articles, in standard deviations of similarity.
    Standing,
    /// Cosine similarity of sentence embeddings (a shop too small for a baseline).
    Similarity,
    /// Shared content words.
    Overlap,
}

impl Method {
    /// Its name in notes and reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Standing => "standing",
            Method::Similarity => "similarity",
            Method::Overlap => "overlap",
        }
    }
}

/// An article as a search returned it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArticleText<'a> {
    /// Its id.
    pub id: &'a str,
    /// Its title.
    pub title: &'a str,
    /// Its text.
    pub body: &'a str,
}

/// One article judged against one question.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Judgment {
    /// The article's id.
    pub article: String,
    /// How it was measured.
    pub method: Method,
    /// Its score.
    pub score: f32,
    /// The bar it had to reach.
    pub threshold: f32,
    /// The similarity of its best view to the question (with the embedding model).
    pub similarity: Option<f32>,
}

impl Judgment {
    /// Whether the article speaks to the question.
    pub fn relevant(&self) -> bool {
        self.score >= self.threshold || self.similarity.is_some_and(|s| s >= STRONG_SIMILARITY)
    }
}

/// The judge: the shop's articles (the baseline of a question's similarities) and the
/// embedding model when this process has one.
#[derive(Clone, Default)]
pub struct Relevance {
    embedder: Option<Arc<dyn Embedder>>,
    shop: Arc<Vec<KbArticle>>,
    /// In how many of the shop's articles each content word occurs.
    spread: Arc<HashMap<String, usize>>,
}

impl std::fmt::Debug for Relevance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Relevance")
            .field("embedder", &self.embedder.as_ref().map(|e| e.name()))
            .field("articles", &self.shop.len())
            .finish()
    }
}

impl Relevance {
    /// Judges by meaning with `embedder` against the baseline of the shop's articles
    /// `shop`, or by shared words without a model.
    pub fn new(embedder: Option<Arc<dyn Embedder>>, shop: Vec<KbArticle>) -> Self {
        let mut spread: HashMap<String, usize> = HashMap::new();
        for a in &shop {
            for t in article_terms(&a.title, &a.body) {
                *spread.entry(t).or_default() += 1;
            }
        }
        Self {
            embedder,
            shop: Arc::new(shop),
            spread: Arc::new(spread),
        }
    }

    /// How this judge measures.
    pub fn method(&self) -> Method {
        match self.embedder {
            Some(_) if self.shop.len() >= MIN_ARTICLES => Method::Standing,
            Some(_) => Method::Similarity,
            None => Method::Overlap,
        }
    }

    /// Each article judged against `question`, in the order given. Embedding is CPU
    /// work: async callers run this on a blocking thread. A failing embedder is logged
    /// and the articles are judged by overlap instead.
    pub fn judge(&self, question: &str, articles: &[ArticleText<'_>]) -> Vec<Judgment> {
        if articles.is_empty() {
            return Vec::new();
        }
        if let Some(embedder) = &self.embedder {
            match self.by_meaning(embedder.as_ref(), question, articles) {
                Ok(judged) => return judged,
                Err(e) => tracing::warn!(
                    error = %format_args!("{e:#}"),
                    "relevance embedding failed; judging articles by shared words"
                ),
            }
        }
        articles
            .iter()
            .map(|a| Judgment {
                article: a.id.to_string(),
                method: Method::Overlap,
                score: self.overlap(question, a),
                threshold: MIN_OVERLAP,
                similarity: None,
            })
            .collect()
    }

    /// Standing (or, in a small shop, similarity) of each article, in one call to the
    /// embedder: the question, each shop article's whole view, and each judged
    /// article's views.
    fn by_meaning(
        &self,
        embedder: &dyn Embedder,
        question: &str,
        articles: &[ArticleText<'_>],
    ) -> anyhow::Result<Vec<Judgment>> {
        let shop: Vec<String> = self
            .shop
            .iter()
            .map(|a| whole_view(&a.title, &a.body))
            .collect();
        let views: Vec<Vec<String>> = articles.iter().map(|a| views(a.title, a.body)).collect();
        let texts: Vec<&str> = std::iter::once(question)
            .chain(shop.iter().map(String::as_str))
            .chain(views.iter().flatten().map(String::as_str))
            .collect();
        let vectors = embedder.embed(&texts)?;
        anyhow::ensure!(
            vectors.len() == texts.len(),
            "{} returned {} vectors for {} texts",
            embedder.name(),
            vectors.len(),
            texts.len()
        );
        let asked = &vectors[0];
        let baseline: Vec<f32> = vectors[1..=shop.len()]
            .iter()
            .map(|v| cosine(asked, v))
            .collect();
        let baseline = Baseline::of(&baseline);
        let mut rest = &vectors[1 + shop.len()..];
        let mut out = Vec::with_capacity(articles.len());
        for (a, v) in articles.iter().zip(&views) {
            let (mine, after) = rest.split_at(v.len());
            rest = after;
            let scores: Vec<f32> = mine.iter().map(|m| cosine(asked, m)).collect();
            let best = scores.iter().copied().fold(f32::MIN, f32::max);
            // The whole view is the second (`kb::views`' order).
            let whole = scores.get(1).copied().unwrap_or(best);
            out.push(match baseline {
                None => Judgment {
                    article: a.id.to_string(),
                    method: Method::Similarity,
                    score: best,
                    threshold: MIN_SIMILARITY,
                    similarity: Some(best),
                },
                Some(b) => Judgment {
                    article: a.id.to_string(),
                    method: Method::Standing,
                    score: b.standing(whole),
                    threshold: MIN_STANDING,
                    similarity: Some(best),
                },
            });
        }
        Ok(out)
    }
}

/// The customer's question as relevance reads it: the subject and the customer's own
/// words (quoted earlier messages and the signature left out).
pub fn question(ticket: &Ticket) -> String {
    let subject = ticket.subject.trim();
    let body = ticket.body.trim();
    match (subject.is_empty(), body.is_empty()) {
        (true, _) => body.to_string(),
        (false, true) => subject.to_string(),
        (false, false) => format!("{subject}. {body}"),
    }
}

/// Words that carry no subject in a support question, beyond English stop words.
const FILLER: &[&str] = &[
    "hi", "hello", "hey", "dear", "thanks", "thank", "please", "pls", "help", "need", "want",
    "like", "know", "get", "got", "can", "could", "would", "will", "just", "also", "still", "ok",
    "okay", "how", "what", "when", "where", "why", "which", "who", "i", "me", "my", "you", "your",
    "we", "our", "us", "do", "does", "did", "am", "im", "i'm", "it's",
];

static ANALYZER: LazyLock<TextAnalyzer> = LazyLock::new(|| {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(StopWordFilter::new(Language::English).expect("tantivy has English stop words"))
        .filter(StopWordFilter::remove(FILLER.iter().map(|w| w.to_string())))
        .filter(Stemmer::new(Language::English))
        .build()
});

/// The distinct content words of `text`, stemmed.
fn terms(text: &str) -> HashSet<String> {
    let mut analyzer = ANALYZER.clone();
    let mut stream = analyzer.token_stream(text);
    let mut out = HashSet::new();
    while let Some(token) = stream.next() {
        if token.text.chars().any(char::is_alphabetic) {
            out.insert(token.text.clone());
        }
    }
    out
}

fn article_terms(title: &str, body: &str) -> HashSet<String> {
    terms(title).union(&terms(body)).cloned().collect()
}

impl Relevance {
    /// Lexical relevance without the embedding model: the content words the question
    /// and the article share, each weighed by how distinctive it is in this shop
    /// (`ln(1 + n / d)`, for a word in `d` of the shop's `n` articles): a word every
    /// article uses ("order") says little about which one answers, a word one article
    /// uses says much.
    pub fn overlap(&self, question: &str, article: &ArticleText<'_>) -> f32 {
        let asked = terms(question);
        let n = self.shop.len().max(1) as f32;
        article_terms(article.title, article.body)
            .intersection(&asked)
            .map(|t| {
                let d = self.spread.get(t).copied().unwrap_or(1).max(1) as f32;
                (1.0 + n / d).ln()
            })
            // An empty sum of floats is -0.0.
            .sum::<f32>()
            + 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three topics, one letter each: a text's vector counts its a's, b's and c's.
    struct Letters;

    impl Embedder for Letters {
        fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
            Ok(texts
                .iter()
                .map(|t| {
                    let v: Vec<f32> = ['a', 'b', 'c']
                        .iter()
                        .map(|l| t.matches(*l).count() as f32 + 0.1)
                        .collect();
                    let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
                    v.into_iter().map(|x| x / n).collect()
                })
                .collect())
        }
        fn name(&self) -> &str {
            "letters"
        }
    }

    fn kb(id: &str, title: &str, body: &str) -> KbArticle {
        KbArticle {
            id: id.into(),
            title: title.into(),
            body: body.into(),
            tags: Vec::new(),
        }
    }

    fn text(a: &KbArticle) -> ArticleText<'_> {
        ArticleText {
            id: &a.id,
            title: &a.title,
            body: &a.body,
        }
    }

    fn shop() -> Vec<KbArticle> {
        vec![
            kb("A", "aa", "aaa aa."),
            kb("B", "bb", "bbb bb."),
            kb("C", "cc", "ccc cc."),
            kb("D", "bc", "bb cc."),
            kb("E", "ab", "aa bb."),
        ]
    }

    #[test]
    fn an_article_stands_by_how_much_closer_it_is_to_the_question_than_the_shops_others() {
        let shop = shop();
        let judge = Relevance::new(Some(Arc::new(Letters)), shop.clone());
        assert_eq!(judge.method(), Method::Standing);
        let out = judge.judge("aaaa a", &shop.iter().map(text).collect::<Vec<_>>());
        let relevant: Vec<&str> = out
            .iter()
            .filter(|j| j.relevant())
            .map(|j| j.article.as_str())
            .collect();
        assert_eq!(relevant, vec!["A", "E"], "{out:?}");
        assert!(out.iter().all(|j| j.method == Method::Standing));
    }

    #[test]
    fn a_shop_too_small_for_a_baseline_is_held_to_similarity() {
        let shop = vec![kb("A", "aa", "aaa aa."), kb("B", "bb", "bbb bb.")];
        let judge = Relevance::new(Some(Arc::new(Letters)), shop.clone());
        let out = judge.judge("bbbb", &shop.iter().map(text).collect::<Vec<_>>());
        assert_eq!(out[0].method, Method::Similarity);
        assert!(!out[0].relevant(), "{out:?}");
        assert!(out[1].relevant(), "{out:?}");
    }

    #[test]
    fn without_a_model_an_article_on_the_questions_subject_shares_its_words_and_another_does_not() {
        let reset = kb(
            "KB1",
            "How to reset your password",
            "Use the Forgot password link on the sign-in page; the reset email arrives within minutes.",
        );
        let gift = kb(
            "KB2",
            "Redeeming a gift card",
            "Enter the gift card code at checkout. Gift cards never expire.",
        );
        let judge = Relevance::new(None, vec![reset.clone(), gift.clone()]);
        assert_eq!(judge.method(), Method::Overlap);
        let out = judge.judge(
            "cant log in. forgot my password, how do i reset it??",
            &[text(&reset), text(&gift)],
        );
        assert!(out[0].relevant(), "{out:?}");
        assert!(!out[1].relevant(), "{out:?}");
    }

    #[test]
    fn a_question_is_its_subject_and_the_customers_own_words() {
        let ticket = crate::domain::ticket::RawTicket {
            ticket_id: Some("T".into()),
            subject: Some("Gift card".into()),
            body: Some("How do I use it?".into()),
            customer_id: Some("C1".into()),
            order_id: None,
        }
        .validate(4096)
        .unwrap();
        assert_eq!(question(&ticket), "Gift card. How do I use it?");
    }

    #[test]
    fn an_article_is_seen_whole_and_sentence_by_sentence_as_kb_search_sees_it() {
        let a = kb(
            "A",
            "Returns",
            "Costs $8.99 a box. Ships fast! Returns take a week; v1.2 works",
        );
        assert_eq!(
            views(text(&a).title, text(&a).body),
            vec![
                "Returns",
                "Returns. Costs $8.99 a box. Ships fast! Returns take a week; v1.2 works",
                "Returns. Costs $8.99 a box.",
                "Returns. Ships fast!",
                "Returns. Returns take a week;",
                "Returns. v1.2 works",
            ]
        );
    }
}
