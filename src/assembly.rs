//! The agent from settings: the world and the commerce backend, the model (and the
//! fleet's model budget), the search mode of `kb_search` (the embedding model loaded
//! once per process), the budget, and the agent over them. The worker, `process` and
//! `eval` all build their agent here, so that each runs exactly what the others run;
//! the services' own pieces (brokers, stores, the approvals core) are `crate::app`'s.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::Context;

use crate::agent::{Agent, Budget};
use crate::commerce::CommerceBackend;
use crate::commerce::embedded::{EmbeddedBackend, World};
use crate::config::{BackendKind, Settings};
use crate::domain::clock::Clock;
use crate::domain::order_id::OrderIdPattern;
use crate::embedding::Embedder;
use crate::model::ChatModel;
use crate::model::limiter::Limiter;
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

/// What the shop's order ids look like, for the reader of tickets and the verifier of
/// answers alike: `commerce.order_id_pattern`, or, when that is empty, the shapes of
/// `shop`'s own order ids beside the common shapes ([`OrderIdPattern::learned_from`]; an
/// HTTP shop lists none, so it gets the common shapes).
///
/// # Errors
/// A pattern that is not a regular expression.
pub fn order_ids(
    settings: &Settings,
    shop: &dyn CommerceBackend,
) -> anyhow::Result<OrderIdPattern> {
    let set = settings.commerce.order_id_pattern.trim();
    if set.is_empty() {
        Ok(OrderIdPattern::learned_from(&shop.order_ids()))
    } else {
        OrderIdPattern::new(set).context("commerce.order_id_pattern")
    }
}

/// The commerce backend named by `commerce.backend`: the embedded shop (over
/// [`load_world`]) or the HTTP one.
///
/// # Errors
/// A world that does not load, or an HTTP client that cannot be built.
pub fn commerce_backend(settings: &Settings) -> anyhow::Result<Arc<dyn CommerceBackend>> {
    Ok(match settings.commerce.backend {
        BackendKind::Http => Arc::new(crate::commerce::http::HttpBackend::new(
            &settings.commerce.http,
        )?),
        BackendKind::Embedded => Arc::new(EmbeddedBackend::new(load_world(settings)?)),
    })
}

/// The model named by `model.provider`. The rules model also decides intent by
/// meaning when this process has the embedding model ([`search_mode`]), sharing the
/// one `kb_search` loaded; the HTTP providers share the fleet's budget
/// ([`model_limiter`]).
///
/// # Errors
/// A provider whose API key variable is unset, an HTTP client that cannot be built, a
/// shop whose data does not load or whose order id pattern does not compile, or the
/// embedding model failing on the rules model's example bank.
pub async fn model(settings: &Settings) -> anyhow::Result<Arc<dyn ChatModel>> {
    let embedder = match search_mode(settings).await {
        SearchMode::Hybrid(e) => Some(e),
        SearchMode::Lexical(_) => None,
    };
    let limiter = model_limiter(settings).await?;
    let readers = crate::model::Readers {
        embedder,
        order_ids: order_ids(settings, commerce_backend(settings)?.as_ref())?,
        vectors_cache: Some(crate::config::cache_root()),
    };
    // Embedding the example bank is CPU work: off the async threads.
    let model_settings = settings.model.clone();
    tokio::task::spawn_blocking(move || {
        crate::model::from_settings_with(&model_settings, readers, limiter.as_ref())
    })
    .await
    .context("building the model panicked")?
}

/// The fleet's model budget in Redis when `model.limits.enabled`, else none.
///
/// # Errors
/// Redis unreachable while the limits are on.
pub async fn model_limiter(settings: &Settings) -> anyhow::Result<Option<Arc<Limiter>>> {
    if !settings.model.limits.enabled {
        return Ok(None);
    }
    let limiter = Limiter::connect(
        settings.redis.target(),
        &settings.redis.key_prefix,
        settings.model.limits.clone(),
    )
    .await
    .context("connecting to Redis (redis.url) for the model budget (model.limits)")?;
    Ok(Some(Arc::new(limiter)))
}

/// The agent's budget from settings.
pub fn budget(settings: &Settings) -> Budget {
    Budget {
        max_tool_calls: settings.agent.max_tool_calls,
        max_turns: settings.agent.max_turns,
        max_tokens: settings.agent.max_ticket_tokens,
        max_cost_usd: settings.agent.max_ticket_cost_usd,
    }
}

/// How `kb_search` searches in this process.
#[derive(Clone)]
pub enum SearchMode {
    /// BM25 fused with this model's cosine ranking.
    Hybrid(Arc<dyn Embedder>),
    /// BM25 alone, and why: semantic search is off, or the model could not be loaded.
    Lexical(String),
}

impl std::fmt::Display for SearchMode {
    /// The one line a command prints about it at start.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Hybrid(e) => write!(f, "kb_search: hybrid, BM25 + {} embeddings", e.name()),
            Self::Lexical(why) => write!(f, "kb_search: lexical only (BM25): {why}"),
        }
    }
}

/// The search mode `kb.*` asks for: the embedding model in `kb.model_dir()` loaded
/// once per process and folder (every agent built afterwards shares it and the
/// vectors it has computed), or BM25 alone when `kb.semantic` is off or the model
/// cannot be loaded. A failed load is remembered too, so it is reported once. Nothing
/// is fetched here (see [`fetch_embedding_model`]).
pub async fn search_mode(settings: &Settings) -> SearchMode {
    if !settings.kb.semantic {
        return SearchMode::Lexical("kb.semantic is false".into());
    }
    match load_embedder(settings.kb.model_dir()).await {
        Ok(embedder) => SearchMode::Hybrid(embedder),
        Err(why) => SearchMode::Lexical(format!(
            "no embedding model ({why}); run scripts/fetch-embedding-model or set kb.embedding_model_dir"
        )),
    }
}

/// A worker configured for hybrid search (`kb.semantic = true`) whose embedding model
/// does not load: it refuses to start rather than answer a whole queue with BM25 alone.
#[derive(Debug, thiserror::Error)]
#[error(
    "kb.semantic is true but no embedding model loads from {} ({reason}); fetch it there \
     (scripts/fetch-embedding-model {}; the image built from the Dockerfile carries it) or \
     set kb.semantic = false (TICKET_AGENT__KB__SEMANTIC=false) to search with BM25 alone",
    dir.display(),
    dir.display()
)]
pub struct NoEmbeddingModel {
    /// The folder searched (`kb.model_dir()`).
    pub dir: PathBuf,
    /// Why the model did not load (the files missing, a file that does not parse).
    pub reason: String,
}

/// The search mode a long-running worker runs: as [`search_mode`], except that a
/// missing or broken model is an error when `kb.semantic` asks for it, not a quiet
/// fall back to BM25. `process` and `eval` fall back, saying why; a worker serves a
/// queue for days, and nobody reads its first line in time.
///
/// # Errors
/// [`NoEmbeddingModel`], naming the folder and the two ways out.
pub async fn required_search_mode(settings: &Settings) -> Result<SearchMode, NoEmbeddingModel> {
    if !settings.kb.semantic {
        return Ok(search_mode(settings).await);
    }
    let dir = settings.kb.model_dir();
    load_embedder(dir.clone())
        .await
        .map(SearchMode::Hybrid)
        .map_err(|reason| NoEmbeddingModel { dir, reason })
}

/// The embedding model of `dir`, loaded once per process (a failure too, as its
/// one-line reason).
async fn load_embedder(dir: PathBuf) -> Result<Arc<dyn Embedder>, String> {
    type Loaded = HashMap<PathBuf, Result<Arc<dyn Embedder>, String>>;
    static LOADED: Mutex<Option<Loaded>> = Mutex::new(None);
    let load = move || {
        let mut loaded = LOADED.lock().unwrap_or_else(|p| p.into_inner());
        loaded
            .get_or_insert_with(HashMap::new)
            .entry(dir.clone())
            .or_insert_with(|| {
                crate::embedding::load(&dir, crate::embedding::MEMO_TEXTS)
                    .map_err(|e| format!("{e:#}"))
            })
            .clone()
    };
    // Reading ~90 MB of weights is blocking work.
    tokio::task::spawn_blocking(load)
        .await
        .unwrap_or_else(|e| Err(format!("loading the embedding model panicked: {e}")))
}

/// Fetches the embedding model into `kb.model_dir()` when semantic search is on, the
/// folder is incomplete and `kb.embedding_fetch` allows it (progress on stderr). A
/// failure is not an error: the caller goes on lexically; its reason comes back as
/// `Some`, one sentence saying what is missing.
pub async fn fetch_embedding_model(settings: &Settings) -> Option<String> {
    let kb = &settings.kb;
    let dir = kb.model_dir();
    if !kb.semantic
        || !kb.embedding_fetch
        || crate::embedding::minilm::missing_files(&dir).is_empty()
    {
        return None;
    }
    let fetched =
        tokio::task::spawn_blocking(move || crate::embedding::fetch::fetch_model(&dir)).await;
    match fetched {
        Ok(Ok(())) => None,
        Ok(Err(e)) => Some(format!("{e:#}")),
        Err(e) => Some(format!("fetching the embedding model panicked: {e}")),
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
    let embedder = match search_mode(settings).await {
        SearchMode::Hybrid(e) => Some(e),
        SearchMode::Lexical(_) => None,
    };
    agent_with(settings, backend, model, embedder).await
}

/// As [`agent`], with `embedder` for meaning (`None`: BM25 alone) in place of the one
/// this process loaded: the lab runs one agent over several embedders
/// (`ticket-agent-lab bench-embedding`).
///
/// # Errors
/// As [`agent`].
pub async fn agent_with(
    settings: &Settings,
    backend: Arc<dyn CommerceBackend>,
    model: Arc<dyn ChatModel>,
    embedder: Option<Arc<dyn Embedder>>,
) -> anyhow::Result<Agent> {
    let clock = Clock::resolve(settings.clock.now, backend.snapshot_now());
    let order_ids = order_ids(settings, backend.as_ref())?;
    // Verification judges an article's relevance with the model kb_search uses, against
    // the baseline of the shop's articles.
    let relevance =
        crate::agent::relevance::Relevance::new(embedder.clone(), backend.kb_articles().await?);
    let tools = ToolBox::new(backend, settings.kb.clone(), clock, embedder).await?;
    Ok(Agent::new(model, Arc::new(tools), budget(settings))
        .with_order_ids(order_ids)
        .with_relevance(relevance))
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

/// The agent production runs: the configured model over the configured backend.
///
/// # Errors
/// As [`model`], [`commerce_backend`] and [`agent`].
pub async fn configured_agent(settings: &Settings) -> anyhow::Result<Agent> {
    agent(
        settings,
        commerce_backend(settings)?,
        model(settings).await?,
    )
    .await
}
