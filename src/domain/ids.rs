//! The ids a ticket carries (ticket, customer, order, message), parsed once at the
//! boundary by one rule, and the error of a ticket field that does not parse. Kept
//! below everything else of the domain, so that approvals, outcomes and threads can
//! name a ticket's ids without importing the ticket.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Longest id accepted, in bytes.
pub const MAX_ID_BYTES: usize = 128;

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
        id_newtype!($(#[$doc])* $name, spaces_inside: false);
    };
    ($(#[$doc:meta])* $name:ident, spaces_inside: $spaces:expr) => {
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
                let joined: String;
                let s = if $spaces {
                    joined = raw.split_whitespace().collect();
                    joined.as_str()
                } else {
                    raw.trim()
                };
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
    /// An order's id. Unlike the other ids, white space inside is dropped, not refused:
    /// it is what a customer typed into the help desk's order field, and shops print
    /// their ids in groups (`402 117 835`, `FW 27 004175`) that name the id without the
    /// spaces. Control characters are still refused.
    OrderId,
    spaces_inside: true
);
id_newtype!(
    /// A message's id within its ticket's thread: the help desk's comment id, or one the
    /// sender gives. The same rule as every id.
    MessageId
);
