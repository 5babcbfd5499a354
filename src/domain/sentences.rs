//! Where a sentence of support text ends, for every reader that cuts text into them:
//! the rules model reading a ticket, `kb_search` embedding an article sentence by
//! sentence, verification setting apart what a thread grounds.
//!
//! A sentence ends at `.`, `!` or `?` (and, where asked, `;`) followed by white space or
//! the end of the text, so that "$338.50", "v1.2" and an email address stay inside
//! their sentence; where asked, a line break ends one too.

/// What ends a sentence besides `.`, `!` and `?` followed by white space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ends {
    /// A `;` followed by white space.
    pub semicolon: bool,
    /// A line break.
    pub line_break: bool,
}

/// `text` cut into sentences, each with the character that ended it, as written (not
/// trimmed); an empty rest at the end is left out.
pub fn split(text: &str, ends: Ends) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let before_space = chars.peek().is_none_or(|(_, next)| next.is_whitespace());
        let end = match c {
            '\n' => ends.line_break,
            ';' => ends.semicolon && before_space,
            '.' | '!' | '?' => before_space,
            _ => false,
        };
        if end {
            let after = i + c.len_utf8();
            out.push(&text[start..after]);
            start = after;
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_stop_ends_a_sentence_only_before_white_space() {
        let text = "I disputed the $338.50 charge with Amex; they said wait. See v1.2!\nthanks";
        let all = Ends {
            semicolon: true,
            line_break: true,
        };
        assert_eq!(
            split(text, all),
            vec![
                "I disputed the $338.50 charge with Amex;",
                " they said wait.",
                " See v1.2!",
                "\n",
                "thanks"
            ]
        );
        let plain = Ends {
            semicolon: false,
            line_break: false,
        };
        assert_eq!(
            split(text, plain),
            vec![
                "I disputed the $338.50 charge with Amex; they said wait.",
                " See v1.2!",
                "\nthanks"
            ]
        );
    }
}
