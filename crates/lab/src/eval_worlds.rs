//! The eval worlds as the lab reads them: the fixture shop with `evals/cases`, and every
//! shop under `evals/worlds/<name>/` with its `world/` and `cases/`; for each, the
//! articles its labels name per case (a `retrieval.jsonl` line naming the case, or a
//! case tag that is an article id of the shop).
//!
//! Which worlds are for development is written here once ([`DEVELOPMENT`]): the others
//! are held out, and the lab loads them only to run them and report aggregates.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Deserialize;
use ticket_agent::commerce::embedded::World;
use ticket_agent::eval::{Case, load_cases};

/// The worlds the agent and the verifier may be tuned on (docs/evals.md); every other
/// world is held out.
pub const DEVELOPMENT: [&str; 5] = ["fixture", "outdoor", "home", "voltcase", "kettlebrew"];

/// The development worlds that wait in `evals/pending/` (evals/pending/README.md says
/// why each is not run with the others yet). Their cases were read and tuned on like
/// the [`DEVELOPMENT`] worlds', so their labelled tickets belong in the intent bank;
/// the calibrations that walk [`DEVELOPMENT`] leave them out, as before.
pub const PENDING: [&str; 5] = ["fretwork", "greenhouse", "quiltery", "toybox", "velodrome"];

/// The fixture shop's name among the worlds.
pub const FIXTURE: &str = "fixture";

/// The thread cases' name among the worlds: follow-ups (`evals/threads/cases`, each
/// with the earlier messages and events of its ticket) in the fixture shop.
pub const THREADS: &str = "threads";

/// One eval world.
#[derive(Debug, Clone)]
pub struct EvalWorld {
    /// `fixture`, or the folder's name under `evals/worlds`.
    pub name: String,
    /// `commerce.data_dir` for it (`None`: the fixture compiled in).
    pub data_dir: Option<PathBuf>,
    /// Its cases' folder.
    pub cases_dir: PathBuf,
    /// The shop.
    pub world: World,
    /// Its cases, sorted by id.
    pub cases: Vec<Case>,
    /// The articles that answer a case, by case id, where a label says so.
    pub labels: BTreeMap<String, Vec<String>>,
}

impl EvalWorld {
    /// Whether the world is one of [`DEVELOPMENT`], or the thread cases (the follow-up
    /// policy was written with them in view).
    pub fn development(&self) -> bool {
        DEVELOPMENT.contains(&self.name.as_str())
            || PENDING.contains(&self.name.as_str())
            || self.name == THREADS
    }

    /// `base` with the world's shop as `commerce.data_dir`, as `eval` runs it.
    pub fn settings(
        &self,
        base: &ticket_agent::config::Settings,
    ) -> ticket_agent::config::Settings {
        let mut settings = base.clone();
        settings.commerce.data_dir = self
            .data_dir
            .as_deref()
            .map(|d| d.display().to_string())
            .unwrap_or_default();
        settings
    }
}

/// A line of a world's `retrieval.jsonl`, as far as the lab reads it.
#[derive(Debug, Deserialize)]
struct LabelLine {
    #[serde(default)]
    case: Option<String>,
    #[serde(default)]
    articles: Vec<String>,
}

/// The world named `name` under `evals` (the repository's `evals/` folder): the
/// fixture, the thread cases, `evals/worlds/<name>`, or else `evals/pending/<name>`.
///
/// # Errors
/// A world or cases folder that does not load.
pub fn load(evals: &Path, name: &str) -> anyhow::Result<EvalWorld> {
    let (data_dir, cases_dir, world) = if name == FIXTURE {
        (None, evals.join("cases"), World::fixture())
    } else if name == THREADS {
        (None, evals.join("threads").join("cases"), World::fixture())
    } else {
        let mut root = evals.join("worlds").join(name);
        if !root.is_dir() && evals.join("pending").join(name).is_dir() {
            root = evals.join("pending").join(name);
        }
        let data = root.join("world");
        let world = World::load(&data).with_context(|| format!("world {name}"))?;
        (Some(data), root.join("cases"), world)
    };
    let cases = load_cases(&cases_dir)?;
    let ids: HashSet<&str> = world.kb.iter().map(|a| a.id.as_str()).collect();
    let mut labels: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for case in &cases {
        let tagged: Vec<String> = case
            .tags
            .iter()
            .filter(|t| ids.contains(t.as_str()))
            .cloned()
            .collect();
        if !tagged.is_empty() {
            labels.insert(case.id.clone(), tagged);
        }
    }
    if let Some(dir) = &data_dir {
        let file = dir.with_file_name("retrieval.jsonl");
        if file.exists() {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("reading {}", file.display()))?;
            for (n, line) in text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                let label: LabelLine = serde_json::from_str(line)
                    .with_context(|| format!("{}:{}", file.display(), n + 1))?;
                if let Some(case) = label.case
                    && !label.articles.is_empty()
                {
                    labels.entry(case).or_insert(label.articles);
                }
            }
        }
    }
    Ok(EvalWorld {
        name: name.to_string(),
        data_dir,
        cases_dir,
        world,
        cases,
        labels,
    })
}

/// The names of every world: the fixture, the thread cases, then `evals/worlds/*` in
/// name order.
///
/// # Errors
/// An unreadable `evals/worlds`.
pub fn names(evals: &Path) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    let dir = evals.join("worlds");
    for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.join("world").is_dir() && path.join("cases").is_dir() {
            out.extend(
                path.file_name()
                    .and_then(|n| n.to_str())
                    .map(str::to_string),
            );
        }
    }
    out.sort();
    out.insert(0, FIXTURE.to_string());
    if evals.join("threads").join("cases").is_dir() {
        out.insert(1, THREADS.to_string());
    }
    Ok(out)
}

/// The names of the [`PENDING`] worlds that `evals/pending` holds, in name order.
pub fn pending_names(evals: &Path) -> Vec<String> {
    PENDING
        .iter()
        .filter(|n| {
            let root = evals.join("pending").join(n);
            root.join("world").is_dir() && root.join("cases").is_dir()
        })
        .map(|n| (*n).to_string())
        .collect()
}

/// The repository's `evals/` folder seen from this crate's sources (tests, and the
/// command's default).
pub fn repo_evals() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../evals")
}
