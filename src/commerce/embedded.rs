//! The embedded commerce backend: a small shop held in memory, loaded from data files.
//!
//! It is the backend of `process`, of the evals and of the tests. Its data lives in
//! JSON files (`data/` in the repository, also compiled into the binary as the fixture
//! world), never in Rust literals. Refunds behave as a payment API's do: idempotent by
//! key, never above the order's total.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

use crate::domain::order_id::order_key;
use anyhow::Context;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::{
    BackendError, CommerceBackend, Customer, KbArticle, Order, RefundConfirmation, RefundRequest,
};

const FIXTURE_WORLD: &str = include_str!("../../data/world.json");
const FIXTURE_CUSTOMERS: &str = include_str!("../../data/customers.json");
const FIXTURE_ORDERS: &str = include_str!("../../data/orders.json");
const FIXTURE_KB: &str = include_str!("../../data/kb.json");

/// Everything the shop knows: its customers, orders and articles, and the instant the
/// snapshot describes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct World {
    /// The snapshot's instant.
    #[serde(default)]
    pub now: Option<DateTime<Utc>>,
    /// Customers by id; the only addresses email may go to.
    #[serde(default)]
    pub customers: Vec<Customer>,
    /// Orders with their items, status and refund history.
    #[serde(default)]
    pub orders: Vec<Order>,
    /// Help-center articles.
    #[serde(default)]
    pub kb: Vec<KbArticle>,
}

#[derive(Deserialize)]
struct WorldMeta {
    #[serde(default)]
    now: Option<DateTime<Utc>>,
}

impl World {
    /// The fixture world compiled into the binary (the repository's `data/`).
    pub fn fixture() -> Self {
        Self::from_parts(FIXTURE_WORLD, FIXTURE_CUSTOMERS, FIXTURE_ORDERS, FIXTURE_KB)
            .expect("the fixture world compiled into the binary is valid")
    }

    /// Loads a world from a folder holding `customers.json`, `orders.json`, `kb.json`
    /// and, optionally, `world.json` (with `now`).
    ///
    /// # Errors
    /// A missing or invalid file, named.
    pub fn load(dir: &Path) -> anyhow::Result<Self> {
        let read = |name: &str| -> anyhow::Result<String> {
            let path = dir.join(name);
            std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))
        };
        let meta = match std::fs::read_to_string(dir.join("world.json")) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => "{}".to_string(),
            Err(e) => return Err(e).context("reading world.json"),
        };
        Self::from_parts(
            &meta,
            &read("customers.json")?,
            &read("orders.json")?,
            &read("kb.json")?,
        )
        .with_context(|| format!("loading the world in {}", dir.display()))
    }

    fn from_parts(meta: &str, customers: &str, orders: &str, kb: &str) -> anyhow::Result<Self> {
        let meta: WorldMeta = serde_json::from_str(meta).context("world.json")?;
        let world = World {
            now: meta.now,
            customers: serde_json::from_str(customers).context("customers.json")?,
            orders: serde_json::from_str(orders).context("orders.json")?,
            kb: serde_json::from_str(kb).context("kb.json")?,
        };
        world.check()?;
        Ok(world)
    }

    /// Lays `overlay` over this world: records with the same id are replaced, new
    /// ones added, and the overlay's `now` wins when it has one.
    pub fn merge(&mut self, overlay: World) {
        fn upsert<T>(base: &mut Vec<T>, new: Vec<T>, id: impl Fn(&T) -> &str) {
            for record in new {
                match base.iter().position(|b| id(b) == id(&record)) {
                    Some(i) => base[i] = record,
                    None => base.push(record),
                }
            }
        }
        if overlay.now.is_some() {
            self.now = overlay.now;
        }
        upsert(&mut self.customers, overlay.customers, |c| &c.customer_id);
        upsert(&mut self.orders, overlay.orders, |o| &o.order_id);
        upsert(&mut self.kb, overlay.kb, |a| &a.id);
    }

    /// Consistency a shop's data must have: unique ids, refunds within totals.
    ///
    /// # Errors
    /// The first inconsistency, named.
    pub fn check(&self) -> anyhow::Result<()> {
        let mut seen = std::collections::HashSet::new();
        for o in &self.orders {
            anyhow::ensure!(
                seen.insert(&o.order_id),
                "order {} appears twice",
                o.order_id
            );
            anyhow::ensure!(
                o.refunded_usd <= o.total_usd,
                "order {} has refunded_usd above total_usd",
                o.order_id
            );
        }
        seen.clear();
        for c in &self.customers {
            anyhow::ensure!(
                seen.insert(&c.customer_id),
                "customer {} appears twice",
                c.customer_id
            );
        }
        Ok(())
    }
}

#[derive(Debug)]
struct State {
    /// By [`order_key`]: an id as a customer writes it (`10289`, `q-o-5519`) finds the
    /// order the shop writes `#10289` or `Q-O-5519`.
    orders: HashMap<String, Order>,
    /// idempotency key → the request it was first used with, and its confirmation.
    refunds: HashMap<String, (RefundRequest, RefundConfirmation)>,
}

/// The in-memory shop.
#[derive(Debug)]
pub struct EmbeddedBackend {
    now: Option<DateTime<Utc>>,
    customers: HashMap<String, Customer>,
    kb: Vec<KbArticle>,
    // A std mutex: every critical section is a few map operations with no await inside.
    state: Mutex<State>,
}

impl EmbeddedBackend {
    /// A shop holding `world`.
    pub fn new(world: World) -> Self {
        Self {
            now: world.now,
            customers: world
                .customers
                .into_iter()
                .map(|c| (c.customer_id.clone(), c))
                .collect(),
            kb: world.kb,
            state: Mutex::new(State {
                orders: world
                    .orders
                    .into_iter()
                    .map(|o| (order_key(&o.order_id), o))
                    .collect(),
                refunds: HashMap::new(),
            }),
        }
    }

    /// How many refunds actually moved money (not counting replays).
    pub fn refunds_executed(&self) -> usize {
        self.state.lock().expect("state lock").refunds.len()
    }
}

fn confirmation_id(key: &str) -> String {
    let digest = Sha256::digest(key.as_bytes());
    let hex: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
    format!("rf_{hex}")
}

#[async_trait]
impl CommerceBackend for EmbeddedBackend {
    async fn customer(&self, customer_id: &str) -> Result<Option<Customer>, BackendError> {
        Ok(self.customers.get(customer_id).cloned())
    }

    async fn order(&self, order_id: &str) -> Result<Option<Order>, BackendError> {
        Ok(self
            .state
            .lock()
            .expect("state lock")
            .orders
            .get(&order_key(order_id))
            .cloned())
    }

    async fn customer_orders(&self, customer_id: &str) -> Result<Vec<Order>, BackendError> {
        let state = self.state.lock().expect("state lock");
        let mut orders: Vec<Order> = state
            .orders
            .values()
            .filter(|o| o.customer_id == customer_id)
            .cloned()
            .collect();
        orders.sort_by(|a, b| a.order_id.cmp(&b.order_id));
        Ok(orders)
    }

    async fn kb_articles(&self) -> Result<Vec<KbArticle>, BackendError> {
        Ok(self.kb.clone())
    }

    async fn issue_refund(
        &self,
        request: &RefundRequest,
    ) -> Result<RefundConfirmation, BackendError> {
        let mut state = self.state.lock().expect("state lock");
        if let Some((first, confirmation)) = state.refunds.get(&request.idempotency_key) {
            if first == request {
                return Ok(RefundConfirmation {
                    confirmation_id: confirmation.confirmation_id.clone(),
                    replayed: true,
                });
            }
            return Err(BackendError::IdempotencyKeyReused(
                request.idempotency_key.clone(),
            ));
        }
        let order = state
            .orders
            .get_mut(&order_key(&request.order_id))
            .ok_or_else(|| BackendError::OrderNotFound(request.order_id.clone()))?;
        let refundable = order.refundable();
        if request.amount_usd > refundable {
            return Err(BackendError::ExceedsRefundable {
                requested: request.amount_usd,
                refundable,
            });
        }
        order.refunded_usd = order.refunded_usd + request.amount_usd;
        let confirmation = RefundConfirmation {
            confirmation_id: confirmation_id(&request.idempotency_key),
            replayed: false,
        };
        state.refunds.insert(
            request.idempotency_key.clone(),
            (request.clone(), confirmation.clone()),
        );
        Ok(confirmation)
    }

    fn snapshot_now(&self) -> Option<DateTime<Utc>> {
        self.now
    }

    fn order_ids(&self) -> Vec<String> {
        let state = self.state.lock().expect("state lock");
        state.orders.values().map(|o| o.order_id.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::money::Usd;

    fn refund(order: &str, cents: i64, key: &str) -> RefundRequest {
        RefundRequest {
            order_id: order.into(),
            amount_usd: Usd::from_cents(cents),
            idempotency_key: key.into(),
        }
    }

    #[test]
    fn the_fixture_world_loads_from_the_data_folder_too() {
        let compiled = World::fixture();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        assert_eq!(World::load(&dir).unwrap(), compiled);
        assert!(compiled.customers.len() >= 5 && compiled.orders.len() >= 10);
        assert!(compiled.kb.len() >= 5 && compiled.now.is_some());
    }

    #[test]
    fn merging_replaces_records_by_id_and_adds_new_ones() {
        let mut world = World::fixture();
        let mut order = world.orders[0].clone();
        order.total_usd = Usd::from_cents(1);
        let mut extra = order.clone();
        extra.order_id = "ORD-NEW".into();
        let n = world.orders.len();
        world.merge(World {
            orders: vec![order, extra],
            ..World::default()
        });
        assert_eq!(world.orders.len(), n + 1);
        assert_eq!(world.orders[0].total_usd, Usd::from_cents(1));
    }

    #[tokio::test]
    async fn an_order_is_found_however_its_id_is_written_and_answers_with_the_shops_own_id() {
        let mut world = World::fixture();
        let mut hashed = world.orders[0].clone();
        hashed.order_id = "#10289".into();
        let mut lettered = world.orders[1].clone();
        lettered.order_id = "Q-O-5519".into();
        world.orders = vec![hashed, lettered];
        let shop = EmbeddedBackend::new(world);
        for (written, canonical) in [
            ("#10289", "#10289"),
            ("10289", "#10289"),
            (" 10289 ", "#10289"),
            ("q-o-5519", "Q-O-5519"),
            ("#Q-O-5519", "Q-O-5519"),
            ("QO5519", "Q-O-5519"),
            ("q o 5519", "Q-O-5519"),
        ] {
            let order = shop.order(written).await.unwrap();
            assert_eq!(
                order.map(|o| o.order_id).as_deref(),
                Some(canonical),
                "{written}"
            );
        }
        for other in ["O-5519", "1028", "Q-O-55190"] {
            assert!(shop.order(other).await.unwrap().is_none(), "{other}");
        }
        // A refund written either way lands on the one order.
        let before = shop.order("#10289").await.unwrap().unwrap().refunded_usd;
        shop.issue_refund(&refund("10289", 100, "k-1"))
            .await
            .unwrap();
        shop.issue_refund(&refund("#10289", 100, "k-2"))
            .await
            .unwrap();
        let order = shop.order("#10289").await.unwrap().unwrap();
        assert_eq!(order.refunded_usd, before + Usd::from_cents(200));
    }

    #[tokio::test]
    async fn a_refund_replays_under_its_key_and_refuses_the_key_with_other_arguments() {
        let shop = EmbeddedBackend::new(World::fixture());
        let first = shop
            .issue_refund(&refund("O1001", 1000, "k1"))
            .await
            .unwrap();
        assert!(!first.replayed);
        let again = shop
            .issue_refund(&refund("O1001", 1000, "k1"))
            .await
            .unwrap();
        assert!(again.replayed);
        assert_eq!(again.confirmation_id, first.confirmation_id);
        assert_eq!(
            shop.issue_refund(&refund("O1001", 999, "k1")).await,
            Err(BackendError::IdempotencyKeyReused("k1".into()))
        );
        assert_eq!(shop.refunds_executed(), 1);
    }

    #[tokio::test]
    async fn refunds_never_exceed_the_order_total() {
        let shop = EmbeddedBackend::new(World::fixture());
        // O1001 totals 24.99.
        shop.issue_refund(&refund("O1001", 2000, "a"))
            .await
            .unwrap();
        let err = shop
            .issue_refund(&refund("O1001", 500, "b"))
            .await
            .unwrap_err();
        assert_eq!(
            err,
            BackendError::ExceedsRefundable {
                requested: Usd::from_cents(500),
                refundable: Usd::from_cents(499)
            }
        );
        assert_eq!(
            shop.issue_refund(&refund("O404", 1, "c")).await,
            Err(BackendError::OrderNotFound("O404".into()))
        );
    }
}
