//! `kb_search`: a BM25 index (tantivy, in memory) over the help-center articles.
//!
//! Customer text goes straight into the query, never read as query syntax (see
//! `KbIndex::lexical_query`), and is analysed like the articles: lower-cased, English
//! stop words dropped, stemmed. Stop words matter here: without them "how do I … my order"
//! matches every article a little, and the relevance threshold could not tell a real
//! match from noise. Beyond the English list, the filler of support mail ("hi",
//! "please", "thanks", "I would like to know") is dropped too.
//!
//! Relevance is two numbers: the BM25 score, and the share of the query's terms the
//! article contains (coverage). BM25 alone rewards one common word ("number" in
//! "what is your phone number" matching "tracking number"); coverage alone ignores
//! rarity. A hit must clear both thresholds.
//!
//! BM25 cannot match meaning: "my sign-in details stopped working" shares no term with
//! "How to reset your password". With a sentence-embedding model loaded
//! ([`KbIndex::with_embedder`]) the search is hybrid: every article also gets the
//! cosine similarity of its embedding to the query's, the best over its views — its
//! title, its title with its whole body, and its title with each sentence of its body —
//! computed once when the index is built (the query is embedded per search). The
//! sentence views matter because a customer asks about one thing an article says ("how
//! long is the reset link good for?"), and the whole article's vector dilutes that one
//! sentence with everything else the article covers.
//!
//! With the model loaded, meaning decides what is relevant and words help rank it: an
//! article is relevant when its similarity reaches `min_similarity`, and the relevant
//! ones are ordered by reciprocal rank fusion of the BM25 and the cosine rankings, so
//! neither scale has to be calibrated against the other. BM25's own gates no longer let
//! an article in: a ticket that shares its place names and verbs with an article ("may I
//! bring my dog into your Denver store?" and the in-store pickup article) passes them
//! while its meaning is elsewhere, and on the calibration questions of two knowledge
//! bases (docs/evals.md) a match that only BM25 vouched for was a false match more often
//! than a find. Below the gate the answer is an explicit empty list, as without the
//! model.

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use anyhow::Context;
use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, BoostQuery, Occur, PhraseQuery, Query, TermQuery};
use tantivy::schema::{
    Field, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions, Value,
};

use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, StopWordFilter, TextAnalyzer,
};
use tantivy::{DocAddress, Index, IndexReader, TantivyDocument, Term, doc};

use crate::commerce::KbArticle;
use crate::config::KbSettings;
use crate::domain::sentences::{self, Ends};
use crate::embedding::{Embedder, cosine};

const TOKENIZER: &str = "kb_en";

/// A word in an article's title weighs this much more than in its body…
const TITLE_BOOST: f32 = 2.0;
/// …and in its tags this much.
const TAGS_BOOST: f32 = 1.5;

/// Reciprocal rank fusion's constant (Cormack et al., 2009): a rank r counts 1/(K + r),
/// so that first places matter and no single ranking dominates.
const RRF_K: f32 = 60.0;

/// English function words, support-mail filler ("hi", "please", "thanks") and question
/// framing ("how long", "how much"): none of them carries a topic.
#[rustfmt::skip]
const STOP_WORDS: &[&str] = &[
    "a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are",
    "as", "at", "be", "because", "been", "before", "being", "both", "but", "by", "can",
    "cannot", "could", "did", "do", "does", "doing", "done", "down", "during", "each", "few",
    "for", "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers",
    "him", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me",
    "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once",
    "only", "or", "other", "our", "ours", "out", "over", "own", "same", "she", "should", "so",
    "some", "such", "than", "that", "the", "their", "them", "then", "there", "these", "they",
    "this", "those", "through", "to", "too", "under", "until", "up", "very", "was", "we",
    "were", "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with",
    "would", "you", "your", "yours", "yourself", "s", "t", "don", "doesn", "didn", "isn",
    "can't", "ve", "ll", "re", "d", "m", "hi", "hello", "hey", "dear", "thanks", "thank",
    "please", "pls", "plz", "help", "question", "questions", "need", "want", "wanted", "like",
    "know", "tell", "really", "get", "got", "thing", "things", "regards", "best", "cheers",
    "hope", "wondering", "wonder", "someone", "anyone", "us", "ok", "okay", "team", "support",
    "sir", "madam", "asap", "today", "way", "possible", "anything", "something", "there's",
    "let", "info", "information", "quick", "long", "much", "many", "soon", "able", "still",
    "ever", "exactly", "currently",
    // what is left of contractions ("hasn't" → "hasn", "t"), and time fillers
    "hasn", "haven", "wasn", "weren", "won", "wouldn", "shouldn", "couldn", "aren", "yet",
    "already",
];

/// One search hit.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// The matching article, whole.
    pub article: KbArticle,
    /// Its BM25 score.
    pub score: f32,
    /// The share of the query's terms found in the article.
    pub coverage: f32,
    /// The cosine similarity of the article to the query (hybrid search only).
    pub similarity: Option<f32>,
    /// How far the article stands out among the shop's articles for this query: the
    /// similarity of its whole text to the query, in standard deviations above the mean
    /// of every article's (hybrid search in a shop of at least [`MIN_STANDING_ARTICLES`]
    /// articles only). A near miss shares the question's subject with the article
    /// ("gift wrapping" and the gift-card article) and reaches the similarity gate, but
    /// so do several other articles of the shop; the article that answers stands out.
    pub standing: Option<f32>,
}

/// The fewest articles whose similarities make a baseline for [`Hit::standing`].
pub const MIN_STANDING_ARTICLES: usize = 4;

/// What makes an article relevant, and how many come back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gates {
    /// Articles returned at most.
    pub limit: usize,
    /// The BM25 gate: score at least this…
    pub min_score: f32,
    /// …and at least this share of the query's terms.
    pub min_coverage: f32,
    /// The meaning gate: cosine similarity at least this.
    pub min_similarity: f32,
}

impl Gates {
    /// The gates `[kb]` sets.
    pub fn of(s: &KbSettings) -> Self {
        Self {
            limit: s.max_results,
            min_score: s.min_score,
            min_coverage: s.min_coverage,
            min_similarity: s.min_similarity,
        }
    }
}

/// The embedding model and each article's vectors, one per view (see [`views`]).
struct Semantic {
    embedder: Arc<dyn Embedder>,
    vectors: Vec<Vec<Vec<f32>>>,
}

/// A question's similarities to every article of a shop, as the baseline an article's
/// standing is measured against: `kb_search`'s [`Hit::standing`] and verification's
/// relevance (`agent::relevance`) both stand on it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Baseline {
    mean: f32,
    sd: f32,
}

impl Baseline {
    /// The mean and spread of `similarities`; `None` for fewer than
    /// [`MIN_STANDING_ARTICLES`] of them, or when they hardly differ.
    pub fn of(similarities: &[f32]) -> Option<Self> {
        if similarities.len() < MIN_STANDING_ARTICLES {
            return None;
        }
        let n = similarities.len() as f32;
        let mean = similarities.iter().sum::<f32>() / n;
        let sd = (similarities
            .iter()
            .map(|x| (x - mean) * (x - mean))
            .sum::<f32>()
            / n)
            .sqrt();
        (sd >= 1e-4).then_some(Self { mean, sd })
    }

    /// `similarity` in standard deviations above the mean.
    pub fn standing(self, similarity: f32) -> f32 {
        (similarity - self.mean) / self.sd
    }
}

/// The views of an article that are embedded: its title, its title with its body
/// ([`whole_view`]), and its title with each sentence of its body (the title gives a
/// lone sentence its topic). Verification embeds the same (`agent::relevance`), so a
/// process's memo of vectors answers both.
pub fn views(title: &str, body: &str) -> Vec<String> {
    let mut out = vec![title.to_string(), whole_view(title, body)];
    let sentences = sentences(body);
    if sentences.len() > 1 {
        out.extend(sentences.iter().map(|s| format!("{title}. {s}")));
    }
    out
}

/// An article's title with its text, the second of its [`views`].
pub(crate) fn whole_view(title: &str, body: &str) -> String {
    format!("{title}. {body}")
}

/// The sentences of `text`: split after `.`, `!`, `?` or `;` followed by white space (so
/// "$8.99" and "v1.2" stay whole), keeping those of more than one word. Verification
/// judges an article's sentences split the same way (`agent::relevance`).
pub(crate) fn sentences(text: &str) -> Vec<&str> {
    let ends = Ends {
        semicolon: true,
        line_break: false,
    };
    sentences::split(text, ends)
        .into_iter()
        .map(str::trim)
        .filter(|s| s.split_whitespace().nth(1).is_some())
        .collect()
}

/// The search index.
pub struct KbIndex {
    articles: Vec<KbArticle>,
    /// Each article's analysed terms, for coverage.
    terms: Vec<HashSet<String>>,
    /// The terms each field holds in some article (title, body, tags).
    vocabulary: [HashSet<String>; 3],
    /// The article behind each document, by segment and document id: a hit is mapped
    /// without reading the document store.
    articles_by_doc: Vec<Vec<usize>>,
    index: Index,
    reader: IndexReader,
    title: Field,
    body: Field,
    tags: Field,
    semantic: Option<Semantic>,
}

impl std::fmt::Debug for KbIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KbIndex")
            .field("articles", &self.articles.len())
            .field(
                "embedder",
                &self
                    .semantic
                    .as_ref()
                    .map(|s| s.embedder.name().to_string()),
            )
            .finish()
    }
}

impl KbIndex {
    /// Indexes `articles`.
    ///
    /// # Errors
    /// Tantivy failures (none are expected for an in-memory index).
    pub fn build(articles: Vec<KbArticle>) -> tantivy::Result<Self> {
        let mut schema = Schema::builder();
        let text = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(TOKENIZER)
                .set_index_option(IndexRecordOption::WithFreqsAndPositions),
        );
        let id = schema.add_text_field("id", STRING | STORED);
        let title = schema.add_text_field("title", text.clone());
        let body = schema.add_text_field("body", text.clone());
        let tags = schema.add_text_field("tags", text);
        let index = Index::create_in_ram(schema.build());
        let analyzer = TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(RemoveLongFilter::limit(40))
            .filter(LowerCaser)
            .filter(StopWordFilter::remove(
                STOP_WORDS.iter().map(|w| w.to_string()),
            ))
            .filter(Stemmer::new(Language::English))
            .build();
        index.tokenizers().register(TOKENIZER, analyzer);
        let mut writer = index.writer_with_num_threads(1, 15_000_000)?;
        for a in &articles {
            writer.add_document(doc!(
                id => a.id.clone(),
                title => a.title.clone(),
                body => a.body.clone(),
                tags => a.tags.join(" "),
            ))?;
        }
        writer.commit()?;
        let reader = index.reader()?;
        reader.reload()?;
        let searcher = reader.searcher();
        let mut articles_by_doc = Vec::new();
        for (ord, segment) in searcher.segment_readers().iter().enumerate() {
            let mut ids = Vec::with_capacity(segment.max_doc() as usize);
            for doc in 0..segment.max_doc() {
                let stored: TantivyDocument = searcher.doc(DocAddress::new(ord as u32, doc))?;
                let i = stored
                    .get_first(id)
                    .and_then(|v| v.as_str())
                    .and_then(|stored| articles.iter().position(|a| a.id == stored))
                    .ok_or_else(|| {
                        tantivy::TantivyError::InternalError(format!(
                            "document {doc} of segment {ord} is no article"
                        ))
                    })?;
                ids.push(i);
            }
            articles_by_doc.push(ids);
        }
        let mut this = Self {
            articles,
            terms: Vec::new(),
            articles_by_doc,
            vocabulary: Default::default(),
            index,
            reader,
            title,
            body,
            tags,
            semantic: None,
        };
        // An article's terms are its three fields' together.
        for a in &this.articles {
            let fields = [
                this.analyze(&a.title),
                this.analyze(&a.body),
                this.analyze(&a.tags.join(" ")),
            ];
            this.terms.push(fields.iter().flatten().cloned().collect());
            for (vocabulary, terms) in this.vocabulary.iter_mut().zip(fields) {
                vocabulary.extend(terms);
            }
        }
        Ok(this)
    }

    /// The distinct terms of `text` as the index sees them.
    fn analyze(&self, text: &str) -> HashSet<String> {
        let mut analyzer = self.analyzer();
        let mut stream = analyzer.token_stream(text);
        let mut terms = HashSet::new();
        while let Some(token) = stream.next() {
            terms.insert(token.text.clone());
        }
        terms
    }

    fn analyzer(&self) -> TextAnalyzer {
        self.index
            .tokenizers()
            .get(TOKENIZER)
            .expect("the tokenizer is registered")
    }

    /// The BM25 query for customer text, and its distinct terms (for coverage).
    ///
    /// Each word of the text, analysed as the articles were, may match in any of the
    /// three fields, the title counting double and the tags one and a half; the scores
    /// add up, and a word said n times counts n times. A word the analyser splits
    /// ("e-mail", "sign-in") matches as a phrase.
    ///
    /// Built here, not by tantivy's query grammar: customer text is not query syntax
    /// (in the grammar "order NOT received" excludes every article that says
    /// "received", a leading `-` excludes, quotes make phrases and `field:` names a
    /// field), and a long ticket made one clause per word and field, hundreds of them,
    /// each looked up in the index. Here a repeated word is one clause weighted by its
    /// count (BM25 is linear in a clause's weight, so the score is the same), and a
    /// field that never holds a term gets no clause for it: a clause that matches
    /// nothing adds nothing to any score.
    fn lexical_query(&self, text: &str) -> (BooleanQuery, HashSet<String>) {
        let mut analyzer = self.analyzer();
        // Each distinct word as its terms with their positions, and how often it occurs;
        // ordered, so that the scores add up in the same order on every run.
        let mut words: BTreeMap<Vec<(usize, String)>, f32> = BTreeMap::new();
        let mut terms = HashSet::new();
        let mut word: Vec<(usize, String)> = Vec::new();
        for w in text.split_whitespace() {
            word.clear();
            let mut stream = analyzer.token_stream(w);
            while let Some(token) = stream.next() {
                word.push((token.position, token.text.clone()));
            }
            if word.is_empty() {
                continue;
            }
            terms.extend(word.iter().map(|(_, t)| t.clone()));
            *words.entry(std::mem::take(&mut word)).or_default() += 1.0;
        }
        let fields = [
            (self.title, TITLE_BOOST, &self.vocabulary[0]),
            (self.body, 1.0, &self.vocabulary[1]),
            (self.tags, TAGS_BOOST, &self.vocabulary[2]),
        ];
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (word, count) in &words {
            for &(field, boost, vocabulary) in &fields {
                if !word.iter().all(|(_, t)| vocabulary.contains(t)) {
                    continue;
                }
                let query: Box<dyn Query> = match word.as_slice() {
                    [(_, t)] => Box::new(TermQuery::new(
                        Term::from_field_text(field, t),
                        IndexRecordOption::WithFreqs,
                    )),
                    _ => Box::new(PhraseQuery::new_with_offset(
                        word.iter()
                            .map(|(p, t)| (*p, Term::from_field_text(field, t)))
                            .collect(),
                    )),
                };
                let weight = boost * count;
                let query = if weight == 1.0 {
                    query
                } else {
                    Box::new(BoostQuery::new(query, weight))
                };
                clauses.push((Occur::Should, query));
            }
        }
        (BooleanQuery::new(clauses), terms)
    }

    /// The same index, searched by meaning too: embeds every article's views now, once.
    ///
    /// # Errors
    /// The embedder failing, or answering with the wrong number of vectors.
    pub fn with_embedder(mut self, embedder: Arc<dyn Embedder>) -> anyhow::Result<Self> {
        let per_article: Vec<Vec<String>> = self
            .articles
            .iter()
            .map(|a| views(&a.title, &a.body))
            .collect();
        let texts: Vec<String> = per_article.iter().flatten().cloned().collect();
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let flat = embedder
            .embed(&refs)
            .with_context(|| format!("embedding the articles with {}", embedder.name()))?;
        if flat.len() != texts.len() {
            anyhow::bail!(
                "{} returned {} vectors for {} texts",
                embedder.name(),
                flat.len(),
                texts.len()
            );
        }
        let mut flat = flat.into_iter();
        let vectors = per_article
            .iter()
            .map(|v| flat.by_ref().take(v.len()).collect())
            .collect();
        self.semantic = Some(Semantic { embedder, vectors });
        Ok(self)
    }

    /// The embedding model's name when the search is hybrid.
    pub fn embedder_name(&self) -> Option<&str> {
        self.semantic.as_ref().map(|s| s.embedder.name())
    }

    /// Each article's index and BM25 score for `query`, best first (articles sharing no
    /// term are absent).
    fn bm25(&self, query: &BooleanQuery, limit: usize) -> Vec<(usize, f32)> {
        let searcher = self.reader.searcher();
        let Ok(top) = searcher.search(query, &TopDocs::with_limit(limit.max(1))) else {
            return Vec::new();
        };
        top.into_iter()
            .filter_map(|(score, addr)| {
                let i = *self
                    .articles_by_doc
                    .get(addr.segment_ord as usize)?
                    .get(addr.doc_id as usize)?;
                Some((i, score))
            })
            .collect()
    }

    fn coverage(&self, query_terms: &HashSet<String>, i: usize) -> f32 {
        if query_terms.is_empty() {
            return 0.0;
        }
        query_terms.intersection(&self.terms[i]).count() as f32 / query_terms.len() as f32
    }

    /// Hybrid search: the articles that pass the similarity gate,
    /// ordered by reciprocal rank fusion of the BM25 and the cosine rankings, at most
    /// `gates.limit` of them.
    ///
    /// # Errors
    /// No embedder ([`KbIndex::with_embedder`] was not called), or it failing on the
    /// query.
    pub fn hybrid_search(&self, query: &str, gates: &Gates) -> anyhow::Result<Vec<Hit>> {
        let semantic = self
            .semantic
            .as_ref()
            .context("hybrid search needs an embedder")?;
        let q = semantic
            .embedder
            .embed(&[query])?
            .into_iter()
            .next()
            .context("the embedder returned no vector for the query")?;
        // Each article's best view, and its whole view (the second of `views`), which
        // the standing compares across the shop.
        let (similarity, whole): (Vec<f32>, Vec<f32>) = semantic
            .vectors
            .iter()
            .map(|views| {
                let scores: Vec<f32> = views.iter().map(|v| cosine(&q, v)).collect();
                let best = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                (best, scores.get(1).copied().unwrap_or(best))
            })
            .unzip();
        let baseline = Baseline::of(&whole);
        let (lexical_query, query_terms) = self.lexical_query(query);
        let lexical = if query_terms.is_empty() {
            Vec::new()
        } else {
            self.bm25(&lexical_query, self.articles.len())
        };
        let n = self.articles.len();
        let mut bm25 = vec![0.0f32; n];
        for &(i, score) in &lexical {
            bm25[i] = score;
        }
        let coverage: Vec<f32> = (0..n).map(|i| self.coverage(&query_terms, i)).collect();
        let lexical_pass: Vec<bool> = (0..n)
            .map(|i| {
                bm25[i] > 0.0 && bm25[i] >= gates.min_score && coverage[i] >= gates.min_coverage
            })
            .collect();
        // Only the articles BM25 itself finds relevant take part in its ranking: a score
        // under its own gates is one shared common word, and ranking by it would only
        // push the meaning ranking's best answer down.
        let mut fused = vec![0.0f32; n];
        for (rank, &(i, _)) in lexical.iter().filter(|(i, _)| lexical_pass[*i]).enumerate() {
            fused[i] += 1.0 / (RRF_K + rank as f32 + 1.0);
        }
        let mut by_meaning: Vec<usize> = (0..n).collect();
        by_meaning.sort_by(|&a, &b| similarity[b].total_cmp(&similarity[a]));
        for (rank, &i) in by_meaning.iter().enumerate() {
            fused[i] += 1.0 / (RRF_K + rank as f32 + 1.0);
        }
        let mut hits: Vec<(f32, Hit)> = (0..n)
            .filter(|&i| similarity[i] >= gates.min_similarity)
            .map(|i| {
                (
                    fused[i],
                    Hit {
                        article: self.articles[i].clone(),
                        score: bm25[i],
                        coverage: coverage[i],
                        similarity: Some(similarity[i]),
                        standing: baseline.map(|b| b.standing(whole[i])),
                    },
                )
            })
            .collect();
        hits.sort_by(|a, b| b.0.total_cmp(&a.0));
        Ok(hits
            .into_iter()
            .take(gates.limit)
            .map(|(_, hit)| hit)
            .collect())
    }

    /// The best `limit` articles scoring at least `min_score` and holding at least
    /// `min_coverage` of the query's terms.
    pub fn search(&self, query: &str, limit: usize, min_score: f32, min_coverage: f32) -> Vec<Hit> {
        let (lexical_query, query_terms) = self.lexical_query(query);
        if query_terms.is_empty() {
            return Vec::new();
        }
        self.bm25(&lexical_query, limit)
            .into_iter()
            .filter(|&(_, score)| score >= min_score)
            .filter_map(|(i, score)| {
                let coverage = self.coverage(&query_terms, i);
                (coverage >= min_coverage).then(|| Hit {
                    article: self.articles[i].clone(),
                    score,
                    coverage,
                    similarity: None,
                    standing: None,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commerce::embedded::World;

    #[test]
    fn a_how_to_question_finds_its_article_and_noise_finds_nothing() {
        let kb = KbIndex::build(World::fixture().kb).unwrap();
        let hits = kb.search("How do I reset my password? I forgot it", 3, 0.0, 0.0);
        assert_eq!(hits[0].article.id, "KB001");
        assert_eq!(hits[0].coverage, 1.0);
        assert!(kb.search("asdfgh qwerty", 3, 0.0, 0.0).is_empty());
        assert!(kb.search("how do i do it?", 3, 0.0, 0.0).is_empty());
        assert!(kb.search("\"unbalanced: (query", 3, 0.0, 0.0).is_empty());
    }

    #[test]
    fn an_article_is_embedded_as_its_title_its_whole_text_and_each_sentence() {
        assert_eq!(
            sentences("Costs $8.99 per box. Ships in 2 days! Why? Returns take a week; v1.2 works"),
            vec![
                "Costs $8.99 per box.",
                "Ships in 2 days!",
                "Returns take a week;",
                "v1.2 works"
            ]
        );
        let article = KbArticle {
            id: "K1".into(),
            title: "Gift cards".into(),
            body: "They never expire. Redeem one at checkout.".into(),
            tags: vec![],
        };
        assert_eq!(
            views(&article.title, &article.body),
            vec![
                "Gift cards",
                "Gift cards. They never expire. Redeem one at checkout.",
                "Gift cards. They never expire.",
                "Gift cards. Redeem one at checkout."
            ]
        );
    }

    #[test]
    fn one_shared_common_word_is_not_a_match() {
        let kb = KbIndex::build(World::fixture().kb).unwrap();
        // "number" is in the tracking article, "phone" is nowhere.
        let hits = kb.search("what is your phone number", 3, 0.0, 0.0);
        assert!(hits.iter().all(|h| h.coverage <= 0.5), "{hits:?}");
        assert!(
            kb.search("what is your phone number", 3, 0.0, 0.6)
                .is_empty()
        );
        assert_eq!(
            kb.search(
                "How do I change the address you ship to for my future orders?",
                3,
                1.0,
                0.6
            )[0]
            .article
            .id,
            "KB004"
        );
    }

    fn article(id: &str, title: &str, body: &str) -> KbArticle {
        KbArticle {
            id: id.into(),
            title: title.into(),
            body: body.into(),
            tags: vec![],
        }
    }

    #[test]
    fn customer_text_is_never_read_as_query_syntax() {
        let kb = KbIndex::build(vec![
            article(
                "K1",
                "Parcel not received",
                "If your parcel was not received, tell us.",
            ),
            article("K2", "Gift wrapping", "We wrap any order for free."),
        ])
        .unwrap();
        let ids = |q: &str| -> Vec<String> {
            let mut ids: Vec<String> = kb
                .search(q, 3, 0.0, 0.0)
                .into_iter()
                .map(|h| h.article.id)
                .collect();
            ids.sort();
            ids
        };
        // Under a query grammar, NOT and a leading `-` exclude and AND requires.
        assert_eq!(ids("parcel NOT received"), ["K1"]);
        assert_eq!(ids("my parcel -received"), ["K1"]);
        assert_eq!(ids("\"gift wrapping\" AND parcel"), ["K1", "K2"]);
    }

    #[test]
    fn a_split_word_matches_as_a_phrase_and_a_repeated_word_counts_again() {
        let kb = KbIndex::build(vec![
            article("K1", "Sign-in help", "Sign in with your e-mail address."),
            article(
                "K2",
                "Mail and signs",
                "We mail signs; e and in are letters.",
            ),
        ])
        .unwrap();
        let hits = kb.search("e-mail sign-in", 3, 0.0, 0.0);
        assert_eq!(hits[0].article.id, "K1", "{hits:?}");
        let once = kb.search("mail", 3, 0.0, 0.0)[0].score;
        let twice = kb.search("mail mail", 3, 0.0, 0.0)[0].score;
        assert!((twice - 2.0 * once).abs() < 1e-4, "{once} {twice}");
    }
}
