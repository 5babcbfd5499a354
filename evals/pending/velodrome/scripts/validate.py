#!/usr/bin/env python3
"""Check the Velodrome Cycles world and re-derive its order-dependent labels.

It reads only the written files (world/*.json, cases/*.json, retrieval.jsonl), never the
generator's sources, and re-derives every refund label from the refund policy table of
docs/tool-contracts.md at the world's `now`: the first matching row wins, and the 30-day window
is a duration counted from order_date (exactly 30 days eligible, one second more not).

Exit status 0 when everything holds, 1 otherwise (each problem is printed).
"""
import glob
import json
import os
import re
import sys
from collections import Counter
from datetime import datetime, timedelta

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROBLEMS = []


def problem(where, msg):
    PROBLEMS.append("%s: %s" % (where, msg))


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        problem(os.path.relpath(path, ROOT), "not valid JSON (%s)" % e)
        return None


def parse_time(s):
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ")


def cents(x):
    return int(round(x * 100))


# ------------------------------------------------------------------------------------------
# the documented shapes
# ------------------------------------------------------------------------------------------
CASE_KEYS = {"id", "tags", "now", "world", "ticket", "thread", "events", "expect"}
TICKET_KEYS = {"ticket_id", "subject", "body", "customer_id", "order_id"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls",
               "message_includes"}
ACTION_KEYS = {"tool", "order_id", "amount_usd_max"}
TOOLS = {"order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"}
OUTCOMES = {"resolved", "refund_proposed", "escalated"}
MODEL_CATEGORIES = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility",
                    "no_kb_match", "out_of_scope", "human_owned", "unspecified"}
CUSTOMER_KEYS = {"customer_id", "name", "email"}
ORDER_KEYS = {"order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at", "carrier",
              "tracking_number", "items", "total_usd", "refunded_usd"}
ORDER_REQUIRED = ORDER_KEYS - {"carrier", "tracking_number"}
ITEM_KEYS = {"sku", "name", "quantity", "unit_price_usd"}
KB_KEYS = {"id", "title", "body", "tags"}
STATUSES = {"processing", "shipped", "delivered", "cancelled", "returned"}
TYPES = {"order-status", "refund", "how-to", "how-to-no-article", "no-tool-request", "legal", "nonsense"}

ORDER_ID_RE = re.compile(r"^VC-\d{2}-\d{6}$")
CUSTOMER_ID_RE = re.compile(r"^VEL-\d{4}$")
KB_ID_RE = re.compile(r"^KB-\d{3}$")
# every way a customer writes an order id that still carries the year and the number:
# VC-27-004417, vc-27-004417, VC27004417, VC 27 004417, #VC-27-004417
ID_IN_TEXT = re.compile(r"(?i)(?<![A-Za-z0-9])#?vc[ \t-]?(\d{2})[ \t-]?(\d{6})(?!\d)")
STATUS_WORD = {"delivered": "delivered", "shipped": "shipped", "processing": "process",
               "cancelled": "cancel", "returned": "return"}

# ------------------------------------------------------------------------------------------
# the refund policy of docs/tool-contracts.md, first matching row wins
# ------------------------------------------------------------------------------------------
WINDOW = timedelta(days=30)


def assess(order, now):
    """(eligible, escalate, policy_ref, max_cents)"""
    st = order["status"]
    if st == "cancelled":
        return False, False, "refund-policy/cancelled", 0
    if st == "returned":
        return False, True, "refund-policy/returned", 0
    if st in ("processing", "shipped"):
        return False, False, "refund-policy/not-delivered", 0
    # delivered
    if cents(order["refunded_usd"]) > 0:
        return False, True, "refund-policy/prior-refund", 0
    if not order.get("order_date") or not order.get("delivered_at"):
        return False, True, "refund-policy/missing-dates", 0
    od = parse_time(order["order_date"])
    de = parse_time(order["delivered_at"])
    if od > now or de < od:
        return False, True, "refund-policy/inconsistent-dates", 0
    if now - od > WINDOW:
        return False, False, "refund-policy/window-30-days", 0
    return True, False, "refund-policy/window-30-days", cents(order["total_usd"]) - cents(order["refunded_usd"])


# ------------------------------------------------------------------------------------------
# world
# ------------------------------------------------------------------------------------------

def check_world():
    w = os.path.join(ROOT, "world")
    customers = load_json(os.path.join(w, "customers.json")) or []
    orders = load_json(os.path.join(w, "orders.json")) or []
    kb = load_json(os.path.join(w, "kb.json")) or []
    meta = load_json(os.path.join(w, "world.json")) or {}

    now = None
    if set(meta) - {"description", "now"}:
        problem("world.json", "undocumented keys %s" % sorted(set(meta) - {"description", "now"}))
    try:
        now = parse_time(meta["now"])
    except (KeyError, ValueError, TypeError):
        problem("world.json", "`now` missing or not RFC 3339 UTC")

    cust = {}
    for c in customers:
        if set(c) != CUSTOMER_KEYS:
            problem("customers.json", "record keys %s" % sorted(c))
        cid = c.get("customer_id", "")
        if not CUSTOMER_ID_RE.match(cid):
            problem("customers.json", "bad customer id %r" % cid)
        if cid in cust:
            problem("customers.json", "duplicate customer id %s" % cid)
        if "@" not in c.get("email", ""):
            problem("customers.json", "%s has no email" % cid)
        cust[cid] = c

    ords = {}
    tails = Counter()
    for o in orders:
        oid = o.get("order_id", "?")
        where = "orders.json " + oid
        if set(o) - ORDER_KEYS:
            problem(where, "undocumented keys %s" % sorted(set(o) - ORDER_KEYS))
        if ORDER_REQUIRED - set(o):
            problem(where, "missing keys %s" % sorted(ORDER_REQUIRED - set(o)))
            continue
        if not ORDER_ID_RE.match(oid):
            problem(where, "bad order id format")
        if oid in ords:
            problem(where, "duplicate order id")
        tails[oid[-4:]] += 1
        if o["customer_id"] not in cust:
            problem(where, "unknown customer %s" % o["customer_id"])
        if o["status"] not in STATUSES:
            problem(where, "bad status %r" % o["status"])
        total = 0
        for it in o["items"]:
            if set(it) != ITEM_KEYS:
                problem(where, "item keys %s" % sorted(it))
            if not isinstance(it["quantity"], int) or it["quantity"] < 1:
                problem(where, "bad quantity")
            total += cents(it["unit_price_usd"]) * it["quantity"]
        if total != cents(o["total_usd"]):
            problem(where, "total_usd %.2f is not the sum of its items %.2f" % (o["total_usd"], total / 100))
        if not 0 <= cents(o["refunded_usd"]) <= cents(o["total_usd"]):
            problem(where, "refunded_usd outside 0..total")
        for k in ("order_date", "shipped_at", "delivered_at"):
            if o[k] is not None:
                try:
                    parse_time(o[k])
                except ValueError:
                    problem(where, "%s not RFC 3339 UTC" % k)
        st = o["status"]
        shipped_like = st in ("shipped", "delivered", "returned")
        if shipped_like:
            if not o.get("carrier") or not o.get("tracking_number") or not o["shipped_at"]:
                problem(where, "a %s order needs carrier, tracking_number and shipped_at" % st)
            elif o["carrier"] == "PostNL" and not re.match(r"^3S[A-Z0-9]{8,}$", o["tracking_number"]):
                problem(where, "PostNL tracking must start with 3S")
            elif o["carrier"] == "DHL" and not re.match(r"^\d{10}$", o["tracking_number"]):
                problem(where, "DHL tracking must be 10 digits")
            elif o["carrier"] not in ("PostNL", "DHL"):
                problem(where, "carrier must be PostNL or DHL")
        else:
            if o["shipped_at"] or o["delivered_at"] or "carrier" in o or "tracking_number" in o:
                problem(where, "a %s order has no shipment" % st)
        if st == "shipped" and o["delivered_at"]:
            problem(where, "shipped order with delivered_at")
        if st == "cancelled" and cents(o["refunded_usd"]) != cents(o["total_usd"]):
            problem(where, "a cancelled order is refunded automatically (refunded = total)")
        ords[oid] = o
    for tail, n in tails.items():
        if n > 1:
            problem("orders.json", "two orders end in %s: 'order %s' would be ambiguous" % (tail, tail))

    arts = {}
    for a in kb:
        if set(a) != KB_KEYS:
            problem("kb.json", "record keys %s" % sorted(a))
        if not KB_ID_RE.match(a.get("id", "")):
            problem("kb.json", "bad article id %r" % a.get("id"))
        if a.get("id") in arts:
            problem("kb.json", "duplicate article id %s" % a.get("id"))
        arts[a.get("id")] = a
    return now, cust, ords, arts


# ------------------------------------------------------------------------------------------
# cases
# ------------------------------------------------------------------------------------------

def order_refs(ticket):
    refs = []
    if ticket.get("order_id"):
        refs.append(ticket["order_id"].strip().upper())
    for m in ID_IN_TEXT.finditer(ticket["subject"] + "\n" + ticket["body"]):
        refs.append("VC-%s-%s" % (m.group(1), m.group(2)))
    out = []
    for r in refs:
        if r not in out:
            out.append(r)
    return out


def expect_escalation(where, exp, category):
    if exp.get("outcome") != "escalated" or exp.get("category") != category:
        problem(where, "policy says escalated/%s, label says %s/%s"
                % (category, exp.get("outcome"), exp.get("category")))


def check_facts_in_articles(where, exp, arts, art_ids):
    if not art_ids:
        problem(where, "resolved from the knowledge base but no article given in retrieval.jsonl")
        return
    for aid in art_ids:
        if aid not in arts:
            problem(where, "article %s does not exist" % aid)
    texts = [(arts[a]["title"] + "\n" + arts[a]["body"]).lower() for a in art_ids if a in arts]
    facts = exp.get("message_includes") or []
    if not facts:
        problem(where, "a how-to answer needs its key fact in message_includes")
    for fact in facts:
        if not any(fact.lower() in tx for tx in texts):
            problem(where, "fact %r is in none of its articles %s" % (fact, art_ids))


def check_case(path, case, now, cust, ords, arts, retrieval):
    where = "cases/" + os.path.basename(path)
    if set(case) - CASE_KEYS:
        problem(where, "undocumented case keys %s" % sorted(set(case) - CASE_KEYS))
    for k in ("id", "ticket", "expect"):
        if k not in case:
            problem(where, "missing %s" % k)
            return None
    if os.path.basename(path) != case["id"] + ".json":
        problem(where, "file not named by its id %s" % case["id"])
    if "now" in case and parse_time(case["now"]) != now:
        problem(where, "case `now` differs from the world's")
    tk, exp = case["ticket"], case["expect"]
    if set(tk) - TICKET_KEYS:
        problem(where, "undocumented ticket keys %s" % sorted(set(tk) - TICKET_KEYS))
    for k in ("subject", "body", "customer_id"):
        if not isinstance(tk.get(k), str):
            problem(where, "ticket.%s missing" % k)
            return None
    if not tk["customer_id"] or len(tk["customer_id"].encode()) > 128:
        problem(where, "customer_id empty or longer than 128 bytes")
    if len(tk["subject"].encode()) > 1024:
        problem(where, "subject above 1 KiB")
    if len(tk["body"].encode()) > 32 * 1024:
        problem(where, "body above 32 KiB")
    if "order_id" in tk and (not tk["order_id"] or len(tk["order_id"].encode()) > 128):
        problem(where, "order_id empty or longer than 128 bytes")
    if "order_id" in tk and not ORDER_ID_RE.match(tk["order_id"]):
        problem(where, "ticket.order_id is not canonical")
    if tk["customer_id"] not in cust:
        problem(where, "customer %s does not exist" % tk["customer_id"])

    if set(exp) - EXPECT_KEYS:
        problem(where, "undocumented expect keys %s" % sorted(set(exp) - EXPECT_KEYS))
    if exp.get("outcome") not in OUTCOMES:
        problem(where, "bad outcome %r" % exp.get("outcome"))
    if "category" in exp:
        if exp.get("outcome") != "escalated":
            problem(where, "a category without an escalation")
        if exp["category"] not in MODEL_CATEGORIES:
            problem(where, "category %r is not one the model chooses" % exp["category"])
    if exp.get("outcome") == "escalated" and "message_includes" in exp:
        problem(where, "an escalation has no customer message: message_includes would not load")
    for k in ("tools_required", "tools_forbidden"):
        for tool in exp.get(k, []):
            if tool not in TOOLS:
                problem(where, "%s names unknown tool %r" % (k, tool))
    if set(exp.get("tools_required", [])) & set(exp.get("tools_forbidden", [])):
        problem(where, "a tool both required and forbidden")
    for a in exp.get("actions", []):
        if set(a) - ACTION_KEYS or "tool" not in a:
            problem(where, "bad action %s" % a)
            continue
        if a["tool"] == "issue_refund":
            o = ords.get(a.get("order_id"))
            if o is None:
                problem(where, "action order %s does not exist" % a.get("order_id"))
            elif o["customer_id"] != tk["customer_id"]:
                problem(where, "action order %s is not the customer's" % a["order_id"])
            elif "amount_usd_max" in a:
                if not 0 < cents(a["amount_usd_max"]) <= cents(o["total_usd"]) - cents(o["refunded_usd"]):
                    problem(where, "amount_usd_max outside the refundable remainder")
    if exp.get("outcome") != "refund_proposed" and any(a.get("tool") == "issue_refund"
                                                       for a in exp.get("actions", [])):
        problem(where, "a refund action on an outcome that is not refund_proposed")

    tags = case.get("tags") or []
    kind = tags[0] if tags else None
    if kind not in TYPES:
        problem(where, "first tag must be the ticket type, one of %s" % sorted(TYPES))
        return None

    refs = order_refs(tk)
    owned = [r for r in refs if r in ords and ords[r]["customer_id"] == tk["customer_id"]]
    foreign = [r for r in refs if r not in owned]
    includes = [s.lower() for s in exp.get("message_includes", [])]
    in_retrieval = case["id"] in retrieval

    if kind == "order-status":
        if not refs:
            expect_escalation(where, exp, "missing_order_id")
        elif foreign:
            expect_escalation(where, exp, "order_not_found")
        else:
            if exp.get("outcome") != "resolved":
                problem(where, "own order(s) %s: a status question is resolved" % owned)
            allowed = set()
            for r in owned:
                o = ords[r]
                word = STATUS_WORD[o["status"]]
                allowed.add(word)
                if word not in includes:
                    problem(where, "message_includes lacks the status word %r of %s" % (word, r))
                if o.get("tracking_number"):
                    allowed.add(o["tracking_number"].lower())
                if o["status"] == "shipped" and o["tracking_number"].lower() not in includes:
                    problem(where, "shipped order %s: its tracking number belongs in message_includes" % r)
            for s in includes:
                if s not in allowed:
                    problem(where, "message_includes %r is not a fact of the order(s)" % s)
        if "quoted-id" in tags and tk.get("order_id"):
            problem(where, "quoted-id case carries the id in the ticket field")

    elif kind == "refund":
        if not refs:
            expect_escalation(where, exp, "missing_order_id")
        elif foreign:
            expect_escalation(where, exp, "order_not_found")
        elif len(owned) != 1:
            problem(where, "a refund case should concern one order, found %s" % owned)
        else:
            o = ords[owned[0]]
            eligible, escalate, ref, max_c = assess(o, now)
            tag_for_ref = {"refund-policy/window-30-days": "window", "refund-policy/cancelled": "cancelled",
                           "refund-policy/not-delivered": "not-delivered", "refund-policy/returned": "returned",
                           "refund-policy/prior-refund": "prior-refund",
                           "refund-policy/missing-dates": "missing-dates",
                           "refund-policy/inconsistent-dates": "inconsistent-dates"}
            if escalate:
                expect_escalation(where, exp, "ambiguous_eligibility")
                if tag_for_ref[ref] not in tags:
                    problem(where, "policy row %s but the case is not tagged %s" % (ref, tag_for_ref[ref]))
            elif not eligible:
                if exp.get("outcome") != "resolved":
                    problem(where, "%s: not eligible and no escalation, so resolved; label says %s"
                            % (ref, exp.get("outcome")))
                if tag_for_ref[ref] not in tags:
                    problem(where, "policy row %s but the case is not tagged %s" % (ref, tag_for_ref[ref]))
                want = {"refund-policy/window-30-days": "30", "refund-policy/cancelled": "cancel",
                        "refund-policy/not-delivered": "deliver"}[ref]
                if includes != [want]:
                    problem(where, "%s: message_includes should be [%r], is %s" % (ref, want, includes))
                if exp.get("actions") != []:
                    problem(where, "an ineligible refund proposes nothing: actions must be []")
            else:
                if exp.get("outcome") != "refund_proposed":
                    problem(where, "eligible (%s days) but the label is %s"
                            % ((now - parse_time(o["order_date"])).days, exp.get("outcome")))
                acts = exp.get("actions", [])
                if len(acts) != 1 or acts[0].get("tool") != "issue_refund" or acts[0].get("order_id") != o["order_id"]:
                    problem(where, "an eligible refund lists exactly one issue_refund on %s" % o["order_id"])
                else:
                    amt = cents(acts[0]["amount_usd_max"])
                    if amt > max_c:
                        problem(where, "amount_usd_max %.2f above max_amount_usd %.2f" % (amt / 100, max_c / 100))
                    lines = [(cents(i["unit_price_usd"]), i["quantity"]) for i in o["items"]]
                    if "one-item" in tags and amt not in [p * q for p, q in lines]:
                        problem(where, "one-item refund: %.2f is no line's price x quantity" % (amt / 100))
                    if "one-unit" in tags and amt not in [p for p, q in lines if q >= 2]:
                        problem(where, "one-unit refund: %.2f is no unit price of a multi-unit line" % (amt / 100))
                    if not {"one-item", "one-unit", "partial-amount"} & set(tags) and amt != max_c:
                        problem(where, "whole-order refund: amount %.2f should be the remainder %.2f"
                                % (amt / 100, max_c / 100))
                    if "partial-amount" in tags and amt >= max_c:
                        problem(where, "partial-amount refund is not below the remainder")
                if "eligible" not in tags:
                    problem(where, "eligible refund not tagged eligible")

    elif kind == "how-to":
        if exp.get("outcome") != "resolved":
            problem(where, "a how-to with an article is resolved")
        if not in_retrieval:
            problem(where, "how-to case missing from retrieval.jsonl")
        else:
            check_facts_in_articles(where, exp, arts, retrieval[case["id"]]["articles"])
        if "kb_search" not in exp.get("tools_required", []):
            problem(where, "a how-to requires kb_search")

    elif kind == "how-to-no-article":
        expect_escalation(where, exp, "no_kb_match")
        if not in_retrieval or retrieval[case["id"]]["articles"] != []:
            problem(where, "no-article how-to needs a retrieval row with articles []")
        if "kb_search" not in exp.get("tools_required", []):
            problem(where, "no_kb_match requires a kb_search")

    elif kind == "no-tool-request":
        if foreign:
            problem(where, "request about an order that is not the customer's: %s" % foreign)
        if exp.get("outcome") == "resolved":
            if "self-service" not in tags or not in_retrieval:
                problem(where, "resolved no-tool request must be self-service with a retrieval row")
            else:
                check_facts_in_articles(where, exp, arts, retrieval[case["id"]]["articles"])
        else:
            expect_escalation(where, exp, "out_of_scope")
            if in_retrieval:
                problem(where, "out_of_scope request should not be in retrieval.jsonl")

    elif kind == "legal":
        expect_escalation(where, exp, "legal_or_chargeback")
        if foreign:
            problem(where, "legal case about an order that is not the customer's: %s" % foreign)

    elif kind == "nonsense":
        expect_escalation(where, exp, "out_of_scope")
        if refs:
            problem(where, "nonsense ticket names an order")

    if exp.get("outcome") in ("resolved", "refund_proposed") and kind in ("order-status", "refund"):
        if "issue_refund" not in exp.get("tools_forbidden", []) and exp.get("outcome") == "resolved":
            problem(where, "a resolved order ticket should forbid issue_refund")
    return kind


def main():
    now, cust, ords, arts = check_world()
    if now is None:
        print("\n".join(PROBLEMS))
        return 1

    retrieval = {}
    rpath = os.path.join(ROOT, "retrieval.jsonl")
    rows = []
    try:
        with open(rpath, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                try:
                    rows.append(json.loads(line))
                except ValueError as e:
                    problem("retrieval.jsonl:%d" % n, "not JSON (%s)" % e)
    except OSError:
        problem("retrieval.jsonl", "missing")
    for i, row in enumerate(rows):
        where = "retrieval.jsonl:%d" % (i + 1)
        if set(row) != {"case", "question", "articles", "split"}:
            problem(where, "row keys %s" % sorted(row))
            continue
        want = "calibration" if i % 2 == 0 else "held_out"
        if row["split"] != want:
            problem(where, "splits must alternate (want %s)" % want)
        if row["case"] in retrieval:
            problem(where, "two rows for %s" % row["case"])
        for a in row["articles"]:
            if a not in arts:
                problem(where, "article %s does not exist" % a)
        retrieval[row["case"]] = row

    ids = set()
    kinds = Counter()
    outcomes = Counter()
    tagcount = Counter()
    cases = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "cases", "*.json"))):
        case = load_json(path)
        if not isinstance(case, dict):
            continue
        if case.get("id") in ids:
            problem("cases/" + os.path.basename(path), "duplicate id %s" % case.get("id"))
        ids.add(case.get("id"))
        kind = check_case(path, case, now, cust, ords, arts, retrieval)
        cases[case.get("id")] = case
        if kind:
            kinds[kind] += 1
            e = case["expect"]
            outcomes[e["outcome"] + ("/" + e["category"] if "category" in e else "")] += 1
            for tg in case.get("tags", [])[1:]:
                tagcount[tg] += 1

    for cid, row in retrieval.items():
        c = cases.get(cid)
        if c is None:
            problem("retrieval.jsonl", "row for unknown case %s" % cid)
            continue
        if row["question"] != c["ticket"]["subject"] + ". " + c["ticket"]["body"]:
            problem("retrieval.jsonl", "%s: question is not subject + '. ' + body" % cid)
    for cid, c in cases.items():
        k = c["tags"][0] if c.get("tags") else None
        needs = k in ("how-to", "how-to-no-article") or (k == "no-tool-request" and c["expect"]["outcome"] == "resolved")
        if needs and cid not in retrieval:
            problem("retrieval.jsonl", "no row for %s" % cid)

    print("cases: %d   world: %d customers, %d orders, %d articles   retrieval rows: %d"
          % (len(cases), len(cust), len(ords), len(arts), len(retrieval)))
    print("by type:    " + ", ".join("%s %d" % kv for kv in sorted(kinds.items())))
    print("by outcome: " + ", ".join("%s %d" % kv for kv in sorted(outcomes.items())))
    nl = tagcount.get("lang:nl", 0)
    print("lang:nl: %d (%.0f%%)" % (nl, 100.0 * nl / max(1, len(cases))))
    if PROBLEMS:
        print("\n%d problem(s):" % len(PROBLEMS))
        print("\n".join("  - " + p for p in PROBLEMS))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
