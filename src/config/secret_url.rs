//! A connection URL that may carry a password (`amqp.url`, `redis.url`,
//! `approvals.database_url`): read from settings like any string, but printed (by
//! `Debug`, `Display`, in errors and logs) with every password masked, so that a
//! `Settings` logged whole, or an error naming the URL it tried, shows no secret.
//! The raw URL is taken with [`SecretUrl::expose`], where a client connects.

use std::fmt;

use serde::Deserialize;

/// A URL, or several separated by commas (a cluster's nodes), with their passwords kept
/// out of every printout.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct SecretUrl(String);

impl SecretUrl {
    /// The URL as written, password included: for the client that connects with it.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The URL with each endpoint's password replaced by `***`.
    pub fn redacted(&self) -> String {
        self.0
            .split(',')
            .map(|u| redacted(u.trim()))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// `url` with its password replaced by `***`.
pub fn redacted(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) => match rest.rsplit_once('@') {
            Some((userinfo, host)) => {
                let user = userinfo.split(':').next().unwrap_or_default();
                let masked = if userinfo.contains(':') {
                    format!("{user}:***")
                } else {
                    user.to_string()
                };
                format!("{scheme}://{masked}@{host}")
            }
            None => url.to_string(),
        },
        None => "(not a URL)".to_string(),
    }
}

impl From<String> for SecretUrl {
    fn from(s: String) -> Self {
        Self(s)
    }
}

impl From<&str> for SecretUrl {
    fn from(s: &str) -> Self {
        Self(s.to_string())
    }
}

/// Redis's endpoints, as `kv` connects to them (here, not in `kv`: the settings already
/// name `kv::Target`, and `kv` names no setting, so the arrow keeps one direction).
impl From<&SecretUrl> for crate::kv::Target {
    fn from(urls: &SecretUrl) -> Self {
        crate::kv::Target::parse(urls.expose(), false)
    }
}

impl fmt::Debug for SecretUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.redacted())
    }
}

impl fmt::Display for SecretUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_password_is_masked_in_every_printout_and_the_client_gets_it_whole() {
        let url = SecretUrl::from("amqp://guest:s3cret@a:5672/%2f, amqp://u:pw@b:5672");
        for shown in [format!("{url}"), format!("{url:?}")] {
            assert!(
                !shown.contains("s3cret") && !shown.contains(":pw@"),
                "{shown}"
            );
            assert!(shown.contains("guest:***@a:5672"), "{shown}");
        }
        assert!(url.expose().contains("s3cret"));
        assert_eq!(redacted("redis://127.0.0.1:6379"), "redis://127.0.0.1:6379");
        assert_eq!(redacted("postgres://app@db/x"), "postgres://app@db/x");
        assert_eq!(
            redacted("postgres://app:s3cret@db:5432/ta"),
            "postgres://app:***@db:5432/ta"
        );
        assert_eq!(redacted("nonsense"), "(not a URL)");
    }
}
