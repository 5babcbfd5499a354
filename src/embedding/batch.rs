//! Batching across the tickets in flight: the texts of callers that arrive together are
//! encoded in one forward pass. This module owns the gathering (who waits, for how
//! long, who runs the pass, how many passes run at once) and handing each caller back
//! its own vectors.
//!
//! Why: a ticket's text is a few dozen tokens, and a forward pass over it reads every
//! weight of the model (about 45 MB for MiniLM's six layers, far more than the caches
//! hold) to multiply it by a handful of rows. Sixteen tickets in one pass read the
//! weights once for all of them: on this project's 2-core machine a text cost 14 ms of
//! CPU alone in a pass and 7 ms among sixteen (`ticket-agent-lab bench-embedding
//! --batch N`, before the AVX-512 kernels). Callers are already on blocking threads (embedding is CPU work), so
//! gathering is a short sleep on a condition variable: no thread of its own is started,
//! and the first caller of a batch runs its pass while the others wait for their vectors.
//!
//! Passes run in *lanes*, one per core by default. When every lane is busy the next
//! batch keeps gathering until one frees, so under load a pass takes whatever arrived
//! meanwhile, and batches grow with the load instead of passes multiplying: unbounded,
//! sixteen tickets in flight ran many passes of two or three texts at once on two cores,
//! each reading every weight.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::Embedder;

/// How long the first caller of a batch waits for others when a lane is free: about a
/// tenth of a ticket's forward pass, so a lone ticket hardly notices it.
pub const DEFAULT_WINDOW: Duration = Duration::from_micros(400);

/// Texts after which a batch stops waiting out its window: past this a pass gains little
/// from more rows. A batch that waited for a lane takes every text that came meanwhile.
pub const DEFAULT_MAX_TEXTS: usize = 32;

/// Passes at once by default: one per core the process may use.
pub fn default_lanes() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

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
    /// Passes running now.
    running: usize,
}

/// An [`Embedder`] that encodes concurrent callers' texts together.
pub struct Batcher {
    inner: Arc<dyn Embedder>,
    window: Duration,
    max_texts: usize,
    lanes: usize,
    gathering: Mutex<Gathering>,
    /// Wakes the leader: its batch is full, or a lane is free.
    wake: Condvar,
}

impl std::fmt::Debug for Batcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batcher")
            .field("inner", &self.inner.name())
            .field("window", &self.window)
            .field("max_texts", &self.max_texts)
            .field("lanes", &self.lanes)
            .finish()
    }
}

impl Batcher {
    /// Batches calls to `inner`, at most `lanes` passes at once. A batch closes when a
    /// lane is free and either `window` has passed since its first caller arrived or it
    /// holds `max_texts` texts. A call of `max_texts` or more is a batch by itself and
    /// goes straight through (a shop's articles, encoded once at start).
    pub fn new(inner: Arc<dyn Embedder>, window: Duration, max_texts: usize, lanes: usize) -> Self {
        Self {
            inner,
            window,
            max_texts: max_texts.max(1),
            lanes: lanes.max(1),
            gathering: Mutex::new(Gathering::default()),
            wake: Condvar::new(),
        }
    }

    /// Callers gathered into the next batch, not yet running.
    #[cfg(test)]
    fn waiting(&self) -> usize {
        self.lock().requests.len()
    }

    fn lock(&self) -> MutexGuard<'_, Gathering> {
        self.gathering.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Gathers the batch this caller leads (`g` holds its request) until it may run,
    /// then takes it and a lane.
    fn lead(&self, mut g: MutexGuard<'_, Gathering>) -> Vec<Request> {
        let deadline = Instant::now() + self.window;
        loop {
            let lane_free = g.running < self.lanes;
            let now = Instant::now();
            if lane_free && (g.texts >= self.max_texts || now >= deadline) {
                break;
            }
            g = if lane_free {
                self.wake
                    .wait_timeout(g, deadline - now)
                    .unwrap_or_else(|p| p.into_inner())
                    .0
            } else {
                self.wake.wait(g).unwrap_or_else(|p| p.into_inner())
            };
        }
        g.texts = 0;
        g.leader = false;
        g.running += 1;
        std::mem::take(&mut g.requests)
    }

    /// Runs a batch in the lane its leader took, answers every caller in it, and frees
    /// the lane.
    fn run(&self, requests: Vec<Request>) {
        let texts: Vec<&str> = requests
            .iter()
            .flat_map(|r| r.texts.iter().map(String::as_str))
            .collect();
        let result = self.inner.embed(&texts);
        self.lock().running -= 1;
        // Whoever leads the next batch may be waiting for this lane.
        self.wake.notify_all();
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
        let mut g = self.lock();
        g.requests.push(Request {
            texts: texts.iter().map(|t| t.to_string()).collect(),
            answer: answer.clone(),
        });
        g.texts += texts.len();
        if g.leader {
            if g.texts >= self.max_texts {
                self.wake.notify_all();
            }
            drop(g);
        } else {
            g.leader = true;
            let requests = self.lead(g);
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
        let batcher = Arc::new(Batcher::new(inner.clone(), Duration::from_secs(5), 8, 1));
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
        let batcher = Batcher::new(inner.clone(), Duration::from_millis(1), 8, 1);
        let started = Instant::now();
        assert_eq!(batcher.embed(&["abc"]).unwrap(), vec![vec![3.0]]);
        assert!(started.elapsed() < Duration::from_secs(1));
        assert_eq!(batcher.embed(&[]).unwrap(), Vec::<Vec<f32>>::new());
        assert_eq!(inner.0.load(Ordering::SeqCst), 1);
    }

    /// Holds its first pass until told to go; records every pass's size.
    struct Gate {
        go: Mutex<bool>,
        opened: Condvar,
        sizes: Mutex<Vec<usize>>,
    }

    impl Embedder for Gate {
        fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
            let first = {
                let mut sizes = self.sizes.lock().unwrap();
                sizes.push(texts.len());
                sizes.len() == 1
            };
            if first {
                let mut go = self.go.lock().unwrap();
                while !*go {
                    go = self.opened.wait(go).unwrap();
                }
            }
            Ok(texts.iter().map(|t| vec![t.len() as f32]).collect())
        }
        fn name(&self) -> &str {
            "gate"
        }
    }

    #[test]
    fn callers_arriving_while_every_lane_is_busy_share_the_next_pass() {
        let inner = Arc::new(Gate {
            go: Mutex::new(false),
            opened: Condvar::new(),
            sizes: Mutex::new(Vec::new()),
        });
        let batcher = Arc::new(Batcher::new(inner.clone(), Duration::ZERO, 8, 1));
        let call = |text: String| {
            let b = batcher.clone();
            std::thread::spawn(move || b.embed(&[&text]).unwrap())
        };
        let first = call("a".into());
        while inner.sizes.lock().unwrap().is_empty() {
            std::thread::yield_now();
        }
        // The one lane is held by the first pass: these three gather behind it, though
        // their window is zero.
        let later: Vec<_> = (2..=4).map(|i| call("b".repeat(i))).collect();
        while batcher.waiting() < 3 {
            std::thread::yield_now();
        }
        *inner.go.lock().unwrap() = true;
        inner.opened.notify_all();
        assert_eq!(first.join().unwrap(), vec![vec![1.0]]);
        for (i, t) in later.into_iter().enumerate() {
            assert_eq!(t.join().unwrap(), vec![vec![(i + 2) as f32]]);
        }
        assert_eq!(*inner.sizes.lock().unwrap(), vec![1, 3]);
    }
}
