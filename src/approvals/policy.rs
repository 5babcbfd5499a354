//! Approval policies from configuration (`[[approvals.policies]]`, docs/approvals.md):
//! which proposals are approved at once, authored `policy:<rule>`, and which need two
//! distinct reviewers. Rules are tried in the order they are configured; the first
//! that matches decides, except that an auto-approval whose cap is reached steps
//! aside for the rules after it. A proposal no rule matches waits for one human.

use crate::config::{ApprovalPolicySettings, PolicyAction};
use crate::domain::money::Usd;
use crate::queue::messages::ApprovalMessage;

use super::store::Caps;

/// One rule, checked and in cents.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    /// Its name (the author is `policy:<name>`).
    pub name: String,
    /// The gated tool it applies to.
    pub tool: String,
    /// What it does when it matches.
    pub kind: RuleKind,
}

/// What a rule does.
#[derive(Debug, Clone, PartialEq)]
pub enum RuleKind {
    /// Approve amounts strictly below `below` that the eligibility allows, within `caps`.
    AutoApprove {
        /// The amount bound.
        below: Usd,
        /// The daily caps.
        caps: Caps,
    },
    /// Require two distinct reviewers for amounts strictly above `above`.
    TwoReviewers {
        /// The amount bound.
        above: Usd,
    },
}

/// The configured rules, in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Policies(Vec<Rule>);

fn cents(field: &str, name: &str, dollars: Option<f64>) -> anyhow::Result<Option<Usd>> {
    dollars
        .map(|d| {
            Usd::from_dollars(d)
                .map_err(|e| anyhow::anyhow!("approvals.policies {name:?}: {field}: {e}"))
        })
        .transpose()
}

impl Policies {
    /// Checks and converts the configured rules.
    ///
    /// # Errors
    /// A rule without a name, a duplicate name, an unknown tool, or a bound missing
    /// or not above zero.
    pub fn new(settings: &[ApprovalPolicySettings]) -> anyhow::Result<Self> {
        let mut rules = Vec::with_capacity(settings.len());
        for p in settings {
            let name = p.name.trim();
            anyhow::ensure!(
                !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)),
                "approvals.policies: a rule needs a name of letters, digits, '-', '_' or '.' (got {:?})",
                p.name
            );
            anyhow::ensure!(
                rules.iter().all(|r: &Rule| r.name != name),
                "approvals.policies: two rules are named {name:?}"
            );
            anyhow::ensure!(
                matches!(
                    p.tool.as_str(),
                    crate::domain::approval::ISSUE_REFUND | crate::domain::approval::SEND_EMAIL
                ),
                "approvals.policies {name:?}: tool {:?} is not a gated tool (issue_refund, send_email)",
                p.tool
            );
            let kind = match p.action {
                PolicyAction::AutoApprove => {
                    let below = cents("below_usd", name, p.below_usd)?.ok_or_else(|| {
                        anyhow::anyhow!("approvals.policies {name:?}: auto_approve needs below_usd")
                    })?;
                    anyhow::ensure!(
                        below > Usd::ZERO,
                        "approvals.policies {name:?}: below_usd must be above zero"
                    );
                    check_caps(name, p)?;
                    RuleKind::AutoApprove {
                        below,
                        caps: Caps {
                            per_customer_count: p.max_per_customer_per_day.map(i64::from),
                            per_customer_cents: cents(
                                "max_usd_per_customer_per_day",
                                name,
                                p.max_usd_per_customer_per_day,
                            )?
                            .map(Usd::cents),
                            per_day_cents: cents("max_usd_per_day", name, p.max_usd_per_day)?
                                .map(Usd::cents),
                        },
                    }
                }
                PolicyAction::TwoReviewers => RuleKind::TwoReviewers {
                    above: cents("above_usd", name, p.above_usd)?.ok_or_else(|| {
                        anyhow::anyhow!(
                            "approvals.policies {name:?}: two_reviewers needs above_usd"
                        )
                    })?,
                },
            };
            rules.push(Rule {
                name: name.to_string(),
                tool: p.tool.clone(),
                kind,
            });
        }
        Ok(Self(rules))
    }

    /// How many distinct reviewers `message` needs, and the rule that said so: two
    /// when the first matching rule that does not auto-approve asks for two (an
    /// auto-approval before it that is refused by a cap passes on to it), else one.
    /// Decided when the proposal is stored, so that no approval can precede it.
    pub fn routing(&self, message: &ApprovalMessage) -> (u32, Option<String>) {
        self.matching(message)
            .find_map(|rule| match rule.kind {
                RuleKind::TwoReviewers { .. } => Some((2, Some(rule.name.clone()))),
                RuleKind::AutoApprove { .. } => None,
            })
            .unwrap_or((1, None))
    }

    /// The auto-approval rules to try on `message`, in order, up to the first rule
    /// that decides otherwise.
    pub fn auto_approvals<'a>(
        &'a self,
        message: &'a ApprovalMessage,
    ) -> impl Iterator<Item = (&'a str, &'a Caps)> {
        self.matching(message).map_while(|rule| match &rule.kind {
            RuleKind::AutoApprove { caps, .. } => Some((rule.name.as_str(), caps)),
            RuleKind::TwoReviewers { .. } => None,
        })
    }

    /// Whether any rule is configured.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The rules that match `message`, in order. An auto-approval matches a refund
    /// strictly below its bound, above zero, and within the `max_amount_usd` of the
    /// eligibility it rests on; a refund without an eligibility result is never
    /// auto-approved. Two reviewers match an amount strictly above the bound.
    pub fn matching<'a>(&'a self, message: &'a ApprovalMessage) -> impl Iterator<Item = &'a Rule> {
        let amount = message.arguments["amount_usd"]
            .as_f64()
            .and_then(|d| Usd::from_dollars(d).ok());
        self.0.iter().filter(move |rule| {
            if rule.tool != message.tool {
                return false;
            }
            match (&rule.kind, amount) {
                (RuleKind::AutoApprove { below, .. }, Some(amount)) => {
                    amount > Usd::ZERO
                        && amount < *below
                        && message
                            .eligibility
                            .as_ref()
                            .is_some_and(|e| amount <= e.max_amount_usd)
                }
                (RuleKind::TwoReviewers { above }, Some(amount)) => amount > *above,
                (_, None) => false,
            }
        })
    }
}

/// Each cap, when set, above zero (a rule that may approve nothing is a mistake).
fn check_caps(name: &str, p: &ApprovalPolicySettings) -> anyhow::Result<()> {
    anyhow::ensure!(
        p.max_per_customer_per_day != Some(0),
        "approvals.policies {name:?}: max_per_customer_per_day must be at least 1 (remove the rule to stop it)"
    );
    for (field, v) in [
        (
            "max_usd_per_customer_per_day",
            p.max_usd_per_customer_per_day,
        ),
        ("max_usd_per_day", p.max_usd_per_day),
    ] {
        anyhow::ensure!(
            v.is_none_or(|v| v > 0.0),
            "approvals.policies {name:?}: {field} must be above zero"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::approval::EligibilityBasis;

    fn rule(name: &str, action: PolicyAction) -> ApprovalPolicySettings {
        ApprovalPolicySettings {
            name: name.into(),
            tool: "issue_refund".into(),
            action,
            below_usd: None,
            above_usd: None,
            max_per_customer_per_day: None,
            max_usd_per_customer_per_day: None,
            max_usd_per_day: None,
        }
    }

    fn refund(amount: f64, max: Option<i64>) -> ApprovalMessage {
        ApprovalMessage {
            approval_id: "apr_000000000000000000000001".into(),
            ticket_id: "T1".parse().unwrap(),
            customer_id: "C1".parse().unwrap(),
            tool: "issue_refund".into(),
            arguments: serde_json::json!({ "order_id": "O1", "amount_usd": amount, "idempotency_key": "k" }),
            eligibility: max.map(|c| EligibilityBasis {
                policy_ref: "p".into(),
                max_amount_usd: Usd::from_cents(c),
            }),
            summary: String::new(),
            ticket_subject: String::new(),
            ticket_body: String::new(),
            created_at: chrono::Utc::now(),
            timeline: Default::default(),
        }
    }

    #[test]
    fn rules_match_in_order_by_tool_amount_and_eligibility() {
        let policies = Policies::new(&[
            ApprovalPolicySettings {
                below_usd: Some(20.0),
                ..rule("small", PolicyAction::AutoApprove)
            },
            ApprovalPolicySettings {
                above_usd: Some(200.0),
                ..rule("large", PolicyAction::TwoReviewers)
            },
        ])
        .unwrap();
        let names = |m: &ApprovalMessage| -> Vec<String> {
            policies.matching(m).map(|r| r.name.clone()).collect()
        };
        assert_eq!(names(&refund(19.99, Some(5000))), ["small"]);
        assert!(
            names(&refund(20.0, Some(5000))).is_empty(),
            "strictly below"
        );
        assert!(
            names(&refund(15.0, Some(1000))).is_empty(),
            "above what eligibility allows"
        );
        assert!(
            names(&refund(15.0, None)).is_empty(),
            "no eligibility, no auto-approval"
        );
        assert_eq!(names(&refund(250.0, Some(50_000))), ["large"]);
        assert_eq!(
            policies.routing(&refund(250.0, Some(50_000))),
            (2, Some("large".to_string()))
        );
        assert_eq!(policies.routing(&refund(19.0, Some(5000))), (1, None));
        assert_eq!(
            policies.auto_approvals(&refund(19.0, Some(5000))).count(),
            1
        );
        let email = ApprovalMessage {
            tool: "send_email".into(),
            ..refund(5.0, Some(5000))
        };
        assert!(names(&email).is_empty());
    }

    #[test]
    fn a_rule_missing_its_bound_or_named_twice_is_refused() {
        assert!(Policies::new(&[rule("a", PolicyAction::AutoApprove)]).is_err());
        assert!(Policies::new(&[rule("b", PolicyAction::TwoReviewers)]).is_err());
        let ok = ApprovalPolicySettings {
            below_usd: Some(5.0),
            ..rule("c", PolicyAction::AutoApprove)
        };
        assert!(Policies::new(&[ok.clone(), ok.clone()]).is_err());
        assert!(
            Policies::new(&[ApprovalPolicySettings {
                tool: "drop_table".into(),
                ..ok.clone()
            }])
            .is_err()
        );
        assert!(
            Policies::new(&[ApprovalPolicySettings {
                max_usd_per_day: Some(0.0),
                ..ok
            }])
            .is_err()
        );
    }
}
