//! Fallbacks that keep the conversation: a [`ChainModel`] asks its providers in order
//! (e.g. anthropic → openai) and answers with the first that answers, each behind its
//! own circuit breaker.
//!
//! The conversation is provider-neutral ([`crate::conversation`]), so a ticket that
//! began on one provider continues on the next with its tool calls and results intact:
//! each provider maps the same messages to its own wire format on every call. A turn
//! records which model answered it ([`super::ServedBy`]), and so the ticket's outcome
//! knows every model that took part, each priced at its own rates.
//!
//! A breaker opens after `model.breaker.failures` consecutive transient failures
//! (each one a call whose own retries were already spent) and is skipped while open,
//! so a provider that is down costs one call's retries per cool-down, not one per
//! ticket. After `model.breaker.cooldown_secs` one call goes through as a probe
//! (half-open): its success closes the breaker, its failure opens it for another
//! cool-down. A permanent error (a request that provider refuses: a bad key, a model
//! name it does not know, a parameter it does not take) moves on to the next provider
//! too, without counting against the breaker, since the provider is up. When no
//! provider answers, the error is transient if any provider was down (the worker
//! retries the ticket later, and past its attempts escalates it) and permanent only
//! when every provider refused.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use async_trait::async_trait;
use tokio::time::Instant;

use super::{ChatModel, ChatRequest, ChatResponse, ModelError, ServedBy};
use crate::config::BreakerSettings;

/// Providers asked in order, each behind a breaker.
pub struct ChainModel {
    members: Vec<Member>,
    label: String,
}

struct Member {
    model: Arc<dyn ChatModel>,
    label: String,
    breaker: Breaker,
}

impl ChainModel {
    /// A chain over `models`, asked in the given order.
    ///
    /// # Panics
    /// When `models` is empty: a chain needs a provider to ask.
    pub fn new(models: Vec<Arc<dyn ChatModel>>, breaker: &BreakerSettings) -> Self {
        assert!(!models.is_empty(), "a chain needs at least one model");
        let members: Vec<Member> = models
            .into_iter()
            .map(|model| Member {
                label: model.label(),
                model,
                breaker: Breaker::new(
                    breaker.failures.max(1),
                    Duration::from_secs(breaker.cooldown_secs),
                ),
            })
            .collect();
        // Every member's series exists from the start (closed, no fallbacks), so that a
        // dashboard shows a healthy chain as such rather than as no data.
        let metrics = crate::metrics::global();
        for member in &members {
            metrics.breaker_state(&member.label, member.breaker.state_name());
            metrics.model_fallbacks_seen(&member.label);
        }
        let label = members
            .iter()
            .map(|m| m.label.as_str())
            .collect::<Vec<_>>()
            .join(">");
        Self { members, label }
    }

    /// The breaker state of each provider, in order: `closed`, `open` or `half_open`.
    pub fn breaker_states(&self) -> Vec<(String, &'static str)> {
        self.members
            .iter()
            .map(|m| (m.label.clone(), m.breaker.state_name()))
            .collect()
    }
}

#[async_trait]
impl ChatModel for ChainModel {
    /// The members' labels joined by `>`, e.g.
    /// `anthropic:claude-sonnet-4-5>openai:gpt-5-mini`.
    fn label(&self) -> String {
        self.label.clone()
    }

    /// The first provider's prices; each turn carries its own in [`ServedBy`].
    fn prices(&self) -> super::Prices {
        self.members[0].model.prices()
    }

    /// A restatement's schema goes to whichever member answers; one that cannot be held
    /// to it ignores it and answers the reminder's words, which ask for the same object.
    fn constrains_answers(&self) -> bool {
        self.members.iter().any(|m| m.model.constrains_answers())
    }

    async fn complete(&self, request: ChatRequest<'_>) -> Result<ChatResponse, ModelError> {
        let metrics = crate::metrics::global();
        let mut skipped = Vec::new();
        let mut any_transient = false;
        let mut last_status = None;
        for member in &self.members {
            let Some(permit) = member.breaker.acquire() else {
                any_transient = true;
                skipped.push(format!("{}: circuit open", member.label));
                continue;
            };
            match member.model.complete(request).await {
                Ok(mut response) => {
                    permit.success();
                    metrics.breaker_state(&member.label, member.breaker.state_name());
                    response.served_by.get_or_insert_with(|| ServedBy {
                        model: member.label.clone(),
                        prices: member.model.prices(),
                    });
                    return Ok(response);
                }
                Err(error) => {
                    let transient = error.is_transient();
                    if transient {
                        permit.failure();
                        any_transient = true;
                    } else {
                        // Up, but refusing this request: no verdict on its health.
                        permit.release();
                    }
                    metrics.breaker_state(&member.label, member.breaker.state_name());
                    metrics.model_fallback(&member.label);
                    let (message, status) = match error {
                        ModelError::Transient { message, status }
                        | ModelError::Permanent { message, status } => (message, status),
                    };
                    last_status = status.or(last_status);
                    tracing::warn!(
                        model = %member.label,
                        transient,
                        error = %crate::telemetry::redact(&message),
                        "model call failed; asking the next provider"
                    );
                    skipped.push(format!("{}: {message}", member.label));
                }
            }
        }
        let message = format!("no provider answered ({})", skipped.join("; "));
        Err(if any_transient {
            ModelError::Transient {
                message,
                status: last_status,
            }
        } else {
            ModelError::Permanent {
                message,
                status: last_status,
            }
        })
    }
}

/// One provider's circuit breaker.
struct Breaker {
    state: Mutex<State>,
    threshold: u32,
    cooldown: Duration,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum State {
    /// Calls go through; `failures` consecutive transient failures so far.
    Closed { failures: u32 },
    /// Calls are skipped until `until`; then one goes through as a probe.
    Open { until: Instant },
    /// The probe is in flight; other calls are skipped.
    HalfOpen,
}

impl Breaker {
    fn new(threshold: u32, cooldown: Duration) -> Self {
        Self {
            state: Mutex::new(State::Closed { failures: 0 }),
            threshold,
            cooldown,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // The state is a plain value, valid whatever a panicking holder did.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A permit to call, or `None` while the breaker is open or its probe is out.
    fn acquire(&self) -> Option<Permit<'_>> {
        let mut state = self.lock();
        let probe = match *state {
            State::Closed { .. } => false,
            State::Open { until } if Instant::now() >= until => {
                *state = State::HalfOpen;
                true
            }
            State::Open { .. } | State::HalfOpen => return None,
        };
        Some(Permit {
            breaker: self,
            probe,
            settled: false,
        })
    }

    fn state_name(&self) -> &'static str {
        match *self.lock() {
            State::Closed { .. } => "closed",
            State::Open { .. } => "open",
            State::HalfOpen => "half_open",
        }
    }

    fn open(&self, state: &mut State) {
        *state = State::Open {
            until: Instant::now() + self.cooldown,
        };
    }
}

/// The right to make one call; settled by its outcome. A probe dropped unsettled (its
/// call cancelled) lets the next call probe at once instead of holding the breaker
/// half-open for ever.
struct Permit<'a> {
    breaker: &'a Breaker,
    probe: bool,
    settled: bool,
}

impl Permit<'_> {
    fn success(mut self) {
        self.settled = true;
        *self.breaker.lock() = State::Closed { failures: 0 };
    }

    fn failure(mut self) {
        self.settled = true;
        let mut state = self.breaker.lock();
        match *state {
            State::Closed { failures } if !self.probe => {
                let failures = failures + 1;
                if failures >= self.breaker.threshold {
                    self.breaker.open(&mut state);
                } else {
                    *state = State::Closed { failures };
                }
            }
            // A failed probe, or a call that began before another opened the breaker.
            _ => self.breaker.open(&mut state),
        }
    }

    /// Neither success nor failure: a probe hands its turn back.
    fn release(mut self) {
        self.settled = true;
        if self.probe {
            *self.breaker.lock() = State::Open {
                until: Instant::now(),
            };
        }
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        if !self.settled && self.probe {
            *self.breaker.lock() = State::Open {
                until: Instant::now(),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn breaker() -> Breaker {
        Breaker::new(3, Duration::from_secs(30))
    }

    #[tokio::test(start_paused = true)]
    async fn a_breaker_opens_after_the_threshold_of_consecutive_failures_and_a_success_resets_the_count()
     {
        let b = breaker();
        b.acquire().unwrap().failure();
        b.acquire().unwrap().failure();
        b.acquire().unwrap().success();
        b.acquire().unwrap().failure();
        b.acquire().unwrap().failure();
        assert_eq!(b.state_name(), "closed");
        b.acquire().unwrap().failure();
        assert_eq!(b.state_name(), "open");
        assert!(b.acquire().is_none());
    }

    #[tokio::test(start_paused = true)]
    async fn after_the_cool_down_one_probe_goes_through_and_its_outcome_decides() {
        let b = breaker();
        for _ in 0..3 {
            b.acquire().unwrap().failure();
        }
        tokio::time::advance(Duration::from_secs(29)).await;
        assert!(b.acquire().is_none(), "still cooling down");
        tokio::time::advance(Duration::from_secs(1)).await;
        let probe = b.acquire().expect("the probe");
        assert_eq!(b.state_name(), "half_open");
        assert!(b.acquire().is_none(), "one probe at a time");
        probe.failure();
        assert_eq!(b.state_name(), "open");
        assert!(
            b.acquire().is_none(),
            "a failed probe starts a new cool-down"
        );
        tokio::time::advance(Duration::from_secs(30)).await;
        b.acquire().unwrap().success();
        assert_eq!(b.state_name(), "closed");
        assert!(b.acquire().is_some());
    }

    #[tokio::test(start_paused = true)]
    async fn a_probe_cancelled_or_refused_hands_its_turn_to_the_next_call() {
        let b = breaker();
        for _ in 0..3 {
            b.acquire().unwrap().failure();
        }
        tokio::time::advance(Duration::from_secs(30)).await;
        drop(b.acquire().unwrap());
        assert!(b.acquire().is_some_and(|p| {
            p.release();
            true
        }));
        assert!(b.acquire().is_some());
    }
}
