"""Validate the Oakline world and cases against the documented case format and the written policy.

Checks every file parses, ids are unique, referenced customers/orders/articles exist, each case uses only
the documented fields, and recomputes refund eligibility from the contract's rules (tool-contracts.md):
cancelled -> not eligible; returned -> escalate; processing/shipped -> not delivered; delivered with
refunded_usd > 0 -> escalate; delivered without order_date/delivered_at -> escalate; ordered in the future
or delivered before ordered -> escalate; now - order_date > 30 days -> not eligible; else eligible with
max = total - refunded.
"""
import glob, json, os, re, sys
from datetime import datetime, timedelta, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
errors = []


def err(msg):
    errors.append(msg)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def ts(s):
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def cents(x):
    return int(round(x * 100))


# ------------------------------------------------------------------ world
customers = load(os.path.join(ROOT, "world", "customers.json"))
orders = load(os.path.join(ROOT, "world", "orders.json"))
kb = load(os.path.join(ROOT, "world", "kb.json"))
world = load(os.path.join(ROOT, "world", "world.json"))
NOW = ts(world["now"])
assert world["now"] == "2027-10-21T14:00:00Z"
assert set(world) == {"description", "now"}

cust = {}
for c in customers:
    if set(c) != {"customer_id", "name", "email"}:
        err(f"customer keys {c}")
    if not re.fullmatch(r"OAK-\d{5}", c["customer_id"]):
        err(f"customer id format {c['customer_id']}")
    if c["customer_id"] in cust:
        err(f"dup customer {c['customer_id']}")
    cust[c["customer_id"]] = c
if len({c["email"].lower() for c in customers}) != len(customers):
    err("duplicate customer emails")
if not 12 <= len(customers) <= 16:
    err(f"customer count {len(customers)}")

ORDER_KEYS = {"order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at", "items",
              "total_usd", "refunded_usd"}
orders_by = {}
for o in orders:
    oid = o["order_id"]
    if oid in orders_by:
        err(f"dup order {oid}")
    orders_by[oid] = o
    if not re.fullmatch(r"Q-O-\d{4,5}", oid):
        err(f"order id format {oid}")
    if not ORDER_KEYS <= set(o) or not set(o) <= ORDER_KEYS | {"carrier", "tracking_number"}:
        err(f"order keys {oid} {sorted(o)}")
    if o["customer_id"] not in cust:
        err(f"order {oid} unknown customer")
    if o["status"] not in {"processing", "shipped", "delivered", "cancelled", "returned"}:
        err(f"status {oid}")
    tot = sum(cents(i["unit_price_usd"]) * i["quantity"] for i in o["items"])
    if tot != cents(o["total_usd"]):
        err(f"total mismatch {oid}")
    for i in o["items"]:
        if set(i) != {"sku", "name", "quantity", "unit_price_usd"} or i["quantity"] < 1:
            err(f"item {oid} {i}")
    if not 0 <= cents(o["refunded_usd"]) <= tot:
        err(f"refunded out of range {oid}")
    od = ts(o["order_date"])
    if od > NOW:
        err(f"future order {oid}")
    if o["shipped_at"] and ts(o["shipped_at"]) < od:
        err(f"shipped before ordered {oid}")
    if o["delivered_at"] and ts(o["delivered_at"]) < ts(o["shipped_at"]):
        err(f"delivered before shipped {oid}")
    st = o["status"]
    if st == "processing" and (o["shipped_at"] or o["delivered_at"] or o.get("tracking_number")):
        err(f"processing with shipping data {oid}")
    if st == "shipped" and (not o["shipped_at"] or o["delivered_at"] or not o.get("tracking_number")):
        err(f"shipped inconsistent {oid}")
    if st == "cancelled" and cents(o["refunded_usd"]) != tot:
        err(f"cancelled order not fully refunded {oid}")
    for k in ("shipped_at", "delivered_at"):
        if o[k] and ts(o[k]) > NOW:
            err(f"{k} in the future {oid}")
if not 40 <= len(orders) <= 50:
    err(f"order count {len(orders)}")
statuses = {o["status"] for o in orders}
if statuses != {"processing", "shipped", "delivered", "cancelled", "returned"}:
    err(f"statuses covered {statuses}")
if not any(o["status"] == "delivered" and o["delivered_at"] is None for o in orders):
    err("no delivered order without a delivery date")
if not any(ts(o["order_date"]) == NOW - timedelta(days=30) for o in orders):
    err("no order exactly at the 30-day boundary")
if not any(ts(o["order_date"]) == NOW - timedelta(days=30, seconds=1) for o in orders):
    err("no order one second past the boundary")

kb_by = {}
for a in kb:
    if set(a) != {"id", "title", "body", "tags"}:
        err(f"kb keys {a.get('id')}")
    if a["id"] in kb_by:
        err(f"dup kb {a['id']}")
    kb_by[a["id"]] = a
if not 18 <= len(kb) <= 25:
    err(f"kb count {len(kb)}")


def assess(o, now):
    """The contract's table, first matching row wins."""
    st = o["status"]
    if st == "cancelled":
        return dict(eligible=False, escalate=False, ref="cancelled")
    if st == "returned":
        return dict(eligible=False, escalate=True, ref="returned")
    if st in ("processing", "shipped"):
        return dict(eligible=False, escalate=False, ref="not-delivered")
    if cents(o["refunded_usd"]) > 0:
        return dict(eligible=False, escalate=True, ref="prior-refund")
    if not o["order_date"] or not o["delivered_at"]:
        return dict(eligible=False, escalate=True, ref="missing-dates")
    od, dl = ts(o["order_date"]), ts(o["delivered_at"])
    if od > now or dl < od:
        return dict(eligible=False, escalate=True, ref="inconsistent-dates")
    if now - od > timedelta(days=30):
        return dict(eligible=False, escalate=False, ref="window-30-days")
    return dict(eligible=True, escalate=False, ref="window-30-days",
                max=cents(o["total_usd"]) - cents(o["refunded_usd"]))


# ------------------------------------------------------------------ cases
CASE_KEYS = {"id", "tags", "now", "world", "ticket", "expect"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls",
               "message_includes"}
ACTION_KEYS = {"tool", "order_id", "amount_usd_max"}
TICKET_KEYS = {"ticket_id", "subject", "body", "customer_id", "order_id"}
TOOLS = {"order_lookup", "refund_eligibility", "issue_refund", "kb_search", "send_email"}
CATS = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility", "no_kb_match",
        "out_of_scope", "unspecified"}

ID_RE = re.compile(r"(?i)(?<![A-Za-z0-9])q[\s-]?o[\s-]?(\d{4,6})(?!\d)")
NUM_RE = re.compile(r"(?i)(?:order\s*#?\s*|^)(\d{4,5})$")


def canon(raw):
    m = ID_RE.search(raw)
    if m:
        return "Q-O-" + m.group(1)
    m = re.fullmatch(r"\s*(\d{4,5})\s*", raw)
    if m:
        return "Q-O-" + m.group(1)
    return None


def mentioned(text):
    ids = {"Q-O-" + m.group(1) for m in ID_RE.finditer(text)}
    ids |= {"Q-O-" + m.group(1) for m in re.finditer(r"(?i)order\s*#?\s*(\d{4,5})\b", text)}
    return ids


files = sorted(glob.glob(os.path.join(ROOT, "cases", "*.json")))
seen = set()
cases = []
for path in files:
    try:
        c = load(path)
    except Exception as e:  # noqa: BLE001
        err(f"{path}: {e}")
        continue
    cid = c.get("id")
    if os.path.basename(path) != f"{cid}.json":
        err(f"file name != id: {path}")
    if cid in seen:
        err(f"dup case id {cid}")
    seen.add(cid)
    if not set(c) <= CASE_KEYS or not {"id", "ticket", "expect"} <= set(c):
        err(f"{cid}: case keys {sorted(c)}")
    if c.get("now") and ts(c["now"]) != NOW:
        err(f"{cid}: now differs from the world's")
    t, e = c["ticket"], c["expect"]
    if not set(t) <= TICKET_KEYS or not {"subject", "body", "customer_id"} <= set(t):
        err(f"{cid}: ticket keys {sorted(t)}")
    if t["customer_id"] not in cust:
        err(f"{cid}: unknown customer {t['customer_id']}")
    if not t["subject"] or len(t["subject"].encode()) > 1024 or len(t["body"].encode()) > 32 * 1024:
        err(f"{cid}: subject/body size")
    if not set(e) <= EXPECT_KEYS or "outcome" not in e:
        err(f"{cid}: expect keys {sorted(e)}")
    if e["outcome"] not in {"resolved", "refund_proposed", "escalated"}:
        err(f"{cid}: outcome")
    if e["outcome"] == "escalated":
        if e.get("category") not in CATS:
            err(f"{cid}: category")
        if "message_includes" in e:
            err(f"{cid}: message_includes on an escalation")
    elif "category" in e:
        err(f"{cid}: category on a non-escalation")
    for k in ("tools_required", "tools_forbidden"):
        for tool in e.get(k, []):
            if tool not in TOOLS:
                err(f"{cid}: unknown tool {tool}")
    if set(e.get("tools_required", [])) & set(e.get("tools_forbidden", [])):
        err(f"{cid}: tool both required and forbidden")
    for a in e.get("actions", []):
        if not set(a) <= ACTION_KEYS or a.get("tool") not in {"issue_refund", "send_email"}:
            err(f"{cid}: action keys {a}")
        if a.get("order_id") and a["order_id"] not in orders_by:
            err(f"{cid}: action order unknown {a['order_id']}")
    if e["outcome"] == "refund_proposed" and not e.get("actions"):
        err(f"{cid}: refund_proposed without actions")
    if e["outcome"] != "refund_proposed" and e.get("actions") != []:
        err(f"{cid}: non-refund case should carry actions: []")
    cases.append(c)

if not 90 <= len(cases) <= 110:
    err(f"case count {len(cases)}")

# ------------------------------------------------------------------ labels vs data
STATUS_WORD = {"processing": "processing", "shipped": "shipped", "delivered": "delivered",
               "cancelled": "cancel", "returned": "return"}

# tickets that name several of the customer's own orders on purpose: the one they ask about
TARGET = {"status-reply-chain-quotes-old-order": "Q-O-5519", "status-two-orders-asks-about-one": "Q-O-5801"}

report = []
for c in cases:
    cid, t, e, tags = c["id"], c["ticket"], c["expect"], c["tags"]
    text = t["subject"] + "\n" + t["body"]
    ids = set()
    if t.get("order_id"):
        cf = canon(t["order_id"])
        if cf:
            ids.add(cf)
    ids |= mentioned(text)
    own = {i for i in ids if i in orders_by and orders_by[i]["customer_id"] == t["customer_id"]}
    if cid in TARGET:
        assert TARGET[cid] in own, cid
        own = {TARGET[cid]}
    foreign = {i for i in ids if i in orders_by and orders_by[i]["customer_id"] != t["customer_id"]}
    unknown = {i for i in ids if i not in orders_by}
    cat = e.get("category")
    kind = tags[0]

    if cat == "order_not_found":
        if own or not (foreign or unknown):
            err(f"{cid}: order_not_found but ids own={own} foreign={foreign} unknown={unknown}")
        if "order_lookup" not in e.get("tools_required", []):
            err(f"{cid}: order_not_found needs order_lookup")
    if cat == "missing_order_id" and ids:
        err(f"{cid}: missing_order_id but ids {ids}")

    if kind == "status" and e["outcome"] == "resolved":
        if len(own) != 1:
            err(f"{cid}: status case must name exactly one own order, got {own}")
        else:
            o = orders_by[next(iter(own))]
            inc = [s.lower() for s in e.get("message_includes", [])]
            if not any(STATUS_WORD[o["status"]] in s for s in inc):
                err(f"{cid}: status word for {o['status']} missing from {inc}")
            for s in e.get("message_includes", []):
                if re.fullmatch(r"[A-Z0-9-]{10,}", s) and s != o.get("tracking_number"):
                    err(f"{cid}: tracking {s} is not {o.get('tracking_number')}")
            report.append(f"{cid:55s} {o['order_id']:10s} {o['status']:10s} -> resolved {e.get('message_includes')}")

    if kind == "refund" and cat not in ("order_not_found", "missing_order_id"):
        if len(own) != 1:
            err(f"{cid}: refund case must name exactly one own order, got {own}")
            continue
        o = orders_by[next(iter(own))]
        a = assess(o, NOW)
        days = (NOW - ts(o["order_date"])).total_seconds() / 86400
        if a["eligible"]:
            exp = "refund_proposed"
        elif a["escalate"]:
            exp = "escalated"
        else:
            exp = "resolved"
        if e["outcome"] != exp:
            err(f"{cid}: label {e['outcome']} but policy says {exp} ({a['ref']})")
        if exp == "escalated" and cat != "ambiguous_eligibility":
            err(f"{cid}: escalation category should be ambiguous_eligibility")
        if exp != "refund_proposed" and "issue_refund" not in e.get("tools_forbidden", []):
            err(f"{cid}: ineligible refund should forbid issue_refund")
        if exp == "refund_proposed":
            (act,) = e["actions"]
            if act["order_id"] != o["order_id"]:
                err(f"{cid}: action order {act['order_id']} != {o['order_id']}")
            if cents(act["amount_usd_max"]) > a["max"]:
                err(f"{cid}: amount {act['amount_usd_max']} > refundable {a['max'] / 100}")
            line_amounts = {cents(i["unit_price_usd"]) * q for i in o["items"] for q in range(1, i["quantity"] + 1)}
            if cents(act["amount_usd_max"]) not in line_amounts | {a["max"]}:
                err(f"{cid}: amount {act['amount_usd_max']} is neither a line amount nor the order's refundable")
        report.append(f"{cid:55s} {o['order_id']:10s} {o['status']:9s} days={days:9.5f} "
                      f"refunded={o['refunded_usd']:8.2f} -> {a['ref']:20s} eligible={a['eligible']!s:5s} "
                      f"escalate={a['escalate']!s:5s} label={e['outcome']}"
                      + (f" max={e['actions'][0]['amount_usd_max']}" if exp == "refund_proposed" else ""))

# retrieval file
rows = [json.loads(l) for l in open(os.path.join(ROOT, "retrieval.jsonl"), encoding="utf-8")]
case_by = {c["id"]: c for c in cases}
splits = [r["split"] for r in rows]
for i, r in enumerate(rows):
    if set(r) != {"id", "query", "relevant", "split"}:
        err(f"retrieval keys {r['id']}")
    if r["id"] not in case_by:
        err(f"retrieval: unknown case {r['id']}")
        continue
    for a in r["relevant"]:
        if a not in kb_by:
            err(f"retrieval {r['id']}: unknown article {a}")
    if r["split"] != ("calibration" if i % 2 == 0 else "held_out"):
        err(f"retrieval split not alternating at {r['id']}")
    if re.search(r"<(p|div|html|span|o:p)\b|&nbsp;", r["query"]):
        err(f"retrieval {r['id']}: query not plain text")
    c = case_by[r["id"]]
    if c["expect"]["outcome"] != "resolved" or "kb_search" not in c["expect"].get("tools_required", []):
        err(f"retrieval {r['id']}: not a resolved kb case")
    # the expected fact must be in one of the relevant articles
    for fact in c["expect"].get("message_includes", []):
        if not any(fact.lower() in kb_by[a]["body"].lower() for a in r["relevant"]):
            err(f"{r['id']}: fact {fact!r} not in {r['relevant']}")
for c in cases:
    if "howto" in c["tags"] and c["expect"]["outcome"] == "resolved" and c["id"] not in {r["id"] for r in rows}:
        err(f"{c['id']}: how-to case missing from retrieval.jsonl")
    if c["expect"].get("category") == "no_kb_match" and "kb_search" not in c["expect"].get("tools_required", []):
        err(f"{c['id']}: no_kb_match must require kb_search")

print("\n".join(report))
print()
from collections import Counter
print("outcomes:", Counter(c["expect"]["outcome"] for c in cases))
print("categories:", Counter(c["expect"].get("category") for c in cases if c["expect"]["outcome"] == "escalated"))
print("first tag:", Counter(c["tags"][0] for c in cases))
print("customers", len(customers), "orders", len(orders), "articles", len(kb), "cases", len(cases),
      "retrieval rows", len(rows), Counter(splits))
if errors:
    print("\nERRORS:")
    print("\n".join(errors))
    sys.exit(1)
print("OK")
