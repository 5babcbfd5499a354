//! Softmax regression over sentence vectors: how the cascade's judge reads intent from
//! a bank of hundreds of labelled tickets.
//!
//! Nearest neighbours (`intent::nearest`) ask how close a ticket is to a few examples of
//! each intent; over a bank of hundreds of labelled tickets a linear model of the whole
//! bank separates the intents better, because it learns which directions of the
//! embedding tell them apart instead of how near one or three lucky neighbours happen to
//! be. This module owns that model: a multinomial logistic regression with an L2
//! penalty, trained when the classifier is built (the bank's vectors are at hand then,
//! and a bank embedded by another model gets weights of its own), by Nesterov's
//! accelerated gradient from zeros with a fixed step, so the same bank always gives the
//! same weights. An intent counts only when its probability clears a bar. The penalty,
//! the bar and the comparison with the neighbours were measured on the development
//! worlds, each left out of the bank in turn (docs/evals.md).

/// How the regression is trained, and when its answer counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Training {
    /// The L2 penalty on the weights (not the biases), per example.
    pub penalty: f64,
    /// The step of each gradient move.
    pub step: f64,
    /// The most moves made.
    pub max_iterations: usize,
    /// Training stops once no gradient component is larger than this.
    pub tolerance: f64,
    /// The least probability an intent needs to count.
    pub min_probability: f32,
}

impl Default for Training {
    /// Chosen on the development worlds' labelled tickets, each world left out of the
    /// bank in turn: with a penalty of 0.001, 0.6 is the lowest bar (in steps of 0.1) at
    /// which the regression is both confident on more of them and right on more of
    /// those than the neighbours' thresholds. `ticket-agent-lab intent` prints it: 71.5 %
    /// confident and 93.8 % of that right, against the neighbours' 55.8 % and 89.8 %
    /// (docs/evals.md). Training the product's bank takes about half a second of CPU
    /// (the judge's start logs its moves at debug level).
    fn default() -> Self {
        Self {
            penalty: 0.001,
            step: 2.0,
            max_iterations: 600,
            tolerance: 1e-5,
            min_probability: 0.6,
        }
    }
}

/// A trained regression: one weight row and a bias per label the bank holds (an
/// intent, for the judge; this module does not care what a label is).
#[derive(Debug, Clone)]
pub struct Softmax<L> {
    labels: Vec<L>,
    dim: usize,
    /// `intents.len()` rows of `dim` weights then the bias.
    weights: Vec<f64>,
    min_probability: f32,
    /// The moves training made.
    iterations: usize,
}

impl<L: Copy + PartialEq> Softmax<L> {
    /// Trains on `bank` (each vector with its label); the labels are those the bank
    /// holds, in the order they first appear.
    ///
    /// # Errors
    /// An empty bank, one label alone, or vectors of different lengths.
    pub fn train(bank: &[(L, Vec<f32>)], t: Training) -> anyhow::Result<Self> {
        let mut labels: Vec<L> = Vec::new();
        for (l, _) in bank {
            if !labels.contains(l) {
                labels.push(*l);
            }
        }
        anyhow::ensure!(
            labels.len() >= 2,
            "a bank to learn labels from needs two of them at least"
        );
        let dim = bank[0].1.len();
        anyhow::ensure!(
            dim > 0 && bank.iter().all(|(_, v)| v.len() == dim),
            "every vector of a bank has the same, non-zero length"
        );
        let (k, width, n) = (labels.len(), dim + 1, bank.len() as f64);
        let class: Vec<usize> = bank
            .iter()
            .map(|(l, _)| labels.iter().position(|x| x == l).expect("listed"))
            .collect();
        let mut w = vec![0.0; k * width];
        let mut previous = w.clone();
        let mut ahead = w.clone();
        let mut grad = vec![0.0; k * width];
        let mut p = vec![0.0; k];
        let mut iterations = 0;
        for iteration in 1..=t.max_iterations {
            iterations = iteration;
            // Nesterov's look-ahead point.
            let momentum = (iteration as f64 - 1.0) / (iteration as f64 + 2.0);
            for j in 0..w.len() {
                ahead[j] = w[j] + momentum * (w[j] - previous[j]);
            }
            grad.iter_mut().for_each(|g| *g = 0.0);
            for ((_, v), &c) in bank.iter().zip(&class) {
                probabilities_into(&ahead, width, v, &mut p);
                p[c] -= 1.0;
                for (row, pc) in p.iter().enumerate() {
                    let g = &mut grad[row * width..(row + 1) * width];
                    for (gj, x) in g.iter_mut().zip(v) {
                        *gj += pc * f64::from(*x);
                    }
                    g[dim] += pc;
                }
            }
            let mut largest = 0f64;
            for (j, g) in grad.iter_mut().enumerate() {
                *g /= n;
                if j % width != dim {
                    *g += t.penalty * ahead[j];
                }
                largest = largest.max(g.abs());
            }
            std::mem::swap(&mut previous, &mut w);
            for j in 0..w.len() {
                w[j] = ahead[j] - t.step * grad[j];
            }
            if largest <= t.tolerance {
                break;
            }
        }
        Ok(Self {
            labels,
            dim,
            weights: w,
            min_probability: t.min_probability,
            iterations,
        })
    }

    /// The moves training made before the gradient fell below the tolerance (or the
    /// most allowed).
    pub fn iterations(&self) -> usize {
        self.iterations
    }

    /// The probability of each label the bank held, for `v`.
    pub fn probabilities(&self, v: &[f32]) -> Vec<(L, f32)> {
        let mut p = vec![0.0; self.labels.len()];
        if v.len() == self.dim {
            probabilities_into(&self.weights, self.dim + 1, v, &mut p);
        }
        self.labels
            .iter()
            .zip(p)
            .map(|(i, p)| (*i, p as f32))
            .collect()
    }

    /// The most probable label with its probability and its lead over the next, when
    /// the probability clears the bar.
    pub fn decide(&self, v: &[f32]) -> Option<(L, f32, f32)> {
        let mut p = self.probabilities(v);
        p.sort_by(|a, b| b.1.total_cmp(&a.1));
        let (label, best) = *p.first()?;
        let next = p.get(1).map_or(0.0, |(_, s)| *s);
        (best >= self.min_probability).then_some((label, best, best - next))
    }
}

/// The softmax of `weights` (rows of `width`: the weights, then the bias) at `v`, into
/// `out`.
fn probabilities_into(weights: &[f64], width: usize, v: &[f32], out: &mut [f64]) {
    let dim = width - 1;
    for (row, o) in out.iter_mut().enumerate() {
        let w = &weights[row * width..(row + 1) * width];
        *o = w[dim]
            + w[..dim]
                .iter()
                .zip(v)
                .map(|(a, b)| a * f64::from(*b))
                .sum::<f64>();
    }
    let top = out.iter().copied().fold(f64::MIN, f64::max);
    let mut total = 0.0;
    for o in out.iter_mut() {
        *o = (*o - top).exp();
        total += *o;
    }
    out.iter_mut().for_each(|o| *o /= total);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Labels of the tests' own: what the regression learns is not its business.
    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Intent {
        Status,
        Refund,
        Dispute,
    }

    fn unit(v: [f32; 3]) -> Vec<f32> {
        let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        v.iter().map(|x| x / n).collect()
    }

    fn bank() -> Vec<(Intent, Vec<f32>)> {
        vec![
            (Intent::Status, unit([1.0, 0.1, 0.0])),
            (Intent::Status, unit([0.9, 0.0, 0.2])),
            (Intent::Status, unit([1.0, 0.2, 0.1])),
            (Intent::Refund, unit([0.0, 1.0, 0.1])),
            (Intent::Refund, unit([0.1, 0.9, 0.0])),
            (Intent::Refund, unit([0.2, 1.0, 0.2])),
            (Intent::Dispute, unit([0.0, 0.1, 1.0])),
            (Intent::Dispute, unit([0.1, 0.0, 0.9])),
        ]
    }

    fn loose() -> Training {
        Training {
            max_iterations: 2000,
            ..Training::default()
        }
    }

    #[test]
    fn a_vector_in_one_intents_region_is_that_intent_and_one_between_two_is_none() {
        let m = Softmax::train(&bank(), loose()).unwrap();
        assert_eq!(
            m.decide(&unit([0.95, 0.1, 0.05])).map(|d| d.0),
            Some(Intent::Status)
        );
        assert_eq!(
            m.decide(&unit([0.05, 0.1, 0.95])).map(|d| d.0),
            Some(Intent::Dispute)
        );
        // Halfway between status and refund: neither is probable enough.
        assert_eq!(m.decide(&unit([1.0, 1.0, 0.0])), None);
        let total: f32 = m
            .probabilities(&unit([0.3, 0.3, 0.3]))
            .iter()
            .map(|p| p.1)
            .sum();
        assert!((total - 1.0).abs() < 1e-5, "{total}");
    }

    #[test]
    fn the_same_bank_always_trains_the_same_weights() {
        let a = Softmax::train(&bank(), Training::default()).unwrap();
        let b = Softmax::train(&bank(), Training::default()).unwrap();
        assert_eq!(a.weights, b.weights);
        // The labels the bank holds, in the order they first appear.
        assert_eq!(
            a.labels,
            vec![Intent::Status, Intent::Refund, Intent::Dispute]
        );
    }

    #[test]
    fn a_bank_of_one_intent_or_of_vectors_of_different_lengths_is_refused() {
        let one = vec![(Intent::Status, unit([1.0, 0.0, 0.0]))];
        assert!(Softmax::train(&one, Training::default()).is_err());
        let mut ragged = bank();
        ragged.push((Intent::Refund, vec![1.0, 0.0]));
        assert!(Softmax::train(&ragged, Training::default()).is_err());
    }
}
