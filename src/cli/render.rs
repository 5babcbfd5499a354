//! What the commands print, as `Display`: the eval table, the dead-letter table, the
//! approvals list, the submit summary; and the progress bar batch
//! commands draw on a terminal.

use std::fmt;
use std::io::IsTerminal;

use chrono::{DateTime, Utc};
use indicatif::{ProgressBar, ProgressStyle};

use crate::approvals::ApprovalRecord;
use crate::eval::EvalReport;
use crate::process::{BadLine, Progress};
use crate::queue::dlq::DeadLetter;
use crate::queue::submit::SubmitReport;
use crate::telemetry::redact;

/// Columns padded to their widest cell, two spaces apart, trailing space trimmed.
fn table<const N: usize>(
    f: &mut fmt::Formatter<'_>,
    header: [&str; N],
    rows: &[[String; N]],
) -> fmt::Result {
    let mut widths = header.map(|h| h.chars().count());
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let header = header.map(String::from);
    for row in std::iter::once(&header).chain(rows) {
        let line = row
            .iter()
            .zip(widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect::<Vec<_>>()
            .join("  ");
        writeln!(f, "{}", line.trim_end())?;
    }
    Ok(())
}

/// The eval run as the terminal shows it: the per-case table, the metrics, and a line
/// per failed trial.
pub struct EvalView<'a>(pub &'a EvalReport);

impl fmt::Display for EvalView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let header = ["case", "expected", "got", "pass", "tools", "tokens"];
        table(f, header, &self.0.table())?;
        writeln!(f)?;
        write!(f, "{}", crate::eval::metrics_markdown(&self.0.metrics))?;
        for r in self.0.results.iter().filter(|r| !r.passed) {
            writeln!(
                f,
                "FAIL {} (trial {}): {}",
                r.case_id,
                r.trial,
                r.failures.join("; ")
            )?;
        }
        Ok(())
    }
}

fn time(t: Option<DateTime<Utc>>) -> String {
    t.map(|t| t.format("%Y-%m-%d %H:%M:%SZ").to_string())
        .unwrap_or_else(|| "-".into())
}

/// `dlq list` as a table.
pub struct DeadLetterTable<'a>(pub &'a [DeadLetter]);

impl fmt::Display for DeadLetterTable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let header = [
            "ticket",
            "reason",
            "attempts",
            "replays",
            "first dead",
            "last dead",
            "subject",
            "last error",
        ];
        let rows: Vec<[String; 8]> = self
            .0
            .iter()
            .map(|l| {
                [
                    l.ticket_id.clone().unwrap_or_else(|| "-".into()),
                    l.reason.clone(),
                    l.attempts.to_string(),
                    l.replays.to_string(),
                    time(l.first_dead_at),
                    time(l.last_dead_at),
                    l.subject.clone().unwrap_or_default(),
                    l.last_error
                        .as_deref()
                        .map(|e| e.chars().take(80).collect())
                        .unwrap_or_default(),
                ]
            })
            .collect();
        table(f, header, &rows)
    }
}

/// `approvals list`: a line per approval.
pub struct ApprovalList<'a>(pub &'a [ApprovalRecord]);

impl fmt::Display for ApprovalList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in self.0 {
            let m = &r.message;
            writeln!(
                f,
                "{}  {:<9}  ticket {}  customer {}  {} {}  {}  {}",
                m.approval_id,
                r.status.as_str(),
                m.ticket_id,
                m.customer_id,
                m.tool,
                m.arguments["order_id"]
                    .as_str()
                    .or(m.arguments["to"].as_str())
                    .unwrap_or(""),
                m.arguments["amount_usd"]
                    .as_f64()
                    .map(|a| format!("${a:.2}"))
                    .unwrap_or_default(),
                m.eligibility
                    .as_ref()
                    .map(|e| e.policy_ref.as_str())
                    .unwrap_or(""),
            )?;
        }
        Ok(())
    }
}

/// `submit`'s report for stderr: each invalid line (redacted: a parse error quotes the
/// line), then the counts. The second field names the exchange.
pub struct SubmitView<'a>(pub &'a SubmitReport, pub &'a str);

impl fmt::Display for SubmitView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let SubmitView(report, exchange) = self;
        for bad in &report.invalid {
            let error = redact(&bad.error.to_string()).into_owned();
            writeln!(f, "line {}: invalid ticket, not sent: {error}", bad.line)?;
        }
        writeln!(
            f,
            "submitted {} ticket(s) to {exchange}; {} invalid line(s) not sent",
            report.published,
            report.invalid.len()
        )
    }
}

/// A progress bar on stderr when it is a terminal; plain lines otherwise.
pub struct Bar(Option<ProgressBar>);

impl Bar {
    /// A bar of `len` steps.
    pub fn new(len: usize) -> Self {
        if !std::io::stderr().is_terminal() {
            return Bar(None);
        }
        let bar = ProgressBar::new(len as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} {per_sec} eta {eta}",
            )
            .expect("a valid template"),
        );
        Bar(Some(bar))
    }

    fn println(&self, line: &str) {
        match &self.0 {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

impl Progress for Bar {
    fn tick(&mut self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    fn bad_line(&mut self, bad: &BadLine) {
        // A parse error quotes the line's text: no customer data on stderr.
        let error = redact(&bad.error.to_string()).into_owned();
        self.println(&format!("line {}: invalid ticket: {error}", bad.line));
    }
}
