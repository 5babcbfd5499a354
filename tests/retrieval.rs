//! kb_search's retrieval quality on questions written for it: evals/retrieval/
//! questions.jsonl holds 110 questions to the fixture knowledge base phrased without
//! the articles' key words (title and tags), and 36 that no article answers, each
//! marked `calibration` or `held_out` (every third of each group). The gate
//! (`kb.min_similarity`) was chosen on the calibration part; this test prints recall@1,
//! recall@3 and the false-match rate of BM25 alone and of the hybrid search on both
//! parts, the similarity sweep of the calibration part, and the cost of one search, and
//! fails when the hybrid search on the held-out part falls under the bounds below.
//!
//! It loads the real all-MiniLM-L6-v2 from the model folder (`kb.embedding_model_dir`,
//! by default the cache); scripts/test fetches it first. Nothing here downloads.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use serde::Deserialize;
use ticket_agent::commerce::embedded::World;
use ticket_agent::config::Settings;
use ticket_agent::embedding::minilm::{MiniLm, missing_files};
use ticket_agent::tools::kb::{Gates, Hit, KbIndex};

/// Added to the lowest gate with no false match on the calibration part.
const MARGIN: f32 = 0.05;

#[derive(Deserialize)]
struct Question {
    question: String,
    article: Option<String>,
    split: String,
}

#[derive(Debug, Default, Clone, Copy)]
struct Score {
    answerable: usize,
    top1: usize,
    top3: usize,
    unanswerable: usize,
    false_matches: usize,
}

impl Score {
    fn add(&mut self, q: &Question, hits: &[Hit]) {
        match &q.article {
            Some(id) => {
                self.answerable += 1;
                self.top1 += usize::from(hits.first().is_some_and(|h| &h.article.id == id));
                self.top3 += usize::from(hits.iter().take(3).any(|h| &h.article.id == id));
            }
            None => {
                self.unanswerable += 1;
                self.false_matches += usize::from(!hits.is_empty());
            }
        }
    }
    fn recall1(&self) -> f64 {
        self.top1 as f64 / self.answerable.max(1) as f64
    }
    fn recall3(&self) -> f64 {
        self.top3 as f64 / self.answerable.max(1) as f64
    }
    fn false_match(&self) -> f64 {
        self.false_matches as f64 / self.unanswerable.max(1) as f64
    }
}

fn questions() -> Vec<Question> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("evals/retrieval/questions.jsonl");
    let text = std::fs::read_to_string(&path).expect("evals/retrieval/questions.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a question line"))
        .collect()
}

/// User CPU + system time of this process, in seconds (Linux's /proc).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

fn status_mib(key: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

#[test]
fn hybrid_search_finds_paraphrased_questions_and_refuses_unanswerable_ones() {
    let settings = Settings::load().expect("settings");
    let dir = settings.kb.model_dir();
    let missing = missing_files(&dir);
    assert!(
        missing.is_empty(),
        "the embedding model is not in {} (missing {}): run scripts/fetch-embedding-model",
        dir.display(),
        missing.join(", ")
    );
    let rss_before = status_mib("VmRSS:");
    let (t, cpu) = (Instant::now(), cpu_seconds());
    let model = MiniLm::load(&dir).expect("the model loads");
    let load_s = (t.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    let (t, cpu) = (Instant::now(), cpu_seconds());
    let kb = KbIndex::build(World::fixture().kb)
        .expect("index")
        .with_embedder(Arc::new(model))
        .expect("articles embedded");
    let index_s = (t.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    let rss_loaded = status_mib("VmRSS:");

    let kbs = &settings.kb;
    let gates = |min_similarity| Gates {
        limit: kbs.max_results,
        min_score: kbs.min_score,
        min_coverage: kbs.min_coverage,
        min_similarity,
    };
    let qs = questions();
    assert!(qs.iter().filter(|q| q.article.is_some()).count() >= 100);
    assert!(qs.iter().filter(|q| q.article.is_none()).count() >= 30);

    // Every question searched once, without a gate on meaning and with every article
    // kept in fused order, to sweep the gate later.
    let (t, cpu) = (Instant::now(), cpu_seconds());
    let all = Gates {
        limit: usize::MAX,
        ..gates(-1.0)
    };
    let ungated: Vec<Vec<Hit>> = qs
        .iter()
        .map(|q| kb.hybrid_search(&q.question, &all).expect("search"))
        .collect();
    let per_call = (
        t.elapsed().as_secs_f64() / qs.len() as f64,
        (cpu_seconds() - cpu) / qs.len() as f64,
    );
    let gated = |hits: &[Hit], min: f32| -> Vec<Hit> {
        hits.iter()
            .filter(|h| {
                h.similarity.is_some_and(|s| s >= min)
                    || (h.score > 0.0 && h.score >= kbs.min_score && h.coverage >= kbs.min_coverage)
            })
            .take(kbs.max_results)
            .cloned()
            .collect()
    };

    let mut table = String::from(
        "| search | part | questions | recall@1 | recall@3 | false-match rate |\n|---|---|---|---|---|---|\n",
    );
    let mut held_out_hybrid = Score::default();
    let mut held_out_lexical = Score::default();
    for split in ["calibration", "held_out"] {
        let (mut lexical, mut hybrid) = (Score::default(), Score::default());
        for (q, hits) in qs.iter().zip(&ungated).filter(|(q, _)| q.split == split) {
            lexical.add(
                q,
                &kb.search(
                    &q.question,
                    kbs.max_results,
                    kbs.min_score,
                    kbs.min_coverage,
                ),
            );
            let real = kb
                .hybrid_search(&q.question, &gates(kbs.min_similarity))
                .expect("search");
            assert_eq!(
                real.iter().map(|h| &h.article.id).collect::<Vec<_>>(),
                gated(hits, kbs.min_similarity)
                    .iter()
                    .map(|h| &h.article.id)
                    .collect::<Vec<_>>(),
                "the sweep's gate is the search's gate"
            );
            hybrid.add(q, &real);
        }
        for (name, s) in [("BM25 only", lexical), ("hybrid", hybrid)] {
            table += &format!(
                "| {name} | {split} | {} + {} | {:.3} | {:.3} | {:.3} ({}/{}) |\n",
                s.answerable,
                s.unanswerable,
                s.recall1(),
                s.recall3(),
                s.false_match(),
                s.false_matches,
                s.unanswerable
            );
        }
        if split == "held_out" {
            (held_out_lexical, held_out_hybrid) = (lexical, hybrid);
        }
    }
    println!("\nkb.min_similarity = {}\n{table}", kbs.min_similarity);

    // The gate's calibration: on the calibration part, the lowest similarity at which
    // no unanswerable question matches an article, plus a margin of 0.05 for the
    // unanswerable questions 24 cannot cover (docs/evals.md names one that scores
    // above them all). A false match closes a ticket with an answer to another
    // question; a miss only escalates it to a human, so misses are what is traded. The
    // configured gate must be that one, give or take 0.02.
    println!("calibration sweep of kb.min_similarity (BM25 gates as configured):");
    println!("| min_similarity | recall@1 | recall@3 | false-match rate |\n|---|---|---|---|");
    let mut best: Option<(f64, f32)> = None;
    for step in 20..=70 {
        let min = step as f32 / 100.0;
        let mut s = Score::default();
        for (q, hits) in qs
            .iter()
            .zip(&ungated)
            .filter(|(q, _)| q.split == "calibration")
        {
            s.add(q, &gated(hits, min));
        }
        if best.is_none() && s.false_matches == 0 {
            best = Some((s.recall1(), min));
        }
        if step % 2 == 0 {
            println!(
                "| {min:.2} | {:.3} | {:.3} | {:.3} |",
                s.recall1(),
                s.recall3(),
                s.false_match()
            );
        }
    }
    let best = best.expect("some gate in 0.20..=0.70 lets no unanswerable question match");
    println!(
        "no false match from {:.2} (recall@1 {:.3} on the calibration part); gate {:.2}",
        best.1,
        best.0,
        best.1 + MARGIN
    );
    assert!(
        (best.1 + MARGIN - kbs.min_similarity).abs() <= 0.02 + 1e-6,
        "kb.min_similarity = {} but the calibration part calls for {:.2}",
        kbs.min_similarity,
        best.1 + MARGIN
    );
    let misses: Vec<String> = qs
        .iter()
        .zip(&ungated)
        .filter_map(|(q, hits)| {
            let got = gated(hits, kbs.min_similarity);
            let first = got.first().map(|h| h.article.id.as_str());
            (first != q.article.as_deref()).then(|| {
                format!(
                    "  [{}] {:?}: expected {:?}, got {:?} (best {:?} at {:.3})",
                    q.split,
                    q.question,
                    q.article,
                    first,
                    hits.iter()
                        .max_by(|a, b| a
                            .similarity
                            .unwrap_or(0.0)
                            .total_cmp(&b.similarity.unwrap_or(0.0)))
                        .map(|h| h.article.id.as_str()),
                    hits.iter()
                        .filter_map(|h| h.similarity)
                        .fold(f32::MIN, f32::max)
                )
            })
        })
        .collect();
    println!("misses ({}):\n{}", misses.len(), misses.join("\n"));
    println!(
        "model load {:.2} s wall, {:.2} s CPU; {} articles embedded in {:.2} s wall, {:.2} s CPU; \
         one hybrid kb_search {:.1} ms wall, {:.1} ms CPU; RSS {:.0} MiB before the model, {:.0} MiB \
         with it (peak {:.0} MiB)",
        load_s.0,
        load_s.1,
        World::fixture().kb.len(),
        index_s.0,
        index_s.1,
        per_call.0 * 1000.0,
        per_call.1 * 1000.0,
        rss_before,
        rss_loaded,
        status_mib("VmHWM:")
    );

    // Bounds at or just under what the held-out part measured (recall@1 and @3 0.133,
    // BM25's one false match of 12, docs/evals.md): a worse model, pooling, fusion or
    // gate fails here, and so does a gate that lets a second unanswerable one through.
    assert!(
        held_out_hybrid.recall1() >= 0.10,
        "hybrid recall@1 on the held-out part: {:.3}",
        held_out_hybrid.recall1()
    );
    assert!(
        held_out_hybrid.recall3() >= 0.10,
        "hybrid recall@3 on the held-out part: {:.3}",
        held_out_hybrid.recall3()
    );
    assert!(
        held_out_hybrid.false_match() <= 0.09,
        "hybrid false-match rate on the held-out part: {:.3}",
        held_out_hybrid.false_match()
    );
    assert!(
        held_out_hybrid.recall1() >= held_out_lexical.recall1() + 0.09,
        "hybrid must beat BM25 alone clearly: {:.3} vs {:.3}",
        held_out_hybrid.recall1(),
        held_out_lexical.recall1()
    );
}

#[test]
fn identical_texts_embed_alike_and_the_vectors_are_unit_length() {
    let settings = Settings::load().expect("settings");
    let dir = settings.kb.model_dir();
    assert!(
        missing_files(&dir).is_empty(),
        "the embedding model is not in {}: run scripts/fetch-embedding-model",
        dir.display()
    );
    let model = MiniLm::load(&dir).expect("the model loads");
    use ticket_agent::embedding::{Embedder, cosine};
    // Batched with a longer text, so that padding is in play for the short ones.
    let v = model
        .embed(&[
            "I forgot my password",
            "A much longer sentence about parcels, couriers and how long delivery takes to arrive",
            "I forgot my password",
            "I can't remember how to log in",
        ])
        .unwrap();
    assert_eq!(v.len(), 4);
    assert!(v.iter().all(|x| x.len() == model.dimension()));
    for x in &v {
        assert!((cosine(x, x) - 1.0).abs() < 1e-4);
    }
    assert!(
        (cosine(&v[0], &v[2]) - 1.0).abs() < 1e-4,
        "padding changed a vector"
    );
    assert!(cosine(&v[0], &v[3]) > cosine(&v[0], &v[1]) + 0.2);
    // Alone or in a batch, the same vector.
    let alone = model.embed(&["I forgot my password"]).unwrap();
    assert!((cosine(&alone[0], &v[0]) - 1.0).abs() < 1e-4);
}
