//! The deployment files against what the product exports: every `ticket_agent_*` metric
//! name in deploy/ (the Grafana dashboard, the Prometheus rules and the PrometheusRule, the
//! KEDA query) must be one a running process serves on `/metrics`.
//!
//! The processes are the real binaries, started as the cluster starts them: `worker` and
//! `approvals serve` reading the settings layer of deploy/kubernetes/kubernetes.toml
//! (`TICKET_AGENT_CONFIG_DIR` and `TICKET_AGENT_ENV`, as in the Deployments), each with its
//! own registry, against the local RabbitMQ (127.0.0.1:5672) and Redis (127.0.0.1:6379)
//! under a prefix of this test's own, with `ticket-agent-lab fake-llm` standing in for the model
//! API over the OpenAI wire format (with 429s and 500s, so that the retry counter moves and
//! the configured prices give a cost). A labelled family has no series until something is
//! recorded in it, so the test drives the whole path once, a refund included: submitted,
//! proposed, approved through the JSON API, executed; then one ticket through `ingest
//! serve`. Names under `ticket_agent_approvals_` must come from the approvals service,
//! those under `ticket_agent_ingest_` from the ingest API, the others from the worker.
//!
//! Self-contained on purpose: it uses the binary, its settings and its HTTP endpoints, and
//! of the library only what cleans up after it.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The proving ground's binary, for its fake model server.
const LAB: &str = env!("CARGO_BIN_EXE_ticket-agent-lab");
const AMQP_URL: &str = "amqp://guest:guest@127.0.0.1:5672/%2f";
const REDIS_URL: &str = "redis://127.0.0.1:6379";
const REVIEWER_TOKEN: &str = "deploy-metrics-token-0123456789";
/// Retry tiers short enough that a ticket whose model call failed through comes back at once.
const RETRY_DELAYS_MS: [u64; 2] = [200, 400];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository root")
}

/// The product binary, which cargo puts beside the lab's when the workspace is built
/// (`cargo test --workspace` builds every binary before it runs a test).
fn product_binary() -> PathBuf {
    let path =
        Path::new(LAB).with_file_name(format!("ticket-agent{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "the ticket-agent binary is not at {}: build it first (cargo build -p ticket-agent)",
        path.display()
    );
    path
}

/// Every `ticket_agent_…` identifier in the files under deploy/ (but the vendored CRD
/// schemas), with the files that name it. Comments count: a name written anywhere in a
/// dashboard or a rules file has to be real.
fn referenced_names(deploy: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut names: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut dirs = vec![deploy.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "schemas") {
                    dirs.push(path);
                }
                continue;
            }
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !matches!(ext, "json" | "yaml" | "yml") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let file = path.strip_prefix(repo()).unwrap().display().to_string();
            for name in identifiers(&text, "ticket_agent_") {
                names.entry(name).or_default().insert(file.clone());
            }
        }
    }
    names
}

/// The identifiers (`[A-Za-z0-9_]`) in `text` that start with `prefix` at a word boundary.
fn identifiers(text: &str, prefix: &str) -> Vec<String> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().next_back();
        let tail = &rest[at..];
        let len = tail.find(|c: char| !word(c)).unwrap_or(tail.len());
        if !before.is_some_and(word) && len > prefix.len() {
            out.push(tail[..len].to_string());
        }
        rest = &tail[len.max(1)..];
    }
    out
}

/// Whether a Prometheus text page exports `name`: a family of that name, or a histogram's
/// (or summary's) series `_bucket`, `_sum`, `_count`.
fn exports(page: &str, name: &str) -> bool {
    let family_type = |family: &str| {
        page.lines().find_map(|l| {
            let rest = l.strip_prefix("# TYPE ")?;
            let (n, t) = rest.split_once(' ')?;
            (n == family).then(|| t.trim().to_string())
        })
    };
    if family_type(name).is_some() {
        return true;
    }
    for (suffix, types) in [
        ("_bucket", &["histogram"][..]),
        ("_sum", &["histogram", "summary"][..]),
        ("_count", &["histogram", "summary"][..]),
    ] {
        if let Some(base) = name.strip_suffix(suffix)
            && family_type(base).is_some_and(|t| types.contains(&t.as_str()))
        {
            return true;
        }
    }
    false
}

/// A child process of the binary, killed when dropped, whose output is kept for the
/// failure message and read line by line by whoever waits for a line.
struct Proc {
    name: &'static str,
    child: Child,
    lines: mpsc::Receiver<String>,
    log: Arc<Mutex<Vec<String>>>,
}

impl Proc {
    fn spawn(name: &'static str, args: &[&str], env: &[(String, String)]) -> Proc {
        let program = if name == "fake-llm" {
            PathBuf::from(LAB)
        } else {
            product_binary()
        };
        let mut command = Command::new(&program);
        command.args(args).current_dir(repo());
        // Only what this test sets: nothing of the caller's TICKET_AGENT_* or API keys.
        for (key, _) in std::env::vars() {
            if key.starts_with("TICKET_AGENT") || key.ends_with("_API_KEY") || key == "RUST_LOG" {
                command.env_remove(key);
            }
        }
        command.envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {} {args:?}: {e}", program.display()));
        let (tx, lines) = mpsc::channel();
        let log = Arc::new(Mutex::new(Vec::new()));
        for stream in [
            Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
            Box::new(child.stderr.take().unwrap()),
        ] {
            let (tx, log) = (tx.clone(), log.clone());
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    log.lock().unwrap().push(line.clone());
                    let _ = tx.send(line);
                }
            });
        }
        Proc {
            name,
            child,
            lines,
            log,
        }
    }

    /// The first line containing `marker`, the text after it up to the next space.
    fn wait_for_word_after(&mut self, marker: &str, timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some((_, after)) = line.split_once(marker) {
                        return Ok(after.split_whitespace().next().unwrap_or("").to_string());
                    }
                }
                Err(_) => break,
            }
        }
        Err(format!(
            "{} never printed {marker:?}\n{}",
            self.name,
            self.tail()
        ))
    }

    fn exited(&mut self) -> bool {
        self.child.try_wait().ok().flatten().is_some()
    }

    fn tail(&self) -> String {
        let log = self.log.lock().unwrap();
        let start = log.len().saturating_sub(40);
        format!(
            "--- last lines of {} ---\n{}",
            self.name,
            log[start..].join("\n")
        )
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn get(client: &reqwest::Client, url: &str) -> Result<(u16, String), String> {
    let response = client
        .get(url)
        .bearer_auth(REVIEWER_TOKEN)
        .send()
        .await
        .map_err(|e| format!("GET {url}: {e}"))?;
    let status = response.status().as_u16();
    Ok((status, response.text().await.map_err(|e| e.to_string())?))
}

/// The settings every process gets: the cluster's settings layer, then this test's corner
/// of the broker and Redis.
fn common_env(prefix: &str, outbox: &Path) -> Vec<(String, String)> {
    let delays: Vec<String> = RETRY_DELAYS_MS.iter().map(u64::to_string).collect();
    [
        (
            "TICKET_AGENT_CONFIG_DIR",
            repo().join("deploy/kubernetes").display().to_string(),
        ),
        ("TICKET_AGENT_ENV", "kubernetes".into()),
        ("TICKET_AGENT__AMQP__URL", AMQP_URL.into()),
        ("TICKET_AGENT__REDIS__URL", REDIS_URL.into()),
        ("TICKET_AGENT__AMQP__PREFIX", prefix.into()),
        ("TICKET_AGENT__REDIS__KEY_PREFIX", prefix.into()),
        ("TICKET_AGENT__WORKER__RETRY_DELAYS_MS", delays.join(",")),
        ("TICKET_AGENT__WORKER__QUEUE_POLL_SECS", "1".into()),
        ("TICKET_AGENT__APPROVALS__SWEEP_SECS", "1".into()),
        ("TICKET_AGENT__OUTBOX__PATH", outbox.display().to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// The sum of every sample of `name` on a Prometheus text page.
fn total(page: &str, name: &str) -> f64 {
    page.lines()
        .filter(|l| {
            l.strip_prefix(name)
                .is_some_and(|rest| rest.starts_with('{') || rest.starts_with(' '))
        })
        .filter_map(|l| l.rsplit_once(' ')?.1.parse::<f64>().ok())
        .sum()
}

/// Polls `url` until `done` holds of the page, doing `meanwhile` between polls; returns the
/// page, or after `timeout` an error with the last one.
async fn wait_until(
    client: &reqwest::Client,
    url: &str,
    what: &str,
    timeout: Duration,
    done: impl Fn(&str) -> bool,
    mut meanwhile: impl AsyncFnMut() -> Result<(), String>,
) -> Result<String, String> {
    let deadline = Instant::now() + timeout;
    loop {
        let page = match get(client, url).await {
            Ok((200, page)) => page,
            Ok((status, body)) => format!("{url} answered {status}: {body}"),
            Err(e) => e,
        };
        if done(&page) {
            return Ok(page);
        }
        if Instant::now() > deadline {
            return Err(format!("{url} never showed {what}:\n{page}"));
        }
        meanwhile().await?;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Approves every pending action the approvals service lists.
async fn approve_pending(client: &reqwest::Client, console: SocketAddr) -> Result<(), String> {
    let (status, body) = get(client, &format!("http://{console}/api/approvals")).await?;
    if status != 200 {
        return Err(format!("GET /api/approvals answered {status}: {body}"));
    }
    let pending: Vec<Value> = serde_json::from_str(&body).map_err(|e| e.to_string())?;
    for record in pending {
        let id = record["message"]["approval_id"]
            .as_str()
            .ok_or_else(|| format!("an approval record without an id: {record}"))?;
        let response = client
            .post(format!("http://{console}/api/approvals/{id}/approve"))
            .bearer_auth(REVIEWER_TOKEN)
            .json(&serde_json::json!({"note": "tests/deploy_metrics.rs"}))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        // 409: decided meanwhile by an earlier round of this loop.
        if !(response.status().is_success() || response.status().as_u16() == 409) {
            return Err(format!(
                "approving {id} answered {}: {}",
                response.status(),
                response.text().await.unwrap_or_default()
            ));
        }
    }
    Ok(())
}

/// Runs the fleet and returns the names from deploy/ it found exported, or what went wrong.
async fn run_fleet(prefix: &str, outbox: &Path, database_url: &str) -> Result<Vec<String>, String> {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let env = common_env(prefix, outbox);
    let mut model = Proc::spawn(
        "fake-llm",
        &[
            "fake-llm",
            "--listen",
            "127.0.0.1:0",
            "--latency-ms",
            "0",
            "--error-rate",
            "0.3",
            "--seed",
            "7",
            // A limit far above this test's traffic: its rate-limit headers give the
            // workers' fleet budget something to learn, and nothing waits for it.
            "--rpm",
            "100000",
        ],
        &[],
    );
    let model_url = model.wait_for_word_after("listening on ", Duration::from_secs(20))?;

    let mut approvals_env = env.clone();
    approvals_env.extend([
        (
            "TICKET_AGENT__APPROVALS__LISTEN".to_string(),
            "127.0.0.1:0".to_string(),
        ),
        (
            "TICKET_AGENT_REVIEWERS".to_string(),
            format!("deploy:{REVIEWER_TOKEN}"),
        ),
        (
            "TICKET_AGENT__APPROVALS__DATABASE_URL".to_string(),
            database_url.to_string(),
        ),
    ]);
    let mut approvals = Proc::spawn(
        "approvals serve",
        &["--log-format", "json", "approvals", "serve"],
        &approvals_env,
    );
    let console: SocketAddr = approvals
        .wait_for_word_after("approvals console on http://", Duration::from_secs(20))?
        .parse()
        .map_err(|e| format!("the console's address: {e}"))?;

    // The worker's port is chosen here (it prints no address); another process may take it
    // between the probe and the bind, and then the worker exits naming the key: try again.
    let mut worker_env = env.clone();
    worker_env.extend(
        [
            // The cascade (rules first, the fake's OpenAI API for what rules declines),
            // its LLM tier a chain with a fallback model, as a fleet runs them.
            ("TICKET_AGENT__MODEL__PROVIDER", "cascade".to_string()),
            (
                "TICKET_AGENT__MODEL__FALLBACKS",
                "openai:fake-fallback".to_string(),
            ),
            (
                "TICKET_AGENT__MODEL__OPENAI__BASE_URL",
                format!("{model_url}/v1"),
            ),
            // The fleet's model budget, as a fleet sharing an account runs it.
            ("TICKET_AGENT__MODEL__LIMITS__ENABLED", "true".to_string()),
            ("TICKET_AGENT__MODEL__RETRY_BASE_MS", "1".into()),
            ("TICKET_AGENT__MODEL__RETRY_MAX_MS", "20".into()),
        ]
        .map(|(k, v)| (k.to_string(), v)),
    );
    let mut last_tail = String::new();
    let (mut worker, metrics) = 'start: {
        for _ in 0..3 {
            let addr = SocketAddr::from(([127, 0, 0, 1], free_port()));
            let mut env = worker_env.clone();
            env.push((
                "TICKET_AGENT__WORKER__METRICS_LISTEN".into(),
                addr.to_string(),
            ));
            let mut worker = Proc::spawn("worker", &["--log-format", "json", "worker"], &env);
            // A cascade start reads the intent bank's shipped vectors and checks its two
            // shipped regressions (a pass over the bank each); a debug build on a busy
            // machine is slow at it, and one that had to train would take 40 s or more.
            let deadline = Instant::now() + Duration::from_secs(60);
            while Instant::now() < deadline && !worker.exited() {
                if let Ok((200, _)) = get(&client, &format!("http://{addr}/readyz")).await {
                    break 'start (worker, addr);
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            if !worker.exited() {
                return Err(format!("the worker never became ready\n{}", worker.tail()));
            }
            last_tail = worker.tail();
        }
        return Err(format!("the worker exited at start 3 times\n{last_tail}"));
    };

    // Five example tickets: order status questions, refunds (one refund is enough for the
    // approvals' families), and five in other languages, which the rules tier declines to
    // the LLM tier (its calls, retries and prompt cache), through the real `submit`.
    let mut tickets: Vec<&str> = include_str!("../../../examples/tickets.jsonl")
        .lines()
        .take(5)
        .collect();
    tickets.extend([
        r#"{"ticket_id":"T-DE-1","customer_id":"C001","order_id":"O1002","subject":"Wo bleibt meine Bestellung?","body":"Hallo, ich habe vor einigen Tagen eine Tastatur bestellt und warte immer noch darauf. Können Sie mir bitte sagen, wann sie ankommt? Vielen Dank und freundliche Grüße"}"#,
        r#"{"ticket_id":"T-FR-1","customer_id":"C001","order_id":"O1002","subject":"Où est ma commande ?","body":"Bonjour, j'ai commandé un clavier il y a quelques jours et je l'attends toujours. Pouvez-vous me dire quand il arrivera ? Merci beaucoup"}"#,
        r#"{"ticket_id":"T-ES-1","customer_id":"C001","order_id":"O1002","subject":"¿Dónde está mi pedido?","body":"Hola, pedí un teclado hace unos días y todavía lo estoy esperando. ¿Me pueden decir cuándo llegará? Muchas gracias"}"#,
        r#"{"ticket_id":"T-NL-1","customer_id":"C001","order_id":"O1002","subject":"Waar blijft mijn bestelling?","body":"Hallo, ik heb een paar dagen geleden een toetsenbord besteld en wacht er nog steeds op. Kunt u mij vertellen wanneer het aankomt? Hartelijk dank"}"#,
        r#"{"ticket_id":"T-IT-1","customer_id":"C001","order_id":"O1002","subject":"Dov'è il mio ordine?","body":"Ciao, ho ordinato una tastiera qualche giorno fa e la sto ancora aspettando. Potete dirmi quando arriverà? Grazie mille"}"#,
    ]);
    let mut submit = Command::new(product_binary());
    submit
        .args(["submit", "-"])
        .current_dir(repo())
        .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut submit = submit.spawn().map_err(|e| e.to_string())?;
    submit
        .stdin
        .take()
        .unwrap()
        .write_all(tickets.join("\n").as_bytes())
        .map_err(|e| e.to_string())?;
    let out = submit.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "submit failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }

    // The whole path once: every ticket finished (the model's retries and tool calls with
    // them), then the refunds approved and executed.
    let timeout = Duration::from_secs(60);
    let worker_page = wait_until(
        &client,
        &format!("http://{metrics}/metrics"),
        "every ticket finished",
        timeout,
        |page| total(page, "ticket_agent_tickets_total") >= tickets.len() as f64,
        async || {
            if worker.exited() {
                return Err(format!("the worker exited\n{}", worker.tail()));
            }
            Ok(())
        },
    )
    .await
    .map_err(|e| format!("{e}\n{}", worker.tail()))?;
    let approvals_page = wait_until(
        &client,
        &format!("http://{console}/metrics"),
        "an executed approval",
        timeout,
        |page| total(page, "ticket_agent_approvals_executed_total") >= 1.0,
        async || approve_pending(&client, console).await,
    )
    .await
    .map_err(|e| format!("{e}\n{}", approvals.tail()))?;

    // The ingest API, with one ticket through it.
    let mut ingest_env = env.clone();
    ingest_env.extend([
        (
            "TICKET_AGENT__INGEST__LISTEN".to_string(),
            "127.0.0.1:0".to_string(),
        ),
        (
            "TICKET_AGENT_INGEST_TOKENS".to_string(),
            format!("deploy:{REVIEWER_TOKEN}"),
        ),
    ]);
    let mut ingest = Proc::spawn(
        "ingest serve",
        &["--log-format", "json", "ingest", "serve"],
        &ingest_env,
    );
    let api = ingest.wait_for_word_after("ingest API on http://", Duration::from_secs(20))?;
    let api = api.trim_end_matches("/v1/tickets").to_string();
    let posted = client
        .post(format!("http://{api}/v1/tickets"))
        .bearer_auth(REVIEWER_TOKEN)
        .header("content-type", "application/json")
        .body(r#"{"ticket_id":"deploy-ingest-1","subject":"Hello","body":"Where is my order?","customer_id":"C001"}"#)
        .send()
        .await
        .map_err(|e| format!("posting to the ingest API: {e}\n{}", ingest.tail()))?;
    if posted.status().as_u16() != 202 {
        return Err(format!(
            "the ingest API answered {}\n{}",
            posted.status(),
            ingest.tail()
        ));
    }
    let (_, ingest_page) = get(&client, &format!("http://{api}/metrics")).await?;
    drop(model);

    let names = referenced_names(&repo().join("deploy"));
    let owner = |n: &str| {
        // The sign-in guard's refusals: the approvals service has two of its doors.
        if n.starts_with("ticket_agent_approvals_") || n == "ticket_agent_auth_refusals_total" {
            "approvals"
        } else if n.starts_with("ticket_agent_ingest_") {
            "ingest"
        } else {
            "worker"
        }
    };
    let missing = |page: &str, process: &str| -> Vec<String> {
        names
            .keys()
            .filter(|n| owner(n) == process)
            .filter(|n| !exports(page, n))
            .cloned()
            .collect()
    };
    let (of_worker, of_approvals, of_ingest) = (
        missing(&worker_page, "worker"),
        missing(&approvals_page, "approvals"),
        missing(&ingest_page, "ingest"),
    );
    if !of_ingest.is_empty() {
        return Err(missing_report(
            "ingest API",
            &of_ingest,
            &names,
            &ingest_page,
            &ingest,
        ));
    }
    if !of_worker.is_empty() {
        return Err(missing_report(
            "worker",
            &of_worker,
            &names,
            &worker_page,
            &worker,
        ));
    }
    if !of_approvals.is_empty() {
        return Err(missing_report(
            "approvals service",
            &of_approvals,
            &names,
            &approvals_page,
            &approvals,
        ));
    }
    Ok(names.into_keys().collect())
}

fn missing_report(
    process: &str,
    missing: &[String],
    names: &BTreeMap<String, BTreeSet<String>>,
    page: &str,
    proc: &Proc,
) -> String {
    let listed: Vec<String> = missing
        .iter()
        .map(|n| {
            let files: Vec<&str> = names[n].iter().map(String::as_str).collect();
            format!("  {n} (named in {})", files.join(", "))
        })
        .collect();
    format!(
        "the {process}'s /metrics does not export what deploy/ refers to:\n{}\n--- its /metrics ---\n{page}\n{}",
        listed.join("\n"),
        proc.tail()
    )
}

async fn cleanup(prefix: &str) {
    if let Ok(conn) = ticket_agent::queue::connect(AMQP_URL, "deploy_metrics cleanup").await {
        if let Ok(ch) = conn.create_channel().await {
            let topology = ticket_agent::queue::Topology::new(prefix, &RETRY_DELAYS_MS);
            let _ = topology.delete(&ch).await;
        }
        let _ = conn.close(200, "done".into()).await;
    }
    // Every key this test's processes wrote sits under its prefix.
    if let Ok(store) = ticket_agent::idempotency::RedisStore::connect(REDIS_URL, prefix).await {
        let _ = store.delete_all().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_metric_the_dashboard_rules_and_autoscaler_name_is_exported_by_a_running_worker_or_approvals_service()
 {
    let names = referenced_names(&repo().join("deploy"));
    assert!(
        names.len() >= 10,
        "deploy/ names only {} ticket_agent_* metrics: {names:?}",
        names.len()
    );
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let prefix = format!("ta-test-deploy-{}-{nanos}", std::process::id());
    let outbox = tempfile::tempdir().unwrap();
    let db = ticket_agent_lab::pgdb::ScratchDb::create("deploy")
        .await
        .unwrap();
    let result = run_fleet(&prefix, &outbox.path().join("outbox.jsonl"), &db.url).await;
    cleanup(&prefix).await;
    let _ = db.drop_now().await;
    let exported = result.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(exported.len(), names.len());
    eprintln!(
        "deploy_metrics: the {} metric names in deploy/ are all exported: {}",
        exported.len(),
        exported.join(", ")
    );
}

#[test]
fn a_name_counts_as_exported_by_its_family_or_by_a_histograms_series_only() {
    let page = "\
# HELP ticket_agent_ticket_duration_seconds Wall time.
# TYPE ticket_agent_ticket_duration_seconds histogram
ticket_agent_ticket_duration_seconds_bucket{outcome=\"resolved\",le=\"0.5\"} 1
# HELP ticket_agent_tickets_in_flight In flight.
# TYPE ticket_agent_tickets_in_flight gauge
ticket_agent_tickets_in_flight 0
";
    for name in [
        "ticket_agent_ticket_duration_seconds",
        "ticket_agent_ticket_duration_seconds_bucket",
        "ticket_agent_ticket_duration_seconds_sum",
        "ticket_agent_ticket_duration_seconds_count",
        "ticket_agent_tickets_in_flight",
    ] {
        assert!(exports(page, name), "{name}");
    }
    for name in [
        "ticket_agent_tickets_in_flight_bucket",
        "ticket_agent_tickets_in_fligh",
        "ticket_agent_tickets_total",
    ] {
        assert!(!exports(page, name), "{name}");
    }
    assert_eq!(
        identifiers(
            "max(ticket_agent_tickets_queue_ready{job=\"x\"}) ticket_agent:escalation_rate:1h \
             my_ticket_agent_other ticket_agent_",
            "ticket_agent_"
        ),
        ["ticket_agent_tickets_queue_ready"]
    );
}
