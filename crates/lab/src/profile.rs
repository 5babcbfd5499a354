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
//!
//! [`heap`] is the memory side (`ticket-agent-lab heap`): one worker against the fake
//! model with many tickets in flight (scenario c′, smaller), under valgrind's dhat,
//! and what its heap held at its peak, by the code that allocated it.

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

/// What records the worker's heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum HeapTool {
    /// valgrind's dhat: exact, but it runs every thread on one core, tens of times
    /// slower, so a worker with thousands of tickets in flight falls behind its Redis
    /// and broker timeouts and the run stops resembling production.
    Dhat,
    /// heaptrack (Debian: heaptrack): records every allocation from inside the
    /// process at a few times the cost, so the run keeps its shape.
    Heaptrack,
}

/// What to run under dhat or heaptrack.
#[derive(Debug, Clone)]
pub struct HeapOptions {
    /// The recording tool.
    pub tool: HeapTool,
    /// Tickets.
    pub n: usize,
    /// Traffic seed.
    pub seed: u64,
    /// Tickets in flight (and prefetch).
    pub concurrency: usize,
    /// The fake model's latency per turn.
    pub latency_ms: u64,
    /// How many allocation sites to list.
    pub top: usize,
    /// Where the dhat file goes.
    pub out: PathBuf,
    /// The valgrind binary.
    pub valgrind: PathBuf,
    /// The ticket-agent-lab binary (the fake model server).
    pub binary: PathBuf,
    /// The ticket-agent binary (the worker).
    pub agent_binary: PathBuf,
}

/// The worker's heap at its peak.
#[derive(Debug, Clone, Serialize)]
pub struct HeapProfile {
    /// Tickets run.
    pub tickets: usize,
    /// Tickets in flight.
    pub concurrency: usize,
    /// dhat's totals (heaptrack's are in [`HeapProfile::printed`]).
    pub totals: Option<HeapTotals>,
    /// The worker's peak RSS over the run, as the benchmark samples it (under valgrind,
    /// which adds its own).
    pub peak_rss_mib: f64,
    /// The peak by the crate that asked for the memory, largest first.
    pub by_crate: Vec<(String, u64)>,
    /// The sites holding the most at the peak.
    pub sites: Vec<Site>,
    /// The recording (dhat's viewer `dh_view.html` reads a dhat file;
    /// `heaptrack_print` or `heaptrack_gui` a heaptrack one).
    pub file: PathBuf,
    /// heaptrack_print's summary and largest consumers at the peak (heaptrack only).
    pub printed: Option<String>,
}

/// The whole heap, from a dhat file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct HeapTotals {
    /// Live heap bytes at the peak (dhat's t-gmax).
    pub peak_bytes: u64,
    /// Live blocks at the peak.
    pub peak_blocks: u64,
    /// Live heap bytes at exit (after the drain).
    pub end_bytes: u64,
    /// Bytes allocated over the whole run.
    pub total_bytes: u64,
}

/// One allocation site.
#[derive(Debug, Clone, Serialize)]
pub struct Site {
    /// Bytes it held at the peak.
    pub bytes: u64,
    /// Blocks it held at the peak.
    pub blocks: u64,
    /// The frames that name it: the first ones outside the allocator and the standard
    /// library's containers, innermost first.
    pub frames: Vec<String>,
}

/// Runs one worker under dhat against the fake model and reads the peak of its heap.
///
/// # Errors
/// valgrind missing, a failure of the benchmark run itself, or a dhat file that cannot
/// be read.
pub async fn heap(settings: &Settings, opts: &HeapOptions) -> anyhow::Result<HeapProfile> {
    std::fs::create_dir_all(&opts.out)
        .with_context(|| format!("creating {}", opts.out.display()))?;
    let bench_opts = BenchOptions {
        params: Params {
            n: opts.n,
            concurrency: opts.concurrency,
            prefetch: u16::try_from(opts.concurrency).unwrap_or(u16::MAX),
            latency_ms: opts.latency_ms,
        },
        seed: opts.seed,
        scenarios: vec![Scenario::C],
        preset: None,
        limit_rpm: 0,
        scale: vec![1],
        binary: opts.binary.clone(),
        agent_binary: opts.agent_binary.clone(),
    };
    // Both tools see malloc only: the worker runs on the C library's allocator here
    // (ticket_agent::allocator), not its own.
    let system_malloc = format!(
        "{}=system",
        ticket_agent::allocator::ENV
            .to_str()
            .expect("an ASCII name")
    );
    let command = match opts.tool {
        HeapTool::Dhat => vec![
            "env".into(),
            system_malloc,
            opts.valgrind.display().to_string(),
            "--tool=dhat".into(),
            "--dhat-out-file={out}".into(),
        ],
        // The preload library straight, not the `heaptrack` script: the script would
        // stand between the benchmark and the worker, and the worker's SIGTERM at the
        // end of the run would stop the script, not the worker.
        HeapTool::Heaptrack => vec![
            "env".into(),
            system_malloc,
            format!("LD_PRELOAD={HEAPTRACK_LIB}/libheaptrack_preload.so"),
            "DUMP_HEAPTRACK_OUTPUT={out}".into(),
        ],
    };
    let wrap = Wrap {
        command,
        dir: Some(opts.out.clone()),
    };
    let (ms, files) = bench::run_with(settings, &bench_opts, &wrap).await?;

    let file = files
        .into_iter()
        .flatten()
        .next()
        .context("the run wrote no dhat file")?;
    let m = ms.into_iter().next().context("the run measured nothing")?;
    let text = match opts.tool {
        HeapTool::Dhat => {
            std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?
        }
        HeapTool::Heaptrack => String::new(),
    };
    let mut profile = match opts.tool {
        HeapTool::Dhat => parse_dhat(&text, opts.top)
            .with_context(|| format!("reading the dhat file {}", file.display()))?,
        HeapTool::Heaptrack => heaptrack_print(&file, opts.top)?,
    };
    profile.tickets = m.tickets;
    profile.concurrency = opts.concurrency;
    profile.peak_rss_mib = m.peak_rss_mib;
    profile.file = file;
    Ok(profile)
}

/// The parts of a dhat file (version 2) read here.
#[derive(serde::Deserialize)]
struct DhatFile {
    pps: Vec<ProgramPoint>,
    ftbl: Vec<String>,
}

#[derive(serde::Deserialize)]
struct ProgramPoint {
    tb: u64,
    gb: u64,
    gbk: u64,
    #[serde(default)]
    eb: u64,
    fs: Vec<usize>,
}

/// Frames that say nothing about who holds the memory: the allocator, valgrind's
/// replacements, and the standard containers every crate allocates through.
fn is_plumbing(frame: &str) -> bool {
    let name = frame_name(frame);
    name.is_empty()
        || [
            "malloc",
            "calloc",
            "realloc",
            "posix_memalign",
            "aligned_alloc",
            "memalign",
            "__rust",
            "alloc::",
            "<alloc::",
            "core::",
            "<core::",
            "std::",
            "<std::",
            "hashbrown::",
            "<hashbrown::",
            "bytes::",
            "<bytes::",
            "[root]",
        ]
        .iter()
        .any(|p| name.starts_with(p))
}

/// `0x4C2FB0F: alloc::raw_vec::finish_grow (raw_vec.rs:1)` → `alloc::raw_vec::finish_grow`.
fn frame_name(frame: &str) -> &str {
    let rest = frame.split_once(": ").map_or(frame, |(_, r)| r);
    let rest = rest.rsplit_once(" (").map_or(rest, |(name, _)| name);
    rest.trim()
}

/// The crate of a frame: the first path segment of its function, or of the type in
/// `<Type as Trait>::f`.
fn frame_crate(frame: &str) -> String {
    let name = frame_name(frame).trim_start_matches('<');
    let end = name.find([':', ' ', '<', '>']);
    end.map_or(name, |e| &name[..e]).to_string()
}

fn parse_dhat(text: &str, top: usize) -> anyhow::Result<HeapProfile> {
    let file: DhatFile = serde_json::from_str(text).context("not a dhat heap profile")?;
    let mut by_crate: std::collections::BTreeMap<String, u64> = Default::default();
    let mut sites = Vec::new();
    let mut t = HeapTotals {
        peak_bytes: 0,
        peak_blocks: 0,
        end_bytes: 0,
        total_bytes: 0,
    };
    for pp in &file.pps {
        t.peak_bytes += pp.gb;
        t.peak_blocks += pp.gbk;
        t.end_bytes += pp.eb;
        t.total_bytes += pp.tb;
        if pp.gb == 0 {
            continue;
        }
        let frames: Vec<String> = pp
            .fs
            .iter()
            .filter_map(|&i| file.ftbl.get(i))
            .filter(|f| !is_plumbing(f))
            .take(4)
            .map(|f| frame_name(f).to_string())
            .collect();
        let owner = frames
            .first()
            .map_or_else(|| "(allocator only)".to_string(), |f| frame_crate(f));
        *by_crate.entry(owner).or_default() += pp.gb;
        sites.push(Site {
            bytes: pp.gb,
            blocks: pp.gbk,
            frames,
        });
    }
    sites.sort_by_key(|s| std::cmp::Reverse(s.bytes));
    sites.truncate(top);
    let mut by_crate: Vec<(String, u64)> = by_crate.into_iter().collect();
    by_crate.sort_by_key(|c| std::cmp::Reverse(c.1));
    Ok(HeapProfile {
        tickets: 0,
        concurrency: 0,
        totals: Some(t),
        peak_rss_mib: 0.0,
        by_crate,
        sites,
        file: PathBuf::new(),
        printed: None,
    })
}

/// Where Debian's heaptrack package keeps its preload library and interpreter.
const HEAPTRACK_LIB: &str = "/usr/lib/heaptrack";

/// Reads a heaptrack recording with `heaptrack_print`: its summary (the peak of the heap
/// and of RSS) and the `top` allocation sites holding the most at the peak.
fn heaptrack_print(file: &Path, top: usize) -> anyhow::Result<HeapProfile> {
    // The preload library writes raw events; heaptrack's interpreter resolves them.
    let recorded = file.with_extension("heaptrack");
    let interpreted =
        std::process::Command::new(format!("{HEAPTRACK_LIB}/libexec/heaptrack_interpret"))
            .stdin(
                std::fs::File::open(file).with_context(|| format!("opening {}", file.display()))?,
            )
            .stdout(std::fs::File::create(&recorded)?)
            .status()
            .context("running heaptrack_interpret (Debian: heaptrack)")?;
    anyhow::ensure!(
        interpreted.success(),
        "heaptrack_interpret failed on {}",
        file.display()
    );
    std::fs::remove_file(file)?;
    let out = std::process::Command::new("heaptrack_print")
        .arg("--file")
        .arg(&recorded)
        .args([
            "--print-peaks",
            "1",
            "--print-allocators",
            "0",
            "--print-temporary",
        ])
        .args(["0", "--print-leaks", "0", "--peak-limit", &top.to_string()])
        .args(["--sub-peak-limit", "3"])
        .output()
        .context("running heaptrack_print (Debian: heaptrack)")?;
    anyhow::ensure!(
        out.status.success(),
        "heaptrack_print failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let from = text.find("PEAK MEMORY CONSUMERS").unwrap_or(0);
    Ok(HeapProfile {
        tickets: 0,
        concurrency: 0,
        totals: None,
        peak_rss_mib: 0.0,
        by_crate: Vec::new(),
        sites: Vec::new(),
        file: recorded,
        printed: Some(text[from..].to_string()),
    })
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// The heap profile as Markdown: totals, the peak by crate, the largest sites.
pub fn heap_markdown(p: &HeapProfile) -> String {
    let Some(t) = p.totals else {
        return format!(
            "{} tickets, {} in flight, under heaptrack ({}); worker peak RSS {:.1} MiB (heaptrack's own included)\n\n```\n{printed}\n```\n",
            p.tickets,
            p.concurrency,
            p.file.display(),
            p.peak_rss_mib,
            printed = p.printed.as_deref().unwrap_or_default(),
        );
    };
    let per_ticket = t.peak_bytes as f64 / p.concurrency.max(1) as f64 / 1024.0;
    let mut s = format!(
        "{} tickets, {} in flight, under dhat ({})\n\n\
         | live heap at the peak | blocks | per ticket in flight | at exit | allocated in all | peak RSS (with valgrind's own) |\n\
         |---|---|---|---|---|---|\n\
         | {:.1} MiB | {} | {:.1} KiB | {:.1} MiB | {:.0} MiB | {:.1} MiB |\n\n\
         | crate that asked | MiB at the peak | share |\n|---|---|---|\n",
        p.tickets,
        p.concurrency,
        p.file.display(),
        mib(t.peak_bytes),
        t.peak_blocks,
        per_ticket,
        mib(t.end_bytes),
        mib(t.total_bytes),
        p.peak_rss_mib,
    );
    for (krate, bytes) in &p.by_crate {
        if *bytes * 100 < t.peak_bytes {
            continue;
        }
        s.push_str(&format!(
            "| {krate} | {:.1} | {:.0}% |\n",
            mib(*bytes),
            *bytes as f64 * 100.0 / t.peak_bytes.max(1) as f64
        ));
    }
    s.push_str("\n| MiB at the peak | blocks | allocated by |\n|---|---|---|\n");
    for site in &p.sites {
        s.push_str(&format!(
            "| {:.1} | {} | {} |\n",
            mib(site.bytes),
            site.blocks,
            site.frames.join(" ← ").replace('|', "\\|")
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_peak_of_a_dhat_file_by_site_and_by_crate() {
        let text = r#"{"dhatFileVersion":2,"mode":"heap","pps":[
            {"tb":100,"tbk":2,"gb":60,"gbk":1,"eb":0,"fs":[1,2,3]},
            {"tb":50,"tbk":1,"gb":30,"gbk":1,"eb":30,"fs":[1,4,5]},
            {"tb":10,"tbk":1,"gb":0,"gbk":0,"eb":0,"fs":[1,5]}],
            "ftbl":["[root]",
              "0x48407B4: malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)",
              "0x1: alloc::raw_vec::finish_grow (raw_vec.rs:1)",
              "0x2: hyper::proto::h1::io::Buffered<T,B>::new (io.rs:60)",
              "0x3: <alloc::vec::Vec<T> as core::clone::Clone>::clone (vec.rs:2)",
              "0x4: ticket_agent::agent::Agent::run::{{closure}} (mod.rs:400)"]}"#;
        let p = parse_dhat(text, 10).unwrap();
        assert_eq!(
            p.totals,
            Some(HeapTotals {
                peak_bytes: 90,
                peak_blocks: 2,
                end_bytes: 30,
                total_bytes: 160
            })
        );
        assert_eq!(
            p.by_crate,
            vec![("hyper".to_string(), 60), ("ticket_agent".to_string(), 30)]
        );
        assert_eq!(p.sites.len(), 2);
        assert_eq!(
            p.sites[0].frames,
            vec!["hyper::proto::h1::io::Buffered<T,B>::new".to_string()]
        );
        assert_eq!(
            p.sites[1].frames,
            vec!["ticket_agent::agent::Agent::run::{{closure}}".to_string()]
        );
    }

    #[test]
    fn reads_the_total_of_a_callgrind_file() {
        let text = "version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nsummary: 1234\n\nfn=(1) main\n5 10\ntotals: 1234\n";
        assert_eq!(parse_total(text), Some(1234));
        assert_eq!(parse_total("events: Ir\nsummary: 77\n"), Some(77));
        assert_eq!(parse_total("events: Ir\n"), None);
    }
}
