//! A scratch PostgreSQL database for one run (chaos, the deploy test): created empty
//! on the server at `TICKET_AGENT_TEST_PG` (default: the local trust login as
//! postgres), migrated by the `approvals serve` that uses it, dropped afterwards.

use anyhow::Context;
use sqlx::Connection;

/// The server scratch databases are made on.
pub fn server() -> String {
    std::env::var("TICKET_AGENT_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_string())
}

/// One scratch database.
#[derive(Debug, Clone)]
pub struct ScratchDb {
    /// Its name.
    pub name: String,
    /// The URL `approvals.database_url` takes.
    pub url: String,
}

impl ScratchDb {
    /// Creates a database named `{label}_{pid}_{nanos}` (label made SQL-safe).
    ///
    /// # Errors
    /// The server unreachable or refusing.
    pub async fn create(label: &str) -> anyhow::Result<ScratchDb> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)?
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
        let name = format!("ta_{clean}_{}_{nanos}", std::process::id());
        let mut admin = sqlx::PgConnection::connect(&format!("{}/postgres", server()))
            .await
            .with_context(|| format!("PostgreSQL at {} does not answer", server()))?;
        sqlx::query(&format!("CREATE DATABASE \"{name}\""))
            .execute(&mut admin)
            .await?;
        let _ = admin.close().await;
        Ok(ScratchDb {
            url: format!("{}/{name}", server()),
            name,
        })
    }

    /// Drops it, ending whatever connections are still open to it.
    ///
    /// # Errors
    /// The server unreachable or refusing.
    pub async fn drop_now(&self) -> anyhow::Result<()> {
        let mut admin = sqlx::PgConnection::connect(&format!("{}/postgres", server())).await?;
        sqlx::query(&format!(
            "DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)",
            self.name
        ))
        .execute(&mut admin)
        .await?;
        let _ = admin.close().await;
        Ok(())
    }
}
