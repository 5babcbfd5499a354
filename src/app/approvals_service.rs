//! `ticket-agent approvals serve` put together: the approvals service's intake and
//! sweeps ([`crate::approvals::service`]) and the console ([`crate::console`]: the
//! reviewers' pages and API, the operators' dead-letter page) on one port, beside
//! `/metrics` and `/readyz`, all stopping together.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::Context;
use tokio::net::TcpListener;

use crate::approvals::{Approvals, service};
use crate::config::Settings;
use crate::console::{self, WebState, approvals::Reviewers, dead_letters::DeadLetterPage};
use crate::metrics;
use crate::queue::PublishChannel;

/// The approvals service: consumes `approvals.pending`, serves the console and API (and
/// the operators' dead-letter page), runs the expiry sweep.
pub struct ApprovalsApp {
    settings: Settings,
    approvals: Approvals,
    publish: PublishChannel,
    reviewers: Arc<Reviewers>,
    dead_letters: DeadLetterPage,
    listener: TcpListener,
}

impl ApprovalsApp {
    /// Binds the console's address for `approvals`, whose publisher is `publish`: the
    /// service sets it to the confirm channel of each connection it opens
    /// (`crate::app::approvals_app` builds both).
    ///
    /// # Errors
    /// An address that cannot be bound, reviewers or operators that do not parse, or
    /// Redis unreachable.
    pub async fn build(
        settings: Settings,
        approvals: Approvals,
        publish: PublishChannel,
    ) -> anyhow::Result<Self> {
        let reviewers = Reviewers::from_env(&settings.approvals.reviewers_env, "reviewer")
            .with_context(|| {
                format!(
                    "reading reviewers from ${}",
                    settings.approvals.reviewers_env
                )
            })?;
        if reviewers.is_empty() {
            tracing::warn!(var = %settings.approvals.reviewers_env, "no reviewers configured: nobody can sign in or decide");
        }
        let dead_letters = DeadLetterPage::connect(&settings).await?;
        let listener = TcpListener::bind(&settings.approvals.listen)
            .await
            .with_context(|| format!("binding approvals.listen = {}", settings.approvals.listen))?;
        Ok(Self {
            settings,
            approvals,
            publish,
            reviewers: Arc::new(reviewers),
            dead_letters,
            listener,
        })
    }

    /// The bound address (port 0 in tests becomes a real port here).
    ///
    /// # Errors
    /// The socket's address cannot be read.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The decision path (tests drive it directly too).
    pub fn approvals(&self) -> &Approvals {
        &self.approvals
    }

    /// Runs until `shutdown`.
    ///
    /// # Errors
    /// A topology the broker refuses; connection failures are retried.
    pub async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
        let state = WebState {
            approvals: self.approvals.clone(),
            reviewers: self.reviewers.clone(),
            session_ttl_secs: self.settings.approvals.session_ttl_secs,
            cookie_secure: self.settings.approvals.cookie_secure,
        };
        let ready = Arc::new(service::ApprovalsHealth(self.approvals.clone()));
        // The sign-in guard (failed-authentication limits, which need the client's
        // address) and the console's guard (cross-site refusal, security headers, on
        // every answer, a 429 included) stand in front of every route, the dead-letter
        // page's included.
        let routes = console::guarded(
            console::routes(state, self.dead_letters.stopping_with(stop_rx.clone()))
                .merge(metrics::probe_routes(ready, metrics::Role::Approvals)),
        );
        let serve = axum::serve(
            self.listener,
            routes.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(service::stopped(stop_rx.clone()));
        let web = tokio::spawn(async move { serve.await });
        let consumer = tokio::spawn(service::run_intake(
            self.settings.clone(),
            self.approvals.clone(),
            self.publish.clone(),
            stop_rx.clone(),
        ));
        let sweeper = tokio::spawn(service::run_sweeps(
            self.settings.clone(),
            self.approvals.clone(),
            stop_rx,
        ));
        shutdown.await;
        let _ = stop_tx.send(true);
        let _ = web.await;
        let consumed = consumer.await.context("the consumer task panicked")?;
        let _ = sweeper.await;
        consumed
    }
}
