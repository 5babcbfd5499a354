//! Logging: one subscriber, built once at start, writing to stderr so that stdout
//! stays the command's output (JSON Lines that scripts read), and [`redact`], which
//! every log line that may carry customer text goes through.
//!
//! Spans: every ticket runs in one `ticket` span opened by whoever runs it: the worker
//! opens it per delivery (`ticket_id`, `attempt`, `worker_id`), `process` and `eval`
//! with [`ticket_span`] (`ticket_id` alone); the agent's model and tool calls run
//! inside it. In `--log-format json` the current span's fields are under
//! `span` and every open span's under `spans`.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::{Captures, Regex};
use tracing_subscriber::EnvFilter;

/// The `ticket` span of a run outside the worker (`process`, `eval`).
pub fn ticket_span(ticket_id: &crate::domain::ticket::TicketId) -> tracing::Span {
    tracing::info_span!("ticket", ticket_id = %ticket_id)
}

/// The log line format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Pretty,
    /// One JSON object per line, for log pipelines.
    Json,
}

/// Installs the global subscriber, writing to stderr. `RUST_LOG` overrides
/// `default_level`.
pub fn init(format: LogFormat, default_level: &str) {
    use std::io::IsTerminal;
    use tracing_subscriber::util::SubscriberInitExt;
    let ansi = std::io::stderr().is_terminal();
    // A second init (tests, repeated calls) is harmless: the first subscriber stays.
    let _ = subscriber(format, default_level, std::io::stderr, ansi).try_init();
}

/// The subscriber [`init`] installs, writing to `writer` (tests capture lines with it).
/// `RUST_LOG` overrides `default_level`.
pub fn subscriber<W>(
    format: LogFormat,
    default_level: &str,
    writer: W,
    ansi: bool,
) -> Box<dyn tracing::Subscriber + Send + Sync>
where
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    // tantivy logs every index commit at info; its warnings are enough here.
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new(format!("{default_level},tantivy=warn")));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(ansi)
        .with_writer(writer);
    match format {
        LogFormat::Pretty => Box::new(builder.compact().finish()),
        LogFormat::Json => Box::new(builder.json().flatten_event(true).finish()),
    }
}

static EMAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}").expect("a valid regex")
});

/// 13 to 19 digits, single spaces or dashes allowed between them.
static CARD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b\d(?:[ -]?\d){12,18}\b").expect("a valid regex"));

/// A run of digits and phone punctuation; [`is_phone`] decides on its digits.
static PHONE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:\+|\()?\b\d[\d .()-]{5,22}\d\b").expect("a valid regex"));

static DATE_PREFIX: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d{4}-\d{2}-\d{2}").expect("a valid regex"));

/// 7 to 15 digits (E.164 allows 15) written the way phone numbers are, with a `+`,
/// parentheses or separators, or at least 10 digits written bare; and not a date. A
/// bare shorter run is a count, a size or an id ("message of 2097224 bytes").
fn is_phone(candidate: &str) -> bool {
    let digits = candidate.bytes().filter(u8::is_ascii_digit).count();
    let bare = digits == candidate.len();
    let shortest = if bare { 10 } else { 7 };
    (shortest..=15).contains(&digits)
        && !DATE_PREFIX.is_match(candidate.trim_start_matches(['+', '(']))
}

/// `text` with email addresses, card-like numbers (13–19 digits, spaces or dashes
/// between) and phone numbers (7–15 digits with the usual punctuation, dates aside)
/// replaced by `[email]`, `[card]` and `[phone]`. Borrowed when there is nothing to
/// redact.
///
/// For log lines only: the ticket itself, the messages on the queues and the
/// dead-letter headers keep the customer's text as written. It errs towards
/// redacting (a long order number written with spaces reads as a phone number).
pub fn redact(text: &str) -> Cow<'_, str> {
    let mut out = Cow::Borrowed(text);
    if EMAIL.is_match(&out) {
        out = Cow::Owned(EMAIL.replace_all(&out, "[email]").into_owned());
    }
    if CARD.is_match(&out) {
        out = Cow::Owned(CARD.replace_all(&out, "[card]").into_owned());
    }
    if PHONE.find_iter(&out).any(|m| is_phone(m.as_str())) {
        out = Cow::Owned(
            PHONE
                .replace_all(&out, |c: &Captures<'_>| {
                    if is_phone(&c[0]) {
                        "[phone]".to_string()
                    } else {
                        c[0].to_string()
                    }
                })
                .into_owned(),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_phone_numbers_and_card_numbers_are_redacted() {
        let text = "Hi, I'm jane.doe+shop@mail.example.co.uk, call me on +1 (555) 123-4567 \
                    or 020 7946 0958. Card 4111 1111 1111 1111, also 5500-0000-0000-0004 \
                    and 378282246310005.";
        let r = redact(text);
        assert_eq!(
            r,
            "Hi, I'm [email], call me on [phone] or [phone]. Card [card], also [card] and [card]."
        );
    }

    #[test]
    fn text_without_personal_data_is_borrowed_unchanged() {
        for text in [
            "Order O1001 for $24.99 arrived on 2026-11-29, ticket T-1003.",
            "refund of 1499.99 requested at 2026-11-29 12:00 for order 12345",
            "ticket field `body` is 40000 bytes, over the limit of 32768",
        ] {
            assert!(
                matches!(redact(text), Cow::Borrowed(_)),
                "{text} -> {}",
                redact(text)
            );
        }
    }

    #[test]
    fn a_size_or_count_written_as_bare_digits_is_not_a_phone_number() {
        for text in [
            "message of 2097224 bytes, over the limit of 49152",
            "processed 1234567 tickets in 7654321 ms",
        ] {
            assert!(
                matches!(redact(text), Cow::Borrowed(_)),
                "{text} -> {}",
                redact(text)
            );
        }
        // Ten bare digits still read as a phone number, and a short one written as one
        // still is one.
        assert_eq!(redact("call 5558675309 today"), "call [phone] today");
        assert_eq!(redact("call 867-5309 today"), "call [phone] today");
    }

    #[test]
    fn a_serde_error_quoting_the_ticket_is_redacted() {
        // A JSON string where a ticket object was expected: serde quotes it whole.
        let err = serde_json::from_str::<crate::domain::ticket::RawTicket>(
            r#""please call bob@example.com or 555-867-5309""#,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("bob@example.com"), "{err}");
        let r = redact(&err);
        assert!(!r.contains("example.com") && !r.contains("867"), "{r}");
        assert!(r.contains("[email]") && r.contains("[phone]"), "{r}");
    }
}
