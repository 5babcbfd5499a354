//! The `ticket-agent` binary as a user runs it: a reader that goes away early ends a
//! printing command quietly, and the long-running commands print the address they
//! bound when asked for any free port (`127.0.0.1:0`). The broker tests use the local
//! RabbitMQ and Redis under a prefix of their own, deleted at the end.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::broker::Env;

fn binary() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ticket-agent"));
    cmd.env("RUST_LOG", "warn").stdin(Stdio::null());
    cmd
}

#[test]
fn a_printing_command_exits_quietly_when_its_reader_has_gone() {
    // The read end is closed before the command starts: its first write fails with
    // EPIPE, as under `ticket-agent tools | head -0`.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = binary()
        .arg("tools")
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
        .wait_with_output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stderr.trim().is_empty(),
        "nothing to say on stderr: {stderr}"
    );
}

/// Reads the child's stderr until a line starts with `prefix`; returns that line.
fn line_starting(child: &mut std::process::Child, prefix: &str) -> String {
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let prefix = prefix.to_string();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if line.starts_with(&prefix) {
                let _ = tx.send(line);
                return;
            }
        }
    });
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the line never came")
}

/// The port of `http://127.0.0.1:PORT…` in `line`.
fn port_in(line: &str) -> u16 {
    let rest = line.split("http://127.0.0.1:").nth(1).expect(line);
    rest.chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .expect(line)
}

fn answers_http(port: u16, path: &str) -> bool {
    use std::io::{Read, Write};
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if let Ok(mut s) = std::net::TcpStream::connect(("127.0.0.1", port)) {
            let _ = write!(
                s,
                "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            );
            let mut reply = String::new();
            let _ = s.read_to_string(&mut reply);
            if reply.starts_with("HTTP/1.1 200") {
                return true;
            }
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

#[tokio::test]
async fn the_worker_and_the_console_print_the_port_they_bound_for_port_zero() {
    let env = Env::open("cli-ports", |_| {}).await;
    let db = common::pg::TestDb::create("cli-ports").await;
    let with_env = |cmd: &mut Command| {
        cmd.env("TICKET_AGENT__AMQP__PREFIX", &env.settings.amqp.prefix)
            .env("TICKET_AGENT__APPROVALS__DATABASE_URL", &db.url)
            .env(
                "TICKET_AGENT__REDIS__KEY_PREFIX",
                &env.settings.redis.key_prefix,
            )
            .env("TICKET_AGENT__WORKER__METRICS_LISTEN", "127.0.0.1:0")
            .env("TICKET_AGENT__APPROVALS__LISTEN", "127.0.0.1:0")
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
    };
    let mut worker = binary();
    with_env(worker.arg("worker"));
    let mut worker = worker.spawn().unwrap();
    let mut console = binary();
    with_env(console.args(["approvals", "serve"]));
    let mut console = console.spawn().unwrap();

    let (worker_line, console_line) = tokio::task::spawn_blocking(move || {
        let w = line_starting(&mut worker, "metrics on ");
        let c = line_starting(&mut console, "approvals console on ");
        let ports = (port_in(&w), port_in(&c));
        let answered = (
            answers_http(ports.0, "/healthz"),
            answers_http(ports.1, "/healthz"),
        );
        let _ = worker.kill();
        let _ = console.kill();
        let _ = worker.wait();
        let _ = console.wait();
        assert_eq!(answered, (true, true), "{w} / {c}");
        (w, c)
    })
    .await
    .unwrap();
    assert_ne!(port_in(&worker_line), 0, "{worker_line}");
    assert_ne!(port_in(&console_line), 0, "{console_line}");
    env.cleanup().await;
    drop(db);
}

#[test]
fn approvals_serve_refuses_to_start_without_its_database_and_names_the_url_it_tried() {
    // A closed loopback port: nothing answers there. The password must not be shown.
    let out = binary()
        .args(["approvals", "serve"])
        .env(
            "TICKET_AGENT__APPROVALS__DATABASE_URL",
            "postgres://reviewer:hunter2@127.0.0.1:9/ticket_agent",
        )
        .env("TICKET_AGENT__APPROVALS__LISTEN", "127.0.0.1:0")
        // Not waiting for a database that may come back: the refusal is what is tested.
        .env("TICKET_AGENT__STARTUP__WAIT_SECS", "0")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("postgres://reviewer:***@127.0.0.1:9/ticket_agent"),
        "{stderr}"
    );
    assert!(
        stderr.contains("TICKET_AGENT__APPROVALS__DATABASE_URL"),
        "{stderr}"
    );
    assert!(!stderr.contains("hunter2"), "{stderr}");
}

#[test]
fn process_without_an_embedding_model_to_be_had_runs_lexically_and_says_so_in_one_line() {
    // An empty model folder and a package index that cannot answer (a closed loopback
    // port, so no outside host is asked): the fetch fails, the tickets are processed.
    let dir = tempfile::tempdir().unwrap();
    let model_dir = dir.path().join("no-model");
    let out = binary()
        .args([
            "process",
            concat!(env!("CARGO_MANIFEST_DIR"), "/examples/tickets.jsonl"),
        ])
        .env("TICKET_AGENT__KB__EMBEDDING_MODEL_DIR", &model_dir)
        .env("PIP_CONFIG_FILE", "/dev/null")
        .env("PIP_INDEX_URL", "http://127.0.0.1:9/simple")
        .env("PIP_RETRIES", "0")
        .env("PIP_TIMEOUT", "2")
        .env("PIP_NO_CACHE_DIR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    let said: Vec<&str> = stderr.lines().filter(|l| l.contains("kb_search")).collect();
    assert_eq!(said.len(), 1, "one line about the search: {stderr}");
    assert!(
        said[0].starts_with("kb_search: lexical only (BM25): "),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    let outcomes = String::from_utf8_lossy(&out.stdout);
    let lines = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/tickets.jsonl"
    ))
    .unwrap()
    .lines()
    .filter(|l| !l.trim().is_empty())
    .count();
    assert_eq!(outcomes.lines().count(), lines, "one outcome per ticket");
    assert!(
        !model_dir.exists() || std::fs::read_dir(&model_dir).unwrap().next().is_none(),
        "a failed fetch leaves no half model behind"
    );
}

#[test]
fn process_exits_1_saying_why_when_every_ticket_failed_on_the_model() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("one.jsonl");
    std::fs::write(
        &input,
        r#"{"ticket_id":"M-1","customer_id":"C001","order_id":"O1002","subject":"where","body":"Where is my keyboard?"}"#,
    )
    .unwrap();
    // A model server that is not there (a closed loopback port), asked once.
    let out = binary()
        .args(["process", "--model", "openai:any"])
        .arg(&input)
        .env(
            "TICKET_AGENT__MODEL__OPENAI__BASE_URL",
            "http://127.0.0.1:9/v1",
        )
        .env("TICKET_AGENT__MODEL__MAX_RETRIES", "0")
        .env("TICKET_AGENT__KB__SEMANTIC", "false")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let said: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("error: every ticket failed on the model"))
        .collect();
    assert_eq!(said.len(), 1, "{stderr}");
    // The outcome line is still written: the ticket is escalated, not lost.
    let outcome: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!(outcome["category"], "model_error", "{outcome}");
}

#[test]
fn the_model_option_is_offered_only_by_commands_that_run_a_model() {
    let offers_model = |words: &[&str]| {
        let out = binary().args(words).arg("--help").output().unwrap();
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{words:?} --help: {help}");
        help.contains("--model")
    };
    for words in [&["process"][..], &["eval"], &["worker"]] {
        assert!(offers_model(words), "{words:?} runs a model");
    }
    for words in [
        &[][..],
        &["submit"],
        &["topology"],
        &["tools"],
        &["dlq"],
        &["dlq", "list"],
        &["dlq", "show"],
        &["dlq", "replay"],
        &["dlq", "purge"],
        &["approvals"],
        &["approvals", "serve"],
        &["approvals", "list"],
        &["approvals", "approve"],
        &["approvals", "reject"],
        &["ingest"],
        &["ingest", "serve"],
        &["ingest", "openapi"],
        &["connector"],
        &["connector", "zendesk"],
        &["connector", "webhook"],
    ] {
        assert!(!offers_model(words), "{words:?} runs no model");
    }

    // Where it would do nothing it is refused, not ignored.
    for words in [
        &["submit", "--model", "rules", "x"][..],
        &["--model", "rules", "submit", "x"],
        &["tools", "--model", "rules"],
    ] {
        let out = binary().args(words).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{words:?}: {stderr}");
        assert!(stderr.contains("--model"), "{words:?}: {stderr}");
    }
}
