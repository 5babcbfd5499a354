//! Notifications: a webhook call when an approval needs a human and when one expires,
//! with a link to its page in the console.
//!
//! Two shapes, each on when the environment variable that holds its URL is set (a
//! webhook URL is a secret: Slack's carries its own token): a generic JSON body for
//! whatever the team runs, and Slack's incoming-webhook body (`text`, in Slack's link
//! markup). Delivery never holds a decision: [`Notifier::notify`] only queues the
//! notice (a bounded queue; when it is full the notice is dropped, logged and
//! counted), and a background task sends it, each target on its own, retried with
//! backoff on a transport error, a 429 (after its `Retry-After`) or a 5xx, up to
//! `approvals.notifications.max_attempts`. Notices live in memory: a replica that
//! stops drops the ones still queued, which a reviewer's console, not the webhook,
//! is the record of. Bodies carry ids, the tool, the amount and the console link,
//! never ticket text.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::Serialize;
use tokio::sync::{Semaphore, mpsc};

use super::ApprovalRecord;
use crate::backoff::{Backoff, Failed, GaveUp, Limit, Retry};
use crate::config::NotificationSettings;
use crate::metrics;

/// Notices waiting to be sent, at most; past it new ones are dropped.
const QUEUE: usize = 1024;
/// Notices being sent at once (each with its retries).
const SENDING: usize = 8;

/// What happened to the approval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    /// It waits for a human decision (no policy approved it).
    NeedsReview,
    /// Nobody decided before its TTL; its ticket was escalated.
    Expired,
}

impl NoticeKind {
    /// The event's name in the body and in the metrics.
    pub fn as_str(self) -> &'static str {
        match self {
            NoticeKind::NeedsReview => "approval.needs_review",
            NoticeKind::Expired => "approval.expired",
        }
    }
}

/// The generic JSON body.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Notice {
    /// `approval.needs_review` or `approval.expired`.
    pub event: &'static str,
    /// The approval.
    pub approval_id: String,
    /// The gated tool.
    pub tool: String,
    /// The ticket that proposed it.
    pub ticket_id: String,
    /// Its customer.
    pub customer_id: String,
    /// A refund's amount.
    pub amount_usd: Option<f64>,
    /// Reviewers whose approval it needs.
    pub required_approvals: u32,
    /// When the agent proposed it.
    pub proposed_at: DateTime<Utc>,
    /// Its page in the console.
    pub url: String,
}

impl Notice {
    /// The notice of `kind` for `record`, linking under `console_url`.
    pub fn new(kind: NoticeKind, record: &ApprovalRecord, console_url: &str) -> Self {
        let m = &record.message;
        Self {
            event: kind.as_str(),
            approval_id: m.approval_id.clone(),
            tool: m.tool.clone(),
            ticket_id: m.ticket_id.to_string(),
            customer_id: m.customer_id.to_string(),
            amount_usd: m.arguments["amount_usd"].as_f64(),
            required_approvals: record.required_approvals,
            proposed_at: m.created_at,
            url: format!(
                "{}/approvals/{}",
                console_url.trim_end_matches('/'),
                m.approval_id
            ),
        }
    }

    /// Slack's incoming-webhook body: one line of `text`, the link in Slack's markup.
    pub fn slack(&self) -> serde_json::Value {
        let what = match self.amount_usd {
            Some(amount) => format!("{} of ${amount:.2}", self.tool),
            None => self.tool.clone(),
        };
        let verb = if self.event == NoticeKind::Expired.as_str() {
            "expired without a decision; its ticket was escalated"
        } else if self.required_approvals > 1 {
            "needs two reviewers"
        } else {
            "needs a reviewer"
        };
        serde_json::json!({
            "text": format!(
                "<{}|{} {}> for ticket {} {verb}",
                self.url, what, self.approval_id, self.ticket_id
            )
        })
    }
}

/// The body shape a target takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Json,
    Slack,
}

impl Shape {
    fn as_str(self) -> &'static str {
        match self {
            Shape::Json => "json",
            Shape::Slack => "slack",
        }
    }
}

struct Target {
    shape: Shape,
    url: String,
}

/// Queues notices for the background sender; cheap to clone. A notifier with no
/// target configured does nothing.
#[derive(Clone)]
pub struct Notifier {
    tx: Option<mpsc::Sender<Notice>>,
    console_url: Arc<str>,
}

impl Notifier {
    /// A notifier that sends nothing.
    pub fn disabled() -> Self {
        Self {
            tx: None,
            console_url: Arc::from(""),
        }
    }

    /// The notifier `settings` describe, its sender running on the current runtime;
    /// disabled when neither URL variable is set. `listen` is the console's own
    /// address, the links' base when `console_url` is empty.
    ///
    /// # Errors
    /// A URL variable that is set but does not hold an http(s) URL, or an HTTP client
    /// that cannot be built.
    pub fn start(settings: &NotificationSettings, listen: &str) -> anyhow::Result<Self> {
        // Every series at 0 from the start, so that rate() sees the first failure.
        for event in [NoticeKind::NeedsReview, NoticeKind::Expired] {
            for shape in [Shape::Json, Shape::Slack] {
                for result in ["sent", "failed"] {
                    metrics::global()
                        .approvals_notifications
                        .with_label_values(&[event.as_str(), shape.as_str(), result]);
                }
            }
            metrics::global()
                .approvals_notifications
                .with_label_values(&[event.as_str(), "all", "dropped"]);
        }
        let mut targets = Vec::new();
        for (shape, var) in [
            (Shape::Json, &settings.webhook_url_env),
            (Shape::Slack, &settings.slack_url_env),
        ] {
            let Some(url) = std::env::var(var).ok().filter(|v| !v.trim().is_empty()) else {
                continue;
            };
            let parsed = reqwest::Url::parse(url.trim()).map_err(|e| {
                anyhow::anyhow!(
                    "${var} is not a URL ({e}); the {} notifications need one",
                    shape.as_str()
                )
            })?;
            anyhow::ensure!(
                matches!(parsed.scheme(), "http" | "https"),
                "${var} must be an http(s) URL"
            );
            targets.push(Target {
                shape,
                url: parsed.to_string(),
            });
        }
        let console_url: Arc<str> = if settings.console_url.trim().is_empty() {
            Arc::from(format!("http://{listen}"))
        } else {
            Arc::from(settings.console_url.trim())
        };
        if targets.is_empty() {
            return Ok(Self {
                tx: None,
                console_url,
            });
        }
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(settings.timeout_secs.max(1)))
            .build()?;
        let (tx, rx) = mpsc::channel(QUEUE);
        let sender = Sender {
            client,
            targets: Arc::new(targets),
            max_attempts: settings.max_attempts.max(1),
            backoff: Backoff::new(
                Duration::from_millis(settings.backoff_ms),
                Duration::from_secs(60),
            ),
        };
        tokio::spawn(sender.run(rx));
        Ok(Self {
            tx: Some(tx),
            console_url,
        })
    }

    /// Whether any target is configured.
    pub fn is_enabled(&self) -> bool {
        self.tx.is_some()
    }

    /// Queues the notice of `kind` for `record`; returns at once, whatever happens to
    /// it later.
    pub fn notify(&self, kind: NoticeKind, record: &ApprovalRecord) {
        let Some(tx) = &self.tx else {
            return;
        };
        let notice = Notice::new(kind, record, &self.console_url);
        if tx.try_send(notice).is_err() {
            tracing::warn!(approval_id = %record.message.approval_id, event = kind.as_str(), "notification queue full; dropping the notice");
            count(kind.as_str(), "all", "dropped");
        }
    }
}

fn count(event: &str, shape: &str, result: &str) {
    metrics::global()
        .approvals_notifications
        .with_label_values(&[event, shape, result])
        .inc();
}

struct Sender {
    client: reqwest::Client,
    targets: Arc<Vec<Target>>,
    max_attempts: u32,
    backoff: Backoff,
}

impl Sender {
    async fn run(self, mut rx: mpsc::Receiver<Notice>) {
        let this = Arc::new(self);
        let sending = Arc::new(Semaphore::new(SENDING));
        while let Some(notice) = rx.recv().await {
            let Ok(permit) = sending.clone().acquire_owned().await else {
                return;
            };
            let this = this.clone();
            tokio::spawn(async move {
                let _permit = permit;
                for target in this.targets.iter() {
                    this.send(target, &notice).await;
                }
            });
        }
    }

    /// Sends `notice` to `target`, retrying what may succeed later.
    async fn send(&self, target: &Target, notice: &Notice) {
        let body = match target.shape {
            Shape::Json => serde_json::to_value(notice).expect("notices serialize"),
            Shape::Slack => notice.slack(),
        };
        let attempt = || async {
            match self.client.post(&target.url).json(&body).send().await {
                Ok(r) if r.status().is_success() => Ok(()),
                Ok(r) if r.status().as_u16() == 429 || r.status().is_server_error() => {
                    tracing::warn!(approval_id = %notice.approval_id, status = r.status().as_u16(), "notification webhook answered an error; retrying");
                    // A wait beyond the longest is cut to it: a notice is worth a late try.
                    let after = crate::http::retry_after(r.headers(), Utc::now())
                        .map(|wait| wait.min(self.backoff.max));
                    Err(Failed::Again((), after))
                }
                Ok(r) => {
                    tracing::warn!(approval_id = %notice.approval_id, status = r.status().as_u16(), "notification webhook refused the notice; not retrying");
                    Err(Failed::Final(()))
                }
                Err(e) => {
                    tracing::warn!(approval_id = %notice.approval_id, error = %crate::http::error_chain(&e), "notification webhook unreachable; retrying");
                    Err(Failed::Again((), None))
                }
            }
        };
        let retries = Limit::Retries(self.max_attempts.saturating_sub(1));
        let before_retry = |(): &(), retry: Retry| std::future::ready(Ok(retry.wait));
        let sent = self
            .backoff
            .run(retries, std::future::pending(), attempt, before_retry)
            .await;
        match sent {
            Ok(()) => {
                count(notice.event, target.shape.as_str(), "sent");
                return;
            }
            Err(GaveUp::Final(())) => {
                count(notice.event, target.shape.as_str(), "failed");
                return;
            }
            Err(_) => {}
        }
        tracing::warn!(approval_id = %notice.approval_id, attempts = self.max_attempts, "notification not delivered; giving up");
        count(notice.event, target.shape.as_str(), "failed");
    }
}
