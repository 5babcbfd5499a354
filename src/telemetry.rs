//! Logging: one subscriber, built once at start, writing to stderr so that stdout
//! stays the command's output (JSON Lines that scripts read), and [`redact`], which
//! every log line that may carry customer text goes through.
//!
//! Spans: every ticket runs in one `ticket` span opened by whoever runs it: the worker
//! opens it per delivery (`ticket_id`, `attempt`, `worker_id`), `process` and `eval`
//! with [`ticket_span`] (`ticket_id` alone); the agent's model and tool calls run
//! inside it. In `--log-format json` the current span's fields are under
//! `span` and every open span's under `spans`.
//!
//! Traces: with an OTLP endpoint configured ([`crate::config::TelemetrySettings`] or
//! the standard `OTEL_EXPORTER_OTLP_*` variables) the same spans are exported as
//! OpenTelemetry traces over OTLP/HTTP, batched, and flushed by [`Tracing::shutdown`].
//! Only this crate's spans go out, and no log event: a span's fields are its
//! attributes, and the fields are ids, sizes and outcomes, never ticket text. The W3C
//! trace context crosses the broker in the AMQP headers ([`inject`], [`extract`]).
//! docs/operations.md ("Tracing") lists the spans and their attributes.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::LazyLock;

use lapin::types::{AMQPValue, FieldTable};
use opentelemetry_sdk::trace::SdkTracerProvider;
use regex::{Captures, Regex};
use tracing_subscriber::EnvFilter;

use crate::config::TelemetrySettings;

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

/// Installs the global subscriber, writing to stderr, with trace export when an
/// endpoint is configured. `RUST_LOG` overrides `default_level` (for the log lines
/// only: exported spans are this crate's at info and above, whatever the log level).
/// The returned [`Tracing`] must be shut down at exit, or the last spans are lost.
///
/// `runtime` runs the exporter's HTTP requests: the batch processor calls it from a
/// thread of its own, outside any runtime.
pub fn init(
    format: LogFormat,
    default_level: &str,
    settings: &TelemetrySettings,
    runtime: &tokio::runtime::Handle,
) -> Tracing {
    use std::io::IsTerminal;
    use tracing_subscriber::util::SubscriberInitExt;
    let ansi = std::io::stderr().is_terminal();
    let (tracing, provider) = match otlp_provider(settings, runtime) {
        Ok(Some(p)) => (Tracing(Some(p.clone())), Some(p)),
        Ok(None) => (Tracing(None), None),
        Err(e) => {
            // Before the subscriber: nothing would print a log line yet.
            eprintln!("warning: traces are not exported: {e:#}");
            (Tracing(None), None)
        }
    };
    // A second init (tests, repeated calls) is harmless: the first subscriber stays.
    let _ = layered(format, default_level, std::io::stderr, ansi, provider).try_init();
    tracing
}

/// Installs the global subscriber for log lines only (tools that export no traces).
pub fn init_logs(format: LogFormat, default_level: &str) {
    use std::io::IsTerminal;
    use tracing_subscriber::util::SubscriberInitExt;
    let ansi = std::io::stderr().is_terminal();
    let _ = layered(format, default_level, std::io::stderr, ansi, None).try_init();
}

/// How long the last export at exit may take. The worker's drain
/// (`worker.shutdown_grace_secs`, 30 s in deploy/kubernetes) plus its abandon wait
/// (5 s) plus this stays under the pod's 45 s `terminationGracePeriodSeconds`.
pub const FLUSH_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// The trace pipeline [`init`] started, if any.
#[derive(Debug)]
#[must_use = "shut it down at exit, or the last spans are lost"]
pub struct Tracing(Option<SdkTracerProvider>);

impl Tracing {
    /// Exports the spans still buffered and stops the exporter. Blocks, at most
    /// [`FLUSH_TIMEOUT`] (a collector that is away must not hold a drained worker past
    /// its pod's grace period); call it outside the runtime, which must still be alive.
    pub fn shutdown(self) {
        if let Some(provider) = self.0
            && let Err(e) = provider.shutdown_with_timeout(FLUSH_TIMEOUT)
        {
            eprintln!("warning: the last spans may not have been exported: {e}");
        }
    }
}

/// The subscriber [`init`] installs without trace export, writing to `writer` (tests
/// capture lines with it). `RUST_LOG` overrides `default_level`.
pub fn subscriber<W>(
    format: LogFormat,
    default_level: &str,
    writer: W,
    ansi: bool,
) -> Box<dyn tracing::Subscriber + Send + Sync>
where
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    layered(format, default_level, writer, ansi, None)
}

fn layered<W>(
    format: LogFormat,
    default_level: &str,
    writer: W,
    ansi: bool,
    provider: Option<SdkTracerProvider>,
) -> Box<dyn tracing::Subscriber + Send + Sync>
where
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    use tracing_subscriber::Layer;
    use tracing_subscriber::layer::SubscriberExt;
    // tantivy logs every index commit at info; its warnings are enough here.
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new(format!("{default_level},tantivy=warn")));
    let fmt = tracing_subscriber::fmt::layer()
        .with_ansi(ansi)
        .with_writer(writer);
    let filter = AskEveryTime(filter);
    let fmt: Box<dyn Layer<tracing_subscriber::Registry> + Send + Sync> = match format {
        LogFormat::Pretty => fmt.compact().with_filter(filter).boxed(),
        LogFormat::Json => fmt.json().flatten_event(true).with_filter(filter).boxed(),
    };
    let otel = provider.map(|p| {
        use opentelemetry::trace::TracerProvider as _;
        tracing_opentelemetry::layer()
            .with_tracer(p.tracer("ticket-agent"))
            .with_threads(false)
            .with_location(false)
            .with_target(false)
            .with_level(false)
            // Spans only, and only ours: events are log lines (their fields are not
            // attributes), and libraries' spans are not part of a ticket's story.
            .with_filter(tracing_subscriber::filter::filter_fn(|meta| {
                meta.is_span()
                    && meta.target().starts_with("ticket_agent")
                    && *meta.level() <= tracing::Level::INFO
            }))
    });
    Box::new(tracing_subscriber::registry().with(fmt).with(otel))
}

/// `F`, asked again for every span and event: a callsite `F` always wants is reported
/// as wanted "sometimes", so that no callsite's interest is cached as "always".
///
/// Why: tracing-subscriber carries each per-layer filter's verdict from `enabled` to
/// the span being created through a thread-local, and skips `enabled` for a callsite
/// every filter always wants. Such a span (ours at info: the log lines and the export
/// both want it) took the verdicts left on its thread by the last question asked, often
/// about a `log` record that no layer wants: sqlx asks `log_enabled!(Debug)` after every
/// query, through tracing-log's bridge, which with the export on (its filter gives no
/// level hint) hears every level. The span then went to no layer: never exported, and
/// missing from the log lines (tokio-rs/tracing#2519). One such filter is enough: a
/// callsite's interest is the sum of the filters', "always" only when all of them are.
struct AskEveryTime<F>(F);

impl<S, F: tracing_subscriber::layer::Filter<S>> tracing_subscriber::layer::Filter<S>
    for AskEveryTime<F>
{
    fn enabled(
        &self,
        meta: &tracing::Metadata<'_>,
        cx: &tracing_subscriber::layer::Context<'_, S>,
    ) -> bool {
        self.0.enabled(meta, cx)
    }

    fn callsite_enabled(
        &self,
        meta: &'static tracing::Metadata<'static>,
    ) -> tracing::subscriber::Interest {
        let interest = self.0.callsite_enabled(meta);
        if interest.is_always() {
            tracing::subscriber::Interest::sometimes()
        } else {
            interest
        }
    }

    fn event_enabled(
        &self,
        event: &tracing::Event<'_>,
        cx: &tracing_subscriber::layer::Context<'_, S>,
    ) -> bool {
        self.0.event_enabled(event, cx)
    }

    fn max_level_hint(&self) -> Option<tracing_subscriber::filter::LevelFilter> {
        self.0.max_level_hint()
    }

    fn on_new_span(
        &self,
        attrs: &tracing::span::Attributes<'_>,
        id: &tracing::span::Id,
        ctx: tracing_subscriber::layer::Context<'_, S>,
    ) {
        self.0.on_new_span(attrs, id, ctx);
    }

    fn on_record(
        &self,
        id: &tracing::span::Id,
        values: &tracing::span::Record<'_>,
        ctx: tracing_subscriber::layer::Context<'_, S>,
    ) {
        self.0.on_record(id, values, ctx);
    }

    fn on_enter(&self, id: &tracing::span::Id, ctx: tracing_subscriber::layer::Context<'_, S>) {
        self.0.on_enter(id, ctx);
    }

    fn on_exit(&self, id: &tracing::span::Id, ctx: tracing_subscriber::layer::Context<'_, S>) {
        self.0.on_exit(id, ctx);
    }

    fn on_close(&self, id: tracing::span::Id, ctx: tracing_subscriber::layer::Context<'_, S>) {
        self.0.on_close(id, ctx);
    }
}

/// The tracer provider exporting to the configured endpoint; `None` when none is.
fn otlp_provider(
    settings: &TelemetrySettings,
    runtime: &tokio::runtime::Handle,
) -> anyhow::Result<Option<SdkTracerProvider>> {
    use opentelemetry_otlp::{WithExportConfig, WithHttpConfig};
    let set = |name: &str| std::env::var(name).is_ok_and(|v| !v.trim().is_empty());
    let setting = settings.otlp_endpoint.trim();
    if setting.is_empty()
        && !set("OTEL_EXPORTER_OTLP_ENDPOINT")
        && !set("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
    {
        return Ok(None);
    }
    let client = ExportClient {
        client: reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .build()?,
        runtime: runtime.clone(),
    };
    let mut exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_protocol(opentelemetry_otlp::Protocol::HttpBinary)
        .with_http_client(client);
    // Empty: the exporter reads the OTEL_EXPORTER_OTLP_* variables itself.
    if !setting.is_empty() {
        exporter = exporter.with_endpoint(format!("{}/v1/traces", setting.trim_end_matches('/')));
    }
    let exporter = exporter.build()?;
    // OTEL_SERVICE_NAME (and OTEL_RESOURCE_ATTRIBUTES) win over the default name.
    let resource = if set("OTEL_SERVICE_NAME") {
        opentelemetry_sdk::Resource::builder().build()
    } else {
        opentelemetry_sdk::Resource::builder()
            .with_service_name("ticket-agent")
            .build()
    };
    opentelemetry::global::set_text_map_propagator(
        opentelemetry_sdk::propagation::TraceContextPropagator::new(),
    );
    Ok(Some(
        SdkTracerProvider::builder()
            .with_batch_exporter(exporter)
            .with_resource(resource)
            .build(),
    ))
}

/// Posts the exporter's requests with the product's reqwest client, on the runtime:
/// the batch processor's thread has none, and reqwest needs one.
#[derive(Debug)]
struct ExportClient {
    client: reqwest::Client,
    runtime: tokio::runtime::Handle,
}

#[async_trait::async_trait]
impl opentelemetry_http::HttpClient for ExportClient {
    async fn send_bytes(
        &self,
        request: opentelemetry_http::Request<opentelemetry_http::Bytes>,
    ) -> Result<
        opentelemetry_http::Response<opentelemetry_http::Bytes>,
        opentelemetry_http::HttpError,
    > {
        let request = reqwest::Request::try_from(request)?;
        let client = self.client.clone();
        let response = self
            .runtime
            .spawn(async move {
                let response = client.execute(request).await?;
                let status = response.status();
                let headers = response.headers().clone();
                let body = response.bytes().await?;
                Ok::<_, reqwest::Error>((status, headers, body))
            })
            .await??;
        let (status, headers, body) = response;
        let mut out = opentelemetry_http::Response::builder()
            .status(status)
            .body(body)?;
        *out.headers_mut() = headers;
        Ok(out)
    }
}

/// Records a model call's cache-read prompt tokens on the current span (the
/// agent's `chat` span, `gen_ai.usage.cache_read.input_tokens`), for providers that
/// report them. Nothing outside a span that declares the field.
pub fn record_cached_input_tokens(tokens: u64) {
    tracing::Span::current().record("gen_ai.usage.cache_read.input_tokens", tokens);
}

/// Writes the current span's trace context (`traceparent`, `tracestate`) into AMQP
/// headers. Does nothing while no trace is exported.
pub fn inject(span: &tracing::Span, headers: &mut FieldTable) {
    use tracing_opentelemetry::OpenTelemetrySpanExt;
    let cx = span.context();
    opentelemetry::global::get_text_map_propagator(|p| {
        p.inject_context(&cx, &mut HeaderInjector(headers));
    });
}

/// The trace context a message carries in its AMQP headers (an empty context when
/// it carries none).
pub fn extract(headers: Option<&FieldTable>) -> opentelemetry::Context {
    let empty = FieldTable::default();
    let headers = headers.unwrap_or(&empty);
    opentelemetry::global::get_text_map_propagator(|p| p.extract(&HeaderExtractor(headers)))
}

/// Makes `span` a child of the trace context in `headers`, when they carry one.
pub fn continue_from(span: &tracing::Span, headers: Option<&FieldTable>) {
    use opentelemetry::trace::TraceContextExt;
    use tracing_opentelemetry::OpenTelemetrySpanExt;
    let cx = extract(headers);
    if cx.span().span_context().is_valid() {
        // Only fails when the span was already started: spans here get their
        // parent right after creation.
        let _ = span.set_parent(cx);
    }
}

/// Links `span` to the trace context in `headers` (an asynchronous hand-off of
/// unbounded delay, where a parent would stretch the first trace over hours).
pub fn link_from(span: &tracing::Span, headers: Option<&FieldTable>) {
    use opentelemetry::trace::TraceContextExt;
    use tracing_opentelemetry::OpenTelemetrySpanExt;
    let cx = extract(headers);
    let linked = cx.span().span_context().clone();
    if linked.is_valid() {
        span.add_link(linked);
    }
}

/// The W3C trace context of `span` as header name → value (`traceparent`,
/// `tracestate`), for keeping beside a record that outlives the span. Empty while no
/// trace is exported.
pub fn context_map(span: &tracing::Span) -> BTreeMap<String, String> {
    use tracing_opentelemetry::OpenTelemetrySpanExt;
    let cx = span.context();
    let mut map = std::collections::HashMap::new();
    opentelemetry::global::get_text_map_propagator(|p| p.inject_context(&cx, &mut map));
    map.into_iter().collect()
}

/// Makes `span` a child of a context kept by [`context_map`], when there is one.
pub fn continue_from_map(span: &tracing::Span, map: &BTreeMap<String, String>) {
    use opentelemetry::trace::TraceContextExt;
    use tracing_opentelemetry::OpenTelemetrySpanExt;
    let map: std::collections::HashMap<String, String> = map.clone().into_iter().collect();
    let cx = opentelemetry::global::get_text_map_propagator(|p| p.extract(&map));
    if cx.span().span_context().is_valid() {
        let _ = span.set_parent(cx);
    }
}

struct HeaderInjector<'a>(&'a mut FieldTable);

impl opentelemetry::propagation::Injector for HeaderInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        self.0
            .insert(key.into(), AMQPValue::LongString(value.into()));
    }
}

struct HeaderExtractor<'a>(&'a FieldTable);

impl opentelemetry::propagation::Extractor for HeaderExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        match self.0.inner().get(key)? {
            AMQPValue::LongString(s) => std::str::from_utf8(s.as_bytes()).ok(),
            AMQPValue::ShortString(s) => Some(s.as_str()),
            _ => None,
        }
    }

    fn keys(&self) -> Vec<&str> {
        self.0.inner().keys().map(|k| k.as_str()).collect()
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

/// An error and its causes, `outer: cause: root`, for a log line's `error` field
/// (`error = %chain(&e)`): the `Display` of an error says only its own part, and the
/// cause that explains it (a refused connection under "publishing failed") would be
/// lost. A cause whose text the message already holds is not repeated. An
/// `anyhow::Error` prints its chain itself with `{:#}`.
pub fn chain<'a>(e: &'a (dyn std::error::Error + 'static)) -> Chain<'a> {
    Chain(e)
}

/// See [`chain`].
pub struct Chain<'a>(&'a (dyn std::error::Error + 'static));

impl std::fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut said = self.0.to_string();
        let mut cause = self.0.source();
        while let Some(c) = cause {
            let text = c.to_string();
            if !said.contains(&text) {
                said.push_str(": ");
                said.push_str(&text);
            }
            cause = c.source();
        }
        f.write_str(&said)
    }
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
    fn an_error_is_logged_with_its_causes_once_each() {
        #[derive(Debug, thiserror::Error)]
        #[error("publishing failed")]
        struct Outer(#[source] std::io::Error);
        #[derive(Debug, thiserror::Error)]
        #[error("publishing failed: {0}")]
        struct Quoting(#[source] std::io::Error);
        let refused = || std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "refused");
        assert_eq!(
            chain(&Outer(refused())).to_string(),
            "publishing failed: refused"
        );
        assert_eq!(
            chain(&Quoting(refused())).to_string(),
            "publishing failed: refused"
        );
    }

    #[test]
    fn a_trace_context_survives_the_trip_through_amqp_headers() {
        use opentelemetry::propagation::TextMapPropagator;
        use opentelemetry::trace::{
            SpanContext, SpanId, TraceContextExt, TraceFlags, TraceId, TraceState,
        };
        let sent = SpanContext::new(
            TraceId::from_hex("4bf92f3577b34da6a3ce929d0e0e4736").unwrap(),
            SpanId::from_hex("00f067aa0ba902b7").unwrap(),
            TraceFlags::SAMPLED,
            true,
            TraceState::from_key_value([("vendor", "x")]).unwrap(),
        );
        let propagator = opentelemetry_sdk::propagation::TraceContextPropagator::new();
        let mut headers = FieldTable::default();
        // Headers the message already had stay.
        headers.insert("x-attempt".into(), AMQPValue::LongInt(2));
        propagator.inject_context(
            &opentelemetry::Context::new().with_remote_span_context(sent.clone()),
            &mut HeaderInjector(&mut headers),
        );
        assert_eq!(
            headers.inner().get("traceparent"),
            Some(&AMQPValue::LongString(
                "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01".into()
            ))
        );
        assert!(headers.inner().contains_key("x-attempt"));
        let got = propagator.extract(&HeaderExtractor(&headers));
        let got = got.span().span_context().clone();
        assert_eq!(got.trace_id(), sent.trace_id());
        assert_eq!(got.span_id(), sent.span_id());
        assert!(got.is_sampled() && got.is_remote());
        assert_eq!(got.trace_state().get("vendor"), Some("x"));
    }

    #[test]
    fn headers_without_a_trace_context_give_no_parent() {
        use opentelemetry::propagation::TextMapPropagator;
        use opentelemetry::trace::TraceContextExt;
        let propagator = opentelemetry_sdk::propagation::TraceContextPropagator::new();
        let mut headers = FieldTable::default();
        headers.insert("traceparent".into(), AMQPValue::LongInt(7));
        let cx = propagator.extract(&HeaderExtractor(&headers));
        assert!(!cx.span().span_context().is_valid());
    }

    /// Log lines written to memory.
    #[derive(Clone, Default)]
    struct Sink(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn cached_tokens_land_on_the_model_calls_span() {
        let sink = Sink::default();
        let writer = sink.clone();
        let subscriber = subscriber(LogFormat::Json, "info", move || writer.clone(), false);
        tracing::subscriber::with_default(subscriber, || {
            let span = tracing::info_span!(
                "chat",
                gen_ai.usage.cache_read.input_tokens = tracing::field::Empty
            );
            let _in = span.enter();
            record_cached_input_tokens(1024);
            tracing::info!("answered");
        });
        let out = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        let line: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
        assert_eq!(
            line["span"]["gen_ai.usage.cache_read.input_tokens"], 1024,
            "{out}"
        );
    }

    /// The spans a tracer provider ended, kept in memory.
    #[derive(Debug, Clone, Default)]
    struct Exported(std::sync::Arc<std::sync::Mutex<Vec<opentelemetry_sdk::trace::SpanData>>>);

    impl opentelemetry_sdk::trace::SpanExporter for Exported {
        async fn export(
            &self,
            batch: Vec<opentelemetry_sdk::trace::SpanData>,
        ) -> opentelemetry_sdk::error::OTelSdkResult {
            self.0.lock().unwrap().extend(batch);
            Ok(())
        }
    }

    /// What tracing-log's bridge asks the subscriber about a `log` record: sqlx asks
    /// `log_enabled!(target: "sqlx::query", Debug)` after every query, and at the
    /// default level no layer wants it.
    struct LogRecord;

    static LOG_RECORD: LogRecord = LogRecord;

    static LOG_RECORD_METADATA: tracing::Metadata<'static> = tracing::Metadata::new(
        "log record",
        "sqlx::query",
        tracing::Level::DEBUG,
        None,
        None,
        None,
        tracing::field::FieldSet::new(&[], tracing::callsite::Identifier(&LOG_RECORD)),
        tracing::metadata::Kind::EVENT,
    );

    impl tracing::Callsite for LogRecord {
        fn set_interest(&self, _: tracing::subscriber::Interest) {}

        fn metadata(&self) -> &tracing::Metadata<'_> {
            &LOG_RECORD_METADATA
        }
    }

    #[test]
    fn spans_opened_after_a_log_check_that_no_layer_wants_are_exported_and_logged() {
        let exported = Exported::default();
        let provider = SdkTracerProvider::builder()
            .with_simple_exporter(exported.clone())
            .build();
        let sink = Sink::default();
        let writer = sink.clone();
        let subscriber = layered(
            LogFormat::Json,
            "info",
            move || writer.clone(),
            false,
            Some(provider.clone()),
        );
        tracing::subscriber::with_default(subscriber, || {
            for id in ["apr_1", "apr_2", "apr_3"] {
                // The query that read the approval, as the decision opens its span.
                tracing::dispatcher::get_default(|d| d.enabled(&LOG_RECORD_METADATA));
                let span = tracing::info_span!("approval_decision", ticket_agent.approval.id = id);
                span.in_scope(|| tracing::info!("decision"));
            }
        });
        provider.force_flush().unwrap();
        let ids: Vec<String> = exported
            .0
            .lock()
            .unwrap()
            .iter()
            .flat_map(|s| &s.attributes)
            .filter(|kv| kv.key.as_str() == "ticket_agent.approval.id")
            .map(|kv| kv.value.to_string())
            .collect();
        assert_eq!(ids, ["apr_1", "apr_2", "apr_3"], "exported");
        let out = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        let logged: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .map(|l| l["span"]["ticket_agent.approval.id"].clone())
            .collect();
        assert_eq!(logged, ["apr_1", "apr_2", "apr_3"], "logged: {out}");
    }

    #[test]
    fn no_endpoint_anywhere_means_no_export() {
        // Only when the variables are unset here: a developer's shell may set them.
        if std::env::var_os("OTEL_EXPORTER_OTLP_ENDPOINT").is_some()
            || std::env::var_os("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT").is_some()
        {
            return;
        }
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let provider = otlp_provider(&TelemetrySettings::default(), runtime.handle()).unwrap();
        assert!(provider.is_none());
    }

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
