//! Text made storable at the boundary.
//!
//! PostgreSQL's `text` and `jsonb` cannot hold U+0000, and the other C0 and C1 control
//! characters (a bell, an escape, a form feed) mean nothing in a support ticket but can
//! break a log line, a terminal or a mail header downstream. A ticket's subject and
//! body are therefore *stripped* of them once, where a ticket is validated (so ingest,
//! `submit`, the connector and the worker all see the same text): the customer is still
//! answered, and what was removed could not have been shown anyway. Line breaks and
//! tabs stay. A reviewer's note is typed by a person at a form, so there a control
//! character is refused instead, and they see why.

use std::borrow::Cow;

/// Whether `c` is a control character that text keeps: line feed, carriage return, tab.
fn kept_control(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\t')
}

/// Whether `c` is removed by [`storable`].
pub fn is_unstorable(c: char) -> bool {
    c.is_control() && !kept_control(c)
}

/// `s` without its control characters other than line breaks and tabs; borrowed when
/// there were none.
pub fn storable(s: &str) -> Cow<'_, str> {
    if s.chars().any(is_unstorable) {
        Cow::Owned(s.chars().filter(|c| !is_unstorable(*c)).collect())
    } else {
        Cow::Borrowed(s)
    }
}

/// The first control character of `s` that [`storable`] would remove, if any.
pub fn first_unstorable(s: &str) -> Option<char> {
    s.chars().find(|c| is_unstorable(*c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn nul_and_escapes_go_and_line_breaks_and_tabs_stay() {
        assert_eq!(
            storable("cracked.\u{0} full\u{1b}[31m refund\r\n\tplease\u{7f}\u{85}"),
            "cracked. full[31m refund\r\n\tplease"
        );
        assert!(matches!(storable("plain text, é ✓"), Cow::Borrowed(_)));
        assert_eq!(first_unstorable("a\u{0}b"), Some('\u{0}'));
        assert_eq!(first_unstorable("a\nb"), None);
    }

    proptest! {
        #[test]
        fn stripped_text_has_no_nul_and_keeps_every_other_character(s in any::<String>()) {
            let out = storable(&s);
            let nul = char::from(0);
            prop_assert!(!out.contains(nul));
            prop_assert!(first_unstorable(&out).is_none());
            let kept: String = s.chars().filter(|c| !is_unstorable(*c)).collect();
            prop_assert_eq!(out.as_ref(), kept.as_str());
            // Stripping twice changes nothing more.
            let again = storable(&out);
            prop_assert_eq!(again.as_ref(), out.as_ref());
        }
    }
}
