//! Where approved emails go: a JSON Lines file in embedded mode, an SMTP server for
//! real use, both behind [`crate::executor::Outbox`].
//!
//! This module owns delivery and the outbox's own dedupe by idempotency key. The
//! [`FileOutbox`] is exact: a key is written at most once, across restarts too, because
//! the file itself is the record of what was sent (read back on first use, appended
//! under a lock, synced to disk after every line). The [`SmtpOutbox`] cannot be exact,
//! because SMTP has no idempotency: it sends each key at most once per process, and
//! gives every message a `Message-ID` derived from the key alone, so that if a crash
//! falls between the server accepting a message and the executor recording it, the
//! executor's recovery sends the *same* `Message-ID` again and the receiving mail
//! system can drop the duplicate. Every failure is [`BackendError::Unavailable`]: the
//! executor releases its claim and tries again later with the same key.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use lettre::message::{Mailbox, header::ContentType};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};
use tokio::io::AsyncWriteExt;
use tokio::sync::{Mutex, OnceCell};

use super::{OutboundEmail, Outbox};
use crate::commerce::BackendError;
use crate::config::{OutboxKind, OutboxSettings, SmtpTls};

/// The outbox named by the settings: `file` or `smtp`.
///
/// # Errors
/// SMTP settings that do not make a transport (an invalid From
/// address, a host TLS cannot be set up for).
pub fn from_settings(settings: &OutboxSettings) -> anyhow::Result<Arc<dyn Outbox>> {
    match settings.kind {
        OutboxKind::File => Ok(Arc::new(FileOutbox::new(&settings.path))),
        OutboxKind::Smtp => Ok(Arc::new(SmtpOutbox::new(settings)?)),
    }
}

/// One line of the file outbox: an email it sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SentEmail {
    /// `msg_` and 24 hex digits, derived from the idempotency key.
    pub message_id: String,
    /// The address it went to.
    pub to: String,
    /// Subject line.
    pub subject: String,
    /// The plain-text body.
    pub body: String,
    /// The ticket it answers.
    pub ticket_id: String,
    /// The key it was sent under (at most one line per key).
    pub idempotency_key: String,
    /// When it was written.
    pub sent_at: DateTime<Utc>,
}

/// What the file outbox knows once it has read its file.
#[derive(Debug)]
struct FileState {
    /// idempotency key → message id.
    sent: HashMap<String, String>,
    /// The file ends in a torn line (a write cut short by a crash); the next append
    /// starts with a newline so the torn piece stays on a line of its own.
    torn_tail: bool,
}

/// An outbox that appends each email to a JSON Lines file.
///
/// One process per file: the lock that makes a key send at most once is in memory.
#[derive(Debug)]
pub struct FileOutbox {
    path: PathBuf,
    // A tokio mutex: the critical section awaits file I/O.
    state: Mutex<Option<FileState>>,
}

impl FileOutbox {
    /// An outbox writing to `path` (created on the first send, with its folder). The
    /// file is not touched until then.
    pub fn new(path: impl AsRef<Path>) -> Self {
        Self {
            path: path.as_ref().to_path_buf(),
            state: Mutex::new(None),
        }
    }

    /// The file written to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every email in the file, in the order written (lines that do not parse are
    /// skipped).
    ///
    /// # Errors
    /// The file cannot be read (a missing file is an empty outbox).
    pub async fn sent(&self) -> Result<Vec<SentEmail>, BackendError> {
        Ok(read_file(&self.path).await?.0)
    }

    fn unavailable(&self, what: &str, e: &std::io::Error) -> BackendError {
        BackendError::Unavailable(format!("file outbox {}: {what}: {e}", self.path.display()))
    }

    /// Appends one line and syncs it to disk.
    async fn append(&self, line: &[u8], torn_tail: bool) -> Result<(), BackendError> {
        if let Some(parent) = self.path.parent().filter(|p| !p.as_os_str().is_empty()) {
            tokio::fs::create_dir_all(parent)
                .await
                .map_err(|e| self.unavailable("creating its folder", &e))?;
        }
        let existed = tokio::fs::try_exists(&self.path).await.unwrap_or(false);
        let mut file = tokio::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .await
            .map_err(|e| self.unavailable("opening", &e))?;
        let mut bytes = Vec::with_capacity(line.len() + 2);
        if torn_tail {
            bytes.push(b'\n');
        }
        bytes.extend_from_slice(line);
        bytes.push(b'\n');
        file.write_all(&bytes)
            .await
            .map_err(|e| self.unavailable("writing", &e))?;
        file.sync_data()
            .await
            .map_err(|e| self.unavailable("syncing", &e))?;
        if !existed {
            // Make the new file's directory entry durable too (best effort).
            if let Some(parent) = self.path.parent() {
                let dir = if parent.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    parent
                };
                if let Ok(d) = tokio::fs::File::open(dir).await {
                    let _ = d.sync_all().await;
                }
            }
        }
        Ok(())
    }
}

/// The emails in a file outbox, and whether it ends in a torn line.
async fn read_file(path: &Path) -> Result<(Vec<SentEmail>, bool), BackendError> {
    let text = match tokio::fs::read(path).await {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), false)),
        Err(e) => {
            return Err(BackendError::Unavailable(format!(
                "file outbox {}: reading: {e}",
                path.display()
            )));
        }
    };
    let torn_tail = !text.is_empty() && !text.ends_with(b"\n");
    let mut sent = Vec::new();
    for (n, line) in text.split(|b| *b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match serde_json::from_slice::<SentEmail>(line) {
            Ok(email) => sent.push(email),
            // Only whole lines are ever written and synced, so a line that does not
            // parse is a write a crash cut short: it was never a completed send.
            Err(e) => tracing::warn!(
                path = %path.display(),
                line = n + 1,
                // A serde error quotes the line's text: the email's recipient and body.
                error = %crate::telemetry::redact(&e.to_string()),
                "skipping an unreadable line in the file outbox"
            ),
        }
    }
    Ok((sent, torn_tail))
}

#[async_trait]
impl Outbox for FileOutbox {
    async fn send(&self, email: &OutboundEmail) -> Result<String, BackendError> {
        let mut guard = self.state.lock().await;
        if guard.is_none() {
            let (emails, torn_tail) = read_file(&self.path).await?;
            let mut sent = HashMap::new();
            for e in emails {
                sent.entry(e.idempotency_key).or_insert(e.message_id);
            }
            *guard = Some(FileState { sent, torn_tail });
        }
        let state = guard.as_mut().expect("loaded above");
        if let Some(id) = state.sent.get(&email.idempotency_key) {
            return Ok(id.clone());
        }
        let record = SentEmail {
            message_id: format!("msg_{}", crate::domain::digest(&[&email.idempotency_key])),
            to: email.to.clone(),
            subject: email.subject.clone(),
            body: email.body.clone(),
            ticket_id: email.ticket_id.clone(),
            idempotency_key: email.idempotency_key.clone(),
            sent_at: Utc::now(),
        };
        let line = serde_json::to_vec(&record).expect("an email record serializes");
        self.append(&line, state.torn_tail).await?;
        state.torn_tail = false;
        state
            .sent
            .insert(record.idempotency_key, record.message_id.clone());
        Ok(record.message_id)
    }
}

/// An outbox that hands each email to an SMTP server.
pub struct SmtpOutbox {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// The right-hand side of every Message-ID: the From address's domain.
    id_domain: String,
    /// idempotency key → the Message-ID it was sent with, once sent; concurrent sends
    /// of one key wait for the first instead of sending again.
    sent: Mutex<HashMap<String, Arc<OnceCell<String>>>>,
}

impl std::fmt::Debug for SmtpOutbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpOutbox")
            .field("from", &self.from.to_string())
            .finish_non_exhaustive()
    }
}

impl SmtpOutbox {
    /// A transport to `smtp_host:smtp_port` with TLS per `smtp_tls` (`none`,
    /// `starttls`: required, never downgraded, or `tls`: implicit TLS), credentials
    /// from the environment variables named by `smtp_username_env` and
    /// `smtp_password_env` when the user name is set, and `smtp_from` as the sender.
    ///
    /// # Errors
    /// An invalid From address, or a host TLS cannot be set up
    /// for. Nothing is sent and no connection is made here.
    pub fn new(settings: &OutboxSettings) -> anyhow::Result<Self> {
        let from: Mailbox = settings.smtp_from.parse().map_err(|e| {
            anyhow::anyhow!(
                "outbox.smtp_from = {:?} is not an address: {e}",
                settings.smtp_from
            )
        })?;
        let host = settings.smtp_host.trim();
        let builder = match settings.smtp_tls {
            SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
            SmtpTls::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)
                .map_err(|e| anyhow::anyhow!("outbox.smtp_host = {host:?}: {e}"))?,
            SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)
                .map_err(|e| anyhow::anyhow!("outbox.smtp_host = {host:?}: {e}"))?,
        };
        let mut builder = builder
            .port(settings.smtp_port)
            .timeout(Some(Duration::from_secs(settings.smtp_timeout_secs.max(1))));
        if let Some(user) = crate::config::secret_from_env(&settings.smtp_username_env) {
            let password = crate::config::secret_from_env(&settings.smtp_password_env);
            let password = password.as_ref().map_or("", |p| p.expose_secret());
            builder = builder.credentials(Credentials::new(
                user.expose_secret().to_string(),
                password.to_string(),
            ));
        }
        let id_domain = from.email.domain().to_string();
        Ok(Self {
            transport: builder.build(),
            from,
            id_domain,
            sent: Mutex::new(HashMap::new()),
        })
    }

    /// The Message-ID an email with this idempotency key is sent with:
    /// `<msg_{24 hex digits}@{the From domain}>`.
    pub fn message_id(&self, idempotency_key: &str) -> String {
        format!(
            "<msg_{}@{}>",
            crate::domain::digest(&[idempotency_key]),
            self.id_domain
        )
    }

    async fn deliver(&self, email: &OutboundEmail) -> Result<String, BackendError> {
        let to: Mailbox = email.to.parse().map_err(|e| {
            BackendError::Unavailable(format!("recipient {:?} is not an address: {e}", email.to))
        })?;
        let message_id = self.message_id(&email.idempotency_key);
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(email.subject.clone())
            .message_id(Some(message_id.clone()))
            .header(ContentType::TEXT_PLAIN)
            .body(email.body.clone())
            .map_err(|e| BackendError::Unavailable(format!("building the message: {e}")))?;
        self.transport.send(message).await.map_err(|e| {
            BackendError::Unavailable(format!("SMTP send of {message_id} failed: {e}"))
        })?;
        tracing::info!(message_id = %message_id, ticket_id = %email.ticket_id, "email sent");
        Ok(message_id)
    }
}

#[async_trait]
impl Outbox for SmtpOutbox {
    async fn send(&self, email: &OutboundEmail) -> Result<String, BackendError> {
        let cell = self
            .sent
            .lock()
            .await
            .entry(email.idempotency_key.clone())
            .or_default()
            .clone();
        // A failed send leaves the cell empty, so a later call tries again.
        cell.get_or_try_init(|| self.deliver(email)).await.cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn email(key: &str) -> OutboundEmail {
        OutboundEmail {
            to: "ana@example.com".into(),
            subject: "Your refund".into(),
            body: "Done.".into(),
            ticket_id: "T1".into(),
            idempotency_key: key.into(),
        }
    }

    #[tokio::test]
    async fn a_torn_last_line_is_skipped_and_the_next_line_starts_on_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("outbox.jsonl");
        let outbox = FileOutbox::new(&path);
        outbox.send(&email("k1")).await.unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.extend_from_slice(br#"{"message_id":"msg_torn","to":"#);
        std::fs::write(&path, &bytes).unwrap();

        let reopened = FileOutbox::new(&path);
        reopened.send(&email("k2")).await.unwrap();
        let keys: Vec<String> = reopened
            .sent()
            .await
            .unwrap()
            .into_iter()
            .map(|e| e.idempotency_key)
            .collect();
        assert_eq!(keys, ["k1", "k2"]);
    }

    #[tokio::test]
    async fn the_file_outbox_gives_the_same_message_id_as_the_memory_outbox() {
        let dir = tempfile::tempdir().unwrap();
        let file = FileOutbox::new(dir.path().join("o.jsonl"));
        let memory = super::super::MemoryOutbox::default();
        assert_eq!(
            file.send(&email("k")).await.unwrap(),
            memory.send(&email("k")).await.unwrap()
        );
    }
}
