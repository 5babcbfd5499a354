-- PostgreSQL is the guard of money (docs/approvals.md, "What guards money"). An
-- execution row is taken in a transaction before the backend is called and settled in
-- another after it, so a succeeded execution is answered from its row and never run
-- again, whatever Redis holds or lost:
--
--   claimed  ─► succeeded            the backend confirmed it
--      │    ─► failed               it did not happen: refused for good, eligibility
--      │                            changed, no room on the order, or given up before
--      │                            any call reached the backend
--      │    ─► unknown              given up past the deadline after calls whose outcome
--      │                            nobody knows: a human checks the shop
--      └──► retrying ─► claimed     a transient failure, tried again after a backoff
--
-- A claimed row whose lease ran out belongs to a process that died; the next claimer
-- takes it over and calls the backend again with the same idempotency key.
ALTER TABLE executions DROP CONSTRAINT executions_status_check;
ALTER TABLE executions ADD CONSTRAINT executions_status_check
    CHECK (status IN ('claimed', 'retrying', 'succeeded', 'failed', 'unknown'));

ALTER TABLE executions
    -- The holder of a claimed row, and until when it holds.
    ADD COLUMN claim_token     text,
    ADD COLUMN lease_until     timestamptz,
    -- Claims taken (each one attempt), and backend calls begun: a call begun and never
    -- settled may have moved money, so its reservation on the order is kept.
    ADD COLUMN attempts        integer NOT NULL DEFAULT 0,
    ADD COLUMN calls           integer NOT NULL DEFAULT 0,
    -- Whether amount_cents is counted in order_refunds (a refund's reservation).
    ADD COLUMN reserved        boolean NOT NULL DEFAULT false,
    ADD COLUMN last_error      text,
    ADD COLUMN next_attempt_at timestamptz;

-- Rows written before this migration: a claimed refund had been counted on its order.
UPDATE executions SET reserved = true
    WHERE order_id IS NOT NULL AND amount_cents IS NOT NULL AND status IN ('claimed', 'succeeded');
-- Any of them may have reached the backend.
UPDATE executions SET calls = 1, attempts = 1;

CREATE INDEX executions_unsettled ON executions (next_attempt_at)
    WHERE status IN ('claimed', 'retrying');

-- What follows a decision (its audit record, a failure's escalation) is published by
-- whoever claims it first: a decision and two replicas' sweeps racing on one record
-- publish it once, and a claim that was never marked published is taken over after it
-- runs out.
ALTER TABLE approvals
    ADD COLUMN audit_claimed_until   timestamptz,
    ADD COLUMN outcome_claimed_until timestamptz;
