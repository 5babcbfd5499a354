//! `kb_search`: a BM25 index (tantivy, in memory) over the help-center articles.
//!
//! Customer text goes straight into the query, so it is parsed leniently (no query
//! syntax errors) and analysed like the articles: lower-cased, English stop words
//! dropped, stemmed. Stop words matter here: without them "how do I … my order"
//! matches every article a little, and the relevance threshold could not tell a real
//! match from noise.

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

/// One search hit.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// The article.
    pub article: KbArticle,
    /// Its BM25 score.
    pub score: f32,
}

/// The search index.
pub struct KbIndex {
    articles: Vec<KbArticle>,
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
            .filter(StopWordFilter::new(Language::English).expect("English stop words exist"))
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
        Ok(Self {
            articles,
            index,
            reader,
            id,
            title,
            body,
            tags,
        })
    }

    /// The best `limit` articles scoring at least `min_score`.
    pub fn search(&self, query: &str, limit: usize, min_score: f32) -> Vec<Hit> {
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
                let article = self.articles.iter().find(|a| a.id == id)?.clone();
                Some(Hit { article, score })
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
        let hits = kb.search("How do I reset my password? I forgot it", 3, 0.0);
        assert_eq!(hits[0].article.id, "KB001");
        assert!(kb.search("asdfgh qwerty", 3, 0.0).is_empty());
        assert!(kb.search("how do i do it?", 3, 0.0).is_empty());
        assert!(kb.search("\"unbalanced: (query", 3, 0.0).is_empty());
    }
}
