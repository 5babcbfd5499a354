//! The console's dead-letter page (`src/console/dead_letters.rs`) over HTTP, against
//! the local RabbitMQ and Redis, each test in its own corner (a unique prefix, deleted
//! after). The claims: operators and reviewers are separate roles, neither token nor
//! session opening the other's pages; every change without the session's CSRF token is
//! refused and changes nothing; a replay cut short by the page's deadline states how
//! many it replayed and which letter may be in both queues, and that is what the queues
//! hold. The page in a real browser is in tests/console_browser.rs.

use std::collections::HashSet;
use std::time::Duration;

use crate::common::broker::{Env, publish_approval, refund_approval};
use crate::common::console::{Console, OPERATOR_TOKEN, REVIEWER_TOKEN, csrf_of, ticket_json};
use chrono::Utc;
use lapin::BasicProperties;
use lapin::options::{BasicGetOptions, BasicPublishOptions};
use lapin::types::{AMQPValue, FieldTable};
use reqwest::StatusCode;
use ticket_agent::queue::dlq;
use ticket_agent::queue::long_string;

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// The session cookie's `name=value` from a sign-in's answer. The answer also clears
/// the sign-in form's cookie, in no fixed order, so the session's is found by name.
fn session_cookie(r: &reqwest::Response, name: &str) -> String {
    r.headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().split(';').next().unwrap().to_string())
        .find(|c| {
            c.strip_prefix(name)
                .is_some_and(|v| v.starts_with('=') && v.len() > 1)
        })
        .unwrap_or_else(|| panic!("a sign-in sets the {name} cookie"))
}

/// Posts `token` to the sign-in form at `path` (`/login` or `/dead-letters/login`) as a
/// browser does: the form's own CSRF token from the page, with its cookie.
async fn post_login(c: &reqwest::Client, base: &str, path: &str, token: &str) -> reqwest::Response {
    let page = c.get(format!("{base}{path}")).send().await.unwrap();
    let cookie = page
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().split(';').next().unwrap().to_string())
        .find(|c| c.starts_with("ta_login=") || c.starts_with("ta_operator_login="))
        .expect("the sign-in page sets its form's cookie");
    let html = page.text().await.unwrap();
    let csrf = html
        .split("name=\"login_csrf\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the sign-in form carries its CSRF token")
        .to_string();
    c.post(format!("{base}{path}"))
        .header("cookie", cookie)
        .form(&[("token", token), ("login_csrf", csrf.as_str())])
        .send()
        .await
        .unwrap()
}

/// Signs the operator in: (`ta_operator=…`, the session id alone, the CSRF token).
async fn operator(c: &reqwest::Client, base: &str) -> (String, String, String) {
    let r = post_login(c, base, "/dead-letters/login", OPERATOR_TOKEN).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let cookie = session_cookie(&r, "ta_operator");
    let page = c
        .get(format!("{base}/dead-letters"))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let csrf = csrf_of(&page.text().await.unwrap());
    let sid = cookie.split_once('=').unwrap().1.to_string();
    (cookie, sid, csrf)
}

/// Signs the reviewer in on the approvals console: (`ta_session=…`, session id, CSRF).
async fn reviewer(c: &reqwest::Client, base: &str) -> (String, String, String) {
    let r = post_login(c, base, "/login", REVIEWER_TOKEN).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let cookie = session_cookie(&r, "ta_session");
    let page = c
        .get(format!("{base}/"))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    let csrf = csrf_of(&page.text().await.unwrap());
    let sid = cookie.split_once('=').unwrap().1.to_string();
    (cookie, sid, csrf)
}

impl Env {
    async fn dead(&self) -> Vec<String> {
        self.settled_depth(&self.topology.dead_queue).await;
        dlq::list(&self.ch, &self.topology, usize::MAX, None)
            .await
            .unwrap()
            .into_iter()
            .map(|l| l.ticket_id.unwrap_or_default())
            .collect()
    }

    /// The message ids in the tickets queue, read on a channel closed unacked.
    async fn queued(&self) -> Vec<String> {
        self.settled_depth(&self.topology.tickets_queue).await;
        let ch = self.conn.create_channel().await.unwrap();
        let mut ids = Vec::new();
        while let Some(m) = ch
            .basic_get(
                self.topology.tickets_queue.as_str().into(),
                BasicGetOptions::default(),
            )
            .await
            .unwrap()
        {
            ids.push(
                m.delivery
                    .properties
                    .message_id()
                    .as_ref()
                    .unwrap()
                    .to_string(),
            );
        }
        ch.close(200, "peeked".into()).await.unwrap();
        ids
    }
}

#[tokio::test]
async fn a_reviewer_cannot_see_or_change_dead_letters_and_an_operator_cannot_decide_approvals() {
    let mut env = Env::open("dlc-roles", |_| {}).await;
    env.bury("D-1", "max_attempts", Utc::now()).await;
    let console = Console::start(&mut env).await;
    let base = console.base.clone();
    let c = client();
    let message = refund_approval("T-ROLES", 10.0, Utc::now());
    publish_approval(&env.ch, &env.topology, &message).await;
    let approval = format!("{base}/api/approvals/{}", message.approval_id);
    let start = std::time::Instant::now();
    while c
        .get(&approval)
        .bearer_auth(REVIEWER_TOKEN)
        .send()
        .await
        .unwrap()
        .status()
        != StatusCode::OK
    {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the approval never arrived"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // A reviewer: the token does not sign in here, the session opens nothing here,
    // under either cookie name.
    // The operators' sign-in refuses a form that did not come from its own page.
    let r = c
        .post(format!("{base}/dead-letters/login"))
        .form(&[("token", OPERATOR_TOKEN)])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let r = post_login(&c, &base, "/dead-letters/login", REVIEWER_TOKEN).await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let (reviewer_cookie, reviewer_sid, reviewer_csrf) = reviewer(&c, &base).await;
    for cookie in [
        reviewer_cookie.clone(),
        format!("ta_operator={reviewer_sid}"),
    ] {
        let r = c
            .get(format!("{base}/dead-letters"))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "{cookie}");
        assert_eq!(r.headers()["location"], "/dead-letters/login");
        let r = c
            .get(format!("{base}/dead-letters/letter?id=D-1"))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::SEE_OTHER);
        let r = c
            .post(format!("{base}/dead-letters/replay"))
            .header("cookie", &cookie)
            .form(&[("csrf", reviewer_csrf.as_str()), ("one", "D-1")])
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
        let r = c
            .post(format!("{base}/dead-letters/purge"))
            .header("cookie", &cookie)
            .form(&[("csrf", reviewer_csrf.as_str()), ("older_than", "0s")])
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    }
    assert_eq!(env.dead().await, ["D-1"]);
    assert_eq!(env.depth(&env.topology.tickets_queue).await, 0);

    // An operator: the token does not sign in to the approvals console nor pass the
    // API, and the session decides nothing, under either cookie name.
    let r = post_login(&c, &base, "/login", OPERATOR_TOKEN).await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let r = c
        .get(&approval)
        .bearer_auth(OPERATOR_TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let r = c
        .post(format!("{approval}/approve"))
        .bearer_auth(OPERATOR_TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let (operator_cookie, operator_sid, operator_csrf) = operator(&c, &base).await;
    for cookie in [
        operator_cookie.clone(),
        format!("ta_session={operator_sid}"),
    ] {
        let r = c
            .get(format!("{base}/"))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "{cookie}");
        assert_eq!(r.headers()["location"], "/login");
        let r = c
            .post(format!("{base}/approvals/{}/approve", message.approval_id))
            .header("cookie", &cookie)
            .form(&[("csrf", operator_csrf.as_str()), ("note", "")])
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "{cookie}");
    }
    let record: serde_json::Value = c
        .get(&approval)
        .bearer_auth(REVIEWER_TOKEN)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(record["status"], "pending");
    // Each in their own place, both work.
    let page = c
        .get(format!("{base}/dead-letters"))
        .header("cookie", &operator_cookie)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("data-ticket=\"D-1\""), "{page}");

    console.stop(&env).await;
    env.cleanup().await;
}

#[tokio::test]
async fn every_change_without_the_sessions_csrf_token_is_refused_and_with_it_one_or_a_selection_replays()
 {
    let mut env = Env::open("dlc-csrf", |_| {}).await;
    env.bury("D-1", "max_attempts", Utc::now()).await;
    let console = Console::start(&mut env).await;
    let base = console.base.clone();
    let c = client();
    let (cookie, _, csrf) = operator(&c, &base).await;
    let wrong = "0".repeat(64);

    for token in ["", wrong.as_str()] {
        let r = c
            .post(format!("{base}/dead-letters/replay"))
            .header("cookie", &cookie)
            .form(&[("csrf", token), ("one", "D-1")])
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::FORBIDDEN);
        let r = c
            .post(format!("{base}/dead-letters/replay"))
            .header("cookie", &cookie)
            .form(&[("csrf", token), ("scope", "matching")])
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::FORBIDDEN);
        let r = c
            .post(format!("{base}/dead-letters/purge"))
            .header("cookie", &cookie)
            .form(&[("csrf", token), ("older_than", "0s")])
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::FORBIDDEN);
        // Signing out is a change too: without the token the session stays.
        c.post(format!("{base}/dead-letters/logout"))
            .header("cookie", &cookie)
            .form(&[("csrf", token)])
            .send()
            .await
            .unwrap();
    }
    assert_eq!(env.dead().await, ["D-1"]);
    assert_eq!(env.depth(&env.topology.tickets_queue).await, 0);
    let r = c
        .get(format!("{base}/dead-letters"))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK, "the session survived");

    // With the token, the same replay goes through.
    let r = c
        .post(format!("{base}/dead-letters/replay"))
        .header("cookie", &cookie)
        .form(&[("csrf", csrf.as_str()), ("one", "D-1")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let run = r.headers()["location"].to_str().unwrap().to_string();
    assert!(run.starts_with("/dead-letters/runs/"), "{run}");
    let page = c
        .get(format!("{base}{run}"))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("1 replayed, 0 already done"), "{page}");
    assert!(page.contains("replayed (replay 1)"), "{page}");
    assert_eq!(env.queued().await, ["D-1"]);
    assert!(env.dead().await.is_empty());

    // A selection: the ticked letters go, the others stay.
    for id in ["D-2", "D-3", "D-4"] {
        env.bury(id, "max_attempts", Utc::now()).await;
    }
    let r = c
        .post(format!("{base}/dead-letters/replay"))
        .header("cookie", &cookie)
        .form(&[
            ("csrf", csrf.as_str()),
            ("scope", "selected"),
            ("id", "D-2"),
            ("id", "D-4"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let run = r.headers()["location"].to_str().unwrap().to_string();
    let page = c
        .get(format!("{base}{run}"))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("2 replayed, 0 already done"), "{page}");
    let mut queued = env.queued().await;
    queued.sort();
    assert_eq!(queued, ["D-1", "D-2", "D-4"]);
    assert_eq!(env.dead().await, ["D-3"]);

    console.stop(&env).await;
    env.cleanup().await;
}

/// Publishes `n` worker-made dead letters `D-0000`… with their confirms awaited together.
async fn bury_many(env: &Env, n: usize) -> Vec<String> {
    let ids: Vec<String> = (0..n).map(|i| format!("D-{i:04}")).collect();
    let mut confirms = Vec::new();
    for id in &ids {
        let mut headers = FieldTable::default();
        headers.insert("x-dead-reason".into(), long_string("max_attempts"));
        headers.insert("x-attempt".into(), AMQPValue::LongInt(3));
        headers.insert("x-dead-at".into(), long_string(&Utc::now().to_rfc3339()));
        let props = BasicProperties::default()
            .with_message_id(id.as_str().into())
            .with_headers(headers);
        confirms.push(
            env.ch
                .basic_publish(
                    env.topology.dead_exchange.as_str().into(),
                    "".into(),
                    BasicPublishOptions::default(),
                    ticket_json(id, "Refund request").as_bytes(),
                    props,
                )
                .await
                .unwrap(),
        );
    }
    for c in confirms {
        assert!(c.await.unwrap().is_ack());
    }
    ids
}

#[tokio::test]
async fn a_replay_cut_short_by_the_deadline_says_how_many_it_replayed_and_which_letter_may_be_in_both()
 {
    let mut env = Env::open("dlc-cut", |s| s.approvals.replay_deadline_secs = 1).await;
    // Far more than a second's worth: each replay waits for its confirm.
    let n = 3000;
    let ids = bury_many(&env, n).await;
    let console = Console::start(&mut env).await;
    let base = console.base.clone();
    let c = client();
    let (cookie, _, csrf) = operator(&c, &base).await;

    let r = c
        .post(format!("{base}/dead-letters/replay"))
        .header("cookie", &cookie)
        .form(&[
            ("csrf", csrf.as_str()),
            ("scope", "matching"),
            ("reason", ""),
            ("older_than", ""),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let run = r.headers()["location"].to_str().unwrap().to_string();
    let page = c
        .get(format!("{base}{run}"))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("Replay cut short"), "{page}");
    assert!(
        page.contains("Cut off by the page&#39;s deadline of 1s")
            || page.contains("Cut off by the page's deadline of 1s"),
        "{page}"
    );
    let said = regex::Regex::new(r"interrupted after (\d+) replayed")
        .unwrap()
        .captures(&page)
        .unwrap_or_else(|| panic!("no count on the page: {page}"))[1]
        .parse::<usize>()
        .unwrap();
    let in_both =
        regex::Regex::new(r#"id="in-both">In both queues, maybe: ticket <strong>([^<]+)</strong>"#)
            .unwrap()
            .captures(&page)
            .map(|m| m[1].to_string());
    if in_both.is_none() {
        assert!(page.contains("no letter is in both queues"), "{page}");
    }
    eprintln!("the page's replay was cut after {said} of {n} letters; in both: {in_both:?}");
    assert!(said < n, "the pass finished inside the deadline: raise n");

    // The queues hold what the page says.
    let dead: HashSet<String> = env.dead().await.into_iter().collect();
    let queued: HashSet<String> = env.queued().await.into_iter().collect();
    assert!(
        queued.len() == said || (in_both.is_some() && queued.len() == said + 1),
        "the page says {said} replayed (in both: {in_both:?}); the tickets queue holds {}",
        queued.len()
    );
    for id in &ids {
        assert!(
            dead.contains(id) || queued.contains(id),
            "{id} is neither dead nor replayed"
        );
        if dead.contains(id) && queued.contains(id) {
            assert_eq!(
                in_both.as_deref(),
                Some(id.as_str()),
                "{id} is in both, unnamed"
            );
        }
    }

    console.stop(&env).await;
    env.cleanup().await;
}

#[tokio::test]
async fn guessing_the_operators_token_is_stopped_with_429_even_for_the_right_token() {
    let mut env = Env::open("dlc-guess", |_| {}).await;
    let console = Console::start(&mut env).await;
    let base = console.base.clone();
    let c = client();
    let limit = ticket_agent::auth::guard::MAX_FAILURES as usize;
    let mut statuses = Vec::new();
    for i in 0..limit + 3 {
        let r = post_login(&c, &base, "/dead-letters/login", &format!("guess-{i:020}")).await;
        statuses.push(r.status().as_u16());
    }
    assert!(statuses[..limit].iter().all(|s| *s == 401), "{statuses:?}");
    assert!(statuses[limit..].iter().all(|s| *s == 429), "{statuses:?}");
    let r = post_login(&c, &base, "/dead-letters/login", OPERATOR_TOKEN).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers().get("retry-after").is_some());
    let limited = ticket_agent::metrics::global()
        .auth_refusals
        .with_label_values(&["dead_letters", "rate_limited"])
        .get();
    assert!(limited >= 4, "{limited}");
    console.stop(&env).await;
    env.cleanup().await;
}
