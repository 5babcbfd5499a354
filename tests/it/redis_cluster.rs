//! The whole worker on a Redis Cluster of its own (three masters, three replicas, from
//! `scripts/redis-cluster`) and the local RabbitMQ: tickets flow through two workers
//! while a master is SIGKILLed and its replica promoted, and every ticket still ends
//! with exactly one outcome.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::broker::{Env, example_tickets};
use crate::common::redis_cluster::OwnCluster;
use ticket_agent::model::rules::RulesModel;

// Before `worker.store_wait_secs`, about one run in ten dead-lettered a valid ticket:
// requeued against the dead master until the broker's delivery limit. Now the delivery
// waits for Redis, and nothing may be dead-lettered.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn tickets_through_two_workers_survive_a_redis_master_killed_mid_run_with_one_outcome_each() {
    crate::common::logs_from_env();
    let cluster = OwnCluster::start("failover");
    let urls = cluster.urls.clone();
    let env = Env::open("redis-cluster", move |settings| {
        settings.redis.url = (urls).into();
        settings.worker.retry_delays_ms = vec![300, 600, 900];
        // A failover costs a few attempts of the tickets in flight while it lasts.
        settings.worker.max_attempts = 8;
        settings.worker.concurrency = 8;
        settings.worker.lease_secs = 5;
        settings.worker.metrics_listen = "127.0.0.1:0".into();
        settings.agent.max_body_bytes = 2048;
    })
    .await;
    let n = 300;
    assert_eq!(env.submit_lines(&example_tickets(n)).await, n);
    let (w1, stop1) = env.spawn_worker(Arc::new(RulesModel::new()));
    let (w2, stop2) = env.spawn_worker(Arc::new(RulesModel::new()));

    // Kill a master once the run is well under way, and bring it back as a replica.
    let q = env.topology.outcomes_all_queue.clone();
    env.wait_depth(&q, (n / 4) as u32, Duration::from_secs(60))
        .await;
    let killed = cluster.kill_a_master();
    let killed_at = Instant::now();
    env.wait_depth(&q, (n / 2) as u32, Duration::from_secs(60))
        .await;
    let progressed_after = killed_at.elapsed();
    cluster.restart(killed);

    // Outcomes are taken as they come: a copy re-published after the failover counts
    // once, so the run is over when every ticket has one, not at n messages.
    let mut by_ticket: HashMap<String, Vec<String>> = HashMap::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    while by_ticket.len() < n && Instant::now() < deadline {
        for (o, _) in env.drain(&q).await {
            by_ticket
                .entry(o["ticket_id"].as_str().unwrap().to_string())
                .or_default()
                .push(o["outcome"].as_str().unwrap().to_string());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // A copy the failover left behind (a busy copy parked in the wait queue, one put
    // back while Redis was away) is still delivered: the workers, still running, take
    // it and find its ticket done. Only then are they stopped, so that what the queues
    // hold below is what nobody would ever take.
    // All queues at once: a copy can move from the wait queue to the tickets queue
    // after the tickets queue was looked at.
    let settle_by = Instant::now() + Duration::from_secs(60);
    while !env.no_ticket_left().await && Instant::now() < settle_by {}
    // What a ticket still without an outcome looks like while the workers still run.
    for id in (0..n).map(|i| format!("T-{i:04}")) {
        if !by_ticket.contains_key(&id) {
            eprintln!(
                "no outcome for {id} with the workers running: lease {:?}, result recorded {:?}, done {:?}, tickets queue ready {}",
                env.records.lease_holder(&id).await,
                env.records.result(&id).await.map(|r| r.is_some()),
                env.records.done(&id).await.map(|d| d.is_some()),
                env.depth(&env.topology.tickets_queue).await,
            );
        }
    }
    stop1.send(()).unwrap();
    stop2.send(()).unwrap();
    let (s1, s2) = (w1.await.unwrap(), w2.await.unwrap());
    eprintln!(
        "failover: half the tickets done {progressed_after:?} after the kill; workers {s1:?} {s2:?}"
    );
    // One outcome per ticket: a copy re-published after the failover is the same one.
    if by_ticket.len() < n {
        let missing: Vec<String> = (0..n)
            .map(|i| format!("T-{i:04}"))
            .filter(|id| !by_ticket.contains_key(id))
            .collect();
        let mut depths = vec![("tickets", env.depth(&env.topology.tickets_queue).await)];
        for (q, _, _) in &env.topology.retry_queues {
            depths.push(("retry", env.depth(q).await));
        }
        depths.push(("wait", env.depth(&env.topology.wait_queue).await));
        depths.push(("dead", env.depth(&env.topology.dead_queue).await));
        for id in &missing {
            eprintln!("missing {id}: done {:?}", env.records.done(id).await);
        }
        panic!(
            "{} tickets without an outcome: {missing:?}; queues {depths:?}",
            n - by_ticket.len()
        );
    }
    for (ticket, seen) in &by_ticket {
        assert!(
            seen.iter().all(|o| o == &seen[0]),
            "{ticket} ended twice, differently: {seen:?}"
        );
    }
    assert_eq!(env.depth(&env.topology.tickets_queue).await, 0);
    let dead = env.drain(&env.topology.dead_queue).await;
    for (body, headers) in &dead {
        eprintln!("dead: {} {headers:?}", body["ticket_id"]);
    }
    assert!(dead.is_empty(), "nothing dead-lettered");
    // The cluster goes with its keys; right after a restart a SCAN of every master can
    // time out on the node that came back, so the records are not deleted one by one.
    env.topology.delete(&env.ch).await.unwrap();
    drop(cluster);
}
