//! Amounts of money as customers write them: "$5,000.00", "1.000,50 $", "USD 2,49",
//! "5k dollars", "US$ 12".
//!
//! A ticket is read by people who write money the way their locale does, so one
//! grammar reads every mention: a currency marker before or after a number (`$`, `US$`,
//! `USD`, `dollars`, `bucks`; `€`, `£`, `EUR`, `GBP` are read too, to be refused: a
//! refund is in the order's dollars), a number with thousands separators (`,` `.` `'`
//! and the no-break and thin spaces) and a decimal point or comma, and `k` for
//! thousands. Which separator is the decimal one is decided by the digits after it:
//! one or two are cents, three are a group of thousands. What no reading settles
//! (`1,000,50`, groups of other sizes, `1.2345`, a foreign currency) is
//! [`Mention::Unclear`], so that a refund is escalated instead of guessed.

use std::sync::LazyLock;

use regex::Regex;

use super::money::Usd;

/// One amount named in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mention {
    /// An amount in dollars.
    Dollars(Usd),
    /// Something written as money that cannot be read as one amount of dollars; the
    /// words say why (never quoting the text: they may reach logs and outcomes).
    Unclear(&'static str),
}

/// A currency marker, a number, `k`, or a number then a marker.
static MENTION: LazyLock<Regex> = LazyLock::new(|| {
    let number = r"\d(?:[\d.,'’\u{a0}\u{202f}]*\d)?";
    Regex::new(&format!(
        r"(?i)(?P<pre>us\$|\$|\busd\b|€|£|\beur\b|\bgbp\b)\s?(?P<n1>{number})(?P<k1>k\b)?|(?P<n2>{number})(?P<k2>k)?\s?(?P<post>\$|usd\b|dollars?\b|bucks\b|€|eur\b|euros?\b|£|gbp\b|pounds?\b)"
    ))
    .expect("the amount grammar compiles")
});

/// Every amount of money `text` names, in order.
pub fn mentions(text: &str) -> Vec<Mention> {
    MENTION
        .captures_iter(text)
        .map(|c| {
            let marker = c
                .name("pre")
                .or_else(|| c.name("post"))
                .map_or("", |m| m.as_str());
            let number = c
                .name("n1")
                .or_else(|| c.name("n2"))
                .map_or("", |m| m.as_str());
            let thousands = c.name("k1").or_else(|| c.name("k2")).is_some();
            if !is_dollars(marker) {
                return Mention::Unclear("an amount in another currency than the order's dollars");
            }
            match cents(number) {
                Some(c) => {
                    let c = if thousands {
                        c.checked_mul(1000)
                    } else {
                        Some(c)
                    };
                    match c.and_then(|c| i64::try_from(c).ok()) {
                        Some(c) => Mention::Dollars(Usd::from_cents(c)),
                        None => Mention::Unclear("an amount too large to be a refund"),
                    }
                }
                None => Mention::Unclear("an amount that can be read more than one way"),
            }
        })
        .collect()
}

fn is_dollars(marker: &str) -> bool {
    let m = marker.to_ascii_lowercase();
    matches!(
        m.as_str(),
        "$" | "us$" | "usd" | "dollar" | "dollars" | "bucks"
    )
}

/// A written number in cents, when it has one reading.
fn cents(number: &str) -> Option<u64> {
    // The decimal separator: the last `.` or `,`, when one or two digits follow it
    // and it is the only one of its kind (`1,000,50` is not a sum).
    let last = number.rfind(['.', ',']);
    let (whole, fraction) = match last {
        Some(at) => {
            let sep = number[at..].chars().next()?;
            let after = &number[at + 1..];
            let digits_after = after.chars().filter(char::is_ascii_digit).count();
            let only_one = number.matches(sep).count() == 1;
            if (1..=2).contains(&digits_after) && after.chars().all(|c| c.is_ascii_digit()) {
                if !only_one {
                    return None;
                }
                (&number[..at], after)
            } else if digits_after == 3 {
                // A group of thousands; the other separator, if any, must then not
                // appear after it (`1.000,000` has no reading).
                (number, "")
            } else {
                return None;
            }
        }
        None => (number, ""),
    };
    let dollars = grouped(whole)?;
    let fraction_cents = match fraction.len() {
        0 => 0,
        1 => u64::from(fraction.as_bytes()[0] - b'0') * 10,
        _ => fraction.parse::<u64>().ok()?,
    };
    dollars.checked_mul(100)?.checked_add(fraction_cents)
}

/// The integer part of a number, its thousands grouped by one kind of separator in
/// groups of three (or not grouped).
fn grouped(whole: &str) -> Option<u64> {
    let seps: Vec<char> = whole.chars().filter(|c| !c.is_ascii_digit()).collect();
    if let Some(first) = seps.first()
        && seps.iter().any(|c| c != first)
    {
        return None;
    }
    if let Some(sep) = seps.first() {
        let groups: Vec<&str> = whole.split(*sep).collect();
        let (head, tail) = groups.split_first()?;
        if head.is_empty() || head.len() > 3 || tail.iter().any(|g| g.len() != 3) {
            return None;
        }
    }
    let digits: String = whole.chars().filter(char::is_ascii_digit).collect();
    if digits.len() > 12 {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn read(text: &str) -> Vec<Mention> {
        mentions(text)
    }

    fn dollars(cents: i64) -> Mention {
        Mention::Dollars(Usd::from_cents(cents))
    }

    #[test]
    fn thousands_separators_and_decimal_commas_are_read_as_written() {
        assert_eq!(read("Refund me $5,000.00"), [dollars(500_000)]);
        assert_eq!(read("Refund me $1,000.00 now"), [dollars(100_000)]);
        assert_eq!(read("only $2,49 please"), [dollars(249)]);
        assert_eq!(read("1.234,56 $ zurück"), [dollars(123_456)]);
        assert_eq!(read("USD 1'234.50"), [dollars(123_450)]);
        assert_eq!(read("$5,000 for the sofa"), [dollars(500_000)]);
        assert_eq!(read("$1,000,000"), [dollars(100_000_000)]);
        assert_eq!(read("refund me $5 for the trouble"), [dollars(500)]);
        assert_eq!(read("12.5 dollars"), [dollars(1250)]);
        assert_eq!(read("US$ 40"), [dollars(4000)]);
        assert_eq!(read("40usd back"), [dollars(4000)]);
        assert_eq!(read("it cost 30 bucks."), [dollars(3000)]);
        assert_eq!(read("$5k or nothing"), [dollars(500_000)]);
        assert_eq!(read("2.5k dollars"), [dollars(250_000)]);
        assert_eq!(read("1\u{202f}299,00 $"), [dollars(129_900)]);
        assert_eq!(
            read("refund $8.99 of the $33.97 I paid"),
            [dollars(899), dollars(3397)]
        );
    }

    #[test]
    fn what_has_no_single_reading_or_is_not_in_dollars_is_unclear() {
        for text in [
            "$1,000,50",
            "$12,34,567",
            "$1.2345",
            "$1.000,000",
            "€50",
            "50 euros",
            "£20",
        ] {
            let got = read(text);
            assert!(
                matches!(got.as_slice(), [Mention::Unclear(_)]),
                "{text}: {got:?}"
            );
        }
    }

    #[test]
    fn numbers_without_a_currency_are_not_money() {
        assert!(read("order 1001, 3 mugs, 5k run, since 12.05.2026").is_empty());
    }

    /// `cents` written with `group` between thousands and `decimal` before the cents.
    fn written(cents: u64, group: &str, decimal: &str) -> String {
        let whole = (cents / 100).to_string();
        let mut out = String::new();
        for (i, c) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i).is_multiple_of(3) {
                out.push_str(group);
            }
            out.push(c);
        }
        format!("{out}{decimal}{:02}", cents % 100)
    }

    proptest! {
        #[test]
        fn any_amount_written_in_a_common_locale_reads_back_as_itself(
            cents in 1u64..100_000_000_000,
            locale in 0usize..5,
            before in any::<bool>(),
        ) {
            let (group, decimal) = [(",", "."), (".", ","), ("'", "."), ("\u{a0}", ","), ("", ".")][locale];
            let number = written(cents, group, decimal);
            let text = if before { format!("please refund ${number} today") } else { format!("please refund {number} USD today") };
            prop_assert_eq!(read(&text), vec![dollars(i64::try_from(cents).unwrap())]);
        }

        #[test]
        fn whole_dollars_with_groups_read_back_whatever_the_separator(
            dollars_whole in 1u64..1_000_000_000,
            locale in 0usize..4,
        ) {
            let group = [",", ".", "'", "\u{a0}"][locale];
            let number = written(dollars_whole * 100, group, "X");
            let number = number.split('X').next().unwrap();
            prop_assert_eq!(read(&format!("${number}")), vec![dollars(i64::try_from(dollars_whole * 100).unwrap())]);
        }

        #[test]
        fn any_text_is_read_without_panicking(text in any::<String>()) {
            let _ = mentions(&text);
        }
    }
}
