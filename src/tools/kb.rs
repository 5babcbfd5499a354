//! `kb_search`: a BM25 index (tantivy, in memory) over the help-center articles.
//!
//! Customer text goes straight into the query, so it is parsed leniently (no query
//! syntax errors) and analysed like the articles: lower-cased, English stop words
//! dropped, stemmed. Stop words matter here: without them "how do I … my order"
//! matches every article a little, and the relevance threshold could not tell a real
//! match from noise. Beyond the English list, the filler of support mail ("hi",
//! "please", "thanks", "I would like to know") is dropped too.
//!
//! Relevance is two numbers: the BM25 score, and the share of the query's terms the
//! article contains (coverage). BM25 alone rewards one common word ("number" in
//! "what is your phone number" matching "tracking number"); coverage alone ignores
//! rarity. A hit must clear both thresholds.

use std::collections::HashSet;
use tantivy::collector::TopDocs;
use tantivy::query::QueryParser;
use tantivy::schema::{
    Field, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions, Value,
};

use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, StopWordFilter, TextAnalyzer,
};
use tantivy::{Index, IndexReader, TantivyDocument, doc};

use crate::commerce::KbArticle;

const TOKENIZER: &str = "kb_en";

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
}

/// The search index.
pub struct KbIndex {
    articles: Vec<KbArticle>,
    /// Each article's analysed terms, for coverage.
    terms: Vec<HashSet<String>>,
    index: Index,
    reader: IndexReader,
    id: Field,
    title: Field,
    body: Field,
    tags: Field,
}

impl std::fmt::Debug for KbIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KbIndex")
            .field("articles", &self.articles.len())
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
        let mut this = Self {
            articles,
            terms: Vec::new(),
            index,
            reader,
            id,
            title,
            body,
            tags,
        };
        this.terms = this
            .articles
            .iter()
            .map(|a| this.analyze(&format!("{} {} {}", a.title, a.body, a.tags.join(" "))))
            .collect();
        Ok(this)
    }

    /// The distinct terms of `text` as the index sees them.
    fn analyze(&self, text: &str) -> HashSet<String> {
        let mut analyzer = self
            .index
            .tokenizers()
            .get(TOKENIZER)
            .expect("the tokenizer is registered");
        let mut stream = analyzer.token_stream(text);
        let mut terms = HashSet::new();
        while let Some(token) = stream.next() {
            terms.insert(token.text.clone());
        }
        terms
    }

    /// The best `limit` articles scoring at least `min_score` and holding at least
    /// `min_coverage` of the query's terms.
    pub fn search(&self, query: &str, limit: usize, min_score: f32, min_coverage: f32) -> Vec<Hit> {
        let query_terms = self.analyze(query);
        if query_terms.is_empty() {
            return Vec::new();
        }
        let mut parser =
            QueryParser::for_index(&self.index, vec![self.title, self.body, self.tags]);
        parser.set_field_boost(self.title, 2.0);
        parser.set_field_boost(self.tags, 1.5);
        // Lenient: customer text is not query syntax; stray quotes or colons must not fail.
        let (query, _errors) = parser.parse_query_lenient(query);
        let searcher = self.reader.searcher();
        let Ok(top) = searcher.search(&query, &TopDocs::with_limit(limit)) else {
            return Vec::new();
        };
        top.into_iter()
            .filter(|(score, _)| *score >= min_score)
            .filter_map(|(score, addr)| {
                let doc: TantivyDocument = searcher.doc(addr).ok()?;
                let id = doc.get_first(self.id)?.as_str()?.to_string();
                let i = self.articles.iter().position(|a| a.id == id)?;
                let found = query_terms.intersection(&self.terms[i]).count();
                let coverage = found as f32 / query_terms.len() as f32;
                (coverage >= min_coverage).then(|| Hit {
                    article: self.articles[i].clone(),
                    score,
                    coverage,
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
}
