//! The approvals console (server-rendered HTML, no front-end build) and the JSON API.
//!
//! Both doors call [`Approvals::decide`], the one decision path. Reviewers
//! authenticate with tokens from the environment: the API takes `Authorization:
//! Bearer <token>`; the console trades a token for a session (a random id in an
//! HttpOnly, SameSite=Strict cookie, the session itself in Redis) and every form that
//! changes state carries the session's CSRF token. Every piece of ticket text is
//! escaped by the template engine: ticket bodies are written by customers.

use std::sync::Arc;

use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use maud::{DOCTYPE, Markup, html};
use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;

use super::{ApprovalRecord, Approvals, DecideError, Verdict};
use crate::kv::StoreError;

const SESSION_COOKIE: &str = "ta_session";

/// Reviewers and their tokens, from the environment (`name:token,name:token`).
pub type Reviewers = crate::auth::TokenHolders;

/// Whether two secrets are equal, in time that does not depend on where they differ
/// (a length mismatch answers at once: lengths are not secret here).
fn same_secret(a: &str, b: &str) -> bool {
    bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

/// The web layer's state.
#[derive(Clone)]
pub struct WebState {
    /// The decision path.
    pub approvals: Approvals,
    /// Who may decide.
    pub reviewers: Arc<Reviewers>,
    /// Session lifetime.
    pub session_ttl_secs: u64,
    /// Mark cookies Secure.
    pub cookie_secure: bool,
}

#[derive(Debug, Serialize, Deserialize)]
struct Session {
    reviewer: String,
    csrf: String,
}

fn random_hex() -> String {
    let a: u128 = rand::random();
    let b: u128 = rand::random();
    format!("{a:032x}{b:032x}")
}

impl WebState {
    fn session_key(&self, sid: &str) -> String {
        format!("{}:session:{sid}", self.approvals.store.prefix())
    }

    async fn session(&self, jar: &CookieJar) -> Result<Option<Session>, StoreError> {
        let Some(sid) = jar.get(SESSION_COOKIE).map(|c| c.value().to_string()) else {
            return Ok(None);
        };
        if sid.len() != 64 || !sid.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        let mut c = self.approvals.store.connection();
        let v: Option<String> = redis::cmd("GET")
            .arg(self.session_key(&sid))
            .query_async(&mut c)
            .await?;
        Ok(v.and_then(|v| serde_json::from_str(&v).ok()))
    }
}

/// The router: console, API and health.
pub fn router(state: WebState) -> Router {
    Router::new()
        .route("/", get(pending_page))
        .route("/decided", get(decided_page))
        .route("/login", get(login_page).post(login))
        .route("/logout", post(logout))
        .route("/approvals/{id}/approve", post(approve_form))
        .route("/approvals/{id}/reject", post(reject_form))
        .route("/api/approvals", get(api_list))
        .route("/api/approvals/{id}", get(api_get))
        .route("/api/approvals/{id}/approve", post(api_approve))
        .route("/api/approvals/{id}/reject", post(api_reject))
        .route("/healthz", get(|| async { "ok" }))
        .with_state(state)
}

fn page(title: &str, reviewer: Option<&str>, csrf: Option<&str>, body: Markup) -> Html<String> {
    Html(
        html! {
            (DOCTYPE)
            html lang="en" {
                head {
                    meta charset="utf-8";
                    title { (title) " — ticket-agent approvals" }
                    style { (maud::PreEscaped(CSS)) }
                }
                body {
                    header {
                        strong { "ticket-agent approvals" }
                        @if let Some(r) = reviewer {
                            nav {
                                a href="/" { "Pending" } " · " a href="/decided" { "Decided" }
                                " · signed in as " span #reviewer { (r) }
                                form method="post" action="/logout" class="inline" {
                                    input type="hidden" name="csrf" value=(csrf.unwrap_or(""));
                                    button type="submit" { "Sign out" }
                                }
                            }
                        }
                    }
                    main { h1 { (title) } (body) }
                }
            }
        }
        .into_string(),
    )
}

const CSS: &str = "body{font-family:system-ui,sans-serif;margin:0;color:#222}header{background:#223;color:#fff;padding:.6em 1em;display:flex;gap:2em;align-items:center}header a{color:#cde}main{padding:1em}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.4em;vertical-align:top;text-align:left}pre{white-space:pre-wrap;max-width:40em;margin:0}.inline{display:inline}.actions form{margin:.2em 0}.status{font-weight:bold}";

fn fmt_amount(r: &ApprovalRecord) -> String {
    r.message.arguments["amount_usd"]
        .as_f64()
        .map(|a| format!("${a:.2}"))
        .unwrap_or_default()
}

fn approval_rows(records: &[ApprovalRecord], csrf: Option<&str>) -> Markup {
    html! {
        table {
            thead { tr {
                th { "Approval" } th { "Customer" } th { "Action" } th { "Amount" }
                th { "Eligibility" } th { "Agent's summary" } th { "Ticket" }
                @if csrf.is_some() { th { "Decide" } } @else { th { "Decision" } }
            } }
            tbody {
                @for r in records {
                    @let m = &r.message;
                    tr id=(format!("row-{}", m.approval_id)) {
                        td { code { (m.approval_id) } br; small { "ticket " (m.ticket_id) } br; small { (m.created_at.format("%Y-%m-%d %H:%M UTC").to_string()) } }
                        td { (m.customer_id) }
                        td { (m.tool) @if let Some(o) = m.arguments["order_id"].as_str() { br; "order " span .order { (o) } } @if let Some(to) = m.arguments["to"].as_str() { br; "to " (to) } }
                        td .amount { (fmt_amount(r)) }
                        td { @if let Some(e) = &m.eligibility { span .policy { (e.policy_ref) } br; "max " (format!("${:.2}", e.max_amount_usd.dollars())) } @else { "—" } }
                        td { pre { (m.summary) } }
                        td { strong { (m.ticket_subject) } pre { (m.ticket_body) } }
                        @if let Some(csrf) = csrf {
                            td .actions {
                                form method="post" action=(format!("/approvals/{}/approve", m.approval_id)) {
                                    input type="hidden" name="csrf" value=(csrf);
                                    input type="text" name="note" placeholder="note (optional)";
                                    button type="submit" class="approve" { "Approve" }
                                }
                                form method="post" action=(format!("/approvals/{}/reject", m.approval_id)) {
                                    input type="hidden" name="csrf" value=(csrf);
                                    input type="text" name="note" placeholder="note (optional)";
                                    button type="submit" class="reject" { "Reject" }
                                }
                            }
                        } @else {
                            td {
                                span .status { (r.status.as_str()) }
                                @if let Some(by) = &r.decided_by { br; "by " (by) }
                                @if let Some(n) = &r.note { br; em { (n) } }
                                @if let Some(x) = &r.execution { br; small .execution { (x.result.to_string()) } }
                            }
                        }
                    }
                }
            }
        }
        @if records.is_empty() { p #empty { "Nothing here." } }
    }
}

fn store_error(e: &StoreError) -> Response {
    tracing::error!(error = %e, "store unavailable");
    (
        StatusCode::SERVICE_UNAVAILABLE,
        "the approval store is unavailable",
    )
        .into_response()
}

async fn pending_page(State(s): State<WebState>, jar: CookieJar) -> Response {
    let session = match s.session(&jar).await {
        Ok(Some(session)) => session,
        Ok(None) => return Redirect::to("/login").into_response(),
        Err(e) => return store_error(&e),
    };
    match s.approvals.store.pending(200).await {
        Ok(records) => page(
            "Pending actions",
            Some(&session.reviewer),
            Some(&session.csrf),
            approval_rows(&records, Some(&session.csrf)),
        )
        .into_response(),
        Err(e) => store_error(&e),
    }
}

async fn decided_page(State(s): State<WebState>, jar: CookieJar) -> Response {
    let session = match s.session(&jar).await {
        Ok(Some(session)) => session,
        Ok(None) => return Redirect::to("/login").into_response(),
        Err(e) => return store_error(&e),
    };
    match s.approvals.store.decided(200).await {
        Ok(records) => page(
            "Decided actions",
            Some(&session.reviewer),
            Some(&session.csrf),
            approval_rows(&records, None),
        )
        .into_response(),
        Err(e) => store_error(&e),
    }
}

async fn login_page() -> Html<String> {
    page(
        "Sign in",
        None,
        None,
        html! {
            form method="post" action="/login" {
                label { "Reviewer token " input type="password" name="token" autocomplete="off" autofocus; }
                " " button type="submit" { "Sign in" }
            }
        },
    )
}

#[derive(Deserialize)]
struct LoginForm {
    token: String,
}

async fn login(State(s): State<WebState>, jar: CookieJar, Form(form): Form<LoginForm>) -> Response {
    let Some(reviewer) = s.reviewers.who(form.token.trim()) else {
        return (
            StatusCode::UNAUTHORIZED,
            page(
                "Sign in",
                None,
                None,
                html! { p { "Unknown token." } a href="/login" { "Try again" } },
            ),
        )
            .into_response();
    };
    let sid = random_hex();
    let session = Session {
        reviewer: reviewer.to_string(),
        csrf: random_hex(),
    };
    let mut c = s.approvals.store.connection();
    let stored: Result<(), redis::RedisError> = redis::cmd("SET")
        .arg(s.session_key(&sid))
        .arg(serde_json::to_string(&session).expect("sessions serialize"))
        .arg("EX")
        .arg(s.session_ttl_secs)
        .query_async(&mut c)
        .await;
    if let Err(e) = stored {
        return store_error(&e.into());
    }
    let cookie = Cookie::build((SESSION_COOKIE, sid))
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(s.cookie_secure)
        .path("/")
        .build();
    (jar.add(cookie), Redirect::to("/")).into_response()
}

#[derive(Deserialize)]
struct DecisionForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    note: String,
}

async fn logout(
    State(s): State<WebState>,
    jar: CookieJar,
    Form(form): Form<DecisionForm>,
) -> Response {
    if let Ok(Some(session)) = s.session(&jar).await
        && same_secret(&session.csrf, &form.csrf)
        && let Some(sid) = jar.get(SESSION_COOKIE).map(|c| c.value().to_string())
    {
        let mut c = s.approvals.store.connection();
        let _: Result<i64, _> = redis::cmd("DEL")
            .arg(s.session_key(&sid))
            .query_async(&mut c)
            .await;
    }
    (
        jar.remove(Cookie::from(SESSION_COOKIE)),
        Redirect::to("/login"),
    )
        .into_response()
}

async fn approve_form(
    state: State<WebState>,
    jar: CookieJar,
    id: Path<String>,
    form: Form<DecisionForm>,
) -> Response {
    decide_form(state, jar, id, form, Verdict::Approve).await
}

async fn reject_form(
    state: State<WebState>,
    jar: CookieJar,
    id: Path<String>,
    form: Form<DecisionForm>,
) -> Response {
    decide_form(state, jar, id, form, Verdict::Reject).await
}

async fn decide_form(
    State(s): State<WebState>,
    jar: CookieJar,
    Path(id): Path<String>,
    Form(form): Form<DecisionForm>,
    verdict: Verdict,
) -> Response {
    let session = match s.session(&jar).await {
        Ok(Some(session)) => session,
        Ok(None) => return (StatusCode::UNAUTHORIZED, "sign in first").into_response(),
        Err(e) => return store_error(&e),
    };
    if !same_secret(&session.csrf, &form.csrf) {
        return (StatusCode::FORBIDDEN, "missing or wrong CSRF token").into_response();
    }
    let note = Some(form.note.trim()).filter(|n| !n.is_empty());
    match s
        .approvals
        .decide(&id, verdict, &session.reviewer, note)
        .await
    {
        Ok(_) => Redirect::to("/decided").into_response(),
        Err(e) => decide_error(&e).into_response(),
    }
}

fn decide_error(e: &DecideError) -> (StatusCode, String) {
    let status = match e {
        DecideError::NotFound(_) => StatusCode::NOT_FOUND,
        DecideError::Conflict { .. } => StatusCode::CONFLICT,
        DecideError::Store(_) | DecideError::ExecutionPending(_) => StatusCode::SERVICE_UNAVAILABLE,
    };
    (status, e.to_string())
}

fn bearer<'a>(s: &'a WebState, headers: &HeaderMap) -> Option<&'a str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok();
    s.reviewers.bearer(value)
}

fn unauthorized() -> Response {
    (
        StatusCode::UNAUTHORIZED,
        [(header::WWW_AUTHENTICATE, "Bearer")],
        Json(serde_json::json!({ "error": "unauthorized" })),
    )
        .into_response()
}

#[derive(Deserialize)]
struct ListQuery {
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    limit: Option<usize>,
}

async fn api_list(
    State(s): State<WebState>,
    headers: HeaderMap,
    Query(q): Query<ListQuery>,
) -> Response {
    if bearer(&s, &headers).is_none() {
        return unauthorized();
    }
    let limit = q.limit.unwrap_or(200).min(1000);
    let records = match q.status.as_deref() {
        None | Some("pending") => s.approvals.store.pending(limit).await,
        Some("decided") => s.approvals.store.decided(limit).await,
        Some(other) => {
            return (
                StatusCode::BAD_REQUEST,
                Json(serde_json::json!({ "error": format!("status must be pending or decided, not {other:?}") })),
            )
                .into_response();
        }
    };
    match records {
        Ok(r) => Json(r).into_response(),
        Err(e) => store_error(&e),
    }
}

async fn api_get(
    State(s): State<WebState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if bearer(&s, &headers).is_none() {
        return unauthorized();
    }
    match s.approvals.store.get(&id).await {
        Ok(Some(r)) => Json(r).into_response(),
        Ok(None) => (
            StatusCode::NOT_FOUND,
            Json(serde_json::json!({ "error": "not_found" })),
        )
            .into_response(),
        Err(e) => store_error(&e),
    }
}

#[derive(Deserialize, Default)]
struct ApiDecision {
    #[serde(default)]
    note: Option<String>,
}

async fn api_approve(
    state: State<WebState>,
    headers: HeaderMap,
    id: Path<String>,
    body: Option<Json<ApiDecision>>,
) -> Response {
    api_decide(state, headers, id, body, Verdict::Approve).await
}

async fn api_reject(
    state: State<WebState>,
    headers: HeaderMap,
    id: Path<String>,
    body: Option<Json<ApiDecision>>,
) -> Response {
    api_decide(state, headers, id, body, Verdict::Reject).await
}

async fn api_decide(
    State(s): State<WebState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Option<Json<ApiDecision>>,
    verdict: Verdict,
) -> Response {
    let Some(reviewer) = bearer(&s, &headers).map(str::to_string) else {
        return unauthorized();
    };
    let note = body.and_then(|b| b.0.note);
    match s
        .approvals
        .decide(&id, verdict, &reviewer, note.as_deref())
        .await
    {
        Ok(outcome) => Json(outcome).into_response(),
        Err(e) => {
            let (status, message) = decide_error(&e);
            (status, Json(serde_json::json!({ "error": message }))).into_response()
        }
    }
}
