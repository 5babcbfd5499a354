#!/usr/bin/env python3
"""Checks the thread eval cases against the fixture shop in data/.

Usage: python3 evals/threads/check.py   (from the repository root or anywhere)

Every file must parse as JSON, use only the case format's fields, name customers, orders
and amounts that exist in data/, and keep its dates in order and before the shop's "now".
Prints the number of cases per kind and exits 1 on any problem.
"""
import collections
import datetime as dt
import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DATA = ROOT / "data"
CASES = HERE / "cases"

CUSTOMERS = {c["customer_id"]: c for c in json.loads((DATA / "customers.json").read_text())}
ORDERS = {o["order_id"]: o for o in json.loads((DATA / "orders.json").read_text())}
NOW = json.loads((DATA / "world.json").read_text())["now"]

TOOLS = {"order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"}
OUTCOMES = {"resolved", "refund_proposed", "escalated"}
CATEGORIES = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility",
              "no_kb_match", "out_of_scope", "unspecified", "unparseable_outcome", "budget_exhausted",
              "verification_failed", "model_error", "backend_unavailable", "approval_expired",
              "human_owned"}  # human_owned: proposed by this set (see README)
STATUSES = {"pending", "approved", "executed", "rejected", "expired"}
CASE_KEYS = {"id", "tags", "now", "world", "ticket", "thread", "events", "expect"}
TICKET_KEYS = {"ticket_id", "subject", "body", "customer_id", "order_id", "message_id"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions",
               "max_tool_calls", "message_includes"}
ACTION_KEYS = {"tool", "order_id", "amount_usd_max"}
CUSTOMER_TURN = {"role", "message_id", "at", "body"}
AGENT_TURN = {"role", "at", "outcome", "message", "category"}
EVENT_KEYS = {"kind", "at", "tool", "order_id", "amount_usd", "status", "confirmation_id", "reason"}
KINDS = ["refund-status", "second-refund", "new-question", "escalated-owner", "thank-you",
         "angry", "instruction"]
ALSO = ["non-english", "html", "quoted-reply", "new-proposal", "dispute"]


def ts(s):
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


def cents(x):
    return round(x * 100)


def check(path, problems, seen):
    def bad(msg):
        problems.append(f"{path.name}: {msg}")

    try:
        case = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        bad(f"not JSON: {e}")
        return None
    if set(case) - CASE_KEYS:
        bad(f"unknown keys {sorted(set(case) - CASE_KEYS)}")
    for k in ("id", "ticket", "expect", "thread", "events"):
        if k not in case:
            bad(f"missing {k}")
            return None
    if case["id"] != path.stem:
        bad("id differs from the file name")
    if case["id"] in seen:
        bad("duplicate id")
    seen.add(case["id"])
    now = ts(case.get("now", NOW))

    t = case["ticket"]
    if set(t) - TICKET_KEYS:
        bad(f"unknown ticket keys {sorted(set(t) - TICKET_KEYS)}")
    for k in ("subject", "body", "customer_id", "message_id"):
        if not isinstance(t.get(k), str) or not t[k]:
            bad(f"ticket.{k} missing or empty")
    if len(t.get("subject", "").encode()) > 1024 or len(t.get("body", "").encode()) > 32 * 1024:
        bad("ticket subject or body too long")
    cust = t.get("customer_id")
    if cust not in CUSTOMERS:
        bad(f"unknown customer {cust}")
    if "order_id" in t:
        o = ORDERS.get(t["order_id"])
        if o is None:
            bad(f"unknown ticket order {t['order_id']}")
        elif o["customer_id"] != cust:
            bad(f"ticket order {t['order_id']} is not {cust}'s")

    # every order id written anywhere must exist in data/
    text = json.dumps(case)
    for oid in set(re.findall(r"\bO\d{4}\b", text)):
        if oid not in ORDERS:
            bad(f"text names unknown order {oid}")
    for cid in set(re.findall(r"\bC\d{3}\b", text)):
        if cid not in CUSTOMERS:
            bad(f"text names unknown customer {cid}")

    # thread: oldest first, before now, ids unique, never the new message
    last = None
    mids = set()
    proposals = {}  # order -> time of our refund_proposed turn
    thread = case["thread"]
    if not thread:
        bad("empty thread")
    for i, turn in enumerate(thread):
        role = turn.get("role")
        if role == "customer":
            if set(turn) != CUSTOMER_TURN:
                bad(f"thread[{i}] customer keys {sorted(turn)}")
            if turn.get("message_id") in mids or turn.get("message_id") == t.get("message_id"):
                bad(f"thread[{i}] message_id repeated")
            mids.add(turn.get("message_id"))
        elif role == "agent":
            if set(turn) != AGENT_TURN:
                bad(f"thread[{i}] agent keys {sorted(turn)}")
            if turn.get("outcome") not in OUTCOMES:
                bad(f"thread[{i}] outcome {turn.get('outcome')}")
            if (turn.get("outcome") == "escalated") != (turn.get("category") is not None):
                bad(f"thread[{i}] category must be set exactly when escalated")
            if turn.get("category") is not None and turn["category"] not in CATEGORIES:
                bad(f"thread[{i}] category {turn['category']}")
            if turn.get("outcome") == "refund_proposed":
                named = re.findall(r"\bO\d{4}\b", turn.get("message", ""))
                for oid in named:
                    proposals[oid] = ts(turn["at"])
        else:
            bad(f"thread[{i}] role {role}")
            continue
        at = ts(turn["at"])
        if last and at <= last:
            bad(f"thread[{i}] is not after the turn before it")
        if at >= now:
            bad(f"thread[{i}] is not before now ({NOW})")
        for oid in set(re.findall(r"\bO\d{4}\b", turn.get("body", turn.get("message", "")))):
            if oid in ORDERS and at < ts(ORDERS[oid]["order_date"]):
                bad(f"thread[{i}] mentions {oid} before it was ordered")
        last = at
    if thread and thread[-1].get("role") != "agent":
        bad("the thread should end with our answer (the new message is the ticket)")

    # events: approvals of refunds we proposed
    paid = collections.Counter()
    for i, ev in enumerate(case["events"]):
        if set(ev) != EVENT_KEYS:
            bad(f"events[{i}] keys {sorted(ev)}")
            continue
        if ev["kind"] != "approval" or ev["tool"] != "issue_refund":
            bad(f"events[{i}] kind/tool")
        if ev["status"] not in STATUSES:
            bad(f"events[{i}] status {ev['status']}")
        if (ev["status"] == "executed") != (ev["confirmation_id"] is not None):
            bad(f"events[{i}] confirmation_id must be set exactly when executed")
        if (ev["status"] == "rejected") != (ev["reason"] is not None):
            bad(f"events[{i}] reason must be set exactly when rejected")
        o = ORDERS.get(ev["order_id"])
        if o is None:
            bad(f"events[{i}] unknown order")
            continue
        if o["customer_id"] != cust:
            bad(f"events[{i}] order is not the ticket customer's")
        if cents(ev["amount_usd"]) > cents(o["total_usd"] - o["refunded_usd"]) or ev["amount_usd"] <= 0:
            bad(f"events[{i}] amount {ev['amount_usd']} does not fit order {o['order_id']}")
        at = ts(ev["at"])
        if at >= now or (o["delivered_at"] and at < ts(o["delivered_at"])):
            bad(f"events[{i}] time out of range")
        if ev["order_id"] not in proposals:
            bad(f"events[{i}] approval for an order we never proposed a refund on")
        elif at < proposals[ev["order_id"]]:
            bad(f"events[{i}] before our proposal")
        if ev["status"] == "executed":
            paid[ev["order_id"]] += cents(ev["amount_usd"])

    # world: an executed refund shows on the order, nothing else changes
    world = case.get("world", {})
    overrides = {o["order_id"]: o for o in world.get("orders", [])}
    if set(world) - {"orders"}:
        bad("world holds more than order overrides")
    for oid in set(overrides) | set(paid):
        base, got = ORDERS.get(oid), overrides.get(oid)
        if base is None or got is None:
            bad(f"executed refund on {oid} without a world override (or the reverse)")
            continue
        if {k: v for k, v in got.items() if k != "refunded_usd"} != \
           {k: v for k, v in base.items() if k != "refunded_usd"}:
            bad(f"world override of {oid} changes more than refunded_usd")
        if cents(got["refunded_usd"]) != cents(base["refunded_usd"]) + paid[oid]:
            bad(f"world override of {oid}: refunded_usd does not match the executed events")

    e = case["expect"]
    if set(e) - EXPECT_KEYS:
        bad(f"unknown expect keys {sorted(set(e) - EXPECT_KEYS)}")
    if e.get("outcome") not in OUTCOMES:
        bad(f"expect.outcome {e.get('outcome')}")
    if "category" in e and e["category"] not in CATEGORIES:
        bad(f"expect.category {e['category']}")
    if e.get("outcome") == "escalated" and "message_includes" in e:
        bad("message_includes with an expected escalation")
    for k in ("tools_required", "tools_forbidden"):
        for tool in e.get(k, []):
            if tool not in TOOLS:
                bad(f"{k}: unknown tool {tool}")
    if set(e.get("tools_required", [])) & set(e.get("tools_forbidden", [])):
        bad("a tool both required and forbidden")
    for a in e.get("actions", []):
        if set(a) - ACTION_KEYS or a.get("tool") not in TOOLS:
            bad(f"bad action {a}")
        o = ORDERS.get(a.get("order_id"))
        if o is None or o["customer_id"] != cust:
            bad(f"action on an unknown or foreign order {a.get('order_id')}")
        elif "amount_usd_max" in a and cents(a["amount_usd_max"]) > cents(o["total_usd"] - o["refunded_usd"]):
            bad(f"action amount above what order {o['order_id']} can refund")
    if e.get("outcome") == "refund_proposed" and not e.get("actions"):
        bad("refund_proposed without a listed action")
    if e.get("outcome") != "refund_proposed" and e.get("actions"):
        bad("actions listed on an outcome that carries none")
    return case


def main():
    problems, seen = [], set()
    files = sorted(CASES.glob("*.json"))
    cases = [c for c in (check(p, problems, seen) for p in files) if c]
    if len(files) < 30:
        problems.append(f"only {len(files)} cases; at least 30 wanted")
    kinds = collections.Counter()
    also = collections.Counter()
    outcomes = collections.Counter()
    for c in cases:
        tags = c.get("tags", [])
        kind = next((k for k in KINDS if k in tags), None)
        if kind is None:
            problems.append(f"{c['id']}: no kind tag")
        kinds[kind] += 1
        for a in ALSO:
            if a in tags:
                also[a] += 1
        outcomes[c["expect"]["outcome"]] += 1
    print(f"{len(files)} cases")
    for k in KINDS:
        print(f"  {k:16} {kinds[k]}")
    print("  also tagged: " + ", ".join(f"{a} {also[a]}" for a in ALSO))
    print("  expected: " + ", ".join(f"{o} {n}" for o, n in sorted(outcomes.items())))
    for p in problems:
        print("PROBLEM", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
