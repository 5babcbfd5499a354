//! Who holds a bearer token: named holders (reviewers of the approvals console, senders
//! of the ingest API) and their tokens, read from one environment variable as
//! `name:token,name:token`.
//!
//! Only a SHA-256 digest of each token is kept, the spec itself is read as a
//! [`secrecy::SecretString`] and never printed (`Debug` shows names only), and a token
//! is looked up by comparing its digest with every holder's in constant time, so that
//! neither a log line nor the time an answer takes says anything about a token.
//!
//! [`guard`] limits failed authentications at every door that takes such a token.

pub mod guard;

use secrecy::ExposeSecret;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The shortest token accepted: shorter ones are guessable.
pub const MIN_TOKEN_CHARS: usize = 12;

/// Named holders of bearer tokens.
#[derive(Clone, Default)]
pub struct TokenHolders(Vec<(String, [u8; 32])>);

impl std::fmt::Debug for TokenHolders {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Names only: tokens are never printed.
        f.debug_list()
            .entries(self.0.iter().map(|(n, _)| n))
            .finish()
    }
}

impl TokenHolders {
    /// Parses `name:token` pairs separated by commas; `what` names a holder in the
    /// errors ("reviewer", "sender").
    ///
    /// # Errors
    /// A pair without a name or a token, a token shorter than [`MIN_TOKEN_CHARS`], or
    /// one token given to two holders (a request could not say who sent it).
    pub fn parse(spec: &str, what: &str) -> anyhow::Result<Self> {
        let mut out: Vec<(String, [u8; 32])> = Vec::new();
        for pair in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, token) = pair
                .split_once(':')
                .ok_or_else(|| anyhow::anyhow!("a {what} entry is not name:token"))?;
            let name = name.trim();
            anyhow::ensure!(!name.is_empty(), "a {what} entry has no name");
            anyhow::ensure!(
                token.chars().count() >= MIN_TOKEN_CHARS,
                "{what} {name}'s token is shorter than {MIN_TOKEN_CHARS} characters"
            );
            let digest: [u8; 32] = Sha256::digest(token.as_bytes()).into();
            if let Some((other, _)) = out.iter().find(|(_, d)| *d == digest) {
                anyhow::bail!("{what}s {other} and {name} have the same token");
            }
            out.push((name.to_string(), digest));
        }
        Ok(Self(out))
    }

    /// Reads them from the environment variable `var`.
    ///
    /// # Errors
    /// As [`TokenHolders::parse`]; an unset variable gives no holders (every token is
    /// refused).
    pub fn from_env(var: &str, what: &str) -> anyhow::Result<Self> {
        match crate::config::secret_from_env(var) {
            Some(spec) => Self::parse(spec.expose_secret(), what),
            None => Ok(Self::default()),
        }
    }

    /// The holder of `token`.
    pub fn who(&self, token: &str) -> Option<&str> {
        let digest: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        // Compare every entry in full, whatever matches, so timing says nothing.
        let mut found = None;
        for (name, expected) in &self.0 {
            if bool::from(expected.ct_eq(&digest)) {
                found = Some(name.as_str());
            }
        }
        found
    }

    /// The holder named by an `Authorization: Bearer <token>` header value.
    pub fn bearer(&self, authorization: Option<&str>) -> Option<&str> {
        let token = authorization?.strip_prefix("Bearer ")?;
        self.who(token.trim())
    }

    /// How many holders.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_its_holder_and_an_unknown_or_missing_one_names_nobody() {
        let h = TokenHolders::parse("acme:acme-token-0123, globex:globex-token-4567", "sender")
            .unwrap();
        assert_eq!(h.who("acme-token-0123"), Some("acme"));
        assert_eq!(h.bearer(Some("Bearer globex-token-4567")), Some("globex"));
        assert_eq!(h.who("acme-token-0124"), None);
        assert_eq!(h.bearer(Some("Basic acme-token-0123")), None);
        assert_eq!(h.bearer(None), None);
        assert_eq!(h.len(), 2);
    }

    #[test]
    fn short_shared_or_nameless_tokens_are_refused_and_the_error_names_no_token() {
        let e = TokenHolders::parse("acme:tiny", "sender").unwrap_err();
        assert!(e.to_string().contains("acme") && !e.to_string().contains("tiny"));
        let e = TokenHolders::parse("a:same-token-0123,b:same-token-0123", "sender").unwrap_err();
        assert!(e.to_string().contains("same token"), "{e}");
        assert!(TokenHolders::parse(":nameless-token-0", "sender").is_err());
        assert!(TokenHolders::parse("no-colon-here-at-all", "sender").is_err());
        assert!(
            !format!(
                "{:?}",
                TokenHolders::parse("acme:acme-token-0123", "sender").unwrap()
            )
            .contains("token-0123")
        );
    }
}
