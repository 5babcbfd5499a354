//! A cascade of models that pays only for the tickets that need the expensive one.
//!
//! A cascade is an ordered list of [`Tier`]s, each a model with a name. The agent runs a
//! whole ticket on the first tier; a tier that can judge its own answer ([`SelfAssess`])
//! then says whether it is confident, and if not, with a fixed reason code, the ticket
//! is run again from scratch on the next tier, which sees nothing of the first attempt.
//! The last tier always answers. Today the offline rules model is the only tier that
//! judges itself (its confidence is data: the intent it answered against the one its
//! classifiers give, by the examples' neighbours or a regression over labelled tickets;
//! the gates its tools passed; whether it escalated for a fact or for a doubt), so a
//! cascade is the rules model first and an LLM last; the mechanism does not care which
//! models they are. What runs the tiers is the agent loop ([`crate::agent::Agent::run`]);
//! this module owns the tiers, their names and how they are built from settings.

use std::sync::Arc;

use anyhow::{Context, bail};
use async_trait::async_trait;

use super::{ChatModel, ChatRequest, ChatResponse, ModelError, Prices, SelfAssess, rules};
use crate::config::{ModelSettings, ProviderKind};

/// One tier of a cascade.
#[derive(Clone)]
pub struct Tier {
    /// Its name in outputs and metrics: the provider (`rules`, `openai`, `anthropic`).
    pub name: String,
    /// The model that runs the ticket.
    pub model: Arc<dyn ChatModel>,
    /// Its judge of itself; a tier without one always answers.
    pub judge: Option<Arc<dyn SelfAssess>>,
}

impl std::fmt::Debug for Tier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tier")
            .field("name", &self.name)
            .field("model", &self.model.label())
            .field("judges_itself", &self.judge.is_some())
            .finish()
    }
}

/// The tiers, in order.
#[derive(Debug, Clone)]
pub struct Cascade {
    tiers: Vec<Tier>,
}

impl Cascade {
    /// A cascade of `tiers`.
    ///
    /// # Errors
    /// No tier, or a tier before the last that cannot judge itself (every ticket would
    /// stop there, and the tiers after it would never run).
    pub fn new(tiers: Vec<Tier>) -> anyhow::Result<Self> {
        let Some((_, before_last)) = tiers.split_last() else {
            bail!("a cascade needs at least one tier");
        };
        if let Some(t) = before_last.iter().find(|t| t.judge.is_none()) {
            bail!(
                "cascade tier {:?} cannot judge its own answers, so no ticket would reach the tiers after it; only the last tier may be a model without a judge (rules can judge itself)",
                t.name
            );
        }
        Ok(Self { tiers })
    }

    /// The tiers `model.cascade.tiers` names, each a provider built from the same
    /// model settings (the rules model with `embedder`, to judge by meaning).
    ///
    /// # Errors
    /// An unknown or nested tier name, or as [`Cascade::new`] and the providers'
    /// builders.
    pub fn from_settings(
        settings: &ModelSettings,
        readers: super::Readers,
        limiter: Option<&Arc<super::limiter::Limiter>>,
    ) -> anyhow::Result<Self> {
        let mut tiers = Vec::new();
        for name in &settings.cascade.tiers {
            let kind: ProviderKind = name
                .parse()
                .with_context(|| format!("model.cascade.tiers names {name:?}"))?;
            let tier = match kind {
                ProviderKind::Cascade => bail!("model.cascade.tiers cannot name cascade itself"),
                ProviderKind::Rules => {
                    use super::intent::{IntentClassifier, Role};
                    let cache = readers.vectors_cache.as_deref();
                    let model = match &readers.embedder {
                        // The reader and the judge from one reading of the bank.
                        Some(embedder) => {
                            let [reader, judge] = IntentClassifier::labelled_as(
                                embedder.clone(),
                                cache,
                                [Role::Reader, Role::Judge],
                            )
                            .context("embedding the labelled intent bank")?;
                            rules::RulesModel::with_classifier(reader).judged_by(
                                judge,
                                IntentClassifier::new(embedder.clone())
                                    .context("embedding the intent examples")?,
                            )
                        }
                        None => rules::RulesModel::new(),
                    }
                    .with_order_ids(readers.order_ids.clone());
                    let rules = Arc::new(model);
                    Tier {
                        name: name.clone(),
                        model: rules.clone(),
                        judge: Some(rules),
                    }
                }
                ProviderKind::Anthropic | ProviderKind::Openai => {
                    let mut one = settings.clone();
                    one.provider = kind;
                    Tier {
                        name: name.clone(),
                        model: super::from_settings_with(&one, super::Readers::default(), limiter)?,
                        judge: None,
                    }
                }
            };
            tiers.push(tier);
        }
        Self::new(tiers)
    }

    /// The tiers, first to last.
    pub fn tiers(&self) -> &[Tier] {
        &self.tiers
    }

    fn last(&self) -> &Tier {
        self.tiers
            .last()
            .expect("Cascade::new refuses an empty cascade")
    }
}

#[async_trait]
impl ChatModel for Cascade {
    /// `cascade(rules>openai:gpt-4o-mini)`: every tier's own label.
    fn label(&self) -> String {
        let labels: Vec<String> = self.tiers.iter().map(|t| t.model.label()).collect();
        format!("cascade({})", labels.join(">"))
    }

    /// The last tier's: what a ticket costs when it needs the model that costs.
    fn prices(&self) -> Prices {
        self.last().model.prices()
    }

    /// A caller that drives turns itself, not whole tickets, gets the last tier: the
    /// cascade's choice between tiers is made per ticket, by the agent.
    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        self.last().model.complete(request).await
    }

    fn cascade(&self) -> Option<&Cascade> {
        Some(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tier_that_cannot_judge_itself_may_only_come_last() {
        let mut settings = crate::config::Settings::defaults().model;
        // A server beside the worker: no key needed to build the tier.
        settings.openai.base_url = "http://127.0.0.1:8080/v1".into();
        settings.cascade.tiers = vec!["openai".into(), "rules".into()];
        let err =
            Cascade::from_settings(&settings, crate::model::Readers::default(), None).unwrap_err();
        assert!(format!("{err:#}").contains("\"openai\""), "{err:#}");
        settings.cascade.tiers = vec!["rules".into(), "openai".into()];
        let c = Cascade::from_settings(&settings, crate::model::Readers::default(), None).unwrap();
        let names: Vec<&str> = c.tiers().iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["rules", "openai"]);
        assert_eq!(c.label(), "cascade(rules>openai:gpt-4o-mini)");
        settings.cascade.tiers = vec!["rules".into(), "cascade".into()];
        assert!(Cascade::from_settings(&settings, crate::model::Readers::default(), None).is_err());
        settings.cascade.tiers = vec![];
        assert!(Cascade::from_settings(&settings, crate::model::Readers::default(), None).is_err());
    }
}
