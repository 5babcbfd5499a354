//! The bounded input: one support ticket, parsed and validated once at the edge.
//!
//! A [`Ticket`] that exists is valid: ids are non-empty and bounded, text fits its size
//! limit and holds no control character but line breaks and tabs (they are stripped:
//! [`super::text`]). Everything after parsing (the agent, the tools, the queues) relies on that
//! and checks nothing again. Where tickets come from (a file, a queue) is left to the
//! callers.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Longest id accepted, in bytes.
pub const MAX_ID_BYTES: usize = 128;
/// Longest subject accepted, in bytes.
pub const MAX_SUBJECT_BYTES: usize = 1024;

/// Why a ticket was refused. Always names the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TicketError {
    /// The input is not a JSON object of the ticket's shape.
    #[error("ticket is not valid JSON of the expected shape: {0}")]
    Malformed(String),
    /// A required field is missing or empty.
    #[error("ticket field `{field}` is missing or empty")]
    Empty {
        /// The field's name in the ticket JSON.
        field: &'static str,
    },
    /// A field is longer than allowed.
    #[error("ticket field `{field}` is {len} bytes, over the limit of {max}")]
    TooLong {
        /// The field's name in the ticket JSON.
        field: &'static str,
        /// Its length in bytes.
        len: usize,
        /// The limit in bytes for that field.
        max: usize,
    },
    /// An id holds characters that no id may hold (control characters, white space).
    #[error("ticket field `{field}` contains white space or control characters")]
    BadId {
        /// The field's name in the ticket JSON.
        field: &'static str,
    },
}

impl TicketError {
    /// The field the error is about, when there is one.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            TicketError::Malformed(_) => None,
            TicketError::Empty { field }
            | TicketError::TooLong { field, .. }
            | TicketError::BadId { field } => Some(field),
        }
    }

    /// A stable word for the kind of error (`malformed`, `missing`, `too_long`,
    /// `bad_id`), for machines: API answers and metric labels.
    pub fn reason(&self) -> &'static str {
        match self {
            TicketError::Malformed(_) => "malformed",
            TicketError::Empty { .. } => "missing",
            TicketError::TooLong { .. } => "too_long",
            TicketError::BadId { .. } => "bad_id",
        }
    }
}

macro_rules! id_newtype {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// Parses an id: trimmed, non-empty, bounded, no inner white space.
            ///
            /// # Errors
            /// A [`TicketError`] naming `field`.
            pub fn parse(raw: &str, field: &'static str) -> Result<Self, TicketError> {
                let s = raw.trim();
                if s.is_empty() {
                    return Err(TicketError::Empty { field });
                }
                if s.len() > MAX_ID_BYTES {
                    return Err(TicketError::TooLong { field, len: s.len(), max: MAX_ID_BYTES });
                }
                if s.chars().any(|c| c.is_whitespace() || c.is_control()) {
                    return Err(TicketError::BadId { field });
                }
                Ok(Self(s.to_string()))
            }

            /// The id as text.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl std::str::FromStr for $name {
            type Err = TicketError;

            /// [`Self::parse`], for an id that is not a field of a ticket (a test's, an
            /// operator's argument).
            fn from_str(raw: &str) -> Result<Self, TicketError> {
                Self::parse(raw, "id")
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

id_newtype!(
    /// A ticket's id.
    TicketId
);
id_newtype!(
    /// A customer's id.
    CustomerId
);
id_newtype!(
    /// An order's id.
    OrderId
);

/// A validated support ticket. It serializes as it was received (the `body` as sent,
/// control characters aside), so that a ticket passed on through a queue is read again
/// the same way at the other end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ticket {
    /// Unique per ticket; the key of every idempotency record about it.
    pub ticket_id: TicketId,
    /// The subject line, tidied ([`super::normalize::tidy`]).
    pub subject: String,
    /// The customer's own words, as the agent reads them: HTML as text, Unicode and
    /// white space normalized, quoted earlier messages and the signature set apart
    /// ([`super::normalize`]).
    #[serde(skip)]
    pub body: String,
    /// What came with the customer's words: the quoted reply chain and the signature.
    #[serde(skip)]
    pub quoted: Option<String>,
    /// The body as received (control characters stripped), kept on the record.
    #[serde(rename = "body")]
    pub received_body: String,
    /// Who wrote it; tools see only this customer's data.
    pub customer_id: CustomerId,
    /// The order the ticket is about, when the form had one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_id: Option<OrderId>,
}

/// A ticket as it arrives, before validation.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
pub struct RawTicket {
    /// See [`Ticket::ticket_id`].
    #[serde(default)]
    pub ticket_id: Option<String>,
    /// See [`Ticket::subject`].
    #[serde(default)]
    pub subject: Option<String>,
    /// See [`Ticket::body`].
    #[serde(default)]
    pub body: Option<String>,
    /// See [`Ticket::customer_id`].
    #[serde(default)]
    pub customer_id: Option<String>,
    /// See [`Ticket::order_id`].
    #[serde(default)]
    pub order_id: Option<String>,
}

impl RawTicket {
    /// Validates into a [`Ticket`].
    ///
    /// The subject or the body may be empty (a customer can send a subject line alone),
    /// but not both: a ticket with no text at all has nothing to act on.
    ///
    /// # Errors
    /// The first field that is missing, empty, too long or malformed.
    pub fn validate(self, max_body_bytes: usize) -> Result<Ticket, TicketError> {
        let ticket_id = TicketId::parse(self.ticket_id.as_deref().unwrap_or(""), "ticket_id")?;
        let customer_id =
            CustomerId::parse(self.customer_id.as_deref().unwrap_or(""), "customer_id")?;
        let order_id = match self.order_id.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => Some(OrderId::parse(raw, "order_id")?),
        };
        // Stripped before measuring, so that what is measured is what is kept.
        let subject = super::normalize::tidy(&strip(self.subject.unwrap_or_default()));
        let received_body = strip(self.body.unwrap_or_default());
        let body = &received_body;
        if subject.len() > MAX_SUBJECT_BYTES {
            return Err(TicketError::TooLong {
                field: "subject",
                len: subject.len(),
                max: MAX_SUBJECT_BYTES,
            });
        }
        if body.len() > max_body_bytes {
            return Err(TicketError::TooLong {
                field: "body",
                len: body.len(),
                max: max_body_bytes,
            });
        }
        let read = super::normalize::normalize(body);
        if subject.is_empty() && read.own.is_empty() {
            return Err(TicketError::Empty { field: "body" });
        }
        Ok(Ticket {
            ticket_id,
            subject,
            body: read.own,
            quoted: read.quoted,
            received_body,
            customer_id,
            order_id,
        })
    }
}

/// `s` without the control characters no store can hold (see [`super::text`]).
fn strip(s: String) -> String {
    match super::text::storable(&s) {
        std::borrow::Cow::Borrowed(_) => s,
        std::borrow::Cow::Owned(clean) => clean,
    }
}

/// A line of a JSON Lines input that was not a valid ticket (`process`, `submit`).
#[derive(Debug, Clone, PartialEq)]
pub struct BadLine {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it, naming the field.
    pub error: TicketError,
}

impl Ticket {
    /// Parses and validates one JSON ticket.
    ///
    /// # Errors
    /// [`TicketError::Malformed`] for JSON that is not a ticket object, else the
    /// first invalid field.
    pub fn from_json(bytes: &[u8], max_body_bytes: usize) -> Result<Ticket, TicketError> {
        let raw: RawTicket =
            serde_json::from_slice(bytes).map_err(|e| TicketError::Malformed(e.to_string()))?;
        raw.validate(max_body_bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw() -> RawTicket {
        RawTicket {
            ticket_id: Some("T-1".into()),
            subject: Some("Where is my order?".into()),
            body: Some("Hi, any news?".into()),
            customer_id: Some("C001".into()),
            order_id: Some("O1002".into()),
        }
    }

    #[test]
    fn a_well_formed_ticket_parses_and_an_empty_order_id_means_none() {
        let t = raw().validate(1000).unwrap();
        assert_eq!(t.order_id.unwrap().as_str(), "O1002");
        let t = RawTicket {
            order_id: Some("  ".into()),
            ..raw()
        }
        .validate(1000)
        .unwrap();
        assert!(t.order_id.is_none());
    }

    #[test]
    fn each_bad_field_is_named_in_the_error() {
        let e = RawTicket {
            ticket_id: None,
            ..raw()
        }
        .validate(1000)
        .unwrap_err();
        assert_eq!(e.field(), Some("ticket_id"));
        let e = RawTicket {
            customer_id: Some(" ".into()),
            ..raw()
        }
        .validate(1000)
        .unwrap_err();
        assert_eq!(e.field(), Some("customer_id"));
        let e = RawTicket {
            order_id: Some("O 1".into()),
            ..raw()
        }
        .validate(1000)
        .unwrap_err();
        assert_eq!(e, TicketError::BadId { field: "order_id" });
        let e = RawTicket {
            body: Some("x".repeat(11)),
            ..raw()
        }
        .validate(10)
        .unwrap_err();
        assert_eq!(
            e,
            TicketError::TooLong {
                field: "body",
                len: 11,
                max: 10
            }
        );
        let e = RawTicket {
            subject: Some(String::new()),
            body: Some("  ".into()),
            ..raw()
        }
        .validate(10)
        .unwrap_err();
        assert_eq!(e.field(), Some("body"));
    }

    #[test]
    fn a_nul_in_the_text_is_stripped_and_the_ticket_is_kept() {
        let t = Ticket::from_json(
            br#"{"ticket_id":"NUL-1","customer_id":"C005","order_id":"O1010","subject":"Refund\u0007","body":"cracked.\u0000 full refund please.\nThanks"}"#,
            1000,
        )
        .unwrap();
        assert_eq!(t.subject, "Refund");
        assert_eq!(t.body, "cracked. full refund please.\nThanks");
        // Only control characters: nothing left to act on.
        let e = RawTicket {
            subject: Some("\u{0}".into()),
            body: Some("\u{0}\u{1}".into()),
            ..raw()
        }
        .validate(100)
        .unwrap_err();
        assert_eq!(e.field(), Some("body"));
    }

    #[test]
    fn json_that_is_not_a_ticket_is_malformed() {
        assert!(matches!(
            Ticket::from_json(b"not json", 100),
            Err(TicketError::Malformed(_))
        ));
        assert!(matches!(
            Ticket::from_json(b"[1,2]", 100),
            Err(TicketError::Malformed(_))
        ));
        assert!(
            Ticket::from_json(
                br#"{"ticket_id":"T","subject":"s","body":"b","customer_id":"C"}"#,
                100
            )
            .is_ok()
        );
    }
}
