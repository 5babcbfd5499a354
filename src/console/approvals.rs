//! The approvals console (server-rendered HTML, no front-end build) and the JSON API.
//!
//! Both doors call [`Approvals::decide_with`], the one decision path (approve, approve
//! with a lower amount, reject with a reason). Reviewers authenticate with tokens from
//! the environment: the API takes `Authorization: Bearer <token>` and reads a decision
//! body only once the caller is authenticated, and only as a JSON object; the console
//! trades a token for a session (a random id in an HttpOnly, SameSite=Strict cookie,
//! the session itself in the database). The sign-in form carries a token of its own
//! (double submit) and every form that changes state carries the session's CSRF token;
//! [`crate::auth::guard`] limits failed sign-ins and [`super::guard`] adds the
//! cross-site refusal and the security headers in front of every route. Every piece of ticket text is escaped by
//! the template engine: ticket bodies are written by customers. A console decision
//! leads to the next pending approval; one refused is answered in the page, with the
//! way back to the approval. An approval's page shows its arguments as labelled fields
//! (never its idempotency key), the run's tool calls as a timeline, and links to the
//! previous and next pending approvals that the keyboard shortcuts follow
//! ([`super::page::SCRIPT`]).

use std::sync::Arc;

use axum::Json;
use axum::body::Body;
use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum_extra::extract::cookie::CookieJar;
use maud::{Markup, html};
use serde::Deserialize;

use super::page::{Face, frame};
use super::sessions::{Session, Sessions};
use super::sign_in::{Door, LoginForm, random_hex, same_secret};
use crate::approvals::risk::{self, RiskFlag, RiskKind};
use crate::approvals::store::{OrderActivity, PendingFilter};
use crate::approvals::{
    ApprovalRecord, ApprovalStatus, Approvals, DecideError, DecisionInput, Verdict,
};
use crate::commerce::Order;
use crate::domain::approval::Timeline;
use crate::domain::money::Usd;
use crate::kv::StoreError;

const SESSION_COOKIE: &str = "ta_session";

/// Reviewers and their tokens, from the environment (`name:token,name:token`).
pub type Reviewers = crate::auth::TokenHolders;

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

impl WebState {
    fn sessions(&self) -> Sessions<'_> {
        Sessions(self.approvals.store.pool())
    }

    pub(super) async fn session(&self, jar: &CookieJar) -> Result<Option<Session>, StoreError> {
        let Some(sid) = DOOR.session_id(jar) else {
            return Ok(None);
        };
        self.sessions().get(&sid).await
    }

    /// The session of a page: signed in, else the way to the sign-in page (or the
    /// store's error).
    pub(super) async fn signed_in(&self, jar: &CookieJar) -> Result<Session, Response> {
        match self.session(jar).await {
            Ok(Some(session)) => Ok(session),
            Ok(None) => Err(Redirect::to("/login").into_response()),
            Err(e) => Err(store_error(&e)),
        }
    }

    /// The session of a form that changes state: signed in, and carrying the session's
    /// CSRF token; else the refusal to answer with.
    pub(super) async fn changing(&self, jar: &CookieJar, csrf: &str) -> Result<Session, Response> {
        match self.session(jar).await {
            Ok(Some(session)) if same_secret(&session.csrf, csrf) => Ok(session),
            Ok(Some(_)) => {
                Err((StatusCode::FORBIDDEN, "missing or wrong CSRF token").into_response())
            }
            Ok(None) => Err((StatusCode::UNAUTHORIZED, "sign in first").into_response()),
            Err(e) => Err(store_error(&e)),
        }
    }
}

/// A page for a signed-in reviewer: their name, the way out and the navigation.
pub(super) fn signed_page(title: &str, session: &Session, body: Markup) -> Response {
    page(title, Some(&session.reviewer), Some(&session.csrf), body).into_response()
}

pub(super) fn page(
    title: &str,
    reviewer: Option<&str>,
    csrf: Option<&str>,
    body: Markup,
) -> Html<String> {
    let nav = reviewer.map(|r| {
        html! {
            a href="/" { "Pending" } " · " a href="/decided" { "Decided" } " · " a href="/history" { "History" }
            " · signed in as " span #reviewer { (r) }
            form method="post" action="/logout" class="inline" {
                input type="hidden" name="csrf" value=(csrf.unwrap_or(""));
                button type="submit" { "Sign out" }
            }
        }
    });
    frame(Face::Approvals, title, nav, body)
}

/// The amount of an action: as proposed while it is pending; once decided, the amount
/// approved (and so executed), with the proposed one beside it when a reviewer's edit
/// lowered it: "$12.50 (proposed $24.99)".
pub(super) fn fmt_amount(r: &ApprovalRecord) -> String {
    let proposed = r.message.arguments["amount_usd"].as_f64();
    let approved = r
        .approved_arguments
        .as_ref()
        .filter(|_| r.status != ApprovalStatus::Pending)
        .and_then(|a| a["amount_usd"].as_f64());
    match (proposed, approved) {
        (Some(p), Some(a)) if (p - a).abs() >= 0.005 => format!("${a:.2} (proposed ${p:.2})"),
        (Some(p), _) => format!("${p:.2}"),
        (None, Some(a)) => format!("${a:.2}"),
        (None, None) => String::new(),
    }
}

pub(super) fn approval_rows(records: &[ApprovalRecord], csrf: Option<&str>) -> Markup {
    html! {
        @if csrf.is_some() && !records.is_empty() { (shortcuts_hint(true, true)) }
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
                        td { a href=(format!("/approvals/{}", m.approval_id)) { code { (m.approval_id) } } br; small { "ticket " (m.ticket_id) } br; small { (m.created_at.format("%Y-%m-%d %H:%M UTC").to_string()) }
                            @if r.status == ApprovalStatus::Pending { br; small .waiting { "waiting " (waited(chrono::Utc::now() - m.created_at)) } } }
                        td { (m.customer_id) }
                        td { (m.tool) @if let Some(o) = m.arguments["order_id"].as_str() { br; "order " span .order { (o) } } @if let Some(to) = m.arguments["to"].as_str() { br; "to " (to) } }
                        td .amount { (fmt_amount(r)) }
                        td { @if let Some(e) = &m.eligibility { span .policy { (e.policy_ref) } br; "max " (format!("${:.2}", e.max_amount_usd.dollars())) } @else { "—" } }
                        td { pre { (m.summary) } }
                        td { strong { (m.ticket_subject) } pre { (m.ticket_body) } }
                        @if let Some(csrf) = csrf {
                            td .actions { (decide_forms(r, csrf)) }
                        } @else {
                            td { (decision_in_words(r)) }
                        }
                    }
                }
            }
        }
        @if records.is_empty() { p #empty { "Nothing here." } }
    }
}

/// The approve form (a note, and a lower amount for a refund) and the reject form (a
/// reason), with what the approval still needs.
fn decide_forms(r: &ApprovalRecord, csrf: &str) -> Markup {
    let m = &r.message;
    html! {
        @if r.required_approvals > 1 {
            p .needs { "needs " (r.required_approvals) " reviewers"
                @if let Some(rule) = &r.policy_rule { " (" (rule) ")" }
                @if !r.approvers.is_empty() { "; approved by " (r.approvers.join(", ")) }
            }
        }
        form .approve-form method="post" action=(format!("/approvals/{}/approve", m.approval_id)) {
            input type="hidden" name="csrf" value=(csrf);
            input type="text" name="note" placeholder="note (optional)" aria-label="note";
            @if m.arguments["amount_usd"].is_number() {
                label { "amount " input type="number" name="amount" step="0.01" min="0.01" max=(m.arguments["amount_usd"].to_string()) placeholder="as proposed" aria-keyshortcuts="e"; }
            }
            button type="submit" class="approve" aria-keyshortcuts="a" { "Approve" }
        }
        form .reject-form method="post" action=(format!("/approvals/{}/reject", m.approval_id)) {
            input type="hidden" name="csrf" value=(csrf);
            input type="text" name="note" placeholder="reason (required)" aria-label="reason" aria-keyshortcuts="r" required;
            button type="submit" class="reject" { "Reject" }
        }
    }
}

/// A decided approval's status, author, time, wait, note and execution, in words.
pub(super) fn decision_in_words(r: &ApprovalRecord) -> Markup {
    html! {
        span .status { (r.status.as_str()) }
        @if let Some(by) = &r.decided_by { br; "by " (by) }
        @if let Some(at) = r.decided_at {
            br; small .decided-at { (at.format("%Y-%m-%d %H:%M UTC").to_string()) }
            br; small .waited { "waited " (waited(at - r.message.created_at)) }
        }
        @if let Some(n) = &r.note { br; em { (n) } }
        @if let Some(x) = &r.execution { br; span .execution { (execution_in_words(r, x)) } }
        @else if let Some(words) = unsettled_execution_in_words(r) {
            br; span .execution.retrying { (words) }
        }
    }
}

/// An approved action's execution while it has not settled: executing now, or retrying
/// after a transient failure, with the attempts, the last error and the next try.
pub(super) fn unsettled_execution_in_words(r: &ApprovalRecord) -> Option<String> {
    let state = r.execution_state.as_ref()?;
    match state.status.as_str() {
        "claimed" => Some(format!("executing (attempt {})", state.attempts)),
        "retrying" => {
            let next = state.next_attempt_at.map_or_else(String::new, |at| {
                format!("; next attempt at {}", at.format("%H:%M:%S UTC"))
            });
            Some(format!(
                "retrying: {} attempt(s) failed, the last with {}{next}",
                state.attempts,
                state.last_error.as_deref().unwrap_or("an unknown error")
            ))
        }
        _ => None,
    }
}

fn cents(c: Option<i64>) -> String {
    c.map(|c| format!("${}.{:02}", c / 100, c % 100))
        .unwrap_or_else(|| "—".into())
}

/// One approval's whole record: first the risk flags the product raises
/// ([`crate::approvals::risk`]) and the way to the previous and next pending approvals,
/// then the proposal (its arguments as labelled fields) and what it rests on, the
/// ticket, the decision forms while it is pending, the agent's tool calls as a
/// timeline, the order as the shop has it now (lines, status, dates, total, refunded so
/// far), every decision, the execution, the audit trail, and for a refund the order's
/// other approvals (its refund history and any other open proposal), so that a
/// reviewer sees a second ticket about an order already refunded.
pub(super) async fn record_page(
    State(s): State<WebState>,
    jar: CookieJar,
    Path(id): Path<String>,
) -> Response {
    let session = match s.signed_in(&jar).await {
        Ok(session) => session,
        Err(refusal) => return refusal,
    };
    let store = &s.approvals.store;
    let r = match store.get(&id).await {
        Ok(Some(r)) => r,
        Ok(None) => return (StatusCode::NOT_FOUND, "no such approval").into_response(),
        Err(e) => return store_error(&e),
    };
    let order = r.message.arguments["order_id"].as_str().map(str::to_string);
    let (decisions, trail) = match tokio::try_join!(store.decisions_of(&id), store.audit_trail(&id))
    {
        Ok(found) => found,
        Err(e) => return store_error(&e),
    };
    let (others, refunded) = match &order {
        Some(o) => {
            match tokio::try_join!(store.order_activity(o, &id), store.order_refunded_cents(o)) {
                Ok((others, refunded)) => (others, Some(refunded)),
                Err(e) => return store_error(&e),
            }
        }
        None => (Vec::new(), None),
    };
    let m = &r.message;
    let (related, shop_order, seen_before, pending) = tokio::join!(
        store.related_refunds(order.as_deref(), m.customer_id.as_str(), &id),
        shop_order(&s, order.as_deref()),
        store.customer_seen_before(m.customer_id.as_str(), m.ticket_id.as_str(), m.created_at),
        reviewable_pending(&s, &session.reviewer),
    );
    let (related, seen_before) = match (related, seen_before) {
        (Ok(related), Ok(seen_before)) => (related, seen_before),
        (Err(e), _) | (_, Err(e)) => return store_error(&e),
    };
    let flags = risk_flags(&r, related.len(), seen_before);
    let (previous, next) = neighbours(&pending, &id);
    let pending_here = r.status == ApprovalStatus::Pending;
    let now = chrono::Utc::now();
    let body = html! {
        (risks_list(&flags, &related))
        p { span .status #status { (r.status.as_str()) } " · " (m.tool) " for ticket " (m.ticket_id) ", customer " (m.customer_id)
            @if pending_here { " · waiting " span .waited { (waited(now - m.created_at)) } } }
        nav #pending-nav {
            @if let Some(p) = previous { a #prev-pending rel="prev" href=(format!("/approvals/{p}")) { "← previous pending" } } @else { span .none { "no previous pending" } }
            " · "
            @if let Some(n) = next { a #next-pending rel="next" href=(format!("/approvals/{n}")) { "next pending →" } } @else { span .none { "no next pending" } }
        }
        (shortcuts_hint(previous.is_some() || next.is_some(), pending_here))
        h2 { "Proposal" }
        table .record {
            tr { th { "Proposed" } td { (m.created_at.format("%Y-%m-%d %H:%M:%S UTC").to_string()) " (" (r.proposals) " proposal(s) received)" } }
            tr { th { "Arguments" } td { (arguments_fields("arguments", &m.arguments)) } }
            @if let Some(a) = &r.approved_arguments { tr { th { "Approved" } td { (arguments_fields("approved-arguments", a)) } } }
            tr { th { "Eligibility" } td { @if let Some(e) = &m.eligibility { span .policy { (e.policy_ref) } " · at most " (format!("${:.2}", e.max_amount_usd.dollars())) } @else { "—" } } }
            tr { th { "Agent's summary" } td { pre { (m.summary) } } }
            tr { th { "Ticket" } td { strong { (m.ticket_subject) } pre { (m.ticket_body) } } }
        }
        @if pending_here {
            h2 { "Decide" }
            div .actions #decide { (decide_forms(&r, &session.csrf)) }
        }
        h2 { "What the agent did" }
        (timeline_list(&m.timeline))
        @if let Some(o) = &order {
            h2 { "Order " (o) }
            (order_in_shop(o, shop_order))
            p #order-refunded { "Refunded or being refunded through approvals: " (cents(refunded)) }
            @if others.is_empty() { p #order-others { "No other approval for this order." } } @else {
                table #order-others { thead { tr { th { "Approval" } th { "Ticket" } th { "Proposed" } th { "Status" } th { "Execution" } } }
                    tbody { @for a in &others { tr {
                        td { a href=(format!("/approvals/{}", a.approval_id)) { code { (a.approval_id) } } }
                        td { (a.ticket_id) }
                        td { (cents(a.proposed_cents)) br; small { (a.proposed_at.format("%Y-%m-%d %H:%M UTC").to_string()) } }
                        td { (a.status) }
                        td { @if let Some(x) = &a.execution { (x) " " (cents(a.executed_cents)) } @else { "—" } }
                    } } }
                }
            }
        }
        h2 { "Decisions" }
        @if decisions.is_empty() { p { "None yet." } } @else {
            table #decisions { thead { tr { th { "Who" } th { "Verdict" } th { "When" } th { "Amount" } th { "Note" } } }
                tbody { @for d in &decisions { tr {
                    td { (d.reviewer) } td { (d.verdict) } td { (d.decided_at.format("%Y-%m-%d %H:%M:%S UTC").to_string()) }
                    td { (cents(d.amount_cents)) } td { @if let Some(n) = &d.note { (n) } }
                } } }
            }
        }
        @if !pending_here {
            h2 { "Outcome" }
            p #outcome { (decision_in_words(&r)) }
        }
        h2 { "Audit trail" }
        table #audit { thead { tr { th { "When" } th { "Event" } th { "Actor" } } }
            tbody { @for (at, event, actor, _) in &trail { tr {
                td { (at.format("%Y-%m-%d %H:%M:%S UTC").to_string()) } td { (event) } td { (actor) }
            } } }
        }
    };
    signed_page(&format!("Approval {id}"), &session, body)
}

/// Longest wait for the shop's answer about an approval's order: the page is drawn
/// without it after that.
const SHOP_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// The approval's order as the shop has it now, through the approvals' own commerce
/// backend; `None` when the approval names no order.
async fn shop_order(s: &WebState, order: Option<&str>) -> Option<Result<Option<Order>, String>> {
    let order = order?;
    let backend = &s.approvals.executor.backend;
    Some(
        match tokio::time::timeout(SHOP_WAIT, backend.order(order)).await {
            Ok(Ok(found)) => Ok(found),
            Ok(Err(e)) => Err(e.to_string()),
            Err(_) => Err(format!("no answer within {} s", SHOP_WAIT.as_secs())),
        },
    )
}

/// The flags the product raises on `r`: from its ticket text (instructions, an amount
/// asked above the proposed and eligible one, a dispute word), `repeats` other refund
/// approvals for its order or customer, and a customer the record had not `seen_before`.
fn risk_flags(r: &ApprovalRecord, repeats: usize, seen_before: bool) -> Vec<RiskFlag> {
    let m = &r.message;
    let proposed = m.arguments["amount_usd"]
        .as_f64()
        .and_then(|d| Usd::from_dollars(d).ok());
    let eligible = m.eligibility.as_ref().map(|e| e.max_amount_usd);
    let mut flags = risk::text_flags(&m.ticket_body, proposed, eligible);
    flags.extend(risk::repeat_refunds(repeats));
    flags.extend(risk::new_customer(m.customer_id.as_str(), seen_before));
    flags
}

/// The keys the console answers to ([`super::page::SCRIPT`]), in one line: `moving`
/// when there is an approval to move to, `deciding` when there are forms to decide with.
fn shortcuts_hint(moving: bool, deciding: bool) -> Markup {
    html! {
        @if moving || deciding {
            p #shortcuts .hint {
                "Keys: "
                @if moving { kbd { "j" } " / " kbd { "k" } " next / previous pending" @if deciding { " · " } }
                @if deciding { kbd { "a" } " approve · " kbd { "r" } " reject (type the reason) · " kbd { "e" } " edit the amount · " kbd { "Esc" } " leave a field" }
            }
        }
    }
}

/// How a reviewer reads an argument's name.
fn argument_label(name: &str) -> String {
    match name {
        "order_id" => "Order id".into(),
        "amount_usd" => "Amount".into(),
        "to" => "Recipient".into(),
        "subject" => "Subject".into(),
        "body" => "Message".into(),
        "ticket_id" => "Ticket".into(),
        "reason" => "Reason".into(),
        other => {
            let words = other.replace('_', " ");
            let mut chars = words.chars();
            chars.next().map_or_else(String::new, |c| {
                c.to_uppercase().chain(chars).collect::<String>()
            })
        }
    }
}

/// An action's arguments as labelled fields, what it is about first (the order, the
/// recipient), then how much or what: an amount in dollars, text as text, a message
/// kept in its lines. The idempotency key is the executor's business and is not drawn
/// at all.
fn arguments_fields(id: &str, arguments: &serde_json::Value) -> Markup {
    const ORDER: [&str; 6] = [
        "order_id",
        "amount_usd",
        "to",
        "subject",
        "body",
        "ticket_id",
    ];
    let rank = |k: &str| ORDER.iter().position(|o| *o == k).unwrap_or(ORDER.len());
    let mut fields: Vec<(&String, &serde_json::Value)> = arguments
        .as_object()
        .map(|o| o.iter().filter(|(k, _)| *k != "idempotency_key").collect())
        .unwrap_or_default();
    fields.sort_by_key(|(k, _)| rank(k));
    html! {
        dl .fields id=(id) {
            @for (name, value) in &fields {
                dt { (argument_label(name)) }
                dd class=(format!("field-{name}")) {
                    @match (name.as_str(), value) {
                        ("amount_usd", serde_json::Value::Number(n)) => {
                            (n.as_f64().and_then(|d| Usd::from_dollars(d).ok()).map_or_else(|| n.to_string(), |u| u.to_string()))
                        }
                        ("body", serde_json::Value::String(text)) => { pre { (text) } }
                        (_, serde_json::Value::String(text)) => { (text) }
                        (_, other) => { (other.to_string()) }
                    }
                }
            }
        }
    }
}

/// The run's tool calls, in order: the tool, the arguments that say what it was
/// about, how it ended, and what it answered in one line.
fn timeline_list(timeline: &Timeline) -> Markup {
    html! {
        @if timeline.is_empty() {
            p #no-timeline { "The proposal carries no tool calls (it came from a worker that did not send them)." }
        } @else {
            ol #timeline {
                @for step in &timeline.steps {
                    li class=(if step.succeeded() { "step step-ok" } else { "step step-error" }) data-tool=(step.tool) {
                        code .tool { (step.tool) }
                        @for a in &step.arguments { " " span .arg { span .arg-name { (argument_label(&a.name)) } " " (a.value) } }
                        " " span .call-status { (step.status) }
                        div .summary { (step.summary) }
                    }
                }
            }
            @if timeline.omitted > 0 {
                p #timeline-omitted { "… and " (timeline.omitted) " more tool call(s) not shown." }
            }
        }
    }
}

/// The risk flags, first on the page: one line each, the repeat flag with links to
/// the other approvals.
fn risks_list(flags: &[RiskFlag], related: &[OrderActivity]) -> Markup {
    html! {
        @if flags.is_empty() {
            p #no-risks { "No risk flags." }
        } @else {
            ul #risks {
                @for f in flags {
                    li class=(format!("risk risk-{}", f.kind.as_str())) data-kind=(f.kind.as_str()) {
                        (f.text)
                        @if f.kind == RiskKind::RepeatRefunds {
                            ": "
                            @for (i, a) in related.iter().enumerate() {
                                @if i > 0 { ", " }
                                a href=(format!("/approvals/{}", a.approval_id)) { (a.ticket_id) } " (" (a.status) ")"
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The order as the shop has it: status, dates, lines, total and refunded so far; or
/// why the shop could not say.
fn order_in_shop(order_id: &str, found: Option<Result<Option<Order>, String>>) -> Markup {
    let day = |d: Option<chrono::DateTime<chrono::Utc>>| {
        d.map_or_else(|| "—".to_string(), |d| d.format("%Y-%m-%d").to_string())
    };
    html! {
        @match found {
            None => {}
            Some(Err(e)) => { p #order-error .bad { "The shop could not be asked for order " (order_id) ": " (e) } }
            Some(Ok(None)) => { p #order-error .warn { "The shop has no order " (order_id) "." } }
            Some(Ok(Some(o))) => {
                table .record #order {
                    tr { th { "Status" } td { span #order-status { (o.status.as_str()) } } }
                    tr { th { "Ordered" } td { (day(o.order_date)) } }
                    tr { th { "Shipped" } td { (day(o.shipped_at)) @if let Some(c) = &o.carrier { " · " (c) } @if let Some(t) = &o.tracking_number { " " code { (t) } } } }
                    tr { th { "Delivered" } td { (day(o.delivered_at)) } }
                    tr { th { "Total" } td #order-total { (o.total_usd) } }
                    tr { th { "Refunded so far" } td #order-shop-refunded { (o.refunded_usd) } }
                }
                table #order-lines {
                    thead { tr { th { "Item" } th { "Quantity" } th { "Price" } th { "Line total" } } }
                    tbody { @for item in &o.items { tr .order-line {
                        td { (item.name) br; small { code { (item.sku) } } }
                        td { (item.quantity) }
                        td { (item.unit_price_usd) }
                        td { (Usd::from_cents(item.unit_price_usd.cents().saturating_mul(i64::from(item.quantity)))) }
                    } } }
                }
            }
        }
    }
}

/// A wait as a reviewer reads it: "45 s", "12 min", "3 h 20 min", "2 d 4 h".
pub(super) fn waited(d: chrono::Duration) -> String {
    let secs = d.num_seconds().max(0);
    match secs {
        0..60 => format!("{secs} s"),
        60..3600 => format!("{} min", secs / 60),
        3600..86400 => format!("{} h {} min", secs / 3600, secs % 3600 / 60),
        _ => format!("{} d {} h", secs / 86400, secs % 86400 / 3600),
    }
}

/// What execution did, in words: the amount and confirmation of a refund, the message
/// id of an email, or why it failed.
pub(super) fn execution_in_words(
    r: &ApprovalRecord,
    x: &crate::executor::ExecutionRecord,
) -> String {
    let amount = r
        .approved_arguments
        .as_ref()
        .unwrap_or(&r.message.arguments)["amount_usd"]
        .as_f64();
    if x.status == "succeeded" {
        match (x.result["confirmation_id"].as_str(), amount) {
            (Some(c), Some(a)) => format!("refunded ${a:.2}, confirmation {c}"),
            (Some(c), None) => format!("done, confirmation {c}"),
            _ => match x.result["message_id"].as_str() {
                Some(id) => format!("email sent, message {id}"),
                None => "done".to_string(),
            },
        }
    } else {
        let why = x.result["detail"]
            .as_str()
            .or(x.result["error"].as_str())
            .unwrap_or("refused by the backend");
        if x.status == "unknown" {
            format!("outcome unknown: {why}")
        } else {
            format!("failed: {why}")
        }
    }
}

pub(super) fn store_error(e: &StoreError) -> Response {
    tracing::error!(error = %crate::telemetry::chain(e), "store unavailable");
    (
        StatusCode::SERVICE_UNAVAILABLE,
        "the approval store is unavailable",
    )
        .into_response()
}

pub(super) async fn decided_page(State(s): State<WebState>, jar: CookieJar) -> Response {
    let session = match s.signed_in(&jar).await {
        Ok(session) => session,
        Err(refusal) => return refusal,
    };
    match s.approvals.store.decided(200).await {
        Ok(records) => signed_page("Decided actions", &session, approval_rows(&records, None)),
        Err(e) => store_error(&e),
    }
}

/// The reviewers' door.
const DOOR: Door = Door {
    path: "/login",
    login_cookie: "ta_login",
    session_cookie: SESSION_COOKIE,
    session_path: "/",
    label: "Reviewer token",
    unknown: "Unknown token.",
    note: None,
};

pub(super) async fn login_page(State(s): State<WebState>, jar: CookieJar) -> Response {
    let (jar, form) = DOOR.form(jar, s.cookie_secure);
    (jar, page("Sign in", None, None, form)).into_response()
}

pub(super) async fn login(
    State(s): State<WebState>,
    jar: CookieJar,
    Form(form): Form<LoginForm>,
) -> Response {
    let reviewer = match DOOR.admit(&jar, &form, |token| s.reviewers.who(token)) {
        Ok(reviewer) => reviewer,
        Err((status, body)) => return (status, page("Sign in", None, None, body)).into_response(),
    };
    let sid = random_hex();
    let session = Session {
        reviewer: reviewer.to_string(),
        csrf: random_hex(),
    };
    let ttl = std::time::Duration::from_secs(s.session_ttl_secs);
    if let Err(e) = s.sessions().create(&sid, &session, ttl).await {
        return store_error(&e);
    }
    (DOOR.opened(jar, sid, s.cookie_secure), Redirect::to("/")).into_response()
}

#[derive(Deserialize)]
pub(super) struct DecisionForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    note: String,
    /// An approval with an edit: the amount to refund instead (empty: as proposed).
    #[serde(default)]
    amount: String,
}

pub(super) async fn logout(
    State(s): State<WebState>,
    jar: CookieJar,
    Form(form): Form<DecisionForm>,
) -> Response {
    if let Ok(Some(session)) = s.session(&jar).await
        && same_secret(&session.csrf, &form.csrf)
        && let Some(sid) = DOOR.session_id(&jar)
    {
        let _ = s.sessions().delete(&sid).await;
    }
    (DOOR.closed(jar), Redirect::to("/login")).into_response()
}

pub(super) async fn approve_form(
    state: State<WebState>,
    jar: CookieJar,
    id: Path<String>,
    form: Form<DecisionForm>,
) -> Response {
    decide_form(state, jar, id, form, Verdict::Approve).await
}

pub(super) async fn reject_form(
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
    let session = match s.changing(&jar, &form.csrf).await {
        Ok(session) => session,
        Err(refused) => return refused,
    };
    let amount = match form.amount.trim() {
        "" => None,
        raw => match raw
            .parse::<f64>()
            .ok()
            .and_then(|d| Usd::from_dollars(d).ok())
        {
            Some(a) => Some(a),
            None => {
                return refused_page(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    &id,
                    &format!("{raw:?} is not an amount in dollars"),
                    &session,
                );
            }
        },
    };
    let input = DecisionInput {
        note: Some(form.note),
        amount,
    };
    match s
        .approvals
        .decide_with(&id, verdict, &session.reviewer, &input)
        .await
    {
        Ok(_) => Redirect::to(&next_pending(&s, &id, &session.reviewer).await).into_response(),
        Err(e) => {
            let (status, why) = decide_error(&e);
            refused_page(status, &id, &why, &session)
        }
    }
}

/// The ids of the pending approvals `reviewer` may still decide, oldest first: the
/// oldest 100 pending, less those this reviewer approved that wait for another
/// reviewer; empty when the store cannot say.
async fn reviewable_pending(s: &WebState, reviewer: &str) -> Vec<String> {
    const LOOK_AHEAD: usize = 100;
    match s
        .approvals
        .store
        .pending_filtered(&PendingFilter::default(), LOOK_AHEAD)
        .await
    {
        Ok(pending) => pending
            .into_iter()
            .filter(|r| !r.approvers.iter().any(|a| a == reviewer))
            .map(|r| r.message.approval_id)
            // Ids come from proposals: only one that is a plain path segment is put in
            // a link or a Location header as it is.
            .filter(|id| {
                id.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_.~".contains(&b))
            })
            .collect(),
        Err(e) => {
            tracing::warn!(error = %crate::telemetry::chain(&e), "no pending approvals to move to");
            Vec::new()
        }
    }
}

/// The pending approvals before and after `id` in `pending` (oldest first); for one
/// not among them (decided, or further down), none before and the oldest after.
fn neighbours<'a>(pending: &'a [String], id: &str) -> (Option<&'a str>, Option<&'a str>) {
    match pending.iter().position(|p| p == id) {
        Some(i) => (
            i.checked_sub(1).map(|j| pending[j].as_str()),
            pending.get(i + 1).map(String::as_str),
        ),
        None => (None, pending.first().map(String::as_str)),
    }
}

/// Where a reviewer goes after a decision: the oldest pending approval other than the
/// one just decided and than those waiting for another reviewer's approval after this
/// one's; the pending list when there is none (or the store cannot say).
async fn next_pending(s: &WebState, decided: &str, reviewer: &str) -> String {
    reviewable_pending(s, reviewer)
        .await
        .into_iter()
        .find(|id| id != decided)
        .map_or_else(|| "/".into(), |id| format!("/approvals/{id}"))
}

/// A decision the console could not take (or not finish), in the page frame: the
/// reason in `#error`, with the way back to the approval and to the pending list. The
/// status stays the one the API answers with for the same refusal.
fn refused_page(status: StatusCode, id: &str, why: &str, session: &Session) -> Response {
    let title = if status.is_success() {
        "Decision recorded"
    } else {
        "Decision not taken"
    };
    let body = html! {
        p #error .(if status.is_success() { "warn" } else { "bad" }) { (why) }
        p {
            a #back href=(format!("/approvals/{id}")) { "Back to approval " code { (id) } }
            " · " a href="/" { "Pending list" }
        }
    };
    (
        status,
        page(title, Some(&session.reviewer), Some(&session.csrf), body),
    )
        .into_response()
}

fn decide_error(e: &DecideError) -> (StatusCode, String) {
    let status = match e {
        DecideError::NotFound(_) => StatusCode::NOT_FOUND,
        DecideError::Conflict { .. } | DecideError::Changed(_) => StatusCode::CONFLICT,
        DecideError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
        DecideError::NotAsApproved(_) => StatusCode::INTERNAL_SERVER_ERROR,
        DecideError::Store(StoreError::Refused(_)) => StatusCode::UNPROCESSABLE_ENTITY,
        DecideError::Store(StoreError::Corrupt(_)) => StatusCode::INTERNAL_SERVER_ERROR,
        DecideError::Store(StoreError::Unavailable(_) | StoreError::Contended(_)) => {
            StatusCode::SERVICE_UNAVAILABLE
        }
        // The decision is recorded; what is not finished is the execution, which the
        // sweep carries on: accepted, not unavailable, so that nobody retries it.
        DecideError::ExecutionPending(_) | DecideError::InProgress(_) => StatusCode::ACCEPTED,
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
pub(super) struct ListQuery {
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    limit: Option<usize>,
}

pub(super) async fn api_list(
    State(s): State<WebState>,
    headers: HeaderMap,
    Query(q): Query<ListQuery>,
) -> Response {
    if bearer(&s, &headers).is_none() {
        return unauthorized();
    }
    let limit = q.limit.unwrap_or(200).min(1000);
    let records = match q.status.as_deref() {
        None | Some("pending") => {
            s.approvals
                .store
                .pending_filtered(&PendingFilter::default(), limit)
                .await
        }
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

pub(super) async fn api_get(
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

/// Largest decision body read, in bytes (a note and an amount).
const MAX_DECISION_BODY: usize = 16 * 1024;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ApiDecision {
    #[serde(default)]
    note: Option<String>,
    /// An approval with an edit: the amount to refund instead, in dollars.
    #[serde(default)]
    amount_usd: Option<Usd>,
}

pub(super) async fn api_approve(
    state: State<WebState>,
    headers: HeaderMap,
    id: Path<String>,
    body: Body,
) -> Response {
    api_decide(state, headers, id, body, Verdict::Approve).await
}

pub(super) async fn api_reject(
    state: State<WebState>,
    headers: HeaderMap,
    id: Path<String>,
    body: Body,
) -> Response {
    api_decide(state, headers, id, body, Verdict::Reject).await
}

fn api_error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(serde_json::json!({ "error": message.into() }))).into_response()
}

/// The decision body: empty, or one JSON object (`note`, `amount_usd`). Read only after
/// the caller is authenticated, and never past [`MAX_DECISION_BODY`].
async fn decision_body(body: Body) -> Result<ApiDecision, Response> {
    let bytes = axum::body::to_bytes(body, MAX_DECISION_BODY)
        .await
        .map_err(|_| {
            api_error(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("a decision body is at most {MAX_DECISION_BODY} bytes"),
            )
        })?;
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(ApiDecision::default());
    }
    let value: serde_json::Value = serde_json::from_slice(&bytes)
        .map_err(|_| api_error(StatusCode::BAD_REQUEST, "the body is not JSON"))?;
    if !value.is_object() {
        return Err(api_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "the body must be a JSON object: {\"note\": …, \"amount_usd\": …}",
        ));
    }
    serde_json::from_value(value)
        .map_err(|e| api_error(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))
}

async fn api_decide(
    State(s): State<WebState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Body,
    verdict: Verdict,
) -> Response {
    let Some(reviewer) = bearer(&s, &headers).map(str::to_string) else {
        return unauthorized();
    };
    let body = match decision_body(body).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    let input = DecisionInput {
        note: body.note,
        amount: body.amount_usd,
    };
    match s
        .approvals
        .decide_with(&id, verdict, &reviewer, &input)
        .await
    {
        Ok(outcome) => Json(outcome).into_response(),
        Err(e) => {
            let (status, message) = decide_error(&e);
            api_error(status, message)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::approval::TimelineStep;

    #[test]
    fn arguments_read_as_labelled_fields_and_the_idempotency_key_is_not_drawn() {
        let html = arguments_fields(
            "arguments",
            &serde_json::json!({ "order_id": "O1001", "amount_usd": 15.5, "idempotency_key": "idem_secret" }),
        )
        .into_string();
        let order = html.find("<dt>Order id</dt>").expect(&html);
        let amount = html.find("<dt>Amount</dt>").expect(&html);
        assert!(order < amount, "the order first: {html}");
        assert!(html.contains("$15.50"), "{html}");
        assert!(
            !html.contains("idem_secret") && !html.contains("dempotency"),
            "{html}"
        );
        assert!(!html.contains('{'), "fields, not JSON: {html}");
    }

    #[test]
    fn the_timeline_lists_each_call_in_order_with_its_status_and_escapes_what_the_tools_said() {
        let timeline = Timeline {
            steps: vec![
                TimelineStep {
                    tool: "order_lookup".into(),
                    arguments: Vec::new(),
                    status: "error".into(),
                    summary: "order_not_found: <script>alert(1)</script>".into(),
                },
                TimelineStep {
                    tool: "issue_refund".into(),
                    arguments: Vec::new(),
                    status: "pending_approval".into(),
                    summary: "waits for approval apr_1".into(),
                },
            ],
            omitted: 2,
        };
        let html = timeline_list(&timeline).into_string();
        let lookup = html.find("data-tool=\"order_lookup\"").unwrap();
        let refund = html.find("data-tool=\"issue_refund\"").unwrap();
        assert!(lookup < refund, "in the order of the run: {html}");
        assert!(html.contains("step step-error"), "{html}");
        assert!(html.contains("step step-ok"), "{html}");
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(html.contains("2 more tool call(s)"), "{html}");
        assert!(
            timeline_list(&Timeline::default())
                .into_string()
                .contains("no-timeline")
        );
    }

    #[test]
    fn the_pending_before_and_after_an_approval_are_its_neighbours_and_a_decided_one_leads_to_the_oldest()
     {
        let pending: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        assert_eq!(neighbours(&pending, "a"), (None, Some("b")));
        assert_eq!(neighbours(&pending, "b"), (Some("a"), Some("c")));
        assert_eq!(neighbours(&pending, "c"), (Some("b"), None));
        assert_eq!(neighbours(&pending, "decided"), (None, Some("a")));
        assert_eq!(neighbours(&[], "x"), (None, None));
    }
}
