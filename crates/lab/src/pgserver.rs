//! A PostgreSQL server of the lab's own, for a run that restarts its database: made
//! with `initdb` in a folder of the run, listening on a free loopback port, stopped and
//! removed with the run. The machine's own server (the one `scripts/test` starts, and
//! every other test uses) is never touched.
//!
//! The binaries come from `TICKET_AGENT_PG_BIN`, else `pg_config --bindir`, else the
//! newest `/usr/lib/postgresql/*/bin` (Debian's layout). PostgreSQL refuses to run as
//! root, so a root run starts it as the `postgres` user through `runuser`. The restart
//! is `pg_ctl restart -m immediate`: the server is killed without a checkpoint, as in a
//! crash, and comes back through WAL recovery.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use tokio::process::Command;

/// The running server.
#[derive(Debug)]
pub struct PgServer {
    bin: PathBuf,
    data: PathBuf,
    /// The server's log: given to every `pg_ctl` that starts it, or the server would
    /// write to (and hold open) the output of the `pg_ctl` that started it.
    log: PathBuf,
    port: u16,
    /// The user it runs as when the lab runs as root.
    run_as: Option<String>,
}

impl PgServer {
    /// Makes a cluster in `dir/pgdata` (trust login for `postgres`, loopback only) and
    /// starts it on a free port.
    ///
    /// # Errors
    /// The binaries missing (named, with what to install), `initdb` or `pg_ctl`
    /// failing (with their output).
    pub async fn start(dir: &Path) -> anyhow::Result<Self> {
        let bin = bin_dir().context(
            "no PostgreSQL server binaries (initdb, pg_ctl): install them (Debian: apt-get install postgresql) or set TICKET_AGENT_PG_BIN",
        )?;
        let root = rustix::process::geteuid().is_root();
        let run_as = root.then(|| "postgres".to_string());
        let data = dir.join("pgdata");
        let sockets = dir.join("pgsock");
        for d in [&data, &sockets] {
            std::fs::create_dir_all(d).with_context(|| format!("creating {}", d.display()))?;
            if let Some(user) = &run_as {
                run(Command::new("chown").arg(user).arg(d)).await?;
            }
        }
        let port = crate::proc::free_port()?;
        let log = dir.join("postgres.log");
        std::fs::File::create(&log).with_context(|| format!("creating {}", log.display()))?;
        if let Some(user) = &run_as {
            run(Command::new("chown").arg(user).arg(&log)).await?;
        }
        let server = Self {
            bin,
            data,
            log,
            port,
            run_as,
        };
        server
            .pg(
                "initdb",
                &[
                    "-D".as_ref(),
                    server.data.as_os_str(),
                    "-U".as_ref(),
                    "postgres".as_ref(),
                    "--auth=trust".as_ref(),
                    "-E".as_ref(),
                    "UTF8".as_ref(),
                    "--no-sync".as_ref(),
                ],
            )
            .await?;
        let options = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c max_connections=200",
            sockets.display()
        );
        server
            .pg(
                "pg_ctl",
                &[
                    "-D".as_ref(),
                    server.data.as_os_str(),
                    "-l".as_ref(),
                    server.log.as_os_str(),
                    "-o".as_ref(),
                    options.as_ref(),
                    "-w".as_ref(),
                    "-t".as_ref(),
                    "60".as_ref(),
                    "start".as_ref(),
                ],
            )
            .await?;
        Ok(server)
    }

    /// The server's URL, without a database.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}", self.port)
    }

    /// Kills the server as a crash would and starts it again, waiting until it accepts
    /// connections. Returns how long it was away.
    ///
    /// # Errors
    /// `pg_ctl` failing.
    pub async fn crash_and_restart(&self) -> anyhow::Result<Duration> {
        let started = Instant::now();
        self.pg(
            "pg_ctl",
            &[
                "-D".as_ref(),
                self.data.as_os_str(),
                "-l".as_ref(),
                self.log.as_os_str(),
                "-m".as_ref(),
                "immediate".as_ref(),
                "-w".as_ref(),
                "-t".as_ref(),
                "60".as_ref(),
                "restart".as_ref(),
            ],
        )
        .await?;
        Ok(started.elapsed())
    }

    /// Stops the server (fast shutdown: open sessions are ended).
    pub async fn stop(self) {
        let stopped = self
            .pg(
                "pg_ctl",
                &[
                    "-D".as_ref(),
                    self.data.as_os_str(),
                    "-m".as_ref(),
                    "fast".as_ref(),
                    "-w".as_ref(),
                    "stop".as_ref(),
                ],
            )
            .await;
        if let Err(e) = stopped {
            tracing::warn!(error = %format!("{e:#}"), "the lab's PostgreSQL did not stop cleanly");
        }
    }

    /// Runs one of the server's programs, as `run_as` when there is one.
    async fn pg(&self, program: &str, args: &[&std::ffi::OsStr]) -> anyhow::Result<()> {
        let path = self.bin.join(program);
        let mut cmd = match &self.run_as {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(&path);
                c
            }
            None => Command::new(&path),
        };
        cmd.args(args);
        run(&mut cmd)
            .await
            .with_context(|| format!("{}", path.display()))
    }
}

/// Runs `cmd` to its end; its output becomes the error when it fails.
async fn run(cmd: &mut Command) -> anyhow::Result<()> {
    let out = cmd
        .stdin(std::process::Stdio::null())
        .output()
        .await
        .with_context(|| format!("starting {:?}", cmd.as_std().get_program()))?;
    anyhow::ensure!(
        out.status.success(),
        "{:?} failed ({}): {}{}",
        cmd.as_std().get_program(),
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(())
}

/// Where initdb and pg_ctl are.
fn bin_dir() -> Option<PathBuf> {
    let has = |d: &Path| d.join("initdb").is_file() && d.join("pg_ctl").is_file();
    if let Some(dir) = std::env::var_os("TICKET_AGENT_PG_BIN") {
        return Some(PathBuf::from(dir)).filter(|d| has(d));
    }
    if let Ok(out) = std::process::Command::new("pg_config")
        .arg("--bindir")
        .output()
        && out.status.success()
    {
        let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if has(&dir) {
            return Some(dir);
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| {
            let e = e.ok()?;
            let v = e.file_name().to_str()?.parse().ok()?;
            Some((v, e.path().join("bin")))
        })
        .filter(|(_, d)| has(d))
        .collect();
    versions.sort();
    versions.pop().map(|(_, d)| d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::Connection;

    #[tokio::test]
    async fn a_private_server_keeps_what_was_committed_through_a_crash() {
        let dir = std::env::temp_dir().join(format!("ta-pgserver-{}", std::process::id()));
        let server = PgServer::start(&dir)
            .await
            .expect("the lab's PostgreSQL starts");
        let url = format!("{}/postgres", server.url());
        let mut c = sqlx::PgConnection::connect(&url).await.unwrap();
        sqlx::query("CREATE TABLE kept (n int)")
            .execute(&mut c)
            .await
            .unwrap();
        sqlx::query("INSERT INTO kept VALUES (7)")
            .execute(&mut c)
            .await
            .unwrap();
        let away = server.crash_and_restart().await.unwrap();
        assert!(
            sqlx::query("SELECT 1").execute(&mut c).await.is_err(),
            "a session does not survive the crash"
        );
        let mut c = sqlx::PgConnection::connect(&url).await.unwrap();
        let n: i32 = sqlx::query_scalar("SELECT n FROM kept")
            .fetch_one(&mut c)
            .await
            .unwrap();
        assert_eq!(n, 7, "committed before the crash, there after it");
        assert!(away < Duration::from_secs(60));
        let _ = c.close().await;
        server.stop().await;
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
