//! `ticket-agent ingest serve`: the long-running process of the ingest API. It binds
//! `ingest.listen`, serves [`super::web`]'s routes with `/metrics` and `/readyz`
//! (ready when a confirm channel to the broker can be had and Redis answers), and on
//! shutdown stops taking connections and gives the requests in flight
//! `ingest.shutdown_grace_secs` to get their confirms and answer.
//!
//! A process of its own, not a route group of the approvals service: ingest scales
//! with the senders' traffic and must keep answering while reviewers' console is
//! down or redeployed, and the reverse; the two share nothing but the broker and Redis.

use std::future::{Future, IntoFuture};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::net::TcpListener;

use super::Ingest;
use super::web::{WebState, router};
use super::zendesk::InboundWebhook;
use crate::auth::TokenHolders;
use crate::config::Settings;
use crate::metrics::{self, Readiness, ReadyCheck};

/// The values of `ticket_agent_ingest_rejected_total{reason}`.
const REASONS: [&str; 13] = [
    "malformed",
    "missing",
    "too_long",
    "bad_id",
    "conflict",
    "in_progress",
    "overloaded",
    "broker_unavailable",
    "store_unavailable",
    "unauthorized",
    "too_large",
    "unsupported_media_type",
    "bad_request",
];

struct IngestHealth(Arc<Ingest>);

#[async_trait::async_trait]
impl ReadyCheck for IngestHealth {
    async fn readiness(&self) -> Readiness {
        let rabbitmq = tokio::time::timeout(metrics::READY_TIMEOUT, self.0.link().channel())
            .await
            .is_ok_and(|c| c.is_ok());
        let redis = tokio::time::timeout(metrics::READY_TIMEOUT, self.0.dedupe().ping())
            .await
            .unwrap_or(false);
        Readiness {
            rabbitmq,
            redis,
            postgres: None,
        }
    }
}

/// The service.
pub struct IngestApp {
    settings: Settings,
    ingest: Arc<Ingest>,
    senders: Arc<TokenHolders>,
    zendesk: Arc<InboundWebhook>,
    listener: TcpListener,
}

impl IngestApp {
    /// Reads the senders and Zendesk's signing secret from the environment and binds `ingest.listen` for `ingest`
    /// (`crate::app::ingest_app` builds both).
    ///
    /// # Errors
    /// Senders that do not parse, a Zendesk order pattern that does not compile, or an
    /// address that cannot be bound.
    pub async fn build(settings: Settings, ingest: Ingest) -> anyhow::Result<Self> {
        let var = &settings.ingest.senders_env;
        let senders = TokenHolders::from_env(var, "sender")
            .with_context(|| format!("reading senders from ${var}"))?;
        if senders.is_empty() {
            tracing::warn!(var = %var, "no senders configured: every request will be refused (401)");
        }
        // Every reason a webhook is ignored is exported from the start, at zero, so that
        // dashboards and alerts on it have a series before the first one happens.
        let ignored = &crate::metrics::global().ingest_ignored;
        for reason in std::iter::once("event_type")
            .chain(super::zendesk::CommentSkipped::ALL.map(super::zendesk::CommentSkipped::as_str))
        {
            ignored.with_label_values(&[reason]);
        }
        let zendesk = InboundWebhook::from_settings(&settings.connector.zendesk)?;
        if !zendesk.is_configured() {
            tracing::info!(
                var = %settings.connector.zendesk.webhook_secret_env,
                "no Zendesk signing secret: POST /v1/zendesk/tickets refuses every request (401)"
            );
        }
        // Every reason a ticket can be refused for, at 0, so that rate() has a series
        // before the first refusal.
        let m = metrics::global();
        for reason in REASONS {
            m.ingest_rejected.with_label_values(&[reason]);
        }
        m.ingest_latency.with_label_values(&["202"]);
        let listener = TcpListener::bind(&settings.ingest.listen)
            .await
            .with_context(|| format!("binding ingest.listen = {}", settings.ingest.listen))?;
        Ok(Self {
            settings,
            ingest: Arc::new(ingest),
            senders: Arc::new(senders),
            zendesk: Arc::new(zendesk),
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

    /// The core (tests hold its in-flight bound with [`Ingest::try_admit`]).
    pub fn ingest(&self) -> &Arc<Ingest> {
        &self.ingest
    }

    /// Serves until `shutdown`, then drains: no new connections, and the requests in
    /// flight get `ingest.shutdown_grace_secs` to finish before they are dropped (a
    /// dropped request's claims run out by themselves; its sender retries).
    ///
    /// # Errors
    /// The server failing.
    pub async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let (stop_tx, mut stop_rx) = tokio::sync::watch::channel(false);
        let state = WebState {
            ingest: self.ingest.clone(),
            senders: self.senders.clone(),
            max_request_bytes: self.settings.ingest.max_request_bytes,
            retry_after_secs: self.settings.ingest.retry_after_secs,
            zendesk: self.zendesk.clone(),
        };
        let ready = Arc::new(IngestHealth(self.ingest.clone()));
        let routes = router(state).merge(metrics::probe_routes(ready, metrics::Role::Ingest));
        // The sign-in guard counts failed bearer tokens by the client's address.
        let serve = axum::serve(
            self.listener,
            routes.into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            let _ = stop_rx.wait_for(|s| *s).await;
        })
        .into_future();
        let mut server = tokio::spawn(serve);
        tokio::select! {
            r = &mut server => {
                self.ingest.link().close().await;
                return r.context("the server task panicked")?.context("serving the ingest API");
            }
            () = shutdown => {}
        }
        let _ = stop_tx.send(true);
        let grace = Duration::from_secs(self.settings.ingest.shutdown_grace_secs);
        let result = match tokio::time::timeout(grace, &mut server).await {
            Ok(r) => r
                .context("the server task panicked")?
                .context("serving the ingest API"),
            Err(_) => {
                tracing::warn!(
                    grace_secs = grace.as_secs(),
                    "requests still in flight at the drain deadline; dropping them"
                );
                server.abort();
                Ok(())
            }
        };
        self.ingest.link().close().await;
        result
    }
}
