//! The routes of the approvals console and its JSON API, in one table: the pages of
//! [`super::approvals`] (one approval, sign-in, the API) and of [`super::volume`] (the lists
//! and bulk decisions), which share markup one way (volume uses web's) and so need a
//! third place to be put together; and the pages' one script ([`super::page::SCRIPT`]).

use axum::Router;
use axum::routing::{get, post};

use super::approvals::{self as web, WebState};
use super::volume;

/// The router: console, API and health.
pub fn router(state: WebState) -> Router {
    Router::new()
        .route("/", get(volume::pending_page))
        .route("/bulk", get(volume::bulk_confirm).post(volume::bulk_decide))
        .route("/decided", get(web::decided_page))
        .route("/history", get(volume::history_page))
        .route("/history.csv", get(volume::history_csv))
        .route("/login", get(web::login_page).post(web::login))
        .route("/logout", post(web::logout))
        .route("/approvals/{id}", get(web::record_page))
        .route("/approvals/{id}/approve", post(web::approve_form))
        .route("/approvals/{id}/reject", post(web::reject_form))
        .route("/api/approvals", get(web::api_list))
        .route("/api/approvals/{id}", get(web::api_get))
        .route("/api/approvals/{id}/approve", post(web::api_approve))
        .route("/api/approvals/{id}/reject", post(web::api_reject))
        .route(super::page::SCRIPT_PATH, get(super::page::script))
        .route("/healthz", get(|| async { "ok" }))
        .with_state(state)
}
