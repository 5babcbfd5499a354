//! The encoders alone, beside their peer: the texts one `process` run sent to the model,
//! encoded again by candle's BERT, by the packed encoder and by sentence-transformers
//! (PyTorch, in a Python child: `crates/lab/peer/sentence_transformers_encode.py`), in
//! the same batches, on the same machine, in one run. It owns that measurement and how
//! far each encoder's vectors are from the packed one's.
//!
//! Why a second measurement beside `process`'s: tickets/s of `process` mixes the encoder
//! with the rest of a ticket and with how many texts the tickets in flight gather; the
//! encoders alone, on identical batches, say what each costs per text. Our encoders run
//! one batch per thread on `threads` threads taking batches in turn (the tickets in
//! flight are our parallelism); PyTorch runs one batch at a time on its own intra-op
//! threads, as sentence-transformers is used.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};

use ticket_agent::embedding::{Embedder, cosine};

use crate::proc::own_cpu_seconds;

/// One encoder over every text.
#[derive(Debug, Clone, Serialize)]
pub struct EncoderRun {
    /// What ran.
    pub encoder: String,
    /// Threads it ran on.
    pub threads: usize,
    /// Texts encoded.
    pub texts: usize,
    /// Wall time, seconds.
    pub wall_s: f64,
    /// User and system CPU, seconds.
    pub cpu_s: f64,
    /// The smallest cosine between one of its vectors and the packed encoder's for the
    /// same text (1 for the packed encoder itself).
    pub min_cosine_to_packed: f64,
}

impl EncoderRun {
    /// Texts a second of wall time.
    pub fn texts_per_s(&self) -> f64 {
        self.texts as f64 / self.wall_s
    }

    /// CPU milliseconds a text.
    pub fn cpu_ms_per_text(&self) -> f64 {
        self.cpu_s * 1000.0 / self.texts.max(1) as f64
    }
}

/// A batch's index and its vectors.
type Encoded = (usize, Vec<Vec<f32>>);

/// Encodes `texts` in batches of `batch` on `threads` threads, each taking the next
/// batch when it is done with one, after a warm-up on the first batch. Returns the run
/// and the vectors in the texts' order.
///
/// # Errors
/// The encoder failing on a batch.
pub fn encode_all(
    name: &str,
    encoder: &Arc<dyn Embedder>,
    texts: &[String],
    batch: usize,
    threads: usize,
) -> anyhow::Result<(EncoderRun, Vec<Vec<f32>>)> {
    let cpu_seconds = || {
        let (user, sys) = own_cpu_seconds();
        user + sys
    };
    let batch = batch.max(1);
    let threads = threads.max(1);
    let chunks: Vec<Vec<&str>> = texts
        .chunks(batch)
        .map(|c| c.iter().map(String::as_str).collect())
        .collect();
    if let Some(first) = chunks.first() {
        encoder.embed(first)?;
    }
    let next = AtomicUsize::new(0);
    let cpu0 = cpu_seconds();
    let started = Instant::now();
    let parts: Vec<anyhow::Result<Vec<Encoded>>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(chunk) = chunks.get(i) else {
                            return Ok(done);
                        };
                        done.push((i, encoder.embed(chunk)?));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("an encoding thread panicked"))
            .collect()
    });
    let wall_s = started.elapsed().as_secs_f64();
    let cpu_s = cpu_seconds() - cpu0;
    let mut by_chunk = Vec::new();
    for part in parts {
        by_chunk.extend(part?);
    }
    by_chunk.sort_by_key(|(i, _)| *i);
    let vectors: Vec<Vec<f32>> = by_chunk.into_iter().flat_map(|(_, v)| v).collect();
    if vectors.len() != texts.len() {
        bail!(
            "{name}: {} vectors for {} texts",
            vectors.len(),
            texts.len()
        );
    }
    Ok((
        EncoderRun {
            encoder: name.to_string(),
            threads,
            texts: texts.len(),
            wall_s,
            cpu_s,
            min_cosine_to_packed: 1.0,
        },
        vectors,
    ))
}

/// The smallest cosine between two lists of vectors, pair by pair.
pub fn min_cosine(a: &[Vec<f32>], b: &[Vec<f32>]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| f64::from(cosine(x, y)))
        .fold(1.0, f64::min)
}

#[derive(Serialize)]
struct PeerJob<'a> {
    model_dir: &'a Path,
    texts: &'a [String],
    batch: usize,
    warm_up: usize,
}

#[derive(Deserialize)]
struct PeerAnswer {
    encoder: String,
    threads: usize,
    texts: usize,
    wall_s: f64,
    user_s: f64,
    sys_s: f64,
    vectors: Vec<Vec<f32>>,
}

/// The peer script, beside this crate's sources.
pub fn peer_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("peer/sentence_transformers_encode.py")
}

/// Runs sentence-transformers with `python` (an interpreter that has it installed) over
/// `texts` from `model_dir`, in batches of `batch`.
///
/// # Errors
/// The interpreter not starting, the script failing (its stderr is in the error), or an
/// answer that is not the script's JSON.
pub fn run_peer(
    python: &Path,
    model_dir: &Path,
    texts: &[String],
    batch: usize,
) -> anyhow::Result<(EncoderRun, Vec<Vec<f32>>)> {
    let script = peer_script();
    let mut child = Command::new(python)
        .arg(&script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("starting {} {}", python.display(), script.display()))?;
    let job = serde_json::to_vec(&PeerJob {
        model_dir,
        texts,
        batch: batch.max(1),
        warm_up: batch.max(1),
    })?;
    child
        .stdin
        .take()
        .context("the peer's stdin")?
        .write_all(&job)?;
    let out = child.wait_with_output()?;
    if !out.status.success() {
        bail!(
            "{} {} failed ({}): {}",
            python.display(),
            script.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let answer: PeerAnswer =
        serde_json::from_slice(&out.stdout).context("the peer's answer is not its JSON")?;
    if answer.vectors.len() != texts.len() {
        bail!(
            "the peer returned {} vectors for {} texts",
            answer.vectors.len(),
            texts.len()
        );
    }
    Ok((
        EncoderRun {
            encoder: answer.encoder,
            threads: answer.threads,
            texts: answer.texts,
            wall_s: answer.wall_s,
            cpu_s: answer.user_s + answer.sys_s,
            min_cosine_to_packed: 1.0,
        },
        answer.vectors,
    ))
}

/// The encoders' table as the markdown of docs/benchmarks.md, with each one's ratio to
/// the packed encoder.
pub fn markdown(runs: &[EncoderRun], batch: usize, mean_tokens: f64) -> String {
    let mut s = format!(
        "The same {} texts (those `process` sent to the model, {:.1} tokens on average) in \
         batches of {batch}:\n\n\
         | encoder | threads | texts/s | CPU ms/text | packed's texts/s over this | min cosine to packed |\n\
         |---|---|---|---|---|---|\n",
        runs.first().map_or(0, |r| r.texts),
        mean_tokens,
    );
    let packed = runs.iter().find(|r| r.encoder.starts_with("packed"));
    for r in runs {
        let ratio = packed.map_or(f64::NAN, |p| p.texts_per_s() / r.texts_per_s());
        s += &format!(
            "| {} | {} | {:.1} | {:.2} | ×{:.2} | {:.6} |\n",
            r.encoder,
            r.threads,
            r.texts_per_s(),
            r.cpu_ms_per_text(),
            ratio,
            r.min_cosine_to_packed
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each text's vector is its length and a 1, so that two texts of one length agree.
    struct Lengths;

    impl Embedder for Lengths {
        fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
            Ok(texts.iter().map(|t| vec![t.len() as f32, 1.0]).collect())
        }
        fn name(&self) -> &str {
            "lengths"
        }
    }

    #[test]
    fn batches_encoded_on_several_threads_come_back_in_the_texts_order() {
        let texts: Vec<String> = (1..=23).map(|i| "x".repeat(i)).collect();
        let encoder: Arc<dyn Embedder> = Arc::new(Lengths);
        let (run, vectors) = encode_all("lengths", &encoder, &texts, 4, 3).unwrap();
        assert_eq!(run.texts, 23);
        let lengths: Vec<f32> = vectors.iter().map(|v| v[0]).collect();
        assert_eq!(lengths, (1..=23).map(|i| i as f32).collect::<Vec<_>>());
        assert!((min_cosine(&vectors, &vectors) - 1.0).abs() < 1e-6);
    }

    #[test]
    fn the_table_gives_each_encoders_speed_against_the_packed_one() {
        let run = |encoder: &str, wall_s: f64| EncoderRun {
            encoder: encoder.into(),
            threads: 2,
            texts: 100,
            wall_s,
            cpu_s: 2.0 * wall_s,
            min_cosine_to_packed: 1.0,
        };
        let table = markdown(&[run("packed", 0.5), run("peer", 1.0)], 16, 23.0);
        assert!(
            table.contains("| packed | 2 | 200.0 | 10.00 | ×1.00 |"),
            "{table}"
        );
        assert!(
            table.contains("| peer | 2 | 100.0 | 20.00 | ×2.00 |"),
            "{table}"
        );
        assert!(table.contains("100 texts"), "{table}");
    }
}
