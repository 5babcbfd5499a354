//! The bounded input: one support ticket, parsed and validated once at the edge.
//!
//! A [`Ticket`] that exists is valid: ids are non-empty and bounded, text fits its size
//! limit and holds no control character but line breaks and tabs (they are stripped:
//! [`super::text`]). Everything after parsing (the agent, the tools, the queues) relies on that
//! and checks nothing again. Where tickets come from (a file, a queue) is left to the
//! callers.
//!
//! A ticket is a thread: a customer writes again on it. A ticket that carries a
//! `message_id` is one message of its thread, and the unit of work is its [`WorkKey`]
//! (the ticket and the message), so that each message is answered once and a new one is
//! new work; a ticket without one is the whole ticket, answered once, as before threads.

use std::fmt;

use serde::{Deserialize, Serialize};

pub use super::ids::{CustomerId, MAX_ID_BYTES, MessageId, OrderId, TicketError, TicketId};
use super::thread::Thread;

/// Longest subject accepted, in bytes.
pub const MAX_SUBJECT_BYTES: usize = 1024;

/// What one unit of work is: a ticket, or one message on a ticket. Every record of the
/// work is keyed by its text: the ingest API's dedupe record, the worker's lease, result
/// and done records, the `message_id` of the ticket's and the outcome's messages on the
/// exchanges, the connectors' calls.
///
/// The text is the ticket id alone for a ticket without a message id, exactly the key
/// every record had before threads, so old senders' tickets keep their records; for a
/// message it is the ticket id and the message id with one space between. No id can hold
/// white space, so no message's key is another ticket's id and no two messages share one.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WorkKey(String);

impl WorkKey {
    /// The key of `ticket_id`'s message `message_id`, or of the whole ticket.
    pub fn new(ticket_id: &TicketId, message_id: Option<&MessageId>) -> Self {
        match message_id {
            None => Self(ticket_id.as_str().to_string()),
            Some(m) => Self(format!("{ticket_id} {m}")),
        }
    }

    /// The key as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for WorkKey {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for WorkKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A validated support ticket. It serializes as it was received (the `body` as sent,
/// control characters aside), so that a ticket passed on through a queue is read again
/// the same way at the other end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ticket {
    /// Unique per ticket; with the message id, the key of every record about it
    /// ([`WorkKey`]).
    pub ticket_id: TicketId,
    /// The message of the ticket's thread this is, when the sender says: each message is
    /// a unit of work of its own. Left out on the wire when there is none, so a ticket
    /// without one is sent byte for byte as before threads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_id: Option<MessageId>,
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
    /// What was said and done on the ticket before this message (empty for a first
    /// message): never from the sender, always from our own records.
    #[serde(skip)]
    pub thread: Thread,
}

/// A ticket as it arrives, before validation: the fields every ticket has. A line on the
/// wire may also name its message ([`RawMessage`]).
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
        // A body of a signature alone holds no words of the customer's, but it was sent:
        // it is read (and escalated), not refused.
        if subject.is_empty() && read.own.is_empty() && read.quoted.is_none() {
            return Err(TicketError::Empty { field: "body" });
        }
        Ok(Ticket {
            ticket_id,
            message_id: None,
            subject,
            body: read.own,
            quoted: read.quoted,
            received_body,
            customer_id,
            order_id,
            thread: Thread::default(),
        })
    }
}

/// A ticket line as senders write it: the ticket's fields and, for a message on a
/// ticket's thread, the message's id. Kept apart from [`RawTicket`] so that code building
/// a ticket from its fields (tests, eval cases) needs no word about threads.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
pub struct RawMessage {
    /// The ticket's fields.
    #[serde(flatten)]
    pub ticket: RawTicket,
    /// See [`Ticket::message_id`]. Missing, `null` or empty means none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_id: Option<String>,
}

impl RawMessage {
    /// Validates into a [`Ticket`]: [`RawTicket::validate`], then the message id by the
    /// rule of every id.
    ///
    /// # Errors
    /// The first field that is missing, empty, too long or malformed.
    pub fn validate(self, max_body_bytes: usize) -> Result<Ticket, TicketError> {
        let mut ticket = self.ticket.validate(max_body_bytes)?;
        ticket.message_id = match self.message_id.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => Some(MessageId::parse(raw, "message_id")?),
        };
        Ok(ticket)
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
    /// Parses and validates one JSON ticket (a [`RawMessage`]: its `message_id` too).
    ///
    /// # Errors
    /// [`TicketError::Malformed`] for JSON that is not a ticket object, else the
    /// first invalid field.
    pub fn from_json(bytes: &[u8], max_body_bytes: usize) -> Result<Ticket, TicketError> {
        let raw: RawMessage =
            serde_json::from_slice(bytes).map_err(|e| TicketError::Malformed(e.to_string()))?;
        raw.validate(max_body_bytes)
    }

    /// Its unit of work: the ticket, or the message of it this is.
    pub fn work_key(&self) -> WorkKey {
        WorkKey::new(&self.ticket_id, self.message_id.as_ref())
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
    fn an_order_field_typed_in_groups_names_the_id_without_its_spaces() {
        for (typed, id) in [
            ("402 117 835", "402117835"),
            (" FW 27\u{a0}004175 ", "FW27004175"),
        ] {
            let t = RawTicket {
                order_id: Some(typed.into()),
                ..raw()
            }
            .validate(1000)
            .unwrap();
            assert_eq!(t.order_id.unwrap().as_str(), id, "{typed:?}");
        }
        // The other ids keep the rule: a space would let one message's key be another's.
        let e = RawTicket {
            customer_id: Some("C 001".into()),
            ..raw()
        }
        .validate(1000)
        .unwrap_err();
        assert_eq!(
            e,
            TicketError::BadId {
                field: "customer_id"
            }
        );
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
            order_id: Some("O\u{7}1".into()),
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
    fn a_body_of_a_signature_alone_is_a_ticket_with_no_words_of_the_customers() {
        let mut r = raw();
        r.subject = Some(String::new());
        r.body = Some("--\nMaarten de Vries\nSenior Legal Counsel".into());
        let t = r
            .validate(1024)
            .expect("a signature alone was sent, so it is read");
        assert_eq!(t.body, "");
        assert!(t.quoted.unwrap().contains("Senior Legal Counsel"));
        let mut r = raw();
        r.subject = Some(String::new());
        r.body = Some("  \n ".into());
        assert!(matches!(
            r.validate(1024),
            Err(TicketError::Empty { field: "body" })
        ));
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
    fn a_message_id_is_read_by_the_id_rule_and_only_a_message_carries_it_on_the_wire() {
        let line = br#"{"ticket_id":"T-1","message_id":" 8801 ","customer_id":"C001","subject":"s","body":"Any news?"}"#;
        let t = Ticket::from_json(line, 1000).unwrap();
        assert_eq!(t.message_id.as_ref().map(MessageId::as_str), Some("8801"));
        let wire = serde_json::to_value(&t).unwrap();
        assert_eq!(wire["message_id"], "8801");
        assert_eq!(
            Ticket::from_json(wire.to_string().as_bytes(), 1000).unwrap(),
            t
        );

        // None, null and empty are all no message: the ticket goes out as before threads.
        for old in [
            r#"{"ticket_id":"T-1","customer_id":"C001","subject":"s","body":"b"}"#,
            r#"{"ticket_id":"T-1","message_id":null,"customer_id":"C001","subject":"s","body":"b"}"#,
            r#"{"ticket_id":"T-1","message_id":"","customer_id":"C001","subject":"s","body":"b"}"#,
        ] {
            let t = Ticket::from_json(old.as_bytes(), 1000).unwrap();
            assert_eq!(t.message_id, None, "{old}");
            let text = serde_json::to_string(&t).unwrap();
            assert!(!text.contains("message_id"), "{text}");
        }

        let bad = br#"{"ticket_id":"T-1","message_id":"8 801","customer_id":"C001","body":"b"}"#;
        assert_eq!(
            Ticket::from_json(bad, 1000).unwrap_err(),
            TicketError::BadId {
                field: "message_id"
            }
        );
        let number = br#"{"ticket_id":"T-1","message_id":8801,"customer_id":"C001","body":"b"}"#;
        assert!(matches!(
            Ticket::from_json(number, 1000),
            Err(TicketError::Malformed(_))
        ));
    }

    #[test]
    fn the_work_key_is_the_ticket_id_alone_without_a_message_and_never_another_tickets_id() {
        let ticket: TicketId = "zendesk-35436".parse().unwrap();
        let message: MessageId = "8801".parse().unwrap();
        assert_eq!(WorkKey::new(&ticket, None).as_str(), "zendesk-35436");
        let key = WorkKey::new(&ticket, Some(&message));
        assert_eq!(key.as_str(), "zendesk-35436 8801");
        // No ticket can be named so: a message's key is never a whole ticket's.
        assert!(key.as_str().parse::<TicketId>().is_err());
        // Where the ids split is never in doubt: ("a", "b-c") and ("a-b", "c") differ.
        let (a, bc) = ("a".parse().unwrap(), "b-c".parse().unwrap());
        let (ab, c) = ("a-b".parse().unwrap(), "c".parse().unwrap());
        assert_ne!(WorkKey::new(&a, Some(&bc)), WorkKey::new(&ab, Some(&c)));
        let t = raw().validate(100).unwrap();
        assert_eq!(t.work_key().as_str(), "T-1");
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
