//! `ticket-agent-lab profile`: the instructions a ticket costs the worker (scenario b,
//! the zero-latency rules model) and the bare broker loop (scenario a), counted by
//! valgrind's callgrind, whose counts do not depend on the machine's load the way its
//! clock does.
//!
//! Each scenario runs twice, on `small` and on `large` tickets, with its one child under
//! `valgrind --tool=callgrind`; the difference of the two totals over the difference of
//! the two sizes is the cost per ticket, with what a process spends once (start-up,
//! indexing the knowledge base, shutting down) taken out. The callgrind files stay in
//! `--out` for `callgrind_annotate`.

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Serialize;

use ticket_agent::config::Settings;

use crate::bench::{self, BenchOptions, Params, Scenario, Wrap};

/// What to count.
#[derive(Debug, Clone)]
pub struct ProfileOptions {
    /// Tickets in the smaller run.
    pub small: usize,
    /// Tickets in the larger run.
    pub large: usize,
    /// Traffic seed.
    pub seed: u64,
    /// Tickets in flight, as in the benchmark.
    pub concurrency: usize,
    /// Prefetch, as in the benchmark.
    pub prefetch: u16,
    /// Scenarios to count: a and/or b.
    pub scenarios: Vec<Scenario>,
    /// Where the callgrind files go.
    pub out: PathBuf,
    /// The valgrind binary.
    pub valgrind: PathBuf,
    /// The ticket-agent-lab binary (the bare loop).
    pub binary: PathBuf,
    /// The ticket-agent binary (the worker).
    pub agent_binary: PathBuf,
}

/// One scenario's count.
#[derive(Debug, Clone, Serialize)]
pub struct Count {
    /// The scenario, as in the benchmark's tables.
    pub scenario: String,
    /// Tickets of the smaller run.
    pub small: usize,
    /// Tickets of the larger run.
    pub large: usize,
    /// Instructions of the process over the smaller run.
    pub instructions_small: u64,
    /// Instructions of the process over the larger run.
    pub instructions_large: u64,
    /// (large − small) instructions ÷ (large − small) tickets.
    pub per_ticket: f64,
    /// The larger run's callgrind file.
    pub file: PathBuf,
}

/// Counts each scenario's instructions per ticket.
///
/// # Errors
/// A scenario other than a or b, sizes that do not grow, valgrind missing, or any
/// failure of the benchmark run itself.
pub async fn run(settings: &Settings, opts: &ProfileOptions) -> anyhow::Result<Vec<Count>> {
    anyhow::ensure!(
        opts.large > opts.small,
        "--large ({}) must be more than --small ({})",
        opts.large,
        opts.small
    );
    anyhow::ensure!(
        opts.scenarios
            .iter()
            .all(|s| matches!(s, Scenario::A | Scenario::B)),
        "profile counts scenarios a and b only"
    );
    std::fs::create_dir_all(&opts.out)
        .with_context(|| format!("creating {}", opts.out.display()))?;
    let mut counts = Vec::new();
    for &scenario in &opts.scenarios {
        let mut totals = Vec::new();
        let mut name = String::new();
        for n in [opts.small, opts.large] {
            let dir = opts.out.join(format!("{}-{n}", scenario.key()));
            std::fs::create_dir_all(&dir)?;
            let bench_opts = BenchOptions {
                params: Params {
                    n,
                    concurrency: opts.concurrency,
                    prefetch: opts.prefetch,
                    latency_ms: 0,
                },
                seed: opts.seed,
                scenarios: vec![scenario],
                preset: None,
                limit_rpm: 0,
                scale: vec![1],
                binary: opts.binary.clone(),
                agent_binary: opts.agent_binary.clone(),
            };
            let wrap = Wrap {
                command: vec![
                    opts.valgrind.display().to_string(),
                    "--tool=callgrind".into(),
                    "--callgrind-out-file={out}".into(),
                ],
                dir: Some(dir),
            };
            let (ms, files) = bench::run_with(settings, &bench_opts, &wrap).await?;
            let file = files
                .into_iter()
                .flatten()
                .next()
                .context("the run wrote no callgrind file")?;
            let m = ms.into_iter().next().context("the run measured nothing")?;
            name = m.scenario;
            totals.push((m.tickets, instructions(&file)?, file));
        }
        let (small, ir_small, _) = totals[0].clone();
        let (large, ir_large, file) = totals[1].clone();
        counts.push(Count {
            scenario: name,
            small,
            large,
            instructions_small: ir_small,
            instructions_large: ir_large,
            per_ticket: (ir_large as f64 - ir_small as f64) / (large - small).max(1) as f64,
            file,
        });
    }
    Ok(counts)
}

/// The total instructions (`Ir`) of a callgrind file: its `totals:` line, or its
/// `summary:` line.
///
/// # Errors
/// The file cannot be read or has neither line.
pub fn instructions(file: &Path) -> anyhow::Result<u64> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    parse_total(&text).with_context(|| format!("no totals in {}", file.display()))
}

fn parse_total(text: &str) -> Option<u64> {
    text.lines()
        .rev()
        .find_map(|l| {
            l.strip_prefix("totals:")
                .or_else(|| l.strip_prefix("summary:"))
        })
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

/// The counts as a Markdown table, with the worker's cost over the loop's.
pub fn markdown(counts: &[Count]) -> String {
    let mut s = String::from(
        "| scenario | tickets (runs) | instructions per ticket | callgrind file |\n|---|---|---|---|\n",
    );
    for c in counts {
        s.push_str(&format!(
            "| {} | {} and {} | {:.0} | {} |\n",
            c.scenario,
            c.small,
            c.large,
            c.per_ticket,
            c.file.display()
        ));
    }
    let find = |p: &str| counts.iter().find(|c| c.scenario.starts_with(p));
    if let (Some(a), Some(b)) = (find("a:"), find("b:")) {
        s.push_str(&format!(
            "\nThe worker takes {:.1}× the bare loop's instructions per ticket.\n",
            b.per_ticket / a.per_ticket.max(1.0)
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_total_of_a_callgrind_file() {
        let text = "version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nsummary: 1234\n\nfn=(1) main\n5 10\ntotals: 1234\n";
        assert_eq!(parse_total(text), Some(1234));
        assert_eq!(parse_total("events: Ir\nsummary: 77\n"), Some(77));
        assert_eq!(parse_total("events: Ir\n"), None);
    }
}
