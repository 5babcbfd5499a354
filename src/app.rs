//! Builds the application's pieces from settings, so that the CLI, the evals and the
//! tests start exactly what production starts.

use std::path::Path;
use std::sync::Arc;

use anyhow::Context;

use crate::agent::{Agent, Budget};
use crate::commerce::CommerceBackend;
use crate::commerce::embedded::{EmbeddedBackend, World};
use crate::config::Settings;
use crate::domain::clock::Clock;
use crate::model::ChatModel;
use crate::tools::ToolBox;

/// The world named by `commerce.data_dir` (empty: the fixture world compiled in).
///
/// # Errors
/// A data folder that is missing or invalid.
pub fn load_world(settings: &Settings) -> anyhow::Result<World> {
    let dir = settings.commerce.data_dir.trim();
    if dir.is_empty() {
        Ok(World::fixture())
    } else {
        World::load(Path::new(dir)).with_context(|| format!("commerce.data_dir = {dir:?}"))
    }
}

/// The commerce backend named by `commerce.backend`: the embedded shop (over
/// [`load_world`]) or the HTTP one.
///
/// # Errors
/// A world that does not load, or an HTTP client that cannot be built.
pub fn commerce_backend(settings: &Settings) -> anyhow::Result<Arc<dyn CommerceBackend>> {
    Ok(match settings.commerce.backend.as_str() {
        "http" => Arc::new(crate::commerce::http::HttpBackend::new(
            &settings.commerce.http,
        )?),
        _ => Arc::new(EmbeddedBackend::new(load_world(settings)?)),
    })
}

/// The outbox named by `outbox.kind`.
///
/// # Errors
/// An outbox that cannot be built (e.g. an SMTP relay setting that does not parse).
pub fn outbox(settings: &Settings) -> anyhow::Result<Arc<dyn crate::executor::Outbox>> {
    crate::executor::outbox::from_settings(&settings.outbox)
}

/// The agent's budget from settings.
pub fn budget(settings: &Settings) -> Budget {
    Budget {
        max_tool_calls: settings.agent.max_tool_calls,
        max_turns: settings.agent.max_turns,
    }
}

/// An agent over `backend`, with the clock pinned by settings or by the backend's
/// snapshot.
///
/// # Errors
/// The tools failing to build (knowledge-base index, schemas).
pub async fn agent(
    settings: &Settings,
    backend: Arc<dyn CommerceBackend>,
    model: Arc<dyn ChatModel>,
) -> anyhow::Result<Agent> {
    let clock = Clock::resolve(settings.clock.now, backend.snapshot_now());
    let tools = ToolBox::new(backend, settings.kb.clone(), clock).await?;
    Ok(Agent::new(model, Arc::new(tools), budget(settings)))
}

/// An agent over a fresh embedded shop holding `world`; returns the shop too.
///
/// # Errors
/// As [`agent`].
pub async fn embedded_agent(
    settings: &Settings,
    world: World,
    model: Arc<dyn ChatModel>,
) -> anyhow::Result<(Agent, Arc<EmbeddedBackend>)> {
    let backend = Arc::new(EmbeddedBackend::new(world));
    let agent = agent(settings, backend.clone(), model).await?;
    Ok((agent, backend))
}

/// Resolves on SIGTERM or SIGINT (Ctrl-C): the shutdown every long-running command
/// is given, in this binary and in the lab's.
pub async fn shutdown_signal() {
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
    eprintln!("shutting down: finishing in-flight tickets");
}
