//! The ground floor: what a support ticket, its outcome, money and a gated action are,
//! with nothing about where they come from or go. Every other module may use these;
//! this module uses no other module of the crate.
//!
//! - [`ticket`]: the bounded input, validated once at the edge.
//! - [`outcome`]: the bounded output, and the parsing of a model's final message.
//! - [`approval`]: gated actions, their deterministic approval ids and keys.
//! - [`money`]: amounts as whole cents; [`amount`]: amounts as customers write them.
//! - [`order_id`]: which words of a shop's text are its order ids.
//! - [`clock`]: where "now" comes from.
//! - [`sentences`]: where a sentence of support text ends.
//! - [`text`]: text made storable (control characters) at the boundary;
//!   [`normalize`]: a ticket's text as the agent reads it (HTML, Unicode, white space,
//!   quoted replies and signatures set apart).

pub mod amount;
pub mod approval;
pub mod clock;
pub mod ids;
pub mod money;
pub mod normalize;
pub mod order_id;
pub mod outcome;
pub mod sentences;
pub mod text;
pub mod thread;
pub mod ticket;

use sha2::{Digest, Sha256};

/// The first 12 bytes of the SHA-256 of `parts`, as 24 lower-case hex digits: the one
/// derivation behind approval ids, idempotency keys and email message ids, so that the
/// same parts give the same id in every process and every outbox.
pub fn digest(parts: &[&str]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
        // A separator that cannot occur in the parts keeps ("ab","c") and ("a","bc") apart.
        h.update([0u8]);
    }
    h.finalize()
        .iter()
        .take(12)
        .map(|b| format!("{b:02x}"))
        .collect()
}
