//! all-MiniLM-L6-v2 (a 6-layer BERT sentence encoder, 384 dimensions) run in-process
//! on the CPU with candle: tokenised by its own `tokenizer.json`, encoded, mean-pooled
//! over the real tokens (the attention mask keeps padding out of the average) and
//! L2-normalised, which is what sentence-transformers does with this model, so vectors
//! and cosine similarities match the published model's.
//!
//! It is loaded from a folder holding `config.json`, `tokenizer.json` and
//! `model.safetensors` (and, when present, `1_Pooling/config.json` and
//! `sentence_bert_config.json`, which are checked: a model that pools otherwise is
//! refused rather than silently mis-pooled). Nothing here downloads anything.

use std::path::Path;

use anyhow::{Context, anyhow, bail};
use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::{BertModel, Config};
use serde::Deserialize;
use tokenizers::{PaddingParams, PaddingStrategy, Tokenizer, TruncationParams};

use super::Embedder;

/// The files a model folder must hold.
pub const REQUIRED_FILES: [&str; 3] = ["config.json", "tokenizer.json", "model.safetensors"];

/// Texts encoded in one forward pass: bounds the activations' memory on a large
/// knowledge base, while a handful of articles still goes in one batch.
const BATCH: usize = 32;

/// sentence-transformers' sequence limit for this model when its folder does not say.
const DEFAULT_MAX_SEQ_LEN: usize = 256;

/// A loaded sentence encoder.
pub struct MiniLm {
    model: BertModel,
    tokenizer: Tokenizer,
    device: Device,
    name: String,
    dimension: usize,
}

impl std::fmt::Debug for MiniLm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MiniLm")
            .field("name", &self.name)
            .field("dimension", &self.dimension)
            .finish()
    }
}

#[derive(Deserialize)]
struct Pooling {
    #[serde(default)]
    pooling_mode_mean_tokens: bool,
    #[serde(default)]
    pooling_mode_cls_token: bool,
    #[serde(default)]
    pooling_mode_max_tokens: bool,
}

#[derive(Deserialize)]
struct SentenceBertConfig {
    max_seq_length: Option<usize>,
}

/// The files of `dir` that are missing, by name (empty: the folder is complete).
pub fn missing_files(dir: &Path) -> Vec<&'static str> {
    REQUIRED_FILES
        .into_iter()
        .filter(|f| std::fs::metadata(dir.join(f)).map_or(true, |m| m.len() == 0))
        .collect()
}

/// A model folder read and checked: what every encoder of this module is built from.
pub(crate) struct Folder {
    /// The BERT configuration (`config.json`).
    pub(crate) config: Config,
    /// The model's tokenizer, truncating at the model's sequence limit, padding nothing.
    pub(crate) tokenizer: Tokenizer,
    /// The weights, read into memory.
    pub(crate) weights: VarBuilder<'static>,
    /// The folder's name, the model's name in logs.
    pub(crate) name: String,
}

impl Folder {
    /// Reads and checks the model in `dir`.
    ///
    /// # Errors
    /// A missing or unreadable file, a configuration that is not a BERT encoder with
    /// mean pooling, or a tokenizer that does not load.
    pub(crate) fn open(dir: &Path) -> anyhow::Result<Self> {
        let missing = missing_files(dir);
        if !missing.is_empty() {
            bail!("{} has no {}", dir.display(), missing.join(", "));
        }
        let read = |name: &str| {
            std::fs::read_to_string(dir.join(name))
                .with_context(|| format!("reading {}", dir.join(name).display()))
        };
        let config: Config = serde_json::from_str(&read("config.json")?)
            .context("config.json is not a BERT configuration")?;
        if dir.join("1_Pooling/config.json").exists() {
            let pooling: Pooling = serde_json::from_str(&read("1_Pooling/config.json")?)
                .context("1_Pooling/config.json")?;
            if !pooling.pooling_mode_mean_tokens
                || pooling.pooling_mode_cls_token
                || pooling.pooling_mode_max_tokens
            {
                bail!("{}: only mean pooling is supported", dir.display());
            }
        }
        let max_len = if dir.join("sentence_bert_config.json").exists() {
            serde_json::from_str::<SentenceBertConfig>(&read("sentence_bert_config.json")?)
                .context("sentence_bert_config.json")?
                .max_seq_length
                .unwrap_or(DEFAULT_MAX_SEQ_LEN)
        } else {
            DEFAULT_MAX_SEQ_LEN
        }
        .min(config.max_position_embeddings);

        let mut tokenizer = Tokenizer::from_file(dir.join("tokenizer.json"))
            .map_err(|e| anyhow!("tokenizer.json: {e}"))?;
        // The file pads every text to a fixed 128 tokens; each encoder pads as it needs.
        tokenizer.with_padding(None);
        tokenizer
            .with_truncation(Some(TruncationParams {
                max_length: max_len,
                ..TruncationParams::default()
            }))
            .map_err(|e| anyhow!("tokenizer truncation: {e}"))?;

        // Read, not memory-mapped: the weights are copied into tensors and the file's
        // buffer is dropped after loading, with no `unsafe` over a file that another
        // process could truncate under us.
        let weights = VarBuilder::from_buffered_safetensors(
            std::fs::read(dir.join("model.safetensors"))
                .with_context(|| format!("reading {}", dir.join("model.safetensors").display()))?,
            DType::F32,
            &Device::Cpu,
        )
        .context("model.safetensors")?;
        let name = dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("sentence-encoder")
            .to_string();
        Ok(Self {
            config,
            tokenizer,
            weights,
            name,
        })
    }
}

impl MiniLm {
    /// Loads the model in `dir`.
    ///
    /// # Errors
    /// A missing or unreadable file, a configuration that is not a BERT encoder with
    /// mean pooling, or weights that do not fit the configuration.
    pub fn load(dir: &Path) -> anyhow::Result<Self> {
        let Folder {
            config,
            mut tokenizer,
            weights,
            name,
        } = Folder::open(dir)?;
        // A batch only needs its longest text.
        tokenizer.with_padding(Some(PaddingParams {
            strategy: PaddingStrategy::BatchLongest,
            pad_id: u32::try_from(config.pad_token_id).unwrap_or(0),
            ..PaddingParams::default()
        }));
        let model = BertModel::load(weights, &config)
            .context("model.safetensors does not fit config.json")?;
        Ok(Self {
            model,
            tokenizer,
            device: Device::Cpu,
            name,
            dimension: config.hidden_size,
        })
    }

    /// The length of every vector.
    pub fn dimension(&self) -> usize {
        self.dimension
    }

    fn embed_batch(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
        let encodings = self
            .tokenizer
            .encode_batch(texts.to_vec(), true)
            .map_err(|e| anyhow!("tokenizing: {e}"))?;
        let rows = encodings.len();
        let cols = encodings.first().map_or(0, |e| e.get_ids().len());
        let flat = |f: &dyn Fn(&tokenizers::Encoding) -> &[u32]| -> Vec<u32> {
            encodings
                .iter()
                .flat_map(|e| f(e).iter().copied())
                .collect()
        };
        let ids = Tensor::from_vec(flat(&|e| e.get_ids()), (rows, cols), &self.device)?;
        let types = Tensor::from_vec(flat(&|e| e.get_type_ids()), (rows, cols), &self.device)?;
        let mask = Tensor::from_vec(
            flat(&|e| e.get_attention_mask()),
            (rows, cols),
            &self.device,
        )?;
        let hidden = self.model.forward(&ids, &types, Some(&mask))?; // (rows, cols, dim)
        let mask = mask.to_dtype(DType::F32)?.unsqueeze(2)?; // (rows, cols, 1)
        let summed = hidden.broadcast_mul(&mask)?.sum(1)?; // (rows, dim)
        // A text of no tokens at all still has [CLS] and [SEP]; the floor only keeps a
        // malformed tokenizer from dividing by zero.
        let counts = mask.sum(1)?.clamp(1e-9f32, f32::MAX)?; // (rows, 1)
        let mean = summed.broadcast_div(&counts)?;
        let norms = mean
            .sqr()?
            .sum_keepdim(1)?
            .sqrt()?
            .clamp(1e-12f32, f32::MAX)?;
        Ok(mean.broadcast_div(&norms)?.to_vec2::<f32>()?)
    }
}

impl Embedder for MiniLm {
    /// Batches texts of similar length together: a batch is padded to its longest text,
    /// so an article's whole body batched with its one-line sentences would make every
    /// sentence cost as much as the body.
    fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
        let mut order: Vec<usize> = (0..texts.len()).collect();
        order.sort_by_key(|&i| texts[i].len());
        let mut out = vec![Vec::new(); texts.len()];
        for chunk in order.chunks(BATCH) {
            let batch: Vec<&str> = chunk.iter().map(|&i| texts[i]).collect();
            for (&i, vector) in chunk.iter().zip(self.embed_batch(&batch)?) {
                out[i] = vector;
            }
        }
        Ok(out)
    }

    fn name(&self) -> &str {
        &self.name
    }
}
