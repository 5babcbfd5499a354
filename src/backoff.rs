//! Exponential backoff with full jitter, and [`Backoff::run`], the one retry loop of the
//! crate: the HTTP clients of the model providers and the commerce backend, the help-desk
//! deliveries of the connector, the broker reconnects, the approvals' store writes and a
//! service's connections at start ([`Backoff::retry`]) all try again through it, so that
//! limits, the server's `Retry-After`, stopping and the jitter are decided in one place.

use std::future::Future;
use std::time::Duration;

use rand::Rng;

/// Exponential backoff with full jitter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    /// The ceiling of the first retry, doubled on each later one.
    pub base: Duration,
    /// The longest wait: no ceiling exceeds it.
    pub max: Duration,
}

impl Backoff {
    /// A backoff from `base` up to `max` (raised to `base` when it is smaller).
    pub fn new(base: Duration, max: Duration) -> Self {
        Self {
            base,
            max: max.max(base),
        }
    }

    /// The ceiling before retry number `retry` (0 for the first retry):
    /// `base * 2^retry`, capped at `max`.
    pub fn ceiling(&self, retry: u32) -> Duration {
        let factor = 2u32.checked_pow(retry).unwrap_or(u32::MAX);
        self.base.saturating_mul(factor).min(self.max)
    }

    /// A delay drawn uniformly from zero to the ceiling ("full jitter"), so that many
    /// clients throttled at the same moment do not all come back at the same moment.
    pub fn delay(&self, retry: u32) -> Duration {
        let ceiling = u64::try_from(self.ceiling(retry).as_millis()).unwrap_or(u64::MAX);
        Duration::from_millis(rand::rng().random_range(0..=ceiling))
    }

    /// How long to wait before retry number `retry`: exactly what the server asked
    /// for (it knows its own load better than our backoff does), else [`Self::delay`].
    ///
    /// # Errors
    /// The server's wait, when it is longer than `max`: the call should end now and be
    /// retried later, by whoever owns the work, instead of holding its caller.
    pub fn wait(&self, retry: u32, retry_after: Option<Duration>) -> Result<Duration, Duration> {
        match retry_after {
            Some(wait) if wait <= self.max => Ok(wait),
            Some(wait) => Err(wait),
            None => Ok(self.delay(retry)),
        }
    }
}

/// What one failed try asks of [`Backoff::run`].
#[derive(Debug)]
pub enum Failed<E> {
    /// Another try would fail the same way.
    Final(E),
    /// Worth another try: after the server's wait when it gave one, else after the
    /// backoff's own delay.
    Again(E, Option<Duration>),
}

/// How far [`Backoff::run`] may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// At most this many tries after the first.
    Retries(u32),
    /// Tries until this instant, the last one at it.
    Until(tokio::time::Instant),
}

/// One retry about to happen, as [`Backoff::run`] tells its caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retry {
    /// 1 for the first retry.
    pub number: u32,
    /// The wait before it: the server's, or the backoff's jittered delay.
    pub wait: Duration,
    /// Whether the server asked for this wait.
    pub from_server: bool,
}

/// Why [`Backoff::run`] stopped trying, with the last error.
#[derive(Debug, PartialEq, Eq)]
pub enum GaveUp<E> {
    /// The try said another would fail the same way (or the caller's retry hook did).
    Final(E),
    /// The limit was reached.
    Spent {
        /// The last try's error.
        error: E,
        /// How many tries were made.
        attempts: u32,
    },
    /// The server asked for a wait longer than the backoff's longest: the work should be
    /// put back and retried later by whoever owns it, not held here.
    TooLong {
        /// The last try's error.
        error: E,
        /// The wait the server asked for.
        wait: Duration,
    },
    /// `stop` resolved during a wait.
    Stopped(E),
}

/// An error whose message a retry loop may extend with how it ended.
pub trait Reworded {
    /// The same error with its message rewritten by `f`.
    #[must_use]
    fn reworded(self, f: impl FnOnce(&str) -> String) -> Self;
}

impl<E: Reworded> GaveUp<E> {
    /// The last error, its message saying how the retries ended: "(after N
    /// attempts)", or that the server's wait was longer than the longest backoff.
    pub fn explained(self) -> E {
        match self {
            Self::Spent { error, attempts } => {
                error.reworded(|m| format!("{m} (after {attempts} attempts)"))
            }
            Self::TooLong { error, wait } => error.reworded(|m| {
                format!(
                    "{m} (retry-after {}s is longer than the longest backoff)",
                    wait.as_secs()
                )
            }),
            Self::Final(error) | Self::Stopped(error) => error,
        }
    }
}

impl<E> GaveUp<E> {
    /// The last error, whatever the reason.
    pub fn into_error(self) -> E {
        match self {
            Self::Final(e) | Self::Stopped(e) => e,
            Self::Spent { error, .. } | Self::TooLong { error, .. } => error,
        }
    }
}

impl Backoff {
    /// The one retry loop of the crate: runs `op` until it succeeds, a try fails for
    /// good, `limit` is reached, the server asks for too long a wait, or `stop` resolves
    /// during a wait. Before each retry, `before_retry` hears the error and the retry
    /// and says how long to wait in fact (its wait, or less when the caller's own
    /// gate already holds the call), or fails the whole run with a final error.
    ///
    /// # Errors
    /// Why it gave up, with the last error.
    pub async fn run<T, E, F, Fut, B, Before>(
        &self,
        limit: Limit,
        stop: impl Future<Output = ()>,
        mut op: F,
        mut before_retry: B,
    ) -> Result<T, GaveUp<E>>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, Failed<E>>>,
        B: FnMut(&E, Retry) -> Before,
        Before: Future<Output = Result<Duration, E>>,
    {
        tokio::pin!(stop);
        let mut retry = 0u32;
        loop {
            let (error, retry_after) = match op().await {
                Ok(value) => return Ok(value),
                Err(Failed::Final(e)) => return Err(GaveUp::Final(e)),
                Err(Failed::Again(e, after)) => (e, after),
            };
            let wait = match self.wait(retry, retry_after) {
                Ok(wait) => wait,
                Err(wait) => return Err(GaveUp::TooLong { error, wait }),
            };
            let (wait, spent) = match limit {
                Limit::Retries(max) => (wait, retry >= max),
                // The last wait is cut to end at the deadline, where the last try is
                // made: the whole time given is used, whatever the jitter drew.
                Limit::Until(deadline) => {
                    let left = deadline.saturating_duration_since(tokio::time::Instant::now());
                    (wait.min(left), left.is_zero())
                }
            };
            if spent {
                return Err(GaveUp::Spent {
                    error,
                    attempts: retry + 1,
                });
            }
            retry += 1;
            let told = Retry {
                number: retry,
                wait,
                from_server: retry_after.is_some(),
            };
            let wait = match before_retry(&error, told).await {
                Ok(wait) => wait,
                Err(e) => return Err(GaveUp::Final(e)),
            };
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = &mut stop => return Err(GaveUp::Stopped(error)),
            }
        }
    }

    /// [`Self::run`] for an operation that is simply tried again while `transient`
    /// says so, until `deadline` (a service's connections at start); `waiting` hears
    /// each error and wait.
    ///
    /// # Errors
    /// The last error of `op`.
    pub async fn retry<T, E, F, Fut>(
        &self,
        deadline: tokio::time::Instant,
        mut op: F,
        transient: impl Fn(&E) -> bool,
        mut waiting: impl FnMut(&E, Duration),
    ) -> Result<T, E>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        let transient = &transient;
        self.run(
            Limit::Until(deadline),
            std::future::pending(),
            || {
                let attempt = op();
                async move {
                    attempt.await.map_err(|e| {
                        if transient(&e) {
                            Failed::Again(e, None)
                        } else {
                            Failed::Final(e)
                        }
                    })
                }
            },
            |e: &E, r: Retry| {
                waiting(e, r.wait);
                std::future::ready(Ok(r.wait))
            },
        )
        .await
        .map_err(GaveUp::into_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ceiling_doubles_from_the_base_and_stops_at_the_maximum() {
        let b = Backoff::new(Duration::from_millis(500), Duration::from_secs(3));
        let ceilings: Vec<u128> = (0..6).map(|r| b.ceiling(r).as_millis()).collect();
        assert_eq!(ceilings, [500, 1000, 2000, 3000, 3000, 3000]);
        assert_eq!(b.ceiling(200), Duration::from_millis(3_000));
        for retry in 0..6 {
            for _ in 0..50 {
                assert!(b.delay(retry) <= b.ceiling(retry));
            }
        }
    }

    #[test]
    fn the_servers_wait_is_honoured_up_to_the_maximum_and_refused_beyond_it() {
        let b = Backoff::new(Duration::from_millis(100), Duration::from_secs(5));
        assert_eq!(
            b.wait(0, Some(Duration::from_secs(5))),
            Ok(Duration::from_secs(5))
        );
        assert_eq!(
            b.wait(3, Some(Duration::ZERO)),
            Ok(Duration::ZERO),
            "a wait of zero is the server's to give"
        );
        assert_eq!(
            b.wait(0, Some(Duration::from_secs(6))),
            Err(Duration::from_secs(6))
        );
        for _ in 0..50 {
            assert!(b.wait(2, None).unwrap() <= b.ceiling(2));
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_transient_failure_is_tried_again_and_a_final_one_is_not() {
        let b = Backoff::new(Duration::from_millis(100), Duration::from_secs(1));
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        let mut tries = 0;
        let mut heard = 0;
        let got: Result<u32, &str> = b
            .retry(
                deadline,
                || {
                    tries += 1;
                    let now = tries;
                    async move { if now < 4 { Err("down") } else { Ok(now) } }
                },
                |e| *e == "down",
                |_, _| heard += 1,
            )
            .await;
        assert_eq!(got, Ok(4));
        assert_eq!(heard, 3, "each retry is announced");

        let mut tries = 0;
        let got: Result<u32, &str> = b
            .retry(
                deadline,
                || {
                    tries += 1;
                    async { Err("refused") }
                },
                |e| *e == "down",
                |_, _| {},
            )
            .await;
        assert_eq!((got, tries), (Err("refused"), 1));
    }

    #[tokio::test(start_paused = true)]
    async fn retries_stop_at_the_deadline_with_the_last_error() {
        let b = Backoff::new(Duration::from_millis(100), Duration::from_millis(500));
        let start = tokio::time::Instant::now();
        let deadline = start + Duration::from_secs(5);
        let got: Result<(), &str> = b
            .retry(deadline, || async { Err("down") }, |_| true, |_, _| {})
            .await;
        assert_eq!(got, Err("down"));
        assert_eq!(
            tokio::time::Instant::now(),
            deadline,
            "the last try is made at the deadline, and none after it"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn the_servers_wait_is_kept_and_a_wait_beyond_the_longest_gives_up_at_once() {
        let b = Backoff::new(Duration::from_millis(100), Duration::from_secs(2));
        let mut waits = Vec::new();
        let mut tries = 0;
        let got: Result<(), GaveUp<&str>> = b
            .run(
                Limit::Retries(5),
                std::future::pending(),
                || {
                    tries += 1;
                    let after = if tries == 1 { 1 } else { 30 };
                    async move { Err(Failed::Again("busy", Some(Duration::from_secs(after)))) }
                },
                |_: &&str, r: Retry| {
                    waits.push((r.number, r.wait));
                    std::future::ready(Ok(r.wait))
                },
            )
            .await;
        assert_eq!(waits, [(1, Duration::from_secs(1))]);
        assert_eq!(
            got,
            Err(GaveUp::TooLong {
                error: "busy",
                wait: Duration::from_secs(30)
            })
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_retry_limit_counts_the_tries_after_the_first() {
        let b = Backoff::new(Duration::from_millis(10), Duration::from_millis(50));
        let mut tries = 0;
        let got: Result<(), GaveUp<&str>> = b
            .run(
                Limit::Retries(2),
                std::future::pending(),
                || {
                    tries += 1;
                    async { Err(Failed::Again("down", None)) }
                },
                |_: &&str, r: Retry| std::future::ready(Ok(r.wait)),
            )
            .await;
        assert_eq!(tries, 3);
        assert_eq!(
            got,
            Err(GaveUp::Spent {
                error: "down",
                attempts: 3
            })
        );
    }

    #[tokio::test(start_paused = true)]
    async fn stopping_during_a_wait_ends_the_run_with_the_last_error() {
        let b = Backoff::new(Duration::from_secs(10), Duration::from_secs(10));
        let stop = tokio::time::sleep(Duration::from_millis(1));
        let mut tries = 0;
        let got: Result<(), GaveUp<&str>> = b
            .run(
                Limit::Retries(100),
                stop,
                || {
                    tries += 1;
                    async { Err(Failed::Again("down", Some(Duration::from_secs(5)))) }
                },
                |_: &&str, r: Retry| std::future::ready(Ok(r.wait)),
            )
            .await;
        assert_eq!((got, tries), (Err(GaveUp::Stopped("down")), 1));
    }

    #[tokio::test(start_paused = true)]
    async fn the_retry_hook_can_shorten_the_wait_or_end_the_run() {
        let b = Backoff::new(Duration::from_secs(10), Duration::from_secs(60));
        let start = tokio::time::Instant::now();
        let mut tries = 0;
        let got: Result<(), GaveUp<&str>> = b
            .run(
                Limit::Retries(100),
                std::future::pending(),
                || {
                    tries += 1;
                    async { Err(Failed::Again("down", Some(Duration::from_secs(30)))) }
                },
                |_: &&str, r: Retry| {
                    std::future::ready(if r.number < 3 {
                        Ok(Duration::ZERO)
                    } else {
                        Err("lease lost")
                    })
                },
            )
            .await;
        assert_eq!((got, tries), (Err(GaveUp::Final("lease lost")), 3));
        assert_eq!(tokio::time::Instant::now(), start, "no time waited");
    }

    #[test]
    fn a_maximum_below_the_base_is_raised_to_the_base() {
        let b = Backoff::new(Duration::from_secs(2), Duration::from_secs(1));
        assert_eq!(b.max, Duration::from_secs(2));
        assert_eq!(b.ceiling(3), Duration::from_secs(2));
    }
}
