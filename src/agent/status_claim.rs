//! What a sentence of an answer says about an order's status, and whether the shop's
//! record agrees.
//!
//! Rule 7 of verification holds a sentence that states a status to orders the run
//! looked up; that alone lets an answer look an order up and then say it was delivered
//! when the record says it has not shipped. This module reads the claim itself: each
//! clause of a sentence is read for one of a few statuses (being processed, shipped, on
//! its way, delivered, cancelled, returned), negated or not, and the claim must be one
//! the record's `status` allows ("shipped" holds for an order since delivered; "on its
//! way" only for one with the carrier). A clause that speaks of what will or may happen
//! ("once it ships", "should arrive by Friday", "orders are usually delivered in three
//! days") states nothing about the order now, and is not read.

use std::sync::LazyLock;

use regex::Regex;

/// A status a clause states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Said {
    /// Paid, in the warehouse: "being processed", "being prepared", "not shipped yet".
    Processing,
    /// It left: "shipped", "dispatched".
    Shipped,
    /// With the carrier now: "on its way", "in transit", "out for delivery".
    InTransit,
    /// "delivered", "arrived".
    Delivered,
    /// "cancelled".
    Cancelled,
    /// "returned".
    Returned,
}

/// One clause's claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct StatusClaim {
    /// What it says.
    pub(super) said: Said,
    /// Whether it says the opposite ("has not shipped").
    pub(super) negated: bool,
}

impl StatusClaim {
    /// Whether an order whose record's status is `status` (as `order_lookup` answers it)
    /// can be truthfully described so. An unknown status agrees with everything: the
    /// record cannot contradict the claim.
    pub(super) fn agrees_with(&self, status: &str) -> bool {
        const KNOWN: [&str; 5] = [
            "processing",
            "shipped",
            "delivered",
            "cancelled",
            "returned",
        ];
        if !KNOWN.contains(&status) {
            return true;
        }
        let holds: &[&str] = match self.said {
            Said::Processing => &["processing"],
            Said::Shipped => &["shipped", "delivered", "returned"],
            Said::InTransit => &["shipped"],
            Said::Delivered => &["delivered", "returned"],
            Said::Cancelled => &["cancelled"],
            Said::Returned => &["returned"],
        };
        holds.contains(&status) != self.negated
    }
}

static CLAUSE_BREAK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i),|;|:|\(|\)|—|–|\s-\s|\b(?:and|but|while|although|though|whereas|so)\b")
        .expect("a valid pattern")
});

/// Words that make a clause about what will, may or usually happen, or about another
/// time or thing than the order now.
static NOT_NOW: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:once|when|whenever|after|if|unless|until|before|will|would|should|could|can|may|might|must|shall|expect|expected|expects|estimated|usually|typically|normally|generally|within|soon|once|ever)\b|'ll\b|’ll\b",
    )
    .expect("a valid pattern")
});

static NEGATION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:not|never|no longer|yet to)\b|n't\b|n’t\b").expect("a valid pattern")
});

static SAID: LazyLock<Vec<(Said, Regex)>> = LazyLock::new(|| {
    let p = |s: &str| Regex::new(&format!(r"(?i)\b(?:{s})\b")).expect("a valid pattern");
    vec![
        (
            Said::Processing,
            p(
                r"being (?:processed|prepared|packed|picked)|still processing|in processing|processing stage",
            ),
        ),
        (
            Said::InTransit,
            p(r"on (?:its|the|their) way|in transit|out for delivery|en route"),
        ),
        (
            Said::Delivered,
            p(r"delivered|arrived|was left at|signed for"),
        ),
        (
            Said::Shipped,
            p(
                r"shipped|dispatched|left (?:our|the) warehouse|handed (?:it )?(?:over )?to the carrier",
            ),
        ),
        (Said::Cancelled, p(r"cancell?ed")),
        (Said::Returned, p(r"returned")),
    ]
});

/// The status claims of `sentence`, one per clause that states one, in order.
pub(super) fn claims(sentence: &str) -> Vec<StatusClaim> {
    let mut out = Vec::new();
    for clause in CLAUSE_BREAK.split(sentence) {
        if NOT_NOW.is_match(clause) {
            continue;
        }
        let negated = NEGATION.is_match(clause);
        for (said, pattern) in SAID.iter() {
            if pattern.is_match(clause) {
                out.push(StatusClaim {
                    said: *said,
                    negated,
                });
            }
        }
    }
    out
}

static ABOUT_AN_ORDER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:it|it's|its|your|the order|the parcel|the package|the shipment|this order|that order)\b")
        .expect("a valid pattern")
});

/// Whether a sentence that names no order still speaks of one ("it was delivered
/// on Monday", "your parcel is on its way"), rather than of orders in general
/// ("delivered items can be returned").
pub(super) fn speaks_of_an_order(sentence: &str) -> bool {
    ABOUT_AN_ORDER.is_match(sentence)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(sentence: &str) -> Vec<(Said, bool)> {
        claims(sentence)
            .into_iter()
            .map(|c| (c.said, c.negated))
            .collect()
    }

    #[test]
    fn each_clause_states_at_most_what_it_says_now() {
        assert_eq!(
            said("Order O1 was placed on 2026-11-01 and is being processed"),
            vec![(Said::Processing, false)]
        );
        assert_eq!(said("it has not shipped yet"), vec![(Said::Shipped, true)]);
        assert_eq!(
            said("you will receive tracking details by email once it ships"),
            vec![]
        );
        assert_eq!(
            said(
                "Order O2 shipped on 2026-11-26 with FedEx, tracking number 7946 and is on its way"
            ),
            vec![(Said::Shipped, false), (Said::InTransit, false)]
        );
        assert_eq!(said("It should arrive by Friday"), vec![]);
        assert_eq!(
            said("It hasn't been delivered yet"),
            vec![(Said::Delivered, true)]
        );
    }

    #[test]
    fn the_record_decides_which_claims_are_true() {
        let c = |said, negated| StatusClaim { said, negated };
        assert!(c(Said::Shipped, false).agrees_with("delivered"));
        assert!(!c(Said::InTransit, false).agrees_with("delivered"));
        assert!(!c(Said::Delivered, false).agrees_with("processing"));
        assert!(c(Said::Delivered, true).agrees_with("shipped"));
        assert!(!c(Said::Shipped, true).agrees_with("shipped"));
        assert!(c(Said::Processing, false).agrees_with("processing"));
        assert!(!c(Said::Processing, false).agrees_with("delivered"));
        assert!(c(Said::Delivered, false).agrees_with("lost_in_space"));
    }

    #[test]
    fn a_sentence_without_an_id_speaks_of_an_order_only_when_it_points_at_one() {
        assert!(speaks_of_an_order("It was delivered on Monday."));
        assert!(speaks_of_an_order("Your parcel is on its way."));
        assert!(!speaks_of_an_order(
            "Delivered items can be returned within 30 days."
        ));
    }
}
