//! Which search a worker runs, as its operator sees it: the `ticket-agent worker` binary
//! says it on its start line, on `/readyz` (`search`) and in
//! `ticket_agent_kb_search_mode{mode}`; asked for hybrid search (`kb.semantic = true`, the
//! default) without an embedding model it refuses to start, naming the folder and the two
//! ways out, where `process` would go on with BM25 and say why. Each worker is a process of
//! its own, so its gauge is exactly 1 on its mode; the broker and Redis are the local ones
//! under a prefix of the test's own.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use ticket_agent::config::Settings;
use ticket_agent::embedding::minilm::missing_files;

use crate::common::broker::Env;

/// The worker binary on the test's prefix, its endpoint on a free port.
fn worker(env: &Env) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ticket-agent"));
    cmd.arg("worker")
        .env("RUST_LOG", "warn")
        .env("TICKET_AGENT__AMQP__PREFIX", &env.settings.amqp.prefix)
        .env(
            "TICKET_AGENT__REDIS__KEY_PREFIX",
            &env.settings.redis.key_prefix,
        )
        .env("TICKET_AGENT__WORKER__METRICS_LISTEN", "127.0.0.1:0")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    cmd
}

/// A running worker, killed when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `cmd`; returns it with its stderr lines up to the one naming the metrics
/// address (the start line comes before it).
async fn start(mut cmd: Command) -> (Running, Vec<String>) {
    let mut child = Running(cmd.spawn().expect("the binary starts"));
    let stderr = child.0.stderr.take().unwrap();
    let lines = tokio::task::spawn_blocking(move || {
        let mut lines = Vec::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let done = line.starts_with("metrics on ");
            lines.push(line);
            if done {
                break;
            }
        }
        lines
    });
    let lines = tokio::time::timeout(Duration::from_secs(60), lines)
        .await
        .expect("the worker printed its metrics address within 60 s")
        .unwrap();
    (child, lines)
}

/// The `127.0.0.1:PORT` of the `metrics on http://127.0.0.1:PORT/metrics` line.
fn metrics_addr(lines: &[String]) -> String {
    let line = lines
        .iter()
        .find(|l| l.starts_with("metrics on "))
        .unwrap_or_else(|| panic!("no metrics line in {lines:?}"));
    line.trim_start_matches("metrics on http://")
        .trim_end_matches("/metrics")
        .to_string()
}

/// `/readyz` once it answers 200 (the worker consuming), as JSON.
async fn ready(addr: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let last = match reqwest::get(format!("http://{addr}/readyz")).await {
            Ok(r) if r.status() == 200 => return r.json().await.unwrap(),
            Ok(r) => format!("{}: {}", r.status(), r.text().await.unwrap_or_default()),
            Err(e) => e.to_string(),
        };
        assert!(
            Instant::now() < deadline,
            "/readyz never answered 200: {last}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The value of the one sample `series` (name and labels, as rendered) on `/metrics`.
async fn sample(addr: &str, series: &str) -> Option<f64> {
    let page = reqwest::get(format!("http://{addr}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    page.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

#[tokio::test]
async fn a_worker_asked_for_hybrid_search_without_the_model_refuses_to_start_naming_the_folder() {
    let env = Env::open("search-refuse", |_| {}).await;
    let empty = tempfile::tempdir().unwrap();
    let dir = empty.path().join("all-MiniLM-L6-v2");
    let started = Instant::now();
    let mut cmd = tokio::process::Command::from(worker(&env));
    cmd.env("TICKET_AGENT__KB__EMBEDDING_MODEL_DIR", &dir)
        .kill_on_drop(true);
    // A worker that starts instead of refusing never exits: killed when the wait is given up.
    let out = tokio::time::timeout(
        Duration::from_secs(30),
        cmd.spawn().unwrap().wait_with_output(),
    )
    .await
    .expect("the worker refused to start within 30 s")
    .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    let line = lines[0];
    assert!(line.starts_with("error: kb.semantic is true"), "{line}");
    assert!(
        line.contains(&dir.display().to_string()),
        "names the folder: {line}"
    );
    assert!(
        line.contains(&format!("scripts/fetch-embedding-model {}", dir.display())),
        "says how to fetch it: {line}"
    );
    assert!(
        line.contains("kb.semantic = false"),
        "and how to go without it: {line}"
    );
    assert!(!line.contains("worker "), "it never started: {line}");
    // Before any connection: the refusal does not wait for the broker or Redis.
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    env.cleanup().await;
}

#[tokio::test]
async fn a_worker_told_kb_semantic_false_starts_and_says_lexical_on_its_start_line_readyz_and_metric()
 {
    let env = Env::open("search-lexical", |_| {}).await;
    let empty = tempfile::tempdir().unwrap();
    let mut cmd = worker(&env);
    // No model there either: with semantic search off, none is asked for.
    cmd.env("TICKET_AGENT__KB__SEMANTIC", "false")
        .env("TICKET_AGENT__KB__EMBEDDING_MODEL_DIR", empty.path());
    let (worker, lines) = start(cmd).await;
    let start_line = lines
        .iter()
        .find(|l| l.starts_with("worker "))
        .unwrap_or_else(|| panic!("no start line in {lines:?}"));
    assert!(
        start_line.ends_with("starting; kb_search: lexical only (BM25): kb.semantic is false"),
        "{start_line}"
    );
    let addr = metrics_addr(&lines);
    let body = ready(&addr).await;
    assert_eq!(body["search"], "lexical", "{body}");
    assert_eq!(
        sample(&addr, r#"ticket_agent_kb_search_mode{mode="lexical"}"#).await,
        Some(1.0)
    );
    assert_eq!(
        sample(&addr, r#"ticket_agent_kb_search_mode{mode="hybrid"}"#).await,
        Some(0.0)
    );
    // Stopped before its topology is deleted, which it would otherwise declare again.
    drop(worker);
    env.cleanup().await;
}

#[tokio::test]
async fn a_worker_with_the_model_in_its_folder_says_hybrid_on_its_start_line_readyz_and_metric() {
    let dir = Settings::load().expect("settings").kb.model_dir();
    let missing = missing_files(&dir);
    assert!(
        missing.is_empty(),
        "the embedding model is not in {} (missing {}): run scripts/fetch-embedding-model",
        dir.display(),
        missing.join(", ")
    );
    let env = Env::open("search-hybrid", |_| {}).await;
    let (running, lines) = start(worker(&env)).await;
    let start_line = lines
        .iter()
        .find(|l| l.starts_with("worker "))
        .unwrap_or_else(|| panic!("no start line in {lines:?}"));
    assert!(
        start_line.ends_with("starting; kb_search: hybrid, BM25 + all-MiniLM-L6-v2 embeddings"),
        "{start_line}"
    );
    let addr = metrics_addr(&lines);
    let body = ready(&addr).await;
    assert_eq!(body["search"], "hybrid", "{body}");
    assert_eq!(
        sample(&addr, r#"ticket_agent_kb_search_mode{mode="hybrid"}"#).await,
        Some(1.0)
    );
    assert_eq!(
        sample(&addr, r#"ticket_agent_kb_search_mode{mode="lexical"}"#).await,
        Some(0.0)
    );
    drop(running);
    env.cleanup().await;
}
