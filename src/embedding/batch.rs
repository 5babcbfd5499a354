//! Batching across the tickets in flight: the texts of callers that arrive together are
//! encoded in one forward pass. This module owns the gathering (who waits, for how
//! long, who runs the pass) and handing each caller back its own vectors.
//!
//! Why: a ticket's text is a few dozen tokens, and a forward pass over it reads every
//! weight of the model (about 45 MB for MiniLM's six layers, far more than the caches
//! hold) to multiply it by a handful of rows. Sixteen tickets in one pass read the
//! weights once for all of them. Callers are already on blocking threads (embedding is
//! CPU work), so gathering is a short sleep on a condition variable: no thread of its
//! own is started, and the first caller of a batch runs its pass while the others wait
//! for their vectors. A new batch gathers while one runs, so both cores stay busy.

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::Embedder;

/// How long the first caller of a batch waits for others: about a tenth of a ticket's
/// forward pass, so a lone ticket hardly notices it.
pub const DEFAULT_WINDOW: Duration = Duration::from_micros(400);

/// Texts that close a batch at once: past this a pass gains little from more rows.
pub const DEFAULT_MAX_TEXTS: usize = 32;

type Answer = Result<Vec<Vec<f32>>, String>;

/// One caller's part of a batch, and where its answer goes.
struct Request {
    texts: Vec<String>,
    answer: Arc<Slot>,
}

#[derive(Default)]
struct Slot {
    value: Mutex<Option<Answer>>,
    ready: Condvar,
}

#[derive(Default)]
struct Gathering {
    requests: Vec<Request>,
    texts: usize,
    /// A caller is gathering this batch (it will run it).
    leader: bool,
}

/// An [`Embedder`] that encodes concurrent callers' texts together.
pub struct Batcher {
    inner: Arc<dyn Embedder>,
    window: Duration,
    max_texts: usize,
    gathering: Mutex<Gathering>,
    full: Condvar,
}

impl std::fmt::Debug for Batcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batcher")
            .field("inner", &self.inner.name())
            .field("window", &self.window)
            .field("max_texts", &self.max_texts)
            .finish()
    }
}

impl Batcher {
    /// Batches calls to `inner`: a batch closes `window` after its first caller
    /// arrived, or as soon as it holds `max_texts` texts. A call of `max_texts` or more
    /// is a batch by itself and goes straight through.
    pub fn new(inner: Arc<dyn Embedder>, window: Duration, max_texts: usize) -> Self {
        Self {
            inner,
            window,
            max_texts: max_texts.max(1),
            gathering: Mutex::new(Gathering::default()),
            full: Condvar::new(),
        }
    }

    /// Runs the batch gathered so far (this caller was its leader) and answers every
    /// caller in it.
    fn run(&self, requests: Vec<Request>) {
        let texts: Vec<&str> = requests
            .iter()
            .flat_map(|r| r.texts.iter().map(String::as_str))
            .collect();
        let result = self.inner.embed(&texts);
        let mut vectors = match result {
            Ok(v) if v.len() == texts.len() => Ok(v.into_iter()),
            Ok(v) => Err(format!(
                "{} returned {} vectors for {} texts",
                self.inner.name(),
                v.len(),
                texts.len()
            )),
            Err(e) => Err(format!("{e:#}")),
        };
        for r in requests {
            let answer = match &mut vectors {
                Ok(all) => Ok(all.by_ref().take(r.texts.len()).collect()),
                Err(e) => Err(e.clone()),
            };
            *r.answer.value.lock().unwrap_or_else(|p| p.into_inner()) = Some(answer);
            r.answer.ready.notify_one();
        }
    }
}

impl Embedder for Batcher {
    fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        if texts.len() >= self.max_texts {
            return self.inner.embed(texts);
        }
        let answer = Arc::new(Slot::default());
        let mut g = self.gathering.lock().unwrap_or_else(|p| p.into_inner());
        g.requests.push(Request {
            texts: texts.iter().map(|t| t.to_string()).collect(),
            answer: answer.clone(),
        });
        g.texts += texts.len();
        if g.leader {
            if g.texts >= self.max_texts {
                self.full.notify_one();
            }
            drop(g);
        } else {
            // This caller gathers the batch, then runs it.
            g.leader = true;
            let deadline = Instant::now() + self.window;
            while g.texts < self.max_texts {
                let now = Instant::now();
                if now >= deadline {
                    break;
                }
                g = self
                    .full
                    .wait_timeout(g, deadline - now)
                    .unwrap_or_else(|p| p.into_inner())
                    .0;
            }
            let requests = std::mem::take(&mut g.requests);
            g.texts = 0;
            g.leader = false;
            drop(g);
            self.run(requests);
        }
        let mut value = answer.value.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            if let Some(answer) = value.take() {
                return answer.map_err(|e| anyhow::anyhow!(e));
            }
            value = answer.ready.wait(value).unwrap_or_else(|p| p.into_inner());
        }
    }

    fn name(&self) -> &str {
        self.inner.name()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Each text's vector is its length; counts the passes.
    struct Passes(AtomicUsize);

    impl Embedder for Passes {
        fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
            self.0.fetch_add(1, Ordering::SeqCst);
            Ok(texts.iter().map(|t| vec![t.len() as f32]).collect())
        }
        fn name(&self) -> &str {
            "passes"
        }
    }

    #[test]
    fn callers_arriving_together_share_one_pass_and_each_gets_its_own_vectors() {
        let inner = Arc::new(Passes(AtomicUsize::new(0)));
        let batcher = Arc::new(Batcher::new(inner.clone(), Duration::from_secs(5), 8));
        let threads: Vec<_> = (1..=4usize)
            .map(|i| {
                let b = batcher.clone();
                std::thread::spawn(move || {
                    let a = "x".repeat(i);
                    let c = "y".repeat(10 * i);
                    b.embed(&[&a, &c]).unwrap()
                })
            })
            .collect();
        for (i, t) in threads.into_iter().enumerate() {
            let i = (i + 1) as f32;
            assert_eq!(t.join().unwrap(), vec![vec![i], vec![10.0 * i]]);
        }
        // Eight texts fill the batch long before the five-second window ends.
        assert_eq!(inner.0.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_lone_caller_waits_no_longer_than_the_window() {
        let inner = Arc::new(Passes(AtomicUsize::new(0)));
        let batcher = Batcher::new(inner.clone(), Duration::from_millis(1), 8);
        let started = Instant::now();
        assert_eq!(batcher.embed(&["abc"]).unwrap(), vec![vec![3.0]]);
        assert!(started.elapsed() < Duration::from_secs(1));
        assert_eq!(batcher.embed(&[]).unwrap(), Vec::<Vec<f32>>::new());
        assert_eq!(inner.0.load(Ordering::SeqCst), 1);
    }
}
