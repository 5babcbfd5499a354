//! The lab's child processes: workers, the approvals service, the fake model, the bare
//! loop, a Redis of its own. Started with `tokio::process` and killed if dropped, so a
//! failed run leaves nothing behind; signalled through `rustix`; measured (CPU time,
//! peak RSS, and the CPU time of the broker and Redis beside them) through `procfs`, and
//! the lab's own CPU time through `getrusage`.
//! Nothing here blocks a runtime thread.

use std::path::Path;
use std::process::{ExitStatus, Stdio};
use std::time::{Duration, Instant};

use anyhow::Context;
use rustix::process::{Pid, Signal, kill_process};

/// This process's user and system CPU so far, in seconds.
pub fn own_cpu_seconds() -> (f64, f64) {
    // SAFETY: an all-zero `rusage` is a valid value of that plain C struct, and
    // getrusage only writes into the one it is given, which lives through the call.
    let usage = unsafe {
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr());
        usage.assume_init()
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    (secs(usage.ru_utime), secs(usage.ru_stime))
}

/// A child process, killed if dropped while it runs.
pub struct Child {
    inner: tokio::process::Child,
    pid: Option<Pid>,
}

/// What a child has used so far.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Usage {
    /// CPU seconds, user and system.
    pub cpu_secs: f64,
    /// Peak resident set size, KiB.
    pub peak_rss_kib: u64,
}

/// Starts `binary args` with `env` set (and `RUST_LOG=warn`), stdout discarded and
/// stderr appended to `log`.
///
/// # Errors
/// The log cannot be opened, or the binary cannot be started.
pub fn spawn(
    binary: &Path,
    args: &[&str],
    env: &[(String, String)],
    log: &Path,
) -> anyhow::Result<Child> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .with_context(|| format!("opening {}", log.display()))?;
    let mut cmd = tokio::process::Command::new(binary);
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(file)
        .env("RUST_LOG", "warn")
        .envs(env.iter().map(|(k, v)| (k, v)))
        .kill_on_drop(true);
    Child::start(cmd).with_context(|| format!("starting {} {args:?}", binary.display()))
}

impl Child {
    /// Starts `cmd` (made to be killed on drop).
    ///
    /// # Errors
    /// The program cannot be started.
    pub fn start(mut cmd: tokio::process::Command) -> std::io::Result<Self> {
        let inner = cmd.kill_on_drop(true).spawn()?;
        let pid = inner
            .id()
            .and_then(|id| i32::try_from(id).ok())
            .and_then(Pid::from_raw);
        Ok(Self { inner, pid })
    }

    /// Sends `signal`; a child that has exited already is left alone.
    pub fn signal(&self, signal: Signal) {
        if let Some(pid) = self.pid
            && let Err(e) = kill_process(pid, signal)
        {
            tracing::debug!(error = %e, ?signal, "signal not delivered (the child has exited)");
        }
    }

    /// The child's exit status, if it has exited.
    pub fn exited(&mut self) -> Option<ExitStatus> {
        self.inner.try_wait().ok().flatten()
    }

    /// Waits up to `limit` for the child to exit (after a signal): its status, or
    /// `None` if it is still running.
    pub async fn wait_exit(&mut self, limit: Duration) -> Option<ExitStatus> {
        tokio::time::timeout(limit, self.inner.wait())
            .await
            .ok()
            .and_then(Result::ok)
    }

    /// SIGTERM, then up to `grace` for it to exit, then SIGKILL. Returns whether it
    /// exited within the grace.
    pub async fn stop(mut self, grace: Duration) -> bool {
        self.signal(Signal::TERM);
        let exited = tokio::time::timeout(grace, self.inner.wait()).await.is_ok();
        if !exited {
            let _ = self.inner.kill().await;
        }
        exited
    }

    /// CPU time and peak RSS so far, from `/proc` (zero once the child is gone).
    pub fn usage(&self) -> Usage {
        let Some(pid) = self.pid else {
            return Usage::default();
        };
        let Ok(process) = procfs::process::Process::new(pid.as_raw_nonzero().get()) else {
            return Usage::default();
        };
        let ticks = procfs::ticks_per_second() as f64;
        let cpu_secs = process
            .stat()
            .map(|s| (s.utime + s.stime) as f64 / ticks)
            .unwrap_or(0.0);
        let peak_rss_kib = process.status().ok().and_then(|s| s.vmhwm).unwrap_or(0);
        Usage {
            cpu_secs,
            peak_rss_kib,
        }
    }
}

/// CPU seconds used so far by the processes on this host that a run shares its cores
/// with: the broker (every `beam.smp`), Redis (every `redis-server`) and this process,
/// the harness that publishes the tickets and collects the outcomes. Two snapshots,
/// taken around a run, say what each spent on it: on a two-core machine the worker
/// competes with all three for the same cores. `None` for a service with no process
/// here (it runs on another host).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HostCpu {
    /// The broker's CPU seconds.
    pub broker: Option<f64>,
    /// Redis's CPU seconds.
    pub redis: Option<f64>,
    /// This process's CPU seconds.
    pub harness: f64,
}

impl HostCpu {
    /// Reads `/proc` now: every process's stat, which blocks (run it off the runtime's
    /// threads). Processes that go away while it reads are skipped.
    pub fn now() -> Self {
        let ticks = procfs::ticks_per_second() as f64;
        let cpu = |s: &procfs::process::Stat| (s.utime + s.stime) as f64 / ticks;
        let mut out = Self::default();
        if let Ok(all) = procfs::process::all_processes() {
            for stat in all.flatten().filter_map(|p| p.stat().ok()) {
                let slot = match stat.comm.as_str() {
                    "beam.smp" => &mut out.broker,
                    "redis-server" => &mut out.redis,
                    _ => continue,
                };
                *slot = Some(slot.unwrap_or(0.0) + cpu(&stat));
            }
        }
        out.harness = procfs::process::Process::myself()
            .and_then(|p| p.stat())
            .map_or(0.0, |s| cpu(&s));
        out
    }

    /// What was spent between `earlier` and now (`self`).
    pub fn since(&self, earlier: &Self) -> Self {
        let delta = |now: Option<f64>, then: Option<f64>| Some((now? - then?).max(0.0));
        Self {
            broker: delta(self.broker, earlier.broker),
            redis: delta(self.redis, earlier.redis),
            harness: (self.harness - earlier.harness).max(0.0),
        }
    }
}

/// Waits until something listens on `addr`.
///
/// # Errors
/// Nothing listened within `limit`.
pub async fn wait_tcp(addr: &str, limit: Duration) -> anyhow::Result<()> {
    let start = Instant::now();
    while tokio::net::TcpStream::connect(addr).await.is_err() {
        anyhow::ensure!(start.elapsed() < limit, "{addr} did not answer");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// A loopback port free now (for a child to bind).
///
/// # Errors
/// No port could be bound.
pub fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

/// Runs a short command to completion off the runtime's threads (`rabbitmqctl`);
/// `true` when it exits 0.
pub async fn run_quietly(program: &str, args: &[&str]) -> bool {
    tokio::process::Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .status()
        .await
        .is_ok_and(|s| s.success())
}

/// Raises this process's soft limit of open files to at least `needed` (up to the hard
/// limit), so that the children started after it inherit it: a worker with 2,048
/// tickets in flight holds a connection to the model per ticket, and the fake model
/// server one per ticket of every worker, where many systems start processes with a
/// soft limit of 1,024.
///
/// # Errors
/// The hard limit is below `needed` (only root can raise it: `ulimit -Hn`).
pub fn raise_fd_limit(needed: u64) -> anyhow::Result<()> {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    if limit.current.is_none_or(|soft| soft >= needed) {
        return Ok(());
    }
    anyhow::ensure!(
        limit.maximum.is_none_or(|hard| hard >= needed),
        "this run needs {needed} open files per process and the hard limit is {:?}: raise it (ulimit -Hn, LimitNOFILE)",
        limit.maximum
    );
    setrlimit(
        Resource::Nofile,
        Rlimit {
            current: Some(limit.maximum.unwrap_or(needed)),
            maximum: limit.maximum,
        },
    )
    .context("raising the soft limit of open files")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_child_is_measured_while_it_runs_and_stops_on_sigterm() {
        let dir = tempfile_dir();
        let log = dir.join("sleep.log");
        let child = spawn(Path::new("sleep"), &["30"], &[], &log).unwrap();
        let usage = child.usage();
        assert!(usage.peak_rss_kib > 0, "{usage:?}");
        let started = Instant::now();
        assert!(child.stop(Duration::from_secs(10)).await);
        assert!(started.elapsed() < Duration::from_secs(10));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test]
    async fn a_dropped_child_is_killed() {
        let dir = tempfile_dir();
        let child = spawn(Path::new("sleep"), &["30"], &[], &dir.join("s.log")).unwrap();
        let pid = child.pid.unwrap();
        drop(child);
        // The kill is sent on drop; the zombie is reaped by the runtime in the background.
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let gone = procfs::process::Process::new(pid.as_raw_nonzero().get())
                .and_then(|p| p.stat())
                .map(|s| s.state == 'Z')
                .unwrap_or(true);
            if gone {
                break;
            }
            assert!(Instant::now() < deadline, "the dropped child still runs");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn tempfile_dir() -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "ta-lab-proc-{}-{}",
            std::process::id(),
            rand::random::<u64>()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
