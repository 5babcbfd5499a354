//! The console: the web pages and JSON API humans use. Reviewers decide approvals
//! ([`approvals`]: one approval, sign-in, the API; [`volume`]: the filtered list, bulk
//! decisions, the history; their table in [`routes`]); operators handle dead letters
//! ([`dead_letters`]). Both roles sign in through one door ([`sign_in`]) into sessions
//! of their own (reviewers' in PostgreSQL, [`sessions`]; operators' in Redis), and
//! [`guard`] stands in front of every route. Server-rendered HTML
//! (maud) in one frame ([`page`]), no front-end build.
//!
//! The console is a face, not a service: it calls into the approvals core (the one
//! decision path) and the dead-letter commands, and nothing below imports it.
//! [`crate::app`] serves it on the approvals service's port.

use std::sync::Arc;

use axum::Router;

use crate::auth::guard::{SignInGuard, limit_sign_ins};

pub mod approvals;
pub mod dead_letters;
pub mod guard;
pub mod page;
pub mod routes;
pub mod sessions;
pub mod sign_in;
pub mod volume;

pub use approvals::WebState;
use dead_letters::DeadLetterPage;

/// The reviewers' pages and API with the operators' dead-letter page.
pub fn routes(reviewers: WebState, dead_letters: DeadLetterPage) -> Router {
    routes::router(reviewers).merge(dead_letters.router())
}

/// `routes` behind the console's guards: the sign-in guard (failed-authentication
/// limits, which need the client's address) and the cross-site refusal with the
/// security headers, on every answer, a 429 included.
pub fn guarded(routes: Router) -> Router {
    routes
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(SignInGuard::new(
                &["approvals", "dead_letters"],
                guard::doors,
            )),
            limit_sign_ins,
        ))
        .layer(axum::middleware::from_fn(guard::guard))
}
