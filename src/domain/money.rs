//! Money as whole cents.
//!
//! Amounts cross the wire as JSON numbers of dollars (`24.99`), but every comparison
//! that decides a refund (`amount ≤ max_amount_usd`, refunds never above the total)
//! is done on integer cents, where 0.1 + 0.2 is exactly 0.3.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// US dollars, held as cents.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Usd(i64);

/// Why a number is not an amount.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MoneyError {
    /// NaN, infinite, or too large.
    #[error("{0} is not a finite amount of dollars")]
    NotFinite(f64),
    /// Below zero.
    #[error("{0} is negative")]
    Negative(f64),
}

impl Usd {
    /// Zero dollars.
    pub const ZERO: Usd = Usd(0);

    /// From cents.
    pub const fn from_cents(cents: i64) -> Self {
        Usd(cents)
    }

    /// From dollars, rounded to the nearest cent.
    ///
    /// # Errors
    /// NaN, infinities, absurd sizes and negative amounts.
    pub fn from_dollars(dollars: f64) -> Result<Self, MoneyError> {
        if !dollars.is_finite() || dollars.abs() > 1e13 {
            return Err(MoneyError::NotFinite(dollars));
        }
        if dollars < 0.0 {
            return Err(MoneyError::Negative(dollars));
        }
        Ok(Usd((dollars * 100.0).round() as i64))
    }

    /// The amount in cents.
    pub const fn cents(self) -> i64 {
        self.0
    }

    /// The amount in dollars, for JSON.
    pub fn dollars(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// `self − other`, never below zero.
    pub fn saturating_sub(self, other: Usd) -> Usd {
        Usd((self.0 - other.0).max(0))
    }
}

impl std::ops::Add for Usd {
    type Output = Usd;
    fn add(self, rhs: Usd) -> Usd {
        Usd(self.0 + rhs.0)
    }
}

impl fmt::Display for Usd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}.{:02}", self.0 / 100, self.0 % 100)
    }
}

impl Serialize for Usd {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.dollars())
    }
}

impl<'de> Deserialize<'de> for Usd {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let dollars = f64::deserialize(d)?;
        Usd::from_dollars(dollars).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollars_round_to_cents_and_display_with_two_decimals() {
        assert_eq!(Usd::from_dollars(24.99).unwrap().cents(), 2499);
        assert_eq!(Usd::from_dollars(0.1 + 0.2).unwrap(), Usd::from_cents(30));
        assert_eq!(Usd::from_cents(3397).to_string(), "$33.97");
        assert!(Usd::from_dollars(-1.0).is_err());
        assert!(Usd::from_dollars(f64::NAN).is_err());
    }
}
