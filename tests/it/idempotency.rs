//! Exactly-once execution of approved actions, against the in-memory store, the
//! local Redis (127.0.0.1:6379, or TICKET_AGENT_TEST_REDIS_URL) and a Redis Cluster
//! (tests/common/redis_cluster.rs), each test under its own key prefix, deleted
//! afterwards.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use ticket_agent::commerce::embedded::{EmbeddedBackend, World};
use ticket_agent::commerce::{
    BackendError, CommerceBackend, Customer, KbArticle, Order, RefundConfirmation, RefundRequest,
};
use ticket_agent::domain::approval::{ActionRequest, PendingAction, derive_ids};
use ticket_agent::domain::money::Usd;
use ticket_agent::executor::{Effects, ExecuteError, MemoryOutbox, execute_approved};
use ticket_agent::idempotency::{Claim, IdempotencyStore, MemoryStore, RedisStore};

fn redis_url() -> String {
    std::env::var("TICKET_AGENT_TEST_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".into())
}

fn unique_prefix(name: &str) -> String {
    format!("ta-test-{name}-{}-{}", std::process::id(), rand_suffix())
}

fn rand_suffix() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
}

/// A shop that counts refund calls and can be slow, wrapping the embedded one.
struct CountingShop {
    inner: EmbeddedBackend,
    calls: AtomicUsize,
    delay: Duration,
}

#[async_trait]
impl CommerceBackend for CountingShop {
    async fn customer(&self, id: &str) -> Result<Option<Customer>, BackendError> {
        self.inner.customer(id).await
    }
    async fn order(&self, id: &str) -> Result<Option<Order>, BackendError> {
        self.inner.order(id).await
    }
    async fn kb_articles(&self) -> Result<Vec<KbArticle>, BackendError> {
        self.inner.kb_articles().await
    }
    async fn issue_refund(&self, r: &RefundRequest) -> Result<RefundConfirmation, BackendError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(self.delay).await;
        self.inner.issue_refund(r).await
    }
}

fn refund_action(ticket: &str, order: &str, cents: i64) -> PendingAction {
    let (approval_id, key) = derive_ids(ticket, "issue_refund", order);
    PendingAction {
        approval_id,
        ticket_id: ticket.parse().unwrap(),
        customer_id: "C001".parse().unwrap(),
        request: ActionRequest::IssueRefund {
            order_id: order.into(),
            amount_usd: Usd::from_cents(cents),
            idempotency_key: key,
        },
        eligibility: None,
    }
}

async fn fifty_concurrent_approvals_call_the_backend_once(store: Arc<dyn IdempotencyStore>) {
    let shop = Arc::new(CountingShop {
        inner: EmbeddedBackend::new(World::fixture()),
        calls: AtomicUsize::new(0),
        delay: Duration::from_millis(50),
    });
    let outbox = Arc::new(MemoryOutbox::default());
    let action = refund_action("T-50", "O1001", 2499);
    let mut tasks = Vec::new();
    for _ in 0..50 {
        let (shop, outbox, store, action) =
            (shop.clone(), outbox.clone(), store.clone(), action.clone());
        tasks.push(tokio::spawn(async move {
            let fx = Effects {
                backend: shop.as_ref(),
                outbox: outbox.as_ref(),
                store: store.as_ref(),
                lease: Duration::from_secs(30),
                result_ttl: Duration::from_secs(600),
            };
            execute_approved(&action, &fx).await
        }));
    }
    let mut executed = 0;
    let mut in_progress = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(e) if !e.replayed => executed += 1,
            Ok(_) => {}
            Err(ExecuteError::InProgress(_)) => in_progress += 1,
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(shop.calls.load(Ordering::SeqCst), 1);
    assert_eq!(executed, 1);
    assert!(in_progress >= 1, "the others saw the claim in progress");
    // After completion everyone gets the recorded result.
    let fx = Effects {
        backend: shop.as_ref(),
        outbox: outbox.as_ref(),
        store: store.as_ref(),
        lease: Duration::from_secs(30),
        result_ttl: Duration::from_secs(600),
    };
    let again = execute_approved(&action, &fx).await.unwrap();
    assert!(again.replayed);
    assert_eq!(again.record.status, "succeeded");
    assert_eq!(shop.calls.load(Ordering::SeqCst), 1);
    assert_eq!(shop.inner.refunds_executed(), 1);
}

#[tokio::test]
async fn fifty_concurrent_approvals_of_one_action_make_one_backend_call_in_memory() {
    fifty_concurrent_approvals_call_the_backend_once(Arc::new(MemoryStore::new())).await;
}

#[tokio::test]
async fn fifty_concurrent_approvals_of_one_action_make_one_backend_call_with_redis() {
    let store = RedisStore::connect(&redis_url(), &unique_prefix("fifty"))
        .await
        .expect(
            "Redis must answer at 127.0.0.1:6379 (or TICKET_AGENT_TEST_REDIS_URL) for this test",
        );
    fifty_concurrent_approvals_call_the_backend_once(Arc::new(store.clone())).await;
    store.delete_all().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn fifty_concurrent_approvals_of_one_action_make_one_backend_call_on_a_redis_cluster() {
    let store = RedisStore::connect(common::redis_cluster::cluster(), &unique_prefix("fifty"))
        .await
        .unwrap();
    fifty_concurrent_approvals_call_the_backend_once(Arc::new(store.clone())).await;
    store.delete_all().await.unwrap();
}

async fn a_crash_between_claim_and_completion_is_recovered_with_the_same_key(
    store: Arc<dyn IdempotencyStore>,
) {
    let shop = EmbeddedBackend::new(World::fixture());
    let outbox = MemoryOutbox::default();
    let action = refund_action("T-CRASH", "O1010", 3397);
    let key = format!("action:{}", action.request.idempotency_key());
    // The first executor claims, reaches the backend, then dies before recording.
    let Claim::Acquired { recovered, .. } =
        store.claim(&key, Duration::from_millis(200)).await.unwrap()
    else {
        panic!("first claim")
    };
    assert!(!recovered);
    let ActionRequest::IssueRefund {
        order_id,
        amount_usd,
        idempotency_key,
    } = &action.request
    else {
        unreachable!()
    };
    let first = shop
        .issue_refund(&RefundRequest {
            order_id: order_id.clone(),
            amount_usd: *amount_usd,
            idempotency_key: idempotency_key.clone(),
        })
        .await
        .unwrap();
    // While the dead holder's lease lasts, nobody else runs it.
    let fx = Effects {
        backend: &shop,
        outbox: &outbox,
        store: store.as_ref(),
        lease: Duration::from_secs(30),
        result_ttl: Duration::from_secs(600),
    };
    assert!(matches!(
        execute_approved(&action, &fx).await,
        Err(ExecuteError::InProgress(_))
    ));
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Recovery calls the backend again with the same key: the backend replays.
    let recovered = execute_approved(&action, &fx).await.unwrap();
    assert!(!recovered.replayed, "recovery did reach the backend");
    assert_eq!(
        recovered.record.result["confirmation_id"],
        first.confirmation_id.as_str()
    );
    assert_eq!(recovered.record.result["replayed"], true);
    assert_eq!(shop.refunds_executed(), 1, "money moved once");
    let order = shop.order("O1010").await.unwrap().unwrap();
    assert_eq!(order.refunded_usd, Usd::from_cents(3397));
}

#[tokio::test]
async fn a_crash_between_claim_and_completion_recovers_with_the_same_key_in_memory() {
    a_crash_between_claim_and_completion_is_recovered_with_the_same_key(Arc::new(
        MemoryStore::new(),
    ))
    .await;
}

#[tokio::test]
async fn a_crash_between_claim_and_completion_recovers_with_the_same_key_with_redis() {
    let store = RedisStore::connect(&redis_url(), &unique_prefix("crash"))
        .await
        .unwrap();
    a_crash_between_claim_and_completion_is_recovered_with_the_same_key(Arc::new(store.clone()))
        .await;
    store.delete_all().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_crash_between_claim_and_completion_recovers_with_the_same_key_on_a_redis_cluster() {
    let store = RedisStore::connect(common::redis_cluster::cluster(), &unique_prefix("crash"))
        .await
        .unwrap();
    a_crash_between_claim_and_completion_is_recovered_with_the_same_key(Arc::new(store.clone()))
        .await;
    store.delete_all().await.unwrap();
}

#[tokio::test]
async fn the_redis_store_claims_once_reports_progress_and_keeps_the_first_result() {
    let store = RedisStore::connect(&redis_url(), &unique_prefix("proto"))
        .await
        .unwrap();
    claims_once_reports_progress_and_keeps_the_first_result(&store).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_redis_store_on_a_cluster_claims_once_reports_progress_and_keeps_the_first_result() {
    let store = RedisStore::connect(common::redis_cluster::cluster(), &unique_prefix("proto"))
        .await
        .unwrap();
    claims_once_reports_progress_and_keeps_the_first_result(&store).await;
}

async fn claims_once_reports_progress_and_keeps_the_first_result(store: &RedisStore) {
    let lease = Duration::from_secs(10);
    let Claim::Acquired {
        token,
        recovered: false,
    } = store.claim("k", lease).await.unwrap()
    else {
        panic!("first claim")
    };
    assert_eq!(store.claim("k", lease).await.unwrap(), Claim::InProgress);
    assert!(store.extend("k", &token, lease).await.unwrap());
    store
        .complete("k", &token, &serde_json::json!({"n": 1}), lease)
        .await
        .unwrap();
    store
        .complete("k", &token, &serde_json::json!({"n": 2}), lease)
        .await
        .unwrap();
    assert_eq!(
        store.claim("k", lease).await.unwrap(),
        Claim::Done(serde_json::json!({"n": 1}))
    );
    assert_eq!(
        store.result("k").await.unwrap(),
        Some(serde_json::json!({"n": 1}))
    );
    // A released claim is free at once and its next claim is not a recovery.
    let Claim::Acquired { token, .. } = store.claim("r", lease).await.unwrap() else {
        panic!()
    };
    store.release("r", &token).await.unwrap();
    assert!(matches!(
        store.claim("r", lease).await.unwrap(),
        Claim::Acquired {
            recovered: false,
            ..
        }
    ));
    store.delete_all().await.unwrap();
}

#[tokio::test]
async fn a_refused_refund_is_recorded_and_not_retried_and_an_unavailable_backend_frees_the_claim() {
    struct Down;
    #[async_trait]
    impl CommerceBackend for Down {
        async fn customer(&self, _: &str) -> Result<Option<Customer>, BackendError> {
            Ok(None)
        }
        async fn order(&self, _: &str) -> Result<Option<Order>, BackendError> {
            Ok(None)
        }
        async fn kb_articles(&self) -> Result<Vec<KbArticle>, BackendError> {
            Ok(vec![])
        }
        async fn issue_refund(
            &self,
            _: &RefundRequest,
        ) -> Result<RefundConfirmation, BackendError> {
            Err(BackendError::Unavailable("connection refused".into()))
        }
    }
    let store = MemoryStore::new();
    let outbox = MemoryOutbox::default();
    let action = refund_action("T-DOWN", "O1001", 100);
    let fx = Effects {
        backend: &Down,
        outbox: &outbox,
        store: &store,
        lease: Duration::from_secs(30),
        result_ttl: Duration::from_secs(60),
    };
    assert!(matches!(
        execute_approved(&action, &fx).await,
        Err(ExecuteError::Transient(_))
    ));
    // The claim was released: the retry runs now, against a working shop.
    let shop = EmbeddedBackend::new(World::fixture());
    let fx = Effects {
        backend: &shop,
        ..fx
    };
    assert_eq!(
        execute_approved(&action, &fx).await.unwrap().record.status,
        "succeeded"
    );

    // Above the refundable amount: recorded as failed, and a second approval replays that.
    let too_much = refund_action("T-MUCH", "O1015", 99_999);
    let first = execute_approved(&too_much, &fx).await.unwrap();
    assert_eq!(first.record.status, "failed");
    assert_eq!(first.record.result["error"], "amount_exceeds_refundable");
    assert!(execute_approved(&too_much, &fx).await.unwrap().replayed);
}

/// A peer that accepts TCP connections and never says a word: a stalled Redis host.
async fn silent_peer() -> (String, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("redis://{}", listener.local_addr().unwrap());
    let task = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            held.push(socket);
        }
    });
    (url, task)
}

#[tokio::test]
async fn a_redis_that_accepts_but_never_answers_fails_the_stores_instead_of_hanging() {
    let (url, peer) = silent_peer().await;
    // Each connect is bounded by a connection timeout and its reconnect attempts (the
    // redis crate's own 1 s for the idempotency store, 2 s set by the worker's records);
    // with none, a stalled host would hold the caller until TCP gave up, hours later.
    // The generous outer bound only turns such a hang into a failure.
    let connects = async {
        let idem = RedisStore::connect(&url, "ta-test-silent").await;
        let records =
            ticket_agent::queue::records::TicketRecords::connect(&url, "ta-test-silent").await;
        (idem.is_err(), records.is_err())
    };
    let (idem_failed, records_failed) = tokio::time::timeout(Duration::from_secs(180), connects)
        .await
        .expect("connecting to a silent Redis hung");
    assert!(idem_failed && records_failed);
    peer.abort();
}
