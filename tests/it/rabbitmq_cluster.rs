//! The worker on a three-node RabbitMQ cluster of this test's own, started by
//! `scripts/rabbitmq-cluster` on free loopback ports (the machine's broker on 5672 is
//! not touched) and stopped when the test ends. The first node, where every connection
//! goes first and which leads the quorum queues declared through it, is stopped while
//! tickets run and brought back: nothing is lost, nothing is done twice, and nothing
//! is dead-lettered, though every queue that led on that node (`outcomes.all` is a
//! quorum queue here, as docs/queues.md asks of a cluster) refuses publishes until a
//! new leader is elected. Tickets' done records live in the local Redis
//! (127.0.0.1:6379) under the test's own prefix. `RUST_LOG=ticket_agent=debug` prints
//! the worker's story.

use crate::common;

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::broker::{Env, example_tickets};
use crate::common::{Slow, run_script, script_path};
use ticket_agent::queue::{confirm_channel, connect};

/// A cluster of one test's own; stopped and removed on drop.
struct Cluster {
    dir: PathBuf,
    /// The nodes' AMQP URLs, separated by commas (what `amqp.url` takes).
    urls: String,
}

impl Cluster {
    fn start(name: &str) -> Cluster {
        let dir = std::env::temp_dir().join(format!(
            "ta-test-rabbitmq-cluster-{name}-{}",
            std::process::id()
        ));
        let pid = std::process::id().to_string();
        let urls = run_script(
            "rabbitmq-cluster",
            &["start", dir.to_str().unwrap(), "--owner", &pid],
        );
        Cluster { dir, urls }
    }

    fn stop_node(&self, n: u8) {
        run_script(
            "rabbitmq-cluster",
            &["stop-node", self.dir.to_str().unwrap(), &n.to_string()],
        );
    }

    fn start_node(&self, n: u8) {
        run_script(
            "rabbitmq-cluster",
            &["start-node", self.dir.to_str().unwrap(), &n.to_string()],
        );
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new(script_path("rabbitmq-cluster"))
            .arg("stop")
            .arg(&self.dir)
            .output();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn stopping_the_node_that_leads_the_queues_loses_no_ticket_and_runs_none_twice() {
    common::logs_from_env();
    let cluster = Cluster::start("failover");
    let mut env = Env::open("rabbitmq-cluster", |settings| {
        settings.amqp.url = (cluster.urls.clone()).into();
        settings.worker.metrics_listen = "127.0.0.1:0".into();
        settings.worker.concurrency = 16;
        settings.amqp.outcomes_queue_type = ticket_agent::config::QueueType::Quorum;
        settings.worker.lease_secs = 10;
        // Room for a leader election and the node's return before a ticket runs out of
        // attempts.
        settings.worker.retry_delays_ms = vec![1000, 2000, 4000];
        settings.worker.max_attempts = 8;
    })
    .await;
    let n = 300;
    assert_eq!(env.submit_lines(&example_tickets(n)).await, n);
    let model = Slow {
        label: "slow",
        delay: Duration::from_millis(40),
    };
    let (worker, stop) = env.spawn_worker(Arc::new(model));

    let started = Instant::now();
    while env.records.count_done().await.unwrap() < n / 3 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "a third of the tickets did not finish"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    cluster.stop_node(1);
    let stopped = Instant::now();
    tokio::time::sleep(Duration::from_secs(5)).await;
    let done_while_down = env.records.count_done().await.unwrap();
    cluster.start_node(1);
    while env.records.count_done().await.unwrap() < n {
        assert!(
            stopped.elapsed() < Duration::from_secs(180),
            "{} of {n} tickets finished after the node was stopped",
            env.records.count_done().await.unwrap()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Let a redelivered duplicate, if any, be settled too.
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.send(()).unwrap();
    worker.await.unwrap();
    eprintln!(
        "rabbitmq cluster: {n} tickets; {done_while_down} done when node 1 had been down 5 s; all done {:.1} s after it stopped",
        stopped.elapsed().as_secs_f64()
    );

    // The test's own connection went with node 1.
    env.conn = connect(&cluster.urls, "ticket-agent test").await.unwrap();
    env.ch = confirm_channel(&env.conn).await.unwrap();
    assert_eq!(env.records.count_done().await.unwrap(), n);
    assert_eq!(env.depth(&env.topology.tickets_queue).await, 0);
    assert_eq!(
        env.depth(&env.topology.dead_queue).await,
        0,
        "nothing dead-lettered"
    );
    let outcomes = env.drain(&env.topology.outcomes_all_queue).await;
    let ids: HashSet<String> = outcomes
        .iter()
        .map(|(o, _)| o["ticket_id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), n, "an outcome for every ticket");
    env.cleanup().await;
}
