//! The same sentence encoder as [`super::minilm`], run without candle: a BERT forward
//! pass written out over contiguous `f32` buffers, its matrix products on the `gemm`
//! crate on the calling thread. It owns the weights (laid out once, at load, in the
//! order the products read them), the forward pass (embeddings, attention, GELU, layer
//! norm, mean pooling) and the scratch buffers the passes reuse.
//!
//! Why not candle's BERT: on a ticket's few dozen tokens candle spends much of its time
//! around the arithmetic: a fresh tensor for every step of every layer (the large ones
//! from `mmap`, back with `munmap`), its matrix products spread over a thread pool that
//! spins and sleeps in the kernel on a two-core machine already busy with other tickets,
//! and a batch padded to its longest text. Under candle a fifth of `process`'s CPU was
//! system time; here none is (`ticket-agent-lab bench-embedding`). The texts of a batch
//! are *packed*: their tokens are laid end to end, every linear layer is one product over
//! all of them, and only attention looks at where one text ends, so no padding is ever
//! computed; buffers come from a pool and are kept; nothing is spread over threads (the
//! tickets in flight are the parallelism).
//!
//! The vectors match candle's to within float rounding: the unit test below holds them
//! to 1e-4 of cosine on a few hundred sentences, and candle's encoder stays as that
//! reference (`super::minilm`).

use std::path::Path;
use std::sync::Mutex;

use anyhow::{Context, bail};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::{Config, HiddenAct, PositionEmbeddingType};

use super::Embedder;
use super::minilm::Folder;

/// Tokens multiplied in one pass at most: bounds the scratch memory (about 40 KB of
/// activations a token) when a caller hands over a whole knowledge base at once.
const MAX_TOKENS_PER_PASS: usize = 4096;

/// A linear layer `y = x·Wᵀ + b`, with `Wᵀ` stored row-major (`inputs` rows of
/// `outputs`), the layout the product reads without striding.
struct Linear {
    weight_t: Vec<f32>,
    bias: Vec<f32>,
    inputs: usize,
    outputs: usize,
}

struct Norm {
    gamma: Vec<f32>,
    beta: Vec<f32>,
}

struct Layer {
    /// Query, key and value in one product: `3 × hidden` outputs.
    qkv: Linear,
    attention_out: Linear,
    attention_norm: Norm,
    up: Linear,
    down: Linear,
    output_norm: Norm,
}

/// Activations of one pass, kept between passes so that the allocator is not asked for
/// megabytes per call.
#[derive(Default)]
struct Scratch {
    x: Vec<f32>,
    qkv: Vec<f32>,
    context: Vec<f32>,
    wide: Vec<f32>,
    scores: Vec<f32>,
}

/// A loaded sentence encoder, packed.
pub struct PackedBert {
    tokenizer: tokenizers::Tokenizer,
    name: String,
    hidden: usize,
    heads: usize,
    eps: f32,
    approximate_gelu: bool,
    word: Vec<f32>,
    position: Vec<f32>,
    token_type: Vec<f32>,
    embedding_norm: Norm,
    layers: Vec<Layer>,
    scratch: Mutex<Vec<Scratch>>,
}

impl std::fmt::Debug for PackedBert {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PackedBert")
            .field("name", &self.name)
            .field("hidden", &self.hidden)
            .field("layers", &self.layers.len())
            .finish()
    }
}

fn tensor(vb: &VarBuilder<'_>, shape: &[usize], name: &str) -> anyhow::Result<Vec<f32>> {
    let t = vb
        .get(shape, name)
        .with_context(|| format!("model.safetensors: {name}"))?;
    Ok(t.flatten_all()?.to_vec1::<f32>()?)
}

fn linear(vb: &VarBuilder<'_>, inputs: usize, outputs: usize) -> anyhow::Result<Linear> {
    let w = tensor(vb, &[outputs, inputs], "weight")?;
    let mut weight_t = vec![0.0; w.len()];
    for o in 0..outputs {
        for i in 0..inputs {
            weight_t[i * outputs + o] = w[o * inputs + i];
        }
    }
    Ok(Linear {
        weight_t,
        bias: tensor(vb, &[outputs], "bias")?,
        inputs,
        outputs,
    })
}

/// Query, key and value side by side: one product instead of three.
fn fused(parts: [Linear; 3]) -> Linear {
    let inputs = parts[0].inputs;
    let outputs: usize = parts.iter().map(|p| p.outputs).sum();
    let mut weight_t = Vec::with_capacity(inputs * outputs);
    for i in 0..inputs {
        for p in &parts {
            weight_t.extend_from_slice(&p.weight_t[i * p.outputs..(i + 1) * p.outputs]);
        }
    }
    Linear {
        weight_t,
        bias: parts.iter().flat_map(|p| p.bias.iter().copied()).collect(),
        inputs,
        outputs,
    }
}

fn norm(vb: &VarBuilder<'_>, size: usize) -> anyhow::Result<Norm> {
    Ok(Norm {
        gamma: tensor(vb, &[size], "weight")?,
        beta: tensor(vb, &[size], "bias")?,
    })
}

impl PackedBert {
    /// Loads the model in `dir` (the folder [`super::minilm::MiniLm::load`] reads).
    ///
    /// # Errors
    /// As [`super::minilm::MiniLm::load`], and a configuration this forward pass does
    /// not compute (relative positions, an activation other than GELU).
    pub fn load(dir: &Path) -> anyhow::Result<Self> {
        let Folder {
            config,
            tokenizer,
            weights,
            name,
        } = Folder::open(dir)?;
        Self::from_parts(&config, tokenizer, &weights, name)
            .context("model.safetensors does not fit config.json")
    }

    fn from_parts(
        config: &Config,
        tokenizer: tokenizers::Tokenizer,
        vb: &VarBuilder<'_>,
        name: String,
    ) -> anyhow::Result<Self> {
        let approximate_gelu = match config.hidden_act {
            HiddenAct::Gelu => false,
            HiddenAct::GeluApproximate => true,
            HiddenAct::Relu => bail!("hidden_act relu is not supported"),
        };
        if config.position_embedding_type != PositionEmbeddingType::Absolute {
            bail!("only absolute position embeddings are supported");
        }
        let h = config.hidden_size;
        let heads = config.num_attention_heads;
        if heads == 0 || !h.is_multiple_of(heads) {
            bail!("hidden_size {h} is not a multiple of num_attention_heads {heads}");
        }
        // Some checkpoints put everything under `bert.`, as candle's loader allows.
        let vb = if vb.contains_tensor("embeddings.word_embeddings.weight") {
            vb.clone()
        } else {
            vb.pp("bert")
        };
        let emb = vb.pp("embeddings");
        let token_type = tensor(
            &emb,
            &[config.type_vocab_size, h],
            "token_type_embeddings.weight",
        )?;
        let layers = (0..config.num_hidden_layers)
            .map(|i| {
                let l = vb.pp(format!("encoder.layer.{i}"));
                let a = l.pp("attention");
                Ok(Layer {
                    qkv: fused([
                        linear(&a.pp("self.query"), h, h)?,
                        linear(&a.pp("self.key"), h, h)?,
                        linear(&a.pp("self.value"), h, h)?,
                    ]),
                    attention_out: linear(&a.pp("output.dense"), h, h)?,
                    attention_norm: norm(&a.pp("output.LayerNorm"), h)?,
                    up: linear(&l.pp("intermediate.dense"), h, config.intermediate_size)?,
                    down: linear(&l.pp("output.dense"), config.intermediate_size, h)?,
                    output_norm: norm(&l.pp("output.LayerNorm"), h)?,
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Self {
            tokenizer,
            name,
            hidden: h,
            heads,
            eps: config.layer_norm_eps as f32,
            approximate_gelu,
            word: tensor(&emb, &[config.vocab_size, h], "word_embeddings.weight")?,
            position: tensor(
                &emb,
                &[config.max_position_embeddings, h],
                "position_embeddings.weight",
            )?,
            token_type: token_type[..h].to_vec(),
            embedding_norm: norm(&emb.pp("LayerNorm"), h)?,
            layers,
            scratch: Mutex::new(Vec::new()),
        })
    }

    /// The length of every vector.
    pub fn dimension(&self) -> usize {
        self.hidden
    }

    /// How many tokens the model reads of `text` (special tokens included, at most the
    /// model's limit); 0 when the tokenizer refuses it.
    pub fn tokens(&self, text: &str) -> usize {
        self.tokenize(&[text]).map_or(0, |ids| ids[0].len())
    }

    /// The token ids of each text, as the model's tokenizer cuts them (special tokens
    /// added, truncated at the model's limit). One text at a time: the tokenizer's
    /// batch call spreads over a thread pool, which is what this encoder avoids.
    fn tokenize(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<u32>>> {
        texts
            .iter()
            .map(|t| {
                self.tokenizer
                    .encode(*t, true)
                    .map(|e| e.get_ids().to_vec())
                    .map_err(|e| anyhow::anyhow!("tokenizing: {e}"))
            })
            .collect()
    }

    /// The pooled, normalised vector of each tokenised text, in one pass.
    fn forward(&self, texts: &[Vec<u32>], s: &mut Scratch) -> anyhow::Result<Vec<Vec<f32>>> {
        let h = self.hidden;
        let tokens: usize = texts.iter().map(Vec::len).sum();
        let vocab = self.word.len() / h;
        let positions = self.position.len() / h;
        resize(&mut s.x, tokens * h);
        let mut row = 0;
        for ids in texts {
            if ids.len() > positions {
                bail!("{} tokens, more than the model's {positions}", ids.len());
            }
            for (p, &id) in ids.iter().enumerate() {
                let id = id as usize;
                if id >= vocab {
                    bail!("token id {id} is outside the vocabulary of {vocab}");
                }
                let out = &mut s.x[row * h..(row + 1) * h];
                let w = &self.word[id * h..(id + 1) * h];
                let pos = &self.position[p * h..(p + 1) * h];
                for (((o, w), p), t) in out.iter_mut().zip(w).zip(pos).zip(&self.token_type) {
                    *o = w + p + t;
                }
                row += 1;
            }
        }
        layer_norm(&mut s.x, &self.embedding_norm, h, self.eps);
        for layer in &self.layers {
            self.encoder_layer(layer, texts, s);
        }
        // Mean over every token of a text (none is padding), then unit length.
        let mut out = Vec::with_capacity(texts.len());
        let mut start = 0;
        for ids in texts {
            let mut mean = vec![0.0f32; h];
            for t in start..start + ids.len() {
                for (m, x) in mean.iter_mut().zip(&s.x[t * h..(t + 1) * h]) {
                    *m += x;
                }
            }
            let n = ids.len().max(1) as f32;
            mean.iter_mut().for_each(|m| *m /= n);
            let norm = mean.iter().map(|m| m * m).sum::<f32>().sqrt().max(1e-12);
            mean.iter_mut().for_each(|m| *m /= norm);
            out.push(mean);
            start += ids.len();
        }
        Ok(out)
    }

    fn encoder_layer(&self, layer: &Layer, texts: &[Vec<u32>], s: &mut Scratch) {
        let h = self.hidden;
        let tokens = s.x.len() / h;
        linear_into(&layer.qkv, &s.x, &mut s.qkv, tokens);
        resize(&mut s.context, tokens * h);
        let mut start = 0;
        for ids in texts {
            self.attention(&s.qkv, &mut s.context, &mut s.scores, start, ids.len());
            start += ids.len();
        }
        // The attention's output, plus the residual, normalised.
        linear_add_into(&layer.attention_out, &s.context, &mut s.x, tokens);
        layer_norm(&mut s.x, &layer.attention_norm, h, self.eps);
        linear_into(&layer.up, &s.x, &mut s.wide, tokens);
        if self.approximate_gelu {
            s.wide.iter_mut().for_each(|v| *v = gelu_tanh(*v));
        } else {
            s.wide.iter_mut().for_each(|v| *v = gelu_erf(*v));
        }
        linear_add_into(&layer.down, &s.wide, &mut s.x, tokens);
        layer_norm(&mut s.x, &layer.output_norm, h, self.eps);
    }

    /// Self-attention of the `len` tokens from `start`, which are one text: no token
    /// looks at another text's. Both products are `gemm`'s, strided over the packed
    /// query, key and value rows, so no head is copied out.
    fn attention(
        &self,
        qkv: &[f32],
        context: &mut [f32],
        scores: &mut Vec<f32>,
        start: usize,
        len: usize,
    ) {
        let h = self.hidden;
        let d = h / self.heads;
        let scale = 1.0 / (d as f32).sqrt();
        if len == 0 {
            return;
        }
        resize(scores, len * len);
        for head in 0..self.heads {
            let off = head * d;
            let row = start * 3 * h;
            // scores = scale · Q·Kᵀ
            matmul(
                Out {
                    data: scores,
                    offset: 0,
                    row_stride: len,
                    accumulate: false,
                },
                In {
                    data: qkv,
                    offset: row + off,
                    row_stride: 3 * h,
                    col_stride: 1,
                },
                In {
                    data: qkv,
                    offset: row + h + off,
                    row_stride: 1,
                    col_stride: 3 * h,
                },
                (len, d, len),
                scale,
            );
            for r in scores.chunks_exact_mut(len) {
                let max = r.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                let mut sum = 0.0;
                for v in r.iter_mut() {
                    *v = (*v - max).exp();
                    sum += *v;
                }
                let inv = 1.0 / sum;
                r.iter_mut().for_each(|v| *v *= inv);
            }
            // context = scores·V
            matmul(
                Out {
                    data: context,
                    offset: start * h + off,
                    row_stride: h,
                    accumulate: false,
                },
                In {
                    data: scores,
                    offset: 0,
                    row_stride: len,
                    col_stride: 1,
                },
                In {
                    data: qkv,
                    offset: row + 2 * h + off,
                    row_stride: 3 * h,
                    col_stride: 1,
                },
                (len, len, d),
                1.0,
            );
        }
    }

    fn embed_tokenized(&self, texts: &[Vec<u32>]) -> anyhow::Result<Vec<Vec<f32>>> {
        let mut scratch = self
            .scratch
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .pop()
            .unwrap_or_default();
        let mut out = Vec::with_capacity(texts.len());
        let mut i = 0;
        let result = loop {
            if i == texts.len() {
                break Ok(());
            }
            // As many texts as fit in one pass (at least one).
            let mut end = i + 1;
            let mut tokens = texts[i].len();
            while end < texts.len() && tokens + texts[end].len() <= MAX_TOKENS_PER_PASS {
                tokens += texts[end].len();
                end += 1;
            }
            match self.forward(&texts[i..end], &mut scratch) {
                Ok(v) => out.extend(v),
                Err(e) => break Err(e),
            }
            i = end;
        };
        self.scratch
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(scratch);
        result.map(|()| out)
    }
}

impl Embedder for PackedBert {
    fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
        let ids = self.tokenize(texts)?;
        self.embed_tokenized(&ids)
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// `v` at `len` elements, keeping its allocation (the values are overwritten).
fn resize(v: &mut Vec<f32>, len: usize) {
    v.clear();
    v.resize(len, 0.0);
}

fn layer_norm(x: &mut [f32], norm: &Norm, h: usize, eps: f32) {
    for row in x.chunks_exact_mut(h) {
        let mean = row.iter().sum::<f32>() / h as f32;
        let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / h as f32;
        let inv = 1.0 / (var + eps).sqrt();
        for ((v, g), b) in row.iter_mut().zip(&norm.gamma).zip(&norm.beta) {
            *v = (*v - mean) * inv * g + b;
        }
    }
}

fn gelu_erf(x: f32) -> f32 {
    0.5 * x * (1.0 + erf(x * std::f32::consts::FRAC_1_SQRT_2))
}

/// The error function, without branches so that the GELU loop over a pass's
/// activations vectorises: `x·P(x²)/Q(x²)`, a rational fit of degree 5 over 5 made for
/// this encoder on [0, 4] (past 4, erf is 1 in `f32`). Within 4e-7 of libm's `erff`
/// everywhere (the test below); libm's, a scalar call with a branch per range, was a
/// sixth of the encoder's time (`perf` over `process`).
fn erf(x: f32) -> f32 {
    // The first term is erf's slope at 0, 2/√π, as the fit found it.
    const P: [f32; 6] = [
        std::f32::consts::FRAC_2_SQRT_PI,
        0.196_249_12,
        0.053_467_58,
        0.004_003_690_6,
        0.000_288_047_4,
        1.974_878_2e-6,
    ];
    const Q: [f32; 6] = [
        1.0,
        0.507_252_4,
        0.116_476_56,
        0.015_444_489,
        0.001_216_381_4,
        3.748_171_2e-5,
    ];
    let x = x.clamp(-4.0, 4.0);
    let t = x * x;
    let p = P.iter().rev().fold(0.0, |acc, c| acc * t + c);
    let q = Q.iter().rev().fold(0.0, |acc, c| acc * t + c);
    (x * p / q).clamp(-1.0, 1.0)
}

fn gelu_tanh(x: f32) -> f32 {
    const SQRT_2_OVER_PI: f32 = 0.797_884_6;
    0.5 * x * (1.0 + (SQRT_2_OVER_PI * (x + 0.044_715 * x * x * x)).tanh())
}

/// `out = x·Wᵀ + b` for `tokens` rows of `x`.
fn linear_into(l: &Linear, x: &[f32], out: &mut Vec<f32>, tokens: usize) {
    out.clear();
    out.reserve(tokens * l.outputs);
    for _ in 0..tokens {
        out.extend_from_slice(&l.bias);
    }
    linear_accumulate(l, x, out, tokens);
}

/// `acc += x·Wᵀ + b`: a layer's output added to the residual stream in place.
fn linear_add_into(l: &Linear, x: &[f32], acc: &mut [f32], tokens: usize) {
    for row in acc.chunks_exact_mut(l.outputs) {
        for (a, b) in row.iter_mut().zip(&l.bias) {
            *a += b;
        }
    }
    linear_accumulate(l, x, acc, tokens);
}

fn linear_accumulate(l: &Linear, x: &[f32], acc: &mut [f32], tokens: usize) {
    matmul(
        Out {
            data: acc,
            offset: 0,
            row_stride: l.outputs,
            accumulate: true,
        },
        In {
            data: x,
            offset: 0,
            row_stride: l.inputs,
            col_stride: 1,
        },
        In {
            data: &l.weight_t,
            offset: 0,
            row_stride: l.outputs,
            col_stride: 1,
        },
        (tokens, l.inputs, l.outputs),
        1.0,
    );
}

/// A matrix read from a slice: element `(r, c)` is `data[offset + r·row_stride +
/// c·col_stride]`.
struct In<'a> {
    data: &'a [f32],
    offset: usize,
    row_stride: usize,
    col_stride: usize,
}

/// A matrix written into a slice, its rows contiguous: element `(r, c)` is
/// `data[offset + r·row_stride + c]`; added to (`accumulate`) or overwritten.
struct Out<'a> {
    data: &'a mut [f32],
    offset: usize,
    row_stride: usize,
    accumulate: bool,
}

/// One past the last element a `rows × cols` matrix reaches.
fn extent(offset: usize, rows: usize, cols: usize, row_stride: usize, col_stride: usize) -> usize {
    offset + (rows - 1) * row_stride + (cols - 1) * col_stride + 1
}

/// `out (+)= scale · lhs·rhs`, with `lhs` `m × k` and `rhs` `k × n`, on this thread (the
/// tickets in flight are the parallelism). Panics when a matrix does not fit its slice.
fn matmul(out: Out<'_>, lhs: In<'_>, rhs: In<'_>, (m, k, n): (usize, usize, usize), scale: f32) {
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 {
        if !out.accumulate {
            for r in 0..m {
                let at = out.offset + r * out.row_stride;
                out.data[at..at + n].fill(0.0);
            }
        }
        return;
    }
    assert!(
        extent(out.offset, m, n, out.row_stride, 1) <= out.data.len()
            && extent(lhs.offset, m, k, lhs.row_stride, lhs.col_stride) <= lhs.data.len()
            && extent(rhs.offset, k, n, rhs.row_stride, rhs.col_stride) <= rhs.data.len(),
        "a {m}×{k} by {k}×{n} product does not fit its buffers"
    );
    let stride = |s: usize| isize::try_from(s).expect("a stride fits in isize");
    // SAFETY: the assertion above puts every element each matrix's offset and strides
    // address inside its slice (all strides are non-negative); `out.data` is a unique
    // borrow, so it aliases neither input; gemm reads the inputs and writes `out` only
    // while this call runs, on this thread (`Parallelism::None`).
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            out.data.as_mut_ptr().add(out.offset),
            1,
            stride(out.row_stride),
            out.accumulate,
            lhs.data.as_ptr().add(lhs.offset),
            stride(lhs.col_stride),
            stride(lhs.row_stride),
            rhs.data.as_ptr().add(rhs.offset),
            stride(rhs.col_stride),
            stride(rhs.row_stride),
            1.0,
            scale,
            false,
            false,
            false,
            gemm::Parallelism::None,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_encoders_erf_is_within_4e_7_of_libms_everywhere() {
        let mut worst = (0.0f32, 0.0f32);
        let grid = (-80_000..=80_000).map(|i| i as f32 * 1e-4);
        let edges = [
            0.0, -0.0, 1e-30, -1e-30, 3.999, 4.0, 4.001, 9.0, -9.0, 1e30, -1e30,
        ];
        for x in grid.chain(edges) {
            let error = (erf(x) - libm::erff(x)).abs();
            if error > worst.1 {
                worst = (x, error);
            }
        }
        assert!(worst.1 < 4e-7, "erf({}) is off by {}", worst.0, worst.1);
        assert_eq!(erf(f32::INFINITY), 1.0);
        assert_eq!(erf(f32::NEG_INFINITY), -1.0);
        assert!(erf(f32::NAN).is_nan());
    }
}
