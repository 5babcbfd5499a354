-- Approval policies (docs/approvals.md): how many distinct approvals an action needs,
-- which rule decided that, and whether the policies have been applied to the
-- proposal as it stands (a newer proposal is evaluated again).
ALTER TABLE approvals
    ADD COLUMN required_approvals integer NOT NULL DEFAULT 1 CHECK (required_approvals >= 1),
    ADD COLUMN policy_rule        text,
    ADD COLUMN policy_checked     boolean NOT NULL DEFAULT false;

CREATE INDEX approvals_policy_unchecked ON approvals (proposed_at)
    WHERE status = 'pending' AND NOT policy_checked;

-- What each approving reviewer approved: with two required, both must approve the
-- same arguments (an edit approved by its author alone does not run).
ALTER TABLE decisions
    ADD COLUMN approved_digest    text,
    ADD COLUMN approved_arguments jsonb;

-- Auto-approval caps are sums over these rows per rule, customer and UTC day.
CREATE INDEX decisions_by_policy_day ON decisions (reviewer, decided_at)
    WHERE reviewer LIKE 'policy:%';
