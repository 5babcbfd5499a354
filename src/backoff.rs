//! Exponential backoff with full jitter: the one waiting rule of every retry here (the
//! HTTP clients of the model providers and the commerce backend, the broker
//! reconnects of the worker and the approvals service), and [`Backoff::retry`], the loop
//! for an operation that is simply tried again (a service's connections at start).

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

impl Backoff {
    /// Runs `op` until it succeeds, fails with an error `transient` says is final, or the
    /// next wait would end past `deadline`; before each new try, `waiting` hears the
    /// error and the wait.
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
        let mut retry = 0;
        loop {
            let error = match op().await {
                Ok(value) => return Ok(value),
                Err(e) => e,
            };
            let wait = self.delay(retry);
            if !transient(&error) || tokio::time::Instant::now() + wait >= deadline {
                return Err(error);
            }
            waiting(&error, wait);
            tokio::time::sleep(wait).await;
            retry = retry.saturating_add(1);
        }
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
        assert!(tokio::time::Instant::now() <= deadline);
        assert!(
            tokio::time::Instant::now() + b.max > deadline,
            "it gave up only when another wait could not fit"
        );
    }

    #[test]
    fn a_maximum_below_the_base_is_raised_to_the_base() {
        let b = Backoff::new(Duration::from_secs(2), Duration::from_secs(1));
        assert_eq!(b.max, Duration::from_secs(2));
        assert_eq!(b.ceiling(3), Duration::from_secs(2));
    }
}
