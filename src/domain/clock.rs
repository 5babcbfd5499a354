//! The injectable clock. Refund eligibility depends on "now", so tests, evals and the
//! fixture world pin it; production reads the system clock.

use chrono::{DateTime, Utc};

/// Where "now" comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    /// The system clock.
    System,
    /// A pinned instant.
    Fixed(DateTime<Utc>),
}

impl Clock {
    /// The current instant.
    pub fn now(&self) -> DateTime<Utc> {
        match self {
            Clock::System => Utc::now(),
            Clock::Fixed(at) => *at,
        }
    }

    /// The configured pin if any, else the data's own snapshot instant, else the
    /// system clock.
    pub fn resolve(configured: Option<DateTime<Utc>>, snapshot: Option<DateTime<Utc>>) -> Clock {
        configured
            .or(snapshot)
            .map(Clock::Fixed)
            .unwrap_or(Clock::System)
    }
}
