-- The approvals' system of record (src/approvals/store.rs). Money decisions live
-- here, not in Redis: one row per approval, one per reviewer decision, one per
-- execution, the per-order refunded total the executor checks before it refunds,
-- and an audit log nobody can rewrite.

CREATE TABLE approvals (
    approval_id        text PRIMARY KEY,
    ticket_id          text NOT NULL,
    customer_id        text NOT NULL,
    tool               text NOT NULL,
    -- For refunds: the order and the proposed amount, for queries and caps.
    order_id           text,
    amount_cents       bigint,
    -- The proposal exactly as received (the newest one while it is pending).
    message            jsonb NOT NULL,
    -- sha256 of the tool and its exact arguments as proposed: what an approval binds to.
    args_digest        text NOT NULL,
    proposed_at        timestamptz NOT NULL,
    received_at        timestamptz NOT NULL DEFAULT now(),
    proposals          integer NOT NULL DEFAULT 1,
    status             text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'approved', 'executed', 'failed', 'rejected', 'expired')),
    decided_by         text,
    decided_at         timestamptz,
    note               text,
    -- What the executor runs: the proposed arguments, or the reviewer's edit of them.
    approved_arguments jsonb,
    approved_digest    text,
    execution          jsonb,
    audit_published    boolean NOT NULL DEFAULT false,
    -- For rejections and failures: the ticket's outcome event reached the exchange.
    outcome_published  boolean NOT NULL DEFAULT false,
    trace_context      jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE INDEX approvals_pending_by_age ON approvals (proposed_at) WHERE status = 'pending';
CREATE INDEX approvals_decided_by_time ON approvals (decided_at DESC) WHERE status <> 'pending';
CREATE INDEX approvals_unfinished ON approvals (approval_id)
    WHERE status = 'approved' OR NOT audit_published
       OR (status IN ('rejected', 'failed') AND NOT outcome_published);
CREATE INDEX approvals_by_order ON approvals (order_id) WHERE order_id IS NOT NULL;

-- One row per reviewer and approval: a second click by the same reviewer is the
-- same decision, and two approvers are two distinct rows.
CREATE TABLE decisions (
    approval_id  text NOT NULL REFERENCES approvals (approval_id),
    reviewer     text NOT NULL,
    verdict      text NOT NULL CHECK (verdict IN ('approve', 'reject', 'expire')),
    note         text,
    -- For an approval with an edit: the amount approved.
    amount_cents bigint,
    decided_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (approval_id, reviewer)
);

CREATE INDEX decisions_by_reviewer ON decisions (reviewer, decided_at);

-- One row per approval that reached the executor. A refund's amount counts toward
-- its order's refunded total from the moment it is claimed until it fails for good.
CREATE TABLE executions (
    approval_id     text PRIMARY KEY REFERENCES approvals (approval_id),
    idempotency_key text NOT NULL UNIQUE,
    order_id        text,
    amount_cents    bigint,
    status          text NOT NULL CHECK (status IN ('claimed', 'succeeded', 'failed')),
    result          jsonb,
    claimed_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);

-- What has been refunded (or is being refunded) per order through this service,
-- whichever ticket asked and whichever replica ran it.
CREATE TABLE order_refunds (
    order_id       text PRIMARY KEY,
    refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit (
    id          bigserial PRIMARY KEY,
    at          timestamptz NOT NULL DEFAULT now(),
    approval_id text NOT NULL,
    event       text NOT NULL,
    actor       text NOT NULL,
    detail      jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE INDEX audit_by_approval ON audit (approval_id, id);

CREATE FUNCTION audit_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the approvals audit log is append-only';
END;
$$;

CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit
    FOR EACH ROW EXECUTE FUNCTION audit_is_append_only();
CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
    FOR EACH STATEMENT EXECUTE FUNCTION audit_is_append_only();

-- Console sessions (a random id in the cookie, the CSRF token beside it).
CREATE TABLE sessions (
    session_id text PRIMARY KEY,
    reviewer   text NOT NULL,
    csrf       text NOT NULL,
    expires_at timestamptz NOT NULL
);
