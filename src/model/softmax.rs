//! Softmax regression over sentence vectors: how the cascade's judge reads intent from
//! a bank of hundreds of labelled tickets.
//!
//! Nearest neighbours (`intent::nearest`) ask how close a ticket is to a few examples of
//! each intent; over a bank of hundreds of labelled tickets a linear model of the whole
//! bank separates the intents better, because it learns which directions of the
//! embedding tell them apart instead of how near one or three lucky neighbours happen to
//! be. This module owns that model: a multinomial logistic regression with an L2
//! penalty, trained by Nesterov's accelerated gradient from zeros with a fixed step, so
//! the same bank always gives the same weights. The product's bank ships with its
//! weights, which are taken back only when they are this bank's minimum (one pass over
//! it, where training makes hundreds); a bank embedded by another model gets weights of
//! its own, trained when the classifier is built. An intent counts only when its probability clears a bar. The penalty,
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
    /// Whether each label weighs the same in the loss whatever its share of the bank
    /// (each example weighted by the bank's size over the labels' count times its
    /// label's), rather than each example the same. A bank's smallest labels are the
    /// ones a regression of it is least often sure of; balanced, it is sure of them more
    /// often and of the largest less often.
    pub balanced: bool,
}

impl Default for Training {
    /// Chosen on the five development worlds of the time (543 labelled tickets), each
    /// left out of the bank in turn: with a penalty of 0.001, 0.6 is the lowest bar (in
    /// steps of 0.1) at which the regression is both confident on more of them and right
    /// on more of those than the neighbours' thresholds (71.5 % confident and 93.8 % of
    /// that right, against 55.8 % and 89.8 %). Over the ten development worlds the bank
    /// holds now, `ticket-agent-lab intent` prints 70.1 % and 96.0 % against the
    /// neighbours' 53.7 % and 94.4 % (docs/evals.md). Training the product's bank takes
    /// about half a second of CPU in a release build; its weights ship, so a start only
    /// checks them.
    fn default() -> Self {
        Self {
            penalty: 0.001,
            step: 2.0,
            max_iterations: 600,
            tolerance: 1e-5,
            min_probability: 0.6,
            balanced: false,
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
        let loss = Loss::of(bank, t.penalty, t.balanced)?;
        let mut w = vec![0.0; loss.weights_len()];
        let mut previous = w.clone();
        let mut ahead = w.clone();
        let mut grad = w.clone();
        let mut iterations = 0;
        for iteration in 1..=t.max_iterations {
            iterations = iteration;
            // Nesterov's look-ahead point.
            let momentum = (iteration as f64 - 1.0) / (iteration as f64 + 2.0);
            for j in 0..w.len() {
                ahead[j] = w[j] + momentum * (w[j] - previous[j]);
            }
            let largest = loss.gradient(&ahead, &mut grad);
            std::mem::swap(&mut previous, &mut w);
            for j in 0..w.len() {
                w[j] = ahead[j] - t.step * grad[j];
            }
            if largest <= t.tolerance {
                break;
            }
        }
        Ok(Self {
            labels: loss.labels,
            dim: loss.dim,
            weights: w,
            min_probability: t.min_probability,
            iterations,
        })
    }

    /// `weights` (as [`Softmax::weights`] gives them) as the regression of `bank`, when
    /// they are what training on it gives: of its shape, and at the loss's minimum, no
    /// component of its gradient there larger than [`ACCEPTED_GRADIENT`] times the
    /// tolerance. Checking costs one pass over the bank where training makes hundreds, and
    /// it needs no record of what the weights were trained on: weights of another bank,
    /// penalty or loss are not at this one's minimum. `Ok(None)` for weights that are not.
    ///
    /// # Errors
    /// A bank [`Softmax::train`] refuses.
    pub fn from_weights(
        bank: &[(L, Vec<f32>)],
        weights: Vec<f64>,
        t: Training,
    ) -> anyhow::Result<Option<Self>> {
        let loss = Loss::of(bank, t.penalty, t.balanced)?;
        if weights.len() != loss.weights_len() || weights.iter().any(|w| !w.is_finite()) {
            return Ok(None);
        }
        let mut grad = vec![0.0; weights.len()];
        let largest = loss.gradient(&weights, &mut grad);
        Ok(
            (largest <= ACCEPTED_GRADIENT * t.tolerance).then_some(Self {
                labels: loss.labels,
                dim: loss.dim,
                weights,
                min_probability: t.min_probability,
                iterations: 0,
            }),
        )
    }

    /// The weights, one row per label (in the order of [`Softmax::train`]) of the
    /// vectors' length then the bias: what [`Softmax::from_weights`] takes back.
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// The moves training made before the gradient fell below the tolerance (or the
    /// most allowed); 0 for weights given back ([`Softmax::from_weights`]).
    pub fn iterations(&self) -> usize {
        self.iterations
    }

    /// The probability of each label the bank held, for `v`.
    pub fn probabilities(&self, v: &[f32]) -> Vec<(L, f32)> {
        let mut p = vec![0.0; self.labels.len()];
        if v.len() == self.dim {
            let x: Vec<f64> = v.iter().map(|x| f64::from(*x)).collect();
            softmax_into(&self.weights, self.dim + 1, &x, &mut p);
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

/// How far [`Softmax::from_weights`] lets the gradient be from zero, in tolerances:
/// training stops when the gradient at its look-ahead point is within the tolerance, and
/// the weights it returns are a step from there.
pub const ACCEPTED_GRADIENT: f64 = 10.0;

/// The penalised cross-entropy of a bank, whose gradient both training and the check of
/// given weights take.
struct Loss<L> {
    labels: Vec<L>,
    dim: usize,
    /// Each example's label, as an index into `labels`.
    class: Vec<usize>,
    /// The bank as one row-major matrix of f64, converted once rather than on every
    /// move.
    xs: Vec<f64>,
    penalty: f64,
    /// Each label's weight in the loss.
    weight: Vec<f64>,
}

impl<L: Copy + PartialEq> Loss<L> {
    fn of(bank: &[(L, Vec<f32>)], penalty: f64, balanced: bool) -> anyhow::Result<Self> {
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
        let class: Vec<usize> = bank
            .iter()
            .map(|(l, _)| labels.iter().position(|x| x == l).expect("listed"))
            .collect();
        let weight = (0..labels.len())
            .map(|k| {
                if balanced {
                    class.len() as f64
                        / (labels.len() * class.iter().filter(|c| **c == k).count()) as f64
                } else {
                    1.0
                }
            })
            .collect();
        let xs = bank
            .iter()
            .flat_map(|(_, v)| v.iter().map(|x| f64::from(*x)))
            .collect();
        Ok(Self {
            labels,
            dim,
            class,
            xs,
            penalty,
            weight,
        })
    }

    fn weights_len(&self) -> usize {
        self.labels.len() * (self.dim + 1)
    }

    /// The gradient of the loss at `w` into `grad`; returns its largest component.
    fn gradient(&self, w: &[f64], grad: &mut [f64]) -> f64 {
        let (width, dim) = (self.dim + 1, self.dim);
        let mut p = vec![0.0; self.labels.len()];
        grad.iter_mut().for_each(|g| *g = 0.0);
        for (x, &c) in self.xs.chunks_exact(dim).zip(&self.class) {
            softmax_into(w, width, x, &mut p);
            p[c] -= 1.0;
            let weight = self.weight[c];
            p.iter_mut().for_each(|pc| *pc *= weight);
            for (row, pc) in p.iter().enumerate() {
                let g = &mut grad[row * width..(row + 1) * width];
                for (gj, xj) in g.iter_mut().zip(x) {
                    *gj += pc * xj;
                }
                g[dim] += pc;
            }
        }
        let n = self.class.len() as f64;
        let mut largest = 0f64;
        for (j, g) in grad.iter_mut().enumerate() {
            *g /= n;
            if j % width != dim {
                *g += self.penalty * w[j];
            }
            largest = largest.max(g.abs());
        }
        largest
    }
}

/// The softmax of `weights` (rows of `width`: the weights, then the bias) at `x`, into
/// `out`.
fn softmax_into(weights: &[f64], width: usize, x: &[f64], out: &mut [f64]) {
    let dim = width - 1;
    for (row, o) in out.iter_mut().enumerate() {
        let w = &weights[row * width..(row + 1) * width];
        *o = w[dim] + dot(&w[..dim], x);
    }
    let top = out.iter().copied().fold(f64::MIN, f64::max);
    let mut total = 0.0;
    for o in out.iter_mut() {
        *o = (*o - top).exp();
        total += *o;
    }
    out.iter_mut().for_each(|o| *o /= total);
}

/// The dot product of `a` and `b`, summed in four lanes: one running sum would make each
/// addition wait for the last, and training spends most of its time here.
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut lanes = [0.0; 4];
    let (a4, b4) = (a.chunks_exact(4), b.chunks_exact(4));
    let tail: f64 = a4
        .remainder()
        .iter()
        .zip(b4.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a4.zip(b4) {
        for ((lane, xi), yi) in lanes.iter_mut().zip(x).zip(y) {
            *lane += xi * yi;
        }
    }
    (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]) + tail
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
    fn weights_given_back_are_taken_only_when_they_are_the_banks_regression() {
        let trained = Softmax::train(&bank(), Training::default()).unwrap();
        let back = Softmax::from_weights(&bank(), trained.weights().to_vec(), Training::default())
            .unwrap()
            .expect("the bank's own regression is taken back");
        for v in [
            unit([0.95, 0.1, 0.05]),
            unit([1.0, 1.0, 0.0]),
            unit([0.1, 0.2, 0.9]),
        ] {
            assert_eq!(back.probabilities(&v), trained.probabilities(&v));
        }
        // Another bank's weights: one example more moves the minimum.
        let mut other = bank();
        other.push((Intent::Dispute, unit([0.3, 0.0, 1.0])));
        let theirs = Softmax::train(&other, Training::default()).unwrap();
        assert!(
            Softmax::from_weights(&bank(), theirs.weights().to_vec(), Training::default())
                .unwrap()
                .is_none()
        );
        // Another penalty's, half-trained ones, the wrong shape, or not numbers.
        let looser = Training {
            penalty: 0.01,
            ..Training::default()
        };
        assert!(
            Softmax::from_weights(&bank(), trained.weights().to_vec(), looser)
                .unwrap()
                .is_none()
        );
        let early = Training {
            max_iterations: 5,
            ..Training::default()
        };
        let half = Softmax::train(&bank(), early).unwrap();
        assert!(
            Softmax::from_weights(&bank(), half.weights().to_vec(), Training::default())
                .unwrap()
                .is_none()
        );
        let short = trained.weights()[1..].to_vec();
        assert!(
            Softmax::from_weights(&bank(), short, Training::default())
                .unwrap()
                .is_none()
        );
        let mut nan = trained.weights().to_vec();
        nan[0] = f64::NAN;
        assert!(
            Softmax::from_weights(&bank(), nan, Training::default())
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn balanced_training_makes_a_rare_label_surer_where_the_labels_meet() {
        let mut lopsided = bank();
        for _ in 0..6 {
            lopsided.push((Intent::Status, unit([1.0, 0.15, 0.05])));
        }
        let dispute = |t: Training| {
            let m = Softmax::train(&lopsided, t).unwrap();
            let p = m.probabilities(&unit([0.6, 0.0, 0.6]));
            p.iter().find(|(l, _)| *l == Intent::Dispute).unwrap().1
        };
        let as_banked = dispute(Training::default());
        let balanced = dispute(Training {
            balanced: true,
            ..Training::default()
        });
        assert!(balanced > as_banked, "{balanced} <= {as_banked}");
        // Weights of one weighting are not the other's minimum.
        let m = Softmax::train(&lopsided, Training::default()).unwrap();
        let other = Training {
            balanced: true,
            ..Training::default()
        };
        assert!(
            Softmax::from_weights(&lopsided, m.weights().to_vec(), other)
                .unwrap()
                .is_none()
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

    #[test]
    fn the_dot_product_in_four_lanes_counts_every_component_whatever_the_length() {
        for n in [0usize, 1, 3, 4, 5, 8, 11, 384] {
            let a: Vec<f64> = (0..n).map(|i| (i as f64 * 0.37).sin()).collect();
            let b: Vec<f64> = (0..n).map(|i| (i as f64 * 0.11).cos()).collect();
            let plain: f64 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
            assert!((dot(&a, &b) - plain).abs() < 1e-9, "length {n}");
        }
    }
}
