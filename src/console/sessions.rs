//! Reviewers' console sessions: who signed in and the CSRF token their forms carry,
//! kept in the approvals' PostgreSQL database (table `sessions`, migrations/0003) so
//! that every replica of the approvals service knows a session another one opened.
//! The approvals core knows nothing of them; the console reaches the pool through
//! `ApprovalStore::pool`.

use std::time::Duration;

use chrono::Utc;
use sqlx::PgPool;

use crate::kv::StoreError;

/// A console session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// Who signed in.
    pub reviewer: String,
    /// The token every state-changing form carries.
    pub csrf: String,
}

/// The sessions table of one database.
pub struct Sessions<'a>(pub &'a PgPool);

impl Sessions<'_> {
    /// Opens a session for `reviewer` lasting `ttl`.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn create(
        &self,
        session_id: &str,
        session: &Session,
        ttl: Duration,
    ) -> Result<(), StoreError> {
        let expires = Utc::now() + chrono::Duration::from_std(ttl).unwrap_or_default();
        // Expired sessions go as new ones come: no sweep of their own.
        sqlx::query("DELETE FROM sessions WHERE expires_at < now()")
            .execute(self.0)
            .await?;
        sqlx::query(
            "INSERT INTO sessions (session_id, reviewer, csrf, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(session_id)
        .bind(&session.reviewer)
        .bind(&session.csrf)
        .bind(expires)
        .execute(self.0)
        .await?;
        Ok(())
    }

    /// The session `session_id`, unless it expired.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn get(&self, session_id: &str) -> Result<Option<Session>, StoreError> {
        let row: Option<(String, String)> = sqlx::query_as(
            "SELECT reviewer, csrf FROM sessions WHERE session_id = $1 AND expires_at > now()",
        )
        .bind(session_id)
        .fetch_optional(self.0)
        .await?;
        Ok(row.map(|(reviewer, csrf)| Session { reviewer, csrf }))
    }

    /// Ends a session.
    ///
    /// # Errors
    /// The database unavailable.
    pub async fn delete(&self, session_id: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE session_id = $1")
            .bind(session_id)
            .execute(self.0)
            .await?;
        Ok(())
    }
}
