//! The commerce backend: customers, orders, refunds and the help-center articles.
//!
//! Records are shaped like a real commerce API's (orders with line items, totals and
//! what has already been refunded), so pointing the agent at a real shop is a new
//! [`CommerceBackend`] implementation, not a change to the tool contracts. This module
//! owns the records and the trait; policy (who may see what, who is eligible) lives in
//! the tools, and the embedded implementation in [`embedded`].

pub mod embedded;
pub mod http;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::money::Usd;

/// A customer as the shop records them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Customer {
    /// The customer's id.
    pub customer_id: String,
    /// Their name.
    pub name: String,
    /// The email address on record: the only address the agent may write to.
    pub email: String,
}

/// An order's lifecycle state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    /// Paid, not yet shipped.
    Processing,
    /// With the carrier.
    Shipped,
    /// Handed to the customer; the return window counts from here.
    Delivered,
    /// Cancelled (and refunded automatically).
    Cancelled,
    /// Sent back by the customer.
    Returned,
}

impl OrderStatus {
    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Processing => "processing",
            Self::Shipped => "shipped",
            Self::Delivered => "delivered",
            Self::Cancelled => "cancelled",
            Self::Returned => "returned",
        }
    }
}

/// One line of an order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderItem {
    /// Stock-keeping unit.
    pub sku: String,
    /// Product name.
    pub name: String,
    /// How many.
    pub quantity: u32,
    /// Price of one.
    pub unit_price_usd: Usd,
}

/// An order as the shop records it: what was bought, where it is, what was refunded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Order {
    /// The order's id.
    pub order_id: String,
    /// Who placed it.
    pub customer_id: String,
    /// Where it is in its lifecycle.
    pub status: OrderStatus,
    /// When it was placed; the refund window counts from here.
    pub order_date: Option<DateTime<Utc>>,
    /// When it left the warehouse.
    #[serde(default)]
    pub shipped_at: Option<DateTime<Utc>>,
    /// When it arrived.
    #[serde(default)]
    pub delivered_at: Option<DateTime<Utc>>,
    /// The carrier's name as the shop records it.
    #[serde(default)]
    pub carrier: Option<String>,
    /// The carrier's tracking number.
    #[serde(default)]
    pub tracking_number: Option<String>,
    /// Line items; item-level refunds are priced from these.
    pub items: Vec<OrderItem>,
    /// What the customer paid.
    pub total_usd: Usd,
    /// What has been refunded so far.
    #[serde(default)]
    pub refunded_usd: Usd,
}

impl Order {
    /// What may still be refunded.
    pub fn refundable(&self) -> Usd {
        self.total_usd.saturating_sub(self.refunded_usd)
    }
}

/// A help-center article.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KbArticle {
    /// The article's id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its text.
    pub body: String,
    /// Extra search terms the index weighs like the title.
    #[serde(default)]
    pub tags: Vec<String>,
}

/// A refund to execute (only ever after a human approved it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RefundRequest {
    /// The order to refund; the backend checks it belongs to the ticket's customer.
    pub order_id: String,
    /// How much.
    pub amount_usd: Usd,
    /// The same key for every attempt at this refund: the backend's final guard
    /// against paying twice.
    pub idempotency_key: String,
}

/// A refund the backend accepted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RefundConfirmation {
    /// The backend's id for the refund.
    pub confirmation_id: String,
    /// True when this key had already been used with the same arguments and no money
    /// moved this time.
    #[serde(default)]
    pub replayed: bool,
}

/// Why a backend call failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BackendError {
    /// No such order.
    #[error("order {0} not found")]
    OrderNotFound(String),
    /// The idempotency key was used before with other arguments.
    #[error("idempotency key {0} was already used with other arguments")]
    IdempotencyKeyReused(String),
    /// The amount is above what may still be refunded.
    #[error("refund of {requested} exceeds the refundable {refundable}")]
    ExceedsRefundable {
        /// Asked for.
        requested: Usd,
        /// Still refundable.
        refundable: Usd,
    },
    /// The backend could not be reached or failed; worth retrying.
    #[error("commerce backend unavailable: {0}")]
    Unavailable(String),
}

impl BackendError {
    /// Whether a later retry might succeed.
    pub fn is_transient(&self) -> bool {
        matches!(self, BackendError::Unavailable(_))
    }

    /// The structured error code shown to a model or an API client.
    pub fn code(&self) -> &'static str {
        match self {
            BackendError::OrderNotFound(_) => "order_not_found",
            BackendError::IdempotencyKeyReused(_) => "idempotency_key_reused",
            BackendError::ExceedsRefundable { .. } => "amount_exceeds_refundable",
            BackendError::Unavailable(_) => "backend_unavailable",
        }
    }
}

/// A shop the agent can read and (through approvals only) refund from.
#[async_trait]
pub trait CommerceBackend: Send + Sync {
    /// A customer by id.
    async fn customer(&self, customer_id: &str) -> Result<Option<Customer>, BackendError>;

    /// An order by id, whoever it belongs to (scoping to the ticket's customer is the
    /// tools' job).
    async fn order(&self, order_id: &str) -> Result<Option<Order>, BackendError>;

    /// A customer's orders, for the one order a shortened id names
    /// ([`crate::domain::order_id::ShortId`]: "order 4302" for `FW/27/004302`). Empty
    /// where the shop does not list them.
    async fn customer_orders(&self, _customer_id: &str) -> Result<Vec<Order>, BackendError> {
        Ok(Vec::new())
    }

    /// Every help-center article, to build the search index from.
    async fn kb_articles(&self) -> Result<Vec<KbArticle>, BackendError>;

    /// Executes a refund. The same key with the same arguments returns the first
    /// confirmation with `replayed: true`; the same key with other arguments fails with
    /// [`BackendError::IdempotencyKeyReused`]; refunds never exceed the order's total.
    async fn issue_refund(
        &self,
        request: &RefundRequest,
    ) -> Result<RefundConfirmation, BackendError>;

    /// The instant the backend's data describes, when it is a snapshot (the fixture
    /// world); `None` for a live shop.
    fn snapshot_now(&self) -> Option<DateTime<Utc>> {
        None
    }

    /// Every order id the backend holds, when it holds a snapshot whose ids it can list
    /// (the embedded shop); empty for a live shop. A shop without
    /// `commerce.order_id_pattern` reads its ids by their shapes
    /// (`OrderIdPattern::learned_from`).
    fn order_ids(&self) -> Vec<String> {
        Vec::new()
    }
}

impl crate::backoff::Reworded for BackendError {
    /// An unavailable backend's message rewritten (a retry loop adding how it ended);
    /// any other error as it is.
    fn reworded(self, f: impl FnOnce(&str) -> String) -> Self {
        match self {
            Self::Unavailable(message) => Self::Unavailable(f(&message)),
            other => other,
        }
    }
}
