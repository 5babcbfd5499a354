//! A Redis Cluster for the store tests: three masters and three replicas on free
//! loopback ports, started by `scripts/redis-cluster` on first use and stopped by it
//! once this test binary has exited (its `--owner`), or the cluster that
//! `TICKET_AGENT_TEST_REDIS_CLUSTER` names (node URLs separated by commas).

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use ticket_agent::kv::Target;

/// Where the stores under test live.
pub(crate) fn single() -> Target {
    Target::parse(
        &std::env::var("TICKET_AGENT_TEST_REDIS_URL")
            .unwrap_or_else(|_| "redis://127.0.0.1:6379".into()),
        false,
    )
}

/// The cluster: this binary's own, started once (about 3 s).
pub(crate) fn cluster() -> Target {
    static URLS: OnceLock<String> = OnceLock::new();
    let urls = URLS.get_or_init(|| {
        if let Ok(urls) = std::env::var("TICKET_AGENT_TEST_REDIS_CLUSTER") {
            return urls;
        }
        let dir =
            std::env::temp_dir().join(format!("ta-test-redis-cluster-{}", std::process::id()));
        start(&dir)
    });
    Target::parse(urls, true)
}

/// A cluster of one test's own, for a test that kills its nodes; stopped on drop.
pub(crate) struct OwnCluster {
    dir: PathBuf,
    /// The node URLs, separated by commas.
    pub(crate) urls: String,
    ports: Vec<u16>,
}

/// Starts a cluster in `dir`, owned by this test binary; its node URLs.
fn start(dir: &std::path::Path) -> String {
    let owner = std::process::id().to_string();
    super::run_script(
        "redis-cluster",
        &[
            OsStr::new("start"),
            dir.as_os_str(),
            OsStr::new("--owner"),
            OsStr::new(&owner),
        ],
    )
}

impl OwnCluster {
    /// Starts one (about 3 s) under a directory named for `name`.
    pub(crate) fn start(name: &str) -> OwnCluster {
        let dir = std::env::temp_dir().join(format!(
            "ta-test-redis-cluster-{name}-{}",
            std::process::id()
        ));
        let urls = start(&dir);
        let ports = urls
            .split(',')
            .map(|u| u.rsplit(':').next().unwrap().parse().unwrap())
            .collect();
        OwnCluster { dir, urls, ports }
    }

    /// SIGKILLs the first master (`redis-cli --cluster create` makes the first three
    /// nodes the masters); its port.
    pub(crate) fn kill_a_master(&self) -> u16 {
        let port = self.ports[0];
        self.run("kill-master", port);
        port
    }

    /// Starts the killed node again, once its replica has taken over (a node that
    /// keeps nothing on disk and comes back sooner reclaims its slots empty); it joins
    /// as a replica of whoever took its slots.
    pub(crate) fn restart(&self, port: u16) {
        self.run("wait-failover", port);
        self.run("restart", port);
    }

    fn run(&self, command: &str, port: u16) {
        let port = port.to_string();
        super::run_script(
            "redis-cluster",
            &[OsStr::new(command), self.dir.as_os_str(), OsStr::new(&port)],
        );
    }
}

impl Drop for OwnCluster {
    fn drop(&mut self) {
        let _ = Command::new(super::script_path("redis-cluster"))
            .arg("stop")
            .arg(&self.dir)
            .status();
    }
}
