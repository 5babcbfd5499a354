//! What a run spent: tokens and dollars per model, in the order the models first
//! answered, priced on each model's whole usage.

use serde::{Deserialize, Serialize};

use crate::conversation::Usage;
use crate::model::Prices;

/// What a finished run spent in all: every report of a finished ticket (the run itself,
/// the output line of `process`, the message on the outcomes exchange) embeds these
/// fields, flattened, in this order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    /// Tool calls made.
    pub tool_calls: u32,
    /// Model turns taken (absent from messages written before turns were counted).
    #[serde(default)]
    pub turns: u32,
    /// Tokens used in all.
    pub usage: Usage,
    /// Cost in USD.
    pub cost_usd: f64,
    /// Wall time of the run.
    pub duration_ms: u64,
}

/// What one model spent on one ticket.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelUse {
    /// The model's label, e.g. `anthropic:claude-sonnet-4-5`.
    pub model: String,
    /// Turns it answered.
    pub turns: u32,
    /// Tokens it used.
    pub usage: Usage,
    /// What they cost at its prices.
    pub cost_usd: f64,
}

impl ModelUse {
    /// Adds `uses` to `totals`, model by model (a model new to `totals` goes last).
    pub fn merge_into(totals: &mut Vec<ModelUse>, uses: &[ModelUse]) {
        for model in uses {
            match totals.iter_mut().find(|t| t.model == model.model) {
                Some(total) => {
                    total.turns += model.turns;
                    total.usage += model.usage;
                    total.cost_usd += model.cost_usd;
                }
                None => totals.push(model.clone()),
            }
        }
    }
}

/// The spend of one run, by model in the order they first answered.
#[derive(Debug, Clone, Default)]
pub(super) struct Spend {
    models: Vec<(ModelUse, Prices)>,
}

impl Spend {
    pub(super) fn add(&mut self, model: &str, prices: Prices, usage: Usage) {
        let index = match self.models.iter().position(|(m, _)| m.model == model) {
            Some(index) => index,
            None => {
                self.models.push((
                    ModelUse {
                        model: model.to_string(),
                        turns: 0,
                        usage: Usage::default(),
                        cost_usd: 0.0,
                    },
                    prices,
                ));
                self.models.len() - 1
            }
        };
        let (entry, prices) = &mut self.models[index];
        entry.turns += 1;
        entry.usage += usage;
        // Priced on the model's whole usage, not summed per turn: the same tokens give
        // the same cost however the turns fell.
        entry.cost_usd = prices.cost_usd(entry.usage);
    }

    pub(super) fn usage(&self) -> Usage {
        let mut total = Usage::default();
        for (m, _) in &self.models {
            total += m.usage;
        }
        total
    }

    pub(super) fn cost_usd(&self) -> f64 {
        self.models.iter().map(|(m, _)| m.cost_usd).sum()
    }

    pub(super) fn models(&self) -> Vec<ModelUse> {
        self.models.iter().map(|(m, _)| m.clone()).collect()
    }
}
