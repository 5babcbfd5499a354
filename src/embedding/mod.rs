//! Sentence embeddings: the one interface through which the knowledge-base search and
//! the offline model's intent classifier compare texts by meaning rather than by shared
//! words. Implementations turn each text into a unit-length vector, so that the cosine
//! similarity of two texts is the dot product of their vectors; which model produced
//! them (a transformer run in-process, or nothing when none can be had) is decided once,
//! where the application is built.

pub mod batch;
pub mod fetch;
pub mod minilm;
pub mod packed;

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Turns texts into unit-length vectors of one fixed dimension.
///
/// Kept object-safe and synchronous: embedding is CPU work, so async callers run it on
/// a blocking thread, and one loaded model is shared by every caller behind an `Arc`.
pub trait Embedder: Send + Sync {
    /// One vector per text, in the order given.
    fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>>;

    /// A short name for logs and reports (for example `all-MiniLM-L6-v2`).
    fn name(&self) -> &str;
}

/// Cosine similarity of two unit-length vectors; vectors of different lengths never
/// match (0.0) rather than panicking on a mixed-up index.
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    if a.len() != b.len() {
        return 0.0;
    }
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// An [`Embedder`] that remembers the vectors of texts it has embedded: every eval
/// trial and every worker builds its tools anew over the same articles, and the same
/// knowledge base must not be encoded again each time. Bounded: past `capacity` texts
/// the memory starts over (a cache miss costs one encoding, never a wrong vector).
pub struct Memo {
    inner: Arc<dyn Embedder>,
    memory: Mutex<HashMap<String, Vec<f32>>>,
    encoding: Mutex<()>,
    capacity: usize,
    /// Calls missing more texts than this take turns; smaller ones go straight on.
    turns_above: usize,
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memo")
            .field("inner", &self.inner.name())
            .field("capacity", &self.capacity)
            .finish()
    }
}

impl Memo {
    /// Remembers up to `capacity` texts' vectors of `inner`.
    pub fn new(inner: Arc<dyn Embedder>, capacity: usize) -> Self {
        Self {
            inner,
            memory: Mutex::new(HashMap::new()),
            encoding: Mutex::new(()),
            capacity,
            turns_above: 0,
        }
    }

    /// As [`Memo::new`], except that a call missing at most `n` texts (a ticket's text,
    /// a query) does not wait for another's encoding: it goes straight to `inner`,
    /// which may gather it with other such calls into one pass ([`batch::Batcher`]).
    /// Larger ones (a shop's articles, which every agent built at once asks for) still
    /// take turns, so that they are encoded once.
    pub fn letting_through(mut self, n: usize) -> Self {
        self.turns_above = n;
        self
    }
}

impl Embedder for Memo {
    fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
        let missing = |memory: &HashMap<String, Vec<f32>>| -> Vec<&str> {
            let mut seen = std::collections::HashSet::new();
            texts
                .iter()
                .copied()
                .filter(|t| !memory.contains_key(*t) && seen.insert(*t))
                .collect()
        };
        let misses = missing(&self.memory.lock().unwrap_or_else(|p| p.into_inner())).len();
        // One encoding at a time, and the misses counted again once it is this caller's
        // turn: sixteen tickets starting together over the same articles would otherwise
        // all miss and encode them sixteen times over (measured: 18 s of CPU and 1 GB for
        // the eval set, instead of one encoding). Hits never wait for it, nor (with
        // `letting_through`) a ticket's few texts: two tickets rarely share one, and
        // taking turns would keep their encodings from running together.
        let _turn = (misses > self.turns_above)
            .then(|| self.encoding.lock().unwrap_or_else(|p| p.into_inner()));
        let missing = missing(&self.memory.lock().unwrap_or_else(|p| p.into_inner()));
        let fresh = if missing.is_empty() {
            Vec::new()
        } else {
            self.inner.embed(&missing)?
        };
        let mut memory = self.memory.lock().unwrap_or_else(|p| p.into_inner());
        let mut fresh: HashMap<&str, Vec<f32>> = missing.into_iter().zip(fresh).collect();
        let out = texts
            .iter()
            .map(|t| {
                fresh
                    .get(*t)
                    .or_else(|| memory.get(*t))
                    .cloned()
                    .ok_or_else(|| {
                        anyhow::anyhow!("{} returned too few vectors", self.inner.name())
                    })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        if memory.len() + fresh.len() > self.capacity {
            memory.clear();
        }
        for (text, vector) in fresh.drain() {
            memory.insert(text.to_string(), vector);
        }
        Ok(out)
    }

    fn name(&self) -> &str {
        self.inner.name()
    }
}

/// Texts whose vectors one process remembers (articles of every world it has loaded,
/// and queries): a few MB at 384 floats each.
pub const MEMO_TEXTS: usize = 4096;

/// Texts a call may miss and still go straight to the encoder: a ticket's own (its
/// text, a query or two, a question), never a shop's articles.
const TICKET_TEXTS: usize = 4;

/// The encoder a process runs over the model in `dir`: the packed forward pass
/// ([`packed::PackedBert`]) under a batcher that encodes the tickets in flight together,
/// under the memo of `capacity` texts that every agent of the process shares.
///
/// # Errors
/// As [`packed::PackedBert::load`].
pub fn load(dir: &Path, capacity: usize) -> anyhow::Result<Arc<dyn Embedder>> {
    Ok(batched(Arc::new(packed::PackedBert::load(dir)?), capacity))
}

/// `model` as [`load`] runs it: under a batcher of the tickets in flight and a memo of
/// `capacity` texts (the lab measures other models in the same harness).
pub fn batched(model: Arc<dyn Embedder>, capacity: usize) -> Arc<dyn Embedder> {
    let batched = Arc::new(batch::Batcher::new(
        model,
        batch::DEFAULT_WINDOW,
        batch::DEFAULT_MAX_TEXTS,
        batch::default_lanes(),
    ));
    Arc::new(Memo::new(batched, capacity).letting_through(TICKET_TEXTS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Counts the texts it is asked to encode; each text's vector is its length.
    struct Counting(AtomicUsize);

    impl Embedder for Counting {
        fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
            self.0.fetch_add(texts.len(), Ordering::SeqCst);
            Ok(texts.iter().map(|t| vec![t.len() as f32]).collect())
        }
        fn name(&self) -> &str {
            "counting"
        }
    }

    #[test]
    fn a_memo_encodes_each_text_once_and_answers_in_the_order_asked() {
        let inner = Arc::new(Counting(AtomicUsize::new(0)));
        let memo = Memo::new(inner.clone(), 100);
        assert_eq!(
            memo.embed(&["ab", "abc", "ab"]).unwrap(),
            vec![vec![2.0], vec![3.0], vec![2.0]]
        );
        assert_eq!(
            memo.embed(&["abc", "a"]).unwrap(),
            vec![vec![3.0], vec![1.0]]
        );
        assert_eq!(inner.0.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn a_full_memo_starts_over_and_still_answers_right() {
        let inner = Arc::new(Counting(AtomicUsize::new(0)));
        let memo = Memo::new(inner.clone(), 2);
        memo.embed(&["a", "bb"]).unwrap();
        assert_eq!(memo.embed(&["ccc"]).unwrap(), vec![vec![3.0]]);
        assert_eq!(
            memo.embed(&["ccc", "a"]).unwrap(),
            vec![vec![3.0], vec![1.0]]
        );
        assert_eq!(inner.0.load(Ordering::SeqCst), 4);
    }

    #[test]
    fn cosine_of_unit_vectors_is_their_dot_product_and_mismatched_lengths_never_match() {
        let a = [0.6, 0.8];
        assert!((cosine(&a, &a) - 1.0).abs() < 1e-6);
        assert!(cosine(&a, &[0.8, -0.6]).abs() < 1e-6);
        assert_eq!(cosine(&a, &[1.0]), 0.0);
    }
}
