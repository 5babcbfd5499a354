//! Builds the services from settings, one builder per piece (the outbox, the broker
//! connection, the worker, the approvals core and service, the ingest core and service,
//! the connectors), over the agent [`crate::assembly`] builds, so that the CLI, the lab
//! and the tests start exactly what production starts. Nothing below this module reads
//! settings to decide what to build, but the agent's own assembly; this module decides
//! and hands the parts down.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use lapin::{Channel, Connection};

mod approvals_service;
pub use approvals_service::ApprovalsApp;

use crate::approvals::{ApprovalStore, Approvals, Publisher};
pub use crate::assembly::{
    NoEmbeddingModel, SearchMode, agent, budget, commerce_backend, configured_agent,
    embedded_agent, fetch_embedding_model, load_world, model, model_limiter, required_search_mode,
    search_mode,
};
use crate::backoff::Backoff;
use crate::config::Settings;
use crate::connector::webhook::WebhookSink;
use crate::connector::zendesk::ZendeskSink;
use crate::connector::{Connector, ConnectorApp, Ledger, RetryPolicy, Sink};
use crate::domain::clock::Clock;
use crate::executor::ledger::ExecutionLedger;
use crate::executor::{Executor, Outbox};
use crate::idempotency::RedisStore;
use crate::ingest::dedupe::Dedupe;
use crate::ingest::link::Link;
use crate::ingest::service::IngestApp;
use crate::ingest::{Ingest, Limits as IngestLimits};
use crate::queue::{PublishChannel, Topology};
use crate::threads::ThreadStore;
use crate::worker::WorkerApp;

/// The outbox named by `outbox.kind`.
///
/// # Errors
/// An outbox that cannot be built (e.g. an SMTP relay setting that does not parse).
pub fn outbox(settings: &Settings) -> anyhow::Result<Arc<dyn Outbox>> {
    crate::executor::outbox::from_settings(&settings.outbox)
}

/// A broker connection named `name` (the management UI shows it), a channel in
/// confirm mode on it, and the topology declared: what every command that talks to
/// RabbitMQ starts from.
///
/// # Errors
/// The broker unreachable, or a topology it refuses.
pub async fn broker(
    settings: &Settings,
    name: &str,
) -> anyhow::Result<(Connection, Channel, Topology)> {
    let topology = Topology::from_settings(&settings.amqp, &settings.worker);
    let conn = crate::queue::connect(settings.amqp.url.expose(), name).await?;
    let channel = crate::queue::confirm_channel(&conn).await?;
    topology.declare(&channel, &settings.amqp).await?;
    Ok((conn, channel, topology))
}

/// Open files a worker holds beside one per ticket in flight: its broker, Redis and
/// metrics sockets, its logs, the knowledge base, a provider's idle connections.
const WORKER_SPARE_FILES: u64 = 256;

/// Raises the soft limit of open files toward the hard one when it is under `needed`:
/// every ticket in flight holds a connection of its own to the model (HTTP/1.1), and
/// many systems start a process with a soft limit of 1,024 (systemd's default), under
/// which a worker at `worker.concurrency = 2048` fails model calls with EMFILE. A hard
/// limit under `needed` is logged: only the service manager can raise it.
#[cfg(unix)]
fn raise_open_files(needed: u64) {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    if limit.current.is_none_or(|soft| soft >= needed) {
        return;
    }
    let target = limit
        .maximum
        .map_or(needed, |hard| hard.min(needed.max(4096)));
    match setrlimit(
        Resource::Nofile,
        Rlimit {
            current: Some(target),
            maximum: limit.maximum,
        },
    ) {
        Ok(()) if target >= needed => {
            tracing::info!(from = ?limit.current, to = target, "raised the soft limit of open files for worker.concurrency");
        }
        Ok(()) => tracing::warn!(
            limit = target,
            needed,
            "the hard limit of open files is under what worker.concurrency needs: raise LimitNOFILE / ulimit -Hn, or lower the concurrency"
        ),
        Err(e) => {
            tracing::warn!(error = %crate::telemetry::chain(&e), needed, "could not raise the soft limit of open files")
        }
    }
}

/// The worker production runs: settings checked, the search `kb.semantic` asks for
/// loaded ([`required_search_mode`]: no quiet fall back to BM25), the configured agent,
/// Redis connected and the metrics endpoint bound.
///
/// # Errors
/// Invalid settings, [`NoEmbeddingModel`], or as [`configured_agent`] and
/// [`WorkerApp::build`].
pub async fn worker_app(settings: Settings) -> anyhow::Result<WorkerApp> {
    settings.validate()?;
    required_search_mode(&settings).await?;
    #[cfg(unix)]
    raise_open_files(settings.worker.concurrency as u64 + WORKER_SPARE_FILES);
    let agent = configured_agent(&settings).await?;
    let wait = Duration::from_secs(settings.startup.wait_secs);
    crate::kv::when_up("the worker's Redis", wait, || {
        WorkerApp::build(settings.clone(), agent.clone())
    })
    .await
}

/// The approvals core (the one decision path) over its database
/// (`approvals.database_url`, migrated here), the executor's claims in Redis, the
/// configured backend and outbox, publishing through `publisher`.
///
/// # Errors
/// The database or Redis unreachable (the error names the URL tried, its password
/// masked), or a backend or outbox that cannot be built.
pub async fn approvals(
    settings: &Settings,
    publisher: Arc<dyn Publisher>,
) -> anyhow::Result<Approvals> {
    // A policy that does not parse stops the start before anything connects.
    crate::approvals::policy::Policies::new(&settings.approvals.policies)?;
    let url = &settings.approvals.database_url;
    let store = ApprovalStore::connect(url.expose())
        .await
        .with_context(|| {
            format!(
                "the approvals database (approvals.database_url = {url}, or \
                 TICKET_AGENT__APPROVALS__DATABASE_URL) is required"
            )
        })?;
    let idempotency = RedisStore::connect(settings.redis.target(), &settings.redis.key_prefix)
        .await
        .context("connecting to Redis (redis.url) for the executor's claims")?;
    let threads = ThreadStore::connect(
        settings.redis.target(),
        &settings.redis.key_prefix,
        Duration::from_secs(settings.worker.thread_ttl_secs),
    )
    .await
    .context("connecting to Redis (redis.url) for the tickets' threads")?;
    let topology = Topology::from_settings(&settings.amqp, &settings.worker);
    let backend = commerce_backend(settings)?;
    let approvals = &settings.approvals;
    let executor = Executor {
        ledger: ExecutionLedger::new(store.pool().clone()),
        clock: Clock::resolve(settings.clock.now, backend.snapshot_now()),
        backend,
        outbox: outbox(settings)?,
        idempotency: Arc::new(idempotency),
        lease: Duration::from_secs(settings.idempotency.lease_secs),
        result_ttl: Duration::from_secs(settings.idempotency.result_ttl_secs),
        retry: Backoff::new(
            Duration::from_millis(approvals.execution_backoff_ms),
            Duration::from_secs(approvals.execution_backoff_max_secs),
        ),
        deadline: Duration::from_secs(approvals.execution_deadline_secs),
    };
    Ok(Approvals {
        store,
        executor,
        publisher,
        decisions_exchange: topology.decisions_exchange,
        outcomes_exchange: topology.outcomes_exchange,
        policies: Arc::new(crate::approvals::policy::Policies::new(
            &settings.approvals.policies,
        )?),
        notifier: crate::approvals::notify::Notifier::start(
            &settings.approvals.notifications,
            &settings.approvals.listen,
        )
        .context("approvals.notifications")?,
        threads: Some(threads),
    })
}

/// The approvals service: the core publishing on the confirm channel of whichever
/// broker connection the service holds, the console bound. A database or Redis that
/// is away at start is waited for ([`crate::kv::when_up`]): a replacement started
/// during a crash or a failover comes up once they are back.
///
/// # Errors
/// As [`approvals`] and [`ApprovalsApp::build`].
pub async fn approvals_app(settings: Settings) -> anyhow::Result<ApprovalsApp> {
    let publish = PublishChannel::default();
    let wait = Duration::from_secs(settings.startup.wait_secs);
    let core = crate::kv::when_up("the approvals' database and Redis", wait, || {
        approvals(&settings, Arc::new(publish.clone()))
    })
    .await?;
    crate::kv::when_up("the dead-letter page's Redis", wait, || {
        ApprovalsApp::build(settings.clone(), core.clone(), publish.clone())
    })
    .await
}

/// The ingest core: the dedupe records in Redis, a broker link declaring the topology
/// on each connect, the limits of `[ingest]`.
///
/// # Errors
/// Redis unreachable.
pub async fn ingest(settings: &Settings) -> anyhow::Result<Ingest> {
    let topology = Topology::from_settings(&settings.amqp, &settings.worker);
    let dedupe = Dedupe::connect(settings.redis.target(), &settings.redis.key_prefix)
        .await
        .context("connecting to Redis (redis.url)")?;
    let link = Arc::new(Link::new(&settings.amqp, &topology));
    Ok(Ingest::new(
        topology,
        link,
        dedupe,
        IngestLimits::from_settings(settings),
    ))
}

/// The ingest service: settings checked, the core, the senders, the address bound.
/// The broker is connected once here so that a wrong URL shows in the first log
/// lines; a broker that is away is not fatal (requests are answered 503 until it is
/// back).
///
/// # Errors
/// Invalid settings, or as [`ingest`] and [`IngestApp::build`].
pub async fn ingest_app(settings: Settings) -> anyhow::Result<IngestApp> {
    settings.validate()?;
    let core = ingest(&settings).await?;
    if let Err(e) = core.link().channel().await {
        tracing::warn!(error = %crate::telemetry::chain(&e), "starting without the broker; requests get 503 until it answers");
    }
    IngestApp::build(settings, core).await
}

/// Which help desk a connector writes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SinkKind {
    /// Zendesk's Tickets API (`[connector.zendesk]`).
    Zendesk,
    /// A Standard Webhooks receiver (`[connector.webhook]`).
    Webhook,
}

/// The sink `kind` from settings.
///
/// # Errors
/// Its settings or secrets missing or malformed.
pub fn sink(settings: &Settings, kind: SinkKind) -> anyhow::Result<Arc<dyn Sink>> {
    Ok(match kind {
        SinkKind::Zendesk => Arc::new(ZendeskSink::from_settings(settings)?),
        SinkKind::Webhook => Arc::new(WebhookSink::from_settings(settings)?),
    })
}

/// The connector production runs: settings checked, the sink, its ledger in Redis,
/// the retry rule of `[connector]`.
///
/// # Errors
/// Invalid settings, as [`sink`], Redis unreachable, or `connector.listen` taken.
pub async fn connector_app(settings: Settings, kind: SinkKind) -> anyhow::Result<ConnectorApp> {
    settings.validate()?;
    let sink = sink(&settings, kind)?;
    let ledger = Ledger::connect(
        settings.redis.target(),
        &settings.redis.key_prefix,
        sink.name(),
    )
    .await
    .context("connecting to Redis (redis.url)")?;
    let connector = Connector::new(sink, ledger, RetryPolicy::from_settings(&settings));
    ConnectorApp::build(&settings, connector).await
}

/// Resolves on SIGTERM or SIGINT (Ctrl-C), silently.
pub async fn stop_requested() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Resolves on SIGTERM or SIGINT, saying so: the shutdown every long-running command
/// is given, in this binary and in the lab's.
pub async fn shutdown_signal() {
    stop_requested().await;
    eprintln!("shutting down: finishing in-flight tickets");
}
