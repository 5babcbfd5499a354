//! The console's pages for volume: the pending list filtered (tool, amount range, age,
//! customer), a bulk decision on the filtered selection, and the searchable history
//! with its CSV export.
//!
//! A bulk decision is two steps. `GET /bulk` with the filters shows what they select
//! now, its count and total, and a form carrying exactly those approvals, each with
//! the digest of the proposal shown; `POST /bulk` decides those and no others (an
//! approval that arrived after the confirmation is not in it, and one whose proposal
//! changed since is skipped and reported), one [`Approvals::decide_with`] each, as
//! the signed-in reviewer. Same session, CSRF and cross-site rules as every form.

use axum::extract::{Form, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use chrono::{DateTime, NaiveDate, Utc};
use maud::{Markup, html};
use serde::Deserialize;

use super::approvals::{
    WebState, approval_rows, decision_in_words, fmt_amount, signed_page, store_error,
};
use super::page::url_encode;
use crate::approvals::store::{HistoryFilter, PendingFilter};
use crate::approvals::{ApprovalRecord, DecideError, DecisionInput, Verdict};

/// What one list shows at most (and a bulk decision takes at most).
pub(super) const PAGE: usize = 200;

/// The pending page's filters, as the query string carries them. Empty fields are
/// unset.
#[derive(Debug, Default, Deserialize)]
pub(super) struct PendingQuery {
    #[serde(default)]
    tool: String,
    /// Dollars.
    #[serde(default)]
    min: String,
    /// Dollars.
    #[serde(default)]
    max: String,
    /// Waiting at least this many minutes.
    #[serde(default)]
    older_than_mins: String,
    #[serde(default)]
    customer: String,
    /// For `GET /bulk`: `approve` or `reject`.
    #[serde(default)]
    action: String,
}

fn set(s: &str) -> Option<String> {
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_string())
}

fn dollars_to_cents(field: &str, raw: &str) -> Result<Option<i64>, String> {
    match set(raw) {
        None => Ok(None),
        Some(v) => v
            .parse::<f64>()
            .ok()
            .filter(|d| d.is_finite() && *d >= 0.0)
            .map(|d| Some((d * 100.0).round() as i64))
            .ok_or_else(|| format!("{field}: {v:?} is not an amount in dollars")),
    }
}

impl PendingQuery {
    fn filter(&self) -> Result<PendingFilter, String> {
        let proposed_before = match set(&self.older_than_mins) {
            None => None,
            Some(v) => {
                let mins: i64 = v
                    .parse()
                    .ok()
                    .filter(|m| *m >= 0)
                    .ok_or_else(|| format!("older than: {v:?} is not a number of minutes"))?;
                Some(Utc::now() - chrono::Duration::minutes(mins))
            }
        };
        Ok(PendingFilter {
            tool: set(&self.tool),
            min_cents: dollars_to_cents("min", &self.min)?,
            max_cents: dollars_to_cents("max", &self.max)?,
            proposed_before,
            customer_id: set(&self.customer),
            unevaluated_too: false,
        })
    }

    /// The filters as a query string (for the bulk link).
    fn query_string(&self) -> String {
        let pairs = [
            ("tool", &self.tool),
            ("min", &self.min),
            ("max", &self.max),
            ("older_than_mins", &self.older_than_mins),
            ("customer", &self.customer),
        ];
        pairs
            .iter()
            .filter(|(_, v)| !v.trim().is_empty())
            .map(|(k, v)| format!("{k}={}", url_encode(v.trim())))
            .collect::<Vec<_>>()
            .join("&")
    }
}

fn total_cents(records: &[ApprovalRecord]) -> i64 {
    records
        .iter()
        .filter_map(|r| r.message.arguments["amount_usd"].as_f64())
        .map(|d| (d * 100.0).round() as i64)
        .sum()
}

fn usd(cents: i64) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}

fn filter_form(q: &PendingQuery) -> Markup {
    html! {
        form #filter method="get" action="/" {
            label { "tool " select name="tool" {
                option value="" selected[q.tool.is_empty()] { "any" }
                @for t in [crate::domain::approval::ISSUE_REFUND, crate::domain::approval::SEND_EMAIL] {
                    option value=(t) selected[q.tool == t] { (t) }
                }
            } }
            " " label { "from $" input type="number" name="min" step="0.01" min="0" value=(q.min); }
            " " label { "to $" input type="number" name="max" step="0.01" min="0" value=(q.max); }
            " " label { "waiting at least " input type="number" name="older_than_mins" min="0" value=(q.older_than_mins); " min" }
            " " label { "customer " input type="text" name="customer" size="12" value=(q.customer); }
            " " button type="submit" #apply-filter { "Filter" }
            " " a href="/" { "clear" }
        }
    }
}

/// `GET /`: the pending actions that pass the filters, oldest first, with their wait,
/// the decide forms, and the bulk links for what is shown.
pub(super) async fn pending_page(
    State(s): State<WebState>,
    jar: CookieJar,
    Query(q): Query<PendingQuery>,
) -> Response {
    let session = match s.signed_in(&jar).await {
        Ok(session) => session,
        Err(refusal) => return refusal,
    };
    let filter = match q.filter() {
        Ok(f) => f,
        Err(why) => return (StatusCode::UNPROCESSABLE_ENTITY, why).into_response(),
    };
    match s.approvals.store.pending_filtered(&filter, PAGE).await {
        Ok(records) => {
            let qs = q.query_string();
            let sep = if qs.is_empty() { "" } else { "&" };
            let body = html! {
                (filter_form(&q))
                @if !records.is_empty() {
                    p #selection {
                        span #shown-count { (records.len()) } " shown, "
                        span #shown-total { (usd(total_cents(&records))) } " in all"
                        @if records.len() == PAGE { " (the oldest " (PAGE) "; narrow the filters for the rest)" }
                        " · " a #bulk-approve href=(format!("/bulk?action=approve{sep}{qs}")) { "Approve all shown…" }
                        " · " a #bulk-reject href=(format!("/bulk?action=reject{sep}{qs}")) { "Reject all shown…" }
                    }
                }
                (approval_rows(&records, Some(&session.csrf)))
            };
            signed_page("Pending actions", &session, body)
        }
        Err(e) => store_error(&e),
    }
}

/// `GET /bulk`: the confirmation of a bulk decision on what the filters select now.
pub(super) async fn bulk_confirm(
    State(s): State<WebState>,
    jar: CookieJar,
    Query(q): Query<PendingQuery>,
) -> Response {
    let session = match s.signed_in(&jar).await {
        Ok(session) => session,
        Err(refusal) => return refusal,
    };
    let verdict = match q.action.as_str() {
        "approve" => Verdict::Approve,
        "reject" => Verdict::Reject,
        other => {
            return (
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("action must be approve or reject, not {other:?}"),
            )
                .into_response();
        }
    };
    let filter = match q.filter() {
        Ok(f) => f,
        Err(why) => return (StatusCode::UNPROCESSABLE_ENTITY, why).into_response(),
    };
    let records = match s.approvals.store.pending_filtered(&filter, PAGE).await {
        Ok(r) => r,
        Err(e) => return store_error(&e),
    };
    let selected = records
        .iter()
        .map(|r| format!("{}:{}", r.message.approval_id, r.args_digest))
        .collect::<Vec<_>>()
        .join(",");
    let verb = if verdict == Verdict::Approve {
        "Approve"
    } else {
        "Reject"
    };
    let body = html! {
        @if records.is_empty() {
            p #empty { "The filters select nothing now." } a href="/" { "Back" }
        } @else {
            p #confirm-summary {
                (verb) " " strong #confirm-count { (records.len()) } " action(s) totalling "
                strong #confirm-total { (usd(total_cents(&records))) } "?"
            }
            form #bulk method="post" action="/bulk" {
                input type="hidden" name="csrf" value=(session.csrf);
                input type="hidden" name="action" value=(q.action);
                input type="hidden" name="selected" value=(selected);
                @if verdict == Verdict::Reject {
                    input type="text" name="note" placeholder="reason (required), given to every ticket" required;
                } @else {
                    input type="text" name="note" placeholder="note (optional)";
                }
                " " button type="submit" #bulk-confirm { (verb) " " (records.len()) }
                " " a href="/" { "Cancel" }
            }
            table { thead { tr { th { "Approval" } th { "Customer" } th { "Action" } th { "Amount" } th { "Waiting" } } }
                tbody { @for r in &records { tr {
                    td { code { (r.message.approval_id) } } td { (r.message.customer_id) } td { (r.message.tool) }
                    td { (fmt_amount(r)) } td { (super::approvals::waited(Utc::now() - r.message.created_at)) }
                } } }
            }
        }
    };
    signed_page("Confirm a bulk decision", &session, body)
}

#[derive(Debug, Deserialize)]
pub(super) struct BulkForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    action: String,
    /// `approval_id:digest,…`, as confirmed.
    #[serde(default)]
    selected: String,
    #[serde(default)]
    note: String,
}

/// `POST /bulk`: decides exactly the confirmed approvals, each bound to the proposal
/// shown, and lists what happened to each.
pub(super) async fn bulk_decide(
    State(s): State<WebState>,
    jar: CookieJar,
    Form(form): Form<BulkForm>,
) -> Response {
    let session = match s.changing(&jar, &form.csrf).await {
        Ok(session) => session,
        Err(refused) => return refused,
    };
    let verdict = match form.action.as_str() {
        "approve" => Verdict::Approve,
        "reject" => Verdict::Reject,
        _ => {
            return (
                StatusCode::UNPROCESSABLE_ENTITY,
                "action must be approve or reject",
            )
                .into_response();
        }
    };
    if verdict == Verdict::Reject && form.note.trim().is_empty() {
        return (
            StatusCode::UNPROCESSABLE_ENTITY,
            "a rejection needs a reason",
        )
            .into_response();
    }
    let selected: Vec<(&str, &str)> = form
        .selected
        .split(',')
        .filter(|p| !p.is_empty())
        .filter_map(|p| p.split_once(':'))
        .collect();
    if selected.is_empty() || selected.len() > PAGE {
        return (
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("a bulk decision takes 1 to {PAGE} approvals"),
        )
            .into_response();
    }
    let input = DecisionInput {
        note: set(&form.note),
        amount: None,
    };
    let mut results: Vec<(String, Result<ApprovalRecord, String>)> = Vec::new();
    for (id, digest) in selected {
        let result = match s.approvals.store.get(id).await {
            Ok(Some(r)) if r.args_digest != digest => {
                Err("its proposal changed after the confirmation; not decided".to_string())
            }
            Ok(Some(_)) => s
                .approvals
                .decide_with(id, verdict, &session.reviewer, &input)
                .await
                .map(|o| o.record)
                .map_err(|e| match e {
                    DecideError::Conflict { .. } => "already decided; nothing changed".to_string(),
                    e => e.to_string(),
                }),
            Ok(None) => Err("no such approval".to_string()),
            Err(e) => Err(e.to_string()),
        };
        results.push((id.to_string(), result));
    }
    let ok = results.iter().filter(|(_, r)| r.is_ok()).count();
    let body = html! {
        p #bulk-summary { (ok) " of " (results.len()) " decided." }
        table #bulk-results { thead { tr { th { "Approval" } th { "Result" } } }
            tbody { @for (id, r) in &results { tr data-approval=(id) {
                td { a href=(format!("/approvals/{id}")) { code { (id) } } }
                td { @match r { Ok(record) => { (decision_in_words(record)) }, Err(why) => { em { (why) } } } }
            } } }
        }
        p { a href="/" { "Back to pending" } }
    };
    signed_page("Bulk decision", &session, body)
}

/// The history's search fields, as the query string carries them.
#[derive(Debug, Default, Deserialize)]
pub(super) struct HistoryQuery {
    #[serde(default)]
    reviewer: String,
    #[serde(default)]
    customer: String,
    #[serde(default)]
    order: String,
    /// A date, `YYYY-MM-DD` (UTC), inclusive.
    #[serde(default)]
    from: String,
    /// A date, `YYYY-MM-DD` (UTC), inclusive.
    #[serde(default)]
    to: String,
}

fn day(field: &str, raw: &str) -> Result<Option<NaiveDate>, String> {
    set(raw)
        .map(|v| {
            NaiveDate::parse_from_str(&v, "%Y-%m-%d")
                .map_err(|_| format!("{field}: {v:?} is not a date (YYYY-MM-DD)"))
        })
        .transpose()
}

fn midnight(d: NaiveDate) -> DateTime<Utc> {
    d.and_hms_opt(0, 0, 0).expect("midnight exists").and_utc()
}

impl HistoryQuery {
    fn filter(&self) -> Result<HistoryFilter, String> {
        Ok(HistoryFilter {
            reviewer: set(&self.reviewer),
            customer_id: set(&self.customer),
            order_id: set(&self.order),
            decided_from: day("from", &self.from)?.map(midnight),
            decided_until: day("to", &self.to)?
                .and_then(|d| d.succ_opt())
                .map(midnight),
        })
    }

    fn query_string(&self) -> String {
        [
            ("reviewer", &self.reviewer),
            ("customer", &self.customer),
            ("order", &self.order),
            ("from", &self.from),
            ("to", &self.to),
        ]
        .iter()
        .filter(|(_, v)| !v.trim().is_empty())
        .map(|(k, v)| format!("{k}={}", url_encode(v.trim())))
        .collect::<Vec<_>>()
        .join("&")
    }
}

/// `GET /history`: decided approvals searched by reviewer, customer, order and date,
/// newest first, with a link to the same search as CSV.
pub(super) async fn history_page(
    State(s): State<WebState>,
    jar: CookieJar,
    Query(q): Query<HistoryQuery>,
) -> Response {
    let session = match s.signed_in(&jar).await {
        Ok(session) => session,
        Err(refusal) => return refusal,
    };
    let filter = match q.filter() {
        Ok(f) => f,
        Err(why) => return (StatusCode::UNPROCESSABLE_ENTITY, why).into_response(),
    };
    match s.approvals.store.history(&filter, PAGE).await {
        Ok(records) => {
            let body = html! {
                form #search method="get" action="/history" {
                    label { "reviewer " input type="text" name="reviewer" size="10" value=(q.reviewer); }
                    " " label { "customer " input type="text" name="customer" size="10" value=(q.customer); }
                    " " label { "order " input type="text" name="order" size="10" value=(q.order); }
                    " " label { "decided from " input type="date" name="from" value=(q.from); }
                    " " label { "to " input type="date" name="to" value=(q.to); }
                    " " button type="submit" #search-history { "Search" }
                    " " a #csv href=(format!("/history.csv?{}", q.query_string())) { "CSV" }
                }
                (approval_rows(&records, None))
            };
            signed_page("History", &session, body)
        }
        Err(e) => store_error(&e),
    }
}

/// `GET /history.csv`: the same search as a CSV file, one row per decided approval.
pub(super) async fn history_csv(
    State(s): State<WebState>,
    jar: CookieJar,
    Query(q): Query<HistoryQuery>,
) -> Response {
    if let Err(refusal) = s.signed_in(&jar).await {
        return refusal;
    }
    let filter = match q.filter() {
        Ok(f) => f,
        Err(why) => return (StatusCode::UNPROCESSABLE_ENTITY, why).into_response(),
    };
    // Larger than a page: an export is for a month of decisions.
    match s.approvals.store.history(&filter, 100_000).await {
        Ok(records) => (
            [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
                (
                    header::CONTENT_DISPOSITION,
                    "attachment; filename=\"approvals-history.csv\"",
                ),
            ],
            history_csv_text(&records),
        )
            .into_response(),
        Err(e) => store_error(&e),
    }
}

/// The columns of the history export.
pub const CSV_HEADER: &str = "approval_id,ticket_id,customer_id,tool,order_id,proposed_usd,approved_usd,status,decided_by,approvers,proposed_at,decided_at,waited_secs,note,execution";

/// Decided approvals as CSV (RFC 4180), one row each.
pub fn history_csv_text(records: &[ApprovalRecord]) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push_str("\r\n");
    for r in records {
        let m = &r.message;
        let approved = r
            .approved_arguments
            .as_ref()
            .and_then(|a| a["amount_usd"].as_f64());
        let money = |v: Option<f64>| v.map(|d| format!("{d:.2}")).unwrap_or_default();
        let fields = [
            m.approval_id.clone(),
            m.ticket_id.to_string(),
            m.customer_id.to_string(),
            m.tool.clone(),
            m.arguments["order_id"].as_str().unwrap_or("").to_string(),
            money(m.arguments["amount_usd"].as_f64()),
            money(approved),
            r.status.as_str().to_string(),
            r.decided_by.clone().unwrap_or_default(),
            r.approvers.join(" "),
            m.created_at.to_rfc3339(),
            r.decided_at.map(|d| d.to_rfc3339()).unwrap_or_default(),
            r.decided_at
                .map(|d| (d - m.created_at).num_seconds().max(0).to_string())
                .unwrap_or_default(),
            r.note.clone().unwrap_or_default(),
            r.execution
                .as_ref()
                .map(|x| super::approvals::execution_in_words(r, x))
                .or_else(|| super::approvals::unsettled_execution_in_words(r))
                .unwrap_or_default(),
        ];
        let row: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&row.join(","));
        out.push_str("\r\n");
    }
    out
}

/// One CSV field: quoted when it holds a comma, a quote or a line break; and a value
/// a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) is
/// prefixed with `'`, since notes and ids can be written by anyone.
fn csv_field(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}")
    } else {
        value.to_string()
    };
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_when_they_must_be_and_formulas_are_defused() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a, b"), "\"a, b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(csv_field("-12"), "'-12");
    }

    #[test]
    fn filters_parse_dollars_minutes_and_dates_and_refuse_what_they_are_not() {
        let q = PendingQuery {
            min: "4.5".into(),
            max: " ".into(),
            older_than_mins: "30".into(),
            customer: "C001".into(),
            ..Default::default()
        };
        let f = q.filter().unwrap();
        assert_eq!(f.min_cents, Some(450));
        assert_eq!(f.max_cents, None);
        assert_eq!(f.customer_id.as_deref(), Some("C001"));
        assert!(f.proposed_before.unwrap() < Utc::now() - chrono::Duration::minutes(29));
        assert_eq!(q.query_string(), "min=4.5&older_than_mins=30&customer=C001");
        let bad = PendingQuery {
            min: "lots".into(),
            ..Default::default()
        };
        assert!(bad.filter().unwrap_err().contains("min"));
        let h = HistoryQuery {
            from: "2026-11-01".into(),
            to: "2026-11-30".into(),
            ..Default::default()
        };
        let f = h.filter().unwrap();
        assert_eq!(
            f.decided_from.unwrap().to_rfc3339(),
            "2026-11-01T00:00:00+00:00"
        );
        assert_eq!(
            f.decided_until.unwrap().to_rfc3339(),
            "2026-12-01T00:00:00+00:00"
        );
        let bad = HistoryQuery {
            to: "30/11/2026".into(),
            ..Default::default()
        };
        assert!(bad.filter().unwrap_err().contains("YYYY-MM-DD"));
    }
}
