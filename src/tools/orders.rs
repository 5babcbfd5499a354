//! `order_lookup` and `refund_eligibility`: the read-only order tools, and the refund
//! policy itself ([`assess`]).
//!
//! Both see only the ticket's own customer's orders: an order that belongs to someone
//! else answers exactly like one that does not exist, so nothing crosses customers.

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use serde_json::{Value, json};

use crate::commerce::{Order, OrderStatus};
use crate::domain::money::Usd;

/// The refund window, counted from order_date: `now − order_date ≤ 30 days`.
pub const REFUND_WINDOW_DAYS: i64 = 30;

/// The answer of `refund_eligibility`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Eligibility {
    /// The order assessed.
    pub order_id: String,
    /// Whether a refund may be proposed.
    pub eligible: bool,
    /// The most that may be refunded now (zero when not eligible).
    pub max_amount_usd: Usd,
    /// The rule applied.
    pub policy_ref: &'static str,
    /// Why, in words.
    pub reason: String,
    /// Ambiguous: a human must decide.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub escalate: bool,
    /// Whole days since the order was placed, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days_since_order: Option<i64>,
}

/// The refund policy: eligible only if delivered and within 30 days of order_date;
/// cancelled and undelivered orders are not; anything ambiguous is not, with
/// `escalate` set. Never eligible by assumption.
pub fn assess(order: &Order, now: DateTime<Utc>) -> Eligibility {
    let days = order.order_date.map(|d| (now - d).num_days());
    let no = |policy_ref: &'static str, reason: String, escalate: bool| Eligibility {
        order_id: order.order_id.clone(),
        eligible: false,
        max_amount_usd: Usd::ZERO,
        policy_ref,
        reason,
        escalate,
        days_since_order: days,
    };
    match order.status {
        OrderStatus::Cancelled => {
            return no(
                "refund-policy/cancelled",
                "the order was cancelled; cancelled orders are refunded automatically and are never eligible for a manual refund".into(),
                false,
            );
        }
        OrderStatus::Returned => {
            return no(
                "refund-policy/returned",
                "the order was returned; a returned order's refund is settled by the returns team"
                    .into(),
                true,
            );
        }
        OrderStatus::Processing | OrderStatus::Shipped => {
            return no(
                "refund-policy/not-delivered",
                format!(
                    "the order is {} and not delivered yet; only delivered orders can be refunded",
                    order.status.as_str()
                ),
                false,
            );
        }
        OrderStatus::Delivered => {}
    }
    if order.refunded_usd > Usd::ZERO {
        let how = if order.refunded_usd >= order.total_usd {
            "fully"
        } else {
            "partly"
        };
        return no(
            "refund-policy/prior-refund",
            format!(
                "the order was already {how} refunded ({} of {})",
                order.refunded_usd, order.total_usd
            ),
            true,
        );
    }
    let (Some(ordered), Some(delivered)) = (order.order_date, order.delivered_at) else {
        return no(
            "refund-policy/missing-dates",
            "the order is marked delivered but its order or delivery date is missing".into(),
            true,
        );
    };
    if ordered > now || delivered < ordered {
        return no(
            "refund-policy/inconsistent-dates",
            "the order's dates are inconsistent (in the future, or delivered before ordered)"
                .into(),
            true,
        );
    }
    if now - ordered > Duration::days(REFUND_WINDOW_DAYS) {
        return no(
            "refund-policy/window-30-days",
            format!(
                "the order was placed more than 30 days ago ({} full days), outside the 30-day refund window",
                days.unwrap_or_default()
            ),
            false,
        );
    }
    Eligibility {
        order_id: order.order_id.clone(),
        eligible: true,
        max_amount_usd: order.refundable(),
        policy_ref: "refund-policy/window-30-days",
        reason: format!(
            "delivered, and placed {} days ago, within the 30-day refund window",
            days.unwrap_or_default()
        ),
        escalate: false,
        days_since_order: days,
    }
}

/// The answer of `order_lookup` for a found order.
pub fn lookup_view(order: &Order) -> Value {
    json!({
        "order_id": order.order_id,
        "status": order.status,
        "items": order.items,
        "total_usd": order.total_usd,
        "refunded_usd": order.refunded_usd,
        "order_date": order.order_date,
        "shipped_at": order.shipped_at,
        "delivered_at": order.delivered_at,
        "carrier": order.carrier,
        "tracking_number": order.tracking_number,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commerce::embedded::World;

    fn world_order(id: &str) -> Order {
        World::fixture()
            .orders
            .into_iter()
            .find(|o| o.order_id == id)
            .unwrap()
    }

    fn now() -> DateTime<Utc> {
        World::fixture().now.unwrap()
    }

    #[test]
    fn day_30_is_eligible_and_day_31_is_not() {
        let mut order = world_order("O1004");
        let at = order.order_date.unwrap();
        let day30 = assess(&order, at + Duration::days(30));
        assert!(day30.eligible, "{day30:?}");
        assert_eq!(day30.max_amount_usd, Usd::from_cents(4999));
        let later = assess(&order, at + Duration::days(30) + Duration::seconds(1));
        assert!(!later.eligible && !later.escalate);
        let day31 = assess(&order, at + Duration::days(31));
        assert_eq!(day31.policy_ref, "refund-policy/window-30-days");
        assert!(!day31.eligible);
        order.order_date = Some(at + Duration::days(60));
        assert!(
            assess(&order, now()).escalate,
            "a future order date is ambiguous"
        );
    }

    #[test]
    fn cancelled_and_undelivered_orders_are_never_eligible() {
        for id in ["O1006", "O1002", "O1003"] {
            let e = assess(&world_order(id), now());
            assert!(!e.eligible && !e.escalate, "{id}: {e:?}");
            assert_eq!(e.max_amount_usd, Usd::ZERO);
        }
    }

    #[test]
    fn ambiguous_orders_are_not_eligible_and_ask_to_escalate() {
        // partly refunded, returned, delivered without a date, fully refunded
        for id in ["O1008", "O1009", "O1011", "O1016"] {
            let e = assess(&world_order(id), now());
            assert!(!e.eligible && e.escalate, "{id}: {e:?}");
        }
    }

    #[test]
    fn an_eligible_order_may_refund_its_whole_total() {
        let e = assess(&world_order("O1010"), now());
        assert!(e.eligible);
        assert_eq!(e.max_amount_usd, Usd::from_cents(3397));
    }
}
