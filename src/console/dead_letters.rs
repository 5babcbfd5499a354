//! The console's dead-letter page (`/dead-letters`), for operators: the letters counted
//! by reason, listed by reason and age, each one whole (body, headers, `x-death`, last
//! error); replay of one, of a selection or of all that match; purge by age behind a
//! confirmation that states the count. Every action is a call into
//! [`crate::queue::dlq`], the functions behind `ticket-agent dlq`, so the page keeps the
//! command's guarantees: a letter leaves the dead queue only once its copy is confirmed
//! on the tickets exchange (a gated action's on the approvals exchange), a done ticket is
//! not run again, and a replay cut short says
//! what it replayed and which letter may be in both queues, in the command's words.
//!
//! Operators are a role apart from reviewers. Their tokens come from
//! `approvals.operators_env`; their sessions live under keys and a cookie of their own
//! (`ta_operator`, path `/dead-letters`), so a reviewer's session opens nothing here and
//! an operator's decides nothing on the approvals pages. Every change is a POST that
//! carries the session's CSRF token.
//!
//! Each request that reads or moves letters opens its own broker connection for its one
//! pass and closes it afterwards: a pass that fails or is cut off puts back every letter
//! it held. A replay runs in a task of its own, bounded by
//! `approvals.replay_deadline_secs` and by the service's shutdown, so a browser that
//! goes away does not cut it; its account is kept in Redis and shown at
//! `/dead-letters/runs/{id}`.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum_extra::extract::cookie::CookieJar;
use chrono::{DateTime, Utc};
use lapin::{Channel, Connection};
use maud::{Markup, html};
use serde::{Deserialize, Serialize};
use tokio::sync::watch;

use super::page::{Face, frame, url_encode};
use super::sign_in::{Door, LoginForm, is_random_hex, random_hex, same_secret};
use crate::auth::TokenHolders;
use crate::config::{AmqpSettings, Settings};
use crate::kv::{self, StoreError};
use crate::queue::dlq::{self, DeadLetter, Filter, ReplayReport, ReplayView, Selection};
use crate::queue::records::TicketRecords;
use crate::queue::{Topology, confirm_channel};

/// Operators and their tokens, from the environment (`name:token,name:token`).
pub type Operators = TokenHolders;

const COOKIE: &str = "ta_operator";
const BASE: &str = "/dead-letters";
/// Letters listed on the page at most; the counts cover the whole queue.
const LIST_LIMIT: usize = 200;
/// Characters of the last error shown in the list (the letter's page has all of it).
const ERROR_SNIPPET: usize = 120;

/// The dead-letter page: what it reads and moves, and who may.
#[derive(Clone)]
pub struct DeadLetterPage {
    amqp: AmqpSettings,
    topology: Topology,
    records: TicketRecords,
    redis: kv::Conn,
    prefix: String,
    operators: Arc<Operators>,
    session_ttl_secs: u64,
    cookie_secure: bool,
    max_replays: u32,
    replay_deadline: Duration,
    stop: Option<watch::Receiver<bool>>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Session {
    operator: String,
    csrf: String,
}

/// What one change did, kept for its result page.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Run {
    Replay {
        by: String,
        at: DateTime<Utc>,
        report: ReplayReport,
        /// What cut the pass off before it ended, if something did.
        cut: Option<String>,
    },
    Purge {
        by: String,
        at: DateTime<Utc>,
        removed: usize,
        which: String,
    },
}

impl DeadLetterPage {
    /// The page for `settings`: operators read from `approvals.operators_env`, Redis
    /// connected (sessions, run accounts and the tickets' done records).
    ///
    /// # Errors
    /// Operators that do not parse, or Redis unreachable.
    pub async fn connect(settings: &Settings) -> anyhow::Result<Self> {
        let var = &settings.approvals.operators_env;
        let operators = Operators::from_env(var, "operator")
            .with_context(|| format!("reading operators from ${var}"))?;
        if operators.is_empty() {
            tracing::warn!(var = %var, "no operators configured: nobody can sign in to the dead-letter page");
        }
        let redis = kv::connect(settings.redis.target())
            .await
            .context("connecting to Redis (redis.url)")?;
        let records = TicketRecords::connect(settings.redis.target(), &settings.redis.key_prefix)
            .await
            .context("connecting to Redis (redis.url): replay checks which tickets are done")?;
        Ok(Self {
            amqp: settings.amqp.clone(),
            topology: Topology::from_settings(&settings.amqp, &settings.worker),
            records,
            redis,
            prefix: settings.redis.key_prefix.clone(),
            operators: Arc::new(operators),
            session_ttl_secs: settings.approvals.session_ttl_secs,
            cookie_secure: settings.approvals.cookie_secure,
            max_replays: settings.worker.max_replays,
            replay_deadline: Duration::from_secs(settings.approvals.replay_deadline_secs.max(1)),
            stop: None,
        })
    }

    /// The same page, whose replays stop when `stop` turns true (the service's shutdown).
    pub fn stopping_with(mut self, stop: watch::Receiver<bool>) -> Self {
        self.stop = Some(stop);
        self
    }

    /// The routes under `/dead-letters`.
    pub fn router(self) -> Router {
        Router::new()
            .route(BASE, get(overview))
            .route("/dead-letters/login", get(login_page).post(login))
            .route("/dead-letters/logout", post(logout))
            .route("/dead-letters/letter", get(letter_page))
            .route("/dead-letters/replay", post(replay))
            .route("/dead-letters/purge", get(purge_confirm).post(purge))
            .route("/dead-letters/runs/{id}", get(run_page))
            .with_state(self)
    }

    fn key(&self, kind: &str, id: &str) -> String {
        format!("{}:dlq-console:{kind}:{id}", self.prefix)
    }

    async fn session(&self, jar: &CookieJar) -> Result<Option<Session>, StoreError> {
        let Some(sid) = DOOR.session_id(jar) else {
            return Ok(None);
        };
        let mut c = self.redis.clone();
        let v: Option<String> = redis::cmd("GET")
            .arg(self.key("session", &sid))
            .query_async(&mut c)
            .await?;
        Ok(v.and_then(|v| serde_json::from_str(&v).ok()))
    }

    async fn put(&self, kind: &str, id: &str, value: &impl Serialize) -> Result<(), StoreError> {
        let mut c = self.redis.clone();
        redis::cmd("SET")
            .arg(self.key(kind, id))
            .arg(serde_json::to_string(value).expect("console records serialize"))
            .arg("EX")
            .arg(self.session_ttl_secs.max(1))
            .query_async::<()>(&mut c)
            .await?;
        Ok(())
    }

    /// A connection of this request's own and a confirm channel on it, the topology
    /// declared, as `ticket-agent dlq` starts.
    async fn broker(&self) -> anyhow::Result<(Connection, Channel)> {
        let conn =
            crate::queue::connect(self.amqp.url.expose(), "ticket-agent console: dead letters")
                .await?;
        let ch = confirm_channel(&conn).await?;
        self.topology.declare(&ch, &self.amqp).await?;
        Ok((conn, ch))
    }

    /// Runs `f` over a pass of its own, then closes the connection (which puts back
    /// anything a failed pass still held).
    async fn with_broker<T>(
        &self,
        f: impl AsyncFnOnce(&Channel, &Topology) -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        let (conn, ch) = self.broker().await?;
        let out = f(&ch, &self.topology).await;
        let _ = conn.close(200, "done".into()).await;
        out
    }

    /// Replays `selection` in a task of its own, so that the request going away does not
    /// cut it, and keeps the account. Returns the run's id (`None` when Redis could not
    /// keep it) and the run.
    async fn run_replay(
        &self,
        operator: String,
        selection: Selection,
        dry_run: bool,
    ) -> anyhow::Result<(Option<String>, Run)> {
        let page = self.clone();
        let task = tokio::spawn(async move {
            let (conn, ch) = page.broker().await?;
            let mut report = ReplayReport::default();
            let cut = {
                let work = dlq::replay_into(
                    &ch,
                    &page.topology,
                    &page.records,
                    &selection,
                    dry_run,
                    page.max_replays,
                    &mut report,
                );
                tokio::select! {
                    r = work => { r?; None }
                    () = tokio::time::sleep(page.replay_deadline) => Some(format!(
                        "the page's deadline of {} (approvals.replay_deadline_secs)",
                        humantime::format_duration(page.replay_deadline)
                    )),
                    () = stopping(page.stop.clone()) => Some("the approvals service shutting down".to_string()),
                }
            };
            // Closing the connection puts back every letter not yet acked.
            let _ = conn.close(200, "done".into()).await;
            tracing::info!(
                operator = %operator,
                replayed = report.replayed(),
                dry_run,
                stopped = report.stopped.is_some() || cut.is_some(),
                in_both_queues = report.in_both_queues.as_deref().unwrap_or(""),
                "dead letters replayed from the console"
            );
            let run = Run::Replay {
                by: operator,
                at: Utc::now(),
                report,
                cut,
            };
            let id = random_hex();
            let kept = match page.put("run", &id, &run).await {
                Ok(()) => Some(id),
                Err(e) => {
                    tracing::warn!(error = %crate::telemetry::chain(&e), "could not keep a replay's account; showing it once");
                    None
                }
            };
            anyhow::Ok((kept, run))
        });
        task.await.context("the replay task panicked")?
    }
}

/// Resolves once `stop` turns true; never without one.
async fn stopping(stop: Option<watch::Receiver<bool>>) {
    match stop {
        Some(mut s) => {
            let _ = s.wait_for(|v| *v).await;
        }
        None => std::future::pending().await,
    }
}

fn page(title: &str, session: Option<&Session>, body: Markup) -> Html<String> {
    let nav = session.map(|s| {
        html! {
            a href=(BASE) { "Dead letters" }
            " · signed in as operator " span #operator { (s.operator) }
            form method="post" action="/dead-letters/logout" class="inline" {
                input type="hidden" name="csrf" value=(s.csrf);
                button type="submit" { "Sign out" }
            }
        }
    });
    frame(Face::DeadLetters, title, nav, body)
}

fn fmt_time(t: Option<DateTime<Utc>>) -> String {
    t.map_or_else(
        || "—".into(),
        |t| t.format("%Y-%m-%d %H:%M:%S UTC").to_string(),
    )
}

fn snippet(s: &str, max: usize) -> String {
    let mut out: String = s.chars().take(max).collect();
    if s.chars().nth(max).is_some() {
        out.push('…');
    }
    out
}

fn letter_href(id: &str) -> String {
    let q: String = url_encode(id);
    format!("/dead-letters/letter?id={q}")
}

fn failure(status: StatusCode, session: Option<&Session>, what: &str) -> Response {
    (
        status,
        page(
            "Something went wrong",
            session,
            html! { p .bad #error { (what) } p { a href=(BASE) { "Back to the dead letters" } } },
        ),
    )
        .into_response()
}

fn store_error(e: &StoreError) -> Response {
    tracing::error!(error = %crate::telemetry::chain(e), "console store unavailable");
    failure(
        StatusCode::SERVICE_UNAVAILABLE,
        None,
        "Redis is unavailable: sessions cannot be read.",
    )
}

fn broker_error(session: &Session, e: &anyhow::Error) -> Response {
    tracing::warn!(error = %format!("{e:#}"), "dead-letter page: broker pass failed");
    failure(
        StatusCode::SERVICE_UNAVAILABLE,
        Some(session),
        &format!(
            "The broker pass failed: {e:#}. Every letter it held and had not yet deleted or replayed is back in the dead queue."
        ),
    )
}

/// The signed-in operator, or the response to give instead: a page goes to sign in,
/// a change is refused.
async fn signed_in(p: &DeadLetterPage, jar: &CookieJar, change: bool) -> Result<Session, Response> {
    match p.session(jar).await {
        Ok(Some(s)) => Ok(s),
        Ok(None) if change => {
            Err((StatusCode::UNAUTHORIZED, "sign in as an operator first").into_response())
        }
        Ok(None) => Err(Redirect::to("/dead-letters/login").into_response()),
        Err(e) => Err(store_error(&e)),
    }
}

/// The session of a change whose form carries the right CSRF token.
async fn checked(p: &DeadLetterPage, jar: &CookieJar, csrf: &str) -> Result<Session, Response> {
    let s = signed_in(p, jar, true).await?;
    if same_secret(&s.csrf, csrf) {
        Ok(s)
    } else {
        Err((StatusCode::FORBIDDEN, "missing or wrong CSRF token").into_response())
    }
}

/// An age as the command line writes it (`30m`, `12h`, `7d`); blank is none.
fn parse_age(s: Option<&str>) -> Result<Option<Duration>, String> {
    match s.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => humantime::parse_duration(s)
            .map(Some)
            .map_err(|e| format!("{s:?} is not an age like 30m, 12h or 7d: {e}")),
    }
}

fn blank_none(s: Option<String>) -> Option<String> {
    s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

#[derive(Deserialize, Default)]
struct ListQuery {
    reason: Option<String>,
    older_than: Option<String>,
}

async fn overview(
    State(p): State<DeadLetterPage>,
    jar: CookieJar,
    Query(q): Query<ListQuery>,
) -> Response {
    let s = match signed_in(&p, &jar, false).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let reason = blank_none(q.reason);
    let age_text = blank_none(q.older_than);
    let age = match parse_age(age_text.as_deref()) {
        Ok(a) => a,
        Err(e) => return failure(StatusCode::BAD_REQUEST, Some(&s), &e),
    };
    let filter = Filter::new(reason.as_deref(), age);
    let survey = match p
        .with_broker(async |ch, t| dlq::survey(ch, t, &filter, LIST_LIMIT).await)
        .await
    {
        Ok(v) => v,
        Err(e) => return broker_error(&s, &e),
    };
    let queue = &p.topology.dead_queue;
    let mut reasons: Vec<&String> = survey.by_reason.keys().collect();
    if let Some(r) = &reason
        && !reasons.contains(&r)
    {
        reasons.push(r);
    }
    let age_value = age_text.clone().unwrap_or_default();
    let body = html! {
        section #counts {
            h2 { "By reason" }
            p { (survey.total) " dead letter(s) in " code { (queue) } "." }
            @if !survey.by_reason.is_empty() {
                table {
                    thead { tr { th { "Reason" } th { "Letters" } } }
                    tbody {
                        @for (r, n) in &survey.by_reason {
                            tr data-reason=(r) {
                                td { a href=(format!("{BASE}?reason={}", url_encode(r))) { (r) } }
                                td .count { (n) }
                            }
                        }
                    }
                }
            }
        }
        section #filter {
            h2 { "Letters" }
            form method="get" action=(BASE) {
                label { "Reason " select name="reason" {
                    option value="" selected[reason.is_none()] { "any" }
                    @for r in &reasons {
                        option value=(r) selected[reason.as_deref() == Some(r.as_str())] { (r) }
                    }
                } }
                " "
                label { "died more than " input type="text" name="older_than" value=(age_value) placeholder="e.g. 2h, 7d" size="8"; " ago" }
                " " button #apply-filter type="submit" { "Filter" }
            }
            p #matching {
                (survey.matching) " match"
                @if survey.letters.len() < survey.matching { ", the first " (survey.letters.len()) " shown" }
                "."
            }
        }
        form #replay-form method="post" action="/dead-letters/replay" {
            input type="hidden" name="csrf" value=(s.csrf);
            input type="hidden" name="reason" value=(reason.clone().unwrap_or_default());
            input type="hidden" name="older_than" value=(age_value);
            table #letters {
                thead { tr {
                    th { "" } th { "Ticket" } th { "Reason" } th { "Attempts" } th { "Replays" }
                    th { "First dead" } th { "Last dead" } th { "Subject" } th { "Last error" } th { "" }
                } }
                tbody {
                    @for l in &survey.letters {
                        (letter_row(l))
                    }
                }
            }
            @if survey.letters.is_empty() { p #empty { "No dead letter matches." } }
            @else {
                p .actions {
                    button #replay-selected type="submit" name="scope" value="selected" { "Replay selected" }
                    " "
                    button #replay-matching type="submit" name="scope" value="matching" { "Replay all " (survey.matching) " matching" }
                    " "
                    label { input type="checkbox" name="dry_run" value="on"; " dry run (move nothing, say what would happen)" }
                }
                p { small { "A letter leaves the dead queue only once its copy is confirmed on the tickets queue; a ticket already done is not run again, and its dead copy is removed." } }
            }
        }
        section #purge {
            h2 { "Purge" }
            form method="get" action="/dead-letters/purge" {
                label { "Delete letters that died more than " input type="text" name="older_than" required placeholder="7d" size="6"; " ago" }
                " "
                label { "reason " select name="reason" {
                    option value="" { "any" }
                    @for r in survey.by_reason.keys() { option value=(r) { (r) } }
                } }
                " " button #purge-start type="submit" { "Purge…" }
            }
            p { small { "You are asked to confirm, with the count, before anything is deleted." } }
        }
    };
    page("Dead letters", Some(&s), body).into_response()
}

fn letter_row(l: &DeadLetter) -> Markup {
    html! {
        tr .letter data-ticket=(l.ticket_id.clone().unwrap_or_default()) {
            td { @if let Some(id) = &l.ticket_id { input type="checkbox" name="id" value=(id); } }
            td { @if let Some(id) = &l.ticket_id { a .show href=(letter_href(id)) { (id) } } @else { em { "no ticket id" } } }
            td .reason { (l.reason) }
            td { (l.attempts) }
            td { (l.replays) }
            td { (fmt_time(l.first_dead_at)) }
            td { (fmt_time(l.last_dead_at)) }
            td { @if let Some(a) = &l.approval_id { em .approval { "gated action " (a) } } @else { (l.subject.clone().unwrap_or_default()) } }
            td { small { (l.last_error.as_deref().map(|e| snippet(e, ERROR_SNIPPET)).unwrap_or_default()) } }
            td { @if let Some(id) = &l.ticket_id {
                button type="submit" name="one" value=(id) class="replay-one" { "Replay" }
            } }
        }
    }
}

#[derive(Deserialize)]
struct LetterQuery {
    id: String,
}

async fn letter_page(
    State(p): State<DeadLetterPage>,
    jar: CookieJar,
    Query(q): Query<LetterQuery>,
) -> Response {
    let s = match signed_in(&p, &jar, false).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let id = q.id.trim().to_string();
    let found = match p
        .with_broker(async |ch, t| dlq::show(ch, t, &id).await)
        .await
    {
        Ok(f) => f,
        Err(e) => return broker_error(&s, &e),
    };
    let Some(l) = found else {
        return failure(
            StatusCode::NOT_FOUND,
            Some(&s),
            &format!(
                "No dead letter for ticket {id} in {}.",
                p.topology.dead_queue
            ),
        );
    };
    let body_text = l.body.clone().unwrap_or_default();
    let body_shown = serde_json::from_str::<serde_json::Value>(&body_text)
        .ok()
        .and_then(|v| serde_json::to_string_pretty(&v).ok())
        .unwrap_or(body_text);
    let mut headers = l.headers.clone().unwrap_or_default();
    let x_death = headers
        .as_object_mut()
        .and_then(|h| h.remove("x-death"))
        .map(|d| serde_json::to_string_pretty(&d).unwrap_or_default());
    let headers_shown = serde_json::to_string_pretty(&headers).unwrap_or_default();
    let body = html! {
        table #summary {
            tr { th { "Ticket" } td #ticket { (id) } }
            @if let Some(a) = &l.approval_id {
                tr { th { "Gated action" } td #approval { (a) " (from approvals.pending: a replay sends it back to the approvals exchange)" } }
            }
            tr { th { "Reason" } td #reason { (l.reason) } }
            tr { th { "Attempts" } td { (l.attempts) } }
            tr { th { "Replays" } td { (l.replays) } }
            tr { th { "First dead" } td { (fmt_time(l.first_dead_at)) } }
            tr { th { "Last dead" } td { (fmt_time(l.last_dead_at)) } }
            tr { th { "Returns (browsing)" } td { (l.returns) } }
        }
        form method="post" action="/dead-letters/replay" {
            input type="hidden" name="csrf" value=(s.csrf);
            p { button #replay-this type="submit" name="one" value=(id) { "Replay this letter" } }
        }
        h2 { "Last error" }
        pre #last-error { (l.last_error.clone().unwrap_or_else(|| "—".into())) }
        h2 { "Body" }
        pre #body { (body_shown) }
        h2 { code { "x-death" } }
        @if let Some(d) = x_death { pre #x-death { (d) } }
        @else { p #x-death { "None: ticket-agent dead-lettered it itself (see the reason above), the broker did not." } }
        h2 { "Headers" }
        pre #headers { (headers_shown) }
    };
    page(&format!("Dead letter {id}"), Some(&s), body).into_response()
}

async fn replay(
    State(p): State<DeadLetterPage>,
    jar: CookieJar,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    let s = match checked(&p, &jar, &field("csrf").unwrap_or_default()).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let dry_run = field("dry_run").is_some();
    let selection = if let Some(one) = blank_none(field("one")) {
        Selection {
            ids: vec![one],
            ..Default::default()
        }
    } else {
        match field("scope").as_deref() {
            Some("selected") => {
                let ids: Vec<String> = fields
                    .iter()
                    .filter(|(k, v)| k == "id" && !v.trim().is_empty())
                    .map(|(_, v)| v.trim().to_string())
                    .collect();
                if ids.is_empty() {
                    return failure(
                        StatusCode::BAD_REQUEST,
                        Some(&s),
                        "Nothing selected: tick the letters to replay.",
                    );
                }
                Selection {
                    ids,
                    ..Default::default()
                }
            }
            Some("matching") => {
                let age = match parse_age(field("older_than").as_deref()) {
                    Ok(a) => a,
                    Err(e) => return failure(StatusCode::BAD_REQUEST, Some(&s), &e),
                };
                Selection {
                    reason: blank_none(field("reason")),
                    died_before: age.map(dlq::cutoff),
                    all: true,
                    ..Default::default()
                }
            }
            _ => {
                return failure(
                    StatusCode::BAD_REQUEST,
                    Some(&s),
                    "Say what to replay: one letter, the selected ones, or all matching.",
                );
            }
        }
    };
    match p.run_replay(s.operator.clone(), selection, dry_run).await {
        Ok((Some(id), _)) => Redirect::to(&format!("/dead-letters/runs/{id}")).into_response(),
        Ok((None, run)) => run_view(&p, &s, &run).into_response(),
        Err(e) => broker_error(&s, &e),
    }
}

#[derive(Deserialize)]
struct PurgeQuery {
    older_than: Option<String>,
    reason: Option<String>,
}

async fn purge_confirm(
    State(p): State<DeadLetterPage>,
    jar: CookieJar,
    Query(q): Query<PurgeQuery>,
) -> Response {
    let s = match signed_in(&p, &jar, false).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let age_text = blank_none(q.older_than).unwrap_or_default();
    let age = match parse_age(Some(&age_text)) {
        Ok(Some(a)) => a,
        Ok(None) => {
            return failure(
                StatusCode::BAD_REQUEST,
                Some(&s),
                "Give an age: letters that died more than, e.g., 7d ago.",
            );
        }
        Err(e) => return failure(StatusCode::BAD_REQUEST, Some(&s), &e),
    };
    let reason = blank_none(q.reason);
    let count = match p
        .with_broker(async |ch, t| dlq::count_purgeable(ch, t, age, reason.as_deref()).await)
        .await
    {
        Ok(n) => n,
        Err(e) => return broker_error(&s, &e),
    };
    let which = dlq::describe_purge(age, reason.as_deref());
    let queue = &p.topology.dead_queue;
    let body = html! {
        @if count == 0 {
            p #confirm-count { "There are no " (which) " in " code { (queue) } ": nothing to delete." }
        } @else {
            p .warn #confirm-count { "Delete " strong #purge-count { (count) } " " (which) " from " code { (queue) } "? This cannot be undone." }
            form method="post" action="/dead-letters/purge" {
                input type="hidden" name="csrf" value=(s.csrf);
                input type="hidden" name="older_than" value=(age_text);
                input type="hidden" name="reason" value=(reason.clone().unwrap_or_default());
                button #purge-confirm type="submit" { "Delete " (count) " dead letter(s)" }
                " " a href=(BASE) { "Cancel" }
            }
            p { small { "Letters with no known death time are kept. A letter that grows old enough between this page and the click is deleted too: the result states the number deleted." } }
        }
    };
    page("Purge dead letters", Some(&s), body).into_response()
}

#[derive(Deserialize)]
struct PurgeForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    older_than: String,
    #[serde(default)]
    reason: String,
}

async fn purge(
    State(p): State<DeadLetterPage>,
    jar: CookieJar,
    Form(form): Form<PurgeForm>,
) -> Response {
    let s = match checked(&p, &jar, &form.csrf).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let age = match parse_age(Some(&form.older_than)) {
        Ok(Some(a)) => a,
        Ok(None) => return failure(StatusCode::BAD_REQUEST, Some(&s), "Give an age."),
        Err(e) => return failure(StatusCode::BAD_REQUEST, Some(&s), &e),
    };
    let reason = blank_none(Some(form.reason));
    let removed = match p
        .with_broker(async |ch, t| dlq::purge(ch, t, age, reason.as_deref()).await)
        .await
    {
        Ok(n) => n,
        Err(e) => return broker_error(&s, &e),
    };
    let which = dlq::describe_purge(age, reason.as_deref());
    tracing::info!(operator = %s.operator, removed, which = %which, "dead letters purged from the console");
    let run = Run::Purge {
        by: s.operator.clone(),
        at: Utc::now(),
        removed,
        which,
    };
    let id = random_hex();
    match p.put("run", &id, &run).await {
        Ok(()) => Redirect::to(&format!("/dead-letters/runs/{id}")).into_response(),
        Err(_) => run_view(&p, &s, &run).into_response(),
    }
}

async fn run_page(
    State(p): State<DeadLetterPage>,
    jar: CookieJar,
    Path(id): Path<String>,
) -> Response {
    let s = match signed_in(&p, &jar, false).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    if !is_random_hex(&id) {
        return failure(StatusCode::NOT_FOUND, Some(&s), "No such run.");
    }
    let mut c = p.redis.clone();
    let stored: Result<Option<String>, _> = redis::cmd("GET")
        .arg(p.key("run", &id))
        .query_async(&mut c)
        .await;
    match stored {
        Ok(Some(v)) => match serde_json::from_str::<Run>(&v) {
            Ok(run) => run_view(&p, &s, &run).into_response(),
            Err(_) => failure(StatusCode::NOT_FOUND, Some(&s), "No such run."),
        },
        Ok(None) => failure(
            StatusCode::NOT_FOUND,
            Some(&s),
            "No such run (its account is kept as long as a session).",
        ),
        Err(e) => store_error(&e.into()),
    }
}

fn run_view(p: &DeadLetterPage, s: &Session, run: &Run) -> Html<String> {
    let queue = &p.topology.dead_queue;
    match run {
        Run::Purge {
            by,
            at,
            removed,
            which,
        } => page(
            "Purged",
            Some(s),
            html! {
                p #purged { "Deleted " strong #purged-count { (removed) } " " (which) " from " code { (queue) } "." }
                p { small { "by " (by) " at " (fmt_time(Some(*at))) } }
                p { a href=(BASE) { "Back to the dead letters" } }
            },
        ),
        Run::Replay {
            by,
            at,
            report,
            cut,
        } => {
            let view = ReplayView {
                report,
                dry_run: report.dry_run,
                max_replays: p.max_replays,
                queue,
            };
            let account = match cut {
                Some(_) => view.interrupted(),
                None => view.summary(),
            };
            let cut_short = cut.is_some() || report.stopped.is_some();
            let title = match (report.dry_run, cut_short) {
                (true, _) => "Replay (dry run)",
                (false, true) => "Replay cut short",
                (false, false) => "Replayed",
            };
            page(
                title,
                Some(s),
                html! {
                    @if let Some(why) = cut { p .bad #cut { "Cut off by " (why) "." } }
                    div #account .bad[cut_short] {
                        @for line in account.lines() { p { (line) } }
                    }
                    @if let Some(id) = &report.in_both_queues {
                        p .warn #in-both { "In both queues, maybe: ticket " strong { (id) } ". Replaying it again is harmless: a later replay finds it done, or the worker's done record absorbs the duplicate." }
                    }
                    p { small { "by " (by) " at " (fmt_time(Some(*at))) } }
                    table #replay-entries {
                        thead { tr { th { "Ticket" } th { "Reason" } th { "What happened" } } }
                        tbody {
                            @for e in &report.entries {
                                tr data-ticket=(e.ticket_id.clone().unwrap_or_default()) {
                                    td { (e.ticket_id.as_deref().unwrap_or("-")) }
                                    td { (e.reason) }
                                    td .action { (view.action(&e.action)) }
                                }
                            }
                        }
                    }
                    p { a href=(BASE) { "Back to the dead letters" } }
                },
            )
        }
    }
}

/// The operators' door: a cookie and a path of their own, so a reviewer's session
/// opens nothing here.
const DOOR: Door = Door {
    path: "/dead-letters/login",
    login_cookie: "ta_operator_login",
    session_cookie: COOKIE,
    session_path: BASE,
    label: "Operator token",
    unknown: "Unknown operator token.",
    note: Some("Reviewers sign in on the approvals page; their tokens do not open this one."),
};

async fn login_page(State(p): State<DeadLetterPage>, jar: CookieJar) -> Response {
    let (jar, form) = DOOR.form(jar, p.cookie_secure);
    (jar, page("Sign in", None, form)).into_response()
}

async fn login(
    State(p): State<DeadLetterPage>,
    jar: CookieJar,
    Form(form): Form<LoginForm>,
) -> Response {
    let operator = match DOOR.admit(&jar, &form, |token| p.operators.who(token)) {
        Ok(operator) => operator,
        Err((status, body)) => return (status, page("Sign in", None, body)).into_response(),
    };
    let sid = random_hex();
    let session = Session {
        operator: operator.to_string(),
        csrf: random_hex(),
    };
    if let Err(e) = p.put("session", &sid, &session).await {
        return store_error(&e);
    }
    (DOOR.opened(jar, sid, p.cookie_secure), Redirect::to(BASE)).into_response()
}

#[derive(Deserialize)]
struct LogoutForm {
    #[serde(default)]
    csrf: String,
}

async fn logout(
    State(p): State<DeadLetterPage>,
    jar: CookieJar,
    Form(form): Form<LogoutForm>,
) -> Response {
    if let Ok(Some(session)) = p.session(&jar).await
        && same_secret(&session.csrf, &form.csrf)
        && let Some(sid) = DOOR.session_id(&jar)
    {
        let mut c = p.redis.clone();
        let _: Result<i64, _> = redis::cmd("DEL")
            .arg(p.key("session", &sid))
            .query_async(&mut c)
            .await;
    }
    (DOOR.closed(jar), Redirect::to(DOOR.path)).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queue::dlq::{ReplayAction, ReplayEntry};

    #[test]
    fn ages_read_as_the_command_line_writes_them_and_blank_is_none() {
        assert_eq!(parse_age(None), Ok(None));
        assert_eq!(parse_age(Some("  ")), Ok(None));
        assert_eq!(
            parse_age(Some("7d")),
            Ok(Some(Duration::from_secs(7 * 86400)))
        );
        assert!(parse_age(Some("a week")).unwrap_err().contains("7d"));
    }

    #[test]
    fn a_ticket_id_is_percent_encoded_in_its_link() {
        assert_eq!(
            letter_href("T 1&x=2/é"),
            "/dead-letters/letter?id=T%201%26x%3D2%2F%C3%A9"
        );
    }

    #[test]
    fn a_replay_account_survives_its_round_trip_through_redis() {
        let run = Run::Replay {
            by: "olga".into(),
            at: Utc::now(),
            report: ReplayReport {
                entries: vec![
                    ReplayEntry {
                        ticket_id: Some("T-1".into()),
                        reason: "max_attempts".into(),
                        action: ReplayAction::Replayed { replay_count: 1 },
                    },
                    ReplayEntry {
                        ticket_id: None,
                        reason: "not_json".into(),
                        action: ReplayAction::AlreadyDone {
                            outcome: "RESOLVED".into(),
                        },
                    },
                ],
                in_both_queues: Some("T-2".into()),
                stopped: Some("channel closed".into()),
                ..Default::default()
            },
            cut: Some("the page's deadline".into()),
        };
        let back: Run = serde_json::from_str(&serde_json::to_string(&run).unwrap()).unwrap();
        let (Run::Replay { report: a, .. }, Run::Replay { report: b, .. }) = (&run, &back) else {
            panic!("a replay comes back a replay");
        };
        assert_eq!(a, b);
    }
}
