//! A test's own PostgreSQL database on the local server, created empty (the service
//! migrates it) and dropped when the value is dropped, even after a failed assertion.
//! The server is `TICKET_AGENT_TEST_PG` (default: the local trust login as postgres).

use sqlx::Connection;

fn server() -> String {
    std::env::var("TICKET_AGENT_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_string())
}

/// A database named after the test, the process and the time.
pub(crate) struct TestDb {
    pub(crate) name: String,
    pub(crate) url: String,
}

impl TestDb {
    pub(crate) async fn create(label: &str) -> TestDb {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let clean: String = label
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .take(24)
            .collect();
        let name = format!("ta_test_{clean}_{}_{nanos}", std::process::id());
        let mut admin = sqlx::PgConnection::connect(&format!("{}/postgres", server()))
            .await
            .unwrap_or_else(|e| {
                panic!(
                    "PostgreSQL does not answer at {} ({e}); scripts/test starts it",
                    server()
                )
            });
        sqlx::query(&format!("CREATE DATABASE \"{name}\""))
            .execute(&mut admin)
            .await
            .unwrap();
        let _ = admin.close().await;
        let url = format!("{}/{name}", server());
        TestDb { name, url }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        // Drop runs inside the test's runtime: the DROP gets a thread and a runtime of
        // its own, and FORCE ends the connections the service's pool still holds.
        let name = self.name.clone();
        let done = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                if let Ok(mut admin) =
                    sqlx::PgConnection::connect(&format!("{}/postgres", server())).await
                {
                    let _ =
                        sqlx::query(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
                            .execute(&mut admin)
                            .await;
                    let _ = admin.close().await;
                }
            });
        });
        let _ = done.join();
    }
}
